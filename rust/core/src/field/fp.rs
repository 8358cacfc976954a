//! The base field Fp, p = 0x1a0111ea...ffffaaab (381 bits), in Montgomery
//! form over six 64-bit limbs.

use crate::arith::{self, Wide384};
use crate::Error;
use subtle::{Choice, ConstantTimeEq, CtOption};

/// An element of Fp (Montgomery form: the limbs hold `x * 2^384 mod p`).
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Fp(pub(crate) [u64; 6]);

/// The limb constants of p (`MODULUS`, `R`, `R2`, `R3`,
/// `MODULUS_MINUS_1_OVER_2`), kept in the limb layer (`arith::params`).
pub(crate) use crate::arith::params::fp::{MODULUS, MODULUS_MINUS_1_OVER_2, R, R2, R3};

/// A public exponent as a left-to-right window schedule over a table of
/// powers: `table[k]` makes power `k + 1` as the product of powers `i` and
/// `j` (a square when equal; power 0 is `x`); start from power `first`,
/// then for each `(n, k)` square `n` times and multiply by power `k`, then
/// square `tail` times.
struct PowSchedule<const T: usize, const N: usize> {
    table: [(usize, usize); T],
    first: usize,
    steps: [(u32, usize); N],
    tail: u32,
}

/// Room for the powers of a [`PowSchedule`] (its `T + 1`).
const POW_TABLE: usize = 40;

include!("fp_pow_schedule.rs");

prime_field_encoding!(Fp, 48, true, "big-endian");
prime_field!(Fp, 6, arith::fp, meter [FpAdd, FpSub, FpNeg, FpMul, FpSquare, FpInverse, FpInverseVartime]);

impl Fp {
    /// 1/2 = (p + 1) / 2.
    pub(crate) const HALF: Fp = Fp([
        0x1804_0000_0001_5554,
        0x8550_0005_3ab0_0001,
        0x633c_b57c_253c_276f,
        0x6e22_d1ec_31eb_b502,
        0xd391_6126_f2d1_4ca2,
        0x17fb_b857_1a00_6596,
    ]);

    /// Reduces a 64-byte little-endian integer mod p (for uniform sampling
    /// from 512 random bits: the bias is below 2^-130).
    pub fn from_bytes_wide(bytes: &[u8; 64]) -> Fp {
        let low: [u64; 8] = super::limbs_of_bytes(bytes, false);
        let mut t: Wide384 = [0; 12];
        t[..8].copy_from_slice(&low);
        // t < 2^512 < p * 2^384, so one reduction gives t / 2^384; R3 restores it.
        meter!(FpReduce, Fp(arith::fp::redc(&t))).mul(&Fp(R3))
    }

    /// Reduces a double-width value `t < p * 2^384` (Montgomery reduction).
    #[inline(always)]
    pub(crate) fn reduce(t: &Wide384) -> Fp {
        meter!(FpReduce, Fp(arith::fp::redc(t)))
    }

    /// `self * rhs` at double width, not reduced (inputs below 2^384; below
    /// `p^2` for reduced inputs): a term of a sum of products that is
    /// reduced once ([`Fp::reduce`], or as a coefficient of an `Fp2Wide`).
    #[inline(always)]
    pub(crate) fn mul_wide(&self, rhs: &Fp) -> Wide384 {
        arith::fp::mul_wide(&self.0, &rhs.0)
    }

    /// `self * b - c * d` with one reduction: both products at double
    /// width (below `p^2`), their difference mod `p 2^384`, then one
    /// Montgomery reduction (instead of two).
    #[inline(always)]
    pub(crate) fn mul_sub_mul(&self, b: &Fp, c: &Fp, d: &Fp) -> Fp {
        let mut t = meter!(FpMulWide, arith::fp::mul_wide(&self.0, &b.0));
        arith::fp::sub_wide_assign(&mut t, &meter!(FpMulWide, arith::fp::mul_wide(&c.0, &d.0)));
        Fp::reduce(&t)
    }

    /// `self * m - b^2` with one reduction ([`Fp::mul_sub_mul`]); `b` may
    /// be below `2p` (`b^2 < 4 p^2 < p 2^384`).
    #[inline(always)]
    pub(crate) fn mul_sub_sqr(&self, m: &Fp, b: &Fp) -> Fp {
        self.mul_sub_mul(m, b, b)
    }

    /// `sum k_i m_i` (`k`, `m` of the same length, at least one term) with
    /// one reduction: every product at double width (below `p^2`), summed
    /// modulo `p 2^384` (each partial sum below `p 2^384`), one Montgomery
    /// reduction at the end (instead of one per product).
    #[inline(always)]
    pub(crate) fn sum_of_products(k: &[Fp], m: &[Fp]) -> Fp {
        let mut acc = meter!(FpMulWide, arith::fp::mul_wide(&k[0].0, &m[0].0));
        for (ki, mi) in k.iter().zip(m.iter()).skip(1) {
            arith::fp::add_wide_assign(&mut acc, &meter!(FpMulWide, arith::fp::mul_wide(&ki.0, &mi.0)));
        }
        Fp::reduce(&acc)
    }

    /// The element of the canonical integer `l` (little-endian limbs) and
    /// whether `l` was canonical (below p), in constant time: a
    /// non-canonical value is cleared first (the element is then zero), so
    /// that the conversion only sees reduced input.
    #[inline(always)]
    pub(crate) fn from_limbs_ct(mut l: [u64; 6]) -> (Fp, Choice) {
        // l < p exactly when l - p borrows.
        let (_, borrow) = arith::montgomery::sub_n(&l, &MODULUS);
        let m = arith::montgomery::mask(borrow);
        for x in l.iter_mut() {
            *x &= m;
        }
        let x = Fp::from_montgomery(l).mul(&Fp::from_montgomery(R2));
        (x, Choice::from(borrow as u8))
    }

