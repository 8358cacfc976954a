(** Tests of G1 and G2: against a Zarith model of the curves, group laws,
    scalar multiplication, encodings, rejections, known answers. *)

module G1_tests : Qc.TESTS
module G2_tests : Qc.TESTS

(** of_z_opt edge cases, hash-to-curve vectors. *)
val vectors : unit Alcotest.test_case list
