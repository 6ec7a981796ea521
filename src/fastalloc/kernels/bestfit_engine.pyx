# cython: language_level=3
"""The best-fit placement engines: one best-fit (or first-fit) pass over a
given order, on a segment tree over time (``_bf_Tree``: ``_bf_fit``,
``_bf_record``) or on time buckets (``_bf_Bk``: ``_bf_bk_fit``,
``_bf_bk_record``), either behind ``_bf_Eng`` (``_bf_eng_put``: one buffer;
``_bf_place``, ``_bf_bk_run``: a pass), and the bucket width
(``_bf_bk_shift``).  The structures and the functions the packers share are
declared in ``bestfit_engine.pxd``; the passes themselves (orders, race,
local search) are in ``bestfit``, which exposes them to tests
(``_pack_best_fit_order``, ``_pack_best_fit_order_bk``).  Every function
assumes validated input (``fastalloc.packing.pack``)."""

from libc.stdint cimport int32_t, int64_t, INT64_MAX
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memmove, memset

import numpy as np


cdef inline int _bf_open_slot(void** a, Py_ssize_t* n, Py_ssize_t* cap, Py_ssize_t i,
                              size_t width, Py_ssize_t first_cap) except -1 nogil:
    # make room for one element at index i of the growable array *a of *n
    # elements of `width` bytes (capacity *cap, doubled when full)
    cdef Py_ssize_t c
    cdef char* p
    if n[0] == cap[0]:
        c = first_cap if cap[0] == 0 else 2 * cap[0]
        p = <char*>realloc(a[0], c * width)
        if p == NULL:
            with gil:
                raise MemoryError()
        a[0] = p
        cap[0] = c
    p = <char*>a[0]
    if i < n[0]:
        memmove(p + (i + 1) * width, p + i * width, (n[0] - i) * width)
    n[0] += 1
    return 0


cdef int _bf_runs_add(_bf_Runs* L, int64_t lo, int64_t hi) except -1 nogil:
    cdef Py_ssize_t i = 0, j, h = L.n, mid
    # first run with hi >= lo (hi values are increasing): it may touch [lo, hi)
    while i < h:
        mid = (i + h) >> 1
        if L.a[mid].hi < lo:
            i = mid + 1
        else:
            h = mid
    j = i
    while j < L.n and L.a[j].lo <= hi:
        if L.a[j].lo < lo:
            lo = L.a[j].lo
        if L.a[j].hi > hi:
            hi = L.a[j].hi
        j += 1
    if j == i:
        _bf_open_slot(<void**>&L.a, &L.n, &L.cap, i, sizeof(_bf_Run), 4)
    elif j > i + 1:
        if j < L.n:
            memmove(&L.a[i + 1], &L.a[j], (L.n - j) * sizeof(_bf_Run))
        L.n -= j - i - 1
    L.a[i].lo = lo
    L.a[i].hi = hi
    return 0


cdef int _bf_tree_init(_bf_Tree* X, Py_ssize_t T) except -1:
    cdef Py_ssize_t P = 1
    while P < T:
        P <<= 1
    X.P = P
    X.full = <_bf_Runs*>malloc(2 * P * sizeof(_bf_Runs))
    X.part = <_bf_Runs*>malloc(2 * P * sizeof(_bf_Runs))
    # a query reads at most 2 lists per level on each of two paths
    X.cur = <const _bf_Run**>malloc(4 * 66 * sizeof(_bf_Run*))
    X.end = <const _bf_Run**>malloc(4 * 66 * sizeof(_bf_Run*))
    if X.full == NULL or X.part == NULL or X.cur == NULL or X.end == NULL:
        raise MemoryError()
    memset(X.full, 0, 2 * P * sizeof(_bf_Runs))
    memset(X.part, 0, 2 * P * sizeof(_bf_Runs))
    return 0


cdef void _bf_tree_clear(_bf_Tree* X) noexcept nogil:
    cdef Py_ssize_t j
    for j in range(2 * X.P):
        X.full[j].n = 0
        X.part[j].n = 0


cdef void _bf_tree_free(_bf_Tree* X) noexcept nogil:
    cdef Py_ssize_t j
    if X.full != NULL:
        for j in range(2 * X.P):
            free(X.full[j].a)
        free(X.full)
    if X.part != NULL:
        for j in range(2 * X.P):
            free(X.part[j].a)
        free(X.part)
    free(X.cur)
    free(X.end)
    X.full = NULL
    X.part = NULL
    X.cur = NULL
    X.end = NULL


