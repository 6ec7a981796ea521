"""Use lists are exact after every model edit, and the model keeps no state
outside its objects (a module crosses threads freely).

Random sequences of edits (create, set an operand, set an operand group,
replace all uses, move some uses, erase, move an op to another block,
splice) are applied to a small parsed module; after each step every value's
use list must hold exactly the uses recomputed from scratch from the
operands of every op in the module, and in the order a plain list with
append-on-use / remove-on-drop would have (a reference model mirrored edit
by edit), because schedule-allocation walks use lists newest first.
"""

from __future__ import annotations

import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc.ir import Op, parse
from fastalloc.ir import rewriter
from fastalloc.passes import run_passes
from fastalloc.passes.schedule_allocation import schedule_allocation
from fastalloc.testing.generator import GenConfig, generate_module

_SOURCE = """util.func public @f(%n: index, %c: i1) -> index {
  %c7 = arith.constant 7 : i32
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %s0 = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%c64}
  %s1 = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%c128}
  %r = scf.if %c -> (index) {
    %a = arith.addi %n, %c64 : index
    %s2 = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%a}
    scf.yield %a : index
  } else {
    %b = arith.addi %c128, %n : index
    scf.yield %b : index
  }
  %d = arith.addi %r, %c64 : index
  util.return %d : index
}
"""


def scratch_uses(m) -> dict[int, list]:
    """Every value's uses recomputed from all ops' operands (pre-order walk,
    each op's operands in order)."""
    out: dict[int, list] = {}
    for op in m.walk():
        for i, v in enumerate(op.operands):
            out.setdefault(id(v), []).append((op, i))
    return out


def assert_exact(m) -> None:
    """Each value's list holds exactly its uses by ops of ``m``, once each
    (values of erased ops included: an op of ``m`` may still use one)."""
    ref = scratch_uses(m)
    values = [v for v in m.values if v is not None]
    for v in values:
        got = list(v.uses)
        assert len(set(got)) == len(got), f"{v}: a use listed twice"
        want = ref.get(id(v), [])
        assert set(got) == set(want), f"{v}: {got} != {want}"
    assert sum(len(v.uses) for v in values) == sum(len(u) for u in ref.values())


class _Mirror:
    """The reference: one plain list per value, edited as the model's API
    promises (a new use appended, a dropped one removed)."""

    def __init__(self, m) -> None:
        # Parsed lists are in text order, which for this source is the
        # pre-order walk (no op has operands after its regions).
        self.lists: dict[int, list] = {k: list(u) for k, u in scratch_uses(m).items()}

    def add(self, v, use) -> None:
        self.lists.setdefault(id(v), []).append(use)

    def drop(self, v, use) -> None:
        self.lists[id(v)].remove(use)

    def check(self, values) -> None:
        for v in values:
            assert list(v.uses) == self.lists.get(id(v), []), v


def _live_values(m) -> list:
    out = []
    for v in m.values:
        if v is None:
            continue
        owner = v.owner
        if owner is not None and owner.module() is m:
            out.append(v)
    return out


def _editable_ops(m) -> list[Op]:
    """Ops with operands that are not terminators."""
    return [o for o in m.walk() if o.operands and o.name not in ("scf.yield", "util.return")]


def _blocks(m) -> list:
    return [b for op in m.walk() for r in op._regions for b in r.blocks]


_KINDS = ("create", "text_op", "set_operand", "set_group", "set_operands", "replace_all", "move_uses", "erase",
          "move_op", "splice")


