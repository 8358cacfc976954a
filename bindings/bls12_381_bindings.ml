(* ctypes descriptions of the C ABI of rust/ffi/include/bls12_381.h.
   See bls12_381_bindings.mli. *)

open Ctypes

type buf = bytes Ctypes.ocaml

let buf = ocaml_bytes

module Error_code = struct
  let ok = 0
  let invalid_length = 1
  let not_canonical = 2
  let not_invertible = 3
  let not_square = 4
  let invalid_flags = 5
  let not_on_curve = 6
  let not_in_subgroup = 7
  let invalid_output_length = 8
  let length_mismatch = 9
  let null_pointer = 10
  let eip2537_invalid_input_length = 12
  let eip2537_fp_top_bytes_not_zero = 13
  let eip2537_fp_not_canonical = 14
  let eip2537_point_not_on_curve = 15
  let eip2537_point_not_in_subgroup = 16
  let eip2537_unknown_address = 17
  let buffer_too_small = 18
  let invalid_domain_size = 19
  let not_primitive_root = 20
  let domain_length_mismatch = 21
  let zero_secret_key = 22
  let key_material_too_short = 23
  let identity_public_key = 24
  let empty_input = 25
  let duplicate_message = 26
  let count_mismatch = 27
  let invalid_signature = 28
  let unknown_scheme = 29

  let all =
    [
      ("BLS12_381_OK", ok);
      ("BLS12_381_ERR_INVALID_LENGTH", invalid_length);
      ("BLS12_381_ERR_NOT_CANONICAL", not_canonical);
      ("BLS12_381_ERR_NOT_INVERTIBLE", not_invertible);
      ("BLS12_381_ERR_NOT_SQUARE", not_square);
      ("BLS12_381_ERR_INVALID_FLAGS", invalid_flags);
      ("BLS12_381_ERR_NOT_ON_CURVE", not_on_curve);
      ("BLS12_381_ERR_NOT_IN_SUBGROUP", not_in_subgroup);
      ("BLS12_381_ERR_INVALID_OUTPUT_LENGTH", invalid_output_length);
      ("BLS12_381_ERR_LENGTH_MISMATCH", length_mismatch);
      ("BLS12_381_ERR_NULL_POINTER", null_pointer);
      ("BLS12_381_ERR_EIP2537_INVALID_INPUT_LENGTH", eip2537_invalid_input_length);
      ("BLS12_381_ERR_EIP2537_FP_TOP_BYTES_NOT_ZERO", eip2537_fp_top_bytes_not_zero);
      ("BLS12_381_ERR_EIP2537_FP_NOT_CANONICAL", eip2537_fp_not_canonical);
      ("BLS12_381_ERR_EIP2537_POINT_NOT_ON_CURVE", eip2537_point_not_on_curve);
      ("BLS12_381_ERR_EIP2537_POINT_NOT_IN_SUBGROUP", eip2537_point_not_in_subgroup);
      ("BLS12_381_ERR_EIP2537_UNKNOWN_ADDRESS", eip2537_unknown_address);
      ("BLS12_381_ERR_BUFFER_TOO_SMALL", buffer_too_small);
      ("BLS12_381_ERR_INVALID_DOMAIN_SIZE", invalid_domain_size);
      ("BLS12_381_ERR_NOT_PRIMITIVE_ROOT", not_primitive_root);
      ("BLS12_381_ERR_DOMAIN_LENGTH_MISMATCH", domain_length_mismatch);
      ("BLS12_381_ERR_ZERO_SECRET_KEY", zero_secret_key);
      ("BLS12_381_ERR_KEY_MATERIAL_TOO_SHORT", key_material_too_short);
      ("BLS12_381_ERR_IDENTITY_PUBLIC_KEY", identity_public_key);
      ("BLS12_381_ERR_EMPTY_INPUT", empty_input);
      ("BLS12_381_ERR_DUPLICATE_MESSAGE", duplicate_message);
      ("BLS12_381_ERR_COUNT_MISMATCH", count_mismatch);
      ("BLS12_381_ERR_INVALID_SIGNATURE", invalid_signature);
      ("BLS12_381_ERR_UNKNOWN_SCHEME", unknown_scheme);
    ]
end

(* The functions of a field or a group of the header are named
   bls12_381_<name>_<op>: the functors below take the <name>. *)
module type NAME = sig
  val name : string
end

let symbol name op = Printf.sprintf "bls12_381_%s_%s" name op

module G1_name = struct
  let name = "g1"
end

module G2_name = struct
  let name = "g2"
end

module Make (F : Ctypes.FOREIGN) = struct
  open F

  type nonrec buf = buf

  (* libc's memcpy between an OCaml buffer and C memory (string.h, included
     by gen.ml): how arguments of the unlocked calls leave the OCaml heap and
     their results come back. Bound twice, once per direction. *)
  module Mem = struct
    let to_c = foreign "memcpy" (ptr void @-> buf @-> size_t @-> returning void)
    let of_c = foreign "memcpy" (buf @-> ptr void @-> size_t @-> returning void)
  end

  (* The gas of an EIP-2537 call (no buffer, a short call). *)
  module Eip2537 = struct
    let gas =
      foreign "bls12_381_eip2537_gas" (uint64_t @-> size_t @-> ptr uint64_t @-> returning int)
  end

  (* Which kernels run: a static string of the library, read as an OCaml
     string by [text] (a short call; only the process's first may time the
     lane kernels, a few milliseconds). *)
  module Backend = struct
    let c_text =
      foreign "bls12_381_backend" (void @-> returning (typedef (ptr char) "const char *"))
  end
end

