//! `compare`: bls12-381-core side by side with a peer, in one process.
//!
//! ```text
//! compare <area> [--rounds N] [--filter SUBSTR] [--csv FILE] [--batch-us N] [--check] [--plot DIR] [--max-log K]
//! ```
//!
//! Output: a markdown table `| op | ours (ns) | peer | peer (ns) | ours/peer |`,
//! then the rows that have a target ratio (the largest ours/peer that
//! row should reach) with PASS/FAIL. `--csv FILE` also writes
//! `op,ours_ns,peer,peer_ns,ratio`. `--check` exits 1 when a row misses
//! its target.
//!
//! This file is the command line: the options, the help, the dispatch to
//! the areas. The timing and the output are the harness's (harness.rs); the
//! pictures of `--plot` are plot.rs's. One module per area (`fields`,
//! `curves`, `pairing`, `msm`, `gt`, `fft`, `sig`, `eip2537`), each with a
//! `run(&mut Bench)` entry in [`AREAS`].

mod curves;
mod eip2537;
mod fft;
mod fields;
mod gt;
mod harness;
mod msm;
mod pairing;
mod plot;
mod sig;

use harness::MIN_SLOW_ROUNDS;
pub(crate) use harness::{blst_chain, chain, median, repeat, Bench};
use std::time::Instant;

/// An area: name, one-line description, entry point.
type Area = (&'static str, &'static str, fn(&mut Bench));

/// The areas this binary measures.
const AREAS: &[Area] = &[
    ("fields", "Fp, Fr, Fp2, Fp12 arithmetic vs blst (raw FFI)", fields::run),
    ("curves", "G1, G2: add, double, scalar mul, subgroup checks vs blst", curves::run),
    ("pairing", "Miller loop, final exponentiation, pairing, pairing check, GT pow vs blst", pairing::run),
    ("msm", "G1/G2 multi-scalar multiplication, 1 and all threads, vs blst and arkworks", msm::run),
    ("gt", "GT multi-exponentiation, 1 and all threads, vs our naive product, non-torus path and arkworks", gt::run),
    ("fft", "Fr and G1 FFT, 1 and all threads, vs arkworks (ark-poly)", fft::run),
    ("sig", "BLS signatures: sign, verify, aggregate and batch verification vs blst min_pk / min_sig", sig::run),
    (
        "eip2537",
        "EIP-2537 precompiles' gas rate on worst-case inputs, 1 thread, vs revm (blst) and ecrecover",
        eip2537::run,
    ),
];

/// Areas planned by DESIGN.md that have no module yet.
const PLANNED: &[&str] = &[];

const DEFAULT_ROUNDS: usize = 501;
const DEFAULT_BATCH_US: u64 = 500;

/// Command-line options.
pub(crate) struct Config {
    pub(crate) area: String,
    pub(crate) rounds: usize,
    pub(crate) batch_ns: u64,
    pub(crate) filter: Option<String>,
    pub(crate) csv: Option<String>,
    pub(crate) check: bool,
    pub(crate) plot: Option<String>,
    pub(crate) max_log: Option<u32>,
}

fn usage() -> String {
    let mut s = String::from(
        "usage: compare <area> [--rounds N] [--filter SUBSTR] [--csv FILE] [--batch-us N] [--check] [--plot DIR] [--max-log K]\n\nareas:\n",
    );
    for (name, what, _) in AREAS {
        s.push_str(&format!("  {name:<9} {what}\n"));
    }
    for name in PLANNED {
        s.push_str(&format!("  {name:<9} (not yet implemented)\n"));
    }
    s.push_str(&format!(
        "\noptions:\n  --rounds N       interleaved rounds per row (default {DEFAULT_ROUNDS})\n  \
         --filter SUBSTR  only rows whose name contains SUBSTR (case-insensitive)\n  \
         --csv FILE       also write op,ours_ns,peer,peer_ns,ratio to FILE (eip2537: its gas table)\n  \
         --batch-us N     length of one timed batch in microseconds (default {DEFAULT_BATCH_US})\n  \
         --check          exit with status 1 if a row misses its target ratio\n  \
         --plot DIR       msm: also write DIR/msm_g1.png, DIR/msm_g2.png (time against n,\n                   \
         log-log) and their data DIR/msm.csv (no plot unless asked); eip2537:\n                   \
         DIR/eip2537_msm.png (Mgas/s against k) and DIR/eip2537_msm.csv\n  \
         --max-log K      msm only: sizes up to 2^K points (default: all, G1 up to 2^20)\n\n\
         msm calls take milliseconds to seconds: each n gets --rounds rounds, capped so that\n\
         its timed rounds take about {} s (at least {MIN_SLOW_ROUNDS}); see rust/bench/src/msm.rs\n",
        msm::ROUND_BUDGET_S
    ));
    s
}

fn fail_usage(msg: &str) -> ! {
    eprintln!("compare: {msg}\n\n{}", usage());
    std::process::exit(2);
}

fn parse_args() -> Config {
    let mut args = std::env::args().skip(1);
    let mut area = None;
    let mut cfg = Config {
        area: String::new(),
        rounds: DEFAULT_ROUNDS,
        batch_ns: DEFAULT_BATCH_US * 1000,
        filter: None,
        csv: None,
        check: false,
        plot: None,
        max_log: None,
    };
    while let Some(arg) = args.next() {
        // Accept both `--opt value` and `--opt=value`.
        let (key, inline) = match arg.split_once('=') {
            Some((k, v)) if k.starts_with("--") => (k.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| -> String {
            inline.clone().or_else(|| args.next()).unwrap_or_else(|| fail_usage(&format!("{name} needs a value")))
        };
        match key.as_str() {
            "-h" | "--help" => {
                print!("{}", usage());
                std::process::exit(0);
            }
            "--rounds" => {
                cfg.rounds = value("--rounds")
                    .parse()
                    .ok()
                    .filter(|&n: &usize| n > 0)
                    .unwrap_or_else(|| fail_usage("--rounds needs a positive integer"))
            }
            "--batch-us" => {
                let us: u64 = value("--batch-us")
                    .parse()
                    .ok()
                    .filter(|&n: &u64| n > 0)
                    .unwrap_or_else(|| fail_usage("--batch-us needs a positive integer"));
                cfg.batch_ns = us * 1000;
            }
            "--filter" => cfg.filter = Some(value("--filter").to_lowercase()),
            "--csv" => cfg.csv = Some(value("--csv")),
            "--check" => cfg.check = true,
            "--plot" => cfg.plot = Some(value("--plot")),
            "--max-log" => {
                cfg.max_log = Some(
                    value("--max-log")
                        .parse()
                        .ok()
                        .filter(|&k: &u32| k < 64)
                        .unwrap_or_else(|| fail_usage("--max-log needs an integer below 64")),
                )
            }
            k if k.starts_with('-') => fail_usage(&format!("unknown option {k}")),
            _ if area.is_none() => area = Some(arg),
            _ => fail_usage(&format!("unexpected argument {arg}")),
        }
    }
    cfg.area = area.unwrap_or_else(|| fail_usage("missing area"));
    cfg
}

fn main() {
    let cfg = parse_args();
    let Some(&(area, _, run)) = AREAS.iter().find(|(name, _, _)| *name == cfg.area) else {
        if PLANNED.contains(&cfg.area.as_str()) {
            fail_usage(&format!("area {} is not implemented yet", cfg.area));
        }
        fail_usage(&format!("unknown area {}", cfg.area));
    };
    let mut bench = Bench::new(cfg);
    bench.print_header(area);
    let started = Instant::now();
    run(&mut bench);
    bench.finish(started);
}
