//! `compare fields`: Fp, Fr, Fp2 and Fp12 arithmetic, ours vs blst; Fr's
//! variable-time square root vs our constant-time one and arkworks, and
//! Fr's batch inversion vs arkworks (see [`fr_sqrt_and_batch`]).
//!
//! blst is called through its raw FFI (`blst::blst_*`), single thread. Inputs
//! are random elements of ours converted to blst through the canonical byte
//! encodings; before each row both libraries compute the operation on one
//! input and the results are compared as canonical bytes.
//!
//! The conversions are `pub(crate)` so later areas (curves, pairing, ...) can
//! reuse them.

use crate::{blst_chain, chain, Bench};
use ark_bls12_381::Fr as ArkFr;
use ark_ff::{BigInteger, Field, PrimeField};
use bls12_381_core::{Fp, Fp12, Fp2, Fr};
use blst::*;
use std::hint::black_box;

const BLST: &str = "blst";

// ---------------------------------------------------------------------------
// Conversions between ours and blst, through the canonical encodings.

/// Ours -> blst (48-byte big-endian).
pub(crate) fn fp_to_blst(x: &Fp) -> blst_fp {
    let b = x.to_bytes();
    let mut r = blst_fp::default();
    // SAFETY: `b` is 48 readable bytes; `r` is a valid output.
    unsafe { blst_fp_from_bendian(&mut r, b.as_ptr()) };
    r
}

/// blst's canonical 48-byte big-endian encoding.
pub(crate) fn blst_fp_bytes(x: &blst_fp) -> [u8; 48] {
    let mut b = [0u8; 48];
    // SAFETY: `b` has room for 48 bytes.
    unsafe { blst_bendian_from_fp(b.as_mut_ptr(), x) };
    b
}

/// Ours -> blst (32-byte little-endian scalar, then Montgomery form).
pub(crate) fn fr_to_blst(x: &Fr) -> blst_fr {
    let b = x.to_bytes();
    let mut s = blst_scalar::default();
    let mut r = blst_fr::default();
    // SAFETY: `b` is 32 readable bytes; outputs are valid.
    unsafe {
        blst_scalar_from_lendian(&mut s, b.as_ptr());
        blst_fr_from_scalar(&mut r, &s);
    }
    r
}

/// blst's canonical 32-byte little-endian encoding of an Fr element.
pub(crate) fn blst_fr_bytes(x: &blst_fr) -> [u8; 32] {
    let mut s = blst_scalar::default();
    let mut b = [0u8; 32];
    // SAFETY: `b` has room for 32 bytes; `s` is a valid output.
    unsafe {
        blst_scalar_from_fr(&mut s, x);
        blst_lendian_from_scalar(b.as_mut_ptr(), &s);
    }
    b
}

pub(crate) fn fp2_to_blst(x: &Fp2) -> blst_fp2 {
    blst_fp2 { fp: [fp_to_blst(&x.c0), fp_to_blst(&x.c1)] }
}

/// c0 || c1, each 48-byte big-endian.
fn fp2_bytes(x: &Fp2) -> Vec<u8> {
    [x.c0.to_bytes(), x.c1.to_bytes()].concat()
}

fn blst_fp2_bytes(x: &blst_fp2) -> Vec<u8> {
    [blst_fp_bytes(&x.fp[0]), blst_fp_bytes(&x.fp[1])].concat()
}

/// Ours -> blst: both store Fp12 as [Fp6; 2] of [Fp2; 3] of [Fp; 2], tower order.
pub(crate) fn fp12_to_blst(x: &Fp12) -> blst_fp12 {
    let c = x.coefficients();
    let mut r = blst_fp12::default();
    for (k, ck) in c.iter().enumerate() {
        r.fp6[k / 6].fp2[(k % 6) / 2].fp[k % 2] = fp_to_blst(ck);
    }
    r
}

