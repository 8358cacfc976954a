//! The C ABI through its exported symbols: conversions, error codes, aliasing
//! and unaligned buffers. The arithmetic itself is tested in bls12-381-core.

use bls12_381_core::{Fp12, Fr};
use bls12_381_ffi::*;

mod common;

const INVALID_LENGTH: i32 = 1;
const NOT_CANONICAL: i32 = 2;
const NOT_INVERTIBLE: i32 = 3;
const NOT_SQUARE: i32 = 4;
const NULL_POINTER: i32 = 10;

/// r, little-endian.
const R_LE: [u8; 32] = {
    let be: [u8; 32] = [
        0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05, 0x53, 0xbd,
        0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
    ];
    let mut le = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        le[i] = be[31 - i];
        i += 1;
    }
    le
};

fn fr_of_u64(x: u64) -> [u8; 32] {
    let mut enc = [0u8; 32];
    enc[..8].copy_from_slice(&x.to_le_bytes());
    let mut out = [0u8; 32];
    assert_eq!(unsafe { bls12_381_fr_of_bytes(out.as_mut_ptr(), enc.as_ptr(), 32) }, OK);
    out
}

fn fr_to_u64(a: &[u8; 32]) -> u64 {
    let mut enc = [0u8; 32];
    unsafe { bls12_381_fr_to_bytes(enc.as_mut_ptr(), a.as_ptr()) };
    assert!(enc[8..].iter().all(|&b| b == 0));
    u64::from_le_bytes(enc[..8].try_into().unwrap())
}

#[test]
fn fr_arithmetic_and_aliasing() {
    let a = fr_of_u64(6);
    let b = fr_of_u64(7);
    let mut out = [0u8; 32];
    unsafe { bls12_381_fr_mul(out.as_mut_ptr(), a.as_ptr(), b.as_ptr()) };
    assert_eq!(fr_to_u64(&out), 42);
    // out aliases an input.
    unsafe { bls12_381_fr_add(out.as_mut_ptr(), out.as_ptr(), a.as_ptr()) };
    assert_eq!(fr_to_u64(&out), 48);
    unsafe { bls12_381_fr_square(out.as_mut_ptr(), out.as_ptr()) };
    assert_eq!(fr_to_u64(&out), 48 * 48);
    unsafe { bls12_381_fr_sub(out.as_mut_ptr(), out.as_ptr(), out.as_ptr()) };
    assert_eq!(unsafe { bls12_381_fr_is_zero(out.as_ptr()) }, 1);
    unsafe { bls12_381_fr_one(out.as_mut_ptr()) };
    assert_eq!(unsafe { bls12_381_fr_is_one(out.as_ptr()) }, 1);
    unsafe { bls12_381_fr_double(out.as_mut_ptr(), out.as_ptr()) };
    assert_eq!(fr_to_u64(&out), 2);
    unsafe { bls12_381_fr_neg(out.as_mut_ptr(), out.as_ptr()) };
    unsafe { bls12_381_fr_add(out.as_mut_ptr(), out.as_ptr(), fr_of_u64(2).as_ptr()) };
    assert_eq!(unsafe { bls12_381_fr_is_zero(out.as_ptr()) }, 1);
    assert_eq!(unsafe { bls12_381_fr_eq(a.as_ptr(), fr_of_u64(6).as_ptr()) }, 1);
    assert_eq!(unsafe { bls12_381_fr_eq(a.as_ptr(), b.as_ptr()) }, 0);
}

#[test]
fn fr_unaligned_buffers() {
    // Buffers at odd addresses.
    let mut store = [0u8; 3 * 32 + 1];
    let a = fr_of_u64(1234567);
    let b = fr_of_u64(7654321);
    store[1..33].copy_from_slice(&a);
    store[33..65].copy_from_slice(&b);
    let p = store.as_mut_ptr();
    unsafe { bls12_381_fr_mul(p.add(65), p.add(1), p.add(33)) };
    let mut out = [0u8; 32];
    out.copy_from_slice(&store[65..97]);
    assert_eq!(fr_to_u64(&out), 1234567 * 7654321);
}

/// Runs `call` on `out`, expects the error `code`, and checks that `out`
/// is left as it was (errors never write the output).
fn rejects<const N: usize>(out: &mut [u8; N], code: i32, call: impl FnOnce(*mut u8) -> i32) {
    let before = *out;
    assert_eq!(call(out.as_mut_ptr()), code);
    assert_eq!(*out, before, "an error wrote the output");
}

#[test]
fn fr_decoding_errors() {
    let mut out = [0xaau8; 32];
    /// `fr_of_bytes` on `input` with the length `len`.
    fn of_bytes(input: &[u8], len: usize) -> impl FnOnce(*mut u8) -> i32 + '_ {
        // SAFETY: `rejects` passes 32 bytes of output; a length past the
        // input is refused before any read.
        move |o| unsafe { bls12_381_fr_of_bytes(o, input.as_ptr(), len) }
    }
    rejects(&mut out, INVALID_LENGTH, of_bytes(&R_LE, 31));
    rejects(&mut out, INVALID_LENGTH, of_bytes(&R_LE, 33));
    rejects(&mut out, INVALID_LENGTH, |o| unsafe { bls12_381_fr_of_bytes(o, core::ptr::null(), 0) });
    rejects(&mut out, NOT_CANONICAL, of_bytes(&R_LE, 32));
    let mut r1 = R_LE;
    r1[0] += 1;
    rejects(&mut out, NOT_CANONICAL, of_bytes(&r1, 32));
    rejects(&mut out, NOT_CANONICAL, of_bytes(&[0xffu8; 32], 32));
    let mut rm1 = R_LE;
    rm1[0] -= 1;
    assert_eq!(unsafe { bls12_381_fr_of_bytes(out.as_mut_ptr(), rm1.as_ptr(), 32) }, OK);
    let mut back = [0u8; 32];
    unsafe { bls12_381_fr_to_bytes(back.as_mut_ptr(), out.as_ptr()) };
    assert_eq!(back, rm1);
    let zero = fr_of_u64(0);
    rejects(&mut [0xaau8; 32], NOT_INVERTIBLE, |o| unsafe { bls12_381_fr_inverse(o, zero.as_ptr()) });
}

