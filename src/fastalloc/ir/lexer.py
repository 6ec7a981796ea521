"""Tokenizer for MLIR text: the token grammar is one compiled regex, TOKEN_RE.

ASCII text (nearly all MLIR) is scanned by the native tokenizer
(:func:`fastalloc._lexer.scan`, about 5x faster than ``findall`` and with no
temporary string per token), which gives exactly the regex's tokens;
other text, or a build without the extension, uses ``findall``
(:func:`tokenize_regex`).  Both give every line-break token as the one
string ``"\n"`` (the regex's token also holds the blank lines after it), so
the parser tests for a line break with ``t == "\n"``.

Tokens are plain ``str`` (no per-token objects, no positions): positions are
recomputed by :class:`SourceMap` only when a diagnostic or ``Op.loc`` needs
one, by scanning the text again, so the happy path pays nothing for them.

Token shapes (the parser dispatches on the first character):

* ``"\\n..."``  a line break (runs of blank/comment lines collapse into one);
* ``%name`` / ``%name#3``  SSA values; ``^bb1`` block labels;
* ``@sym`` / ``@a::@b``  symbol references;
* ``!dialect.type<...>`` / ``#dialect.attr<...>`` / ``tensor<...>`` /
  ``dense<...>`` ...: a whole type or attribute with its balanced ``<...>``
  body (nested up to 6 levels, strings and ``->`` inside handled), so types
  and constants are single tokens;
* ``"string"`` with escapes; numbers; bare identifiers (op names, keywords);
* ``->`` and single punctuation; any other character is its own token and the
  parser reports it.
"""

from __future__ import annotations

from fastalloc._lazyre import lazy_compile
from fastalloc.errors import FastallocError, SourceLocation

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["TOKEN_RE", "SourceMap", "TokenChunks", "new_names", "tokenize", "tokenize_regex"]

_STR = r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"'


def _angle(depth: int, newlines: bool = True) -> str:
    # One character per atom, never a run (``[^<>"-]+``): a run inside the
    # ``*`` can be split in exponentially many ways, all tried when the body
    # does not close (``#a<`` and 50 letters took minutes).  A character
    # matches one way only, so a failing body costs linear time per level.
    atom = (r'[^<>"\-]|->|-|' if newlines else r'[^<>"\-\n]|->|-|') + _STR
    body = f"(?:{atom})*"
    for _ in range(depth):
        body = f"(?:{atom}|<{body}>)*"
    return f"<{body}>"


_BAL = _angle(6)
_BAL_LINE = _angle(6, newlines=False)  # types never span lines
_BUILTIN_ANGLE = (
    r"(?:tensor|vector|memref|dense|dense_resource|sparse|array|affine_map|affine_set|complex|tuple|"
    r"strided|opaque|distinct\[\d+\])"
)

_TOKEN = (
    # skipped: blanks and comments, each matched one way only (a run inside
    # the ``*``, or a comment that may end early, would backtrack
    # exponentially where no token follows: at the end of the text)
    r"(?:[ \t\r\f\v]|//[^\n]*(?![^\n]))*"
    r"("
    r"\n(?:\s|//[^\n]*)*"  # line break (+ following blank/comment lines)
    r"|%[\w$.\-]+(?:#\d+)?"
    r"|\^[\w$.\-]+"
    r"|@(?:[\w$.\-]+|" + _STR + r")(?:::@(?:[\w$.\-]+|" + _STR + r"))*"
    r"|#[\w$.]+(?:" + _BAL + r")?"
    r"|![\w$.]+(?:" + _BAL_LINE + r")?"
    r"|" + _BUILTIN_ANGLE + _BAL + r"|" + _STR + r"|0x[0-9a-fA-F]+"
    r"|-?\d+(?:\.\d*)?(?:[eE][+\-]?\d+)?"
    r"|[A-Za-z_][\w$.]*"
    r"|->|\S"
    r")"
)

# Compiled on first use: the native scanner asks it only about the rare
# tokens it does not decide itself, and compiling it is a large part of the
# command line's start-up.
TOKEN_RE = lazy_compile(_TOKEN)

