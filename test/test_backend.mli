(** Tests of {!Bls12_381.backend}: the keys and values of its text, their
    agreement with the CPU's flags (/proc/cpuinfo, where it exists) and the
    environment variable [BLS12_381_BACKEND], and the exact text under
    [BLS12_381_BACKEND=portable] (the dune rule of this directory runs this
    suite again with it set). *)

val tests : unit Alcotest.test_case list
