(** Benchmarks of an elliptic-curve group: the rows of ocaml-bls12-381's
    curve benchmarks, so that results can be compared with its published
    tables. *)

module ECBenchmark (G : Bls12_381.Ec_sig.T) : sig
  (** [get_benches name] is the list of benchmarks, each named
      ["<name> <operation>"] (e.g. ["G1 Uncompressed compute addition
      pregenerated random element"]). The operands are drawn once, when the
      functor is applied, from a fixed seed. *)
  val get_benches : string -> Bench_spec.t list
end

(** The conversion rows of that table: decoding the uncompressed format into
    the Jacobian and affine forms (with and without the subgroup check), and
    affine to Jacobian and back. *)
module Conversions (G : Bls12_381.Ec_sig.GROUP) : sig
  (** [get_benches name]: rows named ["<name> from uncompressed to
      projective"] etc. *)
  val get_benches : string -> Bench_spec.t list
end
