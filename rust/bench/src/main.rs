//! `compare`: bls12-381-core side by side with a peer, in one process.
//!
//! ```text
//! compare <area> [--rounds N] [--filter SUBSTR] [--csv FILE] [--batch-us N] [--check] [--plot DIR] [--max-log K]
//! ```
//!
//! Method (docs/PERFORMANCE.md): for each row, one batch of
//! our operation, then one batch of the peer's, then ours again, ... for
//! `--rounds` rounds. A batch runs the operation many times on random inputs
//! along a data-dependency chain (`x = x * y`, `x = x^2`, `x = 1 / x`, ...),
//! sized by calibration to take about `--batch-us` microseconds. Each side's
//! time is the median of its per-round ns/op; the ratio is ours / peer. Before
//! timing a row the area module checks that both libraries compute the same
//! value on a random input, and exits non-zero otherwise.
//!
//! Output: a markdown table `| op | ours (ns) | peer | peer (ns) | ours/peer |`,
//! then the rows that have a bar (from the issues) with PASS/FAIL. `--csv FILE`
//! also writes `op,ours_ns,peer,peer_ns,ratio`. `--check` exits 1 when a bar
//! fails.
//!
//! Slow operations (MSM: milliseconds to seconds a call) use
//! [`Bench::compare_slow`]: one call per batch, ours and several peers in
//! turn in each round, with `--rounds` capped so that the timed rounds take about a given
//! time, at least [`MIN_SLOW_ROUNDS`] ([`Bench::slow_rounds`]); rows measured
//! with fewer rounds than `--rounds` are listed under the table.
//!
//! One module per area (`fields`, `curves`, `pairing`, `msm`, `gt`,
//! `fft`, `sig`, `eip2537`), each with a `run(&mut Bench)` entry in [`AREAS`].

mod curves;
mod eip2537;
mod fft;
mod fields;
mod gt;
mod msm;
mod pairing;
mod sig;

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::io::Write;
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
/// The fewest timed rounds [`Bench::slow_rounds`] gives (median of 3).
const MIN_SLOW_ROUNDS: usize = 3;

/// Command-line options.
struct Config {
    area: String,
    rounds: usize,
    batch_ns: u64,
    filter: Option<String>,
    csv: Option<String>,
    check: bool,
    plot: Option<String>,
    max_log: Option<u32>,
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
         --batch-us N     target length of one timed batch in microseconds (default {DEFAULT_BATCH_US})\n  \
         --check          exit with status 1 if a row misses its bar\n  \
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

/// One measured row.
pub(crate) struct Row {
    op: String,
    ours_ns: f64,
    peer: &'static str,
    peer_ns: f64,
    /// The largest acceptable ours/peer, when an issue states one.
    bar: Option<f64>,
    /// Timed rounds (fewer than `--rounds` for slow rows).
    rounds: usize,
}

impl Row {
    fn ratio(&self) -> f64 {
        self.ours_ns / self.peer_ns
    }
    fn passes(&self) -> Option<bool> {
        self.bar.map(|b| self.ratio() <= b)
    }
}

/// The harness the area modules drive: row selection, the interleaved timing
/// loop, the equality checks and the random inputs.
pub(crate) struct Bench {
    cfg: Config,
    rows: Vec<Row>,
    rng: ChaCha20Rng,
    /// Lines printed under the table.
    notes: Vec<String>,
    /// Whether the process-level warm-up ran ([`Bench::compare`]).
    warmed: bool,
    /// What `--csv` writes instead of the rows, when an area has its own
    /// columns (eip2537's gas table).
    csv_override: Option<String>,
}

/// The first comparison of a run first alternates its two sides for this
/// long: after an idle spell the host's CPU ran ~1.6x slower for the first
/// fraction of a second, and the first row (the Miller loop of `compare
/// pairing`) read 1.00-1.03 instead of 0.85-0.88.
const WARM_UP: std::time::Duration = std::time::Duration::from_millis(1500);

impl Bench {
    /// Whether the row `op` passes `--filter`.
    pub(crate) fn wants(&self, op: &str) -> bool {
        match &self.cfg.filter {
            Some(f) => op.to_lowercase().contains(f.as_str()),
            None => true,
        }
    }

