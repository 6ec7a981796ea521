# cython: language_level=3
# fastalloc.kernels.bestfit: the "best-fit" packing strategy.
#
# Entry points (Python): _pack_best_fit (the strategy), _pack_sweep (its
# O(n log n) effort-0 pass, usable as a strategy of its own), _bf_large (its
# effort-1 plan for very large problems: _bf_chunked's time chunks and the
# sweep, run by a _BfPool of 2 threads) and _pack_best_fit_order /
# _pack_best_fit_order_bk (one pass in a caller's order, for tests).  Private
# names start with _bf_ (this file was once textually included into _core.pyx).

cimport cython
from libc.stdint cimport int32_t, int64_t, uint64_t, INT64_MAX, INT64_MIN
cdef extern from "Python.h":
    const Py_ssize_t PY_SSIZE_T_MAX
from libc.stdlib cimport malloc, realloc, free, qsort
from libc.string cimport memcpy, memmove, memset

import threading
import time

import numpy as np

from fastalloc.kernels.bound import _lower_bound
from fastalloc.kernels.sort cimport _argsort_into, _count_le, _count_lt, _i64_sort
from libc.math cimport floor
from fastalloc.kernels.sort import _argsort_stable


# Sorted, disjoint, non-touching byte ranges [lo, hi): the union of the
# ranges of a set of placed buffers.
ctypedef struct _bf_Run:
    int64_t lo
    int64_t hi

ctypedef struct _bf_Runs:
    _bf_Run* a
    Py_ssize_t n
    Py_ssize_t cap


# Segment tree over time (leaves = distinct start times, so that two
# lifetimes meet iff they share a leaf).  A placed buffer is recorded at its
# O(log T) canonical nodes in `full` (it covers the node's whole time range)
# and in `part` of its canonical nodes and of every node on the root paths of
# its two end leaves (it touches the node's range).  The bytes busy during a
# query window are then the union of part[c] over the window's canonical
# nodes c and full[u] over the nodes u on the root paths of its end leaves.
# Storing unions, not buffers, is what keeps queries cheap: a well packed
# region is one run however many buffers it holds.
ctypedef struct _bf_Tree:
    _bf_Runs* full
    _bf_Runs* part
    Py_ssize_t P            # number of leaves, a power of two
    const _bf_Run** cur     # merge heap of a query: cursor and end per list
    const _bf_Run** end


cdef int _bf_runs_add(_bf_Runs* L, int64_t lo, int64_t hi) except -1 nogil:
    cdef Py_ssize_t i = 0, j, h = L.n, mid, cap
    cdef _bf_Run* a
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
        if L.n == L.cap:
            cap = 4 if L.cap == 0 else 2 * L.cap
            a = <_bf_Run*>realloc(L.a, cap * sizeof(_bf_Run))
            if a == NULL:
                with gil:
                    raise MemoryError()
            L.a = a
            L.cap = cap
        if i < L.n:
            memmove(&L.a[i + 1], &L.a[i], (L.n - i) * sizeof(_bf_Run))
        L.n += 1
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


cdef int64_t _bf_place(_bf_Tree* X, const int64_t* order, Py_ssize_t n,
                       const int64_t* sizes, const Py_ssize_t* leaf_lo,
                       const Py_ssize_t* leaf_hi, int64_t* off,
                       int64_t cutoff, Py_ssize_t nfixed=0, bint first=False) except -2 nogil:
    """Place buffers in `order`, each in the smallest gap that fits among the
    already placed buffers whose lifetimes meet its own (lowest such gap on
    ties; with `first`, the lowest gap that fits), else on top of them.  Returns the peak, or -1 as soon as the peak
    exceeds `cutoff` (a restart that cannot win is abandoned early).  The
    first `nfixed` buffers of `order` keep the offsets given in `off` (they
    are recorded, not placed, and count in the peak)."""
    cdef Py_ssize_t r
    cdef int64_t i, sz, top, best, total = 0
    _bf_tree_clear(X)
    for r in range(n):
        i = order[r]
        sz = sizes[i]
        if sz == 0:
            off[i] = 0
            continue
        if r < nfixed:
            if off[i] + sz > total:
                total = off[i] + sz
            _bf_record(X, leaf_lo[i], leaf_hi[i], off[i], off[i] + sz)
            continue
        best = _bf_fit(X, leaf_lo[i], leaf_hi[i], sz, &top, first)
        if best < 0:
            if top > INT64_MAX - sz:
                with gil:
                    raise OverflowError(
                        f"buffer {i}: offset {top} + size {sz} overflows int64")
            best = top
        off[i] = best
        if best + sz > total:
            total = best + sz
            if total > cutoff:
                return -1
        _bf_record(X, leaf_lo[i], leaf_hi[i], best, best + sz)
    return total


def _bf_leaves(starts, ends):
    """Leaf range of each lifetime in the tree whose leaves are the distinct
    start times: [s, e] meets [s', e'] iff their leaf ranges share a leaf.
    Same as u = np.unique(starts); np.searchsorted(u, starts, "left") and
    np.searchsorted(u, ends, "right") - 1, but by a rank table over the time
    span when it is at most ~4n (O(n + span), ~0.02 s at 10^6 buffers), else
    through sorted keys: numpy 2's hashing unique and binary searches of
    unsorted keys into a large array cost ~0.6 s at 10^6 buffers, this
    ~0.15 s."""
    n = len(starts)
    if n == 0:
        return 0, np.zeros(0, np.intp), np.zeros(0, np.intp)
    first = int(starts.min())
    span = int(starts.max()) - first + 1
    if span <= 4 * n + 1024:
        # few distinct times: rank every time by the starts at or before it
        seen = np.zeros(span, dtype=np.intp)
        seen[starts - first] = 1
        rank = np.cumsum(seen)          # distinct starts <= first + t
        rank -= 1
        lo = rank[starts - first]
        hi = rank[np.minimum(ends, first + span - 1) - first]
        return int(rank[span - 1]) + 1, lo, hi
    so = np.argsort(starts, kind="stable")
    ss = starts[so]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(ss[1:], ss[:n - 1], out=new[1:])
    u = ss[new]
    lo = np.empty(n, dtype=np.intp)
    lo[so] = np.cumsum(new) - 1
    eo = np.argsort(ends, kind="stable")
    hi = np.empty(n, dtype=np.intp)
    hi[eo] = np.searchsorted(u, ends[eo], "right") - 1
    return len(u), lo, hi


def _bf_orders(starts, ends, sizes):
    """The deterministic greedy orders every search starts from, most often
    best first.  Size classes (sizes equal up to a factor 2**(1/q)) ordered by
    first use inside a class beat exact size order on traces with many
    near-equal sizes (S_1: 1.0141 against 1.0158); lifetime and area orders
    win on some of the small challenging sets."""
    n = len(sizes)
    length = ends.astype(np.float64) - starts.astype(np.float64) + 1.0
    sz = sizes.astype(np.float64)
    neg_size = -sizes
    log_size = np.log2(np.maximum(sz, 1.0))

    def size_class(q):
        return -np.floor(log_size * q)

    # np.lexsort is stable: ties keep index order without an index key
    # best first for large n, where only the first few are tried: on random
    # workloads quarter-octave classes by first use win (1.028 against 1.064
    # for exact size order at 2*10^4 buffers)
    return [
        np.lexsort((starts, neg_size)),                 # size desc, first use
        np.lexsort((starts, size_class(4.0))),          # size class, first use
        np.lexsort((-length, size_class(1.5))),         # size class, longest
        np.lexsort((starts, -(sz * length))),           # area desc
        np.lexsort((neg_size, -length)),                # lifetime desc
        np.lexsort((-ends, neg_size)),                  # size desc, last use
        np.lexsort((starts, size_class(1.5))),
        np.lexsort((starts, size_class(2.0))),
        np.lexsort((-length, size_class(2.0))),
        np.lexsort((starts, size_class(1.0))),
        np.lexsort((-length, size_class(1.0))),
        np.lexsort((-length, size_class(4.0))),
    ]   # first use, larger first: that is the sweep (_pack_sweep)


def _bf_conflict_degree(starts, ends):
    """How many other lifetimes meet each one: n - 1 minus those that end
    before it starts and those that start after it ends; O(n log n), or
    O(n + span) by counting from 256 buffers when the time span is at most
    ~4n.  Pure
    Python: [sum(s <= ends[i] and starts[i] <= e for s, e in zip(starts,
    ends)) - 1 for i in range(n)]."""
    n = len(starts)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    first = int(starts.min())
    span = int(ends.max()) - first + 1
    if n >= 256 and span <= 4 * n + 1024:
        # few distinct times: counts of starts and ends at or before each
        # time, O(n + span), instead of two sorts and binary searches (below
        # 256 buffers numpy's per-call cost decides, and there are fewer calls)
        s0 = starts - first
        cs = np.cumsum(np.bincount(s0, minlength=span))    # starts <= t
        ce = np.zeros(span + 1, dtype=np.int64)             # ends < t
        np.cumsum(np.bincount(ends - first, minlength=span), out=ce[1:])
        return (n - 1) - ce[s0] - (n - cs[ends - first])
    ss = np.sort(starts)
    es = np.sort(ends)
    return (n - 1) - np.searchsorted(es, starts, "left") - (n - np.searchsorted(ss, ends, "right"))


def _bf_argsort(keys):
    """np.argsort(keys, kind="stable") for int64 keys (ties by index) by
    sort._argsort_into (a radix sort at these lengths); the same indices."""
    k = np.ascontiguousarray(keys, dtype=np.int64)
    cdef Py_ssize_t n = k.shape[0]
    if n < 512:
        # numpy's call costs less than the memoryviews' there
        return np.argsort(k, kind="stable")
    out = np.empty(n, dtype=np.int64)
    cdef const int64_t[::1] kv = k
    cdef int64_t[::1] ov = out
    with nogil:
        _argsort_into(&kv[0], n, &ov[0])
    return out


def _bf_lexsort2(hi_key, lo_key):
    """np.lexsort((lo_key, hi_key)) for int64 keys: stable by lo_key, then
    stable by hi_key (two _bf_argsort calls)."""
    if len(lo_key) < 512:
        return np.lexsort((lo_key, hi_key))
    p = _bf_argsort(lo_key)
    return p[_bf_argsort(np.asarray(hi_key)[p])]


def _bf_fbits(x):
    """An int64 key that orders the float64 values x >= +0.0 (no NaN) as x
    does, ties alike: their bit patterns (IEEE 754 orders non-negative
    floats as their bits read as integers)."""
    return np.ascontiguousarray(x, dtype=np.float64).view(np.int64)


def _bf_pack2(hi_key, lo_key):
    """One stable order of (hi_key, lo_key) ascending, ties by index, as
    np.lexsort((lo_key, hi_key)) gives (np.lexsort is stable, so ties keep
    index order): both keys shifted to start at 0 and packed into one int64
    when their bit widths add up to at most 63 (and from 512 keys), sorted by
    _bf_argsort, else _bf_lexsort2."""
    if len(hi_key) < 512:
        # the packing's reductions cost more than a second sort pass there
        return _bf_lexsort2(hi_key, lo_key)
    hmin, lmin = int(hi_key.min()), int(lo_key.min())
    hb = (int(hi_key.max()) - hmin).bit_length()
    lb = (int(lo_key.max()) - lmin).bit_length()
    if hb + lb <= 63:     # then neither shifted key overflows
        return _bf_argsort(((hi_key - hmin) << lb) | (lo_key - lmin))
    return _bf_lexsort2(hi_key, lo_key)


def _bf_default_orders(starts, ends, sizes):
    """The (order, first fit?) passes of effort 1, most often best first,
    ties by index.  First fit in the orders of omnimalloc's greedy
    heuristics (conflict degree x size, exact size -- its greedy_by_size --,
    lifetime, first use, conflict degree, area; its `omni` keeps the best of
    them), so that the default is never looser than those single passes
    (up to their tie breaks), and best fit in two size-class orders that win
    on traces with many near-equal sizes (S_1: 1.0133 against 1.0139 for the
    best first-fit order).  Nine passes with the sweep: O(n log n) sorting
    and a pass cost that grows with the live set, not with n.

    The orders are stable radix sorts (_bf_argsort) of one key (two int64
    keys packed into one when they fit, _bf_pack2; float keys by their bits,
    _bf_fbits), the same permutations as these np.lexsort
    calls (idx = np.arange(n), d = _bf_conflict_degree, length = ends -
    starts + 1.0 and the size class -floor(q * log2(size)) as floats)::

        lexsort((idx, -size, -(d * size)))      # exact 128-bit product
        lexsort((idx, -size))
        lexsort((idx, starts, class(4)))
        lexsort((idx, -length, class(1.5)))
        lexsort((idx, -length))
        lexsort((idx, -size, starts))
        lexsort((idx, -size, -d))
        lexsort((idx, -(size * length)))
    """
    n = len(sizes)
    d = _bf_conflict_degree(starts, ends)
    length = ends.astype(np.float64) - starts.astype(np.float64) + 1.0
    neg_size = -sizes
    log_size = np.log2(np.maximum(sizes.astype(np.float64), 1.0))
    if n and int(d.max()) * int(sizes.max()) < (1 << 63):
        by_conflict_size = _bf_lexsort2(-(d * sizes), neg_size)
    else:
        # d * size exactly (up to 2**94) as (hi, lo) int64 halves: float64
        # would merge distinct products into ties
        lo = d * (sizes & 0xFFFFFFFF)
        hi = d * (sizes >> 32) + (lo >> 32)
        lo &= 0xFFFFFFFF
        by_conflict_size = np.lexsort((neg_size, -lo, -hi))
    span = ends - starts
    if n >= 512 and int(ends.max()) < (1 << 53):
        # starts, ends and so -length are exact in float64 there: the integer
        # span orders alike
        by_class_longest = _bf_pack2(-np.floor(log_size * 1.5).astype(np.int64), -span)
    else:
        by_class_longest = _bf_lexsort2(-np.floor(log_size * 1.5).astype(np.int64),
                                        -_bf_fbits(length))
    return [
        (by_conflict_size, True),                                 # conflicts x size
        (_bf_argsort(neg_size), True),                            # size (greedy_by_size)
        (_bf_pack2(-np.floor(log_size * 4.0).astype(np.int64), starts), False),  # class, first use
        (by_class_longest, False),                                # size class, longest
        (_bf_argsort(-_bf_fbits(length)), True),                  # lifetime
        (_bf_pack2(starts, neg_size), True),                      # first use, larger first
        (_bf_pack2(-d, neg_size), True),                          # conflicts
        (_bf_argsort(-_bf_fbits(sizes * length)), True),          # area
    ]


