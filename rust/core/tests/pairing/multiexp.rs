//! GT multi-exponentiation (`msm::gt` and `Gt::multiexp_vartime`, on the torus, and
//! `Gt::multiexp_no_torus_vartime`, over Fp12) against the product of the
//! individual constant-time powers (`Gt::pow`, a different algorithm: fixed
//! windows over the full exponent), on edge bases and exponents, for sizes
//! around the window and chunk boundaries and several thread counts. The
//! suites run again with the portable kernels forced (`make test-rust`).

use bls12_381_core::{Error, Fr, Gt};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn naive(bases: &[Gt], exps: &[Fr]) -> Gt {
    bases.iter().zip(exps).fold(Gt::identity(), |acc, (b, e)| acc.mul(&b.pow(e)))
}

/// `n` bases and exponents: random ones mixed with the edge cases (the
/// identity, repeated bases, a base next to its inverse; exponents 0, 1,
/// r - 1, 2, r - 2).
fn inputs(n: usize, rng: &mut ChaCha20Rng) -> (Vec<Gt>, Vec<Fr>) {
    let edge_exps = [Fr::ZERO, Fr::ONE, Fr::ONE.neg(), Fr::from_u64(2), Fr::from_u64(2).neg()];
    let mut bases = Vec::with_capacity(n);
    let mut exps = Vec::with_capacity(n);
    for i in 0..n {
        let b = match i % 5 {
            0 if i > 0 => bases[i - 1],
            1 if i > 0 => Gt::invert(&bases[i - 1]),
            2 => Gt::identity(),
            _ => Gt::random(rng),
        };
        bases.push(b);
        exps.push(if i % 3 == 0 { edge_exps[(i / 3) % edge_exps.len()] } else { Fr::random(rng) });
    }
    (bases, exps)
}

#[test]
fn matches_the_product_of_powers() {
    let mut rng = ChaCha20Rng::seed_from_u64(17);
    for n in [0usize, 1, 2, 3, 7, 8, 9, 31, 32, 33, 128, 256, 1000] {
        let (bases, exps) = inputs(n, &mut rng);
        let want = naive(&bases, &exps);
        for threads in [1, 2, 0] {
            let got = Gt::multiexp_vartime_with_threads(&bases, &exps, threads).unwrap();
            assert_eq!(got, want, "torus, n {n}, threads {threads}");
            let got = Gt::multiexp_no_torus_vartime(&bases, &exps, threads).unwrap();
            assert_eq!(got, want, "plain, n {n}, threads {threads}");
        }
        assert_eq!(Gt::multiexp_vartime(&bases, &exps).unwrap(), want, "n {n}");
    }
}

/// The public home of the operation, `msm::gt`, against the product of
/// constant-time powers, with `Fr` and byte exponents (each exponent's
/// 32-byte encoding plus r, so the bytes need reducing), and its length
/// error.
#[test]
fn through_the_msm_gt_module() {
    use bls12_381_core::msm::gt;
    let mut rng = ChaCha20Rng::seed_from_u64(20);
    let r_minus_1 = Fr::ONE.neg().to_bytes();
    let r = BigUint::from_bytes_le(&r_minus_1) + 1u32;
    for n in [0usize, 1, 5, 40] {
        let (bases, exps) = inputs(n, &mut rng);
        let want = naive(&bases, &exps);
        assert_eq!(gt::multiexp_vartime(&bases, &exps).unwrap(), want, "n {n}");
        for threads in [1, 3] {
            assert_eq!(gt::multiexp_vartime_with_threads(&bases, &exps, threads).unwrap(), want, "n {n}");
        }
        let shifted: Vec<Vec<u8>> =
            exps.iter().map(|e| (BigUint::from_bytes_le(&e.to_bytes()) + &r).to_bytes_le()).collect();
        let refs: Vec<&[u8]> = shifted.iter().map(|v| v.as_slice()).collect();
        assert_eq!(gt::multiexp_vartime_le_bytes(&bases, &refs).unwrap(), want, "bytes, n {n}");
    }
    let g = Gt::generator();
    assert_eq!(gt::multiexp_vartime(&[g], &[]), Err(Error::ExponentCountMismatch { bases: 1, exponents: 0 }));
    assert_eq!(
        gt::multiexp_vartime_le_bytes(&[], &[&[1u8][..]]),
        Err(Error::ExponentCountMismatch { bases: 0, exponents: 1 })
    );
}

