//! MSM tuning probe: our one-thread MSM at each forced window width
//! against blst's one-thread Pippenger, interleaved, minimum of the rounds.
//!
//! `cargo run --release -p bls12-381-bench --example msm_window_sweep -- g1|g2 LOG2N [ROUNDS] [W1,W2,..]`
//! (no widths: the width our plan picks). Prints ns per MSM and the ratio.
use bls12_381_core::curve::{Affine, Curve, Jacobian};
use bls12_381_core::{msm, Fr, G1Projective, G2Projective};
use blst::*;
use rand::SeedableRng;
use std::time::Instant;

fn points<C: Curve>(n: usize, rng: &mut impl rand::RngCore) -> Vec<Affine<C>> {
    let step = Jacobian::<C>::random(rng);
    let mut p = Jacobian::<C>::random(rng);
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        v.push(p);
        p = p.add(&step);
    }
    Jacobian::batch_normalize(&v)
}

/// The sweep on one group: n random points, converted to blst through the
/// uncompressed encoding, blst's Pippenger with its scratch as the peer, and
/// both results compared as compressed encodings (`$len` bytes).
macro_rules! sweep {
    (
        $G:ident, $Proj:ident, $len:literal,
        $BA:ident, $BP:ident, $deserialize:ident, $sizeof:ident, $pippenger:ident, $compress:ident,
        $n:ident, $rng:ident, $widths:ident, $rounds:ident, $scalars:ident, $sbytes:ident
    ) => {{
        let pts = points::<bls12_381_core::curve::$G>($n, &mut $rng);
        let bpts: Vec<$BA> = pts
            .iter()
            .map(|p| {
                let mut a = $BA::default();
                unsafe { $deserialize(&mut a, p.to_uncompressed().as_ptr()) };
                a
            })
            .collect();
        let scratch = vec![0u64; unsafe { $sizeof($n) } / 8];
        let peer = || {
            let mut r = $BP::default();
            let pp = [bpts.as_ptr(), core::ptr::null()];
            let sp = [$sbytes.as_ptr(), core::ptr::null()];
            unsafe { $pippenger(&mut r, pp.as_ptr(), $n, sp.as_ptr(), 255, scratch.as_ptr() as *mut _) };
            r
        };
        run(
            &$widths,
            $rounds,
            |w| ours(&pts, &$scalars, w),
            || {
                let r = peer();
                let mut out = [0u8; $len];
                unsafe { $compress(out.as_mut_ptr(), &r) };
                out.to_vec()
            },
            |p: Jacobian<_>| $Proj::from(p).to_affine().to_compressed().to_vec(),
        );
    }};
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let g2 = args.get(1).map(|s| s == "g2").unwrap_or(false);
    let lg: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(16);
    let rounds: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(5);
    let widths: Vec<Option<u32>> = match args.get(4) {
        Some(w) => w.split(',').map(|x| Some(x.parse().unwrap())).collect(),
        None => vec![None],
    };
    let n = 1usize << lg;
    if let Ok(t) = std::env::var("MSM_THREADS") {
        // Ours on t threads against ours on one, G1.
        let t: usize = t.parse().unwrap();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let scalars: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
        let pts = points::<bls12_381_core::curve::G1>(n, &mut rng);
        // MSM_WINDOW=c forces the width (both runs), for tuning.
        let window: Option<u32> = std::env::var("MSM_WINDOW").ok().map(|w| w.parse().unwrap());
        let call = |threads: usize| match window {
            Some(c) => msm::msm_vartime_with_window(&pts, &scalars, threads, c),
            None => msm::msm_vartime_with_threads(&pts, &scalars, threads),
        };
        let (mut best_t, mut best_1) = (f64::MAX, f64::MAX);
        for _ in 0..rounds {
            let c = Instant::now();
            std::hint::black_box(call(t).unwrap());
            best_t = best_t.min(c.elapsed().as_nanos() as f64);
            let c = Instant::now();
            std::hint::black_box(call(1).unwrap());
            best_1 = best_1.min(c.elapsed().as_nanos() as f64);
        }
        println!("{t} threads {best_t:.0} ns, 1 thread {best_1:.0} ns, ratio {:.3}", best_t / best_1);
        return;
    }
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let scalars: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
    let sbytes: Vec<u8> = scalars.iter().flat_map(|s| s.to_bytes()).collect();
    if g2 {
        sweep!(
            G2,
            G2Projective,
            96,
            blst_p2_affine,
            blst_p2,
            blst_p2_deserialize,
            blst_p2s_mult_pippenger_scratch_sizeof,
            blst_p2s_mult_pippenger,
            blst_p2_compress,
            n,
            rng,
            widths,
            rounds,
            scalars,
            sbytes
        );
    } else {
        sweep!(
            G1,
            G1Projective,
            48,
            blst_p1_affine,
            blst_p1,
            blst_p1_deserialize,
            blst_p1s_mult_pippenger_scratch_sizeof,
            blst_p1s_mult_pippenger,
            blst_p1_compress,
            n,
            rng,
            widths,
            rounds,
            scalars,
            sbytes
        );
    }
}

fn ours<C: bls12_381_core::msm::MsmCurve>(pts: &[Affine<C>], sc: &[Fr], w: Option<u32>) -> Jacobian<C> {
    match w {
        Some(w) => msm::msm_vartime_with_window(pts, sc, 1, w).unwrap(),
        None => msm::msm_vartime_with_threads(pts, sc, 1).unwrap(),
    }
}

fn run<C: bls12_381_core::msm::MsmCurve>(
    widths: &[Option<u32>],
    rounds: usize,
    mut ours: impl FnMut(Option<u32>) -> Jacobian<C>,
    mut peer: impl FnMut() -> Vec<u8>,
    enc: impl Fn(Jacobian<C>) -> Vec<u8>,
) {
    if std::env::var("MSM_ONLY_OURS").is_ok() {
        for &w in widths {
            for _ in 0..rounds {
                std::hint::black_box(ours(w));
            }
        }
        return;
    }
    let expect = peer();
    for &w in widths {
        assert_eq!(enc(ours(w)), expect, "results differ");
        let (mut best_o, mut best_p) = (f64::MAX, f64::MAX);
        for _ in 0..rounds {
            let t = Instant::now();
            std::hint::black_box(ours(w));
            best_o = best_o.min(t.elapsed().as_nanos() as f64);
            let t = Instant::now();
            std::hint::black_box(peer());
            best_p = best_p.min(t.elapsed().as_nanos() as f64);
        }
        println!(
            "window {:>4}: ours {:>12.0} ns  blst {:>12.0} ns  ratio {:.3}",
            w.map(|w| w.to_string()).unwrap_or("auto".into()),
            best_o,
            best_p,
            best_o / best_p
        );
    }
}
