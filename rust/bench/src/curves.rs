//! `compare curves`: G1 and G2 group operations, scalar multiplication and
//! subgroup checks, ours vs blst (raw FFI, single thread).
//!
//! Each row: one random input, the two libraries' results compared as affine
//! coordinates (canonical bytes), then the timed chains. A row is one
//! `if b.wants(..) { .. }` block calling [`Bench::compare`]; new rows
//! (decompression, hashing, ...) are added the same way.
//!
//! Peers: blst's fastest public path for the operation: `blst_p1_add_or_double`
//! (complete, like our `add`), `blst_p1_add_or_double_affine`,
//! `blst_p1_double`, `blst_p1_mult` with a 255-bit scalar (constant time,
//! GLV inside blst), `blst_p1_affine_in_g1`, and the G2 equivalents;
//! decompression with the subgroup check is `blst_p1_uncompress` then
//! `blst_p1_affine_in_g1`; hashing is `blst_hash_to_g1` / `_g2`.

use crate::fields::{blst_fp_bytes, fp2_to_blst, fp_to_blst};
use crate::{blst_chain, chain, repeat, Bench};
use bls12_381_core::curve::{G1Affine, G1Projective, G2Affine, G2Projective};
use bls12_381_core::Fr;
use blst::*;

const BLST: &str = "blst";

// ---------------------------------------------------------------------------
// Conversions (through canonical coordinates).

pub(crate) fn g1_to_blst(p: &G1Affine) -> blst_p1_affine {
    blst_p1_affine { x: fp_to_blst(&p.x()), y: fp_to_blst(&p.y()) }
}

fn p1_to_blst(p: &G1Projective) -> blst_p1 {
    let mut r = blst_p1::default();
    // SAFETY: valid input and output.
    unsafe { blst_p1_from_affine(&mut r, &g1_to_blst(&p.to_affine())) };
    r
}

pub(crate) fn g2_to_blst(p: &G2Affine) -> blst_p2_affine {
    blst_p2_affine { x: fp2_to_blst(&p.x()), y: fp2_to_blst(&p.y()) }
}

fn p2_to_blst(p: &G2Projective) -> blst_p2 {
    let mut r = blst_p2::default();
    // SAFETY: valid input and output.
    unsafe { blst_p2_from_affine(&mut r, &g2_to_blst(&p.to_affine())) };
    r
}

/// x || y of an affine G1 point, 48-byte big-endian each.
pub(crate) fn g1_bytes(p: &G1Projective) -> Vec<u8> {
    let a = p.to_affine();
    [a.x().to_bytes(), a.y().to_bytes()].concat()
}

pub(crate) fn blst_p1_bytes(p: &blst_p1) -> Vec<u8> {
    let mut a = blst_p1_affine::default();
    // SAFETY: valid input and output.
    unsafe { blst_p1_to_affine(&mut a, p) };
    [blst_fp_bytes(&a.x), blst_fp_bytes(&a.y)].concat()
}

/// x.c0 || x.c1 || y.c0 || y.c1 of an affine G2 point.
pub(crate) fn g2_bytes(p: &G2Projective) -> Vec<u8> {
    let a = p.to_affine();
    [a.x().c0.to_bytes(), a.x().c1.to_bytes(), a.y().c0.to_bytes(), a.y().c1.to_bytes()].concat()
}

pub(crate) fn blst_p2_bytes(p: &blst_p2) -> Vec<u8> {
    let mut a = blst_p2_affine::default();
    // SAFETY: valid input and output.
    unsafe { blst_p2_to_affine(&mut a, p) };
    [
        blst_fp_bytes(&a.x.fp[0]),
        blst_fp_bytes(&a.x.fp[1]),
        blst_fp_bytes(&a.y.fp[0]),
        blst_fp_bytes(&a.y.fp[1]),
    ]
    .concat()
}

/// A random scalar with its top bit (bit 254) set, as blst's 32 bytes.
fn scalar(b: &mut Bench) -> (Fr, [u8; 32]) {
    loop {
        let k = Fr::random(b.rng());
        let bytes = k.to_bytes();
        if bytes[31] & 0x40 != 0 {
            return (k, bytes);
        }
    }
}

// ---------------------------------------------------------------------------
// Rows.

