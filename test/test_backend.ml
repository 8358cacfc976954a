(* Bls12_381.backend () against the CPU and the environment. *)

let case name f = Alcotest.test_case name `Quick f
let forced () = String.lowercase_ascii (Option.value (Sys.getenv_opt "BLS12_381_BACKEND") ~default:"")

let pairs () =
  List.map
    (fun kv ->
      match String.index_opt kv '=' with
      | Some i -> (String.sub kv 0 i, String.sub kv (i + 1) (String.length kv - i - 1))
      | None -> Alcotest.failf "not key=value: %S" kv)
    (String.split_on_char ' ' (Bls12_381.backend ()))

(* The flags of the first processor of /proc/cpuinfo, if it can be read. *)
let cpu_flags () =
  match open_in "/proc/cpuinfo" with
  | exception Sys_error _ -> None
  | ic ->
      let rec find () =
        match input_line ic with
        | exception End_of_file -> None
        | l when String.length l > 5 && String.sub l 0 5 = "flags" ->
            let v = String.sub l (String.index l ':' + 1) (String.length l - String.index l ':' - 1) in
            Some (String.split_on_char ' ' (String.trim v))
        | _ -> find ()
      in
      let r = find () in
      close_in ic;
      r

let keys_and_values () =
  let p = pairs () in
  Alcotest.(check (list string)) "keys" [ "limbs"; "g1_lanes"; "g2_lanes"; "ifma_paths" ] (List.map fst p);
  let one_of what allowed =
    let v = List.assoc what p in
    if not (List.mem v allowed) then Alcotest.failf "%s=%s" what v
  in
  one_of "limbs" [ "portable"; "adx" ];
  List.iter (fun k -> one_of k [ "off"; "avx2"; "avx512f"; "avx512_ifma" ]) [ "g1_lanes"; "g2_lanes" ];
  one_of "ifma_paths" [ "on"; "off" ];
  Alcotest.(check string) "the same on a second call" (Bls12_381.backend ()) (Bls12_381.backend ())

let follows_cpu_and_environment () =
  let p = pairs () and forced = forced () in
  let limbs = List.assoc "limbs" p in
  let lanes = [ List.assoc "g1_lanes" p; List.assoc "g2_lanes" p ] in
  if forced = "portable" then
    Alcotest.(check string) "BLS12_381_BACKEND=portable"
      "limbs=portable g1_lanes=off g2_lanes=off ifma_paths=off" (Bls12_381.backend ());
  if limbs = "portable" || forced = "adx" then begin
    Alcotest.(check (list string)) "no lanes" [ "off"; "off" ] lanes;
    Alcotest.(check string) "no IFMA paths" "off" (List.assoc "ifma_paths" p)
  end;
  match cpu_flags () with
  | None -> ()
  | Some flags ->
      let has f = List.mem f flags in
      let adx = has "adx" && has "bmi1" && has "bmi2" in
      Alcotest.(check string) "limbs from the CPU and BLS12_381_BACKEND"
        (if adx && forced <> "portable" then "adx" else "portable")
        limbs;
      let cpu_has = function
        | "off" -> true
        | "avx2" -> has "avx2"
        | "avx512f" -> has "avx512f"
        | "avx512_ifma" -> has "avx512f" && has "avx512ifma"
        | k -> Alcotest.failf "lane kernel %s" k
      in
      List.iter (fun k -> if not (cpu_has k) then Alcotest.failf "%s: not on this CPU" k) lanes;
      if List.assoc "ifma_paths" p = "on" && not (cpu_has "avx512_ifma") then
        Alcotest.fail "ifma_paths=on without AVX-512 IFMA";
      (* A lane kernel forced where the CPU has it serves both groups. *)
      if List.mem forced [ "avx2"; "avx512f"; "avx512_ifma" ] && cpu_has forced && adx then
        Alcotest.(check (list string)) ("forced " ^ forced) [ forced; forced ] lanes

let tests =
  [
    case "Bls12_381.backend: keys and values" keys_and_values;
    case "Bls12_381.backend: follows the CPU and BLS12_381_BACKEND" follows_cpu_and_environment;
  ]
