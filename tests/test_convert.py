"""The async -> stream.cmd conversion (fastalloc.passes.convert).

Two layers:

* unit tests build one execute region with the model API, map its values by
  hand in an AllocationScope and check the command ops (names, operands by
  identity, properties) and the order of the offset additions;
* differential tests run the whole schedule-allocation pass on the lit cases
  of ``tests/lit/convert`` and compare with iree-opt 3.13, both re-printed by
  iree-opt.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc.errors import FastallocError, SourceLocation
from fastalloc.ir.attributes import split_top_level
from fastalloc.ir.model import Block, Op, Region, Value
from fastalloc.passes import convert
from fastalloc.passes.convert import (
    apply_async_allocations,
    check_convertible,
    format_function_type,
    parse_function_type,
)
from fastalloc.passes.scope import AllocationScope, ResourceRange

LIT = Path(__file__).parent / "lit" / "convert"

T = "!stream.resource<transient>"
E = "!stream.resource<external>"
S = "!stream.resource<staging>"


# -- helpers ----------------------------------------------------------------


def idx(name: str) -> Value:
    """A detached index value (stands for a value defined outside the region)."""
    return Value("index", name_hint=name)


class Region1:
    """One stream.cmd.execute with an empty body, a slab argument and a scope."""

    def __init__(self, affinity: str | None = None) -> None:
        props = {"affinity": affinity} if affinity else None
        self.execute = Op.create("stream.cmd.execute", [], segments=[0, 0, 0], regions=1, props=props)
        self.execute.loc = SourceLocation("x.mlir", 3, 5)
        self.block = self.execute.regions[0].block
        self.slab = self.block.add_arg(T, "slab")
        self.slab_size = idx("slab_size")
        self.scope = AllocationScope(self.execute, {})

    def add(self, name: str, operands, result_types=(), segments=None, props=None, attrs=None, regions=()):
        op = Op.create(
            name,
            operands,
            segments=segments,
            result_types=result_types,
            props=props,
            attrs=attrs,
            regions=regions,
        )
        self.block.append(op)
        return op

    def arg(self, type_: str = T, name: str | None = None) -> tuple[Value, Value]:
        """A captured resource (block argument) mapped to its whole range."""
        v = self.block.add_arg(type_, name)
        size = idx(f"{name}_size")
        self.scope.map_resource_range(v, ResourceRange(v, size))
        return v, size

    def local(self, value: Value, offset_name: str, length: Value) -> ResourceRange:
        rng = ResourceRange(self.slab, self.slab_size, idx(offset_name), length)
        self.scope.map_resource_range(value, rng)
        return rng

    def finish(self) -> list[Op]:
        self.block.append(Op.create("stream.yield", []))
        apply_async_allocations(self.execute.regions[0], self.scope)
        assert self.block.ops[-1].name == "stream.yield"
        return self.block.ops[:-1]


def addi_operands(scope: AllocationScope) -> list[tuple[Value, Value]]:
    return [tuple(op.operands) for op in scope.before if op.name == "arith.addi"]


# -- unit tests: one per op kind ---------------------------------------------


def test_splat_fills_the_whole_range():
    r = Region1()
    value = Value("i32", name_hint="v")
    n = idx("n")
    splat = r.add("stream.async.splat", [value, n], [T], segments=[0, 1, 1])
    rng = r.local(splat.results[0], "off", n)
    (fill,) = r.finish()
    assert fill.name == "stream.cmd.fill"
    assert fill.operands == [r.slab, r.slab_size, rng.offset, n, value]
    assert splat.parent is None and not r.scope.before


def test_clone_copies_with_target_length():
    r = Region1()
    src, src_size = r.arg(E, "src")
    n = idx("n")
    clone = r.add("stream.async.clone", [src, src_size, n], [T])
    rng = r.local(clone.results[0], "off", n)
    (copy,) = r.finish()
    zero = r.scope.lookup_or_create_index(0)
    assert copy.name == "stream.cmd.copy"
    assert copy.operands == [src, src_size, zero, r.slab, r.slab_size, rng.offset, n]


def test_slice_adds_source_offset_and_copies_result_size():
    r = Region1()
    src, src_size = r.arg(T, "src")
    o, e, n = idx("o"), idx("e"), idx("n")
    sl = r.add("stream.async.slice", [src, src_size, o, e, n], [T])
    rng = r.local(sl.results[0], "off", n)
    (copy,) = r.finish()
    # The source range starts at constant 0: add() returns the op offset itself.
    assert copy.operands == [src, src_size, o, r.slab, r.slab_size, rng.offset, n]
    assert addi_operands(r.scope) == []


def test_fill_update_copy_offsets_are_added_in_seed_order():
    r = Region1()
    src = r.block.add_arg(E, "src")
    src_size = idx("src_size")
    src_off = idx("src_off")
    r.scope.map_resource_range(src, ResourceRange(src, src_size, src_off, src_size))
    n, v = idx("n"), Value("i8", name_hint="v")
    t = r.block.add_arg(T, "t")
    t_off = idx("t_off")
    r.scope.map_resource_range(t, ResourceRange(r.slab, r.slab_size, t_off, n))
    o1, o2, o3, s3, e, ln = (idx(x) for x in ("o1", "o2", "o3", "s3", "e", "ln"))
    fill = r.add("stream.async.fill", [t, n, o1, e, ln, v], [T])
    upd = r.add("stream.async.update", [fill.results[0], n, o2, e, src, src_size], [T])
    cp = r.add("stream.async.copy", [upd.results[0], n, o3, e, src, src_size, s3, e, ln], [T])
    # Tied results share the target's range (the driver maps aliases).
    for x in (fill, upd, cp):
        r.scope.map_resource_range(x.results[0], ResourceRange(r.slab, r.slab_size, t_off, n))
    f, u, c = r.finish()
    # Reverse walk: copy (source add, then target add), update, fill.
    assert addi_operands(r.scope) == [(src_off, s3), (t_off, o3), (t_off, o2), (t_off, o1)]
    adds = [op.results[0] for op in r.scope.before if op.name == "arith.addi"]
    assert (f.name, u.name, c.name) == ("stream.cmd.fill", "stream.cmd.copy", "stream.cmd.copy")
    assert f.operands == [r.slab, r.slab_size, adds[3], ln, v]
    # update: source offset is the plain range offset, length the update size.
    assert u.operands == [src, src_size, src_off, r.slab, r.slab_size, adds[2], src_size]
    assert c.operands == [src, src_size, adds[0], r.slab, r.slab_size, adds[1], ln]


@pytest.mark.parametrize("with_param", [False, True])
def test_collective_binds_source_ro_target_wo_with_range_lengths(with_param):
    r = Region1()
    src, src_size = r.arg(E, "src")
    dst, dst_size = r.arg(T, "dst")
    o, e, ln, count = idx("o"), idx("e"), idx("ln"), idx("count")
    ch = Value("!stream.channel", name_hint="ch")
    param = [Value("i32", name_hint="p")] if with_param else []
    op_attr = "#stream.collective<broadcast : f32>" if with_param else "#stream.collective<all_gather : f32>"
    coll = r.add(
        "stream.async.collective",
        [dst, dst_size, o, e, ln, src, src_size, o, e, ln, count, ch, *param],
        [T],
        segments=[1] * 12 + [len(param)],
        props={"op": op_attr},
    )
    r.scope.map_resource_range(coll.results[0], r.scope.lookup_resource_range(dst))
    (cmd,) = r.finish()
    assert cmd.name == "stream.cmd.collective"
    assert cmd.props == {"op": op_attr, "resource_accesses": [1, 2]}
    assert cmd.group("param") == param
    assert cmd.group("channel") == [ch] and cmd.group("element_count") == [count]
    assert cmd.group("resources") == [src, dst]
    assert cmd.group("resource_sizes") == [src_size, dst_size]
    assert cmd.group("resource_offsets") == [o, o]
    assert cmd.group("resource_lengths") == [src_size, dst_size]


def test_barrier_is_a_self_copy():
    r = Region1()
    n = idx("n")
    src = r.block.add_arg(T, "x")
    rng = r.local(src, "off", n)
    bar = r.add("stream.async.barrier", [src, n], [T])
    r.scope.map_resource_range(bar.results[0], rng)
    (copy,) = r.finish()
    assert copy.operands == [r.slab, r.slab_size, rng.offset, r.slab, r.slab_size, rng.offset, n]


DEV0 = "#hal.device.affinity<@dev0>"
DEV1 = "#hal.device.affinity<@dev1>"


@pytest.mark.parametrize(
    ("execute", "src_type", "dst_type", "source", "target", "expect"),
    [
        (None, T, T, None, None, ["copy"]),
        (DEV0, E, E, DEV1, DEV0, ["invalidate", "copy"]),
        (DEV0, E, E, DEV0, "#hal.device.affinity<@dev0, [1]>", ["copy", "flush"]),
        (DEV0, E, E, DEV0, DEV0, ["copy"]),
        # Attributes compare as values, not as spellings.
        (DEV0, E, E, "#hal.device.affinity< @dev0 >", DEV0, ["copy"]),
        (None, E, E, DEV0, DEV0, ["invalidate", "copy", "flush"]),
        (DEV0, S, E, None, None, ["invalidate", "copy"]),
        (DEV0, E, S, None, None, ["copy", "flush"]),
    ],
)
def test_transfer_invalidates_and_flushes(execute, src_type, dst_type, source, target, expect):
    r = Region1(affinity=execute)
    src, src_size = r.arg(src_type, "src")
    dst, dst_size = r.arg(dst_type, "dst")
    props = {}
    if source:
        props["source_affinity"] = source
    if target:
        props["target_affinity"] = target
    tr = r.add("stream.async.transfer", [src, src_size, dst_size], [dst_type], props=props)
    r.scope.map_resource_range(tr.results[0], r.scope.lookup_resource_range(dst))
    ops = r.finish()
    assert [op.name.split(".")[-1] for op in ops] == expect
    zero = r.scope.lookup_or_create_index(0)
    for op in ops:
        if op.name == "stream.cmd.invalidate":
            assert op.operands == [src, src_size, zero, src_size]
            assert op.props.get("source_affinity") == source
        elif op.name == "stream.cmd.flush":
            assert op.operands == [dst, dst_size, zero, dst_size]
            assert op.props.get("source_affinity") == target
        else:
            assert op.operands == [src, src_size, zero, dst, dst_size, zero, src_size]


def test_dispatch_bindings_access_and_uniform_operands():
    r = Region1()
    a, a_size = r.arg(E, "a")
    b, b_size = r.arg(T, "b")
    w = idx("w")
    x = Value("i32", name_hint="x")
    oa, ob, ea, eb, la, lb, rs = (idx(s) for s in ("oa", "ob", "ea", "eb", "la", "lb", "rs"))
    d = r.add(
        "stream.async.dispatch",
        [w, x, a, b, a_size, b_size, oa, ob, ea, eb, la, lb, rs, b_size],
        [T, T],
        segments=[1, 3, 2, 2, 2, 2, 2],
        props={"entry_points": "[@ex::@d]", "tied_operands": [-1, 2]},
        attrs={"stream.note": '"kept"', "unprefixed": "1 : i32"},
    )
    out = d.results[0]
    out_rng = r.local(out, "out_off", rs)
    r.scope.map_resource_range(d.results[1], r.scope.lookup_resource_range(b))
    (cmd,) = r.finish()
    assert cmd.name == "stream.cmd.dispatch"
    assert cmd.props == {"entry_points": "[@ex::@d]", "resource_accesses": [1, 3, 2]}
    assert cmd.attrs == {"stream.note": '"kept"'}
    assert cmd.group("workload") == [w]
    assert cmd.group("uniform_operands") == [x]
    assert cmd.group("resources") == [a, b, r.slab]
    assert cmd.group("resource_sizes") == [a_size, b_size, r.slab_size]
    assert cmd.group("resource_offsets") == [oa, ob, out_rng.offset]
    assert cmd.group("resource_lengths") == [la, lb, rs]


def test_call_keeps_primitives_in_place():
    r = Region1()
    a, a_size = r.arg(E, "a")
    c4 = idx("c4")
    oa, ea, la, rs = idx("oa"), idx("ea"), idx("la"), idx("rs")
    call = r.add(
        "stream.async.call",
        [a, c4, a_size, oa, ea, la, a_size, rs],
        [E, T],
        segments=[2, 1, 1, 1, 1, 2],
        props={"callee": "@ext", "tied_operands": [0, -1]},
    )
    r.scope.map_resource_range(call.results[0], r.scope.lookup_resource_range(a))
    rng = r.local(call.results[1], "off", rs)
    (cmd,) = r.finish()
    assert cmd.name == "stream.cmd.call"
    assert cmd.props == {"callee": "@ext", "resource_operand_accesses": [3, 2]}
    assert cmd.group("resource_operands") == [a, c4, r.slab]
    assert cmd.group("resource_operand_sizes") == [a_size, r.slab_size]
    assert cmd.group("resource_operand_offsets") == [oa, rng.offset]
    assert cmd.group("resource_operand_lengths") == [la, rs]
    assert cmd.group("result_sizes") == [] and cmd.results == []


def test_subview_alloca_constant_are_erased():
    r = Region1()
    n = idx("n")
    alloca = r.add("stream.async.alloca", [n], [T])
    const = r.add(
        "stream.async.constant",
        [n],
        ["!stream.resource<constant>"],
        segments=[0, 1],
        props={"value": "dense<1> : tensor<4xi32>"},
    )
    src, src_size = r.arg(E, "src")
    sub = r.add("stream.resource.subview", [src, src_size, n, n], [E])
    assert r.finish() == []
    assert alloca.parent is None and const.parent is None and sub.parent is None
    assert src.uses == []


def test_concurrent_body_moves_into_cmd_concurrent():
    r = Region1()
    a, a_size = r.arg(E, "a")
    v = Value("i32", name_hint="v")
    body = Region([Block([E], ["x"])])
    inner = body.block
    x = inner.args[0]
    conc = r.add(
        "stream.async.concurrent",
        [a, a_size, a_size],
        [E],
        segments=[1, 1, 1],
        props={"tied_operands": [0]},
        regions=[body],
    )
    # The driver maps the wave's arguments and yields onto the outer ranges.
    r.scope.map_resource_range(x, r.scope.lookup_resource_range(a))
    o, e, ln = idx("o"), idx("e"), idx("ln")
    fill = Op.create("stream.async.fill", [x, a_size, o, e, ln, v], result_types=[E])
    inner.append(fill)
    inner.append(Op.create("stream.yield", [fill.results[0], a_size]))
    r.scope.map_resource_range(fill.results[0], r.scope.lookup_resource_range(a))
    r.scope.map_resource_range(conc.results[0], r.scope.lookup_resource_range(a))
    (cmd,) = r.finish()
    assert cmd.name == "stream.cmd.concurrent" and cmd.operands == []
    assert cmd.regions[0] is body and body.parent is cmd
    assert inner.args == []
    assert [op.name for op in inner.ops] == ["stream.cmd.fill", "stream.yield"]
    assert inner.ops[-1].operands == []
    assert inner.ops[0].operands == [a, a_size, o, ln, v]
    assert conc.parent is None and a.uses == [(inner.ops[0], 0)]


def test_unconvertible_op_raises_before_changing_anything():
    r = Region1()
    n = idx("n")
    v = Value("i32", name_hint="v")
    splat = r.add("stream.async.splat", [v, n], [T], segments=[0, 1, 1])
    r.local(splat.results[0], "off", n)
    bad = Op("util.optimization_barrier")
    bad.loc = SourceLocation("x.mlir", 7, 9)
    r.block.append(bad)
    r.block.append(Op.create("stream.yield", []))
    before = list(r.block.ops)
    with pytest.raises(FastallocError) as info:
        apply_async_allocations(r.execute.regions[0], r.scope)
    err = info.value
    assert "unhandled async op util.optimization_barrier at x.mlir:7:9 during allocation" in err.message
    # Reported at the op owning the region, like iree-opt.
    assert str(err).startswith("x.mlir:3:5: error: unhandled async op util.optimization_barrier")
    assert r.block.ops == before and splat.parent is r.block
    with pytest.raises(FastallocError):
        check_convertible(r.execute.regions[0])


# -- function signatures and load/store --------------------------------------


@pytest.mark.parametrize(
    ("text", "inputs", "results"),
    [
        ("() -> ()", [], []),
        ("(index) -> !stream.resource<*>", ["index"], ["!stream.resource<*>"]),
        (
            "(!stream.resource<*>, index) -> (!stream.resource<*>, i32)",
            ["!stream.resource<*>", "index"],
            ["!stream.resource<*>", "i32"],
        ),
        ("(tensor<2x?xf32>, !x.y<a, (b) -> c>) -> ()", ["tensor<2x?xf32>", "!x.y<a, (b) -> c>"], []),
    ],
)
def test_function_type_round_trip(text, inputs, results):
    assert parse_function_type(text) == (inputs, results)
    assert format_function_type(inputs, results) == text


def test_load_store_become_resource_ops():
    blk = Block([S, "index", "index", "f32"], ["st", "n", "o", "v"])
    st, n, o, v = blk.args
    store = Op.create("stream.async.store", [st, n, o, v], result_types=[S])
    blk.append(store)
    load = Op.create("stream.async.load", [store.results[0], n, o], result_types=["f32"])
    blk.append(load)
    user = Op.create("stream.resource.store", [st, n, o, load.results[0]])
    blk.append(user)
    loaded = load.results[0]
    new_store = convert.convert_async_store(store)
    new_load = convert.convert_async_load(load)
    assert [op.name for op in blk.ops] == ["stream.resource.store", "stream.resource.load", "stream.resource.store"]
    assert new_store.operands == [st, n, o, v] and new_store.results == []
    assert new_store.group("target_offset") == [o] and new_store.group("value") == [v]
    # The load now reads the store's target directly.
    assert new_load.operands == [st, n, o] and new_load.results == [loaded] and loaded.type == "f32"
    assert new_load.group("source") == [st] and (new_load, 0) in st.uses
    assert user.operands[3] is loaded


# -- differential tests against iree-opt 3.13 ---------------------------------
#
# Every ``// -----`` chunk of tests/lit/convert is a case.  iree-opt starts
# slowly, so the reference outputs and the re-printing of both sides are
# computed for all cases at once with --split-input-file (three iree-opt runs
# in all); each case is still its own test.

SEP = "\n// -----\n"


def _cases(keep) -> list:
    out = []
    for path in sorted(LIT.glob("*.mlir")):
        if keep(path.name):
            for i, chunk in enumerate(path.read_text().split(SEP)):
                out.append(pytest.param(chunk, id=f"{path.stem}-{i}"))
    return out


GOOD = _cases(lambda name: not name.startswith("error_"))
BAD = _cases(lambda name: name.startswith("error_"))


def _reprint_all(texts: list[str]) -> list[str]:
    from fastalloc.testing.iree import reprint

    out = reprint(SEP.join(texts), args=("--split-input-file",)).split(SEP)
    assert len(out) == len(texts)
    return [t.strip() for t in out]


@pytest.fixture(scope="module")
def reference() -> dict[str, str]:
    """Case text -> iree-opt's schedule-allocation output, re-printed."""
    from fastalloc.testing.iree import SCHEDULE_ALLOCATION, iree_opt

    texts = [p.values[0] for p in GOOD]
    theirs = iree_opt(SEP.join(texts), SCHEDULE_ALLOCATION, args=("--split-input-file",)).split(SEP)
    assert len(theirs) == len(texts)
    return dict(zip(texts, _reprint_all(theirs)))


