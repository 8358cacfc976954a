//! The products: Montgomery multiplication and squaring in radix 2^30
//! (`asm!`; the method and the register plan are in the module doc of
//! [`super`]).

use super::{FpX4, LIMBS, MASK, P30, PINV30};
use core::arch::asm;

/// The constants the products read, one 32-byte row each: p's limbs (at
/// `32 j`), `-p^-1 mod 2^30` (at 416) and the limb mask (at 448), each
/// repeated in the four lanes.
#[repr(C, align(32))]
struct Consts {
    p: [[u64; 4]; LIMBS],
    pinv: [u64; 4],
    mask: [u64; 4],
}

static CONSTS: Consts = {
    let mut p = [[0; 4]; LIMBS];
    let mut i = 0;
    while i < LIMBS {
        p[i] = [P30[i]; 4];
        i += 1;
    }
    Consts { p, pinv: [PINV30; 4], mask: [MASK; 4] }
};

// Template builders; they only paste strings. The multiplier (b_i, a_i or
// m) is in ymm13, ymm14 takes the product, ymm15 holds the mask.

/// The 32-byte row `off` of `a`, of the constants.
#[rustfmt::skip]
macro_rules! a { ($off:literal) => { concat!("ymmword ptr [{a} + ", $off, "]") }; }
#[rustfmt::skip]
macro_rules! k { ($off:literal) => { concat!("ymmword ptr [{k} + ", $off, "]") }; }

/// `acc += ymm13 * src` (low 32 bits of each lane).
#[rustfmt::skip]
macro_rules! mac {
    ($src:expr, $acc:literal) => {
        concat!("vpmuludq ymm14, ymm13, ", $src, "\n", "vpaddq ", $acc, ", ", $acc, ", ymm14\n")
    };
}

/// `acc = ymm13 * src`: the first term of a column.
#[rustfmt::skip]
macro_rules! mov {
    ($src:expr, $acc:literal) => { concat!("vpmuludq ", $acc, ", ymm13, ", $src, "\n") };
}

/// `mac!` or `mov!` by name.
#[rustfmt::skip]
macro_rules! op {
    (mac, $src:expr, $acc:literal) => { mac!($src, $acc) };
    (mov, $src:expr, $acc:literal) => { mov!($src, $acc) };
}

/// One limb of the carry-out of columns 13..24 (in `$r`): its top bits
/// carried into `$next`, its 30 low bits stored at `{o} + $off`.
macro_rules! carry_limb {
    ($r:literal, $next:literal, $off:literal) => {
        concat!(
            "vpsrlq ymm14, ", $r, ", 30\n",
            "vpand ", $r, ", ", $r, ", ymm15\n",
            "vmovdqa ymmword ptr [{o} + ", $off, "], ", $r, "\n",
            "vpaddq ", $next, ", ", $next, ", ymm14\n",
        )
    };
}

/// The `asm!` block of a lane product or square: its rows and reductions
/// (`$t`), then the carry-out of columns 13..24 (in ymm0..ymm11)
/// into 30-bit limbs at `{o}`, with the operands `$op` (in this order),
/// `{k}` (the constants) and `{o}`, every vector register declared.
macro_rules! lane_asm {
    ($($op:ident = $v:expr),*; o = $o:expr; $($t:expr,)*) => {
        asm!(
            $($t,)*
            carry_limb!("ymm0", "ymm1", "0"),
            carry_limb!("ymm1", "ymm2", "32"),
            carry_limb!("ymm2", "ymm3", "64"),
            carry_limb!("ymm3", "ymm4", "96"),
            carry_limb!("ymm4", "ymm5", "128"),
            carry_limb!("ymm5", "ymm6", "160"),
            carry_limb!("ymm6", "ymm7", "192"),
            carry_limb!("ymm7", "ymm8", "224"),
            carry_limb!("ymm8", "ymm9", "256"),
            carry_limb!("ymm9", "ymm10", "288"),
            carry_limb!("ymm10", "ymm11", "320"),
            "vpsrlq ymm14, ymm11, 30",
            "vpand ymm11, ymm11, ymm15",
            "vmovdqa ymmword ptr [{o} + 352], ymm11",
            "vmovdqa ymmword ptr [{o} + 384], ymm14",
            $($op = in(reg) $v,)*
            k = in(reg) &CONSTS,
            o = in(reg) $o,
            out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _,
            out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _,
            out("ymm10") _, out("ymm11") _, out("ymm12") _, out("ymm13") _, out("ymm14") _,
            out("ymm15") _,
            options(nostack, preserves_flags),
        )
    };
}

