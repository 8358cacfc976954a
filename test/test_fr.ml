(* Bls12_381.Fr against Zarith arithmetic modulo r, its encodings and its
   exceptions. *)

module Fr = Bls12_381.Fr

let r = Z.of_string "52435875175126190479447740508185965837690552500527637822603658699938581184513"
let ( %: ) a m = Z.erem a m

(* Integers in [0, r): mostly uniform, with the edge values. *)
let edge =
  [ Z.zero; Z.one; Z.of_int 2; Z.pred r; Z.sub r (Z.of_int 2); Z.shift_right r 1;
    Z.succ (Z.shift_right r 1); Z.shift_left Z.one 64; Z.pred (Z.shift_left Z.one 64);
    Z.shift_left Z.one 128; Z.shift_left Z.one 254; Z.pred (Z.shift_left Z.one 254) ]

let random_z st bytes = Z.of_bits (String.init bytes (fun _ -> Char.chr (Random.State.int st 256)))

let gen_mod st =
  if Random.State.int st 8 = 0 then List.nth edge (Random.State.int st (List.length edge))
  else random_z st 40 %: r

let z_mod = QCheck.make ~print:Z.to_string gen_mod
let z_mod2 = QCheck.pair z_mod z_mod

(* Any integer: negative, beyond r, far beyond. *)
let z_any =
  QCheck.make ~print:Z.to_string (fun st ->
      let z =
        match Random.State.int st 4 with
        | 0 -> gen_mod st
        | 1 -> Z.add (gen_mod st) (Z.mul r (Z.of_int (Random.State.int st 5)))
        | 2 -> random_z st 80
        | _ -> Z.of_int (Random.State.bits st - (1 lsl 29))
      in
      if Random.State.bool st then z else Z.neg z)

(* Exponents: small, around r - 1 and its multiples, large; either sign. *)
let exponent =
  QCheck.make ~print:Z.to_string (fun st ->
      let e =
        match Random.State.int st 5 with
        | 0 -> Z.of_int (Random.State.int st 10)
        | 1 -> Z.add (Z.mul (Z.pred r) (Z.of_int (Random.State.int st 4))) (Z.of_int (Random.State.int st 5 - 2))
        | 2 -> random_z st 48
        | 3 -> random_z st 8
        | _ -> gen_mod st
      in
      if Random.State.int st 3 = 0 then Z.neg e else e)

let fr = Fr.of_z
let is z x = Z.equal (Fr.to_z x) z
let t name arb prop = Qc.test ~count:1000 name arb prop
let euler a = Z.powm a (Z.shift_right (Z.pred r) 1) r
let le32 z = let s = Z.to_bits z in Bytes.init 32 (fun i -> if i < String.length s then s.[i] else '\000')

let properties =
  [
    t "of_z / to_z: reduction mod r" z_any (fun z -> is (z %: r) (fr z));
    t "add" z_mod2 (fun (a, b) -> is (Z.add a b %: r) (Fr.add (fr a) (fr b)));
    t "sub" z_mod2 (fun (a, b) -> is (Z.sub a b %: r) (Fr.sub (fr a) (fr b)));
    t "mul" z_mod2 (fun (a, b) -> is (Z.mul a b %: r) (Fr.mul (fr a) (fr b)));
    t "negate" z_mod (fun a -> is (Z.neg a %: r) (Fr.negate (fr a)));
    t "square" z_mod (fun a -> is (Z.mul a a %: r) (Fr.square (fr a)));
    t "double" z_mod (fun a -> is (Z.add a a %: r) (Fr.double (fr a)));
    t "is_zero / is_one / eq" z_mod2 (fun (a, b) ->
        Fr.is_zero (fr a) = Z.equal a Z.zero
        && Fr.is_one (fr a) = Z.equal a Z.one
        && Fr.eq (fr a) (fr b) = Z.equal a b);
    t "inverse" z_mod (fun a ->
        if Z.equal a Z.zero then
          Fr.inverse_opt (fr a) = None && Qc.raises Division_by_zero (fun () -> Fr.inverse_exn (fr a))
        else
          let i = Z.invert a r in
          is i (Fr.inverse_exn (fr a))
          && match Fr.inverse_opt (fr a) with Some x -> is i x | None -> false);
    t "div" z_mod2 (fun (a, b) ->
        if Z.equal b Z.zero then
          Fr.div_opt (fr a) (fr b) = None
          && Qc.raises Division_by_zero (fun () -> Fr.div_exn (fr a) (fr b))
        else
          let q = Z.mul a (Z.invert b r) %: r in
          is q (Fr.div_exn (fr a) (fr b))
          && match Fr.div_opt (fr a) (fr b) with Some x -> is q x | None -> false);
    t "pow" (QCheck.pair z_mod exponent) (fun (a, n) ->
        match Z.powm a n r with
        | expected -> is expected (Fr.pow (fr a) n)
        | exception Division_by_zero ->
            (* 0 to a negative power. *)
            Qc.raises Division_by_zero (fun () -> Fr.pow (fr a) n));
    t "sqrt_opt" z_mod (fun a ->
        let residue = Z.equal a Z.zero || Z.equal (euler a) Z.one in
        match Fr.sqrt_opt (fr a) with
        | Some s -> residue && is a (Fr.square s)
        | None -> not residue);
    t "sqrt_opt of squares" z_mod (fun a ->
        let sq = Z.mul a a %: r in
        match Fr.sqrt_opt (fr sq) with
        | Some s -> is sq (Fr.square s) && (is a s || is (Z.neg a %: r) s)
        | None -> false);
    t "legendre_symbol / is_quadratic_residue" z_mod (fun a ->
        let expected =
          if Z.equal a Z.zero then Z.zero else if Z.equal (euler a) Z.one then Z.one else Z.minus_one
        in
        Z.equal (Fr.legendre_symbol (fr a)) expected
        && Fr.is_quadratic_residue (fr a) = not (Z.equal expected Z.minus_one));
    t "of_string / to_string" z_any (fun z ->
        let x = Fr.of_string (Z.to_string z) in
        is (z %: r) x && Fr.to_string x = Z.to_string (z %: r) && Fr.eq (Fr.of_string (Fr.to_string x)) x);
    t "of_int" QCheck.int (fun n -> is (Z.of_int n %: r) (Fr.of_int n));
    t "to_bytes is 32 bytes little-endian" z_mod (fun a ->
        Bytes.equal (Fr.to_bytes (fr a)) (le32 a) && Fr.eq (Fr.of_bytes_exn (le32 a)) (fr a));
    t "of_bytes_opt accepts exactly the integers below r" (QCheck.make (fun st ->
        (* Random 32 bytes, or an integer just above r. *)
        if Random.State.bool st then le32 (random_z st 32)
        else le32 (Z.add r (Z.of_int (Random.State.int st 1000)))))
      (fun b ->
        let z = Z.of_bits (Bytes.to_string b) in
        match Fr.of_bytes_opt b with
        | Some x -> Z.lt z r && is z x && Fr.check_bytes b
        | None -> Z.geq z r && (not (Fr.check_bytes b)) && Qc.raises (Fr.Not_in_field b) (fun () -> Fr.of_bytes_exn b));
  ]

