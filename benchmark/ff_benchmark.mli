(** Benchmarks of a finite field: the rows of ocaml-bls12-381's field
    benchmarks, so that results can be compared with its published tables. *)

module FFBenchmark (F : Bls12_381.Ff_sig.BASE) : sig
  (** [get_benches field_name] is the list of benchmarks, each named
      ["<field_name> <operation>"] (e.g. ["Fr compute multiplication on
      pregenerate random"]: the names, typos included, are those of
      ocaml-bls12-381). The operands are drawn once, when the functor is
      applied, from a fixed seed. *)
  val get_benches : string -> Bench_spec.t list
end
