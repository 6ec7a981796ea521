"""Reading a module a piece at a time (issue #14: peak memory).

:class:`FileChunks` gives the parser the tokens of an input as
:class:`fastalloc.ir.lexer.TokenChunks` gives those of a text, but reads the
input (:class:`Input`: a file, or a stream such as stdin) a window at a time
and scans each piece with one :class:`fastalloc._lexer.Scanner` whose text is
swapped between windows: the whole text is never one string (19 MB at 10^5
ops, alive until the parse ended), only the window being scanned.

The input is read once.  Pieces are cut where ``TokenChunks`` cuts a text
(before a line that starts a statement with results,
:data:`fastalloc.ir.lexer._CUT_STMT`), so the tokens are the same; a piece
starts and ends at a line break, so its lines are whole.  Each read is
decoded as UTF-8 on its own, the bytes of a character it cut short kept for
the next one; a window that is not ASCII is tokenized by ``TOKEN_RE`` as the
whole-text parse tokenizes a text that is not.  What the whole-text parse
checks before lexing is checked piece by piece: a character MLIR rejects
outside comments and strings is handed to ``check`` (the parser's rule; it
raises for a misplaced one), and without ``check`` the input is not streamed
(:class:`NotStreamable`; invalid UTF-8 is not either).  The caller then
parses the whole input as before (:meth:`Input.whole`), with its error if
any.  The dialect-resources section (the last ``{-#`` up to the first ``#-}``
after it) is blanked in the pieces as ``parse`` blanks it in the text, and
kept as ``trailer``: once a window holds a ``{-#``, the rest of the input is
read into it (the section is its end), which places the last one.

An input that is not a regular file named by a path (stdin, a pipe) is
copied as it is read to an unnamed temporary file (the spool), from which
it is read again when a location is asked for or the whole-text parse is
needed: locations and errors are those of the whole text, and the text is
not held in memory meanwhile.

Pure-Python equivalent of the pieces (for a valid UTF-8 input whose odd
characters ``check`` accepts)::

    text = f.read().decode("utf-8")
    k = text.rfind("{-#")
    e = text.find("#-}", k) if k >= 0 else -1
    if e >= 0:
        text = text[:k] + re.sub(r"[^\\n]", " ", text[k:e + 3]) + text[e + 3:]
    chunks = TokenChunks(text, size)   # or TOKEN_RE over a piece not ASCII
"""

from __future__ import annotations

from fastalloc._lazyre import lazy_compile
from fastalloc.errors import FastallocError
from fastalloc.ir.lexer import _CUT_STMT, TOKEN_RE

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any, BinaryIO, Callable

try:
    from fastalloc._lexer import Scanner as _Scanner
    from fastalloc._lexer import first_odd_char as _first_odd
    from fastalloc._lexer import rfind as _native_rfind
except ImportError:  # pragma: no cover - the extension is not built yet
    _Scanner = None  # type: ignore[misc, assignment]
    _first_odd = None  # type: ignore[assignment]
    _native_rfind = None  # type: ignore[assignment]

__all__ = ["FileChunks", "Input", "NotStreamable", "open_input", "streamable"]


class NotStreamable(Exception):
    """The input needs the whole-text parse (see the module docstring)."""


def open_input(path: str) -> BinaryIO:
    """``path`` opened for reading bytes; FastallocError if it cannot be."""
    try:
        return open(path, "rb")
    except OSError as e:
        raise FastallocError(f"cannot open input file '{path}': {e.strerror}") from None


def streamable() -> bool:
    """Can inputs be parsed a piece at a time (the native scanner is built)?"""
    return _Scanner is not None


def _stat_key(st: Any) -> tuple[int, ...]:
    """What tells a file apart from itself rewritten: any write changes
    its ctime (which no one can set back), a replacement its inode."""
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


