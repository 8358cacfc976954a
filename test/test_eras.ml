(* The APIs of ocaml-bls12-381's older releases: programs in each era's
   style; the signatures of 6.x / Octez, with this library's modules
   ascribed to them, are in octez_sigs.ml (the compile-time test). *)

open Bls12_381

(* Built into this test binary: its ascriptions are checked at build time. *)
module Sigs = Octez_sigs

let check_bool = Alcotest.(check bool)

(* A KZG-style commitment and check, as Octez code writes them. *)
let octez_program () =
  let st = Random.State.make [| 20 |] in
  let sk = Fr.of_bytes_exn (Fr.to_bytes (Fr.random ~state:st ())) in
  let pk = G1.mul G1.one sk in
  let h = G2.hash_to_curve (Bytes.of_string "msg") (Bytes.of_string "DST") in
  let sigma = G2.mul h sk in
  check_bool "pairing_check" true
    (Pairing.pairing_check [ (G1.negate G1.one, sigma); (pk, h) ]);
  check_bool "G1.add" true (G1.eq (G1.add pk pk) (G1.double pk));
  (* An SRS longer than the polynomial. *)
  let tau = Fr.random ~state:st () in
  let srs = Array.init 16 (fun i -> G1.mul G1.one (Fr.pow tau (Z.of_int i))) in
  let coeffs = Array.init 5 (fun _ -> Fr.random ~state:st ()) in
  let p_tau = Array.fold_right (fun c acc -> Fr.add c (Fr.mul tau acc)) coeffs Fr.zero in
  check_bool "pippenger ~len over a longer SRS" true
    (G1.eq (G1.pippenger ~len:(Array.length coeffs) srs coeffs) (G1.mul G1.one p_tau));
  let encs = Array.map G1.to_compressed_bytes (Array.sub srs 0 5) in
  check_bool "pippenger_with_compressed_bytes_array_opt" true
    (match G1.pippenger_with_compressed_bytes_array_opt ~subgroup_check:true encs coeffs with
    | Some b -> Bytes.equal b (G1.to_compressed_bytes (G1.mul G1.one p_tau))
    | None -> false);
  check_bool "add_bulk_with_compressed_bytes_array_opt" true
    (match G1.add_bulk_with_compressed_bytes_array_opt ~subgroup_check:true encs with
    | Some b -> Bytes.equal b (G1.to_compressed_bytes (G1.add_bulk (Array.to_list (Array.sub srs 0 5))))
    | None -> false);
  let bad = Array.copy encs in
  bad.(2) <- Bytes.make 48 '\xff';
  check_bool "an invalid encoding: None" true
    (Option.is_none (G1.add_bulk_with_compressed_bytes_array_opt ~subgroup_check:true bad)
    && Option.is_none (G1.affine_array_of_compressed_bytes_opt ~subgroup_check:false bad));
  (match G1.affine_array_of_compressed_bytes_opt ~subgroup_check:true encs with
  | Some a ->
      check_bool "affine_add_bulk" true
        (G1.eq (G1.affine_add_bulk a) (G1.add_bulk (Array.to_list (Array.sub srs 0 5))))
  | None -> Alcotest.fail "valid encodings rejected");
  check_bool "affine round trip" true (G1.eq (G1.jacobian_of_affine (G1.affine_of_jacobian pk)) pk);
  check_bool "flat _exn raises Not_on_curve" true
    (match G1.of_compressed_bytes_exn (Bytes.make 48 '\xff') with
    | _ -> false
    | exception G1.Not_on_curve b -> Bytes.equal b (Bytes.make 48 '\xff'));
  check_bool "G2.of_bytes_exn raises Not_on_curve" true
    (match G2.of_bytes_exn (Bytes.make 3 '\000') with _ -> false | exception G2.Not_on_curve _ -> true);
  check_bool "sizes" true (G1.size_in_bytes = 96 && G1.compressed_size_in_bytes = 48
                           && G2.size_in_bytes = 192 && G2.compressed_size_in_bytes = 96)

(* The 0.4 era: points under Uncompressed and Compressed. *)
let era04_program () =
  let st = Random.State.make [| 4 |] in
  let x = Fr.random ~state:st () in
  let p = G1.Uncompressed.mul G1.Uncompressed.one x in
  let c = G1.Compressed.mul G1.Compressed.one x in
  check_bool "Compressed and Uncompressed agree" true
    (Bytes.equal (G1.Compressed.to_bytes c) (G1.Uncompressed.to_compressed_bytes p));
  let q = G2.Uncompressed.mul G2.Uncompressed.one x in
  check_bool "pairing" true
    (GT.eq (Pairing.pairing p G2.Uncompressed.one) (Pairing.pairing G1.Uncompressed.one q));
  check_bool "Uncompressed.of_bytes_exn raises Invalid_point" true
    (match G1.Uncompressed.of_bytes_exn (Bytes.make 96 '\xff') with
    | _ -> false
    | exception Ec_sig.Invalid_point _ -> true)

let tests =
  [
    Alcotest.test_case "Octez-style program (flat G1/G2 API)" `Quick octez_program;
    Alcotest.test_case "0.4-era program (Uncompressed, Compressed)" `Quick era04_program;
  ]
