# cython: language_level=3
# fastalloc.passes._regions: compiled helpers of the IR passes that measurement
# showed hot (see the functions' docstrings); typed code over the compiled
# model (fastalloc/ir/model.pxd).
#
# _region_scan: the walk behind fastalloc.passes.regions.region_arrays.  On a
# 10^5-op execute region (~6 * 10^5 operands) the Python form spent ~0.8 s,
# mostly in per-operand dict lookups made through map() and in several walks
# over the op list (each one a round of cache misses over 10^5 objects).
# Here the op list is read once, Op/Value fields are read as C struct
# members (fastalloc/ir/model.pxd), and operands are looked up by address in a C table (_RgMap).
# _result_size and _alias_groups serve the same pass (see their docstrings).
# Bounds checks stay on (release builds turn them off): the indices come from
# the IR (tied_operands, segment sizes), which the walk does not validate.

cimport cython
from cpython.dict cimport PyDict_Contains, PyDict_GetItemWithError
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE, PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM
from cpython.ref cimport PyObject
from cpython.object cimport PyTypeObject, Py_TYPE
from cpython.unicode cimport PyUnicode_1BYTE_KIND, PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND
from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memcmp, memset

from fastalloc.ir.model cimport Op, Value, _Use
from fastalloc.passes._names cimport _same_name
from fastalloc.kernels._buf cimport new_i64, new_u8
from fastalloc.kernels._types cimport LIVE_IN_C as _LIVE_IN, LIVE_OUT_C as _LIVE_OUT

from fastalloc.ir.ops import OPS as _OPS

# Kinds of op in the ``kinds`` table given to _region_scan (TiedOpInterface
# as fastalloc.passes.regions.tied_operand answers it), made from the op
# definitions by _tied_kinds.
cdef enum:
    _RG_UNTIED = 0
    _RG_TIED0 = 1      # result 0 is tied to operand 0
    _RG_TIED_PROP = 2  # `tied_operands` indexes segment (kind - 2)'s operands


def _tied_kinds():
    """``{op name: _RG_* kind}`` from the op definitions (OpDef.tied_to /
    tied_prop) for every op implementing TiedOpInterface."""
    kinds = {}
    for name, d in _OPS.items():
        if d.tied_to is not None:
            if d.static_operand(d.tied_to) != 0:  # pragma: no cover - the walk reads operand 0
                raise ImportError(f"fastalloc.passes._regions assumes {name}'s {d.tied_to} is operand 0")
            kinds[name] = _RG_TIED0
        elif d.tied_prop is not None:
            kinds[name] = _RG_TIED_PROP + d.segment_index[d.tied_prop]
    return kinds


def _result_sizes():
    """``{op name: OpDef.result_size_at}`` for the ops with result sizes."""
    return {name: d.result_size_at for name, d in _OPS.items() if d.result_size is not None}


# _rg_yielded reads a stream.yield's resource operands as its first segment.
if _OPS["stream.yield"].segment_index["resource_operands"] != 0:  # pragma: no cover
    raise ImportError("fastalloc.passes._regions assumes stream.yield's resource_operands come first")


cdef struct _RgVec:
    int64_t* p
    Py_ssize_t n
    Py_ssize_t cap


cdef int _rg_grow(_RgVec* v) except -1:
    cdef Py_ssize_t cap = v.cap * 2 if v.cap else 4096
    cdef int64_t* q = <int64_t*>realloc(v.p, cap * sizeof(int64_t))
    if q == NULL:
        raise MemoryError()
    v.p = q
    v.cap = cap
    return 0


cdef int _rg_reserve(_RgVec* v, Py_ssize_t cap) except -1:
    cdef int64_t* q
    if cap > v.cap:
        q = <int64_t*>realloc(v.p, cap * sizeof(int64_t))
        if q == NULL:
            raise MemoryError()
        v.p = q
        v.cap = cap
    return 0


cdef inline int _rg_push(_RgVec* v, int64_t x) except -1:
    if v.n == v.cap:
        _rg_grow(v)
    v.p[v.n] = x
    v.n += 1
    return 0


# Value -> local number, keyed by the object's address (Value has no __eq__
# or __hash__: identity is what a dict of Values compares too).  Open
# addressing with linear probing, at most half full: one probe is about one
# cache line, where a dict lookup reads its index, its entry and the int.
cdef struct _RgSlot:
    void* key
    int64_t val


cdef struct _RgMap:
    _RgSlot* slots
    uint64_t mask
    int shift


cdef int _rg_map_init(_RgMap* m, Py_ssize_t n) except -1:
    cdef uint64_t cap = 16
    cdef int bits = 4
    while cap < <uint64_t>(2 * n):
        cap *= 2
        bits += 1
    m.slots = <_RgSlot*>calloc(cap, sizeof(_RgSlot))
    if m.slots == NULL:
        raise MemoryError()
    m.mask = cap - 1
    m.shift = 64 - bits
    return 0


cdef int _rg_map_reuse(_RgMap* m, Py_ssize_t n, uint64_t* cap_held) except -1:
    """``_rg_map_init(m, n)`` on ``m``'s buffer when it is large enough
    (``cap_held`` slots; it is cleared), else on a new one (the old freed)."""
    cdef uint64_t cap = 16
    cdef int bits = 4
    while cap < <uint64_t>(2 * n):
        cap *= 2
        bits += 1
    if m.slots != NULL and cap <= cap_held[0]:
        memset(m.slots, 0, cap * sizeof(_RgSlot))
        m.mask = cap - 1
        m.shift = 64 - bits
        return 0
    free(m.slots)
    m.slots = NULL
    _rg_map_init(m, n)
    cap_held[0] = m.mask + 1
    return 0


