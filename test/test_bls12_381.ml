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
    ]
