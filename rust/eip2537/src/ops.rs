//! The seven operations on checked-length inputs: decode, compute, encode.
//!
//! Each returns the output bytes; the gas is added by the caller
//! ([`crate::Precompile::run`]). Inputs are decoded in order, so the error
//! is that of the first faulty field element or point.

use crate::codec::{self, split2, FP2_LEN, FP_LEN, G1_LEN, G2_LEN, SCALAR_LEN};
use crate::Error;
use bls12_381_core::curve::{Affine, Jacobian};
use bls12_381_core::msm::{batch_is_torsion_free, msm_vartime_with_threads, MsmCurve};
use bls12_381_core::{pairing_check_g2_checked_vartime, Fr, G1Affine, G1Projective, G2Affine, G2Projective};

/// Bytes of one G1MSM pair (point, scalar).
pub const G1_MSM_PAIR: usize = G1_LEN + SCALAR_LEN;
/// Bytes of one G2MSM pair.
pub const G2_MSM_PAIR: usize = G2_LEN + SCALAR_LEN;
/// Bytes of one PAIRING_CHECK pair (G1 point, G2 point).
pub const PAIRING_PAIR: usize = G1_LEN + G2_LEN;

/// `input` as an array of exactly `N` bytes.
fn exact<const N: usize>(input: &[u8]) -> Result<&[u8; N], Error> {
    input.try_into().map_err(|_| Error::InvalidInputLength { expected: N, got: input.len(), multiple: false })
}

/// `input` cut into its `N`-byte pairs: a positive whole number of them.
fn pairs<const N: usize>(input: &[u8]) -> Result<core::slice::ChunksExact<'_, u8>, Error> {
    if input.is_empty() {
        return Err(Error::EmptyInput);
    }
    if !input.len().is_multiple_of(N) {
        return Err(Error::InvalidInputLength { expected: N, got: input.len(), multiple: true });
    }
    Ok(input.chunks_exact(N))
}

/// The error for a pair whose split failed: unreachable, since `pairs`
/// hands out chunks of exactly the pair size.
fn bad_pair<const N: usize>() -> Error {
    Error::InvalidInputLength { expected: N, got: 0, multiple: true }
}

/// G1ADD: P + Q for two points on E1 (not necessarily in G1: the EIP asks
/// for no subgroup check), by the core's affine addition
/// (`Affine::add_vartime`: one variable-time inversion, the inputs being
/// public), which covers every case of the group law on all of E1(Fp):
/// doubling, opposite points, the identity.
pub fn g1_add(input: &[u8]) -> Result<Vec<u8>, Error> {
    let (a, b) = split2::<G1_LEN, G1_LEN>(exact::<{ 2 * G1_LEN }>(input)?).ok_or(bad_pair::<{ 2 * G1_LEN }>())?;
    let (p, q) = (codec::g1(a, false)?, codec::g1(b, false)?);
    let s = p.add_vartime(&q);
    Ok(codec::encode_g1(&s).to_vec())
}

/// G2ADD: as [`g1_add`] on E2.
pub fn g2_add(input: &[u8]) -> Result<Vec<u8>, Error> {
    let (a, b) = split2::<G2_LEN, G2_LEN>(exact::<{ 2 * G2_LEN }>(input)?).ok_or(bad_pair::<{ 2 * G2_LEN }>())?;
    let (p, q) = (codec::g2(a, false)?, codec::g2(b, false)?);
    let s = p.add_vartime(&q);
    Ok(codec::encode_g2(&s).to_vec())
}

/// sum n_i P_i over the `PAIR`-byte pairs of `input`, each point `P`
/// bytes decoded by `decode` and checked for the subgroup.
///
/// k = 1 is one variable-time GLV (G1) / GLS (G2) multiplication, the
/// fastest single multiplication the core has; k > 1 goes to the core's
/// MSM on the calling thread (a precompile runs on one thread). The
/// scalars are public, so variable time is right here. Both need their
/// points in the order-r subgroup, which the decoder has checked, and take
/// the scalar reduced mod r (which gives n P for any n, see `codec`).
fn msm<C: MsmCurve, const P: usize, const PAIR: usize>(
    input: &[u8],
    decode: fn(&[u8; P], bool) -> Result<Affine<C>, Error>,
) -> Result<Jacobian<C>, Error> {
    let mut chunks = pairs::<PAIR>(input)?;
    let decode_pair = |c: &[u8], subgroup: bool| -> Result<(Affine<C>, Fr), Error> {
        let (p, s) = split2::<P, SCALAR_LEN>(c).ok_or(bad_pair::<PAIR>())?;
        Ok((decode(p, subgroup)?, codec::scalar(s)))
    };
    if chunks.len() == 1 {
        let (p, n) = chunks.next().map(|c| decode_pair(c, true)).ok_or(bad_pair::<PAIR>())??;
        return Ok(p.to_projective().mul_vartime(&n));
    }
    // k has been bounded by the input's own length, so these allocations
    // are proportional to bytes the caller really passed. The points are
    // decoded without the subgroup check, which then runs on all of them
    // at once (`batch_is_torsion_free`: four at a time on the AVX2 lanes
    // where there are some); the error is that of the first bad point in
    // input order, as if each had been decoded and checked in turn.
    let mut points = Vec::with_capacity(chunks.len());
    let mut scalars = Vec::with_capacity(chunks.len());
    let decode_error = chunks
        .try_for_each(|c| -> Result<(), Error> {
            let (p, n) = decode_pair(c, false)?;
            points.push(p);
            scalars.push(n);
            Ok(())
        })
        .err();
    if batch_is_torsion_free(&points).contains(&false) {
        return Err(Error::PointNotInSubgroup);
    }
    if let Some(e) = decode_error {
        return Err(e);
    }
    // The core fails only on unequal lengths, which cannot happen here.
    msm_vartime_with_threads(&points, &scalars, 1).map_err(|_| bad_pair::<PAIR>())
}

