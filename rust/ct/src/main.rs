//! ct-check: the operations bls12-381-core documents as constant time, run
//! under valgrind memcheck with their secret inputs marked undefined.
//!
//! Memcheck tracks, bit by bit, which values derive from undefined memory.
//! It reports a conditional jump on such a value ("Conditional jump or move
//! depends on uninitialised value(s)") and a memory address computed from
//! one ("Use of uninitialised value of size N"); arithmetic, and selections
//! by masks or cmov, only propagate the undefinedness. So with the secrets
//! marked undefined, a run without reports is a run in which no branch and
//! no address depended on a secret: the property "constant time" means at
//! the level of control flow and memory access (instruction timings that
//! depend on operand values, e.g. division, are outside what this sees).
//! Outputs are marked defined again before anything looks at them (an
//! output that is revealed is, by then, public).
//!
//! Usage (under `valgrind --tool=memcheck`, see scripts/ct-check.sh):
//!   ct-check               every case; exit 1 if any reported
//!   ct-check --selftest    only the harness's own deliberate leaks; exit 0
//!                          iff every one of them was reported
//!   ct-check --list        the case names
//!   ct-check NAME...       the cases whose name contains one of the NAMEs
//!   --expect-backend=adx|portable   exit 2 unless that kernel is in use
//! BLS12_381_BACKEND=portable selects the portable kernel (read at run time).

mod valgrind;

use bls12_381_core::curve::{Affine, Curve, Jacobian, G1, G2};
use bls12_381_core::fft::Domain;
use bls12_381_core::hash_to_curve::hash_to_field;
use bls12_381_core::sig::{Aug, Basic, MinPk, MinSig, Pop, Scheme, SecretKey};
use bls12_381_core::{
    final_exponentiation, miller_loop, pairing, Fp, Fp12, Fp2, Fp6, Fr, G1Affine, G1Projective, G2Affine, G2Projective,
    Gt,
};
use std::hint::black_box;

// ---------------------------------------------------------------------------
// Marking secrets and revealing results.

/// `v` with every byte of its representation marked undefined (secret).
#[inline(never)]
fn secret<T>(mut v: T) -> T {
    valgrind::make_undefined(&mut v as *mut T as *const u8, core::mem::size_of::<T>());
    black_box(v)
}

/// Marks the bytes of `v` defined (the result is revealed) and keeps it
/// alive. Every case ends its operation here.
#[inline(never)]
fn reveal<T>(mut v: T) -> T {
    valgrind::make_defined(&mut v as *mut T as *const u8, core::mem::size_of::<T>());
    black_box(v)
}

fn sink<T>(v: T) {
    drop(black_box(reveal(v)));
}

/// A small deterministic generator (splitmix64): the secrets only need to
/// be varied, not unpredictable, and a fixed seed makes runs reproducible.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut b = [0u8; N];
        for chunk in b.chunks_mut(8) {
            let w = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&w[..chunk.len()]);
        }
        b
    }
}

// ---------------------------------------------------------------------------
// Inputs: public values, made before any case runs (none of their
// computation is checked), then marked secret inside the cases.

/// Random values per kind, after the edge values.
const RANDOM: usize = 3;

struct Inputs {
    /// 0, 1, r - 1, then random.
    fr: Vec<Fr>,
    /// 0, 1, p - 1, then random.
    fp: Vec<Fp>,
    /// 0, 1, -1, then random.
    fp2: Vec<Fp2>,
    fp6: Vec<Fp6>,
    /// 0, 1, then random (not in GT).
    fp12: Vec<Fp12>,
    /// Identity, generator, random multiples.
    g1: Vec<G1Projective>,
    g2: Vec<G2Projective>,
    /// Points on E1 / E2 outside the prime-order subgroup (map_to_curve
    /// images), for cofactor clearing.
    e1: Vec<G1Projective>,
    e2: Vec<G2Projective>,
    /// Identity, generator, random powers.
    gt: Vec<Gt>,
    /// Miller loop values of random pairs.
    ml: Vec<Fp12>,
}

