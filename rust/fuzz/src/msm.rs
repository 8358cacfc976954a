//! Multi-scalar multiplication through the C ABI
//! (`bls12_381_g{1,2}_msm_vartime`, `bls12_381_g{1,2}_msm_compressed_vartime`,
//! `bls12_381_g{1,2}_batch_normalize`, which take item counts) against
//! blst.
//!
//! Input layout: byte 0 the number of pairs n (mod 17), byte 1 the thread
//! count (mod 5: 0 = rayon's pool, 1 = the calling thread, 2-4 a pool of
//! that size, clamped to the CPU count by the library; huge counts are
//! tested separately), byte 2 the options (bit 0: G2; bit 1: compressed
//! entry point; bit 2: subgroup check for the compressed entry point; bit 3:
//! points at an odd address; bits 4-5: a fault: 0 none, 1 a count whose
//! points span more than isize::MAX bytes (refused before anything is
//! read), 2 null scalars pointer, 3 null points pointer), then
//! for each pair 35 bytes: a kind byte, 2 bytes j, 32 bytes of scalar k (any
//! value; the library reduces it mod r). Kinds (mod 5): the table point
//! P = a_j G; the identity; the previous point again; the previous point
//! negated; an invalid encoding (a_j G with the compression bit cleared),
//! which only the compressed entry point is given and which must fail the
//! call with `INVALID_FLAGS`. Missing bytes read as zero.
//!
//! Every point is a known multiple a G of a generator G (the table holds
//! 1024 multiples a_j G, a_j pseudo-random 64-bit, made once per process
//! with blst), so the expected sum is c G with c = sum_i k_i a_i mod r,
//! computed with big integers and one blst multiplication: exact, and
//! independent of the library's bucket method and endomorphism split.

use crate::fields::r;
use crate::hex;
use bls12_381_ffi::*;
use blst::{
    blst_p1, blst_p1_compress, blst_p1_generator, blst_p1_mult, blst_p2, blst_p2_compress, blst_p2_generator,
    blst_p2_mult,
};
use num_bigint::BigUint;
use std::sync::OnceLock;

/// Bytes per pair in the input.
const PAIR: usize = 35;
/// Points in the table.
const TABLE: usize = 1024;

/// `BLS12_381_INVALID_LENGTH`, `_INVALID_FLAGS`.
const INVALID_LENGTH: i32 = 1;
const INVALID_FLAGS: i32 = 5;

/// The table's multipliers a_j (an LCG; any distinct values do).
fn multipliers() -> Vec<u64> {
    let mut x: u64 = 0x1505_2026;
    (0..TABLE)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            x | 1
        })
        .collect()
}

/// One table entry: a_j, the compressed encoding of a_j G, and its
/// Jacobian in-memory form as the C decoder writes it.
struct Entry {
    a: BigUint,
    enc: Vec<u8>,
    jac: Vec<u8>,
}

