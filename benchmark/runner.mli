(** Runs benchmarks and prints a table of their time per run and minor words
    allocated per run (plus major words and promoted words per run), after
    a line [backend: ...] naming the kernels in use ({!Bls12_381.backend}).

    With core_bench installed (dune [select]), this is core_bench's command
    line ([Bench.make_command]). Otherwise a built-in runner with core_bench's
    method: each benchmark runs in batches of growing size (1, 2, ...,
    growing ~5% per batch) until its time quota is spent, and the time and the
    GC counters of the batches are fitted by least squares to
    [a + b * runs]; [b] is the cost of one run, [a] absorbs the fixed cost of
    a batch (timer and counter reads), so words allocated per run are exact.

    Built-in command line:
    {v
    bench.exe [-quota SECONDS] [-name SUBSTRING]... [SUBSTRING]... [-list]
    v}
    - [-quota S]: time spent per benchmark, in seconds ([0.5], [0.5s]);
      default 1;
    - [-name S] or a bare argument [S]: run only the benchmarks whose name
      contains [S] (case-insensitive); several filters select the union;
    - [-list]: print the names and exit. *)

(** [run ?argv benches] parses [argv] (default: [Sys.argv] without the
    program name) and runs the selected benchmarks of [benches]. *)
val run : ?argv:string list -> Bench_spec.t list -> unit
