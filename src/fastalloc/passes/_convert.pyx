# cython: language_level=3
# fastalloc.passes._convert: compiled helpers of the IR passes that measurement
# showed hot (see the functions' docstrings); typed code over the compiled
# model (fastalloc/ir/model.pxd).
#
# _cv_bind: the binding loop of schedule-allocation's dispatch / call
# conversion (fastalloc.passes.convert._bind).  On single100k.mlir it runs
# 42,561 times over 2-3 bindings each; in Python each binding was ~15
# bytecode-level steps (a range lookup, four appends, an offset addition
# through a method call, a membership test on the tied list).  Here the
# operand list and the range table are read with C calls and the common
# offset addition (one side a known constant 0) never leaves C.

cimport cython
# (WithError: no save and restore of the exception state per probe, as
# PyDict_GetItem does; the keys here, values and strings, cannot fail to hash)
from cpython.dict cimport PyDict_GetItemWithError as _cv_dict_get
from cpython.list cimport PyList_GET_ITEM as _cv_list_item
from cpython.list cimport PyList_GET_SIZE as _cv_list_size
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.tuple cimport PyTuple_GET_ITEM
from cpython.long cimport PyLong_FromVoidPtr
from cpython.ref cimport Py_INCREF
from cpython.ref cimport PyObject as _cv_PyObject
from cpython.unicode cimport PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND, PyUnicode_READ
from libc.stdlib cimport malloc, free
from fastalloc.passes._names cimport _same_name
from fastalloc.ir.model cimport Block, Op, Region, Value, _build_op, _release_records, _unlink_all
from fastalloc.ir.verifier cimport _is_resource_type
from fastalloc.ir._uses cimport _carrier

from fastalloc.ir.ops import OPS as _OPS
from fastalloc.ir.attributes import parse_dict as _parse_dict
from fastalloc.ir.model import EMPTY_MAP as _EMPTY_MAP

# The operand layout _cv_bind reads from ``base`` on: checked against the
# definitions of the ops it binds (those whose resource operands may hold
# primitives: OpDef.primitives) at import.
_CV_LAYOUT = ("resource_operands", "resource_operand_sizes", "resource_operand_offsets", "resource_operand_ends",
              "resource_operand_lengths", "result_sizes")
for _d in _OPS.values():
    if _d.primitives and _d.segment_names[_d.segment_index["resource_operands"]:] != _CV_LAYOUT:  # pragma: no cover
        raise ImportError(f"fastalloc.passes._convert cannot bind {_d.name}: segments {_d.segment_names}")
# Segments before a dispatch's resource operands (its workload), a call's.
cdef Py_ssize_t _CV_DISPATCH_BASE = _OPS["stream.async.dispatch"].segment_index["resource_operands"]
cdef Py_ssize_t _CV_CALL_BASE = _OPS["stream.async.call"].segment_index["resource_operands"]
# A transfer's source (the other operands are sizes and a timepoint).
cdef Py_ssize_t _CV_TRANSFER_SOURCE = _OPS["stream.async.transfer"].static_operand("source")

cdef enum:
    _CV_READ = 1
    _CV_WRITE = 2
    _CV_READ_WRITE = 3
    _CV_MARKS = 64


cdef inline bint _cv_named(object x, str name):
    """``x`` is an Op named ``name``."""
    return isinstance(x, Op) and _same_name((<Op>x).name, name)


cdef str _CV_CONSTANT = "arith.constant"


cdef inline object _cv_const(object v, dict consts, object const_of):
    """``const_of(v)`` (scope.constant_int) through the cache ``consts``; a
    value whose owner is not an ``arith.constant`` is answered None first,
    as constant_int's first test does, without the cache (most offsets are
    transient pack results: a probe and a store each in a table of the
    whole run's values; whoever fills the cache stores None for them)."""
    if not _cv_named((<Value?>v).owner, _CV_CONSTANT):
        return None
    cdef _cv_PyObject* c = _cv_dict_get(consts, v)
    if c != NULL:
        return <object>c
    r = const_of(v)
    consts[v] = r
    return r


cdef inline object _cv_prop(object props, str key):
    """``props.get(key)`` for an op's ``_props``: a C probe when it is a dict
    (SharedProps, the parser's shared read-only one, is one), the method
    call otherwise (EMPTY_MAP)."""
    cdef _cv_PyObject* p
    if isinstance(props, dict):
        p = _cv_dict_get(props, key)
        return <object>p if p != NULL else None
    return props.get(key)


cdef inline object _cv_prop_req(object props, str key):
    """``props[key]`` (KeyError when absent) through _cv_prop."""
    v = _cv_prop(props, key)
    return v if v is not None else props[key]


cdef inline object _cv_add(object lhs, object rhs, dict consts, object const_of, object add):
    """AllocationScope.add_values(lhs, rhs): ``rhs`` if ``lhs`` is the
    constant 0, else ``lhs`` if ``rhs`` is, else ``add(lhs, rhs)`` (the
    scope's call, which creates or folds the ``arith.addi``).  The constants
    are read through the scope's own cache, so both agree."""
    c = _cv_const(lhs, consts, const_of)
    if c is not None and c == 0:
        return rhs
    c = _cv_const(rhs, consts, const_of)
    if c is not None and c == 0:
        return lhs
    return add(lhs, rhs)


def _cv_add_values(dict consts, object const_of, object add, object lhs, object rhs):
    """_cv_add for the Python converters (bound with functools.partial)."""
    return _cv_add(lhs, rhs, consts, const_of, add)


def _cv_bind(list o, list segs, Py_ssize_t base, object tied, list results, _RangeTable ranges, dict consts,
             object const_of, object add, bint prims_in_place):
    """Bindings of a stream.async.dispatch (``base`` 1) or call (``base`` 0).

    Assumes a verified op: ``o`` its operands, ``segs`` its segment sizes
    (ODS order: ``base`` segments, then resource operands, sizes, offsets,
    ends, lengths, result sizes), ``tied`` its ``tied_operands`` (indexes
    into the resource operands, -1 = untied), ``results`` its results;
    ``ranges`` the scope's value -> ResourceRange table, ``consts``,
    ``const_of`` and ``add`` the scope's constant cache, ``constant_int`` and
    ``add_values`` (see _cv_add).  A value missing
    from ``ranges`` raises KeyError(value).

    Returns ``(flat, n_prims, n, accesses)`` for n bindings: ``flat`` = the
    operands before ``base`` (the workload), the n_prims primitive operands
    (unless ``prims_in_place``: then they stay among the bound resources, in
    their places), the bound resources, then n sizes, offsets and lengths.
    Pure Python equivalent (convert._bind)::

        for i, v in enumerate(resource_operands):
            if not is_resource(v): prims.append(v); continue
            r = ranges[v]
            bind(r.resource, r.resource_size, add(r.offset, offsets[j]),
                 lengths[j], RW if i in tied else R); j += 1
        for k, v in enumerate(results):
            if k >= len(tied) or tied[k] < 0:
                r = ranges[v]; bind(r.resource, r.resource_size, r.offset, result_sizes[k], W)
    """
    cdef _Bound b = _Bound()
    _cv_bind_c(o, segs, base, tied, results, ranges, consts, const_of, add, prims_in_place, b)
    return b.flat, b.n_prims, b.n, b.accesses


cdef class ResourceRange:
    """Where a resource value lives: ``resource[offset for length]``
    (fastalloc.passes.scope re-exports it; IREE's ``ResourceRange``).

    ``resource`` is the value the ``stream.cmd.*`` ops address (an entry
    block argument of the new ``stream.cmd.execute``: a captured operand, a
    result allocation, a constant upload or the transient slab),
    ``resource_size`` its size (an ``index`` value defined outside the region).
    ``offset``/``length`` are ``None`` only before
    ``AllocationScope.map_resource_range`` fills them in with ``0`` and
    ``resource_size``; every range returned by
    ``AllocationScope.lookup_resource_range`` has all four set.  An extension
    type so that the binding loop below reads its fields as C members.
    """

    cdef public object resource
    cdef public object resource_size
    cdef public object offset
    cdef public object length
    # the _RangeTable that stored it (None: none yet)
    cdef object _table

    def __init__(self, resource, resource_size, offset=None, length=None):
        self.resource = resource
        self.resource_size = resource_size
        self.offset = offset
        self.length = length

    def __eq__(self, other):
        if type(other) is not ResourceRange:
            return NotImplemented
        cdef ResourceRange o = other
        return (self.resource, self.resource_size, self.offset, self.length) == (
            o.resource, o.resource_size, o.offset, o.length)

    __hash__ = None

    def __repr__(self):
        return (f"ResourceRange(resource={self.resource!r}, resource_size={self.resource_size!r}, "
                f"offset={self.offset!r}, length={self.length!r})")


