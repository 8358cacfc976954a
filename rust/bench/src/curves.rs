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
use bls12_381_core::{msm, Fr};
use blst::*;
use std::hint::black_box;

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
    [blst_fp_bytes(&a.x.fp[0]), blst_fp_bytes(&a.x.fp[1]), blst_fp_bytes(&a.y.fp[0]), blst_fp_bytes(&a.y.fp[1])]
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
    sum_rows(b);
}

/// Points summed by the `add_bulk` rows.
const SUM_N: usize = 4096;

/// `add_bulk`: the sum of [`SUM_N`] points, ours (`msm::sum_affine_vartime`
/// on affine points, `msm::sum_vartime` on Jacobian ones) against blst's
/// `blst_p?s_add` (affine points; for Jacobian ones after its
/// `blst_p?s_to_affine`), one call a round ([`Bench::compare_slow`]).
fn sum_rows(b: &mut Bench) {
    macro_rules! sum_row {
        ($g:literal, $Proj:ty, $BA:ty, $BP:ty, $to_blst:ident, $blst_bytes:ident, $bytes:ident,
         $s_add:ident, $s_to_affine:ident) => {
            let aff_name = concat!($g, " add_bulk ", "4096 affine");
            let jac_name = concat!($g, " add_bulk ", "4096 Jacobian");
            if b.wants(aff_name) || b.wants(jac_name) {
                let jac: Vec<$Proj> = (0..SUM_N).map(|_| <$Proj>::random(b.rng())).collect();
                let aff = <$Proj>::batch_normalize(&jac);
                let baff: Vec<$BA> = aff.iter().map($to_blst).collect();
                let bjac: Vec<$BP> = jac
                    .iter()
                    .map(|p| {
                        let mut r = <$BP>::default();
                        let a = $to_blst(&p.to_affine());
                        // SAFETY: valid input and output.
                        unsafe { blst_from_affine(&mut r, &a) };
                        r
                    })
                    .collect();
                let blst_sum_aff = |pts: &[$BA]| {
                    let ptrs: Vec<*const $BA> = pts.iter().map(|p| p as *const $BA).collect();
                    let mut r = <$BP>::default();
                    // SAFETY: SUM_N valid affine points, a valid output.
                    unsafe { $s_add(&mut r, ptrs.as_ptr(), ptrs.len()) };
                    r
                };
                let blst_sum_jac = |pts: &[$BP]| {
                    let ptrs: Vec<*const $BP> = pts.iter().map(|p| p as *const $BP).collect();
                    let mut a = vec![<$BA>::default(); pts.len()];
                    // SAFETY: as many outputs as inputs, all valid.
                    unsafe { $s_to_affine(a.as_mut_ptr(), ptrs.as_ptr(), ptrs.len()) };
                    blst_sum_aff(&a)
                };
                let want = $blst_bytes(&blst_sum_aff(&baff));
                b.agree(aff_name, &$bytes(&msm::sum_affine_vartime(&aff)), &want, BLST);
                b.agree(jac_name, &$bytes(&msm::sum_vartime(&jac)), &want, BLST);
                b.agree(jac_name, &$blst_bytes(&blst_sum_jac(&bjac)), &want, BLST);
                let mut ours_aff = || {
                    black_box(msm::sum_affine_vartime(black_box(&aff)));
                };
                let mut ours_jac = || {
                    black_box(msm::sum_vartime(black_box(&jac)));
                };
                let mut blst_aff = || {
                    black_box(blst_sum_aff(black_box(&baff)));
                };
                let mut blst_jac = || {
                    black_box(blst_sum_jac(black_box(&bjac)));
                };
                let mut calls: Vec<(&'static str, &mut dyn FnMut())> = vec![
                    ("ours", &mut ours_aff),
                    ("blst (p_s_add)", &mut blst_aff),
                    ("ours", &mut ours_jac),
                    ("blst (p_s_to_affine + p_s_add)", &mut blst_jac),
                ];
                let rows = [(aff_name.to_string(), 0, 1, None), (jac_name.to_string(), 2, 3, None)];
                let rounds = b.slow_rounds(0.002, 2.0);
                b.compare_slow(rounds, &mut calls, &rows);
            }
        };
    }
    {
        use blst::blst_p1_from_affine as blst_from_affine;
        sum_row!(
            "G1",
            G1Projective,
            blst_p1_affine,
            blst_p1,
            g1_to_blst,
            blst_p1_bytes,
            g1_bytes,
            blst_p1s_add,
            blst_p1s_to_affine
        );
    }
    {
        use blst::blst_p2_from_affine as blst_from_affine;
        sum_row!(
            "G2",
            G2Projective,
            blst_p2_affine,
            blst_p2,
            g2_to_blst,
            blst_p2_bytes,
            g2_bytes,
            blst_p2s_add,
            blst_p2s_to_affine
        );
    }
}

/// The message and DST of the hashing rows (a 32-byte message, as a
/// signature scheme hashes, and the Ethereum DST).
const MSG: &[u8; 32] = b"a 32-byte message to be hashed..";
const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

