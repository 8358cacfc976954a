(** Tests of {!Bls12_381.GT.pippenger} against the fold of [GT.mul] (the
    constant-time exponentiation) and [GT.add]: sizes 0, 1, 2, 8 and 33,
    thread counts, edge exponents from Zarith (0, 1, r - 1, r, 2{^255},
    2{^256} - 1), identity, repeated and inverse bases, [?start]/[?len]
    slices of arrays of different lengths, and the
    [Invalid_argument] cases. {!Bls12_381.GT.pippenger_bytes} against the
    Fr form (exponents reduced by Zarith) on exponents of every length,
    and on the case rust/core and rust/ffi compute, with their answer. *)

val tests : unit Alcotest.test_case list
