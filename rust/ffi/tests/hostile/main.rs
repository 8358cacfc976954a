//! Every exported function of the C ABI under hostile arguments: NULL for
//! each pointer, zero / off-by-one / huge lengths (2^40, isize::MAX,
//! usize::MAX), misaligned buffers (offset 1), in-memory forms the library
//! never wrote (random bytes, all 0xff, every limb group set to the modulus),
//! points of small order from the unchecked decoders, and the thread
//! counts 0, 1, 3, 1000 and usize::MAX of the MSM and GT multiexp.
//!
//! Each function's cases run in a child process (this test binary re-run
//! with `HOSTILE_CASE=<symbol>`), because the failures looked for are
//! aborts (a panic cannot unwind out of an `extern "C"` function: the
//! process aborts) and faults, which would take the whole test binary down.
//! The parent fails on any signal, non-zero exit or timeout of a child,
//! naming the function and the last case the child announced.
//!
//! Coverage is checked, not assumed: the parent parses
//! `include/bls12_381.h` (expanding its g1/g2 and fr/fq12 macros) and the
//! crate's sources, and fails unless the header's functions, the sources'
//! `bls12_381_*` symbols and this file's table are the same set.
//!
//! Huge lengths go with NULL, or with a real buffer only where the function
//! must reject the length before reading (fixed-size decoders, lengths above
//! isize::MAX, arrays whose item counts differ): any other real buffer with a
//! length longer than itself would break the caller's side of the contract.
//!
//! Besides "no crash", the children check the NULL policy of the header:
//! an int-returning function given NULL where it needs memory returns
//! BLS12_381_ERR_NULL_POINTER (10), a predicate returns 0, and every output
//! buffer's neighbouring bytes are left as they were (canaries).

#[path = "../common/mod.rs"]
mod common;
#[macro_use]
mod inputs;
mod arrays;
mod backend;
mod cases;
mod counts;
mod eip2537;
mod fft_domain;
mod h2c;
mod kinds;
mod sig;
use arrays::*;
use backend::*;
use bls12_381_ffi::*;
use cases::run;
use common::Rng;
use core::ffi::c_int;
use core::ptr::{null, null_mut};
use counts::*;
use eip2537::*;
use fft_domain::*;
use h2c::*;
use inputs::*;
use kinds::*;
use sig::*;
use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The child: runs the cases of the function named by `HOSTILE_CASE`.
/// Without the variable (a normal test run) it does nothing.
#[test]
fn hostile_child() {
    let Ok(name) = std::env::var("HOSTILE_CASE") else {
        return;
    };
    let t = table();
    let (_, kind) = t.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no case {name}"));
    run(&name, *kind);
    case(&name, "DONE");
}

/// The functions the header declares, its g1/g2 and fr/fq12 macros
/// expanded.
fn header_functions() -> BTreeSet<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/include/bls12_381.h");
    let text = std::fs::read_to_string(path).expect("the header");
    // Drop the comments, then take every identifier starting bls12_381_
    // that is followed by '(' (a declaration; the macros' `##g##` and
    // `##f##` pasting expanded for both groups and both fields).
    let mut code = String::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("/*") {
        code.push_str(&rest[..i]);
        let j = rest[i..].find("*/").expect("closed comment");
        rest = &rest[i + j + 2..];
    }
    code.push_str(rest);
    let mut out = BTreeSet::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while let Some(k) = code[i..].find("bls12_381_") {
        let start = i + k;
        let mut end = start;
        while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_' || bytes[end] == b'#') {
            end += 1;
        }
        let mut after = end;
        while after < bytes.len() && bytes[after] == b' ' {
            after += 1;
        }
        if after < bytes.len() && bytes[after] == b'(' {
            let id = &code[start..end];
            if id.contains("##g##") {
                for g in ["g1", "g2"] {
                    out.insert(id.replace("##g##", g));
                }
            } else if id.contains("##f##") {
                for f in ["fr", "fq12"] {
                    out.insert(id.replace("##f##", f));
                }
            } else {
                out.insert(id.to_string());
            }
        }
        i = end.max(start + 1);
    }
    out
}

