//! The C functions over arrays of Fr elements and of points: sums and
//! products (`bls12_381_fr_batch_sum`, `_batch_product`,
//! `_batch_inner_product`, `bls12_381_g1_batch_sum_vartime`,
//! `bls12_381_g1_affine_batch_sum_vartime` and their G2 counterparts),
//! batch inversion (`bls12_381_fr_batch_invert`) and the variable-time
//! square root (`bls12_381_fr_sqrt_vartime`); and the deprecated forms that
//! take byte lengths (`bls12_381_fr_sum`, `_product`, `_inner_product`,
//! `_batch_inverse`, `bls12_381_g?_sum`, `_affine_sum`) or a domain as an
//! array (`bls12_381_fr_fft`, `bls12_381_g1_fft`, `bls12_381_g2_fft`:
//! replaced by the domain handle of fft_domain.rs).
//!
//! Arrays are contiguous in-memory forms (32 bytes an Fr element,
//! `*_SIZE` bytes a Jacobian point) given with their item count, checked by
//! [`array_lengths`] (NULL with `n > 0` is `NULL_POINTER`, `n` items above
//! `isize::MAX` bytes `INVALID_LENGTH`); the deprecated forms take byte
//! lengths, as in msm.rs (a length that is not a whole number of items is
//! `INVALID_LENGTH`). The arrays are copied into aligned vectors before use
//! (the caller's buffers need no alignment), so the working memory is the
//! size of the caller's own arrays.

use crate::curve::{G1_AFFINE_SIZE, G2_AFFINE_SIZE};
use crate::curve::{G1_SIZE, G2_SIZE};
use crate::msm::items;
use crate::{array_lengths, code, get, null_guard, put, put_result, ERR_NULL_POINTER, FR_SIZE, OK};
use bls12_381_core::curve::{Affine, Jacobian, G1, G2};
use bls12_381_core::fft::Domain;
use bls12_381_core::{msm, Error, Fr};
use core::ffi::c_int;
use core::mem::size_of;
use subtle::ConstantTimeEq;

/// The `len / size_of::<T>()` values of `p[0..len]`, copied out (see the
/// module documentation for the errors).
///
/// # Safety
/// `p` is valid for reads of `len` bytes, or NULL, or `len` is rejected.
unsafe fn read_all<T: Copy>(p: *const u8, len: usize) -> Result<Vec<T>, c_int> {
    let size = size_of::<T>();
    let n = items(p, len, size)?;
    // SAFETY: n whole items at p (checked above, caller's contract).
    Ok((0..n).map(|i| unsafe { get::<T>(p.add(i * size)) }).collect())
}

/// Writes `values` back to `p`, end to end.
///
/// # Safety
/// `p` is valid for writes of `values.len() * size_of::<T>()` bytes.
unsafe fn write_all<T: Copy>(p: *mut u8, values: &[T]) {
    for (i, v) in values.iter().enumerate() {
        // SAFETY: the caller's contract.
        unsafe { put(p.add(i * size_of::<T>()), *v) };
    }
}

/// `out = f(values of xs[0..len])`: the body of the folding exports.
///
/// # Safety
/// As [`read_all`] for `xs`; `out` valid for a `U`, or NULL.
unsafe fn fold<T: Copy, U: Copy>(out: *mut u8, xs: *const u8, len: usize, f: impl FnOnce(&[T]) -> U) -> c_int {
    null_guard!(ERR_NULL_POINTER; out);
    // SAFETY: the caller's contract.
    match unsafe { read_all::<T>(xs, len) } {
        Ok(v) => {
            // SAFETY: the caller's contract.
            unsafe { put(out, f(&v)) };
            OK
        }
        Err(c) => c,
    }
}

/// [`fold`] over the `n` items at `xs` (the header's item-count
/// convention, [`array_lengths`]).
///
/// # Safety
/// `xs` is valid for reads of `n` items of `T`, or NULL, or `n` is
/// rejected; `out` valid for a `U`, or NULL.
unsafe fn fold_n<T: Copy, U: Copy>(out: *mut u8, xs: *const u8, n: usize, f: impl FnOnce(&[T]) -> U) -> c_int {
    null_guard!(ERR_NULL_POINTER; out);
    match array_lengths([(xs, size_of::<T>())], n) {
        // SAFETY: the caller's contract; n whole items.
        Ok([len]) => unsafe { fold(out, xs, len, f) },
        Err(c) => c,
    }
}

