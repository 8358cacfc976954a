//! Memcheck client requests, issued with the magic instruction sequence of
//! valgrind.h for amd64 (so no C shim and no dependency): four rotations of
//! rdi by 3, 13, 61 and 51 bits (128 in all: rdi is left unchanged, and the
//! sequence is a no-op on a real CPU) followed by `xchg rbx, rbx`. Valgrind's
//! decoder recognises the sequence and answers the request whose six words
//! rax points to (request code, five arguments); the answer comes back in
//! rdx, which holds the default (returned when not under valgrind) on entry.
//!
//! The request codes are those of valgrind.h and memcheck.h (3.x):
//! VG_USERREQ_TOOL_BASE('M','C') = 0x4d43 << 16, then NOACCESS, UNDEFINED,
//! DEFINED in that order.

const RUNNING_ON_VALGRIND: u64 = 0x1001;
const COUNT_ERRORS: u64 = 0x1201;
const MC_BASE: u64 = (b'M' as u64) << 24 | (b'C' as u64) << 16;
const MAKE_MEM_UNDEFINED: u64 = MC_BASE + 1;
const MAKE_MEM_DEFINED: u64 = MC_BASE + 2;

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
#[inline(always)]
fn request(code: u64, a1: u64, a2: u64) -> u64 {
    let args: [u64; 6] = [code, a1, a2, 0, 0, 0];
    let mut result: u64 = 0; // the answer when not running under valgrind
                             // SAFETY: the sequence only rotates rdi by a multiple of 64 (declared
                             // clobbered anyway) and exchanges rbx with itself; the default operand
                             // options (no `nomem`) tell the compiler that memory may be read and
                             // written, so values whose definedness changes are reloaded afterwards.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            inout("rdx") result,
            in("rax") args.as_ptr(),
            inout("rdi") 0u64 => _,
            options(nostack),
        );
    }
    core::hint::black_box(&args);
    result
}

#[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
compile_error!("ct-check issues valgrind client requests for x86_64 Linux only");

/// Non-zero when the process runs under valgrind.
pub fn running_on_valgrind() -> bool {
    request(RUNNING_ON_VALGRIND, 0, 0) != 0
}

/// The number of errors valgrind has reported so far (suppressed ones excluded).
pub fn count_errors() -> u64 {
    request(COUNT_ERRORS, 0, 0)
}

/// Marks `len` bytes at `p` undefined: memcheck then reports every branch,
/// conditional move into an address, and memory address computed from them.
pub fn make_undefined(p: *const u8, len: usize) {
    request(MAKE_MEM_UNDEFINED, p as u64, len as u64);
}

/// Marks `len` bytes at `p` defined again.
pub fn make_defined(p: *const u8, len: usize) {
    request(MAKE_MEM_DEFINED, p as u64, len as u64);
}
