"""The model's rewrite API: use lists, segments, insert/erase, new values, printing."""

from __future__ import annotations

import pytest

from fastalloc.ir import Block, Op, Region, parse
from fastalloc.testing.iree import reprint

SRC = """util.func public @f(%n: index, %tp: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c7 = arith.constant 7 : i32
  %r, %rt = stream.async.execute await(%tp) => with() -> !stream.resource<external>{%c64} {
    %s = stream.async.splat %c7 : i32 -> !stream.resource<external>{%c64}
    %f = stream.async.fill %c7, %s[%c0 to %n for %n] : i32 -> %s as !stream.resource<external>{%c64}
    stream.yield %f : !stream.resource<external>{%c64}
  } => !stream.timepoint
  %b = util.optimization_barrier %r : !stream.resource<external>
  util.return %b, %rt : !stream.resource<external>, !stream.timepoint
}
"""


def _func(m):
    return m.ops[0]


def _ops(m, name):
    return [o for o in m.walk() if o.name == name]


def _check_uses(m):
    """Every operand appears exactly once in its value's use list, and nothing else does."""
    seen = {}
    for op in m.walk():
        for i, v in enumerate(op.operands):
            seen.setdefault(id(v), []).append((id(op), i))
    for v in m.values:
        if v is None:
            continue
        assert sorted((id(o), i) for o, i in v.uses) == sorted(seen.get(id(v), []))


def test_structure_and_dense_ids():
    m = parse(SRC)
    assert [v.id for v in m.values] == list(range(len(m.values)))
    f = _func(m)
    n, tp = f.regions[0].blocks[0].args
    assert (n.type, n.name_hint, n.owner, n.index) == ("index", "n", f.regions[0].blocks[0], 0)
    (ex,) = _ops(m, "stream.async.execute")
    assert ex.known and ex.segments == [0, 0, 1, 1]
    assert ex.group("await_timepoint") == [tp]
    assert [r.type for r in ex.results] == ["!stream.resource<external>", "!stream.timepoint"]
    assert ex.props["tied_operands"] == [-1]
    (fill,) = _ops(m, "stream.async.fill")
    assert fill.group("target")[0].defining_op.name == "stream.async.splat"
    assert fill.group("target_length") == [n]
    assert (fill, 4) in n.uses
    barrier = _ops(m, "util.optimization_barrier")[0]
    assert barrier.operands == [ex.results[0]] and barrier.tmpl is not None
    assert barrier.results[0].type == "!stream.resource<external>"
    _check_uses(m)


def test_replace_all_uses_and_set_operand():
    m = parse(SRC)
    f = _func(m)
    n = f.regions[0].blocks[0].args[0]
    c64 = _ops(m, "arith.constant")[1].results[0]
    (fill,) = _ops(m, "stream.async.fill")
    n.replace_all_uses_with(c64)
    assert n.uses == [] and fill.group("target_end") == [c64]
    fill.set_operand(2, n)  # target_offset
    assert fill.group("target_offset") == [n] and n.uses == [(fill, 2)]
    _check_uses(m)
    text = str(m)
    assert "%s[%n to %c64 for %c64]" in text
    reprint(text)  # iree-opt accepts it


def test_set_group_resizes_segments():
    m = parse(SRC)
    (ex,) = _ops(m, "stream.async.execute")
    ex.set_group("await_timepoint", [])
    assert ex.segments == [0, 0, 1, 0] and ex.operands == ex.group("result_sizes")
    _check_uses(m)
    assert "await(" not in str(m)
    reprint(str(m))


def test_create_insert_erase_and_fresh_names():
    m = parse(SRC)
    f = _func(m)
    body = f.regions[0].blocks[0]
    n = body.args[0]
    (ex,) = _ops(m, "stream.async.execute")
    nvals = len(m.values)
    # a new op before the execute: its result gets the next id and a fresh name
    alloca = Op.create("stream.resource.alloca", segments={"storage_size": [n], "await_timepoint": []},
                       result_types=["!stream.resource<transient>", "!stream.timepoint"],
                       result_names=["result", "result_timepoint"])
    body.insert_before(ex, alloca)
    assert [r.id for r in alloca.results] == [nvals, nvals + 1]
    assert alloca.segments == [1, 0] and (alloca, 0) in n.uses
    # a dealloca after it, awaiting the alloca's timepoint; pass-made names collide with nothing
    dealloca = Op.create("stream.resource.dealloca", [alloca.results[0], n, alloca.results[1]],
                         result_types=["!stream.timepoint"], result_names=["c0"])
    body.insert_after(alloca, dealloca)
    assert dealloca.segments == [1, 1, 1]
    text = str(m)
    assert "%result, %result_timepoint = stream.resource.alloca uninitialized : " \
           "!stream.resource<transient>{%n} => !stream.timepoint" in text
    assert "%c0_0 = stream.resource.dealloca await(%result_timepoint) => %result" in text
    reprint(text)
    # erase requires the results to be unused
    with pytest.raises(ValueError, match="still has"):
        alloca.erase()
    dealloca.erase()
    alloca.erase()
    assert alloca.parent is None and (alloca, 0) not in n.uses
    _check_uses(m)
    assert reprint(str(m)) == reprint(SRC)


