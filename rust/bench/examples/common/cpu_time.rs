//! Shared by the timing probes (included with `#[path]`; not an example).

/// This thread's CPU time in ns (not wall time: on the shared machine a
/// batch that loses the core to another process is not charged for it).
pub fn thread_ns() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1e9 + t.tv_nsec as f64
}

/// The least CPU time per call, in ns, of `rounds` batches of `reps` calls.
#[allow(dead_code)]
pub fn best_ns(rounds: usize, reps: usize, mut f: impl FnMut()) -> f64 {
    let mut b = f64::MAX;
    for _ in 0..rounds {
        let t = thread_ns();
        for _ in 0..reps {
            f();
        }
        b = b.min((thread_ns() - t) / reps as f64);
    }
    b
}
