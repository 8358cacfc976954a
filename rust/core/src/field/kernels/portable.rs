//! The portable twins of the fused kernels: the same steps as the x86_64
//! blocks on the portable Montgomery operations, the bounds those blocks
//! rely on checked by debug assertions. Out of line (`#[cold]`,
//! `#[inline(never)]`), as `arith::fp`'s portable kernels.

use crate::arith::fp::{join, split};
use crate::arith::montgomery;
use crate::arith::params::fp::{INV, MODULUS};
use crate::arith::Wide384;

/// One Fp4 square `(x + y s)^2 = sq0 + sq1 s` of the cyclotomic
/// squares with its combinations, following the steps of
/// `x86_64::gfp4_sqr!` (which gives the bounds; checked here by debug
/// assertions): `[3 sq0 - 2 g0, 3 sq1 + 2 g1]` (Fp2 each) with
/// `sq1 = 2 x y`, or `xi 2 x y` when `twisted`.
fn fp4_sqr(x: [&[u64; 6]; 2], y: [&[u64; 6]; 2], twisted: bool, g: [&[u64; 6]; 4]) -> [[u64; 6]; 4] {
    use montgomery::{add_mod, add_n, sub_mod, sub_n};
    let c = &super::FUSED;
    let twice_p2 = {
        let (lo, hi) = montgomery::mul_wide(&MODULUS, &MODULUS);
        let p2 = join(&lo, &hi);
        add_n(&p2, &p2).0
    };
    let product = |x: &[u64; 6], y: &[u64; 6]| {
        let (lo, hi) = montgomery::mul_wide(x, y);
        let w = join(&lo, &hi);
        debug_assert_eq!(sub_n(&w, &twice_p2).1, 1, "product below 2 p^2");
        w
    };
    // x^2 as (X0, X1): (x0 + x1)(x0 - x1 mod p), (2 x0) x1.
    let square = |x0: &[u64; 6], x1: &[u64; 6]| {
        [product(&add_n(x0, x1).0, &sub_mod(x0, x1, &MODULUS)), product(&add_n(x0, x0).0, x1)]
    };
    // A signed sum mod 2^768, checked to lie in [0, p 2^384)
    // (the high half below p), reduced.
    let reduce = |terms: &[(bool, &Wide384)]| {
        let mut t = [0u64; 12];
        for (plus, x) in terms {
            t = if *plus { add_n(&t, x).0 } else { sub_n(&t, x).0 };
        }
        let (lo, hi) = split(&t);
        debug_assert_eq!(sub_n(&hi, &MODULUS).1, 1, "sum below p 2^384");
        montgomery::redc(&lo, &hi, &MODULUS, INV)
    };
    let combine = |r: &[u64; 6], g: &[u64; 6], plus: bool| {
        let r3 = add_mod(&add_mod(r, r, &MODULUS), r, &MODULUS);
        let g2 = add_mod(g, g, &MODULUS);
        if plus {
            add_mod(&r3, &g2, &MODULUS)
        } else {
            sub_mod(&r3, &g2, &MODULUS)
        }
    };
    let ([x0, x1], [y0, y1]) = (x, y);
    let [xx0, xx1] = square(x0, x1);
    let [yy0, yy1] = square(y0, y1);
    let (s0, s1) = if twisted {
        // s = x + xi y.
        (add_mod(x0, &sub_mod(y0, y1, &MODULUS), &MODULUS), add_mod(x1, &add_mod(y0, y1, &MODULUS), &MODULUS))
    } else {
        (add_mod(x0, y0, &MODULUS), add_mod(x1, y1, &MODULUS))
    };
    let [ss0, ss1] = square(&s0, &s1);
    let sq0 = [
        reduce(&[(true, &xx0), (true, &yy0), (false, &yy1), (true, &c.k382)]),
        reduce(&[(true, &xx1), (true, &yy0), (true, &yy1)]),
    ];
    let sq1 = if twisted {
        [
            reduce(&[(true, &ss0), (true, &yy1), (true, &yy1), (false, &xx0), (true, &c.k382)]),
            reduce(&[(true, &ss1), (false, &xx1), (false, &yy0), (false, &yy0), (true, &c.k381x5)]),
        ]
    } else {
        [
            reduce(&[(true, &ss0), (false, &xx0), (false, &yy0), (true, &c.k383)]),
            reduce(&[(true, &ss1), (false, &xx1), (false, &yy1), (true, &c.k383)]),
        ]
    };
    [
        combine(&sq0[0], g[0], false),
        combine(&sq0[1], g[1], false),
        combine(&sq1[0], g[2], true),
        combine(&sq1[1], g[3], true),
    ]
}

