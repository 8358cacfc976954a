(* Writes the C stubs and the OCaml module for Bls12_381_bindings.Make:
     gen.exe STUBS.c GENERATED.ml *)

let prefix = "bls12_381_stub"

let with_file path f =
  let oc = open_out path in
  let fmt = Format.formatter_of_out_channel oc in
  f fmt;
  Format.pp_print_flush fmt ();
  close_out oc

let () =
  match Sys.argv with
  | [| _; c_file; ml_file |] ->
      with_file c_file (fun fmt ->
          (* The header first: the stubs call the functions it declares. *)
          Format.fprintf fmt "#include \"bls12_381.h\"@\n";
          Cstubs.write_c fmt ~prefix (module Bls12_381_bindings.Make));
      with_file ml_file (fun fmt ->
          Cstubs.write_ml fmt ~prefix (module Bls12_381_bindings.Make))
  | _ ->
      prerr_endline "usage: gen.exe STUBS.c GENERATED.ml";
      exit 2
