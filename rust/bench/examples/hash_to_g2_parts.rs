//! Timing of the parts of hash_to_g2 (ours): map_to_curve, clear_cofactor,
//! whole hash; least CPU time per call (ns).
use bls12_381_core::curve::G2Projective;
use bls12_381_core::Fp2;
use rand::SeedableRng;
use std::hint::black_box;

#[path = "common/cpu_time.rs"]
mod cpu_time;

fn best<T>(f: impl FnMut() -> T) -> f64 {
    cpu_time::best_ns(200, 10, f)
}

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let u = Fp2::random(&mut rng);
    let p = G2Projective::map_to_curve(&u);
    println!("map_to_curve   {:9.0}", best(|| G2Projective::map_to_curve(black_box(&u))));
    println!("clear_cofactor {:9.0}", best(|| black_box(&p).clear_cofactor()));
    println!("sqrt           {:9.0}", best(|| black_box(&u.c0).sqrt()));
    println!("hash_to_g2     {:9.0}", best(|| G2Projective::hash_to_curve(black_box(b"abc"), b"DST")));
}
