(* The cost of a call from OCaml against the same operation in Rust:
     dune exec --release benchmark/bench_overhead.exe -- [-rounds N] [RUST_CSV]...

   Each row times a chain of calls, x <- op x y, as rust/bench's compare
   does for its rows (a batch of about 500 us along a data dependency, the
   median of the rounds' ns/op), so the two sides measure the same thing:
   the OCaml side adds the call into C, the stub, the C ABI's function and
   the allocation of the result. Given the CSV files of `compare fields`,
   `compare curves` and `compare pairing` run on the same machine
   (--csv FILE), it prints the ratio OCaml/Rust and the largest ratio
   accepted for each row (scripts/bench-overhead.sh runs all of it). *)

open Bls12_381

let now () = Unix.gettimeofday ()

external c_chain : int -> 'a -> 'b -> int -> unit = "bls12_381_bench_c_chain" [@@noalloc]

(* [f n] runs [n] chained calls. *)
let median_ns_per_op ~rounds f =
  let n = ref 1 in
  let batch_s = 500e-6 in
  let rec calibrate () =
    let t0 = now () in
    f !n;
    if now () -. t0 < batch_s && !n < 1 lsl 30 then begin
      n := 2 * !n;
      calibrate ()
    end
  in
  calibrate ();
  let samples =
    Array.init rounds (fun _ ->
        let t0 = now () in
        f !n;
        (now () -. t0) *. 1e9 /. float_of_int !n)
  in
  Array.sort compare samples;
  samples.(rounds / 2)

let st = Random.State.make [| 0x6f76 |]
let fr_a = Fr.random ~state:st () and fr_b = Fr.random ~state:st ()
let fq_a = Fq12.random ~state:st () and fq_b = Fq12.random ~state:st ()
let g1_p = G1.random ~state:st () and g1_q = G1.random ~state:st ()
let g2_q = G2.random ~state:st ()
let scalar = Fr.random ~state:st ()

(* The rows: our name, the name of the same operation in compare's CSV, the
   largest accepted ratio, and [n] chained calls x <- op x y. Each loop is
   written out, so that [op] is a direct call as in a user's code (a
   function taking [op] as an argument would call it through a closure). *)
let rows =
  let last x = ignore (Sys.opaque_identity x) in
  [
    ("Fr add", "Fr add", 1.5, fun n -> let x = ref fr_a in for _ = 1 to n do x := Fr.add !x fr_b done; last !x);
    ("Fr mul", "Fr mul", 1.3, fun n -> let x = ref fr_a in for _ = 1 to n do x := Fr.mul !x fr_b done; last !x);
    ("Fr add_inplace", "Fr add", 1.5, fun n -> let x = Fr.copy fr_a in for _ = 1 to n do Fr.add_inplace x x fr_b done; last x);
    ("Fr mul_inplace", "Fr mul", 1.3, fun n -> let x = Fr.copy fr_a in for _ = 1 to n do Fr.mul_inplace x x fr_b done; last x);
    ("Fq12 mul", "Fp12 mul", 1.05, fun n -> let x = ref fq_a in for _ = 1 to n do x := Fq12.mul !x fq_b done; last !x);
    ("Fq12 mul_inplace", "Fp12 mul", 1.05, fun n -> let x = Fq12.copy fq_a in for _ = 1 to n do Fq12.mul_inplace x x fq_b done; last x);
    ("G1 add", "G1 add", 1.05, fun n -> let x = ref g1_p in for _ = 1 to n do x := G1.add !x g1_q done; last !x);
    ("G1 mul", "G1 mul (ct)", 1.03, fun n -> let x = ref g1_p in for _ = 1 to n do x := G1.mul !x scalar done; last !x);
    ("pairing", "pairing", 1.02, fun n -> for _ = 1 to n do last (Pairing.pairing g1_p g2_q) done);
  ]
[@@ocamlformat "disable"]

