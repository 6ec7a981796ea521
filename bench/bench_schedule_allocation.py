"""schedule-allocation speed, side by side with iree-opt 3.13.

Measure:  pytest bench/bench_schedule_allocation.py --benchmark-enable -p no:cacheprovider
CI runs each case once (the default --benchmark-disable).

Workloads come from ``fastalloc.testing.generator`` (single-device,
``spread`` = many functions of small regions, ``single`` = one huge region).
``test_pass_only`` times the pass alone on a freshly parsed module (parsing is
bench_parse's business); ``test_vs_iree_opt`` times parse + pass + print in
this process against one ``iree-opt --pass-pipeline=...`` child process on the
same text, alternately, and records the medians and their ratio in
``benchmark.extra_info``.
"""

from __future__ import annotations

import statistics
import subprocess
import time

import pytest

from fastalloc.ir import parse
from fastalloc.passes import run_passes
from fastalloc.passes.schedule_allocation import schedule_allocation
from fastalloc.testing.generator import GenConfig, generate_module
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, find_iree_opt

CASES = {
    "spread-2k": (2000, "spread"),
    "single-1k": (1000, "single"),
    "single-4k": (4000, "single"),
}


def _module(name: str) -> str:
    n, shape = CASES[name]
    return generate_module(11, n_ops=n, config=GenConfig(affinities=False, shape=shape))


@pytest.mark.parametrize("name", list(CASES))
def test_pass_only(benchmark, name: str) -> None:
    text = _module(name)

    def setup():
        return (parse(text),), {}

    benchmark.pedantic(schedule_allocation, setup=setup, rounds=3, iterations=1)


@pytest.mark.parametrize("name", ["spread-2k", "single-1k"])
def test_vs_iree_opt(benchmark, name: str) -> None:
    text = _module(name)
    exe = find_iree_opt()
    assert exe is not None
    ours, theirs = [], []

    def once() -> None:
        t0 = time.perf_counter()
        run_passes(text, ["schedule-allocation"])
        t1 = time.perf_counter()
        subprocess.run(
            [exe, f"--pass-pipeline={SCHEDULE_ALLOCATION}", "-", "-o", "/dev/null"],
            input=text, text=True, check=True, capture_output=True,
        )
        t2 = time.perf_counter()
        ours.append(t1 - t0)
        theirs.append(t2 - t1)

    benchmark.pedantic(once, rounds=3, iterations=1)
    mo, mt = statistics.median(ours), statistics.median(theirs)
    benchmark.extra_info.update(fastalloc_s=round(mo, 4), iree_opt_s=round(mt, 4), ratio=round(mo / mt, 3))
