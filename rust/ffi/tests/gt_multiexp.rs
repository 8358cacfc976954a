//! The GT multi-exponentiation through the C ABI
//! (`bls12_381_gt_multiexp_vartime`, `_with_threads`) against the core's
//! product of individual constant-time `pow`s: sizes on both sides of the
//! core's cutoff for individual powers, edge exponents (0, 1, r - 1, r,
//! r + 1, 2^256 - 1) and bases (one, repeated, inverse pairs), every thread
//! count, unaligned buffers, an output aliasing a base, and the error codes.

mod common;
use bls12_381_core::{Fr, Gt};
use bls12_381_ffi::*;
use common::Rng;

const INVALID_LENGTH: i32 = 1;
const NULL_POINTER: i32 = 10;

/// r, little-endian.
const R_LE: [u8; 32] = [
    0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0x02, 0xa4, 0xbd, 0x53, 0x05, 0xd8, 0xa1,
    0x09, 0x08, 0xd8, 0x39, 0x33, 0x48, 0x7d, 0x9d, 0x29, 0x53, 0xa7, 0xed, 0x73,
];

/// r + k, little-endian, for k in -1..=1.
fn r_plus(k: i8) -> [u8; 32] {
    let mut s = R_LE;
    s[0] = (i16::from(s[0]) + i16::from(k)) as u8;
    s
}

/// The edge exponents: 0, 1, r - 1, r, r + 1, 2^256 - 1.
fn edge_exps() -> Vec<[u8; 32]> {
    let mut one = [0u8; 32];
    one[0] = 1;
    vec![[0u8; 32], one, r_plus(-1), r_plus(0), r_plus(1), [0xff; 32]]
}

impl Rng {
    /// 32 uniform bytes (mostly >= r), or an edge exponent one time in four.
    fn exp(&mut self) -> [u8; 32] {
        if self.next().is_multiple_of(4) {
            let e = edge_exps();
            return e[(self.next() % e.len() as u64) as usize];
        }
        let mut s = [0u8; 32];
        for c in s.chunks_mut(8) {
            c.copy_from_slice(&self.next().to_le_bytes());
        }
        s
    }

    /// The generator to a random power.
    fn gt(&mut self) -> Gt {
        Gt::generator().pow(&Fr::from_u64(self.next()).mul(&Fr::from_u64(self.next())))
    }
}

/// The in-memory form of `g`, as a C caller gets it: through the decoder.
fn form(g: &Gt) -> [u8; 576] {
    let enc = g.to_bytes();
    let mut out = [0u8; 576];
    assert_eq!(unsafe { bls12_381_gt_of_bytes(out.as_mut_ptr(), enc.as_ptr(), enc.len()) }, OK);
    out
}

/// The encoding of the in-memory form `a`.
fn encoding(a: &[u8]) -> [u8; 576] {
    let mut out = [0u8; 576];
    unsafe { bls12_381_gt_to_bytes(out.as_mut_ptr(), a.as_ptr()) };
    out
}

/// The core's `prod_i bases[i]^exps[i]`, one constant-time `pow` a term.
fn naive(bases: &[Gt], exps: &[[u8; 32]]) -> Gt {
    bases.iter().zip(exps).fold(Gt::identity(), |acc, (b, e)| acc.mul(&b.pow(&Fr::from_le_bytes_reduced(e))))
}

/// The bases end to end at offset 1 of their buffer (misaligned for the
/// limbs), and the exponents likewise: (bases buffer, exponents buffer).
fn arrays(bases: &[Gt], exps: &[[u8; 32]]) -> (Vec<u8>, Vec<u8>) {
    let mut b = vec![0xa5u8];
    for g in bases {
        b.extend_from_slice(&form(g));
    }
    let mut e = vec![0xa5u8];
    for x in exps {
        e.extend_from_slice(x);
    }
    (b, e)
}

/// Both exports, with `threads` for the second: the encodings of their
/// results, each checked `OK`.
fn both(bases: &[Gt], exps: &[[u8; 32]], threads: usize) -> [[u8; 576]; 2] {
    let n = bases.len();
    let (b, e) = arrays(bases, exps);
    let mut out = [0u8; 577];
    let o = out[1..].as_mut_ptr();
    let c = unsafe { bls12_381_gt_multiexp_vartime(o, b[1..].as_ptr(), e[1..].as_ptr(), n) };
    assert_eq!(c, OK, "{n} terms");
    let r0 = encoding(&out[1..]);
    let c = unsafe { bls12_381_gt_multiexp_vartime_with_threads(o, b[1..].as_ptr(), e[1..].as_ptr(), n, threads) };
    assert_eq!(c, OK, "{n} terms, threads {threads}");
    [r0, encoding(&out[1..])]
}