(* The medians of [f]'s and [g]'s ns per call, their batches interleaved
   round by round (one calibration, from [f]). *)
let interleaved ~rounds f g =
  let n = ref 1 in
  let rec calibrate () =
    let t0 = now () in
    f !n;
    if now () -. t0 < 500e-6 && !n < 1 lsl 30 then begin
      n := 2 * !n;
      calibrate ()
    end
  in
  calibrate ();
  let time h =
    let t0 = now () in
    h !n;
    (now () -. t0) *. 1e9 /. float_of_int !n
  in
  let fs = Array.make rounds 0. and gs = Array.make rounds 0. in
  for r = 0 to rounds - 1 do
    fs.(r) <- time f;
    gs.(r) <- time g
  done;
  Array.sort compare fs;
  Array.sort compare gs;
  (fs.(rounds / 2), gs.(rounds / 2))

(* The same chains through the C ABI from C (overhead_stubs.c), by row. *)
let c_rows =
  [
    ("Fr add", fun n -> c_chain 0 fr_a fr_b n);
    ("Fr mul", fun n -> c_chain 1 fr_a fr_b n);
    ("Fr add_inplace", fun n -> c_chain 0 fr_a fr_b n);
    ("Fr mul_inplace", fun n -> c_chain 1 fr_a fr_b n);
    ("Fq12 mul", fun n -> c_chain 2 fq_a fq_b n);
    ("Fq12 mul_inplace", fun n -> c_chain 2 fq_a fq_b n);
    ("G1 add", fun n -> c_chain 3 g1_p g1_q n);
    ("G1 mul", fun n -> c_chain 4 g1_p scalar n);
    ("pairing", fun n -> c_chain 5 g1_p g2_q n);
  ]

let () =
  let rounds = ref 101 and csvs = ref [] and run = ref "" and count = ref 0 in
  Arg.parse
    [
      ("-rounds", Arg.Set_int rounds, "N rounds per row (default 101)");
      ( "-run",
        Arg.Tuple [ Arg.Set_string run; Arg.Set_int count ],
        "ROW N: only run N calls of ROW, untimed (for valgrind --tool=callgrind)" );
    ]
    (fun f -> csvs := f :: !csvs)
    "bench_overhead.exe [-rounds N] [compare's CSV files]";
  if !run <> "" then begin
    (match List.find_opt (fun (name, _, _, _) -> name = !run) rows with
    | Some (_, _, _, f) -> f !count
    | None -> prerr_endline ("no row " ^ !run));
    exit 0
  end;
  let rust = List.concat_map Bls12_381_benchmark.Compare_csv.read !csvs in
  Printf.printf "backend (OCaml): %s\n" (Bls12_381.backend ());
  print_endline
    "| op | OCaml ns | C ABI from C ns | OCaml / C ABI | Rust ns (compare) | OCaml / Rust | target | result |";
  print_endline "|---|---:|---:|---:|---:|---:|---:|---|";
  let failed = ref 0 in
  List.iter
    (fun (name, rust_name, target, f) ->
      let ns, c_ns = interleaved ~rounds:!rounds f (List.assoc name c_rows) in
      match List.assoc_opt rust_name rust with
      | None ->
          Printf.printf "| %s | %.1f | %.1f | %.3f | - | - | <= %.2f | no Rust row %S |\n%!" name ns c_ns
            (ns /. c_ns) target rust_name
      | Some r ->
          let ratio = ns /. r in
          let ok = ratio <= target in
          if not ok then incr failed;
          Printf.printf "| %s | %.1f | %.1f | %.3f | %.1f | %.3f | <= %.2f | %s |\n%!" name ns c_ns
            (ns /. c_ns) r ratio target
            (if ok then "PASS" else "MISS"))
    rows;
  if rust = [] then print_endline "(no Rust CSV given: OCaml against the C ABI only)"
  else Printf.printf "targets: %d of %d met\n" (List.length rows - !failed) (List.length rows)
