//! The MSM's lane path: the batched affine additions of the bucket method
//! (batch_affine.rs) several at a time on a lane kernel, where the CPU
//! has one: four lanes on AVX2 (`crate::arith::avx2`), eight on AVX-512F
//! (`crate::arith::avx512f`, the same kernel) or on AVX-512 IFMA
//! (`crate::arith::avx512_ifma`); which one (or none) is chosen per curve
//! by measurement at run time (kernel.rs, `lane_kernels`).
//!
//! - `LaneCurve` (crate-private) is the MSM's extension of [`Curve`] (as arkworks'
//!   `VariableBaseMSM` extends `ScalarMul`): the hooks of the lane
//!   path, implemented here for G1 and G2. The curve layer knows nothing of
//!   them.
//! - [`LaneAffine`] is a point in lane form, a type of its own, so that a
//!   lane form is never taken for a point; the lane forms of an MSM's
//!   points come with the kernel that made them (`LaneVec`), which every
//!   later hook is given: one MSM never mixes kernels.
//! - On x86_64: batch.rs holds [`LaneField`] (the coordinates of `LANES`
//!   points on the lanes), [`AffineLanes`] and [`BatchAdd`], the
//!   additions with one shared inversion; fp.rs G1's lane fields (every
//!   kernel), g2.rs [`Fp2Lanes`], G2's; forms.rs the lane forms'
//!   conversions, negation and the indexed additions of the buckets;
//!   subgroup.rs the batched subgroup checks; kernel.rs the choice of
//!   kernel; tests.rs their tests. Beside them, GT's multi-exponentiation
//!   on the IFMA lanes: torus.rs schedules its buckets' products,
//!   torus_x8.rs computes them eight at a time.

use super::LaneOp;
use crate::arith::LaneKernel;
use crate::curve::{Affine, Curve, Jacobian, G1, G2};

#[cfg(target_arch = "x86_64")]
mod batch;
#[cfg(target_arch = "x86_64")]
mod forms;
#[cfg(target_arch = "x86_64")]
mod fp;
#[cfg(target_arch = "x86_64")]
mod g2;
mod kernel;
#[cfg(target_arch = "x86_64")]
mod subgroup;
#[cfg(all(test, target_arch = "x86_64"))]
mod tests;
#[cfg(target_arch = "x86_64")]
pub(crate) mod torus;
#[cfg(target_arch = "x86_64")]
mod torus_x8;

#[cfg(all(target_arch = "x86_64", feature = "internals"))]
pub use batch::{AffineLanes, BatchAdd, LaneField, MAX_LANES};
#[cfg(target_arch = "x86_64")]
pub use forms::{add_assign_indexed, from_lane_forms, negate_lane_form, to_lane_forms, Scratch};
#[cfg(target_arch = "x86_64")]
#[cfg_attr(not(feature = "internals"), allow(unused_imports))]
pub use g2::{Fp2Lanes, Fp2X4, Fp2X8, Fp2X8F};
pub(crate) use kernel::kernel_for;
#[cfg(feature = "internals")]
pub use kernel::set_lane_kernel;
pub use kernel::{lane_kernels, LaneChoice};

/// A point in lane form, for an MSM whose buckets stay in lane form: each
/// coordinate's lane value (per Fp coefficient: Montgomery with the
/// kernel's R, 2^390 on AVX2 and 2^416 on IFMA, reduced, below 2p)
/// stored as six 64-bit words where the point's coordinate was (the
/// kernel's `to_raw_ptrs`). A lane form reloads with a cut into limbs
/// (`from_raw_refs`), without the shift, reduction and Montgomery step of
/// `from_fp` / `to_fp`. The forms of the two kernels differ: which kernel
/// made them travels with them (`LaneVec`).
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

/// The lane forms of an MSM's points and the kernel that made them.
pub(crate) struct LaneVec<C: Curve> {
    kernel: LaneKernel,
    forms: Vec<LaneAffine<C>>,
}

impl<C: Curve> LaneVec<C> {
    /// A view to hand to the bucket accumulations.
    pub(crate) fn as_forms(&self) -> LaneForms<'_, C> {
        LaneForms { kernel: self.kernel, forms: &self.forms }
    }
}

/// Lane forms and their kernel (a [`LaneVec`] borrowed); reads as the
/// slice of forms.
pub(crate) struct LaneForms<'a, C: Curve> {
    /// The kernel whose lane forms these are (never `Off`).
    pub(crate) kernel: LaneKernel,
    forms: &'a [LaneAffine<C>],
}

impl<C: Curve> Clone for LaneForms<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C: Curve> Copy for LaneForms<'_, C> {}

