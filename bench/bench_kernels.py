"""Kernel benchmarks: alias sets, liveness, packing (each strategy), lower
bound, validation, at 10^4 and 10^5 buffers (10^6 with FASTALLOC_BENCH_LARGE=1).

Measure:  pytest bench/bench_kernels.py --benchmark-enable -p no:cacheprovider
          FASTALLOC_BENCH_LARGE=1 pytest bench/bench_kernels.py --benchmark-enable
CI runs each case once (the default --benchmark-disable).
Workloads come from fastalloc.testing.workloads (log-uniform sizes 64 B..16 MiB,
lifetimes 1..1000 ops, about 150 buffers live at a time).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from fastalloc.kernels import iree_pack as _iree_pack
from fastalloc.packing import LIVE_IN, STRATEGIES, alias_sets, liveness_intervals, lower_bound, pack, validate
from fastalloc.testing.workloads import random_alias_region, random_buffers

LARGE = os.environ.get("FASTALLOC_BENCH_LARGE", "") not in ("", "0")
SIZES = [10**4, 10**5] + ([10**6] if LARGE else [])


def _canonical(n):
    """A random workload in IREE's canonical slice order (lifetime ascending)."""
    s, e, z = random_buffers(n, seed=n)
    o = np.lexsort((e, s))
    return s[o], e[o], z[o]


@pytest.mark.parametrize("n", SIZES)
def test_alias_and_liveness(benchmark, n):
    r = random_alias_region(n, seed=1)
    benchmark.group = "alias+liveness"

    def run():
        leader, sp, sm = alias_sets(r["n_values"], r["aliasee"], r["aliaser"])
        return liveness_intervals(r["def_op"], r["use_indptr"], r["use_ops"], r["live_out"], None, sp, sm)

    starts, ends = benchmark(run)
    benchmark.extra_info.update(n=n, pairs=int(r["aliaser"].shape[0]))
    assert starts.shape == (n,) and (ends >= np.where(starts == LIVE_IN, 0, starts)).all()


@pytest.mark.parametrize("n", SIZES)
def test_alias_sets(benchmark, n):
    r = random_alias_region(n, seed=1)
    benchmark.group = "alias"
    leader, sp, sm = benchmark(alias_sets, r["n_values"], r["aliasee"], r["aliaser"])
    benchmark.extra_info.update(n=n, sets=int(sp.shape[0] - 1))
    assert (leader <= np.arange(n)).all()


@pytest.mark.parametrize("n", SIZES)
def test_liveness(benchmark, n):
    r = random_alias_region(n, seed=1)
    leader, sp, sm = alias_sets(r["n_values"], r["aliasee"], r["aliaser"])
    benchmark.group = "liveness"
    starts, ends = benchmark(
        liveness_intervals, r["def_op"], r["use_indptr"], r["use_ops"], r["live_out"], None, sp, sm
    )
    benchmark.extra_info.update(n=n)
    assert starts.shape == (n,)


def _record(benchmark, n, s, e, z, plan):
    lb = lower_bound(s, e, z, 64)
    benchmark.extra_info.update(n=n, total=plan.total, lower_bound=lb, ratio=plan.total / lb)
    validate(s, e, z, plan.offsets, 64)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_pack(benchmark, strategy, n):
    s, e, z = _canonical(n)
    benchmark.group = f"pack-{strategy}"
    plan = benchmark.pedantic(pack, args=(s, e, z), kwargs={"strategy": strategy}, rounds=1 if n >= 10**6 else 3)
    _record(benchmark, n, s, e, z, plan)


@pytest.mark.parametrize("n", SIZES)
def test_pack_iree_random_order(benchmark, n):
    """The general path (slices not sorted by start)."""
    s, e, z = random_buffers(n, seed=n)
    benchmark.group = "pack-iree-random-order"
    plan = benchmark.pedantic(pack, args=(s, e, z), kwargs={"strategy": "iree"}, rounds=1 if n >= 10**6 else 3)
    _record(benchmark, n, s, e, z, plan)


@pytest.mark.parametrize("kernel", ["fast", "quadratic"])
@pytest.mark.parametrize("order", ["canonical", "random"])
def test_iree_vs_quadratic(benchmark, kernel, order):
    """IREE's static packer at 10^4: this kernel vs the loop-for-loop
    transcription of packStaticSlicesGreedily, same inputs, same offsets."""
    n = 10**4
    s, e, z = _canonical(n) if order == "canonical" else random_buffers(n, seed=n)
    z = (z + 63) & ~np.int64(63)
    fn = _iree_pack._pack_iree if kernel == "fast" else _iree_pack._pack_iree_quadratic
    benchmark.group = f"iree-vs-quadratic-{order}-1e4"
    offsets, top = benchmark(fn, s, e, z, 64)
    ref, ref_top = _iree_pack._pack_iree(s, e, z, 64)
    np.testing.assert_array_equal(offsets, ref)
    benchmark.extra_info.update(n=n, total=int(top))


@pytest.mark.parametrize("n", SIZES)
def test_lower_bound(benchmark, n):
    s, e, z = random_buffers(n, seed=n)
    benchmark.group = "lower-bound"
    lb = benchmark(lower_bound, s, e, z, 64)
    benchmark.extra_info.update(n=n, lower_bound=lb)


@pytest.mark.parametrize("n", SIZES)
def test_validate(benchmark, n):
    s, e, z = _canonical(n)
    plan = pack(s, e, z, strategy="iree")
    benchmark.group = "validate"
    benchmark(validate, s, e, z, plan.offsets, 64)
    benchmark.extra_info.update(n=n)
