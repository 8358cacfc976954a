//! The scalar field Fr, r = 0x73eda753...00000001 (255 bits), the order of
//! G1, G2 and GT, in Montgomery form over four 64-bit limbs.

use crate::arith;
use crate::Error;
use subtle::{ConditionallySelectable, ConstantTimeEq, CtOption};

/// An element of Fr (Montgomery form: the limbs hold `x * 2^256 mod r`).
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Fr(pub(crate) [u64; 4]);

/// The limb constants of r (`MODULUS`, `R`, `R2`, `R3`,
/// `MODULUS_MINUS_1_OVER_2`), kept in the limb layer (`arith::params`).
pub(crate) use crate::arith::params::fr::{MODULUS, MODULUS_MINUS_1_OVER_2, R, R2, R3};

/// r - 1 = 2^S * T with T odd.
pub(super) const S: u32 = 32;

/// (T - 1) / 2: `a^((T-1)/2)` gives both `a^((T+1)/2)` and `a^T`, the
/// start of both square-root methods (here and in `fr_sqrt.rs`).
pub(super) const T_MINUS_1_OVER_2: [u64; 4] =
    [0x7fff_2dff_7fff_ffff, 0x04d0_ec02_a9de_d201, 0x94ce_bea4_199c_ec04, 0x0000_0000_39f6_d3a9];

/// 7^T, a primitive 2^32-th root of unity (7 generates Fr*), Montgomery form.
pub(super) const ROOT_OF_UNITY: Fr =
    Fr([0xb9b5_8d8c_5f0e_466a, 0x5b1b_4c80_1819_d7ec, 0x0af5_3ae3_52a3_1e64, 0x5bf3_adda_19e9_b27b]);

prime_field_encoding!(Fr, 32, false, "little-endian");
prime_field!(Fr, 4, arith::fr, meter []);

impl Fr {
    /// Reduces a 64-byte little-endian integer mod r (uniform sampling from
    /// 512 random bits: the bias is below 2^-256).
    pub fn from_bytes_wide(bytes: &[u8; 64]) -> Fr {
        let lo = super::limbs_of_bytes(&bytes[..32], false);
        let hi = super::limbs_of_bytes(&bytes[32..], false);
        // value = lo + hi * 2^256; in Montgomery form lo*R + hi*R^2, i.e.
        // mont(lo, R2) + mont(hi, R3), once lo and hi are below r.
        let lo = Fr(reduce_256(&lo));
        let hi = Fr(reduce_256(&hi));
        lo.mul(&Fr(R2)).add(&hi.mul(&Fr(R3)))
    }

    /// Reduces a little-endian integer of any length mod r (the empty
    /// slice is 0). Constant time in the value; the time depends only on
    /// the length.
    pub fn from_le_bytes_reduced(bytes: &[u8]) -> Fr {
        // Horner over 32-byte chunks from the most significant:
        // acc = acc * 2^256 + chunk. With R = 2^256, mont(x, R2) = x R: so
        // mont(acc_limbs, R2) multiplies the element by 2^256, and
        // mont(reduced chunk, R2) is the chunk's element.
        let mut acc = Fr::ZERO;
        let nchunks = bytes.len().div_ceil(32);
        for c in (0..nchunks).rev() {
            let mut buf = [0u8; 32];
            let start = 32 * c;
            let end = bytes.len().min(start + 32);
            buf[..end - start].copy_from_slice(&bytes[start..end]);
            let mut l = [0u64; 4];
            for (i, chunk) in buf.chunks_exact(8).enumerate() {
                l[i] = u64::from_le_bytes(chunk.try_into().unwrap());
            }
            let chunk = Fr(reduce_256(&l)).mul(&Fr(R2));
            acc = acc.mul(&Fr(R2)).add(&chunk);
        }
        acc
    }

