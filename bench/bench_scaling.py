"""Scaling of the whole pipeline on one huge execute region (issues #3-#5).

Measure:  pytest bench/bench_scaling.py --benchmark-enable -p no:cacheprovider
Larger:   FASTALLOC_BENCH_LARGE=1 pytest bench/bench_scaling.py --benchmark-enable -p no:cacheprovider
CI runs each case once (the default --benchmark-disable).

Each case times ``fastalloc.run_passes(text, passes)`` (parse + passes +
print, in this process) on ``generate_module(7, n_ops=N)``, which for
N >= 10000 is one function with one execute region holding all the ops (the
shape that made use-list removal and per-op location resolution quadratic).
4000 ops by default; 16000, 30000 and 100000 behind ``FASTALLOC_BENCH_LARGE=1``
(the 100k cases take ~15-25 s CPU each; run them alone on a shared machine).
``extra_info`` records N, the CPU seconds of the last round and the CPU
microseconds per op: flat across N means linear scaling.
``test_stages_single_region`` runs the same pipeline one stage at a time and
records each stage's CPU seconds (parse, schedule-allocation, layout-slices,
print) and the passes' CPU microseconds per op.  iree-opt's own
figures on the same modules are in bench_schedule_allocation (side by side)
and in bench/README.md; nothing here asserts a time.
"""

from __future__ import annotations

import os
import time

import pytest

from fastalloc.passes import run_passes
from fastalloc.testing.generator import generate_module

LARGE = os.environ.get("FASTALLOC_BENCH_LARGE") == "1"
SIZES = [4000] + ([16000, 30000, 100000] if LARGE else [])
PIPELINES = {
    "sa": ["schedule-allocation"],
    "sa+ls": ["schedule-allocation", "layout-slices"],
}

_TEXT: dict[int, str] = {}


def _text(n: int) -> str:
    if n not in _TEXT:
        _TEXT.clear()  # one 100k-op text at a time
        _TEXT[n] = generate_module(7, n_ops=n)
    return _TEXT[n]


@pytest.mark.parametrize("pipeline", list(PIPELINES))
@pytest.mark.parametrize("n_ops", SIZES)
def test_run_passes_single_region(benchmark, n_ops: int, pipeline: str) -> None:
    text = _text(n_ops)
    passes = PIPELINES[pipeline]
    cpu: list[float] = []

    def once() -> str:
        t0 = time.process_time()
        out = run_passes(text, passes)
        cpu.append(time.process_time() - t0)
        return out

    out = benchmark.pedantic(once, rounds=3 if n_ops <= 4000 else 1, iterations=1)
    # The run produced the explicit program (not an early exit on some error path).
    assert "stream.cmd.execute" in out and "stream.async.execute" not in out
    benchmark.extra_info.update(
        n_ops=n_ops,
        pipeline=",".join(passes),
        cpu_s=round(cpu[-1], 3),
        cpu_us_per_op=round(1e6 * cpu[-1] / n_ops, 1),
    )


@pytest.mark.parametrize("n_ops", SIZES)
def test_stages_single_region(benchmark, n_ops: int) -> None:
    """The same module through parse, schedule-allocation, layout-slices
    ("iree") and print one stage at a time: ``extra_info`` has each stage's
    CPU seconds and the passes' CPU microseconds per op (which stage scales
    how; the pass figure is issue #4's)."""
    from fastalloc._gc import gc_paused
    from fastalloc.ir import parse
    from fastalloc.passes.layout_slices import layout_slices
    from fastalloc.passes.schedule_allocation import schedule_allocation

    text = _text(n_ops)
    stages: dict[str, float] = {}

    def once() -> str:
        with gc_paused():  # as run_passes does
            t0 = time.process_time()
            module = parse(text)
            t1 = time.process_time()
            schedule_allocation(module)
            t2 = time.process_time()
            layout_slices(module, strategy="iree")
            t3 = time.process_time()
            out = module.print()
            t4 = time.process_time()
        stages.update(parse_s=t1 - t0, sa_s=t2 - t1, ls_s=t3 - t2, print_s=t4 - t3)
        return out

    out = benchmark.pedantic(once, rounds=3 if n_ops <= 4000 else 1, iterations=1)
    assert "stream.cmd.execute" in out and "stream.async.execute" not in out
    benchmark.extra_info.update(n_ops=n_ops, **{k: round(v, 3) for k, v in stages.items()})
    benchmark.extra_info.update(
        sa_us_per_op=round(1e6 * stages["sa_s"] / n_ops, 1), ls_us_per_op=round(1e6 * stages["ls_s"] / n_ops, 1)
    )
