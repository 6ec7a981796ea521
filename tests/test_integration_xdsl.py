"""fastalloc's xDSL passes, through ``xdsl-opt`` itself and through the API.

The input is a generated stream module in MLIR's generic form (iree-opt
--mlir-print-op-generic), the only form in which xDSL reads unregistered ops.
xDSL's output is re-printed by iree-opt and compared with iree-opt's own
pipeline (strategy "iree") and with fastalloc's own passes (best-fit).
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.universe import Universe

from fastalloc.errors import FastallocError
from fastalloc.integrations.xdsl_pass import FastallocLayoutSlices, FastallocScheduleAllocation
from fastalloc.ir.generic import _cmd_func_generic
from fastalloc.passes import run_passes
from fastalloc.testing.generator import generate_module
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT, iree_opt, reprint

GENERIC = ("--mlir-print-op-generic",)


def _xdsl_opt() -> str:
    beside = Path(sys.executable).with_name("xdsl-opt")
    exe = str(beside) if beside.exists() else shutil.which("xdsl-opt")
    assert exe, "xdsl-opt not found: pip install 'fastalloc[xdsl]'"
    return exe


@functools.cache
def _generic(seed: int, n_ops: int = 20) -> str:
    return iree_opt(generate_module(seed, n_ops=n_ops), None, args=GENERIC)


@functools.cache
def _iree_both(text: str) -> str:
    """iree-opt's schedule-allocation + layout-slices on ``text``."""
    return iree_opt(text, SCHEDULE_AND_LAYOUT)


