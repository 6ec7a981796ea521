# cython: boundscheck=True, wraparound=True, initializedcheck=True
"""Printer: :class:`fastalloc.ir.model.Module` -> MLIR text that iree-opt 3.13 parses.

Known stream ops print in their pretty form (as iree-opt prints them) or, with
``generic=True``, in the generic form; uninterpreted ops re-emit their
template with current SSA names.

SSA naming: one name scope per top-level op (every function, executable,
global...).  A value keeps its source name (``name_hint``) when that name is
still free in the scope; otherwise, and for values created by passes, it gets
``<hint>_<k>`` or a number that no other value of the scope uses.  Results
of one op that share a hint print as one group ``%x:N`` (uses ``%x#k``).

Like the parser, this module is also compiled by Cython in pure-Python mode
(``_Printer`` an extension type, its per-value methods ``cpdef``); without the
build it runs as Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable

try:
    import cython
except ImportError:  # pragma: no cover - Cython is a build dependency; the compiled module never imports it
    class cython:  # type: ignore[no-redef]
        """The names of Cython's pure-Python shadow module used here."""

        @staticmethod
        def cclass(c):
            return c

        @staticmethod
        def ccall(f):
            return f

        Py_ssize_t = int
        bint = bool

        @staticmethod
        def cfunc(f):
            return f

        @staticmethod
        def locals(**_):
            return lambda f: f

from fastalloc.ir.generic import generic_template
from fastalloc._lazyre import lazy_compile
from fastalloc._gc import gc_paused
from fastalloc.ir.model import Block, Module, Op, Region, Value
from fastalloc.ir.ops import INT_LIST_ELT, INT_LIST_PROPS, OPS

__all__ = ["print_module", "print_op", "write_module"]

_VALID_NAME = lazy_compile(r"[\w$.\-]+$")
_ACCESS_NAMES = {1: "ro", 2: "wo", 3: "rw"}
IND = "  "


class _Namer:
    __slots__ = ("use", "defs", "scope_ops", "simple")

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

    @cython.locals(i=cython.Py_ssize_t, use=list)
    def release(self) -> None:
        """Forget the names of the last scope's values defined inside its
        regions (and every definition text) once it is printed: no value
        defined in a region is visible after it, and a 10^5-value module
        would otherwise hold a name string per value until the end."""
        ops = self.scope_ops
        self.scope_ops = None
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
            for r in op._regions:
                for b in r.blocks:
                    for v in b.args:
                        i = v.id
                        if i >= 0:
                            use[i] = None

    def grow(self, n: int) -> None:
        if n > len(self.use):
            self.use.extend([None] * (n - len(self.use)))

    def name_scope(self, root: Op) -> None:
        ops: list[Op] = []
        _preorder(root, ops)
        self.scope_ops = ops
        # Every hint of the scope, needed only when a name is not free (a
        # generated name must not take a hint a later value will want).
        # Made on first need.  In a list cell, read inline in fresh(): a
        # second inner function called from fresh() would sit in the closure
        # that it itself references, a reference cycle keeping every op of
        # the scope alive until the next full collection.
        hints_cell: list = [None]
        taken: set[str] = set()
        counter = [0, 0]
        use = self.use
        defs = self.defs
        valid = _VALID_NAME.match

        def fresh(hint: str | None, is_arg: bool) -> str:
            if hint and hint.isdigit():
                # MLIR names that start with a digit must be all digits.
                if hint not in taken:
                    taken.add(hint)
                    return hint
                hint = None
            if hint and valid(hint) and not hint[0].isdigit():
                if hint not in taken:
                    taken.add(hint)
                    return hint
                hs = hints_cell[0]
                if hs is None:
                    hs = hints_cell[0] = _scope_hints(ops)
                k = 0
                while True:
                    cand = f"{hint}_{k}"
                    if cand not in taken and cand not in hs:
                        taken.add(cand)
                        return cand
                    k += 1
            hs = hints_cell[0]
            if hs is None:
                hs = hints_cell[0] = _scope_hints(ops)
            slot = 1 if is_arg else 0
            while True:
                n = counter[slot]
                counter[slot] += 1
                cand = f"arg{n}" if is_arg else str(n)
                if cand not in taken and cand not in hs:
                    taken.add(cand)
                    return cand

        simple = self.simple
        for op in ops:
            res = op.results
            n = len(res)
            if n == 1:
                v = res[0]
                h = v.name_hint
                # fast path of fresh(): the source name, still free
                try:
                    nm = simple[h]
                except KeyError:
                    nm = "%" + h if h.isdigit() or (valid(h) and not h[0].isdigit()) else None
                    simple[h] = nm
                if nm is None or h in taken:
                    nm = "%" + fresh(h, False)
                else:
                    taken.add(h)
                use[v.id] = nm
            elif n:
                k = 0
                while k < n:
                    h = res[k].name_hint
                    e = k + 1
                    if h is not None:
                        while e < n and res[e].name_hint == h:
                            e += 1
                    else:
                        while e < n and res[e].name_hint is None:
                            e += 1
                    nm = fresh(h, False)
                    if e - k == 1:
                        use[res[k].id] = "%" + nm
                        defs[res[k].id] = "%" + nm
                    else:
                        defs[res[k].id] = f"%{nm}:{e - k}"
                        for j in range(k, e):
                            use[res[j].id] = f"%{nm}#{j - k}"
                    k = e
            if op._regions:
                for r in op._regions:
                    for b in r.blocks:
                        for v in b.args:
                            use[v.id] = "%" + fresh(v.name_hint, True)


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


