//! Mutation test of the G1 / G2 point decoders against blst: the
//! stable-toolchain counterpart of the cargo-fuzz targets in rust/fuzz, run
//! by `cargo test` with a fixed seed and a fixed count, so that every change
//! meets the same 20 000 cases.
//!
//! Valid encodings (zkcrypto's [i]G vectors, random points of the groups,
//! random curve points outside them, points of small order) are
//! mutated: bits flipped, truncated or extended, every combination of the
//! three flag bits, a coordinate replaced by a value >= p (p, p + 1,
//! 2^381 - 1, or the coordinate plus p, a non-canonical representative of
//! the same value), the identity with a nonzero bit, the sign bit toggled,
//! bytes replaced. Each result goes through the four decoders (compressed /
//! uncompressed, with / without the subgroup check), and each decoder must
//! reach blst's decision: the same error class, or the same point, compared
//! through both encodings, which the core must also round-trip. Where the
//! mutation fixes the answer (a length, a non-canonical coordinate under
//! valid flags, bits under the infinity flag) the exact error is checked.
//!
//! blst is adapted in the two places its API differs (see rust/fuzz/src/
//! decode.rs): its uncompressed decoder reads an input with the compression
//! bit as a compressed point (the reference answers `BAD_ENCODING`), and it
//! reports the G1 points (0, ±2) as `POINT_NOT_IN_GROUP` from every decoder
//! while writing them (the reference lets its subgroup test decide).

use bls12_381_core::curve::{G1Affine, G1Projective, G2Affine, G2Projective};
use bls12_381_core::{Error, Fr};
use blst::BLST_ERROR;
use num_bigint::BigUint;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;

/// Mutated inputs per group.
const CASES: usize = 10_000;

/// A point of order 13 on G2's curve, outside G2 (compressed).
const G2_ORDER_13: &str = "a39bfcf7739ddda85050abad47896d69f0edb0b26e55bfd7d1be52cdd9633114806491ce571e31a94fb5138b0e89e5d30adf181d822ba0f0912dfb1b62c1eaacdd4b14d62bc7e8fcdb5b0b5da2ac77f281db59553f3068f957c0374531edc1e4";

const P_HEX: &[u8] =
    b"1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

fn p() -> BigUint {
    BigUint::parse_bytes(P_HEX, 16).unwrap()
}

/// Error classes common to blst and the core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Encoding,
    NotOnCurve,
    NotInGroup,
}

/// A decoder's verdict: (compressed, uncompressed) encodings of the point, or
/// the error class.
type Outcome = Result<(Vec<u8>, Vec<u8>), Class>;

/// The core's verdict: as [`Outcome`], with the error itself.
type CoreOutcome = Result<(Vec<u8>, Vec<u8>), Error>;