# -- the scope's range table ------------------------------------------------------
#
# fastalloc.passes.scope.AllocationScope.map_resource_range and its batch
# forms: a big region maps ~10^5 values (every transient slice, every
# concurrent argument and yield), each a membership test, a store and a walk
# of its alias set, and its conversion looks up two or three per op; here
# they stay in C, and a value's range sits on the value itself (its
# ``_scratch`` slot, model.pxd) rather than in a dict keyed by values (whose
# probes into a table of 10^5 entries missed the cache on almost every
# access).  The table holds no reference to the scope (that would make a
# cycle the paused collector never frees): the scope passes itself to each
# call, for the two things only it can do (make the index constant 0, map the
# aliases of a set that holds a subview).

cdef str _RT_SUBVIEW = "stream.resource.subview"


cdef inline ResourceRange _rt_range(object resource, object resource_size, object offset, object length):
    # ResourceRange(resource, resource_size, offset, length) without the __init__ call
    cdef ResourceRange r = ResourceRange.__new__(ResourceRange)
    r.resource = resource
    r.resource_size = resource_size
    r.offset = offset
    r.length = length
    return r


cdef class _RangeTable:
    """The value -> :class:`ResourceRange` table of one AllocationScope
    (a read-only mapping to its readers: ``in``, ``[]``, ``get``, ``len``,
    iteration in mapping order, ``keys``/``values``/``items``).

    Storage: each mapped value holds its range in its ``_scratch`` slot; the
    range names the table that stored it (a range handed to a second table
    is copied there), so a slot another table filled reads as unmapped
    here, and mapping the value takes the slot over.  ``mapped`` lists the
    values in mapping order; :meth:`release` empties their slots (the
    driver calls it once the region is converted: a range left on a value
    would keep the region's values alive).  ``alias_sets``: value -> the
    list of its alias set's members (one list shared by the set; values in
    no set absent); ``subview_sets``: the ids of the members lists known
    to hold a ``stream.resource.subview`` result (memo; a set without one is
    scanned once: mapping one member maps the others, so none comes back).

    ``map(resource, rng, scope)`` is AllocationScope.map_resource_range
    (first mapping wins; a range without offset and length gets
    ``scope.lookup_or_create_index(0)`` and its resource size; the aliases
    not yet mapped get the same range, unless the set holds a subview: then
    ``scope._map_subview_aliases(resource, rng, members)`` maps them).  Pure
    Python equivalent, over a dict ``ranges``::

        if resource in ranges: return
        if rng.offset is None and rng.length is None:
            rng = ResourceRange(rng.resource, rng.resource_size, scope.lookup_or_create_index(0),
                                rng.resource_size)
        ranges[resource] = rng
        members = alias_sets.get(resource)
        if members and not any(m.owner is an Op named stream.resource.subview for m in members):
            for alias in members:
                if alias not in ranges: ranges[alias] = rng
        elif members:
            scope._map_subview_aliases(resource, rng, members)
    """

    cdef readonly dict alias_sets
    cdef set subview_sets
    cdef list mapped

    def __init__(self, alias_sets):
        # a dict for C lookups (the scope accepts any mapping)
        self.alias_sets = alias_sets if type(alias_sets) is dict else dict(alias_sets)
        self.subview_sets = set()
        self.mapped = []

    cdef inline ResourceRange _get(self, object v):
        """The range of ``v`` (None: unmapped here)."""
        if not isinstance(v, Value):
            return None
        slot = (<Value>v)._scratch
        if type(slot) is ResourceRange and (<ResourceRange>slot)._table is self:
            return <ResourceRange>slot
        return None

    cdef inline ResourceRange _own(self, ResourceRange rng):
        """``rng``, or a copy of it if another table stored it."""
        if rng._table is self:
            return rng
        if rng._table is not None:
            rng = _rt_range(rng.resource, rng.resource_size, rng.offset, rng.length)
        rng._table = self
        return rng

    cdef inline int _put(self, object v, ResourceRange rng) except -1:
        """Store ``rng`` (owned here) as the range of the unmapped ``v``."""
        (<Value?>v)._scratch = rng
        self.mapped.append(v)
        return 0

    def release(self):
        """Empty the slots of every value mapped here; the table is empty after."""
        cdef Py_ssize_t k
        cdef list mapped = self.mapped
        for k in range(_cv_list_size(mapped)):
            v = <Value><object>_cv_list_item(mapped, k)
            slot = v._scratch
            if type(slot) is ResourceRange and (<ResourceRange>slot)._table is self:
                v._scratch = None
        self.mapped = []

    # -- the mapping, read-only (and a raw store for the scope's subview case) --
    def __contains__(self, v):
        return self._get(v) is not None

    def __getitem__(self, v):
        cdef ResourceRange r = self._get(v)
        if r is None:
            raise KeyError(v)
        return r

    def __setitem__(self, v, ResourceRange rng not None):
        """Store ``rng`` for ``v`` as it is, aliases untouched (the scope's
        subview case; ``map`` is the rule)."""
        rng = self._own(rng)
        if self._get(v) is not None:
            (<Value?>v)._scratch = rng
        else:
            self._put(v, rng)

    def get(self, v, default=None):
        cdef ResourceRange r = self._get(v)
        return default if r is None else r

    def __len__(self):
        return len(self.keys())

    def __iter__(self):
        return iter(self.keys())

    def keys(self):
        """The mapped values, in mapping order."""
        return [v for v in self.mapped if self._get(v) is not None]

    def values(self):
        return [self._get(v) for v in self.keys()]

    def items(self):
        return [(v, self._get(v)) for v in self.keys()]

    # -- the rule -----------------------------------------------------------
    cdef int _map(self, object resource, ResourceRange rng, object scope) except -1:
        cdef _cv_PyObject* mp
        cdef list members
        cdef Py_ssize_t k, n
        cdef object alias
        cdef bint flag = False
        if self._get(resource) is not None:
            return 0
        if rng.offset is None and rng.length is None:
            rng = _rt_range(rng.resource, rng.resource_size, scope.lookup_or_create_index(0), rng.resource_size)
        rng = self._own(rng)
        self._put(resource, rng)
        mp = _cv_dict_get(self.alias_sets, resource)
        if mp == NULL:
            return 0
        members = <list?><object>mp
        n = _cv_list_size(members)
        if n == 0:
            return 0
        if self.subview_sets:
            flag = PyLong_FromVoidPtr(<void*>members) in self.subview_sets  # id(members), without the builtin
        if not flag:
            for k in range(n):
                if _cv_named((<Value?><object>_cv_list_item(members, k)).owner, _RT_SUBVIEW):
                    flag = True
                    self.subview_sets.add(PyLong_FromVoidPtr(<void*>members))
                    break
        if flag:
            scope._map_subview_aliases(resource, rng, members)
            return 0
        for k in range(n):
            alias = <object>_cv_list_item(members, k)
            if alias is not resource and self._get(alias) is None:
                self._put(alias, rng)
        return 0

    def map(self, resource, ResourceRange rng not None, scope):
        """AllocationScope.map_resource_range (see the class docstring)."""
        self._map(resource, rng, scope)

    def map_many(self, list resources not None, list rngs not None, scope):
        """``map(resources[k], rngs[k], scope)`` for each k, in order."""
        cdef Py_ssize_t k, n = len(resources)
        if len(rngs) != n:
            raise ValueError(f"map_many: {n} values for {len(rngs)} ranges")
        for k in range(n):
            self._map(<object>_cv_list_item(resources, k), <ResourceRange?><object>_cv_list_item(rngs, k), scope)

    def map_slices(self, list resources not None, resource, resource_size, list offsets not None,
                   list lengths not None, scope):
        """``map(resources[k], ResourceRange(resource, resource_size,
        offsets[k], lengths[k]), scope)`` for each k, in order (the slices
        of one slab)."""
        cdef Py_ssize_t k, n = len(resources)
        if len(offsets) != n or len(lengths) != n:
            raise ValueError(f"map_slices: {n} values for {len(offsets)} offsets and {len(lengths)} lengths")
        for k in range(n):
            self._map(<object>_cv_list_item(resources, k),
                      _rt_range(resource, resource_size, <object>_cv_list_item(offsets, k),
                                <object>_cv_list_item(lengths, k)),
                      scope)

    def map_like(self, list targets not None, list sources not None, scope):
        """``map(targets[k], <the range of sources[k]>, scope)`` for each k,
        in order; a source without a range: ``scope.lookup_resource_range``
        raises its located error."""
        if len(sources) != len(targets):
            raise ValueError(f"map_like: {len(targets)} values for {len(sources)} sources")
        self._map_from(targets, 0, sources, 0, len(targets), scope)

    cdef int _map_from(self, list targets, Py_ssize_t t0, list sources, Py_ssize_t s0, Py_ssize_t n,
                       object scope) except -1:
        # map_like over targets[t0:t0 + n] and sources[s0:s0 + n] (in range: the caller's bounds)
        cdef Py_ssize_t k
        cdef ResourceRange rng
        cdef object source
        for k in range(n):
            source = <object>_cv_list_item(sources, s0 + k)
            rng = self._get(source)
            if rng is None:
                scope.lookup_resource_range(source)  # raises
                raise KeyError(source)  # pragma: no cover - the scope raised
            self._map(<object>_cv_list_item(targets, t0 + k), rng, scope)
        return 0

    def map_waves(self, list concurrent not None, scope):
        """The ranges of ``stream.async.concurrent`` regions, op by op in
        the order given (the region's pre-order): the entry block's
        arguments get the ranges of the op's resource operands, then the
        values its ``stream.yield`` yields get those of the op's resource
        results (pairs up to the shorter side).  Assumes verified ops
        (resource operands are the first segment of both ops; resource
        results come first).  In Python::

            for op in concurrent:
                block = op.regions[0].blocks[0]
                table.map_like(block.args, op.group("resource_operands"))  # zip's pairs
                table.map_like(block.ops[-1].group("resource_operands"),
                               [r for r in op.results if is_resource(r)])  # zip's pairs
        """
        cdef Py_ssize_t k, j, n, n_res
        cdef Op op, yield_op
        cdef list args, results, ops, segs
        for k in range(_cv_list_size(concurrent)):
            op = <Op?><object>_cv_list_item(concurrent, k)
            block = op._regions[0].blocks[0]
            args = block.args
            segs = op.segments
            n = min(<Py_ssize_t>segs[0], _cv_list_size(args))
            self._map_from(args, 0, op.operands, 0, n, scope)
            ops = block.ops
            yield_op = <Op?><object>_cv_list_item(ops, _cv_list_size(ops) - 1)
            results = op.results
            n_res = 0
            for j in range(_cv_list_size(results)):
                if _is_resource_type((<Value?><object>_cv_list_item(results, j)).type):
                    n_res += 1
            n = min(<Py_ssize_t>yield_op.segments[0], n_res)
            if n_res != _cv_list_size(results):
                results = [r for r in results if _is_resource_type((<Value?>r).type)]
            self._map_from(yield_op.operands, 0, results, 0, n, scope)
        return None


