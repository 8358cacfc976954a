//! The FFT over Fr and over G1 / G2 (`bls12_381_core::fft`), against the
//! definitions: naive O(n^2) evaluation at the domain's points (Horner),
//! the inverse formula, schoolbook polynomial products, sums of scalar
//! multiplications, and a num-bigint computation of the root of unity.
//! `cargo test -p bls12-381-core --test fft`; the suite also runs with
//! `BLS12_381_BACKEND=portable` (make test-rust).

use bls12_381_core::fft::{bit_reverse_permute, root_of_unity, Domain};
use bls12_381_core::{Error, Fr, G1Projective, G2Projective};
use num_bigint::BigUint;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

fn random_vec(rng: &mut ChaCha20Rng, n: usize) -> Vec<Fr> {
    (0..n).map(|_| Fr::random(&mut *rng)).collect()
}

/// a(x) by Horner.
fn eval(coeffs: &[Fr], x: &Fr) -> Fr {
    coeffs.iter().rev().fold(Fr::ZERO, |acc, c| acc * *x + *c)
}

/// x^e by repeated multiplication (no shared code with the domain).
fn pow(x: &Fr, e: u64) -> Fr {
    (0..e).fold(Fr::ONE, |acc, _| acc * *x)
}

/// The values a(shift w^i), i < n, by Horner at each point.
fn naive_eval(coeffs: &[Fr], w: &Fr, shift: &Fr) -> Vec<Fr> {
    let mut x = *shift;
    let mut out = Vec::with_capacity(coeffs.len());
    for _ in 0..coeffs.len() {
        out.push(eval(coeffs, &x));
        x *= *w;
    }
    out
}

/// The inverse by its formula: a_j = (1/n) sum_i v_i (shift w^i)^(-j).
fn naive_interp(values: &[Fr], w: &Fr, shift: &Fr) -> Vec<Fr> {
    let n = values.len();
    let n_inv = Fr::from_u64(n as u64).invert_vartime().unwrap();
    let mut out = vec![Fr::ZERO; n];
    let mut x = *shift;
    for v in values {
        let x_inv = x.invert_vartime().unwrap();
        let mut p = Fr::ONE;
        for o in out.iter_mut() {
            *o += *v * p;
            p *= x_inv;
        }
        x *= *w;
    }
    out.iter().map(|o| *o * n_inv).collect()
}

fn brv(i: usize, n: usize) -> usize {
    if n == 1 {
        0
    } else {
        i.reverse_bits() >> (usize::BITS - n.trailing_zeros())
    }
}

fn fr_of(x: &BigUint) -> Fr {
    let mut b = x.to_bytes_le();
    b.resize(32, 0);
    Fr::from_bytes(&b.try_into().unwrap()).unwrap()
}

fn modulus() -> BigUint {
    let mut b = Vec::new();
    for l in Fr::MODULUS {
        b.extend_from_slice(&l.to_le_bytes());
    }
    BigUint::from_bytes_le(&b)
}

#[test]
fn generator_is_the_standard_root() {
    // 7^((r-1)/2^32) mod r by num-bigint, squared down to each order.
    let r = modulus();
    let t = (&r - 1u32) >> 32u32;
    let g = BigUint::from(7u32).modpow(&t, &r);
    for k in [32u32, 31, 20, 16, 3, 1, 0] {
        let e = BigUint::from(1u64) << (32 - k);
        let w = g.modpow(&e, &r);
        let d = Domain::new(1usize << k).unwrap();
        assert_eq!(d.generator(), fr_of(&w), "k = {k}");
        assert_eq!(d.size(), 1usize << k);
        assert_eq!(d.log_size(), k);
    }
    // Order exactly 2^32: the 2^31-th power is -1.
    let w = Domain::new(1 << 32).unwrap().generator();
    let mut x = w;
    for _ in 0..31 {
        x = x.square();
    }
    assert_eq!(x, -Fr::ONE);
    assert_eq!(Domain::new(1).unwrap().generator(), Fr::ONE);
    assert_eq!(Domain::new(2).unwrap().generator(), -Fr::ONE);
}