@cython.cfunc
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


@cython.cfunc
@cython.locals(k=cython.Py_ssize_t, j=cython.Py_ssize_t, start=cython.Py_ssize_t, n=cython.Py_ssize_t,
               segs=list, operands=list)
def _grp(op: Op, name: str) -> list:
    """``op.group(name)`` for a known op, without its checks (the printer's hot path).
    The sizes are read into C integers one at a time (``n``) and ``operands``
    is typed: the sum and the slice stay in C (a list slice, no int objects
    or slice object per call)."""
    d = op.opdef
    segs = op.segments
    k = d.segment_index[name]
    start = d.static_start[k]
    if start < 0:
        start = 0
        for j in range(k):
            n = segs[j]
            start += n
    n = segs[k]
    operands = op.operands
    return operands[start:start + n]


@cython.cfunc
@cython.locals(k=cython.Py_ssize_t, j=cython.Py_ssize_t, start=cython.Py_ssize_t, n=cython.Py_ssize_t,
               segs=list, operands=list)
def _g1(op: Op, name: str) -> Value:
    d = op.opdef
    k = d.segment_index[name]
    start = d.static_start[k]
    if start < 0:
        segs = op.segments
        start = 0
        for j in range(k):
            n = segs[j]
            start += n
    operands = op.operands
    return operands[start]


@cython.cfunc
@cython.locals(start=cython.Py_ssize_t, n=cython.Py_ssize_t, segs=list, operands=list, out=list)
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


# Pieces buffered before they are joined and handed on (to the writer, or to
# the list of chunks joined at the end): bounds the memory of the pieces, and
# a whole-module string is never built when the output is streamed.
_FLUSH_PIECES = 8192


