"""``stream.async.parameter.*`` -> ``stream.cmd.parameter.*`` (schedule-allocation).

IREE's ``--iree-stream-schedule-allocation`` rewrites the five async parameter
ops (``load``, ``read``, ``write``, ``gather``, ``scatter``) wherever they
stand in a callable, outside execution regions: each becomes the
``stream.cmd.parameter.*`` op with the same affinity, await timepoint,
parameter scope and keys, the resource ranges lose their ``end`` operands
(``[off to end for len]`` -> ``[off for len]``), discardable attributes are
dropped, and

* ``load`` keeps its two results (the loaded resource and its timepoint);
* ``read``/``gather`` (which write into their target) and ``write``/
  ``scatter`` (which read their source) keep only the timepoint: uses of the
  async op's resource result are pointed at the target / source.

fastalloc's parser keeps these ops uninterpreted (a text template with operand
references), in IREE's pretty form or in the generic form.  :func:`read_op`
reads either into a :class:`ParameterOp`, raising a located
:class:`~fastalloc.errors.FastallocError` for anything it does not
recognize (the pass must not pass an op through unconverted);
:func:`convert` rewrites the op in place into the pretty ``stream.cmd`` form.
The operand orders of the generic form are those iree-opt 3.13 prints.
"""

from __future__ import annotations

import re

from fastalloc._lazyre import lazy_compile
from fastalloc._record import Record
from fastalloc.errors import FastallocError
from fastalloc.ir.attributes import split_top_level
from fastalloc.ir.generic import _matching
from fastalloc.ir.model import Op, Value

__all__ = ["PARAMETER_OPS", "ParameterOp", "convert", "read_op"]

_ASYNC = "stream.async.parameter."
PARAMETER_OPS = frozenset(_ASYNC + k for k in ("load", "read", "write", "gather", "scatter"))
_TIMEPOINT = "!stream.timepoint"

# Operand k of the op as it appears in the joined template text.
_O = r"\x01(\d+)\x02"
_REF = rf"(?:{_O}::)?{_O}"  # [scope::]key
_RANGE = rf"{_O}\[{_O}to{_O}for{_O}\]"  # resource[offset to end for length]
_TYPE = r"(![^{}]+?)"
_SIZED = rf"{_TYPE}\{{{_O}\}}"  # type{size}
_PRETTY = {
    "load": lazy_compile(rf"^{_REF}\[{_O}\]:{_SIZED}$"),
    "read": lazy_compile(rf"^{_REF}\[{_O}\]->{_RANGE}:{_SIZED}$"),
    "write": lazy_compile(rf"^{_RANGE}->{_REF}\[{_O}\]:{_SIZED}$"),
    "gather": lazy_compile(rf"^{_REF}\[{_O}\]->{_RANGE}:{_SIZED}$"),
    "scatter": lazy_compile(rf"^{_RANGE}:{_SIZED}->{_REF}\[{_O}\]$"),
}
_LIST_BODY = lazy_compile(rf"^\{{(.*)\}}:{_TYPE}$")

# Generic form: ODS operand segments in declaration order (iree-opt 3.13).
_SEGMENTS = {
    "load": ("await", "scope", "keys", "offsets", "size"),
    "read": ("resource", "size", "r_offsets", "r_ends", "r_lengths", "scope", "keys", "offsets", "await"),
    "write": ("resource", "size", "r_offsets", "r_ends", "r_lengths", "scope", "keys", "offsets", "await"),
    "gather": ("scope", "keys", "offsets", "resource", "size", "r_offsets", "r_ends", "r_lengths", "await"),
    "scatter": ("resource", "size", "r_offsets", "r_ends", "r_lengths", "scope", "keys", "offsets", "await"),
}
_SEG_SIZES = lazy_compile(r"^array<i32(?::\s*([\d,\s]*))?>$")


