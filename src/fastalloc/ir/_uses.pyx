# cython: language_level=3
# fastalloc.ir._uses: compiled helpers of fastalloc.ir.model, typed over the
# model's extension types (fastalloc/ir/model.pxd): Module.dispose's cycle cut.

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE

from fastalloc.ir.model cimport Block, Op, Region, Value


def _cut_module(body, list values, no_regions):
    """Cut every reference cycle of a module's IR objects (``Module.dispose``).

    Walks the blocks from ``body`` down: each op's regions are replaced by
    ``no_regions`` (after their blocks are queued and taken from them), each
    block's ``ops`` and ``args`` emptied and its ``parent`` cleared (the
    module's body region holds its block too); before that, each value of
    ``values`` (the module's value table) loses its ``owner`` and its use
    chain, every use record of the chain emptied (its op links).  What
    remains points only upwards (op -> block -> region -> op, the parent
    links), so reference counting frees everything once the caller drops
    the module.  The value loop also cuts the cycles of ops that left the
    module (a replaced op and its results, or users of those results)."""
    cdef list blocks = [body]
    cdef Py_ssize_t k = 0, i, n
    cdef list ops
    cdef Block block
    cdef Op op
    cdef Region region
    cdef Value v
    cdef object x, nxt
    cdef Op user
    cdef list links
    cdef Py_ssize_t ui, b
    # The chains first: the block walk below drops the records they run through.
    n = PyList_GET_SIZE(values)
    for i in range(n):
        x = <object>PyList_GET_ITEM(values, i)
        if x is not None:
            v = <Value?>x
            v.owner = None
            nxt = v._uhead
            ui = v._uhead_i
            while nxt is not None:
                user = <Op?>nxt
                links = user._ulinks
                b = 5 * ui
                nxt = links[b + 3]
                ui = links[b + 4]
                links[b] = None
                links[b + 1] = None
                links[b + 3] = None
            v._uhead = None
            v._utail = None
            v._nuses = 0
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
            op._ulinks = None
        block.ops = []
        block.args = []
        block.parent = None
