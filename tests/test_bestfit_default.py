"""The default packer's paths (best-fit, effort 1): the one kernel that
builds effort 1's nine orders, the race at every size with the sweep first
or last, one time bucket for small problems, and resumable passes whose
offsets grow as they go."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bestfit import every_pass_to_the_end, order_problems, race_problems, ref_default_orders

from fastalloc.kernels import bestfit as _bestfit
from fastalloc.kernels.bestfit import _bf_leaves, _pack_best_fit, _pack_best_fit_order
from fastalloc.testing.workloads import random_buffers


def ref_octave_longest(s, e, z):
    idx = np.arange(len(z))
    octave = np.floor(np.log2(np.maximum(z.astype(np.float64), 1.0)))
    return np.lexsort((idx, s - e, -octave))


@given(order_problems(), st.booleans())
@settings(max_examples=150, deadline=None)
def test_effort1_orders_equal_their_lexsort_definition(problem, first_use):
    s, e, z = problem
    log_size = np.log2(np.maximum(z.astype(np.float64), 1.0))
    got = _bestfit._bf_effort1_orders(s, e, z, log_size, first_use)
    assert got.shape == (9, len(z))
    want = ref_default_orders(s, e, z) + [ref_octave_longest(s, e, z)]
    for k in range(9):
        if first_use or k != _bestfit._BF_FIRST_USE_PASS:
            assert got[k].tolist() == want[k].tolist(), k


@pytest.mark.parametrize("n,seed,span,max_size", [(700, 1, None, 16 << 20), (2000, 2, None, 1 << 50),
                                                  (1500, 3, 1 << 30, 16 << 20), (900, 4, 1 << 54, 1 << 40)])
def test_effort1_orders_of_random_problems(n, seed, span, max_size):
    # the conflict degree counted over the span or (a time span above 4n +
    # 1024) by binary searches; lifetimes and areas as integers or (ends
    # from 2**53, areas above 2**53) as float64 bits; many equal sizes
    s, e, z = random_buffers(n, seed=seed, time_span=span, max_size=max_size)
    z = z // 4096 * 4096
    log_size = np.log2(np.maximum(z.astype(np.float64), 1.0))
    got = _bestfit._bf_effort1_orders(s, e, z, log_size)
    want = ref_default_orders(s, e, z) + [ref_octave_longest(s, e, z)]
    for k in range(9):
        assert got[k].tolist() == want[k].tolist(), k
    passes = _bestfit._bf_effort1_passes(s, e, z, False)
    assert [f for _, f in passes] == [True, True, False, False, True, True, True, True, False]
    assert passes[_bestfit._BF_FIRST_USE_PASS][0] is None
    assert all(np.asarray(o).tolist() == w.tolist() for (o, _), w in zip(passes, want) if o is not None)


@given(race_problems(), st.sampled_from([0, 1 << 40]))
@settings(max_examples=150, deadline=None)
def test_effort1_is_every_pass_to_the_end_sweep_first_or_last(problem, sweep_last_n):
    # the sweep before the race (small problems) or after it with the race's
    # peak as cutoff: the plan is the one of every pass run to the end
    s, e, z = problem
    if len(z) == 0:
        return
    want, want_total = every_pass_to_the_end(s, e, z)
    old = _bestfit._BF_SWEEP_LAST_N
    try:
        _bestfit._BF_SWEEP_LAST_N = sweep_last_n
        off, total = _pack_best_fit(s, e, z, 1, 1)
    finally:
        _bestfit._BF_SWEEP_LAST_N = old
    assert total == want_total and off.tolist() == want.tolist()


@pytest.mark.parametrize("n,seed", [(50, 1), (300, 2), (512, 3), (513, 3), (1000, 2)])
def test_random_effort1_is_every_pass_to_the_end(n, seed):
    s, e, z = random_buffers(n, seed=seed)
    z = (z + 63) // 64 * 64
    want, want_total = every_pass_to_the_end(s, e, z)
    off, total = _pack_best_fit(s, e, z, 64, 1)
    assert total == want_total and off.tolist() == want.tolist()


@pytest.mark.parametrize("n", [1, 2, 100, 300, 512])
def test_small_problems_in_one_bucket(n):
    # up to 512 buffers every leaf falls in one bucket, whatever the spans
    s, e, z = random_buffers(n, seed=n, max_lifetime=10 * n)
    T, lla, lha = _bf_leaves(s, e)
    shift = _bestfit._bf_bk_shift(lla, lha, n)
    assert shift >= 0 and (T - 1) >> shift == 0
    want, want_total = _pack_best_fit_order(s, e, z, np.argsort(-z, kind="stable"))
    got, total = _bestfit._pack_best_fit_order_bk(s, e, z, np.argsort(-z, kind="stable"), shift)
    assert total == want_total and got.tolist() == want.tolist()


@given(st.integers(100, 3000), st.integers(0, 2**32), st.lists(st.integers(0, 1 << 31), max_size=12),
       st.booleans(), st.booleans())
@settings(max_examples=40, deadline=None)
def test_pass_grows_its_offsets_and_resumes_as_one_pass(n, seed, limits, first, tree):
    # items and offsets grow while the pass advances; stopped at any peaks
    # and resumed, it places every buffer where one uninterrupted pass does
    s, e, z = random_buffers(n, seed=seed)
    z = (z + 63) // 64 * 64
    leaves = _bf_leaves(s, e)
    shift = -1 if tree else _bestfit._bf_bk_shift(leaves[1], leaves[2], n)
    order = np.lexsort((np.arange(n), -z))
    want, want_total = _pack_best_fit_order(s, e, z, order, first)
    p = _bestfit._BfPass(order, first, z, leaves, shift)
    last_pos, last_peak = 0, 0
    for lim in sorted(limits):
        done = p.advance(lim)
        assert p.pos >= last_pos and p.peak >= last_peak
        assert done or (p.peak > lim and p.pos - last_pos >= p.min_steps)
        last_pos, last_peak = p.pos, p.peak
    assert p.advance(2**63 - 1)
    assert p.pos == n and p.peak == want_total and p.offsets().tolist() == want.tolist()


def test_released_pass_cannot_advance():
    s, e, z = random_buffers(20, seed=1)
    p = _bestfit._BfPass(np.arange(20), False, z, _bf_leaves(s, e), -1)
    p.release()
    with pytest.raises(ValueError, match="released"):
        p.advance(0)


@given(race_problems(), st.sampled_from([2, 3]))
@settings(max_examples=80, deadline=None)
def test_effort2_raced_or_not_gives_the_same_plan(problem, effort):
    # effort 2's passes raced on time buckets or run one after the other
    # (and effort 3's local search from either's best order): same plan
    s, e, z = problem
    if len(z) == 0:
        return
    old = _bestfit._BF_RACE2_MAX_N
    try:
        _bestfit._BF_RACE2_MAX_N = 1 << 40
        raced, raced_total = _pack_best_fit(s, e, z, 1, effort)
        _bestfit._BF_RACE2_MAX_N = -1
        want, want_total = _pack_best_fit(s, e, z, 1, effort)
    finally:
        _bestfit._BF_RACE2_MAX_N = old
    assert raced_total == want_total and raced.tolist() == want.tolist()


@pytest.mark.parametrize("n,seed", [(300, 1), (2000, 2)])
def test_random_effort2_raced_or_not_gives_the_same_plan(monkeypatch, n, seed):
    s, e, z = random_buffers(n, seed=seed)
    z = (z + 63) // 64 * 64
    raced = _pack_best_fit(s, e, z, 64, 2)
    monkeypatch.setattr(_bestfit, "_BF_RACE2_MAX_N", -1)
    want = _pack_best_fit(s, e, z, 64, 2)
    assert raced[1] == want[1] and raced[0].tolist() == want[0].tolist()


def ref_bk_shift(lla, lha, n):
    """_bf_bk_shift's rule with numpy: the median span (floor of the mean of the middle two), about 8x it, all
    leaves of up to 512 buffers in one bucket, -1 when a lifetime spans more than 16 buckets."""
    if n == 0:
        return -1
    span = np.sort(lha - lla)
    k = n // 2
    med = int(span[k]) if n % 2 else (int(span[k - 1]) + int(span[k])) // 2
    shift = (med + 1).bit_length() + 3
    if n <= 512:
        shift = max(shift, (n - 1).bit_length())
    return -1 if int(np.max((lha >> shift) - (lla >> shift))) > 16 else shift


@given(st.lists(st.tuples(st.integers(0, 3000), st.one_of(st.integers(0, 8), st.integers(0, 5000))),
                min_size=1, max_size=80),
       st.sampled_from([1, 9]))
@settings(max_examples=200, deadline=None)
def test_bucket_shift_is_its_rule(ranges, reps):
    # spans counted (longest <= 4n) or partitioned (longer), odd and even n, past 512 buffers by copies
    lla = np.array([a for a, _ in ranges] * reps, dtype=np.intp)
    lha = lla + np.array([b for _, b in ranges] * reps, dtype=np.intp)
    assert _bestfit._bf_bk_shift(lla, lha, len(lla)) == ref_bk_shift(lla, lha, len(lla))
