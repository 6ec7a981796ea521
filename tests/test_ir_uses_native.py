"""The compiled use-log index (``fastalloc.ir._uses._UseIndex``) against
the pure-Python computation it replaced.

The reference below is the numpy-free form of what ``_UseSnapshot`` computed
before it moved to compiled code: replay the parser's log event by event
(``[op, end, op, end, ...]``; an op's later event continues where its
previous one stopped, ends are clipped to the operand count), then order the
uses by the used value's address, stably.
"""

from __future__ import annotations

import gc

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import fastalloc.ir.model as model
from fastalloc.ir._uses import _py_iu_sort, _UseIndex
from fastalloc.ir import parse
from fastalloc.testing.generator import GenConfig, generate_module


class _V:
    """A used value: any object (the index only looks at addresses)."""

    __slots__ = ("name",)

    def __init__(self, name: int) -> None:
        self.name = name


class _Op:
    __slots__ = ("operands",)

    def __init__(self, operands) -> None:
        self.operands = operands


def _reference(events: list) -> list[tuple[int, int, int]]:
    ops, done, rows = events[0::2], {}, []
    for e, (op, end) in enumerate(zip(ops, events[1::2])):
        start = done.get(id(op), 0)
        end = max(min(end, len(op.operands)), 0)
        rows += [(id(op.operands[i]), e, i) for i in range(start, end)]
        done[id(op)] = end
    rows.sort(key=lambda r: r[0])
    return rows


def _check(events: list, values: list) -> None:
    index = _UseIndex(events)
    want = _reference(events)
    addr, event, number = index.arrays()
    assert len(index) == len(want)
    assert list(zip(addr.tolist(), event.tolist(), number.tolist())) == want
    assert index.ops == events[0::2]
    # Every used value is held once, in address order.
    used = sorted({r[0] for r in want})
    assert [id(v) for v in index.values] == used
    ops = events[0::2]
    for v in values:
        got = index.uses_of(v, model.UseList)
        # (a use logged twice, which only a log with a falling end gives,
        # is one key of the list)
        rows = list(dict.fromkeys((ops[e], i) for a, e, i in want if a == id(v)))
        if rows:
            assert isinstance(got, model.UseList) and list(got) == rows
        else:
            assert got is None


@st.composite
def _logs(draw):
    values = [_V(k) for k in range(draw(st.integers(1, 12)))]
    ops = [_Op([draw(st.sampled_from(values)) for _ in range(draw(st.integers(0, 6)))])
           for _ in range(draw(st.integers(1, 8)))]
    events: list = []
    # Ops may log several events (operands before and after a region), ends
    # may pass the operand count or stay below a previous end.
    for _ in range(draw(st.integers(0, 14))):
        op = draw(st.sampled_from(ops))
        events += [op, draw(st.integers(0, len(op.operands) + 2))]
    return events, values


@settings(max_examples=300, deadline=None)
@given(_logs())
def test_index_equals_the_log_replay(log):
    events, values = log
    _check(events, values)


def test_index_of_an_empty_log():
    index = _UseIndex([])
    assert len(index) == 0 and index.values == [] and index.uses_of(_V(0), model.UseList) is None


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 2**40), min_size=0, max_size=300),
    st.lists(st.integers(0, 400), max_size=60),
    st.integers(0, 2**20),
)
def test_radix_sort_is_a_stable_argsort_of_addresses(slots, repeat, base):
    # Addresses of distinct objects differ by at least 16; the same object
    # appears any number of times.
    addr = [16 * (base + s) for s in slots]
    addr += [addr[k % len(addr)] for k in repeat] if addr else []
    a = np.array(addr, dtype=np.int64)
    assert _py_iu_sort(a).tolist() == np.argsort(a, kind="stable").tolist()


def test_radix_sort_over_the_whole_address_space():
    a = np.array([2**62, 16, 2**62, 2**47 + 32, 16, 0, 2**33], dtype=np.int64)
    assert _py_iu_sort(a).tolist() == np.argsort(a, kind="stable").tolist()


def test_index_of_a_parsed_module_equals_the_replay():
    text = generate_module(4, n_ops=300, config=GenConfig(shape="spread"))
    m = parse(text)
    values = [v for v in m.values if v is not None]
    _check(list(m._use_events), values)


def test_index_keeps_replaced_values_alive():
    """A value dropped from every operand list after the index was made is
    still held, so no new object can take its address and its uses."""
    gone = _V(0)
    op = _Op([gone, _V(1)])
    index = _UseIndex([op, 2])
    op.operands[0] = _V(2)
    ref = id(gone)
    del gone
    gc.collect()
    assert any(id(v) == ref for v in index.values)
    fresh = [_V(k) for k in range(1000)]
    assert all(index.uses_of(v, model.UseList) is None for v in fresh)
