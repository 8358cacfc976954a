(** Signatures of the elliptic-curve groups G1 and G2 (as ocaml-bls12-381's
    [Elliptic_curve_sig]), and the errors their decoders report. *)

(** Why bytes were rejected as the encoding of a point. *)
type decode_error =
  | Invalid_length  (** not the size of the encoding *)
  | Invalid_flags
      (** the three flag bits (compressed, infinity, sign) do not match the
          length or the contents: e.g. the compression bit on an uncompressed
          encoding, a sign bit on the identity, a non-zero payload after the
          infinity bit *)
  | Not_canonical  (** a coordinate is not below p *)
  | Not_on_curve  (** the coordinates do not satisfy the curve equation *)
  | Not_in_subgroup  (** on the curve but outside the order-r subgroup *)

(** The error of a [bls12_381_error] code (internal: the decoders' codes
    INVALID_LENGTH, NOT_CANONICAL, INVALID_FLAGS, NOT_ON_CURVE,
    NOT_IN_SUBGROUP; [Invalid_argument] for any other code). *)
let decode_error_of_code =
  (* The decoders' codes of rust/ffi/include/bls12_381.h and their errors:
     the one place that maps codes to decode_error. *)
  let decode_errors =
    Stubs.Error_code.
      [
        (invalid_length, Invalid_length);
        (not_canonical, Not_canonical);
        (invalid_flags, Invalid_flags);
        (not_on_curve, Not_on_curve);
        (not_in_subgroup, Not_in_subgroup);
      ]
  in
  fun c ->
    match List.assoc_opt c decode_errors with
    | Some e -> e
    | None -> invalid_arg (Printf.sprintf "Ec_sig.decode_error_of_code: %d" c)

(** A short English description. *)
let string_of_decode_error = function
  | Invalid_length -> "invalid length"
  | Invalid_flags -> "invalid flag bits"
  | Not_canonical -> "coordinate not below p"
  | Not_on_curve -> "point not on the curve"
  | Not_in_subgroup -> "point not in the prime-order subgroup"

(** Raised by the [_exn] decoders: the reason and the rejected bytes. *)
exception Invalid_point of decode_error * Bytes.t

