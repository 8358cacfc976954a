(* The EIP-2537 precompiles over the C ABI (bls12_381_eip2537_run, _gas). *)

type precompile =
  | G1_add
  | G1_msm
  | G2_add
  | G2_msm
  | Pairing_check
  | Map_fp_to_g1
  | Map_fp2_to_g2

type error =
  | Empty_input
  | Invalid_input_length of { expected : int; got : int; multiple : bool }
  | Fp_top_bytes_not_zero
  | Fp_not_canonical
  | Point_not_on_curve
  | Point_not_in_subgroup
  | Unknown_address of int

let all = [ G1_add; G1_msm; G2_add; G2_msm; Pairing_check; Map_fp_to_g1; Map_fp2_to_g2 ]

let address = function
  | G1_add -> 0x0b
  | G1_msm -> 0x0c
  | G2_add -> 0x0d
  | G2_msm -> 0x0e
  | Pairing_check -> 0x0f
  | Map_fp_to_g1 -> 0x10
  | Map_fp2_to_g2 -> 0x11

let of_address a = List.find_opt (fun p -> address p = a) all

let name = function
  | G1_add -> "G1ADD"
  | G1_msm -> "G1MSM"
  | G2_add -> "G2ADD"
  | G2_msm -> "G2MSM"
  | Pairing_check -> "PAIRING_CHECK"
  | Map_fp_to_g1 -> "MAP_FP_TO_G1"
  | Map_fp2_to_g2 -> "MAP_FP2_TO_G2"

(* The input's length, or pair size when the second component is true. *)
let input_unit = function
  | G1_add -> (256, false)
  | G1_msm -> (160, true)
  | G2_add -> (512, false)
  | G2_msm -> (288, true)
  | Pairing_check -> (384, true)
  | Map_fp_to_g1 -> (64, false)
  | Map_fp2_to_g2 -> (128, false)

(* Every output fits: 32, 128 or 256 bytes. *)
let out_cap = 256
let[@inline] size_t n = Unsigned.Size_t.of_int n
let u64 a = Unsigned.UInt64.of_int a

(* A u64 of the C side as an int, saturated at max_int. *)
let int_of_u64 g =
  if Unsigned.UInt64.compare g (Unsigned.UInt64.of_int max_int) > 0 then max_int
  else Unsigned.UInt64.to_int g

let gas p len =
  if len < 0 then invalid_arg "Bls12_381.Eip2537.gas: negative length";
  let g = Ctypes.allocate Ctypes.uint64_t Unsigned.UInt64.zero in
  let code = Stubs.Eip2537.gas (u64 (address p)) (size_t len) g in
  (* Every address of [all] is known to the C side. *)
  assert (code = Stubs.Error_code.ok);
  int_of_u64 (Ctypes.( !@ ) g)

(* The code of a failed call as an [error]; the lengths of
   Invalid_input_length follow from the precompile and the input, as the
   Rust crate sets them. *)
let error_of_code p got code =
  let module E = Stubs.Error_code in
  if code = E.empty_input then Empty_input
  else if code = E.eip2537_invalid_input_length then
    let expected, multiple = input_unit p in
    Invalid_input_length { expected; got; multiple }
  else if code = E.eip2537_fp_top_bytes_not_zero then Fp_top_bytes_not_zero
  else if code = E.eip2537_fp_not_canonical then Fp_not_canonical
  else if code = E.eip2537_point_not_on_curve then Point_not_on_curve
  else if code = E.eip2537_point_not_in_subgroup then Point_not_in_subgroup
  else
    (* NULL_POINTER, INVALID_LENGTH, BUFFER_TOO_SMALL, UNKNOWN_ADDRESS: the
       pointers are never NULL, the buffers are real and [out_cap] holds
       every output, the address is one of the seven. *)
    failwith (Printf.sprintf "Bls12_381.Eip2537.run: unexpected code %d" code)

let run p input =
  let n = Bytes.length input in
  (* The call releases the runtime lock: its buffers are C memory. *)
  let inp = Cmem.of_bytes input in
  let out = Cmem.create out_cap in
  let out_len = Ctypes.allocate Ctypes.size_t (size_t 0) in
  let g = Ctypes.allocate Ctypes.uint64_t Unsigned.UInt64.zero in
  let code =
    Stubs.Unlocked.Eip2537.run (u64 (address p)) (Cmem.ptr inp) (size_t n) (Cmem.ptr out)
      (size_t out_cap) out_len g
  in
  Cmem.keep inp;
  if code = Stubs.Error_code.ok then
    let len = Unsigned.Size_t.to_int (Ctypes.( !@ ) out_len) in
    let b = Bytes.create len in
    Cmem.blit_out out 0 (Ctypes.ocaml_bytes_start b) len;
    Ok (b, int_of_u64 (Ctypes.( !@ ) g))
  else Error (error_of_code p n code)

let run_address a input =
  match of_address a with Some p -> run p input | None -> Error (Unknown_address a)

let string_of_error = function
  | Empty_input -> "empty input (at least one pair is required)"
  | Invalid_input_length { expected; got; multiple = false } ->
      Printf.sprintf "invalid input length: expected %d bytes, got %d" expected got
  | Invalid_input_length { expected; got; multiple = true } ->
      Printf.sprintf "invalid input length: expected a multiple of %d bytes, got %d" expected got
  | Fp_top_bytes_not_zero -> "invalid field element: the top 16 bytes are not zero"
  | Fp_not_canonical -> "invalid field element: not below the modulus p"
  | Point_not_on_curve -> "invalid point: not on the curve"
  | Point_not_in_subgroup -> "invalid point: not in the order-r subgroup"
  | Unknown_address a -> Printf.sprintf "no EIP-2537 precompile at address %#x" a

let pp_error fmt e = Format.pp_print_string fmt (string_of_error e)
