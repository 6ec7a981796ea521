# Slot reads for the compiled IR helpers (cimported by fastalloc.passes._regions
# and fastalloc.passes._convert).
#
# Reading a ``__slots__`` attribute of the IR's classes at its byte offset, as
# the interpreter's specialised LOAD_ATTR_SLOT does: generic getattr from
# compiled code (type lookup, descriptor call, PyMember_GetOne) costs ~60-140
# instructions per read.  Callers read at an offset only for objects whose type
# is exactly the class the offset came from (a subclass may lay out its slots
# differently), and fall back to getattr otherwise or when the slot is unset.

from cpython.object cimport PyObject as _sl_PyObject, PyTypeObject as _sl_PyTypeObject, Py_TYPE as _sl_Py_TYPE

cdef extern from "Python.h":
    # descrobject.h / structmember.h: CPython's API, not the limited API.
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member


cdef inline Py_ssize_t _slot_offset(object cls, str name) except -1:
    """Byte offset of the ``__slots__`` attribute ``name`` of ``cls`` in its
    instances (from the class's member descriptor); TypeError if ``name`` is
    not a slot of ``cls`` itself."""
    d = cls.__dict__[name]
    if type(d).__name__ != "member_descriptor":
        raise TypeError(f"{cls.__name__}.{name} is not a __slots__ attribute")
    return (<PyMemberDescrObject*><void*>d).d_member.offset


cdef inline object _slot_get(object o, _sl_PyTypeObject* t, Py_ssize_t off, str name):
    """``getattr(o, name)``, read at byte offset ``off`` when ``o``'s type is
    exactly ``t`` (the class ``off`` came from) and the slot is set."""
    cdef _sl_PyObject* p
    if _sl_Py_TYPE(o) == t:
        p = (<_sl_PyObject**>((<char*><void*>o) + off))[0]
        if p != NULL:
            return <object>p
    return getattr(o, name)