/// The `bls12_381_*` symbols the sources name (function names and the
/// symbol arguments of the defining macros), comments excluded.
fn source_symbols() -> BTreeSet<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut out = BTreeSet::new();
    for e in std::fs::read_dir(dir).expect("src") {
        let p = e.expect("entry").path();
        if p.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&p).expect("source");
        for line in text.lines() {
            let l = line.trim_start();
            if l.starts_with("//") {
                continue;
            }
            let b = l.as_bytes();
            let mut i = 0;
            while let Some(k) = l[i..].find("bls12_381_") {
                let start = i + k;
                let mut end = start;
                while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_') {
                    end += 1;
                }
                let id = &l[start..end];
                let preceded = start > 0 && (b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'_');
                if !preceded && !["bls12_381_core", "bls12_381_ffi", "bls12_381_eip2537"].contains(&id) {
                    out.insert(id.to_string());
                }
                i = end;
            }
        }
    }
    out
}

/// The parent: checks coverage, then runs each function's cases in a child
/// process, two at a time, and fails naming every child that died.
#[test]
fn hostile_every_export() {
    if std::env::var("HOSTILE_CASE").is_ok() {
        return;
    }
    let t = table();
    let tabled: BTreeSet<String> = t.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(tabled.len(), t.len(), "a function appears twice in the table");
    let header = header_functions();
    let sources = source_symbols();
    let missing: Vec<_> = header.difference(&tabled).collect();
    let extra: Vec<_> = tabled.difference(&header).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "header vs table: no case for {missing:?}; not in the header: {extra:?}"
    );
    let missing: Vec<_> = sources.difference(&tabled).collect();
    let extra: Vec<_> = tabled.difference(&sources).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "sources vs table: no case for {missing:?}; not in the sources: {extra:?}"
    );
    eprintln!("hostile: {} exported functions, header and sources agree", t.len());

    let exe = std::env::current_exe().expect("test binary");
    let names: Vec<&'static str> = t.iter().map(|(n, _)| *n).collect();
    let queue = std::sync::Mutex::new(names.into_iter());
    let failures = std::sync::Mutex::new(Vec::<String>::new());
    let workers = std::env::var("HOSTILE_JOBS").ok().and_then(|s| s.parse().ok()).unwrap_or(2usize);
    std::thread::scope(|sc| {
        for _ in 0..workers {
            sc.spawn(|| loop {
                let Some(name) = queue.lock().unwrap().next() else {
                    break;
                };
                if let Some(msg) = run_child(&exe, name) {
                    failures.lock().unwrap().push(msg);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} of {} functions failed:\n{}", failures.len(), t.len(), failures.join("\n"));
}

/// Runs one child; `Some(description)` if it failed.
fn run_child(exe: &std::path::Path, name: &str) -> Option<String> {
    let start = Instant::now();
    let mut child = Command::new(exe)
        .args(["hostile_child", "--exact", "--nocapture", "--test-threads=1"])
        .env("HOSTILE_CASE", name)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn child");
    // Drain stderr on a thread so that a chatty child cannot block.
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break Some(st);
        }
        if start.elapsed() > CHILD_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let log = reader.join().unwrap_or_default();
    let last = log.lines().rfind(|l| l.starts_with("CASE ")).unwrap_or("CASE (none)").to_string();
    let why = match status {
        None => format!("timeout after {:?}", CHILD_TIMEOUT),
        Some(st) if st.success() && last.ends_with(": DONE") => return None,
        Some(st) => {
            use std::os::unix::process::ExitStatusExt;
            match st.signal() {
                Some(sig) => format!("killed by signal {sig}"),
                None => format!("exit status {:?}", st.code()),
            }
        }
    };
    let detail: Vec<&str> = log
        .lines()
        .filter(|l| {
            l.contains("panicked")
                || l.contains("assert")
                || l.contains("precondition")
                || l.contains("expected")
                || l.contains("must")
        })
        .take(4)
        .collect();
    Some(format!("  {name}: {why}; last case: {last}; {}", detail.join(" | ")))
}
