"""The default packer (best-fit, effort 1) across sizes and effort levels,
side by side with omnimalloc's single-pass heuristics (issue #18).

* Random workloads (``fastalloc.testing.workloads.random_buffers(n, seed=n)``,
  sizes rounded up to 64, alignment 64) from 10^2 to 10^5 buffers (10^6 with
  ``FASTALLOC_BENCH_LARGE=1``): time per buffer and total / lower bound of
  efforts 0 and 1 (2 and 3 up to 10^4), and of omnimalloc's ``omni`` and
  ``greedy_by_size`` up to ``FASTALLOC_BENCH_OMNI_MAX_N`` (default 10^4; they
  are quadratic).
* The benchmark CSVs (alignment 1): efforts 0 to 4 (3 and 4 up to 5000
  buffers) and the two omnimalloc heuristics (up to 20000 buffers, or the
  cap above if larger).

As tests (CI: once each, ``--benchmark-disable``; omnimalloc and efforts >= 2
are ``slow``)::

    python -m pytest bench/bench_default.py --benchmark-enable -m "slow or not slow" -p no:cacheprovider

As a report (the README's tables; medians of ``--rounds`` runs, wall time)::

    python -m bench.bench_default [--rounds 5] [--large]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np
import pytest

from fastalloc.csvio import read_csv
from fastalloc.packing import lower_bound, pack, validate
from fastalloc.testing.benchmarks import benchmark_csvs
from fastalloc.testing.workloads import random_buffers

LARGE = os.environ.get("FASTALLOC_BENCH_LARGE", "") not in ("", "0")
SIZES = [10**2, 10**3, 10**4, 10**5] + ([10**6] if LARGE else [])
OMNI_MAX_N = int(os.environ.get("FASTALLOC_BENCH_OMNI_MAX_N", "10000"))
OMNI = ("omni", "greedy_by_size")
CSVS = benchmark_csvs()


def random_problem(n: int):
    s, e, z = random_buffers(n, seed=n)
    return s, e, (z + 63) // 64 * 64, 64


def csv_problem(path):
    pr = read_csv(path)
    return pr.starts, pr.ends, pr.sizes, 1


def omnimalloc_offsets(s, e, z, name: str) -> np.ndarray:
    import omnimalloc  # optional (bench extra)

    allocs = [omnimalloc.Allocation(i, int(z[i]), int(s[i]), int(e[i]) + 1) for i in range(len(z))]
    offsets = np.zeros(len(z), dtype=np.int64)
    for a in omnimalloc.allocate(allocs, name):
        offsets[a.id] = a.offset
    return offsets


def solve(packer: str, s, e, z, alignment: int) -> np.ndarray:
    """Offsets of ``packer``: ``effort-K`` (fastalloc best-fit) or an
    omnimalloc allocator name."""
    if packer.startswith("effort-"):
        return pack(s, e, z, alignment=alignment, effort=int(packer.split("-")[1])).offsets
    return omnimalloc_offsets(s, e, z, packer)


def _ratio(s, e, z, alignment, offsets) -> tuple[int, float]:
    validate(s, e, z, offsets, alignment=alignment)
    total = int((offsets + z).max()) if len(z) else 0
    lb = lower_bound(s, e, z, alignment=alignment)
    return total, total / lb if lb else 1.0


def _random_cases():
    for n in SIZES:
        for packer in ["effort-0", "effort-1", "effort-2", "effort-3", *OMNI]:
            slow = packer not in ("effort-0", "effort-1")
            if slow and n > (OMNI_MAX_N if packer in OMNI else 10**4):
                continue
            yield pytest.param(n, packer, id=f"{n}-{packer}", marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("n,packer", list(_random_cases()))
def test_random(benchmark, n, packer):
    s, e, z, al = random_problem(n)
    benchmark.group = f"default packer, random n={n}"
    offsets = benchmark.pedantic(solve, (packer, s, e, z, al), rounds=3 if n < 10**5 else 1, iterations=1)
    total, ratio = _ratio(s, e, z, al, offsets)
    benchmark.extra_info.update(n=n, packer=packer, total=total, ratio=round(ratio, 5))


def _csv_cases():
    for path in CSVS:
        for packer in ["effort-0", "effort-1", "effort-2", "effort-3", "effort-4", *OMNI]:
            slow = packer not in ("effort-0", "effort-1")
            yield pytest.param(path, packer, id=f"{path.stem}-{packer}",
                               marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("path,packer", list(_csv_cases()))
def test_csv(benchmark, path, packer):
    s, e, z, al = csv_problem(path)
    if packer in OMNI and len(z) > max(OMNI_MAX_N, 20_000):
        pytest.skip(f"omnimalloc {packer} is quadratic: {len(z)} buffers take minutes")
    if packer in ("effort-3", "effort-4") and len(z) > 5000:
        pytest.skip("the local search's cost at this size is in the README table, not re-measured here")
    benchmark.group = f"default packer, {path.stem} (n={len(z)})"
    offsets = benchmark.pedantic(solve, (packer, s, e, z, al), rounds=1, iterations=1)
    total, ratio = _ratio(s, e, z, al, offsets)
    benchmark.extra_info.update(n=len(z), packer=packer, total=total, ratio=round(ratio, 5))


# ---------------------------------------------------------------------------
# Report: python -m bench.bench_default
# ---------------------------------------------------------------------------


def _measure(packer, s, e, z, al, rounds):
    times = []
    offsets = None
    for _ in range(rounds):
        t0 = time.perf_counter()
        offsets = solve(packer, s, e, z, al)
        times.append(time.perf_counter() - t0)
    total, ratio = _ratio(s, e, z, al, offsets)
    return ratio, statistics.median(times)


def _fmt_t(t: float) -> str:
    return f"{t * 1e3:.1f} ms" if t < 1 else f"{t:.2f} s"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="runs per cell below 10^5 buffers (median)")
    ap.add_argument("--large", action="store_true", help="add 10^6 buffers")
    ap.add_argument("--efforts", default="0,1,2,3,4", help="effort levels of the CSV table")
    args = ap.parse_args(argv)
    sizes = [10**2, 10**3, 10**4, 10**5] + ([10**6] if args.large else [])
    print("| n | effort 0 | effort 1 (default) | us/buffer (default) | effort 2 | effort 3 | omni | greedy_by_size |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        s, e, z, al = random_problem(n)
        rounds = args.rounds if n < 10**5 else 1
        cells = []
        for packer in ["effort-0", "effort-1", "effort-2", "effort-3", *OMNI]:
            limit = OMNI_MAX_N if packer in OMNI else (10**5 if packer == "effort-2" else 10**4)
            if packer not in ("effort-0", "effort-1") and n > limit:
                cells.append("not run")
                continue
            r, t = _measure(packer, s, e, z, al, rounds if packer.startswith("effort") else 1)
            cells.append(f"{r:.4f} ({_fmt_t(t)})")
            if packer == "effort-1":
                cells.append(f"{t / n * 1e6:.1f}")
        print(f"| {n} | " + " | ".join(cells) + " |", flush=True)
    efforts = [int(x) for x in args.efforts.split(",")]
    print()
    print("| problem | n | " + " | ".join(f"effort {k}" for k in efforts) + " | omni | greedy_by_size |")
    print("|---|---:|" + "---:|" * (len(efforts) + 2))
    for path in CSVS:
        s, e, z, al = csv_problem(path)
        cells = []
        for k in efforts:
            if k >= 3 and len(z) > 5000:
                cells.append("not run")
                continue
            r, t = _measure(f"effort-{k}", s, e, z, al, args.rounds if len(z) < 5000 else 1)
            cells.append(f"{r:.4f} ({_fmt_t(t)})")
        for name in OMNI:
            if len(z) > max(OMNI_MAX_N, 20_000):
                cells.append("not run")
                continue
            r, t = _measure(name, s, e, z, al, 1)
            cells.append(f"{r:.4f} ({_fmt_t(t)})")
        print(f"| {path.stem} | {len(z)} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