def _step(m, mirror: _Mirror, kind: str, a: int, b: int, c: int) -> None:
    values = _live_values(m)
    ops = _editable_ops(m)
    blocks = _blocks(m)
    if kind == "create":
        v7, size = values[a % len(values)], values[b % len(values)]
        op = rewriter.create("stream.async.splat", segments={"value": [v7], "result_size": [size]},
                             result_types=["!stream.resource<transient>"])
        mirror.add(v7, (op, 0))
        mirror.add(size, (op, 1))
        blk = blocks[c % len(blocks)]
        blk.insert(max(0, len(blk.ops) - 1), op)
    elif kind == "text_op":
        x, y = values[a % len(values)], values[b % len(values)]
        op = rewriter.text_op("arith.addi", ["arith.addi ", 0, ", ", 1, " : index"], (x, y), "index")
        mirror.add(x, (op, 0))
        mirror.add(y, (op, 1))
        blk = blocks[c % len(blocks)]
        blk.insert(0, op)
    elif kind == "set_operand" and ops:
        op = ops[a % len(ops)]
        i = b % len(op.operands)
        new = values[c % len(values)]
        old = op.operands[i]
        if old is not new:
            mirror.drop(old, (op, i))
            mirror.add(new, (op, i))
        op.set_operand(i, new)
    elif kind == "set_group":
        known = [o for o in ops if o.name == "stream.async.splat"]
        if known:
            op = known[a % len(known)]
            for i, v in enumerate(op.operands):
                mirror.drop(v, (op, i))
            op.set_group("result_size", [values[b % len(values)]])
            for i, v in enumerate(op.operands):
                mirror.add(v, (op, i))
    elif kind == "set_operands":
        texts = [o for o in ops if o.name == "arith.addi"]
        if texts:
            op = texts[a % len(texts)]
            for i, v in enumerate(op.operands):
                mirror.drop(v, (op, i))
            new = [values[b % len(values)], values[c % len(values)]]
            op.set_operands(new)
            for i, v in enumerate(new):
                mirror.add(v, (op, i))
    elif kind == "replace_all":
        old, new = values[a % len(values)], values[b % len(values)]
        moved = rewriter.replace_all_uses(old, new)
        if old is not new:
            for use in moved:
                mirror.drop(old, use)
                mirror.add(new, use)
    elif kind == "move_uses":
        old, new = values[a % len(values)], values[b % len(values)]
        uses = list(old.uses)[:: 1 + c % 3]
        if old is not new:
            rewriter.move_uses(uses, old, new)
            for use in uses:
                mirror.drop(old, use)
                mirror.add(new, use)
    elif kind == "erase":
        dead = [o for o in ops if all(not r.uses for r in o.results)]
        if dead:
            op = dead[a % len(dead)]
            for o in op.walk():
                for i, v in enumerate(o.operands):
                    mirror.drop(v, (o, i))
            rewriter.erase(op)
    elif kind == "move_op":
        movable = [o for o in ops if not o._regions]
        if movable:
            op = movable[a % len(movable)]
            src = op.parent
            src.set_ops([o for o in src.ops if o is not op])
            op.parent = None
            dst = blocks[b % len(blocks)]
            dst.insert(c % len(dst.ops), op)  # before the terminator (uses do not change)
    elif kind == "splice":
        blk = blocks[a % len(blocks)]
        anchor = blk.ops[b % len(blk.ops)]
        x = values[c % len(values)]
        new = rewriter.text_op("arith.addi", ["arith.addi ", 0, ", ", 1, " : index"], (x, x), "index")
        mirror.add(x, (new, 0))
        mirror.add(x, (new, 1))
        rewriter.splice(blk, {anchor: [new, anchor]})


_EDIT = st.tuples(st.sampled_from(_KINDS), st.integers(0, 1 << 20), st.integers(0, 1 << 20), st.integers(0, 1 << 20))


@settings(max_examples=150, deadline=None)
@given(st.lists(_EDIT, min_size=1, max_size=30))
def test_random_edits_keep_every_use_list_exact_and_ordered(edits) -> None:
    m = parse(_SOURCE)
    mirror = _Mirror(m)
    assert_exact(m)
    mirror.check(_live_values(m))
    for kind, a, b, c in edits:
        _step(m, mirror, kind, a, b, c)
        assert_exact(m)
        mirror.check([v for v in m.values if v is not None])


def test_parsed_lists_are_exact_in_text_order() -> None:
    m = parse(_SOURCE)
    ref = scratch_uses(m)
    for v in m.values:
        assert list(v.uses) == ref.get(id(v), [])
    c64 = next(o for o in m.walk() if o.name == "arith.constant" and "64" in o.tmpl[0]).results[0]
    assert [u.name for u, _ in c64.uses] == ["stream.async.splat", "arith.addi", "arith.addi"]


def test_an_uninterpreted_op_uses_its_operands_before_its_region_ops() -> None:
    text = """util.func public @g(%n: index) -> index {
  %w = "ml_program.test_op"(%n) ({
    %b = arith.addi %n, %n : index
    "ml_program.test_term"(%b) : (index) -> ()
  }) : (index) -> index
  util.return %w : index
}
"""
    m = parse(text)
    assert_exact(m)
    n = m.values[0]
    assert [(u.name, i) for u, i in n.uses] == [("ml_program.test_op", 0), ("arith.addi", 0), ("arith.addi", 1)]


def _module_text(seed: int, n_ops: int) -> str:
    return generate_module(seed, n_ops=n_ops, config=GenConfig(shape="spread" if seed % 2 else "single"))


def test_module_parsed_on_another_thread_is_rewritten_here() -> None:
    text = _module_text(3, 300)
    box: dict = {}
    t = threading.Thread(target=lambda: box.setdefault("m", parse(text)))
    t.start()
    t.join()
    m = box["m"]
    assert_exact(m)
    schedule_allocation(m)
    assert_exact(m)
    here = parse(text)
    schedule_allocation(here)
    assert m.print() == here.print()


def test_two_modules_rewritten_on_two_threads_at_once() -> None:
    texts = [_module_text(s, 400) for s in (4, 5)]
    serial = [run_passes(t, ["schedule-allocation", "layout-slices"]) for t in texts]
    out: dict = {}
    errors: list = []
    start = threading.Barrier(2)

    def work(k: int) -> None:
        try:
            start.wait()
            for _ in range(2):
                m = parse(texts[k])
                schedule_allocation(m)
                assert_exact(m)
                out.setdefault(k, []).append(run_passes(texts[k], ["schedule-allocation", "layout-slices"]))
        except BaseException as e:  # reported in the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert out[0] == [serial[0]] * 2 and out[1] == [serial[1]] * 2
