//! The 4 x 6 transposes of the four-lane conversions (`convert.rs`):
//! between four elements' six 64-bit words and six vectors of words.

use super::W;
use core::arch::x86_64::*;

/// The six words of four elements, word `w` of lane `k` in `w[w][k]`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn words_of(x: [&[u64; 6]; 4]) -> [W; 6] {
    let p = |k: usize| x[k].as_ptr();
    // SAFETY: each `x[k]` is six consecutive u64: 32 bytes at offset 0 and
    // 16 at offset 32 are in bounds (unaligned loads).
    unsafe {
        let r: [__m256i; 4] = core::array::from_fn(|k| _mm256_loadu_si256(p(k) as *const __m256i));
        let s: [__m128i; 4] = core::array::from_fn(|k| _mm_loadu_si128(p(k).add(4) as *const __m128i));
        let t0 = _mm256_unpacklo_epi64(r[0], r[1]);
        let t1 = _mm256_unpackhi_epi64(r[0], r[1]);
        let t2 = _mm256_unpacklo_epi64(r[2], r[3]);
        let t3 = _mm256_unpackhi_epi64(r[2], r[3]);
        [
            _mm256_permute2x128_si256(t0, t2, 0x20),
            _mm256_permute2x128_si256(t1, t3, 0x20),
            _mm256_permute2x128_si256(t0, t2, 0x31),
            _mm256_permute2x128_si256(t1, t3, 0x31),
            _mm256_set_m128i(_mm_unpacklo_epi64(s[2], s[3]), _mm_unpacklo_epi64(s[0], s[1])),
            _mm256_set_m128i(_mm_unpackhi_epi64(s[2], s[3]), _mm_unpackhi_epi64(s[0], s[1])),
        ]
    }
}

/// The inverse of [`words_of`].
#[inline]
#[target_feature(enable = "avx2")]
///
/// # Safety
/// Each `out[k]` must be valid for writes of six u64 (they may not
/// overlap).
pub(super) unsafe fn store_words(w: &[W; 6], out: [*mut [u64; 6]; 4]) {
    let t0 = _mm256_unpacklo_epi64(w[0], w[1]); // w0k0 w1k0 w0k2 w1k2
    let t1 = _mm256_unpackhi_epi64(w[0], w[1]); // w0k1 w1k1 w0k3 w1k3
    let t2 = _mm256_unpacklo_epi64(w[2], w[3]);
    let t3 = _mm256_unpackhi_epi64(w[2], w[3]);
    let r = [
        _mm256_permute2x128_si256(t0, t2, 0x20),
        _mm256_permute2x128_si256(t1, t3, 0x20),
        _mm256_permute2x128_si256(t0, t2, 0x31),
        _mm256_permute2x128_si256(t1, t3, 0x31),
    ];
    let u0 = _mm256_unpacklo_epi64(w[4], w[5]); // w4k0 w5k0 w4k2 w5k2
    let u1 = _mm256_unpackhi_epi64(w[4], w[5]);
    let s = [
        _mm256_castsi256_si128(u0),
        _mm256_castsi256_si128(u1),
        _mm256_extracti128_si256(u0, 1),
        _mm256_extracti128_si256(u1, 1),
    ];
    for k in 0..4 {
        let p = out[k] as *mut u64;
        // SAFETY: 32 + 16 bytes inside the six words of `out[k]`, valid for
        // writes (caller).
        unsafe {
            _mm256_storeu_si256(p as *mut __m256i, r[k]);
            _mm_storeu_si128(p.add(4) as *mut __m128i, s[k]);
        }
    }
}