cdef inline bint _bf_key3_lt(const int64_t* ka, const int64_t* kb, const int64_t* kc,
                             int64_t i, int64_t j) noexcept nogil:
    if ka[i] != ka[j]:
        return ka[i] < ka[j]
    if kb[i] != kb[j]:
        return kb[i] < kb[j]
    return kc[i] < kc[j]


cdef void _bf_msort3(const int64_t* ka, const int64_t* kb, const int64_t* kc,
                     int64_t* idx, int64_t* tmp, Py_ssize_t n) noexcept nogil:
    """Sort idx[:n] (buffer indices) by (ka, kb, kc) ascending, stably (so
    ties keep idx's order): insertion sort of runs of 16, then bottom-up
    merges through tmp.  Assumes valid indices.  Pure Python equivalent::

        idx[:] = sorted(idx, key=lambda i: (ka[i], kb[i], kc[i]))
    """
    cdef Py_ssize_t lo, hi, i, j, a, b, w, k
    cdef int64_t x
    cdef int64_t* src = idx
    cdef int64_t* dst = tmp
    cdef int64_t* sw
    lo = 0
    while lo < n:
        hi = min(lo + 16, n)
        for i in range(lo + 1, hi):
            x = idx[i]
            j = i
            while j > lo and _bf_key3_lt(ka, kb, kc, x, idx[j - 1]):
                idx[j] = idx[j - 1]
                j -= 1
            idx[j] = x
        lo = hi
    w = 16
    while w < n:
        lo = 0
        while lo < n:
            a = lo
            b = min(lo + w, n)
            hi = min(lo + 2 * w, n)
            k = lo
            while a < min(lo + w, n) and b < hi:
                # the left run wins ties: stable
                if _bf_key3_lt(ka, kb, kc, src[b], src[a]):
                    dst[k] = src[b]
                    b += 1
                else:
                    dst[k] = src[a]
                    a += 1
                k += 1
            while a < min(lo + w, n):
                dst[k] = src[a]
                a += 1
                k += 1
            while b < hi:
                dst[k] = src[b]
                b += 1
                k += 1
            lo = hi
        sw = src
        src = dst
        dst = sw
        w *= 2
    if src != idx:
        memcpy(idx, src, n * sizeof(int64_t))


cdef inline int64_t _bf_dbits(double x) noexcept nogil:
    # the bits of a double >= +0.0 as an int64 key that orders as x does
    # (_bf_fbits)
    cdef int64_t k
    memcpy(&k, &x, sizeof(int64_t))
    return k


# Below this many buffers effort 1's nine orders come from one kernel
# (_bf_small_orders: about 30 numpy calls become 3); from it, the packed
# radix sorts of _bf_default_orders cost less than comparison sorts.
_BF_SMALL_ORDERS_N = 512


def _bf_small_orders(const int64_t[::1] starts, const int64_t[::1] ends,
                     const int64_t[::1] sizes, const double[::1] log_size):
    """Effort 1's nine orders (_bf_default_orders' eight, then
    _bf_octave_longest's) as rows of an int64 array (9, n), each a stable
    merge sort (_bf_msort3) of the keys below, and the conflict degree by
    binary searches in the sorted starts and ends.  Assumes validated input
    of fewer than 2**31 buffers; log_size is np.log2(np.maximum(sizes,
    1.0)) in float64 (numpy's, so that size classes match the large path's
    to the last bit).  The same permutations as (d = conflict degree,
    length = ends - starts + 1.0, class(q) = -floor(q * log_size) as int64,
    fbits: _bf_fbits)::

        lexsort((-size, -(d * size)))          # exact 128-bit product
        lexsort((-size,))
        lexsort((starts, class(4)))
        lexsort((-fbits(length), class(1.5)))
        lexsort((-fbits(length),))
        lexsort((-size, starts))
        lexsort((-size, -d))
        lexsort((-fbits(size * length),))
        lexsort((starts - ends, class(1)))
    """
    cdef Py_ssize_t n = sizes.shape[0], i, k
    out = np.empty((9, n), dtype=np.int64)
    if n == 0:
        return out
    cdef int64_t[:, ::1] ov = out
    # key arrays, then scratch: the sorted starts and ends and the merge's
    cdef int64_t* buf = <int64_t*>malloc(15 * n * sizeof(int64_t))
    if buf == NULL:
        raise MemoryError()
    cdef int64_t* nsz = buf
    cdef int64_t* nd = buf + n
    cdef int64_t* phi = buf + 2 * n
    cdef int64_t* plo = buf + 3 * n
    cdef int64_t* c4 = buf + 4 * n
    cdef int64_t* c15 = buf + 5 * n
    cdef int64_t* c1 = buf + 6 * n
    cdef int64_t* nlen = buf + 7 * n
    cdef int64_t* narea = buf + 8 * n
    cdef int64_t* sme = buf + 9 * n
    cdef int64_t* zero = buf + 10 * n
    cdef int64_t* ss = buf + 11 * n
    cdef int64_t* es = buf + 12 * n
    cdef int64_t* tmp = buf + 13 * n
    cdef int64_t* tmp2 = buf + 14 * n
    cdef int64_t d, z, lo, m32 = (<int64_t>1 << 32) - 1
    cdef double length
    try:
        with nogil:
            memcpy(ss, &starts[0], n * sizeof(int64_t))
            memcpy(es, &ends[0], n * sizeof(int64_t))
            _i64_sort(ss, tmp, n)
            _i64_sort(es, tmp, n)
            for i in range(n):
                z = sizes[i]
                # the others that end before i starts or start after it ends
                # do not meet it
                d = (n - 1) - _count_lt(es, n, starts[i]) - (n - _count_le(ss, n, ends[i]))
                nsz[i] = -z
                nd[i] = -d
                lo = d * (z & m32)
                phi[i] = -(d * (z >> 32) + (lo >> 32))
                plo[i] = -(lo & m32)
                c4[i] = -<int64_t>floor(log_size[i] * 4.0)
                c15[i] = -<int64_t>floor(log_size[i] * 1.5)
                c1[i] = -<int64_t>floor(log_size[i])
                length = <double>ends[i] - <double>starts[i] + 1.0
                nlen[i] = -_bf_dbits(length)
                narea[i] = -_bf_dbits(<double>z * length)
                sme[i] = starts[i] - ends[i]
                zero[i] = 0
            for k in range(9):
                for i in range(n):
                    ov[k, i] = i
            _bf_msort3(phi, plo, nsz, &ov[0, 0], tmp, n)
            _bf_msort3(nsz, zero, zero, &ov[1, 0], tmp, n)
            _bf_msort3(c4, &starts[0], zero, &ov[2, 0], tmp, n)
            _bf_msort3(c15, nlen, zero, &ov[3, 0], tmp, n)
            _bf_msort3(nlen, zero, zero, &ov[4, 0], tmp, n)
            _bf_msort3(&starts[0], nsz, zero, &ov[5, 0], tmp, n)
            _bf_msort3(nd, nsz, zero, &ov[6, 0], tmp, n)
            _bf_msort3(narea, zero, zero, &ov[7, 0], tmp, n)
            _bf_msort3(c1, sme, zero, &ov[8, 0], tmp, n)
    finally:
        free(buf)
    return out


# Rule of each of _bf_default_orders' passes: first fit?
_BF_DEFAULT_FIRST = (True, True, False, False, True, True, True, True)


def _bf_effort1_passes(starts, ends, sizes):
    """Effort 1's nine (order, first fit?) passes: _bf_default_orders' and
    best fit by octave class, longest first (_bf_octave_longest); from one
    kernel below _BF_SMALL_ORDERS_N buffers (_bf_small_orders)."""
    if len(sizes) < _BF_SMALL_ORDERS_N:
        log_size = np.log2(np.maximum(sizes.astype(np.float64), 1.0))
        o = _bf_small_orders(starts, ends, sizes, log_size)
        return [(o[k], f) for k, f in enumerate(_BF_DEFAULT_FIRST + (False,))]
    cands = _bf_default_orders(starts, ends, sizes)
    cands.append((_bf_octave_longest(starts, ends, sizes), False))
    return cands



# ---------------------------------------------------------------------------
# Time buckets: a flat alternative to _bf_Tree for short lifetimes
# ---------------------------------------------------------------------------
#
# The leaves (distinct start times) are cut into buckets of 2**shift leaves.
# A placed buffer is listed in own[b] for the bucket b of its first leaf and
# in tch[b] for every bucket b its lifetime touches.  The placed buffers
# meeting a window [s, e] are then, each exactly once, the entries of
# tch[bucket(s)] whose leaf range meets [s, e] and those of own[b] for
# bucket(s) < b <= bucket(e) that start by e.  Lists are kept sorted by
# offset, so a query merges a few sorted arrays (no heap, no allocation);
# with buckets a few times the median lifetime most queries read the one
# list tch[bucket(s)] with a branch-free loop (_bf_scan1), about the live set
# plus the buffers starting nearby.  ~4x faster than the tree on the random
# workload; the tree keeps the general case (a buffer spanning everything
# costs a list per bucket here, and unions of runs are not shared).

ctypedef struct _bf_Ent:
    int64_t lo
    int64_t hi
    int32_t s               # leaf range of the buffer (24-byte entries: the
    int32_t e               # scans are memory bound; fewer than 2**31 leaves)

ctypedef struct _bf_EList:
    _bf_Ent* a
    Py_ssize_t n
    Py_ssize_t cap

ctypedef struct _bf_Bk:
    _bf_EList* own
    _bf_EList* tch
    Py_ssize_t nb
    int shift
    _bf_Run* acc            # scratch of a query over several lists: the
    _bf_Run* piece          # ranges merged so far, the next list's, and
    _bf_Run* out            # their merge
    Py_ssize_t cap


cdef int _bf_bk_init(_bf_Bk* K, Py_ssize_t T, int shift) except -1:
    if T >= 2**31:
        raise OverflowError(f"time buckets hold fewer than 2**31 leaves, got {T}")
    K.shift = shift
    K.nb = ((T - 1) >> shift) + 1 if T > 0 else 1
    K.own = <_bf_EList*>malloc(K.nb * sizeof(_bf_EList))
    K.tch = <_bf_EList*>malloc(K.nb * sizeof(_bf_EList))
    K.acc = K.piece = K.out = NULL
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
            free(L[j].a)
        free(L)


cdef void _bf_bk_free(_bf_Bk* K) noexcept nogil:
    _bf_elists_free(K.own, K.nb)
    _bf_elists_free(K.tch, K.nb)
    free(K.acc)
    free(K.piece)
    free(K.out)
    K.own = NULL
    K.tch = NULL
    K.acc = K.piece = K.out = NULL
    K.cap = 0


cdef int _bf_elist_add(_bf_EList* L, int64_t lo, int64_t hi, Py_ssize_t s,
                       Py_ssize_t e) except -1 nogil:
    # sorted by lo; equal lo: insertion order (irrelevant to the union)
    cdef Py_ssize_t i = 0, h = L.n, mid, cap
    cdef _bf_Ent* a
    while i < h:
        mid = (i + h) >> 1
        if L.a[mid].lo <= lo:
            i = mid + 1
        else:
            h = mid
    if L.n == L.cap:
        cap = 16 if L.cap == 0 else 2 * L.cap
        a = <_bf_Ent*>realloc(L.a, cap * sizeof(_bf_Ent))
        if a == NULL:
            with gil:
                raise MemoryError()
        L.a = a
        L.cap = cap
    if i < L.n:
        memmove(&L.a[i + 1], &L.a[i], (L.n - i) * sizeof(_bf_Ent))
    L.n += 1
    L.a[i].lo = lo
    L.a[i].hi = hi
    L.a[i].s = <int32_t>s
    L.a[i].e = <int32_t>e
    return 0


cdef int64_t _bf_scan1(const _bf_Ent* p, const _bf_Ent* q, Py_ssize_t s, Py_ssize_t e,
                      int64_t sz, int64_t* top, bint first=False) noexcept nogil:
    # _bf_bk_fit over one list: the entries not meeting [s, e] are neutral
    # (gap -1, end 0), masked without branches on them: a branch on whether
    # hi > c for an entry that may not meet is a coin toss (most entries do
    # not meet), and its mispredictions cost more than the scan itself
    cdef int64_t c = 0, best = -1, best_gap = INT64_MAX, gap, hi, mask
    while p < q:
        mask = -<int64_t>((p.s <= e) & (p.e >= s))     # all ones iff it meets
        gap = ((p.lo - c) & mask) | ~mask               # -1 unless it meets
        if (gap >= sz) & (gap < best_gap):
            best_gap = gap
            best = c
            if (gap == sz) | first:
                break
        hi = p.hi & mask                                # 0 <= c unless it meets
        c = hi if hi > c else c
        p += 1
    top[0] = c
    return best


cdef inline Py_ssize_t _bf_bk_filter(const _bf_EList* L, Py_ssize_t s, Py_ssize_t e,
                                     _bf_Run* out) noexcept nogil:
    # the byte ranges of L's entries whose leaf range meets [s, e], in order
    cdef const _bf_Ent* p = L.a
    cdef const _bf_Ent* q = p + L.n
    cdef Py_ssize_t k = 0
    while p < q:
        out[k].lo = p.lo
        out[k].hi = p.hi
        k += (p.s <= e) & (p.e >= s)
        p += 1
    return k


cdef inline Py_ssize_t _bf_merge2(const _bf_Run* a, Py_ssize_t na, const _bf_Run* b,
                                  Py_ssize_t nb, _bf_Run* out) noexcept nogil:
    # two lists sorted by lo into one
    cdef Py_ssize_t i = 0, j = 0, k = 0
    cdef int t
    while i < na and j < nb:
        t = b[j].lo < a[i].lo
        out[k] = b[j] if t else a[i]
        j += t
        i += 1 - t
        k += 1
    if i < na:
        memcpy(&out[k], &a[i], (na - i) * sizeof(_bf_Run))
        k += na - i
    if j < nb:
        memcpy(&out[k], &b[j], (nb - j) * sizeof(_bf_Run))
        k += nb - j
    return k