impl Inputs {
    fn new(rng: &mut Rng) -> Inputs {
        let mut fr = vec![Fr::ZERO, Fr::ONE, Fr::ONE.neg()];
        fr.extend((0..RANDOM).map(|_| Fr::from_bytes_wide(&rng.bytes::<64>())));
        let mut fp = vec![Fp::ZERO, Fp::ONE, Fp::ONE.neg()];
        fp.extend((0..RANDOM).map(|_| Fp::from_bytes_wide(&rng.bytes::<64>())));
        let rand_fp2 = |rng: &mut Rng| Fp2 {
            c0: Fp::from_bytes_wide(&rng.bytes::<64>()),
            c1: Fp::from_bytes_wide(&rng.bytes::<64>()),
        };
        let mut fp2 = vec![Fp2::ZERO, Fp2::ONE, Fp2::ONE.neg()];
        fp2.extend((0..RANDOM).map(|_| rand_fp2(rng)));
        let mut fp6 = vec![Fp6::ZERO, Fp6::ONE];
        fp6.extend((0..RANDOM).map(|_| Fp6 { c0: rand_fp2(rng), c1: rand_fp2(rng), c2: rand_fp2(rng) }));
        let mut fp12 = vec![Fp12::ZERO, Fp12::ONE];
        fp12.extend((0..RANDOM).map(|_| Fp12::from_bytes_wide(&rng.bytes::<768>())));

        let mut g1 = vec![G1Projective::identity(), G1Projective::generator()];
        let mut g2 = vec![G2Projective::identity(), G2Projective::generator()];
        let mut gt = vec![Gt::identity(), Gt::generator()];
        for k in &fr[3..] {
            g1.push(G1Projective::generator().mul_vartime(k));
            g2.push(G2Projective::generator().mul_vartime(k));
            gt.push(Gt::generator().pow_vartime(k));
        }
        let e1 = (0..2).map(|_| G1Projective::map_to_curve(&Fp::from_bytes_wide(&rng.bytes::<64>()))).collect();
        let e2 = (0..2).map(|_| G2Projective::map_to_curve(&rand_fp2(rng))).collect();
        let ml = (1..3).map(|i| miller_loop(&[(g1[i + 1].to_affine(), g2[i + 2].to_affine())])).collect();
        Inputs { fr, fp, fp2, fp6, fp12, g1, g2, e1, e2, gt, ml }
    }
}

// ---------------------------------------------------------------------------
// The cases: one documented constant-time operation each (or a small group
// of operations of one kind), over edge and random secrets.

struct Case {
    name: &'static str,
    run: fn(&Inputs, &mut Rng),
}

/// Every ordered pair of values from `v`, both marked secret.
fn pairs<T: Copy>(v: &[T], mut f: impl FnMut(T, T)) {
    for &a in v {
        for &b in v {
            f(secret(a), secret(b));
        }
    }
}

fn each<T: Copy>(v: &[T], mut f: impl FnMut(T)) {
    for &a in v {
        f(secret(a));
    }
}

const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_";

// The group cases G1 and G2 share, generic over the curve.

fn add_double_neg_eq<C: Curve>(v: &[Jacobian<C>]) {
    pairs(v, |a, b| sink((a.add(&b), a.double(), a.neg(), subtle_eq(&a, &b))))
}

/// The affine operand is converted in the open, then marked secret.
fn add_affine<C: Curve>(v: &[Jacobian<C>]) {
    pairs(v, |a, b| sink(a.add_affine(&reveal(b).to_affine().pipe(secret))))
}

fn mul_secret_scalar<C: Curve>(fr: &[Fr]) {
    each(fr, |k| sink(Jacobian::<C>::generator().mul(&k)))
}

