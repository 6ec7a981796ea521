# Augments ir/printer.py (Cython's pure-Python mode, as ir/verifier.py): the
# namer, the printer and the per-op printers read the model's fields as
# struct members (ir/model.pxd) and call each other as C functions.  Without
# the build, printer.py runs as Python.  The location printing (_Locs) and
# the rarer paths stay Python-typed.
cimport cython

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.unicode cimport PyUnicode_DATA, PyUnicode_New
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy

from fastalloc.ir.model cimport Block, Module, Op, Region, Value
from fastalloc.ir.verifier cimport _is_resource_type

cdef extern from "Python.h":
    # CPython's public API on borrowed pointers (no reference counting in
    # _Out.append); _str_len, _str_data only on an exact str.
    Py_ssize_t _str_len "PyUnicode_GET_LENGTH"(void* s)
    void* _str_data "PyUnicode_DATA"(void* s)
    bint _str_exact "PyUnicode_CheckExact"(void* s)
    bint _str_ascii "PyUnicode_IS_ASCII"(void* s)
    # (borrowed; the size and the item of an exact list)
    Py_ssize_t _list_size "PyList_GET_SIZE"(object lst)
    void* _list_item "PyList_GET_ITEM"(object lst, Py_ssize_t i)
    long long _as_longlong "PyLong_AsLongLongAndOverflow"(object x, int* overflow) except? -1

cdef inline bint _is_ascii_str(void* s) noexcept:
    return _str_exact(s) and _str_ascii(s)

cdef inline void _copy_short(char* dst, const char* src, Py_ssize_t m) noexcept nogil:
    # m <= 32 bytes as two overlapping fixed-size copies (single moves, not
    # a memcpy call or a loop per byte)
    if m >= 16:
        memcpy(dst, src, 16)
        memcpy(dst + (m - 16), src + (m - 16), 16)
    elif m >= 8:
        memcpy(dst, src, 8)
        memcpy(dst + (m - 8), src + (m - 8), 8)
    elif m >= 4:
        memcpy(dst, src, 4)
        memcpy(dst + (m - 4), src + (m - 4), 4)
    elif m:
        # 1 to 3 bytes: the first, the middle and the last
        dst[0] = src[0]
        dst[m >> 1] = src[m >> 1]
        dst[m - 1] = src[m - 1]

ctypedef const unsigned char* const_uchar_p

cdef Py_ssize_t _FLUSH_CHARS
cdef object _NO_REGIONS
cdef object _EMPTY_MAP
cdef bint _COMPILED  # (a C constant once set: _Out.append's test costs nothing)


cdef Py_ssize_t G_RESOURCE_OPERANDS, G_RESOURCE_OPERAND_SIZES, G_RESOURCE_OPERAND_OFFSETS, G_RESOURCE_OPERAND_ENDS
cdef Py_ssize_t G_RESOURCE_OPERAND_LENGTHS, G_RESULT_SIZES, G_RESOURCES, G_RESOURCE_SIZES, G_RESOURCE_OFFSETS
cdef Py_ssize_t G_RESOURCE_LENGTHS, G_DYNAMIC_SLICE_SIZES, G_PARAM, _NO_GROUP


cdef class _Kind:
    cdef bytes code
    cdef tuple objs
    cdef bytes lits
    cdef bytes single
    cdef bytes starts
    cdef bytes groups
    cdef bint before_type


# final: no subclass, so the printer calls the methods directly (the C
# compiler may inline them), not through the type's method table
@cython.final
cdef class _Out:
    cdef list parts
    cdef Py_ssize_t size
    cdef char* buf
    cdef Py_ssize_t used
    cdef Py_ssize_t cap

    @cython.locals(q=cython.p_void, m=Py_ssize_t, n=Py_ssize_t)
    cdef int append(self, s) except -1
    @cython.locals(n=Py_ssize_t)
    cdef int append_ascii(self, const char* p, Py_ssize_t m) except -1
    @cython.locals(q=cython.p_void, m=Py_ssize_t, n=Py_ssize_t)
    cdef int append_rest(self, s) except -1
    cpdef extend(self, pieces)
    @cython.locals(overflow=int, v=cython.longlong, u=cython.ulonglong, m=Py_ssize_t, n=Py_ssize_t)
    cdef int append_int(self, x) except -1
    @cython.locals(cap=Py_ssize_t, p=cython.p_char)
    cdef grow(self, Py_ssize_t n)
    cdef void shrink(self) noexcept
    @cython.locals(t=str)
    cdef spill(self)
    @cython.locals(t=str, parts=list)
    cpdef str take(self)
    cpdef bytes take_bytes(self)


