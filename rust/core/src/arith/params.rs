//! The limb constants of the two moduli: the base-field modulus p
//! ([`fp`]) and the scalar-field modulus r ([`fr`]), little-endian 64-bit
//! limbs, with what the Montgomery kernels and the fields built on them
//! need. `field/` reads them from here (`Fp::MODULUS`, `Fr::MODULUS`).

/// p = 0x1a0111ea...ffffaaab (381 bits), six limbs.
pub(crate) mod fp {
    /// p, little-endian limbs.
    pub(crate) const MODULUS: [u64; 6] = [
        0xb9fe_ffff_ffff_aaab,
        0x1eab_fffe_b153_ffff,
        0x6730_d2a0_f6b0_f624,
        0x6477_4b84_f385_12bf,
        0x4b1b_a7b6_434b_acd7,
        0x1a01_11ea_397f_e69a,
    ];

    /// -p^-1 mod 2^64.
    pub(crate) const INV: u64 = 0x89f3_fffc_fffc_fffd;

    /// 2^384 mod p: one in Montgomery form.
    pub(crate) const R: [u64; 6] = [
        0x7609_0000_0002_fffd,
        0xebf4_000b_c40c_0002,
        0x5f48_9857_53c7_58ba,
        0x77ce_5853_7052_5745,
        0x5c07_1a97_a256_ec6d,
        0x15f6_5ec3_fa80_e493,
    ];

    /// 2^768 mod p: converts into Montgomery form.
    pub(crate) const R2: [u64; 6] = [
        0xf4df_1f34_1c34_1746,
        0x0a76_e6a6_09d1_04f1,
        0x8de5_476c_4c95_b6d5,
        0x67eb_88a9_939d_83c0,
        0x9a79_3e85_b519_952d,
        0x1198_8fe5_92ca_e3aa,
    ];

    /// 2^1152 mod p: converts reduced double-width values into Montgomery form.
    pub(crate) const R3: [u64; 6] = [
        0xed48_ac6b_d94c_a1e0,
        0x315f_831e_03a7_adf8,
        0x9a53_352a_615e_29dd,
        0x34c0_4e5e_921e_1761,
        0x2512_d435_6572_4728,
        0x0aa6_3460_9175_5d4d,
    ];

    /// (p - 1) / 2 (Euler's criterion).
    pub(crate) const MODULUS_MINUS_1_OVER_2: [u64; 6] = [
        0xdcff_7fff_ffff_d555,
        0x0f55_ffff_58a9_ffff,
        0xb398_6950_7b58_7b12,
        0xb23b_a5c2_79c2_895f,
        0x258d_d3db_21a5_d66b,
        0x0d00_88f5_1cbf_f34d,
    ];
}

/// r = 0x73eda753...00000001 (255 bits), the order of G1, G2 and GT, four
/// limbs.
pub(crate) mod fr {
    /// r, little-endian limbs.
    pub(crate) const MODULUS: [u64; 4] =
        [0xffff_ffff_0000_0001, 0x53bd_a402_fffe_5bfe, 0x3339_d808_09a1_d805, 0x73ed_a753_299d_7d48];

    /// -r^-1 mod 2^64.
    pub(crate) const INV: u64 = 0xffff_fffe_ffff_ffff;

    /// 2^256 mod r: one in Montgomery form.
    pub(crate) const R: [u64; 4] =
        [0x0000_0001_ffff_fffe, 0x5884_b7fa_0003_4802, 0x998c_4fef_ecbc_4ff5, 0x1824_b159_acc5_056f];

    /// 2^512 mod r: converts into Montgomery form.
    pub(crate) const R2: [u64; 4] =
        [0xc999_e990_f3f2_9c6d, 0x2b6c_edcb_8792_5c23, 0x05d3_1496_7254_398f, 0x0748_d9d9_9f59_ff11];

    /// 2^768 mod r.
    pub(crate) const R3: [u64; 4] =
        [0xc62c_1807_439b_73af, 0x1b3e_0d18_8cf0_6990, 0x73d1_3c71_c7b5_f418, 0x6e2a_5bb9_c8db_33e9];

    /// (r - 1) / 2 (Euler's criterion).
    pub(crate) const MODULUS_MINUS_1_OVER_2: [u64; 4] =
        [0x7fff_ffff_8000_0000, 0xa9de_d201_7fff_2dff, 0x199c_ec04_04d0_ec02, 0x39f6_d3a9_94ce_bea4];
}
