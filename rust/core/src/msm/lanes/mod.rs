//! The MSM's lane path: the batched affine additions of the bucket method
//! (batch_affine.rs) four at a time on the AVX2 kernels of
//! `crate::arith::avx2`, where the CPU has them
//! ([`crate::arith::lanes_enabled`]).
//!
//! - `LaneCurve` (crate-private) is the MSM's extension of [`Curve`] (as arkworks'
//!   `VariableBaseMSM` extends `ScalarMul`): the four hooks of the lane
//!   path, implemented here for G1 and G2. The curve layer knows nothing of
//!   them.
//! - [`LaneAffine`] is a point in lane form, a type of its own, so that a
//!   lane form is never taken for a point.
//! - On x86_64: batch.rs holds [`LaneField`] (the coordinates of four
//!   points on the lanes, `FpX4` on G1), [`Affine4`] and [`BatchAdd`], the
//!   additions with one shared inversion; g2.rs [`Fp2X4`], G2's
//!   coordinates; forms.rs the lane forms' conversions, negation and the
//!   indexed additions of the buckets; tests.rs their tests.

use super::LaneOp;
use crate::curve::{Affine, Curve, Jacobian, G1, G2};

#[cfg(target_arch = "x86_64")]
mod batch;
#[cfg(target_arch = "x86_64")]
mod forms;
#[cfg(target_arch = "x86_64")]
mod g2;
#[cfg(target_arch = "x86_64")]
mod subgroup;
#[cfg(all(test, target_arch = "x86_64"))]
mod tests;

#[cfg(all(target_arch = "x86_64", feature = "internals"))]
pub use batch::{Affine4, BatchAdd, LaneField};
#[cfg(target_arch = "x86_64")]
pub use forms::{add_assign_indexed, from_lane_forms, negate_lane_form, to_lane_forms, Scratch};
#[cfg(target_arch = "x86_64")]
pub use g2::Fp2X4;

/// A point in lane form, for an MSM whose buckets stay in lane form: each
/// coordinate's lane value (per Fp coefficient: Montgomery with
/// R = 2^390, reduced, below 2^382) stored as six 64-bit words where the
/// point's coordinate was (`avx2::to_raw_ptrs`). A lane form reloads with
/// a cut into limbs (`avx2::from_raw_refs`), without the shift, reduction
/// and Montgomery step of `avx2::from_fp` / `avx2::to_fp`.
///
/// Not a point: only the functions of this module read lane forms (the
/// identity's is (0, 0)), and the points come back by
/// `LaneCurve::lane_points_back`. The layout is the point's
/// (`repr(transparent)`), so that the buckets cost what points cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct LaneAffine<C: Curve>(Affine<C>);

impl<C: Curve> LaneAffine<C> {
    /// The identity's lane form, (0, 0).
    pub(crate) const IDENTITY: LaneAffine<C> = LaneAffine(Affine::identity());

    /// Whether this is the identity's lane form (no other lane form is
    /// (0, 0): neither curve has a point with `y = 0`).
    #[inline]
    pub(crate) fn is_identity(&self) -> bool {
        bool::from(self.0.is_identity())
    }
}

/// The MSM's extension of [`Curve`]: the hooks of the lane path, for the
/// bucket accumulation (batch_affine.rs) of a curve whose affine additions
/// can run on the AVX2 lanes. The defaults are a curve without lanes:
/// [`LaneCurve::lane_points`] gives none and the other hooks are never
/// called. G1 and G2 have lanes on x86_64 (`lane_hooks!`).
pub(crate) trait LaneCurve: Curve {
    /// What a bucket accumulation keeps for the lane path between batches.
    type Scratch: Default;

    /// The lane forms of the points when this curve's MSM runs its
    /// additions on the AVX2 lanes ([`crate::arith::lanes_enabled`]); none
    /// otherwise (`parallel`: converted on the current rayon pool). The
    /// three hooks below take lane forms, and are called only after this
    /// gave some.
    fn lane_points(_points: &[Affine<Self>], _parallel: bool) -> Option<Vec<LaneAffine<Self>>> {
        None
    }

    /// `acc[op.bucket] += ±add[op.point]` for each op (distinct buckets;
    /// the identity allowed; the point negated when the sign bit
    /// [`super::NEG`] is set), with one shared inversion. Variable time.
    fn add_assign_lanes(_scratch: &mut Self::Scratch, _acc: &mut [LaneAffine<Self>], _add: &[LaneAffine<Self>], _ops: &[LaneOp]) {
        unreachable!("no lane forms on {}", Self::NAME)
    }

