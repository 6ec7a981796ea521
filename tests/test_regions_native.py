"""region_arrays (compiled walk, fastalloc.passes._regions._region_scan) against the
Python computation it replaced, kept here as the reference.

The reference is the pure-Python region_arrays of commit df506a6 (several
walks over the ops, a dict + ``map`` per operand); every field of
:class:`RegionArrays` must come out equal, arrays with the same dtype.
"""

from __future__ import annotations

from array import array

from itertools import chain, compress, repeat
from operator import attrgetter, itemgetter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fastalloc.ir import parse
# _EDGE holds what the verifier rejects (a use before its definition): the
# compiled scan must still handle any model it is given, so it is parsed
# without verification.
from fastalloc.ir.parser import parse as parse_unverified
from fastalloc.passes import regions
from fastalloc.passes.regions import LIVE_IN, _TIED_PROP, _TIED_SEGMENT, region_arrays, tied_operand

_RESOURCE = "!stream.resource<"
_results = attrgetter("results")
_operands = attrgetter("operands")
_type = attrgetter("type")


def _ref_yield_pairs(region_op, block, pairs):
    tied = region_op._props.get("tied_operands") or ()
    if not tied:
        return
    inner = block.ops[-1].group("resource_operands")
    res = [r for r in region_op.results if r.type.startswith(_RESOURCE)]
    for i, _outer in enumerate(res):
        if i < len(tied) and tied[i] >= 0 and i < len(inner):
            pairs.append((inner[i], block.args[tied[i]]))


def _ref_collect_pairs(region_op, pairs):
    block = region_op._regions[0].blocks[0]
    _ref_yield_pairs(region_op, block, pairs)
    for op in block.ops:
        if op.name == "stream.async.concurrent":
            _ref_collect_pairs(op, pairs)
        if op.name in _TIED_SEGMENT or op.name in _TIED_PROP:
            for r in op.results:
                if r.type.startswith(_RESOURCE):
                    t = tied_operand(r)
                    if t is not None:
                        pairs.append((r, t))


def reference_region_arrays(execute_op):
    """The Python region_arrays of df506a6, returning the same fields."""
    block = execute_op._regions[0].blocks[0]
    ops = block.ops
    n_ops = len(ops)
    args = [a for a in block.args if a.type.startswith(_RESOURCE)]
    res_lists = list(map(_results, ops))
    all_res = list(chain.from_iterable(res_lists))
    is_res = np.fromiter(map(str.startswith, map(_type, all_res), repeat(_RESOURCE)), dtype=bool, count=len(all_res))
    res_owner = np.repeat(np.arange(n_ops, dtype=np.int64), np.fromiter(map(len, res_lists), np.int64, n_ops))
    top_results = list(compress(all_res, is_res.tolist()))
    top_def = res_owner[is_res]
    nested_ops, nested_pos, hack, hack_def, concurrent, pairs = [], [], [], [], [], []
    _ref_yield_pairs(execute_op, block, pairs)
    for i in [i for i, op in enumerate(ops) if op._regions]:
        op = ops[i]
        inner_ops = list(op.walk())[1:]
        nested_ops += inner_ops
        nested_pos += [i] * len(inner_ops)
        if op.name == "stream.async.concurrent":
            concurrent.append(op)
            concurrent += [o for o in inner_ops if o.name == "stream.async.concurrent"]
            used = set(chain.from_iterable(map(_operands, inner_ops)))
            for inner in inner_ops:
                for r in inner.results:
                    if r.type.startswith(_RESOURCE) and r not in used and tied_operand(r) is None:
                        hack.append(r)
                        hack_def.append(i)
            _ref_collect_pairs(op, pairs)
    for op in [op for op in ops if op.name in _TIED_SEGMENT]:
        r = op.results[0]
        if r.type.startswith(_RESOURCE):
            pairs.append((r, op.operands[0]))
    for op in [op for op in ops if op.name in _TIED_PROP and op._props.get("tied_operands")]:
        results = op.results
        operands = op.operands
        base = op.segments[0] if op.name == "stream.async.dispatch" else 0
        for i, k in enumerate(op._props["tied_operands"]):
            if k >= 0 and i < len(results):
                r = results[i]
                if r.type.startswith(_RESOURCE):
                    pairs.append((r, operands[k + base]))
    values = args + top_results
    n_args = len(args)
    n_ordered = len(values)
    index = dict(zip(values, range(n_ordered)))
    for v in hack:
        if v not in index:
            index[v] = len(values)
            values.append(v)
    n_hack = len(values) - n_ordered
    for v in chain.from_iterable(pairs):
        if v not in index:
            index[v] = len(values)
            values.append(v)
    n = len(values)
    def_op = np.zeros(n, dtype=np.int64)
    def_op[:n_args] = LIVE_IN
    def_op[n_args:n_ordered] = top_def
    def_op[n_ordered : n_ordered + n_hack] = hack_def
    all_ops = ops + nested_ops
    operand_lists = list(map(_operands, all_ops))
    counts = np.fromiter(map(len, operand_lists), np.int64, len(all_ops))
    local = np.fromiter(
        map(index.get, chain.from_iterable(operand_lists), repeat(-1)), dtype=np.int64, count=int(counts.sum())
    )
    pos = np.arange(len(all_ops), dtype=np.int64)
    pos[n_ops:] = nested_pos
    user = np.repeat(pos, counts)
    keep = (local >= 0) & (local < n_ordered)
    keep &= (local < n_args) | np.repeat(np.arange(len(all_ops)) < n_ops, counts)
    local = local[keep]
    use_ops = user[keep][np.argsort(local, kind="stable")]
    use_indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(local, minlength=n), out=use_indptr[1:])
    live_out = np.zeros(n, dtype=np.uint8)
    live_out[[index[v] for v in ops[-1].group("resource_operands") if v in index]] = 1
    live_out[n_ordered:] = 0
    nested = np.zeros(n, dtype=np.uint8)
    nested[n_ordered:] = 1
    aliasee = np.array([index[a] for a, _ in pairs], dtype=np.int64)
    aliaser = np.array([index[b] for _, b in pairs], dtype=np.int64)
    return dict(
        values=values, index=index, def_op=def_op, use_indptr=use_indptr, use_ops=use_ops, live_out=live_out,
        nested=nested, aliasee=aliasee, aliaser=aliaser, n_args=n_args, n_ordered=n_ordered, n_hack=n_hack,
        concurrent=concurrent,
    )


