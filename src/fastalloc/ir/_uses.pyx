# cython: language_level=3
# fastalloc.ir._uses: compiled helpers of fastalloc.ir.model, typed over the
# model's extension types (fastalloc/ir/model.pxd): Module.dispose's cycle cut.

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE

from fastalloc.ir.model cimport Block, Op, Region, Value, _clear_chain, _release_records

from fastalloc.ir.model import EMPTY_MAP, NO_REGIONS


def _cut_module(body, list values, no_regions):
    """Cut every reference cycle of a module's IR objects (``Module.dispose``).

    Walks the blocks from ``body`` down: each op's regions are replaced by
    ``no_regions`` (after their blocks are queued and taken from them), each
    block's ``ops`` and ``args`` emptied and its ``parent`` cleared (the
    module's body region holds its block too); before that, each value of
    ``values`` (the module's value table) loses its ``owner`` and its use
    chain, every use record of the chain emptied, and each op met its
    records.  What
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
    # The chains first (no record names a value afterwards), then the
    # records of every op met (each unlinks what is left of its own).
    n = PyList_GET_SIZE(values)
    for i in range(n):
        x = <object>PyList_GET_ITEM(values, i)
        if x is not None:
            v = <Value?>x
            v.owner = None
            _clear_chain(v)
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
            _release_records(op)
        block.ops = []
        block.args = []
        block.parent = None


cdef str _LOCATION = "location"
# The parent a dead op or block is given while _release_unreachable runs:
# the mark that it is queued (a pointer test where a set of them would need
# a hash lookup per value); every marked parent is None when it returns.
cdef object _QUEUED = object()


cdef int _detach_fused_locs(list fused) except -1:
    """Make the fused locations ``fused`` (and those they lead to) name no
    value of a freed op: a part that is a result of an op marked queued
    (``parent is _QUEUED``) is replaced by that op, which becomes a location
    carrier (named ``location``, keeping only its location fields ``_loc``,
    ``_tok``, ``dloc``; the name marks it done).  The freed op itself
    carries the location: no stand-in object per part, and the results it
    held are freed with the rest.  A part that is such an op is made a
    carrier in place.  In Python::

        for d in fused (and each d.dloc of a carrier): for j, x in enumerate(d.parts):
            owner = x.owner if isinstance(x, Value) else x
            if owner is a queued op: _carrier(owner); d.parts[j] = owner
    """
    cdef set done = set()
    cdef Py_ssize_t k = 0, j
    cdef list parts
    cdef object d, x, owner
    cdef Op op
    while k < PyList_GET_SIZE(fused):
        d = <object>PyList_GET_ITEM(fused, k)
        k += 1
        if d in done:
            continue
        done.add(d)
        parts = d.parts
        for j in range(PyList_GET_SIZE(parts)):
            x = <object>PyList_GET_ITEM(parts, j)
            owner = (<Value>x).owner if isinstance(x, Value) else x
            if not isinstance(owner, Op) or (<Op>owner).parent is not _QUEUED:
                continue
            op = <Op>owner
            if op.name is not _LOCATION:
                _carrier(op)
                if op.dloc is not None and type(op.dloc) is not str:
                    fused.append(op.dloc)
            parts[j] = op
    return 0


cdef int _carrier(Op op) except -1:
    """Strip a freed op down to its location (see _detach_fused_locs): the
    fields ``Op.__init__`` sets, but the location ones and ``parent`` (the
    caller's mark), as it leaves them.  Its results are kept only while a
    live op still uses one (the release keeps such a value's owner)."""
    cdef Value v
    op.name = _LOCATION
    if op.operands:  # (the sweep's hollowed ops have none left)
        op.operands = []
    for x in op.results:
        v = <Value>x
        if v._nuses:
            break
    else:
        op.results = []
    op._regions = NO_REGIONS
    op._props = EMPTY_MAP
    op._attrs = EMPTY_MAP
    op.segments = None
    op.tmpl = None
    op.opdef = None
    return 0


cdef inline int _mark_queued(object x, list queue) except -1:
    # x: a dead Op or Block, not queued yet
    if isinstance(x, Op):
        (<Op>x).parent = _QUEUED
    else:
        (<Block?>x).parent = _QUEUED
    queue.append(x)
    return 0


def _release_unreachable(body, list values, no_regions):
    """Free what a rewrite left outside the module (``Module.release_unreachable``).

    An op a pass replaced is detached, but its results stay in the value
    table (ids never move), and each result points back at the op: with the
    collector paused, nothing of it is freed until the module is disposed.
    Here, the ops and blocks no longer reachable from ``body`` are found
    (the owners of table values that are not in the module, and everything
    nested in them), their operand uses dropped, and their cycles cut: a
    dead op loses its regions (unless a live op took them over), a dead
    block its ops, arguments and parent, and each of their values without
    uses its ``owner`` and its table entry (``None``, the tombstone; ids
    stay).  A value that a live op still uses keeps its owner and entry.

    Reachability: a block is live if the walk from ``body`` meets it; an op
    is live if its ``parent`` is a live block, or if the walk met it in a
    block its ``parent`` does not name (such ops are collected as the walk
    goes).  A detached op whose ``parent`` still names a live block is kept
    (left for ``dispose``), never freed by mistake.  Returns the number of
    values released.

    Pure Python equivalent::

        live = {b for b in all blocks reached from body}
        dead = [v.owner for v in values if v and v.owner and not live_owner(v.owner)]
        for op in dead (and all nested): drop its uses; op.regions = ()
        for v of dead ops and blocks: if not v.uses: values[v.id] = None; v.owner = None
    """
    cdef set live_blocks = set()
    cdef set stale = set()
    cdef list blocks = [body]
    cdef Py_ssize_t k = 0, i, n, released = 0
    cdef Block block
    cdef Op op
    cdef Region region
    cdef Value v
    cdef object x, owner
    cdef list fused = []
    # 1. The live blocks (and live ops with a stale parent), and the live
    # ops' fused locations (they may name ops freed below).
    while k < PyList_GET_SIZE(blocks):
        block = <Block?><object>PyList_GET_ITEM(blocks, k)
        k += 1
        live_blocks.add(block)
        for x in block.ops:
            op = <Op?>x
            if op.parent is not block:
                stale.add(op)
            if op.dloc is not None and type(op.dloc) is not str:
                fused.append(op.dloc)
            if op._regions:
                for region in op._regions:
                    blocks.extend(region.blocks)
    # 2. The dead owners of table values.  Values are mostly made block by
    # block, so the block the previous owner lived in answers most liveness
    # questions without a set lookup; a dead owner is marked once queued.
    cdef list queue = []
    cdef object last_live = body, where
    cdef bint any_stale = len(stale) != 0
    n = PyList_GET_SIZE(values)
    for i in range(n):
        x = <object>PyList_GET_ITEM(values, i)
        if x is None:
            continue
        owner = (<Value?>x).owner
        if owner is None:
            continue
        where = (<Op>owner).parent if isinstance(owner, Op) else owner
        if where is last_live:
            continue
        if isinstance(owner, Op):
            if where is _QUEUED:
                continue
        elif (<Block?>owner).parent is _QUEUED:
            continue
        if where is not None and where in live_blocks:
            last_live = where
            continue
        if any_stale and owner in stale:
            continue
        _mark_queued(owner, queue)
    # 3. Everything nested in them; their uses dropped, their links cut.
    cdef list dead_values = []
    k = 0
    while k < PyList_GET_SIZE(queue):
        x = <object>PyList_GET_ITEM(queue, k)
        k += 1
        if isinstance(x, Op):
            op = <Op>x
            _release_records(op)
            for region in op._regions:
                if region.parent is not op and region.parent is not None:
                    continue  # moved to another op
                if any(b in live_blocks for b in region.blocks):
                    continue
                for b in region.blocks:
                    if (<Block?>b).parent is not _QUEUED:
                        _mark_queued(b, queue)
                region.blocks = []
                region.parent = None
            op._regions = no_regions
            dead_values.extend(op.results)
        else:
            block = <Block?>x
            for y in block.ops:
                if (<Op?>y).parent is block and not (any_stale and y in stale):
                    _mark_queued(y, queue)
            dead_values.extend(block.args)
            block.ops = []
            block.args = []
    # 3b. A live op's fused location is computed when printed, from the
    # ops and values it names: a part naming a freed op (or one of its
    # results) becomes that op, stripped to its location.
    _detach_fused_locs(fused)
    # 4. Their values, once every dead use is gone; the marks cleared.
    for x in dead_values:
        v = <Value?>x
        if v._nuses:
            continue
        v.owner = None
        i = v.id
        if 0 <= i < n and <object>PyList_GET_ITEM(values, i) is v:
            values[i] = None
            released += 1
    for x in queue:
        if isinstance(x, Op):
            (<Op>x).parent = None
        else:
            (<Block>x).parent = None
    return released
