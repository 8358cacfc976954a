//! ZCash-format point encodings (compressed and uncompressed, G1 and G2):
//!
//! - known answers: zkcrypto's 4 x 1000 encodings of [i]G, and the
//!   deserialization cases of ethereum/bls12-381-tests (v0.1.2 and the mask-bit
//!   cases of master), all in vectors/;
//! - differential against blst: encodings of random points, decodings, and
//!   tampered encodings of every rejection class (ours must reject exactly
//!   when blst does, with the matching error class);
//! - one unit test per error class, with inputs built independently of the
//!   code under test (num-bigint, blst).

use crate::common::*;
use crate::points::*;
use bls12_381_core::curve::{G1Affine, G1Projective, G2Affine, G2Projective};
use bls12_381_core::{Error, Fp, Fp2};
use blst::{blst_p1, blst_p1_affine, blst_p2, blst_p2_affine, BLST_ERROR};
use num_bigint::BigUint;
use rand::{Rng, RngCore};
use rand_chacha::ChaCha20Rng;
use std::path::PathBuf;

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vectors")
}

/// What a decoder said, in blst's terms: blst has one code for bad flags and
/// non-canonical coordinates (`BLST_BAD_ENCODING`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Ok,
    BadEncoding,
    NotOnCurve,
    NotInGroup,
}

fn class_of_error(e: &Error) -> Class {
    match e {
        Error::InvalidFlags | Error::NotCanonical => Class::BadEncoding,
        Error::NotOnCurve => Class::NotOnCurve,
        Error::NotInSubgroup => Class::NotInGroup,
        other => panic!("unexpected error from a point decoder: {other:?}"),
    }
}

fn class_of<T>(r: &Result<T, Error>) -> Class {
    match r {
        Ok(_) => Class::Ok,
        Err(e) => class_of_error(e),
    }
}

fn class_of_blst(e: BLST_ERROR) -> Class {
    match e {
        BLST_ERROR::BLST_SUCCESS => Class::Ok,
        BLST_ERROR::BLST_BAD_ENCODING => Class::BadEncoding,
        BLST_ERROR::BLST_POINT_NOT_ON_CURVE => Class::NotOnCurve,
        BLST_ERROR::BLST_POINT_NOT_IN_GROUP => Class::NotInGroup,
        other => panic!("unexpected blst error {other:?}"),
    }
}

/// `x + p` as 48 big-endian bytes, if it stays below 2^bits.
fn plus_p(x: &[u8], bits: u64) -> Option<[u8; 48]> {
    let v = BigUint::from_bytes_be(x) + p();
    (v.bits() <= bits).then(|| be_bytes::<48>(&v))
}

/// A uniform integer in [p, 2^bits), 48 big-endian bytes.
fn random_at_least_p(rng: &mut impl RngCore, bits: usize) -> [u8; 48] {
    let span = pow2(bits) - p();
    be_bytes::<48>(&(p() + uniform_below(rng, &span)))
}

/// Writes a big-endian Fp-sized field at `off`, keeping the flag bits of
/// byte 0 when `off == 0`.
fn put(buf: &mut [u8], off: usize, v: &[u8; 48]) {
    let flags = buf[0] & 0xe0;
    buf[off..off + 48].copy_from_slice(v);
    if off == 0 {
        buf[0] = (buf[0] & 0x1f) | flags;
    }
}

