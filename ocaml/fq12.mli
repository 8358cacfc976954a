(** The degree-12 extension of the base field Fq of BLS12-381, built as the
    tower
    - Fq2 = Fq\[u\] / (u{^2} + 1),
    - Fq6 = Fq2\[v\] / (v{^3} - (u + 1)),
    - Fq12 = Fq6\[w\] / (w{^2} - v),

    where [Fq] is the prime field of
    [p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab]
    (381 bits). It holds the pairing's values (the Miller loop's output; GT is
    its subgroup of order r). {!order} is [p{^12}].

    An element is a custom block holding the Rust core's in-memory form
    (576 bytes, 72 Montgomery limbs): operations call Rust directly, with no
    conversion, and allocate only their result. OCaml's polymorphic [=],
    [compare] and [Hashtbl.hash] work on elements (they compare the
    encodings, so [=] agrees with {!eq}); [Marshal] writes the encoding and
    checks it when reading back.

    {b Encoding} (as ocaml-bls12-381): {!size_in_bytes} = 576 bytes, the 12
    coefficients over Fq, each a 48-byte little-endian integer in
    [\[0, p)], in tower order: c0.c0.c0, c0.c0.c1, c0.c1.c0, c0.c1.c1,
    c0.c2.c0, c0.c2.c1, c1.c0.c0, ..., c1.c2.c1, where [x = c0 + c1 w],
    [ci = ci.c0 + ci.c1 v + ci.c2 v{^2}] and [cij = cij.c0 + cij.c1 u].
    The encoding of {!one} is the byte [0x01] followed by 575 zero bytes.

    {b Powers}: {!pow} takes as long as the 64-bit words of the reduced
    exponent (at most [order - 1], 4572 bits) require: constant time in the
    exponent's bits for a given number of words. For a negative exponent it
    inverts first, so [pow x (Z.of_int (-1))] costs one inversion. *)

include Ff_sig.BASE

(** [of_z x0 x1 ... x11]: the element whose 12 coefficients over Fq, in
    the encoding's tower order (see above: [x0] is c0.c0.c0, [x1]
    c0.c0.c1, ..., [x11] c1.c2.c1), are the integers [xi] reduced modulo
    [p] (negative ones included), as ocaml-bls12-381's [Fq12.of_z]. *)
val of_z :
  Z.t -> Z.t -> Z.t -> Z.t -> Z.t -> Z.t -> Z.t -> Z.t -> Z.t -> Z.t -> Z.t -> Z.t -> t

(** [of_string s0 ... s11]: {!of_z} of the integers written in the strings
    (decimal, or with Zarith's [0x], [0o], [0b] prefixes); raises
    [Invalid_argument] on a string that is not an integer. *)
val of_string :
  string -> string -> string -> string -> string -> string -> string -> string -> string ->
  string -> string -> string -> t

(** {2 In-place arithmetic}

    [op_inplace res a b] writes [op a b] into [res], allocating nothing;
    [res] may be [a] or [b]. A loop of products that allocates a fresh
    576-byte value per step sweeps the minor heap through the caches; in
    place, it stays on the same lines. Only write into values you made
    ({!copy}, results of operations): constants such as {!zero} and {!one},
    values shared with other code, and GT elements seen as [Fq12.t] are
    changed for everyone. *)

val mul_inplace : t -> t -> t -> unit
val square_inplace : t -> t -> unit
val add_inplace : t -> t -> t -> unit
val sub_inplace : t -> t -> t -> unit

(** The bytes a value occupies on the OCaml heap: 592 (a custom block of 576
    bytes). *)
val size_in_memory : int

(** [pp fmt x] prints the 12 coefficients over Fq, in the encoding's order,
    as hexadecimal integers: [\[0x1; 0x0; ...\]] for {!one} (for the
    toplevel: [#install_printer Bls12_381.Fq12.pp]). *)
val pp : Format.formatter -> t -> unit
