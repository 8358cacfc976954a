#!/usr/bin/env python3
"""Writes the complete Rust source of the three generated Fp12 reduction
kernels, rust/core/src/field/kernels/x86_64/generated/<kernel>.rs:

    python3 emit.py fp12_l2_reduce        (body from bounds.py)
    python3 emit.py fp12_m01245_reduce    (body from kernel.py)
    python3 emit.py fp12_mul_reduce       (body from mul12.py)

prints the file on stdout (`make generated` / scripts/generated.sh write it
in place, `make check-generated` compares). The file is a header line, the
kernel's doc comment (the mathematics and the bounds, kept here as a
template), its signature, the asm! block with the stack frame the body
needs, the emitted body, and the operand list shared by the three kernels.
"""
import io, os, sys
from contextlib import redirect_stderr
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bounds
import kernel
import mul12

# The doc comments (without the leading `/// `).
DOC_FP12_L2_REDUCE = """\
The five nonzero Fp2 coefficients `(b0, b1, b2, b4, b5)` (Fp12
positions 0, 1, 2, 4, 5) of the product of two lines
`(c0 + c1 v + c4 v w)(d0 + d1 v + d4 v w)` (`Fp12::line_product`),
from its six double-width Fp2 products at `q` (each as `Qr`, `Qi`, in
the order `x00 = c0 d0`, `x11 = c1 d1`, `x44 = c4 d4`,
`y01 = (c0 + c1)(d0 + d1)`, `y04 = (c0 + c4)(d0 + d4)`,
`y14 = (c1 + c4)(d1 + d4)`), written to `out` (below p; not
overlapping `q`): `b0 = x00 + xi x44`, `b1 = y01 - x00 - x11`,
`b2 = x11`, `b4 = y04 - x00 - x44`, `b5 = y14 - x11 - x44`
(`xi Q = (Qr - Qi, Qr + Qi)`). Each coefficient is one `gredc_sum!`
of at most three terms in `[0, p 2^384)`: with `m` added and `n`
subtracted the window holds `[-n p, (m + 1) p)`, `+ n p`, then
conditional subtractions of `2p` and `p` (all below `4p`).

Frame: `[rsp]` two carry slots, `[rsp + 16]` scratch.
"""

DOC_FP12_M01245_REDUCE = """\
The twelve coefficients of `f B` for `B = B0 + B1 w`, `B0 = (b0, b1,
b2)`, `B1 = (0, b4, b5)` (a product of two lines,
`Fp12::mul_by_line_product`), by Karatsuba over Fp6:
`R0 = A + v C`, `R1 = T - A - C` with `A = f0 B0`, `C = f1 B1`,
`T = (f0 + f1)(B0 + B1)`, from the 17 double-width Fp2 products at `q`
(each `Qr`, `Qi`): `A` by Karatsuba (`v0 = f00 b0`, `v1 = f01 b1`,
`v2 = f02 b2`, `m01`, `m12`, `m02` the products of the pairwise sums),
`C = (xi (u12 - u1 - u2), h1 + xi u2, h2 + u1)` from `u1 = f11 b4`,
`u2 = f12 b5`, `u12 = (f11 + f12)(b4 + b5)`, `h1 = f10 b4`,
`h2 = f10 b5`, and `T` by Karatsuba as `A` (`z0, z1, z2, z01, z12,
z02`, from `s = f0 + f1` and `t = B0 + B1`, both reduced). Written to
`out` (tower order, below p; not overlapping `q`):
`R00 = v0 + xi (m12 - v1 - v2 + h2 + u1)`,
`R01 = m01 - v0 - v1 + xi (v2 + u12 - u1 - u2)`,
`R02 = m02 - v0 - v2 + v1 + h1 + xi u2`,
`R10 = z0 - v0 + xi (z12 - z1 - z2 - m12 + v1 + v2 - u12 + u1 + u2)`,
`R11 = z01 - z0 - z1 - m01 + v0 + v1 - h1 + xi (z2 - v2 - u2)`,
`R12 = z02 - z0 - z2 + z1 - m02 + v0 + v2 - v1 - h2 - u1`.

Bounds. Each coefficient is one signed sum `T` reduced by `gredc_sum!`
to a window `(T + Q p) / 2^384` in `(T / 2^384, T / 2^384 + p)`. A
real part `Qr` is any value in `[0, p 2^384)` (`Fp2::mul_wide_to`
reduces it mod `p 2^384`), so each one counts fully: `+1` or `-1` in
units of `p 2^384`. An imaginary part is the exact integer
`x0 y1 + x1 y0`: below `2 p^2 < 0.21 p 2^384` for reduced factors,
and the Karatsuba combinations such as `m12i - v1i - v2i` (the cross
terms `f01 b2' + ...`, four products of reduced values) lie in
`[0, 4 p^2) < [0, 0.41 p 2^384)`; the sums above only take the
imaginary parts in such combinations, so the range of `T` is the count
of the real parts plus these small exact ranges (each listed at its
coefficient below, in units of `p 2^384`). `+ n p` makes the window
non-negative; conditional subtractions of `2^j p` bring it below p. A
window below `9p < 2^384` fits six limbs; the four wider ones (up to
`13.82 p`) use the seven-limb `gredc_sum_w!` and a seven-limb first
subtraction of `8p`, after which six limbs suffice. (The bounds were
also checked on simulated products, extremes included.)

Order: first the Fp2 coefficients of `A`, `C`, `T` (through
`K = m12 - v1 - v2`, `L = u12 - u1 - u2`, `Kz = z12 - z1 - z2`) as
exact 13-limb sums (`gwide_sum!`, no reduction), then each output
coefficient from two or three of them: the sums above regrouped, so
the same `T` and the same bounds (about 80 double-width additions
instead of 144 with every output summed from the products).

Frame: `[rsp]` four carry slots, `[rsp + 64]` scratch, `[rsp + 112]`
the 24 sums of 104 bytes (`K`, `A0`, `A1`, `A2`, `L`, `C0`, `C1`, `C2`,
`Kz`, `T0`, `T1`, `T2`, each real then imaginary part).
"""

