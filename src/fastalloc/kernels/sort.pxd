from libc.stdint cimport int64_t
from libc.string cimport memcpy


cdef void _i64_sort(int64_t* a, int64_t* tmp, int64_t n) noexcept nogil
cdef int _argsort_into(const int64_t* keys, int64_t n, int64_t* out) except -1 nogil


cdef inline int64_t _count_le(const int64_t* a, int64_t n, int64_t x) noexcept nogil:
    """Number of ``a[:n]`` (sorted ascending) that are <= x:
    ``bisect.bisect_right(a[:n], x)``."""
    cdef int64_t lo = 0, hi = n, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if a[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo


cdef inline int64_t _count_lt(const int64_t* a, int64_t n, int64_t x) noexcept nogil:
    """Number of ``a[:n]`` (sorted ascending) that are < x:
    ``bisect.bisect_left(a[:n], x)``."""
    cdef int64_t lo = 0, hi = n, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


cdef inline void _sorted_bounds(const int64_t* starts, const int64_t* ends, int64_t n,
                                int64_t* ss, int64_t* es, int64_t* tmp) noexcept nogil:
    """Sorted copies of the n starts and ends into ss and es (tmp: n
    scratch), the index behind _n_meeting: ``ss, es = sorted(starts),
    sorted(ends)``."""
    memcpy(ss, starts, n * sizeof(int64_t))
    memcpy(es, ends, n * sizeof(int64_t))
    _i64_sort(ss, tmp, n)
    _i64_sort(es, tmp, n)


cdef inline int64_t _n_meeting(const int64_t* ss, const int64_t* es, int64_t n,
                               int64_t s, int64_t e) noexcept nogil:
    """Number of the n inclusive lifetimes (ss, es from _sorted_bounds)
    that meet [s, e]: all but those ending before s and those starting
    after e, ``bisect_right(ss, e) - bisect_left(es, s)``."""
    return _count_le(ss, n, e) - _count_lt(es, n, s)
