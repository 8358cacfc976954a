//! HMAC-SHA256 (RFC 2104) and HKDF-SHA256 (RFC 5869), for the draft's
//! KeyGen, over the `sha2` crate.
//!
//! HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)), with K0 the key
//! padded with zeros to the 64-byte block (a longer key is hashed first),
//! ipad = 0x36 and opad = 0x5c repeated.
//! HKDF-Extract(salt, IKM) = HMAC(salt, IKM) is the pseudorandom key PRK;
//! HKDF-Expand(PRK, info, L) is the first L bytes of T(1) || T(2) || ...
//! with T(0) empty and T(i) = HMAC(PRK, T(i-1) || info || i).
//!
//! Constant time in the key material (SHA-256 has no data-dependent
//! branch or address); the lengths are public. Intermediate keys are
//! overwritten with zeros before they go out of scope ([`wipe`]).

use sha2::{Digest, Sha256};

/// SHA-256's block size in bytes.
const BLOCK: usize = 64;
/// SHA-256's output size in bytes.
pub(super) const HASH_LEN: usize = 32;

/// Overwrites `bytes` with zeros by volatile writes, which the compiler
/// may not remove as dead stores.
pub(super) fn wipe(bytes: &mut [u8]) {
    for b in bytes.iter_mut() {
        // SAFETY: `b` is a valid, aligned, exclusive reference to a u8.
        unsafe { core::ptr::write_volatile(b, 0) };
    }
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
}

/// An HMAC-SHA256 computation in progress: the inner hash, fed
/// `(K0 ^ ipad)` and then the message parts, and the outer pad.
struct Hmac {
    inner: Sha256,
    opad: [u8; BLOCK],
}

impl Hmac {
    fn new(key: &[u8]) -> Hmac {
        let mut k0 = [0u8; BLOCK];
        if key.len() > BLOCK {
            k0[..HASH_LEN].copy_from_slice(&Sha256::digest(key));
        } else {
            k0[..key.len()].copy_from_slice(key);
        }
        let mut ipad = [0x36u8; BLOCK];
        let mut opad = [0x5cu8; BLOCK];
        for i in 0..BLOCK {
            ipad[i] ^= k0[i];
            opad[i] ^= k0[i];
        }
        let mut inner = Sha256::new();
        inner.update(ipad);
        wipe(&mut k0);
        wipe(&mut ipad);
        Hmac { inner, opad }
    }

    fn update(&mut self, part: &[u8]) {
        self.inner.update(part);
    }

    fn finalize(mut self) -> [u8; HASH_LEN] {
        let mut inner = [0u8; HASH_LEN];
        inner.copy_from_slice(&self.inner.finalize_reset());
        let mut outer = Sha256::new();
        outer.update(self.opad);
        outer.update(inner);
        wipe(&mut inner);
        wipe(&mut self.opad);
        outer.finalize().into()
    }
}

/// HMAC-SHA256 of the concatenation of `parts` under `key`.
pub(super) fn hmac(key: &[u8], parts: &[&[u8]]) -> [u8; HASH_LEN] {
    let mut h = Hmac::new(key);
    for p in parts {
        h.update(p);
    }
    h.finalize()
}

/// HKDF-Extract(salt, IKM) with IKM the concatenation of `ikm_parts`.
pub(super) fn extract(salt: &[u8], ikm_parts: &[&[u8]]) -> [u8; HASH_LEN] {
    hmac(salt, ikm_parts)
}

/// HKDF-Expand(PRK, info, out.len()) into `out`, with info the
/// concatenation of `info_parts`. `out.len()` must be at most 255 * 32
/// (RFC 5869's limit; KeyGen asks for 48).
pub(super) fn expand(prk: &[u8], info_parts: &[&[u8]], out: &mut [u8]) {
    debug_assert!(out.len() <= 255 * HASH_LEN);
    let mut t = [0u8; HASH_LEN];
    let mut t_len = 0;
    for (i, chunk) in out.chunks_mut(HASH_LEN).enumerate() {
        let mut h = Hmac::new(prk);
        h.update(&t[..t_len]);
        for p in info_parts {
            h.update(p);
        }
        h.update(&[(i + 1) as u8]);
        t = h.finalize();
        t_len = HASH_LEN;
        chunk.copy_from_slice(&t[..chunk.len()]);
    }
    wipe(&mut t);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unhex(s: &str) -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    }

    /// RFC 5869, appendix A, test cases 1 to 3 (SHA-256): PRK and OKM.
    #[test]
    fn rfc5869_vectors() {
        let cases = [
            (
                "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
                "000102030405060708090a0b0c",
                "f0f1f2f3f4f5f6f7f8f9",
                "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
                "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
            ),
            (
                "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\
                 202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f\
                 404142434445464748494a4b4c4d4e4f",
                "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f\
                 808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f\
                 a0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
                "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf\
                 d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef\
                 f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
                "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
                "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c\
                 59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71\
                 cc30c58179ec3e87c14c01d5c1f3434f1d87",
            ),
            (
                "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
                "",
                "",
                "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
                "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
            ),
        ];
        for (ikm, salt, info, prk, okm) in cases {
            let (ikm, salt, info) = (unhex(ikm), unhex(salt), unhex(info));
            let got_prk = extract(&salt, &[&ikm]);
            assert_eq!(got_prk.to_vec(), unhex(prk));
            let want = unhex(okm);
            let mut got = vec![0u8; want.len()];
            expand(&got_prk, &[&info], &mut got);
            assert_eq!(got, want);
            // Parts concatenate.
            let (a, b) = ikm.split_at(ikm.len() / 2);
            assert_eq!(extract(&salt, &[a, b]), got_prk);
        }
    }

    /// RFC 4231 test case 6: HMAC-SHA-256 with a 131-byte key (hashed first).
    #[test]
    fn rfc4231_long_key() {
        let key = [0xaau8; 131];
        let mac = hmac(&key, &[b"Test Using Larger Than Block-Size Key - Hash Key First"]);
        assert_eq!(mac.to_vec(), unhex("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"));
    }
}
