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
  one pointer per token).  Distinct tokens are found with open-addressing
  hash tables keyed by the token's characters (see :class:`Scanner`, which
  also scans a text a piece at a time with one set of tables), so no
  temporary string is made for a token seen before.
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
from libc.stdint cimport int64_t, uint16_t, uint32_t, uint64_t, uint8_t
from libc.stdlib cimport calloc, malloc, realloc, free
from libc.string cimport memcmp, memcpy, memset


from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.object cimport PyObject
from cpython.ref cimport Py_DECREF, Py_INCREF


cdef extern from "Python.h":
    const char* PyUnicode_AsUTF8AndSize(object s, Py_ssize_t* size) except NULL
    object PyUnicode_New(Py_ssize_t size, Py_UCS4 maxchar)
    object PyUnicode_FromOrdinal(int ordinal)
    Py_ssize_t PyUnicode_GET_LENGTH(PyObject* s) noexcept nogil
    void* PyUnicode_DATA(PyObject* s) noexcept nogil


# character classes
cdef enum:
    C_WORD = 1      # [A-Za-z0-9_]
    C_IDSTART = 2   # [A-Za-z_]
    C_DIGIT = 4     # [0-9]
    C_HEX = 8       # [0-9a-fA-F]
    C_SKIP = 16     # what the regex skips before a token: [ \t\r\f\v] and \x1c-\x1f (\s, never matched)
    C_SPACE = 32    # Python's \s on ASCII: [ \t\n\r\f\v\x1c-\x1f]
    C_SSA = 64      # [\w$.\-]: SSA, block and symbol names
    C_NAME = 128    # [\w$.]: identifiers, #attr / !type names
    C_SINGLE = 256  # a token of this one character wherever it starts one (punctuation, \S not starting a longer token)
    C_BAL = 512     # what a balanced <...> body looks at: < > " - and the line break

# None of the run classes (C_SSA, C_NAME, C_DIGIT, C_HEX) holds NUL: a run
# stops at the NUL after a str's characters (see _run).
cdef uint16_t _CLS[256]


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
        if c == 32 or c == 9 or c == 13 or c == 12 or c == 11 or (0x1c <= c <= 0x1f):
            _CLS[c] |= C_SKIP | C_SPACE
        if c == 10:
            _CLS[c] |= C_SPACE
        if c == 36 or c == 46:  # $ .
            _CLS[c] |= C_SSA | C_NAME
        if c == 45:  # -
            _CLS[c] |= C_SSA
        if c == 60 or c == 62 or c == 34 or c == 45 or c == 10:  # < > " - \n
            _CLS[c] |= C_BAL
        # not the first characters of the longer tokens (\n % ^ @ # ! " -
        # digits, identifiers) nor / (a comment's)
        if c < 128 and not (_CLS[c] & (C_SPACE | C_WORD)) and c not in (37, 94, 64, 35, 33, 34, 45, 47):
            _CLS[c] |= C_SINGLE


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
        if not (_CLS[c] & C_BAL):
            q += 1  # (most of a body: one test per character)
        elif c == 62:  # >
            return q + 1
        elif c == 60:  # <
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
        elif not newlines:  # a line break
            return -1
        else:
            q += 1
    return -1


cdef inline Py_ssize_t _run(const uint8_t* s, Py_ssize_t q, uint16_t cls) noexcept nogil:
    """The end of the run of class ``cls`` from ``q``: no bound but the NUL
    after a str's characters, which no run class holds (a test of the
    bound per character costs as much as the test of the class)."""
    while _CLS[s[q]] & cls:
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
        return _run(s, q + 1, C_SSA)
    if q < n and s[q] == 34:
        return _str_end(s, n, q)
    return -1


cdef inline Py_ssize_t _token_end(const uint8_t* s, Py_ssize_t n, Py_ssize_t p) noexcept nogil:
    """End of the token starting at ``p`` (not a blank, not a line break), or
    -1 when the regex must decide.  ``s[:n]``: a str's characters, followed
    by its NUL (_run); the caller sends a token that ends past its range to
    the regex.  SSA values and identifiers, most of the longer tokens, are
    told here (small enough to be compiled into the scanning loop), the
    others by _other_end."""
    cdef uint8_t c = s[p]
    cdef Py_ssize_t q
    if c == 37 or c == 94:  # % ^
        q = _run(s, p + 1, C_SSA)
        if q == p + 1:
            return p + 1
        if c == 37 and q + 1 < n and s[q] == 35 and (_CLS[s[q + 1]] & C_DIGIT):  # %x#3
            q = _run(s, q + 2, C_DIGIT)
        return q
    if _CLS[c] & C_IDSTART:
        q = _run(s, p + 1, C_NAME)
        if q < n and (s[q] == 60 or s[q] == 91):  # < [
            return _other_end(s, n, p)
        return q
    return _other_end(s, n, p)


cdef Py_ssize_t _other_end(const uint8_t* s, Py_ssize_t n, Py_ssize_t p) noexcept nogil:
    """_token_end of the tokens it does not tell itself: symbols,
    attributes and types, strings, numbers, ``->``, identifiers followed by
    ``<`` or ``[``, single characters."""
    cdef uint8_t c = s[p]
    cdef Py_ssize_t q, r
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
        q = _run(s, p + 1, C_NAME)
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
        q = _run(s, p + 1, C_NAME)
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
            return _run(s, p + 2, C_HEX)
        q = _run(s, q, C_DIGIT)
        if q < n and s[q] == 46:  # .
            q = _run(s, q + 1, C_DIGIT)
        if q < n and (s[q] == 101 or s[q] == 69):  # e E
            r = q + 1
            if r < n and (s[r] == 43 or s[r] == 45):
                r += 1
            if r < n and (_CLS[s[r]] & C_DIGIT):
                q = _run(s, r, C_DIGIT)
        return q
    return p + 1


