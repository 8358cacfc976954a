//! Throughput of the 8-lane AVX-512 IFMA Fp kernels (`arith::avx512`)
//! against the scalar MULX product (`x86_64::mul_mont_384`, eight calls per
//! eight elements) and the 4-lane AVX2 kernel (`arith::avx2`, two calls),
//! per element, over batches of 1024 independent operations, one thread:
//! the minimum over rounds, all rows interleaved round by round (a probe
//! for tuning, not a benchmark of record; the machine may be shared, so
//! only the minima mean anything). Every lane result is checked against
//! `Fp` before timing.
//!
//! Run: `cd rust && cargo run --release -p bls12-381-bench --example ifma_lane_throughput`
use bls12_381_core::arith::avx2::{self, FpX4};
use bls12_381_core::arith::avx512::{self, FpX8};
use bls12_381_core::arith::x86_64;
use bls12_381_core::Fp;
use rand::SeedableRng;
use std::hint::black_box;

const N: usize = 1024;
const ROUNDS: usize = 3000;

/// p and -p^-1 mod 2^64 for the raw scalar kernel.
const P: [u64; 6] = Fp::MODULUS;
const INV: u64 = 0x89f3_fffc_fffc_fffd;

fn limbs(x: &Fp) -> [u64; 6] {
    // SAFETY: Fp is a transparent wrapper of its six Montgomery limbs.
    unsafe { core::mem::transmute(*x) }
}

fn from_limbs(x: [u64; 6]) -> Fp {
    // SAFETY: as in `limbs`; the kernels give values below p.
    unsafe { core::mem::transmute(x) }
}

/// The chord step: `l = (y2 - y1) inv`, `x3 = l^2 - x1 - x2`,
/// `y3 = l (x1 - x3) - y1`.
fn chord(x1: &Fp, y1: &Fp, x2: &Fp, y2: &Fp, inv: &Fp) -> (Fp, Fp) {
    let l = y2.sub(y1).mul(inv);
    let x3 = l.square().sub(x1).sub(x2);
    let y3 = l.mul(&x1.sub(&x3)).sub(y1);
    (x3, y3)
}

/// The chord step on eight lanes (inputs reduced, outputs reduced).
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn chord8(x1: &FpX8, y1: &FpX8, x2: &FpX8, y2: &FpX8, inv: &FpX8, x3: &mut FpX8, y3: &mut FpX8) {
    unsafe {
        let mut l = FpX8::ZERO;
        avx512::mul(&mut l, &avx512::sub(y2, y1), inv);
        let mut t = FpX8::ZERO;
        avx512::sqr(&mut t, &l);
        *x3 = avx512::reduce(&avx512::sub(&avx512::sub(&t, x1), x2));
        avx512::mul(&mut t, &l, &avx512::sub(x1, x3));
        *y3 = avx512::reduce(&avx512::sub(&t, y1));
    }
}

/// The chord step on four lanes (as the AVX2 probe).
#[target_feature(enable = "avx2")]
unsafe fn chord4(x1: &FpX4, y1: &FpX4, x2: &FpX4, y2: &FpX4, inv: &FpX4, x3: &mut FpX4, y3: &mut FpX4) {
    unsafe {
        let mut l = FpX4::ZERO;
        avx2::mul(&mut l, &avx2::sub(y2, y1), inv);
        let mut t = FpX4::ZERO;
        avx2::sqr(&mut t, &l);
        *x3 = avx2::reduce(&avx2::sub(&t, &avx2::add(x1, x2)));
        avx2::mul(&mut t, &l, &avx2::sub(x1, x3));
        *y3 = avx2::reduce(&avx2::sub(&t, y1));
    }
}