fn mul_secret_point_and_scalar<C: Curve>(v: &[Jacobian<C>], fr: &[Fr]) {
    for (n, &p) in v.iter().enumerate() {
        sink(secret(p).mul(&secret(fr[n % fr.len()])));
    }
}

/// Secret 32-byte scalars, and with `wide` 64-byte ones after each.
fn mul_bytes<C: Curve>(rng: &mut Rng, wide: bool) {
    for _ in 0..2 {
        sink(Jacobian::<C>::generator().mul_bytes(&secret(rng.bytes::<32>())));
        if wide {
            sink(Jacobian::<C>::generator().mul_bytes(&secret(rng.bytes::<64>())));
        }
    }
}

/// Hashing and encoding secret messages (lengths public), then mapping the
/// secret field elements `us` to the curve.
fn hash_encode_map<P, U: Copy>(
    rng: &mut Rng,
    us: &[U],
    hash: fn(&[u8], &[u8]) -> P,
    encode: fn(&[u8], &[u8]) -> P,
    map: fn(&U) -> P,
) {
    for len in [1usize, 32, 100] {
        let msg = secret_vec((0..len).map(|_| rng.next_u64() as u8).collect());
        sink(hash(&msg, DST));
        sink(encode(&msg, DST));
    }
    each(us, |u| sink(map(&u)));
}

fn point_predicates<C: Curve>(v: &[Jacobian<C>]) {
    each(v, |p| sink((p.is_on_curve(), p.is_torsion_free(), p.is_identity())))
}

/// The checked decoders of both encodings, on secret encodings of the
/// points (encoded in the open).
fn decode_secret_encodings<C: Curve>(v: &[Jacobian<C>]) {
    each(v, |p| sink(Affine::<C>::from_compressed(secret(reveal(p).to_affine().to_compressed()).as_ref()).is_ok()));
    each(v, |p| sink(Affine::<C>::from_uncompressed(secret(reveal(p).to_affine().to_uncompressed()).as_ref()).is_ok()));
}

