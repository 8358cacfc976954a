(** ctypes descriptions of the C ABI declared in
    [rust/ffi/include/bls12_381.h] (crate bls12-381-ffi).

    The descriptions are two functors over [Ctypes.FOREIGN]: applied by
    [gen.exe] to [Cstubs]' generators, they produce the C stubs and the
    matching OCaml modules at build time; applied to those generated modules,
    they give the functions the library calls. Nothing is bound through
    libffi.

    The calls on single values (field and group arithmetic, encodings, one
    pairing) are not here: they are direct C stubs on the library's custom
    blocks (ocaml/bls12_381_values.c). {!Make} describes the few short
    calls left (copies between OCaml buffers and C memory, the EIP-2537
    gas). Their stubs keep the runtime lock, so their buffers can be OCaml
    [bytes] passed as [bytes Ctypes.ocaml] (an [OCamlRef] block: the stub
    reads the bytes' address and offset from it and passes the address to
    C): nothing can move them during the call.

    {!Unlocked} describes the long calls (multi-scalar multiplication, the
    batch conversion to affine, hashing to the curves, the pairing
    functions, GT multi-exponentiation). Their stubs are generated with [Cstubs.unlocked]: the
    runtime lock is released during the C call so that other OCaml threads
    run meanwhile. The GC may then move or free any OCaml value, so every
    buffer of these calls is C memory (a [void *]): the caller copies the
    inputs out of the OCaml heap ({!Make.Mem}), keeps the C memory reachable
    until the call returns, and copies the output back. The Rust library's
    global state (constants initialised once, atomics, the mutex-guarded list
    of MSM thread pools) is thread-safe, as Rust requires of statics: several
    OCaml threads may be in these calls at once.

    Sizes are those of the header: the in-memory forms
    ([BLS12_381_FR_SIZE] = 32, [BLS12_381_FQ12_SIZE] = 576,
    [BLS12_381_G1_SIZE] = 144, ...) are opaque and only ever produced by these
    functions. *)

(** A buffer handed to C. *)
type buf = bytes Ctypes.ocaml

(** The ctypes description of {!type-buf} ([Ctypes.ocaml_bytes]). *)
val buf : buf Ctypes.typ

