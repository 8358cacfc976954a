//! Fp arithmetic on four elements at once with AVX2: lane-sliced
//! Montgomery products over 13 limbs of 30 bits.
//!
//! For batches of independent products (the affine additions of the MSM);
//! the single-element kernels are in [`super::x86_64`].
//!
//! # Representation
//!
//! An [`FpX4`] holds four elements side by side: `limbs[i][k]` is limb `i`
//! of lane `k`, so that `limbs[i]` is one `ymm` register. A lane holds an
//! integer `v = sum_i v_i 2^(30 i)` (13 limbs, each in a 64-bit word) and
//! stands for the element `v / 2^390 mod p`: Montgomery form with
//! `R = 2^390`. The field layer's `Fp` holds `x 2^384 mod p` in six 64-bit
//! words (its Montgomery form, `R = 2^384`), which is what the conversions
//! take and give: into lane form a shift by 6 bits and a [`reduce`]
//! ([`from_fp`]), and the way back one 6-bit Montgomery reduction step
//! ([`to_fp`]). This module works on limbs only: it knows p by its limbs,
//! not the field types.
//!
//! `v` is *normalised* when every limb is below 2^30. Values are not kept
//! below p: each operation states the bound of its output and what it
//! accepts; [`sub`] adds `4p` and [`reduce`] a zero written with large
//! limbs, so that no limb goes negative. [`reduce`] brings any value below `2^389` back under
//! `p (1 + 2^-12)` (call it "reduced" below).
//!
//! # The product
//!
//! `vpmuludq` multiplies the low 32 bits of each 64-bit lane into a 64-bit
//! product: two per cycle on the test machine (AMD Zen 3), four lanes each,
//! against one 64 x 64-bit MULX per cycle. With 30-bit limbs a product of
//! limbs is below 2^60 and a 64-bit word holds 15 of them, so the columns
//! of the schoolbook product accumulate without carries between limbs.
//! (Radix 2^28, 14 limbs, needs no carry pass but 406 multiplications per
//! product against 351, and was slower.)
//!
//! [`mul`] is word-by-word Montgomery (CIOS) in radix 2^30: for `i` in
//! `0..13`, add the row `a * b_i`, then `m p` with
//! `m = t_0 (-p^-1) mod 2^30` (which makes `t_0 = 0 mod 2^30`), and carry
//! `t_0 >> 30` into `t_1`. After 13 steps `t = (a b + M p) / 2^390` with
//! `M < 2^390`, so `t < a b / 2^390 + p`. Each step adds two products to
//! each of the 13 live columns; a column lives 13 steps, which would be 26
//! products, so one pass before step 6 carries every live column into its
//! successor (each column keeps its low 30 bits), after which no column
//! collects more than 14 products between carries: with the limbs and `m`
//! at their largest and p's actual limbs, every column stays below
//! `2^63.43` (computed in the tests, `column_bounds`).
//!
//! The 13 live columns stay in registers `ymm0..ymm12` (column `c` in
//! `ymm(c mod 13)`, so no data moves between steps), `ymm13` holds `b_i`
//! then `m`, `ymm14` the product being added, `ymm15` the limb mask; `a`,
//! `p` and `-p^-1` are read from memory by `vpmuludq`. That is why the
//! kernels are `asm!`: written with intrinsics, LLVM regrouped the sums by
//! column, kept ~30 vectors live and spilled (~330 extra loads and stores
//! per product of four, which made it nearly twice as slow). The serial part of a step (`m`, the
//! carry into the next column, the next `m`: about 11 cycles) is shorter
//! than its 27 multiplications, so out-of-order execution overlaps the
//! steps and the kernel runs at the rate of the vector ports.
//!
//! [`sqr`] computes each cross product once, doubled (91 products instead
//! of 169), with one carry pass before step 4; its bound uses the input's
//! top limb (below 2^25 for inputs below 2^385): columns below `2^63.68`.
//!
//! # Files and widths
//!
//! The same algorithm runs on eight lanes of `zmm` registers with
//! AVX-512F ([`super::avx512f`]): same limbs, bounds, register plan and
//! carry schedule, twice the lanes per instruction. The kernel files are
//! written once for both widths (see `arith/lane30.rs`): this file holds
//! the constants and this width's vector type [`FpX4`] and mask
//! operations; `convert.rs` the conversions from and to the words of an
//! `Fp` and the raw form (`words.rs` this width's transposes), `mul.rs`
//! the products (`asm!`), `add.rs` the additions, subtractions,
//! selections and [`reduce`], `tests.rs` their tests against big integers
//! and the portable Montgomery product. Where these files say "four" or
//! name `ymm` registers, read "eight" and `zmm` at the other width.
//!
//! # Safety and timing
//!
//! The vector functions are `unsafe` for one reason only: the caller must
//! have checked that the CPU has AVX2 (`is_x86_feature_detected!("avx2")`).
//! Everything here is straight-line code: no branch and no memory access
//! depends on the data (what a caller does with the mask of [`is_zero`]
//! is its business).
#![allow(clippy::missing_safety_doc)]