impl<C: Curve> core::ops::Deref for LaneForms<'_, C> {
    type Target = [LaneAffine<C>];
    fn deref(&self) -> &[LaneAffine<C>] {
        self.forms
    }
}

/// The MSM's extension of [`Curve`]: the hooks of the lane path, for the
/// bucket accumulation (batch_affine.rs) of a curve whose affine additions
/// can run on lanes. The defaults are a curve without lanes:
/// [`LaneCurve::lane_points`] gives none and the other hooks are never
/// called. G1 and G2 have lanes on x86_64 (`lane_hooks!`).
pub(crate) trait LaneCurve: Curve {
    /// What a bucket accumulation keeps for the lane path between batches.
    type Scratch: Default;

    /// This curve's entry in the table of kernel choices (kernel.rs).
    const SLOT: usize;

    /// The lane forms of the points, on `kernel` (`Off`: none; a kernel
    /// the CPU lacks: none), `parallel`: converted on the current rayon
    /// pool. The hooks below take lane forms with the kernel that made
    /// them.
    fn lane_points_on(_kernel: LaneKernel, _points: &[Affine<Self>], _parallel: bool) -> Option<LaneVec<Self>> {
        None
    }

    /// `acc[op.bucket] += ±add[op.point]` for each op (distinct buckets;
    /// the identity allowed; the point negated when the sign bit
    /// [`super::NEG`] is set), with one shared inversion, on the lane
    /// forms of `kernel`. Variable time.
    fn add_assign_lanes(
        _scratch: &mut Self::Scratch,
        _kernel: LaneKernel,
        _acc: &mut [LaneAffine<Self>],
        _add: &[LaneAffine<Self>],
        _ops: &[LaneOp],
    ) {
        unreachable!("no lane forms on {}", Self::NAME)
    }

    /// The negation of a lane form (of any kernel).
    fn lane_negate(_p: &LaneAffine<Self>) -> LaneAffine<Self> {
        unreachable!("no lane forms on {}", Self::NAME)
    }

    /// The points of lane forms of `kernel`, into `out` (of the same
    /// length).
    fn lane_points_back(_kernel: LaneKernel, _forms: &[LaneAffine<Self>], _out: &mut [Affine<Self>]) {
        unreachable!("no lane forms on {}", Self::NAME)
    }

    /// Whether each point lies in the prime-order subgroup, into `out` (of
    /// the same length), on the lanes: `false` (nothing written) where
    /// this curve has no lane subgroup check or the lanes are off.
    fn torsion_free_lanes(_points: &[Affine<Self>], _out: &mut [bool]) -> bool {
        false
    }
}

/// The per-kernel state of a curve's bucket accumulation on the lanes.
#[cfg(target_arch = "x86_64")]
pub(crate) struct KernelScratch<X4: batch::LaneField, X8F: batch::LaneField, X8: batch::LaneField> {
    avx2: Scratch<X4>,
    avx512f: Scratch<X8F>,
    avx512_ifma: Scratch<X8>,
}

#[cfg(target_arch = "x86_64")]
impl<X4: batch::LaneField, X8F: batch::LaneField, X8: batch::LaneField> Default for KernelScratch<X4, X8F, X8> {
    fn default() -> Self {
        KernelScratch { avx2: Scratch::default(), avx512f: Scratch::default(), avx512_ifma: Scratch::default() }
    }
}