/// Row `i` of the product (`boff = 32 i`): `t += a * b_i`, the 13 live
/// columns in `r0..r12` (column `i + j` in `rj`). `first`: step 0, every
/// column starts here; `next`: column `i + 12` starts here; `mid`: after a
/// carry pass, which started column `i + 12` with a carry.
#[rustfmt::skip]
macro_rules! row {
    (first, $boff:literal; $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vmovdqa ymm13, ymmword ptr [{b} + ", $boff, "]\n",
            mov!(a!(0), $r0), mov!(a!(32), $r1), mov!(a!(64), $r2), mov!(a!(96), $r3),
            mov!(a!(128), $r4), mov!(a!(160), $r5), mov!(a!(192), $r6), mov!(a!(224), $r7),
            mov!(a!(256), $r8), mov!(a!(288), $r9), mov!(a!(320), $r10), mov!(a!(352), $r11),
            mov!(a!(384), $r12),
        )
    };
    ($last:ident, $boff:literal; $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vmovdqa ymm13, ymmword ptr [{b} + ", $boff, "]\n",
            mac!(a!(0), $r0), mac!(a!(32), $r1), mac!(a!(64), $r2), mac!(a!(96), $r3),
            mac!(a!(128), $r4), mac!(a!(160), $r5), mac!(a!(192), $r6), mac!(a!(224), $r7),
            mac!(a!(256), $r8), mac!(a!(288), $r9), mac!(a!(320), $r10), mac!(a!(352), $r11),
            row!(@last $last, $r12),
        )
    };
    (@last next, $r12:literal) => { mov!(a!(384), $r12) };
    (@last mid, $r12:literal) => { mac!(a!(384), $r12) };
}

/// Row `i` of the square (`off = 32 i`): `a_i^2` into column `2 i` (`dk
/// dr`: `mov` when the column starts here, else `add`), then `2 a_i a_j`
/// for `j > i` into column `i + j` (`mov` or `mac`, offset `32 j`,
/// register). `2 a_i < 2^31` still fits the 32 bits `vpmuludq` reads.
#[rustfmt::skip]
macro_rules! sq_row {
    ($off:literal; $dk:ident $dr:literal; $($k:ident $o:literal $r:literal);* $(;)?) => {
        concat!(
            "vmovdqa ymm13, ymmword ptr [{a} + ", $off, "]\n",
            sq_row!(@diag $dk, $dr),
            "vpaddq ymm13, ymm13, ymm13\n",
            $( op!($k, a!($o), $r), )*
        )
    };
    (@diag mov, $acc:literal) => { concat!("vpmuludq ", $acc, ", ymm13, ymm13\n") };
    (@diag add, $acc:literal) => {
        concat!("vpmuludq ymm14, ymm13, ymm13\n", "vpaddq ", $acc, ", ", $acc, ", ymm14\n")
    };
}

/// Reduction step: `m = r0 (-p^-1) mod 2^30`, `t += m p` (which makes
/// `r0 = 0 mod 2^30`), then `r0 >> 30` is carried into `r1` and `r0` is
/// free: it takes the column that starts at the next row.
#[rustfmt::skip]
macro_rules! red {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vpmuludq ymm13, ", $r0, ", ", k!(416), "\n",
            "vpand ymm13, ymm13, ymm15\n",
            mac!(k!(0), $r0),
            mac!(k!(32), $r1), mac!(k!(64), $r2), mac!(k!(96), $r3), mac!(k!(128), $r4),
            mac!(k!(160), $r5), mac!(k!(192), $r6), mac!(k!(224), $r7), mac!(k!(256), $r8),
            mac!(k!(288), $r9), mac!(k!(320), $r10), mac!(k!(352), $r11), mac!(k!(384), $r12),
            "vpsrlq ", $r0, ", ", $r0, ", 30\n",
            "vpaddq ", $r1, ", ", $r1, ", ", $r0, "\n",
        )
    };
}

