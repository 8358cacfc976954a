//! The harness the areas drive: row selection, the interleaved timing
//! rounds, the equality checks, the random inputs, the table and its CSV,
//! and the header (kernel, CPU, lane kernels).
//!
//! Method (docs/PERFORMANCE.md): for each row, one batch of our
//! operation, then one batch of the peer's, then ours again, ... for
//! `--rounds` rounds. A batch runs the operation many times on random inputs
//! along a data-dependency chain (`x = x * y`, `x = x^2`, `x = 1 / x`, ...),
//! sized by calibration to take about `--batch-us` microseconds. Each side's
//! time is the median of its per-round ns/op; the ratio is ours / peer. Before
//! timing a row the area module checks that both libraries compute the same
//! value on a random input, and exits non-zero otherwise.
//!
//! Slow operations (MSM: milliseconds to seconds a call) use
//! [`Bench::compare_slow`]: one call per batch, ours and several peers in
//! turn in each round, with `--rounds` capped so that the timed rounds take about a given
//! time, at least [`MIN_SLOW_ROUNDS`] ([`Bench::slow_rounds`]); rows measured
//! with fewer rounds than `--rounds` are listed under the table.

use crate::Config;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

/// The fewest timed rounds [`Bench::slow_rounds`] gives (median of 3).
pub(crate) const MIN_SLOW_ROUNDS: usize = 3;

/// One measured row.
pub(crate) struct Row {
    op: String,
    ours_ns: f64,
    peer: &'static str,
    peer_ns: f64,
    /// The largest acceptable ours/peer (the row's target), if it has one.
    target: Option<f64>,
    /// Timed rounds (fewer than `--rounds` for slow rows).
    rounds: usize,
}

