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
        }
    }
}

impl std::error::Error for Error {}
