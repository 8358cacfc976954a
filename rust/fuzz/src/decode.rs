//! G1 / G2 point decoders and encoders against blst.
//!
//! For an input of any length, each of the four decoders (compressed and
//! uncompressed, with and without the subgroup check) of the core, and the
//! corresponding C functions, must reach blst's decision: the same error
//! class, or the same point, compared through both encodings (so the
//! encoders are checked too: the core's encodings of its decoded point must
//! be blst's encodings of blst's decoded point). A decoded point must also
//! re-decode to itself from both of its encodings.
//!
//! Inputs one byte longer than an encoding are read as a directive byte and
//! an encoding, and the encoding is rewritten before the checks: the
//! decoders are constant time (flags and coordinate checks are combined
//! without branches), so libFuzzer's coverage feedback cannot steer towards
//! the combinations that matter, and the directive names them. Directive
//! bits 7-5: the three flag bits to write into byte 0; bit 4: zero every
//! other bit first (the identity and its malformed variants); bits 3-2: a
//! coordinate made >= p (1: the coordinate plus p, a non-canonical
//! representative of the same value; 2: p + (its low byte); 3: 2^381 - 1 -
//! (its low byte)); bits 1-0: which 48-byte coordinate. Every input is also
//! checked as it is.
//!
//! blst's API differs from the core's in two places the reference below
//! adapts to, both documented by blst's source (e1.c, e2.c):
//! - `blst_p1_deserialize` / `blst_p2_deserialize` read an input with the
//!   compression bit as a compressed point (the first 48 / 96 bytes); the
//!   uncompressed format forbids that bit, so the reference answers
//!   `BAD_ENCODING` for it;
//! - on G1, blst returns `POINT_NOT_IN_GROUP` for x = 0 (the points (0, ±2)
//!   of order 3) even from the decoders that do not check the subgroup, but
//!   writes the point; the reference treats that as a decoded point and lets
//!   the explicit subgroup test decide.

use crate::fields::p;
use crate::{class_of, class_of_blst, code_of, hex, Class};
use bls12_381_core::{G1Affine, G2Affine};
use bls12_381_ffi::*;
use blst::{
    blst_p1_affine, blst_p1_affine_compress, blst_p1_affine_in_g1, blst_p1_affine_serialize, blst_p1_deserialize,
    blst_p1_uncompress, blst_p2_affine, blst_p2_affine_compress, blst_p2_affine_in_g2, blst_p2_affine_serialize,
    blst_p2_deserialize, blst_p2_uncompress, BLST_ERROR,
};
use num_bigint::BigUint;

/// The encoding a directive input stands for (see the module comment), or
/// `None` unless `data` is one byte longer than an encoding of a group
/// whose compressed size is `comp`.
pub fn derive(data: &[u8], comp: usize) -> Option<Vec<u8>> {
    let n = data.len().checked_sub(1)?;
    if n != comp && n != 2 * comp {
        return None;
    }
    let d = data[0];
    let mut e = data[1..].to_vec();
    if d & 0x10 != 0 {
        e.fill(0);
    }
    let kind = (d >> 2) & 3;
    if kind != 0 {
        let at = 48 * (usize::from(d & 3) % (n / 48));
        // The first coordinate shares its top 3 bits with the flags.
        let bits: u32 = if at == 0 { 381 } else { 384 };
        let limit = BigUint::from(1u8) << bits;
        let old = BigUint::from_bytes_be(&e[at..at + 48]) % &limit;
        let low: BigUint = &old % 256u32;
        let v: BigUint = match kind {
            1 if &old + p() < limit => &old + p(),
            1 | 2 => p() + low,
            _ => (BigUint::from(1u8) << 381) - 1u8 - low,
        };
        let b = v.to_bytes_be();
        e[at..at + 48].fill(0);
        e[at + 48 - b.len()..at + 48].copy_from_slice(&b);
    }
    e[0] = (e[0] & 0x1f) | (d & 0xe0);
    Some(e)
}

/// A decoder's verdict: the point's (compressed, uncompressed) encodings, or
/// the class of the error.
pub type Outcome = Result<(Vec<u8>, Vec<u8>), Class>;

