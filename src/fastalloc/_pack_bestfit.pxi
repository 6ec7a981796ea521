# Included by _core.pyx: the "best-fit" packing strategy.
#
# Every private name here starts with _bf_ because this file is textually
# included into _core.pyx, which is owned by someone else.

cimport cython
from libc.stdint cimport int64_t, INT64_MAX
from libc.stdlib cimport malloc, realloc, free, qsort
from libc.string cimport memset

import numpy as np


ctypedef struct _bf_Span:
    int64_t lo
    int64_t hi


cdef int _bf_cmp_span(const void* a, const void* b) noexcept nogil:
    cdef int64_t x = (<const _bf_Span*>a).lo
    cdef int64_t y = (<const _bf_Span*>b).lo
    return (x > y) - (x < y)


def _pack_best_fit(const int64_t[::1] starts, const int64_t[::1] ends,
                   const int64_t[::1] sizes, int64_t alignment, int effort):
    """Best-fit offset assignment (simple O(n^2) version, replaced below).

    Assumes validated input (see fastalloc.packing.pack).
    """
    cdef Py_ssize_t n = sizes.shape[0]
    offsets = np.zeros(n, dtype=np.int64)
    if n == 0:
        return offsets, 0
    cdef int64_t[::1] off = offsets
    order = np.lexsort((np.arange(n), np.asarray(starts), -np.asarray(sizes)))
    cdef const int64_t[::1] ordv = order.astype(np.int64)
    cdef _bf_Span* spans = <_bf_Span*>malloc(n * sizeof(_bf_Span))
    cdef int64_t* placed = <int64_t*>malloc(n * sizeof(int64_t))
    cdef Py_ssize_t npl = 0, k, j, r
    cdef int64_t i, p, cur, best, best_gap, gap, total = 0, sz
    if spans == NULL or placed == NULL:
        free(spans); free(placed)
        raise MemoryError()
    try:
        with nogil:
            for r in range(n):
                i = ordv[r]
                sz = sizes[i]
                if sz == 0:
                    off[i] = 0
                    continue
                k = 0
                for j in range(npl):
                    p = placed[j]
                    if starts[p] <= ends[i] and starts[i] <= ends[p]:
                        spans[k].lo = off[p]
                        spans[k].hi = off[p] + sizes[p]
                        k += 1
                qsort(spans, k, sizeof(_bf_Span), _bf_cmp_span)
                cur = 0
                best = -1
                best_gap = INT64_MAX
                for j in range(k):
                    if spans[j].lo > cur:
                        gap = spans[j].lo - cur
                        if gap >= sz and gap < best_gap:
                            best_gap = gap
                            best = cur
                    if spans[j].hi > cur:
                        cur = spans[j].hi
                if best < 0:
                    if cur > INT64_MAX - sz:
                        with gil:
                            raise OverflowError(
                                f"buffer {i}: offset {cur} + size {sz} overflows int64")
                    best = cur
                off[i] = best
                if best + sz > total:
                    total = best + sz
                placed[npl] = i
                npl += 1
    finally:
        free(spans)
        free(placed)
    return offsets, total
