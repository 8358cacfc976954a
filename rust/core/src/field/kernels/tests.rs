//! The fused kernels (x86_64 and portable twin) against references
//! written with the plain Montgomery operations.

use super::portable;
use crate::arith::fp::{join, split};
use crate::arith::montgomery::{add_mod, mul_mont, sub_mod};
use crate::arith::params::fp::{INV, MODULUS};
use crate::arith::Wide384;
use rand_core::{RngCore, SeedableRng};

type F2 = [[u64; 6]; 2];

/// The output of an x86_64 kernel that `run` calls with the output slot,
/// or `None` on a CPU without ADX and BMI2 (then `run` is not called).
#[cfg(target_arch = "x86_64")]
fn asm_out<T>(run: impl FnOnce(*mut T)) -> Option<T> {
    if !(std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2")) {
        return None;
    }
    let mut out = core::mem::MaybeUninit::<T>::uninit();
    run(out.as_mut_ptr());
    // SAFETY: the kernels write all of their output.
    Some(unsafe { out.assume_init() })
}

/// Asserts that the x86_64 kernel `$k` on `$input` (with the fused
/// constants) gives `$want`, where the CPU has ADX and BMI2; `$msg` is
/// the failure message.
macro_rules! x86_64_agrees {
    ($k:ident($input:expr), $want:expr, $msg:literal) => {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `asm_out` runs the kernel only with ADX and BMI2; distinct locals.
        if let Some(got) = asm_out(|o| unsafe { super::x86_64::$k(o, $input, &super::FUSED) }) {
            assert_eq!(got, $want, $msg);
        }
    };
}

/// Asserts that the portable twin and (as `x86_64_agrees!`) the x86_64
/// kernel `$k` give `$want` on `$input`.
macro_rules! kernels_agree {
    ($k:ident($input:expr), $want:expr) => {{
        let (input, want) = ($input, $want);
        assert_eq!(portable::$k(input), want, "portable {input:x?}");
        x86_64_agrees!($k(input), want, "x86_64 {input:x?}");
    }};
}

/// The unreduced Fp2 product (`arith::fp::mul2_wide`), by value.
fn mul2_wide(a: &F2, b: &F2) -> [Wide384; 2] {
    let mut out = core::mem::MaybeUninit::<[Wide384; 2]>::uninit();
    // SAFETY: `out` is a distinct local, written whole.
    unsafe {
        crate::arith::fp::mul2_wide(a, b, out.as_mut_ptr());
        out.assume_init()
    }
}

fn mul2(a: &F2, b: &F2) -> F2 {
    let m = |x: &[u64; 6], y: &[u64; 6]| mul_mont(x, y, &MODULUS, INV);
    [sub_mod(&m(&a[0], &b[0]), &m(&a[1], &b[1]), &MODULUS), add_mod(&m(&a[0], &b[1]), &m(&a[1], &b[0]), &MODULUS)]
}
/// The twelve Fp coefficients of `r0 + r1 w` (Fp12 over Fp6), in the
/// kernels' order.
fn fp12_limbs(r0: &[F2; 3], r1: &[F2; 3]) -> [[u64; 6]; 12] {
    core::array::from_fn(|i| if i < 6 { r0[i / 2][i % 2] } else { r1[(i - 6) / 2][i % 2] })
}
fn add2(a: &F2, b: &F2) -> F2 {
    [add_mod(&a[0], &b[0], &MODULUS), add_mod(&a[1], &b[1], &MODULUS)]
}
fn sub2(a: &F2, b: &F2) -> F2 {
    [sub_mod(&a[0], &b[0], &MODULUS), sub_mod(&a[1], &b[1], &MODULUS)]
}
/// `xi a`, xi = 1 + u.
fn xi(a: &F2) -> F2 {
    [sub_mod(&a[0], &a[1], &MODULUS), add_mod(&a[0], &a[1], &MODULUS)]
}
/// The six double-width Karatsuba products of `a b` (Fp6, the order
/// of `Fp6::products_to`, the pairwise sums unreduced below 2p),
/// appended to `q`.
fn kara_products(a: &[F2; 3], b: &[F2; 3], q: &mut Vec<Wide384>) {
    use crate::arith::montgomery::add_n;
    let s2 = |a: &F2, b: &F2| -> F2 { [add_n(&a[0], &b[0]).0, add_n(&a[1], &b[1]).0] };
    let w = |a: &F2, b: &F2| mul2_wide(a, b);
    for x in [
        w(&a[0], &b[0]),
        w(&a[1], &b[1]),
        w(&a[2], &b[2]),
        w(&s2(&a[0], &a[1]), &s2(&b[0], &b[1])),
        w(&s2(&a[1], &a[2]), &s2(&b[1], &b[2])),
        w(&s2(&a[0], &a[2]), &s2(&b[0], &b[2])),
    ] {
        q.extend_from_slice(&x);
    }
}
/// The Fp6 product by the schoolbook formula (v^3 = xi).
fn mul6(a: &[F2; 3], b: &[F2; 3]) -> [F2; 3] {
    let p = |i: usize, j: usize| mul2(&a[i], &b[j]);
    [
        add2(&p(0, 0), &xi(&add2(&p(1, 2), &p(2, 1)))),
        add2(&add2(&p(0, 1), &p(1, 0)), &xi(&p(2, 2))),
        add2(&add2(&p(0, 2), &p(2, 0)), &p(1, 1)),
    ]
}
/// `(x + y s)^2 = (x^2 + xi y^2) + 2 x y s`.
fn fp4_square(x: &F2, y: &F2) -> (F2, F2) {
    let xy = mul2(x, y);
    (add2(&mul2(x, x), &xi(&mul2(y, y))), add2(&xy, &xy))
}
/// `3 a + 2 g` or `3 a - 2 g`.
fn combine(a: &F2, g: &F2, plus: bool) -> F2 {
    let a3 = add2(&add2(a, a), a);
    let g2 = add2(g, g);
    if plus {
        add2(&a3, &g2)
    } else {
        sub2(&a3, &g2)
    }
}