cdef inline uint64_t _rg_slot_of(_RgMap* m, void* key) noexcept nogil:
    # Fibonacci hashing of the address (objects are 16-byte aligned).
    return ((<uint64_t>key >> 4) * <uint64_t>0x9E3779B97F4A7C15) >> m.shift


cdef inline int64_t _rg_map_get(_RgMap* m, void* key) noexcept nogil:
    cdef uint64_t h = _rg_slot_of(m, key)
    while True:
        if m.slots[h].key == key:
            return m.slots[h].val
        if m.slots[h].key == NULL:
            return -1
        h = (h + 1) & m.mask


cdef inline void _rg_map_put(_RgMap* m, void* key, int64_t val) noexcept nogil:
    # The caller sized the map for every key it puts (at most half full).
    cdef uint64_t h = _rg_slot_of(m, key)
    while m.slots[h].key != NULL and m.slots[h].key != key:
        h = (h + 1) & m.mask
    m.slots[h].key = key
    m.slots[h].val = val


cdef inline bint _rg_is_res(object type_text, object prefix) except -1:
    """``type_text.startswith(prefix)`` for an ASCII ``prefix``."""
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(prefix)
    if type(type_text) is str and PyUnicode_KIND(type_text) == PyUnicode_1BYTE_KIND:
        return PyUnicode_GET_LENGTH(type_text) >= n and memcmp(
            PyUnicode_DATA(type_text), PyUnicode_DATA(prefix), n) == 0
    return type_text.startswith(prefix)


# Field reads of the compiled model's Op and Value (fastalloc/ir/model.pxd):
# typed arguments, so that a non-Op raises TypeError rather than being read
# as one.


cdef inline str _rg_name(Op op):
    return op.name


cdef inline list _rg_operands(Op op):
    return op.operands


cdef inline list _rg_results(Op op):
    return op.results


cdef inline object _rg_regions(Op op):
    return op._regions


cdef inline str _rg_type(Value v):
    return v.type


cdef list _rg_yielded(object block):
    """The ``resource_operands`` of ``block``'s terminator.  A
    ``stream.yield`` holds them first (checked against its definition at
    import); other ops answer through ``group``."""
    cdef list ops = block.ops
    term = ops[len(ops) - 1]
    if _same_name(_rg_name(term), "stream.yield"):
        segs = (<Op>term).segments
        if segs is not None:
            return _rg_operands(term)[:segs[0]]
    return term.group("resource_operands")


cdef struct _RgKinds:
    # op name (by address: the parser shares one string per name) -> kind,
    # direct-mapped; a miss asks the ``kinds`` dict.  Valid for one call (the
    # names are held by the ops being read).
    void* name[64]
    int kind[64]


cdef inline int _rg_kind(_RgKinds* c, dict kinds, object name) except -1:
    cdef uint64_t h = (<uint64_t><void*>name >> 4) & 63
    cdef PyObject* k
    if c.name[h] != <void*>name:
        k = PyDict_GetItemWithError(kinds, name)
        c.kind[h] = 0 if k == NULL else <int><object>k
        c.name[h] = <void*>name
    return c.kind[h]


cdef inline object _rg_tied_prop(Op op):
    """``op.props.get("tied_operands")`` without making a props dict."""
    props = op._props
    # SharedProps (a parsed op's read-only dict) overrides no reader, so the
    # C lookup is right for it too
    if isinstance(props, dict):
        p = PyDict_GetItemWithError(props, "tied_operands")
        return None if p == NULL else <object>p
    return props.get("tied_operands")


@cython.boundscheck(True)
cdef Py_ssize_t _rg_tied_base(object op, int kind) except -1:
    """Operand number of the first operand of the segment ``tied_operands``
    indexes (kind _RG_TIED_PROP + segment number)."""
    cdef Py_ssize_t base = 0, i
    cdef list segs
    if kind > _RG_TIED_PROP:
        segs = (<Op>op).segments
        for i in range(kind - _RG_TIED_PROP):
            base += <Py_ssize_t>segs[i]
    return base


@cython.boundscheck(True)
cdef object _rg_tied(object op, Py_ssize_t j, int kind):
    """The operand result ``j`` of ``op`` is tied to, or None
    (fastalloc.passes.regions.tied_operand)."""
    cdef Py_ssize_t k
    if kind == _RG_TIED0:
        return _rg_operands(op)[0] if j == 0 else None
    if kind == _RG_UNTIED:
        return None
    tied = _rg_tied_prop(op)
    if not tied or j >= len(tied):
        return None
    k = tied[j]
    if k < 0:
        return None
    k += _rg_tied_base(op, kind)
    return _rg_operands(op)[k]


@cython.boundscheck(True)
cdef int _rg_walk(object op, list out) except -1:
    """Append the ops nested in ``op``, pre-order (``list(op.walk())[1:]``)."""
    for region in _rg_regions(op):
        for block in region.blocks:
            for inner in block.ops:
                out.append(inner)
                if _rg_regions(inner):
                    _rg_walk(inner, out)
    return 0


