(* Bls12_381.Pairing and Bls12_381.GT: bilinearity, non-degeneracy, checks,
   GT membership and group laws, known answers. *)

open Bls12_381
module G1 = G1.Uncompressed
module G2 = G2.Uncompressed

let check_bool = Alcotest.(check bool)

(* Pairings cost about a millisecond: properties run fewer times than the
   field ones. *)
let count = 25

let gen_g1 st = G1.random ~state:st ()
let gen_g2 st = G2.random ~state:st ()
let gen_fr st = Fr.random ~state:st ()
let gen_gt st = GT.random ~state:st ()
let arb gen = QCheck.make gen

let arb_pq_ab =
  arb (fun st -> (gen_g1 st, gen_g2 st, gen_fr st, gen_fr st))

let bilinearity () =
  [
    Qc.test ~count "e(aP, bQ) = e(P, Q)^(ab)" arb_pq_ab (fun (p, q, a, b) ->
        GT.eq
          (Pairing.pairing (G1.mul p a) (G2.mul q b))
          (GT.mul (Pairing.pairing p q) (Fr.mul a b)));
    Qc.test ~count "e(P + P', Q) = e(P, Q) e(P', Q)"
      (arb (fun st -> (gen_g1 st, gen_g1 st, gen_g2 st)))
      (fun (p, p', q) ->
        GT.eq
          (Pairing.pairing (G1.add p p') q)
          (GT.add (Pairing.pairing p q) (Pairing.pairing p' q)));
    Qc.test ~count "e(P, Q + Q') = e(P, Q) e(P, Q')"
      (arb (fun st -> (gen_g1 st, gen_g2 st, gen_g2 st)))
      (fun (p, q, q') ->
        GT.eq
          (Pairing.pairing p (G2.add q q'))
          (GT.add (Pairing.pairing p q) (Pairing.pairing p q')));
    Qc.test ~count "e(-P, Q) = -e(P, Q) = e(P, -Q)"
      (arb (fun st -> (gen_g1 st, gen_g2 st)))
      (fun (p, q) ->
        let n = GT.negate (Pairing.pairing p q) in
        GT.eq (Pairing.pairing (G1.negate p) q) n
        && GT.eq (Pairing.pairing p (G2.negate q)) n);
    Qc.test ~count "pairing = final_exponentiation (miller_loop_simple)"
      (arb (fun st -> (gen_g1 st, gen_g2 st)))
      (fun (p, q) ->
        let e = Pairing.pairing p q in
        GT.eq e (Pairing.final_exponentiation_exn (Pairing.miller_loop_simple p q))
        && GT.eq e (Pairing.final_exponentiation_exn (Pairing.miller_loop [ (p, q) ])));
    Qc.test ~count:10 "miller_loop of three pairs = product of the loops"
      (arb (fun st -> List.init 3 (fun _ -> (gen_g1 st, gen_g2 st))))
      (fun pairs ->
        let product =
          List.fold_left
            (fun acc (p, q) -> Fq12.mul acc (Pairing.miller_loop_simple p q))
            Fq12.one pairs
        in
        let ml = Pairing.miller_loop pairs in
        (* Equal up to what the final exponentiation removes; in fact equal. *)
        GT.eq (Pairing.final_exponentiation_exn ml) (Pairing.final_exponentiation_exn product)
        && Fq12.eq ml product);
  ]

let non_degeneracy () =
  let e = Pairing.pairing G1.one G2.one in
  check_bool "e(G1, G2) <> identity" false (GT.is_zero e);
  check_bool "e(G1, G2) = GT.one" true (GT.eq e GT.one);
  check_bool "GT.is_one" true (GT.is_one e);
  check_bool "e(0, G2) = identity" true (GT.is_zero (Pairing.pairing G1.zero G2.one));
  check_bool "e(G1, 0) = identity" true (GT.is_zero (Pairing.pairing G1.one G2.zero));
  check_bool "miller_loop [] = 1" true (Fq12.is_one (Pairing.miller_loop []));
  check_bool "e(P, Q) <> identity for random P, Q" false
    (GT.is_zero (Pairing.pairing (G1.random ()) (G2.random ())))

let pairing_check () =
  let st = Random.State.make [| Qc.seed; 4 |] in
  let p = gen_g1 st and q = gen_g2 st and a = gen_fr st in
  let ap = G1.mul p a and aq = G2.mul q a in
  check_bool "[] holds" true (Pairing.pairing_check []);
  check_bool "e(aP, Q) e(-P, aQ) = 1" true
    (Pairing.pairing_check [ (ap, q); (G1.negate p, aq) ]);
  check_bool "with identities" true
    (Pairing.pairing_check [ (G1.zero, q); (ap, q); (p, G2.zero); (G1.negate p, aq) ]);
  check_bool "e(P, Q) <> 1" false (Pairing.pairing_check [ (p, q) ]);
  check_bool "e(aP, Q) e(-P, (a + 1) Q) <> 1" false
    (Pairing.pairing_check [ (ap, q); (G1.negate p, G2.add aq q) ]);
  check_bool "e(aP, Q) e(P, aQ) <> 1" false (Pairing.pairing_check [ (ap, q); (p, aq) ]);
  check_bool "[(0, Q)] holds" true (Pairing.pairing_check [ (G1.zero, q) ])

let final_exponentiation () =
  check_bool "zero: None" true (Option.is_none (Pairing.final_exponentiation_opt Fq12.zero));
  check_bool "zero: raises" true
    (match Pairing.final_exponentiation_exn Fq12.zero with
    | _ -> false
    | exception Pairing.FailToComputeFinalExponentiation x -> Fq12.is_zero x);
  check_bool "one -> identity" true
    (GT.is_zero (Pairing.final_exponentiation_exn Fq12.one));
  (* Of any nonzero Fq12 element: an element of GT. *)
  let st = Random.State.make [| Qc.seed; 5 |] in
  for _ = 1 to 5 do
    let f = Fq12.random ~state:st () in
    let g = Pairing.final_exponentiation_exn f in
    check_bool "in GT" true (Option.is_some (GT.of_fq12_opt (GT.to_fq12 g)))
  done

(* The G2 point of order 13 below, accepted by the unchecked decoder, makes
   the Miller loop vanish (after the first 13 steps of |z| its T is the
   identity, every later line is zero): the loop gives zero, which has no
   final exponentiation. The pairing must raise
   FailToComputeFinalExponentiation (carrying the loop's value, zero), and
   the process must survive (an unwrap in Rust would abort it: panic =
   "abort"). *)
let order_13_compressed =
  "a39bfcf7739ddda85050abad47896d69f0edb0b26e55bfd7d1be52cdd9633114806491ce571e31a94fb5138b0e89e5d30adf181d822ba0f0912dfb1b62c1eaacdd4b14d62bc7e8fcdb5b0b5da2ac77f281db59553f3068f957c0374531edc1e4"

(* Its uncompressed encoding: y = the square root of x^3 + 4(1 + u) in Fp2
   whose sign matches the compressed sign bit, computed once outside the
   library; checked below by the library's own compression. *)
let order_13_uncompressed =
  "039bfcf7739ddda85050abad47896d69f0edb0b26e55bfd7d1be52cdd9633114806491ce571e31a94fb5138b0e89e5d30adf181d822ba0f0912dfb1b62c1eaacdd4b14d62bc7e8fcdb5b0b5da2ac77f281db59553f3068f957c0374531edc1e4"
  ^ "11f914268fe8b4e16a42f35aa277901c522cb35370215d01a20da3e5785840d0c9b531de1bc06b053c2b456731405324148f0ac1d3c279e1bb796424dc39c30d80c02fdf6619db22fba3853425d79d78df31a6934217e426e060e8b55200d8ac"

let small_order_g2 () =
  let hex = Test_vectors.bytes_of_hex in
  let enc = hex order_13_uncompressed in
  let q = Bls12_381.G2.Affine.(to_projective (of_bytes_unchecked_exn enc)) in
  check_bool "the uncompressed constant is the compressed one" true
    (Bytes.equal (G2.to_compressed_bytes q) (hex order_13_compressed));
  check_bool "the checked decoder rejects it" true
    (match Bls12_381.G2.Affine.of_bytes_exn enc with
    | _ -> false
    | exception Ec_sig.Invalid_point (Ec_sig.Not_in_subgroup, _) -> true);
  (* Order 13, by additions (mul assumes the subgroup). *)
  let multiples = List.init 13 (fun _ -> q) in
  let q13 = List.fold_left G2.add G2.zero multiples in
  check_bool "q <> 0, 13 q = 0" true ((not (G2.is_zero q)) && G2.is_zero q13);
  check_bool "pairing raises FailToComputeFinalExponentiation (zero)" true
    (match Pairing.pairing G1.one q with
    | _ -> false
    | exception Pairing.FailToComputeFinalExponentiation f -> Fq12.is_zero f);
  let ml = Pairing.miller_loop_simple G1.one q in
  check_bool "the Miller loop is zero" true (Fq12.is_zero ml);
  check_bool "which has no final exponentiation" true
    (Option.is_none (Pairing.final_exponentiation_opt ml));
  check_bool "pairing_check: the product is not the identity" false
    (Pairing.pairing_check [ (G1.one, q) ]);
  check_bool "pairing_check with a valid pair too" false
    (Pairing.pairing_check [ (G1.one, G2.one); (G1.one, q) ])

let membership () =
  let st = Random.State.make [| Qc.seed; 6 |] in
  for _ = 1 to 20 do
    let f = Fq12.random ~state:st () in
    check_bool "random Fq12: of_fq12_opt" true (Option.is_none (GT.of_fq12_opt f));
    check_bool "random Fq12: check_bytes" false (GT.check_bytes (Fq12.to_bytes f))
  done;
  check_bool "zero rejected" true (Option.is_none (GT.of_fq12_opt Fq12.zero));
  check_bool "zero bytes rejected" false (GT.check_bytes (Bytes.make 576 '\000'));
  check_bool "zero: of_bytes_exn raises" true
    (Qc.raises (GT.Not_in_group (Bytes.make 576 '\000')) (fun () ->
         GT.of_bytes_exn (Bytes.make 576 '\000')));
  check_bool "zero: of_fq12_exn raises" true
    (Qc.raises (GT.Not_in_group (Fq12.to_bytes Fq12.zero)) (fun () ->
         GT.of_fq12_exn Fq12.zero));
  check_bool "2 rejected" true (Option.is_none (GT.of_fq12_opt (Fq12.add Fq12.one Fq12.one)));
  check_bool "-1 rejected (order 2)" true (Option.is_none (GT.of_fq12_opt (Fq12.negate Fq12.one)));
  check_bool "one = identity" true
    (match GT.of_fq12_opt Fq12.one with Some x -> GT.is_zero x | None -> false);
  let g = GT.random ~state:st () in
  let b = GT.to_bytes g in
  check_bool "member accepted" true (GT.check_bytes b);
  check_bool "short" false (GT.check_bytes (Bytes.sub b 0 575));
  check_bool "long" false (GT.check_bytes (Bytes.cat b (Bytes.make 1 '\000')));
  (* A coefficient equal to p: not canonical. *)
  let p =
    Z.of_string
      "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"
  in
  let p_le = Z.to_bits p in
  let nc = Bytes.copy b in
  Bytes.blit_string p_le 0 nc 0 48;
  check_bool "coefficient = p" false (GT.check_bytes nc);
  (* A member perturbed: not a member. *)
  let m = Bytes.copy b in
  Bytes.set m 200 (Char.chr (Char.code (Bytes.get m 200) lxor 1));
  check_bool "perturbed" false (GT.check_bytes m);
  (* A member times a non-member of order dividing p^12 - 1 but not r. *)
  check_bool "times -1" true
    (Option.is_none (GT.of_fq12_opt (Fq12.negate (GT.to_fq12 g))))

let arb_gt = arb gen_gt
let arb_gt2 = arb (fun st -> (gen_gt st, gen_gt st))
let arb_gt3 = arb (fun st -> (gen_gt st, gen_gt st, gen_gt st))

let group_laws () =
  [
    Qc.test ~count "add associative" arb_gt3 (fun (a, b, c) ->
        GT.eq (GT.add a (GT.add b c)) (GT.add (GT.add a b) c));
    Qc.test ~count "add commutative" arb_gt2 (fun (a, b) -> GT.eq (GT.add a b) (GT.add b a));
    Qc.test ~count "zero neutral" arb_gt (fun a ->
        GT.eq (GT.add a GT.zero) a && GT.eq (GT.add GT.zero a) a);
    Qc.test ~count "negate" arb_gt (fun a ->
        GT.is_zero (GT.add a (GT.negate a)) && GT.eq (GT.negate (GT.negate a)) a);
    Qc.test ~count "double = add x x" arb_gt (fun a -> GT.eq (GT.double a) (GT.add a a));
    Qc.test ~count "mul by 0, 1, -1" arb_gt (fun a ->
        GT.is_zero (GT.mul a Fr.zero)
        && GT.eq (GT.mul a Fr.one) a
        && GT.eq (GT.mul a (Fr.negate Fr.one)) (GT.negate a));
    Qc.test ~count "mul x (a + b) = mul x a + mul x b, mul_vartime = mul"
      (arb (fun st -> (gen_gt st, gen_fr st, gen_fr st)))
      (fun (x, a, b) ->
        let xa = GT.mul x a in
        GT.eq (GT.mul x (Fr.add a b)) (GT.add xa (GT.mul x b))
        && GT.eq xa (GT.mul_vartime x a)
        && GT.eq (GT.mul xa b) (GT.mul x (Fr.mul a b)));
    Qc.test ~count "mul zero s = zero" (arb gen_fr) (fun s -> GT.is_zero (GT.mul GT.zero s));
    Qc.test ~count "order r: x^r = 1 in Fq12" arb_gt (fun x ->
        Fq12.is_one (Fq12.pow (GT.to_fq12 x) GT.order));
    Qc.test ~count "of_bytes (to_bytes x) = x, encoding of the Fq12 value" arb_gt (fun x ->
        let b = GT.to_bytes x in
        Bytes.length b = GT.size_in_bytes
        && GT.eq (GT.of_bytes_exn b) x
        && Bytes.equal b (Fq12.to_bytes (x :> Fq12.t))
        && (match GT.of_bytes_opt b with Some y -> GT.eq x y | None -> false));
    Qc.test ~count "of_fq12 (to_fq12 x) = x, copy" arb_gt (fun x ->
        GT.eq (GT.of_fq12_exn (GT.to_fq12 x)) x && GT.eq (GT.copy x) x);
  ]

let constants () =
  Alcotest.(check int) "size_in_bytes" 576 GT.size_in_bytes;
  check_bool "order = r" true (Z.equal GT.order Fr.order);
  check_bool "zero is Fq12.one" true (Fq12.is_one (GT.to_fq12 GT.zero));
  check_bool "is_one zero" false (GT.is_one GT.zero);
  check_bool "is_zero one" false (GT.is_zero GT.one);
  check_bool "random reproducible" true
    (GT.eq
       (GT.random ~state:(Random.State.make [| 1 |]) ())
       (GT.random ~state:(Random.State.make [| 1 |]) ()))

(* ---- Known answers ------------------------------------------------------ *)

let read = Test_vectors.read
let bytes_of_hex = Test_vectors.bytes_of_hex

(* The ["key": "hex"] entries of [text] between the keys [from_key] and
   [to_key], in order. *)
let hex_entries text ~from_key ~to_key =
  let start = Str.search_forward (Str.regexp_string ("\"" ^ from_key ^ "\": [")) text 0 in
  let stop = Str.search_forward (Str.regexp_string ("\"" ^ to_key ^ "\": [")) text start in
  let re = Str.regexp "\"\\([a-z0-9_]+\\)\"[ \t\r\n]*:[ \t\r\n]*\"\\([0-9a-fA-F]+\\)\"" in
  let rec go pos acc =
    match Str.search_forward re text pos with
    | i when i < stop ->
        let e = (Str.matched_group 1 text, Str.matched_group 2 text) in
        go (Str.match_end ()) (e :: acc)
    | _ | (exception Not_found) -> List.rev acc
  in
  go start []

let hex b =
  String.concat ""
    (List.init (Bytes.length b) (fun i -> Printf.sprintf "%02x" (Char.code (Bytes.get b i))))

let vectors_file = "../vectors/hash_to_curve/ocaml_regression_vectors.json"

let pairing_vectors () =
  let text = read vectors_file in
  let rec cases = function
    | ("g1", p) :: ("g2", q) :: ("gt", e) :: rest ->
        (G1.of_bytes_exn (bytes_of_hex p), G2.of_bytes_exn (bytes_of_hex q), bytes_of_hex e)
        :: cases rest
    | [] -> []
    | (k, _) :: _ -> Alcotest.failf "unexpected key %s" k
  in
  let cases = cases (hex_entries text ~from_key:"pairing" ~to_key:"miller_loop") in
  Alcotest.(check int) "cases" 5 (List.length cases);
  List.iteri
    (fun i (p, q, e) ->
      let name = Printf.sprintf "case %d" i in
      let ours = Pairing.pairing p q in
      Alcotest.(check string) name (hex e) (hex (GT.to_bytes ours));
      check_bool (name ^ ": decodes as GT") true (GT.eq (GT.of_bytes_exn e) ours))
    cases

(* blst's Miller loop outputs, stored by ocaml-bls12-381: ours equal them
   byte for byte (and after the final exponentiation, the product of the
   pairings). *)
let miller_loop_vectors () =
  let text = read vectors_file in
  let rec cases pairs = function
    | ("pairs", _) :: rest -> cases pairs rest
    | ("g1", p) :: ("g2", q) :: rest ->
        cases ((G1.of_bytes_exn (bytes_of_hex p), G2.of_bytes_exn (bytes_of_hex q)) :: pairs) rest
    | ("miller_loop_output", f) :: rest ->
        (List.rev pairs, Fq12.of_bytes_exn (bytes_of_hex f)) :: cases [] rest
    | [] -> []
    | (k, _) :: _ -> Alcotest.failf "unexpected key %s" k
  in
  let cases = cases [] (hex_entries text ~from_key:"miller_loop" ~to_key:"gt_generator_decimal") in
  Alcotest.(check (list int)) "pairs per case" [ 1; 1; 1; 1; 2 ]
    (List.map (fun (pairs, _) -> List.length pairs) cases);
  List.iteri
    (fun i (pairs, blst) ->
      let name = Printf.sprintf "case %d" i in
      let ours = Pairing.miller_loop pairs in
      Alcotest.(check string) (name ^ ": raw value, byte for byte") (hex (Fq12.to_bytes blst))
        (hex (Fq12.to_bytes ours));
      let fe = Pairing.final_exponentiation_exn in
      check_bool (name ^ ": after final exponentiation") true (GT.eq (fe ours) (fe blst));
      let product =
        List.fold_left (fun acc (p, q) -> GT.add acc (Pairing.pairing p q)) GT.zero pairs
      in
      check_bool (name ^ ": = product of pairings") true (GT.eq (fe blst) product))
    cases

let generator_vectors () =
  let text = read vectors_file in
  let start = Str.search_forward (Str.regexp "\"gt_generator_decimal\": \\[") text 0 in
  let re = Str.regexp "\"\\([0-9]+\\)\"" in
  let rec go pos n acc =
    if n = 0 then List.rev acc
    else (
      ignore (Str.search_forward re text pos);
      go (Str.match_end ()) (n - 1) (Z.of_string (Str.matched_group 1 text) :: acc))
  in
  let coeffs = go start 12 [] in
  let enc = GT.to_bytes GT.one in
  List.iteri
    (fun i c ->
      check_bool (Printf.sprintf "coefficient %d" i) true
        (Z.equal c (Z.of_bits (Bytes.sub_string enc (48 * i) 48))))
    coeffs;
  (* vectors/e_g1_g2.json: the same value in ocaml-bls12-381's layout. *)
  let text = read "../vectors/e_g1_g2.json" in
  let ocaml_layout =
    bytes_of_hex (Test_vectors.string_after text "e_g1_g2_576_bytes_ocaml_bls12_381_GT.to_bytes")
  in
  Alcotest.(check string) "e_g1_g2.json" (hex ocaml_layout) (hex enc);
  check_bool "pairing G1.one G2.one" true
    (Bytes.equal (GT.to_bytes (Pairing.pairing G1.one G2.one)) ocaml_layout)

let tests =
  bilinearity ()
  @ [
      Alcotest.test_case "non-degeneracy, identities" `Quick non_degeneracy;
      Alcotest.test_case "pairing_check" `Quick pairing_check;
      Alcotest.test_case "final exponentiation" `Quick final_exponentiation;
      Alcotest.test_case "G2 point of order 13 (unchecked): exception, no abort" `Quick
        small_order_g2;
    ]

let gt_tests =
  [
    Alcotest.test_case "constants" `Quick constants;
    Alcotest.test_case "membership" `Quick membership;
  ]
  @ group_laws ()

let vectors =
  [
    Alcotest.test_case "pairing (ocaml-bls12-381 regression vectors)" `Quick pairing_vectors;
    Alcotest.test_case "Miller loop (blst outputs, ocaml-bls12-381 regression vectors)" `Quick
      miller_loop_vectors;
    Alcotest.test_case "e(G1, G2) (decimal and e_g1_g2.json)" `Quick generator_vectors;
  ]
