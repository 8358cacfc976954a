#!/usr/bin/env python3
"""Prints the fixed-exponent schedules of field/fp.rs: the whole of
src/field/fp_pow_schedule.rs, which fp.rs includes (`make generated` writes
it, `make check-generated` compares):
python3 tools/pow_schedule.py > src/field/fp_pow_schedule.rs

A schedule for e is (table, first, [(n, k), ...], tail): a table of powers
of x, each entry the product (or, for two equal factors, the square) of
two earlier ones, entry 0 being x itself; then start from table[first],
for each step square n times and multiply by table[k], then square `tail`
more times. It is a left-to-right window exponentiation whose windows may
take any value of a chosen digit set D: the windows come from a shortest
split of e's bits into digits of D (dynamic programming), the table from
an addition chain through D. D itself was found by a local search
(`python3 tools/pow_schedule.py --search`: from the odd digits below 256,
add or drop one digit at a time while the count of products falls); it
is stored below so that generating stays fast and reproducible.
"""
import sys
from common import p

# The digit set of (p - 3) / 4, from `--search`.
DIGITS_P_MINUS_3_OVER_4 = [11, 13, 17, 21, 53, 55, 57, 61, 75, 79, 103, 105, 119, 123, 127, 137, 149, 151,
                           191, 195, 205, 213, 217, 225, 235, 245, 255]


def split(e, digits):
    """A shortest split of e's bits into windows whose values are in
    `digits` (zeros between them skipped): [(start, end, value)]."""
    bits = bin(e)[2:]
    n = len(bits)
    top = max(digits)
    inf = float('inf')
    best = [inf] * (n + 1)
    best[n] = 0
    end = [None] * (n + 1)
    for i in range(n - 1, -1, -1):
        if bits[i] == '0':
            best[i] = best[i + 1]
            continue
        v = 0
        for j in range(i + 1, n + 1):
            v = 2 * v + int(bits[j - 1])
            if v > top:
                break
            if v in digits and 1 + best[j] < best[i]:
                best[i] = 1 + best[j]
                end[i] = j
    if best[0] == inf:
        return None
    windows = []
    i = 0
    while i < n:
        if bits[i] == '0':
            i += 1
            continue
        windows.append((i, end[i], int(bits[i:end[i]], 2)))
        i = end[i]
    return windows


def chain(targets):
    """An addition chain from 1 through every target: the list of its
    elements (1 first), each after the first the sum of two earlier ones."""
    elems = [1]
    have = {1}

    def extend(x):
        elems.append(x)
        have.add(x)

    for t in sorted(targets):
        if t in have:
            continue
        if any(t - a in have for a in elems):
            extend(t)
            continue
        # Two steps: t = a + c with c = b + d.
        mid = next((t - a for a in elems for b in elems if 0 < t - a - b and t - a - b in have), None)
        if mid is not None:
            extend(mid)
            extend(t)
            continue
        path = []
        x = t
        while x not in have:
            path.append(x)
            x = x // 2 if x % 2 == 0 else x - 1
        for y in reversed(path):
            extend(y)
    return elems


def schedule(e, digits):
    """(table, first, steps, tail) for e: the table as (i, j) pairs, entry
    k + 1 being table[i] * table[j] (table[0] = x)."""
    windows = split(e, set(digits))
    elems = chain({d for _, _, d in windows})
    index = {v: k for k, v in enumerate(elems)}
    table = []
    for v in elems[1:]:
        # The first earlier pair that sums to v.
        i, j = next((index[a], index[v - a]) for a in elems if v - a in index and index[v - a] < index[v])
        table.append((min(i, j), max(i, j)))
    first = index[windows[0][2]]
    steps = []
    pos = windows[0][1]
    for (i, j, d) in windows[1:]:
        steps.append((j - pos, index[d]))
        pos = j
    n = len(bin(e)) - 2
    tail = n - pos
    # Check: the exponents of the table and the schedule.
    powers = [1]
    for i, j in table:
        powers.append(powers[i] + powers[j])
    assert powers == elems
    acc = powers[first]
    for k, d in steps:
        acc = (acc << k) + powers[d]
    acc <<= tail
    assert acc == e
    return table, first, steps, tail


def cost(e, digits):
    """(squarings, multiplications) of the schedule, the table's squares
    (entries with two equal factors) among the squarings."""
    table, first, steps, tail = schedule(e, digits)
    squares = sum(1 for i, j in table if i == j)
    return sum(k for k, _ in steps) + tail + squares, len(steps) + len(table) - squares


def search(e):
    """The local search that found the stored digit set."""
    def total(ds):
        if split(e, set(ds)) is None:
            return float('inf')
        return sum(cost(e, ds))
    best = set(range(1, 256, 2))
    score = total(best)
    improved = True
    while improved:
        improved = False
        for c in range(1, 2048, 2):
            trial = best ^ {c}
            if trial and total(trial) < score:
                best, score = trial, total(trial)
                improved = True
    return sorted(best)


def emit(name, e, digits, doc, note):
    """The schedule constant `name` for the exponent `e`; its doc comment is
    `doc`, the cost, then the lines of `note`."""
    table, first, steps, tail = schedule(e, digits)
    sq, muls = cost(e, digits)
    print('/// %s: a table of %d powers, %d squarings and %d multiplications' % (doc, len(table) + 1, sq, muls))
    print('/// (generated by tools/pow_schedule.py).%s' % (' ' + note[0] if note else ''))
    for line in note[1:]:
        print('/// ' + line)
    print('const %s: PowSchedule<%d, %d> = PowSchedule {' % (name, len(table), len(steps)))
    print('    table: [')
    for k in range(0, len(table), 10):
        print('        %s,' % ', '.join('(%d, %d)' % s for s in table[k:k + 10]))
    print('    ],')
    print('    first: %d,' % first)
    # Ten steps a line, as rustfmt wraps them.
    print('    steps: [')
    for k in range(0, len(steps), 10):
        print('        %s,' % ', '.join('(%d, %d)' % s for s in steps[k:k + 10]))
    print('    ],')
    print('    tail: %d,' % tail)
    print('};')


if __name__ == '__main__':
    if sys.argv[1:] == ['--search']:
        print(search((p - 3) // 4))
        sys.exit(0)
    print('// @generated by rust/core/tools/pow_schedule.py; do not edit (make generated)')
    print()
    emit('P_MINUS_3_OVER_4', (p - 3) // 4, DIGITS_P_MINUS_3_OVER_4, 'x^((p - 3) / 4)',
         ['Since p = 3 mod 4,', 'x^((p + 1) / 4) = x * x^((p - 3) / 4) is a square root of a square x.'])
