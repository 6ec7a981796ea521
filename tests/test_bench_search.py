"""bench/bench_search.py's own logic: the README table it writes from a
``--benchmark-json`` file (ratios, proofs, "not run", "no plan", wall or CPU
seconds) and how a packer's failure to find any plan is told apart from a
real error.  No timing is asserted."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import bench_search  # noqa: E402
from fastalloc.packing import validate  # noqa: E402


def _bench(problem: str, packer: str, median: float, **extra) -> dict:
    return {"stats": {"median": median}, "extra_info": {"problem": problem, "packer": packer, **extra}}


@pytest.fixture()
def run_json(tmp_path: Path) -> str:
    data = {
        "datetime": "2026-12-02T07:00:00",
        "commit_info": {"id": "0123456789abcdef"},
        "benchmarks": [
            _bench("A.1048576", "fastalloc-best-fit", 0.01, ratio=1.27151),
            _bench("A.1048576", "fastalloc-search-3s", 2.31, ratio=1.0, optimal=True, cpu=1.06),
            _bench("A.1048576", "omnimalloc-supermalloc-3s", 3.02, ratio=1.05371, cpu=1.2),
            _bench("A.1048576", "omnimalloc-minimalloc-3s", 3.04, ratio=1.01468, cpu=1.17),
            _bench("random-10000", "fastalloc-search-3s", 0.2, ratio=1.0, optimal=True, cpu=0.1),
            _bench("random-10000", "omnimalloc-minimalloc-3s", 4.5, no_plan="failed", cpu=1.9),
            _bench("G_1", "omnimalloc-minimalloc-3s", 0.0, not_run="absent"),
            # old files (before CPU was recorded) still give a table
            _bench("G_1", "omnimalloc-supermalloc-3s", 0.12, ratio=1.0),
        ],
    }
    path = tmp_path / "search.json"
    path.write_text(json.dumps(data))
    return str(path)


def _rows(text: str) -> dict[str, list[str]]:
    lines = [ln for ln in text.splitlines() if ln.startswith("| ")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    return {head[0]: head[1:]} | {
        cells[0]: cells[1:] for cells in ([c.strip() for c in ln.strip("|").split("|")] for ln in lines[1:])
    }


def test_table_wall_seconds(run_json: str) -> None:
    rows = _rows(bench_search.table(run_json))
    assert rows["problem"] == [
        "fastalloc-best-fit", "fastalloc-search-3s", "omnimalloc-supermalloc-3s", "omnimalloc-minimalloc-3s"]
    assert rows["A.1048576"] == ["1.2715", "1.0000* (2.3 s)", "1.0537 (3.0 s)", "1.0147 (3.0 s)"]
    assert rows["random-10000"] == ["", "1.0000* (0.2 s)", "", "no plan (4.5 s)"]
    assert rows["G_1"] == ["", "", "1.0000 (0.1 s)", "not run"]
    # problems in the table's fixed order, not the file's
    assert list(rows)[1:] == ["A.1048576", "G_1", "random-10000"]
    assert bench_search.table(run_json).splitlines()[-1] == "commit 0123456789, 2026-12-02T07:00 UTC"


def test_table_cpu_seconds(run_json: str) -> None:
    rows = _rows(bench_search.table(run_json, cpu=True))
    assert rows["A.1048576"] == ["1.2715", "1.0000* (1.1 s)", "1.0537 (1.2 s)", "1.0147 (1.2 s)"]
    assert rows["random-10000"] == ["", "1.0000* (0.1 s)", "", "no plan (1.9 s)"]
    assert rows["G_1"] == ["", "", "1.0000", "not run"]


class _Raising:
    """Stands in for an omnimalloc allocator class; ``allocate`` is patched."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout


@pytest.mark.parametrize(
    "packer,message,no_plan",
    [
        ("omnimalloc-minimalloc-3s", "Minimalloc failed to find a solution", True),
        ("omnimalloc-minimalloc-15s", "something else broke", False),
        ("omnimalloc-supermalloc-3s", "Minimalloc failed to find a solution", False),
    ],
)
def test_run_packer_no_plan_only_for_minimalloc_giving_up(monkeypatch, packer: str, message: str,
                                                          no_plan: bool) -> None:
    import omnimalloc
    from omnimalloc.allocators import BaseAllocator

    def fail(allocs, allocator):
        assert allocator.timeout == float(packer.rsplit("-", 1)[1].rstrip("s"))
        raise RuntimeError(message)

    monkeypatch.setattr(BaseAllocator, "get", staticmethod(lambda name: _Raising))
    monkeypatch.setattr(omnimalloc, "allocate", fail)
    s = np.array([0, 1], dtype=np.int64)
    e = np.array([1, 2], dtype=np.int64)
    z = np.array([4, 4], dtype=np.int64)
    if no_plan:
        offsets, extra = bench_search.run_packer(packer, s, e, z, 1)
        assert offsets is None and extra == {"no_plan": message}
    else:
        with pytest.raises(RuntimeError, match=message):
            bench_search.run_packer(packer, s, e, z, 1)


def test_run_packer_supermalloc_plan_is_valid() -> None:
    # inclusive ends here, half-open in omnimalloc: 0 and 1 overlap at time 1, 2 starts after 1 ends
    s = np.array([0, 1, 2], dtype=np.int64)
    e = np.array([1, 1, 3], dtype=np.int64)
    z = np.array([8, 4, 8], dtype=np.int64)
    offsets, extra = bench_search.run_packer("omnimalloc-supermalloc-3s", s, e, z, 1)
    assert extra == {}
    validate(s, e, z, offsets, alignment=1)
    assert int((offsets + z).max()) == 12
