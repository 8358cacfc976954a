(* The C ABI, bound through the stubs bindings/gen.exe generated. *)
include Bls12_381_bindings.Make (Bls12_381_generated)

module Error_code = Bls12_381_bindings.Error_code

module Unlocked = Bls12_381_bindings.Unlocked (Bls12_381_unlocked_generated)

let[@inline] fresh0 alloc f =
  let r = alloc () in
  f r;
  r

let[@inline] fresh1 alloc f a =
  let r = alloc () in
  f r a;
  r

let[@inline] fresh2 alloc f a b =
  let r = alloc () in
  f r a b;
  r
