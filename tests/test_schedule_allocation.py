"""schedule-allocation against iree-opt 3.13, plus its two known defects.

Differential: for every case, ``reprint(ours) == reprint(iree-opt's)``.  The
cases are the ``// -----`` chunks of tests/lit/schedule_allocation (one per
behaviour) and generated modules (``fastalloc.testing.generator``).  iree-opt
starts slowly, so each side is computed for all cases at once with
``--split-input-file``; each case is still its own test.
"""

from __future__ import annotations

import difflib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fastalloc.errors import FastallocError
from fastalloc.passes import run_passes
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, IreeOptError, iree_opt, reprint

LIT = Path(__file__).parent / "lit" / "schedule_allocation"
SEP = "\n// -----\n"
PASS = ["schedule-allocation"]


def _lit_cases() -> list:
    out = []
    for path in sorted(LIT.glob("*.mlir")):
        for i, chunk in enumerate(path.read_text().split(SEP)):
            out.append(pytest.param(chunk, id=f"{path.stem}-{i}"))
    return out


def _generated_cases() -> list:
    from fastalloc.testing.generator import GenConfig, generate_module

    # Single-device programs here; two-device ones (the affinity analysis)
    # are compared with iree-opt in tests/test_affinity.py.
    cfg = GenConfig(affinities=False)
    small = [pytest.param(generate_module(s, n_ops=12 + s % 40, config=cfg), id=f"gen-{s}") for s in range(150)]
    big = [pytest.param(generate_module(1000 + s, n_ops=400, config=cfg), id=f"gen-big-{s}") for s in range(4)]
    return small + big


LIT_CASES = _lit_cases()
GEN_CASES = _generated_cases()
ALL = LIT_CASES + GEN_CASES


def _split(text: str, n: int) -> list[str]:
    parts = [p.strip() for p in text.split("// -----")]
    assert len(parts) == n, f"expected {n} chunks, got {len(parts)}"
    return parts


@pytest.fixture(scope="module")
def compared() -> dict[str, tuple[str, str]]:
    """Case text -> (iree-opt's output, ours), both re-printed by iree-opt."""
    texts = [p.values[0] for p in ALL]
    theirs = _split(iree_opt(SEP.join(texts), SCHEDULE_ALLOCATION, args=("--split-input-file",)), len(texts))
    ours = [run_passes(t, PASS) for t in texts]
    ours = _split(reprint(SEP.join(ours), args=("--split-input-file",)), len(texts))
    theirs = _split(reprint(SEP.join(theirs), args=("--split-input-file",)), len(texts))
    return {t: (a, b) for t, a, b in zip(texts, theirs, ours)}


@pytest.mark.parametrize("text", ALL)
def test_matches_iree_opt(text: str, compared) -> None:
    theirs, ours = compared[text]
    if ours != theirs:
        diff = "".join(difflib.unified_diff(theirs.splitlines(True), ours.splitlines(True), "iree-opt", "fastalloc"))
        pytest.fail(f"output differs from iree-opt 3.13:\n{diff}")


# -- behaviours visible in the output (beyond equality) -----------------------


def test_lit_cases_exercise_every_behaviour() -> None:
    """The hand-written cases really contain what they are named for."""
    out = "\n".join(run_passes(p.values[0], PASS) for p in LIT_CASES)
    for needle in [
        "stream.resource.constants",  # hoisted uploads
        "stream.resource.subview",  # tied subviews and packed results
        "stream.resource.pack",  # transients and result packs
        "stream.resource.dealloca",  # transient release
        "stream.cmd.execute once",  # initializer
        "stream.cmd.concurrent",  # waves
        "stream.resource.load",  # async.load outside regions
        "stream.resource.store",
        "stream.timepoint.join",
    ]:
        assert needle in out, needle
    assert "stream.async." not in out


# -- known defects of iree-opt 3.13 --------------------------------------------