cdef inline void _bf_sift(const _bf_Run** cur, const _bf_Run** end, Py_ssize_t m,
                          Py_ssize_t i) noexcept nogil:
    # min-heap of list cursors keyed by the lo of the run they point at
    cdef Py_ssize_t c
    cdef const _bf_Run* tc
    cdef const _bf_Run* te
    while True:
        c = 2 * i + 1
        if c >= m:
            return
        if c + 1 < m and cur[c + 1].lo < cur[c].lo:
            c += 1
        if cur[i].lo <= cur[c].lo:
            return
        tc = cur[i]; cur[i] = cur[c]; cur[c] = tc
        te = end[i]; end[i] = end[c]; end[c] = te
        i = c


cdef inline Py_ssize_t _bf_add_list(_bf_Tree* X, Py_ssize_t m, const _bf_Runs* L) noexcept nogil:
    if L.n:
        X.cur[m] = L.a
        X.end[m] = L.a + L.n
        return m + 1
    return m


cdef int64_t _bf_fit(_bf_Tree* X, Py_ssize_t l, Py_ssize_t r, int64_t sz,
                     int64_t* top, bint first=False) noexcept nogil:
    """Offset of the smallest gap >= sz (lowest on ties) in the bytes free
    throughout leaves [l, r], or -1; *top = end of the highest busy byte.
    With `first`, the lowest gap >= sz instead (first fit).

    Merges the sorted run lists of the query (see _bf_Tree) with a heap and
    sweeps them in offset order; stops early on an exact fit."""
    cdef Py_ssize_t m = 0, a = l + X.P, b = r + X.P + 1, i
    cdef const _bf_Run** cur = X.cur
    cdef const _bf_Run** end = X.end
    cdef int64_t c = 0, best = -1, best_gap = INT64_MAX, gap, lo, hi
    while a < b:
        if a & 1:
            m = _bf_add_list(X, m, &X.part[a])
            a += 1
        if b & 1:
            b -= 1
            m = _bf_add_list(X, m, &X.part[b])
        a >>= 1
        b >>= 1
    a = l + X.P
    b = r + X.P
    while a != b:
        m = _bf_add_list(X, m, &X.full[a])
        m = _bf_add_list(X, m, &X.full[b])
        a >>= 1
        b >>= 1
    while a >= 1:
        m = _bf_add_list(X, m, &X.full[a])
        a >>= 1
    i = m // 2
    while i > 0:
        i -= 1
        _bf_sift(cur, end, m, i)
    while m > 0:
        lo = cur[0].lo
        hi = cur[0].hi
        if lo > c:
            gap = lo - c
            if gap >= sz and gap < best_gap:
                best_gap = gap
                best = c
                if gap == sz or first:
                    break
        if hi > c:
            c = hi
        cur[0] += 1
        if cur[0] == end[0]:
            m -= 1
            cur[0] = cur[m]
            end[0] = end[m]
        _bf_sift(cur, end, m, 0)
    top[0] = c
    return best


cdef int _bf_record(_bf_Tree* X, Py_ssize_t l, Py_ssize_t r, int64_t lo, int64_t hi) except -1 nogil:
    cdef Py_ssize_t a = l + X.P, b = r + X.P + 1
    while a < b:
        if a & 1:
            _bf_runs_add(&X.full[a], lo, hi)
            _bf_runs_add(&X.part[a], lo, hi)
            a += 1
        if b & 1:
            b -= 1
            _bf_runs_add(&X.full[b], lo, hi)
            _bf_runs_add(&X.part[b], lo, hi)
        a >>= 1
        b >>= 1
    a = (l + X.P) >> 1
    b = (r + X.P) >> 1
    while a != b:
        _bf_runs_add(&X.part[a], lo, hi)
        _bf_runs_add(&X.part[b], lo, hi)
        a >>= 1
        b >>= 1
    while a >= 1:
        _bf_runs_add(&X.part[a], lo, hi)
        a >>= 1
    return 0


