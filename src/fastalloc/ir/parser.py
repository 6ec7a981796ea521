# cython: boundscheck=True, wraparound=True, initializedcheck=True, infer_types=True
"""Parser: MLIR text of the stream dialect -> :class:`fastalloc.ir.model.Module`.

Recursive descent over the token list of :mod:`fastalloc.ir.lexer`.

* Known stream ops (``fastalloc.ir.ops.OPS``), pretty or generic form, become
  structured ops: ODS operands + segment sizes + properties.
* Every other op is kept as a *template*: its tokens after the result list,
  with ``%value`` tokens turned into operand refs (uses) or block-argument
  refs (definitions such as ``func.func @f(%arg0: index)`` or ``scf.for %i =
  ...``), and its ``{...}`` regions parsed recursively as real regions.  Its
  extent is found the way the text is laid out: it ends at a line break (at
  bracket depth 0) followed by something that starts a new op, or at the
  ``}`` closing the enclosing region.
* ``loc(...)`` locations and ``#loc`` aliases are dropped (iree-opt does not
  print locations by default); other ``#x = ...`` / ``!x = ...`` aliases are
  kept and printed back at the top.

Errors are :class:`fastalloc.errors.FastallocError` with ``FILE:LINE:COL``.

Speed: this module is plain Python and is also compiled by Cython (setup.py;
Cython's pure-Python mode): ``_Parser`` becomes an extension type with C
fields for the token list and position, and its token-level methods are
``cpdef`` (``@cython.ccall``), so the per-token calls of the recursive descent
are C calls.  Safety checks stay on (bounds, wraparound) in every build.
Without the compiled module the same code runs as Python.
"""

from __future__ import annotations

import re

try:
    import cython
except ImportError:  # pragma: no cover - Cython is a build dependency; the compiled module never imports it
    class cython:  # type: ignore[no-redef]
        """The few names of Cython's pure-Python shadow module used here."""

        compiled = False
        Py_ssize_t = int
        Py_UCS4 = str
        int = int
        bint = bool
        p_uchar = bytes

        @staticmethod
        def cclass(c):
            return c

        @staticmethod
        def ccall(f):
            return f

        @staticmethod
        def cfunc(f):
            return f

        inline = cfunc
        final = cfunc

        @staticmethod
        def locals(**_):
            return lambda f: f

        @staticmethod
        def boundscheck(_):
            return lambda f: f

        wraparound = boundscheck

from fastalloc._lazyre import lazy_compile
from fastalloc._gc import gc_paused
from fastalloc.errors import FastallocError, SourceLocation
from fastalloc.ir.lexer import SourceMap, TokenChunks, new_names, tokenize
from fastalloc.ir.source import FileChunks, Input, NotStreamable, open_input, streamable
from fastalloc.ir.model import EMPTY_MAP, NO_REGIONS, Block, Module, Op, Region, Value, _link_operands, _set_tok, _share_props
from fastalloc.ir.ops import (
    F_ATTR, F_ATTR_DICT, F_CUSTOM, F_ELSE, F_LIT, F_OPERAND, F_OPERANDS, F_OPT, F_REGION, F_RESULT, F_SIZED,
    F_SIZED_RESULT, F_TIED, F_TIMEPOINT, F_TYPE, INDEX_SEGMENTS, INT_LIST_PROPS, OPS, UNIT_PROPS,
)
from fastalloc.ir.registered import COMPLETE as _COMPLETE_DIALECTS
from fastalloc.ir.registered import DIALECTS as _DIALECTS
from fastalloc.ir.registered import OP_NAMES as _OP_NAMES

__all__ = ["parse", "parse_file", "split_chunks"]

TIMEPOINT = "!stream.timepoint"
_LIFETIMES = {"transient", "external", "constant", "variable", "staging", "*"}
_BUILTIN_TYPE = lazy_compile(r"(?:index|none|[su]?i\d+|f\d+|bf16|tf32|f8E\w+|f4E\w+|f6E\w+)$")
_STREAM_TYPES = frozenset({"resource", "timepoint", "channel", "binding", "file"})
_DOTLESS_OPS = frozenset({"return", "module", "call", "call_indirect", "unrealized_conversion_cast"})
_ACCESS = {"ro": 1, "wo": 2, "rw": 3}
_CLOSERS = {"(": ")", "[": "]", "{": "}", "<": ">"}
_COMMON_TYPES = frozenset({
    "index", "i1", "i8", "i16", "i32", "i64", "f16", "f32", "f64", "!stream.timepoint", "!stream.channel",
    "!stream.resource<transient>", "!stream.resource<external>", "!stream.resource<constant>",
    "!stream.resource<variable>", "!stream.resource<staging>", "!stream.resource<*>",
})


# Lexing in pieces (TokenChunks): ~256 KB of text per piece, refilled at a
# statement boundary when fewer than _MARGIN tokens are ahead; _PAD EOF
# markers end the window so that lookahead past its end reads "".
_PIECE = 1 << 18
_MARGIN = 4096
_PAD = 4
_EOF_PAD = ("",) * _PAD
# Deepest region nesting parsed (fastalloc._guard.MAX_NESTING; iree-opt 3.13
# overflows its stack at about 3,900): the compiled descent and the passes'
# walks run on a large stack (fastalloc._guard.run_deep) that holds this many.
_MAX_NESTING = 4096


if not cython.compiled:
    def _first_char(s: str) -> str:
        """The first character of ``s``, "" if it is empty.  Compiled, a C
        macro of parser.pxd instead (a Py_UCS4, 0 if empty): indexing a str
        is a call of Cython's generic helper per character read."""
        return s[:1]

    def _sigil_id(ids: Names, tok: str) -> int:
        """``ids.sigil_id(tok)`` (``tok``: a ``%name`` token).  Compiled, an
        inline function of parser.pxd calling Names' C method instead (the
        method's Python-level checks are the parser's own)."""
        return ids.sigil_id(tok)

    def _sigil_name(ids: Names, tok: str) -> str:
        """``ids.sigil_name(tok)``; compiled, as _sigil_id."""
        return ids.sigil_name(tok)

    def _sigil_part_id(ids: Names, tok: str, end: int) -> int:
        """``ids.id(tok[1:end])``; compiled, as _sigil_id, without making
        ``tok[1:end]``."""
        return ids.id(tok[1:end])

    def _char_at(s: str, i: int) -> int:
        """The code point of ``s[i]``; compiled, a C macro of parser.pxd
        (read in place, ``i`` in range by the caller's loop)."""
        return ord(s[i])

    def _sigil_last(ids: Names, tok: str) -> str:
        """``ids.sigil_name(tok)`` right after ``_sigil_id(ids, tok)``;
        compiled, the name that lookup found (parser.pxd), not a second one."""
        return ids.sigil_name(tok)

    def _list_new(n: int) -> list:
        """A list of ``n`` slots, each to be filled once by _list_put.
        Compiled, a C macro of parser.pxd instead (the slots start empty,
        not None)."""
        return [None] * n

    def _list_put(lst: list, i: int, v: object) -> None:
        """``lst[i] = v`` into a slot of _list_new not filled yet; compiled,
        the unchecked store of parser.pxd."""
        lst[i] = v

    def _new_slots(init: tuple) -> list:
        """``list(init)``.  Compiled, an inline function of parser.pxd
        instead: the list made at its size and filled in place."""
        return list(init)

    def _is_char(s: str, c: str) -> bool:
        """``s == c`` (``c`` one character).  Compiled, a C macro of
        parser.pxd instead: a length and a character compared in place."""
        return s == c

    def _bytes_data(b: bytes) -> bytes:
        """``b`` itself (indexing it gives the byte values).  Compiled, a C
        macro of parser.pxd instead: the bytes' buffer, read in place."""
        return b


@cython.cfunc
@cython.inline
def _eq(a: str, b: str) -> cython.bint:
    """``a == b`` for two str, unequal lengths or first characters decided
    here: Cython's ``==`` calls PyUnicode_Compare for any two str that are
    not one object, and most comparisons of a token with the one the parser
    expects fail."""
    if a is b:
        return True
    if a is None or b is None:
        return False
    n: cython.Py_ssize_t = len(a)
    if n != len(b):
        return False
    return n == 0 or (_first_char(a) == _first_char(b) and a == b)


@cython.cfunc
def _is_ident(t: str) -> cython.bint:
    c = t[:1]
    return c.isalpha() or c == "_"


@cython.cfunc
@cython.locals(v=Value)
def _new_value(ty: str, owner: object, index: cython.Py_ssize_t, hint: object, vid: cython.Py_ssize_t) -> Value:
    """``Value(ty, owner, index, hint, vid)``; compiled, without the generic
    call of the type and of its ``__init__`` (one per result and argument):
    the type's tp_new starts every other field as ``__init__`` leaves it
    (None, 0: no uses)."""
    if not cython.compiled:
        return Value(ty, owner, index, hint, vid)
    v = Value.__new__(Value)
    v.id = vid
    v.type = ty
    v.owner = owner
    v.index = index
    v.name_hint = hint
    return v


@cython.cfunc
@cython.locals(op=Op)
def _new_op(name: str, opdef: object, lists: cython.bint) -> Op:
    """``Op(name)`` with ``opdef`` (None: an uninterpreted op); compiled,
    without the generic call (see _new_value; Op._build does the same for
    the passes): the fields ``__init__`` sets to containers are set here.
    ``lists`` False: the operand and result lists are left None, for
    _Parser.finish to set (a known op's: made once, at their size)."""
    if not cython.compiled:
        op = Op(name)
        op.opdef = opdef
        return op
    op = Op.__new__(Op)
    op.name = name
    if lists:
        op.operands = []
        op.results = []
    op._regions = NO_REGIONS
    op._props = EMPTY_MAP
    op._attrs = EMPTY_MAP
    op.opdef = opdef
    return op


