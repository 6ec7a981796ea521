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

import pytest

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


def test_drop_use_unlinks_only_its_neighbours():
    """Dropping one use of a value with k uses touches that use's record and
    its two neighbours' (a doubly linked chain through the users' operand
    slots), whatever k is: the other users' records stay as they were."""
    _, ops, c7, c64, _ = _module(2000)
    uses = c64.uses
    before = [list(op._ulinks) for op in ops]
    assert uses.pop((ops[1000], 1)) is None
    changed = [k for k, op in enumerate(ops) if op._ulinks != before[k]]
    assert changed == [999, 1000, 1001]
    assert ops[1000]._ulinks[:5] == before[1000][:5]  # its use of %c7 (slot 0) untouched
    assert (ops[1000], 1) not in uses and len(uses) == 1999
    assert list(uses)[999:1001] == [(ops[999], 1), (ops[1001], 1)]
    _drop_use(c64, ops[1000], 1)  # already gone: no-op
    _drop_use(c7, ops[5], 1)  # slot 1 is a use of %c64, not %c7: no-op
    assert len(uses) == 1999 and len(c7.uses) == 2000
    with pytest.raises(KeyError):
        uses.pop((ops[1000], 1))
    assert uses.pop((ops[1000], 1), "absent") == "absent"
    _drop_use(c64, ops[0], 1)
    assert next(iter(uses)) == (ops[1], 1) and list(reversed(uses))[-1] == (ops[1], 1)
    assert len(uses) == 1998 and uses[0] == (ops[1], 1) and uses[-1] == (ops[-1], 1)


# -- lists of parsed modules ---------------------------------------------------
#
# The parser registers every use before it returns, in the order it read
# them.  The reference: a pre-order walk in which an uninterpreted op's
# operands come before its regions' ops (they precede the region in its
# text) and a known stream op's after them (its operand list is complete
# only once the op is: ``stream.async.execute`` states its result sizes
# after its region).

_NESTED = """util.func public @f(%n: index, %c: i1) -> index {
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> (index) {
    %a = arith.addi %n, %c1 : index
    scf.yield %a : index
  } else {
    scf.yield %n : index
  }
  %w = "ml_program.test_op"(%r, %n) ({
    %b = arith.addi %r, %c1 : index
    "ml_program.test_term"(%b, %n) : (index, index) -> ()
  }) : (index, index) -> index
  util.return %w : index
}
"""


def _preorder(m) -> dict:
    ref: dict = {}

    def add(op) -> None:
        for i, v in enumerate(op.operands):
            ref.setdefault(id(v), []).append((op, i))

    def visit(op) -> None:
        if op.opdef is None:
            add(op)
        for r in op._regions:
            for b in r.blocks:
                for o in b.ops:
                    visit(o)
        if op.opdef is not None:
            add(op)

    for op in m.body.ops:
        visit(op)
    return ref


def _sources():
    from pathlib import Path

    from fastalloc.testing.generator import GenConfig, generate_module

    out = [_NESTED, _module(30)[0].print()]
    out += [generate_module(s, n_ops=120, config=GenConfig(shape=shape)) for s, shape in ((1, "spread"), (2, "single"))]
    out.append(generate_module(5, n_ops=200))
    lit = sorted((Path(__file__).parent / "lit").glob("*.mlir"))
    out += [p.read_text() for p in lit[:12]]
    return out


@pytest.mark.parametrize("k", range(len(_sources())))
def test_parsed_lists_are_exact_and_in_text_order(k: int) -> None:
    text = _sources()[k]
    m = parse(text)
    ref = _preorder(m)
    values = [v for v in m.values if v is not None]
    random.Random(k).shuffle(values)
    for v in values:
        assert list(v.uses) == ref.get(id(v), []), v
    assert sum(len(v.uses) for v in values) == sum(map(len, ref.values()))


def test_lists_of_a_detached_op() -> None:
    """A value read while its op is outside the module (a region being
    moved) has the same list as inside."""
    m = parse(_NESTED)
    ref = _preorder(m)
    body = m.ops[0].regions[0].blocks[0]
    test_op = next(o for o in body.ops if o.name == "ml_program.test_op")
    body.ops = [o for o in body.ops if o is not test_op]
    test_op.parent = None
    b = next(o for o in test_op.walk() if o.name == "arith.addi").results[0]
    assert b.owner.module() is None
    assert list(b.uses) == ref[id(b)] and len(ref[id(b)]) == 1


