//! Fp12 = Fp6[w]/(w^2 - v): the whole suite, then what only Fp12 has: the
//! product against a num-bigint polynomial model (Fp12 = Fp[w] modulo
//! w^12 - 2w^6 + 2), the sparse product of the Miller loop, conjugation,
//! p^6 = conjugation, `is_one`, the coefficient order, wide reduction, and
//! the known value e(G1, G2). blst has no Fp12 addition: its reference
//! there is blst's Fp arithmetic on each coefficient.

use crate::common::*;
use crate::laws::singles_of;
use bls12_381_core::{Fp, Fp12, Fp2, Fp6};
use blst::{blst_fp, blst_fp12, blst_fp6};
use num_bigint::BigUint;
use rand::RngCore;

test_field! {
    Fp12, "fp12", degree 12 over p, pow_exponents (1, 20),
    sample rand_fp12, edges fp12_edges(), op_edges fp12_edges()[..10].to_vec(),
    coeffs |a| a.coefficients().iter().map(fp_big).collect(),
    pow_reference |a, e| fp12_from_blst(&blst_fp12_pow(&fp12_to_blst(a), e)),
}

/// Coefficient-wise application of an Fp operation.
fn coeffwise(a: &Fp12, b: &Fp12, f: fn(&Fp, &Fp) -> Fp) -> Fp12 {
    let (ca, cb) = (a.coefficients(), b.coefficients());
    Fp12::from_coefficients(&core::array::from_fn(|k| f(&ca[k], &cb[k])))
}

blst_tower!(Fp12 by coeffwise over Fp, fp12_to_blst, fp12_from_blst);
encoded!(Fp12, 576, |x| le_bytes::<48>(x));

frobenius!(Fp12, order 12, blst |a, k| fp12_from_blst(&blst_fp12_frobenius(&fp12_to_blst(a), k)));

field_suite!(Fp12: ring, against_blst, encoding, frobenius);

// ------------------------------------------------- num-bigint polynomial model

/// The tower element as a polynomial in w of degree < 12: u = w^6 - 1 and
/// v = w^2, so (a + b u) v^j w^i = (a - b) w^m + b w^(m+6) with m = 2j + i.
fn to_poly(x: &Fp12) -> Vec<BigUint> {
    let p = p();
    let mut poly = vec![big(0); 12];
    for (i, f6) in [&x.c0, &x.c1].into_iter().enumerate() {
        for (j, f2) in [&f6.c0, &f6.c1, &f6.c2].into_iter().enumerate() {
            let m = 2 * j + i;
            let (a, b) = (fp_big(&f2.c0), fp_big(&f2.c1));
            poly[m] = (a + p - &b) % p;
            poly[m + 6] = b;
        }
    }
    poly
}

fn from_poly(poly: &[BigUint]) -> Fp12 {
    let p = p();
    let f2 = |m: usize| {
        let b = &poly[m + 6] % p;
        let a = (&poly[m] + &b) % p;
        Fp2::new(fp_of(&a), fp_of(&b))
    };
    Fp12::new(Fp6::new(f2(0), f2(2), f2(4)), Fp6::new(f2(1), f2(3), f2(5)))
}

/// Product in Fp[w]/(w^12 - 2 w^6 + 2) (w^12 = 2 w^6 - 2).
fn poly_mul(a: &[BigUint], b: &[BigUint]) -> Vec<BigUint> {
    let p = p();
    let mut c = vec![big(0); 23];
    for i in 0..12 {
        for j in 0..12 {
            c[i + j] += &a[i] * &b[j];
        }
    }
    for d in (12..23).rev() {
        let t = &c[d] % p;
        c[d] = big(0);
        c[d - 6] += big(2) * &t;
        c[d - 12] += big(2) * (p - &t);
    }
    c.truncate(12);
    c.iter().map(|x| x % p).collect()
}

