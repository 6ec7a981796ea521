# cython: language_level=3
"""Native kernels of fastalloc: alias sets, liveness intervals, packing,
lower bound and plan validation.

Every kernel here assumes validated input (int64, C-contiguous, in range):
validation and coercion happen once, in Python, in :mod:`fastalloc.packing`.
The ``def`` functions only allocate their outputs with numpy and then run a
``nogil`` loop over typed memoryviews; no Python object is touched per element.

Shared helpers a packer can reuse (the best-fit strategy is included at the
end of this file, in ``_pack_bestfit.pxi``):

* ``_align(x, a)``: round up to a power-of-two alignment.
* ``_IntervalIndex`` (``_interval_classes``, ``_ii_init``, ``_ii_activate``,
  ``_ii_query``, ``_ii_free``): a static set of intervals, each activated
  once; a query lists the active ones that intersect ``[s, e]`` in about
  O(C + k) for k hits and C nonempty length classes.
* ``_i64_sort``: merge sort of int64 keys (pack (offset, tie-break) into one key).
* ``_argsort_stable``: counting sort of op indices (numpy fallback).
* ``_fen_*``: a Fenwick tree over slots with predecessor / successor search.
"""

cimport cython
from libc.stdint cimport int64_t, uint8_t, INT64_MAX, INT64_MIN
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy

import numpy as np

# IREE's sentinels (ScheduleAllocation.cpp: LIVE_IN = INT_MIN, LIVE_OUT =
# INT_MAX); interval arrays are int64 and hold them unchanged.
LIVE_IN = -2147483648
LIVE_OUT = 2147483647
cdef int64_t _LIVE_IN = -2147483648
cdef int64_t _LIVE_OUT = 2147483647


cdef inline int64_t _align(int64_t x, int64_t a) noexcept nogil:
    """Round ``x >= 0`` up to a multiple of the power of two ``a`` (IREE's
    ``Util::align``).  Callers guarantee no overflow."""
    return (x + (a - 1)) & ~(a - 1)


def _argsort_stable(keys):
    """Indices that sort int64 ``keys`` ascending, ties by index (numpy's
    ``argsort(kind="stable")``).  Op indices span little more than n values,
    so a counting sort, O(n + span), does it when the span is at most 4n;
    otherwise numpy's radix/merge sort.  Shared by every sweep here."""
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


# ---------------------------------------------------------------------------
# Alias sets
# ---------------------------------------------------------------------------