cdef int64_t _bf_bk_fit(_bf_Bk* K, Py_ssize_t s, Py_ssize_t e, int64_t sz,
                        int64_t* top, bint first=False) except -2 nogil:
    """Same answer as _bf_fit: offset of the smallest gap >= sz (lowest on
    ties) among the placed buffers meeting leaves [s, e], or -1; *top = end
    of the highest of them (when the answer is -1).  One list: a single
    scan; several: their ranges meeting [s, e] merged by lo first."""
    cdef Py_ssize_t b0 = s >> K.shift, b1 = e >> K.shift, b, need, na, np_, r
    cdef _bf_Run* tmp
    cdef int64_t c = 0, best = -1, best_gap = INT64_MAX, gap, hi
    if b0 == b1:
        return _bf_scan1(K.tch[b0].a, K.tch[b0].a + K.tch[b0].n, s, e, sz, top, first)
    need = K.tch[b0].n
    for b in range(b0 + 1, b1 + 1):
        need += K.own[b].n
    if need > K.cap:
        need = max(need, 2 * K.cap)
        free(K.acc)
        free(K.piece)
        free(K.out)
        K.acc = <_bf_Run*>malloc(need * sizeof(_bf_Run))
        K.piece = <_bf_Run*>malloc(need * sizeof(_bf_Run))
        K.out = <_bf_Run*>malloc(need * sizeof(_bf_Run))
        if K.acc == NULL or K.piece == NULL or K.out == NULL:
            K.cap = 0
            with gil:
                raise MemoryError()
        K.cap = need
    na = _bf_bk_filter(&K.tch[b0], s, e, K.acc)
    for b in range(b0 + 1, b1 + 1):
        np_ = _bf_bk_filter(&K.own[b], s, e, K.piece)
        if np_:
            na = _bf_merge2(K.acc, na, K.piece, np_, K.out)
            tmp = K.acc; K.acc = K.out; K.out = tmp
    for r in range(na):
        gap = K.acc[r].lo - c
        if gap >= sz and gap < best_gap:
            best_gap = gap
            best = c
            if gap == sz or first:
                break
        hi = K.acc[r].hi
        c = hi if hi > c else c
    top[0] = c
    return best


cdef int _bf_bk_record(_bf_Bk* K, Py_ssize_t s, Py_ssize_t e, int64_t lo,
                       int64_t hi) except -1 nogil:
    cdef Py_ssize_t b0 = s >> K.shift, b1 = e >> K.shift, b
    _bf_elist_add(&K.own[b0], lo, hi, s, e)
    for b in range(b0, b1 + 1):
        _bf_elist_add(&K.tch[b], lo, hi, s, e)
    return 0


cdef int64_t _bf_bk_place(_bf_Bk* K, const int64_t* order, Py_ssize_t n,
                          const int64_t* sizes, const Py_ssize_t* leaf_lo,
                          const Py_ssize_t* leaf_hi, int64_t* off,
                          int64_t cutoff, Py_ssize_t nfixed=0, bint first=False) except -2 nogil:
    """_bf_place on time buckets: same offsets, same peak, but every array
    is given in placement order (sizes[r] is buffer order[r]'s; order only
    names a buffer in an error): gathering them first in numpy keeps this
    loop off random memory accesses."""
    cdef Py_ssize_t r
    cdef int64_t sz, top, best, total = 0
    _bf_bk_clear(K)
    for r in range(n):
        sz = sizes[r]
        if sz == 0:
            off[r] = 0
            continue
        if r < nfixed:
            if off[r] + sz > total:
                total = off[r] + sz
            _bf_bk_record(K, leaf_lo[r], leaf_hi[r], off[r], off[r] + sz)
            continue
        best = _bf_bk_fit(K, leaf_lo[r], leaf_hi[r], sz, &top, first)
        if best < 0:
            if top > INT64_MAX - sz:
                with gil:
                    raise OverflowError(
                        f"buffer {order[r]}: offset {top} + size {sz} overflows int64")
            best = top
        off[r] = best
        if best + sz > total:
            total = best + sz
            if total > cutoff:
                return -1
        _bf_bk_record(K, leaf_lo[r], leaf_hi[r], best, best + sz)
    return total


cdef int64_t _bf_bk_run(_bf_Bk* K, order, sizes, lla, lha, int64_t[::1] out,
                        int64_t cutoff, Py_ssize_t nfixed=0, bint first=False) except -2:
    # _bf_bk_place on arrays gathered in `order`; offsets scattered into out
    # (and read from it for the first nfixed buffers of the order)
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
        t = _bf_bk_place(K, &ordv[0], ordv.shape[0], &szv[0], &llv[0], &lhv[0], &offv[0],
                         cutoff, nfixed, first)
    if t >= 0:
        np.asarray(out)[order] = off_a
    return t


def _bf_bk_shift(lla, lha, Py_ssize_t n):
    """Bucket width 2**shift leaves for these leaf ranges (about 8x the
    median span, measured best on the random workload; all the leaves of
    up to 512 buffers in one), or -1 when buckets
    would not pay (some lifetime spans many buckets) or cannot hold the
    leaf indices (2**31 buffers or more)."""
    if n == 0 or n >= 2**31:
        return -1
    span = lha - lla
    # int(np.median(span)) by a partial sort (np.median's own overhead is
    # most of a small problem's setup): the middle one, or the floor of the
    # mean of the two middle ones (spans are small non-negative integers)
    k = n // 2
    if n & 1:
        med = int(np.partition(span, k)[k])
    else:
        mid = np.partition(span, (k - 1, k))
        med = (int(mid[k - 1]) + int(mid[k])) // 2
    shift = int(med + 1).bit_length() + 3
    if n <= 512:
        # every leaf in one bucket (at most n leaves): a query is one scan,
        # no merge of lists
        shift = max(shift, int(n - 1).bit_length())
    if int(np.max((lha >> shift) - (lla >> shift))) > 16:
        return -1
    return shift


ctypedef struct _bf_Eng:
    # one pass's placement structure: time buckets when use_bk, else the tree
    _bf_Tree X
    _bf_Bk K
    bint use_bk


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


cdef class _BfPacker:
    """Reusable best-fit passes over one problem (structure and scratch
    kept).  With buckets=True, the passes run on time buckets when the
    lifetimes allow (_bf_bk_shift), else on the tree; the tree E.X is what the
    local search uses, so it is always there when `use_bk` is False."""
    cdef _bf_Eng E
    cdef object sizes_arr, lla, lha
    cdef Py_ssize_t n

    @property
    def use_bk(self):
        return bool(self.E.use_bk)

    def __cinit__(self, starts, ends, sizes, bint buckets=False, int shift=-1, leaves=None):
        # leaves: (T, leaf_lo, leaf_hi) when the caller has them (then starts
        # and ends are not read), else _bf_leaves(starts, ends)
        memset(&self.E, 0, sizeof(_bf_Eng))
        self.n = len(sizes)
        self.sizes_arr = np.ascontiguousarray(sizes, dtype=np.int64)
        if leaves is None:
            T, self.lla, self.lha = _bf_leaves(np.asarray(starts), np.asarray(ends))
        else:
            T, self.lla, self.lha = leaves
        if shift < 0 and buckets:
            shift = _bf_bk_shift(self.lla, self.lha, self.n)
        elif not buckets:
            shift = -1
        _bf_eng_init(&self.E, T, shift)

    def __dealloc__(self):
        _bf_eng_free(&self.E)

    def run(self, order, int64_t[::1] out, int64_t cutoff=INT64_MAX, Py_ssize_t nfixed=0,
            bint first=False):
        """Offsets into `out`; returns the peak, or -1 once it exceeds cutoff.
        The first `nfixed` buffers of `order` keep their offsets in `out`.
        `first`: first fit (lowest gap that fits) instead of best fit."""
        cdef const int64_t[::1] ordv = order
        cdef const int64_t[::1] szv = self.sizes_arr
        cdef const Py_ssize_t[::1] llv = self.lla
        cdef const Py_ssize_t[::1] lhv = self.lha
        cdef int64_t t
        if self.n == 0:
            return 0
        if len(order) != self.n or not 0 <= nfixed <= self.n:
            raise ValueError(f"order of {len(order)} buffers with {nfixed} fixed, expected {self.n}")
        if self.E.use_bk:
            return _bf_bk_run(&self.E.K, order, self.sizes_arr, self.lla, self.lha, out, cutoff, nfixed,
                              first)
        with nogil:
            t = _bf_place(&self.E.X, &ordv[0], self.n, &szv[0], &llv[0], &lhv[0],
                          &out[0], cutoff, nfixed, first)
        return t


cdef inline uint64_t _bf_rand(uint64_t* state) noexcept nogil:
    # splitmix64: tiny, good enough, and the same on every platform
    cdef uint64_t z
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline Py_ssize_t _bf_below(uint64_t* state, Py_ssize_t m) noexcept nogil:
    return <Py_ssize_t>(_bf_rand(state) % <uint64_t>m)


cdef inline void _bf_move(int64_t* order, Py_ssize_t frm, Py_ssize_t to) noexcept nogil:
    # order[frm] goes to position to (to < frm), the ones between shift right
    cdef int64_t v = order[frm]
    memmove(&order[to + 1], &order[to], (frm - to) * sizeof(int64_t))
    order[to] = v


cdef int64_t _bf_local_search(_bf_Tree* X, Py_ssize_t n, const int64_t* sizes,
                              const Py_ssize_t* leaf_lo, const Py_ssize_t* leaf_hi,
                              int64_t* order, int64_t* cand, int64_t* cur_off,
                              int64_t* work, int64_t* best_off, int64_t cur_total,
                              int64_t passes, int64_t target, uint64_t seed,
                              bint first=False) except -2 nogil:
    """Iterated local search on the placement order; returns the best peak
    (its offsets in best_off, which must hold the offsets of `order` on entry).
    Every pass is best fit, or first fit with `first` (the rule the starting
    order was packed with).

    Each step perturbs the current order and keeps the result if its peak is
    not higher (equal peaks are accepted so that the search drifts across
    plateaus).  Moves: a buffer that reaches the peak goes to a random earlier
    place or to the front (it then finds a lower gap before the others fill
    them), a random buffer moves earlier, or two random buffers swap.  The
    generator is seeded: same input, same result."""
    cdef uint64_t state = seed
    cdef int64_t best_total = cur_total, t, p
    cdef int64_t* tmp
    cdef Py_ssize_t it, i, j, ntop, pick, move
    for it in range(passes):
        if best_total <= target:
            break
        memcpy(cand, order, n * sizeof(int64_t))
        move = _bf_below(&state, 8)
        if move < 5:
            ntop = 0
            for i in range(n):
                p = order[i]
                if sizes[p] != 0 and cur_off[p] + sizes[p] == cur_total:
                    ntop += 1
            pick = _bf_below(&state, ntop)
            for i in range(n):
                p = order[i]
                if sizes[p] != 0 and cur_off[p] + sizes[p] == cur_total:
                    if pick == 0:
                        break
                    pick -= 1
            if i == 0:
                continue
            _bf_move(cand, i, _bf_below(&state, i) if move < 4 else 0)
        elif move == 5:
            i = _bf_below(&state, n)
            j = _bf_below(&state, n)
            p = cand[i]
            cand[i] = cand[j]
            cand[j] = p
        else:
            i = 1 + _bf_below(&state, n - 1)
            _bf_move(cand, i, _bf_below(&state, i))
        t = _bf_place(X, cand, n, sizes, leaf_lo, leaf_hi, work, cur_total, 0, first)
        if t < 0:
            continue
        tmp = order; order = cand; cand = tmp
        tmp = cur_off; cur_off = work; work = tmp
        # keep the caller's buffers meaningful whichever way the swaps went
        cur_total = t
        if t < best_total:
            best_total = t
            memcpy(best_off, cur_off, n * sizeof(int64_t))
    return best_total


# Passes of the local search at effort 3, times 4 per level above (each pass
# one placement of every buffer, so its cost grows like n, never faster).
_BF_SEARCH_PASSES = 128
# Above this many buffers effort 1 is _bf_large (chunked passes over the big
# buffers on 2 threads) instead of the portfolio of whole passes.
_BF_LARGE_N = 200_000
# Below this many buffers the portfolio's passes run in the calling thread.
_BF_THREADS_MIN_N = 2000


# The order in which effort 2 (and effort 1 on the tree) starts effort 1's passes (indices into
# _bf_default_orders plus the size-class order of _bf_large_orders, 8): the
# most frequent winners on the random workload first (first fit by conflicts
# x size, then by size; best fit by 1.5 and by 1 classes per octave), so that
# the others mostly stop early at their cutoff.  The plan does not depend
# on it.  (Effort 1 races its passes on time buckets instead: _bf_race.)
_BF_RUN_ORDER = (0, 1, 3, 8, 2, 4, 5, 6, 7)


def _bf_large_orders(starts, ends, sizes, Py_ssize_t k):
    """The first k orders of large problems: size classes (an octave, then
    1.5 per octave), longest lifetime first inside a class, ties by index.
    On the random workload they are the best two of the base orders more
    often than not, but which one wins varies by instance (seed n: 1.0034
    and 1.016 at 10^5, 1.090 and 1.048 at 4*10^4; the first gives 1.062 at
    10^6 against 1.070 for exact size order).  One stable argsort of a
    packed int64 key when the lifetimes allow (3x faster than np.lexsort at
    10^6), the same order either way."""
    n = len(sizes)
    span = ends - starts     # >= 0, and fits: starts >= 0
    log_size = np.log2(np.maximum(sizes.astype(np.float64), 1.0))
    orders = []
    for q in (1.0, 1.5)[:k]:
        cls = np.floor(log_size * q).astype(np.int64)     # 0 .. 95
        top = int(span.max())
        if top < (1 << 56):
            key = ((cls.max() - cls) << 56) | (top - span)
            orders.append(np.argsort(key, kind="stable"))
        else:
            orders.append(np.lexsort((np.arange(n), -span, -cls)))
    return orders


