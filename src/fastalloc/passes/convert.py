"""Async -> explicit command conversion of schedule-allocation.

Once the driver (:mod:`fastalloc.passes.schedule_allocation`) has given every
resource value of an execution region a storage range in an
:class:`~fastalloc.passes.scope.AllocationScope`, this module rewrites the
region's ``stream.async.*`` ops into ``stream.cmd.*`` ops that name those
ranges explicitly.  It follows ``applyAsyncAllocations`` and the
``applyAsync*Op`` functions of IREE's ``ScheduleAllocation.cpp`` (the seed,
lines 515-1037) and the whole-function conversions ``convertAsyncFuncOp``,
``convertAsyncLoadOp`` and ``convertAsyncStoreOp``.

Output must match iree-opt 3.13 text for text, so the order matters in three
places: ops are visited last to first (every consumer is rewritten before its
producer, so a producer has no uses left when it is erased); the new command
ops go right before the async op they replace; offset additions
(``scope.add``) are issued in the seed's order because each may put an
``arith.addi`` before the execute op.

Errors: :func:`check_convertible` finds the error converting a region would
raise (an op the seed has no case for, reported like iree-opt at the op
owning the region; a send/recv collective, which iree-opt's verifier rejects
after conversion) without changing anything; the driver calls it before it
rewrites a region, so bad input leaves no partial output.

Resource access bits on dispatch/call/collective bindings are those of
``IREE::Stream::ResourceAccessBitfield``: 1 = read (``ro``), 2 = write
(``wo``), 3 = read|write (``rw``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from fastalloc.passes._convert import (
    _CvSweep, _cv_add_values, _cv_bind, _cv_bracket_items, _cv_cmd_func_tail, _cv_dict_items, _cv_dispatch,
    _cv_drop_dead, _cv_find_word, _cv_pretty_signature, _cv_result_items, _cv_scan, _cv_split_trailing_dict,
    _cv_suspects,
)
from fastalloc._guard import op_location
from fastalloc._record import Record
from fastalloc.errors import FastallocError
from fastalloc.ir.attributes import AttrTable, parse_dict, split_top_level
from fastalloc.ir.model import Block, Op, Region, Value
from fastalloc.ir.ops import CONVERTIBLE_OPS as _CONVERTIBLE
from fastalloc.ir.ops import OPS
from fastalloc.ir.rewriter import (
    build_op,
    constant_int,
    create,
    drop_uses,
    erase,
    insert_before,
    morph,
    splice,
    text_op,
)
from fastalloc.ir.verifier import _is_resource_type

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:  # pragma: no cover
    from fastalloc.passes.scope import AllocationScope

__all__ = [
    "CONVERTIBLE_OPS",
    "apply_async_allocations",
    "check_convertible",
    "cmd_func_op",
    "convert_async_func",
    "convert_async_funcs",
    "convert_async_load",
    "convert_async_store",
]

READ = 1
WRITE = 2
READ_WRITE = READ | WRITE


def _is_staging(value: Value) -> bool:
    return value.type == "!stream.resource<staging>"


def _one(op: Op, segment: str) -> Value:
    (value,) = op.group(segment)
    return value


def _at(name: str, *segments: str) -> tuple[int, ...]:
    """Operand numbers of ``name``'s single-operand ``segments`` in its
    definition (fastalloc.ir.ops): the converters unpack operands by these."""
    d = OPS[name]
    return tuple(d.static_operand(seg) for seg in segments)


def _from_end(name: str, segment: str) -> int:
    """Negative operand number of ``segment`` when every later segment holds
    exactly one operand (a splat's value follows an optional timepoint)."""
    d = OPS[name]
    k = d.segment_index[segment]
    if any(kind != "1" for kind in d.segment_kinds[k:]):  # pragma: no cover - a definition change
        raise ImportError(f"fastalloc.passes.convert: {name}'s {segment} has no fixed place from the end")
    return k - len(d.segment_kinds)


_SPLAT_VALUE = _from_end("stream.async.splat", "value")
(_CLONE_SOURCE,) = _at("stream.async.clone", "source")
_SLICE_SOURCE, _SLICE_OFFSET, _SLICE_SIZE = _at("stream.async.slice", "source", "source_offset", "result_size")
_FILL_OFFSET, _FILL_LENGTH, _FILL_VALUE = _at("stream.async.fill", "target_offset", "target_length", "value")
_UPDATE_OFFSET, _UPDATE_UPDATE, _UPDATE_SIZE = _at("stream.async.update", "target_offset", "update", "update_size")
_COPY_T_OFFSET, _COPY_SOURCE, _COPY_S_OFFSET, _COPY_LENGTH = _at(
    "stream.async.copy", "target_offset", "source", "source_offset", "length"
)
_COLL_T_OFFSET, _COLL_SOURCE, _COLL_S_OFFSET, _COLL_COUNT, _COLL_CHANNEL, _COLL_PARAM = _at(
    "stream.async.collective", "target_offset", "source", "source_offset", "element_count", "channel", "param"
)
(_BARRIER_SOURCE,) = _at("stream.async.barrier", "source")
(_TRANSFER_SOURCE,) = _at("stream.async.transfer", "source")
# The execution regions (timeline ops with a region: the async and the cmd execute).
_EXECUTION_REGIONS = frozenset(name for name, d in OPS.items() if d.timeline and d.num_regions)
# Where the resource operands start: the segments _cv_bind skips.
_DISPATCH_BASE = OPS["stream.async.dispatch"].segment_index["resource_operands"]
_CALL_BASE = OPS["stream.async.call"].segment_index["resource_operands"]

# The rewriter's trusted constructor, called directly for the ops made tens
# of thousands of times per big region.
_op_build = build_op
_CMD_DISPATCH = OPS["stream.cmd.dispatch"]
_CMD_COPY = OPS["stream.cmd.copy"]
_CMD_FILL = OPS["stream.cmd.fill"]
# The operand positions the compiled sweep reads (_convert._CV_LAYOUT_NAMES order).
_SWEEP_LAYOUT = (
    _SPLAT_VALUE, _CLONE_SOURCE, _SLICE_SOURCE, _SLICE_OFFSET, _SLICE_SIZE, _FILL_OFFSET, _FILL_LENGTH, _FILL_VALUE,
    _UPDATE_OFFSET, _UPDATE_UPDATE, _UPDATE_SIZE, _COPY_T_OFFSET, _COPY_SOURCE, _COPY_S_OFFSET, _COPY_LENGTH,
    _BARRIER_SOURCE, _COLL_T_OFFSET, _COLL_SOURCE, _COLL_S_OFFSET, _COLL_COUNT, _COLL_CHANNEL, _COLL_PARAM,
)


class _Conversion:
    """State of one :func:`apply_async_allocations` run.

    Replaced ops are emptied as the sweep goes (their uses dropped, their
    operands, properties and attributes released: the old region must not
    stay whole next to the new one) and, when their results are unused (the
    rule), released there with their results (see ``_convert._cv_hollow``);
    the others are marked dead (``dead``): checking their results for live
    users is left to :meth:`finish` (one test per result, once every user
    is converted).
    ``ranges`` is the scope's value -> range table, read directly (a missing
    value surfaces as a KeyError that :func:`_apply_region` turns into the
    scope's located error).  Attribute aliases and the region's affinity are
    read once, on the first transfer.
    """

    __slots__ = ("scope", "ranges", "add", "scope_add", "consts", "apply", "dead", "freed_args", "attrs",
                 "_current", "_current_known", "sweep")

    def __init__(self, scope: AllocationScope, attrs: AttrTable | None = None, native: bool = True) -> None:
        self.scope = scope
        self.ranges = scope.ranges
        # scope.add_values, answered in compiled code when a side is a known
        # constant 0 (most offsets); else the scope's compiled folder (the
        # rest of add_values) is called directly.
        self.scope_add = scope.folder.add
        self.consts = scope.constant_cache
        self.add = partial(_cv_add_values, self.consts, constant_int, self.scope_add)
        # The converters; a dispatch's is compiled, its constants bound here.
        self.apply = {
            **_APPLY,
            "stream.async.dispatch": partial(
                _cv_dispatch, self.ranges, self.consts, constant_int, self.scope_add, _op_build, _CMD_DISPATCH,
                _dialect_attrs,
            ),
        }
        # The sweep over a region's ops, with the frequent converters
        # compiled (native=False: every op through the table above, the
        # reference the compiled ones are tested against).
        self.sweep = _CvSweep(
            self.ranges, self.consts, constant_int, self.scope_add, _op_build, _CMD_FILL, _CMD_COPY, _CMD_DISPATCH,
            _dialect_attrs, self.apply, self, _SWEEP_LAYOUT, native, values=_values_of(scope.root_op),
        )
        self.dead: list[Op] = []
        self.freed_args: list[Value] = []
        # The module's attribute table (made from the region's module on the
        # first transfer when not given) and the region's affinity.
        self.attrs = attrs
        self._current: str | None = None
        self._current_known = False

    def is_current_affinity(self, op: Op, affinity: str) -> bool:
        """Whether ``affinity`` is the affinity of the execute region being
        converted (``op``: an op of the region)."""
        if not self._current_known:
            if self.attrs is None:
                self.attrs = AttrTable.of_module(_module_of(op))
            self._current = _current_affinity(op)
            self._current_known = True
        return self.attrs.same(affinity, self._current)

    def finish(self) -> None:
        # The uses whose user is a dead op are exactly that op's (op, i)
        # operand slots; each drop is O(1) (a use chain) and keeps the order.
        dead = self.dead
        self.dead = []
        freed_args = self.freed_args
        self.freed_args = []
        _drop_and_check(dead, freed_args)


def _drop_and_check(dead: list[Op], freed_args: list[Value]) -> None:
    """Drop the dead ops' uses, in order, as each op's ``drop_uses`` would
    have, then check that nothing live still uses what they defined (the
    loops compiled: :func:`fastalloc.passes._convert._cv_drop_dead`)."""
    used = _cv_drop_dead(dead)
    _check_unused([used] if used is not None else [], freed_args)


def _check_unused(dead: list[Op], freed_args: list[Value]) -> None:
    """Whatever still uses a replaced op's result (or a dropped concurrent
    argument) is a live op: the conversion missed it."""
    for op in dead:
        for r in op.results:
            if r._nuses:  # (r.uses would make a view object per result)
                user = next(iter(r.uses))[0]
                raise FastallocError(
                    f"internal error: {op.name} result #{r.index} is still used by {user.name} "
                    "after conversion",
                    op_location(op),
                )
    for arg in freed_args:
        if arg._nuses:
            raise FastallocError(
                f"internal error: concurrent region argument #{arg.index} still used after conversion",
                op_location(getattr(getattr(arg.owner, "parent", None), "parent", None)),
            )


def _dialect_attrs(op: Op) -> dict[str, str] | None:
    """MLIR's ``getDialectAttrs``: the discardable attributes with a dialect prefix."""
    attrs = op._attrs  # read-only: op.attrs would give each op without any a dict
    if not attrs:
        return None
    return {k: v for k, v in attrs.items() if "." in k}


def _fill(anchor: Op, target: Value, target_size: Value, offset: Value, length: Value, value: Value) -> Op:
    return _op_build(
        "stream.cmd.fill", _CMD_FILL, [target, target_size, offset, length, value], [1, 1, 1, 1, 1], anchor
    )


def _copy(
    anchor: Op,
    source: Value,
    source_size: Value,
    source_offset: Value,
    target: Value,
    target_size: Value,
    target_offset: Value,
    length: Value,
) -> Op:
    return _op_build(
        "stream.cmd.copy",
        _CMD_COPY,
        [source, source_size, source_offset, target, target_size, target_offset, length],
        [1, 1, 1, 1, 1, 1, 1],
        anchor,
    )


# -- one function per async op (seed: applyAsync*Op) ---------------------------
#
# Each takes the async op and the conversion state and returns the command op
# (or tuple of ops, in program order) that replaces it, or None.  Operands are
# unpacked by the positions their definitions give (_at, above).  The frequent ones build
# their fill/copy with _op_build themselves (no _fill/_copy frame).


def _erase_only(op: Op, cv: _Conversion) -> None:
    # subview / alloca / constant: the driver already hoisted the storage out
    # of the region and mapped the ranges; nothing uses the value any more.
    return None


def _apply_splat(op: Op, cv: _Conversion) -> Op:
    t = cv.ranges[op.results[0]]
    operands = [t.resource, t.resource_size, t.offset, t.length, op.operands[_SPLAT_VALUE]]
    return _op_build("stream.cmd.fill", _CMD_FILL, operands, [1, 1, 1, 1, 1], op)


def _apply_clone(op: Op, cv: _Conversion) -> Op:
    ranges = cv.ranges
    s = ranges[op.operands[_CLONE_SOURCE]]
    t = ranges[op.results[0]]
    return _op_build(
        "stream.cmd.copy",
        _CMD_COPY,
        [s.resource, s.resource_size, s.offset, t.resource, t.resource_size, t.offset, t.length],
        [1, 1, 1, 1, 1, 1, 1],
        op,
    )


def _apply_slice(op: Op, cv: _Conversion) -> Op:
    ranges = cv.ranges
    o = op.operands
    s = ranges[o[_SLICE_SOURCE]]
    offset = cv.add(s.offset, o[_SLICE_OFFSET])
    t = ranges[op.results[0]]
    return _op_build(
        "stream.cmd.copy",
        _CMD_COPY,
        [s.resource, s.resource_size, offset, t.resource, t.resource_size, t.offset, o[_SLICE_SIZE]],
        [1, 1, 1, 1, 1, 1, 1],
        op,
    )


def _apply_fill(op: Op, cv: _Conversion) -> Op:
    o = op.operands
    t = cv.ranges[op.results[0]]
    offset = cv.add(t.offset, o[_FILL_OFFSET])
    return _op_build(
        "stream.cmd.fill", _CMD_FILL, [t.resource, t.resource_size, offset, o[_FILL_LENGTH], o[_FILL_VALUE]],
        [1, 1, 1, 1, 1], op
    )


def _apply_update(op: Op, cv: _Conversion) -> Op:
    ranges = cv.ranges
    o = op.operands
    s = ranges[o[_UPDATE_UPDATE]]
    t = ranges[op.results[0]]
    offset = cv.add(t.offset, o[_UPDATE_OFFSET])
    return _op_build(
        "stream.cmd.copy",
        _CMD_COPY,
        [s.resource, s.resource_size, s.offset, t.resource, t.resource_size, offset, o[_UPDATE_SIZE]],
        [1, 1, 1, 1, 1, 1, 1],
        op,
    )


def _apply_copy(op: Op, cv: _Conversion) -> Op:
    ranges = cv.ranges
    o = op.operands
    s = ranges[o[_COPY_SOURCE]]
    s_offset = cv.add(s.offset, o[_COPY_S_OFFSET])
    t = ranges[op.results[0]]
    t_offset = cv.add(t.offset, o[_COPY_T_OFFSET])
    return _op_build(
        "stream.cmd.copy",
        _CMD_COPY,
        [s.resource, s.resource_size, s_offset, t.resource, t.resource_size, t_offset, o[_COPY_LENGTH]],
        [1, 1, 1, 1, 1, 1, 1],
        op,
    )


def _apply_collective(op: Op, cv: _Conversion) -> Op:
    ranges = cv.ranges
    o = op.operands
    param = o[_COLL_PARAM:]
    # Out of place only (IREE #11249): the source is read, the target written,
    # each over its whole mapped range from the given offset.
    s = ranges[o[_COLL_SOURCE]]
    s_offset = cv.add(s.offset, o[_COLL_S_OFFSET])
    t = ranges[op.results[0]]
    t_offset = cv.add(t.offset, o[_COLL_T_OFFSET])
    operands = [
        o[_COLL_CHANNEL],
        o[_COLL_COUNT],
        *param,
        s.resource,
        t.resource,
        s.resource_size,
        t.resource_size,
        s_offset,
        t_offset,
        s.length,
        t.length,
    ]
    return create(
        "stream.cmd.collective",
        operands,
        [1, 1, len(param), 2, 2, 2, 2],
        op,
        props={"op": op._props["op"], "resource_accesses": [READ, WRITE]},
    )


def _apply_barrier(op: Op, cv: _Conversion) -> Op:
    # The seed still lowers barriers to a (self-)copy of the range.
    ranges = cv.ranges
    s = ranges[op.operands[_BARRIER_SOURCE]]
    t = ranges[op.results[0]]
    return _copy(op, s.resource, s.resource_size, s.offset, t.resource, t.resource_size, t.offset, s.length)


def _module_of(op: Op):
    """``op``'s module.  While its region is being converted the execute op
    is out of its block (the driver splices it back afterwards); the op's
    size operands are defined outside the region and lead to the module."""
    module = op.module()
    for value in op.operands:
        if module is not None:
            break
        owner = value.owner
        module = owner.module() if owner is not None else None
    return module


def _values_of(op: Op) -> list[Value | None] | None:
    """The value table of ``op``'s module (None: in none), where the sweep
    leaves the tombstones of the replaced ops' results it releases."""
    module = _module_of(op)
    return module.values if module is not None else None


def _current_affinity(op: Op) -> str | None:
    """The affinity ``op`` executes on: that of its enclosing execute region.

    iree-opt 3.13 (``AffinityAttr::lookupOrDefault``) answers with the
    ``on(...)`` of the enclosing ``stream.cmd.execute`` and nothing else here:
    concurrent regions have none and a ``stream.affinity`` attribute on the
    function is not consulted (checked against iree-opt).
    """
    block = op.parent
    while block is not None:
        region = block.parent
        parent = region.parent if region is not None else None
        if not isinstance(parent, Op):
            return None
        if parent.name in _EXECUTION_REGIONS:
            return parent.props.get("affinity")
        block = parent.parent
    return None


def _apply_transfer(op: Op, cv: _Conversion) -> tuple[Op, ...] | Op:
    source_value = op.operands[_TRANSFER_SOURCE]
    result = op.results[0]
    props = op.props
    source_affinity = props.get("source_affinity")
    target_affinity = props.get("target_affinity")
    transfer_in = (
        source_affinity is not None and not cv.is_current_affinity(op, source_affinity)
    ) or _is_staging(source_value)
    transfer_out = (
        target_affinity is not None and not cv.is_current_affinity(op, target_affinity)
    ) or _is_staging(result)

    ranges = cv.ranges
    s = ranges[source_value]
    t = ranges[result]
    if not (transfer_in or transfer_out):
        return _copy(op, s.resource, s.resource_size, s.offset, t.resource, t.resource_size, t.offset, s.length)
    # Created in program order (use lists keep creation order).
    out: list[Op] = []
    if transfer_in:
        out.append(
            create(
                "stream.cmd.invalidate",
                [s.resource, s.resource_size, s.offset, s.length],
                [1, 1, 1, 1],
                op,
                props={"source_affinity": source_affinity} if source_affinity is not None else None,
            )
        )
    out.append(_copy(op, s.resource, s.resource_size, s.offset, t.resource, t.resource_size, t.offset, s.length))
    if transfer_out:
        out.append(
            create(
                "stream.cmd.flush",
                [t.resource, t.resource_size, t.offset, t.length],
                [1, 1, 1, 1],
                op,
                props={"source_affinity": target_affinity} if target_affinity is not None else None,
            )
        )
    return tuple(out)


def _apply_dispatch(op: Op, cv: _Conversion) -> Op:
    flat, n_prims, n, accesses = _cv_bind(
        op.operands, op.segments, _DISPATCH_BASE, op._props.get("tied_operands"), op.results, cv.ranges, cv.consts,
        constant_int,
        cv.scope_add, False,
    )
    new = _op_build("stream.cmd.dispatch", _CMD_DISPATCH, flat, [op.segments[0], n_prims, n, n, n, n], op)
    new._props = {"entry_points": op._props["entry_points"], "resource_accesses": accesses}
    if op._attrs:
        attrs = _dialect_attrs(op)
        if attrs:
            new._attrs = attrs
    return new


def _apply_call(op: Op, cv: _Conversion) -> Op:
    for result in op.results:
        if not _is_resource_type(result.type):
            # The async.call verifier rejects these (the seed would turn them
            # into cmd.call results and leave their uses dangling).
            raise FastallocError(
                "'stream.async.call' op non-resource return values are not yet supported on async calls",
                op_location(op),
            )
    flat, n_prims, n, accesses = _cv_bind(
        op.operands, op.segments, _CALL_BASE, op._props.get("tied_operands"), op.results, cv.ranges, cv.consts,
        constant_int,
        cv.scope_add, True,
    )
    props: dict[str, object] = {"callee": op._props["callee"], "resource_operand_accesses": accesses}
    for key in ("arg_attrs", "res_attrs"):
        if op._props.get(key) is not None:
            props[key] = op._props[key]
    return create(
        "stream.cmd.call",
        flat,
        [n + n_prims, n, n, n, 0],
        op,
        props=props,
        attrs=_dialect_attrs(op),
    )


def _apply_concurrent(op: Op, cv: _Conversion) -> Op:
    region = op.regions[0]
    block = region.blocks[0]
    _clear_operands(block.ops[-1])
    _apply_region(region, cv)
    cv.freed_args.extend(block.args)  # checked unused in finish()
    block.args = []
    # Take the body over (the old op must not own it when it dies).
    op.regions = []
    new_op = create("stream.cmd.concurrent", [], [], op)
    new_op.regions = [region]
    region.parent = new_op
    return new_op


def _clear_operands(op: Op) -> None:
    """Drop every operand of a registered op (here: a ``stream.yield``)."""
    drop_uses(op)
    op.operands = []
    op.segments = [0] * len(op.segments)


_APPLY: dict[str, Callable[[Op, _Conversion], Op | tuple[Op, ...] | None]] = {
    "stream.resource.subview": _erase_only,
    "stream.async.alloca": _erase_only,
    "stream.async.constant": _erase_only,
    "stream.async.splat": _apply_splat,
    "stream.async.clone": _apply_clone,
    "stream.async.slice": _apply_slice,
    "stream.async.fill": _apply_fill,
    "stream.async.update": _apply_update,
    "stream.async.copy": _apply_copy,
    "stream.async.collective": _apply_collective,
    "stream.async.barrier": _apply_barrier,
    "stream.async.transfer": _apply_transfer,
    "stream.async.dispatch": _apply_dispatch,
    "stream.async.call": _apply_call,
    "stream.async.concurrent": _apply_concurrent,
}

#: Ops that may appear (besides the terminator) in a region being converted:
#: those whose definition says what they convert to (OpDef.converts_to).
CONVERTIBLE_OPS: frozenset[str] = _CONVERTIBLE
if set(_APPLY) != CONVERTIBLE_OPS:  # pragma: no cover - a definition without its converter, or the reverse
    raise ImportError(f"fastalloc.passes.convert: converters {sorted(set(_APPLY) ^ CONVERTIBLE_OPS)} do not match "
                      "the op definitions' converts_to")


# The convertible ops' definitions, the most frequent first (_cv_suspects compares them by identity).
_CONVERTIBLE_DEFS = tuple(OPS[name] for name in sorted(_APPLY, key=lambda name: name != "stream.async.dispatch"))


def _collective_kind(op: Op) -> str:
    """``#stream.collective<all_reduce with sum : f32>`` -> ``all_reduce``."""
    text = op._props.get("op") or ""  # (read only: op.props would copy shared properties)
    inner = text[text.find("<") + 1 :].strip()
    return inner.split(None, 1)[0].split(":", 1)[0] if inner else ""


def _first_error(region: Region) -> FastallocError | None:
    """The error converting ``region`` would raise, or None.

    Ops are checked in the order the seed's walk meets them: last to first,
    entering a concurrent region when reaching it (the walk is compiled:
    :func:`fastalloc.passes._convert._cv_suspects` lists the ops to look at).
    """
    for op_region, op in _cv_suspects(region, _CONVERTIBLE_DEFS, OPS["stream.async.collective"],
                                      OPS["stream.async.concurrent"]):
        name = op.name
        if name not in _APPLY:
            # iree-opt reports this at the op owning the region (the execute
            # or concurrent op); keep its wording and place, and name the
            # op's own place too.
            owner = op_region.parent
            owner_loc = owner.loc if isinstance(owner, Op) else None
            where = f" at {op.loc}" if op.loc is not None else ""
            return FastallocError(
                f"unhandled async op {op.name}{where} during allocation (should have been removed earlier)",
                owner_loc if owner_loc is not None else op_location(op),
            )
        if name == "stream.async.collective" and _collective_kind(op) in ("send", "recv"):
            # The seed binds a source and a target whatever the kind, and the
            # stream.cmd.collective verifier wants one resource for these.
            return FastallocError("'stream.cmd.collective' op requires 1 resources but 2 provided", op_location(op))
    return None


def check_convertible(region: Region) -> None:
    """Raise the error :func:`apply_async_allocations` would raise, changing nothing.

    The driver calls this on an execute region before it starts rewriting
    anything, so that bad input leaves no partial output.
    """
    err = _first_error(region)
    if err is not None:
        raise err


def apply_async_allocations(region: Region, scope: AllocationScope) -> None:
    """Convert the async ops of ``region``'s block to ``stream.cmd.*`` ops.

    Seed: ``applyAsyncAllocations``.  Every resource value of the region must
    have a range in ``scope``.  Raises :class:`FastallocError` naming the
    first op (in visiting order) it cannot convert, before changing anything.
    """
    check_convertible(region)
    convert_checked_region(region, scope)


def convert_checked_region(
    region: Region, scope: AllocationScope, tick: Callable[[int], None] | None = None,
    attrs: AttrTable | None = None,
) -> None:
    """:func:`apply_async_allocations` for a region that already passed
    :func:`check_convertible` (the driver checks every region up front).
    ``attrs``: the module's attribute table (default: made when needed).
    ``tick(n)``, if given, hears of every top-level op converted, in batches
    of up to ``_TICK_EVERY`` (the driver's progress bar)."""
    cv = _Conversion(scope, attrs)
    try:
        _apply_region(region, cv, tick)
        cv.finish()
    finally:
        # The sweep holds the conversion (its converters' argument): without
        # this cut the pair, and the scope with it, waits for the collector.
        cv.sweep = None


_TICK_EVERY = 1024


def _apply_region(region: Region, cv: _Conversion, tick: Callable[[int], None] | None = None) -> None:
    """Convert the ops of ``region``'s block, last to first, in one sweep
    (compiled: :meth:`fastalloc.passes._convert._CvSweep.region`): each op
    but the terminator is replaced by what its converter returns, and the
    block's op list is rebuilt once (inserting and erasing one op at a time
    would be quadratic in the block length).  Top-level ops are reported to
    ``tick``; nested regions (concurrent) report nothing."""
    block = region.blocks[0]
    try:
        new_ops = cv.sweep.region(block.ops, block, cv.scope.before, cv.dead, tick, _TICK_EVERY)
    except KeyError as exc:
        # A value without a range (the converters index the range table).
        key = exc.args[0] if exc.args else None
        if isinstance(key, Value) and not cv.scope.has_resource_range(key):
            raise cv.scope.missing_range_error(key) from None
        raise
    # Every op in it has this block as parent already (set_ops would check).
    block.ops = new_ops


# -- whole-function conversions -------------------------------------------------


def _scan(text: str, start: int = 0, word: str | None = None) -> list[tuple[int, str, int]]:
    """(index, char, depth) of each bracket and comma of ``text`` outside
    string literals; ``depth`` counts the brackets ``<([{`` open before it (a
    closing bracket is reported at its own, inner depth).  The ``>`` of
    ``->`` is not a bracket (it is reported as ``""``).  With ``word``, its
    occurrences outside strings are reported too, as (index, word, depth).
    One compiled pass over the characters
    (:func:`fastalloc.passes._convert._cv_scan`): a regex's match objects and
    a generator cost more than the scan itself on these short texts."""
    return _cv_scan(text, start, word)


def _matching_paren(text: str, open_index: int) -> int:
    """Index of the bracket closing the one at ``open_index``."""
    for i, c, depth in _scan(text, open_index):
        if depth == 1 and c and c in ">)]}":
            return i
    raise ValueError(f"unbalanced brackets in {text!r}")


def _bracket_items(text: str, open_index: int) -> tuple[int, list[str]]:
    """``(close, split_top_level(text[open_index + 1 : close]))``, where
    ``close`` is :func:`_matching_paren`'s answer: the commas at depth 1 of
    the same scan are the top-level ones of the bracketed text (a
    declaration's arguments and results are read with one scan each;
    compiled: :func:`fastalloc.passes._convert._cv_bracket_items`)."""
    return _cv_bracket_items(text, open_index)


def parse_function_type(text: str) -> tuple[list[str], list[str]]:
    """``"(a, b) -> (c, d)"`` / ``"(a) -> c"`` -> (inputs, results)."""
    text = text.strip()
    if not text.startswith("("):
        raise ValueError(f"not a function type: {text!r}")
    close, inputs = _bracket_items(text, 0)
    rest = text[close + 1 :].strip()
    if not rest.startswith("->"):
        raise ValueError(f"not a function type: {text!r}")
    return inputs, _result_items(rest[2:].strip())


#: The result types of a function type's text after ``->``: the items of a
#: parenthesized list, else the text alone (compiled).
_result_items = _cv_result_items


def format_function_type(inputs: list[str], results: list[str]) -> str:
    """MLIR's printing of a FunctionType: a single non-function result is bare."""
    ins = ", ".join(inputs)
    if len(results) == 1 and not results[0].startswith("("):
        return f"({ins}) -> {results[0]}"
    return f"({ins}) -> ({', '.join(results)})"


class _Signature(Record):
    """A function op's signature: what ``stream.async.func``/``stream.cmd.func`` carry.

    ``inputs``: (type, attribute dictionary text or ""); ``results``: (type,
    dictionary, index of the tied argument or -1); ``attrs``: the op's
    discardable attributes as (key as written, value text or "" for a unit
    attribute).
    """

    __slots__ = _fields = ("visibility", "name", "inputs", "results", "attrs")
    visibility: str | None
    name: str
    inputs: list[tuple[str, str]]
    results: list[tuple[str, str, int]]
    attrs: list[tuple[str, str]]

    def __init__(self, visibility: str | None, name: str, inputs: list[tuple[str, str]],
                 results: list[tuple[str, str, int]], attrs: list[tuple[str, str]]) -> None:
        self.visibility = visibility
        self.name = name
        self.inputs = inputs
        self.results = results
        self.attrs = attrs


#: ``{a = 1, b.c, "d.e" = x}`` -> [("a", "1"), ("b.c", ""), ('"d.e"', "x")] (compiled).
_dict_items = _cv_dict_items
#: ``"!t {a = 1}"`` -> ("!t", "{a = 1}"); no dictionary -> (text, "") (compiled).
_split_trailing_dict = _cv_split_trailing_dict


def _attr_dict_list(value: object, count: int) -> list[str]:
    """Per-argument attribute dictionaries as texts ("" when empty or absent)."""
    if value is None:
        return [""] * count
    if isinstance(value, str):
        text = value.strip()
        if not (text.startswith("[") and text.endswith("]")):
            raise ValueError(f"not an array of dictionaries: {text!r}")
        items = split_top_level(text[1:-1])
    else:
        items = [str(v) for v in value]  # type: ignore[union-attr]
    if len(items) != count:
        raise ValueError(f"{len(items)} attribute dictionaries for {count} entries")
    return ["" if "".join(i.split()) in ("", "{}") else i for i in items]


def _int_list(value: object) -> list[int]:
    if value is None:
        return []
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("[") and text.endswith("]"):
            return [int(x.split(":")[0]) for x in split_top_level(text[1:-1])]
        raise ValueError(f"not an integer array: {text!r}")
    return [int(x) for x in value]  # type: ignore[union-attr]


def _signature_from_props(props: dict, attrs: list[tuple[str, str]]) -> _Signature:
    inputs, results = parse_function_type(props["function_type"])
    arg_attrs = _attr_dict_list(props.get("arg_attrs"), len(inputs))
    res_attrs = _attr_dict_list(props.get("res_attrs"), len(results))
    tied = _int_list(props.get("tied_operands"))
    tied += [-1] * (len(results) - len(tied))
    name = props["sym_name"].strip()
    if not name.startswith("@"):
        bare = name[1:-1] if name.startswith('"') else name
        name = "@" + (bare if re.fullmatch(r"[A-Za-z_][\w.$-]*", bare) else f'"{bare}"')
    vis = props.get("sym_visibility")
    if isinstance(vis, str):
        vis = vis.strip().strip('"')
    return _Signature(
        vis,
        name,
        list(zip(inputs, arg_attrs)),
        [(t, a, k) for t, a, k in zip(results, res_attrs, tied)],
        attrs,
    )


def _declaration_text(op: Op) -> str:
    """The text of an uninterpreted ``stream.async.func`` declaration (its
    template's pieces; ValueError for one with operands or without a template)."""
    if op.tmpl is None:
        raise ValueError("not a declaration")
    pieces = []
    for p in op.tmpl:
        if isinstance(p, str):
            pieces.append(p)
        elif not (isinstance(p, tuple) and p[0] == "r"):
            raise ValueError("not a declaration")
    return " ".join(pieces).strip()


def _signature_from_generic(text: str) -> _Signature:
    """Generic form: ``"stream.async.func"() <{props}> ({ }) {attrs} : () -> ()``."""
    open_ = text.index("<{")
    close = _matching_paren(text, open_ + 1)
    props = dict(_dict_items(text[open_ + 1 : close + 1]))
    rest = text[close + 2 :]
    colon = rest.rindex(":")
    _, attr_text = _split_trailing_dict(rest[:colon].replace("(", " ").replace(")", " "))
    attrs = _dict_items(attr_text) if attr_text else []
    return _signature_from_props(props, attrs)


def _pretty_head(text: str, op_name: str) -> tuple[str, str]:
    """Pretty form ``op_name [vis] @name(args) [-> results] [attributes {...}]``
    -> ``("@name", "(args) ...")``: the rest, from the argument list on, is
    what :func:`fastalloc.passes._convert._cv_pretty_signature` reads."""
    rest = text[len(op_name) :].strip()
    if not rest.startswith("@"):
        _vis, rest = rest.split(None, 1)
    open_ = rest.index("(")
    return rest[:open_].strip(), rest[open_:]


#: Index of a word at depth 0 of a text, starting it or after a space; -1 if none (compiled).
_find_top_level_word = _cv_find_word


def convert_async_func(op: Op) -> Op:
    """``stream.async.func`` -> ``stream.cmd.func`` (seed: convertAsyncFuncOp)
    in place: the new op (:func:`cmd_func_op`) takes the old one's place,
    which is erased.  Returns the new op."""
    new_op = insert_before(op, cmd_func_op(op))
    op.regions = []
    erase(op)
    return new_op


def cmd_func_op(op: Op) -> Op:
    """The detached ``stream.cmd.func`` that replaces the ``stream.async.func`` ``op``, at its location.

    Each resource argument gains an offset and a length argument; each untied
    resource result becomes a trailing (resource, offset, length) argument;
    tied resource results disappear; other results stay results; argument
    and result attributes follow their value.  Only dialect attributes (keys
    with a ``.``) carry over (the new text after the name:
    :func:`fastalloc.passes._convert._cv_cmd_func_tail`).  Reads the
    declaration the parser kept as text (the front end does not interpret
    stream.async.func), in pretty or generic form.
    """
    try:
        text = _declaration_text(op)
        if text.startswith('"'):
            sig = _signature_from_generic(text)
            name, tail = sig.name, _cv_cmd_func_tail(sig.inputs, sig.results, sig.attrs)
        else:
            name, rest = _pretty_head(text, op.name)
            tail = _cv_cmd_func_tail(*_cv_pretty_signature(rest))
    except (ValueError, KeyError, IndexError) as exc:
        raise FastallocError(f"cannot read the signature of this stream.async.func: {exc}", op_location(op)) from None

    # IREE's CmdFuncOp builder makes every new func private (iree-opt turns a
    # `nested` async.func into a `private` cmd.func).  stream.cmd.func is not
    # interpreted by the front end: it is made as text, the way the parser
    # keeps every op it does not interpret.
    new_op = text_op("stream.cmd.func", [f"stream.cmd.func private {name}{tail}"])
    new_op.copy_loc_from(op)
    return new_op


def convert_async_funcs(block: Block, ops: list[Op]) -> None:
    """:func:`convert_async_func` of each of ``ops`` (``stream.async.func``
    ops of ``block``), in one pass over the block (one op at a time, each
    insertion and erasure would search the block)."""
    new_ops = {op: [cmd_func_op(op)] for op in ops}
    splice(block, new_ops)
    for op in ops:
        op.regions = []
        op.parent = None  # out of the block already: erase need not search it
        erase(op)


def convert_async_load(op: Op) -> Op:
    """``stream.async.load`` -> ``stream.resource.load`` (same operands and result)."""
    return morph(op, "stream.resource.load")


def convert_async_store(op: Op) -> Op:
    """``stream.async.store`` -> ``stream.resource.store``; uses of the result see the target."""
    (result,) = op.results
    target = _one(op, "target")
    if target is not result:
        result.replace_all_uses_with(target)
    op.results = []
    return morph(op, "stream.resource.store")
