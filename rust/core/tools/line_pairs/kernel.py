# The body of a fused Fp12 reduction kernel over 13-limb pre-sums:
# `emit_fused` is shared by fp12_m01245_reduce (run as a script: this file)
# and fp12_mul_reduce (mul12.py).
import os, sys
from collections import Counter
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bounds import P, N, MB, mb, bounds, window_params, window_tail

# precomputed 13-limb values, each Fp2 (r, i)
def xi_of(name):  # xi * named Fp2 value
    return ([(P, name, 'r'), (N, name, 'i')], [(P, name, 'r'), (P, name, 'i')])
def pl(lst):
    return ([(s, n, 'r') for s, n in lst], [(s, n, 'i') for s, n in lst])
def cb(*parts):
    re, im = [], []
    for a, b in parts: re += a; im += b
    return re, im

KARATSUBA = {}

def karatsuba_pre(k, a, w):
    """The pre-sums of an Fp6 product from its six products `w` (Karatsuba
    order w0 w1 w2 w01 w12 w02): `k = w12 - w1 - w2`, then the coefficients
    `a0 = w0 + xi k`, `a1 = w01 - w0 - w1 + xi w2`, `a2 = w02 - w0 - w2 + w1`."""
    w0, w1, w2, w01, w12, w02 = w
    kk = (k, pl([(P, w12), (N, w1), (N, w2)]))
    KARATSUBA[id(kk)] = w  # these four are emitted as one `gfp6_pre!`
    return [
        kk,
        (a + '0', cb(pl([(P, w0)]), xi_of(k))),
        (a + '1', cb(pl([(P, w01), (N, w0), (N, w1)]), xi_of(w2))),
        (a + '2', pl([(P, w02), (N, w0), (N, w2), (P, w1)])),
    ]

# R0 = A + v C, R1 = T - A - C, through the coefficients of A, C, T.
final = [
  ('R00', cb(pl([(P,'A0')]), xi_of('C2'))),
  ('R01', pl([(P,'A1'),(P,'C0')])),
  ('R02', pl([(P,'A2'),(P,'C1')])),
  ('R10', pl([(P,'T0'),(N,'A0'),(N,'C0')])),
  ('R11', pl([(P,'T1'),(N,'A1'),(N,'C1')])),
  ('R12', pl([(P,'T2'),(N,'A2'),(N,'C2')])),
]
FRAME_PRE = 112
# The outputs as `gfp12_final!` (rust/core/src/field/kernels/x86_64/macros.rs)
# sums them: `final` over pre-sums laid out from FRAME_PRE.
GFP12_FINAL = [
    '"{o} + 0" = "rsp + 320" + "rsp + 1568" - "rsp + 1672"',
    '"{o} + 48" = "rsp + 424" + "rsp + 1568" + "rsp + 1672"',
    '"{o} + 96" = "rsp + 528" + "rsp + 1152"',
    '"{o} + 144" = "rsp + 632" + "rsp + 1256"',
    '"{o} + 192" = "rsp + 736" + "rsp + 1360"',
    '"{o} + 240" = "rsp + 840" + "rsp + 1464"',
    '"{o} + 288" = "rsp + 1984" - "rsp + 320" - "rsp + 1152"',
    '"{o} + 336" = "rsp + 2088" - "rsp + 424" - "rsp + 1256"',
    '"{o} + 384" = "rsp + 2192" - "rsp + 528" - "rsp + 1360"',
    '"{o} + 432" = "rsp + 2296" - "rsp + 632" - "rsp + 1464"',
    '"{o} + 480" = "rsp + 2400" - "rsp + 736" - "rsp + 1568"',
    '"{o} + 528" = "rsp + 2504" - "rsp + 840" - "rsp + 1672"',
]

