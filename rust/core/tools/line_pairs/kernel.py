import math, sys
sys.argv = ['x']
exec(open(__file__.replace('kernel.py', 'bounds.py')).read().split("if __name__ == '__main__' and 'check' in sys.argv:")[0])
# precomputed 13-limb values, each Fp2 (r, i)
P, N = 1, -1
def xi_of(name):  # xi * named Fp2 value
    return ([(P, name, 'r'), (N, name, 'i')], [(P, name, 'r'), (P, name, 'i')])
def pl(lst):
    return ([(s, n, 'r') for s, n in lst], [(s, n, 'i') for s, n in lst])
def cb(*parts):
    re, im = [], []
    for a, b in parts: re += a; im += b
    return re, im
pre = [
  ('K', pl([(P,'m12'),(N,'v1'),(N,'v2')])),
  ('A0', cb(pl([(P,'v0')]), xi_of('K'))),
  ('A1', cb(pl([(P,'m01'),(N,'v0'),(N,'v1')]), xi_of('v2'))),
  ('A2', pl([(P,'m02'),(N,'v0'),(N,'v2'),(P,'v1')])),
  ('L', pl([(P,'u12'),(N,'u1'),(N,'u2')])),
  ('C0', xi_of('L')),
  ('C1', cb(pl([(P,'h1')]), xi_of('u2'))),
  ('C2', pl([(P,'h2'),(P,'u1')])),
  ('Kz', pl([(P,'z12'),(N,'z1'),(N,'z2')])),
  ('T0', cb(pl([(P,'z0')]), xi_of('Kz'))),
  ('T1', cb(pl([(P,'z01'),(N,'z0'),(N,'z1')]), xi_of('z2'))),
  ('T2', pl([(P,'z02'),(N,'z0'),(N,'z2'),(P,'z1')])),
]
final = [
  ('R00', cb(pl([(P,'A0')]), xi_of('C2'))),
  ('R01', pl([(P,'A1'),(P,'C0')])),
  ('R02', pl([(P,'A2'),(P,'C1')])),
  ('R10', pl([(P,'T0'),(N,'A0'),(N,'C0')])),
  ('R11', pl([(P,'T1'),(N,'A1'),(N,'C1')])),
  ('R12', pl([(P,'T2'),(N,'A2'),(N,'C2')])),
]
prenames = [n for n, _ in pre]
FRAME_PRE = 112
def addr(n, part):
    if n in MB:
        return '{q} + %d' % (MB.index(n) * 192 + (96 if part == 'i' else 0)), None
    k = prenames.index(n) * 2 + (1 if part == 'i' else 0)
    o = FRAME_PRE + 104 * k
    return 'rsp + %d' % o, 'qword ptr [rsp + %d]' % (o + 96)

# --- check: the expansion of final sums equals the direct formulas of gen.py
def expand(terms):
    from collections import Counter
    c = Counter()
    for s, n, part in terms:
        if n in MB:
            c[(n, part)] += s
        else:
            re, im = dict(pre)[n]
            for s2, n2, p2 in (re if part == 'r' else im):
                for k, v in expand([(s2, n2, p2)]).items():
                    c[k] += s * v
    return {k: v for k, v in c.items() if v}
direct = dict(mb)
from collections import Counter
for nm, (re, im) in final:
    for part, terms in (('re', re), ('im', im)):
        want = Counter()
        for s, n, p_ in direct[nm + '.' + part]:
            want[(n, p_)] += s
        want = {k: v for k, v in want.items() if v}
        assert expand(terms) == want, (nm, part, expand(terms), want)
print('expansion ok', file=sys.stderr)

out = []
for n, (re, im) in pre:
    for part, terms in (('r', re), ('i', im)):
        dest, _ = addr(n, part)
        first = terms[0]; assert first[0] > 0
        fa, ft = addr(first[1], first[2])
        desc = ' '.join(('+' if s > 0 else '-') + a + b for s, a, b in terms)
        out.append(f'            // {n}{part} = {desc}.')
        args = [f'"{dest}"; "{fa}", "{ft or "0"}"']
        for k, t in enumerate(terms[1:]):
            op = '"add", "adc"' if t[0] > 0 else '"sub", "sbb"'
            a, tp = addr(t[1], t[2])
            args.append(f'{op}, "{a}", "{tp or "0"}", "qword ptr [rsp + {8*k}]"')
        out.append('            gwide_sum!(' + ';\n                '.join(args) + '),')
scratch = 64
for ci, (nm0, (re, im)) in enumerate(final):
    for pi, (part, terms) in enumerate((('re', re), ('im', im))):
        nm = nm0 + '.' + part
        lo, hi = bounds[nm]
        whi = hi + 1
        n = max(0, math.ceil(-lo - 1e-9))
        mx = whi + n
        wide = mx > 9
        j = math.ceil(math.log2(mx)) - 1
        first = terms[0]; rest = terms[1:]
        desc = ' '.join(('+' if s > 0 else '-') + a + ('r' if b == 'r' else 'i') for s, a, b in terms)
        out.append(f"            // {nm} = {desc} (T in ({lo}, {hi}) p 2^384; + {n} p, window below {mx:g} p{', 7 limbs' if wide else ''}).")
        fa, ft = addr(first[1], first[2])
        if wide:
            args = [f'"qword ptr [{{p}} + 432]"; "{fa}", "{ft}"']
        else:
            args = [f'"qword ptr [{{p}} + 432]"; "{fa}"']
        for k, t in enumerate(rest):
            op = '"add", "adc"' if t[0] > 0 else '"sub", "sbb"'
            a, tp = addr(t[1], t[2])
            if wide:
                args.append(f'{op}, "{a}", "{tp}", "qword ptr [rsp + {8*k}]"')
            else:
                args.append(f'{op}, "{a}", "qword ptr [rsp + {8*k}]"')
        mac = 'gredc_sum_w' if wide else 'gredc_sum'
        out.append(f'            {mac}!(' + ';\n                '.join(args) + '),')
        out.extend(window_tail(n, j, wide, scratch, 48 * (2 * ci + pi)))
frame = FRAME_PRE + 104 * 2 * len(pre)
print('FRAME', frame)
print('\n'.join(out))
