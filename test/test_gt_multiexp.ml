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

(* ---- GT.pippenger_bytes ---- *)

(* The residue mod r of little-endian bytes, by Zarith. *)
let fr_of_le_bytes b = Fr.of_z (Z.erem (Z.of_bits (Bytes.to_string b)) Fr.order)

(* Exponent bytes of every shape: empty, short, 32 bytes of any value,
   longer than 32 (up to 80), r, r + 1 and 2^256 - 1 in 32 bytes, r - 1
   in 40 bytes (zeros above), and an Fr encoding plus a multiple of r. *)
let random_exp_bytes st =
  let bytes_of_z ?(len = 0) z =
    let s = Z.to_bits z in
    let b = Bytes.make (max len (String.length s)) '\000' in
    Bytes.blit_string s 0 b 0 (String.length s);
    b
  in
  let r = Fr.order in
  match Random.State.int st 8 with
  | 0 -> Bytes.empty
  | 1 -> Bytes.init (1 + Random.State.int st 31) (fun _ -> Char.chr (Random.State.int st 256))
  | 2 -> Bytes.init 32 (fun _ -> Char.chr (Random.State.int st 256))
  | 3 -> Bytes.init (33 + Random.State.int st 48) (fun _ -> Char.chr (Random.State.int st 256))
  | 4 ->
      bytes_of_z ~len:32
        (List.nth [ r; Z.succ r; Z.pred (Z.shift_left Z.one 256) ] (Random.State.int st 3))
  | 5 -> bytes_of_z ~len:40 (Z.pred r)
  | 6 ->
      let k = Z.of_int (1 + Random.State.int st 1000) in
      bytes_of_z (Z.add (Fr.to_z (Fr.random ~state:st ())) (Z.mul k r))
  | _ -> Fr.to_bytes (Fr.random ~state:st ())

let bytes_against_fr () =
  let st = Random.State.make [| 0x6279746573 |] in
  List.iter
    (fun n ->
      let bases, _ = terms st n 0 in
      let exps = Array.init n (fun _ -> random_exp_bytes st) in
      let frs = Array.map fr_of_le_bytes exps in
      let want = GT.pippenger bases frs in
      check_bool (Printf.sprintf "%d terms: the Fr form" n) true (same (GT.pippenger_bytes bases exps) want);
      check_bool (Printf.sprintf "%d terms: the product of powers" n) true (same want (naive bases frs));
      List.iter
        (fun threads ->
          check_bool
            (Printf.sprintf "%d terms, %d threads" n threads)
            true
            (same (GT.pippenger_bytes ~threads bases exps) want))
        [ 1; 3 ];
      (* The exponents are not modified (the long ones are reduced in a
         copy). *)
      check_bool (Printf.sprintf "%d terms: exponents unchanged" n) true
        (Array.for_all2 (fun e f -> Fr.eq (fr_of_le_bytes e) f) exps frs))
    [ 1; 2; 7; 8; 40 ]