@pytest.fixture(scope="module")
def ours() -> dict[str, str]:
    """Case text -> our schedule-allocation output, re-printed by iree-opt
    (or the exception, for a case we reject or print unparsably)."""
    from fastalloc.passes import run_passes
    from fastalloc.testing.iree import IreeOptError, reprint

    out: dict[str, object] = {}
    printed: dict[str, str] = {}
    for p in GOOD:
        text = p.values[0]
        try:
            printed[text] = run_passes(text, ["schedule-allocation"])
        except FastallocError as exc:
            out[text] = exc
    try:
        out.update(zip(printed, _reprint_all(list(printed.values()))))
    except IreeOptError:
        for text, mine in printed.items():  # find which ones iree-opt rejects
            try:
                out[text] = reprint(mine).strip()
            except IreeOptError as exc:
                out[text] = exc
    return out


@pytest.mark.iree
@pytest.mark.parametrize("text", GOOD)
def test_schedule_allocation_matches_iree_opt(text, reference, ours):
    mine = ours[text]
    if isinstance(mine, Exception):
        raise mine
    assert mine == reference[text]


@pytest.mark.iree
@pytest.mark.parametrize("text", BAD)
def test_conversion_errors_match_iree_opt(text):
    from fastalloc.passes import run_passes
    from fastalloc.testing.iree import SCHEDULE_ALLOCATION, IreeOptError, iree_opt

    with pytest.raises(IreeOptError) as theirs:
        iree_opt(text, SCHEDULE_ALLOCATION)
    # iree-opt's first diagnostic: "<stdin>:L:C: error: unhandled async op NAME during ..."
    first = next(line for line in str(theirs.value).splitlines() if ": error: " in line)
    where, message = first.split(": error: ", 1)
    with pytest.raises(FastallocError) as ours_:
        run_passes(text, ["schedule-allocation"], filename="<stdin>")
    err = ours_.value
    assert str(err.loc) == where
    # Ours also names the unhandled op's own place: "... NAME at <stdin>:L:C during ...".
    assert re.sub(r" at <stdin>:\d+:\d+", "", err.message) == message


