module Fr_axioms =
  Field_axioms.Make
    (Bls12_381.Fr)
    (struct
      let count = 1000
    end)

module Fq12_axioms =
  Field_axioms.Make
    (Bls12_381.Fq12)
    (struct
      let count = 1000
    end)

let () =
  Alcotest.run "bls12_381"
    [
      ("Fr: Zarith model", Test_fr.tests);
      ("Fr: field axioms", Fr_axioms.tests);
      ("Fq12: encoding and tower", Test_fq12.tests);
      ("Fq12: field axioms", Fq12_axioms.tests);
      ("Known answers", Test_vectors.tests);
      ("G1", Test_ec.G1_tests.tests);
      ("G2", Test_ec.G2_tests.tests);
      ("G1, G2: known answers", Test_ec.vectors);
      ("G1: multi-scalar multiplication", Test_msm.G1_tests.tests);
      ("G2: multi-scalar multiplication", Test_msm.G2_tests.tests);
      ("Runtime lock released in long calls", Test_release.tests);
      ("Pairing", Test_pairing.tests);
      ("GT", Test_pairing.gt_tests);
      ("GT: multi-exponentiation", Test_gt_multiexp.tests);
      ("Pairing, GT: known answers", Test_pairing.vectors);
      ("EIP-2537 precompiles", Test_eip2537.tests);
      ("Fr, G1, G2: FFT, sums, in-place forms", Test_arrays.tests);
      ("FFT domains", Test_fft_domain.tests);
      ("ocaml-bls12-381 APIs: Octez / 6.x, 0.4", Test_eras.tests);
      ("BLS signatures", Test_signature.tests);
      ("Exceptions printed", Test_printers.tests);
      ("ocaml-bls12-381 behaviours", Test_compat.tests);
      ("G1, G2: hash to curve step by step", Test_h2c.tests);
      ("Backend: the kernels run", Test_backend.tests);
    ]
