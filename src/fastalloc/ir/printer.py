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

try:
    import cython

    _COMPILED = cython.compiled
except ImportError:  # pragma: no cover - Cython is a build dependency; the compiled module never imports it
    _COMPILED = False  # (and _Out's compiled branches, the only readers of `cython`, are never taken)

from fastalloc.ir.generic import generic_template
from fastalloc._lazyre import lazy_compile
from fastalloc._gc import gc_paused
from fastalloc.ir.model import EMPTY_MAP, NO_REGIONS, Block, FusedLoc, Module, Op, Region, Value
from fastalloc.ir.ops import (
    F_ATTR, F_ATTR_DICT, F_CUSTOM, F_ELSE, F_LIT, F_OPERAND, F_OPERANDS, F_OPT, F_REGION, F_RESULT, F_SIZED,
    F_SIZED_RESULT, F_TIED, F_TIMEPOINT, F_TYPE, INT_LIST_ELT, INT_LIST_PROPS, OPS,
)
from fastalloc.ir.verifier import _is_resource_type

__all__ = ["print_module", "print_op", "write_module"]

_VALID_NAME = lazy_compile(r"[\w$.\-]+$")
_DICT_KEY = lazy_compile(r"[A-Za-z_][\w$.]*$")
IND = "  "
# (compiled: a C constant, compared without a module lookup)
_NO_REGIONS = NO_REGIONS
_EMPTY_MAP = EMPTY_MAP


class _Namer:
    """The SSA names of one scope at a time (see the module docstring)."""

    def __init__(self, nvalues: int) -> None:
        # value id -> the name its uses print (and the definition of a
        # single result); defs: value id -> definition text of the first
        # result of each group of a multi-result op (``%x:2``, or ``%x``),
        # else None (a list as ``use``: a dict boxed the id per lookup)
        self.use: list[str | None] = [None] * nvalues
        self.defs: list[str | None] = [None] * nvalues
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
        if not ops:
            return
        use = self.use
        defs = self.defs
        first = True
        for op in ops:
            res = op.results
            if not first:
                for v in res:
                    i = v.id
                    if i >= 0:
                        use[i] = None
            first = False
            if len(res) > 1:
                for v in res:
                    i = v.id
                    if i >= 0:
                        defs[i] = None
            regions = op._regions
            if regions is not _NO_REGIONS and regions:
                for r in regions:
                    for b in r.blocks:
                        for v in b.args:
                            i = v.id
                            if i >= 0:
                                use[i] = None

    def simple_name(self, h: str | None) -> str | None:
        """``"%" + h`` if the hint ``h`` is a valid name as it is, else None
        (kept in ``self.simple``: the same hints recur in every scope)."""
        nm = self.simple.get(h, False)
        if nm is False:
            nm = ("%" + h if _plain_name(h) or h.isdigit() or (_VALID_NAME.match(h) and not h[0].isdigit())
                  else None)
            self.simple[h] = nm
        return nm

    def grow(self, n: int) -> None:
        if n > len(self.use):
            self.defs.extend([None] * (n - len(self.use)))
            self.use.extend([None] * (n - len(self.use)))

    def fresh(self, hint: str | None, is_arg: bool) -> str:
        """A name of the scope not given yet: the hint if free, else ``<hint>_<k>``
        or the next free number (``arg<n>`` for arguments)."""
        taken = self.taken
        if hint and (_ascii_digits(hint) or hint.isdigit()):
            # MLIR names that start with a digit must be all digits.
            if hint not in taken:
                taken.add(hint)
                return hint
            hint = None
        if hint and self.simple_name(hint) is not None:
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
                cand = _numbered("arg", n)
            else:
                n = self.counter
                self.counter += 1
                cand = _numbered("", n)
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
                if _ascii_digits(h):
                    # a numbered name (most are, each once: not kept in simple)
                    nm = "%" + h
                else:
                    nm = simple.get(h, False)
                    if nm is False:
                        nm = self.simple_name(h)
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
                    # (w typed: the hint read as a field, not looked up by name)
                    if h is not None:
                        while e < n:
                            w = res[e]
                            if w.name_hint is not h and w.name_hint != h:
                                break
                            e += 1
                    else:
                        while e < n:
                            w = res[e]
                            if w.name_hint is not None:
                                break
                            e += 1
                    nm = self.fresh(h, False)
                    if e - k == 1:
                        use[v.id] = "%" + nm
                        defs[v.id] = "%" + nm
                    else:
                        defs[v.id] = f"%{nm}:{e - k}"
                        pre = "%" + nm + "#"
                        for j in range(k, e):
                            w = res[j]
                            use[w.id] = _numbered(pre, j - k)
                    k = e
            regions = op._regions
            if regions is not _NO_REGIONS and regions:
                for r in regions:
                    for b in r.blocks:
                        for v in b.args:
                            use[v.id] = "%" + self.fresh(v.name_hint, True)


