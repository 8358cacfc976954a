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

use crate::curve::Z_ABS;
use crate::field::{Fp12, Fp2, Fp6, Fr};
use crate::Error;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// `f^2` for `f` in the cyclotomic subgroup (module doc); wrong elsewhere.
/// One fused kernel (`field::kernels::cyclotomic_sqr`): the three Fp4 squares
/// at double width (18 products, 12 reductions) and the combinations.
#[inline(never)]
pub(crate) fn cyclotomic_square(f: &Fp12) -> Fp12 {
    meter!(Fp12CyclotomicSquare);
    let mut out = core::mem::MaybeUninit::<Fp12>::uninit();
    crate::field::kernels::cyclotomic_sqr(f, &mut out);
    // SAFETY: the kernel writes all of `out`.
    unsafe { out.assume_init() }
}

/// A cyclotomic element in Karabina's compressed form (eprint 2010/542):
/// the t and t^2 coefficients C = g2 + g3 s, B = g4 + g5 s of the module
/// doc's f = A + C t + B t^2. Squaring maps (B, C) to (3 C^2 - 2 conj(B),
/// 3 s B^2 + 2 conj(C)) without A: two Fp4 squarings instead of three.
/// A = g0 + g1 s is recovered from the norm equations of the cyclotomic
/// subgroup ([`decompress`]).
#[derive(Clone, Copy)]
#[repr(C)]
struct Compressed {
    g2: Fp2,
    g3: Fp2,
    g4: Fp2,
    g5: Fp2,
}

impl Compressed {
    fn new(f: &Fp12) -> Compressed {
        Compressed { g2: f.c1.c0, g3: f.c0.c2, g4: f.c0.c1, g5: f.c1.c2 }
    }

    /// The compressed form of the square (see [`cyclotomic_square`]): with
    /// `B^2 = b0 + b1 s`, `C^2 = c0 + c1 s`, `(3 xi b1 + 2 g2, 3 b0 - 2 g3,
    /// 3 c0 - 2 g4, 3 c1 + 2 g5)`. One fused kernel
    /// (`field::kernels::cyclotomic_sqr_compressed`): two Fp4 squares of six
    /// double-width products each, eight reductions, the combinations.
    #[inline]
    fn square(&self) -> Compressed {
        meter!(Fp12CompressedSquare);
        let mut out = core::mem::MaybeUninit::<Compressed>::uninit();
        // SAFETY: Compressed is repr(C) over four Fp2, the layout of
        // [Fp2; 4] in the kernel's order g2, g3, g4, g5; the kernel writes
        // all of `out`.
        unsafe {
            let g = &*(self as *const Compressed as *const [Fp2; 4]);
            let o =
                &mut *(&mut out as *mut core::mem::MaybeUninit<Compressed> as *mut core::mem::MaybeUninit<[Fp2; 4]>);
            crate::field::kernels::cyclotomic_sqr_compressed(g, o);
            out.assume_init()
        }
    }

    /// g1 = num / den = (xi g5^2 + 3 g4^2 - 2 g3) / (4 g2). (Karabina's
    /// other case, g1 = 2 g4 g5 / g3 for g2 = 0, is left to the caller's
    /// fallback: a zero denominator makes [`decompress`] give none.)
    fn g1_fraction(&self) -> (Fp2, Fp2) {
        let g4g4 = self.g4.square();
        let num = self.g5.square().mul_by_nonresidue().add(&g4g4.double().add(&g4g4)).sub(&self.g3.double());
        (num, self.g2.double().double())
    }

    /// The full element from g1: g0 = xi (2 g1^2 + g2 g5 - 3 g3 g4) + 1.
    fn with_g1(&self, g1: &Fp2) -> Fp12 {
        let g3g4 = self.g3.mul(&self.g4);
        let t = g1.square().double().add(&self.g2.mul(&self.g5)).sub(&g3g4.double().add(&g3g4));
        let g0 = t.mul_by_nonresidue().add(&Fp2::ONE);
        Fp12 { c0: Fp6 { c0: g0, c1: self.g4, c2: self.g3 }, c1: Fp6 { c0: self.g2, c1: *g1, c2: self.g5 } }
    }
}

/// [`Compressed::square`] on `(g2, g3, g4, g5)`, for the probes.
#[cfg(any(test, feature = "internals"))]
pub(crate) fn probe_compressed_square(g: &[Fp2; 4]) -> [Fp2; 4] {
    let c = Compressed { g2: g[0], g3: g[1], g4: g[2], g5: g[3] }.square();
    [c.g2, c.g3, c.g4, c.g5]
}

/// [`decompress`] of the compressed forms of three elements, for the
/// probes: the decompression step of [`cyclotomic_pow_z_abs`].
#[cfg(any(test, feature = "internals"))]
pub(crate) fn probe_decompress3(c: &[Fp12; 3]) -> Fp12 {
    let c: [Compressed; 3] = core::array::from_fn(|i| Compressed::new(&c[i]));
    decompress(&c).map(|x| x[2]).unwrap_or(Fp12::ONE)
}