fn compressed_square_ref(g: &[[u64; 6]; 8]) -> [[u64; 6]; 8] {
    let f = |i: usize| [g[2 * i], g[2 * i + 1]];
    let (b0, b1) = fp4_square(&f(2), &f(3));
    let (c0, c1) = fp4_square(&f(0), &f(1));
    let out = [
        combine(&xi(&b1), &f(0), true),
        combine(&b0, &f(1), false),
        combine(&c0, &f(2), false),
        combine(&c1, &f(3), true),
    ];
    core::array::from_fn(|i| out[i / 2][i % 2])
}

/// `rounds` inputs of `K` coefficients (as `coefficient`), from the
/// generator seeded with `seed`.
fn inputs<const K: usize>(seed: u64, rounds: usize) -> impl Iterator<Item = [[u64; 6]; K]> {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
    (0..rounds).map(move |_| core::array::from_fn(|_| coefficient(&mut rng)))
}

/// Random coefficients below p, or values at the edges (0, 1,
/// p - 1, p - 2, (p - 1) / 2, (p + 1) / 2) that push the sums and
/// differences to their extremes.
fn coefficient(rng: &mut impl RngCore) -> [u64; 6] {
    let one = [1, 0, 0, 0, 0, 0];
    let half = {
        let mut h = [0u64; 6];
        for i in 0..6 {
            h[i] = (MODULUS[i] >> 1) | if i < 5 { MODULUS[i + 1] << 63 } else { 0 };
        }
        h
    };
    match rng.next_u32() % 10 {
        0 => [0; 6],
        1 => one,
        2 => crate::arith::montgomery::sub_n(&MODULUS, &one).0,
        3 => crate::arith::montgomery::sub_n(&MODULUS, &[2, 0, 0, 0, 0, 0]).0,
        4 => half,
        5 => crate::arith::montgomery::add_n(&half, &one).0,
        _ => crate::field::Fp::random(rng).0,
    }
}

fn half2(a: &F2) -> F2 {
    let h = |x: &[u64; 6]| {
        let odd = x[0] & 1;
        let t = crate::arith::montgomery::add_n(x, &MODULUS.map(|l| l & odd.wrapping_neg())).0;
        core::array::from_fn(|i| (t[i] >> 1) | if i < 5 { t[i + 1] << 63 } else { 0 })
    };
    [h(&a[0]), h(&a[1])]
}

