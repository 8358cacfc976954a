(** The rule of [?start ?len] shared by the multi-scalar multiplications
    and the GT multi-exponentiation: ocaml-bls12-381's documented contract.
    Internal. *)

(** [terms ?start ?len n m]: the [(start, len)] of the terms
    [start .. start + len - 1] of two arrays of [n] and [m] items. Only the
    first [l = min n m] terms count (arrays of different lengths are
    fine); [start] defaults to 0 and [len] to [l - start]. Raises
    [Invalid_argument "start S len L"] (ocaml-bls12-381's message) unless
    [0 <= start], [1 <= len] and [start + len <= l]: an empty sum is an
    error, as in ocaml-bls12-381. *)
val terms : ?start:int -> ?len:int -> int -> int -> int * int