@pytest.mark.iree
def test_generated_modules_match_iree_opt():
    """Random modules with every op kind (nested concurrent regions, both
    syntax styles) convert exactly as iree-opt does.  Affinities are off so
    that result placement (the driver's affinity analysis) stays out of this
    conversion test."""
    from fastalloc.passes import run_passes
    from fastalloc.testing.generator import GenConfig, generate_module
    from fastalloc.testing.iree import SCHEDULE_ALLOCATION, iree_opt

    texts = [
        generate_module(seed, n_ops=60, config=GenConfig(affinities=False, style=style))
        for seed, style in [(s, "printed") for s in range(100, 106)] + [(s, "lit") for s in range(200, 204)]
    ]
    theirs = iree_opt(SEP.join(texts), SCHEDULE_ALLOCATION, args=("--split-input-file",)).split(SEP)
    ours = [run_passes(t, ["schedule-allocation"]) for t in texts]
    mismatched = [i for i, (a, b) in enumerate(zip(_reprint_all(ours), _reprint_all(theirs))) if a != b]
    assert mismatched == []


# -- the signature scanner and the trusted constructor ------------------------


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ('a, "x,y", f<b, c>(d, e), g -> h', ["a", '"x,y"', "f<b, c>(d, e)", "g -> h"]),
        ('"a\\"b,c", d', ['"a\\"b,c"', "d"]),  # an escaped quote does not end the string
        ("(a) -> (b, c), d", ["(a) -> (b, c)", "d"]),  # the > of an arrow closes nothing
        ('{k = "}", j = [1, 2]}, x', ['{k = "}", j = [1, 2]}', "x"]),
        ("", []),
    ],
)
def test_split_top_level_ignores_nested_and_quoted_commas(text: str, parts: list[str]) -> None:
    assert split_top_level(text) == parts


