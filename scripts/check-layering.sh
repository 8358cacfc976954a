#!/usr/bin/env bash
# The layering rule of docs/DESIGN.md ("rust/core: layers"), checked on
# the source text of rust/core/src. Exit 1, with file:line and the rule
# broken, when:
#
#   arith   `crate::arith` (or `super::..::arith`, `$crate::arith`, or an
#           arith item through a root re-export) is named outside arith/,
#           field/, the lane code (msm/lanes/) and backend.rs (the report
#           of the kernel choices). Allowed there: the names in
#           ARITH_ALLOWED below, and nothing else;
#   limbs   raw limbs are used outside arith/, field/ and msm/lanes/ (and
#           outside meter.rs / error.rs, which hold no field value):
#             `Fp(` / `Fr(`       a field value built from its limb array;
#             `.0[`               limbs indexed (`x.0[i]`);
#             `.c0.0` .. `.c5.0`  the limbs of a tower coefficient;
#             `[u64; 6]`, `[u64; 12]`, `Wide384`
#                                 Fp-sized limb arrays, outside test code
#                                 (tests write public exponents of `pow`
#                                 as `[u64; 6]`). `[u64; 4]` is not
#                                 flagged: above the field, scalars are
#                                 canonical integers (`Fr::to_limbs`: GLV,
#                                 wNAF, windows), not Montgomery limbs;
#                                 Fr's limbs are caught by `Fr(` and `.0[`;
#   layer   a module names a module of a higher layer, or a sibling of its
#           own layer (`use crate::X`, `crate::X::..`, `super::..::X`,
#           `crate::{X, ..}`, or a root re-export of X's items):
#             meter, error  <  arith  <  field  <  curve  <  pairing
#                           <  msm, hash_to_curve, fft (independent)  <  sig
#                           <  backend
#           (backend.rs reports the kernel choices of arith and msm: it
#           may name arith's items, as arith/, field/ and msm/lanes/ do.)
#           (lib.rs, the root, re-exports from all of them.) Test code
#           (`#[cfg(test)]` items, tests.rs files) may name higher layers:
#           a reference to check against is no dependency of the library
#           (arith's lane tests compare with `Fp`).
#
# Comments are not code: `//` to the end of the line is ignored.
#
# Usage (from anywhere):
#   scripts/check-layering.sh              check rust/core/src (make lint)
#   scripts/check-layering.sh DIR          check another copy of the tree
#   scripts/check-layering.sh --self-test  check the clean tree passes and
#                                          that one planted violation of
#                                          each kind fails
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"

# The arith items code above field/ may name: the kernel-choice enum
# (msm/pippenger.rs and msm/batch_affine.rs carry the kernel an MSM's lane
# forms were made by). Space-separated.
ARITH_ALLOWED="LaneKernel"

check() {
  local src="$1"
  if [ ! -f "$src/lib.rs" ]; then
    echo "check-layering: no lib.rs in $src" >&2
    return 2
  fi
  # lib.rs first: its `pub use` lines give the root names' modules.
  local files
  files="$(cd "$src" && find . -name '*.rs' ! -path ./lib.rs | sed 's|^\./||' | LC_ALL=C sort)"
  # shellcheck disable=SC2086
  (cd "$src" && awk -v allowed="$ARITH_ALLOWED" -v shown="${src#"$root"/}" -f - lib.rs $files) <<'AWK'
BEGIN {
  split("meter error arith field curve pairing msm hash_to_curve fft sig backend", m, " ")
  split("-1 -1 0 1 2 3 4 4 4 5 6", r, " ")
  for (i = 1; i in m; i++) RANK[m[i]] = r[i] + 0
  n = split(allowed, a, " ")
  for (i = 1; i <= n; i++) ALLOW[a[i]] = 1
  bad = 0
}

# The code of a line: comments, string contents and char literals of
# braces removed.
function code_of(s) {
  gsub(/"([^"\\]|\\.)*"/, "\"\"", s)
  sub(/\/\/.*/, "", s)
  gsub(/'[{}]'/, "''", s)
  return s
}

# Expands a use tree (spaces around `::`, braces and commas removed) into
# its paths, appended to P[1..NP].
function expand(t,    open, i, j, c, depth, prefix, inner, start, part) {
  open = index(t, "{")
  if (open == 0) {
    sub(/ as .*/, "", t)
    gsub(/ /, "", t)
    if (t != "") P[++NP] = t
    return
  }
  prefix = substr(t, 1, open - 1)
  depth = 0
  for (i = open; i <= length(t); i++) {
    c = substr(t, i, 1)
    if (c == "{") depth++
    else if (c == "}") { depth--; if (depth == 0) break }
  }
  inner = substr(t, open + 1, i - open - 1)
  depth = 0
  start = 1
  for (j = 1; j <= length(inner); j++) {
    c = substr(inner, j, 1)
    if (c == "{") depth++
    else if (c == "}") depth--
    else if (c == "," && depth == 0) {
      part = substr(inner, start, j - start)
      if (part != "") expand(prefix part)
      start = j + 1
    }
  }
  part = substr(inner, start)
  if (part != "") expand(prefix part)
}

