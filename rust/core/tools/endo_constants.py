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
from common import p, u64s, fp, mul2, G1_X, G1_Y, PSI_X, PSI_Y

r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
z = -0xd201000000010000
assert r == z**4 - z**2 + 1
L = z * z - 1
assert (L * L + L + 1) % r == 0

# Cube roots of unity in Fp: g^((p-1)/3) for g a non-cube.
g = 2
while pow(g, (p - 1) // 3, p) == 1:
    g += 1
beta1 = pow(g, (p - 1) // 3, p)
beta2 = beta1 * beta1 % p
assert beta1 != 1 and pow(beta1, 3, p) == 1

# G1 generator and affine arithmetic (for finding the eigenvalue of each beta).
G = (G1_X, G1_Y)

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
print('L_LIMBS:', u64s(L, 2))
print('// BETA_L: sigma(x, y) = (BETA_L x, y) acts as [L] on G1; BETA_L =', hex(beta_l))
print(fp(beta_l))
print('// BETA_MZ2 = BETA_L^2: sigma acts as [-z^2] on G1; BETA_MZ2 =', hex(beta_mz2))
print(fp(beta_mz2))
print('// M_L = floor(2^256 / L) =', hex(2**256 // L))
print(u64s(2**256 // L, 4))
print('// M_Z = floor(2^256 / |z|) =', hex(2**256 // -z))
print(u64s(2**256 // -z, 4))

# psi^2 on E2: psi(x, y) = (conj(x) PSI_X, conj(y) PSI_Y), so
# psi^2(x, y) = (x conj(PSI_X) PSI_X, y conj(PSI_Y) PSI_Y) = (x N(PSI_X), y N(PSI_Y)).
nx = mul2(PSI_X, (PSI_X[0], -PSI_X[1] % p))
ny = mul2(PSI_Y, (PSI_Y[0], -PSI_Y[1] % p))
assert nx[1] == 0 and ny == (p - 1, 0)
print('// OMEGA = N(PSI_X): psi^2(x, y) = (OMEGA x, -y); OMEGA =', hex(nx[0]))
print(fp(nx[0]))
