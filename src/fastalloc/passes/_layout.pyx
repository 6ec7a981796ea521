# cython: language_level=3
# fastalloc.passes._layout: the per-slice loops of layout-slices
# (fastalloc/passes/layout_slices.py), typed over the compiled model
# (fastalloc/ir/model.pxd).  A pack of the issue #14 module has ~9*10^4
# slices; per slice the Python path ran a size lookup, a createOrFold of an
# arith.addi (two constant lookups, two fold tests, an op), a use
# replacement and, for dynamic slices, a first-fit bin search.  The pure
# Python path (layout_slices._lower_pack(native=False), with
# rewriter.IndexFolder and layout_slices.FirstFitBins) is the tested
# reference: tests/test_layout_slices.py checks both print the same module.

cimport cython
from cpython.dict cimport PyDict_GetItemWithError
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.ref cimport PyObject
from libc.stdint cimport int64_t, uint8_t

from fastalloc.ir.model cimport Op, Value
# rewriter.build_text_op, the model's trusted constructor of uninterpreted ops, as a C call
from fastalloc.ir.model cimport _new_text_op
from fastalloc.passes._names cimport _same_name

from math import gcd as _gcd

from fastalloc.ir.rewriter import BINARY_INDEX_TMPL as _BINARY_TMPL
from fastalloc.ir.rewriter import constant_int as _constant_int
from fastalloc.ir.rewriter import index_constant_tmpl as _index_constant_tmpl

cdef object _MASK = (1 << 64) - 1
cdef object _SIGN = 1 << 63
cdef object _WRAP = 1 << 64
cdef str _INDEX = "index"
cdef str _CONSTANT = "arith.constant"
cdef str _ADDI = "arith.addi"
cdef str _SUBI = "arith.subi"
cdef str _MULI = "arith.muli"
cdef str _ALIGN = "util.align"


cdef inline object _wrap64(object x):
    x = x & _MASK
    return x - _WRAP if x >= _SIGN else x


