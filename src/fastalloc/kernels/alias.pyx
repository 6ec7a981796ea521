# cython: language_level=3
"""Alias sets (union-find) and liveness intervals of one execution region.

``alias_sets`` and ``liveness_intervals`` compute what IREE's
``ValueAliasingSet::getValueAliasSets`` and
``computeExecutionRegionLivenessIntervals`` (ScheduleAllocation.cpp) compute,
over arrays the IR side builds (``fastalloc.passes.regions``); their
docstrings give the rules and a pure Python equivalent.  ``LIVE_IN`` and
``LIVE_OUT`` are IREE's sentinels, held unchanged in the interval arrays.
Results are ``array.array``s (``_buf.pxd``); fastalloc.packing gives them to
its callers as numpy arrays.
"""

from libc.stdint cimport int64_t, uint8_t, INT64_MAX, INT64_MIN

from fastalloc.kernels._buf cimport new_i64, new_u8
from fastalloc.kernels._types cimport LIVE_IN_C, LIVE_OUT_C

# IREE's sentinels (ScheduleAllocation.cpp: LIVE_IN = INT_MIN, LIVE_OUT =
# INT_MAX), the Python face of _types.pxd's LIVE_IN_C / LIVE_OUT_C.
LIVE_IN = LIVE_IN_C
LIVE_OUT = LIVE_OUT_C
cdef int64_t _LIVE_IN = LIVE_IN_C
cdef int64_t _LIVE_OUT = LIVE_OUT_C


cdef inline int64_t _uf_find(int64_t* parent, int64_t x) noexcept nogil:
    # Path halving: every other node on the path skips to its grandparent.
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def alias_sets(int64_t n_values, const int64_t[::1] aliasee, const int64_t[::1] aliaser):
    """Alias sets of ``n_values`` values joined by the pairs
    ``(aliasee[k], aliaser[k])``, with union-find.

    Assumes validated input: both arrays the same length, ids in
    ``[0, n_values)``.

    Returns ``(leader, set_indptr, set_members)`` (int64 ``array.array``):

    * ``leader[v]``: the smallest value id of ``v``'s set (``v`` itself for a
      value that appears in no pair).
    * sets in CSR form: set ``k`` is ``set_members[set_indptr[k]:set_indptr[k+1]]``.
      Only values that appear in at least one pair are members of a set (as in
      IREE's ``ValueAliasingSet::getValueAliasSets``: a pair ``(x, x)`` makes the
      singleton ``{x}``).  Sets are ordered by leader, members ascending, so the
      output does not depend on the order of the pairs.

    IREE orders a set's members by the id it assigned at first sight and seeds
    the widened interval with the front member; since the widening takes the
    min/max over all members, member order never changes an interval.

    Algorithm: union by size, path halving, then one ascending pass that names
    every root by its smallest member and a counting sort into CSR; O(n + m a(n)).
    Pure Python equivalent::

        parent = list(range(n))
        def find(x):
            while parent[x] != x: x = parent[x]
            return x
        for a, b in pairs: parent[find(a)] = find(b)
        leader = [min(v for v in range(n) if find(v) == find(u)) for u in range(n)]
        sets = sorted({tuple(sorted(v for v in seen if leader[v] == leader[u]))
                       for u in seen})   # seen = values in some pair
    """
    cdef Py_ssize_t m = aliasee.shape[0]
    leader_arr = new_i64(n_values, False)
    parent_arr = new_i64(n_values, False)
    size_arr = new_i64(n_values, False)
    seen_arr = new_u8(n_values, True)
    count_arr = new_i64(n_values + 1, True)
    cdef int64_t[::1] leader = leader_arr
    cdef int64_t[::1] parent = parent_arr
    cdef int64_t[::1] size = size_arr
    cdef uint8_t[::1] seen = seen_arr
    cdef int64_t[::1] count = count_arr
    cdef int64_t k, a, b, v, r, n_sets = 0, n_members = 0
    with nogil:
        for v in range(n_values):
            parent[v] = v
            size[v] = 1
        for k in range(m):
            a = aliasee[k]
            b = aliaser[k]
            seen[a] = 1
            seen[b] = 1
            if n_values == 0:
                continue
            a = _uf_find(&parent[0], a)
            b = _uf_find(&parent[0], b)
            if a == b:
                continue
            if size[a] < size[b] or (size[a] == size[b] and b < a):
                a, b = b, a
            parent[b] = a
            size[a] += size[b]
        # Ascending pass: the first member met of each root is its smallest;
        # `size` is reused to hold the root's leader.
        for v in range(n_values):
            size[v] = -1
        for v in range(n_values):
            r = _uf_find(&parent[0], v)
            if size[r] < 0:
                size[r] = v
            leader[v] = size[r]
            if seen[v]:
                n_members += 1
                if leader[v] == v:
                    n_sets += 1
    indptr_arr = new_i64(n_sets + 1, True)
    members_arr = new_i64(n_members, False)
    cdef int64_t[::1] indptr = indptr_arr
    cdef int64_t[::1] members = members_arr
    with nogil:
        # count[v] = set number of leader v; then CSR by one ascending pass.
        k = 0
        for v in range(n_values):
            if seen[v] and leader[v] == v:
                count[v] = k
                k += 1
        for v in range(n_values):
            if seen[v]:
                indptr[count[leader[v]] + 1] += 1
        for k in range(n_sets):
            indptr[k + 1] += indptr[k]
        # `size` becomes the fill cursor of each set.
        for k in range(n_sets):
            size[k] = indptr[k]
        for v in range(n_values):
            if seen[v]:
                k = count[leader[v]]
                members[size[k]] = v
                size[k] += 1
    return leader_arr, indptr_arr, members_arr

