//! The operation counters of the feature `metering` (`bls12_381_core::meter`):
//! known operation counts come out exactly, nested procedures include their
//! children's time, rayon threads are all counted, and `reset` clears.
//! Run with `cargo test -p bls12-381-core --features metering --test meter`
//! (without the feature this suite is empty).
#![cfg(feature = "metering")]

use bls12_381_core::meter::{self, Op};
use bls12_381_core::{pairing, Fp, Fp12, Fp2, Fp6, Fr, G1Projective, G2Projective};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use rayon::prelude::*;
use std::sync::Mutex;

/// The counters are process-wide: the tests of this suite take turns.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn rng() -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(0x006d_6574_6572)
}

#[test]
fn reset_clears_every_counter() {
    let _s = serial();
    let x = Fp12::random(&mut rng());
    std::hint::black_box(x.mul(&x));
    assert!(meter::snapshot().calls(Op::Fp12Mul) > 0);
    meter::reset();
    let s = meter::snapshot();
    assert_eq!(s.0.len(), Op::ALL.len());
    for c in &s.0 {
        assert_eq!((c.calls, c.nanos), (0, 0), "{:?}", c.op);
    }
}

#[test]
fn field_products_count_once_each() {
    let _s = serial();
    let mut r = rng();
    let (a, b) = (Fp::random(&mut r), Fp::random(&mut r));
    let (c, d) = (Fp2::random(&mut r), Fp2::random(&mut r));
    let (e, f) = (Fp6::random(&mut r), Fp6::random(&mut r));
    let (g, h) = (Fp12::random(&mut r), Fp12::random(&mut r));
    meter::reset();
    let mut x = a;
    for _ in 0..100 {
        x = x.mul(&b);
    }
    let mut y = c;
    for _ in 0..10 {
        y = y.mul(&d);
    }
    std::hint::black_box((x, y));
    let s = meter::snapshot();
    assert_eq!(s.calls(Op::FpMul), 100);
    assert_eq!(s.calls(Op::Fp2Mul), 10, "an Fp2 product is one fused kernel, no Fp products");
    assert_eq!(s.calls(Op::Fp2MulWide), 0);
    // The Fp6 product: one wide product (six Fp2 wide products), six
    // reductions in one batch.
    meter::reset();
    std::hint::black_box(e.mul(&f));
    let s = meter::snapshot();
    assert_eq!(s.calls(Op::Fp6Mul), 1);
    assert_eq!(s.calls(Op::Fp6MulWide), 1);
    assert_eq!(s.calls(Op::Fp2MulWide), 6);
    assert_eq!(s.calls(Op::FpReduce), 6);
    // Each Fp12 product makes 18 Fp2 wide products on either backend
    // (three Fp6 products of six: the fused kernel on x86_64, the wide
    // Fp6 sums on the portable one).
    meter::reset();
    let mut w = g;
    for _ in 0..17 {
        w = w.mul(&h);
    }
    std::hint::black_box(w);
    let s = meter::snapshot();
    assert_eq!(s.calls(Op::Fp12Mul), 17);
    assert_eq!(s.calls(Op::Fp2MulWide), 17 * 18);
    assert_eq!(s.calls(Op::Fp12Square), 0);
}

#[test]
fn one_pairing_counts_one_final_exponentiation() {
    let _s = serial();
    let mut r = rng();
    let p = G1Projective::generator().mul(&Fr::random(&mut r)).to_affine();
    let q = G2Projective::generator().mul(&Fr::random(&mut r)).to_affine();
    meter::reset();
    std::hint::black_box(pairing(&p, &q));
    let s = meter::snapshot();
    assert_eq!(s.calls(Op::FinalExp), 1);
    assert_eq!(s.calls(Op::MillerLoop), 1);
    // |z| = 0xd201000000010000: 63 doublings, 5 additions.
    assert_eq!(s.calls(Op::MillerDoubleStep), 63);
    assert_eq!(s.calls(Op::MillerAddStep), 5);
    // Five exponentiations by z in the hard part.
    assert_eq!(s.calls(Op::CyclotomicPowZ), 5);
    // 63 steps of |z|'s loop, the first without squaring.
    assert_eq!(s.calls(Op::Fp12Square), 62);
    // 68 lines. On x86_64 those of a step with an addition go two by two
    // into line products (the first product becomes f); on the portable
    // backend each is multiplied into f on its own, but for the first,
    // which becomes f.
    if bls12_381_core::arith::backend() == bls12_381_core::arith::LimbKernel::Adx {
        assert_eq!(s.calls(Op::LineMul) + 2 * s.calls(Op::LineProduct), 68);
        assert_eq!(s.calls(Op::LineProductMul), s.calls(Op::LineProduct) - 1);
    } else {
        assert_eq!((s.calls(Op::LineMul), s.calls(Op::LineProduct)), (67, 0));
    }
    // A parent's time includes its children's.
    let t = |op| s.get(op).nanos;
    assert!(t(Op::MillerLoop) >= t(Op::MillerDoubleStep) + t(Op::MillerAddStep));
    assert!(t(Op::FinalExp) >= t(Op::CyclotomicPowZ));
    assert!(t(Op::FinalExp) > 0);
}

#[test]
fn rayon_threads_are_all_counted() {
    let _s = serial();
    let x = Fp12::random(&mut rng());
    meter::reset();
    let n = 1000;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
    let sum = pool.install(|| (0..n).into_par_iter().map(|_| x.mul(&x)).reduce(|| Fp12::ZERO, |a, b| a.add(&b)));
    std::hint::black_box(sum);
    assert_eq!(meter::snapshot().calls(Op::Fp12Mul), n as u64);
}