static FIELD_CASES: &[Case] = &[
    // --- Fr ---
    Case {
        name: "fr/add-sub-neg-double",
        run: |i, _| pairs(&i.fr, |a, b| sink((a.add(&b), a.sub(&b), a.neg(), a.double()))),
    },
    Case { name: "fr/mul-square", run: |i, _| pairs(&i.fr, |a, b| sink((a.mul(&b), a.square()))) },
    Case { name: "fr/eq-is_zero", run: |i, _| pairs(&i.fr, |a, b| sink((subtle_eq(&a, &b), a.is_zero()))) },
    Case { name: "fr/invert", run: |i, _| each(&i.fr, |a| sink(a.invert())) },
    Case { name: "fr/pow-secret-base-and-exponent", run: |i, _| pairs(&i.fr, |a, e| sink(a.pow(&e.to_limbs()))) },
    Case { name: "fr/sqrt", run: |i, _| each(&i.fr, |a| sink(a.square().sqrt())) },
    Case { name: "fr/legendre", run: |i, _| each(&i.fr, |a| sink(a.legendre())) },
    Case {
        name: "fr-fp/to_bytes-from_bytes",
        run: |i, _| {
            each(&i.fr, |a| sink(a.to_bytes()));
            // A secret canonical encoding: the only data-dependent branch
            // is the canonicity verdict, public by the API (allowlisted as
            // `decoder-canonicity-verdict-fr`, `-fp` in ct/memcheck.supp).
            each(&i.fr, |a| sink(fr_from_bytes_secret(&secret(reveal(a).to_bytes()))));
            each(&i.fp, |a| sink(fp_from_bytes_secret(&secret(reveal(a).to_bytes()))));
        },
    },
    Case {
        name: "fr/from_bytes_wide-from_le_bytes_reduced",
        run: |_, rng| {
            for _ in 0..3 {
                sink(Fr::from_bytes_wide(&secret(rng.bytes::<64>())));
                sink(Fr::from_le_bytes_reduced(&secret(rng.bytes::<32>())));
                sink(Fr::from_le_bytes_reduced(&secret(rng.bytes::<100>())));
            }
            sink(Fr::from_le_bytes_reduced(&secret([0xffu8; 64])));
        },
    },
    // --- Fp ---
    Case {
        name: "fp/add-sub-neg-double",
        run: |i, _| pairs(&i.fp, |a, b| sink((a.add(&b), a.sub(&b), a.neg(), a.double()))),
    },
    Case { name: "fp/mul-square", run: |i, _| pairs(&i.fp, |a, b| sink((a.mul(&b), a.square()))) },
    Case { name: "fp/invert", run: |i, _| each(&i.fp, |a| sink(a.invert())) },
    Case { name: "fp/pow-secret-base-and-exponent", run: |i, _| pairs(&i.fp, |a, e| sink(a.pow(&e.to_limbs()))) },
    Case { name: "fp/sqrt", run: |i, _| each(&i.fp, |a| sink((a.square().sqrt(), a.sqrt()))) },
    Case {
        name: "fp/legendre-sgn0-largest",
        run: |i, _| each(&i.fp, |a| sink((a.legendre(), a.sgn0(), a.lexicographically_largest()))),
    },
    Case {
        name: "fp/to_bytes-from_bytes_wide",
        run: |i, rng| {
            each(&i.fp, |a| sink(a.to_bytes()));
            for _ in 0..3 {
                sink(Fp::from_bytes_wide(&secret(rng.bytes::<64>())));
            }
        },
    },
    // --- tower ---
    Case {
        name: "fp2/add-sub-mul-square",
        run: |i, _| pairs(&i.fp2, |a, b| sink((a.add(&b), a.sub(&b), a.mul(&b), a.square()))),
    },
    Case { name: "fp2/invert", run: |i, _| each(&i.fp2, |a| sink(a.invert())) },
    Case { name: "fp2/sqrt", run: |i, _| each(&i.fp2, |a| sink((a.square().sqrt(), a.sqrt()))) },
    Case {
        name: "fp2/frobenius-conjugate-norm-sgn0",
        run: |i, _| each(&i.fp2, |a| sink((a.frobenius_map(1), a.conjugate(), a.norm(), a.sgn0()))),
    },
    Case {
        name: "fp2/legendre-pow",
        run: |i, _| each(&i.fp2, |a| sink((a.legendre(), a.is_square(), a.pow(&secret([5u64, 7]))))),
    },
    Case { name: "fp6/mul-square-invert", run: |i, _| pairs(&i.fp6, |a, b| sink((a.mul(&b), a.square(), a.invert()))) },
    Case { name: "fp6/pow-secret-exponent", run: |i, _| each(&i.fp6, |a| sink(a.pow(&secret([3u64, 9])))) },
    Case {
        name: "fp12/mul-square",
        run: |i, _| pairs(&i.fp12, |a, b| sink((a.mul(&b), a.square(), a.add(&b), a.sub(&b)))),
    },
    Case {
        name: "fp12/invert-frobenius-conjugate",
        run: |i, _| each(&i.fp12, |a| sink((a.invert(), a.frobenius_map(1), a.frobenius_map(2), a.conjugate()))),
    },
    Case {
        name: "fp12/pow-secret-exponent",
        run: |i, _| {
            for (k, &a) in i.fp12.iter().enumerate() {
                sink(secret(a).pow(&secret(i.fr[k % i.fr.len()].to_limbs())));
            }
        },
    },
    Case { name: "fp12/to_bytes", run: |i, _| each(&i.fp12, |a| sink(a.to_bytes())) },
];