def _bf_octave_longest(starts, ends, sizes):
    """Octave size classes largest first, longest lifetime first inside a
    class, ties by index: the first of _bf_large_orders (same permutation)
    with fewer numpy calls on small problems.  Pure Python equivalent::

        sorted(range(n), key=lambda i: (-floor(log2(max(sizes[i], 1))),
                                        starts[i] - ends[i], i))
    """
    octave = np.floor(np.log2(np.maximum(sizes.astype(np.float64), 1.0))).astype(np.int64)
    return _bf_pack2(-octave, starts - ends)


# Share of the bytes that _bf_large leaves to the sweep: the buffers below the
# size at which the smallest ones add up to 1/4096 of the sum of all sizes.
# Stacked on top, they cost up to that share of the total: 1/256 gave up
# ~0.3% (random 10^6, four seeds: 1.030-1.038 at 1/4096 against
# 1.033-1.041), for ~1.4x the CPU.
_BF_SMALL_SHIFT = 12


def _bf_order_by_class(starts, sizes, lla, double q):
    """Size classes (sizes equal up to a factor 2**(1/q)) largest first,
    first use inside a class, ties by index: one sort of packed int64 keys
    when they fit (~10x faster than np.lexsort at 10^6), np.lexsort else."""
    n = len(sizes)
    cls = np.floor(np.log2(np.maximum(sizes.astype(np.float64), 1.0)) * q).astype(np.int64)
    cls = int(cls.max()) - cls                       # 0 for the largest class
    nb = max(int(n - 1).bit_length(), 1)
    cb = max(int(cls.max()).bit_length(), 1)
    if cb + 2 * nb <= 63:
        key = (cls << (2 * nb)) | (lla.astype(np.int64) << nb) | np.arange(n, dtype=np.int64)
        key.sort()
        return key & ((1 << nb) - 1)
    return np.lexsort((np.arange(n), starts, cls))


# _bf_large cuts the time axis into up to this many chunks of equal leaf
# counts (at least _BF_CHUNK_LEAVES leaves each) ...
_BF_CHUNKS = 64
_BF_CHUNK_LEAVES = 1024
# ... and re-packs the chunk holding the peak in the next of these orders
# (after the base one: half-octave classes by first use), keeping the lower
# peak, at most this many times.  (kind, classes per octave): "start" first
# use and "longest" longest first inside a class, "last" last use first;
# "size" exact size then first use, "area" size x lifetime.
_BF_RETRIES = 16
_BF_CHUNK_ORDERS = (("start", 4.0), ("longest", 1.0), ("start", 3.0), ("longest", 1.5),
                    ("start", 1.0), ("longest", 2.0), ("size", 0.0), ("area", 0.0),
                    ("last", 1.0), ("last", 2.0), ("start", 1.5))
# Threads of _bf_large (this one included); the plan does not depend on it.
_BF_THREADS = 2


class _BfPool:
    """Tasks run in submission order by this thread and _BF_THREADS - 1
    helpers, each taking the next task when it is free; the kernels release
    the GIL, so the tasks overlap, and a task submitted first (the sweep of
    _bf_large) runs while this thread prepares the others.  Tasks must not
    depend on each other: then the results (in submission order) are the
    same whatever the thread count or timing.  results() waits for all of
    them and raises the error of the first failed task; close() (idempotent,
    also done by results()) lets the helpers finish."""

    def __init__(self):
        self.tasks = []
        self.res = []
        self.errors = []
        self.next = 0
        self.closed = False
        self.cv = threading.Condition()
        self.helpers = [threading.Thread(target=self._work, args=(True,), daemon=True)
                        for _ in range(max(_BF_THREADS, 1) - 1)]
        for t in self.helpers:
            t.start()

    def submit(self, task):
        with self.cv:
            self.tasks.append(task)
            self.res.append(None)
            self.errors.append(None)
            self.cv.notify()

    def _work(self, bint wait):
        while True:
            with self.cv:
                while wait and self.next >= len(self.tasks) and not self.closed:
                    self.cv.wait()
                if self.next >= len(self.tasks):
                    return
                k = self.next
                self.next = k + 1
                task = self.tasks[k]
            try:
                r = task()
            except BaseException as exc:
                self.errors[k] = exc
            else:
                self.res[k] = r

    def close(self):
        with self.cv:
            self.closed = True
            self.cv.notify_all()

    def results(self):
        self.close()
        self._work(False)
        for t in self.helpers:
            t.join()
        for exc in self.errors:
            if exc is not None:
                raise exc
        return self.res


def _bf_parallel(tasks):
    """The results of independent zero-argument callables, in order (see
    _BfPool)."""
    pool = _BfPool()
    try:
        for task in tasks:
            pool.submit(task)
        return pool.results()
    finally:
        pool.close()


def _bf_chunk_order(starts, ends, sizes, spec):
    """The order `spec` (an entry of _BF_CHUNK_ORDERS) of these buffers,
    ties by index."""
    kind, q = spec
    idx = np.arange(len(sizes))
    if kind == "size":
        return np.lexsort((idx, starts, -sizes))
    if kind == "area":
        return np.lexsort((idx, starts, -(sizes * (ends - starts + 1.0))))
    cls = -np.floor(np.log2(np.maximum(sizes.astype(np.float64), 1.0)) * q)
    if kind == "start":
        return np.lexsort((idx, starts, cls))
    if kind == "longest":
        return np.lexsort((idx, starts - ends, cls))
    return np.lexsort((idx, -ends, cls))


def _bf_chunk_job(x, cs, ce, first, sizes, lla, lha, shift, off):
    """The pass of one time chunk, for _bf_chunked and _bf_tiered:
    job(c, oc, cutoff) places chunk c's own buffers `oc` in that order by
    best fit around the crossing buffers `x` that meet the chunk (already
    placed: their offsets are read from `off` when the job runs), on the
    chunk's own leaves (first[c] .. first[c + 1] - 1), and returns (peak,
    offsets of oc); the peak exceeds `cutoff` only if the pass stopped there.
    Chunk c spans cs..ce of each buffer's chunks; a crossing buffer meets
    every chunk from cs[i] to ce[i] (a long lifetime may cross several)."""
    cdef Py_ssize_t C = len(first) - 1
    span = ce[x] - cs[x] + 1
    rep = np.repeat(x, span)
    ch = np.repeat(cs[x] - (np.cumsum(span) - span), span) + np.arange(len(rep))
    rep = rep[_argsort_stable(ch)]
    xptr = np.zeros(C + 1, dtype=np.int64)
    np.cumsum(np.bincount(ch, minlength=C), out=xptr[1:])

    def job(Py_ssize_t c, oc, int64_t cutoff):
        cr = rep[xptr[c]:xptr[c + 1]]
        idx = np.concatenate((cr, oc))
        lo = first[c]
        tc = first[c + 1] - lo
        P = _BfPacker(None, None, sizes[idx], True, shift,
                      leaves=(tc, np.clip(lla[idx] - lo, 0, tc - 1).astype(np.intp, copy=False),
                              np.clip(lha[idx] - lo, 0, tc - 1).astype(np.intp, copy=False)))
        w = np.empty(len(idx), dtype=np.int64)
        w[:len(cr)] = off[cr]
        t = P.run(np.arange(len(idx), dtype=np.int64), w, cutoff, len(cr))
        return t, w[len(cr):]
    return job