def test_new_region_op_and_unnamed_values():
    m = parse(SRC)
    f = _func(m)
    body = f.regions[0].blocks[0]
    ret = body.ops[-1]
    n, tp = body.args
    c64 = _ops(m, "arith.constant")[1].results[0]
    (ex,) = _ops(m, "stream.async.execute")
    res = ex.results[0]
    # stream.cmd.execute capturing the execute's result, with a flush inside
    blk = Block(["!stream.resource<external>"])
    flush = Op.create("stream.cmd.flush", [blk.args[0], c64, c64, c64])
    blk.append(flush)
    cmd = Op.create("stream.cmd.execute",
                    segments={"resource_operands": [res], "resource_operand_sizes": [c64],
                              "await_timepoint": [ex.results[1]]},
                    result_types=["!stream.timepoint"], regions=[Region([blk])])
    body.insert_before(ret, cmd)
    assert {blk.args[0].id, cmd.results[0].id} == {len(m.values) - 2, len(m.values) - 1}
    ret.set_operand(1, cmd.results[0])
    _check_uses(m)
    text = str(m)
    assert "stream.cmd.execute await(%rt) => with(%r as %arg0: !stream.resource<external>{%c64})" in text
    assert "util.return %b, %0 :" in text
    reprint(text)
    reprint(m.print(generic=True))


def test_create_rejects_bad_segments():
    m = parse(SRC)
    n = _func(m).regions[0].blocks[0].args[0]
    with pytest.raises(ValueError, match="takes 1 operands, got 2"):
        Op.create("stream.async.alloca", [n, n], result_types=["!stream.resource<transient>"])
    with pytest.raises(ValueError, match="do not match"):
        Op.create("stream.async.alloca", [n], segments=[2])
    with pytest.raises(ValueError, match="not a registered op"):
        Op.create("arith.addi", [n, n])
    with pytest.raises(ValueError, match="unknown segments"):
        Op.create("stream.async.alloca", segments={"size": [n]})


def test_empty_containers_materialize_and_segments_are_copied_on_write():
    # Ops without regions/props/attrs hold shared empties privately; the
    # public attributes give a fresh container on first access, so mutating
    # a parsed op works, stays on that op, and prints.
    m = parse(SRC)
    splat, other = _ops(m, "stream.async.splat")[0], _ops(m, "arith.constant")[1]
    assert splat._props is other._props and splat._regions == ()
    assert splat.regions == [] and splat.props == {} and splat.attrs == {}
    splat.attrs["fastalloc.note"] = '"x"'
    other.props["unused"] = "1"  # kept on that op (template ops print their text)
    assert not _ops(m, "stream.async.fill")[0].attrs and not _ops(m, "arith.constant")[0].props
    text = str(m)
    assert 'i32 -> !stream.resource<external>{%c64} attributes {fastalloc.note = "x"}\n' in text
    assert reprint(text) == reprint(SRC.replace(
        "-> !stream.resource<external>{%c64}\n    %f",
        '-> !stream.resource<external>{%c64} attributes {fastalloc.note = "x"}\n    %f'))
    f = _func(m)
    assert isinstance(f.regions, list) and len(f.regions) == 1
    barrier = _ops(m, "util.optimization_barrier")[0]
    barrier.regions.append(Region([Block()]))
    assert len(barrier.regions) == 1 and splat.regions == []
    # two fills with the same segment sizes share the list; set_group on one
    # leaves the other alone
    text = SRC.replace(
        "    stream.yield %f",
        "    %g = stream.async.fill %c7, %f[%c0 to %n for %n] : i32 -> %f as !stream.resource<external>{%c64}\n"
        "    stream.yield %g",
    )
    m2 = parse(text)
    f1, f2 = _ops(m2, "stream.async.fill")
    assert f1.segments is f2.segments
    before = list(f2.segments)
    f1.set_group("target_length", [])
    assert f1.segments[f1.opdef.segment_index["target_length"]] == 0
    assert f2.segments == before and f2.group("target_length")[0].name_hint == "n"
    # Op.create with regions gets its own list
    ex = Op.create("stream.cmd.serial", regions=1)
    assert isinstance(ex.regions, list) and len(ex.regions) == 1 and ex.regions[0].parent is ex


