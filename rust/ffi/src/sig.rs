//! The C functions of BLS signatures (`bls12_381_sig_*`), over the core's
//! `sig` module (draft-irtf-cfrg-bls-signature-05).
//!
//! Unlike the rest of the ABI, these take and give encodings, not
//! in-memory forms: secret keys as 32 big-endian bytes (the draft's
//! I2OSP; [`bls12_381_sig_sk_from_le`] and [`bls12_381_sig_sk_to_le`]
//! convert from and to the little-endian order of OCaml's
//! `Signature.sk_of_bytes_exn`), public keys and signatures compressed
//! (ZCash format). Every
//! operation takes the variant (`BLS12_381_SIG_MIN_PK` = 0: keys in G1,
//! signatures in G2; `BLS12_381_SIG_MIN_SIG` = 1: the reverse) and, where
//! the schemes differ, the scheme (`BLS12_381_SIG_BASIC` = 0, `_AUG` = 1,
//! `_POP` = 2); another number gives [`ERR_UNKNOWN_SCHEME`]. Outputs are
//! given with their length, which must be the variant's size
//! (`INVALID_LENGTH` otherwise, nothing written).
//!
//! A verification returns `OK` when the signature is valid, otherwise the
//! reason: a decoding error of a key or signature, the core's
//! `IDENTITY_PUBLIC_KEY`, `EMPTY_INPUT`, `DUPLICATE_MESSAGE`, or
//! `INVALID_SIGNATURE` when the pairing equation fails.
//!
//! Arrays of n keys or signatures are their encodings end to end; n
//! messages are one buffer holding them end to end with an array of n
//! `size_t` lengths (no alignment needed). n and every length are checked
//! (NULL with a nonzero length: `NULL_POINTER`; a total above
//! `isize::MAX`: `INVALID_LENGTH`) before any slice is made.

use crate::{code, get, null_guard, slice, ERR_INVALID_LENGTH, ERR_NULL_POINTER, OK};
use bls12_381_core::curve::Compressed;
use bls12_381_core::sig::{
    aggregate, Aug, Basic, MinPk, MinSig, Pop, PublicKey, Scheme, SecretKey, Signature, Variant,
};
use bls12_381_core::Error;
use core::ffi::c_int;

/// `BLS12_381_ERR_UNKNOWN_SCHEME`: a variant or scheme number the header
/// does not define. A property of the C boundary (the Rust API takes
/// types), so the core has no variant for it.
pub const ERR_UNKNOWN_SCHEME: c_int = 29;

// The next code after the core's signature errors.
const _: () = assert!(Error::InvalidSignature.code() + 1 == ERR_UNKNOWN_SCHEME);

/// Runs `$body` with the type alias `$alias` bound to the type listed for
/// the number `$n`, or returns [`ERR_UNKNOWN_SCHEME`].
macro_rules! select {
    ($n:expr, $alias:ident, [$($k:literal => $t:ty),+] => $body:expr) => {
        match $n {
            $($k => {
                type $alias = $t;
                $body
            })+
            _ => ERR_UNKNOWN_SCHEME,
        }
    };
}

/// [`select`] over the variants (0 min-pk, 1 min-sig), alias `$v`.
macro_rules! with_variant {
    ($variant:expr, $v:ident => $body:expr) => {
        select!($variant, $v, [0 => MinPk, 1 => MinSig] => $body)
    };
}

/// [`with_variant`], then [`select`] over the schemes (0 Basic, 1 Aug,
/// 2 Pop), alias `$s`.
macro_rules! with_scheme {
    ($variant:expr, $scheme:expr, $v:ident, $s:ident => $body:expr) => {
        with_variant!($variant, $v => select!($scheme, $s, [0 => Basic, 1 => Aug, 2 => Pop] => $body))
    };
}

/// Unwraps a `Result<T, c_int>` or returns its code.
macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(c) => return c,
        }
    };
}

fn err(e: Error) -> c_int {
    code(e)
}

/// `OK` or the error's code.
fn verdict(r: Result<(), Error>) -> c_int {
    match r {
        Ok(()) => OK,
        Err(e) => code(e),
    }
}

/// The secret key at `sk` (32 big-endian bytes).
///
/// # Safety
/// `sk` is NULL or valid for reads of 32 bytes.
unsafe fn secret_key(sk: *const u8) -> Result<SecretKey, c_int> {
    if sk.is_null() {
        return Err(ERR_NULL_POINTER);
    }
    // SAFETY: the caller's contract.
    unsafe { with_key_bytes(sk, SecretKey::from_bytes) }.map_err(err)
}

