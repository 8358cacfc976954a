(** The exceptions print under their public path with their bytes in
    hexadecimal ([Printexc.to_string]): each raised by the function that
    raises it, on inputs whose expected text is written here (the hex
    literals by hand from the inputs, never by the library's printer). *)

val tests : unit Alcotest.test_case list