// Batch loops compiled with the features, so that the small operations
// inline.

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn mul8_batch(out: &mut [FpX8], a: &[FpX8], b: &[FpX8]) {
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        unsafe { avx512::mul(o, x, y) };
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn sqr8_batch(out: &mut [FpX8], a: &[FpX8]) {
    for (o, x) in out.iter_mut().zip(a) {
        unsafe { avx512::sqr(o, x) };
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn mul8_chain(acc: &mut [FpX8], a: &[FpX8]) {
    let k = acc.len();
    for (i, x) in a.iter().enumerate() {
        unsafe { avx512::mul_assign(&mut acc[i % k], x) };
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn sub8_batch(out: &mut [FpX8], a: &[FpX8], b: &[FpX8], reduce: bool) {
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        let d = unsafe { avx512::sub(x, y) };
        *o = if reduce { unsafe { avx512::reduce(&d) } } else { d };
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn from8_batch(out: &mut [FpX8], a: &[Fp]) {
    for (o, x) in out.iter_mut().zip(a.chunks_exact(8)) {
        // SAFETY: Fp is its six words (`repr(transparent)`).
        let refs = core::array::from_fn(|k| unsafe { &*(&x[k] as *const Fp as *const [u64; 6]) });
        *o = unsafe { avx512::from_fp_refs(refs) };
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn to8_batch(out: &mut [Fp], a: &[FpX8]) {
    for (o, x) in out.chunks_exact_mut(8).zip(a) {
        let ptrs: [*mut [u64; 6]; 8] = core::array::from_fn(|k| &mut o[k] as *mut Fp as *mut [u64; 6]);
        unsafe { avx512::to_fp_ptrs(x, ptrs) };
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn chord8_batch(out: &mut [(FpX8, FpX8)], p: [&[FpX8]; 5]) {
    for (i, o) in out.iter_mut().enumerate() {
        unsafe { chord8(&p[0][i], &p[1][i], &p[2][i], &p[3][i], &p[4][i], &mut o.0, &mut o.1) };
    }
}

#[target_feature(enable = "avx2")]
unsafe fn mul4_batch(out: &mut [FpX4], a: &[FpX4], b: &[FpX4]) {
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        unsafe { avx2::mul(o, x, y) };
    }
}

#[target_feature(enable = "avx2")]
unsafe fn mul4_chain(acc: &mut [FpX4], a: &[FpX4]) {
    let k = acc.len();
    for (i, x) in a.iter().enumerate() {
        unsafe { avx2::mul_assign(&mut acc[i % k], x) };
    }
}

#[target_feature(enable = "avx2")]
unsafe fn chord4_batch(out: &mut [(FpX4, FpX4)], p: [&[FpX4]; 5]) {
    for (i, o) in out.iter_mut().enumerate() {
        unsafe { chord4(&p[0][i], &p[1][i], &p[2][i], &p[3][i], &p[4][i], &mut o.0, &mut o.1) };
    }
}

struct Row {
    name: &'static str,
    best: f64,
    f: Box<dyn FnMut()>,
}

fn main() {
    assert!(std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("adx"), "needs AVX2 and ADX");
    if !avx512::available() {
        println!("no AVX-512F/IFMA on this CPU: nothing to measure");
        return;
    }
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let mut rand_vec = || -> Vec<Fp> { (0..N).map(|_| Fp::random(&mut rng)).collect() };
    let (a, b, c, d, e) = (rand_vec(), rand_vec(), rand_vec(), rand_vec(), rand_vec());
    // SAFETY (all unsafe blocks below): AVX2, ADX, AVX-512F and IFMA
    // checked above (the scalar kernel's BMI2 comes with ADX on every CPU
    // that has AVX-512).
    let lanes8 = |v: &[Fp]| -> Vec<FpX8> {
        let mut out = vec![FpX8::ZERO; N / 8];
        unsafe { from8_batch(&mut out, v) };
        out
    };
    let lanes4 = |v: &[Fp]| -> Vec<FpX4> {
        v.chunks_exact(4).map(|x| unsafe { avx2::from_fp(&[limbs(&x[0]), limbs(&x[1]), limbs(&x[2]), limbs(&x[3])]) }).collect()
    };
    let (la, lb, lc, ld, le) = (lanes8(&a), lanes8(&b), lanes8(&c), lanes8(&d), lanes8(&e));
    let (qa, qb, qc, qd, qe) = (lanes4(&a), lanes4(&b), lanes4(&c), lanes4(&d), lanes4(&e));

    // The lane results against Fp before timing.
    let mut back = vec![Fp::ZERO; N];
    unsafe { to8_batch(&mut back, &la) };
    assert!(back.iter().zip(&a).all(|(x, y)| x == y), "round trip");
    for i in 0..N / 8 {
        let (mut m, mut s, mut x3, mut y3) = (FpX8::ZERO, FpX8::ZERO, FpX8::ZERO, FpX8::ZERO);
        let (m, s, x3, y3) = unsafe {
            avx512::mul(&mut m, &la[i], &lb[i]);
            avx512::sqr(&mut s, &la[i]);
            chord8(&la[i], &lb[i], &lc[i], &ld[i], &le[i], &mut x3, &mut y3);
            (avx512::to_fp(&m), avx512::to_fp(&s), avx512::to_fp(&x3), avx512::to_fp(&y3))
        };
        for k in 0..8 {
            let j = 8 * i + k;
            assert_eq!(from_limbs(m[k]), a[j] * b[j]);
            assert_eq!(from_limbs(s[k]), a[j].square());
            assert_eq!((from_limbs(x3[k]), from_limbs(y3[k])), chord(&a[j], &b[j], &c[j], &d[j], &e[j]));
        }
    }

    let mut rows: Vec<Row> = Vec::new();
    macro_rules! row {
        ($name:expr, $body:expr) => {
            rows.push(Row { name: $name, best: f64::MAX, f: Box::new($body) })
        };
    }
    // A row of one batch kernel: clones of the inputs `[..]` and the output
    // `out = init` move into the closure, which makes the one unsafe call.
    macro_rules! batch_row {
        ($name:expr, [$($v:ident),*], $out:ident = $init:expr, $call:expr) => {{
            $(let $v = $v.clone();)*
            let mut $out = $init;
            row!($name, move || {
                unsafe { $call };
                black_box(&$out);
            });
        }};
    }
    {
        let (a, b) = (a.iter().map(limbs).collect::<Vec<_>>(), b.iter().map(limbs).collect::<Vec<_>>());
        let mut out = vec![[0u64; 6]; N];
        row!("scalar mul_mont_384 (ADX)", move || {
            for ((o, x), y) in out.iter_mut().zip(&a).zip(&b) {
                *o = unsafe { x86_64::mul_mont_384(black_box(x), y, &P, INV) };
            }
            black_box(&out);
        });
    }
    batch_row!("avx2 mul (4 lanes)", [qa, qb], out = vec![FpX4::ZERO; N / 4], mul4_batch(&mut out, black_box(&qa), &qb));
    batch_row!("ifma mul (8 lanes)", [la, lb], out = vec![FpX8::ZERO; N / 8], mul8_batch(&mut out, black_box(&la), &lb));
    batch_row!("ifma sqr (8 lanes)", [la], out = vec![FpX8::ZERO; N / 8], sqr8_batch(&mut out, black_box(&la)));
    {
        let a = a.clone();
        let mut acc = [Fp::ONE; 4];
        row!("scalar mul, 4 dependent chains", move || {
            for (i, x) in a.iter().enumerate() {
                acc[i % 4] = acc[i % 4].mul(x);
            }
            black_box(&acc);
        });
    }
    batch_row!("avx2 mul, 2 dependent chains (8 el.)", [qa], acc = [FpX4::ONE; 2], mul4_chain(&mut acc, black_box(&qa)));
    batch_row!("ifma mul, 1 dependent chain (8 el.)", [la], acc = [FpX8::ONE; 1], mul8_chain(&mut acc, black_box(&la)));
    batch_row!("ifma mul, 2 dependent chains (16 el.)", [la], acc = [FpX8::ONE; 2], mul8_chain(&mut acc, black_box(&la)));
    batch_row!("ifma sub", [la, lb], out = vec![FpX8::ZERO; N / 8], sub8_batch(&mut out, black_box(&la), &lb, false));
    batch_row!("ifma reduce(sub)", [la, lb], out = vec![FpX8::ZERO; N / 8], sub8_batch(&mut out, black_box(&la), &lb, true));
    batch_row!("ifma from_fp", [a], out = vec![FpX8::ZERO; N / 8], from8_batch(&mut out, black_box(&a)));
    batch_row!("ifma to_fp", [la], out = vec![Fp::ZERO; N], to8_batch(&mut out, black_box(&la)));
    {
        let (a, b, c, d, e) = (a.clone(), b.clone(), c.clone(), d.clone(), e.clone());
        let mut out = vec![(Fp::ZERO, Fp::ZERO); N];
        row!("scalar chord step (2M+1S+5 add/sub)", move || {
            for (i, o) in out.iter_mut().enumerate() {
                *o = chord(black_box(&a[i]), &b[i], &c[i], &d[i], &e[i]);
            }
            black_box(&out);
        });
    }
    batch_row!(
        "avx2 chord step",
        [qa, qb, qc, qd, qe],
        out = vec![(FpX4::ZERO, FpX4::ZERO); N / 4],
        chord4_batch(&mut out, [black_box(&qa), &qb, &qc, &qd, &qe])
    );
    batch_row!(
        "ifma chord step",
        [la, lb, lc, ld, le],
        out = vec![(FpX8::ZERO, FpX8::ZERO); N / 8],
        chord8_batch(&mut out, [black_box(&la), &lb, &lc, &ld, &le])
    );

    for _ in 0..ROUNDS {
        for r in rows.iter_mut() {
            let t = std::time::Instant::now();
            (r.f)();
            r.best = r.best.min(t.elapsed().as_nanos() as f64 / N as f64);
        }
    }
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("model name")).map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string()))
        .unwrap_or_default();
    let base = rows[0].best;
    println!("CPU: {cpu}; one thread");
    println!("min over {ROUNDS} interleaved rounds, batches of {N}; ns per element (x = scalar mul_mont_384 / row)");
    for r in &rows {
        println!("{:40} {:7.2} ns  {:5.2}x  {:6.1} M/s", r.name, r.best, base / r.best, 1e3 / r.best);
    }
}