_ARRAYS = ("def_op", "use_indptr", "use_ops", "live_out", "nested", "aliasee", "aliaser")


def _check_module(module) -> int:
    """Compare every execute region of ``module``; returns how many."""
    executes = [op for op in module.walk() if op.name == "stream.async.execute"]
    for ex in executes:
        want = reference_region_arrays(ex)
        got = region_arrays(ex)
        for f in _ARRAYS:
            a, b = getattr(got, f), want[f]
            # array.array (the passes' path imports no numpy), same item type
            assert isinstance(a, array) and np.asarray(a).dtype == b.dtype, f
            np.testing.assert_array_equal(a, b, err_msg=f)
        assert got.values == want["values"]  # identity: Value has no __eq__
        assert list(got.index.items()) == list(want["index"].items())
        assert got.concurrent == want["concurrent"]
        assert (got.n_args, got.n_ordered, got.n_hack) == (want["n_args"], want["n_ordered"], want["n_hack"])
    return len(executes)


#: Generated modules of every shape the region walks meet (the generator's arguments).
_GENERATED = dict(
    seed=st.integers(0, 10**6),
    n_ops=st.integers(5, 300),
    depth=st.integers(0, 4),
    shape=st.sampled_from(["auto", "spread", "single"]),
    unused=st.booleans(),
    const_in=st.booleans(),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**_GENERATED, style=st.sampled_from(["printed", "lit"]))
def test_region_scan_matches_python(seed, n_ops, depth, shape, unused, const_in, style):
    from fastalloc.testing.generator import GenConfig, generate_module

    cfg = GenConfig(
        shape=shape, max_concurrent_depth=depth, unused_concurrent_results=unused, constant_in_concurrent=const_in,
        style=style,
    )
    _check_module(parse(generate_module(seed, n_ops=n_ops, config=cfg)))


