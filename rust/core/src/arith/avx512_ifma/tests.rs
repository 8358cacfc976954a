//! The kernels against the field layer's `Fp` (its ADX or portable
//! kernel) and big integers (`num_bigint`), on random elements, edge
//! elements and lane values at the edges of the stated bounds. Each test
//! of the vector code says so and returns early where the CPU lacks
//! AVX-512 IFMA.

use super::add::{COMBINE_OFFSET, REDUCE_MU, REDUCE_SHIFT, REDUCE_ZERO, SUB_OFFSET};
use super::convert::{FROM_MU, FROM_TOP};
use super::*;
use crate::arith::lane_test_support::{self as support, big, edges, mont_of, p, random, Mont};
use crate::Fp;
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seeded generator and the edge elements of test `test`, or `None`
/// (said, and the test skipped) without IFMA.
fn inputs(test: &str, seed: u64) -> Option<(ChaCha8Rng, Vec<Mont>)> {
    available_or_skip(test).then(|| (ChaCha8Rng::seed_from_u64(seed), edges()))
}

/// Eight elements: random, or (one time in four per lane) an edge.
fn octet(rng: &mut ChaCha8Rng, edges: &[Mont]) -> [Mont; 8] {
    core::array::from_fn(|_| if rng.gen_range(0..4) == 0 { edges[rng.gen_range(0..edges.len())] } else { random(rng) })
}

/// The integer in lane `k`.
fn lane(v: &FpX8Ifma, k: usize) -> BigUint {
    support::lane(&v.limbs, BITS, k)
}

/// Puts the integer `x < 2^416` in lane `k`, normalised.
fn set_lane(v: &mut FpX8Ifma, k: usize, x: &BigUint) {
    support::set_lane(&mut v.limbs, BITS, k, x)
}

fn is_normalised(v: &FpX8Ifma) -> bool {
    support::is_normalised(&v.limbs, BITS)
}

/// The Montgomery form (field layer, R = 2^384) of the element a lane
/// value stands for: `v 2^-32 mod p`.
fn element(v: &BigUint) -> Mont {
    let p = p();
    let inv2_32 = BigUint::from(2u32).modpow(&(&p - 2u32), &p).modpow(&BigUint::from(32u32), &p);
    mont_of(&((v * inv2_32) % p))
}

/// The lane values of eight elements (Montgomery forms), each `x 2^416
/// mod p + k p` below `2^bits` (see `lazy_below`), normalised.
fn lazy_octet(rng: &mut ChaCha8Rng, x: &[Mont; 8], bits: u64) -> FpX8Ifma {
    let mut v = FpX8Ifma::ZERO;
    for (k, x) in x.iter().enumerate() {
        let val = support::lazy_below(rng, x, 32, &(BigUint::from(1u32) << bits));
        set_lane(&mut v, k, &val);
    }
    v
}

#[test]
fn constants() {
    let p = p();
    assert_eq!(support::big_of_limbs(&P52, BITS), p, "P52");
    assert_eq!((&p * PINV52 + 1u32) % BigUint::from(1u64 << 52), BigUint::default(), "PINV52");
    assert_eq!((&p * PINV32 + 1u32) % BigUint::from(1u64 << 32), BigUint::default(), "PINV32");
    assert_eq!(lane(&FpX8Ifma::ONE, 5), BigUint::from(2u32).modpow(&BigUint::from(416u32), &p), "ONE");
    assert!(is_normalised(&FpX8Ifma::ONE));
    // 16p, and above any normalised value below 2^384 limb by limb (the
    // form itself is checked in lane_radix's tests).
    assert_eq!(support::big_of_limbs(&SUB_OFFSET, BITS), &p * 16u32, "SUB_OFFSET");
    assert!(SUB_OFFSET[LIMBS - 1] >= 1 << 20, "offset top limb");
    let mut z = 0i128;
    for i in (0..LIMBS).rev() {
        z = z * (1 << BITS) + REDUCE_ZERO[i] as i64 as i128;
        assert!(z.abs() < 1 << 60);
    }
    assert_eq!(z, 0, "REDUCE_ZERO");
    let top = |s: u32| (&p >> s).to_u64_digits()[0];
    assert_eq!(REDUCE_MU as u128, (1u128 << 94) / (top(REDUCE_SHIFT) as u128 + 1));
    assert_eq!(FROM_TOP, top(329));
    assert_eq!(FROM_MU as u128, (1u128 << 103) / (FROM_TOP as u128 + 1));
}