DOC_FP12_MUL_REDUCE = """\
The twelve coefficients of `f g` for dense `f = f0 + f1 w`,
`g = g0 + g1 w` (`Fp12::mul`), by Karatsuba over Fp6:
`R0 = A + v C`, `R1 = T - A - C` with `A = f0 g0`, `C = f1 g1`,
`T = (f0 + f1)(g0 + g1)`, from the 18 double-width Fp2 products at `q`
(each `Qr`, `Qi`; six per Fp6 product in the order of
`Fp6::products_to`): `A` from `v0 = f00 g00`, `v1 = f01 g01`,
`v2 = f02 g02`, `m01`, `m12`, `m02` (the products of the pairwise
sums, e.g. `m01 = (f00 + f01)(g00 + g01)`), `C` likewise from `u0`,
`u1`, `u2`, `u01`, `u12`, `u02` (of `f1`, `g1`), `T` from `z0`, `z1`,
`z2`, `z01`, `z12`, `z02` (of `s = f0 + f1` and `t = g0 + g1`, both
reduced). Each Fp6 product is `(w0 + xi (w12 - w1 - w2),
w01 - w0 - w1 + xi w2, w02 - w0 - w2 + w1)`. Written to `out` (tower
order, below p; not overlapping `q`):
`R00 = v0 + xi (m12 - v1 - v2 + u02 - u0 - u2 + u1)`,
`R01 = m01 - v0 - v1 + u0 + xi (v2 + u12 - u1 - u2)`,
`R02 = m02 - v0 - v2 + v1 + u01 - u0 - u1 + xi u2`,
`R10 = z0 - v0 - u0 + xi (z12 - z1 - z2 - m12 + v1 + v2 - u12 + u1 + u2)`,
`R11 = z01 - z0 - z1 - m01 + v0 + v1 - u01 + u0 + u1 + xi (z2 - v2 - u2)`,
`R12 = z02 - z0 - z2 + z1 - m02 + v0 + v2 - v1 - u02 + u0 + u2 - u1`.

Bounds, as in [`fp12_m01245_reduce`]: each coefficient is one signed
sum `T` reduced to a window `(T + Q p) / 2^384` in
`(T / 2^384, T / 2^384 + p)`. A real part counts `+1` or `-1` in units
of `p 2^384` (any value in `[0, p 2^384)`). An imaginary part is exact:
for a product of factor sums `x = sum x_k`, `y = sum y_l` (reduced
Fp2 factors) it is `sum (x_k.r y_l.i + x_k.i y_l.r)`, monomials each
in `[0, p^2)`, `p^2 < 0.1016 p 2^384`; a signed sum's imaginary terms
expand to monomials with integer coefficients (the Karatsuba
combinations cancel most), whose positive and negative totals bound
them. So (`tools/line_pairs/mul12.py`, rounded outward to 0.01, in
units of `p 2^384`): `R00` re `(-5.02, 4)`, im `(-4, 4.22)`; `R01`
`(-4.61, 4)`, `(-2, 3.22)`; `R02` `(-4.21, 4)`, `[0, 2.22)`; `R10`
`(-6.41, 6.82)`, `(-5.22, 5.61)`; `R11` `(-6.21, 6.41)`,
`(-3.22, 1.61)`; `R12` `(-6, 6)`, `(-1.22, 0.61)`. `+ n p` (`n` the
lower bound rounded up) makes the window non-negative; conditional
subtractions of `2^j p` bring it below p. A window below `9p < 2^384`
fits six limbs; the eight wider ones (up to `14.82 p`) use the
seven-limb `gredc_sum_w!` and a seven-limb first subtraction of `8p`,
after which six limbs suffice. (The bounds were also checked on
simulated products, extremes included, and the sums against the
schoolbook product mod p.)

Order: first the Fp2 coefficients of `A`, `C`, `T` (through
`K = m12 - v1 - v2`, `L = u12 - u1 - u2`, `Kz = z12 - z1 - z2`) as
exact 13-limb sums (`gwide_sum!`, no reduction), then each output
coefficient from two or three of them (the same `T` as the sums
above, regrouped).

Frame: `[rsp]` four carry slots, `[rsp + 64]` scratch, `[rsp + 112]`
the 24 sums of 104 bytes (`K`, `A0`, `A1`, `A2`, `L`, `C0`, `C1`, `C2`,
`Kz`, `T0`, `T1`, `T2`, each real then imaginary part).
"""