cdef inline int64_t _uf_find(int64_t* parent, int64_t x) noexcept nogil:
    # Path halving: every other node on the path skips to its grandparent.
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def alias_sets(int64_t n_values, const int64_t[::1] aliasee, const int64_t[::1] aliaser):
    """Alias sets of ``n_values`` values joined by the pairs
    ``(aliasee[k], aliaser[k])``, with union-find.

    Assumes validated input: both arrays the same length, ids in
    ``[0, n_values)``.

    Returns ``(leader, set_indptr, set_members)`` (all int64):

    * ``leader[v]``: the smallest value id of ``v``'s set (``v`` itself for a
      value that appears in no pair).
    * sets in CSR form: set ``k`` is ``set_members[set_indptr[k]:set_indptr[k+1]]``.
      Only values that appear in at least one pair are members of a set (as in
      IREE's ``ValueAliasingSet::getValueAliasSets``: a pair ``(x, x)`` makes the
      singleton ``{x}``).  Sets are ordered by leader, members ascending, so the
      output does not depend on the order of the pairs.

    IREE orders a set's members by the id it assigned at first sight and seeds
    the widened interval with the front member; since the widening takes the
    min/max over all members, member order never changes an interval.

    Algorithm: union by size, path halving, then one ascending pass that names
    every root by its smallest member and a counting sort into CSR; O(n + m a(n)).
    Pure Python equivalent::

        parent = list(range(n))
        def find(x):
            while parent[x] != x: x = parent[x]
            return x
        for a, b in pairs: parent[find(a)] = find(b)
        leader = [min(v for v in range(n) if find(v) == find(u)) for u in range(n)]
        sets = sorted({tuple(sorted(v for v in seen if leader[v] == leader[u]))
                       for u in seen})   # seen = values in some pair
    """
    cdef Py_ssize_t m = aliasee.shape[0]
    leader_arr = np.empty(n_values, dtype=np.int64)
    parent_arr = np.arange(n_values, dtype=np.int64)
    size_arr = np.ones(n_values, dtype=np.int64)
    seen_arr = np.zeros(n_values, dtype=np.uint8)
    count_arr = np.zeros(n_values + 1, dtype=np.int64)
    cdef int64_t[::1] leader = leader_arr
    cdef int64_t[::1] parent = parent_arr
    cdef int64_t[::1] size = size_arr
    cdef uint8_t[::1] seen = seen_arr
    cdef int64_t[::1] count = count_arr
    cdef int64_t k, a, b, v, r, n_sets = 0, n_members = 0
    with nogil:
        for k in range(m):
            a = aliasee[k]
            b = aliaser[k]
            seen[a] = 1
            seen[b] = 1
            if n_values == 0:
                continue
            a = _uf_find(&parent[0], a)
            b = _uf_find(&parent[0], b)
            if a == b:
                continue
            if size[a] < size[b] or (size[a] == size[b] and b < a):
                a, b = b, a
            parent[b] = a
            size[a] += size[b]
        # Ascending pass: the first member met of each root is its smallest;
        # `size` is reused to hold the root's leader.
        for v in range(n_values):
            size[v] = -1
        for v in range(n_values):
            r = _uf_find(&parent[0], v)
            if size[r] < 0:
                size[r] = v
            leader[v] = size[r]
            if seen[v]:
                n_members += 1
                if leader[v] == v:
                    n_sets += 1
    indptr_arr = np.zeros(n_sets + 1, dtype=np.int64)
    members_arr = np.empty(n_members, dtype=np.int64)
    cdef int64_t[::1] indptr = indptr_arr
    cdef int64_t[::1] members = members_arr
    with nogil:
        # count[v] = set number of leader v; then CSR by one ascending pass.
        k = 0
        for v in range(n_values):
            if seen[v] and leader[v] == v:
                count[v] = k
                k += 1
        for v in range(n_values):
            if seen[v]:
                indptr[count[leader[v]] + 1] += 1
        for k in range(n_sets):
            indptr[k + 1] += indptr[k]
        # `size` becomes the fill cursor of each set.
        for k in range(n_sets):
            size[k] = indptr[k]
        for v in range(n_values):
            if seen[v]:
                k = count[leader[v]]
                members[size[k]] = v
                size[k] += 1
    return leader_arr, indptr_arr, members_arr

# ---------------------------------------------------------------------------
# Liveness intervals
# ---------------------------------------------------------------------------