macro_rules! decoder_check {
    (
        name: $name:ident, raw: $raw:ident, affine: $aff:ty,
        comp: $comp:expr, uncomp: $uncomp:expr, jac_size: $jac_size:expr, aff_size: $aff_size:expr,
        b_affine: $baff:ty, b_uncompress: $b_uncompress:path, b_deserialize: $b_deserialize:path,
        b_in_group: $b_in_group:path, b_compress: $b_compress:path, b_serialize: $b_serialize:path,
        of_c: $of_c:path, of_cu: $of_cu:path, of_u: $of_u:path, of_uu: $of_uu:path,
        to_c: $to_c:path, to_u: $to_u:path,
        aff_of_u: $aff_of_u:path, aff_of_uu: $aff_of_uu:path, aff_to_u: $aff_to_u:path
    ) => {
        #[doc = concat!("The decoders and encoders of the group on `data` (", stringify!($comp),
                    " bytes compressed, ", stringify!($uncomp), " uncompressed; any other length is a length error), ",
                    "and on the encoding a directive input (one byte longer) stands for.")]
        pub fn $name(data: &[u8]) {
            $raw(data);
            if let Some(e) = derive(data, $comp) {
                $raw(&e);
            }
        }

        fn $raw(data: &[u8]) {
            let len = data.len();

            // The reference (blst).
            let reference = |compressed: bool, checked: bool| -> Outcome {
                let size = if compressed { $comp } else { $uncomp };
                if len != size || (!compressed && data[0] & 0x80 != 0) {
                    return Err(Class::Encoding);
                }
                let mut a = <$baff>::default();
                // SAFETY: `data` holds `size` bytes (checked), `a` is a valid output.
                let r = unsafe {
                    if compressed {
                        $b_uncompress(&mut a, data.as_ptr())
                    } else {
                        $b_deserialize(&mut a, data.as_ptr())
                    }
                };
                match r {
                    BLST_ERROR::BLST_SUCCESS | BLST_ERROR::BLST_POINT_NOT_IN_GROUP => {
                        // SAFETY: `a` is a point blst wrote.
                        if checked && !unsafe { $b_in_group(&a) } {
                            return Err(Class::NotInGroup);
                        }
                        let mut c = vec![0u8; $comp];
                        let mut u = vec![0u8; $uncomp];
                        // SAFETY: output buffers of the encoding sizes.
                        unsafe {
                            $b_compress(c.as_mut_ptr(), &a);
                            $b_serialize(u.as_mut_ptr(), &a);
                        }
                        Ok((c, u))
                    }
                    e => Err(class_of_blst(e)),
                }
            };

            // The core, with the round trip of its encodings.
            let core = |r: Result<$aff, bls12_381_core::Error>, size: usize| -> Outcome {
                match r {
                    Ok(p) => {
                        let c = p.to_compressed();
                        let u = p.to_uncompressed();
                        assert_eq!(
                            <$aff>::from_compressed_unchecked(&c),
                            Ok(p),
                            "compressed round trip of {}",
                            hex(data)
                        );
                        assert_eq!(
                            <$aff>::from_uncompressed_unchecked(&u),
                            Ok(p),
                            "uncompressed round trip of {}",
                            hex(data)
                        );
                        Ok((c.to_vec(), u.to_vec()))
                    }
                    Err(e) => {
                        if len != size {
                            assert_eq!(e, bls12_381_core::Error::InvalidLength { expected: size, got: len });
                        }
                        Err(class_of(e))
                    }
                }
            };

            let cu = <$aff>::from_compressed_unchecked(data);
            let cc = <$aff>::from_compressed(data);
            let uu = <$aff>::from_uncompressed_unchecked(data);
            let uc = <$aff>::from_uncompressed(data);
            let (cu_code, cc_code, uu_code, uc_code) = (code_of(&cu), code_of(&cc), code_of(&uu), code_of(&uc));
            let cu = core(cu, $comp);
            let cc = core(cc, $comp);
            let uu = core(uu, $uncomp);
            let uc = core(uc, $uncomp);
            assert_eq!(cu, reference(true, false), "compressed unchecked: {}", hex(data));
            assert_eq!(cc, reference(true, true), "compressed checked: {}", hex(data));
            assert_eq!(uu, reference(false, false), "uncompressed unchecked: {}", hex(data));
            assert_eq!(uc, reference(false, true), "uncompressed checked: {}", hex(data));

            // The C ABI: the same codes, and the same point back through its
            // encoders (Jacobian and affine in-memory forms).
            let ffi_jac = |f: unsafe extern "C" fn(*mut u8, *const u8, usize) -> i32, want: i32, core: &Outcome| {
                let mut jac = [0u8; $jac_size];
                // SAFETY: `jac` is an output of the Jacobian size, `data` has `len` bytes.
                let got = unsafe { f(jac.as_mut_ptr(), data.as_ptr(), len) };
                assert_eq!(got, want, "C decoder code on {}", hex(data));
                if let Ok((c, u)) = core {
                    let mut c2 = [0u8; $comp];
                    let mut u2 = [0u8; $uncomp];
                    // SAFETY: `jac` holds the point the decoder wrote.
                    unsafe {
                        $to_c(c2.as_mut_ptr(), jac.as_ptr());
                        $to_u(u2.as_mut_ptr(), jac.as_ptr());
                    }
                    assert_eq!((&c2[..], &u2[..]), (&c[..], &u[..]), "C encoders on {}", hex(data));
                }
            };
            ffi_jac($of_c, cc_code, &cc);
            ffi_jac($of_cu, cu_code, &cu);
            ffi_jac($of_u, uc_code, &uc);
            ffi_jac($of_uu, uu_code, &uu);
            let ffi_aff = |f: unsafe extern "C" fn(*mut u8, *const u8, usize) -> i32, want: i32, core: &Outcome| {
                // One spare byte: the affine form is read and written
                // unaligned, so it is placed at an odd address.
                let mut buf = [0u8; $aff_size + 1];
                // SAFETY: bytes 1.. are an output of the affine size.
                let got = unsafe { f(buf.as_mut_ptr().add(1), data.as_ptr(), len) };
                assert_eq!(got, want, "C affine decoder code on {}", hex(data));
                if let Ok((_, u)) = core {
                    let mut u2 = [0u8; $uncomp];
                    // SAFETY: bytes 1.. hold the point the decoder wrote.
                    unsafe { $aff_to_u(u2.as_mut_ptr(), buf.as_ptr().add(1)) };
                    assert_eq!(&u2[..], &u[..], "C affine encoder on {}", hex(data));
                }
            };
            ffi_aff($aff_of_u, uc_code, &uc);
            ffi_aff($aff_of_uu, uu_code, &uu);
        }
    };
}