/// `out = sum of the n Fr elements at xs` (0 for none). Constant time in
/// the values.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_fr_batch_sum(out: *mut u8, xs: *const u8, n: usize) -> c_int {
    // SAFETY: crate contract.
    unsafe { fold_n(out, xs, n, Fr::sum) }
}

/// `out = product of the n Fr elements at xs` (1 for none). Constant time
/// in the values.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_fr_batch_product(out: *mut u8, xs: *const u8, n: usize) -> c_int {
    // SAFETY: crate contract.
    unsafe { fold_n(out, xs, n, Fr::product) }
}

/// `out = sum_{i < n} a[i] b[i]` over two arrays of n Fr elements (0 for
/// none). Constant time in the values.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_fr_batch_inner_product(out: *mut u8, a: *const u8, b: *const u8, n: usize) -> c_int {
    null_guard!(ERR_NULL_POINTER; out);
    match array_lengths([(a, FR_SIZE), (b, FR_SIZE)], n) {
        // SAFETY: crate contract; n whole elements in each array.
        Ok([len, _]) => unsafe { inner_product(out, a, len, b, len) },
        Err(c) => c,
    }
}

/// Replaces every nonzero one of the n Fr elements at xs by its inverse, in
/// place; zeros stay zero. One inversion for all; constant time in the
/// values.
///
/// # Safety
/// See the crate documentation (`xs` valid for reads and writes of n
/// elements).
#[no_mangle]
pub unsafe extern "C" fn bls12_381_fr_batch_invert(xs: *mut u8, n: usize) -> c_int {
    match array_lengths([(xs.cast_const(), FR_SIZE)], n) {
        // SAFETY: crate contract; n whole elements.
        Ok([len]) => unsafe { batch_inverse(xs, len) },
        Err(c) => c,
    }
}

/// `out = sum_i a[i] b[i]` over byte arrays: `LENGTH_MISMATCH` when
/// they hold different numbers of elements.
///
/// # Safety
/// Crate contract for `out` (an Fr element) and both arrays.
unsafe fn inner_product(out: *mut u8, a: *const u8, a_len: usize, b: *const u8, b_len: usize) -> c_int {
    null_guard!(ERR_NULL_POINTER; out);
    // SAFETY: the caller's contract.
    let (a, b) = match unsafe { (read_all::<Fr>(a, a_len), read_all::<Fr>(b, b_len)) } {
        (Ok(a), Ok(b)) => (a, b),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    // SAFETY: the caller's contract.
    unsafe { put_result(out, Fr::inner_product(&a, &b)) }
}

/// The batch inversion of the Fr elements of `xs[0..len]`, in place.
///
/// # Safety
/// `xs` is valid for reads and writes of `len` bytes, or NULL, or `len` is
/// rejected.
unsafe fn batch_inverse(xs: *mut u8, len: usize) -> c_int {
    // SAFETY: the caller's contract.
    let mut v = match unsafe { read_all::<Fr>(xs, len) } {
        Ok(v) => v,
        Err(c) => return c,
    };
    Fr::batch_invert(&mut v);
    // SAFETY: the caller's contract; v has the caller's length.
    unsafe { write_all(xs, &v) };
    OK
}

/// `out = sum of the Fr elements xs[0..len]` (0 for none): the byte-length
/// form of [`bls12_381_fr_batch_sum`].
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
#[deprecated(note = "byte length: use bls12_381_fr_batch_sum, which takes the item count; removed in the next release")]
pub unsafe extern "C" fn bls12_381_fr_sum(out: *mut u8, xs: *const u8, len: usize) -> c_int {
    // SAFETY: crate contract.
    unsafe { fold(out, xs, len, Fr::sum) }
}

/// `out = product of the Fr elements xs[0..len]` (1 for none): the
/// byte-length form of [`bls12_381_fr_batch_product`].
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
#[deprecated(
    note = "byte length: use bls12_381_fr_batch_product, which takes the item count; removed in the next release"
)]
pub unsafe extern "C" fn bls12_381_fr_product(out: *mut u8, xs: *const u8, len: usize) -> c_int {
    // SAFETY: crate contract.
    unsafe { fold(out, xs, len, Fr::product) }
}

