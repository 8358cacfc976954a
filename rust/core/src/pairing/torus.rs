//! The algebraic torus T2(Fp6): GT elements as Fp6 values, for the
//! multi-exponentiation's bucket products.
//!
//! Fp12 = Fp6\[w\] / (w^2 - v). An element f = a + b w of GT has norm one
//! over Fp6: f conj(f) = a^2 - v b^2 = 1 (GT lies in the cyclotomic
//! subgroup, of order p^4 - p^2 + 1, which divides p^6 + 1). Such an f
//! other than 1 has b != 0 (b = 0 gives a^2 = 1, and -1 has order 2, not
//! in GT), and with g = (1 + a) / b it is
//!
//! ```text
//!     f = (g + w) / (g - w)
//! ```
//!
//! (expand: (g + w)^2 / (g^2 - v) has constant part (g^2 + v)/(g^2 - v)
//! and w part 2g/(g^2 - v); with a^2 - v b^2 = 1 these are a and b).
//! So GT minus one embeds in Fp6 ("affine" torus form g): half the size.
//!
//! The projective form (X : Z) stands for (X + Z w) / (X - Z w): a point
//! of P^1(Fp6), one being (1 : 0), g being (g : 1). Products follow from
//! (X1 + Z1 w)(X2 + Z2 w) = (X1 X2 + v Z1 Z2) + (X1 Z2 + X2 Z1) w, the
//! denominators multiplying alike:
//! - full product: (X1 X2 + v Z1 Z2 : X1 Z2 + X2 Z1), three Fp6 products
//!   (Karatsuba), against the three of an Fp12 product;
//! - mixed product by an affine g: (X g + v Z : X + Z g), two Fp6
//!   products: the saving the bucket accumulation is built on;
//! - square: (X^2 + v Z^2 : 2 X Z); inverse (conjugate): (X : -Z).
//!
//! No exceptional case: X + Z w is never zero for a product of nonzero
//! factors (Fp12 is a field), and X - Z w is its conjugate, so no product
//! reaches (0 : 0). Decompression is f = (X + Z w)^2 / N with N = X^2 -
//! v Z^2 in Fp6 (nonzero, v not a square in Fp6): one Fp6 inversion.
//!
//! The Frobenius keeps the form: f^(p^k) = (g^(p^k) + c_k w) / (g^(p^k) -
//! c_k w) with w^(p^k) = c_k w, c_k in Fp2, so the affine form of f^(p^k)
//! is frob_k(g) / c_k: the four images of the exponent split cost no
//! inversion beyond the bases' own.

use super::Gt;
use crate::field::{Fp12, Fp2, Fp6};

/// A projective torus element (X : Z), standing for (X + Z w)/(X - Z w).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Torus {
    x: Fp6,
    z: Fp6,
}

impl Torus {
    /// One: (1 : 0).
    pub(crate) const ONE: Torus = Torus { x: Fp6::ONE, z: Fp6::ZERO };

    /// (X : Z) from its coordinates.
    #[inline]
    pub(crate) fn new(x: Fp6, z: Fp6) -> Torus {
        Torus { x, z }
    }

    /// The coordinates (X, Z).
    #[cfg(test)]
    pub(crate) fn coordinates(&self) -> (Fp6, Fp6) {
        (self.x, self.z)
    }

    /// The projective form (g : 1) of an affine form g.
    #[inline]
    pub(crate) fn from_affine(g: &Fp6) -> Torus {
        Torus { x: *g, z: Fp6::ONE }
    }

    /// `self * (g : 1)`: (X g + v Z : X + Z g).
    #[inline]
    pub(crate) fn mul_affine(&self, g: &Fp6) -> Torus {
        meter!(TorusMixedMul);
        let xg = self.x.mul(g);
        let zg = self.z.mul(g);
        Torus { x: xg.add(&self.z.mul_by_nonresidue()), z: self.x.add(&zg) }
    }

    /// `(g1 : 1)(g2 : 1)`: (g1 g2 + v : g1 + g2), one Fp6 product.
    #[inline]
    pub(crate) fn product_of_affine(g1: &Fp6, g2: &Fp6) -> Torus {
        meter!(TorusAffineMul);
        Torus { x: g1.mul(g2).add(&Fp6::new(Fp2::ZERO, Fp2::ONE, Fp2::ZERO)), z: g1.add(g2) }
    }

