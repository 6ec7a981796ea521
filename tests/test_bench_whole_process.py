"""bench.whole_process (issue #14's figure): it runs both tools on the same modules and reports every
work asked for, with a ratio to that round's iree-opt."""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

from bench import whole_process
from fastalloc.testing.iree import find_iree_opt

ROOT = Path(__file__).resolve().parents[1]


def _tree(tmp_path: Path, name: str) -> str:
    """A checkout as the bench sees one (TREE/.venv/bin/fastalloc, TREE/src/fastalloc): this test's own."""
    venv = Path(sys.prefix)
    if not (venv / "bin" / "fastalloc").exists():
        pytest.skip("the fastalloc command is not installed in this environment")
    tree = tmp_path / name
    tree.mkdir()
    (tree / ".venv").symlink_to(venv, target_is_directory=True)
    (tree / "src").symlink_to(ROOT / "src", target_is_directory=True)
    return str(tree)


@pytest.mark.iree
def test_reports_each_work_and_shape_with_ratios(tmp_path, capsys):
    iree = find_iree_opt()
    if iree is None:
        pytest.skip("iree-opt not found: pip install 'iree-base-compiler==3.13.0'")
    trees = [_tree(tmp_path, "a"), _tree(tmp_path, "b")]
    assert whole_process.main(["--trees", ",".join(trees), "--rounds", "2", "--n-ops", "300", "--iree-opt", iree,
                               "--pyc", str(tmp_path / "pyc")]) == 0
    out = capsys.readouterr().out
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| (\w+ \w+) \| (.*) \|$", out, re.M)}
    assert sorted(rows) == sorted(f"{w} {s}" for w in ("pp", "sa", "both") for s in ("single", "spread"))
    for key, cells in rows.items():
        parts = cells.split(" | ")
        assert len(parts) == 3, (key, cells)
        ratios = [float(x) for x in re.findall(r"\(([\d.]+)x\)", cells)]
        assert len(ratios) == 2 and all(0 < r < 100 for r in ratios), (key, cells)
    assert "(schedule-allocation above)" in rows["both single"]
    # the installed state: each tree's modules were byte-compiled under its own prefix
    assert any(p.suffix == ".pyc" for p in (tmp_path / "pyc" / "a").rglob("*.pyc"))


def test_rejects_unknown_work_and_same_named_trees(tmp_path):
    with pytest.raises(SystemExit):
        whole_process.main(["--trees", f"{tmp_path}/x/t,{tmp_path}/y/t"])
    with pytest.raises(SystemExit):
        whole_process.main(["--trees", str(tmp_path), "--work", "print"])
