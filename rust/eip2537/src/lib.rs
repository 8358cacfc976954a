//! # bls12-381-eip2537
//!
//! The seven BLS12-381 precompiles of EIP-2537 as the EIP was finalised
//! (Prague/Pectra), over `bls12-381-core`: byte-exact inputs and outputs,
//! every error the EIP lists as its own [`Error`] variant, and the EIP's gas.
//!
//! | address | precompile | input | output |
//! |---|---|---|---|
//! | 0x0b | G1ADD | 2 G1 points (256 B) | G1 point |
//! | 0x0c | G1MSM | k (G1 point, scalar) pairs, k x 160 B | G1 point |
//! | 0x0d | G2ADD | 2 G2 points (512 B) | G2 point |
//! | 0x0e | G2MSM | k (G2 point, scalar) pairs, k x 288 B | G2 point |
//! | 0x0f | PAIRING_CHECK | k (G1, G2) pairs, k x 384 B | 32 B, 1 or 0 |
//! | 0x10 | MAP_FP_TO_G1 | Fp (64 B) | G1 point |
//! | 0x11 | MAP_FP2_TO_G2 | Fp2 (128 B) | G2 point |
//!
//! Encodings (module `codec`): Fp is 64 bytes big-endian whose top 16
//! bytes must be zero, below p; Fp2 is `c0 || c1`; a point is `x || y`,
//! all zeros for the point at infinity; a scalar is 32 bytes big-endian of
//! any value. ADD checks that its points are on the curve; MSM and
//! PAIRING_CHECK also check that they are in the order-r subgroup. The
//! earlier draft's G1MUL/G2MUL are MSM with k = 1.
//!
//! Gas (module [`gas`]): [`Precompile::gas`] is what a client charges
//! before running; [`Output::gas`] is the same number for a call that
//! succeeded.
//!
//! ```
//! use bls12_381_eip2537::{run, Precompile};
//! // MAP_FP_TO_G1 of the field element 0.
//! let out = run(0x10, &[0u8; 64]).unwrap();
//! assert_eq!((out.bytes.len(), out.gas), (128, 5500));
//! assert_eq!(Precompile::G1Msm.gas(3 * 160), 30528);
//! assert!(Precompile::PairingCheck.run(&[]).is_err());
//! ```
//!
//! No input makes a call panic: every length is checked before the input
//! is cut, and the only allocations (the MSM's and pairing's lists) are
//! proportional to the length of the input itself.
//!
//! The default feature `cli` builds the command line `bls12-381-eip2537`
//! and the benchmark inputs it shares with rust/bench (module `workload`);
//! a library user takes the crate with `default-features = false`, which
//! leaves both out (and their dependency, serde_json).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod codec;
pub mod gas;
mod ops;
#[cfg(feature = "cli")]
pub mod workload;

use core::fmt;

/// The seven precompiles, with their mainnet addresses as discriminants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precompile {
    /// BLS12_G1ADD (0x0b).
    G1Add = 0x0b,
    /// BLS12_G1MSM (0x0c).
    G1Msm = 0x0c,
    /// BLS12_G2ADD (0x0d).
    G2Add = 0x0d,
    /// BLS12_G2MSM (0x0e).
    G2Msm = 0x0e,
    /// BLS12_PAIRING_CHECK (0x0f).
    PairingCheck = 0x0f,
    /// BLS12_MAP_FP_TO_G1 (0x10).
    MapFpToG1 = 0x10,
    /// BLS12_MAP_FP2_TO_G2 (0x11).
    MapFp2ToG2 = 0x11,
}

/// The result of a successful call: the output bytes and the gas used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// The encoded result (a point, or the pairing check's 32 bytes).
    pub bytes: Vec<u8>,
    /// The gas the call costs ([`Precompile::gas`] of the input length).
    pub gas: u64,
}

