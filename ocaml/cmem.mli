(** C memory for the arguments and results of the calls that release the
    runtime lock ({!Stubs.Unlocked}). Internal.

    While the lock is released, another OCaml thread may run the GC, which
    moves or frees OCaml heap values: a pointer into [bytes] would dangle. A
    [t] is a [Bigarray] of bytes: its data are malloc'd outside the OCaml
    heap and never move, and their size counts towards the GC's pressure (so
    large temporaries are reclaimed promptly). The data are freed when the
    bigarray is collected: callers must keep it reachable until the C call
    has returned ({!keep} after the call). *)

type t = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

(** [create n]: [n] bytes, uninitialised. *)
val create : int -> t

(** The bytes of [m] from [off] on (default 0), as a C pointer. *)
val ptr : ?off:int -> t -> unit Ctypes.ptr

(** [blit_in src m off len] copies the first [len] bytes of the OCaml
    buffer [src] to [m] at [off]. *)
val blit_in : Bls12_381_bindings.buf -> t -> int -> int -> unit

(** [blit_out m off dst len] copies [len] bytes of [m] from [off] to the
    OCaml buffer [dst]. *)
val blit_out : t -> int -> Bls12_381_bindings.buf -> int -> unit

(** A copy of the bytes. *)
val of_bytes : Bytes.t -> t

(** [to_buf m off len]: a fresh OCaml buffer holding [len] bytes of [m] from
    [off]. *)
val to_buf : t -> int -> int -> Bls12_381_bindings.buf

(** [keep x]: [x] stays reachable up to this point (an opaque use the
    compiler cannot drop). *)
val keep : 'a -> unit
