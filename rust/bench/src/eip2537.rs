//! `compare eip2537`: the gas rate of our EIP-2537 precompiles, natively
//! (the calls themselves, without an EVM around them), on one thread.
//!
//! Inputs: `bls12_381_eip2537::workload` (also used by
//! `bls12-381-eip2537 bench`): G1ADD / G2ADD on `2G + G`; G1MSM / G2MSM with
//! k = 1 on the scalar that makes our k = 1 method (GLV / GLS width-5 wNAF
//! `mul_vartime`) slowest, found by reasoning on its operation count with
//! a small search over random and structured scalars (the argument is in
//! that module's doc, the search in its tests: 128 doublings and 52
//! additions on G1, 64 and 52 on G2, against about 128 + 43 and 64 + 43 for
//! a random scalar); G1MSM / G2MSM with k = 1, 2, 4, ..., 128 random
//! subgroup points and random scalars; PAIRING_CHECK with k = 1..8 random
//! pairs; MAP_FP_TO_G1 / MAP_FP2_TO_G2 on random field elements.
//!
//! For every input, three computations, each called in batches sized to
//! about `--batch-us` (one call per batch when a call is longer), one
//! batch of each in turn per round, for `--rounds` rounds capped so that
//! an input's rounds take about [`ROUND_BUDGET_S`] seconds (at least 3):
//! - ours: `Precompile::run` (decoding, checks, computation, encoding);
//! - `revm (blst)`: revm-precompile 43.0.3's EIP-2537 functions on its
//!   blst backend (built without the `portable` feature, so blst runs its
//!   ADX code), with an unlimited gas limit;
//! - `ecrecover`: libsecp256k1's public-key recovery (the `secp256k1`
//!   crate's `recover_ecdsa`) of a fixed valid signature, the computation
//!   of the 3000-gas ECRECOVER precompile (without its Keccak of the key,
//!   a fraction of a percent of it).
//!
//! Each side's time per call is the median over the rounds. Before timing,
//! ours and revm must give the same output bytes and the same gas, and the
//! recovery must return the signing key (exit 3 otherwise).
//!
//! One thread: the process is first pinned to the CPU it runs on
//! (`sched_setaffinity`). revm's MSM calls blst's `MultiPoint::mult`, which
//! spreads the work over blst's own thread pool, sized by the CPUs the
//! process may use when first called: pinned, that pool has one thread and
//! blst takes its one-thread path. Ours runs MSM with `threads = 1`.
//!
//! Gas rate: `gas / time`, in Mgas/s; ecrecover's is 3000 gas over its
//! time, measured in the same rounds as each input. Two rows per input in
//! the harness's table:
//! - `<input> vs revm`: ours against revm's time. Targets: <= 0.8 on each
//!   precompile's worst case (ADD, MAP, MSM k = 1 with the worst scalar,
//!   PAIRING_CHECK at every k), <= 0.7 on G1MSM and G2MSM at k = 32 and
//!   128;
//! - `<input> gas rate`: ours against the time ecrecover takes for the same
//!   gas (`ecrecover time * gas / 3000`); the ratio is ecrecover's gas rate
//!   over ours, and the target 1.0 (every input) means our rate is at least
//!   ecrecover's.
//!
//! Under the table: the gas table (time, gas, Mgas/s, rate / ecrecover's,
//! revm's time and rate, ours / revm). `--csv FILE` writes that table
//! instead of the harness's columns. `--plot DIR` writes
//! `DIR/eip2537_msm.png` (Mgas/s against k for G1MSM and G2MSM, ours and
//! revm, and ecrecover's rate as a line) and its data
//! `DIR/eip2537_msm.csv`.

use crate::Bench;
use bls12_381_eip2537::workload::{self, Case};
use bls12_381_eip2537::Precompile;
use revm_precompile::bls12_381 as revm;
use std::hint::black_box;
use std::time::Instant;

