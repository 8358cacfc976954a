(* The built-in runner (core_bench is not installed): see runner.mli. *)

type sample = { runs : float; time : float; minor : float; major : float; promoted : float }

type result = {
  name : string;
  ns_per_run : float;
  r_square : float;
  minor_per_run : float;
  major_per_run : float;
  promoted_per_run : float;
}

let now () = Unix.gettimeofday ()

(* Runs [f] [n] times; the GC counters are read outside the timed part, and
   what reading them allocates is the same for every batch. *)
let batch (type a) (f : unit -> a) n =
  let minor0, promoted0, major0 = Gc.counters () in
  let t0 = now () in
  for _ = 1 to n do
    ignore (Sys.opaque_identity (f ()))
  done;
  let t1 = now () in
  let minor1, promoted1, major1 = Gc.counters () in
  {
    runs = float_of_int n;
    time = (t1 -. t0) *. 1e9;
    minor = minor1 -. minor0;
    major = major1 -. major0;
    promoted = promoted1 -. promoted0;
  }

(* Least squares fit y = a + b x: returns (b, r^2). *)
let fit xs ys =
  let n = float_of_int (Array.length xs) in
  let mean a = Array.fold_left ( +. ) 0. a /. n in
  let mx = mean xs and my = mean ys in
  let sxx = ref 0. and sxy = ref 0. and syy = ref 0. in
  Array.iteri
    (fun i x ->
      let dx = x -. mx and dy = ys.(i) -. my in
      sxx := !sxx +. (dx *. dx);
      sxy := !sxy +. (dx *. dy);
      syy := !syy +. (dy *. dy))
    xs;
  if !sxx = 0. then (my /. mx, 0.)
  else
    let b = !sxy /. !sxx in
    let r2 = if !syy = 0. then 1. else !sxy *. !sxy /. (!sxx *. !syy) in
    (b, r2)

let measure ~quota (Bench_spec.Bench { name; run }) =
  (* Warm up (caches, branch predictors, lazily initialised state) for up to
     1000 runs or 10 ms, and start from a compacted heap, as core_bench does. *)
  let t0 = now () in
  let k = ref 0 in
  while !k < 1000 && now () -. t0 < 0.01 do
    ignore (Sys.opaque_identity (run ()));
    incr k
  done;
  Gc.compact ();
  let samples = ref [] in
  let start = now () in
  let n = ref 1 in
  while now () -. start < quota || List.length !samples < 3 do
    samples := batch run !n :: !samples;
    n := max (!n + 1) (int_of_float (float_of_int !n *. 1.05))
  done;
  let s = Array.of_list !samples in
  let xs = Array.map (fun s -> s.runs) s in
  let per get = fst (fit xs (Array.map get s)) in
  let ns_per_run, r_square = fit xs (Array.map (fun s -> s.time) s) in
  {
    name;
    ns_per_run;
    r_square;
    minor_per_run = per (fun s -> s.minor);
    major_per_run = per (fun s -> s.major);
    promoted_per_run = per (fun s -> s.promoted);
  }

(* 1234567.891 -> "1_234_567.89" *)
let with_underscores x =
  let s = Printf.sprintf "%.2f" x in
  let int_part, frac =
    match String.index_opt s '.' with
    | Some i -> (String.sub s 0 i, String.sub s i (String.length s - i))
    | None -> (s, "")
  in
  let neg = String.length int_part > 0 && int_part.[0] = '-' in
  let digits = if neg then String.sub int_part 1 (String.length int_part - 1) else int_part in
  let b = Buffer.create 16 in
  let len = String.length digits in
  String.iteri
    (fun i c ->
      if i > 0 && (len - i) mod 3 = 0 then Buffer.add_char b '_';
      Buffer.add_char b c)
    digits;
  (if neg then "-" else "") ^ Buffer.contents b ^ frac

