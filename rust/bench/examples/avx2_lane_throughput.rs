//! Throughput of the 4-lane AVX2 Fp kernels (`arith::avx2`) and, where
//! the CPU has AVX-512F, the same kernels on 8 lanes (`arith::avx512f`)
//! and, with IFMA, the 8-lane IFMA kernels (`arith::avx512_ifma`) against
//! the scalar MULX kernels, per element, over batches of 1024 independent
//! operations, one thread: the minimum over rounds, all rows interleaved
//! round by round (a probe for tuning, not a benchmark of record; the
//! machine is shared, so only the minima mean anything).
//!
//! Run: `cd rust && cargo run --release -p bls12-381-bench --example avx2_probe`
use bls12_381_core::arith::avx2::{self, FpX4};
use bls12_381_core::arith::avx512_ifma::{self, FpX8Ifma};
use bls12_381_core::arith::avx512f::{self, FpX8F};
use bls12_381_core::arith::x86_64;
use bls12_381_core::msm::lanes::{AffineLanes, BatchAdd, Fp2X4, LaneField};

type Affine4 = AffineLanes<FpX4>;
use bls12_381_core::curve::G1;
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

/// The batch loops of one lane kernel (`$m`: its module, `$t`: its
/// vector type), compiled with its features (`$f`) so that the small
/// operations inline. The chord step takes reduced inputs and gives
/// reduced outputs on both kernels.
macro_rules! lane_batches {
    ($name:ident, $m:ident, $t:ty, $f:literal) => {
        mod $name {
            use super::*;

            #[target_feature(enable = $f)]
            pub unsafe fn chord(x1: &$t, y1: &$t, x2: &$t, y2: &$t, inv: &$t, x3: &mut $t, y3: &mut $t) {
                unsafe {
                    let (mut l, mut t) = (<$t>::ZERO, <$t>::ZERO);
                    $m::mul(&mut l, &$m::sub(y2, y1), inv);
                    $m::sqr(&mut t, &l);
                    *x3 = $m::reduce(&$m::sub(&t, &$m::add(x1, x2)));
                    $m::mul(&mut t, &l, &$m::sub(x1, x3));
                    *y3 = $m::reduce(&$m::sub(&t, y1));
                }
            }

            #[target_feature(enable = $f)]
            pub unsafe fn mul_batch(out: &mut [$t], a: &[$t], b: &[$t]) {
                for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
                    unsafe { $m::mul(o, x, y) };
                }
            }

            #[target_feature(enable = $f)]
            pub unsafe fn sqr_batch(out: &mut [$t], a: &[$t]) {
                for (o, x) in out.iter_mut().zip(a) {
                    unsafe { $m::sqr(o, x) };
                }
            }

            #[target_feature(enable = $f)]
            pub unsafe fn mul_chain(acc: &mut [$t], a: &[$t]) {
                let k = acc.len();
                for (i, x) in a.iter().enumerate() {
                    unsafe { $m::mul_assign(&mut acc[i % k], x) };
                }
            }

            #[target_feature(enable = $f)]
            pub unsafe fn sub_batch(out: &mut [$t], a: &[$t], b: &[$t], reduce: bool) {
                for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
                    let d = unsafe { $m::sub(x, y) };
                    *o = if reduce { unsafe { $m::reduce(&d) } } else { d };
                }
            }

            #[target_feature(enable = $f)]
            pub unsafe fn chord_batch(out: &mut [($t, $t)], p: [&[$t]; 5]) {
                for (i, o) in out.iter_mut().enumerate() {
                    unsafe { chord(&p[0][i], &p[1][i], &p[2][i], &p[3][i], &p[4][i], &mut o.0, &mut o.1) };
                }
            }
        }
    };
}
lane_batches!(avx2_batches, avx2, FpX4, "avx2");
lane_batches!(ifma_batches, avx512_ifma, FpX8Ifma, "avx512f,avx512ifma");
lane_batches!(f_batches, avx512f, FpX8F, "avx2,avx512f");

