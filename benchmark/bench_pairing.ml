(* Benchmarks of Bls12_381.Pairing and Bls12_381.GT: the pairing rows of
   ocaml-bls12-381's table, plus GT exponentiation, multi-exponentiation of
   128 terms and a two-pair check:
     dune exec benchmark/bench_pairing.exe -- [-quota 0.5] [-name FILTER] *)

open Bls12_381
module G1 = G1.Uncompressed
module G2 = G2.Uncompressed

let state = Random.State.make [| 0x384 |]
let p = G1.random ~state ()
let q = G2.random ~state ()
let couples = List.init 3 (fun _ -> (G1.random ~state (), G2.random ~state ()))
let f = Fq12.random ~state ()
let x = GT.random ~state ()
let s = Fr.random ~state ()

(* 128 bases and exponents for the multi-exponentiation. *)
let gt_bases = Array.init 128 (fun _ -> GT.random ~state ())
let gt_exps = Array.init 128 (fun _ -> Fr.random ~state ())

(* e(a P, Q) e(-P, a Q) = 1: a check that holds, as in a signature
   verification. *)
let check_pairs =
  let a = Fr.random ~state () in
  [ (G1.mul p a, q); (G1.negate p, G2.mul q a) ]

let b name run = Bls12_381_benchmark.Bench_spec.create ~name run

let () =
  Bls12_381_benchmark.Runner.run
    [
      b "Pairing on pregenerated uncompressed random elements" (fun () -> Pairing.pairing p q);
      b "Miller loop on pregenerated uncompressed random elements" (fun () ->
          Pairing.miller_loop_simple p q);
      b "Miller loop on three pregenerated couples of uncompressed random elements" (fun () ->
          Pairing.miller_loop couples);
      b
        "Miller loop on three pregenerated couples of uncompressed random elements followed by \
         final exponentiation" (fun () ->
          Pairing.final_exponentiation_exn (Pairing.miller_loop couples));
      b "Final exponentiation on pregenerated random element" (fun () ->
          Pairing.final_exponentiation_exn f);
      b "Pairing check on two pregenerated couples of uncompressed random elements" (fun () ->
          Pairing.pairing_check check_pairs);
      b "GT exponentiation (mul, constant time) on pregenerated random element and scalar"
        (fun () -> GT.mul x s);
      b "GT exponentiation (mul_vartime) on pregenerated random element and scalar" (fun () ->
          GT.mul_vartime x s);
      b "GT multi-exponentiation (pippenger, vartime) of 128 pregenerated random elements and \
         scalars" (fun () -> GT.pippenger gt_bases gt_exps);
      b "GT multi-exponentiation (pippenger, vartime, one thread) of 128 pregenerated random \
         elements and scalars" (fun () -> GT.pippenger ~threads:1 gt_bases gt_exps);
      b "GT addition on pregenerated random elements" (fun () -> GT.add x x);
      b "GT of_bytes (membership check) on pregenerated random element"
        (let bytes = GT.to_bytes x in
         fun () -> GT.of_bytes_exn bytes);
    ]