    /// `self / 2`: `self` (or `self + p` when odd, below `2p < 2^382`)
    /// shifted right by one bit. Montgomery form is linear, so halving the
    /// representation halves the value. Constant time (a mask, no branch).
    /// Out of line: inlined into the G1 doubling it only moved the code
    /// around it, at no gain ([`Fp::half_inline`] is the inlined form, for
    /// kernels that inline their other operations too).
    #[inline(never)]
    pub(crate) fn half(&self) -> Fp {
        self.half_inline()
    }

    /// [`Fp::half`], inlined.
    #[inline(always)]
    pub(crate) fn half_inline(&self) -> Fp {
        let mask = 0u64.wrapping_sub(self.0[0] & 1);
        let (s, _) = arith::montgomery::add_n(&self.0, &MODULUS.map(|l| l & mask));
        Fp(core::array::from_fn(|i| (s[i] >> 1) | if i < 5 { s[i + 1] << 63 } else { 0 }))
    }

    /// `self + rhs` without reduction: below 2p, only to feed `mul_wide`.
    #[inline(always)]
    pub(crate) fn add_unreduced(&self, rhs: &Fp) -> [u64; 6] {
        arith::montgomery::add_n(&self.0, &rhs.0).0
    }

    /// A square root, when one exists (constant time): a^((p+1)/4), checked.
    pub fn sqrt(&self) -> CtOption<Fp> {
        let s = self.pow_p_minus_3_over_4().mul(self);
        CtOption::new(s, s.square().ct_eq(self))
    }

    /// `self^((p - 3) / 4)`, the exponentiation behind square roots
    /// (`x^((p + 1) / 4) = x * x^((p - 3) / 4)`) and inverse square roots.
    /// Constant time (a fixed chain).
    pub(crate) fn pow_p_minus_3_over_4(&self) -> Fp {
        let [y] = Fp::pow_p_minus_3_over_4_n(&[*self]);
        y
    }

    /// [`Fp::pow_p_minus_3_over_4`] of `M` values at once, their chains in
    /// lockstep (see `arith::fp::sqr_n_mul_n`). Constant time.
    pub(crate) fn pow_p_minus_3_over_4_n<const M: usize>(xs: &[Fp; M]) -> [Fp; M] {
        Fp::pow_schedule_n(xs, &P_MINUS_3_OVER_4)
    }

    fn pow_schedule_n<const M: usize, const T: usize, const N: usize>(xs: &[Fp; M], s: &PowSchedule<T, N>) -> [Fp; M] {
        const { assert!(T < POW_TABLE) };
        let limbs = |v: &[Fp; M]| -> [[u64; 6]; M] { v.map(|x| x.0) };
        // The table's powers of each value.
        let mut pow = [*xs; POW_TABLE];
        for (k, &(i, j)) in s.table.iter().enumerate() {
            pow[k + 1] = core::array::from_fn(|m| if i == j { pow[i][m].square() } else { pow[i][m].mul(&pow[j][m]) });
        }
        let mut acc = limbs(&pow[s.first]);
        for &(n, k) in s.steps.iter() {
            acc = arith::fp::sqr_n_mul_n(&acc, n, &limbs(&pow[k]));
        }
        arith::fp::sqr_n_mul_n(&acc, s.tail, &[R; M]).map(Fp)
    }

    /// Whether the canonical integer is odd (the "sign" used by hash to curve).
    pub fn sgn0(&self) -> Choice {
        Choice::from((self.to_limbs()[0] & 1) as u8)
    }

    /// Whether the canonical integer is larger than (p - 1) / 2 (the ZCash
    /// encodings' "lexicographically largest" flag).
    pub fn lexicographically_largest(&self) -> Choice {
        let l = self.to_limbs();
        // l > (p-1)/2  <=>  (p-1)/2 - l borrows.
        let (_, borrow) = arith::montgomery::sub_n(&MODULUS_MINUS_1_OVER_2, &l);
        Choice::from(borrow as u8)
    }
}

pub(crate) mod wide {
    //! Double-width arithmetic modulo `p * 2^384`, for lazy reduction in the
    //! tower. In place: the tower's accumulators are large, and updating them
    //! where they live keeps the compiler from copying them around.
    //!
    //! `add_assign`/`sub_assign`: `a +-= b mod p 2^384` for `a, b < p 2^384`;
    //! `add_exact_assign` (`a + b < 2^768`) and `sub_exact_assign` (`a >= b`):
    //! the same as integers, no modular correction.
    pub(crate) use crate::arith::fp::{
        add_wide_assign as add_assign, add_wide_exact_assign as add_exact_assign, sub_wide_assign as sub_assign,
        sub_wide_exact_assign as sub_exact_assign,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_doubles_back() {
        let mut x = Fp(R).neg().add(&Fp::HALF); // some value
        for v in [Fp::ZERO, Fp(R), Fp(R).neg(), Fp::HALF, Fp::HALF.neg()] {
            assert_eq!(v.half().double(), v);
            assert_eq!(v.half(), v.mul(&Fp::HALF));
        }
        for _ in 0..100 {
            x = x.square().add(&Fp(R));
            assert_eq!(x.half().double(), x);
            assert_eq!(x.half(), x.mul(&Fp::HALF));
        }
    }
}