/// About how long the timed rounds of one input take, in seconds.
const ROUND_BUDGET_S: f64 = 2.0;
/// The seed of the random inputs.
const SEED: u64 = 0x2537_0003;
/// ECRECOVER's gas.
const ECRECOVER_GAS: u64 = 3000;
const REVM: &str = "revm (blst)";
const ECR_EQUAL_GAS: &str = "ecrecover at equal gas";

type Reference = fn(&[u8], u64) -> revm_precompile::EthPrecompileResult;

/// revm's function for each precompile, in address order
/// ([`Precompile::ALL`]).
const REFERENCES: [Reference; 7] = [
    revm::g1_add::g1_add,
    revm::g1_msm::g1_msm,
    revm::g2_add::g2_add,
    revm::g2_msm::g2_msm,
    revm::pairing::pairing,
    revm::map_fp_to_g1::map_fp_to_g1,
    revm::map_fp2_to_g2::map_fp2_to_g2,
];

fn reference(p: Precompile) -> Reference {
    // Addresses 0x0b..=0x11 in order.
    REFERENCES[usize::from(p.address() - 0x0b)]
}

/// The target on ours / revm for `case` (module doc).
fn revm_target(case: &Case) -> Option<f64> {
    let msm = matches!(case.precompile, Precompile::G1Msm | Precompile::G2Msm);
    if case.worst {
        Some(0.8)
    } else if msm && matches!(case.k, 32 | 128) {
        Some(0.7)
    } else {
        None
    }
}

/// ecrecover's computation on a fixed signature.
struct Ecrecover {
    secp: secp256k1::Secp256k1<secp256k1::All>,
    msg: secp256k1::Message,
    sig: secp256k1::ecdsa::RecoverableSignature,
}

impl Ecrecover {
    fn new() -> Self {
        let secp = secp256k1::Secp256k1::new();
        let sk = secp256k1::SecretKey::from_byte_array([0x42; 32]).expect("a valid secret key");
        let msg = secp256k1::Message::from_digest([0x25; 32]);
        let sig = secp.sign_ecdsa_recoverable(msg, &sk);
        let e = Ecrecover { secp, msg, sig };
        if e.recover() != Some(secp256k1::PublicKey::from_secret_key(&e.secp, &sk)) {
            eprintln!("compare: MISMATCH: ecrecover does not recover the signing key");
            std::process::exit(3);
        }
        e
    }
    fn recover(&self) -> Option<secp256k1::PublicKey> {
        self.secp.recover_ecdsa(black_box(self.msg), black_box(&self.sig)).ok()
    }
}

/// Pins the calling thread (and the threads it will start) to the CPU it
/// runs on; says so under the table.
fn pin_to_one_cpu(b: &mut Bench) {
    // SAFETY: sched_getcpu has no arguments; the set is a plain bit array
    // initialised by CPU_ZERO before use and passed with its own size.
    let pinned = unsafe {
        let cpu = libc::sched_getcpu();
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_ZERO(&mut set);
        if cpu >= 0 {
            libc::CPU_SET(cpu as usize, &mut set);
        }
        cpu >= 0 && libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
    };
    if pinned {
        b.note("one thread: the process is pinned to one CPU (blst's pool then has one thread)".to_string());
    } else {
        eprintln!("compare: cannot pin the process to one CPU: revm's MSM may use several threads");
        std::process::exit(2);
    }
}

/// One input's medians, ns per call.
struct Measured {
    name: String,
    precompile: Precompile,
    k: usize,
    gas: u64,
    ours: f64,
    revm: f64,
    ecrecover: f64,
}

/// Mgas/s for `gas` in `ns`.
fn mgas(gas: u64, ns: f64) -> f64 {
    gas as f64 / ns * 1000.0
}

/// Calls per batch for a call of `once_ns`.
fn reps(once_ns: f64, batch_ns: u64) -> u64 {
    ((batch_ns as f64 / once_ns.max(1.0)) as u64).max(1)
}

