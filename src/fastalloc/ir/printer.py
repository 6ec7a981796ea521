# cython: annotation_typing=False, boundscheck=True, wraparound=True, initializedcheck=True
"""Printer: :class:`fastalloc.ir.model.Module` -> MLIR text that iree-opt 3.13 parses.

Known stream ops print in their pretty form (as iree-opt prints them) or, with
``generic=True``, in the generic form; uninterpreted ops re-emit their
template with current SSA names.

SSA naming: one name scope per top-level op (every function, executable,
global...).  A value keeps its source name (``name_hint``) when that name is
still free in the scope; otherwise, and for values created by passes, it gets
``<hint>_<k>`` or a number that no other value of the scope uses.  Results
of one op that share a hint print as one group ``%x:N`` (uses ``%x#k``).

Text is built as a list of pieces (names, types, literal fragments: strings
that already exist) joined once per flush, rather than a new string per op
or per operand.

Like the parser, this module is also compiled by Cython in pure-Python mode:
``printer.pxd`` types it over the model's extension types (``model.pxd``),
the namer and the printer are extension types and the per-op printers C
functions.  Without the build it runs as Python.
"""

from __future__ import annotations

from collections.abc import Callable

from fastalloc.ir.generic import generic_template
from fastalloc._lazyre import lazy_compile
from fastalloc._gc import gc_paused
from fastalloc.ir.model import Block, Module, Op, Region, Value
from fastalloc.ir.ops import INT_LIST_ELT, INT_LIST_PROPS, OPS

__all__ = ["print_module", "print_op", "write_module"]

_VALID_NAME = lazy_compile(r"[\w$.\-]+$")
_DICT_KEY = lazy_compile(r"[A-Za-z_][\w$.]*$")
_ACCESS_NAMES = {1: "ro", 2: "wo", 3: "rw"}
IND = "  "


class _Namer:
    """The SSA names of one scope at a time (see the module docstring)."""

    def __init__(self, nvalues: int) -> None:
        # value id -> the name its uses print (and the definition of a
        # single result); defs: value id -> definition text of the first
        # result of each group of a multi-result op (``%x:2``, or ``%x``)
        self.use: list[str | None] = [None] * nvalues
        self.defs: dict[int, str] = {}
        self.scope_ops: list[Op] | None = None
        # hint -> "%hint" if the hint is a valid name as it is, else None
        # (hints repeat from one function to the next: checked once each)
        self.simple: dict[str | None, str | None] = {None: None, "": None}
        # the scope's names given so far, and every hint of the scope (made
        # on first need: a generated name must not take a hint a later value
        # will want); the next numbers tried for results and arguments
        self.taken: set[str] = set()
        self.hints: set[str] | None = None
        self.counter = 0
        self.arg_counter = 0

    def release(self) -> None:
        """Forget the names of the last scope's values defined inside its
        regions (and every definition text) once it is printed: no value
        defined in a region is visible after it, and a 10^5-value module
        would otherwise hold a name string per value until the end."""
        ops = self.scope_ops
        self.scope_ops = None
        self.hints = None
        self.taken.clear()
        self.defs.clear()
        if not ops:
            return
        use = self.use
        first = True
        for op in ops:
            if not first:
                for v in op.results:
                    i = v.id
                    if i >= 0:
                        use[i] = None
            first = False
            regions = op._regions
            if regions:
                for r in regions:
                    for b in r.blocks:
                        for v in b.args:
                            i = v.id
                            if i >= 0:
                                use[i] = None

    def grow(self, n: int) -> None:
        if n > len(self.use):
            self.use.extend([None] * (n - len(self.use)))

    def fresh(self, hint: str | None, is_arg: bool) -> str:
        """A name of the scope not given yet: the hint if free, else ``<hint>_<k>``
        or the next free number (``arg<n>`` for arguments)."""
        taken = self.taken
        if hint and hint.isdigit():
            # MLIR names that start with a digit must be all digits.
            if hint not in taken:
                taken.add(hint)
                return hint
            hint = None
        if hint and _VALID_NAME.match(hint) and not hint[0].isdigit():
            if hint not in taken:
                taken.add(hint)
                return hint
            hs = self.hints
            if hs is None:
                hs = self.hints = _scope_hints(self.scope_ops)
            k = 0
            while True:
                cand = f"{hint}_{k}"
                if cand not in taken and cand not in hs:
                    taken.add(cand)
                    return cand
                k += 1
        hs = self.hints
        if hs is None:
            hs = self.hints = _scope_hints(self.scope_ops)
        while True:
            if is_arg:
                n = self.arg_counter
                self.arg_counter += 1
                cand = f"arg{n}"
            else:
                n = self.counter
                self.counter += 1
                cand = str(n)
            if cand not in taken and cand not in hs:
                taken.add(cand)
                return cand

    def name_scope(self, root: Op) -> None:
        ops: list[Op] = []
        _preorder(root, ops)
        self.scope_ops = ops
        self.hints = None
        taken = self.taken
        taken.clear()
        self.counter = 0
        self.arg_counter = 0
        use = self.use
        defs = self.defs
        simple = self.simple
        for op in ops:
            res = op.results
            n = len(res)
            if n == 1:
                v = res[0]
                h = v.name_hint
                # fast path of fresh(): the source name, still free
                nm = simple.get(h, False)
                if nm is False:
                    nm = "%" + h if h.isdigit() or (_VALID_NAME.match(h) and not h[0].isdigit()) else None
                    simple[h] = nm
                if nm is None:
                    nm = "%" + self.fresh(h, False)
                else:
                    # taken.add(h) unless h is taken: one set lookup, not two
                    k = len(taken)
                    taken.add(h)
                    if len(taken) == k:
                        nm = "%" + self.fresh(h, False)
                use[v.id] = nm
            elif n:
                k = 0
                while k < n:
                    v = res[k]
                    h = v.name_hint
                    e = k + 1
                    if h is not None:
                        while e < n and res[e].name_hint == h:
                            e += 1
                    else:
                        while e < n and res[e].name_hint is None:
                            e += 1
                    nm = self.fresh(h, False)
                    if e - k == 1:
                        use[v.id] = "%" + nm
                        defs[v.id] = "%" + nm
                    else:
                        defs[v.id] = f"%{nm}:{e - k}"
                        for j in range(k, e):
                            w = res[j]
                            use[w.id] = f"%{nm}#{j - k}"
                    k = e
            regions = op._regions
            if regions:
                for r in regions:
                    for b in r.blocks:
                        for v in b.args:
                            use[v.id] = "%" + self.fresh(v.name_hint, True)