(* The case every face computes on the same inputs (rust/core's
   tests/pairing/multiexp.rs, which checks the answer against the product
   of powers, and rust/ffi's tests/gt_multiexp.rs, through the C ABI):
   bases g^(i + 1) of the generator for i < 9; exponent i of
   [0; 1; 31; 32; 33; 40; 64; 32; 32].(i) bytes, byte j being
   (73 i + 29 j + 7) mod 256, but for the last two: 2^256 - 1 and r. *)
let cross_answer =
  String.concat ""
    [
    "888e0b95724195ec2c7a1b643a74faece184795a8abb803e7dffcb349116a590e150f01041c14789f39790327e865210";
    "03f64f0bbfe45987f7111e702a8bad05340dfe43a9e8e40e3fbe51e96f5e64f50445f98a783e69ce246f59423258900f";
    "3cc137eace0235d76334565a4cb05e42c2e9eb50416ec0087c431de188cb11fe019f27b96173f49f201a75b9a6bedb15";
    "734585aaa4b41fdbf8f781c18a7359eafbf0dd68d70200ca88876075e6e6cd20ee40bbfe36c941abdd000925d1f0dd00";
    "7c22a64d4cb8f1fbdac19d39f1cd07a667d14227aa6a5823a78d2ea88b1c24c096ddd9db3b26250ad0361e27f8fd0f12";
    "a5c77ff35f8753a5615ec8f600965e4f458cb0b363f93331637dc20677b8648a784c9dab3f3e37be5659ed95c92d2613";
    "6b5a4c709b21593b3cf6b10a3b81153a1bbbd742e8a58cc251ffb7904d874b5e5b0fd40ba2a958f55b9dd4fbe1af6c0c";
    "3b04f8c87d52be81605dcf8526b10333eac1f9d1ec350447be1f2253bda93720cee67c0bf5ac505d1f11929d0442c00d";
    "32c67a71951d26277460e8117d653153887da90ebc6b0be4920472a2c6bc34fe53b6a84ede62329e60691479ed8fc106";
    "dbe579867530532ad70771de1aef96fed9a145482dcc4c59e70f81a5669965441dcfc70e5d4829013e2c16442f250505";
    "dc191c9f3433e02bbbefcbb56e46db5b06e27aca739e885b800c5c4b13da95772d469e3e3d36ef9315411e61ea8fc70c";
    "30d9428f659dbfea315dac91b2e6760292696ecd56db7a423d947816a67873f7e78df22e62bb8c5228dec0e8a9c7960e";
    ]

let the_case_shared_with_rust_and_c () =
  let lengths = [| 0; 1; 31; 32; 33; 40; 64; 32; 32 |] in
  let r_bytes =
    let s = Z.to_bits Fr.order in
    Bytes.of_string (String.sub s 0 32)
  in
  let exps =
    Array.init 9 (fun i ->
        match i with
        | 7 -> Bytes.make 32 '\255'
        | 8 -> r_bytes
        | _ -> Bytes.init lengths.(i) (fun j -> Char.chr (((73 * i) + (29 * j) + 7) mod 256)))
  in
  let bases = Array.init 9 (fun i -> GT.mul GT.one (Fr.of_int (i + 1))) in
  let hex b = String.concat "" (List.map (Printf.sprintf "%02x") (List.map Char.code (List.of_seq (Bytes.to_seq b)))) in
  Alcotest.(check string) "the answer of Rust and C" cross_answer
    (hex (GT.to_bytes (GT.pippenger_bytes bases exps)));
  Alcotest.(check string) "the Fr form" cross_answer
    (hex (GT.to_bytes (GT.pippenger bases (Array.map fr_of_le_bytes exps))))

let bytes_invalid () =
  let st = Random.State.make [| 0x62696e76 |] in
  let bases, _ = terms st 10 0 in
  let exps = Array.init 10 (fun _ -> random_exp_bytes st) in
  let short = Array.sub exps 0 9 in
  check_bool "more bases: the first 9 terms" true
    (same (GT.pippenger_bytes bases short) (GT.pippenger (Array.sub bases 0 9) (Array.map fr_of_le_bytes short)));
  check_bool "start 4, len 5" true
    (same (GT.pippenger_bytes ~start:4 ~len:5 bases exps)
       (GT.pippenger ~start:4 ~len:5 bases (Array.map fr_of_le_bytes exps)));
  Qc.invalid ~prefix:"GT.pippenger_bytes:" "negative threads" (fun () ->
      GT.pippenger_bytes ~threads:(-1) bases exps);
  Qc.invalid_slice "no term" (fun () -> GT.pippenger_bytes [||] [||]);
  List.iter
    (fun ((start, len) as slice) ->
      Qc.invalid_slice (Qc.slice_name slice) (fun () -> GT.pippenger_bytes ?start ?len bases exps))
    Qc.bad_slices_of_10

let tests =
  properties
  @ [
      case "GT.pippenger at 0, 1, 2, 8, 33 terms, every thread count" fixed_sizes;
      case "GT.pippenger: edge exponents and bases" edges;
      case "GT.pippenger: Invalid_argument, and slices of unequal arrays" invalid_arguments;
      case "GT.pippenger_bytes against the Fr form and the product of powers" bytes_against_fr;
      case "GT.pippenger_bytes: the case shared with Rust and C" the_case_shared_with_rust_and_c;
      case "GT.pippenger_bytes: slices and Invalid_argument" bytes_invalid;
    ]
