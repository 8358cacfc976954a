//! Additions of double-width values: mod p 2^384 (12 limbs, in place, for
//! lazy reduction) and their exact twins (no modular correction).

use core::arch::asm;

/// `lo += b` on the low 6 limbs, in memory, `s` scratch; leaves the carry in CF.
#[rustfmt::skip]
macro_rules! wide_lo {
    ($op0:literal, $op:literal, $s:ident) => {
        concat!(
            wide_lo!(@limb $op0, $s, 0),
            wide_lo!(@limb $op, $s, 8),
            wide_lo!(@limb $op, $s, 16),
            wide_lo!(@limb $op, $s, 24),
            wide_lo!(@limb $op, $s, 32),
            wide_lo!(@limb $op, $s, 40),
            // The high limbs, into registers (carry chain continues).
            movop6!("{a} + 48", $op, $op, "{b} + 48"; h0, h1, h2, h3, h4, h5),
        )
    };
    (@limb $op:literal, $s:ident, $off:literal) => {
        concat!(
            "mov ", r!($s), ", ", m!(a, $off), "\n",
            $op, " ", r!($s), ", ", m!(b, $off), "\n",
            "mov ", m!(a, $off), ", ", r!($s), "\n",
        )
    };
}

/// Stores `h0..h5` to the high half of `a`.
#[rustfmt::skip]
macro_rules! store_hi {
    () => {
        store6!("{a} + 48"; h0, h1, h2, h3, h4, h5)
    };
}

/// `asm!` with the scratch `s` (and the mask `m` after `mask;`) and the
/// high limbs `h0..h5` of the templates above appended to the kernel's
/// operands `a`, `b` (, `p`).
#[rustfmt::skip]
macro_rules! wide_asm {
    (@emit [$($tmpl:expr),+] [$($op:tt)*]) => {
        asm!(
            $($tmpl),+,
            $($op)*
            h0 = out(reg) _, h1 = out(reg) _, h2 = out(reg) _,
            h3 = out(reg) _, h4 = out(reg) _, h5 = out(reg) _,
            options(nostack),
        )
    };
    (mask; $($tmpl:expr),+; $($op:tt)*) => {
        wide_asm!(@emit [$($tmpl),+] [$($op)* s = out(reg) _, m = out(reg) _,])
    };
    ($($tmpl:expr),+; $($op:tt)*) => {
        wide_asm!(@emit [$($tmpl),+] [$($op)* s = out(reg) _,])
    };
}

/// `a = a + b mod p * 2^384` in place, for `a, b < p * 2^384` (the sum is
/// below `2^768` as `p < 2^383`): subtracts `p` from the high half when the
/// sum reaches `p * 2^384`. Constant time (`cmov` from the stored sum).
#[inline(always)]
pub unsafe fn add_mod_768_assign(a: &mut [u64; 12], b: &[u64; 12], p: &[u64; 6]) {
    // SAFETY: reads and writes the 12 limbs of `a`, reads 12 behind `b` and
    // 6 behind `p`.
    unsafe {
        wide_asm!(
            wide_lo!("add", "adc", s),
            store_hi!(),
            chain6!("sub", "sbb", "{p}"; h0, h1, h2, h3, h4, h5),
            // Borrow: the sum was below p * 2^384, keep it.
            chain6!("cmovc", "cmovc", "{a} + 48"; h0, h1, h2, h3, h4, h5),
            store_hi!();
            a = in(reg) a.as_mut_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
        );
    }
}

/// `a = a - b mod p * 2^384` in place, for `a, b < p * 2^384`: the
/// difference, plus `p` on the high half when it borrowed. Constant time.
#[inline(always)]
pub unsafe fn sub_mod_768_assign(a: &mut [u64; 12], b: &[u64; 12], p: &[u64; 6]) {
    // SAFETY: reads and writes the 12 limbs of `a`, reads 12 behind `b` and
    // 6 behind `p`.
    unsafe {
        wide_asm!(mask;
            wide_lo!("sub", "sbb", s),
            "sbb {m}, {m}",
            addmask6!(m, s; h0, h1, h2, h3, h4, h5),
            store_hi!();
            a = in(reg) a.as_mut_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
        );
    }
}

/// The exact twins (no modular correction; the caller knows the bound):
/// `a = a op b` in place over 12 limbs at `a` (the caller provides them).
macro_rules! wide_exact {
    ($(#[$doc:meta])* $name:ident, $op0:literal, $op:literal) => {
        $(#[$doc])*
        #[inline(always)]
        pub unsafe fn $name(a: *mut u64, b: &[u64; 12]) {
            // SAFETY: reads and writes 12 limbs at `a` (the caller provides
            // them), reads 12 behind `b`.
            unsafe {
                wide_asm!(
                    wide_lo!($op0, $op, s),
                    store_hi!();
                    a = in(reg) a,
                    b = in(reg) b.as_ptr(),
                );
            }
        }
    };
}

wide_exact!(
    /// `a = a - b` in place over 12 limbs, for `a >= b` as integers (no
    /// modular correction; the caller knows the bound).
    sub_768_exact_assign, "sub", "sbb"
);

wide_exact!(
    /// `a = a + b` in place over 12 limbs, for `a + b < 2^768` (no modular
    /// correction; the caller knows the bound).
    add_768_exact_assign, "add", "adc"
);
