//! Fp arithmetic on eight elements at once with AVX-512 IFMA: lane-sliced
//! Montgomery products over 8 limbs of 52 bits.
//!
//! The eight-lane counterpart of [`super::avx2`] (four lanes, 30-bit
//! limbs), for the same use: batches of independent products, such as the
//! affine additions of the MSM (`msm::lanes`, where measurement picks
//! it); the functions here are reached only by callers that checked
//! [`available`].
//!
//! # Representation
//!
//! An [`FpX8Ifma`] holds eight elements side by side: `limbs[i][k]` is limb
//! `i` of lane `k`, so that `limbs[i]` is one `zmm` register. A lane holds
//! an integer `v = sum_i v_i 2^(52 i)` (8 limbs, each in a 64-bit word,
//! 416 bits in all) and stands for the element `v / 2^416 mod p`:
//! Montgomery form with `R = 2^416`. The field layer's `Fp` holds
//! `x 2^384 mod p` in six 64-bit words (`R = 2^384`), which is what the
//! conversions take and give: into lane form a shift by 32 bits and a
//! reduction by a quotient estimated from the top bits ([`from_fp`]), and
//! back one 32-bit Montgomery reduction step ([`to_fp`]). This module
//! works on limbs only: it knows p by its limbs, not the field types.
//!
//! `v` is *normalised* when every limb is below 2^52 (the top one
//! included: `v < 2^416`); *reduced* when moreover `v < p (1 + 2^-16)`
//! (what [`from_fp`] and [`reduce`] give; a reduced value is below `2p`,
//! so it is zero mod p exactly when it is 0 or p, and below 2^384, so it
//! fits the six words of the raw form). Values are not kept below p: each
//! operation states the bound of its output and what it accepts.
//!
//! # The product
//!
//! `vpmadd52luq` / `vpmadd52huq` multiply the low 52 bits of each 64-bit
//! lane and add the low (resp. high) 52 bits of the 104-bit product to a
//! 64-bit accumulator: eight 52 x 52-bit products per instruction pair.
//!
//! [`mul`] is word-by-word Montgomery (CIOS) in radix 2^52: for `i` in
//! `0..8`, add the row `a b_i`, then `m p` with `m = t_0 (-p^-1) mod 2^52`
//! (which makes `t_0 = 0 mod 2^52`), and carry `t_0 >> 52` into `t_1`.
//! After 8 steps `t = (a b + M p) / 2^416` with `M < 2^416`, so
//! `t < a b / 2^416 + p`. The large R is room: for operands below 2^398
//! (`~2^17 p`) the product is below `2p`, for operands below 2^384 below
//! `p + 2^352`, reduced.
//!
//! Carries are lazy inside the product: the columns are never normalised
//! between steps. A step adds to each live column at most four halves of
//! products (the low half of `a_j b_i` and of `m p_j`, the high half of
//! `a_(j-1) b_i` and of `m p_(j-1)`), each below 2^52, so below 2^54; a
//! column is live for at most 9 steps and receives one carry (below
//! `2^57 / 2^52`), so every column stays below `9 * 2^54 + 2^6 < 2^58`:
//! no overflow of the 64-bit words, and no carry pass before the end. The
//! instructions read only the low 52 bits of their multiplicands, which is
//! why the operands must be normalised (the columns themselves are only
//! added to and shifted, never multiplied, except `t_0` for `m`, where only
//! `t_0 mod 2^52` matters). The output's eight columns are normalised by
//! one serial carry pass.
//!
//! # Files
//!
//! This file holds the vector type [`FpX8Ifma`], the constants, the loads and
//! stores and the carry pass; `mul.rs` the products, `add.rs` the
//! additions, subtractions, selections and [`reduce`], `convert.rs` the
//! conversions from and to the words of an `Fp` and the raw form,
//! `tests.rs` their tests against big integers and the field layer's `Fp`.
//!
//! # Safety and timing
//!
//! The vector functions are `unsafe` for one reason only: the caller must
//! have checked that the CPU has AVX-512F and AVX-512 IFMA ([`available`]).
//! Everything here is straight-line code: no branch and no memory access
//! depends on the data (what a caller does with the mask of [`is_zero`] is
//! its business).
#![allow(clippy::missing_safety_doc)]
// A few operations serve only the tests and the bench probe.
#![cfg_attr(not(any(test, feature = "internals")), allow(dead_code))]

use core::arch::x86_64::*;

/// Limbs per element.
pub const LIMBS: usize = 8;

/// Bits per limb.
const BITS: u32 = 52;

/// The limb mask, 2^52 - 1.
const MASK: u64 = (1 << BITS) - 1;

/// p in radix 2^52, little-endian (checked against p's 64-bit limbs in the
/// tests).
const P52: [u64; LIMBS] = [
    0xe_ffff_ffff_aaab,
    0xf_eb15_3fff_fb9f,
    0x6_b0f6_241e_abff,
    0x1_2bf6_730d_2a0f,
    0x7_6477_4b84_f385,
    0x1_ba7b_6434_bacd,
    0x1_ea39_7fe6_9a4b,
    0x0_0000_0001_a011,
];

/// -p^-1 mod 2^52.
const PINV52: u64 = 0x3_fffc_fffc_fffd;

