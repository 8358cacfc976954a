(* Stress suite for the OCaml bindings: `dune build @stress`, size from
   BLS_STRESS_N (iterations of the main loop, default 10^4).

   What can go wrong only under load:
   - the unlocked calls (MSM, batch affine, pairing functions) run while
     other OCaml threads allocate, collect and compact: an argument left in
     the OCaml heap would be moved or freed under Rust's feet (wrong results
     or a crash);
   - C memory of those calls (Cmem bigarrays) or OCaml values leaking: the
     resident set would grow with the iterations;
   - values dropped and finalised while others are in use must not disturb
     them, and every finaliser must see an intact value.

   Threads, all checking their results against cheap exact answers:
   - main: the cheap loop, BLS_STRESS_N iterations: a 2-term G1 and G2
     pippenger of table points with small scalars (answer: a table entry),
     Fr arithmetic, a fresh point with a finaliser into a ring of live
     values (the one it replaces becomes garbage), Gc.compact every
     [compact_every] iterations, the other MSM entry points, a Miller loop
     and final exponentiation, hashing and an FFT on the shared domain
     every [slow_every]; samples the resident set;
   - msm: pippenger of 512 points with random thread counts, G1 and G2 in
     turn (answer: one multiplication of the generator);
   - pairing: pairing_check and pairing of table points (bilinearity);
   - fft: FFT domains made and dropped, their transforms round-tripped
     (arrays and Fr_vector), one domain shared with the main loop;
   - gc: allocates garbage and compacts the heap every few milliseconds,
     so collections and compactions happen while the others are inside
     unlocked calls.
   Exit code 1 on any wrong result, missing finaliser or a resident set
   growing more than BLS_STRESS_RSS_MB (default 16) after the warm-up. *)

open Bls12_381
module U1 = G1.Uncompressed
module U2 = G2.Uncompressed

let env_int name default =
  match Sys.getenv_opt name with
  | None | Some "" -> default
  | Some s -> (
      match int_of_string_opt s with
      | Some v when v > 0 -> v
      | _ ->
          Printf.eprintf "%s=%S: expected a positive integer\n" name s;
          exit 2)

let n = env_int "BLS_STRESS_N" 10_000
let rss_bound_kb = 1024 * env_int "BLS_STRESS_RSS_MB" 16
let compact_every = 100
let slow_every = 1000

(* ---- Failures, from any thread ---- *)

let lock = Mutex.create ()
let failures = ref 0

let fail fmt =
  Printf.ksprintf
    (fun msg ->
      Mutex.lock lock;
      incr failures;
      if !failures <= 20 then prerr_endline ("FAIL " ^ msg);
      Mutex.unlock lock)
    fmt

let check cond fmt = Printf.ksprintf (fun msg -> if not cond then fail "%s" msg) fmt

(* ---- Tables: t1.(j) = j G1, t2.(j) = j G2, j < table_size ---- *)

let table_size = 2048

let table zero one add =
  let t = Array.make table_size zero in
  for j = 1 to table_size - 1 do
    t.(j) <- add t.(j - 1) one
  done;
  t

let t1 = table U1.zero U1.one U1.add
let t2 = table U2.zero U2.one U2.add

(* ---- Resident set ---- *)

(* /proc/self/statm: the second field is the resident set in pages. *)
let rss_kb () =
  let ic = open_in "/proc/self/statm" in
  let line = input_line ic in
  close_in ic;
  Scanf.sscanf line "%d %d" (fun _ resident -> resident * 4)

(* ---- Finalisers ---- *)

let finalised = ref 0
let finalised_bad = ref 0

(* A copy of j G1 whose finaliser checks that it is still j G1 when the GC
   drops it (a finaliser runs in whichever thread allocates at that
   moment; Mutex-free: the runtime lock serialises OCaml code). *)
let tracked j =
  let p = U1.copy t1.(j) in
  Gc.finalise
    (fun p ->
      incr finalised;
      if not (U1.eq p t1.(j)) then incr finalised_bad)
    p;
  p

(* ---- Background threads ---- *)

let stop = ref false

let background name body =
  let count = ref 0 in
  let th =
    Thread.create
      (fun () ->
        let st = Random.State.make [| Hashtbl.hash name |] in
        (* At least one round each, however short the main loop. *)
        while not (!stop && !count > 0) do
          (try body st with e -> fail "%s: exception %s" name (Printexc.to_string e));
          incr count
        done)
      ()
  in
  (name, count, th)

