//! `bls12_381_eip2537_run` and `bls12_381_eip2537_gas` through their
//! exported symbols: every go-ethereum vector of vectors/eip2537-geth
//! (output bytes, gas, and for the failure files the same code as the
//! crate's error), the code of each error variant, the output-buffer and
//! NULL rules of the header, and agreement with the crate on mutated
//! inputs. The precompiles' mathematics is tested in bls12-381-eip2537.

#[path = "common/mod.rs"]
mod common;

use bls12_381_eip2537::{Error, Precompile};
use bls12_381_ffi::*;
use common::Rng;
use core::ptr::{null, null_mut};
use serde_json::Value;

const INVALID_LENGTH: i32 = 1;
const NULL_POINTER: i32 = 10;

/// The result of one call: (code, out[0..out_len], *out_len, *gas).
struct Call {
    code: i32,
    out: Vec<u8>,
    out_len: usize,
    gas: u64,
}

/// Calls `bls12_381_eip2537_run` with an `out_cap`-byte output buffer
/// whose bytes past `out_cap` must stay untouched.
fn call(address: u64, input: &[u8], out_cap: usize) -> Call {
    let mut out = vec![0xa5u8; out_cap + 16];
    let (mut out_len, mut gas) = (usize::MAX, u64::MAX);
    let code = unsafe {
        bls12_381_eip2537_run(address, input.as_ptr(), input.len(), out.as_mut_ptr(), out_cap, &mut out_len, &mut gas)
    };
    assert!(out[out_cap..].iter().all(|&b| b == 0xa5), "wrote past out_cap");
    let n = out_len.min(out_cap);
    Call { code, out: out[..n].to_vec(), out_len, gas }
}

fn hex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd hex length");
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

fn load(file: &str) -> Vec<Value> {
    let path = format!("{}/../../vectors/eip2537-geth/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    match serde_json::from_str(&text).unwrap() {
        Value::Array(cases) => cases,
        _ => panic!("{file}: not an array"),
    }
}

/// go-ethereum's vector files of precompile `p` (`<file>.json`, and
/// `fail-<file>.json` for the failures): for MSM, the `Mul` files (k = 1)
/// and the `MultiExp` ones. Every precompile has files.
fn geth_files(p: Precompile) -> &'static [&'static str] {
    match p {
        Precompile::G1Add => &["blsG1Add"],
        Precompile::G2Add => &["blsG2Add"],
        Precompile::G1Msm => &["blsG1Mul", "blsG1MultiExp"],
        Precompile::G2Msm => &["blsG2Mul", "blsG2MultiExp"],
        Precompile::PairingCheck => &["blsPairing"],
        Precompile::MapFpToG1 => &["blsMapG1"],
        Precompile::MapFp2ToG2 => &["blsMapG2"],
    }
}

/// Every vector file through the C ABI: (file, precompile, ok cases, fail cases).
#[test]
fn geth_vectors() {
    let files = Precompile::ALL.into_iter().flat_map(|p| geth_files(p).iter().map(move |&f| (f, p)));
    let (mut ok, mut fail) = (0, 0);
    for (file, p) in files {
        let a = u64::from(p.address());
        for case in load(&format!("{file}.json")) {
            let name = case["Name"].as_str().unwrap();
            let input = hex(case["Input"].as_str().unwrap());
            let expected = hex(case["Expected"].as_str().unwrap());
            let gas = case["Gas"].as_u64().unwrap();
            let c = call(a, &input, 256);
            assert_eq!((c.code, c.out_len, c.gas), (OK, expected.len(), gas), "{file} {name}");
            assert_eq!(c.out, expected, "{file} {name}");
            let mut g = 0u64;
            assert_eq!(unsafe { bls12_381_eip2537_gas(a, input.len(), &mut g) }, OK);
            assert_eq!(g, gas, "{file} {name}: gas before running");
            ok += 1;
        }
        for case in load(&format!("fail-{file}.json")) {
            let name = case["Name"].as_str().unwrap();
            let input = hex(case["Input"].as_str().unwrap());
            let e = p.run(&input).expect_err(name);
            let c = call(a, &input, 256);
            assert_eq!((c.code, c.out_len, c.gas), (eip2537_code(e), 0, p.gas(input.len())), "{file} {name}");
            assert!(c.code == ERR_EMPTY_INPUT || (12..=16).contains(&c.code), "{file} {name}: {}", c.code);
            fail += 1;
        }
    }
    assert_eq!((ok, fail), (869, 59));
}