/// Why a call failed: one variant per error case of the EIP. In the EVM
/// every failure consumes all the gas given to the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// MSM or PAIRING_CHECK called with no bytes (k = 0): the EIP makes the
    /// empty input an error although the empty sum and product are defined.
    EmptyInput,
    /// The input length is wrong: not `expected` bytes (ADD, MAP; this
    /// includes an empty input), or not a multiple of the pair size
    /// `expected` (MSM, PAIRING_CHECK; `multiple` is then set).
    InvalidInputLength {
        /// The required length, or the pair size when `multiple`.
        expected: usize,
        /// The length given.
        got: usize,
        /// Whether any positive multiple of `expected` would do.
        multiple: bool,
    },
    /// An Fp element's 16 padding bytes are not all zero.
    FpTopBytesNotZero,
    /// An Fp element's value is not below p.
    FpNotCanonical,
    /// A point is neither on its curve nor the point at infinity.
    PointNotOnCurve,
    /// A point of an MSM or pairing input is on its curve but outside the
    /// order-r subgroup.
    PointNotInSubgroup,
    /// [`run`] was given an address that is none of the seven.
    UnknownAddress(u64),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::EmptyInput => write!(f, "empty input (at least one pair is required)"),
            Error::InvalidInputLength { expected, got, multiple: false } => {
                write!(f, "invalid input length: expected {expected} bytes, got {got}")
            }
            Error::InvalidInputLength { expected, got, multiple: true } => {
                write!(f, "invalid input length: expected a multiple of {expected} bytes, got {got}")
            }
            Error::FpTopBytesNotZero => write!(f, "invalid field element: the top 16 bytes are not zero"),
            Error::FpNotCanonical => write!(f, "invalid field element: not below the modulus p"),
            Error::PointNotOnCurve => write!(f, "invalid point: not on the curve"),
            Error::PointNotInSubgroup => write!(f, "invalid point: not in the order-r subgroup"),
            Error::UnknownAddress(a) => write!(f, "no EIP-2537 precompile at address {a:#x}"),
        }
    }
}

impl std::error::Error for Error {}

impl Precompile {
    /// The seven, in address order.
    pub const ALL: [Precompile; 7] = [
        Precompile::G1Add,
        Precompile::G1Msm,
        Precompile::G2Add,
        Precompile::G2Msm,
        Precompile::PairingCheck,
        Precompile::MapFpToG1,
        Precompile::MapFp2ToG2,
    ];

    /// The mainnet address, 0x0b..=0x11.
    pub fn address(self) -> u8 {
        self as u8
    }

    /// The precompile at `addr`, if any.
    pub fn from_address(addr: u64) -> Option<Precompile> {
        Self::ALL.into_iter().find(|p| u64::from(p.address()) == addr)
    }

    /// The EIP's name without the `BLS12_` prefix: "G1ADD", "G1MSM",
    /// "G2ADD", "G2MSM", "PAIRING_CHECK", "MAP_FP_TO_G1", "MAP_FP2_TO_G2".
    pub fn name(self) -> &'static str {
        match self {
            Precompile::G1Add => "G1ADD",
            Precompile::G1Msm => "G1MSM",
            Precompile::G2Add => "G2ADD",
            Precompile::G2Msm => "G2MSM",
            Precompile::PairingCheck => "PAIRING_CHECK",
            Precompile::MapFpToG1 => "MAP_FP_TO_G1",
            Precompile::MapFp2ToG2 => "MAP_FP2_TO_G2",
        }
    }

    /// The precompile named `name` ([`Precompile::name`], ASCII case
    /// ignored, an optional `BLS12_` prefix allowed).
    pub fn from_name(name: &str) -> Option<Precompile> {
        let upper = name.to_ascii_uppercase();
        let bare = upper.strip_prefix("BLS12_").unwrap_or(&upper);
        Self::ALL.into_iter().find(|p| p.name() == bare)
    }

    /// The gas a call with `input_len` bytes of input costs, charged
    /// before running.
    ///
    /// - G1ADD 375, G2ADD 600, MAP_FP_TO_G1 5500, MAP_FP2_TO_G2 23800,
    ///   whatever the length.
    /// - G1MSM / G2MSM: `k * m * d(k) / 1000` for `k = input_len / pair`
    ///   (160 / 288 bytes), m = 12000 / 22500, d the EIP's discount table
    ///   (see [`gas`]); 0 when the input holds no whole pair.
    /// - PAIRING_CHECK: `32600 k + 37700` for `k = input_len / 384`.
    ///
    /// For a length the precompile rejects this is the price of the whole
    /// pairs the input holds (rounded down, as go-ethereum charges); the
    /// call then fails and, in the EVM, burns all the gas it was given.
    /// Saturates at `u64::MAX` rather than wrap.
    pub fn gas(self, input_len: usize) -> u64 {
        match self {
            Precompile::G1Add => gas::G1_ADD,
            Precompile::G2Add => gas::G2_ADD,
            Precompile::G1Msm => gas::msm(input_len / ops::G1_MSM_PAIR, &gas::G1_MSM_DISCOUNT, gas::G1_MUL),
            Precompile::G2Msm => gas::msm(input_len / ops::G2_MSM_PAIR, &gas::G2_MSM_DISCOUNT, gas::G2_MUL),
            Precompile::PairingCheck => gas::pairing(input_len / ops::PAIRING_PAIR),
            Precompile::MapFpToG1 => gas::MAP_FP_TO_G1,
            Precompile::MapFp2ToG2 => gas::MAP_FP2_TO_G2,
        }
    }

    /// Runs the precompile on `input`.
    pub fn run(self, input: &[u8]) -> Result<Output, Error> {
        let bytes = match self {
            Precompile::G1Add => ops::g1_add(input),
            Precompile::G1Msm => ops::g1_msm(input),
            Precompile::G2Add => ops::g2_add(input),
            Precompile::G2Msm => ops::g2_msm(input),
            Precompile::PairingCheck => ops::pairing_check(input),
            Precompile::MapFpToG1 => ops::map_fp_to_g1(input),
            Precompile::MapFp2ToG2 => ops::map_fp2_to_g2(input),
        }?;
        Ok(Output { bytes, gas: self.gas(input.len()) })
    }
}