#[test]
fn root_of_unity_of_each_order() {
    // 7^((r-1)/2^k) mod r by num-bigint (7 generates Fr*, and 2^k divides
    // r - 1 for k <= 32), the generator of the standard domain of 2^k
    // points, and order exactly 2^k.
    let r = modulus();
    for k in 0..=32u32 {
        let w = root_of_unity(k).unwrap();
        let e = (&r - 1u32) >> k;
        assert_eq!(w, fr_of(&BigUint::from(7u32).modpow(&e, &r)), "k = {k}");
        assert_eq!(w, Domain::new(1usize << k).unwrap().generator(), "k = {k}");
        let mut x = w;
        for _ in 1..k {
            x = x.square();
        }
        // x = w^(2^(k-1)) for k >= 1: -1, so w^(2^k) = 1 and the order is 2^k.
        assert_eq!(x, if k == 0 { Fr::ONE } else { -Fr::ONE }, "k = {k}");
    }
    for (k, size) in [(33u32, 1u64 << 33), (63, 1 << 63), (64, u64::MAX), (u32::MAX, u64::MAX)] {
        assert_eq!(root_of_unity(k).unwrap_err(), Error::InvalidDomainSize { size }, "k = {k}");
    }
}

#[test]
fn elements_are_the_powers() {
    for k in 0..=6 {
        let d = Domain::new(1 << k).unwrap();
        let w = d.generator();
        let e = d.elements();
        assert_eq!(e.len(), 1 << k);
        for (i, x) in e.iter().enumerate() {
            assert_eq!(*x, pow(&w, i as u64));
        }
    }
}

/// The transform of n = 2^k random coefficients against Horner at every
/// point, its inverse on the result and on random values against the
/// inverse formula: the plain forms when `shift` is none, else the coset
/// forms.
fn check_naive(r: &mut ChaCha20Rng, k: u32, shift: Option<Fr>) {
    let n = 1usize << k;
    let d = Domain::new(n).unwrap();
    let w = d.generator();
    let coeffs = random_vec(r, n);
    let vals = random_vec(r, n);
    let s = shift.unwrap_or(Fr::ONE);
    let fwd = |v: &mut Vec<Fr>| match shift {
        Some(s) => d.coset_fft(v, &s).unwrap(),
        None => d.fft(v).unwrap(),
    };
    let inv = |v: &mut Vec<Fr>| match shift {
        Some(s) => d.coset_ifft(v, &s).unwrap(),
        None => d.ifft(v).unwrap(),
    };
    let expect = naive_eval(&coeffs, &w, &s);
    let mut v = coeffs.clone();
    fwd(&mut v);
    assert_eq!(v, expect, "forward n = {n}, shift {shift:?}");
    inv(&mut v);
    assert_eq!(v, coeffs, "inverse of forward n = {n}, shift {shift:?}");
    let mut v = vals.clone();
    inv(&mut v);
    assert_eq!(v, naive_interp(&vals, &w, &s), "inverse formula n = {n}, shift {shift:?}");
    if shift.is_none() {
        let mut v = coeffs.clone();
        d.fft_dif(&mut v).unwrap();
        for i in 0..n {
            assert_eq!(v[brv(i, n)], expect[i], "fft_dif n = {n}, i = {i}");
        }
        let mut v: Vec<Fr> = (0..n).map(|i| expect[brv(i, n)]).collect();
        d.ifft_dit(&mut v).unwrap();
        assert_eq!(v, coeffs, "ifft_dit n = {n}");
    }
}

#[test]
fn fft_matches_naive_evaluation() {
    let mut r = rng(1);
    for k in 0..=8 {
        check_naive(&mut r, k, None);
    }
}

