//! G1's coordinates on the lane kernels: [`LaneField`] for
//! [`avx2::FpX4`] (four lanes, AVX2), [`avx512f::FpX8F`] (the same kernel
//! on eight lanes, AVX-512F) and [`avx512_ifma::FpX8Ifma`] (eight lanes, AVX-512
//! IFMA), each method one call of the kernel's function of the same name.
//!
//! # Bounds
//!
//! AVX2 ([`avx2`]): products need `a b < p 2^390` and give below `2p`;
//! [`BatchAdd`] feeds them at most `6p` times `2p` (`3 x^2`, or a
//! difference below `5.01p`, times a product); the subtrahends of `sub`
//! are below `2.46p` (reduced values and sums of two). AVX-512F
//! ([`avx512f`]): the same kernel, the same bounds.
//!
//! IFMA ([`avx512_ifma`]): products take operands below `2^398` (about
//! `2^17 p`) and give below `2p`; `sub` adds `16p` and takes a subtrahend
//! below `2^384` (`9.8p`) and a minuend below `2^415`; `reduce` takes
//! values below `2^390`. Every operand the lane path gives the AVX2
//! kernel is within these bounds too (AVX2 lane values are below
//! `2^390`, its subtrahends below `2.46p`), so the same algorithms
//! (batch.rs, g2.rs, subgroup.rs) run on both; a difference is below
//! `17.01p` here instead of `5.01p`, still far inside the products'
//! bound.
//!
//! [`BatchAdd`]: super::BatchAdd
#![allow(clippy::missing_safety_doc)]

use super::batch::{LaneField, MAX_LANES};
use super::forms::negate_raw;
use crate::arith::avx2::{self, FpX4};
use crate::arith::avx512_ifma::{self, FpX8Ifma};
use crate::arith::avx512f::{self, FpX8F};
use crate::curve::G1;
use crate::Fp;

/// [`LaneField`] for the Fp lanes of kernel module `$k` (vector type
/// `$t`, `$n` lanes, target features `$feat`).
macro_rules! fp_lanes {
    // Methods with the kernel's features enabled, each the kernel's
    // function of the same name on the same arguments.
    (@fwd $k:ident, $feat:literal; $($f:ident($($a:ident: $ty:ty),*) $(-> $r:ty)?;)*) => {$(
        #[inline]
        #[target_feature(enable = $feat)]
        unsafe fn $f($($a: $ty),*) $(-> $r)? {
            // SAFETY: the kernel's features are enabled here.
            unsafe { $k::$f($($a),*) }
        }
    )*};
    // The vector of the `$n` elements at `x`, by the kernel's `$from`
    // (from the Montgomery forms, or from raw values below 2p).
    (@gather $k:ident, $feat:literal, $t:ty, $n:literal; $($f:ident via $from:ident;)*) => {$(
        #[inline]
        #[target_feature(enable = $feat)]
        unsafe fn $f(x: &[&Fp]) -> $t {
            debug_assert_eq!(x.len(), $n);
            // SAFETY: the kernel's features are enabled here.
            unsafe { $k::$from(core::array::from_fn(|k| &x[k].0)) }
        }
    )*};
    ($t:ty, $k:ident, $n:literal, $feat:literal, $available:expr) => {
        impl LaneField for $t {
            type Curve = G1;
            type Norm = $t;
            const LANES: usize = $n;
            const ZERO: $t = <$t>::ZERO;
            const ONE: $t = <$t>::ONE;

            fn available() -> bool {
                $available
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn enter<R>(f: impl FnOnce() -> R) -> R {
                f()
            }

            fp_lanes!(@gather $k, $feat, $t, $n;
                from_refs via from_fp_refs;
                from_raw via from_raw_refs;
            );

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn to_base(&self) -> [Fp; MAX_LANES] {
                // SAFETY: the kernel's features are enabled here.
                let v = unsafe { $k::to_fp(self) };
                core::array::from_fn(|k| if k < $n { Fp(v[k % $n]) } else { Fp::ZERO })
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn to_raw(&self, out: &[*mut Fp]) {
                debug_assert_eq!(out.len(), $n);
                // SAFETY: the kernel's features are enabled here. An `Fp`
                // is its six words (`repr(transparent)`); the caller's
                // promise on `out`.
                unsafe { $k::to_raw_ptrs(self, core::array::from_fn(|k| out[k] as *mut [u64; 6])) }
            }

            fn negate_raw(y: &Fp) -> Fp {
                negate_raw(y)
            }

            fp_lanes!(@fwd $k, $feat;
                add(a: &$t, b: &$t) -> $t;
                sub(a: &$t, b: &$t) -> $t;
                reduce(a: &$t) -> $t;
                mul(out: &mut $t, a: &$t, b: &$t);
                mul_assign(a: &mut $t, b: &$t);
                sqr(out: &mut $t, a: &$t);
                is_zero(a: &$t) -> u8;
                select(mask: u8, a: &$t, b: &$t) -> $t;
            );

            #[inline]
            unsafe fn norm(d: &$t) -> $t {
                *d
            }

            #[inline]
            unsafe fn over_norm(_d: &$t, ninv: &$t) -> $t {
                *ninv
            }

            const NORM_IS_SELF: bool = true;
        }
    };
}

fp_lanes!(FpX4, avx2, 4, "avx2", avx2::available());
fp_lanes!(FpX8F, avx512f, 8, "avx2,avx512f", avx512f::available());
fp_lanes!(FpX8Ifma, avx512_ifma, 8, "avx2,avx512f,avx512ifma", avx512_ifma::available());
