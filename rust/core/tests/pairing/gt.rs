//! GT: exponentiation against blst's Fp12 product, membership, encoding.

use crate::common::*;
use bls12_381_core::{Error, Fp12, Fr, Gt};
use blst::blst_fp12;

/// Random elements of GT (random Fp12 through blst's final exponentiation:
/// an independent route into the group).
fn rand_gt(rng: &mut impl rand::RngCore) -> Gt {
    let f = bcall!(blst_final_exp, blst_fp12, &fp12_to_blst(&rand_fp12(rng)));
    Gt::from_fp12(&fp12_from_blst(&f)).expect("blst's final exponentiation lands in GT")
}

fn exponents(rng: &mut impl rand::RngCore) -> Vec<Fr> {
    let r = r();
    let mut v: Vec<Fr> = [0u64, 1, 2, 3, 15, 16, 17].iter().map(|&k| Fr::from_u64(k)).collect();
    v.push(fr_of(&(r - 1u32)));
    v.push(fr_of(&(r - 2u32)));
    v.push(fr_of(&pow2(254)));
    v.push(fr_of(&(pow2(64) - 1u32)));
    v.push(fr_of(&pow2(128)));
    v.extend((0..200).map(|_| rand_fr(rng)));
    v
}

#[test]
fn pow_matches_square_and_multiply_on_blst() {
    let mut rng = rng("gt pow");
    for k in exponents(&mut rng) {
        let g = rand_gt(&mut rng);
        let expected = fp12_from_blst(&blst_fp12_pow(&fp12_to_blst(&g.to_fp12()), &k.to_limbs()));
        check("Gt::pow", k, g.pow(&k).to_fp12(), expected);
        check("Gt::pow_vartime", k, g.pow_vartime(&k).to_fp12(), expected);
    }
}

#[test]
fn group_operations_match_blst() {
    let mut rng = rng("gt ops");
    for _ in 0..200 {
        let (a, b) = (rand_gt(&mut rng), rand_gt(&mut rng));
        let (ab, bb) = (fp12_to_blst(&a.to_fp12()), fp12_to_blst(&b.to_fp12()));
        check("mul", (a, b), a.mul(&b).to_fp12(), fp12_from_blst(&bcall!(blst_fp12_mul, blst_fp12, &ab, &bb)));
        check("square", a, a.square().to_fp12(), fp12_from_blst(&bcall!(blst_fp12_sqr, blst_fp12, &ab)));
        check("invert", a, a.invert().mul(&a), Gt::identity());
        assert!(unsafe { blst::blst_fp12_in_group(&ab) });
    }
}

#[test]
fn membership_accepts_members_and_rejects_the_rest() {
    let mut rng = rng("gt membership");
    for _ in 0..200 {
        let g = rand_gt(&mut rng);
        assert!(bool::from(Gt::is_element(&g.to_fp12())));
        let bytes = g.to_bytes();
        assert_eq!(Gt::from_bytes(&bytes).unwrap(), g);
        // A random Fp12 element, and one in the cyclotomic subgroup but of
        // the wrong order: both rejected, as blst rejects them.
        let f = rand_fp12(&mut rng);
        assert_eq!(bool::from(Gt::is_element(&f)), unsafe { blst::blst_fp12_in_group(&fp12_to_blst(&f)) });
        assert!(!bool::from(Gt::is_element(&f)));
        let easy = f.conjugate().mul(&f.invert().unwrap());
        let cyclotomic = easy.frobenius_map(2).mul(&easy);
        assert!(!bool::from(Gt::is_element(&cyclotomic)));
        assert_eq!(Gt::from_fp12(&f), Err(Error::NotInSubgroup));
    }
    assert!(!bool::from(Gt::is_element(&Fp12::ZERO)));
    assert_eq!(Gt::from_bytes(&[0u8; 576]), Err(Error::NotInSubgroup));
    assert!(bool::from(Gt::is_element(&Fp12::ONE)));
    assert_eq!(Gt::from_bytes(&[0u8; 575]), Err(Error::InvalidLength { expected: 576, got: 575 }));
    let mut over = Gt::identity().to_bytes();
    over[..48].copy_from_slice(&le_bytes::<48>(p()));
    assert_eq!(Gt::from_bytes(&over), Err(Error::NotCanonical));
}