#[test]
fn coset_fft_matches_naive_evaluation() {
    let mut r = rng(2);
    for k in 0..=8 {
        let shift = Fr::random(&mut r);
        check_naive(&mut r, k, Some(shift));
        // The multiplicative generator 7, the usual coset shift.
        check_naive(&mut r, k, Some(Fr::from_u64(7)));
    }
}

#[test]
fn round_trips_on_larger_sizes() {
    // Sizes with passes over the whole array above the cache blocks, with
    // an even and an odd number of levels: a few outputs by Horner, the
    // rest by the round trip.
    let mut r = rng(3);
    for k in [10u32, 11, 12, 13, 14, 15] {
        let n = 1usize << k;
        let d = Domain::new(n).unwrap();
        let w = d.generator();
        let coeffs = random_vec(&mut r, n);
        let shift = Fr::random(&mut r);
        let mut v = coeffs.clone();
        d.fft(&mut v).unwrap();
        let mut c = coeffs.clone();
        d.coset_fft(&mut c, &shift).unwrap();
        for i in [0, 1, 2, n / 2 - 1, n / 2, n / 2 + 3, n - 1] {
            let x = pow(&w, i as u64);
            assert_eq!(v[i], eval(&coeffs, &x), "fft n = 2^{k}, i = {i}");
            assert_eq!(c[i], eval(&coeffs, &(shift * x)), "coset_fft n = 2^{k}, i = {i}");
        }
        d.ifft(&mut v).unwrap();
        assert_eq!(v, coeffs, "ifft(fft) n = 2^{k}");
        d.coset_ifft(&mut c, &shift).unwrap();
        assert_eq!(c, coeffs, "coset round trip n = 2^{k}");
        let mut v = coeffs.clone();
        d.fft_dif(&mut v).unwrap();
        d.ifft_dit(&mut v).unwrap();
        assert_eq!(v, coeffs, "ifft_dit(fft_dif) n = 2^{k}");
    }
}

/// `back` of the pointwise product of `fwd(a)` and `fwd(b)`: the product of
/// the polynomials a and b mod X^n - 1 when `back` inverts `fwd`.
fn by_transforms(a: &[Fr], b: &[Fr], fwd: impl Fn(&mut Vec<Fr>), back: impl Fn(&mut Vec<Fr>)) -> Vec<Fr> {
    let (mut fa, mut fb) = (a.to_vec(), b.to_vec());
    fwd(&mut fa);
    fwd(&mut fb);
    let mut p: Vec<Fr> = fa.iter().zip(&fb).map(|(x, y)| *x * *y).collect();
    back(&mut p);
    p
}

#[test]
fn convolution_theorem() {
    let mut r = rng(4);
    for k in 1..=7 {
        let n = 1usize << k;
        let d = Domain::new(n).unwrap();
        // Degrees below n / 2: the product has degree below n - 1, no wrap.
        let mut a = random_vec(&mut r, n / 2);
        let mut b = random_vec(&mut r, n / 2);
        let mut product = vec![Fr::ZERO; n];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                product[i + j] += *x * *y;
            }
        }
        a.resize(n, Fr::ZERO);
        b.resize(n, Fr::ZERO);

        let p = by_transforms(&a, &b, |v| d.fft(v).unwrap(), |v| d.ifft(v).unwrap());
        assert_eq!(p, product, "natural order, n = {n}");

        // Without permutations: bit-reversed pointwise products.
        let p = by_transforms(&a, &b, |v| d.fft_dif(v).unwrap(), |v| d.ifft_dit(v).unwrap());
        assert_eq!(p, product, "dif / dit, n = {n}");

        // On a coset.
        let shift = Fr::random(&mut r);
        let p = by_transforms(&a, &b, |v| d.coset_fft(v, &shift).unwrap(), |v| d.coset_ifft(v, &shift).unwrap());
        assert_eq!(p, product, "coset, n = {n}");
    }
    // A full-length cyclic convolution: the product mod X^n - 1.
    let n = 64;
    let d = Domain::new(n).unwrap();
    let a = random_vec(&mut r, n);
    let b = random_vec(&mut r, n);
    let mut cyclic = vec![Fr::ZERO; n];
    for i in 0..n {
        for j in 0..n {
            cyclic[(i + j) % n] += a[i] * b[j];
        }
    }
    let p = by_transforms(&a, &b, |v| d.fft(v).unwrap(), |v| d.ifft(v).unwrap());
    assert_eq!(p, cyclic);
}

