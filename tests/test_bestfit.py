"""The best-fit packing kernel (fastalloc.kernels.bestfit._pack_best_fit).

Checked against slow pure-Python references written here, independently of
the kernel: validity (no two lifetime-overlapping buffers share a byte,
offsets aligned), the reported total, and the max-load lower bound.  The
benchmark CSVs shipped in fastalloc/data/benchmarks are regression checks on quality:
the kernel is deterministic, so its ratio to the lower bound on a fixed input
is a fixed number, not a timing.
"""

from __future__ import annotations

import bisect
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc.kernels import bestfit as _bestfit
from fastalloc.kernels import bestfit_large as _large
from fastalloc.kernels import sort as _sort
from fastalloc.kernels.bestfit import (
    _bf_large,
    _bf_leaves,
    _pack_best_fit,
    _pack_best_fit_order,
    _pack_best_fit_order_bk,
    _pack_sweep,
)
from fastalloc.packing import lower_bound, pack, validate
from fastalloc.testing.workloads import random_buffers
from fastalloc.testing.benchmarks import benchmarks_dir

BENCHMARKS = benchmarks_dir()

# ---------------------------------------------------------------------------
# Independent references
# ---------------------------------------------------------------------------


def ref_conflicts(starts, ends, sizes, offsets):
    """All pairs (i, j) that overlap both in time (inclusive) and in bytes. O(n^2)."""
    n = len(sizes)
    bad = []
    for i in range(n):
        for j in range(i + 1, n):
            if sizes[i] == 0 or sizes[j] == 0:
                continue
            if starts[i] <= ends[j] and starts[j] <= ends[i]:
                if offsets[i] < offsets[j] + sizes[j] and offsets[j] < offsets[i] + sizes[i]:
                    bad.append((i, j))
    return bad


def ref_lower_bound(starts, ends, sizes):
    """Max over the start times of the sum of sizes live then. O(n^2)."""
    return max((sum(z for s, e, z in zip(starts, ends, sizes) if s <= t <= e) for t in starts), default=0)


def sweep_conflict(starts, ends, sizes, offsets):
    """First overlapping pair found by a sweep over time, or None. O(n log n)
    in Python; for the benchmark inputs where O(n^2) is too slow."""
    events = []
    for i, (s, e, z) in enumerate(zip(starts.tolist(), ends.tolist(), sizes.tolist())):
        if z:
            events.append((s, 1, i))
            events.append((e + 1, 0, i))  # frees sort before allocations at e + 1
    events.sort()
    live = []  # (lo, hi, i) sorted; disjoint while the plan is valid
    for _, kind, i in events:
        item = (int(offsets[i]), int(offsets[i] + sizes[i]), i)
        if kind == 0:
            del live[bisect.bisect_left(live, item)]
            continue
        p = bisect.bisect(live, item)
        if p > 0 and live[p - 1][1] > item[0]:
            return live[p - 1][2], i
        if p < len(live) and live[p][0] < item[1]:
            return live[p][2], i
        live.insert(p, item)
    return None


def sweep_lower_bound(starts, ends, sizes):
    """Max over time of the live bytes, by a sweep over +size / -size events
    (ends after starts at equal times: lifetimes are inclusive)."""
    t = np.concatenate([starts, ends])
    kind = np.concatenate([np.zeros_like(starts), np.ones_like(ends)])
    delta = np.concatenate([sizes, -sizes])
    return int(np.cumsum(delta[np.lexsort((kind, t))]).max())


def ref_best_fit(starts, ends, sizes, order):
    """One best-fit pass in `order`, literally: each buffer goes to the
    smallest gap that fits (lowest on ties) among the placed buffers whose
    lifetimes meet its own, else on top of them. O(n^2 log n)."""
    offsets = [0] * len(sizes)
    placed = []
    for i in order:
        if sizes[i] == 0:
            continue
        busy = sorted((offsets[j], offsets[j] + sizes[j]) for j in placed
                      if starts[j] <= ends[i] and starts[i] <= ends[j])
        cur, best = 0, None
        for lo, hi in busy:
            if lo - cur >= sizes[i] and (best is None or lo - cur < best[0]):
                best = (lo - cur, cur)
            cur = max(cur, hi)
        offsets[i] = best[1] if best else cur
        placed.append(i)
    return offsets


def ref_first_fit(starts, ends, sizes, order):
    """One first-fit pass in `order`: each buffer at the lowest offset where
    it overlaps none of the placed buffers whose lifetimes meet its own."""
    offsets = [0] * len(sizes)
    placed = []
    for i in order:
        if sizes[i] == 0:
            continue
        busy = sorted((offsets[j], offsets[j] + sizes[j]) for j in placed
                      if starts[j] <= ends[i] and starts[i] <= ends[j])
        cur = 0
        for lo, hi in busy:
            if lo - cur >= sizes[i]:
                break
            cur = max(cur, hi)
        offsets[i] = cur
        placed.append(i)
    return offsets


def run(starts, ends, sizes, alignment=1, effort=1):
    s = np.asarray(starts, dtype=np.int64)
    e = np.asarray(ends, dtype=np.int64)
    z = np.asarray(sizes, dtype=np.int64)
    offsets, total = _pack_best_fit(s, e, z, alignment, effort)
    assert isinstance(offsets, np.ndarray) and offsets.dtype == np.int64 and offsets.shape == z.shape
    assert isinstance(total, int)
    return offsets, total


def assert_plan(starts, ends, sizes, alignment, offsets, total):
    s, e, z, o = (list(map(int, x)) for x in (starts, ends, sizes, offsets))
    assert all(x >= 0 and x % alignment == 0 for x in o), o
    assert ref_conflicts(s, e, z, o) == []
    assert total == max((oi + zi for oi, zi in zip(o, z)), default=0)
    assert total >= ref_lower_bound(s, e, z)


# ---------------------------------------------------------------------------
# Property tests
# ---------------------------------------------------------------------------


@st.composite
def problems(draw, max_n=40):
    alignment = draw(st.sampled_from([1, 8, 64]))
    n = draw(st.integers(1, max_n))
    starts, ends, sizes = [], [], []
    for _ in range(n):
        s = draw(st.one_of(st.integers(0, 60), st.sampled_from([-(2**31), 0, 2**40])))
        length = draw(st.one_of(st.integers(0, 25), st.just(2**31)))
        starts.append(s)
        ends.append(s + length)
        sizes.append(alignment * draw(st.one_of(st.just(0), st.integers(1, 40), st.integers(1, 4000))))
    return starts, ends, sizes, alignment


@given(problems(), st.integers(0, 2))
@settings(max_examples=100, deadline=None)
def test_plans_are_valid_tight_and_deterministic(problem, effort):
    s, e, z, alignment = problem
    offsets, total = run(s, e, z, alignment, effort)
    assert_plan(s, e, z, alignment, offsets, total)
    again, total2 = run(s, e, z, alignment, effort)
    assert total2 == total and again.tolist() == offsets.tolist()


