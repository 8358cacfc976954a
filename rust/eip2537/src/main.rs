//! `bls12-381-eip2537`: the EIP-2537 precompiles from the command line.
//!
//! - `run <precompile|address> <hex|->`: runs one precompile on the hex
//!   input (`-`: read from standard input; an optional `0x` prefix and
//!   surrounding white space are allowed) and prints the output in hex and
//!   the gas.
//! - `vectors [-q] [--precompile P] FILE...`: runs go-ethereum's JSON
//!   vector files (`blsG1Add.json`, `fail-blsPairing.json`, ...). The
//!   precompile comes from the file name (`blsG1Mul` and `blsG1MultiExp`
//!   run through G1MSM) unless `--precompile` names it. A file whose cases
//!   carry `ExpectedError` is a failure file: each case must fail, with the
//!   error that go-ethereum's message names; the others must give
//!   `Expected` and cost `Gas`. One line per case (`-q`: failures only),
//!   then a summary; the exit status is 1 if any case failed.
//! - `bench [--iters N] [--filter SUBSTR]`: times every precompile on the
//!   worst-case inputs of [`bls12_381_eip2537::workload`] (the ones
//!   `compare eip2537` uses), on the calling thread: one line per input
//!   with the median time per call, the gas and the gas rate in Mgas/s.
//!   Each input runs once untimed, then in batches (N calls each with
//!   `--iters N`, otherwise sized to about 20 ms) for several rounds;
//!   the time is the median batch's per-call time. No peers here (see
//!   `compare eip2537` in rust/bench for revm and ecrecover).
//!
//! Errors are one line on standard error and exit status 2 (1 for a
//! precompile call that fails in `run`).

use bls12_381_eip2537::{Error, Precompile};
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage: bls12-381-eip2537 run <precompile|address> <hex input|->
       bls12-381-eip2537 vectors [-q] [--precompile <precompile|address>] FILE...
       bls12-381-eip2537 bench [--iters N] [--filter SUBSTR]
precompiles: G1ADD 0x0b, G1MSM 0x0c, G2ADD 0x0d, G2MSM 0x0e, PAIRING_CHECK 0x0f,
             MAP_FP_TO_G1 0x10, MAP_FP2_TO_G2 0x11";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("run") => cmd_run(&args[1..]),
        Some("vectors") => cmd_vectors(&args[1..]),
        Some("bench") => cmd_bench(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => Err(format!("unknown command `{other}` (try --help)")),
        None => Err("no command given (try --help)".to_string()),
    };
    match result {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("bls12-381-eip2537: error: {msg}");
            ExitCode::from(2)
        }
    }
}

/// A precompile by name ("G1ADD", "bls12_g1add", ...) or address ("0x0b",
/// "11").
fn parse_precompile(s: &str) -> Result<Precompile, String> {
    if let Some(p) = Precompile::from_name(s) {
        return Ok(p);
    }
    let addr = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse::<u64>().ok(),
    };
    match addr {
        Some(a) => Precompile::from_address(a).ok_or_else(|| Error::UnknownAddress(a).to_string()),
        None => Err(format!("unknown precompile `{s}` (names: G1ADD, G1MSM, G2ADD, G2MSM, PAIRING_CHECK, MAP_FP_TO_G1, MAP_FP2_TO_G2; or an address 0x0b..0x11)")),
    }
}

/// Bytes from hex (an optional `0x` prefix; white space around ignored).
fn from_hex(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    let s = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")).unwrap_or(s);
    if !s.len().is_multiple_of(2) {
        return Err(format!("invalid hex: odd number of digits ({})", s.len()));
    }
    let digit = |c: u8| -> Result<u8, String> {
        match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(format!("invalid hex: unexpected character {:?}", char::from(c))),
        }
    };
    s.as_bytes().chunks_exact(2).map(|p| Ok(digit(p[0])? << 4 | digit(p[1])?)).collect()
}

