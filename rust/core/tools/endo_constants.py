#!/usr/bin/env python3
"""Constants of the endomorphisms used by curve/subgroup.rs and curve/glv.rs:
python3 tools/endo_constants.py

- z = -0xd201000000010000, the BLS12-381 seed; r = z^4 - z^2 + 1.
- G1: sigma(x, y) = (beta x, y), beta a primitive cube root of unity in Fp.
  On G1 sigma acts as a cube root of unity mod r: L = z^2 - 1 for one choice
  of beta, -z^2 = L^2 (mod r) for the other (beta^2). This script finds which
  beta goes with which eigenvalue by computing on the generator.
- GLV split of a scalar k < r: k = a + b L with a = k mod L, b = floor(k / L)
  (a < L, b <= L + 1, both < 2^128). The quotient is computed with the
  reciprocal M_L = floor(2^256 / L) (see glv.rs for the error bound).
- GLS split for G2: k = c0 + c1 |z| + c2 |z|^2 + c3 |z|^3 (base-|z| digits,
  k < r < |z|^4), with the reciprocal M_Z = floor(2^256 / |z|).
- psi^2(x, y) = (OMEGA x, -y) on E2, OMEGA in Fp a cube root of unity.
"""
p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
z = -0xd201000000010000
R = 2**384
assert r == z**4 - z**2 + 1
L = z * z - 1
assert (L * L + L + 1) % r == 0

def limbs(x, n):
    return '[' + ', '.join('0x%016x' % ((x >> (64 * i)) & (2**64 - 1)) for i in range(n)) + ']'

def mont(x):
    return 'Fp::from_montgomery(%s)' % limbs(x * R % p, 6)

# Cube roots of unity in Fp: g^((p-1)/3) for g a non-cube.
g = 2
while pow(g, (p - 1) // 3, p) == 1:
    g += 1
beta1 = pow(g, (p - 1) // 3, p)
beta2 = beta1 * beta1 % p
assert beta1 != 1 and pow(beta1, 3, p) == 1

# G1 generator and affine arithmetic (for finding the eigenvalue of each beta).
G = (0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb,
     0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1)

def add(P, Q):
    if P is None: return Q
    if Q is None: return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if (y1 + y2) % p == 0: return None
        lam = 3 * x1 * x1 * pow(2 * y1, p - 2, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, p - 2, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p)

def smul(k, P):
    Q = None
    for bit in bin(k)[2:]:
        Q = add(Q, Q)
        if bit == '1': Q = add(Q, P)
    return Q

LG = smul(L % r, G)
if LG == (beta1 * G[0] % p, G[1]):
    beta_l = beta1
else:
    assert LG == (beta2 * G[0] % p, G[1])
    beta_l = beta2
beta_mz2 = beta_l * beta_l % p  # eigenvalue L^2 = -z^2 mod r
assert smul((-z * z) % r, G) == (beta_mz2 * G[0] % p, G[1])

print('// L = z^2 - 1 =', hex(L))
print('L_LIMBS:', limbs(L, 2))
print('// BETA_L: sigma(x, y) = (BETA_L x, y) acts as [L] on G1; BETA_L =', hex(beta_l))
print(mont(beta_l))
print('// BETA_MZ2 = BETA_L^2: sigma acts as [-z^2] on G1; BETA_MZ2 =', hex(beta_mz2))
print(mont(beta_mz2))
print('// M_L = floor(2^256 / L) =', hex(2**256 // L))
print(limbs(2**256 // L, 4))
print('// M_Z = floor(2^256 / |z|) =', hex(2**256 // -z))
print(limbs(2**256 // -z, 4))

# psi^2 on E2: psi(x, y) = (conj(x) PSI_X, conj(y) PSI_Y), so
# psi^2(x, y) = (x conj(PSI_X) PSI_X, y conj(PSI_Y) PSI_Y) = (x N(PSI_X), y N(PSI_Y)).
def f2mul(a, b):
    return ((a[0]*b[0] - a[1]*b[1]) % p, (a[0]*b[1] + a[1]*b[0]) % p)
def f2pow(a, e):
    res = (1, 0)
    while e:
        if e & 1: res = f2mul(res, a)
        a = f2mul(a, a); e >>= 1
    return res
def f2inv(a):
    return f2pow(a, p * p - 2)
xi = (1, 1)
PSI_X = f2inv(f2pow(xi, (p - 1) // 3))
PSI_Y = f2inv(f2pow(xi, (p - 1) // 2))
nx = f2mul(PSI_X, (PSI_X[0], -PSI_X[1] % p))
ny = f2mul(PSI_Y, (PSI_Y[0], -PSI_Y[1] % p))
assert nx[1] == 0 and ny == (p - 1, 0)
print('// OMEGA = N(PSI_X): psi^2(x, y) = (OMEGA x, -y); OMEGA =', hex(nx[0]))
print(mont(nx[0]))
