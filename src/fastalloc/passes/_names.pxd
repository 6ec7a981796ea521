# fastalloc.passes._names: the op-name test the compiled passes share (an
# inline function only: cimported, no module of its own).

from cpython.unicode cimport PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND
from libc.string cimport memcmp


cdef inline bint _same_name(str a, str b) noexcept:
    """``a == b`` for two op names (either may be None).  Equal names are often
    distinct objects (the parser's names are not the passes' literals), and
    Cython's ``==`` on two strs is a full ordering compare
    (PyUnicode_Compare): identity first, then the lengths (most names tested
    are of other ops), then the bytes.  In Python: ``a == b``."""
    if a is b:
        return True
    if a is None or b is None or PyUnicode_GET_LENGTH(a) != PyUnicode_GET_LENGTH(b):
        return False
    if PyUnicode_KIND(a) != PyUnicode_KIND(b):
        return False  # (canonical strs of equal text have equal kinds)
    return memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), PyUnicode_GET_LENGTH(a) * PyUnicode_KIND(a)) == 0
