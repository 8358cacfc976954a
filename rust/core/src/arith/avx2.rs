//! DRAFT: AVX2 lane Montgomery product (radix 2^28, 14 limbs, 4 lanes).
#![allow(clippy::missing_safety_doc)]

use core::arch::x86_64::*;

/// Limbs per element.
pub const LIMBS: usize = 14;
const MASK: u64 = (1 << 28) - 1;
/// p in radix 2^28, little-endian.
const P28: [u64; LIMBS] = [
    0xfffaaab, 0xfefffff, 0x3ffffb9, 0xfffeb15, 0x6241eab, 0xa0f6b0f, 0xf6730d2,
    0xf38512b, 0x4774b84, 0x4bacd76, 0xba7b643, 0xe69a4b1, 0x1ea397f, 0x001a011,
];
/// -p^-1 mod 2^28.
const PINV28: u64 = 0xffcfffd;


/// `unroll!(i in 0..14 => body)`: the body once per value, `i` a constant.
macro_rules! unroll {
    ($i:ident in [$($v:literal),*] => $body:block) => {
        $( { let $i: usize = $v; $body } )*
    };
}

/// Four elements, lane-sliced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct Fp4(pub [[u64; 4]; LIMBS]);

#[inline(always)]
unsafe fn ld(x: &Fp4) -> [__m256i; LIMBS] {
    core::array::from_fn(|i| unsafe { _mm256_load_si256(x.0[i].as_ptr() as *const __m256i) })
}
#[inline(always)]
unsafe fn st(v: &[__m256i; LIMBS]) -> Fp4 {
    let mut out = Fp4([[0; 4]; LIMBS]);
    for i in 0..LIMBS {
        unsafe { _mm256_store_si256(out.0[i].as_mut_ptr() as *mut __m256i, v[i]) };
    }
    out
}

#[inline(always)]
fn splat(x: u64) -> __m256i {
    unsafe { _mm256_set1_epi64x(x as i64) }
}

/// The constants of the product, one 32-byte row each: p's limbs, then
/// `-p^-1 mod 2^28` and the limb mask, each repeated in the four lanes.
#[repr(C, align(32))]
struct Consts {
    p: [[u64; 4]; LIMBS],
    pinv: [u64; 4],
    mask: [u64; 4],
}

static CONSTS: Consts = Consts {
    p: [[P28[0]; 4], [P28[1]; 4], [P28[2]; 4], [P28[3]; 4], [P28[4]; 4], [P28[5]; 4], [P28[6]; 4],
        [P28[7]; 4], [P28[8]; 4], [P28[9]; 4], [P28[10]; 4], [P28[11]; 4], [P28[12]; 4], [P28[13]; 4]],
    pinv: [PINV28; 4],
    mask: [MASK; 4],
};

macro_rules! a { ($off:literal) => { concat!("ymmword ptr [{a} + ", $off, "]") }; }
macro_rules! k { ($off:literal) => { concat!("ymmword ptr [{k} + ", $off, "]") }; }
/// `acc += ymm14 * src`.
macro_rules! mac { ($src:expr, $acc:literal) => {
    concat!("vpmuludq ymm15, ymm14, ", $src, "\n", "vpaddq ", $acc, ", ", $acc, ", ymm15\n")
}; }
/// `acc = ymm14 * src`.
macro_rules! mov { ($src:expr, $acc:literal) => { concat!("vpmuludq ", $acc, ", ymm14, ", $src, "\n") }; }

