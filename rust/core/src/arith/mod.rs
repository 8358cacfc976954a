//! Limb arithmetic: the Montgomery kernels and the run-time choice between them.
//! This layer knows limbs only; `field/` builds the field types on it.
//!
//! Two kernels exist for every operation the fields use:
//! - [`montgomery`]: portable Rust on `u128` products, always built;
//! - `x86_64`: MULX/ADCX/ADOX through `asm!`, used when the CPU has ADX, BMI1 and BMI2.
//!
//! The fields call them through the modules `fp` and `fr` (`dispatch.rs`),
//! one wrapper per operation choosing between the two, with the limb
//! constants of p and r from `params.rs`; [`safegcd`] inverts. The fused
//! tower and pairing kernels, built on the same `asm!` templates, live with
//! the tower in `field::kernels`.
//!
//! The choice is made once per process (a cached CPU check, one relaxed
//! atomic load per call afterwards). Setting the environment variable
//! `BLS12_381_BACKEND=portable` before the first field operation forces the
//! portable kernel; tests use it to run every suite on each kernel.
//!
//! Two more kernels work on many Fp elements at once, for the batched
//! affine additions of multi-scalar multiplication (G1, and G2 with two
//! lanes per coordinate) and the batched subgroup checks, where many
//! independent products wait: [`avx2`] (four elements per vector, AVX2),
//! [`avx512f`] (the same algorithm on eight elements per vector,
//! AVX-512F) and [`avx512_ifma`] (eight per vector, AVX-512 IFMA). They are used only
//! with the x86_64 kernel; which one serves an MSM is chosen at run time
//! by measurement (`msm::lane_kernels`), among those this module allows
//! ([`lane_kernel_allowed`]). `BLS12_381_BACKEND=adx` keeps the x86_64
//! kernel but turns the lanes off (`portable` turns off both);
//! `BLS12_381_BACKEND=avx2`, `=avx512f` or `=avx512_ifma` forces that
//! lane kernel where the CPU has it, so that tests can force each path;
//! `avx2` and `avx512f` also turn off the IFMA-only paths
//! ([`ifma_paths_allowed`]), as on a CPU without IFMA. The older values
//! `avx512` (for `avx512f`) and `ifma` (for `avx512_ifma`) are still
//! accepted, with a deprecation line on standard error.

#[cfg(target_arch = "x86_64")]
pub mod avx512_ifma;
mod dispatch;
pub mod montgomery;
pub(crate) mod params;
pub mod safegcd;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;
// After `avx512_ifma`, which has its own `each_limb!` (8 limbs).
#[cfg(target_arch = "x86_64")]
#[macro_use]
mod lane30;
#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512f;
#[cfg(target_arch = "x86_64")]
mod lane_radix;
#[cfg(all(test, target_arch = "x86_64"))]
mod lane_test_support;

pub(crate) use dispatch::{dispatch, fp, fr};

use core::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// The limb kernel of the field operations: the x86_64 MULX/ADCX/ADOX
/// assembly or portable Rust. The one in use is the `limbs` of
/// [`backend()`](crate::backend()).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LimbKernel {
    /// Portable `u128` kernels.
    Portable,
    /// x86_64 MULX/ADCX/ADOX assembly.
    Adx,
}

impl LimbKernel {
    /// Its name, also its `BLS12_381_BACKEND` value: `portable`, `adx`.
    pub const fn name(self) -> &'static str {
        match self {
            LimbKernel::Portable => "portable",
            LimbKernel::Adx => "adx",
        }
    }
}

impl core::fmt::Display for LimbKernel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

const UNKNOWN: u8 = 0;
const PORTABLE: u8 = 1;
const ADX: u8 = 2;

static BACKEND: AtomicU8 = AtomicU8::new(UNKNOWN);