@cython.cclass
class _Printer:
    generic: object
    namer: object  # _Namer
    use: list  # namer.use: value id -> printed name
    out: list  # pieces not yet flushed
    chunks: list
    write: object
    locs: object  # _Locs with debuginfo, else None

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

    @cython.ccall
    def flush(self) -> None:
        out = self.out
        if out:
            self.write("".join(out))
            out.clear()

    def text(self) -> str:
        self.flush()
        return "".join(self.chunks)

    @cython.ccall
    @cython.locals(i=cython.Py_ssize_t)
    def n(self, v: Value) -> str:
        i = v.id  # a C integer: the use list is indexed without an int object
        try:
            nm = self.use[i] if i >= 0 else None
        except IndexError:
            nm = None
        if nm is None:
            raise ValueError(f"printer: {v!r} is used but not defined in the scope being printed "
                             f"(erased op or a value from another function?)")
        return nm

    @cython.ccall
    def ns(self, vals: list[Value]) -> str:
        return ", ".join([self.n(v) for v in vals])

    @cython.ccall
    def ts(self, t: str, size: Value) -> str:
        return f"{t}{{{self.n(size)}}}"

    # -- structure -------------------------------------------------------
    @cython.ccall
    @cython.locals(i=cython.Py_ssize_t)
    def op(self, op: Op, ind: str) -> None:
        out = self.out
        out.append(ind)
        res = op.results
        if res:
            if len(res) == 1:
                # a single result's definition is its use name (_Namer)
                i = res[0].id
                try:
                    nm = self.use[i] if i >= 0 else None
                except IndexError:
                    nm = None
                out.append(nm if nm is not None else "")
            else:
                defs = self.namer.defs
                out.append(", ".join([defs[r.id] for r in res if r.id in defs]))
            out.append(" = ")
        if op.opdef is not None:
            if self.generic:
                self.generic_op(op, ind)
            else:
                _PRETTY[op.name](self, op, ind)
                if op._attrs and op.name not in _ATTRS_BEFORE_TYPE:
                    out.append(" attributes " + _dict(op._attrs))
        elif op.tmpl is not None:
            tmpl = generic_template(op) if self.generic else None
            self.template(op, ind, tmpl)
        else:
            raise ValueError(f"printer: {op.name} has neither a registry entry nor a template")
        if self.locs is not None:
            out.append(self.locs.op_loc(op))
        out.append("\n")

    @cython.ccall
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
                self.region(op._regions[piece[1]], ind, entry_label=None)
                prev = "}"
                first = False
                continue
            if not first and not (s[0] in ",)]>" or prev[-1:] in ("(", "[", "<") or (prev == "" and s[0] == ":")):
                out.append(" ")
            out.append(s)
            prev = s
            first = False

    @cython.ccall
    def region(self, r: Region, ind: str, entry_label: bool | None, implicit_yield: bool = False) -> None:
        """``{ blocks }``; entry_label True/False forces the entry label, None follows the source."""
        out = self.out
        out.append("{\n")
        inner = ind + IND
        for k, b in enumerate(r.blocks):
            if k > 0 or (entry_label is True and b.args) or (entry_label is None and b.label is not None):
                self.label(b, k, ind)
            for o in b.ops:
                self.op(o, inner)
                if len(out) > _FLUSH_PIECES:
                    self.flush()
            if implicit_yield and (not b.ops or b.ops[-1].name != "stream.yield"):
                out.append(inner + '"stream.yield"() : () -> ()\n')
        out.append(ind + "}")

    @cython.ccall
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
                props[k] = "[" + ", ".join(f"{x} : {elt}" for x in v) + "]"
            elif v is True:
                props[k] = ""
            elif isinstance(v, list):
                props[k] = "[" + ", ".join(v) + "]"
            else:
                props[k] = v
        if op.opdef.attr_sized:
            props["operandSegmentSizes"] = "array<i32: " + ", ".join(str(x) for x in op.segments) + ">"
        if props:
            out.append(" <" + _dict(dict(sorted(props.items()))) + ">")
        if op._regions:
            out.append(" (")
            for k, r in enumerate(op._regions):
                if k:
                    out.append(", ")
                self.region(r, ind, entry_label=True, implicit_yield=op.name.startswith("stream.cmd."))
            out.append(")")
        if op._attrs:
            out.append(" " + _dict(op._attrs))
        ins = ", ".join(v.type for v in op.operands)
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
        for op in m.body.ops:
            self.namer.grow(len(m.values))
            self.namer.name_scope(op)
            self.op(op, IND)
            self.namer.release()
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


@cython.cfunc
def _dict(d: dict[str, str]) -> str:
    items = []
    for k, v in d.items():
        key = k if re.match(r"[A-Za-z_][\w$.]*$", k) else '"' + k + '"'
        items.append(key if v == "" else f"{key} = {v}")
    return "{" + ", ".join(items) + "}"


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
    nmax = max((v.id for o in op.walk() for v in list(o.results) + list(o.operands)
                + [a for r in o._regions for b in r.blocks for a in b.args]), default=-1) + 1
    p.namer.grow(nmax)
    p.namer.name_scope(op)
    for o in op.walk():
        for v in o.operands:
            if v.id >= 0 and p.namer.use[v.id] is None:
                p.namer.use[v.id] = f"%v{v.id}"
    p.op(op, "")
    return p.text()


# ---------------------------------------------------------------------------
# Pretty printers of the known ops
# ---------------------------------------------------------------------------

@cython.cfunc
def _on(p: _Printer, op: Op, key: str = "affinity", kw: str = "on") -> str:
    a = op._props.get(key)
    return f"{kw}({a}) " if a else ""


@cython.cfunc
def _await(p: _Printer, op: Op, arrow: bool, seg: str = "await_timepoint") -> str:
    aw = _grp(op, seg)
    if not aw:
        return ""
    return f"await({p.n(aw[0])}) => " if arrow else f"await({p.n(aw[0])}) "




