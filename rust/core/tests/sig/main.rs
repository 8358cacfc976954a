//! Integration tests of the BLS signature layer (`bls12_381_core::sig`), in
//! one test binary: `cargo test -p bls12-381-core --test sig`.
//!
//! - vectors.rs: every handler of ethereum/bls12-381-tests v0.1.2 (min-pk,
//!   Proof of Possession), read from vectors/bls12-381-tests-v0.1.2/,
//!   through the public API;
//! - against_blst.rs: all schemes of both variants against blst's
//!   `min_pk` / `min_sig` on random keys and messages (KeyGen, signatures
//!   byte for byte, verification verdicts, aggregates);
//! - errors.rs: the error cases (identity keys and signatures, points
//!   outside the subgroup, zero secret key, empty and mismatched inputs),
//!   and the secret keys' two byte orders;
//! - faces.rs: the cases Rust, C and OCaml answer alike
//!   (vectors/sig-faces/cases.txt), answered by the core and by blst.

#[macro_use]
#[path = "../fields/common.rs"]
mod common;

mod against_blst;
mod errors;
mod ethereum_files;
mod faces;
mod vectors;
