//! The C functions of multi-scalar multiplication
//! (`bls12_381_g1_msm_vartime`, `bls12_381_g1_msm_compressed_vartime`,
//! `bls12_381_g1_batch_normalize` and their G2 counterparts), and their
//! deprecated byte-length forms (`bls12_381_g1_msm`, `_msm_compressed`,
//! `_batch_to_affine`).
//!
//! Arrays are contiguous and given with their item count `n`, one count for
//! the points and their scalars (the header's convention, checked by
//! [`array_lengths`]): points in the affine in-memory form (`*_AFFINE_SIZE`
//! bytes each) or as concatenated compressed encodings, scalars as 32-byte
//! little-endian integers of any value (reduced mod r, never rejected). A
//! NULL `out`, or a NULL array with `n > 0`, is `NULL_POINTER`; `n` items
//! above `isize::MAX` bytes is `INVALID_LENGTH`. The deprecated forms take
//! byte lengths: a length that is not a whole number of items is
//! `INVALID_LENGTH`, whole arrays of different numbers of items are
//! `LENGTH_MISMATCH`. The sums are variable time: public data only.

use crate::curve::{G1_AFFINE_SIZE, G1_COMPRESSED_BYTES, G1_SIZE};
use crate::curve::{G2_AFFINE_SIZE, G2_COMPRESSED_BYTES, G2_SIZE};
use crate::{array_lengths, code, get, put, put_result, slice, ERR_INVALID_LENGTH, ERR_NULL_POINTER, FR_BYTES, OK};
use bls12_381_core::curve::{Affine, Curve, Jacobian, G1, G2};
use bls12_381_core::msm::{self, MsmCurve};
use bls12_381_core::{Error, Fr};
use core::ffi::c_int;
use core::mem::{align_of, size_of};

/// The number of `size`-byte items in `p[0..len]`: `NULL_POINTER` if `p`
/// is NULL with `len > 0`; `INVALID_LENGTH` if `len` is no possible buffer
/// length (above `isize::MAX`) or not a whole number of items. Nothing is
/// read or allocated here.
pub(crate) fn items(p: *const u8, len: usize, size: usize) -> Result<usize, c_int> {
    if len != 0 && p.is_null() {
        return Err(ERR_NULL_POINTER);
    }
    if len > isize::MAX as usize {
        return Err(ERR_INVALID_LENGTH);
    }
    if !len.is_multiple_of(size) {
        return Err(code(Error::InvalidLength { expected: len - len % size, got: len }));
    }
    Ok(len / size)
}

/// The number of (point, scalar) pairs: `points[0..points_len]` as items of
/// `size` bytes and `s[0..s_len]` as 32-byte scalars, both whole
/// (`INVALID_LENGTH` otherwise) and as many (`LENGTH_MISMATCH` otherwise).
fn pairs(points: *const u8, points_len: usize, size: usize, s: *const u8, s_len: usize) -> Result<usize, c_int> {
    let n = items(points, points_len, size)?;
    let m = items(s, s_len, FR_BYTES)?;
    if n != m {
        return Err(code(Error::LengthMismatch { points: n, scalars: m }));
    }
    Ok(m)
}

/// The scalars of `s[0..32 n]`, each reduced mod r.
///
/// # Safety
/// `s` is valid for reads of `32 n` bytes, or `n == 0`.
pub(crate) unsafe fn scalars(s: *const u8, n: usize) -> Result<Vec<Fr>, c_int> {
    // `n` came from `items(s, 32 n, 32)`, so `32 n` does not overflow; the
    // checked product keeps that a local fact.
    let len = n.checked_mul(FR_BYTES).ok_or(ERR_INVALID_LENGTH)?;
    // SAFETY: the caller's contract.
    let bytes = unsafe { slice(s, len)? };
    Ok(bytes.chunks_exact(FR_BYTES).map(Fr::from_le_bytes_reduced).collect())
}

