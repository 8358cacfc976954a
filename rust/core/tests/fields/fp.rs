//! Fp, the base field: the whole suite (every law, and every operation
//! against blst and num-bigint). Nothing here is Fp's alone: its square
//! roots, sign conventions and encoding go through the generic parts too.

use crate::common::*;
use bls12_381_core::Fp;
use blst::blst_fp;

test_field! {
    Fp, "fp", degree 1 over p, pow_exponents (7, 0),
    sample rand_fp, edges fp_edges(), op_edges fp_edges_small(),
    coeffs |a| vec![fp_big(a)],
    pow_reference |a, e| fp_of(&modpow(&fp_big(a), &big_of_limbs(e), p())),
}
blst_field!(Fp, blst_fp, fp_to_blst, fp_from_blst; blst_fp_add, blst_fp_sub, blst_fp_mul, blst_fp_sqr, blst_fp_cneg, blst_fp_lshift; blst_fp_inverse, blst_fp_eucl_inverse);
encoded!(Fp, 48, |x| be_bytes::<48>(x));
prime!(Fp, 6, blst_fp, fp_to_blst, fp_from_blst, blst_fp_from_uint64, blst_uint64_from_fp, wide |b| {
    fp_from_blst(&bcall!(blst_fp_from_le_bytes, blst_fp, b.as_ptr(), 64))
});
sqrt!(Fp, norm |a| fp_big(a), blst blst_fp, fp_to_blst, fp_from_blst, blst_fp_sqrt, blst_fp_is_square);
signed!(Fp);

field_suite!(Fp: ring, against_blst, encoding, prime, sqrt, sign);