/// The tamperings both encodings share, of a valid encoding `b` (one or
/// two coordinates of 48-byte parts): 0, every flag combination on a finite
/// point; 1, the identity under any flags, maybe with a payload bit; 2, one
/// coordinate part plus p (when it fits, else p); 3, one part equal to p or
/// random >= p; 4, random bytes; otherwise one bit flipped.
fn tamper(rng: &mut impl RngCore, b: &mut [u8], kind: u32) {
    let n = b.len();
    match kind {
        0 => b[0] = (b[0] & 0x1f) | (rng.gen::<u8>() & 0xe0),
        1 => {
            b.fill(0);
            b[0] = rng.gen::<u8>() & 0xe0;
            if rng.gen_bool(0.5) {
                let i = rng.gen_range(0..n);
                b[i] |= 1 << rng.gen_range(0..if i == 0 { 5 } else { 8 });
            }
        }
        2 => {
            let off = 48 * rng.gen_range(0..n / 48);
            let mut part = [0u8; 48];
            part.copy_from_slice(&b[off..off + 48]);
            if off == 0 {
                part[0] &= 0x1f;
            }
            let bits = if off == 0 { 381 } else { 384 };
            match plus_p(&part, bits) {
                Some(v) => put(b, off, &v),
                None => put(b, off, &be_bytes::<48>(p())),
            }
        }
        3 => {
            let off = 48 * rng.gen_range(0..n / 48);
            let v = if rng.gen_bool(0.5) {
                be_bytes::<48>(p())
            } else {
                random_at_least_p(rng, if off == 0 { 381 } else { 384 })
            };
            put(b, off, &v);
        }
        4 => rng.fill_bytes(b),
        _ => b[rng.gen_range(0..n)] ^= 1 << rng.gen_range(0..8),
    }
}

