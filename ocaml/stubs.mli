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

(** [fresh0 alloc f], [fresh1 alloc f a], [fresh2 alloc f a b]: a fresh
    buffer [r = alloc ()], returned after the call [f r], [f r a] or
    [f r a b] has written its result to it (output first, as above). No
    closure is made: [Field] and [Curve] call these on their hot paths. *)
val fresh0 : (unit -> 'r) -> ('r -> unit) -> 'r

val fresh1 : (unit -> 'r) -> ('r -> 'a -> unit) -> 'a -> 'r
val fresh2 : (unit -> 'r) -> ('r -> 'a -> 'b -> unit) -> 'a -> 'b -> 'r
