//! Fp, the base field: the whole suite (every law, and every operation
//! against blst and num-bigint). Nothing here is Fp's alone: its square
//! roots, sign conventions and encoding go through the generic parts too.

use crate::common::*;
use bls12_381_core::Fp;
use blst::blst_fp;

prime_field_under_test!(Fp, "fp", p, 6 limbs, 48 bytes be_bytes, pow_exponents (7, 0), fp_big, fp_of, rand_fp, edges fp_edges(), fp_edges_small();
    blst blst_fp, fp_to_blst, fp_from_blst, blst_fp_from_uint64, blst_uint64_from_fp, wide |b| fp_from_blst(&bcall!(blst_fp_from_le_bytes, blst_fp, b.as_ptr(), 64));
    blst_fp_add, blst_fp_sub, blst_fp_mul, blst_fp_sqr, blst_fp_cneg, blst_fp_lshift, blst_fp_inverse, blst_fp_eucl_inverse);
sqrt!(Fp, norm |a| fp_big(a), blst blst_fp, fp_to_blst, fp_from_blst, blst_fp_sqrt, blst_fp_is_square);
signed!(Fp);

field_suite!(Fp: ring, against_blst, encoding, prime, sqrt, sign);
