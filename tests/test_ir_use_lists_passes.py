"""Use lists after the passes: every operand slot of every op left in the
module is in its value's use chain, and nothing else is.

The passes build ops through the rewriter and the model's trusted
constructors (some from compiled code); an operand list written past the
model (``op.operands[i] = v`` or a list changed after the op took it over)
would leave a slot whose record names another value than the operand, or a
chain running through an op that is no longer in the module.  The checks
read the records themselves (``_slot_value``) as well as the public lists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fastalloc.errors import FastallocError
from fastalloc.ir import parse
from fastalloc.ir.model import Op, _slot_value
from fastalloc.ir.parser import split_chunks
from fastalloc.passes import PassContext, PassOptions, get_pass
from fastalloc.testing.generator import GenConfig, generate_module

_TESTS = Path(__file__).parent


def _live_ops(m) -> list[Op]:
    return list(m.walk())


def assert_records_match_operands(m) -> None:
    """Each live op's slot ``i`` is linked into ``op.operands[i]``'s chain,
    and no slot past its operands is linked; each value's chain holds only
    slots of live ops, each once, and the chains together hold every slot."""
    live = _live_ops(m)
    live_ids = {id(op) for op in live}
    n_slots = 0
    for op in live:
        for i, v in enumerate(op.operands):
            rec = _slot_value(op, i)
            assert rec is v, f"{op.name} operand #{i}: record names {rec!r}, operand is {v!r}"
        links = op._ulinks
        if links is not None:
            for i in range(len(op.operands), len(links) // 5):
                assert links[5 * i] is None, f"{op.name}: slot #{i} past its operands is linked"
        n_slots += len(op.operands)
    seen: set[tuple[int, int]] = set()
    values = {id(v): v for op in live for v in op.operands}
    values.update((id(v), v) for v in m.values if v is not None)
    for v in values.values():
        uses = list(v.uses)
        assert len(uses) == v._nuses
        for user, i in uses:
            assert id(user) in live_ids, f"{v!r} is used by {user.name}, which is not in the module"
            assert user.operands[i] is v
            key = (id(user), i)
            assert key not in seen, f"{user.name} operand #{i} is in two chains"
            seen.add(key)
    assert len(seen) == n_slots


def _run(m, names: list[str]) -> None:
    options = PassOptions.from_kwargs({})
    for name in names:
        get_pass(name).run(m, options, PassContext())


@pytest.mark.parametrize("shape", ["single", "spread"])
@pytest.mark.parametrize("affinities", [False, True])
def test_generated_modules_after_each_pass(shape: str, affinities: bool) -> None:
    text = generate_module(7, n_ops=1500, config=GenConfig(affinities=affinities, shape=shape))
    m = parse(text)
    assert_records_match_operands(m)
    _run(m, ["schedule-allocation"])
    assert_records_match_operands(m)
    _run(m, ["layout-slices"])
    assert_records_match_operands(m)


def _corpus() -> list[Path]:
    """The golden and lit inputs that hold an execute region (not the
    error tests: no chunk of theirs goes through)."""
    files = sorted((_TESTS / "golden").rglob("*.mlir")) + sorted((_TESTS / "lit").rglob("*.mlir"))
    return [p for p in files if "stream.async.execute" in p.read_text(errors="replace") and "error" not in p.name]


@pytest.mark.parametrize("path", _corpus(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_modules_after_both_passes(path: Path) -> None:
    checked = 0
    for chunk, base in split_chunks(path.read_text()):
        try:
            m = parse(chunk, str(path), line_base=base)
            _run(m, ["schedule-allocation", "layout-slices"])
        except FastallocError:
            continue  # a chunk the passes reject (an error test) leaves nothing to check
        assert_records_match_operands(m)
        checked += 1
    assert checked, f"{path}: no chunk went through both passes"


def test_the_check_catches_an_operand_written_past_the_model() -> None:
    text = generate_module(3, n_ops=200, config=GenConfig(affinities=False, shape="single"))
    m = parse(text)
    _run(m, ["schedule-allocation"])
    op = next(o for o in m.walk() if len(o.operands) >= 2 and o.operands[0] is not o.operands[1])
    op.operands[0] = op.operands[1]  # bypasses the use chains
    with pytest.raises(AssertionError, match="record names"):
        assert_records_match_operands(m)


def test_negative_slots_are_refused_or_normalized() -> None:
    m = parse(generate_module(3, n_ops=50, config=GenConfig(affinities=False, shape="single")))
    op = next(o for o in m.walk() if len(o.operands) >= 2 and o.operands[0] is not o.operands[-1])
    first = op.operands[0]
    with pytest.raises(IndexError):
        first.uses.append((op, -1))
    # Python's indexing picks the last slot: the use chains follow that slot
    n = len(op.operands)
    op.set_operand(-1, first)
    assert op.operands[n - 1] is first and _slot_value(op, n - 1) is first
    assert_records_match_operands(m)
