# The part of the native lexer other compiled modules call at C speed (the
# parser cimports Names through ir/parser.pxd); see _lexer.pyx.
from cpython.object cimport PyObject


cdef struct _NameSlot:
    Py_hash_t hash
    PyObject* name        # NULL: an empty slot; else a str (a reference owned by Names)
    Py_ssize_t id


cdef class Names:
    cdef _NameSlot* slot
    cdef Py_ssize_t cap   # slots, a power of two
    cdef Py_ssize_t count # names, the next id
    cpdef Py_ssize_t id(self, str name) except -1
    cdef int _grow(self) except -1
