(** The scalar field of BLS12-381: the integers modulo the prime
    [r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001]
    (255 bits), the order of G1, G2 and GT.

    An element is a custom block holding the Rust core's Montgomery form
    (32 bytes): operations call Rust directly, with no conversion, and
    allocate only their result. OCaml's polymorphic [=], [compare] and
    [Hashtbl.hash] work on elements and agree with {!eq} and {!compare};
    [Marshal] writes the encoding and checks it when reading back. Its encoding ({!to_bytes}) is the 32-byte little-endian
    integer in [\[0, r)], as in ocaml-bls12-381.

    Timing: {!add}, {!sub}, {!mul}, {!square}, {!double}, {!negate}, {!eq},
    {!inverse_exn} and {!pow} (for a non-negative exponent below [r]: every
    such exponent is passed as 32 bytes) are constant time in the values of
    their arguments; {!sqrt_opt} and {!legendre_symbol} may not be, and the
    conversions through Zarith ({!of_z}, {!to_z}, the exponent of {!pow}) are
    not. *)

include Ff_sig.PRIME_WITH_ROOT_OF_UNITY


(** {2 Square roots of public inputs}

    {!sqrt_opt} takes the variable-time table method (discrete logarithms
    of the 2{^32}-th roots of unity with precomputed tables): its time
    depends on the input, so it is for public values. It returns the same
    root as the constant-time method of the Rust core's [Fr::sqrt]. *)

(** [pp fmt x] prints [x] as its decimal integer in [\[0, r)] (for the
    toplevel: [#install_printer Bls12_381.Fr.pp]). *)
val pp : Format.formatter -> t -> unit

(** {2 Order, size} *)

(** [compare a b] orders the elements as ocaml-bls12-381 does: their
    32-byte little-endian encodings compared byte by byte, least significant
    byte first, so [compare (of_int 256) (of_int 1) < 0]. It is OCaml's
    polymorphic [compare] on elements, and is consistent with {!eq}. *)
val compare : t -> t -> int

(** The bytes a value occupies on the OCaml heap: 48 (a custom block of 32
    bytes), as in ocaml-bls12-381. *)
val size_in_memory : int

(** {2 In-place arithmetic (Octez's [Fr])}

    [op_inplace res a b] writes [op a b] into [res], allocating nothing;
    [res] may be [a] or [b]. Only write into values you made ({!copy},
    results of operations): constants such as {!zero} and {!one}, and
    values shared with other code, are changed for everyone. *)

val add_inplace : t -> t -> t -> unit
val sub_inplace : t -> t -> t -> unit
val mul_inplace : t -> t -> t -> unit
val double_inplace : t -> t -> unit
val square_inplace : t -> t -> unit
val negate_inplace : t -> t -> unit

(** [inverse_exn_inplace res a]: raises [Division_by_zero] (leaving [res]
    unchanged) if [a] is zero. *)
val inverse_exn_inplace : t -> t -> unit

(** [memcpy dst src] overwrites [dst] with the value of [src]. *)
val memcpy : t -> t -> unit

(** {2 Arrays} *)

(** The sum of the elements (zero for none), in one call to Rust. *)
val add_bulk : t list -> t

(** The product of the elements (one for none), in one call to Rust. *)
val mul_bulk : t list -> t

(** [inner_product_exn a b] is [sum_i a.(i) b.(i)]; raises
    [Invalid_argument] if the arrays differ in length. *)
val inner_product_exn : t array -> t array -> t

(** As {!inner_product_exn}, [None] when the lengths differ. *)
val inner_product_opt : t array -> t array -> t option

(** The inverses of the elements, zeros staying zero, with a single field
    inversion for all (Montgomery's trick). Constant time in the values. *)
val batch_inverse : t array -> t array

(** {2 Fourier transforms over domains of roots of unity}

    A domain of size [n] is the array [[|1; w; w{^2}; ...; w{^n-1}|]] for a
    [w] of order exactly [n], [n] a power of two up to 2{^32} (the roots of
    unity of Fr have orders dividing 2{^32}). The functions check it, in
    linear time, and raise [Invalid_argument] naming the fault if it is not
    one. The transforms take [O(n log n)] field products, in Rust, with the
    runtime lock released (the values are copied out of the OCaml heap and
    back).

    {[
      let n = 8 in
      let w = (* an element of order 8 *) ... in
      let domain = Array.init n (fun i -> Fr.pow w (Z.of_int i)) in
      let inverse = Array.init n (fun i -> Fr.pow w (Z.of_int (-i))) in
      let evals = Fr.fft ~domain ~points:coefficients in
      let coefficients' = Fr.ifft ~domain:inverse ~points:evals
    ]} *)

(** [fft ~domain ~points]: the [n] evaluations [p(domain.(i))] of the
    polynomial [p] whose coefficients are [points] (lowest degree first),
    i.e. [sum_j points.(j) domain.(i){^j}]. [points] may be shorter than
    the domain (missing coefficients are zero), not longer
    ([Invalid_argument]). A fresh array; the arguments are not modified. *)
val fft : domain:t array -> points:t array -> t array

(** [ifft ~domain ~points], [domain] the {e inverse} domain
    [[|1; w{^-1}; ...; w{^-(n-1)}|]]: the coefficients of the polynomial of
    degree below [n] taking the values [points] on [[|1; w; ...|]], i.e.
    [(1/n) sum_j points.(j) domain.(i){^j}]. Exactly [n] points. *)
val ifft : domain:t array -> points:t array -> t array

(** {!fft} with the results stored in the slots of [points] (exactly [n]
    points). The slots receive fresh values: the former elements are not
    modified, so elements shared with other arrays (after [Array.copy] or
    [Array.make]) or constants stay intact. *)
val fft_inplace : domain:t array -> points:t array -> unit

(** {!ifft} with the results stored in the slots of [points], as
    {!fft_inplace}. *)
val ifft_inplace : domain:t array -> points:t array -> unit

(** {2 The standard roots of unity} *)

(** [root_of_unity ~log:k]: the standard primitive root of unity of order
    [2{^k}], [0 <= k <= 32] (else [Invalid_argument]): [g{^2{^32-k}}] for
    [g = 7{^(r-1)/2{^32}}] (7 generates the multiplicative group), which is
    [get_nth_root_of_unity (Z.shift_left Z.one k)] and the generator of
    {!Bls12_381.Fft_domain.of_log}[ k]. Squaring the root of order [2{^k}]
    gives the one of order [2{^k-1}]. *)
val root_of_unity : log:int -> t