def test_scanner_brackets_words_and_arrows() -> None:
    text = '@f(%a: !t {d = "attributes (", e}) -> (i32) attributes {x}'
    # Only the top-level keyword preceded by a space counts; the quoted one and
    # the one inside braces do not.
    assert convert._find_top_level_word(text, "attributes") == text.rindex("attributes")
    assert convert._find_top_level_word("{attributes} xattributes", "attributes") == -1
    assert convert._matching_paren("(a -> (b)) c", 0) == 9
    assert convert._matching_paren('(a, ")", [b]) c', 0) == 12
    assert convert._split_trailing_dict('!t {a = "{"}') == ("!t", '{a = "{"}')
    with pytest.raises(ValueError):
        convert._matching_paren("(a, (b)", 0)


@pytest.mark.parametrize(
    "rest, tail",
    [
        ("()", "()"),
        ("(%arg0: index) -> !stream.resource<*>", "(%arg0: index, %arg1[%arg2 for %arg3]: !stream.resource<*>)"),
        # a tied result disappears (by name, or by name and type); dictionaries follow their value
        ('( %arg0 : !stream.resource<*> {a.b = "x{"}, %arg1 : i32) -> (%arg0 as !stream.resource<*>, i32 {r = 1})',
         '(%arg0[%arg1 for %arg2]: !stream.resource<*> {a.b = "x{"}, %arg3: i32) -> (i32 {r = 1})'),
        ("(%a: !stream.resource<*>) -> (%a, !stream.resource<*> {d}, f32, i1)",
         "(%arg0[%arg1 for %arg2]: !stream.resource<*>, %arg3[%arg4 for %arg5]: !stream.resource<*> {d}) -> (f32, i1)"),
        # only dialect attributes carry over (a quoted key counts without its quotes)
        ('(%a: i32) -> f32 attributes {plain = 1, stream.x, "q.k" = "v", "nodot" = 2}',
         '(%arg0: i32) -> f32 attributes {stream.x, "q.k" = "v"}'),
        ("(%a: i32) attributes {plain}", "(%arg0: i32)"),
    ],
)
def test_cmd_func_tail_of_pretty_declarations(rest: str, tail: str) -> None:
    from fastalloc.passes._convert import _cv_cmd_func_tail, _cv_pretty_signature

    assert _cv_cmd_func_tail(*_cv_pretty_signature(rest)) == tail


