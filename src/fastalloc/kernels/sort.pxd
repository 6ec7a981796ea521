from libc.stdint cimport int64_t


cdef void _i64_sort(int64_t* a, int64_t* tmp, int64_t n) noexcept nogil