@cython.boundscheck(True)
cdef int _rg_yield_pairs(object region_op, object block, object prefix, list out) except -1:
    """(yielded value, entry argument) of each tied resource result of
    ``region_op``, appended flat (tests/test_regions_native.py: _ref_yield_pairs)."""
    cdef Py_ssize_t i = 0, t
    tied = _rg_tied_prop(region_op)
    if not tied:
        return 0
    inner = _rg_yielded(block)
    args = block.args
    for r in _rg_results(region_op):
        if _rg_is_res(_rg_type(r), prefix):
            if i < len(tied) and i < len(inner):
                t = tied[i]
                if t >= 0:
                    out.append(inner[i])
                    out.append(args[t])
            i += 1
    return 0


@cython.boundscheck(True)
cdef int _rg_collect_pairs(object region_op, _RgKinds* kc, dict kinds, object prefix, object concurrent_name,
                           list out) except -1:
    """IREE's computeRegionValueAliases over ``region_op``'s region, nested
    concurrent regions first, appended flat (tests/test_regions_native.py:
    _ref_collect_pairs)."""
    cdef Py_ssize_t j
    cdef int kind
    block = _rg_regions(region_op)[0].blocks[0]
    _rg_yield_pairs(region_op, block, prefix, out)
    for op in block.ops:
        name = _rg_name(op)
        if _same_name(name, concurrent_name):
            _rg_collect_pairs(op, kc, kinds, prefix, concurrent_name, out)
        kind = _rg_kind(kc, kinds, name)
        if kind == _RG_UNTIED:
            continue
        results = _rg_results(op)
        for j in range(len(results)):
            r = results[j]
            if _rg_is_res(_rg_type(r), prefix):
                t = _rg_tied(op, j, kind)
                if t is not None:
                    out.append(r)
                    out.append(t)
    return 0


cdef inline int _rg_number(_RgMap* index, list values, object v) except -1:
    """Give ``v`` the next local number unless it has one."""
    if _rg_map_get(index, <void*>v) < 0:
        _rg_map_put(index, <void*>v, len(values))
        values.append(v)
    return 0