def _bf_chunked(starts, ends, sizes, pool):
    """The best-fit plan of _bf_large's big buffers, (offsets, peak); its
    passes run as tasks of `pool` (after the tasks already submitted), and
    `pool` is done (its results() taken) on return.

    The time axis (leaves) is cut into C chunks of equal leaf counts.  The
    buffers whose lifetime crosses a chunk boundary are placed first, by
    themselves, in the base order (half-octave classes by first use); then
    the buffers of each chunk in the base order around the crossing ones
    that meet the chunk.  Buffers of two different chunks never meet, so the
    chunks are independent: they run in parallel, and the chunk holding the
    peak can be re-packed in other orders (_BF_CHUNK_ORDERS), keeping the
    lower peak, until no order lowers it or _BF_RETRIES passes are spent.
    The peak is an extreme over the whole axis, so one greedy order's worst
    spot decides it: trying other orders where it is gains much more per
    pass than a second order over everything (random 10^6: 1.034-1.041
    against 1.041-1.069).  Same result as placing, in one pass, the crossing
    buffers and then each chunk's buffers in its final order.  Without
    chunks (short axis, long lifetimes: more than 1/8 of the buffers
    crossing, or lifetimes the time buckets do not suit), one pass in the
    base order."""
    cdef Py_ssize_t m = len(sizes), C, c, k, r
    T, lla, lha = _bf_leaves(starts, ends)
    shift = _bf_bk_shift(lla, lha, m)
    if m > 1 and bool(np.all(starts[1:] >= starts[:m - 1])):
        # labels already by first use (_bf_large): a counting sort by class
        # gives the same order as _bf_order_by_class
        cls = np.floor(np.log2(np.maximum(sizes.astype(np.float64), 1.0)) * 2.0).astype(np.int64)
        base = _argsort_stable(-cls)
    else:
        base = _bf_order_by_class(starts, sizes, lla, 2.0)
    C = min(_BF_CHUNKS, T // _BF_CHUNK_LEAVES) if shift >= 0 else 1
    if C >= 2:
        cs = lla.astype(np.int64) * C // T
        ce = lha.astype(np.int64) * C // T
        crossing = cs != ce
        if np.count_nonzero(crossing) > m // 8:
            C = 1
    if C < 2:
        P1 = _BfPacker(None, None, sizes, True, shift, leaves=(T, lla, lha))
        work = np.empty(m, dtype=np.int64)
        k = len(pool.tasks)
        pool.submit(lambda: P1.run(np.ascontiguousarray(base, dtype=np.int64), work))
        return work, pool.results()[k]
    off = np.zeros(m, dtype=np.int64)
    # the crossing buffers by themselves (their own leaves: fewer)
    x = np.flatnonzero(crossing)
    pos = np.empty(m, dtype=np.int64)
    pos[x] = np.arange(len(x))
    xw = np.empty(len(x), dtype=np.int64)
    Px = _BfPacker(starts[x], ends[x], sizes[x], True)
    Px.run(np.ascontiguousarray(pos[base[crossing[base]]]), xw)
    off[x] = xw
    # each chunk's own buffers in the base order, and the crossing ones
    # meeting it (a long lifetime may cross several boundaries)
    og = base[~crossing[base]]
    ogc = cs[og]
    own = og[_argsort_stable(ogc)]
    optr = np.zeros(C + 1, dtype=np.int64)
    np.cumsum(np.bincount(ogc, minlength=C), out=optr[1:])
    first = (np.arange(C + 1, dtype=np.int64) * T + (C - 1)) // C   # first leaf of each chunk
    job = _bf_chunk_job(x, cs, ce, first, sizes, lla, lha, shift, off)

    k = len(pool.tasks)
    for c in range(C):
        pool.submit(lambda c=c: job(c, own[optr[c]:optr[c + 1]], INT64_MAX))
    res = pool.results()[k:]
    peaks = np.empty(C, dtype=np.int64)
    for c in range(C):
        peaks[c] = res[c][0]
        off[own[optr[c]:optr[c + 1]]] = res[c][1]
    # retries two orders at a time (in parallel; the lower peak wins, the
    # earlier order on ties), on the chunk holding the peak (the first one)
    tried = np.zeros(C, dtype=np.int64)
    for r in range(0, _BF_RETRIES, 2):
        c = int(np.argmax(peaks))
        oc = own[optr[c]:optr[c + 1]]
        if tried[c] >= len(_BF_CHUNK_ORDERS) or len(oc) == 0:
            break
        cand = [oc[_bf_chunk_order(starts[oc], ends[oc], sizes[oc], spec)]
                for spec in _BF_CHUNK_ORDERS[tried[c]:tried[c] + 2]]
        tried[c] += 2
        cut = peaks[c] - 1
        res = _bf_parallel([lambda o=o: job(c, o, cut) for o in cand])
        for o, (t, w) in zip(cand, res):
            if 0 <= t < peaks[c]:
                peaks[c] = t
                off[o] = w
    return off, int(peaks.max())


# _bf_tiered's tiers: the "rest" are the buffers below the size at which the
# smallest ones hold 1/2**_BF_REST_SHIFT of the bytes (the "tiny" ones of
# _BF_SMALL_SHIFT are among them).
_BF_REST_SHIFT = 6
# and at most this many chunks are packed again near the peak
_BF_REPACKS = 16
# Chunks of _bf_tiered (at most; each at least _BF_CHUNK_LEAVES leaves): fewer
# than _bf_chunked's, since the chunk of the peak is the one packed with
# nearly all its buffers and retried, and a larger one leaves a pass more
# room (random 10^6 seed 1: 1.027 against 1.040 with 64).
_BF_TIER_CHUNKS = 32


def _bf_stack(a, b):
    # a + b for two peaks, or OverflowError
    if a > INT64_MAX - b:
        raise OverflowError(f"stacked peak {a} + {b} overflows int64")
    return a + b


cdef int64_t _bf_slots_kernel(const int64_t* S, const int64_t* E, const int64_t* Z,
                              const int64_t* order, const int64_t* cptr, Py_ssize_t ncls,
                              int64_t* off, int64_t* hk, Py_ssize_t* hs,
                              Py_ssize_t* spare) noexcept nogil:
    # see _bf_slots; -1 when the total overflows int64
    cdef Py_ssize_t c, r, i, h, nfree, nslots, slot, j, k, ch
    cdef int64_t base = 0, width, key
    for c in range(ncls):
        width = 0
        for r in range(cptr[c], cptr[c + 1]):
            if Z[order[r]] > width:
                width = Z[order[r]]
        h = 0
        nfree = 0
        nslots = 0
        for r in range(cptr[c], cptr[c + 1]):
            i = order[r]
            # free the slots of the buffers that ended before i starts
            while h > 0 and hk[0] < S[i]:
                spare[nfree] = hs[0]
                nfree += 1
                h -= 1
                key = hk[h]
                slot = hs[h]
                j = 0
                while True:
                    k = 2 * j + 1
                    if k >= h:
                        break
                    ch = k + 1 if k + 1 < h and (hk[k + 1] < hk[k] or
                                                  (hk[k + 1] == hk[k] and hs[k + 1] < hs[k])) else k
                    if hk[ch] < key or (hk[ch] == key and hs[ch] < slot):
                        hk[j] = hk[ch]
                        hs[j] = hs[ch]
                        j = ch
                    else:
                        break
                hk[j] = key
                hs[j] = slot
            if nfree:
                nfree -= 1
                slot = spare[nfree]
            else:
                slot = nslots
                nslots += 1
            off[i] = base + slot * width
            # push (E[i], slot)
            j = h
            h += 1
            while j > 0:
                k = (j - 1) >> 1
                if hk[k] > E[i] or (hk[k] == E[i] and hs[k] > slot):
                    hk[j] = hk[k]
                    hs[j] = hs[k]
                    j = k
                else:
                    break
            hk[j] = E[i]
            hs[j] = slot
        if width and nslots > (INT64_MAX - base) // width:
            return -1
        base += nslots * width
    return base


def _bf_slots(S, E, Z):
    """A cheap valid stack of buffers, (offsets, total): each half-octave
    size class (floor(2 log2 size)) gets slots as wide as its largest
    buffer, as many as its buffers ever live at once (greedy interval
    colouring in first-use order: a buffer takes the slot freed last, else a
    new one), the classes stacked from the smallest class number up.  Looser
    than the sweep (sizes rounded up to their class's largest, each class's
    own peak), but a heap of the live buffers of one class is all it keeps:
    _bf_tiered stacks the smallest buffers of the chunks far from the peak
    this way, where only their height matters and it stays well below the
    room there.  Ties by index.  Pure Python equivalent::

        off, base = [0] * n, 0
        for c in sorted(set(cls)):
            ids = sorted((i for i in range(n) if cls[i] == c), key=lambda i: (S[i], i))
            width = max(Z[i] for i in ids); live = []; free = []; slots = 0
            for i in ids:
                for x in sorted(x for x in live if x[0] < S[i]):   # (end, slot)
                    live.remove(x); free.append(x[1])
                if free:
                    slot = free.pop()
                else:
                    slot, slots = slots, slots + 1
                off[i] = base + slot * width; live.append((E[i], slot))
            base += slots * width
        return off, base
    """
    cdef Py_ssize_t n = len(Z)
    if n == 0:
        return np.zeros(0, dtype=np.int64), 0
    S = np.ascontiguousarray(S, dtype=np.int64)
    E = np.ascontiguousarray(E, dtype=np.int64)
    Z = np.ascontiguousarray(Z, dtype=np.int64)
    cls = np.floor(np.log2(np.maximum(Z.astype(np.float64), 1.0)) * 2.0).astype(np.int64)
    if n > 1 and bool(np.all(S[1:] >= S[:n - 1])):
        order = _argsort_stable(cls - cls.min())
    else:
        order = np.lexsort((np.arange(n), S, cls))
    order = np.ascontiguousarray(order, dtype=np.int64)
    cnt = np.bincount(cls[order] - cls.min())
    cnt = cnt[cnt > 0]
    cptr = np.zeros(len(cnt) + 1, dtype=np.int64)
    np.cumsum(cnt, out=cptr[1:])
    off = np.empty(n, dtype=np.int64)
    hk = np.empty(n, dtype=np.int64)
    hs = np.empty(n, dtype=np.intp)
    spare = np.empty(n, dtype=np.intp)
    cdef const int64_t[::1] Sv = S, Ev = E, Zv = Z, ov = order, cv = cptr
    cdef int64_t[::1] offv = off, hkv = hk
    cdef Py_ssize_t[::1] hsv = hs, spv = spare
    cdef Py_ssize_t ncls = len(cnt)
    cdef int64_t total
    with nogil:
        total = _bf_slots_kernel(&Sv[0], &Ev[0], &Zv[0], &ov[0], &cv[0], ncls, &offv[0],
                                 &hkv[0], &hsv[0], &spv[0])
    if total < 0:
        raise OverflowError(f"stacked size classes of {n} buffers overflow int64")
    return off, int(total)


def _bf_cuts(lla, lha, Z, Py_ssize_t T, Py_ssize_t C):
    """First leaf of each of C chunks (and T): near the cuts into equal leaf
    counts, each moved to the leaf of least load (bytes live there) within a
    quarter chunk of it, the first on ties.  The buffers crossing a cut are
    placed first and fixed, by themselves, so a cut through the peak would
    leave the chunks there a worse start than one beside it (random 10^6
    seed 1: 1.08 against 1.03).  Pure Python equivalent::

        load[f] = sum(Z[i] for i if lla[i] <= f <= lha[i])
        cut[k] = min(range(b - w, b + w + 1), key=lambda f: (load[f], f))
            for b = ceil(k * T / C), w = T // (4 * C), k = 1 .. C - 1
    """
    # in float64 (bincount's weights): only compared, and summed in a fixed
    # order, so rounding cannot make the choice vary between runs
    zf = Z.astype(np.float64)
    load = np.cumsum(np.bincount(lla, zf, T + 1) - np.bincount(lha + 1, zf, T + 1))
    cuts = (np.arange(C + 1, dtype=np.int64) * T + (C - 1)) // C
    w = T // (4 * C)
    for k in range(1, C):
        b = int(cuts[k])
        lo = b - w
        cuts[k] = lo + int(np.argmin(load[lo:b + w + 1]))
    return cuts


def _bf_tiered(S, E, Z):
    """_bf_large's plan when the time axis cuts into chunks, (offsets, peak),
    or None when it does not (then _bf_large's flat plan).  Labels must be
    by first use (S nondecreasing).

    The buffers crossing a chunk boundary are placed first by one best-fit
    pass (half-octave classes largest first, then first use).  In each chunk
    (independent of the others, so in parallel, on _BF_THREADS threads): the
    big ones (all but the rest, _BF_REST_SHIFT) by a best-fit pass in the
    same order around the crossing ones, up to the chunk's peak p_c, and
    the rest by the sweep (_pack_sweep) stacked on p_c, up to p_c + s_c.
    Where that exceeds P = max p_c (the chunks near the peak: a few, since
    the rest holds 1/64 of the bytes and the chunk peaks spread by more),
    the chunk is packed again: all but the tiny ones (_BF_SMALL_SHIFT) in
    one best-fit pass, the tiny ones swept on top, and the lower of the two
    plans kept (the stacked one on ties).  Then the chunk holding the peak,
    if packed that way, is retried in other orders (_BF_CHUNK_ORDERS, at
    most _BF_RETRIES passes), keeping the lower peak.  The best-fit passes,
    the costly part, run over the big buffers everywhere and over nearly all
    of them only near the peak, which is where the peak is decided; the
    rest cost no bytes elsewhere.  Same plan whatever the thread count.

    Pure Python equivalent (best_fit_pass as in _pack_best_fit, over the
    placed crossing buffers; sweep = _pack_sweep)::

        x = crossing; place x by best_fit_pass in class order
        for c in chunks:
            p[c] = best_fit_pass(big own of c); s[c] = sweep(rest own of c)
        P = max(p)
        for c in chunks: total[c] = p[c] + s[c]
            if total[c] > P:
                q = best_fit_pass(non-tiny own of c); t = sweep(tiny own of c)
                total[c] = min(total[c], q + t)    # and the offsets with it
        return offsets, max(total)
    """
    cdef Py_ssize_t n = len(Z), C, c, r
    if n < 2:
        return None
    zs = np.sort(Z)
    csum = np.cumsum(zs)
    tot = int(csum[n - 1])
    k = int(np.searchsorted(csum, tot >> _BF_SMALL_SHIFT, "right"))
    tiny = Z < zs[k] if k < n else np.ones(n, dtype=bool)
    k = int(np.searchsorted(csum, tot >> _BF_REST_SHIFT, "right"))
    rest = Z < zs[k] if k < n else np.ones(n, dtype=bool)
    T, lla, lha = _bf_leaves(S, E)
    big = np.flatnonzero(~rest)
    if len(big) == 0:
        return None
    shift = _bf_bk_shift(lla[big], lha[big], len(big))
    C = min(_BF_TIER_CHUNKS, T // _BF_CHUNK_LEAVES)
    if shift < 0 or C < 2:
        return None
    first = _bf_cuts(lla, lha, Z, T, C)
    cs = np.searchsorted(first, lla, "right") - 1
    ce = np.searchsorted(first, lha, "right") - 1
    crossing = cs != ce
    if np.count_nonzero(crossing) > n // 8:
        return None
    cls = np.floor(np.log2(np.maximum(Z.astype(np.float64), 1.0)) * 2.0).astype(np.int64)
    off = np.zeros(n, dtype=np.int64)
    # the crossing buffers by themselves (their own leaves: fewer)
    x = np.flatnonzero(crossing)
    if len(x):
        xw = np.empty(len(x), dtype=np.int64)
        Px = _BfPacker(S[x], E[x], Z[x], True)
        Px.run(np.ascontiguousarray(_argsort_stable(-cls[x]), dtype=np.int64), xw)
        off[x] = xw
    # the crossing ones meeting each chunk (a long lifetime may cross several)
    job = _bf_chunk_job(x, cs, ce, first, Z, lla, lha, shift, off)
    cptr = np.searchsorted(cs, np.arange(C + 1, dtype=np.int64), "left")   # cs is sorted

    def sweep(o):
        return _pack_sweep(S[o], E[o], Z[o], 1, 0) if len(o) else (np.zeros(0, np.int64), 0)

    def by_class(o):
        return o[_argsort_stable(-cls[o])]

    owns = []
    obs = []
    tasks = []
    for c in range(C):
        o = np.arange(cptr[c], cptr[c + 1], dtype=np.int64)
        o = o[~crossing[o]]
        owns.append(o)
        ob = by_class(o[~rest[o]])
        obs.append(ob)
        orr = o[rest[o]]
        tasks.append(lambda c=c, ob=ob: job(c, ob, INT64_MAX))
        tasks.append(lambda orr=orr: _bf_slots(S[orr], E[orr], Z[orr]))
    res = _bf_parallel(tasks)
    p = np.array([res[2 * c][0] for c in range(C)], dtype=np.int64)
    P = int(p.max())
    totals = np.empty(C, dtype=np.int64)
    near = []
    for c in range(C):
        o = owns[c]
        s_off, s_top = res[2 * c + 1]
        totals[c] = _bf_stack(int(p[c]), s_top)
        off[obs[c]] = res[2 * c][1]
        orr = o[rest[o]]
        if len(orr):
            off[orr] = s_off + p[c]
        if totals[c] > P:
            near.append(c)
    # the chunks near the peak: nearly all their buffers by best fit, the
    # tiny ones swept on top (the lower plan kept); first those above P,
    # then, while the highest chunk is still stacked, it and the next
    # stacked one (at most _BF_REPACKS chunks); the highest one, when packed
    # that way, is retried in other orders (at most _BF_RETRIES passes)
    full = {}       # chunk: [order, tiny ones, peak q, tiny top, orders tried or -1]

    def repack(chunks):
        tasks = []
        for c in chunks:
            o = owns[c]
            full[c] = [by_class(o[~tiny[o]]), o[tiny[o]], 0, 0, 0]
            # a pass above the stacked plan's peak cannot win: it stops there
            tasks.append(lambda c=c, of=full[c][0], cut=int(totals[c]) - 1: job(c, of, cut))
            tasks.append(lambda ot=full[c][1]: sweep(ot))
        res = _bf_parallel(tasks)
        for j, c in enumerate(chunks):
            (t, w), (t_off, t_top) = res[2 * j], res[2 * j + 1]
            f = full[c]
            f[2], f[3] = int(t), t_top
            if t >= 0 and _bf_stack(int(t), t_top) < totals[c]:
                tt = int(t) + t_top
                totals[c] = tt
                off[f[0]] = w
                off[f[1]] = t_off + t
            else:
                f[4] = -1           # the stacked plan stays

    repack(near)
    retries = 0
    while True:
        c = int(np.argmax(totals))
        f = full.get(c)
        if f is None:
            if len(full) >= _BF_REPACKS:
                break
            pair = [int(d) for d in np.argsort(-totals, kind="stable") if int(d) not in full][:2]
            repack(pair)
            continue
        if f[4] < 0 or f[4] >= len(_BF_CHUNK_ORDERS) or retries >= _BF_RETRIES:
            break
        of, qc = f[0], f[2]
        cand = [of[_bf_chunk_order(S[of], E[of], Z[of], spec)]
                for spec in _BF_CHUNK_ORDERS[f[4]:f[4] + 2]]
        f[4] += 2
        retries += 2
        res = _bf_parallel([lambda o=o: job(c, o, qc - 1) for o in cand])
        for o, (t, w) in zip(cand, res):
            if 0 <= t < qc:
                off[f[1]] += t - qc
                qc = int(t)
                off[o] = w
        f[2] = qc
        totals[c] = qc + f[3]
    return off, int(totals.max())


def _bf_large(starts, ends, sizes):
    """Effort 1 above 2*10^5 buffers.  When the time axis cuts into chunks
    (short lifetimes against it), _bf_tiered: best-fit passes over the big
    buffers of every chunk, over nearly all buffers only in the chunks near
    the peak, the rest stacked per chunk.  Else the flat plan: the buffers
    that hold all but 1/4096 of the bytes by _bf_chunked (best-fit passes by half-octave size class and
    first use over time chunks, the chunk of the peak retried in other
    orders), the rest (the smallest) by the sweep on top of them, in
    parallel.  With log-uniform sizes over many octaves most buffers are
    small and carry almost no bytes (64 B..16 MiB: 33% of the buffers below
    4 KiB, 1/4096 of the bytes), so the passes run over two thirds of the
    buffers, and stacking the small ones costs about 1/4096 of the total.  Same plan for the same input, whatever the threads.  Pure
    Python equivalent (with best_fit_pass the one-pass rule of
    _pack_best_fit)::

        zs = sorted(sizes); k = number of zs[:k] with sum <= sum(zs) >> 12
        small = [i for i in range(n) if k == n or sizes[i] < zs[k]]
        big = the others, ordered as _bf_chunked's docstring says
        off, top = best_fit_pass(big)   # with the crossing ones first
        off_s, top_s = _pack_sweep(small)      # first use, larger first
        off[small] = off_s + top; total = top + top_s

    That is the flat plan; when the time axis cuts into chunks, _bf_tiered
    instead (the same passes, but the rest stacked per chunk).
    """
    n = len(sizes)
    if n >= 2:
        # labels by first use (stable: every tie break by index is unchanged)
        perm = _argsort_stable(starts)
        res = _bf_tiered(starts[perm], ends[perm], sizes[perm])
        if res is not None:
            offsets = np.empty(n, dtype=np.int64)
            offsets[perm] = res[0]
            return offsets, res[1]
    zs = np.sort(sizes)
    csum = np.cumsum(zs)
    k = int(np.searchsorted(csum, csum[n - 1] >> _BF_SMALL_SHIFT, "right"))
    small = sizes < zs[k] if k < n else np.ones(n, dtype=bool)
    ib = np.flatnonzero(~small)
    iz = np.flatnonzero(small)
    offsets = np.empty(n, dtype=np.int64)
    top = 0
    pool = _BfPool()
    try:
        if len(iz):
            # first, so that a helper sweeps while this thread prepares the chunks
            ss, es, zs_ = starts[iz], ends[iz], sizes[iz]
            pool.submit(lambda: _pack_sweep(ss, es, zs_, 1, 0))
        if len(ib):
            # relabelled by first use (stable: ties keep their index order, so
            # every tie break by index is unchanged): the chunks' gathers then
            # read nearby memory
            ib = ib[_argsort_stable(starts[ib])]
            off_b, top = _bf_chunked(starts[ib], ends[ib], sizes[ib], pool)
            offsets[ib] = off_b
        res = pool.results()
    finally:
        pool.close()
    if len(iz):
        off_s, top_s = res[0]
        if top > INT64_MAX - top_s:
            raise OverflowError(f"stacked peak {top} + {top_s} overflows int64")
        offsets[iz] = off_s + top
        top += top_s
    return offsets, top


def _bf_portfolio(_BfPacker P, leaves, sizes, cands, best, int64_t best_total,
                  int64_t target, run_order=None, bint threaded=True):
    """The lowest peak of the (order, first fit?) passes `cands` and of the
    plan `best` (peak best_total, tried before them): (offsets, peak, order,
    first), order None when `best` wins.  Ties go to the earliest; same
    result whatever the threads and whatever `run_order` (the indices of
    `cands` in the order the passes are started; default 0, 1, ...: it only
    decides how early the cutoffs tighten).  P (on `leaves`) runs passes,
    and, with `threaded`, one more packer like it per extra thread.

    The passes run as tasks of a _BfPool; each starts with a cutoff from the
    best peak so far, found by pass j: that peak - 1 if j is earlier (a tie
    would lose to j), the peak itself if j is later (a tie would win), so a
    pass is only abandoned when it cannot be the answer.  Once a peak meets
    `target` (the lower bound), the passes after it are skipped."""
    cdef Py_ssize_t n = len(sizes), k
    lock = threading.Lock()
    # shared best: (peak, index in cands, -1 for `best`), offsets, order, first
    state = [best_total, -1, best, None, False]
    free = [P]
    # small problems in this thread: starting a helper costs more than a pass
    threads = max(_BF_THREADS, 1) if threaded and n >= _BF_THREADS_MIN_N else 1
    if run_order is None:
        run_order = range(len(cands))
    for k in range(1, min(threads, len(cands))):
        free.append(_BfPacker(None, None, sizes, P.use_bk, -1, leaves=leaves))

    def task(Py_ssize_t k):
        order, first = cands[k]
        with lock:
            if state[0] <= target and state[1] < k:
                return
            cut = state[0] - 1 if state[1] < k else state[0]
            packer = free.pop()
        try:
            order = np.ascontiguousarray(order, dtype=np.int64)
            work = np.empty(n, dtype=np.int64)
            t = packer.run(order, work, cut, 0, first)
        finally:
            with lock:
                free.append(packer)
        if t < 0:
            return
        with lock:
            if t < state[0] or (t == state[0] and k < state[1]):
                state[:] = [t, k, work, order, first]

    if threads > 1:
        _bf_parallel([lambda k=k: task(k) for k in run_order])
    else:
        for k in run_order:
            task(k)
    return state[2], state[0], state[3], state[4]


ctypedef struct _bf_Item:
    # a buffer's size and leaf range side by side
    int64_t sz
    Py_ssize_t lo
    Py_ssize_t hi


cdef _bf_Item* _bf_items(sizes, lla, lha) except NULL:
    # the items of buffers 0..n-1 (malloc'd, n >= 1; the caller frees)
    cdef const int64_t[::1] sv = sizes
    cdef const Py_ssize_t[::1] lv = lla
    cdef const Py_ssize_t[::1] hv = lha
    cdef Py_ssize_t i, n = sv.shape[0]
    cdef _bf_Item* it = <_bf_Item*>malloc(max(n, 1) * sizeof(_bf_Item))
    if it == NULL:
        raise MemoryError()
    for i in range(n):
        it[i].sz = sv[i]
        it[i].lo = lv[i]
        it[i].hi = hv[i]
    return it


cdef Py_ssize_t _bf_advance(_bf_Eng* E, Py_ssize_t r, Py_ssize_t end,
                            const _bf_Item* items, const int64_t* order, int64_t* off,
                            int64_t* total, int64_t limit, bint first,
                            Py_ssize_t min_steps) except -2 nogil:
    """Continue a pass (_bf_place's rule on E.X, or _bf_bk_place's on E.K)
    from position r of its order: place buffers order[r], order[r + 1], ...
    until one raises the peak *total above `limit` (that buffer is placed
    and recorded, so the pass can resume) after at least `min_steps`
    placements, or position `end` is reached; returns the next position.
    Items and offsets by position (items[r] is buffer order[r]'s: read in
    sequence, as the memory prefers)."""
    cdef int64_t sz, top, best
    cdef Py_ssize_t r_min = r + min_steps
    while r < end:
        sz = items[r].sz
        if sz == 0:
            off[r] = 0
            r += 1
            continue
        if E.use_bk:
            best = _bf_bk_fit(&E.K, items[r].lo, items[r].hi, sz, &top, first)
        else:
            best = _bf_fit(&E.X, items[r].lo, items[r].hi, sz, &top, first)
        if best < 0:
            if top > INT64_MAX - sz:
                with gil:
                    raise OverflowError(
                        f"buffer {order[r]}: offset {top} + size {sz} overflows int64")
            best = top
        off[r] = best
        if E.use_bk:
            _bf_bk_record(&E.K, items[r].lo, items[r].hi, best, best + sz)
        else:
            _bf_record(&E.X, items[r].lo, items[r].hi, best, best + sz)
        r += 1
        if best + sz > total[0]:
            total[0] = best + sz
        if total[0] > limit and r >= r_min:
            break
    return r


ctypedef struct _bf_Lane:
    # one resumable pass: its structure (built when it first runs), its
    # order, the items gathered in its order and the offsets of the
    # positions up to cap (grown as it goes: a losing pass stops early),
    # the position reached and the peak so far
    _bf_Eng E
    const int64_t* order
    _bf_Item* items
    int64_t* off
    Py_ssize_t cap, pos, n
    int64_t peak
    bint first, built


cdef void _bf_lane_free(_bf_Lane* L) noexcept nogil:
    _bf_eng_free(&L.E)
    free(L.off)
    free(L.items)
    L.off = NULL
    L.items = NULL
    L.cap = 0
    L.built = False


cdef int _bf_lane_build(_bf_Lane* L, Py_ssize_t T, int shift) except -1:
    _bf_eng_init(&L.E, T, shift)
    L.built = True
    return 0


cdef int _bf_lane_advance(_bf_Lane* L, const _bf_Item* items, int64_t limit,
                          Py_ssize_t min_steps) except -1:
    """_bf_advance on the lane from its position, growing its gathered
    items (from `items`, by buffer) and offsets as it goes (by a quarter, so a
    pass stopped early holds about what it placed); returns whether the
    pass is complete."""
    cdef Py_ssize_t r = L.pos, r_min = L.pos + min_steps, end, cap, j
    cdef int64_t* p
    cdef _bf_Item* q
    while r < L.n:
        if r == L.cap:
            cap = min(L.n, max(L.cap + (L.cap >> 2), min_steps + 64))
            p = <int64_t*>realloc(L.off, cap * sizeof(int64_t))
            if p == NULL:
                raise MemoryError()
            L.off = p
            q = <_bf_Item*>realloc(L.items, cap * sizeof(_bf_Item))
            if q == NULL:
                raise MemoryError()
            L.items = q
            for j in range(L.cap, cap):
                q[j] = items[L.order[j]]
            L.cap = cap
        end = L.cap
        with nogil:
            r = _bf_advance(&L.E, r, end, L.items, L.order, L.off, &L.peak, limit,
                            L.first, max(r_min - r, 0))
        if r < end or (L.peak > limit and r >= r_min):
            break
    L.pos = r
    return r == L.n


cdef class _BfPass:
    """One best-fit (or first-fit) pass that can stop at a peak and resume
    later (a _bf_Lane: the race's unit, exposed for tests): the position
    reached and the peak so far (a lower bound of its final peak, since
    placed buffers never move).  Same offsets as _BfPacker.run."""
    cdef _bf_Lane L
    cdef _bf_Item* items
    cdef object order
    cdef readonly Py_ssize_t min_steps

    def __cinit__(self, order, bint first, sizes, leaves, int shift):
        memset(&self.L, 0, sizeof(_bf_Lane))
        self.items = NULL
        T, lla, lha = leaves
        self.order = np.ascontiguousarray(order, dtype=np.int64)
        self.items = _bf_items(np.ascontiguousarray(sizes, dtype=np.int64), lla, lha)
        self.L.n = len(self.order)
        self.L.first = first
        self.min_steps = _bf_race_steps(self.L.n)
        cdef const int64_t[::1] ov = self.order
        if self.L.n:
            self.L.order = &ov[0]
        _bf_lane_build(&self.L, T, shift)

    def __dealloc__(self):
        _bf_lane_free(&self.L)
        free(self.items)

    @property
    def pos(self):
        return self.L.pos

    @property
    def n(self):
        return self.L.n

    @property
    def peak(self):
        return self.L.peak

    def release(self):
        """Free the structure early (a pass that cannot win)."""
        _bf_lane_free(&self.L)
        self.L.pos = -1

    def advance(self, int64_t limit):
        """Place buffers until one raises the peak above `limit` or all are
        placed; returns whether the pass is complete."""
        if self.L.pos < 0:
            raise ValueError("pass released")
        if self.L.pos == self.L.n:
            return True
        return bool(_bf_lane_advance(&self.L, self.items, limit, self.min_steps))

    def offsets(self):
        """The offsets by buffer index (the pass must be complete)."""
        return _bf_lane_offsets(&self.L, self.order)


cdef object _bf_lane_offsets(_bf_Lane* L, order):
    # offsets by buffer index of a complete lane
    out = np.empty(L.n, dtype=np.int64)
    cdef int64_t[::1] ov = out
    cdef const int64_t[::1] rv = order
    cdef Py_ssize_t r
    for r in range(L.n):
        ov[rv[r]] = L.off[r]
    return out


# A pass of the race may run this share of the lower bound (as a shift) past
# the point where another pass has the lower peak: fewer switches between
# passes whose peaks climb together, at the cost of a little work past the
# winner's peak.  The plan does not depend on it.
_BF_RACE_SLACK_SHIFT = 12
# From this many buffers effort 1 runs the sweep after the race, stopped as
# soon as it exceeds the race's peak (it rarely beats it; ~10% of the work
# when run in full); below, first: small problems often meet the lower bound
# with it, and then the race never starts.  The plan does not depend on it.
_BF_SWEEP_LAST_N = 2000
# Effort 2 races its 33 passes on time buckets up to this many buffers
# (~25% less CPU than the portfolio's on random 10^4 and 10^5, same plans);
# above, their structures at once would cost more memory than the portfolio
# (at 10^5 ~200 MB against ~80-150 MB), and it runs on 2 threads.
_BF_RACE2_MAX_N = 50_000
# A turn of the race places at least max(_BF_RACE_MIN_STEPS, n >> _BF_RACE_STEPS_SHIFT)
# buffers per turn.  The plan does not depend on either.
_BF_RACE_MIN_STEPS = 32
_BF_RACE_STEPS_SHIFT = 5


cdef Py_ssize_t _bf_race_steps(Py_ssize_t n):
    # a turn of the race places at least this many buffers: passes whose
    # peaks climb together would else swap after every buffer (the
    # switches, not the placements, were most of a small race)
    return max(<Py_ssize_t>_BF_RACE_MIN_STEPS, n >> <int>_BF_RACE_STEPS_SHIFT)


cdef Py_ssize_t _bf_race_lanes(_bf_Lane* L, Py_ssize_t m, Py_ssize_t T, int shift,
                               const _bf_Item* items, int64_t best_total, int64_t target,
                               int64_t slack, Py_ssize_t min_steps) except -2:
    """The race of _bf_race over m lanes (zeroed but for order, n, first;
    built here when they first run, freed once they cannot win): the index
    of the winner, or -1 when best_total is not beaten.  low[k] is
    max(target, L[k].peak)."""
    cdef Py_ssize_t i, j, k
    cdef int64_t lim, lk
    while True:
        # the lowest (low, index) among the lanes and `best` (index -1)
        k = -1
        for i in range(m):
            lk = max(L[i].peak, target)
            if lk < best_total and (k < 0 or lk < max(L[k].peak, target)):
                k = i
        if k < 0:
            return -1
        if L[k].pos == L[k].n and L[k].built:
            return k
        # k advances while it stays lowest: below every earlier lane's low,
        # up to every later one's (ties go to the earlier)
        lim = best_total - 1
        for j in range(m):
            lk = max(L[j].peak, target)
            if j < k:
                if lk - 1 < lim:
                    lim = lk - 1
            elif j > k and lk < lim:
                lim = lk
        if lim < INT64_MAX - slack:
            lim += slack
        if not L[k].built:
            _bf_lane_build(&L[k], T, shift)
        _bf_lane_advance(&L[k], items, lim, min_steps)
        if max(L[k].peak, target) >= best_total:
            _bf_lane_free(&L[k])


def _bf_race(leaves, sizes, cands, best, int64_t best_total, int64_t target, int shift):
    """The lowest peak of the (order, first fit?) passes `cands` and of the
    plan `best` (peak best_total, counted as earlier than all of them):
    (offsets, peak, order, first), order None when `best` wins; ties go to
    the earliest.  Same answer as running every pass to the end, but each
    pass runs only while it may still win: the passes are resumable
    (_bf_Lane), the one with the lowest (peak so far, index) advances until
    its peak passes the next lowest one's, and the first pass to complete
    while lowest is the answer (every other pass's final peak is at least its
    peak so far).  So a losing pass stops near the winner's peak, whatever
    order the passes are listed in, as if the winner had run first.  No
    final peak is below `target` (the lower bound): a pass runs freely up to
    it, and one that completes there wins against every later one at once.
    A pass's structure is built when it first runs (below the bound a pass
    may win outright, and then the later ones never run), and a pass
    gathers its sizes and leaf ranges and holds its offsets only up to
    about the position it reached (a losing pass stops early).  Pure Python equivalent::

        runs = [(best_total, -1, best)] + [(peak, k, off) for k, (o, f) in
                enumerate(cands) for off, peak in [best_fit_pass(o, f)]]
        peak, k, off = min(runs, key=lambda x: (x[0], x[1]))
    """
    cdef Py_ssize_t m = len(cands), i, k, n = len(sizes)
    T, lla, lha = leaves
    cdef const int64_t[::1] ov
    if n == 0 or m == 0:
        return best, best_total, None, False
    orders = [np.ascontiguousarray(o, dtype=np.int64) for o, _ in cands]
    cdef _bf_Item* items = _bf_items(np.ascontiguousarray(sizes, dtype=np.int64), lla, lha)
    cdef _bf_Lane* L = <_bf_Lane*>malloc(m * sizeof(_bf_Lane))
    if L == NULL:
        free(items)
        raise MemoryError()
    memset(L, 0, m * sizeof(_bf_Lane))
    try:
        for i in range(m):
            ov = orders[i]
            L[i].order = &ov[0]
            L[i].n = n
            L[i].first = bool(cands[i][1])
        k = _bf_race_lanes(L, m, T, shift, items, best_total, target,
                           target >> <int>_BF_RACE_SLACK_SHIFT, _bf_race_steps(n))
        if k < 0:
            return best, best_total, None, False
        return _bf_lane_offsets(&L[k], orders[k]), max(L[k].peak, target), cands[k][0], cands[k][1]
    finally:
        for i in range(m):
            _bf_lane_free(&L[i])
        free(L)
        free(items)


def _bf_search_passes(int effort):
    """Local search passes at this effort: none below 3, then
    _BF_SEARCH_PASSES * 4**(effort - 3) (capped at 2**40)."""
    if effort < 3:
        return 0
    return _BF_SEARCH_PASSES << min(2 * (effort - 3), 33)


def _bf_search(starts, ends, sizes, int effort, uint64_t seed=0x5EED):
    cdef Py_ssize_t n = len(sizes)
    if effort == 1 and n > _BF_LARGE_N:
        return _bf_large(starts, ends, sizes)
    if effort == 1:
        leaves = _bf_leaves(starts, ends)
        shift = _bf_bk_shift(leaves[1], leaves[2], n)
        if shift >= 0:
            # on time buckets, the passes raced (on the tree, nine trees at
            # once cost more than the race saves: Y_1, 62185 buffers, ~1.2x;
            # there the passes run one after the other).  The sweep is the
            # earliest on ties wherever it runs: same plan either way.
            target = _lower_bound(starts, ends, sizes)
            best, best_total = None, INT64_MAX
            if n < _BF_SWEEP_LAST_N:
                best, best_total = _pack_sweep(starts, ends, sizes, 1, 0)
                if best_total <= target:
                    return best, best_total
            cands = _bf_effort1_passes(starts, ends, sizes)
            best, best_total, _, _ = _bf_race(leaves, sizes, cands, best, best_total, target,
                                              shift)
            if n >= _BF_SWEEP_LAST_N:
                sw, sw_total = _pack_sweep(starts, ends, sizes, 1, 0, best_total)
                if sw_total >= 0:
                    return sw, sw_total
            return best, best_total
    # the O(n log n) sweep is the first candidate (and all of effort 0)
    best, best_total = _pack_sweep(starts, ends, sizes, 1, 0)
    if effort == 0:
        return best, best_total
    target = _lower_bound(starts, ends, sizes)
    if best_total <= target:
        return best, best_total
    cdef int64_t npass = _bf_search_passes(effort)
    if effort != 1:
        leaves = _bf_leaves(starts, ends)
    # effort 1's nine passes (the same at every size up to _BF_LARGE_N, so
    # the work per buffer does not jump with n; on the tree, one after the
    # other in _BF_RUN_ORDER), then effort 2's
    cands = _bf_effort1_passes(starts, ends, sizes)
    cdef _BfPacker P = None
    if effort >= 2:
        cands += [(o, f) for o in _bf_orders(starts, ends, sizes) for f in (False, True)]
        shift = _bf_bk_shift(leaves[1], leaves[2], n) if n <= _BF_RACE2_MAX_N else -1
    if effort >= 2 and shift >= 0:
        # effort 2's passes raced on time buckets as effort 1's (same plan
        # as the portfolio's: the lowest peak, the earliest on ties, the
        # sweep first)
        best, best_total, best_order, best_first = _bf_race(leaves, sizes, cands, best,
                                                            best_total, target, shift)
    else:
        # without the local search, passes run on time buckets when they can
        # (effort 1 computed the bucket width above)
        P = _BfPacker(None, None, sizes, npass == 0, shift if effort == 1 else -1, leaves=leaves)
        run_order = _BF_RUN_ORDER
        if effort >= 2:
            run_order = list(run_order) + list(range(len(run_order), len(cands)))
        best, best_total, best_order, best_first = _bf_portfolio(
            P, leaves, sizes, cands, best, best_total, target, run_order, effort >= 2)
    if best_total <= target:
        return best, best_total
    large = _bf_large(starts, ends, sizes) if n > _BF_LARGE_N else None
    if npass > 0 and n >= 2:
        if P is None:
            P = _BfPacker(None, None, sizes, False, -1, leaves=leaves)
        if best_order is None:
            best_order = np.lexsort((np.arange(n), -sizes, starts))
            best_first = False
        best_total = _bf_local_search_run(P, best_order, best_first, best, best_total,
                                          npass, target, seed)
    if large is not None and large[1] < best_total:
        return large
    return best, best_total


def _bf_local_search_run(_BfPacker P, order, bint first, best, int64_t total,
                         int64_t npass, int64_t target, uint64_t seed):
    # _bf_local_search from `order` (packed into `best` with peak `total`);
    # improves `best` in place, returns its peak
    cdef Py_ssize_t n = P.n
    cdef int64_t[::1] ordv = np.ascontiguousarray(order, dtype=np.int64).copy()
    cdef int64_t[::1] candv = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] curv = best.copy()
    cdef int64_t[::1] workv = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] bestv = best
    cdef const int64_t[::1] szv = P.sizes_arr
    cdef const Py_ssize_t[::1] llv = P.lla
    cdef const Py_ssize_t[::1] lhv = P.lha
    with nogil:
        total = _bf_local_search(&P.E.X, n, &szv[0], &llv[0], &lhv[0], &ordv[0],
                                 &candv[0], &curv[0], &workv[0], &bestv[0],
                                 total, npass, target, seed, first)
    return total