#[test]
fn other_primitive_roots() {
    let mut r = rng(5);
    for k in 1..=7 {
        let n = 1usize << k;
        let w = Domain::new(n).unwrap().generator();
        // Odd powers of a primitive root are primitive roots.
        for e in [3u64, 5, (n as u64).saturating_sub(1).max(1)] {
            let g = pow(&w, e);
            let d = Domain::with_generator(n, g).unwrap();
            assert_eq!(d.generator(), g);
            let coeffs = random_vec(&mut r, n);
            let mut v = coeffs.clone();
            d.fft(&mut v).unwrap();
            assert_eq!(v, naive_eval(&coeffs, &g, &Fr::ONE), "n = {n}, w^{e}");
            d.ifft(&mut v).unwrap();
            assert_eq!(v, coeffs);
            let shift = Fr::random(&mut r);
            let mut v = coeffs.clone();
            d.coset_fft(&mut v, &shift).unwrap();
            assert_eq!(v, naive_eval(&coeffs, &g, &shift), "coset n = {n}, w^{e}");
            assert_eq!(d.elements(), (0..n as u64).map(|i| pow(&g, i)).collect::<Vec<_>>());
        }
        // Roots of the wrong order: w^2 (order n/2), 1, and for n >= 4 a
        // root of order 2n (its square is w).
        assert_eq!(Domain::with_generator(n, w.square()).unwrap_err(), Error::NotPrimitiveRoot);
        assert_eq!(Domain::with_generator(n, Fr::ONE).unwrap_err(), Error::NotPrimitiveRoot);
        let w2n = Domain::new(2 * n).unwrap().generator();
        assert_eq!(Domain::with_generator(n, w2n).unwrap_err(), Error::NotPrimitiveRoot);
        assert_eq!(Domain::with_generator(n, Fr::ZERO).unwrap_err(), Error::NotPrimitiveRoot);
        assert_eq!(Domain::with_generator(n, Fr::from_u64(7)).unwrap_err(), Error::NotPrimitiveRoot);
    }
    assert!(Domain::with_generator(1, Fr::ONE).is_ok());
    assert_eq!(Domain::with_generator(1, -Fr::ONE).unwrap_err(), Error::NotPrimitiveRoot);
    assert!(Domain::with_generator(2, -Fr::ONE).is_ok());
    // The largest domain.
    let g = Domain::new(1 << 32).unwrap().generator();
    assert!(Domain::with_generator(1 << 32, g).is_ok());
    assert_eq!(Domain::with_generator(1 << 32, g.square()).unwrap_err(), Error::NotPrimitiveRoot);
}

#[test]
fn domains_are_shared_between_threads() {
    fn send_sync<T: Send + Sync + Clone + core::fmt::Debug>() {}
    send_sync::<Domain>();
    // A clone shares the twiddle tables, built once whichever goes first.
    let d = Domain::new(1 << 13).unwrap();
    let e = d.clone();
    let mut r = rng(11);
    let x = random_vec(&mut r, 1 << 13);
    let (mut a, mut b) = (x.clone(), x.clone());
    std::thread::scope(|s| {
        s.spawn(|| d.fft(&mut a).unwrap());
        s.spawn(|| e.fft_with_threads(&mut b, 1).unwrap());
    });
    assert!(a == b);
    assert_eq!(a[3], eval(&x, &pow(&d.generator(), 3)));
    assert!(format!("{d:?}").contains("size: 8192"));

    // First transforms of one domain from inside rayon's pool, many at
    // once (the tables' first build must not wait on itself).
    use rayon::prelude::*;
    let d = Domain::new(1 << 14).unwrap();
    let x = random_vec(&mut r, 1 << 14);
    let mut one = x.clone();
    d.fft_with_threads(&mut one, 1).unwrap();
    let d = Domain::new(1 << 14).unwrap();
    let outs: Vec<Vec<Fr>> = (0..8)
        .into_par_iter()
        .map(|_| {
            let mut v = x.clone();
            d.fft(&mut v).unwrap();
            v
        })
        .collect();
    assert!(outs.iter().all(|v| *v == one));
}

