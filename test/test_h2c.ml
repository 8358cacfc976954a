(* The steps of hashing to G1 and G2 (hash_to_curve_vartime, map_to_curve,
   clear_cofactor and its _vartime twin), on the inputs the Rust and C tests
   use too: RFC 9380's vectors (u, Q0 / Q1 or Q, P), go-ethereum's EIP-2537
   MAP vectors and the MAP precompile itself (Bls12_381.Eip2537, over the
   crate rust/eip2537), and random field elements against the Zarith model
   of test_ec.ml: [h_eff] Q by affine double-and-add with h_eff a Zarith
   integer, independent of the library's chains and of psi. *)

open Bls12_381

let p =
  Z.of_string
    "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"

(* A big-endian byte string as an integer. *)
let z_of_be s = Z.of_bits (String.init (String.length s) (fun i -> s.[String.length s - 1 - i]))

(* The i-th 64-byte EIP-2537 field element of [b]: 16 zero bytes, then 48
   big-endian. *)
let eip_fp b i = z_of_be (Bytes.sub_string b ((64 * i) + 16) 48)

let be48 z =
  let s = Z.to_bits z in
  String.init 48 (fun i ->
      let j = 47 - i in
      if j < String.length s then s.[j] else '\000')

let random_fp st = Z.erem (Z.of_bits (String.init 56 (fun _ -> Char.chr (Random.State.int st 256)))) p

module type PARAMS = sig
  module G : Ec_sig.GROUP
  module M : Test_ec.MODEL with type coord = G.coord

  val name : string

  (* h_eff of RFC 9380, 8.8. *)
  val h_eff : Z.t

  (* A vector's coordinate: "0x.." (G1) or "0x<c0>,0x<c1>" (G2). *)
  val coord : string -> G.coord

  (* The field element of an EIP-2537 MAP input, and the EIP's x || y
     output as the ZCash uncompressed encoding. *)
  val eip_u : Bytes.t -> G.coord
  val eip_to_zcash : Bytes.t -> Bytes.t
  val eip_map : Eip2537.precompile
  val eip_input : G.coord -> Bytes.t
  val random_coord : Random.State.t -> G.coord

  (* Coordinates outside [0, p). *)
  val bad_coords : G.coord list
  val rfc_files : string * string
  val eip_file : string
  val count : int
end

module Make (X : PARAMS) = struct
  module U = X.G.Uncompressed

  let model_of p = X.M.decode (U.to_bytes p)
  let same a b = U.eq a b && Bytes.equal (U.to_bytes a) (U.to_bytes b)

  (* Both clearings, checked equal. *)
  let clear q =
    let c = U.clear_cofactor q in
    if not (same c (U.clear_cofactor_vartime q)) then
      Alcotest.failf "%s: clear_cofactor <> clear_cofactor_vartime" X.name;
    c

  let in_subgroup c = Option.is_some (U.of_bytes_opt (U.to_bytes c))

  (* The points of one vector, in file order (keys sorted: P, then Q0 and
     Q1, or Q), from [from]: the coordinates x and y of each. *)
  let rec points text from n =
    if n = 0 then ([], from)
    else
      let x = Test_vectors.string_after ~from text "x" in
      let from = Str.match_end () in
      let y = Test_vectors.string_after ~from text "y" in
      let from = Str.match_end () in
      let rest, from = points text from (n - 1) in
      ((X.coord x, X.coord y) :: rest, from)

  let u_array text from =
    let re = Str.regexp "\"u\"[ \t\r\n]*:[ \t\r\n]*\\[\\([^]]*\\)\\]" in
    ignore (Str.search_forward re text from);
    let inside = Str.matched_group 1 text and next = Str.match_end () in
    let strings = Str.full_split (Str.regexp "\"[^\"]*\"") inside in
    ( List.filter_map
        (function Str.Delim s -> Some (X.coord (String.sub s 1 (String.length s - 2))) | Str.Text _ -> None)
        strings,
      next )

  (* One RFC 9380 suite: u -> Q by map_to_curve, the vector's Q points
     (decoded by the model, not made by us) summed and cleared -> P, and
     for the random oracle hash_to_curve_vartime msg = P. *)
  let rfc_suite file ro () =
    let text = Test_vectors.read ("../vectors/hash_to_curve/" ^ file) in
    let dst = Bytes.of_string (Test_vectors.string_after text "dst") in
    let start = Str.search_forward (Str.regexp_string "\"vectors\"") text 0 in
    let rec go from n =
      match Str.search_forward (Str.regexp_string "\"P\"") text from with
      | exception Not_found -> n
      | at ->
          let pts, from = points text at (if ro then 3 else 2) in
          let msg = Bytes.of_string (Test_vectors.string_after ~from text "msg") in
          let us, from = u_array text from in
          let pp = List.hd pts and qs = List.tl pts in
          Alcotest.(check int) "one u per Q" (List.length qs) (List.length us);
          let name what = Printf.sprintf "%s %s: %s of msg %S" X.name file what (Bytes.to_string msg) in
          List.iter2
            (fun u q ->
              Alcotest.(check string) (name "Q") (Bytes.to_string (X.M.encode (Some q)))
                (Bytes.to_string (U.to_bytes (U.map_to_curve u))))
            us qs;
          (* Q is in general outside the subgroup: decoded unchecked. *)
          let point q = X.G.Affine.to_projective (X.G.Affine.of_bytes_unchecked_exn (X.M.encode (Some q))) in
          let sum = List.fold_left (fun acc q -> U.add acc (point q)) U.zero qs in
          let want = Bytes.to_string (X.M.encode (Some pp)) in
          Alcotest.(check string) (name "P = clear_cofactor (sum of Q)") want (Bytes.to_string (U.to_bytes (clear sum)));
          if ro then begin
            Alcotest.(check string) (name "P = hash_to_curve_vartime") want
              (Bytes.to_string (U.to_bytes (U.hash_to_curve_vartime msg dst)));
            Alcotest.(check string) (name "P = Compressed.hash_to_curve_vartime")
              (Bytes.to_string (U.to_compressed_bytes (U.hash_to_curve msg dst)))
              (Bytes.to_string (X.G.Compressed.to_bytes (X.G.Compressed.hash_to_curve_vartime msg dst)));
            Alcotest.(check bool) (name "flat hash_to_curve_vartime") true
              (same (X.G.hash_to_curve_vartime msg dst) (U.hash_to_curve msg dst))
          end;
          go from (n + 1)
    in
    Alcotest.(check int) (file ^ ": 5 vectors") 5 (go start 0)

  (* go-ethereum's MAP vectors: clear_cofactor (map_to_curve u) is the
     expected output, and so is the precompile's. *)
  let eip_vectors () =
    let text = Test_vectors.read ("../vectors/eip2537-geth/" ^ X.eip_file) in
    let n =
      List.fold_left
        (fun n obj ->
          match Test_vectors.string_after obj "Input" with
          | exception Not_found -> n
          | input ->
              let input = Test_vectors.bytes_of_hex input in
              let want = Test_vectors.bytes_of_hex (Test_vectors.string_after obj "Expected") in
              let got = clear (U.map_to_curve (X.eip_u input)) in
              Alcotest.(check string) (X.name ^ " " ^ X.eip_file)
                (Bytes.to_string (X.eip_to_zcash want))
                (Bytes.to_string (U.to_bytes got));
              n + 1)
        0 (String.split_on_char '}' text)
    in
    Alcotest.(check bool) "at least 100 cases" true (n >= 100)

  let coord = QCheck.make (fun st -> X.random_coord st)

  let prop_map (u : X.G.coord) =
    let q = U.map_to_curve u in
    let c = clear q in
    let model_q = model_of q in
    (match model_q with Some xy -> X.M.on_curve xy | None -> false)
    && Bytes.equal (U.to_bytes c) (X.M.encode (X.M.mul model_q X.h_eff))
    && in_subgroup c
    && not (in_subgroup q)
    && same (Marshal.from_string (Marshal.to_string q []) 0) q

  let prop_eip (u : X.G.coord) =
    match Eip2537.run X.eip_map (X.eip_input u) with
    | Ok (out, _) -> Bytes.equal (X.eip_to_zcash out) (U.to_bytes (clear (U.map_to_curve u)))
    | Error _ -> false

  let msg = QCheck.(pair (string_of_size (Gen.int_range 0 200)) (string_of_size (Gen.int_range 0 300)))

  let prop_hash (m, d) =
    let m = Bytes.of_string m and d = Bytes.of_string d in
    same (U.hash_to_curve_vartime m d) (U.hash_to_curve m d)

  let errors () =
    List.iter
      (fun u -> Qc.invalid ~prefix:(X.name ^ ".map_to_curve") "coordinate outside [0, p)" (fun () -> U.map_to_curve u))
      X.bad_coords;
    (* The flat name is the same function. *)
    List.iter
      (fun u -> Qc.invalid ~prefix:(X.name ^ ".map_to_curve") "flat map_to_curve" (fun () -> X.G.map_to_curve u))
      X.bad_coords

  (* On the subgroup, clearing is the multiplication by h_eff mod r; the
     identity stays the identity. *)
  let on_subgroup () =
    let g = U.random ~state:(Random.State.make [| 7 |]) () in
    Alcotest.(check bool) "h_eff mod r" true (same (clear g) (U.mul g (Fr.of_z X.h_eff)));
    Alcotest.(check bool) "flat clear_cofactor" true (same (X.G.clear_cofactor g) (clear g));
    Alcotest.(check bool) "flat clear_cofactor_vartime" true (same (X.G.clear_cofactor_vartime g) (clear g));
    Alcotest.(check bool) "identity" true (U.is_zero (clear U.zero))

  let tests =
    let rfc_ro, rfc_nu = X.rfc_files in
    [
      Alcotest.test_case (X.name ^ ": RFC 9380 vectors, random oracle") `Quick (rfc_suite rfc_ro true);
      Alcotest.test_case (X.name ^ ": RFC 9380 vectors, nonuniform") `Quick (rfc_suite rfc_nu false);
      Alcotest.test_case (X.name ^ ": EIP-2537 MAP vectors") `Quick eip_vectors;
      Alcotest.test_case (X.name ^ ": map_to_curve rejects coordinates outside [0, p)") `Quick errors;
      Alcotest.test_case (X.name ^ ": clear_cofactor on the subgroup") `Quick on_subgroup;
      Qc.test ~count:X.count
        (X.name ^ ": clear_cofactor (map_to_curve u) = [h_eff] (map_to_curve u) in the Zarith model")
        coord prop_map;
      Qc.test ~count:X.count (X.name ^ ": the EIP-2537 MAP precompile agrees") coord prop_eip;
      Qc.test ~count:(2 * X.count) (X.name ^ ": hash_to_curve_vartime = hash_to_curve") msg prop_hash;
    ]
end

module G1_tests = Make (struct
  module G = G1
  module M = Test_ec.G1_model

  let name = "G1"
  let h_eff = Z.of_string "0xd201000000010001"
  let coord = Z.of_string
  let eip_u b = eip_fp b 0
  let eip_to_zcash b = Bytes.of_string (be48 (eip_fp b 0) ^ be48 (eip_fp b 1))
  let eip_map = Eip2537.Map_fp_to_g1
  let eip_input u = Bytes.of_string (String.make 16 '\000' ^ be48 u)
  let random_coord = random_fp
  let bad_coords = [ p; Z.succ p; Z.minus_one; Z.shift_left Z.one 384 ]
  let rfc_files = ("BLS12381G1_XMD_SHA-256_SSWU_RO_.json", "BLS12381G1_XMD_SHA-256_SSWU_NU_.json")
  let eip_file = "blsMapG1.json"
  let count = 40
end)

module G2_tests = Make (struct
  module G = G2
  module M = Test_ec.G2_model

  let name = "G2"

  let h_eff =
    Z.of_string
      "0xbc69f08f2ee75b3584c6a0ea91b352888e2a8e9145ad7689986ff031508ffe1329c2f178731db956d82bf015d1212b02ec0ec69d7477c1ae954cbc06689f6a359894c0adebbf6b4e8020005aaa95551"

  let coord s =
    match String.split_on_char ',' s with
    | [ c0; c1 ] -> (Z.of_string c0, Z.of_string c1)
    | _ -> invalid_arg ("not an Fp2 element: " ^ s)

  let eip_u b = (eip_fp b 0, eip_fp b 1)

  (* EIP: x.c0, x.c1, y.c0, y.c1; ZCash: x.c1, x.c0, y.c1, y.c0. *)
  let eip_to_zcash b = Bytes.of_string (String.concat "" (List.map (fun i -> be48 (eip_fp b i)) [ 1; 0; 3; 2 ]))
  let eip_map = Eip2537.Map_fp2_to_g2
  let eip_input (c0, c1) = Bytes.of_string (String.make 16 '\000' ^ be48 c0 ^ String.make 16 '\000' ^ be48 c1)
  let random_coord st = (random_fp st, random_fp st)
  let bad_coords = [ (p, Z.zero); (Z.zero, p); (Z.minus_one, Z.zero); (Z.zero, Z.shift_left Z.one 384) ]
  let rfc_files = ("BLS12381G2_XMD_SHA-256_SSWU_RO_.json", "BLS12381G2_XMD_SHA-256_SSWU_NU_.json")
  let eip_file = "blsMapG2.json"
  let count = 10
end)

let tests = G1_tests.tests @ G2_tests.tests