@pytest.mark.parametrize("rest", ["(%a: i32) => f32", "(%a: i32) -> (%b)", "(%a: i32", "(%a: i32) attributes {x"])
def test_pretty_declarations_the_reader_rejects(rest: str) -> None:
    from fastalloc.passes._convert import _cv_pretty_signature

    with pytest.raises((ValueError, KeyError, IndexError)):
        _cv_pretty_signature(rest)


# The token regex convert._scan answered with before it was compiled (_cv_scan).
_SCAN_REGEX = r'"(?:[^"\\]|\\[\s\S])*"?|->|[<>()\[\]{},]'


def _regex_scan(text: str, start: int, word: str | None) -> list[tuple[int, str, int]]:
    pattern = re.compile(_SCAN_REGEX if word is None else _SCAN_REGEX + "|" + re.escape(word))
    out, depth = [], 0
    for m in pattern.finditer(text, start):
        i, tok = m.start(), m.group()
        if tok[0] == '"':
            continue
        if tok == "->":
            out.append((i + 1, "", depth))
        elif tok in "<([{":
            out.append((i, tok, depth))
            depth += 1
        elif tok in ">)]}":
            out.append((i, tok, depth))
            depth -= 1
        else:
            out.append((i, tok, depth))
    return out


_SCAN_ALPHABET = '-"<>()[]{},\\ ax:%@!.é\n'


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet=_SCAN_ALPHABET, max_size=24), start=st.integers(0, 26),
       word=st.sampled_from([None, "ax", "a", "-x", '"a', "attributes"]))
