#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets from the test vectors in
vectors/ (nothing is downloaded, nothing large is committed).

    python3 rust/fuzz/seed_corpus.py [OUT_DIR]    (default: rust/fuzz/corpus)

Writes OUT_DIR/<target>/<sha1 of the input>, so rerunning is idempotent and
never removes what the fuzzers added. The input layouts are those of
rust/fuzz/src (hash_to_curve: hash.rs; msm_ffi: msm.rs; gt_decode: mode byte
then 576 bytes).
"""

import hashlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VEC = os.path.join(HERE, "..", "..", "vectors")
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus")

P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001

# A G2 point of order 13 (accepted by the unchecked decoders; its Miller
# loop vanishes, so the pairing has no final exponentiation to take).
G2_ORDER_13 = (
    "a39bfcf7739ddda85050abad47896d69f0edb0b26e55bfd7d1be52cdd9633114806491ce571e31a94fb5138b0e89e5d3"
    "0adf181d822ba0f0912dfb1b62c1eaacdd4b14d62bc7e8fcdb5b0b5da2ac77f281db59553f3068f957c0374531edc1e4"
)

counts = {}


def put(target, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
    counts[target] = counts.get(target, 0) + 1


def unhex(s):
    return bytes.fromhex(s[2:] if s.startswith("0x") else s)


def load(*path):
    with open(os.path.join(VEC, *path)) as f:
        return json.load(f)


def records(name, size, count):
    with open(os.path.join(VEC, "zkcrypto-serialization", name), "rb") as f:
        data = f.read()
    return [data[i * size:(i + 1) * size] for i in range(count)]


def be(v, n):
    return v.to_bytes(n, "big")


def le(v, n):
    return v.to_bytes(n, "little")


# --- G1 / G2 decoders: the first records of [i]G in both forms, the
# deserialization vectors, hash-to-curve outputs, and hand-made edge cases
# (x = p, p + 1, 2^381 - 1; every flag combination on the identity).
for g, comp in (("g1", 48), ("g2", 96)):
    for form, size in (("compressed", comp), ("uncompressed", 2 * comp)):
        for rec in records(f"{g}_{form}_valid_test_vectors.dat", size, 40):
            put(f"{g}_decode", rec)
    for flags in range(8):
        for size in (comp, 2 * comp):
            put(f"{g}_decode", bytes([flags << 5]) + bytes(size - 1))
    for x in (P, P + 1, (1 << 381) - 1):
        xs = be(x, 48) * (comp // 48)
        put(f"{g}_decode", bytes([xs[0] | 0x80]) + xs[1:])
        put(f"{g}_decode", xs + xs)
for d, key in (("deserialization_G1", "pubkey"), ("deserialization_G2", "signature")):
    for root in ("bls12-381-tests-v0.1.2", "bls12-381-tests-master-extra"):
        folder = os.path.join(VEC, root, d)
        for name in sorted(os.listdir(folder)):
            v = load(root, d, name)
            put("g1_decode" if d.endswith("G1") else "g2_decode", unhex(v["input"][key]))
put("g2_decode", unhex(G2_ORDER_13))
# Directive inputs (rust/fuzz/src/decode.rs): a directive byte, then a valid
# encoding: the compression flag alone, the identity with and without the
# sign bit, each kind of coordinate >= p on each coordinate.
for g, comp in (("g1", 48), ("g2", 96)):
    for form, size in (("compressed", comp), ("uncompressed", 2 * comp)):
        flags = 0x80 if form == "compressed" else 0x00
        for rec in records(f"{g}_{form}_valid_test_vectors.dat", size, 4)[1:]:
            for d in (flags, flags | 0x50, flags | 0x70, 0x40 | 0x10):
                put(f"{g}_decode", bytes([d]) + rec)
            for kind in (1, 2, 3):
                for coord in range(size // 48):
                    put(f"{g}_decode", bytes([flags | kind << 2 | coord]) + rec)
# G1 points (0, +-2), of order 3: x = 0 with either sign.
put("g1_decode", bytes([0x80]) + bytes(47))
put("g1_decode", bytes([0xA0]) + bytes(47))
for g in ("g1", "g2"):
    folder = os.path.join(VEC, "hash_to_curve", f"ocaml_{g}")
    for name in sorted(os.listdir(folder))[:20]:
        with open(os.path.join(folder, name)) as f:
            for line in f.read().splitlines()[:5]:
                parts = line.split()
                if len(parts) == 3:
                    put(f"{g}_decode", unhex(parts[2]))

# --- Fr: edge values and the signing keys of the BLS vectors (as 32-byte
# little-endian integers).
for v in (0, 1, R - 1, R, R + 1, 2 * R, (1 << 255) - 1, (1 << 256) - 1):
    put("fr_decode", le(v, 32))
folder = os.path.join(VEC, "bls12-381-tests-v0.1.2", "sign")
for name in sorted(os.listdir(folder)):
    v = load("bls12-381-tests-v0.1.2", "sign", name)
    put("fr_decode", unhex(v["input"]["privkey"])[::-1])
put("fr_decode", le(R - 1, 32) + bytes(32))

# --- Fq12 / GT: e(G1, G2) and the ocaml regression pairings (12 x 48-byte
# little-endian coefficients), zero, one, a coefficient equal to p.
e = load("e_g1_g2.json")
gts = [unhex(e[k]) for k in e if k.startswith("e_g1_g2_576_bytes_ocaml")]
reg = load("hash_to_curve", "ocaml_regression_vectors.json")
for case in reg["pairing"]:
    gts.append(unhex(case["gt"]))
one = le(1, 48) + bytes(528)
for f in gts + [bytes(576), one, le(P, 48) + bytes(528)]:
    put("fq12_decode", f)
    for mode in range(4):
        put("gt_decode", bytes([mode]) + f)

# --- hash_to_curve: the RFC 9380 vectors (msg, DST) of the four suites, the
# expand_message_xmd vectors (38- and 256-byte DSTs), an empty and a
# 3000-byte DST.
def h2c(op, dst, msg, xmd_len=32):
    return le(len(dst), 2) + bytes([op]) + le(xmd_len, 2) + dst + msg


for op, name in ((0, "G1_XMD_SHA-256_SSWU_RO_"), (1, "G1_XMD_SHA-256_SSWU_NU_"),
                 (2, "G2_XMD_SHA-256_SSWU_RO_"), (3, "G2_XMD_SHA-256_SSWU_NU_")):
    v = load("hash_to_curve", f"BLS12381{name}.json")
    for t in v["vectors"]:
        put("hash_to_curve", h2c(op | 4, v["dst"].encode(), t["msg"].encode()))
    put("hash_to_curve", h2c(op, b"", b"abc"))
    put("hash_to_curve", h2c(op, bytes(i % 251 for i in range(3000)), b"abc"))
for name in ("expand_message_xmd_SHA256_38.json", "expand_message_xmd_SHA256_256.json"):
    v = load("hash_to_curve", name)
    for t in v["tests"]:
        put("hash_to_curve", h2c(8, v["DST"].encode(), t["msg"].encode(), int(t["len_in_bytes"], 16)))

# --- msm_ffi: a few pair counts, thread counts and options (seeded bytes).
rng = random.Random(15)
for n in (0, 1, 2, 5, 16):
    for opts in (0, 1, 2, 3, 6, 7, 8, 9, 0x10, 0x22, 0x31):
        threads = rng.randrange(5)
        pairs = bytes(rng.randrange(256) for _ in range(35 * n))
        put("msm_ffi", bytes([n, threads, opts]) + pairs)

for t in sorted(counts):
    print(f"{t}: {counts[t]} seeds", file=sys.stderr)
