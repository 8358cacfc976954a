use core::fmt;

/// Why an input was rejected.
///
/// Each variant has a stable numeric code ([`Error::code`], the C ABI's
/// `bls12_381_error`). A mismatch of lengths is named by what was compared,
/// one variant per kind of operation, all three with code 9
/// (`BLS12_381_ERR_LENGTH_MISMATCH`):
///
/// | operation | variant |
/// |---|---|
/// | multi-scalar multiplication (`msm::*`) | [`Error::LengthMismatch`] `{ points, scalars }` |
/// | [`Fr::inner_product`](crate::Fr::inner_product) | [`Error::VectorLengthMismatch`] `{ left, right }` |
/// | GT multi-exponentiation ([`msm::gt`](crate::msm::gt)) | [`Error::ExponentCountMismatch`] `{ bases, exponents }` |
///
/// Earlier versions reported `LengthMismatch { points, scalars }` for the
/// inner product and the GT multi-exponentiation too. Code that matched
/// that variant for them should match the new ones, or test
/// `code() == 9`, which holds for all three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The input has the wrong number of bytes.
    InvalidLength {
        /// The length the decoder takes.
        expected: usize,
        /// The length it was given.
        got: usize,
    },
    /// An integer is not below its modulus.
    NotCanonical,
    /// Zero has no inverse.
    NotInvertible,
    /// The element has no square root.
    NotSquare,
    /// The flag bits of a point encoding are inconsistent with its length
    /// or contents.
    InvalidFlags,
    /// The coordinates do not satisfy the curve equation.
    NotOnCurve,
    /// The point is on the curve but outside the order-r subgroup.
    NotInSubgroup,
    /// A hash output length outside what expand_message_xmd allows.
    InvalidOutputLength,
    /// A multi-scalar multiplication was given not as many scalars as
    /// points.
    LengthMismatch {
        /// The number of points.
        points: usize,
        /// The number of scalars.
        scalars: usize,
    },
    /// The two vectors of an inner product have different lengths.
    VectorLengthMismatch {
        /// The length of the first vector.
        left: usize,
        /// The length of the second vector.
        right: usize,
    },
    /// A multi-exponentiation was given not as many exponents as bases.
    ExponentCountMismatch {
        /// The number of bases.
        bases: usize,
        /// The number of exponents.
        exponents: usize,
    },
    /// An FFT domain size that is not a power of two between 1 and 2^32
    /// (the 2-adicity of r - 1 is 32: larger power-of-two domains have no
    /// root of unity in Fr).
    InvalidDomainSize {
        /// The size asked for.
        size: u64,
    },
    /// A given domain generator is not a primitive root of unity of the
    /// domain's size (its order is not exactly the size).
    NotPrimitiveRoot,
    /// The values given to a transform are not as many as its domain's
    /// points.
    DomainLengthMismatch {
        /// The domain's size.
        domain: u64,
        /// The number of values.
        values: u64,
    },
    /// A secret key of zero (BLS secret keys are in [1, r)).
    ZeroSecretKey,
    /// Key material for KeyGen shorter than the 32 bytes the draft asks.
    KeyMaterialTooShort {
        /// The length given.
        len: usize,
    },
    /// A public key that is the identity (rejected by KeyValidate), or
    /// public keys that sum to it.
    IdentityPublicKey,
    /// An aggregate, aggregate verification or batch of no item.
    EmptyInput,
    /// Two equal messages in an aggregate verification of the Basic
    /// scheme, which requires distinct messages.
    DuplicateMessage,
    /// As many public keys as messages were expected.
    CountMismatch {
        /// The number of public keys.
        keys: usize,
        /// The number of messages.
        messages: usize,
    },
    /// The signature does not verify: the pairing equation fails.
    InvalidSignature,
}

impl Error {
    /// The stable numeric code of this error (the C ABI's `bls12_381_error`).
    pub const fn code(&self) -> i32 {
        match self {
            Error::InvalidLength { .. } => 1,
            Error::NotCanonical => 2,
            Error::NotInvertible => 3,
            Error::NotSquare => 4,
            Error::InvalidFlags => 5,
            Error::NotOnCurve => 6,
            Error::NotInSubgroup => 7,
            Error::InvalidOutputLength => 8,
            Error::LengthMismatch { .. } | Error::VectorLengthMismatch { .. } | Error::ExponentCountMismatch { .. } => {
                9
            }
            // 10 is the C ABI's null pointer, 11 to 18 its EIP-2537 codes.
            Error::InvalidDomainSize { .. } => 19,
            Error::NotPrimitiveRoot => 20,
            Error::DomainLengthMismatch { .. } => 21,
            Error::ZeroSecretKey => 22,
            Error::KeyMaterialTooShort { .. } => 23,
            Error::IdentityPublicKey => 24,
            Error::EmptyInput => 25,
            Error::DuplicateMessage => 26,
            Error::CountMismatch { .. } => 27,
            Error::InvalidSignature => 28,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidLength { expected, got } => {
                write!(f, "invalid length: expected {expected} bytes, got {got}")
            }
            Error::NotCanonical => f.write_str("integer not below the modulus"),
            Error::NotInvertible => f.write_str("zero is not invertible"),
            Error::NotSquare => f.write_str("element is not a square"),
            Error::InvalidFlags => f.write_str("invalid flag bits in a point encoding"),
            Error::NotOnCurve => f.write_str("point not on the curve"),
            Error::NotInSubgroup => f.write_str("point not in the prime-order subgroup"),
            Error::InvalidOutputLength => f.write_str("hash output length out of range for expand_message_xmd"),
            Error::LengthMismatch { points, scalars } => {
                write!(f, "length mismatch: {points} points but {scalars} scalars")
            }
            Error::VectorLengthMismatch { left, right } => {
                write!(f, "length mismatch: vectors of {left} and {right} elements")
            }
            Error::ExponentCountMismatch { bases, exponents } => {
                write!(f, "length mismatch: {bases} bases but {exponents} exponents")
            }
            Error::InvalidDomainSize { size } => {
                write!(f, "FFT domain size {size} is not a power of two between 1 and 2^32")
            }
            Error::NotPrimitiveRoot => {
                f.write_str("domain generator is not a primitive root of unity of the domain's size")
            }
            Error::DomainLengthMismatch { domain, values } => {
                write!(f, "length mismatch: a domain of {domain} points but {values} values")
            }
            Error::ZeroSecretKey => f.write_str("the secret key is zero"),
            Error::KeyMaterialTooShort { len } => {
                write!(f, "key material of {len} bytes: KeyGen needs at least 32")
            }
            Error::IdentityPublicKey => f.write_str("the public key is the identity"),
            Error::EmptyInput => f.write_str("no signature, key or message given"),
            Error::DuplicateMessage => {
                f.write_str("two messages are equal (the Basic scheme requires distinct messages)")
            }
            Error::CountMismatch { keys, messages } => {
                write!(f, "count mismatch: {keys} public keys but {messages} messages")
            }
            Error::InvalidSignature => f.write_str("the signature does not verify"),
        }
    }
}

impl std::error::Error for Error {}
