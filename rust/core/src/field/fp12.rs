//! Fp12 = Fp6[w] / (w^2 - v): the field holding the pairing values.

use super::fp::Fp;
use super::fp2::{Fp2, Fp2Wide};
use super::fp6::{Fp6, Fp6Wide};
use super::frobenius::FP12_C1;
use crate::Error;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// An element `c0 + c1 w` of Fp12.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Fp12 {
    /// Constant coefficient.
    pub c0: Fp6,
    /// Coefficient of w.
    pub c1: Fp6,
}

impl Fp12 {
    /// Zero.
    pub const ZERO: Fp12 = Fp12 { c0: Fp6::ZERO, c1: Fp6::ZERO };
    /// One.
    pub const ONE: Fp12 = Fp12 { c0: Fp6::ONE, c1: Fp6::ZERO };
    /// Encoded size in bytes (12 coefficients of 48 bytes).
    pub const BYTES: usize = 576;

    /// `c0 + c1 w`.
    pub const fn new(c0: Fp6, c1: Fp6) -> Fp12 {
        Fp12 { c0, c1 }
    }

    /// `self + rhs`.
    #[inline]
    pub fn add(&self, rhs: &Fp12) -> Fp12 {
        Fp12 { c0: self.c0.add(&rhs.c0), c1: self.c1.add(&rhs.c1) }
    }