def _scope_hints(ops: list) -> set:
    """Every name hint of the values defined by ``ops`` and their regions' entry blocks."""
    hints: set = set()
    for op in ops:
        for v in op.results:
            if v.name_hint:
                hints.add(v.name_hint)
        for r in op._regions:
            for b in r.blocks:
                for v in b.args:
                    if v.name_hint:
                        hints.add(v.name_hint)
    return hints


def _preorder(op: Op, out: list[Op]) -> None:
    """``out += op.walk()``, without a generator frame per op."""
    out.append(op)
    for r in op._regions:
        for b in r.blocks:
            for o in b.ops:
                if o._regions:
                    _preorder(o, out)
                else:
                    out.append(o)


class _Kind:
    """What the printer reads of a known op's registry entry: its pretty
    printer (a number, see :func:`_pretty`) and where its segments start."""

    def __init__(self, code: int, d) -> None:
        self.code = code
        self.seg_index = d.segment_index
        self.static_start = d.static_start
        self.before_type = d.name in _ATTRS_BEFORE_TYPE


def _grp(op: Op, kd: _Kind, name: str) -> list:
    """``op.group(name)`` for a known op, without its checks (the printer's hot path)."""
    segs = op.segments
    k = kd.seg_index[name]
    start = kd.static_start[k]
    if start < 0:
        start = 0
        for j in range(k):
            n = segs[j]
            start += n
    n = segs[k]
    operands = op.operands
    return operands[start:start + n]


def _g1(op: Op, kd: _Kind, name: str) -> Value:
    """The operand of single-operand segment ``name``."""
    k = kd.seg_index[name]
    start = kd.static_start[k]
    if start < 0:
        segs = op.segments
        start = 0
        for j in range(k):
            n = segs[j]
            start += n
    operands = op.operands
    return operands[start]


def _groups(op: Op) -> list:
    """Every operand group of a known op, in segment order: one pass over the
    sizes for the printers that read most of their groups (dispatch and call
    read six or seven, each a prefix sum for :func:`_grp`)."""
    segs = op.segments
    operands = op.operands
    out = []
    start = 0
    for x in segs:
        n = x
        out.append(operands[start:start + n])
        start += n
    return out


def _prop(op: Op, key: str):
    """``op._props.get(key)``: a dict's ``get`` in C (most ops have one)."""
    d = op._props
    if d.__class__ is dict:
        pd = d
        return pd.get(key)
    return d.get(key)


def _s(x) -> str:
    """A property's text as an f-string would format it (it is a str but for
    values a pass may have set otherwise)."""
    return x if x.__class__ is str else format(x, "")


# Pieces buffered before they are joined and handed on (to the writer, or to
# the list of chunks joined at the end): bounds the memory of the pieces, and
# a whole-module string is never built when the output is streamed.
_FLUSH_PIECES = 8192