/// `out = sum_i a[i] b[i]`; `LENGTH_MISMATCH` when the arrays hold
/// different numbers of elements: the byte-length form of
/// [`bls12_381_fr_batch_inner_product`].
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
#[deprecated(
    note = "byte lengths: use bls12_381_fr_batch_inner_product, which takes the item count; removed in the next release"
)]
pub unsafe extern "C" fn bls12_381_fr_inner_product(
    out: *mut u8,
    a: *const u8,
    a_len: usize,
    b: *const u8,
    b_len: usize,
) -> c_int {
    // SAFETY: crate contract.
    unsafe { inner_product(out, a, a_len, b, b_len) }
}

/// Replaces every nonzero Fr element of `xs[0..len]` by its inverse, in
/// place; zeros stay zero: the byte-length form of
/// [`bls12_381_fr_batch_invert`].
///
/// # Safety
/// See the crate documentation (`xs` valid for reads and writes of `len`
/// bytes).
#[no_mangle]
#[deprecated(
    note = "byte length: use bls12_381_fr_batch_invert, which takes the item count; removed in the next release"
)]
pub unsafe extern "C" fn bls12_381_fr_batch_inverse(xs: *mut u8, len: usize) -> c_int {
    // SAFETY: crate contract.
    unsafe { batch_inverse(xs, len) }
}

/// `out = sqrt(a)`, the same root as `bls12_381_fr_sqrt`, by the
/// variable-time table method: for public inputs. `NOT_SQUARE` if `a` has
/// none (`out` untouched).
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_fr_sqrt_vartime(out: *mut u8, a: *const u8) -> c_int {
    null_guard!(ERR_NULL_POINTER; out, a);
    // SAFETY: crate contract.
    let a = unsafe { get::<Fr>(a) };
    // SAFETY: crate contract.
    unsafe { put_result(out, a.sqrt_vartime().ok_or(Error::NotSquare)) }
}

/// The domain whose n elements are `d[0..32 n]`: they must be 1, w, w^2,
/// ..., w^(n-1) for a w of order exactly n (`NOT_PRIMITIVE_ROOT`
/// otherwise); n was checked by [`transform`]. With `inverse`, the domain
/// of w^-1, whose inverse transform is the forward transform over `d`
/// scaled by 1 / n.
///
/// # Safety
/// `d` is valid for reads of `32 n` bytes.
unsafe fn domain(d: *const u8, n: usize, inverse: bool) -> Result<Domain, c_int> {
    // SAFETY: the caller's contract; 32 n <= the caller's length.
    let d = unsafe { read_all::<Fr>(d, n * FR_SIZE)? };
    let w = if n > 1 { d[1] } else { Fr::ONE };
    let mut acc = Fr::ONE;
    let mut powers = true;
    for x in &d {
        powers &= bool::from(acc.ct_eq(x));
        acc = acc.mul(&w);
    }
    if !powers {
        return Err(code(Error::NotPrimitiveRoot));
    }
    // w is nonzero when it is a root of unity; a zero w fails the order
    // check of with_generator either way.
    let g = if inverse { w.invert_vartime().unwrap_or(Fr::ZERO) } else { w };
    Domain::with_generator(n, g).map_err(code)
}