/// The steps of `x86_64::cyclotomic_sqr_compressed`: B = g4 + g5 s
/// (twisted), C = g2 + g3 s.
#[cold]
#[inline(never)]
pub(super) fn cyclotomic_sqr_compressed(g: &[[u64; 6]; 8]) -> [[u64; 6]; 8] {
    let [g3a, g3b, g2a, g2b] = fp4_sqr([&g[4], &g[5]], [&g[6], &g[7]], true, [&g[2], &g[3], &g[0], &g[1]]);
    let [g4a, g4b, g5a, g5b] = fp4_sqr([&g[0], &g[1]], [&g[2], &g[3]], false, [&g[4], &g[5], &g[6], &g[7]]);
    [g2a, g2b, g3a, g3b, g4a, g4b, g5a, g5b]
}

/// The steps of `x86_64::cyclotomic_sqr`: A = c0.c0 + c1.c1 s,
/// B = c0.c1 + c1.c2 s (twisted), C = c1.c0 + c0.c2 s.
#[cold]
#[inline(never)]
pub(super) fn cyclotomic_sqr(f: &[[u64; 6]; 12]) -> [[u64; 6]; 12] {
    let a = fp4_sqr([&f[0], &f[1]], [&f[8], &f[9]], false, [&f[0], &f[1], &f[8], &f[9]]);
    let b = fp4_sqr([&f[2], &f[3]], [&f[10], &f[11]], true, [&f[4], &f[5], &f[6], &f[7]]);
    let c = fp4_sqr([&f[6], &f[7]], [&f[4], &f[5]], false, [&f[2], &f[3], &f[10], &f[11]]);
    [a[0], a[1], c[0], c[1], b[0], b[1], b[2], b[3], a[2], a[3], c[2], c[3]]
}

/// The six reduced coefficients of an Fp6 product from its six
/// double-width Fp2 products (Karatsuba order, as at
/// `x86_64::fp12_sqr_reduce`).
fn fp6_reduce(q: &[Wide384]) -> [[u64; 6]; 6] {
    let [v0, v1, v2, m01, m12, m02]: [[&Wide384; 2]; 6] = core::array::from_fn(|k| [&q[2 * k], &q[2 * k + 1]]);
    let (p, n) = (true, false);
    let (r, i) = (0, 1);
    [
        reduce_signed(&[(p, v0[r]), (p, m12[r]), (n, m12[i]), (n, v1[r]), (p, v1[i]), (n, v2[r]), (p, v2[i])]),
        reduce_signed(&[(p, v0[i]), (p, m12[r]), (p, m12[i]), (n, v1[r]), (n, v1[i]), (n, v2[r]), (n, v2[i])]),
        reduce_signed(&[(p, m01[r]), (n, v0[r]), (n, v1[r]), (p, v2[r]), (n, v2[i])]),
        reduce_signed(&[(p, m01[i]), (n, v0[i]), (n, v1[i]), (p, v2[r]), (p, v2[i])]),
        reduce_signed(&[(p, m02[r]), (n, v0[r]), (n, v2[r]), (p, v1[r])]),
        reduce_signed(&[(p, m02[i]), (n, v0[i]), (n, v2[i]), (p, v1[i])]),
    ]
}

