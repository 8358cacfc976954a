//! BLS signatures (draft-irtf-cfrg-bls-signature-05) over BLS12-381.
//!
//! A secret key is a scalar `sk` in [1, r); its public key is `sk g` for
//! the generator `g` of one group, and a signature of a message `m` is
//! `sk H(m)` in the other group, `H` being RFC 9380's `hash_to_curve`
//! with the ciphersuite's domain separation tag (DST). Verification
//! checks `e(pk, H(m)) = e(g, sig)` (with the pairing's arguments in the
//! order G1, G2), as a pairing product `e(pk, H(m)) e(-g, sig) = 1`
//! evaluated with one shared Miller loop and one final exponentiation.
//!
//! Two variants ([`Variant`]):
//! - [`MinPk`]: public keys in G1 (48-byte compressed), signatures and
//!   message hashes in G2 (96 bytes), ciphersuites
//!   `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_{NUL,AUG,POP}_` (Ethereum's
//!   consensus layer uses the POP one);
//! - [`MinSig`]: public keys in G2, signatures in G1,
//!   `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_{NUL,AUG,POP}_`.
//!
//! Three schemes ([`Scheme`]), which differ in how they stop rogue-key
//! attacks on aggregates:
//! - [`Basic`] (`NUL`): `aggregate_verify` requires distinct messages;
//! - [`Aug`] (`AUG`): every message is signed as `pk || m`, the signer's
//!   compressed public key first;
//! - [`Pop`] (`POP`): public keys come with a proof of possession
//!   ([`Pop::pop_prove`], [`Pop::pop_verify`], a signature of the key's
//!   own encoding under the DST `BLS_POP_..._POP_`), which allows
//!   [`Pop::fast_aggregate_verify`] of many keys on one message, and
//!   `aggregate_verify` on many messages that may repeat.
//!
//! Every scheme has the draft's AggregateVerify on many messages,
//! [`Scheme::aggregate_verify`] (`Basic::aggregate_verify`,
//! `Aug::aggregate_verify`, `Pop::aggregate_verify`); only Basic requires
//! the messages to be distinct.
//!
//! Types and validation:
//! - [`SecretKey`] (keys.rs): [`SecretKey::key_gen`] (the draft's HKDF
//!   KeyGen), 32-byte encodings: big-endian by default
//!   ([`SecretKey::from_bytes`], [`SecretKey::to_bytes`]: the draft's
//!   I2OSP, as the C ABI), little-endian on request
//!   ([`SecretKey::from_bytes_le`], [`SecretKey::to_bytes_le`]: as OCaml's
//!   `Signature.sk_of_bytes_exn` and ocaml-bls12-381); its scalar is used
//!   in constant time only (`Jacobian::mul`) and overwritten with zeros
//!   when the key is dropped.
//! - [`PublicKey`]: always valid (the draft's KeyValidate: decodes, lies
//!   in the order-r subgroup, is not the identity), checked once when it
//!   is made.
//! - [`Signature`]: a point on the curve. [`Signature::from_bytes`] also
//!   checks the subgroup; [`Signature::from_bytes_unchecked`] leaves that
//!   check to the verification functions, which run it (the draft's
//!   `signature_subgroup_check`) on signatures not yet checked: for
//!   [`MinPk`] inside the Miller loop at almost no cost
//!   ([`crate::pairing_check_g2_checked_vartime`]).
//!
//! Every verification function returns `Ok(())` for VALID and an
//! [`Error`] for INVALID: [`Error::InvalidSignature`] when the pairing
//! equation fails, or the reason the inputs were rejected before it
//! ([`Error::NotInSubgroup`], [`Error::IdentityPublicKey`],
//! [`Error::EmptyInput`], [`Error::DuplicateMessage`],
//! [`Error::CountMismatch`]).
//!
//! Signing is constant time in the secret key. Verification, aggregation
//! and batch verification work on public data and are variable time.
//!
//! ```
//! use bls12_381_core::sig::{MinPk, Pop, Scheme, SecretKey};
//! let sk = SecretKey::key_gen(&[7u8; 32], b"").unwrap();
//! let pk = sk.public_key::<MinPk>();
//! let sig = Pop::sign::<MinPk>(&sk, b"message");
//! assert!(Pop::verify(&pk, b"message", &sig).is_ok());
//! assert!(Pop::verify(&pk, b"other", &sig).is_err());
//! ```

mod batch;
mod hkdf;
mod keys;
mod schemes;

pub use keys::SecretKey;
pub use schemes::{Aug, Basic, Pop, Scheme};

use crate::curve::{Affine, Compressed, G1Affine, G1Projective, G2Affine, G2Projective, Jacobian, G1, G2};
use crate::msm::MsmCurve;
use crate::{pairing_check, pairing_check_g2_checked_vartime, Error};