    /// The negation of a lane form.
    fn lane_negate(_p: &LaneAffine<Self>) -> LaneAffine<Self> {
        unreachable!("no lane forms on {}", Self::NAME)
    }

    /// The points of lane forms, into `out` (of the same length).
    fn lane_points_back(_forms: &[LaneAffine<Self>], _out: &mut [Affine<Self>]) {
        unreachable!("no lane forms on {}", Self::NAME)
    }

    /// Whether each point lies in the prime-order subgroup, into `out` (of
    /// the same length), on the lanes: `false` (nothing written) where
    /// this curve has no lane subgroup check or the lanes are off.
    fn torsion_free_lanes(_points: &[Affine<Self>], _out: &mut [bool]) -> bool {
        false
    }
}

/// The hooks of [`LaneCurve`] for a curve whose coordinates go on the
/// AVX2 lanes as `$lanes` (a [`LaneField`]).
#[cfg(target_arch = "x86_64")]
macro_rules! lane_hooks {
    ($lanes:ty) => {
        type Scratch = Scratch<$lanes>;

        fn lane_points(points: &[Affine<Self>], parallel: bool) -> Option<Vec<LaneAffine<Self>>> {
            // SAFETY: lanes_enabled() is true only when the CPU has AVX2.
            crate::arith::lanes_enabled().then(|| unsafe { to_lane_forms::<$lanes>(points, parallel) })
        }

        fn add_assign_lanes(scratch: &mut Self::Scratch, acc: &mut [LaneAffine<Self>], add: &[LaneAffine<Self>], ops: &[LaneOp]) {
            assert!(std::is_x86_feature_detected!("avx2"), "lane forms without AVX2");
            // SAFETY: AVX2 checked.
            unsafe { add_assign_indexed::<$lanes>(scratch, acc, add, ops) }
        }

        fn lane_negate(p: &LaneAffine<Self>) -> LaneAffine<Self> {
            negate_lane_form::<$lanes>(p)
        }

        fn lane_points_back(forms: &[LaneAffine<Self>], out: &mut [Affine<Self>]) {
            assert!(std::is_x86_feature_detected!("avx2"), "lane forms without AVX2");
            // SAFETY: AVX2 checked.
            unsafe { from_lane_forms::<$lanes>(forms, out) }
        }
    };
}

#[cfg(target_arch = "x86_64")]
impl LaneCurve for G1 {
    lane_hooks!(crate::arith::avx2::FpX4);

    fn torsion_free_lanes(points: &[Affine<Self>], out: &mut [bool]) -> bool {
        if !crate::arith::lanes_enabled() || out.len() != points.len() {
            return false;
        }
        let matches = |p: &Jacobian<G1>, q: &Jacobian<G1>| bool::from(crate::curve::subgroup::g1_matches_sigma(p, q));
        // SAFETY: lanes_enabled() is true only when the CPU has AVX2.
        unsafe { subgroup::batch_is_torsion_free::<crate::arith::avx2::FpX4>(points, out, 2, matches) };
        true
    }
}

#[cfg(target_arch = "x86_64")]
impl LaneCurve for G2 {
    lane_hooks!(Fp2X4);

    fn torsion_free_lanes(points: &[Affine<Self>], out: &mut [bool]) -> bool {
        if !crate::arith::lanes_enabled() || out.len() != points.len() {
            return false;
        }
        let matches = |p: &Jacobian<G2>, q: &Jacobian<G2>| bool::from(crate::curve::subgroup::g2_matches_psi(p, q));
        // SAFETY: lanes_enabled() is true only when the CPU has AVX2.
        unsafe { subgroup::batch_is_torsion_free::<Fp2X4>(points, out, 1, matches) };
        true
    }
}

/// [`LaneCurve::lane_points`] as an inherent function of G1 and G2, for
/// the integration tests that check which path the MSM takes.
#[cfg(feature = "internals")]
macro_rules! lane_points_probe {
    ($($c:ty),*) => {$(
        impl $c {
            /// The lane forms of the points when this curve's MSM runs on
            /// the AVX2 lanes, none otherwise (a probe of the path).
            #[doc(hidden)]
            pub fn lane_points(points: &[Affine<$c>], parallel: bool) -> Option<Vec<LaneAffine<$c>>> {
                <$c as LaneCurve>::lane_points(points, parallel)
            }
        }
    )*};
}
#[cfg(feature = "internals")]
lane_points_probe!(G1, G2);

#[cfg(not(target_arch = "x86_64"))]
impl LaneCurve for G1 {
    type Scratch = ();
}

#[cfg(not(target_arch = "x86_64"))]
impl LaneCurve for G2 {
    type Scratch = ();
}
