use core::fmt;

/// Why an input was rejected.
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
    /// Arrays that must have equal lengths (points and scalars of a
    /// multi-scalar multiplication) do not.
    LengthMismatch {
        /// The number of points.
        points: usize,
        /// The number of scalars.
        scalars: usize,
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
            Error::LengthMismatch { .. } => 9,
            // 10 is the C ABI's null pointer, 11 to 18 its EIP-2537 codes.
            Error::InvalidDomainSize { .. } => 19,
            Error::NotPrimitiveRoot => 20,
            Error::DomainLengthMismatch { .. } => 21,
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
            Error::InvalidOutputLength => {
                f.write_str("hash output length out of range for expand_message_xmd")
            }
            Error::LengthMismatch { points, scalars } => {
                write!(f, "length mismatch: {points} points but {scalars} scalars")
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
        }
    }
}

impl std::error::Error for Error {}
