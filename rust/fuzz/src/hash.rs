//! Hash to curve (RFC 9380, suites `BLS12381G{1,2}_XMD:SHA-256_SSWU_{RO,NU}_`)
//! and `expand_message_xmd` against blst, with DSTs of 0 to 3000 bytes.
//!
//! Input layout: bytes 0-1 give the DST length (little-endian, mod 3001),
//! byte 2 the operation (bits 0-1: G1 RO, G1 NU, G2 RO, G2 NU; bit 2: also
//! through the C ABI; bit 3: also `expand_message_xmd` with an output length
//! from bytes 3-4), then the DST, then the message. When the input is
//! shorter than the DST length, the DST is completed with a byte pattern
//! (index xor operation byte), so that long DSTs do not need long inputs.
//!
//! A DST longer than 255 bytes is replaced by
//! SHA-256("H2C-OVERSIZE-DST-" || DST) (RFC 9380, 5.3.3) by both libraries;
//! the empty DST is accepted by both (the RFC asks protocols not to use it,
//! but the computation is defined), so every length is compared.

use crate::hex;
use bls12_381_core::curve::{G1Projective, G2Projective};
use bls12_381_core::hash_to_curve::expand_message_xmd;
use bls12_381_core::Error;

/// The longest DST the target builds.
pub const MAX_DST: usize = 3000;

/// Splits the fuzzer input into (operation, expand length, DST, message).
pub fn split(data: &[u8]) -> Option<(u8, usize, Vec<u8>, &[u8])> {
    if data.len() < 5 {
        return None;
    }
    let dst_len = u16::from_le_bytes([data[0], data[1]]) as usize % (MAX_DST + 1);
    let op = data[2];
    // 0..=8191: covers the valid 1..=8160 and the rejected 0 and > 8160.
    let xmd_len = u16::from_le_bytes([data[3], data[4]]) as usize % 8192;
    let rest = &data[5..];
    let take = dst_len.min(rest.len());
    let mut dst = rest[..take].to_vec();
    dst.extend((take..dst_len).map(|i| (i as u8) ^ op));
    Some((op, xmd_len, dst, &rest[take..]))
}

/// One group's hash checks: ours (`hash_to_curve` when `ro`, else
/// `encode_to_curve`) against blst's, as compressed encodings of `$len`
/// bytes; with `ffi`, the C entry points too (Jacobian output of `$jac`
/// bytes).
macro_rules! check_group {
    (
        $g:literal, $Proj:ty, $len:literal, $jac:literal, ($ro:ident, $ffi:ident, $msg:ident, $dst:ident, $ctx:ident),
        blst: ($P:ty, $hash:ident, $encode:ident, $compress:ident),
        c: ($c_hash:ident, $c_encode:ident, $c_compressed:ident)
    ) => {{
        let ours = if $ro { <$Proj>::hash_to_curve($msg, &$dst) } else { <$Proj>::encode_to_curve($msg, &$dst) };
        let mut p = <$P>::default();
        let mut theirs = [0u8; $len];
        // SAFETY: pointers and lengths of live slices.
        unsafe {
            if $ro {
                blst::$hash(&mut p, $msg.as_ptr(), $msg.len(), $dst.as_ptr(), $dst.len(), core::ptr::null(), 0);
            } else {
                blst::$encode(&mut p, $msg.as_ptr(), $msg.len(), $dst.as_ptr(), $dst.len(), core::ptr::null(), 0);
            }
            blst::$compress(theirs.as_mut_ptr(), &p);
        }
        assert_eq!(ours.to_compressed(), theirs, concat!($g, " hash: {}"), $ctx());
        if $ffi {
            let mut jac = [0u8; $jac];
            let mut enc = [0u8; $len];
            let f = if $ro { bls12_381_ffi::$c_hash } else { bls12_381_ffi::$c_encode };
            // SAFETY: output of the group's size; live slices.
            unsafe {
                f(jac.as_mut_ptr(), $msg.as_ptr(), $msg.len(), $dst.as_ptr(), $dst.len());
                bls12_381_ffi::$c_compressed(enc.as_mut_ptr(), jac.as_ptr());
            }
            assert_eq!(enc, theirs, concat!("C ", $g, " hash: {}"), $ctx());
        }
    }};
}

/// The hash checks on `data`.
pub fn check_hash(data: &[u8]) {
    let Some((op, xmd_len, dst, msg)) = split(data) else { return };
    let ctx = || format!("op {op:#x}, dst {} ({} bytes), msg {}", hex(&dst), dst.len(), hex(msg));
    let ffi = op & 4 != 0;
    // Bits 0..1 of op: 0 and 1 hash to G1, 2 and 3 to G2; even: hash_to_curve, odd: encode_to_curve.
    let ro = op & 1 == 0;
    if op & 3 < 2 {
        check_group!(
            "G1", G1Projective, 48, 144, (ro, ffi, msg, dst, ctx),
            blst: (blst::blst_p1, blst_hash_to_g1, blst_encode_to_g1, blst_p1_compress),
            c: (bls12_381_g1_hash_to_curve, bls12_381_g1_encode_to_curve, bls12_381_g1_to_compressed)
        );
    } else {
        check_group!(
            "G2", G2Projective, 96, 288, (ro, ffi, msg, dst, ctx),
            blst: (blst::blst_p2, blst_hash_to_g2, blst_encode_to_g2, blst_p2_compress),
            c: (bls12_381_g2_hash_to_curve, bls12_381_g2_encode_to_curve, bls12_381_g2_to_compressed)
        );
    }
    if op & 8 != 0 {
        let ours = expand_message_xmd(msg, &dst, xmd_len);
        if xmd_len == 0 || xmd_len > 8160 {
            assert_eq!(ours, Err(Error::InvalidOutputLength), "xmd length {xmd_len}");
        } else {
            let mut theirs = vec![0u8; xmd_len];
            // SAFETY: output of `xmd_len` bytes; live slices.
            unsafe {
                blst::blst_expand_message_xmd(
                    theirs.as_mut_ptr(),
                    xmd_len,
                    msg.as_ptr(),
                    msg.len(),
                    dst.as_ptr(),
                    dst.len(),
                );
            }
            assert_eq!(ours, Ok(theirs), "expand_message_xmd({xmd_len}): {}", ctx());
        }
    }
}