macro_rules! msm_check {
    (
        name: $name:ident, table: $table:ident,
        comp: $comp:expr, jac_size: $jac_size:expr, aff_size: $aff_size:expr,
        b_point: $bp:ty, b_generator: $bgen:path, b_mult: $bmult:path, b_compress: $bcompress:path,
        of_c: $of_c:path, zero: $zero:path, neg: $neg:path, batch_normalize: $btn:path,
        msm: $msm:path, msm_c: $msm_c:path, to_c: $to_c:path
    ) => {
        fn $table() -> &'static [Entry] {
            static T: OnceLock<Vec<Entry>> = OnceLock::new();
            T.get_or_init(|| {
                multipliers()
                    .into_iter()
                    .map(|a| {
                        let mut p = <$bp>::default();
                        let mut enc = vec![0u8; $comp];
                        let mut jac = vec![0u8; $jac_size];
                        // SAFETY: blst and the C decoder on buffers of the stated sizes.
                        unsafe {
                            $bmult(&mut p, $bgen(), a.to_le_bytes().as_ptr(), 64);
                            $bcompress(enc.as_mut_ptr(), &p);
                            assert_eq!($of_c(jac.as_mut_ptr(), enc.as_ptr(), $comp), 0);
                        }
                        Entry { a: BigUint::from(a), enc, jac }
                    })
                    .collect()
            })
        }

        fn $name(n: usize, threads: usize, opts: u8, pairs: &[u8]) {
            let table = $table();
            let compressed_entry = opts & 2 != 0;
            let fault = (opts >> 4) & 3;
            let mut encs: Vec<u8> = Vec::with_capacity(n * $comp);
            let mut jacs: Vec<u8> = Vec::with_capacity(n * $jac_size);
            let mut scalars: Vec<u8> = Vec::with_capacity(n * 32 + 32);
            let mut c = BigUint::from(0u32);
            // The previous point: its multiplier, encoding, Jacobian form.
            let mut prev: (BigUint, Vec<u8>, Vec<u8>) = {
                let mut jac = vec![0u8; $jac_size];
                let mut enc = vec![0u8; $comp];
                // SAFETY: outputs of the Jacobian and compressed sizes.
                unsafe {
                    $zero(jac.as_mut_ptr());
                    $to_c(enc.as_mut_ptr(), jac.as_ptr());
                }
                (BigUint::from(0u32), enc, jac)
            };
            let identity = prev.clone();
            let mut invalid = false;
            for i in 0..n {
                let pb = &pairs[i * PAIR..(i + 1) * PAIR];
                let kind = pb[0] % 5;
                let e = &table[u16::from_le_bytes([pb[1], pb[2]]) as usize % TABLE];
                let mut cur = match kind {
                    0 | 4 => (e.a.clone(), e.enc.clone(), e.jac.clone()),
                    1 => identity.clone(),
                    2 => prev.clone(),
                    _ => {
                        let mut jac = vec![0u8; $jac_size];
                        let mut enc = vec![0u8; $comp];
                        // SAFETY: a Jacobian form in, outputs of the stated sizes.
                        unsafe {
                            $neg(jac.as_mut_ptr(), prev.2.as_ptr());
                            $to_c(enc.as_mut_ptr(), jac.as_ptr());
                        }
                        ((r() - &prev.0) % r(), enc, jac)
                    }
                };
                prev = cur.clone();
                if kind == 4 && compressed_entry {
                    cur.1[0] &= 0x7f;
                    invalid = true;
                }
                encs.extend_from_slice(&cur.1);
                jacs.extend_from_slice(&cur.2);
                let k = &pb[3..35];
                scalars.extend_from_slice(k);
                c = (c + BigUint::from_bytes_le(k) * &cur.0) % r();
            }
            let mut want = [0u8; $comp];
            let mut cb = c.to_bytes_le();
            cb.resize(32, 0);
            let mut sum = <$bp>::default();
            // SAFETY: blst on the generator and a 32-byte scalar.
            unsafe {
                $bmult(&mut sum, $bgen(), cb.as_ptr(), 255);
                $bcompress(want.as_mut_ptr(), &sum);
            }

            // The in-memory affine forms, converted together by
            // batch_normalize and copied at an odd address on request (the
            // C ABI reads them unaligned).
            let mut points: Vec<u8> = Vec::new();
            let off = usize::from(opts & 8 != 0);
            if !compressed_entry {
                let mut aff = vec![0u8; n * $aff_size];
                // SAFETY: n Jacobian forms in, n affine forms out.
                let code = unsafe { $btn(aff.as_mut_ptr(), jacs.as_ptr(), n) };
                assert_eq!(code, 0);
                points.resize(off, 0);
                points.extend_from_slice(&aff);
            }
            let arr: &[u8] = if compressed_entry { &encs } else { &points[off..] };
            let mut arr_ptr = arr.as_ptr();
            let mut s_ptr = scalars.as_ptr();
            let mut count = n;
            let expect = match fault {
                1 => {
                    // More items than any buffer holds: refused unread.
                    count = isize::MAX as usize / $comp + 1 + n;
                    INVALID_LENGTH
                }
                2 if n > 0 => {
                    s_ptr = core::ptr::null();
                    ERR_NULL_POINTER
                }
                3 if n > 0 => {
                    arr_ptr = core::ptr::null();
                    ERR_NULL_POINTER
                }
                _ if invalid => INVALID_FLAGS,
                _ => 0,
            };
            let mut out = [0xa5u8; $jac_size];
            let check = opts & 4 != 0;
            // SAFETY: the arrays hold `count` items (or the pointer is null,
            // or the count exceeds what any buffer holds, which the
            // functions must reject unread); out has the Jacobian size.
            let code = unsafe {
                if compressed_entry {
                    $msm_c(out.as_mut_ptr(), arr_ptr, s_ptr, count, i32::from(check), threads)
                } else {
                    $msm(out.as_mut_ptr(), arr_ptr, s_ptr, count, threads)
                }
            };
            assert_eq!(code, expect, "MSM code: n {n}, threads {threads}, options {opts:#x}");
            if code == 0 {
                let mut got = [0u8; $comp];
                // SAFETY: out holds the Jacobian point written.
                unsafe { $to_c(got.as_mut_ptr(), out.as_ptr()) };
                assert_eq!(
                    hex(&got),
                    hex(&want),
                    "MSM value: n {n}, threads {threads}, options {opts:#x}, points {}, scalars {}",
                    hex(&encs),
                    hex(&scalars[..n * 32])
                );
            } else {
                assert!(out.iter().all(|&b| b == 0xa5), "MSM wrote its output on error {code}");
            }
        }
    };
}

for_g1_and_g2!(msm_check {
    name: check_g1, check_g2;
    table: table_g1, table_g2;
    comp: 48, 96;
    jac_size: 144, 288;
    aff_size: 96, 192;
    b_point: blst_p1, blst_p2;
    b_generator: blst_p1_generator, blst_p2_generator;
    b_mult: blst_p1_mult, blst_p2_mult;
    b_compress: blst_p1_compress, blst_p2_compress;
    of_c: bls12_381_g1_of_compressed, bls12_381_g2_of_compressed;
    zero: bls12_381_g1_zero, bls12_381_g2_zero;
    neg: bls12_381_g1_neg, bls12_381_g2_neg;
    batch_normalize: bls12_381_g1_batch_normalize, bls12_381_g2_batch_normalize;
    msm: bls12_381_g1_msm_vartime, bls12_381_g2_msm_vartime;
    msm_c: bls12_381_g1_msm_compressed_vartime, bls12_381_g2_msm_compressed_vartime;
    to_c: bls12_381_g1_to_compressed, bls12_381_g2_to_compressed;
});

/// The MSM checks on `data` (see the module comment for the layout).
pub fn check_msm(data: &[u8]) {
    let head = |i: usize| data.get(i).copied().unwrap_or(0);
    let n = head(0) as usize % 17;
    let threads = head(1) as usize % 5;
    let opts = head(2);
    let mut pairs = data.get(3..).unwrap_or(&[]).to_vec();
    pairs.resize(n * PAIR, 0);
    if opts & 1 == 0 {
        check_g1(n, threads, opts, &pairs);
    } else {
        check_g2(n, threads, opts, &pairs);
    }
}
