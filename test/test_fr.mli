(** Tests of {!Bls12_381.Fr}: every operation against Zarith arithmetic modulo
    r (1000 cases per property), encodings, rejection of non-canonical
    input, exceptions. *)

val tests : unit Alcotest.test_case list