@given(problems(max_n=25), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_permuted_input_gives_a_valid_plan(problem, rnd):
    s, e, z, alignment = problem
    perm = list(range(len(s)))
    rnd.shuffle(perm)
    ps, pe, pz = [s[i] for i in perm], [e[i] for i in perm], [z[i] for i in perm]
    offsets, total = run(ps, pe, pz, alignment)
    assert_plan(ps, pe, pz, alignment, offsets, total)


@given(problems(max_n=30))
@settings(max_examples=60, deadline=None)
def test_higher_effort_never_worse(problem):
    s, e, z, alignment = problem
    totals = [run(s, e, z, alignment, effort=k)[1] for k in range(5)]
    assert totals == sorted(totals, reverse=True), totals


@given(problems(max_n=30), st.randoms(use_true_random=False))
@settings(max_examples=80, deadline=None)
def test_first_fit_pass_matches_reference_in_any_order(problem, rnd):
    # first fit: the lowest gap that fits, on the tree and on time buckets
    s, e, z, _ = problem
    order = list(range(len(s)))
    rnd.shuffle(order)
    arrays = [np.asarray(x, dtype=np.int64) for x in (s, e, z)]
    ref = ref_first_fit(s, e, z, order)
    nonzero = [i for i in range(len(z)) if z[i]]
    for offsets, total in (_pack_best_fit_order(*arrays, np.asarray(order, dtype=np.int64), True),
                           _pack_best_fit_order_bk(*arrays, np.asarray(order, dtype=np.int64), -1, True)):
        assert [int(offsets[i]) for i in nonzero] == [ref[i] for i in nonzero]
        assert total == max((ref[i] + z[i] for i in nonzero), default=0)


@given(problems(max_n=30), st.randoms(use_true_random=False))
@settings(max_examples=80, deadline=None)
def test_one_pass_matches_reference_in_any_order(problem, rnd):
    # the segment tree of byte-range unions must find exactly the gaps of the
    # literal rule, whatever the order
    s, e, z, _ = problem
    order = list(range(len(s)))
    rnd.shuffle(order)
    arrays = [np.asarray(x, dtype=np.int64) for x in (s, e, z)]
    offsets, total = _pack_best_fit_order(*arrays, np.asarray(order, dtype=np.int64))
    ref = ref_best_fit(s, e, z, order)
    nonzero = [i for i in range(len(z)) if z[i]]
    assert [int(offsets[i]) for i in nonzero] == [ref[i] for i in nonzero]
    assert total == max((ref[i] + z[i] for i in nonzero), default=0)


@given(problems(max_n=30), st.randoms(use_true_random=False), st.sampled_from([-1, 0, 1, 3]))
@settings(max_examples=80, deadline=None)
def test_time_buckets_match_reference_in_any_order(problem, rnd, shift):
    # the bucketed pass (own/through lists per bucket of leaves) must find the
    # gaps of the literal rule too, whatever the bucket width
    s, e, z, _ = problem
    order = list(range(len(s)))
    rnd.shuffle(order)
    arrays = [np.asarray(x, dtype=np.int64) for x in (s, e, z)]
    offsets, total = _pack_best_fit_order_bk(*arrays, np.asarray(order, dtype=np.int64), shift)
    ref = ref_best_fit(s, e, z, order)
    nonzero = [i for i in range(len(z)) if z[i]]
    assert [int(offsets[i]) for i in nonzero] == [ref[i] for i in nonzero]
    assert total == max((ref[i] + z[i] for i in nonzero), default=0)


def ref_free_gaps(ranges):
    """The free byte intervals [lo, hi) below the top of the union of
    `ranges`, in offset order, and that top (0 when empty)."""
    gaps, top = [], 0
    for lo, hi in sorted(ranges):
        if lo > top:
            gaps.append((top, lo))
        top = max(top, hi)
    return gaps, top


def ref_gap_choice(ranges, sz, first):
    """(offset, top): the smallest free gap of at least sz below the top of
    the union (lowest on ties), or with `first` the lowest; offset -1 when
    none fits (top is only checked then)."""
    gaps, top = ref_free_gaps(ranges)
    fits = [(hi - lo, lo) for lo, hi in gaps if hi - lo >= sz]
    if not fits:
        return -1, top
    return (min(lo for _, lo in fits) if first else min(fits)[1]), top


byte_ranges = st.lists(st.tuples(st.integers(0, 60), st.integers(1, 12)), max_size=25).map(
    lambda rs: sorted((lo, lo + w) for lo, w in rs))


@given(byte_ranges, byte_ranges, st.integers(1, 14), st.booleans())
@settings(max_examples=200, deadline=None)
def test_sweep_of_two_lists_matches_gaps_of_their_union(a, b, sz, first):
    # the merge while sweeping must see the ranges of both lists in offset
    # order, whichever list holds the next one
    from fastalloc.kernels.bestfit_engine import _py_sweep2
    arr = [np.asarray(x, dtype=np.int64).reshape(-1, 2) for x in (a, b)]
    best, top = _py_sweep2(arr[0], arr[1], sz, first)
    want, want_top = ref_gap_choice(a + b, sz, first)
    assert best == want
    if want < 0:
        assert top == want_top


@given(byte_ranges, byte_ranges)
@settings(max_examples=200, deadline=None)
def test_merge_of_two_lists_is_the_stable_merge(a, b):
    # the masked merge runs until one list is exhausted (its length found by
    # binary search, not by checking bounds), then copies the other's rest:
    # every range once, by lo, a's before b's on equal lo
    from fastalloc.kernels.bestfit_engine import _py_merge2
    arr = [np.asarray(x, dtype=np.int64).reshape(-1, 2) for x in (a, b)]
    got = [tuple(int(v) for v in row) for row in _py_merge2(arr[0], arr[1])]
    assert got == sorted(a + b, key=lambda r: r[0])


@given(st.integers(1, 40).flatmap(lambda T: st.tuples(
           st.just(T),
           st.lists(st.tuples(st.integers(0, T - 1), st.integers(0, T - 1),
                              st.integers(0, 60), st.integers(1, 12)), max_size=90),
           st.integers(0, T - 1), st.integers(0, T - 1))),
       st.integers(0, 5), st.integers(1, 14), st.booleans())
@settings(max_examples=300, deadline=None)
def test_bucket_query_matches_gaps_among_meeting_ranges(case, shift, sz, first):
    # a query on time buckets: the byte ranges of the recorded buffers whose
    # leaf range meets [s, e], from one short list (one masked pass), one
    # long list (the vectorized test and copy: 64 entries or more) or merged
    # from several (queries spanning buckets), then the gap rule
    from fastalloc.kernels.bestfit_engine import _py_bk_fit
    T, recs, s, e = case
    s, e = min(s, e), max(s, e)
    recs = [(min(a, b), max(a, b), lo, lo + w) for a, b, lo, w in recs]
    cols = [np.asarray([r[k] for r in recs], dtype=np.int64) for k in range(4)]
    best, top = _py_bk_fit(*cols, T, shift, s, e, sz, first)
    want, want_top = ref_gap_choice([(lo, hi) for a, b, lo, hi in recs if a <= e and s <= b], sz, first)
    assert best == want
    if want < 0:
        assert top == want_top


@given(st.integers(2, 13).flatmap(lambda s: st.tuples(
           st.just(s), st.integers(s, 13),
           st.lists(st.tuples(st.sampled_from(["left", "right", "inside", "before", "after"]),
                              st.integers(0, 3), st.integers(0, 40), st.sampled_from([4, 8])),
                    min_size=64, max_size=200))),
       st.sampled_from([4, 8, 12]), st.booleans(), st.integers(2, 4))
@settings(max_examples=150, deadline=None)
def test_bucket_query_on_long_lists_counts_ranges_touching_the_window(case, sz, first, shift):
    # long lists (the vectorized meet test and copy) whose leaf ranges end
    # exactly at s, start exactly at e, lie inside or miss the window by one
    # leaf; byte ranges on a grid of 4, so that gaps fit exactly and tie
    from fastalloc.kernels.bestfit_engine import _py_bk_fit
    s, e, recs = case
    leaf = {"left": lambda d: (max(0, s - d), s), "right": lambda d: (e, min(15, e + d)),
            "inside": lambda d: (s, e), "before": lambda d: (max(0, s - 1 - d), s - 1),
            "after": lambda d: (e + 1, min(15, e + 1 + d))}
    rows = [leaf[kind](d) + (4 * k, 4 * k + w) for kind, d, k, w in recs]
    cols = [np.asarray([r[k] for r in rows], dtype=np.int64) for k in range(4)]
    best, top = _py_bk_fit(*cols, 16, shift, s, e, sz, first)
    want, want_top = ref_gap_choice([(lo, hi) for a, b, lo, hi in rows if a <= e and s <= b],
                                    sz, first)
    assert best == want
    if want < 0:
        assert top == want_top


@given(st.lists(st.tuples(st.integers(0, 15), st.integers(0, 15), st.integers(0, 400),
                          st.integers(1, 12)), min_size=64, max_size=300),
       st.integers(0, 15), st.integers(0, 15), st.integers(1, 30))
@settings(max_examples=200, deadline=None)
def test_first_fit_on_one_long_list_matches_gaps_among_meeting_ranges(recs, s, e, sz):
    # first fit within one bucket filters and sweeps its list a chunk at a
    # time (_bf_first1): a fit in any chunk, or none (the top), must be what
    # the gap rule over all the meeting ranges gives
    from fastalloc.kernels.bestfit_engine import _py_bk_fit
    s, e = min(s, e), max(s, e)
    recs = [(min(a, b), max(a, b), lo, lo + w) for a, b, lo, w in recs]
    cols = [np.asarray([r[k] for r in recs], dtype=np.int64) for k in range(4)]
    best, top = _py_bk_fit(*cols, 16, 4, s, e, sz, True)
    want, want_top = ref_gap_choice([(lo, hi) for a, b, lo, hi in recs if a <= e and s <= b], sz, True)
    assert best == want
    if want < 0:
        assert top == want_top


def test_large_problem_plan_is_valid():
    # above 30000 buffers the search is one pass on time buckets
    rng = np.random.default_rng(5)
    n = 40_000
    s = rng.integers(0, n, n)
    e = s + np.exp(rng.uniform(0, np.log(1000), n)).astype(np.int64)
    z = np.exp(rng.uniform(np.log(64), np.log(1 << 24), n)).astype(np.int64) // 64 * 64
    offsets, total = run(s, e, z, alignment=64)
    assert sweep_conflict(s, e, z, offsets) is None
    assert total == int((offsets + z).max())
    _, fast = run(s, e, z, alignment=64, effort=0)
    lb = sweep_lower_bound(s, e, z)
    assert lb <= total <= fast and total / lb < 1.06


def test_default_takes_the_tiered_plan_just_above_its_threshold():
    # effort 1 is the race of whole passes up to _BF_LARGE_N buffers and the
    # tiered plan of _bf_large above it: the plan is _bf_large's own (on the
    # aligned sizes), valid, and within the default's usual distance of the bound
    n = _bestfit._BF_LARGE_N + 1
    s, e, z = random_buffers(n, seed=3)
    z = (z + 63) // 64 * 64
    plan = pack(s, e, z, alignment=64)
    offsets, total = _bf_large(*[np.ascontiguousarray(x, dtype=np.int64) for x in (s, e, z)])
    assert np.array_equal(np.asarray(plan.offsets), np.asarray(offsets)) and int(plan.total) == total
    validate(s, e, z, plan.offsets, alignment=64)
    assert int(plan.total) / lower_bound(s, e, z, alignment=64) < 1.04
    m = _bestfit._BF_LARGE_N
    s2, e2, z2 = s[:m], e[:m], z[:m]
    flat = pack(s2, e2, z2, alignment=64)
    tiered, _ = _bf_large(*[np.ascontiguousarray(x, dtype=np.int64) for x in (s2, e2, z2)])
    # at the threshold itself the race runs, not the tiers
    assert not np.array_equal(np.asarray(flat.offsets), np.asarray(tiered))


@given(problems(max_n=40))
@settings(max_examples=100, deadline=None)
def test_sweep_is_best_fit_in_first_use_order(problem):
    s, e, z, alignment = problem
    offsets, total = _pack_sweep(*[np.asarray(x, dtype=np.int64) for x in (s, e, z)], alignment, 0)
    order = sorted(range(len(s)), key=lambda i: (s[i], -z[i], i))
    ref = ref_best_fit(s, e, z, order)
    assert [int(offsets[i]) for i in range(len(z)) if z[i]] == [ref[i] for i in range(len(z)) if z[i]]
    assert_plan(s, e, z, alignment, offsets, total)


@given(problems(max_n=40), st.integers(-1, 200))
@settings(max_examples=150, deadline=None)
def test_first_fit_sweep_is_first_fit_in_first_use_order(problem, cut):
    # effort 1's first-use pass runs on the sweep's heap: same offsets as the
    # pass, and with a cutoff the peak or -1 exactly when the pass exceeds it
    s, e, z, alignment = problem
    s, e, z = [np.asarray(x, dtype=np.int64) for x in (s, e, z)]
    order = sorted(range(len(s)), key=lambda i: (s[i], -z[i], i))
    ref = ref_first_fit(s, e, z, order)
    want = max([ref[i] + int(z[i]) for i in range(len(z)) if z[i]], default=0)
    offsets, total = _pack_sweep(s, e, z, alignment, 0, 2**63 - 1, True)
    assert [int(offsets[i]) for i in range(len(z)) if z[i]] == [ref[i] for i in range(len(z)) if z[i]]
    assert_plan(s, e, z, alignment, offsets, total)
    assert total == want
    cut = cut * alignment
    offsets, total = _pack_sweep(s, e, z, alignment, 0, cut, True)
    assert (total, offsets is None) == ((want, False) if want <= cut else (-1, True))


@given(st.lists(st.tuples(st.integers(0, 120), st.integers(0, 12), st.integers(1, 9)),
                min_size=1, max_size=250), st.booleans())
@settings(max_examples=100, deadline=None)
def test_sweep_on_a_fragmented_heap(items, first):
    # many short lifetimes and mixed sizes: many free blocks (first fit's
    # free list, best fit's sorted array), freed blocks merging with a free
    # block below, above, both or neither, exact fits and split blocks
    s = np.array([a for a, _, _ in items], dtype=np.int64)
    e = s + np.array([b for _, b, _ in items], dtype=np.int64)
    z = np.array([1 << c for _, _, c in items], dtype=np.int64)
    order = sorted(range(len(s)), key=lambda i: (s[i], -z[i], i))
    ref = (ref_first_fit if first else ref_best_fit)(s, e, z, order)
    offsets, total = _pack_sweep(s, e, z, 1, 0, 2**63 - 1, first)
    assert offsets.tolist() == [ref[i] for i in range(len(z))]
    assert total == max(ref[i] + int(z[i]) for i in range(len(z)))


@given(st.integers(257, 300), st.lists(st.integers(1, 40), min_size=7, max_size=7),
       st.lists(st.integers(1, 60), min_size=1, max_size=300))
@settings(max_examples=8, deadline=None)
def test_best_fit_sweep_past_its_free_array(holes, hole_sizes, fills):
    # more free blocks at once than best fit's sorted array holds (256): the
    # treap takes them over mid-sweep and answers from then on.  Buffers
    # started one after another alternate between pins (live to the end) and
    # holes (all dying at once), then the fills take the holes by best fit
    k = holes
    s = list(range(2 * k))
    e = [4 * k if j % 2 else 2 * k for j in range(2 * k)]
    z = [8 if j % 2 else 8 * hole_sizes[(j // 2) % 7] for j in range(2 * k)]
    for i, f in enumerate(fills):
        s.append(2 * k + 1 + i)
        e.append(2 * k + 1 + i + (i % 5) * 7)
        z.append(8 * f)
    s, e, z = [np.array(x, dtype=np.int64) for x in (s, e, z)]
    order = sorted(range(len(s)), key=lambda i: (s[i], -z[i], i))
    ref = ref_best_fit(s, e, z, order)
    offsets, total = _pack_sweep(s, e, z, 8, 0)
    assert offsets.tolist() == [ref[i] for i in range(len(z))]
    assert total == max(ref[i] + int(z[i]) for i in range(len(z)))


def test_first_fit_sweep_on_random_workload_is_the_first_use_pass():
    s, e, z = random_buffers(3000, seed=5)
    z = (z + 63) // 64 * 64
    order = np.lexsort((-z, s))
    want, want_total = _pack_best_fit_order(s, e, z, order, True)
    offsets, total = _pack_sweep(s, e, z, 64, 0, 2**63 - 1, True)
    assert total == want_total and offsets.tolist() == want.tolist()


def test_sweep_on_random_workload_is_valid():
    rng = np.random.default_rng(3)
    n = 3000
    s = rng.integers(0, 3000, n)
    e = s + np.exp(rng.uniform(0, np.log(1000), n)).astype(np.int64)
    z = np.exp(rng.uniform(np.log(64), np.log(1 << 24), n)).astype(np.int64) // 64 * 64
    offsets, total = _pack_sweep(s, e, z, 64, 0)
    assert sweep_conflict(s, e, z, offsets) is None
    assert total == int((offsets + z).max()) and total >= sweep_lower_bound(s, e, z)
    assert (offsets % 64 == 0).all()


@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 30)), min_size=1, max_size=40),
       st.sampled_from([0, 10**12]))