/// The largest value a column of [`mul`] and [`sqr`] reaches, with the
/// operands and every `m` at their largest (each half of a 52 x 52-bit
/// product below 2^52): in `mul` each step adds two low and two high
/// halves to each live column, plus the carry of the retiring column; in
/// `sqr` the doubled cross products and the squares come first, then the
/// same reduction steps. Below 2^58 (the bounds of the doc comments), far
/// from 2^64.
#[test]
fn column_bounds() {
    let half = (1u128 << 52) - 1;
    let reduce = |cols: &mut [u128; 2 * LIMBS + 1], with_rows: bool| {
        let mut worst = 0;
        for i in 0..LIMBS {
            for j in 0..LIMBS {
                let n = if with_rows { 2 } else { 1 };
                cols[i + j] += n * half;
                cols[i + j + 1] += n * half;
            }
            cols[i + 1] += cols[i] >> 52;
            worst = cols.iter().copied().fold(worst, u128::max);
        }
        worst
    };
    let m = reduce(&mut [0; 2 * LIMBS + 1], true);
    let mut cols = [0u128; 2 * LIMBS + 1];
    for i in 0..LIMBS {
        for j in i + 1..LIMBS {
            cols[i + j] += 2 * half;
            cols[i + j + 1] += 2 * half;
        }
        cols[2 * i] += half;
        cols[2 * i + 1] += half;
    }
    let s = reduce(&mut cols, false);
    let log2 = |x: u128| (x as f64).log2();
    assert!(m < 1 << 58, "mul: 2^{}", log2(m));
    assert!(s < 1 << 58, "sqr: 2^{}", log2(s));
    eprintln!("largest column: mul 2^{:.3}, sqr 2^{:.3}", log2(m), log2(s));
}

/// The transpose and the raw form: every normalised lane value below
/// 2^384 comes back from `to_raw_ptrs` / `from_raw_refs` limb for limb,
/// and the raw words are the value itself.
#[test]
fn raw_round_trip() {
    let Some((mut rng, edges)) = inputs("raw_round_trip", 9) else {
        return;
    };
    let mut random_limbs = FpX8Ifma::ZERO;
    for _ in 0..2500 {
        support::random_below_2_384(&mut rng, &mut random_limbs.limbs, BITS);
        // SAFETY (every unsafe block): IFMA checked.
        let reduced = unsafe { from_fp(&octet(&mut rng, &edges)) };
        for v in [reduced, random_limbs] {
            let mut raw = [[0u64; 6]; 8];
            // Eight distinct arrays.
            unsafe { to_raw_ptrs(&v, core::array::from_fn(|k| &mut raw[k] as *mut _)) };
            for (k, words) in raw.iter().enumerate() {
                assert_eq!(big(words), lane(&v, k), "raw words of lane {k}");
            }
            let back = unsafe { from_raw_refs(core::array::from_fn(|k| &raw[k])) };
            assert_eq!(back, v, "raw round trip");
        }
    }
}

#[test]
fn conversions() {
    let Some((mut rng, edges)) = inputs("conversions", 1) else {
        return;
    };
    // Reduced: below p (1 + 2^-17).
    let (p, bound) = (p(), p() + (p() >> 17u32));
    for n in 0..5000 {
        let x = octet(&mut rng, &edges);
        // SAFETY: IFMA checked.
        let v = unsafe { from_fp(&x) };
        assert!(is_normalised(&v));
        for (k, x) in x.iter().enumerate() {
            let got = lane(&v, k);
            assert!(got < bound, "from_fp lane {k} not reduced");
            assert_eq!(got % &p, (big(x) << 32u32) % &p, "from_fp lane {k}");
        }
        assert_eq!(unsafe { to_fp(&v) }, x, "round trip");
        // Any value of the element below 2^412 (to_fp's limit).
        let bits = [412, 400, 384, 382][n % 4];
        let w = lazy_octet(&mut rng, &x, bits);
        assert_eq!(unsafe { to_fp(&w) }, x, "to_fp of values below 2^{bits}");
    }
}

/// `mul` and `sqr` (and `mul_assign`) of lane values `a`, `b`: normalised,
/// below `a b / 2^416 + p`, and the element the field layer's product
/// gives.
fn check_product(a: &FpX8Ifma, b: &FpX8Ifma, what: &str) {
    let p = p();
    let (mut c, mut s, mut d) = (FpX8Ifma::ZERO, FpX8Ifma::ZERO, *a);
    // SAFETY: the callers checked IFMA.
    unsafe {
        mul(&mut c, a, b);
        sqr(&mut s, a);
        mul_assign(&mut d, b);
    }
    assert_eq!(c, d, "{what}: mul_assign");
    assert!(is_normalised(&c) && is_normalised(&s), "{what}: not normalised");
    for k in 0..8 {
        let (x, y) = (lane(a, k), lane(b, k));
        let (xe, ye) = (Fp(element(&x)), Fp(element(&y)));
        assert!(lane(&c, k) <= ((&x * &y) >> 416u32) + &p, "{what}: mul lane {k} too large");
        assert!(lane(&s, k) <= ((&x * &x) >> 416u32) + &p, "{what}: sqr lane {k} too large");
        assert_eq!(element(&lane(&c, k)), xe.mul(&ye).0, "{what}: mul lane {k}");
        assert_eq!(element(&lane(&s, k)), xe.square().0, "{what}: sqr lane {k}");
    }
}

