let hex b = String.concat "" (List.map (Printf.sprintf "%02x") (List.map Char.code (List.of_seq (Bytes.to_seq b))))

module Make (F : Bls12_381.Ff_sig.BASE) (C : sig
  val count : int
end) =
struct
  let minus_one = F.negate F.one

  (* Mostly uniform elements, with 0, 1 and -1 often enough to be hit. *)
  let gen st =
    match Random.State.int st 10 with
    | 0 -> F.zero
    | 1 -> F.one
    | 2 -> minus_one
    | _ -> F.random ~state:st ()

  let elt = QCheck.make ~print:(fun x -> hex (F.to_bytes x)) gen
  let elt2 = QCheck.pair elt elt
  let elt3 = QCheck.triple elt elt elt

  (* Exponents: small, around 2^64, large; either sign. *)
  let exponent =
    QCheck.make ~print:Z.to_string (fun st ->
        let magnitude =
          match Random.State.int st 4 with
          | 0 -> Z.of_int (Random.State.int st 20)
          | 1 -> Z.of_int64 (Random.State.int64 st Int64.max_int)
          | 2 -> Z.shift_left (Z.of_int64 (Random.State.int64 st Int64.max_int)) 64
          | _ -> Z.of_int (Random.State.int st 1000)
        in
        if Random.State.bool st then magnitude else Z.neg magnitude)

  let count = C.count
  let t name arb prop = Qc.test ~count name arb prop
  let ( =: ) = F.eq

  let tests =
    [
      t "add commutative" elt2 (fun (a, b) -> F.add a b =: F.add b a);
      t "add associative" elt3 (fun (a, b, c) -> F.add (F.add a b) c =: F.add a (F.add b c));
      t "zero neutral for add" elt (fun a -> F.add a F.zero =: a && F.add F.zero a =: a);
      t "negate is the additive inverse" elt (fun a -> F.is_zero (F.add a (F.negate a)));
      t "sub is add of the negation" elt2 (fun (a, b) -> F.sub a b =: F.add a (F.negate b));
      t "mul commutative" elt2 (fun (a, b) -> F.mul a b =: F.mul b a);
      t "mul associative" elt3 (fun (a, b, c) -> F.mul (F.mul a b) c =: F.mul a (F.mul b c));
      t "one neutral for mul" elt (fun a -> F.mul a F.one =: a && F.mul F.one a =: a);
      t "zero absorbing" elt (fun a -> F.is_zero (F.mul a F.zero));
      t "distributive" elt3 (fun (a, b, c) ->
          F.mul a (F.add b c) =: F.add (F.mul a b) (F.mul a c));
      t "square is mul by itself" elt (fun a -> F.square a =: F.mul a a);
      t "double is add to itself" elt (fun a -> F.double a =: F.add a a);
      t "inverse" elt (fun a ->
          if F.is_zero a then
            F.inverse_opt a = None && Qc.raises Division_by_zero (fun () -> F.inverse_exn a)
          else
            let i = F.inverse_exn a in
            F.is_one (F.mul a i)
            && match F.inverse_opt a with Some j -> j =: i | None -> false);
      t "div" elt2 (fun (a, b) ->
          if F.is_zero b then
            F.div_opt a b = None && Qc.raises Division_by_zero (fun () -> F.div_exn a b)
          else
            let q = F.div_exn a b in
            F.mul q b =: a && match F.div_opt a b with Some q' -> q' =: q | None -> false);
      t "pow: x^(m+n) = x^m x^n" (QCheck.triple elt exponent exponent) (fun (x, m, n) ->
          if F.is_zero x && (Z.sign m < 0 || Z.sign n < 0) then
            Qc.raises Division_by_zero (fun () -> F.pow x (Z.min m n))
          else F.pow x (Z.add m n) =: F.mul (F.pow x m) (F.pow x n));
      t "pow: small exponents" elt (fun x ->
          F.is_one (F.pow x Z.zero)
          && F.pow x Z.one =: x
          && F.pow x (Z.of_int 2) =: F.square x
          && F.pow x (Z.of_int 3) =: F.mul x (F.square x)
          && (F.is_zero x || F.pow x Z.minus_one =: F.inverse_exn x));
      t "pow: zero" exponent (fun n ->
          match Z.sign n with
          | 0 -> F.is_one (F.pow F.zero n)
          | 1 -> F.is_zero (F.pow F.zero n)
          | _ -> Qc.raises Division_by_zero (fun () -> F.pow F.zero n));
      t "eq agrees with the encodings" elt2 (fun (a, b) ->
          F.eq a b = Bytes.equal (F.to_bytes a) (F.to_bytes b) && F.eq a a);
      t "infix operators" elt2 (fun (a, b) ->
          let open F in
          a + b =: add a b
          && a * b =: mul a b
          && ( - ) a =: negate a
          && Bool.equal (a = b) (eq a b)
          && a ** Z.of_int 5 =: pow a (Z.of_int 5)
          && (is_zero b || a / b =: div_exn a b));
      t "bytes round trip" elt (fun a ->
          let b = F.to_bytes a in
          Bytes.length b = F.size_in_bytes
          && F.check_bytes b
          && F.of_bytes_exn b =: a
          && match F.of_bytes_opt b with Some a' -> a' =: a | None -> false);
      t "wrong lengths rejected" elt (fun a ->
          let b = F.to_bytes a in
          let cut len = Bytes.extend b 0 (len - Bytes.length b) in
          let rejected b' =
            (not (F.check_bytes b'))
            && F.of_bytes_opt b' = None
            && Qc.raises (F.Not_in_field b') (fun () -> F.of_bytes_exn b')
          in
          (* Shorter: rejected, or (Fr, as ocaml-bls12-381) the value of the
             bytes zero-padded; check_bytes wants the exact length. *)
          let short_ok b' =
            (not (F.check_bytes b'))
            &&
            match F.of_bytes_opt b' with
            | None -> rejected b'
            | Some v ->
                let padded = Bytes.make F.size_in_bytes '\000' in
                Bytes.blit b' 0 padded 0 (Bytes.length b');
                v =: F.of_bytes_exn padded
          in
          List.for_all (fun len -> rejected (cut len)) [ F.size_in_bytes + 1; 2 * F.size_in_bytes ]
          && List.for_all (fun len -> short_ok (cut len)) [ 0; 1; F.size_in_bytes - 1 ]);
      t "copy" elt (fun a ->
          let c = F.copy a in
          c =: a && c != a);
      Alcotest.test_case "zero and one" `Quick (fun () ->
          Alcotest.(check bool) "is_zero zero" true (F.is_zero F.zero);
          Alcotest.(check bool) "is_one one" true (F.is_one F.one);
          Alcotest.(check bool) "is_zero one" false (F.is_zero F.one);
          Alcotest.(check bool) "is_one zero" false (F.is_one F.zero);
          Alcotest.(check bool) "zero <> one" false (F.eq F.zero F.one);
          Alcotest.(check bool) "encoding of zero" true
            (Bytes.equal (F.to_bytes F.zero) (Bytes.make F.size_in_bytes '\000'));
          let one = Bytes.make F.size_in_bytes '\000' in
          Bytes.set one 0 '\001';
          Alcotest.(check bool) "encoding of one" true (Bytes.equal (F.to_bytes F.one) one));
      Alcotest.test_case "random" `Quick (fun () ->
          let draw () =
            let state = Random.State.make [| 42 |] in
            let a = F.random ~state () in
            (a, F.random ~state ())
          in
          let a, b = draw () and a', b' = draw () in
          Alcotest.(check bool) "same state, same element" true (F.eq a a' && F.eq b b');
          Alcotest.(check bool) "successive draws differ" false (F.eq a b);
          for _ = 1 to 100 do
            Alcotest.(check bool) "non_null_random" false (F.is_zero (F.non_null_random ()))
          done);
      Alcotest.test_case "Fermat: x^(order-1) = 1, x^order = x" `Quick (fun () ->
          let x = F.non_null_random ~state:(Random.State.make [| 7 |]) () in
          Alcotest.(check bool) "x^(order-1)" true (F.is_one (F.pow x (Z.pred F.order)));
          Alcotest.(check bool) "x^order" true (F.eq (F.pow x F.order) x);
          Alcotest.(check bool) "0^(order-1)" true (F.is_zero (F.pow F.zero (Z.pred F.order)));
          Alcotest.(check bool) "x^(2 order - 1)" true
            (F.eq (F.pow x (Z.pred (Z.mul (Z.of_int 2) F.order))) x));
    ]
end
