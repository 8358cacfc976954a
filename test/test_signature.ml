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
    (* AggregateVerify on many messages, the same name in every scheme. *)
    run "Basic multi" V.Basic.sign V.Basic.verify (Some V.Basic.aggregate_verify_multi) (fun ?seed ->
        V.Basic.batch_verify ?seed);
    run "Aug multi" V.Aug.sign V.Aug.verify (Some V.Aug.aggregate_verify_multi) (fun ?seed -> V.Aug.batch_verify ?seed);
    run "Pop multi" V.Pop.sign V.Pop.verify (Some V.Pop.aggregate_verify_multi) (fun ?seed -> V.Pop.batch_verify ?seed);
    (* A Basic signature is not a Pop one (the DSTs differ). *)
    let sk = List.hd sks and pk = List.hd pks in
    check_bool "DSTs differ" false (V.Pop.verify pk (Bytes.of_string "m") (V.Basic.sign sk (Bytes.of_string "m")));
    (* Basic: repeated messages are refused. *)
    let m = Bytes.of_string "same" in
    let agg = Option.get (V.aggregate_signature_opt (List.map (fun sk -> V.Basic.sign sk m) sks)) in
    let same = List.map (fun pk -> (pk, m)) pks in
    (* ocaml-bls12-381's message, as its tests check. *)
    Alcotest.check_raises "Basic: repeated messages raise" (Invalid_argument "Messages must be distinct") (fun () ->
        ignore (V.Basic.aggregate_verify same agg));
    check_bool "Basic multi: repeated messages answer false" false (V.Basic.aggregate_verify_multi same agg);
    (* Repeated messages with an invalid signature or key: false, no raise
       (the keys and the signature are decoded first). *)
    let junk_sig = V.unsafe_signature_of_bytes (Bytes.make V.signature_size_in_bytes '\xff') in
    check_bool "Basic: repeated messages, junk signature" false (V.Basic.aggregate_verify same junk_sig);
    let id_pk = Bytes.make V.pk_size_in_bytes '\000' in
    Bytes.set id_pk 0 '\xc0';
    check_bool "Basic: repeated messages, identity key" false
      (V.Basic.aggregate_verify ((V.unsafe_pk_of_bytes id_pk, m) :: List.tl same) agg);
    (* Aug and Pop accept them. *)
    let agg = Option.get (V.aggregate_signature_opt (List.map (fun sk -> V.Aug.sign sk m) sks)) in
    check_bool "Aug: repeated messages" true (V.Aug.aggregate_verify same agg);
    check_bool "Aug multi: repeated messages" true (V.Aug.aggregate_verify_multi same agg);
    let agg = Option.get (V.aggregate_signature_opt (List.map (fun sk -> V.Pop.sign sk m) sks)) in
    check_bool "Pop multi: repeated messages" true (V.Pop.aggregate_verify_multi same agg);
    check_bool "Pop multi: a key left out" false (V.Pop.aggregate_verify_multi (List.tl same) agg);
    check_bool "Pop multi: empty" false (V.Pop.aggregate_verify_multi [] agg);
    (* Pop multi on mixed messages: two signers on one, one on another. *)
    let mixed = [ (List.nth sks 0, m); (List.nth sks 1, m); (List.nth sks 2, Bytes.of_string "other") ] in
    let agg = Option.get (V.aggregate_signature_opt (List.map (fun (sk, m) -> V.Pop.sign sk m) mixed)) in
    let pairs = List.map (fun (sk, m) -> (V.derive_pk sk, m)) mixed in
    check_bool "Pop multi: mixed messages" true (V.Pop.aggregate_verify_multi pairs agg);
    check_bool "Pop multi: mixed messages, Basic's DST" false (V.Basic.aggregate_verify_multi pairs agg);
    check_bool "Pop multi: messages swapped" false
      (V.Pop.aggregate_verify_multi (List.map2 (fun (pk, _) (_, m) -> (pk, m)) pairs (List.rev pairs)) agg)

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
  check_bool "31 bytes of key material" true (raises_invalid_arg (fun () -> S.generate_sk (Bytes.make 31 'k')));
  (* Big-endian: the same integers as Zarith reads them, the reversed bytes
     of the little-endian encoding. *)
  let be z = rev (le z) in
  let z_of_be b = Z.of_bits (Bytes.to_string (rev b)) in
  let st = Random.State.make [| 32 |] in
  for i = 0 to 199 do
    let b = Bytes.init 32 (fun _ -> Char.chr (Random.State.int st 256)) in
    if i mod 2 = 0 then Bytes.set b 0 (Char.chr (Char.code (Bytes.get b 0) land 0x3f));
    let n = z_of_be b in
    let valid = Z.sign n > 0 && Z.lt n r in
    check_bool "be verdict: 0 < n < r" valid (S.sk_of_bytes_be_opt b <> None);
    check_bool "le verdict of the reversed bytes" valid (S.sk_of_bytes_opt (rev b) <> None);
    match S.sk_of_bytes_be_opt b with
    | None -> check_bool "be exn" true (raises_invalid_arg (fun () -> S.sk_of_bytes_be_exn b))
    | Some sk ->
        check_bytes "be round trip" (S.sk_to_bytes_be sk) b;
        check_bytes "le is the reversed bytes" (S.sk_to_bytes sk) (rev b);
        check_bytes "le reading, be writing" (S.sk_to_bytes_be (S.sk_of_bytes_exn (rev b))) b;
        check_bytes "same key, same public key"
          (S.MinPk.pk_to_bytes (S.MinPk.derive_pk sk))
          (S.MinPk.pk_to_bytes (S.MinPk.derive_pk (S.sk_of_bytes_exn (rev b))))
  done;
  List.iter
    (fun (what, z) ->
      let valid = Z.sign z > 0 && Z.lt z r in
      check_bool what valid (S.sk_of_bytes_be_opt (be z) <> None))
    [ ("be zero", Z.zero); ("be one", Z.one); ("be r - 1", Z.pred r); ("be r", r); ("be r + 1", Z.succ r) ];
  (* Exactly 32 bytes big-endian (no padding, unlike sk_of_bytes_exn). *)
  check_bool "be 31 bytes" true (S.sk_of_bytes_be_opt (Bytes.make 31 '\001') = None);
  check_bool "be 33 bytes" true (S.sk_of_bytes_be_opt (Bytes.make 33 '\001') = None);
  check_bool "be empty" true (raises_invalid_arg (fun () -> S.sk_of_bytes_be_exn Bytes.empty));
  (* The vectors' big-endian key read both ways gives one signature. *)
  let key = "328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216" in
  let m = Bytes.of_string "m" in
  check_bytes "be and le keys sign alike"
    (S.MinPk.signature_to_bytes (S.MinPk.Pop.sign (S.sk_of_bytes_be_exn (hex key)) m))
    (S.MinPk.signature_to_bytes (S.MinPk.Pop.sign (S.sk_of_bytes_exn (rev (hex key))) m))

(* vectors/sig-faces/cases.txt: the cases the Rust core answers (checked
   against blst there) and the C ABI answers code for code
   (rust/ffi/tests/sig.rs), through this library. A verdict of the file is
   the C ABI's code; a verification here answers whether it is OK, and
   Basic.aggregate_verify raises exactly when it is DUPLICATE_MESSAGE.
   Format: the documentation of rust/core/tests/sig/faces.rs. *)
module Faces (V : S.VARIANT) = struct
  let bytes = Test_vectors.bytes_of_hex
  let list s = if s = "-" then [] else List.map bytes (String.split_on_char ',' s)
  let pk = V.unsafe_pk_of_bytes
  let sg = V.unsafe_signature_of_bytes
  let ok c = int_of_string c = 0

  (* The fields after the variant: [kind] and the rest of the line. *)
  let check what kind f =
    let eq = check_bool what in
    match (kind, f) with
    | "pk", [ _; sk; p ] -> check_bytes what (V.pk_to_bytes (V.derive_pk (S.sk_of_bytes_be_exn (bytes sk)))) (bytes p)
    | "proof", [ _; sk; p ] -> check_bytes what (V.Pop.pop_prove (S.sk_of_bytes_be_exn (bytes sk))) (bytes p)
    | "sign", [ scheme; _; sk; m; sig_ ] ->
        let sign = match scheme with "0" -> V.Basic.sign | "1" -> V.Aug.sign | _ -> V.Pop.sign in
        let sk = bytes sk in
        check_bytes what (V.signature_to_bytes (sign (S.sk_of_bytes_be_exn sk) (bytes m))) (bytes sig_);
        check_bytes (what ^ ", little-endian key")
          (V.signature_to_bytes (sign (S.sk_of_bytes_exn (rev sk)) (bytes m)))
          (bytes sig_)
    | "verify", [ scheme; _; p; m; s; c ] ->
        let verify = match scheme with "0" -> V.Basic.verify | "1" -> V.Aug.verify | _ -> V.Pop.verify in
        eq (ok c) (verify (pk (bytes p)) (bytes m) (sg (bytes s)))
    | "aggregate", [ _; sigs; c; out ] -> (
        match V.aggregate_signature_opt (List.map sg (list sigs)) with
        | Some a ->
            eq true (ok c);
            check_bytes what (V.signature_to_bytes a) (bytes out)
        | None -> eq false (ok c))
    | "aggregate_verify", [ scheme; _; pks; msgs; s; c ] ->
        let pairs = List.combine (List.map pk (list pks)) (list msgs) and s = sg (bytes s) in
        let multi =
          match scheme with
          | "0" -> V.Basic.aggregate_verify_multi
          | "1" -> V.Aug.aggregate_verify_multi
          | _ -> V.Pop.aggregate_verify_multi
        in
        eq (ok c) (multi pairs s);
        (* The original's names: Basic raises on DUPLICATE_MESSAGE (26). *)
        if scheme = "0" then begin
          match V.Basic.aggregate_verify pairs s with
          | v ->
              eq (ok c) v;
              check_bool (what ^ ": no raise") false (int_of_string c = 26)
          | exception Invalid_argument _ -> check_bool (what ^ ": raised") true (int_of_string c = 26)
        end
        else if scheme = "1" then eq (ok c) (V.Aug.aggregate_verify pairs s)
    | "fast_aggregate_verify", [ _; pks; m; s; c ] ->
        eq (ok c) (V.Pop.fast_aggregate_verify (List.map pk (list pks)) (bytes m) (sg (bytes s)))
    | "pop_verify", [ _; p; proof; c ] -> eq (ok c) (V.Pop.pop_verify (pk (bytes p)) (bytes proof))
    | "batch_verify", [ scheme; _; pks; msgs; sigs; seed; c ] ->
        let batch =
          match scheme with "0" -> V.Basic.batch_verify | "1" -> V.Aug.batch_verify | _ -> V.Pop.batch_verify
        in
        let sets = List.map2 (fun (p, m) s -> (pk p, m, sg s)) (List.combine (list pks) (list msgs)) (list sigs) in
        eq (ok c) (batch ~seed:(bytes seed) sets)
    | "pk_validate", [ _; p; c ] ->
        eq (ok c) (V.pk_of_bytes_opt (bytes p) <> None);
        check_bool (what ^ ": exn") (not (ok c)) (raises_invalid_arg (fun () -> V.pk_of_bytes_exn (bytes p)))
    | "signature_validate", [ _; s; c ] ->
        eq (ok c) (V.signature_of_bytes_opt (bytes s) <> None);
        check_bool (what ^ ": exn") (not (ok c))
          (raises_invalid_arg (fun () -> V.signature_of_bytes_exn (bytes s)))
    | _ -> Alcotest.failf "%s: unknown case" what
end

module Faces_min_pk = Faces (S.MinPk)
module Faces_min_sig = Faces (S.MinSig)

let faces_file () =
  let text = Test_vectors.read "../vectors/sig-faces/cases.txt" in
  let counts = Hashtbl.create 16 in
  String.split_on_char '\n' text
  |> List.iter (fun line ->
         if line <> "" && line.[0] <> '#' then begin
           let f = String.split_on_char ' ' line in
           let kind = List.hd f in
           Hashtbl.replace counts kind (1 + Option.value ~default:0 (Hashtbl.find_opt counts kind));
           let what = String.concat " " (List.filteri (fun i _ -> i < 4) f) in
           match f with
           | [ "sk"; _; be; le; c ] ->
               let be = Test_vectors.bytes_of_hex be and le = Test_vectors.bytes_of_hex le in
               let valid = int_of_string c = 0 in
               check_bool what valid (S.sk_of_bytes_be_opt be <> None);
               check_bool what valid (S.sk_of_bytes_opt le <> None);
               if valid then begin
                 check_bytes what (S.sk_to_bytes (S.sk_of_bytes_be_exn be)) le;
                 check_bytes what (S.sk_to_bytes_be (S.sk_of_bytes_exn le)) be
               end
           | _ :: "0" :: rest -> Faces_min_pk.check what kind rest
           | _ :: "1" :: rest -> Faces_min_sig.check what kind rest
           | _ -> Alcotest.failf "unknown line: %s" what
         end);
  (* Every kind is there, in its numbers (a truncated file fails). *)
  let count k = Option.value ~default:0 (Hashtbl.find_opt counts k) in
  Alcotest.(check int) "kinds" 12 (Hashtbl.length counts);
  check_bool "aggregate_verify cases" true (count "aggregate_verify" >= 100);
  check_bool "verify cases" true (count "verify" >= 90)

(* ethereum/bls12-381-tests v0.1.2 aggregate_verify (min-pk, Pop: the
   scheme's AggregateVerify, here Pop.aggregate_verify_multi). *)
let ethereum_aggregate_verify () =
  let dir = "../vectors/bls12-381-tests-v0.1.2/aggregate_verify" in
  let files = List.sort compare (Array.to_list (Sys.readdir dir)) in
  Alcotest.(check int) "files" 5 (List.length files);
  let strings_in key text =
    let re = Str.regexp ("\"" ^ key ^ "\"[ \t\r\n]*:[ \t\r\n]*\\[\\([^]]*\\)\\]") in
    ignore (Str.search_forward re text 0);
    let inside = Str.matched_group 1 text in
    List.filter_map
      (function Str.Delim s -> Some (hex (String.sub s 1 (String.length s - 2))) | Str.Text _ -> None)
      (Str.full_split (Str.regexp "\"[^\"]*\"") inside)
  in
  let accepted =
    List.fold_left
      (fun accepted file ->
        let text = Test_vectors.read (Filename.concat dir file) in
        let pks = List.map S.MinPk.unsafe_pk_of_bytes (strings_in "pubkeys" text) in
        let msgs = strings_in "messages" text in
        let sig_ = S.MinPk.unsafe_signature_of_bytes (hex (Test_vectors.string_after text "signature")) in
        let expected = Str.string_match (Str.regexp ".*\"output\"[ ]*:[ ]*true") text 0 in
        let got = S.MinPk.Pop.aggregate_verify_multi (List.combine pks msgs) sig_ in
        check_bool file expected got;
        accepted + Bool.to_int got)
      0 files
  in
  Alcotest.(check int) "accepted" 1 accepted

let tests =
  [
    Alcotest.test_case "ethereum/bls12-381-tests vectors" `Quick ethereum_vectors;
    Alcotest.test_case "keys and signatures against G1, G2, Pairing" `Quick against_groups;
    Alcotest.test_case "secret keys" `Quick secret_keys;
    Alcotest.test_case "the cases of vectors/sig-faces, as Rust and C answer them" `Quick faces_file;
    Alcotest.test_case "ethereum/bls12-381-tests aggregate_verify: Pop.aggregate_verify_multi" `Quick
      ethereum_aggregate_verify;
  ]
  @ Min_pk.tests "MinPk" @ Min_sig.tests "MinSig"
