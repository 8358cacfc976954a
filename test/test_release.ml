(* Other OCaml threads run during the long calls into Rust: their stubs
   release the runtime lock (ocaml/cmem.mli, Bls12_381_bindings.Unlocked).
   With the lock held, the ticker below could only run when the main thread
   yields between OCaml-side steps (the master lock's 50 ms tick), never
   during the call itself. *)

open Bls12_381
module U = G1.Uncompressed

(* Ticks the ticker must make during a call. With the lock released it
   ticks about once a millisecond for the whole call (tens of milliseconds
   at least for the sizes below); with it held only when the main thread
   yields in the OCaml parts of the call, a handful of times at most. *)
let min_ticks = 20

(* [f ()] with a ticker thread running: its result and the ticks made
   during the call. *)
let with_ticker name f =
  let ticks = ref 0 and stop = ref false in
  let ticker =
    Thread.create
      (fun () ->
        while not !stop do
          incr ticks;
          Thread.delay 0.001
        done)
      ()
  in
  (* Let the ticker start before the call. *)
  while !ticks = 0 do
    Thread.yield ()
  done;
  let before = !ticks in
  let t0 = Unix.gettimeofday () in
  let r = Fun.protect ~finally:(fun () -> stop := true) f in
  let t1 = Unix.gettimeofday () in
  let during = !ticks - before in
  Thread.join ticker;
  Printf.printf "%s: %.1f ms, %d ticks of the ticker meanwhile\n%!" name ((t1 -. t0) *. 1000.)
    during;
  (r, during)

let enough_ticks during =
  if during < min_ticks then
    Alcotest.failf "the ticker advanced %d times during the call (< %d): runtime lock held?"
      during min_ticks

let pippenger_2_16 () =
  let n = 1 lsl 16 in
  (* P_i = (i + 1) G, by additions: cheap to make, all distinct, so the
     buckets get real work. *)
  let g = U.one in
  let points = Array.make n g in
  for i = 1 to n - 1 do
    points.(i) <- U.add points.(i - 1) g
  done;
  let st = Random.State.make [| 0x7469636b |] in
  let scalars = Array.init n (fun _ -> Fr.random ~state:st ()) in
  (* sum_i s_i P_i = (sum_i s_i (i + 1)) G: one scalar sum in Fr and one
     multiplication, independent of the MSM. *)
  let k = ref Fr.zero in
  Array.iteri (fun i s -> k := Fr.add !k (Fr.mul s (Fr.of_int (i + 1)))) scalars;
  let want = U.mul g !k in
  let got, during =
    with_ticker "2^16-point G1 pippenger" (fun () -> G1.pippenger points scalars)
  in
  Alcotest.(check bool) "the sum is (sum_i s_i (i + 1)) G" true (U.eq got want);
  enough_ticks during

let pairing_check_many () =
  (* 1024 pairs (P, G2), (-P, G2): the product is one. *)
  let st = Random.State.make [| 0x70636b |] in
  let pairs =
    List.concat
      (List.init 512 (fun _ ->
           let p = U.random ~state:st () in
           [ (p, G2.Uncompressed.one); (U.negate p, G2.Uncompressed.one) ]))
  in
  let holds, during =
    with_ticker "pairing_check of 1024 pairs" (fun () -> Pairing.pairing_check pairs)
  in
  Alcotest.(check bool) "the product is one" true holds;
  Alcotest.(check bool) "and not without its last pair" false
    (Pairing.pairing_check (List.tl pairs));
  enough_ticks during

let hash_long_message () =
  (* 128 MiB: SHA-256 over it takes about 200 ms here (and its copy to C
     memory, with the lock held, a fraction of that). *)
  let msg = Bytes.make (128 lsl 20) 'a' and dst = Bytes.of_string "BLS12381G1_TEST" in
  let h, during =
    with_ticker "G1 hash_to_curve of 128 MiB" (fun () -> U.hash_to_curve msg dst)
  in
  (* A different message hashes elsewhere; the same one to the same
     point (the known answers are in Test_ec). *)
  Bytes.set msg 0 'b';
  Alcotest.(check bool) "another message, another point" false (U.eq h (U.hash_to_curve msg dst));
  Bytes.set msg 0 'a';
  Alcotest.(check bool) "deterministic" true (U.eq h (U.hash_to_curve msg dst));
  enough_ticks during

let gt_pippenger_4096 () =
  let n = 4096 in
  (* x_i = (i + 1) GT.one, by additions: distinct, and the product has a
     closed form, (sum_i s_i (i + 1)) GT.one, independent of the
     multi-exponentiation. *)
  let bases = Array.make n GT.one in
  for i = 1 to n - 1 do
    bases.(i) <- GT.add bases.(i - 1) GT.one
  done;
  let st = Random.State.make [| 0x677470 |] in
  let exps = Array.init n (fun _ -> Fr.random ~state:st ()) in
  let k = ref Fr.zero in
  Array.iteri (fun i s -> k := Fr.add !k (Fr.mul s (Fr.of_int (i + 1)))) exps;
  let got, during =
    with_ticker "4096-term GT pippenger" (fun () -> GT.pippenger bases exps)
  in
  Alcotest.(check bool) "the product is (sum_i s_i (i + 1)) GT.one" true
    (GT.eq got (GT.mul GT.one !k));
  enough_ticks during

let tests =
  [
    Alcotest.test_case "a ticker thread runs during a 2^16-point pippenger" `Quick pippenger_2_16;
    Alcotest.test_case "... during a 4096-term GT pippenger" `Quick gt_pippenger_4096;
    Alcotest.test_case "... during a pairing check of 1024 pairs" `Quick pairing_check_many;
    Alcotest.test_case "... during hash_to_curve of a 128 MiB message" `Quick hash_long_message;
  ]
