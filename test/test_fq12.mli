(** Tests of {!Bls12_381.Fq12} beyond the field axioms: the encoding layout
    (12 x 48-byte little-endian coefficients in tower order), the tower
    relations, rejection of non-canonical input, exceptions. *)

val tests : unit Alcotest.test_case list