/// Lower-case hex, no prefix.
fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * bytes.len());
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

fn cmd_run(args: &[String]) -> Result<ExitCode, String> {
    let [p, input] = args else {
        return Err("`run` takes a precompile and a hex input (or `-` for standard input)".to_string());
    };
    let p = parse_precompile(p)?;
    let text = if input == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read standard input: {e}"))?;
        s
    } else {
        input.clone()
    };
    let bytes = from_hex(&text)?;
    match p.run(&bytes) {
        Ok(out) => {
            println!("output: {}", to_hex(&out.bytes));
            println!("gas: {}", out.gas);
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!(
                "bls12-381-eip2537: {} failed: {e} (gas charged before running: {}; the EVM burns all gas given)",
                p.name(),
                p.gas(bytes.len())
            );
            Ok(ExitCode::from(1))
        }
    }
}

/// The precompile a go-ethereum vector file is for, from its name.
fn precompile_of_file(path: &str) -> Option<Precompile> {
    let name = std::path::Path::new(path).file_stem()?.to_str()?;
    let name = name.strip_prefix("fail-").unwrap_or(name);
    Some(match name {
        "blsG1Add" => Precompile::G1Add,
        "blsG1Mul" | "blsG1MultiExp" => Precompile::G1Msm,
        "blsG2Add" => Precompile::G2Add,
        "blsG2Mul" | "blsG2MultiExp" => Precompile::G2Msm,
        "blsPairing" => Precompile::PairingCheck,
        "blsMapG1" => Precompile::MapFpToG1,
        "blsMapG2" => Precompile::MapFp2ToG2,
        _ => return None,
    })
}

/// Whether `e` is the error go-ethereum's message `geth` names (`None` if
/// the message is not one of go-ethereum's EIP-2537 messages: then only
/// the failure itself is checked).
fn matches_geth_error(e: &Error, geth: &str) -> Option<bool> {
    let m = if geth.contains("input length") {
        matches!(e, Error::EmptyInput | Error::InvalidInputLength { .. })
    } else if geth.contains("top bytes") {
        *e == Error::FpTopBytesNotZero
    } else if geth.contains("fp.Element encoding") {
        *e == Error::FpNotCanonical
    } else if geth.contains("not on curve") {
        *e == Error::PointNotOnCurve
    } else if geth.contains("subgroup") {
        *e == Error::PointNotInSubgroup
    } else {
        return None;
    };
    Some(m)
}

/// Runs one case; `Err` says why it failed.
fn run_case(p: Precompile, case: &serde_json::Value) -> Result<(), String> {
    let field = |k: &str| case.get(k).and_then(|v| v.as_str()).ok_or_else(|| format!("no string field `{k}`"));
    let input = from_hex(field("Input")?)?;
    let result = p.run(&input);
    if let Some(expected_error) = case.get("ExpectedError") {
        let geth = expected_error.as_str().unwrap_or("");
        return match result {
            Ok(out) => Err(format!("expected an error ({geth}), got output {}", to_hex(&out.bytes))),
            Err(e) => match matches_geth_error(&e, geth) {
                Some(false) => Err(format!("expected error `{geth}`, got `{e}`")),
                _ => Ok(()),
            },
        };
    }
    let expected = from_hex(field("Expected")?)?;
    let gas = case.get("Gas").and_then(|v| v.as_u64()).ok_or("no integer field `Gas`")?;
    let out = result.map_err(|e| format!("unexpected error: {e}"))?;
    if out.bytes != expected {
        return Err(format!("output {} differs from the expected {}", to_hex(&out.bytes), to_hex(&expected)));
    }
    if out.gas != gas {
        return Err(format!("gas {} differs from the expected {gas}", out.gas));
    }
    Ok(())
}

