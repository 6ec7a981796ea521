"""Liveness intervals against a literal Python transcription of IREE's
computeExecutionRegionLivenessIntervals (ScheduleAllocation.cpp), on random
execution regions, through the translation a pass performs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc.kernels import alias as _alias
from fastalloc.errors import FastallocError
from fastalloc.packing import LIVE_IN, LIVE_OUT, alias_sets, liveness_intervals


def test_sentinels():
    assert LIVE_IN == _alias.LIVE_IN == -(2**31)
    assert LIVE_OUT == _alias.LIVE_OUT == 2**31 - 1


# A random region: block args, then ops in order; some ops are
# stream.async.concurrent and own nested values.  Each value is a dict.
@st.composite
def regions(draw):
    n_ops = draw(st.integers(1, 12))
    values = []
    for _ in range(draw(st.integers(0, 4))):
        values.append({"kind": "arg"})
    concurrent = draw(st.lists(st.booleans(), min_size=n_ops, max_size=n_ops))
    for i in range(n_ops):
        for _ in range(draw(st.integers(0, 2))):
            values.append({"kind": "result", "op": i})
        if concurrent[i]:
            for _ in range(draw(st.integers(0, 3))):
                # "unused": an unused, untied nested result (IREE numbers it
                # [i, i] with ordinal -1); otherwise IREE never numbers it.
                values.append({"kind": "nested", "op": i, "unused": draw(st.booleans())})
    for v in values:
        v["uses"] = []
        v["live_out"] = False
        if v["kind"] == "nested":
            continue
        first = 0 if v["kind"] == "arg" else v["op"]
        for _ in range(draw(st.integers(0, 3))):
            op = draw(st.integers(first, n_ops - 1))
            # A use inside the region of a concurrent op at `op`.
            inside = concurrent[op] and draw(st.booleans())
            v["uses"].append((op, inside))
        v["live_out"] = draw(st.integers(0, 4)) == 0
    n = len(values)
    pairs = []
    if n:
        pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=n))
    # IREE asserts sets never mix nested and top-level values... but only with
    # asserts on; the kernel follows the release build, so mixed sets stay in.
    return n_ops, values, pairs


def iree_reference(n_ops, values, sets):
    """The C++ loop by loop, DenseMap::operator[] defaults included."""
    intervals = {}  # value id -> [start, end, ordinal]
    ordinal = 0
    for vid, v in enumerate(values):
        if v["kind"] != "arg":
            continue
        if v["live_out"]:
            end = LIVE_OUT
        else:  # Liveness::getEndOperation(value, &block.front())
            end = 0
            for op, _inside in v["uses"]:
                end = max(end, op)  # findAncestorOpInBlock
        ordinal += 1
        intervals[vid] = [LIVE_IN, end, ordinal]
    for i in range(n_ops):
        for vid, v in enumerate(values):
            if v["kind"] == "nested" and v["op"] == i and v["unused"]:
                intervals[vid] = [i, i, -1]
        for vid, v in enumerate(values):
            if v["kind"] != "result" or v["op"] != i:
                continue
            if v["live_out"]:
                end = LIVE_OUT
            else:
                end = i
                for op, inside in v["uses"]:
                    end = max(end, 0 if inside else op)  # opOrdering[nested owner] == 0
            ordinal += 1
            intervals[vid] = [i, end, ordinal]
    for members in sets:
        get = lambda vid: intervals.setdefault(vid, [0, 0, -1])  # noqa: E731
        if all(get(m)[2] == -1 for m in members):
            continue
        start = min(get(m)[0] for m in members)
        end = max(get(m)[1] for m in members)
        for m in members:
            intervals[m][0] = start
            intervals[m][1] = end
    return intervals


def translate(values):
    """The arrays a pass hands to the kernel (rules in the kernel docstring)."""
    def_op, indptr, uses, live_out, nested = [], [0], [], [], []
    for v in values:
        if v["kind"] == "arg":
            def_op.append(LIVE_IN)
            uses.extend(op for op, _ in v["uses"])
        elif v["kind"] == "result":
            def_op.append(v["op"])
            uses.extend(0 if inside else op for op, inside in v["uses"])
        else:
            def_op.append(v["op"] if v["unused"] else 0)
        indptr.append(len(uses))
        live_out.append(v["live_out"])
        nested.append(v["kind"] == "nested")
    return def_op, indptr, uses, live_out, nested


@settings(max_examples=200, deadline=None)
@given(regions())
def test_liveness_matches_iree_transcription(region):
    n_ops, values, pairs = region
    n = len(values)
    leader, sp, sm = alias_sets(n, [a for a, _ in pairs], [b for _, b in pairs])
    sets = [sm[sp[k] : sp[k + 1]].tolist() for k in range(len(sp) - 1)]
    want = iree_reference(n_ops, values, sets)
    starts, ends = liveness_intervals(*translate(values), set_indptr=sp, set_members=sm)
    assert starts.dtype == np.int64 and ends.dtype == np.int64
    for vid in range(n):
        if vid in want:  # IREE drops values it never numbered; their entries are unused
            assert (starts[vid], ends[vid]) == tuple(want[vid][:2]), (vid, values[vid])


def csr(lists):
    indptr = np.cumsum([0] + [len(x) for x in lists])
    flat = [u for x in lists for u in x]
    return indptr, np.array(flat, dtype=np.int64)


def test_block_argument_ends():
    # Unused arg ends at op 0 (getEndOperation starts at the block's front);
    # used by op 0 only: also 0; yielded: LIVE_OUT.
    ip, uo = csr([[], [0], [3, 1], [2]])
    starts, ends = liveness_intervals([LIVE_IN] * 4, ip, uo, [False, False, False, True])
    assert starts.tolist() == [LIVE_IN] * 4
    assert ends.tolist() == [0, 0, 3, LIVE_OUT]


def test_results_and_aliasing_widen_to_union():
    # v0 = arg, v1 = op0 result tied to v0, v2 = op1 result, v3 = op3 result tied to v2, yielded.
    ip, uo = csr([[0], [2], [3], []])
    leader, sp, sm = alias_sets(4, [1, 3], [0, 2])
    starts, ends = liveness_intervals([LIVE_IN, 0, 1, 3], ip, uo, [0, 0, 0, 1], None, sp, sm)
    assert starts.tolist() == [LIVE_IN, LIVE_IN, 1, 1]
    assert ends.tolist() == [2, 2, LIVE_OUT, LIVE_OUT]


def test_nested_sets():
    # A set of only nested values keeps its own intervals; a set mixing a
    # top-level value [5, 6] with an unnumbered nested value [0, 0] widens to [0, 6].
    ip, uo = csr([[], [], [6], []])
    leader, sp, sm = alias_sets(4, [0, 2], [1, 3])
    starts, ends = liveness_intervals([4, 0, 5, 0], ip, uo, [0] * 4, [1, 1, 0, 1], sp, sm)
    assert list(zip(starts.tolist(), ends.tolist())) == [(4, 4), (0, 0), (0, 6), (0, 6)]


def test_liveness_worst_case_chain():
    # 10^4 values tied in one chain: all share the union interval.
    n = 10_000
    ip, uo = csr([[i + 1] for i in range(n)])
    leader, sp, sm = alias_sets(n, np.arange(1, n), np.arange(n - 1))
    starts, ends = liveness_intervals(np.arange(n), ip, uo, np.zeros(n, bool), None, sp, sm)
    assert (starts == 0).all() and (ends == n).all()


def test_liveness_bad_input():
    with pytest.raises(FastallocError, match=r"value 1: def_op -5 is neither"):
        liveness_intervals([0, -5], [0, 0, 0], [], [0, 0])
    with pytest.raises(FastallocError, match=r"use_indptr must be 3 non-decreasing"):
        liveness_intervals([0, 1], [0, 1], [1], [0, 0])
    with pytest.raises(FastallocError, match=r"live_out: expected 2 flags"):
        liveness_intervals([0, 1], [0, 0, 0], [], [0])
    with pytest.raises(FastallocError, match=r"set_members\[0\] = 9 is not a value id"):
        liveness_intervals([0, 1], [0, 0, 0], [], [0, 0], None, [0, 1], [9])
    with pytest.raises(FastallocError, match=r"go together"):
        liveness_intervals([0, 1], [0, 0, 0], [], [0, 0], None, [0, 1], None)
