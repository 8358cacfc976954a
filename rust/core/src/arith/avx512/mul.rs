//! The products: Montgomery multiplication in radix 2^52 with IFMA (the
//! method and the column bounds are in the module doc of [`super`]).
//!
//! Written with intrinsics: with 32 vector registers the live state (8
//! limbs of `a`, 9 live columns, `b_i`, `m`) fits, and the constants are
//! broadcast operands.

use super::{carry, load, splat, store, FpX8, LIMBS, P52, PINV52, V};
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
        // m = t_i (-p^-1) mod 2^52 (the low 52 bits of t_i are all it reads).
        let m = _mm512_madd52lo_epu64(zero, t[i], splat(PINV52));
        // t += m p 2^(52 i): makes t_i = 0 mod 2^52.
        each_limb!(j => {
            madd(&mut t, i + j, m, splat(P52[j]));
        });
        // t_i is now a multiple of 2^52: its top bits move up, it retires.
        t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_srli_epi64::<52>(t[i]));
    });
    let mut out: V = [zero; LIMBS];
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
pub unsafe fn mul(out: &mut FpX8, a: &FpX8, b: &FpX8) {
    *out = store(&mul_v(&load(a), &load(b)));
}

/// `a = a b` ([`mul`] in place).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn mul_assign(a: &mut FpX8, b: &FpX8) {
    *a = store(&mul_v(&load(a), &load(b)));
}

/// `out = a^2 / 2^416 mod p` in the eight lanes: [`mul`]`(out, a, a)`,
/// with its bounds. (The products of IFMA read 52-bit operands, so the
/// doubled cross products of a dedicated square would need their own
/// accumulators and a shift; not done yet.)
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn sqr(out: &mut FpX8, a: &FpX8) {
    let a = load(a);
    *out = store(&mul_v(&a, &a));
}
