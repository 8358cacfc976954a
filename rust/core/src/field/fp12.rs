//! Fp12 = Fp6\[w\] / (w^2 - v): the field holding the pairing values.

use super::fp::Fp;
use super::fp2::{Fp2, Fp2Wide};
use super::fp6::{Fp6, Fp6Wide};
use super::frobenius::FP12_FROBENIUS;
use super::kernels::LineProduct;
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
    /// Encoded size in bytes (12 coefficients of 48 bytes).
    pub const BYTES: usize = 576;

    /// `c0 + c1 w`.
    pub const fn new(c0: Fp6, c1: Fp6) -> Fp12 {
        Fp12 { c0, c1 }
    }

    by_value!(
        /// `self * rhs`: Karatsuba over Fp6, every product accumulated
        /// double-width and reduced once per Fp coefficient (12 reductions).
        Fp12: mul via mul_to
    );

    /// `self * rhs` into `out`. Out of line, with the output slot passed in
    /// by the caller: the reductions store straight into the caller's value
    /// (returned by value, the result went through a 576-byte temporary and
    /// a `memcpy`). On the x86_64 kernels [`Fp12::mul_fused_to`]; on the
    /// portable backend [`Fp12::mul_wide_sums_to`] (the kernel's portable
    /// twin works on 13-limb sums and is written for checking, not speed:
    /// it runs about twice the instructions of the wide sums). On x86_64
    /// the fused kernel is the faster of the two.
    #[inline(never)]
    pub(crate) fn mul_to(&self, rhs: &Fp12, out: &mut core::mem::MaybeUninit<Fp12>) {
        meter!(Fp12Mul);
        if super::kernels::fused_asm() {
            self.mul_fused_to(rhs, out)
        } else {
            self.mul_wide_sums_to(rhs, out)
        }
    }

    /// `self * rhs` into `out` by Karatsuba over Fp6, `A = f0 g0`,
    /// `C = f1 g1`, `T = (f0 + f1)(g0 + g1)` (six Fp2 products each,
    /// `Fp6::products_to`), result `(A + v C) + (T - A - C) w`: the 18
    /// products at double width into one buffer, then one kernel for all
    /// the sums and the 12 reductions (`kernels::fp12_mul_reduce`, which
    /// lists the products and the bounds).
    #[inline(always)]
    pub(crate) fn mul_fused_to(&self, rhs: &Fp12, out: &mut core::mem::MaybeUninit<Fp12>) {
        let (f0, f1, g0, g1) = (&self.c0, &self.c1, &rhs.c0, &rhs.c1);
        let (s, t) = (f0.add(f1), g0.add(g1));
        let mut q = core::mem::MaybeUninit::<[Fp2Wide; 18]>::uninit();
        let qp = q.as_mut_ptr() as *mut Fp2Wide;
        // SAFETY: `q` holds 18 Fp2Wide, each written by `Fp6::products_to`
        // (inputs reduced: `s`, `t` by `Fp6::add`) before the kernel reads
        // them; [Fp2Wide; 18] is [Wide384; 36] (Fp2Wide is repr(C) over
        // two Wide384); Fp12 is twelve consecutive [u64; 6] in tower
        // order, written whole.
        unsafe {
            Fp6::products_to(f0, g0, qp);
            Fp6::products_to(f1, g1, qp.add(6));
            Fp6::products_to(&s, &t, qp.add(12));
            super::kernels::fp12_mul_reduce(qp as *const [Fp2Wide; 18], out.as_mut_ptr());
        }
    }

    /// `self * rhs` into `out` by Karatsuba over Fp6 with the three Fp6
    /// products at double width (`Fp6::mul_wide_to`), their sums in Rust
    /// and one reduction per Fp coefficient.
    #[inline(always)]
    pub(crate) fn mul_wide_sums_to(&self, rhs: &Fp12, out: &mut core::mem::MaybeUninit<Fp12>) {
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

    by_value!(
        /// `self^2` (complex squaring: two Fp6 products).
        Fp12: square via square_to
    );

    /// `self^2` into `out`, out of line (as [`Fp12::mul_to`]): complex
    /// squaring, `t = a0 a1`, `c1 = 2t`, `c0 = (a0 + a1)(a0 + v a1) - t - v t`.
    /// The 12 Fp2 products of the two Fp6 products (Karatsuba) at double
    /// width into one buffer, then one kernel for all the sums and the 12
    /// reductions (`kernels::fp12_sqr_reduce`).
    #[inline(never)]
    pub(crate) fn square_to(&self, out: &mut core::mem::MaybeUninit<Fp12>) {
        meter!(Fp12Square);
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
            super::kernels::fp12_sqr_reduce(qp as *const [Fp2Wide; 12], out.as_mut_ptr());
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
        meter!(LineMul);
        // aa = a0 (c0 + c1 v), bb = a1 (c4 v), t = (a0 + a1)(c0 + (c1 + c4) v);
        // result = (aa + v bb) + (t - aa - bb) w. The 13 Fp2 products at
        // double width into one buffer, then one kernel for all the sums
        // and the 12 reductions (`kernels::fp12_m014_reduce`, which
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
            super::kernels::fp12_m014_reduce(qp as *const [Fp2Wide; 13], out.as_mut_ptr());
        }
    }

    /// The product of two Miller-loop lines
    /// `(c0 + c1 v + c4 v w)(d0 + d1 v + d4 v w)` (inputs reduced): with
    /// `w^2 = v`, `v^3 = xi`, it is
    /// `(c0 d0 + xi c4 d4) + (c0 d1 + c1 d0) v + c1 d1 v^2 + (c0 d4 + c4 d0)
    /// v w + (c1 d4 + c4 d1) v^2 w`, zero at position 3 (`w`). Six Fp2
    /// products (the three cross sums by Karatsuba), all double-width,
    /// combined and reduced once per Fp coefficient (10 reductions) by one
    /// kernel (`kernels::fp12_l2_reduce`). Out of line, into `out`.
    #[inline(never)]
    pub(crate) fn line_product(l: [&Fp2; 3], m: [&Fp2; 3], out: &mut core::mem::MaybeUninit<LineProduct>) {
        meter!(LineProduct);
        let ([c0, c1, c4], [d0, d1, d4]) = (l, m);
        let mut q = core::mem::MaybeUninit::<[Fp2Wide; 6]>::uninit();
        let qp = q.as_mut_ptr() as *mut Fp2Wide;
        // SAFETY: `q` holds 6 Fp2Wide, each written by `mul_wide_to` (whose
        // inputs are below 2p: reduced values or their unreduced sums)
        // before the kernel reads them; [Fp2Wide; 6] is [Wide384; 12];
        // LineProduct is repr(C) over five Fp2, i.e. ten consecutive
        // [u64; 6], written whole.
        unsafe {
            Fp2::mul_wide_to(c0, d0, qp);
            Fp2::mul_wide_to(c1, d1, qp.add(1));
            Fp2::mul_wide_to(c4, d4, qp.add(2));
            Fp2::mul_wide_to(&c0.add_unreduced(c1), &d0.add_unreduced(d1), qp.add(3));
            Fp2::mul_wide_to(&c0.add_unreduced(c4), &d0.add_unreduced(d4), qp.add(4));
            Fp2::mul_wide_to(&c1.add_unreduced(c4), &d1.add_unreduced(d4), qp.add(5));
            super::kernels::fp12_l2_reduce(qp as *const [Fp2Wide; 6], out.as_mut_ptr());
        }
    }

    /// `self * b` for a product of two lines `b` ([`Fp12::line_product`]),
    /// into `out`, out of line. With `b = B0 + B1 w`, `B0 = (b0, b1, b2)`,
    /// `B1 = (0, b4, b5)`: Karatsuba over Fp6, `A = f0 B0` (six Fp2
    /// products), `C = f1 B1` (five: `B1` has a zero coefficient),
    /// `T = (f0 + f1)(B0 + B1)` (six), result `(A + v C) + (T - A - C) w`.
    /// The 17 products at double width into one buffer, then one kernel
    /// for all the sums and the 12 reductions
    /// (`kernels::fp12_m01245_reduce`, which lists the products and the
    /// bounds). Against two [`Fp12::mul_by_014`]: 6 + 17 = 23 Fp2 products
    /// and 22 reductions instead of 26 and 24.
    #[inline(never)]
    pub(crate) fn mul_by_line_product_to(&self, b: &LineProduct, out: &mut core::mem::MaybeUninit<Fp12>) {
        meter!(LineProductMul);
        let (f0, f1) = (&self.c0, &self.c1);
        let b0 = Fp6 { c0: b.c0, c1: b.c1, c2: b.c2 };
        let s = f0.add(f1);
        let t = Fp6 { c0: b.c0, c1: b.c1.add(&b.c4), c2: b.c2.add(&b.c5) };
        let mut q = core::mem::MaybeUninit::<[Fp2Wide; 17]>::uninit();
        let qp = q.as_mut_ptr() as *mut Fp2Wide;
        // SAFETY: `q` holds 17 Fp2Wide, each written by `mul_wide_to` or
        // `Fp6::products_to` (inputs reduced, or their unreduced sums below
        // 2p) before the kernel reads them; [Fp2Wide; 17] is
        // [Wide384; 34]; Fp12 is twelve consecutive [u64; 6] in tower
        // order, written whole.
        unsafe {
            Fp6::products_to(f0, &b0, qp);
            Fp2::mul_wide_to(&f1.c1, &b.c4, qp.add(6));
            Fp2::mul_wide_to(&f1.c2, &b.c5, qp.add(7));
            Fp2::mul_wide_to(&f1.c1.add_unreduced(&f1.c2), &b.c4.add_unreduced(&b.c5), qp.add(8));
            Fp2::mul_wide_to(&f1.c0, &b.c4, qp.add(9));
            Fp2::mul_wide_to(&f1.c0, &b.c5, qp.add(10));
            Fp6::products_to(&s, &t, qp.add(11));
            super::kernels::fp12_m01245_reduce(qp as *const [Fp2Wide; 17], out.as_mut_ptr());
        }
    }

    /// The conjugate `c0 - c1 w` (= `self^(p^6)`; the inverse on the
    /// cyclotomic subgroup).
    #[inline]
    pub fn conjugate(&self) -> Fp12 {
        meter!(Fp12Conjugate, Fp12 { c0: self.c0, c1: self.c1.neg() })
    }

    /// `self^(p^power)`: each Fp2 coefficient conjugated for odd powers and
    /// multiplied by its constant (`FP12_FROBENIUS`, the products of the
    /// Fp6 and Fp12 coefficients of the tower taken together), five
    /// products by constants, most of them real or imaginary (two Fp
    /// products each).
    pub fn frobenius_map(&self, power: usize) -> Fp12 {
        meter!(Fp12Frobenius);
        let k = power % 12;
        let c = &FP12_FROBENIUS[k];
        let (a, b) = (&self.c0, &self.c1);
        Fp12 {
            c0: Fp6 {
                c0: a.c0.frobenius_map(k),
                c1: c[0].mul(&a.c1.frobenius_map(k)),
                c2: c[1].mul(&a.c2.frobenius_map(k)),
            },
            c1: Fp6 {
                c0: c[2].mul(&b.c0.frobenius_map(k)),
                c1: c[3].mul(&b.c1.frobenius_map(k)),
                c2: c[4].mul(&b.c2.frobenius_map(k)),
            },
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
        meter!(Fp12Inverse);
        let d = self.c0.square().sub(&self.c1.square().mul_by_nonresidue());
        d.invert().map(|t| Fp12 { c0: self.c0.mul(&t), c1: self.c1.mul(&t).neg() })
    }

    /// `1 / self` in variable time; `None` for zero. Public inputs only.
    pub fn invert_vartime(&self) -> Option<Fp12> {
        meter!(Fp12Inverse);
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
        Fp12 { c0: Fp6::new(f2(0), f2(2), f2(4)), c1: Fp6::new(f2(6), f2(8), f2(10)) }
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
        Fp12::from_bytes(super::exact(bytes)?)
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

extension_field!(Fp12 over Fp6: c0, c1);

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::{RngCore, SeedableRng};

    /// An Fp coefficient, often at an end of its range (0, 1, p - 1,
    /// p - 2, just below p) and otherwise uniform.
    fn coefficient(rng: &mut impl RngCore) -> Fp {
        let m = super::super::fp::MODULUS;
        let below = |k: u64| {
            let (d, _) = crate::arith::montgomery::sub_n(&m, &[k, 0, 0, 0, 0, 0]);
            Fp(d)
        };
        match rng.next_u32() % 8 {
            0 => Fp(m.map(|_| 0)),
            1 => Fp([1, 0, 0, 0, 0, 0]),
            2 => below(1),
            3 => below(2),
            4 => below(1 + (rng.next_u64() >> 1)),
            _ => Fp::random(rng),
        }
    }
    fn fp2(rng: &mut impl RngCore) -> Fp2 {
        Fp2::new(coefficient(rng), coefficient(rng))
    }
    fn fp12(rng: &mut impl RngCore) -> Fp12 {
        let f6 = |rng: &mut _| Fp6::new(fp2(rng), fp2(rng), fp2(rng));
        Fp12::new(f6(rng), f6(rng))
    }
    fn line(c0: Fp2, c1: Fp2, c4: Fp2) -> Fp12 {
        Fp12::new(Fp6::new(c0, c1, Fp2::ZERO), Fp6::new(Fp2::ZERO, c4, Fp2::ZERO))
    }

    /// The product of two lines and f times it against the generic
    /// product, on coefficients often at the ends of their range.
    #[test]
    fn line_products_match_mul() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6c70);
        for k in 0..3000 {
            let (l, m) = ([fp2(&mut rng), fp2(&mut rng), fp2(&mut rng)], [fp2(&mut rng), fp2(&mut rng), fp2(&mut rng)]);
            let mut lp = core::mem::MaybeUninit::<LineProduct>::uninit();
            Fp12::line_product([&l[0], &l[1], &l[2]], [&m[0], &m[1], &m[2]], &mut lp);
            // SAFETY: `line_product` initialises `lp`.
            let lp = unsafe { lp.assume_init() };
            let want = line(l[0], l[1], l[2]).mul(&line(m[0], m[1], m[2]));
            assert_eq!(lp.to_fp12(), want, "line product {k}");
            // f times it, f anywhere (also f = the extremes above), and a
            // line product with arbitrary coefficients (as the kernel
            // accepts any reduced ones).
            let f = fp12(&mut rng);
            let b = if k % 2 == 0 {
                lp
            } else {
                LineProduct {
                    c0: fp2(&mut rng),
                    c1: fp2(&mut rng),
                    c2: fp2(&mut rng),
                    c4: fp2(&mut rng),
                    c5: fp2(&mut rng),
                }
            };
            let mut out = core::mem::MaybeUninit::<Fp12>::uninit();
            f.mul_by_line_product_to(&b, &mut out);
            // SAFETY: `mul_by_line_product_to` initialises `out`.
            let got = unsafe { out.assume_init() };
            assert_eq!(got, f.mul(&b.to_fp12()), "f times a line product {k}");
            for c in got.coefficients() {
                assert_eq!(crate::arith::montgomery::sub_n(&c.0, &super::super::fp::MODULUS).1, 1, "reduced");
            }
        }
    }

    /// The two products `Fp12::mul_to` chooses between (the fused kernel,
    /// the Fp6 wide sums) agree, on coefficients often at the ends of
    /// their range, all p - 1 included (each also against blst and a
    /// polynomial model in tests/fields/fp12.rs, through `mul`).
    #[test]
    fn fused_mul_matches_wide_sums() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x006d_3132);
        let (d, _) = crate::arith::montgomery::sub_n(&super::super::fp::MODULUS, &[1, 0, 0, 0, 0, 0]);
        let t = Fp2::new(Fp(d), Fp(d));
        let top = Fp12::new(Fp6::new(t, t, t), Fp6::new(t, t, t));
        for k in 0..5000 {
            let (f, g) = match k {
                0 => (top, top),
                1 => (top, fp12(&mut rng)),
                _ => (fp12(&mut rng), fp12(&mut rng)),
            };
            let (mut a, mut b) = (core::mem::MaybeUninit::<Fp12>::uninit(), core::mem::MaybeUninit::<Fp12>::uninit());
            f.mul_fused_to(&g, &mut a);
            f.mul_wide_sums_to(&g, &mut b);
            // SAFETY: both initialise their output.
            let (a, b) = unsafe { (a.assume_init(), b.assume_init()) };
            assert_eq!(a, b, "{k}");
            for c in a.coefficients() {
                assert_eq!(crate::arith::montgomery::sub_n(&c.0, &super::super::fp::MODULUS).1, 1, "reduced");
            }
        }
    }

    /// All coefficients p - 1: the largest reduced inputs.
    #[test]
    fn line_products_at_the_top() {
        let (d, _) = crate::arith::montgomery::sub_n(&super::super::fp::MODULUS, &[1, 0, 0, 0, 0, 0]);
        let t = Fp2::new(Fp(d), Fp(d));
        let mut lp = core::mem::MaybeUninit::<LineProduct>::uninit();
        Fp12::line_product([&t, &t, &t], [&t, &t, &t], &mut lp);
        // SAFETY: `line_product` initialises `lp`.
        let lp = unsafe { lp.assume_init() };
        assert_eq!(lp.to_fp12(), line(t, t, t).mul(&line(t, t, t)));
        let f = Fp12::new(Fp6::new(t, t, t), Fp6::new(t, t, t));
        let b = LineProduct { c0: t, c1: t, c2: t, c4: t, c5: t };
        let mut out = core::mem::MaybeUninit::<Fp12>::uninit();
        f.mul_by_line_product_to(&b, &mut out);
        // SAFETY: `mul_by_line_product_to` initialises `out`.
        assert_eq!(unsafe { out.assume_init() }, f.mul(&b.to_fp12()));
    }
}
