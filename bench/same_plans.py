"""Same packing plans before and after a change to the packer: a digest of
each plan's offsets and total, written to or compared with a saved file.

The packer's counterpart of ``bench.same_output`` (which checks the IR
passes' text).  Speed work on the kernels must leave every plan as it was;
this is the check behind "plans identical" in the README and in commit
messages.  The cases:

* ``small``: random workloads (``fastalloc.testing.workloads.random_buffers``,
  sizes rounded up to 64, alignment 64) of 10^3, 10^4 and 10^5 buffers at
  seeds n, 1 and 2 with the default (effort 1), plus effort 0 and 2 up to
  10^4; and every benchmark CSV shipped with fastalloc at its defaults;
* ``large``: the default on 2*10^5+1 (seed n), 3*10^5 (seeds n, 1, 2) and
  10^6 buffers (seeds n, 1), which take the tiered path for large problems;
* ``all``: both (a few minutes on one core).

Usage (from the repository root)::

    python -m bench.same_plans --write before.json [--cases all]   # on the old commit
    python -m bench.same_plans --check before.json [--cases all]   # on the new one; exit 1 on any difference
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Iterator

import numpy as np

from bench.same_output import write_or_check
from fastalloc import pack
from fastalloc.csvio import read_csv
from fastalloc.testing.benchmarks import benchmark_csvs
from fastalloc.testing.workloads import random_buffers

CASES = ("small", "large", "all")


def _random(n: int, seed: str | int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    s, e, z = random_buffers(n, seed=n if seed == "n" else int(seed))
    return s, e, (z + 63) // 64 * 64


def _problems(cases: str) -> Iterator[tuple[str, dict]]:
    """``(case name, keyword arguments of pack)`` in a fixed order."""
    if cases in ("small", "all"):
        for n in (1000, 10_000, 100_000):
            for seed in ("n", 1, 2):
                s, e, z = _random(n, seed)
                efforts = (1, 0, 2) if n <= 10_000 else (1,)
                for effort in efforts:
                    yield (f"random n={n} seed={seed} effort={effort}",
                           dict(starts=s, ends=e, sizes=z, alignment=64, effort=effort))
        for path in benchmark_csvs():
            p = read_csv(path)
            yield f"csv {path.parent.name}/{path.name}", dict(starts=p.starts, ends=p.ends, sizes=p.sizes)
    if cases in ("large", "all"):
        for n, seeds in ((200_001, ("n",)), (300_000, ("n", 1, 2)), (1_000_000, ("n", 1))):
            for seed in seeds:
                s, e, z = _random(n, seed)
                yield f"random n={n} seed={seed} effort=1", dict(starts=s, ends=e, sizes=z, alignment=64)


def plan_digest(offsets: np.ndarray, total: int) -> str:
    """sha256 of the offsets as little-endian int64, then the total."""
    h = hashlib.sha256(np.ascontiguousarray(offsets, dtype="<i8").tobytes())
    return f"{h.hexdigest()[:24]}/{int(total)}"


def run_cases(cases: str, log=sys.stderr) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, kwargs in _problems(cases):
        t0 = time.perf_counter()
        plan = pack(**kwargs)
        out[name] = plan_digest(plan.offsets, plan.total)
        print(f"{name}: {out[name]} ({time.perf_counter() - t0:.2f} s)", file=log)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.same_plans", description=__doc__.split("\n\n")[0])
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", metavar="FILE", help="save the digests to FILE (JSON)")
    mode.add_argument("--check", metavar="FILE", help="compare with the digests saved in FILE")
    p.add_argument("--cases", choices=CASES, default="small")
    args = p.parse_args(argv)
    got = run_cases(args.cases)
    return write_or_check(got, args.write, args.check, "--cases")


if __name__ == "__main__":
    sys.exit(main())
