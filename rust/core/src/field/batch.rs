//! Operations on slices of field elements: batch inversion (Fp, Fp2, Fr),
//! and for Fr the sum, the product and the inner product.
//!
//! Batch inversion is Montgomery's trick: with the prefix products
//! `p_i = v_0 ... v_(i-1)`, one inversion gives `1 / p_n`, and walking
//! back `1 / v_i = p_i (1 / p_(i+1))` and `1 / p_i = v_i (1 / p_(i+1))`:
//! one inversion and 3 (n - 1) products for n elements. Zeros have no
//! inverse: they are left zero and skipped in the products (the constant-time
//! version multiplies by one instead, chosen by selection).

use super::fr::{self, Fr};
use super::{Field, Fp, Fp2};
use crate::arith::montgomery::{self, adc};
use crate::arith::params::fr::INV;
use crate::Error;
use subtle::Choice;

/// What batch inversion needs of a field beyond [`Field`].
trait Invertible: Field {
    const ZERO: Self;
    fn is_zero(&self) -> Choice;
    /// `1 / self`, or zero for zero (constant time).
    fn invert_or_zero(&self) -> Self;
    fn invert_vartime(&self) -> Option<Self>;
}

/// The constant-time batch inversion (see the module documentation). The
/// time depends on the length only.
fn batch_invert<F: Invertible>(values: &mut [F]) {
    // prefix[i] = product of the non-zero values before i.
    let mut prefix = Vec::with_capacity(values.len());
    let mut acc = F::ONE;
    for v in values.iter() {
        prefix.push(acc);
        acc = F::conditional_select(&acc.mul(v), &acc, v.is_zero());
    }
    // A product of non-zero elements (or one): invertible.
    let mut inv = acc.invert_or_zero();
    for (v, p) in values.iter_mut().zip(prefix).rev() {
        let zero = v.is_zero();
        let inv_before = inv.mul(v);
        let out = inv.mul(&p);
        inv = F::conditional_select(&inv_before, &inv, zero);
        *v = F::conditional_select(&out, &F::ZERO, zero);
    }
}

/// [`batch_invert`] in variable time: zeros are skipped by a branch and the
/// single inversion is the variable-time one.
fn batch_invert_vartime<F: Invertible>(values: &mut [F]) {
    let mut prefix = Vec::with_capacity(values.len());
    let mut acc = F::ONE;
    for v in values.iter() {
        prefix.push(acc);
        if !bool::from(v.is_zero()) {
            acc = acc.mul(v);
        }
    }
    let Some(mut inv) = acc.invert_vartime() else {
        // Unreachable: acc is a product of non-zero elements.
        return batch_invert(values);
    };
    for (v, p) in values.iter_mut().zip(prefix).rev() {
        if !bool::from(v.is_zero()) {
            let inv_before = inv.mul(v);
            *v = inv.mul(&p);
            inv = inv_before;
        }
    }
}

/// [`Invertible`] for each field, and the public batch inversions.
macro_rules! batch_inversion {
    ($($t:ident),*) => {$(
        impl Invertible for $t {
            const ZERO: $t = $t::ZERO;
            #[inline(always)]
            fn is_zero(&self) -> Choice {
                <$t>::is_zero(self)
            }
            #[inline]
            fn invert_or_zero(&self) -> $t {
                <$t>::invert(self).unwrap_or($t::ZERO)
            }
            #[inline]
            fn invert_vartime(&self) -> Option<$t> {
                <$t>::invert_vartime(self)
            }
        }

        impl $t {
            /// Replaces every non-zero element of `values` by its inverse and
            /// leaves the zeros zero, with one field inversion for the whole
            /// slice (Montgomery's trick: 3 products an element) and one
            /// scratch vector of the slice's length. Constant time: the time
            /// depends on the length only, not on the values or where the
            /// zeros are.
            pub fn batch_invert(values: &mut [$t]) {
                batch_invert(values)
            }

            /// [`Self::batch_invert`] in variable time (public values only):
            /// the zeros are skipped by branches and the one inversion is
            /// the variable-time one. Same results.
            pub fn batch_invert_vartime(values: &mut [$t]) {
                batch_invert_vartime(values)
            }
        }
    )*};
}