def test_parsed_forward_references_land_on_their_definitions() -> None:
    """Uses read before their value is defined (in a block placed before
    the one that defines it and dominates it) are on the definition, in
    text order, after them its uses that follow the definition."""
    text = """util.func public @f(%n: index) -> index {
  %c1 = arith.constant 1 : index
  cf.br ^bb2
^bb1:
  %w = arith.addi %k, %c1 : index
  %x = arith.addi %w, %k : index
  util.return %x : index
^bb2:
  %k = arith.addi %n, %c1 : index
  %y = arith.addi %c1, %k : index
  cf.br ^bb1
}
"""
    m = parse(text)
    ref = _preorder(m)
    for v in m.values:
        if v is not None:
            assert list(v.uses) == ref.get(id(v), []), v
    k = next(o for o in m.walk() if o.results and o.results[0].name_hint == "k").results[0]
    assert [(u.results[0].name_hint, i) for u, i in k.uses] == [("w", 0), ("x", 1), ("y", 1)]
    assert all(u.operands[i] is k for u, i in k.uses)
    assert all(v.id >= 0 for o in m.walk() for v in o.operands)


def test_uselist_records_and_drops_slots() -> None:
    """``append``/``uses[use] = None`` and ``pop`` on a hand-built op, as on
    a dict keyed by uses: a slot is listed once, on one value at a time."""
    from fastalloc.ir import Op, Value

    x, y = Value("index"), Value("index")
    op = Op("test.op")
    op.operands = [x, y, x]
    x.uses.append((op, 0))
    x.uses[(op, 2)] = None
    x.uses.append((op, 0))  # already there
    y.uses.extend([(op, 1)])
    assert list(x.uses) == [(op, 0), (op, 2)] and list(y.uses) == [(op, 1)]
    y.uses.append((op, 0))  # the slot moves to y's list
    assert list(x.uses) == [(op, 2)] and list(y.uses) == [(op, 1), (op, 0)]
    assert (op, 0) in y.uses and (op, 0) not in x.uses and ("op", 0) not in y.uses
    assert x.uses == [(op, 2)] and x.uses != [(op, 0)] and repr(x.uses) == f"UseList({[(op, 2)]!r})"
    y.uses.pop((op, 1))
    op.erase()  # drops the rest
    assert not x.uses and not y.uses and len(x.uses) == 0


def test_replace_and_move_uses_order():
    from fastalloc.ir import Op
    from fastalloc.ir.rewriter import move_uses, replace_all_uses

    m, ops, c7, c64, c128 = _module(40)
    # A new op using %c128, then every use of %c64 moved to %c128 after it,
    # then every third of those back to %c64.
    extra = Op.create("stream.async.splat", [c7, c128], result_types=["!stream.resource<transient>"])
    m.ops[0].regions[0].blocks[0].insert(1, extra)
    moved = replace_all_uses(c64, c128)
    assert moved == [(op, 1) for op in ops]
    move_uses(moved[::3], c128, c64)
    assert list(c64.uses) == moved[::3]
    assert list(c128.uses) == [(extra, 1)] + [u for k, u in enumerate(moved) if k % 3]
    assert all(op.operands[1] is (c64 if k % 3 == 0 else c128) for k, op in enumerate(ops))


def test_modules_on_threads_need_no_handover():
    """A module parsed on another thread (fastalloc.ir.parse does so itself,
    on a large-stack thread) has exact lists here; two threads rewriting
    their own modules never see each other's uses."""
    import threading

    from fastalloc.ir import Op

    a, _, c7a, _, c128a = _module(5)
    b, _, c7b, _, _ = _module(5)
    seen: dict = {}

    def other() -> None:
        extra = Op.create("stream.async.splat", [c7b, c7b], result_types=["!stream.resource<transient>"])
        b.ops[0].regions[0].blocks[0].insert(1, extra)
        seen["b"] = len(c7b.uses)

    t = threading.Thread(target=other)
    extra = Op.create("stream.async.splat", [c7a, c128a], result_types=["!stream.resource<transient>"])
    t.start()
    a.ops[0].regions[0].blocks[0].insert(1, extra)
    t.join()
    assert seen["b"] == 7 and len(c7b.uses) == 7
    assert [(op is extra, i) for op, i in c128a.uses] == [(True, 1)]
    assert [op is extra for op, _ in c7a.uses].count(True) == 1 and len(c7a.uses) == 6


# Op's fields (fastalloc/ir/model.pxd).
_OP_FIELDS = ("name", "operands", "results", "_regions", "_props", "_attrs", "parent", "_loc", "_src", "dloc",
              "segments", "tmpl", "opdef")