def test_region_scan_after_hoisting():
    """As the pass calls it: nested constants hoisted first."""
    from fastalloc.passes.schedule_allocation import _hoist_nested_constants
    from fastalloc.testing.generator import GenConfig, generate_module

    cfg = GenConfig(constant_in_concurrent=True, unused_concurrent_results=True, shape="single")
    module = parse(generate_module(5, n_ops=400, config=cfg))
    for ex in [op for op in module.walk() if op.name == "stream.async.execute"]:
        _hoist_nested_constants(ex)
    assert _check_module(module) >= 1


# Hand-made: nested concurrent regions with tied and untied results, an
# unused nested result, a tied dispatch with a workload, a block argument used
# only by a nested op, a forward reference (the parser accepts it; the walk
# must still see the use), and a non-resource result.
_EDGE = """
util.global private @dev : !hal.device
stream.executable private @ex {
  stream.executable.export public @f workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}
util.func public @main(%in: !stream.resource<external>, %sz: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c255_i32 = arith.constant 255 : i32
  %r, %tp = stream.async.execute with(%in as %a: !stream.resource<external>{%sz}) -> %in as !stream.resource<external>{%sz} {
    %s = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c8}
    %w:2 = stream.async.concurrent with(%s as %b: !stream.resource<transient>{%c8}, %a as %aa: !stream.resource<external>{%sz}) -> (%s as !stream.resource<transient>{%c8}, !stream.resource<transient>{%c4}) {
      %u = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c4}
      %v = stream.async.fill %c255_i32, %b[%c0 to %c4 for %c4] : i32 -> %b as !stream.resource<transient>{%c8}
      %inner:2 = stream.async.concurrent with(%v as %vv: !stream.resource<transient>{%c8}) -> (%v as !stream.resource<transient>{%c8}, !stream.resource<transient>{%c4}) {
        %d = stream.async.dispatch @ex::@f[%c4](%vv[%c0 to %c8 for %c8]) : (!stream.resource<transient>{%c8}) -> %vv{%c8}
        %x = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c4}
        stream.yield %d, %x : !stream.resource<transient>{%c8}, !stream.resource<transient>{%c4}
      }
      %z = stream.async.clone %aa : !stream.resource<external>{%sz} -> !stream.resource<transient>{%sz}
      stream.yield %inner#0, %inner#1 : !stream.resource<transient>{%c8}, !stream.resource<transient>{%c4}
    }
    %f = stream.async.copy %w#1[%c0 to %c4], %late[%c0 to %c4], %c4 : !stream.resource<transient>{%c4} -> %late as !stream.resource<transient>{%c4}
    %late = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c4}
    %t = stream.async.dispatch @ex::@f[%c8](%a[%c0 to %sz for %sz], %w#0[%c0 to %c8 for %c8]) : (!stream.resource<external>{%sz}, !stream.resource<transient>{%c8}) -> %a{%sz}
    stream.yield %t : !stream.resource<external>{%sz}
  } => !stream.timepoint
  %ready = stream.timepoint.await %tp => %r : !stream.resource<external>{%sz}
  util.return %ready : !stream.resource<external>
}
"""


def test_region_scan_edge_cases():
    module = parse_unverified(_EDGE)
    assert _check_module(module) == 1
    ex = next(op for op in module.walk() if op.name == "stream.async.execute")
    got = region_arrays(ex)
    names = [v.name_hint for v in got.values]
    # args, top-level results, then the unused untied nested results, then
    # the other nested values of alias pairs.
    assert got.n_args == 1 and names[0] == "a"
    top = names[got.n_args : got.n_ordered]
    assert top[0] == "s" and "late" in top and "t" in top
    hack = names[got.n_ordered : got.n_ordered + got.n_hack]
    assert hack == ["u", "z"]
    assert len(got.concurrent) == 2
    # %late is used by the copy before it: the use is counted.
    late = got.index[next(v for v in got.values if v.name_hint == "late")]
    f_pos = next(i for i, op in enumerate(ex.regions[0].blocks[0].ops) if op.name == "stream.async.copy")
    assert f_pos in got.use_ops[got.use_indptr[late] : got.use_indptr[late + 1]].tolist()
    # %a's nested use (the clone inside %w) counts at %w's position.
    w_pos = next(i for i, op in enumerate(ex.regions[0].blocks[0].ops) if op.name == "stream.async.concurrent")
    assert w_pos in got.use_ops[got.use_indptr[0] : got.use_indptr[1]].tolist()


