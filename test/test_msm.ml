(* Multi-scalar multiplication of G1 and G2 against the naive sum: the fold
   of Uncompressed.mul and Uncompressed.add. *)

open Bls12_381

module Make
    (G : Ec_sig.GROUP)
    (N : sig
      val name : string

      (* QCheck counts: the naive sums cost a multiplication per point. *)
      val count : int
    end) =
struct
  module U = G.Uncompressed

  let t ?(count = N.count) name arb prop = Qc.test ~count (N.name ^ ": " ^ name) arb prop
  let case name f = Alcotest.test_case (N.name ^ ": " ^ name) `Quick f
  let same p q = U.eq p q && Bytes.equal (U.to_bytes p) (U.to_bytes q)

  let random_point st =
    match Random.State.int st 10 with
    | 0 -> U.zero
    | 1 -> U.one
    | _ -> U.random ~state:st ()

  let random_scalar st =
    match Random.State.int st 8 with
    | 0 -> Fr.zero
    | 1 -> Fr.one
    | 2 -> Fr.negate Fr.one
    | 3 -> Fr.of_int (Random.State.int st 1000)
    | _ -> Fr.random ~state:st ()

  (* Points and scalars, [n] of each. *)
  let terms st n = (Array.init n (fun _ -> random_point st), Array.init n (fun _ -> random_scalar st))

  let naive ?start ?len points scalars =
    Qc.sum_terms ~zero:U.zero ~add:U.add ~mul:U.mul ?start ?len points scalars

  let print_terms (ps, ss) =
    Printf.sprintf "%d points; scalars [%s]" (Array.length ps)
      (String.concat "; " (Array.to_list (Array.map Fr.to_string ss)))

  (* 1 to 50 terms. *)
  let arb_terms =
    QCheck.make ~print:print_terms (fun st -> terms st (1 + Random.State.int st 50))

  (* Terms and a valid (start, len): len drawn, or left to its default. *)
  let arb_sliced =
    QCheck.make
      ~print:(fun ((ps, ss), start, len) ->
        Printf.sprintf "%s; start %d; len %s" (print_terms (ps, ss)) start
          (match len with None -> "default" | Some l -> string_of_int l))
      (fun st ->
        let n = 1 + Random.State.int st 40 in
        let start = Random.State.int st n in
        let len =
          if Random.State.bool st then None else Some (1 + Random.State.int st (n - start))
        in
        (terms st n, start, len))

  let encodings points = Bytes.concat Bytes.empty (Array.to_list (Array.map U.to_compressed_bytes points))

  let properties =
    [
      t "pippenger is the naive sum (1 to 50 terms)" arb_terms (fun (ps, ss) ->
          same (G.pippenger ps ss) (naive ps ss));
      t "pippenger_with_affine_array is the naive sum" arb_terms (fun (ps, ss) ->
          same (G.pippenger_with_affine_array (G.to_affine_array ps) ss) (naive ps ss));
      t "pippenger_with_compressed_bytes is the naive sum" arb_terms (fun (ps, ss) ->
          match G.pippenger_with_compressed_bytes (encodings ps) ss with
          | Ok r -> same r (naive ps ss)
          | Error _ -> false);
      t "the thread count does not change the sum" arb_terms (fun (ps, ss) ->
          let r = G.pippenger_threads ~threads:1 ps ss in
          same r (G.pippenger_threads ~threads:3 ps ss)
          && same r (G.pippenger_with_affine_array_threads ~threads:2 (G.to_affine_array ps) ss));
      t "start and len select a slice" arb_sliced (fun ((ps, ss), start, len) ->
          let want = naive ~start ?len ps ss in
          same (G.pippenger ~start ?len ps ss) want
          && same (G.pippenger_with_affine_array ~start ?len (G.to_affine_array ps) ss) want);
      t "affine array round trip" arb_terms (fun (ps, _) ->
          let a = G.to_affine_array ps in
          let back = G.of_affine_array a in
          G.size_of_affine_array a = Array.length ps
          && Array.length back = Array.length ps
          && Array.for_all2 same back ps
          && Array.for_all2
               (fun p q -> Bytes.equal (G.Affine.to_bytes (G.Affine.of_projective p)) (U.to_bytes q))
               back ps);
    ]

  let fixed_sizes () =
    let st = Random.State.make [| 0x6d736d; Hashtbl.hash N.name |] in
    List.iter
      (fun n ->
        let ps, ss = terms st n in
        let want = naive ps ss in
        let msg what = Printf.sprintf "%s, %d terms" what n in
        Alcotest.(check bool) (msg "pippenger") true (same (G.pippenger ps ss) want);
        Alcotest.(check bool) (msg "one thread") true (same (G.pippenger_threads ~threads:1 ps ss) want);
        let a = G.to_affine_array ps in
        Alcotest.(check bool) (msg "affine array") true (same (G.pippenger_with_affine_array a ss) want);
        Alcotest.(check bool)
          (msg "affine array, last half")
          true
          (same
             (G.pippenger_with_affine_array ~start:(n / 2) a ss)
             (naive ~start:(n / 2) ps ss));
        Alcotest.(check bool) (msg "compressed") true
          (match G.pippenger_with_compressed_bytes ~threads:1 (encodings ps) ss with
          | Ok r -> same r want
          | Error _ -> false))
      [ 100; 1000 ];
    (* Every scalar r - 1: the negated sum of the points. *)
    let ps, _ = terms st 300 in
    let minus_one = Array.make 300 (Fr.negate Fr.one) in
    Alcotest.(check bool) "scalars r - 1" true
      (same (G.pippenger ps minus_one) (U.negate (naive ps (Array.make 300 Fr.one))))

  let edge_cases () =
    let check = Alcotest.(check bool) in
    (* An empty sum is an error, as in ocaml-bls12-381 ("start 0 len 0"). *)
    Qc.invalid_slice "no term" (fun () -> G.pippenger [||] [||]);
    check "empty affine array" true
      (G.size_of_affine_array (G.to_affine_array [||]) = 0
      && Array.length (G.of_affine_array (G.to_affine_array [||])) = 0);
    Qc.invalid_slice "empty affine array" (fun () ->
        G.pippenger_with_affine_array (G.to_affine_array [||]) [||]);
    check "no encoding" true
      (match G.pippenger_with_compressed_bytes Bytes.empty [||] with
      | Ok r -> U.is_zero r
      | Error _ -> false);
    let zeros = Array.make 20 U.zero in
    let st = Random.State.make [| 7 |] in
    let ps, ss = terms st 20 in
    check "identity points" true (U.is_zero (G.pippenger zeros ss));
    check "zero scalars" true (U.is_zero (G.pippenger ps (Array.make 20 Fr.zero)));
    Qc.invalid_slice "len 0" (fun () -> G.pippenger ~start:5 ~len:0 ps ss);
    Qc.invalid_slice "start at the end" (fun () -> G.pippenger ~start:20 ps ss);
    check "affine identity round trip" true
      (Array.for_all U.is_zero (G.of_affine_array (G.to_affine_array zeros)))

  (* Thread counts above the CPU count are clamped and the pools reused
     (a pool of min(k, 65535) threads built on every call would take
     seconds for 16 points with 1000 threads, and never end with
     SIZE_MAX): these calls must be quick and right. The bound is generous
     for a loaded machine and far below what one pool of thousands of
     threads costs. A stalled call
     cannot be interrupted: a watchdog thread (it runs, the lock is
     released during the MSM) ends the process with exit code 1 after 60 s,
     so that a stall fails the suite instead of hanging it. *)
  let huge_thread_counts () =
    let st = Random.State.make [| 17 |] in
    let ps, ss = terms st 16 in
    let want = naive ps ss in
    let finished = ref false in
    let watchdog =
      Thread.create
        (fun () ->
          let deadline = Unix.gettimeofday () +. 60. in
          while (not !finished) && Unix.gettimeofday () < deadline do
            Thread.delay 0.05
          done;
          if not !finished then (
            prerr_endline (N.name ^ ": MSM with huge thread counts stalled for 60 s");
            exit 1))
        ()
    in
    let t0 = Unix.gettimeofday () in
    Fun.protect
      ~finally:(fun () ->
        finished := true;
        Thread.join watchdog)
      (fun () ->
        List.iter
          (fun threads ->
            Alcotest.(check bool)
              (Printf.sprintf "threads %d" threads)
              true
              (same (G.pippenger_threads ~threads ps ss) want
              && same (G.pippenger_with_affine_array_threads ~threads (G.to_affine_array ps) ss) want))
          [ 1000; 4000; 1000; max_int ]);
    let dt = Unix.gettimeofday () -. t0 in
    if dt > 10. then Alcotest.failf "8 sums of 16 terms with huge thread counts took %.1f s" dt

  (* [f ()] raises Invalid_argument with a message naming [fn]. *)
  let invalid name fn f = Qc.invalid ~prefix:(N.name ^ "." ^ fn ^ ":") name f

  let invalid_arguments () =
    let st = Random.State.make [| 11 |] in
    let ps, ss = terms st 10 in
    let a = G.to_affine_array ps in
    let short = Array.sub ss 0 9 in
    let p = "pippenger" and pa = "pippenger_with_affine_array" in
    let pc = "pippenger_with_compressed_bytes" in
    (* Arrays of different lengths: the first min(n) terms (ocaml-bls12-381's
       contract), with or without ?len. *)
    let five = Array.sub ss 0 5 in
    let check_bool = Alcotest.(check bool) in
    check_bool "10 points, 9 scalars: 9 terms" true (same (G.pippenger ps short) (naive ps short));
    check_bool "9 points, 10 scalars: 9 terms" true
      (same (G.pippenger (Array.sub ps 0 9) ss) (naive (Array.sub ps 0 9) ss));
    check_bool "affine: 10 points, 9 scalars" true
      (same (G.pippenger_with_affine_array a short) (naive ps short));
    check_bool "10 points, 5 scalars, no len" true (same (G.pippenger ps five) (naive ps five));
    check_bool "10 points, 5 scalars, ~len:5" true
      (same (G.pippenger ~len:5 ps five) (naive ~len:5 ps five));
    check_bool "affine: 10 points, 5 scalars, ~len:5" true
      (same (G.pippenger_with_affine_array ~len:5 a five) (naive ~len:5 ps five));
    check_bool "start 2, len 3 of 10 points and 9 scalars" true
      (same (G.pippenger ~start:2 ~len:3 ps short) (naive ~start:2 ~len:3 ps short));
    Qc.invalid_slice "slice beyond the shorter array" (fun () -> G.pippenger ~start:3 ~len:7 ps short);
    List.iter
      (fun ((start, len) as slice) ->
        let name = Qc.slice_name slice in
        Qc.invalid_slice name (fun () -> G.pippenger ?start ?len ps ss);
        Qc.invalid_slice ("affine: " ^ name) (fun () -> G.pippenger_with_affine_array ?start ?len a ss))
      Qc.bad_slices_of_10;
    invalid "negative threads" p (fun () -> G.pippenger_threads ~threads:(-1) ps ss);
    invalid "affine: negative threads" pa (fun () -> G.pippenger_with_affine_array_threads ~threads:(-1) a ss);
    let encs = encodings ps in
    invalid "compressed: partial encoding" pc (fun () ->
        G.pippenger_with_compressed_bytes (Bytes.sub encs 0 (Bytes.length encs - 1)) ss);
    invalid "compressed: more scalars" pc (fun () ->
        G.pippenger_with_compressed_bytes (Bytes.sub encs 0 (9 * G.Compressed.size_in_bytes)) ss);
    invalid "compressed: more points" pc (fun () -> G.pippenger_with_compressed_bytes encs short)

  (* A compressed encoding of a point of the curve outside the subgroup: a
     small x that decodes to such a point. *)
  let outside_subgroup () =
    let rec go x =
      let e = Bytes.make G.Compressed.size_in_bytes '\000' in
      Bytes.set e 0 '\x80';
      Bytes.set e (Bytes.length e - 1) (Char.chr x);
      match U.of_compressed_bytes_exn e with
      | _ -> go (x + 1)
      | exception Ec_sig.Invalid_point (Ec_sig.Not_in_subgroup, _) -> e
      | exception Ec_sig.Invalid_point _ -> go (x + 1)
    in
    go 1

  let invalid_encodings () =
    let st = Random.State.make [| 13 |] in
    let ps, ss = terms st 12 in
    let encs = encodings ps in
    let size = G.Compressed.size_in_bytes in
    let reason r =
      match r with
      | Ok _ -> "ok"
      | Error e -> Ec_sig.string_of_decode_error e
    in
    let expect name want r = Alcotest.(check string) name want (reason r) in
    let bad = Bytes.copy encs in
    Bytes.set bad (3 * size) (Char.chr (Char.code (Bytes.get bad (3 * size)) land 0x7f));
    expect "no compression bit" (Ec_sig.string_of_decode_error Ec_sig.Invalid_flags)
      (G.pippenger_with_compressed_bytes bad ss);
    let bad = Bytes.copy encs in
    Bytes.blit (outside_subgroup ()) 0 bad (5 * size) size;
    expect "outside the subgroup" (Ec_sig.string_of_decode_error Ec_sig.Not_in_subgroup)
      (G.pippenger_with_compressed_bytes bad ss);
    expect "outside the subgroup, unchecked" "ok"
      (G.pippenger_with_compressed_bytes ~subgroup_check:false bad ss)

  let tests =
    properties
    @ [
        case "pippenger at 100 and 1000 terms" fixed_sizes;
        case "empty, identity and zero terms" edge_cases;
        case "Invalid_argument on bad lengths, start, len, threads" invalid_arguments;
        case "huge thread counts: clamped, quick" huge_thread_counts;
        case "invalid compressed encodings" invalid_encodings;
      ]
end

module G1_tests =
  Make
    (G1)
    (struct
      let name = "G1"
      let count = 40
    end)

module G2_tests =
  Make
    (G2)
    (struct
      let name = "G2"
      let count = 20
    end)
