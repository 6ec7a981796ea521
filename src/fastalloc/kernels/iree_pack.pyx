# cython: language_level=3
"""IREE's static packer (``packStaticSlicesGreedily``, LayoutSlices.cpp):
the same offsets as IREE, through an interval index (``_pack_iree``), a
sliding window for start-sorted input (``_pack_iree_window``) or IREE's own
quadratic walk (``_pack_iree_quadratic``, also the reference in tests).
Results are int64 ``array.array``s (``_buf.pxd``); fastalloc.packing gives
them to its callers as numpy arrays.
"""

from libc.math cimport log2
from libc.stdint cimport int64_t, uint64_t, INT64_MAX
from libc.stdlib cimport malloc, free

from fastalloc.kernels._buf cimport new_i64
from fastalloc.kernels._types cimport _align
from fastalloc.kernels.intervals cimport (
    _IntervalIndex, _ii_init, _ii_free, _ii_activate, _ii_query,
)
from fastalloc.kernels.sort cimport _i64_sort, _n_meeting, _sorted_bounds

from fastalloc.kernels.intervals import _interval_classes


def _iree_prefers_quadratic(const int64_t[::1] starts, const int64_t[::1] ends):
    """Whether IREE's own quadratic walk beats index + sort on this input
    (both give the same offsets).  Slice i meets about half of the K_i
    intervals that intersect it (those visited before it), costing about
    k log k for the sort, against n per slice for the full walk; constants
    measured on random workloads.  numpy equivalent::

        ss, es = np.sort(starts), np.sort(ends)
        k = (np.searchsorted(ss, ends, "right") - np.searchsorted(es, starts, "left")) / 2 + 1
        return n >= 256 and np.sum(k * (np.log2(k) + 1)) * 3 > n * n
    """
    cdef int64_t n = starts.shape[0], i
    cdef double k, total = 0.0
    if n < 256:
        return False
    cdef int64_t* ss = <int64_t*>malloc(n * sizeof(int64_t))
    cdef int64_t* es = <int64_t*>malloc(n * sizeof(int64_t))
    cdef int64_t* tmp = <int64_t*>malloc(n * sizeof(int64_t))
    if ss == NULL or es == NULL or tmp == NULL:
        free(ss)
        free(es)
        free(tmp)
        raise MemoryError()
    with nogil:
        _sorted_bounds(&starts[0], &ends[0], n, ss, es, tmp)
        for i in range(n):
            k = _n_meeting(ss, es, n, starts[i], ends[i]) / 2.0 + 1.0
            total += k * (log2(k) + 1.0)
    free(ss)
    free(es)
    free(tmp)
    return total * 3.0 > <double>n * <double>n


