# Augments ir/printer.py (Cython's pure-Python mode, as ir/verifier.py): the
# namer, the printer and the per-op printers read the model's fields as
# struct members (ir/model.pxd) and call each other as C functions.  Without
# the build, printer.py runs as Python.  The location printing (_Locs) and
# the rarer paths stay Python-typed.
cimport cython

from fastalloc.ir.model cimport Block, Module, Op, Region, Value


cdef class _Kind:
    cdef Py_ssize_t code
    cdef dict seg_index
    cdef list static_start
    cdef bint before_type


cdef class _Namer:
    cdef list use
    cdef dict defs
    cdef list scope_ops
    cdef dict simple
    cdef set taken
    cdef set hints
    cdef Py_ssize_t counter
    cdef Py_ssize_t arg_counter

    @cython.locals(ops=list, use=list, first=bint, op=Op, v=Value, r=Region, b=Block, i=Py_ssize_t)
    cpdef release(self)
    cpdef grow(self, Py_ssize_t n)
    @cython.locals(taken=set, hs=set, k=Py_ssize_t, n=Py_ssize_t, cand=str)
    cdef str fresh(self, object hint, bint is_arg)
    @cython.locals(ops=list, taken=set, use=list, defs=dict, simple=dict, op=Op, v=Value, w=Value, res=list,
                   n=Py_ssize_t, k=Py_ssize_t, e=Py_ssize_t, j=Py_ssize_t, r=Region, b=Block, nm=object)
    cpdef name_scope(self, Op root)


cdef class _Printer:
    cdef bint generic
    cdef object locs
    cdef _Namer namer
    cdef list use
    cdef list out
    cdef list chunks
    cdef object write
    cdef dict kinds
    cdef dict eps
    cdef dict dict_keys

    @cython.locals(out=list)
    cpdef flush(self)
    @cython.locals(i=Py_ssize_t, use=list, nm=object)
    cdef str n(self, Value v)
    cdef str ns(self, list vals)
    cdef str ts(self, str t, Value size)
    @cython.locals(out=list, k=Py_ssize_t)
    cdef names(self, list vals)
    @cython.locals(out=list)
    cdef typed(self, str t, Value size)
    @cython.locals(items=list, keys=dict)
    cdef str dict_text(self, d)
    @cython.locals(out=list, res=list, nres=Py_ssize_t, v=Value, i=Py_ssize_t, use=list, nm=object, kd=_Kind,
                   defs=dict)
    cpdef op(self, Op op, str ind)
    @cython.locals(out=list)
    cpdef template(self, Op op, str ind, tmpl=*)
    @cython.locals(out=list, blocks=list, b=Block, ops=list, k=Py_ssize_t, j=Py_ssize_t, inner=str)
    cpdef region(self, Region r, str ind, entry_label, bint implicit_yield=*)
    cpdef label(self, Block b, Py_ssize_t k, str ind)
    @cython.locals(out=list)
    cpdef generic_op(self, Op op, str ind)
    @cython.locals(out=list, namer=_Namer, op=Op)
    cpdef module(self, Module m)


@cython.locals(r=Region, b=Block, o=Op)
cdef _preorder(Op op, list out)

@cython.locals(k=Py_ssize_t, j=Py_ssize_t, start=Py_ssize_t, n=Py_ssize_t, segs=list, operands=list)
cdef list _grp(Op op, _Kind kd, str name)

@cython.locals(k=Py_ssize_t, j=Py_ssize_t, start=Py_ssize_t, n=Py_ssize_t, segs=list, operands=list)
cdef Value _g1(Op op, _Kind kd, str name)

@cython.locals(start=Py_ssize_t, n=Py_ssize_t, segs=list, operands=list, out=list)
cdef list _groups(Op op)

@cython.locals(pd=dict)
cdef _prop(Op op, str key)

cdef str _s(x)

@cython.locals(p=_Printer, namer=_Namer, use=list)
cpdef str print_op(op, generic=*)

# -- the pretty printers of the known ops ------------------------------------

