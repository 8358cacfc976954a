//! x86_64 Montgomery kernels with MULX/ADCX/ADOX (`asm!`).
//!
//! Every function here is `unsafe` for one reason only: the caller must have
//! checked that the CPU has ADX, BMI1 and BMI2 (`arith::mod` does it once per
//! process; BMI1 is only used for one BLSI per reduction step and ships with
//! BMI2 on every known CPU). The kernels are straight-line code: no branch
//! and no memory access depends on the data; the final conditional
//! subtraction uses `cmov`.
//!
//! Shape of the Montgomery products (CIOS; both moduli leave the top bits of
//! their top limb free, so the running value fits `N + 1` limbs, see the
//! bounds at each kernel): for each limb `b[i]`, a *row* adds `a * b[i]` to
//! the accumulator, then a *reduction* adds `m * p` with
//! `m = t[0] * inv mod 2^64` and drops the (now zero) low limb. Each
//! row/reduction is one MULX per limb with the low halves summed on the CF
//! chain (ADCX) and the high halves on the OF chain (ADOX), so the two carry
//! chains run side by side. The accumulator lives in `N + 1` registers whose
//! roles rotate by one per step, so no data moves between steps. Operands
//! are read straight from memory by MULX.
//!
//! The register budget is tight: `asm!` may use 13 general registers on
//! x86_64 (rbx, rbp and rsp are reserved). The 6-limb product needs 7
//! accumulators, 2 MULX outputs, rdx and 3 pointers, so `inv` goes on the
//! stack for its duration; the blocks that push or use stack space do not
//! declare `nostack`, which also keeps the compiler out of the red zone.
//! Such private stack space is invisible to Rust, so those blocks still
//! declare `pure, readonly`.
//!
//! Contents, by kernel family:
//! - `mont384.rs`, the base field p: [`mul_mont_384`], [`sqr_mont_384`]
//!   (dedicated squaring, 21 products instead of 36) and its lazy twin
//!   [`sqr_mont_384_lazy`], the full product [`mul_384`] (and `mul_384_to` into memory)
//!   and full square [`sqr_384`],
//!   [`redc_mont_384`] and its batched twin [`redc_mont_384_n`], the
//!   additions [`add_mod_384`], [`sub_mod_384`];
//! - `fp2.rs`: the Fp2 products [`mul_mont_384x`], [`sqr_mont_384x`] and
//!   the unreduced Fp2 product [`mul_382x`];
//! - `wide.rs`: [`add_mod_768_assign`], [`sub_mod_768_assign`] (mod
//!   p 2^384, in place, for lazy reduction) with their exact twins
//!   [`add_768_exact_assign`], [`sub_768_exact_assign`];
//! - `mont256.rs`, the scalar field r: [`mul_mont_256`], [`sqr_mont_256`];
//! - `macros.rs`: the `asm!` templates (rows, reduction steps, conditional
//!   subtractions) they are built from, shared with the fused tower and
//!   pairing kernels of `field::kernels`;
//! - `tests.rs`: each kernel against the portable ones.
#![allow(clippy::missing_safety_doc)]

#[macro_use]
pub(crate) mod macros;
mod fp2;
mod mont256;
mod mont384;
#[cfg(test)]
mod tests;
mod wide;

pub use fp2::{mul_382x, mul_mont_384x, sqr_mont_384x};
pub use mont256::{mul_mont_256, sqr_mont_256};
pub use mont384::{
    add_mod_384, mul_384, mul_mont_384, redc_mont_384, redc_mont_384_n, sqr_384, sqr_mont_384, sqr_mont_384_lazy,
    sub_mod_384,
};
pub use wide::{add_768_exact_assign, add_mod_768_assign, sub_768_exact_assign, sub_mod_768_assign};
