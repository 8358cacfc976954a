//! The three schemes of the draft (section 3): Basic, message
//! Augmentation and Proof of Possession, each for both variants: one
//! trait, [`Scheme`], whose provided methods are generic over the
//! [`Variant`] and read the scheme's two choices (its DST, and whether
//! messages are prefixed with the public key) from its constants.

use super::{core_check, hashed, PublicKey, SecretKey, Signature, Variant};
use crate::curve::Affine;
use crate::Error;
use std::borrow::Cow;

/// The Basic scheme (draft section 3.1, DST tag `NUL`): rogue-key attacks
/// are stopped by requiring the messages of an aggregate to be distinct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basic {}

/// The message Augmentation scheme (section 3.2, tag `AUG`): each signer
/// signs `PK || message`, PK its compressed public key, so messages of
/// different signers always differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aug {}

/// The Proof of Possession scheme (section 3.3, tag `POP`): each public
/// key is registered with a proof that its owner holds the secret key
/// ([`Pop::pop_prove`], [`Pop::pop_verify`]); then signatures on one
/// message aggregate under the sum of the keys
/// ([`Pop::fast_aggregate_verify`]), and signatures on many messages,
/// equal or not, verify by [`Scheme::aggregate_verify`] (the draft's
/// AggregateVerify of this scheme is CoreAggregateVerify: the proofs,
/// not distinct messages, stop rogue keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pop {}

/// A scheme of the draft: [`Basic`], [`Aug`] or [`Pop`] (sealed). Its
/// operations are the provided methods, generic over the variant:
/// `Pop::sign::<MinPk>(&sk, msg)`, `Pop::verify(&pk, msg, &sig)`.
pub trait Scheme: super::sealed::SchemeHooks + Copy + core::fmt::Debug + 'static {
    /// Whether messages are signed as `PK || message` (Aug).
    const AUGMENTED: bool;
    /// Whether `aggregate_verify` requires distinct messages (Basic).
    const DISTINCT_MESSAGES: bool;

    /// The ciphersuite's DST, e.g.
    /// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` for `Pop` and
    /// [`super::MinPk`].
    fn dst<V: Variant>() -> &'static [u8] {
        V::DSTS[Self::INDEX]
    }

    /// The bytes hashed for `msg` signed under `pk`: `msg` itself, or for
    /// Aug the compressed `pk` followed by `msg`.
    fn message<'a, V: Variant>(pk: &PublicKey<V>, msg: &'a [u8]) -> Cow<'a, [u8]> {
        if Self::AUGMENTED {
            let pk = pk.to_bytes();
            let mut m = Vec::with_capacity(pk.as_ref().len() + msg.len());
            m.extend_from_slice(pk.as_ref());
            m.extend_from_slice(msg);
            Cow::Owned(m)
        } else {
            Cow::Borrowed(msg)
        }
    }

    /// Sign: CoreSign(SK, message) with the scheme's DST (for Aug, of
    /// `SkToPk(SK) || message`). Constant time in the secret key and the
    /// message (their lengths are public).
    fn sign<V: Variant>(sk: &SecretKey, msg: &[u8]) -> Signature<V> {
        if Self::AUGMENTED {
            let pk = sk.public_key::<V>();
            sk.core_sign(&Self::message(&pk, msg), Self::dst::<V>())
        } else {
            sk.core_sign(msg, Self::dst::<V>())
        }
    }

    /// Verify: CoreVerify(PK, message, signature), `e(pk, H(m)) =
    /// e(g, sig)`, after the signature's subgroup check if it was not
    /// made ([`Error::NotInSubgroup`]); [`Error::InvalidSignature`] when
    /// the equation fails. (`pk` passed KeyValidate when it was made.)
    /// Variable time.
    fn verify<V: Variant>(pk: &PublicKey<V>, msg: &[u8], sig: &Signature<V>) -> Result<(), Error> {
        let h = hashed::<V>(&Self::message(pk, msg), Self::dst::<V>());
        core_check(&[pk.0], &[h], sig)
    }

    /// AggregateVerify: `prod_i e(pk_i, H(m_i)) = e(g, sig)` for a
    /// signature aggregated ([`super::aggregate`]) from signatures of
    /// `msgs[i]` under `pks[i]` (for Aug, `H(pk_i || m_i)`). Basic
    /// requires distinct messages (section 3.1.1); Aug (3.2.3) and Pop
    /// (3.3, CoreAggregateVerify, for keys whose proofs were checked)
    /// accept repeated ones. Errors: [`Error::CountMismatch`] for
    /// slices of different lengths, [`Error::EmptyInput`] for none,
    /// [`Error::DuplicateMessage`] (Basic) when two messages are equal,
    /// then as [`Scheme::verify`]. Variable time.
    fn aggregate_verify<V: Variant>(pks: &[PublicKey<V>], msgs: &[&[u8]], sig: &Signature<V>) -> Result<(), Error> {
        if pks.len() != msgs.len() {
            return Err(Error::CountMismatch { keys: pks.len(), messages: msgs.len() });
        }
        if pks.is_empty() {
            return Err(Error::EmptyInput);
        }
        if Self::DISTINCT_MESSAGES {
            let mut sorted: Vec<&[u8]> = msgs.to_vec();
            sorted.sort_unstable();
            if sorted.windows(2).any(|w| w[0] == w[1]) {
                return Err(Error::DuplicateMessage);
            }
        }
        let dst = Self::dst::<V>();
        let points: Vec<Affine<V::PkCurve>> = pks.iter().map(|pk| pk.0).collect();
        let hashes: Vec<Affine<V::SigCurve>> =
            pks.iter().zip(msgs).map(|(pk, m)| hashed::<V>(&Self::message(pk, m), dst)).collect();
        core_check(&points, &hashes, sig)
    }

    /// Batch verification of independent signatures `sets[i] = (pk_i,
    /// m_i, sig_i)`, each of which must pass [`Scheme::verify`]: with
    /// random nonzero 128-bit scalars c_i drawn from `rng`, whether
    /// `prod_i e(c_i pk_i, H(m_i)) = e(g, sum_i c_i sig_i)` (c_i on the
    /// G1 side of each pair), after the subgroup checks of the signatures
    /// not yet checked (all at once). A set with an invalid signature
    /// passes with probability at most 2^-127 over the scalars (see
    /// `batch.rs`), and the verdict is then that of every set; which set
    /// failed is not told. [`Error::EmptyInput`] for no set. Variable
    /// time (public data).
    fn batch_verify<V: Variant>(
        sets: &[(PublicKey<V>, &[u8], Signature<V>)],
        rng: &mut (impl rand_core::RngCore + rand_core::CryptoRng),
    ) -> Result<(), Error> {
        super::batch::verify::<V, Self>(sets, |_| super::batch::random_scalar(rng))
    }

    /// [`Scheme::batch_verify`] with the scalars derived from the inputs
    /// instead of drawn: c_i are 128-bit values of SHA-256 over `seed`,
    /// the ciphersuite and every public key, message and signature (the
    /// transcript in `batch.rs`). No randomness is needed, and since the
    /// scalars depend on all the signatures an attacker cannot choose
    /// signatures after seeing them; finding a forged set that passes
    /// costs about 2^127 hash and pairing evaluations. `seed` may be empty,
    /// or any bytes the caller adds (for example fresh randomness).
    fn batch_verify_derived<V: Variant>(
        sets: &[(PublicKey<V>, &[u8], Signature<V>)],
        seed: &[u8],
    ) -> Result<(), Error> {
        let scalars = super::batch::derived_scalars::<V, Self>(sets, seed);
        super::batch::verify::<V, Self>(sets, |i| scalars[i])
    }
}

