//! Fp6 = Fp2[v]/(v^3 - (1 + u)): the whole suite, then what only Fp6 has:
//! the product by the non-residue and the sparse products.
//!
//! blst has no Fp6 API, so its reference is blst's Fp12 arithmetic on the
//! embedding `a + 0 w` (Fp6 is a subfield of Fp12) and, for the additive
//! operations, blst's Fp2 arithmetic on each coefficient.

use crate::common::*;
use crate::laws::Blst;
use bls12_381_core::{Fp, Fp2, Fp6};

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

blst_tower!(Fp6 by coeffwise over Fp2, fp6_embed, fp6_unembed);

frobenius!(Fp6, order 6, blst |a, k| fp6_unembed(&blst_fp12_frobenius(&fp6_embed(a), k)));

field_suite!(Fp6: ring, against_blst, frobenius);

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
