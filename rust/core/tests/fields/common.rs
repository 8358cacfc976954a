//! Helpers shared by the integration tests: reproducible randomness, edge
//! values, and conversions between our field types, `num-bigint` integers and
//! blst's raw types.
//!
//! Conversions go through canonical bytes only (never through in-memory
//! limbs), so the tests do not depend on either library's internal form.
//! Nothing here looks at which Montgomery kernel is active: the same suite is
//! run once per kernel (`BLS12_381_BACKEND=portable` forces the portable one).
#![allow(dead_code)]

use bls12_381_core::{Fp, Fp12, Fp2, Fp6, Fr};
use blst::{blst_fp, blst_fp12, blst_fp2, blst_fp6, blst_fr, blst_scalar};
use num_bigint::BigUint;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::sync::OnceLock;

/// Random cases per operation (at least 10 000 in CI).
pub const N: usize = 10_000;

/// A reproducible random stream per test, seeded from the test's name.
pub fn rng(tag: &str) -> ChaCha20Rng {
    // FNV-1a of the tag, so each test has its own fixed stream.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in tag.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    ChaCha20Rng::seed_from_u64(h)
}

/// The few integer helpers num-bigint needs here without pulling num-traits.
mod num_traits_shim {
    use num_bigint::BigUint;
    pub fn big(x: u64) -> BigUint {
        BigUint::from(x)
    }
    pub fn is_zero(x: &BigUint) -> bool {
        x.bits() == 0
    }
}
pub use num_traits_shim::{big, is_zero};

/// |z| for the seed z = -0xd201000000010000 of BLS12-381.
const Z_ABS: u64 = 0xd201_0000_0001_0000;

/// p, the base-field modulus: (z - 1)^2 (z^4 - z^2 + 1) / 3 + z, from the
/// seed (independent of the core's limbs; vectors/ has it in hex).
pub fn p() -> &'static BigUint {
    static P: OnceLock<BigUint> = OnceLock::new();
    P.get_or_init(|| {
        let z = big(Z_ABS);
        (&z + big(1)).pow(2) * r() / big(3) - z
    })
}

/// r, the scalar-field modulus and the order of the groups: z^4 - z^2 + 1.
pub fn r() -> &'static BigUint {
    static R: OnceLock<BigUint> = OnceLock::new();
    R.get_or_init(|| {
        let z2 = big(Z_ABS).pow(2);
        &z2 * &z2 - &z2 + big(1)
    })
}

/// 2^k.
pub fn pow2(k: usize) -> BigUint {
    big(1) << k
}

/// Little-endian 64-bit limbs of `x`, padded to `n` limbs (x < 2^(64n)).
pub fn limbs_of<const N: usize>(x: &BigUint) -> [u64; N] {
    let d = x.to_u64_digits();
    assert!(d.len() <= N, "value does not fit in {N} limbs");
    let mut out = [0u64; N];
    out[..d.len()].copy_from_slice(&d);
    out
}