/// The doubling step with the plain operations: `s = (X, Y, Z,
/// -3 xp, 2 yp)`.
fn miller_double_ref(s: &[[u64; 6]; 8]) -> ([[u64; 6]; 8], [[u64; 6]; 6]) {
    let f = |i: usize| [s[2 * i], s[2 * i + 1]];
    let (x, y, z) = (f(0), f(1), f(2));
    let mul_fp = |a: &F2, k: &[u64; 6]| [mul_mont(&a[0], k, &MODULUS, INV), mul_mont(&a[1], k, &MODULUS, INV)];
    let b = mul2(&y, &y);
    let c = mul2(&z, &z);
    let xc = xi(&c);
    let x2 = add2(&xc, &xc);
    let x4 = add2(&x2, &x2);
    let e = add2(&add2(&x4, &x4), &x4);
    let f3 = add2(&add2(&e, &e), &e);
    let a = half2(&mul2(&x, &y));
    let g = half2(&add2(&b, &f3));
    let yz = mul2(&y, &z);
    let x3 = mul2(&a, &sub2(&b, &f3));
    let ee = mul2(&e, &e);
    let y3 = sub2(&mul2(&g, &g), &add2(&add2(&ee, &ee), &ee));
    let z3 = mul2(&add2(&b, &b), &yz);
    let line = [sub2(&b, &e), mul_fp(&mul2(&x, &x), &s[6]), mul_fp(&yz, &s[7])];
    let t = [x3, y3, z3];
    let mut out = *s;
    for i in 0..6 {
        out[i] = t[i / 2][i % 2];
    }
    (out, core::array::from_fn(|i| line[i / 2][i % 2]))
}

#[test]
fn miller_double_matches_reference() {
    for s in inputs::<8>(0x6d69_6c6c, 20_000) {
        let (want_s, want_line) = miller_double_ref(&s);
        let mut got = s;
        assert_eq!(portable::miller_double(&mut got), want_line, "portable line {s:x?}");
        assert_eq!(got, want_s, "portable point {s:x?}");
        #[cfg(target_arch = "x86_64")]
        {
            let mut got = s;
            // SAFETY: `asm_out` runs the kernel only with ADX and BMI2; distinct locals.
            if let Some(line) = asm_out(|l| unsafe { super::x86_64::miller_double(l, &mut got, &super::FUSED) }) {
                assert_eq!(line, want_line, "x86_64 line {s:x?}");
                assert_eq!(got, want_s, "x86_64 point {s:x?}");
            }
        }
    }
}

/// The Jacobian doubling step with the plain operations: `s = (X, Y,
/// V, Z, -6 xp, 4 yp)` with V standing for Z^3 (any value here).
fn miller_double_jacobian_ref(s: &[[u64; 6]; 10]) -> ([[u64; 6]; 10], [[u64; 6]; 6]) {
    let f = |i: usize| [s[2 * i], s[2 * i + 1]];
    let (x, y, v, z) = (f(0), f(1), f(2), f(3));
    let mul_fp = |a: &F2, k: &[u64; 6]| [mul_mont(&a[0], k, &MODULUS, INV), mul_mont(&a[1], k, &MODULUS, INV)];
    let twice = |a: &F2| add2(a, a);
    let b = mul2(&y, &y);
    let c = mul2(&v, &v);
    let xc = xi(&c);
    let x4 = twice(&twice(&xc));
    let e = add2(&twice(&x4), &x4);
    let f3 = add2(&twice(&e), &e);
    let g = half2(&add2(&b, &f3));
    let yv = mul2(&y, &v);
    let xz = mul2(&x, &z);
    let x3 = mul2(&x, &sub2(&b, &f3));
    let ee = mul2(&e, &e);
    let y3 = twice(&twice(&sub2(&mul2(&g, &g), &add2(&add2(&ee, &ee), &ee))));
    let v3 = twice(&twice(&mul2(&twice(&b), &yv)));
    let z3 = twice(&mul2(&y, &z));
    let line = [twice(&sub2(&b, &e)), mul_fp(&mul2(&xz, &xz), &s[8]), mul_fp(&yv, &s[9])];
    let t = [x3, y3, v3, z3];
    let mut out = *s;
    for i in 0..8 {
        out[i] = t[i / 2][i % 2];
    }
    (out, core::array::from_fn(|i| line[i / 2][i % 2]))
}

