"""The compiled range table of an allocation scope
(``fastalloc.passes._convert._RangeTable``, behind
``AllocationScope.map_resource_range`` and its batch forms).

The reference is the Python method the table replaced (kept here as it was,
over the scope's own dicts).  Unit tests pin the rules (first mapping wins,
the 0 offset filled in, aliases mapped with the set, a subview's own range
for the aliases below it, the located error for a missing source); the
differential test runs schedule-allocation with the reference in place of
the table and compares the printed modules.
"""

from __future__ import annotations

import pytest

from fastalloc.errors import FastallocError
from fastalloc.ir.model import Op, Value
from fastalloc.passes.scope import AllocationScope, ResourceRange

T = "!stream.resource<transient>"


def _reference_map(scope: AllocationScope, resource: Value, rng: ResourceRange) -> None:
    """AllocationScope.map_resource_range as it was in Python (a94636f)."""
    from fastalloc.passes.regions import find_subview_op

    ranges = scope._ranges
    if resource in ranges:
        return
    if rng.offset is None and rng.length is None:
        rng = ResourceRange(rng.resource, rng.resource_size, scope.lookup_or_create_index(0), rng.resource_size)
    ranges[resource] = rng
    members = scope.alias_sets.get(resource)
    if not members:
        return
    has_subview = any(getattr(m.owner, "name", None) == "stream.resource.subview" for m in members)
    for alias in members:
        if alias is resource or alias in ranges:
            continue
        sub = find_subview_op(alias) if has_subview else None
        if sub is None:
            ranges[alias] = rng
        else:
            ranges[alias] = ResourceRange(*sub.operands[:4])


def idx(name: str) -> Value:
    return Value("index", name_hint=name)


def _scope(alias_sets=None) -> AllocationScope:
    execute = Op.create("stream.cmd.execute", [], segments=[0, 0, 0], regions=1)
    return AllocationScope(execute, alias_sets or {})


def _tuple(r: ResourceRange):
    return (r.resource, r.resource_size, r.offset, r.length)


def test_first_mapping_wins_and_the_zero_offset_is_made_once():
    scope = _scope()
    a, b = Value(T), Value(T)
    size = idx("size")
    scope.map_resource_range(a, ResourceRange(a, size))
    rng = scope.lookup_resource_range(a)
    assert rng.resource is a and rng.resource_size is size and rng.length is size
    zero = rng.offset
    assert zero.owner.name == "arith.constant" and len(scope.before) == 1
    other = ResourceRange(b, size, idx("o"), size)
    scope.map_resource_range(a, other)  # already mapped: ignored
    assert scope.lookup_resource_range(a) is rng
    scope.map_resource_range(b, ResourceRange(b, size))
    assert scope.lookup_resource_range(b).offset is zero and len(scope.before) == 1


def test_aliases_take_the_range_of_the_first_mapped_member():
    a, b, c, d = (Value(T) for _ in range(4))
    members = [a, b, c]
    scope = _scope({a: members, b: members, c: members})
    scope.map_resource_range(d, ResourceRange(d, idx("dsz"), idx("doff"), idx("dlen")))
    rc = ResourceRange(d, idx("s"), idx("o"), idx("l"))
    scope.map_resource_range(c, rc)
    for v in (a, b, c):
        assert scope.lookup_resource_range(v) is rc
    assert scope.lookup_resource_range(d).resource is d


def test_a_subview_alias_gets_the_subviews_own_range():
    slab = Value(T)
    slab_size, off, length = idx("slab_size"), idx("off"), idx("len")
    sub = Op.create("stream.resource.subview", [slab, slab_size, off, length], segments=[1, 1, 1, 1],
                    result_types=[T])
    view = sub.results[0]
    members = [slab, view]
    scope = _scope({slab: members, view: members})
    whole = ResourceRange(slab, slab_size, idx("zero"), slab_size)
    scope.map_resource_range(slab, whole)
    assert scope.lookup_resource_range(slab) is whole
    assert _tuple(scope.lookup_resource_range(view)) == (slab, slab_size, off, length)