cdef class Folder:
    """rewriter.IndexFolder (``createOrFold`` of ``arith.addi`` and
    ``util.align`` on ``index`` values), compiled, plus the pack's
    ``IndexSet`` (:meth:`index`, layout_slices._Builder.index): the same
    folds, in the same order, creating the same ops (through
    ``rewriter.build_text_op``), each located at ``loc_from`` (None: no
    location).  ``out`` (a new list unless given) receives the ops in
    creation order; ``consts`` is the run's ``constant_int`` cache (shared
    with whoever passes it in), ``tmpls`` the run's constant templates
    (``rewriter.index_constant_tmpl``; a new table unless given).  Both
    passes fold with it: layout-slices per pack, schedule-allocation per
    execute region (its ``AllocationScope.folder``, emitting into the
    scope's ``before``).

    Pure Python equivalent: ``layout_slices._Builder(consts)`` (an
    IndexFolder) followed by ``o.copy_loc_from(loc_from)`` for each op."""

    cdef public list out
    cdef public dict consts
    cdef dict tmpls
    cdef dict aligned
    cdef dict index_set
    cdef Op loc_from

    def __init__(self, dict consts, Op loc_from, list out=None, dict tmpls=None):
        self.out = [] if out is None else out
        self.consts = consts
        self.tmpls = {} if tmpls is None else tmpls
        self.aligned = {}
        self.index_set = {}
        self.loc_from = loc_from

    cdef object constant(self, object v):
        cdef PyObject* p = PyDict_GetItemWithError(self.consts, v)
        if p != NULL:
            return <object>p
        owner = (<Value?>v).owner
        if isinstance(owner, Op) and _same_name((<Op>owner).name, _CONSTANT):
            c = _constant_int(v)
        else:
            c = None
        self.consts[v] = c
        return c

    cdef Value fresh_constant(self, object c):
        # the run's template of c: a C dict probe when made already (a pack
        # asks for ~10^5 constants of a few thousand values)
        cdef PyObject* t = PyDict_GetItemWithError(self.tmpls, c)
        tmpl = <object>t if t != NULL else _index_constant_tmpl(c, self.tmpls)
        cdef Op op = _new_text_op(_CONSTANT, tmpl, [], _INDEX, self.loc_from)
        self.out.append(op)
        cdef Value v = <Value>op.results[0]
        self.consts[v] = c
        return v

    cdef Value emit_binary(self, str name, Value lhs, Value rhs):
        cdef Op op = _new_text_op(name, _BINARY_TMPL[name], [lhs, rhs], _INDEX, self.loc_from)
        self.out.append(op)
        cdef Value v = <Value>op.results[0]
        self.consts[v] = None
        return v

    cpdef Value index(self, object c):
        """The pack's IndexSet: one constant per value, made on first ask."""
        cdef PyObject* p = PyDict_GetItemWithError(self.index_set, c)
        if p != NULL:
            return <Value>p
        v = self.fresh_constant(c)
        self.index_set[c] = v
        return v

    cdef object fold_add(self, Value a, Value b, object ca, object cb):
        if cb is not None and cb == 0:
            return a
        da = a.owner
        if isinstance(da, Op) and _same_name((<Op>da).name, _SUBI) and len((<Op>da).operands) == 2 \
                and (<Op>da).operands[1] is b:
            return (<Op>da).operands[0]
        db = b.owner
        if isinstance(db, Op) and _same_name((<Op>db).name, _SUBI) and len((<Op>db).operands) == 2 \
                and (<Op>db).operands[1] is a:
            return (<Op>db).operands[0]
        if ca is not None and cb is not None:
            return self.fresh_constant(_wrap64(ca + cb))
        return None

    cpdef Value add(self, Value a, Value b):
        """``createOrFold<arith::AddIOp>(a, b)`` (IndexFolder.add)."""
        ca = self.constant(a)
        cb = self.constant(b)
        r = self.fold_add(a, b, ca, cb)
        if r is not None:
            return <Value>r
        if ca is not None and cb is None:
            a, b, ca, cb = b, a, cb, ca
            r = self.fold_add(a, b, ca, cb)
            if r is not None:
                return <Value>r
        return self.emit_binary(_ADDI, a, b)

    cdef bint aligned_to(self, Value v, object a) except -1:
        key = (v, a)
        cdef PyObject* p = PyDict_GetItemWithError(self.aligned, key)
        if p != NULL:
            return <object>p is True
        r = self._aligned_to(v, a)
        self.aligned[key] = r
        return r

    cdef bint _aligned_to(self, Value v, object a) except -1:
        c = self.constant(v)
        if c is not None and a != 0 and (c & _MASK) % a == 0:
            return True
        owner = v.owner
        if not isinstance(owner, Op):
            return False
        cdef Op op = <Op>owner
        cdef list operands = op.operands
        if _same_name(op.name, _ALIGN) and len(operands) == 2:
            sa = self.constant(operands[1])
            if sa is not None:
                sa = sa & _MASK
                if sa >= a and _gcd(sa, a) == a:
                    return True
            return self.aligned_to(<Value?>operands[0], a)
        if len(operands) != 2:
            return False
        if _same_name(op.name, _ADDI) or _same_name(op.name, _SUBI):
            return self.aligned_to(<Value?>operands[0], a) and self.aligned_to(<Value?>operands[1], a)
        if _same_name(op.name, _MULI):
            return self.aligned_to(<Value?>operands[0], a) or self.aligned_to(<Value?>operands[1], a)
        return False

    cpdef Value align(self, Value v, object a):
        """``createOrFold<IREE::Util::AlignOp>(v, a)`` for a static ``a`` (IndexFolder.align)."""
        alignment = self.fresh_constant(a)
        if self.aligned_to(v, a):
            return v
        c = self.constant(v)
        if c is not None:
            c = c & _MASK
            return self.fresh_constant(_wrap64(((c + (a - 1)) & ~(a - 1)) & _MASK))
        return self.emit_binary(_ALIGN, v, alignment)


