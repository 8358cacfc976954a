//! Every go-ethereum EIP-2537 vector (vectors/eip2537-geth, see vectors/README.md): the
//! output bytes and the gas of the success cases, the error variant of the
//! failure cases (from the case's name, which says what is wrong).

use bls12_381_eip2537::{run, Error, Precompile};
use serde_json::Value;
use std::path::PathBuf;

fn load(file: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vectors/eip2537-geth").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match serde_json::from_str(&text).unwrap() {
        Value::Array(cases) => cases,
        _ => panic!("{file}: not an array"),
    }
}

fn field<'a>(case: &'a Value, k: &str) -> &'a str {
    case[k].as_str().unwrap_or_else(|| panic!("no field {k} in {case}"))
}

/// Runs a success file through `p`; returns the number of cases.
fn ok_file(file: &str, p: Precompile) -> usize {
    let cases = load(file);
    for case in &cases {
        let name = field(case, "Name");
        let input = hex::decode(field(case, "Input")).unwrap();
        let expected = hex::decode(field(case, "Expected")).unwrap();
        let gas = case["Gas"].as_u64().unwrap();
        let out = p.run(&input).unwrap_or_else(|e| panic!("{file} {name}: {e}"));
        assert_eq!(hex::encode(&out.bytes), hex::encode(&expected), "{file} {name}: output");
        assert_eq!(out.gas, gas, "{file} {name}: gas");
        assert_eq!(p.gas(input.len()), gas, "{file} {name}: gas before running");
        // The same through the address.
        assert_eq!(run(u64::from(p.address()), &input).as_ref(), Ok(&out), "{file} {name}: by address");
    }
    cases.len()
}

/// The error a failure case's name announces.
fn expected_error(name: &str, p: Precompile) -> fn(&Error) -> bool {
    let variable = matches!(p, Precompile::G1Msm | Precompile::G2Msm | Precompile::PairingCheck);
    if name.ends_with("empty_input") {
        if variable {
            |e| *e == Error::EmptyInput
        } else {
            |e| matches!(e, Error::InvalidInputLength { got: 0, multiple: false, .. })
        }
    } else if ["short_input", "large_input", "long_input", "missing_data", "extra_data"]
        .iter()
        .any(|s| name.ends_with(s))
    {
        |e| matches!(e, Error::InvalidInputLength { .. })
    } else if name.ends_with("top_bytes") {
        |e| *e == Error::FpTopBytesNotZero
    } else if name.ends_with("invalid_field_element") || name.ends_with("invalid_fq_element") {
        |e| *e == Error::FpNotCanonical
    } else if name.ends_with("not_on_curve") {
        |e| *e == Error::PointNotOnCurve
    } else if name.ends_with("not_in_correct_subgroup") {
        |e| *e == Error::PointNotInSubgroup
    } else {
        panic!("failure case {name}: no expected error known for this name")
    }
}

/// Runs a failure file through `p`; returns the number of cases.
fn fail_file(file: &str, p: Precompile) -> usize {
    let cases = load(file);
    for case in &cases {
        let name = field(case, "Name");
        assert!(case.get("ExpectedError").is_some(), "{file} {name}: not a failure case");
        let input = hex::decode(field(case, "Input")).unwrap();
        let err = p.run(&input).expect_err(&format!("{file} {name}: should fail"));
        assert!(expected_error(name, p)(&err), "{file} {name}: wrong error {err:?}");
    }
    cases.len()
}

/// One test per precompile: its success file, its failure file, and
/// their case counts.
macro_rules! vector_tests {
    ($($name:ident: $p:ident, $ok:literal = $n_ok:literal, $fail:literal = $n_fail:literal;)*) => {$(
        #[test]
        fn $name() {
            assert_eq!(ok_file($ok, Precompile::$p), $n_ok);
            assert_eq!(fail_file($fail, Precompile::$p), $n_fail);
        }
    )*};
}

vector_tests! {
    g1_add: G1Add, "blsG1Add.json" = 112, "fail-blsG1Add.json" = 6;
    g2_add: G2Add, "blsG2Add.json" = 112, "fail-blsG2Add.json" = 6;
    g1_mul_through_msm: G1Msm, "blsG1Mul.json" = 11, "fail-blsG1Mul.json" = 7;
    g2_mul_through_msm: G2Msm, "blsG2Mul.json" = 11, "fail-blsG2Mul.json" = 7;
    g1_msm: G1Msm, "blsG1MultiExp.json" = 154, "fail-blsG1MultiExp.json" = 7;
    g2_msm: G2Msm, "blsG2MultiExp.json" = 153, "fail-blsG2MultiExp.json" = 7;
    pairing_check: PairingCheck, "blsPairing.json" = 106, "fail-blsPairing.json" = 9;
    map_fp_to_g1: MapFpToG1, "blsMapG1.json" = 105, "fail-blsMapG1.json" = 5;
    map_fp2_to_g2: MapFp2ToG2, "blsMapG2.json" = 105, "fail-blsMapG2.json" = 5;
}

/// Each precompile's fixed gas and the formulas at a few k, beside the
/// vectors' (which cover MSM k = 1..31 and some larger k, pairing
/// k = 1..10), as (input length, gas). The invalid lengths are priced by
/// the whole pairs they hold, 0 for none (G1MSM 0, 159, 161; PAIRING 0).
#[test]
fn gas_schedule() {
    let g1 = |k: u64| k * 12000 * 519 / 1000;
    let g2 = |k: u64| k * 22500 * 524 / 1000;
    let cases: [(Precompile, &[(usize, u64)]); 7] = [
        (Precompile::G1Add, &[(256, 375), (0, 375)]),
        (Precompile::G2Add, &[(512, 600)]),
        (Precompile::MapFpToG1, &[(64, 5500)]),
        (Precompile::MapFp2ToG2, &[(128, 23800)]),
        (
            Precompile::G1Msm,
            &[(160, 12000), (128 * 160, g1(128)), (129 * 160, g1(129)), (0, 0), (159, 0), (161, 12000)],
        ),
        (Precompile::G2Msm, &[(288, 22500), (128 * 288, g2(128)), (200 * 288, g2(200)), (usize::MAX, u64::MAX)]),
        (Precompile::PairingCheck, &[(384, 70300), (0, 37700)]),
    ];
    for (p, lengths) in cases {
        for &(len, gas) in lengths {
            assert_eq!(p.gas(len), gas, "{} gas({len})", p.name());
        }
    }
}
