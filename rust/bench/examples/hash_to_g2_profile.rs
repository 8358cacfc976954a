//! Profiling driver: `h2g2prof ours|blst N` runs N hashes to G2 (for
//! `perf record` / `valgrind --tool=callgrind`).
use bls12_381_core::curve::G2Projective;
use blst::*;
use std::hint::black_box;

fn main() {
    let who = std::env::args().nth(1).unwrap_or_else(|| "ours".into());
    let n: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(10000);
    let dst = b"DST-prof";
    let mut msg = [0u8; 32];
    let mut acc = 0u8;
    for i in 0..n {
        msg[0] = i as u8;
        msg[1] = (i >> 8) as u8;
        if who == "ours" {
            acc ^= u8::from(bool::from(black_box(G2Projective::hash_to_curve(&msg, dst)).is_identity()));
        } else {
            let mut r = blst_p2::default();
            unsafe {
                blst_hash_to_g2(&mut r, msg.as_ptr(), msg.len(), dst.as_ptr(), dst.len(), std::ptr::null(), 0);
                acc ^= blst_p2_is_inf(black_box(&r)) as u8;
            }
        }
    }
    println!("{acc}");
}