/// The sums of `x86_64::fp12_sqr_reduce`: `t`, `c1 = 2t`,
/// `c0 = M - t - v t`.
#[cold]
#[inline(never)]
pub(super) fn fp12_sqr_reduce(q: &[Wide384; 24]) -> [[u64; 6]; 12] {
    use montgomery::{add_mod, sub_mod};
    let add = |x: &[u64; 6], y: &[u64; 6]| add_mod(x, y, &MODULUS);
    let sub = |x: &[u64; 6], y: &[u64; 6]| sub_mod(x, y, &MODULUS);
    let t = fp6_reduce(&q[..12]);
    let m = fp6_reduce(&q[12..]);
    // v t = (xi t2, t0, t1).
    let vt = [sub(&t[4], &t[5]), add(&t[4], &t[5]), t[0], t[1], t[2], t[3]];
    let mut out = [[0u64; 6]; 12];
    for i in 0..6 {
        out[i] = sub(&sub(&m[i], &t[i]), &vt[i]);
        out[6 + i] = add(&t[i], &t[i]);
    }
    out
}

/// `T / 2^384 mod p` for the signed sum `T` of `terms` (each in
/// `[0, p 2^384)`), as the x86_64 kernels do it: the Montgomery
/// rounds on the low half, the high halves (with the carries of the
/// low ones) added to the result modulo `2^384`, `+ n p` for the `n`
/// subtracted terms, then conditional subtractions of `2^j p`.
fn reduce_signed(terms: &[(bool, &Wide384)]) -> [u64; 6] {
    use montgomery::{add_n, sub_n};
    let mut t = [0u64; 12];
    for (plus, x) in terms {
        t = if *plus { add_n(&t, x).0 } else { sub_n(&t, x).0 };
    }
    let (lo, hi) = split(&t);
    // (lo + Q p) / 2^384 <= p: the rounds of `montgomery::redc`.
    let r = montgomery::redc_rounds(&lo, &MODULUS, INV);
    let n = terms.iter().filter(|(plus, _)| !plus).count() as u64;
    let range = terms.len() as u64 + 1;
    let np = super::FUSED.multiples[n as usize];
    let mut v = add_n(&add_n(&r, &hi).0, &np).0;
    let mut j = 64 - (range - 1).leading_zeros();
    while j > 0 {
        j -= 1;
        // v mod 2^j p for v < 2^(j + 1) p.
        let (d, borrow) = sub_n(&v, &super::FUSED.multiples[1 << j]);
        let keep = montgomery::mask(borrow);
        v = core::array::from_fn(|l| (v[l] & keep) | (d[l] & !keep));
    }
    v
}

/// The signed sums of `x86_64::fp12_m014_reduce`.
#[cold]
#[inline(never)]
pub(super) fn fp12_m014_reduce(q: &[Wide384; 26]) -> [[u64; 6]; 12] {
    let [v0, v1, m1, m2, m3, n0, n1, n2, w0, w1, w2, w3, w4]: [[&Wide384; 2]; 13] =
        core::array::from_fn(|k| [&q[2 * k], &q[2 * k + 1]]);
    let (p, n) = (true, false);
    let (r, i) = (0, 1);
    [
        reduce_signed(&[(p, v0[r]), (p, m1[r]), (n, m1[i]), (p, n2[r]), (n, n2[i])]),
        reduce_signed(&[(p, v0[i]), (p, m1[r]), (p, m1[i]), (p, n2[r]), (p, n2[i])]),
        reduce_signed(&[(p, m2[r]), (n, v0[r]), (n, v1[r]), (p, n0[r]), (n, n0[i])]),
        reduce_signed(&[(p, m2[i]), (n, v0[i]), (n, v1[i]), (p, n0[r]), (p, n0[i])]),
        reduce_signed(&[(p, v1[r]), (p, m3[r]), (p, n1[r])]),
        reduce_signed(&[(p, v1[i]), (p, m3[i]), (p, n1[i])]),
        reduce_signed(&[
            (p, w0[r]),
            (p, w2[r]),
            (n, w2[i]),
            (n, v0[r]),
            (n, m1[r]),
            (p, m1[i]),
            (n, n0[r]),
            (p, n0[i]),
        ]),
        reduce_signed(&[
            (p, w0[i]),
            (p, w2[r]),
            (p, w2[i]),
            (n, v0[i]),
            (n, m1[r]),
            (n, m1[i]),
            (n, n0[r]),
            (n, n0[i]),
        ]),
        reduce_signed(&[(p, w3[r]), (n, w0[r]), (n, w1[r]), (n, m2[r]), (p, v0[r]), (p, v1[r]), (n, n1[r])]),
        reduce_signed(&[(p, w3[i]), (n, w0[i]), (n, w1[i]), (n, m2[i]), (p, v0[i]), (p, v1[i]), (n, n1[i])]),
        reduce_signed(&[(p, w1[r]), (p, w4[r]), (n, v1[r]), (n, m3[r]), (n, n2[r])]),
        reduce_signed(&[(p, w1[i]), (p, w4[i]), (n, v1[i]), (n, m3[i]), (n, n2[i])]),
    ]
}

