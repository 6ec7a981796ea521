"""Read and write packing problems in minimalloc's CSV format.

A file has the header ``id,lower,upper,size`` (a solution adds ``offset``) and
one buffer per row; ``[lower, upper)`` is the buffer's lifetime, half-open.
fastalloc uses inclusive lifetimes, so reading gives ``ends = upper - 1`` and
writing gives ``upper = end + 1``: the conversion happens here and nowhere else.

Bad rows raise :class:`FastallocError` located as ``FILE:LINE:COL``, the column
being that of the offending field.

Reading takes a fast path for strictly well-formed files (the exact header,
unsigned decimal fields, no blank lines or spaces, canonical integer ids):
one native scan of the bytes (``fastalloc._csvscan``) and vectorized checks.
On any anomaly it falls back to the line-by-line reader, which accepts the
same files' leniencies and locates every error; both give the same Problem.
"""

from __future__ import annotations

import io
import logging
import os
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, ClassVar, NoReturn, overload

import numpy as np
import numpy.typing as npt

from fastalloc.errors import FastallocError, SourceLocation

__all__ = ["IdList", "Problem", "read_csv", "write_csv"]

_log = logging.getLogger(__name__)

_REQUIRED = ("id", "lower", "upper", "size")
_INT64_MAX = 2**63 - 1
_INT = re.compile(r"[+-]?[0-9]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class IdList(Sequence[str]):
    """The ids of a file whose ids are all canonical decimal integers, kept as
    an int64 array (``values``) and turned into ``str`` only when read: a
    million Python strings cost more than the rest of reading the file.
    Compares equal to the list of the same strings."""

    __slots__ = ("values",)
    __hash__: ClassVar[None]  # type: ignore[assignment]

    def __init__(self, values: npt.NDArray[np.int64]) -> None:
        self.values = values

    def __len__(self) -> int:
        return int(self.values.shape[0])

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [str(v) for v in self.values[i].tolist()]
        return str(int(self.values[i]))

    def __iter__(self) -> Iterator[str]:
        return map(str, self.values.tolist())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, IdList):
            return bool(np.array_equal(self.values, other.values))
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"IdList({list(self)!r})"


@dataclass(frozen=True, eq=False)
class Problem:
    """Buffers read from a CSV: ``ids`` as written in the file (a list of
    str, or an :class:`IdList` from the fast path: the same strings), lifetimes
    ``[starts[i], ends[i]]`` inclusive, ``sizes`` in bytes, and ``offsets`` if
    the file had an ``offset`` column (else None).  Arrays are int64."""

    ids: Sequence[str]
    starts: npt.NDArray[np.int64]
    ends: npt.NDArray[np.int64]
    sizes: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64] | None = None

    def __len__(self) -> int:
        return len(self.ids)


def _fields(line: str) -> list[tuple[str, int]]:
    """Comma-separated fields with their 1-based columns, whitespace stripped."""
    out = []
    col = 0
    for raw in line.split(","):
        lead = len(raw) - len(raw.lstrip())
        out.append((raw.strip(), col + lead + 1))
        col += len(raw) + 1
    return out


def _read_fast(data: bytes) -> Problem | None:
    """The Problem of a strictly well-formed file, or None (take the slow path)."""
    from fastalloc._csvscan import scan_csv_body

    nl = data.find(b"\n")
    if nl < 0:
        return None
    try:
        header = data[:nl].rstrip(b"\r").decode("ascii").split(",")
    except UnicodeDecodeError:
        return None
    if sorted(header) not in (sorted(_REQUIRED), sorted((*_REQUIRED, "offset"))):
        return None
    col = {h: k for k, h in enumerate(header)}
    body = np.frombuffer(data, dtype=np.uint8, offset=nl + 1)
    table = scan_csv_body(body, len(header), col["id"], data.count(b"\n", nl + 1) + 1)
    if table is None or table.shape[0] == 0:
        return None
    lower, upper = table[:, col["lower"]], table[:, col["upper"]]
    if not bool((upper > lower).all()):
        return None
    ids = np.ascontiguousarray(table[:, col["id"]])
    if not bool((ids[1:] > ids[:-1]).all()) and np.unique(ids).shape[0] != ids.shape[0]:
        return None
    return Problem(
        IdList(ids),
        np.ascontiguousarray(lower),
        upper - 1,
        np.ascontiguousarray(table[:, col["size"]]),
        np.ascontiguousarray(table[:, col["offset"]]) if "offset" in col else None,
    )


def read_csv(source: str | os.PathLike[str] | IO[str], *, filename: str | None = None) -> Problem:
    """Parse a minimalloc CSV from a path or an open text file."""
    t0 = time.perf_counter()
    if isinstance(source, (str, os.PathLike)):
        name = filename or os.fspath(source)
        with open(source, "rb") as fb:
            data = fb.read()
        fast = _read_fast(data)
        if fast is not None:
            _log.debug("read_csv %s: %d buffers, %d bytes, fast path, %.3f s", name, len(fast), len(data),
                       time.perf_counter() - t0)
            return fast
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
            raise FastallocError(f"not UTF-8 text: {exc.reason}", SourceLocation(str(name), line, col, "")) from None
    else:
        name = filename or getattr(source, "name", "<stdin>")
        text = source.read()
    problem = _read_slow(text, str(name))
    _log.debug("read_csv %s: %d buffers, line-by-line path, %.3f s", name, len(problem), time.perf_counter() - t0)
    return problem