/// One of the two variants, [`MinPk`] or [`MinSig`]: which group holds the
/// public keys and which the signatures. Sealed.
pub trait Variant: sealed::VariantHooks + Copy + core::fmt::Debug + Send + Sync + 'static {
    /// The public keys' curve (G1 for [`MinPk`]).
    type PkCurve: MsmCurve;
    /// The signatures' curve, into which messages are hashed (G2 for
    /// [`MinPk`]).
    type SigCurve: MsmCurve;
}

/// Public keys in G1 (48 bytes compressed), signatures in G2 (96 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinPk {}

/// Public keys in G2 (96 bytes compressed), signatures in G1 (48 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinSig {}

/// The seal of [`Variant`] and [`Scheme`] (implemented here only) and
/// the hooks their provided methods call: the ciphersuites' DSTs, the
/// hash into the signature group, the pairing check in the variant's
/// order.
pub(crate) mod sealed {
    use super::{Error, G1Affine, G2Affine, Variant};
    use crate::curve::{Affine, Jacobian};

    pub trait Sealed {}
    impl Sealed for super::MinPk {}
    impl Sealed for super::MinSig {}
    impl Sealed for super::Basic {}
    impl Sealed for super::Aug {}
    impl Sealed for super::Pop {}

    /// The variant-specific part of [`Variant`].
    pub trait VariantHooks: Sealed {
        /// The ciphersuites' DSTs, indexed by [`SchemeHooks::INDEX`] (Basic,
        /// Aug, Pop), then the DST of the proofs of possession.
        const DSTS: [&'static [u8]; 4];
        /// `hash_to_curve` into the signature group (RFC 9380, `_RO_` suite of
        /// that group), constant time in the message.
        fn hash(msg: &[u8], dst: &[u8]) -> Jacobian<<Self as Variant>::SigCurve>
        where
            Self: Variant;
        /// [`VariantHooks::hash`] of a public message (verification): the
        /// same point, its cofactor cleared in variable time (G1: the runs
        /// of doublings with the field kernels inlined; G2: on the IFMA
        /// lanes where the CPU has them).
        fn hash_vartime(msg: &[u8], dst: &[u8]) -> Jacobian<<Self as Variant>::SigCurve>
        where
            Self: Variant;
        /// The pair `(P, Q)` of G1 x G2 whose pairing is e(pk, h) in the
        /// variant's order.
        fn pair(
            pk: &Affine<<Self as Variant>::PkCurve>,
            h: &Affine<<Self as Variant>::SigCurve>,
        ) -> (G1Affine, G2Affine)
        where
            Self: Variant;
        /// Whether `prod e(pairs) e(-g, sig) = 1`, g the public keys'
        /// generator; with `check_sig`, also whether `sig` is in its subgroup
        /// ([`Error::NotInSubgroup`] if not). The points of `pairs` are in
        /// their subgroups. Variable time.
        fn check(
            pairs: Vec<(G1Affine, G2Affine)>,
            sig: &Affine<<Self as Variant>::SigCurve>,
            check_sig: bool,
        ) -> Result<bool, Error>
        where
            Self: Variant;
    }