/// The transform of `values[0..values_len]` (in place) over the domain
/// `d[0..d_len]` (see [`domain`]): `values[i] <- s sum_j values[j] d[i j mod n]`
/// with s = 1, or s = 1 / n when `inverse` is nonzero. The sizes are
/// checked before anything is read: the domain's (`INVALID_DOMAIN_SIZE`
/// unless n is a power of two up to 2^32), then the values'
/// (`DOMAIN_LENGTH_MISMATCH` unless there are n).
///
/// # Safety
/// As [`read_all`] for `d`; `values` valid for reads and writes of
/// `values_len` bytes.
unsafe fn transform<T: Copy>(
    values: *mut u8,
    values_len: usize,
    d: *const u8,
    d_len: usize,
    inverse: c_int,
    apply: impl FnOnce(&Domain, &mut [T], bool) -> Result<(), Error>,
) -> c_int {
    let n = match items(d, d_len, FR_SIZE) {
        Ok(n) => n,
        Err(c) => return c,
    };
    if !n.is_power_of_two() || n as u64 > 1 << 32 {
        return code(Error::InvalidDomainSize { size: n as u64 });
    }
    match items(values, values_len, size_of::<T>()) {
        Ok(m) if m == n => {}
        Ok(m) => return code(Error::DomainLengthMismatch { domain: n as u64, values: m as u64 }),
        Err(c) => return c,
    }
    // SAFETY: crate contract; d holds n elements (checked above).
    let dom = match unsafe { domain(d, n, inverse != 0) } {
        Ok(dom) => dom,
        Err(c) => return c,
    };
    // SAFETY: crate contract.
    let mut v = match unsafe { read_all::<T>(values, values_len) } {
        Ok(v) => v,
        Err(c) => return c,
    };
    match apply(&dom, &mut v, inverse != 0) {
        Ok(()) => {
            // SAFETY: crate contract; v has the caller's length.
            unsafe { write_all(values, &v) };
            OK
        }
        Err(e) => code(e),
    }
}

/// Defines one transform export over values of type `$t` (the doc comment
/// given first), calling the domain's `$fwd` or `$inv` (`_with_threads`).
macro_rules! fft_abi {
    ($(#[$doc:meta])* $fft:ident, $t:ty, $fwd_auto:ident, $fwd:ident, $inv_auto:ident, $inv:ident) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $fft(
            values: *mut u8,
            values_len: usize,
            d: *const u8,
            d_len: usize,
            inverse: c_int,
            threads: usize,
        ) -> c_int {
            // SAFETY: crate contract.
            unsafe {
                // threads = 0: the core's choice (its pool above the size
                // where the threads pay, the calling thread below).
                transform::<$t>(values, values_len, d, d_len, inverse, |dom, v, inv| match (inv, threads) {
                    (true, 0) => dom.$inv_auto(v),
                    (true, _) => dom.$inv(v, threads),
                    (false, 0) => dom.$fwd_auto(v),
                    (false, _) => dom.$fwd(v, threads),
                })
            }
        }
    };
}

fft_abi!(
    /// The transform of n Fr elements over the domain `d` (n elements
    /// 1, w, ..., w^(n-1)), in place: `values[i] <- sum_j values[j] w^(i j)`,
    /// scaled by 1 / n when `inverse` is nonzero (so the inverse transform of
    /// the domain of w is this one over the domain of w^-1). `threads`: 0
    /// lets the core choose (its pool from 2^12 values, 16 points), 1 the
    /// calling thread, t > 1 at most t parts on the pool. Errors: `INVALID_DOMAIN_SIZE`, `NOT_PRIMITIVE_ROOT`,
    /// `DOMAIN_LENGTH_MISMATCH`, `INVALID_LENGTH`, `NULL_POINTER` (values
    /// untouched).
    #[deprecated(
        note = "a domain array rebuilt per call: use bls12_381_fft_domain_fr_fft / _fr_ifft over a domain handle; removed in the next release"
    )]
    bls12_381_fr_fft, Fr, fft, fft_with_threads, ifft, ifft_with_threads
);

