"""layout-slices' compiled loops (fastalloc.passes._layout) against the pure
Python reference of the same module (``layout_slices._NATIVE = False``: the
Python size loop, rewriter.IndexFolder, layout_slices.FirstFitBins): the
same printed module, the same use lists, for every pack strategy, dynamic
sizes, configs, offsets and reversed lifetimes; and Module.release_unreachable,
which both passes call when done.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc._guard import run_deep
from fastalloc.ir import parse
from fastalloc.ir.model import Op
from fastalloc.ir.rewriter import IndexFolder
from fastalloc.passes import _layout, layout_slices as ls
from fastalloc.passes.schedule_allocation import schedule_allocation
from fastalloc.testing.generator import GenConfig, generate_module

LIT = Path(__file__).parent / "lit" / "layout_slices"


def _use_table(module) -> list:
    """Every value's uses as (user's position in a walk, operand number), in order."""
    pos = {id(op): k for k, op in enumerate(module.walk())}
    out = []
    for op in module.walk():
        for r in op.results:
            out.append([(pos.get(id(u)), i) for u, i in r.uses])
    return out


def _check_use_lists_exact(module) -> None:
    """Each operand slot of a live op is exactly one use of its value, and
    every use is such a slot."""
    slots = {}
    for op in module.walk():
        for i, v in enumerate(op.operands):
            slots.setdefault(id(v), []).append((id(op), i))
    for op in module.walk():
        for r in op.results:
            assert sorted((id(u), i) for u, i in r.uses) == sorted(slots.get(id(r), []))


def _both(text: str, monkeypatch, schedule: bool = False, **options):
    outs = []
    for native in (True, False):
        monkeypatch.setattr(ls, "_NATIVE", native)
        module = parse(text, "case.mlir")
        if schedule:
            run_deep(schedule_allocation, module)
        run_deep(ls.layout_slices, module, **options)
        outs.append(module)
    monkeypatch.undo()
    return outs


def _chunks(text: str) -> list[str]:
    import re

    return [c for c in re.split(r"^// -----\s*$", text, flags=re.M) if c.strip()]


LIT_CHUNKS = [(p.name, k, c) for p in sorted(LIT.glob("*.mlir")) for k, c in enumerate(_chunks(p.read_text()))]


@pytest.mark.parametrize("name,k,chunk", LIT_CHUNKS, ids=[f"{n}:{k}" for n, k, _ in LIT_CHUNKS])
def test_lit_cases_native_matches_python(name, k, chunk, monkeypatch):
    native, python = _both(chunk, monkeypatch)
    assert native.print() == python.print()
    assert _use_table(native) == _use_table(python)


@pytest.mark.parametrize("strategy", ["iree", "best-fit", "smallest", "search"])
@pytest.mark.parametrize("seed", [3, 4])
def test_random_packs_native_matches_python(seed, strategy, monkeypatch):
    from tests.test_layout_slices import _random_module

    text, _ = _random_module(seed, 25)
    native, python = _both(text, monkeypatch, strategy=strategy)
    assert native.print() == python.print()
    assert _use_table(native) == _use_table(python)
    _check_use_lists_exact(native)


@pytest.mark.parametrize("alignment", [1, 16, 256])
def test_default_alignment_native_matches_python(alignment, monkeypatch):
    from tests.test_layout_slices import _random_module

    text, _ = _random_module(7, 15)
    native, python = _both(text, monkeypatch, default_alignment=alignment)
    assert native.print() == python.print()


@pytest.mark.parametrize("shape", ["single", "spread"])
@pytest.mark.parametrize("seed", [1, 2])
def test_scheduled_module_native_matches_python(seed, shape, monkeypatch):
    text = generate_module(seed, n_ops=600, config=GenConfig(affinities=False, shape=shape))
    native, python = _both(text, monkeypatch, schedule=True)
    out = native.print()
    assert "stream.resource.pack" not in out
    assert out == python.print()
    assert _use_table(native) == _use_table(python)
    _check_use_lists_exact(native)


def test_reversed_lifetimes_and_subi_native_matches_python(monkeypatch):
    # A dynamic bucket with end < start (LiteralBins), an offset defined by
    # arith.subi (the (a - b) + b fold), a muli size (isAlignedTo's product rule).
    text = """util.func public @f(%n: index, %m: index, %o: index) -> (index, index, index, index, index, index) {
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %s = arith.subi %o, %c64 : index
  %q = arith.muli %m, %c64 : index
  %p:6 = stream.resource.pack offset(%s) slices({
    [3, 1] = %n,
    [0, 0] = %n,
    [0, 2] = %q,
    [1, 4] = %q,
    [2, 2] = %c8
  }) : index
  util.return %p#0, %p#1, %p#2, %p#3, %p#4, %p#5 : index, index, index, index, index, index
}
"""
    native, python = _both(text, monkeypatch)
    assert native.print() == python.print()


@pytest.mark.parametrize("seed", range(30))
def test_compiled_first_fit_bins_match_python(seed):
    rng = random.Random(seed)
    horizon = rng.choice([1, 3, 10, 100, 10**9])
    intervals = []
    for _ in range(rng.randint(0, 300)):
        s = rng.randint(-horizon, horizon)
        intervals.append((s, s + rng.randint(0, horizon // 2 + 1)))
    points = [p for iv in intervals for p in iv]
    ref = ls.FirstFitBins(points)
    got = _layout.FirstFitBins(points)
    assert [got.place(s, e) for s, e in intervals] == [ref.place(s, e) for s, e in intervals]
    assert got.count == ref.count


def test_compiled_first_fit_bins_reject_reversed():
    with pytest.raises(ValueError, match="end < start"):
        _layout.FirstFitBins([1, 3]).place(3, 1)


# One folder program: ("add", i, j) / ("align", i, a) / ("index", c), on a
# pool of values that grows with each result.
_STEP = st.one_of(
    st.tuples(st.just("add"), st.integers(0, 40), st.integers(0, 40)),
    st.tuples(st.just("align"), st.integers(0, 40), st.sampled_from([1, 2, 16, 64, 256])),
    st.tuples(st.just("index"), st.sampled_from([0, 1, 16, 48, 64, -16, 2**63 - 1, 2**62])),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_STEP, min_size=1, max_size=30))
def test_compiled_folder_matches_index_folder(program):
    """The compiled Folder builds the same ops, returns the same values, as
    rewriter.IndexFolder (with the pack's IndexSet) for any sequence of folds."""
    text = """util.func public @f(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %d = arith.subi %a, %b : index
  %e = arith.muli %b, %c64 : index
  %g = util.align %a, %c64 : index
  util.return %a : index
}
"""

    def run(native):
        module = parse(text)
        fn = module.ops[0]
        anchor = fn.regions[0].blocks[0].ops[-1]
        pool = list(fn.regions[0].blocks[0].args) + [op.results[0] for op in fn.regions[0].blocks[0].ops[:-1]]
        n_given = len(pool)
        consts: dict = {}
        if native:
            b = _layout.Folder(consts, anchor)
        else:
            b = ls._Builder(consts)
        for step in program:
            if step[0] == "add":
                r = b.add(pool[step[1] % len(pool)], pool[step[2] % len(pool)])
            elif step[0] == "align":
                r = b.align(pool[step[1] % len(pool)], step[2])
            else:
                r = b.index(step[1])
            pool.append(r)
        # values named by where they come from: the function (f<k>) or the
        # folder's k-th op (o<k>)
        names = {id(v): f"f{k}" for k, v in enumerate(pool[:n_given])}
        names.update({id(o.results[0]): f"o{k}" for k, o in enumerate(b.out)})
        trace = [names[id(v)] for v in pool[n_given:]]
        ops = [(o.name, "".join(p if isinstance(p, str) else f"<{names[id(o.operands[p])]}>" for p in o.tmpl))
               for o in b.out]
        return trace, ops

    assert isinstance(ls._Builder({}), IndexFolder)
    assert run(True) == run(False)


@pytest.mark.parametrize("shape", ["single", "spread"])
def test_pack_walk_is_the_recursive_walk(shape):
    """_layout.pack_walk lists the packs and the blocks to rebuild in the
    order of the recursive Python walk in its docstring."""
    module = parse(generate_module(5, n_ops=300, config=GenConfig(affinities=False, shape=shape)))
    run_deep(schedule_allocation, module)
    blocks = [blk for fn in module.ops for r in fn._regions for blk in r.blocks]
    want: list = []

    def walk(block):
        found = False
        for op in block.ops:
            for r in op._regions:
                for blk in r.blocks:
                    walk(blk)
            if op.name == "stream.resource.pack":
                want.append(op)
                found = True
        if found:
            want.append(block)

    for block in blocks:
        walk(block)
    got = _layout.pack_walk(blocks, "stream.resource.pack")
    assert any(isinstance(x, Op) for x in want)
    assert len(got) == len(want) and all(a is b for a, b in zip(got, want))


def test_constant_templates_are_per_run_state():
    """The arith.constant templates live in the table a run passes in (the
    folders of one run share one list per value), never in module state:
    without a table each constant gets its own list, and two runs share
    nothing."""
    from fastalloc.ir.rewriter import index_constant, index_constant_tmpl

    assert index_constant_tmpl(16) == ["arith.constant 16 : index"]
    assert index_constant_tmpl(16) is not index_constant_tmpl(16)
    assert index_constant(16).tmpl is not index_constant(16).tmpl
    table: dict = {}
    assert index_constant_tmpl(16, table) is index_constant_tmpl(16, table) is table[16]
    assert index_constant(16, table).tmpl is table[16]
    for fold in (lambda consts, t: _layout.Folder(consts, None, None, t), lambda consts, t: ls._Builder(consts, t)):
        run1: dict = {}
        a, b = fold({}, run1), fold({}, run1)
        assert a.index(48).owner.tmpl is b.index(48).owner.tmpl is run1[48]
        run2: dict = {}
        assert fold({}, run2).index(48).owner.tmpl is not run1[48]
        assert fold({}, None).index(48).owner.tmpl is not run1[48]
    # a layout-slices run fills its own table and leaves nothing behind
    module = parse(generate_module(3, n_ops=200, config=GenConfig(affinities=False)))
    schedule_allocation(module)
    ls.layout_slices(module)
    assert index_constant_tmpl(0) is not index_constant_tmpl(0)


# ---------------------------------------------------------------------------
# Module.release_unreachable
# ---------------------------------------------------------------------------


def _owner_in_module(module) -> set:
    live = set()
    for op in module.walk():
        live.add(id(op))
        for r in op._regions:
            for b in r.blocks:
                live.add(id(b))
    return live


@pytest.mark.parametrize("seed", [0, 5])
def test_passes_release_what_they_replaced(seed):
    text = generate_module(seed, n_ops=500)
    module = parse(text)
    n_async = sum(1 for op in module.walk() if op.name.startswith("stream.async."))
    run_deep(schedule_allocation, module)
    live = _owner_in_module(module)
    kept = [v for v in module.values if v is not None]
    # every value left in the table belongs to the module; the replaced
    # ops' results became tombstones (ids did not move)
    assert all(id(v.owner) in live for v in kept)
    assert all(module.values[v.id] is v for v in kept)
    assert sum(v is None for v in module.values) >= n_async // 2
    _check_use_lists_exact(module)
    before = module.print()
    assert module.release_unreachable() == 0  # nothing left to release
    assert module.print() == before
    run_deep(ls.layout_slices, module)
    assert all(id(v.owner) in live or id(v.owner) in _owner_in_module(module)
               for v in module.values if v is not None)
    assert not any(op.name == "stream.resource.pack" for op in module.walk())


def test_release_keeps_a_value_a_live_op_still_uses():
    text = """util.func public @f(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %a = arith.addi %n, %c1 : index
  %b = arith.addi %a, %c1 : index
  %c = arith.addi %a, %a : index
  util.return %c : index
}
"""
    module = parse(text)
    block = module.ops[0].regions[0].blocks[0]
    c1, a, b, c, ret = block.ops
    # b is erased (its uses dropped): released.  a is detached without
    # dropping anything while c still uses it: kept, owner and entry intact.
    b.erase()
    block.ops.remove(a)
    a.parent = None
    released = module.release_unreachable()
    assert released == 1
    assert module.values[b.results[0].id] is None and b.results[0].owner is None
    assert module.values[a.results[0].id] is a.results[0] and a.results[0].owner is a
    assert [u for u, _ in a.results[0].uses] == [c, c]
    # a's own operand uses were dropped (it is not in the module)
    assert [u for u, _ in c1.results[0].uses] == []


def test_release_frees_the_replaced_ops_without_the_collector():
    import gc

    def alive(name):
        return sum(1 for o in gc.get_objects() if isinstance(o, Op) and o.name == name)

    text = generate_module(2, n_ops=200)
    gc.collect()
    gc.disable()
    try:
        module = parse(text)
        assert alive("stream.async.execute") > 0
        run_deep(schedule_allocation, module)
        # the replaced ops (region ops included) are freed by reference
        # counting alone, before the module is
        assert alive("stream.async.execute") == 0
        assert alive("stream.async.dispatch") == 0
        out = module.print()
        module.dispose()
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert "stream.cmd.execute" in out


def test_the_sweep_releases_the_ops_it_replaces(monkeypatch):
    """The conversion sweep frees each replaced region op (and its results'
    table entries) itself, without the module-wide release at the end."""
    import gc

    import fastalloc.ir._uses as uses

    def alive(name):
        return sum(1 for o in gc.get_objects() if isinstance(o, Op) and o.name == name)

    text = generate_module(2, n_ops=200)
    monkeypatch.setattr(uses, "_release_unreachable", lambda *a: 0)
    gc.collect()
    gc.disable()
    try:
        module = parse(text)
        n_values = sum(v is not None for v in module.values)
        assert alive("stream.async.dispatch") > 0
        run_deep(schedule_allocation, module)
        assert alive("stream.async.dispatch") == 0
        assert alive("stream.async.splat") == 0
        assert sum(v is None for v in module.values) >= n_values // 4
        live = _owner_in_module(module)
        # what is left in the table and not released by the sweep: the
        # execute ops and their yields, nothing of their regions' ops
        for v in module.values:
            if v is not None and id(v.owner) not in live:
                assert v.owner.name in ("stream.async.execute", "stream.yield"), v.owner.name
        _check_use_lists_exact(module)
        module.dispose()
    finally:
        gc.enable()


@pytest.mark.parametrize("seed", [0, 3])
def test_release_keeps_the_fused_locations_of_live_ops(seed, monkeypatch):
    """Ops the passes build carry fused locations computed when printed, from
    the ops and values they replaced: releasing those must not change a
    single printed location (the same run without the release is the
    reference)."""
    import fastalloc.ir._uses as uses

    text = generate_module(seed, n_ops=400)

    def run(release: bool) -> str:
        if not release:
            monkeypatch.setattr(uses, "_release_unreachable", lambda *a: 0)
        module = parse(text)
        run_deep(schedule_allocation, module)
        out = module.print(debuginfo=True)
        run_deep(ls.layout_slices, module)
        out += module.print(debuginfo=True, local_scope=True)
        monkeypatch.undo()
        return out

    released = run(True)
    kept = run(False)
    assert "fused[" in kept or kept.count("loc(") > 100
    assert released == kept
