//! The groups G1 (over Fp) and G2 (over Fp2) of BLS12-381.
//!
//! Both curves have the form y^2 = x^3 + b, so one generic implementation
//! ([`Affine`], [`Jacobian`]) serves them; [`G1`] and [`G2`] supply the
//! field, the constants and the endomorphisms.
//!
//! Conventions:
//! - Affine points store the identity as (0, 0) (not on either curve since
//!   b != 0); Jacobian points as any (X, Y, 0).
//! - Group operations are constant time and complete: they give the right
//!   answer for every pair of inputs, the identity and P + P included.

/// `common_denominator!(p, q => u1, u2, s1, s2)` binds `u1 = X1 Z2^2`,
/// `u2 = X2 Z1^2`, `s1 = Y1 Z2^3`, `s2 = Y2 Z1^3` for two points `p`, `q`
/// in Jacobian coordinates (fields `x`, `y`, `z`): both points over the
/// common denominator (Z1 Z2)^2, (Z1 Z2)^3, whose differences H = U2 - U1
/// and R = S2 - S1 give the chord (slope R / (H Z1 Z2)). The first step of
/// the Jacobian additions on the curves (point.rs) and on the isogenous
/// curves of the hash (`hash_to_curve::sswu`); a macro, so that each
/// addition keeps its own order of evaluation.
macro_rules! common_denominator {
    ($p:expr, $q:expr => $u1:ident, $u2:ident, $s1:ident, $s2:ident) => {
        let z1z1 = $p.z.square();
        let z2z2 = $q.z.square();
        let $u1 = $p.x.mul(&z2z2);
        let $u2 = $q.x.mul(&z1z1);
        let $s1 = $p.y.mul(&$q.z).mul(&z2z2);
        let $s2 = $q.y.mul(&$p.z).mul(&z1z1);
    };
}
pub(crate) use common_denominator;

/// `impl CurveHooks` for one curve: the scalar multiplications of
/// mul_ct.rs and mul_vartime.rs, the subgroup check of subgroup.rs and the
/// endomorphism split and images of glv.rs (each the curve's own function,
/// named here), the constant-time doubling, the curve's runs of doublings
/// for the variable-time chains, and the further hooks the curve overrides
/// (written out after the names).
///
/// The doubling is the out-of-line function `$double` this macro defines:
/// [`formulas::double_with`] on the shared field operations.
macro_rules! curve_hooks {
    (
        $curve:ident: $proj:ty, $aff:ty;
        mul_ct: $mul:ident, mul_vartime: $mul_vartime:ident, is_torsion_free: $torsion_free:ident;
        double: $double:ident, double_n_vartime: $double_n:ident,
        endo: $parts:literal x $bits:literal bits, $split:ident, $images:ident;
        $($extra:tt)*
    ) => {
        /// `2 p` ([`formulas::double_with`](super::formulas::double_with)
        /// on the shared field operations).
        #[inline(never)]
        fn $double(p: &$proj) -> $proj {
            super::formulas::double_with(&super::formulas::Shared, p)
        }

        impl CurveHooks for $curve {
            const ENDO_PARTS: usize = $parts;
            const ENDO_BITS: u32 = $bits;
            fn mul_ct(p: &$proj, k: &Fr) -> $proj {
                super::mul_ct::$mul(p, k)
            }
            fn mul_vartime(p: &$proj, k: &Fr) -> $proj {
                super::mul_vartime::$mul_vartime(p, k)
            }
            fn is_torsion_free(p: &$proj) -> subtle::Choice {
                super::subgroup::$torsion_free(p)
            }
            fn double(p: &$proj) -> $proj {
                $double(p)
            }
            fn double_n_vartime(p: &$proj, n: u32) -> $proj {
                $double_n(p, n)
            }
            fn endo_split(k: &Fr) -> [u128; 4] {
                super::glv::$split(k)
            }
            fn endo_images(p: &$aff) -> [$aff; 4] {
                super::glv::$images(p)
            }
            $($extra)*
        }
    };
}

mod cofactor;
mod encoding;
mod formulas;
mod g1;
mod g2;
pub(crate) mod glv;
mod mul_ct;
mod mul_tables;
mod mul_vartime;
mod point;
pub(crate) mod recoding;
pub(crate) mod subgroup;

pub use encoding::{ByteArray, Compressed, FieldEncoding, Uncompressed};
pub use point::{Affine, Jacobian};

use crate::field::{Fp, Fp2};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// |z| = 0xd201000000010000, where z = -0xd201000000010000 is the seed of
/// BLS12-381 (the parameter of the GLS split, the subgroup checks, the
/// cofactor clearing and the Miller loop).
pub(crate) const Z_ABS: u64 = 0xd201_0000_0001_0000;

/// Marker type for the curve E1: y^2 = x^3 + 4 over Fp (g1.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum G1 {}

/// Marker type for the curve E2: y^2 = x^3 + 4(u + 1) over Fp2, the
/// sextic twist of E1 (g2.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum G2 {}

