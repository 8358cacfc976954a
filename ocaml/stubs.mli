(** The C ABI of [rust/ffi] ({!Bls12_381_bindings.Make} applied to the module
    Cstubs generated at build time). Internal: used by {!Field}, {!Fr},
    {!Fq12}, {!Curve}, {!Gt} and {!Pairing}. The functions take
    [bytes Ctypes.ocaml] buffers, output first. *)

include module type of struct
  include Bls12_381_bindings.Make (Bls12_381_generated)
end

(** The [bls12_381_error] codes, by name: every test of a code uses these. *)
module Error_code = Bls12_381_bindings.Error_code

(** The long calls, whose stubs release the runtime lock
    ({!Bls12_381_bindings.Unlocked}): their buffers are C memory, see
    {!Cmem}. *)
module Unlocked : module type of struct
  include Bls12_381_bindings.Unlocked (Bls12_381_unlocked_generated)
end
