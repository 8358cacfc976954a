//! The command line `bls12-381-eip2537`: `run`, `vectors`, and its errors
//! (one line on standard error, a non-zero exit).

use bls12_381_eip2537::Precompile;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bls12-381-eip2537"))
}

fn cli(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Fails unless the command failed with `code` and one line on stderr
/// containing `needle`.
fn assert_error(o: &Output, code: i32, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "stderr: {err}");
    assert!(err.contains(needle), "stderr: {err}");
}

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vectors/eip2537-geth")
}

#[test]
fn run_by_name_and_address() {
    let zero = "00".repeat(64);
    let expected = Precompile::MapFpToG1.run(&[0u8; 64]).unwrap();
    let hex: String = expected.bytes.iter().map(|b| format!("{b:02x}")).collect();
    for name in ["MAP_FP_TO_G1", "map_fp_to_g1", "0x10", "16"] {
        let o = cli(&["run", name, &zero]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("output: {hex}\ngas: 5500\n"), "{name}");
    }
    // 0x prefix accepted.
    let o = cli(&["run", "0x10", &format!("0x{zero}")]);
    assert!(o.status.success());
}

#[test]
fn run_reads_standard_input() {
    // G1ADD of two points at infinity, from stdin with a newline.
    let mut child = bin().args(["run", "G1ADD", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    writeln!(child.stdin.take().unwrap(), "{}", "00".repeat(256)).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    assert_eq!(stdout(&o), format!("output: {}\ngas: 375\n", "00".repeat(128)));
}

#[test]
fn run_errors() {
    // A precompile failure: exit 1, the error on one line.
    let o = cli(&["run", "G1MSM", ""]);
    assert_error(&o, 1, "G1MSM failed: empty input");
    let mut bad = vec!["00"; 64];
    bad[0] = "01";
    let o = cli(&["run", "MAP_FP_TO_G1", &bad.concat()]);
    assert_error(&o, 1, "top 16 bytes");
    assert!(o.stdout.is_empty());
    // Usage errors: exit 2.
    assert_error(&cli(&["run", "G1MUL", "00"]), 2, "unknown precompile");
    assert_error(&cli(&["run", "0x12", "00"]), 2, "no EIP-2537 precompile at address 0x12");
    assert_error(&cli(&["run", "G1ADD", "0g"]), 2, "invalid hex");
    assert_error(&cli(&["run", "G1ADD", "000"]), 2, "odd number");
    assert_error(&cli(&["run", "G1ADD"]), 2, "`run` takes");
    assert_error(&cli(&[]), 2, "no command");
    assert_error(&cli(&["frobnicate"]), 2, "unknown command");
    assert_error(&cli(&["bench", "--no-such-flag"]), 2, "unknown `bench` argument");
}

#[test]
fn vectors_all_pass() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(vectors_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 18);
    let o = bin().arg("vectors").args(&files).output().unwrap();
    assert!(o.status.success(), "{}", stdout(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().last(), Some("928 passed, 0 failed"));
    assert_eq!(out.lines().filter(|l| l.starts_with("pass ")).count(), 928);
    // -q: the summary only.
    let o = bin().args(["vectors", "-q"]).args(&files).output().unwrap();
    assert_eq!(stdout(&o), "928 passed, 0 failed\n");
}

#[test]
fn vectors_report_failures() {
    let dir = std::env::temp_dir().join(format!("eip2537-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A wrong output, a wrong gas, a failure case that succeeds, and a
    // failure case with the wrong error.
    let ok = dir.join("blsMapG1.json");
    let zero = "00".repeat(64);
    let good = Precompile::MapFpToG1.run(&[0u8; 64]).unwrap();
    let good_hex: String = good.bytes.iter().map(|b| format!("{b:02x}")).collect();
    std::fs::write(
        &ok,
        format!(
            r#"[{{"Input":"{zero}","Expected":"{good_hex}","Name":"right","Gas":5500}},
               {{"Input":"{zero}","Expected":"{}","Name":"wrong_output","Gas":5500}},
               {{"Input":"{zero}","Expected":"{good_hex}","Name":"wrong_gas","Gas":5501}}]"#,
            "00".repeat(128)
        ),
    )
    .unwrap();
    let fail = dir.join("fail-blsMapG1.json");
    std::fs::write(
        &fail,
        format!(
            r#"[{{"Input":"{zero}","ExpectedError":"invalid input length","Name":"succeeds"}},
               {{"Input":"{}","ExpectedError":"invalid fp.Element encoding","Name":"other_error"}},
               {{"Input":"","ExpectedError":"invalid input length","Name":"right"}}]"#,
            "ff".repeat(64)
        ),
    )
    .unwrap();
    let o = bin().arg("vectors").arg(&ok).arg(&fail).output().unwrap();
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert_eq!(out.lines().last(), Some("2 passed, 4 failed"), "{out}");
    for name in ["wrong_output", "wrong_gas", "succeeds", "other_error"] {
        assert!(out.lines().any(|l| l.starts_with("FAIL") && l.contains(name)), "{name}: {out}");
    }
    // An unknown file name needs --precompile.
    let other = dir.join("mine.json");
    std::fs::copy(&ok, &other).unwrap();
    assert_error(&bin().arg("vectors").arg(&other).output().unwrap(), 2, "--precompile");
    let o = bin().args(["vectors", "-q", "--precompile", "0x10"]).arg(&other).output().unwrap();
    assert_eq!(stdout(&o).lines().last(), Some("1 passed, 2 failed"));
    // Not JSON, missing file.
    std::fs::write(&other, "not json").unwrap();
    assert_error(&bin().args(["vectors", "--precompile", "G1ADD"]).arg(&other).output().unwrap(), 2, "not JSON");
    assert_error(&cli(&["vectors", "/nonexistent/blsG1Add.json"]), 2, "cannot read");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `bench` runs every input (one call per batch with `--iters 1`) and
/// prints one line per input after its two header lines; `--filter`
/// selects, and a filter matching nothing is an error.
#[test]
fn bench_runs() {
    let o = cli(&["bench", "--iters", "1"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let out = stdout(&o);
    let n = bls12_381_eip2537::workload::cases(0).len();
    assert_eq!(out.lines().count(), 2 + n, "{out}");
    assert!(out.contains("G1MSM k=1 (worst scalar)"), "{out}");
    assert!(out.contains("PAIRING_CHECK k=8"), "{out}");
    let o = cli(&["bench", "--iters", "1", "--filter", "g1add"]);
    assert_eq!(stdout(&o).lines().count(), 3, "{}", stdout(&o));
    assert_error(&cli(&["bench", "--filter", "nothing-like-this"]), 2, "no input matches");
    assert_error(&cli(&["bench", "--iters", "0"]), 2, "--iters");
}