@cython.cfunc
def _resource_region(p: _Printer, op: Op, ind: str, with_results: bool) -> None:
    out = p.out
    outer = _grp(op, "resource_operands")
    sizes = _grp(op, "resource_operand_sizes")
    args = op._regions[0].blocks[0].args
    caps = ", ".join(f"{p.n(o)} as {p.n(a)}: {p.ts(a.type, s)}" for o, a, s in zip(outer, args, sizes))
    out.append(f"with({caps})")
    if with_results:
        rsizes = _grp(op, "result_sizes")
        tied = op._props.get("tied_operands") or []
        res = op.results[: len(rsizes)]
        if res:
            items = []
            for k, (r, s) in enumerate(zip(res, rsizes)):
                t = tied[k] if k < len(tied) else -1
                if t >= 0:
                    items.append(f"{p.n(outer[t])}{{{p.n(s)}}}")
                else:
                    items.append(p.ts(r.type, s))
            out.append(" -> (" + ", ".join(items) + ")")
    out.append(" ")
    p.region(op._regions[0], ind, entry_label=False)


def pp_async_execute(p: _Printer, op: Op, ind: str) -> None:
    p.out.append("stream.async.execute " + _on(p, op) + _await(p, op, True))
    _resource_region(p, op, ind, True)
    p.out.append(f" => {op.results[-1].type}")


def pp_async_concurrent(p: _Printer, op: Op, ind: str) -> None:
    p.out.append("stream.async.concurrent " + _on(p, op))
    _resource_region(p, op, ind, True)


def pp_cmd_execute(p: _Printer, op: Op, ind: str) -> None:
    once = "once " if op._props.get("once") else ""
    p.out.append("stream.cmd.execute " + once + _on(p, op) + _await(p, op, True))
    _resource_region(p, op, ind, False)
    p.out.append(f" => {op.results[-1].type}")


def pp_cmd_region(p: _Printer, op: Op, ind: str) -> None:
    p.out.append(op.name + " ")
    p.region(op._regions[0], ind, entry_label=False)


def pp_async_constant(p: _Printer, op: Op, ind: str) -> None:
    r = op.results[0]
    p.out.append(f"stream.async.constant {_on(p, op)}{_await(p, op, False)}: "
                 f"{p.ts(r.type, _g1(op, 'result_size'))} = {op._props['value']}")


def pp_async_splat(p: _Printer, op: Op, ind: str) -> None:
    v = _g1(op, "value")
    r = op.results[0]
    p.out.append(f"stream.async.splat {_on(p, op)}{_await(p, op, False)}{p.n(v)} : {v.type} -> "
                 f"{p.ts(r.type, _g1(op, 'result_size'))}")


def pp_async_clone(p: _Printer, op: Op, ind: str) -> None:
    s = _g1(op, "source")
    p.out.append(f"stream.async.clone {_on(p, op)}{p.n(s)} : {p.ts(s.type, _g1(op, 'source_size'))} -> "
                 f"{p.ts(op.results[0].type, _g1(op, 'result_size'))}")


def pp_async_slice(p: _Printer, op: Op, ind: str) -> None:
    s = _g1(op, "source")
    p.out.append(f"stream.async.slice {_on(p, op)}{p.n(s)}[{p.n(_g1(op, 'source_offset'))} to "
                 f"{p.n(_g1(op, 'source_end'))}] : {p.ts(s.type, _g1(op, 'source_size'))} -> "
                 f"{p.ts(op.results[0].type, _g1(op, 'result_size'))}")


@cython.cfunc
def _tied(p: _Printer, op: Op, target: Value, size: Value) -> str:
    return f"{p.n(target)} as {p.ts(op.results[0].type, size)}"


def pp_async_fill(p: _Printer, op: Op, ind: str) -> None:
    v = _g1(op, "value")
    t = _g1(op, "target")
    p.out.append(f"stream.async.fill {_on(p, op)}{p.n(v)}, {p.n(t)}[{p.n(_g1(op, 'target_offset'))} to "
                 f"{p.n(_g1(op, 'target_end'))} for {p.n(_g1(op, 'target_length'))}] : {v.type} -> "
                 f"{_tied(p, op, t, _g1(op, 'target_size'))}")


def pp_async_update(p: _Printer, op: Op, ind: str) -> None:
    u = _g1(op, "update")
    t = _g1(op, "target")
    p.out.append(f"stream.async.update {_on(p, op)}{p.n(u)}, {p.n(t)}[{p.n(_g1(op, 'target_offset'))} to "
                 f"{p.n(_g1(op, 'target_end'))}] : {p.ts(u.type, _g1(op, 'update_size'))} -> "
                 f"{_tied(p, op, t, _g1(op, 'target_size'))}")