@cython.boundscheck(True)
def _region_scan(execute_op, block, list args, dict kinds, str prefix, str concurrent_name):
    """Number the values of an execute region and read its uses and alias
    pairs in one walk (the core of ``fastalloc.passes.regions.region_arrays``,
    whose docstring and :class:`RegionArrays` define the numbering and the
    arrays).  Assumes ``block`` is ``execute_op``'s entry block, ``args`` its
    resource arguments, and ``kinds`` maps op names to the _RG_* kinds.

    Algorithm: one pass over the top-level ops numbers their resource results
    and, for ops with regions, walks the nested ops (pre-order), keeping their
    operand lists; for stream.async.concurrent it also finds the unused
    untied nested resource results ("hack" values) and the nested alias pairs
    (IREE's computeRegionValueAliases).  Then each operand is looked up in the
    numbering: a top-level user counts for any numbered value, a nested user
    only for a block argument (at its top-level ancestor); the uses are
    grouped per value by a stable counting sort.  Same as, in Python::

        local = [index.get(v, -1) for op in ops + nested for v in op.operands]
        user = [i for i, op in enumerate(ops + nested_pos) ...]   # per operand
        keep = [0 <= l < n_ordered and (top or l < n_args) ...]
        order = sorted(range(len(local[keep])), key=lambda i: (local[keep][i], i))
        use_ops = user[keep][order]; use_indptr = cumsum(bincount(local[keep], n))

    Returns ``(values, n_ordered, n_hack, def_op, use_indptr, use_ops,
    live_out, nested, aliasee, aliaser, concurrent)``.
    """
    cdef Py_ssize_t n_operands = 0, i, j, q, n_ops, n_args = len(args), n_ordered, n_hack, n, m, k, base, t
    cdef int kind, xkind
    cdef _RgKinds kc
    cdef _RgMap used
    cdef Py_ssize_t n_inner
    cdef uint64_t used_cap = 0
    cdef _RgVec top_def, hack_def, nested_pos, use_local, use_user
    cdef int64_t hit
    cdef _RgMap index
    cdef list ops = block.ops
    cdef list values = list(args)
    cdef list concurrent = []
    cdef list hack = []
    cdef list top_lists = []
    cdef list nested_lists = []
    # Alias pairs, flat (aliasee, aliaser, ...), in IREE's order: the
    # execute's own tied results, the nested pairs per concurrent op, then
    # the top-level TIED0 ops, then the top-level tied_operands ops.
    cdef list pairs = []
    cdef list seg_pairs = []
    cdef list prop_pairs = []
    cdef list inner, results, operands, lst
    cdef int64_t[::1] dv, ip, uo, cursor
    cdef uint8_t[::1] lv
    top_def.p = hack_def.p = nested_pos.p = use_local.p = use_user.p = NULL
    top_def.n = hack_def.n = nested_pos.n = use_local.n = use_user.n = 0
    top_def.cap = hack_def.cap = nested_pos.cap = use_local.cap = use_user.cap = 0
    index.slots = used.slots = NULL
    memset(kc.name, 0, sizeof(kc.name))
    try:
        _rg_yield_pairs(execute_op, block, prefix, pairs)
        n_ops = len(ops)
        for i in range(n_ops):
            op = <object>PyList_GET_ITEM(ops, i)
            results = _rg_results(op)
            for j in range(PyList_GET_SIZE(results)):
                r = <object>PyList_GET_ITEM(results, j)
                if _rg_is_res(_rg_type(r), prefix):
                    values.append(r)
                    _rg_push(&top_def, i)
            operands = _rg_operands(op)
            top_lists.append(operands)
            n_operands += PyList_GET_SIZE(operands)
            name = _rg_name(op)
            kind = _rg_kind(&kc, kinds, name)
            if _rg_regions(op):
                inner = []
                _rg_walk(op, inner)
                for x in inner:
                    nested_lists.append(_rg_operands(x))
                    _rg_push(&nested_pos, i)
                if _same_name(name, concurrent_name):
                    concurrent.append(op)
                    # The values the nested ops use (a set by address).
                    n_inner = 0
                    for q in range(len(nested_lists) - len(inner), len(nested_lists)):
                        n_inner += PyList_GET_SIZE(<list>PyList_GET_ITEM(nested_lists, q))
                    _rg_map_reuse(&used, n_inner, &used_cap)
                    for q in range(len(nested_lists) - len(inner), len(nested_lists)):
                        lst = <list>PyList_GET_ITEM(nested_lists, q)
                        for j in range(PyList_GET_SIZE(lst)):
                            _rg_map_put(&used, PyList_GET_ITEM(lst, j), 1)
                    for x in inner:
                        if _same_name(_rg_name(x), concurrent_name):
                            concurrent.append(x)
                    # Nested results are used only by nested ops of the same op.
                    for x in inner:
                        xres = _rg_results(x)
                        xkind = -1
                        for j in range(len(xres)):
                            r = xres[j]
                            if _rg_is_res(_rg_type(r), prefix) and _rg_map_get(&used, <void*>r) < 0:
                                if xkind < 0:
                                    xkind = _rg_kind(&kc, kinds, _rg_name(x))
                                if _rg_tied(x, j, xkind) is None:
                                    hack.append(r)
                                    _rg_push(&hack_def, i)
                    _rg_collect_pairs(op, &kc, kinds, prefix, concurrent_name, pairs)
            if kind == _RG_TIED0:
                r = results[0]
                if _rg_is_res(_rg_type(r), prefix):
                    seg_pairs.append(r)
                    seg_pairs.append(operands[0])
            elif kind != _RG_UNTIED:
                tied = _rg_tied_prop(op)
                if tied:
                    base = _rg_tied_base(op, kind)
                    for j in range(len(tied)):
                        t = tied[j]
                        if t >= 0 and j < PyList_GET_SIZE(results):
                            r = <object>PyList_GET_ITEM(results, j)
                            if _rg_is_res(_rg_type(r), prefix):
                                prop_pairs.append(r)
                                prop_pairs.append(operands[t + base])
        n_ordered = len(values)
        pairs += seg_pairs
        pairs += prop_pairs
        # Room for every value: numbered, hack, and pair values.
        _rg_map_init(&index, n_ordered + len(hack) + len(pairs))
        for i in range(n_ordered):
            _rg_map_put(&index, PyList_GET_ITEM(values, i), i)

        # Uses (see the docstring), in the order of the op lists; at most
        # one per top-level operand plus the nested ones.
        for lst in nested_lists:
            n_operands += PyList_GET_SIZE(lst)
        _rg_reserve(&use_local, n_operands)
        _rg_reserve(&use_user, n_operands)
        for i in range(len(top_lists)):
            lst = <list>PyList_GET_ITEM(top_lists, i)
            for j in range(PyList_GET_SIZE(lst)):
                hit = _rg_map_get(&index, PyList_GET_ITEM(lst, j))
                if hit >= 0:
                    _rg_push(&use_local, hit)
                    _rg_push(&use_user, i)
        for q in range(len(nested_lists)):
            lst = <list>PyList_GET_ITEM(nested_lists, q)
            for j in range(PyList_GET_SIZE(lst)):
                hit = _rg_map_get(&index, PyList_GET_ITEM(lst, j))
                if 0 <= hit < n_args:
                    _rg_push(&use_local, hit)
                    _rg_push(&use_user, nested_pos.p[q])

        for r in hack:
            _rg_number(&index, values, r)
        n_hack = len(values) - n_ordered
        for r in pairs:
            _rg_number(&index, values, r)
        n = len(values)

        def_op = new_i64(n, True)
        dv = def_op
        for i in range(n_args):
            dv[i] = _LIVE_IN
        for i in range(top_def.n):
            dv[n_args + i] = top_def.p[i]
        for i in range(min(hack_def.n, n_hack)):
            dv[n_ordered + i] = hack_def.p[i]

        # Stable counting sort of the uses by value.
        m = use_local.n
        use_indptr = new_i64(n + 1, True)
        ip = use_indptr
        for q in range(m):
            ip[use_local.p[q] + 1] += 1
        for i in range(n):
            ip[i + 1] += ip[i]
        use_ops = new_i64(m, False)
        uo = use_ops
        cursor = new_i64(n, False)
        for i in range(n):
            cursor[i] = ip[i]
        for q in range(m):
            k = use_local.p[q]
            uo[cursor[k]] = use_user.p[q]
            cursor[k] += 1

        m = len(pairs) // 2
        aliasee = new_i64(m, False)
        aliaser = new_i64(m, False)
        dv = aliasee
        uo = aliaser
        for q in range(m):
            dv[q] = _rg_map_get(&index, PyList_GET_ITEM(pairs, 2 * q))
            uo[q] = _rg_map_get(&index, PyList_GET_ITEM(pairs, 2 * q + 1))
        # Only args and top-level results can be live-out in IREE's computation.
        live_out = new_u8(n, True)
        lv = live_out
        for v in _rg_yielded(block):
            k = _rg_map_get(&index, <void*>v)
            if 0 <= k < n_ordered:
                lv[k] = 1
        nested = new_u8(n, True)
        lv = nested
        for i in range(n_ordered, n):
            lv[i] = 1
        return (values, n_ordered, n_hack, def_op, use_indptr, use_ops, live_out, nested, aliasee, aliaser, concurrent)
    finally:
        free(top_def.p)
        free(hack_def.p)
        free(nested_pos.p)
        free(use_local.p)
        free(use_user.p)
        free(index.slots)
        free(used.slots)


