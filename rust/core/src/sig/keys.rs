//! Secret keys: KeyGen (HKDF), the 32-byte encodings, SkToPk.
//!
//! Byte order: [`SecretKey::from_bytes`] and [`SecretKey::to_bytes`] use
//! the draft's encoding, I2OSP(SK, 32), big-endian (as the C ABI and the
//! ethereum/bls12-381-tests vectors); [`SecretKey::from_bytes_le`] and
//! [`SecretKey::to_bytes_le`] the little-endian order of
//! [`Fr::from_bytes`] and of OCaml's `Signature.sk_of_bytes_exn` (as
//! ocaml-bls12-381). The two are byte reversals of each other.

use super::hkdf::{self, wipe, HASH_LEN};
use super::{PublicKey, Variant};
use crate::curve::Jacobian;
use crate::field::Fr;
use crate::Error;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A secret key: a scalar in [1, r).
///
/// Encoded as 32 bytes, big-endian by default (the draft's I2OSP:
/// [`SecretKey::from_bytes`], [`SecretKey::to_bytes`]) or little-endian on
/// request ([`SecretKey::from_bytes_le`], [`SecretKey::to_bytes_le`]).
///
/// Used in constant time only (scalar multiplication by `Jacobian::mul`,
/// comparisons by `subtle`), never printed (`Debug` shows no digit), and
/// overwritten with zeros when dropped. Copies made on the stack by the
/// arithmetic (the scalar's limbs in registers and temporaries of `mul`)
/// are not wiped: as in other libraries, only the key's own storage is.
pub struct SecretKey(Fr);

impl Drop for SecretKey {
    fn drop(&mut self) {
        // SAFETY: `self.0` is a valid, aligned, exclusive place of type Fr.
        unsafe { core::ptr::write_volatile(&mut self.0, Fr::ZERO) };
        core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
    }
}

impl Clone for SecretKey {
    fn clone(&self) -> SecretKey {
        SecretKey(self.0)
    }
}

impl core::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SecretKey(..)")
    }
}

impl PartialEq for SecretKey {
    /// Constant time.
    fn eq(&self, other: &SecretKey) -> bool {
        bool::from(self.0.ct_eq(&other.0))
    }
}

impl Eq for SecretKey {}

/// The salt KeyGen starts from (hashed before its first use).
const KEYGEN_SALT: &[u8] = b"BLS-SIG-KEYGEN-SALT-";

/// L = ceil(3 ceil(log2 r) / 16) = 48: bytes of HKDF output reduced mod r
/// (the bias of the reduction is below 2^-128).
const L: usize = 48;

impl SecretKey {
    /// The draft's KeyGen(IKM, key_info) (section 2.3):
    ///
    /// ```text
    /// salt = "BLS-SIG-KEYGEN-SALT-"
    /// SK = 0
    /// while SK == 0:
    ///     salt = SHA-256(salt)
    ///     PRK = HKDF-Extract(salt, IKM || I2OSP(0, 1))
    ///     OKM = HKDF-Expand(PRK, key_info || I2OSP(L, 2), L)
    ///     SK = OS2IP(OKM) mod r
    /// ```
    ///
    /// `ikm` is secret key material of at least 32 bytes
    /// ([`Error::KeyMaterialTooShort`] otherwise); `key_info` is optional
    /// context (may be empty). Constant time in `ikm` and `key_info`,
    /// except for the loop's test, which repeats with probability about
    /// 2^-255.
    pub fn key_gen(ikm: &[u8], key_info: &[u8]) -> Result<SecretKey, Error> {
        if ikm.len() < 32 {
            return Err(Error::KeyMaterialTooShort { len: ikm.len() });
        }
        let mut salt: [u8; HASH_LEN] = Sha256::digest(KEYGEN_SALT).into();
        loop {
            let mut prk = hkdf::extract(&salt, &[ikm, &[0u8]]);
            let mut okm = [0u8; L];
            hkdf::expand(&prk, &[key_info, &(L as u16).to_be_bytes()], &mut okm);
            // OS2IP: big-endian; Fr::from_bytes_wide reads little-endian.
            let mut wide = [0u8; 64];
            for (d, s) in wide.iter_mut().zip(okm.iter().rev()) {
                *d = *s;
            }
            let sk = SecretKey(Fr::from_bytes_wide(&wide));
            wipe(&mut prk);
            wipe(&mut okm);
            wipe(&mut wide);
            if !bool::from(sk.0.is_zero()) {
                return Ok(sk);
            }
            salt = Sha256::digest(salt).into();
        }
    }

