"""The parser's per-statement bookkeeping: a known op's properties are read
into a dict the parser lends to one op at a time and then shares read-only
(equal properties, one SharedProps); result groups bind their names."""

from __future__ import annotations

import pytest

from fastalloc.errors import FastallocError
from fastalloc.ir.model import EMPTY_MAP, SharedProps
from fastalloc.ir.parser import parse
from fastalloc.testing.generator import GenConfig, generate_module


def _key(d):
    return tuple((k, tuple(v) if type(v) is list else v) for k, v in d.items())


@pytest.mark.parametrize("shape", ["single", "spread"])
def test_equal_properties_are_one_shared_dict_and_no_op_keeps_the_lent_one(shape):
    m = parse(generate_module(3, n_ops=400, config=GenConfig(shape=shape)))
    by_items: dict = {}
    plain: set = set()
    for op in m.walk():
        d = op._props
        if d is EMPTY_MAP:
            continue
        assert d, op.name  # an empty dict is EMPTY_MAP: the lent one was left behind
        if type(d) is SharedProps:
            assert by_items.setdefault(_key(d), d) is d, op.name
        else:
            assert id(d) not in plain, op.name  # a dict of its own (generic form)
            plain.add(id(d))
    assert by_items


def test_nested_ops_keep_their_own_properties():
    # the outer op's properties are read around its region's ops' (each
    # of which borrows and returns the parser's dict)
    text = """
util.global private @dev : !hal.device
stream.executable private @ex {
  stream.executable.export public @entry
}
func.func @f(%n: index, %r: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %o, %t = stream.async.execute on(#hal.device.affinity<@dev>) with(%r as %a: !stream.resource<external>{%n}) -> %r as !stream.resource<external>{%n} {
    %d = stream.async.dispatch @ex::@entry(%a[%c0 to %c4 for %c4]) : (!stream.resource<external>{%n}) -> %a{%n}
    %e = stream.async.dispatch @ex::@entry(%d[%c0 to %c4 for %c4]) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n}
    stream.yield %e : !stream.resource<external>{%n}
  } => !stream.timepoint
  %w = stream.timepoint.await %t => %o : !stream.resource<external>{%n}
  return %w : !stream.resource<external>
}
"""
    m = parse(text)
    ops = {op.results[0].name_hint: op for op in m.walk() if op.results}
    assert ops["o"].props.get("affinity") == "#hal.device.affinity<@dev>"
    assert ops["o"].props["tied_operands"] == [0]
    assert ops["d"].props["tied_operands"] == [0]
    assert ops["e"].props["tied_operands"] == [-1]
    assert ops["d"].props["entry_points"] == ops["e"].props["entry_points"]
    assert [v.name_hint for v in ops["o"].results] == ["o", "t"]


def test_result_groups_bind_their_results_in_order():
    text = """
func.func @f() -> (index, index, index) {
  %a, %b:2 = "arith.constant"() {value = 0 : index} : () -> (index, index, index)
  return %b#1, %a, %b#0 : index, index, index
}
"""
    m = parse(text)
    (f,) = m.body.ops
    const, ret = f.regions[0].blocks[0].ops
    assert [v.name_hint for v in const.results] == ["a", "b", "b"]
    assert ret.operands == [const.results[2], const.results[0], const.results[1]]
    with pytest.raises(FastallocError, match="result number 2 of '%b' out of range"):
        parse(text.replace("%b#1", "%b#2"))
    with pytest.raises(FastallocError, match="expected positive integer result count"):
        parse(text.replace("%b:2", "%b:0"))
