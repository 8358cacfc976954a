//! Integration tests of the fields and their limb kernels, in one test binary
//! (the workspace links tests with fat LTO, so every extra binary costs a
//! full link): `cargo test -p bls12-381-core --release --test fields`.
//!
//! - Differential tests against blst (raw FFI) for every operation of Fp, Fr,
//!   Fp2 and Fp12 that blst has; num-bigint references and algebraic
//!   identities for the rest (pow, legendre, Fp6, sparse products, Frobenius
//!   powers). At least 10 000 random cases per operation (ChaCha20 with fixed
//!   seeds) plus edge values.
//! - Encodings: round trips, every non-canonical class, wrong lengths.
//! - Known answers: tests/vectors (see tests/vectors/README.md).
//! - The portable Montgomery kernels, directly.
//!
//! Nothing here depends on which Montgomery kernel the process picked: the
//! suite is meant to run once as is and once with BLS12_381_BACKEND=portable.

#[macro_use]
mod common;

mod encoding;
mod fp;
mod fp12;
mod fp2;
mod fp6;
mod fr;
mod montgomery;
mod sqrt_vectors;
