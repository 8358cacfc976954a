//! The kernels against big integers (`num_bigint`) and the portable
//! Montgomery product ([`crate::arith::montgomery`]), on random elements,
//! edge elements and lane values at the edges of the stated bounds.
//! Shared by both widths (see `arith/lane30.rs`): `N` lanes of `Lanes`.

use super::add::{REDUCE_MU, REDUCE_ZERO, SUB_OFFSET};
use super::*;
use crate::arith::lane_test_support::{self as support, big, edges, mont_of, p, random, Mont};
use crate::arith::montgomery;
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::arith::params::fp::{INV, MODULUS as P};

/// The Montgomery product `a b / 2^384 mod p` (portable).
fn mont_mul(a: &Mont, b: &Mont) -> Mont {
    montgomery::mul_mont(a, b, &P, INV)
}

/// The Montgomery square (portable).
fn mont_sqr(a: &Mont) -> Mont {
    montgomery::sqr_mont(a, &P, INV)
}

/// Whether the CPU runs these kernels (the tests of the lane code
/// return early, saying so, where it does not).
pub(crate) fn have_kernel() -> bool {
    let yes = available();
    if !yes {
        eprintln!("this CPU lacks the features of {}: test skipped", core::any::type_name::<Lanes>());
    }
    yes
}

/// The seeded generator and the edge values of a lane test, or `None`
/// (the test is skipped) without the kernel's CPU features.
fn lane_inputs(seed: u64) -> Option<(ChaCha8Rng, Vec<Mont>)> {
    have_kernel().then(|| (ChaCha8Rng::seed_from_u64(seed), edges()))
}

/// The integer in lane `k`.
fn lane(v: &Lanes, k: usize) -> BigUint {
    support::lane(&v.limbs, BITS, k)
}

/// Puts the integer `x < 2^390` in lane `k`, normalised.
fn set_lane(v: &mut Lanes, k: usize, x: &BigUint) {
    support::set_lane(&mut v.limbs, BITS, k, x)
}

/// `mul` into a fresh value, checked against `mul_assign`.
fn mul_v(a: &Lanes, b: &Lanes) -> Lanes {
    let (mut out, mut c) = (Lanes::ZERO, *a);
    // SAFETY: the callers checked the CPU.
    unsafe {
        mul(&mut out, a, b);
        mul_assign(&mut c, b);
    }
    assert_eq!(c, out, "mul_assign");
    out
}

/// `sqr` into a fresh value, checked against `sqr_assign`.
fn sqr_v(a: &Lanes) -> Lanes {
    let (mut out, mut c) = (Lanes::ZERO, *a);
    // SAFETY: the callers checked the CPU.
    unsafe {
        sqr(&mut out, a);
        sqr_assign(&mut c);
    }
    assert_eq!(c, out, "sqr_assign");
    out
}

fn is_normalised(v: &Lanes) -> bool {
    support::is_normalised(&v.limbs, BITS)
}

/// The element of a lane value: `v / 2^390 mod p`, as its Montgomery
/// integer `x 2^384 mod p`.
fn element(v: &BigUint) -> BigUint {
    let p = p();
    let r_inv = BigUint::from(2u32).modpow(&(&p - 2u32), &p).modpow(&BigUint::from(6u32), &p);
    (v * r_inv) % p
}

/// `N` elements: random, or (one time in four per lane) an edge.
fn quad(rng: &mut ChaCha8Rng, edges: &[Mont]) -> [Mont; N] {
    core::array::from_fn(|_| {
        if rng.gen_range(0..4) == 0 {
            edges[rng.gen_range(0..edges.len())]
        } else {
            random(&mut *rng)
        }
    })
}

/// A lane value of `x` (Montgomery form): `x 2^390 mod p + k p` with random `k`,
/// below `2^bits`, normalised; sometimes the largest such value.
fn lazy(rng: &mut ChaCha8Rng, x: &Mont, bits: u64) -> BigUint {
    lazy_below(rng, x, &(BigUint::from(1u32) << bits))
}