/// A point of G1 in affine coordinates.
pub type G1Affine = Affine<G1>;
/// A point of G1 in Jacobian coordinates (the form arithmetic works in).
pub type G1Projective = Jacobian<G1>;
/// A point of G2 in affine coordinates.
pub type G2Affine = Affine<G2>;
/// A point of G2 in Jacobian coordinates (the form arithmetic works in).
pub type G2Projective = Jacobian<G2>;

/// 4 in Montgomery form: b of E1, and both coefficients of E2's b.
const FOUR: Fp = Fp::from_montgomery([
    0xaa27_0000_000c_fff3,
    0x53cc_0032_fc34_000a,
    0x478f_e97a_6b0a_807f,
    0xb1d3_7ebe_e6ba_24d7,
    0x8ec9_733b_bf78_ab2f,
    0x09d6_4551_3d83_de7e,
]);

/// The field a curve is defined over: [`Fp`] for G1, [`Fp2`] for G2.
///
/// The operations are the fields' inherent methods; the trait only lets the
/// curve code be written once. It is sealed: no other type implements it.
pub trait BaseField:
    Copy + Send + Sync + ConditionallySelectable + ConstantTimeEq + core::fmt::Debug + sealed::Sealed + FieldEncoding
{
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// `self + rhs`.
    fn add(&self, rhs: &Self) -> Self;
    /// `self - rhs`.
    fn sub(&self, rhs: &Self) -> Self;
    /// `-self`.
    fn neg(&self) -> Self;
    /// `2 * self`.
    fn double(&self) -> Self;
    /// `self * rhs`.
    fn mul(&self, rhs: &Self) -> Self;
    /// `self^2`.
    fn square(&self) -> Self;
    /// `self * b - c * d` with one reduction (per coefficient) instead of
    /// two: the products and their difference at double width.
    fn mul_sub_mul(&self, b: &Self, c: &Self, d: &Self) -> Self;
    /// `self * m - b^2` with one reduction (per coefficient), for reduced
    /// inputs (Fp: `b` below `2p` too).
    fn mul_sub_sqr(&self, m: &Self, b: &Self) -> Self;
    /// `self / 2`.
    fn half(&self) -> Self;
    /// Whether `self` is zero.
    fn is_zero(&self) -> Choice;
    /// `1 / self`, none for zero; constant time.
    fn invert(&self) -> CtOption<Self>;
    /// `1 / self`, none for zero; variable time (public values only).
    fn invert_vartime(&self) -> Option<Self>;
    /// A square root, none for a non-square; constant time.
    fn sqrt(&self) -> CtOption<Self>;
    /// Whether `self` is larger than `-self` (the ZCash sign convention).
    fn lexicographically_largest(&self) -> Choice;
    /// The sign of RFC 9380 (`sgn0`).
    fn sgn0(&self) -> Choice;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Fp {}
    impl Sealed for super::Fp2 {}
}

