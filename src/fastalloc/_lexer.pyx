# cython: language_level=3
"""Native MLIR tokenizer: the tokens of :data:`fastalloc.ir.lexer.TOKEN_RE`,
scanned in C over the text's bytes.

``scan(text, token_re, want_tokens, want_starts)`` walks an ASCII ``str``
once and returns ``(tokens, starts)``:

* ``tokens`` (list[str] or None): what ``TOKEN_RE.findall(text)`` gives, in
  the same order, except that every line-break token is the one string
  ``"\\n"`` (the parser only looks at its first character) and every token is
  a canonical object: equal tokens are the same ``str`` (a 100k-op module has
  millions of tokens but only thousands of distinct ones, so the list costs
  one pointer per token).  Distinct tokens are found with an open-addressing
  hash table keyed by the token's bytes in the text, so no temporary string
  is made for a token seen before.
* ``starts`` (a ``memoryview`` of int64, format ``"q"``, or None): the offset
  of each token (group 1 of ``TOKEN_RE``), for
  :class:`fastalloc.ir.lexer.SourceMap` (no numpy: importing it would cost the
  command line 0.1 s and 15 MB for nothing).

The scanner decides each token from its first character, as the regex's
alternatives do (see the lexer's module docstring for the shapes).  The one
place where the regex may backtrack is a balanced ``<...>`` body: ``->``
inside it is an atom unless that makes the body fail, and then its ``>``
closes the body.  The scanner always takes ``->`` as an atom; when a
balanced body, a string or a name fails to scan, it hands that one token to
``token_re.match`` instead, so the result is the regex's in every case.
Non-ASCII text is not handled here (the caller falls back to the regex: its
``\\w``/``\\s`` are Unicode-aware).

Pure-Python equivalent (up to line-break tokens and object identity)::

    toks = [("\\n" if t[0] == "\\n" else t) for t in TOKEN_RE.findall(text)]
    starts = [m.start(1) for m in TOKEN_RE.finditer(text)]
"""

cimport cython
from libc.stdint cimport int64_t, uint64_t, uint8_t
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcmp, memcpy, memset


cdef extern from "Python.h":
    const char* PyUnicode_AsUTF8AndSize(object s, Py_ssize_t* size) except NULL
    object PyUnicode_FromStringAndSize(const char* u, Py_ssize_t size)


# character classes
cdef enum:
    C_WORD = 1      # [A-Za-z0-9_]
    C_IDSTART = 2   # [A-Za-z_]
    C_DIGIT = 4     # [0-9]
    C_HEX = 8       # [0-9a-fA-F]
    C_SKIP = 16     # blanks the regex skips before a token: [ \t\r\f\v]
    C_SPACE = 32    # Python's \s on ASCII: [ \t\n\r\f\v\x1c-\x1f]
    C_SSA = 64      # [\w$.\-]: SSA, block and symbol names
    C_NAME = 128    # [\w$.]: identifiers, #attr / !type names

cdef uint8_t _CLS[256]


cdef void _init_classes() noexcept:
    cdef int c
    memset(_CLS, 0, sizeof(_CLS))
    for c in range(256):
        if (48 <= c <= 57) or (65 <= c <= 90) or (97 <= c <= 122) or c == 95:
            _CLS[c] |= C_WORD | C_SSA | C_NAME
            if not (48 <= c <= 57):
                _CLS[c] |= C_IDSTART
        if 48 <= c <= 57:
            _CLS[c] |= C_DIGIT | C_HEX
        if (97 <= c <= 102) or (65 <= c <= 70):
            _CLS[c] |= C_HEX
        if c == 32 or c == 9 or c == 13 or c == 12 or c == 11:
            _CLS[c] |= C_SKIP | C_SPACE
        if c == 10 or (0x1c <= c <= 0x1f):
            _CLS[c] |= C_SPACE
        if c == 36 or c == 46:  # $ .
            _CLS[c] |= C_SSA | C_NAME
        if c == 45:  # -
            _CLS[c] |= C_SSA


_init_classes()


cdef inline Py_ssize_t _str_end(const uint8_t* s, Py_ssize_t n, Py_ssize_t p) noexcept nogil:
    """End of the string literal at ``s[p] == '"'``, or -1 (regex ``_STR``:
    no raw line break, a backslash escapes any character but a line break)."""
    cdef Py_ssize_t q = p + 1
    cdef uint8_t c
    while q < n:
        c = s[q]
        if c == 34:  # "
            return q + 1
        if c == 10:
            return -1
        if c == 92:  # backslash
            if q + 1 >= n or s[q + 1] == 10:
                return -1
            q += 2
            continue
        q += 1
    return -1


