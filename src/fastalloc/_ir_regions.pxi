# Included by _core.pyx.  Compiled helpers of the IR passes that measurement
# showed hot (see the functions' docstrings).
#
# _region_scan: the walk behind fastalloc.passes.regions.region_arrays.  On a
# 10^5-op execute region (~5 * 10^5 operands) the Python form spent ~1 s,
# mostly in per-operand dict lookups made through map() and in several walks
# over the op list (each one a round of cache misses over 10^5 objects).
# Here the op list is read once and the operands are looked up with
# PyDict_GetItem in a C loop.  Attribute reads stay generic getattr (the IR
# objects are plain Python objects); they are a few per op, not per operand.

from cpython.dict cimport PyDict_GetItem, PyDict_SetItem
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.pyport cimport PY_SSIZE_T_MAX
from cpython.ref cimport PyObject
from cpython.set cimport PySet_Add, PySet_Contains
from cpython.unicode cimport PyUnicode_Tailmatch
from libc.stdlib cimport realloc

# Kinds of op in the ``kinds`` table given to _region_scan (TiedOpInterface
# as fastalloc.passes.regions.tied_operand answers it).
cdef enum:
    _RG_UNTIED = 0
    _RG_TIED0 = 1      # result 0 is tied to operand 0
    _RG_TIED_PROP = 2  # `tied_operands` indexes the operands from 0
    _RG_TIED_DISP = 3  # `tied_operands` indexes the operands after segment 0


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


cdef inline int _rg_push(_RgVec* v, int64_t x) except -1:
    if v.n == v.cap:
        _rg_grow(v)
    v.p[v.n] = x
    v.n += 1
    return 0


cdef inline bint _rg_is_res(object type_text, object prefix) except -1:
    return PyUnicode_Tailmatch(type_text, prefix, 0, PY_SSIZE_T_MAX, -1) == 1


cdef inline int _rg_kind(dict kinds, object name) except -1:
    cdef PyObject* k = PyDict_GetItem(kinds, name)
    return 0 if k == NULL else <int><object>k


cdef inline object _rg_tied_prop(object op):
    """``op.props.get("tied_operands")`` without making a props dict."""
    props = op._props
    if type(props) is dict:
        p = PyDict_GetItem(props, "tied_operands")
        return None if p == NULL else <object>p
    return props.get("tied_operands")


cdef object _rg_tied(object op, Py_ssize_t j, int kind):
    """The operand result ``j`` of ``op`` is tied to, or None
    (fastalloc.passes.regions.tied_operand)."""
    cdef Py_ssize_t k
    if kind == _RG_TIED0:
        return op.operands[0] if j == 0 else None
    if kind == _RG_UNTIED:
        return None
    tied = _rg_tied_prop(op)
    if not tied or j >= len(tied):
        return None
    k = tied[j]
    if k < 0:
        return None
    if kind == _RG_TIED_DISP:
        k += <Py_ssize_t>op.segments[0]
    return op.operands[k]


cdef int _rg_walk(object op, list out) except -1:
    """Append the ops nested in ``op``, pre-order (``list(op.walk())[1:]``)."""
    for region in op._regions:
        for block in region.blocks:
            for inner in block.ops:
                out.append(inner)
                if inner._regions:
                    _rg_walk(inner, out)
    return 0


cdef int _rg_yield_pairs(object region_op, object block, object prefix, list out) except -1:
    """(yielded value, entry argument) of each tied resource result of
    ``region_op`` (regions._yield_alias_pairs), appended flat."""
    cdef Py_ssize_t i = 0, t
    tied = _rg_tied_prop(region_op)
    if not tied:
        return 0
    cdef list ops = block.ops
    inner = ops[len(ops) - 1].group("resource_operands")
    args = block.args
    for r in region_op.results:
        if _rg_is_res(r.type, prefix):
            if i < len(tied) and i < len(inner):
                t = tied[i]
                if t >= 0:
                    out.append(inner[i])
                    out.append(args[t])
            i += 1
    return 0


cdef int _rg_collect_pairs(object region_op, dict kinds, object prefix, object concurrent_name,
                           list out) except -1:
    """IREE's computeRegionValueAliases over ``region_op``'s region, nested
    concurrent regions first (regions._collect_alias_pairs), appended flat."""
    cdef Py_ssize_t j
    cdef int kind
    block = region_op._regions[0].blocks[0]
    _rg_yield_pairs(region_op, block, prefix, out)
    for op in block.ops:
        name = op.name
        if name == concurrent_name:
            _rg_collect_pairs(op, kinds, prefix, concurrent_name, out)
        kind = _rg_kind(kinds, name)
        if kind == _RG_UNTIED:
            continue
        results = op.results
        for j in range(len(results)):
            r = results[j]
            if _rg_is_res(r.type, prefix):
                t = _rg_tied(op, j, kind)
                if t is not None:
                    out.append(r)
                    out.append(t)
    return 0