#[test]
fn miller_double_jacobian_matches_reference() {
    for s in inputs::<10>(0x6a61_636f, 20_000) {
        let (want_s, want_line) = miller_double_jacobian_ref(&s);
        let mut got = s;
        assert_eq!(portable::miller_double_jacobian(&mut got), want_line, "portable line {s:x?}");
        assert_eq!(got, want_s, "portable point {s:x?}");
        #[cfg(target_arch = "x86_64")]
        {
            let mut got = s;
            // SAFETY: `asm_out` runs the kernel only with ADX and BMI2; distinct locals.
            if let Some(line) =
                asm_out(|l| unsafe { super::x86_64::miller_double_jacobian(l, &mut got, &super::FUSED) })
            {
                assert_eq!(line, want_line, "x86_64 line {s:x?}");
                assert_eq!(got, want_s, "x86_64 point {s:x?}");
            }
        }
    }
}

/// The cyclotomic square's formula (on any input):
/// `(3 A^2 - 2 conj(A)) + (3 s B^2 + 2 conj(C)) t + (3 C^2 - 2 conj(B)) t^2`.
fn cyclotomic_sqr_ref(f: &[[u64; 6]; 12]) -> [[u64; 6]; 12] {
    let e = |i: usize| [f[2 * i], f[2 * i + 1]];
    // Fp2 coefficients in tower order: c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2.
    let (a0, a1) = fp4_square(&e(0), &e(4));
    let (b0, b1) = fp4_square(&e(1), &e(5));
    let (c0, c1) = fp4_square(&e(3), &e(2));
    let out = [
        combine(&a0, &e(0), false),
        combine(&c0, &e(1), false),
        combine(&b0, &e(2), false),
        combine(&xi(&b1), &e(3), true),
        combine(&a1, &e(4), true),
        combine(&c1, &e(5), true),
    ];
    core::array::from_fn(|i| out[i / 2][i % 2])
}

#[test]
fn cyclotomic_sqr_matches_reference() {
    for f in inputs::<12>(0x6379_636c, 10_000) {
        kernels_agree!(cyclotomic_sqr(&f), cyclotomic_sqr_ref(&f));
    }
}

/// Double-width Fp2 products for the reduce kernels, anywhere in their
/// ranges: the real parts (even index) below `p 2^384`, the imaginary
/// parts (odd index) below `8 p^2`; zero and the largest value one time
/// in eight each.
fn wide_products<const N: usize>(rng: &mut impl RngCore) -> [[u64; 12]; N] {
    use crate::arith::montgomery::{add_n, mul_wide, sub_n};
    let (lo, hi) = mul_wide(&MODULUS, &MODULUS);
    let p2 = join(&lo, &hi);
    let p2x8 = (1..8).fold(p2, |acc, _| add_n(&acc, &p2).0);
    let max_r = join(&[!0u64; 6], &sub_n(&MODULUS, &[1, 0, 0, 0, 0, 0]).0);
    let max_i = sub_n(&p2x8, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).0;
    core::array::from_fn(|k| {
        let imag = k % 2 == 1;
        match rng.next_u32() % 8 {
            0 => [0; 12],
            1 => {
                if imag {
                    max_i
                } else {
                    max_r
                }
            }
            _ => {
                let hi = coefficient(rng);
                let lo: [u64; 6] = core::array::from_fn(|_| rng.next_u64());
                let t = join(&lo, &hi);
                // Below 8 p^2: scale a value below p 2^384 down.
                let (d, borrow) = sub_n(&t, &p2x8);
                if imag && borrow == 0 {
                    d.map(|l| l >> 4)
                } else {
                    t
                }
            }
        }
    })
}

/// The `k`-th Fp2 value of `q` (entries `2k`, `2k + 1`), each
/// Montgomery-reduced on its own.
fn reduced2(q: &[[u64; 12]], k: usize) -> F2 {
    let one = |t: &[u64; 12]| {
        let (lo, hi) = split(t);
        crate::arith::montgomery::redc(&lo, &hi, &MODULUS, INV)
    };
    [one(&q[2 * k]), one(&q[2 * k + 1])]
}

