//! Random inputs against blst's Pippenger and the naive sum:
//!
//! - the sizes n = 0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 36, 37, 72, 73, 100,
//!   1000, 4096 (around Straus' cut-offs, 36 on G2 and 72 on G1, and
//!   powers of two), on 1, 2 and
//!   all threads (the naive sum up to `NAIVE_MAX`: 4096 on G1, 1000 on G2);
//! - many small random inputs (n up to 40) with a random forced window
//!   (up to 10 bits: wider ones cost their 2^(c-1) buckets per window);
//! - the thread counts 0 to 4 and 8, and more threads than windows (every
//!   window then shared by several threads, on pools of the test's own),
//!   all giving the same point; thread counts up to usize::MAX (capped).

use crate::common::*;
use crate::reference::*;
use bls12_381_core::msm;
use rand::Rng;

const SIZES: [usize; 17] = [0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 36, 37, 72, 73, 100, 1000, 4096];

fn sizes<C: TestCurve>() {
    let mut rng = rng(&format!("msm sizes {}", C::NAME));
    for &n in &SIZES {
        let points = random_points::<C>(&mut rng, n);
        let scalars = random_scalars(&mut rng, n);
        let e = expected_upto(&format!("n = {n}"), &points, &scalars, C::NAIVE_MAX);
        check_msm("random inputs", &points, &scalars, &e, &[]);
    }
}

fn small_random_inputs<C: TestCurve>() {
    let mut rng = rng(&format!("msm small random {}", C::NAME));
    let pool = random_points::<C>(&mut rng, 1000);
    for case in 0..150 {
        let n = rng.gen_range(0..=40);
        let start = rng.gen_range(0..=pool.len() - n);
        let points = &pool[start..start + n];
        let scalars = random_scalars(&mut rng, n);
        let e = C::blst_msm(points, &scalars);
        let c = rng.gen_range(1..=10);
        let threads = rng.gen_range(1..=2);
        let got = msm::msm_vartime_with_window(points, &scalars, threads, c).unwrap();
        assert_eq!(got, e, "{} case {case}: n = {n}, window {c}, {threads} threads", C::NAME);
        let got = msm::msm_vartime(points, &scalars).unwrap();
        assert_eq!(got, e, "{} case {case}: n = {n}, default window", C::NAME);
    }
}

/// `f` run on a rayon pool of exactly `threads` threads (the MSM's own
/// pools are capped at the CPU count; a pool of the caller's, entered with
/// `install` and thread count 0, is used as it is).
fn on_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
}

fn thread_counts<C: TestCurve>() {
    let mut rng = rng(&format!("msm threads {}", C::NAME));
    for n in [9, 100, 1000] {
        let points = random_points::<C>(&mut rng, n);
        let scalars = random_scalars(&mut rng, n);
        let e = C::blst_msm(&points, &scalars);
        for threads in [0, 1, 2, 3, 4, 8] {
            let got = msm::msm_vartime_with_threads(&points, &scalars, threads).unwrap();
            assert_eq!(got, e, "{} n = {n}: {threads} threads", C::NAME);
            let got = on_pool(threads.max(1), || msm::msm_vartime_with_threads(&points, &scalars, 0).unwrap());
            assert_eq!(got, e, "{} n = {n}: pool of {threads} threads", C::NAME);
        }
        // Wide windows are few (G1: 128 / 12 + 1 = 11, G2: 64 / 12 + 1 = 6):
        // with 16 or 32 threads every window is left over and shared (below a
        // block of points, the first thread to reach it takes it all).
        for (c, threads) in [(12, 16), (12, 32), (8, 32), (5, 32)] {
            let got = on_pool(threads, || msm::msm_vartime_with_window(&points, &scalars, 0, c).unwrap());
            assert_eq!(got, e, "{} n = {n}: window {c}, {threads} threads", C::NAME);
        }
    }
    // Enough points for several blocks (4096 split points) per shared
    // window: the threads that reach a left-over window take its blocks in
    // turn, and with more threads than windows several meet in each.
    let n = 3 * 4096 + 5;
    let points = random_points::<C>(&mut rng, n);
    let scalars = random_scalars(&mut rng, n);
    let e = C::blst_msm(&points, &scalars);
    for threads in [2, 3, 5, 16] {
        let got = on_pool(threads, || msm::msm_vartime_with_threads(&points, &scalars, 0).unwrap());
        assert_eq!(got, e, "{} n = {n}: {threads} threads", C::NAME);
    }
    let got = on_pool(32, || msm::msm_vartime_with_window(&points, &scalars, 0, 12).unwrap());
    assert_eq!(got, e, "{} n = {n}: window 12, 32 threads", C::NAME);
}

/// Thread counts far above the CPU count are capped at the CPU count and
/// their pools reused (a pool of min(threads, 65535) threads built on each
/// call would take seconds for 16 points with 1000 threads, and never end
/// with usize::MAX). A liveness check, not a speed test: the calls take
/// milliseconds, and the limit is minutes.
fn huge_thread_counts<C: TestCurve>() {
    let mut rng = rng(&format!("msm huge threads {}", C::NAME));
    let n = 16;
    let points = random_points::<C>(&mut rng, n);
    let scalars = random_scalars(&mut rng, n);
    let e = C::blst_msm(&points, &scalars);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for threads in [1000, 1000, 4000, 65535, usize::MAX, usize::MAX] {
            let got = msm::msm_vartime_with_threads(&points, &scalars, threads).unwrap();
            let forced = msm::msm_vartime_with_window(&points, &scalars, threads, 4).unwrap();
            tx.send((threads, got, forced)).unwrap();
        }
    });
    for _ in 0..6 {
        let (threads, got, forced) =
            rx.recv_timeout(std::time::Duration::from_secs(120)).expect("an MSM with a huge thread count stalled");
        assert_eq!(got, e, "{} {threads} threads", C::NAME);
        assert_eq!(forced, e, "{} {threads} threads, window 4", C::NAME);
    }
}

both_curves!(sizes, small_random_inputs, thread_counts, huge_thread_counts);