/// Runs every selected row of the area.
pub(crate) fn run(b: &mut Bench) {
    g1_rows(b);
    g2_rows(b);
    decoding_and_hashing_rows(b);
}

/// The message and DST of the hashing rows (a 32-byte message, as a
/// signature scheme hashes, and the Ethereum DST).
const MSG: &[u8; 32] = b"a 32-byte message to be hashed..";
const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

fn decoding_and_hashing_rows(b: &mut Bench) {
    if b.wants("G1 decompress") {
        let p = G1Projective::generator().mul(&Fr::random(b.rng()));
        let enc = p.to_affine().to_compressed();
        let blst_decode = |e: &[u8; 48]| {
            let mut a = blst_p1_affine::default();
            // SAFETY: 48 readable bytes, valid output.
            unsafe {
                blst_p1_uncompress(&mut a, e.as_ptr()) == BLST_ERROR::BLST_SUCCESS
                    && blst_p1_affine_in_g1(&a)
            }
        };
        let ours = G1Affine::from_compressed(&enc).map(|a| g1_bytes(&a.to_projective()));
        b.agree("G1 decompress", &ours.unwrap(), &g1_bytes(&p), BLST);
        assert!(blst_decode(&enc));
        b.compare(
            "G1 decompress",
            "blst (uncompress + in_g1)",
            Some(1.0),
            repeat(enc, |e: &[u8; 48]| G1Affine::from_compressed(e).is_ok()),
            repeat(enc, blst_decode),
        );
    }

    if b.wants("G2 decompress") {
        let p = G2Projective::generator().mul(&Fr::random(b.rng()));
        let enc = p.to_affine().to_compressed();
        let blst_decode = |e: &[u8; 96]| {
            let mut a = blst_p2_affine::default();
            // SAFETY: 96 readable bytes, valid output.
            unsafe {
                blst_p2_uncompress(&mut a, e.as_ptr()) == BLST_ERROR::BLST_SUCCESS
                    && blst_p2_affine_in_g2(&a)
            }
        };
        let ours = G2Affine::from_compressed(&enc).map(|a| g2_bytes(&a.to_projective()));
        b.agree("G2 decompress", &ours.unwrap(), &g2_bytes(&p), BLST);
        assert!(blst_decode(&enc));
        b.compare(
            "G2 decompress",
            "blst (uncompress + in_g2)",
            Some(1.0),
            repeat(enc, |e: &[u8; 96]| G2Affine::from_compressed(e).is_ok()),
            repeat(enc, blst_decode),
        );
    }

    if b.wants("hash_to_g1") {
        let mut r = blst_p1::default();
        // SAFETY: valid buffers, no augmentation.
        unsafe {
            blst_hash_to_g1(&mut r, MSG.as_ptr(), MSG.len(), DST.as_ptr(), DST.len(), core::ptr::null(), 0)
        };
        b.agree("hash_to_g1", &g1_bytes(&G1Projective::hash_to_curve(MSG, DST)), &blst_p1_bytes(&r), BLST);
        b.compare(
            "hash_to_g1",
            BLST,
            Some(1.0),
            repeat(*MSG, |m: &[u8; 32]| !bool::from(G1Projective::hash_to_curve(m, DST).is_identity())),
            repeat(*MSG, |m: &[u8; 32]| {
                let mut r = blst_p1::default();
                // SAFETY: as above.
                unsafe {
                    blst_hash_to_g1(&mut r, m.as_ptr(), m.len(), DST.as_ptr(), DST.len(), core::ptr::null(), 0);
                    !blst_p1_is_inf(&r)
                }
            }),
        );
    }

    if b.wants("hash_to_g2") {
        let mut r = blst_p2::default();
        // SAFETY: valid buffers, no augmentation.
        unsafe {
            blst_hash_to_g2(&mut r, MSG.as_ptr(), MSG.len(), DST.as_ptr(), DST.len(), core::ptr::null(), 0)
        };
        b.agree("hash_to_g2", &g2_bytes(&G2Projective::hash_to_curve(MSG, DST)), &blst_p2_bytes(&r), BLST);
        b.compare(
            "hash_to_g2",
            BLST,
            Some(1.0),
            repeat(*MSG, |m: &[u8; 32]| !bool::from(G2Projective::hash_to_curve(m, DST).is_identity())),
            repeat(*MSG, |m: &[u8; 32]| {
                let mut r = blst_p2::default();
                // SAFETY: as above.
                unsafe {
                    blst_hash_to_g2(&mut r, m.as_ptr(), m.len(), DST.as_ptr(), DST.len(), core::ptr::null(), 0);
                    !blst_p2_is_inf(&r)
                }
            }),
        );
    }
}