/// As [`lazy`], below `limit`.
fn lazy_below(rng: &mut ChaCha8Rng, x: &Mont, limit: &BigUint) -> BigUint {
    support::lazy_below(rng, x, 6, limit)
}

/// A lane value below `2^bits` (`bits` in 361..=390) with every limb
/// near its largest: the products that fill the columns are then close
/// to 2^60.
fn high(rng: &mut ChaCha8Rng, bits: usize) -> BigUint {
    support::high(rng, LIMBS, BITS, bits)
}

#[test]
fn constants() {
    let p = p();
    let mut l = BigUint::default();
    for i in (0..LIMBS).rev() {
        l = (l << BITS) + BigUint::from(P30[i]);
    }
    assert_eq!(l, p, "P30");
    let two30 = BigUint::from(1u64 << 30);
    assert_eq!((&p * PINV30 + 1u32) % &two30, BigUint::default(), "PINV30");
    assert_eq!((&p * PINV6 + 1u32) % 64u32, BigUint::default(), "PINV6");
    assert_eq!(lane(&Lanes::ONE, 2), BigUint::from(2u32).modpow(&BigUint::from(390u32), &p), "ONE");
    assert!(is_normalised(&Lanes::ONE));
    let mut off = Lanes::ZERO;
    for i in 0..LIMBS {
        off.limbs[i] = [SUB_OFFSET[i]; N];
        if i < LIMBS - 1 {
            assert!(SUB_OFFSET[i] >= MASK, "offset limb {i}");
        }
    }
    assert_eq!(lane(&off, 0), &p * 4u32, "SUB_OFFSET");
    assert!(SUB_OFFSET[LIMBS - 1] >= (1 << 22), "offset top limb below 2^382's");
    let mut z = 0i128;
    for i in (0..LIMBS).rev() {
        z = z * (1 << BITS) + REDUCE_ZERO[i] as i64 as i128;
        // Stays tiny: the limbs telescope.
        assert!(z.abs() < 1 << 41);
    }
    assert_eq!(z, 0, "REDUCE_ZERO");
    assert_eq!(REDUCE_MU, (1u64 << 52) / (P30[12] + 1));
    assert_eq!(big(&P) >> 360u32, BigUint::from(P30[12]));
}

/// The largest value a column can reach between carries in the
/// kernels, with the inputs and every `m` at their largest: products
/// of the limbs' maxima (p's actual limbs for `m p_j`), what a carry
/// pass leaves (`2^30 + 2^34`) and the carry from the retiring column
/// below (`2^34`). `mul` (one pass before step 6, any normalised
/// inputs) and `sqr` (one pass before step 4, input below 2^385, so its
/// top limb is below 2^25) stay below 2^64; without the passes they
/// would not.
#[test]
fn column_bounds() {
    fn worst(sq: bool, passes: &[usize], a: &[u128; LIMBS], b: &[u128; LIMBS]) -> u128 {
        let mut worst = 0;
        for col in 0..2 * LIMBS - 1 {
            let first = col.saturating_sub(LIMBS - 1);
            let mut seg = 0u128;
            for step in first..=col.min(LIMBS - 1) {
                if passes.contains(&step) && step > first {
                    seg = (1 << 30) + (1 << 34);
                }
                let j = col - step;
                let row = if !sq {
                    a[j] * b[step]
                } else if step < j {
                    2 * a[step] * a[j]
                } else if step == j {
                    a[j] * a[j]
                } else {
                    0
                };
                seg += row + MASK as u128 * P30[j] as u128;
                worst = worst.max(seg + (1 << 34));
            }
        }
        worst
    }
    let full = [MASK as u128; LIMBS];
    let mut below_385 = full;
    below_385[LIMBS - 1] = (1 << 25) - 1;
    let log2 = |x: u128| (x as f64).log2();
    let m = worst(false, &[6], &full, &full);
    let s = worst(true, &[4], &below_385, &below_385);
    assert!(m < 1 << 64, "mul: 2^{}", log2(m));
    assert!(s < 1 << 64, "sqr: 2^{}", log2(s));
    assert!(worst(false, &[], &full, &full) >= 1 << 64);
    assert!(worst(true, &[], &below_385, &below_385) >= 1 << 64);
    eprintln!("largest column: mul 2^{:.3}, sqr 2^{:.3}", log2(m), log2(s));
}