    /// `self - rhs`.
    #[inline]
    pub fn sub(&self, rhs: &Fp12) -> Fp12 {
        Fp12 { c0: self.c0.sub(&rhs.c0), c1: self.c1.sub(&rhs.c1) }
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Fp12 {
        Fp12 { c0: self.c0.neg(), c1: self.c1.neg() }
    }

    /// `2 * self`.
    #[inline]
    pub fn double(&self) -> Fp12 {
        Fp12 { c0: self.c0.double(), c1: self.c1.double() }
    }

    /// `self * rhs`: Karatsuba over Fp6, every product accumulated
    /// double-width and reduced once per Fp coefficient (12 reductions).
    #[inline]
    pub fn mul(&self, rhs: &Fp12) -> Fp12 {
        let mut out = core::mem::MaybeUninit::<Fp12>::uninit();
        self.mul_to(rhs, &mut out);
        // SAFETY: `mul_to` initialises `out`.
        unsafe { out.assume_init() }
    }

    /// `self * rhs` into `out`. Out of line, with the output slot passed in
    /// by the caller: the reductions store straight into the caller's value
    /// (returned by value, the result went through a 576-byte temporary and
    /// a `memcpy`).
    #[inline(never)]
    pub(crate) fn mul_to(&self, rhs: &Fp12, out: &mut core::mem::MaybeUninit<Fp12>) {
        let mut w = core::mem::MaybeUninit::<[Fp6Wide; 3]>::uninit();
        let w = w.as_mut_ptr() as *mut Fp6Wide;
        let o = out.as_mut_ptr();
        // SAFETY: `w` holds three Fp6Wide, each written by `mul_wide_to`
        // before the references to it are formed; `out` is written in both
        // halves by `reduce_to` before the caller reads it.
        unsafe {
            Fp6::mul_wide_to(&self.c0, &rhs.c0, w);
            Fp6::mul_wide_to(&self.c1, &rhs.c1, w.add(1));
            let (a, b) = (self.c0.add(&self.c1), rhs.c0.add(&rhs.c1));
            Fp6::mul_wide_to(&a, &b, w.add(2));
            let (t0, t1, c1) = (&mut *w, &*w.add(1), &mut *w.add(2));
            // c1 = (a0 + a1)(b0 + b1) - t0 - t1; c0 = t0 + v t1 (in place in t0).
            c1.sub_pair_assign(t0, t1);
            t0.add_mul_by_nonresidue_assign(t1);
            t0.reduce_to(core::ptr::addr_of_mut!((*o).c0));
            c1.reduce_to(core::ptr::addr_of_mut!((*o).c1));
        }
    }

    /// `self^2` (complex squaring: two Fp6 products).
    #[inline]
    pub fn square(&self) -> Fp12 {
        let mut out = core::mem::MaybeUninit::<Fp12>::uninit();
        self.square_to(&mut out);
        // SAFETY: `square_to` initialises `out`.
        unsafe { out.assume_init() }
    }

    /// `self^2` into `out`, out of line (as [`Fp12::mul_to`]): complex
    /// squaring, `t = a0 a1`, `c1 = 2t`, `c0 = (a0 + a1)(a0 + v a1) - t - v t`.
    /// The 12 Fp2 products of the two Fp6 products (Karatsuba) at double
    /// width into one buffer, then one kernel for all the sums and the 12
    /// reductions (`arith::fp::fp12_sqr_reduce`).
    #[inline(never)]
    pub(crate) fn square_to(&self, out: &mut core::mem::MaybeUninit<Fp12>) {
        let (a0, a1) = (&self.c0, &self.c1);
        // a0 + a1 and a0 + v a1, with v (x0, x1, x2) = (xi x2, x0, x1).
        let l = a0.add(a1);
        let r = Fp6 { c0: a0.c0.add(&a1.c2.mul_by_nonresidue()), c1: a0.c1.add(&a1.c0), c2: a0.c2.add(&a1.c1) };
        let mut q = core::mem::MaybeUninit::<[Fp2Wide; 12]>::uninit();
        let qp = q.as_mut_ptr() as *mut Fp2Wide;
        // SAFETY: `q` holds 12 Fp2Wide, each written by `Fp6::products_to`
        // before the kernel reads them; [Fp2Wide; 12] is [Wide384; 24]
        // (Fp2Wide is repr(C) over two Wide384); Fp12 is twelve consecutive
        // [u64; 6] in tower order, written whole.
        unsafe {
            Fp6::products_to(a0, a1, qp);
            Fp6::products_to(&l, &r, qp.add(6));
            crate::arith::fp::fp12_sqr_reduce(
                qp as *const [crate::arith::Wide384; 24],
                out.as_mut_ptr() as *mut [[u64; 6]; 12],
            );
        }
    }

    /// `self * (c0 + c1 v + c4 v w)`: the sparse product by a Miller-loop
    /// line (M-type twist; nonzero Fp2 coefficients at positions 0, 1, 4).
    /// Karatsuba over Fp6 with sparse factors: 13 Fp2 products, all
    /// double-width, combined there and reduced once per Fp coefficient
    /// (12 reductions).
    #[inline]
    pub fn mul_by_014(&self, c0: &Fp2, c1: &Fp2, c4: &Fp2) -> Fp12 {
        let mut out = core::mem::MaybeUninit::<Fp12>::uninit();
        self.mul_by_014_to(c0, c1, c4, &mut out);
        // SAFETY: `mul_by_014_to` initialises `out`.
        unsafe { out.assume_init() }
    }

    /// [`Fp12::mul_by_014`] into `out`, out of line (as [`Fp12::mul_to`]).
    #[inline(never)]
    pub(crate) fn mul_by_014_to(&self, c0: &Fp2, c1: &Fp2, c4: &Fp2, out: &mut core::mem::MaybeUninit<Fp12>) {
        // aa = a0 (c0 + c1 v), bb = a1 (c4 v), t = (a0 + a1)(c0 + (c1 + c4) v);
        // result = (aa + v bb) + (t - aa - bb) w. The 13 Fp2 products at
        // double width into one buffer, then one kernel for all the sums
        // and the 12 reductions (`arith::fp::fp12_m014_reduce`, which
        // lists the products).
        let (a0, a1) = (&self.c0, &self.c1);
        let s = a0.add(a1);
        let d1 = c1.add(c4);
        let mut q = core::mem::MaybeUninit::<[Fp2Wide; 13]>::uninit();
        let qp = q.as_mut_ptr() as *mut Fp2Wide;
        // SAFETY: `q` holds 13 Fp2Wide, each written by `mul_wide_to` (whose
        // inputs are below 2p: reduced values or their unreduced sums)
        // before the kernel reads them; Fp2Wide is repr(C) over two
        // Wide384, so [Fp2Wide; 13] is [Wide384; 26]; Fp12 is twelve
        // consecutive [u64; 6] in tower order, written whole.
        unsafe {
            Fp2::mul_wide_to(&a0.c0, c0, qp);
            Fp2::mul_wide_to(&a0.c1, c1, qp.add(1));
            Fp2::mul_wide_to(&a0.c2, c1, qp.add(2));
            Fp2::mul_wide_to(&a0.c0.add_unreduced(&a0.c1), &c0.add_unreduced(c1), qp.add(3));
            Fp2::mul_wide_to(&a0.c2, c0, qp.add(4));
            Fp2::mul_wide_to(&a1.c2, c4, qp.add(5));
            Fp2::mul_wide_to(&a1.c0, c4, qp.add(6));
            Fp2::mul_wide_to(&a1.c1, c4, qp.add(7));
            Fp2::mul_wide_to(&s.c0, c0, qp.add(8));
            Fp2::mul_wide_to(&s.c1, &d1, qp.add(9));
            Fp2::mul_wide_to(&s.c2, &d1, qp.add(10));
            Fp2::mul_wide_to(&s.c0.add_unreduced(&s.c1), &c0.add_unreduced(&d1), qp.add(11));
            Fp2::mul_wide_to(&s.c2, c0, qp.add(12));
            crate::arith::fp::fp12_m014_reduce(
                qp as *const [crate::arith::Wide384; 26],
                out.as_mut_ptr() as *mut [[u64; 6]; 12],
            );
        }
    }

    /// The conjugate `c0 - c1 w` (= `self^(p^6)`; the inverse on the
    /// cyclotomic subgroup).
    #[inline]
    pub fn conjugate(&self) -> Fp12 {
        Fp12 { c0: self.c0, c1: self.c1.neg() }
    }

    /// `self^(p^power)`.
    pub fn frobenius_map(&self, power: usize) -> Fp12 {
        let k = power % 12;
        let c = &FP12_C1[k];
        let c1 = self.c1.frobenius_map(k);
        Fp12 {
            c0: self.c0.frobenius_map(k),
            c1: Fp6 { c0: c1.c0.mul(c), c1: c1.c1.mul(c), c2: c1.c2.mul(c) },
        }
    }

    /// Whether `self` is zero.
    #[inline]
    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// Whether `self` is one.
    #[inline]
    pub fn is_one(&self) -> Choice {
        self.ct_eq(&Fp12::ONE)
    }

    /// `1 / self` in constant time; none for zero.
    pub fn invert(&self) -> CtOption<Fp12> {
        let d = self.c0.square().sub(&self.c1.square().mul_by_nonresidue());
        d.invert().map(|t| Fp12 { c0: self.c0.mul(&t), c1: self.c1.mul(&t).neg() })
    }

    /// `1 / self` in variable time; `None` for zero. Public inputs only.
    pub fn invert_vartime(&self) -> Option<Fp12> {
        let d = self.c0.square().sub(&self.c1.square().mul_by_nonresidue());
        d.invert_vartime().map(|t| Fp12 { c0: self.c0.mul(&t), c1: self.c1.mul(&t).neg() })
    }

    /// `self^exp` (little-endian limbs), constant time in the bits of `exp`.
    pub fn pow(&self, exp: &[u64]) -> Fp12 {
        super::pow(self, exp)
    }

    /// `self^exp` in time that depends on `exp`: public exponents only.
    pub fn pow_vartime(&self, exp: &[u64]) -> Fp12 {
        super::pow_vartime(self, exp)
    }

    /// A uniformly random element.
    pub fn random(rng: &mut impl rand_core::RngCore) -> Fp12 {
        Fp12 { c0: Fp6::random(rng), c1: Fp6::random(rng) }
    }

    /// The twelve Fp coefficients in tower order (c0.c0.c0, c0.c0.c1, c0.c1.c0, ...).
    pub fn coefficients(&self) -> [Fp; 12] {
        let mut out = [Fp::ZERO; 12];
        for (i, f6) in [&self.c0, &self.c1].iter().enumerate() {
            for (j, f2) in [&f6.c0, &f6.c1, &f6.c2].iter().enumerate() {
                out[6 * i + 2 * j] = f2.c0;
                out[6 * i + 2 * j + 1] = f2.c1;
            }
        }
        out
    }

    /// The element with these coefficients in tower order.
    pub fn from_coefficients(c: &[Fp; 12]) -> Fp12 {
        let f2 = |k: usize| Fp2::new(c[k], c[k + 1]);
        Fp12 {
            c0: Fp6::new(f2(0), f2(2), f2(4)),
            c1: Fp6::new(f2(6), f2(8), f2(10)),
        }
    }

    /// Decodes 12 coefficients of 48 bytes, each little-endian and below p,
    /// in tower order (the ocaml-bls12-381 layout).
    pub fn from_bytes(bytes: &[u8; 576]) -> Result<Fp12, Error> {
        let mut c = [Fp::ZERO; 12];
        for (k, chunk) in bytes.chunks_exact(48).enumerate() {
            let mut be: [u8; 48] = chunk.try_into().unwrap();
            be.reverse();
            c[k] = Fp::from_bytes(&be)?;
        }
        Ok(Fp12::from_coefficients(&c))
    }

    /// Like [`Fp12::from_bytes`] on a slice; `InvalidLength` unless it has 576 bytes.
    pub fn from_slice(bytes: &[u8]) -> Result<Fp12, Error> {
        let arr: &[u8; 576] = bytes
            .try_into()
            .map_err(|_| Error::InvalidLength { expected: 576, got: bytes.len() })?;
        Fp12::from_bytes(arr)
    }

    /// The 576-byte encoding (see [`Fp12::from_bytes`]).
    pub fn to_bytes(&self) -> [u8; 576] {
        let mut out = [0u8; 576];
        for (chunk, c) in out.chunks_exact_mut(48).zip(self.coefficients().iter()) {
            let mut b = c.to_bytes();
            b.reverse();
            chunk.copy_from_slice(&b);
        }
        out
    }

    /// Reduces 12 little-endian 64-byte integers mod p, in tower order (for
    /// uniform sampling from random bytes).
    pub fn from_bytes_wide(bytes: &[u8; 768]) -> Fp12 {
        let mut c = [Fp::ZERO; 12];
        for (k, chunk) in bytes.chunks_exact(64).enumerate() {
            c[k] = Fp::from_bytes_wide(chunk.try_into().unwrap());
        }
        Fp12::from_coefficients(&c)
    }
}

impl ConstantTimeEq for Fp12 {
    fn ct_eq(&self, other: &Fp12) -> Choice {
        self.c0.ct_eq(&other.c0) & self.c1.ct_eq(&other.c1)
    }
}

impl ConditionallySelectable for Fp12 {
    fn conditional_select(a: &Fp12, b: &Fp12, choice: Choice) -> Fp12 {
        Fp12 {
            c0: Fp6::conditional_select(&a.c0, &b.c0, choice),
            c1: Fp6::conditional_select(&a.c1, &b.c1, choice),
        }
    }
}

impl_ops!(Fp12);
