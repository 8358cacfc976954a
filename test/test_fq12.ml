(* Bls12_381.Fq12: the encoding layout, the tower, rejection of
   non-canonical encodings. *)

module Fq12 = Bls12_381.Fq12

let p =
  Z.of_string
    "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787"

let check_bool = Alcotest.(check bool)

(* 48-byte little-endian encoding of z. *)
let le48 z =
  let s = Z.to_bits z in
  Bytes.init 48 (fun i -> if i < String.length s then s.[i] else '\000')

(* The element whose 12 coefficients (tower order) are [cs]. *)
let encode cs =
  assert (List.length cs = 12);
  Bytes.concat Bytes.empty (List.map le48 cs)

let of_coeffs cs = Fq12.of_bytes_exn (encode cs)

(* The basis element with coefficient i equal to 1. In tower order:
   0: 1, 1: u, 2: v, 3: uv, 4: v^2, 5: uv^2, 6: w, 7: uw, 8: vw, ... *)
let e i = of_coeffs (List.init 12 (fun j -> if j = i then Z.one else Z.zero))

let coeffs x =
  let b = Fq12.to_bytes x in
  List.init 12 (fun i -> Z.of_bits (Bytes.sub_string b (48 * i) 48))

let random_coeffs st =
  List.init 12 (fun _ ->
      Z.erem (Z.of_bits (String.init 56 (fun _ -> Char.chr (Random.State.int st 256)))) p)