(** A group of prime order r, written additively. *)
module type T = sig
  (** A point of the group (always in the order-r subgroup). *)
  type t

  (** The scalars: integers modulo r. *)
  module Scalar : Ff_sig.PRIME

  (** Size of the encoding {!to_bytes} produces. *)
  val size_in_bytes : int

  (** Whether the bytes are a valid encoding of a point of the group. *)
  val check_bytes : Bytes.t -> bool

  (** The point the bytes encode, or [None] if they are not a valid
      encoding (every check of the format, curve and subgroup included). *)
  val of_bytes_opt : Bytes.t -> t option

  (** As {!of_bytes_opt}; raises {!Bls12_381.Ec_sig.Invalid_point} with the reason. *)
  val of_bytes_exn : Bytes.t -> t

  (** The encoding of the point (a fresh buffer). *)
  val to_bytes : t -> Bytes.t

  (** The identity. *)
  val zero : t

  (** The standard generator. *)
  val one : t

  (** A uniformly random point ([s one] for a random scalar [s]). *)
  val random : ?state:Random.State.t -> unit -> t

  (** Whether the point is the identity. *)
  val is_zero : t -> bool

  (** The group law (complete: any two points, equal or not). *)
  val add : t -> t -> t

  (** [double p = add p p]. *)
  val double : t -> t

  (** The inverse for the group law. *)
  val negate : t -> t

  (** Equality of points. *)
  val eq : t -> t -> bool

  (** [mul p s] is [s p]; constant time. *)
  val mul : t -> Scalar.t -> t

  (** A copy that shares nothing with the argument. *)
  val copy : t -> t

  (** [pp fmt p] prints the point's affine coordinates as hexadecimal
      integers, [{x = 0x17f1...; y = 0x08b3...}] (G2: each coordinate a pair
      [(c0, c1)] for [c0 + c1 u]), or [zero] for the identity. For the
      toplevel: [#install_printer Bls12_381.G1.pp]. *)
  val pp : Format.formatter -> t -> unit

  (** [empty ()]: a fresh point (the identity) to write into with the
      in-place functions (ocaml-bls12-381 1.x and 2.x). Unlike the
      original's uninitialised value, it is a valid point. *)
  val empty : unit -> t
end

(** The flat API of a group in ocaml-bls12-381 6.x and Octez
    ([Bls12_381.CURVE]), which {!Bls12_381.G1} and {!Bls12_381.G2} satisfy,
    with this library's additions (thread counts, transforms, [mul_bytes],
    [encode_to_curve], [hash_to_curve_vartime], [clear_cofactor], [empty]). *)
module type CURVE = sig
  (** A point of the group, decoded (Jacobian coordinates in the Rust core),
      as ocaml-bls12-381's [G1.t]. *)
  type t

  (** The scalars, {!Bls12_381.Fr}. *)
  module Scalar : Ff_sig.PRIME with type t = Fr.t

  (** {2 Multi-scalar multiplication}

      [sum_i s_i P_i] by Pippenger's bucket method (with the curve's
      endomorphism), as ocaml-bls12-381's [pippenger] functions. {b Variable
      time} in the points and the scalars: for public data only
      (commitments, batch verification), never for secrets.

      As in ocaml-bls12-381, only the first [n] terms count, [n] the length
      of the shorter array, and [?start] and [?len] select the terms
      [start], ..., [start + len - 1] (default: [start = 0], [len = n -
      start]). The sum must have at least one term: unless [0 <= start],
      [1 <= len] and [start + len <= n], [Invalid_argument "start S len
      L"] (the original's message) is raised, so an empty array raises.

      They run on all the threads of the Rust library's pool (one per core,
      or [RAYON_NUM_THREADS]). The [_threads] forms (an addition to
      ocaml-bls12-381's API, whose signatures they leave unchanged) take the
      count: [0], all the threads of that pool; [1] only the calling thread; [k > 1]
      [min k cpus] threads, on a pool built on the first call with that
      count and reused by later ones (so a huge [k] costs nothing more). The
      result does not depend on it; a negative count raises
      [Invalid_argument].

      The OCaml runtime lock is released during the computation and during
      the conversion to affine (the terms are copied out of the OCaml heap
      first, the result copied back after): other OCaml threads run
      meanwhile, and several threads may compute sums at once. *)

  (** [pippenger ?start ?len points scalars] is
      [sum_i scalars.(i) points.(i)] over the selected [i]. Converts the
      points to affine (one inversion in all) on each call: to reuse the
      same points, convert them once with {!to_affine_array}. *)
  val pippenger : ?start:int -> ?len:int -> t array -> Scalar.t array -> t

  (** {!pippenger} on [threads] threads (see above). *)
  val pippenger_threads : threads:int -> ?start:int -> ?len:int -> t array -> Scalar.t array -> t

  (** Points in affine coordinates, stored end to end in one contiguous
      buffer (the Rust in-memory form: 96 bytes per point on G1, 192 on
      G2), ready for {!pippenger_with_affine_array}. Immutable. *)
  type affine_array

  (** The affine forms of the points (one field inversion in all); the
      runtime lock is released during the conversion. Stored outside the
      OCaml heap (freed when the value is collected). *)
  val to_affine_array : t array -> affine_array

  (** The points back, [of_affine_array (to_affine_array a)] equal to [a]
      point by point. *)
  val of_affine_array : affine_array -> t array

  (** The number of points of the array. *)
  val size_of_affine_array : affine_array -> int

  (** As {!pippenger}, with the points already in affine form: no
      conversion, no copy of the points. *)
  val pippenger_with_affine_array : ?start:int -> ?len:int -> affine_array -> Scalar.t array -> t

  (** {!pippenger_with_affine_array} on [threads] threads. *)
  val pippenger_with_affine_array_threads :
    threads:int -> ?start:int -> ?len:int -> affine_array -> Scalar.t array -> t

  (** [pippenger_with_compressed_bytes ?subgroup_check ?threads encs
      scalars]: the sum over the points whose ZCash compressed encodings
      ({!compressed_size_in_bytes} bytes each) are concatenated in [encs],
      decoded with all checks, or without the subgroup check when
      [subgroup_check] is [false] (only for points known to be in the
      group: the sum is meaningless otherwise). [Error] with the reason of
      an invalid encoding if there is one (which one, when several are, is
      unspecified). Raises [Invalid_argument] if [encs]
      is not a whole number of encodings or holds a number of them other
      than [Array.length scalars]. *)
  val pippenger_with_compressed_bytes :
    ?subgroup_check:bool -> ?threads:int -> Bytes.t -> Scalar.t array -> (t, decode_error) result

  (** {2 Sums and in-place forms (ocaml-bls12-381 5.x, Octez)} *)

  (** The sum of the points (the identity for none), in one call to Rust:
      a tree of affine additions whose inversions are batched (Montgomery's
      trick), with the runtime lock released. Variable time: public data. *)
  val add_bulk : t list -> t

  (** [add_inplace res a b] writes [a + b] into [res] (Octez's form; [res]
      may be [a] or [b]). Only write into points you made (results of
      operations, {!copy}): constants such as {!zero} and {!one}, and points
      shared with other code, change for everyone.

      ocaml-bls12-381 6.1.0 has a two-argument [add_inplace a b] (and
      [mul_inplace p s]) writing into its first argument; one name cannot
      have both types, and Octez's current API, which has this form, wins:
      write [add_inplace a a b] (and [mul_inplace p p s]) for 6.1.0's
      calls. *)
  val add_inplace : t -> t -> t -> unit

  (** [mul_inplace res p s] writes [s p] into [res] (constant time, as
      {!mul}), with the caveat of {!add_inplace}. *)
  val mul_inplace : t -> t -> Scalar.t -> unit

  (** The bytes a point occupies on the OCaml heap: a custom block of the
      Jacobian coordinates (160 for G1, 304 for G2, as ocaml-bls12-381). *)
  val size_in_memory : int

  (** {2 The flat API of ocaml-bls12-381 1.x-6.x and Octez}

      The values of [Uncompressed] at top level ([G1.mul], [G1.one],
      [G1.of_compressed_bytes_opt], ...: the same functions), so that code
      written for those versions compiles unchanged. Two differ: the flat
      [_exn] decoders raise {!exception-Not_on_curve} with the bytes, as those
      versions did, where [Uncompressed]'s raise {!Bls12_381.Ec_sig.Invalid_point} with the
      reason. *)

  (** Raised by the flat {!of_bytes_exn} and {!of_compressed_bytes_exn}. *)
  exception Not_on_curve of Bytes.t

  (** Bytes of the uncompressed encoding ({!to_bytes}). *)
  val size_in_bytes : int

  (** Bytes of the compressed encoding ({!to_compressed_bytes}). *)
  val compressed_size_in_bytes : int

  val check_bytes : Bytes.t -> bool
  val of_bytes_opt : Bytes.t -> t option

  (** Raises {!exception-Not_on_curve} on bytes that are not a point of the group. *)
  val of_bytes_exn : Bytes.t -> t

  val of_compressed_bytes_opt : Bytes.t -> t option

  (** Raises {!exception-Not_on_curve} on bytes that are not a point of the group. *)
  val of_compressed_bytes_exn : Bytes.t -> t

  val to_bytes : t -> Bytes.t
  val to_compressed_bytes : t -> Bytes.t
  val zero : t
  val one : t
  val is_zero : t -> bool
  val random : ?state:Random.State.t -> unit -> t
  val add : t -> t -> t
  val double : t -> t
  val negate : t -> t
  val eq : t -> t -> bool
  val mul : t -> Scalar.t -> t
  val mul_bytes : t -> Bytes.t -> t
  val copy : t -> t

  (** See [T.pp]: affine coordinates in hexadecimal, or [zero]. *)
  val pp : Format.formatter -> t -> unit

  (** A fresh identity to write into (ocaml-bls12-381 1.x-2.x's [empty]). *)
  val empty : unit -> t
  val hash_to_curve : Bytes.t -> Bytes.t -> t
  val encode_to_curve : Bytes.t -> Bytes.t -> t

  (** {!hash_to_curve} for public messages: the same point, its cofactor
      cleared in variable time (see [Uncompressed.hash_to_curve_vartime]
      of {!Bls12_381.G1} and {!Bls12_381.G2}). *)
  val hash_to_curve_vartime : Bytes.t -> Bytes.t -> t

  (** [h_eff p], in the subgroup, for any point [p] of the curve (see
      [Uncompressed.clear_cofactor]). Constant time. *)
  val clear_cofactor : t -> t

  (** {!clear_cofactor} in variable time: for public points. *)
  val clear_cofactor_vartime : t -> t

  (** A point in affine coordinates (the [Affine.t] of G1 and G2). *)
  type affine

  (** Normalises (one field inversion). *)
  val affine_of_jacobian : t -> affine

  (** The decoded form. *)
  val jacobian_of_affine : affine -> t

  (** The affine array of points given by their compressed encodings,
      decoded with all checks, or without the subgroup check when
      [subgroup_check] is [false]; [None] if any is invalid. *)
  val affine_array_of_compressed_bytes_opt :
    subgroup_check:bool -> Bytes.t array -> affine_array option

  (** The sum of the points of an affine array, as {!add_bulk}. *)
  val affine_add_bulk : affine_array -> t

  (** [pippenger_with_compressed_bytes_array_opt ~subgroup_check encs
      scalars]: the compressed encoding of [sum_i scalars.(i) P_i], [P_i]
      decoded from [encs.(i)] as in {!affine_array_of_compressed_bytes_opt};
      [None] if an encoding is invalid. Variable time. Raises
      [Invalid_argument] if the arrays differ in length. *)
  val pippenger_with_compressed_bytes_array_opt :
    subgroup_check:bool -> Bytes.t array -> Scalar.t array -> Bytes.t option

  (** The compressed encoding of the sum of the points, [None] if an
      encoding is invalid. Variable time. *)
  val add_bulk_with_compressed_bytes_array_opt :
    subgroup_check:bool -> Bytes.t array -> Bytes.t option

  (** {2 Fourier transforms with points as the values}

      The transforms of {!Bls12_381.Fr.fft} with points in place of field elements:
      [fft ~domain ~points] is [[|sum_j domain.(i){^j} points.(j)|]] (a
      "polynomial" with point coefficients evaluated on the domain), by
      [O(n log n)] scalar multiplications by the roots of unity, in Rust
      with the runtime lock released. {b Variable time}: for public data
      (commitment keys, proofs). Domains, lengths and errors as in
      {!Bls12_381.Fr.fft}. *)

  (** [points] may be shorter than the domain (padded with the identity). *)
  val fft : domain:Scalar.t array -> points:t array -> t array

  (** [domain] the inverse domain; exactly [n] points; includes the [1/n]
      scaling, so it inverts {!fft}. *)
  val ifft : domain:Scalar.t array -> points:t array -> t array

  (** {!fft} with the results stored in the slots of [points] (fresh
      values; the former elements are not modified). *)
  val fft_inplace : domain:Scalar.t array -> points:t array -> unit

  (** {!ifft} stored in the slots of [points], as {!fft_inplace}. *)
  val ifft_inplace : domain:Scalar.t array -> points:t array -> unit
end

(** What {!Bls12_381.G1} and {!Bls12_381.G2} provide. *)
module type GROUP = sig
  (** An affine coordinate as given to [of_z_opt]: [Z.t] for G1, a pair
      [(c0, c1)] standing for [c0 + c1 u] for G2. *)
  type coord

  (** The scalars, {!Bls12_381.Fr}. *)
  module Scalar : Ff_sig.PRIME with type t = Fr.t

  (** Points as their decoded form (Jacobian coordinates in the Rust core):
      operations take and return it with no conversion. Encoding: the ZCash
      uncompressed format ({!size_in_bytes} = 96 for G1, 192 for G2). *)
  module Uncompressed : sig
    include T with module Scalar = Scalar

    (** Decodes the ZCash compressed format (all checks). *)
    val of_compressed_bytes_opt : Bytes.t -> t option

    (** As {!of_compressed_bytes_opt}; raises {!Bls12_381.Ec_sig.Invalid_point}. *)
    val of_compressed_bytes_exn : Bytes.t -> t

    (** The ZCash compressed encoding. *)
    val to_compressed_bytes : t -> Bytes.t

    (** [mul_bytes p s] is [s p] for [s] a little-endian integer of any
        length (reduced mod r); constant time for a given length. *)
    val mul_bytes : t -> Bytes.t -> t

    (** The point with affine coordinates [(x, y)], if it is one: both
        below p, on the curve and in the subgroup. [(0, 0)] is the
        identity. *)
    val of_z_opt : x:coord -> y:coord -> t option

    (** [hash_to_curve msg dst]: RFC 9380 hash_to_curve, suite
        [BLS12381G1_XMD:SHA-256_SSWU_RO_] (G2: [BLS12381G2_...]), domain
        separation tag [dst]. Linear in the lengths of [msg] and [dst]: the
        runtime lock is released during the computation (both are copied out
        of the OCaml heap first), here and in {!encode_to_curve}. *)
    val hash_to_curve : Bytes.t -> Bytes.t -> t

    (** [encode_to_curve msg dst]: RFC 9380 encode_to_curve (the [_NU_]
        suite): cheaper, not uniform. *)
    val encode_to_curve : Bytes.t -> Bytes.t -> t

    (** {3 Hashing step by step (RFC 9380)}

        [hash_to_curve msg dst] is [clear_cofactor (add (map_to_curve u0)
        (map_to_curve u1))] for the two field elements [(u0, u1)] of RFC
        9380's [hash_to_field msg]; [clear_cofactor (map_to_curve u)] is
        EIP-2537's MAP_FP_TO_G1 (G2: MAP_FP2_TO_G2). *)

    (** [hash_to_curve_vartime msg dst]: the point of {!hash_to_curve}, its
        cofactor cleared in {b variable time}: for public messages
        (signature verification), never for secrets. *)
    val hash_to_curve_vartime : Bytes.t -> Bytes.t -> t

    (** [map_to_curve u]: RFC 9380's map_to_curve of the field element [u]
        (G1: [u] in Fp; G2: [(c0, c1)] for [c0 + c1 u] in Fp2): the
        simplified SWU map onto an isogenous curve, then the isogeny (of
        degree 11 on G1, 3 on G2). The result is a point of the curve but in
        general {b not} of the order-r subgroup, unlike every other value of
        this type: use it only as the argument of {!clear_cofactor} or
        {!clear_cofactor_vartime} (or of {!add}, as hash_to_curve adds two
        maps before clearing). Its encodings do not decode with the checked
        decoders ([Marshal] reads it back). Raises [Invalid_argument] if a
        coefficient is not in \[0, p), the library's canonical range
        (what the C function [bls12_381_g1_map_to_curve] rejects with
        [BLS12_381_ERR_NOT_CANONICAL]). Constant time. *)
    val map_to_curve : coord -> t

    (** [clear_cofactor p]: [h_eff p] (RFC 9380, 8.8: G1, h_eff = 1 - z =
        0xd201000000010001; G2, the RFC's h_eff, by the endomorphism psi as
        in its appendix G.3), a point of the order-r subgroup for any point
        [p] of the curve, e.g. one of {!map_to_curve}. On a point already
        in the subgroup it is the multiplication by [h_eff mod r]. Constant
        time. *)
    val clear_cofactor : t -> t

    (** [clear_cofactor_vartime p]: the point of {!clear_cofactor}, in
        {b variable time}: for public points. *)
    val clear_cofactor_vartime : t -> t
  end

  (** Points as their ZCash compressed encoding ({!size_in_bytes} = 48 for
      G1, 96 for G2). A value also keeps the point decoded, so operations do
      not decompress; each result is compressed once, when it is made. *)
  module Compressed : sig
    include T with module Scalar = Scalar

    (** The same point, compressed. *)
    val of_uncompressed : Uncompressed.t -> t

    (** The same point, decoded. *)
    val to_uncompressed : t -> Uncompressed.t

    (** See {!Uncompressed.of_z_opt}. *)
    val of_z_opt : x:coord -> y:coord -> t option

    (** See {!Uncompressed.hash_to_curve}. *)
    val hash_to_curve : Bytes.t -> Bytes.t -> t

    (** See {!Uncompressed.encode_to_curve}. *)
    val encode_to_curve : Bytes.t -> Bytes.t -> t

    (** See {!Uncompressed.hash_to_curve_vartime}. *)
    val hash_to_curve_vartime : Bytes.t -> Bytes.t -> t
  end

  (** Points in affine coordinates: what a decoder produces before any
      arithmetic, e.g. to store many points. Encoding: ZCash uncompressed. *)
  module Affine : sig
    type t

    (** Decodes the uncompressed format (all checks). *)
    val of_bytes_opt : Bytes.t -> t option

    (** As {!of_bytes_opt}; raises {!Bls12_381.Ec_sig.Invalid_point}. *)
    val of_bytes_exn : Bytes.t -> t

    (** Decodes without the subgroup check (every other check is made): for
        bytes known to encode a point of the group, e.g. written by this
        library. Arithmetic on a point outside the subgroup is meaningless. *)
    val of_bytes_unchecked_opt : Bytes.t -> t option

    (** As {!of_bytes_unchecked_opt}; raises {!Bls12_381.Ec_sig.Invalid_point}. *)
    val of_bytes_unchecked_exn : Bytes.t -> t

    (** The uncompressed encoding. *)
    val to_bytes : t -> Bytes.t

    (** Normalises (one field inversion). *)
    val of_projective : Uncompressed.t -> t

    (** The decoded form. *)
    val to_projective : t -> Uncompressed.t
  end

  include CURVE with type t = Uncompressed.t and type affine = Affine.t and module Scalar := Scalar

  (** The point with affine coordinates [(x, y)], if it is one (see
      [Uncompressed.of_z_opt]). *)
  val of_z_opt : x:coord -> y:coord -> t option

  (** RFC 9380's map_to_curve, not cleared of the cofactor (see
      [Uncompressed.map_to_curve]). *)
  val map_to_curve : coord -> t
end