#[test]
fn mul_against_polynomial_model() {
    // Independent of blst: checks the tower itself (u^2 = -1, v^3 = 1 + u,
    // w^2 = v) and the coefficient order.
    for (a, b) in pairs(&fp12_edges(), 2000, &mut rng("fp12 poly"), rand_fp12) {
        let expected = from_poly(&poly_mul(&to_poly(&a), &to_poly(&b)));
        check("fp12 mul (polynomial model)", (a, b), a.mul(&b), expected);
        assert_eq!(from_poly(&to_poly(&a)), a, "polynomial model round trip");
    }
}

// ------------------------------------------------------------ sparse product

#[test]
fn mul_by_014() {
    let mut rng = rng("fp12 mul_by_014");
    let e2 = fp2_edges();
    let mut cases: Vec<(Fp12, Fp2, Fp2, Fp2)> = Vec::new();
    for a in fp12_edges() {
        for k in 0..6 {
            cases.push((a, e2[(5 * k) % e2.len()], e2[(13 * k + 1) % e2.len()], e2[(29 * k + 2) % e2.len()]));
        }
    }
    for _ in 0..N {
        cases.push((rand_fp12(&mut rng), rand_fp2(&mut rng), rand_fp2(&mut rng), rand_fp2(&mut rng)));
    }
    for (a, c0, c1, c4) in cases {
        let line = blst_fp6 { fp2: [fp2_to_blst(&c0), fp2_to_blst(&c1), fp2_to_blst(&c4)] };
        let expected = fp12_from_blst(&bcall!(blst_fp12_mul_by_xy00z0, blst_fp12, &fp12_to_blst(&a), &line));
        let got = a.mul_by_014(&c0, &c1, &c4);
        check("fp12 mul_by_014 (blst mul_by_xy00z0)", (a, c0, c1, c4), got, expected);
        // Equal to the full product by the sparse element c0 + c1 v + c4 v w.
        let sparse = Fp12::new(Fp6::new(c0, c1, Fp2::ZERO), Fp6::new(Fp2::ZERO, c4, Fp2::ZERO));
        check("fp12 mul_by_014 = mul", (a, c0, c1, c4), got, a.mul(&sparse));
    }
}

// ------------------------------------------------- conjugate and Frobenius

#[test]
fn conjugate() {
    for a in singles_of::<Fp12>("conjugate") {
        let mut b = fp12_to_blst(&a);
        unsafe { blst::blst_fp12_conjugate(&mut b) };
        check("fp12 conjugate", a, a.conjugate(), fp12_from_blst(&b));
    }
}

/// p^6 is conjugation (the unitary elements' inverse), and the powers of
/// the map compose (the generic `frobenius` part has the rest).
#[test]
fn frobenius_map_six_is_conjugate() {
    for a in singles_of::<Fp12>("frobenius six") {
        check("fp12 frobenius_map(6) = conjugate", a, a.frobenius_map(6), a.conjugate());
    }
}

#[test]
fn is_one_is_zero() {
    let mut cases = singles_of::<Fp12>("is_one");
    cases.push(Fp12::ONE);
    cases.push(Fp12::ONE.add(&Fp12::ONE).sub(&Fp12::ONE));
    for a in cases {
        let b = fp12_to_blst(&a);
        check("fp12 is_one", a, bool::from(a.is_one()), unsafe { blst::blst_fp12_is_one(&b) });
        let zero = a.coefficients().iter().all(|c| fp_big(c) == big(0));
        check("fp12 is_zero", a, bool::from(a.is_zero()), zero);
    }
    assert!(bool::from(Fp12::ONE.is_one()));
    assert!(!bool::from(Fp12::ZERO.is_one()));
}

// ------------------------------------------------ coefficients and sampling

