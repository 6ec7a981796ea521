# cython: language_level=3
# fastalloc.ir._uses: compiled helpers of fastalloc.ir.model that
# measurement showed hot (see the docstrings); _cut_module reads the model's
# typed fields (fastalloc/ir/model.pxd).
#
# _UseIndex: the parser's use log frozen for lookups by value (the first
# use-list read of a module).  The numpy form (flatten the operand lists with
# chain/map/fromiter, argsort, repeat, three gathers) took 0.28-0.42 s on a
# 10^5-op module (7.5 * 10^5 logged uses), most of it in per-element Python
# calls; here the operand lists are read with the list C API and the uses
# sorted by a radix sort on the value addresses.

cimport cython
from cpython.dict cimport PyDict_SetItem
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.ref cimport PyObject
from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memset

import numpy as np

from fastalloc.ir.model cimport Block, Op, Region, Value

cdef extern from "Python.h":
    # PyList_SET_ITEM steals the reference; declared here with a borrowed
    # PyObject* argument so that Cython adds no reference counting of its own.
    void _iu_list_set "PyList_SET_ITEM" (object, Py_ssize_t, PyObject*)
    void _iu_incref "Py_INCREF" (PyObject*)
    object _iu_list_new "PyList_New" (Py_ssize_t)
    int _iu_list_cut "PyList_SetSlice" (object, Py_ssize_t, Py_ssize_t, PyObject*) except -1


cdef enum:
    _IU_BITS = 11                 # radix digit
    _IU_BUCKETS = 1 << _IU_BITS
    _IU_PASSES = 6                # 11-bit digits over bits 4..69 of an address


cdef struct _IuUse:
    uint64_t addr     # the used value's address
    int32_t event     # the log event that registered the use
    int32_t number    # the operand number


cdef _IuUse* _iu_sort(_IuUse* a, _IuUse* tmp, Py_ssize_t n) noexcept nogil:
    """Sort the uses ``a[:n]`` by address, ties in index order, with ``tmp``
    (room for n) as the other buffer; returns the buffer that holds the
    result, or NULL if memory ran out.  LSD radix sort on ``(addr - min) >> 4``, 11-bit digits, the
    histograms of every digit counted in one read and the passes whose digit
    is the same for all skipped (an address range of a few hundred MB takes
    three).  Distinct objects lie at least 16 bytes apart, so that key orders
    and ties exactly as the address does.  Same result as
    ``sorted(range(n), key=lambda i: a[i].addr)``."""
    if n < 2:
        return a
    cdef uint64_t lo = a[0].addr, hi = a[0].addr, d
    cdef Py_ssize_t i, j, s, c
    for i in range(n):
        if a[i].addr < lo:
            lo = a[i].addr
        if a[i].addr > hi:
            hi = a[i].addr
    cdef int p, passes = 0
    d = (hi - lo) >> 4
    while d != 0:
        passes += 1
        d >>= _IU_BITS
    # (on the heap: 96 KB is a lot of stack for a thread)
    cdef Py_ssize_t (*count)[_IU_BUCKETS]
    count = <Py_ssize_t (*)[_IU_BUCKETS]>calloc(_IU_PASSES, sizeof(Py_ssize_t[_IU_BUCKETS]))
    if count == NULL:
        return NULL
    for i in range(n):
        d = (a[i].addr - lo) >> 4
        for p in range(passes):
            count[p][d & (_IU_BUCKETS - 1)] += 1
            d >>= _IU_BITS
    cdef _IuUse* src = a
    cdef _IuUse* dst = tmp
    cdef _IuUse* t
    cdef unsigned int shift
    for p in range(passes):
        shift = 4 + p * _IU_BITS
        if count[p][((src[0].addr - lo) >> shift) & (_IU_BUCKETS - 1)] == n:
            continue  # one digit value: the pass would keep the order
        s = 0
        for j in range(_IU_BUCKETS):
            c = count[p][j]
            count[p][j] = s
            s += c
        for i in range(n):
            d = ((src[i].addr - lo) >> shift) & (_IU_BUCKETS - 1)
            j = count[p][d]
            count[p][d] = j + 1
            dst[j] = src[i]
        t = src
        src = dst
        dst = t
    free(count)
    return src


def _py_iu_sort(addr):
    """Test access to ``_iu_sort``: the permutation it applies to the
    addresses ``addr`` (non-negative int64, distinct ones at least 16
    apart)."""
    k = np.ascontiguousarray(addr, dtype=np.int64)
    cdef Py_ssize_t n = k.shape[0], i
    out = np.empty(n, dtype=np.int64)
    cdef const int64_t[::1] kv = k
    cdef int64_t[::1] ov = out
    cdef _IuUse* buf = <_IuUse*>malloc((2 * n + 1) * sizeof(_IuUse))
    cdef _IuUse* res
    if buf == NULL:
        raise MemoryError()
    for i in range(n):
        buf[i].addr = <uint64_t>kv[i]
        buf[i].event = <int32_t>i
        buf[i].number = 0
    res = _iu_sort(buf, buf + n, n)
    if res == NULL:
        free(buf)
        raise MemoryError()
    for i in range(n):
        ov[i] = res[i].event
    free(buf)
    return out