    /// Decodes the 32-byte big-endian encoding (the draft's I2OSP(SK, 32)):
    /// [`Error::NotCanonical`] for a value >= r, [`Error::ZeroSecretKey`]
    /// for zero. Constant time but for the verdict.
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<SecretKey, Error> {
        let mut le = *bytes;
        le.reverse();
        let decoded = Fr::from_bytes(&le);
        wipe(&mut le);
        let sk = SecretKey(decoded?);
        if bool::from(sk.0.is_zero()) {
            return Err(Error::ZeroSecretKey);
        }
        Ok(sk)
    }

    /// Decodes the 32-byte little-endian encoding (the byte order of
    /// [`Fr::from_bytes`] and of ocaml-bls12-381's secret keys): the
    /// integer `sum b[i] 256^i`. [`Error::NotCanonical`] for a value >= r,
    /// [`Error::ZeroSecretKey`] for zero. Constant time but for the
    /// verdict.
    pub fn from_bytes_le(bytes: &[u8; 32]) -> Result<SecretKey, Error> {
        let sk = SecretKey(Fr::from_bytes(bytes)?);
        if bool::from(sk.0.is_zero()) {
            return Err(Error::ZeroSecretKey);
        }
        Ok(sk)
    }

    /// [`SecretKey::from_bytes`] on a slice: [`Error::InvalidLength`]
    /// unless it has 32 bytes.
    pub fn from_slice(bytes: &[u8]) -> Result<SecretKey, Error> {
        let arr: &[u8; 32] = bytes.try_into().map_err(|_| Error::InvalidLength { expected: 32, got: bytes.len() })?;
        SecretKey::from_bytes(arr)
    }

    /// [`SecretKey::from_bytes_le`] on a slice: [`Error::InvalidLength`]
    /// unless it has 32 bytes.
    pub fn from_slice_le(bytes: &[u8]) -> Result<SecretKey, Error> {
        let arr: &[u8; 32] = bytes.try_into().map_err(|_| Error::InvalidLength { expected: 32, got: bytes.len() })?;
        SecretKey::from_bytes_le(arr)
    }

    /// A secret key from a scalar: [`Error::ZeroSecretKey`] for zero.
    pub fn from_scalar(s: Fr) -> Result<SecretKey, Error> {
        if bool::from(s.is_zero()) {
            return Err(Error::ZeroSecretKey);
        }
        Ok(SecretKey(s))
    }

    /// The 32-byte big-endian encoding (I2OSP(SK, 32)). Constant time.
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut b = self.0.to_bytes();
        b.reverse();
        b
    }

    /// The 32-byte little-endian encoding: [`SecretKey::to_bytes`]
    /// reversed. Constant time.
    pub fn to_bytes_le(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    /// The scalar (a copy, not wiped on drop: prefer the methods).
    pub fn scalar(&self) -> Fr {
        self.0
    }

    /// SkToPk: `sk g` for the generator `g` of the variant's public-key
    /// group. Constant time in the key.
    pub fn public_key<V: Variant>(&self) -> PublicKey<V> {
        PublicKey(Jacobian::<V::PkCurve>::generator().mul(&self.0).to_affine())
    }

    /// CoreSign(SK, message) with the given DST: `sk H(m)`, hashed,
    /// multiplied and made affine in constant time (the message may be
    /// secret as well).
    pub(super) fn core_sign<V: Variant>(&self, msg: &[u8], dst: &[u8]) -> super::Signature<V> {
        let point = V::hash(msg, dst).mul(&self.0).to_affine();
        super::Signature { point, in_group: true }
    }
}
