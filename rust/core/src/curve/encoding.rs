//! Point encodings in the ZCash format (zkcrypto `bls12_381`, the IETF
//! pairing-friendly-curves draft, Ethereum consensus): big-endian
//! coordinates, an Fp2 element written `c1 || c0`, and three flag bits in the
//! top of byte 0:
//!
//! - bit 7 (`0x80`), compression: set in the compressed form (x only, G1 48
//!   bytes, G2 96), clear in the uncompressed form (x then y, G1 96 bytes,
//!   G2 192);
//! - bit 6 (`0x40`), infinity: the identity; every other bit of the
//!   encoding (sign flag included) must then be zero;
//! - bit 5 (`0x20`), sign: in a compressed finite point, set when y is the
//!   lexicographically larger of the two roots; must be clear otherwise.
//!
//! Decoders check, in this order, and report the first failure:
//! 1. the length ([`Error::InvalidLength`]);
//! 2. the flags ([`Error::InvalidFlags`]): compression bit against the
//!    length, sign bit on an uncompressed or infinite point, and any nonzero
//!    bit besides the flags in an encoding of the identity (a nonzero
//!    payload under the infinity flag is a flag error, not
//!    [`Error::NotCanonical`]);
//! 3. each coordinate (both Fp parts in G2) below p ([`Error::NotCanonical`]);
//! 4. the curve equation ([`Error::NotOnCurve`]; for a compressed point:
//!    x^3 + b is not a square);
//! 5. membership in the order-r subgroup ([`Error::NotInSubgroup`]), skipped
//!    by the `_unchecked` decoders (their output is on the curve but maybe
//!    outside the group).
//!
//! Steps 2-4 run the same field operations whatever the input (flags and
//! values are combined with [`Choice`], not branches); the only
//! data-dependent branches return the error. Encoding is constant time.
//! Decompression costs one square root and (checked) one subgroup check.

use super::{Affine, BaseField, Curve, Jacobian};
use crate::field::{Fp, Fp2};
use crate::Error;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// Flag bit 7 of byte 0: the compressed form.
const COMPRESSION_FLAG: u8 = 0x80;
/// Flag bit 6 of byte 0: the point at infinity.
const INFINITY_FLAG: u8 = 0x40;
/// Flag bit 5 of byte 0: y is the lexicographically larger root.
const SIGN_FLAG: u8 = 0x20;

/// A fixed-size byte array (`[u8; N]`), the return type of the encoders.
pub trait ByteArray: Copy + AsRef<[u8]> + AsMut<[u8]> + core::fmt::Debug + PartialEq + Eq + core::hash::Hash {
    /// All zeros.
    const ZERO: Self;
}

impl<const N: usize> ByteArray for [u8; N] {
    const ZERO: Self = [0u8; N];
}

/// Big-endian encodings of the base fields, as the point encodings write
/// them (a supertrait of [`BaseField`]; sealed like it).
pub trait FieldEncoding: Sized + super::sealed::Sealed {
    /// Size of one encoded element: 48 (Fp) or 96 (Fp2).
    const BYTES: usize;
    /// `[u8; BYTES]`: a compressed point.
    type Bytes: ByteArray;
    /// `[u8; 2 * BYTES]`: an uncompressed point.
    type Bytes2: ByteArray;
    /// Writes the canonical big-endian encoding into `out`
    /// (`out.len() == BYTES`); Fp2 as `c1 || c0`.
    fn write_be(&self, out: &mut [u8]);
    /// Reads `bytes` (`bytes.len() == BYTES`) in constant time; the choice
    /// says whether every integer was below p (if not, the element is
    /// unspecified).
    fn read_be_ct(bytes: &[u8]) -> (Self, Choice);
}

impl FieldEncoding for Fp {
    const BYTES: usize = 48;
    type Bytes = [u8; 48];
    type Bytes2 = [u8; 96];

    fn write_be(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_bytes());
    }

    fn read_be_ct(bytes: &[u8]) -> (Fp, Choice) {
        let mut l = [0u64; 6];
        for (i, chunk) in bytes.rchunks_exact(8).enumerate() {
            l[i] = u64::from_be_bytes(chunk.try_into().unwrap());
        }
        Fp::from_limbs_ct(l)
    }
}

impl FieldEncoding for Fp2 {
    const BYTES: usize = 96;
    type Bytes = [u8; 96];
    type Bytes2 = [u8; 192];

    fn write_be(&self, out: &mut [u8]) {
        self.c1.write_be(&mut out[..48]);
        self.c0.write_be(&mut out[48..]);
    }

    fn read_be_ct(bytes: &[u8]) -> (Fp2, Choice) {
        let (c1, ok1) = Fp::read_be_ct(&bytes[..48]);
        let (c0, ok0) = Fp::read_be_ct(&bytes[48..]);
        (Fp2::new(c0, c1), ok0 & ok1)
    }
}

/// The compressed encoding of a point type's curve: `[u8; 48]` for G1,
/// `[u8; 96]` for G2.
pub type Compressed<C> = <<C as Curve>::Base as FieldEncoding>::Bytes;
/// The uncompressed encoding of a point type's curve: `[u8; 96]` for G1,
/// `[u8; 192]` for G2.
pub type Uncompressed<C> = <<C as Curve>::Base as FieldEncoding>::Bytes2;