def static_sizes(list sizes, dict consts, uint8_t[::1] mask, int64_t[::1] out):
    """layout_slices.pack_slices' size loop: ``mask[k]`` = slice ``k``'s size
    is defined by an ``arith.constant`` (the op kind decides, as IREE's
    ``isa<arith::ConstantOp>``), ``out[k]`` = that constant (``consts``, the
    run's ``constant_int`` cache, is read and filled).  Returns -1, or the
    first slice whose constant is not an integer.

    Pure Python equivalent::

        for k, v in enumerate(sizes):
            if isinstance(v.owner, Op) and v.owner.name == "arith.constant":
                c = consts[v] = consts.get(v) or constant_int(v)
                if c is None: return k
                mask[k] = 1; out[k] = c
        return -1
    """
    cdef Py_ssize_t k, n = PyList_GET_SIZE(sizes)
    cdef Value v
    cdef PyObject* p
    if mask.shape[0] != n or out.shape[0] != n:
        raise ValueError(f"static_sizes: {n} sizes, mask of {mask.shape[0]}, out of {out.shape[0]}")
    for k in range(n):
        v = <Value?><object>PyList_GET_ITEM(sizes, k)
        owner = v.owner
        if not (isinstance(owner, Op) and _same_name((<Op>owner).name, _CONSTANT)):
            continue
        p = PyDict_GetItemWithError(consts, v)
        if p != NULL:
            c = <object>p
        else:
            c = _constant_int(v)
            consts[v] = c
        if c is None:
            return k
        mask[k] = 1
        out[k] = c
    return -1


def replace_static(Folder b, list results, Value base, const int64_t[::1] idx, const int64_t[::1] placed):
    """The static slices' offsets: slice ``idx[j]`` (result ``idx[j] + 1``)
    gets ``base + index(placed[j])``.

    Pure Python equivalent::

        for k, off in zip(idx, placed):
            results[k + 1].replace_all_uses_with(b.add(base, b.index(off)))
    """
    cdef Py_ssize_t j, n = idx.shape[0]
    if placed.shape[0] != n:
        raise ValueError(f"replace_static: {n} slices, {placed.shape[0]} offsets")
    for j in range(n):
        v = b.add(base, b.index(placed[j]))
        (<Value?>results[idx[j] + 1]).replace_all_uses_with(v)


cdef class FirstFitBins:
    """layout_slices.FirstFitBins compiled: first-fit of inclusive
    intervals over bins, each interval to the lowest-numbered bin none of
    whose intervals it meets.  A segment tree over the distinct time points
    keeps per node two bitsets of bins (Python ints): ``cover`` (a bin's
    interval covers the node: set on the interval's canonical nodes) and
    ``below`` (a bin's interval meets the node: canonical nodes and every
    node on the root paths of the interval's two end leaves).  The bins an
    interval meets are ``below`` of its canonical nodes or'ed with ``cover``
    of the nodes on its end leaves' root paths (which hold every ancestor of
    a canonical node; the others on them lie inside the interval, so what
    they add is a real conflict too).

    Pure Python equivalent: layout_slices.FirstFitBins (the same answers)."""

    cdef dict rank
    cdef Py_ssize_t size
    cdef list cover
    cdef list below
    cdef public Py_ssize_t count

    def __init__(self, points):
        coords = sorted(set(points))
        self.rank = {c: i for i, c in enumerate(coords)}
        cdef Py_ssize_t m = len(coords), size = 1
        while size < m:
            size <<= 1
        self.size = size
        self.cover = [0] * (2 * size)
        self.below = [0] * (2 * size)
        self.count = 0

    cpdef Py_ssize_t place(self, object s, object e) except -1:
        """Bin of ``[s, e]`` (``s <= e``, both among the points given)."""
        if e < s:
            raise ValueError(f"interval [{s}, {e}] has end < start")
        cdef Py_ssize_t lo = <Py_ssize_t>self.rank[s] + self.size
        cdef Py_ssize_t hi = <Py_ssize_t>self.rank[e] + self.size + 1
        cdef Py_ssize_t l0 = lo, r0 = hi - 1, x, b
        cdef list cover = self.cover, below = self.below
        cdef Py_ssize_t nodes[130]
        cdef Py_ssize_t nn = 0, i
        cdef object blocked = 0, bit
        while lo < hi:
            if lo & 1:
                nodes[nn] = lo
                nn += 1
                lo += 1
            if hi & 1:
                hi -= 1
                nodes[nn] = hi
                nn += 1
            lo >>= 1
            hi >>= 1
        for i in range(nn):
            blocked |= <object>PyList_GET_ITEM(below, nodes[i])
        x = l0 >> 1
        while x:
            blocked |= <object>PyList_GET_ITEM(cover, x)
            x >>= 1
        x = r0 >> 1
        while x:
            blocked |= <object>PyList_GET_ITEM(cover, x)
            x >>= 1
        b = ((~blocked) & (blocked + 1)).bit_length() - 1
        if b == self.count:
            self.count += 1
        bit = (<object>1) << b
        for i in range(nn):
            cover[nodes[i]] |= bit
            below[nodes[i]] |= bit
        x = l0 >> 1
        while x:
            below[x] |= bit
            x >>= 1
        x = r0 >> 1
        while x:
            below[x] |= bit
            x >>= 1
        return b


