# cython: language_level=3
"""Lower bound of a packing problem and the conflict search behind
``fastalloc.validate``; both independent of every packer.
"""

from libc.stdint cimport int64_t

from fastalloc.kernels.intervals cimport _fen_add, _fen_prefix, _fen_kth

import numpy as np

from fastalloc.kernels.sort import _argsort_stable


cdef int64_t _lower_bound_dense(const int64_t[::1] starts, const int64_t[::1] ends,
                                const int64_t[::1] sizes, int64_t lo, int64_t[::1] diff) noexcept:
    cdef int64_t n = starts.shape[0], i, live = 0, best = 0
    with nogil:
        for i in range(n):
            diff[starts[i] - lo] += sizes[i]
            diff[ends[i] - lo + 1] -= sizes[i]
        for i in range(diff.shape[0]):
            live += diff[i]
            if live > best:
                best = live
    return best


def _lower_bound(const int64_t[::1] starts, const int64_t[::1] ends,
                 const int64_t[::1] sizes):
    """Max over time of the sum of sizes of the live buffers (inclusive
    lifetimes): no plan can have a smaller total.

    Assumes validated input (``starts <= ends``, ``sizes`` aligned, their sum
    within int64).  Sweep over the starts and the ends, each sorted; at equal
    times a start comes before an end (a buffer ending at t and one starting at
    t are both live at t).  O(n log n).  Pure Python equivalent::

        max((sum(z for s, e, z in bufs if s <= t <= e) for t in starts), default=0)
    """
    cdef int64_t n = starts.shape[0]
    if n == 0:
        return 0
    cdef int64_t i = 0, j = 0, live = 0, best = 0, lo, span
    lo = int(np.min(starts))
    span = int(np.max(ends)) - lo + 2
    if span <= 4 * n + 1024:
        # Few distinct times: a difference array, O(n + span), no sort.
        diff_arr = np.zeros(span, dtype=np.int64)
        return _lower_bound_dense(starts, ends, sizes, lo, diff_arr)
    os_arr = _argsort_stable(starts)
    oe_arr = _argsort_stable(ends)
    cdef const int64_t[::1] os = os_arr
    cdef const int64_t[::1] oe = oe_arr
    with nogil:
        while i < n:
            if ends[oe[j]] < starts[os[i]]:
                live -= sizes[oe[j]]
                j += 1
            else:
                live += sizes[os[i]]
                if live > best:
                    best = live
                i += 1
    return best


def _find_conflict(const int64_t[::1] starts, const int64_t[::1] ends,
                   const int64_t[::1] sizes, const int64_t[::1] offsets):
    """The first pair of buffers that are live at the same time and overlap in
    memory, as ``(earlier, later)``, or ``(-1, -1)`` if there is none.

    Assumes validated input (``starts <= ends``, ``offsets >= 0``,
    ``offsets + sizes`` within int64).  Zero-size buffers occupy no memory and
    never conflict.  Independent of every packer: a sweep over time (starts
    ascending, ties by index; buffers ending before the current start leave
    first) keeps the live buffers in a Fenwick tree over their rank by
    (offset, index); live buffers are pairwise disjoint, so a new buffer can
    only overlap its predecessor or its successor in offset order.
    O(n log n).  Pure Python equivalent (quadratic)::

        for i, j in combinations(range(n), 2):
            if s[i] <= e[j] and s[j] <= e[i] and o[i] < o[j] + z[j] and o[j] < o[i] + z[i]:
                return i, j
    """
    cdef int64_t n = starts.shape[0]
    if n == 0:
        return -1, -1
    idx = np.arange(n, dtype=np.int64)
    os_arr = _argsort_stable(starts)
    oe_arr = _argsort_stable(ends)
    by_off = np.argsort(np.asarray(offsets), kind="stable").astype(np.int64, copy=False)
    slot_arr = np.empty(n, dtype=np.int64)
    slot_arr[by_off] = idx
    fen_arr = np.zeros(n + 1, dtype=np.int64)
    cdef const int64_t[::1] os = os_arr
    cdef const int64_t[::1] oe = oe_arr
    cdef const int64_t[::1] owner = by_off
    cdef const int64_t[::1] slot = slot_arr
    cdef int64_t[::1] fen = fen_arr
    cdef int64_t i = 0, j = 0, b, c, p, q, total = 0, first = -1, second = -1
    with nogil:
        while i < n:
            b = oe[j]
            if ends[b] < starts[os[i]]:
                if sizes[b] > 0:
                    _fen_add(&fen[0], n, slot[b], -1)
                    total -= 1
                j += 1
                continue
            b = os[i]
            i += 1
            if sizes[b] == 0:
                continue
            c = _fen_prefix(&fen[0], slot[b])
            if c > 0:
                p = owner[_fen_kth(&fen[0], n, c)]
                if offsets[p] + sizes[p] > offsets[b]:
                    first = p
                    second = b
                    break
            if c < total:
                q = owner[_fen_kth(&fen[0], n, c + 1)]
                if offsets[b] + sizes[b] > offsets[q]:
                    first = q
                    second = b
                    break
            _fen_add(&fen[0], n, slot[b], 1)
            total += 1
    return first, second