cdef Py_ssize_t _bal_end(const uint8_t* s, Py_ssize_t n, Py_ssize_t p, int levels, bint newlines) noexcept nogil:
    """End of the balanced ``<...>`` at ``s[p] == '<'`` (regex ``_angle(6)``:
    ``levels`` more nested brackets allowed), or -1 if it does not scan
    with ``->`` taken as an atom (the caller then asks the regex)."""
    cdef Py_ssize_t q = p + 1
    cdef Py_ssize_t r
    cdef uint8_t c
    while q < n:
        c = s[q]
        if c == 62:  # >
            return q + 1
        if c == 60:  # <
            if levels == 0:
                return -1
            r = _bal_end(s, n, q, levels - 1, newlines)
            if r < 0:
                return -1
            q = r
        elif c == 34:
            r = _str_end(s, n, q)
            if r < 0:
                return -1
            q = r
        elif c == 45:  # - or ->
            if q + 1 < n and s[q + 1] == 62:
                q += 2
            else:
                q += 1
        elif c == 10 and not newlines:
            return -1
        else:
            q += 1
    return -1


cdef inline Py_ssize_t _run(const uint8_t* s, Py_ssize_t n, Py_ssize_t q, uint8_t cls) noexcept nogil:
    while q < n and (_CLS[s[q]] & cls):
        q += 1
    return q