def test_region_scan_rejects_non_list_ops():
    """The compiled walk takes the model's lists; anything else is a TypeError, not a crash."""
    from fastalloc.kernels.alias import alias_sets
    from fastalloc.passes import _regions

    module = parse_unverified(_EDGE)
    ex = next(op for op in module.walk() if op.name == "stream.async.execute")
    block = ex.regions[0].blocks[0]

    class FakeBlock:
        ops = tuple(block.ops)
        args = block.args

    with pytest.raises(TypeError):
        _regions._region_scan(ex, FakeBlock(), [], regions._TIED_KIND, "!stream.resource<", "stream.async.concurrent")


_OP_FIELDS = ("name", "operands", "results", "_regions", "_props", "_attrs", "parent", "_loc", "_src", "dloc",
              "segments", "tmpl", "opdef")


def _as_subclass(op, cls):
    """A copy of ``op`` of class ``cls`` (a Python subclass of Op) put in its
    place: the parent's op list, its results' owner, its operands' uses."""
    new = cls.__new__(cls)
    for f in _OP_FIELDS:
        setattr(new, f, getattr(op, f))
    for r in op.results:
        r.owner = new
    for region in op._regions:
        region.parent = new
    for i, v in enumerate(op.operands):
        v.uses.pop((op, i), None)
        v.uses[(new, i)] = None
    ops = op.parent.ops
    ops[ops.index(op)] = new
    return new


def test_region_scan_other_op_classes():
    """Ops of a Python subclass of Op are read as Op's fields: same arrays."""
    from fastalloc.ir.model import Op
    from fastalloc.testing.generator import GenConfig, generate_module

    class OtherOp(Op):
        __slots__ = ()

    module = parse(generate_module(3, n_ops=150, config=GenConfig(unused_concurrent_results=True)))
    n = 0
    for k, op in enumerate(list(module.walk())):
        if k % 3 == 0 and type(op) is Op and op.parent is not None:
            _as_subclass(op, OtherOp)
            n += 1
    assert n > 10 and sum(type(op) is OtherOp for op in module.walk()) == n
    assert _check_module(module) >= 1


def test_region_scan_bad_tied_operand_is_an_error():
    """A tied_operands entry past the operands raises IndexError (as the
    Python walk did), never reads past the list."""
    module = parse_unverified(_EDGE)
    ex = next(op for op in module.walk() if op.name == "stream.async.execute")
    disp = [op for op in ex.regions[0].blocks[0].ops if op.name == "stream.async.dispatch"][-1]
    disp.props["tied_operands"] = [40]
    with pytest.raises(IndexError):
        region_arrays(ex)
    with pytest.raises(IndexError):
        reference_region_arrays(ex)


# -- result_size ------------------------------------------------------------


def reference_result_size(value):
    """The Python result_size of df506a6."""
    from fastalloc.ir.model import Op
    from fastalloc.passes.regions import _RESULT_SIZE_AT

    op = value.owner
    if not isinstance(op, Op):
        return None
    spec = _RESULT_SIZE_AT.get(op.name)
    if spec is None:
        return None
    k, start, per_result = spec
    segs = op.segments
    n = segs[k]
    if start < 0:
        start = sum(segs[:k])
    if per_result:
        i = value.index
        return op.operands[start + i] if i < n else None
    return op.operands[start] if n else None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n_ops=st.integers(5, 200), shape=st.sampled_from(["auto", "spread", "single"]))
def test_result_size_matches_python(seed, n_ops, shape):
    from fastalloc.testing.generator import GenConfig, generate_module

    module = parse(generate_module(seed, n_ops=n_ops, config=GenConfig(shape=shape, unused_concurrent_results=True)))
    seen = 0
    for op in module.walk():
        for v in op.results:
            want = reference_result_size(v)
            assert regions.result_size(v) is want
            seen += want is not None
        for r in op._regions:
            for b in r.blocks:
                for a in b.args:
                    assert regions.result_size(a) is None
    assert seen > 0


