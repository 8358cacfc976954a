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
//!
//! A third kernel, [`avx2`] (four Fp elements per vector), serves the
//! batched affine additions of multi-scalar multiplication (G1, and G2
//! with two lanes per coordinate), where many independent products wait;
//! it is used when the CPU has AVX2 and the
//! x86_64 kernel is selected ([`lanes_enabled`]). `BLS12_381_BACKEND=adx`
//! keeps the x86_64 kernel but turns the lanes off (`portable` turns off
//! both), so that tests can force each path.

pub mod montgomery;
pub(crate) mod params;
pub mod safegcd;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;
#[cfg(target_arch = "x86_64")]
pub mod avx2;

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
#[doc(hidden)]
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

/// Dispatches to the x86_64 kernel when it was selected, else to the portable one.
macro_rules! dispatch {
    ($adx:expr, $portable:expr) => {{
        #[cfg(target_arch = "x86_64")]
        {
            if $crate::arith::use_adx() {
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
pub(crate) use dispatch;

/// A double-width (768-bit) value: the unreduced product of two Fp elements
/// or a sum of such, kept below `p * 2^384` so that one reduction finishes it.
pub(crate) type Wide384 = [u64; 12];

pub(crate) mod fp {
    //! Kernels over the base-field modulus p (6 limbs).
    //!
    //! The portable twins sit out of line (`portable`, `#[cold]`): these
    //! dispatchers are inlined many times into the tower's products, and an
    //! inlined portable body beside each asm block made those functions
    //! several times larger and spilled their registers (measured: Fp12 mul
    //! ~9500 instructions). The portable backend pays one call per kernel.
    use super::*;
    use super::params::fp::{INV, MODULUS};

    #[inline(always)]
    pub(crate) fn mul(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        dispatch!(x86_64::mul_mont_384(a, b, &MODULUS, INV), portable::mul(a, b))
    }

    #[inline(always)]
    pub(crate) fn sqr(a: &[u64; 6]) -> [u64; 6] {
        dispatch!(x86_64::sqr_mont_384(a, &MODULUS, INV), portable::sqr(a))
    }

    /// `a[i]^(2^n) * b[i]` (Montgomery form) for `N` independent values in
    /// lockstep, behind a single dispatch: the step of exponentiation
    /// chains. The x86_64 kernel squares without the final subtraction
    /// (values stay below `2p`) and the products reduce. The chains of
    /// squarings are serial (each square waits for the previous one), so
    /// interleaving independent chains lets the core overlap them (the two
    /// maps of hash to curve: ~9% faster per exponentiation pair).
    #[inline(never)]
    pub(crate) fn sqr_n_mul_n<const N: usize>(a: &[[u64; 6]; N], n: u32, b: &[[u64; 6]; N]) -> [[u64; 6]; N] {
        let mut x = *a;
        dispatch!(
            {
                for _ in 0..n {
                    for xi in x.iter_mut() {
                        *xi = x86_64::sqr_mont_384_lazy(xi, &MODULUS, INV);
                    }
                }
                core::array::from_fn(|i| x86_64::mul_mont_384(&x[i], &b[i], &MODULUS, INV))
            },
            {
                for _ in 0..n {
                    for xi in x.iter_mut() {
                        *xi = montgomery::sqr_mont(xi, &MODULUS, INV);
                    }
                }
                core::array::from_fn(|i| montgomery::mul_mont(&x[i], &b[i], &MODULUS, INV))
            }
        )
    }

    /// Fp2 square `(a0 + a1 u)^2` (u^2 = -1), Montgomery form, coefficients
    /// below p: `c0 = (a0 + a1)(a0 - a1)`, `c1 = 2 a0 a1`.
    #[inline(always)]
    pub(crate) fn sqr2(a: &[[u64; 6]; 2], out: &mut core::mem::MaybeUninit<[[u64; 6]; 2]>) {
        dispatch!(x86_64::sqr_mont_384x(out.as_mut_ptr(), a, &MODULUS, INV), {
            out.write(portable::sqr2(a));
        })
    }

    /// Fp2 product `(a0 + a1 u)(b0 + b1 u)` (u^2 = -1), Montgomery form,
    /// coefficients below p, into `out` (one fused kernel on x86_64).
    #[inline(always)]
    pub(crate) fn mul2(
        a: &[[u64; 6]; 2],
        b: &[[u64; 6]; 2],
        out: &mut core::mem::MaybeUninit<[[u64; 6]; 2]>,
    ) {
        dispatch!(x86_64::mul_mont_384x(out.as_mut_ptr(), a, b, &MODULUS, INV), {
            out.write(portable::mul2(a, b));
        })
    }

    /// `a + b mod p` for `a, b < p`.
    #[inline(always)]
    pub(crate) fn add(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        dispatch!(x86_64::add_mod_384(a, b, &MODULUS), portable::add(a, b))
    }

    /// `a - b mod p` for `a, b < p`.
    #[inline(always)]
    pub(crate) fn sub(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        dispatch!(x86_64::sub_mod_384(a, b, &MODULUS), portable::sub(a, b))
    }

    /// `a += b mod p * 2^384` for `a, b < p * 2^384` (lazy reduction).
    #[inline(always)]
    pub(crate) fn add_wide_assign(a: &mut Wide384, b: &Wide384) {
        dispatch!(x86_64::add_mod_768_assign(a, b, &MODULUS), portable::add_wide_assign(a, b))
    }

    /// `a -= b mod p * 2^384` for `a, b < p * 2^384` (lazy reduction).
    #[inline(always)]
    pub(crate) fn sub_wide_assign(a: &mut Wide384, b: &Wide384) {
        dispatch!(x86_64::sub_mod_768_assign(a, b, &MODULUS), portable::sub_wide_assign(a, b))
    }

    /// The unreduced Fp2 product (Karatsuba) into `out`: `out[0] = a0 b0 -
    /// a1 b1 mod p 2^384`, `out[1] = a0 b1 + a1 b0`, for coefficients below
    /// `2p` (bounds at `x86_64::mul_382x`).
    /// `out` must be valid for writes (it may be uninitialised) and must
    /// not overlap `a` or `b`.
    #[inline(always)]
    pub(crate) unsafe fn mul2_wide(a: &[[u64; 6]; 2], b: &[[u64; 6]; 2], out: *mut [Wide384; 2]) {
        dispatch!(x86_64::mul_382x(out, a, b, &MODULUS), {
            // SAFETY: the caller provides a writable `out`.
            unsafe { out.write(portable::mul2_wide(a, b)) }
        })
    }

    /// `a += b` for `a + b < 2^768` (exact, no modular correction).
    #[inline(always)]
    pub(crate) fn add_wide_exact_assign(a: &mut Wide384, b: &Wide384) {
        dispatch!(x86_64::add_768_exact_assign(a.as_mut_ptr(), b), portable::add_wide_exact_assign(a, b))
    }

    /// `a -= b` for `a >= b` (exact, no modular correction).
    #[inline(always)]
    pub(crate) fn sub_wide_exact_assign(a: &mut Wide384, b: &Wide384) {
        dispatch!(x86_64::sub_768_exact_assign(a.as_mut_ptr(), b), portable::sub_wide_exact_assign(a, b))
    }

    /// Full 768-bit product of two 384-bit values (any values below 2^384).
    #[inline(always)]
    pub(crate) fn mul_wide(a: &[u64; 6], b: &[u64; 6]) -> Wide384 {
        dispatch!(x86_64::mul_384(a, b), portable::mul_wide(a, b))
    }

    /// Montgomery reduction `t / 2^384 mod p` for `t < p * 2^384`.
    #[inline(always)]
    pub(crate) fn redc(t: &Wide384) -> [u64; 6] {
        dispatch!(x86_64::redc_mont_384(t, &MODULUS, INV), portable::redc(t))
    }

    /// Montgomery reductions of the `n >= 1` consecutive values at `t`
    /// (each below `p * 2^384`) into the `n` consecutive slots at `out`,
    /// each below `p`: one compact kernel for a whole `Fp2Wide`/`Fp6Wide`,
    /// storing straight into the caller's value.
    ///
    /// # Safety
    /// `t` must be valid for `n` reads and `out` for `n` writes (it may be
    /// uninitialised); they must not overlap.
    #[inline(always)]
    pub(crate) unsafe fn redc_n(t: *const Wide384, out: *mut [u64; 6], n: usize) {
        dispatch!(x86_64::redc_mont_384_n(out as *mut u64, t as *const u64, n, &MODULUS, INV), {
            for i in 0..n {
                // SAFETY: the caller provides `n` values at `t` and `n` slots at `out`.
                unsafe { out.add(i).write(portable::redc(&*t.add(i))) }
            }
        })
    }

    /// The portable kernels, out of line (see the module note).
    mod portable {
        use super::super::montgomery;
        use super::{join, Wide384, INV, MODULUS};

        #[cold]
        #[inline(never)]
        pub(super) fn mul(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
            montgomery::mul_mont(a, b, &MODULUS, INV)
        }

        #[cold]
        #[inline(never)]
        pub(super) fn sqr(a: &[u64; 6]) -> [u64; 6] {
            montgomery::sqr_mont(a, &MODULUS, INV)
        }

        #[cold]
        #[inline(never)]
        pub(super) fn redc(t: &Wide384) -> [u64; 6] {
            let (lo, hi) = super::split(t);
            montgomery::redc(&lo, &hi, &MODULUS, INV)
        }

        #[cold]
        #[inline(never)]
        pub(super) fn sqr2(a: &[[u64; 6]; 2]) -> [[u64; 6]; 2] {
            let s = montgomery::add_mod(&a[0], &a[1], &MODULUS);
            let d = montgomery::sub_mod(&a[0], &a[1], &MODULUS);
            let dbl = montgomery::add_mod(&a[0], &a[0], &MODULUS);
            [
                montgomery::mul_mont(&s, &d, &MODULUS, INV),
                montgomery::mul_mont(&dbl, &a[1], &MODULUS, INV),
            ]
        }

        #[cold]
        #[inline(never)]
        pub(super) fn mul2(a: &[[u64; 6]; 2], b: &[[u64; 6]; 2]) -> [[u64; 6]; 2] {
            let [c0, c1] = mul2_wide(a, b);
            [redc(&c0), redc(&c1)]
        }

        #[cold]
        #[inline(never)]
        pub(super) fn add(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
            montgomery::add_mod(a, b, &MODULUS)
        }

        #[cold]
        #[inline(never)]
        pub(super) fn sub(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
            montgomery::sub_mod(a, b, &MODULUS)
        }

        #[cold]
        #[inline(never)]
        pub(super) fn add_wide_assign(a: &mut Wide384, b: &Wide384) {
            montgomery::add_mod_wide_assign(a, b, &MODULUS)
        }

        #[cold]
        #[inline(never)]
        pub(super) fn sub_wide_assign(a: &mut Wide384, b: &Wide384) {
            montgomery::sub_mod_wide_assign(a, b, &MODULUS)
        }

        #[cold]
        #[inline(never)]
        pub(super) fn mul_wide(a: &[u64; 6], b: &[u64; 6]) -> Wide384 {
            let (lo, hi) = montgomery::mul_wide(a, b);
            join(&lo, &hi)
        }

        #[cold]
        #[inline(never)]
        pub(super) fn add_wide_exact_assign(a: &mut Wide384, b: &Wide384) {
            let (s, c) = montgomery::add_n(a, b);
            debug_assert_eq!(c, 0);
            *a = s;
        }

        #[cold]
        #[inline(never)]
        pub(super) fn sub_wide_exact_assign(a: &mut Wide384, b: &Wide384) {
            let (d, bw) = montgomery::sub_n(a, b);
            debug_assert_eq!(bw, 0);
            *a = d;
        }

        #[cold]
        #[inline(never)]
        pub(super) fn mul2_wide(a: &[[u64; 6]; 2], b: &[[u64; 6]; 2]) -> [Wide384; 2] {
            // Bounds as at `x86_64::mul_382x`.
            let (lo, hi) = montgomery::mul_wide(&a[0], &b[0]);
            let mut c0 = join(&lo, &hi);
            let (lo, hi) = montgomery::mul_wide(&a[1], &b[1]);
            let t1 = join(&lo, &hi);
            let sa = montgomery::add_n(&a[0], &a[1]).0;
            let sb = montgomery::add_n(&b[0], &b[1]).0;
            let (lo, hi) = montgomery::mul_wide(&sa, &sb);
            let mut c1 = join(&lo, &hi);
            let (d, bw) = montgomery::sub_n(&c1, &c0);
            debug_assert_eq!(bw, 0);
            let (d, bw) = montgomery::sub_n(&d, &t1);
            debug_assert_eq!(bw, 0);
            c1 = d;
            montgomery::sub_mod_wide_assign(&mut c0, &t1, &MODULUS);
            [c0, c1]
        }
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
    use super::params::fr::{INV, MODULUS};

    #[inline(always)]
    pub(crate) fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        dispatch!(x86_64::mul_mont_256(a, b, &MODULUS, INV), montgomery::mul_mont(a, b, &MODULUS, INV))
    }

    #[inline(always)]
    pub(crate) fn sqr(a: &[u64; 4]) -> [u64; 4] {
        dispatch!(x86_64::sqr_mont_256(a, &MODULUS, INV), montgomery::sqr_mont(a, &MODULUS, INV))
    }

    /// `a + b mod r` (portable only: Fr additions are not on a hot path).
    #[inline(always)]
    pub(crate) fn add(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        montgomery::add_mod(a, b, &MODULUS)
    }

    /// `a - b mod r`.
    #[inline(always)]
    pub(crate) fn sub(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        montgomery::sub_mod(a, b, &MODULUS)
    }
}