use core::arch::x86_64::*;

/// Limbs per element.
pub const LIMBS: usize = 13;

/// Bits per limb.
pub(super) const BITS: u32 = 30;

/// The limb mask, 2^30 - 1.
pub(super) const MASK: u64 = (1 << BITS) - 1;

/// p in radix 2^30, little-endian (checked against p's 64-bit limbs in the
/// tests).
pub(super) const P30: [u64; LIMBS] = [
    0x3fff_aaab,
    0x27fb_ffff,
    0x153f_fffb,
    0x2aff_ffac,
    0x30f6_241e,
    0x034a_83da,
    0x112b_f673,
    0x12e1_3ce1,
    0x2cd7_6477,
    0x1ed9_0d2e,
    0x29a4_b1ba,
    0x3a8e_5ff9,
    0x001a_0111,
];

/// -p^-1 mod 2^30.
pub(super) const PINV30: u64 = 0x3ffc_fffd;

/// -p^-1 mod 2^6, for the last step of [`to_fp`].
pub(super) const PINV6: u64 = 0x3d;

/// 2^390 mod p (one in lane form) in radix 2^30.
pub(super) const ONE30: [u64; LIMBS] = [
    0x00d1_ff2e,
    0x19d8_0000,
    0x3480_0ac4,
    0x2e00_cde6,
    0x0243_1c84,
    0x269f_83a2,
    0x3dcf_80dd,
    0x09b4_2da0,
    0x25ee_c26c,
    0x15d9_8f12,
    0x04b2_9f14,
    0x259f_cfa0,
    0x0001_5de9,
];

// This width's spelling of the shared files' registers, target features
// and `asm!` blocks (crate::arith::lane30).
lane30_width!($ ymm);

#[rustfmt::skip]
lane30_vector!(ymm, FpX4, 4, 32, __m256i, [
    vadd = _mm256_add_epi64, vsub = _mm256_sub_epi64, vand = _mm256_and_si256, vor = _mm256_or_si256,
    vmul32 = _mm256_mul_epu32, vsllv = _mm256_sllv_epi64, vsrlv = _mm256_srlv_epi64
], _mm256_srli_epi64, _mm256_setzero_si256, _mm256_set1_epi64x);

fns! {
    /// All ones in the words where `a = b`, zero elsewhere.
    #[inline]
    fn veq(a: W, b: W) -> W {
        _mm256_cmpeq_epi64(a, b)
    }

    /// The top bits of the four words, as bits `0..4`.
    #[inline]
    fn vmovemask(a: W) -> u8 {
        _mm256_movemask_pd(_mm256_castsi256_pd(a)) as u8
    }

    /// All ones in word `k` where bit `k` of `mask` is set, zero elsewhere.
    #[inline]
    fn vlane_mask(mask: u8) -> W {
        let bit = |k: u8| -(((mask >> k) & 1) as i64);
        _mm256_set_epi64x(bit(3), bit(2), bit(1), bit(0))
    }

    /// The words of `b` where `m` is all ones, of `a` where it is zero.
    #[inline]
    fn vblendv(a: W, b: W, m: W) -> W {
        _mm256_blendv_epi8(a, b, m)
    }
}

// The kernels (after the macros above, which they use). They are shared
// with the eight-lane kernel (`super::avx512f`), which compiles the same
// files; `words.rs` is this width's own (4 x 6 transposes).
mod add;
mod convert;
mod mul;
#[cfg(test)]
pub(crate) mod tests;
mod words;

use words::{store_words, words_of};

lane30_exports!();

/// Whether the CPU runs these kernels.
pub fn available() -> bool {
    std::is_x86_feature_detected!("avx2")
}
