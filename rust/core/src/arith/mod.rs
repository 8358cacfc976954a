//! Limb arithmetic: the Montgomery kernels and the run-time choice between them.
//!
//! Two kernels exist for every operation the fields use:
//! - [`montgomery`]: portable Rust on `u128` products, always built;
//! - `x86_64`: MULX/ADCX/ADOX through `asm!`, used when the CPU has ADX, BMI1 and BMI2.
//!
//! The choice is made once per process (a cached CPU check, one relaxed
//! atomic load per call afterwards). Setting the environment variable
//! `BLS12_381_BACKEND=portable` before the first field operation forces the
//! portable kernel; tests use it to run every suite on each kernel.

pub mod montgomery;
pub mod safegcd;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

use core::sync::atomic::{AtomicU8, Ordering};

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
    let forced_portable = std::env::var("BLS12_381_BACKEND")
        .map(|v| v.eq_ignore_ascii_case("portable"))
        .unwrap_or(false);
    #[cfg(target_arch = "x86_64")]
    let adx = !forced_portable
        && std::is_x86_feature_detected!("adx")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("bmi1");
    #[cfg(not(target_arch = "x86_64"))]
    let adx = { let _ = forced_portable; false };
    let b = if adx { ADX } else { PORTABLE };
    BACKEND.store(b, Ordering::Relaxed);
    b
}

#[inline(always)]
fn use_adx() -> bool {
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

/// Dispatches to the x86_64 kernel when it was selected, else to the portable one.
macro_rules! dispatch {
    ($adx:expr, $portable:expr) => {{
        #[cfg(target_arch = "x86_64")]
        {
            if use_adx() {
                // SAFETY: use_adx() is true only when the CPU has ADX and BMI2.
                unsafe { $adx }
            } else {
                $portable
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            $portable
        }
    }};
}

/// A double-width (768-bit) value: the unreduced product of two Fp elements
/// or a sum of such, kept below `p * 2^384` so that one reduction finishes it.
pub(crate) type Wide384 = [u64; 12];

pub(crate) mod fp {
    //! Kernels over the base-field modulus p (6 limbs).
    use super::*;
    use crate::field::fp::{INV, MODULUS};

    #[inline(always)]
    pub(crate) fn mul(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        dispatch!(x86_64::mul_mont_384(a, b, &MODULUS, INV), montgomery::mul_mont(a, b, &MODULUS, INV))
    }

    #[inline(always)]
    pub(crate) fn sqr(a: &[u64; 6]) -> [u64; 6] {
        dispatch!(x86_64::sqr_mont_384(a, &MODULUS, INV), montgomery::sqr_mont(a, &MODULUS, INV))
    }

    /// Full 768-bit product of two 384-bit values (any values below 2^384).
    #[inline(always)]
    pub(crate) fn mul_wide(a: &[u64; 6], b: &[u64; 6]) -> Wide384 {
        dispatch!(x86_64::mul_384(a, b), {
            let (lo, hi) = montgomery::mul_wide(a, b);
            join(&lo, &hi)
        })
    }

    /// Montgomery reduction `t / 2^384 mod p` for `t < p * 2^384`.
    #[inline(always)]
    pub(crate) fn redc(t: &Wide384) -> [u64; 6] {
        dispatch!(x86_64::redc_mont_384(t, &MODULUS, INV), {
            let (lo, hi) = split(t);
            montgomery::redc(&lo, &hi, &MODULUS, INV)
        })
    }

    #[inline(always)]
    pub(crate) fn join(lo: &[u64; 6], hi: &[u64; 6]) -> Wide384 {
        let mut t = [0u64; 12];
        t[..6].copy_from_slice(lo);
        t[6..].copy_from_slice(hi);
        t
    }

    #[inline(always)]
    pub(crate) fn split(t: &Wide384) -> ([u64; 6], [u64; 6]) {
        let mut lo = [0u64; 6];
        let mut hi = [0u64; 6];
        lo.copy_from_slice(&t[..6]);
        hi.copy_from_slice(&t[6..]);
        (lo, hi)
    }
}

pub(crate) mod fr {
    //! Kernels over the scalar-field modulus r (4 limbs).
    use super::*;
    use crate::field::fr::{INV, MODULUS};

    #[inline(always)]
    pub(crate) fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        dispatch!(x86_64::mul_mont_256(a, b, &MODULUS, INV), montgomery::mul_mont(a, b, &MODULUS, INV))
    }

    #[inline(always)]
    pub(crate) fn sqr(a: &[u64; 4]) -> [u64; 4] {
        dispatch!(x86_64::sqr_mont_256(a, &MODULUS, INV), montgomery::sqr_mont(a, &MODULUS, INV))
    }
}