# strategy="search" runs _bf_search_start's extra passes only from this many
# buffers: below it the tree search itself tightens the plan faster, and its
# results there do not depend on a changed start.
_BF_START_MIN_N = 4096
# Work units (the search's: a node, or 256 buffers scanned) charged per
# buffer of an extra pass, as a shift: a pass places each buffer against its
# live set, far more than the search's scan of it.
_BF_START_UNIT_SHIFT = 4


def _bf_start_passes(starts, ends, sizes):
    """The (order, first fit?) passes effort 2 adds to effort 1, first-fit
    ones first (each about half a best-fit pass's cost, and on the random
    workload above 10^4 buffers the more frequent winners), then best fit;
    inside each group effort 2's order.  Above _BF_LARGE_N buffers
    effort 1's own eight passes lead (effort 1 is _bf_large there)."""
    n = len(sizes)
    extra = [] if n <= _BF_LARGE_N else list(_bf_default_orders(starts, ends, sizes))
    orders = _bf_orders(starts, ends, sizes)
    return extra + [(o, True) for o in orders] + [(o, False) for o in orders]


def _bf_search_start(starts, ends, sizes, int64_t target, int64_t work_limit, double deadline):
    """The plan strategy="search" starts from: (offsets, peak, work units
    spent).  Effort 1's plan; then, from _BF_START_MIN_N buffers and while its
    peak is above `target` (the lower bound), the passes of
    _bf_start_passes one after the other, each kept if strictly lower,
    within a quarter of `work_limit` (a pass costs n >> _BF_START_UNIT_SHIFT
    units, plus one) and until time.monotonic() passes `deadline` (checked
    before each pass; < 0: no deadline).  On a component of 10^4 buffers a
    search node scans them all, so the tree search cannot finish one descent
    in seconds while a pass costs tens of milliseconds; a plan at the bound
    is proven optimal at once.  Deterministic when the deadline does not cut
    it.  Pure Python equivalent (no deadline; best_fit_pass as in
    _pack_best_fit)::

        best, peak = pack(effort=1)
        k = min(len(passes), (work_limit // 4) // ((n >> 4) + 1)) if n >= 4096 else 0
        for order, first in passes[:k]:
            if peak <= target: break
            off, p = best_fit_pass(order, first)
            if p < peak: best, peak = off, p
    """
    cdef Py_ssize_t n = len(sizes)
    best, best_total = _bf_search(starts, ends, sizes, 1)
    if n < _BF_START_MIN_N or best_total <= target or work_limit <= 0:
        return best, best_total, 0
    cdef int64_t per = (n >> _BF_START_UNIT_SHIFT) + 1
    cdef int64_t allowed = (work_limit >> 2) // per, k = 0
    if allowed <= 0:
        return best, best_total, 0
    leaves = _bf_leaves(starts, ends)
    cdef _BfPacker P = _BfPacker(None, None, sizes, True, -1, leaves=leaves)
    work = np.empty(n, dtype=np.int64)
    for order, first in _bf_start_passes(starts, ends, sizes):
        if best_total <= target or k >= allowed or (deadline >= 0 and time.monotonic() > deadline):
            break
        k += 1
        t = P.run(np.ascontiguousarray(order, dtype=np.int64), work, best_total - 1, 0, first)
        if t >= 0:
            best, work = work, best
            best_total = t
    return best, best_total, k * per


