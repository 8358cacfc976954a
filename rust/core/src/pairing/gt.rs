//! GT, the order-r subgroup of Fp12* where the pairing takes its values,
//! and the arithmetic of the cyclotomic subgroup it lies in.
//!
//! # Cyclotomic squaring (Granger, Scott)
//!
//! Writing Fp12 as Fp4[t] / (t^3 - s) with t = w, s = w^3 and
//! Fp4 = Fp2[s] / (s^2 - xi), an element is f = A + C t + B t^2 with
//! A = c0.c0 + c1.c1 s, B = c0.c1 + c1.c2 s, C = c1.c0 + c0.c2 s (since
//! w^2 = v). For f in the cyclotomic subgroup (f^(p^4 - p^2 + 1) = 1,
//! where the easy part of the final exponentiation lands),
//!
//! ```text
//! f^2 = (3 A^2 - 2 conj(A)) + (3 s B^2 + 2 conj(C)) t + (3 C^2 - 2 conj(B)) t^2,
//! ```
//!
//! conj the conjugation of Fp4 over Fp2 (s -> -s): three Fp4 squarings,
//! i.e. nine Fp2 squarings, instead of a full Fp12 squaring.
//!
//! # Frobenius and the exponent
//!
//! On GT the Frobenius x -> x^p is the exponentiation by p = z mod r, and
//! the inverse is the conjugation (x^(p^6) = x^(-1) on the cyclotomic
//! subgroup). So x^|z| = conj(x^p) costs a Frobenius map, and an exponent
//! k < r written in base |z| (four digits below 2^64, as in the GLS split
//! of G2) is a four-dimensional multi-exponentiation of 64-bit digits.

use super::miller::Z_ABS;
use crate::field::{Fp12, Fp2, Fp6, Fr};
use crate::Error;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// `(x + y s)^2` in Fp4 = Fp2[s] / (s^2 - xi): (x^2 + xi y^2, 2 x y).
#[inline]
fn fp4_square(x: &Fp2, y: &Fp2) -> (Fp2, Fp2) {
    let t0 = x.square();
    let t1 = y.square();
    let c0 = t1.mul_by_nonresidue().add(&t0);
    let c1 = x.add(y).square().sub(&t0).sub(&t1);
    (c0, c1)
}

/// `3 a - 2 b` and `3 c + 2 d`: the combination of the cyclotomic square.
#[inline]
fn three_minus_two(a: &Fp2, b: &Fp2) -> Fp2 {
    a.sub(b).double().add(a)
}
#[inline]
fn three_plus_two(a: &Fp2, b: &Fp2) -> Fp2 {
    a.add(b).double().add(a)
}

/// `f^2` for `f` in the cyclotomic subgroup (module doc); wrong elsewhere.
pub(crate) fn cyclotomic_square(f: &Fp12) -> Fp12 {
    // A = (c0.c0, c1.c1), B = (c0.c1, c1.c2), C = (c1.c0, c0.c2).
    let (a0, a1) = fp4_square(&f.c0.c0, &f.c1.c1);
    let (b0, b1) = fp4_square(&f.c0.c1, &f.c1.c2);
    let (c0, c1) = fp4_square(&f.c1.c0, &f.c0.c2);
    // A' = 3 A^2 - 2 conj(A): (3 a0 - 2 x, 3 a1 + 2 y).
    // B' = 3 C^2 - 2 conj(B): (3 c0 - 2 x, 3 c1 + 2 y).
    // C' = 3 s B^2 + 2 conj(C), s (b0 + b1 s) = xi b1 + b0 s: (3 xi b1 + 2 x, 3 b0 - 2 y).
    Fp12 {
        c0: Fp6 {
            c0: three_minus_two(&a0, &f.c0.c0),
            c1: three_minus_two(&c0, &f.c0.c1),
            c2: three_minus_two(&b0, &f.c0.c2),
        },
        c1: Fp6 {
            c0: three_plus_two(&b1.mul_by_nonresidue(), &f.c1.c0),
            c1: three_plus_two(&a1, &f.c1.c1),
            c2: three_plus_two(&c1, &f.c1.c2),
        },
    }
}