/// The cases of one group ("g1" or "g2"): its points `i.$pts`, its points
/// outside the subgroup `i.$off`, `wide` adding 64-byte scalars to
/// `mul_bytes`, and the name and body of its encoding case.
macro_rules! group_cases {
    (
        $g:literal, $C:ty, $pts:ident, $off:ident, wide: $wide:expr,
        encode: $enc_name:literal => |$p:ident, $a:ident| $enc:expr
    ) => {
        [
            Case { name: concat!($g, "/add-double-neg-eq"), run: |i, _| add_double_neg_eq(&i.$pts) },
            Case { name: concat!($g, "/add_affine"), run: |i, _| add_affine(&i.$pts) },
            Case { name: concat!($g, "/mul-secret-scalar"), run: |i, _| mul_secret_scalar::<$C>(&i.fr) },
            Case {
                name: concat!($g, "/mul-secret-point-and-scalar"),
                run: |i, _| mul_secret_point_and_scalar(&i.$pts, &i.fr),
            },
            Case { name: concat!($g, "/mul_bytes"), run: |_, rng| mul_bytes::<$C>(rng, $wide) },
            Case {
                name: concat!($g, "/", $enc_name),
                run: |i, _| {
                    each(&i.$pts, |$p| {
                        let $a = $p.to_affine();
                        sink($enc)
                    })
                },
            },
            Case { name: concat!($g, "/is_on_curve-is_torsion_free"), run: |i, _| point_predicates(&i.$pts) },
            Case { name: concat!($g, "/clear_cofactor"), run: |i, _| each(&i.$off, |p| sink(p.clear_cofactor())) },
        ]
    };
}

static G1_CASES: [Case; 8] = group_cases!(
    "g1", G1, g1, e1, wide: true,
    encode: "to_affine-encode" => |p, a| (a, a.to_compressed(), a.to_uncompressed())
);

static G2_CASES: [Case; 8] = group_cases!(
    "g2", G2, g2, e2, wide: false,
    encode: "to_affine-encode-psi" => |p, a| (a, a.to_compressed(), a.to_uncompressed(), p.psi())
);