macro_rules! impl_base_field {
    // The methods, each handing over to the inherent one of the same name.
    (@fwd $t:ty; $(#[$a:meta] $f:ident($($arg:ident),*) -> $r:ty;)*) => {$(
        #[$a]
        fn $f(&self, $($arg: &Self),*) -> $r {
            <$t>::$f(self, $($arg),*)
        }
    )*};
    // `$lin`: the inlining of the additions, `$products`: of the products.
    ($t:ty, #[$lin:meta], #[$products:meta]) => {
        impl BaseField for $t {
            const ZERO: Self = <$t>::ZERO;
            const ONE: Self = <$t>::ONE;
            // Products out of line (for Fp): a point formula makes 10 to 20
            // products, and inlining each kernel made `add` ~30 KB of code,
            // which thrashes the instruction cache inside scalar
            // multiplication loops. (Fp2's products are out of line
            // already, behind `mul_to`.)
            impl_base_field!(@fwd $t;
                #[$lin] add(rhs) -> Self;
                #[$lin] sub(rhs) -> Self;
                #[$lin] neg() -> Self;
                #[$lin] double() -> Self;
                #[$products] mul(rhs) -> Self;
                #[$products] square() -> Self;
                #[$products] mul_sub_mul(b, c, d) -> Self;
                #[$products] mul_sub_sqr(m, b) -> Self;
                #[$lin] half() -> Self;
                #[inline(always)] is_zero() -> Choice;
                #[inline] invert() -> CtOption<Self>;
                #[inline] invert_vartime() -> Option<Self>;
                #[inline] sqrt() -> CtOption<Self>;
                #[inline] lexicographically_largest() -> Choice;
                #[inline] sgn0() -> Choice;
            );
        }
    };
}
// Fp: additions inlined (a few instructions each: a call cost as much as
// the work), products out of line (short hot
// loops in the G1 formulas); Fp2: inlined down to the out-of-line
// `mul_to` / `square_to` kernels.
impl_base_field!(Fp, #[inline(always)], #[inline(never)]);
impl_base_field!(Fp2, #[inline(always)], #[inline(always)]);

/// A curve y^2 = x^3 + b of BLS12-381 and its prime-order subgroup
/// (implemented by the marker types [`G1`] and [`G2`]).
///
/// Sealed: the curve code reaches each curve's own scalar multiplications,
/// subgroup check and endomorphisms through a crate-private supertrait, so
/// no other type implements it.
pub trait Curve:
    private::CurveHooks + 'static + Copy + Clone + Send + Sync + core::fmt::Debug + PartialEq + Eq
{
    /// Fp or Fp2.
    type Base: BaseField;
    /// The coefficient b.
    const B: Self::Base;
    /// The generator's x.
    const GENERATOR_X: Self::Base;
    /// The generator's y.
    const GENERATOR_Y: Self::Base;
    /// "G1" or "G2", for messages.
    const NAME: &'static str;
}

#[cfg(feature = "internals")]
pub use private::CurveHooks;

/// The seal of [`Curve`] and the hooks by which the generic point code
/// hands over to each curve's own functions (mul_ct.rs, mul_vartime.rs,
/// glv.rs, subgroup.rs, the
/// doublings of g1.rs / g2.rs). `Sealed` is never exported, so the hooks
/// (public with the feature `internals`, for the benchmarks and tests)
/// cannot be implemented outside the crate either.
pub(crate) mod private {
    use super::{Affine, Curve, Jacobian};
    use crate::field::Fr;
    use subtle::Choice;

    /// Implemented by [`super::G1`] and [`super::G2`] only.
    pub trait Sealed {}
    impl Sealed for super::G1 {}
    impl Sealed for super::G2 {}

    /// The curve-specific operations behind the generic point methods.
    /// Every method is bound on `Self: Curve` (the subtrait), which names
    /// the point types.
    pub trait CurveHooks: Sealed {
        /// The endomorphism split used by multi-scalar multiplication:
        /// `ENDO_PARTS` parts of at most `ENDO_BITS` bits each (G1: 2 x 128,
        /// GLV; G2: 4 x 64, GLS).
        const ENDO_PARTS: usize;
        /// The bit length bound of each part of [`CurveHooks::endo_split`].
        const ENDO_BITS: u32;
        /// `k * p`, constant time (GLV on G1, GLS on G2; mul_ct.rs). Called
        /// through [`Jacobian::mul`].
        fn mul_ct(p: &Jacobian<Self>, k: &Fr) -> Jacobian<Self>
        where
            Self: Curve;
        /// `k * p` in variable time (mul_vartime.rs). Called through [`Jacobian::mul_vartime`].
        fn mul_vartime(p: &Jacobian<Self>, k: &Fr) -> Jacobian<Self>
        where
            Self: Curve;
        /// `2 p`; point.rs's generic formula unless the curve has a faster
        /// one. Called through [`Jacobian::double`].
        fn double(p: &Jacobian<Self>) -> Jacobian<Self>
        where
            Self: Curve,
        {
            p.double_generic()
        }
        /// `2^n p` for a public point: `n` doublings, which a curve may run on
        /// a vector kernel (G2 on the IFMA lanes, `field/kernels/g2_double_lanes.rs`).
        /// Used by the variable-time chains of cofactor.rs.
        fn double_n_vartime(p: &Jacobian<Self>, n: u32) -> Jacobian<Self>
        where
            Self: Curve,
        {
            p.double_n(n)
        }
        /// `p + (x2, y2)` for a public point `p` and a finite affine point
        /// (x2, y2), complete, in variable time; point.rs's generic code unless
        /// the curve has a faster one (G1: the field kernels inlined). Called
        /// through `Jacobian::add_xy_vartime`.
        fn add_xy_vartime(p: &Jacobian<Self>, x2: &<Self as Curve>::Base, y2: &<Self as Curve>::Base) -> Jacobian<Self>
        where
            Self: Curve,
        {
            p.add_xy_vartime_generic(x2, y2)
        }
        /// The subgroup check by endomorphism (subgroup.rs). Called through
        /// [`Jacobian::is_torsion_free`].
        fn is_torsion_free(p: &Jacobian<Self>) -> Choice
        where
            Self: Curve;
        /// The parts `s_i` of `k` such that `k P = sum_i s_i P_i` with
        /// `P_i = endo_images(P)[i]` (parts beyond `ENDO_PARTS` are zero).
        /// Constant time.
        fn endo_split(k: &Fr) -> [u128; 4];
        /// The images `P_i` of an affine point under the powers of the
        /// endomorphism matching [`CurveHooks::endo_split`] (entries beyond
        /// `ENDO_PARTS` are unspecified). Maps the identity to the identity.
        fn endo_images(p: &Affine<Self>) -> [Affine<Self>; 4]
        where
            Self: Curve;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_are_on_their_curves() {
        fn check<C: Curve>() {
            assert!(bool::from(Affine::<C>::generator().is_on_curve()), "{}", C::NAME);
            assert!(bool::from(Jacobian::<C>::generator().is_on_curve()), "{}", C::NAME);
        }
        check::<G1>();
        check::<G2>();
    }
}
