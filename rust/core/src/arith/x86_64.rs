//! x86_64 Montgomery kernels with MULX/ADCX/ADOX (placeholder: forwards to the
//! portable kernels until the assembly lands).
#![allow(clippy::missing_safety_doc)]
use super::montgomery;

pub unsafe fn mul_mont_384(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6], inv: u64) -> [u64; 6] {
    montgomery::mul_mont(a, b, p, inv)
}
pub unsafe fn sqr_mont_384(a: &[u64; 6], p: &[u64; 6], inv: u64) -> [u64; 6] {
    montgomery::sqr_mont(a, p, inv)
}
pub unsafe fn mul_384(a: &[u64; 6], b: &[u64; 6]) -> [u64; 12] {
    let (lo, hi) = montgomery::mul_wide(a, b);
    super::fp::join(&lo, &hi)
}
pub unsafe fn redc_mont_384(t: &[u64; 12], p: &[u64; 6], inv: u64) -> [u64; 6] {
    let (lo, hi) = super::fp::split(t);
    montgomery::redc(&lo, &hi, p, inv)
}
pub unsafe fn mul_mont_256(a: &[u64; 4], b: &[u64; 4], p: &[u64; 4], inv: u64) -> [u64; 4] {
    montgomery::mul_mont(a, b, p, inv)
}
pub unsafe fn sqr_mont_256(a: &[u64; 4], p: &[u64; 4], inv: u64) -> [u64; 4] {
    montgomery::sqr_mont(a, p, inv)
}
