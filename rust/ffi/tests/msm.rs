//! Multi-scalar multiplication through the C ABI
//! (`bls12_381_g?_msm_vartime`, `_msm_compressed_vartime`,
//! `_batch_normalize`, which take item counts) against the naive sum of
//! the ABI's own scalar multiplications and additions: sizes on both sides
//! of the core's small-input cutoff, thread counts, scalars >= r, identity
//! points, error codes and unaligned buffers. Every call on whole arrays
//! is made through the deprecated byte-length forms too (`bls12_381_g?_msm`,
//! `_msm_compressed`, `_batch_to_affine`), which must agree byte for byte;
//! their own error cases (lengths that are not whole, counts that differ)
//! are kept.

// The deprecated byte-length forms are called here, against their
// replacements, until they are removed.
#![allow(deprecated)]

mod common;
use bls12_381_ffi::*;
use common::Rng;

const INVALID_LENGTH: i32 = 1;
const INVALID_FLAGS: i32 = 5;
const NOT_IN_SUBGROUP: i32 = 7;
const LENGTH_MISMATCH: i32 = 9;
const NULL_POINTER: i32 = 10;

/// r, little-endian.
const R_LE: [u8; 32] = [
    0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0x02, 0xa4, 0xbd, 0x53, 0x05, 0xd8, 0xa1,
    0x09, 0x08, 0xd8, 0x39, 0x33, 0x48, 0x7d, 0x9d, 0x29, 0x53, 0xa7, 0xed, 0x73,
];

/// Draws of the shared splitmix64 generator ([`common::Rng`]).
impl Rng {
    /// 32 bytes: mostly uniform (so mostly >= r, as r < 2^255), sometimes
    /// small, zero, r - 1, r or r + small.
    fn scalar(&mut self) -> [u8; 32] {
        let mut s = [0u8; 32];
        match self.next() % 8 {
            0 => s[0] = (self.next() % 4) as u8,
            1 => {
                s = R_LE;
                let k = (self.next() % 3) as i16 - 1; // r - 1, r, r + 1
                s[0] = (s[0] as i16 + k) as u8;
            }
            _ => {
                for c in s.chunks_mut(8) {
                    c.copy_from_slice(&self.next().to_le_bytes());
                }
            }
        }
        s
    }
}

/// r + k, little-endian (k small).
fn r_plus(k: u8) -> [u8; 32] {
    let mut s = R_LE;
    s[0] += k;
    s
}

