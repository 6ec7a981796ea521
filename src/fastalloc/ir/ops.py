"""The stream ops fastalloc interprets, each defined once.

Every fact a parser, printer, verifier or pass asks about an op is declared
here, in that op's ``_def(...)`` entry, and read from the resulting
:class:`OpDef` (``OPS[name]``); no other module keeps its own table of op
names.  Per op:

* its ODS operand segments in declaration (= generic form) order, the kind of
  each segment (``1`` exactly one operand, ``?`` optional, ``*`` variadic),
  whether the generic form carries ``operandSegmentSizes`` (``attr_sized``) or
  splits variadics evenly (``same_variadic``, ``stream.yield``), its
  properties and number of regions;
* the IREE interfaces the passes query: ``TiedOpInterface`` (``tied_to``:
  result 0 reuses the storage of that segment's operand; ``tied_prop``: the
  ``tied_operands`` property indexes that segment), ``SizeAwareOpInterface``
  (``result_size``: the segment holding the result sizes, one per result when
  variadic; ``operand_sizes``: (operand segment, size segment) pairs, and
  ``primitives`` when a variadic resource segment may also hold non-resource
  values, which have no size), ``AffinityOpInterface`` (``affinity``: the
  property holding the op's affinity), ``TimelineOpInterface``
  (``timeline``), and the region shape (``async_region``: one block ending in
  ``stream.yield`` of the op's resource results; ``captures``: the region sees
  resources only through explicit captures; ``region_branch``:
  ``RegionBranchOpInterface``, every op with a region here), ``call``
  (``CallOpInterface``);
* what schedule-allocation converts it to (``converts_to``: the command ops
  it becomes, ``()`` when it is only erased; ``None``: not convertible).

Names follow IREE's StreamOps.td (STREAM_SYNTAX.md section 7).  Ops kept as
text (not interpreted) that the passes still ask an interface question about
are listed, by interface, in :data:`TEXT_OP_INTERFACES`.

The pretty-form syntax of each op is not declared here: it lives in the
parser's ``p_*`` and the printer's ``pp_*`` functions keyed by ``OpDef.name``
(docs/ARCHITECTURE.md says why).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "AFFINITY_OPS",
    "CONVERTIBLE_OPS",
    "INDEX_SEGMENTS",
    "INT_LIST_PROPS",
    "OPS",
    "OpDef",
    "TEXT_OP_INTERFACES",
    "TEXT_OP_PARENTS",
    "UNIT_PROPS",
]

# Properties whose value is a list of integers in the model.
INT_LIST_PROPS = frozenset({"tied_operands", "lifetime_intervals", "resource_accesses", "resource_operand_accesses"})
# Unit properties (present -> True).
UNIT_PROPS = frozenset({"once", "uninitialized", "indeterminate_lifetime", "prefer_origin"})
# Integer element type each int-list property prints with in generic form.
INT_LIST_ELT = {
    "tied_operands": "index",
    "lifetime_intervals": "index",
    "resource_accesses": "i32",
    "resource_operand_accesses": "i32",
}


@dataclass(frozen=True)
class OpDef:
    """Static description of one known op."""

    name: str
    segment_names: tuple[str, ...]
    segment_kinds: tuple[str, ...]
    attr_sized: bool = False
    same_variadic: bool = False
    props: tuple[str, ...] = ()
    num_regions: int = 0
    # -- interfaces (see the module docstring) --
    tied_to: str | None = None
    tied_prop: str | None = None
    result_size: str | None = None
    operand_sizes: tuple[tuple[str, str], ...] = ()
    primitives: bool = False
    affinity: str | None = None
    timeline: bool = False
    async_region: bool = False
    captures: bool = False
    region_branch: bool = False
    call: bool = False
    converts_to: tuple[str, ...] | None = None
    segment_index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    # Start of segment k when every earlier segment has exactly one operand, else -1.
    static_start: list[int] = field(default_factory=list, compare=False, repr=False)

    def static_operand(self, segment: str) -> int:
        """Operand number of ``segment``'s (first) operand, for segments that
        start at a fixed position; ValueError otherwise."""
        start = self.static_start[self.segment_index[segment]]
        if start < 0:
            raise ValueError(f"{self.name}: segment {segment} has no fixed position")
        return start

    @property
    def is_tied(self) -> bool:
        """Implements ``TiedOpInterface``."""
        return self.tied_to is not None or self.tied_prop is not None

    @property
    def result_size_at(self) -> tuple[int, int, bool] | None:
        """``(segment number, its static start or -1, one size per result?)``
        of :attr:`result_size`, or None: the form the compiled helpers read."""
        if self.result_size is None:
            return None
        k = self.segment_index[self.result_size]
        return k, self.static_start[k], self.segment_kinds[k] == "*"

    def infer_segments(self, n: int) -> list[int]:
        """Segment sizes for ``n`` flat operands when no explicit sizes are given.

        Valid when at most one segment is not of kind ``1`` (or for
        ``same_variadic`` ops, whose variadics share one size).
        """
        kinds = self.segment_kinds
        fixed = kinds.count("1")
        free = [k for k, kind in enumerate(kinds) if kind != "1"]
        sizes = [1 if kind == "1" else 0 for kind in kinds]
        rest = n - fixed
        if rest < 0:
            raise ValueError(f"{self.name} needs at least {fixed} operands, got {n}")
        if not free:
            if rest:
                raise ValueError(f"{self.name} takes {fixed} operands, got {n}")
            return sizes
        if len(free) == 1:
            if kinds[free[0]] == "?" and rest > 1:
                raise ValueError(f"{self.name}: too many operands ({n})")
            sizes[free[0]] = rest
            return sizes
        if self.same_variadic:
            if rest % len(free):
                raise ValueError(f"{self.name}: {rest} variadic operands do not split evenly")
            for k in free:
                sizes[k] = rest // len(free)
            return sizes
        raise ValueError(f"{self.name} has several variadic segments; give their sizes (operandSegmentSizes)")


def _def(name: str, spec: str, *, attr_sized: bool = False, same_variadic: bool = False,
         props: str = "", regions: int = 0, tied_to: str | None = None, tied_prop: str | None = None,
         result_size: str | None = None, operand_sizes: str = "", primitives: bool = False,
         timeline: bool = False, async_region: bool = False, captures: bool = False, call: bool = False,
         converts_to: str | None = None, affinity: str | None = None) -> OpDef:
    names: list[str] = []
    kinds: list[str] = []
    for item in spec.split():
        nm, kind = item.split(":")
        names.append(nm)
        kinds.append(kind)
    prop_names = tuple(props.split())
    if affinity is None and "affinity" in prop_names:
        affinity = "affinity"
    pairs = tuple(tuple(item.split(":")) for item in operand_sizes.split())
    d = OpDef(
        name, tuple(names), tuple(kinds), attr_sized, same_variadic, prop_names, regions,
        tied_to, tied_prop, result_size, pairs, primitives, affinity, timeline, async_region, captures,  # type: ignore[arg-type]
        regions > 0, call, None if converts_to is None else tuple(converts_to.split()),
    )
    d.segment_index.update({nm: k for k, nm in enumerate(names)})
    fixed = True
    for k, kind in enumerate(kinds):
        d.static_start.append(k if fixed else -1)
        fixed = fixed and kind == "1"
    for seg in (tied_to, tied_prop, result_size, *(x for pair in pairs for x in pair)):
        if seg is not None and seg not in d.segment_index:  # pragma: no cover - a bad definition
            raise ValueError(f"{name}: no segment {seg}")
    if tied_prop is not None and "tied_operands" not in prop_names:  # pragma: no cover
        raise ValueError(f"{name}: tied_prop needs a tied_operands property")
    if affinity is not None and affinity not in prop_names:  # pragma: no cover
        raise ValueError(f"{name}: no property {affinity}")
    return d


_RES = "resource_operands:resource_operand_sizes"

_DEFS = [
    # --- async (input) ops -------------------------------------------------
    _def("stream.async.execute",
         "resource_operands:* resource_operand_sizes:* result_sizes:* await_timepoint:?",
         attr_sized=True, props="affinity tied_operands", regions=1,
         tied_prop="resource_operands", result_size="result_sizes", operand_sizes=_RES,
         timeline=True, async_region=True, captures=True),
    _def("stream.async.concurrent",
         "resource_operands:* resource_operand_sizes:* result_sizes:*",
         attr_sized=True, props="affinity tied_operands", regions=1,
         tied_prop="resource_operands", result_size="result_sizes", operand_sizes=_RES,
         async_region=True, captures=True, converts_to="stream.cmd.concurrent"),
    _def("stream.async.constant", "await_timepoint:? result_size:1", props="affinity value",
         result_size="result_size", converts_to=""),
    _def("stream.async.splat", "await_timepoint:? value:1 result_size:1", props="affinity",
         result_size="result_size", converts_to="stream.cmd.fill"),
    _def("stream.async.clone", "source:1 source_size:1 result_size:1", props="affinity",
         result_size="result_size", operand_sizes="source:source_size", converts_to="stream.cmd.copy"),
    _def("stream.async.slice", "source:1 source_size:1 source_offset:1 source_end:1 result_size:1",
         props="affinity", result_size="result_size", operand_sizes="source:source_size",
         converts_to="stream.cmd.copy"),
    _def("stream.async.fill",
         "target:1 target_size:1 target_offset:1 target_end:1 target_length:1 value:1", props="affinity",
         tied_to="target", result_size="target_size", operand_sizes="target:target_size",
         converts_to="stream.cmd.fill"),
    _def("stream.async.update",
         "target:1 target_size:1 target_offset:1 target_end:1 update:1 update_size:1", props="affinity",
         tied_to="target", result_size="target_size", operand_sizes="target:target_size update:update_size",
         converts_to="stream.cmd.copy"),
    _def("stream.async.copy",
         "target:1 target_size:1 target_offset:1 target_end:1 "
         "source:1 source_size:1 source_offset:1 source_end:1 length:1", props="affinity",
         tied_to="target", result_size="target_size", operand_sizes="target:target_size source:source_size",
         converts_to="stream.cmd.copy"),
    _def("stream.async.dispatch",
         "workload:* resource_operands:* resource_operand_sizes:* resource_operand_offsets:* "
         "resource_operand_ends:* resource_operand_lengths:* result_sizes:*",
         attr_sized=True, props="affinity entry_points tied_operands",
         tied_prop="resource_operands", result_size="result_sizes", operand_sizes=_RES, primitives=True,
         converts_to="stream.cmd.dispatch"),
    _def("stream.async.call",
         "resource_operands:* resource_operand_sizes:* resource_operand_offsets:* "
         "resource_operand_ends:* resource_operand_lengths:* result_sizes:*",
         attr_sized=True, props="affinity callee tied_operands arg_attrs res_attrs",
         tied_prop="resource_operands", result_size="result_sizes", operand_sizes=_RES, primitives=True,
         call=True, converts_to="stream.cmd.call"),
    _def("stream.async.collective",
         "target:1 target_size:1 target_offset:1 target_end:1 target_length:1 "
         "source:1 source_size:1 source_offset:1 source_end:1 source_length:1 "
         "element_count:1 channel:1 param:?", props="affinity op",
         tied_to="target", result_size="target_size", operand_sizes="target:target_size source:source_size",
         converts_to="stream.cmd.collective"),
    _def("stream.async.barrier", "source:1 size:1", props="affinity",
         tied_to="source", result_size="size", operand_sizes="source:size", converts_to="stream.cmd.copy"),
    _def("stream.async.transfer", "source:1 source_size:1 result_size:1",
         props="execution_affinity source_affinity target_affinity", affinity="execution_affinity",
         result_size="result_size", operand_sizes="source:source_size",
         converts_to="stream.cmd.invalidate stream.cmd.copy stream.cmd.flush"),
    _def("stream.async.alloca", "storage_size:1", props="affinity", result_size="storage_size", converts_to=""),
    _def("stream.async.load", "source:1 source_size:1 source_offset:1"),
    _def("stream.async.store", "target:1 target_size:1 target_offset:1 value:1",
         tied_to="target", result_size="target_size"),
    _def("stream.yield", "resource_operands:* resource_operand_sizes:*", same_variadic=True, operand_sizes=_RES),
    _def("stream.timepoint.join", "await_timepoints:*", timeline=True),
    # --- resource ops ------------------------------------------------------
    _def("stream.resource.alloc", "storage_size:1", props="affinity uninitialized", result_size="storage_size"),
    _def("stream.resource.alloca", "storage_size:1 await_timepoint:?",
         props="affinity indeterminate_lifetime", result_size="storage_size", timeline=True),
    _def("stream.resource.dealloca", "operand:1 operand_size:1 await_timepoint:?",
         props="affinity prefer_origin", timeline=True),
    _def("stream.resource.pack", "offset:? dynamic_slice_sizes:*", attr_sized=True,
         props="affinity lifetime_intervals"),
    _def("stream.resource.constants", "result_sizes:*", props="affinity values", result_size="result_sizes",
         timeline=True),
    _def("stream.resource.subview", "source:1 source_size:1 source_offset:1 result_size:1",
         tied_to="source", result_size="result_size", operand_sizes="source:source_size", converts_to=""),
    _def("stream.resource.load", "source:1 source_size:1 source_offset:1"),
    _def("stream.resource.store", "target:1 target_size:1 target_offset:1 value:1"),
    # --- cmd ops -----------------------------------------------------------
    _def("stream.cmd.execute", "resource_operands:* resource_operand_sizes:* await_timepoint:?",
         attr_sized=True, props="affinity once", regions=1, timeline=True, captures=True),
    _def("stream.cmd.concurrent", "", regions=1),
    _def("stream.cmd.serial", "", regions=1),
    _def("stream.cmd.fill", "target:1 target_size:1 target_offset:1 target_length:1 value:1"),
    _def("stream.cmd.copy",
         "source:1 source_size:1 source_offset:1 target:1 target_size:1 target_offset:1 length:1"),
    _def("stream.cmd.flush", "target:1 target_size:1 target_offset:1 target_length:1",
         props="source_affinity"),
    _def("stream.cmd.invalidate", "target:1 target_size:1 target_offset:1 target_length:1",
         props="source_affinity"),
    _def("stream.cmd.discard", "target:1 target_size:1 target_offset:1 target_length:1"),
    _def("stream.cmd.dispatch",
         "workload:* uniform_operands:* resources:* resource_sizes:* resource_offsets:* resource_lengths:*",
         attr_sized=True, props="entry_points resource_accesses"),
    _def("stream.cmd.call",
         "resource_operands:* resource_operand_sizes:* resource_operand_offsets:* "
         "resource_operand_lengths:* result_sizes:*",
         attr_sized=True, props="callee tied_operands arg_attrs res_attrs resource_operand_accesses", call=True),
    _def("stream.cmd.collective",
         "channel:1 element_count:1 param:? resources:* resource_sizes:* resource_offsets:* resource_lengths:*",
         attr_sized=True, props="op resource_accesses"),
]

OPS: dict[str, OpDef] = {d.name: d for d in _DEFS}

#: Stream ops fastalloc keeps as text (no :class:`OpDef`: not interpreted)
#: that the passes or the verifier still ask an interface question about, by
#: interface.  ``affinity``: ``AffinityOpInterface`` (StreamOps.td traits and
#: the external models of StreamExternalModels.cpp; the registered ones have
#: ``OpDef.affinity``); ``tied``: ``TiedOpInterface`` (a timepoint await ties
#: each result to its resource operand of the same rank); ``function``: ops
#: with a function body (``CallableOpInterface``, also symbols);
#: ``symbol``: other symbol-defining ops; ``terminator``; ``has_parent``:
#: ops that live only directly inside one parent op (``HasParent``, the
#: parent in :data:`TEXT_OP_PARENTS`).
TEXT_OP_PARENTS: dict[str, str] = {"stream.executable.export": "stream.executable"}
TEXT_OP_INTERFACES: dict[str, frozenset[str]] = {
    "has_parent": frozenset(TEXT_OP_PARENTS),
    "tied": frozenset({"stream.timepoint.await"}),
    "function": frozenset({"stream.async.func", "stream.cmd.func"}),
    "symbol": frozenset({"stream.executable"}),
    "terminator": frozenset({"stream.return"}),
    "affinity": frozenset(
        "stream." + n
        for n in (
            "context.resolve resource.try_map resource.transients file.constant file.read file.write "
            "tensor.import tensor.export tensor.sizeof tensor.empty tensor.constant tensor.splat tensor.clone "
            "tensor.encode tensor.slice tensor.fill tensor.update tensor.dispatch tensor.parameter.load "
            "tensor.parameter.write async.cast async.parameter.load async.parameter.read async.parameter.write "
            "async.parameter.gather async.parameter.scatter cmd.parameter.load cmd.parameter.read "
            "cmd.parameter.write cmd.parameter.gather cmd.parameter.scatter timepoint.import timepoint.export "
            "timepoint.barrier channel.create"
        ).split()
    ),
}

#: Every stream op implementing ``AffinityOpInterface``, registered or text.
AFFINITY_OPS: frozenset[str] = frozenset(d.name for d in _DEFS if d.affinity) | TEXT_OP_INTERFACES["affinity"]
#: Ops converted inside an execute region by schedule-allocation.
CONVERTIBLE_OPS: frozenset[str] = frozenset(d.name for d in _DEFS if d.converts_to is not None)

# Segments whose operands are always `index` (sizes, offsets, ends, lengths, workloads).
INDEX_SEGMENTS = frozenset(
    nm for d in _DEFS for nm in d.segment_names
    if any(w in nm for w in ("size", "offset", "end", "length", "workload", "element_count"))
)