fn g1_rows(b: &mut Bench) {
    let random = |b: &mut Bench| G1Projective::generator().mul(&Fr::random(b.rng()));
    let (p, q) = (random(b), random(b));
    let (bp, bq) = (p1_to_blst(&p), p1_to_blst(&q));
    let qa = q.to_affine();
    let bqa = g1_to_blst(&qa);

    if b.wants("G1 add") {
        let mut r = blst_p1::default();
        unsafe { blst_p1_add_or_double(&mut r, &bp, &bq) };
        b.agree("G1 add", &g1_bytes(&p.add(&q)), &blst_p1_bytes(&r), BLST);
        b.compare(
            "G1 add",
            BLST,
            Some(1.0),
            chain(p, |x: &mut G1Projective, y: &G1Projective| *x = x.add(y), q),
            blst_chain(bp, |r, a| unsafe { blst_p1_add_or_double(r, r, a) }, bq),
        );
    }

    if b.wants("G1 mixed add") {
        let mut r = blst_p1::default();
        unsafe { blst_p1_add_or_double_affine(&mut r, &bp, &bqa) };
        b.agree("G1 mixed add", &g1_bytes(&p.add_affine(&qa)), &blst_p1_bytes(&r), BLST);
        b.compare(
            "G1 mixed add",
            BLST,
            None,
            chain(p, |x: &mut G1Projective, y: &G1Affine| *x = x.add_affine(y), qa),
            blst_chain(bp, |r, a| unsafe { blst_p1_add_or_double_affine(r, r, a) }, bqa),
        );
    }

    if b.wants("G1 double") {
        let mut r = blst_p1::default();
        unsafe { blst_p1_double(&mut r, &bp) };
        b.agree("G1 double", &g1_bytes(&p.double()), &blst_p1_bytes(&r), BLST);
        b.compare(
            "G1 double",
            BLST,
            Some(1.0),
            chain(p, |x: &mut G1Projective, _: &()| *x = x.double(), ()),
            blst_chain(bp, |r, _: *const ()| unsafe { blst_p1_double(r, r) }, ()),
        );
    }

    let (k, kb) = scalar(b);
    let mut bk = blst_p1::default();
    unsafe { blst_p1_mult(&mut bk, &bp, kb.as_ptr(), 255) };

    if b.wants("G1 mul (ct)") {
        b.agree("G1 mul (ct)", &g1_bytes(&p.mul(&k)), &blst_p1_bytes(&bk), BLST);
        b.compare(
            "G1 mul (ct)",
            BLST,
            Some(0.9),
            chain(p, |x: &mut G1Projective, k: &Fr| *x = x.mul(k), k),
            blst_chain(bp, |r, k: *const [u8; 32]| unsafe { blst_p1_mult(r, r, (*k).as_ptr(), 255) }, kb),
        );
    }

    if b.wants("G1 mul vartime") {
        b.agree("G1 mul vartime", &g1_bytes(&p.mul_vartime(&k)), &blst_p1_bytes(&bk), BLST);
        b.compare(
            "G1 mul vartime",
            "blst (ct)",
            Some(0.7),
            chain(p, |x: &mut G1Projective, k: &Fr| *x = x.mul_vartime(k), k),
            blst_chain(bp, |r, k: *const [u8; 32]| unsafe { blst_p1_mult(r, r, (*k).as_ptr(), 255) }, kb),
        );
    }

    if b.wants("G1 subgroup check") {
        let pa = p.to_affine();
        let bpa = g1_to_blst(&pa);
        let ours = bool::from(pa.is_torsion_free());
        let peer = unsafe { blst_p1_affine_in_g1(&bpa) };
        b.agree("G1 subgroup check", &[ours as u8], &[peer as u8], BLST);
        b.compare(
            "G1 subgroup check",
            BLST,
            Some(1.0),
            repeat(pa, |x: &G1Affine| bool::from(x.is_torsion_free())),
            repeat(bpa, |x: &blst_p1_affine| unsafe { blst_p1_affine_in_g1(x) }),
        );
    }
}