def pp_async_copy(p: _Printer, op: Op, ind: str) -> None:
    s = _g1(op, "source")
    t = _g1(op, "target")
    p.out.append(f"stream.async.copy {_on(p, op)}{p.n(s)}[{p.n(_g1(op, 'source_offset'))} to "
                 f"{p.n(_g1(op, 'source_end'))}], {p.n(t)}[{p.n(_g1(op, 'target_offset'))} to "
                 f"{p.n(_g1(op, 'target_end'))}], {p.n(_g1(op, 'length'))} : "
                 f"{p.ts(s.type, _g1(op, 'source_size'))} -> {_tied(p, op, t, _g1(op, 'target_size'))}")


@cython.cfunc
def _entry_points(op: Op) -> str:
    eps = op._props["entry_points"].strip()
    inner = eps[1:-1] if eps.startswith("[") else eps
    parts = [x.strip() for x in inner.split(",")]
    return parts[0] if len(parts) == 1 else "{" + ", ".join(parts) + "}"


@cython.cfunc
def _dispatch_operands(p: _Printer, ops: list[Value], offs, ends, lens, is_res) -> str:
    items = []
    k = 0
    for v, res in zip(ops, is_res):
        if res:
            rng = f"{p.n(offs[k])} to {p.n(ends[k])} for {p.n(lens[k])}" if ends is not None else \
                f"{p.n(offs[k])} for {p.n(lens[k])}"
            items.append(f"{p.n(v)}[{rng}]")
            k += 1
        else:
            items.append(p.n(v))
    return "(" + ", ".join(items) + ")"


@cython.cfunc
@cython.locals(t=str)
def _is_resource(v: Value) -> cython.bint:
    t = v.type
    return t.startswith("!stream.resource<")


@cython.cfunc
def _shaped_fn_type(p: _Printer, op: Op, operands: list[Value], sizes: list[Value], rsizes: list[Value]) -> str:
    items = []
    k = 0
    for v in operands:
        if _is_resource(v):
            items.append(p.ts(v.type, sizes[k]))
            k += 1
        else:
            items.append(v.type)
    tied = op._props.get("tied_operands") or []
    res = []
    k = 0
    for j, r in enumerate(op.results):
        t = tied[j] if j < len(tied) else -1
        sz = ""
        if _is_resource(r):
            sz = "{" + p.n(rsizes[k]) + "}"
            k += 1
        if t >= 0:
            res.append(p.n(operands[t]) + sz)
        else:
            res.append(r.type + sz)
    return "(" + ", ".join(items) + ") -> (" + ", ".join(res) + ")"


# Ops whose custom form has the attribute dictionary right before the
# trailing `: type` (no `attributes` keyword), as iree-opt prints them.
_ATTRS_BEFORE_TYPE = frozenset({"stream.async.dispatch", "stream.async.call", "stream.cmd.call"})


@cython.cfunc
def _attrs_before_type(op: Op) -> str:
    return " " + _dict(op._attrs) if op._attrs else ""


# Segment order unpacked by pp_async_dispatch / pp_async_call (_groups).
assert OPS["stream.async.dispatch"].segment_names == (
    "workload", "resource_operands", "resource_operand_sizes", "resource_operand_offsets",
    "resource_operand_ends", "resource_operand_lengths", "result_sizes")
assert OPS["stream.async.call"].segment_names == OPS["stream.async.dispatch"].segment_names[1:]


def pp_async_dispatch(p: _Printer, op: Op, ind: str) -> None:
    work, ops, sizes, offs, ends, lens, rsizes = _groups(op)
    w = "[" + p.ns(work) + "]" if work else ""
    is_res = [_is_resource(v) for v in ops]
    p.out.append(f"stream.async.dispatch {_on(p, op)}{_entry_points(op)}{w}"
                 + _dispatch_operands(p, ops, offs, ends, lens, is_res)
                 + _attrs_before_type(op)
                 + " : " + _shaped_fn_type(p, op, ops, sizes, rsizes))


def pp_async_call(p: _Printer, op: Op, ind: str) -> None:
    ops, sizes, offs, ends, lens, rsizes = _groups(op)
    is_res = [_is_resource(v) for v in ops]
    if sum(is_res) != len(offs):  # ranges are only on some resources: trust the count
        is_res = [_is_resource(v) for v in ops]
    p.out.append(f"stream.async.call {_on(p, op)}{op._props['callee']}"
                 + _dispatch_operands(p, ops, offs, ends, lens, is_res)
                 + _attrs_before_type(op)
                 + " : " + _shaped_fn_type(p, op, ops, sizes, rsizes))