/// Carry pass over the live columns `r0..r11` before a row: each keeps its
/// low 30 bits and adds the bits above to the next one; `r11`'s go to the
/// free register `r12`, which starts the next column. The passes are
/// independent of each other (each column is masked before its carry-in
/// arrives): no serial chain. Columns end below `2^30 + 2^34`.
#[rustfmt::skip]
macro_rules! pass {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal,
     $r6:literal, $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal) => {
        concat!(
            "vpsrlq ", $r12, ", ", $r11, ", 30\n", "vpand ", $r11, ", ", $r11, ", ymm15\n",
            pass!(@one $r10, $r11), pass!(@one $r9, $r10), pass!(@one $r8, $r9), pass!(@one $r7, $r8),
            pass!(@one $r6, $r7), pass!(@one $r5, $r6), pass!(@one $r4, $r5), pass!(@one $r3, $r4),
            pass!(@one $r2, $r3), pass!(@one $r1, $r2), pass!(@one $r0, $r1),
        )
    };
    (@one $lo:literal, $hi:literal) => {
        concat!(
            "vpsrlq ymm14, ", $lo, ", 30\n", "vpand ", $lo, ", ", $lo, ", ymm15\n",
            "vpaddq ", $hi, ", ", $hi, ", ymm14\n",
        )
    };
}

/// `out = a b / 2^390 mod p` in the four lanes (Montgomery product).
///
/// Inputs normalised (limbs below 2^30) with `a b < p 2^390` in each lane
/// (for instance both below `2^385 ~ 19p`, or one below `2p` and the other
/// below `2^388`). Output normalised, below `a b / 2^390 + p < 2p`.
///
/// Per element it beats the scalar Montgomery product of `x86_64`
/// (`mul_mont_384`) where the CPU has two vector multiply ports, in
/// independent batches and in dependent chains alike: the reason the MSM's
/// batched affine additions run on it.
#[target_feature(enable = "avx2")]
pub unsafe fn mul(out: &mut FpX4, a: &FpX4, b: &FpX4) {
    // SAFETY: distinct references; the caller has checked AVX2.
    unsafe { mul_raw(out, a, b) }
}

/// `a = a b` ([`mul`] in place).
#[target_feature(enable = "avx2")]
pub unsafe fn mul_assign(a: &mut FpX4, b: &FpX4) {
    let a: *mut FpX4 = a;
    // SAFETY: the kernel reads all of its inputs before its first store,
    // so `out` may be `a`; the caller has checked AVX2.
    unsafe { mul_raw(a, a, b) }
}

