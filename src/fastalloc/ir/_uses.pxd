# fastalloc.ir._uses's C functions for the other compiled modules
# (passes/_convert.pyx releases the ops its sweep replaces as it goes).

from fastalloc.ir.model cimport Op

cdef int _carrier(Op op) except -1