/// The integer of little-endian limbs.
pub fn big_of_limbs(l: &[u64]) -> BigUint {
    let mut bytes = Vec::with_capacity(8 * l.len());
    for x in l {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
    BigUint::from_bytes_le(&bytes)
}

/// `n` bytes, big-endian, of `x < 2^(8n)`.
pub fn be_bytes<const N: usize>(x: &BigUint) -> [u8; N] {
    let b = x.to_bytes_be();
    assert!(b.len() <= N || is_zero(x));
    let mut out = [0u8; N];
    if !is_zero(x) {
        out[N - b.len()..].copy_from_slice(&b);
    }
    out
}

/// `n` bytes, little-endian, of `x < 2^(8n)`.
pub fn le_bytes<const N: usize>(x: &BigUint) -> [u8; N] {
    let mut out = be_bytes::<N>(x);
    out.reverse();
    out
}

// ---------------------------------------------------------------- Fp / Fr <-> BigUint

/// The canonical integer of an Fp element.
pub fn fp_big(a: &Fp) -> BigUint {
    BigUint::from_bytes_be(&a.to_bytes())
}

/// The Fp element `x mod p`.
pub fn fp_of(x: &BigUint) -> Fp {
    Fp::from_bytes(&be_bytes::<48>(&(x % p()))).expect("reduced value must decode")
}

/// The canonical integer of an Fr element.
pub fn fr_big(a: &Fr) -> BigUint {
    BigUint::from_bytes_le(&a.to_bytes())
}

/// The Fr element `x mod r`.
pub fn fr_of(x: &BigUint) -> Fr {
    Fr::from_bytes(&le_bytes::<32>(&(x % r()))).expect("reduced value must decode")
}

/// `(a^e mod m)` with num-bigint.
pub fn modpow(a: &BigUint, e: &BigUint, m: &BigUint) -> BigUint {
    a.modpow(e, m)
}

/// Euler's criterion mod the prime `m`: 1, -1 or 0.
pub fn euler(a: &BigUint, m: &BigUint) -> i8 {
    let a = a % m;
    if is_zero(&a) {
        return 0;
    }
    let e = modpow(&a, &((m - big(1)) >> 1), m);
    if e == big(1) {
        1
    } else {
        assert_eq!(e, m - big(1), "Euler's criterion gave neither 1 nor -1");
        -1
    }
}

// ---------------------------------------------------------------- random values

/// Uniform in [0, m).
pub fn uniform_below(rng: &mut impl RngCore, m: &BigUint) -> BigUint {
    let bits = m.bits() as usize;
    let nbytes = bits.div_ceil(8);
    let mut buf = vec![0u8; nbytes];
    loop {
        rng.fill_bytes(&mut buf);
        let extra = nbytes * 8 - bits;
        buf[0] &= 0xffu8 >> extra;
        let x = BigUint::from_bytes_be(&buf);
        if &x < m {
            return x;
        }
    }
}

/// A value whose limbs are drawn from {0, 1, all-ones, 2^63, 2^63 - 1,
/// random}: the carry-heavy shapes uniform sampling almost never hits.
/// Reduced mod m.
pub fn structured_below(rng: &mut impl RngCore, m: &BigUint, nlimbs: usize) -> BigUint {
    let mut l = vec![0u64; nlimbs];
    for x in l.iter_mut() {
        *x = match rng.gen_range(0..6) {
            0 => 0,
            1 => 1,
            2 => u64::MAX,
            3 => 1 << 63,
            4 => u64::MAX >> 1,
            _ => rng.next_u64(),
        };
    }
    big_of_limbs(&l) % m
}

/// A test value below `m`: mostly uniform, 10% just below m, 10% structured.
pub fn sample_below(rng: &mut impl RngCore, m: &BigUint, nlimbs: usize) -> BigUint {
    match rng.gen_range(0..10) {
        0 => m - big(1) - (big(rng.next_u64()) % m),
        1 => structured_below(rng, m, nlimbs),
        _ => uniform_below(rng, m),
    }
}

pub fn rand_fp(rng: &mut impl RngCore) -> Fp {
    fp_of(&sample_below(rng, p(), 6))
}

pub fn rand_fr(rng: &mut impl RngCore) -> Fr {
    fr_of(&sample_below(rng, r(), 4))
}

pub fn rand_fp2(rng: &mut impl RngCore) -> Fp2 {
    Fp2::new(rand_fp(rng), rand_fp(rng))
}

pub fn rand_fp6(rng: &mut impl RngCore) -> Fp6 {
    Fp6::new(rand_fp2(rng), rand_fp2(rng), rand_fp2(rng))
}

pub fn rand_fp12(rng: &mut impl RngCore) -> Fp12 {
    Fp12::new(rand_fp6(rng), rand_fp6(rng))
}

// ---------------------------------------------------------------- edge values

/// Edge integers below the prime `m` of `nlimbs` limbs: 0, 1, 2, 3, m-1,
/// m-2, m-3, (m-1)/2, (m+1)/2, powers of two, m - 2^k, 2^(64j) - 1, values
/// whose limbs are all ones (below m), and the Montgomery constants R, R^2,
/// R^-1, m - R (R = 2^(64 nlimbs)).
pub fn edge_bigs(m: &BigUint, nlimbs: usize) -> Vec<BigUint> {
    let one = big(1);
    let bits = m.bits() as usize;
    let mut v: Vec<BigUint> = vec![
        big(0),
        big(1),
        big(2),
        big(3),
        big(7),
        m - big(1),
        m - big(2),
        m - big(3),
        (m - big(1)) >> 1,
        (m + big(1)) >> 1,
        (m + big(1)) >> 2,
    ];
    for k in [1usize, 31, 32, 63, 64, 65, 127, 128, 129, 191, 192, 193, 254, 255, 256, 319, 320, 321, 376, 379, 380] {
        if k < bits {
            v.push(pow2(k));
            v.push(m - pow2(k));
        }
    }
    for j in 1..nlimbs {
        v.push(pow2(64 * j) - &one);
    }
    v.push(pow2(bits - 1) - &one);
    // All-ones limbs below the modulus.
    let top = m.to_u64_digits()[nlimbs - 1];
    let ones = |hi: u64| {
        let mut l = vec![u64::MAX; nlimbs];
        l[nlimbs - 1] = hi;
        big_of_limbs(&l)
    };
    v.push(ones(top - 1));
    v.push(ones(0));
    v.push(ones(1));
    let alt = |even: u64, odd: u64, hi: u64| {
        let mut l: Vec<u64> = (0..nlimbs).map(|i| if i % 2 == 0 { even } else { odd }).collect();
        l[nlimbs - 1] = hi;
        big_of_limbs(&l)
    };
    v.push(alt(u64::MAX, 0, top - 1));
    v.push(alt(0, u64::MAX, top - 1));
    v.push(alt(u64::MAX, 0, 0));
    // Montgomery constants.
    let rr = pow2(64 * nlimbs) % m;
    v.push(rr.clone());
    v.push(&rr * &rr % m);
    v.push(modpow(&rr, &(m - big(2)), m));
    v.push(m - &rr);
    for x in &v {
        assert!(x < m);
    }
    v.sort();
    v.dedup();
    v
}

pub fn fp_edges() -> Vec<Fp> {
    edge_bigs(p(), 6).iter().map(fp_of).collect()
}

pub fn fr_edges() -> Vec<Fr> {
    edge_bigs(r(), 4).iter().map(fr_of).collect()
}

/// A smaller set of Fp edges for building extension-field edges.
pub fn fp_edges_small() -> Vec<Fp> {
    let p = p();
    [big(0), big(1), p - big(1), big(2), (p - big(1)) >> 1, pow2(380), pow2(64) - big(1), {
        let mut l = [u64::MAX; 6];
        l[5] = p.to_u64_digits()[5] - 1;
        big_of_limbs(&l)
    }]
    .iter()
    .map(fp_of)
    .collect()
}

pub fn fp2_edges() -> Vec<Fp2> {
    let s = fp_edges_small();
    let mut v = Vec::new();
    for a in &s {
        for b in &s {
            v.push(Fp2::new(*a, *b));
        }
    }
    v
}

/// Fp12 edges: 0, 1, -1, the generators u, v, w and products of them, the
/// all-(p-1) and all-2^380 elements, and elements whose twelve coefficients
/// walk through the Fp edges.
pub fn fp12_edges() -> Vec<Fp12> {
    let mut v = vec![Fp12::ZERO, Fp12::ONE, Fp12::ONE.neg()];
    let e = fp_edges();
    let s = fp_edges_small();
    // Single-coefficient elements: 1 or -1 at each of the twelve positions.
    for k in 0..12 {
        for x in [Fp::ONE, Fp::ONE.neg(), s[4]] {
            let mut c = [Fp::ZERO; 12];
            c[k] = x;
            v.push(Fp12::from_coefficients(&c));
        }
    }
    for x in &s {
        v.push(Fp12::from_coefficients(&[*x; 12]));
    }
    for i in (0..e.len()).step_by(3) {
        let mut c = [Fp::ZERO; 12];
        for (k, ck) in c.iter_mut().enumerate() {
            *ck = e[(i + 5 * k) % e.len()];
        }
        v.push(Fp12::from_coefficients(&c));
    }
    v
}

pub fn fp6_edges() -> Vec<Fp6> {
    let mut v: Vec<Fp6> = fp12_edges().iter().map(|x| x.c0).collect();
    v.extend(fp12_edges().iter().map(|x| x.c1));
    v
}

/// Pairs for a binary operation: every pair of `edges`, each edge against
/// a few random values (both orders), then `n` random pairs.
pub fn pairs<T: Copy>(
    edges: &[T],
    n: usize,
    rng: &mut ChaCha20Rng,
    gen: impl Fn(&mut ChaCha20Rng) -> T,
) -> Vec<(T, T)> {
    let mut v = Vec::with_capacity(edges.len() * edges.len() + 8 * edges.len() + n);
    for a in edges {
        for b in edges {
            v.push((*a, *b));
        }
    }
    for a in edges {
        for _ in 0..4 {
            let b = gen(rng);
            v.push((*a, b));
            v.push((b, *a));
        }
    }
    for _ in 0..n {
        let a = gen(rng);
        let b = gen(rng);
        v.push((a, b));
    }
    v
}

/// Singles: the edges, then `n` random values.
pub fn singles<T: Copy>(edges: &[T], n: usize, rng: &mut ChaCha20Rng, gen: impl Fn(&mut ChaCha20Rng) -> T) -> Vec<T> {
    let mut v = edges.to_vec();
    for _ in 0..n {
        v.push(gen(rng));
    }
    v
}

/// Exponents for pow tests: fixed corner cases (empty, 0, 1, 2, 15, 16, 17,
/// 31, 32, 33, all ones, leading zero limbs, ...) then `n` random ones of 1 to
/// `max_limbs` limbs with a random bit length.
pub fn exponents(rng: &mut impl RngCore, n: usize, max_limbs: usize) -> Vec<Vec<u64>> {
    let mut v: Vec<Vec<u64>> = vec![
        vec![],
        vec![0],
        vec![0, 0, 0],
        vec![1],
        vec![2],
        vec![3],
        vec![15],
        vec![16],
        vec![17],
        vec![31],
        vec![32],
        vec![33],
        vec![0x8000_0000_0000_0000],
        vec![u64::MAX],
        vec![0, 1],
        vec![1, 0, 0],
        vec![u64::MAX, u64::MAX],
        vec![0x5555_5555_5555_5555; 3],
        vec![u64::MAX; max_limbs],
    ];
    for _ in 0..n {
        let len = rng.gen_range(1..=max_limbs);
        let mut e: Vec<u64> = (0..len).map(|_| rng.next_u64()).collect();
        let top_bits = rng.gen_range(1..=64);
        e[len - 1] >>= 64 - top_bits;
        v.push(e);
    }
    v
}

// ---------------------------------------------------------------- blst conversions

/// One `#[test]` per entry `name: call;`, for tests that differ only in
/// the arguments of one checking function.
#[allow(unused_macros)]
macro_rules! tests {
    ($($name:ident: $body:expr;)+) => {
        $(#[test]
        fn $name() {
            $body;
        })+
    };
}

/// Calls a blst function that writes its result through its first argument.
macro_rules! bcall {
    ($f:ident, $t:ty $(, $arg:expr)*) => {{
        let mut out = <$t>::default();
        #[allow(unused_unsafe)]
        unsafe {
            blst::$f(&mut out $(, $arg)*)
        };
        out
    }};
}

pub fn fp_to_blst(a: &Fp) -> blst_fp {
    let mut o = blst_fp::default();
    unsafe { blst::blst_fp_from_bendian(&mut o, a.to_bytes().as_ptr()) };
    o
}

pub fn fp_from_blst(a: &blst_fp) -> Fp {
    let mut b = [0u8; 48];
    unsafe { blst::blst_bendian_from_fp(b.as_mut_ptr(), a) };
    Fp::from_bytes(&b).expect("blst returned a non-canonical Fp")
}

pub fn fp2_to_blst(a: &Fp2) -> blst_fp2 {
    blst_fp2 { fp: [fp_to_blst(&a.c0), fp_to_blst(&a.c1)] }
}

pub fn fp2_from_blst(a: &blst_fp2) -> Fp2 {
    Fp2::new(fp_from_blst(&a.fp[0]), fp_from_blst(&a.fp[1]))
}

pub fn fp6_to_blst(a: &Fp6) -> blst_fp6 {
    blst_fp6 { fp2: [fp2_to_blst(&a.c0), fp2_to_blst(&a.c1), fp2_to_blst(&a.c2)] }
}

pub fn fp6_from_blst(a: &blst_fp6) -> Fp6 {
    Fp6::new(fp2_from_blst(&a.fp2[0]), fp2_from_blst(&a.fp2[1]), fp2_from_blst(&a.fp2[2]))
}

pub fn fp12_to_blst(a: &Fp12) -> blst_fp12 {
    blst_fp12 { fp6: [fp6_to_blst(&a.c0), fp6_to_blst(&a.c1)] }
}

pub fn fp12_from_blst(a: &blst_fp12) -> Fp12 {
    Fp12::new(fp6_from_blst(&a.fp6[0]), fp6_from_blst(&a.fp6[1]))
}

/// Fp6 inside Fp12 as `a + 0 w` (for blst, which has no Fp6 API).
pub fn fp6_embed(a: &Fp6) -> blst_fp12 {
    fp12_to_blst(&Fp12::new(*a, Fp6::ZERO))
}

/// The Fp6 part of an Fp12 that must lie in Fp6.
pub fn fp6_unembed(a: &blst_fp12) -> Fp6 {
    let x = fp12_from_blst(a);
    assert!(bool::from(x.c1.is_zero()), "blst result left Fp6");
    x.c0
}

pub fn fr_to_blst(a: &Fr) -> blst_fr {
    let mut s = blst_scalar::default();
    let mut f = blst_fr::default();
    unsafe {
        blst::blst_scalar_from_lendian(&mut s, a.to_bytes().as_ptr());
        blst::blst_fr_from_scalar(&mut f, &s);
    }
    f
}

pub fn fr_from_blst(a: &blst_fr) -> Fr {
    let mut s = blst_scalar::default();
    let mut b = [0u8; 32];
    unsafe {
        blst::blst_scalar_from_fr(&mut s, a);
        blst::blst_lendian_from_scalar(b.as_mut_ptr(), &s);
    }
    Fr::from_bytes(&b).expect("blst returned a non-canonical Fr")
}

/// `a^e` by square and multiply (the reference for the towers' `pow`).
fn square_and_multiply<T: Copy>(one: T, a: &T, e: &[u64], sqr: impl Fn(&T) -> T, mul: impl Fn(&T, &T) -> T) -> T {
    let mut acc = one;
    let mut started = false;
    for limb in e.iter().rev() {
        for bit in (0..64).rev() {
            if started {
                acc = sqr(&acc);
            }
            if (limb >> bit) & 1 == 1 {
                acc = if started { mul(&acc, a) } else { *a };
                started = true;
            }
        }
    }
    acc
}

/// `a^e` with blst's Fp12 multiplication.
pub fn blst_fp12_pow(a: &blst_fp12, e: &[u64]) -> blst_fp12 {
    let sqr = |x: &blst_fp12| bcall!(blst_fp12_sqr, blst_fp12, x);
    let mul = |x: &blst_fp12, y: &blst_fp12| bcall!(blst_fp12_mul, blst_fp12, x, y);
    square_and_multiply(unsafe { *blst::blst_fp12_one() }, a, e, sqr, mul)
}

/// `a^e` with blst's Fp2 multiplication.
pub fn blst_fp2_pow(a: &blst_fp2, e: &[u64]) -> blst_fp2 {
    let sqr = |x: &blst_fp2| bcall!(blst_fp2_sqr, blst_fp2, x);
    let mul = |x: &blst_fp2, y: &blst_fp2| bcall!(blst_fp2_mul, blst_fp2, x, y);
    square_and_multiply(fp2_to_blst(&Fp2::ONE), a, e, sqr, mul)
}

/// `a^(p^k)` in Fp12 with blst's Frobenius map, which only takes k = 1, 2, 3:
/// composed for every other k.
pub fn blst_fp12_frobenius(a: &blst_fp12, k: usize) -> blst_fp12 {
    let mut x = *a;
    let mut k = k % 12;
    while k > 0 {
        let step = k.min(3);
        x = bcall!(blst_fp12_frobenius_map, blst_fp12, &x, step);
        k -= step;
    }
    x
}

/// Little-endian limbs of p^k.
pub fn p_pow_limbs(k: u32) -> Vec<u64> {
    p().pow(k).to_u64_digits()
}

/// Panics with both values shown when they differ.
#[track_caller]
pub fn check<T: PartialEq + std::fmt::Debug>(op: &str, input: impl std::fmt::Debug, got: T, expected: T) {
    if got != expected {
        panic!("{op}: mismatch\n  input:    {input:?}\n  got:      {got:?}\n  expected: {expected:?}");
    }
}