fn class_of(e: &Error) -> Class {
    match e {
        Error::InvalidLength { .. } | Error::InvalidFlags | Error::NotCanonical => Class::Encoding,
        Error::NotOnCurve => Class::NotOnCurve,
        Error::NotInSubgroup => Class::NotInGroup,
        other => panic!("undocumented decoder error {other:?}"),
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// One group's decoders (core and blst) and its base encodings.
trait Group {
    const NAME: &'static str;
    /// Compressed size (the uncompressed form is twice as long).
    const COMP: usize;
    /// The core's decoder, with its re-encodings (checked to round-trip).
    fn core(bytes: &[u8], compressed: bool, checked: bool) -> CoreOutcome;
    /// blst's decision on the same input.
    fn blst(bytes: &[u8], compressed: bool, checked: bool) -> Outcome;
    /// Both encodings of a random point of the group.
    fn random(rng: &mut ChaCha8Rng) -> (Vec<u8>, Vec<u8>);
}

macro_rules! group {
    ($t:ident, $name:expr, $comp:expr, $aff:ty, $proj:ty, $baff:ty,
     $unc:path, $des:path, $in_g:path, $bcomp:path, $bser:path) => {
        struct $t;
        impl Group for $t {
            const NAME: &'static str = $name;
            const COMP: usize = $comp;

            fn core(bytes: &[u8], compressed: bool, checked: bool) -> CoreOutcome {
                let r = match (compressed, checked) {
                    (true, true) => <$aff>::from_compressed(bytes),
                    (true, false) => <$aff>::from_compressed_unchecked(bytes),
                    (false, true) => <$aff>::from_uncompressed(bytes),
                    (false, false) => <$aff>::from_uncompressed_unchecked(bytes),
                };
                r.map(|pt| {
                    let (c, u) = (pt.to_compressed(), pt.to_uncompressed());
                    assert_eq!(<$aff>::from_compressed_unchecked(&c), Ok(pt), "round trip of {}", hex(bytes));
                    assert_eq!(<$aff>::from_uncompressed_unchecked(&u), Ok(pt), "round trip of {}", hex(bytes));
                    (c.to_vec(), u.to_vec())
                })
            }

            fn blst(bytes: &[u8], compressed: bool, checked: bool) -> Outcome {
                let size = if compressed { $comp } else { 2 * $comp };
                if bytes.len() != size || (!compressed && bytes[0] & 0x80 != 0) {
                    return Err(Class::Encoding);
                }
                let mut a = <$baff>::default();
                // SAFETY: `bytes` has the size blst reads.
                let r = unsafe {
                    if compressed {
                        $unc(&mut a, bytes.as_ptr())
                    } else {
                        $des(&mut a, bytes.as_ptr())
                    }
                };
                match r {
                    BLST_ERROR::BLST_SUCCESS | BLST_ERROR::BLST_POINT_NOT_IN_GROUP => {
                        // SAFETY: a point blst wrote; outputs of the encoding sizes.
                        unsafe {
                            if checked && !$in_g(&a) {
                                return Err(Class::NotInGroup);
                            }
                            let mut c = vec![0u8; $comp];
                            let mut u = vec![0u8; 2 * $comp];
                            $bcomp(c.as_mut_ptr(), &a);
                            $bser(u.as_mut_ptr(), &a);
                            Ok((c, u))
                        }
                    }
                    BLST_ERROR::BLST_BAD_ENCODING => Err(Class::Encoding),
                    BLST_ERROR::BLST_POINT_NOT_ON_CURVE => Err(Class::NotOnCurve),
                    other => panic!("blst returned {other:?}"),
                }
            }

            fn random(rng: &mut ChaCha8Rng) -> (Vec<u8>, Vec<u8>) {
                let pt = <$proj>::generator().mul(&Fr::random(&mut *rng));
                (pt.to_compressed().to_vec(), pt.to_uncompressed().to_vec())
            }
        }
    };
}

group!(
    G1,
    "G1",
    48,
    G1Affine,
    G1Projective,
    blst::blst_p1_affine,
    blst::blst_p1_uncompress,
    blst::blst_p1_deserialize,
    blst::blst_p1_affine_in_g1,
    blst::blst_p1_affine_compress,
    blst::blst_p1_affine_serialize
);
group!(
    G2,
    "G2",
    96,
    G2Affine,
    G2Projective,
    blst::blst_p2_affine,
    blst::blst_p2_uncompress,
    blst::blst_p2_deserialize,
    blst::blst_p2_affine_in_g2,
    blst::blst_p2_affine_compress,
    blst::blst_p2_affine_serialize
);

/// Runs the four decoders on `bytes` against blst; returns the core's
/// results in the order (compressed, checked), (compressed, unchecked),
/// (uncompressed, checked), (uncompressed, unchecked).
fn compare<G: Group>(bytes: &[u8], what: &str) -> [CoreOutcome; 4] {
    let mut out = Vec::with_capacity(4);
    for (compressed, checked) in [(true, true), (true, false), (false, true), (false, false)] {
        let ours = G::core(bytes, compressed, checked);
        let theirs = G::blst(bytes, compressed, checked);
        let as_hex = |o: Outcome| o.map(|(c, u)| (hex(&c), hex(&u)));
        assert_eq!(
            as_hex(ours.clone().map_err(|e| class_of(&e))),
            as_hex(theirs),
            "{} {what}: compressed {compressed}, checked {checked}, input {}",
            G::NAME,
            hex(bytes)
        );
        let size = if compressed { G::COMP } else { 2 * G::COMP };
        if bytes.len() != size {
            assert_eq!(ours, Err(Error::InvalidLength { expected: size, got: bytes.len() }));
        }
        out.push(ours);
    }
    out.try_into().unwrap()
}

/// Writes `v` (< 2^384) big-endian into the 48 bytes at `at`, keeping the
/// three flag bits when `at` is 0 (the first coordinate holds them).
fn put_fp(e: &mut [u8], at: usize, v: &BigUint) {
    let mut b = v.to_bytes_be();
    assert!(b.len() <= 48);
    let mut full = vec![0u8; 48 - b.len()];
    full.append(&mut b);
    let flags = e[0] & 0xe0;
    e[at..at + 48].copy_from_slice(&full);
    if at == 0 {
        e[0] = (e[0] & 0x1f) | flags;
    }
}

/// Whether byte 0 carries the infinity flag.
fn infinity(e: &[u8]) -> bool {
    e[0] & 0x40 != 0
}

/// Applies one mutation to the valid encoding `base`; returns the result, a
/// label, and the exact error the core must give when the mutation fixes it.
fn mutate(rng: &mut ChaCha8Rng, base: &[u8], comp: usize) -> (Vec<u8>, &'static str, Option<Error>) {
    let mut e = base.to_vec();
    let len = e.len();
    match rng.gen_range(0..8) {
        0 => {
            for _ in 0..rng.gen_range(1..=3) {
                let bit = rng.gen_range(0..8 * len);
                e[bit / 8] ^= 1 << (bit % 8);
            }
            (e, "bit flips", None)
        }
        1 => {
            if rng.gen() {
                e.truncate(rng.gen_range(0..len));
            } else {
                for _ in 0..rng.gen_range(1..=8) {
                    e.push(rng.gen());
                }
            }
            (e, "truncation / extension", None)
        }
        2 => {
            let flags: u8 = rng.gen_range(0..8);
            e[0] = (e[0] & 0x1f) | (flags << 5);
            (e, "flag bits", None)
        }
        3 => {
            // A coordinate >= p under the original (valid) flags. The
            // first coordinate shares its top 3 bits with the flags, so it
            // only takes values < 2^381.
            let i = rng.gen_range(0..len / 48);
            let at = 48 * i;
            let old = BigUint::from_bytes_be(&base[at..at + 48]) & ((BigUint::from(1u8) << 381) - 1u8);
            let limit = if at == 0 { BigUint::from(1u8) << 381 } else { BigUint::from(1u8) << 384 };
            let choices =
                [p(), p() + 1u8, (BigUint::from(1u8) << 381) - 1u8, &old + p(), (BigUint::from(1u8) << 384) - 1u8];
            let v = loop {
                let v = &choices[rng.gen_range(0..choices.len())];
                if *v < limit {
                    break v.clone();
                }
            };
            put_fp(&mut e, at, &v);
            let want = if infinity(base) { Error::InvalidFlags } else { Error::NotCanonical };
            (e, "coordinate >= p", Some(want))
        }
        4 => {
            // The identity of this form with one more bit set: a payload bit
            // or the sign flag.
            e.iter_mut().for_each(|b| *b = 0);
            e[0] = if len == comp { 0xc0 } else { 0x40 };
            if rng.gen() {
                e[0] |= 0x20;
            } else {
                let bit = rng.gen_range(3..8 * len);
                e[bit / 8] |= 0x80 >> (bit % 8);
            }
            (e, "infinity with a nonzero bit", Some(Error::InvalidFlags))
        }
        5 => {
            e[0] ^= 0x20;
            (e, "sign bit toggled", None)
        }
        _ => {
            let i = rng.gen_range(0..len);
            e[i] = rng.gen();
            (e, "byte replaced", None)
        }
    }
}

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vectors/zkcrypto-serialization")
}

/// The first `n` records of a zkcrypto file of `size`-byte encodings of [i]G.
fn records(name: &str, size: usize, n: usize) -> Vec<Vec<u8>> {
    let data = std::fs::read(vectors_dir().join(name)).unwrap();
    data.chunks_exact(size).take(n).map(<[u8]>::to_vec).collect()
}

/// Compressed encodings of curve points outside the subgroup: random x with
/// a square x^3 + b (found with the unchecked decoder, confirmed by blst).
fn outside<G: Group>(rng: &mut ChaCha8Rng, n: usize) -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    while v.len() < n {
        let mut e = vec![0u8; G::COMP];
        rng.fill_bytes(&mut e);
        e[0] = (e[0] & 0x1f) | 0x80 | (e[0] & 0x20);
        if G::blst(&e, true, false).is_ok() && G::blst(&e, true, true) == Err(Class::NotInGroup) {
            v.push(e);
        }
    }
    v
}

