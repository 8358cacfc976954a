//! Timing probe: each `ours_*` / `peer_*` function runs one operation N
//! times; ours and peer alternate, and the minimum batch time of each over
//! many rounds is reported (the minimum is the least disturbed by other
//! load on a shared machine).
use bls12_381_core::curve::{G2Affine, G2Projective};
use bls12_381_core::{Fp, Fp12, Fp2, Fr};
use blst::*;
use rand::SeedableRng;
use std::hint::black_box;

const N: usize = 20;

fn fp_to_blst(x: &Fp) -> blst_fp {
    let mut r = blst_fp::default();
    unsafe { blst_fp_from_bendian(&mut r, x.to_bytes().as_ptr()) };
    r
}
fn fp2_to_blst(x: &Fp2) -> blst_fp2 {
    blst_fp2 { fp: [fp_to_blst(&x.c0), fp_to_blst(&x.c1)] }
}
fn p2_to_blst(p: &G2Projective) -> blst_p2 {
    let a = p.to_affine();
    let ba = blst_p2_affine { x: fp2_to_blst(&a.x()), y: fp2_to_blst(&a.y()) };
    let mut r = blst_p2::default();
    unsafe { blst_p2_from_affine(&mut r, &ba) };
    r
}

macro_rules! probe {
    ($name:ident, $ty:ty, $body:expr) => {
        #[inline(never)]
        fn $name(x: &mut $ty) {
            for _ in 0..N {
                let f: fn(&mut $ty) = $body;
                f(black_box(&mut *x));
            }
        }
    };
}

probe!(ours_fp2_mul, (Fp2, Fp2), |x| x.0 = x.0.mul(&x.1));
probe!(peer_fp2_mul, (blst_fp2, blst_fp2), |x| unsafe { blst_fp2_mul(&mut x.0, &x.0, &x.1) });
probe!(ours_fp2_sqr, Fp2, |x| *x = x.square());
probe!(peer_fp2_sqr, blst_fp2, |x| unsafe { blst_fp2_sqr(x, x) });
probe!(ours_fp12_mul, (Fp12, Fp12), |x| x.0 = x.0.mul(&x.1));
probe!(ours_fp12_sqr, Fp12, |x| *x = x.square());
probe!(ours_g2_dbl, G2Projective, |x| *x = x.double());
probe!(peer_g2_dbl, blst_p2, |x| unsafe { blst_p2_double(x, x) });
probe!(ours_g2_add, (G2Projective, G2Projective), |x| x.0 = x.0.add(&x.1));
probe!(peer_g2_add, (blst_p2, blst_p2), |x| unsafe { blst_p2_add_or_double(&mut x.0, &x.0, &x.1) });
probe!(ours_g2_madd, (G2Projective, G2Affine), |x| x.0 = x.0.add_affine(&x.1));
probe!(ours_g2_mul, (G2Projective, Fr), |x| x.0 = x.0.mul(&x.1));
probe!(ours_g2_mulv, (G2Projective, Fr), |x| x.0 = x.0.mul_vartime(&x.1));
probe!(peer_g2_mul, (blst_p2, [u8; 32]), |x| unsafe { blst_p2_mult(&mut x.0, &x.0, x.1.as_ptr(), 255) });
probe!(ours_g2_sub, G2Affine, |x| {
    black_box(x.is_torsion_free());
});
probe!(peer_g2_sub, blst_p2_affine, |x| {
    black_box(unsafe { blst_p2_affine_in_g2(x) });
});
probe!(ours_h2g2, u8, |x| {
    *x ^= G2Projective::hash_to_curve(b"abc", b"DST-probe").to_affine().x().c0.to_bytes()[0];
});
probe!(peer_h2g2, u8, |x| {
    let mut r = blst_p2::default();
    let dst = b"DST-probe";
    unsafe { blst_hash_to_g2(&mut r, b"abc".as_ptr(), 3, dst.as_ptr(), dst.len(), std::ptr::null(), 0) };
    *x ^= r.x.fp[0].l[0] as u8;
});

fn time<T: Clone>(f: fn(&mut T), x: &T) -> f64 {
    let mut y = x.clone();
    let t = std::time::Instant::now();
    f(&mut y);
    black_box(&y);
    t.elapsed().as_nanos() as f64 / N as f64
}

fn pair<A: Clone, B: Clone>(name: &str, rounds: usize, f: fn(&mut A), a: &A, g: fn(&mut B), b: &B) {
    let (mut best_f, mut best_g) = (f64::MAX, f64::MAX);
    let mut ratios = Vec::new();
    for _ in 0..rounds {
        let x = time(f, a);
        let y = time(g, b);
        best_f = best_f.min(x);
        best_g = best_g.min(y);
        ratios.push(x / y);
    }
    ratios.sort_by(|x, y| x.partial_cmp(y).unwrap());
    println!(
        "{name:14} ours {best_f:10.1} peer {best_g:10.1}  min-ratio {:.3}  median-ratio {:.3}",
        best_f / best_g,
        ratios[rounds / 2]
    );
}

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    let rounds: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let a = Fp2::random(&mut rng);
    let b = Fp2::random(&mut rng);
    let p = G2Projective::generator().mul(&Fr::random(&mut rng));
    let q = G2Projective::generator().mul(&Fr::random(&mut rng));
    let k = Fr::random(&mut rng);
    let kb = k.to_bytes();
    let w = |s: &str| what.is_empty() || what.split(',').any(|x| x == s);
    let (ba, bb) = (fp2_to_blst(&a), fp2_to_blst(&b));
    let (bp, bq) = (p2_to_blst(&p), p2_to_blst(&q));
    if w("fp2mul") {
        pair("fp2 mul", rounds * 10, ours_fp2_mul, &(a, b), peer_fp2_mul, &(ba, bb));
    }
    if w("fp2sqr") {
        pair("fp2 sqr", rounds * 10, ours_fp2_sqr, &a, peer_fp2_sqr, &ba);
    }
    if w("fp12") {
        let f = Fp12::random(&mut rng);
        let g = Fp12::random(&mut rng);
        pair("fp12 mul/sqr", rounds, ours_fp12_mul, &(f, g), ours_fp12_sqr, &f);
    }
    if w("dbl") {
        pair("g2 dbl", rounds * 4, ours_g2_dbl, &p, peer_g2_dbl, &bp);
    }
    if w("add") {
        pair("g2 add", rounds * 2, ours_g2_add, &(p, q), peer_g2_add, &(bp, bq));
    }
    if w("madd") {
        pair("g2 madd", rounds * 2, ours_g2_madd, &(p, q.to_affine()), peer_g2_add, &(bp, bq));
    }
    if w("mul") {
        pair("g2 mul ct", rounds / 10, ours_g2_mul, &(p, k), peer_g2_mul, &(bp, kb));
    }
    if w("mulv") {
        pair("g2 mul vt", rounds / 10, ours_g2_mulv, &(p, k), peer_g2_mul, &(bp, kb));
    }
    if w("sub") {
        let pa = p.to_affine();
        let bpa = blst_p2_affine { x: fp2_to_blst(&pa.x()), y: fp2_to_blst(&pa.y()) };
        pair("g2 subgroup", rounds / 5, ours_g2_sub, &pa, peer_g2_sub, &bpa);
    }
    if w("h2g") {
        pair("hash_to_g2", rounds / 10, ours_h2g2, &0u8, peer_h2g2, &0u8);
    }
}