class _Printer:
    def __init__(self, module: Module | None, generic: bool, write: Callable[[str], object] | None = None,
                 locs: object = None) -> None:
        self.generic = generic
        self.locs = locs
        self.namer = _Namer(len(module.values) if module is not None else 0)
        self.use = self.namer.use
        # Callers keep `out = self.out`: flush empties it in place.
        self.out: list[str] = []
        self.chunks: list[str] = []
        self.write = write if write is not None else self.chunks.append
        self.kinds = _KINDS
        self.eps: dict[str, str] = {}
        self.dict_keys: dict[str, str] = {}

    def flush(self) -> None:
        out = self.out
        if out:
            self.write("".join(out))
            out.clear()

    def text(self) -> str:
        self.flush()
        return "".join(self.chunks)

    def n(self, v: Value) -> str:
        i = v.id  # a C integer: the use list is indexed without an int object
        use = self.use
        nm = use[i] if 0 <= i < len(use) else None
        if nm is None:
            raise ValueError(f"printer: {v!r} is used but not defined in the scope being printed "
                             f"(erased op or a value from another function?)")
        return nm

    def ns(self, vals: list[Value]) -> str:
        return ", ".join([self.n(v) for v in vals])

    def ts(self, t: str, size: Value) -> str:
        return f"{t}{{{self.n(size)}}}"

    def names(self, vals: list) -> None:
        """Append ``self.ns(vals)``, piece by piece."""
        out = self.out
        for k in range(len(vals)):
            if k:
                out.append(", ")
            out.append(self.n(vals[k]))

    def typed(self, t: str, size: Value) -> None:
        """Append ``self.ts(t, size)``, piece by piece."""
        out = self.out
        out.append(t)
        out.append("{")
        out.append(self.n(size))
        out.append("}")

    def dict_text(self, d) -> str:
        """:func:`_dict`, with each key's printed form kept for the print."""
        items = []
        keys = self.dict_keys
        for k, v in d.items():
            key = keys.get(k)
            if key is None:
                key = k if _DICT_KEY.match(k) else '"' + k + '"'
                keys[k] = key
            items.append(key if v == "" else f"{key} = {v}")
        return "{" + ", ".join(items) + "}"

    # -- structure -------------------------------------------------------
    def op(self, op: Op, ind: str) -> None:
        out = self.out
        out.append(ind)
        res = op.results
        nres = len(res)
        if nres:
            if nres == 1:
                # a single result's definition is its use name (_Namer)
                v = res[0]
                i = v.id
                use = self.use
                nm = use[i] if 0 <= i < len(use) else None
                out.append(nm if nm is not None else "")
            else:
                defs = self.namer.defs
                out.append(", ".join([defs[r.id] for r in res if r.id in defs]))
            out.append(" = ")
        if op.opdef is not None:
            if self.generic:
                self.generic_op(op, ind)
            else:
                kd = self.kinds.get(op.name)
                if kd is None or kd.code < 0:
                    raise KeyError(op.name)
                _pretty(self, op, kd, ind)
                attrs = op._attrs
                if attrs and not kd.before_type:
                    out.append(" attributes ")
                    out.append(self.dict_text(attrs))
        elif op.tmpl is not None:
            tmpl = generic_template(op) if self.generic else None
            self.template(op, ind, tmpl)
        else:
            raise ValueError(f"printer: {op.name} has neither a registry entry nor a template")
        if self.locs is not None:
            out.append(self.locs.op_loc(op))
        out.append("\n")

    def template(self, op: Op, ind: str, tmpl: list | None = None) -> None:
        out = self.out
        prev = ""
        first = True
        for piece in op.tmpl if tmpl is None else tmpl:
            if piece.__class__ is str:
                if not piece:
                    continue
                s = piece
            elif piece.__class__ is int:
                s = self.n(op.operands[piece])
            elif piece[0] == "a":
                s = self.n(op._regions[piece[1]].blocks[0].args[piece[2]])
                out.append(" " if not first and prev[-1:] not in ("(", "[", "<") else "")
                out.append(s)
                prev = ""  # `%arg0: type`, as MLIR prints signatures
                first = False
                continue
            elif piece[0] == "l":
                # an argument's location: inline, as MLIR prints block arguments
                if self.locs is not None and op.name not in _NO_ARG_LOCS:
                    out.append(" loc(" + piece[1] + ")")
                    prev = ")"
                continue
            else:
                if not first:
                    out.append(" ")
                self.region(op._regions[piece[1]], ind, None)
                prev = "}"
                first = False
                continue
            if not first and not (s[0] in ",)]>" or prev[-1:] in ("(", "[", "<") or (prev == "" and s[0] == ":")):
                out.append(" ")
            out.append(s)
            prev = s
            first = False

    def region(self, r: Region, ind: str, entry_label: bool | None, implicit_yield: bool = False) -> None:
        """``{ blocks }``; entry_label True/False forces the entry label, None follows the source."""
        out = self.out
        out.append("{\n")
        inner = ind + IND
        blocks = r.blocks
        for k in range(len(blocks)):
            b = blocks[k]
            if k > 0 or (entry_label is True and b.args) or (entry_label is None and b.label is not None):
                self.label(b, k, ind)
            ops = b.ops
            for j in range(len(ops)):
                self.op(ops[j], inner)
                if len(out) > _FLUSH_PIECES:
                    self.flush()
            if implicit_yield and (not b.ops or b.ops[-1].name != "stream.yield"):
                out.append(inner + '"stream.yield"() : () -> ()\n')
        out.append(ind + "}")

    def label(self, b: Block, k: int, ind: str) -> None:
        lab = b.label if b.label is not None else f"bb{k}"
        s = ind + "^" + lab
        if b.args:
            if self.locs is not None and b.arg_locs is not None:
                al = b.arg_locs
                s += "(" + ", ".join([f"{self.n(a)}: {a.type}" + (f" loc({al[k]})" if k < len(al) and al[k] else "")
                                      for k, a in enumerate(b.args)]) + ")"
            else:
                s += "(" + ", ".join([f"{self.n(a)}: {a.type}" for a in b.args]) + ")"
        self.out.append(s + ":\n")

    # -- generic form ----------------------------------------------------
    def generic_op(self, op: Op, ind: str) -> None:
        out = self.out
        out.append(f'"{op.name}"({self.ns(op.operands)})')
        props = {}
        for k, v in op._props.items():
            if k.startswith("_"):
                continue
            if k in INT_LIST_PROPS:
                elt = INT_LIST_ELT[k]
                props[k] = "[" + ", ".join([f"{x} : {elt}" for x in v]) + "]"
            elif v is True:
                props[k] = ""
            elif isinstance(v, list):
                props[k] = "[" + ", ".join(v) + "]"
            else:
                props[k] = v
        if op.opdef.attr_sized:
            props["operandSegmentSizes"] = "array<i32: " + ", ".join([str(x) for x in op.segments]) + ">"
        if props:
            out.append(" <" + self.dict_text(dict(sorted(props.items()))) + ">")
        if op._regions:
            out.append(" (")
            for k, r in enumerate(op._regions):
                if k:
                    out.append(", ")
                self.region(r, ind, True, op.name.startswith("stream.cmd."))
            out.append(")")
        if op._attrs:
            out.append(" " + self.dict_text(op._attrs))
        ins = ", ".join([v.type for v in op.operands])
        outs = [v.type for v in op.results]
        rt = outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")"
        out.append(f" : ({ins}) -> {rt}")

    # -- module ----------------------------------------------------------
    def module(self, m: Module) -> None:
        """Print the module through ``self.write``."""
        out = self.out
        for a in m.aliases:
            out.append(a + "\n")
        locs = self.locs
        if locs is not None:
            out.extend(locs.top)
        header = m.header or "module"
        if self.generic:
            # Generic readers (xDSL) know the module only as builtin.module.
            header = '"builtin.module"() (' if header == "module" else "builtin." + header
        out.append(header + " {\n")
        namer = self.namer
        for op in m.body.ops:
            namer.grow(len(m.values))
            namer.name_scope(op)
            self.op(op, IND)
            namer.release()
            if len(out) > 64:
                self.flush()
        out.append("}) : () -> ()" if self.generic and (m.header or "module") == "module" else "}")
        if locs is not None:
            out.append(locs.module_loc(m))
            out.append("\n")
            out.extend(locs.bottom)
        else:
            out.append("\n")
        if m.trailer:
            out.append("\n" + m.trailer + "\n")
        self.flush()


def print_module(m: Module, generic: bool = False, debuginfo: bool = False, local_scope: bool = False) -> str:
    """The module as MLIR text (pretty stream ops unless ``generic``); with
    ``debuginfo`` every op's location as ``iree-opt --mlir-print-debuginfo``
    prints it (``loc(#locN)``, the ``#loc`` definitions after the module), inline
    with ``local_scope`` too (``--mlir-print-local-scope``)."""
    with gc_paused():
        p = _Printer(m, generic, None, _Locs(m, local_scope) if debuginfo else None)
        p.module(m)
        return p.text()


def write_module(m: Module, write: Callable[[str], object], generic: bool = False, debuginfo: bool = False,
                 local_scope: bool = False) -> None:
    """Stream the text of :func:`print_module` through ``write`` (e.g. a text
    file's ``write``) in pieces, without building the whole string."""
    with gc_paused():
        _Printer(m, generic, write, _Locs(m, local_scope) if debuginfo else None).module(m)


def _op_position(op: Op) -> str:
    """The location iree-opt gives an op that the text gave none: where its name starts."""
    loc = op.loc
    if loc is None:
        return "unknown"
    return f"{_quote_file(loc.filename)}:{loc.line}:{loc.col}"