fn cmd_vectors(args: &[String]) -> Result<ExitCode, String> {
    let mut quiet = false;
    let mut forced = None;
    let mut files = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-q" | "--quiet" => quiet = true,
            "--precompile" => {
                let v = it.next().ok_or("`--precompile` needs a value")?;
                forced = Some(parse_precompile(v)?);
            }
            _ => files.push(a.as_str()),
        }
    }
    if files.is_empty() {
        return Err("`vectors` needs at least one JSON file".to_string());
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    for path in files {
        let p = forced
            .or_else(|| precompile_of_file(path))
            .ok_or_else(|| format!("cannot tell the precompile of `{path}` from its name: give --precompile"))?;
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read `{path}`: {e}"))?;
        let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("`{path}` is not JSON: {e}"))?;
        let cases = json.as_array().ok_or_else(|| format!("`{path}` is not a JSON array of cases"))?;
        for (i, case) in cases.iter().enumerate() {
            let name = case.get("Name").and_then(|v| v.as_str()).map_or_else(|| format!("#{i}"), str::to_string);
            match run_case(p, case) {
                Ok(()) => {
                    passed += 1;
                    if !quiet {
                        println!("pass {path} {} {name}", p.name());
                    }
                }
                Err(why) => {
                    failed += 1;
                    println!("FAIL {path} {} {name}: {why}", p.name());
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Rounds of `bench`, and the batch length it aims for without `--iters`.
const BENCH_ROUNDS: usize = 7;
const BENCH_BATCH_NS: u128 = 20_000_000;

fn cmd_bench(args: &[String]) -> Result<ExitCode, String> {
    let mut iters: Option<u64> = None;
    let mut filter: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--iters" => {
                let v = it.next().ok_or("`--iters` needs a value")?;
                iters = Some(v.parse().ok().filter(|&n: &u64| n > 0).ok_or("`--iters` needs a positive integer")?);
            }
            "--filter" => filter = Some(it.next().ok_or("`--filter` needs a value")?.to_lowercase()),
            other => return Err(format!("unknown `bench` argument `{other}`")),
        }
    }
    println!("bls12-381-eip2537 bench: one thread, median of {BENCH_ROUNDS} batches");
    println!("{:<26} {:>12} {:>8} {:>10}", "input", "time/call", "gas", "Mgas/s");
    let mut rows = 0;
    for case in bls12_381_eip2537::workload::cases(0x2537_be9c) {
        if filter.as_ref().is_some_and(|f| !case.name.to_lowercase().contains(f.as_str())) {
            continue;
        }
        let p = case.precompile;
        let input = case.input.as_slice();
        let t0 = std::time::Instant::now();
        let out = p.run(input).map_err(|e| format!("{}: the benchmark input fails: {e}", case.name))?;
        let once = t0.elapsed().as_nanos().max(1);
        let n = iters.unwrap_or_else(|| (BENCH_BATCH_NS / once).clamp(1, 1 << 20) as u64);
        let mut per_call: Vec<f64> = (0..BENCH_ROUNDS)
            .map(|_| {
                let t = std::time::Instant::now();
                for _ in 0..n {
                    let _ = std::hint::black_box(p.run(std::hint::black_box(input)));
                }
                t.elapsed().as_nanos() as f64 / n as f64
            })
            .collect();
        per_call.sort_by(f64::total_cmp);
        let ns = per_call[BENCH_ROUNDS / 2];
        // gas per ns * 1000 = Mgas per second.
        let mgas = out.gas as f64 / ns * 1000.0;
        println!("{:<26} {:>12} {:>8} {:>10.1}", case.name, fmt_time(ns), out.gas, mgas);
        rows += 1;
    }
    if rows == 0 {
        return Err("no input matches the filter".to_string());
    }
    Ok(ExitCode::SUCCESS)
}

/// ns as "812 ns", "12.3 us" or "4.56 ms".
fn fmt_time(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e6 {
        format!("{:.1} us", ns / 1e3)
    } else {
        format!("{:.2} ms", ns / 1e6)
    }
}