def liveness_intervals(const int64_t[::1] def_op, const int64_t[::1] use_indptr,
                       const int64_t[::1] use_ops, const uint8_t[::1] live_out,
                       const uint8_t[::1] nested, const int64_t[::1] set_indptr,
                       const int64_t[::1] set_members):
    """Closed liveness intervals ``[start, end]`` per value, as IREE's
    ``computeExecutionRegionLivenessIntervals`` (ScheduleAllocation.cpp) computes
    them, aliasing included.

    Assumes validated input: ``def_op``, ``live_out``, ``nested`` of length n;
    uses of value ``v`` are ``use_ops[use_indptr[v]:use_indptr[v+1]]``; alias
    sets in the CSR form of :func:`alias_sets`.

    Per value:

    * ``start = def_op[v]``: the index of the op defining it in the execute
      block, or ``LIVE_IN`` for a block argument.
    * ``end = LIVE_OUT`` if ``live_out[v]`` (yielded), else the max of the use
      op indices and of ``start`` -- or of 0 for a block argument:
      ``Liveness::getEndOperation(arg, &block.front())`` starts from the first
      op (index 0) and only moves to later users, so an unused, not yielded
      block argument ends at 0, and one used only by op 0 also ends at 0.

    The caller maps each use to an op index of the execute block.  IREE does it
    differently for the two kinds of values: for a block argument a nested use
    counts as its ancestor op in the block (``findAncestorOpInBlock``); for an
    op result, a use whose owner is nested in a region is looked up in the
    ordering map and counts as 0 (``DenseMap::operator[]`` default).

    Then every alias set is widened to the union (min start, max end) of its
    members' intervals, unless all its members are ``nested`` (IREE's
    ``ordinal == -1`` values, which it skips).  Nested values are, in IREE:
    unused, untied resource results of ops inside a ``stream.async.concurrent``
    (interval ``[c, c]`` with ``c`` the concurrent op's index: pass
    ``def_op = c`` and no uses) and any other value of an alias set that IREE
    never numbered, e.g. a nested block argument or a used nested result,
    whose default interval is ``[0, 0]`` (pass ``def_op = 0``, no uses, not
    live-out).  A mixed set takes those into its min/max, as IREE does.  The
    concurrent op's own results are not nested: IREE's walk visits the op
    itself too, but the top-level loop then renumbers its results.

    Returns ``(starts, ends)``, int64 arrays holding ``LIVE_IN``/``LIVE_OUT``.
    Pure Python equivalent::

        for v in range(n):
            s = def_op[v]
            e = LIVE_OUT if live_out[v] else max([0 if s == LIVE_IN else s, *uses[v]])
            start[v], end[v] = s, e
        for members in sets:
            if not all(nested[m] for m in members):
                lo, hi = min(start[m] for m in members), max(end[m] for m in members)
                for m in members: start[m], end[m] = lo, hi
    """
    cdef Py_ssize_t n = def_op.shape[0]
    cdef Py_ssize_t n_sets = set_indptr.shape[0] - 1
    starts_arr = np.empty(n, dtype=np.int64)
    ends_arr = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] starts = starts_arr
    cdef int64_t[::1] ends = ends_arr
    cdef Py_ssize_t v, u, k, j
    cdef int64_t s, e, lo, hi
    cdef bint all_nested
    with nogil:
        for v in range(n):
            s = def_op[v]
            starts[v] = s
            if live_out[v]:
                ends[v] = _LIVE_OUT
                continue
            e = 0 if s == _LIVE_IN else s
            for u in range(use_indptr[v], use_indptr[v + 1]):
                if use_ops[u] > e:
                    e = use_ops[u]
            ends[v] = e
        for k in range(n_sets):
            all_nested = True
            lo = INT64_MAX
            hi = INT64_MIN
            for j in range(set_indptr[k], set_indptr[k + 1]):
                v = set_members[j]
                if not nested[v]:
                    all_nested = False
                if starts[v] < lo:
                    lo = starts[v]
                if ends[v] > hi:
                    hi = ends[v]
            if all_nested:
                continue
            for j in range(set_indptr[k], set_indptr[k + 1]):
                v = set_members[j]
                starts[v] = lo
                ends[v] = hi
    return starts_arr, ends_arr


# ---------------------------------------------------------------------------
# Shared structures for packers
# ---------------------------------------------------------------------------

# Interval index: intervals grouped by length class (class = bit length of
# end - start, any grouping is correct; this one keeps each class's lengths
# within a factor of two), each class sorted by start.  An interval of class c
# intersects [s, e] only if s - maxlen[c] <= start <= e, and most intervals in
# that start window do intersect, so a query costs about O(C + k) for k hits
# (C <= 65 nonempty classes) instead of the O(k log n)-with-heavy-tails of a
# max-end segment tree.  ``end`` holds INT64_MIN while an interval is inactive.
cdef struct _IntervalIndex:
    int64_t n_classes
    int64_t cls_ptr[66]     # class c occupies positions cls_ptr[c]..cls_ptr[c+1]
    int64_t cls_maxlen[65]
    int64_t* start          # by (class, start, id)
    int64_t* end            # active end, INT64_MIN if inactive
    int64_t* real_end       # the interval's end, active or not
    int64_t* id
    int64_t* pos            # position of interval id
    # Coarse start lookup: tab[c * nb + b] is the first position of class c
    # whose start is >= tlo + (b << tshift); a query binary-searches only
    # between two neighbouring entries.
    int64_t tlo
    int64_t tshift
    int64_t nb
    int64_t* tab


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


cdef inline void _ii_activate(_IntervalIndex* t, int64_t i) noexcept nogil:
    cdef int64_t p = t.pos[i]
    t.end[p] = t.real_end[p]


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


def _interval_classes(starts, ends):
    """(order, cls) for ``_ii_init``: class = binary exponent of the length
    (float rounding may shift a class by one; any class is correct)."""
    lengths = np.asarray(ends) - np.asarray(starts)
    cls = np.frexp(lengths.astype(np.float64))[1].astype(np.int64)
    np.clip(cls, 0, 64, out=cls)
    by_start = _argsort_stable(starts)
    order = by_start[_argsort_stable(cls[by_start])]
    return order, cls


cdef void _i64_sort(int64_t* a, int64_t* tmp, int64_t n) noexcept nogil:
    """Sort ``a[:n]`` ascending; ``tmp`` has room for n values.  Insertion
    sort of runs of 8, then bottom-up merges written so that the compiler can
    use conditional moves (the keys of a query come in random order)."""
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


