from libc.stdint cimport int64_t


cdef void _i64_sort(int64_t* a, int64_t* tmp, int64_t n) noexcept nogil
cdef int _argsort_into(const int64_t* keys, int64_t n, int64_t* out) except -1 nogil