/// Reads the 32 bytes at `p` into a local array, runs `f` on them, wipes
/// the array, and answers `f`'s result. For secret keys, whose copies the
/// ABI overwrites when done.
///
/// # Safety
/// `p` is valid for reads of 32 bytes.
unsafe fn with_key_bytes<T>(p: *const u8, f: impl FnOnce(&[u8; 32]) -> T) -> T {
    // SAFETY: the caller's contract.
    let mut bytes = unsafe { get::<[u8; 32]>(p) };
    let r = f(&bytes);
    for b in bytes.iter_mut() {
        // SAFETY: a valid, aligned place of the local array.
        unsafe { core::ptr::write_volatile(b, 0) };
    }
    r
}

/// Writes the 32 bytes of a secret key's encoding to `out` and wipes
/// them.
///
/// # Safety
/// `out` is NULL or valid for writes of 32 bytes.
unsafe fn write_key(out: *mut u8, mut bytes: [u8; 32]) -> c_int {
    // SAFETY: the caller's contract.
    let c = unsafe { write(out, 32, &bytes) };
    for b in bytes.iter_mut() {
        // SAFETY: a valid, aligned place of the local array.
        unsafe { core::ptr::write_volatile(b, 0) };
    }
    c
}

/// Writes `enc` to `out[0..out_len]`: `NULL_POINTER` for a NULL `out`,
/// `INVALID_LENGTH` unless `out_len` is the encoding's size.
///
/// # Safety
/// `out` is NULL or valid for writes of `out_len` bytes.
unsafe fn write(out: *mut u8, out_len: usize, enc: &[u8]) -> c_int {
    if out.is_null() {
        return ERR_NULL_POINTER;
    }
    if out_len != enc.len() {
        return err(Error::InvalidLength { expected: enc.len(), got: out_len });
    }
    // SAFETY: the caller's contract; `enc` is our own buffer, so the two do
    // not overlap.
    unsafe { core::ptr::copy_nonoverlapping(enc.as_ptr(), out, out_len) };
    OK
}

/// Checks an output buffer before any work: as [`write`] without writing.
fn out_ok(out: *mut u8, out_len: usize, expected: usize) -> Result<(), c_int> {
    if out.is_null() {
        return Err(ERR_NULL_POINTER);
    }
    if out_len != expected {
        return Err(err(Error::InvalidLength { expected, got: out_len }));
    }
    Ok(())
}

/// The size of an encoding type (48 or 96).
const fn size<T>() -> usize {
    core::mem::size_of::<T>()
}

/// `n` items of `item` bytes at `p`: `INVALID_LENGTH` if `n * item`
/// overflows or exceeds `isize::MAX`, `NULL_POINTER` for NULL with n > 0.
///
/// # Safety
/// `p` is NULL or valid for reads of `n * item` bytes.
unsafe fn items<'a>(p: *const u8, n: usize, item: usize) -> Result<&'a [u8], c_int> {
    let len = n.checked_mul(item).ok_or(ERR_INVALID_LENGTH)?;
    // SAFETY: the caller's contract.
    unsafe { slice(p, len) }
}

/// The `n` messages of `msgs` with lengths `lens[0..n]` (see the module
/// documentation).
///
/// # Safety
/// `lens` is NULL or valid for reads of `n` `size_t`; `msgs` is NULL or
/// valid for reads of their sum.
unsafe fn messages<'a>(msgs: *const u8, lens: *const usize, n: usize) -> Result<Vec<&'a [u8]>, c_int> {
    // SAFETY: the caller's contract (n size_t are n * size_of::<usize>()
    // bytes); this checks the NULL and the total size.
    unsafe { items(lens.cast::<u8>(), n, size::<usize>())? };
    // SAFETY: `lens` holds n readable size_t (checked just above when n > 0).
    let lens: Vec<usize> =
        (0..n).map(|i| unsafe { get::<usize>(lens.cast::<u8>().add(i * size::<usize>())) }).collect();
    let mut total: usize = 0;
    for &l in &lens {
        total = total.checked_add(l).ok_or(ERR_INVALID_LENGTH)?;
    }
    // SAFETY: the caller's contract.
    let all = unsafe { slice(msgs, total)? };
    let mut out = Vec::with_capacity(n);
    let mut rest = all;
    for &l in &lens {
        // In range: the lengths sum to `all.len()`.
        let (Some(m), Some(r)) = (rest.get(..l), rest.get(l..)) else { return Err(ERR_INVALID_LENGTH) };
        out.push(m);
        rest = r;
    }
    Ok(out)
}