@cython.cfunc
def _collective_attr(op: Op) -> str:
    a = op._props["op"]
    return a[len("#stream.collective"):] if a.startswith("#stream.collective<") else a


def pp_async_collective(p: _Printer, op: Op, ind: str) -> None:
    s = _g1(op, "source")
    t = _g1(op, "target")
    param = _grp(op, "param")
    pp = f"{op._props.get('_param_kw', 'source')}({p.n(param[0])}) " if param else ""
    p.out.append(
        f"stream.async.collective{_collective_attr(op)}[{p.n(_g1(op, 'element_count'))}] {_on(p, op)}"
        f"channel({p.n(_g1(op, 'channel'))}) {pp}"
        f"{p.n(s)}[{p.n(_g1(op, 'source_offset'))} to {p.n(_g1(op, 'source_end'))} for "
        f"{p.n(_g1(op, 'source_length'))}], {p.n(t)}[{p.n(_g1(op, 'target_offset'))} to "
        f"{p.n(_g1(op, 'target_end'))} for {p.n(_g1(op, 'target_length'))}] : "
        f"{p.ts(s.type, _g1(op, 'source_size'))} -> {_tied(p, op, t, _g1(op, 'target_size'))}")


def pp_async_barrier(p: _Printer, op: Op, ind: str) -> None:
    s = _g1(op, "source")
    p.out.append(f"stream.async.barrier {_on(p, op)}{p.n(s)} : {p.ts(s.type, _g1(op, 'size'))}")


def pp_async_transfer(p: _Printer, op: Op, ind: str) -> None:
    s = _g1(op, "source")
    frm = f" from({op._props['source_affinity']})" if op._props.get("source_affinity") else ""
    to = f"to({op._props['target_affinity']}) " if op._props.get("target_affinity") else ""
    p.out.append(f"stream.async.transfer {_on(p, op, 'execution_affinity')}{p.n(s)} : "
                 f"{p.ts(s.type, _g1(op, 'source_size'))}{frm} -> {to}"
                 f"{p.ts(op.results[0].type, _g1(op, 'result_size'))}")


def pp_async_alloca(p: _Printer, op: Op, ind: str) -> None:
    p.out.append(f"stream.async.alloca {_on(p, op)}: {p.ts(op.results[0].type, _g1(op, 'storage_size'))}")


def pp_load(p: _Printer, op: Op, ind: str) -> None:
    s = _g1(op, "source")
    p.out.append(f"{op.name} {p.n(s)}[{p.n(_g1(op, 'source_offset'))}] : "
                 f"{p.ts(s.type, _g1(op, 'source_size'))} -> {op.results[0].type}")


def pp_async_store(p: _Printer, op: Op, ind: str) -> None:
    v = _g1(op, "value")
    t = _g1(op, "target")
    p.out.append(f"stream.async.store {p.n(v)}, {p.n(t)}[{p.n(_g1(op, 'target_offset'))}] : {v.type} -> "
                 f"{_tied(p, op, t, _g1(op, 'target_size'))}")


def pp_resource_store(p: _Printer, op: Op, ind: str) -> None:
    v = _g1(op, "value")
    t = _g1(op, "target")
    p.out.append(f"stream.resource.store {p.n(v)}, {p.n(t)}[{p.n(_g1(op, 'target_offset'))}] : {v.type} -> "
                 f"{p.ts(t.type, _g1(op, 'target_size'))}")


def pp_yield(p: _Printer, op: Op, ind: str) -> None:
    vals = _grp(op, "resource_operands")
    if not vals:
        p.out.append("stream.yield")
        return
    sizes = _grp(op, "resource_operand_sizes")
    p.out.append(f"stream.yield {p.ns(vals)} : " + ", ".join(p.ts(v.type, s) for v, s in zip(vals, sizes)))


def pp_join(p: _Printer, op: Op, ind: str) -> None:
    p.out.append(f"stream.timepoint.join max({p.ns(op.operands)}) => {op.results[0].type}")


def pp_resource_alloc(p: _Printer, op: Op, ind: str) -> None:
    un = "uninitialized " if op._props.get("uninitialized") else ""
    p.out.append(f"stream.resource.alloc {un}{_on(p, op)}: {p.ts(op.results[0].type, _g1(op, 'storage_size'))}")


