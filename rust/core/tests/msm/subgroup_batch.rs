//! `msm::batch_is_torsion_free` against the one-by-one check
//! (`Jacobian::is_torsion_free`) and against the definition ([r]P = O, by
//! `mul_limbs_vartime`): points of the subgroup, points of the curve
//! outside it, points of small order (3 and 11 on G1, whose chains meet
//! the exceptional addition), the identity, at every position of the
//! groups of four the lane path takes and with lengths that leave a
//! remainder; the lanes on and off (G1's lane path; G2 checks one by one).

use crate::common::*;
use crate::reference::*;
use bls12_381_core::curve::{Affine, Jacobian};
use bls12_381_core::msm::batch_is_torsion_free;
use rand::Rng;

/// r's limbs, little-endian.
const R: [u64; 4] = [0xffff_ffff_0000_0001, 0x53bd_a402_fffe_5bfe, 0x3339_d808_09a1_d805, 0x73ed_a753_299d_7d48];

fn in_subgroup<C: TestCurve>(p: &Affine<C>) -> bool {
    bool::from(Jacobian::from(*p).mul_limbs_vartime(&R).is_identity())
}

/// Points of small order: `[n / q] P` for a point P off the subgroup and
/// q = 3 and 11 (dividing the cofactor of G1: (z - 1)^2 / 3), when not the
/// identity; none on G2 (its cofactor's small factors are not searched).
fn small_order<C: TestCurve>(rng: &mut rand_chacha::ChaCha20Rng) -> Vec<Affine<C>> {
    if C::NAME != "G1" {
        return Vec::new();
    }
    // #E1(Fp) = h r, h = (z - 1)^2 / 3: the multiplier is h r / q.
    let z1 = num_bigint::BigUint::from(0xd201_0000_0001_0001u64);
    let h = &z1 * &z1 / 3u32;
    let r = num_bigint::BigUint::from_bytes_le(&R.iter().flat_map(|l| l.to_le_bytes()).collect::<Vec<u8>>());
    let mut out = Vec::new();
    for q in [3u32, 11] {
        let m = (&h * &r / q).to_u64_digits();
        for _ in 0..20 {
            let p = Jacobian::from(C::random_off_subgroup(rng)).mul_limbs_vartime(&m);
            if !bool::from(p.is_identity()) {
                out.push(p.to_affine());
                break;
            }
        }
    }
    out
}

fn matches_one_by_one<C: TestCurve>() {
    let mut rng = rng(&format!("batch subgroup {}", C::NAME));
    let mut pool: Vec<Affine<C>> = Vec::new();
    for _ in 0..6 {
        pool.push(C::blst_random(&mut rng).to_affine());
        pool.push(C::random_off_subgroup(&mut rng));
    }
    pool.extend(small_order::<C>(&mut rng));
    pool.push(Affine::identity());
    let want_pool: Vec<bool> = pool.iter().map(in_subgroup).collect();
    assert!(want_pool.iter().any(|&b| b) && want_pool.iter().any(|&b| !b));
    for lanes in [true, false] {
        bls12_381_core::arith::set_lanes_enabled(lanes);
        for n in [0usize, 1, 3, 4, 5, 8, 9, 13, 40] {
            for _ in 0..4 {
                let idx: Vec<usize> = (0..n).map(|_| rng.gen_range(0..pool.len())).collect();
                let points: Vec<Affine<C>> = idx.iter().map(|&i| pool[i]).collect();
                let got = batch_is_torsion_free(&points);
                for (k, (&i, g)) in idx.iter().zip(&got).enumerate() {
                    assert_eq!(*g, want_pool[i], "{} lanes {lanes} n {n} position {k}", C::NAME);
                    assert_eq!(*g, bool::from(Jacobian::from(pool[i]).is_torsion_free()));
                }
            }
        }
    }
    bls12_381_core::arith::set_lanes_enabled(true);
}

both_curves!(matches_one_by_one);