# Fenwick tree over slots 0..n-1 (array f of n + 1 counters, f[0] unused).
cdef inline void _fen_add(int64_t* f, int64_t n, int64_t i, int64_t d) noexcept nogil:
    i += 1
    while i <= n:
        f[i] += d
        i += i & (-i)


cdef inline int64_t _fen_prefix(const int64_t* f, int64_t i) noexcept nogil:
    """Sum of slots [0, i)."""
    cdef int64_t s = 0
    while i > 0:
        s += f[i]
        i -= i & (-i)
    return s


cdef inline int64_t _fen_kth(const int64_t* f, int64_t n, int64_t k) noexcept nogil:
    """The slot holding the k-th (1-based) occupied position."""
    cdef int64_t pos = 0, step = 1
    while step * 2 <= n:
        step *= 2
    while step > 0:
        if pos + step <= n and f[pos + step] < k:
            pos += step
            k -= f[pos]
        step >>= 1
    return pos


# ---------------------------------------------------------------------------
# IREE's static packer
# ---------------------------------------------------------------------------

def _iree_prefers_quadratic(s_np, e_np):
    """Whether IREE's own quadratic walk beats index + sort on this input
    (both give the same offsets).  Slice i meets about half of the K_i
    intervals that intersect it (those visited before it), costing about
    k log k for the sort, against n per slice for the full walk; constants
    measured on random workloads."""
    n = s_np.shape[0]
    if n < 256:
        return False
    ss = np.sort(s_np)
    es = np.sort(e_np)
    k = (np.searchsorted(ss, e_np, side="right") - np.searchsorted(es, s_np, side="left")) / 2.0 + 1.0
    return float(np.sum(k * (np.log2(k) + 1.0))) * 3.0 > float(n) * float(n)


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
    cdef int64_t n = starts.shape[0]
    offsets_arr = np.zeros(n, dtype=np.int64)
    if n == 0:
        return offsets_arr, 0
    s_np = np.asarray(starts)
    if bool((np.diff(s_np) >= 0).all()):
        return _pack_iree_window(starts, ends, sizes, offset_alignment, offsets_arr)
    if _iree_prefers_quadratic(s_np, np.asarray(ends)):
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
    hits_arr = np.empty(n, dtype=np.int64)
    tmp_arr = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] offsets = offsets_arr
    cdef const int64_t[::1] order = order_arr
    cdef const int64_t[::1] cls = cls_arr
    cdef int64_t[::1] hits = hits_arr
    cdef int64_t[::1] tmp = tmp_arr
    cdef _IntervalIndex index
    index.start = index.end = index.real_end = index.id = index.pos = index.tab = NULL
    cdef int64_t i, j, k, r, off, cur, a, best, fit, size, hw = 0
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
    offsets_arr = np.zeros(n, dtype=np.int64)
    if n == 0:
        return offsets_arr, 0
    list_arr = np.empty(n, dtype=np.int64)   # slice ids in IREE's list order
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


# ---------------------------------------------------------------------------
# Lower bound and validation
# ---------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------
# Wrappers exposing cdef helpers to tests
# ---------------------------------------------------------------------------

def _py_align(int64_t x, int64_t a):
    return _align(x, a)


def _py_interval_query(const int64_t[::1] starts, const int64_t[::1] ends,
                       const uint8_t[::1] active, int64_t s, int64_t e):
    """Ids of the active intervals intersecting ``[s, e]``, ascending, via the
    interval index (test hook)."""
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


def _py_i64_sort(const int64_t[::1] keys):
    """``keys`` sorted by ``_i64_sort`` (test hook)."""
    out = np.array(keys, dtype=np.int64)
    tmp = np.empty(max(out.shape[0], 1), dtype=np.int64)
    cdef int64_t[::1] o = out
    cdef int64_t[::1] t = tmp
    if out.shape[0]:
        _i64_sort(&o[0], &t[0], out.shape[0])
    return out


def _sum_nonneg(x):
    """Exact sum of non-negative int64 values as a Python int."""
    v = np.asarray(x, dtype=np.int64)
    return (int(np.sum(v >> 32, dtype=np.uint64)) << 32) + int(np.sum(v & 0xFFFFFFFF, dtype=np.uint64))


include "_pack_bestfit.pxi"
include "_ir_slots.pxi"
include "_ir_uses.pxi"
include "_ir_regions.pxi"
include "_ir_convert.pxi"
