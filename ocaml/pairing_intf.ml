(* The signature of Bls12_381.Pairing as a module type over the types of
   the groups, so that the top-level interface declares Pairing with their
   public paths (see gt_intf.ml). *)

(** The optimal ate pairing e: G1 x G2 -> GT of BLS12-381, as in
    ocaml-bls12-381's [Pairing].

    e is bilinear (e(a P, b Q) = e(P, Q){^ab}, written
    [GT.mul (pairing P Q) (a * b)] in GT's additive notation) and
    non-degenerate (e(G1.one, G2.one) = {!Bls12_381.GT.one} is not the identity).
    It is computed in two steps: the Miller loop, then the final
    exponentiation (to the power 3 (p{^12} - 1) / r), whose value is in GT.
    A Miller loop's value matters only up to factors the final
    exponentiation removes, but {!miller_loop} returns exactly
    ocaml-bls12-381's (blst's) value, byte for byte, so stored outputs
    compare equal. Several pairs share one loop and one final exponentiation
    ({!miller_loop}, {!pairing_check}).

    A pair with the identity on either side contributes one (GT's
    {!Bls12_381.GT.zero}); the empty list is the empty product. {!pairing},
    {!miller_loop} and {!final_exponentiation_opt} are constant time in
    their arguments; {!pairing_check} is not (for public points).

    Every function of this module releases the OCaml runtime lock while
    Rust computes (the points are copied out of the OCaml heap first): other
    OCaml threads run meanwhile. *)
module type S = sig
  (** Points of G1, of G2, elements of Fq12, of GT. *)
  type g1

  type g2
  type fq12
  type gt

  (** Raised by {!final_exponentiation_exn} on zero, the only Fq12 element
      with no final exponentiation (the name is ocaml-bls12-381's), and by
      {!pairing} when the Miller loop vanishes (with [Fq12.zero], the loop's
      value). The Miller loop of points of G1 and G2 never vanishes; a point
      outside the subgroup, which only the unchecked decoders
      ([Affine.of_bytes_unchecked_*], [pippenger_with_compressed_bytes
      ~subgroup_check:false]) let through, can make it vanish: e.g. a G2
      point of order 13, whose running point reaches the identity after 13
      steps of the loop, after which every line is zero. *)
  exception FailToComputeFinalExponentiation of fq12

  (** The product of the Miller loops of the pairs (one loop: the squarings
      are shared); {!Fq12.one} for the empty list. *)
  val miller_loop : (g1 * g2) list -> fq12

  (** [miller_loop_simple p q = miller_loop [(p, q)]]. *)
  val miller_loop_simple : g1 -> g2 -> fq12

  (** [pairing p q] is e(p, q): the Miller loop and the final
      exponentiation. Raises {!FailToComputeFinalExponentiation} if the Miller
      loop vanishes (only for a point outside the subgroup, see there). *)
  val pairing : g1 -> g2 -> gt

  (** The final exponentiation of an Fq12 element: [None] for zero, the only
      element without one (the Miller loop of points of G1 and G2 never gives
      zero). *)
  val final_exponentiation_opt : fq12 -> gt option

  (** As {!final_exponentiation_opt}; raises
      {!FailToComputeFinalExponentiation} on zero. *)
  val final_exponentiation_exn : fq12 -> gt

  (** [pairing_check pairs] is [true] iff the product of the e(p, q) over the
      pairs is the identity of GT ([true] for the empty list): e.g.
      [pairing_check [(p, q); (G1.Uncompressed.negate p', q')]] tells whether
      e(p, q) = e(p', q').
      One Miller loop and one final exponentiation for the whole list
      ([false] if the loop vanishes, see {!FailToComputeFinalExponentiation}).
      Variable time: for public points. *)
  val pairing_check : (g1 * g2) list -> bool
end