impl Row {
    fn ratio(&self) -> f64 {
        self.ours_ns / self.peer_ns
    }
    fn passes(&self) -> Option<bool> {
        self.target.map(|b| self.ratio() <= b)
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
/// long: after an idle spell a CPU can run slower for the first fraction
/// of a second (its clock still rising), which would skew the first row
/// against the peer timed after it.
const WARM_UP: std::time::Duration = std::time::Duration::from_millis(1500);

impl Bench {
    /// The harness for the options `cfg`, with no row yet.
    pub(crate) fn new(cfg: Config) -> Bench {
        Bench {
            cfg,
            rows: Vec::new(),
            rng: ChaCha20Rng::seed_from_u64(0x5eed_0b12_0381),
            notes: Vec::new(),
            warmed: false,
            csv_override: None,
        }
    }

    /// The header: the area, the kernel, the CPU with the lane kernels
    /// chosen (the first call measures them), the timing method; then the
    /// table's head.
    pub(crate) fn print_header(&self, area: &str) {
        let cfg = &self.cfg;
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
        // The first call of backend() measures the lane kernels: timed.
        let started = Instant::now();
        let backend = bls12_381_core::backend();
        let chosen_in = started.elapsed().as_secs_f64() * 1e3;
        println!(
            "compare {area}: backend {backend} (lanes chosen in {chosen_in:.1} ms) | cpu {} | {method}",
            cpu_features()
        );
        println!();
        println!("| op | ours (ns) | peer | peer (ns) | ours/peer |");
        println!("|---|---:|---|---:|---:|");
        let _ = std::io::stdout().flush();
    }

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

    /// `--batch-us N` in nanoseconds: the length a timed batch aims for.
    pub(crate) fn batch_ns(&self) -> u64 {
        self.cfg.batch_ns
    }

    /// What `--csv` writes instead of the rows (an area's own columns).
    pub(crate) fn csv_instead(&mut self, text: String) {
        self.csv_override = Some(text);
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
        target: Option<f64>,
        mut ours: impl FnMut(u64),
        mut peer: impl FnMut(u64),
    ) {
        let batch_ns = self.cfg.batch_ns;
        let n_ours = calibrate(&mut ours, batch_ns);
        let n_peer = calibrate(&mut peer, batch_ns);

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
        self.record(op, ours_ns, peer_name, median(&mut t_peer), target, self.cfg.rounds);
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
    /// the `rows`, each `(op, ours, peer, target)` with indices into `calls`:
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
        for (op, ours, peer, target) in rows {
            self.record(op, medians[*ours], calls[*peer].0, medians[*peer], *target, rounds);
        }
        medians
    }

    /// Prints and keeps one row.
    pub(crate) fn record(
        &mut self,
        op: &str,
        ours_ns: f64,
        peer: &'static str,
        peer_ns: f64,
        target: Option<f64>,
        rounds: usize,
    ) {
        let row = Row { op: op.to_string(), ours_ns, peer, peer_ns, target, rounds };
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

    /// After the area ran: the rows with a target and whether they pass, the
    /// rows measured with fewer rounds, the notes, the time the area took
    /// (since `started`), the `--csv` file. Exits with status 2 when no row
    /// was measured or the file cannot be written, 1 under `--check` when
    /// a target fails.
    pub(crate) fn finish(&self, started: Instant) {
        if self.rows.is_empty() {
            eprintln!("compare: no row matches the filter");
            std::process::exit(2);
        }

        let targeted: Vec<&Row> = self.rows.iter().filter(|r| r.target.is_some()).collect();
        let mut failed = 0;
        if !targeted.is_empty() {
            println!();
            println!("| op | ours/peer | target | result |");
            println!("|---|---:|---:|---|");
            for r in &targeted {
                let ok = r.passes().unwrap();
                failed += usize::from(!ok);
                println!(
                    "| {} | {:.3} | <= {:.2} | {} |",
                    r.op,
                    r.ratio(),
                    r.target.unwrap(),
                    if ok { "PASS" } else { "FAIL" }
                );
            }
            println!();
            println!("targets: {} of {} met", targeted.len() - failed, targeted.len());
        }
        let mut short: Vec<String> = Vec::new();
        for r in self.rows.iter().filter(|r| r.rounds < self.cfg.rounds) {
            let line = format!("{} ({})", r.op, r.rounds);
            if !short.contains(&line) {
                short.push(line);
            }
        }
        if !short.is_empty() {
            println!();
            println!("fewer rounds than --rounds (slow rows): {}", short.join(", "));
        }
        if !self.notes.is_empty() {
            println!();
            for line in &self.notes {
                println!("{line}");
            }
        }
        println!("({:.1} s)", started.elapsed().as_secs_f64());

        if let Some(path) = &self.cfg.csv {
            let written = match &self.csv_override {
                Some(text) => std::fs::write(path, text),
                None => write_csv(path, &self.rows),
            };
            if let Err(e) = written {
                eprintln!("compare: cannot write {path}: {e}");
                std::process::exit(2);
            }
        }
        if self.cfg.check && failed > 0 {
            std::process::exit(1);
        }
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

/// The batch length that takes about `batch_ns`.
fn calibrate(f: &mut impl FnMut(u64), batch_ns: u64) -> u64 {
    let mut n: u64 = 1;
    loop {
        let t0 = Instant::now();
        f(n);
        let dt = t0.elapsed().as_nanos() as u64;
        if dt >= batch_ns / 8 || n >= 1 << 40 {
            // Scale to `batch_ns` from a measurement long enough to trust.
            let est = (n as u128 * batch_ns as u128 / dt.max(1) as u128) as u64;
            return est.max(1);
        }
        n *= 2;
    }
}

pub(crate) fn median(v: &mut [f64]) -> f64 {
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
        format!(
            "{model} (adx={} bmi2={} avx2={} avx512f={} avx512ifma={})",
            yn(std::is_x86_feature_detected!("adx")),
            yn(std::is_x86_feature_detected!("bmi2")),
            yn(std::is_x86_feature_detected!("avx2")),
            yn(std::is_x86_feature_detected!("avx512f")),
            yn(std::is_x86_feature_detected!("avx512ifma")),
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