def pp_resource_alloca(p: _Printer, op: Op, ind: str) -> None:
    ind_ = "indeterminate " if op._props.get("indeterminate_lifetime") else ""
    aw = _await(p, op, True)
    p.out.append(f"stream.resource.alloca uninitialized {ind_}{_on(p, op)}{aw if aw else ': '}"
                 f"{p.ts(op.results[0].type, _g1(op, 'storage_size'))} => {op.results[1].type}")


def pp_resource_dealloca(p: _Printer, op: Op, ind: str) -> None:
    org = "origin " if op._props.get("prefer_origin") else ""
    r = _g1(op, "operand")
    p.out.append(f"stream.resource.dealloca {org}{_on(p, op)}{_await(p, op, True)}{p.n(r)} : "
                 f"{p.ts(r.type, _g1(op, 'operand_size'))} => {op.results[0].type}")


def pp_resource_pack(p: _Printer, op: Op, ind: str) -> None:
    off = _grp(op, "offset")
    o = f"offset({p.n(off[0])}) " if off else ""
    iv = op._props["lifetime_intervals"]
    sizes = _grp(op, "dynamic_slice_sizes")
    lines = [f"{ind}{IND}[{iv[2 * k]}, {iv[2 * k + 1]}] = {p.n(s)}" for k, s in enumerate(sizes)]
    body = ("\n" + ",\n".join(lines) + "\n" + ind) if lines else ""
    p.out.append(f"stream.resource.pack {_on(p, op)}{o}slices({{{body}}}) : {op.results[0].type}")


def pp_resource_constants(p: _Printer, op: Op, ind: str) -> None:
    sizes = _grp(op, "result_sizes")
    vals = op._props["values"]
    lines = [f"{ind}{IND}{IND}{p.ts(r.type, s)} = {v}" for r, s, v in zip(op.results, sizes, vals)]
    p.out.append(f"stream.resource.constants {_on(p, op)}:\n" + ",\n".join(lines)
                 + f"\n{ind}{IND}{IND}=> {op.results[-1].type}")


def pp_resource_subview(p: _Printer, op: Op, ind: str) -> None:
    s = _g1(op, "source")
    p.out.append(f"stream.resource.subview {p.n(s)}[{p.n(_g1(op, 'source_offset'))}] : "
                 f"{p.ts(s.type, _g1(op, 'source_size'))} -> {p.ts(op.results[0].type, _g1(op, 'result_size'))}")


def pp_cmd_fill(p: _Printer, op: Op, ind: str) -> None:
    v = _g1(op, "value")
    t = _g1(op, "target")
    p.out.append(f"stream.cmd.fill {p.n(v)}, {p.n(t)}[{p.n(_g1(op, 'target_offset'))} for "
                 f"{p.n(_g1(op, 'target_length'))}] : {v.type} -> {p.ts(t.type, _g1(op, 'target_size'))}")


def pp_cmd_copy(p: _Printer, op: Op, ind: str) -> None:
    s = _g1(op, "source")
    t = _g1(op, "target")
    p.out.append(f"stream.cmd.copy {p.n(s)}[{p.n(_g1(op, 'source_offset'))}], {p.n(t)}["
                 f"{p.n(_g1(op, 'target_offset'))}], {p.n(_g1(op, 'length'))} : "
                 f"{p.ts(s.type, _g1(op, 'source_size'))} -> {p.ts(t.type, _g1(op, 'target_size'))}")


@cython.cfunc
def _cmd_range(p: _Printer, op: Op, kw: str | None) -> None:
    t = _g1(op, "target")
    pre = _on(p, op, "source_affinity", kw) if kw else ""
    p.out.append(f"{op.name} {pre}{p.n(t)}[{p.n(_g1(op, 'target_offset'))} for "
                 f"{p.n(_g1(op, 'target_length'))}] : {p.ts(t.type, _g1(op, 'target_size'))}")


def pp_cmd_flush(p: _Printer, op: Op, ind: str) -> None:
    _cmd_range(p, op, "to")


def pp_cmd_invalidate(p: _Printer, op: Op, ind: str) -> None:
    _cmd_range(p, op, "from")


def pp_cmd_discard(p: _Printer, op: Op, ind: str) -> None:
    _cmd_range(p, op, None)


