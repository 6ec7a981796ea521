# Included by _core.pyx before the IR helpers that use it.
#
# Reading a ``__slots__`` attribute of the IR's classes at its byte offset, as
# the interpreter's specialised LOAD_ATTR_SLOT does: generic getattr from
# compiled code (type lookup, descriptor call, PyMember_GetOne) costs ~60-140
# instructions per read.  Callers read at an offset only for objects whose type
# is exactly the class the offset came from (a subclass may lay out its slots
# differently), and fall back to getattr otherwise or when the slot is unset.

cdef extern from "Python.h":
    # descrobject.h / structmember.h: CPython's API, not the limited API.
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member


cdef Py_ssize_t _slot_offset(object cls, str name) except -1:
    """Byte offset of the ``__slots__`` attribute ``name`` of ``cls`` in its
    instances (from the class's member descriptor); TypeError if ``name`` is
    not a slot of ``cls`` itself."""
    d = cls.__dict__[name]
    if type(d).__name__ != "member_descriptor":
        raise TypeError(f"{cls.__name__}.{name} is not a __slots__ attribute")
    return (<PyMemberDescrObject*><void*>d).d_member.offset