cdef int _bf_bk_init(_bf_Bk* K, Py_ssize_t T, int shift) except -1:
    if T >= 2**31:
        raise OverflowError(f"time buckets hold fewer than 2**31 leaves, got {T}")
    K.shift = shift
    K.nb = ((T - 1) >> shift) + 1 if T > 0 else 1
    K.own = <_bf_EList*>malloc(K.nb * sizeof(_bf_EList))
    K.tch = <_bf_EList*>malloc(K.nb * sizeof(_bf_EList))
    K.acc = K.piece = K.out = NULL
    K.meet = NULL
    K.cap = 0
    if K.own == NULL or K.tch == NULL:
        raise MemoryError()
    memset(K.own, 0, K.nb * sizeof(_bf_EList))
    memset(K.tch, 0, K.nb * sizeof(_bf_EList))
    return 0


cdef void _bf_bk_clear(_bf_Bk* K) noexcept nogil:
    cdef Py_ssize_t j
    for j in range(K.nb):
        K.own[j].n = 0
        K.tch[j].n = 0


cdef void _bf_elists_free(_bf_EList* L, Py_ssize_t nb) noexcept nogil:
    cdef Py_ssize_t j
    if L != NULL:
        for j in range(nb):
            free(L[j].r)
            free(L[j].sp)
        free(L)


cdef void _bf_bk_free(_bf_Bk* K) noexcept nogil:
    _bf_elists_free(K.own, K.nb)
    _bf_elists_free(K.tch, K.nb)
    free(K.acc)
    free(K.piece)
    free(K.out)
    free(K.meet)
    K.own = NULL
    K.tch = NULL
    K.acc = K.piece = K.out = NULL
    K.meet = NULL
    K.cap = 0


# A bucket's list starts with room for this many entries: lists fill to a
# few hundred (buckets are a few times the median lifetime wide) and empty
# lists never allocate, so a smaller start only adds reallocs.
cdef enum:
    _BF_ELIST_CAP0 = 64


cdef inline Py_ssize_t _bf_count_le(const _bf_Run* r, Py_ssize_t n, int64_t x) noexcept nogil:
    # how many of the n ranges r (sorted by lo) have lo <= x, by a binary
    # search whose steps select without branches (a branch per step would
    # be a coin toss) and whose length depends on n only
    cdef Py_ssize_t i = 0, half
    if n == 0:
        return 0
    while n > 1:
        half = n >> 1
        i = i + half if r[i + half].lo <= x else i
        n -= half
    return i + (r[i].lo <= x)


cdef int _bf_elist_add(_bf_EList* L, int64_t lo, int64_t hi, Py_ssize_t s,
                       Py_ssize_t e) except -1 nogil:
    # sorted by lo; equal lo: insertion order (irrelevant to the union), so
    # the slot is after the last entry with lo <= the new lo
    cdef Py_ssize_t i = _bf_count_le(L.r, L.n, lo), n = L.n, cap = L.cap
    # the two arrays grow together (a failed second realloc leaves the
    # first one larger than cap: harmless), from _BF_ELIST_CAP0 entries
    _bf_open_slot(<void**>&L.r, &n, &cap, i, sizeof(_bf_Run), _BF_ELIST_CAP0)
    n = L.n
    cap = L.cap
    _bf_open_slot(<void**>&L.sp, &n, &cap, i, sizeof(_bf_Span), _BF_ELIST_CAP0)
    L.n = n
    L.cap = cap
    L.r[i].lo = lo
    L.r[i].hi = hi
    L.sp[i].s = <int32_t>s
    L.sp[i].e = <int32_t>e
    return 0


cdef inline Py_ssize_t _bf_bk_filter(const _bf_EList* L, Py_ssize_t s, Py_ssize_t e,
                                     unsigned char* meet, _bf_Run* out) noexcept nogil:
    # every entry of L through _bf_filter_span
    return _bf_filter_span(L.sp, L.r, L.n, s, e, meet, out)


