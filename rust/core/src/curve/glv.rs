//! The scalar decompositions of the endomorphisms: GLV on G1 (sigma, two
//! 128-bit halves) and GLS on G2 (psi, four 64-bit digits), and the
//! endomorphisms' images of points, for the scalar multiplications
//! (`mul_ct.rs`, `mul_vartime.rs`) and the MSM (`Curve::endo_split`,
//! `Curve::endo_images`).
//!
//! # Scalar splitting
//!
//! - G1: sigma(x, y) = (BETA_L x, y) acts on G1 as [L], L = z^2 - 1, a cube
//!   root of unity mod r = L^2 + L + 1. A scalar k < r splits as
//!   k = a + b L with a = k mod L < 2^128 and b = floor(k / L) <= L + 1 < 2^128.
//! - G2: psi acts on G2 as [z], z = -|z| the curve seed, so -psi acts as
//!   [|z|]. Since r < |z|^4, k has four base-|z| digits
//!   k = c0 + c1 |z| + c2 |z|^2 + c3 |z|^3, each below 2^64, and
//!   [k]P = sum of [c_i] (-psi)^i (P).
//!
//! Both divisions are Barrett reductions by a public constant with a fixed
//! number of corrections (constant time, [`div_rem`]), on the field
//! layer's wide product of integers (`Fr::mul_wide_integers`).
//!
//! For points outside the prime-order subgroup the endomorphisms do not act
//! as these scalars, and the result is not [k]P (as for other GLV
//! implementations); nothing panics.

use super::{Affine, G1Affine, G2Affine};
use crate::field::{Fp, Fr};
use subtle::{Choice, ConditionallySelectable};

// ---------------------------------------------------------------------------
// Constants (tools/endo_constants.py).

/// L = z^2 - 1 = 0xac45a4010001a40200000000ffffffff, the eigenvalue of
/// sigma(x, y) = (BETA_L x, y) on G1.
const L: [u64; 4] = [0x0000_0000_ffff_ffff, 0xac45_a401_0001_a402, 0, 0];

/// floor(2^256 / L) = 0x17c6becf1e01faadd63f6e522f6cfee30.
const M_L: [u64; 4] = [0x63f6_e522_f6cf_ee30, 0x7c6b_ecf1_e01f_aadd, 1, 0];

/// |z| as a 256-bit divisor.
const Z_ABS: [u64; 4] = [super::Z_ABS, 0, 0, 0];

/// floor(2^256 / |z|) = 0x1381204ca56cd56b533cfcc0d3e76ec2892078a5e8573b29c.
const M_Z: [u64; 4] = [0x9207_8a5e_8573_b29c, 0x33cf_cc0d_3e76_ec28, 0x3812_04ca_56cd_56b5, 1];

/// BETA_L = 0x1a0111ea...00000000aaac, a primitive cube root of unity in Fp
/// such that (x, y) -> (BETA_L x, y) is [L] on G1 (Montgomery form).
pub(crate) const BETA_L: Fp = Fp::from_montgomery([
    0xcd03_c9e4_8671_f071,
    0x5dab_2246_1fcd_a5d2,
    0x5870_42af_d385_1b95,
    0x8eb6_0ebe_01ba_cb9e,
    0x03f9_7d6e_83d0_50d2,
    0x18f0_2065_5463_8741,
]);

/// OMEGA = N(PSI_X): psi^2(x, y) = (OMEGA x, -y) on E2. The same cube
/// root of unity as BETA_L (0x1a0111ea...00000000aaac).
const OMEGA: Fp = BETA_L;

// ---------------------------------------------------------------------------
// Constant-time integer helpers on 4 x 64-bit limbs.

/// The low 256 bits of `x >> s` for a public shift `s` < 512.
#[inline]
fn shr<const N: usize>(x: &[u64; N], s: usize) -> [u64; 4] {
    let (limbs, bits) = (s / 64, s % 64);
    let mut out = [0u64; 4];
    for (i, o) in out.iter_mut().enumerate() {
        let lo = x.get(i + limbs).copied().unwrap_or(0);
        let hi = x.get(i + limbs + 1).copied().unwrap_or(0);
        *o = if bits == 0 { lo } else { (lo >> bits) | (hi << (64 - bits)) };
    }
    out
}

