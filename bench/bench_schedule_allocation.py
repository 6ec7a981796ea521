"""schedule-allocation speed, side by side with iree-opt 3.13.

Measure:  pytest bench/bench_schedule_allocation.py --benchmark-enable -p no:cacheprovider
Larger:   FASTALLOC_BENCH_LARGE=1 pytest bench/bench_schedule_allocation.py --benchmark-enable -p no:cacheprovider
CI runs each case once (the default --benchmark-disable).

Workloads come from ``fastalloc.testing.generator`` (single-device,
``spread`` = many functions of small regions, ``single`` = one huge region).
``test_pass_only`` times the pass alone on a freshly parsed module (parsing is
bench_parse's business) and records its CPU seconds and CPU microseconds per
op (flat across sizes = linear); ``test_vs_iree_opt`` times parse + pass +
print in this process against one ``iree-opt --pass-pipeline=...`` child
process on the same text, alternately, and records the medians and their
ratio in ``benchmark.extra_info``.  ``FASTALLOC_BENCH_LARGE=1`` adds one huge
region of 25k, 50k and 100k ops to the pass-only cases and 100k to the
side-by-side (issue #4's figure: fastalloc no slower than iree-opt there;
~2 minutes, run it alone on a shared machine).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import time

import pytest

from fastalloc.ir import parse
from fastalloc.passes import run_passes
from fastalloc.passes.schedule_allocation import schedule_allocation
from fastalloc.testing.generator import GenConfig, generate_module
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, find_iree_opt

LARGE = os.environ.get("FASTALLOC_BENCH_LARGE") == "1"
CASES = {
    "spread-2k": (2000, "spread"),
    "single-1k": (1000, "single"),
    "single-4k": (4000, "single"),
    "single-25k": (25000, "single"),
    "single-50k": (50000, "single"),
    "single-100k": (100000, "single"),
}
PASS_ONLY = ["spread-2k", "single-1k", "single-4k"] + (["single-25k", "single-50k", "single-100k"] if LARGE else [])
VS_IREE = ["spread-2k", "single-1k"] + (["single-100k"] if LARGE else [])

_TEXT: dict[str, str] = {}


def _module(name: str) -> str:
    # single-100k is the 10^5-op module: seed 11, no affinities.
    if name not in _TEXT:
        _TEXT.clear()  # one big text at a time
        n, shape = CASES[name]
        _TEXT[name] = generate_module(11, n_ops=n, config=GenConfig(affinities=False, shape=shape))
    return _TEXT[name]


@pytest.mark.parametrize("name", PASS_ONLY)
def test_pass_only(benchmark, name: str) -> None:
    text = _module(name)
    cpu: list[float] = []

    def setup():
        return (parse(text),), {}

    def run(module) -> None:
        t0 = time.process_time()
        schedule_allocation(module)
        cpu.append(time.process_time() - t0)

    benchmark.pedantic(run, setup=setup, rounds=3 if CASES[name][0] <= 4000 else 1, iterations=1)
    n_ops = CASES[name][0]
    best = min(cpu)
    benchmark.extra_info.update(n_ops=n_ops, cpu_s=round(best, 3), cpu_us_per_op=round(1e6 * best / n_ops, 1))


@pytest.mark.parametrize("name", VS_IREE)
def test_vs_iree_opt(benchmark, name: str) -> None:
    text = _module(name)
    exe = find_iree_opt()
    assert exe is not None
    ours, theirs = [], []
    ours_cpu, theirs_cpu = [], []

    def child_cpu() -> float:
        ru = resource.getrusage(resource.RUSAGE_CHILDREN)
        return ru.ru_utime + ru.ru_stime

    def once() -> None:
        c0 = time.process_time()
        t0 = time.perf_counter()
        run_passes(text, ["schedule-allocation"])
        t1 = time.perf_counter()
        c1 = time.process_time()
        k1 = child_cpu()
        subprocess.run(
            [exe, f"--pass-pipeline={SCHEDULE_ALLOCATION}", "-", "-o", "/dev/null"],
            input=text, text=True, check=True, capture_output=True,
        )
        t2 = time.perf_counter()
        ours.append(t1 - t0)
        theirs.append(t2 - t1)
        ours_cpu.append(c1 - c0)
        theirs_cpu.append(child_cpu() - k1)

    benchmark.pedantic(once, rounds=3, iterations=1)
    mo, mt = statistics.median(ours), statistics.median(theirs)
    co, ct = statistics.median(ours_cpu), statistics.median(theirs_cpu)
    # CPU (user+sys) beside wall: on a shared machine the wall figures move
    # with the neighbours' load.
    benchmark.extra_info.update(
        fastalloc_s=round(mo, 4), iree_opt_s=round(mt, 4), ratio=round(mo / mt, 3),
        fastalloc_cpu_s=round(co, 4), iree_opt_cpu_s=round(ct, 4), cpu_ratio=round(co / ct, 3),
    )
