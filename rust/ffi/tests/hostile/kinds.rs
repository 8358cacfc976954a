//! The table of every export with its kind (its C signature), which the
//! parent checks against the header and the sources.

use super::*;

pub(crate) type Writer = unsafe extern "C" fn(*mut u8);
pub(crate) type Pred1 = unsafe extern "C" fn(*const u8) -> c_int;
pub(crate) type Pred2 = unsafe extern "C" fn(*const u8, *const u8) -> c_int;
pub(crate) type Unary = unsafe extern "C" fn(*mut u8, *const u8);
pub(crate) type UnaryI = unsafe extern "C" fn(*mut u8, *const u8) -> c_int;
pub(crate) type Binary = unsafe extern "C" fn(*mut u8, *const u8, *const u8);
pub(crate) type BinaryI = unsafe extern "C" fn(*mut u8, *const u8, *const u8) -> c_int;
pub(crate) type Decode = unsafe extern "C" fn(*mut u8, *const u8, usize) -> c_int;
pub(crate) type Scal = unsafe extern "C" fn(*mut u8, *const u8, *const u8, usize);
pub(crate) type Hash = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize);
pub(crate) type Pairs = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize) -> c_int;
pub(crate) type Msm = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize, usize) -> c_int;
pub(crate) type MsmC =
    unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize, c_int, usize) -> c_int;

/// One exported function and the shape of its arguments.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    /// `void f(out[o])`.
    Writer(Writer, usize),
    /// `int f(a[i])`: a predicate (1 or 0; legendre: 1, -1 or 0).
    Pred1(Pred1, usize, Form),
    /// `int f(a[i], b[i])`: a predicate.
    Pred2(Pred2, usize, Form),
    /// `void f(out[o], a[i])`.
    Unary(Unary, usize, usize, Form),
    /// `int f(out[o], a[i])`.
    UnaryI(UnaryI, usize, usize, Form),
    /// `void f(out[o], a[o], b[o])`.
    Binary(Binary, usize, Form),
    /// `int f(out[o], a[i], b[j])`: the pairing of a G1 and a G2 point.
    Pairing(BinaryI),
    /// `int f(out[o], in, len)`: a decoder taking exactly `len` bytes.
    Decode(Decode, usize, usize),
    /// `int f(out, in, len)`: batch_to_affine (Jacobian size, affine size).
    Batch(Decode, usize, usize),
    /// `void f(out[o], a[o], s, s_len)`: power or scalar multiplication.
    Scal(Scal, usize, Form),
    /// `void f(out[o], msg, msg_len, dst, dst_len)`.
    Hash(Hash, usize),
    /// `int f(out[o], g1s, g1s_len, g2s, g2s_len)`.
    Pairs(Pairs, usize),
    /// `int f(out[o], points, len, scalars, len, threads)` (Jacobian size,
    /// affine size).
    Msm(Msm, usize, usize),
    /// `int f(out[o], encs, len, scalars, len, check, threads)` (Jacobian
    /// size, compressed size).
    MsmC(MsmC, usize, usize),
}

/// A table entry: the symbol's name is the function's own identifier, so
/// the name checked against the header is the function called.
macro_rules! e {
    ($kind:ident($f:ident $(, $arg:expr)*)) => {
        (stringify!($f), Kind::$kind($f $(, $arg)*))
    };
}

