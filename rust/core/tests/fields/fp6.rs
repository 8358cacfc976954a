//! Fp6 = Fp2[v]/(v^3 - (1 + u)): the whole suite, then what only Fp6 has:
//! the product by the non-residue, the sparse products, the Frobenius map.
//!
//! blst has no Fp6 API, so its reference is blst's Fp12 arithmetic on the
//! embedding `a + 0 w` (Fp6 is a subfield of Fp12) and, for the additive
//! operations, blst's Fp2 arithmetic on each coefficient.

use crate::common::*;
use crate::laws::Blst;
use bls12_381_core::{Fp, Fp2, Fp6};
use blst::blst_fp12;

test_field! {
    Fp6, "fp6", degree 6 over p, pow_exponents (1, 30),
    sample rand_fp6, edges fp6_edges(), op_edges fp6_edges()[..10].to_vec(),
    coeffs |a| [a.c0, a.c1, a.c2].iter().flat_map(|c| [fp_big(&c.c0), fp_big(&c.c1)]).collect(),
    pow_reference |a, e| fp6_unembed(&blst_fp12_pow(&fp6_embed(a), e)),
}

/// Coefficient-wise application of an Fp2 operation.
fn coeffwise(a: &Fp6, b: &Fp6, f: fn(&Fp2, &Fp2) -> Fp2) -> Fp6 {
    Fp6::new(f(&a.c0, &b.c0), f(&a.c1, &b.c1), f(&a.c2, &b.c2))
}

impl Blst for Fp6 {
    fn blst_add(a: &Fp6, b: &Fp6) -> Fp6 {
        coeffwise(a, b, Fp2::blst_add)
    }
    fn blst_sub(a: &Fp6, b: &Fp6) -> Fp6 {
        coeffwise(a, b, Fp2::blst_sub)
    }
    fn blst_mul(a: &Fp6, b: &Fp6) -> Fp6 {
        fp6_unembed(&bcall!(blst_fp12_mul, blst_fp12, &fp6_embed(a), &fp6_embed(b)))
    }
    fn blst_square(a: &Fp6) -> Fp6 {
        fp6_unembed(&bcall!(blst_fp12_sqr, blst_fp12, &fp6_embed(a)))
    }
    fn blst_neg(a: &Fp6) -> Fp6 {
        coeffwise(&Fp6::ZERO, a, Fp2::blst_sub)
    }
    fn blst_double(a: &Fp6) -> Fp6 {
        coeffwise(a, a, Fp2::blst_add)
    }
    fn blst_inverses(a: &Fp6) -> Vec<Fp6> {
        vec![fp6_unembed(&bcall!(blst_fp12_inverse, blst_fp12, &fp6_embed(a)))]
    }
}

field_suite!(Fp6: ring, against_blst);

#[test]
fn mul_by_nonresidue() {
    // v = (0, 1, 0).
    let v = Fp6::new(Fp2::ZERO, Fp2::ONE, Fp2::ZERO);
    for a in crate::laws::singles_of::<Fp6>("mul_by_nonresidue") {
        check("fp6 mul_by_nonresidue", a, a.mul_by_nonresidue(), Fp6::blst_mul(&a, &v));
    }
    assert_eq!(v.square().mul(&v), Fp6::new(Fp2::new(Fp::ONE, Fp::ONE), Fp2::ZERO, Fp2::ZERO), "v^3 = 1 + u");
}

#[test]
fn sparse_products() {
    let mut rng = rng("fp6 sparse");
    let e2 = fp2_edges();
    let mut cases: Vec<(Fp6, Fp2, Fp2)> = Vec::new();
    for a in fp6_edges() {
        for k in 0..8 {
            cases.push((a, e2[(7 * k) % e2.len()], e2[(11 * k + 3) % e2.len()]));
        }
    }
    for _ in 0..N {
        cases.push((rand_fp6(&mut rng), rand_fp2(&mut rng), rand_fp2(&mut rng)));
    }
    for (a, b0, b1) in cases {
        let b01 = Fp6::new(b0, b1, Fp2::ZERO);
        let b1_only = Fp6::new(Fp2::ZERO, b1, Fp2::ZERO);
        let b0_only = Fp6::new(b0, Fp2::ZERO, Fp2::ZERO);
        check("fp6 mul_by_01", (a, b0, b1), a.mul_by_01(&b0, &b1), Fp6::blst_mul(&a, &b01));
        check("fp6 mul_by_1", (a, b1), a.mul_by_1(&b1), Fp6::blst_mul(&a, &b1_only));
        check("fp6 mul_by_fp2", (a, b0), a.mul_by_fp2(&b0), Fp6::blst_mul(&a, &b0_only));
        // The sparse products must equal the full product by the sparse element.
        check("fp6 mul_by_01 = mul", (a, b0, b1), a.mul_by_01(&b0, &b1), a.mul(&b01));
    }
}

#[test]
fn frobenius_map() {
    let mut rng = rng("fp6 frobenius");
    for a in singles(&fp6_edges(), N, &mut rng, |r| rand_fp6(r)) {
        let ba = fp6_embed(&a);
        // Powers 0..=13 (the map has order 6; powers wrap around).
        let k = (fp6_big_index(&a) % 14) as usize;
        for k in [1, 2, 3, k] {
            check("fp6 frobenius_map", (a, k), a.frobenius_map(k), fp6_unembed(&blst_fp12_frobenius(&ba, k)));
        }
    }
    // Every power on a few elements, and the group laws.
    for a in singles(&fp6_edges()[..6], 30, &mut rng, |r| rand_fp6(r)) {
        let ba = fp6_embed(&a);
        let mut x = a;
        for k in 0..=13 {
            check("fp6 frobenius_map (all k)", (a, k), a.frobenius_map(k), fp6_unembed(&blst_fp12_frobenius(&ba, k)));
            check("fp6 frobenius_map(1)^k", (a, k), a.frobenius_map(k), x);
            x = x.frobenius_map(1);
        }
        check("fp6 frobenius_map(1)^6 = id", a, a.frobenius_map(1).frobenius_map(1).frobenius_map(1).frobenius_map(1).frobenius_map(1).frobenius_map(1), a);
    }
    // The map is a^(p^k): a few exponentiations (blst's mul, square and multiply).
    for k in [1u32, 2, 3, 4, 5] {
        for _ in 0..2 {
            let a = rand_fp6(&mut rng);
            let expected = fp6_unembed(&blst_fp12_pow(&fp6_embed(&a), &p_pow_limbs(k)));
            check("fp6 frobenius_map = a^(p^k)", (a, k), a.frobenius_map(k as usize), expected);
        }
    }
}

/// A cheap deterministic index from an element (to vary k per case).
fn fp6_big_index(a: &Fp6) -> u64 {
    a.c0.c0.to_limbs()[0] ^ a.c2.c1.to_limbs()[0]
}
