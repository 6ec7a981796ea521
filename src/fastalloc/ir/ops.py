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

* its pretty syntax (``syntax``): a tuple of format directives (literal
  keywords and punctuation, operand and size references, types, optional
  groups, the attribute dictionary, custom directives), read by the one
  format interpreter of the parser and the one of the printer; see "Pretty
  syntax" below.  The pieces a format cannot say (resource regions, dispatch
  operand lists, shaped function types, entry points, pack slices, ...) are
  custom directives named in the format, each written once per direction.
"""

from __future__ import annotations

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


# The fields an OpDef compares and hashes by, in constructor order (the
# compiled syntax and the lookup tables derived from the others are not).
_OPDEF_FIELDS = (
    "name", "segment_names", "segment_kinds", "attr_sized", "same_variadic", "props", "num_regions",
    "tied_to", "tied_prop", "result_size", "operand_sizes", "primitives", "affinity", "timeline",
    "async_region", "captures", "region_branch", "call", "converts_to",
)


class OpDef:
    """Static description of one known op (immutable once :func:`_def` has
    built it).  A plain class with ``__slots__``, not a dataclass: the
    command line imports this module on every run, and the dataclass
    machinery (its import and the functions it generates) cost start-up."""

    __slots__ = _OPDEF_FIELDS + ("syntax", "program", "segment_index", "static_start", "_frozen")

    name: str
    segment_names: tuple[str, ...]
    segment_kinds: tuple[str, ...]
    attr_sized: bool
    same_variadic: bool
    props: tuple[str, ...]
    num_regions: int
    # -- interfaces (see the module docstring) --
    tied_to: str | None
    tied_prop: str | None
    result_size: str | None
    operand_sizes: tuple[tuple[str, str], ...]
    primitives: bool
    affinity: str | None
    timeline: bool
    async_region: bool
    captures: bool
    region_branch: bool
    call: bool
    converts_to: tuple[str, ...] | None
    # -- pretty syntax (see "Pretty syntax" below) --
    syntax: tuple
    program: tuple
    segment_index: dict[str, int]
    # Start of segment k when every earlier segment has exactly one operand, else -1.
    static_start: list[int]

    def __init__(self, name: str, segment_names: tuple[str, ...], segment_kinds: tuple[str, ...],
                 attr_sized: bool = False, same_variadic: bool = False, props: tuple[str, ...] = (),
                 num_regions: int = 0, tied_to: str | None = None, tied_prop: str | None = None,
                 result_size: str | None = None, operand_sizes: tuple[tuple[str, str], ...] = (),
                 primitives: bool = False, affinity: str | None = None, timeline: bool = False,
                 async_region: bool = False, captures: bool = False, region_branch: bool = False,
                 call: bool = False, converts_to: tuple[str, ...] | None = None, syntax: tuple = (),
                 program: tuple = ()) -> None:
        init = object.__setattr__
        init(self, "_frozen", False)
        for f, v in zip(_OPDEF_FIELDS, (name, segment_names, segment_kinds, attr_sized, same_variadic, props,
                                        num_regions, tied_to, tied_prop, result_size, operand_sizes, primitives,
                                        affinity, timeline, async_region, captures, region_branch, call,
                                        converts_to)):
            init(self, f, v)
        init(self, "syntax", syntax)
        init(self, "program", program)
        init(self, "segment_index", {})
        init(self, "static_start", [])
        init(self, "_frozen", True)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {key!r} of a frozen OpDef")

    def __delattr__(self, key: str) -> None:
        raise AttributeError(f"cannot delete field {key!r} of a frozen OpDef")

    def _key(self) -> tuple:
        return tuple(getattr(self, f) for f in _OPDEF_FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return "OpDef(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in _OPDEF_FIELDS) + ")"

    def static_operand(self, segment: str) -> int:
        """Operand number of ``segment``'s (first) operand, for segments that
        start at a fixed position; ValueError otherwise."""
        start = self.static_start[self.segment_index[segment]]
        if start < 0:
            raise ValueError(f"{self.name}: segment {segment} has no fixed position")
        return start

    @property
    def attrs_in_syntax(self) -> bool:
        """The pretty form places the attribute dictionary itself (``attr_dict()``):
        it is not printed last with the ``attributes`` keyword."""
        return any(ins[0] == F_ATTR_DICT and not ins[1] for ins in self.program)

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


# ---------------------------------------------------------------------------
# Pretty syntax: a small declarative format per op (``syntax=`` of _def)
# ---------------------------------------------------------------------------
# A format is a tuple of directives, read left to right by the parser and the
# printer (ir/parser.py ``_p_format``, ir/printer.py ``_pp_format``), after
# the op name.  The printer prints each directive; the parser reads the same
# directive back from the tokens:
#
# * ``"text"``: literal punctuation and keywords.  Printed as written (its
#   blanks only space the print); parsed as its tokens, each one expected.
# * ``operand(seg)``: the operand of a one-operand or optional segment
#   (``may_omit=True``: it may be left out, ``await()``, which iree-opt
#   accepts); ``operands(seg)``: a variadic segment, comma-separated.
# * ``type_of(seg)``: the operand's type (checked against its other uses;
#   each operand's, comma-separated, for a variadic segment);
#   ``sized(seg, size)``: ``type{%size}`` of the operand (of each operand,
#   comma-separated, for a variadic segment), the ``{%size}`` read into
#   segment ``size``; ``result=True``: that type is also result 0's.
# * ``result(i)``, ``sized_result(i, size)``, ``timepoint(i)``: result i's
#   type (``-1``: the last result); ``tied_result(i, target, size)``:
#   custom<ShapedTiedResult>, ``%target as type{%size}``.  The parser
#   collects result types in the order the directives read them.
# * ``attr(prop)``: a property's attribute text (inside a ``kw(...)`` group).
# * ``opt(anchor, *group, else_=())``: an optional group, printed when its
#   anchor (a segment: non-empty; a property: set) is there, parsed when the
#   group's first token is (a keyword; ``%`` for an operand).  A unit
#   property anchoring a group is set by reading the group.
# * ``attr_dict()``: the attribute dictionary at this place (without it, it
#   prints last as ``attributes {...}``); ``attr_dict(parse_only=True)``:
#   accepted here, still printed last.
# * ``region()``: the op's region.
# * ``custom(name)``: a piece the format cannot say (resource regions,
#   dispatch operand lists, shaped function types, ...), written once per
#   direction: the parser's ``_c_<name>`` function and the printer's, both
#   called by the directive's number in :data:`CUSTOM_DIRECTIVES`.
#
# Each format is compiled once into :attr:`OpDef.program`: a tuple of
# instructions ``(code, x, y, z, s, t)`` (codes F_*; x, y: segment numbers or
# a result index, z: a jump target, s: literal text, property or custom name;
# t: the token an optional group or operand is tested on) that both
# interpreters walk with integer tests only.  A format without a custom
# directive must read every operand segment exactly once (checked here).

F_LIT, F_OPERAND, F_OPERANDS, F_TYPE, F_SIZED, F_RESULT, F_SIZED_RESULT, F_TIED, F_TIMEPOINT, F_ATTR, \
    F_OPT, F_ELSE, F_ATTR_DICT, F_REGION, F_CUSTOM = range(15)


def operand(seg: str, may_omit: bool = False) -> tuple:
    return ("operand", seg, may_omit)


def operands(seg: str) -> tuple:
    return ("operands", seg)


def type_of(seg: str) -> tuple:
    return ("type", seg)


def sized(seg: str, size: str, result: bool = False) -> tuple:
    return ("sized", seg, size, result)


def result(i: int) -> tuple:
    return ("result", i)


def sized_result(i: int, size: str) -> tuple:
    return ("sized_result", i, size)


def tied_result(i: int, target: str, size: str) -> tuple:
    return ("tied", i, target, size)


def timepoint(i: int) -> tuple:
    return ("timepoint", i)


def attr(prop: str) -> tuple:
    return ("attr", prop)


def opt(anchor: str, *group, else_: tuple = ()) -> tuple:
    return ("opt", anchor, group, else_)


def attr_dict(parse_only: bool = False) -> tuple:
    return ("attr_dict", parse_only)


def region() -> tuple:
    return ("region",)


def custom(name: str) -> tuple:
    return ("custom", name)


def on(prop: str = "affinity", kw: str = "on") -> tuple:
    """``kw(#affinity) ``, when the op has the property."""
    return opt(prop, kw + "(", attr(prop), ") ")


def await_(arrow: bool = True, else_: tuple = ()) -> tuple:
    """``await(%timepoint) => `` (``await(%timepoint) `` without ``arrow``)."""
    return opt("await_timepoint", "await(", operand("await_timepoint", may_omit=True), ") => " if arrow else ") ", else_=else_)


#: The custom directives a format may name, numbered by their place here (the
#: parser's ``_p_custom`` and the printer's ``_custom`` switch on the number).
CUSTOM_DIRECTIVES = (
    "entry_points",  # 0: `@ep` or `{@ep, ...}` (entry_points)
    "dispatch_operands",  # custom<DispatchOperands>
    "shaped_function_type",  # custom<ShapedFunctionType>
    "callee",  # `@callee`
    "resource_region_results",  # custom<ResourceRegion>
    "resource_region",  # 5: custom<ExplicitResourceRegion>
    "constant_value",  # stream.async.constant's value
    "collective_attr",  # `<...>` after the op name
    "collective_param",  # `source(%p) ` / `target(%p) `
    "pack_slices",  # `slices({[a, b] = %size, ...}) : T`
    "constant_values",  # 10: stream.resource.constants' `: T{%s} = value, ... => T`
    "dispatch_resources",  # custom<DispatchResources>
    "call_operands",  # stream.cmd.call's `(ro %x[%o for %l], %y)`
)


def _first_token(items: tuple) -> str:
    """What a group starts with in the text: its first keyword, or "%"."""
    for it in items:
        if isinstance(it, str):
            if it.strip():
                word = it.split()[0]
                # the keyword before punctuation ("on(" -> "on")
                for k, ch in enumerate(word):
                    if not (ch.isalnum() or ch == "_"):
                        return word[:k] or ch
                return word
            continue
        if it[0] in ("operand", "operands"):
            return "%"
        break
    raise ValueError(f"optional group {items!r} starts with nothing the parser can test")


def _compile_syntax(d: "OpDef", syntax: tuple) -> tuple:
    seg = d.segment_index
    props = d.props
    prog: list[list] = []
    used: list[str] = []

    def s_(name: str) -> int:
        if name not in seg:
            raise ValueError(f"{d.name}: syntax names no segment {name}")
        used.append(name)
        return seg[name]

    def read(name: str) -> int:
        # a type or a tie refers to operands read before it (the parser checks their types)
        if name not in used and not any(ins[0] == F_CUSTOM for ins in prog):
            raise ValueError(f"{d.name}: syntax states the type of {name} before reading it")
        return seg[name]

    def emit(items: tuple, follow: str) -> None:
        for n, it in enumerate(items):
            if isinstance(it, str):
                prog.append([F_LIT, 0, 0, 0, it, ""])
                continue
            kind = it[0]
            if kind == "operand":
                k = s_(it[1])
                optional = bool(it[2])
                # an optional operand is left out when the next literal follows at once
                nxt = next((x for x in items[n + 1:] if isinstance(x, str) and x.strip()), follow)
                prog.append([F_OPERAND, k, int(optional), 0, "", nxt.split()[0][:1] if optional else ""])
            elif kind == "operands":
                prog.append([F_OPERANDS, s_(it[1]), 0, 0, "", ""])
            elif kind == "type":
                prog.append([F_TYPE, read(it[1]), 0, 0, "", ""])
            elif kind == "sized":
                prog.append([F_SIZED, read(it[1]), s_(it[2]), int(it[3]), "", ""])
            elif kind == "result":
                prog.append([F_RESULT, it[1], 0, 0, "", ""])
            elif kind == "sized_result":
                prog.append([F_SIZED_RESULT, it[1], s_(it[2]), 0, "", ""])
            elif kind == "tied":
                prog.append([F_TIED, it[1], read(it[2]), s_(it[3]), "", ""])
            elif kind == "timepoint":
                prog.append([F_TIMEPOINT, it[1], 0, 0, "", ""])
            elif kind == "attr":
                if it[1] not in props:
                    raise ValueError(f"{d.name}: syntax names no property {it[1]}")
                prog.append([F_ATTR, 0, 0, 0, it[1], ""])
            elif kind == "opt":
                anchor = it[1]
                if anchor in seg:
                    a_seg, a_prop = seg[anchor], ""
                elif anchor in props:
                    a_seg, a_prop = -1, anchor
                else:
                    raise ValueError(f"{d.name}: optional group anchored on unknown {anchor}")
                at = len(prog)
                # s: the anchoring property; x: its segment (-1: a property);
                # y: 1 when a unit property is set by the group
                prog.append([F_OPT, a_seg, int(a_prop in UNIT_PROPS), 0, a_prop, _first_token(it[2])])
                emit(it[2], follow)
                if it[3]:
                    el = len(prog)
                    prog.append([F_ELSE, 0, 0, 0, "", ""])
                    prog[at][3] = el + 1
                    emit(it[3], follow)
                    prog[el][3] = len(prog)
                else:
                    prog[at][3] = len(prog)
            elif kind == "attr_dict":
                prog.append([F_ATTR_DICT, int(it[1]), 0, 0, "", ""])
            elif kind == "region":
                prog.append([F_REGION, 0, 0, 0, "", ""])
            elif kind == "custom":
                if it[1] not in CUSTOM_DIRECTIVES:
                    raise ValueError(f"{d.name}: unknown custom directive {it[1]}")
                prog.append([F_CUSTOM, CUSTOM_DIRECTIVES.index(it[1]), 0, 0, it[1], ""])
            else:  # pragma: no cover - a bad definition
                raise ValueError(f"{d.name}: unknown directive {it!r}")

    emit(syntax, "")
    if syntax and not any(ins[0] == F_CUSTOM for ins in prog):
        # a fully declarative format reads every operand segment exactly once
        missing = sorted(set(d.segment_names) - set(used))
        twice = sorted({x for x in used if used.count(x) > 1})
        if missing or twice:  # pragma: no cover - a bad definition
            raise ValueError(f"{d.name}: syntax misses segments {missing} / reads {twice} twice")
    return tuple(tuple(ins) for ins in prog)


def _def(name: str, spec: str, *, attr_sized: bool = False, same_variadic: bool = False,
         props: str = "", regions: int = 0, tied_to: str | None = None, tied_prop: str | None = None,
         result_size: str | None = None, operand_sizes: str = "", primitives: bool = False,
         timeline: bool = False, async_region: bool = False, captures: bool = False, call: bool = False,
         converts_to: str | None = None, affinity: str | None = None, syntax: tuple = ()) -> OpDef:
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
    object.__setattr__(d, "syntax", syntax)
    object.__setattr__(d, "program", _compile_syntax(d, syntax))
    return d


_RES = "resource_operands:resource_operand_sizes"
_LOAD = (" ", operand("source"), "[", operand("source_offset"), "] : ", sized("source", "source_size"), " -> ", result(0))
_TARGET_RANGE = (operand("target"), "[", operand("target_offset"), " for ", operand("target_length"), "] : ",
                 sized("target", "target_size"))

_DEFS = [
    # --- async (input) ops -------------------------------------------------
    _def("stream.async.execute",
         "resource_operands:* resource_operand_sizes:* result_sizes:* await_timepoint:?",
         attr_sized=True, props="affinity tied_operands", regions=1,
         tied_prop="resource_operands", result_size="result_sizes", operand_sizes=_RES,
         timeline=True, async_region=True, captures=True,
         syntax=(" ", on(), await_(), custom("resource_region_results"), " => ", timepoint(-1))),
    _def("stream.async.concurrent",
         "resource_operands:* resource_operand_sizes:* result_sizes:*",
         attr_sized=True, props="affinity tied_operands", regions=1,
         tied_prop="resource_operands", result_size="result_sizes", operand_sizes=_RES,
         async_region=True, captures=True, converts_to="stream.cmd.concurrent",
         syntax=(" ", on(), custom("resource_region_results"))),
    _def("stream.async.constant", "await_timepoint:? result_size:1", props="affinity value",
         result_size="result_size", converts_to="",
         syntax=(" ", on(), await_(arrow=False), ": ", sized_result(0, "result_size"), " = ", custom("constant_value"))),
    _def("stream.async.splat", "await_timepoint:? value:1 result_size:1", props="affinity",
         result_size="result_size", converts_to="stream.cmd.fill",
         syntax=(" ", on(), await_(arrow=False), operand("value"), " : ", type_of("value"), " -> ", sized_result(0, "result_size"))),
    _def("stream.async.clone", "source:1 source_size:1 result_size:1", props="affinity",
         result_size="result_size", operand_sizes="source:source_size", converts_to="stream.cmd.copy",
         syntax=(" ", on(), operand("source"), " : ", sized("source", "source_size"), " -> ", sized_result(0, "result_size"))),
    _def("stream.async.slice", "source:1 source_size:1 source_offset:1 source_end:1 result_size:1",
         props="affinity", result_size="result_size", operand_sizes="source:source_size",
         converts_to="stream.cmd.copy",
         syntax=(" ", on(), operand("source"), "[", operand("source_offset"), " to ", operand("source_end"), "] : ", sized("source", "source_size"), " -> ", sized_result(0, "result_size"))),
    _def("stream.async.fill",
         "target:1 target_size:1 target_offset:1 target_end:1 target_length:1 value:1", props="affinity",
         tied_to="target", result_size="target_size", operand_sizes="target:target_size",
         converts_to="stream.cmd.fill",
         syntax=(" ", on(), operand("value"), ", ", operand("target"), "[", operand("target_offset"), " to ", operand("target_end"), " for ", operand("target_length"), "] : ", type_of("value"), " -> ", tied_result(0, "target", "target_size"))),
    _def("stream.async.update",
         "target:1 target_size:1 target_offset:1 target_end:1 update:1 update_size:1", props="affinity",
         tied_to="target", result_size="target_size", operand_sizes="target:target_size update:update_size",
         converts_to="stream.cmd.copy",
         syntax=(" ", on(), operand("update"), ", ", operand("target"), "[", operand("target_offset"), " to ", operand("target_end"), "] : ", sized("update", "update_size"), " -> ", tied_result(0, "target", "target_size"))),
    _def("stream.async.copy",
         "target:1 target_size:1 target_offset:1 target_end:1 "
         "source:1 source_size:1 source_offset:1 source_end:1 length:1", props="affinity",
         tied_to="target", result_size="target_size", operand_sizes="target:target_size source:source_size",
         converts_to="stream.cmd.copy",
         syntax=(" ", on(), operand("source"), "[", operand("source_offset"), " to ", operand("source_end"), "], ", operand("target"), "[", operand("target_offset"), " to ", operand("target_end"), "], ", operand("length"), " : ", sized("source", "source_size"), " -> ", tied_result(0, "target", "target_size"))),
    _def("stream.async.dispatch",
         "workload:* resource_operands:* resource_operand_sizes:* resource_operand_offsets:* "
         "resource_operand_ends:* resource_operand_lengths:* result_sizes:*",
         attr_sized=True, props="affinity entry_points tied_operands",
         tied_prop="resource_operands", result_size="result_sizes", operand_sizes=_RES, primitives=True,
         converts_to="stream.cmd.dispatch",
         syntax=(" ", on(), custom("entry_points"), opt("workload", "[", operands("workload"), "]"),
                 custom("dispatch_operands"), attr_dict(), " : ", custom("shaped_function_type"))),
    _def("stream.async.call",
         "resource_operands:* resource_operand_sizes:* resource_operand_offsets:* "
         "resource_operand_ends:* resource_operand_lengths:* result_sizes:*",
         attr_sized=True, props="affinity callee tied_operands arg_attrs res_attrs",
         tied_prop="resource_operands", result_size="result_sizes", operand_sizes=_RES, primitives=True,
         call=True, converts_to="stream.cmd.call",
         syntax=(" ", on(), custom("callee"), custom("dispatch_operands"), attr_dict(), " : ",
                 custom("shaped_function_type"))),
    _def("stream.async.collective",
         "target:1 target_size:1 target_offset:1 target_end:1 target_length:1 "
         "source:1 source_size:1 source_offset:1 source_end:1 source_length:1 "
         "element_count:1 channel:1 param:?", props="affinity op",
         tied_to="target", result_size="target_size", operand_sizes="target:target_size source:source_size",
         converts_to="stream.cmd.collective",
         syntax=(custom("collective_attr"), "[", operand("element_count"), "] ", on(), "channel(", operand("channel"), ") ",
                 custom("collective_param"),
                 operand("source"), "[", operand("source_offset"), " to ", operand("source_end"), " for ",
                 operand("source_length"), "], ",
                 operand("target"), "[", operand("target_offset"), " to ", operand("target_end"), " for ",
                 operand("target_length"), "] : ",
                 sized("source", "source_size"), " -> ", tied_result(0, "target", "target_size"))),
    _def("stream.async.barrier", "source:1 size:1", props="affinity",
         tied_to="source", result_size="size", operand_sizes="source:size", converts_to="stream.cmd.copy",
         syntax=(" ", on(), operand("source"), " : ", sized("source", "size", result=True))),
    _def("stream.async.transfer", "source:1 source_size:1 result_size:1",
         props="execution_affinity source_affinity target_affinity", affinity="execution_affinity",
         result_size="result_size", operand_sizes="source:source_size",
         converts_to="stream.cmd.invalidate stream.cmd.copy stream.cmd.flush",
         syntax=(" ", on("execution_affinity"), operand("source"), " : ", sized("source", "source_size"), opt("source_affinity", " from(", attr("source_affinity"), ")"), " -> ", on("target_affinity", "to"), sized_result(0, "result_size"))),
    _def("stream.async.alloca", "storage_size:1", props="affinity", result_size="storage_size", converts_to="",
         syntax=(" ", on(), ": ", sized_result(0, "storage_size"))),
    _def("stream.async.load", "source:1 source_size:1 source_offset:1",
         syntax=_LOAD),
    _def("stream.async.store", "target:1 target_size:1 target_offset:1 value:1",
         tied_to="target", result_size="target_size",
         syntax=(" ", operand("value"), ", ", operand("target"), "[", operand("target_offset"), "] : ", type_of("value"), " -> ", tied_result(0, "target", "target_size"))),
    _def("stream.yield", "resource_operands:* resource_operand_sizes:*", same_variadic=True, operand_sizes=_RES,
         syntax=(opt("resource_operands", " ", operands("resource_operands"), " : ", sized("resource_operands", "resource_operand_sizes")),)),
    _def("stream.timepoint.join", "await_timepoints:*", timeline=True,
         syntax=(" max(", operands("await_timepoints"), ") => ", timepoint(0))),
    # --- resource ops ------------------------------------------------------
    _def("stream.resource.alloc", "storage_size:1", props="affinity uninitialized", result_size="storage_size",
         syntax=(" ", opt("uninitialized", "uninitialized "), on(), attr_dict(parse_only=True), ": ", sized_result(0, "storage_size"))),
    _def("stream.resource.alloca", "storage_size:1 await_timepoint:?",
         props="affinity indeterminate_lifetime", result_size="storage_size", timeline=True,
         syntax=(" uninitialized ", opt("indeterminate_lifetime", "indeterminate "), on(), await_(else_=(": ",)), sized_result(0, "storage_size"), " => ", timepoint(1))),
    _def("stream.resource.dealloca", "operand:1 operand_size:1 await_timepoint:?",
         props="affinity prefer_origin", timeline=True,
         syntax=(" ", opt("prefer_origin", "origin "), on(), await_(), operand("operand"), " : ", sized("operand", "operand_size"), " => ", timepoint(0))),
    _def("stream.resource.pack", "offset:? dynamic_slice_sizes:*", attr_sized=True,
         props="affinity lifetime_intervals",
         syntax=(" ", on(), opt("offset", "offset(", operand("offset"), ") "), custom("pack_slices"))),
    _def("stream.resource.constants", "result_sizes:*", props="affinity values", result_size="result_sizes",
         timeline=True,
         syntax=(" ", on(), attr_dict(parse_only=True), custom("constant_values"))),
    _def("stream.resource.subview", "source:1 source_size:1 source_offset:1 result_size:1",
         tied_to="source", result_size="result_size", operand_sizes="source:source_size", converts_to="",
         syntax=(" ", operand("source"), "[", operand("source_offset"), "] : ", sized("source", "source_size"), " -> ", sized_result(0, "result_size"))),
    _def("stream.resource.load", "source:1 source_size:1 source_offset:1",
         syntax=_LOAD),
    _def("stream.resource.store", "target:1 target_size:1 target_offset:1 value:1",
         syntax=(" ", operand("value"), ", ", operand("target"), "[", operand("target_offset"), "] : ", type_of("value"), " -> ", sized("target", "target_size"))),
    # --- cmd ops -----------------------------------------------------------
    _def("stream.cmd.execute", "resource_operands:* resource_operand_sizes:* await_timepoint:?",
         attr_sized=True, props="affinity once", regions=1, timeline=True, captures=True,
         syntax=(" ", opt("once", "once "), on(), await_(), custom("resource_region"), " => ", timepoint(-1))),
    _def("stream.cmd.concurrent", "", regions=1,
         syntax=(" ", region())),
    _def("stream.cmd.serial", "", regions=1,
         syntax=(" ", region())),
    _def("stream.cmd.fill", "target:1 target_size:1 target_offset:1 target_length:1 value:1",
         syntax=(" ", operand("value"), ", ", operand("target"), "[", operand("target_offset"), " for ", operand("target_length"), "] : ", type_of("value"), " -> ", sized("target", "target_size"))),
    _def("stream.cmd.copy",
         "source:1 source_size:1 source_offset:1 target:1 target_size:1 target_offset:1 length:1",
         syntax=(" ", operand("source"), "[", operand("source_offset"), "], ", operand("target"), "[", operand("target_offset"), "], ", operand("length"), " : ", sized("source", "source_size"), " -> ", sized("target", "target_size"))),
    _def("stream.cmd.flush", "target:1 target_size:1 target_offset:1 target_length:1",
         props="source_affinity",
         syntax=(" ", on("source_affinity", "to"), *_TARGET_RANGE)),
    _def("stream.cmd.invalidate", "target:1 target_size:1 target_offset:1 target_length:1",
         props="source_affinity",
         syntax=(" ", on("source_affinity", "from"), *_TARGET_RANGE)),
    _def("stream.cmd.discard", "target:1 target_size:1 target_offset:1 target_length:1",
         syntax=(" ", *_TARGET_RANGE)),
    _def("stream.cmd.dispatch",
         "workload:* uniform_operands:* resources:* resource_sizes:* resource_offsets:* resource_lengths:*",
         attr_sized=True, props="entry_points resource_accesses",
         syntax=(" ", custom("entry_points"), opt("workload", "[", operands("workload"), "]"),
                 opt("uniform_operands", "(", operands("uniform_operands"), " : ", type_of("uniform_operands"), ") ",
                     else_=(" ",)),
                 custom("dispatch_resources"))),
    _def("stream.cmd.call",
         "resource_operands:* resource_operand_sizes:* resource_operand_offsets:* "
         "resource_operand_lengths:* result_sizes:*",
         attr_sized=True, props="callee tied_operands arg_attrs res_attrs resource_operand_accesses", call=True,
         syntax=(" ", custom("callee"), custom("call_operands"), attr_dict(), " : ", custom("shaped_function_type"))),
    _def("stream.cmd.collective",
         "channel:1 element_count:1 param:? resources:* resource_sizes:* resource_offsets:* resource_lengths:*",
         attr_sized=True, props="op resource_accesses",
         syntax=(custom("collective_attr"), "[", operand("element_count"), "] channel(", operand("channel"), ") ",
                 opt("param", "param(", operand("param"), " : ", type_of("param"), ") "),
                 custom("dispatch_resources"))),
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