/// The signed sums of `x86_64::fp12_l2_reduce` (at most three terms).
#[cold]
#[inline(never)]
pub(super) fn fp12_l2_reduce(q: &[Wide384; 12]) -> [[u64; 6]; 10] {
    let [x00, x11, x44, y01, y04, y14]: [[&Wide384; 2]; 6] = core::array::from_fn(|k| [&q[2 * k], &q[2 * k + 1]]);
    let (p, n) = (true, false);
    let (r, i) = (0, 1);
    [
        reduce_signed(&[(p, x00[r]), (p, x44[r]), (n, x44[i])]),
        reduce_signed(&[(p, x00[i]), (p, x44[r]), (p, x44[i])]),
        reduce_signed(&[(p, y01[r]), (n, x00[r]), (n, x11[r])]),
        reduce_signed(&[(p, y01[i]), (n, x00[i]), (n, x11[i])]),
        reduce_signed(&[(p, x11[r])]),
        reduce_signed(&[(p, x11[i])]),
        reduce_signed(&[(p, y04[r]), (n, x00[r]), (n, x44[r])]),
        reduce_signed(&[(p, y04[i]), (n, x00[i]), (n, x44[i])]),
        reduce_signed(&[(p, y14[r]), (n, x11[r]), (n, x44[r])]),
        reduce_signed(&[(p, y14[i]), (n, x11[i]), (n, x44[i])]),
    ]
}

/// A double-width value as a 13-limb two's complement integer.
fn ext(x: &Wide384) -> [u64; 13] {
    core::array::from_fn(|k| if k < 12 { x[k] } else { 0 })
}

/// The exact signed sum of `terms` (13-limb two's complement, as
/// `gwide_sum!`; the values here are far inside that range).
fn wide_sum(terms: &[(bool, &[u64; 13])]) -> [u64; 13] {
    use montgomery::{add_n, sub_n};
    terms.iter().fold([0u64; 13], |t, (plus, x)| if *plus { add_n(&t, x).0 } else { sub_n(&t, x).0 })
}

