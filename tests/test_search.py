"""strategy="search": the exact anytime packer (fastalloc.kernels.search).

The reference optimum is a brute force written here: every order of the
buffers, each placed at the top of the highest lifetime-overlapping buffer
placed before it (the canonical offsets); any optimal plan, sorted by offset,
is one of those orders, so the minimum over all orders is the optimum.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc import FastallocError
from fastalloc.csvio import read_csv
from fastalloc.packing import lower_bound, pack, validate
from fastalloc.testing.benchmarks import benchmark_csvs
from fastalloc.testing.workloads import random_buffers


def brute_optimum(starts, ends, sizes, align=1) -> int:
    """Smallest slab over every canonical placement order (sizes rounded up to ``align``)."""
    z = [(int(x) + align - 1) // align * align for x in sizes]
    n = len(z)
    best = None
    for perm in itertools.permutations(range(n)):
        tops: dict[int, int] = {}
        for i in perm:
            o = max((tops[j] for j in tops if starts[j] <= ends[i] and starts[i] <= ends[j]), default=0)
            tops[i] = o + z[i]
        t = max(tops.values(), default=0)
        best = t if best is None else min(best, t)
    return best or 0


@st.composite
def tiny_problems(draw, max_n=7):
    n = draw(st.integers(1, max_n))
    starts = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    lengths = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    sizes = draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))
    align = draw(st.sampled_from([1, 1, 2, 4]))
    return starts, [s + d for s, d in zip(starts, lengths)], sizes, align


@settings(max_examples=150, deadline=None)
@given(tiny_problems())
def test_search_is_optimal_on_tiny_problems(prob):
    s, e, z, align = prob
    plan = pack(s, e, z, alignment=align, strategy="search", work_limit=200_000)
    validate(s, e, z, plan.offsets, alignment=align)
    opt = brute_optimum(s, e, z, align)
    assert plan.total == opt
    assert plan.optimal and plan.bound == opt
    # the same budget gives the same plan, byte for byte
    again = pack(s, e, z, alignment=align, strategy="search", work_limit=200_000)
    assert again.offsets.tobytes() == plan.offsets.tobytes() and again.total == plan.total


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(-3, 3)), max_size=60))
def test_candidate_heap_pops_in_key_order(keys):
    """The search tries a node's children from a binary heap; they must come
    out in (offset, rank, index) order, as a stable sort gives them."""
    from fastalloc.kernels.search import _py_heap_order

    a = np.array([k[0] for k in keys], dtype=np.int64)
    b = np.array([k[1] for k in keys], dtype=np.int64)
    got = _py_heap_order(a, b)
    assert got.tolist() == np.lexsort((np.arange(len(keys)), b, a)).tolist()


@settings(max_examples=60, deadline=None)
@given(tiny_problems(), st.integers(0, 40))
def test_small_budgets_prove_only_what_is_true(prob, work):
    """With a budget too small to close, the plan is still valid, the bound
    never exceeds the true optimum, and optimal only when they meet."""
    s, e, z, align = prob
    plan = pack(s, e, z, alignment=align, strategy="search", work_limit=work)
    validate(s, e, z, plan.offsets, alignment=align)
    opt = brute_optimum(s, e, z, align)
    assert plan.bound <= opt <= plan.total
    assert plan.optimal == (plan.total == plan.bound)
    assert plan.bound >= lower_bound(s, e, z, alignment=align)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([30, 120, 300]))
def test_deterministic_under_a_work_budget(seed, n):
    s, e, z = random_buffers(n, seed=seed, max_lifetime=50)
    a = pack(s, e, z, alignment=64, strategy="search", work_limit=3000)
    b = pack(s, e, z, alignment=64, strategy="search", work_limit=3000)
    validate(s, e, z, a.offsets, alignment=64)
    assert a.offsets.tobytes() == b.offsets.tobytes()
    assert (a.total, a.bound, a.optimal) == (b.total, b.bound, b.optimal)
    assert not a.optimal or a.total == a.bound


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_time_limited_never_worse_than_a_best_fit_pass(seed):
    s, e, z = random_buffers(400, seed=seed)
    start = pack(s, e, z, alignment=64, strategy="best-fit", effort=0)
    plan = pack(s, e, z, alignment=64, strategy="search", time_limit=0.2)
    validate(s, e, z, plan.offsets, alignment=64)
    assert plan.total <= start.total
    assert lower_bound(s, e, z, alignment=64) <= plan.bound <= plan.total
    assert plan.optimal == (plan.total == plan.bound)


def test_range_alignment_below_offset_alignment():
    s, e, z = [0, 0, 1], [1, 2, 2], [10, 70, 30]
    plan = pack(s, e, z, alignment=64, range_alignment=16, strategy="search", work_limit=10_000)
    validate(s, e, z, plan.offsets, alignment=64, range_alignment=16)
    assert plan.total % 16 == 0 and plan.bound <= plan.total


def test_minimalloc_c_is_proven_at_the_lower_bound():
    """MiniMalloc's challenging C: the optimum is the max-load bound, proven
    within a fixed work budget (not a timing)."""
    path = next(p for p in benchmark_csvs() if p.name.startswith("C."))
    pr = read_csv(path)
    plan = pack(pr.starts, pr.ends, pr.sizes, alignment=1, strategy="search", work_limit=200_000)
    validate(pr.starts, pr.ends, pr.sizes, plan.offsets, alignment=1)
    lb = lower_bound(pr.starts, pr.ends, pr.sizes, alignment=1)
    assert plan.total == lb == plan.bound
    assert plan.optimal


@pytest.mark.parametrize("name", ["H.", "I."])
def test_minimalloc_h_and_i_close_with_per_side_ranks(name):
    """MiniMalloc's challenging H and I: feasible at the max-load bound, found
    (hence proven) within a fixed work budget only because the re-ranked
    strategies order each side of a split by its own unplaced load."""
    path = next(p for p in benchmark_csvs() if p.name.startswith(name))
    pr = read_csv(path)
    plan = pack(pr.starts, pr.ends, pr.sizes, alignment=1, strategy="search", work_limit=400_000)
    validate(pr.starts, pr.ends, pr.sizes, plan.offsets, alignment=1)
    assert plan.total == lower_bound(pr.starts, pr.ends, pr.sizes, alignment=1) == plan.bound


def test_other_strategies_report_the_max_load_bound():
    s, e, z = [0, 1, 3], [2, 4, 5], [100, 64, 64]
    plan = pack(s, e, z, alignment=64, strategy="iree")
    assert plan.bound == lower_bound(s, e, z, alignment=64) == 192
    assert plan.optimal == (plan.total == 192)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(strategy="best-fit", time_limit=1.0), "apply to strategy 'search'"),
        (dict(strategy="search", time_limit=-1), "time_limit must be"),
        (dict(strategy="search", time_limit=float("nan")), "time_limit must be"),
        (dict(strategy="search", work_limit=-5), "work_limit must be"),
        (dict(strategy="search", work_limit=1.5), "work_limit must be"),
    ],
)
def test_bad_budgets(kwargs, message):
    with pytest.raises(FastallocError, match=message):
        pack([0], [1], [8], **kwargs)


def test_empty_and_zero_sizes():
    plan = pack([], [], [], strategy="search")
    assert plan.total == 0 and plan.optimal
    plan = pack([0, 0, 1], [3, 3, 2], [0, 64, 0], alignment=64, strategy="search")
    assert plan.total == 64 and plan.optimal
    validate([0, 0, 1], [3, 3, 2], [0, 64, 0], plan.offsets, alignment=64)


def _cli(*args: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "fastalloc", *args], capture_output=True, text=True, timeout=300)


def test_cli_pack_and_opt_take_the_search(tmp_path):
    path = next(p for p in benchmark_csvs() if p.name.startswith("C."))
    r = _cli("pack", str(path), "--strategy", "search", "--time-limit", "20", "--json")
    assert r.returncode == 0, r.stderr
    import json

    out = json.loads(r.stdout)
    assert out["strategy"] == "search" and out["total"] == out["lower_bound"]
    bad = _cli("pack", str(path), "--strategy", "best-fit", "--time-limit", "1")
    assert bad.returncode == 1 and "--time-limit" in bad.stderr

    from pathlib import Path

    import fastalloc

    example = str(Path(fastalloc.__file__).parent / "examples" / "example.mlir")
    r = _cli("opt", example, "--passes", "schedule-allocation,layout-slices", "--pack-strategy", "search",
             "--pack-time-limit", "5", "-o", str(tmp_path / "out.mlir"))
    assert r.returncode == 0, r.stderr
    assert "stream.resource.pack" not in (tmp_path / "out.mlir").read_text()
    bad = _cli("opt", example, "--pack-strategy", "iree", "--pack-time-limit", "5")
    assert bad.returncode == 1 and "--pack-time-limit" in bad.stderr


_SCHEDULES = [
    dict(),  # the default
    dict(descent=((8, 1), (0, 1)), late=()),  # no late stages
    dict(descent=((2, 1), (8, 1), (0, 1)), late=((2, 2), (0, 0)), late_level=0),
    dict(descent=((3, 0),), late=((4, 1),), late_level=1),
]


def _kernel_search(s, e, z, align, work, **schedule):
    """The kernel on the best-fit plan (what ``pack`` starts it from)."""
    from fastalloc.kernels.search import _search

    s, e, z = (np.asarray(x, dtype=np.int64) for x in (s, e, z))
    z = (z + align - 1) // align * align
    start = pack(s, e, z, alignment=align, strategy="best-fit", effort=0)
    offsets, top, bound, _, _ = _search(s, e, z, start.offsets, align, work, -1.0, **schedule)
    return start, offsets, top, bound


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([40, 150]), st.sampled_from([300, 3000, 30_000]),
       st.sampled_from(range(len(_SCHEDULES))))
def test_every_descent_schedule_keeps_a_valid_plan_no_looser_than_its_start(seed, n, work, which):
    """Whatever the stages of the descent, the plan is valid, never above the
    starting plan, the bound is a true lower bound, and the same budget gives
    the same plan."""
    s, e, z = random_buffers(n, seed=seed, max_lifetime=40)
    start, offsets, top, bound = _kernel_search(s, e, z, 64, work, **_SCHEDULES[which])
    validate(s, e, z, offsets, alignment=64)
    assert top == int((offsets + (np.asarray(z) + 63) // 64 * 64).max())
    assert top <= start.total
    assert lower_bound(s, e, z, alignment=64) <= bound <= top
    again = _kernel_search(s, e, z, 64, work, **_SCHEDULES[which])
    assert again[1].tobytes() == offsets.tobytes() and again[2:] == (top, bound)


@settings(max_examples=40, deadline=None)
@given(tiny_problems(max_n=6), st.sampled_from(range(len(_SCHEDULES))))
def test_every_descent_schedule_reaches_the_optimum(prob, which):
    s, e, z, align = prob
    if not any(z):
        return
    _, offsets, top, bound = _kernel_search(s, e, z, align, 200_000, **_SCHEDULES[which])
    assert top == bound == brute_optimum(s, e, z, align)


@pytest.mark.parametrize("bad", [dict(descent=()), dict(descent=((8, -1),)), dict(late=((2, 1), (0, -1))),
                                 dict(descent=((8, 63),)), dict(late_level=-1)])
def test_bad_descent_schedule(bad):
    with pytest.raises(ValueError, match="descent"):
        _kernel_search([0, 1], [2, 3], [64, 64], 64, 1000, **bad)
