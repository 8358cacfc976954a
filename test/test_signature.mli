(** Tests of {!Bls12_381.Signature}: known answers of ethereum/bls12-381-tests
    v0.1.2 (min-pk, Proof of Possession; aggregate_verify through
    [Pop.aggregate_verify_multi]), the keys and signatures against the
    library's own G1, G2 and pairing (public key = sk g, the verification
    equation as a pairing check), every scheme of both variants (sign,
    verify, aggregate, aggregate_verify and aggregate_verify_multi, proofs of
    possession, fast aggregate and batch verification), secret keys in both
    byte orders against Zarith, the cases of vectors/sig-faces answered as
    the Rust core and the C ABI answer them, and the error cases (zero and
    out-of-range secret keys, short key material, identity keys, invalid
    encodings, repeated messages in the Basic scheme). *)

val tests : unit Alcotest.test_case list