/// [`mul`] through pointers, which may alias (every load of the block
/// comes before its first store).
#[target_feature(enable = "avx2")]
unsafe fn mul_raw(out: *mut FpX4, a: *const FpX4, b: *const FpX4) {
    // SAFETY: the block reads the 416 bytes at `a` and `b` and the
    // constants, then writes the 416 bytes at `out` (valid, 32-byte
    // aligned `FpX4`s, by the callers), and declares every vector register
    // it uses. The callers have checked AVX2.
    unsafe {
        lane_asm!(
            a = a, b = b; o = out;
            "vmovdqa ymm15, ymmword ptr [{k} + 448]",
            row!(first, 0; "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12"),
            red!("ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12"),
            row!(next, 32; "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0"),
            red!("ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0"),
            row!(next, 64; "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1"),
            red!("ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1"),
            row!(next, 96; "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2"),
            red!("ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2"),
            row!(next, 128; "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3"),
            red!("ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3"),
            row!(next, 160; "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4"),
            red!("ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4"),
            pass!("ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            row!(mid, 192; "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            red!("ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            row!(next, 224; "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6"),
            red!("ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6"),
            row!(next, 256; "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7"),
            red!("ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7"),
            row!(next, 288; "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8"),
            red!("ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8"),
            row!(next, 320; "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9"),
            red!("ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9"),
            row!(next, 352; "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10"),
            red!("ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10"),
            row!(next, 384; "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11"),
            red!("ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11"),
        );
    }
}

/// `out = a^2 / 2^390 mod p` in the four lanes: as [`mul`]`(out, a, a)` (same bounds: normalised input below `2^385`),
/// with 91 limb products in the rows instead of 169 (the reduction is
/// the same).
#[target_feature(enable = "avx2")]
pub unsafe fn sqr(out: &mut FpX4, a: &FpX4) {
    // SAFETY: the caller has checked AVX2.
    unsafe { sqr_raw(out, a) }
}

/// `a = a^2` ([`sqr`] in place).
#[cfg(any(test, feature = "internals"))]
#[target_feature(enable = "avx2")]
pub unsafe fn sqr_assign(a: &mut FpX4) {
    let a: *mut FpX4 = a;
    // SAFETY: as in `mul_assign`.
    unsafe { sqr_raw(a, a) }
}

/// [`sqr`] through pointers, which may alias (as `mul_raw`).
#[target_feature(enable = "avx2")]
unsafe fn sqr_raw(out: *mut FpX4, a: *const FpX4) {
    // SAFETY: as in `mul_raw`.
    unsafe {
        lane_asm!(
            a = a; o = out;
            "vmovdqa ymm15, ymmword ptr [{k} + 448]",
            sq_row!(0; mov "ymm0"; mov 32 "ymm1"; mov 64 "ymm2"; mov 96 "ymm3"; mov 128 "ymm4"; mov 160 "ymm5"; mov 192 "ymm6"; mov 224 "ymm7"; mov 256 "ymm8"; mov 288 "ymm9"; mov 320 "ymm10"; mov 352 "ymm11"; mov 384 "ymm12"),
            red!("ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12"),
            sq_row!(32; add "ymm2"; mac 64 "ymm3"; mac 96 "ymm4"; mac 128 "ymm5"; mac 160 "ymm6"; mac 192 "ymm7"; mac 224 "ymm8"; mac 256 "ymm9"; mac 288 "ymm10"; mac 320 "ymm11"; mac 352 "ymm12"; mov 384 "ymm0"),
            red!("ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0"),
            sq_row!(64; add "ymm4"; mac 96 "ymm5"; mac 128 "ymm6"; mac 160 "ymm7"; mac 192 "ymm8"; mac 224 "ymm9"; mac 256 "ymm10"; mac 288 "ymm11"; mac 320 "ymm12"; mac 352 "ymm0"; mov 384 "ymm1"),
            red!("ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1"),
            sq_row!(96; add "ymm6"; mac 128 "ymm7"; mac 160 "ymm8"; mac 192 "ymm9"; mac 224 "ymm10"; mac 256 "ymm11"; mac 288 "ymm12"; mac 320 "ymm0"; mac 352 "ymm1"; mov 384 "ymm2"),
            red!("ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2"),
            pass!("ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3"),
            sq_row!(128; add "ymm8"; mac 160 "ymm9"; mac 192 "ymm10"; mac 224 "ymm11"; mac 256 "ymm12"; mac 288 "ymm0"; mac 320 "ymm1"; mac 352 "ymm2"; mac 384 "ymm3"),
            red!("ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3"),
            sq_row!(160; add "ymm10"; mac 192 "ymm11"; mac 224 "ymm12"; mac 256 "ymm0"; mac 288 "ymm1"; mac 320 "ymm2"; mac 352 "ymm3"; mov 384 "ymm4"),
            red!("ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4"),
            sq_row!(192; add "ymm12"; mac 224 "ymm0"; mac 256 "ymm1"; mac 288 "ymm2"; mac 320 "ymm3"; mac 352 "ymm4"; mov 384 "ymm5"),
            red!("ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            sq_row!(224; add "ymm1"; mac 256 "ymm2"; mac 288 "ymm3"; mac 320 "ymm4"; mac 352 "ymm5"; mov 384 "ymm6"),
            red!("ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6"),
            sq_row!(256; add "ymm3"; mac 288 "ymm4"; mac 320 "ymm5"; mac 352 "ymm6"; mov 384 "ymm7"),
            red!("ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7"),
            sq_row!(288; add "ymm5"; mac 320 "ymm6"; mac 352 "ymm7"; mov 384 "ymm8"),
            red!("ymm9", "ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8"),
            sq_row!(320; add "ymm7"; mac 352 "ymm8"; mov 384 "ymm9"),
            red!("ymm10", "ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9"),
            sq_row!(352; add "ymm9"; mov 384 "ymm10"),
            red!("ymm11", "ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10"),
            sq_row!(384; mov "ymm11"; ),
            red!("ymm12", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11"),
        );
    }
}