    /// The random source for inputs (fixed seed: runs use the same inputs).
    pub(crate) fn rng(&mut self) -> &mut ChaCha20Rng {
        &mut self.rng
    }

    /// `--plot DIR`, if given.
    pub(crate) fn plot_dir(&self) -> Option<&str> {
        self.cfg.plot.as_deref()
    }

    /// `--max-log K`: the largest size to measure is 2^K.
    pub(crate) fn max_log(&self) -> Option<u32> {
        self.cfg.max_log
    }

    /// A line to print under the table (what a row's numbers depend on).
    pub(crate) fn note(&mut self, line: String) {
        self.notes.push(line);
    }

    /// Fails loudly unless both libraries produced the same encoding.
    pub(crate) fn agree(&self, op: &str, ours: &[u8], peer: &[u8], peer_name: &str) {
        if ours != peer {
            eprintln!(
                "compare: MISMATCH in row \"{op}\": ours and {peer_name} compute different values; \
                 the comparison would not be honest.\n  ours: {}\n  {peer_name}: {}",
                hex(ours),
                hex(peer)
            );
            std::process::exit(3);
        }
    }

    /// Times `ours` against `peer` interleaved and records the row.
    ///
    /// Each closure runs its operation `n` times along a dependency chain on
    /// state it owns (so successive batches continue the chain) and must make
    /// the result observable (e.g. `black_box`).
    pub(crate) fn compare(
        &mut self,
        op: &str,
        peer_name: &'static str,
        bar: Option<f64>,
        mut ours: impl FnMut(u64),
        mut peer: impl FnMut(u64),
    ) {
        let target = self.cfg.batch_ns;
        let n_ours = calibrate(&mut ours, target);
        let n_peer = calibrate(&mut peer, target);

        if !self.warmed {
            self.warmed = true;
            let start = std::time::Instant::now();
            while start.elapsed() < WARM_UP {
                ours(n_ours);
                peer(n_peer);
            }
        }
        // Warm-up rounds, not recorded (caches, branch predictors, frequency).
        for _ in 0..(self.cfg.rounds / 10).clamp(2, 20) {
            ours(n_ours);
            peer(n_peer);
        }

        let mut t_ours = Vec::with_capacity(self.cfg.rounds);
        let mut t_peer = Vec::with_capacity(self.cfg.rounds);
        for _ in 0..self.cfg.rounds {
            t_ours.push(time_batch(&mut ours, n_ours));
            t_peer.push(time_batch(&mut peer, n_peer));
        }
        let ours_ns = median(&mut t_ours);
        self.record(op, ours_ns, peer_name, median(&mut t_peer), bar, self.cfg.rounds);
    }

    /// The rounds for [`Bench::compare_slow`] when one round (every call
    /// once) takes `round_s` seconds: `--rounds`, capped so that the
    /// timed rounds take about `budget_s`, but at least [`MIN_SLOW_ROUNDS`]
    /// (or `--rounds` if smaller).
    pub(crate) fn slow_rounds(&self, round_s: f64, budget_s: f64) -> usize {
        let fit = (budget_s / round_s.max(1e-9)) as usize;
        fit.clamp(MIN_SLOW_ROUNDS.min(self.cfg.rounds), self.cfg.rounds)
    }