#[test]
fn large_inputs_and_thread_counts() {
    let mut rng = ChaCha20Rng::seed_from_u64(18);
    let (bases, exps) = inputs(256, &mut rng);
    let want = naive(&bases, &exps);
    for threads in [1, 2, 3, 1000] {
        assert_eq!(Gt::multiexp_vartime_with_threads(&bases, &exps, threads).unwrap(), want, "threads {threads}");
        assert_eq!(Gt::multiexp_no_torus_vartime(&bases, &exps, threads).unwrap(), want, "threads {threads}");
    }
}

#[test]
fn edge_cases() {
    let g = Gt::generator();
    assert_eq!(Gt::multiexp_vartime(&[], &[]).unwrap(), Gt::identity());
    // g^(r-1) g = one; g^a (g^-1)^a = one; all-zero exponents.
    assert_eq!(Gt::multiexp_vartime(&[g, g], &[Fr::ONE.neg(), Fr::ONE]).unwrap(), Gt::identity());
    let a = Fr::from_u64(0xdead_beef);
    assert_eq!(Gt::multiexp_vartime(&[g, g.invert()], &[a, a]).unwrap(), Gt::identity());
    assert_eq!(Gt::multiexp_vartime(&[g; 5], &[Fr::ZERO; 5]).unwrap(), Gt::identity());
    assert_eq!(Gt::multiexp_vartime(&[g; 4], &[Fr::ONE; 4]).unwrap(), g.pow(&Fr::from_u64(4)));
    // Past the small-input cutoff, on both paths: only identities, only
    // zero exponents, bases cancelling their inverses.
    let ones = [Fr::ONE; 12];
    let mut pairs = Vec::new();
    for i in 0..6u64 {
        let b = g.pow(&Fr::from_u64(i + 3));
        pairs.extend([b, b.invert()]);
    }
    for threads in [1, 2] {
        for f in [Gt::multiexp_vartime_with_threads, Gt::multiexp_no_torus_vartime] {
            assert_eq!(f(&[Gt::identity(); 12], &ones, threads).unwrap(), Gt::identity());
            assert_eq!(f(&[g; 12], &[Fr::ZERO; 12], threads).unwrap(), Gt::identity());
            assert_eq!(f(&pairs, &ones, threads).unwrap(), Gt::identity());
            assert_eq!(f(&[g; 12], &ones, threads).unwrap(), g.pow(&Fr::from_u64(12)));
        }
    }
}

/// Many bases in few buckets (one exponent shared by many): the lane
/// path's deferred products, extra bucket slots and their merging.
#[test]
fn crowded_buckets() {
    let mut rng = ChaCha20Rng::seed_from_u64(77);
    let (bases, _) = inputs(200, &mut rng);
    let big = Fr::from_u64(1 << 40).mul(&Fr::from_u64(1 << 30)).add(&Fr::from_u64(3));
    for set in [vec![Fr::ONE], vec![Fr::ONE, Fr::ONE.neg(), Fr::from_u64(5)], vec![big, Fr::from_u64(2)]] {
        let exps: Vec<Fr> = (0..bases.len()).map(|i| set[i % set.len()]).collect();
        let want = naive(&bases, &exps);
        for threads in [1, 2] {
            assert_eq!(Gt::multiexp_vartime_with_threads(&bases, &exps, threads).unwrap(), want, "threads {threads}");
        }
    }
}

#[test]
fn length_mismatch() {
    let g = Gt::generator();
    assert_eq!(Gt::multiexp_vartime(&[g, g], &[Fr::ONE]), Err(Error::ExponentCountMismatch { bases: 2, exponents: 1 }));
    assert_eq!(
        Gt::multiexp_vartime_with_threads(&[], &[Fr::ONE], 2),
        Err(Error::ExponentCountMismatch { bases: 0, exponents: 1 })
    );
    let e = Error::ExponentCountMismatch { bases: 2, exponents: 1 };
    assert_eq!(e.code(), 9, "the C ABI's LENGTH_MISMATCH");
    assert_eq!(e.to_string(), "length mismatch: 2 bases but 1 exponents");
}

