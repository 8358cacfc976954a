//! The C functions of G1 and G2 (`bls12_381_g1_*`, `bls12_381_g2_*`).
//!
//! A point crosses the boundary in one of two in-memory forms: Jacobian
//! (`*_SIZE` bytes: X, Y, Z in Montgomery form; what arithmetic returns) and
//! affine (`*_AFFINE_SIZE` bytes: x, y; the identity is all zeros). Encodings
//! are the ZCash format (compressed and uncompressed, big-endian, three flag
//! bits). Decoders check everything the format requires; the `_unchecked`
//! ones skip only the subgroup check.

use crate::{
    binary, code, decoder_input, exports, get, layout_sizes, null_guard, put, slice, twin_abi, unary, unary_with_bytes,
    OK,
};
use bls12_381_core::curve::{G1Affine, G1Projective, G2Affine, G2Projective};
use bls12_381_core::{Error, Fp, Fp2};
use core::ffi::c_int;

layout_sizes! {
    /// Size of the Jacobian in-memory form of a G1 point (`BLS12_381_G1_SIZE`).
    G1_SIZE = 144: G1Projective;
    /// Size of the affine in-memory form of a G1 point.
    G1_AFFINE_SIZE = 96: G1Affine;
    /// Size of the Jacobian in-memory form of a G2 point (`BLS12_381_G2_SIZE`).
    G2_SIZE = 288: G2Projective;
    /// Size of the affine in-memory form of a G2 point.
    G2_AFFINE_SIZE = 192: G2Affine;
}

/// Size of a compressed G1 encoding.
pub const G1_COMPRESSED_BYTES: usize = 48;
/// Size of an uncompressed G1 encoding.
pub const G1_UNCOMPRESSED_BYTES: usize = 96;
/// Size of a compressed G2 encoding.
pub const G2_COMPRESSED_BYTES: usize = 96;
/// Size of an uncompressed G2 encoding.
pub const G2_UNCOMPRESSED_BYTES: usize = 192;

/// Writes `r`'s value to `out` as `T` (converted by `f`) or returns its code.
///
/// # Safety
/// `out` is valid for writes of `size_of::<T>()` bytes.
unsafe fn put_result<A, T: Copy>(out: *mut u8, r: Result<A, Error>, f: impl Fn(A) -> T) -> c_int {
    match r {
        Ok(v) => {
            // SAFETY: the caller's contract.
            unsafe { put(out, f(v)) };
            OK
        }
        Err(e) => code(e),
    }
}

/// Decodes the `expected`-byte input `inp[0..len]` with `dec` into `out`
/// (converted by `f`): the shape of every fixed-length point decoder here
/// (`NULL_POINTER` / `INVALID_LENGTH` from [`decoder_input`] first, then
/// the decoder's own error).
///
/// # Safety
/// As [`decoder_input`]; `out` is valid for writes of `size_of::<T>()`
/// bytes.
pub(crate) unsafe fn decode_into<A, T: Copy>(
    out: *mut u8,
    inp: *const u8,
    len: usize,
    expected: usize,
    dec: impl FnOnce(&[u8]) -> Result<A, Error>,
    f: impl Fn(A) -> T,
) -> c_int {
    // SAFETY: the caller's contract.
    match unsafe { decoder_input(out, inp, len, expected) } {
        // SAFETY: the caller's contract.
        Ok(enc) => unsafe { put_result(out, dec(enc), f) },
        Err(c) => c,
    }
}

/// A base-field coordinate from big-endian bytes (G1: 48 bytes; G2: 96
/// bytes, the real part first).
pub(crate) trait Coordinate: Sized {
    const BYTES: usize;
    fn from_be(bytes: &[u8]) -> Result<Self, Error>;
}

impl Coordinate for Fp {
    const BYTES: usize = 48;
    fn from_be(bytes: &[u8]) -> Result<Fp, Error> {
        Fp::from_slice(bytes)
    }
}

impl Coordinate for Fp2 {
    const BYTES: usize = 96;
    fn from_be(bytes: &[u8]) -> Result<Fp2, Error> {
        // `split_at_checked`, not indexing: a short slice is an error, never a
        // panic (callers pass exactly 96 bytes).
        let (re, im) = bytes.split_at_checked(48).ok_or(Error::InvalidLength { expected: 96, got: bytes.len() })?;
        Ok(Fp2::new(Fp::from_slice(re)?, Fp::from_slice(im)?))
    }
}