/// The hooks of [`LaneCurve`] for a curve whose coordinates go on the
/// AVX2 lanes as `$x4`, on the AVX-512F lanes as `$x8f` and on the IFMA
/// lanes as `$x8` (all [`LaneField`]s), with the subgroup check's chain
/// count and final comparison.
#[cfg(target_arch = "x86_64")]
macro_rules! lane_hooks {
    ($x4:ty, $x8f:ty, $x8:ty, $slot:expr, $chains:expr, $matches:path) => {
        type Scratch = KernelScratch<$x4, $x8f, $x8>;
        const SLOT: usize = $slot;

        fn lane_points_on(kernel: LaneKernel, points: &[Affine<Self>], parallel: bool) -> Option<LaneVec<Self>> {
            // SAFETY: each kernel only where its CPU check passed.
            let forms = match kernel {
                LaneKernel::Avx2 if <$x4>::available() => unsafe { to_lane_forms::<$x4>(points, parallel) },
                LaneKernel::Avx512f if <$x8f>::available() => unsafe { to_lane_forms::<$x8f>(points, parallel) },
                LaneKernel::Avx512Ifma if <$x8>::available() => unsafe { to_lane_forms::<$x8>(points, parallel) },
                _ => return None,
            };
            Some(LaneVec { kernel, forms })
        }

        fn add_assign_lanes(
            s: &mut Self::Scratch,
            kernel: LaneKernel,
            acc: &mut [LaneAffine<Self>],
            add: &[LaneAffine<Self>],
            ops: &[LaneOp],
        ) {
            // SAFETY: lane forms of a kernel exist only where its CPU
            // check passed (lane_points_on); checked again (cached).
            match kernel {
                LaneKernel::Avx2 if <$x4>::available() => unsafe {
                    add_assign_indexed::<$x4>(&mut s.avx2, acc, add, ops)
                },
                LaneKernel::Avx512f if <$x8f>::available() => unsafe {
                    add_assign_indexed::<$x8f>(&mut s.avx512f, acc, add, ops)
                },
                LaneKernel::Avx512Ifma if <$x8>::available() => unsafe {
                    add_assign_indexed::<$x8>(&mut s.avx512_ifma, acc, add, ops)
                },
                _ => unreachable!("lane forms of kernel {kernel} on a CPU without it"),
            }
        }

        fn lane_negate(p: &LaneAffine<Self>) -> LaneAffine<Self> {
            // The raw forms of every kernel are integers below 2p.
            negate_lane_form::<$x4>(p)
        }

        fn lane_points_back(kernel: LaneKernel, forms: &[LaneAffine<Self>], out: &mut [Affine<Self>]) {
            // SAFETY: as in add_assign_lanes.
            match kernel {
                LaneKernel::Avx2 if <$x4>::available() => unsafe { from_lane_forms::<$x4>(forms, out) },
                LaneKernel::Avx512f if <$x8f>::available() => unsafe { from_lane_forms::<$x8f>(forms, out) },
                LaneKernel::Avx512Ifma if <$x8>::available() => unsafe { from_lane_forms::<$x8>(forms, out) },
                _ => unreachable!("lane forms of kernel {kernel} on a CPU without it"),
            }
        }

        fn torsion_free_lanes(points: &[Affine<Self>], out: &mut [bool]) -> bool {
            if out.len() != points.len() {
                return false;
            }
            let matches = |p: &Jacobian<Self>, q: &Jacobian<Self>| bool::from($matches(p, q));
            // SAFETY: each kernel only where its CPU check passed.
            match kernel_for::<Self>() {
                LaneKernel::Avx2 if <$x4>::available() => unsafe {
                    subgroup::batch_is_torsion_free::<$x4>(points, out, $chains, matches)
                },
                LaneKernel::Avx512f if <$x8f>::available() => unsafe {
                    subgroup::batch_is_torsion_free::<$x8f>(points, out, $chains, matches)
                },
                LaneKernel::Avx512Ifma if <$x8>::available() => unsafe {
                    subgroup::batch_is_torsion_free::<$x8>(points, out, $chains, matches)
                },
                _ => return false,
            }
            true
        }
    };
}

#[cfg(all(target_arch = "x86_64", not(feature = "internals")))]
use batch::LaneField;

#[cfg(target_arch = "x86_64")]
impl LaneCurve for G1 {
    lane_hooks!(
        crate::arith::avx2::FpX4,
        crate::arith::avx512f::FpX8F,
        crate::arith::avx512_ifma::FpX8Ifma,
        0,
        2,
        crate::curve::subgroup::g1_matches_sigma
    );
}

#[cfg(target_arch = "x86_64")]
impl LaneCurve for G2 {
    lane_hooks!(Fp2X4, Fp2X8F, Fp2X8, 1, 1, crate::curve::subgroup::g2_matches_psi);
}

/// [`LaneCurve::lane_points`] as an inherent function of G1 and G2, for
/// the integration tests that check which path the MSM takes.
#[cfg(feature = "internals")]
macro_rules! lane_points_probe {
    ($($c:ty),*) => {$(
        impl $c {
            /// The lane forms of the points when this curve's MSM runs on
            /// lanes, none otherwise (a probe of the path).
            #[doc(hidden)]
            pub fn lane_points(points: &[Affine<$c>], parallel: bool) -> Option<Vec<LaneAffine<$c>>> {
                <$c as LaneCurve>::lane_points_on(kernel_for::<$c>(), points, parallel).map(|v| v.forms)
            }
        }
    )*};
}
#[cfg(feature = "internals")]
lane_points_probe!(G1, G2);

#[cfg(not(target_arch = "x86_64"))]
impl LaneCurve for G1 {
    type Scratch = ();
    const SLOT: usize = 0;
}

#[cfg(not(target_arch = "x86_64"))]
impl LaneCurve for G2 {
    type Scratch = ();
    const SLOT: usize = 1;
}