#[test]
fn byte_exponents_are_reduced_mod_r() {
    let mut rng = ChaCha20Rng::seed_from_u64(19);
    let bases: Vec<Gt> = (0..11).map(|_| Gt::random(&mut rng)).collect();
    // r, r + 1, 2^255, 2^256 - 1, 2^256 (33 bytes), the empty string,
    // three random 40-byte strings, r - 1 and 1.
    let r_minus_1 = Fr::ONE.neg().to_bytes();
    let r = add_small(&r_minus_1, 1);
    let r_plus_1 = add_small(&r_minus_1, 2);
    let mut two_255 = [0u8; 32];
    two_255[31] = 0x80;
    let mut two_256 = [0u8; 33];
    two_256[32] = 1;
    let randoms: Vec<[u8; 40]> = (0..3).map(|_| core::array::from_fn(|_| rand::Rng::gen(&mut rng))).collect();
    let exps: Vec<&[u8]> = vec![
        &r,
        &r_plus_1,
        &two_255,
        &[0xff; 32],
        &two_256,
        &[],
        &randoms[0],
        &randoms[1],
        &randoms[2],
        &r_minus_1,
        &[1],
    ];
    // The residues by big-integer arithmetic, not by the code under test.
    let r_big = BigUint::from_bytes_le(&r);
    let reduced: Vec<Fr> = exps
        .iter()
        .map(|e| {
            let mut bytes = (BigUint::from_bytes_le(e) % &r_big).to_bytes_le();
            bytes.resize(32, 0);
            Fr::from_bytes(&bytes.try_into().unwrap()).unwrap()
        })
        .collect();
    assert_eq!(reduced[0], Fr::ZERO);
    assert_eq!(reduced[1], Fr::ONE);
    let want = naive(&bases, &reduced);
    assert_eq!(Gt::multiexp_vartime_le_bytes(&bases, &exps).unwrap(), want);
    assert_eq!(
        Gt::multiexp_vartime_le_bytes(&bases, &exps[..3]),
        Err(Error::ExponentCountMismatch { bases: 11, exponents: 3 })
    );
}

/// The case every face computes on the same inputs (rust/ffi's
/// `tests/gt_multiexp.rs` through the C ABI, OCaml's `test_gt_multiexp.ml`
/// through `GT.pippenger_bytes`): nine bases `g^(i + 1)` of the generator
/// `g`, exponent `i` of `CROSS_LENGTHS[i]` bytes, byte `j` being
/// `(73 i + 29 j + 7) mod 256`, but for the last two: 2^256 - 1 (32 bytes
/// 0xff) and r. The answer, `CROSS_ANSWER`, is checked here against the
/// product of constant-time powers with exponents reduced by BigUint.
const CROSS_LENGTHS: [usize; 9] = [0, 1, 31, 32, 33, 40, 64, 32, 32];

fn cross_exponents() -> Vec<Vec<u8>> {
    let r = (BigUint::from_bytes_le(&Fr::ONE.neg().to_bytes()) + 1u32).to_bytes_le();
    (0..9)
        .map(|i| match i {
            7 => vec![0xff; 32],
            8 => r.clone(),
            _ => (0..CROSS_LENGTHS[i]).map(|j| ((73 * i + 29 * j + 7) % 256) as u8).collect(),
        })
        .collect()
}

/// `to_bytes` of the product, as hex (576 bytes).
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
fn the_case_shared_with_c_and_ocaml() {
    let g = Gt::generator();
    let bases: Vec<Gt> = (1..=9).map(|k| g.pow(&Fr::from_u64(k))).collect();
    let exps = cross_exponents();
    assert_eq!(exps.iter().map(Vec::len).collect::<Vec<_>>(), CROSS_LENGTHS);
    let refs: Vec<&[u8]> = exps.iter().map(Vec::as_slice).collect();
    let r_big = BigUint::from_bytes_le(&Fr::ONE.neg().to_bytes()) + 1u32;
    let reduced: Vec<Fr> = exps
        .iter()
        .map(|e| {
            let mut b = (BigUint::from_bytes_le(e) % &r_big).to_bytes_le();
            b.resize(32, 0);
            Fr::from_bytes(&b.try_into().unwrap()).unwrap()
        })
        .collect();
    let want = naive(&bases, &reduced);
    let got = bls12_381_core::msm::gt::multiexp_vartime_le_bytes(&bases, &refs).unwrap();
    assert_eq!(got, want);
    assert_eq!(hex::encode(got.to_bytes()), CROSS_ANSWER);
}

/// `x + k` for a 32-byte little-endian `x` (no overflow out of 256 bits).
fn add_small(x: &[u8; 32], k: u8) -> [u8; 32] {
    let mut out = *x;
    let mut carry = k as u16;
    for b in out.iter_mut() {
        let v = *b as u16 + carry;
        *b = v as u8;
        carry = v >> 8;
    }
    out
}