function report(line, rule, msg) {
  printf "%s/%s:%d: [%s] %s\n", shown, FILENAME, line, rule, msg
  bad = 1
}

# The module a path names and the item after it: sets TOP and NEXT ("" if
# the path names no top-level module, nor a root re-export).
function resolve(p,    s, n, i) {
  TOP = ""; NEXT = ""
  n = split(p, s, "::")
  i = 1
  if (s[1] == "crate" || s[1] == "$crate") i = 2
  else if (s[1] == "super") { while (i <= n && s[i] == "super") i++ }
  else return
  if (i > n) return
  if (s[i] in RANK) { TOP = s[i]; NEXT = (i + 1 <= n) ? s[i + 1] : "" }
  else if (s[1] != "super" && (s[i] in ROOT)) { TOP = ROOT[s[i]]; NEXT = s[i] }
}

function check_path(p, line) {
  resolve(p)
  if (TOP == "") return
  if (TOP == "arith" && !arith_ok && !(NEXT in ALLOW))
    report(line, "arith", "`" p "`: crate::arith outside arith/, field/, msm/lanes/, backend.rs (allowed there: arith::" allowed ")")
  if (MOD != "" && !in_test && TOP != MOD && RANK[TOP] >= RANK[MOD])
    report(line, "layer", "`" p "`: " MOD " (" (RANK[MOD] == RANK[TOP] ? "same layer, independent" : "lower layer") ") names " TOP)
}

# The paths of a `use` statement, into P[1..NP].
function use_paths(s,    t) {
  t = s
  sub(/^[ \t]*(pub(\([^)]*\))?[ \t]+)?use[ \t]+/, "", t)
  sub(/;.*/, "", t)
  gsub(/[ \t]+/, " ", t)
  gsub(/ ?:: ?/, "::", t); gsub(/ ?\{ ?/, "{", t); gsub(/ ?\} ?/, "}", t); gsub(/ ?, ?/, ",", t)
  NP = 0
  expand(t)
}

# Every `crate::`/`$crate::`/`super::` path of a line that is not a `use`.
function check_inline(s, line,    t, rest) {
  rest = s
  while (match(rest, /(^|[^A-Za-z0-9_])(\$?crate|super)(::[A-Za-z_][A-Za-z0-9_]*)+/)) {
    t = substr(rest, RSTART, RLENGTH)
    if (t !~ /^[$cs]/) t = substr(t, 2)
    check_path(t, line)
    rest = substr(rest, RSTART + RLENGTH)
  }
}