cdef inline void _cv_put(list lst, Py_ssize_t i, object v):
    # PyList_SET_ITEM steals a reference; the slot is empty (new list).
    Py_INCREF(v)
    PyList_SET_ITEM(lst, i, v)


cdef class _Bound:
    """What _cv_bind_c found (its docstring's ``flat``, ``n_prims``, ``n``,
    ``accesses``): filled in place, so that a sweep reuses one for every op."""
    cdef list flat, accesses
    cdef Py_ssize_t n_prims, n


@cython.boundscheck(False)
@cython.wraparound(False)
cdef int _cv_bind_c(list o, list segs, Py_ssize_t base, object tied, list results, _RangeTable ranges,
                    dict consts, object const_of, object add, bint prims_in_place, _Bound out) except -1:
    # Two passes: classify the operands and results (how many bindings),
    # then fill one presized output list in operand order (the order of the
    # offset additions, which may create ops).
    cdef Py_ssize_t a = 0, k, i, j, t, n_tied, n_prims, n, nb_in, nb_out
    cdef Py_ssize_t n_res, n_sizes, n_offs, n_ends, n_lens, n_results, n_out
    cdef Py_ssize_t res0, off0, len0, rs0, p_at, b_at, s_at, o_at, l_at
    cdef unsigned char marks_buf[_CV_MARKS]
    cdef unsigned char* marks = marks_buf
    cdef bint all_resources
    cdef list flat, accesses, tied_l
    cdef object v
    cdef ResourceRange rng
    for k in range(base):
        a += <Py_ssize_t>segs[k]
    n_res = segs[base]
    n_sizes = segs[base + 1]
    n_offs = segs[base + 2]
    n_ends = segs[base + 3]
    n_lens = segs[base + 4]
    n_results = segs[base + 5]
    res0 = a
    off0 = res0 + n_res + n_sizes
    len0 = off0 + n_offs + n_ends
    rs0 = len0 + n_lens
    if a < 0 or rs0 + n_results > _cv_list_size(o) or n_lens != n_offs or n_offs > n_res:
        raise ValueError("operand segments do not match the operand list")
    n_out = _cv_list_size(results)

    # (the op's own list, only read: a copy for another sequence type)
    tied_l = (tied if type(tied) is list else list(tied)) if tied else []
    n_tied = len(tied_l)
    if n_res > _CV_MARKS:
        marks = <unsigned char*>malloc(n_res)
        if marks == NULL:
            raise MemoryError()
    try:
        # marks[i]: bit 0 = a result is tied to operand i, bit 1 = it is a resource
        all_resources = n_offs == n_res
        nb_in = 0
        for i in range(n_res):
            if all_resources or _is_resource_type((<Value?><object>_cv_list_item(o, res0 + i)).type):
                marks[i] = 2
                nb_in += 1
            else:
                marks[i] = 0
        for k in range(n_tied):
            t = tied_l[k]
            if 0 <= t < n_res:
                marks[t] |= 1
        if nb_in > n_offs:
            raise IndexError("more resource operands than offsets")
        nb_out = 0
        for k in range(n_out):
            if k < n_tied and <Py_ssize_t>tied_l[k] >= 0:
                continue
            if k >= n_results:
                raise IndexError("more results than result sizes")
            nb_out += 1
        n = nb_in + nb_out
        n_prims = n_res - nb_in

        flat = PyList_New(a + n_prims + 4 * n)
        accesses = PyList_New(n)
        for k in range(a):
            _cv_put(flat, k, <object>_cv_list_item(o, k))
        if prims_in_place:
            p_at = a  # primitives in their places among the bound resources
            b_at = a
        else:
            p_at = a
            b_at = a + n_prims
        s_at = a + n_prims + n
        o_at = s_at + n
        l_at = o_at + n
        j = 0
        for i in range(n_res):
            v = <object>_cv_list_item(o, res0 + i)
            if not (marks[i] & 2):
                if prims_in_place:
                    _cv_put(flat, b_at, v)
                    b_at += 1
                else:
                    _cv_put(flat, p_at, v)
                    p_at += 1
                continue
            rng = ranges._get(v)
            if rng is None:
                raise KeyError(v)
            _cv_put(flat, b_at, rng.resource)
            _cv_put(flat, s_at + j, rng.resource_size)
            _cv_put(flat, o_at + j, _cv_add(rng.offset, <object>_cv_list_item(o, off0 + j), consts, const_of, add))
            _cv_put(flat, l_at + j, <object>_cv_list_item(o, len0 + j))
            _cv_put(accesses, j, _CV_READ_WRITE if marks[i] & 1 else _CV_READ)
            b_at += 1
            j += 1
        for k in range(n_out):
            if k < n_tied and <Py_ssize_t>tied_l[k] >= 0:
                continue  # bound above, read-write
            v = <object>_cv_list_item(results, k)
            rng = ranges._get(v)
            if rng is None:
                raise KeyError(v)
            _cv_put(flat, b_at, rng.resource)
            _cv_put(flat, s_at + j, rng.resource_size)
            _cv_put(flat, o_at + j, rng.offset)
            _cv_put(flat, l_at + j, <object>_cv_list_item(o, rs0 + k))
            _cv_put(accesses, j, _CV_WRITE)
            b_at += 1
            j += 1
    finally:
        if marks != marks_buf:
            free(marks)
    out.flat = flat
    out.accesses = accesses
    out.n_prims = n_prims
    out.n = n
    return 0