/// `T / 2^384 mod p` for a signed 13-limb `T` in
/// `(-8 p 2^384, 8 p 2^384)` (the sums of `x86_64::fp12_m01245_reduce`
/// and `x86_64::fp12_mul_reduce` are within `(-6.41, 6.82) p 2^384`):
/// `+ 8 p 2^384`, the Montgomery rounds on the low six limbs
/// (`r <= p`), the high seven limbs added (below `17 p`), then
/// conditional subtractions of `16p`, ..., `p`.
fn reduce_wide(t: &[u64; 13]) -> [u64; 6] {
    use montgomery::{add_n, sub_n};
    let mut pow2p = [[0u64; 7]; 5];
    pow2p[0][..6].copy_from_slice(&MODULUS);
    for j in 1..5 {
        pow2p[j] = add_n(&pow2p[j - 1], &pow2p[j - 1]).0;
    }
    let lo: [u64; 6] = core::array::from_fn(|k| t[k]);
    let hi: [u64; 7] = core::array::from_fn(|k| t[6 + k]);
    let hi = add_n(&hi, &pow2p[3]).0;
    let r = montgomery::redc_rounds(&lo, &MODULUS, INV);
    let r7: [u64; 7] = core::array::from_fn(|k| if k < 6 { r[k] } else { 0 });
    let mut v = add_n(&hi, &r7).0;
    for j in (0..5).rev() {
        // v mod 2^j p for v < 2^(j + 1) p.
        let (d, borrow) = sub_n(&v, &pow2p[j]);
        let keep = montgomery::mask(borrow);
        v = core::array::from_fn(|l| (v[l] & keep) | (d[l] & !keep));
    }
    core::array::from_fn(|k| v[k])
}

/// An Fp2 value as two exact 13-limb sums (real, imaginary part).
type Wide2 = [[u64; 13]; 2];

/// An Fp2 signed sum, part by part.
fn sum2(terms: &[(bool, [&[u64; 13]; 2])]) -> Wide2 {
    terms
        .iter()
        .fold([[0u64; 13]; 2], |acc, (plus, t)| core::array::from_fn(|i| wide_sum(&[(true, &acc[i]), (*plus, t[i])])))
}

/// `xi x = (x0 - x1, x0 + x1)`.
fn xi2(x: &Wide2) -> Wide2 {
    [wide_sum(&[(true, &x[0]), (false, &x[1])]), wide_sum(&[(true, &x[0]), (true, &x[1])])]
}

/// `x + y`.
fn add2(x: &Wide2, y: &Wide2) -> Wide2 {
    sum2(&[(true, [&x[0], &x[1]]), (true, [&y[0], &y[1]])])
}

/// The Fp6 product from its six Karatsuba products (the order of
/// `Fp6::products_to`): `(w0 + xi (w12 - w1 - w2), w01 - w0 - w1 +
/// xi w2, w02 - w0 - w2 + w1)`, exact.
fn karatsuba(w: [[&[u64; 13]; 2]; 6]) -> [Wide2; 3] {
    let [w0, w1, w2, w01, w12, w02] = w;
    let (p, n) = (true, false);
    let k = sum2(&[(p, w12), (n, w1), (n, w2)]);
    [
        add2(&sum2(&[(p, w0)]), &xi2(&k)),
        add2(&sum2(&[(p, w01), (n, w0), (n, w1)]), &xi2(&sum2(&[(p, w2)]))),
        sum2(&[(p, w02), (n, w0), (n, w2), (p, w1)]),
    ]
}

/// The Karatsuba-over-Fp6 result from the exact coefficients of
/// `A = f0 g0`, `C = f1 g1`, `T = (f0 + f1)(g0 + g1)`:
/// `R0 = A + v C = (A0 + xi C2, A1 + C0, A2 + C1)`,
/// `R1 = T - A - C`, each coefficient reduced ([`reduce_wide`]).
fn fp12_combine(a: &[Wide2; 3], c: &[Wide2; 3], t: &[Wide2; 3]) -> [[u64; 6]; 12] {
    let r0 = [add2(&a[0], &xi2(&c[2])), add2(&a[1], &c[0]), add2(&a[2], &c[1])];
    let r1: [Wide2; 3] = core::array::from_fn(|k| {
        let part = |i: usize| wide_sum(&[(true, &t[k][i]), (false, &a[k][i]), (false, &c[k][i])]);
        [part(0), part(1)]
    });
    core::array::from_fn(|i| {
        let c = if i < 6 { &r0[i / 2] } else { &r1[(i - 6) / 2] };
        reduce_wide(&c[i % 2])
    })
}