macro_rules! row {
    (first, $boff:literal; $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal, $r6:literal,
     $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal, $r13:literal) => { concat!(
        "vmovdqa ymm14, ymmword ptr [{b} + ", $boff, "]\n",
        mov!(a!(0), $r0), mov!(a!(32), $r1), mov!(a!(64), $r2), mov!(a!(96), $r3), mov!(a!(128), $r4),
        mov!(a!(160), $r5), mov!(a!(192), $r6), mov!(a!(224), $r7), mov!(a!(256), $r8), mov!(a!(288), $r9),
        mov!(a!(320), $r10), mov!(a!(352), $r11), mov!(a!(384), $r12), mov!(a!(416), $r13),
    ) };
    (next, $boff:literal; $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal, $r6:literal,
     $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal, $r13:literal) => { concat!(
        "vmovdqa ymm14, ymmword ptr [{b} + ", $boff, "]\n",
        mac!(a!(0), $r0), mac!(a!(32), $r1), mac!(a!(64), $r2), mac!(a!(96), $r3), mac!(a!(128), $r4),
        mac!(a!(160), $r5), mac!(a!(192), $r6), mac!(a!(224), $r7), mac!(a!(256), $r8), mac!(a!(288), $r9),
        mac!(a!(320), $r10), mac!(a!(352), $r11), mac!(a!(384), $r12), mov!(a!(416), $r13),
    ) };
}

macro_rules! red {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal, $r6:literal,
     $r7:literal, $r8:literal, $r9:literal, $r10:literal, $r11:literal, $r12:literal, $r13:literal) => { concat!(
        "vpmuludq ymm14, ", $r0, ", ", k!(448), "\n",
        "vpand ymm14, ymm14, ", k!(480), "\n",
        "vpmuludq ymm15, ymm14, ", k!(0), "\n",
        "vpaddq ", $r0, ", ", $r0, ", ymm15\n",
        mac!(k!(32), $r1), mac!(k!(64), $r2), mac!(k!(96), $r3), mac!(k!(128), $r4),
        mac!(k!(160), $r5), mac!(k!(192), $r6), mac!(k!(224), $r7), mac!(k!(256), $r8), mac!(k!(288), $r9),
        mac!(k!(320), $r10), mac!(k!(352), $r11), mac!(k!(384), $r12), mac!(k!(416), $r13),
        "vpsrlq ", $r0, ", ", $r0, ", 28\n",
        "vpaddq ", $r1, ", ", $r1, ", ", $r0, "\n",
    ) };
}