def _ascii_digits(h) -> bool:
    """Is ``h`` a non-empty str of ASCII digits (``h.isdigit()`` for a
    numbered name, without the method call; False says nothing more)?"""
    if type(h) is not str:
        return False
    s = h
    n = len(s)
    if n == 0:
        return False
    for i in range(n):
        c = s[i]
        if c < "0" or c > "9":
            return False
    return True


def _plain_name(h: str) -> bool:
    """Is ``h`` a valid name as it is, by its ASCII characters alone: a
    letter, ``_``, ``$``, ``.`` or ``-`` first, then those or digits?  (The
    usual hint; False says nothing more: the regular expression decides.)"""
    n = len(h)
    if n == 0:
        return False
    for i in range(n):
        c = h[i]
        if not ("a" <= c <= "z" or "A" <= c <= "Z" or c == "_" or c == "$" or c == "." or c == "-"
                or (i and "0" <= c <= "9")):
            return False
    return True


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
                # (most ops have none: the shared empty tuple, told by identity)
                if o._regions is not _NO_REGIONS and o._regions:
                    _preorder(o, out)
                else:
                    out.append(o)


# The operand segments the custom directives read, by number (the G_*
# constants): each known op's _Kind maps them to its segments once, so the
# printer finds a directive's operands by a byte, not by a dict lookup of
# the name per op.
_GROUPS = ("resource_operands", "resource_operand_sizes", "resource_operand_offsets", "resource_operand_ends",
           "resource_operand_lengths", "result_sizes", "resources", "resource_sizes", "resource_offsets",
           "resource_lengths", "dynamic_slice_sizes", "param")
G_RESOURCE_OPERANDS = 0
G_RESOURCE_OPERAND_SIZES = 1
G_RESOURCE_OPERAND_OFFSETS = 2
G_RESOURCE_OPERAND_ENDS = 3
G_RESOURCE_OPERAND_LENGTHS = 4
G_RESULT_SIZES = 5
G_RESOURCES = 6
G_RESOURCE_SIZES = 7
G_RESOURCE_OFFSETS = 8
G_RESOURCE_LENGTHS = 9
G_DYNAMIC_SLICE_SIZES = 10
G_PARAM = 11
_NO_GROUP = 255


class _Kind:
    """What the printer reads of a known op's registry entry, once per op
    definition: its format (``OpDef.program``), and per segment whether it
    holds exactly one operand and where it starts, and the segment of each
    directive group (``_GROUPS``), as bytes read as C arrays."""

    def __init__(self, d) -> None:
        self.code, self.objs, self.lits = _print_program(d)
        # single[k]: segment k is a '1' segment
        self.single = bytes(1 if k == "1" else 0 for k in d.segment_kinds)
        # starts[k]: 1 + where segment k starts when no variadic segment
        # comes before it, else 0 (the start depends on the op's segments)
        self.starts = bytes(s + 1 for s in d.static_start)
        # groups[g]: the segment of directive group g, or _NO_GROUP
        self.groups = bytes(d.segment_index.get(g, _NO_GROUP) for g in _GROUPS)
        if len(d.segment_kinds) >= _NO_GROUP:  # pragma: no cover - an op beyond any registered
            raise ValueError(f"{d.name}: {len(d.segment_kinds)} segments do not fit a byte")
        self.before_type = d.attrs_in_syntax


def _print_program(d) -> tuple:
    """``d.program`` flattened as the printer reads it: ``(code, objs,
    lits)``, four bytes ``(opcode, x, y, z)`` per instruction (the numbers
    the printer uses: segment numbers, a result index, flags, jump targets;
    0 where it uses none), read as a C array, the instruction's text or
    property name, or None, and the ASCII literal texts one after the other.
    The printer walked the tuples of ``d.program`` before: a memory load per
    tuple and per number.  A result index from the end (``-1``: the last
    result) is ``x = 1, y = 1``; an optional group anchored on a property has
    ``y = 1``.  A literal of ``z`` ASCII characters (1 to 127) is at
    ``lits[128 * x + y:]`` (compiled, copied from there: no str to check);
    ``z = 0`` for the others."""
    code = bytearray()
    objs: list = []
    lits = bytearray()
    for c, x, y, z, s, _t in d.program:
        obj = None
        if c == F_LIT or c == F_ATTR:
            obj = s
            x = y = z = 0
            if c == F_LIT and s.isascii() and 0 < len(s) < 128 and len(lits) < 128 * 128:
                x, y, z = len(lits) >> 7, len(lits) & 127, len(s)
                lits += s.encode("ascii")
        elif c in (F_RESULT, F_TIMEPOINT):
            x, y, z = (-x, 1, 0) if x < 0 else (x, 0, 0)
        elif c == F_OPT:
            obj = s
            x, y = (0, 1) if x < 0 else (x, 0)
        elif c == F_ELSE:
            x = y = 0
        elif c in (F_OPERAND, F_OPERANDS, F_TYPE, F_ATTR_DICT, F_CUSTOM):
            y = z = 0
        elif c in (F_SIZED, F_SIZED_RESULT):
            z = 0
        elif c == F_REGION:
            x = y = z = 0
        for f in (c, x, y, z):
            if not 0 <= f < 128:  # pragma: no cover - a format beyond any op's
                raise ValueError(f"{d.name}: format instruction {(c, x, y, z)} does not fit a byte")
        code += bytes((c, x, y, z))
        objs.append(obj)
    return bytes(code), tuple(objs), bytes(lits)