/// The sparse product's sums on products anywhere in their ranges
/// (`Qr` below `p 2^384`, `Qi` below `8 p^2`, extremes included),
/// against each term reduced on its own and summed mod p.
#[test]
fn fp12_m014_reduce_matches_reference() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6d30_3134);
    for _ in 0..5_000 {
        let q: [[u64; 12]; 26] = wide_products(&mut rng);
        let g = |k: usize| reduced2(&q, k);
        let [v0, v1, m1, m2, m3, n0, n1, n2, w0, w1, w2, w3, w4]: [F2; 13] = core::array::from_fn(g);
        let r0 =
            [add2(&v0, &xi(&add2(&m1, &n2))), add2(&sub2(&sub2(&m2, &v0), &v1), &xi(&n0)), add2(&add2(&v1, &m3), &n1)];
        let r1 = [
            sub2(&sub2(&sub2(&add2(&w0, &xi(&w2)), &v0), &xi(&m1)), &xi(&n0)),
            sub2(&add2(&add2(&sub2(&sub2(&sub2(&w3, &w0), &w1), &m2), &v0), &v1), &n1),
            sub2(&sub2(&sub2(&add2(&w1, &w4), &v1), &m3), &n2),
        ];
        let want = fp12_limbs(&r0, &r1);
        kernels_agree!(fp12_m014_reduce(&q), want);
    }
}

/// The line-pair kernels (x86_64 against the portable twins) on the
/// products their callers form: `Fp12::line_product` from two lines,
/// `Fp12::mul_by_line_product_to` from f and a product of two lines,
/// coefficients often at the ends of their range (so the real parts
/// wrap or not, and the sums reach far into their bounds). The
/// results against the field arithmetic are tested in `field::fp12`.
#[test]
fn line_pair_kernels_match_portable() {
    use crate::arith::montgomery::add_n;
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6c32);
    let f2 = |rng: &mut rand_chacha::ChaCha20Rng| -> F2 { [coefficient(rng), coefficient(rng)] };
    // Unreduced sums (below 2p), as `add_unreduced`.
    let s2 = |a: &F2, b: &F2| -> F2 { [add_n(&a[0], &b[0]).0, add_n(&a[1], &b[1]).0] };
    let w = |a: &F2, b: &F2| -> [Wide384; 2] { mul2_wide(a, b) };
    for _ in 0..3000 {
        let [c0, c1, c4, d0, d1, d4] = core::array::from_fn(|_| f2(&mut rng));
        let mut q = Vec::new();
        for x in [
            w(&c0, &d0),
            w(&c1, &d1),
            w(&c4, &d4),
            w(&s2(&c0, &c1), &s2(&d0, &d1)),
            w(&s2(&c0, &c4), &s2(&d0, &d4)),
            w(&s2(&c1, &c4), &s2(&d1, &d4)),
        ] {
            q.extend_from_slice(&x);
        }
        let q: [Wide384; 12] = q.try_into().unwrap();
        let lp = portable::fp12_l2_reduce(&q);
        x86_64_agrees!(fp12_l2_reduce(&q), lp, "line product");
        // f times a product of two lines (that one, or any reduced b).
        let f: [F2; 6] = core::array::from_fn(|_| f2(&mut rng));
        let b: [F2; 5] = if rng.next_u32() % 2 == 0 {
            core::array::from_fn(|k| [lp[2 * k], lp[2 * k + 1]])
        } else {
            core::array::from_fn(|_| f2(&mut rng))
        };
        let (f0, f1) = ([f[0], f[1], f[2]], [f[3], f[4], f[5]]);
        let b0 = [b[0], b[1], b[2]];
        let s: [F2; 3] = core::array::from_fn(|k| add2(&f0[k], &f1[k]));
        let t = [b[0], add2(&b[1], &b[3]), add2(&b[2], &b[4])];
        let mut q = Vec::new();
        kara_products(&f0, &b0, &mut q);
        for x in [
            w(&f1[1], &b[3]),
            w(&f1[2], &b[4]),
            w(&s2(&f1[1], &f1[2]), &s2(&b[3], &b[4])),
            w(&f1[0], &b[3]),
            w(&f1[0], &b[4]),
        ] {
            q.extend_from_slice(&x);
        }
        kara_products(&s, &t, &mut q);
        let q: [Wide384; 34] = q.try_into().unwrap();
        let want = portable::fp12_m01245_reduce(&q);
        // The twin against the field formula: (A + v C) + (T - A - C) w.
        let (a, c, tt) = (mul6(&f0, &b0), mul6(&f1, &[[[0; 6]; 2], b[3], b[4]]), mul6(&s, &t));
        let r0 = [add2(&a[0], &xi(&c[2])), add2(&a[1], &c[0]), add2(&a[2], &c[1])];
        let r1: [F2; 3] = core::array::from_fn(|k| sub2(&sub2(&tt[k], &a[k]), &c[k]));
        assert_eq!(want, fp12_limbs(&r0, &r1), "portable");
        x86_64_agrees!(fp12_m01245_reduce(&q), want, "f times a line product");
    }
}