/// One hashing export: `$name(out, msg, msg_len, dst, dst_len)` writes
/// `$proj::$hash(msg, dst)` to `out` (nothing is written when a pointer is
/// NULL or a length impossible, see [`slice`]).
macro_rules! hasher {
    ($name:ident, $proj:ty, $hash:ident, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $name(out: *mut u8, msg: *const u8, msg_len: usize, dst: *const u8, dst_len: usize) {
            null_guard!(void; out);
            // SAFETY: crate contract.
            let (Ok(msg), Ok(dst)) = (unsafe { (slice(msg, msg_len), slice(dst, dst_len)) }) else {
                return;
            };
            // SAFETY: crate contract.
            unsafe { put(out, <$proj>::$hash(msg, dst)) }
        }
    };
}

pub(crate) use hasher;

/// One decoding export: `$name(out, inp, len)` decodes the `$len`-byte
/// encoding with `$aff::$decode` into the projective point at `out`
/// (untouched on error; see [`decode_into`]).
macro_rules! decoder {
    ($name:ident, $len:expr, $aff:ty, $proj:ty, $decode:ident, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $name(out: *mut u8, inp: *const u8, len: usize) -> c_int {
            // SAFETY: crate contract.
            unsafe { decode_into(out, inp, len, $len, <$aff>::$decode, <$proj>::from) }
        }
    };
}

/// Defines the C functions of one group. Each `$name` is the full exported
/// symbol, so that the symbols can be grepped for.
macro_rules! curve_abi {
    (
        $proj:ty, $aff:ty, $base:ty, $comp:expr, $uncomp:expr,
        zero: $zero:ident, one: $one:ident, is_zero: $is_zero:ident, eq: $eq:ident,
        add: $add:ident, double: $double:ident, neg: $neg:ident, mul: $mul:ident,
        of_compressed: $of_comp:ident, of_compressed_unchecked: $of_comp_u:ident,
        of_uncompressed: $of_uncomp:ident, of_uncompressed_unchecked: $of_uncomp_u:ident,
        to_compressed: $to_comp:ident, to_uncompressed: $to_uncomp:ident,
        affine_to_uncompressed: $aff_to_uncomp:ident,
        affine_of_uncompressed: $aff_of_uncomp:ident,
        affine_of_uncompressed_unchecked: $aff_of_uncomp_u:ident,
        to_affine: $to_aff:ident, of_affine: $of_aff:ident,
        of_xy: $of_xy:ident, hash_to_curve: $h2c:ident, encode_to_curve: $e2c:ident,
        is_in_subgroup: $in_sub:ident $(,)?
    ) => {
        exports! {
            /// Writes the identity.
            writer $zero = <$proj>::identity();
            /// Writes the standard generator.
            writer $one = <$proj>::generator();
            /// 1 if `a` is the identity, else 0.
            pred $is_zero = |a: $proj| a.is_identity();
            /// 1 if `a` and `b` are the same point, else 0. Constant time.
            pred2 $eq = |a, b: $proj| subtle::ConstantTimeEq::ct_eq(&a, &b);
            /// `out = a + b` (complete, constant time).
            binary $add = |a: &$proj, b: &$proj| a.add(b);
            /// `out = 2a`.
            unary $double = |a: &$proj| a.double();
            /// `out = -a`.
            unary $neg = |a: &$proj| a.neg();
            /// `out = s a`, `s` the little-endian integer in `s[0..s_len]` (any
            /// length, reduced mod r); constant time for a given `s_len`.
            with_bytes $mul(s, s_len) = |a: &$proj, s| a.mul_bytes(s);
        }

        decoder!(
            $of_comp,
            $comp,
            $aff,
            $proj,
            from_compressed,
            "Decodes a compressed encoding (all checks); `out` is untouched on error."
        );
        decoder!(
            $of_comp_u,
            $comp,
            $aff,
            $proj,
            from_compressed_unchecked,
            "Decodes a compressed encoding without the subgroup check."
        );
        decoder!($of_uncomp, $uncomp, $aff, $proj, from_uncompressed, "Decodes an uncompressed encoding (all checks).");
        decoder!(
            $of_uncomp_u,
            $uncomp,
            $aff,
            $proj,
            from_uncompressed_unchecked,
            "Decodes an uncompressed encoding without the subgroup check."
        );

        exports! {
            /// Writes the compressed encoding of `a`.
            unary $to_comp = |a: &$proj| -> [u8; $comp] { a.to_affine().to_compressed() };
            /// Writes the uncompressed encoding of `a`.
            unary $to_uncomp = |a: &$proj| -> [u8; $uncomp] { a.to_affine().to_uncompressed() };
            /// Writes the uncompressed encoding of the affine point `a` (no
            /// inversion).
            unary $aff_to_uncomp = |a: &$aff| -> [u8; $uncomp] { a.to_uncompressed() };
        }

        /// Decodes an uncompressed encoding into the affine form (all checks).
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $aff_of_uncomp(out: *mut u8, inp: *const u8, len: usize) -> c_int {
            // SAFETY: crate contract.
            unsafe { decode_into(out, inp, len, $uncomp, <$aff>::from_uncompressed, |p| p) }
        }

        /// Decodes an uncompressed encoding into the affine form, without
        /// the subgroup check.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $aff_of_uncomp_u(out: *mut u8, inp: *const u8, len: usize) -> c_int {
            // SAFETY: crate contract.
            unsafe { decode_into(out, inp, len, $uncomp, <$aff>::from_uncompressed_unchecked, |p| p) }
        }

        exports! {
            /// Jacobian -> affine (one inversion).
            unary $to_aff = |a: &$proj| a.to_affine();
            /// Affine -> Jacobian.
            unary $of_aff = |a: &$aff| <$proj>::from(*a);
        }

        /// The point with affine coordinates `x`, `y` (big-endian, each
        /// `xy_len / 2` bytes; G2: real part first), checked on the curve and
        /// in the subgroup. (0, 0) is the identity.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $of_xy(out: *mut u8, xy: *const u8, xy_len: usize) -> c_int {
            let n = <$base as Coordinate>::BYTES;
            // NULL with the right length must not become an empty slice
            // that `&xy[..n]` would index (a panic, so an abort across the
            // C boundary): `decoder_input` answers NULL_POINTER, and
            // `split_at_checked` cannot panic.
            let dec = |xy: &[u8]| {
                let (x, y) = xy.split_at_checked(n).ok_or(Error::InvalidLength { expected: 2 * n, got: xy.len() })?;
                <$aff>::from_xy(<$base>::from_be(x)?, <$base>::from_be(y)?)
            };
            // SAFETY: crate contract.
            unsafe { decode_into(out, xy, xy_len, 2 * n, dec, <$proj>::from) }
        }

        hasher!($h2c, $proj, hash_to_curve, "Hash to the group, RFC 9380 random oracle (`..._XMD:SHA-256_SSWU_RO_`).");
        hasher!($e2c, $proj, encode_to_curve, "Encode to the group, RFC 9380 nonuniform (`..._XMD:SHA-256_SSWU_NU_`).");

        exports! {
            /// 1 if `a` is in the order-r subgroup, else 0 (points made by this
            /// library always are; for points decoded with `_unchecked`).
            pred $in_sub = |a: $proj| a.is_torsion_free();
        }
    };
}

