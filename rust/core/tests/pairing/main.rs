//! Integration tests of the pairing and GT, in one test binary:
//! `cargo test -p bls12-381-core --release --test pairing`.
//!
//! - Known answers: e(G1, G2) (vectors/e_g1_g2.json).
//! - Differential against blst (raw FFI): Miller loop followed by the final
//!   exponentiation, the final exponentiation alone, GT exponentiation
//!   against square and multiply on blst's Fp12 product; the Miller loop's
//!   value itself, equal to blst's for one pair, several pairs, identity
//!   pairs and prepared G2 points (raw_miller_loop.rs), and off the
//!   subgroups (small_order.rs).
//! - Properties: bilinearity, non-degeneracy, pairing_check, GT membership.
//! - End to end: the BLS signature vectors of ethereum/bls12-381-tests
//!   v0.1.2 through a test-side POP scheme (bls_signatures.rs), and
//!   ocaml-bls12-381's pairing / Miller-loop / e(G1, G2) regression values
//!   (regression.rs).

#[macro_use]
#[path = "../fields/common.rs"]
mod common;
#[path = "../sig/ethereum_files.rs"]
mod ethereum_files;
#[path = "../curves/points.rs"]
mod points;

mod bls_signatures;
mod differential;
mod gt;
mod multiexp;
mod properties;
mod raw_miller_loop;
mod regression;
mod small_order;