def emit_fused(names, pre, final, bounds, direct):
    """(frame, lines): the kernel body over the products `names` (at `{q}`,
    192 bytes each), the pre-sums `pre` (13 limbs each, on the stack from
    FRAME_PRE), the outputs `final` (signed sums of pre-sums and products)
    with their T bounds; checks first that each output expands to the same
    signed sum of products as `direct` (name.re / name.im -> terms)."""
    prenames = [n for n, _ in pre]
    pred = dict(pre)
    def addr(n, part):
        if n in names:
            return '{q} + %d' % (names.index(n) * 192 + (96 if part == 'i' else 0)), None
        k = prenames.index(n) * 2 + (1 if part == 'i' else 0)
        o = FRAME_PRE + 104 * k
        return 'rsp + %d' % o, 'qword ptr [rsp + %d]' % (o + 96)

    def term(n, part):
        """A term of `gwide_sum!` / `gcoef!`: the address, `^` for a 13-limb sum."""
        a, top = addr(n, part)
        return f'"{a}"' + ('^' if top else '')

    def expand(terms):
        c = Counter()
        for s, n, part in terms:
            if n in names:
                c[(n, part)] += s
            else:
                re, im = pred[n]
                for s2, n2, p2 in (re if part == 'r' else im):
                    for k, v in expand([(s2, n2, p2)]).items():
                        c[k] += s * v
        return {k: v for k, v in c.items() if v}
    for nm, (re, im) in final:
        for part, terms in (('re', re), ('im', im)):
            want = Counter()
            for s, n, p_ in direct[nm + '.' + part]:
                want[(n, p_)] += s
            want = {k: v for k, v in want.items() if v}
            assert expand(terms) == want, (nm, part, expand(terms), want)
    print('expansion ok', file=sys.stderr)

    out = []
    skip = 0
    for entry in pre:
        n, (re, im) = entry
        if skip:
            skip -= 1
            continue
        if id(entry) in KARATSUBA:
            k = prenames.index(n)
            a = prenames[k + 1][:-1]
            assert prenames[k + 1:k + 4] == [a + '0', a + '1', a + '2']
            w = KARATSUBA[id(entry)]
            out.append(f'            // {n} = {w[4]} - {w[1]} - {w[2]}, {a}0, {a}1, {a}2 (Karatsuba over {", ".join(w)}).')
            out.append(f'            gfp6_pre!("{addr(n, "r")[0]}"; ' + ', '.join(f'"{addr(x, "r")[0]}"' for x in w) + '),')
            skip = 3
            continue
        for part, terms in (('r', re), ('i', im)):
            dest, _ = addr(n, part)
            first = terms[0]; assert first[0] > 0
            fa, ft = addr(first[1], first[2])
            desc = ' '.join(('+' if s > 0 else '-') + a + b for s, a, b in terms)
            out.append(f'            // {n}{part} = {desc}.')
            out.append(f'            gwide_sum!("{dest}", 0; ' + ' '.join(
                ('' if k == 0 else ('+ ' if s > 0 else '- ')) + term(a, b) for k, (s, a, b) in enumerate(terms)) + '),')
    # carry slots [rsp], [rsp + 8], ... below the scratch at [rsp + 64]
    assert max(len(t) for _, (re, im) in pre + final for t in (re, im)) - 1 <= 8
    scratch = 64
    # The sums are those `gfp12_final!` writes (R0 = A + v C, R1 = T - A - C
    # over the layout of `gfp6_pre!`): only the tails are emitted.
    out.append('            gfp12_final!(')
    want = iter(GFP12_FINAL)
    for ci, (nm0, (re, im)) in enumerate(final):
        notes, tails = [], []
        for pi, (part, terms) in enumerate((('re', re), ('im', im))):
            nm = nm0 + '.' + part
            lo, hi = bounds[nm]
            n, mx, wide, j = window_params(lo, hi)
            sums = ' '.join(('' if k == 0 else ('+ ' if t[0] > 0 else '- ')) + term(t[1], t[2]).rstrip('^')
                            for k, t in enumerate(terms))
            assert scratch == 64 and f'"{{o}} + {48 * (2 * ci + pi)}" = {sums}' == next(want), (nm, sums)
            desc = ' '.join(('+' if s > 0 else '-') + a + ('r' if b == 'r' else 'i') for s, a, b in terms)
            notes.append(f"{nm} = {desc}: T in ({lo}, {hi}) p 2^384, + {n} p, window below {mx:g} p{' (7 limbs)' if wide else ''}")
            tails.append(f'[{"wide " if wide else ""}{window_tail(n, j)}]')
        out.extend(f"                // {note}." for note in notes)
        out.append(f"                {', '.join(tails)},")
    out.append('            ),')
    frame = FRAME_PRE + 104 * 2 * len(pre)
    return frame, out

# fp12_m01245_reduce: A and T dense, C = f1 B1 with B1 = (0, b4, b5).
pre = (karatsuba_pre('K', 'A', ['v0','v1','v2','m01','m12','m02'])
  + [
  ('L', pl([(P,'u12'),(N,'u1'),(N,'u2')])),
  ('C0', xi_of('L')),
  ('C1', cb(pl([(P,'h1')]), xi_of('u2'))),
  ('C2', pl([(P,'h2'),(P,'u1')])),
  ]
  + karatsuba_pre('Kz', 'T', ['z0','z1','z2','z01','z12','z02']))

if __name__ == '__main__':
    frame, out = emit_fused(MB, pre, final, bounds, dict(mb))
    print('FRAME', frame)
    print('\n'.join(out))