fn g2_rows(b: &mut Bench) {
    let random = |b: &mut Bench| G2Projective::generator().mul(&Fr::random(b.rng()));
    let (p, q) = (random(b), random(b));
    let (bp, bq) = (p2_to_blst(&p), p2_to_blst(&q));
    let qa = q.to_affine();
    let bqa = g2_to_blst(&qa);

    if b.wants("G2 add") {
        let mut r = blst_p2::default();
        unsafe { blst_p2_add_or_double(&mut r, &bp, &bq) };
        b.agree("G2 add", &g2_bytes(&p.add(&q)), &blst_p2_bytes(&r), BLST);
        b.compare(
            "G2 add",
            BLST,
            Some(1.0),
            chain(p, |x: &mut G2Projective, y: &G2Projective| *x = x.add(y), q),
            blst_chain(bp, |r, a| unsafe { blst_p2_add_or_double(r, r, a) }, bq),
        );
    }

    if b.wants("G2 mixed add") {
        let mut r = blst_p2::default();
        unsafe { blst_p2_add_or_double_affine(&mut r, &bp, &bqa) };
        b.agree("G2 mixed add", &g2_bytes(&p.add_affine(&qa)), &blst_p2_bytes(&r), BLST);
        b.compare(
            "G2 mixed add",
            BLST,
            None,
            chain(p, |x: &mut G2Projective, y: &G2Affine| *x = x.add_affine(y), qa),
            blst_chain(bp, |r, a| unsafe { blst_p2_add_or_double_affine(r, r, a) }, bqa),
        );
    }

    if b.wants("G2 double") {
        let mut r = blst_p2::default();
        unsafe { blst_p2_double(&mut r, &bp) };
        b.agree("G2 double", &g2_bytes(&p.double()), &blst_p2_bytes(&r), BLST);
        b.compare(
            "G2 double",
            BLST,
            None,
            chain(p, |x: &mut G2Projective, _: &()| *x = x.double(), ()),
            blst_chain(bp, |r, _: *const ()| unsafe { blst_p2_double(r, r) }, ()),
        );
    }

    let (k, kb) = scalar(b);
    let mut bk = blst_p2::default();
    unsafe { blst_p2_mult(&mut bk, &bp, kb.as_ptr(), 255) };

    if b.wants("G2 mul (ct)") {
        b.agree("G2 mul (ct)", &g2_bytes(&p.mul(&k)), &blst_p2_bytes(&bk), BLST);
        b.compare(
            "G2 mul (ct)",
            BLST,
            Some(0.8),
            chain(p, |x: &mut G2Projective, k: &Fr| *x = x.mul(k), k),
            blst_chain(bp, |r, k: *const [u8; 32]| unsafe { blst_p2_mult(r, r, (*k).as_ptr(), 255) }, kb),
        );
    }

    if b.wants("G2 mul vartime") {
        b.agree("G2 mul vartime", &g2_bytes(&p.mul_vartime(&k)), &blst_p2_bytes(&bk), BLST);
        b.compare(
            "G2 mul vartime",
            "blst (ct)",
            Some(0.65),
            chain(p, |x: &mut G2Projective, k: &Fr| *x = x.mul_vartime(k), k),
            blst_chain(bp, |r, k: *const [u8; 32]| unsafe { blst_p2_mult(r, r, (*k).as_ptr(), 255) }, kb),
        );
    }

    if b.wants("G2 subgroup check") {
        let pa = p.to_affine();
        let bpa = g2_to_blst(&pa);
        let ours = bool::from(pa.is_torsion_free());
        let peer = unsafe { blst_p2_affine_in_g2(&bpa) };
        b.agree("G2 subgroup check", &[ours as u8], &[peer as u8], BLST);
        b.compare(
            "G2 subgroup check",
            BLST,
            Some(1.0),
            repeat(pa, |x: &G2Affine| bool::from(x.is_torsion_free())),
            repeat(bpa, |x: &blst_p2_affine| unsafe { blst_p2_affine_in_g2(x) }),
        );
    }
}