# op name -> (segment number, its start when static else -1, one size per
# result?): OpDef.result_size_at of the op definitions.
cdef dict _rg_size_at = _result_sizes()


@cython.boundscheck(True)
def _result_size(value):
    """``fastalloc.passes.regions.result_size`` (its docstring; the table is
    OpDef.result_size_at of the op definitions), read
    from the model's typed fields with C integers: the pass asks for ~10^5 sizes, and the
    Python form spent ~0.8 us on each (isinstance, tuple unpacking, a slice
    and ``sum`` for sizes after variadic segments).  In Python::

        op = value.owner
        k, start, per_result = table[op.name]    # None if not an Op / no entry
        n = op.segments[k]
        start = start if start >= 0 else sum(op.segments[:k])
        i = value.index if per_result else 0
        return op.operands[start + i] if i < n else None
    """
    return _rg_result_size(value, NULL)


cdef struct _RgSizes:
    # op name (by address, as _RgKinds) -> its _rg_size_at entry, direct-
    # mapped: seg < 0 for no entry.  Valid while the names are held.
    void* name[64]
    Py_ssize_t seg[64]
    Py_ssize_t start[64]
    bint per_result[64]


cdef inline Py_ssize_t _rg_int_item(list lst, Py_ssize_t k) except? -1:
    # lst[k] as a C integer; an index past the list raises IndexError as Python would
    if not 0 <= k < PyList_GET_SIZE(lst):
        raise IndexError(f"index {k} out of range of {PyList_GET_SIZE(lst)}")
    return <Py_ssize_t><object>PyList_GET_ITEM(lst, k)


cdef object _rg_result_size(object value, _RgSizes* c):
    # _result_size (its docstring), callable from C; ``c`` caches the table
    # per op name (NULL: no cache)
    cdef Py_ssize_t k, start, n, i, h = 0
    cdef PyObject* spec
    cdef bint per_result
    cdef list operands
    op = (<Value?>value).owner
    if not isinstance(op, Op):
        return None
    name = (<Op>op).name
    if c != NULL:
        h = <Py_ssize_t>((<uint64_t><void*>name >> 4) & 63)
    if c == NULL or c.name[h] != <void*>name:
        spec = PyDict_GetItemWithError(_rg_size_at, name)
        if spec == NULL:
            k = -1
            start = 0
            per_result = False
        else:
            k = <Py_ssize_t><object>PyTuple_GET_ITEM(<object>spec, 0)
            start = <Py_ssize_t><object>PyTuple_GET_ITEM(<object>spec, 1)
            per_result = bool(<object>PyTuple_GET_ITEM(<object>spec, 2))
        if c != NULL:
            c.name[h] = <void*>name
            c.seg[h] = k
            c.start[h] = start
            c.per_result[h] = per_result
    else:
        k = c.seg[h]
        start = c.start[h]
        per_result = c.per_result[h]
    if k < 0:
        return None
    cdef list segs = (<Op>op).segments
    n = _rg_int_item(segs, k)
    if start < 0:
        start = 0
        for i in range(k):
            start += _rg_int_item(segs, i)
    # Resource results come first and match result_sizes one to one.
    i = (<Value>value).index if per_result else 0
    if i >= n:
        return None
    operands = _rg_operands(op)
    if not 0 <= start + i < PyList_GET_SIZE(operands):
        raise IndexError(f"{name}: size operand {start + i} of {PyList_GET_SIZE(operands)}")
    return <object>PyList_GET_ITEM(operands, start + i)


def _alias_groups(list values, const int64_t[::1] indptr, const int64_t[::1] members):
    """``{values[m]: group for each set, for m in it}`` where ``group`` is the
    set's list of Values, one list shared by its members (the ``sets`` of
    fastalloc.passes.regions.region_alias_sets, in the same order).  Assumes
    the CSR arrays of fastalloc.kernels.alias.alias_sets over ``values``.  In Python::

        for k in range(len(indptr) - 1):
            group = [values[m] for m in members[indptr[k]:indptr[k + 1]]]
            for v in group:
                sets[v] = group
    """
    cdef Py_ssize_t k, j, a, b, nv = len(values)
    cdef dict sets = {}
    cdef list group
    for k in range(indptr.shape[0] - 1):
        a = indptr[k]
        b = indptr[k + 1]
        if not (0 <= a <= b <= members.shape[0]):
            raise ValueError(f"_alias_groups: set {k} spans members [{a}, {b}) of {members.shape[0]}")
        group = PyList_New(b - a)
        for j in range(a, b):
            if not (0 <= members[j] < nv):
                raise ValueError(f"_alias_groups: member {j} is value {members[j]} of {nv}")
            v = <object>PyList_GET_ITEM(values, members[j])
            Py_INCREF(v)
            PyList_SET_ITEM(group, j - a, v)
        for j in range(b - a):
            sets[<object>PyList_GET_ITEM(group, j)] = group
    return sets