/// The sums of `x86_64::fp12_m01245_reduce`, in the same order:
/// the coefficients of `A`, `C`, `T` as exact 13-limb sums, then
/// each output from them ([`fp12_combine`]).
#[cold]
#[inline(never)]
pub(super) fn fp12_m01245_reduce(q: &[Wide384; 34]) -> [[u64; 6]; 12] {
    let e: [[u64; 13]; 34] = core::array::from_fn(|k| ext(&q[k]));
    let w: [[&[u64; 13]; 2]; 17] = core::array::from_fn(|k| [&e[2 * k], &e[2 * k + 1]]);
    let [u1, u2, u12, h1, h2] = [w[6], w[7], w[8], w[9], w[10]];
    let (p, n) = (true, false);
    // A = f0 B0 and T = (f0 + f1)(B0 + B1) by Karatsuba;
    // C = f1 B1 = (xi (u12 - u1 - u2), h1 + xi u2, h2 + u1).
    let a = karatsuba(core::array::from_fn(|k| w[k]));
    let t = karatsuba(core::array::from_fn(|k| w[11 + k]));
    let c = [
        xi2(&sum2(&[(p, u12), (n, u1), (n, u2)])),
        add2(&sum2(&[(p, h1)]), &xi2(&sum2(&[(p, u2)]))),
        sum2(&[(p, h2), (p, u1)]),
    ];
    fp12_combine(&a, &c, &t)
}

/// The sums of `x86_64::fp12_mul_reduce` (the full Fp12 product):
/// `A`, `C`, `T` each by Karatsuba from six products, then
/// [`fp12_combine`].
#[cold]
#[inline(never)]
pub(super) fn fp12_mul_reduce(q: &[Wide384; 36]) -> [[u64; 6]; 12] {
    let e: [[u64; 13]; 36] = core::array::from_fn(|k| ext(&q[k]));
    let w: [[&[u64; 13]; 2]; 18] = core::array::from_fn(|k| [&e[2 * k], &e[2 * k + 1]]);
    let [a, c, t] = [0, 6, 12].map(|b| karatsuba(core::array::from_fn(|k| w[b + k])));
    fp12_combine(&a, &c, &t)
}

/// An Fp2 value as its two coefficients.
type F2 = [[u64; 6]; 2];

/// The operations of the portable Miller doubling steps, as the x86_64
/// blocks do them: double-width products, each sum of them reduced once
/// (checked below 4.5 p^2 by debug assertions; `x86_64::miller_double`
/// gives the bounds). Inlined into the two steps, as closures were.
struct MillerOps {
    /// 4.5 p^2 (rounded down).
    limit: Wide384,
}

impl MillerOps {
    #[inline(always)]
    fn new() -> MillerOps {
        use montgomery::add_n;
        let (lo, hi) = montgomery::mul_wide(&MODULUS, &MODULUS);
        let p2 = join(&lo, &hi);
        let p2x4 = add_n(&add_n(&p2, &p2).0, &add_n(&p2, &p2).0).0;
        let half_p: [u64; 6] =
            core::array::from_fn(|i| (MODULUS[i] >> 1) | if i < 5 { MODULUS[i + 1] << 63 } else { 0 });
        let (lo, hi) = montgomery::mul_wide(&MODULUS, &half_p);
        MillerOps { limit: add_n(&p2x4, &join(&lo, &hi)).0 }
    }

    #[inline(always)]
    fn wide(x: &[u64; 6], y: &[u64; 6]) -> Wide384 {
        let (lo, hi) = montgomery::mul_wide(x, y);
        join(&lo, &hi)
    }

    /// The signed sum of `terms`, reduced.
    #[inline(always)]
    fn reduce(&self, terms: &[(bool, &Wide384)]) -> [u64; 6] {
        use montgomery::{add_n, sub_n};
        let mut t = [0u64; 12];
        for (plus, x) in terms {
            t = if *plus { add_n(&t, x).0 } else { sub_n(&t, x).0 };
        }
        debug_assert_eq!(sub_n(&t, &self.limit).1, 1, "sum below 4.5 p^2");
        let (lo, hi) = split(&t);
        montgomery::redc(&lo, &hi, &MODULUS, INV)
    }