#[test]
fn coefficients_in_tower_order() {
    let mut rng = rng("fp12 coefficients");
    for a in singles(&fp12_edges(), N, &mut rng, rand_fp12) {
        let c = a.coefficients();
        let expected = [
            a.c0.c0.c0, a.c0.c0.c1, a.c0.c1.c0, a.c0.c1.c1, a.c0.c2.c0, a.c0.c2.c1, a.c1.c0.c0, a.c1.c0.c1, a.c1.c1.c0,
            a.c1.c1.c1, a.c1.c2.c0, a.c1.c2.c1,
        ];
        check("fp12 coefficients", a, c, expected);
        check("fp12 from_coefficients", a, Fp12::from_coefficients(&c), a);
        // blst's struct is the same tower: fp6[i].fp2[j].fp[k] is coefficient 6i + 2j + k.
        let b = fp12_to_blst(&a);
        for (k, &ck) in c.iter().enumerate() {
            let bk = &b.fp6[k / 6].fp2[(k % 6) / 2].fp[k % 2];
            check("fp12 coefficient vs blst layout", (a, k), ck, fp_from_blst(bk));
        }
    }
}

#[test]
fn from_bytes_wide() {
    let mut rng = rng("fp12 wide");
    let mut cases: Vec<[u8; 768]> = vec![[0; 768], [0xff; 768]];
    for _ in 0..N / 4 {
        let mut b = [0u8; 768];
        rng.fill_bytes(&mut b);
        cases.push(b);
    }
    for b in cases {
        let ours = Fp12::from_bytes_wide(&b);
        let c = ours.coefficients();
        for k in 0..12 {
            let chunk = &b[64 * k..64 * k + 64];
            let mut bf = blst_fp::default();
            unsafe { blst::blst_fp_from_le_bytes(&mut bf, chunk.as_ptr(), 64) };
            check("fp12 from_bytes_wide (blst)", (k, chunk.to_vec()), c[k], fp_from_blst(&bf));
            check(
                "fp12 from_bytes_wide (bigint)",
                (k, chunk.to_vec()),
                fp_big(&c[k]),
                BigUint::from_bytes_le(chunk) % p(),
            );
        }
    }
}

// ------------------------------------------------------------ known value

/// e(G1, G2) for the standard generators (vectors/e_g1_g2.json): decodes
/// from the ocaml-bls12-381 layout to the named coefficients, lies in the
/// order-r subgroup (checked with our pow and with blst), and is not one.
#[test]
fn known_gt_value() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../vectors/e_g1_g2.json");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let obj = v.as_object().unwrap();
    let ocaml_key = obj.keys().find(|k| k.starts_with("e_g1_g2_576_bytes_ocaml")).expect("ocaml layout entry");
    let bytes = hex::decode(obj[ocaml_key].as_str().unwrap()).unwrap();
    let gt = Fp12::from_slice(&bytes).expect("known GT value decodes");
    assert_eq!(gt.to_bytes().to_vec(), bytes, "known GT value re-encodes to the same bytes");
    let names = [
        "c0.c0.c0", "c0.c0.c1", "c0.c1.c0", "c0.c1.c1", "c0.c2.c0", "c0.c2.c1", "c1.c0.c0", "c1.c0.c1", "c1.c1.c0",
        "c1.c1.c1", "c1.c2.c0", "c1.c2.c1",
    ];
    let coeffs = &obj["e_g1_g2_coefficients_natural_order"];
    let c = gt.coefficients();
    for (k, name) in names.iter().enumerate() {
        let hexv = coeffs[*name].as_str().unwrap().trim_start_matches("0x");
        let expected = BigUint::parse_bytes(hexv.as_bytes(), 16).unwrap();
        check("known GT coefficient", name, fp_big(&c[k]), expected);
    }
    let r = r().to_u64_digits();
    assert!(bool::from(gt.pow_vartime(&r).is_one()), "e(G1,G2)^r must be 1");
    assert!(bool::from(gt.pow(&r).is_one()), "e(G1,G2)^r must be 1 (constant-time pow)");
    assert!(!bool::from(gt.is_one()));
    assert!(unsafe { blst::blst_fp12_in_group(&fp12_to_blst(&gt)) }, "blst: e(G1,G2) in GT");
    // Unitary: the inverse is the conjugate.
    check("GT inverse = conjugate", (), gt.invert().unwrap(), gt.conjugate());
}
