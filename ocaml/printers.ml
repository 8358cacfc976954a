(* Printers of the library's exceptions for Printexc (Printexc.to_string,
   uncaught exceptions), registered when the library is initialised: each
   exception under its public path, its bytes in hexadecimal, e.g.
   [Bls12_381.Fr.Not_in_field "0x0100...00"]. Without them, OCaml prints
   the internal path (Bls12_381__Field.Make(R)(P).Not_in_field for Fr) and
   the bytes as an escaped string.

   The library is linked with -linkall (ocaml/dune), so this module is part
   of every program that uses the library, whether or not the program names
   it or the module Bls12_381. *)

(* The bytes of a rejected input may be of any length: beyond the largest
   encoding of the library (an Fq12 or GT element, 576 bytes) only the first
   [shown] bytes are written, then the length. *)
let largest = 576
let shown = 64

let hex b =
  let n = Bytes.length b in
  let m = if n > largest then shown else n in
  let s = Buffer.create ((2 * m) + 24) in
  Buffer.add_string s "0x";
  for i = 0 to m - 1 do
    Buffer.add_string s (Printf.sprintf "%02x" (Char.code (Bytes.get b i)))
  done;
  if m < n then Buffer.add_string s (Printf.sprintf "... (%d bytes)" n);
  Buffer.contents s

let decode_error_name = function
  | Ec_sig.Invalid_length -> "Invalid_length"
  | Ec_sig.Invalid_flags -> "Invalid_flags"
  | Ec_sig.Not_canonical -> "Not_canonical"
  | Ec_sig.Not_on_curve -> "Not_on_curve"
  | Ec_sig.Not_in_subgroup -> "Not_in_subgroup"

let with_bytes path b = Some (Printf.sprintf "Bls12_381.%s %S" path (hex b))

(* The reason a field decoder rejected [b]: the constructors (the
   original's) carry only the bytes, so the printed form adds what was
   wrong with them. *)
let with_reason path b ~size ~modulus =
  let n = Bytes.length b in
  let reason =
    if n > size then Printf.sprintf "%d bytes, at most %d expected" n size
    else if n <> size then Printf.sprintf "%d bytes, %d expected" n size
    else Printf.sprintf "not below %s" modulus
  in
  Some (Printf.sprintf "Bls12_381.%s %S (%s)" path (hex b) reason)

let () =
  Printexc.register_printer (function
    | Fr.Not_in_field b -> with_reason "Fr.Not_in_field" b ~size:32 ~modulus:"r"
    | Fq12.Not_in_field b -> with_reason "Fq12.Not_in_field" b ~size:576 ~modulus:"p (a coefficient)"
    | Ec_sig.Invalid_point (e, b) ->
        Some (Printf.sprintf "Bls12_381.Ec_sig.Invalid_point (%s, %S)" (decode_error_name e) (hex b))
    | G1.Not_on_curve b -> with_bytes "G1.Not_on_curve" b
    | G2.Not_on_curve b -> with_bytes "G2.Not_on_curve" b
    | Gt.Not_in_group b -> with_bytes "GT.Not_in_group" b
    | Pairing.FailToComputeFinalExponentiation x ->
        with_bytes "Pairing.FailToComputeFinalExponentiation" (Fq12.to_bytes x)
    | _ -> None)