def signature(name, n_out, n_q):
    """The lines from the attribute to the asm! prologue: `n_out` reduced
    Fp values written at `out`, `n_q` double-width halves read at `q`."""
    return [
        '#[inline(always)]',
        f'pub unsafe fn {name}(out: *mut [[u64; 6]; {n_out}], q: *const [[u64; 12]; {n_q}], '
        'c: &super::FusedConsts) {',
    ]


def function(name, n_out, n_q, frame, body, doc):
    """The whole kernel: doc, signature, SAFETY note, `fused_asm!` block
    (frame `frame` bytes below the stack pointer around `body`; the
    operands are declared by `fused_asm!`)."""
    lines = [('/// ' + l if l else '///') for l in doc.split('\n')[:-1]]
    lines += signature(name, n_out, n_q)
    lines += [
        f'    // SAFETY: reads the {12 * n_q} limbs at `q` and the constants behind `c`,',
        f'    // writes {6 * n_out} at `out` (provided by the caller, not overlapping `q`);',
        f'    // uses {frame} bytes of stack below the stack pointer, restored before',
        '    // the end (no `nostack`).',
        '    unsafe {',
        f'        fused_asm!({frame}; q = q, o = out; c;',
    ]
    lines += body
    lines += ['        );', '    }', '}']
    return lines


def quiet(f, *args):
    """`f(*args)` without its progress note on stderr."""
    with redirect_stderr(io.StringIO()):
        return f(*args)


def l2_reduce():
    frame, text = bounds.emit(bounds.L2, bounds.l2, bounds.l2b)
    # The doc's frame: two carry slots, scratch at [rsp + 16].
    assert frame == 64
    return 'fp12_l2_reduce', len(bounds.l2), 2 * len(bounds.L2), frame, text.split('\n'), DOC_FP12_L2_REDUCE


def m01245_reduce():
    frame, body = quiet(kernel.emit_fused, bounds.MB, kernel.pre, kernel.final, bounds.bounds, dict(bounds.mb))
    # The doc's frame: the 24 sums of 104 bytes from [rsp + 112].
    assert kernel.FRAME_PRE == 112 and len(kernel.pre) == 12
    return ('fp12_m01245_reduce', 2 * len(kernel.final), 2 * len(bounds.MB), frame, body,
            DOC_FP12_M01245_REDUCE)


def mul_reduce():
    frame, body = quiet(kernel.emit_fused, mul12.Q, mul12.pre, kernel.final, mul12.bounds, dict(mul12.direct))
    assert kernel.FRAME_PRE == 112 and len(mul12.pre) == 12
    # The doc lists the bounds mul12.py derives.
    flat = ' '.join(DOC_FP12_MUL_REDUCE.split())
    for nm, (lo, hi) in mul12.bounds.items():
        assert (f'`({lo}, {hi})`' in flat) or (lo == 0 and f'`[0, {hi})`' in flat), nm
    return 'fp12_mul_reduce', 2 * len(kernel.final), 2 * len(mul12.Q), frame, body, DOC_FP12_MUL_REDUCE


BODY_FROM = {'fp12_l2_reduce': 'bounds.py', 'fp12_m01245_reduce': 'kernel.py', 'fp12_mul_reduce': 'mul12.py'}
KERNELS = {'fp12_l2_reduce': l2_reduce, 'fp12_m01245_reduce': m01245_reduce, 'fp12_mul_reduce': mul_reduce}


def source(name):
    """The complete generated file of kernel `name`."""
    fn, n_out, n_q, frame, body, doc = KERNELS[name]()
    assert fn == name
    head = [
        '// @generated by rust/core/tools/line_pairs/emit.py; do not edit (make generated)',
        f'// The asm body is written by {BODY_FROM[name]} (rust/core/tools/line_pairs/README.md).',
        '',
    ]
    return '\n'.join(head + function(fn, n_out, n_q, frame, body, doc)) + '\n'


if __name__ == '__main__':
    if len(sys.argv) != 2 or sys.argv[1] not in KERNELS:
        sys.exit('usage: emit.py ' + '|'.join(KERNELS))
    sys.stdout.write(source(sys.argv[1]))
