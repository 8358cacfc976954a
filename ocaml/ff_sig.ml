(** Signatures of finite fields, as in ocaml-ff's [Ff_sig].

    {!BASE} is what every field of the library offers ({!Bls12_381.Fq12}
    among them); {!PRIME} adds what makes sense for a prime field GF(p)
    ({!Bls12_381.Fr}). Code written against ocaml-ff's [Ff_sig.BASE] or
    [Ff_sig.PRIME] works with these, which also have {!BASE.copy}.

    Values of type [t] are immutable: every operation returns a fresh value. *)

(** A finite field. *)
module type BASE = sig
  (** Raised by {!of_bytes_exn} with the rejected bytes. *)
  exception Not_in_field of Bytes.t

  (** An element of the field. *)
  type t

  (** The order (number of elements) of the field. *)
  val order : Z.t

  (** Number of bytes of the encoding of an element ({!to_bytes}). *)
  val size_in_bytes : int

  (** [check_bytes bs] is [true] iff [bs] is the encoding of an element:
      exactly {!size_in_bytes} bytes, every integer below its modulus. *)
  val check_bytes : Bytes.t -> bool

  (** The neutral element of the addition. *)
  val zero : t

  (** The neutral element of the multiplication. *)
  val one : t

  (** [is_zero x] is [true] iff [x] is {!zero}. *)
  val is_zero : t -> bool

  (** [is_one x] is [true] iff [x] is {!one}. *)
  val is_one : t -> bool

  (** [random ?state ()] is an element drawn uniformly at random (up to a
      negligible bias) from the bits of [state], or of the global state of
      [Random] if no [state] is given. Not for secrets: [Random] is not a
      cryptographic generator. The same state gives the same element. *)
  val random : ?state:Random.State.t -> unit -> t

  (** Like {!random}, but never {!zero}. *)
  val non_null_random : ?state:Random.State.t -> unit -> t

  (** [add a b] is [a + b]. *)
  val add : t -> t -> t

  (** Infix {!add}. *)
  val ( + ) : t -> t -> t

  (** [sub a b] is [a - b]. *)
  val sub : t -> t -> t

  (** [mul a b] is [a * b]. *)
  val mul : t -> t -> t

  (** Infix {!mul}. *)
  val ( * ) : t -> t -> t

  (** [eq a b] is [true] iff [a] and [b] are the same element. Constant
      time. *)
  val eq : t -> t -> bool

  (** Infix {!eq}. *)
  val ( = ) : t -> t -> bool

  (** [negate x] is [-x], the unique [y] such that [x + y = 0]. *)
  val negate : t -> t

  (** Prefix {!negate} (as in ocaml-ff: [( - ) x] is [negate x]). *)
  val ( - ) : t -> t

  (** [inverse_exn x] is [1/x], the unique [y] with [x * y = 1]. Constant time.
      @raise Division_by_zero if [x] is {!zero}. *)
  val inverse_exn : t -> t

  (** [inverse_opt x] is [Some (1/x)], or [None] if [x] is {!zero}. *)
  val inverse_opt : t -> t option

  (** [div_exn a b] is [a / b], the unique [y] with [b * y = a].
      @raise Division_by_zero if [b] is {!zero}. *)
  val div_exn : t -> t -> t

  (** [div_opt a b] is [Some (a / b)], or [None] if [b] is {!zero}. *)
  val div_opt : t -> t -> t option

  (** Infix {!div_exn}. *)
  val ( / ) : t -> t -> t

  (** [square x] is [x * x]. *)
  val square : t -> t

  (** [double x] is [x + x]. *)
  val double : t -> t

  (** [pow x n] is [x] to the power [n], for any integer [n]:
      - [pow x Z.zero] is {!one} for every [x], {!zero} included;
      - [n > 0]: the exact power; [pow zero n] is {!zero}. An exponent
        [n >= order - 1] is first replaced by [1 + (n - 1) mod (order - 1)],
        which gives the same power for every [x] (Fermat), zero included
        (ocaml-bls12-381 reduces [n mod (order - 1)] instead, and so returns
        {!one} for [pow zero (order - 1)]);
      - [n < 0]: [pow x n] is [pow (inverse_exn x) (Z.neg n)].
      @raise Division_by_zero if [n < 0] and [x] is {!zero}. *)
  val pow : t -> Z.t -> t

  (** Infix {!pow}. *)
  val ( ** ) : t -> Z.t -> t

  (** [of_bytes_exn bs] decodes the little-endian encoding of {!to_bytes}
      (for an extension field, the coefficients in order, the constant one
      first).
      @raise Not_in_field [bs] if [bs] is not {!size_in_bytes} long or an
      integer in it is not below its modulus. *)
  val of_bytes_exn : Bytes.t -> t

  (** Like {!of_bytes_exn}, but [None] instead of the exception. *)
  val of_bytes_opt : Bytes.t -> t option

  (** [to_bytes x] is the canonical encoding of [x], {!size_in_bytes} bytes,
      little endian: the encoding of {!one} in a prime field starts with the
      byte [0x01] and is zero elsewhere. *)
  val to_bytes : t -> Bytes.t

  (** [copy x] is a fresh value equal to [x] (values are immutable: needed
      only by code that compares values physically). *)
  val copy : t -> t
end

(** A prime field GF(p). *)
module type PRIME = sig
  include BASE

  (** [(s, q)] such that [order - 1 = 2^s * q] with [q] odd. *)
  val factor_power_of_two : int * Z.t

  (** [of_string s] is the element [Z.of_string s mod order]: decimal by
      default, or with the prefixes [0x], [0o], [0b] Zarith accepts; negative
      integers are taken modulo [order].
      @raise Invalid_argument if [s] is not an integer. *)
  val of_string : string -> t

  (** [to_string x] is the decimal representation of the integer in
      [\[0, order)] that [x] is: [of_string (to_string x) = x]. *)
  val to_string : t -> string

  (** [of_z z] is [z mod order] (Euclidean: negative [z] work). *)
  val of_z : Z.t -> t

  (** [to_z x] is the integer in [\[0, order)] that [x] is. *)
  val to_z : t -> Z.t

  (** The Legendre symbol of [x]: [Z.one] for a non-zero square, [Z.minus_one]
      for a non-square, [Z.zero] for {!zero}. *)
  val legendre_symbol : t -> Z.t

  (** [is_quadratic_residue x] is [true] iff [x = y * y] for some [y]
      (so [true] for {!zero}). *)
  val is_quadratic_residue : t -> bool

  (** [sqrt_opt x] is [Some y] with [y * y = x], or [None] if [x] is not a
      square. Which of the two roots is returned is unspecified. *)
  val sqrt_opt : t -> t option

  (** [of_int n] is [of_z (Z.of_int n)]: a negative [n] gives [order - |n|]. *)
  val of_int : int -> t
end

(** A prime field with the roots of unity of the orders dividing [order - 1]
    (ocaml-ff's [PRIME_WITH_ROOT_OF_UNITY]). *)
module type PRIME_WITH_ROOT_OF_UNITY = sig
  include PRIME

  (** [get_nth_root_of_unity n]: a primitive [n]-th root of unity, i.e. an
      [x] with [x{^n} = 1] and [x{^k} <> 1] for [0 < k < n].
      @raise Invalid_argument if [n] is not positive or does not divide
      [order - 1]. *)
  val get_nth_root_of_unity : Z.t -> t

  (** [is_nth_root_of_unity n x] is [true] iff [x{^n} = 1]. *)
  val is_nth_root_of_unity : Z.t -> t -> bool
end
