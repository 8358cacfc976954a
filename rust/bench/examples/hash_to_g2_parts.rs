//! Timing of the parts of hash_to_g2 (ours): map_to_curve, clear_cofactor,
//! whole hash; min over rounds of batches.
use bls12_381_core::curve::G2Projective;
use bls12_381_core::Fp2;
use rand::SeedableRng;
use std::hint::black_box;

fn best<F: FnMut()>(mut f: F) -> f64 {
    let mut b = f64::MAX;
    for _ in 0..200 {
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
    println!("map_to_curve   {:9.0}", best(|| { black_box(G2Projective::map_to_curve(black_box(&u))); }));
    println!("clear_cofactor {:9.0}", best(|| { black_box(black_box(&p).clear_cofactor()); }));
    println!("sqrt           {:9.0}", best(|| { black_box(black_box(&u.c0).sqrt()); }));
    println!("hash_to_g2     {:9.0}", best(|| { black_box(G2Projective::hash_to_curve(black_box(b"abc"), b"DST")); }));
}