#[test]
fn fr_inverse_sqrt_legendre() {
    let a = fr_of_u64(5);
    let mut inv = [0u8; 32];
    let mut prod = [0u8; 32];
    unsafe {
        assert_eq!(bls12_381_fr_inverse(inv.as_mut_ptr(), a.as_ptr()), OK);
        bls12_381_fr_mul(prod.as_mut_ptr(), inv.as_ptr(), a.as_ptr());
        assert_eq!(bls12_381_fr_is_one(prod.as_ptr()), 1);
    }
    // 4 is a non-zero square.
    let four = fr_of_u64(4);
    let mut root = [0u8; 32];
    unsafe {
        assert_eq!(bls12_381_fr_legendre(four.as_ptr()), 1);
        assert_eq!(bls12_381_fr_sqrt(root.as_mut_ptr(), four.as_ptr()), OK);
        bls12_381_fr_square(prod.as_mut_ptr(), root.as_ptr());
        assert_eq!(bls12_381_fr_eq(prod.as_ptr(), four.as_ptr()), 1);
        assert_eq!(bls12_381_fr_legendre(fr_of_u64(0).as_ptr()), 0);
    }
    // Find a non-residue and check sqrt refuses it.
    let mut n = 2u64;
    while unsafe { bls12_381_fr_legendre(fr_of_u64(n).as_ptr()) } != -1 {
        n += 1;
    }
    let nr = fr_of_u64(n);
    rejects(&mut root, NOT_SQUARE, |o| unsafe { bls12_381_fr_sqrt(o, nr.as_ptr()) });
}

#[test]
fn pow_exponent_bytes_are_little_endian_any_length() {
    let a = fr_of_u64(3);
    let mut out = [0u8; 32];
    // 3^(0x0102) with a 2-byte, a 9-byte and a 0-byte exponent.
    let e2 = [0x02u8, 0x01];
    let mut e9 = [0u8; 9];
    e9[..2].copy_from_slice(&e2);
    let expect = Fr::from_u64(3).pow(&[0x0102]);
    unsafe {
        bls12_381_fr_pow(out.as_mut_ptr(), a.as_ptr(), e2.as_ptr(), 2);
        assert_eq!(core::ptr::read_unaligned(out.as_ptr().cast::<Fr>()), expect);
        bls12_381_fr_pow(out.as_mut_ptr(), a.as_ptr(), e9.as_ptr(), 9);
        assert_eq!(core::ptr::read_unaligned(out.as_ptr().cast::<Fr>()), expect);
        bls12_381_fr_pow(out.as_mut_ptr(), a.as_ptr(), core::ptr::null(), 0);
        assert_eq!(bls12_381_fr_is_one(out.as_ptr()), 1);
        // A byte in the second limb: 3^(2^64) = (3^(2^32))^(2^32).
        let mut e = [0u8; 9];
        e[8] = 1;
        bls12_381_fr_pow(out.as_mut_ptr(), a.as_ptr(), e.as_ptr(), 9);
        assert_eq!(core::ptr::read_unaligned(out.as_ptr().cast::<Fr>()), Fr::from_u64(3).pow(&[0, 1]));
    }
}

#[test]
fn fq12_round_trip_and_errors() {
    let mut wide = [0u8; 768];
    for (i, b) in wide.iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(151).wrapping_add(7);
    }
    let mut x = [0u8; 576];
    let mut enc = [0u8; 576];
    let mut y = [0u8; 576];
    unsafe {
        bls12_381_fq12_of_bytes_wide(x.as_mut_ptr(), wide.as_ptr());
        bls12_381_fq12_to_bytes(enc.as_mut_ptr(), x.as_ptr());
        assert_eq!(bls12_381_fq12_of_bytes(y.as_mut_ptr(), enc.as_ptr(), 576), OK);
        assert_eq!(bls12_381_fq12_eq(x.as_ptr(), y.as_ptr()), 1);
        assert_eq!(bls12_381_fq12_of_bytes(y.as_mut_ptr(), enc.as_ptr(), 575), INVALID_LENGTH);
        // Last coefficient = p (big-endian p reversed into little-endian).
        let p_be = hex_p();
        for i in 0..48 {
            enc[11 * 48 + i] = p_be[47 - i];
        }
        assert_eq!(bls12_381_fq12_of_bytes(y.as_mut_ptr(), enc.as_ptr(), 576), NOT_CANONICAL);
        // x * x^-1 = 1, in place.
        let mut inv = [0u8; 576];
        assert_eq!(bls12_381_fq12_inverse(inv.as_mut_ptr(), x.as_ptr()), OK);
        bls12_381_fq12_mul(inv.as_mut_ptr(), inv.as_ptr(), x.as_ptr());
        assert_eq!(bls12_381_fq12_is_one(inv.as_ptr()), 1);
        bls12_381_fq12_zero(y.as_mut_ptr());
        assert_eq!(bls12_381_fq12_inverse(inv.as_mut_ptr(), y.as_ptr()), NOT_INVERTIBLE);
        // x^2 by pow and by square.
        let two = [2u8];
        bls12_381_fq12_pow(y.as_mut_ptr(), x.as_ptr(), two.as_ptr(), 1);
        bls12_381_fq12_square(inv.as_mut_ptr(), x.as_ptr());
        assert_eq!(bls12_381_fq12_eq(y.as_ptr(), inv.as_ptr()), 1);
        assert_eq!(core::ptr::read_unaligned(y.as_ptr().cast::<Fp12>()), {
            let v = core::ptr::read_unaligned(x.as_ptr().cast::<Fp12>());
            v.square()
        });
    }
}