    /// The scheme-specific part of [`super::Scheme`].
    pub trait SchemeHooks: Sealed {
        /// The scheme's place in [`VariantHooks::DSTS`] (0 Basic, 1 Aug, 2 Pop).
        const INDEX: usize;
    }
}

/// `impl Variant for $v`: keys on `$pk`, signatures and hashes on `$sig`
/// (named `$h` in the ciphersuites, "G1" or "G2"), with the variant's
/// `pair` and `check` given as `$items`.
macro_rules! variant {
    ($v:ident, $pk:ident, $sig:ident, $h:literal, $hash_vartime:path, $($items:item)*) => {
        impl Variant for $v {
            type PkCurve = $pk;
            type SigCurve = $sig;
        }

        impl sealed::VariantHooks for $v {
            const DSTS: [&'static [u8]; 4] = [
                concat!("BLS_SIG_BLS12381", $h, "_XMD:SHA-256_SSWU_RO_NUL_").as_bytes(),
                concat!("BLS_SIG_BLS12381", $h, "_XMD:SHA-256_SSWU_RO_AUG_").as_bytes(),
                concat!("BLS_SIG_BLS12381", $h, "_XMD:SHA-256_SSWU_RO_POP_").as_bytes(),
                concat!("BLS_POP_BLS12381", $h, "_XMD:SHA-256_SSWU_RO_POP_").as_bytes(),
            ];

            fn hash(msg: &[u8], dst: &[u8]) -> Jacobian<$sig> {
                Jacobian::<$sig>::hash_to_curve(msg, dst)
            }

            fn hash_vartime(msg: &[u8], dst: &[u8]) -> Jacobian<$sig> {
                $hash_vartime(msg, dst)
            }

            $($items)*
        }
    };
}

variant! {
    MinPk, G1, G2, "G2", G2Projective::hash_to_curve_vartime,
    fn pair(pk: &G1Affine, h: &G2Affine) -> (G1Affine, G2Affine) {
        (*pk, *h)
    }
    fn check(mut pairs: Vec<(G1Affine, G2Affine)>, sig: &G2Affine, check_sig: bool) -> Result<bool, Error> {
        pairs.push((G1Affine::generator().neg(), *sig));
        if check_sig {
            // Scott's test on the Miller loop's own [|z|]Q of every G2
            // point: the signature's, and the hashes' (in G2 by
            // construction, so they pass).
            pairing_check_g2_checked_vartime(&pairs)
        } else {
            Ok(pairing_check(&pairs))
        }
    }
}

variant! {
    MinSig, G2, G1, "G1", G1Projective::hash_to_curve_vartime,
    fn pair(pk: &G2Affine, h: &G1Affine) -> (G1Affine, G2Affine) {
        (*h, *pk)
    }
    fn check(pairs: Vec<(G1Affine, G2Affine)>, sig: &G1Affine, check_sig: bool) -> Result<bool, Error> {
        if check_sig && !bool::from(sig.is_torsion_free()) {
            return Err(Error::NotInSubgroup);
        }
        // The G2 generator's lines are computed once (GENERATOR_LINES).
        let f = crate::pairing::miller_loop_mixed_up_to_fp2(&pairs, &[(sig.neg(), generator_lines())]);
        let g: Option<crate::Gt> = crate::final_exponentiation(&f).into();
        Ok(g.is_some_and(|g| bool::from(g.is_identity())))
    }
}

/// The Miller loop's lines of the G2 generator, for MinSig's pair
/// (-sig, g2), computed on first use.
fn generator_lines() -> &'static crate::G2Prepared {
    static LINES: std::sync::OnceLock<crate::G2Prepared> = std::sync::OnceLock::new();
    LINES.get_or_init(|| crate::G2Prepared::new(&G2Affine::generator()))
}

/// A public key: a point of the variant's public-key group that passed the
/// draft's KeyValidate (in the order-r subgroup, not the identity).
#[derive(Clone, Copy, Debug)]
pub struct PublicKey<V: Variant>(pub(crate) Affine<V::PkCurve>);

impl<V: Variant> PartialEq for PublicKey<V> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<V: Variant> Eq for PublicKey<V> {}

impl<V: Variant> PublicKey<V> {
    /// Decodes a compressed public key (48 bytes for [`MinPk`], 96 for
    /// [`MinSig`]) and runs KeyValidate: the decoder's errors (length,
    /// flags, canonical, on the curve, [`Error::NotInSubgroup`]), then
    /// [`Error::IdentityPublicKey`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        // The decoder without its subgroup check (it checks the curve
        // equation): the check below is the only one, as KeyValidate's.
        Self::key_validate(Affine::from_compressed_unchecked(bytes)?)
    }

    /// A public key from a point, after KeyValidate: [`Error::NotOnCurve`],
    /// [`Error::NotInSubgroup`] or [`Error::IdentityPublicKey`].
    pub fn from_point(p: Affine<V::PkCurve>) -> Result<Self, Error> {
        if !bool::from(p.is_on_curve()) {
            return Err(Error::NotOnCurve);
        }
        Self::key_validate(p)
    }

    /// KeyValidate for a point on the curve: [`Error::IdentityPublicKey`]
    /// for the identity, [`Error::NotInSubgroup`] for a point outside the
    /// order-r subgroup.
    fn key_validate(p: Affine<V::PkCurve>) -> Result<Self, Error> {
        if bool::from(p.is_identity()) {
            return Err(Error::IdentityPublicKey);
        }
        if !bool::from(p.is_torsion_free()) {
            return Err(Error::NotInSubgroup);
        }
        Ok(PublicKey(p))
    }

    /// The compressed encoding.
    pub fn to_bytes(&self) -> Compressed<V::PkCurve> {
        self.0.to_compressed()
    }

    /// The point.
    pub fn point(&self) -> Affine<V::PkCurve> {
        self.0
    }

    /// The sum of public keys (the key a multi-signature on one message
    /// verifies under): [`Error::EmptyInput`] for none,
    /// [`Error::IdentityPublicKey`] if the sum is the identity. Variable
    /// time.
    pub fn aggregate(pks: &[PublicKey<V>]) -> Result<Self, Error> {
        if pks.is_empty() {
            return Err(Error::EmptyInput);
        }
        let points: Vec<Affine<V::PkCurve>> = pks.iter().map(|pk| pk.0).collect();
        let sum = crate::msm::sum_affine_vartime(&points).to_affine_vartime();
        if bool::from(sum.is_identity()) {
            return Err(Error::IdentityPublicKey);
        }
        Ok(PublicKey(sum))
    }
}