#[target_feature(enable = "avx2")]
pub unsafe fn mul(a: &Fp4, b: &Fp4) -> Fp4 {
    let mut out = core::mem::MaybeUninit::<Fp4>::uninit();
    unsafe {
        core::arch::asm!(
            row!(first, 0; "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13"),
            red!("ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13"),
            row!(next, 32; "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0"),
            red!("ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0"),
            row!(next, 64; "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1"),
            red!("ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1"),
            row!(next, 96; "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2"),
            red!("ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2"),
            row!(next, 128; "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3"),
            red!("ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3"),
            row!(next, 160; "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4"),
            red!("ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4"),
            row!(next, 192; "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            red!("ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5"),
            row!(next, 224; "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6"),
            red!("ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6"),
            row!(next, 256; "ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7"),
            red!("ymm8", "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7"),
            row!(next, 288; "ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8"),
            red!("ymm9", "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8"),
            row!(next, 320; "ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9"),
            red!("ymm10", "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9"),
            row!(next, 352; "ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10"),
            red!("ymm11", "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10"),
            row!(next, 384; "ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11"),
            red!("ymm12", "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11"),
            row!(next, 416; "ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12"),
            red!("ymm13", "ymm0", "ymm1", "ymm2", "ymm3", "ymm4", "ymm5", "ymm6", "ymm7", "ymm8", "ymm9", "ymm10", "ymm11", "ymm12"),
            // columns 14..26 are in ymm0..ymm12: carry them into 28-bit limbs
            "vpsrlq ymm15, ymm0, 28",
            "vpand ymm0, ymm0, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 0], ymm0",
            "vpaddq ymm1, ymm1, ymm15",
            "vpsrlq ymm15, ymm1, 28",
            "vpand ymm1, ymm1, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 32], ymm1",
            "vpaddq ymm2, ymm2, ymm15",
            "vpsrlq ymm15, ymm2, 28",
            "vpand ymm2, ymm2, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 64], ymm2",
            "vpaddq ymm3, ymm3, ymm15",
            "vpsrlq ymm15, ymm3, 28",
            "vpand ymm3, ymm3, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 96], ymm3",
            "vpaddq ymm4, ymm4, ymm15",
            "vpsrlq ymm15, ymm4, 28",
            "vpand ymm4, ymm4, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 128], ymm4",
            "vpaddq ymm5, ymm5, ymm15",
            "vpsrlq ymm15, ymm5, 28",
            "vpand ymm5, ymm5, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 160], ymm5",
            "vpaddq ymm6, ymm6, ymm15",
            "vpsrlq ymm15, ymm6, 28",
            "vpand ymm6, ymm6, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 192], ymm6",
            "vpaddq ymm7, ymm7, ymm15",
            "vpsrlq ymm15, ymm7, 28",
            "vpand ymm7, ymm7, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 224], ymm7",
            "vpaddq ymm8, ymm8, ymm15",
            "vpsrlq ymm15, ymm8, 28",
            "vpand ymm8, ymm8, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 256], ymm8",
            "vpaddq ymm9, ymm9, ymm15",
            "vpsrlq ymm15, ymm9, 28",
            "vpand ymm9, ymm9, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 288], ymm9",
            "vpaddq ymm10, ymm10, ymm15",
            "vpsrlq ymm15, ymm10, 28",
            "vpand ymm10, ymm10, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 320], ymm10",
            "vpaddq ymm11, ymm11, ymm15",
            "vpsrlq ymm15, ymm11, 28",
            "vpand ymm11, ymm11, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 352], ymm11",
            "vpaddq ymm12, ymm12, ymm15",
            "vpsrlq ymm15, ymm12, 28",
            "vpand ymm12, ymm12, ymmword ptr [{k} + 480]",
            "vmovdqa ymmword ptr [{o} + 384], ymm12",
            "vmovdqa ymmword ptr [{o} + 416], ymm15",
            a = in(reg) a,
            b = in(reg) b,
            k = in(reg) &CONSTS,
            o = in(reg) out.as_mut_ptr(),
            out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _, out("ymm5") _,
            out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _,
            out("ymm12") _, out("ymm13") _, out("ymm14") _, out("ymm15") _,
            options(nostack, preserves_flags),
        );
        out.assume_init()
    }
}

/// The 28 bits of `x` starting at bit `lo` (bits below 0 read as zero).
fn bits28(x: &[u64; 6], lo: isize) -> u64 {
    let get = |b: isize| -> u64 {
        // 64 bits starting at b, b may be negative.
        if b <= -64 || b >= 384 {
            return 0;
        }
        if b < 0 {
            return x[0] << (-b);
        }
        let w = (b / 64) as usize;
        let s = (b % 64) as u32;
        let lo = x[w] >> s;
        let hi = if s == 0 || w + 1 >= 6 { 0 } else { x[w + 1] << (64 - s) };
        lo | hi
    };
    get(lo) & MASK
}

pub fn from_fp(x: &[crate::Fp; 4]) -> Fp4 {
    let mut out = Fp4([[0; 4]; LIMBS]);
    for (k, e) in x.iter().enumerate() {
        for i in 0..LIMBS {
            out.0[i][k] = bits28(&e.0, 28 * i as isize - 8);
        }
    }
    out
}

pub fn to_fp(v: &Fp4) -> [crate::Fp; 4] {
    use super::montgomery::{mac, reduce_once};
    use crate::field::fp::MODULUS;
    core::array::from_fn(|k| {
        let mut w = [0u64; 7];
        let mut acc: u128 = 0;
        let mut bit = 0u32;
        let mut wi = 0;
        for i in 0..LIMBS {
            acc += (v.0[i][k] as u128) << bit;
            bit += 28;
            while bit >= 64 {
                w[wi] = acc as u64;
                acc >>= 64;
                wi += 1;
                bit -= 64;
            }
        }
        w[wi] = acc as u64;
        let m = (w[0].wrapping_mul(0xfd)) & 0xff;
        let mut c = 0;
        for j in 0..6 {
            (w[j], c) = mac(w[j], m, MODULUS[j], c);
        }
        w[6] = w[6].wrapping_add(c);
        let mut r = [0u64; 6];
        for j in 0..6 {
            r[j] = (w[j] >> 8) | (w[j + 1] << 56);
        }
        crate::Fp(reduce_once(&r, &MODULUS))
    })
}