def _prop(op: Op, key: str):
    """``op._props.get(key)``: a dict's ``get`` in C (most ops have one, or
    a read-only SharedProps, a dict too)."""
    d = op._props
    if isinstance(d, dict):
        # (compiled: the C lookup; a dict, or a SharedProps)
        return dict.get(d, key)
    return d.get(key)


def _s(x) -> str:
    """A property's text as an f-string would format it (it is a str but for
    values a pass may have set otherwise)."""
    return x if type(x) is str else format(x, "")


class _Out:
    """The text printed since the last :meth:`take`.

    Compiled, pieces that are exact ASCII str (what the printer appends:
    names, types, literal text, a few characters each) are copied straight
    into one growing byte buffer, whose room is kept from one take to the
    next, and a take makes one string of it; any other str (non-ASCII, a
    subclass) ends the buffered run: the run and the piece are kept as
    strings and the take joins them with ``str.join``.  (A list of pieces
    joined per flush cost a list append, a reference and two passes per
    piece, and regrew the list after every flush.)  The text is ``"".join``
    of the pieces, which is what it does as Python::

        out = _Out(); out.append("%x"); out.append(" = "); out.take()  # "%x = "
    """

    def __init__(self) -> None:
        # Python: the pieces; compiled: the runs and pieces before the
        # buffered ASCII run (empty unless a non-ASCII piece was met)
        self.parts: list[str] = []
        # characters appended since the last take (the printer flushes by it)
        self.size = 0

    def __dealloc__(self) -> None:
        # (compiled only: the buffer; Python never calls __dealloc__)
        free(self.buf)

    def append(self, s) -> int:
        if _COMPILED and _is_ascii_str(cython.cast(cython.p_void, s)):
            # the usual piece: short, and room for it (no call here, so
            # that the C compiler keeps this path free of register saves)
            q = cython.cast(cython.p_void, s)
            m = _str_len(q)
            n = self.used + m
            if m <= 32 and n <= self.cap:
                _copy_short(self.buf + self.used, cython.cast(cython.p_char, _str_data(q)), m)
                self.used = n
                self.size += m
                return 0
        return self.append_rest(s)

    def append_ascii(self, p, m: Py_ssize_t) -> int:
        """Append the ``m`` ASCII characters at ``p`` (a format's literal
        text, see :func:`_print_program`; compiled only)."""
        n = self.used + m
        if n > self.cap:
            self.grow(n)
        if m <= 32:
            _copy_short(self.buf + self.used, p, m)
        else:
            memcpy(self.buf + self.used, p, m)
        self.used = n
        self.size += m
        return 0

    def append_rest(self, s) -> int:
        """:meth:`append` of a piece that is not a short ASCII str that fits the buffer."""
        if not _COMPILED or not _is_ascii_str(cython.cast(cython.p_void, s)):
            if not isinstance(s, str):
                raise TypeError(f"printer: a piece of text is {type(s).__name__}, not str")
            if _COMPILED:
                self.spill()
            self.parts.append(s)
            self.size += len(s)
            return 0
        q = cython.cast(cython.p_void, s)
        m = _str_len(q)
        n = self.used + m
        if n > self.cap:
            self.grow(n)
        memcpy(self.buf + self.used, _str_data(q), m)
        self.used = n
        self.size += m
        return 0

    def extend(self, pieces) -> None:
        for x in pieces:
            self.append(x)

    def append_int(self, x) -> int:
        """Append ``format(x, "")`` (an interval bound: an int but for
        values a pass may have set otherwise).  Compiled, an int of ``long
        long`` range is written into the buffer in decimal, without a str
        made (or kept per value) for it: most digits of a pack's slices are
        distinct, so each was a new str and a dict entry."""
        if not _COMPILED or type(x) is not int:
            return self.append(format(x, ""))
        overflow = 0
        v = _as_longlong(x, cython.address(overflow))
        if overflow:
            return self.append(format(x, ""))
        # |v| as unsigned (LLONG_MIN too)
        u = cython.cast(cython.ulonglong, v)
        if v < 0:
            u = cython.cast(cython.ulonglong, 0) - u
        m = _ndigits(u)
        if v < 0:
            m += 1
        n = self.used + m
        if n > self.cap:
            self.grow(n)
        _put_digits(self.buf + n, u)
        if v < 0:
            self.buf[self.used] = 45  # "-"
        self.used = n
        self.size += m
        return 0

    def grow(self, n: int) -> None:
        """Room for ``n`` bytes in the buffer (compiled only)."""
        cap = max(n, 2 * self.cap, 4096)
        p = cython.cast(cython.p_char, realloc(self.buf, cap))
        if p == cython.NULL:
            raise MemoryError()
        self.buf = p
        self.cap = cap

    def shrink(self) -> None:
        """Give back a buffer grown well past the flush size (by one op's big
        text, e.g. the slices of a pack op): kept, it would stay in the
        process' memory to the end (compiled only)."""
        if self.cap > 4 * _FLUSH_CHARS:
            free(self.buf)
            self.buf = cython.NULL
            self.cap = 0

    def spill(self) -> None:
        """The buffered ASCII run as a string at the end of ``parts`` (compiled only)."""
        if self.used:
            t = PyUnicode_New(self.used, 127)
            memcpy(PyUnicode_DATA(t), self.buf, self.used)
            self.parts.append(t)
            self.used = 0

    def take(self) -> str:
        """The text appended since the last take; empties it (the buffer's room is kept, up to a bound)."""
        parts = self.parts
        self.size = 0
        if _COMPILED:
            if not parts:
                if not self.used:
                    return ""
                t = PyUnicode_New(self.used, 127)
                memcpy(PyUnicode_DATA(t), self.buf, self.used)
                self.used = 0
                self.shrink()
                return t
            self.spill()
            self.shrink()
        t = "".join(parts)
        parts.clear()
        return t

    def take_bytes(self) -> bytes:
        """:meth:`take` as UTF-8 bytes; compiled, a buffered ASCII run is
        copied once, into the bytes (no str made and encoded)."""
        if _COMPILED and not self.parts:
            self.size = 0
            t = PyBytes_FromStringAndSize(self.buf, self.used)
            self.used = 0
            self.shrink()
            return t
        return self.take().encode()