def _pack_best_fit(const int64_t[::1] starts, const int64_t[::1] ends,
                   const int64_t[::1] sizes, int64_t alignment, int effort):
    """Best-fit offset assignment for buffers with inclusive lifetimes.

    Assumes validated input (fastalloc.packing.pack): starts <= ends, sizes
    >= 0 and multiples of `alignment` (so every gap and offset stays aligned).
    Buffers are placed one at a time, each in the smallest gap (lowest on
    ties) left by the already placed buffers whose lifetimes meet its own, or
    on top of them (best fit), or in the lowest gap that fits (first fit).
    Which passes, by effort (each pass costs about the live set per buffer,
    so the time grows like n times the number of passes, at every size):

    * effort 0: first use, larger first; with that order the placed buffers
      that meet the next one are the live ones, so a simulated malloc heap
      (_pack_sweep) does the pass in O(n log n).
    * effort 1 (default): the sweep, the 8 passes of _bf_default_orders
      (omnimalloc's greedy orders in first fit, two size-class orders in
      best fit) and best fit by octave class, longest first (the first of
      _bf_large_orders), keeping the lowest peak (the earliest on ties) as
      XLA's heap simulator does; the same passes at every size, raced
      when they run on time buckets (_bf_race: resumable passes, the one
      with the lowest peak so far advances, so a losing pass stops near
      the winner's peak whichever pass wins; the sweep first below
      _BF_SWEEP_LAST_N buffers, else last with that peak as cutoff), on
      the tree one after the other in _BF_RUN_ORDER, each stopped once it
      exceeds the best peak so far.
      Above _BF_LARGE_N buffers, _bf_large instead: independent
      time chunks on 2 threads (_bf_tiered): one pass each over the buffers
      holding all but 1/64 of the bytes, the rest stacked on them, and in
      the chunks near the peak one pass over all but the smallest (1/4096
      of the bytes, swept on top), the chunk of the peak retried in other
      orders.
    * effort 2: also the 12 orders of _bf_orders, each in best and in first
      fit (33 passes; raced on time buckets up to _BF_RACE2_MAX_N buffers,
      else one after the other on 2 threads), and _bf_large above
      _BF_LARGE_N buffers.
    * effort k >= 3: then an iterated local search on the best order
      (_bf_local_search) of _BF_SEARCH_PASSES * 4**(k - 3) passes.
    A higher effort tries a superset of the lower one's plans (the search
    replays the same seeded moves, longer), so its peak is never higher,
    except effort 1 against 0 above _BF_LARGE_N buffers (no sweep there).
    One pass in a given order is a segment tree over time holding unions of
    byte ranges (_bf_Tree, O(log T) lists per query and insertion) or, when
    the local search does not run and lifetimes are short against the time
    axis, flat time buckets (_bf_Bk, ~4x faster there, same offsets).

    Everything is deterministic: stable sorts with ties by index, a seeded
    splitmix64 generator for the local search, no timing-based budget.

    Pure Python equivalent of one pass::

        for i in order:
            busy = sorted((off[j], off[j] + size[j]) for j in placed
                          if start[j] <= end[i] and start[i] <= end[j])
            cur, best = 0, None
            for lo, hi in busy:
                if lo - cur >= size[i] and (best is None or lo - cur < best[0]):
                    best = (lo - cur, cur)
                cur = max(cur, hi)
            off[i] = best[1] if best else cur
    """
    cdef Py_ssize_t n = sizes.shape[0]
    if n == 0:
        return np.zeros(0, dtype=np.int64), 0
    offsets, total = _bf_search(np.asarray(starts), np.asarray(ends), np.asarray(sizes), effort)
    return offsets, int(total)


