(* Benchmarks of Bls12_381.G1 and Bls12_381.G2, Uncompressed and Compressed,
   their multi-scalar multiplications (pippenger) and FFTs:
     dune exec benchmark/bench_ec.exe -- [-quota 0.5] [-name FILTER] *)

open Bls12_381
open Bls12_381_benchmark.Ec_benchmark
module G1U = ECBenchmark (G1.Uncompressed)
module G1C = ECBenchmark (G1.Compressed)
module G2U = ECBenchmark (G2.Uncompressed)
module G2C = ECBenchmark (G2.Compressed)
module G1_conv = Conversions (G1)
module G2_conv = Conversions (G2)
module G1_msm = Pippenger (G1)
module G2_msm = Pippenger (G2)
module G1_fft = Fft (G1)
module G2_fft = Fft (G2)

let () =
  Bls12_381_benchmark.Runner.run
    (G1_conv.get_benches "G1" @ G2_conv.get_benches "G2"
    @ G1U.get_benches "G1 Uncompressed"
    @ G1C.get_benches "G1 Compressed"
    @ G2U.get_benches "G2 Uncompressed"
    @ G2C.get_benches "G2 Compressed"
    @ G1_msm.get_benches "G1" @ G2_msm.get_benches "G2"
    @ G1_fft.get_benches "G1" @ G2_fft.get_benches "G2")