def _ndigits(u) -> Py_ssize_t:
    """The number of decimal digits of ``u`` (an unsigned C integer; 1 for
    0): ``len(str(u))``.  Compiled only."""
    m = 1
    while u >= 10:
        u //= 10
        m += 1
    return m


def _put_digits(end, u) -> None:
    """Write the decimal digits of ``u`` (an unsigned C integer) into the
    bytes just before ``end``, the last digit at ``end[-1]`` (the caller
    made room for :func:`_ndigits` of them): the bytes of ``str(u)``, from
    the last.  Compiled only."""
    while True:
        end -= 1
        end[0] = cython.cast(cython.char, 48 + u % 10)
        u //= 10
        if not u:
            break


def _numbered(pre: str, j: Py_ssize_t) -> str:
    """``pre + str(j)`` (``%x#``, result number ``j >= 0`` of a group of
    results: one per result of a pack, 10^4 at a time); compiled, for an
    ASCII ``pre``, made in one new str without the str of ``j`` and the
    concatenation."""
    if not _COMPILED or j < 0 or not _is_ascii_str(cython.cast(cython.p_void, pre)):
        return pre + str(j)
    q = cython.cast(cython.p_void, pre)
    m = _str_len(q)
    d = _ndigits(cython.cast(cython.ulonglong, j))
    t = PyUnicode_New(m + d, 127)
    p = cython.cast(cython.p_char, PyUnicode_DATA(t))
    memcpy(p, _str_data(q), m)
    _put_digits(p + m + d, cython.cast(cython.ulonglong, j))
    return t


def _py_numbered(pre: str, j: int) -> str:
    """:func:`_numbered` for tests."""
    return _numbered(pre, j)


def _py_join(pieces: list, ints: bool = False) -> str:
    """:class:`_Out` for tests: the pieces appended one by one (with
    ``ints``, each piece that is not a str by :meth:`_Out.append_int`), then taken."""
    out = _Out()
    for x in pieces:
        if ints and not isinstance(x, str):
            out.append_int(x)
        else:
            out.append(x)
    return out.take()


# Characters buffered before they are handed on (to the writer, or to the
# list of chunks joined at the end), checked between ops: bounds the memory
# of the buffer, and a whole-module string is never built when the output is
# streamed.
_FLUSH_CHARS = 1 << 16