cdef inline bint _rg_has(object mapping, str key) except -1:
    # ``key in mapping``, probing a dict (or a subclass: the parser's
    # SharedProps, whose ``in`` would go through the inherited
    # ``dict.__contains__`` method) in C
    if isinstance(mapping, dict):
        return PyDict_Contains(mapping, key)
    return key in mapping


def _mentions_affinity(list ops):
    """Whether an op among ``ops`` or nested in them writes an affinity:
    an ``affinity`` / ``target_affinity`` property, a ``stream.affinity`` /
    ``stream.affinity.default`` attribute, or (an op the front end keeps as
    text) ``affinity`` in its text.  fastalloc.passes.schedule_allocation
    asks it once per run, over every op of the module.  In Python::

        stack = [ops]
        while stack:
            for op in stack.pop():
                if op._props and ("affinity" in op._props or "target_affinity" in op._props): return True
                if op._attrs and ("stream.affinity" in op._attrs
                                  or "stream.affinity.default" in op._attrs): return True
                if op.opdef is None and op.tmpl and isinstance(op.tmpl[0], str)
                        and "affinity" in op.tmpl[0]: return True
                stack.extend(block.ops for region in op._regions for block in region.blocks)
        return False
    """
    cdef list stack = [ops]
    cdef list cur, tmpl
    cdef Op op
    cdef Py_ssize_t k
    # Ops share their property dicts, attribute dicts and templates (the
    # parser's and the passes' shared containers): a container that answered
    # no for the previous op answers no again, without the lookups.
    cdef object last_props = None, last_attrs = None, last_tmpl = None
    while stack:
        cur = <list?>stack.pop()
        for k in range(PyList_GET_SIZE(cur)):
            op = <Op?><object>PyList_GET_ITEM(cur, k)
            props = op._props
            if props is not last_props:
                if props and (_rg_has(props, "affinity") or _rg_has(props, "target_affinity")):
                    return True
                last_props = props
            attrs = op._attrs
            if attrs is not last_attrs:
                if attrs and (_rg_has(attrs, "stream.affinity") or _rg_has(attrs, "stream.affinity.default")):
                    return True
                last_attrs = attrs
            tmpl = op.tmpl
            if op.opdef is None and tmpl is not last_tmpl:
                if tmpl and isinstance(tmpl[0], str) and "affinity" in <str>tmpl[0]:
                    return True
                last_tmpl = tmpl
            regions = op._regions
            if regions:
                for region in regions:
                    for block in region.blocks:
                        stack.append(block.ops)
    return False


@cython.boundscheck(True)
def _local_transients(list values, const int64_t[::1] starts, const int64_t[::1] ends,
                      const int64_t[::1] set_indptr, const int64_t[::1] set_members,
                      Py_ssize_t n_args, Py_ssize_t n_ordered, Py_ssize_t n_hack, ranges):
    """The values that get a slice of the region's transient pack and their
    lifetimes, in IREE's interval order (the selection rule is
    fastalloc.passes.schedule_allocation._allocate_local_transients'
    docstring): ``(transients, intervals)`` with ``intervals`` flat
    ``[start0, end0, start1, end1, ...]``.  ``values``, ``starts``/``ends``
    and the alias sets (CSR) are those of the region's arrays, ``ranges``
    the values that have a range already.  Returns ``(transients,
    intervals, sizes, n_unsized)``, ``sizes[k]`` the :func:`_result_size`
    of ``transients[k]`` (None where it has none: ``n_unsized`` of them).
    In Python::

        set_of = {m: k for k in range(len(set_indptr) - 1)
                  for m in set_members[set_indptr[k]:set_indptr[k + 1]]}
        taken = set()
        for k in [*range(n_ordered, n_ordered + n_hack), *range(n_args, n_ordered)]:
            if starts[k] == LIVE_IN or ends[k] == LIVE_OUT or values[k] in ranges:
                continue
            if k in set_of:
                if set_of[k] in taken: continue
                taken.add(set_of[k])
            transients.append(values[k]); intervals += [starts[k], ends[k]]
        sizes = [_result_size(v) for v in transients]
        n_unsized = sizes.count(None)
    """
    cdef Py_ssize_t n = len(values), n_sets = set_indptr.shape[0] - 1, k, j, p, g
    cdef list transients = []
    cdef list intervals = []
    cdef list sizes = []
    cdef Py_ssize_t n_unsized = 0
    cdef _RgSizes sc
    memset(sc.name, 0, sizeof(sc.name))
    if not (0 <= n_args <= n_ordered and 0 <= n_hack and n_ordered + n_hack <= n
            and starts.shape[0] >= n and ends.shape[0] >= n):
        raise ValueError(f"_local_transients: {n} values, {starts.shape[0]} starts, {ends.shape[0]} ends, "
                         f"args {n_args}, ordered {n_ordered}, nested {n_hack}")
    set_of_arr = new_i64(n, False)
    taken_arr = new_u8(max(n_sets, 0), True)
    cdef int64_t[::1] set_of = set_of_arr
    cdef uint8_t[::1] taken = taken_arr
    for k in range(n):
        set_of[k] = -1
    for g in range(n_sets):
        for j in range(set_indptr[g], set_indptr[g + 1]):
            set_of[set_members[j]] = g
    for p in range(n_hack + n_ordered - n_args):
        k = n_ordered + p if p < n_hack else n_args + (p - n_hack)
        if starts[k] == _LIVE_IN or ends[k] == _LIVE_OUT:
            continue
        v = <object>PyList_GET_ITEM(values, k)
        if v in ranges:
            continue
        g = set_of[k]
        if g >= 0:
            if taken[g]:
                continue
            taken[g] = 1
        transients.append(v)
        intervals.append(starts[k])
        intervals.append(ends[k])
        size = _rg_result_size(v, &sc)
        if size is None:
            n_unsized += 1
        sizes.append(size)
    return transients, intervals, sizes, n_unsized


