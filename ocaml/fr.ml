include
  Field.Make
    (Stubs.Fr)
    (struct
      let size = 32
      let encoding_size = 32
      let wide_size = 64

      let order =
        Z.of_string
          "52435875175126190479447740508185965837690552500527637822603658699938581184513"

      (* Scalars are often secret: every reduced exponent takes 32 bytes. *)
      let fixed_exponent_bytes = Some 32
    end)

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
let legendre_symbol x = Z.of_int (Stubs.Fr.legendre x)
let is_quadratic_residue x = not (Int.equal (Stubs.Fr.legendre x) (-1))


(* ---- Public-input square roots, arrays, in-place forms ---- *)

let sqrt_opt x =
  let r = alloc () in
  if Int.equal (Stubs.Fr.sqrt_vartime r x) Stubs.Error_code.ok then Some r else None

let compare a b = Z.compare (to_z a) (to_z b)

(* A value is a [bytes] of [size_in_bytes] bytes: its header word and the
   words of its contents. *)
let size_in_memory = Stdlib.(Obj.reachable_words (Obj.repr (alloc ())) * (Sys.word_size / 8))

let add_inplace res a b = Stubs.Fr.add res a b
let sub_inplace res a b = Stubs.Fr.sub res a b
let mul_inplace res a b = Stubs.Fr.mul res a b
let double_inplace res a = Stubs.Fr.double res a
let square_inplace res a = Stubs.Fr.square res a
let negate_inplace res a = Stubs.Fr.neg res a

let inverse_exn_inplace res a =
  if Stubs.Fr.inverse res a <> Stubs.Error_code.ok then raise Division_by_zero

let memcpy dst src =
  let d, d_off = Transform.bytes_of dst and s, s_off = Transform.bytes_of src in
  Bytes.blit s s_off d d_off 32

let array_call fn stub xs =
  Transform.sum fn stub ~size:size_in_bytes (Array.of_list xs)

let add_bulk xs = array_call "Fr.add_bulk" Stubs.Unlocked.Fr_array.sum xs
let mul_bulk xs = array_call "Fr.mul_bulk" Stubs.Unlocked.Fr_array.product xs

let inner_product_opt a b =
  let n = Array.length a in
  if n <> Array.length b then None
  else begin
    let ma = Transform.pack 32 a and mb = Transform.pack 32 b and out = Cmem.create 32 in
    let len = Unsigned.Size_t.of_int (Stdlib.( * ) 32 n) in
    let c =
      Stubs.Unlocked.Fr_array.inner_product (Cmem.ptr out) (Cmem.ptr ma) len (Cmem.ptr mb) len
    in
    Cmem.keep ma;
    Cmem.keep mb;
    Cmem.keep out;
    if c <> Stubs.Error_code.ok then invalid_arg (Printf.sprintf "Fr.inner_product: error code %d" c);
    Some (Cmem.to_buf out 0 32)
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
  let c = Stubs.Unlocked.Fr_array.batch_inverse (Cmem.ptr m) (Unsigned.Size_t.of_int (32 * n)) in
  Cmem.keep m;
  if c <> Stubs.Error_code.ok then invalid_arg (Printf.sprintf "Fr.batch_inverse: error code %d" c);
  Transform.unpack 32 m n

let fft_stub = Stubs.Unlocked.Fr_array.fft
let fft ~domain ~points = Transform.fft "Fr.fft" fft_stub ~size:32 ~zero ~domain ~points
let ifft ~domain ~points = Transform.ifft "Fr.ifft" fft_stub ~size:32 ~zero ~domain ~points

let fft_inplace ~domain ~points =
  Transform.inplace "Fr.fft_inplace" fft_stub ~size:32 ~zero ~inverse:false ~domain ~points

let ifft_inplace ~domain ~points =
  Transform.inplace "Fr.ifft_inplace" fft_stub ~size:32 ~zero ~inverse:true ~domain ~points
