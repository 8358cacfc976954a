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
//! # Files
//!
//! This file holds the vector type [`FpX4`], the constants and the loads
//! and stores; `convert.rs` the conversions from and to the words of an
//! `Fp` and the raw form, `mul.rs` the products (`asm!`), `add.rs` the
//! additions, subtractions, selections and [`reduce`], `tests.rs` their
//! tests against big integers and the portable Montgomery product.
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
const BITS: u32 = 30;

/// The limb mask, 2^30 - 1.
const MASK: u64 = (1 << BITS) - 1;

/// p in radix 2^30, little-endian (checked against p's 64-bit limbs in the
/// tests).
const P30: [u64; LIMBS] = [
    0x3fff_aaab, 0x27fb_ffff, 0x153f_fffb, 0x2aff_ffac, 0x30f6_241e, 0x034a_83da, 0x112b_f673,
    0x12e1_3ce1, 0x2cd7_6477, 0x1ed9_0d2e, 0x29a4_b1ba, 0x3a8e_5ff9, 0x001a_0111,
];

/// -p^-1 mod 2^30.
const PINV30: u64 = 0x3ffc_fffd;

/// -p^-1 mod 2^6, for the last step of [`to_fp`].
const PINV6: u64 = 0x3d;

/// Four elements of Fp in lane form (see the module comment): `limbs[i][k]`
/// is limb `i` of lane `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct FpX4 {
    /// The limbs, lane-sliced. Any contents are memory-safe; results are
    /// only meaningful within the bounds each operation states.
    pub limbs: [[u64; 4]; LIMBS],
}

impl FpX4 {
    /// Zero in every lane.
    pub const ZERO: FpX4 = FpX4 { limbs: [[0; 4]; LIMBS] };

    /// One in every lane (`2^390 mod p`, normalised).
    pub const ONE: FpX4 = {
        // 2^390 mod p in radix 2^30.
        const L: [u64; LIMBS] = [
            0x00d1_ff2e, 0x19d8_0000, 0x3480_0ac4, 0x2e00_cde6, 0x0243_1c84, 0x269f_83a2, 0x3dcf_80dd,
            0x09b4_2da0, 0x25ee_c26c, 0x15d9_8f12, 0x04b2_9f14, 0x259f_cfa0, 0x0001_5de9,
        ];
        let mut limbs = [[0; 4]; LIMBS];
        let mut i = 0;
        while i < LIMBS {
            limbs[i] = [L[i]; 4];
            i += 1;
        }
        FpX4 { limbs }
    };

    /// The same element in the four lanes (reduced), from the six words
    /// of its Montgomery form (as [`from_fp`]).
    #[cfg(any(test, feature = "internals"))]
    #[target_feature(enable = "avx2")]
    pub unsafe fn splat(x: &[u64; 6]) -> FpX4 {
        // SAFETY: AVX2 is enabled here.
        unsafe { from_fp(&[*x; 4]) }
    }
}

type V = [__m256i; LIMBS];

/// `body` once for each `i` in `0..13` (or in the list given), unrolled:
/// LLVM leaves the table-driven limb loops rolled otherwise, with a table
/// load and a variable shift count per limb.
#[rustfmt::skip]
macro_rules! each_limb {
    ($i:ident => $body:block) => { each_limb!($i in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] => $body) };
    ($i:ident in [$($n:literal),*] => $body:block) => { $( { let $i: usize = $n; $body } )* };
}

// The kernels (after `each_limb!`, which they use).
mod add;
mod convert;
mod mul;
#[cfg(test)]
pub(crate) mod tests;

pub use add::{add, is_zero, reduce, select, sub};
pub use convert::{from_fp_refs, from_raw_refs, to_fp, to_raw_ptrs};
#[cfg(any(test, feature = "internals"))]
pub use convert::{from_fp, to_fp_ptrs};
pub use mul::{mul, mul_assign, sqr};
#[cfg(any(test, feature = "internals"))]
pub use mul::sqr_assign;

// ---------------------------------------------------------------------------
// Loads, stores and the helpers of the intrinsics code (conversions and
// additions).

/// `x` in the four lanes of a vector.
#[inline(always)]
fn splat(x: u64) -> __m256i {
    // SAFETY: SSE2/AVX broadcast without memory access; only reached from
    // functions compiled with AVX2.
    unsafe { _mm256_set1_epi64x(x as i64) }
}

/// The limbs of `x` into registers.
#[inline]
#[target_feature(enable = "avx2")]
fn load(x: &FpX4) -> V {
    let mut v = [_mm256_setzero_si256(); LIMBS];
    for (vi, row) in v.iter_mut().zip(&x.limbs) {
        // SAFETY: `FpX4` rows are 32-byte aligned and 32 bytes long.
        *vi = unsafe { _mm256_load_si256(row.as_ptr() as *const __m256i) };
    }
    v
}

/// Registers back into an [`FpX4`].
#[inline]
#[target_feature(enable = "avx2")]
fn store(v: &V) -> FpX4 {
    let mut out = FpX4::ZERO;
    for (row, vi) in out.limbs.iter_mut().zip(v) {
        // SAFETY: as in `load`.
        unsafe { _mm256_store_si256(row.as_mut_ptr() as *mut __m256i, *vi) };
    }
    out
}

/// Carries limbs below 2^63 into normalised limbs (serial chain); the top
/// limb keeps what reaches it, wrapping mod 2^64, which is exact whenever
/// the value is below `2^390` (callers' bounds).
#[inline]
#[target_feature(enable = "avx2")]
fn carry(v: &mut V) {
    let mask = splat(MASK);
    each_limb!(i in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] => {
        let c = _mm256_srli_epi64(v[i], BITS as i32);
        v[i] = _mm256_and_si256(v[i], mask);
        v[i + 1] = _mm256_add_epi64(v[i + 1], c);
    });
}