    /// A square root, when one exists (constant time: Tonelli-Shanks with a
    /// fixed schedule).
    ///
    /// Which root: with c = 7^T the primitive 2^32-th root of unity, the
    /// result is `a^((T+1)/2) c^m` for the one integer `m` in `[0, 2^31)`
    /// that makes it a root (if `a^T = c^j`, j is even and `2m = -j mod
    /// 2^32`; the two roots differ by the factor `c^(2^31) = -1`, so
    /// exactly one of them has such an `m`). The loop below picks `m` bit
    /// by bit, from 2^0 to 2^30. [`Fr::sqrt_vartime`] returns the same root.
    /// Zero gives zero.
    pub fn sqrt(&self) -> CtOption<Fr> {
        // x = a^((T+1)/2) and b = a^T = x^2 / a. For a square a, b has order
        // dividing 2^(S-1). Step k (from S-1 down to 1) keeps b = x^2 / a and
        // halves the bound on b's order: when b^(2^(k-1)) = -1 it multiplies x
        // by h_k = c^(2^(S-1-k)) and b by h_k^2 = h_(k-1), c the root of unity.
        let w = self.pow_vartime(&T_MINUS_1_OVER_2);
        let mut x = self.mul(&w);
        let mut b = x.mul(&w);
        let mut h = ROOT_OF_UNITY;
        for k in (1..S).rev() {
            let mut e = b;
            for _ in 1..k {
                e = e.square();
            }
            let flip = !e.ct_eq(&Fr::ONE);
            let h2 = h.square();
            x.conditional_assign(&x.mul(&h), flip);
            b.conditional_assign(&b.mul(&h2), flip);
            h = h2;
        }
        CtOption::new(x, x.square().ct_eq(self))
    }

    /// `x / 2^k` for `x = self`, k <= 32 (the inverse FFT's 1/n), in
    /// Montgomery form as well: dividing xR by 2^k gives (x / 2^k) R.
    /// Since r = 1 mod 2^32, m = -x mod 2^k makes
    /// x + m r = x + m = 0 mod 2^k, and (x + m r) / 2^k < (r + 2^k r) / 2^k
    /// = r + r / 2^k < 2^256: one conditional subtraction of r leaves it below
    /// r. Four 64 x 32-bit products and shifts: a fraction of a Montgomery
    /// product. Constant time. Inlined into the inverse FFT's butterflies.
    #[inline(always)]
    pub(crate) fn div_pow2(&self, k: u32) -> Fr {
        use arith::montgomery::{mac, reduce_once};
        debug_assert!(k <= 32);
        if k == 0 {
            return *self;
        }
        let m = self.0[0].wrapping_neg() & ((1u64 << k) - 1);
        // t = x + m r, five limbs (x < 2^255, m r < 2^287).
        let mut t = [0u64; 5];
        let mut carry = 0;
        for i in 0..4 {
            (t[i], carry) = mac(self.0[i], m, MODULUS[i], carry);
        }
        t[4] = carry;
        debug_assert_eq!(t[0] & ((1u64 << k) - 1), 0);
        let mut out = [0u64; 4];
        for i in 0..4 {
            out[i] = (t[i] >> k) | (t[i + 1] << (64 - k));
        }
        Fr(reduce_once(&out, &MODULUS))
    }

    /// The full 512-bit product of two 256-bit integers given as
    /// little-endian limbs (plain integers, not field elements: the
    /// canonical limbs of [`Fr::to_limbs`] and constants beside them),
    /// low limb first. Constant time. The lattice rounding of the
    /// endomorphism splits (`curve/glv.rs`) divides with it.
    #[inline]
    pub(crate) fn mul_wide_integers(a: &[u64; 4], b: &[u64; 4]) -> [u64; 8] {
        let (lo, hi) = arith::montgomery::mul_wide(a, b);
        [lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3]]
    }
}

/// Reduces a 256-bit integer mod r (2^256 < 3r: at most two subtractions).
fn reduce_256(a: &[u64; 4]) -> [u64; 4] {
    use arith::montgomery::reduce_once;
    reduce_once(&reduce_once(a, &MODULUS), &MODULUS)
}
