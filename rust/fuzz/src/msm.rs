//! Multi-scalar multiplication through the C ABI (`bls12_381_g{1,2}_msm`,
//! `bls12_381_g{1,2}_msm_compressed`, `bls12_381_g{1,2}_batch_to_affine`)
//! against the naive sum computed by blst.
//!
//! Input layout: byte 0 the number of pairs n (mod 17), byte 1 the thread
//! count (mod 5: 0 = rayon's pool, 1 = the calling thread, 2-4 a pool of
//! that size; huge counts are the subject of a separate cap), byte 2 the
//! options (bit 0: G2; bit 1: compressed entry point; bit 2: subgroup check
//! for the compressed entry point; bit 3: points at an odd address; bits 4-5:
//! a length fault: 0 none, 1 points array one byte short, 2 one scalar too
//! many, 3 null points pointer), then for each pair 41 bytes: a kind byte,
//! 8 bytes a (the point is a G for a generator G), 32 bytes of scalar (any
//! value; the library reduces it mod r). Kinds (mod 5): a G; the identity;
//! the previous point again; the previous point negated; and an invalid
//! encoding (a G with the compression bit cleared), which only the
//! compressed entry point can be given and which must fail the call with
//! `INVALID_FLAGS`. Missing bytes read as zero.
//!
//! Every point is in the subgroup, so the endomorphism split the library
//! uses is exact and the result must equal sum_i (k_i mod r) P_i.

use crate::hex;

/// Bytes per pair in the input.
const PAIR: usize = 41;

/// `BLS12_381_INVALID_LENGTH`, `_INVALID_FLAGS`, `_LENGTH_MISMATCH`.
const INVALID_LENGTH: i32 = 1;
const INVALID_FLAGS: i32 = 5;
const LENGTH_MISMATCH: i32 = 9;

