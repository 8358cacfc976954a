//! Batch verification of independent signatures with random scalars.
//!
//! n sets (pk_i, m_i, sig_i), each valid when e(pk_i, H_i) = e(g, sig_i)
//! (H_i the hash of m_i, or of pk_i || m_i for Aug). With nonzero scalars
//! c_i the n equations are checked at once as
//!
//! ```text
//! prod_i e(c_i pk_i, H_i) * e(-g, sum_i c_i sig_i) = 1
//! ```
//!
//! (for MinSig the scalar multiplies H_i, the G1 side of its pair; either
//! way e(c P, Q) = e(P, Q)^c): n + 1 pairs in one Miller loop, one final
//! exponentiation, one multi-scalar multiplication in the signature group
//! and n short scalar multiplications in G1, instead of n two-pair checks.
//!
//! Soundness: write e(pk_i, H_i) / e(g, sig_i) = e(g1, g2)^(d_i) (the
//! signatures are first checked to lie in their subgroup, so each ratio
//! is in GT); the batch passes iff sum_i c_i d_i = 0 mod r. If some d_j is
//! nonzero, then for any fixed values of the other scalars exactly one
//! value of c_j mod r satisfies it, so over c_j uniform in [1, 2^128) the
//! batch passes with probability at most 2^-127 (and the subgroup checks
//! are what make each ratio an element of order dividing r: without them
//! a small-order component in sig_i would survive with probability
//! 1/(its order) instead).
//!
//! The scalars come either from the caller's RNG ([`random_scalar`]) or
//! from SHA-256 over everything the batch verifies ([`derived_scalars`]):
//! the transcript fixes the signatures before the scalars exist, so a
//! forger must search about 2^127 transcripts. Variable time: all the data
//! are public.

use super::PublicKey;
use super::{hashed, subgroup_check_all, Scheme, Signature, Variant};
use crate::curve::{Affine, G1Projective};
use crate::field::Fr;
use crate::Error;
use sha2::{Digest, Sha256};

/// Domain separation of the transcript hashed by [`derived_scalars`].
const TRANSCRIPT_TAG: &[u8] = b"bls12-381-rust batch verification scalars v1";

/// A uniform nonzero scalar below 2^128 from `rng`.
pub(super) fn random_scalar(rng: &mut impl rand_core::RngCore) -> Fr {
    loop {
        let mut b = [0u8; 16];
        rng.fill_bytes(&mut b);
        let c = Fr::from_le_bytes_reduced(&b);
        if !bool::from(c.is_zero()) {
            return c;
        }
    }
}

/// The n scalars of the derived batch: T = SHA-256(tag || len(dst) || dst
/// || len(seed) || seed || n || for each set: pk || len(m) || m || sig),
/// lengths and n as 8-byte big-endian integers, keys and signatures
/// compressed; then c_i = the first 16 bytes of SHA-256(T || i) as a
/// little-endian integer, replaced by 1 if zero.
pub(super) fn derived_scalars<V: Variant, S: Scheme>(
    sets: &[(PublicKey<V>, &[u8], Signature<V>)],
    seed: &[u8],
) -> Vec<Fr> {
    let len = |n: usize| (n as u64).to_be_bytes();
    let dst = S::dst::<V>();
    let mut h = Sha256::new();
    h.update(TRANSCRIPT_TAG);
    h.update(len(dst.len()));
    h.update(dst);
    h.update(len(seed.len()));
    h.update(seed);
    h.update(len(sets.len()));
    for (pk, m, sig) in sets {
        h.update(pk.to_bytes());
        h.update(len(m.len()));
        h.update(m);
        h.update(sig.to_bytes());
    }
    let t = h.finalize();
    (0..sets.len())
        .map(|i| {
            let d = Sha256::new().chain_update(t).chain_update(len(i)).finalize();
            let c = Fr::from_le_bytes_reduced(&d[..16]);
            if bool::from(c.is_zero()) {
                Fr::ONE
            } else {
                c
            }
        })
        .collect()
}

/// The batch check of the module documentation with the scalars
/// `scalar(0), ..., scalar(n - 1)` (each nonzero).
pub(super) fn verify<V: Variant, S: Scheme>(
    sets: &[(PublicKey<V>, &[u8], Signature<V>)],
    scalar: impl FnMut(usize) -> Fr,
) -> Result<(), Error> {
    if sets.is_empty() {
        return Err(Error::EmptyInput);
    }
    let sigs: Vec<Signature<V>> = sets.iter().map(|s| s.2).collect();
    subgroup_check_all(&sigs)?;
    let scalars: Vec<Fr> = (0..sets.len()).map(scalar).collect();
    let dst = S::dst::<V>();
    let mut g1: Vec<G1Projective> = Vec::with_capacity(sets.len());
    let mut g2 = Vec::with_capacity(sets.len());
    for ((pk, m, _), c) in sets.iter().zip(&scalars) {
        let h = hashed::<V>(&S::message(pk, m), dst);
        let (p, q) = V::pair(&pk.0, &h);
        g1.push(p.to_projective().mul_vartime(c));
        g2.push(q);
    }
    let pairs = G1Projective::batch_normalize(&g1).into_iter().zip(g2).collect();
    let points: Vec<Affine<V::SigCurve>> = sigs.iter().map(|s| s.point).collect();
    let sum = crate::msm::msm_vartime(&points, &scalars)?.to_affine_vartime();
    if V::check(pairs, &sum, false)? {
        Ok(())
    } else {
        Err(Error::InvalidSignature)
    }
}