/// The public keys of `pks` (`n` compressed encodings), each validated.
///
/// # Safety
/// As [`items`].
unsafe fn public_keys<V: Variant>(pks: *const u8, n: usize) -> Result<Vec<PublicKey<V>>, c_int> {
    let s = size::<Compressed<V::PkCurve>>();
    // SAFETY: the caller's contract.
    let raw = unsafe { items(pks, n, s)? };
    raw.chunks_exact(s).map(|b| PublicKey::from_bytes(b).map_err(err)).collect()
}

/// The signatures of `sigs` (`n` compressed encodings), decoded without
/// the subgroup check (the operations run it).
///
/// # Safety
/// As [`items`].
unsafe fn signatures<V: Variant>(sigs: *const u8, n: usize) -> Result<Vec<Signature<V>>, c_int> {
    let s = size::<Compressed<V::SigCurve>>();
    // SAFETY: the caller's contract.
    let raw = unsafe { items(sigs, n, s)? };
    raw.chunks_exact(s).map(|b| Signature::from_bytes_unchecked(b).map_err(err)).collect()
}

/// The `expected` bytes at `p[0..len]`: `NULL_POINTER` for NULL,
/// `INVALID_LENGTH` unless `len == expected` (checked before any slice is
/// made, so a wrong length, however large, reads nothing).
///
/// # Safety
/// `p` is NULL or valid for reads of `len` bytes.
unsafe fn fixed<'a>(p: *const u8, len: usize, expected: usize) -> Result<&'a [u8], c_int> {
    null_guard!(Err(ERR_NULL_POINTER); p);
    if len != expected {
        return Err(err(Error::InvalidLength { expected, got: len }));
    }
    // SAFETY: the caller's contract; `len == expected`.
    unsafe { slice(p, len) }
}

/// The one signature at `sig[0..sig_len]`, decoded without the subgroup
/// check.
///
/// # Safety
/// As [`fixed`].
unsafe fn signature<V: Variant>(sig: *const u8, sig_len: usize) -> Result<Signature<V>, c_int> {
    // SAFETY: the caller's contract.
    let b = unsafe { fixed(sig, sig_len, size::<Compressed<V::SigCurve>>())? };
    Signature::from_bytes_unchecked(b).map_err(err)
}

/// The one public key at `pk[0..pk_len]`, validated.
///
/// # Safety
/// As [`fixed`].
unsafe fn public_key<V: Variant>(pk: *const u8, pk_len: usize) -> Result<PublicKey<V>, c_int> {
    // SAFETY: the caller's contract.
    let b = unsafe { fixed(pk, pk_len, size::<Compressed<V::PkCurve>>())? };
    PublicKey::from_bytes(b).map_err(err)
}

/// KeyGen(ikm, info): `sk` = the draft's HKDF-derived secret key (32
/// big-endian bytes). `KEY_MATERIAL_TOO_SHORT` for `ikm_len < 32`.
/// Constant time in the key material.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_keygen(
    sk: *mut u8,
    ikm: *const u8,
    ikm_len: usize,
    info: *const u8,
    info_len: usize,
) -> c_int {
    null_guard!(ERR_NULL_POINTER; sk);
    // SAFETY: the caller's contract.
    let (ikm, info) = unsafe { (tri!(slice(ikm, ikm_len)), tri!(slice(info, info_len))) };
    match SecretKey::key_gen(ikm, info) {
        // SAFETY: the caller's contract: `sk` holds 32 bytes.
        Ok(k) => unsafe { write_key(sk, k.to_bytes()) },
        Err(e) => err(e),
    }
}

/// SkToPk: the compressed public key of `sk` (`pk_len` 48 for min-pk, 96
/// for min-sig). Constant time in the key.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_sk_to_pk(pk: *mut u8, pk_len: usize, variant: c_int, sk: *const u8) -> c_int {
    with_variant!(variant, V => {
        tri!(out_ok(pk, pk_len, size::<Compressed<<V as Variant>::PkCurve>>()));
        // SAFETY: the caller's contract.
        let sk = tri!(unsafe { secret_key(sk) });
        // SAFETY: the caller's contract.
        unsafe { write(pk, pk_len, sk.public_key::<V>().to_bytes().as_ref()) }
    })
}

/// Sign: the compressed signature of `msg` under `sk` in the scheme
/// (`sig_len` 96 for min-pk, 48 for min-sig). Constant time in the key and
/// the message (their lengths are public).
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_sign(
    sig: *mut u8,
    sig_len: usize,
    variant: c_int,
    scheme: c_int,
    sk: *const u8,
    msg: *const u8,
    msg_len: usize,
) -> c_int {
    with_scheme!(variant, scheme, V, S => {
        tri!(out_ok(sig, sig_len, size::<Compressed<<V as Variant>::SigCurve>>()));
        // SAFETY: the caller's contract.
        let (sk, msg) = unsafe { (tri!(secret_key(sk)), tri!(slice(msg, msg_len))) };
        // SAFETY: the caller's contract.
        unsafe { write(sig, sig_len, S::sign::<V>(&sk, msg).to_bytes().as_ref()) }
    })
}

