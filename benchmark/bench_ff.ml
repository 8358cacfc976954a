(* Benchmarks of Bls12_381.Fr and Bls12_381.Fq12:
     dune exec benchmark/bench_ff.exe -- [-quota 0.5] [-name FILTER] *)

open Bls12_381_benchmark.Ff_benchmark
module Fr_bench = FFBenchmark (Bls12_381.Fr)
module Fq12_bench = FFBenchmark (Bls12_381.Fq12)

let () =
  Bls12_381_benchmark.Runner.run
    (Fr_bench.get_benches "Fr" @ Fq12_bench.get_benches "Fq12"
    @ Bls12_381_benchmark.Ec_benchmark.Fr_fft.get_benches "Fr")