for_g1_and_g2!(decoder_check {
    name: check_g1, check_g2;
    raw: check_g1_raw, check_g2_raw;
    affine: G1Affine, G2Affine;
    comp: 48, 96;
    uncomp: 96, 192;
    jac_size: 144, 288;
    aff_size: 96, 192;
    b_affine: blst_p1_affine, blst_p2_affine;
    b_uncompress: blst_p1_uncompress, blst_p2_uncompress;
    b_deserialize: blst_p1_deserialize, blst_p2_deserialize;
    b_in_group: blst_p1_affine_in_g1, blst_p2_affine_in_g2;
    b_compress: blst_p1_affine_compress, blst_p2_affine_compress;
    b_serialize: blst_p1_affine_serialize, blst_p2_affine_serialize;
    of_c: bls12_381_g1_of_compressed, bls12_381_g2_of_compressed;
    of_cu: bls12_381_g1_of_compressed_unchecked, bls12_381_g2_of_compressed_unchecked;
    of_u: bls12_381_g1_of_uncompressed, bls12_381_g2_of_uncompressed;
    of_uu: bls12_381_g1_of_uncompressed_unchecked, bls12_381_g2_of_uncompressed_unchecked;
    to_c: bls12_381_g1_to_compressed, bls12_381_g2_to_compressed;
    to_u: bls12_381_g1_to_uncompressed, bls12_381_g2_to_uncompressed;
    aff_of_u: bls12_381_g1_affine_of_uncompressed, bls12_381_g2_affine_of_uncompressed;
    aff_of_uu:
        bls12_381_g1_affine_of_uncompressed_unchecked, bls12_381_g2_affine_of_uncompressed_unchecked;
    aff_to_u: bls12_381_g1_affine_to_uncompressed, bls12_381_g2_affine_to_uncompressed;
});