/// The full product's kernel (`fp12_mul_reduce`) and its portable
/// twin on the 18 products of `f g` with coefficients often at the
/// ends of their range (0, 1, p - 1, ...; all of them p - 1 in the
/// first cases), against the schoolbook product.
#[test]
fn fp12_mul_reduce_matches_schoolbook() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6d31_3272);
    let top = crate::arith::montgomery::sub_n(&MODULUS, &[1, 0, 0, 0, 0, 0]).0;
    for k in 0..5000 {
        let fg: [F2; 12] = if k < 4 {
            // all p - 1; then f or g all p - 1, the other random
            core::array::from_fn(|i| {
                if k == 0 || (k == 1 && i < 6) || (k == 2 && i >= 6) {
                    [top, top]
                } else {
                    [coefficient(&mut rng), coefficient(&mut rng)]
                }
            })
        } else {
            core::array::from_fn(|_| [coefficient(&mut rng), coefficient(&mut rng)])
        };
        let (f0, f1, g0, g1) =
            ([fg[0], fg[1], fg[2]], [fg[3], fg[4], fg[5]], [fg[6], fg[7], fg[8]], [fg[9], fg[10], fg[11]]);
        let s: [F2; 3] = core::array::from_fn(|i| add2(&f0[i], &f1[i]));
        let t: [F2; 3] = core::array::from_fn(|i| add2(&g0[i], &g1[i]));
        let mut q = Vec::new();
        kara_products(&f0, &g0, &mut q);
        kara_products(&f1, &g1, &mut q);
        kara_products(&s, &t, &mut q);
        let q: [Wide384; 36] = q.try_into().unwrap();
        let want = portable::fp12_mul_reduce(&q);
        // (f0 g0 + v f1 g1) + (f0 g1 + f1 g0) w, v (x0, x1, x2) = (xi x2, x0, x1).
        let (a, c) = (mul6(&f0, &g0), mul6(&f1, &g1));
        let (x, y) = (mul6(&f0, &g1), mul6(&f1, &g0));
        let r0 = [add2(&a[0], &xi(&c[2])), add2(&a[1], &c[0]), add2(&a[2], &c[1])];
        let r1: [F2; 3] = core::array::from_fn(|i| add2(&x[i], &y[i]));
        assert_eq!(want, fp12_limbs(&r0, &r1), "portable {k}");
        x86_64_agrees!(fp12_mul_reduce(&q), want, "x86_64 {k}");
    }
}

/// The square's sums on products anywhere in their ranges (as
/// above), against each term reduced on its own and summed mod p.
#[test]
fn fp12_sqr_reduce_matches_reference() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x7371_7233);
    // Fp6 coefficients from the six products (Karatsuba order).
    let fp6 = |g: &dyn Fn(usize) -> F2, b: usize| -> [F2; 3] {
        let [v0, v1, v2, m01, m12, m02] = [g(b), g(b + 1), g(b + 2), g(b + 3), g(b + 4), g(b + 5)];
        [
            add2(&v0, &xi(&sub2(&sub2(&m12, &v1), &v2))),
            add2(&sub2(&sub2(&m01, &v0), &v1), &xi(&v2)),
            add2(&sub2(&sub2(&m02, &v0), &v2), &v1),
        ]
    };
    for _ in 0..5_000 {
        let q: [[u64; 12]; 24] = wide_products(&mut rng);
        let g = |k: usize| reduced2(&q, k);
        let t = fp6(&g, 0);
        let m = fp6(&g, 6);
        let vt = [xi(&t[2]), t[0], t[1]];
        let c0: [F2; 3] = core::array::from_fn(|i| sub2(&sub2(&m[i], &t[i]), &vt[i]));
        let c1: [F2; 3] = core::array::from_fn(|i| add2(&t[i], &t[i]));
        let want = fp12_limbs(&c0, &c1);
        kernels_agree!(fp12_sqr_reduce(&q), want);
    }
}

#[test]
fn cyclotomic_sqr_compressed_matches_reference() {
    for g in inputs::<8>(0x6b61_7261, 20_000) {
        kernels_agree!(cyclotomic_sqr_compressed(&g), compressed_square_ref(&g));
    }
}