def _run_xdsl_opt(text: str, pipeline: str, tmp_path: Path, *extra: str) -> str:
    src = tmp_path / "in.mlir"
    src.write_text(text)
    proc = subprocess.run(
        [_xdsl_opt(), "--allow-unregistered-dialect", "--print-op-generic", *extra, "-p", pipeline, str(src)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_entry_point_registers_the_passes():
    passes = Universe.get_multiverse().all_passes
    assert passes["fastalloc-schedule-allocation"]() is FastallocScheduleAllocation
    assert passes["fastalloc-layout-slices"]() is FastallocLayoutSlices


_SEEDS = [0, 1, 2, 3]


@pytest.fixture(scope="module")
def xdsl_iree_outputs(tmp_path_factory) -> list[str]:
    """xdsl-opt with IREE's packer on the modules of every seed, in one run
    (``--split-input-file``: one interpreter start instead of one per seed)."""
    texts = [_generic(seed) for seed in _SEEDS]
    out = _run_xdsl_opt("\n// -----\n".join(texts), 'fastalloc-schedule-allocation{pack-strategy="iree"}',
                        tmp_path_factory.mktemp("xdsl"), "--split-input-file")
    parts = out.split("// -----")
    assert len(parts) == len(texts), out[-2000:]
    return parts


@pytest.mark.parametrize("k", range(len(_SEEDS)), ids=[str(s) for s in _SEEDS])
def test_xdsl_opt_iree_strategy_matches_iree_opt(k, xdsl_iree_outputs):
    out = xdsl_iree_outputs[k]
    assert "stream.cmd.execute" in out and "stream.async.execute" not in out
    assert reprint(out) == _iree_both(_generic(_SEEDS[k]))


def test_xdsl_opt_best_fit_matches_fastalloc(tmp_path):
    text = _generic(1)
    out = _run_xdsl_opt(text, 'fastalloc-schedule-allocation{pack-strategy="best-fit"}', tmp_path)
    want = run_passes(text, ["schedule-allocation", "layout-slices"], pack_strategy="best-fit")
    assert reprint(out) == reprint(want)


def test_xdsl_opt_layout_only_and_schedule_only(tmp_path):
    text = _generic(4)
    scheduled = _run_xdsl_opt(text, "fastalloc-schedule-allocation{layout=false}", tmp_path)
    assert reprint(scheduled) == iree_opt(text, SCHEDULE_ALLOCATION)
    laid = _run_xdsl_opt(scheduled, 'fastalloc-layout-slices{pack-strategy="iree"}', tmp_path)
    assert reprint(laid) == _iree_both(text)


def test_module_pass_api_rewrites_the_module_in_place():
    text = _generic(4)
    ctx = Context(allow_unregistered=True)
    ctx.load_dialect(Builtin)
    module = Parser(ctx, text).parse_module()
    FastallocScheduleAllocation(pack_strategy="best-fit", default_alignment=256).apply(ctx, module)
    module.verify()
    buf = io.StringIO()
    Printer(stream=buf, print_generic_format=True).print_op(module)
    want = run_passes(
        text, ["schedule-allocation", "layout-slices"], pack_strategy="best-fit", default_alignment=256
    )
    assert reprint(buf.getvalue()) == reprint(want)


def test_context_without_unregistered_ops_is_refused():
    ctx = Context(allow_unregistered=True)
    ctx.load_dialect(Builtin)
    module = Parser(ctx, _generic(0, n_ops=10)).parse_module()
    strict = Context()
    with pytest.raises(FastallocError, match="allow-unregistered-dialect"):
        FastallocLayoutSlices().apply(strict, module)


def test_cmd_func_declaration_in_generic_form():
    pretty = (
        "stream.cmd.func private @f(%arg0: i32 {a.b}, %arg1[%arg2 for %arg3]: !stream.resource<*>) "
        '-> (index {r.x = 1 : i64}, i32) attributes {c.d = "x, y"}'
    )
    got = _cmd_func_generic(pretty)
    assert got == (
        '"stream.cmd.func"() <{arg_attrs = [{a.b}, {}, {}, {}], '
        "function_type = (i32, !stream.resource<*>, index, index) -> (index, i32), "
        'res_attrs = [{r.x = 1 : i64}, {}], sym_name = "f", sym_visibility = "private"}> ({\n'
        '}) {c.d = "x, y"} : () -> ()'
    )
    # iree-opt reads it back as the declaration it prints in pretty form.
    module = f'builtin.module {{\n  {got}\n}}\n'
    assert "stream.cmd.func private @f(%arg0: i32 {a.b}, %arg1[%arg2 for %arg3]: !stream.resource<*>)" in reprint(module)


def test_output_avoids_iree_printer_quirk():
    # iree-opt 3.13 prints `alias_mutable_bindings = 0`, which its parser
    # rejects; xDSL keeps attribute text verbatim, so the pass writes `false`.
    from importlib.resources import files

    text = iree_opt(files("fastalloc").joinpath("examples/example.mlir").read_text(), None, args=GENERIC)
    text = text.replace("alias_mutable_bindings = false", "alias_mutable_bindings = 0")
    ctx = Context(allow_unregistered=True)
    ctx.load_dialect(Builtin)
    module = Parser(ctx, text).parse_module()
    FastallocScheduleAllocation().apply(ctx, module)
    buf = io.StringIO()
    Printer(stream=buf, print_generic_format=True).print_op(module)
    out = buf.getvalue()
    assert "alias_mutable_bindings = 0" not in out
    assert "alias_mutable_bindings = false" in out


def test_named_module_with_attributes_keeps_them():
    text = "module @m attributes {foo.bar = 3 : i32} {\n" + generate_module(0, n_ops=15) + "\n}\n"
    generic = iree_opt(text, None, args=GENERIC)
    ctx = Context(allow_unregistered=True)
    ctx.load_dialect(Builtin)
    module = Parser(ctx, generic).parse_module()
    FastallocScheduleAllocation().apply(ctx, module)
    assert module.sym_name is not None and module.sym_name.data == "m"
    assert "foo.bar" in module.attributes
    buf = io.StringIO()
    Printer(stream=buf, print_generic_format=True).print_op(module)
    assert reprint(buf.getvalue()) == iree_opt(text, SCHEDULE_AND_LAYOUT)


def test_fastalloc_opt_print_op_generic_is_read_by_xdsl_opt(tmp_path):
    """fastalloc's own --print-op-generic output (after both passes, which make
    index arithmetic and cmd ops) is entirely generic: xdsl-opt reads it."""
    example = Path(__file__).resolve().parents[1] / "src" / "fastalloc" / "examples" / "example.mlir"
    text = example.read_text()
    src = tmp_path / "in.generic.mlir"
    src.write_text(iree_opt(text, args=GENERIC))
    out = tmp_path / "out.mlir"
    r = subprocess.run([sys.executable, "-m", "fastalloc", "opt", str(src), "--passes",
                        "schedule-allocation,layout-slices", "--print-op-generic", "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    printed = out.read_text()
    assert '"util.align"' in printed or '"arith.addi"' in printed or '"arith.constant"' in printed
    x = subprocess.run([_xdsl_opt(), "--allow-unregistered-dialect", str(out)], capture_output=True, text=True)
    assert x.returncode == 0, x.stderr
    # and it is the same program as the pretty output
    assert reprint(printed) == reprint(run_passes(text, ["schedule-allocation", "layout-slices"]))