def test_locations_on_demand_and_released():
    m = parse(SRC, "f.mlir")
    splat = _ops(m, "stream.async.splat")[0]
    fill = _ops(m, "stream.async.fill")[0]
    assert (splat.loc.filename, splat.loc.line, splat.loc.col) == ("f.mlir", 6, 10)
    built = Op.create("stream.cmd.serial")
    built.copy_loc_from(fill)
    m.release_source()
    # resolved before the release: kept; never asked for: gone with the text
    assert splat.loc.line == 6
    assert fill.loc is None and built.loc is None


SHARED = """util.func public @g(%n: index) -> index {
  %c64 = arith.constant 64 : index
  %r, %rt = stream.async.execute with() -> !stream.resource<external>{%c64} {
    %a = stream.async.dispatch @ex::@entry[%n](%n) : (index) -> !stream.resource<external>{%c64}
    %b = stream.async.dispatch @ex::@entry[%n](%n) : (index) -> !stream.resource<external>{%c64}
    %c = stream.async.dispatch @ex::@other[%n](%n) : (index) -> !stream.resource<external>{%c64}
    stream.yield %a : !stream.resource<external>{%c64}
  } => !stream.timepoint
  util.return %n : index
}
"""


def test_equal_parsed_properties_are_shared_read_only_until_written():
    # Parsed ops with equal properties hold one read-only SharedProps; the
    # public op.props is the op's own copy (lists too), made on first access.
    from fastalloc.ir.model import SharedProps

    m = parse(SHARED)
    a, b, c = _ops(m, "stream.async.dispatch")
    assert a._props is b._props and type(a._props) is SharedProps
    assert c._props is not a._props and c._props["entry_points"] == "[@ex::@other]"
    assert a._props == {"entry_points": "[@ex::@entry]", "tied_operands": [-1]}
    with pytest.raises(TypeError, match="read-only"):
        a._props["x"] = "1"
    with pytest.raises(TypeError, match="read-only"):
        a._props.update(x="1")
    import copy
    import pickle

    for dup in (copy.copy(a._props), copy.deepcopy(a._props), pickle.loads(pickle.dumps(a._props))):
        assert type(dup) is dict and dup == a._props
        dup["x"] = "1"
    assert "x" not in a._props
    own = a.props
    assert type(own) is dict and own == b._props and a.props is own
    assert own["tied_operands"] is not b._props["tied_operands"]
    own["tied_operands"].append(0)
    own["entry_points"] = "[@ex::@other]"
    assert b.props == {"entry_points": "[@ex::@entry]", "tied_operands": [-1]}
    text = str(m)
    assert text.count("@ex::@other") == 2 and text.count("@ex::@entry[") == 1


def test_share_props_keys_on_value_types_and_keeps_unhashable_values():
    from fastalloc.ir.model import EMPTY_MAP, SharedProps, _share_props

    table: dict = {}
    assert _share_props(table, {}) is EMPTY_MAP
    one = _share_props(table, {"k": [1, 2]})
    assert type(one) is SharedProps and _share_props(table, {"k": [1, 2]}) is one
    assert _share_props(table, {"k": (1, 2)}) is not one  # a tuple is not the list
    assert _share_props(table, {"k": True}) is not _share_props(table, {"k": 1})
    assert _share_props(table, {"k": "a", "j": "b"}) is not _share_props(table, {"j": "b", "k": "a"})
    d = {"k": [[1]]}
    assert _share_props(table, d) is d  # a list of lists is no key: the op keeps its own


def test_token_location_is_resolved_on_demand_and_ops_refuse_pickling():
    import pickle

    m = parse(SRC)
    op = _ops(m, "stream.async.splat")[0]
    other = Op.create("stream.async.splat", [op.operands[0], op.operands[1]], result_types=["!stream.resource<*>"])
    assert isinstance(op._src, int) and op._src >= 0 and other._src is None and other.loc is None
    other.copy_loc_from(op)
    assert other._src == op._src
    loc = op.loc
    assert op._src is None and loc is not None and loc.line == 6
    assert other.loc == loc and other._src is None
    other._src = None
    assert other.loc == loc  # resolved already: stays
    with pytest.raises(ValueError, match="token index"):
        other._src = -1
    with pytest.raises(TypeError, match="cannot pickle Op 'stream.async.splat'.*use chains"):
        pickle.dumps(op)
    with pytest.raises(TypeError, match="cannot pickle Value"):
        pickle.dumps(op.results[0])