    /// `self * rhs`: (X1 X2 + v Z1 Z2 : (X1 + Z1)(X2 + Z2) - X1 X2 - Z1 Z2),
    /// the three products double-width and each coordinate reduced once.
    pub(crate) fn mul(&self, rhs: &Torus) -> Torus {
        meter!(TorusMul);
        let xx = self.x.mul_wide(&rhs.x);
        let zz = self.z.mul_wide(&rhs.z);
        let mut z = self.x.add(&self.z).mul_wide(&rhs.x.add(&rhs.z));
        z.sub_pair_assign(&xx, &zz);
        let mut x = xx;
        x.add_mul_by_nonresidue_assign(&zz);
        Torus { x: x.reduce(), z: z.reduce() }
    }

    /// `self^2`: (X^2 + v Z^2 : (X + Z)^2 - X^2 - Z^2).
    pub(crate) fn square(&self) -> Torus {
        meter!(TorusSquare);
        let xx = self.x.square_wide();
        let zz = self.z.square_wide();
        let mut z = self.x.add(&self.z).square_wide();
        z.sub_pair_assign(&xx, &zz);
        let mut x = xx;
        x.add_mul_by_nonresidue_assign(&zz);
        Torus { x: x.reduce(), z: z.reduce() }
    }

    /// The inverse: (X : -Z).
    #[cfg(test)]
    pub(crate) fn conjugate(&self) -> Torus {
        Torus { x: self.x, z: self.z.neg() }
    }

    /// The Fp12 value: (X^2 + v Z^2 + 2 X Z w) / (X^2 - v Z^2).
    pub(crate) fn decompress_vartime(&self) -> Fp12 {
        meter!(TorusDecompress);
        let xx = self.x.square();
        let vzz = self.z.square().mul_by_nonresidue();
        let xz2 = self.x.mul(&self.z).double();
        // X - Z w != 0 (module doc), so its norm N is nonzero.
        let n = xx.sub(&vzz).invert_vartime().unwrap_or(Fp6::ZERO);
        Fp12::new(xx.add(&vzz).mul(&n), xz2.mul(&n))
    }
}

/// The affine torus forms of GT elements, `None` for one, by one batched
/// inversion of their w parts (Montgomery's trick): g = (1 + a) / b.
/// The inputs are `Gt`, validated on entry: the form is defined by a^2 -
/// v b^2 = 1, and an Fp12 value outside GT has no form that decompresses
/// to it.
pub(crate) fn compress_batch_vartime(fs: &[Gt]) -> Vec<Option<Fp6>> {
    meter!(BatchInversion * fs.len());
    let fs: Vec<Fp12> = fs.iter().map(Gt::to_fp12).collect();
    // prefix[i] = product of the nonzero b of fs[..i].
    let mut prefix = Vec::with_capacity(fs.len());
    let mut acc = Fp6::ONE;
    for f in &fs {
        prefix.push(acc);
        if !bool::from(f.c1.is_zero()) {
            acc = acc.mul(&f.c1);
        }
    }
    // The product of nonzero values is nonzero.
    let mut inv = acc.invert_vartime().unwrap_or(Fp6::ZERO);
    let mut out = vec![None; fs.len()];
    for (i, f) in fs.iter().enumerate().rev() {
        if bool::from(f.c1.is_zero()) {
            continue;
        }
        // inv = 1 / (b_0 ... b_i) over the nonzero ones.
        let inv_b = inv.mul(&prefix[i]);
        inv = inv.mul(&f.c1);
        out[i] = Some(f.c0.add(&Fp6::ONE).mul(&inv_b));
    }
    out
}

/// The constants 1 / c_k with w^(p^k) = c_k w, for k = 1, 2, 3.
pub(crate) fn frobenius_divisors() -> [Fp2; 3] {
    let w = Fp12::new(Fp6::ZERO, Fp6::ONE);
    let c = |k: usize| w.frobenius_map(k).c1.c0.invert_vartime().unwrap_or(Fp2::ZERO);
    [c(1), c(2), c(3)]
}