cdef struct _Entry:
    uint64_t hash         # the token's _key
    PyObject* tok         # NULL: an empty slot; else an ASCII str (a reference owned by Scanner.every)


cdef inline uint64_t _tail(const uint8_t* p, Py_ssize_t m) noexcept nogil:
    """The ``m`` < 8 bytes at ``p`` as a little-endian word, the rest zero
    (the masked eight-byte read of _hash, where the buffer ends sooner):
    read as 4, 2 and 1 bytes by ``m``'s bits, where a copy of ``m`` bytes
    into a zeroed word is a call of the C library per token (every name
    Names looks up is such a tail).  Assumes ``m`` < 8.  In Python::

        int.from_bytes(bytes(p[:m]), "little")
    """
    cdef uint64_t w = 0
    cdef uint32_t w4
    cdef uint16_t w2
    cdef Py_ssize_t i = 0
    if m & 4:
        memcpy(&w4, p, 4)
        w = w4
        i = 4
    if m & 2:
        memcpy(&w2, p + i, 2)
        w |= <uint64_t> w2 << (8 * i)
        i += 2
    if m & 1:
        w |= <uint64_t> p[i] << (8 * i)
    return w


cdef inline uint64_t _hash(const uint8_t* s, Py_ssize_t a, Py_ssize_t b, Py_ssize_t n) noexcept nogil:
    """A 64-bit hash of ``s[a:b]``, eight bytes per step (``n``: the buffer's
    size; a short tail is read as one word, masked, when the buffer has
    eight bytes there, else copied).  Of strings of one length up to eight
    bytes it is one-to-one (each step -- xor, multiplication by an odd
    number, xor with a right shift -- is invertible, and the word read is
    the string), so that equal hashes and lengths there are equal strings:
    the tables compare the bytes only of longer ones."""
    cdef Py_ssize_t m = b - a
    cdef const uint8_t* p = s + a
    cdef uint64_t h = <uint64_t> m * 0x9E3779B97F4A7C15ULL
    cdef uint64_t w
    while m >= 8:
        memcpy(&w, p, 8)
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL
        h ^= h >> 32
        p += 8
        m -= 8
    if m > 0:
        if (p - s) + 8 <= n:
            memcpy(&w, p, 8)
            w &= (<uint64_t> 1 << (8 * m)) - 1
        else:
            w = _tail(p, m)
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL
    h ^= h >> 29
    h *= 0xC4CEB9FE1A85EC53ULL
    h ^= h >> 32
    return h


# _key's word of a token of m <= 8 bytes: its bytes (_KEY_MASK[m]) and m
# (_KEY_TAG[m], in bits 7, 15, 23 and 39: the top bits of bytes 0, 1, 2 and
# 4, clear in ASCII); bit 31 (byte 3's) marks the hashes of longer tokens.
cdef uint64_t _KEY_MASK[9]
cdef uint64_t _KEY_TAG[9]


cdef void _init_keys() noexcept:
    cdef int m
    for m in range(9):
        _KEY_MASK[m] = ((<uint64_t> 1 << (8 * m)) - 1) if m < 8 else ~(<uint64_t> 0)
        _KEY_TAG[m] = ((<uint64_t> (m & 1) << 7) | (<uint64_t> (m & 2) << 14) | (<uint64_t> (m & 4) << 21)
                       | (<uint64_t> (m & 8) << 36))


_init_keys()


cdef inline uint64_t _key(const uint8_t* s, Py_ssize_t a, Py_ssize_t b, Py_ssize_t n) noexcept nogil:
    """The tables' key of the ASCII token ``s[a:b]`` (``n``: the buffer's
    size): for up to 8 bytes, the bytes and the length as one word (one
    read, masked; equal keys are equal tokens, no comparison of
    characters); for more, a hash of the bytes, eight per step, the last
    step the eight bytes that end the token (no mask), with bit 31 set
    (clear in every short token's key).  Assumes validated input (ASCII,
    ``a <= b <= n``).  In Python::

        t = bytes(s[a:b])
        if len(t) <= 8:
            k = int.from_bytes(t, "little")
            m = len(t)
            return k | (m & 1) << 7 | (m & 2) << 14 | (m & 4) << 21 | (m & 8) << 36
        return some_hash(t) | 1 << 31
    """
    cdef Py_ssize_t m = b - a
    cdef const uint8_t* p = s + a
    cdef uint64_t w, h
    if m <= 8:
        if a + 8 <= n:
            memcpy(&w, p, 8)
            w &= _KEY_MASK[m]
        else:
            w = _tail(p, m)
        return w | _KEY_TAG[m]
    h = <uint64_t> m * 0x9E3779B97F4A7C15ULL
    while m > 8:
        memcpy(&w, p, 8)
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL
        h ^= h >> 32
        p += 8
        m -= 8
    memcpy(&w, s + b - 8, 8)
    h = (h ^ w) * 0xFF51AFD7ED558CCDULL
    h ^= h >> 32
    return h | (<uint64_t> 1 << 31)


cdef inline Py_ssize_t _slot_of(uint64_t key, int shift) noexcept nogil:
    """A table's home slot for ``key``: the top bits of its product with an
    odd constant (they depend on every bit of the key; a short token's key
    is its bytes, not mixed)."""
    return <Py_ssize_t> ((key * 0x9E3779B97F4A7C15ULL) >> shift)


cdef struct _Table:
    Py_ssize_t cap        # slots, a power of two
    Py_ssize_t count      # entries in use
    int shift             # 64 - log2(cap) (_slot_of)
    _Entry* slot
    # NULL, or the slots in use (count of them, room for cap): a table
    # cleared again and again (_table_clear) visits these, not every slot
    Py_ssize_t* used