fn run<G: Group>(seed: u64, mut bases: Vec<Vec<u8>>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..32 {
        let (c, u) = G::random(&mut rng);
        bases.push(c);
        bases.push(u);
    }
    for c in outside::<G>(&mut rng, 16) {
        let u = G::core(&c, true, false).unwrap().1;
        bases.push(c);
        bases.push(u);
    }
    for b in &bases {
        let r = compare::<G>(b, "base");
        let unchecked = if b.len() == G::COMP { &r[1] } else { &r[3] };
        assert!(unchecked.is_ok(), "{} base {} rejected: {unchecked:?}", G::NAME, hex(b));
    }
    let mut by_label = std::collections::BTreeMap::<&str, usize>::new();
    for _ in 0..CASES {
        let base = &bases[rng.gen_range(0..bases.len())];
        let (m, label, want) = mutate(&mut rng, base, G::COMP);
        *by_label.entry(label).or_default() += 1;
        let r = compare::<G>(&m, label);
        if let Some(want) = want {
            let i = if m.len() == G::COMP { 1 } else { 3 };
            assert_eq!(r[i].as_ref().map(|_| ()), Err(&want), "{} {label}: {}", G::NAME, hex(&m));
        }
    }
    // Every mutation kind was drawn (the count is fixed by the seed).
    assert_eq!(by_label.len(), 7, "{by_label:?}");
}

