//! DRAFT probe.
use bls12_381_core::arith::avx2;
use bls12_381_core::Fp;
use rand::SeedableRng;
use std::hint::black_box;

const N: usize = 1024;

fn best<F: FnMut()>(rounds: usize, mut f: F) -> f64 {
    let mut b = f64::MAX;
    for _ in 0..rounds {
        let t = std::time::Instant::now();
        f();
        b = b.min(t.elapsed().as_nanos() as f64);
    }
    b
}

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let a: Vec<Fp> = (0..N).map(|_| Fp::random(&mut rng)).collect();
    let b: Vec<Fp> = (0..N).map(|_| Fp::random(&mut rng)).collect();
    let la: Vec<avx2::Fp4> = a.chunks(4).map(|c| avx2::from_fp(c.try_into().unwrap())).collect();
    let lb: Vec<avx2::Fp4> = b.chunks(4).map(|c| avx2::from_fp(c.try_into().unwrap())).collect();
    let mut lc = la.clone();
    unsafe {
        for i in 0..N / 4 {
            lc[i] = avx2::mul(&la[i], &lb[i]);
            let got = avx2::to_fp(&lc[i]);
            for k in 0..4 {
                assert_eq!(got[k], a[4 * i + k] * b[4 * i + k]);
            }
        }
    }
    let mut c = a.clone();
    for _ in 0..3 {
        let s = best(2000, || {
            for i in 0..N {
                c[i] = black_box(&a[i]).mul(&b[i]);
            }
            black_box(&c);
        });
        let v = best(2000, || {
            for i in 0..N / 4 {
                lc[i] = unsafe { avx2::mul(black_box(&la[i]), &lb[i]) };
            }
            black_box(&lc);
        });
        println!("scalar {:6.2} ns/product   avx2 {:6.2} ns/product", s / N as f64, v / N as f64);
    }
}