/// One distinct code per `Error` variant, as the header numbers them: the
/// ABI's one empty-input code (25), then 12 to 17; 11, the empty input's
/// former code, is given to nothing, and its name is an alias of 25.
#[test]
fn one_code_per_variant() {
    let codes = [
        (Error::EmptyInput, 25),
        (Error::InvalidInputLength { expected: 1, got: 2, multiple: true }, 12),
        (Error::FpTopBytesNotZero, 13),
        (Error::FpNotCanonical, 14),
        (Error::PointNotOnCurve, 15),
        (Error::PointNotInSubgroup, 16),
        (Error::UnknownAddress(3), 17),
    ];
    for (e, c) in codes {
        assert_eq!(eip2537_code(e), c, "{e}");
    }
    assert_eq!(ERR_BUFFER_TOO_SMALL, 18);
    assert_eq!(ERR_EMPTY_INPUT, bls12_381_core::Error::EmptyInput.code());
    #[allow(deprecated)]
    let former = ERR_EIP2537_EMPTY_INPUT;
    assert_eq!(former, ERR_EMPTY_INPUT);
    // The header's enum says the same.
    let h = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/bls12_381.h")).unwrap();
    assert!(!h.contains(" = 11,"), "header: 11 is given to no error");
    assert!(
        h.contains("BLS12_381_ERR_EIP2537_EMPTY_INPUT BLS12_381_DEPRECATED_ENUMERATOR(")
            && h.contains("\") = BLS12_381_ERR_EMPTY_INPUT,"),
        "header: EIP2537_EMPTY_INPUT, a deprecated alias of EMPTY_INPUT"
    );
    for (name, c) in [
        ("EMPTY_INPUT", 25),
        ("EIP2537_INVALID_INPUT_LENGTH", 12),
        ("EIP2537_FP_TOP_BYTES_NOT_ZERO", 13),
        ("EIP2537_FP_NOT_CANONICAL", 14),
        ("EIP2537_POINT_NOT_ON_CURVE", 15),
        ("EIP2537_POINT_NOT_IN_SUBGROUP", 16),
        ("EIP2537_UNKNOWN_ADDRESS", 17),
        ("BUFFER_TOO_SMALL", 18),
    ] {
        assert!(h.contains(&format!("BLS12_381_ERR_{name} = {c}")), "header: {name} = {c}");
    }
}

/// Each error case by construction, and the success of all-zero inputs
/// (infinity, scalar 0, field element 0) at each precompile's size.
#[test]
fn error_cases() {
    // The input size (or pair size), as the crate reports it for a
    // one-byte input.
    let unit = |p: Precompile| match p.run(&[0]) {
        Err(Error::InvalidInputLength { expected, .. }) => expected,
        other => panic!("{p}: {other:?}"),
    };
    for p in Precompile::ALL {
        let a = u64::from(p.address());
        let n = unit(p);
        let variable = matches!(p, Precompile::G1Msm | Precompile::G2Msm | Precompile::PairingCheck);
        let empty = call(a, &[], 256);
        let want = if variable { ERR_EMPTY_INPUT } else { ERR_EIP2537_INVALID_INPUT_LENGTH };
        assert_eq!((empty.code, empty.out_len, empty.gas), (want, 0, p.gas(0)), "{p} empty");
        assert_eq!(call(a, &vec![0; n + 1], 256).code, ERR_EIP2537_INVALID_INPUT_LENGTH, "{p}");
        let zeros = call(a, &vec![0; n], 256);
        assert_eq!((zeros.code, zeros.out_len, zeros.gas), (OK, output_len(p), p.gas(n)), "{p}");
        // An Fp's top bytes, then its value: p itself, the first coordinate.
        let mut top = vec![0u8; n];
        top[0] = 1;
        assert_eq!(call(a, &top, 256).code, ERR_EIP2537_FP_TOP_BYTES_NOT_ZERO, "{p}");
        let mut big = vec![0u8; n];
        big[16..64].copy_from_slice(&hex(P_HEX));
        assert_eq!(call(a, &big, 256).code, ERR_EIP2537_FP_NOT_CANONICAL, "{p}");
        // (0, 1) is on neither curve (y^2 = 1 != 4 = 0^3 + 4, nor 4(u + 1)).
        if !matches!(p, Precompile::MapFpToG1 | Precompile::MapFp2ToG2) {
            let mut off = vec![0u8; n];
            let y_last = if matches!(p, Precompile::G2Add | Precompile::G2Msm) { 255 - 64 } else { 127 };
            off[y_last] = 1;
            assert_eq!(call(a, &off, 256).code, ERR_EIP2537_POINT_NOT_ON_CURVE, "{p}");
        }
    }
    // A G1 point outside the subgroup: on the curve (MSM rejects, ADD takes it).
    let mut pair = vec![0u8; 160];
    pair[..128].copy_from_slice(&hex(G1_NOT_IN_SUBGROUP));
    assert_eq!(call(0x0c, &pair, 128).code, ERR_EIP2537_POINT_NOT_IN_SUBGROUP);
    let mut add = vec![0u8; 256];
    add[..128].copy_from_slice(&hex(G1_NOT_IN_SUBGROUP));
    let sum = call(0x0b, &add, 128);
    assert_eq!((sum.code, &sum.out[..]), (OK, &add[..128]));
}

/// p, big-endian (48 bytes).
const P_HEX: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
/// (x, y) = (0, 2) padded: on E1 (4 = 0 + 4), of order 3, so not in G1.
const G1_NOT_IN_SUBGROUP: &str = concat!(
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000002",
);