def _pack_iree(const int64_t[::1] starts, const int64_t[::1] ends,
               const int64_t[::1] sizes, int64_t offset_alignment):
    """IREE's ``packStaticSlicesGreedily`` (LayoutSlices.cpp), same offsets,
    without its quadratic scan.

    Assumes validated input: ``0 <= starts <= ends`` (inclusive lifetimes),
    ``sizes`` already rounded up to the range alignment, a power-of-two
    ``offset_alignment``, and sum of sizes plus ``n * offset_alignment`` within
    int64.  Returns ``(offsets, highwater)``; IREE's total is
    ``align(highwater, range_alignment)``.

    IREE visits slices in the given order and keeps every reservation in a
    list sorted by offset (a new one goes before the existing ones with an
    equal offset).  For each slice it walks that list, skips reservations whose
    lifetime does not intersect, and tracks ``cur``, the furthest end seen; at
    each intersecting reservation ``r`` it takes ``align(cur)`` if the slice fits
    below ``r.off`` and ``r.off - align(cur)`` beats the best fit so far (the best
    fit being recorded, as IREE does, as ``r.off - cur``, unaligned); failing all
    gaps it takes ``align(cur)`` at the end.

    Only intersecting reservations influence the result, and only in list
    order, so this kernel enumerates them with an interval index (about
    O(k + log n) for k of them), sorts them by (offset, newest first) -- exactly the list
    order -- and runs the same walk: O(sum k log k) instead of O(n^2).
    Slices sorted by start (IREE's canonical order) take an O(k) sliding
    window instead (``_pack_iree_window``), and inputs where almost everything
    intersects fall back to the quadratic walk, which is then cheaper.
    Pure Python equivalent (IREE's loop)::

        res = []                      # (off, size, i) sorted as IREE's list
        for i in range(n):
            cur, best, fit = 0, None, INF
            for off, size, j in res:
                if not (ends[j] >= starts[i] and ends[i] >= starts[j]): continue
                a = align(cur)
                if a + sizes[i] <= off and off - a < fit: best, fit = a, off - cur
                cur = max(cur, off + size)
            best = align(cur) if best is None else best
            res.insert(first index with off >= best, (best, sizes[i], i))
    """
    cdef int64_t n = starts.shape[0], i
    offsets_arr = new_i64(n, True)
    if n == 0:
        return offsets_arr, 0
    i = 1
    while i < n and starts[i - 1] <= starts[i]:
        i += 1
    if i == n:
        return _pack_iree_window(starts, ends, sizes, offset_alignment, offsets_arr)
    if _iree_prefers_quadratic(starts, ends):
        return _pack_iree_quadratic(starts, ends, sizes, offset_alignment)
    # Each intersecting reservation becomes one int64 key, offset in the high
    # bits and (mask - index) in the low ones, so that ascending keys are
    # IREE's list order (offset, newest first).  Offsets never exceed
    # `bound`; if that does not leave room for the index, walk quadratically.
    cdef int64_t shift = max(1, int(n - 1).bit_length())
    bound = _sum_nonneg(sizes) + n * (offset_alignment - 1)
    if bound >= 2 ** (63 - int(shift)):
        return _pack_iree_quadratic(starts, ends, sizes, offset_alignment)
    cdef int64_t mask = ((<int64_t>1) << shift) - 1
    order_arr, cls_arr = _interval_classes(starts, ends)
    hits_arr = new_i64(n, False)
    tmp_arr = new_i64(n, False)
    cdef int64_t[::1] offsets = offsets_arr
    cdef const int64_t[::1] order = order_arr
    cdef const int64_t[::1] cls = cls_arr
    cdef int64_t[::1] hits = hits_arr
    cdef int64_t[::1] tmp = tmp_arr
    cdef _IntervalIndex index
    index.start = index.end = index.real_end = index.id = index.pos = index.tab = NULL
    cdef int64_t j, k, r, off, cur, a, best, fit, size, hw = 0
    try:
        _ii_init(&index, &starts[0], &ends[0], &order[0], &cls[0], n)
        with nogil:
            for i in range(n):
                size = sizes[i]
                k = _ii_query(&index, starts[i], ends[i], &hits[0])
                for j in range(k):
                    r = hits[j]
                    hits[j] = (offsets[r] << shift) | (mask - r)
                _i64_sort(&hits[0], &tmp[0], k)
                cur = 0
                best = INT64_MAX
                fit = INT64_MAX
                for j in range(k):
                    off = hits[j] >> shift
                    a = _align(cur, offset_alignment)
                    if a + size <= off and off - a < fit:
                        best = a
                        fit = off - cur
                    r = mask - (hits[j] & mask)
                    if off + sizes[r] > cur:
                        cur = off + sizes[r]
                if best == INT64_MAX:
                    best = _align(cur, offset_alignment)
                offsets[i] = best
                if best + size > hw:
                    hw = best + size
                _ii_activate(&index, i)
    finally:
        _ii_free(&index)
    return offsets_arr, hw


cdef struct _Live:
    int64_t off       # reservation offset
    int64_t end       # off + aligned size
    int64_t key       # -(slice index): IREE puts newer reservations first among equal offsets
    int64_t last      # last op of the slice's lifetime