def _cv_dispatch(_RangeTable ranges, dict consts, object const_of, object add, object build, object opdef,
                 object dialect_attrs, object op, object cv):
    """fastalloc.passes.convert's converter of a stream.async.dispatch, whole:
    bindings (_cv_bind), then ``build(opdef.name, opdef, operands, segments,
    op)`` (Op._build; ``opdef``: stream.cmd.dispatch's) and its properties; ``dialect_attrs(op)``
    gives the attributes carried over, asked only when ``op`` has any.

    The converter table of a conversion binds the first seven arguments with
    functools.partial, so that a dispatch (a third of a region's ops) is
    converted without a Python frame; ``cv`` (the conversion) is not used.
    """
    cdef Op src = op
    cdef list segs = src.segments
    props = src._props
    tied = _cv_prop(props, "tied_operands")
    cdef _Bound b = _Bound()
    _cv_bind_c(src.operands, segs, _CV_DISPATCH_BASE, tied, src.results, ranges, consts, const_of, add, False, b)
    cdef Py_ssize_t n = b.n
    cdef Op new = build(opdef.name, opdef, b.flat, [segs[0], b.n_prims, n, n, n, n], op)
    new._props = {"entry_points": _cv_prop_req(props, "entry_points"), "resource_accesses": b.accesses}
    if src._attrs:
        attrs = dialect_attrs(op)
        if attrs:
            new._attrs = attrs
    return new


# -- the conversion sweep -------------------------------------------------------
#
# _CvSweep.region: fastalloc.passes.convert._apply_region's loop over a
# region's ops (last to first), with the converters of the ops a big region is
# made of compiled here (splat, clone, slice, fill, update, copy, barrier,
# dispatch, call, collective, a transfer that is a plain copy, and the erased
# ones).  Per
# op the Python sweep spent a frame and a dozen attribute reads in the
# converter, and more in the loop; here an op
# costs the reads of its operands and ranges and the call of the rewriter's
# constructor (Op._build).  Other ops go to their Python converter.

cdef enum:
    _K_PY = 0        # the Python converter of convert._APPLY
    _K_ERASE = 1     # replaced by nothing (the driver hoisted the storage)
    _K_SPLAT = 2
    _K_CLONE = 3
    _K_SLICE = 4
    _K_FILL = 5
    _K_UPDATE = 6
    _K_COPY = 7
    _K_BARRIER = 8
    _K_DISPATCH = 9
    _K_CALL = 10
    _K_TRANSFER = 11
    _K_CONCURRENT = 12
    _K_COLLECTIVE = 13

#: op name -> what _CvSweep does with it (names absent: _K_PY); the most
#: frequent first (_CvSweep._kind tries them in this order).
_CV_KINDS = {
    "stream.async.dispatch": _K_DISPATCH,
    "stream.resource.subview": _K_ERASE,
    "stream.async.alloca": _K_ERASE,
    "stream.async.constant": _K_ERASE,
    "stream.async.splat": _K_SPLAT,
    "stream.async.clone": _K_CLONE,
    "stream.async.slice": _K_SLICE,
    "stream.async.fill": _K_FILL,
    "stream.async.update": _K_UPDATE,
    "stream.async.copy": _K_COPY,
    "stream.async.barrier": _K_BARRIER,
    "stream.async.call": _K_CALL,
    "stream.async.transfer": _K_TRANSFER,
    "stream.async.concurrent": _K_CONCURRENT,
    "stream.async.collective": _K_COLLECTIVE,
}

cdef str _CV_STAGING = "!stream.resource<staging>"

# The operand positions _CvSweep reads, in the order of its ``layout``
# argument (convert.py derives them from the op definitions).
_CV_LAYOUT_NAMES = (
    "splat_value", "clone_source", "slice_source", "slice_offset", "slice_size", "fill_offset", "fill_length",
    "fill_value", "update_offset", "update_update", "update_size", "copy_t_offset", "copy_source",
    "copy_s_offset", "copy_length", "barrier_source", "coll_t_offset", "coll_source", "coll_s_offset", "coll_count",
    "coll_channel", "coll_param",
)


cdef enum:
    # _CvSweep's table sizes: kinds; dispatch shapes in seg_table (workload
    # operands, primitive operands, bindings)
    _CV_MAX_KINDS = 16
    _CV_SEG_W = 4
    _CV_SEG_P = 8
    _CV_SEG_N = 16

if len(_CV_KINDS) > _CV_MAX_KINDS:  # pragma: no cover - a new kind
    raise ImportError("fastalloc.passes._convert: raise _CV_MAX_KINDS")

cdef int _cv_hollow(Op op, list values) except -1:
    """Empty a replaced op as soon as the sweep has replaced it: drop the
    uses it makes (its users were all converted before it, last to first,
    so no converter asks about them any more; unlinking from a use chain
    keeps the other uses' order, so the lists end as a drop in ``finish``
    leaves them) and release its operand list, use records, properties and
    attributes.  Without this the whole old region stays alive next to the
    new one until the pass ends: the peak of the pass.

    Then, when none of its results is used (the rule: a conversion leaves
    no user of them), the op is released whole, here, while it is in the
    cache (``Module.release_unreachable`` would find it again at the end,
    by a walk of the module and its value table): each result loses its
    owner and its entry of ``values`` (the module's value table: a
    tombstone, as the release leaves; None, the region is in no module:
    the op is left to ``finish`` and the module's owner), and the op
    becomes a location carrier (``_uses._carrier``: a fused location may
    name it; nothing else does once the sweep's op list is dropped).  An op
    located by a fused location is left to the release (that location may
    name values of ops released here); so is an op with a result in use:
    returns 0 for those (the caller keeps them for ``finish``'s check and
    the release), 1 for an op released."""
    cdef list results = op.results
    cdef Py_ssize_t k, i, n = _cv_list_size(results)
    cdef Value v
    _release_records(op)
    for k in range(n):
        if (<Value?><object>_cv_list_item(results, k))._nuses:
            break
    else:
        d = op.dloc
        if values is not None and (d is None or type(d) is str):
            for k in range(n):
                v = <Value><object>_cv_list_item(results, k)
                v.owner = None
                i = v.id
                if 0 <= i < _cv_list_size(values) and <object>_cv_list_item(values, i) is v:
                    values[i] = None
            _carrier(op)
            return 1
    op.operands = []
    op.segments = None
    op._props = _EMPTY_MAP
    op._attrs = _EMPTY_MAP
    # its results are never printed again (finish checks they end unused)
    for r in results:
        (<Value?>r).name_hint = None
    return 0


