"""The compiled binding loop of the dispatch / call conversion
(``fastalloc.passes._convert._cv_bind``, ``_cv_add_values``; used by
:mod:`fastalloc.passes.convert`).

The reference is the Python loop the compiled one replaced (kept here, as it
was, over the public scope API: ``AllocationScope.add_values``).  Both run on
the same op against two scopes set up identically; their outputs and the ops
each scope queued (offset additions, folded constants) must be the same, value
for value, with new values compared by what defines them.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc.passes import _convert
from fastalloc.ir.model import Op, Value
from fastalloc.ir.rewriter import constant_int, index_constant as make_index_constant
from fastalloc.passes.scope import AllocationScope, ResourceRange

T = "!stream.resource<transient>"

READ, WRITE, READ_WRITE = 1, 2, 3


def _reference_bind(op: Op, scope: AllocationScope, base: int, primitives_in_place: bool):
    """The replaced Python loop (convert._bind at 10e88a6), with the result
    shaped as _cv_bind returns it."""
    segs = op.segments
    o = op.operands
    a = sum(segs[:base])
    n_res, n_sizes, n_offsets, n_ends, n_lengths, n_results = segs[base : base + 6]
    resources = o[a : a + n_res]
    head = o[:a]
    a += n_res + n_sizes
    offsets = o[a : a + n_offsets]
    a += n_offsets + n_ends
    lengths = o[a : a + n_lengths]
    a += n_lengths
    result_sizes = o[a : a + n_results]
    tied = op._props.get("tied_operands") or ()
    ranges = scope.ranges
    add = scope.add_values
    primitives, operands, sizes, b_offsets, b_lengths, accesses = [], [], [], [], [], []
    prim = operands if primitives_in_place else primitives
    resource_index = 0
    for i, operand in enumerate(resources):
        if not operand.type.startswith("!stream.resource<"):
            prim.append(operand)
            continue
        rng = ranges[operand]
        operands.append(rng.resource)
        sizes.append(rng.resource_size)
        b_offsets.append(add(rng.offset, offsets[resource_index]))
        b_lengths.append(lengths[resource_index])
        accesses.append(READ_WRITE if i in tied else READ)
        resource_index += 1
    for k, result in enumerate(op.results):
        if k < len(tied) and tied[k] >= 0:
            continue
        rng = ranges[result]
        operands.append(rng.resource)
        sizes.append(rng.resource_size)
        b_offsets.append(rng.offset)
        b_lengths.append(result_sizes[k])
        accesses.append(WRITE)
    n_prims = len(prim) if not primitives_in_place else sum(1 for v in operands if not v.type.startswith("!"))
    flat = [*head, *primitives, *operands, *sizes, *b_offsets, *b_lengths]
    return flat, n_prims, len(sizes), accesses


class _Pool:
    """Index values an offset can be: two distinct constant 0s, two other
    constants, two values defined by no constant (a block argument, a
    non-constant op result)."""

    def __init__(self) -> None:
        self.values = [make_index_constant(n).results[0] for n in (0, 0, 16, 48)]
        self.values.append(Value("index", name_hint="arg"))
        sub = Op("arith.subi")
        sub.results.append(Value("index", sub, 0))
        self.values.append(sub.results[0])
        self.names = {v: f"p{i}" for i, v in enumerate(self.values)}

    def key(self, v: Value) -> object:
        """A value by what it is: pool member, input, or the op that made it."""
        name = self.names.get(v)
        if name is not None:
            return name
        owner = v.owner
        if isinstance(owner, Op) and owner.name.startswith("arith."):
            return (owner.name, constant_int(v), tuple(self.key(x) for x in owner.operands))
        return ("input", id(v))


@st.composite
def _ops(draw):
    kind = draw(st.sampled_from(["dispatch", "call"]))
    n_workload = draw(st.integers(0, 2)) if kind == "dispatch" else 0
    is_res = draw(st.lists(st.booleans(), min_size=0, max_size=6))
    if not any(is_res) and is_res:
        is_res[0] = True
    n_results = draw(st.integers(0, 4))
    n_bound = sum(is_res)
    tied = [draw(st.sampled_from([-1, *range(len(is_res))])) for _ in range(n_results)]
    tied = [t if t < 0 or is_res[t] else -1 for t in tied]
    with_tied_prop = draw(st.booleans()) or any(t >= 0 for t in tied)
    offsets = draw(st.lists(st.integers(0, 5), min_size=n_bound, max_size=n_bound))
    range_offsets = draw(st.lists(st.integers(0, 5), min_size=n_bound + n_results, max_size=n_bound + n_results))
    cached = draw(st.lists(st.booleans(), min_size=6, max_size=6))
    return kind, n_workload, is_res, tied if with_tied_prop else None, offsets, range_offsets, cached


def _build_case(kind, n_workload, is_res, tied, offsets, range_offsets):
    pool = _Pool()
    idx = lambda: Value("index")  # noqa: E731
    resources = [Value(T) if r else Value("i32") for r in is_res]
    bound = [v for v in resources if v.type == T]
    sizes = [idx() for _ in bound]
    offs = [pool.values[k] for k in offsets]
    ends = [idx() for _ in bound]
    lengths = [idx() for _ in bound]
    n_results = len(tied) if tied is not None else 0
    result_sizes = [idx() for _ in range(n_results)]
    head = [idx() for _ in range(n_workload)]
    operands = [*head, *resources, *sizes, *offs, *ends, *lengths, *result_sizes]
    segments = [len(resources), len(sizes), len(offs), len(ends), len(lengths), n_results]
    if kind == "dispatch":
        segments = [n_workload, *segments]
    props = {"tied_operands": list(tied)} if tied is not None else {}
    op = Op.create(
        f"stream.async.{kind}",
        operands,
        segments=segments,
        result_types=[T] * n_results,
        props={**props, ("entry_points" if kind == "dispatch" else "callee"): "@f"},
    )
    storage = [(Value(T), idx()) for _ in bound + op.results]

    def scope() -> AllocationScope:
        s = AllocationScope(Op("stream.async.execute"), {})
        for k, v in enumerate(bound + op.results):
            res, size = storage[k]
            s.map_resource_range(v, ResourceRange(res, size, pool.values[range_offsets[k]], size))
        return s

    return pool, op, scope


def _run_both(pool, op, scope, kind, cached):
    base = 1 if kind == "dispatch" else 0
    in_place = kind == "call"

    def prepared() -> AllocationScope:
        s = scope()
        for v, c in zip(pool.values, cached):
            if c:  # the scope has seen this value already
                s.add_values(v, pool.values[4])
        s.before.clear()
        return s

    # one scope at a time (the ranges live on the values: the second scope takes them over)
    ref_scope = prepared()
    want = _reference_bind(op, ref_scope, base, in_place)
    new_scope = prepared()
    got = _convert._cv_bind(
        op.operands, op.segments, base, op._props.get("tied_operands"), op.results, new_scope.ranges,
        new_scope.constant_cache, constant_int, new_scope.add_values, in_place,
    )
    return pool, want, got, ref_scope, new_scope


@settings(max_examples=150, deadline=None)
@given(_ops())
def test_cv_bind_matches_the_python_loop(case):
    kind, n_workload, is_res, tied, offsets, range_offsets, cached = case
    pool, op, scope = _build_case(kind, n_workload, is_res, tied, offsets, range_offsets)
    pool, want, got, ref_scope, new_scope = _run_both(pool, op, scope, kind, cached)
    (wf, wp, wn, wa), (gf, gp, gn, ga) = want, got
    assert (gp, gn, ga) == (wp, wn, wa)
    assert [pool.key(v) for v in gf] == [pool.key(v) for v in wf]
    # Inputs come back as the very objects; only scope-made values differ.
    assert all(g is w for g, w in zip(gf, wf) if pool.names.get(w) or not isinstance(w.owner, Op))
    qk = lambda s: [(o.name, [pool.key(x) for x in o.operands], o._props.get("value")) for o in s.before]  # noqa: E731
    assert qk(new_scope) == qk(ref_scope)
    # The compiled loop reads and fills the scope's cache as add_values does.
    common = new_scope.constant_cache.keys() & ref_scope.constant_cache.keys()
    assert all(new_scope.constant_cache[v] == ref_scope.constant_cache[v] for v in common)


def test_cv_bind_many_operands_and_missing_range():
    # More resource operands than the compiled loop's stack buffer of tied marks.
    n = 70
    pool, op, scope = _build_case("dispatch", 1, [True] * n, [n - 1, -1], [0] * n, [2] * (n + 2))
    pool, want, got, _, _ = _run_both(pool, op, scope, "dispatch", [False] * 6)
    assert got[1:] == want[1:]
    assert got[3][n - 1] == READ_WRITE and got[3].count(READ_WRITE) == 1
    assert [pool.key(v) for v in got[0]] == [pool.key(v) for v in want[0]]

    empty = AllocationScope(Op("stream.async.execute"), {})
    with pytest.raises(KeyError) as info:
        _convert._cv_bind(op.operands, op.segments, 1, [n - 1, -1], op.results, empty.ranges, {}, constant_int,
                       empty.add_values, False)
    assert info.value.args[0] is op.operands[1]


def test_cv_bind_rejects_segments_that_do_not_fit():
    pool, op, scope = _build_case("call", 0, [True, True], [-1], [0, 0], [0, 0, 0])
    s = scope()
    with pytest.raises(ValueError, match="segments"):
        _convert._cv_bind(op.operands[:-1], op.segments, 0, None, op.results, s.ranges, {}, constant_int,
                       s.add_values, True)


def test_cv_add_values_is_add_values():
    pool = _Pool()
    for lhs in pool.values:
        for rhs in pool.values:
            a = AllocationScope(Op("stream.async.execute"), {})
            b = AllocationScope(Op("stream.async.execute"), {})
            want = a.add_values(lhs, rhs)
            got = _convert._cv_add_values(b.constant_cache, constant_int, b.add_values, lhs, rhs)
            assert pool.key(got) == pool.key(want)
            assert [o.name for o in b.before] == [o.name for o in a.before]
            if pool.names.get(want):
                assert got is want


@settings(max_examples=100, deadline=None)
@given(_ops(), st.sampled_from([None, {"stream.note": '"kept"', "plain": "1 : i32"}, {"plain": "1 : i32"}]))
def test_cv_dispatch_matches_the_python_converter(case, attrs):
    from fastalloc.passes import convert

    kind, n_workload, is_res, tied, offsets, range_offsets, cached = case
    pool, op, scope = _build_case("dispatch", n_workload, is_res, tied, offsets, range_offsets)
    if attrs is not None:
        op.attrs = dict(attrs)
    # one scope at a time (the ranges live on the values)
    ref_cv = convert._Conversion(scope())
    want = convert._apply_dispatch(op, ref_cv)
    new_cv = convert._Conversion(scope())
    got = new_cv.apply["stream.async.dispatch"](op, new_cv)
    assert got.name == want.name == "stream.cmd.dispatch"
    assert got.opdef is want.opdef
    assert got.segments == want.segments
    assert [pool.key(v) for v in got.operands] == [pool.key(v) for v in want.operands]
    assert got._props == want._props
    assert got._attrs == want._attrs
    assert (got._loc, got._src) == (want._loc, want._src)
    qk = lambda s: [(o.name, [pool.key(x) for x in o.operands]) for o in s.before]  # noqa: E731
    assert qk(new_cv.scope) == qk(ref_cv.scope)


# -- the compiled sweep (_CvSweep) and the dropping of replaced ops' uses --------


@pytest.mark.parametrize("n_workload, n_bound", [(1, 3), (0, 16), (4, 2), (2, 40)])
def test_sweep_dispatch_segments_shared_by_shape(n_workload, n_bound):
    """The compiled sweep's dispatches: the Python converter's segments, one
    list per shape (small shapes in its table, larger ones in its dict)."""
    from fastalloc.passes import convert

    n = n_bound
    pool, op, scope = _build_case("dispatch", n_workload, [True] * n + [False], [n - 1, -1], [0] * n, [1] * (n + 2))
    want = convert._apply_dispatch(op, convert._Conversion(scope()))
    cv = convert._Conversion(scope())
    first, again = cv.sweep.convert(op), cv.sweep.convert(op)
    assert first.segments == again.segments == want.segments == [n_workload, 1, n + 1, n + 1, n + 1, n + 1]
    assert first.segments is again.segments
    assert [pool.key(v) for v in first.operands] == [pool.key(v) for v in want.operands]


def _use_table(module):
    """Every value's use list, by positions: (op number in walk order, operand
    number) per use, in list order; values keyed by their defining op's
    number and result index (block arguments by block order)."""
    from fastalloc.ir.model import Block

    ops = list(module.walk())
    number = {op: k for k, op in enumerate(ops)}
    table = {}
    for k, op in enumerate(ops):
        values = [(("r", k, j), r) for j, r in enumerate(op.results)]
        for ri, region in enumerate(op._regions):
            for bi, block in enumerate(region.blocks):
                values += [(("a", k, ri, bi, j), a) for j, a in enumerate(block.args)]
        for key, v in values:
            table[key] = [(number.get(user, -1), i) for user, i in v.uses]
    return table


def _check_use_lists_exact(module):
    """Each operand slot of each op is in its value's list once, and nothing else is."""
    from collections import Counter

    slots = Counter()
    for op in module.walk():
        for i, v in enumerate(op.operands):
            assert (op, i) in v.uses, f"{op.name} operand {i} missing from its value's uses"
            slots[id(v)] += 1
    for op in module.walk():
        for v in op.operands:
            assert len(v.uses) == slots[id(v)], f"{v!r} has {len(v.uses)} uses, {slots[id(v)]} made"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_compiled_sweep_matches_the_python_converters(seed, monkeypatch):
    """schedule-allocation with the compiled converters and with every op
    through the Python ones: same text, same use lists (order included)."""
    from fastalloc._guard import run_deep
    from fastalloc.ir import parse
    from fastalloc.passes import convert
    from fastalloc.passes.schedule_allocation import schedule_allocation
    from fastalloc.testing.generator import generate_module

    text = generate_module(seed, n_ops=400)

    def run(native):
        if not native:
            monkeypatch.setattr(convert, "_CvSweep", lambda *a, **kw: _convert._CvSweep(*a[:-1], False, **kw))
        module = parse(text)
        run_deep(schedule_allocation, module)
        monkeypatch.undo()
        return module

    native, python = run(True), run(False)
    assert native.print() == python.print()
    _check_use_lists_exact(native)
    assert _use_table(native) == _use_table(python)