@cython.cfunc
@cython.inline
def _size_code_start(n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The key in _Parser.shared of a list of ``n`` segment sizes before its
    sizes are put in (-1: none; see _Parser.share): up to 14 sizes, each
    below 16, make one integer, their count and four bits per size."""
    return n if n <= 14 else -1


@cython.cfunc
@cython.inline
def _size_code(code: cython.Py_ssize_t, k: cython.Py_ssize_t, size: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """``code`` (the key of sizes[:k], -1: none) with sizes[k] = ``size``
    put in four bits above the count's."""
    if code < 0 or size < 0 or size > 15:
        return -1
    return code | (size << (4 * k + 4))


@cython.final
@cython.cclass
class _Parser:
    src: object  # SourceMap
    toks: list  # list[str], "" at the end (of the text, or of the tokens lexed so far)
    i: cython.Py_ssize_t  # current token (in toks)
    base: cython.Py_ssize_t  # tokens dropped before toks[0] (lexing in pieces)
    chunks: object  # TokenChunks while pieces of the text are still to come, else None
    m: object  # Module
    vals: list  # m.values
    resolved: dict  # forward-reference placeholder -> its definition
    ids: Names  # "%name" (the token) -> the integer id of "name", and that name's one str (lexer.new_names)
    bound: list  # id -> list[Value] the name is bound to in scope (one entry per result of a group), or None
    frames: list  # list[list[int]]: the ids (in ids) of the names defined per region
    forward: dict  # name -> (dict[int, Value] placeholders, first token)
    type_aliases: dict
    attr_aliases: set
    loc_aliases: dict  # name -> inline text of a `#name = loc(...)` definition
    loc_refs: dict  # loc alias name -> first token using it (checked at the end: iree-opt defines them after the module)
    nesting: cython.Py_ssize_t  # regions open around the current token (limit: _MAX_NESTING)
    shared: dict  # tuple or str -> the one list / str all ops with that content get
    constants: dict  # the text of a constant's value already checked -> that one str
    tmpl_memo: dict  # (result count, name, tokens) of an operand-free uninterpreted op read -> (its text, result types)
    names: dict  # token -> the one str made of it: "@e" -> "[@e]" (entry points)
    encl: str  # name of the op whose region is being parsed ("" at the top): its default dialect
    rets: object  # result types of the function whose body is being parsed (None: unknown)
    ret_depth: cython.Py_ssize_t  # nesting of that body (its returns are at this depth)
    stmt_end: cython.Py_ssize_t  # a header check's end of the op: a line break after it ends it (-1: none)
    types_ok: set  # types check_type returned as they are (its checks depend on the token alone)
    dialect_ok: set  # tokens check_dialect passed (as types_ok)
    spare_props: dict  # an empty dict for the next known op's properties (see parse_stmt), or None

    def __init__(self, text: str | None, filename: str, line_base: int = 0, pieces: int = 0,
                 chunks: object = None) -> None:
        # text None: the tokens come from ``chunks`` (a file read a piece at
        # a time, see parse_file); the text is read again for locations
        self.src = SourceMap(text, filename, line_base)
        self.i = 0
        self.base = 0
        self.chunks = None
        if chunks is not None:
            self.chunks = chunks
            self.toks = [""] * _PAD
            self.refill()
        elif pieces > 0 and TokenChunks.available(text):
            # Lex in pieces of ~`pieces` characters (see refill); errors are
            # reported without a location and parse() parses again from the
            # whole token list.
            self.chunks = TokenChunks(text, pieces, _SEED)
            self.toks = [""] * _PAD
            self.refill()
        else:
            self.toks = tokenize(text)
            # EOF markers as in the pieces: lookahead past the end reads "" (truncated input)
            self.toks.extend([""] * _PAD)
        self.m = Module(filename)
        self.vals = self.m.values
        self.m._source = self.src
        self.shared = {}
        self.types_ok = set()
        self.dialect_ok = set()
        self.spare_props = None
        self.constants = {}
        self.tmpl_memo = {}
        self.names = {}
        self.resolved = {}
        self.ids = new_names()
        self.bound = []
        self.frames = []
        self.forward = {}
        self.type_aliases = {}
        self.attr_aliases = set()
        self.loc_aliases = {}
        self.loc_refs = {}
        self.nesting = 0
        self.encl = ""
        self.rets = None
        self.ret_depth = -1
        self.stmt_end = -1

    # -- errors and token access -----------------------------------------
    def err(self, msg: str, k: int | None = None) -> FastallocError:
        if self.chunks is not None or self.base:
            # Lexing in pieces: token numbers are not the text's; parse()
            # parses again from the whole token list for the location.
            return FastallocError(msg)
        if k is None:
            k = self.i
            toks = self.toks
            while toks[k][:1] == "\n":
                k += 1
        tok = self.toks[k] if k < len(self.toks) else ""
        if tok == "":
            # Point just past the last token for truncated input.
            return FastallocError(msg, self._eof_loc())
        return self.src.error(msg, k)

    def err_expected(self, msg: str, k: cython.Py_ssize_t) -> FastallocError:
        """``expected X`` at token k, placed as MLIR places it: just after
        the previous token (blanks and line breaks before k skipped back)."""
        if self.chunks is not None or self.base:
            return FastallocError(msg)
        toks = self.toks
        p = k - 1
        while p > 0 and toks[p] == "\n":
            p -= 1
        if p < 0 or toks[k] == "":
            return self.err(msg, k)
        return FastallocError(msg, self.src.location_at(self.src.offset(p) + len(toks[p])))

    def _eof_loc(self) -> SourceLocation:
        text = self.src._loaded().rstrip()
        return self.src.location_at(len(text))

    @cython.ccall
    def refill(self) -> None:
        """Drop the consumed tokens and append the next pieces of the text
        until _MARGIN tokens are ahead (or the text is consumed).  Called at
        statement boundaries only (parse_module, parse_region): no token
        index is held across it but the ones only errors use (then parse()
        parses again) and op locations (absolute: base + i)."""
        toks = self.toks
        cut: cython.Py_ssize_t = self.i - 16
        if cut < 0:
            cut = 0
        keep = toks[cut:len(toks) - _PAD]
        chunks = self.chunks
        while True:
            # the kept tokens, the piece and the EOF markers made as one list
            keep = chunks.next(keep, _EOF_PAD)
            if chunks.done:
                self.chunks = None
                break
            if len(keep) - _PAD - (self.i - cut) >= _MARGIN:
                break
            del keep[len(keep) - _PAD:]
        self.toks = keep
        self.base += cut
        self.i -= cut

    @cython.ccall
    def peek(self) -> str:
        toks: list = self.toks
        i: cython.Py_ssize_t = self.i
        t: str = toks[i]
        while t == "\n":  # line-break tokens are all "\n" (see lexer.tokenize)
            i += 1
            t = toks[i]
        self.i = i
        return t

    @cython.ccall
    def next(self) -> str:
        t = self.peek()
        if t == "":
            raise self.err("unexpected end of file")
        self.i += 1
        return t

    @cython.ccall
    def accept(self, s: str) -> cython.bint:
        # The current token is rarely a line break: peek (which skips them)
        # only past one, not on every miss.
        t: str = self.toks[self.i]
        if not _eq(t, s):
            if _first_char(t) != "\n" or not _eq(self.peek(), s):
                return False
        self.i += 1
        return True

    @cython.ccall
    def expect(self, s: str, what: str | None = None) -> None:
        t: str = self.toks[self.i]
        if _eq(t, s):
            self.i += 1
            return
        t = self.peek()
        if not _eq(t, s):
            if t == "":
                raise self.err(f"unexpected end of file, expected '{s}'")
            raise self.err(f"expected '{s}'" + (f" {what}" if what else ""))
        self.i += 1

    # -- values ----------------------------------------------------------
    @cython.ccall
    def new_value(self, type: str, owner, index: cython.Py_ssize_t, hint: str | None) -> Value:
        v = _new_value(type, owner, index, hint, len(self.vals))
        self.vals.append(v)
        return v

    @cython.ccall
    def use(self) -> Value:
        i: cython.Py_ssize_t = self.i
        t: str = self.toks[i]
        grp: list
        g = self.bound_to(t)
        if g is not None:
            grp = g
            if grp:
                self.i = i + 1
                return grp[0]
        if _first_char(t) != "%":
            t = self.peek()
            i = self.i
            if _first_char(t) != "%":
                raise self.err("expected SSA operand")
            # a line break was skipped: look the operand up under its own token
            self.i = i + 1
            g = self.bound_to(t)
            if g is not None:
                grp = g
                if grp:
                    return grp[0]
            return self.lookup(t, i)
        self.i = i + 1
        return self.lookup(t, i)

    @cython.ccall
    def lookup(self, t: str, k: cython.Py_ssize_t) -> Value:
        # `%name#k`: most such tokens occur once, so the split is not cached;
        # up to 18 ASCII digits are read here, anything else by int()
        j: object = 0
        n: cython.Py_ssize_t = len(t)
        # the '#' (t[0] is '%'), its characters read in place
        h: cython.Py_ssize_t = 1
        while h < n and _char_at(t, h) != 35:
            h += 1
        if h < n:
            jc: cython.Py_ssize_t = 0
            q: cython.Py_ssize_t = h + 1
            c: cython.Py_ssize_t
            while q < n and q - h <= 18:
                c = _char_at(t, q)
                if c < 48 or c > 57:
                    break
                jc = jc * 10 + (c - 48)
                q += 1
            j = jc if q == n else int(t[h + 1:])
            # the id of the name before '#', not made as a str (most such
            # tokens occur once): made below only for a forward reference
            sid: cython.Py_ssize_t = _sigil_part_id(self.ids, t, h)
            bound: list = self.bound
            grp = bound[sid] if sid < len(bound) else None
        else:
            h = len(t)
            grp = self.bound_to(t)
        if grp is not None:
            if j >= len(grp):
                raise self.err(f"result number {j} of '{t[:h]}' out of range (it has {len(grp)})", k)
            return grp[j]
        name = t[1:h]
        fw = self.forward.get(name)
        if fw is None:
            fw = ({}, k)
            self.forward[name] = fw
        ph = fw[0].get(j)
        if ph is None:
            ph = Value("", None, j, name)
            fw[0][j] = ph
        return ph

    @cython.ccall
    def define(self, key: str, values: list[Value], k: cython.Py_ssize_t) -> None:
        """Bind ``key`` (``%name``, as the lexer spells it) to ``values``."""
        self.define_id(_sigil_id(self.ids, key), key, values, k)

    @cython.cfunc
    def define_id(self, sid: cython.Py_ssize_t, key: str, values: list, k: cython.Py_ssize_t) -> cython.int:
        """define, ``sid`` the id of ``key``'s name (looked up already)."""
        bound: list = self.bound
        if sid >= len(bound):
            bound.extend([None] * (sid + 1 + len(bound) - len(bound) // 2))
        if bound[sid] is not None:
            raise self.err(f"redefinition of SSA value '{key}'", k)
        bound[sid] = values
        # the id, not the name: the region's end unbinds it without looking
        # the name up again
        self.frames[-1].append(sid)
        if not self.forward:
            return 0
        name = key[1:]
        fw = self.forward.pop(name, None)
        if fw is not None:
            for j, ph in fw[0].items():
                if j >= len(values):
                    raise self.err(f"result number {j} of '%{name}' out of range (it has {len(values)})", fw[1])
                real = values[j]
                if ph.type and real.type and ph.type != real.type:
                    raise self.err(
                        f"use of value '%{name}' expects different type than prior uses: "
                        f"'{ph.type}' vs '{real.type}'",
                        fw[1],
                    )
                self.resolved[ph] = real
                # the uses linked so far (in text order) move to the definition
                ph.replace_all_uses_with(real)
        return 0

    @cython.ccall
    def push(self) -> None:
        self.frames.append([])

    @cython.ccall
    @cython.locals(sid=cython.Py_ssize_t)
    def pop(self) -> None:
        bound: list = self.bound
        for sid in self.frames.pop():
            bound[sid] = None

    @cython.cfunc
    @cython.inline
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def bound_to(self, t: str) -> object:
        """The values name ``t`` (a token) is bound to in scope, or None."""
        if _first_char(t) != "%":
            return None
        sid: cython.Py_ssize_t = _sigil_id(self.ids, t)
        bound: list = self.bound
        if sid < len(bound):
            return bound[sid]
        return None

    # -- types and attributes --------------------------------------------
    @cython.ccall
    def type_(self) -> str:
        k = self.i
        t = self.toks[k]
        if t in _COMMON_TYPES:
            self.i = k + 1
            return t
        t = self.peek()
        k = self.i
        if t == "":
            raise self.err("unexpected end of file, expected type")
        self.i += 1
        return self.check_type(t, k)

    @cython.ccall
    def check_type(self, t: str, k: cython.Py_ssize_t) -> str:
        if t in self.types_ok:
            return t
        c = t[:1]
        if c == "!":
            if "<" not in t and "." not in t:
                alias = self.type_aliases.get(t[1:])
                if alias is None:
                    raise self.err(f"undefined symbol alias id '{t[1:]}'", k)
                return alias
            self.check_dialect(t, k)
            if t.startswith("!stream."):
                if t == "!stream.resource":
                    raise self.err("malformed type '!stream.resource': expected '<lifetime>'", k)
                if t.startswith("!stream.resource<"):
                    if t[17:-1] not in _LIFETIMES:
                        raise self.err(f"unknown resource lifetime in type {t}", k)
                elif t not in ("!stream.timepoint", "!stream.channel", "!stream.binding", "!stream.file"):
                    raise self.err(f"unknown stream type: {t}", k)
            elif t.startswith("!stream"):
                raise self.err(f"unknown type: {t}", k)
            self.types_ok.add(t)
            return t
        if c == "(":
            raise self.err("expected non-function type", k)
        if _BUILTIN_TYPE.match(t) or ("<" in t and _is_ident(t)):
            self.types_ok.add(t)
            return t
        raise self.err(f"expected type, got '{t}'" if t[:1] != "\n" else "expected type", k)

    @cython.ccall
    def sized_type(self) -> tuple[str, Value]:
        t = self.type_()
        toks: list = self.toks
        i: cython.Py_ssize_t = self.i
        grp: list
        if toks[i] == "{" and toks[i + 2] == "}":
            g = self.bound_to(toks[i + 1])
            if g is not None:
                grp = g
                if grp:
                    self.i = i + 3
                    return t, grp[0]
        self.expect("{", "before the resource size")
        v = self.use()
        self.expect("}", "after the resource size")
        return t, v

    @cython.ccall
    def balanced_text(self, stops: frozenset[str]) -> str:
        """Attribute text up to (not including) a stop token at bracket depth 0."""
        toks = self.toks
        i = self.i
        parts: list[str] = []
        depth = 0
        start = i
        while True:
            t = toks[i]
            if t == "":
                break
            if t[0] == "\n":
                if depth == 0 and "\n" in stops and parts:
                    break
                i += 1
                continue
            if depth == 0 and t in stops:
                break
            if depth == 0 and parts and "\n" in stops and (t[0] == "%" or t[0] == "#" or t[0] == "!"
                                                           or ("." in t and _is_ident(t))) \
                    and self.stmt_start(i):
                break  # the next op or alias definition on the same line (one-line module, CR-only lines)
            if t in "([{" and len(t) == 1:
                depth += 1
            elif t in ")]}" and len(t) == 1:
                if depth == 0:
                    break
                depth -= 1
            elif t[0] == "#" and "<" not in t and "." not in t and t[1:] not in self.attr_aliases:
                raise self.err(f"undefined symbol alias id '{t[1:]}'", i)
            parts.append(t)
            i += 1
        if i == start:
            raise self.err("expected attribute value", i)
        self.i = i
        return _join(parts)

    @cython.ccall
    def paren_attr(self) -> str:
        self.expect("(")
        s = self.balanced_text(frozenset())
        self.expect(")")
        return s

    @cython.ccall
    def int_(self) -> int:
        t = self.peek()
        try:
            v = int(t, 0)
        except ValueError:
            raise self.err("expected integer value") from None
        self.i += 1
        return v

    @cython.ccall
    def attr_dict(self, into: dict) -> None:
        self.expect("{")
        if self.accept("}"):
            return
        while True:
            key = self.next()
            if key[0] == '"':
                key = key[1:-1]
            elif not _is_ident(key):
                raise self.err("expected attribute name", self.i - 1)
            if self.accept("="):
                into[key] = self.balanced_text(frozenset({",", "}"}))
            else:
                into[key] = ""
            if self.accept(","):
                continue
            self.expect("}", "to close the attribute dictionary")
            return

    @cython.ccall
    def op_attrs(self, op: Op) -> None:
        """``{...}`` into ``op.attrs`` (a new dict: ops without attributes share EMPTY_MAP)."""
        d = op._attrs
        if d is EMPTY_MAP:
            d = {}
        self.attr_dict(d)
        if d:
            op._attrs = d

    @cython.ccall
    def skip_loc(self) -> str:
        """Consume ``loc(...)`` at the current token, if there is one, and
        return its inline text (``"a.py":3:4``, ``fused[...]``; ``#loc``
        references kept, see resolve_locs); "" when there is none."""
        if self.peek() == "loc" and self.toks[self.i + 1] == "(":
            self.i += 2
            depth = 1
            toks = self.toks
            parts = []
            while True:
                t = toks[self.i]
                if t == "":
                    raise self.err("unbalanced parentheses in loc(...)")
                if t == "(":
                    depth += 1
                elif t == ")":
                    depth -= 1
                    if not depth:
                        break
                elif t[0] == "\n":
                    self.i += 1
                    continue
                elif t[0] == "#" and "<" not in t and "." not in t and t[1:] not in self.attr_aliases:
                    # iree-opt prints the `#loc = loc(...)` definitions after the module
                    if t[1:] not in self.loc_refs:
                        self.loc_refs[t[1:]] = self.i
                parts.append(t)
                self.i += 1
            self.i += 1
            return _loc_join(parts)
        return ""

    @cython.ccall
    def end_stmt(self, op: Op) -> None:
        """Optional trailing ``attributes {...}`` and ``loc(...)``, then the end of the op."""
        toks: list = self.toks
        t: str = toks[self.i]
        if _eq(t, "attributes"):
            self.i += 1
            self.op_attrs(op)
            t = toks[self.i]
        if _eq(t, "loc"):
            d = self.skip_loc()
            if d:
                op.dloc = d
            t = toks[self.i]
        if _eq(t, "") or t[0] == "\n" or _eq(t, "}"):
            return
        if self.stmt_start(self.i):
            return  # the next op on the same line (a module on one line, CR-only line ends)
        raise self.err(f"unexpected '{t}' after {op.name}")

    # -- module structure ------------------------------------------------
    def parse_module(self) -> Module:
        m = self.m
        self.push()
        body = m.body
        while True:
            if self.chunks is not None and self.i + _MARGIN > len(self.toks):
                self.refill()
            t = self.peek()
            if t == "":
                break
            if (t[0] == "#" or t[0] == "!") and self.toks[self.i + 1] == "=" and "<" not in t:
                self.parse_alias()
                continue
            if t == "}":
                raise self.err("unexpected '}': unbalanced brackets")
            self.parse_stmt(body)
        self.pop()
        if self.forward:
            name, (_, k) = min(self.forward.items(), key=lambda kv: kv[1][1])
            raise self.err(f"use of undeclared SSA value name '%{name}'", k)
        self.unwrap_module()
        if self.loc_refs:
            self.resolve_locs()
        return m

    def resolve_locs(self) -> None:
        """Replace ``#loc`` alias references in every location by their definitions."""
        defs = self.loc_aliases
        for nm, k in sorted(self.loc_refs.items(), key=lambda kv: kv[1]):
            if nm not in defs:
                raise self.err(f"undefined symbol alias id '{nm}'", k)
        done: dict = {}

        def sub(mm) -> str:
            t = mm.group(0)
            if t[0] == '"' or t[1:] not in defs:
                return t
            return full(t[1:], ())

        def full(nm: str, stack: tuple) -> str:
            r = done.get(nm)
            if r is None:
                if nm in stack:
                    raise FastallocError(f"{self.src.filename}: location alias '#{nm}' refers to itself")
                r = _LOC_REF.sub(lambda mm: sub2(mm, stack + (nm,)), defs[nm])
                done[nm] = r
            return r

        def sub2(mm, stack: tuple) -> str:
            t = mm.group(0)
            if t[0] == '"' or t[1:] not in defs:
                return t
            return full(t[1:], stack)

        def fix(text):
            return _LOC_REF.sub(sub, text) if text is not None and "#" in text else text

        m = self.m
        m.dloc = fix(m.dloc) if isinstance(m.dloc, str) else m.dloc
        for op in m.walk():
            if op.dloc is not None:
                op.dloc = fix(op.dloc)
            tmpl = op.tmpl
            if tmpl is not None:
                for k, piece in enumerate(tmpl):
                    if piece.__class__ is tuple and piece[0] == "l":
                        tmpl[k] = ("l", fix(piece[1]))
            for r in op._regions:
                for b in r.blocks:
                    if b.arg_locs is not None:
                        b.arg_locs = [fix(x) for x in b.arg_locs]

    def parse_alias(self) -> None:
        t = self.next()
        self.expect("=")
        name = t[1:]
        if t[0] == "!":
            if name in self.type_aliases:
                raise self.err(f"redefinition of type alias id '{name}'", self.i - 2)
            k = self.i
            text = self.balanced_text(frozenset({"\n"}))
            self.type_aliases[name] = self.check_type(text, k) if " " not in text else text
            self.m.aliases.append(f"{t} = {text}")
        else:
            if name in self.attr_aliases or name in self.loc_aliases:
                raise self.err(f"redefinition of attribute alias id '{name}'", self.i - 2)
            if self.peek() == "loc":
                self.loc_aliases[name] = self.skip_loc()
                return
            k = self.i
            text = self.balanced_text(frozenset({"\n"}))
            if text.startswith("#stream.resource_config<"):
                self.check_resource_config(text, k)
            self.attr_aliases.add(name)
            self.m.aliases.append(f"{t} = {text}")

    def unwrap_module(self) -> None:
        """A text that is one ``module [@name] [attributes {...}] { ... }`` becomes the Module itself."""
        m = self.m
        ops = m.body.ops
        if len(ops) != 1:
            return
        op = ops[0]
        if op.name not in ("module", "builtin.module") or op.tmpl is None or len(op._regions) != 1:
            return
        tmpl = op.tmpl
        r = tmpl.index(("r", 0))
        if any(not isinstance(x, str) for k, x in enumerate(tmpl) if k != r):
            return
        before = " ".join(x for x in tmpl[:r] if x.strip())
        after = " ".join(x for x in tmpl[r + 1:] if x.strip())
        inner = op._regions[0].blocks
        if len(inner) != 1 or inner[0].args or inner[0].label is not None:
            return
        if before.startswith('"'):
            mb = re.fullmatch(r'"(?:builtin\.)?module"\s*\(\)\s*(?:<\{sym_name = "([^"]*)"\}>)?\s*\(', before)
            ma = re.fullmatch(r"\)\s*(\{.*\})?\s*:\s*\(\)\s*->\s*\(\)", after)
            if not mb or not ma:
                return
            header = "module"
            if mb.group(1):
                header += f" @{mb.group(1)}"
            if ma.group(1):
                header += " attributes " + ma.group(1)
        else:
            if after:
                return
            header = "module" + before[len(op.name):]
        m.header = header
        m.dloc = op.dloc if op.dloc is not None else op  # an Op: its position, resolved when printed
        body = m.body
        body.ops = inner[0].ops
        for o in body.ops:
            o.parent = body

    @cython.ccall
    def parse_region(self, args: list[tuple[str, str, int]] | None = None) -> Region:
        """``{`` blocks ``}``; ``args`` are (name, type, token) of the entry block."""
        self.expect("{")
        limit: cython.Py_ssize_t = _MAX_NESTING
        if self.nesting >= limit:
            raise self.err(f"regions nested deeper than {_MAX_NESTING} levels", self.i - 1)
        self.nesting += 1
        self.push()
        region = Region()
        block = Block()
        region.add_block(block)
        if args:
            for k, (name, ty, tk) in enumerate(args):
                v = self.new_value(ty, block, k, name)
                block.args.append(v)
                self.define("%" + name, [v], tk)
        first = True
        margin: cython.Py_ssize_t = _MARGIN  # a C integer: compared once per statement
        while True:
            if self.chunks is not None and self.i + margin > len(self.toks):
                self.refill()
            t = self.peek()
            if _eq(t, "}"):
                self.i += 1
                break
            if _eq(t, ""):
                raise self.err("unexpected end of file: unbalanced brackets, expected '}'")
            if t[0] == "^":
                if first and not block.ops and not block.args:
                    blk = block
                else:
                    blk = Block()
                    region.add_block(blk)
                self.parse_block_label(blk)
                block = blk
                first = False
                continue
            first = False
            self.parse_stmt(block)
        self.pop()
        self.nesting -= 1
        if self.nesting == 0 and self.forward:
            # A top-level op's body (a function) is closed: a name it used
            # and never defined must not bind to a later function's value.
            self.undeclared()
        return region

    def undeclared(self) -> None:
        """Raise for the first use of a name that was never defined."""
        name, (_, k) = min(self.forward.items(), key=lambda kv: kv[1][1])
        raise self.err(f"use of undeclared SSA value name '%{name}'", k)

    @cython.ccall
    def parse_block_label(self, blk: Block) -> None:
        t = self.next()
        blk.label = t[1:]
        if self.accept("("):
            if not self.accept(")"):
                while True:
                    k = self.i
                    t = self.next()
                    if t[0] != "%" or "#" in t:
                        raise self.err("expected SSA block argument name", k)
                    self.expect(":")
                    ty = self.type_()
                    v = self.new_value(ty, blk, len(blk.args), _sigil_name(self.ids, t))
                    blk.args.append(v)
                    self.define(t, [v], k)
                    d = self.skip_loc()
                    if d:
                        locs = blk.arg_locs
                        if locs is None:
                            locs = blk.arg_locs = []
                        locs += [None] * (len(blk.args) - 1 - len(locs))
                        locs.append(d)
                    if self.accept(","):
                        continue
                    self.expect(")")
                    break
        self.expect(":", "after block label")

    @cython.ccall
    @cython.locals(op=Op, g=tuple, kf=tuple, results=list, nres=cython.Py_ssize_t, idx=cython.Py_ssize_t,
                   cnt=cython.Py_ssize_t, k=cython.Py_ssize_t, cnt0=cython.Py_ssize_t, k0=cython.Py_ssize_t,
                   more=list, nm0=str, t0=str, sid=cython.Py_ssize_t, sid0=cython.Py_ssize_t, spare=dict)
    def parse_stmt(self, block: Block) -> None:
        toks: list = self.toks
        t: str
        start = self.i
        # the result groups (`%a, %b:2 = `): the first (nearly always the
        # only one) in nm0, cnt0, k0, t0, sid0; the others in ``more``, as tuples
        nres = 0
        cnt0 = 0
        k0 = 0
        sid0 = 0
        nm0 = None
        t0 = None
        more = None
        t = toks[self.i]
        if _first_char(t) == "%":
            while True:
                k = self.i
                if "#" in t:
                    raise self.err("expected result name without '#'", k)
                self.i += 1
                cnt = 1
                if toks[self.i] == ":":
                    self.i += 1
                    cnt = self.result_count(toks[self.i])
                    self.i += 1
                # one name string per distinct name: functions reuse %0, %1, ...
                sid = _sigil_id(self.ids, t)
                nm = _sigil_last(self.ids, t)
                if nres == 0:
                    nm0 = nm
                    cnt0 = cnt
                    k0 = k
                    t0 = t
                    sid0 = sid
                else:
                    if more is None:
                        more = []
                    more.append((nm, cnt, k, t, sid))
                nres += cnt
                if toks[self.i] == ",":
                    self.i += 1
                    t = self.peek()
                    if _first_char(t) != "%":
                        raise self.err("expected valid ssa identifier")
                    continue
                self.expect("=", "after the result list")
                break
        ksrc = self.i + self.base  # the op's token in the whole text (the window moves in regions)
        name = self.peek()
        if name == "":
            raise self.err("unexpected end of file, expected operation")
        known: dict = _FORMATS
        kf = known.get(name)
        if kf is not None:
            self.i += 1
            op = _new_op(name, kf[0], False)  # finish gives it its lists
            # one dict lent to an op at a time (an op in its regions makes its own)
            spare = self.spare_props
            self.spare_props = None
            if spare is None:
                spare = {}
            op._props = spare
            _p_format(self, op, kf[1])
            self.end_stmt(op)
            props = op._props
            # read-only (see SharedProps): a copy of props, or props itself (a value that cannot be a key)
            op._props = _share_props(self.shared, props)
            if props is spare and op._props is not spare:
                spare.clear()
                self.spare_props = spare
        elif name[0] == '"':
            self.i += 1
            opname = _unquote(name)
            if opname in OPS:
                d = OPS[opname]
                op = _new_op(d.name, d, True)
                saved = self.encl
                self.encl = opname
                self.parse_generic(op)
                self.encl = saved
            else:
                self.check_generic_name(opname, self.i - 1)
                op = _new_op(opname, None, True)
                saved = self.encl
                self.encl = opname
                self.parse_template(op, True, nres)
                self.encl = saved
        elif _is_ident(name):
            self.check_custom_name(name, self.i)
            self.i += 1
            op = _new_op(name, None, True)
            saved = self.encl
            self.encl = name
            self.parse_template(op, False, nres)
            self.encl = saved
        else:
            raise self.err(f"expected operation name, got '{name}'" if name != "}" else "unexpected '}'")
        op._loc = self.src  # see Op.loc: resolved on demand
        _set_tok(op, ksrc)  # op._src = ksrc
        results = op.results
        if len(results) != nres and nres:
            if op.tmpl is not None and not results:
                pass
            else:
                raise self.err(f"operation defines {len(results)} results but was provided {nres} to bind", start)
        if not results and nres:
            for idx in range(nres):
                results.append(self.new_value("", op, idx, None))
        if nres:
            self.bind_group(results, 0, nm0, cnt0, t0, k0, sid0)
            if more is not None:
                idx = cnt0
                for g in more:
                    cnt = g[1]
                    self.bind_group(results, idx, g[0], cnt, g[3], g[2], g[4])
                    idx += cnt
        op.parent = block
        block.ops.append(op)

    @cython.cfunc
    @cython.locals(grp=list, v=Value)
    def bind_group(self, results: list, idx: cython.Py_ssize_t, nm: str, cnt: cython.Py_ssize_t, tok: str,
                   k: cython.Py_ssize_t, sid: cython.Py_ssize_t) -> cython.int:
        """Bind the result group ``tok`` (``%nm``, id ``sid``, at token k) to
        the ``cnt`` results from ``idx``: all of them (the usual `%r = ` /
        `%r:n = `), the op's own list."""
        grp = results if cnt == len(results) else results[idx:idx + cnt]
        for v in grp:
            v.name_hint = nm
        self.define_id(sid, tok, grp, k)
        return 0

    @cython.cfunc
    @cython.locals(n=cython.Py_ssize_t, q=cython.Py_ssize_t, cnt=cython.Py_ssize_t, ch=cython.Py_ssize_t)
    def result_count(self, c: str) -> cython.Py_ssize_t:
        """The N of a result group `%x:N` (token ``c``): a positive integer
        up to _MAX_RESULTS (its ASCII digits read here; anything else is
        checked as str.isdigit and int() read it, for the same errors)."""
        n = len(c)
        if 0 < n <= 9:
            cnt = 0
            for q in range(n):
                ch = _char_at(c, q)
                if ch < 48 or ch > 57:
                    break
                cnt = cnt * 10 + (ch - 48)
            else:
                if 0 < cnt <= _MAX_RESULTS:
                    return cnt
        if not c.isdigit() or int(c) == 0:
            raise self.err("expected positive integer result count")
        big = int(c)
        if big > _MAX_RESULTS:
            raise self.err(f"result count {big} is beyond any op's ({_MAX_RESULTS})")
        return big

    # -- op names iree-opt knows (fastalloc.ir.registered) ----------------
    def check_custom_name(self, name: str, k: cython.Py_ssize_t) -> None:
        """iree-opt parses a pretty op only if its dialect is registered and,
        for a dialect whose op list is known, the op is one of them; a name
        without a dialect is looked up in ``builtin`` and in the enclosing
        op's default dialect (``func`` in a ``func.func``)."""
        dot = name.find(".")
        if dot < 0:
            if "builtin." + name in _OP_NAMES:
                return
            encl = self.encl
            default = "func" if encl == "func.func" else "builtin" if encl in ("", "module", "builtin.module") else ""
            if default and default + "." + name in _OP_NAMES:
                return
            if default:
                raise self.err(f"custom op '{name}' is unknown (tried '{default}.{name}' as well)", k)
            raise self.err(f"Dialect `' not found for custom op '{name}' (tried '.{name}' as well)", k)
        dialect = name[:dot]
        if dialect not in _DIALECTS:
            raise self.err(f"Dialect `{dialect}' not found for custom op '{name}'", k)
        if dialect in _COMPLETE_DIALECTS and name not in _OP_NAMES:
            raise self.err(f"custom op '{name}' is unknown", k)

    def check_generic_name(self, name: str, k: cython.Py_ssize_t) -> None:
        dialect = name[:name.find(".")] if "." in name else ""
        if dialect not in _DIALECTS:
            # (iree-opt points after the name)
            raise self.err("operation being parsed with an unregistered dialect. If this is intended, "
                           "please use -allow-unregistered-dialect with the MLIR tool used", k + 1)
        if dialect in _COMPLETE_DIALECTS and name not in _OP_NAMES:
            raise self.err(f"unregistered operation '{name}' found in dialect ('{dialect}') that does not "
                           "allow unknown operations", k)

    @cython.ccall
    def check_dialect(self, t: str, k: cython.Py_ssize_t) -> None:
        """``!dialect.type`` / ``#dialect.attr``: the dialect is one iree-opt
        registers, and a stream type is one the stream dialect defines."""
        if t in self.dialect_ok:
            return
        dot = t.find(".")
        lt = t.find("<")
        if dot < 0 or 0 <= lt < dot:
            return
        dialect = t[1:dot]
        if lt > 0 and "{" in t and '"' not in t:
            self.check_pretty_braces(t, k)
        if t.startswith("#stream.resource_config<"):
            self.check_resource_config(t, k)
        elif t.startswith("#hal.device.affinity<"):
            self.check_int64s(t, k)
        if dialect not in _DIALECTS:
            what = "type" if t[0] == "!" else "attribute"
            raise self.err(f"`{t}` {what} created with unregistered dialect. If this is intended, please provide "
                           "the -allow-unregistered-dialect option to the MLIR tool used", k)
        if dialect == "stream" and t[0] == "!":
            end = len(t) if lt < 0 else lt
            name = t[dot + 1:end]
            if name not in _STREAM_TYPES:
                raise self.err(f"unknown  type `{name}` in dialect `stream`", k)
        self.dialect_ok.add(t)

    def check_pretty_braces(self, t: str, k: cython.Py_ssize_t) -> None:
        """A ``{`` in the ``<...>`` body of a dialect type or attribute is
        closed in it (iree-opt: unbalanced '{' character in pretty dialect name)."""
        opened: list = []
        for pos in range(len(t)):
            c = t[pos]
            if c == "{":
                opened.append(pos)
            elif c == "}" and opened:
                opened.pop()
        if opened:
            msg = "unbalanced '{' character in pretty dialect name"
            if self.chunks is not None or self.base:
                raise FastallocError(msg)
            # (iree-opt points at the body's '<')
            raise FastallocError(msg, self.src.location_at(self.src.offset(k) + t.find("<")))

    def check_resource_config(self, t: str, k: cython.Py_ssize_t) -> None:
        """``#stream.resource_config<{key = value, ...}>``: entries of an
        integer or a keyword, comma-separated."""
        body = t[len("#stream.resource_config<"):]
        if not (body.startswith("{") and body.endswith("}>")):
            raise self.err("expected '{' and '}>' around the resource config", k)
        body = body[1:-2].strip()
        if body and not all(_CONFIG_ENTRY.fullmatch(e) for e in body.split(",")):
            # iree-opt reads `key = value` entries with an optional comma after each
            pos = 0
            while pos < len(body):
                m = _CONFIG_ENTRY_SEP.match(body, pos)
                if m is None or m.end() == pos:
                    raise self.err("expected valid keyword", k)
                pos = m.end()
        self.check_int64s(t, k)

    def check_int64s(self, t: str, k: cython.Py_ssize_t) -> None:
        """The integers of an attribute iree-opt reads as int64 (resource
        config values, affinity queues) fit: else `integer value too large`
        at the number."""
        for m in _ATTR_INT.finditer(t):
            v = int(m.group())
            if _INDEX_MIN <= v <= _INDEX_MAX:
                continue
            if self.chunks is not None or self.base:
                raise FastallocError("integer value too large")
            raise FastallocError("integer value too large", self.src.location_at(self.src.offset(k) + m.start()))

    # -- uninterpreted ops -------------------------------------------------
    @cython.ccall
    def stmt_start(self, j: cython.Py_ssize_t) -> cython.bint:
        toks: list = self.toks
        t: str = toks[j]
        if t == "" or t == "}":
            return True
        c = _first_char(t)
        if c == "^":
            # a block label `^bb1:` / `^bb1(%a: i32):`, not a successor `^bb1(%a : i32),`
            j += 1
            if toks[j] == "(":
                depth = 0
                while toks[j] != "":
                    if toks[j] == "(":
                        depth += 1
                    elif toks[j] == ")":
                        depth -= 1
                        if depth == 0:
                            break
                    j += 1
                j += 1
            return toks[j] == ":"
        if c == "%":
            while True:
                j += 1
                if toks[j] == ":":
                    j += 2
                if toks[j] == "=":
                    # `=>` lexes as `=` `>`: `await %t => %r` is no new statement
                    return toks[j + 1] != ">"
                if toks[j] != ",":
                    return False
                j += 1
                if toks[j][:1] != "%":
                    return False
        if c == '"':
            return toks[j + 1] == "("
        if _is_ident(t):
            return "." in t or t in _DOTLESS_OPS
        if (c == "#" or c == "!") and toks[j + 1] == "=":
            return True  # an alias definition (iree-opt puts the #loc ones after the module)
        return False

    @cython.ccall
    def region_follows(self, j: cython.Py_ssize_t) -> cython.bint:
        """Is the ``{`` at token j a region (not an attribute dictionary)?"""
        toks: list = self.toks
        k: cython.Py_ssize_t = j + 1
        nl = False
        while toks[k] == "\n":
            k += 1
            nl = True
        t = toks[k]
        if t == "}":
            return nl
        c = t[:1]
        if c == "%":
            return self.stmt_start(k)
        if c == "^":
            return True
        if c == '"':
            return toks[k + 1] == "("
        if _is_ident(t):
            return toks[k + 1] not in ("=", ",", "}")
        return False

    @cython.ccall
    def parse_template(self, op: Op, generic: bool, nres: int) -> None:
        if not generic and op.name not in _SYMBOL_OPS and self.literal_op(op, nres):
            return
        toks: list = self.toks
        t: str
        c: cython.Py_UCS4
        i: cython.Py_ssize_t
        j: cython.Py_ssize_t
        depth: cython.Py_ssize_t
        tmpl: list = []
        lit: list[str] = ['"' + op.name + '"' if generic else op.name]
        flat: list[str] = []  # depth-0 literal tokens, for result types
        flatk: list = []  # the token of each (valid while no region has been parsed)
        pending: list[tuple[str, str, int]] = []  # region args declared in the header
        pend_refs: list[int] = []  # tmpl positions of those refs
        cand: list[tuple[int, str, int]] = []  # `%x : T` in parens, not in scope
        header: set[str] = set()  # names defined by the header
        # In a function signature every SSA name is a definition (cmd.func's `%a[%o for %l]`).
        funclike = op.name.endswith(".func")
        selfrefs: list[tuple[int, str, int]] = []  # later mentions of those (e.g. tied results)
        angles: list[int] = []  # token positions of bare '<' not yet closed
        operands = op.operands
        opk: list = []  # token of each operand
        saved_rets = self.rets
        saved_depth = self.ret_depth
        limit: cython.Py_ssize_t = -1
        if not generic and op.name in _SYMBOL_OPS:
            self.check_symbol_header(op.name)
            limit = self.stmt_end
            self.stmt_end = -1
        elif generic and toks[self.skip_ws(self.i)] != "(":
            raise self.err("expected '(' to start operand list", self.skip_ws(self.i))
        depth = 0
        i = self.i
        start: cython.Py_ssize_t = i
        while True:
            t = toks[i]
            if t == "":
                if depth:
                    self.i = i
                    raise self.err("unexpected end of file: unbalanced brackets")
                break
            c = _first_char(t)
            if depth == 0 and i > start and (c == "%" or (c != "\n" and "." in t and _is_ident(t) and "<" not in t)) \
                    and toks[i - 1] != "unsigned" and self.stmt_start(i):
                # The next op on the same line: `%r = ...` (not a header
                # definition such as `scf.for %i = `, right after the name)
                # or a dotted op name, which no type or keyword spells bare
                # (`dense<1.5>` after an attribute dictionary is no op name).
                break
            if c == "\n":
                if depth == 0:
                    j = i + 1
                    while toks[j] == "\n":
                        j += 1
                    if self.stmt_start(j) or 0 <= limit <= j:
                        break
                i += 1
                continue
            if c == "%":
                nt = toks[i + 1]
                if "#" not in t and not op._regions:
                    nm = t[1:]
                    if (nt == "=" and toks[i + 2] != ">") or (nt == ":" and depth > 0 and self.bound_to(t) is None) or nm in header or funclike:
                        if lit:
                            tmpl.append(_join(lit))
                            lit = []
                        if nm in header:
                            selfrefs.append((len(tmpl), nm, i))
                        elif nt == "=" and toks[i + 2] != ">":
                            pend_refs.append(len(tmpl))
                            pending.append((nm, "", i))
                            header.add(nm)
                        else:
                            cand.append((len(tmpl), nm, i))
                            header.add(nm)
                        tmpl.append(None)
                        i += 1
                        continue
                if lit:
                    tmpl.append(_join(lit))
                    lit = []
                tmpl.append(len(operands))
                g = self.bound_to(t)
                if g is not None and g:
                    v = g[0]
                else:
                    v = self.lookup(t, i)
                operands.append(v)
                opk.append(i)
                if nt == ":" and depth > 0 and toks[i - 1] == "(" and toks[i + 3] == ")":
                    # `(%x : T)` (successor operands, ins/outs): T is %x's type
                    ty = toks[i + 2]
                    if ty[:1] == "!" or _BUILTIN_TYPE.match(ty):
                        _check_use_type(self, v, self.check_type(ty, i + 2), i)
                i += 1
                continue
            if len(t) == 1 and c in "([{)]}":
                if c == "{":
                    if self.region_follows(i):
                        if lit:
                            tmpl.append(_join(lit))
                            lit = []
                        self.i = i
                        if operands:
                            _link_operands(op, self.resolved)
                        ridx = len(op._regions)
                        args: list[tuple[str, str, int]] = []
                        if ridx == 0:
                            # Header definitions, in text order, are the entry block's arguments.
                            entries = [(kk, pos, nm, "") for pos, (nm, _, kk) in zip(pend_refs, pending)]
                            entries += [(kk, pos, nm, ty) for (pos, nm, kk), ty in zip(cand, self._cand_types(cand))]
                            entries.sort()
                            argno = {}
                            for a, (kk, pos, nm, ty) in enumerate(entries):
                                tmpl[pos] = ("a", 0, a)
                                args.append((nm, ty, kk))
                                argno[nm] = a
                            for pos, nm, kk in selfrefs:
                                tmpl[pos] = ("a", 0, argno[nm])
                            selfrefs = []
                            pending = []
                            pend_refs = []
                            cand = []
                        region = self.parse_region(args)
                        region.parent = op
                        _add_region(op, region)
                        tmpl.append(("r", ridx))
                        toks = self.toks  # refilled inside the region
                        i = self.i
                        continue
                    depth += 1
                elif c == "(" or c == "[":
                    depth += 1
                else:
                    if depth == 0:
                        break
                    depth -= 1
                lit.append(t)
                flat.append(t)
                flatk.append(i)
                i += 1
                continue
            if t == "loc" and toks[i + 1] == "(":
                self.i = i
                d = self.skip_loc()
                i = self.i
                nt = toks[i]
                if depth == 0 and (nt == "" or nt == "}" or nt[0] == "\n"):
                    op.dloc = d  # the op's own, trailing location
                else:
                    # an argument's, in a signature: printed only with debuginfo
                    if lit:
                        tmpl.append(_join(lit))
                        lit = []
                    tmpl.append(("l", d))
                continue
            if (c == "#" or c == "!") and "." in t:
                self.check_dialect(t, i)
            if (c == "#" or c == "!") and "<" not in t and "." not in t:
                nm = t[1:]
                if c == "#" and nm not in self.attr_aliases and nm not in self.loc_aliases:
                    raise self.err(f"undefined symbol alias id '{nm}'", i)
                if c == "!" and nm not in self.type_aliases:
                    raise self.err(f"undefined symbol alias id '{nm}'", i)
            elif c == "<" and len(t) == 1:
                # a bare '<' (`foo<...>` of a name the lexer does not join,
                # `<{...}>`) must be closed within the op
                angles.append(i)
            elif c == ">" and len(t) == 1 and angles and toks[i - 1] != "=":  # `=>` closes nothing
                angles.pop()
            lit.append(t)
            flat.append(t)
            flatk.append(i)
            i += 1
        if angles:
            # iree-opt: `: badtype<` is no type; point at the name before it
            k = angles[0]
            prev = toks[k - 1] if k > 0 else ""
            raise self.err(f"expected non-function type: unbalanced '<' after '{prev}'" if _is_ident(prev)
                           else "unbalanced '<'", k - 1 if _is_ident(prev) else k)
        self.i = i
        if op.name.endswith(".func") or op.name == "func":
            # A function declaration: its argument names define nothing.
            for pos, nm, kk in [(pos, nm, kk) for pos, (nm, _, kk) in zip(pend_refs, pending)] + cand + selfrefs:
                tmpl[pos] = "%" + nm
            pending, pend_refs, cand, selfrefs = [], [], [], []
        cand = cand + selfrefs
        # Header definitions with no region after them were uses after all.
        for pos, (nm, _, kk) in zip(pend_refs, pending):
            tmpl[pos] = len(operands)
            operands.append(self.lookup("%" + nm, kk))
            opk.append(kk)
        for pos, nm, kk in cand:
            tmpl[pos] = len(operands)
            operands.append(self.lookup("%" + nm, kk))
            opk.append(kk)
        self.rets = saved_rets
        self.ret_depth = saved_depth
        # An op of literal tokens only (no operand, region or inner
        # location: `arith.constant 0 : index`, repeated in every function)
        # is checked and typed by its tokens and result count alone: those
        # read before give its text and result types again.
        memo_key = None
        if not tmpl and not operands and not op._regions and (
                generic or (op.name not in _COLON_OPS and op.name not in _TRAILING_TYPES)):
            memo_key = (nres, lit[0], tuple(flat))  # lit: the name (quoted if generic), then flat
            hit = self.tmpl_memo.get(memo_key)
            if hit is not None:
                self.from_memo(op, hit, nres)
                return
        if not generic and not op._regions:
            if op.name in _COLON_OPS:
                self.check_colon(start, i)
            if op.name in _TRAILING_TYPES:
                self.check_trailing_types(op, flat, opk, start - 1, nres)
            if op.name.startswith("arith."):
                self.check_type_list_last(op, flat, flatk)
                self.check_arith(op, opk, start - 1, nres)
        text = _join(lit)
        tmpl.append(text)
        op.tmpl = tmpl
        if operands:
            _link_operands(op, self.resolved)
        types = _result_types(op.name, flat, nres) if nres else []
        if memo_key is not None:
            self.tmpl_memo[memo_key] = (text, types)
        if nres:
            for k in range(nres):
                op.results.append(self.new_value(types[k], op, k, None))

    @cython.cfunc
    @cython.locals(types=list, n=cython.Py_ssize_t)
    def from_memo(self, op: Op, hit: tuple, nres: cython.Py_ssize_t) -> cython.int:
        """``op`` as the tmpl_memo entry ``hit`` (text, result types) says."""
        op.tmpl = [hit[0]]
        types = hit[1]
        for n in range(nres):
            op.results.append(self.new_value(types[n], op, n, None))
        return 0

    @cython.cfunc
    @cython.locals(j=cython.Py_ssize_t, k=cython.Py_ssize_t, t=str, c=cython.Py_UCS4)
    def literal_op(self, op: Op, nres: cython.Py_ssize_t) -> cython.bint:
        """parse_template's tmpl_memo without its loop: the pretty op's
        tokens up to its end (a line break before the next statement, or the
        region's ``}``) are plain literals (no operand, bracket, alias,
        location or dotted name) that an op of this name and result count
        had: its text and results from there.  False, nothing read, else."""
        toks: list = self.toks
        j = self.i
        while True:
            t = toks[j]
            if not t:
                break
            c = _first_char(t)
            if c == "\n" or (c == "}" and len(t) == 1):
                break
            if c in '%#!<>([{)]}"' or _eq(t, "loc") or ("." in t and _is_ident(t)):
                return False
            j += 1
        if toks[j] == "\n":
            k = j + 1
            while toks[k] == "\n":
                k += 1
            if not self.stmt_start(k):
                return False
        hit = self.tmpl_memo.get((nres, op.name, tuple(toks[self.i:j])))
        if hit is None:
            return False
        self.from_memo(op, hit, nres)
        self.i = j
        return True

    # -- grammar of the uninterpreted ops iree-opt checks that fastalloc can --
    def skip_ws(self, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
        toks = self.toks
        while toks[j] == "\n":
            j += 1
        return j

    def skip_group(self, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """The token after the bracket group that opens at token j."""
        toks = self.toks
        depth = 0
        while True:
            t = toks[j]
            if t == "":
                raise self.err("unexpected end of file: unbalanced brackets", j)
            if len(t) == 1 and t in "([{":
                depth += 1
            elif len(t) == 1 and t in ")]}":
                depth -= 1
                if depth == 0:
                    return j + 1
            j += 1

    def check_symbol_header(self, name: str) -> None:
        """``[visibility] @sym`` of a symbol op; for a function, its
        signature ``(args) [-> results]`` too (the result types are kept
        for its returns: ``rets``)."""
        toks = self.toks
        if self.ret_depth >= 0 and self.nesting >= self.ret_depth:
            raise self.err(f"'{name}' op symbol's parent must have the SymbolTable trait", self.i - 1)
        j = self.skip_ws(self.i)
        if toks[j] in ("public", "private", "nested"):
            j = self.skip_ws(j + 1)
        if name == "util.global" and toks[j] == "mutable":
            j = self.skip_ws(j + 1)
        if toks[j][:1] != "@":
            if name in ("builtin.module", "module"):
                return
            raise self.err(f"custom op '{name}' expected valid '@'-identifier for symbol name", j)
        j = self.skip_ws(j + 1)
        if name == "util.global":
            self.check_global_tail(j)
            return
        if name not in ("util.func", "func.func"):
            if name == "stream.executable" and toks[j] not in ("{", "attributes", ""):
                raise self.err("expected operation name in quotes", j)
            return
        if toks[j] != "(":
            raise self.err_expected("expected '('", j)
        argtypes: dict = {}
        j = self.skip_ws(j + 1)
        if toks[j] == ")":
            j += 1
        else:
            while True:
                arg = ""
                if toks[j][:1] == "%":
                    arg = toks[j]
                    if arg in argtypes:
                        raise self.err(f"region entry argument '{arg}' is already in use", j)
                    j = self.skip_ws(j + 1)
                    if toks[j] != ":":
                        raise self.err_expected("expected ':'", j)
                    j = self.skip_ws(j + 1)
                if arg:
                    argtypes[arg] = self.check_type(toks[j], j)
                j = self.header_type(j)
                if toks[j] == "{":
                    j = self.skip_ws(self.skip_group(j))
                if toks[j] == "loc" and toks[j + 1] == "(":
                    j = self.skip_ws(self.skip_group(j + 1))
                if toks[j] == ",":
                    j = self.skip_ws(j + 1)
                    continue
                if toks[j] != ")":
                    raise self.err_expected("expected ')'", j)
                j += 1
                break
        j = self.skip_ws(j)
        rets: list = []
        if toks[j] == "->":
            j = self.skip_ws(j + 1)
            if toks[j] == "(":
                j = self.skip_ws(j + 1)
                if toks[j] == ")":
                    j += 1
                else:
                    while True:
                        j = self.header_result(j, argtypes, rets)
                        if toks[j] == "{":
                            j = self.skip_ws(self.skip_group(j))
                        if toks[j] == ",":
                            j = self.skip_ws(j + 1)
                            continue
                        if toks[j] != ")":
                            raise self.err_expected("expected ')'", j)
                        j += 1
                        break
            else:
                j = self.header_result(j, argtypes, rets)
        self.rets = None if None in rets else [r.replace(" ", "") for r in rets]
        self.ret_depth = self.nesting + 1

    def check_colon(self, j: cython.Py_ssize_t, end: cython.Py_ssize_t) -> None:
        """An op of ``_COLON_OPS`` (``name [keywords] operands : types``) has
        its ``:`` after operands, symbols, `=>` and keyword groups only."""
        toks = self.toks
        while j < end:
            t = toks[j]
            if t == ":":
                return
            c = t[:1]
            if c == "(" or c == "[" or c == "{":
                j = self.skip_group(j)
                continue
            if not (c == "%" or c == "@" or c == "\n" or t in _COLON_OP_WORDS):
                break
            j += 1
        raise self.err_expected("expected ':'", j)

    def check_global_tail(self, j: cython.Py_ssize_t) -> None:
        """``util.global ... @sym [{attrs}] (: type | = attr ...)``: with a
        type, the op ends after it (what follows on the next line is the next
        op, which iree-opt reads as one: `private util.global` is no op)."""
        toks = self.toks
        if toks[j] == "{":
            j = self.skip_ws(self.skip_group(j))
        if toks[j] == "=":
            return
        if toks[j] != ":":
            raise self.err_expected("expected ':'", j)
        j = self.skip_ws(j + 1)
        self.check_type(toks[j], j)
        self.stmt_end = self.header_type(j)

    def header_result(self, j: cython.Py_ssize_t, argtypes: dict, rets: list) -> cython.Py_ssize_t:
        """A function result: ``T``, ``%arg as T`` or ``%arg`` (tied: the
        argument's type); its type appended to ``rets`` (None: unknown)."""
        toks = self.toks
        if toks[j][:1] == "%":
            k = self.skip_ws(j + 1)
            if toks[k] != "as":
                rets.append(argtypes.get(toks[j]))
                return k
            j = self.skip_ws(k + 1)
        rets.append(self.check_type(toks[j], j))
        return self.header_type(j)

    def header_type(self, j: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """Check the type at token j (not a function type: fastalloc reads
        none); the next token."""
        t = self.toks[j]
        if t == "" or t == "\n":
            raise self.err("unexpected end of file, expected type" if t == "" else "expected type", j)
        if t == "(":
            raise self.err("expected non-function type", j)
        self.check_type(t, j)
        return self.skip_ws(j + 1)

    def check_type_list_last(self, op: Op, flat: list, flatk: list) -> None:
        """An arith op's custom form ends with its types: after the first
        ``:`` (outside brackets) come ``T (, T)* [to T]`` and nothing else."""
        depth = 0
        colon = -1
        for n, t in enumerate(flat):
            if len(t) == 1 and t in "([{":
                depth += 1
            elif len(t) == 1 and t in ")]}":
                depth -= 1
            elif t == ":" and depth == 0:
                colon = n
                break
        if colon < 0:
            return
        rest = flat[colon + 1:]
        if any(len(t) == 1 and t in "([{<>)]}" for t in rest):
            return  # not a plain type list: leave it alone
        want_type = True
        seen_to = False
        for n, t in enumerate(rest):
            k = flatk[colon + 1 + n]
            if want_type:
                self.check_type(t, k)
                want_type = False
            elif t == "," and not seen_to:
                want_type = True
            elif t == "to" and not seen_to:
                want_type = True
                seen_to = True
            else:
                raise self.err(f"unexpected '{t}' after the types of {op.name}", k)
        if want_type:
            raise self.err("expected type", flatk[colon + len(rest)] + 1 if rest else flatk[colon] + 1)

    def stmt_tokens(self, kname: cython.Py_ssize_t) -> list:
        """(token, index) of the op after its name, line breaks and its
        trailing ``loc(...)`` left out."""
        toks = self.toks
        out = []
        j = kname + 1
        end = self.i
        while j < end:
            t = toks[j]
            if t == "loc" and toks[j + 1] == "(":
                break
            if t != "\n":
                out.append((t, j))
            j += 1
        return out

    def check_arith(self, op: Op, opk: list, kname: cython.Py_ssize_t, nres: cython.Py_ssize_t) -> None:
        """The custom forms of the arith ops fastalloc keeps as text:
        ``constant [{attrs}] value [: T]``; ``cmpi pred, %a, %b : T``;
        ``name %a, %b [flags] : T [to T]`` with the op's operand count, the
        operands of the stated type, one result."""
        name = op.name
        ts = self.stmt_tokens(kname)
        last = ts[-1][1] + 1 if ts else kname + 1
        if nres > 1:
            raise self.err(f"operation defines 1 results but was provided {nres} to bind", kname)
        n = 0
        if name == "arith.constant":
            if n < len(ts) and ts[n][0] == "{":
                n = _skip_group_list(ts, n)
            if n >= len(ts) or ts[n][0] in (":", ",", ")", "]", "}", "="):
                raise self.err("expected attribute value", ts[n][1] if n < len(ts) else last)
            value = ts[n][0]
            n = _skip_group_list(ts, n) if value in ("[", "(") else n + 1
            if n >= len(ts):
                return
            if ts[n][0] != ":":
                raise self.err(f"unexpected '{ts[n][0]}' after the value of {name}", ts[n][1])
            if n + 1 >= len(ts):
                raise self.err("expected non-function type", last)
            ty = self.check_type(ts[n + 1][0], ts[n + 1][1])
            if n + 2 < len(ts):
                raise self.err(f"unexpected '{ts[n + 2][0]}' after the type of {name}", ts[n + 2][1])
            kv = ts[n - 1][1]
            if ty in _PLAIN_INT_TYPES and _plain_decimal(value):
                return  # the usual `arith.constant 0 : index`: what the patterns below accept
            if _INT_LIT.fullmatch(value):
                if _FLOAT_TYPE.fullmatch(ty):
                    if not value.startswith(("0x", "-0x")):
                        raise self.err("unexpected decimal integer literal for a floating point value", kv)
                elif not _INT_TYPE.fullmatch(ty):
                    raise self.err("integer literal not valid for specified type", kv)
            elif _FLOAT_LIT.fullmatch(value) and not _FLOAT_TYPE.fullmatch(ty):
                # (iree-opt points at the token after the op)
                raise self.err("floating point value not valid for specified type")
            return
        if name == "arith.cmpi" or name == "arith.cmpf":
            preds = _CMPI_PREDICATES if name == "arith.cmpi" else _CMPF_PREDICATES
            if not ts or ts[0][0] not in preds:
                raise self.err(f"custom op '{name}' expected string or keyword containing one of the following "
                               f"enum values", ts[0][1] if ts else last)
            if len(ts) < 2 or ts[1][0] != ",":
                raise self.err_expected("expected ','", ts[1][1] if len(ts) > 1 else last)
            n = 2
        count = 0
        if n < len(ts) and ts[n][0][:1] == "%":
            while True:
                count += 1
                n += 1
                if n < len(ts) and ts[n][0] == ",":
                    n += 1
                    if n >= len(ts) or ts[n][0][:1] != "%":
                        raise self.err("expected SSA operand", ts[n][1] if n < len(ts) else last)
                    continue
                break
        arity = _ARITH_ARITY.get(name, -1)
        if arity >= 0 and count != arity:
            k = ts[n][1] if n < len(ts) else last
            raise self.err_expected("expected ','" if count < arity else "expected ':'", k)
        # flags (overflow<nsw>, fastmath<fast>, {attrs}) up to the ':'
        m = n
        while m < len(ts) and ts[m][0] != ":":
            if ts[m][0][:1] == "%":
                raise self.err_expected("expected ':'", ts[n][1] if n < len(ts) else last)
            m += 1
        if m >= len(ts):
            if arity >= 0:
                raise self.err_expected("expected ':'", ts[n][1] if n < len(ts) else last)
            return
        if arity >= 0 and name not in ("arith.select",) and m + 1 < len(ts):
            ty = self.check_type(ts[m + 1][0], ts[m + 1][1])
            for v, k in zip(op.operands, opk):
                _check_use_type(self, v, ty, k)

    def check_trailing_types(self, op: Op, flat: list, opk: list, kname: cython.Py_ssize_t, nres: int) -> None:
        """``name %a, %b : T1, T2``: one type per operand, each the operand's;
        a function's return: its result types."""
        toks = self.toks
        j = self.skip_ws(kname + 1)
        if toks[j][:1] == "%":
            while True:
                j = self.skip_ws(j + 1)
                if toks[j] == ",":
                    j = self.skip_ws(j + 1)
                    if toks[j][:1] != "%":
                        raise self.err("expected SSA operand", j)
                    continue
                if toks[j] != ":" and j < self.i:
                    raise self.err_expected("expected ':'", j)
                break
        if ":" not in flat:
            types: list = []
        else:
            types = flat[flat.index(":") + 1:]
            if any(len(t) == 1 and t in "([{<" for t in types):
                return  # not a plain type list: leave it alone
            types = [t for t in types if t != ","]
        operands = op.operands
        if op.name == "util.optimization_barrier":
            if nres and nres != len(operands):
                raise self.err(f"operation defines {len(operands)} results but was provided {nres} to bind", kname)
        elif nres:
            raise self.err("cannot name an operation with no results", kname)
        if len(types) != len(operands):
            if not types and not operands:
                return
            raise self.err(f"{len(operands)} operands present, but expected {len(types)}",
                           opk[0] if operands else kname)
        res = []
        for v, ty, k in zip(operands, types, opk):
            ty = self.check_type(ty, k)
            _check_use_type(self, v, ty, k)
            res.append(ty.replace(" ", ""))
        # (an undeclared operand is iree-opt's first error: it parses before it verifies)
        if op.name in ("util.return", "func.return", "return") and self.rets is not None \
                and self.nesting == self.ret_depth and all(v.id >= 0 for v in operands):
            rets = self.rets
            if len(rets) != len(res):
                raise self.err(f"'{op.name}' op has {len(res)} operands, but enclosing function returns {len(rets)}",
                               kname)
            for n, (a, b) in enumerate(zip(res, rets)):
                if a != b:
                    raise self.err(f"'{op.name}' op type of return operand {n} ('{a}') doesn't match function "
                                   f"result type ('{b}')", kname)

    def _cand_types(self, cand: list[tuple[int, str, int]]) -> list[str]:
        out = []
        toks = self.toks
        for _, _, kk in cand:
            j = kk + 2
            t = toks[j]
            if t[:1] == "!" and "<" not in t and "." not in t:
                t = self.type_aliases.get(t[1:], t)
            out.append(t)
        return out

    # -- generic form of known ops -----------------------------------------
    @cython.ccall
    def parse_generic(self, op: Op) -> None:
        k_op = self.i - 1
        self.expect("(")
        operands: list[tuple[Value, int]] = []
        if not self.accept(")"):
            while True:
                k = self.i
                operands.append((self.use(), k))
                if self.accept(","):
                    continue
                self.expect(")")
                break
        props: dict = {}
        if self.peek() == "<" and self.toks[self.i + 1] == "{":
            self.i += 1
            self.attr_dict(props)
            self.expect(">")
        regions_src: list[int] = []
        if self.peek() == "(" and self.toks[self.i + 1] == "{":
            self.i += 1
            while True:
                region = self.parse_region()
                region.parent = op
                _add_region(op, region)
                if self.accept(","):
                    continue
                self.expect(")")
                break
        if self.peek() == "{":
            self.op_attrs(op)
        self.expect(":")
        k = self.i
        self.expect("(")
        in_types: list[str] = []
        if not self.accept(")"):
            while True:
                in_types.append(self.type_())
                if self.accept(","):
                    continue
                self.expect(")")
                break
        self.expect("->")
        out_types: list[str] = []
        if self.accept("("):
            if not self.accept(")"):
                while True:
                    out_types.append(self.type_())
                    if self.accept(","):
                        continue
                    self.expect(")")
                    break
        else:
            out_types.append(self.type_())
        d = self.skip_loc()
        if d:
            op.dloc = d
        if len(in_types) != len(operands):
            raise self.err(f"expected {len(operands)} operand types but had {len(in_types)}", k)
        for (v, vk), ty in zip(operands, in_types):
            _check_use_type(self, v, ty, vk)
        opdef = op.opdef
        seg = props.pop("operandSegmentSizes", None)
        if seg is not None:
            mm = re.fullmatch(r"array<i32(?::\s*(\d+(?:\s*,\s*\d+)*)\s*)?>", seg)
            if not mm:
                raise self.err(f"malformed operandSegmentSizes: {seg}", k_op)
            sizes = [int(x) for x in mm.group(1).split(",")] if mm.group(1) and mm.group(1).strip() else []
            if len(sizes) != len(opdef.segment_names) or sum(sizes) != len(operands):
                raise self.err(f"'{op.name}' op operandSegmentSizes {sizes} does not match its "
                               f"{len(operands)} operands and {len(opdef.segment_names)} segments", k_op)
        else:
            try:
                sizes = opdef.infer_segments(len(operands))
            except ValueError as e:
                raise self.err(f"'{op.name}' op {e}", k_op) from None
        for key, val in props.items():
            if key in INT_LIST_PROPS:
                props[key] = _int_list(self, val, k)
            elif key in UNIT_PROPS and val == "":
                props[key] = True
            elif key == "values" and op.name == "stream.resource.constants":
                props[key] = _split_top(val[1:-1]) if val.startswith("[") else [val]
        op._props = props if props else EMPTY_MAP
        op.segments = self.share(sizes)
        op.operands = [v for v, _ in operands]
        if operands:
            _link_operands(op, self.resolved)
        for idx, ty in enumerate(out_types):
            op.results.append(self.new_value(ty, op, idx, None))

    # -- helpers for pretty known ops -------------------------------------
    @cython.ccall
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.locals(sizes=list, flat=list, vals=list, kind=cython.int, base=cython.Py_ssize_t,
                   idx=cython.Py_ssize_t, results=list, v=Value, n=cython.Py_ssize_t,
                   k=cython.Py_ssize_t, nflat=cython.Py_ssize_t, ty=str, want=str, size=cython.Py_ssize_t,
                   code=cython.Py_ssize_t)
    def finish(self, op: Op, segs: list, kinds: tuple, result_types: list[str]) -> None:
        """The known op's operands from ``segs``, one entry per ODS segment
        in order (``op.opdef.segment_names``): a Value (a segment of one) or
        a list of them, of the segment kinds ``kinds`` (see _parse_program);
        then its results, of ``result_types``."""
        n = len(kinds)
        if len(segs) != n:
            raise AssertionError(f"{op.name}: {len(segs)} segments given, {n} expected")
        # the sizes' key in ``shared`` (see share) as they are counted: the
        # list of them is made only for a combination not met before
        code = _size_code_start(n)
        nflat = 0
        for k in range(n):
            size = _seg_size(segs[k])
            nflat += size
            code = _size_code(code, k, size)
        # exact size (appending to [] reserves room for 4): 10^5 of them;
        # each slot filled once below (the sizes were counted from segs)
        flat = _list_new(nflat)
        nflat = 0
        for k in range(n):
            x = segs[k]
            kind = kinds[k]
            # an operand's type is nearly always the very str of its kind
            # (tokens and these names are interned): seg_type only if not
            want = _seg_want(kind) if kind else None
            if type(x) is list:
                vals = x
                for v in vals:
                    _list_put(flat, nflat, v)
                    nflat += 1
                    if kind and v.type is not want:
                        self.seg_type(v, kind)
            elif type(x) is tuple:
                pass  # an empty segment (see _p_format)
            else:
                v = x
                _list_put(flat, nflat, v)
                nflat += 1
                if kind and v.type is not want:
                    self.seg_type(v, kind)
        op.operands = flat
        if nflat:
            _link_operands(op, self.resolved)
        sizes = self.shared.get(code) if code >= 0 else None
        if sizes is None:
            sizes = [_seg_size(x) for x in segs]
            sizes = self.share(sizes)
        op.segments = sizes
        # the op's results (the parser made the op without lists: _new_op)
        vals = self.vals
        base = len(vals)
        n = len(result_types)
        results = _list_new(n)
        for idx in range(n):
            ty = result_types[idx]
            _list_put(results, idx, _new_value(ty, op, idx, None, base + idx))
        op.results = results
        if n:
            vals.extend(results)

    @cython.cfunc
    @cython.locals(want=str, vt=str)
    def seg_type(self, v: Value, kind: cython.int) -> cython.int:
        """An operand of an index (kind 1) or timepoint (2) segment: its type
        is that, else it was a guess (an uninterpreted op's result) or wrong."""
        want = _seg_want(kind)
        vt = v.type
        if not _eq(vt, want):
            owner = v.owner
            if not vt or (owner.__class__ is Op and owner.tmpl is not None
                          and owner.name not in _EXACT_RESULT_TYPE):
                v.type = want  # the result type of an uninterpreted op was a guess
            elif owner.__class__ is Op and owner.tmpl is not None:
                self.use_type_error(v, want)
        return 0

    def use_type_error(self, v: Value, want: str) -> None:
        """``v`` (of an exact type) used as ``want`` by the op just read: the
        error at its last use in that op (iree-opt resolves the operands there)."""
        name = "%" + (v.name_hint or "")
        toks = self.toks
        k = self.i - 1
        while k > 0 and toks[k] != name and not toks[k].startswith(name + "#"):
            k -= 1
        raise self.err(f"use of value '{name}' expects different type than prior uses: '{want}' vs '{v.type}'",
                       k if k > 0 else None)

    @cython.ccall
    @cython.locals(n=cython.Py_ssize_t, k=cython.Py_ssize_t, size=cython.Py_ssize_t, code=cython.Py_ssize_t)
    def share(self, items: list) -> list:
        """The list all ops with these items share (segment sizes: assigned
        anew, never written into, by the model's rules; a 10^5-op module
        has 10^5 of them but only a few hundred different ones).  Up to 14
        sizes below 16 (nearly every op's) are looked up by one integer,
        their count and four bits per size, not by a tuple made and hashed
        per op; other lists by the tuple of their items."""
        n = len(items)
        key: object = None
        code = _size_code_start(n)
        for k in range(n):
            if code < 0:
                break
            size = items[k]
            code = _size_code(code, k, size)
        if code >= 0:
            key = code
        if key is None:
            key = tuple(items)
        got = self.shared.get(key)
        if got is None:
            self.shared[key] = items
            return items
        return got

    @cython.ccall
    def opt_on(self, op: Op, key: str = "affinity", kw: str = "on") -> None:
        if self.peek() == kw:
            self.i += 1
            k = self.i + 1
            op._props[key] = self.paren_attr()
            t = self.toks[k]
            if t.startswith("#hal.device.affinity<"):
                self.check_int64s(t, k)

    @cython.ccall
    def opt_await(self, arrow: bool) -> list[Value]:
        if self.peek() == "await":
            self.i += 1
            self.expect("(")
            vals: list[Value] = []
            if not self.accept(")"):  # `await()` awaits nothing (iree-opt accepts it)
                vals.append(self.use())
                self.expect(")")
            if arrow:
                self.expect("=")
                self.expect(">")
            return vals
        return []

    @cython.ccall
    def operand_type(self, v: Value) -> tuple[str, Value]:
        """``T{%size}`` that states the type of operand ``v``."""
        k = self.i
        ty, sz = self.sized_type()
        _check_use_type(self, v, ty, k)
        return ty, sz

    @cython.ccall
    def tied_result(self, target: Value) -> tuple[str, Value]:
        """custom<ShapedTiedResult>: ``[%x as] T{%size}``; T is also the target's type."""
        if _first_char(self.peek()) == "%":
            # iree-opt does not resolve this name (the tie is fixed); neither do we.
            self.i += 1
            self.expect("as")
        return self.operand_type(target)

    @cython.ccall
    def range_(self, to: bool, for_: bool) -> list[Value]:
        self.expect("[")
        out = [self.use()]
        if to:
            self.expect("to")
            out.append(self.use())
        if for_:
            self.expect("for")
            out.append(self.use())
        self.expect("]")
        return out

    @cython.ccall
    def arrow_gt(self) -> None:
        self.expect("=")
        self.expect(">")

    @cython.ccall
    def timepoint_type(self) -> str:
        k = self.i
        t = self.type_()
        if t != TIMEPOINT:
            raise self.err(f"expected {TIMEPOINT}, got {t}", k)
        return t


_MAX_RESULTS = 1 << 24  # `%x:N =`: no op has more (a bigger N is a typo, not a module)
_INT_LIT = lazy_compile(r"-?(?:0x[0-9a-fA-F]+|\d+)")
_FLOAT_LIT = lazy_compile(r"-?\d+\.\d*(?:[eE][+\-]?\d+)?|-?\d+[eE][+\-]?\d+")
_INT_TYPE = lazy_compile(r"index|[su]?i\d+")
# integer types _INT_TYPE takes and _FLOAT_TYPE does not (check_arith's fast path)
_PLAIN_INT_TYPES = frozenset({"index", "i1", "i8", "i16", "i32", "i64"})
_FLOAT_TYPE = lazy_compile(r"f\d+|bf16|tf32|f8E\w+|f4E\w+|f6E\w+")


def _plain_decimal(text: str) -> bool:
    """Is ``text`` ``-?[0-9]+`` (ASCII digits: a literal ``_INT_LIT`` takes
    without running it)?"""
    d = text[1:] if text[:1] == "-" else text
    return d.isascii() and d.isdigit()


_CMPI_PREDICATES = frozenset("eq ne slt sle sgt sge ult ule ugt uge".split())
_CMPF_PREDICATES = frozenset("false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true".split())
_ARITH_ARITY = dict.fromkeys(
    "addi subi muli divsi divui ceildivsi ceildivui floordivsi remsi remui andi ori xori shli shrsi shrui maxsi "
    "maxui minsi minui addf subf mulf divf remf maximumf minimumf maxnumf minnumf cmpi cmpf".split(), 2)
_ARITH_ARITY = {"arith." + k: v for k, v in _ARITH_ARITY.items()}
_ARITH_ARITY.update(dict.fromkeys(
    ["arith." + k for k in "index_cast index_castui extsi extui trunci sitofp uitofp fptosi fptoui bitcast extf "
     "truncf negf".split()], 1))
_ARITH_ARITY["arith.select"] = 3
_CONFIG_ENTRY = lazy_compile(r"\s*[A-Za-z_]\w*\s*=\s*(?:-?\d+|[A-Za-z_]\w*)\s*")
_CONFIG_ENTRY_SEP = lazy_compile(r"\s*[A-Za-z_]\w*\s*=\s*(?:-?\d+|[A-Za-z_]\w*)\b\s*,?\s*")
_ATTR_INT = lazy_compile(r"(?<![\w.$\-])-?\d+(?![\w.])")
_INDEX_MIN = -(1 << 63)
_DENSE_INTS = lazy_compile(r"\s*dense<([-\d\s,\[\]]*)>\s*:\s*tensor<[^<>]*?x?([su]?i)(\d+)>\s*$")
_INDEX_MAX = (1 << 63) - 1
# Ops whose custom form starts `[visibility] @symbol` (checked as iree-opt does).
# Uninterpreted ops whose custom form is `name [words] operands : types` and the words they take.
_COLON_OPS = frozenset({"stream.timepoint.await", "stream.resource.size", "util.global.store", "util.global.load",
                        "util.align"})
_COLON_OP_WORDS = frozenset({",", "=", ">", "=>", "on", "sync", "immutable"})
_SYMBOL_OPS = frozenset({"util.func", "func.func", "util.global", "stream.executable", "hal.executable"})
# Ops whose custom form is `name %a, %b : T1, T2` (one type per operand).
_TRAILING_TYPES = frozenset({"util.return", "func.return", "return", "scf.yield", "util.optimization_barrier"})


def _skip_group_list(ts: list, n: int) -> int:
    """Index after the bracket group opening at ts[n] ((token, index) pairs)."""
    depth = 0
    while n < len(ts):
        t = ts[n][0]
        if len(t) == 1 and t in "([{":
            depth += 1
        elif len(t) == 1 and t in ")]}":
            depth -= 1
            if depth == 0:
                return n + 1
        n += 1
    return n


@cython.cfunc
def _add_region(op: Op, region: Region) -> None:
    # ops without regions share NO_REGIONS (an empty tuple)
    if op._regions is NO_REGIONS:
        op._regions = [region]
    else:
        op._regions.append(region)


def pending_closed(op: Op) -> cython.bint:
    return bool(op._regions)


# Uninterpreted ops whose trailing `: T` is their result type, so that
# _result_types reads it exactly (for the others it is a guess).
_EXACT_RESULT_TYPE = frozenset({
    "arith.constant", "arith.addi", "arith.subi", "arith.muli", "arith.divui", "arith.divsi", "arith.ceildivui",
    "arith.ceildivsi", "arith.floordivsi", "arith.remui", "arith.remsi", "arith.andi", "arith.ori", "arith.xori",
    "arith.maxui", "arith.minui", "arith.maxsi", "arith.minsi", "arith.shli", "arith.shrui", "arith.shrsi",
    "arith.index_cast", "arith.index_castui", "util.align", "util.global.load",
})


@cython.cfunc
@cython.inline
def _cur(p: _Parser) -> str:
    """``p.peek()``, its common case (the token is not a line break) read
    in place: the op readers look at the next token after nearly every
    token they take."""
    t: str = p.toks[p.i]
    if _is_char(t, "\n"):
        return p.peek()
    return t


@cython.cfunc
@cython.inline
def _take(p: _Parser, s: str) -> cython.int:
    """``p.expect(s)``, its common case tested in place: the token is ``s``
    itself (the lexer makes each word of the formats one object, see _SEED)."""
    if p.toks[p.i] is s:
        p.i += 1
    else:
        p.expect(s)
    return 0


@cython.cfunc
def _check_use_type(p: _Parser, v: Value, ty: str, k: cython.Py_ssize_t) -> None:
    """A known op states ``v``'s type: record it, or check it against what we know."""
    vt = v.type
    if _eq(vt, ty):
        return  # the common case; recording it again would change nothing
    owner = v.owner
    if v.id < 0 or not v.type or (owner.__class__ is Op and owner.tmpl is not None
                                   and owner.name not in _EXACT_RESULT_TYPE):
        # forward reference, or an uninterpreted op whose result type was a guess
        v.type = ty
        return
    if v.type and ty and v.type != ty:
        raise p.err(f"use of value '%{v.name_hint}' expects different type than prior uses: '{ty}' vs '{v.type}'", k)


@cython.cfunc
def _int_list(p: _Parser, text: str, k: int) -> list[int]:
    s = text.strip()
    if not (s.startswith("[") and s.endswith("]")):
        raise p.err(f"expected integer array, got {text}", k)
    out = []
    for item in s[1:-1].split(","):
        item = item.strip()
        if not item:
            continue
        num, colon, ty = item.partition(":")
        num = num.strip()
        if colon and not _INT_TYPE.fullmatch(ty.strip()):
            raise p.err("integer literal not valid for specified type", k)
        try:
            out.append(int(num, 0))
        except ValueError:
            raise p.err(f"expected integer array, got {text}", k) from None
    return out


def _check_dense_ints(p: _Parser, text: str, k: int) -> None:
    """``dense<ints> : tensor<...xiN>``: each integer fits iN (iree-opt:
    integer constant out of range for type)."""
    m = _DENSE_INTS.match(text)
    if m is None:
        return
    width = int(m.group(3))
    signed = m.group(2) == "si"
    unsigned = m.group(2) == "ui"
    lo = -(1 << (width - 1)) if not unsigned else 0
    hi = (1 << (width - 1)) - 1 if signed else (1 << width) - 1
    for n in _ATTR_INT.finditer(m.group(1)):
        if not lo <= int(n.group()) <= hi:
            msg = "integer constant out of range for type"
            tok = p.toks[k]
            at = tok.find(n.group(), 6) if tok.startswith("dense<") else -1
            if at >= 0 and n.group()[0] == "-":
                at += 1  # (iree-opt points at the digits)
            if at < 0 or p.chunks is not None or p.base:
                raise p.err(msg, k)
            raise FastallocError(msg, p.src.location_at(p.src.offset(k) + at))


def _split_top(s: str) -> list[str]:
    out, depth, cur, instr = [], 0, [], False
    i = 0
    while i < len(s):
        ch = s[i]
        if instr:
            cur.append(ch)
            if ch == "\\":
                cur.append(s[i + 1])
                i += 1
            elif ch == '"':
                instr = False
        elif ch == '"':
            instr = True
            cur.append(ch)
        elif ch in "([{<":
            depth += 1
            cur.append(ch)
        elif ch in ")]}>" and not (ch == ">" and i and s[i - 1] == "-"):
            depth -= 1
            cur.append(ch)
        elif ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
        i += 1
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


_NOSPACE_BEFORE = frozenset({",", ")", "]", "}", ">"})
_NOSPACE_AFTER = frozenset({"(", "[", "{", "<"})


@cython.cfunc
def _join(parts: list[str]) -> str:
    """Join tokens with MLIR-friendly spacing (whitespace is insignificant between them)."""
    if not parts:
        return ""
    out = [parts[0]]
    prev = parts[0]
    for t in parts[1:]:
        if t in _NOSPACE_BEFORE or prev in _NOSPACE_AFTER or (t == "(" and prev[:1] not in ("=", ":", ",", "-")
                                                                and (_is_ident(prev) or prev[:1] in ('@', '"', '^', '#'))) or (t == "<" and _is_ident(prev)):
            out.append(t)
        else:
            out.append(" ")
            out.append(t)
        prev = t
    return "".join(out)


_LOC_SPACED = frozenset({"at", "to", "="})
_LOC_REF = lazy_compile(r'"(?:[^"\\]|\\.)*"|#[\w$]+')


def _loc_join(parts: list[str]) -> str:
    """Location tokens as MLIR prints them: ``"a":1:2``, ``fused["a":1:2, "b":3:4]``,
    ``callsite("f"("a":1:2) at "b":3:4)``."""
    out = []
    for t in parts:
        if t == ",":
            out.append(", ")
        elif t in _LOC_SPACED:
            out.append(" " + t + " ")
        else:
            out.append(t)
    return "".join(out)


def _unquote(tok: str) -> str:
    return tok[1:-1]


@cython.cfunc
def _result_types(name: str, flat: list[str], nres: int) -> list[str]:
    """Result types of an uninterpreted op from its trailing ``: T`` / ``-> T`` (best effort)."""
    if name in ("arith.cmpi", "arith.cmpf"):
        return ["i1"] * nres
    # last `->` at depth 0, else last `:` at depth 0
    pos = -1
    depth = 0
    last_colon = -1
    for k, t in enumerate(flat):
        if t in ("(", "[", "{"):
            depth += 1
        elif t in (")", "]", "}"):
            depth -= 1
        elif depth == 0 and (t == "->" or (t == ">" and k and flat[k - 1] == "=")):
            pos = k
        elif depth == 0 and t == ":":
            last_colon = k
    if pos < 0:
        pos = last_colon
    if pos < 0:
        return [""] * nres
    rest = flat[pos + 1:]
    # drop a trailing region/attribute part
    if rest and rest[0] == "(":
        inner: list[str] = []
        d = 0
        for t in rest[1:]:
            if t == "(":
                d += 1
            elif t == ")":
                if d == 0:
                    break
                d -= 1
            inner.append(t)
        types = [t for t in inner if t != ","]
    else:
        if "to" in rest:
            rest = rest[len(rest) - 1 - rest[::-1].index("to") + 1:]
        types = [t for t in rest if t != ","]
        if nres == 1 and types:
            types = types[:1]
    types = [t for t in types if t[:1] in "!" or _is_ident(t)]
    if len(types) == nres:
        return types
    if len(types) == 1 and name == "util.optimization_barrier":
        return types * nres
    return [""] * nres


# ---------------------------------------------------------------------------
# Pretty forms of the known ops: the one interpreter of the formats declared
# in ir/ops.py (OpDef.syntax, compiled to OpDef.program), and the custom
# directives they name (formats from IREE's StreamOps.td)
# ---------------------------------------------------------------------------

_NO_STOPS = frozenset()


# The programs are checked when ops.py compiles them (segment numbers,
# jump targets) and again when _parse_program flattens them: the
# interpreter indexes them without bounds checks.
@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(code=cython.p_uchar, objs=tuple, pc=cython.Py_ssize_t, n=cython.Py_ssize_t, c=cython.int,
               x=cython.Py_ssize_t, y=cython.Py_ssize_t, z=cython.Py_ssize_t, slots=list, rtypes=list,
               vals=list, sizes=list, k=cython.Py_ssize_t, j=cython.Py_ssize_t, t=str, toks=tuple, v=Value,
               kinds=tuple, seg1=cython.p_uchar, opt=tuple)
def _p_format(p: _Parser, op: Op, fmt: tuple) -> None:
    """Read ``op``'s pretty form after its name by its format
    (:func:`_parse_program`), then give the op its operands and results."""
    code = _bytes_data(fmt[0])
    objs = fmt[1]
    kinds = fmt[2]
    seg1 = _bytes_data(fmt[3])
    # a variadic segment's list is made when a value is put in it (the
    # custom directives put lists of their own): it starts as () (fmt[5])
    slots = _new_slots(fmt[5])
    rtypes = []
    pc = 0
    n = len(objs)
    while pc < n:
        c = code[4 * pc]
        x = code[4 * pc + 1]
        y = code[4 * pc + 2]
        z = code[4 * pc + 3]
        pc += 1
        if c == 0:  # F_LIT
            toks = objs[pc - 1]
            for j in range(len(toks)):
                _take(p, toks[j])
        elif c == 1:  # F_OPERAND
            if seg1[x]:
                slots[x] = p.use()
            else:
                if y and _cur(p)[:1] == objs[pc - 1]:
                    continue  # left out (`await()`)
                vals = _seg_list(slots, x)
                vals.append(p.use())
        elif c == 2:  # F_OPERANDS
            vals = _seg_list(slots, x)
            while True:
                vals.append(p.use())
                if _is_char(_cur(p), ","):
                    p.i += 1
                    continue
                break
        elif c == 3:  # F_TYPE
            if seg1[x]:
                v = slots[x]
                k = p.i
                _check_use_type(p, v, p.type_(), k)
            else:
                vals = _seg_list(slots, x)
                for j in range(len(vals)):
                    k = p.i
                    _check_use_type(p, vals[j], p.type_(), k)
                    if j + 1 < len(vals):
                        _take(p, ",")
        elif c == 4:  # F_SIZED
            if seg1[x]:
                ty, sz = p.operand_type(slots[x])
                slots[y] = sz
                if z:
                    rtypes.append(ty)
            else:
                vals = _seg_list(slots, x)
                sizes = _seg_list(slots, y)
                for j in range(len(vals)):
                    k = p.i
                    ty, sz = p.sized_type()
                    _check_use_type(p, vals[j], ty, k)
                    sizes.append(sz)
                    if j + 1 < len(vals):
                        _take(p, ",")
        elif c == 5:  # F_RESULT
            rtypes.append(p.type_())
        elif c == 6:  # F_SIZED_RESULT
            ty, sz = p.sized_type()
            rtypes.append(ty)
            slots[y] = sz
        elif c == 7:  # F_TIED
            ty, sz = p.tied_result(slots[y])
            rtypes.append(ty)
            slots[z] = sz
        elif c == 8:  # F_TIMEPOINT
            rtypes.append(p.timepoint_type())
        elif c == 9:  # F_ATTR
            k = p.i
            op._props[objs[pc - 1]] = p.balanced_text(_NO_STOPS)
            t = p.toks[k]
            if t.startswith("#hal.device.affinity<"):
                p.check_int64s(t, k)
        elif c == 10:  # F_OPT: objs has (the token the group starts with, the unit property it sets or ""); x: it is "%"
            opt = objs[pc - 1]
            if x:
                present = _first_char(p.toks[p.i]) == "%"
            else:
                present = _eq(_cur(p), opt[0])
            if present:
                if y:
                    op._props[opt[1]] = True  # a unit property: its keyword was there
            else:
                pc = z
        elif c == 11:  # F_ELSE: the end of the group that was read
            pc = z
        elif c == 12:  # F_ATTR_DICT
            if _eq(_cur(p), "{"):
                p.op_attrs(op)
        elif c == 13:  # F_REGION
            region = p.parse_region()
            region.parent = op
            _add_region(op, region)
        else:  # F_CUSTOM, by number x (ops.CUSTOM_DIRECTIVES); objs: the op's segment numbers (see _slot)
            _p_custom(p, op, slots, rtypes, x, objs[pc - 1], y)
    p.finish(op, slots, fmt[4], rtypes)


@cython.cfunc
@cython.locals(outer=list, sizes=list, args=list, rsizes=list, tied=list, t=str, k=cython.Py_ssize_t,
               j=cython.Py_ssize_t, arg=tuple, paren=cython.bint)
def _p_resource_region(p: _Parser, op: Op, with_results: bool, slots: list, rtypes: list, at: bytes) -> None:
    """custom<ResourceRegion> / custom<ExplicitResourceRegion>: the
    segments resource_operands, resource_operand_sizes (and result_sizes)."""
    _take(p, "with")
    _take(p, "(")
    outer = []
    sizes = []
    args = []  # (name, type, token) of the region's arguments (see parse_region)
    if _is_char(_cur(p), ")"):
        p.i += 1
    else:
        while True:
            outer.append(p.use())
            _take(p, "as")
            k = p.i
            t = p.next()
            if _first_char(t) != "%" or "#" in t:
                raise p.err("expected region argument name", k)
            _take(p, ":")
            ty, sz = p.sized_type()
            sizes.append(sz)
            args.append((t[1:], ty, k))
            if _is_char(_cur(p), ","):
                p.i += 1
                continue
            _take(p, ")")
            break
    rsizes = []
    tied = []
    if with_results and p.accept("->"):
        t = _cur(p)
        paren = _is_char(t, "(")
        if paren:
            p.i += 1
            t = _cur(p)
        if paren and _is_char(t, ")"):
            p.i += 1
        else:
            while True:
                if _first_char(t) == "%":
                    v = p.use()
                    idx = _index_of(outer, v)
                    if idx < 0:
                        raise p.err("tied result names a value that is not an operand", p.i - 1)
                    if p.accept("as"):
                        ty, sz = p.sized_type()
                    else:
                        _take(p, "{")
                        sz = p.use()
                        _take(p, "}")
                        # the capture's written type, not the operand's: that may be
                        # a guess from an uninterpreted op (tensor<..> of a tensor.import)
                        arg = args[idx]
                        ty = arg[1] or outer[idx].type
                    tied.append(idx)
                else:
                    ty, sz = p.sized_type()
                    tied.append(-1)
                rtypes.append(ty)
                rsizes.append(sz)
                if paren:
                    t = _cur(p)
                    if _is_char(t, ","):
                        p.i += 1
                        t = _cur(p)
                        continue
                    _take(p, ")")
                break
    for j in range(len(outer)):
        arg = args[j]
        _check_use_type(p, outer[j], arg[1], arg[2])
    region = p.parse_region(args)
    region.parent = op
    _add_region(op, region)
    _put(slots, at, _S_OPERANDS, outer)
    _put(slots, at, _S_OPERAND_SIZES, sizes)
    if with_results:
        op._props["tied_operands"] = tied
        _put(slots, at, _S_RESULT_SIZES, rsizes)


@cython.cfunc
def _index_of(vals: list[Value], v: Value) -> int:
    for k, x in enumerate(vals):
        if x is v:
            return k
    return -1


# The segments the custom directives fill: a directive's ``at`` (see
# _parse_program), a bytes object, holds at position _S_X the op's number of
# that segment, _NO_SEGMENT if the op has none (a directive reads it as a C
# byte, not by a name looked up per op).
_DIRECTIVE_SEGMENTS = (
    "resource_operands", "resource_operand_sizes", "resource_operand_offsets", "resource_operand_ends",
    "resource_operand_lengths", "result_sizes", "param", "dynamic_slice_sizes", "resources", "resource_sizes",
    "resource_offsets", "resource_lengths",
)
(_S_OPERANDS, _S_OPERAND_SIZES, _S_OPERAND_OFFSETS, _S_OPERAND_ENDS, _S_OPERAND_LENGTHS, _S_RESULT_SIZES, _S_PARAM,
 _S_SLICE_SIZES, _S_RESOURCES, _S_RESOURCE_SIZES, _S_RESOURCE_OFFSETS, _S_RESOURCE_LENGTHS) = range(12)
_NO_SEGMENT = 255  # (_slot tests the number itself: a C byte)


@cython.cfunc
@cython.inline
def _slot(at: bytes, seg: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The op's number of directive segment ``seg`` (_S_X)."""
    k: cython.Py_ssize_t = _bytes_data(at)[seg]
    if k == 255:  # _NO_SEGMENT
        raise KeyError(_DIRECTIVE_SEGMENTS[seg])  # a directive of an op without that segment: ops.py is wrong
    return k


@cython.cfunc
@cython.inline
def _seg_list(slots: list, k: cython.Py_ssize_t) -> list:
    """The list of variadic segment number ``k`` in ``slots`` (see
    _p_format), made now if the segment is still empty (``()``)."""
    vals = slots[k]
    if type(vals) is tuple:
        vals = []
        slots[k] = vals
    return vals


@cython.cfunc
@cython.inline
def _seg_want(kind: cython.int) -> str:
    """The type of an operand of an index (kind 1) or timepoint (2) segment."""
    return "index" if kind == 1 else TIMEPOINT


@cython.cfunc
@cython.inline
@cython.locals(vals=list)
def _seg_size(x: object) -> cython.Py_ssize_t:
    """The number of values of a segment's entry in ``slots`` (see
    _p_format): a list's length, 0 for ``()`` (still empty), else 1 (one Value)."""
    if type(x) is list:
        vals = x
        return len(vals)
    if type(x) is tuple:
        return 0
    return 1


@cython.cfunc
@cython.inline
def _put(slots: list, at: bytes, seg: cython.Py_ssize_t, v: object) -> None:
    """``slots[`` the op's number of directive segment ``seg`` ``] = v``."""
    slots[_slot(at, seg)] = v


@cython.cfunc
def _c_resource_region_results(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    _p_resource_region(p, op, True, slots, rtypes, at)


@cython.cfunc
def _c_resource_region(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    _p_resource_region(p, op, False, slots, rtypes, at)


@cython.cfunc
def _c_constant_value(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    """The value of ``stream.async.constant``: attribute text to the end of the op."""
    k = p.i
    text = p.balanced_text(_CONSTANT_STOPS)
    # a module repeats few constant values: each is checked once and its
    # text is one string for all the ops that hold it
    seen = p.constants.get(text)
    if seen is None:
        _check_dense_ints(p, text, k)
        p.constants[text] = text
        seen = text
    op._props["value"] = seen


_CONSTANT_STOPS = frozenset({"\n", "attributes", "loc"})


@cython.cfunc
def _c_entry_points(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    """``@ep`` or ``{@ep, ...}`` into the ``entry_points`` property."""
    t = _cur(p)
    if _is_char(t, "{"):
        p.i += 1
        eps = []
        while True:
            e = p.next()
            if _first_char(e) != "@":
                raise p.err("expected symbol reference", p.i - 1)
            eps.append(e)
            if p.accept(","):
                continue
            _take(p, "}")
            break
    else:
        if _first_char(t) != "@":
            raise p.err("expected entry point symbol reference")
        p.i += 1
        ep = p.names.get(t)
        if ep is None:
            ep = "[" + t + "]"
            p.names[t] = ep
        op._props["entry_points"] = ep
        return
    ep = "[" + ", ".join(eps) + "]"
    op._props["entry_points"] = p.shared.setdefault(ep, ep)


@cython.cfunc
def _c_callee(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    t = p.next()
    if t[:1] != "@":
        raise p.err("expected callee symbol", p.i - 1)
    op._props["callee"] = t


@cython.cfunc
@cython.locals(ops=list, offs=list, ends=list, lens=list, r=list, t=str)
def _c_dispatch_operands(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    """custom<DispatchOperands>: ``(%x[%o to %e for %l], %prim, ...)``.
    A segment with no value keeps its ``()`` in ``slots`` (see _p_format):
    most dispatches have no operand with a range."""
    _take(p, "(")
    if _is_char(_cur(p), ")"):
        p.i += 1
        return
    ops = []
    offs = None
    ends = None
    lens = None
    while True:
        ops.append(p.use())
        t = _cur(p)
        if _is_char(t, "["):
            r = p.range_(True, True)
            if offs is None:
                offs = []
                ends = []
                lens = []
            offs.append(r[0])
            ends.append(r[1])
            lens.append(r[2])
            t = _cur(p)
        if _is_char(t, ","):
            p.i += 1
            continue
        _take(p, ")")
        break
    _put(slots, at, _S_OPERANDS, ops)
    if offs is not None:
        _put(slots, at, _S_OPERAND_OFFSETS, offs)
        _put(slots, at, _S_OPERAND_ENDS, ends)
        _put(slots, at, _S_OPERAND_LENGTHS, lens)


@cython.cfunc
def _c_call_operands(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    """``(ro %x[%o for %l], %prim, ...)`` of ``stream.cmd.call``."""
    _take(p, "(")
    ops, offs, lens, acc = [], [], [], []
    if not p.accept(")"):
        while True:
            a = _cur(p)
            if a in _ACCESS:
                p.i += 1
                acc.append(_ACCESS[a])
                ops.append(p.use())
                o, ln = p.range_(False, True)
                offs.append(o)
                lens.append(ln)
            else:
                ops.append(p.use())
            if p.accept(","):
                continue
            _take(p, ")")
            break
    op._props["resource_operand_accesses"] = acc
    _put(slots, at, _S_OPERANDS, ops)
    _put(slots, at, _S_OPERAND_OFFSETS, offs)
    _put(slots, at, _S_OPERAND_LENGTHS, lens)


@cython.cfunc
@cython.locals(operands=list, sizes=list, rsizes=list, tied=list, t=str, k=cython.Py_ssize_t,
               k0=cython.Py_ssize_t, ntypes=cython.Py_ssize_t, nops=cython.Py_ssize_t, paren=cython.bint)
def _c_shaped_function_type(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes, tied_op: cython.bint) -> None:
    """custom<ShapedFunctionType>: ``(T{%s}, index) -> (%x{%s}, T{%s})``:
    the types of resource_operands, their sizes, the results and result
    sizes; ``tied_operands`` (always on a tied op, else when it has results).
    Each token after a type is read once (peek) and tested in place; a size
    segment with no value keeps its ``()`` in ``slots`` (see _p_format)."""
    seg = slots[_slot(at, _S_OPERANDS)]
    operands = seg if type(seg) is list else []
    nops = len(operands)
    _take(p, "(")
    sizes = None
    k0 = p.i
    ntypes = 0
    if _is_char(_cur(p), ")"):
        p.i += 1
    else:
        while True:
            k = p.i
            ty = p.type_()
            if ntypes < nops:
                _check_use_type(p, operands[ntypes], ty, k)
            ntypes += 1
            t = _cur(p)
            if _is_char(t, "{"):
                p.i += 1
                if sizes is None:
                    sizes = []
                sizes.append(p.use())
                _take(p, "}")
                t = _cur(p)
            if _is_char(t, ","):
                p.i += 1
                continue
            _take(p, ")")
            break
    if ntypes != nops:
        raise p.err(f"expected {nops} operand types but had {ntypes}", k0)
    _take(p, "->")
    rsizes = None
    tied = []
    t = _cur(p)
    paren = _is_char(t, "(")
    if paren:
        p.i += 1
        t = _cur(p)
    if not (paren and _is_char(t, ")")):
        while True:
            if _first_char(t) == "%":
                v = p.use()
                idx = _index_of(operands, v)
                if idx < 0:
                    raise p.err("tied result names a value that is not an operand", p.i - 1)
                if p.accept("as"):
                    ty = p.type_()
                else:
                    ty = operands[idx].type
                tied.append(idx)
            else:
                ty = p.type_()
                tied.append(-1)
            if _is_char(_cur(p), "{"):
                p.i += 1
                if rsizes is None:
                    rsizes = []
                rsizes.append(p.use())
                _take(p, "}")
            rtypes.append(ty)
            if paren:
                # (only inside parentheses: after the last result, a line
                # break must stay unread for end_stmt)
                t = _cur(p)
                if _is_char(t, ","):
                    p.i += 1
                    t = _cur(p)
                    continue
                _take(p, ")")
            break
    else:
        p.i += 1
    if rtypes or tied_op:
        op._props["tied_operands"] = tied
    if sizes is not None:
        _put(slots, at, _S_OPERAND_SIZES, sizes)
    if rsizes is not None:
        _put(slots, at, _S_RESULT_SIZES, rsizes)


@cython.cfunc
def _c_collective_attr(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    """``<...>`` right after the op name: the ``op`` property (#stream.collective)."""
    _take(p, "<")
    parts = []
    toks = p.toks
    while toks[p.i] != ">":
        if toks[p.i] == "":
            raise p.err("unexpected end of file in collective attribute")
        parts.append(toks[p.i])
        p.i += 1
    p.i += 1
    op._props["op"] = "#stream.collective<" + _join(parts) + ">"


@cython.cfunc
def _c_collective_param(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    """``source(%p) `` or ``target(%p) `` (the keyword kept in ``_param_kw``)."""
    if _cur(p) in ("source", "target") and p.toks[p.i + 1] == "(":
        kw = p.next()
        op._props["_param_kw"] = kw
        _take(p, "(")
        _put(slots, at, _S_PARAM, [p.use()])
        _take(p, ")")


@cython.cfunc
def _c_pack_slices(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    """``slices({[a, b] = %size, ...}) : T``: lifetime_intervals and the slice sizes."""
    _take(p, "slices")
    _take(p, "(")
    _take(p, "{")
    intervals: list[int] = []
    sizes: list[Value] = []
    if not p.accept("}"):
        while True:
            _take(p, "[")
            a = p.int_()
            _take(p, ",")
            b = p.int_()
            _take(p, "]")
            _take(p, "=")
            sizes.append(p.use())
            intervals += [a, b]
            if p.accept(","):
                if p.accept("}"):
                    break
                continue
            _take(p, "}")
            break
    _take(p, ")")
    _take(p, ":")
    ty = p.type_()
    op._props["lifetime_intervals"] = intervals
    _put(slots, at, _S_SLICE_SIZES, sizes)
    rtypes.extend([ty] * (1 + len(sizes)))


@cython.cfunc
def _c_constant_values(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    """``: T{%s} = value, ... => !stream.timepoint`` of ``stream.resource.constants``."""
    _take(p, ":")
    sizes: list[Value] = []
    values: list[str] = []
    while _cur(p) != "=":
        ty, sz = p.sized_type()
        _take(p, "=")
        values.append(p.balanced_text(frozenset({",", "="})))
        rtypes.append(ty)
        sizes.append(sz)
        if not p.accept(","):
            break
    p.arrow_gt()
    op._props["values"] = values
    _put(slots, at, _S_RESULT_SIZES, sizes)
    rtypes.append(p.timepoint_type())


@cython.cfunc
def _c_dispatch_resources(p: _Parser, op: Op, slots: list, rtypes: list, at: bytes) -> None:
    """custom<DispatchResources>: ``{ ro %r[%o for %l] : T{%s}, ... }``."""
    _take(p, "{")
    res, sizes, offs, lens, acc = [], [], [], [], []
    if not p.accept("}"):
        while True:
            k = p.i
            a = p.next()
            if a not in _ACCESS:
                raise p.err("expected resource access 'ro', 'wo' or 'rw'", k)
            acc.append(_ACCESS[a])
            res.append(p.use())
            o, ln = p.range_(False, True)
            offs.append(o)
            lens.append(ln)
            _take(p, ":")
            k = p.i
            ty, sz = p.sized_type()
            _check_use_type(p, res[-1], ty, k)
            sizes.append(sz)
            if p.accept(","):
                continue
            _take(p, "}")
            break
    op._props["resource_accesses"] = acc
    _put(slots, at, _S_RESOURCES, res)
    _put(slots, at, _S_RESOURCE_SIZES, sizes)
    _put(slots, at, _S_RESOURCE_OFFSETS, offs)
    _put(slots, at, _S_RESOURCE_LENGTHS, lens)



@cython.cfunc
def _p_custom(p: _Parser, op: Op, slots: list, rtypes: list, c: cython.int, at: bytes, flag: cython.bint) -> None:
    """Custom directive number ``c`` (ops.CUSTOM_DIRECTIVES): its ``_c_<name>``."""
    if c == 0:
        _c_entry_points(p, op, slots, rtypes, at)
    elif c == 1:
        _c_dispatch_operands(p, op, slots, rtypes, at)
    elif c == 2:
        _c_shaped_function_type(p, op, slots, rtypes, at, flag)
    elif c == 3:
        _c_callee(p, op, slots, rtypes, at)
    elif c == 4:
        _c_resource_region_results(p, op, slots, rtypes, at)
    elif c == 5:
        _c_resource_region(p, op, slots, rtypes, at)
    elif c == 6:
        _c_constant_value(p, op, slots, rtypes, at)
    elif c == 7:
        _c_collective_attr(p, op, slots, rtypes, at)
    elif c == 8:
        _c_collective_param(p, op, slots, rtypes, at)
    elif c == 9:
        _c_pack_slices(p, op, slots, rtypes, at)
    elif c == 10:
        _c_constant_values(p, op, slots, rtypes, at)
    elif c == 11:
        _c_dispatch_resources(p, op, slots, rtypes, at)
    elif c == 12:
        _c_call_operands(p, op, slots, rtypes, at)
    else:
        raise KeyError(op.name)


def _parse_program(d, canon: dict) -> tuple:
    """``d.program`` flattened as the parser reads it: ``(code, objs, kinds,
    one, types, slots)``.  ``code`` holds four bytes per instruction, ``(opcode, x, y,
    z)`` with the numbers the parser uses (segment numbers, flags, jump
    targets; a field it ignores is 0), read as a C array; ``objs`` the
    instruction's object, or None: a literal's tokens, an optional
    operand's test token, an attribute's property, an optional group's
    ``(test token, unit property or "")`` (its x: 1 if that token is
    ``%``), a custom directive's segment numbers (bytes, by
    _DIRECTIVE_SEGMENTS, _NO_SEGMENT: none); ``kinds`` the segment kinds and ``one`` a byte per
    segment, 1 for a one-operand segment; ``types`` per segment 1 if its
    values are index-typed, 2 if timepoints, else 0.  Instructions are tuples in
    ``d.program``: walking those cost a memory load per tuple and per
    number.  A literal token equal to a key of ``canon`` is that key's
    object (see _SEED).  ``slots``: _p_format's segments before any is
    read, None for a one-operand segment, ``()`` (empty) for another."""
    code = bytearray()
    objs: list = []
    for c, x, y, z, s, t in d.program:
        obj = None
        if c == F_LIT:
            obj = tuple([canon.setdefault(t, t) for t in tokenize(s)[:-1]])
            x = y = z = 0
        elif c == F_OPERAND:
            obj = t
            z = 0
        elif c in (F_OPERANDS, F_TYPE, F_RESULT, F_TIMEPOINT, F_ELSE, F_ATTR_DICT, F_REGION):
            if c != F_ELSE:
                z = 0
            if c not in (F_OPERANDS, F_TYPE):
                x = 0
            y = 0
        elif c == F_ATTR:
            obj = s
            x = y = z = 0
        elif c == F_OPT:
            obj = (t, s if y else "")
            x = int(t == "%")
        elif c == F_CUSTOM:
            obj = bytes(d.segment_index.get(name, _NO_SEGMENT) for name in _DIRECTIVE_SEGMENTS)
            y = int(d.is_tied)
            z = 0
        elif c == F_SIZED_RESULT:
            x = z = 0
        elif c == F_TIED:
            x = 0
        for f in (c, x, y, z):
            if not 0 <= f < 128:  # pragma: no cover - a format beyond any op's
                raise ValueError(f"{d.name}: format instruction {(c, x, y, z)} does not fit a byte")
        code += bytes((c, x, y, z))
        objs.append(obj)
    one = bytes(int(k == "1") for k in d.segment_kinds)
    types = tuple(1 if seg in INDEX_SEGMENTS else 2 if seg[:5] == "await" else 0 for seg in d.segment_names)
    slots = tuple(None if k == "1" else () for k in d.segment_kinds)
    return bytes(code), tuple(objs), d.segment_kinds, one, types, slots


assert (F_LIT, F_OPERAND, F_OPERANDS, F_TYPE, F_SIZED, F_RESULT, F_SIZED_RESULT, F_TIED, F_TIMEPOINT, F_ATTR,
        F_OPT, F_ELSE, F_ATTR_DICT, F_REGION, F_CUSTOM) == tuple(range(15))  # the numbers _p_format tests
# The words the parser compares tokens with, as the very objects its code
# uses: the lexer makes every equal token one of these objects (see _SEED).
_KEYWORDS = ("to", "for", "as", "with", "->", "on", "await", "attributes", "loc", "slices")


def _seed_words() -> tuple[dict, tuple]:
    canon: dict = {}
    # the registered op names too: a parsed op's name is then the registry's
    # own str (OPS' key, its OpDef's name), so that the lookups keyed on it
    # downstream (the passes', the printer's) match by identity
    for t in (*_COMMON_TYPES, TIMEPOINT, *_KEYWORDS, *OPS):
        canon.setdefault(t, t)
    formats = {name: (d, _parse_program(d, canon)) for name, d in OPS.items()}
    return formats, tuple(canon)


# _SEED: the types and words the parser compares tokens with (its own
# constants, and its formats' literal tokens made those same objects): the
# lexer of parse() makes each token equal to one of them that object, so that
# comparing it is comparing two pointers.  _FORMATS: a registered op's name ->
# (its OpDef, its format program), one lookup per op statement.
_FORMATS, _SEED = _seed_words()


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------

_BAD_BYTES = lazy_compile("[" + chr(0xDC80) + "-" + chr(0xDCFF) + "]+")  # surrogateescape of invalid bytes


def _decode_comments(data: bytes) -> tuple[str | None, int]:
    """``data`` decoded when its invalid UTF-8 is only inside ``//`` comments
    (as iree-opt reads it; the bytes become U+FFFD), else None and the byte
    offset of the first invalid byte outside a comment."""
    text = data.decode("utf-8", errors="surrogateescape")
    for m in _BAD_BYTES.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if "//" not in text[line_start:m.start()]:
            return None, len(text[:m.start()].encode("utf-8", errors="surrogateescape"))
    return _BAD_BYTES.sub("\ufffd", text), -1


def _decode(data: bytes | str, filename: str) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        text, bad = _decode_comments(data)
        if text is not None:
            return text
        head = data[:bad]
        line = head.count(b"\n") + 1
        line_start = head.rfind(b"\n") + 1
        col = bad - line_start + 1
        end = data.find(b"\n", bad)
        src = data[line_start: end if end >= 0 else len(data)].decode("utf-8", errors="replace")
        raise FastallocError(
            f"invalid UTF-8 byte 0x{data[bad]:02x} in input", SourceLocation(filename, line, col, src)
        ) from None


# Characters MLIR's lexer takes nowhere but in comments (and, but for \v and
# \f, in string literals): blanks are space, tab, CR and LF; NUL is skipped.
_ODD_CHAR = lazy_compile(r"[^\x20-\x7e\t\n\r\x00]")
# The characters _ODD_CHAR does not match, as bytes (ASCII text's fast path
# without the native lexer).
_PLAIN_BYTES = bytes(range(0x20, 0x7F)) + b"\t\n\r\x00"
try:
    from fastalloc._lexer import first_odd_char as _native_first_odd
    from fastalloc._lexer import rfind as _native_rfind
except ImportError:  # pragma: no cover - the extension is not built yet
    _native_first_odd = None
    _native_rfind = None


def _rfind(text: str, needle: str) -> int:
    """``text.rfind(needle)``; for ASCII text by the native lexer's word-at-a-time
    search (str.rfind compares every byte of the text)."""
    if _native_rfind is not None and text.isascii():
        return _native_rfind(text, needle)
    return text.rfind(needle)


def _first_odd_char(text: str) -> int:
    """The position of the first character _ODD_CHAR matches, or -1.
    ASCII text (the usual case) is checked in one C pass over the text's
    own buffer (the native lexer's ``first_odd_char``; without it, by
    ``bytes.translate`` deleting the allowed bytes), not by the regex's
    per-character charset test over the whole text."""
    if text.isascii():
        if _native_first_odd is not None:
            return _native_first_odd(text)
        if not text.encode("ascii").translate(None, _PLAIN_BYTES):
            return -1
    m = _ODD_CHAR.search(text)
    return m.start() if m else -1


def _check_chars(text: str, pos: int, filename: str, line_base: int) -> None:
    """Raise iree-opt's error for the first character at or after ``pos``
    (the first odd one) that is outside a comment and not allowed where it
    is; string literals do not span lines, so each line is scanned alone."""
    while pos >= 0:
        ls = text.rfind("\n", 0, pos) + 1
        le = text.find("\n", pos)
        if le < 0:
            le = len(text)
        j = ls
        quote = False
        while j < le:
            ch = text[j]
            if quote:
                if ch == "\\":
                    j += 2
                    continue
                if ch == '"':
                    quote = False
                elif ch == "\v" or ch == "\f":
                    _char_error(text, j, ls, le, "expected '\"' in string literal", filename, line_base)
            elif ch == '"':
                quote = True
            elif ch == "/" and text.startswith("//", j):
                break
            elif _ODD_CHAR.match(ch):
                _char_error(text, j, ls, le, "unexpected character", filename, line_base)
            j += 1
        m = _ODD_CHAR.search(text, le)
        pos = m.start() if m else -1


def _char_error(text: str, j: int, ls: int, le: int, msg: str, filename: str, line_base: int) -> None:
    line = text.count("\n", 0, ls) + 1 + line_base
    col = len(text[ls:j].encode("utf-8", errors="surrogateescape")) + 1  # iree-opt counts bytes
    raise FastallocError(msg, SourceLocation(filename, line, col, text[ls:le]))


def parse(text: str | bytes, filename: str = "<stdin>", *, line_base: int = 0) -> Module:
    """Parse one module.  ``line_base`` shifts reported line numbers (split chunks)."""
    text = _decode(text, filename)
    odd = _first_odd_char(text)
    if odd >= 0:
        _check_chars(text, odd, filename, line_base)
    trailer = ""
    k = _rfind(text, "{-#")
    if k >= 0:
        # The dialect-resources section (`{-# dialect_resources: ... #-}`) is kept
        # verbatim; blank it out (keeping line numbers) for the parser.
        e = text.find("#-}", k)
        if e >= 0:
            trailer = text[k:e + 3]
            text = text[:k] + re.sub(r"[^\n]", " ", trailer) + text[e + 3:]
    with gc_paused():
        m = None
        try:
            # The token list of the whole text is never alive at once (~29 MB
            # at 10^5 ops): the parser lexes it in pieces as it goes.
            m = _Parser(text, filename, line_base, _PIECE).parse_module()
        except (FastallocError, IndexError):
            pass  # the error again, with its location, from the whole token list
        if m is None:
            m = _Parser(text, filename, line_base).parse_module()
    _finish_module(m, trailer, filename, line_base)
    return m


def parse_file(path: object, filename: str | None = None, *, _piece: int = _PIECE) -> Module:
    """Parse the module in the file ``path``, or in an open binary stream
    (stdin), reported as ``filename`` (default ``path``, or ``<stdin>``): as
    ``parse`` of its contents, but the input is read and lexed a piece of
    ~``_piece`` bytes at a time (see fastalloc.ir.source), so that its text
    is never one string; locations read it again (the file, or the copy of
    a stream kept in a temporary file).  After an error, or for an input the
    pieces cannot take (invalid UTF-8), the whole input is parsed by
    ``parse`` (same module, same error)."""
    if isinstance(path, str):
        if filename is None:
            filename = path
        with open_input(path) as f:
            return _parse_input(Input(f, path), filename, _piece)
    return _parse_input(Input(path), "<stdin>" if filename is None else filename, _piece)


def _not_streamable() -> str:
    raise NotStreamable("a location was asked for during the parse")


def _parse_input(src: Input, filename: str, piece: int) -> Module:
    """parse_file's parse of an opened input."""
    if streamable():
        chunks = None
        m = None

        def check(text: str, at: int) -> None:
            _check_chars(text, at, filename, 0)

        with gc_paused():
            try:
                chunks = FileChunks(src, piece, _SEED, check)
                p = _Parser(None, filename, 0, 0, chunks)
                # locations are the whole-text parse's: if one is asked for
                # meanwhile, that parse answers (the input is half read)
                p.src.detach(_not_streamable)
                # (the errors of a piece cut inside an op's brackets, and of
                # the text, which the whole-text parse reports; anything
                # else is a fault and surfaces)
                m = p.parse_module()
            except (FastallocError, NotStreamable):
                pass
            p = None
        if m is not None:
            _finish_module(m, chunks.trailer, filename, 0)
            m._source.detach(src.reloader(lambda data: _decode(data, filename)))
            return m
    return parse(src.whole(), filename)


def _finish_module(m: Module, trailer: str, filename: str, line_base: int) -> None:
    """What ``parse`` and ``parse_file`` set on the module once parsed."""
    m.trailer = trailer
    if m.dloc is None:
        # iree-opt's implicit module: the start of the buffer, 0:0, or for a
        # --split-input-file chunk the end of the `// -----` line before it
        m.dloc = f"{quote_filename(filename)}:0:0" if line_base == 0 else f"{quote_filename(filename)}:{line_base + 1}:9"


def quote_filename(name: str) -> str:
    """A file name as a location's string literal."""
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


_SPLIT = lazy_compile(r"^// -----[ \t]*$", re.M)


def split_chunks(text: str) -> list[tuple[str, int]]:
    """``--split-input-file`` chunks as (text, number of lines before the chunk)."""
    out = []
    pos = 0
    line = 0
    for m in _SPLIT.finditer(text):
        out.append((text[pos:m.start()], line))
        # The next chunk starts on the separator line itself (after its text).
        line = text.count("\n", 0, m.end())
        pos = m.end()
    out.append((text[pos:], line))
    return out
