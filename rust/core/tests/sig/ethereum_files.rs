//! Reading ethereum/bls12-381-tests v0.1.2 (vectors/bls12-381-tests-v0.1.2/):
//! shared by tests/sig/vectors.rs (the library's signatures) and
//! tests/pairing/bls_signatures.rs (a test-side scheme over the pairing).
#![allow(dead_code)]

use crate::common::check;
use serde_json::Value;
use std::path::PathBuf;

/// Every case of a handler, sorted by file name; `expected` is the number
/// of files the release has (so a lost file fails the test).
pub fn cases(handler: &str, expected: usize) -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vectors/bls12-381-tests-v0.1.2").join(handler);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{handler}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), expected, "{handler}: number of vector files");
    files
        .into_iter()
        .map(|f| {
            let name = f.file_stem().unwrap().to_string_lossy().into_owned();
            (name, serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).expect("vector JSON"))
        })
        .collect()
}

/// Bytes of a `0x`-prefixed hex string.
pub fn bytes(v: &Value) -> Vec<u8> {
    let s = v.as_str().expect("hex string");
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).expect("hex")
}

pub fn byte_list(v: &Value) -> Vec<Vec<u8>> {
    v.as_array().expect("list").iter().map(bytes).collect()
}

/// The expected output: `null` (INVALID) or bytes.
pub fn opt_bytes(v: &Value) -> Option<Vec<u8>> {
    (!v.is_null()).then(|| bytes(v))
}

/// Runs `verifier` over every case of `handler`; returns how many passed.
pub fn verdicts(handler: &str, expected: usize, verifier: impl Fn(&Value) -> bool) -> usize {
    let mut accepted = 0;
    for (name, case) in cases(handler, expected) {
        let got = verifier(&case["input"]);
        check(&name, (), got, case["output"].as_bool().unwrap());
        accepted += got as usize;
    }
    accepted
}
