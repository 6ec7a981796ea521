"""Reading a module from a file a piece at a time (issue #14: peak memory).

:class:`FileChunks` gives the parser the tokens of a file as
:class:`fastalloc.ir.lexer.TokenChunks` gives those of a text, but reads
the file in pieces of about ``size`` bytes and scans each piece with one
:class:`fastalloc._lexer.Scanner` whose text is swapped between pieces: the
whole text is never one string (19 MB at 10^5 ops, alive until the parse
ended), only the piece being scanned and the bytes read past its end.

Pieces are cut where ``TokenChunks`` cuts a text (before a line that starts
a statement with results, :data:`fastalloc.ir.lexer._CUT_STMT`), so the
tokens are the same.  The file is first read through once, a piece at a
time (:func:`_survey`), for what the whole-text parse checks before lexing:
a file that is not ASCII or holds a character MLIR's lexer rejects outside
comments is not streamed (:class:`NotStreamable`: the caller parses the
whole file as before, with its error if any), and the dialect-resources
section (the last ``{-#`` up to the first ``#-}`` after it) is blanked in
the pieces as ``parse`` blanks it in the text, and kept as ``trailer``.

Pure-Python equivalent of the pieces (for an ASCII file without odd
characters)::

    text = open(path, "rb").read().decode("ascii")
    k = text.rfind("{-#")
    e = text.find("#-}", k) if k >= 0 else -1
    if e >= 0:
        text = text[:k] + re.sub(r"[^\n]", " ", text[k:e + 3]) + text[e + 3:]
    chunks = TokenChunks(text, size)
"""

from __future__ import annotations

from fastalloc.errors import FastallocError
from fastalloc.ir.lexer import _CUT_STMT, TOKEN_RE

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any, BinaryIO, Callable

try:
    from fastalloc._lexer import Scanner as _Scanner
    from fastalloc._lexer import first_odd_char as _first_odd
except ImportError:  # pragma: no cover - the extension is not built yet
    _Scanner = None  # type: ignore[misc, assignment]
    _first_odd = None  # type: ignore[assignment]

__all__ = ["FileChunks", "NotStreamable", "file_reloader", "open_input", "streamable"]


class NotStreamable(Exception):
    """The file needs the whole-text parse (see the module docstring)."""


def open_input(path: str) -> BinaryIO:
    """``path`` opened for reading bytes; FastallocError if it cannot be."""
    try:
        return open(path, "rb")
    except OSError as e:
        raise FastallocError(f"cannot open input file '{path}': {e.strerror}") from None


def streamable(f: BinaryIO) -> bool:
    """Can ``f`` be parsed a piece at a time?  It must be a regular file (read
    again for locations and for the whole-text parse after an error) and the
    native scanner built."""
    import os
    import stat

    if _Scanner is None:
        return False
    try:
        return stat.S_ISREG(os.fstat(f.fileno()).st_mode)
    except (OSError, AttributeError, ValueError):
        return False


# How far back before the text read last a cut point is looked for again
# (one that the end of the read cut short): a cut point longer than this is
# missed, and the piece ends at a later one.
_OVERLAP = 4096


