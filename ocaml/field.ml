module type PARAMS = sig
  val size : int
  val encoding_size : int
  val wide_size : int
  val order : Z.t
  val fixed_exponent_bytes : int option
end

(* Fills [b] from [Random]'s bits, 3 bytes per 30-bit draw. *)
let fill_random ?state b =
  let bits =
    match state with
    | None -> Random.bits
    | Some s -> fun () -> Random.State.bits s
  in
  let n = Bytes.length b in
  let i = ref 0 in
  while !i < n do
    let r = bits () in
    Bytes.unsafe_set b !i (Char.unsafe_chr (r land 0xff));
    if !i + 1 < n then Bytes.unsafe_set b (!i + 1) (Char.unsafe_chr ((r lsr 8) land 0xff));
    if !i + 2 < n then Bytes.unsafe_set b (!i + 2) (Char.unsafe_chr ((r lsr 16) land 0xff));
    i := !i + 3
  done

module Make (R : Stubs.FIELD) (P : PARAMS) = struct
  exception Not_in_field of Bytes.t

  type t = Stubs.buf

  let order = P.order
  let size_in_bytes = P.encoding_size
  let[@inline] alloc () = Ctypes.ocaml_bytes_start (Bytes.create P.size)
  let[@inline] handle b = Ctypes.ocaml_bytes_start b
  let[@inline] size_t n = Unsigned.Size_t.of_int n

  let zero = Stubs.fresh0 alloc R.zero
  let one = Stubs.fresh0 alloc R.one
  let is_zero x = R.is_zero x
  let is_one x = R.is_one x
  let eq a b = R.eq a b
  let add a b = Stubs.fresh2 alloc R.add a b
  let sub a b = Stubs.fresh2 alloc R.sub a b
  let mul a b = Stubs.fresh2 alloc R.mul a b
  let negate a = Stubs.fresh1 alloc R.neg a
  let double a = Stubs.fresh1 alloc R.double a
  let square a = Stubs.fresh1 alloc R.square a

  let inverse_opt a =
    let r = alloc () in
    if R.inverse r a = Stubs.Error_code.ok then Some r else None

  let inverse_exn a =
    let r = alloc () in
    if R.inverse r a = Stubs.Error_code.ok then r else raise Division_by_zero

  let div_exn a b = mul a (inverse_exn b)

  let div_opt a b =
    match inverse_opt b with None -> None | Some ib -> Some (mul a ib)

  let order_minus_one = Z.pred order

  (* x^n for n >= 0. For n >= order - 1 the exponent becomes
     1 + ((n - 1) mod (order - 1)), in [1, order - 1]: the same power for
     every x, zero included (x^(order-1) = 1 for x <> 0, and 0^e = 0 for
     e >= 1). *)
  let pow_nonneg x n =
    let e =
      if Z.geq n order_minus_one then Z.succ (Z.erem (Z.pred n) order_minus_one)
      else n
    in
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
    let r = alloc () in
    R.pow r x (handle exp) (size_t (Bytes.length exp));
    r

  let pow x n =
    if Z.sign n >= 0 then pow_nonneg x n else pow_nonneg (inverse_exn x) (Z.neg n)

  let of_bytes_opt bs =
    let r = alloc () in
    if R.of_bytes r (handle bs) (size_t (Bytes.length bs)) = Stubs.Error_code.ok then Some r
    else None

  let of_bytes_exn bs =
    match of_bytes_opt bs with Some r -> r | None -> raise (Not_in_field bs)

  let check_bytes bs = Option.is_some (of_bytes_opt bs)

  let to_bytes x =
    let b = Bytes.create P.encoding_size in
    R.to_bytes (handle b) x;
    b

  let copy (x : t) =
    match x with Cstubs_internals.OCamlRef (_, b, _) -> handle (Bytes.copy b)

  let random ?state () =
    let wide = Bytes.create P.wide_size in
    fill_random ?state wide;
    let r = alloc () in
    R.of_bytes_wide r (handle wide);
    r

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