/// The raw form: every normalised lane value below 2^384 (reduced ones
/// from `from_fp`, and random ones up to 2^384 - 1 with edge limbs)
/// comes back from `to_raw_ptrs` / `from_raw_refs` limb for limb, and
/// the raw words are the value itself.
#[test]
fn raw_round_trip() {
    let Some((mut rng, edges)) = lane_inputs(9) else {
        return;
    };
    for round in 0..5000 {
        let v = if round % 2 == 0 {
            // SAFETY: the CPU checked.
            unsafe { from_fp(&quad(&mut rng, &edges)) }
        } else {
            let mut w = Lanes::ZERO;
            support::random_below_2_384(&mut rng, &mut w.limbs, BITS);
            w
        };
        let mut raw = [[0u64; 6]; N];
        let ptrs: [*mut [u64; 6]; N] = core::array::from_fn(|k| &mut raw[k] as *mut [u64; 6]);
        // SAFETY: the CPU checked; `N` distinct arrays.
        unsafe { to_raw_ptrs(&v, ptrs) };
        for k in 0..N {
            assert_eq!(big(&raw[k]), lane(&v, k), "raw words of lane {k}");
        }
        let back = unsafe { from_raw_refs(core::array::from_fn(|k| &raw[k])) };
        assert_eq!(back, v, "raw round trip");
    }
}

#[test]
fn conversions() {
    let Some((mut rng, edges)) = lane_inputs(1) else {
        return;
    };
    let p = p();
    for _ in 0..5000 {
        let x = quad(&mut rng, &edges);
        // SAFETY: the CPU checked.
        let v = unsafe { from_fp(&x) };
        assert!(is_normalised(&v));
        for k in 0..N {
            let want = (big(&x[k]) << 6u32) % &p;
            let got = lane(&v, k);
            assert!(got < &p + (&p >> 12u32), "from_fp lane {k} not reduced");
            assert_eq!(got % &p, want, "from_fp lane {k}");
        }
        assert_eq!(unsafe { to_fp(&v) }, x, "round trip");
        // Any value below 2^386 of the element, limbs up to 2^34.
        let mut w = Lanes::ZERO;
        for k in 0..N {
            let val = lazy(&mut rng, &x[k], 386);
            set_lane(&mut w, k, &val);
            // Move some weight into a lower limb (not normalised).
            let i = rng.gen_range(1..LIMBS);
            if w.limbs[i][k] > 0 && rng.gen() {
                let d = w.limbs[i][k].min(15);
                w.limbs[i][k] -= d;
                w.limbs[i - 1][k] += d << BITS;
            }
            assert_eq!(lane(&w, k), val);
            assert!(lane(&w, k) < BigUint::from(1u32) << 386u32);
            assert_eq!(element(&lane(&w, k)), big(&x[k]) % &p);
        }
        assert_eq!(unsafe { to_fp(&w) }, x, "to_fp of lazy values");
    }
}

/// Checks `mul`/`sqr` outputs: normalised, below `a b / 2^390 + p`,
/// and congruent to the scalar product.
fn check_product(out: &Lanes, a: &Lanes, b: &Lanes, what: &str) {
    let p = p();
    assert!(is_normalised(out), "{what}: not normalised");
    for k in 0..N {
        let (x, y, z) = (lane(a, k), lane(b, k), lane(out, k));
        assert!(z < ((&x * &y) >> 390u32) + &p + 1u32, "{what}: lane {k} too large");
        let (xe, ye) = (mont_of(&element(&x)), mont_of(&element(&y)));
        assert_eq!(element(&z), big(&mont_mul(&xe, &ye)), "{what}: lane {k}");
    }
}