@settings(max_examples=100, deadline=None)
def test_leaves_are_ranks_among_distinct_starts(lifetimes, spread):
    # dense rank table (times within ~4n) and sorted keys (spread out) alike
    s = np.array([a * (spread or 1) for a, _ in lifetimes], dtype=np.int64)
    e = s + np.array([b * (spread or 1) for _, b in lifetimes], dtype=np.int64)
    T, lo, hi = _bf_leaves(s, e)
    u = sorted(set(s.tolist()))
    assert T == len(u)
    assert lo.tolist() == [bisect.bisect_left(u, x) for x in s.tolist()]
    assert hi.tolist() == [bisect.bisect_right(u, x) - 1 for x in e.tolist()]


@given(problems(max_n=40))
@settings(max_examples=100, deadline=None)
def test_large_problem_plan_is_valid_on_any_input(problem):
    # the plan of very large problems (big ones in one pass, the smallest
    # swept on top), run directly on small inputs
    s, e, z, alignment = problem
    offsets, total = _bf_large(*[np.asarray(x, dtype=np.int64) for x in (s, e, z)])
    assert_plan(s, e, z, alignment, offsets, int(total))
    again, total2 = _bf_large(*[np.asarray(x, dtype=np.int64) for x in (s, e, z)])
    assert total2 == total and again.tolist() == offsets.tolist()


