"""Stream op semantics the passes need, and one execute region -> flat arrays.

Op semantics (IREE interfaces, answered from the op registry):

* :func:`tied_operand` -- ``TiedOpInterface::getTiedResultOperand``;
* :func:`result_size` -- ``SizeAwareOpInterface::getResultSizeFromValue``;
* :func:`find_subview_op` -- ``ResourceSubviewOp::findSubviewOp``;
* :func:`find_tied_base_value` -- ``TiedOpInterface::findTiedBaseValue``.

Region arrays (:func:`region_arrays`): for one ``stream.async.execute`` the
values of its region get local dense numbers and the facts IREE's
``computeRegionValueAliases`` and ``computeExecutionRegionLivenessIntervals``
read become int64 / uint8 arrays (``array.array``), fed to the core kernels
:func:`fastalloc.kernels.alias.alias_sets` and
:func:`fastalloc.kernels.alias.liveness_intervals`.
Building them is one compiled walk over the region
(:func:`fastalloc.passes._regions._region_scan`; Python objects have to be read once);
uses come from the region's own operand lists (a region value is only used
inside its region, and the liveness kernel only needs the latest use), so no
use list is made.  The Python computation it replaced is kept as the
reference in tests/test_regions_native.py.
"""

from __future__ import annotations

from functools import cached_property

from fastalloc._record import Record
from fastalloc.kernels.alias import alias_sets, liveness_intervals
from fastalloc.passes import _regions
from fastalloc.ir.model import Op
from fastalloc.ir.ops import OPS

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:  # pragma: no cover
    from typing import Callable
    from array import array

    from fastalloc.ir.model import Value

__all__ = [
    "LIVE_IN",
    "LIVE_OUT",
    "RegionArrays",
    "find_subview_op",
    "find_tied_base_value",
    "is_resource",
    "region_alias_sets",
    "region_arrays",
    "result_size",
    "tied_operand",
]

LIVE_IN = -2147483648
LIVE_OUT = 2147483647

# The interface tables below are derived from the op definitions
# (fastalloc.ir.ops); nothing about a particular op is written here.

# Ops whose result 0 is tied to one named operand: op name -> that operand's number.
_TIED_SEGMENT = {name: d.tied_to for name, d in OPS.items() if d.tied_to is not None}
_TIED0_AT = {name: OPS[name].static_operand(seg) for name, seg in _TIED_SEGMENT.items()}
# Ops whose `tied_operands` property indexes a segment: op name -> its segment number.
_TIED_PROP_SEGMENT = {name: d.segment_index[d.tied_prop] for name, d in OPS.items() if d.tied_prop is not None}
_TIED_PROP = frozenset(_TIED_PROP_SEGMENT)
# op name -> (segment number, its start when static else -1, one size per result?)
_RESULT_SIZE_AT = {name: d.result_size_at for name, d in OPS.items() if d.result_size is not None}
# Timeline ops stop findSubviewOp's walk.
_TIMELINE = frozenset(name for name, d in OPS.items() if d.timeline)
# Ops with SizeAwareOpInterface operand sizes: op name -> its OpDef.
_OPERAND_SIZED = {name: d for name, d in OPS.items() if d.operand_sizes}
_SUBVIEW = "stream.resource.subview"


def is_resource(value: Value) -> bool:
    """``isa<IREE::Stream::ResourceType>(value.getType())``."""
    return value.type.startswith("!stream.resource<")


def tied_operand(value: Value) -> Value | None:
    """The operand whose storage op result ``value`` reuses, or None."""
    op = value.owner
    if not isinstance(op, Op):
        return None
    name = op.name
    at = _TIED0_AT.get(name)
    if at is not None:
        return op.operands[at] if value.index == 0 else None
    seg = _TIED_PROP_SEGMENT.get(name)
    if seg is not None:
        tied = op._props.get("tied_operands")
        i = value.index
        if not tied or i >= len(tied):
            return None
        k = tied[i]
        if k < 0:
            return None
        if seg:
            k += sum(op.segments[:seg])  # the tied segment follows others (a dispatch's workload)
        return op.operands[k]
    return None


