"""What the constant scripts of this folder share: the base field prime p,
Montgomery form (R = 2^384, 6 x 64-bit limbs, least significant first) and
its Rust spelling, Fp2 = Fp[u]/(u^2 + 1) arithmetic on pairs (c0, c1), the
G1 generator and the coefficients of psi on G2.
"""
p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
R = 2**384

def u64s(x, n):
    """The n 64-bit limbs of x, least significant first, as a Rust array."""
    return '[' + ', '.join('0x%016x' % ((x >> (64*i)) & (2**64-1)) for i in range(n)) + ']'

def limbs(x):
    """x mod p in Montgomery form (x R mod p), as 6 limbs."""
    return u64s(x * R % p, 6)

def fp(x):
    return 'Fp::from_montgomery(%s)' % limbs(x)

def fp2(c):
    return 'Fp2::new(%s, %s)' % (fp(c[0]), fp(c[1]))

# Fp2 = Fp[u]/(u^2 + 1), elements as pairs (c0, c1) = c0 + c1 u.
def mul2(a, b):
    return ((a[0]*b[0] - a[1]*b[1]) % p, (a[0]*b[1] + a[1]*b[0]) % p)

def pow2(a, e):
    r = (1, 0)
    while e:
        if e & 1: r = mul2(r, a)
        a = mul2(a, a); e >>= 1
    return r

def inv2(a):
    """1 / a = conj(a) / N(a), N(a) = c0^2 + c1^2 in Fp."""
    n = pow((a[0]*a[0] + a[1]*a[1]) % p, p - 2, p)
    return (a[0] * n % p, (-a[1]) * n % p)

# The G1 generator (affine x, y).
G1_X = 0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb
G1_Y = 0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1

# psi (untwist-Frobenius-twist on G2): psi(x, y) = (conj(x) PSI_X, conj(y) PSI_Y)
# with xi = u + 1, PSI_X = 1 / xi^((p-1)/3), PSI_Y = 1 / xi^((p-1)/2).
XI = (1, 1)
PSI_X = inv2(pow2(XI, (p - 1) // 3))
PSI_Y = inv2(pow2(XI, (p - 1) // 2))
