from libc.stdint cimport int64_t


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
