(** Tests of {!Bls12_381.Pairing} and {!Bls12_381.GT}: bilinearity and
    non-degeneracy (QCheck properties), pairing checks, the final
    exponentiation of zero, a G2 point of order 13 from the unchecked decoder
    (an exception, not an abort), GT membership, group laws and encoding, and the
    known answers of ocaml-bls12-381's regression vectors and e(G1, G2). *)

(** Pairing properties, checks and the final exponentiation. *)
val tests : unit Alcotest.test_case list

(** GT: constants, membership, group laws, encodings. *)
val gt_tests : unit Alcotest.test_case list

(** Known answers (vectors/, see its README). *)
val vectors : unit Alcotest.test_case list
