"""schedule-allocation on ``stream.async.parameter.*`` and on ops it cannot convert.

The parameter ops stand beside execution regions; IREE 3.13 rewrites each into
its ``stream.cmd.parameter.*`` op.  The hand-written cases of
``tests/lit/schedule_allocation/parameters.mlir`` (affinities, awaits, no
scope, attributes, a read feeding an execute, ops nested in ``scf.if``) are
compared with iree-opt in both printed forms and through both passes (the
pretty form is also part of tests/test_schedule_allocation.py's corpus).
An op the pass cannot convert is an error located at that op, never passed
through.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from fastalloc.errors import FastallocError
from fastalloc.ir import parse
from fastalloc.passes import run_passes
from fastalloc.passes.parameters import PARAMETER_OPS, read_op
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT, find_iree_opt, iree_opt

needs_iree = pytest.mark.skipif(
    find_iree_opt() is None, reason="iree-opt not found: pip install 'iree-base-compiler==3.13.0'"
)

LIT = Path(__file__).parent / "lit" / "schedule_allocation" / "parameters.mlir"
SPLIT = ("--split-input-file",)
SEP = "\n// -----\n"


def _chunks(text: str) -> list[str]:
    return [c.strip() for c in re.split(r"^// -----\s*$", text, flags=re.M) if c.strip()]


def _differential(text: str, pipeline: str, passes: list[str]) -> list[str]:
    chunks = _chunks(text)
    theirs = _chunks(iree_opt(SEP.join(chunks), pipeline, args=SPLIT))
    ours = [run_passes(c, passes, filename="parameters.mlir") for c in chunks]
    mine = _chunks(iree_opt(SEP.join(ours), None, args=SPLIT))
    assert mine == theirs
    return mine


@pytest.mark.parametrize("generic", [False, True], ids=["pretty", "generic"])
@pytest.mark.parametrize(
    "pipeline, passes",
    [(SCHEDULE_ALLOCATION, ["schedule-allocation"]), (SCHEDULE_AND_LAYOUT, ["schedule-allocation", "layout-slices"])],
    ids=["schedule", "schedule+layout"],
)
@pytest.mark.iree
@needs_iree
def test_parameter_cases_identical_to_iree_opt(pipeline, passes, generic):
    text = LIT.read_text()
    if generic:
        text = iree_opt(SEP.join(_chunks(text)), None, args=(*SPLIT, "--mlir-print-op-generic"))
        assert '"stream.async.parameter.load"' in text
    mine = _differential(text, pipeline, passes)
    joined = "\n".join(mine)
    for kind in ("load", "read", "write", "gather", "scatter"):
        assert f"stream.cmd.parameter.{kind}" in joined
    assert "stream.async.parameter" not in joined
    assert "some.attr" not in joined  # IREE drops discardable attributes


def test_every_async_parameter_op_is_read():
    """Both spellings of each op read to the same parts."""
    text = LIT.read_text()
    module = parse(_chunks(text)[2], "p.mlir")
    ops = [op for op in module.walk() if op.name in PARAMETER_OPS]
    assert [op.name.rsplit(".", 1)[1] for op in ops] == ["gather", "scatter"]
    gather = read_op(ops[0])
    assert gather.scope is None and len(gather.keys) == 2
    assert [v.name_hint for v in gather.keys] == ["key0", "key1"]
    assert [v.name_hint for v in gather.r_offsets] == ["c0", "c64"]
    assert gather.resource is not None and gather.resource.name_hint == "res"
    assert gather.type == "!stream.resource<transient>" and gather.size.name_hint == "c128"


@pytest.mark.iree
@needs_iree
def test_output_in_generic_form_is_the_same_program():
    """``--print-op-generic`` prints the cmd parameter ops generically too
    (for tools that read only that form), and it is the same program."""
    from fastalloc.passes.schedule_allocation import schedule_allocation

    for chunk in _chunks(LIT.read_text()):
        module = parse(chunk, "p.mlir")
        schedule_allocation(module)
        generic, pretty = module.print(generic=True), module.print()
        assert re.search(r'"stream\.cmd\.parameter\.\w+"\(', generic)
        assert "= stream.cmd.parameter." not in generic
        assert iree_opt(generic) == iree_opt(pretty)


# -- what the pass cannot convert: a located error, nothing rewritten ------------

BAD_PARAMETER = """\
util.func public @f(%key: !util.buffer) -> !stream.timepoint {
  %c1024 = arith.constant 1024 : index
  %r, %r_tp = stream.async.parameter.load %key : !stream.resource<constant>{%c1024} => !stream.timepoint
  util.return %r_tp : !stream.timepoint
}
"""

PARAMETER_IN_EXECUTE = """\
util.func public @f(%in: !stream.resource<external>, %n: index, %key: !util.buffer) -> (!stream.resource<external>, !stream.timepoint) {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %r, %rt = stream.async.execute with(%in as %a: !stream.resource<external>{%n}) -> (%in as !stream.resource<external>{%n}) {
    %p, %pt = stream.async.parameter.read %key[%c0_i64] -> %a[%c0 to %n for %n] : !stream.resource<external>{%n} => !stream.timepoint
    stream.yield %p : !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %r, %rt : !stream.resource<external>, !stream.timepoint
}
"""

UNKNOWN_ASYNC_IN_EXECUTE = PARAMETER_IN_EXECUTE.replace(
    "stream.async.parameter.read %key[%c0_i64] -> %a[%c0 to %n for %n] : !stream.resource<external>{%n} => !stream.timepoint",
    "stream.async.frobnicate %a : !stream.resource<external>{%n}",
)


def test_unreadable_parameter_op_is_a_located_error():
    with pytest.raises(FastallocError) as info:
        run_passes(BAD_PARAMETER, ["schedule-allocation"], filename="bad.mlir")
    err = info.value
    assert str(err.loc) == "bad.mlir:3:15"
    assert "cannot convert stream.async.parameter.load" in err.message


def test_unconvertible_op_in_an_execution_region_is_a_located_error():
    with pytest.raises(FastallocError) as info:
        run_passes(PARAMETER_IN_EXECUTE, ["schedule-allocation"], filename="bad.mlir")
    err = info.value
    # Located at the region (as iree-opt reports it), naming the op and its place.
    assert str(err.loc) == "bad.mlir:4:13"
    assert "unhandled async op stream.async.parameter.read at bad.mlir:5:" in err.message


def test_unknown_op_in_an_execution_region_is_rejected_by_the_parser():
    # An op no dialect registers never reaches the pass: iree-opt 3.13 rejects
    # it while parsing ("custom op '...' is unknown", at the op), and so does
    # fastalloc, so no pass ever sees an op it cannot classify.
    with pytest.raises(FastallocError) as info:
        run_passes(UNKNOWN_ASYNC_IN_EXECUTE, ["schedule-allocation"], filename="bad.mlir")
    err = info.value
    assert str(err.loc) == "bad.mlir:5:15"
    assert err.message == "custom op 'stream.async.frobnicate' is unknown"


def test_cli_exits_1_and_writes_nothing(tmp_path: Path):
    src = tmp_path / "bad.mlir"
    src.write_text(BAD_PARAMETER)
    out = tmp_path / "out.mlir"
    r = subprocess.run(
        [sys.executable, "-m", "fastalloc", "opt", "--passes", "schedule-allocation", str(src), "-o", str(out)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 1
    assert f"{src}:3:15: error: cannot convert stream.async.parameter.load" in r.stderr
    assert not out.exists()


def test_parameter_ops_share_the_prefix_schedule_allocation_imports_them_by():
    # schedule-allocation imports fastalloc.passes.parameters only when an op name has this prefix
    from fastalloc.passes.parameters import PARAMETER_OPS
    from fastalloc.passes.schedule_allocation import _PARAMETER_PREFIX

    assert PARAMETER_OPS and all(name.startswith(_PARAMETER_PREFIX) for name in PARAMETER_OPS)
