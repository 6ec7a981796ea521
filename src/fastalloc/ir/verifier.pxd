# Augments ir/verifier.py (Cython's pure-Python mode, as ir/model.py): the
# walk and the per-op checks read the model's fields as struct members
# (ir/model.pxd) and call each other as C functions.  Without the build,
# verifier.py runs as Python.  Only the per-op path is typed here; the
# checks of rarer shapes (functions, constants, errors) stay Python-typed.
cimport cython

from libc.string cimport memcmp

from fastalloc.ir.model cimport Block, Module, Op, Region, Value

cdef extern from "Python.h":
    # CPython's public API; only on an exact str (_is_resource_type)
    Py_ssize_t _ulen "PyUnicode_GET_LENGTH"(object s)
    unsigned int _ukind "PyUnicode_KIND"(object s)
    void* _udata "PyUnicode_DATA"(object s)
    long long _as_longlong "PyLong_AsLongLongAndOverflow"(object x, int* overflow) except? -1

# The capture levels' split (see verifier.py): a C constant, so that the
# walk's level tests stay in C integers.
cdef Py_ssize_t _ISO_SHIFT
# the slots of the tables by address (C constants: the slot is C arithmetic)
cdef Py_ssize_t _FACTS_SLOTS
cdef Py_ssize_t _PROPS_SLOTS


cdef class _Frame:
    cdef list ops
    cdef Py_ssize_t pos
    cdef list added
    cdef Py_ssize_t level
    cdef Op capt
    cdef Op done

cdef _Frame _frame(list ops, list added, Py_ssize_t level, Op capt, Op done)
cdef void _frame_init(_Frame f, list ops, list added, Py_ssize_t level, Op capt, Op done) noexcept


cdef class _OpFacts:
    cdef object opdef
    cdef Py_ssize_t nseg
    cdef bint async_region
    cdef Py_ssize_t num_regions
    cdef Py_ssize_t resource_operands
    cdef Py_ssize_t resource_start
    cdef list wants
    cdef bytes kinds
    cdef list seen
    cdef list segs
    cdef Py_ssize_t segs_total


cdef class _PropsSeen:
    cdef list props
    cdef list tops


@cython.locals(op=Op, v=Value, r=Value, a=Value, block=Block, region=Region, stack=list, frame=_Frame,
               outer=_Frame, done=Op, capt=Op, inner_capt=Op, values=list, nvalues=Py_ssize_t, levels=cython.longlong[::1],
               others=dict, added=list, block_args=list, ops=list, operands=list, k=Py_ssize_t, i=Py_ssize_t,
               lv=Py_ssize_t, level=Py_ssize_t, inner_level=Py_ssize_t, pushed=bint, checked=_PropsSeen, globs=dict,
               facts_of=dict, facts_at=list, plain=object)
cdef _verify(Module module)

cpdef verify(Module module)

@cython.locals(i=Py_ssize_t)
cdef _show(Value v, Py_ssize_t level, list values, Py_ssize_t nvalues, long long[::1] levels, dict others)

@cython.locals(name=str, segs=list, facts=_OpFacts)
cdef _check_op(Op op, Op capt, _PropsSeen checked, dict globs, dict facts_of, list facts_at)

@cython.locals(f=_OpFacts, h=Py_ssize_t)
cdef _OpFacts _facts(dict facts_of, list facts_at, str name, opdef)

@cython.locals(k=Py_ssize_t, total=Py_ssize_t, n=Py_ssize_t)
cdef Py_ssize_t _total(list segs) except? -1

cdef bint _COMPILED  # (a C constant once set: _id's test costs nothing)
cpdef bint _is_resource_type(t) except -1  # (the printer cimports it)
cdef Py_ssize_t _id(object x) noexcept
cdef bint _str_is(str s, str lit) except -1

@cython.locals(props=dict, n=Py_ssize_t, top=object, h=Py_ssize_t)
cdef _check_props(Op op, _OpFacts facts, _PropsSeen checked)
@cython.locals(k=Py_ssize_t, top=object)
cdef _tied_top(tied)
@cython.locals(overflow=int)
@cython.locals(overflow=int)
cdef _check_int_lists(Op op, props)

@cython.locals(segs=list, k=Py_ssize_t, j=Py_ssize_t, n=Py_ssize_t, m=Py_ssize_t, start=Py_ssize_t)
cdef _group_len(Op op, _OpFacts facts)

@cython.locals(regions=object, block=Block, term=Op, inner=Op, ops=list, results=list, nres=Py_ssize_t, yielded=list,
               k=Py_ssize_t, v=Value, r=Value)
cdef _check_async_region(Op op)

@cython.locals(operands=list, segs=list, kinds=cython.p_char, wants=list, seen=list, v=Value, t=object,
               want=object, k=Py_ssize_t, j=Py_ssize_t, m=Py_ssize_t, start=Py_ssize_t, kind=cython.schar)
cdef _check_segment_types(Op op, _OpFacts facts)

@cython.locals(ops=list, last=Op, inner=Op, k=Py_ssize_t)
cdef _check_terminated(Block block)

@cython.locals(tmpl=list)
cdef str _text(Op op)

@cython.locals(at=Py_ssize_t, imm=Py_ssize_t)
cpdef object _access(str text)

cdef _check_constant(Op op)

cdef int _plain_constant_fits(str text) except -2
@cython.locals(a=Py_ssize_t, i=Py_ssize_t, digits=Py_ssize_t, width=Py_ssize_t, value=cython.longlong,
               one=cython.longlong, neg=bint)
cdef int _constant_fits(const unsigned char* s, Py_ssize_t n) noexcept
@cython.locals(k=Py_ssize_t)
cdef bint _at(const unsigned char* s, Py_ssize_t i, const char* lit, Py_ssize_t m) noexcept

@cython.locals(tmpl=list)
cdef str _head(Op op)
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, k=Py_ssize_t, c=Py_UCS4)
cdef _symbol(str head)
