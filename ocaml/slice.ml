(* The terms selected by [?start ?len] of two arrays: see slice.mli. *)

let terms ?(start = 0) ?len n m =
  let l = min n m in
  let len = Option.value len ~default:(l - start) in
  if start < 0 || len < 1 || len > l || start > l - len then
    invalid_arg (Printf.sprintf "start %i len %i" start len);
  (start, len)
