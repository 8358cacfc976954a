(** The array operations Fr and the groups share: ocaml-bls12-381's
    transforms over a domain given as the array of its points ([fft],
    [ifft] and their [_inplace] forms) and sums of many values. Internal.

    A transform makes an FFT domain handle of the C ABI from the domain's
    points, for the call (freed when it returns), and runs the handle's
    transform on the values (bls12_381_fft.c: gathered into C memory, the
    runtime lock released, the results back as fresh values). The domain is
    checked there: it must be [[|1; w; ...; w^(n-1)|]] for a [w] of order
    exactly [n], [n] a power of two up to 2{^32}; else [Invalid_argument]
    names the function and the fault. *)

(** [pack size xs]: the in-memory forms of [xs] ([size] bytes each) end
    to end in fresh C memory. *)
val pack : int -> 'a array -> Cmem.t

(** [unpack of_cmem size m n]: the [n] values of [size] bytes at the start
    of [m], as fresh values. *)
val unpack : (Cmem.t -> int -> 'a) -> int -> Cmem.t -> int -> 'a array

(** The transforms of the values of Fr, G1 and G2 ([~op]): the index of
    the forward transform in bls12_381_fft.c's table. *)
val op_fr : int

val op_g1 : int
val op_g2 : int

(** [fft fn ~op ~zero ~domain ~points]: the [n = Array.length domain]
    values [sum_j points.(j) domain.(i j mod n)], [points] padded with
    [zero] up to [n] (more points than [n]: [Invalid_argument]). *)
val fft : string -> op:int -> zero:'a -> domain:'d array -> points:'a array -> 'a array

(** [ifft]: [(1/n) sum_j points.(j) domain.(i j mod n)]: the inverse of
    {!fft} when [domain] is the inverse domain. Exactly [n] points. *)
val ifft : string -> op:int -> domain:'d array -> points:'a array -> 'a array

(** The results of {!fft} ([~inverse:false]) or {!ifft} stored in the slots
    of [points] (fresh values: the former elements are not modified, so
    values shared with other arrays or constants stay intact). *)
val inplace : string -> op:int -> inverse:bool -> domain:'d array -> points:'a array -> unit

(** [sum fn stub ~size values]: [stub out values n] on the [n] values end
    to end ([size] bytes each), the result read back with [of_cmem]. *)
val sum :
  string -> (unit Ctypes.ptr -> unit Ctypes.ptr -> Unsigned.size_t -> int) -> size:int ->
  of_cmem:(Cmem.t -> int -> 'a) -> 'a array -> 'a