cdef int _rg_walk_named(Op op, str name, list out) except -1:
    # the ops named ``name`` nested in op's regions, pre-order
    cdef list ops
    cdef Py_ssize_t k
    cdef Op inner
    for region in op._regions:
        for block in region.blocks:
            ops = block.ops
            for k in range(PyList_GET_SIZE(ops)):
                inner = <Op?><object>PyList_GET_ITEM(ops, k)
                if _same_name(inner.name, name):
                    out.append(inner)
                if inner._regions:
                    _rg_walk_named(inner, name, out)
    return 0


def _nested_named(list ops, str name):
    """For each op of ``ops`` with an op named ``name`` nested in its
    regions: ``(its index, [those nested ops, pre-order])``, in order (the
    nested constants schedule-allocation hoists).  In Python::

        [(k, found) for k, op in enumerate(ops)
         if (found := [x for x in op.walk() if x is not op and x.name == name])]
    """
    cdef list out = [], found
    cdef Py_ssize_t k
    cdef Op op
    for k in range(PyList_GET_SIZE(ops)):
        op = <Op?><object>PyList_GET_ITEM(ops, k)
        if op._regions:
            found = []
            _rg_walk_named(op, name, found)
            if found:
                out.append((k, found))
    return out


def _owners(list values):
    """Each value of ``values`` replaced by its op if it is an op's result
    (a block argument, or a value of no op, stays): the parts of a fused
    location naming the values by their ops.  Assumes values of the model.
    In Python::

        [v.owner if isinstance(v.owner, Op) else v for v in values]
    """
    cdef Py_ssize_t k, n = PyList_GET_SIZE(values)
    cdef list out = PyList_New(n)
    cdef object v, x
    for k in range(n):
        v = <object>PyList_GET_ITEM(values, k)
        owner = (<Value?>v).owner
        x = owner if isinstance(owner, Op) else v
        Py_INCREF(x)
        PyList_SET_ITEM(out, k, x)
    return out


cdef int _rg_post_order_prefixed(Op op, str prefix, str execute_name, list out) except -1:
    cdef list ops
    cdef Py_ssize_t k
    cdef Op inner
    for region in op._regions:
        for block in region.blocks:
            ops = block.ops
            for k in range(PyList_GET_SIZE(ops)):
                inner = <Op?><object>PyList_GET_ITEM(ops, k)
                if inner._regions and not _same_name(inner.name, execute_name):
                    _rg_post_order_prefixed(inner, prefix, execute_name, out)
                elif _rg_is_res(inner.name, prefix):
                    out.append(inner)
    if _rg_is_res(op.name, prefix):
        out.append(op)
    return 0


def _post_order_prefixed(op, str prefix, str execute_name):
    """The ops named ``prefix...`` among ``op`` and the ops nested in it,
    in post-order (MLIR's ``walk``), not entering the regions of ops named
    ``execute_name`` (schedule-allocation's driver: the ops it rewrites
    outside execute regions, and those).  Assumes ops of the model.  In
    Python::

        def walk(op):
            for region in op.regions: for block in region.blocks: for inner in block.ops:
                if inner.regions and inner.name != execute_name: yield from walk(inner)
                else: yield inner
            yield op
        [x for x in walk(op) if x.name.startswith(prefix)]
    """
    cdef list out = []
    _rg_post_order_prefixed(<Op?>op, prefix, execute_name, out)
    return out


def _ops_named(list ops, str name):
    """``[op for op in ops if op.name == name]``."""
    cdef list out = []
    cdef Py_ssize_t k
    cdef Op op
    for k in range(PyList_GET_SIZE(ops)):
        op = <Op?><object>PyList_GET_ITEM(ops, k)
        if _same_name(op.name, name):
            out.append(op)
    return out


# ---------------------------------------------------------------------------
# Where a constant escapes to (schedule-allocation's constants phase)
# ---------------------------------------------------------------------------


@cython.boundscheck(True)
cdef list _rg_tied_results(Op op, Py_ssize_t idx, dict kinds, _RgKinds* kc):
    """``fastalloc.passes.regions.tied_results(op, idx)``: the results of
    ``op`` tied to its operand ``idx`` (none for an op without definition)."""
    cdef list out = []
    cdef Py_ssize_t k, i, t
    cdef int kind
    if op.opdef is None:
        return out
    kind = _rg_kind(kc, kinds, op.name)
    if kind == _RG_UNTIED:
        return out
    if kind == _RG_TIED0:
        if idx == 0:
            out.append(op.results[0])
        return out
    tied = _rg_tied_prop(op)
    if not tied:
        return out
    k = idx - _rg_tied_base(op, kind)
    for i in range(len(tied)):
        t = tied[i]
        if t == k and t >= 0:
            out.append(op.results[i])
    return out


