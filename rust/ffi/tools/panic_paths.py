#!/usr/bin/env python3
"""Panic paths of the C ABI, from the machine code.

Reads `objdump -d --no-show-raw-insn -C` and `objdump -R` of the release
cdylib, builds the reference graph (direct calls and tail jumps, calls and
loads through GOT slots, function addresses taken), and from every exported `bls12_381_*` function finds the
reachable "panic sinks": core::panicking::*, unwrap/expect failures, slice
index failures, capacity_overflow, allocation-failure handlers, abort. For
each (export, sink) pair it prints one shortest path, and classifies it by
its *site* (the function that calls the sink directly) against an
allowlist: `site regex <TAB> sink regex <TAB> reason` per line. Exit status
1 if any path is not allowed.

Limits, stated rather than hidden:
- Calls through a register loaded from memory other than the GOT (trait
  objects' vtables, function pointers stored in structures) are edges this
  graph cannot see; the functions that make register calls are counted at
  the end so that a reader knows where the graph may be blind. Addresses
  taken with lea (rayon's job functions) and GOT loads are edges.
- A path in the graph is possible, not proven reachable: a call to a panic
  behind a check that always holds (a bounds check LLVM could not remove)
  still shows. The allowlist records why each site is unreachable from user
  input or is an accepted abort (allocation failure).
"""

import re
import sys
from collections import deque

FUNC = re.compile(r"^([0-9a-f]+) <(.+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)")
# Direct call/jmp: "call   2d100 <name+0x10>".
DIRECT = re.compile(r"^\s*[0-9a-f]+:\s+(call|jmp)\s+([0-9a-f]+) <(.+)>$")
# A RIP-relative operand annotated by objdump: "... # 1ce510 <...>".
REF = re.compile(r"# ([0-9a-f]+) <")
INDIRECT = re.compile(r"^\s*[0-9a-f]+:\s+(call|jmp)\s+\*%")

SINKS = [
    r"^core::panicking::",
    r"^core::option::(unwrap|expect)_failed",
    r"^core::result::unwrap_failed",
    r"^core::slice::index::",
    r"^core::str::slice_error_fail",
    r"^core::slice::copy_from_slice_impl::len_mismatch_fail",
    r"^core::cell::panic_already_",
    r"^alloc::raw_vec::(capacity_overflow|handle_error)",
    r"^alloc::alloc::handle_alloc_error",
    r"^std::alloc::rust_oom",
    r"^std::process::abort",
    r"^std::panicking::begin_panic",
    r"^std::panicking::panic_with_hook",
    r"^std::thread::local::panic_access_error",
    r"^__rustc::rust_panic",
    r"^__rustc::__rust_start_panic",
    r"^__rustc::rust_begin_unwind",
    r"^rust_begin_unwind",
    r"panic_fmt",
]
SINK = re.compile("|".join(SINKS))


def exports(dynsym_path):
    """(symbol, address) of every exported bls12_381_* function, from
    `objdump -T`: identical functions may share one address (LLVM merges
    them), so the disassembly alone can show fewer names than exports."""
    out = []
    with open(dynsym_path, encoding="utf-8") as f:
        for line in f:
            p = line.split()
            if len(p) >= 7 and p[3] == ".text" and re.fullmatch(r"bls12_381_[a-z0-9_]+", p[-1]):
                out.append((p[-1], int(p[0], 16)))
    return sorted(out)