def test_batch_forms_are_the_single_call_in_order():
    vals = [Value(T) for _ in range(6)]
    s0, s1 = [vals[0], vals[3]], [vals[1], vals[4]]
    sets = {vals[0]: s0, vals[3]: s0, vals[1]: s1, vals[4]: s1}
    slab, total = Value(T), idx("total")
    offsets = [idx(f"o{k}") for k in range(4)]
    lengths = [idx(f"l{k}") for k in range(4)]
    targets = [vals[0], vals[1], vals[3], vals[2]]  # vals[3] gets vals[0]'s range (same set)
    # (one scope at a time: the ranges live on the values)
    single = _scope(sets)
    for v, o, n in zip(targets, offsets, lengths):
        _reference_map(single, v, ResourceRange(slab, total, o, n))
    expected = {k: _tuple(r) for k, r in single.ranges.items()}
    single.release()
    batch = _scope(sets)
    batch.map_resource_slices(targets, slab, total, offsets, lengths)
    assert {k: _tuple(r) for k, r in batch.ranges.items()} == expected
    assert batch.lookup_resource_range(vals[3]).offset is offsets[0]
    # map_resource_ranges_like: each target takes its source's range, in order
    batch.map_resource_ranges_like([vals[5]], [vals[4]])
    assert batch.lookup_resource_range(vals[5]) is batch.lookup_resource_range(vals[1])
    with pytest.raises(ValueError):
        batch.map_resource_slices(targets, slab, total, offsets[:2], lengths)


def test_ranges_live_on_the_values_until_release():
    """The table keeps each range on its value: a release forgets them all,
    a second table takes a value over (the first then reads it as
    unmapped), and a range object stored by one table is copied into
    another rather than shared."""
    a, b = Value(T), Value(T)
    size = idx("size")
    rng = ResourceRange(a, size, idx("o"), size)
    first = _scope()
    first.map_resource_range(a, rng)
    first.map_resource_range(b, ResourceRange(b, size, idx("p"), size))
    assert first.lookup_resource_range(a) is rng and list(first.ranges) == [a, b] and len(first.ranges) == 2
    assert a._scratch is rng
    second = _scope()
    second.map_resource_range(a, rng)  # stored by first: second gets its own copy
    copy = second.lookup_resource_range(a)
    assert copy is not rng and _tuple(copy) == _tuple(rng)
    assert not first.has_resource_range(a) and first.has_resource_range(b)
    assert list(first.ranges) == [b] and first.ranges.get(a) is None
    with pytest.raises(FastallocError, match="storage not pre-allocated"):
        first.lookup_resource_range(a)
    first.release()  # leaves a (second's) alone
    assert a._scratch is copy and b._scratch is None and len(first.ranges) == 0
    second.release()
    assert a._scratch is None and not second.has_resource_range(a)
    with pytest.raises(KeyError):
        second.ranges[a]
    assert "not a value" not in second.ranges


def test_a_source_without_a_range_is_a_located_error():
    scope = _scope()
    v, w = Value(T), Value(T)
    with pytest.raises(FastallocError, match="storage not pre-allocated"):
        scope.map_resource_ranges_like([w], [v])
    assert not scope.has_resource_range(w)


def _zip_lists(a: list, b: list) -> tuple[list, list]:
    """``a`` and ``b`` cut to the shorter one's length (zip's pairs)."""
    n = min(len(a), len(b))
    return a[:n], b[:n]


@pytest.mark.parametrize("seed,shape", [(1, "single"), (2, "spread"), (3, "single")])
def test_schedule_allocation_with_the_reference_map_prints_the_same(seed, shape, monkeypatch):
    from fastalloc._guard import run_deep
    from fastalloc.ir import parse
    from fastalloc.passes.schedule_allocation import schedule_allocation
    from fastalloc.testing.generator import GenConfig, generate_module

    text = generate_module(seed, n_ops=600, config=GenConfig(shape=shape))

    def run(reference: bool) -> str:
        if reference:
            def slices(self, resources, resource, resource_size, offsets, lengths):
                for v, o, n in zip(resources, offsets, lengths, strict=True):
                    _reference_map(self, v, ResourceRange(resource, resource_size, o, n))

            def like(self, targets, sources):
                for t, s in zip(targets, sources, strict=True):
                    _reference_map(self, t, self.lookup_resource_range(s))

            monkeypatch.setattr(AllocationScope, "map_resource_range", _reference_map)
            monkeypatch.setattr(AllocationScope, "map_resource_slices", slices)
            def waves(self, concurrent):
                for op in concurrent:
                    block = op.regions[0].blocks[0]
                    like(self, *_zip_lists(block.args, op.group("resource_operands")))
                    results = [r for r in op.results if r.type.startswith("!stream.resource<")]
                    like(self, *_zip_lists(block.ops[-1].group("resource_operands"), results))

            monkeypatch.setattr(AllocationScope, "map_resource_ranges_like", like)
            monkeypatch.setattr(AllocationScope, "map_concurrent_ranges", waves)
        module = parse(text)
        run_deep(schedule_allocation, module)
        monkeypatch.undo()
        # every scope released its ranges
        assert all(v._scratch is None for v in module.values if v is not None)
        return module.print()

    assert run(False) == run(True)