/// Verify: `OK` if `sig` is a valid signature of `msg` under `pk` in the
/// scheme, else the reason (module documentation). Variable time.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_verify(
    variant: c_int,
    scheme: c_int,
    pk: *const u8,
    pk_len: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const u8,
    sig_len: usize,
) -> c_int {
    with_scheme!(variant, scheme, V, S => {
        // SAFETY: the caller's contract.
        let (pk, msg, sig) = unsafe {
            (tri!(public_key::<V>(pk, pk_len)), tri!(slice(msg, msg_len)), tri!(signature::<V>(sig, sig_len)))
        };
        verdict(S::verify(&pk, msg, &sig))
    })
}

/// Aggregate: the sum of the `n` signatures of `sigs`, each checked to be
/// in the subgroup, written compressed to `out`; `EMPTY_INPUT` for n = 0.
/// The same for every scheme. Variable time.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_aggregate(
    out: *mut u8,
    out_len: usize,
    variant: c_int,
    sigs: *const u8,
    n: usize,
) -> c_int {
    with_variant!(variant, V => {
        tri!(out_ok(out, out_len, size::<Compressed<<V as Variant>::SigCurve>>()));
        // SAFETY: the caller's contract.
        let sigs = tri!(unsafe { signatures::<V>(sigs, n) });
        match aggregate(&sigs) {
            // SAFETY: the caller's contract.
            Ok(s) => unsafe { write(out, out_len, s.to_bytes().as_ref()) },
            Err(e) => err(e),
        }
    })
}

/// AggregateVerify: `OK` if `sig` aggregates signatures of the `n`
/// messages under the `n` keys of `pks` (pair i: key i, message i) in the
/// scheme; Basic requires distinct messages (`DUPLICATE_MESSAGE`). n = 0:
/// `EMPTY_INPUT`. Variable time.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_aggregate_verify(
    variant: c_int,
    scheme: c_int,
    pks: *const u8,
    msgs: *const u8,
    msg_lens: *const usize,
    n: usize,
    sig: *const u8,
    sig_len: usize,
) -> c_int {
    with_scheme!(variant, scheme, V, S => {
        // SAFETY: the caller's contract.
        let (msgs, sig) = unsafe { (tri!(messages(msgs, msg_lens, n)), tri!(signature::<V>(sig, sig_len))) };
        // SAFETY: the caller's contract.
        let pks = tri!(unsafe { public_keys::<V>(pks, n) });
        verdict(S::aggregate_verify(&pks, &msgs, &sig))
    })
}

/// FastAggregateVerify (Proof of Possession scheme): `OK` if `sig` is a
/// valid signature of `msg` under the sum of the `n` keys of `pks` (keys
/// whose proofs of possession were checked). n = 0: `EMPTY_INPUT`.
/// Variable time.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_fast_aggregate_verify(
    variant: c_int,
    pks: *const u8,
    n: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const u8,
    sig_len: usize,
) -> c_int {
    with_variant!(variant, V => {
        // SAFETY: the caller's contract.
        let (msg, sig) = unsafe { (tri!(slice(msg, msg_len)), tri!(signature::<V>(sig, sig_len))) };
        // SAFETY: the caller's contract.
        let pks = tri!(unsafe { public_keys::<V>(pks, n) });
        verdict(Pop::fast_aggregate_verify(&pks, msg, &sig))
    })
}

/// PopProve: the proof of possession of `sk` (a signature, `proof_len` as
/// for [`bls12_381_sig_sign`]). Constant time in the key.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_pop_prove(
    proof: *mut u8,
    proof_len: usize,
    variant: c_int,
    sk: *const u8,
) -> c_int {
    with_variant!(variant, V => {
        tri!(out_ok(proof, proof_len, size::<Compressed<<V as Variant>::SigCurve>>()));
        // SAFETY: the caller's contract.
        let sk = tri!(unsafe { secret_key(sk) });
        // SAFETY: the caller's contract.
        unsafe { write(proof, proof_len, Pop::pop_prove::<V>(&sk).to_bytes().as_ref()) }
    })
}