def _read_slow(text: str, name: str) -> Problem:
    # Rows end at \n, \r\n or \r only: str.splitlines would also break at
    # \v, \f, U+2028 and others, splitting a row and miscounting lines.
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()

    def fail(lineno: int, col: int, msg: str) -> NoReturn:
        line = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
        raise FastallocError(msg, SourceLocation(str(name), lineno, col, line))

    if not lines or not lines[0].strip():
        fail(1, 1, "expected the header 'id,lower,upper,size'")
    header = [h.lower() for h, _ in _fields(lines[0].lstrip("\ufeff"))]
    for col_name in _REQUIRED:
        if col_name not in header:
            fail(1, 1, f"header lacks the column '{col_name}' (expected 'id,lower,upper,size[,offset]')")
    if len(set(header)) != len(header):
        fail(1, 1, "header repeats a column")
    index = {h: k for k, h in enumerate(header)}
    has_offset = "offset" in index

    ids: list[str] = []
    lows: list[int] = []
    ups: list[int] = []
    sizes: list[int] = []
    offsets: list[int] = []
    seen: dict[str, int] = {}

    def number(fields: list[tuple[str, int]], key: str, lineno: int) -> int:
        text, col = fields[index[key]]
        if not _INT.fullmatch(text):
            fail(lineno, col, f"{key} '{text}' is not an integer")
        digits = text.lstrip("+-").lstrip("0")
        if len(digits) > 40:  # far beyond int64 (and int() refuses > 4300 digits): not echoed whole
            fail(lineno, col, f"{key} '{text[:24]}...' ({len(digits)} digits) does not fit in int64")
        value = int(text)
        if value < 0:
            fail(lineno, col, f"{key} {value} is negative")
        if value > _INT64_MAX:
            fail(lineno, col, f"{key} {value} does not fit in int64")
        return value

    for lineno in range(2, len(lines) + 1):
        line = lines[lineno - 1]
        if not line.strip():
            continue
        fields = _fields(line)
        if len(fields) != len(header):
            fail(lineno, 1, f"expected {len(header)} fields ({','.join(header)}), got {len(fields)}")
        ident, idcol = fields[index["id"]]
        if not ident:
            fail(lineno, idcol, "empty id")
        if ident in seen:
            fail(lineno, idcol, f"duplicate id '{ident}' (first on line {seen[ident]})")
        seen[ident] = lineno
        lower = number(fields, "lower", lineno)
        upper = number(fields, "upper", lineno)
        if upper <= lower:
            fail(
                lineno,
                fields[index["upper"]][1],
                f"buffer '{ident}': upper {upper} must be greater than lower {lower} (lifetimes are [lower, upper))",
            )
        size = number(fields, "size", lineno)
        if has_offset:
            offsets.append(number(fields, "offset", lineno))
        ids.append(ident)
        lows.append(lower)
        ups.append(upper)
        sizes.append(size)

    starts = np.array(lows, dtype=np.int64)
    ends = np.array(ups, dtype=np.int64) - 1
    return Problem(
        ids,
        starts,
        ends,
        np.array(sizes, dtype=np.int64),
        np.array(offsets, dtype=np.int64) if has_offset else None,
    )


def write_csv(
    dest: str | os.PathLike[str] | IO[str],
    starts: Any,
    ends: Any,
    sizes: Any,
    offsets: Any = None,
    *,
    ids: Any = None,
) -> None:
    """Write buffers (inclusive lifetimes) as minimalloc CSV; with ``offsets``
    the file is a solution (extra ``offset`` column).  ``ids`` default to
    ``0..n-1``."""
    s = np.asarray(starts, dtype=np.int64)
    e = np.asarray(ends, dtype=np.int64)
    z = np.asarray(sizes, dtype=np.int64)
    n = s.shape[0]
    if e.shape[0] != n or z.shape[0] != n or (offsets is not None and len(offsets) != n):
        raise FastallocError("starts, ends, sizes (and offsets) must have the same length")
    bad = np.flatnonzero(e < s)
    if bad.size:
        i = int(bad[0])
        raise FastallocError(f"buffer {i}: lifetime end {int(e[i])} < start {int(s[i])}")
    if np.any(e == _INT64_MAX):
        i = int(np.flatnonzero(e == _INT64_MAX)[0])
        raise FastallocError(f"buffer {i}: lifetime end {int(e[i])} has no exclusive upper bound in int64")
    names = [str(i) for i in range(n)] if ids is None else [str(x) for x in ids]
    if len(names) != n:
        raise FastallocError(f"ids has {len(names)} entries, expected {n}")
    out = io.StringIO()
    if offsets is None:
        out.write("id,lower,upper,size\n")
        for row in zip(names, s.tolist(), (e + 1).tolist(), z.tolist()):
            out.write("%s,%d,%d,%d\n" % row)
    else:
        o = np.asarray(offsets, dtype=np.int64)
        out.write("id,lower,upper,size,offset\n")
        for row in zip(names, s.tolist(), (e + 1).tolist(), z.tolist(), o.tolist()):
            out.write("%s,%d,%d,%d,%d\n" % row)
    if isinstance(dest, (str, os.PathLike)):
        Path(dest).write_text(out.getvalue(), encoding="utf-8")
    else:
        dest.write(out.getvalue())
