//! Throughput of the 4-lane AVX2 Fp kernels (`arith::avx2`) against the
//! scalar MULX kernels, per element, over batches of 1024 independent
//! operations: the minimum over rounds, all rows interleaved round by
//! round (a probe for tuning, not a benchmark of record; the machine is
//! shared, so only the minima mean anything).
//!
//! Run: `cd rust && cargo run --release -p bls12-381-bench --example avx2_probe`
use bls12_381_core::arith::avx2::{self, FpX4};
use bls12_381_core::arith::x86_64;
use bls12_381_core::msm::lanes::{Affine4, BatchAdd, Fp2X4, LaneField};
use bls12_381_core::{Fp, Fp2, G1Affine, G1Projective};
use rand::SeedableRng;
use std::hint::black_box;

const N: usize = 1024;
const Q: usize = N / 4;
const ROUNDS: usize = 2000;

/// p and -p^-1 mod 2^64 for the raw kernel.
const P: [u64; 6] = Fp::MODULUS;
const INV: u64 = 0x89f3_fffc_fffc_fffd;

fn limbs(x: &Fp) -> [u64; 6] {
    // SAFETY: Fp is a transparent wrapper of its six Montgomery limbs.
    unsafe { core::mem::transmute(*x) }
}

/// The chord step: `l = (y2 - y1) inv`, `x3 = l^2 - x1 - x2`,
/// `y3 = l (x1 - x3) - y1`.
fn chord(x1: &Fp, y1: &Fp, x2: &Fp, y2: &Fp, inv: &Fp) -> (Fp, Fp) {
    let l = y2.sub(y1).mul(inv);
    let x3 = l.square().sub(x1).sub(x2);
    let y3 = l.mul(&x1.sub(&x3)).sub(y1);
    (x3, y3)
}

/// The chord step on four lanes (inputs reduced, outputs reduced).
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

// Batch loops compiled with AVX2, so that the small operations inline.

#[target_feature(enable = "avx2")]
unsafe fn mul_batch(out: &mut [FpX4], a: &[FpX4], b: &[FpX4]) {
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        unsafe { avx2::mul(o, x, y) };
    }
}

#[target_feature(enable = "avx2")]
unsafe fn sqr_batch(out: &mut [FpX4], a: &[FpX4]) {
    for (o, x) in out.iter_mut().zip(a) {
        unsafe { avx2::sqr(o, x) };
    }
}

#[target_feature(enable = "avx2")]
unsafe fn mul_chain(acc: &mut [FpX4], a: &[FpX4]) {
    let k = acc.len();
    for (i, x) in a.iter().enumerate() {
        unsafe { avx2::mul_assign(&mut acc[i % k], x) };
    }
}

#[target_feature(enable = "avx2")]
unsafe fn sub_batch(out: &mut [FpX4], a: &[FpX4], b: &[FpX4], reduce: bool) {
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        let d = unsafe { avx2::sub(x, y) };
        *o = if reduce { unsafe { avx2::reduce(&d) } } else { d };
    }
}

#[target_feature(enable = "avx2")]
unsafe fn from_batch(out: &mut [FpX4], a: &[Fp]) {
    for (o, x) in out.iter_mut().zip(a.chunks_exact(4)) {
        *o = unsafe { FpX4::from_refs([&x[0], &x[1], &x[2], &x[3]]) };
    }
}

#[target_feature(enable = "avx2")]
unsafe fn to_batch(out: &mut [Fp], a: &[FpX4]) {
    for (o, x) in out.chunks_exact_mut(4).zip(a) {
        o.copy_from_slice(&unsafe { x.to_base() });
    }
}

#[target_feature(enable = "avx2")]
unsafe fn mul_converting(out: &mut [Fp], a: &[Fp], b: &[Fp]) {
    for ((o, x), y) in out.chunks_exact_mut(4).zip(a.chunks_exact(4)).zip(b.chunks_exact(4)) {
        unsafe {
            let (x, y) = (FpX4::from_refs([&x[0], &x[1], &x[2], &x[3]]), FpX4::from_refs([&y[0], &y[1], &y[2], &y[3]]));
            let mut z = FpX4::ZERO;
            avx2::mul(&mut z, &x, &y);
            o.copy_from_slice(&z.to_base());
        }
    }
}

#[target_feature(enable = "avx2")]
unsafe fn chord_batch(out: &mut [(FpX4, FpX4)], p: [&[FpX4]; 5]) {
    for (i, o) in out.iter_mut().enumerate() {
        unsafe { chord4(&p[0][i], &p[1][i], &p[2][i], &p[3][i], &p[4][i], &mut o.0, &mut o.1) };
    }
}