/// `mul` and `sqr` on the lanes of `x` and `y` against the scalar
/// kernels; the outputs normalised. Needs the kernel's CPU.
fn check_mul_sqr(x: &[Mont; N], y: &[Mont; N]) {
    // SAFETY: the callers checked the CPU.
    let (a, b) = unsafe { (from_fp(x), from_fp(y)) };
    let (c, s) = (mul_v(&a, &b), sqr_v(&a));
    let (got, sq) = unsafe { (to_fp(&c), to_fp(&s)) };
    for k in 0..N {
        assert_eq!(got[k], mont_mul(&x[k], &y[k]), "mul lane {k}: {:x?} {:x?}", x[k], y[k]);
        assert_eq!(sq[k], mont_sqr(&x[k]), "sqr lane {k}: {:x?}", x[k]);
    }
    assert!(is_normalised(&c) && is_normalised(&s));
}

#[test]
fn mul_and_sqr_match_scalar() {
    let Some((mut rng, edges)) = lane_inputs(2) else {
        return;
    };
    for _ in 0..20_000 {
        check_mul_sqr(&quad(&mut rng, &edges), &quad(&mut rng, &edges));
    }
    // Every pair of edges in every lane.
    for (i, e) in edges.iter().enumerate() {
        for (j, f) in edges.iter().enumerate() {
            let x = core::array::from_fn(|k| [*e, *f, edges[(i + j + k) % edges.len()], *e][k % 4]);
            let y = core::array::from_fn(|k| [*f, *e, edges[(i * j + 1 + k) % edges.len()], *f][k % 4]);
            check_mul_sqr(&x, &y);
        }
    }
}

/// Inputs at the edges of the stated bounds: values up to 2^385 in both
/// operands, or below 2p and up to 2^388, limbs up to 2^30 - 1 (the
/// all-ones value 2^385 - 1 included).
#[test]
fn mul_and_sqr_lazy_inputs() {
    let Some((mut rng, edges)) = lane_inputs(3) else {
        return;
    };
    let all_ones = (BigUint::from(1u32) << 385u32) - 1u32;
    for n in 0..5000 {
        let x = quad(&mut rng, &edges);
        let y = quad(&mut rng, &edges);
        let ba = if n % 2 == 0 { 385 } else { 388 };
        let (mut a, mut b) = (Lanes::ZERO, Lanes::ZERO);
        for k in 0..N {
            let va = if n % 7 == k { all_ones.clone() } else { lazy(&mut rng, &x[k], ba) };
            set_lane(&mut a, k, &va);
            let vb = if ba == 385 { lazy(&mut rng, &y[k], 385) } else { lazy_below(&mut rng, &y[k], &(p() * 2u32)) };
            set_lane(&mut b, k, &vb);
        }
        // SAFETY: the CPU checked.
        let c = mul_v(&a, &b);
        check_product(&c, &a, &b, "mul");
        let c = mul_v(&b, &a);
        check_product(&c, &b, &a, "mul swapped");
        // Both operands with near-largest limbs: the columns' worst case.
        for k in 0..N {
            set_lane(&mut a, k, &high(&mut rng, 385));
            set_lane(&mut b, k, &high(&mut rng, 385));
        }
        let c = mul_v(&a, &b);
        check_product(&c, &a, &b, "mul (high limbs)");
        let s = sqr_v(&a);
        check_product(&s, &a, &a, "sqr (high limbs)");
        if ba == 385 {
            let s = sqr_v(&a);
            check_product(&s, &a, &a, "sqr");
            assert!(lane(&s, 0) < p() * 2u32);
        }
    }
}