/// The full elements of compressed cyclotomic elements, with one inversion
/// for all (Montgomery's trick); none when a denominator is zero (g2 = 0:
/// the compressed form then needs Karabina's second formula, or does not
/// determine the element at all when g3 = 0 too).
fn decompress<const N: usize>(c: &[Compressed; N]) -> Option<[Fp12; N]> {
    let parts: [(Fp2, Fp2); N] = core::array::from_fn(|i| c[i].g1_fraction());
    let mut prefix = [Fp2::ONE; N];
    let mut acc = Fp2::ONE;
    for i in 0..N {
        prefix[i] = acc;
        acc = acc.mul(&parts[i].1);
    }
    let mut inv: Fp2 = Option::from(acc.invert())?;
    let mut out = [Fp12::ONE; N];
    for i in (0..N).rev() {
        let den_inv = inv.mul(&prefix[i]);
        inv = inv.mul(&parts[i].1);
        out[i] = c[i].with_g1(&parts[i].0.mul(&den_inv));
    }
    Some(out)
}

/// Where [`cyclotomic_pow_z_abs`] leaves the compressed form: the
/// squarings up to `f^(2^57)` run compressed, the six above it on the full
/// element. |z| has three bits up to 57 (16, 48, 57) and three above (60,
/// 62, 63). Each power decompressed costs about 6 Fp2 products and 3
/// squares (with its share of Montgomery's trick) and a compressed square
/// saves about a quarter of a full one, so ending the compressed run at
/// the third power trades three decompressions for six full squarings,
/// a net saving.
const COMPRESSED_UP_TO: u32 = 57;

/// `f^|z|` for `f` in the cyclotomic subgroup: |z| = 0xd201000000010000
/// has its bits 63, 62, 60, 57, 48 and 16 set, so f^|z| is the product of
/// f^(2^i) for those i. The squarings up to `f^(2^57)` run on Karabina's
/// compressed form; its three powers (2^16, 2^48, 2^57) are decompressed
/// together (one Fp2 inversion), and the last six squarings are full
/// cyclotomic squarings of `f^(2^57)` (see [`COMPRESSED_UP_TO`]); five
/// products in all.
///
/// In the negligible case where a compressed power has g2 = 0 (a zero
/// denominator in [`decompress`]: the identity, or elements found by
/// solving for it), the power is computed again with full cyclotomic
/// squarings: this branch is the only data-dependent one.
pub(crate) fn cyclotomic_pow_z_abs(f: &Fp12) -> Fp12 {
    meter!(CyclotomicPowZ);
    const LOW: usize = (Z_ABS & ((2u64 << COMPRESSED_UP_TO) - 1)).count_ones() as usize;
    let mut c = Compressed::new(f);
    let mut powers = [c; LOW];
    let mut k = 0;
    for i in 1..=COMPRESSED_UP_TO {
        c = c.square();
        if (Z_ABS >> i) & 1 == 1 {
            powers[k] = c;
            k += 1;
        }
    }
    let Some(full) = decompress(&powers) else {
        return cyclotomic_pow_z_abs_uncompressed(f);
    };
    let mut acc = full[1..].iter().fold(full[0], |acc, x| acc.mul(x));
    let mut x = full[LOW - 1];
    for i in COMPRESSED_UP_TO + 1..64 {
        x = cyclotomic_square(&x);
        if (Z_ABS >> i) & 1 == 1 {
            acc = acc.mul(&x);
        }
    }
    acc
}

/// `f^|z|` by square and multiply with full cyclotomic squarings (63
/// squarings, 5 products): the fallback of [`cyclotomic_pow_z_abs`].
#[cold]
fn cyclotomic_pow_z_abs_uncompressed(f: &Fp12) -> Fp12 {
    let mut acc = *f;
    for i in (0..63).rev() {
        acc = cyclotomic_square(&acc);
        if (Z_ABS >> i) & 1 == 1 {
            acc = acc.mul(f);
        }
    }
    acc
}

/// `[f, f^|z|, f^(|z|^2), f^(|z|^3)]` for `f` in GT, by Frobenius maps:
/// in GT f^p = f^z = conj(f^|z|) (z < 0), so f^|z| = conj(f^p), and
/// f^(|z|^i) = f^(p^i) conjugated for odd i. The multi-exponentiation
/// splits each exponent in four 64-bit digits of |z| to use them (on
/// plain Fp12, `Gt::multiexp_no_torus_vartime`).
#[cfg(any(test, feature = "internals"))]
pub(crate) fn z_power_images(f: &Fp12) -> [Fp12; 4] {
    [*f, f.frobenius_map(1).conjugate(), f.frobenius_map(2), f.frobenius_map(3).conjugate()]
}

