module E = Bls12_381.Eip2537

let dir = "../vectors/eip2537-geth"

(* The cases of a geth vector file: (name, input, Some (expected, gas)) for
   a success file, (name, input, None) for a failure file. The files are a
   flat array of flat objects, read with regular expressions. *)
let cases file =
  let text = Test_vectors.read (Filename.concat dir file) in
  let str key obj =
    let re = Str.regexp ("\"" ^ key ^ "\"[ \t\r\n]*:[ \t\r\n]*\"\\([^\"]*\\)\"") in
    match Str.search_forward re obj 0 with
    | _ -> Some (Str.matched_group 1 obj)
    | exception Not_found -> None
  in
  let int key obj =
    let re = Str.regexp ("\"" ^ key ^ "\"[ \t\r\n]*:[ \t\r\n]*\\([0-9]+\\)") in
    ignore (Str.search_forward re obj 0);
    int_of_string (Str.matched_group 1 obj)
  in
  String.split_on_char '}' text
  |> List.filter_map (fun obj ->
         match (str "Name" obj, str "Input" obj) with
         | Some name, Some input ->
             let input = Test_vectors.bytes_of_hex input in
             let ok =
               match str "Expected" obj with
               | Some e when str "ExpectedError" obj = None ->
                   Some (Test_vectors.bytes_of_hex e, int "Gas" obj)
               | _ -> None
             in
             Some (name, input, ok)
         | _ -> None)

let files =
  E.
    [
      ("blsG1Add", G1_add);
      ("blsG2Add", G2_add);
      ("blsG1Mul", G1_msm);
      ("blsG2Mul", G2_msm);
      ("blsG1MultiExp", G1_msm);
      ("blsG2MultiExp", G2_msm);
      ("blsPairing", Pairing_check);
      ("blsMapG1", Map_fp_to_g1);
      ("blsMapG2", Map_fp2_to_g2);
    ]

let to_hex b = String.concat "" (List.init (Bytes.length b) (fun i -> Printf.sprintf "%02x" (Bytes.get_uint8 b i)))
let ends_with s suffix = String.ends_with ~suffix s

