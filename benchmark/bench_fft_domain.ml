(* The OCaml Fr transforms through an Fft_domain (on arrays of Fr.t and on
   Fr_vector) against the same transform called from C on a contiguous
   buffer (fft_domain_stubs.c), in one process, interleaved round by round:
     dune exec --release benchmark/bench_fft_domain.exe -- [-rounds N] [RUST_CSV]...

   Every row runs one thread (~threads:1, as compare fft's "(1 thread)"
   rows) and times batches of calls of about [batch_ms], each call on the
   previous call's output: the OCaml side adds the gathering of the values
   out of their custom blocks, the release of the runtime lock, the fresh
   values of the results and the GC work they cause. It prints OCaml / C per
   row, and with compare fft's CSV (--csv FILE, run on the same machine)
   OCaml / Rust too. The target, 1.2, is the vectors' (Fr_vector: the
   elements in C memory, transformed where they are). The rows of arrays
   of Fr.t are shown without one: each call makes n fresh values, whose
   allocation and collection cost a fixed amount per element (see
   docs/PERFORMANCE.md); so are those of the array API (Fr.fft ~domain,
   which also checks the domain and builds the twiddles at every call). *)

open Bls12_381

(* Wall-clock time by default; -cpu: the process's processor time (one
   thread runs: ~threads:1), which leaves out the time the host gives to
   other processes (the shared machines this is run on). *)
let cpu = ref false
let now () = if !cpu then Sys.time () else Unix.gettimeofday ()

external c_fft : int -> int -> Fr.t array -> int -> unit = "bls12_381_bench_c_fft"

let batch_ms = ref 20.

(* The medians of [f]'s and [g]'s ms per call ([f n] runs n calls), their
   batches interleaved round by round; one calibration, from [f]. *)
let interleaved ~rounds f g =
  let n = ref 1 in
  let rec calibrate () =
    let t0 = now () in
    f !n;
    if (now () -. t0) *. 1e3 < !batch_ms && !n < 1 lsl 20 then begin
      n := 2 * !n;
      calibrate ()
    end
  in
  calibrate ();
  g !n;
  let time h =
    let t0 = now () in
    h !n;
    (now () -. t0) *. 1e6 /. float_of_int !n
  in
  let fs = Array.make rounds 0. and gs = Array.make rounds 0. in
  for r = 0 to rounds - 1 do
    fs.(r) <- time f;
    gs.(r) <- time g
  done;
  Array.sort compare fs;
  Array.sort compare gs;
  (fs.(rounds / 2), gs.(rounds / 2))

let st = Random.State.make [| 0x66; 0x74 |]

(* Rows: name, compare's row, target (None: shown only), log2 n, the
   direction of the C reference (0 fft, 1 ifft), and [reps] OCaml calls. *)
let rows =
  List.concat_map
    (fun k ->
      let n = 1 lsl k in
      let d = Fft_domain.of_log k in
      let xs = Array.init n (fun _ -> Fr.random ~state:st ()) in
      let elements = Fft_domain.elements d in
      let rust = Printf.sprintf "Fr fft 2^%d (1 thread)" k in
      let rust_inv = Printf.sprintf "Fr ifft 2^%d (1 thread)" k in
      let fresh f reps =
        let x = ref (Array.copy xs) in
        for _ = 1 to reps do
          x := f !x
        done;
        ignore (Sys.opaque_identity !x)
      in
      let inplace f reps =
        let x = Array.copy xs in
        for _ = 1 to reps do
          f x
        done;
        ignore (Sys.opaque_identity x)
      in
      [
        ( Printf.sprintf "Fft_domain.fft 2^%d" k, rust, None, k, 0,
          fresh (Fft_domain.fft ~threads:1 d), xs );
        ( Printf.sprintf "Fft_domain.fft_inplace 2^%d" k, rust, None, k, 0,
          inplace (Fft_domain.fft_inplace ~threads:1 d), xs );
        ( Printf.sprintf "Fft_domain.ifft 2^%d" k, rust_inv, None, k, 1,
          fresh (Fft_domain.ifft ~threads:1 d), xs );
        ( Printf.sprintf "Fft_domain.fft_vector 2^%d" k, rust, Some 1.2, k, 0,
          (let v = Fft_domain.Fr_vector.of_array xs in
           fun reps -> for _ = 1 to reps do Fft_domain.fft_vector ~threads:1 d v done), xs );
        ( Printf.sprintf "Fft_domain.ifft_vector 2^%d" k, rust_inv, Some 1.2, k, 1,
          (let v = Fft_domain.Fr_vector.of_array xs in
           fun reps -> for _ = 1 to reps do Fft_domain.ifft_vector ~threads:1 d v done), xs );
        ( Printf.sprintf "Fr.fft ~domain 2^%d (array API)" k, rust, None, k, 0,
          fresh (fun points -> Fr.fft ~domain:elements ~points), xs );
      ])
    [ 10; 14 ]
