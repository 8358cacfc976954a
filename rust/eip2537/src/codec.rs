//! The EIP-2537 encodings.
//!
//! - Fp: 64 bytes, big-endian; the top 16 bytes must be zero (p has 381
//!   bits, so a canonical value fits in the low 48) and the integer must be
//!   below p. The EIP asks for both checks separately: top bytes
//!   ([`Error::FpTopBytesNotZero`]) first, then the 48-byte value
//!   ([`Error::FpNotCanonical`]).
//! - Fp2 `c0 + c1 u`: `c0 || c1`, real part first (the opposite of the
//!   ZCash order the core's own encodings use).
//! - A point: `x || y` (G1 128 bytes, G2 256 bytes). (0, 0) is not on
//!   y^2 = x^3 + b (b is not 0), so the EIP takes all zero bytes for the
//!   point at infinity; the core's `Affine` stores the identity as (0, 0)
//!   too, so the decoded coordinates are the point whichever it is.
//! - A scalar: 32 bytes big-endian, any integer below 2^256. For a point P
//!   of the order-r subgroup, n P = (n mod r) P, so reducing n mod r before
//!   the multiplication gives the EIP's result for every n.
//!
//! Every decoder here takes a fixed-size array: the callers have checked
//! the input length, and no slice is indexed by a length read from the
//! input.

use crate::Error;
use bls12_381_core::curve::{Affine, Curve, G1, G2};
use bls12_381_core::{Fp, Fp2, Fr, G1Affine, G2Affine};

/// Bytes of an encoded Fp.
pub const FP_LEN: usize = 64;
/// Bytes of an encoded Fp2.
pub const FP2_LEN: usize = 2 * FP_LEN;
/// Bytes of an encoded G1 point.
pub const G1_LEN: usize = 2 * FP_LEN;
/// Bytes of an encoded G2 point.
pub const G2_LEN: usize = 2 * FP2_LEN;
/// Bytes of an encoded scalar.
pub const SCALAR_LEN: usize = 32;
/// The zero padding above the 48 bytes of an Fp value.
const PAD: usize = FP_LEN - 48;

/// The first `N` bytes of `s` as an array (`None` if `s` is shorter):
/// split without indexing, so no panic path whatever the caller passes.
pub(crate) fn head<const N: usize>(s: &[u8]) -> Option<(&[u8; N], &[u8])> {
    if s.len() < N {
        return None;
    }
    let (a, b) = s.split_at(N);
    a.try_into().ok().map(|a| (a, b))
}

/// `s` cut into two arrays of `A` and `B` bytes, if it has exactly `A + B`.
pub(crate) fn split2<const A: usize, const B: usize>(s: &[u8]) -> Option<(&[u8; A], &[u8; B])> {
    let (a, rest) = head::<A>(s)?;
    let b: &[u8; B] = rest.try_into().ok()?;
    Some((a, b))
}

/// An Fp from its 64-byte encoding.
pub fn fp(bytes: &[u8; FP_LEN]) -> Result<Fp, Error> {
    let (top, value) = split2::<PAD, 48>(bytes).ok_or(Error::FpNotCanonical)?;
    if top.iter().any(|&b| b != 0) {
        return Err(Error::FpTopBytesNotZero);
    }
    Fp::from_bytes(value).map_err(|_| Error::FpNotCanonical)
}

/// An Fp2 from its 128-byte encoding (`c0 || c1`).
pub fn fp2(bytes: &[u8; FP2_LEN]) -> Result<Fp2, Error> {
    let (c0, c1) = split2::<FP_LEN, FP_LEN>(bytes).ok_or(Error::FpNotCanonical)?;
    Ok(Fp2::new(fp(c0)?, fp(c1)?))
}

/// A point from its coordinates: on the curve or the identity (0, 0)
/// ([`Error::PointNotOnCurve`] otherwise), and in the order-r subgroup when
/// `subgroup` is set ([`Error::PointNotInSubgroup`]).
fn point<C: Curve>(x: C::Base, y: C::Base, subgroup: bool) -> Result<Affine<C>, Error> {
    let p: Option<Affine<C>> = Affine::from_xy_unchecked(x, y).into();
    let p = p.ok_or(Error::PointNotOnCurve)?;
    if subgroup && !bool::from(p.is_torsion_free()) {
        return Err(Error::PointNotInSubgroup);
    }
    Ok(p)
}

