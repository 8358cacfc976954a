(** Tests of the multi-scalar multiplications of G1 and G2 ([pippenger],
    [pippenger_with_affine_array], [pippenger_with_compressed_bytes]) against
    the fold of [mul] and [add]; slicing, argument checks, affine arrays. *)

module G1_tests : Qc.TESTS
module G2_tests : Qc.TESTS