def test_large_problem_packs_the_rest_by_best_fit_only_near_the_peak():
    s, e, z = random_buffers(20_000, seed=3)
    z = (z + 63) // 64 * 64
    offsets, total = _bf_large(s, e, z)
    assert sweep_conflict(s, e, z, offsets) is None
    assert total == int((offsets + z).max())
    lb = sweep_lower_bound(s, e, z)
    assert lb <= total and total / lb < 1.07
    # the chunked (tiered) plan ran: some of the rest (the buffers holding
    # 1/2**_BF_REST_SHIFT of the bytes) sits above every big buffer that
    # meets it, stacked there, and far below the peak
    zs = np.sort(z)
    k = int(np.searchsorted(np.cumsum(zs), int(z.sum()) >> _large._BF_REST_SHIFT, "right"))
    rest = z < zs[k]
    big = np.flatnonzero(~rest)
    stacked_low = 0
    for i in np.flatnonzero(rest)[:2000]:
        meet = big[(s[big] <= e[i]) & (e[big] >= s[i])]
        if len(meet) and offsets[i] >= int((offsets[meet] + z[meet]).max()) and \
                offsets[i] + z[i] < total * 0.9:
            stacked_low += 1
    assert stacked_low > 100


def test_chunk_cuts_take_the_least_load_near_equal_counts():
    s, e, z = random_buffers(30_000, seed=4)
    perm = np.argsort(s, kind="stable")
    s, e, z = s[perm], e[perm], z[perm]
    T, lo, hi = _bf_leaves(s, e)
    C = 8
    cuts = _large._bf_cuts(lo, hi, z, T, C)
    load = np.zeros(T, dtype=np.int64)
    for a, b, x in zip(lo.tolist(), hi.tolist(), z.tolist()):
        load[a:b + 1] += x
    w = T // (4 * C)
    assert cuts[0] == 0 and cuts[C] == T
    for k in range(1, C):
        b = -(-k * T // C)
        window = load[b - w:b + w + 1]
        assert cuts[k] == b - w + int(np.argmin(window))
        assert load[cuts[k]] == window.min()


@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 12), st.integers(0, 3000)),
                min_size=1, max_size=60), st.booleans())
@settings(max_examples=200, deadline=None)
def test_slots_stack_is_valid_with_one_peak_per_class(items, by_start):
    s = np.array([a for a, _, _ in items], dtype=np.int64)
    e = s + np.array([b for _, b, _ in items], dtype=np.int64)
    z = np.array([c for _, _, c in items], dtype=np.int64) * 64
    if by_start:
        o = np.argsort(s, kind="stable")
        s, e, z = s[o], e[o], z[o]
    offsets, total = _large._bf_slots(s, e, z)
    assert not ref_conflicts(s, e, z, offsets)
    assert (offsets % 64 == 0).all() and (offsets >= 0).all()
    assert total >= int((offsets + z).max())
    # each half-octave class: slots as wide as its largest buffer, as many
    # as its buffers live at once (greedy colouring of intervals is optimal)
    cls = np.floor(2 * np.log2(np.maximum(z, 1).astype(np.float64))).astype(np.int64)
    expect = 0
    for c in np.unique(cls):
        m = cls == c
        peak = max(int(((s[m] <= t) & (e[m] >= t)).sum()) for t in s[m].tolist())
        expect += peak * int(z[m].max())
    assert total == expect