cdef _on(list out, Op op, str key, str kw)
@cython.locals(out=list, aw=list)
cdef _await(_Printer p, Op op, _Kind kd, bint arrow)
@cython.locals(out=list, outer=list, sizes=list, rsizes=list, region=Region, args=list, a=Value, r=Value, res=list,
               n=Py_ssize_t, k=Py_ssize_t, t=Py_ssize_t)
cdef _resource_region(_Printer p, Op op, _Kind kd, str ind, bint with_results)
@cython.locals(r=Value)
cdef pp_async_execute(_Printer p, Op op, _Kind kd, str ind)
cdef pp_async_concurrent(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, r=Value)
cdef pp_cmd_execute(_Printer p, Op op, _Kind kd, str ind)
cdef pp_cmd_region(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, r=Value)
cdef pp_async_constant(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, v=Value, r=Value)
cdef pp_async_splat(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, s=Value, r=Value)
cdef pp_async_clone(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, s=Value, r=Value)
cdef pp_async_slice(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, r=Value)
cdef _tied(_Printer p, Op op, Value target, Value size)
@cython.locals(out=list, v=Value, t=Value)
cdef pp_async_fill(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, u=Value, t=Value)
cdef pp_async_update(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, s=Value, t=Value)
cdef pp_async_copy(_Printer p, Op op, _Kind kd, str ind)
cdef str _entry_points(_Printer p, Op op)
@cython.locals(out=list, k=Py_ssize_t, j=Py_ssize_t, v=Value)
cdef _dispatch_operands(_Printer p, list ops, list offs, list ends, list lens)
@cython.locals(t=str)
cdef bint _is_resource(Value v) except -1
@cython.locals(out=list, k=Py_ssize_t, j=Py_ssize_t, v=Value, r=Value, res=list, t=Py_ssize_t)
cdef _shaped_fn_type(_Printer p, Op op, list operands, list sizes, list rsizes)
cdef _attrs_before_type(_Printer p, Op op)
@cython.locals(out=list, work=list, ops=list, sizes=list, offs=list, ends=list, lens=list, rsizes=list)
cdef pp_async_dispatch(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, ops=list, sizes=list, offs=list, ends=list, lens=list, rsizes=list)
cdef pp_async_call(_Printer p, Op op, _Kind kd, str ind)
cdef str _collective_attr(Op op)
@cython.locals(out=list, s=Value, t=Value, param=list)
cdef pp_async_collective(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, s=Value)
cdef pp_async_barrier(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, s=Value, r=Value)
cdef pp_async_transfer(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, r=Value)
cdef pp_async_alloca(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, s=Value, r=Value)
cdef pp_load(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, v=Value, t=Value)
cdef pp_async_store(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, v=Value, t=Value)
cdef pp_resource_store(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, vals=list, sizes=list, v=Value, n=Py_ssize_t, k=Py_ssize_t)
cdef pp_yield(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, r=Value)
cdef pp_join(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, r=Value)
cdef pp_resource_alloc(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, r=Value)
cdef pp_resource_alloca(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, v=Value, r=Value)
cdef pp_resource_dealloca(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, r=Value)
cdef pp_resource_pack(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, r=Value)
cdef pp_resource_constants(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, s=Value, r=Value)
cdef pp_resource_subview(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, v=Value, t=Value)
cdef pp_cmd_fill(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, s=Value, t=Value)
cdef pp_cmd_copy(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, t=Value)
cdef _cmd_range(_Printer p, Op op, _Kind kd, kw)
@cython.locals(out=list, res=list, sizes=list, offs=list, lens=list, r=Value, n=Py_ssize_t, k=Py_ssize_t)
cdef _dispatch_resources(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, work=list, uni=list, v=Value, k=Py_ssize_t)
cdef pp_cmd_dispatch(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, ops=list, offs=list, lens=list, v=Value, k=Py_ssize_t, j=Py_ssize_t)
cdef pp_cmd_call(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(out=list, param=list)
cdef pp_cmd_collective(_Printer p, Op op, _Kind kd, str ind)
@cython.locals(c=Py_ssize_t)
cdef _pretty(_Printer p, Op op, _Kind kd, str ind)