cdef inline Py_ssize_t _iu_slot(Py_ssize_t* table, Py_ssize_t mask, PyObject** ops, PyObject* op) noexcept nogil:
    """Open addressing over event numbers (-1 = empty): the slot of ``op``'s
    entry, or the empty slot where it goes."""
    cdef size_t h = (<size_t>op) >> 4
    h ^= h >> 17
    cdef Py_ssize_t slot = <Py_ssize_t>((h * <size_t>0x9E3779B97F4A7C15) & <size_t>mask)
    while table[slot] >= 0 and ops[table[slot]] != op:
        slot = (slot + 1) & mask
    return slot


cdef class _UseIndex:
    """The uses a parser's log records, sorted by the used value's address.

    ``events`` is the log (``Module._use_events``): flat ``[op, end, op,
    end, ...]``, meaning that operands ``[start, end)`` of ``op`` were
    registered at that point, ``start`` being the end of ``op``'s previous
    event (0 for its first; an uninterpreted op with operands after a region
    has two), ``end`` clipped to ``len(op.operands)``.  Each use is kept as
    (value address, event number, operand number), sorted by address, ties
    in log order, so that ``uses_of`` returns a value's uses as a replay of
    the log would have appended them.  The used values are kept alive
    (``values``: each once, in address order), so no address here can be
    taken by a new object.  No Python code runs (and nothing is allocated
    through Python) between reading the operand lists and taking those
    references, so every address read is that of a live value.

    Pure Python equivalent of the arrays (``arrays()``)::

        ops, done, rows = events[0::2], {}, []
        for e, (op, end) in enumerate(zip(ops, events[1::2])):
            start = done.get(id(op), 0)
            end = min(end, len(op.operands))
            rows += [(id(op.operands[i]), e, i) for i in range(start, end)]
            done[id(op)] = end
        rows.sort(key=lambda r: r[0])  # stable
    """

    cdef _IuUse* uses    # sorted by address
    cdef _IuUse* block   # the allocation ``uses`` points to
    cdef Py_ssize_t n
    cdef readonly list ops
    cdef readonly list values

    def __cinit__(self, list events):
        self.uses = NULL
        self.block = NULL
        self.n = 0
        cdef Py_ssize_t n_ev = PyList_GET_SIZE(events) // 2
        if n_ev >= 2147483647:
            raise ValueError(f"use log of {n_ev} events: more than an int32 event number holds")
        ops = events[0::2]
        self.ops = ops
        self.values = []
        lists = [None] * n_ev  # keeps the operand lists read below alive
        cdef Py_ssize_t* start = <Py_ssize_t*>malloc((n_ev + 1) * sizeof(Py_ssize_t))
        cdef Py_ssize_t* stop = <Py_ssize_t*>malloc((n_ev + 1) * sizeof(Py_ssize_t))
        cdef Py_ssize_t cap = 16
        while cap < 2 * n_ev:
            cap *= 2
        cdef Py_ssize_t* table = <Py_ssize_t*>malloc(cap * sizeof(Py_ssize_t))
        cdef PyObject** opp = <PyObject**>malloc((n_ev + 1) * sizeof(PyObject*))
        cdef _IuUse* buf
        cdef _IuUse* tmp = NULL
        cdef _IuUse* res
        cdef Py_ssize_t e, i, j, slot, total = 0, a, b, m
        cdef PyObject* v
        cdef object operands
        try:
            if start == NULL or stop == NULL or table == NULL or opp == NULL:
                raise MemoryError()
            for i in range(cap):
                table[i] = -1
            # Which operands each event registered (see the class docstring).
            for e in range(n_ev):
                opp[e] = PyList_GET_ITEM(ops, e)
                operands = (<object>opp[e]).operands
                if type(operands) is not list:
                    operands = list(operands)
                lists[e] = operands
                b = events[2 * e + 1]
                m = PyList_GET_SIZE(operands)
                if b > m:
                    b = m
                elif b < 0:
                    b = 0
                slot = _iu_slot(table, cap - 1, opp, opp[e])
                a = stop[table[slot]] if table[slot] >= 0 else 0
                table[slot] = e
                start[e] = a
                stop[e] = b
                if b > a:
                    total += b - a
            if total >= 2147483647:
                raise ValueError(f"use log of {total} uses: more than an int32 operand number holds")
            # Allocated before the addresses are read: a Python allocation
            # may start a collection, which may run arbitrary code.
            values = _iu_list_new(total)
            buf = <_IuUse*>malloc((total + 1) * sizeof(_IuUse))
            if buf == NULL:
                raise MemoryError()
            self.block = buf
            tmp = <_IuUse*>malloc((total + 1) * sizeof(_IuUse))
            if tmp == NULL:
                raise MemoryError()
            j = 0
            for e in range(n_ev):
                operands = <object>PyList_GET_ITEM(lists, e)
                for i in range(start[e], stop[e]):
                    buf[j].addr = <uint64_t>PyList_GET_ITEM(operands, i)
                    buf[j].event = <int32_t>e
                    buf[j].number = <int32_t>i
                    j += 1
            res = _iu_sort(buf, tmp, total)
            if res == NULL:
                raise MemoryError()
            # Keep the buffer that holds the result, free the other.
            self.block = res
            if res == tmp:
                tmp = buf
            # One reference per distinct value, taken in address order
            # (each value read once, mostly in memory order; a reference per
            # use in log order cost a cache miss per use).
            m = 0
            for j in range(total):
                if j == 0 or res[j].addr != res[j - 1].addr:
                    v = <PyObject*>res[j].addr
                    _iu_incref(v)
                    _iu_list_set(values, m, v)
                    m += 1
            _iu_list_cut(values, m, total, NULL)
            self.values = values
            self.uses = res
            self.n = total
        finally:
            free(tmp)
            free(start)
            free(stop)
            free(table)
            free(opp)

    def __dealloc__(self):
        free(self.block)

    def __len__(self):
        return self.n

    def arrays(self):
        """Copies of the sorted (address, event number, operand number)
        columns, for tests."""
        addr = np.empty(self.n, dtype=np.int64)
        event = np.empty(self.n, dtype=np.int32)
        number = np.empty(self.n, dtype=np.int32)
        cdef int64_t[::1] av = addr
        cdef int32_t[::1] ev = event
        cdef int32_t[::1] nv = number
        cdef Py_ssize_t j
        for j in range(self.n):
            av[j] = <int64_t>self.uses[j].addr
            ev[j] = self.uses[j].event
            nv[j] = self.uses[j].number
        return addr, event, number

    def uses_of(self, value, factory):
        """``factory()`` (a dict: ``fastalloc.ir.model.UseList``) filled with
        ``value``'s uses ``(op, operand number)`` in log order, or None if
        the log has none."""
        cdef uint64_t a = <uint64_t><PyObject*>value
        cdef Py_ssize_t lo = 0, hi = self.n, mid
        cdef _IuUse* u = self.uses
        while lo < hi:
            mid = (lo + hi) >> 1
            if u[mid].addr < a:
                lo = mid + 1
            else:
                hi = mid
        if lo == self.n or u[lo].addr != a:
            return None
        out = factory()
        ops = self.ops
        while lo < self.n and u[lo].addr == a:
            PyDict_SetItem(out, (<object>PyList_GET_ITEM(ops, u[lo].event), <int>u[lo].number), None)
            lo += 1
        return out