macro_rules! encoding_tests {
    ($modname:ident, $aff:ty, $proj:ty, $base:ty, $n:expr, $rand:ident,
     $to:ident, $from:ident, $bpa:ty,
     $compress:ident, $serialize:ident, $uncompress:ident, $deserialize:ident, $in_g:ident,
     $on_curve:ident, $to_base:ident, $bp:ty, $to_bp:ident, $badd:ident, $bto_aff:ident, $tag:expr) => {
        mod $modname {
            use super::*;

            /// Compressed size.
            const N: usize = $n;
            /// Random cases per test.
            const CASES: usize = crate::common::N;

            fn blst_compress(p: &$aff) -> [u8; N] {
                let mut out = [0u8; N];
                unsafe { blst::$compress(out.as_mut_ptr(), &$to(p)) };
                out
            }

            fn blst_serialize(p: &$aff) -> [u8; 2 * N] {
                let mut out = [0u8; 2 * N];
                unsafe { blst::$serialize(out.as_mut_ptr(), &$to(p)) };
                out
            }

            /// blst's decoding without the subgroup check.
            fn blst_uncompress(bytes: &[u8; N]) -> (BLST_ERROR, $bpa) {
                let mut out = <$bpa>::default();
                let e = unsafe { blst::$uncompress(&mut out, bytes.as_ptr()) };
                (e, out)
            }

            /// blst's decoding without the subgroup check.
            fn blst_deserialize(bytes: &[u8; 2 * N]) -> (BLST_ERROR, $bpa) {
                let mut out = <$bpa>::default();
                let e = unsafe { blst::$deserialize(&mut out, bytes.as_ptr()) };
                (e, out)
            }

            /// blst's decoding followed by its subgroup check.
            fn checked(r: (BLST_ERROR, $bpa)) -> (BLST_ERROR, $bpa) {
                if r.0 == BLST_ERROR::BLST_SUCCESS && !unsafe { blst::$in_g(&r.1) } {
                    (BLST_ERROR::BLST_POINT_NOT_IN_GROUP, r.1)
                } else {
                    r
                }
            }

            /// A point on the curve, usually outside the subgroup: blst
            /// decompresses random x (no subgroup check) until one is on it.
            fn off_subgroup(rng: &mut impl RngCore) -> $aff {
                loop {
                    let mut b = [0u8; N];
                    rng.fill_bytes(&mut b);
                    b[0] = (b[0] & 0x0f) | 0x80 | (rng.gen::<u8>() & 0x20);
                    let (e, q) = blst_uncompress(&b);
                    if e == BLST_ERROR::BLST_SUCCESS {
                        return $from(&q);
                    }
                }
            }

            /// Random points of the group from blst, cheaply: sums of two
            /// of 64 random multiples of the generator (blst's scalar
            /// multiplication is the slow part), normalised by blst.
            struct Pool {
                base: Vec<$bp>,
            }

            impl Pool {
                fn new(rng: &mut impl RngCore) -> Pool {
                    Pool { base: (0..64).map(|_| $to_bp(&$rand(rng))).collect() }
                }

                fn point(&self, rng: &mut impl RngCore) -> $aff {
                    let (i, j) = (rng.gen_range(0..64), rng.gen_range(0..64));
                    let s = bcall!($badd, $bp, &self.base[i], &self.base[j]);
                    $from(&bcall!($bto_aff, $bpa, &s))
                }
            }

            /// Random points (identity, generator, -generator, 2G first),
            /// with a Jacobian form that for a fifth of them has a random Z.
            fn points(tag: &str) -> Vec<($aff, $proj)> {
                let mut rng = rng(tag);
                let pool = Pool::new(&mut rng);
                let g = <$proj>::generator();
                let mut v = vec![<$proj>::identity(), g, g.neg(), g.double()];
                while v.len() < CASES {
                    let p = pool.point(&mut rng).to_projective();
                    v.push(if rng.gen_bool(0.2) {
                        let q = pool.point(&mut rng);
                        p.add_affine(&q).add_affine(&q.neg())
                    } else {
                        p
                    });
                }
                v.into_iter().map(|p| (p.to_affine(), p)).collect()
            }

            #[test]
            fn zkcrypto_vectors() {
                let dir = vectors_dir().join("zkcrypto-serialization");
                let comp = std::fs::read(dir.join(concat!($tag, "_compressed_valid_test_vectors.dat"))).unwrap();
                let unc = std::fs::read(dir.join(concat!($tag, "_uncompressed_valid_test_vectors.dat"))).unwrap();
                assert_eq!(comp.len(), 1000 * N);
                assert_eq!(unc.len(), 1000 * 2 * N);
                // Record i is [i]G: walk by repeated addition of G.
                let g = <$aff>::generator();
                let mut e = <$proj>::identity();
                for (i, (c, u)) in comp.chunks_exact(N).zip(unc.chunks_exact(2 * N)).enumerate() {
                    let want = e.to_affine();
                    assert_eq!(<$aff>::from_compressed(c), Ok(want), "compressed record {i}");
                    assert_eq!(<$aff>::from_uncompressed(u), Ok(want), "uncompressed record {i}");
                    assert_eq!(<$aff>::from_compressed_unchecked(c), Ok(want));
                    assert_eq!(<$aff>::from_uncompressed_unchecked(u), Ok(want));
                    assert_eq!(<$proj>::from_compressed(c), Ok(e));
                    assert_eq!(<$proj>::from_uncompressed(u), Ok(e));
                    assert_eq!(&want.to_compressed()[..], c, "re-encoding record {i}");
                    assert_eq!(&want.to_uncompressed()[..], u, "re-encoding record {i}");
                    assert_eq!(&e.to_compressed()[..], c);
                    assert_eq!(&e.to_uncompressed()[..], u);
                    e = e.add_affine(&g);
                }
            }

            /// The case name says which error a failing case must give.
            fn expected_error(name: &str) -> Error {
                let table: &[(&str, Error)] = &[
                    ("infinity_with_false_b_flag", Error::NotInSubgroup), // replaced below for G2
                    ("infinity_with_true_b_flag", Error::InvalidFlags),
                    ("not_in_G", Error::NotInSubgroup),
                    ("not_in_curve", Error::NotOnCurve),
                    ("too_few_bytes", Error::InvalidLength { expected: N, got: N - 1 }),
                    ("too_many_bytes", Error::InvalidLength { expected: N, got: N + 1 }),
                    ("b_flag_and_a_flag_true", Error::InvalidFlags),
                    ("b_flag_and_x_nonzero", Error::InvalidFlags),
                    ("wrong_c_flag", Error::InvalidFlags),
                    ("equal_to_modulus", Error::NotCanonical),
                    ("greater_than_modulus", Error::NotCanonical),
                    ("mask_bits", Error::InvalidFlags),
                ];
                if name.contains("infinity_with_false_b_flag") && N == 96 {
                    // x = 0 in G2: x^3 + b = 4(1 + u) has norm 32, a
                    // non-square mod p (p = 3 mod 8), so no y exists.
                    return Error::NotOnCurve;
                }
                // In G1, x = 0 gives (0, 2), a point of order 3.
                table.iter().find(|(k, _)| name.contains(k)).unwrap_or_else(|| panic!("no expected error for {name}")).1
            }

            #[test]
            fn ethereum_deserialization_vectors() {
                let sub = concat!("deserialization_", $tag);
                let sub = sub.replace("g", "G");
                let key = if N == 48 { "pubkey" } else { "signature" };
                let mut count = 0;
                for release in ["bls12-381-tests-v0.1.2", "bls12-381-tests-master-extra"] {
                    let dir = vectors_dir().join(release).join(&sub);
                    for entry in std::fs::read_dir(&dir).unwrap() {
                        let path = entry.unwrap().path();
                        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
                        let json: serde_json::Value =
                            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
                        let hex_in = json["input"][key].as_str().unwrap();
                        let bytes = hex::decode(hex_in.trim_start_matches("0x")).unwrap();
                        let output = json["output"].as_bool().unwrap();
                        let got = <$aff>::from_compressed(&bytes);
                        assert_eq!(got.is_ok(), output, "{release}/{name}: {got:?}");
                        if output {
                            let p = got.unwrap();
                            assert_eq!(&p.to_compressed()[..], &bytes[..], "{name}: re-encoding");
                        } else {
                            assert_eq!(got, Err(expected_error(&name)), "{release}/{name}");
                        }
                        // blst agrees on the same bytes (when the length fits).
                        if let Ok(arr) = <[u8; N]>::try_from(&bytes[..]) {
                            let (e, _) = checked(blst_uncompress(&arr));
                            assert_eq!(class_of(&got), class_of_blst(e), "{name} against blst");
                        }
                        count += 1;
                    }
                }
                assert_eq!(count, if N == 48 { 16 } else { 18 });
            }

            #[test]
            fn encode_matches_blst() {
                for (a, p) in points(concat!($tag, "encode")) {
                    let c = blst_compress(&a);
                    let u = blst_serialize(&a);
                    assert_eq!(a.to_compressed(), c, "{a:?}");
                    assert_eq!(a.to_uncompressed(), u, "{a:?}");
                    assert_eq!(p.to_compressed(), c);
                    assert_eq!(p.to_uncompressed(), u);
                }
            }

            #[test]
            fn decode_matches_blst() {
                // Every point is decoded checked and unchecked, in both
                // formats.
                for (a, _) in points(concat!($tag, "decode")) {
                    // blst decodes our encodings to the same point...
                    let (e, q) = checked(blst_uncompress(&a.to_compressed()));
                    assert_eq!(e, BLST_ERROR::BLST_SUCCESS);
                    assert_eq!($from(&q), a);
                    let (e, q) = checked(blst_deserialize(&a.to_uncompressed()));
                    assert_eq!(e, BLST_ERROR::BLST_SUCCESS);
                    assert_eq!($from(&q), a);
                    // ...and we decode blst's.
                    let c = blst_compress(&a);
                    let u = blst_serialize(&a);
                    assert_eq!(<$aff>::from_compressed(&c), Ok(a));
                    assert_eq!(<$aff>::from_uncompressed(&u), Ok(a));
                    assert_eq!(<$aff>::from_compressed_unchecked(&c), Ok(a));
                    assert_eq!(<$aff>::from_uncompressed_unchecked(&u), Ok(a));
                }
            }

            /// A tampered compressed encoding of one of several kinds.
            fn tampered_compressed(rng: &mut impl RngCore, pool: &Pool) -> [u8; N] {
                let mut b = blst_compress(&pool.point(rng));
                match rng.gen_range(0..10) {
                    k @ 0..=3 => tamper(rng, &mut b, k),
                    // Random x below p: half are off the curve, the others
                    // almost surely outside the subgroup.
                    4 | 5 => {
                        for off in (0..N).step_by(48) {
                            put(&mut b, off, &be_bytes::<48>(&uniform_below(rng, p())));
                        }
                        b[0] = (b[0] & 0x1f) | 0x80 | (rng.gen::<u8>() & 0x20);
                    }
                    // A point on the curve outside the subgroup.
                    6 => b = blst_compress(&off_subgroup(rng)),
                    // x = 0 (in G1, (0, +-2) has order 3).
                    7 => {
                        b = [0u8; N];
                        b[0] = 0x80 | (rng.gen::<u8>() & 0x20);
                    }
                    8 => tamper(rng, &mut b, 4),
                    _ => tamper(rng, &mut b, 5),
                }
                b
            }

            /// A tampered uncompressed encoding of one of several kinds.
            fn tampered_uncompressed(rng: &mut impl RngCore, pool: &Pool) -> [u8; 2 * N] {
                let a = pool.point(rng);
                let mut b = blst_serialize(&a);
                match rng.gen_range(0..11) {
                    k @ 0..=3 => tamper(rng, &mut b, k),
                    // Off the curve: one part of x or y replaced by a random value.
                    4 => {
                        let off = 48 * rng.gen_range(0..2 * N / 48);
                        put(&mut b, off, &be_bytes::<48>(&uniform_below(rng, p())));
                    }
                    // On the curve, outside the subgroup.
                    5 | 6 => b = blst_serialize(&off_subgroup(rng)),
                    // (0, 0) and (0, y) without the infinity flag.
                    7 => {
                        b = [0u8; 2 * N];
                        if rng.gen_bool(0.5) {
                            // y = 2: (0, 2) is on E1 (order 3), not on E2.
                            b[2 * N - 1] = 2;
                        }
                    }
                    // A compressed encoding padded to the uncompressed length.
                    8 => {
                        b = [0u8; 2 * N];
                        b[..N].copy_from_slice(&blst_compress(&a));
                    }
                    9 => tamper(rng, &mut b, 4),
                    _ => tamper(rng, &mut b, 5),
                }
                b
            }

            /// One tampered encoding `b` through our decoders, with the
            /// subgroup check (`ours`) and without (`ours_u`), against
            /// blst's decoding `(e, q)` (without the check): the same error
            /// class, the same point, and what we accept re-encodes to `b`.
            fn agree_with_blst(
                b: &[u8],
                ours: Result<$aff, Error>,
                ours_u: Result<$aff, Error>,
                (e, q): (BLST_ERROR, $bpa),
                encode: fn(&$aff) -> Vec<u8>,
            ) {
                let (ec, _) = checked((e, q));
                assert_eq!(class_of(&ours), class_of_blst(ec), "{}: {ours:?} vs {ec:?}", hex::encode(b));
                if let Ok(p) = ours {
                    assert_eq!(p, $from(&q));
                    assert_eq!(encode(&p), b, "accepted encodings are canonical");
                }
                // Unchecked: blst's decoders have no subgroup check except
                // that G1 rejects x = 0 as "not in group".
                if e == BLST_ERROR::BLST_POINT_NOT_IN_GROUP {
                    let p = ours_u.expect("on the curve");
                    assert!(bool::from(p.x().is_zero()) && !bool::from(p.is_identity()));
                } else {
                    assert_eq!(class_of(&ours_u), class_of_blst(e), "{}", hex::encode(b));
                    if let Ok(p) = ours_u {
                        assert_eq!(p, $from(&q));
                    }
                }
            }

            /// `CASES` encodings from `tampered`, each decoded by `decode`
            /// (our decoder with the subgroup check, and without) and the
            /// results checked by `compare`: every result of the checked
            /// decoder must occur more than 100 times.
            fn tampered_cases<const L: usize>(
                tag: &str,
                tampered: impl Fn(&mut ChaCha20Rng, &Pool) -> [u8; L],
                decode: [fn(&[u8]) -> Result<$aff, Error>; 2],
                compare: impl Fn(&[u8; L], Result<$aff, Error>, Result<$aff, Error>),
            ) {
                let mut rng = rng(tag);
                let pool = Pool::new(&mut rng);
                let mut seen = std::collections::HashMap::new();
                for _ in 0..CASES {
                    let b = tampered(&mut rng, &pool);
                    let [ours, ours_u] = decode.map(|d| d(&b));
                    compare(&b, ours, ours_u);
                    *seen.entry(format!("{:?}", ours.err())).or_insert(0) += 1;
                }
                for k in ["None", "Some(InvalidFlags)", "Some(NotCanonical)", "Some(NotOnCurve)", "Some(NotInSubgroup)"]
                {
                    assert!(seen.get(k).copied().unwrap_or(0) > 100, "class {k} too rare: {seen:?}");
                }
            }

            #[test]
            fn tampered_compressed_matches_blst() {
                let decode = [<$aff>::from_compressed, <$aff>::from_compressed_unchecked];
                tampered_cases(concat!($tag, "tampered compressed"), tampered_compressed, decode, |b, ours, ours_u| {
                    agree_with_blst(b, ours, ours_u, blst_uncompress(b), |p| p.to_compressed().to_vec())
                });
            }

            #[test]
            fn tampered_uncompressed_matches_blst() {
                let decode = [<$aff>::from_uncompressed, <$aff>::from_uncompressed_unchecked];
                tampered_cases(
                    concat!($tag, "tampered uncompressed"),
                    tampered_uncompressed,
                    decode,
                    |b, ours, ours_u| {
                        if b[0] & 0x80 != 0 {
                            // blst's deserialize reads a compressed point from the
                            // first half of the buffer; ours insists that the
                            // compression bit match the length.
                            assert_eq!(ours, Err(Error::InvalidFlags));
                            assert_eq!(ours_u, Err(Error::InvalidFlags));
                        } else {
                            agree_with_blst(b, ours, ours_u, blst_deserialize(b), |p| p.to_uncompressed().to_vec());
                        }
                    },
                );
            }

            #[test]
            fn from_xy_checks() {
                let mut rng = rng(concat!($tag, "from_xy"));
                let id = <$aff>::identity();
                assert_eq!(<$aff>::from_xy(id.x(), id.y()), Ok(id));
                for _ in 0..100 {
                    let a = $rand(&mut rng).to_affine();
                    assert_eq!(<$aff>::from_xy(a.x(), a.y()), Ok(a));
                    // (x, y + 1): off the curve unless blst says otherwise.
                    let y1 = a.y().add(&<$base>::ONE);
                    let mut b1 = $to(&a);
                    b1.y = $to_base(&y1);
                    let on = unsafe { blst::$on_curve(&b1) };
                    let want = if on { None } else { Some(Error::NotOnCurve) };
                    assert_eq!(<$aff>::from_xy(a.x(), y1).err(), want);
                    let q = off_subgroup(&mut rng);
                    let (_, bq) = checked(blst_deserialize(&blst_serialize(&q)));
                    let in_g = unsafe { blst::$in_g(&bq) };
                    let want = if in_g { Ok(q) } else { Err(Error::NotInSubgroup) };
                    assert_eq!(<$aff>::from_xy(q.x(), q.y()), want);
                }
            }

            #[test]
            fn error_classes() {
                let g = <$aff>::generator();
                let c = g.to_compressed();
                let u = g.to_uncompressed();
                // Lengths.
                for len in [0, 1, N - 1, N + 1, 2 * N] {
                    assert_eq!(
                        <$aff>::from_compressed(&vec![0xc0; len]),
                        Err(Error::InvalidLength { expected: N, got: len })
                    );
                    assert_eq!(
                        <$aff>::from_compressed_unchecked(&vec![0xc0; len]),
                        Err(Error::InvalidLength { expected: N, got: len })
                    );
                }
                for len in [0, N, 2 * N - 1, 2 * N + 1] {
                    assert_eq!(
                        <$aff>::from_uncompressed(&vec![0x40; len]),
                        Err(Error::InvalidLength { expected: 2 * N, got: len })
                    );
                    assert_eq!(
                        <$proj>::from_uncompressed_unchecked(&vec![0x40; len]),
                        Err(Error::InvalidLength { expected: 2 * N, got: len })
                    );
                }
                // Flags, compressed.
                let with = |mut b: [u8; N], f: fn(&mut [u8; N])| {
                    f(&mut b);
                    b
                };
                let inf_c = with([0u8; N], |b| b[0] = 0xc0);
                assert_eq!(<$aff>::from_compressed(&inf_c), Ok(<$aff>::identity()));
                let bad_c: [[u8; N]; 8] = [
                    with(c, |b| b[0] &= 0x7f),                // compression bit clear
                    with(c, |b| b[0] = (b[0] & 0x1f) | 0x40), // infinity without compression
                    with(c, |b| b[0] |= 0x40),                // infinity with x != 0
                    with(inf_c, |b| b[0] |= 0x20),            // infinity with sign
                    with(inf_c, |b| b[0] |= 0x01),            // infinity, payload in byte 0
                    with(inf_c, |b| b[N - 1] = 1),            // infinity, payload at the end
                    with(inf_c, |b| b[0] &= 0x7f),            // uncompressed infinity, short
                    with([0u8; N], |b| b[0] = 0x20),          // sign only
                ];
                for b in bad_c {
                    assert_eq!(<$aff>::from_compressed(&b), Err(Error::InvalidFlags), "{}", hex::encode(b));
                    assert_eq!(<$aff>::from_compressed_unchecked(&b), Err(Error::InvalidFlags));
                    assert_eq!(class_of_blst(blst_uncompress(&b).0), Class::BadEncoding);
                }
                // Flags, uncompressed.
                let with2 = |mut b: [u8; 2 * N], f: fn(&mut [u8; 2 * N])| {
                    f(&mut b);
                    b
                };
                let inf_u = with2([0u8; 2 * N], |b| b[0] = 0x40);
                assert_eq!(<$aff>::from_uncompressed(&inf_u), Ok(<$aff>::identity()));
                let bad_u: [[u8; 2 * N]; 7] = [
                    with2(u, |b| b[0] |= 0x80),         // compression bit set
                    with2(u, |b| b[0] |= 0x20),         // sign on an uncompressed point
                    with2(u, |b| b[0] |= 0x40),         // infinity with payload
                    with2(inf_u, |b| b[0] |= 0x20),     // infinity with sign
                    with2(inf_u, |b| b[0] |= 0x80),     // compressed infinity, long
                    with2(inf_u, |b| b[2 * N - 1] = 1), // infinity, payload in y
                    with2([0u8; 2 * N], |b| b[..N].copy_from_slice(&<$aff>::generator().to_compressed())),
                ];
                for b in bad_u {
                    assert_eq!(<$aff>::from_uncompressed(&b), Err(Error::InvalidFlags), "{}", hex::encode(b));
                    assert_eq!(<$aff>::from_uncompressed_unchecked(&b), Err(Error::InvalidFlags));
                }
                // Non-canonical coordinates: each 48-byte part set to p or 2^381 - 1.
                let pb = be_bytes::<48>(p());
                let top = be_bytes::<48>(&(pow2(381) - big(1)));
                for v in [pb, top] {
                    for off in (0..N).step_by(48) {
                        let mut b = c;
                        put(&mut b, off, &v);
                        assert_eq!(<$aff>::from_compressed(&b), Err(Error::NotCanonical));
                        assert_eq!(<$aff>::from_compressed_unchecked(&b), Err(Error::NotCanonical));
                        assert_eq!(class_of_blst(blst_uncompress(&b).0), Class::BadEncoding);
                    }
                    for off in (0..2 * N).step_by(48) {
                        let mut b = u;
                        put(&mut b, off, &v);
                        assert_eq!(<$aff>::from_uncompressed(&b), Err(Error::NotCanonical));
                        assert_eq!(<$aff>::from_uncompressed_unchecked(&b), Err(Error::NotCanonical));
                        assert_eq!(class_of_blst(blst_deserialize(&b).0), Class::BadEncoding);
                    }
                }
                // A flag error wins over a non-canonical x.
                let mut b = c;
                put(&mut b, 0, &pb);
                b[0] &= 0x7f;
                assert_eq!(<$aff>::from_compressed(&b), Err(Error::InvalidFlags));
                // Off the curve: (0, 0) without the infinity flag, (x, y + 1),
                // and a compressed x found (by blst) to have no y.
                assert_eq!(<$aff>::from_uncompressed(&[0u8; 2 * N]), Err(Error::NotOnCurve));
                let mut b = u;
                b[2 * N - 1] ^= 1;
                assert_eq!(class_of_blst(blst_deserialize(&b).0), Class::NotOnCurve);
                assert_eq!(<$aff>::from_uncompressed(&b), Err(Error::NotOnCurve));
                assert_eq!(<$aff>::from_uncompressed_unchecked(&b), Err(Error::NotOnCurve));
                let mut rng = rng(concat!($tag, "error classes"));
                let mut found = (0, 0);
                while found.0 < 20 || found.1 < 20 {
                    let mut b = [0u8; N];
                    for off in (0..N).step_by(48) {
                        put(&mut b, off, &be_bytes::<48>(&uniform_below(&mut rng, p())));
                    }
                    b[0] |= 0x80;
                    let (e, q) = blst_uncompress(&b);
                    match e {
                        BLST_ERROR::BLST_POINT_NOT_ON_CURVE => {
                            assert_eq!(<$aff>::from_compressed(&b), Err(Error::NotOnCurve));
                            assert_eq!(<$aff>::from_compressed_unchecked(&b), Err(Error::NotOnCurve));
                            found.0 += 1;
                        }
                        BLST_ERROR::BLST_SUCCESS => {
                            // On the curve; outside the subgroup unless blst says otherwise.
                            assert!(!unsafe { blst::$in_g(&q) });
                            assert_eq!(<$aff>::from_compressed(&b), Err(Error::NotInSubgroup));
                            assert_eq!(<$aff>::from_compressed_unchecked(&b), Ok($from(&q)));
                            let ub = blst_serialize(&$from(&q));
                            assert_eq!(<$aff>::from_uncompressed(&ub), Err(Error::NotInSubgroup));
                            assert_eq!(<$aff>::from_uncompressed_unchecked(&ub), Ok($from(&q)));
                            assert_eq!(<$proj>::from_uncompressed(&ub), Err(Error::NotInSubgroup));
                            found.1 += 1;
                        }
                        other => panic!("blst: {other:?}"),
                    }
                }
            }
        }
    };
}