#[test]
fn invalid_sizes() {
    for size in [0usize, 3, 5, 6, 12, 1000, (1 << 32) + 1, 1 << 33, usize::MAX] {
        assert_eq!(Domain::new(size).unwrap_err(), Error::InvalidDomainSize { size: size as u64 }, "{size}");
        assert_eq!(Domain::with_generator(size, Fr::ONE).unwrap_err(), Error::InvalidDomainSize { size: size as u64 });
    }
    assert!(Domain::new(1 << 32).is_ok());
}

#[test]
fn length_mismatch_and_zero_shift() {
    let d = Domain::new(8).unwrap();
    let err = |len: usize| Error::DomainLengthMismatch { domain: 8, values: len as u64 };
    let one = Fr::ONE;
    for len in [0usize, 1, 4, 7, 9, 16] {
        let mut v = vec![Fr::ONE; len];
        assert_eq!(d.fft(&mut v).unwrap_err(), err(len));
        assert_eq!(d.ifft(&mut v).unwrap_err(), err(len));
        assert_eq!(d.coset_fft(&mut v, &one).unwrap_err(), err(len));
        assert_eq!(d.coset_ifft(&mut v, &one).unwrap_err(), err(len));
        assert_eq!(d.fft_dif(&mut v).unwrap_err(), err(len));
        assert_eq!(d.ifft_dit(&mut v).unwrap_err(), err(len));
        for t in [0, 1, 2] {
            assert_eq!(d.fft_with_threads(&mut v, t).unwrap_err(), err(len));
            assert_eq!(d.ifft_with_threads(&mut v, t).unwrap_err(), err(len));
            assert_eq!(d.coset_fft_with_threads(&mut v, &one, t).unwrap_err(), err(len));
            assert_eq!(d.coset_ifft_with_threads(&mut v, &one, t).unwrap_err(), err(len));
        }
        assert!(v.iter().all(|x| *x == Fr::ONE), "untouched on error");
        let mut p = vec![G1Projective::generator(); len];
        assert_eq!(d.fft_g1_vartime(&mut p).unwrap_err(), err(len));
        assert_eq!(d.ifft_g1_vartime(&mut p).unwrap_err(), err(len));
        assert_eq!(d.fft_g1_vartime_with_threads(&mut p, 2).unwrap_err(), err(len));
        let mut q = vec![G2Projective::generator(); len];
        assert_eq!(d.fft_g2_vartime(&mut q).unwrap_err(), err(len));
        assert_eq!(d.ifft_g2_vartime(&mut q).unwrap_err(), err(len));
        assert_eq!(d.ifft_g2_vartime_with_threads(&mut q, 0).unwrap_err(), err(len));
    }
    let mut v = vec![Fr::ONE; 8];
    assert_eq!(d.coset_fft(&mut v, &Fr::ZERO).unwrap_err(), Error::NotInvertible);
    assert_eq!(d.coset_ifft(&mut v, &Fr::ZERO).unwrap_err(), Error::NotInvertible);
    assert_eq!(d.coset_fft_with_threads(&mut v, &Fr::ZERO, 2).unwrap_err(), Error::NotInvertible);
    assert_eq!(d.coset_ifft_with_threads(&mut v, &Fr::ZERO, 0).unwrap_err(), Error::NotInvertible);
    assert!(v.iter().all(|x| *x == Fr::ONE));
}

