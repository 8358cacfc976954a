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

(** Multi-scalar multiplication rows: {!Bls12_381.Ec_sig.GROUP.pippenger}
    (Jacobian points, converted to affine on each call) and
    [pippenger_with_affine_array] (points converted once, beforehand), on
    all the threads of the Rust library's pool and on one thread, at 2{^10}
    and 2{^14} points with random scalars. *)
module Pippenger (G : Bls12_381.Ec_sig.GROUP) : sig
  (** [get_benches name]: rows named ["<name> pippenger 2^10 points"],
      ["<name> pippenger with affine array 2^14 points 1 thread"] etc. *)
  val get_benches : string -> Bench_spec.t list
end

(** The FFT rows of Fr (in [bench_ff]): [Fr.fft], [Fr.ifft] and
    [Fr.fft_inplace] on domains of 2{^10} and 2{^14} elements, random
    values. *)
module Fr_fft : sig
  (** [get_benches name]: rows named ["<name> fft 2^10"] etc. *)
  val get_benches : string -> Bench_spec.t list
end

(** The FFT rows of a group: [fft] and [ifft] with 2{^10} and 2{^14} points
    as the values (scalar multiplications by the roots of unity, on all the
    threads of the Rust library's pool). *)
module Fft (G : Bls12_381.Ec_sig.GROUP) : sig
  (** [get_benches name]: rows named ["<name> fft 2^10 points"] etc. *)
  val get_benches : string -> Bench_spec.t list
end
