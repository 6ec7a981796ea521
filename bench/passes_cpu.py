"""CPU seconds of schedule-allocation and of layout-slices, one run each, on a
freshly parsed generated module (parse and print not counted).

Usage (from the repository root; one measurement per process, so alternate
two checkouts with PYTHONPATH for a side-by-side comparison and take medians)::

    python -m bench.passes_cpu [--n-ops 100000] [--shape single|spread] [--seed 11]

Prints ``<schedule-allocation s> <layout-slices s>``.
"""

from __future__ import annotations

import argparse
import time

from fastalloc._gc import gc_paused
from fastalloc._guard import run_deep
from fastalloc.ir import parse
from fastalloc.passes import PassContext, PassOptions, get_pass
from fastalloc.testing.generator import GenConfig, generate_module


def measure(text: str) -> tuple[float, float]:
    with gc_paused():
        module = parse(text)
        options = PassOptions.from_kwargs({"pack_strategy": "iree"})
        context = PassContext()
        t0 = time.process_time()
        get_pass("schedule-allocation").run(module, options, context)
        t1 = time.process_time()
        get_pass("layout-slices").run(module, options, context)
        return t1 - t0, time.process_time() - t1


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.passes_cpu", description=__doc__.split("\n\n")[0])
    p.add_argument("--n-ops", type=int, default=100000)
    p.add_argument("--shape", choices=("single", "spread"), default="single")
    p.add_argument("--seed", type=int, default=11)
    a = p.parse_args()
    text = generate_module(a.seed, n_ops=a.n_ops, config=GenConfig(affinities=False, shape=a.shape))
    sa, ls = run_deep(measure, text)
    print(f"{sa:.3f} {ls:.3f}")


if __name__ == "__main__":
    main()
