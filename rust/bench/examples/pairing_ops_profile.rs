//! Runs one operation in a loop, for `perf record -e cpu-clock`:
//! `loopop NAME [ITERATIONS]`.
use bls12_381_core::{Fp12, Fp2};
use rand::SeedableRng;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map(String::as_str).unwrap_or("sqr12");
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let f = Fp12::random(&mut rng);
    let a = Fp2::random(&mut rng);
    let c = Fp2::random(&mut rng);
    match name {
        "sqr12" => {
            for _ in 0..n {
                black_box(black_box(&f).square());
            }
        }
        "dbl" => {
            use bls12_381_core::curve::{G1Projective, G2Projective};
            let p = G1Projective::generator().mul(&bls12_381_core::Fr::random(&mut rng)).to_affine();
            let q = G2Projective::generator().mul(&bls12_381_core::Fr::random(&mut rng)).to_affine();
            for _ in 0..n / 64 {
                black_box(bls12_381_core::pairing::probe::doubling_steps(black_box(&p), black_box(&q), 64));
            }
        }
        "m014" => {
            for _ in 0..n {
                black_box(black_box(&f).mul_by_014(&a, &c, &a));
            }
        }
        // Fp12 mul by either path (`probe::fp12_mul_path`): fused kernel or Fp6 wide sums.
        "mul12fused" | "mul12wide" => {
            let g = Fp12::random(&mut rng);
            let fused = name == "mul12fused";
            for _ in 0..n {
                black_box(bls12_381_core::pairing::probe::fp12_mul_path(black_box(&f), black_box(&g), fused));
            }
        }
        "check8" | "blstcheck8" => {
            use bls12_381_core::curve::{G1Projective, G2Projective};
            let pairs: Vec<_> = (0..8)
                .map(|_| {
                    let p = G1Projective::generator().mul(&bls12_381_core::Fr::random(&mut rng)).to_affine();
                    let q = G2Projective::generator().mul(&bls12_381_core::Fr::random(&mut rng)).to_affine();
                    (p, q)
                })
                .collect();
            if name == "check8" {
                for _ in 0..n {
                    black_box(bls12_381_core::pairing_check(black_box(&pairs)));
                }
            } else {
                use blst::*;
                let bl: Vec<(blst_p1_affine, blst_p2_affine)> = pairs
                    .iter()
                    .map(|(p, q)| unsafe {
                        let (mut a, mut b) = (blst_p1_affine::default(), blst_p2_affine::default());
                        blst_p1_deserialize(&mut a, p.to_uncompressed().as_ptr());
                        blst_p2_deserialize(&mut b, q.to_uncompressed().as_ptr());
                        (a, b)
                    })
                    .collect();
                let pp: Vec<*const blst_p1_affine> = bl.iter().map(|x| &x.0 as *const _).collect();
                let qp: Vec<*const blst_p2_affine> = bl.iter().map(|x| &x.1 as *const _).collect();
                let (mut ml, mut fe) = (blst_fp12::default(), blst_fp12::default());
                for _ in 0..n {
                    unsafe {
                        blst_miller_loop_n(&mut ml, qp.as_ptr(), pp.as_ptr(), pp.len());
                        blst_final_exp(&mut fe, &ml);
                        black_box(blst_fp12_is_one(&fe));
                    }
                }
            }
        }
        _ => panic!("unknown op"),
    }
}
