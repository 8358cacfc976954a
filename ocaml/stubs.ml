(* The C ABI, bound through the stubs bindings/gen.exe generated. *)
include Bls12_381_bindings.Make (Bls12_381_generated)

module Error_code = Bls12_381_bindings.Error_code

module Unlocked = Bls12_381_bindings.Unlocked (Bls12_381_unlocked_generated)