impl super::sealed::SchemeHooks for Basic {
    const INDEX: usize = 0;
}

impl Scheme for Basic {
    const AUGMENTED: bool = false;
    const DISTINCT_MESSAGES: bool = true;
}

impl super::sealed::SchemeHooks for Aug {
    const INDEX: usize = 1;
}

impl Scheme for Aug {
    const AUGMENTED: bool = true;
    const DISTINCT_MESSAGES: bool = false;
}

impl super::sealed::SchemeHooks for Pop {
    const INDEX: usize = 2;
}

impl Scheme for Pop {
    const AUGMENTED: bool = false;
    const DISTINCT_MESSAGES: bool = false;
}

impl Pop {
    /// The DST of the proofs of possession,
    /// `BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` (MinPk) or `..G1..`.
    pub fn pop_dst<V: Variant>() -> &'static [u8] {
        V::DSTS[3]
    }

    /// PopProve(SK): the signature of the compressed public key under the
    /// POP DST. Constant time in the key.
    pub fn pop_prove<V: Variant>(sk: &SecretKey) -> Signature<V> {
        let pk = sk.public_key::<V>();
        sk.core_sign(pk.to_bytes().as_ref(), Self::pop_dst::<V>())
    }

    /// PopVerify(PK, proof): `e(pk, H_pop(PK)) = e(g, proof)`, with the
    /// same errors as [`Scheme::verify`]. Variable time.
    pub fn pop_verify<V: Variant>(pk: &PublicKey<V>, proof: &Signature<V>) -> Result<(), Error> {
        let h = hashed::<V>(pk.to_bytes().as_ref(), Self::pop_dst::<V>());
        core_check(&[pk.0], &[h], proof)
    }

    /// FastAggregateVerify(PK_1..PK_n, message, signature): Verify under
    /// the sum of the keys. Only for keys whose proofs of possession were
    /// checked. Errors: [`Error::EmptyInput`] for no key,
    /// [`Error::IdentityPublicKey`] if the keys sum to the identity, then
    /// as [`Scheme::verify`]. Variable time.
    pub fn fast_aggregate_verify<V: Variant>(
        pks: &[PublicKey<V>],
        msg: &[u8],
        sig: &Signature<V>,
    ) -> Result<(), Error> {
        let pk = PublicKey::aggregate(pks)?;
        Self::verify(&pk, msg, sig)
    }
}
