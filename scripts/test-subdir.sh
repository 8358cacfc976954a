#!/usr/bin/env bash
# The project as a subdirectory of another dune workspace (a git submodule,
# opam-monorepo's duniverse/): a temporary workspace holds a copy of this
# tree (its git-tracked and untracked-but-not-ignored files) at
# duniverse/bls12-381-rust and a small executable using
# (libraries bls12-381-rust); dune builds and runs it. In the same build,
# a second project of the workspace, compat-app/, stands for a user's
# project written for ocaml-bls12-381: (libraries bls12-381), the name this
# tree's compat/ library gives, with (implicit_transitive_deps false) in its
# dune-project; its executable's output is compared with the expected one.
#
# cargo's state of the temporary workspace starts as a copy of this tree's
# _build/cargo when there is one, so the dependencies are not compiled again
# (the workspace crates are: their copied sources are newer). The cargo rule
# must write to the temporary workspace's own _build/cargo: the script checks
# that the library there was rebuilt.
#
# KEEP_TMP=1 keeps the temporary directory.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/bls12-381-subdir.XXXXXX")"
if [ "${KEEP_TMP:-}" = 1 ]; then
  echo "test-subdir: keeping $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi

ws="$tmp/ws"
sub="$ws/duniverse/bls12-381-rust"
mkdir -p "$sub" "$ws/app"

# The tree's files: git's list when this is a git work tree, else every
# file but the build outputs.
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$root" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
    tar --null -T - -cf -) | tar -xf - -C "$sub"
else
  (cd "$root" && tar --exclude=./_build --exclude=./rust/target -cf - .) | tar -xf - -C "$sub"
fi

cat >"$ws/dune-workspace" <<'EOF'
(lang dune 2.9)
EOF
cat >"$ws/dune-project" <<'EOF'
(lang dune 2.9)
EOF
cat >"$ws/app/dune" <<'EOF'
(executable
 (name main)
 (libraries bls12-381-rust zarith))
EOF
# The signatures of ocaml-bls12-381 6.x / Octez with the library's modules
# ascribed to them: the app does not build if a name or a type differs.
cp "$root/test/octez_sigs.ml" "$ws/app/octez_sigs.ml"
# The compressed generator of G1 is the public key of the secret key 1 in
# the bls12-381-tests vectors (verify/verifycase_one_privkey_47117849458281be.json);
# the other checks are group and pairing laws, and the printing of an
# exception (ocaml/printers.ml, linked by -linkall), then an Octez-style
# program and a 0.4-era one, with test/octez_sigs.ml's ascriptions.
cat >"$ws/app/main.ml" <<'EOF'
open Bls12_381

let hex b =
  String.concat ""
    (List.map (fun c -> Printf.sprintf "%02x" (Char.code c)) (List.of_seq (Bytes.to_seq b)))

let check what b =
  if not b then (
    prerr_endline ("subdir app: FAILED: " ^ what);
    exit 1)

