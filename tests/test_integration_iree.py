"""fastalloc inside IREE's own Python bindings (iree-base-compiler 3.13).

The layout pass runs inside a real ``iree.compiler.passmanager.PassManager``
after IREE's own schedule-allocation.  With strategy "iree" the module must
be the text iree-opt's full pipeline (schedule-allocation + layout-slices)
prints; with "best-fit" it must be what fastalloc's layout-slices makes of
iree-opt's schedule-allocation output, and IREE passes after it must accept
the result.  Both sides are re-printed by iree-opt before comparison.
"""

from __future__ import annotations

import pytest
from iree.compiler import ir
from iree.compiler.passmanager import PassManager

from fastalloc.errors import FastallocError
from fastalloc.integrations import iree_pm
from fastalloc.ir import parse
from fastalloc.passes import run_passes
from fastalloc.passes.layout_slices import layout_slices
from fastalloc.testing.generator import generate_module
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT, iree_opt, reprint

SEEDS = [0, 1, 5]


def _in_pass_manager(text: str, strategy: str, tail: str | None = None) -> ir.Module:
    ctx = ir.Context()
    module = ir.Module.parse(text, ctx)
    pm = PassManager.parse("builtin.module(iree-stream-schedule-allocation)", ctx)
    iree_pm.add_layout_slices(pm, pack_strategy=strategy)
    if tail:
        pm.add(tail)
    pm.run(module.operation)
    assert module.operation.verify()
    return module


@pytest.mark.parametrize("seed", SEEDS)
def test_iree_strategy_matches_iree_opt_pipeline(seed):
    text = generate_module(seed, n_ops=30)
    module = _in_pass_manager(text, "iree")
    assert reprint(iree_pm.to_text(module)) == iree_opt(text, SCHEDULE_AND_LAYOUT)


@pytest.mark.parametrize("seed", SEEDS)
def test_best_fit_matches_fastalloc_layout_slices(seed):
    text = generate_module(seed, n_ops=30)
    scheduled = iree_opt(text, SCHEDULE_ALLOCATION)
    ours = parse(scheduled)
    layout_slices(ours, "best-fit")
    module = _in_pass_manager(text, "best-fit")
    assert reprint(iree_pm.to_text(module)) == reprint(str(ours))


def test_rest_of_iree_pipeline_accepts_the_output():
    text = generate_module(3, n_ops=30)
    module = _in_pass_manager(text, "best-fit", tail="canonicalize, cse")
    out = str(module)
    # Packs inside util.func bodies are gone (util.initializer is not an
    # anchor of layout-slices, as in IREE's pipeline).
    assert out.count("stream.resource.pack") < iree_opt(text, SCHEDULE_ALLOCATION).count("stream.resource.pack")
    assert "stream.cmd.execute" in out


def test_pass_on_a_nested_anchor_fails_with_a_diagnostic():
    ctx = ir.Context()
    module = ir.Module.parse(generate_module(2, n_ops=20), ctx)
    pm = PassManager("util.func", ctx)
    iree_pm.add_layout_slices(pm, "iree")
    fn = next(op for op in module.body.operations if op.operation.name == "util.func")
    with pytest.raises(ir.MLIRError, match="fastalloc-layout-slices runs on builtin.module, not util.func"):
        pm.run(fn.operation)


def test_bad_strategy_is_refused_before_the_pipeline_runs():
    with pytest.raises(FastallocError, match="strategy"):
        iree_pm.layout_slices_pass("no-such-packer")


def test_run_passes_on_ir_module_returns_ir_module():
    text = generate_module(4, n_ops=30)
    ctx = ir.Context()
    module = ir.Module.parse(text, ctx)
    before = str(module)
    out = iree_pm.run_passes(module, pack_strategy="best-fit")
    assert isinstance(out, ir.Module)
    assert out.context is ctx
    assert str(module) == before  # the input is left alone
    want = run_passes(text, ["schedule-allocation", "layout-slices"], pack_strategy="best-fit")
    assert reprint(iree_pm.to_text(out)) == reprint(want)
    # Text in, text out.
    assert iree_pm.run_passes(text, pack_strategy="best-fit") == want


def test_to_and_from_fastalloc_round_trip():
    text = generate_module(6, n_ops=30)
    ctx = ir.Context()
    module = ir.Module.parse(text, ctx)
    fa = iree_pm.to_fastalloc(module)
    assert any(op.name == "util.func" for op in fa.ops)
    back = iree_pm.from_fastalloc(fa, ctx)
    assert str(back) == str(module)


def test_module_without_packs_is_left_untouched():
    text = """
    util.func public @f(%arg0: index) -> index {
      %c1 = arith.constant 1 : index
      %0 = arith.addi %arg0, %c1 : index loc("kept.py":7:3)
      util.return %0 : index
    }
    """
    ctx = ir.Context()
    module = ir.Module.parse(text, ctx)
    before = module.operation.get_asm(enable_debug_info=True)
    pm = PassManager("builtin.module", ctx)
    iree_pm.add_layout_slices(pm, "best-fit")
    pm.run(module.operation)
    # No round trip through text: even the location is still there.
    assert module.operation.get_asm(enable_debug_info=True) == before
    assert 'loc("kept.py":7:3)' in before


def test_top_level_run_passes_takes_and_returns_an_iree_module():
    """fastalloc.run_passes accepts an iree.compiler.ir.Module and gives one back
    (same context), equal to the text path; the input module is unchanged."""
    from iree.compiler import ir

    import fastalloc

    text = generate_module(3, n_ops=40)
    ctx = ir.Context()
    module = ir.Module.parse(text, ctx)
    before = str(module)
    out = fastalloc.run_passes(module, ["schedule-allocation", "layout-slices"], pack_strategy="best-fit")
    assert isinstance(out, ir.Module) and out.context is ctx
    assert str(module) == before
    expected = fastalloc.run_passes(text, ["schedule-allocation", "layout-slices"], pack_strategy="best-fit")
    assert reprint(str(out)) == reprint(expected)


@pytest.mark.parametrize("strategy", ["iree", "best-fit"])
def test_module_attributes_survive_the_pass(strategy):
    """Issue #15 item 3: every module iree-compile makes has module attributes
    (``stream.affinity.default``, ...); the pass used to crash moving them."""
    from pathlib import Path

    import fastalloc

    example = (Path(fastalloc.__file__).parent / "examples" / "example.mlir").read_text()
    aliases = "\n".join(line for line in example.splitlines() if line.startswith(("#", "!")))
    body = "\n".join(line for line in example.splitlines() if not line.startswith(("#", "!")))
    text = f"{aliases}\nmodule attributes {{my.attr = 1 : i32, other.attr = \"x\"}} {{\n{body}\n}}\n"
    module = _in_pass_manager(text, strategy)
    attrs = dict(module.operation.attributes.items())
    assert str(attrs["my.attr"]) == "1 : i32"
    assert str(attrs["other.attr"]) == '"x"'
    out = iree_pm.to_text(module)
    assert "stream.resource.pack" not in out
    if strategy == "iree":
        assert reprint(out) == iree_opt(text, SCHEDULE_AND_LAYOUT)
