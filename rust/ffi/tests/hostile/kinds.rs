//! The table of every export with its kind (its C signature), which the
//! parent checks against the header and the sources.

use super::*;

pub(crate) type Writer = unsafe extern "C" fn(*mut u8);
pub(crate) type Pred1 = unsafe extern "C" fn(*const u8) -> c_int;
pub(crate) type Pred2 = unsafe extern "C" fn(*const u8, *const u8) -> c_int;
pub(crate) type Unary = unsafe extern "C" fn(*mut u8, *const u8);
pub(crate) type UnaryI = unsafe extern "C" fn(*mut u8, *const u8) -> c_int;
pub(crate) type Binary = unsafe extern "C" fn(*mut u8, *const u8, *const u8);
pub(crate) type BinaryI = unsafe extern "C" fn(*mut u8, *const u8, *const u8) -> c_int;
pub(crate) type Decode = unsafe extern "C" fn(*mut u8, *const u8, usize) -> c_int;
pub(crate) type Scal = unsafe extern "C" fn(*mut u8, *const u8, *const u8, usize);
pub(crate) type Hash = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize);
pub(crate) type Pairs = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize) -> c_int;
pub(crate) type Msm = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize, usize) -> c_int;
pub(crate) type MsmC = unsafe extern "C" fn(*mut u8, *const u8, usize, *const u8, usize, c_int, usize) -> c_int;
pub(crate) type Mexp = unsafe extern "C" fn(*mut u8, *const u8, *const u8, usize) -> c_int;
pub(crate) type MexpT = unsafe extern "C" fn(*mut u8, *const u8, *const u8, usize, usize) -> c_int;

/// One exported function and the shape of its arguments.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    /// `void f(out[o])`.
    Writer(Writer, usize),
    /// `int f(a[i])`: a predicate (1 or 0; legendre: 1, -1 or 0).
    Pred1(Pred1, usize, Form),
    /// `int f(a[i], b[i])`: a predicate.
    Pred2(Pred2, usize, Form),
    /// `void f(out[o], a[i])`.
    Unary(Unary, usize, usize, Form),
    /// `int f(out[o], a[i])`.
    UnaryI(UnaryI, usize, usize, Form),
    /// `void f(out[o], a[o], b[o])`.
    Binary(Binary, usize, Form),
    /// `int f(out[o], a[i], b[j])`: the pairing of a G1 and a G2 point.
    Pairing(BinaryI),
    /// `int f(out[o], in, len)`: a decoder taking exactly `len` bytes.
    Decode(Decode, usize, usize),
    /// `int f(out, in, len)`: batch_to_affine (Jacobian size, affine size).
    Batch(Decode, usize, usize),
    /// `void f(out[o], a[o], s, s_len)`: power or scalar multiplication.
    Scal(Scal, usize, Form),
    /// `void f(out[o], msg, msg_len, dst, dst_len)`.
    Hash(Hash, usize),
    /// `int f(out[o], g1s, g1s_len, g2s, g2s_len)`.
    Pairs(Pairs, usize),
    /// `int f(out[o], points, len, scalars, len, threads)` (Jacobian size,
    /// affine size).
    Msm(Msm, usize, usize),
    /// `int f(out[o], encs, len, scalars, len, check, threads)` (Jacobian
    /// size, compressed size).
    MsmC(MsmC, usize, usize),
    /// `int f(out[o], bases, exps, n)`: the GT multi-exponentiation, `n`
    /// bases of `o` bytes and `n` 32-byte exponents.
    Mexp(Mexp, usize),
    /// `int f(out[o], bases, exps, n, threads)`.
    MexpT(MexpT, usize),
    /// `int f(address, in, in_len, out, out_cap, &out_len, &gas)`: an
    /// EIP-2537 precompile.
    EipRun(EipRun),
    /// `int f(address, in_len, &gas)`: an EIP-2537 precompile's gas.
    EipGas(EipGas),
    /// `int f(out[o], items, len)`: a fold over items of `s` bytes (sums,
    /// products).
    Fold(Fold, usize, usize),
    /// `int f(out[32], a, a_len, b, b_len)`: the inner product.
    Inner(Pairs),
    /// `int f(items, len)`: in place over Fr elements.
    InPlace(InPlace),
    /// `int f(values, len, domain, len, inverse, threads)`: a transform
    /// over values of `s` bytes.
    Fft(Fft, usize),
    /// A BLS signature export (`bls12_381_sig_*`), with its shape.
    Sig(SigFn),
    /// `int f(out[o], u, len)`: `map_to_curve` of an `n`-byte field
    /// element (h2c.rs).
    Map(Decode, usize, usize),
    /// `int f(out[o], a[o])`: a cofactor clearing (h2c.rs).
    Clear(UnaryI, usize),
    /// An FFT domain export (`bls12_381_fft_domain_*`,
    /// `bls12_381_fr_root_of_unity`), with its shape.
    Domain(DomFn),
    /// An export over arrays given as item counts (counts.rs), with its
    /// shape.
    Counted(CountFn),
    /// `const char *f(void)`: a static string (backend.rs).
    Report(Report),
}

