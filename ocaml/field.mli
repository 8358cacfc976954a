(** What {!Fr} and {!Fq12} share: a field element is a custom block holding
    the in-memory form of the Rust core (Montgomery limbs, {!Value}); each
    operation is one direct C call that allocates nothing but its result.
    Internal. *)

(** The sizes and order of a field. *)
module type PARAMS = sig
  (** Bytes of the canonical encoding. *)
  val encoding_size : int

  (** [random_encoding int]: an encoding drawn with [int 256] for each
      random byte, as ocaml-bls12-381's [random] draws it; [random] draws
      again until one decodes. *)
  val random_encoding : (int -> int) -> Bytes.t

  (** The number of elements of the field. *)
  val order : Z.t

  (** [Some n]: exponents are passed to C as [n] bytes, so that [pow] takes
      the same time for every reduced exponent; [None]: as the 64-bit words
      the reduced exponent needs. *)
  val fixed_exponent_bytes : int option
end

(** The C stubs of a field (bls12_381_values.c): fresh results, or written
    to a first argument ([_into]); decoders answer the C code. *)
module type PRIMS = sig
  type t

  val alloc : unit -> t
  val zero : unit -> t
  val one : unit -> t
  val is_zero : t -> bool
  val is_one : t -> bool
  val eq : t -> t -> bool
  val add : t -> t -> t
  val sub : t -> t -> t
  val mul : t -> t -> t
  val neg : t -> t
  val double : t -> t
  val square : t -> t
  val inverse_into : t -> t -> int
  val pow : t -> Bytes.t -> t
  val of_bytes_into : t -> Bytes.t -> int
  val to_bytes : t -> Bytes.t
end

module Make (R : PRIMS) (P : PARAMS) : sig
  include Ff_sig.BASE with type t = R.t

  (** The canonical encoding decoded: the C code on failure. *)
  val decode : Bytes.t -> (t, int) result
end
