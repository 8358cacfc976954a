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
}

impl Error {
    /// The stable numeric code of this error (the C ABI's `bls12_381_error`).
    pub const fn code(&self) -> i32 {
        match self {
            Error::InvalidLength { .. } => 1,
            Error::NotCanonical => 2,
            Error::NotInvertible => 3,
            Error::NotSquare => 4,
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
        }
    }
}

impl std::error::Error for Error {}