#[test]
fn thread_counts_agree() {
    let mut r = rng(6);
    for k in [12u32, 13, 16] {
        let n = 1usize << k;
        let d = Domain::new(n).unwrap();
        let coeffs = random_vec(&mut r, n);
        let shift = Fr::random(&mut r);
        type Op = fn(&Domain, &mut [Fr], &Fr, usize);
        let ops: [(&str, Op); 4] = [
            ("fft", |d, v, _, t| d.fft_with_threads(v, t).unwrap()),
            ("ifft", |d, v, _, t| d.ifft_with_threads(v, t).unwrap()),
            ("coset_fft", |d, v, s, t| d.coset_fft_with_threads(v, s, t).unwrap()),
            ("coset_ifft", |d, v, s, t| d.coset_ifft_with_threads(v, s, t).unwrap()),
        ];
        for (name, op) in ops {
            let mut base = coeffs.clone();
            op(&d, &mut base, &shift, 1);
            for t in [2, 0, 3] {
                let mut v = coeffs.clone();
                op(&d, &mut v, &shift, t);
                assert!(v == base, "{name} n = 2^{k}: threads {t} differ from 1");
            }
            let mut v = coeffs.clone();
            match name {
                "fft" => d.fft(&mut v).unwrap(),
                "ifft" => d.ifft(&mut v).unwrap(),
                "coset_fft" => d.coset_fft(&mut v, &shift).unwrap(),
                _ => d.coset_ifft(&mut v, &shift).unwrap(),
            }
            assert!(v == base, "{name} n = 2^{k}: default threads differ");
        }
        // One output checked by Horner, so that the shared result is right.
        let mut v = coeffs.clone();
        d.fft_with_threads(&mut v, 3).unwrap();
        let x = pow(&d.generator(), 5);
        assert_eq!(v[5], eval(&coeffs, &x));
    }
}

#[test]
fn bit_reverse_permute_definition() {
    for k in 0..=13 {
        let n = 1usize << k;
        let mut v: Vec<usize> = (0..n).collect();
        bit_reverse_permute(&mut v);
        for (i, x) in v.iter().enumerate() {
            assert_eq!(*x, brv(i, n));
        }
    }
}

/// sum_j [shift w^i)^j] p_j for each i, by constant-time multiplications.
fn naive_points<P: Copy>(pts: &[P], w: &Fr, zero: P, mul: impl Fn(&P, &Fr) -> P, add: impl Fn(&P, &P) -> P) -> Vec<P> {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let x = pow(w, i as u64);
            let mut acc = zero;
            let mut xj = Fr::ONE;
            for p in pts {
                acc = add(&acc, &mul(p, &xj));
                xj *= x;
            }
            acc
        })
        .collect()
}

/// The point transforms of one group against [`naive_points`] for
/// n = 1 .. 2^kmax, on 1, 2 or 3 and all threads: forward, round trip, the
/// inverse's formula, and inputs with the identity and a repeated point.
macro_rules! point_suite {
    ($name:ident, $P:ty, $fft:ident, $ifft:ident, $kmax:literal, $threads:expr, $seed:literal) => {
        #[test]
        fn $name() {
            let mut r = rng($seed);
            let (zero, mul, add) = (<$P>::identity(), |p: &$P, s: &Fr| p.mul(s), |a: &$P, b: &$P| a.add(b));
            for k in 0..=$kmax {
                let n = 1usize << k;
                let d = Domain::new(n).unwrap();
                let w = d.generator();
                let pts: Vec<$P> = (0..n).map(|_| <$P>::random(&mut r)).collect();
                let expect = naive_points(&pts, &w, zero, mul, add);
                for t in $threads {
                    let mut v = pts.clone();
                    d.$fft(&mut v, t).unwrap();
                    assert_eq!(v, expect, "fft n = {n}, threads {t}");
                    d.$ifft(&mut v, t).unwrap();
                    assert_eq!(v, pts, "ifft n = {n}, threads {t}");
                }
                // The inverse against its formula.
                let w_inv = w.invert_vartime().unwrap();
                let n_inv = Fr::from_u64(n as u64).invert_vartime().unwrap();
                let inv = naive_points(&pts, &w_inv, zero, |p, s| p.mul(&(*s * n_inv)), add);
                let mut v = pts.clone();
                d.$ifft(&mut v, 0).unwrap();
                assert_eq!(v, inv, "ifft formula n = {n}");
                // The identity and a repeated point among the values.
                let mut special = pts.clone();
                special[0] = zero;
                if n > 2 {
                    special[2] = special[1];
                }
                let mut v = special.clone();
                d.$fft(&mut v, 1).unwrap();
                assert_eq!(v, naive_points(&special, &w, zero, mul, add), "special n = {n}");
            }
        }
    };
}