cdef int _shift_of(Py_ssize_t cap) noexcept:
    cdef int bits = 0
    while (<Py_ssize_t> 1 << bits) < cap:
        bits += 1
    return 64 - bits


cdef int _table_init(_Table* t, Py_ssize_t cap, bint track=False) except -1:
    """An empty table of ``cap`` slots (a power of two); ``track``: keep
    the list of the slots in use (``used``)."""
    t.cap = cap
    t.count = 0
    t.shift = _shift_of(cap)
    t.used = NULL
    t.slot = <_Entry*> calloc(cap, sizeof(_Entry))
    if t.slot == NULL:
        raise MemoryError()
    if track:
        t.used = <Py_ssize_t*> malloc(cap * sizeof(Py_ssize_t))
        if t.used == NULL:
            raise MemoryError()
    return 0


cdef void _table_free(_Table* t) noexcept:
    free(t.slot)
    free(t.used)
    t.slot = NULL
    t.used = NULL


cdef inline void _table_put(_Table* t, _Entry* e, uint64_t key, PyObject* tok) noexcept:
    """Fill ``e``, an empty slot of ``t``."""
    e.hash = key
    e.tok = tok
    if t.used != NULL:
        t.used[t.count] = e - t.slot
    t.count += 1


cdef void _table_clear(_Table* t, bint release) noexcept:
    """Empty a table that keeps its slots in use (``release``: drop the
    references of its tokens)."""
    cdef Py_ssize_t i
    cdef _Entry* e
    for i in range(t.count):
        e = &t.slot[t.used[i]]
        if release:
            Py_DECREF(<object> e.tok)
        e.tok = NULL
    t.count = 0


cdef inline _Entry* _probe(_Table* t, uint64_t key, const uint8_t* w, Py_ssize_t m) noexcept nogil:
    """The entry of the token ``w[:m]`` (its _key ``key``), or the empty slot where it goes."""
    cdef Py_ssize_t mask = t.cap - 1
    cdef Py_ssize_t k = _slot_of(key, t.shift)
    cdef _Entry* e
    while True:
        e = &t.slot[k]
        if e.tok == NULL or (e.hash == key and (m <= 8 or (PyUnicode_GET_LENGTH(e.tok) == m
                                                           and memcmp(PyUnicode_DATA(e.tok), w, m) == 0))):
            return e
        k = (k + 1) & mask


cdef int _table_grow(_Table* t) except -1:
    cdef Py_ssize_t cap = t.cap * 2
    cdef int shift = _shift_of(cap)
    cdef _Entry* slot = <_Entry*> calloc(cap, sizeof(_Entry))
    if slot == NULL:
        raise MemoryError()
    cdef Py_ssize_t* used = NULL
    if t.used != NULL:
        used = <Py_ssize_t*> malloc(cap * sizeof(Py_ssize_t))
        if used == NULL:
            free(slot)
            raise MemoryError()
    cdef Py_ssize_t i, k, j = 0
    for i in range(t.cap):
        if t.slot[i].tok != NULL:
            k = _slot_of(t.slot[i].hash, shift)
            while slot[k].tok != NULL:
                k = (k + 1) & (cap - 1)
            slot[k] = t.slot[i]
            if used != NULL:
                used[j] = k
                j += 1
    free(t.slot)
    free(t.used)
    t.slot = slot
    t.used = used
    t.cap = cap
    t.shift = shift
    return 0


# The recent-token table: small enough to stay in the CPU's caches (a 10^5-op
# module has ~170k distinct tokens, mostly SSA names used a few lines apart;
# its table of all tokens does not fit, and probing it for every token
# missed the caches).  Cleared when half full.
cdef enum:
    _RECENT = 8192


# Token pointers a Scanner keeps room for between ranges (a piece's worth).
cdef enum:
    _KEEP_OUT = 1 << 18


cdef Py_ssize_t _cap_for(Py_ssize_t n, Py_ssize_t most) noexcept:
    """The smallest power of two >= 2 * n (at least 16, at most ``most``)."""
    cdef Py_ssize_t cap = 16
    while cap < 2 * n and cap < most:
        cap *= 2
    return cap