NESTED_CONSTANT = """
util.func public @f(%arg0: !stream.resource<external>, %n: index) -> (!stream.resource<external>, !stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r:2, %t = stream.async.execute with(%arg0 as %a: !stream.resource<external>{%n}) -> (%arg0 as !stream.resource<external>{%n}, !stream.resource<external>{%c16}) {
    %w:2 = stream.async.concurrent with(%a as %x: !stream.resource<external>{%n}) -> (%a as !stream.resource<external>{%n}, !stream.resource<constant>{%c16}) {
      %k = stream.async.constant : !stream.resource<constant>{%c16} = dense<11> : tensor<4xi32>
      %k2 = stream.async.constant : !stream.resource<constant>{%c16} = dense<22> : tensor<4xi32>
      %cp = stream.async.copy %k[%c0 to %c16], %x[%c0 to %c16], %c16 : !stream.resource<constant>{%c16} -> %x as !stream.resource<external>{%n}
      stream.yield %cp, %k2 : !stream.resource<external>{%n}, !stream.resource<constant>{%c16}
    }
    %cl = stream.async.clone %w#1 : !stream.resource<constant>{%c16} -> !stream.resource<external>{%c16}
    stream.yield %w#0, %cl : !stream.resource<external>{%n}, !stream.resource<external>{%c16}
  } => !stream.timepoint
  util.return %r#0, %r#1, %t : !stream.resource<external>, !stream.resource<external>, !stream.timepoint
}
"""


def test_nested_constant_is_uploaded() -> None:
    """iree-opt 3.13 crashes on (or silently drops) a constant nested in a
    concurrent region; fastalloc uploads it and reads it where it was used."""
    with pytest.raises(IreeOptError):
        iree_opt(NESTED_CONSTANT, SCHEDULE_ALLOCATION)
    out = reprint(run_passes(NESTED_CONSTANT, PASS))
    m = re.search(
        r"(%\w+):2, (%\w+) = stream\.resource\.constants : \n\s*"
        r"!stream\.resource<constant>\{%c16\} = dense<11> : tensor<4xi32>,\n\s*"
        r"!stream\.resource<constant>\{%c16\} = dense<22> : tensor<4xi32>",
        out,
    )
    assert m, out
    uploads, upload_tp = m.groups()
    # The execute awaits the upload and captures both constants.
    ex = re.search(r"= stream\.cmd\.execute await\((%\w+)\) => with\((.*)\) \{", out)
    assert ex, out
    captures = dict(re.findall(r"(%[\w#]+) as (%\w+)", ex.group(2)))
    assert f"{uploads}#0" in captures and f"{uploads}#1" in captures
    assert re.search(rf"stream\.timepoint\.join max\([^)]*{upload_tp}\b", out)
    k, k2 = captures[f"{uploads}#0"], captures[f"{uploads}#1"]
    # %k feeds the copy inside the wave, %k2 (yielded by the wave) the clone.
    assert re.search(rf"stream\.cmd\.concurrent \{{\n\s*stream\.cmd\.copy {k}\[", out), out
    assert re.search(rf"\n\s*stream\.cmd\.copy {k2}\[", out), out
    assert "stream.async." not in out


def _unused_nested_module() -> str:
    return """
util.func public @f(%in: !stream.resource<transient>, %n: index) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %r, %t = stream.async.execute with(%in as %a: !stream.resource<transient>{%n}) -> (%in as !stream.resource<transient>{%n}) {
    %w = stream.async.concurrent with(%a as %x: !stream.resource<transient>{%n}) -> (%a as !stream.resource<transient>{%n}) {
      %d0:3 = stream.async.dispatch @ex::@e0[%c1](%x[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> (%x{%n}, !stream.resource<transient>{%c64}, !stream.resource<transient>{%c128})
      %d1:2 = stream.async.dispatch @ex::@e1[%c1](%d0#0[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> (%d0#0{%n}, !stream.resource<transient>{%c256})
      %d2:3 = stream.async.dispatch @ex::@e2[%c1](%d1#0[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> (%d1#0{%n}, !stream.resource<transient>{%n}, !stream.resource<transient>{%c1})
      stream.yield %d2#0 : !stream.resource<transient>{%n}
    }
    stream.yield %w : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %r : !stream.resource<transient>
}
"""


