//! Which kernels this process runs: [`backend`].
//!
//! The choice is made once per process, from the CPU and the environment
//! variable `BLS12_381_BACKEND` read at the first field operation:
//! - the limb kernel of every field operation ([`LimbKernel`]): the x86_64
//!   MULX/ADCX/ADOX assembly where the CPU has ADX, BMI1 and BMI2, else
//!   portable Rust; `BLS12_381_BACKEND=portable` forces portable;
//! - the lane kernel of each curve's MSM and batched subgroup checks
//!   ([`msm::LaneKernel`](crate::msm::LaneKernel)), measured among those
//!   the CPU has at the first use (`msm::lane_kernels`); none with the
//!   portable limbs, `BLS12_381_BACKEND=adx` turns them off, `=avx2`,
//!   `=avx512f` or `=avx512_ifma` forces one;
//! - the paths written for AVX-512 IFMA alone (the GT multi-exponentiation's
//!   torus products, the variable-time runs of G2 doublings): where the CPU
//!   has IFMA and the lanes are on, unless another lane kernel is forced.
//!
//! The C ABI reports the same as `bls12_381_backend()`, OCaml as
//! `Bls12_381.backend ()`, both the text of [`Backend`]'s `Display`.

use crate::arith::{self, LaneKernel, LimbKernel};
use crate::msm;

/// The kernels this process runs ([`backend`]).
///
/// Its `Display` is the report's text: the [`Backend::fields`] as
/// `key=value` separated by single spaces, for example
/// `limbs=adx g1_lanes=avx2 g2_lanes=off ifma_paths=off`. The keys and
/// values listed there keep their meaning; a later version may add keys
/// at the end (for other architectures' kernels), so parse by key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Backend {
    /// The limb kernel of the field operations.
    pub limbs: LimbKernel,
    /// The lane kernel of G1's MSM and batched subgroup checks
    /// ([`LaneKernel::Off`]: one addition at a time).
    pub g1_lanes: LaneKernel,
    /// The lane kernel of G2's MSM and batched subgroup checks.
    pub g2_lanes: LaneKernel,
    /// Whether the AVX-512 IFMA paths outside the MSM run: the GT
    /// multi-exponentiation's torus products on eight lanes, and the
    /// variable-time runs of G2 doublings.
    pub ifma_paths: bool,
}

impl Backend {
    /// The report as `(key, value)` pairs, in this order: `limbs`
    /// ([`LimbKernel::name`]: `portable`, `adx`), `g1_lanes` and `g2_lanes`
    /// ([`LaneKernel::name`]: `off`, `avx2`, `avx512f`, `avx512_ifma`),
    /// `ifma_paths` (`on`, `off`). Keys and values are ASCII without spaces
    /// or `=`.
    pub const fn fields(&self) -> [(&'static str, &'static str); 4] {
        [
            ("limbs", self.limbs.name()),
            ("g1_lanes", self.g1_lanes.name()),
            ("g2_lanes", self.g2_lanes.name()),
            ("ifma_paths", if self.ifma_paths { "on" } else { "off" }),
        ]
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (i, (k, v)) in self.fields().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(k)?;
            f.write_str("=")?;
            f.write_str(v)?;
        }
        Ok(())
    }
}

/// The kernels this process runs now. The first call (or the first MSM)
/// may measure the lane kernels on a few thousand additions per curve,
/// once per process; later calls only read the choices. Without the
/// feature `internals` (whose `set_lanes_enabled` and
/// `msm::set_lane_kernel` override the choice, for benchmarks) the answer
/// is the same for the life of the process.
pub fn backend() -> Backend {
    let lanes = msm::lane_kernels();
    Backend { limbs: arith::backend(), g1_lanes: lanes.g1, g2_lanes: lanes.g2, ifma_paths: arith::ifma_paths_allowed() }
}