    #[inline(always)]
    fn add(x: &[u64; 6], y: &[u64; 6]) -> [u64; 6] {
        montgomery::add_mod(x, y, &MODULUS)
    }

    #[inline(always)]
    fn sub(x: &[u64; 6], y: &[u64; 6]) -> [u64; 6] {
        montgomery::sub_mod(x, y, &MODULUS)
    }

    /// `x + y` without reduction.
    #[inline(always)]
    fn sum(x: &[u64; 6], y: &[u64; 6]) -> [u64; 6] {
        montgomery::add_n(x, y).0
    }

    #[inline(always)]
    fn half(x: &[u64; 6]) -> [u64; 6] {
        let odd = x[0] & 1;
        let (t, _) = montgomery::add_n(x, &MODULUS.map(|l| l & odd.wrapping_neg()));
        let h: [u64; 6] = core::array::from_fn(|i| (t[i] >> 1) | if i < 5 { t[i + 1] << 63 } else { 0 });
        montgomery::reduce_once(&h, &MODULUS)
    }

    /// `a^2` as `(a0 + a1)(a0 - a1) + (2 a0) a1 u`.
    #[inline(always)]
    fn square(&self, a: &F2) -> F2 {
        let (s, d) = (Self::sum(&a[0], &a[1]), Self::sub(&a[0], &a[1]));
        [
            self.reduce(&[(true, &Self::wide(&s, &d))]),
            self.reduce(&[(true, &Self::wide(&Self::sum(&a[0], &a[0]), &a[1]))]),
        ]
    }

    /// `a b` by Karatsuba (a below p, b below 2p).
    #[inline(always)]
    fn product(&self, a: &F2, b: &F2) -> F2 {
        let (p0, p1) = (Self::wide(&a[0], &b[0]), Self::wide(&a[1], &b[1]));
        let p2 = Self::wide(&Self::sum(&a[0], &a[1]), &Self::sum(&b[0], &b[1]));
        let k382 = &super::FUSED.k382;
        [
            self.reduce(&[(true, &p0), (false, &p1), (true, k382)]),
            self.reduce(&[(true, &p2), (false, &p0), (false, &p1)]),
        ]
    }

    /// `E = 12 xi z^2` and `F = 3E` (xi z^2 reduced straight from the two
    /// parts of `z^2`).
    #[inline(always)]
    fn e_f(&self, z: &F2) -> (F2, F2) {
        let add = Self::add;
        let (c0, c1) = (
            Self::wide(&Self::sum(&z[0], &z[1]), &Self::sub(&z[0], &z[1])),
            Self::wide(&Self::sum(&z[0], &z[0]), &z[1]),
        );
        let xic = [
            self.reduce(&[(true, &c0), (false, &c1), (true, &super::FUSED.k382)]),
            self.reduce(&[(true, &c0), (true, &c1)]),
        ];
        let e = xic.map(|r| {
            let r4 = add(&add(&r, &r), &add(&r, &r));
            add(&add(&r4, &r4), &r4)
        });
        (e, e.map(|e| add(&add(&e, &e), &e)))
    }

    /// `G^2 - E F` with `G = (B + F) / 2`, `E F` as `(E0 + E1)(F0 - F1) +
    /// (2 E0) F1 u` (since `F = 3E`).
    #[inline(always)]
    fn g2_minus_ef(&self, b: &F2, e: &F2, f: &F2) -> F2 {
        let (sum, sub, wide) = (Self::sum, Self::sub, Self::wide);
        let g = [Self::half(&Self::add(&b[0], &f[0])), Self::half(&Self::add(&b[1], &f[1]))];
        let gg = [wide(&sum(&g[0], &g[1]), &sub(&g[0], &g[1])), wide(&sum(&g[0], &g[0]), &g[1])];
        let ef = [wide(&sum(&e[0], &e[1]), &sub(&f[0], &f[1])), wide(&sum(&e[0], &e[0]), &f[1])];
        let k382 = &super::FUSED.k382;
        [
            self.reduce(&[(true, &gg[0]), (false, &ef[0]), (true, k382)]),
            self.reduce(&[(true, &gg[1]), (false, &ef[1]), (true, k382)]),
        ]
    }