/// A table entry: the symbol's name is the function's own identifier, so
/// the name checked against the header is the function called.
macro_rules! e {
    ($kind:ident($f:ident $(, $arg:expr)*)) => {
        (stringify!($f), Kind::$kind($f $(, $arg)*))
    };
}

/// Entries for two families of exports with the same rows (Fr and Fq12;
/// G1 and G2): each row names its symbol in each family, `first /
/// second`, and its arguments in the names bound by `|...|`, which take
/// the first family's values, then the second's.
macro_rules! twin_rows {
    (
        |$($n:ident),+| ($($v1:expr),+) ($($v2:expr),+)
        [$($kind:ident($f1:ident / $f2:ident $(, $arg:expr)*)),+ $(,)?]
    ) => {{
        let ($($n),+) = ($($v1),+);
        let mut rows = vec![$(e!($kind($f1 $(, $arg)*))),+];
        let ($($n),+) = ($($v2),+);
        rows.extend([$(e!($kind($f2 $(, $arg)*))),+]);
        rows
    }};
}

/// The table: every exported function. The parent checks it against the
/// header and the sources. The deprecated exports are there too: they are
/// kept, with their cases, until they are removed.
#[allow(deprecated)]
pub(crate) fn table() -> Vec<(&'static str, Kind)> {
    use Form::*;
    // The fields: n bytes an element, w bytes a wide input, f the form.
    let mut t = twin_rows!(|n, w, f| (32, 64, Fr) (576, 768, Fp) [
        Writer(bls12_381_fr_zero / bls12_381_fq12_zero, n),
        Writer(bls12_381_fr_one / bls12_381_fq12_one, n),
        Pred1(bls12_381_fr_is_zero / bls12_381_fq12_is_zero, n, f),
        Pred1(bls12_381_fr_is_one / bls12_381_fq12_is_one, n, f),
        Pred2(bls12_381_fr_eq / bls12_381_fq12_eq, n, f),
        Binary(bls12_381_fr_add / bls12_381_fq12_add, n, f),
        Binary(bls12_381_fr_sub / bls12_381_fq12_sub, n, f),
        Binary(bls12_381_fr_mul / bls12_381_fq12_mul, n, f),
        Unary(bls12_381_fr_neg / bls12_381_fq12_neg, n, n, f),
        Unary(bls12_381_fr_double / bls12_381_fq12_double, n, n, f),
        Unary(bls12_381_fr_square / bls12_381_fq12_square, n, n, f),
        UnaryI(bls12_381_fr_inverse / bls12_381_fq12_inverse, n, n, f),
        Scal(bls12_381_fr_pow / bls12_381_fq12_pow, n, f),
        Decode(bls12_381_fr_of_bytes / bls12_381_fq12_of_bytes, n, n),
        Unary(bls12_381_fr_to_bytes / bls12_381_fq12_to_bytes, n, n, f),
        Unary(bls12_381_fr_of_bytes_wide / bls12_381_fq12_of_bytes_wide, n, w, Raw),
    ]);
    // The groups: j bytes a Jacobian point, a an affine one, c and u the
    // compressed and uncompressed encodings.
    t.extend(twin_rows!(
        |j, a, c, u|
        (G1_SIZE, G1_AFFINE_SIZE, G1_COMPRESSED_BYTES, G1_UNCOMPRESSED_BYTES)
        (G2_SIZE, G2_AFFINE_SIZE, G2_COMPRESSED_BYTES, G2_UNCOMPRESSED_BYTES)
        [
            Writer(bls12_381_g1_zero / bls12_381_g2_zero, j),
            Writer(bls12_381_g1_one / bls12_381_g2_one, j),
            Pred1(bls12_381_g1_is_zero / bls12_381_g2_is_zero, j, Fp),
            Pred2(bls12_381_g1_eq / bls12_381_g2_eq, j, Fp),
            Binary(bls12_381_g1_add / bls12_381_g2_add, j, Fp),
            Unary(bls12_381_g1_double / bls12_381_g2_double, j, j, Fp),
            Unary(bls12_381_g1_neg / bls12_381_g2_neg, j, j, Fp),
            Scal(bls12_381_g1_mul / bls12_381_g2_mul, j, Fp),
            Decode(bls12_381_g1_of_compressed / bls12_381_g2_of_compressed, j, c),
            Decode(
                bls12_381_g1_of_compressed_unchecked / bls12_381_g2_of_compressed_unchecked,
                j,
                c
            ),
            Decode(bls12_381_g1_of_uncompressed / bls12_381_g2_of_uncompressed, j, u),
            Decode(
                bls12_381_g1_of_uncompressed_unchecked / bls12_381_g2_of_uncompressed_unchecked,
                j,
                u
            ),
            Unary(bls12_381_g1_to_compressed / bls12_381_g2_to_compressed, c, j, Fp),
            Unary(bls12_381_g1_to_uncompressed / bls12_381_g2_to_uncompressed, u, j, Fp),
            Decode(
                bls12_381_g1_affine_of_uncompressed / bls12_381_g2_affine_of_uncompressed,
                a,
                u
            ),
            Unary(
                bls12_381_g1_affine_to_uncompressed / bls12_381_g2_affine_to_uncompressed,
                u,
                a,
                Fp
            ),
            Decode(
                bls12_381_g1_affine_of_uncompressed_unchecked
                    / bls12_381_g2_affine_of_uncompressed_unchecked,
                a,
                u
            ),
            Unary(bls12_381_g1_to_affine / bls12_381_g2_to_affine, a, j, Fp),
            Unary(bls12_381_g1_of_affine / bls12_381_g2_of_affine, j, a, Fp),
            Decode(bls12_381_g1_of_xy / bls12_381_g2_of_xy, j, u),
            Hash(bls12_381_g1_hash_to_curve / bls12_381_g2_hash_to_curve, j),
            Hash(bls12_381_g1_encode_to_curve / bls12_381_g2_encode_to_curve, j),
            Pred1(bls12_381_g1_is_in_subgroup / bls12_381_g2_is_in_subgroup, j, Fp),
            Msm(bls12_381_g1_msm / bls12_381_g2_msm, j, a),
            MsmC(bls12_381_g1_msm_compressed / bls12_381_g2_msm_compressed, j, c),
            Batch(bls12_381_g1_batch_to_affine / bls12_381_g2_batch_to_affine, j, a),
        ]
    ));
    // The rest: Fr's square root and Legendre symbol, the pairing, GT.
    t.extend([
        e!(UnaryI(bls12_381_fr_sqrt, 32, 32, Fr)),
        e!(Pred1(bls12_381_fr_legendre, 32, Fr)),
        e!(Pairs(bls12_381_miller_loop, 576)),
        e!(UnaryI(bls12_381_final_exponentiation, 576, 576, Fp)),
        e!(Pairing(bls12_381_pairing)),
        e!(Pairs(bls12_381_pairing_check, 1)),
        e!(Writer(bls12_381_gt_identity, 576)),
        e!(Writer(bls12_381_gt_generator, 576)),
        e!(Pred1(bls12_381_gt_is_identity, 576, Fp)),
        e!(Pred2(bls12_381_gt_eq, 576, Fp)),
        e!(Binary(bls12_381_gt_mul, 576, Fp)),
        e!(Unary(bls12_381_gt_square, 576, 576, Fp)),
        e!(Unary(bls12_381_gt_inverse, 576, 576, Fp)),
        e!(Scal(bls12_381_gt_pow, 576, Fp)),
        e!(Scal(bls12_381_gt_pow_vartime, 576, Fp)),
        e!(Decode(bls12_381_gt_of_bytes, 576, 576)),
        e!(Unary(bls12_381_gt_to_bytes, 576, 576, Fp)),
        e!(UnaryI(bls12_381_gt_of_fq12, 576, 576, Fp)),
        e!(Mexp(bls12_381_gt_multiexp_vartime, 576)),
        e!(MexpT(bls12_381_gt_multiexp_vartime_with_threads, 576)),
        e!(EipRun(bls12_381_eip2537_run)),
        e!(EipGas(bls12_381_eip2537_gas)),
        e!(UnaryI(bls12_381_fr_sqrt_vartime, 32, 32, Fr)),
        e!(Fold(bls12_381_fr_sum, 32, 32)),
        e!(Fold(bls12_381_fr_product, 32, 32)),
        e!(Fold(bls12_381_g1_sum, G1_SIZE, G1_SIZE)),
        e!(Fold(bls12_381_g2_sum, G2_SIZE, G2_SIZE)),
        e!(Fold(bls12_381_g1_affine_sum, G1_SIZE, G1_AFFINE_SIZE)),
        e!(Fold(bls12_381_g2_affine_sum, G2_SIZE, G2_AFFINE_SIZE)),
        e!(Inner(bls12_381_fr_inner_product)),
        e!(InPlace(bls12_381_fr_batch_inverse)),
        e!(Fft(bls12_381_fr_fft, 32)),
        e!(Fft(bls12_381_g1_fft, G1_SIZE)),
        e!(Fft(bls12_381_g2_fft, G2_SIZE)),
    ]);
    // BLS signatures (sig.rs).
    t.extend([
        ("bls12_381_sig_keygen", Kind::Sig(SigFn::Keygen(bls12_381_sig_keygen))),
        ("bls12_381_sig_sk_to_pk", Kind::Sig(SigFn::FromSk(bls12_381_sig_sk_to_pk, Part::Pk))),
        ("bls12_381_sig_pop_prove", Kind::Sig(SigFn::FromSk(bls12_381_sig_pop_prove, Part::Sig))),
        ("bls12_381_sig_sign", Kind::Sig(SigFn::Sign(bls12_381_sig_sign))),
        ("bls12_381_sig_verify", Kind::Sig(SigFn::Verify(bls12_381_sig_verify))),
        ("bls12_381_sig_aggregate", Kind::Sig(SigFn::Aggregate(bls12_381_sig_aggregate))),
        ("bls12_381_sig_aggregate_verify", Kind::Sig(SigFn::AggVerify(bls12_381_sig_aggregate_verify))),
        ("bls12_381_sig_fast_aggregate_verify", Kind::Sig(SigFn::Fav(bls12_381_sig_fast_aggregate_verify))),
        ("bls12_381_sig_pop_verify", Kind::Sig(SigFn::PopVerify(bls12_381_sig_pop_verify))),
        ("bls12_381_sig_batch_verify", Kind::Sig(SigFn::Batch(bls12_381_sig_batch_verify))),
        ("bls12_381_sig_pk_validate", Kind::Sig(SigFn::Validate(bls12_381_sig_pk_validate, Part::Pk))),
        ("bls12_381_sig_signature_validate", Kind::Sig(SigFn::Validate(bls12_381_sig_signature_validate, Part::Sig))),
        ("bls12_381_sig_sk_from_le", Kind::Sig(SigFn::SkOrder(bls12_381_sig_sk_from_le, true))),
        ("bls12_381_sig_sk_to_le", Kind::Sig(SigFn::SkOrder(bls12_381_sig_sk_to_le, false))),
    ]);
    // The hash-to-curve steps (h2c.rs).
    t.extend(twin_rows!(
        |j, n| (G1_SIZE, 48) (G2_SIZE, 96)
        [
            Hash(bls12_381_g1_hash_to_curve_vartime / bls12_381_g2_hash_to_curve_vartime, j),
            Map(bls12_381_g1_map_to_curve / bls12_381_g2_map_to_curve, j, n),
            Clear(bls12_381_g1_clear_cofactor / bls12_381_g2_clear_cofactor, j),
            Clear(bls12_381_g1_clear_cofactor_vartime / bls12_381_g2_clear_cofactor_vartime, j),
        ]
    ));
    // FFT domains (fft_domain.rs).
    t.extend(domain_rows());
    // The item-count array exports (counts.rs).
    t.extend(count_rows());
    // Which kernels run (backend.rs).
    t.push(e!(Report(bls12_381_backend)));
    t
}
