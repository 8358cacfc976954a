//! Timing of the parts of EIP-2537's MAP_FP_TO_G1 and MAP_FP2_TO_G2 (ours)
//! against blst's whole map (map + affine): map_to_curve,
//! clear_cofactor_vartime, a run of 63 doublings, to_affine_vartime; least
//! CPU time per call in ns. BLS12_381_BACKEND=adx times the path of CPUs
//! without AVX-512 IFMA (G2's doublings).
use bls12_381_core::curve::{CurveHooks, G1Projective, G2Projective, G1, G2};
use bls12_381_core::{Fp, Fp2};
use rand::SeedableRng;
use std::hint::black_box;

#[path = "common/cpu_time.rs"]
mod cpu_time;

fn best(f: impl FnMut()) -> f64 {
    cpu_time::best_ns(200, 10, f)
}

fn blst_fp(x: &Fp) -> blst::blst_fp {
    let mut fe = blst::blst_fp::default();
    // SAFETY: 48 readable bytes, a valid output.
    unsafe { blst::blst_fp_from_bendian(&mut fe, x.to_bytes().as_ptr()) };
    fe
}

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let u = Fp::random(&mut rng);
    let p = G1Projective::map_to_curve(&u);
    let q = p.clear_cofactor_vartime();
    let fe = blst_fp(&u);
    let u2 = Fp2::random(&mut rng);
    let p2 = G2Projective::map_to_curve(&u2);
    let q2 = p2.clear_cofactor_vartime();
    let fe2 = blst::blst_fp2 { fp: [blst_fp(&u2.c0), blst_fp(&u2.c1)] };
    for _ in 0..2 {
        println!(
            "G1 map_to_curve      {:7.0}",
            best(|| {
                black_box(G1Projective::map_to_curve(black_box(&u)));
            })
        );
        println!(
            "G1 clear_cof_vartime {:7.0}",
            best(|| {
                black_box(black_box(&p).clear_cofactor_vartime());
            })
        );
        println!(
            "G1 double_n(63)      {:7.0}",
            best(|| {
                black_box(G1::double_n_vartime(black_box(&p), 63));
            })
        );
        println!(
            "G1 to_affine_vartime {:7.0}",
            best(|| {
                black_box(black_box(&q).to_affine_vartime());
            })
        );
        println!(
            "G1 whole (ours)      {:7.0}",
            best(|| {
                black_box(G1Projective::map_to_curve(black_box(&u)).clear_cofactor_vartime().to_affine_vartime());
            })
        );
        println!(
            "G1 whole (blst)      {:7.0}",
            best(|| {
                let (mut out, mut aff) = (blst::blst_p1::default(), blst::blst_p1_affine::default());
                // SAFETY: valid outputs and input; no augmentation (null).
                unsafe {
                    blst::blst_map_to_g1(&mut out, black_box(&fe), core::ptr::null());
                    blst::blst_p1_to_affine(&mut aff, &out);
                }
                black_box(aff);
            })
        );
        println!(
            "G2 map_to_curve      {:7.0}",
            best(|| {
                black_box(G2Projective::map_to_curve(black_box(&u2)));
            })
        );
        println!(
            "G2 clear_cof_vartime {:7.0}",
            best(|| {
                black_box(black_box(&p2).clear_cofactor_vartime());
            })
        );
        println!(
            "G2 double_n(63)      {:7.0}",
            best(|| {
                black_box(G2::double_n_vartime(black_box(&p2), 63));
            })
        );
        println!(
            "G2 to_affine_vartime {:7.0}",
            best(|| {
                black_box(black_box(&q2).to_affine_vartime());
            })
        );
        println!(
            "G2 whole (ours)      {:7.0}",
            best(|| {
                black_box(G2Projective::map_to_curve(black_box(&u2)).clear_cofactor_vartime().to_affine_vartime());
            })
        );
        println!(
            "G2 whole (blst)      {:7.0}",
            best(|| {
                let (mut out, mut aff) = (blst::blst_p2::default(), blst::blst_p2_affine::default());
                // SAFETY: valid outputs and input; no augmentation (null).
                unsafe {
                    blst::blst_map_to_g2(&mut out, black_box(&fe2), core::ptr::null());
                    blst::blst_p2_to_affine(&mut aff, &out);
                }
                black_box(aff);
            })
        );
        println!();
    }
}
