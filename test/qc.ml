let seed =
  match Option.bind (Sys.getenv_opt "QCHECK_SEED") int_of_string_opt with
  | Some s -> s
  | None ->
      Random.self_init ();
      let s = Random.bits () in
      Printf.printf "QCHECK_SEED=%d\n%!" s;
      s

let test ?(count = 1000) name arb prop =
  let t = QCheck.Test.make ~count ~name arb prop in
  Alcotest.test_case name `Quick (fun () ->
      let rand = Random.State.make [| seed; Hashtbl.hash name |] in
      QCheck.Test.check_exn ~rand t)

let raises exn f =
  match f () with _ -> false | exception e -> e = exn

module type TESTS = sig
  val tests : unit Alcotest.test_case list
end

let sum_terms ~zero ~add ~mul ?(start = 0) ?len xs ys =
  let len = Option.value len ~default:(min (Array.length xs) (Array.length ys) - start) in
  let acc = ref zero in
  for i = start to start + len - 1 do
    acc := add !acc (mul xs.(i) ys.(i))
  done;
  !acc

let invalid ~prefix name f =
  match f () with
  | _ -> Alcotest.failf "%s: no exception" name
  | exception Invalid_argument msg ->
      let n = String.length prefix in
      if not (String.length msg >= n && String.sub msg 0 n = prefix) then
        Alcotest.failf "%s: message %S" name msg

(* ocaml-bls12-381's message for a bad ?start ?len of a multi-scalar
   multiplication: "start S len L". *)
let invalid_slice name f =
  match f () with
  | _ -> Alcotest.failf "%s: no exception" name
  | exception Invalid_argument msg ->
      if not (String.length msg > 6 && String.sub msg 0 6 = "start ") then
        Alcotest.failf "%s: message %S" name msg

let bad_slices_of_10 =
  [
    (Some (-1), None); (Some 11, None); (None, Some (-1)); (None, Some 11); (Some 5, Some 6);
    (Some 10, Some 1); (Some (-1), Some 2); (Some max_int, Some 1); (Some 1, Some max_int);
  ]

let slice_name (start, len) =
  let opt = Option.fold ~none:"-" ~some:string_of_int in
  Printf.sprintf "start %s len %s" (opt start) (opt len)