class _Printer:
    def __init__(self, module: Module | None, generic: bool, write: Callable[[str], object] | None = None,
                 locs: object = None, binary: bool = False) -> None:
        self.generic = generic
        # write takes the text's UTF-8 bytes, not str (the printer's buffer
        # holds them already: no str to make and have the file encode)
        self.binary = binary
        self.locs = locs
        self.namer = _Namer(len(module.values) if module is not None else 0)
        self.use = self.namer.use
        # Callers keep `out = self.out`: flush empties it in place.
        self.out = _Out()
        self.chunks: list[str] = []
        self.write = write if write is not None else self.chunks.append
        self.kinds = _KINDS
        self.eps: dict[str, str] = {}
        self.dict_keys: dict[str, str] = {}

    def flush(self) -> None:
        out = self.out
        if out.size:
            self.write(out.take_bytes() if self.binary else out.take())

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

    def put(self, v: Value) -> int:
        """``self.out.append(self.n(v))``; compiled, the name is read in place
        from the use list (no bounds-checked indexing, no reference kept)."""
        if _COMPILED:
            i = v.id
            use = self.use
            if 0 <= i < _list_size(use):
                q = _list_item(use, i)
                if q != cython.cast(cython.p_void, None):
                    return self.out.append(cython.cast(object, q))
        return self.out.append(self.n(v))

    def ns(self, vals: list[Value]) -> str:
        return ", ".join([self.n(v) for v in vals])

    def ts(self, t: str, size: Value) -> str:
        return f"{t}{{{self.n(size)}}}"

    def names(self, vals: list, start: int, m: int) -> None:
        """Append ``self.ns(vals[start:start + m])``, piece by piece (no slice made)."""
        out = self.out
        for k in range(m):
            if k:
                out.append(", ")
            self.put(vals[start + k])

    def typed(self, t: str, size: Value) -> None:
        """Append ``self.ts(t, size)``, piece by piece."""
        out = self.out
        out.append(t)
        out.append("{")
        self.put(size)
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
                first = True
                for k in range(nres):
                    v = res[k]
                    i = v.id
                    nm = defs[i] if 0 <= i < len(defs) else None
                    if nm is not None:
                        if not first:
                            out.append(", ")
                        out.append(nm)
                        first = False
            out.append(" = ")
        if op.opdef is not None:
            if self.generic:
                self.generic_op(op, ind)
            else:
                kd = self.kinds.get(op.name)
                if kd is None:
                    raise KeyError(op.name)
                _pp_format(self, op, kd, ind)
                attrs = op._attrs
                # (most ops have none: the shared empty map, told by identity)
                if not kd.before_type and attrs is not _EMPTY_MAP and attrs:
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
            decl = False
            if type(piece) is str:
                if not piece:
                    continue
                s = piece
                # A plain-text `%name` is a declaration's argument name (uses
                # are operand indices): it prints like a block argument's.
                decl = s[0] == "%"
            elif type(piece) is int:
                s = self.n(op.operands[piece])
            elif piece[0] == "a":
                s = self.n(op._regions[piece[1]].blocks[0].args[piece[2]])
                k = len(prev)
                if not first and not (k and prev[k - 1] in "([<"):
                    out.append(" ")
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
            # MLIR writes a subscript or a resource range right after its value
            # (`%m[%i]`, `%arg0[%o for %n]`); an empty `prev` follows a
            # signature's argument name, whose `:` attaches too.  (Characters
            # compared, not 1-character slices made.)
            if not first:
                c = s[0]
                k = len(prev)
                if not (c in ",)]>" or (k and prev[k - 1] in "([<") or (k == 0 and (c == ":" or c == "["))
                        or (c == "[" and k and prev[0] == "%")):
                    out.append(" ")
            out.append(s)
            prev = "" if decl else s
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
                if out.size > _FLUSH_CHARS:
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
            if out.size > _FLUSH_CHARS:
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


def write_module(m: Module, write: Callable[[str], object] | Callable[[bytes], object], generic: bool = False,
                 debuginfo: bool = False, local_scope: bool = False, binary: bool = False) -> None:
    """Stream the text of :func:`print_module` through ``write`` (e.g. a text
    file's ``write``) in pieces, without building the whole string; with
    ``binary``, as its UTF-8 bytes (e.g. to a binary file's ``write``)."""
    with gc_paused():
        _Printer(m, generic, write, _Locs(m, local_scope) if debuginfo else None, binary).module(m)


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
        # One FusedLoc is shared by every op a pass locates at the same op
        # (layout-slices: each constant and offset of a pack at the pack, whose
        # location fuses all its slices), and its parts may be ops with fused
        # locations in turn: each FusedLoc's text is made once, and a fused
        # text made here keeps its sub-locations, so that neither is rebuilt
        # or rescanned (without these, printing was quadratic in a pack's size).
        self.memo: dict[FusedLoc, str] = {}
        # location text -> [text, sub, text, ..., sub, text]: its direct
        # sub-locations at the odd places, the text around them at the even
        # ones (joined: the location text), made by fused() or by one scan
        self.split: dict[str, list[str]] = {}
        self.top: list[str] = []
        self.bottom: list[str] = []
        if not local_scope:
            self._number(m)

    def text(self, op: Op) -> str:
        d = op.dloc
        if d is None:
            return _op_position(op)
        if d.__class__ is not str:
            t = self.memo.get(d)
            if t is None:
                t = self.fused(d.parts)
                self.memo[d] = t
            return t
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
                for k in self.sub_locations(t):
                    out[k] = None
            elif t != "unknown":
                out[t] = None
        if not out:
            return "unknown"
        if len(out) == 1:
            return next(iter(out))
        t = "fused[" + ", ".join(out) + "]"
        split = ["fused["]
        for k in out:
            split.append(k)
            split.append(", ")
        split[-1] = "]"
        self.split[t] = split
        return t

    def sub_locations(self, t: str) -> list[str]:
        """The direct sub-locations of location text ``t``."""
        split = self.split.get(t)
        if split is None:
            spans: list = []
            _loc_scan(t, 0, spans)
            split = []
            last = 0
            for a, b in spans:
                split.append(t[last:a])
                split.append(t[a:b])
                last = b
            split.append(t[last:])
            self.split[t] = split
        return split[1::2]

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
            depth = 0
            for k in self.sub_locations(text):
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
            # (visit() split every text it met: sub_locations)
            split = self.split[t]
            body = "".join([alias[x] if k & 1 else x for k, x in enumerate(split)])
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
# Pretty forms of the known ops: the one interpreter of the formats declared
# in ir/ops.py (OpDef.syntax, compiled to OpDef.program), and the custom
# directives they name.  Each appends, piece by piece, to ``p.out``.
# ---------------------------------------------------------------------------

