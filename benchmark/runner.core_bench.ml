(* core_bench is installed: use its command line and analysis. *)
open Core_bench

let run ?argv benches =
  let tests =
    List.map
      (fun (Bench_spec.Bench { name; run }) -> Bench.Test.create ~name run)
      benches
  in
  let argv = Option.map (fun a -> Sys.executable_name :: a) argv in
  Printf.printf "backend: %s\n%!" (Bls12_381.backend ());
  Command_unix.run ?argv (Bench.make_command tests)