def test_scan_matches_the_token_regex(text: str, start: int, word: str | None) -> None:
    assert convert._scan(text, start, word) == _regex_scan(text, start, word)


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet=_SCAN_ALPHABET, max_size=24), k=st.integers(0, 24))
def test_bracket_items_is_matching_paren_and_split_top_level(text: str, k: int) -> None:
    text = text[:k] + "(" + text[k:]
    try:
        close = convert._matching_paren(text, k)
    except ValueError:
        with pytest.raises(ValueError):
            convert._bracket_items(text, k)
        return
    assert convert._bracket_items(text, k) == (close, split_top_level(text[k + 1 : close]))


def test_make_op_registers_uses_in_operand_order_and_copies_the_location() -> None:
    from fastalloc.ir.rewriter import create as make_op

    a, b = idx("a"), idx("b")
    anchor = Op.create("stream.async.barrier", [Value(T), a], result_types=[T])
    anchor.loc = SourceLocation("m.mlir", 4, 2)
    before = list(a.uses)
    op = make_op("stream.cmd.fill", [Value(T), a, b, a, Value("i32")], [1, 1, 1, 1, 1], anchor)
    assert op.name == "stream.cmd.fill" and op.known and op.segments == [1, 1, 1, 1, 1]
    assert list(a.uses) == [*before, (op, 1), (op, 3)]
    assert list(b.uses) == [(op, 2)]
    assert op.loc == SourceLocation("m.mlir", 4, 2) and op.results == [] and op.parent is None
    assert op.group("target_length") == [a]
    # The constructor agrees with the validating one.
    ref = Op.create("stream.cmd.fill", list(op.operands))
    assert ref.segments == op.segments and ref.operands == op.operands