/// The elements of `v` in lanes of `F`, `F::LANES` at a time.
fn lanes_of<F: LaneField<Curve = G1>>(v: &[Fp]) -> Vec<F> {
    let refs: Vec<&Fp> = v.iter().collect();
    // SAFETY: the callers checked the kernel's CPU features.
    refs.chunks_exact(F::LANES).map(|c| unsafe { F::from_refs(c) }).collect()
}

/// The lane products and squares of kernel `F` against Fp's.
fn check_products<F: LaneField<Curve = G1>>(a: &[Fp], b: &[Fp]) {
    let (la, lb) = (lanes_of::<F>(a), lanes_of::<F>(b));
    for (i, (x, y)) in la.iter().zip(&lb).enumerate() {
        let (mut m, mut s) = (F::ZERO, F::ZERO);
        // SAFETY: as in `lanes_of`.
        let (m, s) = unsafe {
            F::mul(&mut m, x, y);
            F::sqr(&mut s, x);
            (m.to_base(), s.to_base())
        };
        for k in 0..F::LANES {
            let j = F::LANES * i + k;
            assert!(m[k] == a[j] * b[j] && s[k] == a[j].square(), "lane {k} of group {i}");
        }
    }
}

/// A row body: `BatchAdd` on kernel `F` of the points `add` into `acc`,
/// in lane form.
fn batch_add_row<F: LaneField<Curve = G1> + 'static>(acc: &[G1Affine], add: &[G1Affine]) -> Box<dyn FnMut()> {
    // SAFETY: the callers checked the kernel's CPU features.
    let mut acc: Vec<AffineLanes<F>> = acc.chunks(F::LANES).map(|c| unsafe { AffineLanes::from_affine(c) }).collect();
    let add: Vec<AffineLanes<F>> = add.chunks(F::LANES).map(|c| unsafe { AffineLanes::from_affine(c) }).collect();
    let mut batch = BatchAdd::new();
    Box::new(move || unsafe { batch.add_assign(black_box(&mut acc), &add) })
}
use avx2_batches::{chord as chord4, chord_batch, mul_batch, mul_chain, sqr_batch, sub_batch};

#[target_feature(enable = "avx2")]
unsafe fn from_batch(out: &mut [FpX4], a: &[Fp]) {
    for (o, x) in out.iter_mut().zip(a.chunks_exact(4)) {
        *o = unsafe { FpX4::from_refs(&[&x[0], &x[1], &x[2], &x[3]]) };
    }
}

#[target_feature(enable = "avx2")]
unsafe fn to_batch(out: &mut [Fp], a: &[FpX4]) {
    for (o, x) in out.chunks_exact_mut(4).zip(a) {
        o.copy_from_slice(&unsafe { x.to_base() }[..4]);
    }
}

#[target_feature(enable = "avx2")]
unsafe fn mul_converting(out: &mut [Fp], a: &[Fp], b: &[Fp]) {
    for ((o, x), y) in out.chunks_exact_mut(4).zip(a.chunks_exact(4)).zip(b.chunks_exact(4)) {
        unsafe {
            let (x, y) =
                (FpX4::from_refs(&[&x[0], &x[1], &x[2], &x[3]]), FpX4::from_refs(&[&y[0], &y[1], &y[2], &y[3]]));
            let mut z = FpX4::ZERO;
            avx2::mul(&mut z, &x, &y);
            o.copy_from_slice(&z.to_base()[..4]);
        }
    }
}

/// Eight elements into lane form, as six-word references (`Fp` is its
/// six words).
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn from8_batch(out: &mut [FpX8Ifma], a: &[Fp]) {
    for (o, x) in out.iter_mut().zip(a.chunks_exact(8)) {
        let words: [&[u64; 6]; 8] = core::array::from_fn(|k| unsafe { &*(&x[k] as *const Fp as *const [u64; 6]) });
        *o = unsafe { avx512_ifma::from_fp_refs(words) };
    }
}