macro_rules! msm_tests {
    ($modname:ident, $f:ident, $size:expr, $aff:expr, $comp:expr) => {
        mod $modname {
            use super::*;

            type P = [u8; $size];

            fn one() -> P {
                let mut o = [0u8; $size];
                unsafe { $f::one(o.as_mut_ptr()) };
                o
            }

            fn zero() -> P {
                let mut o = [0u8; $size];
                unsafe { $f::zero(o.as_mut_ptr()) };
                o
            }

            fn eq(a: &P, b: &P) -> bool {
                unsafe { $f::eq(a.as_ptr(), b.as_ptr()) == 1 }
            }

            fn is_zero(a: &P) -> bool {
                unsafe { $f::is_zero(a.as_ptr()) == 1 }
            }

            fn mul(a: &P, s: &[u8]) -> P {
                let mut o = [0u8; $size];
                unsafe { $f::mul(o.as_mut_ptr(), a.as_ptr(), s.as_ptr(), s.len()) };
                o
            }

            fn add(a: &P, b: &P) -> P {
                let mut o = [0u8; $size];
                unsafe { $f::add(o.as_mut_ptr(), a.as_ptr(), b.as_ptr()) };
                o
            }

            fn compressed(a: &P) -> [u8; $comp] {
                let mut e = [0u8; $comp];
                unsafe { $f::to_compressed(e.as_mut_ptr(), a.as_ptr()) };
                e
            }

            /// `n` points: random multiples of the generator, with the
            /// identity at every 7th place.
            fn points(rng: &mut Rng, n: usize) -> Vec<P> {
                (0..n).map(|i| if i % 7 == 3 { zero() } else { mul(&one(), &rng.scalar()) }).collect()
            }

            /// The affine array of `ps`, through `batch_normalize` and the
            /// deprecated `batch_to_affine`, which must agree.
            fn affine(ps: &[P]) -> Vec<u8> {
                let jac = ps.concat();
                let mut out = vec![0u8; ps.len() * $aff];
                let c = unsafe { $f::batch_normalize(out.as_mut_ptr(), jac.as_ptr(), ps.len()) };
                assert_eq!(c, OK);
                let mut old = vec![0u8; ps.len() * $aff];
                let c = unsafe { $f::batch_to_affine(old.as_mut_ptr(), jac.as_ptr(), jac.len()) };
                assert_eq!(c, OK);
                assert_eq!(out, old, "batch_normalize and batch_to_affine differ");
                out
            }

            /// The number of terms of whole arrays of as many items, if so.
            fn terms(items: &[u8], size: usize, scalars: &[u8]) -> Option<usize> {
                let n = items.len() / size;
                (items.len().is_multiple_of(size) && scalars.len() == 32 * n).then_some(n)
            }

            /// `msm_vartime` on `n` terms: the point or the code.
            fn msm_n(points: *const u8, scalars: *const u8, n: usize, threads: usize) -> Result<P, i32> {
                let mut o = [0x5au8; $size];
                let c = unsafe { $f::msm_vartime(o.as_mut_ptr(), points, scalars, n, threads) };
                if c == OK {
                    Ok(o)
                } else {
                    assert!(o.iter().all(|&b| b == 0x5a), "out written on error");
                    Err(c)
                }
            }

            /// `msm_compressed_vartime` on `n` terms: the point or the code.
            fn msm_c_n(encs: *const u8, scalars: *const u8, n: usize, check: bool, threads: usize) -> Result<P, i32> {
                let mut o = [0x5au8; $size];
                let c =
                    unsafe { $f::msm_compressed_vartime(o.as_mut_ptr(), encs, scalars, n, i32::from(check), threads) };
                if c == OK {
                    Ok(o)
                } else {
                    assert!(o.iter().all(|&b| b == 0x5a), "out written on error");
                    Err(c)
                }
            }

            /// The naive sum of the ABI's multiplications.
            fn naive(ps: &[P], ss: &[[u8; 32]]) -> P {
                ps.iter().zip(ss).fold(zero(), |acc, (p, s)| add(&acc, &mul(p, s)))
            }

            /// The deprecated `msm` over byte arrays: the point or the code;
            /// on whole arrays of as many items, `msm_vartime` gives the
            /// same bytes.
            fn msm(points: &[u8], scalars: &[u8], threads: usize) -> Result<P, i32> {
                let mut o = [0x5au8; $size];
                let c = unsafe {
                    $f::msm(o.as_mut_ptr(), points.as_ptr(), points.len(), scalars.as_ptr(), scalars.len(), threads)
                };
                let old = if c == OK {
                    Ok(o)
                } else {
                    assert!(o.iter().all(|&b| b == 0x5a), "out written on error");
                    Err(c)
                };
                if let Some(n) = terms(points, $aff, scalars) {
                    assert_eq!(msm_n(points.as_ptr(), scalars.as_ptr(), n, threads), old, "msm_vartime and msm differ");
                }
                old
            }

            /// The deprecated `msm_compressed`, checked against
            /// `msm_compressed_vartime` as `msm` is.
            fn msm_c(encs: &[u8], scalars: &[u8], check: bool, threads: usize) -> Result<P, i32> {
                let mut o = [0x5au8; $size];
                let c = unsafe {
                    $f::msm_compressed(
                        o.as_mut_ptr(),
                        encs.as_ptr(),
                        encs.len(),
                        scalars.as_ptr(),
                        scalars.len(),
                        i32::from(check),
                        threads,
                    )
                };
                let old = if c == OK {
                    Ok(o)
                } else {
                    assert!(o.iter().all(|&b| b == 0x5a), "out written on error");
                    Err(c)
                };
                if let Some(n) = terms(encs, $comp, scalars) {
                    let new = msm_c_n(encs.as_ptr(), scalars.as_ptr(), n, check, threads);
                    assert_eq!(new, old, "msm_compressed_vartime and msm_compressed differ");
                }
                old
            }

            #[test]
            fn msm_equals_the_naive_sum() {
                let mut rng = Rng(0x6d73_6d00 + $size as u64);
                // Around the small-input cutoff (8) and beyond.
                for &n in &[1usize, 2, 7, 8, 9, 16, 33, 100, 257] {
                    let ps = points(&mut rng, n);
                    let ss: Vec<[u8; 32]> = (0..n).map(|_| rng.scalar()).collect();
                    let want = naive(&ps, &ss);
                    let aff = affine(&ps);
                    let sc = ss.concat();
                    let enc: Vec<u8> = ps.iter().flat_map(|p| compressed(p)).collect();
                    for &threads in &[1usize, 0, 3] {
                        assert!(eq(&msm(&aff, &sc, threads).unwrap(), &want), "n = {n}, threads = {threads}");
                    }
                    assert!(eq(&msm_c(&enc, &sc, true, 0).unwrap(), &want), "compressed, n = {n}");
                    assert!(eq(&msm_c(&enc, &sc, false, 1).unwrap(), &want), "unchecked, n = {n}");
                }
            }

            #[test]
            fn scalars_at_or_above_r_are_reduced() {
                let mut rng = Rng(17);
                let ps = points(&mut rng, 20);
                // r + 5 acts as 5, r as 0, 2^256 - 1 as its residue.
                for (s, as_) in [(r_plus(5), [5u8].as_slice()), (R_LE, &[][..]), ([0xff; 32], &[0xff; 32][..])] {
                    let ss = vec![s; ps.len()];
                    let want = ps.iter().fold(zero(), |acc, p| add(&acc, &mul(p, as_)));
                    assert!(eq(&msm(&affine(&ps), &ss.concat(), 1).unwrap(), &want));
                }
                let mut ss = vec![r_plus(5); ps.len()];
                ss[0] = [0u8; 32];
                ss[0][0] = 5;
                let r5 = msm(&affine(&ps), &ss.concat(), 0).unwrap();
                let five = [5u8];
                assert!(eq(&r5, &ps.iter().fold(zero(), |acc, p| add(&acc, &mul(p, &five)))));
            }

            #[test]
            fn empty_and_identity_inputs() {
                // n = 0, null pointers included: the identity.
                assert!(is_zero(&msm(&[], &[], 0).unwrap()));
                let mut o = [0x5au8; $size];
                let c = unsafe { $f::msm(o.as_mut_ptr(), core::ptr::null(), 0, core::ptr::null(), 0, 1) };
                assert_eq!(c, OK);
                assert!(is_zero(&o));
                let c = unsafe { $f::msm_compressed(o.as_mut_ptr(), core::ptr::null(), 0, core::ptr::null(), 0, 1, 0) };
                assert_eq!(c, OK);
                assert!(is_zero(&o));
                // Only identity points, or only zero scalars: the identity.
                let mut rng = Rng(5);
                for n in [3usize, 40] {
                    let ids = vec![zero(); n];
                    let ss: Vec<[u8; 32]> = (0..n).map(|_| rng.scalar()).collect();
                    assert!(is_zero(&msm(&affine(&ids), &ss.concat(), 0).unwrap()));
                    let enc: Vec<u8> = ids.iter().flat_map(|p| compressed(p)).collect();
                    assert!(is_zero(&msm_c(&enc, &ss.concat(), true, 0).unwrap()));
                    let ps = points(&mut rng, n);
                    assert!(is_zero(&msm(&affine(&ps), &vec![0u8; 32 * n], 0).unwrap()));
                }
                // The affine identity is all zeros.
                assert!(affine(&[zero()]).iter().all(|&b| b == 0));
            }

            /// The item-count forms: NULL and counts no buffer holds are
            /// refused unread (`out` untouched), n = 0 is the identity
            /// whatever the pointers.
            #[test]
            fn item_counts() {
                let mut rng = Rng(13);
                let ps = points(&mut rng, 3);
                let aff = affine(&ps);
                let sc: Vec<u8> = (0..3).flat_map(|_| rng.scalar()).collect();
                let enc: Vec<u8> = ps.iter().flat_map(|p| compressed(p)).collect();
                let null = core::ptr::null::<u8>();
                assert!(is_zero(&msm_n(null, null, 0, 1).unwrap()));
                assert!(is_zero(&msm_n(aff.as_ptr(), null, 0, 0).unwrap()));
                assert!(is_zero(&msm_c_n(null, null, 0, true, 1).unwrap()));
                assert_eq!(msm_n(null, sc.as_ptr(), 1, 0), Err(NULL_POINTER));
                assert_eq!(msm_n(aff.as_ptr(), null, 1, 0), Err(NULL_POINTER));
                assert_eq!(msm_c_n(null, sc.as_ptr(), 1, true, 0), Err(NULL_POINTER));
                assert_eq!(msm_c_n(enc.as_ptr(), null, 1, false, 0), Err(NULL_POINTER));
                // n points above isize::MAX bytes: refused before reading.
                for n in [isize::MAX as usize / $aff + 1, isize::MAX as usize, usize::MAX] {
                    assert_eq!(msm_n(aff.as_ptr(), sc.as_ptr(), n, 0), Err(INVALID_LENGTH), "{n}");
                }
                for n in [isize::MAX as usize / $comp + 1, usize::MAX] {
                    assert_eq!(msm_c_n(enc.as_ptr(), sc.as_ptr(), n, true, 0), Err(INVALID_LENGTH), "{n}");
                }
                let c = unsafe { $f::msm_vartime(core::ptr::null_mut(), aff.as_ptr(), sc.as_ptr(), 3, 0) };
                assert_eq!(c, NULL_POINTER);
                let c = unsafe { $f::msm_compressed_vartime(core::ptr::null_mut(), null, null, 0, 1, 0) };
                assert_eq!(c, NULL_POINTER);
                // A prefix of the arrays: the first n terms.
                let want = naive(&ps[..2], &[sc[..32].try_into().unwrap(), sc[32..64].try_into().unwrap()]);
                assert!(eq(&msm_n(aff.as_ptr(), sc.as_ptr(), 2, 1).unwrap(), &want));
                assert!(eq(&msm_c_n(enc.as_ptr(), sc.as_ptr(), 2, true, 1).unwrap(), &want));
                // batch_normalize: out may be NULL when there is nothing to write.
                let mut a = [0x5au8; $aff];
                let c = unsafe { $f::batch_normalize(core::ptr::null_mut(), null, 0) };
                assert_eq!(c, OK);
                let c = unsafe { $f::batch_normalize(core::ptr::null_mut(), ps[0].as_ptr(), 1) };
                assert_eq!(c, NULL_POINTER);
                let c = unsafe { $f::batch_normalize(a.as_mut_ptr(), null, 1) };
                assert_eq!(c, NULL_POINTER);
                let c = unsafe { $f::batch_normalize(a.as_mut_ptr(), ps[0].as_ptr(), isize::MAX as usize / $size + 1) };
                assert_eq!(c, INVALID_LENGTH);
                assert!(a.iter().all(|&b| b == 0x5a));
            }

            /// The deprecated byte-length forms keep their checks of the
            /// lengths.
            #[test]
            fn malformed_arrays() {
                let mut rng = Rng(9);
                let ps = points(&mut rng, 12);
                let aff = affine(&ps);
                let sc: Vec<u8> = (0..12).flat_map(|_| rng.scalar()).collect();
                let enc: Vec<u8> = ps.iter().flat_map(|p| compressed(p)).collect();
                // Different counts: LENGTH_MISMATCH, either way, either variant.
                assert_eq!(msm(&aff, &sc[..32 * 11], 0), Err(LENGTH_MISMATCH));
                assert_eq!(msm(&aff[..$aff * 11], &sc, 0), Err(LENGTH_MISMATCH));
                assert_eq!(msm(&aff, &[], 1), Err(LENGTH_MISMATCH));
                assert_eq!(msm(&[], &sc, 1), Err(LENGTH_MISMATCH));
                assert_eq!(msm_c(&enc[..$comp * 11], &sc, true, 0), Err(LENGTH_MISMATCH));
                assert_eq!(msm_c(&enc, &sc[..32], false, 0), Err(LENGTH_MISMATCH));
                // Not whole numbers of items: INVALID_LENGTH.
                assert_eq!(msm(&aff[..aff.len() - 1], &sc, 0), Err(INVALID_LENGTH));
                assert_eq!(msm(&aff, &sc[..sc.len() - 1], 0), Err(INVALID_LENGTH));
                assert_eq!(msm(&aff, &[sc.as_slice(), &[0u8; 31]].concat(), 0), Err(INVALID_LENGTH));
                assert_eq!(msm_c(&enc[1..], &sc, true, 0), Err(INVALID_LENGTH));
                // NULL with a nonzero length: NULL_POINTER (the header's policy).
                let mut o = [0u8; $size];
                let c = unsafe { $f::msm(o.as_mut_ptr(), core::ptr::null(), $aff, sc.as_ptr(), 32, 0) };
                assert_eq!(c, NULL_POINTER);
                let c = unsafe { $f::msm(o.as_mut_ptr(), aff.as_ptr(), $aff, core::ptr::null(), 32, 0) };
                assert_eq!(c, NULL_POINTER);
                let c = unsafe { $f::msm_compressed(o.as_mut_ptr(), core::ptr::null(), $comp, sc.as_ptr(), 32, 1, 0) };
                assert_eq!(c, NULL_POINTER);
                let mut a = [0u8; $aff];
                let c = unsafe { $f::batch_to_affine(a.as_mut_ptr(), core::ptr::null(), $size) };
                assert_eq!(c, NULL_POINTER);
                let c = unsafe { $f::batch_to_affine(a.as_mut_ptr(), ps[0].as_ptr(), $size - 1) };
                assert_eq!(c, INVALID_LENGTH);
                let c = unsafe { $f::batch_to_affine(a.as_mut_ptr(), core::ptr::null(), 0) };
                assert_eq!(c, OK);
            }

            #[test]
            fn invalid_compressed_points() {
                let mut rng = Rng(11);
                let ps = points(&mut rng, 10);
                let sc: Vec<u8> = (0..10).flat_map(|_| rng.scalar()).collect();
                let enc: Vec<u8> = ps.iter().flat_map(|p| compressed(p)).collect();
                // Point 4 without its compression bit.
                let mut bad = enc.clone();
                bad[4 * $comp] &= 0x7f;
                assert_eq!(msm_c(&bad, &sc, true, 0), Err(INVALID_FLAGS));
                assert_eq!(msm_c(&bad, &sc, false, 1), Err(INVALID_FLAGS));
                // Point 6 replaced by a point of the curve outside the
                // subgroup (a small x that decodes without the check).
                let mut x = 1u8;
                let outside = loop {
                    let mut e = [0u8; $comp];
                    e[0] = 0x80;
                    e[$comp - 1] = x;
                    let mut o = [0u8; $size];
                    let unchecked = unsafe { $f::of_compressed_unchecked(o.as_mut_ptr(), e.as_ptr(), e.len()) };
                    if unchecked == OK && unsafe { $f::is_in_subgroup(o.as_ptr()) } == 0 {
                        break e;
                    }
                    x += 1;
                };
                let mut bad = enc.clone();
                bad[6 * $comp..7 * $comp].copy_from_slice(&outside);
                assert_eq!(msm_c(&bad, &sc, true, 0), Err(NOT_IN_SUBGROUP));
                // Unchecked: accepted (the sum is then meaningless).
                assert!(msm_c(&bad, &sc, false, 0).is_ok());
            }

            #[test]
            fn batch_to_affine_and_unaligned_buffers() {
                let mut rng = Rng(23);
                let ps = points(&mut rng, 15);
                let aff = affine(&ps);
                for (i, p) in ps.iter().enumerate() {
                    let mut a = [0u8; $aff];
                    unsafe { $f::to_affine(a.as_mut_ptr(), p.as_ptr()) };
                    assert_eq!(&aff[i * $aff..(i + 1) * $aff], &a[..]);
                }
                // In place: out aliases in.
                let mut buf = ps.concat();
                let c = unsafe { $f::batch_normalize(buf.as_mut_ptr(), buf.as_ptr(), ps.len()) };
                assert_eq!(c, OK);
                assert_eq!(&buf[..aff.len()], &aff[..]);
                let mut buf = ps.concat();
                let c = unsafe { $f::batch_to_affine(buf.as_mut_ptr(), buf.as_ptr(), buf.len()) };
                assert_eq!(c, OK);
                assert_eq!(&buf[..aff.len()], &aff[..]);
                // The arrays at odd addresses.
                let ss: Vec<[u8; 32]> = (0..ps.len()).map(|_| rng.scalar()).collect();
                let sc = ss.concat();
                let mut store = vec![0u8; 1 + aff.len() + sc.len()];
                store[1..1 + aff.len()].copy_from_slice(&aff);
                store[1 + aff.len()..].copy_from_slice(&sc);
                let got = msm(&store[1..1 + aff.len()], &store[1 + aff.len()..], 0).unwrap();
                assert!(eq(&got, &naive(&ps, &ss)));
            }
        }
    };
}

