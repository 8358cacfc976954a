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

/// The constants of the fused tower kernels (the compressed cyclotomic
/// square `fp::cyclotomic_sqr_compressed`, the Miller-loop doubling step
/// `fp::miller_double`, and their x86_64 blocks), in the layout the
/// assembly reads (byte offsets in brackets).
///
/// The `k*` are multiples of p added to double-width sums with negative
/// terms so that they stay non-negative without a conditional correction:
/// a Montgomery reduction only sees its input mod p, and any input below
/// `p 2^384` reduces to below `2p`. With `p ~ 1.626 * 2^380`:
/// `p 2^382 ~ 2.46 p^2`, `p 2^383 ~ 4.92 p^2`, `5p 2^381 ~ 6.15 p^2`,
/// and `p 2^384 ~ 9.84 p^2` is the ceiling.
#[repr(C)]
pub struct FusedConsts {
    /// p \[0\].
    pub p: [u64; 6],
    /// 2p \[48\].
    pub p2: [u64; 6],
    /// 4p \[96\] (below `2^383`).
    pub p4: [u64; 6],
    /// `p 2^382` \[144\].
    pub k382: [u64; 12],
    /// `p 2^383` \[240\].
    pub k383: [u64; 12],
    /// `5p 2^381` \[336\].
    pub k381x5: [u64; 12],
    /// `-p^-1 mod 2^64` \[432\].
    pub inv: u64,
    /// `k p` for `k = 0 .. 8` \[440 + 48 k\] (`8p < 2^384`).
    pub multiples: [[u64; 6]; 9],
}

