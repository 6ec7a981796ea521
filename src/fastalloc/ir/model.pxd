# The model's classes as extension types: this file augments ir/model.py
# (Cython's pure-Python mode), giving each class typed C fields.  Compiled
# code that cimports it (passes/_regions.pyx, passes/_convert.pyx,
# ir/_uses.pyx) reads the fields as struct members; Python code sees the
# same attribute names (``cdef public``).  A field typed ``list`` / ``str``
# accepts None and subclasses of that type, nothing else.

cimport cython

cdef class Value:
    cdef public Py_ssize_t id
    cdef public str type
    cdef public object owner
    cdef public Py_ssize_t index
    # The use chain (see model.py, "Use lists"): first and last use as
    # (op, operand number), None when unused, and the number of uses.
    cdef public object _uhead
    cdef public Py_ssize_t _uhead_i
    cdef public object _utail
    cdef public Py_ssize_t _utail_i
    cdef public Py_ssize_t _nuses
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
    # One use record per operand slot, 5 entries each (see model.py, "Use
    # lists"); None while no slot is linked.
    cdef public list _ulinks


cdef class UseList:
    cdef readonly Value value


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


# The use chain's kernels (model.py, "Use lists").
@cython.locals(links=list, k=Py_ssize_t, old=Py_ssize_t)
cdef list _slots(Op op, Py_ssize_t n)
@cython.locals(links=list, b=Py_ssize_t, t=Op, tl=list, ti=Py_ssize_t)
cdef int _link(Op op, Py_ssize_t i, Value v) except -1
@cython.locals(links=list, b=Py_ssize_t, v=Value, p=Op, q=Op, pi=Py_ssize_t, qi=Py_ssize_t, pl=list, ql=list)
cdef Value _unlink(Op op, Py_ssize_t i)
@cython.locals(operands=list, links=list, i=Py_ssize_t, n=Py_ssize_t, start=Py_ssize_t, v=Value, r=object)
cpdef int _link_operands(Op op, dict resolved) except -1
@cython.locals(tl=list, hl=list, t=Op, h=Op)
cdef int _splice(Value v, Value other) except -1
@cython.locals(op=Op, i=Py_ssize_t, b=Py_ssize_t, operands=list, links=list)
cdef int _retarget(Value v, Value other) except -1
@cython.locals(links=list)
cpdef Value _slot_value(Op op, Py_ssize_t i)
@cython.locals(links=list, i=Py_ssize_t, n=Py_ssize_t)
cpdef int _unlink_all(Op op) except -1
@cython.locals(out=list, op=Op, i=Py_ssize_t, b=Py_ssize_t, links=list)
cpdef list _use_pairs(Value v)
@cython.locals(i=Py_ssize_t, n=Py_ssize_t)
cdef int _add_uses(Op op, list operands) except -1
@cython.locals(op=Op, v=Value)
cpdef Op _new_text_op(str name, list tmpl, list operands, str result_type=*, Op loc_from=*)