/// `f^|z|` for `f` in the cyclotomic subgroup: square and multiply over
/// the bits of |z| = 0xd201000000010000 (63 squarings, 5 products).
pub(crate) fn cyclotomic_pow_z_abs(f: &Fp12) -> Fp12 {
    let mut acc = *f;
    for i in (0..63).rev() {
        acc = cyclotomic_square(&acc);
        if (Z_ABS >> i) & 1 == 1 {
            acc = acc.mul(f);
        }
    }
    acc
}

/// `f^z` (z = -|z| < 0) for `f` in the cyclotomic subgroup.
#[inline]
pub(crate) fn cyclotomic_pow_z(f: &Fp12) -> Fp12 {
    cyclotomic_pow_z_abs(f).conjugate()
}

/// An element of GT, the order-r subgroup of Fp12* (the pairing values),
/// written multiplicatively here; the identity is the Fp12 one.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct Gt(pub(crate) Fp12);

impl Gt {
    /// Encoded size in bytes (as an Fp12).
    pub const BYTES: usize = Fp12::BYTES;

    /// The identity (the Fp12 one).
    pub const fn identity() -> Gt {
        Gt(Fp12::ONE)
    }

    /// The generator e(G1 generator, G2 generator), computed once per process.
    pub fn generator() -> Gt {
        static GENERATOR: std::sync::OnceLock<Gt> = std::sync::OnceLock::new();
        *GENERATOR.get_or_init(|| {
            super::pairing(&crate::G1Affine::generator(), &crate::G2Affine::generator())
        })
    }

    /// The element as an Fp12.
    pub fn to_fp12(&self) -> Fp12 {
        self.0
    }

    /// `f` as an element of GT, after checking that it is one (see
    /// [`Gt::is_element`]); `NotInSubgroup` otherwise (zero included).
    pub fn from_fp12(f: &Fp12) -> Result<Gt, Error> {
        if bool::from(Gt::is_element(f)) {
            Ok(Gt(*f))
        } else {
            Err(Error::NotInSubgroup)
        }
    }

    /// Whether `f` lies in GT (Scott, eprint 2021/1130): f is nonzero, in
    /// the cyclotomic subgroup (f^(p^4) f = f^(p^2), i.e. f^Phi12(p) = 1),
    /// and f^p = f^z; since gcd(Phi12(p), p - z) = r, these say f^r = 1.
    /// Constant time.
    pub fn is_element(f: &Fp12) -> Choice {
        let nonzero = !f.is_zero();
        let cyclotomic = f.frobenius_map(4).mul(f).ct_eq(&f.frobenius_map(2));
        // The cyclotomic test must hold before the cyclotomic power is
        // meaningful; both are computed and combined in constant time.
        let frobenius = f.frobenius_map(1).ct_eq(&cyclotomic_pow_z(f));
        nonzero & cyclotomic & frobenius
    }

    /// Decodes 576 bytes (12 little-endian coefficients, as [`Fp12::from_bytes`])
    /// and checks membership: `InvalidLength`, `NotCanonical` or
    /// `NotInSubgroup` (zero and every other non-member).
    pub fn from_bytes(bytes: &[u8]) -> Result<Gt, Error> {
        Gt::from_fp12(&Fp12::from_slice(bytes)?)
    }