cdef inline Py_ssize_t _bf_filter_span(const _bf_Span* sp, const _bf_Run* r, Py_ssize_t n,
                                       Py_ssize_t s, Py_ssize_t e, unsigned char* meet,
                                       _bf_Run* out) noexcept nogil:
    """The byte ranges r[i] of the n entries whose leaf range sp[i] meets
    [s, e], in order, into out; returns how many.  Which ones meet first (a
    loop without dependences between entries, vectorized; meet[i] is the
    step of the output in bytes), then a branch-free copy by four (whether
    an entry meets is a coin toss: a branch on it would mispredict often).
    Pure Python equivalent::

        out = [x for x, (a, b) in zip(r[:n], sp[:n]) if a <= e and s <= b]
    """
    cdef char* o = <char*>out
    cdef Py_ssize_t i
    # strict comparisons against e + 1 and s - 1 (leaves are below 2**31 - 1)
    # and a mask rather than a product: each is one vector instruction
    cdef int32_t s1 = <int32_t>s - 1, e1 = <int32_t>e + 1
    for i in range(n):
        meet[i] = <unsigned char>((-<int32_t>((sp[i].s < e1) & (sp[i].e > s1))) & <int32_t>sizeof(_bf_Run))
    i = 0
    while i + 4 <= n:
        (<_bf_Run*>o)[0] = r[i]
        o += meet[i]
        (<_bf_Run*>o)[0] = r[i + 1]
        o += meet[i + 1]
        (<_bf_Run*>o)[0] = r[i + 2]
        o += meet[i + 2]
        (<_bf_Run*>o)[0] = r[i + 3]
        o += meet[i + 3]
        i += 4
    while i < n:
        (<_bf_Run*>o)[0] = r[i]
        o += meet[i]
        i += 1
    return <_bf_Run*>o - out


cdef inline const _bf_Run* _bf_pick(const _bf_Run** a, const _bf_Run** b) noexcept nogil:
    # the next range of a merge of two lists sorted by lo (a's first on
    # equal lo) at cursors *a and *b, which must both be in range, advancing
    # past it.  Which list gives it is a coin toss, so the range and the
    # steps are selected by a mask (a branch on it mispredicted a third of
    # the time; a conditional here compiles to one); lo >= 0, so the sign
    # of the difference is the mask
    cdef size_t pa = <size_t>a[0], pb = <size_t>b[0]
    cdef size_t mask = <size_t>((b[0].lo - a[0].lo) >> 63)
    cdef size_t step = mask & sizeof(_bf_Run)
    b[0] = <const _bf_Run*>(pb + step)
    a[0] = <const _bf_Run*>(pa + sizeof(_bf_Run) - step)
    return <const _bf_Run*>(pa ^ ((pa ^ pb) & mask))


cdef inline Py_ssize_t _bf_merge_len(const _bf_Run* a, Py_ssize_t na, const _bf_Run* b,
                                     Py_ssize_t nb) noexcept nogil:
    # how many _bf_pick steps merge two lists sorted by lo until one of
    # them is exhausted (no step needs a bound check then, and the loop
    # ends once, predictably): the list whose last lo is lower (b only if
    # strictly lower, as a's first on equal lo) and the other's entries
    # taken before that last one
    if na == 0 or nb == 0:
        return 0
    if b[nb - 1].lo < a[na - 1].lo:
        return nb + _bf_count_le(a, na, b[nb - 1].lo)
    return na + _bf_count_le(b, nb, a[na - 1].lo - 1)


cdef inline Py_ssize_t _bf_merge2(const _bf_Run* a, Py_ssize_t na, const _bf_Run* b,
                                  Py_ssize_t nb, _bf_Run* out) noexcept nogil:
    # two lists sorted by lo into one: _bf_merge_len steps of _bf_pick,
    # then the rest of the other list; the same as the stable
    # sorted(a + b, key=lambda r: r.lo)
    cdef const _bf_Run* ea = a + na
    cdef const _bf_Run* eb = b + nb
    cdef _bf_Run* o = out
    cdef Py_ssize_t m, k = _bf_merge_len(a, na, b, nb)
    for m in range(k):
        o[m] = _bf_pick(&a, &b)[0]
    o += k
    if a < ea:
        memcpy(o, a, (ea - a) * sizeof(_bf_Run))
        o += ea - a
    if b < eb:
        memcpy(o, b, (eb - b) * sizeof(_bf_Run))
        o += eb - b
    return o - out


ctypedef struct _bf_Gap:
    # a sweep over byte ranges in lo order: the end of the busy bytes so
    # far, and the smallest gap >= sz so far and its offset
    int64_t c
    int64_t best
    int64_t best_gap


