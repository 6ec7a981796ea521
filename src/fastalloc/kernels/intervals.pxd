from libc.stdint cimport int64_t


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
                  const int64_t* order, const int64_t* cls, int64_t n) except -1 nogil
cdef void _ii_free(_IntervalIndex* t) noexcept nogil
cdef int64_t _ii_query(const _IntervalIndex* t, int64_t s, int64_t e,
                       int64_t* out) noexcept nogil


cdef inline void _ii_activate(_IntervalIndex* t, int64_t i) noexcept nogil:
    cdef int64_t p = t.pos[i]
    t.end[p] = t.real_end[p]


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