let format_time ns =
  if Float.abs ns < 1e5 then with_underscores ns ^ "ns"
  else if Float.abs ns < 1e8 then with_underscores (ns /. 1e3) ^ "us"
  else with_underscores (ns /. 1e6) ^ "ms"

(* Blank for (statistically) nothing, as core_bench prints it. *)
let format_words w = if Float.abs w < 0.005 then "" else with_underscores w ^ "w"

let print_table results =
  let slowest = List.fold_left (fun m r -> Float.max m r.ns_per_run) 0. results in
  let header = [ "Name"; "Time/Run"; "mWd/Run"; "mjWd/Run"; "Prom/Run"; "R^2"; "Percentage" ] in
  let rows =
    List.map
      (fun r ->
        [
          r.name;
          format_time r.ns_per_run;
          format_words r.minor_per_run;
          format_words r.major_per_run;
          format_words r.promoted_per_run;
          Printf.sprintf "%.3f" r.r_square;
          (if slowest > 0. then Printf.sprintf "%.2f%%" (100. *. r.ns_per_run /. slowest) else "");
        ])
      results
  in
  let widths =
    List.fold_left
      (fun ws row -> List.map2 (fun w c -> max w (String.length c)) ws row)
      (List.map String.length header) rows
  in
  let line row =
    print_string "|";
    List.iteri
      (fun i (w, c) ->
        (* The name is left-aligned, the numbers right-aligned. *)
        if i = 0 then Printf.printf " %-*s |" w c else Printf.printf " %*s |" w c)
      (List.combine widths row);
    print_newline ()
  in
  line header;
  line (List.map (fun w -> String.make w '-') widths);
  List.iter line rows

let usage () =
  print_endline
    "usage: bench.exe [-quota SECONDS] [-name SUBSTRING]... [SUBSTRING]... [-list]\n\
    \  -quota S   time per benchmark in seconds (default 1)\n\
    \  -name S    run the benchmarks whose name contains S (case-insensitive);\n\
    \             bare arguments are filters too; several select the union\n\
    \  -list      print the benchmark names and exit"

let parse_quota s =
  let s = String.trim s in
  let s = if String.length s > 1 && s.[String.length s - 1] = 's' then String.sub s 0 (String.length s - 1) else s in
  match float_of_string_opt s with
  | Some q when q > 0. -> q
  | _ ->
      Printf.eprintf "invalid -quota %S: expected seconds, e.g. 0.5\n" s;
      exit 2

let contains ~sub s =
  let sub = String.lowercase_ascii sub and s = String.lowercase_ascii s in
  let n = String.length sub and m = String.length s in
  let rec at i = i + n <= m && (String.sub s i n = sub || at (i + 1)) in
  at 0

let run ?argv benches =
  let argv = match argv with Some a -> a | None -> List.tl (Array.to_list Sys.argv) in
  let rec parse quota filters list = function
    | [] -> (quota, List.rev filters, list)
    | ("-quota" | "--quota") :: q :: rest -> parse (parse_quota q) filters list rest
    | ("-name" | "--name" | "-matching") :: f :: rest -> parse quota (f :: filters) list rest
    | ("-list" | "--list") :: rest -> parse quota filters true rest
    | ("-help" | "--help" | "-h") :: _ ->
        usage ();
        exit 0
    | flag :: _ when String.length flag > 1 && flag.[0] = '-' ->
        Printf.eprintf "unknown option %s\n" flag;
        usage ();
        exit 2
    | f :: rest -> parse quota (f :: filters) list rest
  in
  let quota, filters, list = parse 1. [] false argv in
  let selected =
    List.filter
      (fun b -> filters = [] || List.exists (fun sub -> contains ~sub (Bench_spec.name b)) filters)
      benches
  in
  if list then List.iter (fun b -> print_endline (Bench_spec.name b)) selected
  else begin
    Printf.printf "backend: %s\n%!" (Bls12_381.backend ());
    Printf.printf "Estimated by least squares over growing batches, %gs per benchmark.\n%!" quota;
    let results = List.map (measure ~quota) selected in
    print_table results
  end
