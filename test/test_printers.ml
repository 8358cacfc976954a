(* Readable exceptions: ocaml/printers.ml. *)

open Bls12_381

let zeros n = String.make (2 * n) '0'

(* The text of the exception [f ()] raises. *)
let raised f =
  match f () with
  | _ -> Alcotest.fail "no exception raised"
  | exception e -> Printexc.to_string e

let check name expected f = Alcotest.(check string) name expected (raised f)

(* r, little-endian (the group order of the specification: r =
   0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001):
   the smallest non-canonical Fr encoding. *)
let r_le = "01000000fffffffffe5bfeff02a4bd5305d8a10908d83933487d9d2953a7ed73"

let of_hex h =
  Bytes.init (String.length h / 2) (fun i -> Char.chr (int_of_string ("0x" ^ String.sub h (2 * i) 2)))

(* The uncompressed G1 encoding of (x, y) = (1, 1): canonical, no flag
   bits, not on y^2 = x^3 + 4. *)
let one_one_hex = zeros 47 ^ "01" ^ zeros 47 ^ "01"

let tests =
  [
    Alcotest.test_case "Fr.Not_in_field" `Quick (fun () ->
        check "r" ("Bls12_381.Fr.Not_in_field \"0x" ^ r_le ^ "\" (not below r)") (fun () ->
            Fr.of_bytes_exn (of_hex r_le));
        check "33 bytes"
          ("Bls12_381.Fr.Not_in_field \"0x" ^ String.make 66 '0' ^ "\" (33 bytes, at most 32 expected)")
          (fun () ->
            Fr.of_bytes_exn (Bytes.make 33 '\000'));
        (* Longer than any encoding of the library: the first 64 bytes. *)
        check "1000 bytes"
          ("Bls12_381.Fr.Not_in_field \"0x" ^ String.make 128 'f'
         ^ "... (1000 bytes)\" (1000 bytes, at most 32 expected)")
          (fun () -> Fr.of_bytes_exn (Bytes.make 1000 '\255')));
    Alcotest.test_case "Fq12.Not_in_field" `Quick (fun () ->
        check "1 byte" "Bls12_381.Fq12.Not_in_field \"0xab\" (1 bytes, 576 expected)" (fun () ->
            Fq12.of_bytes_exn (Bytes.of_string "\xab")));
    Alcotest.test_case "Ec_sig.Invalid_point" `Quick (fun () ->
        check "not on the curve"
          ("Bls12_381.Ec_sig.Invalid_point (Not_on_curve, \"0x" ^ one_one_hex ^ "\")")
          (fun () -> G1.Uncompressed.of_bytes_exn (of_hex one_one_hex));
        check "length" "Bls12_381.Ec_sig.Invalid_point (Invalid_length, \"0x010203\")" (fun () ->
            G2.Compressed.of_bytes_exn (Bytes.of_string "\001\002\003")));
    Alcotest.test_case "G1.Not_on_curve, G2.Not_on_curve" `Quick (fun () ->
        check "G1" ("Bls12_381.G1.Not_on_curve \"0x" ^ one_one_hex ^ "\"") (fun () ->
            G1.of_bytes_exn (of_hex one_one_hex));
        (* 96 zero bytes: the compression bit missing. *)
        check "G2" ("Bls12_381.G2.Not_on_curve \"0x" ^ zeros 96 ^ "\"") (fun () ->
            G2.of_compressed_bytes_exn (Bytes.make 96 '\000')));
    Alcotest.test_case "GT.Not_in_group" `Quick (fun () ->
        (* The Fq12 element 2: in Fp*, whose only element of GT is 1 (r
           does not divide p - 1). *)
        let two = "02" ^ zeros 575 in
        check "2" ("Bls12_381.GT.Not_in_group \"0x" ^ two ^ "\"") (fun () -> GT.of_bytes_exn (of_hex two)));
    Alcotest.test_case "Pairing.FailToComputeFinalExponentiation" `Quick (fun () ->
        check "zero"
          ("Bls12_381.Pairing.FailToComputeFinalExponentiation \"0x" ^ zeros 576 ^ "\"")
          (fun () -> Pairing.final_exponentiation_exn Fq12.zero));
    Alcotest.test_case "pp: Fr, Fq12, GT, G1, G2" `Quick (fun () ->
        let str pp x = Format.asprintf "%a" pp x in
        let hx s = Z.format "%#x" (Z.of_string s) in
        Alcotest.(check string) "Fr" "12345" (str Fr.pp (Fr.of_int 12345));
        Alcotest.(check string) "Fr -1"
          "52435875175126190479447740508185965837690552500527637822603658699938581184512"
          (str Fr.pp (Fr.negate Fr.one));
        Alcotest.(check string) "Fq12 one" ("[0x1" ^ String.concat "" (List.init 11 (fun _ -> "; 0x0")) ^ "]")
          (str Fq12.pp Fq12.one);
        Alcotest.(check string) "GT zero" (str Fq12.pp Fq12.one) (str GT.pp GT.zero);
        (* The standard generators (RFC 9380 section 8.8.1, the ZCash
           format's reference values). *)
        Alcotest.(check string) "G1 one"
          (Printf.sprintf "{x = %s; y = %s}"
             (hx "0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb")
             (hx "0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"))
          (str G1.pp G1.one);
        Alcotest.(check string) "G1 zero" "zero" (str G1.pp G1.zero);
        Alcotest.(check string) "G2 one"
          (Printf.sprintf "{x = (%s, %s); y = (%s, %s)}"
             (hx "0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8")
             (hx "0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e")
             (hx "0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801")
             (hx "0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be"))
          (str G2.pp G2.one);
        Alcotest.(check string) "G1.Compressed" (str G1.pp G1.one) (str G1.Compressed.pp G1.Compressed.one));
    Alcotest.test_case "other exceptions unchanged" `Quick (fun () ->
        Alcotest.(check string) "Not_found" "Not_found" (Printexc.to_string Not_found);
        Alcotest.(check string) "Failure" "Failure(\"x\")" (Printexc.to_string (Failure "x")));
  ]
