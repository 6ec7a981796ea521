# The model's classes as extension types: this file augments ir/model.py
# (Cython's pure-Python mode), giving each class typed C fields.  Compiled
# code that cimports it (passes/_regions.pyx, passes/_convert.pyx,
# ir/_uses.pyx) reads the fields as struct members; Python code sees the
# same attribute names (``cdef public``).  A field typed ``list`` / ``str``
# accepts None and subclasses of that type, nothing else.

cdef class Value:
    cdef public Py_ssize_t id
    cdef public str type
    cdef public object owner
    cdef public Py_ssize_t index
    cdef public object _uses
    cdef public object name_hint


cdef class Op:
    cdef public str name
    cdef public list operands
    cdef public list results
    # NO_REGIONS / EMPTY_MAP until first written (see model.py)
    cdef public object _regions
    cdef public object _props
    cdef public object _attrs
    cdef public object parent
    cdef public object _loc
    cdef public object _src
    cdef public object dloc
    cdef public list segments
    cdef public list tmpl
    cdef public object opdef


cdef class Block:
    cdef public list args
    cdef public list ops
    cdef public object parent
    cdef public object label
    cdef public object arg_locs


cdef class Region:
    cdef public list blocks
    cdef public object parent


cdef class Module:
    cdef public Block body
    cdef public list aliases
    cdef public str header
    cdef public list values
    cdef public str filename
    cdef public str trailer
    cdef public Region _body_region
    cdef public object _source
    cdef public object dloc
    cdef object __weakref__
