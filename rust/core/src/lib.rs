//! # bls12-381-core
//!
//! The mathematics of BLS12-381: the base field Fp and its tower
//! Fp2 / Fp6 / Fp12, the scalar field Fr, the groups G1 and G2, the
//! optimal ate pairing and its target group GT, multi-scalar
//! multiplication, and BLS signatures on them (module [`sig`]).
//!
//! Conventions:
//! - Field elements live in Montgomery form; the encodings are canonical
//!   integers (Fp: 48 bytes big-endian; Fr: 32 bytes little-endian; Fp12: 12
//!   x 48-byte little-endian coefficients in tower order, as ocaml-bls12-381).
//! - Every decoder rejects non-canonical input with a typed [`Error`].
//! - Operations are constant time unless their name ends in `_vartime`.
//! - The limb kernels are chosen at run time (ADX/BMI2 assembly on x86_64
//!   CPUs that have it, portable Rust otherwise); `BLS12_381_BACKEND=portable`
//!   in the environment forces the portable kernels. [`backend()`] says
//!   which limb and lane kernels run.
//!
//! Multi-scalar multiplication on G1 and G2 is in [`msm`], and the
//! multi-exponentiation in GT, the same bucket method, in [`msm::gt`].
//!
//! The feature `internals` makes the limb layer (`arith`), the MSM lanes,
//! the curves' hooks (`curve::CurveHooks`) and the tuning probes public,
//! for the benchmarks and the tests; they are not part of the API and may
//! change in any release.
//!
//! The feature `metering` counts calls of and time in a list of
//! procedures (module `meter`, docs/METERING.md); without it the compiled
//! code is the same as if the counting were not written.

#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

// First: its macros serve every module below.
#[cfg(feature = "metering")]
#[macro_use]
pub mod meter;
#[cfg(not(feature = "metering"))]
#[macro_use]
mod meter;
#[cfg(feature = "internals")]
pub mod arith;
#[cfg(not(feature = "internals"))]
mod arith;
mod backend;
pub mod curve;
mod error;
pub mod fft;
pub mod field;
pub mod hash_to_curve;
pub mod msm;
pub mod pairing;
pub mod sig;

/// The limb kernel of the field operations ([`Backend::limbs`]).
pub use arith::LimbKernel;
pub use backend::{backend, Backend};
pub use curve::{G1Affine, G1Projective, G2Affine, G2Projective};
pub use error::Error;
pub use field::{Fp, Fp12, Fp2, Fp6, Fr};
pub use pairing::{
    final_exponentiation, miller_loop, miller_loop_mixed, miller_loop_prepared, pairing, pairing_check,
    pairing_check_g2_checked_vartime, try_pairing, G2Prepared, Gt,
};
