open Bls12_381
module S = Signature

let hex s =
  let s = if String.length s >= 2 && String.sub s 0 2 = "0x" then String.sub s 2 (String.length s - 2) else s in
  Bytes.init (String.length s / 2) (fun i -> Char.chr (int_of_string ("0x" ^ String.sub s (2 * i) 2)))

let rev b =
  let n = Bytes.length b in
  Bytes.init n (fun i -> Bytes.get b (n - 1 - i))

let check_bool = Alcotest.(check bool)

(* Whether [f ()] raises Invalid_argument (whatever its message). *)
let raises_invalid_arg f = match f () with _ -> false | exception Invalid_argument _ -> true
let check_bytes msg a b = Alcotest.(check string) msg (Bytes.to_string a) (Bytes.to_string b)

(* A few cases of ethereum/bls12-381-tests v0.1.2 (the full set runs in the
   Rust suites: rust/core/tests/sig/vectors.rs), copied from
   vectors/bls12-381-tests-v0.1.2/: sign_case_8cd3d4d0d9a5b265,
   verify_valid_case_195246ee3bd3b6ec and its tampered twin,
   fast_aggregate_verify_valid_3d7576f3c0e3570a. The vectors' private keys
   are big-endian; [sk_of_bytes_exn] takes little-endian bytes. *)
let ethereum_vectors () =
  let sk = S.sk_of_bytes_exn (rev (hex "0x328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216")) in
  let msg = hex "0x5656565656565656565656565656565656565656565656565656565656565656" in
  check_bytes "sign" (S.MinPk.signature_to_bytes (S.MinPk.Pop.sign sk msg))
    (hex
       "0xa4efa926610b8bd1c8330c918b7a5e9bf374e53435ef8b7ec186abf62e1b1f65aeaaeb365677ac1d1172a1f5b44b4e6d022c252c58486c0a759fbdc7de15a756acc4d343064035667a594b4c2a6f0b0b421975977f297dba63ee2f63ffe47bb6");
  let pk3 = S.MinPk.pk_of_bytes_exn (hex "0xb53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f") in
  let msg_ab = hex "0xabababababababababababababababababababababababababababababababab" in
  let good = "0xae82747ddeefe4fd64cf9cedb9b04ae3e8a43420cd255e3c7cd06a8d88b7c7f8638543719981c5d16fa3527c468c25f0026704a6951bde891360c7e8d12ddee0559004ccdbe6046b55bae1b257ee97f7cdb955773d7cf29adf3ccbb9975e4eb9" in
  let tampered = String.sub good 0 (String.length good - 8) ^ "ffffffff" in
  check_bool "verify valid" true (S.MinPk.Pop.verify pk3 msg_ab (S.MinPk.unsafe_signature_of_bytes (hex good)));
  check_bool "verify tampered" false (S.MinPk.Pop.verify pk3 msg_ab (S.MinPk.unsafe_signature_of_bytes (hex tampered)));
  let pks =
    List.map
      (fun h -> S.MinPk.pk_of_bytes_exn (hex h))
      [
        "0xa491d1b0ecd9bb917989f0e74f0dea0422eac4a873e5e2644f368dffb9a6e20fd6e10c1b77654d067c0618f6e5a7f79a";
        "0xb301803f8b5ac4a1133581fc676dfedc60d891dd5fa99028805e5ea5b08d3491af75d0707adab3b70c6a6a580217bf81";
        "0xb53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f";
      ]
  in
  let agg =
    S.MinPk.signature_of_bytes_exn
      (hex
         "0x9712c3edd73a209c742b8250759db12549b3eaf43b5ca61376d9f30e2747dbcf842d8b2ac0901d2a093713e20284a7670fcf6954e9ab93de991bb9b313e664785a075fc285806fa5224c82bde146561b446ccfc706a64b8579513cfc4ff1d930")
  in
  check_bool "fast_aggregate_verify" true (S.MinPk.Pop.fast_aggregate_verify pks msg_ab agg);
  check_bool "one key missing" false (S.MinPk.Pop.fast_aggregate_verify (List.tl pks) msg_ab agg)

