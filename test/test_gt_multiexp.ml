(* GT.pippenger against the naive product: the fold of GT.mul and GT.add
   (GT is written additively). *)

open Bls12_381

let check_bool = Alcotest.(check bool)
let case name f = Alcotest.test_case name `Quick f
let same a b = GT.eq a b && Bytes.equal (GT.to_bytes a) (GT.to_bytes b)

(* The exponents at the edges, through Zarith: 0, 1, r - 1, r, r + 1,
   2^255 and 2^256 - 1 (the last four reduced mod r by Fr.of_z). *)
let edge_exps =
  let r = Fr.order in
  List.map Fr.of_z
    [ Z.zero; Z.one; Z.pred r; r; Z.succ r; Z.shift_left Z.one 255;
      Z.pred (Z.shift_left Z.one 256) ]

let random_exp st =
  match Random.State.int st 4 with
  | 0 -> List.nth edge_exps (Random.State.int st (List.length edge_exps))
  | 1 -> Fr.of_z (Z.of_bits (String.init 40 (fun _ -> Char.chr (Random.State.int st 256))))
  | _ -> Fr.random ~state:st ()

let random_base st =
  match Random.State.int st 8 with
  | 0 -> GT.zero
  | 1 -> GT.one
  | _ -> GT.random ~state:st ()

(* [n] bases (some repeated, some the inverse of the previous) and [m]
   exponents. *)
let terms st n m =
  let bases = Array.make n GT.zero in
  for i = 0 to n - 1 do
    bases.(i) <-
      (match Random.State.int st 6 with
      | 0 when i > 0 -> bases.(i - 1)
      | 1 when i > 0 -> GT.negate bases.(i - 1)
      | _ -> random_base st)
  done;
  (bases, Array.init m (fun _ -> random_exp st))

let naive ?start ?len bases exps =
  Qc.sum_terms ~zero:GT.zero ~add:GT.add ~mul:GT.mul ?start ?len bases exps

let fixed_sizes () =
  let st = Random.State.make [| 0x67746d65 |] in
  List.iter
    (fun n ->
      let bases, exps = terms st n n in
      let want = naive bases exps in
      check_bool (Printf.sprintf "%d terms" n) true (same (GT.pippenger bases exps) want);
      List.iter
        (fun threads ->
          check_bool
            (Printf.sprintf "%d terms, %d threads" n threads)
            true
            (same (GT.pippenger ~threads bases exps) want))
        [ 1; 2; 3; max_int ])
    [ 1; 2; 8; 33 ]

let edges () =
  let st = Random.State.make [| 0x65646765 |] in
  let x = GT.random ~state:st () and y = GT.random ~state:st () in
  (* Every edge exponent on bases with one, repeats and an inverse pair. *)
  let bases = [| GT.zero; x; x; GT.negate x; y; GT.one; y; x; GT.negate y |] in
  List.iter
    (fun e ->
      let exps = Array.make (Array.length bases) e in
      check_bool
        (Printf.sprintf "exponent %s" (Z.to_string (Fr.to_z e)))
        true
        (same (GT.pippenger bases exps) (naive bases exps)))
    edge_exps;
  (* r - 1 is -1: the inverse; r is 0. *)
  let r = Fr.order in
  check_bool "x^(r-1) = -x" true
    (same (GT.pippenger [| x |] [| Fr.of_z (Z.pred r) |]) (GT.negate x));
  check_bool "x^r = 0" true (GT.is_zero (GT.pippenger [| x; y |] [| Fr.of_z r; Fr.zero |]));
  (* Inverse pairs with equal exponents cancel; identity bases add nothing. *)
  let bases, exps = terms st 12 12 in
  let cancel = Array.concat [ bases; Array.map GT.negate bases; Array.make 5 GT.zero ] in
  let exps' = Array.concat [ exps; exps; Array.init 5 (fun _ -> random_exp st) ] in
  check_bool "inverse pairs cancel" true (GT.is_zero (GT.pippenger cancel exps'));
  (* An empty product is an error, as for the multi-scalar multiplications. *)
  Qc.invalid_slice "no term" (fun () -> GT.pippenger [||] [||]);
  Qc.invalid_slice "len 0" (fun () -> GT.pippenger ~start:3 ~len:0 bases exps);
  Qc.invalid_slice "start at the end" (fun () -> GT.pippenger ~start:12 bases exps)

(* Arrays of [n] bases and [m] exponents with a non-empty slice inside
   both: [len] given or left to its default (the first min(n, m) terms). *)
let arb_sliced =
  QCheck.make
    ~print:(fun ((bs, es), start, len) ->
      Printf.sprintf "%d bases, %d exponents; start %d; len %s" (Array.length bs)
        (Array.length es) start
        (match len with None -> "default" | Some l -> string_of_int l))
    (fun st ->
      let n = 1 + Random.State.int st 20 and m = 1 + Random.State.int st 20 in
      let avail = min n m in
      let start = Random.State.int st avail in
      let len = if Random.State.bool st then Some (1 + Random.State.int st (avail - start)) else None in
      (terms st n m, start, len))

let properties =
  [
    Qc.test ~count:30 "GT.pippenger ?start ?len is the naive product of the slice" arb_sliced
      (fun ((bs, es), start, len) ->
        let want = naive ~start ?len bs es in
        same (GT.pippenger ~start ?len bs es) want
        && same (GT.pippenger ~threads:1 ~start ?len bs es) want);
  ]

let invalid = Qc.invalid ~prefix:"GT.pippenger:"

let invalid_arguments () =
  let st = Random.State.make [| 0x696e76 |] in
  let bases, exps = terms st 10 10 in
  let short = Array.sub exps 0 9 in
  check_bool "more bases: the first 9 terms" true
    (same (GT.pippenger bases short) (naive bases short));
  check_bool "more exponents: the first 9 terms" true
    (same (GT.pippenger (Array.sub bases 0 9) exps) (naive (Array.sub bases 0 9) exps));
  check_bool "more bases, start only" true
    (same (GT.pippenger ~start:2 bases short) (naive ~start:2 bases short));
  invalid "negative threads" (fun () -> GT.pippenger ~threads:(-1) bases exps);
  List.iter
    (fun ((start, len) as slice) ->
      Qc.invalid_slice (Qc.slice_name slice) (fun () -> GT.pippenger ?start ?len bases exps))
    Qc.bad_slices_of_10;
  (* The slice must lie in the shorter array. *)
  Qc.invalid_slice "slice past the exponents" (fun () -> GT.pippenger ~len:10 bases short);
  Qc.invalid_slice "slice past the bases" (fun () ->
      GT.pippenger ~start:5 ~len:5 (Array.sub bases 0 9) exps);
  (* ... and only there: a longer array of bases is fine. *)
  check_bool "len 9 over 10 bases and 9 exponents" true
    (same (GT.pippenger ~len:9 bases short) (naive ~len:9 bases short));
  check_bool "start 4, len 5 over 10 bases and 9 exponents" true
    (same (GT.pippenger ~start:4 ~len:5 bases short) (naive ~start:4 ~len:5 bases short))

let tests =
  properties
  @ [
      case "GT.pippenger at 0, 1, 2, 8, 33 terms, every thread count" fixed_sizes;
      case "GT.pippenger: edge exponents and bases" edges;
      case "GT.pippenger: Invalid_argument, and slices of unequal arrays" invalid_arguments;
    ]