/// A signature: a point on the variant's signature curve, with whether it
/// is known to lie in the order-r subgroup (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct Signature<V: Variant> {
    pub(crate) point: Affine<V::SigCurve>,
    /// Whether `point` was checked to be in the subgroup (or made in it).
    pub(crate) in_group: bool,
}

impl<V: Variant> PartialEq for Signature<V> {
    fn eq(&self, other: &Self) -> bool {
        self.point == other.point
    }
}

impl<V: Variant> Eq for Signature<V> {}

impl<V: Variant> Signature<V> {
    /// Decodes a compressed signature (96 bytes for [`MinPk`], 48 for
    /// [`MinSig`]) with every check, the subgroup included: the decoder's
    /// errors. The identity is a valid signature point.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        Ok(Signature { point: Affine::from_compressed(bytes)?, in_group: true })
    }

    /// Decodes a compressed signature without the subgroup check (length,
    /// flags, canonical, on the curve): the verification functions run it
    /// (for [`MinPk`], inside the Miller loop), [`Aggregate`] too.
    ///
    /// [`Aggregate`]: aggregate
    pub fn from_bytes_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        Ok(Signature { point: Affine::from_compressed_unchecked(bytes)?, in_group: false })
    }

    /// A signature from a point, after the curve and subgroup checks
    /// ([`Error::NotOnCurve`], [`Error::NotInSubgroup`]).
    pub fn from_point(p: Affine<V::SigCurve>) -> Result<Self, Error> {
        if !bool::from(p.is_on_curve()) {
            return Err(Error::NotOnCurve);
        }
        let s = Signature::<V> { point: p, in_group: false };
        s.subgroup_check()?;
        Ok(Signature { point: p, in_group: true })
    }

    /// The compressed encoding.
    pub fn to_bytes(&self) -> Compressed<V::SigCurve> {
        self.point.to_compressed()
    }

    /// The point.
    pub fn point(&self) -> Affine<V::SigCurve> {
        self.point
    }

    /// The draft's `signature_subgroup_check`: [`Error::NotInSubgroup`]
    /// unless the point is in the order-r subgroup.
    pub fn subgroup_check(&self) -> Result<(), Error> {
        if self.in_group || bool::from(self.point.is_torsion_free()) {
            Ok(())
        } else {
            Err(Error::NotInSubgroup)
        }
    }
}

/// The draft's Aggregate: the sum of the signatures, each checked to be in
/// the subgroup first (all at once, `msm::batch_is_torsion_free`):
/// [`Error::NotInSubgroup`] for one outside, [`Error::EmptyInput`] for
/// none. The same for every scheme. Variable time.
pub fn aggregate<V: Variant>(sigs: &[Signature<V>]) -> Result<Signature<V>, Error> {
    if sigs.is_empty() {
        return Err(Error::EmptyInput);
    }
    let points: Vec<Affine<V::SigCurve>> = sigs.iter().map(|s| s.point).collect();
    subgroup_check_all(sigs)?;
    let sum = crate::msm::sum_affine_vartime(&points).to_affine_vartime();
    Ok(Signature { point: sum, in_group: true })
}

/// [`Error::NotInSubgroup`] unless every signature not yet checked is in
/// its subgroup (one batched check).
pub(crate) fn subgroup_check_all<V: Variant>(sigs: &[Signature<V>]) -> Result<(), Error> {
    let unchecked: Vec<Affine<V::SigCurve>> = sigs.iter().filter(|s| !s.in_group).map(|s| s.point).collect();
    if crate::msm::batch_is_torsion_free(&unchecked).contains(&false) {
        return Err(Error::NotInSubgroup);
    }
    Ok(())
}

/// H(m) for verification (the message is public: variable-time affine
/// conversion).
fn hashed<V: Variant>(msg: &[u8], dst: &[u8]) -> Affine<V::SigCurve> {
    V::hash_vartime(msg, dst).to_affine_vartime()
}

/// The draft's CoreAggregateVerify on already hashed messages: whether
/// `prod e(pk_i, h_i) = e(g, sig)`, checking the signature's subgroup if
/// it was not. Variable time.
fn core_check<V: Variant>(
    pks: &[Affine<V::PkCurve>],
    hashes: &[Affine<V::SigCurve>],
    sig: &Signature<V>,
) -> Result<(), Error> {
    let pairs = pks.iter().zip(hashes).map(|(pk, h)| V::pair(pk, h)).collect();
    if V::check(pairs, &sig.point, !sig.in_group)? {
        Ok(())
    } else {
        Err(Error::InvalidSignature)
    }
}
