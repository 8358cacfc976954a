(** A benchmark: a name and the operation one run performs. Independent of
    the runner (core_bench or the built-in one, see {!Runner}), so that the
    functors producing benchmark lists ({!Ff_benchmark.FFBenchmark}, and the
    curve and pairing ones) work with either. *)

type t = private
  | Bench : {
      name : string;
      run : unit -> 'a;
          (** One run: the runner calls it many times and keeps its result
              alive only through [Sys.opaque_identity]. *)
    }
      -> t

(** [create ~name run]. *)
val create : name:string -> (unit -> 'a) -> t

(** The name of a benchmark. *)
val name : t -> string

(** [prefixed prefix op run]: the benchmark named ["<prefix> <op>"]. *)
val prefixed : string -> string -> (unit -> 'a) -> t

(** [on_operands b fmt operands f]: one benchmark [b name (fun () -> f x)] per
    named operand [(operand, x)], in order, [name] being [fmt] with
    [operand] in place of its [%s]. *)
val on_operands :
  (string -> (unit -> 'b) -> t) ->
  (string -> string, unit, string) format ->
  (string * 'a) list ->
  ('a -> 'b) ->
  t list
