(* Another OCaml thread runs during a long call into Rust: the stubs of the
   MSM release the runtime lock (ocaml/cmem.mli, Bls12_381_bindings.Unlocked).
   With the lock held, the ticker below could only run when the main thread
   yields between OCaml-side steps (the master lock's 50 ms tick), never
   during the MSM itself. *)

open Bls12_381
module U = G1.Uncompressed

let n = 1 lsl 16

(* Ticks the ticker must make during the call. With the lock released it
   ticks about once a millisecond for the whole MSM (tens of milliseconds at
   least for 2^16 points); with it held only when the main thread yields in
   the OCaml parts of pippenger, a handful of times at most. *)
let min_ticks = 20

let ticker_during_pippenger () =
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
  let got = G1.pippenger points scalars in
  let t1 = Unix.gettimeofday () in
  let during = !ticks - before in
  stop := true;
  Thread.join ticker;
  Printf.printf "2^16-point G1 pippenger: %.1f ms, %d ticks of the ticker meanwhile\n%!"
    ((t1 -. t0) *. 1000.) during;
  Alcotest.(check bool) "the sum is (sum_i s_i (i + 1)) G" true (U.eq got want);
  if during < min_ticks then
    Alcotest.failf "the ticker advanced %d times during the call (< %d): runtime lock held?"
      during min_ticks

let tests =
  [ Alcotest.test_case "a ticker thread runs during a 2^16-point pippenger" `Quick
      ticker_during_pippenger ]