point_suite!(
    g1_transforms_match_naive,
    G1Projective,
    fft_g1_vartime_with_threads,
    ifft_g1_vartime_with_threads,
    5,
    [1, 2, 0],
    7
);
point_suite!(
    g2_transforms_match_naive,
    G2Projective,
    fft_g2_vartime_with_threads,
    ifft_g2_vartime_with_threads,
    4,
    [1, 3, 0],
    8
);

#[test]
fn plain_point_forms_match_threaded() {
    // The forms without a thread count against the one-thread results.
    let mut r = rng(10);
    let d = Domain::new(16).unwrap();
    // On 16 random points of `$point`: `$fft` against `$fft_threads` with
    // one thread, and `$ifft` back.
    macro_rules! check {
        ($point:ty, $fft:ident, $fft_threads:ident, $ifft:ident) => {
            let p: Vec<$point> = (0..16).map(|_| <$point>::random(&mut r)).collect();
            let (mut a, mut b) = (p.clone(), p.clone());
            d.$fft(&mut a).unwrap();
            d.$fft_threads(&mut b, 1).unwrap();
            assert_eq!(a, b);
            d.$ifft(&mut a).unwrap();
            assert_eq!(a, p);
        };
    }
    check!(G1Projective, fft_g1_vartime, fft_g1_vartime_with_threads, ifft_g1_vartime);
    check!(G2Projective, fft_g2_vartime, fft_g2_vartime_with_threads, ifft_g2_vartime);
}

#[test]
fn point_transforms_agree_with_the_field_transform() {
    // [fft(s)_i] G = fft([s_j] G)_i: the point transform of multiples of
    // the generator, at a size with many levels.
    let mut r = rng(9);
    let n = 128;
    let d = Domain::new(n).unwrap();
    let s = random_vec(&mut r, n);
    let g = G1Projective::generator();
    let mut pts: Vec<G1Projective> = s.iter().map(|x| g.mul(x)).collect();
    let mut fs = s.clone();
    d.fft(&mut fs).unwrap();
    d.fft_g1_vartime(&mut pts).unwrap();
    for (p, x) in pts.iter().zip(&fs) {
        assert_eq!(*p, g.mul(x));
    }
    d.ifft_g1_vartime(&mut pts).unwrap();
    for (p, x) in pts.iter().zip(&s) {
        assert_eq!(*p, g.mul(x));
    }
}

/// sum_j [x^j] p_j for each point x of `xs`, by constant-time
/// multiplications and powers by repeated products.
fn naive_points_at<P: Copy>(
    pts: &[P],
    xs: &[Fr],
    zero: P,
    mul: impl Fn(&P, &Fr) -> P,
    add: impl Fn(&P, &P) -> P,
) -> Vec<P> {
    xs.iter()
        .map(|x| {
            let mut acc = zero;
            let mut xj = Fr::ONE;
            for p in pts {
                acc = add(&acc, &mul(p, &xj));
                xj *= *x;
            }
            acc
        })
        .collect()
}

