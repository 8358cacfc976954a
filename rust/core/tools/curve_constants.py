#!/usr/bin/env python3
"""Prints the curve constants of BLS12-381 as Rust expressions (Montgomery
form, 6 x 64-bit limbs), for curve/g1.rs and curve/g2.rs. Kept so the numbers
can be re-derived: python3 tools/curve_constants.py

G1: y^2 = x^3 + 4 over Fp.  G2: y^2 = x^3 + 4(u + 1) over Fp2 = Fp[u]/(u^2+1).
psi (untwist-Frobenius-twist on G2): psi(x, y) = (conj(x) * PSI_X, conj(y) * PSI_Y)
with PSI_X = 1 / (u+1)^((p-1)/3), PSI_Y = 1 / (u+1)^((p-1)/2).
"""
p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
R = 2**384

def mul(a, b):
    return ((a[0]*b[0] - a[1]*b[1]) % p, (a[0]*b[1] + a[1]*b[0]) % p)

def pw(a, e):
    r = (1, 0)
    while e:
        if e & 1: r = mul(r, a)
        a = mul(a, a); e >>= 1
    return r

def inv2(a):
    return pw(a, p * p - 2)

def limbs(x):
    x = x * R % p
    return '[' + ', '.join('0x%016x' % ((x >> (64*i)) & (2**64-1)) for i in range(6)) + ']'

def fp(x):
    return 'Fp::from_montgomery(%s)' % limbs(x)

def fp2(c):
    return 'Fp2::new(\n    %s,\n    %s,\n)' % (fp(c[0]), fp(c[1]))

G1_X = 0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb
G1_Y = 0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1
G2_X = (0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8,
        0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e)
G2_Y = (0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801,
        0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be)
assert (G1_Y**2 - G1_X**3 - 4) % p == 0
lhs = mul(G2_Y, G2_Y); rhs = mul(mul(G2_X, G2_X), G2_X)
assert ((lhs[0] - rhs[0] - 4) % p, (lhs[1] - rhs[1] - 4) % p) == (0, 0)

print('// G1 generator x\n' + fp(G1_X))
print('// G1 generator y\n' + fp(G1_Y))
print('// G1 b = 4\n' + fp(4))
print('// G2 generator x\n' + fp2(G2_X))
print('// G2 generator y\n' + fp2(G2_Y))
print('// G2 b = 4(u + 1)\n' + fp2((4, 4)))
xi = (1, 1)
print('// PSI_X = 1 / (u+1)^((p-1)/3)\n' + fp2(inv2(pw(xi, (p - 1) // 3))))
print('// PSI_Y = 1 / (u+1)^((p-1)/2)\n' + fp2(inv2(pw(xi, (p - 1) // 2))))