class ParameterOp(Record):
    """One async parameter op, read from either form (operands as Values)."""

    __slots__ = _fields = ("kind", "affinity", "await_tp", "scope", "keys", "offsets", "type", "size", "resource",
                           "r_offsets", "r_lengths")
    kind: str  # load | read | write | gather | scatter
    affinity: str | None  # attribute text, as written
    await_tp: Value | None
    scope: Value | None
    keys: list[Value]
    offsets: list[Value]  # i64 offsets in the parameter archive
    type: str  # the resource type (result of load, target/source otherwise)
    size: Value  # its size
    resource: Value | None  # target (read/gather) or source (write/scatter)
    r_offsets: list[Value]
    r_lengths: list[Value]

    def __init__(self, kind: str, affinity: str | None, await_tp: Value | None, scope: Value | None,
                 keys: list[Value], offsets: list[Value], type: str, size: Value, resource: Value | None = None,
                 r_offsets: list[Value] | None = None, r_lengths: list[Value] | None = None) -> None:
        self.kind = kind
        self.affinity = affinity
        self.await_tp = await_tp
        self.scope = scope
        self.keys = keys
        self.offsets = offsets
        self.type = type
        self.size = size
        self.resource = resource
        self.r_offsets = [] if r_offsets is None else r_offsets
        self.r_lengths = [] if r_lengths is None else r_lengths


def _fail(op: Op, why: str) -> FastallocError:
    return FastallocError(
        f"cannot convert {op.name} ({why}); schedule-allocation would leave it unconverted", op.loc
    )


def _joined(op: Op) -> str:
    parts = []
    for p in op.tmpl or ():
        if isinstance(p, str):
            parts.append(p)
        elif isinstance(p, int):
            parts.append(f"\x01{p}\x02")
        else:
            raise _fail(op, "it has a region")
    return " ".join(parts)


def read_op(op: Op) -> ParameterOp:
    """The parts of async parameter op ``op`` (pretty or generic form)."""
    if op.name not in PARAMETER_OPS or op.opdef is not None or not op.tmpl:
        raise _fail(op, "not an uninterpreted async parameter op")
    kind = op.name[len(_ASYNC) :]
    text = _joined(op)
    try:
        if text.startswith('"'):
            return _read_generic(op, kind, text)
        return _read_pretty(op, kind, text)
    except (ValueError, IndexError) as exc:
        raise _fail(op, f"unrecognized syntax: {exc}") from None


def _v(op: Op, k: str) -> Value:
    return op.operands[int(k)]


def _read_pretty(op: Op, kind: str, text: str) -> ParameterOp:
    rest = text[len(op.name) :].strip()
    affinity = None
    await_tp = None
    if rest.startswith("on"):
        lp = rest.index("(")
        if rest[2:lp].strip():
            raise ValueError("expected 'on('")
        rp = _matching(rest, lp)
        affinity = rest[lp + 1 : rp].strip()
        rest = rest[rp + 1 :].strip()
    if rest.startswith("await"):
        m = re.match(rf"^await\s*\(\s*{_O}\s*\)", rest)
        if m is None:
            raise ValueError("expected 'await(%timepoint)'")
        await_tp = _v(op, m.group(1))
        rest = rest[m.end() :]
    compact = re.sub(r"\s+", "", rest)
    tail = f"=>{_TIMEPOINT}"
    cut = compact.rfind(tail)
    if cut < 0 or compact[cut + len(tail) :] not in ("",) and not compact[cut + len(tail) :].startswith("attributes{"):
        raise ValueError(f"expected '=> {_TIMEPOINT}' at the end")
    # IREE creates the cmd op without the async op's discardable attributes.
    body = compact[:cut]
    if kind in ("gather", "scatter"):
        m = _LIST_BODY.match(body)
        if m is None:
            raise ValueError("expected '{ entries } : type'")
        entries = [e for e in m.group(1).split(",")]
        if not entries or not all(entries):
            raise ValueError("empty entry")
        matches = [_PRETTY[kind].match(e) for e in entries]
    else:
        matches = [_PRETTY[kind].match(body)]
    found = [m for m in matches if m is not None]
    if len(found) != len(matches):
        raise ValueError("operands do not follow IREE's assembly format")
    p = ParameterOp(kind, affinity, await_tp, None, [], [], "", op.operands[0])
    for m in found:
        g = m.groups()
        if kind == "load":
            scope, key, off, typ, size = g
        elif kind in ("read", "gather"):
            scope, key, off, res, r_off, _end, r_len, typ, size = g
        elif kind == "write":
            res, r_off, _end, r_len, scope, key, off, typ, size = g
        else:  # scatter
            res, r_off, _end, r_len, typ, size, scope, key, off = g
        if scope is not None:
            p.scope = _v(op, scope)
        p.keys.append(_v(op, key))
        p.offsets.append(_v(op, off))
        if p.type == "":
            p.type, p.size = typ, _v(op, size)
        if kind != "load":
            if p.resource is None:
                p.resource = _v(op, res)
            p.r_offsets.append(_v(op, r_off))
            p.r_lengths.append(_v(op, r_len))
    return p