/// `a - b mod 2^256` and the borrow (0 or 1).
#[inline]
fn sub4(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], u64) {
    let mut out = [0u64; 4];
    let mut borrow = 0u64;
    for i in 0..4 {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow);
        out[i] = d;
        borrow = (b1 | b2) as u64;
    }
    (out, borrow)
}

/// `a + c mod 2^256` for a small `c`.
#[inline]
fn add_small(a: &[u64; 4], c: u64) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut carry = c;
    for i in 0..4 {
        let (s, o) = a[i].overflowing_add(carry);
        out[i] = s;
        carry = o as u64;
    }
    out
}

/// `q = floor(k / d)` and `k mod d`, in constant time, for a public divisor
/// with 2^t <= d < 2^(t+1) (t >= 1) and `m = floor(2^256 / d)`.
///
/// Barrett: with k1 = floor(k / 2^t), q' = floor(k1 m / 2^(256-t)) satisfies
/// q' <= k1 2^t / d <= k / d, and k / d - q' < k0 / d + k1 (2^256/d - m) /
/// 2^(256-t) + 1 < 3 (k0 = k mod 2^t < d, k1 < 2^(256-t)), so q - q' <= 2:
/// two conditional corrections.
fn div_rem(k: &[u64; 4], d: &[u64; 4], m: &[u64; 4], t: usize) -> ([u64; 4], [u64; 4]) {
    let k1 = shr(k, t);
    let mut q = shr(&Fr::mul_wide_integers(&k1, m), 256 - t);
    let qd = Fr::mul_wide_integers(&q, d);
    let (mut rem, _) = sub4(k, &[qd[0], qd[1], qd[2], qd[3]]);
    for _ in 0..2 {
        let (r2, borrow) = sub4(&rem, d);
        // borrow = 0 (rem >= d): take r2 and count one more. The choice goes
        // through subtle's optimisation barrier: written as plain masks
        // ((r2 & take) | (rem & !take)), LLVM turned the selection into a
        // compare and a jump on the secret borrow.
        let take = Choice::from((borrow ^ 1) as u8);
        for i in 0..4 {
            rem[i] = u64::conditional_select(&rem[i], &r2[i], take);
        }
        q = add_small(&q, u64::from(take.unwrap_u8()));
    }
    (q, rem)
}

/// k = a + b L (a < L, b <= L + 1), constant time; k < r as canonical limbs.
pub(crate) fn split_g1(k: &[u64; 4]) -> ([u64; 2], [u64; 2]) {
    let (b, a) = div_rem(k, &L, &M_L, 127);
    ([a[0], a[1]], [b[0], b[1]])
}

/// k = c0 + c1 |z| + c2 |z|^2 + c3 |z|^3 (each c_i < |z|), constant time;
/// k < r as canonical limbs.
pub(crate) fn split_g2(k: &[u64; 4]) -> [u64; 4] {
    let (q1, c0) = div_rem(k, &Z_ABS, &M_Z, 63);
    let (q2, c1) = div_rem(&q1, &Z_ABS, &M_Z, 63);
    let (c3, c2) = div_rem(&q2, &Z_ABS, &M_Z, 63);
    [c0[0], c1[0], c2[0], c3[0]]
}

// ---------------------------------------------------------------------------
// G1.

/// (BETA_L x, y): sigma, i.e. [L] on G1 (on any curve y^2 = x^3 + b').
#[inline]
pub(super) fn sigma(p: &G1Affine) -> G1Affine {
    Affine::from_raw(p.x.mul(&BETA_L), p.y)
}

/// The GLV parts (a, b) of `k = a + b L` for multi-scalar multiplication.
pub(crate) fn g1_endo_split(k: &Fr) -> [u128; 4] {
    let (a, b) = split_g1(&k.to_limbs());
    [a[0] as u128 | (a[1] as u128) << 64, b[0] as u128 | (b[1] as u128) << 64, 0, 0]
}

/// (P, sigma(P)): the points the parts of [`g1_endo_split`] multiply.
pub(crate) fn g1_endo_images(p: &G1Affine) -> [G1Affine; 4] {
    [*p, sigma(p), Affine::identity(), Affine::identity()]
}

// ---------------------------------------------------------------------------
// G2.

/// -psi: [|z|] on G2. On a curve scaled by N in Fp, psi keeps the form
/// (conj(x) PSI_X, conj(y) PSI_Y) since conj(N) = N.
#[inline]
pub(super) fn minus_psi(p: &G2Affine) -> G2Affine {
    let q = p.psi();
    Affine::from_raw(q.x, q.y.neg())
}

