//! `meter`: counts of the core's procedures in one workload (the feature
//! `metering`, docs/METERING.md).
//!
//! ```text
//! meter gt-multiexp [--n N] [--no-torus]   GT multi-exponentiation, one thread (n = 128 by default)
//! meter pairing                            one pairing
//! meter msm [--n N]                        G1 MSM, one thread (n = 4096 by default)
//! ```
//!
//! The inputs come from a ChaCha20 generator with a fixed seed and are
//! made before the counters are reset: only the workload is counted (its
//! second run: the first warms up, uncounted). The
//! table has the columns of constantine's metering reports (procedure,
//! calls, throughput, total and average time), one row per procedure with
//! calls, in the order of `bls12_381_core::meter::Op`.
//!
//! Built without `--features metering`, the binary runs the same workload
//! uncounted and says so: that build measures the plain code (its
//! instruction count under callgrind is the one docs/METERING.md compares
//! with the code before metering). The workload runs inside
//! [`run_workload`], a function kept out of line so that
//! `valgrind --tool=callgrind --toggle-collect='*run_workload*'` counts it
//! alone.

use bls12_381_core::curve::{Jacobian, G1};
use bls12_381_core::msm::msm_vartime_with_threads;
use bls12_381_core::{pairing, Fr, G1Affine, G1Projective, G2Affine, G2Projective, Gt};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;

/// The fixed seed of every workload's inputs.
const SEED: u64 = 0x6d65_7465_7200_0017;

/// A workload with its inputs.
enum Workload {
    /// `Gt::multiexp_vartime_with_threads(.., 1)`, or with `no_torus`
    /// `Gt::multiexp_no_torus_vartime(.., 1)`.
    GtMultiexp { bases: Vec<Gt>, exps: Vec<Fr>, no_torus: bool },
    /// `pairing(p, q)` (boxed: the other variants are small).
    Pairing(Box<(G1Affine, G2Affine)>),
    /// `msm_vartime_with_threads::<G1>(.., 1)`.
    Msm { points: Vec<G1Affine>, scalars: Vec<Fr> },
}

fn usage() -> ! {
    eprintln!(
        "usage: meter gt-multiexp [--n N] [--no-torus] | meter pairing | meter msm [--n N]\n\
         (build with --features metering for the table; without it the workload runs uncounted)"
    );
    std::process::exit(2);
}

/// The workload the command line names, its inputs made, and its title.
fn parse() -> (Workload, String) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(what) = args.first() else { usage() };
    let mut n = None;
    let mut no_torus = false;
    let mut rest = args[1..].iter();
    while let Some(a) = rest.next() {
        match a.as_str() {
            "--n" => n = Some(rest.next().and_then(|v| v.parse::<usize>().ok()).unwrap_or_else(|| usage())),
            "--no-torus" => no_torus = true,
            _ => usage(),
        }
    }
    let mut rng = ChaCha20Rng::seed_from_u64(SEED);
    match what.as_str() {
        "gt-multiexp" => {
            let n = n.unwrap_or(128);
            let g = Gt::generator();
            let bases: Vec<Gt> = (0..n).map(|_| g.pow_vartime(&Fr::random(&mut rng))).collect();
            let exps: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
            let title = if no_torus {
                format!("GT multi-exponentiation, {n} inputs, no torus (Gt::multiexp_no_torus_vartime, 1 thread)")
            } else {
                format!("GT multi-exponentiation, {n} inputs (Gt::multiexp_vartime_with_threads, 1 thread)")
            };
            (Workload::GtMultiexp { bases, exps, no_torus }, title)
        }
        "pairing" if n.is_none() && !no_torus => {
            let p = G1Projective::generator().mul(&Fr::random(&mut rng)).to_affine();
            let q = G2Projective::generator().mul(&Fr::random(&mut rng)).to_affine();
            (Workload::Pairing(Box::new((p, q))), "one pairing (bls12_381_core::pairing)".to_string())
        }
        "msm" if !no_torus => {
            let n = n.unwrap_or(4096);
            // Points P, P + S, P + 2S, ... (random P, S), one normalisation.
            let step = Jacobian::<G1>::random(&mut rng);
            let mut p = Jacobian::<G1>::random(&mut rng);
            let run: Vec<Jacobian<G1>> = (0..n)
                .map(|_| {
                    let q = p;
                    p = p.add(&step);
                    q
                })
                .collect();
            let points = Jacobian::batch_normalize(&run);
            let scalars = (0..n).map(|_| Fr::random(&mut rng)).collect();
            (Workload::Msm { points, scalars }, format!("G1 MSM, {n} points (msm_vartime_with_threads, 1 thread)"))
        }
        _ => usage(),
    }
}