    /// [`Bench::compare`] for operations of milliseconds to seconds (MSM):
    /// each round runs every one of `calls` once, in turn (ours, peer,
    /// other peer, ..., then again), every call timed alone, for `rounds`
    /// rounds; no calibration and no warm-up here (the caller runs
    /// everything once before, e.g. in its equality check). Then records
    /// the `rows`, each `(op, ours, peer, bar)` with indices into `calls`:
    /// both sides' medians come from the same rounds. Returns the median ns
    /// of every call.
    pub(crate) fn compare_slow(
        &mut self,
        rounds: usize,
        calls: &mut [(&'static str, &mut dyn FnMut())],
        rows: &[(String, usize, usize, Option<f64>)],
    ) -> Vec<f64> {
        let mut times = vec![Vec::with_capacity(rounds); calls.len()];
        for _ in 0..rounds {
            for (t, (_, call)) in times.iter_mut().zip(calls.iter_mut()) {
                let t0 = Instant::now();
                call();
                t.push(t0.elapsed().as_nanos() as f64);
            }
        }
        let medians: Vec<f64> = times.iter_mut().map(|t| median(t)).collect();
        for (op, ours, peer, bar) in rows {
            self.record(op, medians[*ours], calls[*peer].0, medians[*peer], *bar, rounds);
        }
        medians
    }

    /// Prints and keeps one row.
    fn record(&mut self, op: &str, ours_ns: f64, peer: &'static str, peer_ns: f64, bar: Option<f64>, rounds: usize) {
        let row = Row { op: op.to_string(), ours_ns, peer, peer_ns, bar, rounds };
        println!(
            "| {} | {} | {} | {} | {:.3} |",
            row.op,
            fmt_ns(row.ours_ns),
            row.peer,
            fmt_ns(row.peer_ns),
            row.ratio()
        );
        let _ = std::io::stdout().flush();
        self.rows.push(row);
    }
}

/// ns per operation of one batch of `n`.
#[inline(never)]
fn time_batch(f: &mut impl FnMut(u64), n: u64) -> f64 {
    let n = black_box(n);
    let t0 = Instant::now();
    f(n);
    let dt = t0.elapsed();
    dt.as_nanos() as f64 / n as f64
}

/// The batch length that takes about `target_ns`.
fn calibrate(f: &mut impl FnMut(u64), target_ns: u64) -> u64 {
    let mut n: u64 = 1;
    loop {
        let t0 = Instant::now();
        f(n);
        let dt = t0.elapsed().as_nanos() as u64;
        if dt >= target_ns / 8 || n >= 1 << 40 {
            // Scale to the target from a measurement long enough to trust.
            let est = (n as u128 * target_ns as u128 / dt.max(1) as u128) as u64;
            return est.max(1);
        }
        n *= 2;
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

fn fmt_ns(ns: f64) -> String {
    if ns < 10.0 {
        format!("{ns:.2}")
    } else if ns < 1000.0 {
        format!("{ns:.1}")
    } else {
        format!("{ns:.0}")
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn cpu_features() -> String {
    #[cfg(target_arch = "x86_64")]
    {
        let yn = |b: bool| if b { "yes" } else { "no" };
        let model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split(':').nth(1))
                    .map(|m| m.trim().to_string())
            })
            .unwrap_or_else(|| "unknown".to_string());
        // The first call measures the candidates (msm::lane_kernels).
        let started = Instant::now();
        let lanes = bls12_381_core::msm::lane_kernels();
        let chosen_in = started.elapsed();
        format!(
            "{model} (adx={} bmi2={} avx2={} avx512f={} avx512ifma={}) | lane kernels {} (chosen in {:.1} ms)",
            yn(std::is_x86_feature_detected!("adx")),
            yn(std::is_x86_feature_detected!("bmi2")),
            yn(std::is_x86_feature_detected!("avx2")),
            yn(std::is_x86_feature_detected!("avx512f")),
            yn(std::is_x86_feature_detected!("avx512ifma")),
            lanes,
            chosen_in.as_secs_f64() * 1e3
        )
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        std::env::consts::ARCH.to_string()
    }
}

fn write_csv(path: &str, rows: &[Row]) -> std::io::Result<()> {
    let mut out = String::from("op,ours_ns,peer,peer_ns,ratio\n");
    for r in rows {
        out.push_str(&format!("{},{:.3},{},{:.3},{:.4}\n", r.op, r.ours_ns, r.peer, r.peer_ns, r.ratio()));
    }
    std::fs::write(path, out)
}

fn main() {
    let cfg = parse_args();
    let Some(&(area, _, run)) = AREAS.iter().find(|(name, _, _)| *name == cfg.area) else {
        if PLANNED.contains(&cfg.area.as_str()) {
            fail_usage(&format!("area {} is not implemented yet", cfg.area));
        }
        fail_usage(&format!("unknown area {}", cfg.area));
    };

    // msm times single calls with capped rounds (Bench::compare_slow).
    let method = if area == "eip2537" {
        format!(
            "up to {} rounds of ~{} us batches (one call if longer), interleaved, median ns per call",
            cfg.rounds,
            cfg.batch_ns / 1000
        )
    } else if area == "msm" || area == "fft" {
        format!("up to {} rounds of single calls, interleaved, median ns per call", cfg.rounds)
    } else {
        format!("{} rounds x ~{} us batches, interleaved, median ns/op", cfg.rounds, cfg.batch_ns / 1000)
    };
    println!("compare {area}: kernel {:?} | cpu {} | {method}", bls12_381_core::arith::backend(), cpu_features());
    println!();
    println!("| op | ours (ns) | peer | peer (ns) | ours/peer |");
    println!("|---|---:|---|---:|---:|");
    let _ = std::io::stdout().flush();

    let started = Instant::now();
    let mut bench = Bench {
        cfg,
        rows: Vec::new(),
        rng: ChaCha20Rng::seed_from_u64(0x5eed_0b12_0381),
        notes: Vec::new(),
        warmed: false,
        csv_override: None,
    };
    run(&mut bench);

    if bench.rows.is_empty() {
        eprintln!("compare: no row matches the filter");
        std::process::exit(2);
    }

    let barred: Vec<&Row> = bench.rows.iter().filter(|r| r.bar.is_some()).collect();
    let mut failed = 0;
    if !barred.is_empty() {
        println!();
        println!("| op | ours/peer | bar | result |");
        println!("|---|---:|---:|---|");
        for r in &barred {
            let ok = r.passes().unwrap();
            failed += usize::from(!ok);
            println!(
                "| {} | {:.3} | <= {:.2} | {} |",
                r.op,
                r.ratio(),
                r.bar.unwrap(),
                if ok { "PASS" } else { "FAIL" }
            );
        }
        println!();
        println!("bars: {} of {} pass", barred.len() - failed, barred.len());
    }
    let mut short: Vec<String> = Vec::new();
    for r in bench.rows.iter().filter(|r| r.rounds < bench.cfg.rounds) {
        let line = format!("{} ({})", r.op, r.rounds);
        if !short.contains(&line) {
            short.push(line);
        }
    }
    if !short.is_empty() {
        println!();
        println!("fewer rounds than --rounds (slow rows): {}", short.join(", "));
    }
    if !bench.notes.is_empty() {
        println!();
        for line in &bench.notes {
            println!("{line}");
        }
    }
    println!("({:.1} s)", started.elapsed().as_secs_f64());

    if let Some(path) = &bench.cfg.csv {
        let written = match &bench.csv_override {
            Some(text) => std::fs::write(path, text),
            None => write_csv(path, &bench.rows),
        };
        if let Err(e) = written {
            eprintln!("compare: cannot write {path}: {e}");
            std::process::exit(2);
        }
    }
    if bench.cfg.check && failed > 0 {
        std::process::exit(1);
    }
}

// ---------------------------------------------------------------------------
// Batch bodies shared by the areas.

/// Ours: `step(&mut x, &y)` n times; `x` carries over between batches.
pub(crate) fn chain<T: Copy, A: Copy>(mut x: T, step: impl Fn(&mut T, &A) + Copy, y: A) -> impl FnMut(u64) {
    move |n| {
        let y = black_box(y);
        let mut v = black_box(x);
        for _ in 0..n {
            step(&mut v, &y);
        }
        x = black_box(v);
    }
}

/// blst: `step(r, a)` n times on the in-place state `r`.
pub(crate) fn blst_chain<T: Copy, A: Copy>(mut x: T, step: impl Fn(*mut T, *const A) + Copy, y: A) -> impl FnMut(u64) {
    move |n| {
        let y = black_box(y);
        let p: *mut T = &mut x;
        for _ in 0..n {
            step(p, &y);
        }
        black_box(&x);
    }
}

/// A predicate evaluated n times on an opaque input.
pub(crate) fn repeat<T: Copy>(x: T, f: impl Fn(&T) -> bool + Copy) -> impl FnMut(u64) {
    move |n| {
        for _ in 0..n {
            black_box(f(black_box(&x)));
        }
    }
}