def _quote_file(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ops whose custom printers leave out their arguments' locations
_NO_ARG_LOCS = frozenset({"util.func", "stream.cmd.func", "stream.async.func"})
_LOC_STR = lazy_compile(r'"(?:[^"\\]|\\.)*"')
_LOC_FILE = lazy_compile(r'(?::\d+)*(?: to (?:\d+)?(?::\d+)*)?')


def _loc_scan(s: str, i: int, kids: list | None) -> int:
    """End of the location that starts at ``s[i]`` (inline form); the spans
    ``(start, end)`` of its direct sub-locations are appended to ``kids``."""
    def child(j: int) -> int:
        e = _loc_scan(s, j, None)
        if kids is not None:
            kids.append((j, e))
        return e

    if s.startswith("fused", i):
        i += 5
        if s.startswith("<", i):
            depth = 0
            while True:
                c = s[i]
                if c == '"':
                    i = _LOC_STR.match(s, i).end()
                    continue
                if c == "<":
                    depth += 1
                elif c == ">" and s[i - 1] != "-":
                    depth -= 1
                    if depth == 0:
                        i += 1
                        break
                i += 1
        if s.startswith("[", i):
            i += 1
            while not s.startswith("]", i):
                i = child(i)
                if s.startswith(", ", i):
                    i += 2
            return i + 1
        return i
    if s.startswith("callsite(", i):
        i = child(i + 9)
        if s.startswith(" at ", i):
            i = child(i + 4)
        return i + 1
    if s.startswith('"', i):
        mm = _LOC_STR.match(s, i)
        i = mm.end() if mm is not None else len(s)
        if s.startswith("(", i):
            return child(i + 1) + 1
        return _LOC_FILE.match(s, i).end()
    # unknown, or an opaque / unfamiliar form: up to the end of this element
    depth = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c == '"':
            i = _LOC_STR.match(s, i).end()
            continue
        if c in "([<{":
            depth += 1
        elif c in ")]>}":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (c == "," or s.startswith(" at ", i)):
            break
        i += 1
    return i


class _Locs:
    """Op locations for the printer (``--mlir-print-debuginfo``).

    With aliases (the default), as MLIR's printer does: every distinct
    location gets a ``#loc`` alias; the aliases are numbered by nesting depth
    (a location's sub-locations before it), then in the order the printer
    first meets them (an op's location before its signature and regions).
    Block-argument locations print inline, and the ones met there are defined
    before the module; the others after it."""

    def __init__(self, m: Module, local_scope: bool) -> None:
        self.local = local_scope
        self.alias: dict[str, str] = {}
        self.top: list[str] = []
        self.bottom: list[str] = []
        if not local_scope:
            self._number(m)

    def text(self, op: Op) -> str:
        d = op.dloc
        if d is None:
            return _op_position(op)
        if d.__class__ is not str:
            return self.fused(d.parts)
        return d

    def part(self, x) -> str:
        if x.__class__ is str:
            return x
        if isinstance(x, Op):
            return self.text(x)
        owner = x.owner  # a Value
        return self.text(owner) if isinstance(owner, Op) else "unknown"

    def fused(self, parts: list) -> str:
        """MLIR's FusedLoc::get (no metadata) on the texts of ``parts``."""
        out: dict[str, None] = {}
        for x in parts:
            t = self.part(x)
            if t.startswith("fused["):
                spans: list = []
                _loc_scan(t, 0, spans)
                for a, b in spans:
                    out[t[a:b]] = None
            elif t != "unknown":
                out[t] = None
        if not out:
            return "unknown"
        if len(out) == 1:
            return next(iter(out))
        return "fused[" + ", ".join(out) + "]"

    def op_loc(self, op: Op) -> str:
        d = self.text(op)
        return " loc(" + (d if self.local else self.alias[d]) + ")"

    def module_text(self, m: Module) -> str:
        d = m.dloc
        if d is None:
            return _quote_file(m.filename) + ":0:0"
        if d.__class__ is not str:
            return _op_position(d)  # the unwrapped `module {` op
        return d

    def module_loc(self, m: Module) -> str:
        d = self.module_text(m)
        return " loc(" + (d if self.local else self.alias[d]) + ")"

    def _number(self, m: Module) -> None:
        info: dict[str, list] = {}  # text -> [first visit, depth, deferrable, direct sub-locations]
        order: list[str] = []

        def visit(text: str, deferrable: bool) -> int:
            e = info.get(text)
            if e is not None:
                if not deferrable and e[2]:
                    e[2] = False
                    for k in e[3]:
                        visit(k, False)
                return e[1]
            e = [len(order), 0, deferrable, []]
            info[text] = e
            order.append(text)
            spans: list = []
            _loc_scan(text, 0, spans)
            depth = 0
            for a, b in spans:
                k = text[a:b]
                e[3].append(k)
                depth = max(depth, visit(k, deferrable) + 1)
            e[1] = depth
            return depth

        def walk(op: Op) -> None:
            visit(self.text(op), True)
            if op.tmpl is not None:
                for piece in op.tmpl:
                    if piece.__class__ is tuple:
                        if piece[0] == "l":
                            if op.name not in _NO_ARG_LOCS:
                                visit(piece[1], False)
                        elif piece[0] == "r":
                            region(op._regions[piece[1]])
            else:
                for r in op._regions:
                    region(r)

        def region(r) -> None:
            for b in r.blocks:
                if b.arg_locs is not None:
                    for x in b.arg_locs:
                        if x:
                            visit(x, False)
                for o in b.ops:
                    walk(o)

        visit(self.module_text(m), True)
        for op in m.body.ops:
            walk(op)
        ranked = sorted(order, key=lambda t: info[t][1])  # stable: first visit within a depth
        alias = self.alias
        for n, t in enumerate(ranked):
            alias[t] = "#loc" if n == 0 else f"#loc{n}"
        for t in ranked:
            e = info[t]
            spans = []
            _loc_scan(t, 0, spans)
            body = t
            for a, b in reversed(spans):
                body = body[:a] + alias[t[a:b]] + body[b:]
            line = f"{alias[t]} = loc({body})\n"
            (self.bottom if e[2] else self.top).append(line)



def print_op(op: Op, generic: bool = False) -> str:
    """One op (and its regions) as text; names are local to the op."""
    m = op.module()
    p = _Printer(m, generic)
    namer = p.namer
    nmax = 0
    for o in op.walk():
        for v in list(o.results) + list(o.operands) + [a for r in o._regions for b in r.blocks for a in b.args]:
            nmax = max(nmax, v.id + 1)
    namer.grow(nmax)
    namer.name_scope(op)
    use = namer.use
    for o in op.walk():
        for v in o.operands:
            if v.id >= 0 and use[v.id] is None:
                use[v.id] = f"%v{v.id}"
    p.op(op, "")
    return p.text()


# ---------------------------------------------------------------------------
# Pretty printers of the known ops: each appends its op's text after the
# result names, piece by piece, to ``p.out``.
# ---------------------------------------------------------------------------

def _on(out: list, op: Op, key: str, kw: str) -> None:
    """``kw(affinity) `` when the op has property ``key``."""
    a = _prop(op, key)
    if a:
        out.append(kw)
        out.append("(")
        out.append(_s(a))
        out.append(") ")


def _await(p: _Printer, op: Op, kd: _Kind, arrow: bool) -> bool:
    """``await(%t) => `` (``await(%t) `` without ``arrow``) when the op awaits; whether it did."""
    aw = _grp(op, kd, "await_timepoint")
    if not aw:
        return False
    out = p.out
    out.append("await(")
    out.append(p.n(aw[0]))
    out.append(") => " if arrow else ") ")
    return True


def _resource_region(p: _Printer, op: Op, kd: _Kind, ind: str, with_results: bool) -> None:
    out = p.out
    outer = _grp(op, kd, "resource_operands")
    sizes = _grp(op, kd, "resource_operand_sizes")
    region = op._regions[0]
    args = region.blocks[0].args
    out.append("with(")
    n = min(len(outer), len(args), len(sizes))
    for k in range(n):
        if k:
            out.append(", ")
        a = args[k]
        out.append(p.n(outer[k]))
        out.append(" as ")
        out.append(p.n(a))
        out.append(": ")
        p.typed(a.type, sizes[k])
    out.append(")")
    if with_results:
        rsizes = _grp(op, kd, "result_sizes")
        tied = _prop(op, "tied_operands") or []
        res = op.results
        n = min(len(res), len(rsizes))
        if n:
            out.append(" -> (")
            for k in range(n):
                if k:
                    out.append(", ")
                t = tied[k] if k < len(tied) else -1
                if t >= 0:
                    out.append(p.n(outer[t]))
                    out.append("{")
                    out.append(p.n(rsizes[k]))
                    out.append("}")
                else:
                    r = res[k]
                    p.typed(r.type, rsizes[k])
            out.append(")")
    out.append(" ")
    p.region(region, ind, False)


def pp_async_execute(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    p.out.append("stream.async.execute ")
    _on(p.out, op, "affinity", "on")
    _await(p, op, kd, True)
    _resource_region(p, op, kd, ind, True)
    r = op.results[-1]
    p.out.append(" => ")
    p.out.append(r.type)


def pp_async_concurrent(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    p.out.append("stream.async.concurrent ")
    _on(p.out, op, "affinity", "on")
    _resource_region(p, op, kd, ind, True)


def pp_cmd_execute(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    out.append("stream.cmd.execute once " if _prop(op, "once") else "stream.cmd.execute ")
    _on(out, op, "affinity", "on")
    _await(p, op, kd, True)
    _resource_region(p, op, kd, ind, False)
    r = op.results[-1]
    out.append(" => ")
    out.append(r.type)


def pp_cmd_region(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    p.out.append(op.name + " ")
    p.region(op._regions[0], ind, False)


def pp_async_constant(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    r = op.results[0]
    out.append("stream.async.constant ")
    _on(out, op, "affinity", "on")
    _await(p, op, kd, False)
    out.append(": ")
    p.typed(r.type, _g1(op, kd, "result_size"))
    out.append(" = ")
    out.append(_s(op._props["value"]))


def pp_async_splat(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    v = _g1(op, kd, "value")
    r = op.results[0]
    out.append("stream.async.splat ")
    _on(out, op, "affinity", "on")
    _await(p, op, kd, False)
    out.append(p.n(v))
    out.append(" : ")
    out.append(v.type)
    out.append(" -> ")
    p.typed(r.type, _g1(op, kd, "result_size"))


def pp_async_clone(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    s = _g1(op, kd, "source")
    r = op.results[0]
    out.append("stream.async.clone ")
    _on(out, op, "affinity", "on")
    out.append(p.n(s))
    out.append(" : ")
    p.typed(s.type, _g1(op, kd, "source_size"))
    out.append(" -> ")
    p.typed(r.type, _g1(op, kd, "result_size"))


def pp_async_slice(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    s = _g1(op, kd, "source")
    r = op.results[0]
    out.append("stream.async.slice ")
    _on(out, op, "affinity", "on")
    out.append(p.n(s))
    out.append("[")
    out.append(p.n(_g1(op, kd, "source_offset")))
    out.append(" to ")
    out.append(p.n(_g1(op, kd, "source_end")))
    out.append("] : ")
    p.typed(s.type, _g1(op, kd, "source_size"))
    out.append(" -> ")
    p.typed(r.type, _g1(op, kd, "result_size"))


def _tied(p: _Printer, op: Op, target: Value, size: Value) -> None:
    """``%target as type{%size}`` (the type of the op's result)."""
    out = p.out
    r = op.results[0]
    out.append(p.n(target))
    out.append(" as ")
    p.typed(r.type, size)


def pp_async_fill(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    v = _g1(op, kd, "value")
    t = _g1(op, kd, "target")
    out.append("stream.async.fill ")
    _on(out, op, "affinity", "on")
    out.append(p.n(v))
    out.append(", ")
    out.append(p.n(t))
    out.append("[")
    out.append(p.n(_g1(op, kd, "target_offset")))
    out.append(" to ")
    out.append(p.n(_g1(op, kd, "target_end")))
    out.append(" for ")
    out.append(p.n(_g1(op, kd, "target_length")))
    out.append("] : ")
    out.append(v.type)
    out.append(" -> ")
    _tied(p, op, t, _g1(op, kd, "target_size"))


def pp_async_update(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    u = _g1(op, kd, "update")
    t = _g1(op, kd, "target")
    out.append("stream.async.update ")
    _on(out, op, "affinity", "on")
    out.append(p.n(u))
    out.append(", ")
    out.append(p.n(t))
    out.append("[")
    out.append(p.n(_g1(op, kd, "target_offset")))
    out.append(" to ")
    out.append(p.n(_g1(op, kd, "target_end")))
    out.append("] : ")
    p.typed(u.type, _g1(op, kd, "update_size"))
    out.append(" -> ")
    _tied(p, op, t, _g1(op, kd, "target_size"))


def pp_async_copy(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    s = _g1(op, kd, "source")
    t = _g1(op, kd, "target")
    out.append("stream.async.copy ")
    _on(out, op, "affinity", "on")
    out.append(p.n(s))
    out.append("[")
    out.append(p.n(_g1(op, kd, "source_offset")))
    out.append(" to ")
    out.append(p.n(_g1(op, kd, "source_end")))
    out.append("], ")
    out.append(p.n(t))
    out.append("[")
    out.append(p.n(_g1(op, kd, "target_offset")))
    out.append(" to ")
    out.append(p.n(_g1(op, kd, "target_end")))
    out.append("], ")
    out.append(p.n(_g1(op, kd, "length")))
    out.append(" : ")
    p.typed(s.type, _g1(op, kd, "source_size"))
    out.append(" -> ")
    _tied(p, op, t, _g1(op, kd, "target_size"))


def _entry_points(p: _Printer, op: Op) -> str:
    """The ``entry_points`` property as the pretty form spells it (kept per text for the print)."""
    eps = op._props["entry_points"]
    r = p.eps.get(eps)
    if r is None:
        inner = eps.strip()
        inner = inner[1:-1] if inner.startswith("[") else inner
        parts = [x.strip() for x in inner.split(",")]
        r = parts[0] if len(parts) == 1 else "{" + ", ".join(parts) + "}"
        p.eps[eps] = r
    return r


def _dispatch_operands(p: _Printer, ops: list, offs: list, ends: list, lens: list) -> None:
    """``(%a[%o to %e for %l], %b)``: resource operands with their ranges."""
    out = p.out
    out.append("(")
    k = 0
    for j in range(len(ops)):
        if j:
            out.append(", ")
        v = ops[j]
        out.append(p.n(v))
        if _is_resource(v):
            out.append("[")
            out.append(p.n(offs[k]))
            out.append(" to ")
            out.append(p.n(ends[k]))
            out.append(" for ")
            out.append(p.n(lens[k]))
            out.append("]")
            k += 1
    out.append(")")


def _is_resource(v: Value) -> bool:
    t = v.type
    return t.startswith("!stream.resource<")


def _shaped_fn_type(p: _Printer, op: Op, operands: list, sizes: list, rsizes: list) -> None:
    """``(types{%sizes}) -> (types{%sizes} or tied %operand{%size})``."""
    out = p.out
    out.append("(")
    k = 0
    for j in range(len(operands)):
        if j:
            out.append(", ")
        v = operands[j]
        if _is_resource(v):
            p.typed(v.type, sizes[k])
            k += 1
        else:
            out.append(v.type)
    out.append(") -> (")
    tied = _prop(op, "tied_operands") or []
    res = op.results
    k = 0
    for j in range(len(res)):
        if j:
            out.append(", ")
        r = res[j]
        t = tied[j] if j < len(tied) else -1
        sz = None
        if _is_resource(r):
            sz = p.n(rsizes[k])
            k += 1
        out.append(p.n(operands[t]) if t >= 0 else r.type)
        if sz is not None:
            out.append("{")
            out.append(sz)
            out.append("}")
    out.append(")")


# Ops whose custom form has the attribute dictionary right before the
# trailing `: type` (no `attributes` keyword), as iree-opt prints them.
_ATTRS_BEFORE_TYPE = frozenset({"stream.async.dispatch", "stream.async.call", "stream.cmd.call"})


def _attrs_before_type(p: _Printer, op: Op) -> None:
    attrs = op._attrs
    if attrs:
        p.out.append(" ")
        p.out.append(p.dict_text(attrs))


# Segment order unpacked by pp_async_dispatch / pp_async_call (_groups).
assert OPS["stream.async.dispatch"].segment_names == (
    "workload", "resource_operands", "resource_operand_sizes", "resource_operand_offsets",
    "resource_operand_ends", "resource_operand_lengths", "result_sizes")
assert OPS["stream.async.call"].segment_names == OPS["stream.async.dispatch"].segment_names[1:]


def pp_async_dispatch(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    work, ops, sizes, offs, ends, lens, rsizes = _groups(op)
    out.append("stream.async.dispatch ")
    _on(out, op, "affinity", "on")
    out.append(_entry_points(p, op))
    if work:
        out.append("[")
        p.names(work)
        out.append("]")
    _dispatch_operands(p, ops, offs, ends, lens)
    _attrs_before_type(p, op)
    out.append(" : ")
    _shaped_fn_type(p, op, ops, sizes, rsizes)


def pp_async_call(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    ops, sizes, offs, ends, lens, rsizes = _groups(op)
    out.append("stream.async.call ")
    _on(out, op, "affinity", "on")
    out.append(_s(op._props["callee"]))
    _dispatch_operands(p, ops, offs, ends, lens)
    _attrs_before_type(p, op)
    out.append(" : ")
    _shaped_fn_type(p, op, ops, sizes, rsizes)


def _collective_attr(op: Op) -> str:
    a = op._props["op"]
    return a[len("#stream.collective"):] if a.startswith("#stream.collective<") else a


def pp_async_collective(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    s = _g1(op, kd, "source")
    t = _g1(op, kd, "target")
    param = _grp(op, kd, "param")
    pp = f"{op._props.get('_param_kw', 'source')}({p.n(param[0])}) " if param else ""
    out.append("stream.async.collective")
    out.append(_collective_attr(op))
    out.append("[")
    out.append(p.n(_g1(op, kd, "element_count")))
    out.append("] ")
    _on(out, op, "affinity", "on")
    out.append("channel(")
    out.append(p.n(_g1(op, kd, "channel")))
    out.append(") ")
    out.append(pp)
    out.append(p.n(s))
    out.append("[")
    out.append(p.n(_g1(op, kd, "source_offset")))
    out.append(" to ")
    out.append(p.n(_g1(op, kd, "source_end")))
    out.append(" for ")
    out.append(p.n(_g1(op, kd, "source_length")))
    out.append("], ")
    out.append(p.n(t))
    out.append("[")
    out.append(p.n(_g1(op, kd, "target_offset")))
    out.append(" to ")
    out.append(p.n(_g1(op, kd, "target_end")))
    out.append(" for ")
    out.append(p.n(_g1(op, kd, "target_length")))
    out.append("] : ")
    p.typed(s.type, _g1(op, kd, "source_size"))
    out.append(" -> ")
    _tied(p, op, t, _g1(op, kd, "target_size"))


def pp_async_barrier(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    s = _g1(op, kd, "source")
    out.append("stream.async.barrier ")
    _on(out, op, "affinity", "on")
    out.append(p.n(s))
    out.append(" : ")
    p.typed(s.type, _g1(op, kd, "size"))


def pp_async_transfer(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    s = _g1(op, kd, "source")
    r = op.results[0]
    out.append("stream.async.transfer ")
    _on(out, op, "execution_affinity", "on")
    out.append(p.n(s))
    out.append(" : ")
    p.typed(s.type, _g1(op, kd, "source_size"))
    a = _prop(op, "source_affinity")
    if a:
        out.append(" from(")
        out.append(_s(a))
        out.append(")")
    out.append(" -> ")
    a = _prop(op, "target_affinity")
    if a:
        out.append("to(")
        out.append(_s(a))
        out.append(") ")
    p.typed(r.type, _g1(op, kd, "result_size"))


def pp_async_alloca(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    r = op.results[0]
    out.append("stream.async.alloca ")
    _on(out, op, "affinity", "on")
    out.append(": ")
    p.typed(r.type, _g1(op, kd, "storage_size"))


def pp_load(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    s = _g1(op, kd, "source")
    r = op.results[0]
    out.append(op.name)
    out.append(" ")
    out.append(p.n(s))
    out.append("[")
    out.append(p.n(_g1(op, kd, "source_offset")))
    out.append("] : ")
    p.typed(s.type, _g1(op, kd, "source_size"))
    out.append(" -> ")
    out.append(r.type)


def pp_async_store(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    v = _g1(op, kd, "value")
    t = _g1(op, kd, "target")
    out.append("stream.async.store ")
    out.append(p.n(v))
    out.append(", ")
    out.append(p.n(t))
    out.append("[")
    out.append(p.n(_g1(op, kd, "target_offset")))
    out.append("] : ")
    out.append(v.type)
    out.append(" -> ")
    _tied(p, op, t, _g1(op, kd, "target_size"))


def pp_resource_store(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    v = _g1(op, kd, "value")
    t = _g1(op, kd, "target")
    out.append("stream.resource.store ")
    out.append(p.n(v))
    out.append(", ")
    out.append(p.n(t))
    out.append("[")
    out.append(p.n(_g1(op, kd, "target_offset")))
    out.append("] : ")
    out.append(v.type)
    out.append(" -> ")
    p.typed(t.type, _g1(op, kd, "target_size"))


def pp_yield(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    vals = _grp(op, kd, "resource_operands")
    if not vals:
        out.append("stream.yield")
        return
    sizes = _grp(op, kd, "resource_operand_sizes")
    out.append("stream.yield ")
    p.names(vals)
    out.append(" : ")
    n = min(len(vals), len(sizes))
    for k in range(n):
        if k:
            out.append(", ")
        v = vals[k]
        p.typed(v.type, sizes[k])


def pp_join(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    r = op.results[0]
    out.append("stream.timepoint.join max(")
    p.names(op.operands)
    out.append(") => ")
    out.append(r.type)


def pp_resource_alloc(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    r = op.results[0]
    out.append("stream.resource.alloc uninitialized " if _prop(op, "uninitialized") else "stream.resource.alloc ")
    _on(out, op, "affinity", "on")
    out.append(": ")
    p.typed(r.type, _g1(op, kd, "storage_size"))


def pp_resource_alloca(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    out.append("stream.resource.alloca uninitialized indeterminate " if _prop(op, "indeterminate_lifetime")
               else "stream.resource.alloca uninitialized ")
    _on(out, op, "affinity", "on")
    if not _await(p, op, kd, True):
        out.append(": ")
    r = op.results[0]
    p.typed(r.type, _g1(op, kd, "storage_size"))
    out.append(" => ")
    r = op.results[1]
    out.append(r.type)


def pp_resource_dealloca(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    v = _g1(op, kd, "operand")
    out.append("stream.resource.dealloca origin " if _prop(op, "prefer_origin") else "stream.resource.dealloca ")
    _on(out, op, "affinity", "on")
    _await(p, op, kd, True)
    out.append(p.n(v))
    out.append(" : ")
    p.typed(v.type, _g1(op, kd, "operand_size"))
    out.append(" => ")
    r = op.results[0]
    out.append(r.type)


def pp_resource_pack(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    off = _grp(op, kd, "offset")
    o = f"offset({p.n(off[0])}) " if off else ""
    iv = op._props["lifetime_intervals"]
    sizes = _grp(op, kd, "dynamic_slice_sizes")
    lines = [f"{ind}{IND}[{iv[2 * k]}, {iv[2 * k + 1]}] = {p.n(s)}" for k, s in enumerate(sizes)]
    body = ("\n" + ",\n".join(lines) + "\n" + ind) if lines else ""
    out = p.out
    r = op.results[0]
    out.append("stream.resource.pack ")
    _on(out, op, "affinity", "on")
    out.append(f"{o}slices({{{body}}}) : {r.type}")


def pp_resource_constants(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    sizes = _grp(op, kd, "result_sizes")
    vals = op._props["values"]
    lines = [f"{ind}{IND}{IND}{p.ts(r.type, s)} = {v}" for r, s, v in zip(op.results, sizes, vals)]
    out = p.out
    r = op.results[-1]
    out.append("stream.resource.constants ")
    _on(out, op, "affinity", "on")
    out.append(":\n" + ",\n".join(lines) + f"\n{ind}{IND}{IND}=> {r.type}")


def pp_resource_subview(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    s = _g1(op, kd, "source")
    r = op.results[0]
    out.append("stream.resource.subview ")
    out.append(p.n(s))
    out.append("[")
    out.append(p.n(_g1(op, kd, "source_offset")))
    out.append("] : ")
    p.typed(s.type, _g1(op, kd, "source_size"))
    out.append(" -> ")
    p.typed(r.type, _g1(op, kd, "result_size"))


def pp_cmd_fill(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    v = _g1(op, kd, "value")
    t = _g1(op, kd, "target")
    out.append("stream.cmd.fill ")
    out.append(p.n(v))
    out.append(", ")
    out.append(p.n(t))
    out.append("[")
    out.append(p.n(_g1(op, kd, "target_offset")))
    out.append(" for ")
    out.append(p.n(_g1(op, kd, "target_length")))
    out.append("] : ")
    out.append(v.type)
    out.append(" -> ")
    p.typed(t.type, _g1(op, kd, "target_size"))


def pp_cmd_copy(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    s = _g1(op, kd, "source")
    t = _g1(op, kd, "target")
    out.append("stream.cmd.copy ")
    out.append(p.n(s))
    out.append("[")
    out.append(p.n(_g1(op, kd, "source_offset")))
    out.append("], ")
    out.append(p.n(t))
    out.append("[")
    out.append(p.n(_g1(op, kd, "target_offset")))
    out.append("], ")
    out.append(p.n(_g1(op, kd, "length")))
    out.append(" : ")
    p.typed(s.type, _g1(op, kd, "source_size"))
    out.append(" -> ")
    p.typed(t.type, _g1(op, kd, "target_size"))


def _cmd_range(p: _Printer, op: Op, kd: _Kind, kw: str | None) -> None:
    out = p.out
    t = _g1(op, kd, "target")
    out.append(op.name)
    out.append(" ")
    if kw:
        _on(out, op, "source_affinity", kw)
    out.append(p.n(t))
    out.append("[")
    out.append(p.n(_g1(op, kd, "target_offset")))
    out.append(" for ")
    out.append(p.n(_g1(op, kd, "target_length")))
    out.append("] : ")
    p.typed(t.type, _g1(op, kd, "target_size"))


def _dispatch_resources(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    """``{\\n  rw %r[%o for %l] : type{%size},\\n ...}`` of a command dispatch or collective."""
    res = _grp(op, kd, "resources")
    sizes = _grp(op, kd, "resource_sizes")
    offs = _grp(op, kd, "resource_offsets")
    lens = _grp(op, kd, "resource_lengths")
    acc = op._props["resource_accesses"]
    out = p.out
    out.append("{\n")
    n = min(len(res), len(sizes), len(offs), len(lens), len(acc))
    for k in range(n):
        if k:
            out.append(",\n")
        r = res[k]
        out.append(ind)
        out.append(IND)
        out.append(_ACCESS_NAMES.get(acc[k], "rw"))
        out.append(" ")
        out.append(p.n(r))
        out.append("[")
        out.append(p.n(offs[k]))
        out.append(" for ")
        out.append(p.n(lens[k]))
        out.append("] : ")
        p.typed(r.type, sizes[k])
    out.append("\n")
    out.append(ind)
    out.append("}")


def pp_cmd_dispatch(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    work = _grp(op, kd, "workload")
    uni = _grp(op, kd, "uniform_operands")
    out.append("stream.cmd.dispatch ")
    out.append(_entry_points(p, op))
    if work:
        out.append("[")
        p.names(work)
        out.append("]")
    if uni:
        out.append("(")
        p.names(uni)
        out.append(" : ")
        for k in range(len(uni)):
            if k:
                out.append(", ")
            v = uni[k]
            out.append(v.type)
        out.append(") ")
    else:
        out.append(" ")
    _dispatch_resources(p, op, kd, ind)


def pp_cmd_call(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    ops = _grp(op, kd, "resource_operands")
    offs = _grp(op, kd, "resource_operand_offsets")
    lens = _grp(op, kd, "resource_operand_lengths")
    acc = _prop(op, "resource_operand_accesses") or []
    out = p.out
    out.append("stream.cmd.call ")
    out.append(_s(op._props["callee"]))
    out.append("(")
    k = 0
    for j in range(len(ops)):
        if j:
            out.append(", ")
        v = ops[j]
        if _is_resource(v):
            out.append(_ACCESS_NAMES.get(acc[k] if k < len(acc) else 3, "rw"))
            out.append(" ")
            out.append(p.n(v))
            out.append("[")
            out.append(p.n(offs[k]))
            out.append(" for ")
            out.append(p.n(lens[k]))
            out.append("]")
            k += 1
        else:
            out.append(p.n(v))
    out.append(")")
    _attrs_before_type(p, op)
    out.append(" : ")
    _shaped_fn_type(p, op, ops, _grp(op, kd, "resource_operand_sizes"), _grp(op, kd, "result_sizes"))


def pp_cmd_collective(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    out = p.out
    param = _grp(op, kd, "param")
    pp = f"param({p.n(param[0])} : {param[0].type}) " if param else ""
    out.append("stream.cmd.collective")
    out.append(_collective_attr(op))
    out.append("[")
    out.append(p.n(_g1(op, kd, "element_count")))
    out.append("] channel(")
    out.append(p.n(_g1(op, kd, "channel")))
    out.append(") ")
    out.append(pp)
    _dispatch_resources(p, op, kd, ind)


# The pretty printer of each known op, by number (_Kind.code): _pretty tests
# the numbers in this order, the most frequent ops first.
_PP_NAMES = (
    "stream.async.dispatch",  # 0
    "stream.async.splat",
    "stream.async.clone",
    "stream.async.call",
    "stream.yield",
    "stream.async.concurrent",  # 5
    "stream.async.slice",
    "stream.async.copy",
    "stream.async.fill",
    "stream.async.update",
    "stream.async.transfer",  # 10
    "stream.async.constant",
    "stream.async.alloca",
    "stream.async.collective",
    "stream.async.barrier",
    "stream.cmd.dispatch",  # 15
    "stream.cmd.copy",
    "stream.cmd.fill",
    "stream.cmd.execute",
    "stream.cmd.concurrent",
    "stream.cmd.serial",  # 20
    "stream.resource.alloca",
    "stream.resource.dealloca",
    "stream.resource.pack",
    "stream.resource.subview",
    "stream.timepoint.join",  # 25
    "stream.async.execute",
    "stream.async.load",
    "stream.async.store",
    "stream.resource.alloc",
    "stream.resource.constants",  # 30
    "stream.resource.load",
    "stream.resource.store",
    "stream.cmd.flush",
    "stream.cmd.invalidate",
    "stream.cmd.discard",  # 35
    "stream.cmd.call",
    "stream.cmd.collective",
)


def _pretty(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    c = kd.code
    if c == 0:
        pp_async_dispatch(p, op, kd, ind)
    elif c == 1:
        pp_async_splat(p, op, kd, ind)
    elif c == 2:
        pp_async_clone(p, op, kd, ind)
    elif c == 3:
        pp_async_call(p, op, kd, ind)
    elif c == 4:
        pp_yield(p, op, kd, ind)
    elif c == 5:
        pp_async_concurrent(p, op, kd, ind)
    elif c == 6:
        pp_async_slice(p, op, kd, ind)
    elif c == 7:
        pp_async_copy(p, op, kd, ind)
    elif c == 8:
        pp_async_fill(p, op, kd, ind)
    elif c == 9:
        pp_async_update(p, op, kd, ind)
    elif c == 10:
        pp_async_transfer(p, op, kd, ind)
    elif c == 11:
        pp_async_constant(p, op, kd, ind)
    elif c == 12:
        pp_async_alloca(p, op, kd, ind)
    elif c == 13:
        pp_async_collective(p, op, kd, ind)
    elif c == 14:
        pp_async_barrier(p, op, kd, ind)
    elif c == 15:
        pp_cmd_dispatch(p, op, kd, ind)
    elif c == 16:
        pp_cmd_copy(p, op, kd, ind)
    elif c == 17:
        pp_cmd_fill(p, op, kd, ind)
    elif c == 18:
        pp_cmd_execute(p, op, kd, ind)
    elif c == 19 or c == 20:
        pp_cmd_region(p, op, kd, ind)
    elif c == 21:
        pp_resource_alloca(p, op, kd, ind)
    elif c == 22:
        pp_resource_dealloca(p, op, kd, ind)
    elif c == 23:
        pp_resource_pack(p, op, kd, ind)
    elif c == 24:
        pp_resource_subview(p, op, kd, ind)
    elif c == 25:
        pp_join(p, op, kd, ind)
    elif c == 26:
        pp_async_execute(p, op, kd, ind)
    elif c == 27:
        pp_load(p, op, kd, ind)
    elif c == 28:
        pp_async_store(p, op, kd, ind)
    elif c == 29:
        pp_resource_alloc(p, op, kd, ind)
    elif c == 30:
        pp_resource_constants(p, op, kd, ind)
    elif c == 31:
        pp_load(p, op, kd, ind)
    elif c == 32:
        pp_resource_store(p, op, kd, ind)
    elif c == 33:
        _cmd_range(p, op, kd, "to")
    elif c == 34:
        _cmd_range(p, op, kd, "from")
    elif c == 35:
        _cmd_range(p, op, kd, None)
    elif c == 36:
        pp_cmd_call(p, op, kd, ind)
    elif c == 37:
        pp_cmd_collective(p, op, kd, ind)
    else:
        raise KeyError(op.name)


_KINDS = {name: _Kind(_PP_NAMES.index(name) if name in _PP_NAMES else -1, d) for name, d in OPS.items()}
