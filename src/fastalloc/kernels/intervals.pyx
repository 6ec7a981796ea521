# cython: language_level=3
"""Interval structures shared by the packers and the validator.

* ``_IntervalIndex`` (``_ii_init``, ``_ii_activate``, ``_ii_query``,
  ``_ii_free``; declared in ``intervals.pxd``): a static set of intervals, each
  activated once; a query lists the active ones that intersect ``[s, e]`` in
  about O(C + k) for k hits and C nonempty length classes.  Pure Python::

      [i for i in range(n) if active[i] and starts[i] <= e and s <= ends[i]]

  ``_interval_classes`` computes its input; ``_py_interval_query`` exposes it
  to tests.
* ``_fen_add``, ``_fen_prefix``, ``_fen_kth`` (inline, in ``intervals.pxd``):
  a Fenwick tree (Fenwick 1994) over slots with prefix counts and k-th
  occupied slot.
"""

from libc.math cimport frexp
from libc.stdint cimport int64_t, uint8_t, INT64_MAX, INT64_MIN
from libc.stdlib cimport malloc, free

from fastalloc.kernels._buf cimport new_i64
from fastalloc.kernels.sort cimport _argsort_into


cdef int _ii_init(_IntervalIndex* t, const int64_t* starts, const int64_t* ends,
                  const int64_t* order, const int64_t* cls, int64_t n) except -1 nogil:
    """Build an index over ``n`` intervals, all inactive.  ``order`` sorts them
    by (cls, start, id) and ``cls`` gives each one's class (0..64).  Free with
    ``_ii_free``."""
    cdef int64_t p, i, c, ln
    t.start = <int64_t*>malloc(max(n, 1) * sizeof(int64_t))
    t.end = <int64_t*>malloc(max(n, 1) * sizeof(int64_t))
    t.real_end = <int64_t*>malloc(max(n, 1) * sizeof(int64_t))
    t.id = <int64_t*>malloc(max(n, 1) * sizeof(int64_t))
    t.pos = <int64_t*>malloc(max(n, 1) * sizeof(int64_t))
    if t.start == NULL or t.end == NULL or t.real_end == NULL or t.id == NULL or t.pos == NULL:
        with gil:
            raise MemoryError()
    t.n_classes = 65
    for c in range(66):
        t.cls_ptr[c] = 0
    for c in range(65):
        t.cls_maxlen[c] = 0
    for p in range(n):
        i = order[p]
        c = cls[i]
        t.cls_ptr[c + 1] += 1
        t.start[p] = starts[i]
        t.end[p] = INT64_MIN
        t.real_end[p] = ends[i]
        t.id[p] = i
        t.pos[i] = p
        ln = ends[i] - starts[i]
        if ln > t.cls_maxlen[c]:
            t.cls_maxlen[c] = ln
    for c in range(65):
        t.cls_ptr[c + 1] += t.cls_ptr[c]
    # Table size at most about 4n entries over the 65 classes.
    cdef int64_t tlo = INT64_MAX, thi = INT64_MIN, b, bt, top, span
    for p in range(n):
        if starts[p] < tlo:
            tlo = starts[p]
        if starts[p] > thi:
            thi = starts[p]
    if n == 0:
        tlo = 0
        thi = 0
    span = thi - tlo
    t.tlo = tlo
    t.tshift = 0
    while (span >> t.tshift) + 2 > (4 * n + 4096) // 65:
        t.tshift += 1
    t.nb = (span >> t.tshift) + 2
    t.tab = <int64_t*>malloc(65 * t.nb * sizeof(int64_t))
    if t.tab == NULL:
        with gil:
            raise MemoryError()
    for c in range(65):
        p = t.cls_ptr[c]
        top = t.cls_ptr[c + 1]
        for b in range(t.nb):
            bt = tlo + (b << t.tshift)
            while p < top and t.start[p] < bt:
                p += 1
            t.tab[c * t.nb + b] = p
    return 0