def test_trusted_build_sets_every_slot_like_init():
    """Op._build fills the fields itself (no __init__ call): every field of Op
    must be set to what __init__ + the assignments would give."""
    from fastalloc.ir.model import EMPTY_MAP, NO_REGIONS, Op, Value
    from fastalloc.ir.ops import OPS

    name = "stream.cmd.fill"
    vals = [Value("index", id=k) for k in range(5)]
    anchor = parse(_NESTED).ops[0]
    for loc_from in (None, anchor):
        op = Op._build(name, OPS[name], list(vals), [1, 1, 1, 1, 1], loc_from)
        ref = Op(name)
        ref.opdef, ref.segments, ref.operands = OPS[name], [1, 1, 1, 1, 1], list(vals)
        if loc_from is not None:
            ref.copy_loc_from(loc_from)
        for slot in _OP_FIELDS:
            assert getattr(op, slot) == getattr(ref, slot), slot
        assert op._regions is NO_REGIONS and op._props is EMPTY_MAP and op._attrs is EMPTY_MAP
        assert [list(v.uses)[-1] for v in vals] == [(op, i) for i in range(5)]


def test_set_ops_registers_like_appending_one_by_one():
    """set_ops' inlined registration (ops without regions) numbers values and
    sets parents exactly as appending the same ops one at a time does."""
    from fastalloc.ir.model import Block, Op, Region, Value

    def build():
        m = parse(_NESTED)
        body = m.ops[0].regions[0].blocks[0]
        new = []
        for k in range(30):
            op = Op("test.op")
            op.results = [Value("index", op, i) for i in range(k % 3)]
            if k % 7 == 3:
                inner = Op("test.inner")
                inner.results = [Value("i1", inner, 0)]
                blk = Block(["index", "index"])
                blk.ops.append(inner)
                op.regions = [Region([blk])]
            new.append(op)
        return m, body, new

    m1, body1, new1 = build()
    body1.set_ops(body1.ops[:-1] + new1 + body1.ops[-1:])
    m2, body2, new2 = build()
    term = body2.ops[-1]
    for op in new2:
        body2.insert_before(term, op)

    def shape(m):
        return [(op.name, op.parent is not None, [r.id for r in op.results],
                 [a.id for r in op._regions for b in r.blocks for a in b.args]) for op in m.walk()]

    assert shape(m1) == shape(m2)
    assert len(m1.values) == len(m2.values)
    assert all(op.parent is body1 for op in new1)
    inner_ops = [o for op in new1 for o in op.walk() if o.name == "test.inner"]
    assert inner_ops and all(o.parent is not None and o.parent.parent.parent.parent is body1 for o in inner_ops)


def _yield_of(*values):
    """A detached op without results (so no cycle keeps it alive) using ``values``."""
    from fastalloc.ir.model import Op

    return Op.create("stream.yield", segments={"resource_operands": list(values), "resource_operand_sizes": []})


def test_an_op_freed_while_linked_leaves_its_chains():
    """The records' neighbour pointers are borrowed: an op freed without
    erase (its last reference dropped) takes its slots out of every chain,
    and the uses around it are joined up, in order."""
    import gc

    _, ops, c7, c64, _ = _module(4)
    before = list(c64.uses)
    gc.disable()
    try:
        users = [_yield_of(c64, c7) for _ in range(3)]
        assert list(c64.uses) == before + [(u, 0) for u in users]
        middle = users.pop(1)
        del middle  # freed by reference counting: nothing else points at it
        assert list(c64.uses) == before + [(u, 0) for u in users]
        assert list(c7.uses) == [(op, 0) for op in ops] + [(u, 1) for u in users]
        assert list(reversed(c64.uses))[:2] == [(users[1], 0), (users[0], 0)]
        del users
        assert c64.uses == before and len(c7.uses) == len(ops)
    finally:
        gc.enable()


def test_a_value_freed_while_named_by_records_empties_them():
    """Writing ``op.operands`` directly bypasses the lists; if the value it
    dropped is then freed, the records that named it are emptied (no
    pointer to freed memory), and the op's later upkeep is unaffected."""
    from fastalloc.ir.model import Value

    v = Value("index")
    w = Value("index")
    op = _yield_of(v, w)
    other = _yield_of(v)
    assert len(v.uses) == 2 and op._ulinks[0] is v
    op.operands = []
    other.operands = []
    del v  # its chain still held (op, 0) and (other, 0)
    assert op._ulinks[:5] == [None, None, 0, None, 0]
    assert other._ulinks == [None, None, 0, None, 0]
    assert op._ulinks[5] is w and list(w.uses) == [(op, 1)]
    op.set_operands([w])
    assert list(w.uses) == [(op, 0)] and op._ulinks == [w, None, 0, None, 0]
