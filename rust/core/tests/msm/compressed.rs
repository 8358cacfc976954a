//! `msm_compressed_vartime`: points given as concatenated compressed
//! encodings (48 bytes on G1, 96 on G2).
//!
//! - valid encodings (the identity among them) give the same point as
//!   `msm_vartime`, with and without the subgroup check, on 1, 2 and all
//!   threads;
//! - a point on the curve outside the subgroup fails with NotInSubgroup
//!   only when the check is on (off: no panic, the sum of the decoded
//!   points);
//! - a bad encoding (flags, x not below p, x not on the curve) fails with
//!   the decoder's own error either way;
//! - lengths: not a multiple of the encoding size, or a different count
//!   than the scalars, fail with LengthMismatch.

use crate::common::*;
use crate::reference::*;
use bls12_381_core::curve::{Affine, Jacobian};
use bls12_381_core::msm::MsmCurve;
use bls12_381_core::{msm, Error};
use rand::Rng;

fn size<C: MsmCurve>() -> usize {
    Affine::<C>::identity().to_compressed().as_ref().len()
}

fn encode<C: MsmCurve>(points: &[Affine<C>]) -> Vec<u8> {
    points.iter().flat_map(|p| p.to_compressed().as_ref().to_vec()).collect()
}

fn valid_encodings<C: TestCurve>() {
    let mut rng = rng(&format!("msm compressed valid {}", C::NAME));
    for n in [1, 2, 9, 100, 1000] {
        let mut points = random_points::<C>(&mut rng, n);
        if n > 1 {
            points[rng.gen_range(0..n)] = Affine::identity();
        }
        let scalars = random_scalars(&mut rng, n);
        let e = C::blst_msm(&points, &scalars);
        let bytes = encode(&points);
        for check in [true, false] {
            for threads in [1, 2, 0] {
                let got = msm::msm_compressed_vartime::<C>(&bytes, &scalars, check, threads).unwrap();
                assert_eq!(got, e, "{} n = {n}: check {check}, {threads} threads", C::NAME);
            }
        }
    }
}

fn outside_subgroup<C: TestCurve>() {
    let mut rng = rng(&format!("msm compressed subgroup {}", C::NAME));
    for n in [1, 9, 100] {
        let mut points = random_points::<C>(&mut rng, n);
        let scalars = random_scalars(&mut rng, n);
        let at = rng.gen_range(0..n);
        points[at] = C::random_off_subgroup(&mut rng);
        let bytes = encode(&points);
        // The unchecked decoding gives back exactly these points.
        let decoded: Vec<Affine<C>> =
            bytes.chunks(size::<C>()).map(|b| Affine::<C>::from_compressed_unchecked(b).unwrap()).collect();
        assert_eq!(decoded, points);
        let unchecked = msm::msm_vartime_with_threads(&points, &scalars, 1).unwrap();
        for threads in [1, 2, 0] {
            let got = msm::msm_compressed_vartime::<C>(&bytes, &scalars, true, threads);
            assert_eq!(got, Err(Error::NotInSubgroup), "{} n = {n}, at {at}: {threads} threads", C::NAME);
            let got = msm::msm_compressed_vartime::<C>(&bytes, &scalars, false, threads);
            assert_eq!(got, Ok(unchecked), "{} n = {n}, at {at}, unchecked: {threads} threads", C::NAME);
        }
    }
}

/// Encodings that every decoder rejects, made from a valid one.
fn bad_encodings<C: TestCurve>(rng: &mut rand_chacha::ChaCha20Rng) -> Vec<(&'static str, Vec<u8>)> {
    let valid = random_points::<C>(rng, 1)[0].to_compressed().as_ref().to_vec();
    let mut v = Vec::new();
    // No compression flag.
    let mut b = valid.clone();
    b[0] &= 0x7f;
    v.push(("compression flag clear", b));
    // Infinity flag with a nonzero x.
    let mut b = valid.clone();
    b[0] |= 0x40;
    v.push(("infinity flag, x nonzero", b));
    // The first 48-byte integer (x, or x.c1 on G2) equal to p.
    let mut b = valid.clone();
    b[..48].copy_from_slice(&be_bytes::<48>(p()));
    b[0] |= 0x80;
    v.push(("x = p", b));
    // x off the curve: change the last byte until x^3 + b is not a square.
    let mut b = valid;
    let last = b.len() - 1;
    loop {
        b[last] = b[last].wrapping_add(1);
        if Affine::<C>::from_compressed_unchecked(&b) == Err(Error::NotOnCurve) {
            break;
        }
    }
    v.push(("x off the curve", b));
    v
}

