module Fr = Bls12_381.Fr
module Fq12 = Bls12_381.Fq12

let read path =
  let ic = open_in_bin path in
  Fun.protect ~finally:(fun () -> close_in ic) (fun () -> really_input_string ic (in_channel_length ic))

(* The string value following the first key that starts with [key] (the
   files are flat enough for this; no JSON library needed). *)
let string_after ?(from = 0) text key =
  let re = Str.regexp ("\"" ^ Str.quote key ^ "[^\"]*\"[ \t\r\n]*:[ \t\r\n]*\"\\([^\"]*\\)\"") in
  ignore (Str.search_forward re text from);
  Str.matched_group 1 text

let bytes_of_hex h =
  let h = if String.length h >= 2 && String.sub h 0 2 = "0x" then String.sub h 2 (String.length h - 2) else h in
  Bytes.init (String.length h / 2) (fun i -> Char.chr (int_of_string ("0x" ^ String.sub h (2 * i) 2)))

let z_of_hex h = Z.of_string h (* "0x..." *)
let r = Fr.order

let names =
  [ "c0.c0.c0"; "c0.c0.c1"; "c0.c1.c0"; "c0.c1.c1"; "c0.c2.c0"; "c0.c2.c1";
    "c1.c0.c0"; "c1.c0.c1"; "c1.c1.c0"; "c1.c1.c1"; "c1.c2.c0"; "c1.c2.c1" ]

let check_bool = Alcotest.(check bool)

let gt_generator () =
  let text = read "../vectors/e_g1_g2.json" in
  let ocaml_layout = bytes_of_hex (string_after text "e_g1_g2_576_bytes_ocaml_bls12_381_GT.to_bytes") in
  let coeffs = List.map (fun n -> z_of_hex (string_after text n)) names in
  Alcotest.(check int) "576 bytes" 576 (Bytes.length ocaml_layout);
  let x = Fq12.of_bytes_exn ocaml_layout in
  check_bool "round trip" true (Bytes.equal (Fq12.to_bytes x) ocaml_layout);
  List.iteri
    (fun i c ->
      check_bool (List.nth names i) true
        (Z.equal c (Z.of_bits (Bytes.sub_string ocaml_layout (48 * i) 48))))
    coeffs;
  check_bool "not one" false (Fq12.is_one x);
  check_bool "x^r = 1" true (Fq12.is_one (Fq12.pow x r));
  check_bool "x^(r+1) = x" true (Fq12.eq (Fq12.pow x (Z.succ r)) x)

(* (input, is_square) of the Fr entries, after the "fr" key. *)
let fr_entries text =
  let start = Str.search_forward (Str.regexp_string "\"fr\"") text 0 in
  let re =
    Str.regexp "\"input\"[ \t\r\n]*:[ \t\r\n]*\"\\(0x[0-9a-fA-F]+\\)\"[ \t\r\n]*,[ \t\r\n]*\"is_square\"[ \t\r\n]*:[ \t\r\n]*\\(true\\|false\\)"
  in
  let rec go pos acc =
    match Str.search_forward re text pos with
    | exception Not_found -> List.rev acc
    | _ ->
        let e = (z_of_hex (Str.matched_group 1 text), Str.matched_group 2 text = "true") in
        go (Str.match_end ()) (e :: acc)
  in
  go start []

let fr_sqrt () =
  let entries = fr_entries (read "../vectors/sqrt_vectors.json") in
  (* 2 listed values and zkcrypto's sequence of 100 (49 non-squares). *)
  Alcotest.(check int) "entries" 102 (List.length entries);
  Alcotest.(check int) "non-squares" 50 (List.length (List.filter (fun (_, sq) -> not sq) entries));
  List.iter
    (fun (z, is_square) ->
      let x = Fr.of_z z in
      let name = Z.format "%x" z in
      check_bool (name ^ ": is_quadratic_residue") is_square (Fr.is_quadratic_residue x);
      check_bool (name ^ ": legendre_symbol") true
        (Z.equal (Fr.legendre_symbol x)
           (if Z.equal z Z.zero then Z.zero else if is_square then Z.one else Z.minus_one));
      match Fr.sqrt_opt x with
      | Some s -> check_bool (name ^ ": sqrt squared") true (is_square && Fr.eq (Fr.square s) x)
      | None -> check_bool (name ^ ": no sqrt") false is_square)
    entries

let tests =
  [
    Alcotest.test_case "Fq12: e(G1, G2) in ocaml-bls12-381's layout" `Quick gt_generator;
    Alcotest.test_case "Fr: square-root vectors" `Quick fr_sqrt;
  ]