def _pack_best_fit_order(const int64_t[::1] starts, const int64_t[::1] ends,
                         const int64_t[::1] sizes, order, bint first=False):
    """One best-fit pass in the given order (first fit with `first`; for
    tests and experiments)."""
    cdef Py_ssize_t n = sizes.shape[0]
    offsets = np.zeros(n, dtype=np.int64)
    if n == 0:
        return offsets, 0
    T, lla, lha = _bf_leaves(np.asarray(starts), np.asarray(ends))
    cdef const Py_ssize_t[::1] llv = lla
    cdef const Py_ssize_t[::1] lhv = lha
    cdef const int64_t[::1] ordv = np.ascontiguousarray(order, dtype=np.int64)
    cdef int64_t[::1] offv = offsets
    cdef int64_t t
    cdef _bf_Tree X
    memset(&X, 0, sizeof(_bf_Tree))
    try:
        _bf_tree_init(&X, T)
        with nogil:
            t = _bf_place(&X, &ordv[0], n, &sizes[0], &llv[0], &lhv[0],
                          &offv[0], INT64_MAX, 0, first)
    finally:
        _bf_tree_free(&X)
    return offsets, int(t)


# ---------------------------------------------------------------------------
# "sweep": online best-fit in first-use order, O(n log n)
# ---------------------------------------------------------------------------
#
# Placing buffers by first use means the placed buffers that meet the next one
# are exactly those still live, so the gaps are the free blocks of a malloc
# heap at that time: a free list replaces the overlap query.  Blocks form an
# address-ordered doubly linked list whose last block is the unbounded
# "wilderness"; free blocks are also kept in a treap keyed by (length, offset)
# for the best-fit lookup.

ctypedef struct _bf_Heap:
    int64_t* lo         # per block: [lo, hi)
    int64_t* hi
    Py_ssize_t* prev    # address order; -1 at the ends
    Py_ssize_t* next
    char* free          # 1 free (in the treap), 0 used, 2 the wilderness
    Py_ssize_t* left    # treap children and priorities
    Py_ssize_t* right
    uint64_t* prio
    Py_ssize_t root
    Py_ssize_t nblocks
    Py_ssize_t* pool    # recycled block ids
    Py_ssize_t npool


cdef inline bint _bf_key_less(_bf_Heap* H, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    cdef int64_t la = H.hi[a] - H.lo[a], lb = H.hi[b] - H.lo[b]
    return la < lb or (la == lb and H.lo[a] < H.lo[b])


cdef Py_ssize_t _bf_treap_merge(_bf_Heap* H, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    # every key of a is below every key of b
    if a < 0:
        return b
    if b < 0:
        return a
    if H.prio[a] > H.prio[b]:
        H.right[a] = _bf_treap_merge(H, H.right[a], b)
        return a
    H.left[b] = _bf_treap_merge(H, a, H.left[b])
    return b


cdef void _bf_treap_split(_bf_Heap* H, Py_ssize_t t, Py_ssize_t key,
                          Py_ssize_t* a, Py_ssize_t* b) noexcept nogil:
    # a: keys < key's key, b: the rest
    if t < 0:
        a[0] = -1
        b[0] = -1
        return
    if _bf_key_less(H, t, key):
        _bf_treap_split(H, H.right[t], key, &H.right[t], b)
        a[0] = t
    else:
        _bf_treap_split(H, H.left[t], key, a, &H.left[t])
        b[0] = t


cdef void _bf_treap_insert(_bf_Heap* H, Py_ssize_t x) noexcept nogil:
    cdef Py_ssize_t a, b
    H.left[x] = -1
    H.right[x] = -1
    _bf_treap_split(H, H.root, x, &a, &b)
    H.root = _bf_treap_merge(H, _bf_treap_merge(H, a, x), b)


cdef void _bf_treap_erase(_bf_Heap* H, Py_ssize_t x) noexcept nogil:
    # x is in the treap: find the link that points at it
    cdef Py_ssize_t* link = &H.root
    while link[0] != x:
        if _bf_key_less(H, x, link[0]):
            link = &H.left[link[0]]
        else:
            link = &H.right[link[0]]
    link[0] = _bf_treap_merge(H, H.left[x], H.right[x])


cdef Py_ssize_t _bf_treap_fit(_bf_Heap* H, int64_t sz) noexcept nogil:
    # smallest (length, offset) with length >= sz, or -1
    cdef Py_ssize_t t = H.root, best = -1
    while t >= 0:
        if H.hi[t] - H.lo[t] >= sz:
            best = t
            t = H.left[t]
        else:
            t = H.right[t]
    return best


cdef inline Py_ssize_t _bf_new_block(_bf_Heap* H, int64_t lo, int64_t hi,
                                     Py_ssize_t before, uint64_t* state) noexcept nogil:
    # a used block [lo, hi) linked just before block `before`
    cdef Py_ssize_t b
    if H.npool:
        H.npool -= 1
        b = H.pool[H.npool]
    else:
        b = H.nblocks
        H.nblocks += 1
        H.prio[b] = _bf_rand(state)
    H.lo[b] = lo
    H.hi[b] = hi
    H.free[b] = 0
    H.prev[b] = H.prev[before]
    H.next[b] = before
    if H.prev[before] >= 0:
        H.next[H.prev[before]] = b
    H.prev[before] = b
    return b


cdef inline void _bf_drop_block(_bf_Heap* H, Py_ssize_t b) noexcept nogil:
    # unlink b from the address list and recycle its id
    if H.prev[b] >= 0:
        H.next[H.prev[b]] = H.next[b]
    if H.next[b] >= 0:
        H.prev[H.next[b]] = H.prev[b]
    H.pool[H.npool] = b
    H.npool += 1


cdef inline void _bf_live_push(int64_t* hk, Py_ssize_t* hp, Py_ssize_t m,
                               int64_t key, Py_ssize_t pos) noexcept nogil:
    # min-heap of live buffers by last use
    cdef Py_ssize_t c = m, par
    while c > 0:
        par = (c - 1) >> 1
        if hk[par] <= key:
            break
        hk[c] = hk[par]
        hp[c] = hp[par]
        c = par
    hk[c] = key
    hp[c] = pos


cdef inline void _bf_live_pop(int64_t* hk, Py_ssize_t* hp, Py_ssize_t m) noexcept nogil:
    # remove the root of a heap of m elements
    cdef int64_t key = hk[m - 1]
    cdef Py_ssize_t pos = hp[m - 1], c = 0, k
    m -= 1
    while True:
        k = 2 * c + 1
        if k >= m:
            break
        if k + 1 < m and hk[k + 1] < hk[k]:
            k += 1
        if key <= hk[k]:
            break
        hk[c] = hk[k]
        hp[c] = hp[k]
        c = k
    hk[c] = key
    hp[c] = pos


cdef int64_t _bf_sweep(Py_ssize_t n, const int64_t* S, int64_t* E, int64_t* Z,
                       int64_t* perm, int64_t* off, Py_ssize_t* block_of,
                       int64_t* hk, Py_ssize_t* hp, _bf_Heap* H,
                       int64_t cutoff=INT64_MAX) except -2 nogil:
    """Arrays in first-use order (S sorted); returns the peak, offsets in
    off (same order), or -1 as soon as the peak exceeds `cutoff`.  Ties of S are first put larger-first (then by perm,
    the original index) by an insertion sort: runs of equal starts are short."""
    cdef Py_ssize_t r, t, b, w, p, nx, nlive = 0
    cdef int64_t sz, total = 0, ks, kz, kp, ke
    cdef uint64_t state = 0x5EED
    for r in range(1, n):
        ks = S[r]
        kz = Z[r]
        kp = perm[r]
        t = r
        while t > 0 and S[t - 1] == ks and (Z[t - 1] < kz or (Z[t - 1] == kz and perm[t - 1] > kp)):
            t -= 1
        if t != r:
            ke = E[r]
            memmove(&Z[t + 1], &Z[t], (r - t) * sizeof(int64_t))
            memmove(&perm[t + 1], &perm[t], (r - t) * sizeof(int64_t))
            memmove(&E[t + 1], &E[t], (r - t) * sizeof(int64_t))
            Z[t] = kz
            perm[t] = kp
            E[t] = ke
    H.nblocks = 1
    H.npool = 0
    H.root = -1
    H.lo[0] = 0                 # block 0: the wilderness [0, inf)
    H.hi[0] = INT64_MAX
    H.prev[0] = -1
    H.next[0] = -1
    H.free[0] = 2
    w = 0
    for r in range(n):
        sz = Z[r]
        if sz == 0:
            off[r] = 0
            continue
        # free every buffer that died before this one starts
        while nlive and hk[0] < S[r]:
            b = block_of[hp[0]]
            _bf_live_pop(hk, hp, nlive)
            nlive -= 1
            p = H.prev[b]
            nx = H.next[b]
            if p >= 0 and H.free[p] == 1:
                _bf_treap_erase(H, p)
                H.lo[b] = H.lo[p]
                _bf_drop_block(H, p)
            if H.free[nx] == 2:
                H.lo[nx] = H.lo[b]          # the wilderness swallows it
                _bf_drop_block(H, b)
                continue
            if H.free[nx] == 1:
                _bf_treap_erase(H, nx)
                H.hi[b] = H.hi[nx]
                _bf_drop_block(H, nx)
            H.free[b] = 1
            _bf_treap_insert(H, b)
        b = _bf_treap_fit(H, sz)
        if b < 0:
            if H.lo[w] > INT64_MAX - sz:
                with gil:
                    raise OverflowError(f"buffer {perm[r]}: offset {H.lo[w]} + size {sz} overflows int64")
            b = _bf_new_block(H, H.lo[w], H.lo[w] + sz, w, &state)
            H.lo[w] += sz
        else:
            _bf_treap_erase(H, b)
            if H.hi[b] - H.lo[b] == sz:
                H.free[b] = 0
            else:
                nx = b
                b = _bf_new_block(H, H.lo[nx], H.lo[nx] + sz, nx, &state)
                H.lo[nx] += sz
                _bf_treap_insert(H, nx)
        block_of[r] = b
        off[r] = H.lo[b]
        if off[r] + sz > total:
            total = off[r] + sz
            if total > cutoff:
                return -1
        _bf_live_push(hk, hp, nlive, E[r], r)
        nlive += 1
    return total


def _pack_sweep(const int64_t[::1] starts, const int64_t[::1] ends,
                const int64_t[::1] sizes, int64_t alignment, int effort,
                int64_t cutoff=INT64_MAX):
    """Online best-fit in first-use order (ties: larger first, then index):
    each buffer takes the smallest free block that fits (lowest on ties) of a
    simulated heap where buffers are freed after their last use, else the
    top.  O(n log n): free blocks in a treap keyed by (length, offset),
    neighbours in an address-ordered list, live buffers in a heap by last
    use.  Same plan as one best-fit pass in that order (the placed buffers
    meeting the next one are exactly the live ones), much faster but looser
    than size-first orders.  `effort` is ignored.  With `cutoff`, (None, -1)
    as soon as the peak exceeds it.  Assumes validated input (see
    _pack_best_fit).

    Pure Python equivalent: _pack_best_fit's pass with
    order = np.lexsort((np.arange(n), -sizes, starts)).
    """
    cdef Py_ssize_t n = sizes.shape[0]
    if n == 0:
        return np.zeros(0, dtype=np.int64), 0
    perm_a = _argsort_stable(np.asarray(starts))
    S_a = np.asarray(starts)[perm_a]
    E_a = np.asarray(ends)[perm_a]
    Z_a = np.asarray(sizes)[perm_a]
    cdef int64_t[::1] Sv = S_a, Ev = E_a, Zv = Z_a, pv_ = perm_a
    off_a = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] offv = off_a
    block_a = np.empty(n, dtype=np.intp)
    cdef Py_ssize_t[::1] blk = block_a
    hk_a = np.empty(n, dtype=np.int64)
    hp_a = np.empty(n, dtype=np.intp)
    cdef int64_t[::1] hkv = hk_a
    cdef Py_ssize_t[::1] hpv = hp_a
    cdef Py_ssize_t m = 2 * n + 2
    lo_a = np.empty(m, dtype=np.int64)
    hi_a = np.empty(m, dtype=np.int64)
    prev_a = np.empty(m, dtype=np.intp)
    next_a = np.empty(m, dtype=np.intp)
    free_a = np.zeros(m, dtype=np.int8)
    left_a = np.empty(m, dtype=np.intp)
    right_a = np.empty(m, dtype=np.intp)
    prio_a = np.empty(m, dtype=np.uint64)
    pool_a = np.empty(m, dtype=np.intp)
    cdef int64_t[::1] lov = lo_a, hiv = hi_a
    cdef Py_ssize_t[::1] pv = prev_a, nv = next_a, lv = left_a, rv = right_a, plv = pool_a
    cdef signed char[::1] fv = free_a
    cdef uint64_t[::1] prv = prio_a
    cdef _bf_Heap H
    H.lo = &lov[0]
    H.hi = &hiv[0]
    H.prev = &pv[0]
    H.next = &nv[0]
    H.free = <char*>&fv[0]
    H.left = &lv[0]
    H.right = &rv[0]
    H.prio = &prv[0]
    H.pool = &plv[0]
    cdef int64_t total
    with nogil:
        total = _bf_sweep(n, &Sv[0], &Ev[0], &Zv[0], &pv_[0], &offv[0], &blk[0],
                          &hkv[0], &hpv[0], &H, cutoff)
    if total < 0:
        return None, -1
    offsets = np.empty(n, dtype=np.int64)
    offsets[perm_a] = off_a
    return offsets, int(total)


def _pack_best_fit_order_bk(const int64_t[::1] starts, const int64_t[::1] ends,
                            const int64_t[::1] sizes, order, int shift=-1, bint first=False):
    """One best-fit pass (first fit with `first`) in the given order on time
    buckets of 2**shift leaves (default: _bf_bk_shift's choice, else 0); for
    tests."""
    cdef Py_ssize_t n = sizes.shape[0]
    offsets = np.zeros(n, dtype=np.int64)
    if n == 0:
        return offsets, 0
    T, lla, lha = _bf_leaves(np.asarray(starts), np.asarray(ends))
    if shift < 0:
        shift = max(_bf_bk_shift(lla, lha, n), 0)
    cdef int64_t t
    cdef _bf_Bk K
    memset(&K, 0, sizeof(_bf_Bk))
    try:
        _bf_bk_init(&K, T, shift)
        t = _bf_bk_run(&K, np.ascontiguousarray(order, dtype=np.int64), np.asarray(sizes),
                       lla, lha, offsets, INT64_MAX, 0, first)
    finally:
        _bf_bk_free(&K)
    return offsets, int(t)