cdef class _CvSweep:
    """The compiled sweep of one conversion (fastalloc.passes.convert._Conversion).

    ``ranges``/``consts``/``const_of``/``add``: the scope's range table,
    constant cache, ``constant_int`` and ``add_values`` (see _cv_add);
    ``build``: the rewriter's trusted constructor (Op._build);
    ``cmd_fill``/``cmd_copy``/``cmd_dispatch``: those ops' definitions;
    ``dialect_attrs``: convert._dialect_attrs; ``apply``: the Python
    converters (op name -> fn(op, cv)) for the ops not compiled here, or for
    every op when ``native`` is false; ``cv``: the conversion they are given;
    ``layout``: the operand positions named by _CV_LAYOUT_NAMES (a negative
    one counts from the end); ``values``: the module's value table (see
    _cv_hollow; None: the region is in no module).
    """

    cdef _RangeTable ranges
    cdef dict consts, apply, dispatch_segs
    # _CV_KINDS by definition: the ops' OpDef objects (the registry's, alive
    # as long as the module) and their kinds, n_kinds of them (0: not native)
    cdef list kind_defs
    cdef int kind_codes[_CV_MAX_KINDS]
    cdef Py_ssize_t n_kinds
    cdef object const_of, add, build, cmd_fill, cmd_copy, cmd_dispatch, cmd_call, dialect_attrs, cv
    cdef str fill_name, copy_name, dispatch_name, call_name
    cdef list fill_segs, copy_segs
    # small dispatch shapes' segments lists (_dispatch_segs) and the binding
    # results' holder, reused op after op
    cdef list seg_table
    cdef _Bound bound
    # the sweep's queues (region's arguments), read by a nested region's sweep
    cdef list before, dead
    # the module's value table (None: the region is in no module), where
    # _cv_hollow leaves the tombstones of the results it releases
    cdef list values
    cdef object cmd_concurrent
    cdef str concurrent_name
    cdef bint native_build
    cdef Py_ssize_t splat_value, clone_source, slice_source, slice_offset, slice_size
    cdef Py_ssize_t fill_offset, fill_length, fill_value, update_offset, update_update, update_size
    cdef Py_ssize_t copy_t_offset, copy_source, copy_s_offset, copy_length, barrier_source
    cdef Py_ssize_t coll_t_offset, coll_source, coll_s_offset, coll_count, coll_channel, coll_param
    cdef object cmd_collective
    cdef str collective_name

    def __init__(self, _RangeTable ranges, dict consts, const_of, add, build, cmd_fill, cmd_copy, cmd_dispatch,
                 dialect_attrs, dict apply, cv, tuple layout, bint native=True, list values=None):
        self.ranges = ranges
        self.values = values
        self.consts = consts
        self.const_of = const_of
        self.add = add
        self.build = build
        # the model's constructor itself: called as C (_build_op), not through Python
        self.native_build = build == Op._build
        self.cmd_fill = cmd_fill
        self.cmd_copy = cmd_copy
        self.cmd_dispatch = cmd_dispatch
        self.fill_name = cmd_fill.name
        self.copy_name = cmd_copy.name
        self.dispatch_name = cmd_dispatch.name
        self.cmd_call = _OPS["stream.cmd.call"]
        self.call_name = self.cmd_call.name
        self.cmd_concurrent = _OPS["stream.cmd.concurrent"]
        self.cmd_collective = _OPS["stream.cmd.collective"]
        self.collective_name = self.cmd_collective.name
        self.concurrent_name = self.cmd_concurrent.name
        # Every fill and copy has one operand per segment: they share one
        # segments list each (the model allows shared lists: whoever changes
        # an op's segments assigns a new list), as dispatches with the same
        # sizes do (dispatch_segs).
        self.fill_segs = [1] * len(cmd_fill.segment_names)
        self.copy_segs = [1] * len(cmd_copy.segment_names)
        self.dispatch_segs = {}
        self.bound = _Bound()
        self.dialect_attrs = dialect_attrs
        self.apply = apply
        self.cv = cv
        self.kind_defs = []
        self.n_kinds = 0
        if native:
            for name, kind in _CV_KINDS.items():
                d = _OPS.get(name)
                if d is not None:  # (else: its Python converter)
                    self.kind_defs.append(d)
                    self.kind_codes[self.n_kinds] = kind
                    self.n_kinds += 1
        self.seg_table = [None] * (_CV_SEG_W * _CV_SEG_P * _CV_SEG_N)
        if len(layout) != len(_CV_LAYOUT_NAMES):
            raise ValueError(f"_CvSweep: {len(layout)} operand positions for {len(_CV_LAYOUT_NAMES)}")
        (self.splat_value, self.clone_source, self.slice_source, self.slice_offset, self.slice_size,
         self.fill_offset, self.fill_length, self.fill_value, self.update_offset, self.update_update,
         self.update_size, self.copy_t_offset, self.copy_source, self.copy_s_offset, self.copy_length,
         self.barrier_source, self.coll_t_offset, self.coll_source, self.coll_s_offset, self.coll_count,
         self.coll_channel, self.coll_param) = layout

    cdef inline ResourceRange _range(self, object v):
        cdef ResourceRange r = self.ranges._get(v)
        if r is None:
            raise KeyError(v)
        return r

    cdef inline object _add(self, object lhs, object rhs):
        return _cv_add(lhs, rhs, self.consts, self.const_of, self.add)

    cdef object _fill(self, Op anchor, object a, object b, object c, object d, object e):
        if self.native_build:
            return _build_op(self.fill_name, self.cmd_fill, [a, b, c, d, e], self.fill_segs, anchor)
        return self.build(self.fill_name, self.cmd_fill, [a, b, c, d, e], self.fill_segs, anchor)

    cdef object _copy(self, Op anchor, object a, object b, object c, object d, object e, object f, object g):
        if self.native_build:
            return _build_op(self.copy_name, self.cmd_copy, [a, b, c, d, e, f, g], self.copy_segs, anchor)
        return self.build(self.copy_name, self.cmd_copy, [a, b, c, d, e, f, g], self.copy_segs, anchor)

    cdef object _convert(self, int kind, Op op):
        """The op replacing ``op`` (None: none), built as convert.py's
        ``_apply_<kind>`` builds it (same operands, same order of range
        lookups and offset additions)."""
        cdef list o = op.operands
        cdef ResourceRange s, t
        if kind == _K_ERASE:
            return None
        if kind == _K_SPLAT:
            t = self._range(op.results[0])
            return self._fill(op, t.resource, t.resource_size, t.offset, t.length, o[len(o) + self.splat_value])
        if kind == _K_CLONE:
            s = self._range(o[self.clone_source])
            t = self._range(op.results[0])
            return self._copy(op, s.resource, s.resource_size, s.offset, t.resource, t.resource_size, t.offset,
                              t.length)
        if kind == _K_SLICE:
            s = self._range(o[self.slice_source])
            offset = self._add(s.offset, o[self.slice_offset])
            t = self._range(op.results[0])
            return self._copy(op, s.resource, s.resource_size, offset, t.resource, t.resource_size, t.offset,
                              o[self.slice_size])
        if kind == _K_FILL:
            t = self._range(op.results[0])
            offset = self._add(t.offset, o[self.fill_offset])
            return self._fill(op, t.resource, t.resource_size, offset, o[self.fill_length], o[self.fill_value])
        if kind == _K_UPDATE:
            s = self._range(o[self.update_update])
            t = self._range(op.results[0])
            offset = self._add(t.offset, o[self.update_offset])
            return self._copy(op, s.resource, s.resource_size, s.offset, t.resource, t.resource_size, offset,
                              o[self.update_size])
        if kind == _K_COPY:
            s = self._range(o[self.copy_source])
            s_offset = self._add(s.offset, o[self.copy_s_offset])
            t = self._range(op.results[0])
            t_offset = self._add(t.offset, o[self.copy_t_offset])
            return self._copy(op, s.resource, s.resource_size, s_offset, t.resource, t.resource_size, t_offset,
                              o[self.copy_length])
        if kind == _K_BARRIER:
            s = self._range(o[self.barrier_source])
            t = self._range(op.results[0])
            return self._copy(op, s.resource, s.resource_size, s.offset, t.resource, t.resource_size, t.offset,
                              s.length)
        if kind == _K_DISPATCH:
            return self._dispatch(op)
        if kind == _K_CONCURRENT:
            return self._concurrent(op)
        if kind == _K_CALL:
            return self._call(op)
        if kind == _K_COLLECTIVE:
            return self._collective(op)
        if kind == _K_TRANSFER:
            # Only a plain copy here (convert._apply_transfer's case with no
            # affinity on either side and no staging resource); the others
            # (an invalidate and/or a flush around the copy) go to Python.
            props = op._props
            s_val = o[_CV_TRANSFER_SOURCE]
            r_val = op.results[0]
            if (_cv_prop(props, "source_affinity") is not None or _cv_prop(props, "target_affinity") is not None
                    or (<Value?>s_val).type == _CV_STAGING or (<Value?>r_val).type == _CV_STAGING):
                return self.apply[op.name](op, self.cv)
            s = self._range(s_val)
            t = self._range(r_val)
            return self._copy(op, s.resource, s.resource_size, s.offset, t.resource, t.resource_size, t.offset,
                              s.length)
        raise AssertionError(kind)

    cdef object _call(self, Op src):
        # convert._apply_call: the bindings with the primitive operands in place
        cdef list results = src.results
        cdef Py_ssize_t k
        for k in range(_cv_list_size(results)):
            if not _is_resource_type((<Value?><object>_cv_list_item(results, k)).type):
                return self.apply[src.name](src, self.cv)  # the Python converter's located error
        props = src._props
        cdef _Bound b = self.bound
        _cv_bind_c(src.operands, src.segments, _CV_CALL_BASE, _cv_prop(props, "tied_operands"), results, self.ranges,
                   self.consts, self.const_of, self.add, True, b)
        cdef Py_ssize_t n = b.n, n_prims = b.n_prims
        flat = b.flat
        new_props = {"callee": _cv_prop_req(props, "callee"), "resource_operand_accesses": b.accesses}
        v = _cv_prop(props, "arg_attrs")
        if v is not None:
            new_props["arg_attrs"] = v
        v = _cv_prop(props, "res_attrs")
        if v is not None:
            new_props["res_attrs"] = v
        cdef Op new
        if self.native_build:
            new = _build_op(self.call_name, self.cmd_call, flat, [n + n_prims, n, n, n, 0], src)
        else:
            new = self.build(self.call_name, self.cmd_call, flat, [n + n_prims, n, n, n, 0], src)
        new._props = new_props
        if src._attrs:
            attrs = self.dialect_attrs(src)
            if attrs:
                new._attrs = attrs
        return new

    cdef object _collective(self, Op src):
        # convert._apply_collective: out of place only (IREE #11249), the
        # source read and the target written, each over its whole mapped
        # range from the given offset
        cdef list o = src.operands
        cdef ResourceRange s = self._range(o[self.coll_source])
        s_offset = self._add(s.offset, o[self.coll_s_offset])
        cdef ResourceRange t = self._range(src.results[0])
        t_offset = self._add(t.offset, o[self.coll_t_offset])
        cdef list param = o[self.coll_param:]
        cdef list operands = [o[self.coll_channel], o[self.coll_count]]
        operands.extend(param)
        operands.extend((s.resource, t.resource, s.resource_size, t.resource_size, s_offset, t_offset, s.length,
                         t.length))
        cdef list segs = [1, 1, len(param), 2, 2, 2, 2]
        cdef Op new
        if self.native_build:
            new = _build_op(self.collective_name, self.cmd_collective, operands, segs, src)
        else:
            new = self.build(self.collective_name, self.cmd_collective, operands, segs, src)
        new._props = {"op": _cv_prop_req(src._props, "op"), "resource_accesses": [_CV_READ, _CV_WRITE]}
        return new

    cdef object _concurrent(self, Op src):
        # convert._apply_concurrent: the yield emptied, the body swept (its
        # ops converted in place, its arguments left to the final unused
        # check), then taken over by a stream.cmd.concurrent
        cdef Region region = <Region?>src._regions[0]
        cdef Block block = <Block?>region.blocks[0]
        cdef list ops = block.ops
        cdef Op terminator = <Op?>ops[len(ops) - 1]
        _unlink_all(terminator)
        terminator.operands = []
        terminator.segments = [0] * len(terminator.segments)
        block.ops = self._sweep(ops, block, None, 0)
        self.cv.freed_args.extend(block.args)
        block.args = []
        src._regions = []
        cdef Op new
        if self.native_build:
            new = _build_op(self.concurrent_name, self.cmd_concurrent, [], [], src)
        else:
            new = self.build(self.concurrent_name, self.cmd_concurrent, [], [], src)
        new._regions = [region]
        region.parent = new
        return new

    cdef object _dispatch(self, Op src):
        # _cv_dispatch, with the new op's segments shared between dispatches of one shape
        cdef list segs = src.segments
        props = src._props
        cdef _Bound b = self.bound
        _cv_bind_c(src.operands, segs, _CV_DISPATCH_BASE, _cv_prop(props, "tied_operands"), src.results, self.ranges,
                   self.consts, self.const_of, self.add, False, b)
        cdef list new_segs = self._dispatch_segs(<Py_ssize_t>segs[0], b.n_prims, b.n)
        cdef Op new
        if self.native_build:
            new = _build_op(self.dispatch_name, self.cmd_dispatch, b.flat, new_segs, src)
        else:
            new = self.build(self.dispatch_name, self.cmd_dispatch, b.flat, new_segs, src)
        new._props = {"entry_points": _cv_prop_req(props, "entry_points"), "resource_accesses": b.accesses}
        if src._attrs:
            attrs = self.dialect_attrs(src)
            if attrs:
                new._attrs = attrs
        return new

    cdef inline int _kind(self, Op op):
        """What the sweep does with ``op`` (_CV_KINDS), -1: its Python
        converter.  By definition object: a few pointer compares where a
        probe of a name-keyed dict hashes and compares strings."""
        cdef object d = op.opdef
        cdef Py_ssize_t i
        if d is not None:
            for i in range(self.n_kinds):
                if <object>_cv_list_item(self.kind_defs, i) is d:
                    return self.kind_codes[i]
        return -1

    cdef list _dispatch_segs(self, Py_ssize_t w, Py_ssize_t n_prims, Py_ssize_t n):
        """The segments ``[w, n_prims, n, n, n, n]`` of a new dispatch, one
        list per shape: small shapes in ``seg_table`` (indexed by the three
        counts), others in ``dispatch_segs`` (a tuple key costs its hashing
        and compares on every probe)."""
        cdef Py_ssize_t i
        cdef list new_segs
        if 0 <= w < _CV_SEG_W and 0 <= n_prims < _CV_SEG_P and 0 <= n < _CV_SEG_N:
            i = (w * _CV_SEG_P + n_prims) * _CV_SEG_N + n
            new_segs = <list>_cv_list_item(self.seg_table, i)
            if new_segs is None:
                new_segs = [w, n_prims, n, n, n, n]
                self.seg_table[i] = new_segs
            return new_segs
        key = (w, n_prims, n)
        new_segs = self.dispatch_segs.get(key)
        if new_segs is None:
            new_segs = self.dispatch_segs[key] = [w, n_prims, n, n, n, n]
        return new_segs

    def convert(self, op):
        """The op(s) replacing ``op`` (the sweep's step for one op; for tests)."""
        cdef Op x = op
        cdef int k = self._kind(x)
        if k < 0 or k == _K_CONCURRENT:  # (a body is swept with a sweep's queues: region's)
            return self.apply[x.name](x, self.cv)
        return self._convert(k, x)

    def region(self, list ops, object block, list before, list dead, object tick, Py_ssize_t tick_every):
        """convert._apply_region's sweep over ``ops`` (the region's entry
        block's ops), last to first: each op but the terminator is replaced
        by its converter's op(s) (adopted by ``block``), detached, emptied and
        released (``_cv_hollow``; one it could not release whole is appended
        to ``dead``); ops its converter queued in ``before`` get its location
        unless they have one.  ``tick(n)`` (if not None) hears of every
        ``tick_every`` ops and of the rest at the end.  Returns the new op
        list, in program order.  A value without a range raises KeyError(value).
        A concurrent op's region is swept the same way (no ticks), in place."""
        self.before = before
        self.dead = dead
        return self._sweep(ops, block, tick, tick_every)

    @cython.boundscheck(False)
    @cython.wraparound(False)
    cdef list _sweep(self, list ops, object block, object tick, Py_ssize_t tick_every):
        cdef list before = self.before, dead = self.dead
        cdef Py_ssize_t n = len(ops), k, j, nb, countdown = tick_every if tick is not None else -1
        cdef Op op, x
        cdef int kind
        cdef list rev = []
        terminator = None
        if n and _same_name((<Op?>ops[n - 1]).name, "stream.yield"):
            terminator = ops[n - 1]
        for k in range(n - 1, -1, -1):
            op = <Op?>ops[k]
            countdown -= 1
            if countdown == 0:
                tick(tick_every)
                countdown = tick_every
            if op is terminator:
                rev.append(op)
                continue
            nb = len(before)
            kind = self._kind(op)
            if kind < 0:
                new = self.apply[op.name](op, self.cv)
            else:
                new = self._convert(kind, op)
            if len(before) != nb:
                # the offset adds (and folded constants) IREE builds at the op converted
                for j in range(nb, len(before)):
                    x = <Op?>before[j]
                    if x.dloc is None and x._src is None:
                        x.copy_loc_from(op)
            op.parent = None
            if not _cv_hollow(op, self.values):
                dead.append(op)
            if new is None:
                continue
            # Adopted here, so that the block's set_ops need not register
            # them: command ops have no results, and a new concurrent op's
            # region holds only ops and values registered already.
            if type(new) is tuple:
                for j in range(len(<tuple>new) - 1, -1, -1):
                    x = <Op?>(<tuple>new)[j]
                    x.parent = block
                    rev.append(x)
            else:
                (<Op?>new).parent = block
                rev.append(new)
        if tick is not None:
            tick(tick_every - countdown)
        rev.reverse()
        return rev