def parse(dis_path, rel_path, got_range):
    """The reference graph: an edge f -> g when f calls or jumps to g
    directly, calls through g's GOT slot, or takes g's address (lea of a
    function, or a load of its GOT slot into a register, which is how
    position-independent code calls most functions). Taking an address is
    counted as a possible call: that over-approximates, and it is what lets
    the graph see the job functions rayon is handed by address."""
    starts, names = {}, []
    cur = None
    raw = {}
    with open(dis_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = FUNC.match(line)
            if m:
                cur = m.group(2)
                starts[int(m.group(1), 16)] = cur
                raw.setdefault(cur, [])
                continue
            if cur is not None and INSN.match(line):
                raw[cur].append(line)
    slots = {}
    with open(rel_path, encoding="utf-8") as f:
        for line in f:
            p = line.split()
            if len(p) == 3 and p[1] == "R_X86_64_RELATIVE" and p[2].startswith("*ABS*+"):
                slots[int(p[0], 16)] = int(p[2][6:], 16)
    lo, hi = got_range
    graph, indirect = {}, set()
    for fn, lines in raw.items():
        out = graph.setdefault(fn, set())
        for line in lines:
            m = DIRECT.match(line)
            if m:
                a = int(m.group(2), 16)
                if a in starts and starts[a] != fn:
                    out.add(starts[a])
                continue
            m = REF.search(line)
            if m:
                a = int(m.group(1), 16)
                if a in starts and starts[a] != fn:
                    out.add(starts[a])
                elif lo <= a < hi and slots.get(a) in starts:
                    out.add(starts[slots[a]])
            if INDIRECT.match(line):
                indirect.add(fn)
    return graph, indirect, starts


def load_allow(path):
    allow = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 3 or not parts[2].strip():
                sys.exit(f"{path}:{n}: want 'site regex<TAB>sink regex<TAB>reason'")
            allow.append((re.compile(parts[0]), re.compile(parts[1]), parts[2], n))
    return allow


def main():
    if len(sys.argv) != 6:
        sys.exit("usage: panic_paths.py DISASSEMBLY DYNRELOCS DYNSYMS GOT_START-GOT_END ALLOWLIST")
    lo, hi = (int(x, 16) for x in sys.argv[4].split("-"))
    graph, indirect, starts = parse(sys.argv[1], sys.argv[2], (lo, hi))
    allow = load_allow(sys.argv[5])
    exp = exports(sys.argv[3])
    if not exp:
        sys.exit("no exported bls12_381_* function")
    missing = [n for n, a in exp if a not in starts]
    if missing:
        sys.exit(f"exports at no function start of the disassembly: {missing}")
    # The walk is per function body; an export sharing another's body is
    # covered by that walk and reported under the name objdump shows.
    roots = sorted({starts[a] for _, a in exp})
    print(f"{len(exp)} exported functions, {len(roots)} distinct bodies")
    used = set()
    bad, ok = [], []
    blind = set()
    for root in roots:
        # Breadth first: one shortest path to each sink, sinks not entered.
        prev = {root: None}
        q = deque([root])
        while q:
            f = q.popleft()
            if f in indirect:
                blind.add(f)
            if SINK.search(f) and f != root:
                continue
            for g in sorted(graph.get(f, ())):
                if g not in prev:
                    prev[g] = f
                    q.append(g)
        for s in sorted(x for x in prev if SINK.search(x) and x != root):
            path, x = [], s
            while x is not None:
                path.append(x)
                x = prev[x]
            path.reverse()
            site = path[-2]
            hit = next((a for a in allow if a[0].search(site) and a[1].search(s)), None)
            if hit:
                used.add(hit[3])
                ok.append((root, site, s, hit[2]))
            else:
                bad.append((root, path))
    print(f"{len(graph)} functions in the graph")
    sites = {}
    for root, site, s, why in ok:
        sites.setdefault((site, s, why), []).append(root)
    print(f"allowed: {len(ok)} (export, sink) pairs through {len(sites)} sites")
    for (site, s, why), rs in sorted(sites.items()):
        print(f"  {site[:100]} -> {s}  [{len(rs)} exports]  ({why})")
    for a in allow:
        if a[3] not in used:
            print(f"  note: allowlist line {a[3]} matched nothing")
    print(f"blind spots (indirect calls reachable from exports): {len(blind)}")
    for f in sorted(blind):
        print(f"  {f[:140]}")
    if bad:
        print(f"NOT ALLOWED: {len(bad)} (export, sink) pairs")
        for root, path in bad:
            print(f"  {root}:")
            for x in path[1:]:
                print(f"    -> {x[:160]}")
        return 1
    print("no path outside the allowlist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