/// A G1 point from its 128 bytes; the subgroup is checked when `subgroup`.
pub fn g1(bytes: &[u8; G1_LEN], subgroup: bool) -> Result<G1Affine, Error> {
    let (x, y) = split2::<FP_LEN, FP_LEN>(bytes).ok_or(Error::FpNotCanonical)?;
    point::<G1>(fp(x)?, fp(y)?, subgroup)
}

/// A G2 point from its 256 bytes; the subgroup is checked when `subgroup`.
pub fn g2(bytes: &[u8; G2_LEN], subgroup: bool) -> Result<G2Affine, Error> {
    let (x, y) = split2::<FP2_LEN, FP2_LEN>(bytes).ok_or(Error::FpNotCanonical)?;
    point::<G2>(fp2(x)?, fp2(y)?, subgroup)
}

/// A 32-byte big-endian scalar, reduced mod r (see the module doc).
pub fn scalar(bytes: &[u8; SCALAR_LEN]) -> Fr {
    let mut le = *bytes;
    le.reverse();
    Fr::from_le_bytes_reduced(&le)
}

/// The 64-byte encoding of an Fp.
fn put_fp(out: &mut [u8; FP_LEN], x: &Fp) {
    let (_, value) = out.split_at_mut(PAD);
    value.copy_from_slice(&x.to_bytes());
}

/// The 128-byte encoding of a G1 point (all zeros for the identity).
pub fn encode_g1(p: &G1Affine) -> [u8; G1_LEN] {
    let mut out = [[0u8; FP_LEN]; 2];
    put_fp(&mut out[0], &p.x());
    put_fp(&mut out[1], &p.y());
    flatten(out)
}

/// The 256-byte encoding of a G2 point (all zeros for the identity).
pub fn encode_g2(p: &G2Affine) -> [u8; G2_LEN] {
    let (x, y) = (p.x(), p.y());
    let mut out = [[0u8; FP_LEN]; 4];
    for (o, c) in out.iter_mut().zip([x.c0, x.c1, y.c0, y.c1]) {
        put_fp(o, &c);
    }
    flatten(out)
}

/// `N` blocks of 64 bytes laid end to end.
fn flatten<const N: usize, const M: usize>(blocks: [[u8; FP_LEN]; N]) -> [u8; M] {
    let mut out = [0u8; M];
    for (o, b) in out.chunks_exact_mut(FP_LEN).zip(blocks.iter()) {
        o.copy_from_slice(b);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fp_checks_top_bytes_before_the_value() {
        let mut b = [0u8; FP_LEN];
        assert_eq!(fp(&b).map(|x| bool::from(x.is_zero())), Ok(true));
        b[0] = 1;
        assert_eq!(fp(&b).err(), Some(Error::FpTopBytesNotZero));
        let mut b = [0xffu8; FP_LEN];
        b[..PAD].fill(0);
        assert_eq!(fp(&b).err(), Some(Error::FpNotCanonical));
    }

    #[test]
    fn identity_round_trip() {
        assert_eq!(encode_g1(&G1Affine::identity()), [0u8; G1_LEN]);
        assert_eq!(encode_g2(&G2Affine::identity()), [0u8; G2_LEN]);
        assert!(bool::from(g1(&[0u8; G1_LEN], true).unwrap().is_identity()));
        assert!(bool::from(g2(&[0u8; G2_LEN], true).unwrap().is_identity()));
    }

    #[test]
    fn generator_round_trip() {
        let e = encode_g1(&G1Affine::generator());
        assert_eq!(g1(&e, true).unwrap(), G1Affine::generator());
        let e = encode_g2(&G2Affine::generator());
        assert_eq!(g2(&e, true).unwrap(), G2Affine::generator());
    }

    #[test]
    fn scalar_is_big_endian_and_reduced() {
        let mut b = [0u8; SCALAR_LEN];
        b[31] = 5;
        assert_eq!(scalar(&b), Fr::from_u64(5));
        // r + 5 reduces to 5.
        let r_plus_5 = [
            0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05, 0x53, 0xbd,
            0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x06,
        ];
        assert_eq!(scalar(&r_plus_5), Fr::from_u64(5));
    }
}