/// Runs `f` on the `n` affine points at `p`: in place when `p` is aligned
/// for them, else on an aligned copy.
///
/// # Safety
/// `p` is valid for reads of `n` affine in-memory forms, or `n == 0`.
unsafe fn with_affine<C: Curve, T>(p: *const u8, n: usize, f: impl FnOnce(&[Affine<C>]) -> T) -> T {
    let size = size_of::<Affine<C>>();
    if n == 0 {
        return f(&[]);
    }
    if (p as usize).is_multiple_of(align_of::<Affine<C>>()) {
        // SAFETY: n readable points (caller's contract), aligned (checked);
        // every bit pattern of the limbs is a value of the type.
        f(unsafe { core::slice::from_raw_parts(p.cast::<Affine<C>>(), n) })
    } else {
        // SAFETY: point i is bytes [i size, (i + 1) size) (caller's contract).
        let v: Vec<Affine<C>> = (0..n).map(|i| unsafe { get(p.add(i * size)) }).collect();
        f(&v)
    }
}

/// `sum_i scalars[i] points[i]` over byte arrays (see the module
/// documentation).
///
/// # Safety
/// Crate contract for `out` (a Jacobian point) and both arrays.
unsafe fn msm_affine<C: MsmCurve>(
    out: *mut u8,
    points: *const u8,
    points_len: usize,
    s: *const u8,
    s_len: usize,
    threads: usize,
) -> c_int {
    if out.is_null() {
        return ERR_NULL_POINTER;
    }
    let n = match pairs(points, points_len, size_of::<Affine<C>>(), s, s_len) {
        Ok(n) => n,
        Err(c) => return c,
    };
    // SAFETY: n whole scalars, n whole points (checked above, crate contract).
    unsafe {
        let ks = match scalars(s, n) {
            Ok(ks) => ks,
            Err(c) => return c,
        };
        let r = with_affine::<C, _>(points, n, |pts| msm::msm_vartime_with_threads(pts, &ks, threads));
        put_result(out, r)
    }
}

/// [`msm_affine`] over concatenated compressed encodings of `comp` bytes.
///
/// # Safety
/// Crate contract for `out` (a Jacobian point) and both arrays.
#[allow(clippy::too_many_arguments)]
unsafe fn msm_compressed<C: MsmCurve>(
    comp: usize,
    out: *mut u8,
    encs: *const u8,
    encs_len: usize,
    s: *const u8,
    s_len: usize,
    subgroup_check: c_int,
    threads: usize,
) -> c_int {
    if out.is_null() {
        return ERR_NULL_POINTER;
    }
    let n = match pairs(encs, encs_len, comp, s, s_len) {
        Ok(n) => n,
        Err(c) => return c,
    };
    // SAFETY: n whole encodings, n whole scalars (checked above, crate contract).
    unsafe {
        let (ks, encs) = match (scalars(s, n), slice(encs, encs_len)) {
            (Ok(ks), Ok(encs)) => (ks, encs),
            (Err(c), _) | (_, Err(c)) => return c,
        };
        let r = msm::msm_compressed_vartime::<C>(encs, &ks, subgroup_check != 0, threads);
        put_result(out, r)
    }
}

/// The affine forms of the Jacobian points of `inp[0..len]`, one inversion
/// in all.
///
/// # Safety
/// Crate contract; `out` is valid for writes of `len / size` affine forms.
unsafe fn batch_to_affine<C: Curve>(out: *mut u8, inp: *const u8, len: usize) -> c_int {
    let size = size_of::<Jacobian<C>>();
    let n = match items(inp, len, size) {
        Ok(n) => n,
        Err(c) => return c,
    };
    // `out` must hold n affine forms: none needed for n = 0.
    if n != 0 && out.is_null() {
        return ERR_NULL_POINTER;
    }
    // SAFETY: n whole points (checked above); point i is bytes [i size, (i + 1) size).
    let pts: Vec<Jacobian<C>> = (0..n).map(|i| unsafe { get(inp.add(i * size)) }).collect();
    let aff = Jacobian::batch_normalize(&pts);
    let asize = size_of::<Affine<C>>();
    for (i, a) in aff.into_iter().enumerate() {
        // SAFETY: `out` holds n affine forms (crate contract); every input
        // was read above, so `out` may alias `inp`.
        unsafe { put(out.add(i * asize), a) };
    }
    OK
}

