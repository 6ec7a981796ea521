"""Registry of the stream ops fastalloc interprets.

For each op: its ODS operand segments in declaration (= generic form) order,
the kind of each segment (``1`` exactly one operand, ``?`` optional, ``*``
variadic), whether the generic form carries ``operandSegmentSizes``
(``attr_sized``) or splits variadics evenly (``same_variadic``,
``stream.yield``), and which properties are integer lists or unit flags.
Names follow IREE's StreamOps.td (STREAM_SYNTAX.md section 7).

The pretty-form parse and print functions of each op live in
``fastalloc.ir.parser`` and ``fastalloc.ir.printer`` keyed by ``OpDef.name``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["OPS", "OpDef", "INDEX_SEGMENTS", "INT_LIST_PROPS", "UNIT_PROPS"]

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
    segment_index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    # Start of segment k when every earlier segment has exactly one operand, else -1.
    static_start: list[int] = field(default_factory=list, compare=False, repr=False)

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
         props: str = "", regions: int = 0) -> OpDef:
    names: list[str] = []
    kinds: list[str] = []
    for item in spec.split():
        nm, kind = item.split(":")
        names.append(nm)
        kinds.append(kind)
    d = OpDef(name, tuple(names), tuple(kinds), attr_sized, same_variadic, tuple(props.split()), regions)
    d.segment_index.update({nm: k for k, nm in enumerate(names)})
    fixed = True
    for k, kind in enumerate(kinds):
        d.static_start.append(k if fixed else -1)
        fixed = fixed and kind == "1"
    return d


_DEFS = [
    # --- async (input) ops -------------------------------------------------
    _def("stream.async.execute",
         "resource_operands:* resource_operand_sizes:* result_sizes:* await_timepoint:?",
         attr_sized=True, props="affinity tied_operands", regions=1),
    _def("stream.async.concurrent",
         "resource_operands:* resource_operand_sizes:* result_sizes:*",
         attr_sized=True, props="affinity tied_operands", regions=1),
    _def("stream.async.constant", "await_timepoint:? result_size:1", props="affinity value"),
    _def("stream.async.splat", "await_timepoint:? value:1 result_size:1", props="affinity"),
    _def("stream.async.clone", "source:1 source_size:1 result_size:1", props="affinity"),
    _def("stream.async.slice", "source:1 source_size:1 source_offset:1 source_end:1 result_size:1",
         props="affinity"),
    _def("stream.async.fill",
         "target:1 target_size:1 target_offset:1 target_end:1 target_length:1 value:1", props="affinity"),
    _def("stream.async.update",
         "target:1 target_size:1 target_offset:1 target_end:1 update:1 update_size:1", props="affinity"),
    _def("stream.async.copy",
         "target:1 target_size:1 target_offset:1 target_end:1 "
         "source:1 source_size:1 source_offset:1 source_end:1 length:1", props="affinity"),
    _def("stream.async.dispatch",
         "workload:* resource_operands:* resource_operand_sizes:* resource_operand_offsets:* "
         "resource_operand_ends:* resource_operand_lengths:* result_sizes:*",
         attr_sized=True, props="affinity entry_points tied_operands"),
    _def("stream.async.call",
         "resource_operands:* resource_operand_sizes:* resource_operand_offsets:* "
         "resource_operand_ends:* resource_operand_lengths:* result_sizes:*",
         attr_sized=True, props="affinity callee tied_operands arg_attrs res_attrs"),
    _def("stream.async.collective",
         "target:1 target_size:1 target_offset:1 target_end:1 target_length:1 "
         "source:1 source_size:1 source_offset:1 source_end:1 source_length:1 "
         "element_count:1 channel:1 param:?", props="affinity op"),
    _def("stream.async.barrier", "source:1 size:1", props="affinity"),
    _def("stream.async.transfer", "source:1 source_size:1 result_size:1",
         props="execution_affinity source_affinity target_affinity"),
    _def("stream.async.alloca", "storage_size:1", props="affinity"),
    _def("stream.async.load", "source:1 source_size:1 source_offset:1"),
    _def("stream.async.store", "target:1 target_size:1 target_offset:1 value:1"),
    _def("stream.yield", "resource_operands:* resource_operand_sizes:*", same_variadic=True),
    _def("stream.timepoint.join", "await_timepoints:*"),
    # --- resource ops ------------------------------------------------------
    _def("stream.resource.alloc", "storage_size:1", props="affinity uninitialized"),
    _def("stream.resource.alloca", "storage_size:1 await_timepoint:?",
         props="affinity indeterminate_lifetime"),
    _def("stream.resource.dealloca", "operand:1 operand_size:1 await_timepoint:?",
         props="affinity prefer_origin"),
    _def("stream.resource.pack", "offset:? dynamic_slice_sizes:*", attr_sized=True,
         props="affinity lifetime_intervals"),
    _def("stream.resource.constants", "result_sizes:*", props="affinity values"),
    _def("stream.resource.subview", "source:1 source_size:1 source_offset:1 result_size:1"),
    _def("stream.resource.load", "source:1 source_size:1 source_offset:1"),
    _def("stream.resource.store", "target:1 target_size:1 target_offset:1 value:1"),
    # --- cmd ops -----------------------------------------------------------
    _def("stream.cmd.execute", "resource_operands:* resource_operand_sizes:* await_timepoint:?",
         attr_sized=True, props="affinity once", regions=1),
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
         attr_sized=True, props="callee tied_operands arg_attrs res_attrs resource_operand_accesses"),
    _def("stream.cmd.collective",
         "channel:1 element_count:1 param:? resources:* resource_sizes:* resource_offsets:* resource_lengths:*",
         attr_sized=True, props="op resource_accesses"),
]

OPS: dict[str, OpDef] = {d.name: d for d in _DEFS}

# Segments whose operands are always `index` (sizes, offsets, ends, lengths, workloads).
INDEX_SEGMENTS = frozenset(
    nm for d in _DEFS for nm in d.segment_names
    if any(w in nm for w in ("size", "offset", "end", "length", "workload", "element_count"))
)