try:
    from fastalloc._lexer import Names as _Names
    from fastalloc._lexer import Scanner as _Scanner
    from fastalloc._lexer import scan as _scan
except ImportError:  # pragma: no cover - the extension is not built yet
    _scan = None
    _Scanner = None  # type: ignore[misc, assignment]
    _Names = None  # type: ignore[misc, assignment]


class _DictNames:
    """:class:`fastalloc._lexer.Names` without the extension."""

    __slots__ = ("ids", "keys")

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.keys: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self.ids)

    def id(self, name: str) -> int:
        if type(name) is not str:
            raise TypeError("Names.id: a name must be a str")
        self.keys.setdefault(name, name)
        return self.ids.setdefault(name, len(self.ids))

    def sigil_id(self, tok: str) -> int:
        return self.id(tok[1:])

    def sigil_name(self, tok: str) -> str:
        self.id(tok[1:])
        return self.keys[tok[1:]]


def new_names() -> Any:
    """A table of dense integer ids of names (``fastalloc._lexer.Names``):
    ``id(name)`` is 0, 1, 2... in first-asked order, equal names one id."""
    return _Names() if _Names is not None else _DictNames()


# A line that starts with an SSA value: no token (not even a multi-line
# attribute, which cannot hold SSA values) spans the line break before it.
_CUT = lazy_compile(r"\n[ \t]*%")
_CHUNK = 1 << 20


def tokenize(text: str) -> list[str]:
    """The token strings of ``text``, followed by an empty-string EOF token."""
    if _scan is not None and text.isascii():
        toks = _scan(text, TOKEN_RE, True, False)[0]
        toks.append("")
        return toks
    return tokenize_regex(text)


# A line that starts a statement with results (``%x = ``, ``%a:2, %b = ``):
# the cut points of TokenChunks.  Besides splitting no token (see _CUT), the
# parser is at a statement boundary there unless an op spreads such a line
# inside its brackets (then it reports an error and parse() parses again from
# the whole token list).
_CUT_STMT = lazy_compile(r"\n[ \t]*%[\w$.\-]+(?::\d+)?(?:[ \t]*,[ \t]*%[\w$.\-]+(?::\d+)?)*[ \t]*=(?![=>])")


class TokenChunks:
    """The tokens of an ASCII ``text`` in pieces of about ``size`` characters,
    each cut before a line that starts a statement with results: the pieces
    joined are ``tokenize(text)`` (without its EOF token), and a parser that
    holds only the pieces it has not consumed never has the whole token list
    (3.6 million pointers, ~29 MB, at 10^5 ops) alive.  Needs the native
    scanner (``available()``)."""

    __slots__ = ("text", "pos", "size", "scanner")

    def __init__(self, text: str, size: int = 1 << 18, seed: tuple[str, ...] = ()) -> None:
        self.text = text
        self.pos = 0
        self.size = max(int(size), 1)
        # one table of distinct tokens for all the pieces: one object per
        # distinct token across pieces, and a token seen in an earlier piece
        # is not made again; a token equal to a str of ``seed`` is that str.
        # But %name tokens, one object within a piece only: the parser keeps
        # names, not these tokens (the table would hold ~110k of them at 10^5 ops)
        self.scanner = _Scanner(text, TOKEN_RE, None, seed, True)

    @staticmethod
    def available(text: str) -> bool:
        return _scan is not None and text.isascii()

    @property
    def done(self) -> bool:
        return self.pos >= len(self.text)

    def next(self, head: list[str] | None = None, tail: tuple[str, ...] | None = None) -> list[str]:
        """The tokens of the next piece ([] once the text is consumed), as
        ``head + tokens + tail`` made at once when those are given."""
        text = self.text
        n = len(text)
        a = self.pos
        if a >= n:
            return (head or []) + list(tail or ())
        b = a + self.size
        if b >= n:
            b = n
        else:
            m = _CUT_STMT.search(text, b)
            b = m.start() + 1 if m else n
        self.pos = b
        return self.scanner.tokens(a, b, head, tail)