batch_inversion!(Fp, Fp2, Fr);

/// The lengths from which [`Fr::inner_product`] and [`Fr::sum`] reduce
/// lazily: below them the final reduction (a Montgomery reduction, a
/// product and two additions) costs more than the per-term reductions it
/// saves (a Montgomery reduction each in the inner product, a conditional
/// subtraction each in the sum).
const LAZY_MIN_INNER_PRODUCT: usize = 8;
const LAZY_MIN_SUM: usize = 32;

/// The integer `s0 + s4 2^256 mod r` (`s0` four limbs, `s4` one) as an
/// element whose Montgomery limbs are that integer: `s0` below 2^256 < 3r
/// needs two conditional subtractions, and `s4 2^256 mod r` is the Montgomery
/// product of `s4` (below r) by `R2 = 2^512 mod r`.
#[inline]
fn limbs_mod_r(s0: &[u64; 4], s4: u64) -> Fr {
    use montgomery::reduce_once;
    let lo = Fr(reduce_once(&reduce_once(s0, &fr::MODULUS), &fr::MODULUS));
    lo.add(&Fr([s4, 0, 0, 0]).mul(&Fr(fr::R2)))
}

impl Fr {
    /// `a[0] b[0] + a[1] b[1] + ...`; zero for empty slices;
    /// `VectorLengthMismatch { left: a.len(), right: b.len() }` when the
    /// lengths differ. Constant time in the values.
    ///
    /// Lazy reduction (from 8 terms on): the full 510-bit products of the
    /// Montgomery forms (`a_i R b_i R`) are summed exactly into 576 bits (room for 2^66
    /// terms), and reduced once at the end: the sum `V = L + H 2^256`
    /// (`L` the low 256 bits) gives `V / R = redc(L) + H mod r`, the
    /// Montgomery form of the result.
    pub fn inner_product(a: &[Fr], b: &[Fr]) -> Result<Fr, Error> {
        if a.len() != b.len() {
            return Err(Error::VectorLengthMismatch { left: a.len(), right: b.len() });
        }
        if a.len() < LAZY_MIN_INNER_PRODUCT {
            return Ok(a.iter().zip(b).fold(Fr::ZERO, |s, (x, y)| s.add(&x.mul(y))));
        }
        let mut acc = [0u64; 9];
        for (x, y) in a.iter().zip(b) {
            let (lo, hi) = montgomery::mul_wide(&x.0, &y.0);
            let mut c = 0;
            for i in 0..4 {
                (acc[i], c) = adc(acc[i], lo[i], c);
            }
            for i in 0..4 {
                (acc[4 + i], c) = adc(acc[4 + i], hi[i], c);
            }
            acc[8] = acc[8].wrapping_add(c);
        }
        let low = Fr(montgomery::redc(&[acc[0], acc[1], acc[2], acc[3]], &[0; 4], &fr::MODULUS, INV));
        Ok(low.add(&limbs_mod_r(&[acc[4], acc[5], acc[6], acc[7]], acc[8])))
    }

    /// `values[0] + values[1] + ...`, zero for an empty slice. Constant
    /// time in the values. Lazy (from 32 terms on): the
    /// Montgomery limbs (each below r < 2^255) are summed exactly into 320
    /// bits and reduced mod r once.
    pub fn sum(values: &[Fr]) -> Fr {
        if values.len() < LAZY_MIN_SUM {
            return values.iter().fold(Fr::ZERO, |s, x| s.add(x));
        }
        let mut acc = [0u64; 4];
        let mut top = 0u64;
        for v in values {
            let mut c = 0;
            for i in 0..4 {
                (acc[i], c) = adc(acc[i], v.0[i], c);
            }
            top = top.wrapping_add(c);
        }
        limbs_mod_r(&acc, top)
    }

    /// `values[0] values[1] ...`, one for an empty slice. Constant time in
    /// the values.
    pub fn product(values: &[Fr]) -> Fr {
        values.iter().fold(Fr::ONE, |s, x| s.mul(x))
    }
}