static OTHER_CASES: &[Case] = &[
    // --- FFT over Fr: secret values, public domain and coset shift ---
    Case {
        name: "fft/fr-transforms-secret-values",
        run: |i, _| {
            // 64 values: radix-4 passes, a radix-2 level, the bit reversal.
            let d = Domain::new(64).expect("a valid size");
            let shift = i.fr[4];
            let values = || -> Vec<Fr> { (0..64).map(|k| secret(i.fr[k % i.fr.len()])).collect() };
            type Op = fn(&Domain, &mut [Fr], &Fr) -> Result<(), bls12_381_core::Error>;
            let ops: [Op; 6] = [
                |d, v, _| d.fft_with_threads(v, 1),
                |d, v, _| d.ifft_with_threads(v, 1),
                |d, v, s| d.coset_fft_with_threads(v, s, 1),
                |d, v, s| d.coset_ifft_with_threads(v, s, 1),
                |d, v, _| d.fft_dif_with_threads(v, 1),
                |d, v, _| d.ifft_dit_with_threads(v, 1),
            ];
            for op in ops {
                let mut v = values();
                sink(op(&d, &mut v, &shift).is_ok());
                v.into_iter().for_each(sink);
            }
        },
    },
    // --- hash to curve of a secret message (lengths and DST public) ---
    Case {
        name: "h2c/hash_to_field",
        run: |_, rng| {
            for len in [0usize, 32, 100] {
                let msg: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
                let msg = secret_vec(msg);
                sink(hash_to_field::<Fp>(&msg, DST, 2).map(reveal).ok());
                sink(hash_to_field::<Fp2>(&msg, DST, 2).map(reveal).ok());
            }
        },
    },
    Case {
        name: "h2c/g1-hash-encode-map",
        run: |i, rng| {
            hash_encode_map(
                rng,
                &i.fp,
                G1Projective::hash_to_curve,
                G1Projective::encode_to_curve,
                G1Projective::map_to_curve,
            )
        },
    },
    Case {
        name: "h2c/g2-hash-encode-map",
        run: |i, rng| {
            hash_encode_map(
                rng,
                &i.fp2,
                G2Projective::hash_to_curve,
                G2Projective::encode_to_curve,
                G2Projective::map_to_curve,
            )
        },
    },
    // --- GT and the pairing ---
    Case {
        name: "gt/pow-secret-exponent",
        run: |i, _| {
            for (n, &k) in i.fr.iter().enumerate() {
                sink(i.gt[n % i.gt.len()].pow(&secret(k)));
            }
        },
    },
    Case {
        name: "gt/pow-secret-base-and-exponent",
        run: |i, _| {
            for (n, &g) in i.gt.iter().enumerate() {
                sink(secret(g).pow(&secret(i.fr[(n + 2) % i.fr.len()])));
            }
        },
    },
    Case {
        name: "gt/mul-square-invert-eq",
        run: |i, _| pairs(&i.gt, |a, b| sink((a.mul(&b), a.square(), a.invert(), a.is_identity(), subtle_eq(&a, &b)))),
    },
    Case {
        name: "gt/is_element-to_bytes",
        run: |i, _| {
            each(&i.gt, |g| sink((Gt::is_element(&g.to_fp12()), g.to_bytes())));
            each(&i.fp12, |f| sink(Gt::is_element(&f)));
        },
    },
    Case {
        name: "pairing/final_exponentiation",
        run: |i, _| {
            each(&i.ml, |f| sink(final_exponentiation(&f)));
            each(&i.fp12, |f| sink(final_exponentiation(&f)));
        },
    },
    Case {
        name: "pairing/miller_loop-secret-points",
        run: |i, _| {
            for n in 2..i.g1.len() {
                let p = secret(i.g1[n].to_affine());
                let q = secret(i.g2[(n + 1) % i.g2.len()].to_affine());
                if (n + 1) % i.g2.len() >= 2 {
                    sink(miller_loop(&[(p, q)]));
                }
            }
        },
    },
    // Point decoders of secret encodings: constant time but for the
    // verdict (`verdict` in curve/encoding.rs turns the flag, canonicity and
    // curve checks into the Result: public by the API; allowlisted as
    // `decoder-point-verdict-*`).
    Case { name: "g1/from_compressed-from_uncompressed", run: |i, _| decode_secret_encodings(&i.g1) },
    Case { name: "g2/from_compressed-from_uncompressed", run: |i, _| decode_secret_encodings(&i.g2) },
    Case {
        name: "g1-g2/batch_normalize",
        run: |i, _| {
            let g1: Vec<G1Projective> = i.g1.iter().map(|&p| secret(p)).collect();
            sink(G1Projective::batch_normalize(&g1).len());
            let g2: Vec<G2Projective> = i.g2.iter().map(|&p| secret(p)).collect();
            sink(G2Projective::batch_normalize(&g2).len());
        },
    },
    // --- BLS signatures: secret keys, key material and messages ---
    // (SecretKey::from_scalar's zero test and KeyGen's "while SK == 0" are
    // the API's verdict / a test failing with probability 2^-255:
    // allowlisted as `sig-secret-key-zero-verdict`.)
    Case {
        name: "sig/sk_to_pk-sign-pop_prove",
        run: |i, rng| {
            for &k in &i.fr[1..] {
                let Ok(sk) = sk_from_scalar_secret(secret(k)) else { continue };
                let msg = secret_vec((0..32).map(|_| rng.next_u64() as u8).collect());
                sink(sk.public_key::<MinPk>().to_bytes());
                sink(sk.public_key::<MinSig>().to_bytes());
                sink(Pop::sign::<MinPk>(&sk, &msg).to_bytes());
                sink(Basic::sign::<MinSig>(&sk, &msg).to_bytes());
                sink(Aug::sign::<MinPk>(&sk, &msg).to_bytes());
                sink(Pop::pop_prove::<MinSig>(&sk).to_bytes());
            }
        },
    },
    Case {
        name: "sig/secret-key-encodings",
        run: |i, _| {
            // Both byte orders of keys in [1, r), and of 0 and r - 1 (the
            // edge values of i.fr), decoded and encoded again.
            for &k in &i.fr {
                let le = secret(k.to_bytes());
                let mut be = le;
                be.reverse();
                if let Ok(sk) = sk_from_bytes_le_secret(&le) {
                    sink(sk.to_bytes());
                    sink(sk.to_bytes_le());
                }
                if let Ok(sk) = sk_from_bytes_secret(&secret(be)) {
                    sink(sk.to_bytes_le());
                }
            }
        },
    },
    Case {
        name: "sig/key_gen",
        run: |_, rng| {
            for len in [32usize, 48] {
                let ikm = secret_vec((0..len).map(|_| rng.next_u64() as u8).collect());
                sink(sk_key_gen_secret(&ikm).map(|k| k.to_bytes()).ok());
            }
        },
    },
    Case {
        name: "pairing/pairing-secret-points",
        run: |i, _| {
            for n in 2..i.g1.len() {
                let p: G1Affine = secret(i.g1[n].to_affine());
                let q: G2Affine = secret(i.g2[n].to_affine());
                sink(pairing(&p, &q));
            }
        },
    },
];