fn bad_encoding<C: TestCurve>() {
    let mut rng = rng(&format!("msm compressed bad {}", C::NAME));
    for (what, bad) in bad_encodings::<C>(&mut rng) {
        let want = Affine::<C>::from_compressed_unchecked(&bad).unwrap_err();
        assert_eq!(Affine::<C>::from_compressed(&bad).unwrap_err(), want);
        for n in [1, 9, 100] {
            let points = random_points::<C>(&mut rng, n);
            let scalars = random_scalars(&mut rng, n);
            let mut bytes = encode(&points);
            let at = rng.gen_range(0..n);
            let s = size::<C>();
            bytes[at * s..(at + 1) * s].copy_from_slice(&bad);
            for check in [true, false] {
                for threads in [1, 2, 0] {
                    let got = msm::msm_compressed_vartime::<C>(&bytes, &scalars, check, threads);
                    assert_eq!(
                        got,
                        Err(want),
                        "{} {what}, n = {n}, at {at}: check {check}, {threads} threads",
                        C::NAME
                    );
                }
            }
        }
    }
}

/// A point off the subgroup and a bad encoding in one input: the error is
/// that of whichever comes first, as if each point were decoded and
/// checked in turn (the subgroup checks run on all the points at once).
fn first_error_wins<C: TestCurve>() {
    let mut rng = rng(&format!("msm compressed first error {}", C::NAME));
    let s = size::<C>();
    for (what, bad) in bad_encodings::<C>(&mut rng) {
        let decode_error = Affine::<C>::from_compressed_unchecked(&bad).unwrap_err();
        for n in [2, 9, 100] {
            let points = random_points::<C>(&mut rng, n);
            let scalars = random_scalars(&mut rng, n);
            let i = rng.gen_range(0..n - 1);
            let j = rng.gen_range(i + 1..n);
            for (off, enc, want) in [(i, j, Error::NotInSubgroup), (j, i, decode_error)] {
                let mut pts = points.clone();
                pts[off] = C::random_off_subgroup(&mut rng);
                let mut bytes = encode(&pts);
                bytes[enc * s..(enc + 1) * s].copy_from_slice(&bad);
                for threads in [1, 2, 0] {
                    let got = msm::msm_compressed_vartime::<C>(&bytes, &scalars, true, threads);
                    assert_eq!(got, Err(want), "{} {what}, n = {n}, off {off}, bad {enc}: {threads} threads", C::NAME);
                }
            }
        }
    }
}

fn lengths<C: TestCurve>() {
    let mut rng = rng(&format!("msm compressed lengths {}", C::NAME));
    let s = size::<C>();
    let points = random_points::<C>(&mut rng, 10);
    let bytes = encode(&points);
    let scalars = random_scalars(&mut rng, 10);
    for check in [true, false] {
        for threads in [1, 2, 0] {
            let run = |len: usize, ns: usize| -> Result<Jacobian<C>, Error> {
                msm::msm_compressed_vartime::<C>(&bytes[..len], &scalars[..ns], check, threads)
            };
            // Not a multiple of the size.
            for (len, ns) in [(9 * s + 1, 9), (10 * s - 1, 10), (1, 1), (s - 1, 1), (s + 1, 1), (1, 0), (s - 1, 0)] {
                assert_mismatch::<C>("length not a multiple", run(len, ns), len / s, ns);
            }
            // A multiple, but not as many points as scalars.
            for (np, ns) in [(0, 1), (1, 0), (9, 10), (10, 9), (2, 1)] {
                assert_mismatch::<C>("point count", run(np * s, ns), np, ns);
            }
            // The right length still works.
            let got = run(10 * s, 10).unwrap();
            assert_eq!(got, msm::msm_vartime(&points, &scalars).unwrap());
        }
    }
}

both_curves!(valid_encodings, outside_subgroup, bad_encoding, first_error_wins, lengths);