let msm_round =
  let turn = ref 0 in
  fun st ->
    incr turn;
    let m = 512 in
    let idx = Array.init m (fun _ -> Random.State.int st table_size) in
    let sc = Array.init m (fun _ -> Random.State.int st 64) in
    let scalars = Array.map Fr.of_int sc in
    let threads = Random.State.int st 3 in
    (* sum_i s_i (idx_i G) = (sum_i s_i idx_i) G; below 2^31, exact. *)
    let k = ref 0 in
    Array.iteri (fun i j -> k := !k + (sc.(i) * j)) idx;
    if !turn land 1 = 0 then
      check
        (U1.eq (G1.pippenger_threads ~threads (Array.map (fun j -> t1.(j)) idx) scalars)
           (U1.mul U1.one (Fr.of_int !k)))
        "msm thread: G1 pippenger of %d points, threads %d" m threads
    else
      check
        (U2.eq (G2.pippenger_threads ~threads (Array.map (fun j -> t2.(j)) idx) scalars)
           (U2.mul U2.one (Fr.of_int !k)))
        "msm thread: G2 pippenger of %d points, threads %d" m threads

let e11 = Pairing.pairing U1.one U2.one

let pairing_round st =
  let a = 1 + Random.State.int st 31 and b = 1 + Random.State.int st 31 in
  (* e(aG1, bG2) e(-(ab)G1, G2) = 1, and not with (ab + 1). *)
  check
    (Pairing.pairing_check [ (t1.(a), t2.(b)); (U1.negate t1.(a * b), U2.one) ])
    "pairing thread: pairing_check a=%d b=%d" a b;
  check
    (not (Pairing.pairing_check [ (t1.(a), t2.(b)); (U1.negate t1.((a * b) + 1), U2.one) ]))
    "pairing thread: pairing_check a=%d b=%d off by one" a b;
  check
    (GT.eq (Pairing.pairing t1.(a) t2.(b)) (GT.mul e11 (Fr.of_int (a * b))))
    "pairing thread: e(aG1, bG2) = e(G1, G2)^ab, a=%d b=%d" a b

let gc_round st =
  (* Garbage of mixed sizes, then a compaction: the live values move. *)
  let garbage = List.init (1 + Random.State.int st 1000) (fun i -> Bytes.create (i land 255)) in
  ignore (Sys.opaque_identity garbage);
  Gc.compact ();
  Thread.delay 0.002

(* ---- The main loop ---- *)