/// Eight lanes back into elements, in place.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn to8_batch(out: &mut [Fp], a: &[FpX8Ifma]) {
    for (o, x) in out.chunks_exact_mut(8).zip(a) {
        unsafe { avx512_ifma::to_fp_ptrs(x, core::array::from_fn(|k| &mut o[k] as *mut Fp as *mut [u64; 6])) };
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
unsafe fn lanes_add_converting(
    acc: &mut [G1Affine],
    add: &[G1Affine],
    a4: &mut Vec<Affine4>,
    b4: &mut Vec<Affine4>,
    batch: &mut BatchAdd<FpX4>,
) {
    a4.clear();
    b4.clear();
    for (p, q) in acc.chunks_exact(4).zip(add.chunks_exact(4)) {
        unsafe {
            a4.push(Affine4::from_affine(p));
            b4.push(Affine4::from_affine(q));
        }
    }
    unsafe { batch.add_assign(a4, b4) };
    for (p, s) in acc.chunks_exact_mut(4).zip(a4.iter()) {
        p.copy_from_slice(&unsafe { s.to_affine() }[..4]);
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
    // The rows of an eight-lane kernel's batch functions (module `$m`,
    // lane type `$t`, row names after `$p`) on the lanes `$la..$le`.
    macro_rules! eight_lane_rows {
        ($p:literal, $m:ident, $t:ty, [$la:ident, $lb:ident, $lc:ident, $ld:ident, $le:ident]) => {
            batch_row!(
                concat!($p, " mul (8 lanes)"),
                [$la, $lb],
                out = vec![<$t>::ZERO; N / 8],
                $m::mul_batch(&mut out, black_box(&$la), &$lb)
            );
            batch_row!(
                concat!($p, " sqr"),
                [$la],
                out = vec![<$t>::ZERO; N / 8],
                $m::sqr_batch(&mut out, black_box(&$la))
            );
            batch_row!(
                concat!($p, " mul, 1 dependent chain (8 lanes)"),
                [$la],
                acc = [<$t>::ONE; 1],
                $m::mul_chain(&mut acc, black_box(&$la))
            );
            batch_row!(
                concat!($p, " reduce(sub)"),
                [$la, $lb],
                out = vec![<$t>::ZERO; N / 8],
                $m::sub_batch(&mut out, black_box(&$la), &$lb, true)
            );
            batch_row!(
                concat!($p, " chord step (2M+1S+5 add/sub+2 reduce)"),
                [$la, $lb, $lc, $ld, $le],
                out = vec![(<$t>::ZERO, <$t>::ZERO); N / 8],
                $m::chord_batch(&mut out, [black_box(&$la), &$lb, &$lc, &$ld, &$le])
            );
        };
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
    batch_row!(
        "avx2 mul, 1 dependent chain (4 lanes)",
        [la],
        acc = [FpX4::ONE; 1],
        mul_chain(&mut acc, black_box(&la))
    );
    batch_row!(
        "avx2 mul, 2 dependent chains (8 lanes)",
        [la],
        acc = [FpX4::ONE; 2],
        mul_chain(&mut acc, black_box(&la))
    );
    batch_row!(
        "avx2 mul incl. 2 from_fp + 1 to_fp",
        [a, b],
        out = vec![Fp::ZERO; N],
        mul_converting(&mut out, black_box(&a), &b)
    );
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

    // The 8-lane IFMA kernels, where the CPU has them: the same inputs in
    // lane form, the results checked against Fp before timing.
    if avx512_ifma::available() {
        let lanes8 = |v: &[Fp]| -> Vec<FpX8Ifma> {
            let mut out = vec![FpX8Ifma::ZERO; N / 8];
            // SAFETY: IFMA checked.
            unsafe { from8_batch(&mut out, v) };
            out
        };
        let (la, lb, lc, ld, le) = (lanes8(&a), lanes8(&b), lanes8(&c), lanes8(&d), lanes8(&e));
        for i in 0..N / 8 {
            let (mut m, mut s, mut x3, mut y3) = (FpX8Ifma::ZERO, FpX8Ifma::ZERO, FpX8Ifma::ZERO, FpX8Ifma::ZERO);
            let mut out = vec![Fp::ZERO; 40];
            unsafe {
                avx512_ifma::mul(&mut m, &la[i], &lb[i]);
                avx512_ifma::sqr(&mut s, &la[i]);
                ifma_batches::chord(&la[i], &lb[i], &lc[i], &ld[i], &le[i], &mut x3, &mut y3);
                to8_batch(&mut out, &[m, s, x3, y3, la[i]]);
            }
            for k in 0..8 {
                let j = 8 * i + k;
                assert_eq!(out[k], a[j] * b[j]);
                assert_eq!(out[8 + k], a[j].square());
                assert_eq!((out[16 + k], out[24 + k]), chord(&a[j], &b[j], &c[j], &d[j], &e[j]));
                assert_eq!(out[32 + k], a[j]);
            }
        }
        use ifma_batches as ifma;
        eight_lane_rows!("ifma", ifma, FpX8Ifma, [la, lb, lc, ld, le]);
        batch_row!(
            "ifma mul, 2 dependent chains (16 lanes)",
            [la],
            acc = [FpX8Ifma::ONE; 2],
            ifma::mul_chain(&mut acc, black_box(&la))
        );
        batch_row!("ifma from_fp", [a], out = vec![FpX8Ifma::ZERO; N / 8], from8_batch(&mut out, black_box(&a)));
        batch_row!("ifma to_fp", [la], out = vec![Fp::ZERO; N], to8_batch(&mut out, black_box(&la)));
        batch_row!(
            "ifma sub",
            [la, lb],
            out = vec![FpX8Ifma::ZERO; N / 8],
            ifma::sub_batch(&mut out, black_box(&la), &lb, false)
        );
    } else {
        println!("no AVX-512 IFMA on this CPU: no ifma rows");
    }

    // The AVX2 kernel's algorithm on eight lanes of zmm (AVX-512F).
    if avx512f::available() {
        check_products::<FpX8F>(&a, &b);
        let (la, lb, lc, ld, le) = (lanes_of(&a), lanes_of(&b), lanes_of(&c), lanes_of(&d), lanes_of(&e));
        use f_batches as f;
        eight_lane_rows!("avx512f", f, FpX8F, [la, lb, lc, ld, le]);
    } else {
        println!("no AVX-512F on this CPU: no avx512f rows");
    }

    // Batched affine additions of 1024 random points, 1024 additions per call.
    let pts: Vec<G1Affine> = {
        let step = G1Projective::random(&mut rng);
        let mut p = G1Projective::random(&mut rng);
        let v: Vec<G1Projective> = (0..2 * N)
            .map(|_| {
                p = p.add(&step);
                p
            })
            .collect();
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
        let mut acc: Vec<Affine4> = acc_pts.chunks(4).map(|c| unsafe { Affine4::from_affine(c) }).collect();
        let add: Vec<Affine4> = add_pts.chunks(4).map(|c| unsafe { Affine4::from_affine(c) }).collect();
        let mut batch = BatchAdd::new();
        row!("lanes BatchAdd (points in lane form)", move || {
            unsafe { batch.add_assign(black_box(&mut acc), &add) };
        });
    }
    if avx512f::available() {
        rows.push(Row {
            name: "AVX-512F lanes BatchAdd (points in lane form)",
            best: f64::MAX,
            f: batch_add_row::<FpX8F>(&acc_pts, &add_pts),
        });
    }
    if avx512_ifma::available() {
        rows.push(Row {
            name: "IFMA lanes BatchAdd (points in lane form)",
            best: f64::MAX,
            f: batch_add_row::<FpX8Ifma>(&acc_pts, &add_pts),
        });
    }
    {
        let (mut acc, add) = (acc_pts.clone(), add_pts.clone());
        let (mut a4, mut b4, mut batch) = (Vec::new(), Vec::new(), BatchAdd::<FpX4>::new());
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
        unsafe {
            lanes_add_converting(&mut lane_acc, &add_pts, &mut Vec::new(), &mut Vec::new(), &mut BatchAdd::new())
        };
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
    let cpu = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model =
        cpu.lines().find_map(|l| l.strip_prefix("model name")).map_or("?", |l| l.trim_start_matches([' ', '\t', ':']));
    println!("CPU: {model}; one thread");
    println!("min over {ROUNDS} interleaved rounds, batches of {N}; ns per element (x = scalar mul_mont_384 / row)");
    for r in &rows {
        println!("{:46} {:7.2} ns  {:5.2}x", r.name, r.best, base / r.best);
    }
}