/// Defines the C functions of one group. Each `$name` is the full exported
/// symbol, so that the symbols can be grepped for; the deprecated ones
/// (byte lengths) carry their note, which names their replacement.
macro_rules! msm_abi {
    (
        $c:ty, $size:expr, $aff:expr, $comp:expr,
        msm_vartime: $msm_v:ident, msm_compressed_vartime: $msm_cv:ident,
        batch_normalize: $btn:ident,
        deprecated msm: $msm:ident = $msm_note:literal,
        deprecated msm_compressed: $msm_c:ident = $msm_c_note:literal,
        deprecated batch_to_affine: $bta:ident = $bta_note:literal $(,)?
    ) => {
        const _: () = assert!(size_of::<Jacobian<$c>>() == $size);
        const _: () = assert!(size_of::<Affine<$c>>() == $aff);

        /// `out = sum_{i < n} s_i P_i`: `points` holds the `n` affine forms
        /// of the `P_i` (`AFFINE_SIZE` bytes each), `scalars` the `n` `s_i`
        /// as 32-byte little-endian integers (any value, reduced mod r).
        /// `threads`: 0 = rayon's pool, 1 = the calling thread, k = min(k,
        /// CPUs) threads on a pool the core keeps for that count. `n = 0`:
        /// the identity (the arrays may be NULL). `NULL_POINTER` if `out` is
        /// NULL or an array is NULL with `n > 0`; `INVALID_LENGTH` if `n`
        /// points span more than `isize::MAX` bytes (`out` untouched).
        /// Variable time: public data only.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $msm_v(
            out: *mut u8,
            points: *const u8,
            scalars: *const u8,
            n: usize,
            threads: usize,
        ) -> c_int {
            if out.is_null() {
                return ERR_NULL_POINTER;
            }
            let [pl, sl] = match array_lengths([(points, $aff), (scalars, FR_BYTES)], n) {
                Ok(l) => l,
                Err(c) => return c,
            };
            // SAFETY: crate contract; n whole items in each array.
            unsafe { msm_affine::<$c>(out, points, pl, scalars, sl, threads) }
        }

        /// As the function above over `n` compressed encodings
        /// (`COMPRESSED` bytes each) end to end at `encs`, decoded with the
        /// subgroup check unless `subgroup_check` is 0; the first invalid
        /// encoding's decoding error fails the call (`out` untouched).
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $msm_cv(
            out: *mut u8,
            encs: *const u8,
            scalars: *const u8,
            n: usize,
            subgroup_check: c_int,
            threads: usize,
        ) -> c_int {
            if out.is_null() {
                return ERR_NULL_POINTER;
            }
            let [el, sl] = match array_lengths([(encs, $comp), (scalars, FR_BYTES)], n) {
                Ok(l) => l,
                Err(c) => return c,
            };
            // SAFETY: crate contract; n whole items in each array.
            unsafe { msm_compressed::<$c>($comp, out, encs, el, scalars, sl, subgroup_check, threads) }
        }

        /// The affine forms of the `n` Jacobian points at `inp`, written end
        /// to end to `out` (`n` affine forms), with one inversion in all;
        /// constant time in the points. `NULL_POINTER` if `inp` or `out` is
        /// NULL with `n > 0`; `INVALID_LENGTH` if `n` points span more than
        /// `isize::MAX` bytes. `out` may be `inp`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $btn(out: *mut u8, inp: *const u8, n: usize) -> c_int {
            let [len, _] = match array_lengths([(inp, $size), (out.cast_const(), $aff)], n) {
                Ok(l) => l,
                Err(c) => return c,
            };
            // SAFETY: crate contract; n whole points.
            unsafe { batch_to_affine::<$c>(out, inp, len) }
        }

        /// The byte-length form of the item-count MSM above (see the note):
        /// `points[0..points_len]`, `scalars[0..scalars_len]`;
        /// `INVALID_LENGTH` if an array is not whole, `LENGTH_MISMATCH` if
        /// their counts differ (`out` untouched).
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        #[deprecated(note = $msm_note)]
        pub unsafe extern "C" fn $msm(
            out: *mut u8,
            points: *const u8,
            points_len: usize,
            scalars: *const u8,
            scalars_len: usize,
            threads: usize,
        ) -> c_int {
            // SAFETY: crate contract.
            unsafe { msm_affine::<$c>(out, points, points_len, scalars, scalars_len, threads) }
        }

        /// The byte-length form of the compressed MSM above (see the note).
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        #[deprecated(note = $msm_c_note)]
        pub unsafe extern "C" fn $msm_c(
            out: *mut u8,
            encs: *const u8,
            encs_len: usize,
            scalars: *const u8,
            scalars_len: usize,
            subgroup_check: c_int,
            threads: usize,
        ) -> c_int {
            // SAFETY: crate contract.
            unsafe { msm_compressed::<$c>($comp, out, encs, encs_len, scalars, scalars_len, subgroup_check, threads) }
        }

        /// The byte-length form of the batch conversion above (see the
        /// note): the Jacobian points of `inp[0..len]`; `INVALID_LENGTH` if
        /// `len` is not a whole number of points; `NULL_POINTER` if `inp` is
        /// NULL with a nonzero length or `out` is NULL with points to write.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        #[deprecated(note = $bta_note)]
        pub unsafe extern "C" fn $bta(out: *mut u8, inp: *const u8, len: usize) -> c_int {
            // SAFETY: crate contract.
            unsafe { batch_to_affine::<$c>(out, inp, len) }
        }
    };
}