(* The error a failure case's name announces. *)
let expected_error p name (e : E.error) =
  let variable = match p with E.G1_msm | G2_msm | Pairing_check -> true | _ -> false in
  if ends_with name "empty_input" then
    if variable then e = Empty_input
    else match e with Invalid_input_length { got = 0; multiple = false; _ } -> true | _ -> false
  else if List.exists (ends_with name) [ "short_input"; "large_input"; "long_input"; "missing_data"; "extra_data" ]
  then match e with Invalid_input_length _ -> true | _ -> false
  else if ends_with name "top_bytes" then e = Fp_top_bytes_not_zero
  else if ends_with name "invalid_field_element" || ends_with name "invalid_fq_element" then e = Fp_not_canonical
  else if ends_with name "not_on_curve" then e = Point_not_on_curve
  else if ends_with name "not_in_correct_subgroup" then e = Point_not_in_subgroup
  else Alcotest.failf "%s: no expected error known for this name" name

let geth_vectors () =
  let ok = ref 0 and fail = ref 0 in
  List.iter
    (fun (file, p) ->
      List.iter
        (fun (name, input, expected) ->
          match (expected, E.run p input) with
          | Some (out, gas), Ok (out', gas') ->
              Alcotest.(check string) (file ^ " " ^ name) (to_hex out) (to_hex out');
              Alcotest.(check int) (name ^ ": gas") gas gas';
              Alcotest.(check int) (name ^ ": gas before running") gas (E.gas p (Bytes.length input));
              incr ok
          | Some _, Error e -> Alcotest.failf "%s %s: %s" file name (E.string_of_error e)
          | None, Ok _ -> Alcotest.failf "fail-%s %s: succeeded" file name
          | None, Error e ->
              if not (expected_error p name e) then
                Alcotest.failf "fail-%s %s: wrong error %s" file name (E.string_of_error e);
              incr fail)
        (cases (file ^ ".json") @ cases ("fail-" ^ file ^ ".json")))
    files;
  Alcotest.(check (pair int int)) "cases" (869, 59) (!ok, !fail)

let addresses () =
  List.iteri
    (fun i p ->
      Alcotest.(check int) (E.name p) (0x0b + i) (E.address p);
      Alcotest.(check bool) "of_address" true (E.of_address (E.address p) = Some p))
    E.all;
  Alcotest.(check int) "seven" 7 (List.length E.all);
  List.iter (fun a -> Alcotest.(check bool) "none" true (E.of_address a = None)) [ 0; 0x0a; 0x12; -1; max_int ];
  Alcotest.(check string) "name" "MAP_FP2_TO_G2" (E.name Map_fp2_to_g2);
  match E.run_address 0x0a (Bytes.create 64) with
  | Error (Unknown_address 0x0a) -> ()
  | _ -> Alcotest.fail "run_address 0x0a"

let gas () =
  let check what want got = Alcotest.(check int) what want got in
  check "G1ADD" 375 (E.gas G1_add 256);
  check "G2ADD" 600 (E.gas G2_add 0);
  check "MAP_FP_TO_G1" 5500 (E.gas Map_fp_to_g1 64);
  check "MAP_FP2_TO_G2" 23800 (E.gas Map_fp2_to_g2 128);
  check "G1MSM k = 3" 30528 (E.gas G1_msm (3 * 160));
  check "G1MSM k = 129" (129 * 12000 * 519 / 1000) (E.gas G1_msm (129 * 160));
  check "G2MSM k = 128" (128 * 22500 * 524 / 1000) (E.gas G2_msm (128 * 288));
  check "G1MSM no whole pair" 0 (E.gas G1_msm 159);
  check "PAIRING k = 2" (2 * 32600 + 37700) (E.gas Pairing_check 768);
  check "saturated" max_int (E.gas G2_msm max_int);
  Alcotest.check_raises "negative" (Invalid_argument "Bls12_381.Eip2537.gas: negative length") (fun () ->
      ignore (E.gas G1_add (-1)))

let unit = function
  | E.G1_add -> 256
  | G2_add -> 512
  | G1_msm -> 160
  | G2_msm -> 288
  | Pairing_check -> 384
  | Map_fp_to_g1 -> 64
  | Map_fp2_to_g2 -> 128

let p_hex = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"

let errors () =
  let err what want = function
    | Ok _ -> Alcotest.failf "%s: succeeded" what
    | Error e -> if e <> want then Alcotest.failf "%s: %s" what (E.string_of_error e)
  in
  List.iter
    (fun p ->
      let n = unit p and what = E.name p in
      let variable = match p with E.G1_msm | G2_msm | Pairing_check -> true | _ -> false in
      err (what ^ " empty")
        (if variable then E.Empty_input else Invalid_input_length { expected = n; got = 0; multiple = false })
        (E.run p Bytes.empty);
      err (what ^ " one byte more")
        (Invalid_input_length { expected = n; got = n + 1; multiple = variable })
        (E.run p (Bytes.make (n + 1) '\000'));
      (match E.run p (Bytes.make n '\000') with
      | Ok (out, g) ->
          Alcotest.(check int) (what ^ " gas") (E.gas p n) g;
          Alcotest.(check int) (what ^ " output size")
            (match p with Pairing_check -> 32 | G2_add | G2_msm | Map_fp2_to_g2 -> 256 | _ -> 128)
            (Bytes.length out)
      | Error e -> Alcotest.failf "%s zeros: %s" what (E.string_of_error e));
      let top = Bytes.make n '\000' in
      Bytes.set top 0 '\001';
      err (what ^ " top bytes") Fp_top_bytes_not_zero (E.run p top);
      let big = Bytes.make n '\000' in
      Bytes.blit (Test_vectors.bytes_of_hex p_hex) 0 big 16 48;
      err (what ^ " p") Fp_not_canonical (E.run p big))
    E.all;
  (* (0, 1) is on neither curve; (0, 2) is on E1, of order 3. *)
  let g1 y = Bytes.init 128 (fun i -> if i = 127 then Char.chr y else '\000') in
  err "G1ADD (0, 1)" Point_not_on_curve (E.run G1_add (Bytes.cat (g1 1) (Bytes.make 128 '\000')));
  err "G1MSM (0, 2)" Point_not_in_subgroup (E.run G1_msm (Bytes.cat (g1 2) (Bytes.make 32 '\000')));
  (match E.run G1_add (Bytes.cat (g1 2) (Bytes.make 128 '\000')) with
  | Ok (out, 375) -> Alcotest.(check string) "G1ADD (0, 2) + 0" (to_hex (g1 2)) (to_hex out)
  | _ -> Alcotest.fail "G1ADD takes points outside the subgroup");
  Alcotest.(check string) "message" "invalid input length: expected a multiple of 160 bytes, got 3"
    (E.string_of_error (Invalid_input_length { expected = 160; got = 3; multiple = true }))

let tests =
  [
    Alcotest.test_case "every geth vector" `Quick geth_vectors;
    Alcotest.test_case "addresses and names" `Quick addresses;
    Alcotest.test_case "gas" `Quick gas;
    Alcotest.test_case "error cases" `Quick errors;
  ]
