# Generates the asm body of fp12_l2_reduce and checks the declared bounds of
# each signed sum of fp12_l2_reduce and fp12_m01245_reduce on simulated
# products (fp12_m01245_reduce's body is kernel.py's).
import random, math, sys
p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
R = 1 << 384
U = p * R

# ---- line pair: products x00 x11 x44 y01 y04 y14 (index 0..5)
L2 = ['x00','x11','x44','y01','y04','y14']
# f * B: f0B0 Karatsuba v0 v1 v2 m01 m12 m02 (0..5), f1B1: u1 u2 u12 h1 h2 (6..10), T: z0 z1 z2 z01 z12 z02 (11..16)
MB = ['v0','v1','v2','m01','m12','m02','u1','u2','u12','h1','h2','z0','z1','z2','z01','z12','z02']

def xi(terms):  # terms: list of (sign, name) of Fp2 values -> (re_terms, im_terms) of xi * sum
    re, im = [], []
    for s, n in terms:
        re += [(s, n, 'r'), (-s, n, 'i')]
        im += [(s, n, 'r'), (s, n, 'i')]
    return re, im
def plain(terms):
    return [(s, n, 'r') for s, n in terms], [(s, n, 'i') for s, n in terms]
def comb(*parts):
    re, im = [], []
    for a, b in parts:
        re += a; im += b
    return re, im
P, N = 1, -1
# (name, terms, T bounds in units of U = p 2^384: (lo, hi))
l2 = []
b0 = comb(plain([(P,'x00')]), xi([(P,'x44')]))
b1 = plain([(P,'y01'),(N,'x00'),(N,'x11')])
b2 = plain([(P,'x11')])
b4 = plain([(P,'y04'),(N,'x00'),(N,'x44')])
b5 = plain([(P,'y14'),(N,'x11'),(N,'x44')])
for nm, (re, im) in [('b0',b0),('b1',b1),('b2',b2),('b4',b4),('b5',b5)]:
    l2.append((nm+'.re', re)); l2.append((nm+'.im', im))

X = [(P,'m12'),(N,'v1'),(N,'v2'),(P,'h2'),(P,'u1')]
W = [(P,'v2'),(P,'u12'),(N,'u1'),(N,'u2')]
Y = [(P,'z12'),(N,'z1'),(N,'z2'),(N,'m12'),(P,'v1'),(P,'v2'),(N,'u12'),(P,'u1'),(P,'u2')]
V = [(P,'z2'),(N,'v2'),(N,'u2')]
R00 = comb(plain([(P,'v0')]), xi(X))
R01 = comb(plain([(P,'m01'),(N,'v0'),(N,'v1')]), xi(W))
R02 = comb(plain([(P,'m02'),(N,'v0'),(N,'v2'),(P,'v1'),(P,'h1')]), xi([(P,'u2')]))
R10 = comb(plain([(P,'z0'),(N,'v0')]), xi(Y))
R11 = comb(plain([(P,'z01'),(N,'z0'),(N,'z1'),(N,'m01'),(P,'v0'),(P,'v1'),(N,'h1')]), xi(V))
R12 = plain([(P,'z02'),(N,'z0'),(N,'z2'),(P,'z1'),(N,'m02'),(P,'v0'),(P,'v2'),(N,'v1'),(N,'h2'),(N,'u1')])
# hand-derived T bounds (units of U), see the kernel doc
mb = []
bounds = {
 'R00.re': (-2.82, 4), 'R00.im': (-2, 4.02),
 'R01.re': (-4.61, 3), 'R01.im': (-2, 3.02),
 'R02.re': (-2.21, 4), 'R02.im': (0, 2.02),
 'R10.re': (-5.41, 6.82), 'R10.im': (-5.02, 5.61),
 'R11.re': (-6.21, 4.41), 'R11.im': (-3.02, 1.61),
 'R12.re': (-6, 4), 'R12.im': (-1.02, 0.61),
}
for nm, (re, im) in [('R00',R00),('R01',R01),('R02',R02),('R10',R10),('R11',R11),('R12',R12)]:
    mb.append((nm+'.re', re)); mb.append((nm+'.im', im))

def crude(terms):
    pos = sum(1 for s,_,_ in terms if s > 0); neg = len(terms) - pos
    return (-neg, pos)
l2b = {nm: crude(t) for nm, t in l2}

# ---- simulation
def mulw(a, b):
    r = (a[0]*b[0] - a[1]*b[1]) % U
    i = a[0]*b[1] + a[1]*b[0]
    return (r, i)
def add_u(a, b): return (a[0]+b[0], a[1]+b[1])
def rnd(ext):
    if ext == 0: return random.randrange(p)
    return random.choice([0, 1, p-1, p-2, random.randrange(p), p - 1 - random.randrange(1 << 64)])
def rf2(ext): return (rnd(ext), rnd(ext))
def red(x): return (x[0] % p, x[1] % p)
def addm(a,b): return ((a[0]+b[0])%p, (a[1]+b[1])%p)

