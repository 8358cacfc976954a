//! Fp arithmetic on eight elements at once with AVX-512F: the algorithm
//! of [`super::avx2`] (lane-sliced Montgomery products over 13 limbs of 30
//! bits, `R = 2^390`, `vpmuludq`), on `zmm` registers: eight lanes per
//! instruction instead of four.
//!
//! For CPUs with AVX-512F but without IFMA (whose 52-bit products
//! [`super::avx512_ifma`] uses): there `vpmuludq` is the widest integer
//! product. Which lane kernel serves an MSM is chosen by measurement
//! (`msm::lanes`).
//!
//! Representation, bounds and carry schedule are those of [`super::avx2`],
//! lane by lane: the kernel files (`avx2/{add,convert,mul,tests}.rs`) are
//! compiled here a second time (see `arith/lane30.rs`), against the
//! eight-lane type [`FpX8F`] (`limbs[i]` one `zmm` register), the `zmm`
//! registers (`zmm0..zmm15`, the same plan as `ymm0..ymm15`: column `c`
//! in `zmm(c mod 13)`, the multiplier in `zmm13`, the product in `zmm14`,
//! the mask in `zmm15`) and the mask operations below. The 8 x 6
//! transposes of the conversions are those of [`super::avx512_ifma`], which
//! need AVX-512F only.
//!
//! # Safety and timing
//!
//! The vector functions are `unsafe` for one reason only: the caller must
//! have checked that the CPU has AVX-512F ([`available`]). Everything here
//! is straight-line code: no branch and no memory access depends on the
//! data (what a caller does with the mask of [`is_zero`] is its business).
#![allow(clippy::missing_safety_doc)]

use super::avx2::{BITS, LIMBS, MASK, ONE30, P30, PINV30, PINV6};
use super::avx512_ifma::{store_words, words_of};
use core::arch::x86_64::*;

// This width's spelling of the shared files' registers, target features
// and `asm!` blocks (crate::arith::lane30).
lane30_width!($ zmm);

#[rustfmt::skip]
lane30_vector!(zmm, FpX8F, 8, 64, __m512i, [vadd = _mm512_add_epi64, vsub = _mm512_sub_epi64,
    vand = _mm512_and_si512, vor = _mm512_or_si512, vmul32 = _mm512_mul_epu32, vsllv = _mm512_sllv_epi64,
    vsrlv = _mm512_srlv_epi64], _mm512_srli_epi64, _mm512_setzero_si512, _mm512_set1_epi64);

// The mask operations in vector form, as the shared files use them (on
// AVX-512 a comparison gives a mask register; these convert).
fns! {
    /// All ones in the words where `a = b`, zero elsewhere.
    #[inline]
    fn veq(a: W, b: W) -> W {
        _mm512_maskz_set1_epi64(_mm512_cmpeq_epi64_mask(a, b), -1)
    }

    /// The top bits of the eight words, as a mask.
    #[inline]
    fn vmovemask(a: W) -> u8 {
        _mm512_cmplt_epi64_mask(a, _mm512_setzero_si512())
    }

    /// All ones in word `k` where bit `k` of `mask` is set, zero elsewhere.
    #[inline]
    fn vlane_mask(mask: u8) -> W {
        _mm512_maskz_set1_epi64(mask, -1)
    }

    /// The words of `b` where `m` is all ones, of `a` where it is zero.
    #[inline]
    fn vblendv(a: W, b: W, m: W) -> W {
        _mm512_mask_blend_epi64(_mm512_test_epi64_mask(m, m), a, b)
    }
}

// avx2/'s files compiled a second time, at zmm width (lane30.rs): one
// source for both kernels is the point, so clippy's duplicate_mod is off.
#[allow(clippy::duplicate_mod)]
#[path = "../avx2/add.rs"]
mod add;
#[allow(clippy::duplicate_mod)]
#[path = "../avx2/convert.rs"]
mod convert;
#[allow(clippy::duplicate_mod)]
#[path = "../avx2/mul.rs"]
mod mul;
#[cfg(test)]
#[allow(clippy::duplicate_mod)]
#[path = "../avx2/tests.rs"]
pub(crate) mod tests;

lane30_exports!();

/// Whether the CPU runs these kernels: AVX-512F (AVX2 comes with it).
pub fn available() -> bool {
    std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx2")
}
