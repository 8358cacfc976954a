//! Integration tests of the fields and their limb kernels, in one test binary
//! (the workspace links tests with fat LTO, so every extra binary costs a
//! full link): `cargo test -p bls12-381-core --release --test fields`.
//!
//! - One generic suite of field laws (`laws`), instantiated per field by
//!   `field_suite!` in fp.rs, fr.rs, fp2.rs, fp6.rs and fp12.rs: the field
//!   axioms, powers, inversion, operators, encodings, square roots, and every
//!   operation blst also has against blst (raw FFI). At least 10 000 random
//!   cases per law or operation (ChaCha20 with fixed seeds) plus edge values.
//! - Per field, what only that field has: num-bigint models of its product,
//!   Frobenius powers, sparse products, known values.
//! - Encodings: round trips, every non-canonical class, wrong lengths.
//! - Known answers: vectors/ (see vectors/README.md).
//! - The portable Montgomery kernels, directly.
//!
//! Nothing here depends on which Montgomery kernel the process picked: the
//! suite is meant to run once as is and once with BLS12_381_BACKEND=portable.

#[macro_use]
mod common;
#[macro_use]
mod laws;

mod encoding;
mod fp;
mod fp12;
mod fp2;
mod fp6;
mod fr;
mod montgomery;
mod sqrt_vectors;
