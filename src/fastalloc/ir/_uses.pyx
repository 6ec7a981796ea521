# cython: language_level=3
# fastalloc.ir._uses: compiled helpers of fastalloc.ir.model, typed over the
# model's extension types (fastalloc/ir/model.pxd): the parser's use
# registration (10^5-10^6 uses per big module) and Module.dispose's cycle cut.

from cpython.dict cimport PyDict_SetItem
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE

from fastalloc.ir.model cimport Block, Op, Region, Value


def _register_parsed_uses(list events, factory):
    """Register the uses the parser made, in the order it made them.

    ``events`` is the parser's record, flat ``[op, end, op, end, ...]``:
    operands ``[start, end)`` of ``op`` were parsed at that point, ``start``
    being the ``end`` of ``op``'s previous event (0 for its first; an
    uninterpreted op with operands both before and after a region has two),
    ``end`` clipped to ``len(op.operands)``.  The record is replayed after
    the forward references are resolved, so each use lands on the value that
    defines it, and every use list is in text order, as if each use had been
    registered when it was read.  ``factory()`` makes an empty use list
    (``fastalloc.ir.model.UseList``).

    Pure Python equivalent::

        done = {}
        for op, end in zip(events[0::2], events[1::2]):
            start = done.get(op, 0)
            end = min(end, len(op.operands))
            for i in range(start, end):
                op.operands[i].uses[(op, i)] = None
            done[op] = end
    """
    cdef Py_ssize_t n = PyList_GET_SIZE(events) // 2, e, i, start, end, m
    cdef Op op
    cdef Value v
    cdef list operands
    cdef dict done = None
    cdef object u
    for e in range(n):
        op = <Op?>events[2 * e]
        end = events[2 * e + 1]
        operands = op.operands
        m = PyList_GET_SIZE(operands)
        if end > m:
            end = m
        start = 0
        # Only an op with a region can have a second event (its operands
        # after the region); the others need no lookup.
        if op._regions:
            if done is None:
                done = {}
            start = done.get(op, 0)
            done[op] = end
        for i in range(start, end):
            v = <Value?>operands[i]
            u = v._uses
            if u is None:
                u = factory()
                v._uses = u
            PyDict_SetItem(u, (op, i), None)


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
