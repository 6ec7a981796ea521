"""The exact anytime search (``strategy="search"``) against omnimalloc's exact
solvers at the same time budget, on issue #18's problems.

Problems: minimalloc's challenging A..K and the idealloc traces resnet50 and
G_1 (CSV, alignment 1), random workloads of 10^3 and 10^4 buffers
(``random_buffers(n, seed=n)``, sizes rounded up to 64, alignment 64): the same
definitions as ``bench_quality.py``.

Packers (``extra_info["packer"]``):

* ``fastalloc-search-3s`` / ``fastalloc-search-15s``: ``pack(...,
  strategy="search", time_limit=3 / 15)``; ``extra_info`` also records the
  proven ``bound`` and ``optimal``;
* ``omnimalloc-supermalloc-3s`` / ``omnimalloc-minimalloc-3s`` (and ``-15s``;
  minimalloc needs the git-only ``minimalloc`` package, else "not run"):
  omnimalloc's ``supermalloc`` / ``minimalloc`` allocators with
  ``timeout=3`` / ``15`` (their lifetimes are half-open: ``[start, end + 1)``);
* ``fastalloc-best-fit``: the default packer, for reference.

Every plan is validated independently of its packer.  One round per case (a
time budget is the point); the 15 s cases are ``slow``.

Measure (one run, side by side):
    python -m pytest bench/bench_search.py --benchmark-enable -m "slow or not slow" \\
        --benchmark-json search.json -p no:cacheprovider
    python -m bench.bench_search search.json      # the markdown table of the README
    python -m bench.bench_search search.json --cpu   # CPU seconds in brackets instead of wall

minimalloc runs where the ``minimalloc`` package imports (README "Exact
search" says how it was built beside the project, into a scratch venv).
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np
import pytest

from bench.bench_quality import problem
from fastalloc.packing import lower_bound, pack, validate

CSV_PROBLEMS = [f"{c}.1048576" for c in "ABCDEFGHIJK"] + ["resnet50", "G_1"]
RANDOM_PROBLEMS = ["random-1000", "random-10000"]
PROBLEMS = CSV_PROBLEMS + RANDOM_PROBLEMS
FAST = ["fastalloc-best-fit", "fastalloc-search-3s", "omnimalloc-supermalloc-3s", "omnimalloc-minimalloc-3s"]
SLOW = ["fastalloc-search-15s", "omnimalloc-supermalloc-15s", "omnimalloc-minimalloc-15s"]


def run_packer(
    packer: str, s: np.ndarray, e: np.ndarray, z: np.ndarray, alignment: int
) -> tuple[np.ndarray | None, dict]:
    """(offsets in input order, extra info) of ``packer``; offsets ``None``
    (and ``extra["no_plan"]`` the solver's message) when minimalloc found no
    plan within its time budget."""
    if packer == "fastalloc-best-fit":
        return pack(s, e, z, alignment=alignment).offsets, {}
    seconds = float(packer.rsplit("-", 1)[1].rstrip("s"))
    if packer.startswith("fastalloc-search"):
        plan = pack(s, e, z, alignment=alignment, strategy="search", time_limit=seconds)
        return plan.offsets, {"bound": plan.bound, "optimal": plan.optimal}
    import omnimalloc
    from omnimalloc.allocators import BaseAllocator

    name = packer.split("-")[1]
    allocator = BaseAllocator.get(name)(timeout=seconds)
    allocs = [omnimalloc.Allocation(i, int(z[i]), int(s[i]), int(e[i]) + 1) for i in range(len(z))]
    offsets = np.zeros(len(z), dtype=np.int64)
    try:
        placed = omnimalloc.allocate(allocs, allocator)
    except RuntimeError as err:
        # minimalloc has no starting plan: when its first descent does not
        # finish within the budget there is no plan at all (random 10^4)
        if name != "minimalloc" or "failed to find a solution" not in str(err):
            raise
        return None, {"no_plan": str(err)}
    for a in placed:
        offsets[a.id] = a.offset
    return offsets, {}


def _cases():
    for name in PROBLEMS:
        for packer in FAST:
            yield pytest.param(name, packer, id=f"{name}-{packer}")
        for packer in SLOW:
            yield pytest.param(name, packer, id=f"{name}-{packer}", marks=pytest.mark.slow)


@pytest.mark.parametrize("name,packer", list(_cases()))
def test_search_quality(benchmark, name: str, packer: str) -> None:
    s, e, z, alignment = problem(name)
    n = int(z.shape[0])
    benchmark.group = f"search {name} (n={n})"
    benchmark.extra_info.update(problem=name, packer=packer, tool=packer.split("-")[0], n=n)
    info: dict = {}
    if packer.startswith("omnimalloc-minimalloc"):
        try:
            import minimalloc  # noqa: F401  # omnimalloc's minimalloc allocator wraps google/minimalloc
        except ImportError:
            # not on PyPI (omnimalloc says: pip install git+https://github.com/google/minimalloc.git)
            benchmark.extra_info.update(not_run="the minimalloc package (google/minimalloc, git only; README "
                                        "'Exact search' says how it was built) is not installed")
            benchmark.pedantic(lambda: None, rounds=1, iterations=1)
            return

    def once():
        # CPU beside wall: the budgets are wall clock on a shared machine, so
        # a solver's CPU share says how much of its budget it really had
        cpu0 = time.process_time()
        offsets, extra = run_packer(packer, s, e, z, alignment)
        info.update(extra, cpu=round(time.process_time() - cpu0, 3))
        return offsets

    offsets = benchmark.pedantic(once, rounds=1, iterations=1)
    if offsets is None:
        benchmark.extra_info.update(info)
        return
    validate(s, e, z, offsets, alignment=alignment)
    total = int((offsets + z).max()) if n else 0
    lb = lower_bound(s, e, z, alignment=alignment)
    benchmark.extra_info.update(info, total=total, lower_bound=lb, ratio=round(total / lb, 5) if lb else 1.0)
    assert total >= lb
    if "bound" in info:
        assert lb <= info["bound"] <= total
        assert info["optimal"] == (info["bound"] == total)


def table(path: str, cpu: bool = False) -> str:
    """The README's markdown table from a ``--benchmark-json`` file: ratio to
    the max-load bound per problem and packer (``*``: proven optimal; "no
    plan": none within the budget; "not run": solver absent), and in brackets
    each time-limited packer's wall time (``cpu``: its process CPU time, where
    recorded)."""
    data = json.loads(open(path).read())
    rows: dict[str, dict[str, str]] = {}
    cols: list[str] = []
    for b in data["benchmarks"]:
        x = b["extra_info"]
        if x["packer"] not in cols:
            cols.append(x["packer"])
        if "not_run" in x:
            rows.setdefault(x["problem"], {})[x["packer"]] = "not run"
            continue
        cell = "no plan" if "no_plan" in x else f"{x['ratio']:.4f}" + ("*" if x.get("optimal") else "")
        if x["packer"] != "fastalloc-best-fit":
            seconds = x.get("cpu") if cpu else b["stats"]["median"]
            cell += f" ({seconds:.1f} s)" if seconds is not None else ""
        rows.setdefault(x["problem"], {})[x["packer"]] = cell
    order = [c for c in FAST + SLOW if c in cols]
    out = ["| problem | " + " | ".join(order) + " |", "|---" * (len(order) + 1) + "|"]
    for p in PROBLEMS:
        if p in rows:
            out.append(f"| {p} | " + " | ".join(rows[p].get(c, "") for c in order) + " |")
    info = data.get("commit_info", {})
    out.append("")
    out.append(f"commit {str(info.get('id', '?'))[:10]}, {data.get('datetime', time.strftime('%Y-%m-%d'))[:16]} UTC")
    return "\n".join(out)


if __name__ == "__main__":
    print(table(sys.argv[1], cpu="--cpu" in sys.argv[2:]))