def _read_generic(op: Op, kind: str, text: str) -> ParameterOp:
    refs = [int(k) for k in re.findall(_O, text)]
    if refs != list(range(len(op.operands))):
        raise ValueError("operands out of order")
    rest = text[text.rindex("\x02") + 1 :] if refs else text[text.index("(") + 1 :]
    rest = rest.strip()
    if not rest.startswith(")"):
        raise ValueError("expected ')' after the operands")
    rest = rest[1:].strip()
    if not rest.startswith("<{"):
        raise ValueError("expected properties '<{...}>' with operandSegmentSizes")
    end = _matching(rest, 0)
    props = {}
    for item in split_top_level(rest[2 : end - 1]):
        name, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"bad property '{item}'")
        props[name.strip()] = value.strip()
    sizes_m = _SEG_SIZES.match(props.get("operandSegmentSizes", ""))
    if sizes_m is None:
        raise ValueError("missing operandSegmentSizes")
    sizes = [int(s) for s in (sizes_m.group(1) or "").replace(",", " ").split()]
    names = _SEGMENTS[kind]
    if len(sizes) != len(names) or sum(sizes) != len(op.operands):
        raise ValueError(f"operandSegmentSizes {sizes} do not fit {len(op.operands)} operands")
    seg: dict[str, list[Value]] = {}
    pos = 0
    for name, n in zip(names, sizes):
        seg[name] = op.operands[pos : pos + n]
        pos += n
    # The function type: the resource type is the load's first result type
    # or the target/source operand's type.
    colon = rest.index(":", end + 1)
    ftype = rest[colon + 1 :].strip()
    lp = ftype.index("(")
    rp = _matching(ftype, lp)
    ins = split_top_level(ftype[lp + 1 : rp])
    outs_text = ftype[rp + 1 :].strip()
    if not outs_text.startswith("->"):
        raise ValueError("expected '->' in the function type")
    outs_text = outs_text[2:].strip()
    outs = split_top_level(outs_text[1:_matching(outs_text, 0)]) if outs_text.startswith("(") else [outs_text]
    if kind == "load":
        typ = outs[0]
    else:
        typ = ins[0] if kind != "gather" else ins[sum(sizes[:3])]
    p = ParameterOp(
        kind,
        props.get("affinity"),
        seg["await"][0] if seg["await"] else None,
        seg["scope"][0] if seg["scope"] else None,
        list(seg["keys"]),
        list(seg["offsets"]),
        typ,
        seg["size"][0],
    )
    if kind != "load":
        p.resource = seg["resource"][0]
        p.r_offsets = list(seg["r_offsets"])
        p.r_lengths = list(seg["r_lengths"])
    if len(p.keys) != len(p.offsets) or (kind != "load" and len(p.r_offsets) != len(p.keys)):
        raise ValueError("the key, offset and range lists differ in length")
    return p


# ---------------------------------------------------------------------------
# Writing the cmd op
# ---------------------------------------------------------------------------


class _Tmpl:
    """A template under construction: literal text and operand references."""

    def __init__(self) -> None:
        self.pieces: list = []
        self.operands: list[Value] = []

    def text(self, s: str) -> None:
        if self.pieces and isinstance(self.pieces[-1], str):
            self.pieces[-1] += s
        else:
            self.pieces.append(s)

    def value(self, v: Value) -> None:
        self.pieces.append(len(self.operands))
        self.operands.append(v)

    def ref(self, p: ParameterOp, k: int) -> None:
        if p.scope is not None:
            self.value(p.scope)
            self.text("::")
        self.value(p.keys[k])
        self.text("[")
        self.value(p.offsets[k])
        self.text("]")

    def range(self, p: ParameterOp, k: int) -> None:
        assert p.resource is not None
        self.value(p.resource)
        self.text("[")
        self.value(p.r_offsets[k])
        self.text(" for ")
        self.value(p.r_lengths[k])
        self.text("]")

    def sized(self, p: ParameterOp) -> None:
        self.text(f" : {p.type}{{")
        self.value(p.size)
        self.text("}")