def chunked_reference_order(s, e, z, chunks, chunk_leaves):
    """The one-pass order _bf_chunked's plan equals without retries, rebuilt
    here from its rule: leaves cut into C = min(chunks, T // chunk_leaves)
    chunks of equal leaf counts; the buffers crossing a chunk boundary first,
    then chunk by chunk, each group by (-floor(2 log2 size), start, index)."""
    T, lo, hi = _bf_leaves(s, e)
    C = min(chunks, T // chunk_leaves)
    cs, ce = lo * C // T, hi * C // T
    cls = -np.floor(2 * np.log2(np.maximum(z, 1).astype(np.float64)))
    base = np.lexsort((np.arange(len(z)), s, cls))
    crossing = cs != ce
    group = np.where(crossing, -1, cs)
    return C, crossing, base[np.argsort(group[base], kind="stable")]


def sparse_workload(n, seed):
    # short lifetimes on a long time axis: few lifetimes cross a chunk boundary
    s, e, z = random_buffers(n, seed=seed, time_span=100 * n, max_lifetime=300)
    return s, e, (z + 63) // 64 * 64


@pytest.mark.parametrize("seed", [1, 2])
def test_chunked_plan_is_one_pass_in_its_order(monkeypatch, seed):
    # chunks are independent: without retries the plan is exactly one pass
    # with the crossing buffers first, then each chunk's own buffers
    monkeypatch.setattr(_large, "_BF_RETRIES", 0)
    monkeypatch.setattr(_large, "_BF_CHUNK_LEAVES", 64)
    s, e, z = sparse_workload(3000, seed)
    C, crossing, order = chunked_reference_order(s, e, z, _large._BF_CHUNKS, 64)
    assert C >= 8 and 0 < crossing.sum() <= len(z) // 8     # the chunked path runs
    offsets, total = _large._bf_chunked(s, e, z, _large._BfPool())
    expect, expect_total = _pack_best_fit_order(s, e, z, order)
    assert offsets.tolist() == expect.tolist() and total == expect_total


def test_chunk_retries_only_lower_the_peak(monkeypatch):
    monkeypatch.setattr(_large, "_BF_CHUNK_LEAVES", 64)
    s, e, z = sparse_workload(3000, 3)
    offsets, total = _large._bf_chunked(s, e, z, _large._BfPool())
    assert sweep_conflict(s, e, z, offsets) is None and total == int((offsets + z).max())
    monkeypatch.setattr(_large, "_BF_RETRIES", 0)
    _, total0 = _large._bf_chunked(s, e, z, _large._BfPool())
    assert sweep_lower_bound(s, e, z) <= total <= total0


@pytest.mark.parametrize("n,seed", [(20_000, 3), (30_000, 2)])
def test_tier_retries_only_lower_the_peak(monkeypatch, n, seed):
    # the chunk of the peak retried in _BF_TIER_ORDERS (mostly first fit)
    # keeps a pass only when it is lower: valid, and at most the plan
    # without retries (here strictly lower)
    s, e, z = random_buffers(n, seed=seed)
    z = (z + 63) // 64 * 64
    offsets, total = _bf_large(s, e, z)
    assert sweep_conflict(s, e, z, offsets) is None and total == int((offsets + z).max())
    monkeypatch.setattr(_large, "_BF_TIER_RETRIES", 0)
    _, total0 = _bf_large(s, e, z)
    assert sweep_lower_bound(s, e, z) <= total < total0


@pytest.mark.parametrize("seed", [1, 2])
def test_chunk_job_in_first_fit_is_one_pass_in_its_order(seed):
    # a chunk's first-fit job around the placed crossing buffers gives the
    # offsets of one first-fit pass over all crossing buffers, then the chunk's
    s, e, z = sparse_workload(3000, seed)
    T, lla, lha = _bf_leaves(s, e)
    C = 8
    cs, ce = lla.astype(np.int64) * C // T, lha.astype(np.int64) * C // T
    first = (np.arange(C + 1, dtype=np.int64) * T + (C - 1)) // C
    x = np.flatnonzero(cs != ce)
    assert 0 < len(x) < len(z) // 8
    off = np.zeros(len(z), dtype=np.int64)
    off[x] = _pack_best_fit_order(s[x], e[x], z[x], np.arange(len(x)), first=True)[0]
    job = _large._bf_chunk_job(x, cs, ce, first, z, lla, lha, _bestfit._bf_bk_shift(lla, lha, len(z)), off)
    for c in (0, 3, C - 1):
        own = np.flatnonzero((cs == c) & (ce == c))[::-1]      # some order other than by index
        order = np.concatenate((x, own))
        expect, _ = _pack_best_fit_order(s[order], e[order], z[order], np.arange(len(order)), first=True)
        t, got = job(c, own, np.iinfo(np.int64).max, True)
        assert got.tolist() == expect[len(x):].tolist()
        meet = (cs[x] <= c) & (ce[x] >= c)
        assert t == int(max((off[x] + z[x])[meet].max(initial=0), (got + z[own]).max()))


@pytest.mark.parametrize("threads", [1, 3])
def test_large_problem_same_plan_whatever_the_threads(monkeypatch, threads):
    s, e, z = random_buffers(60_000, seed=5)
    z = (z + 63) // 64 * 64
    offsets, total = _bf_large(s, e, z)
    monkeypatch.setattr(_large, "_BF_THREADS", threads)
    again, total2 = _bf_large(s, e, z)
    assert total2 == total and again.tolist() == offsets.tolist()


@given(problems(max_n=40), st.sampled_from([1, 2, 4]))
@settings(max_examples=100, deadline=None)
def test_chunked_large_plan_is_valid_on_any_input(problem, chunk_leaves):
    # tiny chunks, so that small inputs take the chunked path too
    s, e, z, alignment = problem
    args = [np.asarray(x, dtype=np.int64) for x in (s, e, z)]
    old = _large._BF_CHUNK_LEAVES
    _large._BF_CHUNK_LEAVES = chunk_leaves
    try:
        offsets, total = _bf_large(*args)
        again, total2 = _bf_large(*args)
    finally:
        _large._BF_CHUNK_LEAVES = old
    assert_plan(s, e, z, alignment, offsets, int(total))
    assert total2 == total and again.tolist() == offsets.tolist()


def test_pool_raises_the_first_error_in_task_order():
    def boom(k):
        raise ValueError(f"task {k}")
    with pytest.raises(ValueError, match="task 1"):
        _large._bf_parallel([lambda: 0, lambda: boom(1), lambda: boom(2)])
    assert _large._bf_parallel([lambda k=k: k * k for k in range(5)]) == [0, 1, 4, 9, 16]


@pytest.mark.parametrize("first", ["bestfit_large", "bestfit"])
def test_large_path_works_whichever_module_is_imported_first(first):
    # bestfit calls _bf_large and bestfit_large runs bestfit's packer: the
    # cycle is broken at call time, so a fresh interpreter importing either
    # one first must still make the same plan as the other order
    code = (f"import importlib, sys; importlib.import_module('fastalloc.kernels.{first}')\n"
            "import numpy as np\n"
            "from fastalloc.kernels.bestfit_large import _bf_large\n"
            "from fastalloc.kernels.bestfit import _pack_best_fit\n"
            "from fastalloc.testing.workloads import random_buffers\n"
            "s, e, z = random_buffers(3000, seed=2); z = (z + 63) // 64 * 64\n"
            "print(_bf_large(s, e, z)[1], _pack_best_fit(s, e, z, 64, 1)[1])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    s, e, z = random_buffers(3000, seed=2)
    z = (z + 63) // 64 * 64
    assert out.stdout.split() == [str(_bf_large(s, e, z)[1]), str(_pack_best_fit(s, e, z, 64, 1)[1])]


def test_default_call_above_the_large_threshold():
    # 2*10^5 + 1 buffers: the default effort switches to _bf_large
    s, e, z = random_buffers(200_001, seed=11)
    plan = pack(s, e, z)
    validate(s, e, z, plan.offsets, alignment=64)
    lb = lower_bound(s, e, z, alignment=64)
    assert lb <= plan.total and plan.total / lb < 1.07
    assert plan.total == int((plan.offsets + (z + 63) // 64 * 64).max())


# ---------------------------------------------------------------------------
# Worst cases
# ---------------------------------------------------------------------------


def test_empty():
    offsets, total = run([], [], [])
    assert offsets.tolist() == [] and total == 0


def test_one_buffer():
    offsets, total = run([5], [9], [192], alignment=64)
    assert offsets.tolist() == [0] and total == 192


def test_all_overlapping_is_optimal():
    rng = np.random.default_rng(1)
    z = rng.integers(1, 100, 50) * 64
    s = rng.integers(0, 10, 50)
    e = s + 100  # all live at times 10..100
    offsets, total = run(s, e, z, alignment=64)
    assert_plan(s, e, z, 64, offsets, total)
    assert total == int(z.sum())


def test_none_overlapping_is_max_size():
    z = [64, 640, 128, 6400, 64]
    s = [0, 10, 20, 30, 40]
    e = [9, 19, 29, 39, 49]
    offsets, total = run(s, e, z, alignment=64)
    assert offsets.tolist() == [0] * 5 and total == 6400


def test_nested_lifetimes():
    s = list(range(20))
    e = [100 - i for i in range(20)]
    z = [(i % 7 + 1) * 16 for i in range(20)]
    offsets, total = run(s, e, z, alignment=16)
    assert_plan(s, e, z, 16, offsets, total)
    assert total == sum(z)  # every pair is nested, so they all meet


def test_zero_size_buffers_never_conflict():
    s = [0, 0, 0, 1]
    e = [5, 5, 5, 2]
    z = [0, 64, 0, 0]
    offsets, total = run(s, e, z, alignment=64)
    assert total == 64 and offsets[1] == 0
    assert all(o % 64 == 0 for o in offsets.tolist())
    assert run([3], [3], [0])[1] == 0


def test_huge_sizes_do_not_overflow():
    big = 2**62
    s = [0, 0, 10, 10, 20]
    e = [5, 5, 15, 15, 25]
    z = [2**61, 2**61 - 2**20, big, 2**20, big + 2**61 - 2**10]
    offsets, total = run(s, e, z, alignment=2**10)
    assert_plan(s, e, z, 2**10, offsets, total)
    assert total == big + 2**61 - 2**10


def test_sentinel_lifetimes():
    # IREE's live-in / live-out sentinels around ordinary lifetimes
    s = [-(2**31), 0, 3, 2**31 - 1, -(2**31)]
    e = [2, 4, 2**31 - 1, 2**31 - 1, 2**31 - 1]
    z = [64, 128, 64, 64, 64]
    offsets, total = run(s, e, z, alignment=64)
    assert_plan(s, e, z, 64, offsets, total)
    assert total == ref_lower_bound(s, e, z) == 256


# ---------------------------------------------------------------------------
# Benchmark inputs: validity and quality regression checks
# ---------------------------------------------------------------------------

# Total / lower bound of the default (effort 1) per input, rounded up: the
# kernel is deterministic, so a larger ratio is a regression.  omnimalloc
# 1.0.0's `omni` (the best of its greedy orders) reaches the same on A, D, E,
# G, H, J, K, G_1 and pangu_2.6B, and more elsewhere (A..K below 1.30 was
# issue #2's target).
QUALITY = {
    "A.1048576.csv": 1.2715,
    "B.1048576.csv": 1.2189,
    "C.1048576.csv": 1.2936,
    "D.1048576.csv": 1.2524,
    "E.1048576.csv": 1.2999,
    "F.1048576.csv": 1.1231,
    "G.1048576.csv": 1.1700,
    "H.1048576.csv": 1.2579,
    "I.1048576.csv": 1.3370,
    "J.1048576.csv": 1.2413,
    "K.1048576.csv": 1.2901,
    "example.input.12.csv": 1.0,
    "resnet50.csv": 1.0031,
    "G_1.csv": 1.0,
    "pangu_2.6B.csv": 1.0076,
    "Y_1.csv": 1.0037,
    "S_1.csv": 1.0134,
}


def load_csv(path):
    rows = [line.split(",") for line in path.read_text().split("\n")[1:] if line.strip()]
    lower = np.array([int(r[1]) for r in rows], dtype=np.int64)
    upper = np.array([int(r[2]) for r in rows], dtype=np.int64)
    size = np.array([int(r[3]) for r in rows], dtype=np.int64)
    return lower, upper - 1, size  # upper is exclusive


def test_benchmark_folder_present():
    assert BENCHMARKS.is_dir(), f"benchmark inputs missing: {BENCHMARKS}"
    names = {f.name for f in BENCHMARKS.rglob("*.csv")}
    assert set(QUALITY) <= names, f"missing benchmark inputs: {sorted(set(QUALITY) - names)}"


@pytest.mark.parametrize("path", sorted(BENCHMARKS.rglob("*.csv")) if BENCHMARKS.is_dir() else [],
                         ids=lambda p: p.name)
def test_benchmark_quality(path):
    s, e, z = load_csv(path)
    offsets, total = run(s, e, z, alignment=1)
    assert sweep_conflict(s, e, z, offsets) is None
    assert total == int((offsets + z).max())
    lb = sweep_lower_bound(s, e, z)
    assert total >= lb
    assert path.name in QUALITY, f"no quality target for {path.name}"
    assert total / lb <= QUALITY[path.name], f"{path.name}: {total} / {lb} = {total / lb:.4f}"


# ---------------------------------------------------------------------------
# Against omnimalloc's single-pass heuristics, and across effort levels
# ---------------------------------------------------------------------------

CSV_PATHS = sorted(BENCHMARKS.rglob("*.csv")) if BENCHMARKS.is_dir() else []
#: omnimalloc's packers are quadratic: minutes above this many buffers
#: (S_1, 28526: ~30 s each; Y_1, 62185: not run).
OMNI_FAST_N = 20_000


def omnimalloc_total(s, e, z, name):
    omnimalloc = pytest.importorskip("omnimalloc", reason="omnimalloc (the bench extra) is not installed")
    allocs = [omnimalloc.Allocation(i, int(z[i]), int(s[i]), int(e[i]) + 1)  # half-open lifetimes
              for i in range(len(z))]
    offsets = np.zeros(len(z), dtype=np.int64)
    for a in omnimalloc.allocate(allocs, name):
        offsets[a.id] = a.offset
    assert sweep_conflict(s, e, z, offsets) is None
    return int((offsets + z).max())


def _omni_cases():
    for path in CSV_PATHS:
        n = sum(1 for line in path.read_text().split("\n")[1:] if line.strip())
        for name in ("greedy_by_size", "omni"):
            marks = [pytest.mark.slow] if n > OMNI_FAST_N else []
            yield pytest.param(path, name, id=f"{path.name}-{name}", marks=marks)


@pytest.mark.parametrize("path,name", list(_omni_cases()))
def test_default_not_looser_than_omnimalloc(path, name):
    s, e, z = load_csv(path)
    theirs = omnimalloc_total(s, e, z, name)
    _, ours = run(s, e, z, alignment=1)
    assert ours <= theirs, f"{path.name}: fastalloc {ours} > omnimalloc {name} {theirs}"


@pytest.mark.parametrize("path", [p for p in CSV_PATHS if p.stat().st_size < 200_000],
                         ids=lambda p: p.name)
def test_higher_effort_never_worse_on_benchmarks(path):
    s, e, z = load_csv(path)
    totals = []
    for effort in (0, 1, 2, 3):
        offsets, total = run(s, e, z, alignment=1, effort=effort)
        assert sweep_conflict(s, e, z, offsets) is None
        totals.append(total)
    assert totals == sorted(totals, reverse=True), totals


@pytest.mark.parametrize("n", [100, 1000, 10_000])
def test_default_not_looser_than_greedy_by_size_on_random(n):
    s, e, z = random_buffers(n, seed=n)
    z = (z + 63) // 64 * 64
    theirs = omnimalloc_total(s, e, z, "greedy_by_size")
    _, ours = run(s, e, z, alignment=64)
    assert ours <= theirs


@pytest.mark.parametrize("threads", [1, 3])
def test_portfolio_same_plan_whatever_the_threads(monkeypatch, threads):
    # the passes of effort 1 and 2 share a best-so-far cutoff across threads;
    # the plan must still be the earliest lowest one
    s, e, z = random_buffers(3000, seed=4)
    z = (z + 63) // 64 * 64
    monkeypatch.setattr(_bestfit, "_BF_THREADS_MIN_N", 0)
    plans = {}
    for t in (1, threads):
        # the portfolio's thread count and its pool's
        monkeypatch.setattr(_bestfit, "_BF_THREADS", t)
        monkeypatch.setattr(_large, "_BF_THREADS", t)
        plans[t] = [run(s, e, z, alignment=64, effort=k) for k in (1, 2)]
    for (o1, t1), (o2, t2) in zip(plans[1], plans[threads]):
        assert t1 == t2 and o1.tolist() == o2.tolist()
        assert sweep_conflict(s, e, z, o1) is None


@pytest.mark.parametrize("n,seed", [(50, 1), (700, 2), (5000, 3)])
def test_octave_longest_is_the_first_large_order(n, seed):
    s, e, z = random_buffers(n, seed=seed)
    z[::7] = 0   # class 0 with the size-1 buffers
    got = _bestfit._bf_effort1_passes(s, e, z)[8][0]
    octave = np.floor(np.log2(np.maximum(z.astype(np.float64), 1.0))).astype(np.int64)
    expect = sorted(range(n), key=lambda i: (-int(octave[i]), int(s[i]) - int(e[i]), i))
    assert got.tolist() == expect
    assert got.tolist() == _bestfit._bf_large_orders(s, e, z, 1)[0].tolist()


def test_effort_two_plan_whatever_the_run_order(monkeypatch):
    # _BF_RUN_ORDER (effort 2's portfolio) only decides how early the cutoffs
    # tighten: the plan is still the earliest lowest one of the passes
    s, e, z = random_buffers(2000, seed=7)
    z = (z + 63) // 64 * 64
    plans = []
    for order in (_bestfit._BF_RUN_ORDER, tuple(range(9)), tuple(range(8, -1, -1))):
        monkeypatch.setattr(_bestfit, "_BF_RUN_ORDER", order)
        plans.append(run(s, e, z, alignment=64, effort=2))
    assert sorted(_bestfit._BF_RUN_ORDER) == list(range(9))
    for offsets, total in plans[1:]:
        assert total == plans[0][1] and offsets.tolist() == plans[0][0].tolist()
    assert sweep_conflict(s, e, z, plans[0][0]) is None


def every_pass_to_the_end(s, e, z):
    """effort 1's answer by brute force: the sweep and every pass of
    _bf_effort1_passes run to the end by the one-pass
    kernel (tree), the lowest peak kept, the earliest on ties (the sweep
    first)."""
    best, best_total = _pack_sweep(s, e, z, 1, 0)
    cands = _bestfit._bf_effort1_passes(s, e, z)
    for order, first in cands:
        off, t = _pack_best_fit_order(s, e, z, order, first)
        if t < best_total:
            best, best_total = off, t
    return best, best_total


@pytest.mark.parametrize("n,seed", [(1, 1), (7, 2), (100, 100), (1000, 1000), (2000, 7), (3000, 3000)])
@pytest.mark.parametrize("tree", [False, True])
def test_effort_one_is_the_lowest_earliest_pass(monkeypatch, n, seed, tree):
    # the race stops passes early; its plan must be the one every pass run to
    # the end and compared would give (3000/3000: the winner is the fifth of
    # the nine passes, so the others are stopped in the race's middle).
    # `tree`: as if lifetimes were too long for time buckets (then the passes
    # run one after the other with cutoffs)
    s, e, z = random_buffers(n, seed=seed)
    z = (z + 63) // 64 * 64
    calls = []
    if tree:
        monkeypatch.setattr(_bestfit, "_bf_bk_shift", lambda *a: calls.append(a) or -1)
    offsets, total = _pack_best_fit(s, e, z, 64, 1)
    assert bool(calls) == tree
    want, want_total = every_pass_to_the_end(s, e, z)
    assert total == want_total and offsets.tolist() == want.tolist()


@st.composite
def race_problems(draw):
    """Small problems with many equal peaks across passes (ties between
    passes and with the sweep), lifetimes short or spanning everything (time
    buckets or the tree)."""
    n = draw(st.integers(0, 40))
    s = np.array([draw(st.integers(0, 12)) for _ in range(n)], dtype=np.int64)
    e = s + np.array([draw(st.one_of(st.integers(0, 4), st.just(30))) for _ in range(n)], dtype=np.int64)
    z = np.array([draw(st.sampled_from([0, 1, 2, 3, 4, 6, 8, 64])) for _ in range(n)], dtype=np.int64)
    return s, e, z


@given(race_problems(), st.sampled_from([None, -1]), st.integers(0, 3))
@settings(max_examples=200, deadline=None)
def test_race_same_as_every_pass_to_the_end(problem, shift, slack):
    s, e, z = problem
    best, best_total = _pack_sweep(s, e, z, 1, 0)
    want, want_total = every_pass_to_the_end(s, e, z)
    leaves = _bf_leaves(s, e)
    if shift is None:
        shift = _bestfit._bf_bk_shift(leaves[1], leaves[2], len(z))
    cands = _bestfit._bf_effort1_passes(s, e, z)
    # any target at or below the lower bound, any slack: same answer
    target = max(ref_lower_bound(s, e, z) - slack, 0)
    old = _bestfit._BF_RACE_SLACK_SHIFT
    try:
        _bestfit._BF_RACE_SLACK_SHIFT = slack
        off, total, order, first = _bestfit._bf_race(leaves, z, cands, best, best_total, target, shift)
    finally:
        _bestfit._BF_RACE_SLACK_SHIFT = old
    assert total == want_total and off.tolist() == want.tolist()
    if order is not None:
        again, t = _pack_best_fit_order(s, e, z, order, first)
        assert t == total and again.tolist() == off.tolist()


@given(race_problems(), st.lists(st.integers(0, 80), max_size=6), st.booleans())
@settings(max_examples=150, deadline=None)
def test_pass_resumed_at_any_peaks_places_as_one_pass(problem, limits, first):
    # a pass stopped at a peak and resumed places every buffer where one
    # uninterrupted pass does; its peak so far never goes down
    s, e, z = problem
    leaves = _bf_leaves(s, e)
    order = np.lexsort((np.arange(len(z)), -z))
    want, want_total = _pack_best_fit_order(s, e, z, order, first)
    for shift in (_bestfit._bf_bk_shift(leaves[1], leaves[2], len(z)), -1):
        p = _bestfit._BfPass(order, first, z, leaves, shift)
        last = 0
        for lim in sorted(limits):
            done = p.advance(lim)
            assert p.peak >= last and (done or p.peak > lim)
            last = p.peak
        assert p.advance(2**63 - 1)
        assert p.peak == want_total and p.offsets().tolist() == want.tolist()


def ref_default_orders(s, e, z):
    """effort 1's orders as plain np.lexsort calls with an explicit index key
    (the definition _bf_default_orders' packed stable sorts must equal)."""
    n = len(z)
    idx = np.arange(n)
    d = ((s[None, :] <= e[:, None]) & (s[:, None] <= e[None, :])).sum(axis=1).astype(np.int64) - 1
    prod = [int(a) * int(b) for a, b in zip(d, z)]  # exact, Python ints
    rank_of = {p: r for r, p in enumerate(sorted(set(prod)))}
    prod_rank = np.array([rank_of[p] for p in prod], dtype=np.int64)
    length = e.astype(np.float64) - s.astype(np.float64) + 1.0
    cls = np.log2(np.maximum(z.astype(np.float64), 1.0))
    return [
        np.lexsort((idx, -z, -prod_rank)),
        np.lexsort((idx, -z)),
        np.lexsort((idx, s, -np.floor(cls * 4.0))),
        np.lexsort((idx, -length, -np.floor(cls * 1.5))),
        np.lexsort((idx, -length)),
        np.lexsort((idx, -z, s)),
        np.lexsort((idx, -z, -d)),
        np.lexsort((idx, -(z * length))),
    ]


@st.composite
def order_problems(draw):
    """Lifetimes and sizes with many ties, and some near the int64 / float64
    limits (packed keys must fall back to np.lexsort there)."""
    n = draw(st.integers(0, 40))
    big = draw(st.sampled_from([0, 2**53 - 8, 2**61]))
    s = np.array([big + draw(st.integers(0, 12)) for _ in range(n)], dtype=np.int64)
    e = s + np.array([draw(st.one_of(st.integers(0, 6), st.just(2**40))) for _ in range(n)], dtype=np.int64)
    e = np.minimum(e, np.int64(2**62))
    z = np.array([draw(st.one_of(st.integers(0, 9), st.sampled_from([64, 96, 2**40, 2**62 - 1])))
                  for _ in range(n)], dtype=np.int64)
    # copies (shifted in time or not) reach the packed sorts, used from 512 buffers
    reps = draw(st.sampled_from([1, 1, 16, 30]))
    shift = draw(st.sampled_from([0, 7]))
    steps = np.repeat(np.arange(reps, dtype=np.int64) * shift, n)
    return np.tile(s, reps) + steps, np.tile(e, reps) + steps, np.tile(z, reps)


@given(order_problems())
@settings(max_examples=150, deadline=None)
def test_default_orders_equal_their_lexsort_definition(problem):
    s, e, z = problem
    got = _bestfit._bf_default_orders(s, e, z)
    want = ref_default_orders(s, e, z)
    assert [f for _, f in got] == [True, True, False, False, True, True, True, True]
    for (o, _), w in zip(got, want):
        assert np.asarray(o).tolist() == w.tolist()


@given(problems(max_n=30), st.integers(0, 40_000))
@settings(max_examples=60, deadline=None)
def test_search_start_never_worse_than_effort_1(problem, work):
    s, e, z, alignment = problem
    s, e, z = (np.asarray(x, dtype=np.int64) for x in (s, e, z))
    z = (z + (alignment - 1)) // alignment * alignment
    lb = ref_lower_bound(s, e, z)
    base, base_total = _pack_best_fit(s, e, z, alignment, 1)
    offsets, total, spent = _bestfit._bf_search_start(s, e, z, lb, work, -1.0)
    # below _BF_START_MIN_N buffers the start is effort 1's plan itself
    assert (offsets.tolist(), total, spent) == (base.tolist(), base_total, 0)


@pytest.mark.parametrize("work", [0, 4 * 626 * 3, 10**9])
def test_search_start_extra_passes_within_budget(work):
    # 10^4 buffers: effort 1 is 1.0023 of the bound, one of effort 2's other
    # passes meets it (the search then proves it at once)
    n = 10_000
    s, e, z = random_buffers(n, seed=n)
    z = (z + 63) // 64 * 64
    lb = lower_bound(s, e, z, alignment=64)
    _, base_total = _pack_best_fit(s, e, z, 64, 1)
    _, e2_total = _pack_best_fit(s, e, z, 64, 2)
    offsets, total, spent = _bestfit._bf_search_start(s, e, z, lb, work, -1.0)
    per = (n >> _bestfit._BF_START_UNIT_SHIFT) + 1
    assert spent % per == 0 and spent <= work // 4
    assert sweep_conflict(s, e, z, offsets) is None
    assert total == int((offsets + z).max())
    assert e2_total <= total <= base_total
    if work == 0:
        assert spent == 0 and total == base_total
    if work == 10**9:
        # every pass allowed: effort 2's peak, stopped at the bound
        assert total == e2_total == lb
        again = _bestfit._bf_search_start(s, e, z, lb, work, -1.0)
        assert again[0].tolist() == offsets.tolist() and again[1:] == (total, spent)


@given(st.lists(st.one_of(st.integers(-3, 3), st.integers(-2**63, 2**63 - 1),
                          st.integers(0, 2**40)), max_size=700),
       st.sampled_from([1, 40, 300]))
@settings(max_examples=150, deadline=None)
def test_argsort_kernel_is_stable_at_every_length(keys, reps):
    # full int64 range (the key - min span needs all 64 bits), ties, and
    # lengths on both sides of the insertion sort's and the 8/11-bit digits'
    # thresholds (reps copies reach 2**14 keys)
    k = np.array(keys * reps if len(keys) * reps <= 20_000 else keys, dtype=np.int64)
    want = sorted(range(len(k)), key=lambda i: (int(k[i]), i))
    assert _sort._py_argsort(k).tolist() == want
