# The part of the native lexer other compiled modules call at C speed (the
# parser cimports Names through ir/parser.pxd); see _lexer.pyx.
from cpython.object cimport PyObject
from libc.stdint cimport uint64_t


cdef struct _NameSlot:
    uint64_t hash         # of the name's characters (_lexer._hash)
    PyObject* name        # NULL: an empty slot; else a str (a reference owned by Names)
    Py_ssize_t id


cdef struct _NameHit:
    PyObject* tok         # NULL: empty; else a token (a reference owned by Names)
    PyObject* name        # the table's str of tok[1:] (owned by the table)
    Py_ssize_t id


# Tokens whose sigil lookups Names remembers (a power of two).
cdef enum:
    _HITS = 512


cdef class Names:
    cdef _NameSlot* slot
    cdef Py_ssize_t cap   # slots, a power of two
    cdef Py_ssize_t count # names, the next id
    cdef PyObject* last   # the name _find found or added last
    cdef _NameHit hit[_HITS]  # the last token looked up per slot of its address (sigil_id, sigil_name)
    cpdef Py_ssize_t id(self, str name) except -1
    cpdef Py_ssize_t sigil_id(self, str tok) except -1
    cpdef str sigil_name(self, str tok)
    cdef Py_ssize_t _find(self, str s, Py_ssize_t skip, Py_ssize_t end) except -1
    cdef int _grow(self) except -1
    cdef Py_ssize_t _sigil(self, str tok) except -1