def _cmd_template(p: ParameterOp) -> _Tmpl:
    t = _Tmpl()
    t.text(f"stream.cmd.parameter.{p.kind}")
    if p.affinity is not None:
        t.text(f" on({p.affinity})")
    if p.await_tp is not None:
        t.text(" await(")
        t.value(p.await_tp)
        t.text(") =>")
    n = len(p.keys)
    if p.kind == "load":
        t.text(" {")
        for k in range(n):
            if k:
                t.text(",")
            t.ref(p, k)
            t.sized(p)
        t.text("}")
    elif p.kind == "read":
        t.ref(p, 0)
        t.text(" -> ")
        t.range(p, 0)
        t.sized(p)
    elif p.kind == "write":
        t.range(p, 0)
        t.sized(p)
        t.text(" -> ")
        t.ref(p, 0)
    elif p.kind == "gather":
        t.text(" {")
        for k in range(n):
            if k:
                t.text(",")
            t.ref(p, k)
            t.text(" -> ")
            t.range(p, k)
            t.sized(p)
        t.text("}")
    else:  # scatter
        t.text(" {")
        for k in range(n):
            if k:
                t.text(",")
            t.range(p, k)
            t.sized(p)
            t.text(" -> ")
            t.ref(p, k)
        t.text("}")
    t.text(f" => {_TIMEPOINT}")
    return t


def _generic_template(p: ParameterOp, operands: list[Value]) -> list:
    """The generic form of the cmd op (operand order of iree-opt 3.13's
    print), its operand references into ``operands`` (the pretty form's)."""
    index: dict[int, int] = {}
    for i, v in enumerate(operands):
        index.setdefault(id(v), i)
    segs: list[list[tuple[Value, str]]] = []

    def seg(values: list[Value], typ: str) -> None:
        segs.append([(v, typ) for v in values])

    scope = [p.scope] if p.scope is not None else []
    await_ = [p.await_tp] if p.await_tp is not None else []
    res = [p.resource] if p.resource is not None else []
    ref = [(scope, "!util.buffer"), (p.keys, "!util.buffer"), (p.offsets, "i64")]
    rng = [(res, p.type), ([p.size], "index"), (p.r_offsets, "index"), (p.r_lengths, "index")]
    if p.kind == "load":
        order = [*ref, ([p.size] * len(p.keys), "index")]
    elif p.kind in ("read", "gather"):
        order = ref + rng
    else:  # write, scatter
        order = rng + ref
    for values, typ in [*order, (await_, _TIMEPOINT)]:
        seg(values, typ)
    flat = [x for s_ in segs for x in s_]
    pieces: list = [f'"stream.cmd.parameter.{p.kind}"(']
    for k, (v, _) in enumerate(flat):
        if k:
            pieces.append(",")
        pieces.append(index[id(v)])
    props = [] if p.affinity is None else [f"affinity = {p.affinity}"]
    props.append("operandSegmentSizes = array<i32: " + ", ".join(str(len(s_)) for s_ in segs) + ">")
    results = f"({p.type}, {_TIMEPOINT})" if p.kind == "load" else _TIMEPOINT
    types = ", ".join(t for _, t in flat)
    pieces.append(f") <{{{', '.join(props)}}}> : ({types}) -> {results}")
    return pieces


def convert(op: Op) -> Op:
    """Rewrite async parameter op ``op`` in place into its ``stream.cmd`` op.

    The op is read here, not earlier: converting an op before it may have
    replaced one of its operands (a read's result becomes its target).
    """
    p = read_op(op)
    t = _cmd_template(p)
    if len(op.results) != 2:
        raise _fail(op, f"{len(op.results)} results, expected the resource and its timepoint")
    resource, timepoint = op.results
    op.drop_operand_uses()
    op.name = f"stream.cmd.parameter.{p.kind}"
    # The printer puts one space between pieces where MLIR would.
    op.tmpl = [q.strip() if isinstance(q, str) else q for q in t.pieces]
    op.set_operands(t.operands)
    op.attrs = {}
    # For the printer's generic form (fastalloc.ir.generic.generic_template).
    op.props = {"_generic_tmpl": _generic_template(p, t.operands)}
    if p.kind == "load":
        resource.name_hint, timepoint.name_hint = "results", "result_timepoint"
        resource.type = resource.type or p.type
        timepoint.type = _TIMEPOINT
        return op
    # The target (read, gather) or source (write, scatter) stands for the
    # async op's resource result from now on.
    assert p.resource is not None
    resource.replace_all_uses_with(p.resource)
    resource.owner = None
    timepoint.index = 0
    timepoint.type = _TIMEPOINT
    op.results = [timepoint]
    return op