/// The affine forms of [f, conj(f^p), f^(p^2), conj(f^(p^3))] (as
/// `gt::z_power_images`) from the affine form g of f: frob_k(g) / c_k,
/// negated for the conjugates.
#[inline]
pub(crate) fn z_power_images(g: &Fp6, div: &[Fp2; 3]) -> [Fp6; 4] {
    [
        *g,
        g.frobenius_map(1).mul_by_fp2(&div[0]).neg(),
        g.frobenius_map(2).mul_by_fp2(&div[1]),
        g.frobenius_map(3).mul_by_fp2(&div[2]).neg(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn sample(n: usize) -> Vec<Gt> {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(17);
        (0..n).map(|_| Gt::random(&mut rng)).collect()
    }

    #[test]
    fn round_trip_and_products() {
        let gts = sample(6);
        let mut all_gt = gts.clone();
        all_gt.insert(2, Gt::identity());
        all_gt.push(gts[0].invert());
        let gs = compress_batch_vartime(&all_gt);
        let fs: Vec<Fp12> = gts.iter().map(Gt::to_fp12).collect();
        let all: Vec<Fp12> = all_gt.iter().map(Gt::to_fp12).collect();
        assert!(gs[2].is_none());
        for (f, g) in all.iter().zip(&gs) {
            match g {
                None => assert_eq!(*f, Fp12::ONE),
                Some(g) => assert_eq!(Torus::from_affine(g).decompress_vartime(), *f),
            }
        }
        assert_eq!(Torus::ONE.decompress_vartime(), Fp12::ONE);
        let (g0, g1) = (gs[0].unwrap(), gs[1].unwrap());
        let (t0, t1) = (Torus::from_affine(&g0), Torus::from_affine(&g1));
        let prod = fs[0].mul(&fs[1]);
        assert_eq!(t0.mul_affine(&g1).decompress_vartime(), prod);
        assert_eq!(t0.mul(&t1).decompress_vartime(), prod);
        assert_eq!(Torus::product_of_affine(&g0, &g1).decompress_vartime(), prod);
        let t01 = t0.mul(&t1);
        let t2 = Torus::from_affine(&gs[3].unwrap());
        assert_eq!(t01.mul(&t2).decompress_vartime(), prod.mul(&fs[2]));
        assert_eq!(t01.mul_affine(&gs[3].unwrap()).decompress_vartime(), prod.mul(&fs[2]));
        assert_eq!(t01.square().decompress_vartime(), prod.square());
        assert_eq!(t01.conjugate().decompress_vartime(), prod.conjugate());
        // f times its inverse: (X : Z)(X : -Z) decompresses to one.
        assert_eq!(t01.mul(&t01.conjugate()).decompress_vartime(), Fp12::ONE);
        assert_eq!(t0.mul_affine(&gs[7].unwrap()).decompress_vartime(), Fp12::ONE);
        assert_eq!(Torus::ONE.mul_affine(&g0).decompress_vartime(), fs[0]);
    }

    #[test]
    fn frobenius_images() {
        let div = frobenius_divisors();
        for f in sample(3) {
            let g = compress_batch_vartime(&[f])[0].unwrap();
            let want = crate::pairing::gt::z_power_images(&f.to_fp12());
            for (img, w) in z_power_images(&g, &div).iter().zip(&want) {
                assert_eq!(Torus::from_affine(img).decompress_vartime(), *w);
            }
        }
    }

    /// Many random elements round trip, and the batched inversion agrees
    /// with one inversion each.
    #[test]
    fn round_trips_in_batches() {
        let gts = sample(40);
        let batch = compress_batch_vartime(&gts);
        for (f, g) in gts.iter().zip(&batch) {
            assert_eq!(compress_batch_vartime(&[*f])[0].unwrap(), g.unwrap());
            assert_eq!(Torus::from_affine(&g.unwrap()).decompress_vartime(), f.to_fp12());
        }
    }

    /// Outside GT the formula has no meaning: a random Fp12 value (norm
    /// over Fp6 not one) is refused by `Gt::from_fp12`, the only way to a
    /// `Gt`, and the would-be form g = (1 + a)/b does not decompress to it.
    #[test]
    fn outside_gt_has_no_form() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(18);
        let f = Fp12::random(&mut rng);
        assert!(Gt::from_fp12(&f).is_err());
        let g = f.c0.add(&Fp6::ONE).mul(&f.c1.invert_vartime().unwrap());
        assert_ne!(Torus::from_affine(&g).decompress_vartime(), f);
    }
}