def tokenize_regex(text: str) -> list[str]:
    """:func:`tokenize` with ``TOKEN_RE.findall`` (any text).

    Lexed in ~1 MB pieces cut before lines that start with ``%`` (the same
    tokens as one pass), each token replaced by a canonical copy: a 100k-op
    module has millions of tokens but only thousands of distinct ones, so the
    list costs a pointer per token instead of a string object.
    """
    n = len(text)
    canon: dict[str, str] = {}
    intern = canon.setdefault
    toks: list[str] = []
    findall = TOKEN_RE.findall
    a = 0
    while a < n:
        b = a + _CHUNK
        if b >= n:
            b = n
        else:
            m = _CUT.search(text, b)
            b = m.start() + 1 if m else n
        piece = findall(text, a, b)
        # every line break as "\n", as the native scanner gives them
        piece = [("\n" if t[0] == "\n" else t) for t in piece]
        toks.extend(map(intern, piece, piece))
        a = b
    toks.append("")
    return toks


class SourceMap:
    """Maps token indices back to ``FILE:LINE:COL`` (computed on demand).

    ``text`` None with a ``reload`` (:meth:`detach`): the text is read again
    when a location first needs it (a file parsed a piece at a time never
    had it whole)."""

    __slots__ = ("_text", "filename", "line_base", "_starts", "_line_starts", "_reload")

    def __init__(self, text: str | None, filename: str, line_base: int = 0) -> None:
        self._text = text
        self.filename = filename
        self.line_base = line_base  # for --split-input-file chunks
        self._starts: Any = None  # list[int], or int64 memoryview from the native scanner
        self._line_starts: list[int] | None = None
        self._reload: Any = None  # see detach

    @property
    def text(self) -> str | None:
        """The text (read again by detach's ``reload`` on first need); None
        when it is released and cannot be read again."""
        text = self._text
        if text is None and self._reload is not None:
            reload = self._reload
            self._reload = None
            text = self._text = reload()
        return text

    def _loaded(self) -> str:
        """The text, read again if need be; FastallocError if it cannot be."""
        text = self.text
        if text is None:
            raise FastallocError(f"{self.filename}: the input text is no longer available for a location")
        return text

    def offset(self, tok: int) -> int:
        if self._starts is None:
            text = self._loaded()
            if _scan is not None and text.isascii():
                self._starts = _scan(text, TOKEN_RE, False, True)[1]
            else:
                self._starts = [m.start(1) for m in TOKEN_RE.finditer(text)]
        starts = self._starts
        if tok < len(starts):
            off = int(starts[tok])
            # A line-break token points at the break itself; report the end of
            # the line it terminates.
            return off
        return len(self._loaded())

    def location_at(self, off: int) -> SourceLocation:
        import bisect

        text = self._loaded()
        if self._line_starts is None:
            ls = [0]
            find = text.find
            p = find("\n")
            while p >= 0:
                ls.append(p + 1)
                p = find("\n", p + 1)
            self._line_starts = ls
        ls = self._line_starts
        line = bisect.bisect_right(ls, off) - 1
        start = ls[line]
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        return SourceLocation(self.filename, line + 1 + self.line_base, off - start + 1, text[start:end])

    def location(self, tok: int) -> SourceLocation | None:
        """The location of token ``tok``; None after :meth:`release`."""
        if self.text is None:
            return None
        return self.location_at(self.offset(tok))

    def release(self) -> None:
        """Forget the text (``Module.release_source``): locations not yet
        computed become None."""
        self._text = None
        self._starts = None
        self._line_starts = None
        self._reload = None

    def detach(self, reload: Any) -> None:
        """Forget the text until a location is asked for; then ``reload()``
        gives it back (None if it cannot: locations become None).  For a
        caller that can read its input again (the command line, from a
        file): the text is as big as the input and locations are rarely
        asked for after parsing (errors, debug info)."""
        self.release()
        self._reload = reload

    def error(self, message: str, tok: int) -> FastallocError:
        return FastallocError(message, self.location(tok))
