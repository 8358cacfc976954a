(** What {!Fr} and {!Fq12} share: a field element is a [bytes] holding the
    in-memory form of the Rust core (Montgomery limbs), wrapped once, when the
    value is created, in the [bytes Ctypes.ocaml] handle the generated stubs
    take; operations hand those handles to C as they are, so a call allocates
    nothing but its result. Internal. *)

(** The sizes and order of a field. *)
module type PARAMS = sig
  (** Bytes of the in-memory form ([BLS12_381_*_SIZE]). *)
  val size : int

  (** Bytes of the canonical encoding. *)
  val encoding_size : int

  (** Bytes {!Stubs.FIELD.of_bytes_wide} reduces. *)
  val wide_size : int

  (** The number of elements of the field. *)
  val order : Z.t

  (** [Some n]: exponents are passed to C as [n] bytes, so that [pow] takes
      the same time for every reduced exponent; [None]: as the 64-bit words
      the reduced exponent needs. *)
  val fixed_exponent_bytes : int option
end

module Make (R : Stubs.FIELD) (P : PARAMS) : sig
  include Ff_sig.BASE with type t = Stubs.buf

  (** A fresh buffer (contents unspecified) for C to write an element to. *)
  val alloc : unit -> t
end