# -- the replaced ops -------------------------------------------------------------


def _cv_drop_dead(list dead):
    """Drop every use the ops of ``dead`` make (each op's own slots, in
    order: convert._Conversion.finish) and return the first of them with a
    result still in use (None: none), for the caller's located error.

    Pure Python equivalent::

        for op in dead: rewriter.drop_uses(op)
        return next((op for op in dead if any(r.uses for r in op.results)), None)
    """
    cdef Py_ssize_t k, j, n = _cv_list_size(dead)
    cdef Op op
    cdef list results
    for k in range(n):
        _unlink_all(<Op?><object>_cv_list_item(dead, k))
    for k in range(n):
        op = <Op><object>_cv_list_item(dead, k)
        results = op.results
        for j in range(_cv_list_size(results)):
            if (<Value?><object>_cv_list_item(results, j))._nuses:
                return op
    return None


# -- the convertibility check ----------------------------------------------------


cdef int _cv_suspects_into(object region, tuple convertible, object collective, object concurrent,
                           list out) except -1:
    cdef list ops = (<Block?>(<Region?>region).blocks[0]).ops
    cdef Py_ssize_t k, j, n = _cv_list_size(ops)
    cdef Op op
    cdef object d
    cdef bint known
    for k in range(n - 1, -1, -1):
        op = <Op?><object>_cv_list_item(ops, k)
        if k == n - 1 and _same_name(op.name, "stream.yield"):  # the terminator
            continue
        d = op.opdef
        known = False
        if d is not None:
            for j in range(len(convertible)):
                if <object>PyTuple_GET_ITEM(convertible, j) is d:
                    known = True
                    break
        if not known or d is collective:
            out.append((region, op))
        elif d is concurrent:
            _cv_suspects_into(op._regions[0], convertible, collective, concurrent, out)
    return 0


