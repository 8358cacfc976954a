//! GT multi-exponentiation by path and size, one thread: torus, plain,
//! and the product of `pow_vartime`s (min over rounds; a tuning probe, not
//! a benchmark of record: `compare gt` is).
use bls12_381_core::{Fp12, Fp6, Fr, Gt};
use rand::SeedableRng;
use std::hint::black_box;

#[path = "common/cpu_time.rs"]
mod cpu_time;
use cpu_time::best_ns as best;

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let (a, b) = (Fp12::random(&mut rng), Fp12::random(&mut rng));
    let (c, d) = (Fp6::random(&mut rng), Fp6::random(&mut rng));
    println!(
        "Fp12 mul {:.0} ns",
        best(200, 200, || {
            black_box(black_box(&a).mul(black_box(&b)));
        })
    );
    println!(
        "Fp6 mul  {:.0} ns",
        best(200, 200, || {
            black_box(black_box(&c).mul(black_box(&d)));
        })
    );
    let sizes: Vec<usize> = std::env::args().skip(1).filter_map(|s| s.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![7, 8, 12, 16, 32, 64, 128, 256] } else { sizes };
    println!("| n | torus (us) | plain (us) | pows (us) | torus/plain | torus/pows |");
    for n in sizes {
        let bases: Vec<Gt> = (0..n).map(|_| Gt::random(&mut rng)).collect();
        let exps: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
        let want = bases.iter().zip(&exps).fold(Gt::identity(), |acc, (b, e)| acc.mul(&b.pow_vartime(e)));
        assert_eq!(Gt::multiexp_vartime_with_threads(&bases, &exps, 1).unwrap(), want);
        assert_eq!(Gt::multiexp_no_torus_vartime(&bases, &exps, 1).unwrap(), want);
        let rounds = (2000 / n).clamp(5, 60);
        let t = best(rounds, 1, || {
            let _ = black_box(Gt::multiexp_vartime_with_threads(&bases, &exps, 1));
        });
        let p = best(rounds, 1, || {
            let _ = black_box(Gt::multiexp_no_torus_vartime(&bases, &exps, 1));
        });
        let q = best(rounds.min(10), 1, || {
            black_box(bases.iter().zip(&exps).fold(Gt::identity(), |acc, (b, e)| acc.mul(&b.pow_vartime(e))));
        });
        println!("| {n} | {:.0} | {:.0} | {:.0} | {:.3} | {:.3} |", t / 1e3, p / 1e3, q / 1e3, t / p, t / q);
    }
}
