//! The field kernels called directly, inlined, for hot loops.
//!
//! The field methods (`Fp::mul`, `Fr::mul`, ...) choose their kernel at
//! every call (one relaxed atomic load) and keep the products out of line.
//! A loop that runs thousands of field operations in a row can instead
//! choose once and have the kernels inlined into its own body: no call
//! and no backend check per operation. It takes one of the handles here,
//! which exist only where their kernels may run:
//!
//! - [`FpAdx`]: the x86_64 (ADX, BMI2) kernels of Fp, for the runs of G1
//!   doublings and the variable-time mixed additions (`curve/formulas.rs`;
//!   G2's Fp2 kernels inlined the same way measured no faster);
//! - [`FrMul`], implemented by [`FrPortable`] and [`FrAdx`]: the Montgomery
//!   product of Fr, for the FFT's butterflies (`fft/fr.rs`), chosen once
//!   per transform.
//!
//! Every operation takes and returns field values, reduced unless its doc
//! says otherwise; the limbs stay in this layer.

use super::Fr;
use crate::arith;

/// The x86_64 (ADX, BMI2) kernels of p, called directly. Built only by
/// [`FpAdx::new`], after `use_adx()` said the CPU has them.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(crate) struct FpAdx(());

#[cfg(target_arch = "x86_64")]
mod fp_adx {
    use super::FpAdx;
    use crate::arith::params::fp::{INV, MODULUS};
    use crate::arith::x86_64 as k;
    use crate::field::Fp;

    // SAFETY (every block): an `FpAdx` exists only once `use_adx()`
    // returned true, that is, the CPU has ADX and BMI2; the output slots
    // are local.
    impl FpAdx {
        /// The kernels where the CPU has ADX and BMI2 and the backend
        /// allows them (`BLS12_381_BACKEND`).
        #[inline(always)]
        pub(crate) fn new() -> Option<FpAdx> {
            crate::arith::use_adx().then_some(FpAdx(()))
        }

        /// `a b`, inputs below `2p`, output reduced.
        #[inline(always)]
        pub(crate) fn mul(&self, a: &Fp, b: &Fp) -> Fp {
            Fp(unsafe { k::mul_mont_384(&a.0, &b.0, &MODULUS, INV) })
        }

        /// `a^2`, output reduced.
        #[inline(always)]
        pub(crate) fn sqr(&self, a: &Fp) -> Fp {
            Fp(unsafe { k::sqr_mont_384(&a.0, &MODULUS, INV) })
        }

        /// `a^2` below `2p` (not fully reduced): only to feed products.
        #[inline(always)]
        pub(crate) fn sqr_lazy(&self, a: &Fp) -> Fp {
            Fp(unsafe { k::sqr_mont_384_lazy(&a.0, &MODULUS, INV) })
        }

        /// `a + b`, inputs reduced.
        #[inline(always)]
        pub(crate) fn add(&self, a: &Fp, b: &Fp) -> Fp {
            Fp(unsafe { k::add_mod_384(&a.0, &b.0, &MODULUS) })
        }

        /// `a - b`, inputs reduced.
        #[inline(always)]
        pub(crate) fn sub(&self, a: &Fp, b: &Fp) -> Fp {
            Fp(unsafe { k::sub_mod_384(&a.0, &b.0, &MODULUS) })
        }

        /// `e m - b^2` for `e, m` reduced and `b` below `2p`: both products
        /// at double width, one subtraction mod `p 2^384`, one reduction.
        #[inline(always)]
        pub(crate) fn mul_sub_sqr(&self, e: &Fp, m: &Fp, b: &Fp) -> Fp {
            unsafe {
                let mut t = k::mul_384(&e.0, &m.0);
                k::sub_mod_768_assign(&mut t, &k::sqr_384(&b.0), &MODULUS);
                Fp(k::redc_mont_384(&t, &MODULUS, INV))
            }
        }

        /// `a b - c d` for reduced inputs, with one reduction.
        #[inline(always)]
        pub(crate) fn mul_sub_mul(&self, a: &Fp, b: &Fp, c: &Fp, d: &Fp) -> Fp {
            unsafe {
                let mut t = k::mul_384(&a.0, &b.0);
                k::sub_mod_768_assign(&mut t, &k::mul_384(&c.0, &d.0), &MODULUS);
                Fp(k::redc_mont_384(&t, &MODULUS, INV))
            }
        }
    }
}

/// The Montgomery product of Fr by one kernel, chosen once for a whole
/// loop instead of once per product; inputs and output below r.
pub(crate) trait FrMul: Copy + Send + Sync {
    /// `a b`.
    fn mul(self, a: &Fr, b: &Fr) -> Fr;
}

/// The portable kernel (`arith::montgomery`), inlined.
#[derive(Clone, Copy)]
pub(crate) struct FrPortable;

impl FrMul for FrPortable {
    #[inline(always)]
    fn mul(self, a: &Fr, b: &Fr) -> Fr {
        use arith::params::fr::{INV, MODULUS};
        Fr(arith::montgomery::mul_mont(&a.0, &b.0, &MODULUS, INV))
    }
}

/// The x86_64 MULX/ADX kernel, inlined; a value exists only once
/// `use_adx()` said the CPU has those instructions ([`FrAdx::new`]).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(crate) struct FrAdx(());

#[cfg(target_arch = "x86_64")]
impl FrAdx {
    /// The kernel where the CPU has ADX and BMI2 and the backend allows it
    /// (`BLS12_381_BACKEND`).
    #[inline(always)]
    pub(crate) fn new() -> Option<FrAdx> {
        arith::use_adx().then_some(FrAdx(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl FrMul for FrAdx {
    #[inline(always)]
    fn mul(self, a: &Fr, b: &Fr) -> Fr {
        use arith::params::fr::{INV, MODULUS};
        // SAFETY: an `FrAdx` is only made after `use_adx()` returned true.
        Fr(unsafe { arith::x86_64::mul_mont_256(&a.0, &b.0, &MODULUS, INV) })
    }
}
