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

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn from_refs(x: &[&Fp]) -> $t {
                debug_assert_eq!(x.len(), $n);
                // SAFETY (in every method): the kernel's features are enabled
                // here.
                unsafe { $k::from_fp_refs(core::array::from_fn(|k| &x[k].0)) }
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn to_base(&self) -> [Fp; MAX_LANES] {
                let v = unsafe { $k::to_fp(self) };
                core::array::from_fn(|k| if k < $n { Fp(v[k % $n]) } else { Fp::ZERO })
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn from_raw(x: &[&Fp]) -> $t {
                debug_assert_eq!(x.len(), $n);
                unsafe { $k::from_raw_refs(core::array::from_fn(|k| &x[k].0)) }
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn to_raw(&self, out: &[*mut Fp]) {
                debug_assert_eq!(out.len(), $n);
                // An `Fp` is its six words (`repr(transparent)`); the
                // caller's promise on `out`.
                unsafe { $k::to_raw_ptrs(self, core::array::from_fn(|k| out[k] as *mut [u64; 6])) }
            }

            fn negate_raw(y: &Fp) -> Fp {
                negate_raw(y)
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn add(a: &$t, b: &$t) -> $t {
                unsafe { $k::add(a, b) }
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn sub(a: &$t, b: &$t) -> $t {
                unsafe { $k::sub(a, b) }
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn reduce(a: &$t) -> $t {
                unsafe { $k::reduce(a) }
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn mul(out: &mut $t, a: &$t, b: &$t) {
                unsafe { $k::mul(out, a, b) }
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn mul_assign(a: &mut $t, b: &$t) {
                unsafe { $k::mul_assign(a, b) }
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn sqr(out: &mut $t, a: &$t) {
                unsafe { $k::sqr(out, a) }
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn is_zero(a: &$t) -> u8 {
                unsafe { $k::is_zero(a) }
            }

            #[inline]
            #[target_feature(enable = $feat)]
            unsafe fn select(mask: u8, a: &$t, b: &$t) -> $t {
                unsafe { $k::select(mask, a, b) }
            }

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
