"""Alias sets (union-find) against a pure-Python reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc.kernels import alias as _alias
from fastalloc.errors import FastallocError
from fastalloc.packing import alias_sets


def ref_alias_sets(n, pairs):
    """Sets by repeated merging of Python sets; same output convention."""
    groups = {}
    for a, b in pairs:
        ga = groups.get(a, {a})
        gb = groups.get(b, {b})
        merged = ga | gb
        for v in merged:
            groups[v] = merged
    leader = [min(groups[v]) if v in groups else v for v in range(n)]
    sets = sorted({tuple(sorted(g)) for g in groups.values()})
    indptr = [0]
    members = []
    for g in sets:
        members.extend(g)
        indptr.append(len(members))
    return leader, indptr, members


@st.composite
def alias_inputs(draw):
    n = draw(st.integers(0, 60))
    if n == 0:
        return 0, []
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=80))
    return n, pairs


def run(n, pairs):
    a = [p[0] for p in pairs]
    b = [p[1] for p in pairs]
    leader, indptr, members = alias_sets(n, np.array(a, dtype=np.int64), np.array(b, dtype=np.int64))
    for x in (leader, indptr, members):
        assert x.dtype == np.int64
    return leader.tolist(), indptr.tolist(), members.tolist()


@settings(max_examples=300, deadline=None)
@given(alias_inputs())
def test_alias_sets_match_reference(inp):
    n, pairs = inp
    assert run(n, pairs) == ref_alias_sets(n, pairs)


@settings(max_examples=100, deadline=None)
@given(alias_inputs(), st.randoms(use_true_random=False), st.booleans())
def test_alias_sets_independent_of_pair_order(inp, rnd, swap):
    n, pairs = inp
    shuffled = list(pairs)
    rnd.shuffle(shuffled)
    if swap:  # union is symmetric: aliasee/aliaser roles do not matter for the sets
        shuffled = [(b, a) for a, b in shuffled]
    assert run(n, shuffled) == run(n, pairs)


def test_alias_sets_worst_cases():
    n = 1000
    chain = [(i, i + 1) for i in range(n - 1)]
    assert run(n, chain) == ([0] * n, [0, n], list(range(n)))
    rev = [(i + 1, i) for i in reversed(range(n - 1))]
    assert run(n, rev) == ([0] * n, [0, n], list(range(n)))
    star = [(n - 1, i) for i in range(n - 1)]
    assert run(n, star) == ([0] * n, [0, n], list(range(n)))
    # Disjoint pairs, listed high first.
    pairs = [(2 * i + 1, 2 * i) for i in reversed(range(n // 2))]
    leader, indptr, members = run(n, pairs)
    assert leader == [v - v % 2 for v in range(n)]
    assert indptr == list(range(0, n + 1, 2)) and members == list(range(n))
    # No pairs: every value leads itself and no set exists.
    assert run(5, []) == ([0, 1, 2, 3, 4], [0], [])
    # A self pair makes a singleton set, as IREE's addAlias(x, x) would.
    assert run(3, [(1, 1)]) == ([0, 1, 2], [0, 1], [1])
    assert run(0, []) == ([], [0], [])


def test_alias_sets_large_random_matches_reference():
    rng = np.random.default_rng(7)
    n = 20000
    pairs = [tuple(p) for p in rng.integers(0, n, (6000, 2)).tolist()]
    assert run(n, pairs) == ref_alias_sets(n, pairs)


def test_alias_sets_bad_input():
    with pytest.raises(FastallocError, match=r"alias pair 1: aliaser 5 is not a value id in \[0, 5\)"):
        alias_sets(5, [0, 1], [1, 5])
    with pytest.raises(FastallocError, match=r"alias pair 0: aliasee -1"):
        alias_sets(5, [-1], [1])
    with pytest.raises(FastallocError, match=r"same length, got 2 and 1"):
        alias_sets(5, [0, 1], [1])
    with pytest.raises(FastallocError, match=r"n_values must be a non-negative integer"):
        alias_sets(-1, [], [])


def test_core_kernel_is_deterministic():
    rng = np.random.default_rng(3)
    a = rng.integers(0, 500, 400)
    b = rng.integers(0, 500, 400)
    first = _alias.alias_sets(500, a, b)
    for _ in range(3):
        again = _alias.alias_sets(500, a, b)
        for x, y in zip(first, again):
            np.testing.assert_array_equal(x, y)