cdef class Scanner:
    """The tokens of one ASCII text, scanned a range at a time (the lexer's
    pieces); every distinct token is one ``str`` across all the ranges
    (with ``piece_names``, a ``%name`` token within its range only).
    ``swap`` gives it another text (the next piece of a file).

    Two open-addressed tables, one entry per slot (hash, length, characters,
    object): the recent tokens (small, cleared when half full) in front of
    all the distinct tokens, so that a token seen before costs one probe in
    a cached table and a comparison against the token's own characters, and
    no temporary string.  Pure-Python equivalent::

        canon = {}
        def tokens(text, start, end):
            if piece_names:
                for t in [t for t in canon if t[:1] == "%" and len(t) > 1]:
                    del canon[t]
            return [canon.setdefault(t, t) for t in scan(text, TOKEN_RE, True, False, start, end)[0]]
    """

    cdef str text
    cdef const uint8_t* s
    cdef Py_ssize_t n
    cdef object token_re
    cdef object canon
    cdef _Table every
    cdef _Table recent
    # With ``piece_names``: the ``%name`` tokens of the range being scanned
    # (kept out of ``every``, forgotten at the next range; see __cinit__).
    cdef _Table names
    cdef bint piece_names
    # The canonical token of each single ASCII character once seen (NULL:
    # not yet; a reference owned by ``every``): half the tokens of a module
    # are punctuation, found here without hashing.
    cdef PyObject* single[128]
    # The last token of each first character that ends in a ``>`` its own
    # scan closed (a type or attribute with its ``<...>`` body, ``->``; a
    # reference owned by ``every``): its end depends on its characters
    # only, so that the same characters at a token's start are that token
    # (a module repeats its types: half of them equal the one before).
    cdef PyObject* closed[256]
    # The tokens of the range being scanned (references owned by ``every``,
    # or ``nl``), copied into one list of their exact size at the end: the
    # list is not grown append by append (each growth copies it).
    cdef PyObject** out
    cdef Py_ssize_t out_cap

    def __cinit__(self, str text, token_re, dict canon=None, tuple seed=None, bint piece_names=False):
        self.every.slot = self.every.used = NULL
        self.recent.slot = self.recent.used = NULL
        self.names.slot = self.names.used = NULL
        self.out = NULL
        self.out_cap = 0
        memset(self.single, 0, sizeof(self.single))
        memset(self.closed, 0, sizeof(self.closed))
        if not text.isascii():
            raise ValueError("fastalloc._lexer.scan: text is not ASCII; use the regex tokenizer")
        self.text = text
        self.s = <const uint8_t*> PyUnicode_AsUTF8AndSize(text, &self.n)
        self.token_re = token_re
        self.canon = canon
        # A text of n characters has at most n // 2 + 1 distinct tokens: a
        # short text (an op format's literal, a type) gets tables its size,
        # not the zeroing of the full-size ones.
        _table_init(&self.every, _cap_for(self.n, 4096))
        _table_init(&self.recent, _cap_for(self.n, _RECENT), True)
        # piece_names: a ``%name`` token (an SSA value's name; the parser
        # keeps names, not these tokens: fastalloc._lexer.Names.sigil_name)
        # is one object within a range only.  Kept across ranges they would
        # be most of the distinct tokens, alive till the last range.
        self.piece_names = piece_names
        if piece_names:
            _table_init(&self.names, 1024, True)
        if seed:
            self._seed(seed)

    cdef int _seed(self, tuple seed) except -1:
        """Make each str of ``seed`` the canonical object of its text (a
        caller's constants: comparing a token with one is then comparing
        two pointers)."""
        cdef const uint8_t* w
        cdef Py_ssize_t m
        cdef uint64_t h
        cdef _Entry* g
        for tok in seed:
            if type(tok) is not str or not (<str> tok).isascii():
                raise ValueError(f"fastalloc._lexer.Scanner: seed {tok!r} is not an ASCII str")
            w = <const uint8_t*> PyUnicode_AsUTF8AndSize(tok, &m)
            h = _key(w, 0, m, m)
            g = _probe(&self.every, h, w, m)
            if g.tok != NULL:
                continue  # an equal one came first
            Py_INCREF(tok)
            _table_put(&self.every, g, h, <PyObject*> tok)
            if self.every.count * 4 > self.every.cap * 3:
                _table_grow(&self.every)
        return 0

    def __dealloc__(self):
        cdef Py_ssize_t i
        if self.every.slot != NULL:
            for i in range(self.every.cap):
                if self.every.slot[i].tok != NULL:
                    Py_DECREF(<object> self.every.slot[i].tok)
        _table_free(&self.every)
        if self.names.slot != NULL:
            self._forget_names()
        _table_free(&self.names)
        _table_free(&self.recent)
        free(self.out)

    @property
    def size(self) -> int:
        """The text's length."""
        return self.n

    def swap(self, str text) -> None:
        """Scan ``text`` from now on (ranges index it), keeping the tables
        of the tokens already seen: a file read a piece at a time is
        scanned piece by piece with one set of tables, and the whole text
        is never one string."""
        if not text.isascii():
            raise ValueError("fastalloc._lexer.Scanner: text is not ASCII; use the regex tokenizer")
        # the tables hold token objects, never pointers into the text
        self.s = <const uint8_t*> PyUnicode_AsUTF8AndSize(text, &self.n)
        self.text = text

    @cython.final
    cdef inline PyObject* _token(self, Py_ssize_t a, Py_ssize_t b) except NULL:
        """The canonical ``str`` of ``text[a:b]``, borrowed (the tables own
        it): one of the recent tokens as a rule, found here, in the scanning
        loop; else _token_seen."""
        cdef uint64_t h = _key(self.s, a, b, self.n)
        cdef _Entry* e = _probe(&self.recent, h, self.s + a, b - a)
        if e.tok != NULL:
            return e.tok
        return self._token_seen(a, b, h, e)

    cdef PyObject* _token_seen(self, Py_ssize_t a, Py_ssize_t b, uint64_t h, _Entry* e) except NULL:
        """_token of a token not among the recent ones (hash ``h``; ``e``,
        its empty slot in ``recent``): found in, or added to, the table of
        all tokens (of ``%name`` tokens, with ``piece_names``), and made
        recent."""
        cdef const uint8_t* w = self.s + a
        cdef Py_ssize_t m = b - a
        cdef _Table* t = &self.every
        if self.piece_names and m > 1 and w[0] == 37:  # %name
            t = &self.names
        cdef _Entry* g = _probe(t, h, w, m)
        if g.tok == NULL:
            if m == 1:
                # CPython's one str per one-character text, the very object
                # the parser's constants ("=", ",", ...) are
                tok = PyUnicode_FromOrdinal(w[0])
            else:
                # the text is ASCII (__cinit__, swap): its characters are its bytes
                tok = PyUnicode_New(m, 127)
                memcpy(PyUnicode_DATA(<PyObject*> tok), w, m)
            if self.canon is not None:
                tok = self.canon.setdefault(tok, tok)
            Py_INCREF(tok)
            _table_put(t, g, h, <PyObject*> tok)
        if self.recent.count * 2 >= self.recent.cap:
            _table_clear(&self.recent, False)
            e = _probe(&self.recent, h, w, m)
        _table_put(&self.recent, e, h, g.tok)
        cdef PyObject* r = g.tok
        if t.count * 4 > t.cap * 3:
            _table_grow(t)
        return r

    cdef void _forget_names(self) noexcept:
        """Drop the ``%name`` tokens of the last range, and the recent
        tokens (some of them are those)."""
        _table_clear(&self.recent, False)
        _table_clear(&self.names, True)

    cdef int _grow(self) except -1:
        """Double the room of ``out``."""
        cdef Py_ssize_t cap = self.out_cap * 2 if self.out_cap else 4096
        cdef PyObject** grown = <PyObject**> realloc(self.out, cap * sizeof(PyObject*))
        if grown == NULL:
            raise MemoryError()
        self.out = grown
        self.out_cap = cap
        return 0

    def tokens(self, Py_ssize_t start=0, Py_ssize_t end=-1, list head=None, tuple tail=None) -> list:
        """The tokens of ``text[start:end]`` (cut where no token spans the
        cut), between the items of ``head`` and of ``tail`` if given:
        ``head + tokens + tail`` made as one list."""
        if self.piece_names:
            self._forget_names()
        return _scan_range(self, self.text, self.s, self.n, self.token_re, True, False, start, end, head, tail)[0]