def _cv_suspects(region, tuple convertible not None, collective, concurrent):
    """The ops of ``region`` (its entry block) that convert._first_error
    must look at, in its visiting order (last to first, entering a
    ``concurrent`` op's region when reaching it): those whose definition
    (``op.opdef``) is not one of ``convertible`` (OpDef objects; an op
    without one is looked at) and the ``collective`` ops (whose kind
    decides), each as ``(its region, op)``.  Definitions are compared by
    identity: a name compare per op costs more than the whole test.
    Assumes blocks and ops of the model.  In Python::

        for op in reversed(ops):  # but the stream.yield terminator
            d = op.opdef
            if d is None or d not in convertible or d is collective: out.append((region, op))
            elif d is concurrent: out += _cv_suspects(op.regions[0], ...)
    """
    cdef list out = []
    _cv_suspects_into(region, convertible, collective, concurrent, out)
    return out


# -- the bracket scan of the function declarations ---------------------------------


def _cv_scan(str text, Py_ssize_t start, str word=None):
    """fastalloc.passes.convert._scan's tokens of ``text[start:]``, as a
    list of ``(index, token, depth)``: each bracket ``<([{``/``>)]}`` and
    comma outside string literals (a ``"`` string runs to its closing quote,
    a backslash escaping the next character, or to the end of the text), the
    ``->`` arrow as ``(index of its ">", "", depth)``, and ``word`` (if
    given) where it starts at a character that starts no other token.
    ``depth`` counts the brackets open before the token (a closing bracket
    at its own, inner depth).  Assumes ``0 <= start``.

    Algorithm: one left-to-right pass over the characters, as the regex
    ``"(?:[^"\\\\]|\\\\[\\s\\S])*"?|->|[<>()\\[\\]{},]|<word>`` meets its matches with
    ``finditer``; in Python::

        for m in re.finditer(pattern, text[start:]): i, tok = start + m.start(), m.group()
            if tok[0] == '"': continue
            if tok == "->": out.append((i + 1, "", depth))
            elif tok in "<([{": out.append((i, tok, depth)); depth += 1
            elif tok in ">)]}": out.append((i, tok, depth)); depth -= 1
            else: out.append((i, tok, depth))
    """
    return _cv_scan_c(text, start, word)


cdef enum:
    # what _cv_token found
    _TK_END = 0
    _TK_OPEN = 1
    _TK_CLOSE = 2
    _TK_COMMA = 3
    _TK_ARROW = 4
    _TK_WORD = 5


cdef int _cv_token(str text, Py_ssize_t n, Py_ssize_t* at, str word, Py_ssize_t nw) except -1:
    """The kind of the next token of _cv_scan at or after ``at[0]`` (string
    literals skipped), ``at[0]`` set to its index (an arrow: of its ``-``);
    _TK_END when none is left.  The caller resumes after the token."""
    cdef Py_ssize_t i = at[0]
    cdef Py_UCS4 c
    # (the characters read from the string's buffer: no bounds test per read)
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    while i < n:
        c = PyUnicode_READ(kind, data, i)
        if c == u'"':
            # a string literal: skipped (a backslash at the very end ends it, unconsumed)
            i += 1
            while i < n:
                c = PyUnicode_READ(kind, data, i)
                if c == u'\\':
                    if i + 1 >= n:
                        break
                    i += 2
                    continue
                i += 1
                if c == u'"':
                    break
            continue
        at[0] = i
        if c == u'<' or c == u'(' or c == u'[' or c == u'{':
            return _TK_OPEN
        if c == u'>' or c == u')' or c == u']' or c == u'}':
            return _TK_CLOSE
        if c == u',':
            return _TK_COMMA
        if c == u'-' and i + 1 < n and PyUnicode_READ(kind, data, i + 1) == u'>':
            return _TK_ARROW
        if nw and c == word[0] and text.startswith(word, i):
            return _TK_WORD
        i += 1
    at[0] = n
    return _TK_END


cdef list _cv_scan_c(str text, Py_ssize_t start, str word):
    # _cv_scan (its docstring)
    cdef list out = []
    cdef Py_ssize_t n = len(text), i = start, depth = 0, nw = len(word) if word else 0
    cdef int kind
    while True:
        kind = _cv_token(text, n, &i, word, nw)
        if kind == _TK_END:
            return out
        if kind == _TK_OPEN:
            out.append((i, text[i], depth))
            depth += 1
        elif kind == _TK_CLOSE:
            out.append((i, text[i], depth))
            depth -= 1
        elif kind == _TK_COMMA:
            out.append((i, u',', depth))
        elif kind == _TK_ARROW:
            i += 1
            out.append((i, u'', depth))
        else:
            out.append((i, word, depth))
            i += nw - 1
        i += 1


def _cv_bracket_items(str text, Py_ssize_t open_index):
    """fastalloc.passes.convert._bracket_items: ``(close, items)`` where
    ``close`` is the index of the bracket closing the one at ``open_index``
    (the first closing bracket at depth 1 of ``_cv_scan(text,
    open_index)``) and ``items`` the text between them cut at that scan's
    commas of depth 1, each stripped (``[]`` for blank text: the answer of
    fastalloc.ir.attributes.split_top_level for the bracketed text).
    ValueError when no bracket closes it.  The scan stops at the closing
    bracket.  In Python::

        cuts = [open_index]
        for i, c, depth in _cv_scan(text, open_index):
            if depth == 1 and c == ",": cuts.append(i)
            elif depth == 1 and c and c in ">)]}":
                cuts.append(i)
                parts = [text[a + 1:b].strip() for a, b in zip(cuts, cuts[1:])]
                return i, ([] if parts == [""] else parts)
        raise ValueError(...)
    """
    return _cv_bracket_items_c(text, open_index)


cdef tuple _cv_bracket_items_c(str text, Py_ssize_t open_index):
    # _cv_bracket_items (its docstring)
    cdef list parts = []
    cdef Py_ssize_t n = len(text), i = open_index, prev = open_index, depth = 0
    cdef int kind
    while True:
        kind = _cv_token(text, n, &i, None, 0)
        if kind == _TK_END:
            raise ValueError(f"unbalanced brackets in {text!r}")
        if kind == _TK_OPEN:
            depth += 1
        elif kind == _TK_CLOSE:
            if depth == 1:
                parts.append(text[prev + 1 : i].strip())
                if len(parts) == 1 and not parts[0]:
                    parts = []
                return i, parts
            depth -= 1
        elif kind == _TK_COMMA:
            if depth == 1:
                parts.append(text[prev + 1 : i].strip())
                prev = i
        elif kind == _TK_ARROW:
            i += 1
        i += 1


