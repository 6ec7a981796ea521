# The kernels' own arrays (cimport only; no module of its own).
#
# Kernels read any buffer (typed memoryviews) and make their results as
# ``array.array`` ('q': 8-byte signed, 'B': bytes): importing numpy costs a
# command-line run more than the whole of its passes, and the IR passes never
# need it.  fastalloc.packing, the numpy API, wraps these results with
# ``np.frombuffer`` (no copy).

from cpython cimport array as _carray


cdef inline _carray.array new_i64(Py_ssize_t n, bint zero):
    """An int64 ``array.array('q')`` of ``n`` items (zeroed if ``zero``)."""
    return _carray.clone(_carray.array('q'), n, zero)


cdef inline _carray.array new_u8(Py_ssize_t n, bint zero):
    """A uint8 ``array.array('B')`` of ``n`` items (zeroed if ``zero``)."""
    return _carray.clone(_carray.array('B'), n, zero)