class FileChunks:
    """The tokens of an open file in pieces of about ``size`` bytes (see the
    module docstring); the interface of :class:`fastalloc.ir.lexer.TokenChunks`.
    ``fingerprint`` is that of the bytes read so far: once ``done``, of the
    file (for :func:`file_reloader`)."""

    __slots__ = ("f", "size", "seed", "scanner", "parts", "count", "searched", "eof", "length", "digest",
                 "blank", "trailer")

    def __init__(self, f: BinaryIO, size: int = 1 << 18, seed: tuple[str, ...] = ()) -> None:
        self.f = f
        self.size = max(int(size), 1)
        self.seed = seed
        # [start, end) of the dialect-resources section (blanked), or None
        self.blank = _survey(f, self.size)
        self.trailer = ""  # that section's text
        self.scanner: Any = None  # made with the first piece (its tables sized by it)
        # The text read and not yet handed out, as read (joined once per
        # piece: a line longer than many reads is not copied at each read).
        self.parts: list[str] = []
        self.count = 0  # characters in parts
        self.searched = 0  # parts were searched for a cut point up to here
        self.eof = False
        self.length = 0
        self.digest = 0

    @property
    def done(self) -> bool:
        return self.eof and not self.count

    @property
    def fingerprint(self) -> tuple[int, int, int]:
        """(length, digest, read size) of the bytes read (see _digest)."""
        return self.length, self.digest, self.size

    def _read(self) -> None:
        data = self.f.read(self.size)
        if not data:
            self.eof = True
            return
        at = self.length
        self.length += len(data)
        self.digest = _digest(self.digest, data)
        if not data.isascii():
            raise NotStreamable("not ASCII")  # (the file changed since _survey)
        text = data.decode("ascii")
        del data
        if _first_odd(text) >= 0:
            raise NotStreamable("a character MLIR rejects outside comments")
        blank = self.blank
        if blank is not None and blank[0] < at + len(text) and at < blank[1]:
            a = max(blank[0] - at, 0)
            b = min(blank[1] - at, len(text))
            self.trailer += text[a:b]
            text = text[:a] + text[a:b].translate(_BLANKS) + text[b:]
        self.parts.append(text)
        self.count += len(text)

    def _tail(self, lo: int) -> str:
        """The text of parts from position ``lo`` on."""
        parts = self.parts
        k = len(parts)
        start = self.count
        while k > 0 and start > lo:
            k -= 1
            start -= len(parts[k])
        return "".join(parts[k:])[lo - start:]

    def _cut(self) -> int:
        """The end of the next piece in parts (reading more as needed): the
        first cut point at or after ``size``, else the end of the file."""
        size = self.size
        while True:
            n = self.count
            lo = max(size, self.searched - _OVERLAP)
            if n > lo:
                window = self._tail(lo)
                m = _CUT_STMT.search(window)
                # A match that reaches the end of what was read may be cut
                # short (its look-ahead saw no character): read on.
                if m is not None and (m.end() < len(window) or self.eof):
                    return lo + m.start() + 1
                self.searched = n
            if self.eof:
                return n
            self._read()

    def next(self, head: list[str] | None = None, tail: tuple[str, ...] | None = None) -> list[str]:
        """The tokens of the next piece ([] once the file is consumed), as
        ``head + tokens + tail`` made at once when those are given."""
        b = self._cut()
        if b == 0:
            return (head or []) + list(tail or ())
        text = "".join(self.parts)
        piece = text[:b]
        rest = text[b:]
        del text
        self.parts = [rest] if rest else []
        self.count = len(rest)
        self.searched = 0
        scanner = self.scanner
        if scanner is None:
            # one table of distinct tokens for all the pieces (see TokenChunks)
            scanner = self.scanner = _Scanner(piece, TOKEN_RE, None, self.seed, True)
        else:
            scanner.swap(piece)
        toks: list[str] = scanner.tokens(0, -1, head, tail)
        if self.done:
            self.scanner = None  # its tables are not needed any more
        return toks


# every ASCII character but the line break as a blank (parse's re.sub(r"[^\n]", " ", ...))
_BLANKS = {c: " " for c in range(128) if c != 10}


def _survey(f: BinaryIO, size: int) -> tuple[int, int] | None:
    """Read ``f`` through (``size`` bytes at a time) and back to its start:
    raise NotStreamable if it is not ASCII or has a character MLIR rejects
    outside comments; give [start, end) of its dialect-resources section
    (the last ``{-#`` to the end of the first ``#-}`` from there), or None."""
    start = end = -1
    at = 0
    tail = b""  # the last two bytes before ``at``: a marker may straddle reads
    while True:
        data = f.read(size)
        if not data:
            break
        if not data.isascii():
            raise NotStreamable("not ASCII")
        if _first_odd(data.decode("ascii")) >= 0:
            raise NotStreamable("a character MLIR rejects outside comments")
        window = tail + data
        base = at - len(tail)
        k = window.rfind(b"{-#")
        if k >= 0 and base + k > start:
            start = base + k
            end = -1
        if start >= 0 and end < 0:
            e = window.find(b"#-}", max(start - base, 0))
            if e >= 0:
                end = base + e + 3
        at += len(data)
        tail = window[-2:]
    f.seek(0)
    return (start, end) if end >= 0 else None


def _digest(digest: int, data: bytes | memoryview) -> int:
    """The digest of the bytes read so far, ``digest``, and then ``data``:
    ``hash`` (the file is read again in the same process; zlib would cost
    the command line its import)."""
    return hash((digest, data))


def file_reloader(path: str, fingerprint: tuple[int, int, int]) -> Callable[[], str | None]:
    """A function that reads ``path`` again and gives its text if the file
    still holds the bytes read before (FileChunks.fingerprint: the same
    length and digest), else None: for :meth:`fastalloc.ir.lexer.SourceMap.detach`."""
    length, digest, size = fingerprint

    def reload() -> str | None:
        from fastalloc.ir.parser import _decode

        try:
            with open(path, "rb") as f:
                again = f.read()
        except OSError:
            return None
        if len(again) != length:
            return None
        d = 0
        view = memoryview(again)
        for k in range(0, length, size):
            d = _digest(d, view[k:k + size])
        view.release()
        if d != digest:
            return None
        return _decode(again, path)

    return reload