fn fail(op: &str, what: String) -> ! {
    eprintln!("compare: MISMATCH in row \"{op}\": {what}");
    std::process::exit(3);
}

/// Checks and times one input.
fn measure(b: &mut Bench, case: &Case, ecr: &Ecrecover) -> Measured {
    let (p, input) = (case.precompile, case.input.as_slice());
    let reference = reference(p);
    let t0 = Instant::now();
    let ours = p.run(input).unwrap_or_else(|e| fail(&case.name, format!("ours fails: {e}")));
    let t_ours = t0.elapsed().as_nanos() as f64;
    let t0 = Instant::now();
    let theirs = reference(input, u64::MAX).unwrap_or_else(|e| fail(&case.name, format!("revm fails: {e:?}")));
    let t_revm = t0.elapsed().as_nanos() as f64;
    b.agree(&case.name, &ours.bytes, &theirs.bytes, REVM);
    if ours.gas != theirs.gas_used {
        fail(&case.name, format!("gas: ours {}, revm {}", ours.gas, theirs.gas_used));
    }
    let t0 = Instant::now();
    black_box(ecr.recover());
    let t_ecr = t0.elapsed().as_nanos() as f64;

    let batch = b.batch_ns();
    let n = [reps(t_ours, batch), reps(t_revm, batch), reps(t_ecr, batch)];
    let mut ours_call = || {
        let _ = black_box(p.run(black_box(input)));
    };
    let mut revm_call = || {
        let _ = black_box(reference(black_box(input), u64::MAX));
    };
    let mut ecr_call = || {
        black_box(ecr.recover());
    };
    let mut calls: [&mut dyn FnMut(); 3] = [&mut ours_call, &mut revm_call, &mut ecr_call];
    let round_s = (n[0] as f64 * t_ours + n[1] as f64 * t_revm + n[2] as f64 * t_ecr) / 1e9;
    let rounds = b.slow_rounds(round_s, ROUND_BUDGET_S);
    let mut times = [Vec::with_capacity(rounds), Vec::with_capacity(rounds), Vec::with_capacity(rounds)];
    for round in 0..=rounds {
        for ((call, &reps), t) in calls.iter_mut().zip(&n).zip(times.iter_mut()) {
            let t0 = Instant::now();
            for _ in 0..reps {
                call();
            }
            // Round 0 warms up.
            if round > 0 {
                t.push(t0.elapsed().as_nanos() as f64 / reps as f64);
            }
        }
    }
    let [ours_ns, revm_ns, ecr_ns] = times.map(|mut t| crate::median(&mut t));
    let gas = ours.gas;
    b.record(&format!("{} vs revm", case.name), ours_ns, REVM, revm_ns, revm_target(case), rounds);
    let equal_gas = ecr_ns * gas as f64 / ECRECOVER_GAS as f64;
    b.record(&format!("{} gas rate", case.name), ours_ns, ECR_EQUAL_GAS, equal_gas, Some(1.0), rounds);
    Measured { name: case.name.clone(), precompile: p, k: case.k, gas, ours: ours_ns, revm: revm_ns, ecrecover: ecr_ns }
}

/// Runs every selected row of the area.
pub(crate) fn run(b: &mut Bench) {
    pin_to_one_cpu(b);
    let ecr = Ecrecover::new();
    let cases: Vec<Case> = workload::cases(SEED)
        .into_iter()
        .filter(|c| b.wants(&format!("{} vs revm", c.name)) || b.wants(&format!("{} gas rate", c.name)))
        .collect();
    let measured: Vec<Measured> = cases.iter().map(|c| measure(b, c, &ecr)).collect();
    if measured.is_empty() {
        return;
    }
    gas_table(b, &measured);
    if let Some(dir) = b.plot_dir().map(str::to_string) {
        write_plot(b, &dir, &measured);
    }
}

/// The median of ecrecover's per-input medians.
fn ecrecover_ns(measured: &[Measured]) -> f64 {
    let mut all: Vec<f64> = measured.iter().map(|m| m.ecrecover).collect();
    crate::median(&mut all)
}