def _pack_iree_window(const int64_t[::1] starts, const int64_t[::1] ends,
                      const int64_t[::1] sizes, int64_t offset_alignment, offsets_arr):
    """``_pack_iree`` for slices visited in non-decreasing start order (IREE's
    canonical order): every earlier slice starts no later, so it intersects
    the current one iff it is still live at the current start.  The live
    reservations are kept in an array sorted as IREE's list; one pass per
    slice drops the expired ones and runs IREE's walk over the others, then
    the new reservation is inserted in place.  O(k) per slice for k live."""
    cdef int64_t n = starts.shape[0]
    cdef int64_t[::1] offsets = offsets_arr
    cdef _Live* live = <_Live*>malloc(max(n, 1) * sizeof(_Live))
    if live == NULL:
        raise MemoryError()
    cdef int64_t i, j, w, m = 0, lo, hi, mid, s, size, cur, a, best, fit, hw = 0
    cdef _Live x
    try:
        with nogil:
            for i in range(n):
                s = starts[i]
                size = sizes[i]
                cur = 0
                best = INT64_MAX
                fit = INT64_MAX
                w = 0
                for j in range(m):
                    if live[j].last < s:
                        continue
                    a = _align(cur, offset_alignment)
                    if a + size <= live[j].off and live[j].off - a < fit:
                        best = a
                        fit = live[j].off - cur
                    if live[j].end > cur:
                        cur = live[j].end
                    live[w] = live[j]
                    w += 1
                m = w
                if best == INT64_MAX:
                    best = _align(cur, offset_alignment)
                offsets[i] = best
                if best + size > hw:
                    hw = best + size
                x.off = best
                x.end = best + size
                x.key = -i
                x.last = ends[i]
                # First position with (off, key) > (best, -i): since -i is the
                # smallest key so far, that is the first offset >= best.
                lo = 0
                hi = m
                while lo < hi:
                    mid = (lo + hi) >> 1
                    if live[mid].off < best:
                        lo = mid + 1
                    else:
                        hi = mid
                j = m
                while j > lo:
                    live[j] = live[j - 1]
                    j -= 1
                live[lo] = x
                m += 1
    finally:
        free(live)
    return offsets_arr, hw


def _pack_iree_quadratic(const int64_t[::1] starts, const int64_t[::1] ends,
                         const int64_t[::1] sizes, int64_t offset_alignment):
    """IREE's ``packStaticSlicesGreedily`` transcribed loop for loop: an
    offset-sorted reservation array walked in full for every slice, O(n^2).
    The reference that ``_pack_iree`` is tested and benchmarked against; same
    contract and result as ``_pack_iree``."""
    cdef int64_t n = starts.shape[0]
    offsets_arr = new_i64(n, True)
    if n == 0:
        return offsets_arr, 0
    list_arr = new_i64(n, False)   # slice ids in IREE's list order
    cdef int64_t[::1] offsets = offsets_arr
    cdef int64_t[::1] lst = list_arr
    cdef int64_t i, j, r, m = 0, cur, a, best, fit, size, hw = 0
    with nogil:
        for i in range(n):
            size = sizes[i]
            cur = 0
            best = INT64_MAX
            fit = INT64_MAX
            for j in range(m):
                r = lst[j]
                if not (ends[r] >= starts[i] and ends[i] >= starts[r]):
                    continue
                a = _align(cur, offset_alignment)
                if a + size <= offsets[r] and offsets[r] - a < fit:
                    best = a
                    fit = offsets[r] - cur
                if offsets[r] + sizes[r] > cur:
                    cur = offsets[r] + sizes[r]
            if best == INT64_MAX:
                best = _align(cur, offset_alignment)
            offsets[i] = best
            j = 0
            while j < m and offsets[lst[j]] < best:
                j += 1
            r = m
            while r > j:
                lst[r] = lst[r - 1]
                r -= 1
            lst[j] = i
            m += 1
            if best + size > hw:
                hw = best + size
    return offsets_arr, hw


def _sum_nonneg(const int64_t[::1] x):
    """Exact sum of non-negative int64 values as a Python int: the high and
    low 32 bits summed apart (neither sum can wrap for n < 2**32)."""
    cdef uint64_t hi = 0, lo = 0, v, low_mask = 0xFFFFFFFF
    cdef Py_ssize_t i
    with nogil:
        for i in range(x.shape[0]):
            v = <uint64_t>x[i]
            hi += v >> 32
            lo += v & low_mask
    return (int(hi) << 32) + int(lo)


def _py_align(int64_t x, int64_t a):
    """``_types._align`` (IREE's ``Util::align``): ``(x + a - 1) & -a`` for a
    power of two ``a`` (test hook)."""
    return _align(x, a)