#[cold]
#[inline(never)]
fn detect() -> u8 {
    let forced = std::env::var("BLS12_381_BACKEND").unwrap_or_default();
    let forced_portable = forced.eq_ignore_ascii_case("portable");
    #[cfg(target_arch = "x86_64")]
    let adx = !forced_portable
        && std::is_x86_feature_detected!("adx")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("bmi1");
    #[cfg(not(target_arch = "x86_64"))]
    let adx = {
        let _ = forced_portable;
        false
    };
    let b = if adx { ADX } else { PORTABLE };
    #[cfg(target_arch = "x86_64")]
    let allowed = if adx && !forced.eq_ignore_ascii_case("adx") {
        let avx2 = std::is_x86_feature_detected!("avx2");
        let ifma = avx512_ifma::available();
        let f = avx512f::available();
        u8::from(avx2) << LaneKernel::Avx2 as u8
            | u8::from(ifma) << LaneKernel::Avx512Ifma as u8
            | u8::from(f) << LaneKernel::Avx512f as u8
    } else {
        0
    };
    #[cfg(not(target_arch = "x86_64"))]
    let allowed = {
        let _ = forced;
        0u8
    };
    // (Compared in place: no allocation on this path.)
    let wanted = match LaneKernel::from_backend_name(&forced) {
        Some((k, deprecated)) => {
            if deprecated {
                // A fixed message written as bytes: no formatting (whose
                // machinery has panic paths) and not `eprintln!`, which
                // panics when standard error is closed; no panic may start
                // here, under every C call. Errors are ignored.
                use std::io::Write;
                let msg: &[u8] = match k {
                    LaneKernel::Avx512f => {
                        b"bls12-381: BLS12_381_BACKEND=avx512 is deprecated; use BLS12_381_BACKEND=avx512f\n"
                    }
                    _ => b"bls12-381: BLS12_381_BACKEND=ifma is deprecated; use BLS12_381_BACKEND=avx512_ifma\n",
                };
                let _ = std::io::stderr().write_all(msg);
            }
            k as u8
        }
        None => AUTO,
    };
    // A forced kernel the CPU lacks: the automatic choice among the others.
    let wanted = if wanted != AUTO && allowed >> wanted & 1 == 0 { AUTO } else { wanted };
    LANES_ALLOWED.store(allowed, Ordering::Relaxed);
    LANES_FORCED.store(wanted, Ordering::Relaxed);
    LANES.store(allowed != 0, Ordering::Relaxed);
    BACKEND.store(b, Ordering::Relaxed);
    b
}

/// A kernel for the MSM's batched affine additions and the batched
/// subgroup checks (public as `msm::LaneKernel`; which one each curve
/// uses is `msm::lane_kernels()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum LaneKernel {
    /// No lanes: one addition at a time on the x86_64 (or portable) kernel.
    Off = 0,
    /// Four lanes on AVX2 (13 limbs of 30 bits; `arith::avx2`).
    Avx2 = 1,
    /// Eight lanes on AVX-512 IFMA (8 limbs of 52 bits; `arith::avx512_ifma`).
    Avx512Ifma = 2,
    /// Eight lanes on AVX-512F (the AVX2 kernel's algorithm at zmm width;
    /// `arith::avx512f`).
    Avx512f = 3,
}

impl LaneKernel {
    /// Every kernel, in order.
    pub const ALL: [LaneKernel; 4] = [LaneKernel::Off, LaneKernel::Avx2, LaneKernel::Avx512Ifma, LaneKernel::Avx512f];

    /// Its name, also its `BLS12_381_BACKEND` value: `off`, `avx2`,
    /// `avx512_ifma`, `avx512f`.
    pub const fn name(self) -> &'static str {
        match self {
            LaneKernel::Off => "off",
            LaneKernel::Avx2 => "avx2",
            LaneKernel::Avx512Ifma => "avx512_ifma",
            LaneKernel::Avx512f => "avx512f",
        }
    }

    /// The lane kernel a `BLS12_381_BACKEND` value forces (ASCII case
    /// ignored), and whether the value is a deprecated spelling: `avx2`,
    /// `avx512f`, `avx512_ifma` (or `avx512ifma`, the CPU flag's name);
    /// deprecated, `avx512` for `avx512f` and `ifma` for `avx512_ifma`.
    /// `None` for any other value (`adx`, `portable`, empty, ...).
    pub fn from_backend_name(name: &str) -> Option<(LaneKernel, bool)> {
        let is = |n: &str| name.eq_ignore_ascii_case(n);
        if is("avx2") {
            Some((LaneKernel::Avx2, false))
        } else if is("avx512f") {
            Some((LaneKernel::Avx512f, false))
        } else if is("avx512_ifma") || is("avx512ifma") {
            Some((LaneKernel::Avx512Ifma, false))
        } else if is("avx512") {
            Some((LaneKernel::Avx512f, true))
        } else if is("ifma") {
            Some((LaneKernel::Avx512Ifma, true))
        } else {
            None
        }
    }

    /// The kernel of a stored value ([`LaneKernel::Off`] for any other).
    pub(crate) fn from_u8(v: u8) -> LaneKernel {
        match v {
            1 => LaneKernel::Avx2,
            2 => LaneKernel::Avx512Ifma,
            3 => LaneKernel::Avx512f,
            _ => LaneKernel::Off,
        }
    }
}

impl core::fmt::Display for LaneKernel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// No lane kernel forced ([`LANES_FORCED`]).
const AUTO: u8 = 0xff;

/// Whether the lanes are on ([`set_lanes_enabled`]), the lane kernels the
/// CPU and `BLS12_381_BACKEND` allow (bit `k` for `LaneKernel` k), and the
/// one `BLS12_381_BACKEND` forces ([`AUTO`]: none); all set with
/// [`BACKEND`].
static LANES: AtomicBool = AtomicBool::new(false);
static LANES_ALLOWED: AtomicU8 = AtomicU8::new(0);
static LANES_FORCED: AtomicU8 = AtomicU8::new(AUTO);