macro_rules! msm_check {
    (
        $name:ident, $comp:expr, $jac_size:expr, $aff_size:expr,
        blst: $bp:ty, $bgen:path, $bmult:path, $badd:path, $bneg:path, $bcompress:path,
        ffi: $of_c:path, $bta:path, $msm:path, $msm_c:path, $to_c:path $(,)?
    ) => {
        fn $name(n: usize, threads: usize, opts: u8, pairs: &[u8]) {
            let compressed_entry = opts & 2 != 0;
            let fault = (opts >> 4) & 3;
            let mut encs: Vec<u8> = Vec::with_capacity(n * $comp);
            let mut scalars: Vec<u8> = Vec::with_capacity(n * 32);
            let mut sum = <$bp>::default();
            let mut prev = <$bp>::default();
            let mut invalid = false;
            for i in 0..n {
                let pb = &pairs[i * PAIR..(i + 1) * PAIR];
                let kind = pb[0] % 5;
                let mut p = <$bp>::default();
                // SAFETY: blst on valid points and byte arrays of the stated sizes.
                unsafe {
                    match kind {
                        0 | 4 => $bmult(&mut p, $bgen(), pb[1..9].as_ptr(), 64),
                        1 => {}
                        2 => p = prev,
                        _ => {
                            p = prev;
                            $bneg(&mut p, true);
                        }
                    }
                }
                let mut enc = [0u8; $comp];
                // SAFETY: output of the compressed size.
                unsafe { $bcompress(enc.as_mut_ptr(), &p) };
                if kind == 4 && compressed_entry {
                    enc[0] &= 0x7f;
                    invalid = true;
                }
                encs.extend_from_slice(&enc);
                let k = &pb[9..41];
                scalars.extend_from_slice(k);
                let mut s = blst::blst_scalar::default();
                let mut kp = <$bp>::default();
                // SAFETY: blst on valid values.
                unsafe {
                    blst::blst_scalar_from_le_bytes(&mut s, k.as_ptr(), 32);
                    $bmult(&mut kp, &p, s.b.as_ptr(), 255);
                    let acc = sum;
                    $badd(&mut sum, &acc, &kp);
                }
                prev = p;
            }
            let mut want = [0u8; $comp];
            // SAFETY: output of the compressed size.
            unsafe { $bcompress(want.as_mut_ptr(), &sum) };

            // The in-memory affine forms: decoded to Jacobian forms by the
            // C decoder, converted together by batch_to_affine, copied at
            // an odd address on request (the C ABI reads them unaligned).
            let mut points: Vec<u8> = Vec::new();
            if !compressed_entry {
                let mut jac = vec![0u8; n * $jac_size];
                for i in 0..n {
                    // SAFETY: output of the Jacobian size; a 48/96-byte encoding.
                    let c = unsafe { $of_c(jac.as_mut_ptr().add(i * $jac_size), encs.as_ptr().add(i * $comp), $comp) };
                    assert_eq!(c, 0, "decoding blst's encoding {}", hex(&encs[i * $comp..(i + 1) * $comp]));
                }
                let mut aff = vec![0u8; n * $aff_size];
                // SAFETY: n Jacobian forms in, n affine forms out.
                let c = unsafe { $bta(aff.as_mut_ptr(), jac.as_ptr(), jac.len()) };
                assert_eq!(c, 0);
                if opts & 8 != 0 {
                    points.push(0);
                }
                points.extend_from_slice(&aff);
            }
            let off = if !compressed_entry && opts & 8 != 0 { 1 } else { 0 };
            let arr: &[u8] = if compressed_entry { &encs } else { &points[off..] };
            let mut arr_ptr = arr.as_ptr();
            let mut arr_len = arr.len();
            let mut s_len = scalars.len();
            scalars.extend_from_slice(&[7u8; 32]);
            let expect = match fault {
                1 if n > 0 => {
                    arr_len -= 1;
                    INVALID_LENGTH
                }
                2 => {
                    s_len += 32;
                    LENGTH_MISMATCH
                }
                3 if n > 0 => {
                    arr_ptr = core::ptr::null();
                    INVALID_LENGTH
                }
                _ if invalid => INVALID_FLAGS,
                _ => 0,
            };
            let mut out = [0xa5u8; $jac_size];
            let check = opts & 4 != 0;
            // SAFETY: the arrays hold the stated lengths (or the pointer is
            // null, which the functions must reject); out has the Jacobian size.
            let c = unsafe {
                if compressed_entry {
                    $msm_c(out.as_mut_ptr(), arr_ptr, arr_len, scalars.as_ptr(), s_len, i32::from(check), threads)
                } else {
                    $msm(out.as_mut_ptr(), arr_ptr, arr_len, scalars.as_ptr(), s_len, threads)
                }
            };
            assert_eq!(c, expect, "MSM code: n {n}, threads {threads}, options {opts:#x}");
            if c == 0 {
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
                assert!(out.iter().all(|&b| b == 0xa5), "MSM wrote its output on error {c}");
            }
        }
    };
}

msm_check!(
    check_g1, 48, 144, 96,
    blst: blst::blst_p1, blst::blst_p1_generator, blst::blst_p1_mult, blst::blst_p1_add_or_double,
    blst::blst_p1_cneg, blst::blst_p1_compress,
    ffi: bls12_381_ffi::bls12_381_g1_of_compressed, bls12_381_ffi::bls12_381_g1_batch_to_affine,
    bls12_381_ffi::bls12_381_g1_msm, bls12_381_ffi::bls12_381_g1_msm_compressed,
    bls12_381_ffi::bls12_381_g1_to_compressed,
);

msm_check!(
    check_g2, 96, 288, 192,
    blst: blst::blst_p2, blst::blst_p2_generator, blst::blst_p2_mult, blst::blst_p2_add_or_double,
    blst::blst_p2_cneg, blst::blst_p2_compress,
    ffi: bls12_381_ffi::bls12_381_g2_of_compressed, bls12_381_ffi::bls12_381_g2_batch_to_affine,
    bls12_381_ffi::bls12_381_g2_msm, bls12_381_ffi::bls12_381_g2_msm_compressed,
    bls12_381_ffi::bls12_381_g2_to_compressed,
);

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