fn decoding_and_hashing_rows(b: &mut Bench) {
    /// Decompression with the subgroup check: ours `from_compressed` against
    /// blst's uncompress then in-group check, on one `$len`-byte encoding.
    macro_rules! decompress_row {
        (
            $name:literal, $peer:literal, $Proj:ty, $Aff:ty, $len:literal,
            $BA:ty, $uncompress:ident, $in_g:ident, $bytes:ident
        ) => {
            if b.wants($name) {
                let p = <$Proj>::generator().mul(&Fr::random(b.rng()));
                let enc = p.to_affine().to_compressed();
                let blst_decode = |e: &[u8; $len]| {
                    let mut a = <$BA>::default();
                    // SAFETY: a whole encoding of readable bytes, valid output.
                    unsafe { $uncompress(&mut a, e.as_ptr()) == BLST_ERROR::BLST_SUCCESS && $in_g(&a) }
                };
                let ours = <$Aff>::from_compressed(&enc).map(|a| $bytes(&a.to_projective()));
                b.agree($name, &ours.unwrap(), &$bytes(&p), BLST);
                assert!(blst_decode(&enc));
                b.compare(
                    $name,
                    $peer,
                    Some(1.0),
                    repeat(enc, |e: &[u8; $len]| <$Aff>::from_compressed(e).is_ok()),
                    repeat(enc, blst_decode),
                );
            }
        };
    }
    /// Hashing [`MSG`] with [`DST`]: ours `hash_to_curve` against blst's.
    macro_rules! hash_row {
        ($name:literal, $Proj:ty, $ours:path, $P:ty, $hash:ident, $is_inf:ident, $bytes:ident, $blst_bytes:ident) => {
            if b.wants($name) {
                let mut r = <$P>::default();
                // SAFETY: valid buffers, no augmentation.
                unsafe { $hash(&mut r, MSG.as_ptr(), MSG.len(), DST.as_ptr(), DST.len(), core::ptr::null(), 0) };
                b.agree($name, &$bytes(&$ours(MSG, DST)), &$blst_bytes(&r), BLST);
                b.compare(
                    $name,
                    BLST,
                    Some(1.0),
                    repeat(*MSG, |m: &[u8; 32]| !bool::from(<$Proj>::is_identity(&$ours(m, DST)))),
                    repeat(*MSG, |m: &[u8; 32]| {
                        let mut r = <$P>::default();
                        // SAFETY: as above.
                        unsafe {
                            $hash(&mut r, m.as_ptr(), m.len(), DST.as_ptr(), DST.len(), core::ptr::null(), 0);
                            !$is_inf(&r)
                        }
                    }),
                );
            }
        };
    }

    decompress_row!(
        "G1 decompress",
        "blst (uncompress + in_g1)",
        G1Projective,
        G1Affine,
        48,
        blst_p1_affine,
        blst_p1_uncompress,
        blst_p1_affine_in_g1,
        g1_bytes
    );
    decompress_row!(
        "G2 decompress",
        "blst (uncompress + in_g2)",
        G2Projective,
        G2Affine,
        96,
        blst_p2_affine,
        blst_p2_uncompress,
        blst_p2_affine_in_g2,
        g2_bytes
    );
    hash_row!(
        "hash_to_g1",
        G1Projective,
        G1Projective::hash_to_curve,
        blst_p1,
        blst_hash_to_g1,
        blst_p1_is_inf,
        g1_bytes,
        blst_p1_bytes
    );
    hash_row!(
        "hash_to_g2",
        G2Projective,
        G2Projective::hash_to_curve,
        blst_p2,
        blst_hash_to_g2,
        blst_p2_is_inf,
        g2_bytes,
        blst_p2_bytes
    );
    // The variable-time forms (public messages: signature verification),
    // G1's cofactor clearing with the field kernels inlined in its runs of
    // doublings, G2's on the IFMA lanes where the CPU has them.
    hash_row!(
        "hash_to_g1 vartime",
        G1Projective,
        G1Projective::hash_to_curve_vartime,
        blst_p1,
        blst_hash_to_g1,
        blst_p1_is_inf,
        g1_bytes,
        blst_p1_bytes
    );
    hash_row!(
        "hash_to_g2 vartime",
        G2Projective,
        G2Projective::hash_to_curve_vartime,
        blst_p2,
        blst_hash_to_g2,
        blst_p2_is_inf,
        g2_bytes,
        blst_p2_bytes
    );
}

/// A row timing `x <- x + y` (`$op`: `add`, or `add_affine` for an affine
/// `y`) against blst's `$blst_add`, after one checked call.
macro_rules! add_row {
    ($b:ident, $name:expr, $target:expr, $bytes:ident, $blst_bytes:ident, $P:ty, $blst_add:ident,
     ($p:ident, $q:ident, $Q:ty, $op:ident), ($bp:ident, $bq:ident)) => {
        if $b.wants($name) {
            let mut r = <$P>::default();
            unsafe { $blst_add(&mut r, &$bp, &$bq) };
            $b.agree($name, &$bytes(&$p.$op(&$q)), &$blst_bytes(&r), BLST);
            $b.compare(
                $name,
                BLST,
                $target,
                chain($p, |x: &mut _, y: &$Q| *x = x.$op(y), $q),
                blst_chain($bp, |r, a| unsafe { $blst_add(r, r, a) }, $bq),
            );
        }
    };
}