/// Addresses, output buffers, NULLs and lengths no buffer has.
#[test]
fn boundary_rules() {
    let (mut len, mut gas) = (7usize, 7u64);
    // Unknown addresses: the code, *out_len = *gas = 0.
    for a in [0, 0x0a, 0x12, u64::MAX, 0x100 + 0x0b] {
        let c = call(a, &[0; 64], 256);
        assert_eq!((c.code, c.out_len, c.gas), (ERR_EIP2537_UNKNOWN_ADDRESS, 0, 0), "{a:#x}");
        assert_eq!(unsafe { bls12_381_eip2537_gas(a, 64, &mut gas) }, ERR_EIP2537_UNKNOWN_ADDRESS);
        assert_eq!(gas, 0);
    }
    // out_cap one short: the needed size, nothing written, nothing else checked.
    for p in Precompile::ALL {
        let a = u64::from(p.address());
        let need = output_len(p);
        let c = call(a, &[0xff; 3], need - 1);
        assert_eq!((c.code, c.out_len, c.gas), (ERR_BUFFER_TOO_SMALL, need, p.gas(3)), "{p}");
        let c = call(a, &[], 0);
        assert_eq!((c.code, c.out_len), (ERR_BUFFER_TOO_SMALL, need), "{p}");
        let z = unsafe { bls12_381_eip2537_run(a, null(), 0, null_mut(), 0, &mut len, &mut gas) };
        assert_eq!((z, len), (ERR_BUFFER_TOO_SMALL, need), "{p}");
    }
    // NULLs: the code, nothing written.
    let inp = [0u8; 64];
    let mut out = [0u8; 128];
    let (o, i) = (out.as_mut_ptr(), inp.as_ptr());
    unsafe {
        len = 7;
        gas = 7;
        assert_eq!(bls12_381_eip2537_run(0x10, i, 64, o, 128, null_mut(), &mut gas), NULL_POINTER);
        assert_eq!(bls12_381_eip2537_run(0x10, i, 64, o, 128, &mut len, null_mut()), NULL_POINTER);
        assert_eq!(bls12_381_eip2537_run(0x10, null(), 64, o, 128, &mut len, &mut gas), NULL_POINTER);
        assert_eq!(bls12_381_eip2537_run(0x10, i, 64, null_mut(), 128, &mut len, &mut gas), NULL_POINTER);
        assert_eq!(bls12_381_eip2537_gas(0x10, 64, null_mut()), NULL_POINTER);
        assert_eq!((len, gas), (7, 7));
        // A length no buffer has, with NULL: NULL_POINTER; with a buffer:
        // INVALID_LENGTH, read nothing (the price is still reported).
        for huge in [isize::MAX as usize + 1, usize::MAX] {
            assert_eq!(bls12_381_eip2537_run(0x0c, i, huge, o, 128, &mut len, &mut gas), INVALID_LENGTH);
            assert_eq!((len, gas), (0, Precompile::G1Msm.gas(huge)));
            assert_eq!(bls12_381_eip2537_gas(0x0f, huge, &mut gas), OK);
            assert_eq!(gas, Precompile::PairingCheck.gas(huge));
        }
    }
    // out overlapping in: the output replaces the input.
    let mut buf = vec![0u8; 128];
    let r = unsafe { bls12_381_eip2537_run(0x10, buf.as_ptr(), 64, buf.as_mut_ptr(), 128, &mut len, &mut gas) };
    assert_eq!((r, len, gas), (OK, 128, 5500));
    assert_eq!(buf, call(0x10, &[0; 64], 128).out);
}

/// Valid inputs and their mutations (bit flips, truncations, set top
/// bytes): the C ABI gives the crate's answer, byte for byte and code for
/// error.
#[test]
fn agrees_with_the_crate() {
    let mut rng = Rng(0x2537);
    // The first four inputs of each precompile's last file (MSM: the
    // `MultiExp` one).
    let seeds: Vec<(Precompile, Vec<u8>)> =
        [Precompile::G1Add, Precompile::G2Msm, Precompile::G1Msm, Precompile::PairingCheck, Precompile::MapFp2ToG2]
            .into_iter()
            .flat_map(|p| {
                let f = geth_files(p).last().unwrap();
                load(&format!("{f}.json")).into_iter().take(4).map(move |c| (p, hex(c["Input"].as_str().unwrap())))
            })
            .collect();
    for (p, input) in seeds {
        for round in 0..6 {
            let mut m = input.clone();
            let i = (rng.next() as usize) % m.len();
            match round {
                0 => {}
                1 | 2 => m[i] ^= 1 << (rng.next() % 8),
                3 => m.truncate(i),
                4 => m[(i / 64) * 64] = 0x80,
                _ => m.push(0),
            }
            let c = call(u64::from(p.address()), &m, 256);
            match p.run(&m) {
                Ok(o) => assert_eq!((c.code, c.out, c.gas), (OK, o.bytes, o.gas), "{p} round {round}"),
                Err(e) => assert_eq!((c.code, c.out_len, c.gas), (eip2537_code(e), 0, p.gas(m.len())), "{p} {round}"),
            }
        }
    }
}