cdef int _rg_push_uses(Value v, list users, _RgVec* slots) except -1:
    """Append ``v``'s uses, newest first (MLIR's use-list order), to
    ``users`` / ``slots`` (the user op, the operand number)."""
    cdef void* op = v._utail
    cdef Py_ssize_t i = v._utail_i
    cdef _Use* u
    while op != NULL:
        users.append(<object>op)
        _rg_push(slots, i)
        u = (<Op>op)._urec + i
        op = u.prev
        i = u.prev_i
    return 0


@cython.boundscheck(True)
def _escaping_results(list values, dict kinds, str yield_name, str execute_name):
    """For each of ``values`` (constants of an execute region), 3.13's
    ``findEscapingResultValue``: the result of the enclosing
    ``execute_name`` op the value reaches through tied results and the
    yields (``yield_name``) of nested region ops, or None.  ``kinds`` is
    :func:`_tied_kinds`' table.  Assumes values of a verified region.

    Algorithm: a worklist of (user, operand) uses, each value's pushed
    newest first and popped from the back (as iree-opt walks it).  In
    Python::

        work = list(reversed(value.uses))
        while work:
            user, idx = work.pop()
            if _same_name(user.name, yield_name):
                parent = user.parent.parent.parent
                outer = parent.results[idx]
                if _same_name(parent.name, execute_name):
                    return outer
                work.extend(reversed(outer.uses))
            elif user.opdef is not None:
                for r in tied_results(user, idx):
                    work.extend(reversed(r.uses))
        return None
    """
    cdef list out = []
    cdef list users = []
    cdef _RgVec slots
    cdef _RgKinds kc
    cdef Py_ssize_t idx
    cdef Op user, parent
    slots.p = NULL
    slots.n = slots.cap = 0
    memset(kc.name, 0, sizeof(kc.name))
    try:
        for value in values:
            found = None
            del users[:]
            slots.n = 0
            _rg_push_uses(<Value?>value, users, &slots)
            while slots.n:
                slots.n -= 1
                idx = slots.p[slots.n]
                user = <Op>users.pop()
                if _same_name(user.name, yield_name):
                    parent = <Op?>user.parent.parent.parent
                    outer = parent.results[idx]
                    if _same_name(parent.name, execute_name):
                        found = outer
                        break
                    _rg_push_uses(<Value?>outer, users, &slots)
                else:
                    for r in _rg_tied_results(user, idx, kinds, &kc):
                        _rg_push_uses(<Value>r, users, &slots)
            out.append(found)
        return out
    finally:
        free(slots.p)


@cython.boundscheck(True)
def _tied_yield_results(list values, execute_op, dict kinds, str yield_name):
    """For each of ``values`` (constants of ``execute_op``'s region), IREE's
    ``findTiedYieldResult``: the result of ``execute_op`` the value is
    yielded to by the region's own terminator through tied results, or
    None.  ``kinds`` is :func:`_tied_kinds`' table.  Assumes values of a
    verified region.  In Python (uses newest first, as MLIR keeps them)::

        work = [value]
        while work:
            v = work.pop()
            for user, idx in reversed(v.uses):
                if _same_name(user.name, yield_name):
                    if user.parent is block:
                        return execute_op.results[idx]
                    continue
                work.extend(tied_results(user, idx))   # none without an opdef
        return None
    """
    cdef list out = []
    cdef list users = []
    cdef list work
    cdef _RgVec slots
    cdef _RgKinds kc
    cdef Py_ssize_t idx, q
    cdef Op user
    cdef list results = (<Op?>execute_op).results
    block = (<Op>execute_op)._regions[0].blocks[0]
    slots.p = NULL
    slots.n = slots.cap = 0
    memset(kc.name, 0, sizeof(kc.name))
    try:
        for value in values:
            found = None
            work = [value]
            while work and found is None:
                v = work.pop()
                del users[:]
                slots.n = 0
                _rg_push_uses(<Value?>v, users, &slots)
                for q in range(slots.n):
                    user = <Op>users[q]
                    idx = slots.p[q]
                    if _same_name(user.name, yield_name):
                        if user.parent is block:
                            found = results[idx]
                            break
                        continue
                    work.extend(_rg_tied_results(user, idx, kinds, &kc))
            out.append(found)
        return out
    finally:
        free(slots.p)


def _used_beyond(list values, str name):
    """For each of ``values``: whether an op not named ``name`` uses it (a
    constant that is more than yielded gets an entry block argument).  In
    Python::

        [any(user.name != name for user, _ in v.uses) for v in values]
    """
    cdef list out = []
    cdef Value v
    cdef void* op
    cdef Py_ssize_t i
    cdef _Use* u
    cdef bint beyond
    for x in values:
        v = <Value?>x
        beyond = False
        op = v._uhead
        i = v._uhead_i
        while op != NULL:
            if not _same_name((<Op>op).name, name):
                beyond = True
                break
            u = (<Op>op)._urec + i
            op = u.next
            i = u.next_i
        out.append(beyond)
    return out


def _py_same_name(a, b):
    """``_same_name`` (passes/_names.pxd) for tests."""
    return _same_name(a, b)