def test_unused_nested_results_are_deterministic() -> None:
    """iree-opt orders the pack slices of unused results inside a concurrent
    region by pointer hash; fastalloc uses program order, byte for byte the
    same in every run and every process."""
    text = _unused_nested_module()
    first = run_passes(text, PASS)
    assert run_passes(text, PASS) == first
    code = (
        "import sys; from fastalloc.passes import run_passes; "
        "sys.stdout.write(run_passes(sys.stdin.read(), ['schedule-allocation']))"
    )
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        proc = subprocess.run(
            [sys.executable, "-c", code], input=text, capture_output=True, text=True, env=env, check=True
        )
        assert proc.stdout == first
    out = reprint(first)
    # Program order: %d0#1 (64), %d0#2 (128), %d1#1 (256), %d2#1 (%n), %d2#2 (1).
    sizes = re.findall(r"\[(\d+), (\d+)\] = (%\w+)", out)
    assert [s[2] for s in sizes] == ["%c64", "%c128", "%c256", "%arg1", "%c1"], out
    assert all(a == b == "0" for a, b, _ in sizes)


def test_unused_nested_results_same_slices_as_iree_opt() -> None:
    """Whatever order iree-opt picks, its slices are ours up to that order."""
    text = _unused_nested_module()
    theirs = reprint(iree_opt(text, SCHEDULE_ALLOCATION))
    ours = reprint(run_passes(text, PASS))
    pat = re.compile(r"\[(\d+), (\d+)\] = (%\w+)")
    assert sorted(pat.findall(theirs)) == sorted(pat.findall(ours))


# -- errors --------------------------------------------------------------------

BAD_OP = """
util.func public @f(%n: index, %st: !stream.resource<staging>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %t = stream.async.execute with(%st as %s: !stream.resource<staging>{%n}) {
    %x = util.optimization_barrier %c0 : index
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
"""


def test_unconvertible_op_is_a_located_error() -> None:
    with pytest.raises(IreeOptError, match="unhandled async op util.optimization_barrier"):
        iree_opt(BAD_OP, SCHEDULE_ALLOCATION)
    with pytest.raises(FastallocError) as info:
        run_passes(BAD_OP, PASS, filename="bad.mlir")
    err = info.value
    assert "util.optimization_barrier" in err.message
    assert err.loc is not None and err.loc.filename == "bad.mlir"
    assert "bad.mlir:5:" in err.message or err.loc.line in (4, 5)


def test_unknown_pass_name() -> None:
    with pytest.raises(FastallocError, match="unknown pass 'nope'"):
        run_passes("util.func public @f() {\n  util.return\n}\n", ["nope"])


def test_module_without_executes_is_unchanged() -> None:
    text = "util.func public @f(%a: index) -> index {\n  util.return %a : index\n}\n"
    assert reprint(run_passes(text, PASS)) == reprint(text)


def test_error_leaves_module_untouched() -> None:
    """A bad region anywhere stops the pass before any execute is rewritten."""
    from fastalloc.ir import parse
    from fastalloc.passes.schedule_allocation import schedule_allocation

    good = (LIT / "transients.mlir").read_text().split(SEP)[0]
    module = parse(good + "\n" + BAD_OP)
    before = module.print()
    with pytest.raises(FastallocError, match="util.optimization_barrier"):
        schedule_allocation(module)
    assert module.print() == before