impl FusedConsts {
    /// The table for the modulus `p < 2^381` (so that `5p`, `4p` fit 6 limbs
    /// and the shifted values 12) and its `inv`.
    pub const fn new(p: &[u64; 6], inv: u64) -> FusedConsts {
        /// `k x` for a small `k`, `k x < 2^384`.
        const fn small_mul(x: &[u64; 6], k: u64) -> [u64; 6] {
            let mut out = [0u64; 6];
            let mut carry = 0u128;
            let mut i = 0;
            while i < 6 {
                let t = (x[i] as u128) * (k as u128) + carry;
                out[i] = t as u64;
                carry = t >> 64;
                i += 1;
            }
            assert!(carry == 0);
            out
        }
        /// `x 2^s` as 12 limbs, `320 < s < 384` (so `w = 5`, `b > 0`).
        const fn shifted(x: &[u64; 6], s: u32) -> [u64; 12] {
            assert!(320 < s && s < 384);
            let (w, b) = ((s / 64) as usize, s % 64);
            let mut out = [0u64; 12];
            let mut i = 0;
            while i < 6 {
                out[w + i] |= x[i] << b;
                out[w + i + 1] |= x[i] >> (64 - b);
                i += 1;
            }
            out
        }
        FusedConsts {
            p: *p,
            p2: small_mul(p, 2),
            p4: small_mul(p, 4),
            k382: shifted(p, 382),
            k383: shifted(p, 383),
            k381x5: shifted(&small_mul(p, 5), 381),
            inv,
            multiples: [
                small_mul(p, 0),
                small_mul(p, 1),
                small_mul(p, 2),
                small_mul(p, 3),
                small_mul(p, 4),
                small_mul(p, 5),
                small_mul(p, 6),
                small_mul(p, 7),
                small_mul(p, 8),
            ],
        }
    }
}

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

    /// The constants of the fused kernels for p.
    pub(crate) static FUSED: super::FusedConsts = super::FusedConsts::new(&MODULUS, INV);

    /// The compressed cyclotomic square (Karabina): from `g = (g2, g3, g4,
    /// g5)`, eight coefficients below p in the order `g2.c0, g2.c1, g3.c0,
    /// ...`, the next compressed form `(3 xi b1 + 2 g2, 3 b0 - 2 g3,
    /// 3 c0 - 2 g4, 3 c1 + 2 g5)` with `b0 + b1 s = (g4 + g5 s)^2`,
    /// `c0 + c1 s = (g2 + g3 s)^2` in Fp4 = Fp2[s] / (s^2 - xi); outputs
    /// below p. One block on x86_64 (`x86_64::cyclotomic_sqr_compressed`,
    /// which gives the bounds); the portable twin follows the same steps.
    #[inline(always)]
    pub(crate) fn cyclotomic_sqr_compressed(g: &[[u64; 6]; 8], out: &mut core::mem::MaybeUninit<[[u64; 6]; 8]>) {
        dispatch!(x86_64::cyclotomic_sqr_compressed(out.as_mut_ptr(), g, &FUSED), {
            out.write(portable::cyclotomic_sqr_compressed(g));
        })
    }

    /// The cyclotomic square of an Fp12 element (twelve coefficients below
    /// p in tower order): the three Fp4 squares and combinations of the
    /// module doc of `pairing::gt`, one block on x86_64
    /// (`x86_64::cyclotomic_sqr`); valid only in the cyclotomic subgroup.
    #[inline(always)]
    pub(crate) fn cyclotomic_sqr(f: &[[u64; 6]; 12], out: &mut core::mem::MaybeUninit<[[u64; 6]; 12]>) {
        dispatch!(x86_64::cyclotomic_sqr(out.as_mut_ptr(), f, &FUSED), {
            out.write(portable::cyclotomic_sqr(f));
        })
    }

    /// The combination and reduction of `Fp12::square` (complex squaring):
    /// from the 12 double-width Fp2 products at `q` (those of `a0 a1`,
    /// then of `(a0 + a1)(a0 + v a1)`, Karatsuba order; formulas at
    /// `x86_64::fp12_sqr_reduce`, each part below `p 2^384`) the twelve
    /// coefficients of the square, below p, into `out`. One block on
    /// x86_64, the same signed sums in the portable twin.
    ///
    /// # Safety
    /// `q` must be valid for 12 reads, `out` for a write (it may be
    /// uninitialised); they must not overlap.
    #[inline(always)]
    pub(crate) unsafe fn fp12_sqr_reduce(q: *const [Wide384; 24], out: *mut [[u64; 6]; 12]) {
        dispatch!(x86_64::fp12_sqr_reduce(out, q, &FUSED), {
            // SAFETY: the caller provides `q` and a writable `out`.
            unsafe { out.write(portable::fp12_sqr_reduce(&*q)) }
        })
    }

    /// The combination and reduction of `Fp12::mul_by_014`: from the 13
    /// double-width Fp2 products at `q` (order and formulas at
    /// `x86_64::fp12_m014_reduce`; each part below `p 2^384`) the twelve
    /// coefficients, below p, into `out`. One block on x86_64, the same
    /// signed sums in the portable twin.
    ///
    /// # Safety
    /// `q` must be valid for 13 reads, `out` for a write (it may be
    /// uninitialised); they must not overlap.
    #[inline(always)]
    pub(crate) unsafe fn fp12_m014_reduce(q: *const [Wide384; 26], out: *mut [[u64; 6]; 12]) {
        dispatch!(x86_64::fp12_m014_reduce(out, q, &FUSED), {
            // SAFETY: the caller provides `q` and a writable `out`.
            unsafe { out.write(portable::fp12_m014_reduce(&*q)) }
        })
    }

    /// The combination and reduction of `Fp12::line_product` (the product
    /// of two lines): from the 6 double-width Fp2 products at `q` (order
    /// and formulas at `x86_64::fp12_l2_reduce`; each part below
    /// `p 2^384`) the five nonzero Fp2 coefficients, below p, into `out`.
    /// One block on x86_64, the same signed sums in the portable twin.
    ///
    /// # Safety
    /// `q` must be valid for 12 reads, `out` for a write (it may be
    /// uninitialised); they must not overlap.
    #[inline(always)]
    pub(crate) unsafe fn fp12_l2_reduce(q: *const [Wide384; 12], out: *mut [[u64; 6]; 10]) {
        dispatch!(x86_64::fp12_l2_reduce(out, q, &FUSED), {
            // SAFETY: the caller provides `q` and a writable `out`.
            unsafe { out.write(portable::fp12_l2_reduce(&*q)) }
        })
    }

    /// The combination and reduction of `Fp12::mul_by_line_product`: from
    /// the 17 double-width Fp2 products at `q` (order, formulas and bounds
    /// at `x86_64::fp12_m01245_reduce`; they hold only for the products
    /// of reduced factors listed there) the twelve coefficients, below p,
    /// into `out`. One block on x86_64, the same sums in the portable twin.
    ///
    /// # Safety
    /// `q` must be valid for 34 reads, `out` for a write (it may be
    /// uninitialised); they must not overlap.
    #[inline(always)]
    pub(crate) unsafe fn fp12_m01245_reduce(q: *const [Wide384; 34], out: *mut [[u64; 6]; 12]) {
        dispatch!(x86_64::fp12_m01245_reduce(out, q, &FUSED), {
            // SAFETY: the caller provides `q` and a writable `out`.
            unsafe { out.write(portable::fp12_m01245_reduce(&*q)) }
        })
    }

    /// The combination and reduction of `Fp12::mul` (the full product,
    /// Karatsuba over Fp6): from the 18 double-width Fp2 products at `q`
    /// (order, formulas and bounds at `x86_64::fp12_mul_reduce`; they hold
    /// only for the products of reduced factors listed there) the twelve
    /// coefficients, below p, into `out`. One block on x86_64, the same
    /// sums in the portable twin.
    ///
    /// # Safety
    /// `q` must be valid for 36 reads, `out` for a write (it may be
    /// uninitialised); they must not overlap.
    #[inline(always)]
    pub(crate) unsafe fn fp12_mul_reduce(q: *const [Wide384; 36], out: *mut [[u64; 6]; 12]) {
        dispatch!(x86_64::fp12_mul_reduce(out, q, &FUSED), {
            // SAFETY: the caller provides `q` and a writable `out`.
            unsafe { out.write(portable::fp12_mul_reduce(&*q)) }
        })
    }

    /// The Miller-loop doubling step with its tangent evaluated at P:
    /// `s` holds `(X, Y, Z, -3 xp, 2 yp)` (T in homogeneous coordinates,
    /// six coefficients below p, and two constants of P below p); T becomes
    /// 2T (`X' = (X Y / 2)(B - F)`, `Y' = ((B + F) / 2)^2 - 3 E^2`,
    /// `Z' = 2 B Y Z` with `B = Y^2`, `E = 12 xi Z^2`, `F = 3E`) and the
    /// line `(B - E, -3 xp X^2, 2 yp Y Z)` is written to `line`. One block
    /// on x86_64 (`x86_64::miller_double`, which gives the bounds); the
    /// portable twin follows the same steps.
    #[inline(always)]
    pub(crate) fn miller_double(s: &mut [[u64; 6]; 8], line: &mut core::mem::MaybeUninit<[[u64; 6]; 6]>) {
        dispatch!(x86_64::miller_double(line.as_mut_ptr(), s, &FUSED), {
            line.write(portable::miller_double(s));
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

        /// One Fp4 square `(x + y s)^2 = sq0 + sq1 s` of the cyclotomic
        /// squares with its combinations, following the steps of
        /// `x86_64::gfp4_sqr!` (which gives the bounds; checked here by debug
        /// assertions): `[3 sq0 - 2 g0, 3 sq1 + 2 g1]` (Fp2 each) with
        /// `sq1 = 2 x y`, or `xi 2 x y` when `twisted`.
        fn fp4_sqr(x: [&[u64; 6]; 2], y: [&[u64; 6]; 2], twisted: bool, g: [&[u64; 6]; 4]) -> [[u64; 6]; 4] {
            use montgomery::{add_mod, add_n, sub_mod, sub_n};
            let c = &super::FUSED;
            let twice_p2 = {
                let (lo, hi) = montgomery::mul_wide(&MODULUS, &MODULUS);
                let p2 = join(&lo, &hi);
                add_n(&p2, &p2).0
            };
            let product = |x: &[u64; 6], y: &[u64; 6]| {
                let (lo, hi) = montgomery::mul_wide(x, y);
                let w = join(&lo, &hi);
                debug_assert_eq!(sub_n(&w, &twice_p2).1, 1, "product below 2 p^2");
                w
            };
            // x^2 as (X0, X1): (x0 + x1)(x0 - x1 mod p), (2 x0) x1.
            let square = |x0: &[u64; 6], x1: &[u64; 6]| {
                [product(&add_n(x0, x1).0, &sub_mod(x0, x1, &MODULUS)), product(&add_n(x0, x0).0, x1)]
            };
            // A signed sum mod 2^768, checked to lie in [0, p 2^384)
            // (the high half below p), reduced.
            let reduce = |terms: &[(bool, &Wide384)]| {
                let mut t = [0u64; 12];
                for (plus, x) in terms {
                    t = if *plus { add_n(&t, x).0 } else { sub_n(&t, x).0 };
                }
                let (lo, hi) = super::split(&t);
                debug_assert_eq!(sub_n(&hi, &MODULUS).1, 1, "sum below p 2^384");
                montgomery::redc(&lo, &hi, &MODULUS, INV)
            };
            let combine = |r: &[u64; 6], g: &[u64; 6], plus: bool| {
                let r3 = add_mod(&add_mod(r, r, &MODULUS), r, &MODULUS);
                let g2 = add_mod(g, g, &MODULUS);
                if plus {
                    add_mod(&r3, &g2, &MODULUS)
                } else {
                    sub_mod(&r3, &g2, &MODULUS)
                }
            };
            let ([x0, x1], [y0, y1]) = (x, y);
            let [xx0, xx1] = square(x0, x1);
            let [yy0, yy1] = square(y0, y1);
            let (s0, s1) = if twisted {
                // s = x + xi y.
                (add_mod(x0, &sub_mod(y0, y1, &MODULUS), &MODULUS), add_mod(x1, &add_mod(y0, y1, &MODULUS), &MODULUS))
            } else {
                (add_mod(x0, y0, &MODULUS), add_mod(x1, y1, &MODULUS))
            };
            let [ss0, ss1] = square(&s0, &s1);
            let sq0 = [
                reduce(&[(true, &xx0), (true, &yy0), (false, &yy1), (true, &c.k382)]),
                reduce(&[(true, &xx1), (true, &yy0), (true, &yy1)]),
            ];
            let sq1 = if twisted {
                [
                    reduce(&[(true, &ss0), (true, &yy1), (true, &yy1), (false, &xx0), (true, &c.k382)]),
                    reduce(&[(true, &ss1), (false, &xx1), (false, &yy0), (false, &yy0), (true, &c.k381x5)]),
                ]
            } else {
                [
                    reduce(&[(true, &ss0), (false, &xx0), (false, &yy0), (true, &c.k383)]),
                    reduce(&[(true, &ss1), (false, &xx1), (false, &yy1), (true, &c.k383)]),
                ]
            };
            [
                combine(&sq0[0], g[0], false),
                combine(&sq0[1], g[1], false),
                combine(&sq1[0], g[2], true),
                combine(&sq1[1], g[3], true),
            ]
        }

        /// The steps of `x86_64::cyclotomic_sqr_compressed`: B = g4 + g5 s
        /// (twisted), C = g2 + g3 s.
        #[cold]
        #[inline(never)]
        pub(super) fn cyclotomic_sqr_compressed(g: &[[u64; 6]; 8]) -> [[u64; 6]; 8] {
            let [g3a, g3b, g2a, g2b] = fp4_sqr([&g[4], &g[5]], [&g[6], &g[7]], true, [&g[2], &g[3], &g[0], &g[1]]);
            let [g4a, g4b, g5a, g5b] = fp4_sqr([&g[0], &g[1]], [&g[2], &g[3]], false, [&g[4], &g[5], &g[6], &g[7]]);
            [g2a, g2b, g3a, g3b, g4a, g4b, g5a, g5b]
        }

        /// The steps of `x86_64::cyclotomic_sqr`: A = c0.c0 + c1.c1 s,
        /// B = c0.c1 + c1.c2 s (twisted), C = c1.c0 + c0.c2 s.
        #[cold]
        #[inline(never)]
        pub(super) fn cyclotomic_sqr(f: &[[u64; 6]; 12]) -> [[u64; 6]; 12] {
            let a = fp4_sqr([&f[0], &f[1]], [&f[8], &f[9]], false, [&f[0], &f[1], &f[8], &f[9]]);
            let b = fp4_sqr([&f[2], &f[3]], [&f[10], &f[11]], true, [&f[4], &f[5], &f[6], &f[7]]);
            let c = fp4_sqr([&f[6], &f[7]], [&f[4], &f[5]], false, [&f[2], &f[3], &f[10], &f[11]]);
            [a[0], a[1], c[0], c[1], b[0], b[1], b[2], b[3], a[2], a[3], c[2], c[3]]
        }

        /// The six reduced coefficients of an Fp6 product from its six
        /// double-width Fp2 products (Karatsuba order, as at
        /// `x86_64::fp12_sqr_reduce`).
        fn fp6_reduce(q: &[Wide384]) -> [[u64; 6]; 6] {
            let [v0, v1, v2, m01, m12, m02]: [[&Wide384; 2]; 6] = core::array::from_fn(|k| [&q[2 * k], &q[2 * k + 1]]);
            let (p, n) = (true, false);
            let (r, i) = (0, 1);
            [
                reduce_signed(&[(p, v0[r]), (p, m12[r]), (n, m12[i]), (n, v1[r]), (p, v1[i]), (n, v2[r]), (p, v2[i])]),
                reduce_signed(&[(p, v0[i]), (p, m12[r]), (p, m12[i]), (n, v1[r]), (n, v1[i]), (n, v2[r]), (n, v2[i])]),
                reduce_signed(&[(p, m01[r]), (n, v0[r]), (n, v1[r]), (p, v2[r]), (n, v2[i])]),
                reduce_signed(&[(p, m01[i]), (n, v0[i]), (n, v1[i]), (p, v2[r]), (p, v2[i])]),
                reduce_signed(&[(p, m02[r]), (n, v0[r]), (n, v2[r]), (p, v1[r])]),
                reduce_signed(&[(p, m02[i]), (n, v0[i]), (n, v2[i]), (p, v1[i])]),
            ]
        }

        /// The sums of `x86_64::fp12_sqr_reduce`: `t`, `c1 = 2t`,
        /// `c0 = M - t - v t`.
        #[cold]
        #[inline(never)]
        pub(super) fn fp12_sqr_reduce(q: &[Wide384; 24]) -> [[u64; 6]; 12] {
            use montgomery::{add_mod, sub_mod};
            let add = |x: &[u64; 6], y: &[u64; 6]| add_mod(x, y, &MODULUS);
            let sub = |x: &[u64; 6], y: &[u64; 6]| sub_mod(x, y, &MODULUS);
            let t = fp6_reduce(&q[..12]);
            let m = fp6_reduce(&q[12..]);
            // v t = (xi t2, t0, t1).
            let vt = [sub(&t[4], &t[5]), add(&t[4], &t[5]), t[0], t[1], t[2], t[3]];
            let mut out = [[0u64; 6]; 12];
            for i in 0..6 {
                out[i] = sub(&sub(&m[i], &t[i]), &vt[i]);
                out[6 + i] = add(&t[i], &t[i]);
            }
            out
        }

        /// `T / 2^384 mod p` for the signed sum `T` of `terms` (each in
        /// `[0, p 2^384)`), as the x86_64 kernels do it: the Montgomery
        /// rounds on the low half, the high halves (with the carries of the
        /// low ones) added to the result modulo `2^384`, `+ n p` for the `n`
        /// subtracted terms, then conditional subtractions of `2^j p`.
        fn reduce_signed(terms: &[(bool, &Wide384)]) -> [u64; 6] {
            use montgomery::{add_n, sub_n};
            let mut t = [0u64; 12];
            for (plus, x) in terms {
                t = if *plus { add_n(&t, x).0 } else { sub_n(&t, x).0 };
            }
            let (lo, hi) = super::split(&t);
            // (lo + Q p) / 2^384 <= p: the rounds of `montgomery::redc`.
            let r = montgomery::redc_rounds(&lo, &MODULUS, INV);
            let n = terms.iter().filter(|(plus, _)| !plus).count() as u64;
            let range = terms.len() as u64 + 1;
            let np = super::FUSED.multiples[n as usize];
            let mut v = add_n(&add_n(&r, &hi).0, &np).0;
            let mut j = 64 - (range - 1).leading_zeros();
            while j > 0 {
                j -= 1;
                // v mod 2^j p for v < 2^(j + 1) p.
                let (d, borrow) = sub_n(&v, &super::FUSED.multiples[1 << j]);
                let keep = montgomery::mask(borrow);
                v = core::array::from_fn(|l| (v[l] & keep) | (d[l] & !keep));
            }
            v
        }

        /// The signed sums of `x86_64::fp12_m014_reduce`.
        #[cold]
        #[inline(never)]
        pub(super) fn fp12_m014_reduce(q: &[Wide384; 26]) -> [[u64; 6]; 12] {
            let [v0, v1, m1, m2, m3, n0, n1, n2, w0, w1, w2, w3, w4]: [[&Wide384; 2]; 13] =
                core::array::from_fn(|k| [&q[2 * k], &q[2 * k + 1]]);
            let (p, n) = (true, false);
            let (r, i) = (0, 1);
            [
                reduce_signed(&[(p, v0[r]), (p, m1[r]), (n, m1[i]), (p, n2[r]), (n, n2[i])]),
                reduce_signed(&[(p, v0[i]), (p, m1[r]), (p, m1[i]), (p, n2[r]), (p, n2[i])]),
                reduce_signed(&[(p, m2[r]), (n, v0[r]), (n, v1[r]), (p, n0[r]), (n, n0[i])]),
                reduce_signed(&[(p, m2[i]), (n, v0[i]), (n, v1[i]), (p, n0[r]), (p, n0[i])]),
                reduce_signed(&[(p, v1[r]), (p, m3[r]), (p, n1[r])]),
                reduce_signed(&[(p, v1[i]), (p, m3[i]), (p, n1[i])]),
                reduce_signed(&[(p, w0[r]), (p, w2[r]), (n, w2[i]), (n, v0[r]), (n, m1[r]), (p, m1[i]), (n, n0[r]), (p, n0[i])]),
                reduce_signed(&[(p, w0[i]), (p, w2[r]), (p, w2[i]), (n, v0[i]), (n, m1[r]), (n, m1[i]), (n, n0[r]), (n, n0[i])]),
                reduce_signed(&[(p, w3[r]), (n, w0[r]), (n, w1[r]), (n, m2[r]), (p, v0[r]), (p, v1[r]), (n, n1[r])]),
                reduce_signed(&[(p, w3[i]), (n, w0[i]), (n, w1[i]), (n, m2[i]), (p, v0[i]), (p, v1[i]), (n, n1[i])]),
                reduce_signed(&[(p, w1[r]), (p, w4[r]), (n, v1[r]), (n, m3[r]), (n, n2[r])]),
                reduce_signed(&[(p, w1[i]), (p, w4[i]), (n, v1[i]), (n, m3[i]), (n, n2[i])]),
            ]
        }

        /// The signed sums of `x86_64::fp12_l2_reduce` (at most three terms).
        #[cold]
        #[inline(never)]
        pub(super) fn fp12_l2_reduce(q: &[Wide384; 12]) -> [[u64; 6]; 10] {
            let [x00, x11, x44, y01, y04, y14]: [[&Wide384; 2]; 6] = core::array::from_fn(|k| [&q[2 * k], &q[2 * k + 1]]);
            let (p, n) = (true, false);
            let (r, i) = (0, 1);
            [
                reduce_signed(&[(p, x00[r]), (p, x44[r]), (n, x44[i])]),
                reduce_signed(&[(p, x00[i]), (p, x44[r]), (p, x44[i])]),
                reduce_signed(&[(p, y01[r]), (n, x00[r]), (n, x11[r])]),
                reduce_signed(&[(p, y01[i]), (n, x00[i]), (n, x11[i])]),
                reduce_signed(&[(p, x11[r])]),
                reduce_signed(&[(p, x11[i])]),
                reduce_signed(&[(p, y04[r]), (n, x00[r]), (n, x44[r])]),
                reduce_signed(&[(p, y04[i]), (n, x00[i]), (n, x44[i])]),
                reduce_signed(&[(p, y14[r]), (n, x11[r]), (n, x44[r])]),
                reduce_signed(&[(p, y14[i]), (n, x11[i]), (n, x44[i])]),
            ]
        }

        /// A double-width value as a 13-limb two's complement integer.
        fn ext(x: &Wide384) -> [u64; 13] {
            core::array::from_fn(|k| if k < 12 { x[k] } else { 0 })
        }

        /// The exact signed sum of `terms` (13-limb two's complement, as
        /// `gwide_sum!`; the values here are far inside that range).
        fn wide_sum(terms: &[(bool, &[u64; 13])]) -> [u64; 13] {
            use montgomery::{add_n, sub_n};
            terms.iter().fold([0u64; 13], |t, (plus, x)| if *plus { add_n(&t, x).0 } else { sub_n(&t, x).0 })
        }

        /// `T / 2^384 mod p` for a signed 13-limb `T` in
        /// `(-8 p 2^384, 8 p 2^384)` (the sums of `x86_64::fp12_m01245_reduce`
        /// and `x86_64::fp12_mul_reduce` are within `(-6.41, 6.82) p 2^384`):
        /// `+ 8 p 2^384`, the Montgomery rounds on the low six limbs
        /// (`r <= p`), the high seven limbs added (below `17 p`), then
        /// conditional subtractions of `16p`, ..., `p`.
        fn reduce_wide(t: &[u64; 13]) -> [u64; 6] {
            use montgomery::{add_n, sub_n};
            let mut pow2p = [[0u64; 7]; 5];
            pow2p[0][..6].copy_from_slice(&MODULUS);
            for j in 1..5 {
                pow2p[j] = add_n(&pow2p[j - 1], &pow2p[j - 1]).0;
            }
            let lo: [u64; 6] = core::array::from_fn(|k| t[k]);
            let hi: [u64; 7] = core::array::from_fn(|k| t[6 + k]);
            let hi = add_n(&hi, &pow2p[3]).0;
            let r = montgomery::redc_rounds(&lo, &MODULUS, INV);
            let r7: [u64; 7] = core::array::from_fn(|k| if k < 6 { r[k] } else { 0 });
            let mut v = add_n(&hi, &r7).0;
            for j in (0..5).rev() {
                // v mod 2^j p for v < 2^(j + 1) p.
                let (d, borrow) = sub_n(&v, &pow2p[j]);
                let keep = montgomery::mask(borrow);
                v = core::array::from_fn(|l| (v[l] & keep) | (d[l] & !keep));
            }
            core::array::from_fn(|k| v[k])
        }

        /// An Fp2 value as two exact 13-limb sums (real, imaginary part).
        type Wide2 = [[u64; 13]; 2];

        /// An Fp2 signed sum, part by part.
        fn sum2(terms: &[(bool, [&[u64; 13]; 2])]) -> Wide2 {
            terms.iter().fold([[0u64; 13]; 2], |acc, (plus, t)| {
                core::array::from_fn(|i| wide_sum(&[(true, &acc[i]), (*plus, t[i])]))
            })
        }

        /// `xi x = (x0 - x1, x0 + x1)`.
        fn xi2(x: &Wide2) -> Wide2 {
            [wide_sum(&[(true, &x[0]), (false, &x[1])]), wide_sum(&[(true, &x[0]), (true, &x[1])])]
        }

        /// `x + y`.
        fn add2(x: &Wide2, y: &Wide2) -> Wide2 {
            sum2(&[(true, [&x[0], &x[1]]), (true, [&y[0], &y[1]])])
        }

        /// The Fp6 product from its six Karatsuba products (the order of
        /// `Fp6::products_to`): `(w0 + xi (w12 - w1 - w2), w01 - w0 - w1 +
        /// xi w2, w02 - w0 - w2 + w1)`, exact.
        fn karatsuba(w: [[&[u64; 13]; 2]; 6]) -> [Wide2; 3] {
            let [w0, w1, w2, w01, w12, w02] = w;
            let (p, n) = (true, false);
            let k = sum2(&[(p, w12), (n, w1), (n, w2)]);
            [
                add2(&sum2(&[(p, w0)]), &xi2(&k)),
                add2(&sum2(&[(p, w01), (n, w0), (n, w1)]), &xi2(&sum2(&[(p, w2)]))),
                sum2(&[(p, w02), (n, w0), (n, w2), (p, w1)]),
            ]
        }

        /// The Karatsuba-over-Fp6 result from the exact coefficients of
        /// `A = f0 g0`, `C = f1 g1`, `T = (f0 + f1)(g0 + g1)`:
        /// `R0 = A + v C = (A0 + xi C2, A1 + C0, A2 + C1)`,
        /// `R1 = T - A - C`, each coefficient reduced ([`reduce_wide`]).
        fn fp12_combine(a: &[Wide2; 3], c: &[Wide2; 3], t: &[Wide2; 3]) -> [[u64; 6]; 12] {
            let r0 = [add2(&a[0], &xi2(&c[2])), add2(&a[1], &c[0]), add2(&a[2], &c[1])];
            let r1: [Wide2; 3] = core::array::from_fn(|k| {
                let part = |i: usize| wide_sum(&[(true, &t[k][i]), (false, &a[k][i]), (false, &c[k][i])]);
                [part(0), part(1)]
            });
            core::array::from_fn(|i| {
                let c = if i < 6 { &r0[i / 2] } else { &r1[(i - 6) / 2] };
                reduce_wide(&c[i % 2])
            })
        }

        /// The sums of `x86_64::fp12_m01245_reduce`, in the same order:
        /// the coefficients of `A`, `C`, `T` as exact 13-limb sums, then
        /// each output from them ([`fp12_combine`]).
        #[cold]
        #[inline(never)]
        pub(super) fn fp12_m01245_reduce(q: &[Wide384; 34]) -> [[u64; 6]; 12] {
            let e: [[u64; 13]; 34] = core::array::from_fn(|k| ext(&q[k]));
            let w: [[&[u64; 13]; 2]; 17] = core::array::from_fn(|k| [&e[2 * k], &e[2 * k + 1]]);
            let [u1, u2, u12, h1, h2] = [w[6], w[7], w[8], w[9], w[10]];
            let (p, n) = (true, false);
            // A = f0 B0 and T = (f0 + f1)(B0 + B1) by Karatsuba;
            // C = f1 B1 = (xi (u12 - u1 - u2), h1 + xi u2, h2 + u1).
            let a = karatsuba(core::array::from_fn(|k| w[k]));
            let t = karatsuba(core::array::from_fn(|k| w[11 + k]));
            let c = [
                xi2(&sum2(&[(p, u12), (n, u1), (n, u2)])),
                add2(&sum2(&[(p, h1)]), &xi2(&sum2(&[(p, u2)]))),
                sum2(&[(p, h2), (p, u1)]),
            ];
            fp12_combine(&a, &c, &t)
        }

        /// The sums of `x86_64::fp12_mul_reduce` (the full Fp12 product):
        /// `A`, `C`, `T` each by Karatsuba from six products, then
        /// [`fp12_combine`].
        #[cold]
        #[inline(never)]
        pub(super) fn fp12_mul_reduce(q: &[Wide384; 36]) -> [[u64; 6]; 12] {
            let e: [[u64; 13]; 36] = core::array::from_fn(|k| ext(&q[k]));
            let w: [[&[u64; 13]; 2]; 18] = core::array::from_fn(|k| [&e[2 * k], &e[2 * k + 1]]);
            let [a, c, t] = [0, 6, 12].map(|b| karatsuba(core::array::from_fn(|k| w[b + k])));
            fp12_combine(&a, &c, &t)
        }

        /// The steps of `x86_64::miller_double` (which gives the bounds;
        /// checked here by debug assertions).
        #[cold]
        #[inline(never)]
        pub(super) fn miller_double(s: &mut [[u64; 6]; 8]) -> [[u64; 6]; 6] {
            use montgomery::{add_mod, add_n, mul_mont, reduce_once, sub_mod, sub_n};
            let c = &super::FUSED;
            let limit = {
                // 4.5 p^2 (rounded down), the bound of the double-width sums below.
                let (lo, hi) = montgomery::mul_wide(&MODULUS, &MODULUS);
                let p2 = join(&lo, &hi);
                let p2x4 = add_n(&add_n(&p2, &p2).0, &add_n(&p2, &p2).0).0;
                let half_p: [u64; 6] = core::array::from_fn(|i| (MODULUS[i] >> 1) | if i < 5 { MODULUS[i + 1] << 63 } else { 0 });
                let (lo, hi) = montgomery::mul_wide(&MODULUS, &half_p);
                add_n(&p2x4, &join(&lo, &hi)).0
            };
            let wide = |x: &[u64; 6], y: &[u64; 6]| {
                let (lo, hi) = montgomery::mul_wide(x, y);
                join(&lo, &hi)
            };
            let reduce = |terms: &[(bool, &Wide384)]| {
                let mut t = [0u64; 12];
                for (plus, x) in terms {
                    t = if *plus { add_n(&t, x).0 } else { sub_n(&t, x).0 };
                }
                debug_assert_eq!(sub_n(&t, &limit).1, 1, "sum below 4.5 p^2");
                let (lo, hi) = super::split(&t);
                montgomery::redc(&lo, &hi, &MODULUS, INV)
            };
            let half = |x: &[u64; 6]| {
                let odd = x[0] & 1;
                let (t, _) = add_n(x, &MODULUS.map(|l| l & odd.wrapping_neg()));
                let h: [u64; 6] = core::array::from_fn(|i| (t[i] >> 1) | if i < 5 { t[i + 1] << 63 } else { 0 });
                reduce_once(&h, &MODULUS)
            };
            let add = |x: &[u64; 6], y: &[u64; 6]| add_mod(x, y, &MODULUS);
            let sub = |x: &[u64; 6], y: &[u64; 6]| sub_mod(x, y, &MODULUS);
            let sum = |x: &[u64; 6], y: &[u64; 6]| add_n(x, y).0;
            // a^2 as its two reduced coefficients.
            let square = |a0: &[u64; 6], a1: &[u64; 6]| {
                [reduce(&[(true, &wide(&sum(a0, a1), &sub(a0, a1)))]), reduce(&[(true, &wide(&sum(a0, a0), a1))])]
            };
            // a b by Karatsuba (a below p, b below 2p), reduced.
            let product = |a0: &[u64; 6], a1: &[u64; 6], b0: &[u64; 6], b1: &[u64; 6]| {
                let (p0, p1, p2) = (wide(a0, b0), wide(a1, b1), wide(&sum(a0, a1), &sum(b0, b1)));
                [
                    reduce(&[(true, &p0), (false, &p1), (true, &c.k382)]),
                    reduce(&[(true, &p2), (false, &p0), (false, &p1)]),
                ]
            };
            let (x0, x1, y0, y1, z0, z1) = (s[0], s[1], s[2], s[3], s[4], s[5]);
            let (xn3, yp2) = (s[6], s[7]);
            let b = square(&y0, &y1);
            // xi C, then E = 12 xi C and F = 3E.
            let (cc0, cc1) = (wide(&sum(&z0, &z1), &sub(&z0, &z1)), wide(&sum(&z0, &z0), &z1));
            let xic = [reduce(&[(true, &cc0), (false, &cc1), (true, &c.k382)]), reduce(&[(true, &cc0), (true, &cc1)])];
            let e = xic.map(|r| {
                let r4 = add(&add(&r, &r), &add(&r, &r));
                add(&add(&r4, &r4), &r4)
            });
            let f = e.map(|e| add(&add(&e, &e), &e));
            let yz = product(&y0, &y1, &z0, &z1);
            let a = product(&x0, &x1, &y0, &y1).map(|v| half(&v));
            let j = square(&x0, &x1);
            let line = [
                sub(&b[0], &e[0]),
                sub(&b[1], &e[1]),
                mul_mont(&j[0], &xn3, &MODULUS, INV),
                mul_mont(&j[1], &xn3, &MODULUS, INV),
                mul_mont(&yz[0], &yp2, &MODULUS, INV),
                mul_mont(&yz[1], &yp2, &MODULUS, INV),
            ];
            let m = [sub(&b[0], &f[0]), sub(&b[1], &f[1])];
            let g = [half(&add(&b[0], &f[0])), half(&add(&b[1], &f[1]))];
            let x3 = product(&a[0], &a[1], &m[0], &m[1]);
            // G^2 - E F, E F as (E0 + E1)(F0 - F1) + (2 E0) F1 u.
            let gg = [wide(&sum(&g[0], &g[1]), &sub(&g[0], &g[1])), wide(&sum(&g[0], &g[0]), &g[1])];
            let ef = [wide(&sum(&e[0], &e[1]), &sub(&f[0], &f[1])), wide(&sum(&e[0], &e[0]), &f[1])];
            let y3 = [
                reduce(&[(true, &gg[0]), (false, &ef[0]), (true, &c.k382)]),
                reduce(&[(true, &gg[1]), (false, &ef[1]), (true, &c.k382)]),
            ];
            let z3 = product(&yz[0], &yz[1], &sum(&b[0], &b[0]), &sum(&b[1], &b[1]));
            s[..6].copy_from_slice(&[x3[0], x3[1], y3[0], y3[1], z3[0], z3[1]]);
            line
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

    /// The fused tower kernels (x86_64 and portable twin) against
    /// references written with the plain Montgomery operations.
    #[cfg(test)]
    mod tests {
        use super::super::montgomery::{add_mod, mul_mont, sub_mod};
        use super::{portable, MODULUS, INV};
        use rand_core::{RngCore, SeedableRng};

        type F2 = [[u64; 6]; 2];

        fn mul2(a: &F2, b: &F2) -> F2 {
            let m = |x: &[u64; 6], y: &[u64; 6]| mul_mont(x, y, &MODULUS, INV);
            [
                sub_mod(&m(&a[0], &b[0]), &m(&a[1], &b[1]), &MODULUS),
                add_mod(&m(&a[0], &b[1]), &m(&a[1], &b[0]), &MODULUS),
            ]
        }
        fn add2(a: &F2, b: &F2) -> F2 {
            [add_mod(&a[0], &b[0], &MODULUS), add_mod(&a[1], &b[1], &MODULUS)]
        }
        fn sub2(a: &F2, b: &F2) -> F2 {
            [sub_mod(&a[0], &b[0], &MODULUS), sub_mod(&a[1], &b[1], &MODULUS)]
        }
        /// `xi a`, xi = 1 + u.
        fn xi(a: &F2) -> F2 {
            [sub_mod(&a[0], &a[1], &MODULUS), add_mod(&a[0], &a[1], &MODULUS)]
        }
        /// The six double-width Karatsuba products of `a b` (Fp6, the order
        /// of `Fp6::products_to`, the pairwise sums unreduced below 2p),
        /// appended to `q`.
        fn kara_products(a: &[F2; 3], b: &[F2; 3], q: &mut Vec<super::Wide384>) {
            use super::super::montgomery::add_n;
            let s2 = |a: &F2, b: &F2| -> F2 { [add_n(&a[0], &b[0]).0, add_n(&a[1], &b[1]).0] };
            let w = |a: &F2, b: &F2| portable::mul2_wide(a, b);
            for x in [
                w(&a[0], &b[0]),
                w(&a[1], &b[1]),
                w(&a[2], &b[2]),
                w(&s2(&a[0], &a[1]), &s2(&b[0], &b[1])),
                w(&s2(&a[1], &a[2]), &s2(&b[1], &b[2])),
                w(&s2(&a[0], &a[2]), &s2(&b[0], &b[2])),
            ] {
                q.extend_from_slice(&x);
            }
        }
        /// The Fp6 product by the schoolbook formula (v^3 = xi).
        fn mul6(a: &[F2; 3], b: &[F2; 3]) -> [F2; 3] {
            let p = |i: usize, j: usize| mul2(&a[i], &b[j]);
            [
                add2(&p(0, 0), &xi(&add2(&p(1, 2), &p(2, 1)))),
                add2(&add2(&p(0, 1), &p(1, 0)), &xi(&p(2, 2))),
                add2(&add2(&p(0, 2), &p(2, 0)), &p(1, 1)),
            ]
        }
        /// `(x + y s)^2 = (x^2 + xi y^2) + 2 x y s`.
        fn fp4_square(x: &F2, y: &F2) -> (F2, F2) {
            let xy = mul2(x, y);
            (add2(&mul2(x, x), &xi(&mul2(y, y))), add2(&xy, &xy))
        }
        /// `3 a + 2 g` or `3 a - 2 g`.
        fn combine(a: &F2, g: &F2, plus: bool) -> F2 {
            let a3 = add2(&add2(a, a), a);
            let g2 = add2(g, g);
            if plus {
                add2(&a3, &g2)
            } else {
                sub2(&a3, &g2)
            }
        }

        fn compressed_square_ref(g: &[[u64; 6]; 8]) -> [[u64; 6]; 8] {
            let f = |i: usize| [g[2 * i], g[2 * i + 1]];
            let (b0, b1) = fp4_square(&f(2), &f(3));
            let (c0, c1) = fp4_square(&f(0), &f(1));
            let out = [
                combine(&xi(&b1), &f(0), true),
                combine(&b0, &f(1), false),
                combine(&c0, &f(2), false),
                combine(&c1, &f(3), true),
            ];
            core::array::from_fn(|i| out[i / 2][i % 2])
        }

        /// Random coefficients below p, or values at the edges (0, 1,
        /// p - 1, p - 2, (p - 1) / 2, (p + 1) / 2) that push the sums and
        /// differences to their extremes.
        fn coefficient(rng: &mut impl RngCore) -> [u64; 6] {
            let one = [1, 0, 0, 0, 0, 0];
            let half = {
                let mut h = [0u64; 6];
                for i in 0..6 {
                    h[i] = (MODULUS[i] >> 1) | if i < 5 { MODULUS[i + 1] << 63 } else { 0 };
                }
                h
            };
            match rng.next_u32() % 10 {
                0 => [0; 6],
                1 => one,
                2 => super::super::montgomery::sub_n(&MODULUS, &one).0,
                3 => super::super::montgomery::sub_n(&MODULUS, &[2, 0, 0, 0, 0, 0]).0,
                4 => half,
                5 => super::super::montgomery::add_n(&half, &one).0,
                _ => crate::field::Fp::random(rng).0,
            }
        }

        fn half2(a: &F2) -> F2 {
            let h = |x: &[u64; 6]| {
                let odd = x[0] & 1;
                let t = super::super::montgomery::add_n(x, &MODULUS.map(|l| l & odd.wrapping_neg())).0;
                core::array::from_fn(|i| (t[i] >> 1) | if i < 5 { t[i + 1] << 63 } else { 0 })
            };
            [h(&a[0]), h(&a[1])]
        }

        /// The doubling step with the plain operations: `s = (X, Y, Z,
        /// -3 xp, 2 yp)`.
        fn miller_double_ref(s: &[[u64; 6]; 8]) -> ([[u64; 6]; 8], [[u64; 6]; 6]) {
            let f = |i: usize| [s[2 * i], s[2 * i + 1]];
            let (x, y, z) = (f(0), f(1), f(2));
            let mul_fp = |a: &F2, k: &[u64; 6]| [mul_mont(&a[0], k, &MODULUS, INV), mul_mont(&a[1], k, &MODULUS, INV)];
            let b = mul2(&y, &y);
            let c = mul2(&z, &z);
            let xc = xi(&c);
            let x2 = add2(&xc, &xc);
            let x4 = add2(&x2, &x2);
            let e = add2(&add2(&x4, &x4), &x4);
            let f3 = add2(&add2(&e, &e), &e);
            let a = half2(&mul2(&x, &y));
            let g = half2(&add2(&b, &f3));
            let yz = mul2(&y, &z);
            let x3 = mul2(&a, &sub2(&b, &f3));
            let ee = mul2(&e, &e);
            let y3 = sub2(&mul2(&g, &g), &add2(&add2(&ee, &ee), &ee));
            let z3 = mul2(&add2(&b, &b), &yz);
            let line = [sub2(&b, &e), mul_fp(&mul2(&x, &x), &s[6]), mul_fp(&yz, &s[7])];
            let t = [x3, y3, z3];
            let mut out = *s;
            for i in 0..6 {
                out[i] = t[i / 2][i % 2];
            }
            (out, core::array::from_fn(|i| line[i / 2][i % 2]))
        }

        #[test]
        fn miller_double_matches_reference() {
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6d69_6c6c);
            #[cfg(target_arch = "x86_64")]
            let adx = std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2");
            for _ in 0..20_000 {
                let s: [[u64; 6]; 8] = core::array::from_fn(|_| coefficient(&mut rng));
                let (want_s, want_line) = miller_double_ref(&s);
                let mut got = s;
                assert_eq!(portable::miller_double(&mut got), want_line, "portable line {s:x?}");
                assert_eq!(got, want_s, "portable point {s:x?}");
                #[cfg(target_arch = "x86_64")]
                if adx {
                    let mut got = s;
                    let mut line = core::mem::MaybeUninit::<[[u64; 6]; 6]>::uninit();
                    // SAFETY: ADX and BMI2 checked; distinct locals.
                    let line = unsafe {
                        super::super::x86_64::miller_double(line.as_mut_ptr(), &mut got, &super::FUSED);
                        line.assume_init()
                    };
                    assert_eq!(line, want_line, "x86_64 line {s:x?}");
                    assert_eq!(got, want_s, "x86_64 point {s:x?}");
                }
            }
        }

        /// The cyclotomic square's formula (on any input):
        /// `(3 A^2 - 2 conj(A)) + (3 s B^2 + 2 conj(C)) t + (3 C^2 - 2 conj(B)) t^2`.
        fn cyclotomic_sqr_ref(f: &[[u64; 6]; 12]) -> [[u64; 6]; 12] {
            let e = |i: usize| [f[2 * i], f[2 * i + 1]];
            // Fp2 coefficients in tower order: c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2.
            let (a0, a1) = fp4_square(&e(0), &e(4));
            let (b0, b1) = fp4_square(&e(1), &e(5));
            let (c0, c1) = fp4_square(&e(3), &e(2));
            let out = [
                combine(&a0, &e(0), false),
                combine(&c0, &e(1), false),
                combine(&b0, &e(2), false),
                combine(&xi(&b1), &e(3), true),
                combine(&a1, &e(4), true),
                combine(&c1, &e(5), true),
            ];
            core::array::from_fn(|i| out[i / 2][i % 2])
        }

        #[test]
        fn cyclotomic_sqr_matches_reference() {
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6379_636c);
            #[cfg(target_arch = "x86_64")]
            let adx = std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2");
            for _ in 0..10_000 {
                let f: [[u64; 6]; 12] = core::array::from_fn(|_| coefficient(&mut rng));
                let want = cyclotomic_sqr_ref(&f);
                assert_eq!(portable::cyclotomic_sqr(&f), want, "portable {f:x?}");
                #[cfg(target_arch = "x86_64")]
                if adx {
                    let mut out = core::mem::MaybeUninit::<[[u64; 6]; 12]>::uninit();
                    // SAFETY: ADX and BMI2 checked; `out` is a distinct local.
                    let got = unsafe {
                        super::super::x86_64::cyclotomic_sqr(out.as_mut_ptr(), &f, &super::FUSED);
                        out.assume_init()
                    };
                    assert_eq!(got, want, "x86_64 {f:x?}");
                }
            }
        }

        /// The sparse product's sums on products anywhere in their ranges
        /// (`Qr` below `p 2^384`, `Qi` below `8 p^2`, extremes included),
        /// against each term reduced on its own and summed mod p.
        #[test]
        fn fp12_m014_reduce_matches_reference() {
            use super::super::montgomery::{add_n, redc, sub_n};
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6d30_3134);
            #[cfg(target_arch = "x86_64")]
            let adx = std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2");
            let (lo, hi) = super::super::montgomery::mul_wide(&MODULUS, &MODULUS);
            let p2 = super::join(&lo, &hi);
            let p2x8 = (1..8).fold(p2, |acc, _| add_n(&acc, &p2).0);
            let max_r = super::join(&[!0u64; 6], &sub_n(&MODULUS, &[1, 0, 0, 0, 0, 0]).0);
            let max_i = sub_n(&p2x8, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).0;
            let wide = |rng: &mut rand_chacha::ChaCha20Rng, imag: bool| -> [u64; 12] {
                match rng.next_u32() % 8 {
                    0 => [0; 12],
                    1 => if imag { max_i } else { max_r },
                    _ => {
                        let hi = coefficient(rng);
                        let lo: [u64; 6] = core::array::from_fn(|_| rng.next_u64());
                        let t = super::join(&lo, &hi);
                        if imag {
                            // Below 8 p^2: scale a value below p 2^384 down.
                            let (d, _) = sub_n(&t, &p2x8);
                            if sub_n(&t, &p2x8).1 == 1 { t } else { d.map(|l| l >> 4) }
                        } else {
                            t
                        }
                    }
                }
            };
            let one = |t: &[u64; 12]| {
                let (lo, hi) = super::split(t);
                redc(&lo, &hi, &MODULUS, INV)
            };
            for _ in 0..5_000 {
                let q: [[u64; 12]; 26] = core::array::from_fn(|k| wide(&mut rng, k % 2 == 1));
                let g = |k: usize| [one(&q[2 * k]), one(&q[2 * k + 1])];
                let [v0, v1, m1, m2, m3, n0, n1, n2, w0, w1, w2, w3, w4]: [F2; 13] = core::array::from_fn(g);
                let r0 = [add2(&v0, &xi(&add2(&m1, &n2))), add2(&sub2(&sub2(&m2, &v0), &v1), &xi(&n0)), add2(&add2(&v1, &m3), &n1)];
                let r1 = [
                    sub2(&sub2(&sub2(&add2(&w0, &xi(&w2)), &v0), &xi(&m1)), &xi(&n0)),
                    sub2(&add2(&add2(&sub2(&sub2(&sub2(&w3, &w0), &w1), &m2), &v0), &v1), &n1),
                    sub2(&sub2(&sub2(&add2(&w1, &w4), &v1), &m3), &n2),
                ];
                let want: [[u64; 6]; 12] = core::array::from_fn(|i| {
                    let c = if i < 6 { r0[i / 2] } else { r1[(i - 6) / 2] };
                    c[i % 2]
                });
                assert_eq!(portable::fp12_m014_reduce(&q), want, "portable");
                #[cfg(target_arch = "x86_64")]
                if adx {
                    let mut out = core::mem::MaybeUninit::<[[u64; 6]; 12]>::uninit();
                    // SAFETY: ADX and BMI2 checked; distinct locals.
                    let got = unsafe {
                        super::super::x86_64::fp12_m014_reduce(out.as_mut_ptr(), &q, &super::FUSED);
                        out.assume_init()
                    };
                    assert_eq!(got, want, "x86_64");
                }
            }
        }

        /// The line-pair kernels (x86_64 against the portable twins) on the
        /// products their callers form: `Fp12::line_product` from two lines,
        /// `Fp12::mul_by_line_product_to` from f and a product of two lines,
        /// coefficients often at the ends of their range (so the real parts
        /// wrap or not, and the sums reach far into their bounds). The
        /// results against the field arithmetic are tested in `field::fp12`.
        #[test]
        fn line_pair_kernels_match_portable() {
            use super::super::montgomery::add_n;
            use super::super::Wide384;
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6c32);
            #[cfg(target_arch = "x86_64")]
            let adx = std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2");
            let f2 = |rng: &mut rand_chacha::ChaCha20Rng| -> F2 { [coefficient(rng), coefficient(rng)] };
            // Unreduced sums (below 2p), as `add_unreduced`.
            let s2 = |a: &F2, b: &F2| -> F2 { [add_n(&a[0], &b[0]).0, add_n(&a[1], &b[1]).0] };
            let w = |a: &F2, b: &F2| -> [Wide384; 2] { portable::mul2_wide(a, b) };
            for _ in 0..3000 {
                let [c0, c1, c4, d0, d1, d4] = core::array::from_fn(|_| f2(&mut rng));
                let mut q = Vec::new();
                for x in [
                    w(&c0, &d0),
                    w(&c1, &d1),
                    w(&c4, &d4),
                    w(&s2(&c0, &c1), &s2(&d0, &d1)),
                    w(&s2(&c0, &c4), &s2(&d0, &d4)),
                    w(&s2(&c1, &c4), &s2(&d1, &d4)),
                ] {
                    q.extend_from_slice(&x);
                }
                let q: [Wide384; 12] = q.try_into().unwrap();
                let lp = portable::fp12_l2_reduce(&q);
                #[cfg(target_arch = "x86_64")]
                if adx {
                    let mut out = core::mem::MaybeUninit::<[[u64; 6]; 10]>::uninit();
                    // SAFETY: ADX and BMI2 checked; distinct locals.
                    let got = unsafe {
                        super::super::x86_64::fp12_l2_reduce(out.as_mut_ptr(), &q, &super::FUSED);
                        out.assume_init()
                    };
                    assert_eq!(got, lp, "line product");
                }
                // f times a product of two lines (that one, or any reduced b).
                let f: [F2; 6] = core::array::from_fn(|_| f2(&mut rng));
                let b: [F2; 5] = if rng.next_u32() % 2 == 0 {
                    core::array::from_fn(|k| [lp[2 * k], lp[2 * k + 1]])
                } else {
                    core::array::from_fn(|_| f2(&mut rng))
                };
                let (f0, f1) = ([f[0], f[1], f[2]], [f[3], f[4], f[5]]);
                let b0 = [b[0], b[1], b[2]];
                let s: [F2; 3] = core::array::from_fn(|k| add2(&f0[k], &f1[k]));
                let t = [b[0], add2(&b[1], &b[3]), add2(&b[2], &b[4])];
                let mut q = Vec::new();
                kara_products(&f0, &b0, &mut q);
                for x in [w(&f1[1], &b[3]), w(&f1[2], &b[4]), w(&s2(&f1[1], &f1[2]), &s2(&b[3], &b[4])), w(&f1[0], &b[3]), w(&f1[0], &b[4])] {
                    q.extend_from_slice(&x);
                }
                kara_products(&s, &t, &mut q);
                let q: [Wide384; 34] = q.try_into().unwrap();
                let want = portable::fp12_m01245_reduce(&q);
                // The twin against the field formula: (A + v C) + (T - A - C) w.
                let (a, c, tt) = (mul6(&f0, &b0), mul6(&f1, &[[[0; 6]; 2], b[3], b[4]]), mul6(&s, &t));
                let r0 = [add2(&a[0], &xi(&c[2])), add2(&a[1], &c[0]), add2(&a[2], &c[1])];
                let r1: [F2; 3] = core::array::from_fn(|k| sub2(&sub2(&tt[k], &a[k]), &c[k]));
                let field: [[u64; 6]; 12] = core::array::from_fn(|i| if i < 6 { r0[i / 2][i % 2] } else { r1[(i - 6) / 2][i % 2] });
                assert_eq!(want, field, "portable");
                #[cfg(target_arch = "x86_64")]
                if adx {
                    let mut out = core::mem::MaybeUninit::<[[u64; 6]; 12]>::uninit();
                    // SAFETY: ADX and BMI2 checked; distinct locals.
                    let got = unsafe {
                        super::super::x86_64::fp12_m01245_reduce(out.as_mut_ptr(), &q, &super::FUSED);
                        out.assume_init()
                    };
                    assert_eq!(got, want, "f times a line product");
                }
            }
        }

        /// The full product's kernel (`fp12_mul_reduce`) and its portable
        /// twin on the 18 products of `f g` with coefficients often at the
        /// ends of their range (0, 1, p - 1, ...; all of them p - 1 in the
        /// first cases), against the schoolbook product.
        #[test]
        fn fp12_mul_reduce_matches_schoolbook() {
            use super::Wide384;
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6d31_3272);
            #[cfg(target_arch = "x86_64")]
            let adx = std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2");
            let top = super::super::montgomery::sub_n(&MODULUS, &[1, 0, 0, 0, 0, 0]).0;
            for k in 0..5000 {
                let fg: [F2; 12] = if k < 4 {
                    // all p - 1; then f or g all p - 1, the other random
                    core::array::from_fn(|i| {
                        if k == 0 || (k == 1 && i < 6) || (k == 2 && i >= 6) {
                            [top, top]
                        } else {
                            [coefficient(&mut rng), coefficient(&mut rng)]
                        }
                    })
                } else {
                    core::array::from_fn(|_| [coefficient(&mut rng), coefficient(&mut rng)])
                };
                let (f0, f1, g0, g1) = ([fg[0], fg[1], fg[2]], [fg[3], fg[4], fg[5]], [fg[6], fg[7], fg[8]], [fg[9], fg[10], fg[11]]);
                let s: [F2; 3] = core::array::from_fn(|i| add2(&f0[i], &f1[i]));
                let t: [F2; 3] = core::array::from_fn(|i| add2(&g0[i], &g1[i]));
                let mut q = Vec::new();
                kara_products(&f0, &g0, &mut q);
                kara_products(&f1, &g1, &mut q);
                kara_products(&s, &t, &mut q);
                let q: [Wide384; 36] = q.try_into().unwrap();
                let want = portable::fp12_mul_reduce(&q);
                // (f0 g0 + v f1 g1) + (f0 g1 + f1 g0) w, v (x0, x1, x2) = (xi x2, x0, x1).
                let (a, c) = (mul6(&f0, &g0), mul6(&f1, &g1));
                let (x, y) = (mul6(&f0, &g1), mul6(&f1, &g0));
                let r0 = [add2(&a[0], &xi(&c[2])), add2(&a[1], &c[0]), add2(&a[2], &c[1])];
                let r1: [F2; 3] = core::array::from_fn(|i| add2(&x[i], &y[i]));
                let field: [[u64; 6]; 12] = core::array::from_fn(|i| if i < 6 { r0[i / 2][i % 2] } else { r1[(i - 6) / 2][i % 2] });
                assert_eq!(want, field, "portable {k}");
                #[cfg(target_arch = "x86_64")]
                if adx {
                    let mut out = core::mem::MaybeUninit::<[[u64; 6]; 12]>::uninit();
                    // SAFETY: ADX and BMI2 checked; distinct locals.
                    let got = unsafe {
                        super::super::x86_64::fp12_mul_reduce(out.as_mut_ptr(), &q, &super::FUSED);
                        out.assume_init()
                    };
                    assert_eq!(got, want, "x86_64 {k}");
                }
            }
        }

        /// The square's sums on products anywhere in their ranges (as
        /// above), against each term reduced on its own and summed mod p.
        #[test]
        fn fp12_sqr_reduce_matches_reference() {
            use super::super::montgomery::{add_n, redc, sub_n};
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x7371_7233);
            #[cfg(target_arch = "x86_64")]
            let adx = std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2");
            let (lo, hi) = super::super::montgomery::mul_wide(&MODULUS, &MODULUS);
            let p2 = super::join(&lo, &hi);
            let p2x8 = (1..8).fold(p2, |acc, _| add_n(&acc, &p2).0);
            let max_r = super::join(&[!0u64; 6], &sub_n(&MODULUS, &[1, 0, 0, 0, 0, 0]).0);
            let max_i = sub_n(&p2x8, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).0;
            let one = |t: &[u64; 12]| {
                let (lo, hi) = super::split(t);
                redc(&lo, &hi, &MODULUS, INV)
            };
            // Fp6 coefficients from the six products (Karatsuba order).
            let fp6 = |g: &dyn Fn(usize) -> F2, b: usize| -> [F2; 3] {
                let [v0, v1, v2, m01, m12, m02] = [g(b), g(b + 1), g(b + 2), g(b + 3), g(b + 4), g(b + 5)];
                [
                    add2(&v0, &xi(&sub2(&sub2(&m12, &v1), &v2))),
                    add2(&sub2(&sub2(&m01, &v0), &v1), &xi(&v2)),
                    add2(&sub2(&sub2(&m02, &v0), &v2), &v1),
                ]
            };
            for _ in 0..5_000 {
                let q: [[u64; 12]; 24] = core::array::from_fn(|k| match rng.next_u32() % 8 {
                    0 => [0; 12],
                    1 => if k % 2 == 1 { max_i } else { max_r },
                    _ => {
                        let t = super::join(&core::array::from_fn(|_| rng.next_u64()), &coefficient(&mut rng));
                        if k % 2 == 1 && sub_n(&t, &p2x8).1 == 0 { sub_n(&t, &p2x8).0.map(|l| l >> 4) } else { t }
                    }
                });
                let g = |k: usize| [one(&q[2 * k]), one(&q[2 * k + 1])];
                let t = fp6(&g, 0);
                let m = fp6(&g, 6);
                let vt = [xi(&t[2]), t[0], t[1]];
                let c0: [F2; 3] = core::array::from_fn(|i| sub2(&sub2(&m[i], &t[i]), &vt[i]));
                let c1: [F2; 3] = core::array::from_fn(|i| add2(&t[i], &t[i]));
                let want: [[u64; 6]; 12] = core::array::from_fn(|i| if i < 6 { c0[i / 2][i % 2] } else { c1[(i - 6) / 2][i % 2] });
                assert_eq!(portable::fp12_sqr_reduce(&q), want, "portable");
                #[cfg(target_arch = "x86_64")]
                if adx {
                    let mut out = core::mem::MaybeUninit::<[[u64; 6]; 12]>::uninit();
                    // SAFETY: ADX and BMI2 checked; distinct locals.
                    let got = unsafe {
                        super::super::x86_64::fp12_sqr_reduce(out.as_mut_ptr(), &q, &super::FUSED);
                        out.assume_init()
                    };
                    assert_eq!(got, want, "x86_64");
                }
            }
        }

        #[test]
        fn cyclotomic_sqr_compressed_matches_reference() {
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6b61_7261);
            #[cfg(target_arch = "x86_64")]
            let adx = std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2");
            for _ in 0..20_000 {
                let g: [[u64; 6]; 8] = core::array::from_fn(|_| coefficient(&mut rng));
                let want = compressed_square_ref(&g);
                assert_eq!(portable::cyclotomic_sqr_compressed(&g), want, "portable {g:x?}");
                #[cfg(target_arch = "x86_64")]
                if adx {
                    let mut out = core::mem::MaybeUninit::<[[u64; 6]; 8]>::uninit();
                    // SAFETY: ADX and BMI2 checked; `out` is a distinct local.
                    let got = unsafe {
                        super::super::x86_64::cyclotomic_sqr_compressed(out.as_mut_ptr(), &g, &super::FUSED);
                        out.assume_init()
                    };
                    assert_eq!(got, want, "x86_64 {g:x?}");
                }
            }
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