let ikm i = Bytes.init 32 (fun j -> Char.chr ((i * 31 + j * 7) land 0xff))
let dst_pop_min_pk = Bytes.of_string "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
let dst_pop_min_sig = Bytes.of_string "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_"

(* The keys and signatures are the library's own group arithmetic: pk = sk g
   (G1.Uncompressed.mul), and the verification equation holds as a pairing
   check of the Pairing module with the message hashed by G2/G1.hash_to_curve. *)
let against_groups () =
  for i = 0 to 4 do
    let sk = S.generate_sk (ikm i) in
    let x = Fr.of_bytes_exn (S.sk_to_bytes sk) in
    let msg = Bytes.of_string (Printf.sprintf "message %d" i) in
    (* MinPk: keys in G1, signatures in G2. *)
    let pk = G1.Uncompressed.mul G1.Uncompressed.one x in
    check_bytes "MinPk derive_pk" (S.MinPk.pk_to_bytes (S.MinPk.derive_pk sk))
      (G1.Compressed.to_bytes (G1.Compressed.of_uncompressed pk));
    let sg = S.MinPk.signature_to_bytes (S.MinPk.Pop.sign sk msg) in
    let h = G2.Uncompressed.hash_to_curve msg dst_pop_min_pk in
    check_bytes "MinPk sign" sg (G2.Compressed.to_bytes (G2.Compressed.of_uncompressed (G2.Uncompressed.mul h x)));
    let sig_point = G2.Compressed.to_uncompressed (G2.Compressed.of_bytes_exn sg) in
    check_bool "MinPk pairing equation" true
      (Pairing.pairing_check [ (pk, h); (G1.Uncompressed.negate G1.Uncompressed.one, sig_point) ]);
    (* MinSig: keys in G2, signatures in G1. *)
    let pk2 = G2.Uncompressed.mul G2.Uncompressed.one x in
    check_bytes "MinSig derive_pk" (S.MinSig.pk_to_bytes (S.MinSig.derive_pk sk))
      (G2.Compressed.to_bytes (G2.Compressed.of_uncompressed pk2));
    let h1 = G1.Uncompressed.hash_to_curve msg dst_pop_min_sig in
    check_bytes "MinSig sign"
      (S.MinSig.signature_to_bytes (S.MinSig.Pop.sign sk msg))
      (G1.Compressed.to_bytes (G1.Compressed.of_uncompressed (G1.Uncompressed.mul h1 x)))
  done

