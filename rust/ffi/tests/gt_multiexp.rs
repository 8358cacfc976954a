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

/// The case every face computes (rust/core's `tests/pairing/multiexp.rs`,
/// `the_case_shared_with_c_and_ocaml`, where the answer is checked against
/// the product of powers; OCaml's `test_gt_multiexp.ml`): bases `g^(i + 1)`
/// for i < 9, made here by `bls12_381_gt_generator` and `bls12_381_gt_pow`;
/// exponent i of `[0, 1, 31, 32, 33, 40, 64, 32, 32][i]` bytes, byte j
/// `(73 i + 29 j + 7) mod 256`, then 2^256 - 1 and r. The C ABI takes 32
/// bytes an exponent: the 40- and 64-byte ones are reduced mod r first (by
/// the core), the shorter ones zero-extended.
const CROSS_ANSWER: &str = concat!(
    "888e0b95724195ec2c7a1b643a74faece184795a8abb803e7dffcb349116a590e150f01041c14789f39790327e865210",
    "03f64f0bbfe45987f7111e702a8bad05340dfe43a9e8e40e3fbe51e96f5e64f50445f98a783e69ce246f59423258900f",
    "3cc137eace0235d76334565a4cb05e42c2e9eb50416ec0087c431de188cb11fe019f27b96173f49f201a75b9a6bedb15",
    "734585aaa4b41fdbf8f781c18a7359eafbf0dd68d70200ca88876075e6e6cd20ee40bbfe36c941abdd000925d1f0dd00",
    "7c22a64d4cb8f1fbdac19d39f1cd07a667d14227aa6a5823a78d2ea88b1c24c096ddd9db3b26250ad0361e27f8fd0f12",
    "a5c77ff35f8753a5615ec8f600965e4f458cb0b363f93331637dc20677b8648a784c9dab3f3e37be5659ed95c92d2613",
    "6b5a4c709b21593b3cf6b10a3b81153a1bbbd742e8a58cc251ffb7904d874b5e5b0fd40ba2a958f55b9dd4fbe1af6c0c",
    "3b04f8c87d52be81605dcf8526b10333eac1f9d1ec350447be1f2253bda93720cee67c0bf5ac505d1f11929d0442c00d",
    "32c67a71951d26277460e8117d653153887da90ebc6b0be4920472a2c6bc34fe53b6a84ede62329e60691479ed8fc106",
    "dbe579867530532ad70771de1aef96fed9a145482dcc4c59e70f81a5669965441dcfc70e5d4829013e2c16442f250505",
    "dc191c9f3433e02bbbefcbb56e46db5b06e27aca739e885b800c5c4b13da95772d469e3e3d36ef9315411e61ea8fc70c",
    "30d9428f659dbfea315dac91b2e6760292696ecd56db7a423d947816a67873f7e78df22e62bb8c5228dec0e8a9c7960e",
);

#[test]
fn the_case_shared_with_rust_and_ocaml() {
    let lengths = [0usize, 1, 31, 32, 33, 40, 64, 32, 32];
    let mut r = R_LE.to_vec();
    let exps: Vec<[u8; 32]> = (0..9)
        .map(|i| {
            let e: Vec<u8> = match i {
                7 => vec![0xff; 32],
                8 => core::mem::take(&mut r),
                _ => (0..lengths[i]).map(|j| ((73 * i + 29 * j + 7) % 256) as u8).collect(),
            };
            if e.len() > 32 {
                Fr::from_le_bytes_reduced(&e).to_bytes()
            } else {
                let mut x = [0u8; 32];
                x[..e.len()].copy_from_slice(&e);
                x
            }
        })
        .collect();
    let mut g = [0u8; 576];
    unsafe { bls12_381_gt_generator(g.as_mut_ptr()) };
    let mut bases = Vec::with_capacity(9 * 576);
    for k in 1u8..=9 {
        let mut b = [0u8; 576];
        unsafe { bls12_381_gt_pow(b.as_mut_ptr(), g.as_ptr(), [k].as_ptr(), 1) };
        bases.extend_from_slice(&b);
    }
    let flat: Vec<u8> = exps.concat();
    let mut out = [0u8; 576];
    for threads in [0usize, 1, 3] {
        let c = unsafe {
            bls12_381_gt_multiexp_vartime_with_threads(out.as_mut_ptr(), bases.as_ptr(), flat.as_ptr(), 9, threads)
        };
        assert_eq!(c, OK);
        let hex: String = encoding(&out).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, CROSS_ANSWER, "threads {threads}");
    }
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
