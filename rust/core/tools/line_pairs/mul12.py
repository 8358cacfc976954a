# fp12_mul_reduce (the full Fp12 product, Karatsuba over Fp6): derives the
# bound of each output's signed sum, checks it (and the formulas) on
# simulated products, and emits the kernel body through kernel.emit_fused.
#   python3 mul12.py check   simulation (random and extreme inputs)
#   python3 mul12.py         the body (first line the frame size) on stdout
import math, os, random, sys
from collections import Counter
from fractions import Fraction
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bounds import p, U, P, N, xi, plain, comb, mulw, add_u, rf2, addm, check, run_check, MB, mb, bounds as mb_bounds
from kernel import karatsuba_pre, final, emit_fused

# The 18 products: A = f0 g0, C = f1 g1, T = (f0 + f1)(g0 + g1), each in
# the order of Fp6::products_to.
def kara_names(v, m):
    return [v + '0', v + '1', v + '2', m + '01', m + '12', m + '02']
QA, QC, QT = kara_names('v', 'm'), kara_names('u', 'u'), kara_names('z', 'z')
Q = QA + QC + QT
pre = karatsuba_pre('K', 'A', QA) + karatsuba_pre('L', 'C', QC) + karatsuba_pre('Kz', 'T', QT)

# The direct formulas (products only), written out from
# R0 = A + v C = (A0 + xi C2, A1 + C0, A2 + C1), R1 = T - A - C.
R00 = comb(plain([(P,'v0')]), xi([(P,'m12'),(N,'v1'),(N,'v2'),(P,'u02'),(N,'u0'),(N,'u2'),(P,'u1')]))
R01 = comb(plain([(P,'m01'),(N,'v0'),(N,'v1'),(P,'u0')]), xi([(P,'v2'),(P,'u12'),(N,'u1'),(N,'u2')]))
R02 = comb(plain([(P,'m02'),(N,'v0'),(N,'v2'),(P,'v1'),(P,'u01'),(N,'u0'),(N,'u1')]), xi([(P,'u2')]))
R10 = comb(plain([(P,'z0'),(N,'v0'),(N,'u0')]), xi([(P,'z12'),(N,'z1'),(N,'z2'),(N,'m12'),(P,'v1'),(P,'v2'),(N,'u12'),(P,'u1'),(P,'u2')]))
R11 = comb(plain([(P,'z01'),(N,'z0'),(N,'z1'),(N,'m01'),(P,'v0'),(P,'v1'),(N,'u01'),(P,'u0'),(P,'u1')]), xi([(P,'z2'),(N,'v2'),(N,'u2')]))
R12 = plain([(P,'z02'),(N,'z0'),(N,'z2'),(P,'z1'),(N,'m02'),(P,'v0'),(P,'v2'),(N,'v1'),(N,'u02'),(P,'u0'),(P,'u2'),(N,'u1')])
direct = []
for nm, (re, im) in [('R00',R00),('R01',R01),('R02',R02),('R10',R10),('R11',R11),('R12',R12)]:
    direct.append((nm + '.re', re)); direct.append((nm + '.im', im))

# ---- bounds. A product `x y` of Fp2 sums `x = sum x_k`, `y = sum y_k`
# (each x_k, y_k a reduced Fp2 factor) has the real part anywhere in
# [0, p 2^384) and the exact imaginary part sum_{k,l} (x_k.r y_l.i +
# x_k.i y_l.r), a sum of monomials each in [0, p^2). A signed sum's
# imaginary terms expand to monomials with integer coefficients: each
# positive coefficient c adds up to c p^2, each negative one down to
# -|c| p^2; each real term adds [0, 1) or (-1, 0] units of U = p 2^384.
def kara_factors(a, b):
    """The factor sums of the six Karatsuba products of Fp6 values with
    coefficient names a[0..2], b[0..2]."""
    return [([a[0]], [b[0]]), ([a[1]], [b[1]]), ([a[2]], [b[2]]),
            ([a[0], a[1]], [b[0], b[1]]), ([a[1], a[2]], [b[1], b[2]]), ([a[0], a[2]], [b[0], b[2]])]
