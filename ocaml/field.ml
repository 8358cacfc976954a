module type PARAMS = sig
  val encoding_size : int
  val random_encoding : (int -> int) -> Bytes.t
  val order : Z.t
  val fixed_exponent_bytes : int option
end

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

module Make (R : PRIMS) (P : PARAMS) = struct
  exception Not_in_field of Bytes.t

  type t = R.t

  let order = P.order
  let size_in_bytes = P.encoding_size
  let zero = R.zero ()
  let one = R.one ()
  let is_zero = R.is_zero
  let is_one = R.is_one
  let eq = R.eq
  let add = R.add
  let sub = R.sub
  let mul = R.mul
  let negate = R.neg
  let double = R.double
  let square = R.square

  let inverse_opt a =
    let r = R.alloc () in
    if R.inverse_into r a = Stubs.Error_code.ok then Some r else None

  let inverse_exn a =
    let r = R.alloc () in
    if R.inverse_into r a = Stubs.Error_code.ok then r else raise Division_by_zero

  let div_exn a b = mul a (inverse_exn b)
  let div_opt a b = match inverse_opt b with None -> None | Some ib -> Some (mul a ib)
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
    R.pow x exp

  let pow x n = if Z.sign n >= 0 then pow_nonneg x n else pow_nonneg (inverse_exn x) (Z.neg n)

  let decode bs =
    let r = R.alloc () in
    let c = R.of_bytes_into r bs in
    if c = Stubs.Error_code.ok then Ok r else Error c

  let of_bytes_opt bs = match decode bs with Ok r -> Some r | Error _ -> None
  let of_bytes_exn bs = match decode bs with Ok r -> r | Error _ -> raise (Not_in_field bs)
  let check_bytes bs = Option.is_some (of_bytes_opt bs)
  let to_bytes = R.to_bytes
  let copy : t -> t = Value.copy

  (* ocaml-bls12-381's sampling, so that a seeded state gives its values:
     an encoding drawn byte by byte with [Random.int 256] (or
     [Random.State.int]), drawn again until it decodes. *)
  let rec random ?state () =
    let int = match state with None -> Random.int | Some s -> Random.State.int s in
    match of_bytes_opt (P.random_encoding int) with
    | Some r -> r
    | None -> random ?state ()

  let rec non_null_random ?state () =
    let r = random ?state () in
    if is_zero r then non_null_random ?state () else r

  let ( + ) = add
  let ( * ) = mul
  let ( - ) = negate
  let ( / ) = div_exn
  let ( ** ) = pow
  let ( = ) = eq
end