#[test]
fn mul_and_sqr_match_fp() {
    let Some((mut rng, edges)) = inputs("mul_and_sqr_match_fp", 2) else {
        return;
    };
    for _ in 0..20_000 {
        let (x, y) = (octet(&mut rng, &edges), octet(&mut rng, &edges));
        // SAFETY: IFMA checked.
        let (a, b) = unsafe { (from_fp(&x), from_fp(&y)) };
        let (mut c, mut s) = (FpX8Ifma::ZERO, FpX8Ifma::ZERO);
        unsafe {
            mul(&mut c, &a, &b);
            sqr(&mut s, &a);
        }
        let (got, sq) = unsafe { (to_fp(&c), to_fp(&s)) };
        for k in 0..8 {
            assert_eq!(Fp(got[k]), Fp(x[k]).mul(&Fp(y[k])), "mul lane {k}: {:x?} {:x?}", x[k], y[k]);
            assert_eq!(Fp(sq[k]), Fp(x[k]).square(), "sqr lane {k}: {:x?}", x[k]);
        }
    }
    // Every pair of edges, all lanes different.
    for (i, e) in edges.iter().enumerate() {
        for (j, f) in edges.iter().enumerate() {
            let x: [Mont; 8] = core::array::from_fn(|k| edges[(i + k) % edges.len()]);
            let y: [Mont; 8] = core::array::from_fn(|k| if k == 0 { *f } else { edges[(j * k + 1) % edges.len()] });
            let (a, b) = unsafe { (from_fp(&x), from_fp(&y)) };
            check_product(&a, &b, &format!("edges {e:x?} {f:x?}"));
        }
    }
}

/// Operands at the edges of the stated bounds: up to 2^415 (the
/// all-ones value 2^415 - 1 included), limbs near their largest.
#[test]
fn mul_lazy_inputs() {
    let Some((mut rng, edges)) = inputs("mul_lazy_inputs", 3) else {
        return;
    };
    let all_ones = (BigUint::from(1u32) << 415u32) - 1u32;
    for n in 0..3000 {
        let (x, y) = (octet(&mut rng, &edges), octet(&mut rng, &edges));
        let bits = [415, 398, 390, 385][n % 4];
        let mut a = lazy_octet(&mut rng, &x, bits);
        let b = lazy_octet(&mut rng, &y, bits);
        set_lane(&mut a, n % 8, &all_ones);
        check_product(&a, &b, "lazy");
        check_product(&b, &a, "lazy swapped");
        let (mut h, mut g) = (FpX8Ifma::ZERO, FpX8Ifma::ZERO);
        for k in 0..8 {
            set_lane(&mut h, k, &support::high(&mut rng, LIMBS, BITS, 415));
            set_lane(&mut g, k, &support::high(&mut rng, LIMBS, BITS, 415));
        }
        check_product(&h, &g, "high limbs");
        // The products of values below 2^398 are below 2p.
        if bits <= 398 {
            let mut c = FpX8Ifma::ZERO;
            unsafe { mul(&mut c, &a, &b) };
            (0..8).filter(|&k| k != n % 8).for_each(|k| assert!(lane(&c, k) < p() * 2u32));
        }
    }
}