def tied_results(op: Op, operand_index: int) -> list[Value]:
    """``TiedOpInterface::getOperandTiedResults``: results of ``op`` tied to
    its operand number ``operand_index``."""
    name = op.name
    seg = _TIED_SEGMENT.get(name)
    if seg is not None:
        a = _segment_start(op, seg)
        return [op.results[0]] if operand_index == a else []
    if name in _TIED_PROP:
        tied = op._props.get("tied_operands") or ()
        k = operand_index - _segment_start(op, op.opdef.tied_prop)
        return [op.results[i] for i, t in enumerate(tied) if t == k and t >= 0]
    return []


def is_tied_op(op: Op) -> bool:
    """Whether ``op`` implements IREE's TiedOpInterface (for the ops we know)."""
    return op.name in _TIED_SEGMENT or op.name in _TIED_PROP


def _segment_start(op: Op, seg: str) -> int:
    k = op.opdef.segment_index[seg]
    return sum(op.segments[:k])


#: ``result_size(value) -> Value | None``: the ``index`` size operand of the
#: op defining resource ``value`` (``SizeAwareOpInterface::getResultSizeFromValue``),
#: or None: operand ``start + value.index`` of the op's size segment (per
#: result) or its only operand, from ``_RESULT_SIZE_AT``.  Compiled (the pass
#: asks ~10^5 times); the Python form is in tests/test_regions_native.py.
result_size: Callable[[Value], Value | None] = _regions._result_size


def operand_size(op: Op, operand_index: int) -> Value | None:
    """``SizeAwareOpInterface::getOperandSize`` for the resource operands of
    the region ops (used by findSizeValue's fallback over users)."""
    d = _OPERAND_SIZED.get(op.name)
    if d is None:
        return None
    for res, size in d.operand_sizes:
        if d.segment_kinds[d.segment_index[res]] == "*":
            # One size per operand of the segment (per resource one, when it
            # may hold primitives too).
            k = operand_index - _segment_start(op, res)
            if not d.primitives:
                sizes = op.group(size)
                return sizes[k] if 0 <= k < len(sizes) else None
            ops = op.group(res)
            if not (0 <= k < len(ops)) or not is_resource(ops[k]):
                return None
            j = sum(1 for v in ops[:k] if is_resource(v))
            return op.group(size)[j]
        if _segment_start(op, res) == operand_index:
            return op.group(size)[0]
    return None


def find_tied_base_value(value: Value) -> Value:
    """Follow tied results up to the value that first owned the storage."""
    while True:
        t = tied_operand(value)
        if t is None:
            return value
        value = t


def find_subview_op(value: Value) -> Op | None:
    """The ``stream.resource.subview`` ``value`` derives from through tied
    ops, or None (block arguments and timeline ops stop the walk)."""
    while value is not None:
        op = value.owner
        if value.is_block_arg or op is None:
            return None
        name = op.name
        if name in _TIMELINE:
            return None
        if name == _SUBVIEW:
            return op
        if not is_tied_op(op):
            return None
        value = tied_operand(value)
    return None


# ---------------------------------------------------------------------------
# Region -> arrays
# ---------------------------------------------------------------------------