msm_abi!(
    G1, G1_SIZE, G1_AFFINE_SIZE, G1_COMPRESSED_BYTES,
    msm_vartime: bls12_381_g1_msm_vartime,
    msm_compressed_vartime: bls12_381_g1_msm_compressed_vartime,
    batch_normalize: bls12_381_g1_batch_normalize,
    deprecated msm: bls12_381_g1_msm = "byte lengths: use bls12_381_g1_msm_vartime, which takes the item count; removed in the next release",
    deprecated msm_compressed: bls12_381_g1_msm_compressed = "byte lengths: use bls12_381_g1_msm_compressed_vartime, which takes the item count; removed in the next release",
    deprecated batch_to_affine: bls12_381_g1_batch_to_affine = "byte length: use bls12_381_g1_batch_normalize, which takes the item count; removed in the next release",
);

msm_abi!(
    G2, G2_SIZE, G2_AFFINE_SIZE, G2_COMPRESSED_BYTES,
    msm_vartime: bls12_381_g2_msm_vartime,
    msm_compressed_vartime: bls12_381_g2_msm_compressed_vartime,
    batch_normalize: bls12_381_g2_batch_normalize,
    deprecated msm: bls12_381_g2_msm = "byte lengths: use bls12_381_g2_msm_vartime, which takes the item count; removed in the next release",
    deprecated msm_compressed: bls12_381_g2_msm_compressed = "byte lengths: use bls12_381_g2_msm_compressed_vartime, which takes the item count; removed in the next release",
    deprecated batch_to_affine: bls12_381_g2_batch_to_affine = "byte length: use bls12_381_g2_batch_normalize, which takes the item count; removed in the next release",
);
