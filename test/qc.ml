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
