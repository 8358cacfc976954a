//! Timing of the parts of EIP-2537's MAP_FP_TO_G1 (ours, and blst's whole
//! map): map_to_curve, clear_cofactor_vartime, to_affine_vartime, the Fp
//! inversion and square root; min over rounds of batches (nanoseconds).
use bls12_381_core::curve::{G1Projective, Curve, G1};
use bls12_381_core::Fp;
use rand::SeedableRng;
use std::hint::black_box;

fn best<F: FnMut()>(mut f: F) -> f64 {
    let mut b = f64::MAX;
    for _ in 0..300 {
        let t = std::time::Instant::now();
        for _ in 0..10 {
            f();
        }
        b = b.min(t.elapsed().as_nanos() as f64 / 10.0);
    }
    b
}

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let u = Fp::random(&mut rng);
    let p = G1Projective::map_to_curve(&u);
    let q = p.clear_cofactor_vartime();
    let mut ub = [0u8; 48];
    ub.copy_from_slice(&u.to_bytes()); // big-endian
    let mut fe = blst::blst_fp::default();
    unsafe { blst::blst_fp_from_bendian(&mut fe, ub.as_ptr()) };
    for _ in 0..3 {
        println!("map_to_curve      {:7.0}", best(|| { black_box(G1Projective::map_to_curve(black_box(&u))); }));
        println!("clear_cof_vartime {:7.0}", best(|| { black_box(black_box(&p).clear_cofactor_vartime()); }));
        println!("double_n(63)      {:7.0}", best(|| { black_box(G1::double_n_vartime(black_box(&p), 63)); }));
        println!("to_affine_vartime {:7.0}", best(|| { black_box(black_box(&q).to_affine_vartime()); }));
        println!("invert_vartime    {:7.0}", best(|| { black_box(black_box(&u).invert_vartime()); }));
        println!("sqrt              {:7.0}", best(|| { black_box(black_box(&u).sqrt()); }));
        println!("whole (ours)      {:7.0}", best(|| { black_box(G1Projective::map_to_curve(black_box(&u)).clear_cofactor_vartime().to_affine_vartime()); }));
        println!("blst map_to_g1+aff{:7.0}", best(|| {
            let mut out = blst::blst_p1::default();
            let mut aff = blst::blst_p1_affine::default();
            unsafe {
                blst::blst_map_to_g1(&mut out, black_box(&fe), core::ptr::null());
                blst::blst_p1_to_affine(&mut aff, &out);
            }
            black_box(aff);
        }));
        println!();
    }
}
