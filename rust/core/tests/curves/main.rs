//! Integration tests of G1 and G2, in one test binary:
//! `cargo test -p bls12-381-core --release --test curves`.
//!
//! - Differential tests against blst (raw FFI): group operations, scalar
//!   multiplication, encodings, subgroup checks, hash to curve. At least
//!   10 000 random cases per operation (ChaCha20 with fixed seeds) plus edge
//!   cases (identity, P + P, P - P, points outside the subgroup).
//! - Known answers: vectors/ (see vectors/README.md).

#[macro_use]
#[path = "../fields/common.rs"]
mod common;
mod points;

mod encoding;
mod group;
mod hash_to_curve;
mod scalar_mul;
mod subgroup;