/// blst's Fp12 in the ocaml-bls12-381 layout of [`Fp12::to_bytes`]: 12
/// coefficients of 48 bytes little-endian, tower order.
pub(crate) fn blst_fp12_bytes(x: &blst_fp12) -> Vec<u8> {
    let mut out = Vec::with_capacity(576);
    for f6 in &x.fp6 {
        for f2 in &f6.fp2 {
            for f in &f2.fp {
                let mut b = blst_fp_bytes(f);
                b.reverse();
                out.extend_from_slice(&b);
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Rows.

/// One row timing `x <- op(x, y)` (`binary`) or `x <- op(x)` (`unary`) on
/// random elements: the two libraries first compute the operation once on the
/// same input and must agree as canonical bytes, then each chain is timed.
/// The operation is written once as `|x, y| body` (or `|x| body`) and serves
/// both the check and the timed chain; the peer is the blst function writing
/// its result through the first pointer.
macro_rules! row {
    (
        $b:ident, binary $name:literal, $target:expr, $F:ty, |$x:ident, $y:ident| $op:expr,
        $bytes:expr, $to_blst:ident, $B:ty, $peer:ident, $peer_bytes:ident
    ) => {
        if $b.wants($name) {
            let (x, y) = (<$F>::random($b.rng()), <$F>::random($b.rng()));
            let (bx, by) = ($to_blst(&x), $to_blst(&y));
            row!(@check_and_time $b, $name, $target, $bytes, $B, $peer_bytes,
                r => $peer(&mut r, &bx, &by),
                ours => { let ($x, $y) = (&x, &y); $op },
                chain(x, |$x: &mut $F, $y: &$F| *$x = $op, y),
                blst_chain(bx, |r, a| unsafe { $peer(r, r, a) }, by)
            );
        }
    };
    (
        $b:ident, unary $name:literal, $target:expr, $F:ty, |$x:ident| $op:expr,
        $bytes:expr, $to_blst:ident, $B:ty, $peer:ident, $peer_bytes:ident
    ) => {
        if $b.wants($name) {
            let x = <$F>::random($b.rng());
            let bx = $to_blst(&x);
            row!(@check_and_time $b, $name, $target, $bytes, $B, $peer_bytes,
                r => $peer(&mut r, &bx),
                ours => { let $x = &x; $op },
                chain(x, |$x: &mut $F, _: &()| *$x = $op, ()),
                blst_chain(bx, |r, _: *const ()| unsafe { $peer(r, r) }, ())
            );
        }
    };
    // Both arms: blst's result `r` of the one call `$peer_once`, ours, the
    // byte comparison, then the two timed chains.
    (
        @check_and_time $b:ident, $name:literal, $target:expr, $bytes:expr, $B:ty, $peer_bytes:ident,
        $r:ident => $peer_once:expr, ours => $ours:expr, $ours_chain:expr, $peer_chain:expr
    ) => {
        let mut $r = <$B>::default();
        unsafe { $peer_once };
        $b.agree($name, &$bytes(&$ours), &$peer_bytes(&$r), BLST);
        $b.compare($name, BLST, $target, $ours_chain, $peer_chain);
    };
}

/// Runs every selected row of the area.
pub(crate) fn run(b: &mut Bench) {
    check_conversions(b);

    // --- Fp -----------------------------------------------------------------
    row!(b, binary "Fp add", None, Fp, |x, y| x.add(y), Fp::to_bytes, fp_to_blst, blst_fp, blst_fp_add, blst_fp_bytes);
    row!(b, binary "Fp mul", Some(1.05), Fp, |x, y| x.mul(y), Fp::to_bytes, fp_to_blst, blst_fp, blst_fp_mul, blst_fp_bytes);
    row!(b, unary "Fp square", Some(1.05), Fp, |x| x.square(), Fp::to_bytes, fp_to_blst, blst_fp, blst_fp_sqr, blst_fp_bytes);
    row!(b, unary "Fp inverse", Some(1.1), Fp, |x| x.invert().unwrap(), Fp::to_bytes, fp_to_blst, blst_fp, blst_fp_inverse, blst_fp_bytes);

    if b.wants("Fp sqrt") {
        // Start from a square. Both libraries return x^((p+1)/4), itself a
        // square, so the chain x <- sqrt(x) stays on squares.
        let x = Fp::random(b.rng()).square();
        let bx = fp_to_blst(&x);
        let mut r = blst_fp::default();
        let ok = unsafe { blst_fp_sqrt(&mut r, &bx) };
        let ours = x.sqrt();
        b.agree("Fp sqrt (is square)", &[u8::from(bool::from(ours.is_some()))], &[u8::from(ok)], BLST);
        b.agree("Fp sqrt", &ours.unwrap().to_bytes(), &blst_fp_bytes(&r), BLST);
        b.compare(
            "Fp sqrt",
            BLST,
            Some(1.05),
            chain(x, |x: &mut Fp, _: &()| *x = x.sqrt().unwrap(), ()),
            blst_chain(
                bx,
                |r, _: *const ()| {
                    let ok = unsafe { blst_fp_sqrt(r, r) };
                    assert!(ok, "blst_fp_sqrt left the squares");
                },
                (),
            ),
        );
    }

    // --- Fr, Fp2, Fp12 -----------------------------------------------------
    row!(b, binary "Fr mul", Some(1.05), Fr, |x, y| x.mul(y), Fr::to_bytes, fr_to_blst, blst_fr, blst_fr_mul, blst_fr_bytes);
    row!(b, binary "Fr add", None, Fr, |x, y| x.add(y), Fr::to_bytes, fr_to_blst, blst_fr, blst_fr_add, blst_fr_bytes);
    row!(b, unary "Fr inverse", None, Fr, |x| x.invert().unwrap(), Fr::to_bytes, fr_to_blst, blst_fr, blst_fr_inverse, blst_fr_bytes);
    row!(b, binary "Fp2 mul", Some(1.05), Fp2, |x, y| x.mul(y), fp2_bytes, fp2_to_blst, blst_fp2, blst_fp2_mul, blst_fp2_bytes);
    row!(b, unary "Fp2 square", None, Fp2, |x| x.square(), fp2_bytes, fp2_to_blst, blst_fp2, blst_fp2_sqr, blst_fp2_bytes);
    row!(b, binary "Fp12 mul", Some(1.0), Fp12, |x, y| x.mul(y), Fp12::to_bytes, fp12_to_blst, blst_fp12, blst_fp12_mul, blst_fp12_bytes);
    row!(b, unary "Fp12 square", Some(1.0), Fp12, |x| x.square(), Fp12::to_bytes, fp12_to_blst, blst_fp12, blst_fp12_sqr, blst_fp12_bytes);

    fr_sqrt_and_batch(b);
}

const TONELLI_SHANKS: &str = "ours: Fr::sqrt (Tonelli-Shanks)";
const ARK1: &str = "arkworks (1-thread pool)";
/// Random squares the square-root rows cycle through.
const SQRT_INPUTS: usize = 1024;
/// The length of the batch inversion rows.
const BATCH_LOG: u32 = 12;

fn ark_fr(x: &Fr) -> ArkFr {
    ArkFr::from_le_bytes_mod_order(&x.to_bytes())
}

fn ark_fr_bytes(x: &ArkFr) -> Vec<u8> {
    x.into_bigint().to_bytes_le()
}

/// The smaller of `x` and `-x` as integers, big-endian: arkworks may pick
/// the other square root, the comparison is up to sign.
fn up_to_sign(x: &Fr) -> Vec<u8> {
    let be = |y: Fr| y.to_bytes().iter().rev().copied().collect::<Vec<u8>>();
    be(*x).min(be(x.neg()))
}

/// Fr's square root and batch inversion rows, one thread.
///
/// - `Fr sqrt_vartime` (discrete-log tables) against our constant-time
///   `Fr::sqrt` (target 0.5: the tables should halve the multiplications) and
///   against arkworks' `Field::sqrt` on `ark_bls12_381::Fr` (no target). Each
///   side cycles through the same 1024 random squares (a square-root chain
///   would leave the squares: half the roots are not squares). First both of
///   ours must give the same root of every input, and arkworks a root equal
///   up to sign.
/// - `Fr batch_invert 2^12` (constant time) and `Fr batch_invert_vartime
///   2^12` against arkworks' `ark_ff::batch_inversion` run in a rayon pool of
///   one thread (with its `parallel` feature on it splits the slice between
///   the pool's threads), target 1.0 for the constant-time one. Each call
///   inverts the previous call's output in place (inversion is an
///   involution: no copy); non-zero inputs. First all three must agree.
fn fr_sqrt_and_batch(b: &mut Bench) {
    if b.wants("Fr sqrt_vartime") {
        let squares: Vec<Fr> = (0..SQRT_INPUTS).map(|_| Fr::random(b.rng()).square()).collect();
        let ark_squares: Vec<ArkFr> = squares.iter().map(ark_fr).collect();
        for (x, ax) in squares.iter().zip(&ark_squares) {
            let ours = x.sqrt_vartime().expect("a square");
            let ct: Option<Fr> = x.sqrt().into();
            b.agree("Fr sqrt_vartime", &ours.to_bytes(), &ct.expect("a square").to_bytes(), TONELLI_SHANKS);
            let ark = ax.sqrt().expect("arkworks: a square");
            let ark_ours = Fr::from_slice(&ark_fr_bytes(&ark)).expect("canonical");
            b.agree("Fr sqrt_vartime (up to sign)", &up_to_sign(&ours), &up_to_sign(&ark_ours), "arkworks");
        }
        /// `f` on the inputs in turn, `n` times.
        fn cycle<T, R>(inputs: Vec<T>, f: impl Fn(&T) -> R) -> impl FnMut(u64) {
            let mut i = 0;
            move |n| {
                for _ in 0..n {
                    i = (i + 1) % inputs.len();
                    black_box(f(black_box(&inputs[i])));
                }
            }
        }
        let ours = || cycle(squares.clone(), |x: &Fr| x.sqrt_vartime());
        b.compare("Fr sqrt_vartime", TONELLI_SHANKS, Some(0.5), ours(), cycle(squares.clone(), |x: &Fr| x.sqrt()));
        b.compare("Fr sqrt_vartime", "arkworks", None, ours(), cycle(ark_squares, |x: &ArkFr| x.sqrt()));
    }

    let name = format!("Fr batch_invert 2^{BATCH_LOG}");
    let name_vt = format!("Fr batch_invert_vartime 2^{BATCH_LOG}");
    if b.wants(&name) || b.wants(&name_vt) {
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a rayon pool of one thread");
        let values: Vec<Fr> = (0..1usize << BATCH_LOG)
            .map(|_| loop {
                let x = Fr::random(b.rng());
                if x != Fr::ZERO {
                    break x;
                }
            })
            .collect();
        let ark_values: Vec<ArkFr> = values.iter().map(ark_fr).collect();
        let (mut ct, mut vt, mut ark) = (values.clone(), values.clone(), ark_values.clone());
        Fr::batch_invert(&mut ct);
        Fr::batch_invert_vartime(&mut vt);
        one.install(|| ark_ff::batch_inversion(&mut ark));
        let bytes = |v: &[Fr]| v.iter().flat_map(|x| x.to_bytes()).collect::<Vec<u8>>();
        let ark_bytes = ark.iter().flat_map(ark_fr_bytes).collect::<Vec<u8>>();
        b.agree(&name, &bytes(&ct), &ark_bytes, ARK1);
        b.agree(&name_vt, &bytes(&vt), &ark_bytes, ARK1);

        fn ark_row(mut v: Vec<ArkFr>, one: &rayon::ThreadPool) -> impl FnMut(u64) + '_ {
            move |n: u64| {
                for _ in 0..n {
                    one.install(|| ark_ff::batch_inversion(black_box(&mut v[..])));
                }
            }
        }
        for (op, f) in [(&name, Fr::batch_invert as fn(&mut [Fr])), (&name_vt, Fr::batch_invert_vartime)] {
            if b.wants(op) {
                let mut v = values.clone();
                let ours = move |n: u64| {
                    for _ in 0..n {
                        f(black_box(&mut v[..]));
                    }
                };
                let target = if op == &name { Some(1.0) } else { None };
                b.compare(op, ARK1, target, ours, ark_row(ark_values.clone(), &one));
            }
        }
    }
}

/// The conversions must round-trip, or every row's check would be meaningless.
fn check_conversions(b: &mut Bench) {
    /// A random element of ours, as bytes directly and through blst.
    macro_rules! round_trip {
        ($name:literal, $F:ty, $bytes:expr, $to_blst:ident, $peer_bytes:ident) => {
            let x = <$F>::random(b.rng());
            b.agree($name, &$bytes(&x), &$peer_bytes(&$to_blst(&x)), BLST);
        };
    }
    for _ in 0..8 {
        round_trip!("conversion Fp", Fp, Fp::to_bytes, fp_to_blst, blst_fp_bytes);
        round_trip!("conversion Fr", Fr, Fr::to_bytes, fr_to_blst, blst_fr_bytes);
        round_trip!("conversion Fp2", Fp2, fp2_bytes, fp2_to_blst, blst_fp2_bytes);
        round_trip!("conversion Fp12", Fp12, Fp12::to_bytes, fp12_to_blst, blst_fp12_bytes);
    }
}
