type t = Bench : { name : string; run : unit -> 'a } -> t

let create ~name run = Bench { name; run }
let name (Bench { name; _ }) = name
