(** The scalar field of BLS12-381: the integers modulo the prime
    [r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001]
    (255 bits), the order of G1, G2 and GT.

    An element is stored as 32 bytes holding the Rust core's Montgomery form:
    operations call Rust directly, with no conversion, and allocate only
    their result. Its encoding ({!to_bytes}) is the 32-byte little-endian
    integer in [\[0, r)], as in ocaml-bls12-381.

    Timing: {!add}, {!sub}, {!mul}, {!square}, {!double}, {!negate}, {!eq},
    {!inverse_exn} and {!pow} (for a non-negative exponent below [r]: every
    such exponent is passed as 32 bytes) are constant time in the values of
    their arguments; {!sqrt_opt} and {!legendre_symbol} may not be, and the
    conversions through Zarith ({!of_z}, {!to_z}, the exponent of {!pow}) are
    not. *)

include Ff_sig.PRIME