def test_generated_nested_constants_all_uploaded() -> None:
    """On generated modules with constants inside concurrent regions (and
    unused nested results), every constant of the input is uploaded by a
    ``stream.resource.constants`` and the output verifies in iree-opt."""
    from fastalloc.testing.generator import GenConfig, generate_module

    cfg = GenConfig(affinities=False, constant_in_concurrent=True, unused_concurrent_results=True)
    texts = [generate_module(s, n_ops=20 + s % 30, config=cfg) for s in range(30)]
    inputs = _split(reprint(SEP.join(texts), args=("--split-input-file",)), len(texts))
    outs = _split(
        reprint(SEP.join(run_passes(t, PASS) for t in texts), args=("--split-input-file",)), len(texts)
    )
    const = re.compile(r"stream\.async\.constant[^=\n]*= (dense<[^\n]*?> : tensor<[^>]*>)")
    nested = 0
    for src, out in zip(inputs, outs):
        assert "stream.async." not in out
        uploaded = re.findall(r"\{%\w+\} = (dense<[^\n]*?> : tensor<[^>]*>)", out)
        values = const.findall(src)
        assert sorted(values) == sorted(uploaded)
        nested += bool(re.search(r"stream\.async\.concurrent(?:(?!stream\.yield).)*stream\.async\.constant", src, re.S))
    assert nested >= 10  # the knob really put constants inside waves


def _use_table(module) -> list:
    """Every value's use list as (user position in walk order, operand index)."""
    pos = {id(op): k for k, op in enumerate(module.walk())}
    return [
        [(pos.get(id(u), -1), i) for u, i in v.uses] if v is not None else None for v in module.values
    ]


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_use_lists_are_exact_after_the_pass(seed: int) -> None:
    """After the conversion every use list holds exactly the uses the ops of
    the module make (recomputed from their operands), each once, and no
    use by an op that left the module."""
    from fastalloc.ir import parse
    from fastalloc.passes import schedule_allocation as sa
    from fastalloc.testing.generator import GenConfig, generate_module

    m = parse(generate_module(seed, n_ops=300, config=GenConfig()))
    sa.schedule_allocation(m)
    scratch: dict = {}
    for op in m.walk():
        for i, v in enumerate(op.operands):
            scratch.setdefault(id(v), set()).add((op, i))
    table = _use_table(m)
    for v, row in zip(m.values, table):
        if v is None:
            continue
        assert len(set(v.uses)) == len(v.uses)
        assert set(v.uses) == scratch.get(id(v), set()), v
        assert all(pos >= 0 for pos, _ in row), f"{v} is used by an op outside the module"


def _structure_errors(module) -> list[str]:
    """Every broken link of the model: op/block/region parents, and values
    missing from the module's value table."""
    errors: list[str] = []
    values = module.values

    def check_value(v, what):
        if v.id < 0 or v.id >= len(values) or values[v.id] is not v:
            errors.append(f"{what} not in the value table (id {v.id})")

    def check_block(block, region):
        if block.parent is not region:
            errors.append("block with a wrong parent")
        for a in block.args:
            check_value(a, "block argument")
            if a.owner is not block:
                errors.append("block argument with a wrong owner")
        for op in block.ops:
            if op.parent is not block:
                errors.append(f"{op.name} with a wrong parent")
            for r in op.results:
                check_value(r, f"result of {op.name}")
                if r.owner is not op:
                    errors.append(f"result of {op.name} with a wrong owner")
            for reg in op._regions:
                if reg.parent is not op:
                    errors.append(f"region of {op.name} with a wrong parent")
                for b in reg.blocks:
                    check_block(b, reg)

    check_block(module.body, module._body_region)
    return errors


@pytest.mark.parametrize("seed", [0, 4, 9, 17])
def test_model_is_consistent_after_the_pass(seed: int) -> None:
    """The driver splices the new stream.cmd.execute in without walking its
    region to register it: every op, block and value must still be linked
    and registered as a full registration would leave them."""
    from fastalloc.ir import parse
    from fastalloc.passes import schedule_allocation as sa
    from fastalloc.testing.generator import GenConfig, generate_module

    module = parse(generate_module(seed, n_ops=250, config=GenConfig()))
    sa.schedule_allocation(module)
    assert any(op.name == "stream.cmd.execute" for op in module.walk())
    assert _structure_errors(module) == []
