(** Properties every field satisfies, for any {!Bls12_381.Ff_sig.BASE}:
    ring and field axioms, consistency of the derived operations (sub, square,
    double, div, pow, the infix operators), encodings, [copy], [random]. *)

module Make (F : Bls12_381.Ff_sig.BASE) (_ : sig
  (** Cases per property. *)
  val count : int
end) : Qc.TESTS