#[test]
fn against_the_product_of_pows() {
    let mut rng = Rng(0x67_74_6d_65);
    for n in [0usize, 1, 2, 3, 6, 7, 8, 9, 33] {
        let bases: Vec<Gt> = (0..n).map(|_| rng.gt()).collect();
        let exps: Vec<[u8; 32]> = (0..n).map(|_| rng.exp()).collect();
        let want = naive(&bases, &exps).to_bytes();
        for threads in [0usize, 1, 2, 3, usize::MAX] {
            for got in both(&bases, &exps, threads) {
                assert!(got == want, "{n} terms, threads {threads}");
            }
        }
    }
}

#[test]
fn edge_exponents_and_bases() {
    let mut rng = Rng(0x65_64_67_65);
    let g = rng.gt();
    let h = rng.gt();
    // Every edge exponent on each of 12 bases: one, repeated, an inverse
    // pair, random.
    let bases = [Gt::identity(), g, g, g.invert(), h, h.invert(), g, Gt::generator(), h, g, g, h];
    for e in edge_exps() {
        let exps = vec![e; bases.len()];
        let want = naive(&bases, &exps).to_bytes();
        for threads in [0usize, 1, 2] {
            for got in both(&bases, &exps, threads) {
                assert!(got == want, "exponent {e:02x?}, threads {threads}");
            }
        }
    }
    // Inverse pairs with equal exponents cancel; identity bases add nothing.
    let mut bases = Vec::new();
    let mut exps = Vec::new();
    for _ in 0..10 {
        let (x, e) = (rng.gt(), rng.exp());
        bases.extend([x, x.invert(), Gt::identity()]);
        exps.extend([e, e, rng.exp()]);
    }
    for got in both(&bases, &exps, 0) {
        assert!(got == Gt::identity().to_bytes());
    }
}

#[test]
fn output_aliasing_a_base() {
    let mut rng = Rng(0x61_6c_69_61);
    let bases: Vec<Gt> = (0..9).map(|_| rng.gt()).collect();
    let exps: Vec<[u8; 32]> = (0..9).map(|_| rng.exp()).collect();
    let (mut b, e) = arrays(&bases, &exps);
    let want = naive(&bases, &exps).to_bytes();
    let p = b[1..].as_mut_ptr();
    let c = unsafe { bls12_381_gt_multiexp_vartime_with_threads(p, p, e[1..].as_ptr(), 9, 1) };
    assert_eq!(c, OK);
    assert!(encoding(&b[1..577]) == want);
}

#[test]
fn no_term_gives_one() {
    let mut out = [0x5au8; 576];
    assert_eq!(unsafe { bls12_381_gt_multiexp_vartime(out.as_mut_ptr(), core::ptr::null(), core::ptr::null(), 0) }, OK);
    assert_eq!(unsafe { bls12_381_gt_is_identity(out.as_ptr()) }, 1);
    let mut out = [0x5au8; 576];
    let c = unsafe {
        bls12_381_gt_multiexp_vartime_with_threads(out.as_mut_ptr(), core::ptr::null(), core::ptr::null(), 0, 3)
    };
    assert_eq!(c, OK);
    assert_eq!(unsafe { bls12_381_gt_is_identity(out.as_ptr()) }, 1);
}

#[test]
fn error_codes_leave_out_untouched() {
    use core::ptr::{null, null_mut};
    let b = form(&Gt::generator());
    let e = [7u8; 32];
    let mut out = [0x5au8; 576];
    let o = out.as_mut_ptr();
    let calls: [(&str, i32, i32); 6] = unsafe {
        [
            ("out NULL", bls12_381_gt_multiexp_vartime(null_mut(), b.as_ptr(), e.as_ptr(), 1), NULL_POINTER),
            ("out NULL, no term", bls12_381_gt_multiexp_vartime(null_mut(), null(), null(), 0), NULL_POINTER),
            ("bases NULL", bls12_381_gt_multiexp_vartime(o, null(), e.as_ptr(), 1), NULL_POINTER),
            ("exps NULL", bls12_381_gt_multiexp_vartime_with_threads(o, b.as_ptr(), null(), 1, 1), NULL_POINTER),
            (
                "bases beyond isize::MAX bytes",
                bls12_381_gt_multiexp_vartime(o, b.as_ptr(), e.as_ptr(), isize::MAX as usize / GT_SIZE + 1),
                INVALID_LENGTH,
            ),
            (
                "n = usize::MAX",
                bls12_381_gt_multiexp_vartime_with_threads(o, b.as_ptr(), e.as_ptr(), usize::MAX, 0),
                INVALID_LENGTH,
            ),
        ]
    };
    for (what, got, want) in calls {
        assert_eq!(got, want, "{what}");
    }
    assert!(out.iter().all(|&x| x == 0x5a), "out written on error");
}