/// `a == b`: PartialEq of every type here is `ct_eq` (constant time)
/// followed by `bool::from(Choice)`, a read of the verdict without a branch;
/// the verdict is revealed by the caller's `sink`.
fn subtle_eq<T: PartialEq>(a: &T, b: &T) -> bool {
    black_box(a == b)
}

/// `Fr::from_bytes` in a frame of its own, which the allowlist entry for
/// the canonicity verdict names (so that it covers this call and no other).
#[inline(never)]
fn fr_from_bytes_secret(b: &[u8; 32]) -> Result<Fr, bls12_381_core::Error> {
    Fr::from_bytes(b)
}

/// `SecretKey::from_scalar` in a frame of its own (the zero verdict's
/// allowlist entry names it).
#[inline(never)]
fn sk_from_scalar_secret(k: Fr) -> Result<SecretKey, bls12_381_core::Error> {
    SecretKey::from_scalar(k)
}

/// `SecretKey::from_bytes_le` in a frame of its own (its canonicity and
/// zero verdicts' allowlist entries name it).
#[inline(never)]
fn sk_from_bytes_le_secret(b: &[u8; 32]) -> Result<SecretKey, bls12_381_core::Error> {
    SecretKey::from_bytes_le(b)
}

/// `SecretKey::from_bytes` (big-endian), as [`sk_from_bytes_le_secret`].
#[inline(never)]
fn sk_from_bytes_secret(b: &[u8; 32]) -> Result<SecretKey, bls12_381_core::Error> {
    SecretKey::from_bytes(b)
}

/// `SecretKey::key_gen` with empty key_info, in a frame of its own (its
/// loop test's allowlist entry names it).
#[inline(never)]
fn sk_key_gen_secret(ikm: &[u8]) -> Result<SecretKey, bls12_381_core::Error> {
    SecretKey::key_gen(ikm, b"")
}

/// `Fp::from_bytes`, as [`fr_from_bytes_secret`].
#[inline(never)]
fn fp_from_bytes_secret(b: &[u8; 48]) -> Result<Fp, bls12_381_core::Error> {
    Fp::from_bytes(b)
}

/// `msg` with its bytes marked secret (its length stays public).
fn secret_vec(msg: Vec<u8>) -> Vec<u8> {
    valgrind::make_undefined(msg.as_ptr(), msg.len());
    black_box(msg)
}

trait Pipe: Sized {
    fn pipe<R>(self, f: impl FnOnce(Self) -> R) -> R {
        f(self)
    }
}
impl<T> Pipe for T {}

