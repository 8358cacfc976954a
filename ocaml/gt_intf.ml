(* The signature of Bls12_381.GT as a module type over the types it shares
   with Fr and Fq12, so that the top-level interface declares GT with the
   public paths of those types (Bls12_381.Fr.t, not Bls12_381__.Fr.t: the
   toplevel and error messages print them). *)

(** GT: the subgroup of order r of the multiplicative group of {!Fq12},
    where the pairing takes its values ({!Bls12_381.Pairing}).

    As in ocaml-bls12-381, GT is written {e additively}: {!add} is the
    group law (the Fq12 product), {!negate} the inverse, {!mul} the
    exponentiation by a scalar, {!zero} the identity (the Fq12 one) and
    {!one} the generator e(G1.one, G2.one).

    An element is its Fq12 value (the same 576-byte buffer): {!to_fq12} is
    free, {!of_fq12_opt} checks membership. Its encoding is the Fq12 one
    (12 x 48-byte little-endian coefficients in tower order, as
    ocaml-bls12-381's [GT.to_bytes]); decoders accept only elements of GT.

    Timing: {!add}, {!double}, {!negate}, {!eq}, {!is_zero} and {!mul} are
    constant time in the values of their arguments; {!mul_vartime} and
    {!pippenger} are not (for public scalars). Membership checks
    ({!of_bytes_opt}, {!of_fq12_opt}) are constant time in the element. *)
module type S = sig
  (** The scalars ({!Bls12_381.Fr.t}). *)
  type fr

  (** The elements of Fq12 ({!Bls12_381.Fq12.t}). *)
  type fq12

  (** Raised by {!of_bytes_exn} (with the rejected bytes) and {!of_fq12_exn}
      (with the encoding of the rejected Fq12 element). *)
  exception Not_in_group of Bytes.t

  (** An element of GT. Every element of GT is an element of Fq12: coerce
      with [(x :> fq12)] or {!to_fq12}; values of [t] are made only by this
      module and {!Bls12_381.Pairing}, so they are always in GT. *)
  type t = private fq12

  (** r, the order of GT (that of {!Fr}). *)
  val order : Z.t

  (** 576, the size of the encoding. *)
  val size_in_bytes : int

  (** Whether the bytes encode an element of GT: {!size_in_bytes} bytes,
      every coefficient below p, and the Fq12 element in GT (zero and every
      other non-member are rejected). *)
  val check_bytes : Bytes.t -> bool

  (** The element the bytes encode, or [None] (see {!check_bytes}). *)
  val of_bytes_opt : Bytes.t -> t option

  (** As {!of_bytes_opt}; raises {!Not_in_group}. *)
  val of_bytes_exn : Bytes.t -> t

  (** The encoding (a fresh buffer), that of the Fq12 value. *)
  val to_bytes : t -> Bytes.t

  (** The identity (the Fq12 one). *)
  val zero : t

  (** The generator e(G1.one, G2.one). *)
  val one : t

  (** Whether the element is the identity. *)
  val is_zero : t -> bool

  (** Whether the element is the generator {!one}. *)
  val is_one : t -> bool

  (** A uniformly random element ([mul one s] for a random scalar [s]), from
      the bits of [state] or of [Random]'s global state; not for secrets. *)
  val random : ?state:Random.State.t -> unit -> t

  (** The group law: the product in Fq12. *)
  val add : t -> t -> t

  (** [double x = add x x] (a cyclotomic squaring). *)
  val double : t -> t

  (** The inverse for the group law (the Fq12 inverse, computed as the
      conjugate). *)
  val negate : t -> t

  (** Equality. *)
  val eq : t -> t -> bool

  (** [mul x s] is [x] added to itself [s] times, i.e. [x{^s}] in Fq12.
      Constant time in [x] and [s] (fixed windows over the 255 bits of [s]). *)
  val mul : t -> fr -> t

  (** As {!mul}, in variable time: about three times faster, for public
      scalars only (verification, tests). *)
  val mul_vartime : t -> fr -> t

  (** [pippenger ?start ?len ?threads bases exps] is the sum of
      [mul bases.(i) exps.(i)] over the terms [i] from [start] to
      [start + len - 1]: in Fq12, the product of the [bases.(i){^exps.(i)}],
      a multi-exponentiation (an addition to ocaml-bls12-381's signature, in
      the style of {!G1.pippenger}). Identity bases, zero exponents, repeated
      and inverse bases are fine. (Rust: [bls12_381_core::msm::gt]; C:
      [bls12_381_gt_multiexp_vartime(_with_threads)].)

      {b Variable time}: the running time depends on the exponents (and on
      the bases), so both must be public (verification, batch checks), never
      secrets. It is computed by the bucket method over the exponents cut
      into four 64-bit parts through the Frobenius (in GT, [x{^p}] is [x]
      to the curve parameter), so that many terms cost much less than as
      many {!mul_vartime}.

      [?start] (default 0) and [?len] select the terms, as for
      {!G1.pippenger}: only the first [min (Array.length bases)
      (Array.length exps)] terms count (the arrays may have different
      lengths), [len] defaults to that count minus [start], and the slice
      must hold at least one term. Raises [Invalid_argument "start S len L"]
      (ocaml-bls12-381's message) if [start] is negative, [len] is below 1
      or the slice leaves either array (so no term, empty arrays included, is
      an error), and [Invalid_argument] naming [GT.pippenger] if [threads]
      is negative.

      [?threads]: [0], the default, uses all the threads of the Rust
      library's pool (one per core, or [RAYON_NUM_THREADS]); [1] only the
      calling thread; [k > 1] cuts the terms into [min k len] parts computed
      on that pool. The result does not depend on it. The bases and
      exponents are copied to C memory and the OCaml runtime lock is
      released during the computation: other OCaml threads run meanwhile. *)
  val pippenger : ?start:int -> ?len:int -> ?threads:int -> t array -> fr array -> t

  (** [pippenger_bytes ?start ?len ?threads bases exps] is {!pippenger}
      with each exponent given as bytes: a little-endian unsigned integer of
      any length (the empty one is zero), reduced mod r, as the Rust
      [msm::gt::multiexp_vartime_le_bytes] takes them ([r] acts as zero,
      [2{^256} - 1] as its residue). Exponents of at most 32 bytes go to the
      C ABI as they are (zero-extended; it reduces them), longer ones are
      reduced first. Same slices, threads, errors (naming
      [GT.pippenger_bytes]) and {b variable time} as {!pippenger}. *)
  val pippenger_bytes :
    ?start:int -> ?len:int -> ?threads:int -> t array -> Bytes.t array -> t

  (** The element as an Fq12 element (no copy: values are immutable). *)
  val to_fq12 : t -> fq12

  (** [f] as an element of GT, if it is one ([None] for zero and every other
      non-member). *)
  val of_fq12_opt : fq12 -> t option

  (** As {!of_fq12_opt}; raises {!Not_in_group}. *)
  val of_fq12_exn : fq12 -> t

  (** A copy that shares nothing with the argument. *)
  val copy : t -> t

  (** The bytes a value occupies on the OCaml heap (its byte buffer and the
      ctypes handle around it). *)
  val size_in_memory : int

  (** [pp fmt x] prints the element as its Fq12 value (12 hexadecimal
      coefficients; for the toplevel: [#install_printer Bls12_381.GT.pp]). *)
  val pp : Format.formatter -> t -> unit
end