@cython.cfunc
def _dispatch_resources(p: _Printer, op: Op, ind: str) -> str:
    res = _grp(op, "resources")
    sizes = _grp(op, "resource_sizes")
    offs = _grp(op, "resource_offsets")
    lens = _grp(op, "resource_lengths")
    acc = op._props["resource_accesses"]
    lines = [f"{ind}{IND}{_ACCESS_NAMES.get(a, 'rw')} {p.n(r)}[{p.n(o)} for {p.n(ln)}] : {p.ts(r.type, s)}"
             for r, s, o, ln, a in zip(res, sizes, offs, lens, acc)]
    return "{\n" + ",\n".join(lines) + "\n" + ind + "}"


def pp_cmd_dispatch(p: _Printer, op: Op, ind: str) -> None:
    work = _grp(op, "workload")
    uni = _grp(op, "uniform_operands")
    w = "[" + p.ns(work) + "]" if work else ""
    u = f"({p.ns(uni)} : {', '.join(v.type for v in uni)}) " if uni else " "
    p.out.append(f"stream.cmd.dispatch {_entry_points(op)}{w}{u}{_dispatch_resources(p, op, ind)}")


def pp_cmd_call(p: _Printer, op: Op, ind: str) -> None:
    ops = _grp(op, "resource_operands")
    offs = _grp(op, "resource_operand_offsets")
    lens = _grp(op, "resource_operand_lengths")
    acc = op._props.get("resource_operand_accesses") or []
    items = []
    k = 0
    for v in ops:
        if _is_resource(v):
            a = _ACCESS_NAMES.get(acc[k] if k < len(acc) else 3, "rw")
            items.append(f"{a} {p.n(v)}[{p.n(offs[k])} for {p.n(lens[k])}]")
            k += 1
        else:
            items.append(p.n(v))
    p.out.append(f"stream.cmd.call {op._props['callee']}(" + ", ".join(items) + ")" + _attrs_before_type(op) + " : "
                 + _shaped_fn_type(p, op, ops, _grp(op, "resource_operand_sizes"), _grp(op, "result_sizes")))


def pp_cmd_collective(p: _Printer, op: Op, ind: str) -> None:
    param = _grp(op, "param")
    pp = f"param({p.n(param[0])} : {param[0].type}) " if param else ""
    p.out.append(f"stream.cmd.collective{_collective_attr(op)}[{p.n(_g1(op, 'element_count'))}] "
                 f"channel({p.n(_g1(op, 'channel'))}) {pp}{_dispatch_resources(p, op, ind)}")


_PRETTY = {
    "stream.async.execute": pp_async_execute,
    "stream.async.concurrent": pp_async_concurrent,
    "stream.async.constant": pp_async_constant,
    "stream.async.splat": pp_async_splat,
    "stream.async.clone": pp_async_clone,
    "stream.async.slice": pp_async_slice,
    "stream.async.fill": pp_async_fill,
    "stream.async.update": pp_async_update,
    "stream.async.copy": pp_async_copy,
    "stream.async.dispatch": pp_async_dispatch,
    "stream.async.call": pp_async_call,
    "stream.async.collective": pp_async_collective,
    "stream.async.barrier": pp_async_barrier,
    "stream.async.transfer": pp_async_transfer,
    "stream.async.alloca": pp_async_alloca,
    "stream.async.load": pp_load,
    "stream.async.store": pp_async_store,
    "stream.yield": pp_yield,
    "stream.timepoint.join": pp_join,
    "stream.resource.alloc": pp_resource_alloc,
    "stream.resource.alloca": pp_resource_alloca,
    "stream.resource.dealloca": pp_resource_dealloca,
    "stream.resource.pack": pp_resource_pack,
    "stream.resource.constants": pp_resource_constants,
    "stream.resource.subview": pp_resource_subview,
    "stream.resource.load": pp_load,
    "stream.resource.store": pp_resource_store,
    "stream.cmd.execute": pp_cmd_execute,
    "stream.cmd.concurrent": pp_cmd_region,
    "stream.cmd.serial": pp_cmd_region,
    "stream.cmd.fill": pp_cmd_fill,
    "stream.cmd.copy": pp_cmd_copy,
    "stream.cmd.flush": pp_cmd_flush,
    "stream.cmd.invalidate": pp_cmd_invalidate,
    "stream.cmd.discard": pp_cmd_discard,
    "stream.cmd.dispatch": pp_cmd_dispatch,
    "stream.cmd.call": pp_cmd_call,
    "stream.cmd.collective": pp_cmd_collective,
}