cdef inline bint _bf_gap_step(_bf_Gap* G, int64_t lo, int64_t hi, int64_t sz,
                              bint first) noexcept nogil:
    # the next range of the sweep; true when it may stop (an exact fit, or
    # with `first` any fit)
    cdef int64_t gap = lo - G.c
    if gap >= sz and gap < G.best_gap:
        G.best_gap = gap
        G.best = G.c
        if gap == sz or first:
            return True
    G.c = hi if hi > G.c else G.c
    return False


cdef int64_t _bf_sweep2(const _bf_Run* a, Py_ssize_t na, const _bf_Run* b, Py_ssize_t nb,
                       int64_t sz, int64_t* top, bint first) noexcept nogil:
    # the gap rule of _bf_bk_fit over the byte ranges of two lists sorted by
    # lo, merged as it goes as in _bf_merge2 (on equal lo a's first: the
    # answer does not depend on it, only the first of equal lo can leave a
    # gap)
    cdef const _bf_Run* ea = a + na
    cdef const _bf_Run* eb = b + nb
    cdef const _bf_Run* x
    cdef Py_ssize_t m
    cdef _bf_Gap G
    G.c = 0
    G.best = -1
    G.best_gap = INT64_MAX
    for m in range(_bf_merge_len(a, na, b, nb)):
        x = _bf_pick(&a, &b)
        if _bf_gap_step(&G, x.lo, x.hi, sz, first):
            top[0] = G.c
            return G.best
    if b < eb:
        a = b
        ea = eb
    while a < ea:
        if _bf_gap_step(&G, a.lo, a.hi, sz, first):
            break
        a += 1
    top[0] = G.c
    return G.best


# A single list shorter than this is swept in one masked pass (_bf_scan1):
# there the vectorized test and the copy cost more than they save.  Speed
# only: the same answer either way.
cdef enum:
    _BF_SCAN1_MAX = 64


cdef int64_t _bf_scan1(const _bf_EList* L, Py_ssize_t s, Py_ssize_t e, int64_t sz,
                       int64_t* top, bint first) noexcept nogil:
    # _bf_bk_fit over one list in one pass: an entry not meeting [s, e] is
    # made neutral (gap -1, end 0) by a mask, without a branch on whether
    # it meets
    cdef Py_ssize_t i
    cdef int64_t mask
    cdef _bf_Gap G
    G.c = 0
    G.best = -1
    G.best_gap = INT64_MAX
    for i in range(L.n):
        mask = -<int64_t>((L.sp[i].s <= e) & (L.sp[i].e >= s))
        if _bf_gap_step(&G, G.c + (((L.r[i].lo - G.c) & mask) | ~mask), L.r[i].hi & mask,
                        sz, first):
            break
    top[0] = G.c
    return G.best


# First fit over one long list filters and sweeps it this many entries at a
# time: most first-fit queries stop about halfway through the meeting
# entries, so filtering the whole list first reads entries it never uses.
# Speed only: the same answer as filtering it whole.
cdef enum:
    _BF_FIRST_CHUNK = 32


cdef int64_t _bf_first1(const _bf_EList* L, Py_ssize_t s, Py_ssize_t e, int64_t sz,
                        int64_t* top, unsigned char* meet, _bf_Run* out) noexcept nogil:
    # _bf_bk_fit's first fit over one list: _bf_filter_span on
    # _BF_FIRST_CHUNK entries at a time (meet and out hold that many), the
    # gap rule over each chunk's meeting ranges, stopping at the first fit
    cdef Py_ssize_t i = 0, j, k, m
    cdef _bf_Gap G
    G.c = 0
    G.best = -1
    G.best_gap = INT64_MAX
    while i < L.n:
        m = min(L.n - i, <Py_ssize_t>_BF_FIRST_CHUNK)
        k = _bf_filter_span(L.sp + i, L.r + i, m, s, e, meet, out)
        for j in range(k):
            if _bf_gap_step(&G, out[j].lo, out[j].hi, sz, True):
                top[0] = G.c
                return G.best
        i += m
    top[0] = G.c
    return G.best