[@@ocamlformat "disable"]

let () =
  let rounds = ref 31 and csvs = ref [] and filter = ref "" and run = ref "" and count = ref 0 in
  let side = ref `OCaml in
  let run_row s = Arg.Tuple [ Arg.Unit (fun () -> side := s); Arg.Set_string run; Arg.Set_int count ] in
  Arg.parse
    [
      ("-run", run_row `OCaml, "ROW N: only run N OCaml calls of ROW, untimed (for valgrind --tool=callgrind)");
      ("-run-c", run_row `C, "ROW N: the same with the row's C reference");
      ("-rounds", Arg.Set_int rounds, "N rounds per row (default 31)");
      ("-batch-ms", Arg.Set_float batch_ms, "MS length of a timed batch (default 20)");
      ("-cpu", Arg.Set cpu, " time by the process's processor time, not the wall clock");
      ("-filter", Arg.Set_string filter, "SUBSTR only the rows whose name contains SUBSTR");
    ]
    (fun f -> csvs := f :: !csvs)
    "bench_fft_domain.exe [-rounds N] [-batch-ms MS] [-filter SUBSTR] [compare fft's CSV files]";
  if !run <> "" then begin
    (* The rows' data made and in the major heap: what remains is the calls'. *)
    Gc.full_major ();
    (match List.find_opt (fun (name, _, _, _, _, _, _) -> name = !run) rows with
    | Some (_, _, _, k, op, f, xs) -> if !side = `OCaml then f !count else c_fft k op xs !count
    | None -> prerr_endline ("no row " ^ !run));
    exit 0
  end;
  let rust = List.concat_map Bls12_381_benchmark.Compare_csv.read !csvs in
  Printf.printf "backend: %s\n" (Bls12_381.backend ());
  let contains s sub =
    let n = String.length sub in
    let rec go i = i + n <= String.length s && (String.sub s i n = sub || go (i + 1)) in
    go 0
  in
  print_endline "| op | OCaml us | C ABI from C us | OCaml / C | Rust us (compare) | OCaml / Rust | target | result |";
  print_endline "|---|---:|---:|---:|---:|---:|---:|---|";
  let failed = ref 0 and checked = ref 0 in
  List.iter
    (fun (name, rust_name, target, k, op, f, xs) ->
      if contains name !filter then begin
        let us, c_us = interleaved ~rounds:!rounds f (fun reps -> c_fft k op xs reps) in
        let ratio = us /. c_us in
        let rust_cols =
          match List.assoc_opt rust_name rust with
          | Some ns -> Printf.sprintf "%.1f | %.3f" (ns /. 1e3) (us /. (ns /. 1e3))
          | None -> "- | -"
        in
        let verdict =
          match target with
          | None -> ("-", "(no target)")
          | Some t ->
              incr checked;
              if ratio > t then incr failed;
              (Printf.sprintf "<= %.2f" t, if ratio <= t then "PASS" else "MISS")
        in
        Printf.printf "| %s | %.1f | %.1f | %.3f | %s | %s | %s |\n%!" name us c_us ratio rust_cols
          (fst verdict) (snd verdict)
      end)
    rows;
  Printf.printf "targets (OCaml / C ABI from C): %d of %d met\n" (!checked - !failed) !checked
