(* What Fr and Fq12 share: a field element is a custom block holding the
   in-memory form of the Rust core (Montgomery limbs, Value); each
   operation is one direct C call that allocates nothing but its result.
   The stubs (bls12_381_values.c, "field") serve both fields: each calls the
   C ABI's function of its first value's kind. Internal. *)

(* The stubs. [include Field.Ops] gives Fr and Fq12 these externals under
   their names, so that a call from another module is one direct C call;
   their interfaces give them their types. *)
module Ops = struct
  external zero_into : 'a -> unit = "caml_bls12_381_field_zero_into" [@@noalloc]
  external one_into : 'a -> unit = "caml_bls12_381_field_one_into" [@@noalloc]
  external is_zero : 'a -> bool = "caml_bls12_381_field_is_zero" [@@noalloc]
  external is_one : 'a -> bool = "caml_bls12_381_field_is_one" [@@noalloc]
  external eq : 'a -> 'a -> bool = "caml_bls12_381_field_eq" [@@noalloc]
  external add : 'a -> 'a -> 'a = "caml_bls12_381_field_add"
  external sub : 'a -> 'a -> 'a = "caml_bls12_381_field_sub"
  external mul : 'a -> 'a -> 'a = "caml_bls12_381_field_mul"
  external negate : 'a -> 'a = "caml_bls12_381_field_neg"
  external double : 'a -> 'a = "caml_bls12_381_field_double"
  external square : 'a -> 'a = "caml_bls12_381_field_square"
  external add_inplace : 'a -> 'a -> 'a -> unit = "caml_bls12_381_field_add_into" [@@noalloc]
  external sub_inplace : 'a -> 'a -> 'a -> unit = "caml_bls12_381_field_sub_into" [@@noalloc]
  external mul_inplace : 'a -> 'a -> 'a -> unit = "caml_bls12_381_field_mul_into" [@@noalloc]
  external negate_inplace : 'a -> 'a -> unit = "caml_bls12_381_field_neg_into" [@@noalloc]
  external double_inplace : 'a -> 'a -> unit = "caml_bls12_381_field_double_into" [@@noalloc]
  external square_inplace : 'a -> 'a -> unit = "caml_bls12_381_field_square_into" [@@noalloc]
  external inverse_into : 'a -> 'a -> int = "caml_bls12_381_field_inverse_into" [@@noalloc]
  external pow_bytes : 'a -> Bytes.t -> 'a = "caml_bls12_381_field_pow"
  external of_bytes_into : 'a -> Bytes.t -> int = "caml_bls12_381_field_of_bytes_into" [@@noalloc]
  external to_bytes : 'a -> Bytes.t = "caml_bls12_381_field_to_bytes"
  external ( + ) : 'a -> 'a -> 'a = "caml_bls12_381_field_add"
  external ( * ) : 'a -> 'a -> 'a = "caml_bls12_381_field_mul"
  external ( - ) : 'a -> 'a = "caml_bls12_381_field_neg"
  external ( = ) : 'a -> 'a -> bool = "caml_bls12_381_field_eq" [@@noalloc]
end

(* The field's type, sizes and order. *)
module type PARAMS = sig
  type t

  (** A fresh value of the field's kind, to write to ({!Value.Kind}). *)
  val alloc : unit -> t

  (** Bytes of the canonical encoding. *)
  val encoding_size : int

  (** The number of elements of the field. *)
  val order : Z.t

  (** [Some n]: exponents are passed to C as [n] bytes, so that [pow] takes
      the same time for every reduced exponent; [None]: as the 64-bit words
      the reduced exponent needs. *)
  val fixed_exponent_bytes : int option

  (** [random_encoding int]: an encoding drawn with [int 256] for each
      random byte, as ocaml-bls12-381's [random] draws it; [random] draws
      again until one decodes. *)
  val random_encoding : (int -> int) -> Bytes.t
end

module Make (P : PARAMS) = struct
  exception Not_in_field of Bytes.t

  type t = P.t

  let order = P.order
  let size_in_bytes = P.encoding_size

  let constant write =
    let r = P.alloc () in
    write r;
    r

  let zero = constant Ops.zero_into
  let one = constant Ops.one_into

  let inverse_opt a =
    let r = P.alloc () in
    if Ops.inverse_into r a = Stubs.Error_code.ok then Some r else None

  let inverse_exn a = match inverse_opt a with Some r -> r | None -> raise Division_by_zero
  let div_exn (a : t) b = Ops.mul a (inverse_exn b)
  let div_opt (a : t) b = match inverse_opt b with None -> None | Some ib -> Some (Ops.mul a ib)
  let order_minus_one = Z.pred order

  (* x^n for n >= 0. For n >= order - 1 the exponent becomes
     1 + ((n - 1) mod (order - 1)), in [1, order - 1]: the same power for
     every x, zero included (x^(order-1) = 1 for x <> 0, and 0^e = 0 for
     e >= 1). *)
  let pow_nonneg x n =
    let e = if Z.geq n order_minus_one then Z.succ (Z.erem (Z.pred n) order_minus_one) else n in
    let bits = Z.to_bits e in
    let exp =
      match P.fixed_exponent_bytes with
      | None -> Bytes.unsafe_of_string bits
      | Some len ->
          let exp = Bytes.make len '\000' in
          (* e < 2^(8 len): the bytes past len are zero. *)
          Bytes.blit_string bits 0 exp 0 (min len (String.length bits));
          exp
    in
    Ops.pow_bytes x exp

  let pow x n = if Z.sign n >= 0 then pow_nonneg x n else pow_nonneg (inverse_exn x) (Z.neg n)
  let decode bs = Value.decode P.alloc Ops.of_bytes_into bs
  let of_bytes_opt bs = match decode bs with Ok r -> Some r | Error _ -> None
  let of_bytes_exn bs = match decode bs with Ok r -> r | Error _ -> raise (Not_in_field bs)
  let check_bytes bs = Option.is_some (of_bytes_opt bs)
  let copy : t -> t = Value.copy

  (* ocaml-bls12-381's sampling, so that a seeded state gives its values:
     an encoding drawn byte by byte with [Random.int 256] (or
     [Random.State.int]), drawn again until it decodes. *)
  let rec random ?state () =
    let int = match state with None -> Random.int | Some s -> Random.State.int s in
    match of_bytes_opt (P.random_encoding int) with Some r -> r | None -> random ?state ()

  let rec non_null_random ?state () =
    let r = random ?state () in
    if Ops.is_zero (r : t) then non_null_random ?state () else r

  let ( / ) = div_exn
  let ( ** ) = pow
end