/// The table: every exported function. The parent checks it against the
/// header and the sources.
pub(crate) fn table() -> Vec<(&'static str, Kind)> {
    use Form::*;
    let (g1, g1a, g1c, g1u) = (
        G1_SIZE,
        G1_AFFINE_SIZE,
        G1_COMPRESSED_BYTES,
        G1_UNCOMPRESSED_BYTES,
    );
    let (g2, g2a, g2c, g2u) = (
        G2_SIZE,
        G2_AFFINE_SIZE,
        G2_COMPRESSED_BYTES,
        G2_UNCOMPRESSED_BYTES,
    );
    let mut t: Vec<(&'static str, Kind)> = vec![
        e!(Writer(bls12_381_fr_zero, 32)),
        e!(Writer(bls12_381_fr_one, 32)),
        e!(Pred1(bls12_381_fr_is_zero, 32, Fr)),
        e!(Pred1(bls12_381_fr_is_one, 32, Fr)),
        e!(Pred2(bls12_381_fr_eq, 32, Fr)),
        e!(Binary(bls12_381_fr_add, 32, Fr)),
        e!(Binary(bls12_381_fr_sub, 32, Fr)),
        e!(Binary(bls12_381_fr_mul, 32, Fr)),
        e!(Unary(bls12_381_fr_neg, 32, 32, Fr)),
        e!(Unary(bls12_381_fr_double, 32, 32, Fr)),
        e!(Unary(bls12_381_fr_square, 32, 32, Fr)),
        e!(UnaryI(bls12_381_fr_inverse, 32, 32, Fr)),
        e!(Scal(bls12_381_fr_pow, 32, Fr)),
        e!(UnaryI(bls12_381_fr_sqrt, 32, 32, Fr)),
        e!(Pred1(bls12_381_fr_legendre, 32, Fr)),
        e!(Decode(bls12_381_fr_of_bytes, 32, 32)),
        e!(Unary(bls12_381_fr_to_bytes, 32, 32, Fr)),
        e!(Unary(bls12_381_fr_of_bytes_wide, 32, 64, Raw)),
        e!(Writer(bls12_381_fq12_zero, 576)),
        e!(Writer(bls12_381_fq12_one, 576)),
        e!(Pred1(bls12_381_fq12_is_zero, 576, Fp)),
        e!(Pred1(bls12_381_fq12_is_one, 576, Fp)),
        e!(Pred2(bls12_381_fq12_eq, 576, Fp)),
        e!(Binary(bls12_381_fq12_add, 576, Fp)),
        e!(Binary(bls12_381_fq12_sub, 576, Fp)),
        e!(Binary(bls12_381_fq12_mul, 576, Fp)),
        e!(Unary(bls12_381_fq12_neg, 576, 576, Fp)),
        e!(Unary(bls12_381_fq12_double, 576, 576, Fp)),
        e!(Unary(bls12_381_fq12_square, 576, 576, Fp)),
        e!(UnaryI(bls12_381_fq12_inverse, 576, 576, Fp)),
        e!(Scal(bls12_381_fq12_pow, 576, Fp)),
        e!(Decode(bls12_381_fq12_of_bytes, 576, 576)),
        e!(Unary(bls12_381_fq12_to_bytes, 576, 576, Fp)),
        e!(Unary(bls12_381_fq12_of_bytes_wide, 576, 768, Raw)),
        e!(Pairs(bls12_381_miller_loop, 576)),
        e!(UnaryI(bls12_381_final_exponentiation, 576, 576, Fp)),
        e!(Pairing(bls12_381_pairing)),
        e!(Pairs(bls12_381_pairing_check, 1)),
        e!(Writer(bls12_381_gt_identity, 576)),
        e!(Writer(bls12_381_gt_generator, 576)),
        e!(Pred1(bls12_381_gt_is_identity, 576, Fp)),
        e!(Pred2(bls12_381_gt_eq, 576, Fp)),
        e!(Binary(bls12_381_gt_mul, 576, Fp)),
        e!(Unary(bls12_381_gt_square, 576, 576, Fp)),
        e!(Unary(bls12_381_gt_inverse, 576, 576, Fp)),
        e!(Scal(bls12_381_gt_pow, 576, Fp)),
        e!(Scal(bls12_381_gt_pow_vartime, 576, Fp)),
        e!(Decode(bls12_381_gt_of_bytes, 576, 576)),
        e!(Unary(bls12_381_gt_to_bytes, 576, 576, Fp)),
        e!(UnaryI(bls12_381_gt_of_fq12, 576, 576, Fp)),
        e!(Msm(bls12_381_g1_msm, g1, g1a)),
        e!(MsmC(bls12_381_g1_msm_compressed, g1, g1c)),
        e!(Batch(bls12_381_g1_batch_to_affine, g1, g1a)),
        e!(Msm(bls12_381_g2_msm, g2, g2a)),
        e!(MsmC(bls12_381_g2_msm_compressed, g2, g2c)),
        e!(Batch(bls12_381_g2_batch_to_affine, g2, g2a)),
    ];
    // The per-group functions, G1 then G2.
    t.extend([
        e!(Writer(bls12_381_g1_zero, g1)),
        e!(Writer(bls12_381_g1_one, g1)),
        e!(Pred1(bls12_381_g1_is_zero, g1, Fp)),
        e!(Pred2(bls12_381_g1_eq, g1, Fp)),
        e!(Binary(bls12_381_g1_add, g1, Fp)),
        e!(Unary(bls12_381_g1_double, g1, g1, Fp)),
        e!(Unary(bls12_381_g1_neg, g1, g1, Fp)),
        e!(Scal(bls12_381_g1_mul, g1, Fp)),
        e!(Decode(bls12_381_g1_of_compressed, g1, g1c)),
        e!(Decode(bls12_381_g1_of_compressed_unchecked, g1, g1c)),
        e!(Decode(bls12_381_g1_of_uncompressed, g1, g1u)),
        e!(Decode(bls12_381_g1_of_uncompressed_unchecked, g1, g1u)),
        e!(Unary(bls12_381_g1_to_compressed, g1c, g1, Fp)),
        e!(Unary(bls12_381_g1_to_uncompressed, g1u, g1, Fp)),
        e!(Decode(bls12_381_g1_affine_of_uncompressed, g1a, g1u)),
        e!(Unary(bls12_381_g1_affine_to_uncompressed, g1u, g1a, Fp)),
        e!(Decode(
            bls12_381_g1_affine_of_uncompressed_unchecked,
            g1a,
            g1u
        )),
        e!(Unary(bls12_381_g1_to_affine, g1a, g1, Fp)),
        e!(Unary(bls12_381_g1_of_affine, g1, g1a, Fp)),
        e!(Decode(bls12_381_g1_of_xy, g1, g1u)),
        e!(Hash(bls12_381_g1_hash_to_curve, g1)),
        e!(Hash(bls12_381_g1_encode_to_curve, g1)),
        e!(Pred1(bls12_381_g1_is_in_subgroup, g1, Fp)),
        e!(Writer(bls12_381_g2_zero, g2)),
        e!(Writer(bls12_381_g2_one, g2)),
        e!(Pred1(bls12_381_g2_is_zero, g2, Fp)),
        e!(Pred2(bls12_381_g2_eq, g2, Fp)),
        e!(Binary(bls12_381_g2_add, g2, Fp)),
        e!(Unary(bls12_381_g2_double, g2, g2, Fp)),
        e!(Unary(bls12_381_g2_neg, g2, g2, Fp)),
        e!(Scal(bls12_381_g2_mul, g2, Fp)),
        e!(Decode(bls12_381_g2_of_compressed, g2, g2c)),
        e!(Decode(bls12_381_g2_of_compressed_unchecked, g2, g2c)),
        e!(Decode(bls12_381_g2_of_uncompressed, g2, g2u)),
        e!(Decode(bls12_381_g2_of_uncompressed_unchecked, g2, g2u)),
        e!(Unary(bls12_381_g2_to_compressed, g2c, g2, Fp)),
        e!(Unary(bls12_381_g2_to_uncompressed, g2u, g2, Fp)),
        e!(Decode(bls12_381_g2_affine_of_uncompressed, g2a, g2u)),
        e!(Unary(bls12_381_g2_affine_to_uncompressed, g2u, g2a, Fp)),
        e!(Decode(
            bls12_381_g2_affine_of_uncompressed_unchecked,
            g2a,
            g2u
        )),
        e!(Unary(bls12_381_g2_to_affine, g2a, g2, Fp)),
        e!(Unary(bls12_381_g2_of_affine, g2, g2a, Fp)),
        e!(Decode(bls12_381_g2_of_xy, g2, g2u)),
        e!(Hash(bls12_381_g2_hash_to_curve, g2)),
        e!(Hash(bls12_381_g2_encode_to_curve, g2)),
        e!(Pred1(bls12_381_g2_is_in_subgroup, g2, Fp)),
    ]);
    t
}