/// add, double, sub, neg (exact integers, and the field layer's
/// operations on the elements), reduce, is_zero and select.
#[test]
fn add_sub_neg_reduce() {
    let Some((mut rng, edges)) = inputs("add_sub_neg_reduce", 4) else {
        return;
    };
    let p = p();
    let reduced = &p + (&p >> 32u32);
    for n in 0..10_000 {
        let (x, y) = (octet(&mut rng, &edges), octet(&mut rng, &edges));
        // a up to 2^390 (reduce's limit) or 2^414, b below 2^384.
        let a = lazy_octet(&mut rng, &x, [390, 384, 414][n % 3]);
        let b = lazy_octet(&mut rng, &y, [384, 382, 381][n % 3]);
        // SAFETY: IFMA checked.
        let (s, t, d) = unsafe { (add(&a, &b), double(&a), sub(&a, &b)) };
        let (ng, r) = unsafe { (neg(&b), reduce(&a)) };
        for (v, what) in [(&s, "add"), (&t, "double"), (&d, "sub"), (&ng, "neg"), (&r, "reduce")] {
            assert!(is_normalised(v), "{what} not normalised");
        }
        for k in 0..8 {
            let (va, vb) = (lane(&a, k), lane(&b, k));
            let (fa, fb) = (Fp(x[k]), Fp(y[k]));
            assert_eq!(lane(&s, k), &va + &vb, "add lane {k}");
            assert_eq!(lane(&t, k), &va * 2u32, "double lane {k}");
            assert_eq!(lane(&d, k), &va + &p * 16u32 - &vb, "sub lane {k}");
            assert_eq!(lane(&ng, k), &p * 16u32 - &vb, "neg lane {k}");
            assert_eq!(element(&lane(&s, k)), fa.add(&fb).0, "add lane {k} (Fp)");
            assert_eq!(element(&lane(&t, k)), fa.double().0, "double lane {k} (Fp)");
            assert_eq!(element(&lane(&d, k)), fa.sub(&fb).0, "sub lane {k} (Fp)");
            assert_eq!(element(&lane(&ng, k)), fb.neg().0, "neg lane {k} (Fp)");
            if n % 3 != 2 {
                let vr = lane(&r, k);
                assert_eq!(&vr % &p, &va % &p, "reduce lane {k}");
                assert!(vr < reduced, "reduce lane {k} too large");
            }
        }
        if n % 3 != 2 {
            let back = unsafe { to_fp(&r) };
            assert_eq!(back, x, "to_fp(reduce)");
        }
    }
    // The largest input of reduce, multiples of p and their neighbours.
    let one = BigUint::from(1u32);
    let vals = [
        (&one << 390u32) - 1u32,
        &p * 600u32,
        &p * 600u32 - 1u32,
        &p - 1u32,
        p.clone(),
        BigUint::default(),
        one.clone(),
        &p + 1u32,
    ];
    let mut t = FpX8Ifma::ZERO;
    for (k, v) in vals.iter().enumerate() {
        set_lane(&mut t, k, v);
    }
    let r = unsafe { reduce(&t) };
    for (k, v) in vals.iter().enumerate() {
        assert_eq!(lane(&r, k) % &p, v % &p);
        assert!(lane(&r, k) < reduced, "reduce of {v:x}: {:x}", lane(&r, k));
    }
    // is_zero and select on reduced values.
    assert_eq!(unsafe { is_zero(&r) }, 0b0011_0010);
    for mask in [0u8, 1, 0x80, 0x55, 0xaa, 0xff, 0x3c] {
        let s = unsafe { select(mask, &r, &FpX8Ifma::ONE) };
        for k in 0..8 {
            let want = if mask >> k & 1 == 1 { lane(&FpX8Ifma::ONE, k) } else { lane(&r, k) };
            assert_eq!(lane(&s, k), want);
        }
    }
}

/// `combine` against big integers: every count of terms on either side
/// up to [`COMBINE_TERMS`], terms random below `2^384` and at the largest
/// normalised values below `2^384` (every limb `2^52 - 1`, the top one
/// `2^20 - 1`), and its offset: `128p`, limb by limb above the sum of the
/// largest terms.
#[test]
fn combine_signed_sums() {
    let p = p();
    assert_eq!(support::big_of_limbs(&COMBINE_OFFSET, BITS), &p * 128u32, "COMBINE_OFFSET");
    let most = COMBINE_TERMS as u64;
    assert!(COMBINE_OFFSET[..LIMBS - 1].iter().all(|&l| l >= most * ((1 << BITS) - 1)));
    assert!(COMBINE_OFFSET[LIMBS - 1] >= most * ((1 << 20) - 1));
    let Some((mut rng, _)) = inputs("combine_signed_sums", 9) else {
        return;
    };
    let reduced = &p + (&p >> 32u32);
    let top = (BigUint::from(1u32) << 384u32) - 1u32;
    for n in 0..4000 {
        let (np, nn) = (n % (COMBINE_TERMS + 1), (n / (COMBINE_TERMS + 1)) % (COMBINE_TERMS + 1));
        let terms: Vec<FpX8Ifma> = (0..np + nn)
            .map(|t| {
                let mut v = FpX8Ifma::ZERO;
                for k in 0..8 {
                    let x = match (n + t + k) % 5 {
                        0 => top.clone(),
                        1 => support::high(&mut rng, LIMBS, BITS, 384),
                        _ => big(&core::array::from_fn::<u64, 6, _>(|_| rng.gen())),
                    };
                    set_lane(&mut v, k, &x);
                }
                v
            })
            .collect();
        let refs: Vec<&FpX8Ifma> = terms.iter().collect();
        // SAFETY: IFMA checked.
        let c = unsafe { combine(&refs[..np], &refs[np..]) };
        assert!(is_normalised(&c));
        for k in 0..8 {
            let sum = |ts: &[&FpX8Ifma]| ts.iter().fold(BigUint::default(), |s, t| s + lane(t, k));
            let want = (sum(&refs[..np]) + &p * 16u32 - sum(&refs[np..]) % &p) % &p;
            let got = lane(&c, k);
            assert!(got < reduced, "combine lane {k} too large");
            assert_eq!(got % &p, want, "combine {np} - {nn} lane {k}");
        }
    }
}