# -- the stream.async.func declarations ---------------------------------------------
#
# fastalloc.passes.convert.cmd_func_op reads each declaration's text (the
# front end keeps stream.async.func uninterpreted) and writes the
# stream.cmd.func text: a few dozen string steps per argument, for every
# declaration of a module (one per callee).  Compiled here, the reading of
# the pretty form and the writing of the new text.


def _cv_split_trailing_dict(str text):
    """``"!t {a = 1}"`` -> ``("!t", "{a = 1}")``; no dictionary -> ``(text, "")``
    (both stripped; the dictionary is the last ``{`` at depth 0 of
    _cv_scan, when the text ends with ``}``).  In Python::

        text = text.strip()
        opens = [i for i, c, depth in _cv_scan(text, 0) if c == "{" and depth == 0]
        if text.endswith("}") and opens: return text[:opens[-1]].strip(), text[opens[-1]:]
        return text, ""
    """
    return _cv_split_trailing_dict_c(text)


cdef tuple _cv_split_trailing_dict_c(str text):
    # _cv_split_trailing_dict (its docstring)
    cdef Py_ssize_t last = -1
    cdef tuple tok
    text = text.strip()
    if text.endswith("}"):
        for tok in _cv_scan_c(text, 0, None):
            if tok[1] == u"{" and tok[2] == 0:
                last = tok[0]
        if last >= 0:
            return text[:last].strip(), text[last:]
    return text, ""


def _cv_find_word(str text, str word):
    """Index of ``word`` at depth 0 of ``text`` (outside strings and
    brackets) starting the text or after a space; -1 if none.  In Python::

        for i, c, depth in _cv_scan(text, 0, word):
            if depth == 0 and c == word and (i == 0 or text[i - 1].isspace()): return i
        return -1
    """
    return _cv_find_word_c(text, word)


cdef Py_ssize_t _cv_find_word_c(str text, str word) except -2:
    # _cv_find_word (its docstring)
    cdef tuple tok
    cdef Py_ssize_t i
    if word not in text:
        return -1  # (most declarations: no scan)
    for tok in _cv_scan_c(text, 0, word):
        i = tok[0]
        if tok[2] == 0 and tok[1] == word and (i == 0 or text[i - 1].isspace()):
            return i
    return -1


def _cv_result_items(str text):
    """The result types of a function type's ``text`` after ``->``: the
    items of a parenthesized list, else ``text`` alone."""
    return _cv_result_items_c(text)


cdef list _cv_result_items_c(str text):
    # _cv_result_items (its docstring)
    cdef Py_ssize_t close
    if text.startswith("("):
        close, items = _cv_bracket_items_c(text, 0)
        if close == len(text) - 1:
            return items
    return [text]


def _cv_dict_items(str text):
    """``{a = 1, b.c, "d.e" = x}`` -> ``[("a", "1"), ("b.c", ""), ('"d.e"', "x")]``
    (fastalloc.ir.attributes.parse_dict; ValueError for other text)."""
    items = _parse_dict(text)
    if items is None:
        raise ValueError(f"not an attribute dictionary: {text.strip()!r}")
    return items


def _cv_pretty_signature(str rest):
    """``(inputs, results, attrs)`` of a pretty ``stream.async.func``
    declaration's ``rest``, its text from the argument list on
    (``(%a: T {dict}, ...) [-> results] [attributes {...}]``): inputs
    ``(type, dictionary text or "")``, results ``(type, dictionary, index
    of the tied argument or -1)`` (``%a`` or ``%a as T``: tied), attrs
    ``(key as written, value text or "")``.  ValueError, KeyError or
    IndexError on text it cannot read.  In Python::

        close, args = _cv_bracket_items(rest, 0)
        rest, attrs = rest[close + 1:] split at a top-level "attributes" (its dictionary read)
        inputs = [_cv_split_trailing_dict(a.partition(":")[2]) for a in args]
        for item in _cv_result_items(rest after "->"):
            typ, d = _cv_split_trailing_dict(item)
            results.append((typ, d, -1) unless typ is "%a [as T]": (T or a's type, d, a's index))
    """
    cdef Py_ssize_t close, at, k
    cdef list args, attrs = [], arg_names = [], inputs = [], results = []
    cdef str arg, typ, ref, arg_name, typed
    close, args = _cv_bracket_items_c(rest, 0)
    rest = rest[close + 1 :].strip()
    at = _cv_find_word_c(rest, "attributes")
    if at >= 0:
        attrs = _cv_dict_items(rest[at + 10 :])  # (len("attributes"))
        rest = rest[:at].strip()
    for arg in args:
        arg_name, _, typed = arg.partition(u":")
        arg_names.append(arg_name.strip())
        inputs.append(_cv_split_trailing_dict_c(typed))
    if rest:
        if not rest.startswith("->"):
            raise ValueError(f"unexpected {rest!r}")
        for item in _cv_result_items_c(rest[2:].strip()):
            typ, dict_text = _cv_split_trailing_dict_c(item)
            if typ.startswith("%"):
                ref, _, typ = typ.partition(" as ")
                k = arg_names.index(ref.strip())
                results.append((typ.strip() or inputs[k][0], dict_text, k))
            else:
                results.append((typ, dict_text, -1))
    return inputs, results, attrs


cdef inline str _cv_key_name(str key):
    # an attribute key without its quotes
    return key[1 : len(key) - 1] if key.startswith('"') and key.endswith('"') else key


cdef inline str _cv_resource_arg(Py_ssize_t n, str t, str d):
    # a resource argument with its offset and length: ``%r[%o for %l]: T``
    if d:
        return f"%arg{n}[%arg{n + 1} for %arg{n + 2}]: {t} {d}"
    return f"%arg{n}[%arg{n + 1} for %arg{n + 2}]: {t}"


def _cv_cmd_func_tail(list inputs, list results, list attrs):
    """The text after its name of the ``stream.cmd.func`` replacing a
    ``stream.async.func`` with this signature (_cv_pretty_signature's
    lists), as iree-opt prints it (seed: convertAsyncFuncOp).

    Each resource argument gains an offset and a length argument (printed
    together: ``%r[%o for %l]: T``); each untied resource result becomes a
    trailing such argument; tied resource results disappear; other results
    stay results; argument and result dictionaries follow their value; only
    dialect attributes (keys with a ``.``) carry over.  In Python::

        parts, n = [], 0
        for t, d in inputs + [(t, d) for t, d, tied in results if is_resource(t) and tied < 0]:
            parts.append(f"%arg{n}[%arg{n+1} for %arg{n+2}]: {t}" if is_resource(t) else f"%arg{n}: {t}")  # + " {d}"
            n += 3 if is_resource(t) else 1
        kept = [(t, d) for t, d, _ in results if not is_resource(t)]
        text = f"({', '.join(parts)})" + (f" -> {kept[0][0]}" if one kept without d else " -> (...)" if kept)
        text += " attributes {k = v, ...}" for the keys with a "."
    """
    cdef list parts = [], kept = [], keys
    cdef Py_ssize_t n = 0, tied
    cdef str t, d, k, v, text
    for t, d in inputs:
        if _is_resource_type(t):
            parts.append(_cv_resource_arg(n, t, d))
            n += 3
        else:
            parts.append(f"%arg{n}: {t} {d}" if d else f"%arg{n}: {t}")
            n += 1
    for t, d, tied in results:
        if not _is_resource_type(t):
            kept.append((t, d))
        elif tied < 0:
            parts.append(_cv_resource_arg(n, t, d))
            n += 3
    text = "(" + ", ".join(parts) + ")"
    if len(kept) == 1 and not kept[0][1]:
        text += " -> " + kept[0][0]
    elif kept:
        text += " -> (" + ", ".join([f"{t} {d}" if d else t for t, d in kept]) + ")"
    keys = [f"{k} = {v}" if v else k for k, v in attrs if "." in _cv_key_name(k)]
    if keys:
        text += " attributes {" + ", ".join(keys) + "}"
    return text