    /// `a k` for `k` in Fp (Montgomery products).
    #[inline(always)]
    fn times_fp(a: &F2, k: &[u64; 6]) -> F2 {
        a.map(|x| montgomery::mul_mont(&x, k, &MODULUS, INV))
    }
}

/// The steps of `x86_64::miller_double` (which gives the bounds;
/// checked here by debug assertions).
#[cold]
#[inline(never)]
pub(super) fn miller_double(s: &mut [[u64; 6]; 8]) -> [[u64; 6]; 6] {
    let o = MillerOps::new();
    let (sub, sum) = (MillerOps::sub, MillerOps::sum);
    let (x, y, z) = ([s[0], s[1]], [s[2], s[3]], [s[4], s[5]]);
    let b = o.square(&y);
    let (e, f) = o.e_f(&z);
    let yz = o.product(&y, &z);
    let a = o.product(&x, &y).map(|v| MillerOps::half(&v));
    let c1 = MillerOps::times_fp(&o.square(&x), &s[6]);
    let c4 = MillerOps::times_fp(&yz, &s[7]);
    let line = [sub(&b[0], &e[0]), sub(&b[1], &e[1]), c1[0], c1[1], c4[0], c4[1]];
    let x3 = o.product(&a, &[sub(&b[0], &f[0]), sub(&b[1], &f[1])]);
    let y3 = o.g2_minus_ef(&b, &e, &f);
    let z3 = o.product(&yz, &[sum(&b[0], &b[0]), sum(&b[1], &b[1])]);
    s[..6].copy_from_slice(&[x3[0], x3[1], y3[0], y3[1], z3[0], z3[1]]);
    line
}

/// The steps of `x86_64::miller_double_jacobian` (which gives the
/// bounds; checked here by debug assertions).
#[cold]
#[inline(never)]
pub(super) fn miller_double_jacobian(s: &mut [[u64; 6]; 10]) -> [[u64; 6]; 6] {
    let o = MillerOps::new();
    let (add, sub, sum) = (MillerOps::add, MillerOps::sub, MillerOps::sum);
    // Twice, four times a value below p, reduced.
    let times2 = |v: &[u64; 6]| add(v, v);
    let times4 = |v: &[u64; 6]| times2(&times2(v));
    // V = Z^3 at the place of the homogeneous Z; W = Z (Jacobian).
    let (x, y, v, w) = ([s[0], s[1]], [s[2], s[3]], [s[4], s[5]], [s[6], s[7]]);
    let b = o.square(&y);
    let (e, f) = o.e_f(&v);
    let yv = o.product(&y, &v);
    let xw = o.product(&x, &w);
    let c1 = MillerOps::times_fp(&o.square(&xw), &s[8]);
    let c4 = MillerOps::times_fp(&yv, &s[9]);
    let line = [times2(&sub(&b[0], &e[0])), times2(&sub(&b[1], &e[1])), c1[0], c1[1], c4[0], c4[1]];
    let x3 = o.product(&x, &[sub(&b[0], &f[0]), sub(&b[1], &f[1])]);
    let w3 = o.product(&y, &w).map(|c| times2(&c));
    let y3 = o.g2_minus_ef(&b, &e, &f).map(|c| times4(&c));
    let v3 = o.product(&yv, &[sum(&b[0], &b[0]), sum(&b[1], &b[1])]).map(|c| times4(&c));
    s[..8].copy_from_slice(&[x3[0], x3[1], y3[0], y3[1], v3[0], v3[1], w3[0], w3[1]]);
    line
}