// The symbols these tests call, in `g1f` and `g2f` (see `common::symbols`).
common::symbols! {
    zero: bls12_381_g1_zero, bls12_381_g2_zero;
    one: bls12_381_g1_one, bls12_381_g2_one;
    is_zero: bls12_381_g1_is_zero, bls12_381_g2_is_zero;
    eq: bls12_381_g1_eq, bls12_381_g2_eq;
    add: bls12_381_g1_add, bls12_381_g2_add;
    mul: bls12_381_g1_mul, bls12_381_g2_mul;
    of_compressed_unchecked:
        bls12_381_g1_of_compressed_unchecked, bls12_381_g2_of_compressed_unchecked;
    to_compressed: bls12_381_g1_to_compressed, bls12_381_g2_to_compressed;
    to_affine: bls12_381_g1_to_affine, bls12_381_g2_to_affine;
    is_in_subgroup: bls12_381_g1_is_in_subgroup, bls12_381_g2_is_in_subgroup;
    batch_normalize: bls12_381_g1_batch_normalize, bls12_381_g2_batch_normalize;
    msm_vartime: bls12_381_g1_msm_vartime, bls12_381_g2_msm_vartime;
    msm_compressed_vartime: bls12_381_g1_msm_compressed_vartime, bls12_381_g2_msm_compressed_vartime;
    batch_to_affine: bls12_381_g1_batch_to_affine, bls12_381_g2_batch_to_affine;
    msm: bls12_381_g1_msm, bls12_381_g2_msm;
    msm_compressed: bls12_381_g1_msm_compressed, bls12_381_g2_msm_compressed;
}

msm_tests!(g1, g1f, G1_SIZE, G1_AFFINE_SIZE, G1_COMPRESSED_BYTES);
msm_tests!(g2, g2f, G2_SIZE, G2_AFFINE_SIZE, G2_COMPRESSED_BYTES);

#[test]
fn r_is_r() {
    // R_LE is r: r + 5 times the generator is 5 times it.
    let mut g = [0u8; G1_SIZE];
    unsafe { bls12_381_g1_one(g.as_mut_ptr()) };
    let mut a = [0u8; G1_SIZE];
    let mut b = [0u8; G1_SIZE];
    let r5 = r_plus(5);
    unsafe {
        bls12_381_g1_mul(a.as_mut_ptr(), g.as_ptr(), r5.as_ptr(), 32);
        bls12_381_g1_mul(b.as_mut_ptr(), g.as_ptr(), [5u8].as_ptr(), 1);
        assert_eq!(bls12_381_g1_eq(a.as_ptr(), b.as_ptr()), 1);
        bls12_381_g1_mul(a.as_mut_ptr(), g.as_ptr(), R_LE.as_ptr(), 32);
        assert_eq!(bls12_381_g1_is_zero(a.as_ptr()), 1);
    }
}