/// The scalar batched affine addition (as batch_affine.rs's `Batch` on
/// chords): forward running product of the denominators, one
/// inversion, backward pass with the chord step. 5M + 1S per addition.
fn scalar_batch_add(acc: &mut [(Fp, Fp)], add: &[(Fp, Fp)], prefix: &mut Vec<Fp>, denom: &mut Vec<Fp>) {
    prefix.clear();
    denom.clear();
    let mut prod = Fp::ONE;
    for (p, q) in acc.iter().zip(add) {
        assert!(p.0 != q.0);
        let d = q.0.sub(&p.0);
        prefix.push(prod);
        denom.push(d);
        prod = prod.mul(&d);
    }
    let mut inv = prod.invert_vartime().unwrap();
    for i in (0..acc.len()).rev() {
        let dinv = inv.mul(&prefix[i]);
        inv = inv.mul(&denom[i]);
        let (p, q) = (acc[i], add[i]);
        acc[i] = chord(&p.0, &p.1, &q.0, &q.1, &dinv);
    }
}

#[target_feature(enable = "avx2")]
unsafe fn lanes_add_converting(acc: &mut [G1Affine], add: &[G1Affine], a4: &mut Vec<Affine4>, b4: &mut Vec<Affine4>, batch: &mut BatchAdd) {
    a4.clear();
    b4.clear();
    for (p, q) in acc.chunks_exact(4).zip(add.chunks_exact(4)) {
        unsafe {
            a4.push(Affine4::from_affine(p.try_into().unwrap()));
            b4.push(Affine4::from_affine(q.try_into().unwrap()));
        }
    }
    unsafe { batch.add_assign(a4, b4) };
    for (p, s) in acc.chunks_exact_mut(4).zip(a4.iter()) {
        p.copy_from_slice(&unsafe { s.to_affine() });
    }
}

struct Row {
    name: &'static str,
    best: f64,
    f: Box<dyn FnMut()>,
}