cdef list _out_list(Scanner sc, Py_ssize_t count, list head, tuple tail):
    """``head + sc.out[:count] + tail`` as a new list of its exact size."""
    cdef Py_ssize_t nh = len(head) if head is not None else 0
    cdef Py_ssize_t nt = len(tail) if tail is not None else 0
    cdef list out = PyList_New(nh + count + nt)
    cdef Py_ssize_t k
    cdef object x
    for k in range(nh):
        x = head[k]
        Py_INCREF(x)
        PyList_SET_ITEM(out, k, x)
    _fill(out, nh, sc.out, count)
    for k in range(nt):
        x = tail[k]
        Py_INCREF(x)
        PyList_SET_ITEM(out, nh + count + k, x)
    return out


cdef extern from "Python.h":
    # on borrowed pointers, where Cython's would count a reference to a
    # local object in and out per item
    void _incref "Py_INCREF" (PyObject* o) noexcept nogil
    void _set_item "PyList_SET_ITEM" (object lst, Py_ssize_t i, PyObject* o) noexcept


cdef inline void _fill(list out, Py_ssize_t at, PyObject** items, Py_ssize_t count) noexcept:
    """Store new references to ``items[:count]`` at ``out[at:at + count]``
    (a fresh list's empty slots)."""
    cdef Py_ssize_t k
    for k in range(count):
        _incref(items[k])
        _set_item(out, at + k, items[k])


cdef inline Py_ssize_t _skip(const uint8_t* s, Py_ssize_t n, Py_ssize_t p) noexcept nogil:
    """The first position from ``p`` (``n`` at most) that the regex does
    not skip before a token: blanks, comments, and the \\x1c-\\x1f it never
    matches."""
    cdef uint8_t c
    while p < n:
        c = s[p]
        if _CLS[c] & C_SKIP:
            p += 1
        elif c == 47 and p + 1 < n and s[p + 1] == 47:
            p = _comment_end(s, n, p + 2)
        else:
            break
    return p


cdef inline Py_ssize_t _comment_end(const uint8_t* s, Py_ssize_t n, Py_ssize_t p) noexcept nogil:
    """The line break that ends the comment whose text goes on at ``p``, or ``n``."""
    while p < n and s[p] != 10:
        p += 1
    return p


cdef inline Py_ssize_t _line_break_end(const uint8_t* s, Py_ssize_t n, Py_ssize_t p) noexcept nogil:
    """The end of the line-break token whose ``\\n`` is before ``p``: the
    blank and comment lines after it are part of it."""
    cdef uint8_t c
    while p < n:
        c = s[p]
        if _CLS[c] & C_SPACE:
            p += 1
        elif c == 47 and p + 1 < n and s[p + 1] == 47:
            p = _comment_end(s, n, p + 2)
        else:
            break
    return p


cdef tuple _scan_range(Scanner sc, str text, const uint8_t* s, Py_ssize_t n, token_re, bint want_tokens,
                       bint want_starts, Py_ssize_t start, Py_ssize_t end, list head=None, tuple tail=None):
    """``(tokens, starts)`` of ``text[start:end]`` (``sc`` interns the
    tokens; None when only the starts are wanted), the tokens between the
    items of ``head`` and of ``tail``.  ``s[:n]``: the text's characters
    (followed by a NUL)."""
    if end < 0 or end > n:
        end = n
    if start < 0 or start > end:
        raise ValueError(f"fastalloc._lexer.scan: bad range [{start}, {end}) of a text of {n} characters")
    cdef Py_ssize_t count
    toks = None
    if want_tokens:
        count = _scan_tokens(sc, text, s, n, token_re, start, end)
        toks = _out_list(sc, count, head, tail)
        if sc.out_cap > _KEEP_OUT:
            # a whole text's worth (tokenize): not kept for the next range
            free(sc.out)
            sc.out = NULL
            sc.out_cap = 0
    out_starts = _scan_starts(text, s, n, token_re, start, end) if want_starts else None
    return toks, out_starts


cdef inline Py_ssize_t _regex_end(str text, token_re, Py_ssize_t* a, Py_ssize_t end) except -1:
    """The end of the token at ``a[0]`` that the scanner leaves to the
    regex, over the range that ends at ``end`` (``a[0]``: its start)."""
    cdef Py_ssize_t b
    m = token_re.match(text, a[0], end)
    a[0], b = m.span(1)
    return b