def _start(op: Op, kd: _Kind, k: Py_ssize_t) -> Py_ssize_t:
    """Operand number where segment ``k`` starts."""
    starts = kd.starts
    start = starts[k] - 1
    if start < 0:
        start = _start_at(op, k, 0, 0)
    return start


def _start_at(op: Op, k: Py_ssize_t, j: Py_ssize_t, start: Py_ssize_t) -> Py_ssize_t:
    """Operand number where segment ``k`` starts, given that segment
    ``j <= k`` starts at ``start``: ``start + sum(op.segments[j:k])``."""
    segs = op.segments
    for i in range(j, k):
        n = segs[i]
        start += n
    return start


def _seg(op: Op, kd: _Kind, k: Py_ssize_t) -> list:
    """The operands of segment ``k``."""
    start = _start(op, kd, k)
    n = op.segments[k]
    operands = op.operands
    return operands[start:start + n]


def _gseg(op: Op, kd: _Kind, g: Py_ssize_t) -> Py_ssize_t:
    """The segment of directive group ``g`` (``_GROUPS[g]``)."""
    groups = kd.groups
    k = groups[g]
    if k == _NO_GROUP:
        raise KeyError(f"{op.name} has no operand segment {_GROUPS[g]}")
    return k


def _gs(op: Op, kd: _Kind, g: Py_ssize_t) -> Py_ssize_t:
    """Operand number where directive group ``g`` starts (the hot directives
    index ``op.operands`` from there rather than take a slice)."""
    return _start(op, kd, _gseg(op, kd, g))


def _gl(op: Op, kd: _Kind, g: Py_ssize_t) -> Py_ssize_t:
    """The number of operands in directive group ``g``."""
    return op.segments[_gseg(op, kd, g)]


def _gn(op: Op, kd: _Kind, g: Py_ssize_t) -> list:
    """The operands of directive group ``g``."""
    return _seg(op, kd, _gseg(op, kd, g))