def _cut_module(body, list values, no_regions):
    """Cut every reference cycle of a module's IR objects (``Module.dispose``).

    Walks the blocks from ``body`` down: each op's regions are replaced by
    ``no_regions`` (after their blocks are queued and taken from them), each
    block's ``ops`` and ``args`` emptied and its ``parent`` cleared (the
    module's body region holds its block too); then each value of ``values`` (the
    module's value table) loses its ``owner`` and ``_uses``.  What remains
    points only upwards (op -> block -> region -> op, the parent links), so
    reference counting frees everything once the caller drops the module.
    The value loop also cuts the cycles of ops that left the module (a
    replaced op and its results, or users of those results)."""
    cdef list blocks = [body]
    cdef Py_ssize_t k = 0, i, n
    cdef list ops
    cdef Block block
    cdef Op op
    cdef Region region
    cdef Value v
    while k < PyList_GET_SIZE(blocks):
        block = <Block?><object>PyList_GET_ITEM(blocks, k)
        k += 1
        ops = block.ops
        n = PyList_GET_SIZE(ops)
        for i in range(n):
            op = <Op?><object>PyList_GET_ITEM(ops, i)
            r = op._regions
            if r:
                for region in r:
                    blocks.extend(region.blocks)
                    region.blocks = []
                op._regions = no_regions
        block.ops = []
        block.args = []
        block.parent = None
    n = PyList_GET_SIZE(values)
    for i in range(n):
        x = <object>PyList_GET_ITEM(values, i)
        if x is not None:
            v = <Value?>x
            v.owner = None
            v._uses = None