@cython.final
cdef class _Namer:
    cdef list use
    cdef list defs
    cdef list scope_ops
    cdef dict simple
    cdef set taken
    cdef set hints
    cdef Py_ssize_t counter
    cdef Py_ssize_t arg_counter

    @cython.locals(ops=list, use=list, defs=list, res=list, first=bint, op=Op, v=Value, r=Region, b=Block, i=Py_ssize_t)
    cpdef release(self)
    cpdef grow(self, Py_ssize_t n)
    @cython.locals(nm=object)
    cdef simple_name(self, h)
    @cython.locals(taken=set, hs=set, k=Py_ssize_t, n=Py_ssize_t, cand=str)
    cdef str fresh(self, object hint, bint is_arg)
    @cython.locals(ops=list, taken=set, use=list, defs=list, simple=dict, op=Op, v=Value, w=Value, res=list,
                   n=Py_ssize_t, k=Py_ssize_t, e=Py_ssize_t, j=Py_ssize_t, r=Region, b=Block, nm=object, pre=str)
    cpdef name_scope(self, Op root)


@cython.final
cdef class _Printer:
    cdef bint generic
    cdef bint binary
    cdef object locs
    cdef _Namer namer
    cdef list use
    cdef _Out out
    cdef list chunks
    cdef object write
    cdef dict kinds
    cdef dict eps
    cdef dict dict_keys

    @cython.locals(out=_Out)
    cpdef flush(self)
    @cython.locals(i=Py_ssize_t, use=list, nm=object)
    cdef str n(self, Value v)
    @cython.locals(i=Py_ssize_t, use=list, q=cython.p_void)
    cdef int put(self, Value v) except -1
    cdef str ns(self, list vals)
    cdef str ts(self, str t, Value size)
    @cython.locals(out=_Out, k=Py_ssize_t)
    cdef int names(self, list vals, Py_ssize_t start, Py_ssize_t m) except -1
    @cython.locals(out=_Out)
    cdef int typed(self, str t, Value size) except -1
    @cython.locals(items=list, keys=dict)
    cdef str dict_text(self, d)
    @cython.locals(out=_Out, res=list, nres=Py_ssize_t, v=Value, i=Py_ssize_t, k=Py_ssize_t, use=list, nm=object,
                   kd=_Kind, defs=list, first=bint)
    cpdef op(self, Op op, str ind)
    @cython.locals(out=_Out, s=str, prev=str, first=bint, decl=bint, c=Py_UCS4, k=Py_ssize_t)
    cpdef template(self, Op op, str ind, tmpl=*)
    @cython.locals(out=_Out, blocks=list, b=Block, ops=list, k=Py_ssize_t, j=Py_ssize_t, inner=str)
    cpdef region(self, Region r, str ind, entry_label, bint implicit_yield=*)
    cpdef label(self, Block b, Py_ssize_t k, str ind)
    @cython.locals(out=_Out)
    cpdef generic_op(self, Op op, str ind)
    @cython.locals(out=_Out, namer=_Namer, op=Op)
    cpdef module(self, Module m)


@cython.locals(r=Region, b=Block, o=Op)
cdef _preorder(Op op, list out)

@cython.locals(n=Py_ssize_t, i=Py_ssize_t, c=Py_UCS4)
cdef bint _plain_name(str h) except -1

@cython.locals(hints=set, op=Op, v=Value, r=Region, b=Block)
cdef set _scope_hints(list ops)


@cython.locals(s=str, n=Py_ssize_t, i=Py_ssize_t, c=Py_UCS4)
cdef bint _ascii_digits(h) except -1