/// Whether every byte of `bytes` is zero (constant time).
fn all_zero(bytes: &[u8]) -> Choice {
    let acc = bytes.iter().fold(0u8, |acc, b| acc | b);
    acc.ct_eq(&0)
}

/// Whether `byte` has the bit `bit` set, as a choice.
fn flag(byte: u8, bit: u8) -> Choice {
    !(byte & bit).ct_eq(&0)
}

/// Step 1 of both decoders: the length (`InvalidLength` unless `bytes`
/// has the encoding's size), then a copy of `bytes` with the three flag
/// bits of its first byte cleared, and the flags (compression, infinity,
/// sign) as choices. Constant time in the content.
fn take_flags<A: ByteArray>(bytes: &[u8]) -> Result<(A, Choice, Choice, Choice), Error> {
    let mut arr = A::ZERO;
    let buf = arr.as_mut();
    if bytes.len() != buf.len() {
        return Err(Error::InvalidLength { expected: buf.len(), got: bytes.len() });
    }
    buf.copy_from_slice(bytes);
    let b0 = buf[0];
    buf[0] &= !(COMPRESSION_FLAG | INFINITY_FLAG | SIGN_FLAG);
    Ok((arr, flag(b0, COMPRESSION_FLAG), flag(b0, INFINITY_FLAG), flag(b0, SIGN_FLAG)))
}

/// Turns the checks of a decoder into its result, first failure first.
fn verdict(flags: Choice, canonical: Choice, on_curve: Choice) -> Result<(), Error> {
    if !bool::from(flags) {
        Err(Error::InvalidFlags)
    } else if !bool::from(canonical) {
        Err(Error::NotCanonical)
    } else if !bool::from(on_curve) {
        Err(Error::NotOnCurve)
    } else {
        Ok(())
    }
}

impl<C: Curve> Affine<C> {
    /// The compressed encoding: x with the flags (G1: 48 bytes, G2: 96).
    /// Constant time.
    pub fn to_compressed(&self) -> Compressed<C> {
        let mut out = <Compressed<C> as ByteArray>::ZERO;
        let buf = out.as_mut();
        // The identity is stored as (0, 0): its x writes zeros.
        self.x.write_be(buf);
        let inf = self.is_identity();
        let sign = self.y.lexicographically_largest() & !inf;
        buf[0] |= COMPRESSION_FLAG
            | u8::conditional_select(&0, &INFINITY_FLAG, inf)
            | u8::conditional_select(&0, &SIGN_FLAG, sign);
        out
    }

    /// The uncompressed encoding: x then y with the flags (G1: 96 bytes,
    /// G2: 192). Constant time.
    pub fn to_uncompressed(&self) -> Uncompressed<C> {
        let mut out = <Uncompressed<C> as ByteArray>::ZERO;
        let buf = out.as_mut();
        let n = C::Base::BYTES;
        self.x.write_be(&mut buf[..n]);
        self.y.write_be(&mut buf[n..]);
        buf[0] |= u8::conditional_select(&0, &INFINITY_FLAG, self.is_identity());
        out
    }

    /// Decodes a compressed point and checks it fully (flags, canonical x,
    /// on the curve, in the subgroup); see the module documentation for the
    /// errors.
    pub fn from_compressed(bytes: &[u8]) -> Result<Self, Error> {
        let p = Self::from_compressed_unchecked(bytes)?;
        p.check_subgroup()
    }

    /// Like [`Affine::from_compressed`] without the subgroup check: the
    /// point is on the curve but may lie outside the order-r subgroup. Only
    /// for input known to be valid.
    pub fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        let (mut arr, compressed, inf, sign) = take_flags::<Compressed<C>>(bytes)?;
        let buf = arr.as_mut();
        let flags_ok = compressed & (!inf | (!sign & all_zero(buf)));

        let (x, canonical) = C::Base::read_be_ct(buf);
        let rhs = x.square().mul(&x).add(&C::B);
        let root = rhs.sqrt();
        let y = root.unwrap_or(C::Base::ZERO);
        let y = C::Base::conditional_select(&y, &y.neg(), y.lexicographically_largest() ^ sign);
        let p = Self::conditional_select(&Self::from_raw(x, y), &Self::identity(), inf);