/// `permute` moves lanes as its indices say and zeroes the others;
/// `half` halves mod p, normalised, below `(a + p) / 2`.
#[test]
fn permute_and_half() {
    let Some((mut rng, edges)) = inputs("permute_and_half", 12) else {
        return;
    };
    let p = p();
    for n in 0..2000 {
        let (x, y) = (octet(&mut rng, &edges), octet(&mut rng, &edges));
        let a = lazy_octet(&mut rng, &x, [384, 400, 415][n % 3]);
        let b = lazy_octet(&mut rng, &y, 384);
        let idx: [u64; 8] = core::array::from_fn(|_| rng.gen_range(0..16));
        let keep: u8 = rng.gen();
        // SAFETY: IFMA checked.
        let (m, h) = unsafe { (permute(&a, &b, idx, keep), half(&a)) };
        assert!(is_normalised(&h));
        for (k, &i) in idx.iter().enumerate() {
            let want = if keep >> k & 1 == 0 {
                BigUint::default()
            } else if i < 8 {
                lane(&a, i as usize)
            } else {
                lane(&b, i as usize - 8)
            };
            assert_eq!(lane(&m, k), want, "permute lane {k}");
            let (va, vh) = (lane(&a, k), lane(&h, k));
            assert_eq!((&vh * 2u32) % &p, &va % &p, "half lane {k}");
            assert!(vh < (&va + &p + 1u32) / 2u32 + 1u32, "half lane {k} too large");
        }
    }
}

/// The chord step of an affine addition (the MSM's use), on reduced
/// inputs, against the field layer: `l = (y2 - y1) i`, `x3 = l^2 - x1 -
/// x2`, `y3 = l (x1 - x3) - y1`, with a reduce on x3 and y3; chained over
/// many rounds (the outputs are the next inputs).
#[test]
fn chord_chain_matches_fp() {
    let Some((mut rng, edges)) = inputs("chord_chain_matches_fp", 5) else {
        return;
    };
    let e: [[Mont; 8]; 5] = core::array::from_fn(|_| octet(&mut rng, &edges));
    let mut f: [[Fp; 8]; 5] = e.map(|v| v.map(Fp));
    // SAFETY: IFMA checked.
    let mut l: [FpX8Ifma; 5] = e.map(|v| unsafe { from_fp(&v) });
    for _ in 0..2000 {
        unsafe {
            let [x1, y1, x2, y2, i] = &l;
            let mut lam = FpX8Ifma::ZERO;
            mul(&mut lam, &sub(y2, y1), i);
            let mut t = FpX8Ifma::ZERO;
            sqr(&mut t, &lam);
            let x3 = reduce(&sub(&sub(&t, x1), x2));
            mul(&mut t, &lam, &sub(x1, &x3));
            let y3 = reduce(&sub(&t, y1));
            l = [*x2, *y2, x3, y3, lam];
        }
        #[allow(clippy::needless_range_loop)] // lane k of five rows
        for k in 0..8 {
            let [x1, y1, x2, y2, i] = [f[0][k], f[1][k], f[2][k], f[3][k], f[4][k]];
            let lam = y2.sub(&y1).mul(&i);
            let x3 = lam.square().sub(&x1).sub(&x2);
            let y3 = lam.mul(&x1.sub(&x3)).sub(&y1);
            for (c, v) in [x2, y2, x3, y3, lam].into_iter().enumerate() {
                f[c][k] = v;
            }
        }
        for c in 0..5 {
            let got = unsafe { to_fp(&l[c]) };
            for k in 0..8 {
                assert_eq!(Fp(got[k]), f[c][k], "chain value {c} lane {k}");
            }
        }
    }
}
