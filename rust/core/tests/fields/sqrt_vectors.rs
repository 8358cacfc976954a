//! Square-root known answers (vectors/sqrt_vectors.json, copied from
//! ../shared/vectors/sqrt; see vectors/README.md): Fp, Fp2 and Fr roots
//! up to sign, non-residues give none, and zkcrypto's Fr sequence has exactly
//! 49 non-squares out of 100. One check for the three fields, through the
//! suite's [`Sqrt`] trait.

use crate::common::*;
use crate::laws::{tag, Sqrt};
use bls12_381_core::{Fp, Fp2, Fr};
use num_bigint::BigUint;
use serde_json::Value;

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../vectors/sqrt_vectors.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("read sqrt_vectors.json")).unwrap()
}

fn int(v: &Value) -> BigUint {
    let s = v.as_str().expect("hex string");
    BigUint::parse_bytes(s.trim_start_matches("0x").as_bytes(), 16).expect("hex")
}

fn fp(v: &Value) -> Fp {
    let x = int(v);
    assert!(&x < p());
    Fp::from_bytes(&be_bytes::<48>(&x)).unwrap()
}

fn fp2(v: &Value) -> Fp2 {
    let a = v.as_array().expect("[c0, c1]");
    Fp2::new(fp(&a[0]), fp(&a[1]))
}

fn fr(v: &Value) -> Fr {
    let x = int(v);
    assert!(&x < r());
    Fr::from_bytes(&le_bytes::<32>(&x)).unwrap()
}

#[test]
fn moduli_match() {
    let v = vectors();
    assert_eq!(&int(&v["p"]), p());
    assert_eq!(&int(&v["r"]), r());
}

/// Each case: `sqrt` exists and `is_square` holds exactly as the vector
/// says; a root is among the vector's roots, so is its negation, and it
/// squares back; a non-square has Legendre symbol -1. Returns the numbers of
/// squares and non-squares.
fn check_vectors<F: Sqrt>(cases: &[Value], parse: fn(&Value) -> F) -> (usize, usize) {
    let (mut squares, mut non_squares) = (0, 0);
    for c in cases {
        let a = parse(&c["input"]);
        let is_square = c["is_square"].as_bool().unwrap();
        let s = a.sqrt();
        check(&tag::<F>("sqrt exists"), (&c["source"], a), bool::from(s.is_some()), is_square);
        check(&tag::<F>("is_square"), (&c["source"], a), bool::from(a.is_square()), is_square);
        let zero = bool::from(a.is_zero());
        check(
            &tag::<F>("legendre"),
            a,
            a.legendre(),
            if zero {
                0
            } else if is_square {
                1
            } else {
                -1
            },
        );
        if !is_square {
            non_squares += 1;
            continue;
        }
        squares += 1;
        let x = s.unwrap();
        let roots: Vec<F> = c["roots"].as_array().unwrap().iter().map(parse).collect();
        assert!(roots.contains(&x), "{} sqrt({a:?}) = {x:?}, not among {roots:?}", F::NAME);
        assert!(roots.contains(&x.neg()), "{} sqrt({a:?}): -{x:?} not among {roots:?}", F::NAME);
        check(&tag::<F>("sqrt squares back"), a, x.square(), a);
    }
    (squares, non_squares)
}

#[test]
fn fp_vectors() {
    let v = vectors();
    let cases = v["fp"].as_array().unwrap();
    assert!(cases.len() >= 5);
    check_vectors(cases, fp);
}

#[test]
fn fp2_vectors() {
    let v = vectors();
    let cases = v["fp2"].as_array().unwrap();
    assert!(cases.len() >= 6);
    let (squares, non_squares) = check_vectors(cases, fp2);
    assert!(squares > 0 && non_squares > 0);
}

#[test]
fn fr_vectors() {
    check_vectors(vectors()["fr"].as_array().unwrap(), fr);
}

#[test]
fn fr_sequence_has_49_non_squares() {
    let v = vectors();
    let seq = &v["fr_sequence"];
    let values = seq["values"].as_array().unwrap();
    assert_eq!(values.len() as u64, seq["count"].as_u64().unwrap());
    let mut expected_input = fr(&seq["start"]);
    for c in values {
        check("fr sequence input = start - i", (), fr(&c["input"]), expected_input);
        expected_input = expected_input.sub(&Fr::ONE);
    }
    let (_, non_squares) = check_vectors(values, fr);
    assert_eq!(non_squares, 49);
    assert_eq!(non_squares as u64, seq["non_squares"].as_u64().unwrap());
}