(** The [bls12_381_error] codes that the functions returning [int] answer
    (legendre excepted): [BLS12_381_OK] and the [BLS12_381_ERR_*] constants
    of the header, named without their prefix. The header is the reference:
    [gen.exe] writes a static assertion of each value into the generated C,
    so a value that differs from the header's fails the build. *)
module Error_code : sig
  (** [BLS12_381_OK] = 0: success. *)
  val ok : int

  (** Input of the wrong length. *)
  val invalid_length : int

  (** An integer >= the modulus. *)
  val not_canonical : int

  (** Inverse of zero; final exponentiation of zero. *)
  val not_invertible : int

  (** Square root of a non-residue. *)
  val not_square : int

  (** Point encoding: flag bits inconsistent. *)
  val invalid_flags : int

  (** Point not on the curve. *)
  val not_on_curve : int

  (** Point outside the order-r subgroup; Fq12 element outside GT; a
      pairing whose Miller loop vanished (a point outside the subgroups). *)
  val not_in_subgroup : int

  (** expand_message_xmd length out of range. *)
  val invalid_output_length : int

  (** Arrays of different lengths: MSM points and scalars, inner-product
      vectors. *)
  val length_mismatch : int

  (** A required pointer is NULL. *)
  val null_pointer : int

  (** EIP-2537: not the precompile's input length, or not a multiple of its
      pair size. *)
  val eip2537_invalid_input_length : int

  (** EIP-2537: an Fp element's 16 padding bytes are not zero. *)
  val eip2537_fp_top_bytes_not_zero : int

  (** EIP-2537: an Fp element is not below p. *)
  val eip2537_fp_not_canonical : int

  (** EIP-2537: a point is neither on its curve nor all zeros. *)
  val eip2537_point_not_on_curve : int

  (** EIP-2537: an MSM or PAIRING_CHECK point outside the order-r
      subgroup. *)
  val eip2537_point_not_in_subgroup : int

  (** EIP-2537: no precompile at the address. *)
  val eip2537_unknown_address : int

  (** The output buffer cannot hold the output. *)
  val buffer_too_small : int

  (** FFT: a domain size that is not a power of two in [\[1, 2^32\]]. *)
  val invalid_domain_size : int

  (** FFT: the domain is not the powers [1, w, ..., w^(n-1)] of an [w] of
      order exactly [n]. *)
  val not_primitive_root : int

  (** FFT: not as many values as domain elements. *)
  val domain_length_mismatch : int

  (** BLS signatures: a secret key of zero. *)
  val zero_secret_key : int

  (** BLS signatures: KeyGen with fewer than 32 bytes of key material. *)
  val key_material_too_short : int

  (** BLS signatures: a public key (or a sum of keys) that is the identity. *)
  val identity_public_key : int

  (** An input that must not be empty is: a BLS signature aggregate,
      aggregate verification or batch of nothing; an EIP-2537 MSM or
      PAIRING_CHECK with no pair ([bls12_381_eip2537_run]). *)
  val empty_input : int

  (** BLS signatures, Basic scheme: two equal messages in an aggregate. *)
  val duplicate_message : int

  (** BLS signatures: not as many public keys as messages. *)
  val count_mismatch : int

  (** BLS signatures: the signature does not verify. *)
  val invalid_signature : int

  (** BLS signatures: a variant or scheme number the header does not
      define. *)
  val unknown_scheme : int

  (** Every code with its C name, [BLS12_381_OK] first. *)
  val all : (string * int) list
end

module Make (F : Ctypes.FOREIGN) : sig
  type nonrec buf = buf

  (** libc's [memcpy], with the runtime lock held (no GC during the copy). *)
  module Mem : sig
    (** [to_c dst src n] copies [n] bytes of the OCaml buffer [src] to the C
        memory [dst]. *)
    val to_c : (unit Ctypes.ptr -> buf -> Unsigned.size_t -> unit F.return) F.result

    (** [of_c dst src n] copies [n] bytes of the C memory [src] to the OCaml
        buffer [dst]. *)
    val of_c : (buf -> unit Ctypes.ptr -> Unsigned.size_t -> unit F.return) F.result
  end

  (** The gas of an EIP-2537 call (no buffer, a short call). *)
  module Eip2537 : sig
    (** [gas address input_len gas]: [*gas] = the gas of a call of the
        precompile at [address] with [input_len] bytes of input (the
        header's [bls12_381_eip2537_gas]): 0, or 17
        ([BLS12_381_ERR_EIP2537_UNKNOWN_ADDRESS]). *)
    val gas :
      (Unsigned.uint64 -> Unsigned.size_t -> Unsigned.uint64 Ctypes.ptr -> int F.return)
      F.result
  end

  (** Which kernels run. *)
  module Backend : sig
    (** [c_text ()]: the header's [bls12_381_backend ()], the library's
        static NUL-terminated string ([limbs=... g1_lanes=... g2_lanes=...
        ifma_paths=...]), never to be freed; read it with
        [Ctypes.coerce (ptr char) string]. *)
    val c_text : (unit -> char Ctypes.ptr F.return) F.result
  end
end

(** The long calls, with stubs that release the runtime lock. Every [cbuf]
    is C memory, alive until the call returns (see the top of this
    interface); the codes are those of {!Make}. *)
module Unlocked (F : Ctypes.FOREIGN) : sig
  (** A C buffer ([void *]). *)
  type cbuf = unit Ctypes.ptr

  (** Its ctypes description. *)
  val cbuf : cbuf Ctypes.typ

  (** The multi-scalar multiplication, batch conversion to affine, sums and
      hashing of G1 and G2. Arrays are given as item counts (the header's
      convention): a NULL array with [n > 0] returns 10
      ([BLS12_381_ERR_NULL_POINTER]), [n] items above [PTRDIFF_MAX] bytes 1
      ([BLS12_381_ERR_INVALID_LENGTH]), [out] untouched. *)
  module type CURVE = sig
    (** [msm_vartime out points scalars n threads]: [out] = [sum_i s_i P_i]
        over [n] terms, variable time (public data only). [points] holds the
        affine in-memory forms of the [P_i] end to end, [scalars] the [s_i]
        as 32-byte little-endian integers of any value (reduced mod r).
        [threads]: 0 = all the threads of the library's pool, 1 = the
        calling thread, k > 1 = min(k, CPUs) threads, on a pool kept for
        that count. No term: the identity. *)
    val msm_vartime :
      (cbuf -> cbuf -> cbuf -> Unsigned.size_t -> Unsigned.size_t -> int F.return) F.result

    (** [msm_compressed_vartime out encs scalars n subgroup_check threads]:
        as {!msm_vartime} over [n] compressed encodings end to end, decoded
        with the subgroup check unless [subgroup_check] is 0; an invalid
        encoding returns its decoding error. *)
    val msm_compressed_vartime :
      (cbuf -> cbuf -> cbuf -> Unsigned.size_t -> int -> Unsigned.size_t -> int F.return) F.result

    (** [batch_normalize out points n]: the affine forms of the [n] Jacobian
        points of [points], end to end in [out], with one inversion in
        all. *)
    val batch_normalize : (cbuf -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [hash_to_curve out msg msg_len dst dst_len]: RFC 9380, RO suite;
        linear in the lengths, which are unbounded. *)
    val hash_to_curve :
      (cbuf -> cbuf -> Unsigned.size_t -> cbuf -> Unsigned.size_t -> unit F.return)
      F.result

    (** [encode_to_curve out msg msg_len dst dst_len]: RFC 9380, NU suite. *)
    val encode_to_curve :
      (cbuf -> cbuf -> Unsigned.size_t -> cbuf -> Unsigned.size_t -> unit F.return)
      F.result

    (** [hash_to_curve_vartime out msg msg_len dst dst_len]: the point of
        {!hash_to_curve}, its cofactor cleared in variable time (public
        messages). *)
    val hash_to_curve_vartime :
      (cbuf -> cbuf -> Unsigned.size_t -> cbuf -> Unsigned.size_t -> unit F.return)
      F.result

    (** [batch_sum_vartime out points n]: the sum of the [n] Jacobian
        points, by batched affine additions (variable time). *)
    val batch_sum_vartime : (cbuf -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [affine_batch_sum_vartime out points n]: the same over affine points
        (96 / 192 bytes each); [out] is Jacobian. *)
    val affine_batch_sum_vartime : (cbuf -> cbuf -> Unsigned.size_t -> int F.return) F.result
  end

  (** [bls12_381_g1_*]. *)
  module G1 : CURVE

  (** [bls12_381_g2_*]. *)
  module G2 : CURVE

  (** The pairing. [g1s], [g2s] are the two arrays of [n] pairs: the
      Jacobian in-memory forms of the G1 points (144 bytes each) and of the
      G2 points (288 bytes each), end to end. No pair is the empty product,
      one. *)
  module Pairing : sig
    (** [multi_miller_loop out g1s g2s n]: the product of the Miller loops of
        the pairs (an Fq12 element). *)
    val multi_miller_loop : (cbuf -> cbuf -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [final_exponentiation out f]: [f] to the final exponent, in GT;
        returns 3 ([BLS12_381_ERR_NOT_INVERTIBLE]) on 0, leaving [out]
        untouched. *)
    val final_exponentiation : (cbuf -> cbuf -> int F.return) F.result

    (** [pairing out p q]: e(p, q) for Jacobian [p] (G1) and [q] (G2);
        returns 7 ([BLS12_381_ERR_NOT_IN_SUBGROUP]), leaving [out]
        untouched, when the Miller loop vanishes, which only points outside
        the subgroups (from the unchecked decoders) can cause. *)
    val pairing : (cbuf -> cbuf -> cbuf -> int F.return) F.result

    (** [pairing_check_vartime out g1s g2s n]: writes to the first byte of
        [out] 1 if the product of the pairings is the identity, else 0
        (variable time). *)
    val pairing_check_vartime : (cbuf -> cbuf -> cbuf -> Unsigned.size_t -> int F.return) F.result
  end

  (** Arrays of [n] Fr in-memory forms (32 bytes each), end to end. *)
  module Fr_array : sig
    (** [batch_sum out xs n]: the sum of the [n] elements of [xs]. *)
    val batch_sum : (cbuf -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [batch_product out xs n]: as {!batch_sum}, the product. *)
    val batch_product : (cbuf -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [batch_inner_product out a b n]: [sum_i a_i b_i] over [n] terms. *)
    val batch_inner_product :
      (cbuf -> cbuf -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [batch_invert xs n]: every nonzero element of [xs] replaced by its
        inverse, in place; zeros stay. *)
    val batch_invert : (cbuf -> Unsigned.size_t -> int F.return) F.result
  end

  (** GT's long call. *)
  module Gt : sig
    (** [multiexp_vartime_with_threads out bases exps n threads]: [out] =
        the product of [bases_i{^exps_i}] for [i < n], variable time
        (public data only). [bases] holds [n] GT in-memory forms (576 bytes
        each) end to end, [exps] [n] 32-byte little-endian integers of any
        value (reduced mod r). [threads]: 0 = all the threads of the
        library's pool, 1 = the calling thread, k > 1 = the terms cut into
        k parts on that pool. Returns 10 ([BLS12_381_ERR_NULL_POINTER]) for
        a NULL array with [n > 0] and 1 ([BLS12_381_ERR_INVALID_LENGTH]) if
        [n * 576] exceeds [PTRDIFF_MAX] ([out] untouched). No term: one. *)
    val multiexp_vartime_with_threads :
      (cbuf -> cbuf -> cbuf -> Unsigned.size_t -> Unsigned.size_t -> int F.return) F.result
  end

  (** The EIP-2537 precompiles' call: an MSM or a pairing check of as many
      pairs as the input holds. *)
  module Eip2537 : sig
    (** [run address input input_len out out_cap out_len gas]: the
        precompile at [address] on the EIP's encoding [input], its output
        written to [out] (the header's [bls12_381_eip2537_run]: [*out_len]
        and [*gas] written unless the code is 10; [out] needs 256 bytes for
        every precompile). *)
    val run :
      (Unsigned.uint64 -> cbuf -> Unsigned.size_t -> cbuf -> Unsigned.size_t ->
       Unsigned.size_t Ctypes.ptr -> Unsigned.uint64 Ctypes.ptr -> int F.return)
      F.result
  end

  (** The BLS signature functions ([bls12_381_sig_*] of the header, in its
      argument order): encodings in and out, the variant (0 min-pk, 1
      min-sig) and scheme (0 Basic, 1 Aug, 2 Pop) as ints; 0 or a
      [bls12_381_error] code. *)
  module Sig : sig
    (** [keygen sk ikm ikm_len info info_len]: the draft's KeyGen. *)
    val keygen :
      (cbuf -> cbuf -> Unsigned.size_t -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [sk_to_pk pk pk_len variant sk]. *)
    val sk_to_pk : (cbuf -> Unsigned.size_t -> int -> cbuf -> int F.return) F.result

    (** [sign sig sig_len variant scheme sk msg msg_len]. *)
    val sign :
      (cbuf -> Unsigned.size_t -> int -> int -> cbuf -> cbuf -> Unsigned.size_t -> int F.return)
      F.result

    (** [verify variant scheme pk pk_len msg msg_len sig sig_len]. *)
    val verify :
      (int -> int -> cbuf -> Unsigned.size_t -> cbuf -> Unsigned.size_t -> cbuf ->
       Unsigned.size_t -> int F.return)
      F.result

    (** [aggregate out out_len variant sigs n]. *)
    val aggregate :
      (cbuf -> Unsigned.size_t -> int -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [aggregate_verify variant scheme pks msgs msg_lens n sig sig_len]. *)
    val aggregate_verify :
      (int -> int -> cbuf -> cbuf -> Unsigned.size_t Ctypes.ptr -> Unsigned.size_t -> cbuf ->
       Unsigned.size_t -> int F.return)
      F.result

    (** [fast_aggregate_verify variant pks n msg msg_len sig sig_len]. *)
    val fast_aggregate_verify :
      (int -> cbuf -> Unsigned.size_t -> cbuf -> Unsigned.size_t -> cbuf -> Unsigned.size_t ->
       int F.return)
      F.result

    (** [pop_prove proof proof_len variant sk]. *)
    val pop_prove : (cbuf -> Unsigned.size_t -> int -> cbuf -> int F.return) F.result

    (** [pop_verify variant pk pk_len proof proof_len]. *)
    val pop_verify :
      (int -> cbuf -> Unsigned.size_t -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [batch_verify variant scheme pks msgs msg_lens sigs n seed seed_len]. *)
    val batch_verify :
      (int -> int -> cbuf -> cbuf -> Unsigned.size_t Ctypes.ptr -> cbuf -> Unsigned.size_t ->
       cbuf -> Unsigned.size_t -> int F.return)
      F.result

    (** [pk_validate variant pk pk_len]: KeyValidate. *)
    val pk_validate : (int -> cbuf -> Unsigned.size_t -> int F.return) F.result

    (** [signature_validate variant sig sig_len]: decoding and subgroup. *)
    val signature_validate : (int -> cbuf -> Unsigned.size_t -> int F.return) F.result
  end
end