cdef int64_t _bf_bk_fit(_bf_Bk* K, Py_ssize_t s, Py_ssize_t e, int64_t sz,
                        int64_t* top, bint first=False) except -2 nogil:
    """Same answer as _bf_fit: offset of the smallest gap >= sz (lowest on
    ties) among the placed buffers meeting leaves [s, e], or -1; *top = end
    of the highest of them (when the answer is -1).  The ranges of the
    entries meeting [s, e] of tch[bucket(s)] and of the own lists of the
    later buckets up to bucket(e), merged by lo (the last merge while
    sweeping them in that order, _bf_sweep2); first fit within one bucket
    filters and sweeps its list a chunk at a time (_bf_first1)."""
    cdef Py_ssize_t b0 = s >> K.shift, b1 = e >> K.shift, b, need, na, np_ = 0
    cdef _bf_Run* tmp
    cdef const _bf_Run* pc
    if b0 == b1 and K.tch[b0].n < _BF_SCAN1_MAX:
        return _bf_scan1(&K.tch[b0], s, e, sz, top, first)
    need = K.tch[b0].n
    for b in range(b0 + 1, b1 + 1):
        need += K.own[b].n
    if need > K.cap:
        need = max(need, 2 * K.cap)
        free(K.acc)
        free(K.piece)
        free(K.out)
        free(K.meet)
        K.acc = <_bf_Run*>malloc(need * sizeof(_bf_Run))
        K.piece = <_bf_Run*>malloc(need * sizeof(_bf_Run))
        K.out = <_bf_Run*>malloc(need * sizeof(_bf_Run))
        K.meet = <unsigned char*>malloc(need)
        if K.acc == NULL or K.piece == NULL or K.out == NULL or K.meet == NULL:
            K.cap = 0
            with gil:
                raise MemoryError()
        K.cap = need
    if b0 == b1 and first:
        return _bf_first1(&K.tch[b0], s, e, sz, top, K.meet, K.acc)
    na = _bf_bk_filter(&K.tch[b0], s, e, K.meet, K.acc)
    pc = K.piece
    for b in range(b0 + 1, b1 + 1):
        if np_:
            na = _bf_merge2(K.acc, na, pc, np_, K.out)
            tmp = K.acc; K.acc = K.out; K.out = tmp
        if b < b1:
            # its buffers start after s (in a later bucket) and before
            # bucket(e) begins, so by e: all of them meet [s, e]
            pc = K.own[b].r
            np_ = K.own[b].n
        else:
            np_ = _bf_bk_filter(&K.own[b], s, e, K.meet, K.piece)
            pc = K.piece
    return _bf_sweep2(K.acc, na, pc, np_, sz, top, first)


cdef int _bf_bk_record(_bf_Bk* K, Py_ssize_t s, Py_ssize_t e, int64_t lo,
                       int64_t hi) except -1 nogil:
    cdef Py_ssize_t b0 = s >> K.shift, b1 = e >> K.shift, b
    _bf_elist_add(&K.own[b0], lo, hi, s, e)
    for b in range(b0, b1 + 1):
        _bf_elist_add(&K.tch[b], lo, hi, s, e)
    return 0


cdef int _bf_eng_init(_bf_Eng* E, Py_ssize_t T, int shift) except -1:
    # buckets of 2**shift leaves when shift >= 0, else the tree; E must be
    # zeroed or freed (_bf_eng_free is safe after a failed init)
    memset(E, 0, sizeof(_bf_Eng))
    E.use_bk = shift >= 0
    if E.use_bk:
        _bf_bk_init(&E.K, T, shift)
    else:
        _bf_tree_init(&E.X, T)
    return 0


cdef void _bf_eng_free(_bf_Eng* E) noexcept nogil:
    _bf_tree_free(&E.X)
    _bf_bk_free(&E.K)


cdef int64_t _bf_eng_put(_bf_Eng* E, Py_ssize_t lo, Py_ssize_t hi, int64_t sz, bint first,
                         int64_t who) except -2 nogil:
    """Place one buffer of size sz > 0 and leaf range [lo, hi] by the rule
    of _bf_place (`who` names it in an overflow error) and record it;
    returns its offset."""
    cdef int64_t top, best
    if E.use_bk:
        best = _bf_bk_fit(&E.K, lo, hi, sz, &top, first)
    else:
        best = _bf_fit(&E.X, lo, hi, sz, &top, first)
    if best < 0:
        _bf_check_top(top, sz, who)
        best = top
    if E.use_bk:
        _bf_bk_record(&E.K, lo, hi, best, best + sz)
    else:
        _bf_record(&E.X, lo, hi, best, best + sz)
    return best


