(** The array operations Fr and the groups share: the transforms over a
    domain of roots of unity ([fft], [ifft] and their [_inplace] forms, in
    ocaml-bls12-381's conventions) and sums of many values. Internal.

    The values are copied to C memory end to end and the call runs with the
    OCaml runtime lock released; the results come back as fresh values. The
    domain is checked by the Rust library: it must be [[|1; w; ...;
    w^(n-1)|]] for a [w] of order exactly [n], [n] a power of two up to
    2{^32}; else [Invalid_argument] names the function and the fault. *)

(** [pack size xs]: the in-memory forms of [xs] ([size] bytes each) end
    to end in fresh C memory, then [pad] copies of [zero]. *)
val pack : ?pad:int -> ?zero:'a -> int -> 'a array -> Cmem.t

(** [unpack of_cmem size m n]: the [n] values of [size] bytes at the start
    of [m], as fresh values. *)
val unpack : (Cmem.t -> int -> 'a) -> int -> Cmem.t -> int -> 'a array

(** A transform of the C ABI ([bls12_381_fr_fft], [_g1_fft], [_g2_fft]). *)
type stub =
  unit Ctypes.ptr -> Unsigned.size_t -> unit Ctypes.ptr -> Unsigned.size_t -> int ->
  Unsigned.size_t -> int

(** [fft fn stub ~size ~zero ~domain ~points]: the [n = Array.length domain]
    values [sum_j points.(j) domain.(i j mod n)], [points] padded with
    [zero] up to [n] (more points than [n]: [Invalid_argument]). [size] is
    the bytes of a value's in-memory form. *)
val fft :
  string -> stub -> size:int -> of_cmem:(Cmem.t -> int -> 'a) -> zero:'a ->
  domain:'d array -> points:'a array -> 'a array

(** [ifft]: [(1/n) sum_j points.(j) domain.(i j mod n)]: the inverse of
    {!fft} when [domain] is the inverse domain. Exactly [n] points. *)
val ifft :
  string -> stub -> size:int -> of_cmem:(Cmem.t -> int -> 'a) -> zero:'a ->
  domain:'d array -> points:'a array -> 'a array

(** The results of {!fft} ([~inverse:false]) or {!ifft} stored in the slots
    of [points] (fresh values: the former elements are not modified, so
    values shared with other arrays or constants stay intact). *)
val inplace :
  string -> stub -> size:int -> of_cmem:(Cmem.t -> int -> 'a) -> zero:'a -> inverse:bool ->
  domain:'d array -> points:'a array -> unit

(** [sum fn stub ~size values]: [stub out values len] on the values end to
    end. *)
val sum :
  string -> (unit Ctypes.ptr -> unit Ctypes.ptr -> Unsigned.size_t -> int) -> size:int ->
  of_cmem:(Cmem.t -> int -> 'a) -> 'a array -> 'a
