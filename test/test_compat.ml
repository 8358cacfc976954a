(* What a program written for ocaml-bls12-381 (6.x, and the Octez copy
   src/lib_bls12_381) relies on beyond the mathematics: seeded sampling,
   polymorphic equality / compare / hash, Marshal, sizes in memory. Other
   behaviours of the original are tested with their functions: Fr.of_bytes
   padding and Fr.compare (test_fr.ml, test_arrays.ml), pippenger's slices
   (test_msm.ml, test_gt_multiexp.ml), the raw Miller-loop value
   (test_pairing.ml: blst's stored outputs, byte for byte). *)

open Bls12_381

let check_bool = Alcotest.(check bool)

let of_hex h =
  Bytes.init (String.length h / 2) (fun i -> Char.chr (int_of_string ("0x" ^ String.sub h (2 * i) 2)))

let ocaml_5 = int_of_string (String.sub Sys.ocaml_version 0 (String.index Sys.ocaml_version '.')) >= 5

(* The values [random ~state:(Random.State.make [|42|]) ()] gives with
   ocaml-bls12-381, from its test suite (Octez: tezos/tezos-mirror
   src/lib_bls12_381/test/test_random_state.ml @ acab756a1c8d, MIT), for
   OCaml 4 and OCaml 5 (whose Random differs). Fr as a decimal integer, G1
   and G2 as uncompressed encodings, Fq12 as its 576-byte encoding (OCaml 4
   only here). *)
let fr_42 =
  if ocaml_5 then "22989950997422305335515836398089845873697376379127775848923176217833397845914"
  else "14994049377928826363495223704381650737411020059923663878974688106580230994440"

let g1_42 =
  if ocaml_5 then
    "0b88058e33258eebb07cc801e81ca0ef4a1c721a03bcd7dd8c9cca912026eb61e54081c0504d267cf0cee5eeb5eda0ee0dc4b1a1dc1ad6cd2adbc8582b1142ee96a6cda2f8df0c7c287c9df765f9476d8392a794ed4251fc8f0347fecc2009ca"
  else
    "00e9a2b6bb8b06be174a7d3cbe03e8f4bf2371149124ebb2d11dba1364c588705871df293ef1be2be7f93638b004c3a806993a04535895a92a05e37dedcc0819a7362475eab3befd786569aa9f915a4179f1d60eb0437665dc13dcb2084bc3ef"

let g2_42 =
  if ocaml_5 then
    "12e3c3a32110c944aee689cf7de24c4aeb9fc24884721e881ba3153d831a5cbcb498142ed0adb28fd79fd0b6fe1223f70e3deb301dd6f087d91112e4682f2f2ba03eabbf1519de0c0fea822ec094c7a9830268039276f58db26f1daf0d55be0500b531b7dcadfaad956e307ccf798d86a57924ba49cd42adc1ab06aa8300b4a1431a4dd280a5858555fe82a34adfadd60df8c05e2b6d2ce8cebae092c04442d8103507b45694c317785351321e5e46b818f92ff44399e24c3c4c08104d6ae786"
  else
    "18f91ca488ba88919f6fc26b9275535a35e9946df913caa0a6ad89334a0e40b99b3898e0658693c2b6b1d764c3d556e417dbba86d110240b503ba58eb56d462a88f6d6c9b49735c76c641fc616c18997928db9cdc6b95e543c944e684ae73f0d08a0e3fd91e9155c705f293c4efc1073b864f26b8b799f140e4389a6d9ae1f82a9d89613fa20b34fd555e2f323a09f7b0b4a56ecd554ea0f84fc30d1e93f26b956d9e78d04583a5bd044f71772bc5a39e187e9c2e9527b2821b1f51435edd77a"

let fq12_42_ocaml4 =
  "25f768c109cbed9bdca2f5246b4048e629577e67f0b7b60017b93a676df4525e26571c8bf615a2db454e607d791a900d44547785055f24d6de2fb554b3afb75fe403ce99ca64e9446469f610ef9912cb15a97da27933143fd520e489df4225071672b08c7a9bff225de298772bb2b2b48ccffedb8d95fe7ef8c64c467931d84af028a9e583874c4d3f765d5a83d944059016a069f336b5a029ff3a93ccd3170fd64ff5c103528ffdc03315216aa779017d921fd1072c2576f9b4d5e97f8c9c0db0ab0cdacf46de2fc0b87c5f7309dd69e6b44d4e41c16533ab3114aba08517e7fd25f04a6e5908f9a33ba1da82327008e1d3ae9069f091b0f127daefdae4bb3b25822c0644b265892f9989196f5ae8f1195cbbd7e847af7547f43923afd7c1073808aff305be9fab1ec9b709bdcfd109b0b2354d39ab5747493405c1e97d27ab9185369e1371d7df4dc990c294322c0fb2fc8fce727ca6db9cb5e4a4ca9b250c6b2b2b494e9c5bac9bec4ae79151560afe53eede1c657f5a459434d59e6cbf00f8645d0d9ae1c2165ef3433c6c0362725c64a495d167df503e33e05147646fef45ffd762cb77370669cc0259524f280f3755a09cc1104ea8c3c958186f6f7748608bef4edc700517b6bd310be3cf0229b9d8f93021b099504627b1b9aaa092158be839cbdda3be9fa3d27ba8773106d98cca2018841fe2f11ec0beb53630db7f5552cf0df4b65d272d5de25164a4301898d723df680776dfdf795fa3c0ec7182292a8b77ecc243fabf8cf49378aaa1e2cd6865311ab888a3c10a71d5a91d9109"

let state () = Random.State.make [| 42 |]

let random_state () =
  check_bool "Fr" true (Fr.eq (Fr.random ~state:(state ()) ()) (Fr.of_string fr_42));
  check_bool "G1" true (G1.eq (G1.random ~state:(state ()) ()) (G1.of_bytes_exn (of_hex g1_42)));
  check_bool "G2" true (G2.eq (G2.random ~state:(state ()) ()) (G2.of_bytes_exn (of_hex g2_42)));
  if not ocaml_5 then
    check_bool "Fq12" true
      (Fq12.eq (Fq12.random ~state:(state ()) ()) (Fq12.of_bytes_exn (of_hex fq12_42_ocaml4)));
  (* Without a state: Random's global state, as in the original. *)
  Random.init 42;
  let a = Fr.random () in
  Random.init 42;
  check_bool "global state" true (Fr.eq a (Fr.random ()))

(* Polymorphic equality, compare and hash on values made by different
   computations of the same element. *)
let polymorphic () =
  let st = Random.State.make [| 7 |] in
  let same name a b =
    check_bool (name ^ ": =") true (a = b);
    check_bool (name ^ ": compare") true (compare a b = 0);
    check_bool (name ^ ": hash") true (Hashtbl.hash a = Hashtbl.hash b)
  in
  let differ name a b =
    check_bool (name ^ ": <>") true (a <> b);
    check_bool (name ^ ": antisymmetric") true (compare a b = - compare b a && compare a b <> 0)
  in
  same "G1 double/add" (G1.double G1.one) (G1.add G1.one G1.one);
  same "G1 mul/add" (G1.mul G1.one (Fr.of_int 3)) (G1.add G1.one (G1.double G1.one));
  same "G2 double/add" (G2.double G2.one) (G2.add G2.one G2.one);
  same "G1 zero" G1.zero (G1.add G1.one (G1.negate G1.one));
  same "G1 affine" (G1.affine_of_jacobian (G1.double G1.one)) (G1.affine_of_jacobian (G1.add G1.one G1.one));
  same "Fr" (Fr.of_int 6) (Fr.mul (Fr.of_int 2) (Fr.of_int 3));
  same "Fq12" (Fq12.mul Fq12.one Fq12.one) Fq12.one;
  same "GT" (GT.add GT.one GT.one) (GT.double GT.one);
  differ "G1" G1.one (G1.double G1.one);
  differ "G2" G2.one G2.zero;
  differ "Fr" Fr.one Fr.zero;
  differ "GT" GT.one GT.zero;
  (* Fr orders as its compare (ocaml-bls12-381: the little-endian bytes). *)
  check_bool "Fr: 256 < 1" true (Fr.of_int 256 < Fr.of_int 1);
  for _ = 1 to 200 do
    let a = Fr.random ~state:st () and b = Fr.random ~state:st () in
    check_bool "Fr: compare = Fr.compare" true
      (Stdlib.compare (compare a b) 0 = Stdlib.compare (Fr.compare a b) 0)
  done;
  (* Points as hash-table keys. *)
  let h = Hashtbl.create 16 in
  Hashtbl.replace h (G1.double G1.one) "2G";
  check_bool "Hashtbl key" true (Hashtbl.find_opt h (G1.add G1.one G1.one) = Some "2G")

let marshal () =
  let round name eq x =
    let s = Marshal.to_string x [] in
    check_bool (name ^ ": round trip") true (eq (Marshal.from_string s 0) x)
  in
  let st = Random.State.make [| 9 |] in
  round "Fr" Fr.eq (Fr.random ~state:st ());
  round "Fq12" Fq12.eq (Fq12.random ~state:st ());
  round "GT" GT.eq (GT.random ~state:st ());
  round "G1" G1.eq (G1.random ~state:st ());
  round "G2" G2.eq (G2.random ~state:st ());
  round "G1 zero" G1.eq G1.zero;
  round "G2 affine" (fun a b -> G2.(eq (jacobian_of_affine a) (jacobian_of_affine b)))
    (G2.affine_of_jacobian (G2.random ~state:st ()));
  round "a list of G1 and Fr" ( = ) [ (G1.one, Fr.one); (G1.zero, Fr.of_int 5) ];
  (* Tampered data: the encoding of 1 replaced by that of r is rejected. *)
  let s = Bytes.of_string (Marshal.to_string Fr.one []) in
  let enc = Fr.to_bytes Fr.one in
  let r_le =
    Bytes.init 32 (fun i -> Char.chr (Z.to_int (Z.logand (Z.shift_right Fr.order (8 * i)) (Z.of_int 255))))
  in
  let at = Bytes.length s - 32 in
  check_bool "encoding at the end" true (Bytes.equal (Bytes.sub s at 32) enc);
  Bytes.blit r_le 0 s at 32;
  check_bool "tampered: rejected" true
    (match (Marshal.from_bytes s 0 : Fr.t) with _ -> false | exception Failure _ -> true)

let sizes () =
  Alcotest.(check int) "Fr" 48 Fr.size_in_memory;
  Alcotest.(check int) "G1" 160 G1.size_in_memory;
  Alcotest.(check int) "G2" 304 G2.size_in_memory;
  Alcotest.(check int) "Fq12" 592 Fq12.size_in_memory;
  Alcotest.(check int) "GT" 592 GT.size_in_memory

let tests =
  [
    Alcotest.test_case "random ~state as ocaml-bls12-381" `Quick random_state;
    Alcotest.test_case "polymorphic =, compare, hash" `Quick polymorphic;
    Alcotest.test_case "Marshal" `Quick marshal;
    Alcotest.test_case "size_in_memory" `Quick sizes;
  ]

(* ---- Names (compile-time checks) ---- *)

(* 4.0.0's signature tests name one module type for both variants. *)
module type SIGNATURE_VARIANT = module type of Bls12_381.Signature.MinPk

module Min_sig_matches : SIGNATURE_VARIANT = Bls12_381.Signature.MinSig

(* Bls12_381.CURVE (6.x, Octez) is G1's and G2's flat API. *)
module G1_is_a_curve : Bls12_381.CURVE = Bls12_381.G1
module G2_is_a_curve : Bls12_381.CURVE = Bls12_381.G2

(* Ff_sig is an implementation (a module of module types that links), with
   ocaml-ff's PRIME_WITH_ROOT_OF_UNITY, which Fr satisfies. *)
include Bls12_381.Ff_sig

module Fr_with_roots : PRIME_WITH_ROOT_OF_UNITY = Bls12_381.Fr

let names () =
  check_bool "built_with_blst_portable" false Bls12_381.built_with_blst_portable;
  (* empty (1.x, 2.x): a fresh point to write into. *)
  let e = G1.empty () in
  check_bool "G1.empty is fresh" true (e != G1.zero && G1.is_zero e);
  G1.add_inplace e G1.one G1.one;
  check_bool "written in place" true (G1.eq e (G1.double G1.one) && G1.is_zero G1.zero);
  check_bool "G2.Uncompressed.empty" true (G2.Uncompressed.is_zero (G2.Uncompressed.empty ()));
  check_bool "G1.Compressed.empty" true (G1.Compressed.is_zero (G1.Compressed.empty ()));
  (* Roots of unity. *)
  let w = Fr.get_nth_root_of_unity (Z.of_int 1024) in
  check_bool "w^1024 = 1" true (Fr.is_nth_root_of_unity (Z.of_int 1024) w);
  check_bool "w^512 <> 1 (primitive)" false (Fr.is_nth_root_of_unity (Z.of_int 512) w);
  check_bool "5 does not divide r - 1" true
    (match Fr.get_nth_root_of_unity (Z.of_int 5) with _ -> false | exception Invalid_argument _ -> true)

let tests = tests @ [ Alcotest.test_case "names: CURVE, Ff_sig, empty, roots" `Quick names ]

(* The Invalid_argument messages of ocaml-bls12-381's Signature (6.x,
   Octez's lib_bls12_381_signature), which its tests compare exactly. *)
let signature_messages () =
  let module S = Bls12_381.Signature in
  let raises msg f = Alcotest.check_raises msg (Invalid_argument msg) (fun () -> ignore (f ())) in
  raises
    "Input should be maximum 32 bytes, encoded the secret key in little endian and must be smaller than the order of Bls12_381.Fr"
    (fun () -> S.sk_of_bytes_exn (Bytes.make 33 '\001'));
  raises "generate_sk: ikm argument must be at least 32 bytes long" (fun () ->
      S.generate_sk (Bytes.make 31 'k'));
  let bad = Bytes.make 48 '\xab' in
  raises (String.make 96 'a' |> String.mapi (fun i c -> if i mod 2 = 1 then 'b' else c)
          |> fun h -> h ^ " is not a valid public key")
    (fun () -> S.MinPk.pk_of_bytes_exn bad);
  raises (String.concat "" (List.init 48 (fun _ -> "ab")) ^ " is not a valid signature") (fun () ->
      S.MinSig.signature_of_bytes_exn bad);
  let sk = S.generate_sk (Bytes.make 32 'k') in
  let pk = S.MinPk.derive_pk sk and m = Bytes.of_string "m" in
  let sg = S.MinPk.Basic.sign sk m in
  let agg = Option.get (S.MinPk.aggregate_signature_opt [ sg; sg ]) in
  raises "Messages must be distinct" (fun () -> S.MinPk.Basic.aggregate_verify [ (pk, m); (pk, m) ] agg)

let tests = tests @ [ Alcotest.test_case "Signature: Invalid_argument messages" `Quick signature_messages ]