/// Whether the MSM's batched additions (G1 and G2) may run on lanes: the
/// CPU has ADX and AVX2 (or AVX-512), `BLS12_381_BACKEND` is neither
/// `portable` nor `adx`, and [`set_lanes_enabled`] has not turned them off.
/// Which lane kernel runs is `msm::lane_kernels`.
pub fn lanes_enabled() -> bool {
    if BACKEND.load(Ordering::Relaxed) == UNKNOWN {
        detect();
    }
    LANES.load(Ordering::Relaxed) && LANES_ALLOWED.load(Ordering::Relaxed) != 0
}

/// Whether `k` may serve the batched additions (with the lanes on):
/// always for [`LaneKernel::Off`]; for a lane kernel when the CPU has it
/// and `BLS12_381_BACKEND` does not turn the lanes off.
pub fn lane_kernel_allowed(k: LaneKernel) -> bool {
    k == LaneKernel::Off || (lanes_enabled() && LANES_ALLOWED.load(Ordering::Relaxed) >> k as u8 & 1 == 1)
}

/// Whether the paths written for AVX-512 IFMA only (runs of G2 doublings,
/// the GT multi-exponentiation's torus products) may run: the CPU has it,
/// the lanes are on, and `BLS12_381_BACKEND` does not force another lane
/// kernel (`avx2` or `avx512f` then stand for a CPU without IFMA, so that
/// tests and measurements can take that CPU's paths).
pub fn ifma_paths_allowed() -> bool {
    lane_kernel_allowed(LaneKernel::Avx512Ifma) && lane_kernel_forced().is_none_or(|k| k == LaneKernel::Avx512Ifma)
}

/// The lane kernel `BLS12_381_BACKEND` forces (`avx2`, `avx512f`, `avx512_ifma`), when the
/// CPU has it and the lanes are on.
pub fn lane_kernel_forced() -> Option<LaneKernel> {
    let f = LANES_FORCED.load(Ordering::Relaxed);
    let k = LaneKernel::from_u8(f);
    (lanes_enabled() && f != AUTO && lane_kernel_allowed(k)).then_some(k)
}

/// Turns the lanes on or off for the whole process (on only where the
/// CPU and `BLS12_381_BACKEND` allow them); returns whether they are on
/// now. For benchmarks that time both paths in one process (`compare
/// msm`) and tests; not to be flipped while an MSM runs on another thread
/// (which would then mix the paths: still correct, but timed as neither).
#[cfg(feature = "internals")]
pub fn set_lanes_enabled(on: bool) -> bool {
    if BACKEND.load(Ordering::Relaxed) == UNKNOWN {
        detect();
    }
    LANES.store(on, Ordering::Relaxed);
    lanes_enabled()
}

/// Whether the x86_64 kernels are in use (see [`dispatch!`]).
#[inline(always)]
pub(crate) fn use_adx() -> bool {
    let b = BACKEND.load(Ordering::Relaxed);
    let b = if b == UNKNOWN { detect() } else { b };
    cfg!(target_arch = "x86_64") && b == ADX
}

/// The limb kernel this process uses.
pub fn backend() -> LimbKernel {
    if use_adx() {
        LimbKernel::Adx
    } else {
        LimbKernel::Portable
    }
}

/// A double-width (768-bit) value: the unreduced product of two Fp elements
/// or a sum of such, kept below `p * 2^384` so that one reduction finishes it.
pub(crate) type Wide384 = [u64; 12];

#[cfg(test)]
mod backend_name_tests {
    use super::LaneKernel;

    #[test]
    fn backend_values_name_their_kernels() {
        for k in [LaneKernel::Avx2, LaneKernel::Avx512f, LaneKernel::Avx512Ifma] {
            assert_eq!(LaneKernel::from_backend_name(k.name()), Some((k, false)), "{k}");
            assert_eq!(LaneKernel::from_backend_name(&k.name().to_ascii_uppercase()), Some((k, false)), "{k}");
        }
        assert_eq!(LaneKernel::from_backend_name("avx512ifma"), Some((LaneKernel::Avx512Ifma, false)));
        assert_eq!(LaneKernel::from_backend_name("avx512"), Some((LaneKernel::Avx512f, true)));
        assert_eq!(LaneKernel::from_backend_name("ifma"), Some((LaneKernel::Avx512Ifma, true)));
        for other in ["", "adx", "portable", "off", "avx512_f", "avx"] {
            assert_eq!(LaneKernel::from_backend_name(other), None, "{other:?}");
        }
    }
}
