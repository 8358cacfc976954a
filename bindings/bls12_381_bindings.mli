(** ctypes descriptions of the C ABI declared in
    [rust/ffi/include/bls12_381.h] (crate bls12-381-ffi).

    The descriptions are a functor over {!Ctypes.FOREIGN}: applied by
    [gen.exe] to {!Cstubs}' generators, they produce the C stubs and the
    matching OCaml module at build time; applied to that generated module, they
    give the functions the library calls. Nothing is bound through libffi.

    Every buffer is an OCaml [bytes] passed as [bytes Ctypes.ocaml] (an
    [OCamlRef] block: the stub reads the bytes' address and offset from it and
    passes the address to C). Callers that keep their values as [buf] build
    that block once per value, not once per call. The stubs do not release the
    runtime lock, so the bytes cannot move during a call. Sizes are those of
    the header: the in-memory forms are [BLS12_381_FR_SIZE] = 32 and
    [BLS12_381_FQ12_SIZE] = 576 bytes, opaque, and only ever produced by these
    functions. *)

(** A buffer handed to C. *)
type buf = bytes Ctypes.ocaml

(** The ctypes description of {!buf} ([Ctypes.ocaml_bytes]). *)
val buf : buf Ctypes.typ

module Make (F : Ctypes.FOREIGN) : sig
  type nonrec buf = buf

  (** The functions the header declares for every field, with the header's
      argument order (output first). Return codes are [bls12_381_error]
      values: 0 for success. *)
  module type FIELD = sig
    (** [zero out] writes 0. *)
    val zero : (buf -> unit F.return) F.result

    (** [one out] writes 1. *)
    val one : (buf -> unit F.return) F.result

    (** [is_zero a]. Constant time. *)
    val is_zero : (buf -> bool F.return) F.result

    (** [is_one a]. Constant time. *)
    val is_one : (buf -> bool F.return) F.result

    (** [eq a b]. Constant time. *)
    val eq : (buf -> buf -> bool F.return) F.result

    (** [add out a b]: [out = a + b]. Outputs may alias inputs, here and
        below. *)
    val add : (buf -> buf -> buf -> unit F.return) F.result

    (** [sub out a b]: [out = a - b]. *)
    val sub : (buf -> buf -> buf -> unit F.return) F.result

    (** [mul out a b]: [out = a * b]. *)
    val mul : (buf -> buf -> buf -> unit F.return) F.result

    (** [neg out a]: [out = -a]. *)
    val neg : (buf -> buf -> unit F.return) F.result

    (** [double out a]: [out = 2a]. *)
    val double : (buf -> buf -> unit F.return) F.result

    (** [square out a]: [out = a^2]. *)
    val square : (buf -> buf -> unit F.return) F.result

    (** [inverse out a]: [out = 1/a], constant time; returns 3
        ([BLS12_381_ERR_NOT_INVERTIBLE]) on 0, leaving [out] untouched. *)
    val inverse : (buf -> buf -> int F.return) F.result

    (** [pow out a exp len]: [out = a^e] for [e] the little-endian integer in
        the first [len] bytes of [exp]; constant time in the bits of [e] for a
        given [len]. *)
    val pow :
      (buf -> buf -> buf -> Unsigned.size_t -> unit F.return) F.result

    (** [of_bytes out enc len] decodes the canonical encoding; returns 1
        (wrong length) or 2 (an integer not below its modulus) on error,
        leaving [out] untouched. *)
    val of_bytes : (buf -> buf -> Unsigned.size_t -> int F.return) F.result

    (** [to_bytes enc a] writes the canonical encoding of [a]. *)
    val to_bytes : (buf -> buf -> unit F.return) F.result

    (** [of_bytes_wide out wide] reduces the wide encoding (64 bytes for Fr,
        12 x 64 bytes for Fq12) to an element: a uniform input gives an
        element uniform up to a negligible bias. *)
    val of_bytes_wide : (buf -> buf -> unit F.return) F.result
  end

  (** [bls12_381_fr_*]: the scalar field. *)
  module Fr : sig
    include FIELD

    (** [sqrt out a]: a square root; returns 4 ([BLS12_381_ERR_NOT_SQUARE])
        if there is none, leaving [out] untouched. *)
    val sqrt : (buf -> buf -> int F.return) F.result

    (** [legendre a]: 1, -1 or 0. *)
    val legendre : (buf -> int F.return) F.result
  end

  (** [bls12_381_fq12_*]: the degree-12 extension of the base field. *)
  module Fq12 : FIELD
end
