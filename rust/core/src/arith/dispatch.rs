//! The kernel modules of the two moduli, [`fp`] (p, 6 limbs) and [`fr`]
//! (r, 4 limbs): each operation the fields use, as a wrapper that runs the
//! x86_64 kernel when it was selected (see the parent module) and the
//! portable one otherwise.
//!
//! The wrappers of the two moduli that have the same shape (the Montgomery
//! product and square, the additions, for `fp` also the double-width ones)
//! are written by one macro, [`modulus_kernels!`], from the pair of
//! kernels of each; the others (Fp2 products into an output slot, batched
//! reductions, the exponentiation step) are written out.

#[cfg(target_arch = "x86_64")]
use super::x86_64;
use super::{montgomery, Wide384};

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

/// A kernel module over one modulus (its limb constants `MODULUS`, `INV`
/// from `arith::params::$params`): for each `fn` with an `x86_64:` kernel,
/// an `#[inline(always)]` wrapper that [`dispatch!`]es between it and a
/// portable twin of the same name in the inner module `portable`, whose
/// body is the `portable:` expression and whose attributes are the
/// module's `twins` ones (in brackets); a `fn` without an `x86_64:` kernel is the
/// portable expression, inlined (no dispatch). The items after `more` go
/// into the module as they are, those after `portable` into `portable`
/// (more twins).
macro_rules! modulus_kernels {
    (
        $(#[$mdoc:meta])*
        mod $m:ident($params:ident), twins $twins:tt;
        $(
            $(#[$doc:meta])*
            fn $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)? {
                $(x86_64: $adx:expr,)?
                portable: $portable:expr $(,)?
            }
        )*
        more { $($item:item)* }
        portable { $($twin_item:item)* }
    ) => {
        $(#[$mdoc])*
        pub(crate) mod $m {
            use super::*;
            use crate::arith::params::$params::{INV, MODULUS};

            $(
                modulus_kernels!(@wrapper [$(#[$doc])*] $name [$($arg: $ty),*] [$($ret)?] [$($adx)?] $portable);
            )*

            $($item)*

            /// The portable twins of the wrappers above.
            mod portable {
                use super::*;

                $(
                    modulus_kernels!(@twin $twins $name [$($arg: $ty),*] [$($ret)?] [$($adx)?] $portable);
                )*

                $($twin_item)*
            }
        }
    };
    (@wrapper [$(#[$doc:meta])*] $name:ident [$($arg:ident: $ty:ty),*] [$($ret:ty)?] [$adx:expr] $portable:expr) => {
        $(#[$doc])*
        #[inline(always)]
        pub(crate) fn $name($($arg: $ty),*) $(-> $ret)? {
            dispatch!($adx, portable::$name($($arg),*))
        }
    };
    (@wrapper [$(#[$doc:meta])*] $name:ident [$($arg:ident: $ty:ty),*] [$($ret:ty)?] [] $portable:expr) => {
        $(#[$doc])*
        #[inline(always)]
        pub(crate) fn $name($($arg: $ty),*) $(-> $ret)? {
            $portable
        }
    };
    (@twin [$(#[$twin:meta])*] $name:ident [$($arg:ident: $ty:ty),*] [$($ret:ty)?] [$adx:expr] $portable:expr) => {
        $(#[$twin])*
        pub(super) fn $name($($arg: $ty),*) $(-> $ret)? {
            $portable
        }
    };
    (@twin [$(#[$twin:meta])*] $name:ident [$($arg:ident: $ty:ty),*] [$($ret:ty)?] [] $portable:expr) => {};
}

modulus_kernels! {
    /// Kernels over the base-field modulus p (6 limbs).
    ///
    /// The portable twins sit out of line (`portable`, `#[cold]`): these
    /// dispatchers are inlined many times into the tower's products, and
    /// an inlined portable body beside each asm block made those functions
    /// several times larger and spilled their registers. The portable
    /// backend pays one call per kernel.
    mod fp(fp), twins [#[cold] #[inline(never)]];

    /// `a b / 2^384 mod p` (Montgomery form), for `a, b < p`.
    fn mul(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        x86_64: x86_64::mul_mont_384(a, b, &MODULUS, INV),
        portable: montgomery::mul_mont(a, b, &MODULUS, INV),
    }

    /// `a^2 / 2^384 mod p` (Montgomery form), for `a < p`.
    fn sqr(a: &[u64; 6]) -> [u64; 6] {
        x86_64: x86_64::sqr_mont_384(a, &MODULUS, INV),
        portable: montgomery::sqr_mont(a, &MODULUS, INV),
    }

    /// `a + b mod p` for `a, b < p`.
    fn add(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        x86_64: x86_64::add_mod_384(a, b, &MODULUS),
        portable: montgomery::add_mod(a, b, &MODULUS),
    }

    /// `a - b mod p` for `a, b < p`.
    fn sub(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        x86_64: x86_64::sub_mod_384(a, b, &MODULUS),
        portable: montgomery::sub_mod(a, b, &MODULUS),
    }

    /// `a += b mod p * 2^384` for `a, b < p * 2^384` (lazy reduction).
    fn add_wide_assign(a: &mut Wide384, b: &Wide384) {
        x86_64: x86_64::add_mod_768_assign(a, b, &MODULUS),
        portable: montgomery::add_mod_wide_assign(a, b, &MODULUS),
    }

    /// `a -= b mod p * 2^384` for `a, b < p * 2^384` (lazy reduction).
    fn sub_wide_assign(a: &mut Wide384, b: &Wide384) {
        x86_64: x86_64::sub_mod_768_assign(a, b, &MODULUS),
        portable: montgomery::sub_mod_wide_assign(a, b, &MODULUS),
    }

    /// `a += b` for `a + b < 2^768` (exact, no modular correction).
    fn add_wide_exact_assign(a: &mut Wide384, b: &Wide384) {
        x86_64: x86_64::add_768_exact_assign(a.as_mut_ptr(), b),
        portable: {
            let (s, c) = montgomery::add_n(a, b);
            debug_assert_eq!(c, 0);
            *a = s;
        },
    }

    /// `a -= b` for `a >= b` (exact, no modular correction).
    fn sub_wide_exact_assign(a: &mut Wide384, b: &Wide384) {
        x86_64: x86_64::sub_768_exact_assign(a.as_mut_ptr(), b),
        portable: {
            let (d, bw) = montgomery::sub_n(a, b);
            debug_assert_eq!(bw, 0);
            *a = d;
        },
    }

    /// Full 768-bit product of two 384-bit values (any values below 2^384).
    fn mul_wide(a: &[u64; 6], b: &[u64; 6]) -> Wide384 {
        x86_64: x86_64::mul_384(a, b),
        portable: {
            let (lo, hi) = montgomery::mul_wide(a, b);
            join(&lo, &hi)
        },
    }

    /// Montgomery reduction `t / 2^384 mod p` for `t < p * 2^384`.
    fn redc(t: &Wide384) -> [u64; 6] {
        x86_64: x86_64::redc_mont_384(t, &MODULUS, INV),
        portable: {
            let (lo, hi) = split(t);
            montgomery::redc(&lo, &hi, &MODULUS, INV)
        },
    }

    more {
        /// `a[i]^(2^n) * b[i]` (Montgomery form) for `N` independent values in
        /// lockstep, behind a single dispatch: the step of exponentiation
        /// chains. The x86_64 kernel squares without the final subtraction
        /// (values stay below `2p`) and the products reduce. The chains of
        /// squarings are serial (each square waits for the previous one), so
        /// interleaving independent chains lets the core overlap them.
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

        /// `lo + hi 2^384` as one double-width value.
        #[inline(always)]
        pub(crate) fn join(lo: &[u64; 6], hi: &[u64; 6]) -> Wide384 {
            let mut t = [0u64; 12];
            t[..6].copy_from_slice(lo);
            t[6..].copy_from_slice(hi);
            t
        }

        /// The low and high halves of a double-width value.
        #[inline(always)]
        pub(crate) fn split(t: &Wide384) -> ([u64; 6], [u64; 6]) {
            let mut lo = [0u64; 6];
            let mut hi = [0u64; 6];
            lo.copy_from_slice(&t[..6]);
            hi.copy_from_slice(&t[6..]);
            (lo, hi)
        }
    }

    portable {
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
}

modulus_kernels! {
    /// Kernels over the scalar-field modulus r (4 limbs). The portable
    /// twins are inlined here: no tower is built on Fr, so there is no
    /// large caller for them to swell.
    mod fr(fr), twins [#[inline(always)]];

    /// `a b / 2^256 mod r` (Montgomery form), for `a, b < r`.
    fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        x86_64: x86_64::mul_mont_256(a, b, &MODULUS, INV),
        portable: montgomery::mul_mont(a, b, &MODULUS, INV),
    }

    /// `a^2 / 2^256 mod r` (Montgomery form), for `a < r`.
    fn sqr(a: &[u64; 4]) -> [u64; 4] {
        x86_64: x86_64::sqr_mont_256(a, &MODULUS, INV),
        portable: montgomery::sqr_mont(a, &MODULUS, INV),
    }

    /// `a + b mod r` (portable only: Fr additions are not on a hot path).
    fn add(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        portable: montgomery::add_mod(a, b, &MODULUS),
    }

    /// `a - b mod r`.
    fn sub(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        portable: montgomery::sub_mod(a, b, &MODULUS),
    }

    more {}
    portable {}
}
