(* Fr over the stubs of bls12_381_values.c: the arithmetic is direct
   externals (Field.Ops: one C call, no closure), the rest comes from
   Field.Make. *)

include Field.Make (struct
  type t = Value.fr

  let alloc = Value.Fr.alloc
  let encoding_size = 32

  let order =
    Z.of_string "52435875175126190479447740508185965837690552500527637822603658699938581184513"

  (* Scalars are often secret: every reduced exponent takes 32 bytes. *)
  let fixed_exponent_bytes = Some 32
  let random_encoding int = Bytes.init 32 (fun _ -> Char.unsafe_chr (int 256))
end)

(* The arithmetic and its in-place forms (Octez's Fr): direct externals. *)
include Field.Ops

(* ocaml-bls12-381's decoders: an encoding shorter than 32 bytes is the
   little-endian integer it holds (zero-padded at the most significant
   end); a longer one is rejected. [check_bytes] accepts exactly 32 bytes. *)
let pad bs =
  let n = Bytes.length bs in
  if n >= size_in_bytes then bs
  else begin
    let b = Bytes.make size_in_bytes '\000' in
    Bytes.blit bs 0 b 0 n;
    b
  end

let of_bytes_opt bs = of_bytes_opt (pad bs)

let of_bytes_exn bs =
  match decode (pad bs) with Ok r -> r | Error _ -> raise (Not_in_field bs)

let factor_power_of_two =
  let rec go s q = if Z.is_even q then go (Stdlib.( + ) s 1) (Z.shift_right q 1) else (s, q) in
  go 0 (Z.pred order)

let of_z z =
  let bits = Z.to_bits (Z.erem z order) in
  let b = Bytes.make size_in_bytes '\000' in
  Bytes.blit_string bits 0 b 0 (min size_in_bytes (String.length bits));
  of_bytes_exn b

let to_z x = Z.of_bits (Bytes.unsafe_to_string (to_bytes x))
let of_string s = of_z (Z.of_string s)
let to_string x = Z.to_string (to_z x)
let of_int n = of_z (Z.of_int n)
let pp fmt x = Format.pp_print_string fmt (to_string x)

external legendre : t -> int = "caml_bls12_381_fr_legendre" [@@noalloc]

let legendre_symbol x = Z.of_int (legendre x)
let is_quadratic_residue x = not (Int.equal (legendre x) (-1))

(* ---- Roots of unity ---- *)

(* 7 generates the multiplicative group of Fr: 7^((r-1)/n) has order n. *)
let get_nth_root_of_unity n =
  if Z.leq n Z.zero || not (Z.equal (Z.erem (Z.pred order) n) Z.zero) then
    invalid_arg (Printf.sprintf "Fr.get_nth_root_of_unity: %s does not divide r - 1" (Z.to_string n));
  pow (of_int 7) (Z.divexact (Z.pred order) n)

let is_nth_root_of_unity n x = is_one (pow x n)

(* ---- Public-input square roots, arrays, in-place forms ---- *)

external sqrt_vartime_into : t -> t -> int = "caml_bls12_381_fr_sqrt_vartime_into" [@@noalloc]

let sqrt_opt x =
  match Value.decode Value.Fr.alloc sqrt_vartime_into x with Ok r -> Some r | Error _ -> None

(* ocaml-bls12-381's order: Stdlib.compare of the little-endian encodings,
   i.e. byte by byte from the least significant (compare (of_int 256)
   (of_int 1) < 0); the custom blocks' compare, so polymorphic compare
   agrees. *)
let compare (a : t) (b : t) = Value.compare a b

(* A value is a custom block: its header, the operations pointer, the
   32 bytes. *)
let size_in_memory = Stdlib.(Obj.reachable_words (Obj.repr one) * (Sys.word_size / 8))

let inverse_exn_inplace res a =
  if inverse_into res a <> Stubs.Error_code.ok then raise Division_by_zero

let memcpy (dst : t) (src : t) = Value.blit src dst
let of_cmem = Value.Fr.of_cmem

let array_call fn stub xs =
  Transform.sum fn stub ~size:size_in_bytes ~of_cmem (Array.of_list xs)

let add_bulk xs = array_call "Fr.add_bulk" Stubs.Unlocked.Fr_array.batch_sum xs
let mul_bulk xs = array_call "Fr.mul_bulk" Stubs.Unlocked.Fr_array.batch_product xs

let inner_product_opt a b =
  let n = Array.length a in
  if n <> Array.length b then None
  else begin
    let ma = Transform.pack 32 a and mb = Transform.pack 32 b and out = Cmem.create 32 in
    let c =
      Stubs.Unlocked.Fr_array.batch_inner_product (Cmem.ptr out) (Cmem.ptr ma) (Cmem.ptr mb)
        (Unsigned.Size_t.of_int n)
    in
    Cmem.keep ma;
    Cmem.keep mb;
    if c <> Stubs.Error_code.ok then invalid_arg (Printf.sprintf "Fr.inner_product: error code %d" c);
    Some (of_cmem out 0)
  end

let inner_product_exn a b =
  match inner_product_opt a b with
  | Some r -> r
  | None ->
      invalid_arg
        (Printf.sprintf "Fr.inner_product_exn: arrays of %d and %d elements" (Array.length a)
           (Array.length b))

let batch_inverse xs =
  let open Stdlib in
  let n = Array.length xs in
  let m = Transform.pack 32 xs in
  let c = Stubs.Unlocked.Fr_array.batch_invert (Cmem.ptr m) (Unsigned.Size_t.of_int n) in
  Cmem.keep m;
  if c <> Stubs.Error_code.ok then invalid_arg (Printf.sprintf "Fr.batch_inverse: error code %d" c);
  Transform.unpack of_cmem 32 m n

let op = Transform.op_fr
let fft ~domain ~points = Transform.fft "Fr.fft" ~op ~zero ~domain ~points
let ifft ~domain ~points = Transform.ifft "Fr.ifft" ~op ~domain ~points

let fft_inplace ~domain ~points =
  Transform.inplace "Fr.fft_inplace" ~op ~inverse:false ~domain ~points

let ifft_inplace ~domain ~points =
  Transform.inplace "Fr.ifft_inplace" ~op ~inverse:true ~domain ~points

(* ---- The standard roots of unity ---- *)

external root_of_unity_into : t -> int -> int = "caml_bls12_381_fr_root_of_unity_into" [@@noalloc]

let root_of_unity ~log:k =
  if Stdlib.(k < 0 || k > 32) then
    invalid_arg (Printf.sprintf "Fr.root_of_unity: log2 order %d outside [0, 32]" k);
  let r = Value.Fr.alloc () in
  ignore (root_of_unity_into r k : int);
  r
