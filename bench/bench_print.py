"""Printing after both passes, with and without ``--mlir-print-debuginfo``, at a few sizes.

Measure:  pytest bench/bench_print.py --benchmark-enable -p no:cacheprovider
Larger:   FASTALLOC_BENCH_LARGE=1 pytest bench/bench_print.py --benchmark-enable -p no:cacheprovider
CI runs each case once (the default --benchmark-disable).

Each case parses issue #14's module shape (``generate_module(11, n_ops=N,
config=GenConfig(affinities=False, shape='single'))``: one function, one
execute region), runs schedule-allocation and layout-slices on it once, and
then times only :func:`fastalloc.ir.printer.print_module` of the result.
After layout-slices every constant and offset of a pack is located at the
pack, whose location fuses those of all its slices: printing those locations
was once quadratic in the pack's size (each op rebuilt the pack's fused
text).  ``extra_info`` records N, the CPU seconds of the last round, the CPU
microseconds per op and, for the debuginfo cases, the ratio to the plain
print of the same module: flat across N means linear; a ratio that grows
with N is that regression back.  (With ``--mlir-print-local-scope`` the
text itself grows faster than N: each op located at a pack prints the pack's
whole fused location inline, as iree-opt does.)  1000 and 4000 ops by default; 16000 and
30000 behind ``FASTALLOC_BENCH_LARGE=1``.  Nothing here asserts a time.
"""

from __future__ import annotations

import os
import time

import pytest

from fastalloc._gc import gc_paused
from fastalloc.ir import parse
from fastalloc.ir.model import Module
from fastalloc.ir.printer import print_module
from fastalloc.passes.layout_slices import layout_slices
from fastalloc.passes.schedule_allocation import schedule_allocation
from fastalloc.testing.generator import GenConfig, generate_module

LARGE = os.environ.get("FASTALLOC_BENCH_LARGE") == "1"
SIZES = [1000, 4000] + ([16000, 30000] if LARGE else [])
MODES = ["plain", "debuginfo", "debuginfo-local"]
# the local-scope text outgrows N (see above): 121 MB at 4000 ops
LOCAL_MAX = 4000

# n_ops -> (module after both passes, CPU seconds of its plain print)
_DONE: dict[int, tuple[Module, float]] = {}


def _module(n: int) -> Module:
    if n not in _DONE:
        _DONE.clear()  # one module at a time
        text = generate_module(11, n_ops=n, config=GenConfig(affinities=False, shape="single"))
        with gc_paused():
            m = parse(text)
            schedule_allocation(m)
            layout_slices(m, strategy="iree")
        _DONE[n] = (m, 0.0)
    return _DONE[n][0]


def _timed(m: Module, mode: str) -> tuple[str, float]:
    t0 = time.process_time()
    out = print_module(m, debuginfo=mode != "plain", local_scope=mode == "debuginfo-local")
    return out, time.process_time() - t0


@pytest.mark.parametrize(("n_ops", "mode"),
                         [(n, mode) for n in SIZES for mode in MODES if mode != "debuginfo-local" or n <= LOCAL_MAX])
def test_print_after_passes(benchmark, n_ops: int, mode: str) -> None:
    m = _module(n_ops)
    cpu: list[float] = []

    def once() -> str:
        out, t = _timed(m, mode)
        cpu.append(t)
        return out

    out = benchmark.pedantic(once, rounds=3 if n_ops <= 4000 else 1, iterations=1)
    # both passes ran (layout-slices lowers the pack), and the print is the form the mode asks for
    assert "stream.cmd.execute" in out and "stream.async.execute" not in out and "stream.resource.pack" not in out
    if mode == "plain":
        assert " loc(" not in out
        _DONE[n_ops] = (m, cpu[-1])
    elif mode == "debuginfo":
        assert " loc(#loc" in out and "\n#loc" in out and "= loc(fused[" in out
    else:
        assert " loc(#loc" not in out and " loc(fused[" in out
    info = dict(n_ops=n_ops, mode=mode, cpu_s=round(cpu[-1], 4), cpu_us_per_op=round(1e6 * cpu[-1] / n_ops, 2))
    plain = _DONE[n_ops][1]
    if mode != "plain" and plain > 0:
        info["vs_plain"] = round(cpu[-1] / plain, 2)
    benchmark.extra_info.update(info)
