//! Square-root known answers (tests/vectors/sqrt_vectors.json, copied from
//! ../shared/vectors/sqrt; see tests/vectors/README.md): Fp, Fp2 and Fr roots
//! up to sign, non-residues give none, and zkcrypto's Fr sequence has exactly
//! 49 non-squares out of 100.

use bls12_381_core::{Fp, Fp2, Fr};
use crate::common::*;
use num_bigint::BigUint;
use serde_json::Value;

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/sqrt_vectors.json");
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

#[test]
fn fp_vectors() {
    let v = vectors();
    let cases = v["fp"].as_array().unwrap();
    assert!(cases.len() >= 5);
    for c in cases {
        let a = fp(&c["input"]);
        let is_square = c["is_square"].as_bool().unwrap();
        let s = a.sqrt();
        check("fp sqrt exists", (&c["source"], a), bool::from(s.is_some()), is_square);
        check("fp is_square", (&c["source"], a), bool::from(a.is_square()), is_square);
        if is_square {
            let x = s.unwrap();
            let roots: Vec<Fp> = c["roots"].as_array().unwrap().iter().map(fp).collect();
            assert!(roots.contains(&x), "fp sqrt({a:?}) = {x:?}, not among {roots:?}");
            assert!(roots.contains(&x.neg()), "fp sqrt({a:?}): -{x:?} not among {roots:?}");
            check("fp sqrt squares back", a, x.square(), a);
        } else {
            check("fp legendre of non-square", a, a.legendre(), -1);
        }
    }
}

#[test]
fn fp2_vectors() {
    let v = vectors();
    let cases = v["fp2"].as_array().unwrap();
    assert!(cases.len() >= 6);
    let (mut squares, mut non_squares) = (0, 0);
    for c in cases {
        let a = fp2(&c["input"]);
        let is_square = c["is_square"].as_bool().unwrap();
        let s = a.sqrt();
        check("fp2 sqrt exists", (&c["source"], a), bool::from(s.is_some()), is_square);
        check("fp2 is_square", (&c["source"], a), bool::from(a.is_square()), is_square);
        if is_square {
            squares += 1;
            let x = s.unwrap();
            let roots: Vec<Fp2> = c["roots"].as_array().unwrap().iter().map(fp2).collect();
            assert!(roots.contains(&x), "fp2 sqrt({a:?}) = {x:?}, not among {roots:?}");
            assert!(roots.contains(&x.neg()), "fp2 sqrt({a:?}): -{x:?} not among {roots:?}");
            check("fp2 sqrt squares back", a, x.square(), a);
        } else {
            non_squares += 1;
            check("fp2 legendre of non-square", a, a.legendre(), -1);
        }
    }
    assert!(squares > 0 && non_squares > 0);
}

#[test]
fn fr_vectors() {
    let v = vectors();
    for c in v["fr"].as_array().unwrap() {
        let a = fr(&c["input"]);
        let is_square = c["is_square"].as_bool().unwrap();
        let s = a.sqrt();
        check("fr sqrt exists", (&c["source"], a), bool::from(s.is_some()), is_square);
        check("fr is_square", (&c["source"], a), bool::from(a.is_square()), is_square);
        if is_square {
            let x = s.unwrap();
            let roots: Vec<Fr> = c["roots"].as_array().unwrap().iter().map(fr).collect();
            assert!(roots.contains(&x), "fr sqrt({a:?}) = {x:?}, not among {roots:?}");
        }
    }
}

#[test]
fn fr_sequence_has_49_non_squares() {
    let v = vectors();
    let seq = &v["fr_sequence"];
    let start = fr(&seq["start"]);
    let values = seq["values"].as_array().unwrap();
    assert_eq!(values.len() as u64, seq["count"].as_u64().unwrap());
    let mut expected_input = start;
    let mut non_squares = 0;
    for c in values {
        let a = fr(&c["input"]);
        check("fr sequence input = start - i", (), a, expected_input);
        expected_input = expected_input.sub(&Fr::ONE);
        let is_square = c["is_square"].as_bool().unwrap();
        let s = a.sqrt();
        check("fr sqrt exists", a, bool::from(s.is_some()), is_square);
        check("fr legendre", a, a.legendre(), if is_square { 1 } else { -1 });
        if is_square {
            let x = s.unwrap();
            let roots: Vec<Fr> = c["roots"].as_array().unwrap().iter().map(fr).collect();
            assert!(roots.contains(&x) && roots.contains(&x.neg()), "fr sqrt({a:?}) = {x:?}, roots {roots:?}");
            check("fr sqrt squares back", a, x.square(), a);
        } else {
            non_squares += 1;
        }
    }
    assert_eq!(non_squares, 49);
    assert_eq!(non_squares, seq["non_squares"].as_u64().unwrap());
}