#[test]
fn add_sub_reduce() {
    let Some((mut rng, edges)) = lane_inputs(4) else {
        return;
    };
    let p = p();
    let one = BigUint::from(1u32);
    for n in 0..10_000 {
        let x = quad(&mut rng, &edges);
        let y = quad(&mut rng, &edges);
        let (mut a, mut b) = (Lanes::ZERO, Lanes::ZERO);
        for k in 0..N {
            // a up to 2^389 (sub's and reduce's limit), b below 2^382.
            set_lane(&mut a, k, &lazy(&mut rng, &x[k], if n % 3 == 0 { 389 } else { 383 }));
            set_lane(&mut b, k, &lazy(&mut rng, &y[k], 382));
        }
        // SAFETY: the CPU checked.
        let (s, d, r) = unsafe { (add(&a, &b), sub(&a, &b), reduce(&a)) };
        for (v, what) in [(&s, "add"), (&d, "sub"), (&r, "reduce")] {
            assert!(is_normalised(v), "{what} not normalised");
        }
        for k in 0..N {
            let (va, vb) = (lane(&a, k), lane(&b, k));
            assert_eq!(lane(&s, k), &va + &vb, "add lane {k}");
            assert_eq!(lane(&d, k), &va + &p * 4u32 - &vb, "sub lane {k}");
            let vr = lane(&r, k);
            assert_eq!(&vr % &p, &va % &p, "reduce lane {k}");
            assert!(vr < &p + (&p >> 12u32), "reduce lane {k} too large");
        }
        // reduce takes limbs up to 2^31: move weight down a limb.
        let mut t = a;
        for k in 0..N {
            let i = rng.gen_range(1..LIMBS);
            let d = t.limbs[i][k].min(1);
            t.limbs[i][k] -= d;
            t.limbs[i - 1][k] += d << BITS;
        }
        let r = unsafe { reduce(&t) };
        for k in 0..N {
            let vr = lane(&r, k);
            assert_eq!(&vr % &p, lane(&t, k) % &p);
            assert!(vr < &p + (&p >> 12u32));
        }
    }
    // is_zero and select on reduced values: 0, p, and others.
    let mut z = Lanes::ZERO;
    set_lane(&mut z, 1, &p);
    set_lane(&mut z, 2, &one);
    set_lane(&mut z, 3, &(&p + 1u32));
    // (Empty at four lanes: this file also serves the eight-lane kernel.)
    #[allow(clippy::reversed_empty_ranges)]
    for k in 4..N {
        set_lane(&mut z, k, &(&p * (k % 2) as u32 + (k / 6) as u32));
    }
    // Lanes 0, 1 (0, p) and, at eight lanes, 4 (0) and 5 (p) are zero.
    let want = if N == 4 { 0b0011 } else { 0b0011_0011 };
    assert_eq!(unsafe { is_zero(&z) }, want);
    let w = unsafe { reduce(&sub(&z, &z)) };
    assert_eq!(unsafe { is_zero(&w) } as u32, (1 << N) - 1);
    for mask in 0..1u32 << N {
        let mask = mask as u8;
        let s = unsafe { select(mask, &z, &Lanes::ONE) };
        for k in 0..N {
            let want = if mask >> k & 1 == 1 { lane(&Lanes::ONE, k) } else { lane(&z, k) };
            assert_eq!(lane(&s, k), want);
        }
    }
    // The largest input of reduce, and values just above multiples of p.
    let mut t = Lanes::ZERO;
    set_lane(&mut t, 0, &((&one << 389u32) - 1u32));
    set_lane(&mut t, 1, &(&p * 600u32));
    set_lane(&mut t, 2, &(&p * 600u32 - 1u32));
    set_lane(&mut t, 3, &(&p - 1u32));
    let r = unsafe { reduce(&t) };
    for k in 0..N {
        assert_eq!(lane(&r, k) % &p, lane(&t, k) % &p);
        assert!(lane(&r, k) < &p + (&p >> 12u32));
    }
}
