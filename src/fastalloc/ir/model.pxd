# The model's classes as extension types: this file augments ir/model.py
# (Cython's pure-Python mode), giving each class typed C fields.  Compiled
# code that cimports it (passes/_regions.pyx, passes/_convert.pyx,
# ir/_uses.pyx) reads the fields as struct members; Python code sees the
# same attribute names (``cdef public``).  A field typed ``list`` / ``str``
# accepts None and subclasses of that type, nothing else.

cimport cython
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.stdint cimport int32_t
from libc.string cimport memset


# One operand slot's use record (see model.py, "Use lists"): the value whose
# chain the slot is in (NULL: none) and its neighbours in that chain (NULL at
# the ends), all borrowed: an op unlinks its slots when it is freed and a
# value its chain, so no pointer outlives its object.
cdef struct _Use:
    void* value
    void* prev
    void* next
    int32_t prev_i
    int32_t next_i

ctypedef _Use* _UseP
ctypedef void* _Ptr

cdef class Value:
    cdef public Py_ssize_t id
    cdef public str type
    cdef public object owner
    cdef public Py_ssize_t index
    # The use chain (see model.py, "Use lists"): first and last use as
    # (op, operand number), NULL when unused (borrowed), and the number of uses.
    cdef void* _uhead
    cdef void* _utail
    cdef Py_ssize_t _uhead_i
    cdef Py_ssize_t _utail_i
    cdef readonly Py_ssize_t _nuses
    cdef public object name_hint
    # One object a pass may park on the value while it runs (None otherwise;
    # the pass sets it back to None when done): schedule-allocation's range
    # table keeps each value's storage range here (passes/_convert.pyx).
    cdef public object _scratch


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
    cdef public object dloc
    cdef public list segments
    cdef public list tmpl
    cdef public object opdef
    # One use record per operand slot (see model.py, "Use lists"), _nrec of
    # them; NULL while none is allocated.
    cdef _Use* _urec
    cdef int32_t _nrec
    # The token the op started at while its location is unresolved, else -1
    # (``Op._src`` is the Python view: None for -1).  Two 32-bit fields
    # keep the object one allocation size class smaller.
    cdef int32_t _tok


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
@cython.locals(u=_UseP, old=Py_ssize_t)
cdef int _slots(Op op, Py_ssize_t n) except -1
@cython.locals(u=_UseP, tu=_UseP, t=_Ptr)
cdef int _link(Op op, Py_ssize_t i, Value v) except -1
@cython.locals(u=_UseP, v=Value)
cdef Value _unlink(Op op, Py_ssize_t i)
@cython.locals(u=_UseP, v=_Ptr, p=_Ptr, q=_Ptr, pi=int32_t, qi=int32_t)
cdef void _detach(Op op, Py_ssize_t i) noexcept
@cython.locals(operands=list, i=Py_ssize_t, n=Py_ssize_t, start=Py_ssize_t, v=Value, r=object)
cpdef int _link_operands(Op op, dict resolved) except -1
@cython.locals(u=_UseP)
cdef int _splice(Value v, Value other) except -1
@cython.locals(op=_Ptr, i=Py_ssize_t, u=_UseP, operands=list)
cdef int _retarget(Value v, Value other) except -1
@cython.locals(u=_UseP)
cpdef Value _slot_value(Op op, Py_ssize_t i)
@cython.locals(i=Py_ssize_t)
cpdef int _unlink_all(Op op) except -1
@cython.locals(u=_UseP)
cpdef int _release_records(Op op) except -1
@cython.locals(p=_Ptr, i=Py_ssize_t, u=_UseP)
cdef void _clear_chain(Value v) noexcept
@cython.locals(out=list, op=_Ptr, i=Py_ssize_t, u=_UseP)
cpdef list _use_pairs(Value v)
@cython.locals(i=Py_ssize_t, n=Py_ssize_t, u=_UseP, tu=_UseP, v=Value, t=_Ptr, w=object)
cdef int _add_uses(Op op, list operands) except -1
@cython.locals(op=Op)
cdef Op _build_op(str name, object opdef, list operands, list segments, Op loc_from)
cdef int _fill_built(Op op, str name, object opdef, list operands, list segments, Op loc_from) except -1
@cython.locals(v=Value)
cpdef Value _new_value(str type, object owner, Py_ssize_t index)
cdef dict _own_props(object d)
@cython.locals(key=list, k=tuple, c=type)
cpdef object _share_props(dict shared, dict d)
cpdef int _set_tok(Op op, Py_ssize_t tok) except -1
@cython.locals(op=Op)
cpdef Op _new_text_op(str name, list tmpl, list operands, str result_type=*, Op loc_from=*)