# ---------------------------------------------------------------------------
# Liveness intervals
# ---------------------------------------------------------------------------

def liveness_intervals(const int64_t[::1] def_op, const int64_t[::1] use_indptr,
                       const int64_t[::1] use_ops, const uint8_t[::1] live_out,
                       const uint8_t[::1] nested, const int64_t[::1] set_indptr,
                       const int64_t[::1] set_members):
    """Closed liveness intervals ``[start, end]`` per value, as IREE's
    ``computeExecutionRegionLivenessIntervals`` (ScheduleAllocation.cpp) computes
    them, aliasing included.

    Assumes validated input: ``def_op``, ``live_out``, ``nested`` of length n;
    uses of value ``v`` are ``use_ops[use_indptr[v]:use_indptr[v+1]]``; alias
    sets in the CSR form of :func:`alias_sets`.

    Per value:

    * ``start = def_op[v]``: the index of the op defining it in the execute
      block, or ``LIVE_IN`` for a block argument.
    * ``end = LIVE_OUT`` if ``live_out[v]`` (yielded), else the max of the use
      op indices and of ``start`` -- or of 0 for a block argument:
      ``Liveness::getEndOperation(arg, &block.front())`` starts from the first
      op (index 0) and only moves to later users, so an unused, not yielded
      block argument ends at 0, and one used only by op 0 also ends at 0.

    The caller maps each use to an op index of the execute block.  IREE does it
    differently for the two kinds of values: for a block argument a nested use
    counts as its ancestor op in the block (``findAncestorOpInBlock``); for an
    op result, a use whose owner is nested in a region is looked up in the
    ordering map and counts as 0 (``DenseMap::operator[]`` default).

    Then every alias set is widened to the union (min start, max end) of its
    members' intervals, unless all its members are ``nested`` (IREE's
    ``ordinal == -1`` values, which it skips).  Nested values are, in IREE:
    unused, untied resource results of ops inside a ``stream.async.concurrent``
    (interval ``[c, c]`` with ``c`` the concurrent op's index: pass
    ``def_op = c`` and no uses) and any other value of an alias set that IREE
    never numbered, e.g. a nested block argument or a used nested result,
    whose default interval is ``[0, 0]`` (pass ``def_op = 0``, no uses, not
    live-out).  A mixed set takes those into its min/max, as IREE does.  The
    concurrent op's own results are not nested: IREE's walk visits the op
    itself too, but the top-level loop then renumbers its results.

    Returns ``(starts, ends)``, int64 ``array.array``s holding ``LIVE_IN``/``LIVE_OUT``.
    Pure Python equivalent::

        for v in range(n):
            s = def_op[v]
            e = LIVE_OUT if live_out[v] else max([0 if s == LIVE_IN else s, *uses[v]])
            start[v], end[v] = s, e
        for members in sets:
            if not all(nested[m] for m in members):
                lo, hi = min(start[m] for m in members), max(end[m] for m in members)
                for m in members: start[m], end[m] = lo, hi
    """
    cdef Py_ssize_t n = def_op.shape[0]
    cdef Py_ssize_t n_sets = set_indptr.shape[0] - 1
    starts_arr = new_i64(n, False)
    ends_arr = new_i64(n, False)
    cdef int64_t[::1] starts = starts_arr
    cdef int64_t[::1] ends = ends_arr
    cdef Py_ssize_t v, u, k, j
    cdef int64_t s, e, lo, hi
    cdef bint all_nested
    with nogil:
        for v in range(n):
            s = def_op[v]
            starts[v] = s
            if live_out[v]:
                ends[v] = _LIVE_OUT
                continue
            e = 0 if s == _LIVE_IN else s
            for u in range(use_indptr[v], use_indptr[v + 1]):
                if use_ops[u] > e:
                    e = use_ops[u]
            ends[v] = e
        for k in range(n_sets):
            all_nested = True
            lo = INT64_MAX
            hi = INT64_MIN
            for j in range(set_indptr[k], set_indptr[k + 1]):
                v = set_members[j]
                if not nested[v]:
                    all_nested = False
                if starts[v] < lo:
                    lo = starts[v]
                if ends[v] > hi:
                    hi = ends[v]
            if all_nested:
                continue
            for j in range(set_indptr[k], set_indptr[k + 1]):
                v = set_members[j]
                starts[v] = lo
                ends[v] = hi
    return starts_arr, ends_arr