(* The calls that release the runtime lock: every buffer is C memory
   (void * here), never an OCaml value, since the GC may move or free OCaml
   values while the lock is released. *)
module Unlocked (F : Ctypes.FOREIGN) = struct
  open F

  type cbuf = unit Ctypes.ptr

  let cbuf = ptr void

  module Curve (Name : NAME) = struct
    open struct
      let fn op = symbol Name.name op

      (* Linear in the lengths of the message and the DST: unbounded. *)
      let hasher op =
        foreign (fn op) (cbuf @-> cbuf @-> size_t @-> cbuf @-> size_t @-> returning void)
    end

    let msm_vartime =
      foreign (fn "msm_vartime") (cbuf @-> cbuf @-> cbuf @-> size_t @-> size_t @-> returning int)

    let msm_compressed_vartime =
      foreign (fn "msm_compressed_vartime")
        (cbuf @-> cbuf @-> cbuf @-> size_t @-> int @-> size_t @-> returning int)

    let batch_normalize = foreign (fn "batch_normalize") (cbuf @-> cbuf @-> size_t @-> returning int)

    let hash_to_curve = hasher "hash_to_curve"
    let encode_to_curve = hasher "encode_to_curve"
    let hash_to_curve_vartime = hasher "hash_to_curve_vartime"

    (* Linear, but points are slow to add. *)
    let batch_sum_vartime = foreign (fn "batch_sum_vartime") (cbuf @-> cbuf @-> size_t @-> returning int)

    let affine_batch_sum_vartime =
      foreign (fn "affine_batch_sum_vartime") (cbuf @-> cbuf @-> size_t @-> returning int)
  end

  module G1 = Curve (G1_name)

  module G2 = Curve (G2_name)

  (* The signature of the .mli, where its documentation is. *)
  module type CURVE = module type of G1

  module Pairing = struct
    let pairs = cbuf @-> cbuf @-> cbuf @-> size_t @-> returning int
    let multi_miller_loop = foreign "bls12_381_multi_miller_loop" pairs

    let final_exponentiation =
      foreign "bls12_381_final_exponentiation" (cbuf @-> cbuf @-> returning int)

    let pairing =
      foreign "bls12_381_pairing" (cbuf @-> cbuf @-> cbuf @-> returning int)

    let pairing_check_vartime = foreign "bls12_381_pairing_check_vartime" pairs
  end

  (* Arrays of Fr elements: linear, but as long as the caller's lists. *)
  module Fr_array = struct
    let batch_sum = foreign "bls12_381_fr_batch_sum" (cbuf @-> cbuf @-> size_t @-> returning int)

    let batch_product =
      foreign "bls12_381_fr_batch_product" (cbuf @-> cbuf @-> size_t @-> returning int)

    let batch_inner_product =
      foreign "bls12_381_fr_batch_inner_product" (cbuf @-> cbuf @-> cbuf @-> size_t @-> returning int)

    let batch_invert = foreign "bls12_381_fr_batch_invert" (cbuf @-> size_t @-> returning int)
  end

  module Gt = struct
    let multiexp_vartime_with_threads =
      foreign "bls12_381_gt_multiexp_vartime_with_threads"
        (cbuf @-> cbuf @-> cbuf @-> size_t @-> size_t @-> returning int)
  end

  (* An MSM or a pairing check of many pairs: a long call. *)
  module Eip2537 = struct
    let run =
      foreign "bls12_381_eip2537_run"
        (uint64_t @-> cbuf @-> size_t @-> cbuf @-> size_t @-> ptr size_t @-> ptr uint64_t
       @-> returning int)
  end

  (* BLS signatures: a hash to curve and a scalar multiplication (signing,
     keys) or a pairing check (verification): long calls. *)
  module Sig = struct
    let fn op = "bls12_381_sig_" ^ op
    let keygen = foreign (fn "keygen") (cbuf @-> cbuf @-> size_t @-> cbuf @-> size_t @-> returning int)
    let sk_to_pk = foreign (fn "sk_to_pk") (cbuf @-> size_t @-> int @-> cbuf @-> returning int)

    let sign =
      foreign (fn "sign")
        (cbuf @-> size_t @-> int @-> int @-> cbuf @-> cbuf @-> size_t @-> returning int)

    let verify =
      foreign (fn "verify")
        (int @-> int @-> cbuf @-> size_t @-> cbuf @-> size_t @-> cbuf @-> size_t @-> returning int)

    let aggregate = foreign (fn "aggregate") (cbuf @-> size_t @-> int @-> cbuf @-> size_t @-> returning int)

    let aggregate_verify =
      foreign (fn "aggregate_verify")
        (int @-> int @-> cbuf @-> cbuf @-> ptr size_t @-> size_t @-> cbuf @-> size_t @-> returning int)

    let fast_aggregate_verify =
      foreign (fn "fast_aggregate_verify")
        (int @-> cbuf @-> size_t @-> cbuf @-> size_t @-> cbuf @-> size_t @-> returning int)

    let pop_prove = foreign (fn "pop_prove") (cbuf @-> size_t @-> int @-> cbuf @-> returning int)

    let pop_verify =
      foreign (fn "pop_verify") (int @-> cbuf @-> size_t @-> cbuf @-> size_t @-> returning int)

    let batch_verify =
      foreign (fn "batch_verify")
        (int @-> int @-> cbuf @-> cbuf @-> ptr size_t @-> cbuf @-> size_t @-> cbuf @-> size_t
       @-> returning int)

    let pk_validate = foreign (fn "pk_validate") (int @-> cbuf @-> size_t @-> returning int)

    let signature_validate =
      foreign (fn "signature_validate") (int @-> cbuf @-> size_t @-> returning int)
  end
end