cdef int64_t _bf_place(_bf_Eng* E, const int64_t* order, Py_ssize_t n,
                       const int64_t* sizes, const Py_ssize_t* leaf_lo,
                       const Py_ssize_t* leaf_hi, int64_t* off,
                       int64_t cutoff, Py_ssize_t nfixed=0, bint first=False,
                       bint by_pos=False) except -2 nogil:
    """Place buffers in `order`, each in the smallest gap that fits among the
    already placed buffers whose lifetimes meet its own (lowest such gap on
    ties; with `first`, the lowest gap that fits), else on top of them.
    Returns the peak, or -1 as soon as the peak exceeds `cutoff` (a restart
    that cannot win is abandoned early).  The first `nfixed` buffers of
    `order` keep the offsets given in `off` (they are recorded, not placed,
    and count in the peak).  The arrays are indexed by buffer (sizes[i] for
    i = order[r]), or with `by_pos` given in placement order (sizes[r] is
    buffer order[r]'s: gathered first, the loop stays off random memory
    accesses; order then only names a buffer in an error)."""
    cdef Py_ssize_t r
    cdef int64_t i, sz, best, total = 0
    if E.use_bk:
        _bf_bk_clear(&E.K)
    else:
        _bf_tree_clear(&E.X)
    for r in range(n):
        i = r if by_pos else order[r]
        sz = sizes[i]
        if sz == 0:
            off[i] = 0
            continue
        if r < nfixed:
            # kept where they are: no cutoff on them
            best = off[i]
            if E.use_bk:
                _bf_bk_record(&E.K, leaf_lo[i], leaf_hi[i], best, best + sz)
            else:
                _bf_record(&E.X, leaf_lo[i], leaf_hi[i], best, best + sz)
            total = max(total, best + sz)
            continue
        best = _bf_eng_put(E, leaf_lo[i], leaf_hi[i], sz, first, order[r])
        off[i] = best
        if best + sz > total:
            total = best + sz
            if total > cutoff:
                return -1
    return total


cdef int64_t _bf_bk_run(_bf_Eng* E, order, sizes, lla, lha, int64_t[::1] out,
                        int64_t cutoff, Py_ssize_t nfixed=0, bint first=False) except -2:
    # _bf_place by position on arrays gathered in `order`; offsets scattered
    # into out (and read from it for the first nfixed buffers of the order)
    cdef const int64_t[::1] ordv = order
    cdef const int64_t[::1] szv = sizes[order]
    cdef const Py_ssize_t[::1] llv = lla[order]
    cdef const Py_ssize_t[::1] lhv = lha[order]
    off_a = np.empty(len(order), dtype=np.int64)
    if nfixed:
        off_a[:nfixed] = np.asarray(out)[order[:nfixed]]
    cdef int64_t[::1] offv = off_a
    cdef int64_t t
    if len(order) == 0:
        return 0
    with nogil:
        t = _bf_place(E, &ordv[0], ordv.shape[0], &szv[0], &llv[0], &lhv[0], &offv[0],
                      cutoff, nfixed, first, True)
    if t >= 0:
        np.asarray(out)[order] = off_a
    return t


