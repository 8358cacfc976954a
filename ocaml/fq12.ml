(* p, the characteristic of the base field Fq. *)
let p =
  Z.of_string
    "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787"

include
  Field.Make
    (Stubs.Fq12)
    (struct
      let size = 576
      let encoding_size = 576
      let wide_size = 768
      let order = Z.pow p 12
      let fixed_exponent_bytes = None
    end)