cdef inline bint _at(const uint8_t* s, Py_ssize_t p, Py_ssize_t n, PyObject* tok) noexcept nogil:
    """Are the characters of the ASCII str ``tok`` at ``s[p:n]``?"""
    cdef Py_ssize_t m = PyUnicode_GET_LENGTH(tok)
    return p + m <= n and memcmp(PyUnicode_DATA(tok), s + p, m) == 0


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t _scan_tokens(Scanner sc, str text, const uint8_t* s, Py_ssize_t full, token_re,
                             Py_ssize_t p, Py_ssize_t n) except -1:
    """Scan ``text[p:n]`` into ``sc.out``: the number of tokens.  One test
    of the first character's class tells most tokens and the blanks
    between them (what _skip skips, told here without a loop of its own)."""
    cdef object nl = "\n"
    cdef PyObject* one
    cdef Py_ssize_t a, b, count = 0
    cdef uint8_t c
    cdef uint16_t k
    cdef bint closes
    while p < n:
        a = p
        c = s[p]
        k = _CLS[c]
        if k & C_SINGLE:
            # half the tokens of a module: no search of their end, no hash
            p += 1
            one = sc.single[c]
            if one == NULL:
                one = sc._token(a, p)
                sc.single[c] = one
        elif k & C_SKIP:
            p += 1
            continue
        elif c == 10:
            p = _line_break_end(s, n, p + 1)
            one = <PyObject*> nl
        elif c == 47 and p + 1 < n and s[p + 1] == 47:
            p = _comment_end(s, n, p + 2)
            continue
        else:
            # scanned up to the whole text's end (no bound tested per
            # character); a token that ends past the range's is the regex's,
            # over the range
            one = sc.closed[c]
            if one != NULL and _at(s, p, n, one):
                p += PyUnicode_GET_LENGTH(one)
            else:
                b = _token_end(s, full, a)
                closes = 0 < b <= n and s[b - 1] == 62  # >
                if b < 0 or b > n:
                    b = _regex_end(text, token_re, &a, n)
                p = b
                if b == a + 1 and s[a] < 128:
                    one = sc.single[s[a]]
                    if one == NULL:
                        one = sc._token(a, b)
                        sc.single[s[a]] = one
                else:
                    one = sc._token(a, b)
                    if closes:
                        sc.closed[c] = one
        if count == sc.out_cap:
            sc._grow()
        sc.out[count] = one
        count += 1
    return count


@cython.boundscheck(False)
@cython.wraparound(False)
cdef object _scan_starts(str text, const uint8_t* s, Py_ssize_t full, token_re, Py_ssize_t p, Py_ssize_t n):
    """The start offsets of the tokens of ``text[p:n]``, a memoryview of int64."""
    cdef Py_ssize_t a, b, cap = (n - p) // 4 + 16, count = 0
    cdef int64_t* starts = <int64_t*> malloc(cap * sizeof(int64_t))
    cdef int64_t* grown
    if starts == NULL:
        raise MemoryError()
    try:
        while True:
            p = _skip(s, n, p)
            if p >= n:
                break
            a = p
            if s[p] == 10:
                p = _line_break_end(s, n, p + 1)
            else:
                b = _token_end(s, full, a)
                if b < 0 or b > n:
                    b = _regex_end(text, token_re, &a, n)
                p = b
            if count == cap:
                cap *= 2
                grown = <int64_t*> realloc(starts, cap * sizeof(int64_t))
                if grown == NULL:
                    raise MemoryError()
                starts = grown
            starts[count] = a
            count += 1
        buf = bytearray(count * sizeof(int64_t))
        if count:
            memcpy(<char*> buf, starts, count * sizeof(int64_t))
        return memoryview(buf).cast("q")
    finally:
        free(starts)


def scan(str text, token_re, bint want_tokens=True, bint want_starts=False, Py_ssize_t start=0,
         Py_ssize_t end=-1, dict canon=None):
    """Tokens (canonical ``str`` objects, line breaks as ``"\\n"``) and/or the
    int64 start offsets of ``token_re.findall(text)``; ``text`` must be ASCII
    (checked).  See the module docstring.

    ``start``/``end`` scan ``text[start:end]`` only (offsets stay those of
    ``text``; the caller cuts where no token spans the cut, see
    ``fastalloc.ir.lexer.TokenChunks``, which keeps one :class:`Scanner` for
    all its pieces instead); ``canon`` (str -> str) makes tokens canonical
    across calls: a token first seen in this call is replaced by
    ``canon.setdefault(tok, tok)``."""
    if not text.isascii():
        raise ValueError("fastalloc._lexer.scan: text is not ASCII; use the regex tokenizer")
    cdef Py_ssize_t n
    cdef const uint8_t* s = <const uint8_t*> PyUnicode_AsUTF8AndSize(text, &n)
    cdef Scanner sc = Scanner(text, token_re, canon) if want_tokens else None
    return _scan_range(sc, text, s, n, token_re, want_tokens, want_starts, start, end)


@cython.boundscheck(False)
@cython.wraparound(False)
def first_odd_char(str text, Py_ssize_t start=0, Py_ssize_t end=-1) -> int:
    """The position of the first character of ``text[start:end]`` (``end``
    -1: the end of the text) that MLIR's lexer takes nowhere but in comments
    and strings (not printable ASCII, not tab, LF, CR or NUL), or -1: one pass
    over the text's own buffer, no copy (a file's window is checked a piece
    at a time without slicing it).  ``text`` must be ASCII and the range
    within it (checked).  Pure-Python equivalent::

        m = re.compile(r"[^\\x20-\\x7e\\t\\n\\r\\x00]").search(text, start, end)
        return m.start() if m else -1
    """
    if not text.isascii():
        raise ValueError("fastalloc._lexer.first_odd_char: text is not ASCII")
    cdef Py_ssize_t n
    cdef const uint8_t* s = <const uint8_t*> PyUnicode_AsUTF8AndSize(text, &n)
    if end < 0:
        end = n
    if start < 0 or start > end or end > n:
        raise ValueError(f"fastalloc._lexer.first_odd_char: bad range [{start}, {end}) of a text of {n} characters")
    cdef Py_ssize_t r
    with nogil:
        r = _first_odd(s + start, end - start)
    return r + start if r >= 0 else -1