let check_bool = Alcotest.(check bool)

let units =
  [
    Alcotest.test_case "constants" `Quick (fun () ->
        check_bool "order" true (Z.equal Fr.order r);
        Alcotest.(check int) "size_in_bytes" 32 Fr.size_in_bytes;
        let s, q = Fr.factor_power_of_two in
        Alcotest.(check int) "2-adicity" 32 s;
        check_bool "r - 1 = 2^s q, q odd" true (Z.equal (Z.shift_left q s) (Z.pred r) && Z.is_odd q));
    Alcotest.test_case "non-canonical encodings rejected" `Quick (fun () ->
        List.iter
          (fun (what, b) ->
            check_bool (what ^ ": of_bytes_opt") true (Fr.of_bytes_opt b = None);
            check_bool (what ^ ": check_bytes") false (Fr.check_bytes b);
            Alcotest.check_raises (what ^ ": of_bytes_exn") (Fr.Not_in_field b) (fun () ->
                ignore (Fr.of_bytes_exn b)))
          [
            ("r", le32 r);
            ("r + 1", le32 (Z.succ r));
            ("2^256 - 1", Bytes.make 32 '\xff');
            ("33 bytes", Bytes.make 33 '\000');
            ("64 bytes", Bytes.make 64 '\000');
          ];
        check_bool "r - 1 accepted" true (Fr.of_bytes_opt (le32 (Z.pred r)) <> None));
    Alcotest.test_case "short encodings zero-padded (ocaml-bls12-381)" `Quick (fun () ->
        (* Fewer than 32 bytes: the little-endian integer they hold, as if
           padded with zero bytes; check_bytes still wants 32 bytes. *)
        let dec b = Option.map Fr.to_z (Fr.of_bytes_opt b) in
        check_bool "empty is 0" true (dec Bytes.empty = Some Z.zero);
        check_bool "\\x01 is 1" true (dec (Bytes.of_string "\001") = Some Z.one);
        check_bool "\\x01\\x02 is 513" true (dec (Bytes.of_string "\001\002") = Some (Z.of_int 513));
        check_bool "31 x 0xff" true
          (dec (Bytes.make 31 '\xff') = Some (Z.pred (Z.shift_left Z.one 248)));
        check_bool "of_bytes_exn pads too" true
          (Z.equal (Fr.to_z (Fr.of_bytes_exn (Bytes.of_string "\007"))) (Z.of_int 7));
        check_bool "check_bytes: 31 bytes" false (Fr.check_bytes (Bytes.make 31 '\000'));
        check_bool "check_bytes: empty" false (Fr.check_bytes Bytes.empty));
    Alcotest.test_case "exceptions" `Quick (fun () ->
        Alcotest.check_raises "inverse_exn zero" Division_by_zero (fun () -> ignore (Fr.inverse_exn Fr.zero));
        Alcotest.check_raises "div_exn by zero" Division_by_zero (fun () -> ignore (Fr.div_exn Fr.one Fr.zero));
        Alcotest.check_raises "( / ) by zero" Division_by_zero (fun () -> ignore Fr.(one / zero));
        Alcotest.check_raises "pow zero (-1)" Division_by_zero (fun () -> ignore (Fr.pow Fr.zero Z.minus_one));
        check_bool "of_string raises Invalid_argument" true
          (match Fr.of_string "12x" with _ -> false | exception Invalid_argument _ -> true));
    Alcotest.test_case "pow edge cases" `Quick (fun () ->
        let x = Fr.of_int 5 in
        check_bool "0^0 = 1" true (Fr.is_one (Fr.pow Fr.zero Z.zero));
        check_bool "0^(r-1) = 0" true (Fr.is_zero (Fr.pow Fr.zero (Z.pred r)));
        check_bool "x^(r-1) = 1" true (Fr.is_one (Fr.pow x (Z.pred r)));
        check_bool "x^-(r-1) = 1" true (Fr.is_one (Fr.pow x (Z.neg (Z.pred r))));
        check_bool "x^(-1) * x = 1" true (Fr.is_one (Fr.mul x (Fr.pow x Z.minus_one))));
  ]

let tests = properties @ units
