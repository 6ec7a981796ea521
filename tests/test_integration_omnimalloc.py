"""fastalloc's packers in omnimalloc's allocator registry.

omnimalloc's lifetimes are half-open ``[start, end)``, fastalloc's inclusive
``[start, end]``: the allocator packs ``[start, end - 1]``.  The tests check
that conversion against omnimalloc's own conflict relation and validator, and
run omnimalloc's benchmark harness with fastalloc's allocators by name.
"""

from __future__ import annotations

import numpy as np
import omnimalloc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from omnimalloc import Allocation
from omnimalloc.allocators import BaseAllocator
from omnimalloc.benchmark import run_benchmark
from omnimalloc.benchmark.sources.generator import RandomSource

from fastalloc.errors import FastallocError
from fastalloc.integrations.omnimalloc_alloc import (
    FastallocAllocator,
    FastallocBestFitAllocator,
    FastallocIreeAllocator,
    from_half_open,
    to_half_open,
)
from fastalloc.packing import pack

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_registered_by_name():
    names = omnimalloc.available_allocators()
    assert {"fastalloc", "fastalloc_best_fit", "fastalloc_iree"} <= set(names)
    assert BaseAllocator.get("fastalloc_best_fit") is FastallocBestFitAllocator
    assert BaseAllocator.get("fastalloc_iree") is FastallocIreeAllocator
    assert BaseAllocator.resolve("fastalloc_iree").strategy == "iree"
    assert BaseAllocator.resolve("fastalloc").strategy == "best-fit"
    assert repr(FastallocAllocator("iree", alignment=64)) == "FastallocAllocator(strategy='iree', alignment=64, effort=1)"
    with pytest.raises(ValueError, match="unknown fastalloc strategy"):
        FastallocAllocator("nope")


def test_touching_half_open_lifetimes_share_memory():
    # [0, 5) and [5, 8) never coexist; [4, 8) overlaps [0, 5) at step 4.
    allocs = [Allocation(0, 10, 0, 5), Allocation(1, 10, 5, 8), Allocation(2, 10, 4, 8)]
    placed = omnimalloc.allocate(allocs, "fastalloc_best_fit", validate=True)
    offsets = {a.id: a.offset for a in placed}
    assert offsets[0] == offsets[1] == 0
    assert offsets[2] == 10
    # Had the ends been taken as inclusive, 0 and 1 would conflict at step 5.
    assert pack([0, 5, 4], [5, 8, 8], [10, 10, 10], alignment=1).total == 30


def test_interval_conversion():
    s, e = from_half_open([0, 3], [1, 7])
    assert s.tolist() == [0, 3] and e.tolist() == [0, 6]
    s2, e2 = to_half_open(s, e)
    assert s2.tolist() == [0, 3] and e2.tolist() == [1, 7]
    with pytest.raises(FastallocError, match=r"allocation 1: half-open lifetime \[4, 4\) is empty"):
        from_half_open([0, 4], [2, 4])


@st.composite
def _allocations(draw):
    n = draw(st.integers(1, 40))
    out = []
    for i in range(n):
        start = draw(st.integers(0, 30))
        length = draw(st.integers(1, 12))
        size = draw(st.integers(1, 300))
        out.append(Allocation(i, size, start, start + length))
    return out


@SETTINGS
@given(_allocations(), st.sampled_from(["fastalloc_best_fit", "fastalloc_iree"]))
def test_conflicts_agree_and_plans_validate(allocs, name):
    starts = np.array([a.start for a in allocs])
    ends = np.array([a.end for a in allocs])
    s, e = from_half_open(starts, ends)
    for i, a in enumerate(allocs):
        for j, b in enumerate(allocs):
            if i < j:
                assert a.conflicts_with(b) == bool(s[i] <= e[j] and s[j] <= e[i])
    placed = omnimalloc.allocate(allocs, name, validate=True)
    assert [a.id for a in placed] == [a.id for a in allocs]
    strategy = "iree" if name == "fastalloc_iree" else "best-fit"
    plan = pack(s, e, [a.size for a in allocs], alignment=1, strategy=strategy)
    assert [a.offset for a in placed] == plan.offsets.tolist()
    assert max(a.offset + a.size for a in placed) == plan.total


def test_alignment_option_aligns_offsets():
    allocs = [Allocation(i, 100 + i, i, i + 3) for i in range(6)]
    placed = omnimalloc.allocate(allocs, FastallocAllocator(alignment=64), validate=True)
    assert all(a.offset % 64 == 0 for a in placed)


def test_omnimalloc_benchmark_harness_compares_by_name():
    source = RandomSource(num_allocations=150, seed=7)
    campaign = run_benchmark(
        allocators=("fastalloc_best_fit", "fastalloc_iree", "best_fit"),
        sources=(source,),
        variants=(150,),
        validate=True,
    )
    assert set(campaign.allocator_names) == {"fastalloc_best_fit", "fastalloc_iree", "best_fit"}
    peaks = {}
    for report in campaign.reports:
        (result,) = report.results
        allocs = result.entity.allocations
        assert len(allocs) == 150
        peaks[str(report.allocator)] = max(a.offset + a.size for a in allocs)
    # The same instance packed directly gives the same peak.
    allocs = next(r for r in campaign.reports if str(r.allocator) == "fastalloc_best_fit").results[0].entity.allocations
    s, e = from_half_open([a.start for a in allocs], [a.end for a in allocs])
    assert peaks["fastalloc_best_fit"] == pack(s, e, [a.size for a in allocs], alignment=1).total