def _bf_bk_shift(lla, lha, Py_ssize_t n):
    """Bucket width 2**shift leaves for these leaf ranges (about 8x the
    median span, measured best on the random workload; all the leaves of
    up to 512 buffers in one), or -1 when buckets
    would not pay (some lifetime spans many buckets) or cannot hold the
    leaf indices (2**31 buffers or more).  The median by counting the spans
    when the longest is at most 4n (one compiled pass; on a small problem
    numpy's per-call cost was most of this), else np.partition.  Pure
    Python equivalent::

        span = sorted(h - l for l, h in zip(lla, lha)); k = n // 2
        med = span[k] if n % 2 else (span[k - 1] + span[k]) // 2
        shift = (med + 1).bit_length() + 3
        if n <= 512: shift = max(shift, (n - 1).bit_length())
        if max((h >> shift) - (l >> shift) for l, h in zip(lla, lha)) > 16: shift = -1
    """
    if n == 0 or n >= 2**31:
        return -1
    lo_a = np.ascontiguousarray(lla, dtype=np.intp)
    hi_a = np.ascontiguousarray(lha, dtype=np.intp)
    cdef const Py_ssize_t[::1] lo = lo_a, hi = hi_a
    cdef Py_ssize_t i, k = n // 2, m = 0, s, acc, a = -1, b = -1, widest = 0
    cdef Py_ssize_t* cnt
    for i in range(n):
        m = max(m, hi[i] - lo[i])
    if m <= 4 * n:
        cnt = <Py_ssize_t*>malloc((m + 1) * sizeof(Py_ssize_t))
        if cnt == NULL:
            raise MemoryError()
        memset(cnt, 0, (m + 1) * sizeof(Py_ssize_t))
        for i in range(n):
            cnt[hi[i] - lo[i]] += 1
        # a: the (k-1)-th smallest span, b: the k-th (0-based)
        acc = 0
        for s in range(m + 1):
            acc += cnt[s]
            if a < 0 and acc >= k:
                a = s
            if acc >= k + 1:
                b = s
                break
        free(cnt)
        med = b if n & 1 else (a + b) // 2
    else:
        span = hi_a - lo_a
        if n & 1:
            med = int(np.partition(span, k)[k])
        else:
            mid = np.partition(span, (k - 1, k))
            med = (int(mid[k - 1]) + int(mid[k])) // 2
    cdef int shift = int(med + 1).bit_length() + 3
    if n <= 512:
        # every leaf in one bucket (at most n leaves): a query is one scan,
        # no merge of lists
        shift = max(shift, int(n - 1).bit_length())
    for i in range(n):
        widest = max(widest, (hi[i] >> shift) - (lo[i] >> shift))
    if widest > 16:
        return -1
    return shift


def _py_bk_fit(const int64_t[::1] lla, const int64_t[::1] lha, const int64_t[::1] lo,
               const int64_t[::1] hi, Py_ssize_t T, int shift, Py_ssize_t s, Py_ssize_t e,
               int64_t sz, bint first):
    """_bf_bk_fit on time buckets of 2**shift leaves (T leaves) holding the
    ranges [lo[i], hi[i]) over leaves [lla[i], lha[i]] (for tests; assumes
    0 <= lla <= lha < T, lo < hi, 0 <= s <= e < T, sz > 0): (best, top)."""
    cdef _bf_Bk K
    cdef Py_ssize_t i
    cdef int64_t best, top = 0
    memset(&K, 0, sizeof(_bf_Bk))
    try:
        _bf_bk_init(&K, T, shift)
        for i in range(lo.shape[0]):
            _bf_bk_record(&K, lla[i], lha[i], lo[i], hi[i])
        best = _bf_bk_fit(&K, s, e, sz, &top, first)
    finally:
        _bf_bk_free(&K)
    return best, top


def _py_sweep2(const int64_t[:, ::1] a, const int64_t[:, ::1] b, int64_t sz, bint first):
    """_bf_sweep2 over the ranges a[i] = (lo, hi) and b[j] (each sorted by
    lo; for tests): (best, top)."""
    cdef Py_ssize_t na = a.shape[0], nb = b.shape[0]
    cdef int64_t best, top = 0
    if a.shape[1] != 2 or b.shape[1] != 2:
        raise ValueError("ranges are (lo, hi) rows")
    best = _bf_sweep2(<const _bf_Run*>&a[0, 0] if na else NULL, na,
                      <const _bf_Run*>&b[0, 0] if nb else NULL, nb, sz, &top, first)
    return best, top


def _py_merge2(const int64_t[:, ::1] a, const int64_t[:, ::1] b):
    """_bf_merge2 of the ranges a[i] = (lo, hi) and b[j] (each sorted by
    lo; for tests): the merged rows."""
    cdef Py_ssize_t na = a.shape[0], nb = b.shape[0]
    if a.shape[1] != 2 or b.shape[1] != 2:
        raise ValueError("ranges are (lo, hi) rows")
    out = np.empty((na + nb, 2), dtype=np.int64)
    cdef int64_t[:, ::1] ov = out
    if na + nb:
        _bf_merge2(<const _bf_Run*>&a[0, 0] if na else NULL, na,
                   <const _bf_Run*>&b[0, 0] if nb else NULL, nb, <_bf_Run*>&ov[0, 0])
    return out