/// The group-operation rows of one group, as a function `$rows(b)`: add,
/// mixed add, double, the two scalar multiplications (one shared 255-bit
/// scalar) and the subgroup check, each checked once against blst then timed.
/// `targets` are the `--check` targets of add, double, mul (ct) and mul vartime
/// (mixed add has none, subgroup check 1.0).
macro_rules! group_rows {
    (
        $rows:ident, $g:literal, $Proj:ty, $Aff:ty,
        ours: ($to_blst:ident, $aff_to_blst:ident, $bytes:ident),
        blst: ($P:ty, $PA:ty, $add:ident, $add_affine:ident, $double:ident, $mult:ident, $in_g:ident, $blst_bytes:ident),
        targets: ($target_add:expr, $target_double:expr, $target_mul:expr, $target_vartime:expr)
    ) => {
        fn $rows(b: &mut Bench) {
            let random = |b: &mut Bench| <$Proj>::generator().mul(&Fr::random(b.rng()));
            let (p, q) = (random(b), random(b));
            let (bp, bq) = ($to_blst(&p), $to_blst(&q));
            let qa = q.to_affine();
            let bqa = $aff_to_blst(&qa);

            add_row!(b, concat!($g, " add"), $target_add, $bytes, $blst_bytes, $P, $add, (p, q, $Proj, add), (bp, bq));
            add_row!(
                b,
                concat!($g, " mixed add"),
                None,
                $bytes,
                $blst_bytes,
                $P,
                $add_affine,
                (p, qa, $Aff, add_affine),
                (bp, bqa)
            );

            if b.wants(concat!($g, " double")) {
                let mut r = <$P>::default();
                unsafe { $double(&mut r, &bp) };
                b.agree(concat!($g, " double"), &$bytes(&p.double()), &$blst_bytes(&r), BLST);
                b.compare(
                    concat!($g, " double"),
                    BLST,
                    $target_double,
                    chain(p, |x: &mut $Proj, _: &()| *x = x.double(), ()),
                    blst_chain(bp, |r, _: *const ()| unsafe { $double(r, r) }, ()),
                );
            }

            let (k, kb) = scalar(b);
            let mut bk = <$P>::default();
            unsafe { $mult(&mut bk, &bp, kb.as_ptr(), 255) };
            // blst has one (constant-time) multiplication: the peer of both rows.
            let blst_mul = || blst_chain(bp, |r, k: *const [u8; 32]| unsafe { $mult(r, r, (*k).as_ptr(), 255) }, kb);

            if b.wants(concat!($g, " mul (ct)")) {
                b.agree(concat!($g, " mul (ct)"), &$bytes(&p.mul(&k)), &$blst_bytes(&bk), BLST);
                b.compare(
                    concat!($g, " mul (ct)"),
                    BLST,
                    $target_mul,
                    chain(p, |x: &mut $Proj, k: &Fr| *x = x.mul(k), k),
                    blst_mul(),
                );
            }

            if b.wants(concat!($g, " mul vartime")) {
                b.agree(concat!($g, " mul vartime"), &$bytes(&p.mul_vartime(&k)), &$blst_bytes(&bk), BLST);
                b.compare(
                    concat!($g, " mul vartime"),
                    "blst (ct)",
                    $target_vartime,
                    chain(p, |x: &mut $Proj, k: &Fr| *x = x.mul_vartime(k), k),
                    blst_mul(),
                );
            }

            if b.wants(concat!($g, " subgroup check")) {
                let pa = p.to_affine();
                let bpa = $aff_to_blst(&pa);
                let ours = bool::from(pa.is_torsion_free());
                let peer = unsafe { $in_g(&bpa) };
                b.agree(concat!($g, " subgroup check"), &[ours as u8], &[peer as u8], BLST);
                b.compare(
                    concat!($g, " subgroup check"),
                    BLST,
                    Some(1.0),
                    repeat(pa, |x: &$Aff| bool::from(x.is_torsion_free())),
                    repeat(bpa, |x: &$PA| unsafe { $in_g(x) }),
                );
            }
        }
    };
}

group_rows!(
    g1_rows, "G1", G1Projective, G1Affine,
    ours: (p1_to_blst, g1_to_blst, g1_bytes),
    blst: (blst_p1, blst_p1_affine, blst_p1_add_or_double, blst_p1_add_or_double_affine, blst_p1_double,
           blst_p1_mult, blst_p1_affine_in_g1, blst_p1_bytes),
    targets: (Some(1.0), Some(1.0), Some(0.9), Some(0.7))
);

group_rows!(
    g2_rows, "G2", G2Projective, G2Affine,
    ours: (p2_to_blst, g2_to_blst, g2_bytes),
    blst: (blst_p2, blst_p2_affine, blst_p2_add_or_double, blst_p2_add_or_double_affine, blst_p2_double,
           blst_p2_mult, blst_p2_affine_in_g2, blst_p2_bytes),
    targets: (Some(1.0), None, Some(0.8), Some(0.65))
);