/// Runs the workload once (out of line: the callgrind measurement toggles
/// on this function). Returns the result's encoding, so that nothing is
/// optimised away.
#[inline(never)]
fn run_workload(w: &Workload) -> Vec<u8> {
    match w {
        Workload::GtMultiexp { bases, exps, no_torus } => {
            let r = if *no_torus {
                Gt::multiexp_no_torus_vartime(bases, exps, 1)
            } else {
                Gt::multiexp_vartime_with_threads(bases, exps, 1)
            };
            r.expect("equal lengths").to_bytes().to_vec()
        }
        Workload::Pairing(pq) => pairing(&pq.0, &pq.1).to_bytes().to_vec(),
        Workload::Msm { points, scalars } => {
            let r = msm_vartime_with_threads(points, scalars, 1).expect("equal lengths");
            r.to_affine().to_compressed().as_ref().to_vec()
        }
    }
}

/// The CPU's model name (`/proc/cpuinfo`), or "unknown CPU".
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string())
}

fn main() {
    let (workload, title) = parse();
    println!("## {title}");
    println!();
    println!("CPU: {}; backend {}; seed {SEED:#x}", cpu_model(), bls12_381_core::backend());
    println!();
    report::run(&workload);
}

#[cfg(feature = "metering")]
mod report {
    use super::{black_box, run_workload, Workload};
    use bls12_381_core::meter;

    /// The workload, counted, and its table.
    pub(super) fn run(w: &Workload) {
        // One uncounted run first: the table is of a warm run (caches,
        // and the vector units' first use, which is slower on some CPUs).
        black_box(run_workload(black_box(w)));
        meter::reset();
        let start = std::time::Instant::now();
        black_box(run_workload(black_box(w)));
        let wall = start.elapsed();
        let counts = meter::snapshot();
        println!("{}", table(&counts));
        println!();
        println!("wall time of the metered run: {:.3} ms (metering included)", wall.as_secs_f64() * 1e3);
    }

    /// The markdown table of the procedures with calls, in `Op` order.
    fn table(s: &meter::Snapshot) -> String {
        let head = ["Procedures", "# of Calls", "Throughput (ops/s)", "Time (µs)", "Avg Time (µs)"];
        let rows: Vec<[String; 5]> =
            s.0.iter()
                .filter(|c| c.calls > 0)
                .map(|c| {
                    let us = c.nanos as f64 / 1e3;
                    let throughput = if c.nanos == 0 {
                        "inf".to_string()
                    } else {
                        format!("{:.3}", c.calls as f64 * 1e9 / c.nanos as f64)
                    };
                    [
                        c.op.name().to_string(),
                        c.calls.to_string(),
                        throughput,
                        format!("{us:.3}"),
                        format!("{:.3}", us / c.calls as f64),
                    ]
                })
                .collect();
        let width: Vec<usize> = (0..5)
            .map(|i| rows.iter().map(|r| r[i].chars().count()).chain([head[i].chars().count()]).max().unwrap_or(0))
            .collect();
        let mut out = String::new();
        let line = |cells: &[&str], out: &mut String| {
            out.push('|');
            for (i, c) in cells.iter().enumerate() {
                let pad = width[i] - c.chars().count();
                if i == 0 {
                    out.push_str(&format!("{c}{}|", " ".repeat(pad)));
                } else {
                    out.push_str(&format!("{}{c}|", " ".repeat(pad)));
                }
            }
            out.push('\n');
        };
        line(&head, &mut out);
        out.push('|');
        for w in &width {
            out.push_str(&format!("{}|", "-".repeat(*w)));
        }
        out.push('\n');
        for r in &rows {
            line(&[&r[0], &r[1], &r[2], &r[3], &r[4]], &mut out);
        }
        out.pop();
        out
    }
}

#[cfg(not(feature = "metering"))]
mod report {
    use super::{black_box, run_workload, Workload};

    /// The workload, uncounted.
    pub(super) fn run(w: &Workload) {
        black_box(run_workload(black_box(w)));
        println!(
            "metering is off: this build has no counters (cargo run --release --features metering \
             -p bls12-381-bench --bin meter -- ... prints the table); the workload ran uncounted."
        );
    }
}