def derive(names, factors, coefs):
    out = {}
    for nm, terms in coefs:
        mono = Counter()
        lo = hi = Fraction(0)
        for s, n, part in terms:
            if part == 'r':
                if s > 0: hi += 1
                else: lo -= 1
                continue
            xs, ys = factors[names.index(n)]
            for x in xs:
                for y in ys:
                    mono[(x + '.r', y + '.i')] += s
                    mono[(x + '.i', y + '.r')] += s
        u = Fraction(p * p, U)
        hi += sum(c for c in mono.values() if c > 0) * u
        lo += sum(c for c in mono.values() if c < 0) * u
        # outward to 0.01
        lo, hi = Fraction(math.floor(lo * 100), 100), Fraction(math.ceil(hi * 100), 100)
        out[nm] = tuple(int(v) if v.denominator == 1 else float(v) for v in (lo, hi))
    return out

F0, F1, G0, G1 = ['f00','f01','f02'], ['f10','f11','f12'], ['g00','g01','g02'], ['g10','g11','g12']
S, Tg = ['s0','s1','s2'], ['t0','t1','t2']   # f0 + f1, g0 + g1, reduced
factors = kara_factors(F0, G0) + kara_factors(F1, G1) + kara_factors(S, Tg)
bounds = derive(Q, factors, direct)

# The same derivation on fp12_m01245_reduce's products (B0 = b0 b1 b2,
# B1 = (0, b4, b5)) must give bounds inside those declared there by hand.
mb_factors = (kara_factors(F0, ['b0','b1','b2']) + [(['f11'], ['b4']), (['f12'], ['b5']),
    (['f11','f12'], ['b4','b5']), (['f10'], ['b4']), (['f10'], ['b5'])] + kara_factors(S, Tg))
for nm, (lo, hi) in derive(MB, mb_factors, mb).items():
    dlo, dhi = mb_bounds[nm]
    assert dlo <= lo and hi <= dhi, (nm, (lo, hi), (dlo, dhi))

# ---- simulation: products as Fp2::mul_wide_to makes them; each T within
# its bound and congruent mod p to the coefficient of the schoolbook product.
def m2(a, b): return ((a[0]*b[0] - a[1]*b[1]) % p, (a[0]*b[1] + a[1]*b[0]) % p)
def a2(a, b): return ((a[0]+b[0]) % p, (a[1]+b[1]) % p)
def s2(a, b): return ((a[0]-b[0]) % p, (a[1]-b[1]) % p)
def xi2(a): return ((a[0]-a[1]) % p, (a[0]+a[1]) % p)
def mul6(a, b):
    c = [(0, 0)] * 5
    for i in range(3):
        for j in range(3):
            c[i + j] = a2(c[i + j], m2(a[i], b[j]))
    return [a2(c[0], xi2(c[3])), a2(c[1], xi2(c[4])), c[2]]
def mul12(f, g):
    a, c = mul6(f[0], g[0]), mul6(f[1], g[1])
    cross = [a2(x, y) for x, y in zip(mul6(f[0], g[1]), mul6(f[1], g[0]))]
    vc = [xi2(c[2]), c[0], c[1]]
    return [a2(x, y) for x, y in zip(a, vc)] + cross

def kara(a, b):
    return [mulw(a[0],b[0]), mulw(a[1],b[1]), mulw(a[2],b[2]), mulw(add_u(a[0],a[1]),add_u(b[0],b[1])),
            mulw(add_u(a[1],a[2]),add_u(b[1],b[2])), mulw(add_u(a[0],a[2]),add_u(b[0],b[2]))]
stats = {}
def sim(ext):
    f = [[rf2(ext) for _ in range(3)] for _ in range(2)]
    g = [[rf2(ext) for _ in range(3)] for _ in range(2)]
    s = [addm(f[0][k], f[1][k]) for k in range(3)]
    t = [addm(g[0][k], g[1][k]) for k in range(3)]
    q = kara(f[0], g[0]) + kara(f[1], g[1]) + kara(s, t)
    check(Q, q, direct, bounds, stats)
    want = mul12(f, g)
    for k, (nm, terms) in enumerate(direct):
        T = sum(sg * q[Q.index(n)][0 if part == 'r' else 1] for sg, n, part in terms)
        assert T % p == want[k // 2][k % 2], nm

if __name__ == '__main__' and 'check' in sys.argv:
    run_check(sim, 12, stats, bounds)
elif __name__ == '__main__':
    frame, out = emit_fused(Q, pre, final, bounds, dict(direct))
    print('FRAME', frame)
    print('\n'.join(out))