def test_result_size_edge_cases():
    from fastalloc.ir.model import Op, Value

    module = parse_unverified(_EDGE)
    ops = list(module.walk())
    ex = next(op for op in ops if op.name == "stream.async.execute")
    # per-result sizes after variadic segments: the execute's result and timepoint
    r, tp = ex.results
    assert regions.result_size(r) is ex.group("result_sizes")[0]
    assert regions.result_size(tp) is None  # past result_sizes
    assert regions.result_size(Value("index")) is None  # no owner
    c = next(op for op in ops if op.name == "arith.constant")
    assert regions.result_size(c.results[0]) is None  # not a stream op

    class OtherOp(Op):
        __slots__ = ()

    splat = next(op for op in ops if op.name == "stream.async.splat")
    want = splat.group("result_size")[0]
    splat = _as_subclass(splat, OtherOp)
    assert type(splat) is OtherOp
    assert regions.result_size(splat.results[0]) is want


# -- alias groups -------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(1, 40),
    pairs=st.lists(st.tuples(st.integers(0, 39), st.integers(0, 39)), max_size=60),
)
def test_alias_groups_match_python(n, pairs):
    from fastalloc.kernels.alias import alias_sets
    from fastalloc.passes import _regions

    pairs = [(a % n, b % n) for a, b in pairs]
    aliasee = np.array([a for a, _ in pairs], dtype=np.int64)
    aliaser = np.array([b for _, b in pairs], dtype=np.int64)
    _leader, indptr, members = alias_sets(n, aliasee, aliaser)
    values = [object() for _ in range(n)]
    want: dict = {}
    ip, mem = indptr.tolist(), members.tolist()
    for k in range(len(ip) - 1):
        group = [values[m] for m in mem[ip[k] : ip[k + 1]]]
        for v in group:
            want[v] = group
    got = _regions._alias_groups(values, indptr, members)
    assert list(got.items()) == list(want.items())
    # one list object per set, shared by its members
    for v, group in got.items():
        assert all(got[w] is group for w in group)


def test_alias_groups_bad_arrays():
    from fastalloc.kernels.alias import alias_sets
    from fastalloc.passes import _regions

    values = [object(), object()]
    with pytest.raises(ValueError, match="member 1 is value 5 of 2"):
        _regions._alias_groups(values, np.array([0, 2], dtype=np.int64), np.array([0, 5], dtype=np.int64))
    with pytest.raises(ValueError, match="set 0 spans members"):
        _regions._alias_groups(values, np.array([0, 3], dtype=np.int64), np.array([0, 1], dtype=np.int64))


# -- _mentions_affinity -----------------------------------------------------------


def _ref_mentions_affinity(ops) -> bool:
    """schedule_allocation._mentions_affinity's walk as it was in Python (a94636f)."""
    stack = [ops]
    while stack:
        for op in stack.pop():
            props = op._props
            if props and ("affinity" in props or "target_affinity" in props):
                return True
            attrs = op._attrs
            if attrs and ("stream.affinity" in attrs or "stream.affinity.default" in attrs):
                return True
            if op.opdef is None and op.tmpl and isinstance(op.tmpl[0], str) and "affinity" in op.tmpl[0]:
                return True
            for region in op._regions:
                for block in region.blocks:
                    stack.append(block.ops)
    return False


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("affinities", [False, True])
def test_mentions_affinity_matches_the_python_walk(seed, affinities):
    from types import MappingProxyType

    from fastalloc.ir.model import SharedProps
    from fastalloc.passes import _regions
    from fastalloc.testing.generator import GenConfig, generate_module

    module = parse(generate_module(seed, n_ops=300, config=GenConfig(affinities=affinities)))
    got = _regions._mentions_affinity(module.body.ops)
    assert got == _ref_mentions_affinity(module.body.ops)
    if not affinities:
        assert got is False
        # each way of writing one, on the most deeply nested op of the module
        deepest = max(module.walk(), key=lambda op: len(list(_ancestors(op))))
        for where, value in (("props", {"affinity": "#hal.device.affinity<@d>"}),
                             ("props", {"target_affinity": "#hal.device.affinity<@d>"}),
                             ("attrs", {"stream.affinity": "#hal.device.affinity<@d>"}),
                             ("attrs", {"stream.affinity.default": "#hal.device.affinity<@d>"}),
                             # the parser's shared (dict subclass) and read-only (not a dict) mappings
                             ("props", SharedProps({"target_affinity": "#hal.device.affinity<@d>"})),
                             ("attrs", MappingProxyType({"stream.affinity": "#hal.device.affinity<@d>"}))):
            saved = deepest._props, deepest._attrs
            if where == "props":
                deepest._props = value
            else:
                deepest._attrs = value
            assert _regions._mentions_affinity(module.body.ops) is True
            assert _ref_mentions_affinity(module.body.ops) is True
            deepest._props, deepest._attrs = saved
        assert _regions._mentions_affinity(module.body.ops) is False


