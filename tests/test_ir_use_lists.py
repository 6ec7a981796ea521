"""Use lists stay exact and in order under many one-by-one rewrites, and
dropping a use does not scan the list (the quadratic path of issues #3-#5).

The order is checked against a plain-list reference model of what the use
list must be (append on a new use, remove on a dropped one), so a change of
representation cannot silently reorder the uses that schedule-allocation
walks newest-first.  No timing asserts: the O(1) removal is checked by
structure (the uses are keyed by ``(op, index)``).
"""

from __future__ import annotations

import random

from fastalloc.ir import UseList, parse
from fastalloc.ir.model import _drop_use

K = 10_000


def _module(k: int = K):
    lines = [
        "util.func public @f(%n: index) -> index {",
        "  %c7 = arith.constant 7 : i32",
        "  %c64 = arith.constant 64 : index",
        "  %c128 = arith.constant 128 : index",
    ]
    lines += [f"  %s{i} = stream.async.splat %c7 : i32 -> !stream.resource<transient>{{%c64}}" for i in range(k)]
    lines += ["  util.return %n : index", "}"]
    m = parse("\n".join(lines) + "\n")
    ops = [o for o in m.walk() if o.name == "stream.async.splat"]
    c7, c64, c128 = (o.results[0] for o in m.walk() if o.name == "arith.constant")
    return m, ops, c7, c64, c128


def test_parsed_use_order_is_source_order():
    _, ops, c7, c64, _ = _module(50)
    assert isinstance(c64.uses, UseList)
    assert c64.uses == [(op, 1) for op in ops]
    assert list(reversed(c7.uses)) == [(op, 0) for op in reversed(ops)]
    assert len(c64.uses) == 50 and (ops[3], 1) in c64.uses and (ops[3], 0) not in c64.uses


class _Ref:
    """Reference use list: a plain list with append / remove semantics
    (removal by tombstone so the reference itself is not quadratic)."""

    def __init__(self, uses=()):
        self.items = []
        self.pos = {}
        for u in uses:
            self.append(u)

    def append(self, u):
        key = (id(u[0]), u[1])
        assert key not in self.pos, "a use appears twice"
        self.pos[key] = len(self.items)
        self.items.append(u)

    def remove(self, u):
        self.items[self.pos.pop((id(u[0]), u[1]))] = None

    def __iter__(self):
        return (u for u in self.items if u is not None)

    def __add__(self, other):
        return list(self) + list(other)


def test_ten_thousand_rewrites_keep_reference_order():
    m, ops, c7, c64, c128 = _module()
    ref = {id(c7): _Ref((op, 0) for op in ops), id(c64): _Ref((op, 1) for op in ops), id(c128): _Ref()}

    def move(op, i, old, new):
        ref[id(old)].remove((op, i))
        ref[id(new)].append((op, i))

    rng = random.Random(3)
    order = list(range(K))
    rng.shuffle(order)
    # Every use of %c64 moved to %c128 one at a time, in a shuffled order.
    for k in order:
        ops[k].set_operand(1, c128)
        move(ops[k], 1, c64, c128)
    assert c64.uses == [] and c128.uses == list(ref[id(c128)])
    # Half of them back through set_group (which re-adds every operand of the op).
    for k in order[::2]:
        op = ops[k]
        old = list(op.operands)
        op.set_group("result_size", [c64])
        for i, v in enumerate(old):
            ref[id(v)].remove((op, i))
        for i, v in enumerate(op.operands):
            ref[id(v)].append((op, i))
    for v in (c7, c64, c128):
        assert list(v.uses) == list(ref[id(v)])
    # Erase a third of the ops (their results are unused).
    for k in order[::3]:
        op = ops[k]
        op.erase()
        for i, v in enumerate(op.operands):
            ref[id(v)].remove((op, i))
    for v in (c7, c64, c128):
        assert list(v.uses) == list(ref[id(v)])
        assert list(reversed(v.uses)) == list(ref[id(v)])[::-1]
    # replace_all_uses_with appends the moved uses after the existing ones, in order.
    c128.replace_all_uses_with(c64)
    assert c128.uses == [] and list(c64.uses) == ref[id(c64)] + ref[id(c128)]
    # The module prints every remaining splat with its current operand.
    text = str(m)
    assert text.count("stream.async.splat") == K - len(order[::3])
    assert "%c128" not in text.split("arith.constant 128 : index", 1)[1]


def test_drop_use_is_keyed_not_scanned():
    """Dropping one use of a value with k uses looks up one key.

    The use store is a hash map keyed by ``(op, index)``; a use that is not
    there is not found by scanning, and dropping it is a no-op.
    """
    _, ops, c7, c64, _ = _module(2000)
    uses = c64.uses
    assert isinstance(uses, dict)
    probes = []

    class Probe(tuple):
        # A key that records every equality comparison made against it: a
        # hash lookup compares at most the entries in one bucket chain,
        # a scan compares against every use.
        def __eq__(self, other):
            probes.append(other)
            return tuple.__eq__(self, other)

        __hash__ = tuple.__hash__

    uses.pop(Probe((ops[1000], 1)), None)
    assert len(probes) <= 2
    assert (ops[1000], 1) not in uses and len(uses) == 1999
    _drop_use(c64, ops[1000], 1)  # already gone: no-op
    assert len(uses) == 1999
    _drop_use(c64, ops[0], 1)
    assert next(iter(uses)) == (ops[1], 1)