cdef inline bint _is_builtin_angle(const uint8_t* s, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    """Is ``s[a:b]`` one of the builtin names whose ``<...>`` joins the token
    (``_BUILTIN_ANGLE`` without ``distinct[N]``)?"""
    cdef Py_ssize_t m = b - a
    cdef const char* w = <const char*> (s + a)
    if m == 5:
        return memcmp(w, b"dense", 5) == 0 or memcmp(w, b"array", 5) == 0 or memcmp(w, b"tuple", 5) == 0
    if m == 6:
        return (memcmp(w, b"tensor", 6) == 0 or memcmp(w, b"vector", 6) == 0 or memcmp(w, b"memref", 6) == 0
                or memcmp(w, b"sparse", 6) == 0 or memcmp(w, b"opaque", 6) == 0)
    if m == 7:
        return memcmp(w, b"complex", 7) == 0 or memcmp(w, b"strided", 7) == 0
    if m == 10:
        return memcmp(w, b"affine_map", 10) == 0 or memcmp(w, b"affine_set", 10) == 0
    if m == 14:
        return memcmp(w, b"dense_resource", 14) == 0
    return False


cdef inline Py_ssize_t _ssa_name(const uint8_t* s, Py_ssize_t n, Py_ssize_t q) noexcept nogil:
    """``[\\w$.\\-]+|STR`` at q (a symbol name after ``@``): its end, or -1."""
    cdef Py_ssize_t r
    if q < n and (_CLS[s[q]] & C_SSA):
        return _run(s, n, q + 1, C_SSA)
    if q < n and s[q] == 34:
        return _str_end(s, n, q)
    return -1


cdef Py_ssize_t _token_end(const uint8_t* s, Py_ssize_t n, Py_ssize_t p) noexcept nogil:
    """End of the token starting at ``p`` (not a blank, not a line break), or
    -1 when the regex must decide."""
    cdef uint8_t c = s[p]
    cdef Py_ssize_t q, r
    if c == 37 or c == 94:  # % ^
        q = _run(s, n, p + 1, C_SSA)
        if q == p + 1:
            return p + 1
        if c == 37 and q + 1 < n and s[q] == 35 and (_CLS[s[q + 1]] & C_DIGIT):  # %x#3
            q = _run(s, n, q + 2, C_DIGIT)
        return q
    if c == 64:  # @
        q = _ssa_name(s, n, p + 1)
        if q < 0:
            return -1
        while q + 2 < n and s[q] == 58 and s[q + 1] == 58 and s[q + 2] == 64:  # ::@
            r = _ssa_name(s, n, q + 3)
            if r < 0:
                break
            q = r
        return q
    if c == 35 or c == 33:  # # !
        q = _run(s, n, p + 1, C_NAME)
        if q == p + 1:
            return p + 1
        if q < n and s[q] == 60:
            r = _bal_end(s, n, q, 6, c == 35)
            if r < 0:
                return -1
            return r
        return q
    if c == 34:
        r = _str_end(s, n, p)
        return r if r >= 0 else p + 1
    if _CLS[c] & C_IDSTART:
        q = _run(s, n, p + 1, C_NAME)
        if q < n and s[q] == 60 and _is_builtin_angle(s, p, q):
            r = _bal_end(s, n, q, 6, True)
            return r  # -1: the regex decides (it would fall back to the bare name)
        if q < n and s[q] == 91 and q - p == 8 and memcmp(s + p, b"distinct", 8) == 0:
            return -1  # distinct[N]<...>: rare, let the regex decide
        return q
    if c == 45 or (_CLS[c] & C_DIGIT):  # - or digit
        q = p
        if c == 45:
            if p + 1 < n and (_CLS[s[p + 1]] & C_DIGIT):
                q = p + 1
            elif p + 1 < n and s[p + 1] == 62:
                return p + 2  # ->
            else:
                return p + 1
        elif c == 48 and p + 2 < n and s[p + 1] == 120 and (_CLS[s[p + 2]] & C_HEX):  # 0x...
            return _run(s, n, p + 2, C_HEX)
        q = _run(s, n, q, C_DIGIT)
        if q < n and s[q] == 46:  # .
            q = _run(s, n, q + 1, C_DIGIT)
        if q < n and (s[q] == 101 or s[q] == 69):  # e E
            r = q + 1
            if r < n and (s[r] == 43 or s[r] == 45):
                r += 1
            if r < n and (_CLS[s[r]] & C_DIGIT):
                q = _run(s, n, r, C_DIGIT)
        return q
    return p + 1


cdef struct _Table:
    Py_ssize_t cap        # slots, a power of two
    Py_ssize_t count      # distinct tokens
    Py_ssize_t* slot      # slot -> token number, -1 if empty
    Py_ssize_t* off       # token number -> offset of its first occurrence
    Py_ssize_t* length    # token number -> length
    uint64_t* hash        # token number -> hash


cdef inline uint64_t _hash(const uint8_t* s, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    cdef uint64_t h = 1469598103934665603ULL  # FNV-1a
    while a < b:
        h = (h ^ s[a]) * 1099511628211ULL
        a += 1
    return h


cdef int _grow(_Table* t) except -1:
    cdef Py_ssize_t cap = t.cap * 2
    cdef Py_ssize_t* slot = <Py_ssize_t*> malloc(cap * sizeof(Py_ssize_t))
    cdef Py_ssize_t* off = <Py_ssize_t*> realloc(t.off, cap * sizeof(Py_ssize_t))
    if off != NULL:
        t.off = off
    cdef Py_ssize_t* length = <Py_ssize_t*> realloc(t.length, cap * sizeof(Py_ssize_t))
    if length != NULL:
        t.length = length
    cdef uint64_t* hsh = <uint64_t*> realloc(t.hash, cap * sizeof(uint64_t))
    if hsh != NULL:
        t.hash = hsh
    if slot == NULL or off == NULL or length == NULL or hsh == NULL:
        free(slot)
        raise MemoryError()
    cdef Py_ssize_t i, k
    for i in range(cap):
        slot[i] = -1
    for i in range(t.count):
        k = <Py_ssize_t> (t.hash[i] & <uint64_t> (cap - 1))
        while slot[k] >= 0:
            k = (k + 1) & (cap - 1)
        slot[k] = i
    free(t.slot)
    t.slot = slot
    t.cap = cap
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
def scan(str text, token_re, bint want_tokens=True, bint want_starts=False, Py_ssize_t start=0,
         Py_ssize_t end=-1, dict canon=None):
    """Tokens (canonical ``str`` objects, line breaks as ``"\\n"``) and/or the
    int64 start offsets of ``token_re.findall(text)``; ``text`` must be ASCII
    (checked).  See the module docstring.

    ``start``/``end`` scan ``text[start:end]`` only (offsets stay those of
    ``text``; the caller cuts where no token spans the cut, see
    ``fastalloc.ir.lexer.TokenChunks``); ``canon`` (str -> str) makes tokens
    canonical across calls: a token first seen in this call is replaced by
    ``canon.setdefault(tok, tok)``."""
    if not text.isascii():
        raise ValueError("fastalloc._lexer.scan: text is not ASCII; use the regex tokenizer")
    cdef Py_ssize_t n
    cdef const uint8_t* s = <const uint8_t*> PyUnicode_AsUTF8AndSize(text, &n)
    if end < 0 or end > n:
        end = n
    if start < 0 or start > end:
        raise ValueError(f"fastalloc._lexer.scan: bad range [{start}, {end}) of a text of {n} characters")
    n = end
    cdef list toks = [] if want_tokens else None
    cdef list distinct = []
    cdef object nl = "\n"
    cdef object tok
    cdef Py_ssize_t p = start, a, b, k, idx, cap_starts = 0, nstarts = 0
    cdef uint64_t h
    cdef uint8_t c
    cdef int64_t* starts = NULL
    cdef int64_t* grown
    cdef _Table t
    t.cap = 1024
    t.count = 0
    t.slot = <Py_ssize_t*> malloc(t.cap * sizeof(Py_ssize_t))
    t.off = <Py_ssize_t*> malloc(t.cap * sizeof(Py_ssize_t))
    t.length = <Py_ssize_t*> malloc(t.cap * sizeof(Py_ssize_t))
    t.hash = <uint64_t*> malloc(t.cap * sizeof(uint64_t))
    try:
        if t.slot == NULL or t.off == NULL or t.length == NULL or t.hash == NULL:
            raise MemoryError()
        for k in range(t.cap):
            t.slot[k] = -1
        if want_starts:
            cap_starts = (n - start) // 4 + 16
            starts = <int64_t*> malloc(cap_starts * sizeof(int64_t))
            if starts == NULL:
                raise MemoryError()
        while True:
            # blanks, comments, and the \x1c-\x1f the regex never matches
            while p < n:
                c = s[p]
                if (_CLS[c] & C_SKIP) or 0x1c <= c <= 0x1f:
                    p += 1
                elif c == 47 and p + 1 < n and s[p + 1] == 47:
                    p += 2
                    while p < n and s[p] != 10:
                        p += 1
                else:
                    break
            if p >= n:
                break
            a = p
            if s[p] == 10:
                p += 1
                while p < n:
                    c = s[p]
                    if _CLS[c] & C_SPACE:
                        p += 1
                    elif c == 47 and p + 1 < n and s[p + 1] == 47:
                        p += 2
                        while p < n and s[p] != 10:
                            p += 1
                    else:
                        break
                tok = nl
            else:
                b = _token_end(s, n, a)
                if b < 0:
                    m = token_re.match(text, a, n)
                    a, b = m.span(1)
                p = b
                if want_tokens:
                    h = _hash(s, a, b)
                    k = <Py_ssize_t> (h & <uint64_t> (t.cap - 1))
                    while True:
                        idx = t.slot[k]
                        if idx < 0:
                            break
                        if t.hash[idx] == h and t.length[idx] == b - a and \
                                memcmp(s + t.off[idx], s + a, b - a) == 0:
                            break
                        k = (k + 1) & (t.cap - 1)
                    if idx >= 0:
                        tok = distinct[idx]
                    else:
                        tok = PyUnicode_FromStringAndSize(<const char*> (s + a), b - a)
                        if canon is not None:
                            tok = canon.setdefault(tok, tok)
                        idx = t.count
                        t.slot[k] = idx
                        t.off[idx] = a
                        t.length[idx] = b - a
                        t.hash[idx] = h
                        t.count += 1
                        distinct.append(tok)
                        if t.count * 2 > t.cap:
                            _grow(&t)
            if want_tokens:
                toks.append(tok)
            if want_starts:
                if nstarts == cap_starts:
                    cap_starts *= 2
                    grown = <int64_t*> realloc(starts, cap_starts * sizeof(int64_t))
                    if grown == NULL:
                        raise MemoryError()
                    starts = grown
                starts[nstarts] = a
                nstarts += 1
        out_starts = None
        if want_starts:
            buf = bytearray(nstarts * sizeof(int64_t))
            if nstarts:
                memcpy(<char*> buf, starts, nstarts * sizeof(int64_t))
            out_starts = memoryview(buf).cast("q")
        return toks, out_starts
    finally:
        free(t.slot)
        free(t.off)
        free(t.length)
        free(t.hash)
        free(starts)