/// -p^-1 mod 2^32, for the Montgomery step of [`to_fp`].
const PINV32: u64 = 0xfffc_fffd;

/// Whether the CPU runs these kernels: AVX-512F and AVX-512 IFMA.
pub fn available() -> bool {
    std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512ifma")
}

/// [`available`], for a test of code on these kernels: where the CPU lacks
/// them, says that test `test` is skipped (the caller returns early).
#[cfg(test)]
pub(crate) fn available_or_skip(test: &str) -> bool {
    let yes = available();
    if !yes {
        eprintln!("{test}: no AVX-512F/IFMA on this CPU: test SKIPPED");
    }
    yes
}

/// 2^416 mod p (one in lane form) in radix 2^52.
const ONE52: [u64; LIMBS] = [
    0x6_480e_a8e9_b9af,
    0x6_5766_c8fe_444f,
    0x8_b540_fea9_6f7d,
    0x3_b2ee_82ef_d422,
    0xa_6723_e5f0_ade5,
    0xf_f6eb_6fdd_4230,
    0xe_06ef_23c2_4a25,
    0x0_0000_0001_4c8e,
];

/// Eight elements of Fp in lane form (see the module comment); every
/// bit pattern is memory-safe, results are only meaningful within the
/// bounds each operation states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct FpX8Ifma {
    /// `limbs[i][k]` is limb `i` of lane `k`: row `i` is one vector.
    pub limbs: [[u64; 8]; LIMBS],
}

impl FpX8Ifma {
    /// One in every lane (`2^416 mod p`, normalised).
    pub const ONE: FpX8Ifma = FpX8Ifma { limbs: splat_rows(&ONE52) };
    /// Zero in every lane.
    pub const ZERO: FpX8Ifma = FpX8Ifma { limbs: splat_rows(&[0; LIMBS]) };
}

/// Each limb repeated across the eight lanes of its row.
const fn splat_rows(l: &[u64; LIMBS]) -> [[u64; 8]; LIMBS] {
    let mut rows = [[0; 8]; LIMBS];
    let mut i = 0;
    while i < LIMBS {
        rows[i] = [l[i]; 8];
        i += 1;
    }
    rows
}

type V = [__m512i; LIMBS];

/// `body` once for each `i` in `0..8` (or in the list given), unrolled, so
/// that every limb index is a constant and the limbs stay in registers.
#[rustfmt::skip]
macro_rules! each_limb {
    ($i:ident => $body:block) => { each_limb!($i in [0, 1, 2, 3, 4, 5, 6, 7] => $body) };
    ($i:ident in [$($n:literal),*] => $body:block) => { $( { let $i: usize = $n; $body } )* };
}

// The kernels (after `each_limb!`, which they use).
mod add;
mod convert;
mod mul;
#[cfg(test)]
mod tests;

// Not all used by the crate (the tests and the bench probe use the rest).
#[cfg_attr(not(any(test, feature = "internals")), allow(unused_imports))]
pub use add::{add, combine, double, half, is_zero, neg, permute, reduce, select, sub, COMBINE_TERMS};
#[cfg_attr(not(any(test, feature = "internals")), allow(unused_imports))]
pub use convert::{from_fp, from_fp_refs, from_raw_refs, to_fp, to_fp_ptrs, to_raw_ptrs};
pub use mul::{mul, mul_assign, sqr};
// The 8 x 6 transposes, shared with the eight-lane AVX-512F kernel.
pub(super) use convert::{store_words, words_of};

// ---------------------------------------------------------------------------
// Loads, stores and the carry pass.

/// `x` in the eight lanes of a vector (a constant operand, once inlined:
/// LLVM folds it into an embedded broadcast `{1to8}` where it can).
#[inline]
#[target_feature(enable = "avx512f")]
fn splat(x: u64) -> __m512i {
    _mm512_set1_epi64(x as i64)
}

/// The limbs of `x` into registers: an [`FpX8Ifma`] is laid out as eight
/// aligned vectors.
#[inline]
#[target_feature(enable = "avx512f")]
fn load(x: &FpX8Ifma) -> V {
    // SAFETY: same size (512 bytes) and alignment (64), any bits valid.
    unsafe { core::mem::transmute::<FpX8Ifma, V>(*x) }
}

/// Registers back into an [`FpX8Ifma`] (as [`load`]).
#[inline]
#[target_feature(enable = "avx512f")]
fn store(v: &V) -> FpX8Ifma {
    // SAFETY: as in `load`.
    unsafe { core::mem::transmute::<V, FpX8Ifma>(*v) }
}

/// Carries limbs below 2^63 into normalised limbs (serial chain); the top
/// limb keeps what reaches it, wrapping mod 2^64, which is exact and
/// normalised whenever the value is below `2^416` (callers' bounds).
#[inline]
#[target_feature(enable = "avx512f")]
fn carry(v: &mut V) {
    let mask = splat(MASK);
    each_limb!(i in [0, 1, 2, 3, 4, 5, 6] => {
        let c = _mm512_srli_epi64::<52>(v[i]);
        v[i] = _mm512_and_si512(v[i], mask);
        v[i + 1] = _mm512_add_epi64(v[i + 1], c);
    });
}
