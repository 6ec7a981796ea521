# Shared by every kernel (cimport only; no module of its own).
#
# All kernels work on int64 arrays; LIVE_IN / LIVE_OUT are IREE's liveness
# sentinels (ScheduleAllocation.cpp: LIVE_IN = INT_MIN, LIVE_OUT = INT_MAX),
# which interval arrays hold unchanged.

from libc.stdint cimport int64_t

cdef enum:
    LIVE_IN_C = -2147483648
    LIVE_OUT_C = 2147483647


cdef inline int64_t _align(int64_t x, int64_t a) noexcept nogil:
    """Round ``x >= 0`` up to a multiple of the power of two ``a`` (IREE's
    ``Util::align``).  Callers guarantee no overflow."""
    return (x + (a - 1)) & ~(a - 1)
