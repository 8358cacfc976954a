(* ctypes descriptions of the C ABI of rust/ffi/include/bls12_381.h.
   See bls12_381_bindings.mli. *)

open Ctypes

type buf = bytes Ctypes.ocaml

let buf = ocaml_bytes

module Make (F : Ctypes.FOREIGN) = struct
  open F

  type nonrec buf = buf

  module type FIELD = sig
    val zero : (buf -> unit F.return) F.result
    val one : (buf -> unit F.return) F.result
    val is_zero : (buf -> bool F.return) F.result
    val is_one : (buf -> bool F.return) F.result
    val eq : (buf -> buf -> bool F.return) F.result
    val add : (buf -> buf -> buf -> unit F.return) F.result
    val sub : (buf -> buf -> buf -> unit F.return) F.result
    val mul : (buf -> buf -> buf -> unit F.return) F.result
    val neg : (buf -> buf -> unit F.return) F.result
    val double : (buf -> buf -> unit F.return) F.result
    val square : (buf -> buf -> unit F.return) F.result
    val inverse : (buf -> buf -> int F.return) F.result

    val pow :
      (buf -> buf -> buf -> Unsigned.size_t -> unit F.return) F.result

    val of_bytes : (buf -> buf -> Unsigned.size_t -> int F.return) F.result
    val to_bytes : (buf -> buf -> unit F.return) F.result
    val of_bytes_wide : (buf -> buf -> unit F.return) F.result
  end

  (* The functions every field of the header has, named
     bls12_381_<name>_<op>. *)
  module Field (Name : sig
    val name : string
  end) : FIELD = struct
    let fn op = Printf.sprintf "bls12_381_%s_%s" Name.name op
    let zero = foreign (fn "zero") (buf @-> returning void)
    let one = foreign (fn "one") (buf @-> returning void)
    let is_zero = foreign (fn "is_zero") (buf @-> returning bool)
    let is_one = foreign (fn "is_one") (buf @-> returning bool)
    let eq = foreign (fn "eq") (buf @-> buf @-> returning bool)
    let add = foreign (fn "add") (buf @-> buf @-> buf @-> returning void)
    let sub = foreign (fn "sub") (buf @-> buf @-> buf @-> returning void)
    let mul = foreign (fn "mul") (buf @-> buf @-> buf @-> returning void)
    let neg = foreign (fn "neg") (buf @-> buf @-> returning void)
    let double = foreign (fn "double") (buf @-> buf @-> returning void)
    let square = foreign (fn "square") (buf @-> buf @-> returning void)
    let inverse = foreign (fn "inverse") (buf @-> buf @-> returning int)

    let pow =
      foreign (fn "pow") (buf @-> buf @-> buf @-> size_t @-> returning void)

    let of_bytes =
      foreign (fn "of_bytes") (buf @-> buf @-> size_t @-> returning int)

    let to_bytes = foreign (fn "to_bytes") (buf @-> buf @-> returning void)

    let of_bytes_wide =
      foreign (fn "of_bytes_wide") (buf @-> buf @-> returning void)
  end

  module Fr = struct
    include Field (struct
      let name = "fr"
    end)

    let sqrt = foreign "bls12_381_fr_sqrt" (buf @-> buf @-> returning int)
    let legendre = foreign "bls12_381_fr_legendre" (buf @-> returning int)
  end

  module Fq12 = Field (struct
    let name = "fq12"
  end)
end