def _ancestors(op):
    block = op.parent
    while block is not None and block.parent is not None and block.parent.parent is not None:
        owner = block.parent.parent
        if not hasattr(owner, "parent"):
            return
        yield owner
        block = owner.parent


def test_mentions_affinity_in_the_text_of_an_uninterpreted_op():
    from fastalloc.ir.rewriter import text_op
    from fastalloc.passes import _regions

    plain = text_op("foo.bar", ["foo.bar {x = 1}"])
    marked = text_op("foo.bar", ["foo.bar {stream.affinity = #hal.device.affinity<@d>}"])
    assert _regions._mentions_affinity([plain]) is False
    assert _regions._mentions_affinity([plain, marked]) is True
    assert _regions._mentions_affinity([]) is False


# -- the driver's walk (_post_order_prefixed) and fused-location parts (_owners) ----------


def _ref_post_order(op, execute_name):
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                if inner.regions and inner.name != execute_name:
                    yield from _ref_post_order(inner, execute_name)
                else:
                    yield inner
    yield op


@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize("prefix", ["stream.async.", "stream.async.execute", "arith.", "util.func", "none."])
def test_post_order_prefixed_matches_the_python_walk(seed, prefix):
    from fastalloc.passes import _regions
    from fastalloc.testing.generator import generate_module

    module = parse(generate_module(seed, n_ops=300))
    for top in module.ops:
        want = [x for x in _ref_post_order(top, "stream.async.execute") if x.name.startswith(prefix)]
        got = _regions._post_order_prefixed(top, prefix, "stream.async.execute")
        assert len(got) == len(want) and all(a is b for a, b in zip(got, want))
    # executes are met (post-order: after what precedes them), never entered
    tops = [t for t in module.ops if t.regions]
    found = [x for t in tops for x in _regions._post_order_prefixed(t, "stream.async.", "stream.async.execute")]
    assert any(x.name == "stream.async.execute" for x in found)
    assert all(x.parent.parent.parent.name != "stream.async.execute" for x in found)


def test_post_order_prefixed_enters_every_other_region():
    from fastalloc.passes import _regions

    text = """util.func public @f(%c: i1) {
  scf.if %c {
    scf.if %c {
      %t = stream.timepoint.immediate => !stream.timepoint
    }
  }
  util.return
}
"""
    top = parse(text).ops[0]
    assert [x.name for x in _regions._post_order_prefixed(top, "stream.", "scf.if")] == []
    # (the scf.yield terminators are implicit: not in the blocks)
    assert [x.name for x in _regions._post_order_prefixed(top, "s", "none")] == [
        "stream.timepoint.immediate", "scf.if", "scf.if"]
    assert [x.name for x in _regions._post_order_prefixed(top, "u", "none")] == ["util.return", "util.func"]
    with pytest.raises(TypeError):
        _regions._post_order_prefixed(None, "s", "none")


def test_owners_name_results_by_their_ops():
    from fastalloc.passes import _regions

    text = """util.func public @f(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %a = arith.addi %n, %c1 : index
  util.return %a : index
}
"""
    top = parse(text).ops[0]
    block = top.regions[0].blocks[0]
    n = block.args[0]
    c1, a = block.ops[0].results[0], block.ops[1].results[0]
    got = _regions._owners([a, n, c1, a])
    assert got[0] is block.ops[1] and got[1] is n and got[2] is block.ops[0] and got[3] is block.ops[1]
    assert _regions._owners([]) == []
    with pytest.raises(TypeError):
        _regions._owners([block.ops[0]])


# -- where constants escape to (_escaping_results, _tied_yield_results, _used_beyond) ------


def _ref_find_tied_yield_result(value, execute_op):
    """Specification: the seed's findTiedYieldResult (ScheduleAllocation.cpp) over the public model API."""
    from fastalloc.passes.regions import tied_results

    work = [value]
    while work:
        v = work.pop()
        for user, idx in reversed(v.uses):
            if user.name == "stream.yield":
                if user.parent is execute_op.regions[0].blocks[0]:
                    return execute_op.results[idx]
                continue
            if user.opdef is not None:
                work.extend(tied_results(user, idx))
    return None


