(* The terms selected by [?start ?len] of two arrays: see slice.mli. *)

let terms fn ~what:(xs, ys) ?(start = 0) ?len n m =
  if len = None && n <> m then invalid_arg (Printf.sprintf "%s: %d %s but %d %s" fn n xs m ys);
  let avail = min n m in
  if start < 0 || start > avail then
    invalid_arg
      (Printf.sprintf "%s: start %d outside [0, %d] (%d %s, %d %s)" fn start avail n xs m ys);
  let len = Option.value len ~default:(avail - start) in
  if len < 0 || len > avail - start then
    invalid_arg
      (Printf.sprintf "%s: len %d outside [0, %d] (start %d, %d %s, %d %s)" fn len
         (avail - start) start n xs m ys);
  (start, len)