/// The coset point transforms of one group against [`naive_points_at`] on
/// the points shift w^i, for n = 1 .. 2^kmax and several thread counts; the
/// inverse back to the input and against its formula; the forms without a
/// thread count; the errors (zero shift, wrong length), input untouched.
macro_rules! coset_point_suite {
    ($name:ident, $P:ty, $fft:ident, $fft_t:ident, $ifft:ident, $ifft_t:ident, $kmax:literal, $seed:literal) => {
        #[test]
        fn $name() {
            let mut r = rng($seed);
            let (zero, mul, add) = (<$P>::identity(), |p: &$P, s: &Fr| p.mul(s), |a: &$P, b: &$P| a.add(b));
            for k in 0..=$kmax {
                let n = 1usize << k;
                let d = Domain::new(n).unwrap();
                let w = d.generator();
                let shift = Fr::random(&mut r);
                let xs: Vec<Fr> = (0..n).map(|i| shift * pow(&w, i as u64)).collect();
                let pts: Vec<$P> = (0..n).map(|_| <$P>::random(&mut r)).collect();
                let expect = naive_points_at(&pts, &xs, zero, mul, add);
                for t in [1, 2, 3, 0] {
                    let mut v = pts.clone();
                    d.$fft_t(&mut v, &shift, t).unwrap();
                    assert_eq!(v, expect, "coset fft n = {n}, threads {t}");
                    d.$ifft_t(&mut v, &shift, t).unwrap();
                    assert_eq!(v, pts, "coset ifft n = {n}, threads {t}");
                }
                // The inverse's formula: a_j = (1/n) sum_i [x_i^-j] v_i.
                let n_inv = Fr::from_u64(n as u64).invert_vartime().unwrap();
                let w_inv = w.invert_vartime().unwrap();
                let w_inv_powers: Vec<Fr> = (0..n).map(|j| pow(&w_inv, j as u64)).collect();
                let sums = naive_points_at(&pts, &w_inv_powers, zero, mul, add);
                let formula: Vec<$P> =
                    (0..n).map(|j| sums[j].mul(&(pow(&shift, j as u64).invert_vartime().unwrap() * n_inv))).collect();
                let mut v = pts.clone();
                d.$ifft(&mut v, &shift).unwrap();
                assert_eq!(v, formula, "coset ifft formula n = {n}");
                let mut v = pts.clone();
                d.$fft(&mut v, &shift).unwrap();
                assert_eq!(v, expect, "coset fft (default threads) n = {n}");
                // Errors leave the points as they were.
                let mut v = pts.clone();
                assert_eq!(d.$fft(&mut v, &Fr::ZERO).unwrap_err(), Error::NotInvertible);
                assert_eq!(d.$ifft_t(&mut v, &Fr::ZERO, 2).unwrap_err(), Error::NotInvertible);
                assert_eq!(v, pts);
                let mut longer = pts.clone();
                longer.push(zero);
                let err = Error::DomainLengthMismatch { domain: n as u64, values: n as u64 + 1 };
                assert_eq!(d.$fft_t(&mut longer, &shift, 1).unwrap_err(), err);
                assert_eq!(d.$ifft(&mut longer, &Fr::ZERO).unwrap_err(), err);
            }
        }
    };
}

coset_point_suite!(
    g1_coset_transforms_match_naive,
    G1Projective,
    coset_fft_g1_vartime,
    coset_fft_g1_vartime_with_threads,
    coset_ifft_g1_vartime,
    coset_ifft_g1_vartime_with_threads,
    4,
    11
);
coset_point_suite!(
    g2_coset_transforms_match_naive,
    G2Projective,
    coset_fft_g2_vartime,
    coset_fft_g2_vartime_with_threads,
    coset_ifft_g2_vartime,
    coset_ifft_g2_vartime_with_threads,
    3,
    12
);