# A file changed less than this before it is opened may be written again
# within the granularity of the clock that stamps its ctime (a few ms):
# its status would not tell, its bytes are checked (see Input).
_FRESH_NS = 10**9


class Input:
    """The bytes of an input, read once a piece at a time (:meth:`read`) and
    again when needed (:meth:`whole`, :meth:`reloader`): a regular file named
    by ``path`` from the file if it has not changed since, anything else
    (stdin, a pipe; ``path`` None) from the spool its reads were copied to.
    The file has not changed if it has the same status (:func:`_stat_key`)
    and, for a file changed just before it was opened, the same digest of
    the same reads."""

    __slots__ = ("f", "path", "spool", "key", "length", "digest", "reads")

    def __init__(self, f: BinaryIO, path: str | None = None) -> None:
        import os
        import stat

        self.f = f
        self.path = path
        self.key: tuple[int, ...] | None = None
        self.length = 0  # bytes read so far
        self.spool: Any = None
        self.digest = 0
        self.reads: list[int] | None = None  # the lengths of the reads digested
        if path is not None:
            try:
                st = os.fstat(f.fileno())
                if stat.S_ISREG(st.st_mode):
                    self.key = _stat_key(st)
                    import time

                    if st.st_ctime_ns > time.time_ns() - _FRESH_NS:
                        self.reads = []
            except (OSError, AttributeError, ValueError):
                pass
        if self.key is None:
            import tempfile

            self.spool = tempfile.TemporaryFile()

    def read(self, n: int) -> bytes:
        """The next ``n`` bytes (fewer at the end)."""
        data = self.f.read(n)
        if data:
            self.length += len(data)
            if self.spool is not None:
                self.spool.write(data)
            elif self.reads is not None:
                self.digest = _digest(self.digest, data)
                self.reads.append(len(data))
        return data

    def whole(self) -> bytes:
        """All the bytes of the input: those read and the rest."""
        if self.spool is None:
            self.f.seek(0)
            return self.f.read()
        rest = self.f.read()
        spool = self.spool
        spool.write(rest)
        self.length += len(rest)
        del rest
        spool.seek(0)
        data = spool.read()
        spool.seek(0, 2)
        return data

    def reloader(self, decode: Callable[[bytes], str]) -> Callable[[], str | None]:
        """A function giving the input's text (``decode`` of its bytes) once
        it has been read through: from the spool, or from the file if it
        has not changed (checked before and after reading it again), else
        None.  For :meth:`fastalloc.ir.lexer.SourceMap.detach`."""
        spool = self.spool
        if spool is not None:

            def from_spool() -> str | None:
                spool.seek(0)
                return decode(spool.read())

            return from_spool
        import os

        path = self.path
        length = self.length
        digest = self.digest
        reads = self.reads
        try:
            key: tuple[int, ...] | None = _stat_key(os.fstat(self.f.fileno()))
        except (OSError, ValueError):
            key = None
        if key != self.key:
            key = None  # it changed while it was read

        def from_file() -> str | None:
            if key is None or path is None:
                return None
            try:
                with open(path, "rb") as f:
                    if _stat_key(os.fstat(f.fileno())) != key:
                        return None
                    again = f.read()
                    if len(again) != length or _stat_key(os.fstat(f.fileno())) != key:
                        return None
            except OSError:
                return None
            if reads is not None:
                d = 0
                at = 0
                view = memoryview(again)
                for n in reads:
                    d = _digest(d, view[at:at + n])
                    at += n
                view.release()
                if d != digest:
                    return None
            return decode(again)

        return from_file


def _digest(digest: int, data: bytes | memoryview) -> int:
    """The digest of the bytes read so far, ``digest``, and then ``data``:
    ``hash`` (the file is read again in the same process; zlib would cost
    the command line its import)."""
    return hash((digest, data))


