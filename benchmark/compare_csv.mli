(** The rows of a CSV file written by rust/bench's [compare --csv]
    ([op,ours_ns,peer,peer_ns,ratio]): each row's operation and our time in
    ns; lines whose time is not a number (the header) are skipped. *)
val read : string -> (string * float) list