// ---------------------------------------------------------------------------
// The harness's self-test: deliberate leaks that memcheck must report, so
// the check cannot pass because the marking stopped working (a changed
// request code, an optimiser that dropped the marking, no valgrind).

#[inline(never)]
fn taken() {
    black_box(());
}

static SELFTESTS: &[Case] = &[
    Case {
        name: "selftest/branch-on-secret-bit",
        run: |i, _| {
            // A call cannot be turned into a conditional move: a real jump.
            each(&i.fr, |k| {
                if k.to_bytes()[0] & 1 == 1 {
                    taken();
                }
            })
        },
    },
    Case {
        name: "selftest/secret-table-index",
        run: |_, rng| {
            let table: [u64; 16] = core::array::from_fn(|n| n as u64);
            let table = black_box(table);
            let s = secret(rng.bytes::<1>());
            sink(table[(s[0] & 15) as usize]);
        },
    },
    Case {
        name: "selftest/branch-in-library-input",
        run: |i, _| {
            // A secret branched on by the library: Fp::invert_vartime tests
            // for zero and runs a data-dependent gcd (documented variable time).
            each(&i.fp, |a| sink(a.invert_vartime()));
        },
    },
];

/// Every case, in order: fields, G1, G2, then the rest.
fn cases() -> impl Iterator<Item = &'static Case> {
    FIELD_CASES.iter().chain(&G1_CASES).chain(&G2_CASES).chain(OTHER_CASES)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        for c in cases().chain(SELFTESTS) {
            println!("{}", c.name);
        }
        return;
    }
    if !valgrind::running_on_valgrind() {
        eprintln!(
            "ct-check: not running under valgrind (run scripts/ct-check.sh, or valgrind --tool=memcheck ct-check)"
        );
        std::process::exit(2);
    }
    let selftest = args.iter().any(|a| a == "--selftest");
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let cases: Vec<&Case> = if selftest { SELFTESTS.iter().collect() } else { cases().collect() };
    let cases: Vec<&Case> = cases
        .into_iter()
        .filter(|c| filters.is_empty() || filters.iter().any(|f| c.name.contains(f.as_str())))
        .collect();

    let backend = bls12_381_core::arith::backend();
    if let Some(want) = args.iter().find_map(|a| a.strip_prefix("--expect-backend=")) {
        // The kernel is chosen from CPUID, which valgrind synthesises: make
        // sure the run checks the kernel it is meant to.
        if !format!("{backend:?}").eq_ignore_ascii_case(want) {
            eprintln!("ct-check: backend {backend:?} selected, {want} expected");
            std::process::exit(2);
        }
    }
    let mut rng = Rng(0x5eed_c0de_0123_4567);
    let inputs = Inputs::new(&mut rng);
    println!("ct-check: backend {backend:?}, {} cases", cases.len());
    let before_all = valgrind::count_errors();
    let mut failed = Vec::new();
    for c in &cases {
        let before = valgrind::count_errors();
        (c.run)(&inputs, &mut rng);
        let n = valgrind::count_errors() - before;
        println!("  {:<44} {}", c.name, if n == 0 { "ok".to_string() } else { format!("{n} report(s)") });
        // In a self-test every case must be reported; otherwise none may be.
        if (n == 0) == selftest {
            failed.push(c.name);
        }
    }
    let total = valgrind::count_errors() - before_all;
    if selftest {
        if failed.is_empty() {
            println!("ct-check selftest: all {} deliberate leaks reported ({total} reports)", cases.len());
        } else {
            println!("ct-check selftest: FAILED: not reported: {}", failed.join(", "));
            std::process::exit(1);
        }
    } else if failed.is_empty() {
        println!("ct-check: no secret-dependent branch or address in {} cases", cases.len());
    } else {
        println!("ct-check: FAILED: {total} reports in {}", failed.join(", "));
        std::process::exit(1);
    }
}
