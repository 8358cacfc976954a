(* compare's CSV: op,ours_ns,peer,peer_ns,ratio. *)
let read file =
  let ic = open_in file in
  let rec go acc =
    match input_line ic with
    | exception End_of_file ->
        close_in ic;
        acc
    | line -> (
        match String.split_on_char ',' line with
        | op :: ns :: _ -> (
            match float_of_string_opt ns with Some ns -> go ((op, ns) :: acc) | None -> go acc)
        | _ -> go acc)
  in
  go []