/// PopVerify: `OK` if `proof` proves possession of `pk`'s secret key.
/// Variable time.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_pop_verify(
    variant: c_int,
    pk: *const u8,
    pk_len: usize,
    proof: *const u8,
    proof_len: usize,
) -> c_int {
    with_variant!(variant, V => {
        // SAFETY: the caller's contract.
        let (pk, proof) = unsafe { (tri!(public_key::<V>(pk, pk_len)), tri!(signature::<V>(proof, proof_len))) };
        verdict(Pop::pop_verify(&pk, &proof))
    })
}

/// Batch verification: `OK` if each of the n sets (key i of `pks`,
/// message i, signature i of `sigs`) verifies in the scheme, checked
/// together with 128-bit scalars derived by SHA-256 from `seed` and all
/// the inputs (the core's `batch_verify_derived`; pass fresh random bytes
/// as `seed` to add randomness). A failing batch tells no index. n = 0:
/// `EMPTY_INPUT`. Variable time.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_batch_verify(
    variant: c_int,
    scheme: c_int,
    pks: *const u8,
    msgs: *const u8,
    msg_lens: *const usize,
    sigs: *const u8,
    n: usize,
    seed: *const u8,
    seed_len: usize,
) -> c_int {
    with_scheme!(variant, scheme, V, S => {
        // SAFETY: the caller's contract.
        let (msgs, seed) = unsafe { (tri!(messages(msgs, msg_lens, n)), tri!(slice(seed, seed_len))) };
        // SAFETY: the caller's contract.
        let sigs = tri!(unsafe { signatures::<V>(sigs, n) });
        // SAFETY: the caller's contract.
        let pks = tri!(unsafe { public_keys::<V>(pks, n) });
        let sets: Vec<(PublicKey<V>, &[u8], Signature<V>)> =
            pks.into_iter().zip(msgs).zip(sigs).map(|((pk, m), s)| (pk, m, s)).collect();
        verdict(S::batch_verify_derived(&sets, seed))
    })
}

/// KeyValidate: `OK` if `pk[0..pk_len]` is a valid public key of the
/// variant (decodes, in the subgroup, not the identity), else the reason.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_pk_validate(variant: c_int, pk: *const u8, pk_len: usize) -> c_int {
    with_variant!(variant, V => {
        // SAFETY: the caller's contract.
        tri!(unsafe { public_key::<V>(pk, pk_len) });
        OK
    })
}

/// `OK` if `sig[0..sig_len]` decodes to a signature point of the variant
/// in the order-r subgroup (the identity included), else the reason.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_signature_validate(variant: c_int, sig: *const u8, sig_len: usize) -> c_int {
    with_variant!(variant, V => {
        // SAFETY: the caller's contract.
        let s = tri!(unsafe { signature::<V>(sig, sig_len) });
        verdict(s.subgroup_check())
    })
}

/// The secret key whose 32-byte little-endian encoding is `sk_le` (the
/// order of ocaml-bls12-381's secret keys and of the ABI's Fr encodings),
/// written to `sk` in the ABI's order: 32 big-endian bytes, the reversed
/// bytes. `ZERO_SECRET_KEY` for zero, `NOT_CANONICAL` for a value >= r;
/// nothing written on error. `sk` may be `sk_le`. Constant time but for
/// the verdict.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_sk_from_le(sk: *mut u8, sk_le: *const u8) -> c_int {
    null_guard!(ERR_NULL_POINTER; sk, sk_le);
    // SAFETY: the caller's contract: `sk_le` holds 32 bytes.
    match unsafe { with_key_bytes(sk_le, SecretKey::from_bytes_le) } {
        // SAFETY: the caller's contract: `sk` holds 32 bytes; the input
        // was read before (they may alias).
        Ok(k) => unsafe { write_key(sk, k.to_bytes()) },
        Err(e) => err(e),
    }
}

/// The 32-byte little-endian encoding of the secret key `sk` (32
/// big-endian bytes, the ABI's order), written to `sk_le`: the reversed
/// bytes, after the checks of a secret key (`ZERO_SECRET_KEY`,
/// `NOT_CANONICAL`; nothing written on error). `sk_le` may be `sk`.
/// Constant time but for the verdict.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_sig_sk_to_le(sk_le: *mut u8, sk: *const u8) -> c_int {
    null_guard!(ERR_NULL_POINTER; sk_le, sk);
    // SAFETY: the caller's contract: `sk` holds 32 bytes.
    match unsafe { with_key_bytes(sk, SecretKey::from_bytes) } {
        // SAFETY: the caller's contract: `sk_le` holds 32 bytes; the input
        // was read before (they may alias).
        Ok(k) => unsafe { write_key(sk_le, k.to_bytes_le()) },
        Err(e) => err(e),
    }
}
