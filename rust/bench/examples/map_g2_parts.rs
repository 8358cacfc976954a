//! Timing of the parts of EIP-2537's MAP_FP2_TO_G2 (ours, and blst's whole
//! map): map_to_curve, clear_cofactor_vartime, to_affine_vartime, a run of
//! 63 doublings; min over rounds of batches (nanoseconds). Set
//! BLS12_381_BACKEND=adx to time the path of CPUs without AVX-512 IFMA.
use bls12_381_core::curve::{Curve, G2Projective, G2};
use bls12_381_core::Fp2;
use rand::SeedableRng;
use std::hint::black_box;

fn best<F: FnMut()>(mut f: F) -> f64 {
    let mut b = f64::MAX;
    for _ in 0..100 {
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
    let u = Fp2::random(&mut rng);
    let p = G2Projective::map_to_curve(&u);
    let q = p.clear_cofactor_vartime();
    let mut fe = blst::blst_fp2::default();
    let (c0, c1) = (u.c0.to_bytes(), u.c1.to_bytes()); // big-endian
    unsafe {
        blst::blst_fp_from_bendian(&mut fe.fp[0], c0.as_ptr());
        blst::blst_fp_from_bendian(&mut fe.fp[1], c1.as_ptr());
    }
    for _ in 0..2 {
        println!("map_to_curve      {:7.0}", best(|| { black_box(G2Projective::map_to_curve(black_box(&u))); }));
        println!("clear_cof_vartime {:7.0}", best(|| { black_box(black_box(&p).clear_cofactor_vartime()); }));
        println!("double_n(63)      {:7.0}", best(|| { black_box(G2::double_n_vartime(black_box(&p), 63)); }));
        println!("to_affine_vartime {:7.0}", best(|| { black_box(black_box(&q).to_affine_vartime()); }));
        println!("whole (ours)      {:7.0}", best(|| { black_box(G2Projective::map_to_curve(black_box(&u)).clear_cofactor_vartime().to_affine_vartime()); }));
        println!("blst map_to_g2+aff{:7.0}", best(|| {
            let mut out = blst::blst_p2::default();
            let mut aff = blst::blst_p2_affine::default();
            unsafe {
                blst::blst_map_to_g2(&mut out, black_box(&fe), core::ptr::null());
                blst::blst_p2_to_affine(&mut aff, &out);
            }
            black_box(aff);
        }));
        println!();
    }
}