class RegionArrays(Record):
    """The region of one execute as arrays over local value numbers.

    ``values[k]`` is the Value numbered ``k``: the resource block arguments of
    the entry block, then the resource results of the top-level ops in order
    (these carry IREE's positive interval ordinals, in this order), then the
    "nested" values: the unused untied resource results inside
    ``stream.async.concurrent`` regions (IREE's ordinal -1 intervals, in walk
    order) and the other nested values that occur in alias pairs.

    ``def_op``/``use_indptr``/``use_ops``/``live_out``/``nested`` are the
    inputs of :func:`fastalloc.kernels.alias.liveness_intervals`; ``aliasee`` and
    ``aliaser`` (local numbers) those of :func:`fastalloc.kernels.alias.alias_sets`.
    ``n_ordered`` values (args + top-level results) and then ``n_hack`` nested
    unused results have intervals in IREE's output list; the rest do not.
    """

    # no __slots__: ``index`` is a cached_property, kept in the instance dict
    _fields = ("values", "def_op", "use_indptr", "use_ops", "live_out", "nested", "aliasee", "aliaser", "n_args",
               "n_ordered", "n_hack", "concurrent")
    values: list
    def_op: array
    use_indptr: array
    use_ops: array
    live_out: array
    nested: array
    aliasee: array
    aliaser: array
    n_args: int
    n_ordered: int
    n_hack: int
    #: every ``stream.async.concurrent`` of the region, pre-order
    concurrent: list

    def __init__(self, values: list, def_op: array, use_indptr: array, use_ops: array, live_out: array,
                 nested: array, aliasee: array, aliaser: array, n_args: int, n_ordered: int, n_hack: int,
                 concurrent: list | None = None) -> None:
        self.values = values
        self.def_op = def_op
        self.use_indptr = use_indptr
        self.use_ops = use_ops
        self.live_out = live_out
        self.nested = nested
        self.aliasee = aliasee
        self.aliaser = aliaser
        self.n_args = n_args
        self.n_ordered = n_ordered
        self.n_hack = n_hack
        self.concurrent = [] if concurrent is None else concurrent

    @cached_property
    def index(self) -> dict:
        """Value -> its local number (made on first use: the pass does not
        need it, and at 10^5 values it costs as much as the walk's lookups)."""
        return dict(zip(self.values, range(len(self.values))))


def region_arrays(execute_op: Op) -> RegionArrays:
    """Number the values of ``execute_op``'s region and build the arrays.

    Uses are read from the region's ops, not from use lists: a value of the
    region can only be used inside it, and the liveness kernel only takes the
    latest use, so the operand lists of the region's ops give the same
    intervals without building any use list.  The walk is compiled
    (:func:`fastalloc.passes._regions._region_scan`: one pass over the ops, operands
    looked up in C); numbering, pair order and array layout are those of
    :class:`RegionArrays`.
    """
    block = execute_op._regions[0].blocks[0]
    args = [a for a in block.args if a.type.startswith(_RESOURCE)]
    values, n_ordered, n_hack, def_op, use_indptr, use_ops, live_out, nested, aliasee, aliaser, concurrent = (
        _regions._region_scan(execute_op, block, args, _TIED_KIND, _RESOURCE, "stream.async.concurrent")
    )
    return RegionArrays(
        values, def_op, use_indptr, use_ops, live_out, nested, aliasee, aliaser, len(args), n_ordered, n_hack,
        concurrent,
    )


_RESOURCE = "!stream.resource<"
# The op kinds of _regions._region_scan, built there from the op definitions.
_TIED_KIND = _regions._tied_kinds()


def region_alias_sets(arrays: RegionArrays) -> tuple[dict, array, array]:
    """Alias sets of the region with the core's union-find.

    Returns ``(sets, set_indptr, set_members)``: ``sets`` maps every value in
    some alias pair to the list of its set's members (one shared list per
    set, as :class:`fastalloc.passes.scope.AllocationScope` takes it), plus
    the CSR arrays for :func:`fastalloc.kernels.alias.liveness_intervals`.
    """
    n = len(arrays.values)
    _leader, indptr, members = alias_sets(n, arrays.aliasee, arrays.aliaser)
    return _regions._alias_groups(arrays.values, indptr, members), indptr, members


def region_intervals(arrays: RegionArrays, set_indptr: array, set_members: array):
    """IREE's liveness intervals ``(starts, ends)`` over the local numbers."""
    return liveness_intervals(
        arrays.def_op,
        arrays.use_indptr,
        arrays.use_ops,
        arrays.live_out,
        arrays.nested,
        set_indptr,
        set_members,
    )