def _ref_find_escaping_result_value(value):
    """Specification over the public model API: the execute result a value escapes to, following tied results
    and yields outward (the seed's handling of escaping constant uploads, ScheduleAllocation.cpp)."""
    from fastalloc.passes.regions import tied_results

    work = list(reversed(value.uses))
    while work:
        user, idx = work.pop()
        if user.name == "stream.yield":
            parent = user.parent.parent.parent
            outer = parent.results[idx]
            if parent.name == "stream.async.execute":
                return outer
            work.extend(reversed(outer.uses))
        elif user.opdef is not None:
            for r in tied_results(user, idx):
                work.extend(reversed(r.uses))
    return None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**_GENERATED)
def test_escapes_match_python(seed, n_ops, depth, shape, unused, const_in):
    from fastalloc.passes import _regions
    from fastalloc.passes.regions import _TIED_KIND
    from fastalloc.testing.generator import GenConfig, generate_module

    cfg = GenConfig(shape=shape, max_concurrent_depth=depth, unused_concurrent_results=unused,
                    constant_in_concurrent=const_in)
    module = parse(generate_module(seed, n_ops=n_ops, config=cfg))
    for ex in [op for op in module.walk() if op.name == "stream.async.execute"]:
        # every resource value of the region (constants and all others, nested ones too)
        values = [r for op in ex.walk() if op is not ex for r in op.results if r.type.startswith(_RESOURCE)]
        values += [a for a in ex.regions[0].blocks[0].args]
        esc = _regions._escaping_results(values, _TIED_KIND, "stream.yield", "stream.async.execute")
        tyr = _regions._tied_yield_results(values, ex, _TIED_KIND, "stream.yield")
        beyond = _regions._used_beyond(values, "stream.yield")
        for k, v in enumerate(values):
            assert esc[k] is _ref_find_escaping_result_value(v)
            assert tyr[k] is _ref_find_tied_yield_result(v, ex)
            assert beyond[k] == any(u.name != "stream.yield" for u, _ in v.uses)
    assert _regions._escaping_results([], _TIED_KIND, "stream.yield", "stream.async.execute") == []


def test_escapes_reject_non_values():
    from fastalloc.passes import _regions
    from fastalloc.passes.regions import _TIED_KIND
    from fastalloc.testing.generator import generate_module

    # (a module where both walks find results: the comparison above is not vacuous)
    module = parse(generate_module(1, n_ops=300))
    ex = next(op for op in module.walk() if op.name == "stream.async.execute")
    values = [r for op in ex.walk() if op is not ex for r in op.results if r.type.startswith(_RESOURCE)]
    assert any(_regions._escaping_results(values, _TIED_KIND, "stream.yield", "stream.async.execute"))
    assert any(_regions._tied_yield_results(values, ex, _TIED_KIND, "stream.yield"))

    with pytest.raises(TypeError):
        _regions._escaping_results([1], _TIED_KIND, "stream.yield", "stream.async.execute")
    with pytest.raises(TypeError):
        _regions._used_beyond(["x"], "stream.yield")


_NAMES = st.one_of(
    st.none(),
    st.sampled_from(["stream.yield", "stream.cmd.execute", "stream.yield2", "stream.yiele", "", "arith.constant"]),
    st.text(max_size=6),
)


@given(a=_NAMES, b=_NAMES)
def test_same_name_is_str_equality(a, b):
    # passes/_names.pxd's inline test: identity, lengths, kinds, then bytes;
    # copies make equal names distinct objects, as parsed names are.
    from fastalloc.passes._regions import _py_same_name

    expected = a == b
    assert _py_same_name(a, b) is expected
    if a is not None:
        copy = "".join(list(a))
        assert _py_same_name(copy, b) is expected
        assert _py_same_name(b, copy) is expected
    # the same length, a different last character
    if a:
        other = a[:-1] + chr(ord(a[-1]) ^ 1)
        assert _py_same_name(a, other) is False
    # one-byte against wider kinds, equal lengths
    assert _py_same_name("ab", "a\u0100") is False
    assert _py_same_name("a\u0100", "a\u0100"[:1] + "\u0100") is True
