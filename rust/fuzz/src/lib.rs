//! Checks shared by the fuzz targets (and callable from any harness): each
//! takes the fuzzer's bytes, runs bls12-381-core and its C ABI on them, runs
//! blst (the reference) on the same input, and panics on any disagreement, so
//! that libFuzzer records the input as a crash.
//!
//! Error classes: blst answers `BAD_ENCODING`, `POINT_NOT_ON_CURVE` or
//! `POINT_NOT_IN_GROUP`; the core splits the first into `InvalidLength`,
//! `InvalidFlags` and `NotCanonical`. The checks compare the class (see
//! [`Class`]) and, for a length error, the exact `InvalidLength`.

use bls12_381_core::Error;
use blst::BLST_ERROR;

/// Invokes `$check!` twice, with the G1 column of a table and with its G2
/// column. Each row names a parameter of `$check!` and gives its G1 and its
/// G2 value, one token each (the modules import the symbols they name), so
/// the two groups' instances are written once, side by side.
macro_rules! for_g1_and_g2 {
    ($check:ident { $($key:ident: $g1:tt, $g2:tt;)* }) => {
        $check!($($key: $g1),*);
        $check!($($key: $g2),*);
    };
}

pub mod decode;
pub mod fields;
pub mod hash;
pub mod msm;

/// The error classes blst and the core both distinguish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Wrong length, flag bits or a coordinate >= p (blst: `BAD_ENCODING`).
    Encoding,
    /// Not on the curve (x^3 + b not a square for a compressed point).
    NotOnCurve,
    /// On the curve but outside the order-r subgroup.
    NotInGroup,
}

/// The class of a decoding error of the core. Any error a decoder is not
/// documented to return is itself a finding.
pub fn class_of(e: Error) -> Class {
    match e {
        Error::InvalidLength { .. } | Error::InvalidFlags | Error::NotCanonical => Class::Encoding,
        Error::NotOnCurve => Class::NotOnCurve,
        Error::NotInSubgroup => Class::NotInGroup,
        other => panic!("decoder returned an undocumented error {other:?}"),
    }
}

/// The class of a blst decoding status that is not a success.
pub fn class_of_blst(e: BLST_ERROR) -> Class {
    match e {
        BLST_ERROR::BLST_BAD_ENCODING => Class::Encoding,
        BLST_ERROR::BLST_POINT_NOT_ON_CURVE => Class::NotOnCurve,
        BLST_ERROR::BLST_POINT_NOT_IN_GROUP => Class::NotInGroup,
        other => panic!("blst decoder returned {other:?}"),
    }
}

/// The C ABI's code for a core result (0 = `BLS12_381_OK`).
pub fn code_of<T>(r: &Result<T, Error>) -> i32 {
    match r {
        Ok(_) => 0,
        Err(e) => e.code(),
    }
}

/// Lower-case hex, for the messages of failed checks.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