function check_limbs(s, line) {
  if (s ~ /(^|[^A-Za-z0-9_])F[pr]\(/) report(line, "limbs", "a field value built from its limbs (`Fp(`/`Fr(`)")
  if (s ~ /\.0\[/) report(line, "limbs", "limbs indexed (`.0[`)")
  if (s ~ /\.c[0-5]\.0([^0-9]|$)/) report(line, "limbs", "the limbs of a tower coefficient (`.cN.0`)")
  if (!in_test && s ~ /\[u64; *(6|12)\]|(^|[^A-Za-z0-9_])Wide384([^A-Za-z0-9_]|$)/)
    report(line, "limbs", "an Fp-sized limb array (`[u64; 6]`, `[u64; 12]`, `Wide384`)")
}

FNR == 1 {
  f = FILENAME
  MOD = f; sub(/\/.*/, "", MOD); sub(/\.rs$/, "", MOD)
  if (f == "lib.rs") MOD = ""
  limbs_ok = (f ~ /^(arith|field)\// || f ~ /^msm\/lanes\// || f == "meter.rs" || f == "error.rs")
  arith_ok = (f ~ /^(arith|field)\// || f ~ /^msm\/lanes\// || f == "backend.rs")
  stmt = ""
  depth = 0; pending = 0; in_test = (f ~ /(^|\/)tests\.rs$/); whole_test = in_test
}

{
  s = code_of($0)
  # Test code (exempt from the layer rule and the `[u64; 6]` one): a
  # `#[cfg(test)]` item, from its opening brace to the matching close.
  if (s ~ /^[ \t]*#\[cfg\(test\)\]/) pending = 1
  opens = gsub(/\{/, "{", s); closes = gsub(/\}/, "}", s)
  if (pending && !in_test && opens > 0) { in_test = 1; test_depth = depth; pending = 0 }
  else if (pending && s ~ /;[ \t]*$/ && s !~ /^[ \t]*#/) pending = 0
  depth += opens - closes

  if (stmt != "" || s ~ /^[ \t]*(pub(\([^)]*\))?[ \t]+)?use[ \t]/) {
    if (stmt == "") stmt_line = FNR
    stmt = stmt " " s
    if (s ~ /;/) {
      use_paths(stmt)
      for (k = 1; k <= NP; k++) {
        # lib.rs: its `pub use` paths give the root names' modules.
        if (f == "lib.rs" && stmt ~ /^ *pub /) {
          nseg = split(P[k], seg, "::")
          if (seg[1] in RANK) ROOT[seg[nseg]] = seg[1]
        }
        check_path(P[k], stmt_line)
      }
      stmt = ""
    }
  } else {
    check_inline(s, FNR)
  }
  if (!limbs_ok) check_limbs(s, FNR)
  if (in_test && !whole_test && depth <= test_depth) in_test = 0
}

END { exit bad }
AWK
}

self_test() {
  local tmp status=0
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  if ! check "$root/rust/core/src" >/dev/null; then
    echo "self-test: the tree itself fails:" >&2
    check "$root/rust/core/src" >&2 || true
    return 1
  fi
  # file <TAB> line to append <TAB> rule that must be reported
  while IFS=$'\t' read -r file add rule; do
    rm -rf "$tmp/src"
    cp -r "$root/rust/core/src" "$tmp/src"
    printf '%s\n' "$add" >>"$tmp/src/$file"
    if out="$(check "$tmp/src" 2>&1)"; then
      echo "self-test: not caught: $file: $add" >&2
      status=1
    elif ! grep -q "/$file:[0-9]*: \[$rule\]" <<<"$out"; then
      echo "self-test: $file: $add: reported, but not as [$rule]:" >&2
      echo "$out" >&2
      status=1
    fi
  done <<'EOF'
curve/point.rs	use crate::arith::params;	arith
curve/point.rs	use super::super::arith::montgomery;	arith
curve/point.rs	use crate::{arith::LaneKernel, arith::x86_64};	arith
curve/point.rs	fn f() -> bool { crate::arith::use_adx() }	arith
sig/keys.rs	use crate::{field::Fp, arith::{self, LaneKernel}};	arith
curve/point.rs	fn f(x: &crate::Fp) -> u64 { x.0[0] }	limbs
pairing/gt.rs	fn f(x: &crate::Fp2) -> u64 { x.c1.0[5] }	limbs
fft/fr.rs	fn f(x: &crate::Fr) -> &[u64; 4] { &x.0 } fn g() -> crate::Fr { Fr([0; 4]) }	limbs
hash_to_curve/sswu.rs	fn f(x: &[u64; 6]) {}	limbs
curve/point.rs	use crate::msm::MsmCurve;	layer
field/fp.rs	fn f() -> crate::G1Affine { crate::G1Affine::generator() }	layer
curve/g1.rs	use crate::pairing_check;	layer
msm/mod.rs	use crate::fft::Domain;	layer
arith/mod.rs	use super::field::Fp;	layer
meter.rs	use crate::field::Fp;	layer
sig/keys.rs	use crate::backend::backend;	layer
EOF
  # Not violations: comments, the allowed enum, integer scalars, tests'
  # exponents.
  while IFS=$'\t' read -r file add; do
    rm -rf "$tmp/src"
    cp -r "$root/rust/core/src" "$tmp/src"
    printf '%s\n' "$add" >>"$tmp/src/$file"
    if ! out="$(check "$tmp/src" 2>&1)"; then
      echo "self-test: false positive: $file: $add" >&2
      echo "$out" >&2
      status=1
    fi
  done <<'EOF'
msm/pippenger.rs	// crate::arith::x86_64 and x.0[0] in a comment; Fp(x)
msm/straus.rs	fn f(k: crate::arith::LaneKernel) -> crate::arith::LaneKernel { k }
curve/point.rs	fn f(k: &crate::Fr) -> [u64; 4] { k.to_limbs() }
curve/point.rs	#[cfg(test)] mod more { fn e() -> [u64; 6] { [3, 0, 0, 0, 0, 0] } }
msm/lanes/fp.rs	use crate::arith::params;
pairing/gt.rs	fn f(g: &Gt) -> Fp12 { g.0 }
EOF
  if [ "$status" = 0 ]; then echo "check-layering self-test: ok"; fi
  return "$status"
}

case "${1:-}" in
  --self-test) self_test ;;
  "") check "$root/rust/core/src" ;;
  *) check "$(cd "$1" && pwd)" ;;
esac
