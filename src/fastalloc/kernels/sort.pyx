# cython: language_level=3
"""Sorting kernels shared by the other kernels.

* ``_argsort_stable(keys)``: indices sorting int64 keys ascending, ties by
  index (``np.argsort(keys, kind="stable")``), by counting sort when the keys
  span few values.
* ``_i64_sort(a, tmp, n)`` (cdef, ``sort.pxd``): in-place ascending sort of
  int64 keys (``a[:n] = sorted(a[:n])``); ``_py_i64_sort`` exposes it to tests.
"""

from libc.stdint cimport int64_t
from libc.string cimport memcpy

import numpy as np


def _argsort_stable(keys):
    """Indices that sort int64 ``keys`` ascending, ties by index (numpy's
    ``argsort(kind="stable")``).  Op indices span little more than n values,
    so a counting sort, O(n + span), does it when the span is at most 4n;
    otherwise numpy's radix/merge sort.  Shared by every sweep of the kernels.
    Pure Python equivalent::

        sorted(range(len(keys)), key=lambda i: (keys[i], i))
    """
    k = np.ascontiguousarray(keys, dtype=np.int64)
    cdef int64_t n = k.shape[0]
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    lo = int(k.min())
    span = int(k.max()) - lo + 1
    if span > 4 * n + 1024:
        return np.argsort(k, kind="stable").astype(np.int64, copy=False)
    count_arr = np.zeros(span + 1, dtype=np.int64)
    out_arr = np.empty(n, dtype=np.int64)
    cdef const int64_t[::1] kv = k
    cdef int64_t[::1] count = count_arr
    cdef int64_t[::1] out = out_arr
    cdef int64_t base = lo, i, c, nspan = span
    with nogil:
        for i in range(n):
            count[kv[i] - base + 1] += 1
        for c in range(nspan):
            count[c + 1] += count[c]
        for i in range(n):
            c = kv[i] - base
            out[count[c]] = i
            count[c] += 1
    return out_arr


cdef void _i64_sort(int64_t* a, int64_t* tmp, int64_t n) noexcept nogil:
    """Sort ``a[:n]`` ascending; ``tmp`` has room for n values.  Insertion
    sort of runs of 8, then bottom-up merges written so that the compiler can
    use conditional moves (the keys of a query come in random order).
    Pure Python equivalent: ``a[:n] = sorted(a[:n])``."""
    cdef int64_t lo, hi, i, j, width, mid, k, p, q, x, y
    cdef int64_t* src = a
    cdef int64_t* dst = tmp
    cdef int64_t* sw
    cdef bint t
    lo = 0
    while lo < n:
        hi = lo + 8 if lo + 8 < n else n
        for i in range(lo + 1, hi):
            x = a[i]
            j = i
            while j > lo and x < a[j - 1]:
                a[j] = a[j - 1]
                j -= 1
            a[j] = x
        lo = hi
    width = 8
    while width < n:
        lo = 0
        while lo < n:
            mid = lo + width if lo + width < n else n
            hi = lo + 2 * width if lo + 2 * width < n else n
            p = lo
            q = mid
            k = lo
            while p < mid and q < hi:
                x = src[p]
                y = src[q]
                t = y < x
                dst[k] = y if t else x
                q += t
                p += 1 - t
                k += 1
            while p < mid:
                dst[k] = src[p]
                p += 1
                k += 1
            while q < hi:
                dst[k] = src[q]
                q += 1
                k += 1
            lo = hi
        sw = src
        src = dst
        dst = sw
        width *= 2
    if src != a:
        memcpy(a, src, n * sizeof(int64_t))


def _py_i64_sort(const int64_t[::1] keys):
    """``keys`` sorted by ``_i64_sort`` (test hook)."""
    out = np.array(keys, dtype=np.int64)
    tmp = np.empty(max(out.shape[0], 1), dtype=np.int64)
    cdef int64_t[::1] o = out
    cdef int64_t[::1] t = tmp
    if out.shape[0]:
        _i64_sort(&o[0], &t[0], out.shape[0])
    return out