    /// The 576-byte encoding.
    pub fn to_bytes(&self) -> [u8; 576] {
        self.0.to_bytes()
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> Choice {
        self.0.is_one()
    }

    /// The group law (the Fp12 product).
    pub fn mul(&self, rhs: &Gt) -> Gt {
        Gt(self.0.mul(&rhs.0))
    }

    /// `self^2` (cyclotomic squaring).
    pub fn square(&self) -> Gt {
        Gt(cyclotomic_square(&self.0))
    }

    /// The inverse (the conjugate).
    pub fn invert(&self) -> Gt {
        Gt(self.0.conjugate())
    }

    /// `self^k`, constant time in `k`: fixed 4-bit windows over the 255
    /// bits of `k` with cyclotomic squarings, table reads that touch every
    /// entry.
    pub fn pow(&self, k: &Fr) -> Gt {
        let mut table = [Fp12::ONE; 16];
        for i in 1..16 {
            table[i] = table[i - 1].mul(&self.0);
        }
        let limbs = k.to_limbs();
        let mut acc = Fp12::ONE;
        for (n, limb) in limbs.iter().enumerate().rev() {
            for nibble in (0..16).rev() {
                if n != 3 || nibble != 15 {
                    for _ in 0..4 {
                        acc = cyclotomic_square(&acc);
                    }
                }
                let digit = ((limb >> (4 * nibble)) & 0xf) as u8;
                let mut entry = Fp12::ONE;
                for (j, t) in table.iter().enumerate() {
                    entry.conditional_assign(t, (j as u8).ct_eq(&digit));
                }
                acc = acc.mul(&entry);
            }
        }
        Gt(acc)
    }

    /// `self^k` in variable time (public exponents only): k = c0 + c1 |z| +
    /// c2 |z|^2 + c3 |z|^3 with 64-bit digits, self^(|z|^i) by Frobenius
    /// maps (module doc), then a four-way interleaved width-5 NAF: 64
    /// squarings instead of 255.
    pub fn pow_vartime(&self, k: &Fr) -> Gt {
        let c = crate::curve::glv::split_g2(&k.to_limbs());
        // Odd powers self^1, self^3, .., self^15.
        let sq = self.0.mul(&self.0);
        let mut t0 = [self.0; 8];
        for i in 1..8 {
            t0[i] = t0[i - 1].mul(&sq);
        }
        // x^|z| = conj(x^p): table i holds the odd powers of self^(|z|^i).
        let t1 = t0.map(|x| x.frobenius_map(1).conjugate());
        let t2 = t0.map(|x| x.frobenius_map(2));
        let t3 = t0.map(|x| x.frobenius_map(3).conjugate());
        let tables = [t0, t1, t2, t3];
        let mut digits = [[0i8; 130]; 4];
        let mut len = 0;
        for t in 0..4 {
            len = len.max(crate::curve::glv::wnaf_vartime(c[t] as u128, &mut digits[t]));
        }
        let mut acc: Option<Fp12> = None;
        for i in (0..len).rev() {
            if let Some(a) = acc.as_mut() {
                *a = cyclotomic_square(a);
            }
            for t in 0..4 {
                let d = digits[t][i];
                if d == 0 {
                    continue;
                }
                let e = tables[t][(d.unsigned_abs() as usize) >> 1];
                let e = if d < 0 { e.conjugate() } else { e };
                acc = Some(match acc {
                    None => e,
                    Some(a) => a.mul(&e),
                });
            }
        }
        Gt(acc.unwrap_or(Fp12::ONE))
    }

    /// A uniformly random element (the generator to a random power).
    pub fn random(rng: &mut impl rand_core::RngCore) -> Gt {
        Gt::generator().pow(&Fr::random(rng))
    }
}

impl ConstantTimeEq for Gt {
    fn ct_eq(&self, other: &Gt) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl ConditionallySelectable for Gt {
    fn conditional_select(a: &Gt, b: &Gt, choice: Choice) -> Gt {
        Gt(Fp12::conditional_select(&a.0, &b.0, choice))
    }
}

impl PartialEq for Gt {
    fn eq(&self, other: &Gt) -> bool {
        self.ct_eq(other).into()
    }
}
impl Eq for Gt {}

impl Default for Gt {
    fn default() -> Gt {
        Gt::identity()
    }
}

impl core::ops::Mul for Gt {
    type Output = Gt;
    fn mul(self, rhs: Gt) -> Gt {
        Gt::mul(&self, &rhs)
    }
}

impl core::ops::MulAssign for Gt {
    fn mul_assign(&mut self, rhs: Gt) {
        *self = Gt::mul(self, &rhs);
    }
}