        verdict(flags_ok, canonical | inf, root.is_some() | inf)?;
        Ok(p)
    }

    /// Decodes an uncompressed point and checks it fully (flags, canonical
    /// coordinates, on the curve, in the subgroup); see the module
    /// documentation for the errors.
    pub fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error> {
        let p = Self::from_uncompressed_unchecked(bytes)?;
        p.check_subgroup()
    }

    /// Like [`Affine::from_uncompressed`] without the subgroup check: the
    /// point is on the curve but may lie outside the order-r subgroup. Only
    /// for input known to be valid.
    pub fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        let n = C::Base::BYTES;
        let (mut arr, compressed, inf, sign) = take_flags::<Uncompressed<C>>(bytes)?;
        let buf = arr.as_mut();
        let flags_ok = !compressed & !sign & (!inf | all_zero(buf));

        let (x, x_ok) = C::Base::read_be_ct(&buf[..n]);
        let (y, y_ok) = C::Base::read_be_ct(&buf[n..]);
        // The curve equation itself: (0, 0) without the infinity flag is
        // not a point (Affine::is_on_curve would take it for the identity).
        let on_curve = y.square().ct_eq(&x.square().mul(&x).add(&C::B));
        let p = Self::conditional_select(&Self::from_raw(x, y), &Self::identity(), inf);

        verdict(flags_ok, (x_ok & y_ok) | inf, on_curve | inf)?;
        Ok(p)
    }

    /// The point (x, y) after checking that it lies on the curve
    /// ([`Error::NotOnCurve`]) and in the order-r subgroup
    /// ([`Error::NotInSubgroup`]). (0, 0) is accepted as the identity, the
    /// form [`Affine`] stores it in.
    pub fn from_xy(x: C::Base, y: C::Base) -> Result<Self, Error> {
        let p = Self::from_raw(x, y);
        if !bool::from(p.is_on_curve()) {
            return Err(Error::NotOnCurve);
        }
        p.check_subgroup()
    }

    /// `Ok(self)` if the point is in the order-r subgroup.
    fn check_subgroup(self) -> Result<Self, Error> {
        if bool::from(self.is_torsion_free()) {
            Ok(self)
        } else {
            Err(Error::NotInSubgroup)
        }
    }
}

impl<C: Curve> Jacobian<C> {
    /// The compressed encoding of the affine form (see
    /// [`Affine::to_compressed`]); one inversion.
    pub fn to_compressed(&self) -> Compressed<C> {
        self.to_affine().to_compressed()
    }

    /// The uncompressed encoding of the affine form (see
    /// [`Affine::to_uncompressed`]); one inversion.
    pub fn to_uncompressed(&self) -> Uncompressed<C> {
        self.to_affine().to_uncompressed()
    }

    /// [`Affine::from_compressed`], in Jacobian form.
    pub fn from_compressed(bytes: &[u8]) -> Result<Self, Error> {
        Affine::from_compressed(bytes).map(Self::from)
    }

    /// [`Affine::from_compressed_unchecked`] (no subgroup check), in
    /// Jacobian form.
    pub fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        Affine::from_compressed_unchecked(bytes).map(Self::from)
    }

    /// [`Affine::from_uncompressed`], in Jacobian form.
    pub fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error> {
        Affine::from_uncompressed(bytes).map(Self::from)
    }

    /// [`Affine::from_uncompressed_unchecked`] (no subgroup check), in
    /// Jacobian form.
    pub fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        Affine::from_uncompressed_unchecked(bytes).map(Self::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::{G1Affine, G1Projective, G2Affine, G2Projective, G1, G2};

    #[test]
    fn sizes() {
        assert_eq!(<Fp as FieldEncoding>::BYTES, 48);
        assert_eq!(<Fp2 as FieldEncoding>::BYTES, 96);
        assert_eq!(G1Affine::generator().to_compressed().len(), 48);
        assert_eq!(G1Affine::generator().to_uncompressed().len(), 96);
        assert_eq!(G2Affine::generator().to_compressed().len(), 96);
        assert_eq!(G2Affine::generator().to_uncompressed().len(), 192);
        let _: Compressed<G1> = [0u8; 48];
        let _: Uncompressed<G2> = [0u8; 192];
    }

    #[test]
    fn identity_and_generator_round_trip() {
        let id = G1Affine::identity();
        let c = id.to_compressed();
        assert_eq!(c[0], 0xc0);
        assert!(c[1..].iter().all(|&b| b == 0));
        let u = id.to_uncompressed();
        assert_eq!(u[0], 0x40);
        assert!(u[1..].iter().all(|&b| b == 0));
        assert_eq!(G1Affine::from_compressed(&c), Ok(id));
        assert_eq!(G1Affine::from_uncompressed(&u), Ok(id));
        let g = G1Affine::generator();
        assert_eq!(G1Affine::from_compressed(&g.to_compressed()), Ok(g));
        assert_eq!(G1Affine::from_uncompressed(&g.to_uncompressed()), Ok(g));
        let g2 = G2Projective::generator().double();
        assert_eq!(G2Projective::from_compressed(&g2.to_compressed()), Ok(g2));
        assert_eq!(G2Projective::from_uncompressed(&g2.to_uncompressed()), Ok(g2));
        let g1 = G1Projective::generator().double();
        assert_eq!(G1Projective::from_compressed_unchecked(&g1.to_compressed()), Ok(g1));
        assert_eq!(G1Affine::from_xy(g.x(), g.y()), Ok(g));
        assert_eq!(G1Affine::from_xy(Fp::ZERO, Fp::ZERO), Ok(id));
        assert_eq!(G1Affine::from_xy(Fp::ONE, Fp::ONE), Err(Error::NotOnCurve));
        assert_eq!(G2Affine::from_xy(Fp2::ZERO, Fp2::ZERO), Ok(G2Affine::identity()));
    }
}