#[test]
fn mutated_g1_encodings_match_blst() {
    let mut bases = records("g1_compressed_valid_test_vectors.dat", 48, 64);
    bases.extend(records("g1_uncompressed_valid_test_vectors.dat", 96, 64));
    // (0, ±2): order 3, x = 0.
    bases.push([&[0x80u8][..], &[0u8; 47]].concat());
    bases.push([&[0xa0u8][..], &[0u8; 47]].concat());
    run::<G1>(0x1501, bases);
}

#[test]
fn mutated_g2_encodings_match_blst() {
    let mut bases = records("g2_compressed_valid_test_vectors.dat", 96, 64);
    bases.extend(records("g2_uncompressed_valid_test_vectors.dat", 192, 64));
    let q13: Vec<u8> = (0..96).map(|i| u8::from_str_radix(&G2_ORDER_13[2 * i..2 * i + 2], 16).unwrap()).collect();
    bases.push(q13);
    run::<G2>(0x1502, bases);
}

/// Points of small order, with their exact answers: they decode without
/// the subgroup check and are refused with it.
#[test]
fn small_order_points_decode_unchecked_only() {
    let q13: Vec<u8> = (0..96).map(|i| u8::from_str_radix(&G2_ORDER_13[2 * i..2 * i + 2], 16).unwrap()).collect();
    let r = compare::<G2>(&q13, "order 13");
    assert_eq!(r[0], Err(Error::NotInSubgroup));
    assert!(r[1].is_ok());
    for b0 in [0x80u8, 0xa0] {
        let e = [&[b0][..], &[0u8; 47]].concat();
        let r = compare::<G1>(&e, "(0, ±2)");
        assert_eq!(r[0], Err(Error::NotInSubgroup));
        assert!(r[1].is_ok());
    }
}