cdef inline bint _odd_byte(uint8_t c) noexcept nogil:
    if c < 0x20:
        return c != 9 and c != 10 and c != 13 and c != 0
    return c == 0x7f


cdef enum:
    _BLOCK = 256  # bytes tested at once by the block loops below


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t _first_odd(const uint8_t* s, Py_ssize_t n) noexcept nogil:
    """A block of _BLOCK bytes at a time: each byte's test is comparisons
    joined by ``&`` and ``|`` (no branch), or-ed over the block, so that the
    compiler tests many bytes per instruction (the line breaks and tabs of a
    module cost nothing extra); only a block with an odd byte is looked at
    byte by byte."""
    cdef Py_ssize_t i = 0, j
    cdef uint8_t c, acc
    while i + _BLOCK <= n:
        acc = 0
        for j in range(i, i + _BLOCK):
            c = s[j]
            acc |= ((c < 0x20) & (c != 9) & (c != 10) & (c != 13) & (c != 0)) | (c == 0x7f)
        if acc:
            break
        i += _BLOCK
    while i < n:
        if _odd_byte(s[i]):
            return i
        i += 1
    return -1


@cython.boundscheck(False)
@cython.wraparound(False)
def rfind(str text, str needle, Py_ssize_t start=0) -> int:
    """``text.rfind(needle, start)`` for an ASCII ``text`` and a non-empty
    ASCII ``needle`` (checked; ``start`` within the text): the needle's last
    byte is looked for eight bytes at a time from the end (a word holds it
    where ``w ^ c..c`` has a zero byte), and only there is the needle
    compared.  Pure-Python equivalent::

        return text.rfind(needle, start)
    """
    if not text.isascii() or not needle.isascii() or not needle:
        raise ValueError("fastalloc._lexer.rfind: text and needle must be ASCII, the needle not empty")
    cdef Py_ssize_t n, m
    cdef const uint8_t* s = <const uint8_t*> PyUnicode_AsUTF8AndSize(text, &n)
    cdef const uint8_t* w = <const uint8_t*> PyUnicode_AsUTF8AndSize(needle, &m)
    if start < 0 or start > n:
        raise ValueError(f"fastalloc._lexer.rfind: start {start} outside a text of {n} characters")
    cdef Py_ssize_t r
    with nogil:
        r = _rfind(s + start, n - start, w, m)
    return r + start if r >= 0 else -1


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t _rfind(const uint8_t* s, Py_ssize_t n, const uint8_t* w, Py_ssize_t m) noexcept nogil:
    """From the end, a block of _BLOCK positions at a time: whether any
    holds the needle's first byte followed by its second (its last when it
    has one byte) is or-ed over the block without a branch; only such a
    block is searched position by position."""
    cdef uint8_t a = w[0]
    cdef uint8_t b = w[1] if m > 1 else w[0]
    cdef Py_ssize_t d = 1 if m > 1 else 0
    cdef Py_ssize_t e = n - m + 1  # the needle may start at s[:e]
    cdef Py_ssize_t j
    cdef uint8_t acc
    while e >= _BLOCK:
        acc = 0
        for j in range(e - _BLOCK, e):
            acc |= (s[j] == a) & (s[j + d] == b)
        if acc:
            for j in range(e - 1, e - _BLOCK - 1, -1):
                if s[j] == a and memcmp(s + j, w, m) == 0:
                    return j
        e -= _BLOCK
    for j in range(e - 1, -1, -1):
        if s[j] == a and memcmp(s + j, w, m) == 0:
            return j
    return -1


cdef extern from "Python.h":
    int PyUnicode_KIND(PyObject* s) noexcept nogil
    int PyUnicode_IS_ASCII(PyObject* s) noexcept nogil