let units =
  [
    Alcotest.test_case "constants" `Quick (fun () ->
        check_bool "order = p^12" true (Z.equal Fq12.order (Z.pow p 12));
        Alcotest.(check int) "size_in_bytes" 576 Fq12.size_in_bytes);
    Alcotest.test_case "tower: u^2 = -1, v^3 = u + 1, w^2 = v" `Quick (fun () ->
        let u = e 1 and v = e 2 and w = e 6 in
        check_bool "u^2 = -1" true (Fq12.eq (Fq12.square u) (Fq12.negate Fq12.one));
        check_bool "v^3 = u + 1" true
          (Fq12.eq (Fq12.mul v (Fq12.square v)) (Fq12.add u Fq12.one));
        check_bool "w^2 = v" true (Fq12.eq (Fq12.square w) v);
        (* The basis in tower order: u^a v^b w^c at index 6c + 2b + a. *)
        for c = 0 to 1 do
          for b = 0 to 2 do
            for a = 0 to 1 do
              let m =
                Fq12.mul
                  (Fq12.pow u (Z.of_int a))
                  (Fq12.mul (Fq12.pow v (Z.of_int b)) (Fq12.pow w (Z.of_int c)))
              in
              check_bool (Printf.sprintf "u^%d v^%d w^%d" a b c) true
                (Fq12.eq m (e ((6 * c) + (2 * b) + a)))
            done
          done
        done);
    Alcotest.test_case "encoding: coefficients round trip" `Quick (fun () ->
        let st = Random.State.make [| Qc.seed |] in
        for _ = 1 to 100 do
          let cs = random_coeffs st in
          let x = of_coeffs cs in
          check_bool "coefficients" true (List.for_all2 Z.equal cs (coeffs x));
          check_bool "bytes" true (Bytes.equal (Fq12.to_bytes x) (encode cs))
        done);
    Alcotest.test_case "encoding: addition is coefficient-wise" `Quick (fun () ->
        let st = Random.State.make [| Qc.seed; 1 |] in
        for _ = 1 to 100 do
          let a = random_coeffs st and b = random_coeffs st in
          let s = coeffs (Fq12.add (of_coeffs a) (of_coeffs b)) in
          check_bool "a + b" true
            (List.for_all2 Z.equal s (List.map2 (fun x y -> Z.erem (Z.add x y) p) a b))
        done);
    Alcotest.test_case "non-canonical encodings rejected" `Quick (fun () ->
        let st = Random.State.make [| Qc.seed; 2 |] in
        let reject what b =
          check_bool (what ^ ": of_bytes_opt") true (Fq12.of_bytes_opt b = None);
          check_bool (what ^ ": check_bytes") false (Fq12.check_bytes b);
          Alcotest.check_raises (what ^ ": of_bytes_exn") (Fq12.Not_in_field b) (fun () ->
              ignore (Fq12.of_bytes_exn b))
        in
        for i = 0 to 11 do
          let cs = random_coeffs st in
          let set v = List.mapi (fun j c -> if j = i then v else c) cs in
          reject (Printf.sprintf "coefficient %d = p" i) (encode (set p));
          reject (Printf.sprintf "coefficient %d = p + 1" i) (encode (set (Z.succ p)));
          reject (Printf.sprintf "coefficient %d = 2^384 - 1" i)
            (encode (set (Z.pred (Z.shift_left Z.one 384))));
          check_bool (Printf.sprintf "coefficient %d = p - 1 accepted" i) true
            (Fq12.check_bytes (encode (set (Z.pred p))))
        done;
        List.iter
          (fun len -> reject (Printf.sprintf "%d bytes" len) (Bytes.make len '\000'))
          [ 0; 48; 575; 577; 768 ]);
    Alcotest.test_case "Frobenius is additive: (a + b)^p = a^p + b^p" `Quick (fun () ->
        let state = Random.State.make [| Qc.seed; 3 |] in
        for _ = 1 to 10 do
          let a = Fq12.random ~state () and b = Fq12.random ~state () in
          check_bool "(a + b)^p" true
            (Fq12.eq (Fq12.pow (Fq12.add a b) p) (Fq12.add (Fq12.pow a p) (Fq12.pow b p)))
        done);
    Alcotest.test_case "in place: as the fresh forms, aliases included" `Quick (fun () ->
        let state = Random.State.make [| Qc.seed; 4 |] in
        for _ = 1 to 10 do
          let a = Fq12.random ~state () and b = Fq12.random ~state () in
          let a0 = Fq12.copy a and b0 = Fq12.copy b in
          let binary name op inplace =
            let r = Fq12.random ~state () in
            inplace r a b;
            check_bool (name ^ " into a third value") true (Fq12.eq r (op a b));
            check_bool (name ^ ": inputs unchanged") true (Fq12.eq a a0 && Fq12.eq b b0);
            let r = Fq12.copy a in
            inplace r r b;
            check_bool (name ^ " into its first operand") true (Fq12.eq r (op a b));
            let r = Fq12.copy b in
            inplace r a r;
            check_bool (name ^ " into its second operand") true (Fq12.eq r (op a b))
          in
          binary "mul" Fq12.mul Fq12.mul_inplace;
          binary "add" Fq12.add Fq12.add_inplace;
          binary "sub" Fq12.sub Fq12.sub_inplace;
          (* add and sub are coefficient-wise: against Zarith. *)
          let r = Fq12.copy a in
          Fq12.sub_inplace r r b;
          check_bool "sub coefficients" true
            (coeffs r = List.map2 (fun x y -> Z.erem (Z.sub x y) p) (coeffs a) (coeffs b));
          let r = Fq12.copy a in
          Fq12.square_inplace r r;
          check_bool "square in place" true (Fq12.eq r (Fq12.mul a a))
        done);
    Alcotest.test_case "exceptions" `Quick (fun () ->
        Alcotest.check_raises "inverse_exn zero" Division_by_zero (fun () ->
            ignore (Fq12.inverse_exn Fq12.zero));
        Alcotest.check_raises "div_exn by zero" Division_by_zero (fun () ->
            ignore (Fq12.div_exn Fq12.one Fq12.zero));
        Alcotest.check_raises "pow zero (-2)" Division_by_zero (fun () ->
            ignore (Fq12.pow Fq12.zero (Z.of_int (-2)))));
  ]

let tests = units