module Schemes (V : S.VARIANT) = struct
  let sks = List.init 4 (fun i -> S.generate_sk ~key_info:(Bytes.of_string "t") (ikm (i + 10)))
  let pks = List.map V.derive_pk sks
  let msgs = List.init 4 (fun i -> Bytes.of_string (Printf.sprintf "m%d" i))

  let each_scheme () =
    let run name sign verify aggregate_verify batch_verify =
      let sigs = List.map2 sign sks msgs in
      List.iter2
        (fun (pk, m) s ->
          check_bool (name ^ " verify") true (verify pk m s);
          check_bool (name ^ " wrong message") false (verify pk (Bytes.of_string "x") s);
          (* Encodings round trip, with the checks. *)
          check_bytes "signature" (V.signature_to_bytes (V.signature_of_bytes_exn (V.signature_to_bytes s))) (V.signature_to_bytes s))
        (List.combine pks msgs) sigs;
      let agg = Option.get (V.aggregate_signature_opt sigs) in
      (* (Pop's aggregate_verify takes proofs of possession: below.) *)
      Option.iter
        (fun aggregate_verify ->
          check_bool (name ^ " aggregate_verify") true (aggregate_verify (List.combine pks msgs) agg);
          check_bool (name ^ " aggregate_verify, keys swapped") false
            (aggregate_verify (List.combine (List.rev pks) msgs) agg);
          check_bool (name ^ " aggregate_verify, empty") false (aggregate_verify [] agg))
        aggregate_verify;
      let sets = List.map2 (fun (pk, m) s -> (pk, m, s)) (List.combine pks msgs) sigs in
      check_bool (name ^ " batch") true (batch_verify ?seed:None sets);
      check_bool (name ^ " batch, seeded") true (batch_verify ?seed:(Some (Bytes.of_string "seed")) sets);
      let swapped = match sets with (a, b, c) :: (d, e, f) :: rest -> (a, b, f) :: (d, e, c) :: rest | l -> l in
      check_bool (name ^ " batch, signatures swapped") false (batch_verify ?seed:None swapped);
      check_bool (name ^ " batch, empty") false (batch_verify ?seed:None [])
    in
    run "Basic" V.Basic.sign V.Basic.verify (Some V.Basic.aggregate_verify) (fun ?seed -> V.Basic.batch_verify ?seed);
    run "Aug" V.Aug.sign V.Aug.verify (Some V.Aug.aggregate_verify) (fun ?seed -> V.Aug.batch_verify ?seed);
    run "Pop" V.Pop.sign V.Pop.verify None (fun ?seed -> V.Pop.batch_verify ?seed);
    (* A Basic signature is not a Pop one (the DSTs differ). *)
    let sk = List.hd sks and pk = List.hd pks in
    check_bool "DSTs differ" false (V.Pop.verify pk (Bytes.of_string "m") (V.Basic.sign sk (Bytes.of_string "m")));
    (* Basic: repeated messages are refused. *)
    let m = Bytes.of_string "same" in
    let agg = Option.get (V.aggregate_signature_opt (List.map (fun sk -> V.Basic.sign sk m) sks)) in
    check_bool "Basic: repeated messages raise" true
      (raises_invalid_arg (fun () -> V.Basic.aggregate_verify (List.map (fun pk -> (pk, m)) pks) agg));
    (* Aug and Pop accept them. *)
    let agg = Option.get (V.aggregate_signature_opt (List.map (fun sk -> V.Aug.sign sk m) sks)) in
    check_bool "Aug: repeated messages" true (V.Aug.aggregate_verify (List.map (fun pk -> (pk, m)) pks) agg)

  let proofs_of_possession () =
    let m = Bytes.of_string "one message" in
    let proofs = List.map V.Pop.pop_prove sks in
    List.iter2 (fun pk p -> check_bool "pop_verify" true (V.Pop.pop_verify pk p)) pks proofs;
    (* A proof is not a signature of the key's bytes under the signing DST. *)
    check_bool "pop is not a signature" false
      (V.Pop.pop_verify (List.hd pks) (V.signature_to_bytes (V.Pop.sign (List.hd sks) (V.pk_to_bytes (List.hd pks)))));
    let agg = Option.get (V.aggregate_signature_opt (List.map (fun sk -> V.Pop.sign sk m) sks)) in
    check_bool "fast_aggregate_verify" true (V.Pop.fast_aggregate_verify pks m agg);
    check_bool "aggregate_verify with proofs" true (V.Pop.aggregate_verify (List.combine pks proofs) m agg);
    check_bool "a wrong proof" false
      (V.Pop.aggregate_verify (List.combine pks (List.rev proofs)) m agg);
    check_bool "no key" false (V.Pop.fast_aggregate_verify [] m agg)

  let errors () =
    (* The identity as a key and as a signature. *)
    let id_pk = Bytes.make V.pk_size_in_bytes '\000' and id_sig = Bytes.make V.signature_size_in_bytes '\000' in
    Bytes.set id_pk 0 '\xc0';
    Bytes.set id_sig 0 '\xc0';
    check_bool "identity key" true (V.pk_of_bytes_opt id_pk = None);
    check_bool "identity key, exn" true (raises_invalid_arg (fun () -> V.pk_of_bytes_exn id_pk));
    check_bool "identity signature decodes" true (V.signature_of_bytes_opt id_sig <> None);
    let pk = List.hd pks and m = List.hd msgs in
    check_bool "identity signature does not verify" false (V.Pop.verify pk m (V.unsafe_signature_of_bytes id_sig));
    check_bool "identity key does not verify" false
      (V.Pop.verify (V.unsafe_pk_of_bytes id_pk) m (V.unsafe_signature_of_bytes id_sig));
    (* Garbage and wrong sizes. *)
    let junk n = Bytes.make n '\xff' in
    check_bool "junk key" true (V.pk_of_bytes_opt (junk V.pk_size_in_bytes) = None);
    check_bool "short key" true (V.pk_of_bytes_opt (Bytes.sub (V.pk_to_bytes pk) 0 10) = None);
    check_bool "junk signature" true (V.signature_of_bytes_opt (junk V.signature_size_in_bytes) = None);
    check_bool "junk verifies nothing" false
      (V.Pop.verify (V.unsafe_pk_of_bytes (junk 3)) m (V.Pop.sign (List.hd sks) m));
    check_bool "aggregate of none" true (V.aggregate_signature_opt [] = None);
    check_bool "aggregate of junk" true
      (V.aggregate_signature_opt [ V.unsafe_signature_of_bytes (junk V.signature_size_in_bytes) ] = None)

  let tests name =
    [
      Alcotest.test_case (name ^ ": every scheme") `Quick each_scheme;
      Alcotest.test_case (name ^ ": proofs of possession") `Quick proofs_of_possession;
      Alcotest.test_case (name ^ ": errors") `Quick errors;
    ]
end

module Min_pk = Schemes (S.MinPk)
module Min_sig = Schemes (S.MinSig)

let secret_keys () =
  check_bool "zero" true (S.sk_of_bytes_opt (Bytes.make 32 '\000') = None);
  check_bool "33 bytes" true (S.sk_of_bytes_opt (Bytes.make 33 '\001') = None);
  let r = Z.of_string "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001" in
  let le z = Bytes.init 32 (fun i -> Char.chr (Z.to_int (Z.logand (Z.shift_right z (8 * i)) (Z.of_int 255)))) in
  check_bool "r" true (S.sk_of_bytes_opt (le r) = None);
  check_bool "r - 1" true (S.sk_of_bytes_opt (le (Z.pred r)) <> None);
  (* Short encodings are padded at the most significant end. *)
  let sk = S.sk_of_bytes_exn (Bytes.of_string "\007") in
  check_bytes "padding" (S.sk_to_bytes sk) (Bytes.cat (Bytes.of_string "\007") (Bytes.make 31 '\000'));
  check_bytes "sk 7: pk = 7 g"
    (S.MinPk.pk_to_bytes (S.MinPk.derive_pk sk))
    (G1.Compressed.to_bytes
       (G1.Compressed.of_uncompressed (G1.Uncompressed.mul G1.Uncompressed.one (Fr.of_string "7"))));
  check_bool "sk_of_bytes_exn zero" true (raises_invalid_arg (fun () -> S.sk_of_bytes_exn (Bytes.make 32 '\000')));
  (* KeyGen: deterministic, key_info matters, at least 32 bytes. *)
  check_bytes "KeyGen deterministic" (S.sk_to_bytes (S.generate_sk (ikm 1))) (S.sk_to_bytes (S.generate_sk (ikm 1)));
  check_bool "key_info" false
    (Bytes.equal (S.sk_to_bytes (S.generate_sk (ikm 1))) (S.sk_to_bytes (S.generate_sk ~key_info:(Bytes.of_string "x") (ikm 1))));
  check_bool "31 bytes of key material" true (raises_invalid_arg (fun () -> S.generate_sk (Bytes.make 31 'k')))

let tests =
  [
    Alcotest.test_case "ethereum/bls12-381-tests vectors" `Quick ethereum_vectors;
    Alcotest.test_case "keys and signatures against G1, G2, Pairing" `Quick against_groups;
    Alcotest.test_case "secret keys" `Quick secret_keys;
  ]
  @ Min_pk.tests "MinPk" @ Min_sig.tests "MinSig"
