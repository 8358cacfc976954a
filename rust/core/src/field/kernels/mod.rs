//! The fused tower and pairing kernels: the sums and reductions of the
//! Fp12 products (full, square, sparse by a line, the product of two
//! lines and f times it) from their double-width Fp2 products, the
//! cyclotomic squares (full and compressed) of the final exponentiation
//! and GT, and the Miller loop's doubling step with its line; and, on the
//! AVX-512 IFMA lanes, runs of G2 doublings (`g2_double_lanes.rs`, with
//! `available()` and no twin: without the lanes, the curve layer's
//! doubling runs).
//!
//! Each is one `asm!` block on x86_64 (`x86_64/`) with a portable twin
//! that follows the same steps (`portable.rs`, which checks the bounds by
//! debug assertions); `tests.rs` holds both against references written
//! with the plain Montgomery operations. The wrappers here choose between
//! them as `arith::fp` does (the x86_64 block when the ADX backend is in
//! use, [`fused_asm`]) and take field values (`Fp12`, `[Fp2; N]`, the
//! `Fp2Wide` products): the limb layouts stay in this module. The
//! portable twins sit out of line (`#[cold]`, `#[inline(never)]`) for the
//! reason given at `arith::fp`.

#[cfg(target_arch = "x86_64")]
pub(crate) mod g2_double_lanes;
mod portable;
#[cfg(test)]
mod tests;
#[cfg(target_arch = "x86_64")]
mod x86_64;

use super::fp2::Fp2Wide;
use super::{Fp, Fp12, Fp2, Fp6};
use crate::arith::dispatch;
use crate::arith::params::fp::{INV, MODULUS};
use crate::arith::Wide384;
use core::mem::MaybeUninit;

/// The product of two Miller-loop lines ([`Fp12::line_product`]): an Fp12
/// element with coefficient zero at position 3 (`w`), stored as its five
/// other Fp2 coefficients (positions 0, 1, 2 of `c0` and 1, 2 of `c1`).
/// Defined here, beside [`fp12_l2_reduce`], which writes it: `fp12.rs`
/// and the Miller loop take it from the kernels, so that the kernels
/// import nothing back from `fp12.rs`.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(crate) struct LineProduct {
    /// Position 0 (`c0.c0`).
    pub(crate) c0: Fp2,
    /// Position 1 (`c0.c1`).
    pub(crate) c1: Fp2,
    /// Position 2 (`c0.c2`).
    pub(crate) c2: Fp2,
    /// Position 4 (`c1.c1`).
    pub(crate) c4: Fp2,
    /// Position 5 (`c1.c2`).
    pub(crate) c5: Fp2,
}

impl LineProduct {
    /// As an Fp12 element.
    #[allow(clippy::wrong_self_convention)] // 480 bytes: read in place, as miller.rs's `Line::to_fp12`
    pub(crate) fn to_fp12(&self) -> Fp12 {
        Fp12 { c0: Fp6::new(self.c0, self.c1, self.c2), c1: Fp6::new(Fp2::ZERO, self.c4, self.c5) }
    }
}

/// The constants of the fused kernels (read by the x86_64 blocks, and by
/// the portable twins where they follow the same steps), in the layout the
/// assembly reads (byte offsets in brackets).
///
/// The `k*` are multiples of p added to double-width sums with negative
/// terms so that they stay non-negative without a conditional correction:
/// a Montgomery reduction only sees its input mod p, and any input below
/// `p 2^384` reduces to below `2p`. With `p ~ 1.626 * 2^380`:
/// `p 2^382 ~ 2.46 p^2`, `p 2^383 ~ 4.92 p^2`, `5p 2^381 ~ 6.15 p^2`,
/// and `p 2^384 ~ 9.84 p^2` is the ceiling.
#[repr(C)]
pub(crate) struct FusedConsts {
    /// p \[0\].
    pub(crate) p: [u64; 6],
    /// 2p \[48\].
    pub(crate) p2: [u64; 6],
    /// 4p \[96\] (below `2^383`).
    pub(crate) p4: [u64; 6],
    /// `p 2^382` \[144\].
    pub(crate) k382: [u64; 12],
    /// `p 2^383` \[240\].
    pub(crate) k383: [u64; 12],
    /// `5p 2^381` \[336\].
    pub(crate) k381x5: [u64; 12],
    /// `-p^-1 mod 2^64` \[432\].
    pub(crate) inv: u64,
    /// `k p` for `k = 0 .. 8` \[440 + 48 k\] (`8p < 2^384`).
    pub(crate) multiples: [[u64; 6]; 9],
}

