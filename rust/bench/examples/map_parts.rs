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

fn best<T>(f: impl FnMut() -> T) -> f64 {
    cpu_time::best_ns(200, 10, f)
}

fn blst_fp(x: &Fp) -> blst::blst_fp {
    let mut fe = blst::blst_fp::default();
    // SAFETY: 48 readable bytes, a valid output.
    unsafe { blst::blst_fp_from_bendian(&mut fe, x.to_bytes().as_ptr()) };
    fe
}

/// The rows of group `$g` (curve `$c`, projective type `$proj`): the
/// parts of our map of `$u` (`$p` its image, `$q` that cleared), our whole
/// map, and blst's of `$fe` (`$map` into a `$out`, `$to_affine` into a
/// `$aff`).
macro_rules! rows {
    ($g:literal, $c:ident, $proj:ident, $u:ident, $p:ident, $q:ident,
     $fe:ident, $map:ident, $out:ident, $to_affine:ident, $aff:ident) => {
        let row = |name: &str, ns: f64| println!("{} {name:17} {ns:7.0}", $g);
        row("map_to_curve", best(|| $proj::map_to_curve(black_box(&$u))));
        row("clear_cof_vartime", best(|| black_box(&$p).clear_cofactor_vartime()));
        row("double_n(63)", best(|| $c::double_n_vartime(black_box(&$p), 63)));
        row("to_affine_vartime", best(|| black_box(&$q).to_affine_vartime()));
        row("whole (ours)", best(|| $proj::map_to_curve(black_box(&$u)).clear_cofactor_vartime().to_affine_vartime()));
        row(
            "whole (blst)",
            best(|| {
                let (mut out, mut aff) = (blst::$out::default(), blst::$aff::default());
                // SAFETY: valid outputs and input; no augmentation (null).
                unsafe {
                    blst::$map(&mut out, black_box(&$fe), core::ptr::null());
                    blst::$to_affine(&mut aff, &out);
                }
                aff
            }),
        );
    };
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
        rows!("G1", G1, G1Projective, u, p, q, fe, blst_map_to_g1, blst_p1, blst_p1_to_affine, blst_p1_affine);
        rows!("G2", G2, G2Projective, u2, p2, q2, fe2, blst_map_to_g2, blst_p2, blst_p2_to_affine, blst_p2_affine);
        println!();
    }
}