cdef void _ii_free(_IntervalIndex* t) noexcept nogil:
    free(t.start)
    free(t.end)
    free(t.real_end)
    free(t.id)
    free(t.pos)
    free(t.tab)
    t.start = t.end = t.real_end = t.id = t.pos = t.tab = NULL



cdef int64_t _ii_query(const _IntervalIndex* t, int64_t s, int64_t e,
                       int64_t* out) noexcept nogil:
    """Write to ``out`` the ids of the active intervals intersecting ``[s, e]``
    (grouped by class, by start within a class); return their number."""
    cdef int64_t c, lo, hi, mid, p, top, low, k = 0
    for c in range(65):
        lo = t.cls_ptr[c]
        top = t.cls_ptr[c + 1]
        if lo == top:
            continue
        low = s - t.cls_maxlen[c]
        hi = top
        if low > t.tlo:
            mid = (low - t.tlo) >> t.tshift
            if mid + 1 < t.nb:
                lo = t.tab[c * t.nb + mid]
                hi = t.tab[c * t.nb + mid + 1]
            else:
                lo = top
        while lo < hi:
            mid = (lo + hi) >> 1
            if t.start[mid] < low:
                lo = mid + 1
            else:
                hi = mid
        p = lo
        while p < top and t.start[p] <= e:
            # Branch-free filter: about half the candidates fail, at random.
            out[k] = t.id[p]
            k += t.end[p] >= s
            p += 1
    return k



def _interval_classes(const int64_t[::1] starts, const int64_t[::1] ends):
    """(order, cls) for ``_ii_init``, int64 ``array.array``s: class = binary
    exponent of the length as a double (float rounding may shift a class by
    one; any class is correct), clipped to [0, 64]; order by (class, start,
    index).  numpy equivalent::

        cls = np.clip(np.frexp((ends - starts).astype(np.float64))[1], 0, 64)
        by_start = np.argsort(starts, kind="stable")
        order = by_start[np.argsort(cls[by_start], kind="stable")]
    """
    cdef int64_t n = starts.shape[0], i, c
    cdef int ex
    order = new_i64(n, False)
    cls = new_i64(n, False)
    if n == 0:
        return order, cls
    cdef int64_t[::1] o = order
    cdef int64_t[::1] k = cls
    cdef int64_t count[66]
    cdef int64_t* by_start = <int64_t*>malloc(n * sizeof(int64_t))
    if by_start == NULL:
        raise MemoryError()
    try:
        _argsort_into(&starts[0], n, by_start)
        with nogil:
            for c in range(66):
                count[c] = 0
            for i in range(n):
                frexp(<double>(ends[i] - starts[i]), &ex)
                c = 0 if ex < 0 else (64 if ex > 64 else ex)
                k[i] = c
                count[c + 1] += 1
            for c in range(65):
                count[c + 1] += count[c]
            # stable counting sort of the start order by class
            for i in range(n):
                c = k[by_start[i]]
                o[count[c]] = by_start[i]
                count[c] += 1
    finally:
        free(by_start)
    return order, cls


def _py_interval_query(const int64_t[::1] starts, const int64_t[::1] ends,
                       const uint8_t[::1] active, int64_t s, int64_t e):
    """Ids of the active intervals intersecting ``[s, e]``, ascending, via the
    interval index (test hook)."""
    import numpy as np

    cdef int64_t n = starts.shape[0], i, k
    if n == 0:
        return np.empty(0, dtype=np.int64)
    order_arr, cls_arr = _interval_classes(starts, ends)
    cdef const int64_t[::1] order = order_arr
    cdef const int64_t[::1] cls = cls_arr
    hits = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] h = hits
    cdef _IntervalIndex index
    index.start = index.end = index.real_end = index.id = index.pos = index.tab = NULL
    try:
        _ii_init(&index, &starts[0], &ends[0], &order[0], &cls[0], n)
        for i in range(n):
            if active[i]:
                _ii_activate(&index, i)
        k = _ii_query(&index, s, e, &h[0])
    finally:
        _ii_free(&index)
    return np.sort(hits[:k])
