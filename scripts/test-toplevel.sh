#!/bin/sh
# The library in the OCaml toplevel, as a user meets it (`ocaml` with
# `#require "bls12-381-rust"`): the types of values of every module print
# under their public paths (Bls12_381.G1.t, never Bls12_381__...), and the
# pp printers install with #install_printer. Runs on dune's install tree
# (_build/install/default), the bytecode library and its stub DLLs.
set -eu
cd "$(dirname "$0")/.."
dune build @install
lib=$PWD/_build/install/default/lib
out=$(mktemp)
trap 'rm -f "$out"' EXIT
OCAMLPATH=$lib${OCAMLPATH:+:$OCAMLPATH} CAML_LD_LIBRARY_PATH=$lib/stublibs${CAML_LD_LIBRARY_PATH:+:$CAML_LD_LIBRARY_PATH} \
  ocaml -noinit >"$out" 2>&1 <<'ML'
#use "topfind";;
#require "bls12-381-rust";;
open Bls12_381;;
let _ = (Fr.one, Fr.add, Fr.pow, Fr.fft, Fr.root_of_unity);;
let _ = (Fft_domain.create, Fft_domain.fft, Fft_domain.coset_fft_g1_vartime, Fft_domain.generator);;
let _ = (Fq12.one, Fq12.mul, GT.one, GT.mul, GT.pippenger, GT.of_fq12_opt);;
let _ = (G1.one, G1.mul, G1.pippenger, G1.to_affine_array, G1.affine_of_jacobian, G1.fft);;
let _ = (G2.Compressed.one, G2.Uncompressed.of_z_opt, G2.Affine.of_projective);;
let _ = (Pairing.pairing, Pairing.miller_loop, Pairing.final_exponentiation_exn);;
let _ = (Signature.MinPk.Pop.sign, Signature.MinSig.Aug.verify, Signature.generate_sk);;
let _ = (Signature.MinPk.Pop.aggregate_verify_multi, Signature.sk_of_bytes_be_exn, Signature.sk_to_bytes_be);;
let _ = (Eip2537.run, G1.Uncompressed.of_bytes_exn, Ec_sig.string_of_decode_error);;
#install_printer Fr.pp;;
#install_printer G1.pp;;
#install_printer G2.pp;;
#install_printer GT.pp;;
let printed_fr = Fr.of_int 12345;;
let printed_g1 = G1.zero;;
ML
status=0
if grep -q '__' "$out"; then
  echo "test-toplevel: a type printed with an internal path:" >&2
  grep '__' "$out" >&2
  status=1
fi
for want in 'Bls12_381.G1.t' 'Bls12_381.Fr.t' 'Bls12_381.GT.t' 'Bls12_381.Signature.sk' \
  'val printed_fr : Bls12_381.Fr.t = 12345' 'val printed_g1 : Bls12_381.G1.t = zero'; do
  if ! grep -qF "$want" "$out"; then
    echo "test-toplevel: missing from the toplevel's output: $want" >&2
    status=1
  fi
done
if grep -q 'Error' "$out"; then
  echo "test-toplevel: the toplevel reported an error:" >&2
  grep -A3 'Error' "$out" >&2
  status=1
fi
[ $status -eq 0 ] && echo "test-toplevel: types and printers as public paths: OK"
exit $status