/// The gas table under the harness's table, and as the `--csv` content.
fn gas_table(b: &mut Bench, measured: &[Measured]) {
    let ecr = ecrecover_ns(measured);
    b.note(format!(
        "gas rates (one thread; ecrecover: {:.1} us, {:.1} Mgas/s, median over the inputs' rounds):",
        ecr / 1e3,
        mgas(ECRECOVER_GAS, ecr)
    ));
    b.note(String::new());
    b.note(
        "| input | gas | ours (us) | ours Mgas/s | ours / ecrecover rate | revm (blst) (us) | revm Mgas/s | ours/revm time |"
            .to_string(),
    );
    b.note("|---|---:|---:|---:|---:|---:|---:|---:|".to_string());
    let mut csv = String::from(
        "input,precompile,k,gas,ours_ns,ours_mgas_s,ecrecover_ns,ecrecover_mgas_s,rate_over_ecrecover,revm_ns,revm_mgas_s,ours_over_revm\n",
    );
    for m in measured {
        let ours_rate = mgas(m.gas, m.ours);
        let ecr_rate = mgas(ECRECOVER_GAS, m.ecrecover);
        b.note(format!(
            "| {} | {} | {:.1} | {:.1} | {:.2}x | {:.1} | {:.1} | {:.3} |",
            m.name,
            m.gas,
            m.ours / 1e3,
            ours_rate,
            ours_rate / ecr_rate,
            m.revm / 1e3,
            mgas(m.gas, m.revm),
            m.ours / m.revm
        ));
        csv.push_str(&format!(
            "{},{},{},{},{:.0},{:.2},{:.0},{:.2},{:.3},{:.0},{:.2},{:.4}\n",
            m.name,
            m.precompile.name(),
            m.k,
            m.gas,
            m.ours,
            ours_rate,
            m.ecrecover,
            ecr_rate,
            ours_rate / ecr_rate,
            m.revm,
            mgas(m.gas, m.revm),
            m.ours / m.revm
        ));
    }
    b.csv_instead(csv);
}

// ---------------------------------------------------------------------------
// The plot.

/// One point of the plot: (group, k, ours Mgas/s, revm Mgas/s).
pub(crate) type Point = (&'static str, usize, f64, f64);

fn write_plot(b: &mut Bench, dir: &str, measured: &[Measured]) {
    let dir = crate::plot::create_dir(dir);
    // The random-input MSM rows (the worst-scalar rows have "worst" in
    // their name).
    let points: Vec<Point> = measured
        .iter()
        .filter(|m| !m.name.contains("worst"))
        .filter_map(|m| {
            let g = match m.precompile {
                Precompile::G1Msm => "G1MSM",
                Precompile::G2Msm => "G2MSM",
                _ => return None,
            };
            Some((g, m.k, mgas(m.gas, m.ours), mgas(m.gas, m.revm)))
        })
        .collect();
    if points.is_empty() {
        return;
    }
    let ecr = mgas(ECRECOVER_GAS, ecrecover_ns(measured));
    let mut csv = String::from("precompile,k,ours_mgas_s,revm_mgas_s,ecrecover_mgas_s\n");
    for (g, k, o, r) in &points {
        csv.push_str(&format!("{g},{k},{o:.2},{r:.2},{ecr:.2}\n"));
    }
    let data = dir.join("eip2537_msm.csv");
    if let Err(e) = std::fs::write(&data, csv) {
        eprintln!("compare: cannot write {}: {e}", data.display());
        std::process::exit(2);
    }
    let png = dir.join("eip2537_msm.png");
    match crate::plot::gas_rates(&png, &points, ecr) {
        Ok(()) => b.note(format!("plot: {}, data {}", png.display(), data.display())),
        // Never fail the run over a picture.
        Err(e) => eprintln!("compare: could not draw {}: {e}", png.display()),
    }
}