/// G1MSM: k pairs of (G1 point, scalar), k >= 1.
pub fn g1_msm(input: &[u8]) -> Result<Vec<u8>, Error> {
    let r: G1Projective = msm::<_, G1_LEN, G1_MSM_PAIR>(input, codec::g1)?;
    Ok(codec::encode_g1(&r.to_affine_vartime()).to_vec())
}

/// G2MSM: k pairs of (G2 point, scalar), k >= 1.
pub fn g2_msm(input: &[u8]) -> Result<Vec<u8>, Error> {
    let r: G2Projective = msm::<_, G2_LEN, G2_MSM_PAIR>(input, codec::g2)?;
    Ok(codec::encode_g2(&r.to_affine_vartime()).to_vec())
}

/// PAIRING_CHECK: 32 bytes, the last 1 if prod e(P_i, Q_i) = 1 in GT and
/// 0 otherwise. Both points of every pair are checked to be in their
/// subgroups (the pairing is only bilinear there); a pair with the
/// identity on either side contributes 1, as the EIP says.
pub fn pairing_check(input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut chunks = pairs::<PAIRING_PAIR>(input)?;
    // Decoded without the subgroup checks, which then run on all the G1
    // and all the G2 points at once (as in `msm`); the error is that of the
    // first bad point in input order (P_0, Q_0, P_1, Q_1, ...): the points
    // checked are those decoded before the first decoding error.
    let mut g1s: Vec<G1Affine> = Vec::with_capacity(chunks.len());
    let mut g2s: Vec<G2Affine> = Vec::with_capacity(chunks.len());
    let decode_error = chunks
        .try_for_each(|c| -> Result<(), Error> {
            let (a, b) = split2::<G1_LEN, G2_LEN>(c).ok_or_else(bad_pair::<PAIRING_PAIR>)?;
            g1s.push(codec::g1(a, false)?);
            g2s.push(codec::g2(b, false)?);
            Ok(())
        })
        .err();
    if batch_is_torsion_free(&g1s).contains(&false) {
        return Err(Error::PointNotInSubgroup);
    }
    if let Some(e) = decode_error {
        if batch_is_torsion_free(&g2s).contains(&false) {
            return Err(Error::PointNotInSubgroup);
        }
        return Err(e);
    }
    // The G2 checks ride on the Miller loop (its T ends at [|z|]Q:
    // `pairing_check_g2_checked_vartime`).
    let pairs: Vec<(G1Affine, G2Affine)> = g1s.into_iter().zip(g2s).collect();
    let holds = pairing_check_g2_checked_vartime(&pairs).map_err(|_| Error::PointNotInSubgroup)?;
    let mut out = vec![0u8; 32];
    if let Some(last) = out.last_mut() {
        *last = u8::from(holds);
    }
    Ok(out)
}

/// MAP_FP_TO_G1: RFC 9380's `map_to_curve` (simplified SWU onto the
/// 11-isogenous curve, then the isogeny) followed by `clear_cofactor`, i.e.
/// `encode_to_curve` without `hash_to_field` (the cofactor clearing in its
/// variable-time form: the input is public).
pub fn map_fp_to_g1(input: &[u8]) -> Result<Vec<u8>, Error> {
    let u = codec::fp(exact::<FP_LEN>(input)?)?;
    let p = G1Projective::map_to_curve(&u).clear_cofactor_vartime().to_affine_vartime();
    Ok(codec::encode_g1(&p).to_vec())
}

/// MAP_FP2_TO_G2: as [`map_fp_to_g1`] on G2 (the 3-isogeny, and the
/// psi-based cofactor clearing of RFC 9380, its variable-time form: the
/// input is public).
pub fn map_fp2_to_g2(input: &[u8]) -> Result<Vec<u8>, Error> {
    let u = codec::fp2(exact::<FP2_LEN>(input)?)?;
    let p = G2Projective::map_to_curve(&u).clear_cofactor_vartime().to_affine_vartime();
    Ok(codec::encode_g2(&p).to_vec())
}
