//! The products: Montgomery multiplication in radix 2^52 with IFMA (the
//! method and the column bounds are in the module doc of [`super`]).
//!
//! Written with intrinsics: with 32 vector registers the live state (8
//! limbs of `a`, 9 live columns, `b_i`, `m`) fits, and the constants are
//! broadcast operands.

use super::{carry, load, splat, store, FpX8Ifma, LIMBS, P52, PINV52, V};
use core::arch::x86_64::*;

/// `t[c] += x y mod 2^52` and `t[c + 1] += x y >> 52` for the low 52 bits
/// of `x` and `y`, lane by lane.
#[inline(always)]
fn madd(t: &mut [__m512i], c: usize, x: __m512i, y: __m512i) {
    // SAFETY: only reached from functions compiled with AVX-512F and IFMA.
    unsafe {
        t[c] = _mm512_madd52lo_epu64(t[c], x, y);
        t[c + 1] = _mm512_madd52hi_epu64(t[c + 1], x, y);
    }
}

/// The Montgomery product of limbs `a` and `b` in registers (see [`mul`]).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul_v(a: &V, b: &V) -> V {
    let zero = _mm512_setzero_si512();
    // Column c of the running sum in t[c]; columns below i are retired
    // after step i. 17 slots so that the high half of a_7 b_7 has a place
    // (column 15; slot 16 stays unused).
    let mut t = [zero; 2 * LIMBS + 1];
    each_limb!(i => {
        let bi = b[i];
        // t += a b_i: the column t[i] first, which m waits for.
        each_limb!(j => {
            madd(&mut t, i + j, a[j], bi);
        });
        montgomery_step(&mut t, i);
    });
    high_columns(&t)
}

/// Step `i` of the Montgomery reduction: `m = t_i (-p^-1) mod 2^52` (the
/// low 52 bits of `t_i` are all it reads), `t += m p 2^(52 i)`, which makes
/// `t_i = 0 mod 2^52`, and `t_i`'s top bits carried into `t_(i + 1)`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn montgomery_step(t: &mut [__m512i; 2 * LIMBS + 1], i: usize) {
    let m = _mm512_madd52lo_epu64(_mm512_setzero_si512(), t[i], splat(PINV52));
    each_limb!(j => {
        madd(t, i + j, m, splat(P52[j]));
    });
    t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_srli_epi64::<52>(t[i]));
}

/// The result of the eight steps: columns 8..16, normalised.
#[inline]
#[target_feature(enable = "avx512f")]
fn high_columns(t: &[__m512i; 2 * LIMBS + 1]) -> V {
    let mut out: V = [t[LIMBS]; LIMBS];
    out.copy_from_slice(&t[LIMBS..2 * LIMBS]);
    carry(&mut out);
    out
}

/// `out = a b / 2^416 mod p` in the eight lanes (Montgomery product).
///
/// Inputs normalised (limbs below 2^52) with `a b < 2^416 (2^416 - p)`
/// in each lane (for instance both below 2^415). Output normalised, below
/// `a b / 2^416 + p`: below `2p` when `a b < p 2^416` (both below 2^398,
/// say), below `p + 2^352` (reduced) when both are below 2^384.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn mul(out: &mut FpX8Ifma, a: &FpX8Ifma, b: &FpX8Ifma) {
    *out = store(&mul_v(&load(a), &load(b)));
}

/// `a = a b` ([`mul`] in place).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn mul_assign(a: &mut FpX8Ifma, b: &FpX8Ifma) {
    *a = store(&mul_v(&load(a), &load(b)));
}

/// The square of limbs `a` in registers (see [`sqr`]): the full product
/// first, each cross product `a_i a_j` (`i < j`) once into its own
/// columns, which are then doubled (a shift of the columns, since IFMA
/// reads 52 bits of a multiplicand and `2 a_j` may have 53), plus the
/// squares `a_i^2`; then eight Montgomery steps as in [`mul_v`]. 100
/// products where [`mul_v`] has 128.
///
/// Column bounds: a column of the cross products collects at most 8
/// halves (4 low, 4 high), below 2^55, doubled below 2^56, plus two
/// halves of a square; the reduction adds at most 4 halves per step over
/// at most 8 steps, below 2^57, and the carries from below: every column
/// stays below 2^58.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn sqr_v(a: &V) -> V {
    let zero = _mm512_setzero_si512();
    let mut t = [zero; 2 * LIMBS + 1];
    each_limb!(i => {
        each_limb!(j => {
            if j > i {
                madd(&mut t, i + j, a[i], a[j]);
            }
        });
    });
    for c in t.iter_mut() {
        *c = _mm512_add_epi64(*c, *c);
    }
    each_limb!(i => {
        madd(&mut t, 2 * i, a[i], a[i]);
    });
    each_limb!(i => {
        montgomery_step(&mut t, i);
    });
    high_columns(&t)
}

/// `out = a^2 / 2^416 mod p` in the eight lanes: as [`mul`]`(out, a, a)`
/// (same bounds), with 100 limb products instead of 128.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn sqr(out: &mut FpX8Ifma, a: &FpX8Ifma) {
    *out = store(&sqr_v(&load(a)));
}