/// `f^z` (z = -|z| < 0) for `f` in the cyclotomic subgroup.
#[inline]
pub(crate) fn cyclotomic_pow_z(f: &Fp12) -> Fp12 {
    cyclotomic_pow_z_abs(f).conjugate()
}

/// An element of the cyclotomic subgroup, for the generic exponentiation
/// (`field::pow`): the Fp12 product with the cyclotomic squaring.
#[derive(Clone, Copy)]
struct Cyclotomic(Fp12);

impl ConditionallySelectable for Cyclotomic {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Cyclotomic(Fp12::conditional_select(&a.0, &b.0, choice))
    }
}

impl crate::field::Field for Cyclotomic {
    const ONE: Cyclotomic = Cyclotomic(Fp12::ONE);
    fn mul(&self, rhs: &Self) -> Self {
        Cyclotomic(self.0.mul(&rhs.0))
    }
    fn square(&self) -> Self {
        Cyclotomic(cyclotomic_square(&self.0))
    }
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
        *GENERATOR.get_or_init(|| super::pairing(&crate::G1Affine::generator(), &crate::G2Affine::generator()))
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

    /// `self^k`, constant time in `k`: the fixed 4-bit windows of
    /// `field::pow` (table reads that touch every entry) with cyclotomic
    /// squarings.
    pub fn pow(&self, k: &Fr) -> Gt {
        Gt(crate::field::pow(&Cyclotomic(self.0), &k.to_limbs()).0)
    }

    /// `self^k` in variable time (public exponents only): k = c0 + c1 |z| +
    /// c2 |z|^2 + c3 |z|^3 with 64-bit digits, self^(|z|^i) by Frobenius
    /// maps (module doc), then a four-way interleaved width-5 NAF: 64
    /// squarings instead of 255.
    pub fn pow_vartime(&self, k: &Fr) -> Gt {
        let c = crate::curve::glv::split_g2(&k.to_limbs());
        // Odd powers self^1, self^3, .., self^15.
        let sq = cyclotomic_square(&self.0);
        let mut t0 = [self.0; 8];
        for i in 1..8 {
            t0[i] = t0[i - 1].mul(&sq);
        }
        // x^|z| = conj(x^p): table i holds the odd powers of self^(|z|^i)
        // (the maps of `z_power_images`, applied table by table: through
        // that function the tables would be built transposed, which costs
        // copies on this short path).
        let t1 = t0.map(|x| x.frobenius_map(1).conjugate());
        let t2 = t0.map(|x| x.frobenius_map(2));
        let t3 = t0.map(|x| x.frobenius_map(3).conjugate());
        let tables = [t0, t1, t2, t3];
        let mut digits = [[0i8; 130]; 4];
        let mut len = 0;
        for t in 0..4 {
            len = len.max(crate::curve::recoding::wnaf_vartime(c[t] as u128, &mut digits[t]));
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;

    /// Random elements of the cyclotomic subgroup (the easy part of the
    /// final exponentiation applied to random Fp12 elements).
    fn cyclotomic(rng: &mut impl rand_core::RngCore) -> Fp12 {
        let f = Fp12::random(rng);
        let g = f.conjugate().mul(&f.invert().unwrap());
        g.frobenius_map(2).mul(&g)
    }

    #[test]
    fn compressed_powers_match_full_squarings() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        for _ in 0..20 {
            let f = cyclotomic(&mut rng);
            assert_eq!(cyclotomic_square(&f), f.square());
            let c = Compressed::new(&f);
            assert_eq!(decompress(&[c]).unwrap()[0], f);
            let full = decompress(&[c.square()]).unwrap()[0];
            assert_eq!(full, f.square());
            assert_eq!(cyclotomic_pow_z_abs(&f), cyclotomic_pow_z_abs_uncompressed(&f));
            assert_eq!(cyclotomic_pow_z_abs(&f), f.pow_vartime(&[Z_ABS]));
        }
    }

    /// Elements with g2 = 0 (among them those of Fp4 = Fp2[s], one of
    /// them) are not decompressed: decompression says so and the power
    /// falls back to full squarings.
    #[test]
    fn degenerate_compressed_form_is_rejected() {
        let c = Compressed::new(&Fp12::ONE);
        assert!(decompress(&[c]).is_none());
        // g2 = 0 alone (g3 != 0) is not decompressed either, also when
        // the other forms of the batch are fine.
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
        let good = Compressed::new(&cyclotomic(&mut rng));
        let odd = Compressed { g2: Fp2::ZERO, ..good };
        assert!(decompress(&[good]).is_some());
        assert!(decompress(&[good, odd, good]).is_none());
        // The fallback keeps the power right for such elements.
        assert_eq!(cyclotomic_pow_z_abs(&Fp12::ONE), Fp12::ONE);
    }
}
