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
//! A third kernel, [`avx2`] (four Fp elements per vector), serves the
//! batched affine additions of multi-scalar multiplication (G1, and G2
//! with two lanes per coordinate), where many independent products wait;
//! it is used when the CPU has AVX2 and the
//! x86_64 kernel is selected ([`lanes_enabled`]). `BLS12_381_BACKEND=adx`
//! keeps the x86_64 kernel but turns the lanes off (`portable` turns off
//! both), so that tests can force each path.

mod dispatch;
pub mod montgomery;
pub(crate) mod params;
pub mod safegcd;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;
#[cfg(target_arch = "x86_64")]
pub mod avx2;
// Not used by the crate yet (tested, and timed by the bench probe): built
// for the tests and with `internals` only.
#[cfg(all(target_arch = "x86_64", any(test, feature = "internals")))]
pub mod avx512;
#[cfg(target_arch = "x86_64")]
mod lane_radix;
#[cfg(all(test, target_arch = "x86_64"))]
mod lane_test_support;

pub(crate) use dispatch::{dispatch, fp, fr};

use core::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// The Montgomery kernel in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Portable `u128` kernels.
    Portable,
    /// x86_64 MULX/ADCX/ADOX assembly.
    Adx,
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
    let adx = { let _ = forced_portable; false };
    let b = if adx { ADX } else { PORTABLE };
    #[cfg(target_arch = "x86_64")]
    let lanes = adx
        && std::is_x86_feature_detected!("avx2")
        && !forced.eq_ignore_ascii_case("adx");
    #[cfg(not(target_arch = "x86_64"))]
    let lanes = { let _ = forced; false };
    LANES_AVAILABLE.store(lanes, Ordering::Relaxed);
    LANES.store(lanes, Ordering::Relaxed);
    BACKEND.store(b, Ordering::Relaxed);
    b
}

/// Whether the AVX2 lane kernel is in use, and whether it may be (both
/// set with [`BACKEND`]; the first also by [`set_lanes_enabled`]).
static LANES: AtomicBool = AtomicBool::new(false);
static LANES_AVAILABLE: AtomicBool = AtomicBool::new(false);

/// Whether the MSM's batched affine additions (G1 and G2) run on the [`avx2`] lanes: the CPU
/// has AVX2 and ADX, and `BLS12_381_BACKEND` is neither `portable` nor
/// `adx`.
pub fn lanes_enabled() -> bool {
    if BACKEND.load(Ordering::Relaxed) == UNKNOWN {
        detect();
    }
    LANES.load(Ordering::Relaxed)
}

/// Turns the lanes on or off for the whole process (on only where
/// [`lanes_enabled`] would have been true); returns the state now in
/// force. For benchmarks that time both paths in one process (`compare
/// msm`); not to be flipped while an MSM runs on another thread (which
/// would then mix the paths: still correct, but timed as neither).
#[cfg(feature = "internals")]
pub fn set_lanes_enabled(on: bool) -> bool {
    if BACKEND.load(Ordering::Relaxed) == UNKNOWN {
        detect();
    }
    let on = on && LANES_AVAILABLE.load(Ordering::Relaxed);
    LANES.store(on, Ordering::Relaxed);
    on
}

/// Whether the x86_64 kernels are in use (see [`dispatch!`]).
#[inline(always)]
pub(crate) fn use_adx() -> bool {
    let b = BACKEND.load(Ordering::Relaxed);
    let b = if b == UNKNOWN { detect() } else { b };
    cfg!(target_arch = "x86_64") && b == ADX
}

/// The kernel this process uses.
pub fn backend() -> Backend {
    if use_adx() {
        Backend::Adx
    } else {
        Backend::Portable
    }
}

/// A double-width (768-bit) value: the unreduced product of two Fp elements
/// or a sum of such, kept below `p * 2^384` so that one reduction finishes it.
pub(crate) type Wide384 = [u64; 12];