twin_abi! {
    curve_abi;
    (G1Projective, G1Affine, Fp, G1_COMPRESSED_BYTES, G1_UNCOMPRESSED_BYTES)
    (G2Projective, G2Affine, Fp2, G2_COMPRESSED_BYTES, G2_UNCOMPRESSED_BYTES);
    zero: bls12_381_g1_zero / bls12_381_g2_zero,
    one: bls12_381_g1_one / bls12_381_g2_one,
    is_zero: bls12_381_g1_is_zero / bls12_381_g2_is_zero,
    eq: bls12_381_g1_eq / bls12_381_g2_eq,
    add: bls12_381_g1_add / bls12_381_g2_add,
    double: bls12_381_g1_double / bls12_381_g2_double,
    neg: bls12_381_g1_neg / bls12_381_g2_neg,
    mul: bls12_381_g1_mul / bls12_381_g2_mul,
    of_compressed: bls12_381_g1_of_compressed / bls12_381_g2_of_compressed,
    of_compressed_unchecked: bls12_381_g1_of_compressed_unchecked / bls12_381_g2_of_compressed_unchecked,
    of_uncompressed: bls12_381_g1_of_uncompressed / bls12_381_g2_of_uncompressed,
    of_uncompressed_unchecked: bls12_381_g1_of_uncompressed_unchecked / bls12_381_g2_of_uncompressed_unchecked,
    to_compressed: bls12_381_g1_to_compressed / bls12_381_g2_to_compressed,
    to_uncompressed: bls12_381_g1_to_uncompressed / bls12_381_g2_to_uncompressed,
    affine_to_uncompressed: bls12_381_g1_affine_to_uncompressed / bls12_381_g2_affine_to_uncompressed,
    affine_of_uncompressed: bls12_381_g1_affine_of_uncompressed / bls12_381_g2_affine_of_uncompressed,
    affine_of_uncompressed_unchecked:
        bls12_381_g1_affine_of_uncompressed_unchecked / bls12_381_g2_affine_of_uncompressed_unchecked,
    to_affine: bls12_381_g1_to_affine / bls12_381_g2_to_affine,
    of_affine: bls12_381_g1_of_affine / bls12_381_g2_of_affine,
    of_xy: bls12_381_g1_of_xy / bls12_381_g2_of_xy,
    hash_to_curve: bls12_381_g1_hash_to_curve / bls12_381_g2_hash_to_curve,
    encode_to_curve: bls12_381_g1_encode_to_curve / bls12_381_g2_encode_to_curve,
    is_in_subgroup: bls12_381_g1_is_in_subgroup / bls12_381_g2_is_in_subgroup,
}