/// psi^2 = (OMEGA x, -y): [z^2] on G2.
#[inline]
pub(super) fn psi2(p: &G2Affine) -> G2Affine {
    Affine::from_raw(p.x.mul_by_fp(&OMEGA), p.y.neg())
}

/// The GLS parts (c0, c1, c2, c3) of `k = sum c_i |z|^i` for
/// multi-scalar multiplication.
pub(crate) fn g2_endo_split(k: &Fr) -> [u128; 4] {
    split_g2(&k.to_limbs()).map(u128::from)
}

/// (P, -psi(P), psi^2(P), (-psi)^3(P)): the points the parts of
/// [`g2_endo_split`] multiply.
pub(crate) fn g2_endo_images(p: &G2Affine) -> [G2Affine; 4] {
    let q = minus_psi(p);
    [*p, q, psi2(p), psi2(&q)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Schoolbook a * b + c on limbs, for checking the splits.
    fn mul_add(a: &[u64], b: &[u64], c: &[u64]) -> [u64; 8] {
        let mut t = [0u64; 8];
        for (i, &x) in c.iter().enumerate() {
            t[i] = x;
        }
        for (i, &x) in a.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &y) in b.iter().enumerate() {
                let v = (x as u128) * (y as u128) + t[i + j] as u128 + carry;
                t[i + j] = v as u64;
                carry = v >> 64;
            }
            let mut k = i + b.len();
            while carry != 0 {
                let v = t[k] as u128 + carry;
                t[k] = v as u64;
                carry = v >> 64;
                k += 1;
            }
        }
        t
    }

    fn lt(a: &[u64], b: &[u64]) -> bool {
        for i in (0..a.len().max(b.len())).rev() {
            let (x, y) = (a.get(i).copied().unwrap_or(0), b.get(i).copied().unwrap_or(0));
            if x != y {
                return x < y;
            }
        }
        false
    }

    fn scalars() -> Vec<[u64; 4]> {
        let r = Fr::MODULUS;
        let mut v = vec![
            [0, 0, 0, 0],
            [1, 0, 0, 0],
            [r[0] - 1, r[1], r[2], r[3]],
            [r[0] - 2, r[1], r[2], r[3]],
            L,
            [L[0] - 1, L[1], 0, 0],
            [L[0] + 1, L[1], 0, 0],
            Z_ABS,
            [u64::MAX, 0, 0, 0],
            [0, 0, 1, 0],
        ];
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..20000 {
            let mut k = [0u64; 4];
            for l in k.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *l = x;
            }
            k[3] &= 0x7fff_ffff_ffff_ffff;
            if lt(&k, &r) {
                v.push(k);
            }
            // Multiples of L (and of |z|) near the boundaries.
            let q = [k[2], k[3] >> 2, 0, 0];
            let t = mul_add(&q, &L[..2], &[]);
            v.push([t[0], t[1], t[2], t[3]]);
            let t = mul_add(&q, &L[..2], &[u64::MAX, L[1] - 1]);
            if lt(&t[..4], &r) {
                v.push([t[0], t[1], t[2], t[3]]);
            }
        }
        v
    }

    #[test]
    fn split_g1_is_exact() {
        for k in scalars() {
            let (a, b) = split_g1(&k);
            assert!(lt(&a, &L), "a >= L for {k:x?}");
            assert!(!lt(&[L[0] + 1, L[1]], &b), "b > L + 1 for {k:x?}");
            let t = mul_add(&b, &L[..2], &a);
            assert_eq!(&t[..4], &k[..], "a + b L != k");
            assert_eq!(&t[4..], &[0; 4]);
        }
    }

    #[test]
    fn split_g2_is_exact() {
        for k in scalars() {
            let c = split_g2(&k);
            let z = Z_ABS[0];
            // Horner: ((c3 z + c2) z + c1) z + c0.
            let mut acc_v: Vec<u64> = vec![c[3]];
            for i in (0..3).rev() {
                assert!(c[i] < z);
                let t = mul_add(&acc_v, &[z], &[c[i]]);
                acc_v = t[..7].to_vec();
            }
            assert!(c[3] < z);
            assert_eq!(&acc_v[..4], &k[..]);
            assert!(acc_v[4..].iter().all(|&x| x == 0));
        }
    }
}