def check(names, prods, coefs, bnd, stats):
    for nm, terms in coefs:
        T = 0
        first = terms[0]
        assert first[0] > 0, nm
        for s, n, part in terms:
            v = prods[names.index(n)][0 if part == 'r' else 1]
            T += s * v
        lo, hi = bnd[nm]
        from fractions import Fraction as Fr
        x = Fr(T, U)
        st = stats.setdefault(nm, [1e9, -1e9]); st[0] = min(st[0], x); st[1] = max(st[1], x)
        if not (Fr(lo).limit_denominator(1000) <= x < Fr(hi).limit_denominator(1000)) or (x == lo and lo != 0):
            print('BOUND FAIL', nm, x, lo, hi); sys.exit(1)

def sim(ext):
    c0,c1,c4,d0,d1,d4 = [rf2(ext) for _ in range(6)]
    pl = [mulw(c0,d0), mulw(c1,d1), mulw(c4,d4), mulw(add_u(c0,c1),add_u(d0,d1)), mulw(add_u(c0,c4),add_u(d0,d4)), mulw(add_u(c1,c4),add_u(d1,d4))]
    check(L2, pl, l2, l2b, st_l2)
    f0 = [rf2(ext) for _ in range(3)]; f1 = [rf2(ext) for _ in range(3)]
    B0 = [rf2(ext) for _ in range(3)]; b4, b5 = rf2(ext), rf2(ext)
    def kara(a, b):
        return [mulw(a[0],b[0]), mulw(a[1],b[1]), mulw(a[2],b[2]), mulw(add_u(a[0],a[1]),add_u(b[0],b[1])), mulw(add_u(a[1],a[2]),add_u(b[1],b[2])), mulw(add_u(a[0],a[2]),add_u(b[0],b[2]))]
    s = [addm(f0[k], f1[k]) for k in range(3)]
    t = [B0[0], addm(B0[1], b4), addm(B0[2], b5)]
    pm = kara(f0, B0) + [mulw(f1[1], b4), mulw(f1[2], b5), mulw(add_u(f1[1], f1[2]), add_u(b4, b5)), mulw(f1[0], b4), mulw(f1[0], b5)] + kara(s, t)
    check(MB, pm, mb, bounds, st_mb)
st_l2, st_mb = {}, {}

def run_checks(sim, stats, declared, seed):
    """The `check` command of a kernel's script: 20000 runs of its `sim`,
    one in three on uniformly random reduced inputs, the others on extreme
    values (0, 1, p - 1, ...) mixed with random ones (see `rnd`), each sum
    checked against its declared bound; then the range observed for each
    sum of `stats` (in units of p 2^384) beside its bound."""
    random.seed(seed)
    for k in range(20000):
        sim(k % 3)
    for nm in stats: print(nm, ['%.3f' % float(v) for v in stats[nm]], declared[nm])
    print('ok')

def window_params(lo, hi):
    """For a signed sum T in (lo, hi) p 2^384: the + n p that makes it
    non-negative, the window bound mx (in units of p) after the reduction,
    whether that window needs seven limbs (above 9p; the six-limb window of
    `gredc_sum!` must stay below 2^384 > 9.8 p, the seven-limb one is brought
    below 8p by one subtraction of 8p), and the first conditional
    subtraction 2^j p."""
    n = max(0, math.ceil(-lo - 1e-9))
    mx = hi + 1 + n
    assert mx <= 16
    return n, mx, mx > 9, math.ceil(math.log2(mx)) - 1

def window_tail(n, j):
    """The tail of a `gcoef!` after its signed sum: `+n; ` (the constant
    n p at `{p} + 440 + 48 n`) when n > 0, then the conditional
    subtractions of 2^j p down to p (the constants at `{p} + 440 + 48 2^j`)."""
    ks = []
    while j >= 0:
        ks.append(str(440 + 48 * (1 << j)))
        j -= 1
    return (f'+{440 + 48*n}; ' if n > 0 else '') + ' '.join(ks)

if __name__ == '__main__' and 'check' in sys.argv:
    run_checks(sim, st_mb, bounds, 1)


def emit(names, coefs, bnd, slots_base=0):
    out = []
    nslots = max(len(t) for _, t in coefs) - 1
    scratch = 8 * nslots
    scratch = (scratch + 15) // 16 * 16
    frame = scratch + 48
    for ci, (nm, terms) in enumerate(coefs):
        firsts = [t for t in terms if t[0] > 0]
        first = firsts[0]
        rest = [t for t in terms if t is not first]
        lo, hi = bnd[nm]
        n, mx, wide, j = window_params(lo, hi)
        off = lambda t: names.index(t[1]) * 192 + (96 if t[2] == 'i' else 0)
        desc = ' '.join(('+' if s > 0 else '-') + nmx + part for s, nmx, part in [first] + rest)
        out.append(f"            // {nm} = {desc} (T in ({lo}, {hi}) p 2^384; + {n} p, window below {mx:g} p{', 7 limbs' if wide else ''}).")
        assert not wide
        terms = ''.join(f' {"+" if t[0] > 0 else "-"} "{{q}} + {off(t)}"' for t in rest)
        out.append(f'            gcoef!(0, {scratch}; "{{o}} + {48 * ci}" = "{{q}} + {off(first)}"{terms}; '
                   f'{window_tail(n, j)}),')
    return frame, '\n'.join(out)

if __name__ == '__main__' and 'emit' in sys.argv:
    f1, t1 = emit(L2, l2, l2b)
    open('l2.txt','w').write(f'FRAME {f1}\n' + t1)