fn main() {
    assert!(std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("adx"));
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let mut rand_vec = || -> Vec<Fp> { (0..N).map(|_| Fp::random(&mut rng)).collect() };
    let (a, b, c, d, e) = (rand_vec(), rand_vec(), rand_vec(), rand_vec(), rand_vec());
    // SAFETY (all unsafe blocks below): AVX2, ADX and BMI2 checked above.
    let lanes = |v: &[Fp]| -> Vec<FpX4> {
        let mut out = vec![FpX4::ZERO; Q];
        unsafe { from_batch(&mut out, v) };
        out
    };
    let (la, lb, lc, ld, le) = (lanes(&a), lanes(&b), lanes(&c), lanes(&d), lanes(&e));

    // Check the lane results against the scalar ones before timing.
    for i in 0..Q {
        let (mut m, mut s, mut x3, mut y3) = (FpX4::ZERO, FpX4::ZERO, FpX4::ZERO, FpX4::ZERO);
        let (m, s, x3, y3) = unsafe {
            avx2::mul(&mut m, &la[i], &lb[i]);
            avx2::sqr(&mut s, &la[i]);
            chord4(&la[i], &lb[i], &lc[i], &ld[i], &le[i], &mut x3, &mut y3);
            (m.to_base(), s.to_base(), x3.to_base(), y3.to_base())
        };
        for k in 0..4 {
            let j = 4 * i + k;
            assert_eq!(m[k], a[j] * b[j]);
            assert_eq!(s[k], a[j].square());
            assert_eq!((x3[k], y3[k]), chord(&a[j], &b[j], &c[j], &d[j], &e[j]));
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
        row!("scalar mul_mont_384", move || {
            for ((o, x), y) in out.iter_mut().zip(&a).zip(&b) {
                *o = unsafe { x86_64::mul_mont_384(black_box(x), y, &P, INV) };
            }
            black_box(&out);
        });
    }
    {
        let a = a.clone();
        let mut out = vec![Fp::ZERO; N];
        row!("scalar Fp square", move || {
            for (o, x) in out.iter_mut().zip(&a) {
                *o = black_box(x).square();
            }
            black_box(&out);
        });
    }
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
    batch_row!("avx2 mul", [la, lb], out = vec![FpX4::ZERO; Q], mul_batch(&mut out, black_box(&la), &lb));
    {
        // Fp2 products (G2's coordinates): the scalar Karatsuba kernel
        // against three lane products (msm/lanes/g2.rs), per Fp2 element.
        let x: Vec<Fp2> = a.iter().zip(&b).map(|(u, v)| Fp2::new(*u, *v)).collect();
        let y: Vec<Fp2> = c.iter().zip(&d).map(|(u, v)| Fp2::new(*u, *v)).collect();
        let mut out = vec![Fp2::ZERO; N];
        row!("scalar Fp2 mul", move || {
            for ((o, u), v) in out.iter_mut().zip(&x).zip(&y) {
                *o = black_box(u).mul(v);
            }
            black_box(&out);
        });
        let lx: Vec<Fp2X4> = la.iter().zip(&lb).map(|(u, v)| Fp2X4 { c0: *u, c1: *v }).collect();
        let ly: Vec<Fp2X4> = lc.iter().zip(&ld).map(|(u, v)| Fp2X4 { c0: *u, c1: *v }).collect();
        let mut out = vec![Fp2X4::ZERO; Q];
        row!("avx2 Fp2 mul (Karatsuba, 3 lane products)", move || {
            for ((o, u), v) in out.iter_mut().zip(&lx).zip(&ly) {
                unsafe { Fp2X4::mul(o, black_box(u), v) };
            }
            black_box(&out);
        });
    }
    batch_row!("avx2 sqr", [la], out = vec![FpX4::ZERO; Q], sqr_batch(&mut out, black_box(&la)));
    batch_row!("avx2 mul, 1 dependent chain (4 lanes)", [la], acc = [FpX4::ONE; 1], mul_chain(&mut acc, black_box(&la)));
    batch_row!("avx2 mul, 2 dependent chains (8 lanes)", [la], acc = [FpX4::ONE; 2], mul_chain(&mut acc, black_box(&la)));
    batch_row!("avx2 mul incl. 2 from_fp + 1 to_fp", [a, b], out = vec![Fp::ZERO; N], mul_converting(&mut out, black_box(&a), &b));
    batch_row!("avx2 from_fp", [a], out = vec![FpX4::ZERO; Q], from_batch(&mut out, black_box(&a)));
    batch_row!("avx2 to_fp", [la], out = vec![Fp::ZERO; N], to_batch(&mut out, black_box(&la)));
    batch_row!("avx2 sub", [la, lb], out = vec![FpX4::ZERO; Q], sub_batch(&mut out, black_box(&la), &lb, false));
    batch_row!("avx2 reduce(sub)", [la, lb], out = vec![FpX4::ZERO; Q], sub_batch(&mut out, black_box(&la), &lb, true));
    batch_row!(
        "avx2 chord step (2M+1S+5 add/sub+2 reduce)",
        [la, lb, lc, ld, le],
        out = vec![(FpX4::ZERO, FpX4::ZERO); Q],
        chord_batch(&mut out, [black_box(&la), &lb, &lc, &ld, &le])
    );

    // Batched affine additions of 1024 random points, 1024 additions per call.
    let pts: Vec<G1Affine> = {
        let step = G1Projective::random(&mut rng);
        let mut p = G1Projective::random(&mut rng);
        let v: Vec<G1Projective> = (0..2 * N).map(|_| { p = p.add(&step); p }).collect();
        G1Projective::batch_normalize(&v)
    };
    let (acc_pts, add_pts) = (pts[..N].to_vec(), pts[N..].to_vec());
    {
        let mut acc: Vec<(Fp, Fp)> = acc_pts.iter().map(|p| (p.x(), p.y())).collect();
        let add: Vec<(Fp, Fp)> = add_pts.iter().map(|p| (p.x(), p.y())).collect();
        let (mut prefix, mut denom) = (Vec::new(), Vec::new());
        row!("scalar batch affine add (5M+1S + 1/1024 inv)", move || {
            scalar_batch_add(black_box(&mut acc), &add, &mut prefix, &mut denom);
        });
    }
    {
        let mut acc: Vec<Affine4> = acc_pts.chunks(4).map(|c| unsafe { Affine4::from_affine(c.try_into().unwrap()) }).collect();
        let add: Vec<Affine4> = add_pts.chunks(4).map(|c| unsafe { Affine4::from_affine(c.try_into().unwrap()) }).collect();
        let mut batch = BatchAdd::new();
        row!("lanes BatchAdd (points in lane form)", move || {
            unsafe { batch.add_assign(black_box(&mut acc), &add) };
        });
    }
    {
        let (mut acc, add) = (acc_pts.clone(), add_pts.clone());
        let (mut a4, mut b4, mut batch) = (Vec::new(), Vec::new(), BatchAdd::new());
        row!("lanes BatchAdd incl. G1Affine conversions", move || {
            unsafe { lanes_add_converting(black_box(&mut acc), &add, &mut a4, &mut b4, &mut batch) };
        });
    }
    // Same results: one call each from the same start.
    {
        let mut acc: Vec<(Fp, Fp)> = acc_pts.iter().map(|p| (p.x(), p.y())).collect();
        let add: Vec<(Fp, Fp)> = add_pts.iter().map(|p| (p.x(), p.y())).collect();
        scalar_batch_add(&mut acc, &add, &mut Vec::new(), &mut Vec::new());
        let mut lane_acc = acc_pts.clone();
        unsafe { lanes_add_converting(&mut lane_acc, &add_pts, &mut Vec::new(), &mut Vec::new(), &mut BatchAdd::new()) };
        for (s, l) in acc.iter().zip(&lane_acc) {
            assert!(s.0 == l.x() && s.1 == l.y());
        }
    }

    for _ in 0..ROUNDS {
        for r in rows.iter_mut() {
            let t = std::time::Instant::now();
            (r.f)();
            r.best = r.best.min(t.elapsed().as_nanos() as f64 / N as f64);
        }
    }
    let base = rows[0].best;
    println!("min over {ROUNDS} interleaved rounds, batches of {N}; ns per element (x = scalar mul_mont_384 / row)");
    for r in &rows {
        println!("{:46} {:7.2} ns  {:5.2}x", r.name, r.best, base / r.best);
    }
}
