"""Spacing of ops fastalloc keeps as text or builds itself, against iree-opt 3.13.

Whitespace is insignificant to MLIR, so the conformance tests (which compare
after re-printing through iree-opt) cannot see it; these tests compare the
text itself: uninterpreted ops re-emitted from their tokens, and the index
arithmetic the passes build, must be spaced as iree-opt prints them.
"""

from __future__ import annotations

import re

import pytest

from fastalloc import run_passes
from fastalloc.ir import parse
from fastalloc.passes import PassContext, PassOptions, get_pass
from fastalloc.testing.generator import GenConfig, generate_module
from fastalloc.testing.iree import reprint

# Each line is already in iree-opt's canonical form (names %argN / %N, as its
# printer assigns them), so the reference print of the module is the module.
CANONICAL = """\
module {
  func.func @f(%arg0: memref<4xf32>, %arg1: index) -> f32 {
    %0 = memref.load %arg0[%arg1] : memref<4xf32>
    return %0 : f32
  }
  stream.cmd.func private @callee(%arg0: index, %arg1: i32)
}
"""

# A run of spaces inside a line (indentation excluded).
_INNER_SPACES = re.compile(r"\S {2,}")


def test_text_ops_print_as_written():
    assert str(parse(CANONICAL)) == CANONICAL


@pytest.mark.iree
def test_canonical_module_is_iree_opts_print():
    assert reprint(CANONICAL).rstrip("\n") == CANONICAL.rstrip("\n")


def test_declaration_argument_names_take_the_colon():
    text = "stream.cmd.func private @g(%x: index, %y[%o for %n]: !stream.resource<*>)\n"
    out = str(parse(text))
    assert "%x: index" in out
    assert "%y[%o for %n]" in out


@pytest.mark.parametrize("shape", ["single", "spread"])
def test_pass_output_has_no_runs_of_spaces(shape):
    text = generate_module(5, n_ops=400, config=GenConfig(shape=shape))
    m = parse(text)
    options, context = PassOptions(), PassContext()
    for name in ("schedule-allocation", "layout-slices"):
        get_pass(name).run(m, options, context)
    for generic in (False, True):
        out = m.print(generic=generic)
        bad = [line for line in out.splitlines() if _INNER_SPACES.search(line)]
        assert bad == [], bad[:3]
        if not generic:
            assert "arith.addi %" in out


@pytest.mark.iree
def test_built_index_arithmetic_is_spaced_like_iree_opt():
    text = generate_module(5, n_ops=400, config=GenConfig(shape="spread"))
    out = run_passes(text, ["schedule-allocation"])
    mine = [line.strip() for line in out.splitlines() if "arith.addi" in line]
    assert mine
    ref = {line.strip() for line in reprint(out).splitlines() if "arith.addi" in line}
    # iree-opt renames values, so compare the shape: the op, its operands and type.
    shape = re.compile(r"%[\w#]+")
    assert {shape.sub("%v", line) for line in mine} == {shape.sub("%v", line) for line in ref}
