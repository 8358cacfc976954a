//! `expand_message_xmd` with SHA-256 (RFC 9380, section 5.3.1).

use crate::Error;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// SHA-256 output size (b_in_bytes).
const B_IN_BYTES: usize = 32;
/// SHA-256 block size (s_in_bytes).
const S_IN_BYTES: usize = 64;
/// The largest output: 255 blocks of SHA-256 (`ell <= 255`).
pub(crate) const MAX_LEN: usize = 255 * B_IN_BYTES;
/// The longest DST used as given; longer ones are hashed (RFC 9380, 5.3.3).
const MAX_DST: usize = 255;
/// The prefix of a hashed oversize DST.
const OVERSIZE_PREFIX: &[u8] = b"H2C-OVERSIZE-DST-";

/// The SHA-256 state after absorbing `Z_pad` (one block of zeros): every
/// `b_0` starts with it, so its compression is done once.
fn zpad_state() -> &'static Sha256 {
    static STATE: OnceLock<Sha256> = OnceLock::new();
    STATE.get_or_init(|| Sha256::new().chain_update([0u8; S_IN_BYTES]))
}

/// `DST_prime = DST || I2OSP(len(DST), 1)` with the oversize rule applied:
/// a DST longer than 255 bytes is replaced by
/// `SHA-256("H2C-OVERSIZE-DST-" || DST)` (32 bytes).
struct DstPrime {
    buf: [u8; MAX_DST + 1],
    len: usize,
}

impl DstPrime {
    fn new(dst: &[u8]) -> DstPrime {
        let mut buf = [0u8; MAX_DST + 1];
        let n = if dst.len() > MAX_DST {
            let h = Sha256::new().chain_update(OVERSIZE_PREFIX).chain_update(dst).finalize();
            buf[..B_IN_BYTES].copy_from_slice(&h);
            B_IN_BYTES
        } else {
            buf[..dst.len()].copy_from_slice(dst);
            dst.len()
        };
        buf[n] = n as u8;
        DstPrime { buf, len: n + 1 }
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// `expand_message_xmd(msg, DST, len_in_bytes)` with SHA-256 (RFC 9380,
/// section 5.3.1): `len` uniformly random-looking bytes derived from `msg`
/// and the domain separation tag `dst`.
///
/// - `len` must be in `1..=8160` (at most 255 SHA-256 blocks, as the RFC
///   requires; zero is rejected too, as it is of no use): otherwise
///   [`Error::InvalidOutputLength`].
/// - `dst` may have any length. A DST longer than 255 bytes is first
///   hashed, `DST = SHA-256("H2C-OVERSIZE-DST-" || DST)` (RFC 9380, 5.3.3).
///   The RFC asks protocols for a non-empty DST; an empty one is accepted
///   here (the computation is well defined, and blst accepts it too).
pub fn expand_message_xmd(msg: &[u8], dst: &[u8], len: usize) -> Result<Vec<u8>, Error> {
    if len == 0 || len > MAX_LEN {
        return Err(Error::InvalidOutputLength);
    }
    let mut out = vec![0u8; len];
    expand_into(msg, dst, &mut out);
    Ok(out)
}

/// [`expand_message_xmd`] into `out`, whose length is `len_in_bytes`.
/// The caller guarantees `1 <= out.len() <= MAX_LEN`.
pub(crate) fn expand_into(msg: &[u8], dst: &[u8], out: &mut [u8]) {
    let len = out.len();
    debug_assert!((1..=MAX_LEN).contains(&len));
    let dst_prime = DstPrime::new(dst);
    let dst_prime = dst_prime.bytes();
    // b_0 = H(Z_pad || msg || I2OSP(len, 2) || I2OSP(0, 1) || DST_prime)
    let b0 = zpad_state()
        .clone()
        .chain_update(msg)
        .chain_update((len as u16).to_be_bytes())
        .chain_update([0u8])
        .chain_update(dst_prime)
        .finalize();
    // b_1 = H(b_0 || I2OSP(1, 1) || DST_prime)
    let mut bi = Sha256::new().chain_update(b0).chain_update([1u8]).chain_update(dst_prime).finalize();
    let ell = len.div_ceil(B_IN_BYTES);
    for (i, chunk) in out.chunks_mut(B_IN_BYTES).enumerate() {
        chunk.copy_from_slice(&bi[..chunk.len()]);
        if i + 1 == ell {
            break;
        }
        // b_(i+1) = H(strxor(b_0, b_i) || I2OSP(i + 1, 1) || DST_prime)
        let mut x = [0u8; B_IN_BYTES];
        for (k, xk) in x.iter_mut().enumerate() {
            *xk = b0[k] ^ bi[k];
        }
        bi = Sha256::new().chain_update(x).chain_update([(i + 2) as u8]).chain_update(dst_prime).finalize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths() {
        assert_eq!(expand_message_xmd(b"", b"D", 0), Err(Error::InvalidOutputLength));
        assert_eq!(expand_message_xmd(b"", b"D", MAX_LEN + 1), Err(Error::InvalidOutputLength));
        assert_eq!(expand_message_xmd(b"", b"D", usize::MAX), Err(Error::InvalidOutputLength));
        assert_eq!(expand_message_xmd(b"", b"D", MAX_LEN).unwrap().len(), MAX_LEN);
        assert_eq!(expand_message_xmd(b"", &[7u8; 1000], 1).unwrap().len(), 1);
        // A prefix of a longer output is NOT the shorter output (len is hashed in).
        let a = expand_message_xmd(b"m", b"D", 32).unwrap();
        let b = expand_message_xmd(b"m", b"D", 64).unwrap();
        assert_ne!(a[..], b[..32]);
    }
}
