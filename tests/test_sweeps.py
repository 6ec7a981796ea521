"""Sweeps sharing one walk (sweep._pack_sweeps): the walk frees buffers in
order of last use instead of through a heap, and two sweeps (best and first
fit, each with its own cutoff) share it; each must give exactly what it
gives alone, and effort 1 the plan of its passes run one after the other."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bestfit import ref_best_fit, ref_first_fit

from fastalloc.kernels import bestfit as _bestfit
from fastalloc.kernels.bestfit import _pack_best_fit
from fastalloc.kernels.sweep import _pack_sweep, _pack_sweeps
from fastalloc.testing.workloads import random_buffers

INF = 2**63 - 1


@st.composite
def sweep_problems(draw, max_n=60):
    # few distinct times: many buffers start together and die together (a
    # batch of frees merging with each other), and some have size 0
    n = draw(st.integers(0, max_n))
    t = draw(st.integers(1, 30))
    s = np.array(draw(st.lists(st.integers(0, t), min_size=n, max_size=n)), dtype=np.int64)
    length = np.array(draw(st.lists(st.integers(0, 8), min_size=n, max_size=n)), dtype=np.int64)
    z = np.array(draw(st.lists(st.sampled_from([0, 1, 2, 3, 4, 5, 8, 13, 16]), min_size=n, max_size=n)),
                 dtype=np.int64)
    return s, s + length, z


def peak(s, e, z, first):
    order = sorted(range(len(s)), key=lambda i: (s[i], -z[i], i))
    ref = (ref_first_fit if first else ref_best_fit)(s, e, z, order)
    return [ref[i] if z[i] else 0 for i in range(len(z))], max([ref[i] + int(z[i]) for i in range(len(z))],
                                                                default=0)


@given(sweep_problems(), st.booleans())
@settings(max_examples=200, deadline=None)
def test_sweep_freeing_by_last_use_is_the_pass_in_first_use_order(problem, first):
    s, e, z = problem
    want, want_total = peak(s, e, z, first)
    offsets, total = _pack_sweep(s, e, z, 1, 0, INF, first)
    assert total == want_total
    assert [int(o) if z[i] else 0 for i, o in enumerate(offsets)] == want


@given(sweep_problems(), st.lists(st.booleans(), min_size=1, max_size=2),
       st.lists(st.integers(-2, 3), min_size=2, max_size=2))
@settings(max_examples=300, deadline=None)
def test_sweeps_in_one_walk_are_each_sweep_alone(problem, firsts, deltas):
    # cutoffs around each sweep's own peak: below it (the sweep drops out,
    # the other may go on), at it, above it; also both rules alike
    s, e, z = problem
    peaks = [peak(s, e, z, f)[1] for f in firsts]
    cutoffs = [p + d for p, d in zip(peaks, deltas)]
    got = _pack_sweeps(s, e, z, tuple(cutoffs), tuple(firsts))
    assert len(got) == len(firsts)
    for (off, total), c, f in zip(got, cutoffs, firsts):
        want, want_total = _pack_sweep(s, e, z, 1, 0, c, f)
        assert total == want_total
        assert (off is None) == (want is None)
        if off is not None:
            assert off.tolist() == want.tolist()


def test_sweeps_take_one_or_two():
    s = e = z = np.ones(3, dtype=np.int64)
    with pytest.raises(ValueError):
        _pack_sweeps(s, e, z, (), ())
    with pytest.raises(ValueError):
        _pack_sweeps(s, e, z, (INF,) * 3, (False,) * 3)
    with pytest.raises(ValueError):
        _pack_sweeps(s, e, z, (INF, INF), (False,))
    empty = np.zeros(0, dtype=np.int64)
    assert [(o.tolist(), t) for o, t in _pack_sweeps(empty, empty, empty, (INF, 5), (False, True))] == [
        ([], 0), ([], 0)]


@pytest.mark.parametrize("n,seed", [(2000, 1), (3000, 2), (5000, 3)])
def test_random_sweeps_in_one_walk_are_each_sweep_alone(n, seed):
    s, e, z = random_buffers(n, seed=seed)
    z = (z + 63) // 64 * 64
    bf = _pack_sweep(s, e, z, 64, 0)
    ff = _pack_sweep(s, e, z, 64, 0, INF, True)
    lo = min(bf[1], ff[1])
    # one stops at the lower peak minus one, the other runs to the end
    for cuts in [(INF, INF), (lo - 1, INF), (INF, lo - 1), (bf[1], ff[1] - 1), (bf[1] - 1, ff[1])]:
        got = _pack_sweeps(s, e, z, cuts, (False, True))
        for (off, total), (want, want_total), c in zip(got, (bf, ff), cuts):
            if want_total <= c:
                assert total == want_total and off.tolist() == want.tolist()
            else:
                assert (off, total) == (None, -1)


@pytest.mark.parametrize("n,seed", [(300, 1), (1000, 2), (2000, 3), (3000, 1)])
def test_effort1_sweep_last_in_one_walk_or_first_alone(n, seed):
    # the walk shared by the sweep and the first-use pass after the race
    # gives the plan of the sweep run before the race (every pass to the
    # end, the earliest on ties either way)
    s, e, z = random_buffers(n, seed=seed)
    z = (z + 63) // 64 * 64
    old = _bestfit._BF_SWEEP_LAST_N
    try:
        _bestfit._BF_SWEEP_LAST_N = 0
        last = _pack_best_fit(s, e, z, 64, 1)
        _bestfit._BF_SWEEP_LAST_N = 1 << 40
        first = _pack_best_fit(s, e, z, 64, 1)
    finally:
        _bestfit._BF_SWEEP_LAST_N = old
    assert last[1] == first[1] and last[0].tolist() == first[0].tolist()