def _pp_format(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    """Print ``op``'s pretty form by its format (:func:`_print_program`)."""
    out = p.out
    out.append(op.name)
    code = kd.code
    objs = kd.objs
    lits = kd.lits
    single = kd.single
    operands = op.operands
    res = op.results
    pc = 0
    n = len(objs)
    while pc < n:
        c = code[4 * pc]
        x = code[4 * pc + 1]
        y = code[4 * pc + 2]
        z = code[4 * pc + 3]
        pc += 1
        if c == 0:  # F_LIT
            if _COMPILED and z:
                out.append_ascii(cython.cast(cython.p_char, lits + (x << 7 | y)), z)
            else:
                out.append(objs[pc - 1])
        elif c == 1:  # F_OPERAND
            if single[x] or op.segments[x]:
                v = operands[_start(op, kd, x)]
                p.put(v)
        elif c == 2:  # F_OPERANDS
            p.names(operands, _start(op, kd, x), op.segments[x])
        elif c == 3:  # F_TYPE
            if single[x]:
                v = operands[_start(op, kd, x)]
                out.append(v.type)
            else:
                s = _start(op, kd, x)
                m = op.segments[x]
                for k in range(m):
                    if k:
                        out.append(", ")
                    v = operands[s + k]
                    out.append(v.type)
        elif c == 4:  # F_SIZED
            if single[x]:
                v = operands[_start(op, kd, x)]
                p.typed(v.type, operands[_start(op, kd, y)])
            else:
                s = _start(op, kd, x)
                t = _start(op, kd, y)
                m = min(op.segments[x], op.segments[y])
                for k in range(m):
                    if k:
                        out.append(", ")
                    v = operands[s + k]
                    p.typed(v.type, operands[t + k])
        elif c == 5 or c == 8:  # F_RESULT, F_TIMEPOINT (y: x counts from the end)
            r = res[len(res) - x if y else x]
            out.append(r.type)
        elif c == 6:  # F_SIZED_RESULT
            r = res[x]
            p.typed(r.type, operands[_start(op, kd, y)])
        elif c == 7:  # F_TIED: custom<ShapedTiedResult>
            r = res[x]
            p.put(operands[_start(op, kd, y)])
            out.append(" as ")
            p.typed(r.type, operands[_start(op, kd, z)])
        elif c == 9:  # F_ATTR
            out.append(_s(_prop(op, objs[pc - 1])))
        elif c == 10:  # F_OPT (y: anchored on the property objs[pc - 1], else on segment x)
            if y:
                present = bool(_prop(op, objs[pc - 1]))
            else:
                present = op.segments[x] != 0
            if not present:
                pc = z
        elif c == 11:  # F_ELSE: the end of the group that was printed
            pc = z
        elif c == 12:  # F_ATTR_DICT
            if not x:
                attrs = op._attrs
                if attrs is not _EMPTY_MAP and attrs:
                    out.append(" ")
                    out.append(p.dict_text(attrs))
        elif c == 13:  # F_REGION
            p.region(op._regions[0], ind, False)
        else:  # F_CUSTOM, by number (ops.CUSTOM_DIRECTIVES)
            _custom(p, op, kd, ind, x)


def _resource_region(p: _Printer, op: Op, kd: _Kind, ind: str, with_results: bool) -> None:
    """custom<ResourceRegion> / custom<ExplicitResourceRegion>."""
    out = p.out
    outer = _gn(op, kd, G_RESOURCE_OPERANDS)
    sizes = _gn(op, kd, G_RESOURCE_OPERAND_SIZES)
    region = op._regions[0]
    args = region.blocks[0].args
    out.append("with(")
    n = min(len(outer), len(args), len(sizes))
    for k in range(n):
        if k:
            out.append(", ")
        a = args[k]
        p.put(outer[k])
        out.append(" as ")
        p.put(a)
        out.append(": ")
        p.typed(a.type, sizes[k])
    out.append(")")
    if with_results:
        rsizes = _gn(op, kd, G_RESULT_SIZES)
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
                    p.put(outer[t])
                    out.append("{")
                    p.put(rsizes[k])
                    out.append("}")
                else:
                    r = res[k]
                    p.typed(r.type, rsizes[k])
            out.append(")")
    out.append(" ")
    p.region(region, ind, False)


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


def _dispatch_operands(p: _Printer, op: Op, kd: _Kind) -> None:
    """custom<DispatchOperands>: ``(%a[%o to %e for %l], %b)``."""
    ops = _gn(op, kd, G_RESOURCE_OPERANDS)
    offs = _gn(op, kd, G_RESOURCE_OPERAND_OFFSETS)
    ends = _gn(op, kd, G_RESOURCE_OPERAND_ENDS)
    lens = _gn(op, kd, G_RESOURCE_OPERAND_LENGTHS)
    out = p.out
    out.append("(")
    k = 0
    for j in range(len(ops)):
        if j:
            out.append(", ")
        v = ops[j]
        p.put(v)
        if _is_resource_type(v.type):
            out.append("[")
            p.put(offs[k])
            out.append(" to ")
            p.put(ends[k])
            out.append(" for ")
            p.put(lens[k])
            out.append("]")
            k += 1
    out.append(")")


def _shaped_fn_type(p: _Printer, op: Op, kd: _Kind) -> None:
    """custom<ShapedFunctionType>: ``(types{%sizes}) -> (types{%sizes} or tied %operand{%size})``."""
    operands = _gn(op, kd, G_RESOURCE_OPERANDS)
    sizes = _gn(op, kd, G_RESOURCE_OPERAND_SIZES)
    rsizes = _gn(op, kd, G_RESULT_SIZES)
    out = p.out
    out.append("(")
    k = 0
    for j in range(len(operands)):
        if j:
            out.append(", ")
        v = operands[j]
        if _is_resource_type(v.type):
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
        if _is_resource_type(r.type):
            sz = p.n(rsizes[k])
            k += 1
        out.append(p.n(operands[t]) if t >= 0 else r.type)
        if sz is not None:
            out.append("{")
            out.append(sz)
            out.append("}")
    out.append(")")


def _collective_attr(op: Op) -> str:
    a = op._props["op"]
    return a[len("#stream.collective"):] if a.startswith("#stream.collective<") else a


def _collective_param(p: _Printer, op: Op, kd: _Kind) -> None:
    param = _gn(op, kd, G_PARAM)
    if param:
        out = p.out
        out.append(op._props.get("_param_kw", "source"))
        out.append("(")
        p.put(param[0])
        out.append(") ")


def _pack_slices(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    """``slices({\\n  [a, b] = %size,\\n ...}) : type``."""
    iv = op._props["lifetime_intervals"]
    sizes = _gn(op, kd, G_DYNAMIC_SLICE_SIZES)
    r = op.results[0]
    out = p.out
    out.append("slices({")
    n = len(sizes)
    if n:
        out.append("\n")
        lead = ind + IND + "["
        for k in range(n):
            if k:
                out.append(",\n")
            out.append(lead)
            out.append_int(iv[2 * k])
            out.append(", ")
            out.append_int(iv[2 * k + 1])
            out.append("] = ")
            p.put(sizes[k])
        out.append("\n")
        out.append(ind)
    out.append("}) : ")
    out.append(r.type)


def _constant_values(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    sizes = _gn(op, kd, G_RESULT_SIZES)
    vals = op._props["values"]
    lines = [f"{ind}{IND}{IND}{p.ts(r.type, s)} = {v}" for r, s, v in zip(op.results, sizes, vals)]
    r = op.results[-1]
    p.out.append(":\n" + ",\n".join(lines) + f"\n{ind}{IND}{IND}=> {r.type}")


def _dispatch_resources(p: _Printer, op: Op, kd: _Kind, ind: str) -> None:
    """custom<DispatchResources>: ``{\\n  rw %r[%o for %l] : type{%size},\\n ...}``."""
    operands = op.operands
    # the four groups are consecutive segments in stream.cmd.dispatch: each
    # start from the one before, not from the op's first segment
    kr = _gseg(op, kd, G_RESOURCES)
    ks = _gseg(op, kd, G_RESOURCE_SIZES)
    ko = _gseg(op, kd, G_RESOURCE_OFFSETS)
    kl = _gseg(op, kd, G_RESOURCE_LENGTHS)
    res = _start(op, kd, kr)
    sizes = _start_at(op, ks, kr, res) if kr <= ks else _start(op, kd, ks)
    offs = _start_at(op, ko, ks, sizes) if ks <= ko else _start(op, kd, ko)
    lens = _start_at(op, kl, ko, offs) if ko <= kl else _start(op, kd, kl)
    acc = op._props["resource_accesses"]
    out = p.out
    out.append("{\n")
    segs = op.segments
    n = min(segs[kr], segs[ks], segs[ko], segs[kl], len(acc))
    for k in range(n):
        if k:
            out.append(",\n")
        r = operands[res + k]
        out.append(ind)
        out.append(IND)
        out.append(_access_name(acc[k]))
        out.append(" ")
        p.put(r)
        out.append("[")
        p.put(operands[offs + k])
        out.append(" for ")
        p.put(operands[lens + k])
        out.append("] : ")
        p.typed(r.type, operands[sizes + k])
    out.append("\n")
    out.append(ind)
    out.append("}")


def _access_name(a) -> str:
    """A resource access as the pretty forms spell it (1 ro, 2 wo, else rw)."""
    return "ro" if a == 1 else "wo" if a == 2 else "rw"


def _call_operands(p: _Printer, op: Op, kd: _Kind) -> None:
    """``(ro %x[%o for %l], %prim)`` of ``stream.cmd.call``."""
    operands = op.operands
    ops = _gs(op, kd, G_RESOURCE_OPERANDS)
    offs = _gs(op, kd, G_RESOURCE_OPERAND_OFFSETS)
    lens = _gs(op, kd, G_RESOURCE_OPERAND_LENGTHS)
    nrange = min(_gl(op, kd, G_RESOURCE_OPERAND_OFFSETS), _gl(op, kd, G_RESOURCE_OPERAND_LENGTHS))
    acc = _prop(op, "resource_operand_accesses") or []
    out = p.out
    out.append("(")
    k = 0
    for j in range(_gl(op, kd, G_RESOURCE_OPERANDS)):
        if j:
            out.append(", ")
        v = operands[ops + j]
        if _is_resource_type(v.type):
            if k >= nrange:
                raise IndexError(f"printer: {op.name} has more resource operands than offsets or lengths")
            out.append(_access_name(acc[k]) if k < len(acc) else "rw")
            out.append(" ")
            p.put(v)
            out.append("[")
            p.put(operands[offs + k])
            out.append(" for ")
            p.put(operands[lens + k])
            out.append("]")
            k += 1
        else:
            p.put(v)
    out.append(")")


def _custom(p: _Printer, op: Op, kd: _Kind, ind: str, c: Py_ssize_t) -> None:
    """Custom directive number ``c`` (ops.CUSTOM_DIRECTIVES)."""
    if c == 0:
        p.out.append(_entry_points(p, op))
    elif c == 1:
        _dispatch_operands(p, op, kd)
    elif c == 2:
        _shaped_fn_type(p, op, kd)
    elif c == 3:
        p.out.append(_s(op._props["callee"]))
    elif c == 4:
        _resource_region(p, op, kd, ind, True)
    elif c == 5:
        _resource_region(p, op, kd, ind, False)
    elif c == 6:
        p.out.append(_s(op._props["value"]))
    elif c == 7:
        p.out.append(_collective_attr(op))
    elif c == 8:
        _collective_param(p, op, kd)
    elif c == 9:
        _pack_slices(p, op, kd, ind)
    elif c == 10:
        _constant_values(p, op, kd, ind)
    elif c == 11:
        _dispatch_resources(p, op, kd, ind)
    elif c == 12:
        _call_operands(p, op, kd)
    else:
        raise KeyError(op.name)


assert (F_LIT, F_OPERAND, F_OPERANDS, F_TYPE, F_SIZED, F_RESULT, F_SIZED_RESULT, F_TIED, F_TIMEPOINT, F_ATTR,
        F_OPT, F_ELSE, F_ATTR_DICT, F_REGION, F_CUSTOM) == tuple(range(15))  # the numbers _pp_format tests
_KINDS = {name: _Kind(d) for name, d in OPS.items()}