@cython.locals(m=Py_ssize_t)
cdef Py_ssize_t _ndigits(unsigned long long u) noexcept nogil
cdef void _put_digits(char* end, unsigned long long u) noexcept nogil
@cython.locals(q=cython.p_void, m=Py_ssize_t, d=Py_ssize_t, p=cython.p_char)
cdef str _numbered(str pre, Py_ssize_t j)


cdef _prop(Op op, str key)

cdef str _s(x)

@cython.locals(p=_Printer, namer=_Namer, use=list)
cpdef str print_op(op, generic=*)

# -- the pretty forms of the known ops (the format interpreter, custom directives) --

@cython.locals(starts=const_uchar_p, start=Py_ssize_t)
cdef Py_ssize_t _start(Op op, _Kind kd, Py_ssize_t k) except -1
@cython.locals(i=Py_ssize_t, n=Py_ssize_t, segs=list)
cdef Py_ssize_t _start_at(Op op, Py_ssize_t k, Py_ssize_t j, Py_ssize_t start) except -1
@cython.locals(start=Py_ssize_t, n=Py_ssize_t, operands=list)
cdef list _seg(Op op, _Kind kd, Py_ssize_t k)
@cython.locals(groups=const_uchar_p, k=Py_ssize_t)
cdef Py_ssize_t _gseg(Op op, _Kind kd, Py_ssize_t g) except -1
cdef Py_ssize_t _gs(Op op, _Kind kd, Py_ssize_t g) except -1
cdef Py_ssize_t _gl(Op op, _Kind kd, Py_ssize_t g) except -1
cdef list _gn(Op op, _Kind kd, Py_ssize_t g)
@cython.locals(out=_Out, code=const_uchar_p, objs=tuple, lits=const_uchar_p, single=const_uchar_p, operands=list, res=list, pc=Py_ssize_t,
               n=Py_ssize_t, c=Py_ssize_t, x=Py_ssize_t, y=Py_ssize_t, z=Py_ssize_t, k=Py_ssize_t, m=Py_ssize_t,
               v=Value, r=Value, s=Py_ssize_t, t=Py_ssize_t, present=bint)
cdef _pp_format(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=_Out, outer=list, sizes=list, rsizes=list, region=Region, args=list, a=Value, r=Value, res=list,
               n=Py_ssize_t, k=Py_ssize_t, t=Py_ssize_t)
cdef _resource_region(_Printer p, Op op, _Kind kd, str ind, bint with_results)
cdef str _entry_points(_Printer p, Op op)
@cython.locals(out=_Out, k=Py_ssize_t, j=Py_ssize_t, v=Value, ops=list, offs=list, ends=list, lens=list)
cdef _dispatch_operands(_Printer p, Op op, _Kind kd)
@cython.locals(out=_Out, k=Py_ssize_t, j=Py_ssize_t, v=Value, r=Value, res=list, t=Py_ssize_t, operands=list,
               sizes=list, rsizes=list)
cdef _shaped_fn_type(_Printer p, Op op, _Kind kd)
cdef str _collective_attr(Op op)
@cython.locals(out=_Out, param=list)
cdef _collective_param(_Printer p, Op op, _Kind kd)
@cython.locals(r=Value, out=_Out, n=Py_ssize_t, k=Py_ssize_t, lead=str)
cdef _pack_slices(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(r=Value)
cdef _constant_values(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=_Out, operands=list, res=Py_ssize_t, sizes=Py_ssize_t, offs=Py_ssize_t, lens=Py_ssize_t, r=Value,
               segs=list, n=Py_ssize_t, k=Py_ssize_t, kr=Py_ssize_t, ks=Py_ssize_t, ko=Py_ssize_t, kl=Py_ssize_t)
cdef _dispatch_resources(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=_Out, operands=list, ops=Py_ssize_t, offs=Py_ssize_t, lens=Py_ssize_t, nrange=Py_ssize_t, v=Value,
               k=Py_ssize_t, j=Py_ssize_t)
cdef _call_operands(_Printer p, Op op, _Kind kd)
cdef str _access_name(a)
cdef _custom(_Printer p, Op op, _Kind kd, str ind, Py_ssize_t c)