def place_dynamic(Folder b, list results, list sizes, list members, list starts, list ends,
                  Value offset, object oa, object ra, bint literal, object literal_bins):
    """One bucket of dynamic slices (``members``: slice numbers with the
    same size value, in order): the bucket's aligned size, then each slice
    first-fit into a bin (a new bin is appended at ``offset``, which moves
    up by the aligned size, aligned to ``oa``); each slice's result gets its
    bin's offset.  ``literal``: the bucket has a lifetime with end < start,
    binned by ``literal_bins()`` (layout_slices.LiteralBins).  Returns the
    new offset.

    Pure Python equivalent: the bucket loop of layout_slices._lower_pack.
    """
    cdef Py_ssize_t j, k, nm = PyList_GET_SIZE(members)
    cdef list bin_offsets = []
    slice_size = b.align(<Value?>sizes[<Py_ssize_t>members[0]], ra)
    if literal:
        bins = literal_bins()
    else:
        bins = FirstFitBins([starts[k] for k in members] + [ends[k] for k in members])
    for j in range(nm):
        k = members[j]
        if literal:
            jb = bins.place(starts[k], ends[k])
        else:
            jb = (<FirstFitBins>bins).place(starts[k], ends[k])
        if jb == len(bin_offsets):
            bin_offsets.append(offset)
            offset = b.align(b.add(offset, slice_size), oa)
        (<Value?>results[k + 1]).replace_all_uses_with(bin_offsets[jb])
    return offset


cdef int _pack_walk_into(object block, str name, list out) except -1:
    # _pack_walk below, for one block; True when a pack was found in it
    cdef list ops = block.ops
    cdef Py_ssize_t k
    cdef bint found = False
    cdef Op op
    for k in range(PyList_GET_SIZE(ops)):
        op = <Op?><object>PyList_GET_ITEM(ops, k)
        regions = op._regions
        if regions:
            for r in regions:
                for blk in r.blocks:
                    _pack_walk_into(blk, name, out)
        if _same_name(op.name, name):
            out.append(op)
            found = True
    if found:
        out.append(block)
    return 0


def pack_walk(list blocks, str name):
    """The ``name`` ops (``stream.resource.pack``) in ``blocks`` and in
    every block nested in their ops, in the order layout-slices lowers
    them, each block that holds some listed right after its last one is
    done (where the pass rebuilds that block's op list).  Assumes blocks
    and ops of the model.  In Python::

        def walk(block):
            found = False
            for op in block.ops:
                for r in op.regions: for blk in r.blocks: walk(blk)
                if op.name == name: out.append(op); found = True
            if found: out.append(block)
        for block in blocks: walk(block)
    """
    cdef list out = []
    for block in blocks:
        _pack_walk_into(block, name, out)
    return out
