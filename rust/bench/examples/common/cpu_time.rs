//! Shared by the timing probes (included with `#[path]`; not an example).

use std::hint::black_box;

/// This thread's CPU time in ns (not wall time: on the shared machine a
/// batch that loses the core to another process is not charged for it).
pub fn thread_ns() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1e9 + t.tv_nsec as f64
}

/// The CPU time per call, in ns, of one batch of `reps` calls of `f`, each
/// value kept (`black_box`) so that the call is not optimised away.
pub fn batch_ns<T>(reps: usize, f: &mut impl FnMut() -> T) -> f64 {
    let t = thread_ns();
    for _ in 0..reps {
        black_box(f());
    }
    (thread_ns() - t) / reps as f64
}

/// The least CPU time per call, in ns, of `rounds` batches of `reps` calls.
pub fn best_ns<T>(rounds: usize, reps: usize, mut f: impl FnMut() -> T) -> f64 {
    (0..rounds).map(|_| batch_ns(reps, &mut f)).fold(f64::MAX, f64::min)
}
