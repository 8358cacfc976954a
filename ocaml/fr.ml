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

let sqrt_opt x =
  let r = alloc () in
  if Int.equal (Stubs.Fr.sqrt r x) Stubs.Error_code.ok then Some r else None