let () =
  check "G1 generator encoding"
    (hex (G1.to_compressed_bytes G1.one)
    = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
  check "3 P = P + 2 P"
    (G1.eq (G1.mul G1.one (Fr.of_int 3)) (G1.add G1.one (G1.double G1.one)));
  check "e(P, Q) e(-P, Q) = 1" (Pairing.pairing_check [ (G1.one, G2.one); (G1.negate G1.one, G2.one) ]);
  check "e(P, Q) e(P, Q) <> 1" (not (Pairing.pairing_check [ (G1.one, G2.one); (G1.one, G2.one) ]));
  (* Octez style: flat G1/G2, Fr.of_bytes_exn, a KZG commitment with
     pippenger ~len over a longer SRS. *)
  let module S = Octez_sigs in
  let tau = Fr.of_bytes_exn (Fr.to_bytes (Fr.of_int 12345)) in
  let srs = Array.init 8 (fun i -> G1.mul G1.one (Fr.pow tau (Z.of_int i))) in
  let coeffs = [| Fr.of_int 1; Fr.of_int 2; Fr.of_int 3 |] in
  let p_tau = Fr.add (Fr.of_int 1) (Fr.mul tau (Fr.add (Fr.of_int 2) (Fr.mul tau (Fr.of_int 3)))) in
  let commitment = G1.pippenger ~len:3 srs coeffs in
  check "pippenger ~len, SRS of 8, 3 coefficients" (G1.eq commitment (G1.mul G1.one p_tau));
  check "pairing_check on G2.one"
    (Pairing.pairing_check [ (G1.mul G1.one p_tau, G2.one); (G1.negate commitment, G2.one) ]);
  (* The 0.4 era: Uncompressed and Compressed. *)
  check "0.4: Compressed.mul agrees with Uncompressed.mul"
    (Bytes.equal
       (G1.Compressed.to_bytes (G1.Compressed.mul G1.Compressed.one tau))
       (G1.Uncompressed.to_compressed_bytes (G1.Uncompressed.mul G1.Uncompressed.one tau)));
  (* The exceptions' printers are registered even though the program names
     neither the module that registers them nor Bls12_381 itself. *)
  check "Fr.Not_in_field printed"
    (match Fr.of_bytes_exn (Bytes.make 32 '\255') with
    | _ -> false
    | exception e ->
        Printexc.to_string e
        = "Bls12_381.Fr.Not_in_field \"0x" ^ String.make 64 'f' ^ "\" (not below r)");
  print_endline "subdir app: ok"
EOF

# A user's project written for ocaml-bls12-381, unchanged: the library
# bls12-381 (compat/) re-exports bls12-381-rust, so Bls12_381 is in scope
# even without implicit transitive dependencies.
mkdir -p "$ws/compat-app"
cat >"$ws/compat-app/dune-project" <<'EOF'
(lang dune 2.9)
(implicit_transitive_deps false)
EOF
cat >"$ws/compat-app/dune" <<'EOF'
(executable
 (name main)
 (libraries bls12-381))
EOF
cat >"$ws/compat-app/main.ml" <<'EOF'
let () =
  Printf.printf "G1: one + one = double one: %b\n" Bls12_381.G1.(eq (add one one) (double one));
  Printf.printf "G1: one + one = one: %b\n" Bls12_381.G1.(eq (add one one) one);
  Printf.printf "Fr: 2 + 3 = %s\n" Bls12_381.Fr.(to_string (add (of_int 2) (of_int 3)));
  Printf.printf "Fr: of_int 5 = of_string \"5\": %b\n" Bls12_381.Fr.(eq (of_int 5) (of_string "5"));
  Printf.printf "e(P, Q) e(-P, Q) = 1: %b\n"
    Bls12_381.(Pairing.pairing_check [ (G1.one, G2.one); (G1.negate G1.one, G2.one) ])
EOF
compat_expected='G1: one + one = double one: true
G1: one + one = one: false
Fr: 2 + 3 = 5
Fr: of_int 5 = of_string "5": true
e(P, Q) e(-P, Q) = 1: true'

if [ -d "$root/_build/cargo" ]; then
  cp -a "$root/_build/cargo" "$ws/_build-cargo-seed"
  mkdir -p "$ws/_build"
  mv "$ws/_build-cargo-seed" "$ws/_build/cargo"
fi
stamp="$tmp/stamp"
touch "$stamp"

# The cargo rule must find its target directory itself.
unset CARGO_TARGET_DIR
(cd "$ws" && dune build --root . ./app/main.exe ./compat-app/main.exe)
lib="$ws/_build/cargo/release/libbls12_381_ffi.a"
if ! [ "$lib" -nt "$stamp" ]; then
  echo "test-subdir: FAILED: $lib was not (re)built by the cargo rule" >&2
  exit 1
fi
"$ws/_build/default/app/main.exe"
echo "test-subdir: the project builds as duniverse/bls12-381-rust of another workspace"
compat_out="$("$ws/_build/default/compat-app/main.exe")"
if [ "$compat_out" != "$compat_expected" ]; then
  echo "test-subdir: FAILED: the (libraries bls12-381) app printed" >&2
  printf '%s\n' "$compat_out" >&2
  echo "test-subdir: instead of" >&2
  printf '%s\n' "$compat_expected" >&2
  exit 1
fi
echo "test-subdir: (libraries bls12-381) with (implicit_transitive_deps false) builds and runs"