impl FusedConsts {
    /// The table for the modulus `p < 2^381` (so that `5p`, `4p` fit 6 limbs
    /// and the shifted values 12) and its `inv`.
    pub(crate) const fn new(p: &[u64; 6], inv: u64) -> FusedConsts {
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

/// The constants of the fused kernels for p.
pub(crate) static FUSED: FusedConsts = FusedConsts::new(&MODULUS, INV);

/// Whether the fused kernels run as x86_64 blocks (the ADX backend) rather
/// than as their portable twins. Callers with a cheaper path for the
/// portable backend choose by it (`Fp12::mul_to`, the Miller loop's line
/// pairs).
#[inline(always)]
pub(crate) fn fused_asm() -> bool {
    crate::arith::backend() == crate::arith::LimbKernel::Adx
}

/// The Montgomery limbs of a value made of `N` consecutive Fp
/// coefficients.
///
/// # Safety
/// `T` must be laid out as `N` consecutive `Fp` (`repr(C)` over
/// `repr(C)`/`repr(transparent)` fields down to them, no padding), as
/// `[Fp2; N / 2]`, `[Fp; N]` and the tower types are.
#[inline(always)]
unsafe fn coeffs<T, const N: usize>(x: &T) -> &[[u64; 6]; N] {
    debug_assert_eq!(core::mem::size_of::<T>(), core::mem::size_of::<[Fp; N]>());
    // SAFETY: the layouts agree (the caller's contract); Fp is
    // repr(transparent) over [u64; 6].
    unsafe { &*(x as *const T as *const [[u64; 6]; N]) }
}

/// The same, mutable (for a state updated in place).
///
/// # Safety
/// As for [`coeffs`].
#[inline(always)]
unsafe fn coeffs_mut<T, const N: usize>(x: &mut T) -> &mut [[u64; 6]; N] {
    debug_assert_eq!(core::mem::size_of::<T>(), core::mem::size_of::<[Fp; N]>());
    // SAFETY: as in `coeffs`.
    unsafe { &mut *(x as *mut T as *mut [[u64; 6]; N]) }
}

/// The same for an output slot (every bit pattern of the limbs is a valid
/// value of `T`, so a kernel that writes all of them initialises it).
///
/// # Safety
/// As for [`coeffs`].
#[inline(always)]
unsafe fn coeffs_out<T, const N: usize>(x: &mut MaybeUninit<T>) -> &mut MaybeUninit<[[u64; 6]; N]> {
    debug_assert_eq!(core::mem::size_of::<T>(), core::mem::size_of::<[Fp; N]>());
    // SAFETY: as in `coeffs`.
    unsafe { &mut *(x as *mut MaybeUninit<T> as *mut MaybeUninit<[[u64; 6]; N]>) }
}

/// The compressed cyclotomic square (Karabina): from `g = (g2, g3, g4,
/// g5)`, coefficients below p, the next compressed form `(3 xi b1 + 2 g2,
/// 3 b0 - 2 g3, 3 c0 - 2 g4, 3 c1 + 2 g5)` with `b0 + b1 s = (g4 + g5 s)^2`,
/// `c0 + c1 s = (g2 + g3 s)^2` in Fp4 = Fp2[s] / (s^2 - xi), into `out`
/// (outputs below p). One block on x86_64
/// (`x86_64::cyclotomic_sqr_compressed`, which gives the bounds); the
/// portable twin follows the same steps.
#[inline(always)]
pub(crate) fn cyclotomic_sqr_compressed(g: &[Fp2; 4], out: &mut MaybeUninit<[Fp2; 4]>) {
    // SAFETY: [Fp2; 4] is eight consecutive Fp, in the kernel's order
    // g2.c0, g2.c1, g3.c0, ...; the kernel writes all of `out`.
    let (g, out) = unsafe { (coeffs::<_, 8>(g), coeffs_out::<_, 8>(out)) };
    dispatch!(x86_64::cyclotomic_sqr_compressed(out.as_mut_ptr(), g, &FUSED), {
        out.write(portable::cyclotomic_sqr_compressed(g));
    })
}

/// The cyclotomic square of `f` into `out`: the three Fp4 squares and
/// combinations of the module doc of `pairing::gt`, one block on x86_64
/// (`x86_64::cyclotomic_sqr`); valid only in the cyclotomic subgroup.
#[inline(always)]
pub(crate) fn cyclotomic_sqr(f: &Fp12, out: &mut MaybeUninit<Fp12>) {
    // SAFETY: Fp12 is twelve consecutive Fp in tower order; the kernel
    // writes all of `out`.
    let (f, out) = unsafe { (coeffs::<_, 12>(f), coeffs_out::<_, 12>(out)) };
    dispatch!(x86_64::cyclotomic_sqr(out.as_mut_ptr(), f, &FUSED), {
        out.write(portable::cyclotomic_sqr(f));
    })
}

/// The Miller-loop doubling step with its tangent evaluated at P: `s`
/// holds `(X, Y, Z, -3 xp, 2 yp)` (T in homogeneous coordinates, three
/// Fp2, and two constants of P, every coefficient below p); T becomes 2T
/// (`X' = (X Y / 2)(B - F)`, `Y' = ((B + F) / 2)^2 - 3 E^2`,
/// `Z' = 2 B Y Z` with `B = Y^2`, `E = 12 xi Z^2`, `F = 3E`) and the line
/// `(B - E, -3 xp X^2, 2 yp Y Z)` is written to `line`. One block on
/// x86_64 (`x86_64::miller_double`, which gives the bounds); the portable
/// twin follows the same steps.
#[inline(always)]
pub(crate) fn miller_double(s: &mut [Fp; 8], line: &mut MaybeUninit<[Fp2; 3]>) {
    // SAFETY: [Fp; 8] is eight Fp, [Fp2; 3] six; the kernel writes all of
    // `line`.
    let (s, line) = unsafe { (coeffs_mut::<_, 8>(s), coeffs_out::<_, 6>(line)) };
    dispatch!(x86_64::miller_double(line.as_mut_ptr(), s, &FUSED), {
        line.write(portable::miller_double(s));
    })
}

/// The Miller-loop doubling step on T in Jacobian coordinates, with its
/// tangent evaluated at P, both scaled as blst scales them: `s` holds
/// `(X, Y, Z^3, Z, -6 xp, 4 yp)` (T = (X : Y : Z), x = X / Z^2, y = Y /
/// Z^3; four Fp2 and two constants of P, every coefficient below p); T
/// becomes 2T with `Z' = 2 Y Z` (`X' = X (B - F)`, `Y' = 4 (G^2 - E F)`,
/// `Z'^3 = 8 B Y Z^3` with `B = Y^2`, `E = 12 xi Z^6`, `F = 3E`,
/// `G = (B + F) / 2`) and the line `(2 (B - E), -6 xp (X Z)^2,
/// 4 yp Y Z^3)` is written to `line`. One block on x86_64
/// (`x86_64::miller_double_jacobian`, which gives the bounds); the
/// portable twin follows the same steps.
#[inline(always)]
pub(crate) fn miller_double_jacobian(s: &mut [Fp; 10], line: &mut MaybeUninit<[Fp2; 3]>) {
    // SAFETY: [Fp; 10] is ten Fp, [Fp2; 3] six; the kernel writes all of
    // `line`.
    let (s, line) = unsafe { (coeffs_mut::<_, 10>(s), coeffs_out::<_, 6>(line)) };
    dispatch!(x86_64::miller_double_jacobian(line.as_mut_ptr(), s, &FUSED), {
        line.write(portable::miller_double_jacobian(s));
    })
}

/// The wrappers of the kernels that combine and reduce double-width Fp2
/// products: `q` holds `$n` of them (`[Fp2Wide; $n]` is `[Wide384; 2 $n]`,
/// Fp2Wide being repr(C) over two Wide384), `out` receives `$m` Fp
/// coefficients (the layout of `$out`).
macro_rules! reduce_kernels {
    ($($(#[$doc:meta])* fn $name:ident($n:literal) -> $out:ty, $m:literal;)*) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// `q` must be valid for reads, `out` for a write (it may be
        /// uninitialised); they must not overlap.
        #[inline(always)]
        pub(crate) unsafe fn $name(q: *const [Fp2Wide; $n], out: *mut $out) {
            let (q, out) = (q as *const [Wide384; 2 * $n], out as *mut [[u64; 6]; $m]);
            dispatch!(x86_64::$name(out, q, &FUSED), {
                // SAFETY: the caller provides `q` and a writable `out`.
                unsafe { out.write(portable::$name(&*q)) }
            })
        }
    )*};
}

reduce_kernels! {
    /// The combination and reduction of `Fp12::square` (complex squaring):
    /// from the 12 double-width Fp2 products at `q` (those of `a0 a1`,
    /// then of `(a0 + a1)(a0 + v a1)`, Karatsuba order; formulas at
    /// `x86_64::fp12_sqr_reduce`, each part below `p 2^384`) the square,
    /// coefficients below p, into `out`. One block on x86_64, the same
    /// signed sums in the portable twin.
    fn fp12_sqr_reduce(12) -> Fp12, 12;

    /// The combination and reduction of `Fp12::mul_by_014`: from the 13
    /// double-width Fp2 products at `q` (order and formulas at
    /// `x86_64::fp12_m014_reduce`; each part below `p 2^384`) the product,
    /// coefficients below p, into `out`. One block on x86_64, the same
    /// signed sums in the portable twin.
    fn fp12_m014_reduce(13) -> Fp12, 12;

    /// The combination and reduction of `Fp12::line_product` (the product
    /// of two lines): from the 6 double-width Fp2 products at `q` (order
    /// and formulas at `x86_64::fp12_l2_reduce`; each part below
    /// `p 2^384`) the five nonzero Fp2 coefficients, below p, into `out`.
    /// One block on x86_64, the same signed sums in the portable twin.
    fn fp12_l2_reduce(6) -> LineProduct, 10;

    /// The combination and reduction of `Fp12::mul_by_line_product`: from
    /// the 17 double-width Fp2 products at `q` (order, formulas and bounds
    /// at `x86_64::fp12_m01245_reduce`; they hold only for the products
    /// of reduced factors listed there) the product, coefficients below p,
    /// into `out`. One block on x86_64, the same sums in the portable twin.
    fn fp12_m01245_reduce(17) -> Fp12, 12;

    /// The combination and reduction of `Fp12::mul` (the full product,
    /// Karatsuba over Fp6): from the 18 double-width Fp2 products at `q`
    /// (order, formulas and bounds at `x86_64::fp12_mul_reduce`; they hold
    /// only for the products of reduced factors listed there) the product,
    /// coefficients below p, into `out`. One block on x86_64, the same
    /// sums in the portable twin.
    fn fp12_mul_reduce(18) -> Fp12, 12;
}