(* Hashing, with answers computed once at the start. *)
(* fft: a fresh domain each round (its handle and twiddle tables freed by
   the GC: the resident-set bound catches a leak), transforms of arrays and
   vectors that must come back to their input, and the shared domain of
   2^10, which the main loop's slow rounds use at the same time. *)
let fft_shared = Fft_domain.of_log 10

let fft_round st =
  let k = Random.State.int st 11 in
  let d = Fft_domain.of_log k in
  let a = Array.init (1 lsl k) (fun _ -> Fr.random ~state:st ()) in
  let shift = Fr.of_int (1 + Random.State.int st 1000) in
  check (Fft_domain.ifft d (Fft_domain.fft d a) = a) "fft: array round trip, 2^%d" k;
  let v = Fft_domain.Fr_vector.of_array a in
  Fft_domain.coset_fft_vector d ~shift v;
  Fft_domain.coset_ifft_vector d ~shift v;
  check (Fft_domain.Fr_vector.to_array v = a) "fft: vector round trip, 2^%d" k;
  let b = Array.init 1024 Fr.of_int in
  Fft_domain.fft_inplace fft_shared b;
  Fft_domain.ifft_inplace fft_shared b;
  check (b = Array.init 1024 Fr.of_int) "fft: shared domain"

let hash_msg = Bytes.of_string "stress" and hash_dst = Bytes.of_string "BLS12381_STRESS_DST"
let h1 = U1.hash_to_curve hash_msg hash_dst
let h2 = U2.encode_to_curve hash_msg hash_dst

let main_slow st i =
  (* The other unlocked entry points, with exact answers. *)
  let x = Random.State.int st 32 and y = Random.State.int st 32 in
  let u = Random.State.int st 32 and v = Random.State.int st 32 in
  let scalars = [| Fr.of_int u; Fr.of_int v |] in
  let want = t1.((x * u) + (y * v)) in
  let a = G1.to_affine_array [| t1.(x); t1.(y) |] in
  check (U1.eq (G1.pippenger_with_affine_array a scalars) want) "iteration %d: affine array" i;
  let encs = Bytes.cat (U1.to_compressed_bytes t1.(x)) (U1.to_compressed_bytes t1.(y)) in
  check
    (match G1.pippenger_with_compressed_bytes encs scalars with
    | Ok r -> U1.eq r want
    | Error _ -> false)
    "iteration %d: compressed bytes" i;
  let p = t1.(1 + x) and q = t2.(1 + y) in
  let f = Pairing.miller_loop_simple p q in
  check
    (GT.eq (Pairing.final_exponentiation_exn f) (GT.mul e11 (Fr.of_int ((1 + x) * (1 + y)))))
    "iteration %d: Miller loop and final exponentiation" i;
  check (U1.eq (U1.hash_to_curve hash_msg hash_dst) h1) "iteration %d: G1 hash_to_curve" i;
  let c = Array.init 1024 (fun j -> Fr.of_int (i + j)) in
  check (Fft_domain.ifft fft_shared (Fft_domain.fft fft_shared c) = c) "iteration %d: fft" i;
  check (U2.eq (U2.encode_to_curve hash_msg hash_dst) h2) "iteration %d: G2 encode_to_curve" i

let () =
  Printf.printf "stress: %d iterations (BLS_STRESS_N), resident-set bound %d MB\n%!" n
    (rss_bound_kb / 1024);
  let threads =
    [
      background "msm" msm_round;
      background "pairing" pairing_round;
      background "gc" gc_round;
      background "fft" fft_round;
    ]
  in
  let st = Random.State.make [| 0x737472 |] in
  let ring_size = 64 in
  let ring = Array.init ring_size (fun j -> (j, tracked j)) in
  let created = ref ring_size in
  let samples = ref [] in
  let sample_every = max 1 (n / 200) in
  let t0 = Unix.gettimeofday () in
  for i = 0 to n - 1 do
    let x = Random.State.int st 32 and y = Random.State.int st 32 in
    let u = Random.State.int st 32 and v = Random.State.int st 32 in
    let k = (x * u) + (y * v) in
    let scalars = [| Fr.of_int u; Fr.of_int v |] in
    check
      (U1.eq (G1.pippenger_threads ~threads:1 [| t1.(x); t1.(y) |] scalars) t1.(k))
      "iteration %d: G1 pippenger" i;
    check
      (U2.eq (G2.pippenger_threads ~threads:1 [| t2.(x); t2.(y) |] scalars) t2.(k))
      "iteration %d: G2 pippenger" i;
    let s = Fr.random ~state:st () in
    check (Fr.is_zero s || Fr.eq (Fr.mul s (Fr.inverse_exn s)) Fr.one) "iteration %d: Fr inverse" i;
    (* A live value is used, then replaced: the old one becomes garbage. *)
    let slot = i land (ring_size - 1) in
    let j, p = ring.(slot) in
    check (U1.eq (U1.add p U1.one) t1.(j + 1)) "iteration %d: live tracked value" i;
    let j' = Random.State.int st (table_size - 1) in
    ring.(slot) <- (j', tracked j');
    incr created;
    if i mod compact_every = 0 then Gc.compact ();
    if i mod slow_every = 0 then main_slow st i;
    if i mod sample_every = 0 then samples := (i, rss_kb ()) :: !samples
  done;
  let t_end = Unix.gettimeofday () in
  stop := true;
  List.iter (fun (_, _, th) -> Thread.join th) threads;
  (* Every tracked value unreachable: all finalisers must run. *)
  Array.fill ring 0 ring_size (0, U1.zero);
  Gc.full_major ();
  Gc.full_major ();
  let samples = List.rev !samples in
  (* Warm-up: the first 20% of the iterations (tables, pools, the heap's
     and malloc's working sizes settle). The base is the largest sample of
     10-20%, the peak the largest after 20%. *)
  let in_range lo hi = List.filter (fun (i, _) -> i >= lo && i < hi) samples in
  let max_rss l = List.fold_left (fun m (_, r) -> max m r) 0 l in
  let base = max_rss (in_range (n / 10) (n / 5)) and peak = max_rss (in_range (n / 5) n) in
  let first = match samples with (_, r) :: _ -> r | [] -> 0 in
  let last = rss_kb () in
  let gc = Gc.quick_stat () in
  Printf.printf "main loop: %.1f s (%.1f us per iteration)\n" (t_end -. t0)
    ((t_end -. t0) *. 1e6 /. float_of_int n);
  List.iter (fun (name, count, _) -> Printf.printf "thread %s: %d rounds\n" name !count) threads;
  Printf.printf "finalisers: %d run of %d tracked values, %d saw a changed value\n" !finalised
    !created !finalised_bad;
  Printf.printf
    "resident set (kB): first sample %d, warm-up base %d, peak after warm-up %d (growth %d, \
     bound %d), at exit %d\n"
    first base peak (peak - base) rss_bound_kb last;
  Printf.printf "GC: %d minor, %d major collections, %d compactions, top heap %d words\n"
    gc.minor_collections gc.major_collections gc.compactions gc.top_heap_words;
  check (!finalised = !created) "finalisers: %d run of %d" !finalised !created;
  check (!finalised_bad = 0) "finalisers: %d saw a changed value" !finalised_bad;
  check (peak - base <= rss_bound_kb) "resident set grew by %d kB after the warm-up (bound %d kB)"
    (peak - base) rss_bound_kb;
  if !failures > 0 then (
    Printf.printf "stress: %d failures\n%!" !failures;
    exit 1)
  else print_endline "stress: OK"