fn hex_p() -> [u8; 48] {
    const P: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
    let mut out = [0u8; 48];
    for i in 0..48 {
        out[i] = u8::from_str_radix(&P[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

// ---- G1 and G2 ------------------------------------------------------------

const INVALID_FLAGS: i32 = 5;
const NOT_ON_CURVE: i32 = 6;
const NOT_IN_SUBGROUP: i32 = 7;

macro_rules! curve_abi_tests {
    ($modname:ident, $f:ident, $size:expr, $aff:expr, $comp:expr, $uncomp:expr, $coord:expr) => {
        mod $modname {
            use super::*;

            fn one() -> [u8; $size] {
                let mut o = [0u8; $size];
                unsafe { $f::one(o.as_mut_ptr()) };
                o
            }

            fn eq(a: &[u8; $size], b: &[u8; $size]) -> bool {
                unsafe { $f::eq(a.as_ptr(), b.as_ptr()) == 1 }
            }

            fn mul(a: &[u8; $size], s: &[u8]) -> [u8; $size] {
                let mut o = [0u8; $size];
                unsafe { $f::mul(o.as_mut_ptr(), a.as_ptr(), s.as_ptr(), s.len()) };
                o
            }

            fn compressed(a: &[u8; $size]) -> [u8; $comp] {
                let mut e = [0u8; $comp];
                unsafe { $f::to_compressed(e.as_mut_ptr(), a.as_ptr()) };
                e
            }

            fn decode_c(e: &[u8]) -> Result<[u8; $size], i32> {
                let mut o = [0u8; $size];
                match unsafe { $f::of_compressed(o.as_mut_ptr(), e.as_ptr(), e.len()) } {
                    OK => Ok(o),
                    c => Err(c),
                }
            }

            #[test]
            fn arithmetic_aliasing_and_round_trips() {
                let g = one();
                let mut p = g;
                // p = p + p (aliasing), then p + g = 3g = mul(g, 3).
                unsafe { $f::add(p.as_mut_ptr(), p.as_ptr(), p.as_ptr()) };
                let mut d = [0u8; $size];
                unsafe { $f::double(d.as_mut_ptr(), g.as_ptr()) };
                assert!(eq(&p, &d));
                unsafe { $f::add(p.as_mut_ptr(), p.as_ptr(), g.as_ptr()) };
                assert!(eq(&p, &mul(&g, &[3])));
                // -3g + 3g = 0.
                let mut n = [0u8; $size];
                unsafe { $f::neg(n.as_mut_ptr(), p.as_ptr()) };
                unsafe { $f::add(n.as_mut_ptr(), n.as_ptr(), p.as_ptr()) };
                assert_eq!(unsafe { $f::is_zero(n.as_ptr()) }, 1);
                let mut z = [0u8; $size];
                unsafe { $f::zero(z.as_mut_ptr()) };
                assert!(eq(&z, &n));
                assert_eq!(unsafe { $f::is_zero(g.as_ptr()) }, 0);
                // Encodings.
                let c = compressed(&p);
                assert!(eq(&decode_c(&c).unwrap(), &p));
                let mut u = [0u8; $uncomp];
                unsafe { $f::to_uncompressed(u.as_mut_ptr(), p.as_ptr()) };
                let mut q = [0u8; $size];
                assert_eq!(unsafe { $f::of_uncompressed(q.as_mut_ptr(), u.as_ptr(), u.len()) }, OK);
                assert!(eq(&q, &p));
                // Affine forms.
                let mut a = [0u8; $aff];
                assert_eq!(unsafe { $f::affine_of_uncompressed(a.as_mut_ptr(), u.as_ptr(), u.len()) }, OK);
                let mut a2 = [0u8; $aff];
                unsafe { $f::to_affine(a2.as_mut_ptr(), p.as_ptr()) };
                assert_eq!(a, a2);
                let mut u2 = [0u8; $uncomp];
                unsafe { $f::affine_to_uncompressed(u2.as_mut_ptr(), a.as_ptr()) };
                assert_eq!(u2, u);
                unsafe { $f::of_affine(q.as_mut_ptr(), a.as_ptr()) };
                assert!(eq(&q, &p));
                // of_xy: the affine coordinates of p, big-endian.
                let xy = &u[..];
                let mut xy_be = xy.to_vec();
                if $coord == 96 {
                    // ZCash order is (c1, c0); of_xy takes (c0, c1).
                    for half in xy_be.chunks_mut(96) {
                        let (c1, c0) = (half[..48].to_vec(), half[48..].to_vec());
                        half[..48].copy_from_slice(&c0);
                        half[48..].copy_from_slice(&c1);
                    }
                }
                assert_eq!(unsafe { $f::of_xy(q.as_mut_ptr(), xy_be.as_ptr(), xy_be.len()) }, OK);
                assert!(eq(&q, &p));
                assert_eq!(unsafe { $f::of_xy(q.as_mut_ptr(), xy_be.as_ptr(), xy_be.len() - 1) }, INVALID_LENGTH);
                assert_eq!(unsafe { $f::is_in_subgroup(p.as_ptr()) }, 1);
            }

            #[test]
            fn scalars_of_any_length_are_reduced_mod_r() {
                let g = one();
                let id = mul(&g, &[]);
                assert_eq!(unsafe { $f::is_zero(id.as_ptr()) }, 1);
                assert_eq!(unsafe { $f::is_zero(mul(&g, &R_LE).as_ptr()) }, 1);
                let mut five = [0u8; 40];
                five[0] = 5;
                assert!(eq(&mul(&g, &five), &mul(&g, &[5])));
                // r + 7 over 33 bytes, and 7 + 2 r over 64 bytes.
                let mut r7 = [0u8; 33];
                r7[..32].copy_from_slice(&R_LE);
                r7[0] += 7;
                assert!(eq(&mul(&g, &r7), &mul(&g, &[7])));
                let mut two_r = [0u8; 64];
                let mut carry = 0u16;
                for i in 0..32 {
                    let v = 2 * R_LE[i] as u16 + carry;
                    two_r[i] = v as u8;
                    carry = v >> 8;
                }
                two_r[32] = carry as u8;
                two_r[0] += 7;
                assert!(eq(&mul(&g, &two_r), &mul(&g, &[7])));
            }

            #[test]
            fn decoding_error_codes() {
                let c = compressed(&mul(&one(), &[9]));
                assert_eq!(decode_c(&c[..$comp - 1]), Err(INVALID_LENGTH));
                let mut o = [0u8; $size];
                assert_eq!(unsafe { $f::of_compressed(o.as_mut_ptr(), core::ptr::null(), 0) }, INVALID_LENGTH);
                let mut bad = c;
                bad[0] &= 0x7f; // no compression bit
                assert_eq!(decode_c(&bad), Err(INVALID_FLAGS));
                let mut bad = c;
                bad[0] = 0x80 | (hex_p()[0] & 0x1f);
                bad[1..48].copy_from_slice(&hex_p()[1..]);
                assert_eq!(decode_c(&bad), Err(NOT_CANONICAL));
                // Small x: off the curve or outside the subgroup, never accepted.
                let (mut off, mut outside) = (0, 0);
                for x in 1u8..=40 {
                    let mut e = [0u8; $comp];
                    e[0] = 0x80;
                    e[$comp - 1] = x;
                    match decode_c(&e) {
                        Err(NOT_ON_CURVE) => off += 1,
                        Err(NOT_IN_SUBGROUP) => {
                            outside += 1;
                            assert_eq!(unsafe { $f::of_compressed_unchecked(o.as_mut_ptr(), e.as_ptr(), e.len()) }, OK);
                            assert_eq!(unsafe { $f::is_in_subgroup(o.as_ptr()) }, 0);
                            // The same point uncompressed: checked decoders
                            // refuse it, unchecked ones take it.
                            let mut u = [0u8; $uncomp];
                            unsafe { $f::to_uncompressed(u.as_mut_ptr(), o.as_ptr()) };
                            let mut q = [0u8; $size];
                            let mut a = [0u8; $aff];
                            let n = u.len();
                            unsafe {
                                assert_eq!($f::of_uncompressed(q.as_mut_ptr(), u.as_ptr(), n), NOT_IN_SUBGROUP);
                                assert_eq!($f::of_uncompressed_unchecked(q.as_mut_ptr(), u.as_ptr(), n), OK);
                                assert_eq!($f::affine_of_uncompressed(a.as_mut_ptr(), u.as_ptr(), n), NOT_IN_SUBGROUP);
                                assert_eq!($f::affine_of_uncompressed_unchecked(a.as_mut_ptr(), u.as_ptr(), n), OK);
                            }
                            assert!(eq(&q, &o));
                        }
                        other => panic!("x = {x}: {other:?}"),
                    }
                }
                assert!(off > 0 && outside > 0, "{off} {outside}");
            }

            #[test]
            fn hashing_accepts_empty_inputs() {
                let mut a = [0u8; $size];
                let mut b = [0u8; $size];
                unsafe { $f::hash_to_curve(a.as_mut_ptr(), core::ptr::null(), 0, b"D".as_ptr(), 1) };
                unsafe { $f::hash_to_curve(b.as_mut_ptr(), b"".as_ptr(), 0, b"D".as_ptr(), 1) };
                assert!(eq(&a, &b));
                unsafe { $f::encode_to_curve(b.as_mut_ptr(), b"".as_ptr(), 0, b"D".as_ptr(), 1) };
                assert!(!eq(&a, &b));
                assert_eq!(unsafe { $f::is_in_subgroup(b.as_ptr()) }, 1);
            }
        }
    };
}

// The G1 and G2 symbols under short names, in `g1f` and `g2f`.
common::symbols! {
    add: bls12_381_g1_add, bls12_381_g2_add;
    affine_of_uncompressed: bls12_381_g1_affine_of_uncompressed, bls12_381_g2_affine_of_uncompressed;
    affine_of_uncompressed_unchecked:
        bls12_381_g1_affine_of_uncompressed_unchecked, bls12_381_g2_affine_of_uncompressed_unchecked;
    affine_to_uncompressed: bls12_381_g1_affine_to_uncompressed, bls12_381_g2_affine_to_uncompressed;
    double: bls12_381_g1_double, bls12_381_g2_double;
    encode_to_curve: bls12_381_g1_encode_to_curve, bls12_381_g2_encode_to_curve;
    eq: bls12_381_g1_eq, bls12_381_g2_eq;
    hash_to_curve: bls12_381_g1_hash_to_curve, bls12_381_g2_hash_to_curve;
    is_in_subgroup: bls12_381_g1_is_in_subgroup, bls12_381_g2_is_in_subgroup;
    is_zero: bls12_381_g1_is_zero, bls12_381_g2_is_zero;
    mul: bls12_381_g1_mul, bls12_381_g2_mul;
    neg: bls12_381_g1_neg, bls12_381_g2_neg;
    of_affine: bls12_381_g1_of_affine, bls12_381_g2_of_affine;
    of_compressed: bls12_381_g1_of_compressed, bls12_381_g2_of_compressed;
    of_compressed_unchecked: bls12_381_g1_of_compressed_unchecked, bls12_381_g2_of_compressed_unchecked;
    of_uncompressed: bls12_381_g1_of_uncompressed, bls12_381_g2_of_uncompressed;
    of_uncompressed_unchecked: bls12_381_g1_of_uncompressed_unchecked, bls12_381_g2_of_uncompressed_unchecked;
    of_xy: bls12_381_g1_of_xy, bls12_381_g2_of_xy;
    one: bls12_381_g1_one, bls12_381_g2_one;
    to_affine: bls12_381_g1_to_affine, bls12_381_g2_to_affine;
    to_compressed: bls12_381_g1_to_compressed, bls12_381_g2_to_compressed;
    to_uncompressed: bls12_381_g1_to_uncompressed, bls12_381_g2_to_uncompressed;
    zero: bls12_381_g1_zero, bls12_381_g2_zero;
}

curve_abi_tests!(g1, g1f, G1_SIZE, G1_AFFINE_SIZE, G1_COMPRESSED_BYTES, G1_UNCOMPRESSED_BYTES, 48);
curve_abi_tests!(g2, g2f, G2_SIZE, G2_AFFINE_SIZE, G2_COMPRESSED_BYTES, G2_UNCOMPRESSED_BYTES, 96);

// ---- Pairing and GT --------------------------------------------------------

/// `s` times the generator of G1 (Jacobian form).
fn g1_mul(s: &[u8]) -> [u8; G1_SIZE] {
    let mut g = [0u8; G1_SIZE];
    unsafe { bls12_381_g1_one(g.as_mut_ptr()) };
    unsafe { bls12_381_g1_mul(g.as_mut_ptr(), g.as_ptr(), s.as_ptr(), s.len()) };
    g
}

/// `s` times the generator of G2 (Jacobian form).
fn g2_mul(s: &[u8]) -> [u8; G2_SIZE] {
    let mut g = [0u8; G2_SIZE];
    unsafe { bls12_381_g2_one(g.as_mut_ptr()) };
    unsafe { bls12_381_g2_mul(g.as_mut_ptr(), g.as_ptr(), s.as_ptr(), s.len()) };
    g
}

fn gt_pow(a: &[u8; GT_SIZE], s: &[u8]) -> [u8; GT_SIZE] {
    let mut o = [0u8; GT_SIZE];
    unsafe { bls12_381_gt_pow(o.as_mut_ptr(), a.as_ptr(), s.as_ptr(), s.len()) };
    o
}

fn gt_eq(a: &[u8; GT_SIZE], b: &[u8; GT_SIZE]) -> bool {
    unsafe { bls12_381_gt_eq(a.as_ptr(), b.as_ptr()) == 1 }
}

fn gt_generator() -> [u8; GT_SIZE] {
    let mut g = [0u8; GT_SIZE];
    unsafe { bls12_381_gt_generator(g.as_mut_ptr()) };
    g
}

/// The number of pairs of `g1s`, `g2s` when both are whole arrays of as
/// many points, for the item-count entry points.
fn pair_count(g1s: &[u8], g2s: &[u8]) -> Option<usize> {
    let n = g1s.len() / G1_SIZE;
    (g1s.len().is_multiple_of(G1_SIZE) && g2s.len() == n * G2_SIZE).then_some(n)
}

/// The Miller loop of the pairs of `g1s`, `g2s` (whole arrays of as many
/// points) through `bls12_381_multi_miller_loop`, which must agree byte
/// for byte with the deprecated byte-length form on the same arrays.
fn miller_loop_n(g1s: &[u8], g2s: &[u8]) -> [u8; FQ12_SIZE] {
    let n = pair_count(g1s, g2s).expect("whole arrays of as many points");
    let mut f = [0u8; FQ12_SIZE];
    let c = unsafe { bls12_381_multi_miller_loop(f.as_mut_ptr(), g1s.as_ptr(), g2s.as_ptr(), n) };
    assert_eq!(c, OK);
    let mut g = [0u8; FQ12_SIZE];
    #[allow(deprecated)]
    let c = unsafe { bls12_381_miller_loop(g.as_mut_ptr(), g1s.as_ptr(), g1s.len(), g2s.as_ptr(), g2s.len()) };
    assert_eq!(c, OK);
    assert_eq!(f, g, "multi_miller_loop and the deprecated miller_loop differ");
    f
}

/// Miller loop then final exponentiation over `g1s`, `g2s`.
fn ml_fe(g1s: &[u8], g2s: &[u8]) -> [u8; GT_SIZE] {
    let mut f = miller_loop_n(g1s, g2s);
    // In place: out aliases the input.
    assert_eq!(unsafe { bls12_381_final_exponentiation(f.as_mut_ptr(), f.as_ptr()) }, OK);
    f
}

/// The pairing check of `g1s`, `g2s` through the deprecated byte-length
/// form, and, when the arrays are whole and of as many points, through
/// `bls12_381_pairing_check_vartime`, which must give the same answer.
fn check(g1s: &[u8], g2s: &[u8]) -> Result<bool, i32> {
    let mut out = [0xaau8; 1];
    #[allow(deprecated)]
    let c = unsafe { bls12_381_pairing_check(out.as_mut_ptr(), g1s.as_ptr(), g1s.len(), g2s.as_ptr(), g2s.len()) };
    let old = match c {
        OK => Ok(out[0] == 1),
        c => {
            assert_eq!(out[0], 0xaa);
            Err(c)
        }
    };
    if let Some(n) = pair_count(g1s, g2s) {
        let mut out = [0xaau8; 1];
        let c = unsafe { bls12_381_pairing_check_vartime(out.as_mut_ptr(), g1s.as_ptr(), g2s.as_ptr(), n) };
        assert_eq!(c, OK);
        assert_eq!(Ok(out[0] == 1), old, "pairing_check_vartime and the deprecated pairing_check differ");
    }
    old
}

#[test]
fn pairing_bilinear_through_every_entry_point() {
    let (p, q) = (g1_mul(&[1]), g2_mul(&[1]));
    let mut e = [0u8; GT_SIZE];
    assert_eq!(unsafe { bls12_381_pairing(e.as_mut_ptr(), p.as_ptr(), q.as_ptr()) }, OK);
    assert!(gt_eq(&e, &gt_generator()));
    assert_eq!(unsafe { bls12_381_gt_is_identity(e.as_ptr()) }, 0);
    // e(6 P, 7 Q) = e(P, Q)^42, through the Miller loop and the pairing.
    let (p6, q7) = (g1_mul(&[6]), g2_mul(&[7]));
    let e42 = gt_pow(&e, &[42]);
    assert!(gt_eq(&ml_fe(&p6, &q7), &e42));
    let mut e2 = [0u8; GT_SIZE];
    assert_eq!(unsafe { bls12_381_pairing(e2.as_mut_ptr(), p6.as_ptr(), q7.as_ptr()) }, OK);
    assert!(gt_eq(&e2, &e42));
    // Two pairs: e(6P, 7Q) e(P, Q) = e^43; with -42 P: the identity.
    let g1s = [p6.as_slice(), p.as_slice()].concat();
    let g2s = [q7.as_slice(), q.as_slice()].concat();
    assert!(gt_eq(&ml_fe(&g1s, &g2s), &gt_pow(&e, &[43])));
    assert_eq!(check(&g1s, &g2s), Ok(false));
    let mut m42 = [0u8; G1_SIZE];
    unsafe { bls12_381_g1_neg(m42.as_mut_ptr(), g1_mul(&[42]).as_ptr()) };
    let g1s = [p6.as_slice(), m42.as_slice()].concat();
    assert_eq!(check(&g1s, &g2s), Ok(true));
    // No pair: one and true.
    let one = ml_fe(&[], &[]);
    assert_eq!(unsafe { bls12_381_gt_is_identity(one.as_ptr()) }, 1);
    assert_eq!(check(&[], &[]), Ok(true));
    let mut out = [0u8; 1];
    let c = unsafe { bls12_381_pairing_check_vartime(out.as_mut_ptr(), core::ptr::null(), core::ptr::null(), 0) };
    assert_eq!((c, out[0]), (OK, 1));
    let mut out = [0u8; 1];
    #[allow(deprecated)]
    let c = unsafe { bls12_381_pairing_check(out.as_mut_ptr(), core::ptr::null(), 0, core::ptr::null(), 0) };
    assert_eq!((c, out[0]), (OK, 1));
    // Identity points contribute one.
    let mut z1 = [0u8; G1_SIZE];
    unsafe { bls12_381_g1_zero(z1.as_mut_ptr()) };
    assert_eq!(unsafe { bls12_381_pairing(e2.as_mut_ptr(), z1.as_ptr(), q.as_ptr()) }, OK);
    assert_eq!(unsafe { bls12_381_gt_is_identity(e2.as_ptr()) }, 1);
}

/// ocaml-bls12-381's raw Miller-loop outputs (blst's `blst_miller_loop`,
/// for two pairs the product of its two values; in
/// vectors/hash_to_curve/ocaml_regression_vectors.json), byte for byte
/// through `bls12_381_multi_miller_loop` (and its deprecated byte-length
/// form); a pair with the identity contributes
/// one, blst's value for it.
#[test]
fn miller_loop_equals_blst_vectors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../vectors/hash_to_curve/ocaml_regression_vectors.json");
    let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let hex = |v: &serde_json::Value| -> Vec<u8> {
        let s = v.as_str().unwrap();
        (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
    };
    let cases = j["miller_loop"].as_array().unwrap();
    assert_eq!(cases.len(), 5);
    for (i, c) in cases.iter().enumerate() {
        let (mut g1s, mut g2s) = (Vec::new(), Vec::new());
        for pq in c["pairs"].as_array().unwrap() {
            let (e1, e2) = (hex(&pq["g1"]), hex(&pq["g2"]));
            let (mut p, mut q) = ([0u8; G1_SIZE], [0u8; G2_SIZE]);
            assert_eq!(unsafe { bls12_381_g1_of_uncompressed(p.as_mut_ptr(), e1.as_ptr(), e1.len()) }, OK);
            assert_eq!(unsafe { bls12_381_g2_of_uncompressed(q.as_mut_ptr(), e2.as_ptr(), e2.len()) }, OK);
            g1s.extend_from_slice(&p);
            g2s.extend_from_slice(&q);
        }
        let ml = |g1s: &[u8], g2s: &[u8]| {
            let f = miller_loop_n(g1s, g2s);
            let mut bytes = [0u8; FQ12_SIZE];
            unsafe { bls12_381_fq12_to_bytes(bytes.as_mut_ptr(), f.as_ptr()) };
            bytes.to_vec()
        };
        let expected = hex(&c["miller_loop_output"]);
        assert_eq!(ml(&g1s, &g2s), expected, "case {i}");
        // Identities on either side, added to the pairs: the same value.
        let (mut o1, mut o2) = ([0u8; G1_SIZE], [0u8; G2_SIZE]);
        unsafe { bls12_381_g1_zero(o1.as_mut_ptr()) };
        unsafe { bls12_381_g2_zero(o2.as_mut_ptr()) };
        let (p0, q0) = (&g1s[..G1_SIZE], &g2s[..G2_SIZE]);
        let g1x = [&g1s[..], &o1[..], p0].concat();
        let g2x = [&g2s[..], q0, &o2[..]].concat();
        assert_eq!(ml(&g1x, &g2x), expected, "case {i} with identity pairs");
        // A lone identity pair: one (blst returns one for it).
        let mut one = vec![0u8; FQ12_SIZE];
        one[0] = 1;
        assert_eq!(ml(&o1, q0), one, "case {i}: identity in G1");
        assert_eq!(ml(p0, &o2), one, "case {i}: identity in G2");
    }
}

/// The item-count forms: one count for both arrays, so no malformed
/// shape exists; NULL and counts no buffer holds are refused unread.
#[test]
fn pairing_item_counts() {
    let (p, q) = (g1_mul(&[3]), g2_mul(&[5]));
    let null = core::ptr::null::<u8>();
    let mut out = [0x55u8; 1];
    let mut f = [0x55u8; FQ12_SIZE];
    for (g1s, g2s, n, want) in [
        (null, q.as_ptr(), 1, NULL_POINTER),
        (p.as_ptr(), null, 1, NULL_POINTER),
        (null, null, 1, NULL_POINTER),
        // n G2 points above isize::MAX bytes: refused before reading.
        (p.as_ptr(), q.as_ptr(), isize::MAX as usize / G2_SIZE + 1, INVALID_LENGTH),
        (p.as_ptr(), q.as_ptr(), usize::MAX, INVALID_LENGTH),
    ] {
        let c = unsafe { bls12_381_pairing_check_vartime(out.as_mut_ptr(), g1s, g2s, n) };
        assert_eq!(c, want, "pairing_check_vartime, n = {n}");
        let c = unsafe { bls12_381_multi_miller_loop(f.as_mut_ptr(), g1s, g2s, n) };
        assert_eq!(c, want, "multi_miller_loop, n = {n}");
    }
    assert_eq!(out[0], 0x55);
    assert!(f.iter().all(|&b| b == 0x55));
    let c = unsafe { bls12_381_pairing_check_vartime(core::ptr::null_mut(), p.as_ptr(), q.as_ptr(), 1) };
    assert_eq!(c, NULL_POINTER);
    let c = unsafe { bls12_381_multi_miller_loop(core::ptr::null_mut(), null, null, 0) };
    assert_eq!(c, NULL_POINTER);
    // n = 0 with NULL arrays: the empty product, one.
    assert_eq!(unsafe { bls12_381_multi_miller_loop(f.as_mut_ptr(), null, null, 0) }, OK);
    assert_eq!(unsafe { bls12_381_fq12_is_one(f.as_ptr()) }, 1);
}

/// The deprecated byte-length forms keep their checks of the shapes.
#[test]
#[allow(deprecated)]
fn pairing_arrays_malformed_give_invalid_length() {
    let (p, q) = (g1_mul(&[3]), g2_mul(&[5]));
    let two_p = [p.as_slice(), p.as_slice()].concat();
    assert_eq!(check(&two_p, &q), Err(INVALID_LENGTH));
    assert_eq!(check(&p, &[]), Err(INVALID_LENGTH));
    assert_eq!(check(&[], &q), Err(INVALID_LENGTH));
    assert_eq!(check(&p[..G1_SIZE - 1], &q), Err(INVALID_LENGTH));
    assert_eq!(check(&p, &q[..G2_SIZE - 8]), Err(INVALID_LENGTH));
    let mut out = [0u8; 1];
    // NULL with a nonzero length: NULL_POINTER (the header's policy).
    let c = unsafe { bls12_381_pairing_check(out.as_mut_ptr(), core::ptr::null(), G1_SIZE, q.as_ptr(), G2_SIZE) };
    assert_eq!(c, NULL_POINTER);
    let mut f = [0x55u8; FQ12_SIZE];
    let c = unsafe { bls12_381_miller_loop(f.as_mut_ptr(), p.as_ptr(), G1_SIZE, core::ptr::null(), G2_SIZE) };
    assert_eq!(c, NULL_POINTER);
    let c = unsafe { bls12_381_miller_loop(f.as_mut_ptr(), two_p.as_ptr(), two_p.len(), q.as_ptr(), G2_SIZE) };
    assert_eq!(c, INVALID_LENGTH);
    assert!(f.iter().all(|&b| b == 0x55));
    // Unaligned arrays: the points at odd addresses.
    let mut store = vec![0u8; 1 + G1_SIZE + G2_SIZE];
    store[1..1 + G1_SIZE].copy_from_slice(&p);
    store[1 + G1_SIZE..].copy_from_slice(&q);
    let e = ml_fe(&store[1..1 + G1_SIZE], &store[1 + G1_SIZE..]);
    assert!(gt_eq(&e, &gt_pow(&gt_generator(), &[15])));
}

#[test]
fn final_exponentiation_of_zero_is_an_error() {
    let mut z = [0u8; FQ12_SIZE];
    unsafe { bls12_381_fq12_zero(z.as_mut_ptr()) };
    let mut out = [0x11u8; GT_SIZE];
    assert_eq!(unsafe { bls12_381_final_exponentiation(out.as_mut_ptr(), z.as_ptr()) }, NOT_INVERTIBLE);
    assert!(out.iter().all(|&b| b == 0x11));
    // One goes to the identity.
    let mut one = [0u8; FQ12_SIZE];
    unsafe { bls12_381_fq12_one(one.as_mut_ptr()) };
    assert_eq!(unsafe { bls12_381_final_exponentiation(out.as_mut_ptr(), one.as_ptr()) }, OK);
    assert_eq!(unsafe { bls12_381_gt_is_identity(out.as_ptr()) }, 1);
}

#[test]
fn gt_group_and_exponents() {
    let g = gt_generator();
    let mut id = [0u8; GT_SIZE];
    unsafe { bls12_381_gt_identity(id.as_mut_ptr()) };
    assert_eq!(unsafe { bls12_381_gt_is_identity(id.as_ptr()) }, 1);
    assert!(gt_eq(&gt_pow(&g, &R_LE), &id));
    assert!(gt_eq(&gt_pow(&g, &[]), &id));
    // g^5 g^7 = g^12 (aliasing), (g^12)^2 = g^24, g^24 / g^24 = 1.
    let mut a = gt_pow(&g, &[5]);
    unsafe { bls12_381_gt_mul(a.as_mut_ptr(), a.as_ptr(), gt_pow(&g, &[7]).as_ptr()) };
    assert!(gt_eq(&a, &gt_pow(&g, &[12])));
    unsafe { bls12_381_gt_square(a.as_mut_ptr(), a.as_ptr()) };
    let mut wide = [0u8; 40];
    wide[0] = 24;
    assert!(gt_eq(&a, &gt_pow(&g, &wide)));
    let mut inv = [0u8; GT_SIZE];
    unsafe { bls12_381_gt_inverse(inv.as_mut_ptr(), a.as_ptr()) };
    unsafe { bls12_381_gt_mul(inv.as_mut_ptr(), inv.as_ptr(), a.as_ptr()) };
    assert!(gt_eq(&inv, &id));
    // The vartime power agrees, exponents reduced mod r: r + 9 over 33 bytes.
    let mut r9 = [0u8; 33];
    r9[..32].copy_from_slice(&R_LE);
    r9[0] += 9;
    let mut v = [0u8; GT_SIZE];
    unsafe { bls12_381_gt_pow_vartime(v.as_mut_ptr(), g.as_ptr(), r9.as_ptr(), r9.len()) };
    assert!(gt_eq(&v, &gt_pow(&g, &[9])));
    let big = [0xffu8; 32];
    unsafe { bls12_381_gt_pow_vartime(v.as_mut_ptr(), g.as_ptr(), big.as_ptr(), big.len()) };
    assert!(gt_eq(&v, &gt_pow(&g, &big)));
}

#[test]
fn gt_decoding_and_membership() {
    let g = gt_pow(&gt_generator(), &[77]);
    let mut enc = [0u8; GT_BYTES];
    unsafe { bls12_381_gt_to_bytes(enc.as_mut_ptr(), g.as_ptr()) };
    // The encoding is the Fq12 one.
    let mut fenc = [0u8; FQ12_BYTES];
    unsafe { bls12_381_fq12_to_bytes(fenc.as_mut_ptr(), g.as_ptr()) };
    assert_eq!(enc, fenc);
    let mut back = [0u8; GT_SIZE];
    assert_eq!(unsafe { bls12_381_gt_of_bytes(back.as_mut_ptr(), enc.as_ptr(), enc.len()) }, OK);
    assert!(gt_eq(&back, &g));
    let mut out = [0x33u8; GT_SIZE];
    let dec =
        |out: &mut [u8; GT_SIZE], b: &[u8]| unsafe { bls12_381_gt_of_bytes(out.as_mut_ptr(), b.as_ptr(), b.len()) };
    assert_eq!(dec(&mut out, &enc[..575]), INVALID_LENGTH);
    assert_eq!(unsafe { bls12_381_gt_of_bytes(out.as_mut_ptr(), core::ptr::null(), 576) }, NULL_POINTER);
    let mut p_le = hex_p();
    p_le.reverse();
    let mut bad = enc;
    bad[..48].copy_from_slice(&p_le);
    assert_eq!(dec(&mut out, &bad), NOT_CANONICAL);
    // Zero, one + 1, and a perturbed member are not in GT.
    assert_eq!(dec(&mut out, &[0u8; 576]), NOT_IN_SUBGROUP);
    let mut two = [0u8; 576];
    two[0] = 2;
    assert_eq!(dec(&mut out, &two), NOT_IN_SUBGROUP);
    let mut bad = enc;
    bad[100] ^= 1;
    assert_eq!(dec(&mut out, &bad), NOT_IN_SUBGROUP);
    assert!(out.iter().all(|&b| b == 0x33));
    let mut one = [0u8; 576];
    one[0] = 1;
    assert_eq!(dec(&mut out, &one), OK);
    assert_eq!(unsafe { bls12_381_gt_is_identity(out.as_ptr()) }, 1);
    // of_fq12: members pass, others (zero included) do not.
    let mut f = [0u8; FQ12_SIZE];
    assert_eq!(unsafe { bls12_381_gt_of_fq12(f.as_mut_ptr(), g.as_ptr()) }, OK);
    assert!(gt_eq(&f, &g));
    unsafe { bls12_381_fq12_zero(f.as_mut_ptr()) };
    assert_eq!(unsafe { bls12_381_gt_of_fq12(out.as_mut_ptr(), f.as_ptr()) }, NOT_IN_SUBGROUP);
    unsafe { bls12_381_fq12_add(f.as_mut_ptr(), g.as_ptr(), g.as_ptr()) };
    assert_eq!(unsafe { bls12_381_gt_of_fq12(out.as_mut_ptr(), f.as_ptr()) }, NOT_IN_SUBGROUP);
}

/// A NULL input with a nonzero length (`g1_of_xy(out, NULL, 96)`, G2: 192):
/// NULL_POINTER for every decoder, `out` untouched (an empty slice built
/// from NULL and indexed would panic, so abort across the C boundary).
#[test]
fn decoders_null_input_with_length_give_null_pointer() {
    let mut o1 = [0x77u8; G1_SIZE];
    let mut o2 = [0x77u8; G2_SIZE];
    let null = core::ptr::null();
    unsafe {
        assert_eq!(bls12_381_g1_of_xy(o1.as_mut_ptr(), null, 96), NULL_POINTER);
        assert_eq!(bls12_381_g2_of_xy(o2.as_mut_ptr(), null, 192), NULL_POINTER);
        assert_eq!(bls12_381_g1_of_compressed(o1.as_mut_ptr(), null, 48), NULL_POINTER);
        assert_eq!(bls12_381_g2_of_uncompressed_unchecked(o2.as_mut_ptr(), null, 192), NULL_POINTER);
        assert_eq!(bls12_381_fr_of_bytes(o1.as_mut_ptr(), null, 32), NULL_POINTER);
        // NULL output: the same code, nothing read or written.
        let xy = [0u8; 96];
        assert_eq!(bls12_381_g1_of_xy(core::ptr::null_mut(), xy.as_ptr(), 96), NULL_POINTER);
        // Zero length needs no memory: the length is what is wrong.
        assert_eq!(bls12_381_g1_of_xy(o1.as_mut_ptr(), null, 0), INVALID_LENGTH);
    }
    assert!(o1.iter().all(|&b| b == 0x77) && o2.iter().all(|&b| b == 0x77));
    // (0, 0) is still the identity.
    let xy = [0u8; 96];
    assert_eq!(unsafe { bls12_381_g1_of_xy(o1.as_mut_ptr(), xy.as_ptr(), 96) }, OK);
    assert_eq!(unsafe { bls12_381_g1_is_zero(o1.as_ptr()) }, 1);
}

/// The G2 point of order 13, decoded unchecked, with the G1 generator,
/// through the C ABI. Its Miller loop vanishes (after 13 steps of |z| the
/// running point is the identity and every later line is zero), and zero
/// has no final exponentiation: `bls12_381_pairing` returns NOT_IN_SUBGROUP
/// with `out` untouched (no unwrap, so no abort); pairing_check answers 0
/// (false) and final_exponentiation of the loop's value NOT_INVERTIBLE.
#[test]
fn pairing_of_the_order_13_point_gives_not_in_subgroup() {
    let enc: Vec<u8> = (0..96).map(|i| u8::from_str_radix(&G2_ORDER_13[2 * i..2 * i + 2], 16).unwrap()).collect();
    let mut q = [0u8; G2_SIZE];
    assert_eq!(unsafe { bls12_381_g2_of_compressed_unchecked(q.as_mut_ptr(), enc.as_ptr(), 96) }, OK);
    assert_eq!(unsafe { bls12_381_g2_is_in_subgroup(q.as_ptr()) }, 0);
    let mut checked = [0u8; G2_SIZE];
    assert_eq!(unsafe { bls12_381_g2_of_compressed(checked.as_mut_ptr(), enc.as_ptr(), 96) }, NOT_IN_SUBGROUP);
    let p = g1_mul(&[1]);
    let mut e = [0x33u8; GT_SIZE];
    assert_eq!(unsafe { bls12_381_pairing(e.as_mut_ptr(), p.as_ptr(), q.as_ptr()) }, NOT_IN_SUBGROUP);
    assert!(e.iter().all(|&b| b == 0x33));
    assert_eq!(check(&p, &q), Ok(false));
    let f = miller_loop_n(&p, &q);
    assert_eq!(unsafe { bls12_381_fq12_is_zero(f.as_ptr()) }, 1);
    assert_eq!(unsafe { bls12_381_final_exponentiation(e.as_mut_ptr(), f.as_ptr()) }, NOT_INVERTIBLE);
}

/// A point of order 13 on G2's curve, outside G2 (ZCash compressed).
const G2_ORDER_13: &str = "a39bfcf7739ddda85050abad47896d69f0edb0b26e55bfd7d1be52cdd9633114806491ce571e31a94fb5138b0e89e5d30adf181d822ba0f0912dfb1b62c1eaacdd4b14d62bc7e8fcdb5b0b5da2ac77f281db59553f3068f957c0374531edc1e4";

/// The short operations read their inputs in place when a buffer is
/// aligned and through a copy when it is not: every mix of the two, with
/// the output apart or aliasing the first input, gives the core's answer.
#[test]
fn aligned_and_unaligned_operands_alias() {
    type Binary = unsafe extern "C" fn(*mut u8, *const u8, *const u8);
    type Unary = unsafe extern "C" fn(*mut u8, *const u8);
    let mut rng = common::Rng(0x616c);
    fn wide<const N: usize>(rng: &mut common::Rng) -> [u8; N] {
        core::array::from_fn(|_| rng.next() as u8)
    }
    let fr = |rng: &mut common::Rng| {
        let mut r = [0u8; 32];
        unsafe { bls12_381_fr_of_bytes_wide(r.as_mut_ptr(), wide::<64>(rng).as_ptr()) };
        unsafe { core::ptr::read_unaligned(r.as_ptr().cast::<Fr>()) }
    };
    let fq12 = |rng: &mut common::Rng| {
        let mut r = [0u8; 576];
        unsafe { bls12_381_fq12_of_bytes_wide(r.as_mut_ptr(), wide::<768>(rng).as_ptr()) };
        unsafe { core::ptr::read_unaligned(r.as_ptr().cast::<Fp12>()) }
    };
    let (x, y) = (fr(&mut rng), fr(&mut rng));
    let (u, v) = (fq12(&mut rng), fq12(&mut rng));
    let bytes = |p: *const u8, n: usize| unsafe { core::slice::from_raw_parts(p, n).to_vec() };
    let as_bytes = |f: &Fr| bytes((f as *const Fr).cast(), 32);
    let as_bytes12 = |f: &Fp12| bytes((f as *const Fp12).cast(), 576);
    /// A function, its inputs and the expected output, as bytes.
    type Case2 = (Binary, Vec<u8>, Vec<u8>, Vec<u8>);
    let binaries: [Case2; 4] = [
        (bls12_381_fr_add, as_bytes(&x), as_bytes(&y), as_bytes(&x.add(&y))),
        (bls12_381_fr_mul, as_bytes(&x), as_bytes(&y), as_bytes(&x.mul(&y))),
        (bls12_381_fq12_mul, as_bytes12(&u), as_bytes12(&v), as_bytes12(&u.mul(&v))),
        (bls12_381_fq12_sub, as_bytes12(&u), as_bytes12(&v), as_bytes12(&u.sub(&v))),
    ];
    // Offsets 0 (8-aligned: the Vec<u64> below) and 1, for a, b and out.
    for (f, a, b, want) in &binaries {
        let n = a.len();
        for (oa, ob, alias) in (0..8).map(|m| (m & 1, (m >> 1) & 1, m >> 2 == 1)) {
            let mut sa = vec![0u64; n / 8 + 1];
            let mut sb = vec![0u64; n / 8 + 1];
            let mut so = vec![0u64; n / 8 + 1];
            let pa = unsafe { sa.as_mut_ptr().cast::<u8>().add(oa) };
            let pb = unsafe { sb.as_mut_ptr().cast::<u8>().add(ob) };
            let po = if alias { pa } else { unsafe { so.as_mut_ptr().cast::<u8>().add(1 - oa) } };
            unsafe {
                core::ptr::copy_nonoverlapping(a.as_ptr(), pa, n);
                core::ptr::copy_nonoverlapping(b.as_ptr(), pb, n);
                f(po, pa, pb);
            }
            assert_eq!(&bytes(po, n), want, "offsets a {oa} b {ob}, alias {alias}");
        }
    }
    let unaries: [(Unary, Vec<u8>, Vec<u8>); 3] = [
        (bls12_381_fr_square, as_bytes(&x), as_bytes(&x.square())),
        (bls12_381_fr_neg, as_bytes(&y), as_bytes(&y.neg())),
        (bls12_381_fq12_square, as_bytes12(&u), as_bytes12(&u.square())),
    ];
    for (f, a, want) in &unaries {
        let n = a.len();
        for (oa, alias) in (0..4).map(|m| (m & 1, m >> 1 == 1)) {
            let mut sa = vec![0u64; n / 8 + 1];
            let mut so = vec![0u64; n / 8 + 1];
            let pa = unsafe { sa.as_mut_ptr().cast::<u8>().add(oa) };
            let po = if alias { pa } else { unsafe { so.as_mut_ptr().cast::<u8>().add(1 - oa) } };
            unsafe {
                core::ptr::copy_nonoverlapping(a.as_ptr(), pa, n);
                f(po, pa);
            }
            assert_eq!(&bytes(po, n), want, "offset a {oa}, alias {alias}");
        }
    }
}
