# cython: language_level=3
"""The fast path of :func:`fastalloc.csvio.read_csv`: one pass over the bytes
of a strictly well-formed minimalloc CSV body.

Anything unusual (a sign, a space, an empty field, a blank line, a field of
more than 18 digits, a leading zero in the id column, a row with the wrong
number of fields) makes the scan give up; the caller then takes the slow
path, which reports the located error or accepts the file's leniencies.
"""

from libc.stdint cimport int64_t, uint8_t

import numpy as np


cdef Py_ssize_t _scan(const uint8_t* p, Py_ssize_t n, Py_ssize_t ncols, Py_ssize_t id_col,
                      int64_t* out, Py_ssize_t max_rows) noexcept nogil:
    """Parse rows of ``ncols`` unsigned decimal fields into ``out`` (row-major).

    Algorithm: a single left-to-right scan, accumulating each field's value
    digit by digit (``v = 10 v + d``); 18 digits at most, so no int64 overflow
    is possible.  Rows end with ``\\n`` or ``\\r\\n``; the last may lack it.
    Returns the number of rows, or -1 at the first byte that breaks the
    grammar.  Written for fastalloc (no outside source).  The same in Python::

        rows = [line.rstrip("\\r").split(",") for line in text.split("\\n")]
        if rows and rows[-1] == [""]: rows.pop()
        ok = all(len(r) == ncols and all(f.isdigit() and len(f) <= 18 for f in r) for r in rows)
        out = np.array(rows, dtype=np.int64) if ok else None
    """
    cdef Py_ssize_t i = 0, row = 0, col, start
    cdef int64_t v
    cdef uint8_t c
    while i < n:
        if row >= max_rows:
            return -1
        for col in range(ncols):
            v = 0
            start = i
            while i < n:
                c = p[i]
                if c < 48 or c > 57:
                    break
                v = v * 10 + (c - 48)
                i += 1
            if i == start or i - start > 18:
                return -1
            if col == id_col and i - start > 1 and p[start] == 48:
                return -1  # "007" is not the id "7": only canonical ids take this path
            out[row * ncols + col] = v
            if col < ncols - 1:
                if i >= n or p[i] != 44:
                    return -1
                i += 1
        if i < n:
            if p[i] == 13:
                i += 1
            if i >= n or p[i] != 10:
                return -1
            i += 1
        row += 1
    return row


def scan_csv_body(const uint8_t[::1] body, Py_ssize_t ncols, Py_ssize_t id_col, Py_ssize_t max_rows):
    """``(rows, ncols)`` int64 array of a well-formed CSV body (no header),
    or None when the body is not strictly well-formed (see the module doc).
    ``max_rows`` bounds the rows (newlines + 1); the caller counts them."""
    if ncols < 1 or not 0 <= id_col < ncols or max_rows < 0:
        raise ValueError(f"scan_csv_body: ncols={ncols}, id_col={id_col}, max_rows={max_rows}")
    out = np.empty((max_rows, ncols), dtype=np.int64)
    cdef int64_t[:, ::1] o = out
    cdef Py_ssize_t n = body.shape[0]
    cdef Py_ssize_t rows = 0
    if n == 0:
        return out[:0]
    if max_rows == 0:
        return None
    with nogil:
        rows = _scan(&body[0], n, ncols, id_col, &o[0, 0], max_rows)
    if rows < 0:
        return None
    return out[:rows]