cdef class Names:
    """Dense integer ids of names: ``id(name)`` is 0, 1, 2... in the order
    names are first asked for, equal names one id (the parser's SSA names:
    its value table is a list indexed by them).  ``sigil_id(tok)`` is the id
    of ``tok[1:]`` and ``sigil_name(tok)`` that name, one ``str`` per name,
    without making ``tok[1:]`` again: the parser looks ``%name`` tokens up
    and keeps the table's names as the values' hints, so a name's string is
    held once (the tokens themselves die with the lexer's piece).  Open
    addressing on a hash of the characters (their bytes at the str's own
    width) and a comparison of them.  A token is looked up again and again
    (an SSA name's uses follow its definition by a few lines, and the lexer
    makes one str per distinct token): the last token of each slot of a small
    table indexed by its address is kept, with its id and name, and found
    again by identity (the table holds a reference to it, so that its address
    is never another object's).  Pure-Python equivalent::

        ids = {}
        def id(name):
            return ids.setdefault(name, len(ids))
        def sigil_id(tok):
            return id(tok[1:])
        def sigil_name(tok):
            id(tok[1:])
            return next(k for k in ids if k == tok[1:])
    """

    def __cinit__(self):
        self.cap = 1024
        self.count = 0
        self.last = NULL
        self.slot = <_NameSlot*> calloc(self.cap, sizeof(_NameSlot))
        if self.slot == NULL:
            raise MemoryError()

    def __dealloc__(self):
        cdef Py_ssize_t i
        for i in range(_HITS):
            if self.hit[i].tok != NULL:
                Py_DECREF(<object> self.hit[i].tok)
        if self.slot != NULL:
            for i in range(self.cap):
                if self.slot[i].name != NULL:
                    Py_DECREF(<object> self.slot[i].name)
            free(self.slot)

    def __len__(self) -> int:
        return self.count

    cpdef Py_ssize_t id(self, str name) except -1:
        """The id of ``name`` (a new one, the next number, the first time)."""
        if name is None:
            raise TypeError("fastalloc._lexer.Names.id: a name must be a str")
        return self._find(name, 0, PyUnicode_GET_LENGTH(<PyObject*> name))

    cpdef Py_ssize_t sigil_id(self, str tok) except -1:
        """The id of ``tok[1:]`` (``tok``: a ``%name`` token)."""
        if tok is None or PyUnicode_GET_LENGTH(<PyObject*> tok) < 1:
            raise TypeError("fastalloc._lexer.Names.sigil_id: a token must be a non-empty str")
        return self._sigil(tok)

    cpdef str sigil_name(self, str tok):
        """``tok[1:]``, the table's one str of that name (kept the first time)."""
        if tok is None or PyUnicode_GET_LENGTH(<PyObject*> tok) < 1:
            raise TypeError("fastalloc._lexer.Names.sigil_name: a token must be a non-empty str")
        self._sigil(tok)
        return <str> self.last

    cdef Py_ssize_t _sigil(self, str tok) except -1:
        """``_find(tok, 1, len(tok))`` through the table of recent tokens."""
        cdef size_t addr = <size_t> <PyObject*> tok
        cdef _NameHit* e = &self.hit[((addr >> 4) ^ (addr >> 13)) & (_HITS - 1)]
        if e.tok == <PyObject*> tok:
            self.last = e.name
            return e.id
        cdef Py_ssize_t sid = self._find(tok, 1, PyUnicode_GET_LENGTH(<PyObject*> tok))
        if e.tok != NULL:
            Py_DECREF(<object> e.tok)
        Py_INCREF(tok)
        e.tok = <PyObject*> tok
        e.name = self.last
        e.id = sid
        return sid

    cdef Py_ssize_t _find(self, str s, Py_ssize_t skip, Py_ssize_t end) except -1:
        """The id of ``s[skip:end]`` (``0 <= skip <= end <= len(s)``, not
        checked); ``last`` is then the table's str of that name (``s``
        itself, or ``s[skip:end]`` made once).  The parser looks the name
        of a ``%name#k`` token up without making it first."""
        cdef PyObject* p = <PyObject*> s
        cdef Py_ssize_t kind = PyUnicode_KIND(p)
        cdef Py_ssize_t n = end
        if kind != 1 and (skip or end != PyUnicode_GET_LENGTH(p)):
            # s[skip:end] may be narrower than s (its widest character was
            # cut off): look the made name up (names are ASCII as a rule)
            return self._find(s[skip:end], 0, end - skip)
        cdef Py_ssize_t m = n - skip
        cdef const uint8_t* d = <const uint8_t*> PyUnicode_DATA(p)
        # a str's characters are stored at the narrowest width that holds
        # them: equal names, equal width and bytes
        cdef uint64_t h = _hash(d, skip * kind, n * kind, PyUnicode_GET_LENGTH(p) * kind)
        cdef Py_ssize_t mask = self.cap - 1
        cdef Py_ssize_t k = <Py_ssize_t> (h & <uint64_t> mask)
        cdef _NameSlot* e
        while True:
            e = &self.slot[k]
            if e.name == NULL:
                break
            if (e.hash == h and PyUnicode_GET_LENGTH(e.name) == m and PyUnicode_KIND(e.name) == kind
                    and (m * kind <= 8 or memcmp(PyUnicode_DATA(e.name), d + skip * kind, m * kind) == 0)):
                self.last = e.name
                return e.id
            k = (k + 1) & mask
        if skip == 0 and end == PyUnicode_GET_LENGTH(p):
            key = s
        elif PyUnicode_IS_ASCII(p):
            # s[skip:end] made directly: an ASCII str's characters are its
            # bytes, and the slice's search of its widest character (a new
            # name per SSA value defined) is not needed
            key = PyUnicode_New(m, 127)
            memcpy(PyUnicode_DATA(<PyObject*> key), d + skip, m)
        else:
            key = s[skip:end]
        Py_INCREF(key)
        e.hash = h
        e.name = <PyObject*> key
        e.id = self.count
        self.last = e.name
        self.count += 1
        if self.count * 2 > self.cap:
            self._grow()
        return self.count - 1

    cdef int _grow(self) except -1:
        cdef Py_ssize_t cap = self.cap * 2
        cdef _NameSlot* slot = <_NameSlot*> calloc(cap, sizeof(_NameSlot))
        if slot == NULL:
            raise MemoryError()
        cdef Py_ssize_t i, k
        for i in range(self.cap):
            if self.slot[i].name != NULL:
                k = <Py_ssize_t> (self.slot[i].hash & <uint64_t> (cap - 1))
                while slot[k].name != NULL:
                    k = (k + 1) & (cap - 1)
                slot[k] = self.slot[i]
        free(self.slot)
        self.slot = slot
        self.cap = cap
        return 0


def _py_hash(bytes data, Py_ssize_t a, Py_ssize_t b) -> int:
    """_hash of ``data[a:b]`` read in ``data`` (for the tests)."""
    if not 0 <= a <= b <= len(data):
        raise ValueError("fastalloc._lexer._py_hash: bad range")
    return _hash(<const uint8_t*> (<const char*> data), a, b, len(data))


def _py_key(bytes data, Py_ssize_t a, Py_ssize_t b) -> int:
    """_key of ``data[a:b]`` read in ``data`` (for the tests; ASCII, checked)."""
    if not 0 <= a <= b <= len(data):
        raise ValueError("fastalloc._lexer._py_key: bad range")
    if not data.isascii():
        raise ValueError("fastalloc._lexer._py_key: not ASCII")
    return _key(<const uint8_t*> (<const char*> data), a, b, len(data))
