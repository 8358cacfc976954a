type t = Bench : { name : string; run : unit -> 'a } -> t

let create ~name run = Bench { name; run }
let name (Bench { name; _ }) = name

let prefixed prefix op run = create ~name:(Printf.sprintf "%s %s" prefix op) run

let on_operands b fmt operands f =
  List.map (fun (operand, x) -> b (Printf.sprintf fmt operand) (fun () -> f x)) operands