impl fmt::Display for Precompile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs the precompile at `address` ([`Error::UnknownAddress`] if none).
pub fn run(address: u64, input: &[u8]) -> Result<Output, Error> {
    Precompile::from_address(address).ok_or(Error::UnknownAddress(address))?.run(input)
}

/// One function per precompile, each `Precompile::X.run(input)`.
macro_rules! precompile_functions {
    ($($name:ident => $variant:ident, $label:literal;)*) => {$(
        #[doc = concat!($label, ": [`Precompile::", stringify!($variant), "`]`.run(input)`.")]
        pub fn $name(input: &[u8]) -> Result<Output, Error> {
            Precompile::$variant.run(input)
        }
    )*};
}

precompile_functions! {
    g1_add => G1Add, "G1ADD (0x0b)";
    g1_msm => G1Msm, "G1MSM (0x0c)";
    g2_add => G2Add, "G2ADD (0x0d)";
    g2_msm => G2Msm, "G2MSM (0x0e)";
    pairing_check => PairingCheck, "PAIRING_CHECK (0x0f)";
    map_fp_to_g1 => MapFpToG1, "MAP_FP_TO_G1 (0x10)";
    map_fp2_to_g2 => MapFp2ToG2, "MAP_FP2_TO_G2 (0x11)";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_names() {
        for (i, p) in Precompile::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(p.address()), 0x0b + i);
            assert_eq!(Precompile::from_address(u64::from(p.address())), Some(p));
            assert_eq!(Precompile::from_name(p.name()), Some(p));
            assert_eq!(Precompile::from_name(&format!("bls12_{}", p.name().to_lowercase())), Some(p));
        }
        assert_eq!(Precompile::from_address(0x0a), None);
        assert_eq!(Precompile::from_address(0x12), None);
        assert_eq!(run(0x0a, &[]), Err(Error::UnknownAddress(0x0a)));
    }

    /// Every length up to two pairs and a byte past them, as zeros (valid:
    /// points at infinity, scalar and field element 0) and as noise: an
    /// answer, never a panic; success only at the valid lengths, with the
    /// gas `gas` announced.
    #[test]
    fn every_length() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut noise = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        };
        for p in Precompile::ALL {
            let unit = match p {
                Precompile::G1Add => 256,
                Precompile::G2Add => 512,
                Precompile::G1Msm => 160,
                Precompile::G2Msm => 288,
                Precompile::PairingCheck => 384,
                Precompile::MapFpToG1 => 64,
                Precompile::MapFp2ToG2 => 128,
            };
            let variable = matches!(p, Precompile::G1Msm | Precompile::G2Msm | Precompile::PairingCheck);
            for len in 0..=2 * unit + 1 {
                let valid = len == unit || (variable && len > 0 && len % unit == 0);
                let zeros = p.run(&vec![0u8; len]);
                assert_eq!(zeros.is_ok(), valid, "{p} zeros, {len} bytes: {zeros:?}");
                if let Ok(out) = zeros {
                    assert_eq!(out.gas, p.gas(len));
                    match p {
                        // Identity pairs: the empty product, one.
                        Precompile::PairingCheck => assert_eq!(out.bytes.last(), Some(&1)),
                        Precompile::MapFpToG1 | Precompile::MapFp2ToG2 => {}
                        // Sums and multiples of the identity.
                        _ => assert!(out.bytes.iter().all(|&b| b == 0), "{p}"),
                    }
                }
                let bytes: Vec<u8> = (0..len).map(|_| noise()).collect();
                if p.run(&bytes).is_ok() {
                    assert!(valid, "{p} noise, {len} bytes");
                }
            }
        }
    }

    #[test]
    fn empty_inputs() {
        for p in Precompile::ALL {
            let e = p.run(&[]).unwrap_err();
            match p {
                Precompile::G1Msm | Precompile::G2Msm | Precompile::PairingCheck => assert_eq!(e, Error::EmptyInput),
                _ => assert!(matches!(e, Error::InvalidInputLength { got: 0, multiple: false, .. })),
            }
        }
    }
}