/// Defines the point sums and the deprecated transforms and sums of one
/// group; the deprecated ones carry their note, which names their
/// replacement.
macro_rules! group_bulk {
    (
        $c:ty, $size:expr, $aff:expr,
        batch_sum_vartime: $bsum:ident, affine_batch_sum_vartime: $basum:ident,
        deprecated fft: $fft:ident = $fft_note:literal,
        deprecated sum: $sum:ident = $sum_note:literal,
        deprecated affine_sum: $asum:ident = $asum_note:literal,
        $fwd_auto:ident, $fwd:ident, $inv_auto:ident, $inv:ident $(,)?
    ) => {
        const _: () = assert!(size_of::<Jacobian<$c>>() == $size);
        const _: () = assert!(size_of::<Affine<$c>>() == $aff);

        /// `out = sum of the n Jacobian points at inp` (the identity for
        /// none), with batched affine additions: variable time, for public
        /// data.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $bsum(out: *mut u8, inp: *const u8, n: usize) -> c_int {
            // SAFETY: crate contract.
            unsafe { fold_n(out, inp, n, msm::sum_vartime::<$c>) }
        }

        /// `out = sum of the n affine points at inp` (Jacobian; the
        /// identity for none), with batched affine additions: variable
        /// time, for public data.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $basum(out: *mut u8, inp: *const u8, n: usize) -> c_int {
            // SAFETY: crate contract.
            unsafe { fold_n(out, inp, n, msm::sum_affine_vartime::<$c>) }
        }

        fft_abi!(
            /// [`bls12_381_fr_fft`] with Jacobian points as the values
            /// (`values[i] <- sum_j w^(i j) values[j]`): variable time, for
            /// public data.
            #[deprecated(note = $fft_note)]
            $fft, Jacobian<$c>, $fwd_auto, $fwd, $inv_auto, $inv
        );

        /// `out = sum of the Jacobian points in[0..len]`: the byte-length
        /// form of the item-count sum above (see the note).
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        #[deprecated(note = $sum_note)]
        pub unsafe extern "C" fn $sum(out: *mut u8, inp: *const u8, len: usize) -> c_int {
            // SAFETY: crate contract.
            unsafe { fold(out, inp, len, msm::sum_vartime::<$c>) }
        }

        /// `out = sum of the affine points in[0..len]`: the byte-length
        /// form of the item-count sum above (see the note).
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        #[deprecated(note = $asum_note)]
        pub unsafe extern "C" fn $asum(out: *mut u8, inp: *const u8, len: usize) -> c_int {
            // SAFETY: crate contract.
            unsafe { fold(out, inp, len, msm::sum_affine_vartime::<$c>) }
        }
    };
}

group_bulk!(
    G1, G1_SIZE, G1_AFFINE_SIZE,
    batch_sum_vartime: bls12_381_g1_batch_sum_vartime,
    affine_batch_sum_vartime: bls12_381_g1_affine_batch_sum_vartime,
    deprecated fft: bls12_381_g1_fft = "a domain array rebuilt per call: use bls12_381_fft_domain_g1_fft_vartime / _g1_ifft_vartime over a domain handle; removed in the next release",
    deprecated sum: bls12_381_g1_sum = "byte length: use bls12_381_g1_batch_sum_vartime, which takes the item count; removed in the next release",
    deprecated affine_sum: bls12_381_g1_affine_sum = "byte length: use bls12_381_g1_affine_batch_sum_vartime, which takes the item count; removed in the next release",
    fft_g1_vartime,
    fft_g1_vartime_with_threads,
    ifft_g1_vartime,
    ifft_g1_vartime_with_threads
);
group_bulk!(
    G2, G2_SIZE, G2_AFFINE_SIZE,
    batch_sum_vartime: bls12_381_g2_batch_sum_vartime,
    affine_batch_sum_vartime: bls12_381_g2_affine_batch_sum_vartime,
    deprecated fft: bls12_381_g2_fft = "a domain array rebuilt per call: use bls12_381_fft_domain_g2_fft_vartime / _g2_ifft_vartime over a domain handle; removed in the next release",
    deprecated sum: bls12_381_g2_sum = "byte length: use bls12_381_g2_batch_sum_vartime, which takes the item count; removed in the next release",
    deprecated affine_sum: bls12_381_g2_affine_sum = "byte length: use bls12_381_g2_affine_batch_sum_vartime, which takes the item count; removed in the next release",
    fft_g2_vartime,
    fft_g2_vartime_with_threads,
    ifft_g2_vartime,
    ifft_g2_vartime_with_threads
);

const _: () = assert!(size_of::<Fr>() == FR_SIZE);
const _: () = assert!(size_of::<Jacobian<G1>>() == G1_SIZE && size_of::<Jacobian<G2>>() == G2_SIZE);