cdef inline int _rg_number(dict index, list values, object v) except -1:
    """Give ``v`` the next local number unless it has one."""
    if PyDict_GetItem(index, v) == NULL:
        PyDict_SetItem(index, v, len(values))
        values.append(v)
    return 0


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
        order = np.argsort(local[keep], kind="stable")
        use_ops = user[keep][order]; use_indptr = cumsum(bincount(local[keep], n))

    Returns ``(values, index, n_ordered, n_hack, def_op, use_indptr,
    use_ops, aliasee, aliaser, concurrent)``.
    """
    cdef Py_ssize_t i, j, q, n_ops, n_args = len(args), n_ordered, n_hack, n, m, k, base, t
    cdef int kind, xkind
    cdef _RgVec top_def, hack_def, nested_pos, use_local, use_user
    cdef PyObject* hit
    cdef list ops = block.ops
    cdef list values = list(args)
    cdef dict index = {}
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
    top_def.p = hack_def.p = nested_pos.p = use_local.p = use_user.p = NULL
    top_def.n = hack_def.n = nested_pos.n = use_local.n = use_user.n = 0
    top_def.cap = hack_def.cap = nested_pos.cap = use_local.cap = use_user.cap = 0
    try:
        for i in range(n_args):
            PyDict_SetItem(index, args[i], i)
        _rg_yield_pairs(execute_op, block, prefix, pairs)
        n_ops = len(ops)
        for i in range(n_ops):
            op = <object>PyList_GET_ITEM(ops, i)
            results = op.results
            for j in range(PyList_GET_SIZE(results)):
                r = <object>PyList_GET_ITEM(results, j)
                if _rg_is_res(r.type, prefix):
                    PyDict_SetItem(index, r, len(values))
                    values.append(r)
                    _rg_push(&top_def, i)
            operands = op.operands
            top_lists.append(operands)
            name = op.name
            kind = _rg_kind(kinds, name)
            if op._regions:
                inner = []
                _rg_walk(op, inner)
                for x in inner:
                    nested_lists.append(x.operands)
                    _rg_push(&nested_pos, i)
                if name == concurrent_name:
                    concurrent.append(op)
                    used = set()
                    for x in inner:
                        if x.name == concurrent_name:
                            concurrent.append(x)
                        for v in <list>x.operands:
                            PySet_Add(used, v)
                    # Nested results are used only by nested ops of the same op.
                    for x in inner:
                        xres = x.results
                        xkind = -1
                        for j in range(len(xres)):
                            r = xres[j]
                            if _rg_is_res(r.type, prefix) and not PySet_Contains(used, r):
                                if xkind < 0:
                                    xkind = _rg_kind(kinds, x.name)
                                if _rg_tied(x, j, xkind) is None:
                                    hack.append(r)
                                    _rg_push(&hack_def, i)
                    _rg_collect_pairs(op, kinds, prefix, concurrent_name, pairs)
            if kind == _RG_TIED0:
                r = results[0]
                if _rg_is_res(r.type, prefix):
                    seg_pairs.append(r)
                    seg_pairs.append(operands[0])
            elif kind != _RG_UNTIED:
                tied = _rg_tied_prop(op)
                if tied:
                    base = <Py_ssize_t>op.segments[0] if kind == _RG_TIED_DISP else 0
                    for j in range(len(tied)):
                        t = tied[j]
                        if t >= 0 and j < PyList_GET_SIZE(results):
                            r = <object>PyList_GET_ITEM(results, j)
                            if _rg_is_res(r.type, prefix):
                                prop_pairs.append(r)
                                prop_pairs.append(operands[t + base])
        n_ordered = len(values)

        # Uses (see the docstring), in the order of the op lists.
        for i in range(len(top_lists)):
            lst = <list>PyList_GET_ITEM(top_lists, i)
            for j in range(PyList_GET_SIZE(lst)):
                hit = PyDict_GetItem(index, <object>PyList_GET_ITEM(lst, j))
                if hit != NULL:
                    _rg_push(&use_local, <Py_ssize_t><object>hit)
                    _rg_push(&use_user, i)
        for q in range(len(nested_lists)):
            lst = <list>PyList_GET_ITEM(nested_lists, q)
            for j in range(PyList_GET_SIZE(lst)):
                hit = PyDict_GetItem(index, <object>PyList_GET_ITEM(lst, j))
                if hit != NULL:
                    k = <Py_ssize_t><object>hit
                    if k < n_args:
                        _rg_push(&use_local, k)
                        _rg_push(&use_user, nested_pos.p[q])

        for r in hack:
            _rg_number(index, values, r)
        n_hack = len(values) - n_ordered
        pairs += seg_pairs
        pairs += prop_pairs
        for r in pairs:
            _rg_number(index, values, r)
        n = len(values)

        def_op = np.zeros(n, dtype=np.int64)
        dv = def_op
        for i in range(n_args):
            dv[i] = _LIVE_IN
        for i in range(top_def.n):
            dv[n_args + i] = top_def.p[i]
        for i in range(min(hack_def.n, n_hack)):
            dv[n_ordered + i] = hack_def.p[i]

        # Stable counting sort of the uses by value.
        m = use_local.n
        use_indptr = np.zeros(n + 1, dtype=np.int64)
        ip = use_indptr
        for q in range(m):
            ip[use_local.p[q] + 1] += 1
        for i in range(n):
            ip[i + 1] += ip[i]
        use_ops = np.empty(m, dtype=np.int64)
        uo = use_ops
        cursor = use_indptr[:n].copy()
        for q in range(m):
            k = use_local.p[q]
            uo[cursor[k]] = use_user.p[q]
            cursor[k] += 1

        m = len(pairs) // 2
        aliasee = np.empty(m, dtype=np.int64)
        aliaser = np.empty(m, dtype=np.int64)
        dv = aliasee
        uo = aliaser
        for q in range(m):
            dv[q] = <Py_ssize_t><object>PyDict_GetItem(index, <object>PyList_GET_ITEM(pairs, 2 * q))
            uo[q] = <Py_ssize_t><object>PyDict_GetItem(index, <object>PyList_GET_ITEM(pairs, 2 * q + 1))
        return (values, index, n_ordered, n_hack, def_op, use_indptr, use_ops, aliasee, aliaser, concurrent)
    finally:
        free(top_def.p)
        free(hack_def.p)
        free(nested_pos.p)
        free(use_local.p)
        free(use_user.p)