encoding_tests!(
    g1,
    G1Affine,
    G1Projective,
    Fp,
    48,
    rand_g1,
    g1_to_blst,
    g1_from_blst,
    blst_p1_affine,
    blst_p1_affine_compress,
    blst_p1_affine_serialize,
    blst_p1_uncompress,
    blst_p1_deserialize,
    blst_p1_affine_in_g1,
    blst_p1_affine_on_curve,
    fp_to_blst,
    blst_p1,
    p1_to_blst,
    blst_p1_add_or_double,
    blst_p1_to_affine,
    "g1"
);
encoding_tests!(
    g2,
    G2Affine,
    G2Projective,
    Fp2,
    96,
    rand_g2,
    g2_to_blst,
    g2_from_blst,
    blst_p2_affine,
    blst_p2_affine_compress,
    blst_p2_affine_serialize,
    blst_p2_uncompress,
    blst_p2_deserialize,
    blst_p2_affine_in_g2,
    blst_p2_affine_on_curve,
    fp2_to_blst,
    blst_p2,
    p2_to_blst,
    blst_p2_add_or_double,
    blst_p2_to_affine,
    "g2"
);

/// G1's (0, 2): on the curve, order 3, rejected by the subgroup check (blst
/// calls it "not in group" even without the check).
#[test]
fn g1_point_of_order_three() {
    let mut c = [0u8; 48];
    c[0] = 0x80;
    assert_eq!(G1Affine::from_compressed(&c), Err(Error::NotInSubgroup));
    let q = G1Affine::from_compressed_unchecked(&c).unwrap();
    assert_eq!(q.y().to_bytes(), be_bytes::<48>(&big(2)));
    c[0] = 0xa0;
    let q = G1Affine::from_compressed_unchecked(&c).unwrap();
    assert_eq!(q.y().to_bytes(), be_bytes::<48>(&(p() - big(2))));
    let mut u = [0u8; 96];
    u[95] = 2;
    assert_eq!(G1Affine::from_uncompressed(&u), Err(Error::NotInSubgroup));
    assert!(G1Affine::from_uncompressed_unchecked(&u).is_ok());
    // 3 * (0, 2) = 0.
    let j = G1Projective::from_uncompressed_unchecked(&u).unwrap();
    assert!(bool::from(j.double().add(&j).is_identity()));
}
