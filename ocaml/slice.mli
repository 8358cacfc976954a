(** The rule of [?start ?len] shared by the multi-scalar multiplications
    and the GT multi-exponentiation. Internal. *)

(** [terms fn ~what:(xs, ys) ?start ?len n m]: the [(start, len)] of the
    terms [start .. start + len - 1] of two arrays of [n] and [m] items
    ([what] names them, plural, for messages). With [?len], only that slice
    must lie in both arrays (an SRS longer than the coefficients is fine);
    without it, the arrays must be as long as each other and the slice runs
    from [start] (default 0) to their end. Otherwise [Invalid_argument]
    naming [fn] and the values. *)
val terms :
  string -> what:string * string -> ?start:int -> ?len:int -> int -> int -> int * int
