"""IREE's own lit inputs for the two passes, differential against iree-opt 3.13.

``tests/lit/upstream/`` holds, unchanged, the inputs of IREE's
``schedule_allocation.mlir``, ``schedule_allocation_parameters.mlir`` and
``layout_slices.mlir`` tests (Apache-2.0 WITH LLVM-exception, see their
headers).  Every case (``// -----`` chunk) goes through fastalloc and through
iree-opt; both outputs are re-printed by iree-opt and must be identical.
The parameter cases are also run from their generic-form print
(``--mlir-print-op-generic``), which fastalloc reads on another path.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fastalloc.passes import run_passes
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT, find_iree_opt, iree_opt

pytestmark = [
    pytest.mark.iree,
    pytest.mark.skipif(find_iree_opt() is None, reason="iree-opt not found: pip install 'iree-base-compiler==3.13.0'"),
]

UPSTREAM = Path(__file__).parent / "lit" / "upstream"
LAYOUT_ONLY = (
    "builtin.module(util.initializer(iree-stream-layout-slices), util.func(iree-stream-layout-slices), "
    "func.func(iree-stream-layout-slices))"
)
SPLIT = ("--split-input-file",)
SEP = "\n// -----\n"

# file -> (iree-opt pipeline, fastalloc passes, number of cases)
CASES = {
    "schedule_allocation.mlir": (SCHEDULE_ALLOCATION, ["schedule-allocation"], 32),
    "schedule_allocation_parameters.mlir": (SCHEDULE_ALLOCATION, ["schedule-allocation"], 7),
    "layout_slices.mlir": (LAYOUT_ONLY, ["layout-slices"], 3),
}


def _chunks(text: str) -> list[str]:
    return [c for c in re.split(r"^// -----\s*$", text, flags=re.M) if c.strip()]


def _compare(text: str, pipeline: str, passes: list[str]) -> tuple[list[str], list[str]]:
    chunks = _chunks(text)
    theirs = _chunks(iree_opt(SEP.join(chunks), pipeline, args=SPLIT))
    ours = [run_passes(c, passes, filename=f"case{i}.mlir") for i, c in enumerate(chunks)]
    mine = _chunks(iree_opt(SEP.join(ours), None, args=SPLIT))
    assert len(theirs) == len(mine) == len(chunks)
    return [t.strip() for t in theirs], [m.strip() for m in mine]


@pytest.mark.parametrize("name", sorted(CASES))
def test_upstream_cases_identical_to_iree_opt(name):
    pipeline, passes, n = CASES[name]
    text = (UPSTREAM / name).read_text()
    assert len(_chunks(text)) == n
    theirs, mine = _compare(text, pipeline, passes)
    for k, (t, m) in enumerate(zip(theirs, mine)):
        assert m == t, f"{name} case {k} differs"


def test_upstream_cases_through_both_passes():
    """The whole pipeline (schedule-allocation, then layout-slices on all three
    anchors) on the schedule-allocation cases: the packs it makes, initializers
    included, are laid out as iree-opt lays them out."""
    text = (UPSTREAM / "schedule_allocation.mlir").read_text()
    theirs, mine = _compare(text, SCHEDULE_AND_LAYOUT, ["schedule-allocation", "layout-slices"])
    assert mine == theirs
    assert not any("stream.resource.pack" in t for t in theirs)


def test_upstream_parameter_cases_from_the_generic_print():
    text = (UPSTREAM / "schedule_allocation_parameters.mlir").read_text()
    generic = iree_opt(SEP.join(_chunks(text)), None, args=(*SPLIT, "--mlir-print-op-generic"))
    assert '"stream.async.parameter.gather"' in generic
    theirs, mine = _compare(generic, SCHEDULE_ALLOCATION, ["schedule-allocation"])
    assert mine == theirs
    assert all("stream.cmd.parameter." in m and "stream.async.parameter." not in m for m in mine)