class FileChunks:
    """The tokens of an :class:`Input` in pieces of about ``size`` characters
    (see the module docstring); the interface of
    :class:`fastalloc.ir.lexer.TokenChunks`.  ``check(piece, at)``, if
    given, raises when a piece whose first odd character (or, when it is not
    ASCII, its first character) is at ``at`` has one MLIR rejects where it is."""

    __slots__ = ("src", "size", "seed", "check", "scanner", "scanned", "canon", "text", "pos", "eof",
                 "pending", "marked", "checked", "trailer")

    def __init__(self, src: Input, size: int = 1 << 18, seed: tuple[str, ...] = (),
                 check: Callable[[str, int], None] | None = None) -> None:
        self.src = src
        self.size = max(int(size), 1)
        self.seed = seed
        self.check = check
        self.scanner: Any = None  # made with the first ASCII piece (its tables sized by it)
        self.scanned: str | None = None  # the text the scanner scans
        # the one str of each token of the pieces that are not ASCII (as the
        # scanner's table for the others): seeded, and without %names
        self.canon: dict[str, str] | None = None
        self.text = ""  # the window: text read and not yet handed out from ``pos`` on
        self.pos = 0
        self.eof = False
        self.pending = b""  # the bytes of a character the last read cut short
        self.marked = False  # a `{-#` was seen: the input is all in the window
        self.checked = 0  # the window before this was checked for odd characters
        self.trailer = ""  # the dialect-resources section's text

    @property
    def done(self) -> bool:
        return self.eof and self.pos >= len(self.text)

    def _decode(self, data: bytes) -> str:
        """``data`` (after the bytes kept from the last read) as text; the
        bytes of a character it cuts short are kept for the next read."""
        if self.pending:
            data = self.pending + data
            self.pending = b""
        try:
            return data.decode("ascii")  # (the usual case; its own check, no second pass)
        except UnicodeDecodeError:
            pass
        if not self.eof:
            # A UTF-8 character is a lead byte (0b11xxxxxx) and up to three
            # continuation bytes (0b10xxxxxx).
            n = len(data)
            j = n - 1
            while j > n - 4 and j > 0 and data[j] & 0xC0 == 0x80:
                j -= 1
            lead = data[j]
            if lead >= 0xC0 and n - j < (2 if lead < 0xE0 else 3 if lead < 0xF0 else 4):
                self.pending = data[j:]
                data = data[:j]
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise NotStreamable("not UTF-8") from None

    def _more(self, want: int) -> str:
        """The text of the next ``want`` bytes ("" once the input is read)."""
        data = self.src.read(want)
        if not data:
            self.eof = True
            if self.pending:
                raise NotStreamable("not UTF-8")  # a character cut short by the end
            return ""
        return self._decode(data)

    def _read(self) -> None:
        """Read more into the window: as much again as it holds, at least
        four pieces (a window without a cut point grows by doubling, not by
        a piece at a time: its search and copy stay linear)."""
        text = self.text
        rest = len(text) - self.pos
        new = self._more(max(4 * self.size, rest))
        if not new:
            return
        self.text = text = text[self.pos:] + new
        self.pos = 0
        self.checked = 0
        # a marker may straddle two reads
        at = max(rest - 2, 0)
        k = _native_rfind(text, "{-#", at) if text.isascii() else text.find("{-#", at)
        if k >= 0 and not self.marked:
            self._blank()

    def _blank(self) -> None:
        """Read the rest of the input into the window and blank its
        dialect-resources section there (after checking the window's odd
        characters as they were)."""
        self.marked = True
        parts = [self.text]
        while not self.eof:
            parts.append(self._more(max(4 * self.size, sum(map(len, parts)))))
        self.text = text = "".join(parts)
        del parts
        k = text.rfind("{-#", self.pos)
        e = text.find("#-}", k)
        if e < 0:
            return
        self._check(self.pos, len(text))
        self.checked = len(text)
        trailer = self.trailer = text[k:e + 3]
        # every character but the line break as a blank (parse's re.sub(r"[^\n]", " ", ...))
        blank = "\n".join(" " * len(line) for line in trailer.split("\n"))
        self.text = text[:k] + blank + text[e + 3:]

    def _check(self, a: int, b: int) -> None:
        """Raise if the window's ``[a, b)`` (whole lines) holds a character
        MLIR rejects there (``check``; NotStreamable without one)."""
        text = self.text
        if text.isascii():
            odd = _first_odd(text, a, b)
            if odd < 0:
                return
            odd -= a
        else:
            odd = 0
        if self.check is None:
            raise NotStreamable("a character MLIR rejects outside comments")
        self.check(text[a:b], odd)

    def _cut(self) -> int:
        """The end of the next piece in the window (reading more as needed):
        the first cut point at or after ``pos + size``, else the end."""
        while True:
            text = self.text
            n = len(text)
            lo = self.pos + self.size
            if n > lo:
                m = _CUT_STMT.search(text, lo)
                # A match that reaches the end of the window may be cut
                # short (its look-ahead saw no character): read on.
                if m is not None and (m.end() < n or self.eof):
                    return m.start() + 1
            if self.eof:
                return n
            self._read()

    def next(self, head: list[str] | None = None, tail: tuple[str, ...] | None = None) -> list[str]:
        """The tokens of the next piece ([] once the input is consumed), as
        ``head + tokens + tail`` made at once when those are given."""
        b = self._cut()
        a = self.pos
        if b <= a:
            return (head or []) + list(tail or ())
        if b > self.checked:
            self._check(max(a, self.checked), b)
        self.pos = b
        text = self.text
        if not text.isascii():
            text = text[a:b]
            a, b = 0, len(text)
            if not text.isascii():
                # Characters that are not ASCII stand in comments and strings
                # only (``check``): scanned as \x01 each, those in comments
                # are skipped as any other; a token holding one (a string,
                # or a piece with a \x01 of its own) sends the piece to TOKEN_RE.
                if "\x01" not in text:
                    toks = self._scan(_NOT_ASCII.sub("\x01", text), a, b, head, tail)
                    if "\x01" not in "".join(toks):
                        return toks
                if self.canon is None:
                    self.canon = {t: t for t in self.seed}
                return _regex_tokens(text, self.canon, head, tail)
        return self._scan(text, a, b, head, tail)

    def _scan(self, text: str, a: int, b: int, head: list[str] | None, tail: tuple[str, ...] | None) -> list[str]:
        """``head + tokens + tail`` of the ASCII ``text[a:b]``, by the scanner."""
        scanner = self.scanner
        if scanner is None:
            # one table of distinct tokens for all the pieces (see TokenChunks)
            scanner = self.scanner = _Scanner(text, TOKEN_RE, None, self.seed, True)
        elif self.scanned is not text:
            scanner.swap(text)
        self.scanned = text
        toks: list[str] = scanner.tokens(a, b, head, tail)
        if self.done:
            self.scanner = self.scanned = None  # its tables are not needed any more
            self.text = ""
        return toks


_NOT_ASCII = lazy_compile(r"[^\x00-\x7f]")


def _regex_tokens(text: str, canon: dict[str, str], head: list[str] | None,
                  tail: tuple[str, ...] | None) -> list[str]:
    """``head + tokens + tail`` for a piece that is not ASCII, as
    :func:`fastalloc.ir.lexer.tokenize_regex` gives them, each token the one
    str of ``canon`` with its text (added there but for ``%name`` tokens:
    one object within the piece only, as the scanner's ``piece_names``)."""
    toks = list(head or [])
    names: dict[str, str] = {}
    for t in TOKEN_RE.findall(text):
        if t[0] == "\n":
            t = "\n"
        elif t[0] == "%" and len(t) > 1:
            t = names.setdefault(t, t)
        else:
            t = canon.setdefault(t, t)
        toks.append(t)
    toks += tail or ()
    return toks
