# cython: language_level=3
"""Exact anytime packing: a depth-first search over canonical placements that
proves its plan optimal when it closes (``strategy="search"``).

Self-contained (its own small helpers); called through ``fastalloc.packing.pack``,
which validates the arrays and supplies the heuristic plan the search starts
from.

The decision procedure ("every buffer fits below capacity ``C``") follows the
ideas of MiniMalloc (Moffitt, ASPLOS 2023), implemented here independently:

* *canonical placements*: any plan can be pushed down until each buffer rests
  on 0 or on the top of a lifetime-overlapping buffer; sorted by (offset,
  rank) those buffers can be placed one at a time, each at the lowest offset
  above the already placed buffers it overlaps ("min offset").  The search
  therefore branches on which buffer comes next, places it at its min offset,
  and only accepts sequences whose (offset, rank) keys increase;
* *dominance*: a buffer placed at or above ``min(min offset + size)`` of the
  unplaced buffers would leave a gap the lower one fits in: pruned;
* *per-section inference*: time is cut into sections (maximal intervals with a
  fixed live set); each section keeps a floor (top of the placed buffers, or
  the lowest min offset of its unplaced buffers, or the current offset, since
  offsets never decrease along a sequence) and the sum of its unplaced sizes;
  floor + sum > C prunes the node;
* *dynamic ordering*: children are tried by min offset, then by a rank
  (largest section load, then longest, then largest area, several orders
  taken in turn across rounds);
* *decomposition*: buffers whose lifetimes do not overlap transitively form
  independent components, each minimised on its own; the slab is the largest.
  During the search, once no unplaced buffer crosses a section boundary the
  two sides are searched one after the other.  Half of the strategies then
  rank each side's buffers afresh, with the section loads of what is still
  unplaced (as MiniMalloc's per-partition preordering does): the static
  load of the whole problem misleads the order deep in the search (H and I
  of the challenging set close only this way), while other problems (F,
  resnet50) close sooner with the static ranks, hence both in turn.

The outer loop, per component and round: try the proven bound first (the
component's max load, or the largest bound proven elsewhere); if the search
proves it infeasible the bound rises; if it runs out of its node allowance,
descend from the best plan found: ask for a plan 1/8 of the gap lower (any
lower plan once that runs out), again after each success, with half the
bound's allowance.  Allowances double every six rounds (one per strategy:
three orders, static then re-ranked); from the second doubling on the descent
asks for half the gap instead of 1/8: a tighter capacity prunes more, so with
a large enough allowance these requests decide where "any lower plan" would
run out (MiniMalloc's bisection relies on the same), while with small
allowances they fail and the 1/8 steps make the progress.  The search is
anytime; it stops when the best plan meets the bound (optimal), the
work budget (nodes, deterministic) is spent or the clock passes the deadline
(the clock only cuts the search short).

Reference (pure Python, exponential) of what it computes on a tiny problem::

    best = min(max(o[i] + z[i] for i in range(n)) for o in canonical_offsets(s, e, z))
"""

from libc.stdint cimport int64_t, INT64_MAX
from libc.stdlib cimport malloc, free, realloc, qsort
from libc.string cimport memcpy
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

import numpy as np

cdef enum:
    # static orders (width/area/load permutations) ...
    N_ORDERS = 3
    # ... each with static ranks, then with ranks recomputed per side of a split
    N_HEUR = 6
    # The search recurses once per placed buffer: larger components keep
    # their starting plan so that the C stack stays within a few MB (any thread).
    MAX_SEARCH_M = 12000
    FOUND = 1
    NONE = 0
    ABORT = 2
    OVER = 3  # _place: a section no longer fits (the child fails, as NONE)
    OOM = -1

# The descent below the incumbent: stages of (div, shift), each asking for a
# plan 1/div of the gap to the bound below the best one (div 0: any lower
# plan) with the bound's allowance >> shift; a stage that runs out of its
# allowance passes to the next, a success keeps the stage.  DESCENT in the
# rounds of the first DESCENT_LATE_LEVEL allowance levels, DESCENT_LATE after.
DESCENT = ((8, 1), (0, 1))
DESCENT_LATE = ((2, 1), (0, 1))
DESCENT_LATE_LEVEL = 2


cdef struct Key:
    int64_t a
    int64_t b
    int64_t c
    int64_t idx


cdef struct Comp:
    int64_t m              # buffers
    int64_t nsec           # sections
    const int64_t* gidx    # global index of each local buffer
    const int64_t* size
    const int64_t* slo     # sections [slo, shi) of each buffer
    const int64_t* shi
    const int64_t* sptr    # CSR: section -> local buffers (nsec + 1 entries)
    const int64_t* sbuf
    const int64_t* stotal  # sum of sizes live in each section
    const int64_t* rank    # N_ORDERS * m ranks (lower = tried first)
    const int64_t* order   # 0..m-1
    const int64_t* boff    # where each buffer's (buffer, section) entries start in State.bpos
    const int64_t* tlen    # lifetime length (the width key of the orders)
    const int64_t* area    # size * lifetime length


cdef struct State:
    Comp* c
    int64_t* rank          # the current ranks (m): a copy of one static order, re-ranked per split side
    int order              # which static order (its key permutation, for re-ranking)
    bint rerank
    int64_t cap
    int64_t* minoff
    int64_t* off
    int64_t* floor_
    int64_t* rem
    int64_t* sol
    int64_t* stamp
    int64_t* aff
    int64_t* cuts          # unplaced buffers spanning the boundary after each section
    int64_t* sb            # section members, the unplaced ones first: [sptr[s], sptr[s] + scnt[s])
    int64_t* scnt
    int64_t* bpos          # position in sb of each (buffer, section) entry
    int64_t stamp_n
    int64_t placed
    int64_t* tr_idx        # >= 0: min offset of a buffer; < 0: floor of section -idx-1
    int64_t* tr_old
    int64_t tr_n
    int64_t tr_cap
    int64_t nodes
    int64_t ticks          # nodes visited, for the clock check
    int64_t limit
    int64_t deadline_ns    # 0: none
    int timed_out


cdef inline int64_t _now_ns() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return <int64_t>ts.tv_sec * 1000000000 + ts.tv_nsec


cdef int _key_cmp(const void* x, const void* y) noexcept nogil:
    cdef const Key* p = <const Key*>x
    cdef const Key* q = <const Key*>y
    if p.a != q.a:
        return -1 if p.a < q.a else 1
    if p.b != q.b:
        return -1 if p.b < q.b else 1
    if p.c != q.c:
        return -1 if p.c < q.c else 1
    if p.idx != q.idx:
        return -1 if p.idx < q.idx else 1
    return 0


cdef inline bint _key_less(const Key* p, const Key* q) noexcept nogil:
    if p.a != q.a:
        return p.a < q.a
    if p.b != q.b:
        return p.b < q.b
    if p.c != q.c:
        return p.c < q.c
    return p.idx < q.idx


cdef void _sift_down(Key* h, int64_t k, int64_t i) noexcept nogil:
    """Restore the min-heap ``h[0:k]`` below position ``i``."""
    cdef int64_t j
    cdef Key x = h[i]
    while True:
        j = 2 * i + 1
        if j >= k:
            break
        if j + 1 < k and _key_less(&h[j + 1], &h[j]):
            j += 1
        if not _key_less(&h[j], &x):
            break
        h[i] = h[j]
        i = j
    h[i] = x


cdef inline void _heapify(Key* h, int64_t k) noexcept nogil:
    """Binary min-heap by (a, b, c, idx): the children of a node come out in
    sorted order one at a time, and a node usually tries one or two of its
    many candidates, so sorting them all (O(k log k)) would be wasted work.
    Pure Python: ``heapq.heapify(h)`` on tuples ``(a, b, c, idx)``."""
    cdef int64_t i = k // 2
    while i > 0:
        i -= 1
        _sift_down(h, k, i)


cdef inline void _heap_pop(Key* h, int64_t k) noexcept nogil:
    """Move the minimum of ``h[0:k]`` to ``h[k - 1]`` and restore the heap on
    ``h[0:k-1]`` (``heapq.heappop``)."""
    cdef Key x = h[0]
    h[0] = h[k - 1]
    h[k - 1] = x
    if k > 2:
        _sift_down(h, k - 1, 0)


cdef inline int _push(State* st, int64_t idx, int64_t old) noexcept nogil:
    cdef int64_t ncap
    cdef int64_t* p
    if st.tr_n == st.tr_cap:
        ncap = 2 * st.tr_cap + 64
        p = <int64_t*>realloc(st.tr_idx, ncap * sizeof(int64_t))
        if p == NULL:
            return OOM
        st.tr_idx = p
        p = <int64_t*>realloc(st.tr_old, ncap * sizeof(int64_t))
        if p == NULL:
            return OOM
        st.tr_old = p
        st.tr_cap = ncap
    st.tr_idx[st.tr_n] = idx
    st.tr_old[st.tr_n] = old
    st.tr_n += 1
    return 0


cdef inline void _undo(State* st, int64_t mark) noexcept nogil:
    cdef int64_t k
    while st.tr_n > mark:
        st.tr_n -= 1
        k = st.tr_idx[st.tr_n]
        if k >= 0:
            st.minoff[k] = st.tr_old[st.tr_n]
        else:
            st.floor_[-k - 1] = st.tr_old[st.tr_n]


cdef int _place(State* st, int64_t b, int64_t top, bint* hatless) noexcept nogil:
    """Place local buffer ``b`` with top ``top``: raise the floors of its
    sections and the min offsets of the unplaced buffers it overlaps, then
    lift each affected section's floor to the lowest min offset of its
    unplaced buffers.  Every change is trailed.  ``hatless``: no unplaced
    buffer overlaps ``b`` (nothing can go above it).

    Returns 0, OOM, or NONE + 3 (``OVER``) as soon as a section whose floor or
    unplaced sum changed has ``floor + unplaced > cap``: the node's section
    check done incrementally.  The other sections passed it at the parent
    (floors and sums only change where ``b`` lives or where a floor lifts),
    and ``offset + largest unplaced sum <= cap`` holds for every child the
    parent tries (``omax``), so this is the full check of every section
    ``max(floor, offset) + unplaced <= cap``, at the cost of the sections
    touched.  Pure Python of the check it replaces::

        all(max(floor[s], o) + rem[s] <= cap for s in range(s_lo, s_hi))
    """
    cdef Comp* c = st.c
    cdef int64_t s, j, x, t, mn, f, p, last, y, hi
    cdef int64_t z = c.size[b]
    cdef int64_t b_lo = c.slo[b], b_hi = c.shi[b]
    cdef bint over = False
    hatless[0] = True
    for s in range(c.slo[b], c.shi[b]):
        if _push(st, -s - 1, st.floor_[s]) < 0:
            return OOM
        st.floor_[s] = top
        st.rem[s] -= z
        if top + st.rem[s] > st.cap:
            over = True
        # move b out of the section's unplaced members (the undo only
        # increments the count: b stays just past them)
        p = st.bpos[c.boff[b] + s - c.slo[b]]
        last = c.sptr[s] + st.scnt[s] - 1
        y = st.sb[last]
        st.sb[p] = y
        st.bpos[c.boff[y] + s - c.slo[y]] = p
        st.sb[last] = b
        st.bpos[c.boff[b] + s - c.slo[b]] = last
        st.scnt[s] -= 1
        if st.scnt[s]:
            hatless[0] = False
    if over:  # the first loop runs whole: the caller restores rem and scnt over b's span
        return OVER
    st.stamp_n += 1
    cdef int64_t naff = 0
    for s in range(c.slo[b], c.shi[b]):
        for j in range(c.sptr[s], c.sptr[s] + st.scnt[s]):
            x = st.sb[j]
            if st.minoff[x] < top:
                if _push(st, x, st.minoff[x]) < 0:
                    return OOM
                st.minoff[x] = top
                # x's sections under b cannot lift: their floor is now
                # ``top`` and x's new min offset is ``top``
                hi = c.shi[x] if c.shi[x] < b_lo else b_lo
                for t in range(c.slo[x], hi):
                    if st.stamp[t] != st.stamp_n:
                        st.stamp[t] = st.stamp_n
                        st.aff[naff] = t
                        naff += 1
                t = c.slo[x] if c.slo[x] > b_hi else b_hi
                while t < c.shi[x]:
                    if st.stamp[t] != st.stamp_n:
                        st.stamp[t] = st.stamp_n
                        st.aff[naff] = t
                        naff += 1
                    t += 1
    for j in range(naff):
        t = st.aff[j]
        mn = INT64_MAX
        f = st.floor_[t]
        for s in range(c.sptr[t], c.sptr[t] + st.scnt[t]):
            x = st.sb[s]
            if st.minoff[x] < mn:
                mn = st.minoff[x]
                if mn <= f:  # no lift: stop early
                    break
        if mn != INT64_MAX and f < mn:
            if _push(st, -t - 1, st.floor_[t]) < 0:
                return OOM
            st.floor_[t] = mn
            if mn + st.rem[t] > st.cap:
                return OVER
    return 0


cdef int _node(State* st, const int64_t* bufs, int64_t nb, int64_t s_lo, int64_t s_hi,
               int64_t last_off, int64_t last_rank) noexcept nogil:
    """Search the partition ``bufs`` (sections ``[s_lo, s_hi)``) below the
    capacity; placements are kept in ``st.off``, a success copies them to
    ``st.sol``."""
    cdef Comp* c = st.c
    cdef int64_t b, o, i, j, k, u, mh, mark, ncut
    cdef int r
    cdef bint hatless
    cdef int64_t* cutp
    # the work counter: one per node plus the scan of the partition, so that
    # a budget bounds the time on large problems too
    st.nodes += 1 + (nb >> 8)
    if st.nodes > st.limit:
        return ABORT
    st.ticks += 1
    if st.deadline_ns and ((st.ticks & 63) == 0 or nb >= 256) and _now_ns() > st.deadline_ns:
        st.timed_out = 1
    if st.timed_out:
        return ABORT
    mh = INT64_MAX
    u = 0
    for j in range(nb):
        b = bufs[j]
        if st.off[b] < 0:
            u += 1
            if st.minoff[b] + c.size[b] < mh:
                mh = st.minoff[b] + c.size[b]
    if u == 0:
        for b in range(c.m):
            if st.off[b] >= 0:
                st.sol[b] = st.off[b]
        return FOUND
    # a child at offset o leaves every section at least o + its unplaced sizes
    # (its floor is at least o), so offsets above cap - (largest unplaced sum)
    # fail the check whichever buffer is placed: not even tried
    cdef int64_t omax = 0
    for j in range(s_lo, s_hi):
        if st.rem[j] > omax:
            omax = st.rem[j]
    omax = st.cap - omax
    cdef Key* cand = <Key*>malloc(u * sizeof(Key))
    if cand == NULL:
        return OOM
    k = 0
    for j in range(nb):
        b = bufs[j]
        if st.off[b] >= 0:
            continue
        o = st.minoff[b]
        if o >= mh or o > omax or o < last_off or (o == last_off and st.rank[b] < last_rank):
            continue
        cand[k].a = o
        cand[k].b = st.rank[b]
        cand[k].c = 0
        cand[k].idx = b
        k += 1
    _heapify(cand, k)
    r = NONE
    for i in range(k):
        # each child costs a placement and a check over the partition's sections
        st.nodes += (s_hi - s_lo) >> 8
        if st.nodes > st.limit:
            r = ABORT
            break
        _heap_pop(cand, k - i)  # the i-th smallest key is now at cand[k - 1 - i]
        b = cand[k - 1 - i].idx
        o = cand[k - 1 - i].a
        mark = st.tr_n
        st.off[b] = o
        r = _place(st, b, o + c.size[b], &hatless)
        ncut = 0
        cutp = NULL
        if r == 0 and c.shi[b] - c.slo[b] > 1:
            cutp = <int64_t*>malloc((c.shi[b] - c.slo[b]) * sizeof(int64_t))
            if cutp == NULL:
                r = OOM
        if r == 0:
            for j in range(c.slo[b], c.shi[b] - 1):
                st.cuts[j] -= 1
                if st.cuts[j] == 0 and s_lo <= j and j + 1 < s_hi:
                    cutp[ncut] = j
                    ncut += 1
            if ncut == 0:
                r = _node(st, bufs, nb, s_lo, s_hi, o, st.rank[b])
            else:
                r = _split(st, bufs, nb, s_lo, s_hi, cutp, ncut)
            for j in range(c.slo[b], c.shi[b] - 1):
                st.cuts[j] += 1
        free(cutp)
        _undo(st, mark)
        for j in range(c.slo[b], c.shi[b]):
            st.rem[j] += c.size[b]
            st.scnt[j] += 1
        st.off[b] = -1
        if r == OVER:
            r = NONE
        if r != NONE or hatless:
            # a buffer with nothing above it constrains no one: if the rest
            # fails with it here, it fails with any other choice
            break
    free(cand)
    return r


cdef int _rerank_node(State* st, const int64_t* sub, int64_t cnt, int64_t lo, int64_t hi) noexcept nogil:
    """``_node`` on one side of a split, its buffers ranked by the current
    order's keys with the load of a buffer = the largest sum of unplaced sizes
    in its sections now; the previous ranks are restored after."""
    cdef Comp* c = st.c
    cdef int64_t j, x, s, load
    cdef int r
    cdef Key* keys = <Key*>malloc(cnt * sizeof(Key))
    cdef int64_t* old = <int64_t*>malloc(cnt * sizeof(int64_t))
    if keys == NULL or old == NULL:
        free(keys)
        free(old)
        return OOM
    for j in range(cnt):
        x = sub[j]
        load = 0
        for s in range(c.slo[x], c.shi[x]):
            if st.rem[s] > load:
                load = st.rem[s]
        # the same key permutations as _ranks (larger first, ties by index)
        if st.order == 0:
            keys[j].a = -c.tlen[x]
            keys[j].b = -c.area[x]
            keys[j].c = -load
        elif st.order == 1:
            keys[j].a = -load
            keys[j].b = -c.area[x]
            keys[j].c = -c.tlen[x]
        else:
            keys[j].a = -load
            keys[j].b = -c.tlen[x]
            keys[j].c = -c.area[x]
        keys[j].idx = x
        old[j] = st.rank[x]
    qsort(keys, cnt, sizeof(Key), _key_cmp)
    for j in range(cnt):
        st.rank[keys[j].idx] = j
    r = _node(st, sub, cnt, lo, hi, 0, -1)
    for j in range(cnt):
        st.rank[sub[j]] = old[j]
    free(keys)
    free(old)
    return r


cdef int _split(State* st, const int64_t* bufs, int64_t nb, int64_t s_lo, int64_t s_hi,
                const int64_t* cutp, int64_t ncut) noexcept nogil:
    """No unplaced buffer crosses the boundaries after sections ``cutp``:
    solve each side on its own (any failure fails them all)."""
    cdef Comp* c = st.c
    cdef int64_t q, lo, hi, j, x, cnt
    cdef int r = FOUND
    cdef int64_t* sub = <int64_t*>malloc((nb + 1) * sizeof(int64_t))
    if sub == NULL:
        return OOM
    for x in range(c.m):  # the path so far (a side may hold no buffer)
        if st.off[x] >= 0:
            st.sol[x] = st.off[x]
    lo = s_lo
    for q in range(ncut + 1):
        hi = cutp[q] + 1 if q < ncut else s_hi
        cnt = 0
        for j in range(nb):
            x = bufs[j]
            if st.off[x] < 0 and c.slo[x] < hi and c.shi[x] > lo:
                sub[cnt] = x
                cnt += 1
        if cnt:
            r = _rerank_node(st, sub, cnt, lo, hi) if st.rerank else _node(st, sub, cnt, lo, hi, 0, -1)
            if r != FOUND:
                break
        lo = hi
    free(sub)
    return r


cdef int _decide(State* st, Comp* c, int64_t cap, int heur, int64_t limit) noexcept nogil:
    """FOUND (``st.sol`` holds local offsets, all tops <= cap), NONE (proven
    infeasible), ABORT (node limit or deadline) or OOM."""
    cdef int64_t i, j, x
    st.c = c
    st.cap = cap
    st.order = heur % N_ORDERS
    st.rerank = heur >= N_ORDERS
    memcpy(st.rank, c.rank + st.order * c.m, c.m * sizeof(int64_t))
    st.limit = limit
    st.placed = 0
    st.tr_n = 0
    for i in range(c.nsec):
        if c.stotal[i] > cap:
            return NONE
        st.floor_[i] = 0
        st.rem[i] = c.stotal[i]
        st.stamp[i] = 0
    st.stamp_n = 0
    for i in range(c.nsec):
        st.cuts[i] = 0
        st.scnt[i] = c.sptr[i + 1] - c.sptr[i]
        for j in range(c.sptr[i], c.sptr[i + 1]):
            st.sb[j] = c.sbuf[j]
            x = c.sbuf[j]
            st.bpos[c.boff[x] + i - c.slo[x]] = j
    for i in range(c.m):
        st.minoff[i] = 0
        st.off[i] = -1
        for j in range(c.slo[i], c.shi[i] - 1):
            st.cuts[j] += 1
    return _node(st, c.order, c.m, 0, c.nsec, 0, -1)


cdef int _run(Comp* comps, int64_t ncomp, int64_t max_m, int64_t max_sec, int64_t max_ent, int64_t align,
              int64_t* best_top, int64_t* proven, int64_t* offsets, int64_t work_limit,
              int64_t deadline_ns, int64_t* out, const int64_t* sdiv, const int64_t* sshift,
              int64_t nstage, int64_t nprim, int64_t late_level) noexcept nogil:
    """The outer anytime loop over all components (see the module docstring).
    ``best_top[c]``/``offsets``: the incumbent (updated in place);
    ``proven[c]``: the component's proven bound.  ``out``: global proven
    bound, nodes, timed out."""
    cdef State st
    cdef int64_t ci, cap, lo, b_lo, lim, P, r, i, top, step, clim, div, k, kend
    cdef int heur
    cdef Comp* c
    cdef int res = NONE
    cdef bint any_open, stop = False
    st.minoff = <int64_t*>malloc((max_m + 1) * sizeof(int64_t))
    st.off = <int64_t*>malloc((max_m + 1) * sizeof(int64_t))
    st.sol = <int64_t*>malloc((max_m + 1) * sizeof(int64_t))
    st.rank = <int64_t*>malloc((max_m + 1) * sizeof(int64_t))
    st.floor_ = <int64_t*>malloc((max_sec + 1) * sizeof(int64_t))
    st.rem = <int64_t*>malloc((max_sec + 1) * sizeof(int64_t))
    st.stamp = <int64_t*>malloc((max_sec + 1) * sizeof(int64_t))
    st.aff = <int64_t*>malloc((max_sec + 1) * sizeof(int64_t))
    st.cuts = <int64_t*>malloc((max_sec + 1) * sizeof(int64_t))
    st.scnt = <int64_t*>malloc((max_sec + 1) * sizeof(int64_t))
    st.sb = <int64_t*>malloc((max_ent + 1) * sizeof(int64_t))
    st.bpos = <int64_t*>malloc((max_ent + 1) * sizeof(int64_t))
    st.tr_idx = NULL
    st.tr_old = NULL
    st.tr_n = 0
    st.tr_cap = 0
    st.nodes = 0
    st.ticks = 0
    st.deadline_ns = deadline_ns
    st.timed_out = 0
    if (st.minoff == NULL or st.off == NULL or st.sol == NULL or st.rank == NULL or st.floor_ == NULL
            or st.rem == NULL or st.stamp == NULL or st.aff == NULL or st.cuts == NULL
            or st.scnt == NULL or st.sb == NULL or st.bpos == NULL):
        res = OOM
        stop = True
    P = 0
    for ci in range(ncomp):
        if proven[ci] > P:
            P = proven[ci]
    lim = 64 + 4 * max_m
    r = 0
    while not stop:
        any_open = False
        for ci in range(ncomp):
            c = &comps[ci]
            if best_top[ci] <= P or c.m > MAX_SEARCH_M:
                continue
            any_open = True
            heur = <int>(r % N_HEUR)
            # the early stages [0, nprim), from allowance level late_level on
            # the late ones [nprim, nstage)
            if nprim < nstage and r // N_HEUR >= late_level:
                k = nprim
                kend = nstage
            else:
                k = 0
                kend = nprim
            # the bound first (a proof of infeasibility raises it); then,
            # with the same allowance each, plans strictly below the incumbent
            lo = -1
            while not stop and best_top[ci] > P and best_top[ci] > proven[ci]:
                if st.nodes >= work_limit or st.timed_out:
                    stop = True
                    break
                b_lo = proven[ci] if proven[ci] > P else P
                if lo < b_lo:
                    cap = b_lo
                else:
                    div = sdiv[k]
                    step = (best_top[ci] - b_lo) // div // align * align if div > 0 else 0
                    cap = best_top[ci] - (step if step > align else align)
                    if cap <= lo:
                        break  # the bound itself ran out of allowance this round
                clim = lim if cap == b_lo else lim >> sshift[k]
                res = _decide(&st, c, cap, heur,
                              work_limit if st.nodes + clim > work_limit else st.nodes + clim)
                if res == FOUND:
                    top = 0
                    for i in range(c.m):
                        if st.sol[i] + c.size[i] > top:
                            top = st.sol[i] + c.size[i]
                        offsets[c.gidx[i]] = st.sol[i]
                    best_top[ci] = top
                elif res == NONE:
                    proven[ci] = cap + align
                    if proven[ci] > P:
                        P = proven[ci]
                elif res == ABORT:
                    if cap == b_lo:
                        lo = cap
                    elif step > align and k + 1 < kend:
                        k += 1
                    else:
                        break
                else:
                    stop = True
            if stop:
                break
        if not any_open:
            break
        r += 1
        if r % N_HEUR == 0 and lim < INT64_MAX // 4:
            lim *= 2
    out[0] = P
    out[1] = st.nodes
    out[2] = st.timed_out
    free(st.minoff)
    free(st.off)
    free(st.sol)
    free(st.rank)
    free(st.floor_)
    free(st.rem)
    free(st.stamp)
    free(st.aff)
    free(st.cuts)
    free(st.scnt)
    free(st.sb)
    free(st.bpos)
    free(st.tr_idx)
    free(st.tr_old)
    return OOM if res == OOM else 0


cdef int _search_kernel(Comp* comps, int64_t ncomp, int64_t max_m, int64_t max_sec, int64_t max_ent, int64_t align,
                        int64_t* best_top, int64_t* proven, int64_t* offsets, int64_t work_limit,
                        int64_t deadline_ns, int64_t* out, const int64_t* sdiv, const int64_t* sshift,
                        int64_t nstage, int64_t nprim, int64_t late_level) except -1 nogil:
    if _run(comps, ncomp, max_m, max_sec, max_ent, align, best_top, proven, offsets, work_limit,
            deadline_ns, out, sdiv, sshift, nstage, nprim, late_level) == OOM:
        with gil:
            raise MemoryError("fastalloc search: out of memory")
    return 0


def _py_heap_order(const int64_t[::1] a, const int64_t[::1] b):
    """The order in which ``_node`` tries candidates with keys ``(a[i],
    b[i], 0, i)``: ``_heapify`` then ``_heap_pop`` until empty (for tests;
    equal to ``np.lexsort((idx, b, a))``)."""
    cdef int64_t k = a.shape[0], i
    out = np.empty(k, dtype=np.int64)
    if k == 0:
        return out
    cdef Key* h = <Key*>malloc(k * sizeof(Key))
    if h == NULL:
        raise MemoryError("fastalloc search: out of memory")
    for i in range(k):
        h[i].a = a[i]
        h[i].b = b[i]
        h[i].c = 0
        h[i].idx = i
    _heapify(h, k)
    for i in range(k):
        _heap_pop(h, k - i)
        out[i] = h[k - 1 - i].idx
    free(h)
    return out


def _ranks(size, slo, shi, stotal, tlen):
    """``N_ORDERS`` static orders of a component's buffers, as ranks (0 first):
    by largest section load, then by length / area; ties by index."""
    m = size.shape[0]
    if m == 0:
        return np.zeros(0, dtype=np.int64)
    ext = np.append(stotal, 0)
    load = np.maximum.reduceat(ext, np.column_stack((slo, shi)).ravel())[::2]  # max of stotal[slo:shi]
    area = size * tlen
    idx = np.arange(m)
    orders = [  # width (lifetime), area, section load in MiniMalloc's three orders
        np.lexsort((idx, -load, -area, -tlen)),
        np.lexsort((idx, -tlen, -area, -load)),
        np.lexsort((idx, -area, -tlen, -load)),
    ]
    out = np.empty(N_ORDERS * m, dtype=np.int64)
    for h, order in enumerate(orders):
        rank = np.empty(m, dtype=np.int64)
        rank[order] = idx
        out[h * m:(h + 1) * m] = rank
    return out


def _search(const int64_t[::1] starts, const int64_t[::1] ends, const int64_t[::1] sizes,
            const int64_t[::1] init_offsets, int64_t align, int64_t work_limit, double time_limit,
            int64_t floor=0, descent=None, late=None, int64_t late_level=DESCENT_LATE_LEVEL):
    """Exact anytime search (module docstring) from the plan ``init_offsets``.

    ``sizes`` must be multiples of ``align`` and ``init_offsets`` a valid plan
    with aligned offsets; ``work_limit``: node budget (> 0); ``time_limit``:
    seconds (< 0: none); ``floor``: a known lower bound on the top (components
    whose starting plan is already below it are not searched).  Returns ``(offsets, top, bound, nodes, timed_out)``:
    the best plan found (``top = max(offset + size)``) and the proven lower
    bound on ``top`` (``top == bound``: optimal).  Zero-size buffers are left
    at their initial offsets.  ``descent``, ``late``, ``late_level``: the
    descent's stages (default ``DESCENT``, ``DESCENT_LATE``,
    ``DESCENT_LATE_LEVEL``; for tests and experiments).
    """
    cdef int64_t t_start = _now_ns()
    s = np.asarray(starts)
    e = np.asarray(ends)
    z = np.asarray(sizes)
    offsets = np.array(init_offsets, dtype=np.int64, copy=True)
    n = s.shape[0]
    live = np.flatnonzero(z > 0)
    if live.size == 0:
        return offsets, 0, 0, 0, False
    order = live[np.lexsort((live, e[live], s[live]))]
    so = s[order]
    eo = e[order]
    reach = np.maximum.accumulate(eo)
    cut = np.flatnonzero(so[1:] > reach[:so.size - 1]) + 1
    bounds = np.concatenate(([0], cut, [order.size]))
    # only the components whose starting plan is above the floor need a search
    tops = np.maximum.reduceat(offsets[order] + z[order], bounds[:bounds.size - 1])
    # components over MAX_SEARCH_M buffers keep their starting plan too, and
    # are not even set up: their section lists can be quadratic in size
    searched = (tops > floor) & (np.diff(bounds) <= MAX_SEARCH_M)
    keep_c = np.flatnonzero(searched)
    rest = tops[~searched]  # the components left as they started
    bounds = np.column_stack((bounds[keep_c], bounds[keep_c + 1])).ravel().tolist()
    if not bounds:
        return offsets, int(tops.max()), int(max(floor, 0)), 0, False
    cdef int64_t ncomp = len(bounds) // 2
    keep = []  # arrays the Comp structs point into
    cdef Comp* comps = <Comp*>malloc(ncomp * sizeof(Comp))
    cdef int64_t* best_top = <int64_t*>malloc(ncomp * sizeof(int64_t))
    cdef int64_t* proven = <int64_t*>malloc(ncomp * sizeof(int64_t))
    if comps == NULL or best_top == NULL or proven == NULL:
        free(comps)
        free(best_top)
        free(proven)
        raise MemoryError("fastalloc search: out of memory")
    cdef int64_t[::1] v
    cdef int64_t out[3]
    cdef int64_t max_m = 0, max_sec = 0, max_ent = 0, deadline = 0
    cdef int64_t[::1] offs = offsets
    cdef int64_t ci
    early = np.array(DESCENT if descent is None else descent, dtype=np.int64).reshape(-1, 2)
    stages = np.concatenate((early, np.array(DESCENT_LATE if late is None else late, dtype=np.int64).reshape(-1, 2)))
    if early.shape[0] == 0 or (stages < 0).any() or (stages[:, 1] > 62).any() or late_level < 0:
        raise ValueError("fastalloc search: descent stages must be non-empty (div >= 0, shift 0..62) pairs "
                         f"and late_level >= 0, got {descent!r}, {late!r}, {late_level!r}")
    cdef int64_t nprim = early.shape[0]
    cdef int64_t[::1] sdiv = np.ascontiguousarray(stages[:, 0])
    cdef int64_t[::1] sshift = np.ascontiguousarray(stages[:, 1])
    cdef int64_t nstage = stages.shape[0]
    try:
        for ci in range(ncomp):
            a, b = bounds[2 * ci], bounds[2 * ci + 1]
            gi = np.ascontiguousarray(order[a:b], dtype=np.int64)
            cs, ce, cz = s[gi], e[gi], np.ascontiguousarray(z[gi], dtype=np.int64)
            pts = np.unique(np.concatenate((cs, ce + 1)))
            slo = np.searchsorted(pts, cs).astype(np.int64)
            shi = np.searchsorted(pts, ce + 1).astype(np.int64)
            nsec = pts.size - 1
            diff = np.zeros(nsec + 1, dtype=np.int64)
            np.add.at(diff, slo, cz)
            np.add.at(diff, shi, -cz)
            stotal = np.ascontiguousarray(np.cumsum(diff)[:nsec], dtype=np.int64)
            span = shi - slo
            member = np.repeat(np.arange(gi.size, dtype=np.int64), span)
            secid = (np.arange(member.size, dtype=np.int64)
                     - np.repeat(np.cumsum(span) - span, span) + np.repeat(slo, span))
            srt = np.argsort(secid, kind="stable")
            sbuf = np.ascontiguousarray(member[srt], dtype=np.int64)
            sptr = np.zeros(nsec + 1, dtype=np.int64)
            np.cumsum(np.bincount(secid, minlength=nsec), out=sptr[1:])
            rank = _ranks(cz, slo, shi, stotal, ce - cs + 1)
            lorder = np.arange(gi.size, dtype=np.int64)
            boff = np.ascontiguousarray(np.cumsum(span) - span, dtype=np.int64)
            tl = np.ascontiguousarray(ce - cs + 1, dtype=np.int64)
            ar = np.ascontiguousarray(cz * tl, dtype=np.int64)
            arrs = [gi, cz, slo, shi, sptr, sbuf, stotal, rank, lorder, boff, tl, ar]
            v = tl
            comps[ci].tlen = &v[0]
            v = ar
            comps[ci].area = &v[0]
            keep.append(arrs)
            comps[ci].m = gi.size
            comps[ci].nsec = nsec
            v = gi
            comps[ci].gidx = &v[0]
            v = cz
            comps[ci].size = &v[0]
            v = slo
            comps[ci].slo = &v[0]
            v = shi
            comps[ci].shi = &v[0]
            v = sptr
            comps[ci].sptr = &v[0]
            v = sbuf
            comps[ci].sbuf = &v[0]
            v = stotal
            comps[ci].stotal = &v[0]
            v = rank
            comps[ci].rank = &v[0]
            v = lorder
            comps[ci].order = &v[0]
            v = boff
            comps[ci].boff = &v[0]
            best_top[ci] = int((offsets[gi] + cz).max())
            proven[ci] = int(stotal.max())
            max_m = max(max_m, gi.size)
            max_sec = max(max_sec, nsec)
            max_ent = max(max_ent, int(sbuf.size))
        if time_limit >= 0:
            deadline = t_start + <int64_t>(time_limit * 1e9)
            if deadline == 0:
                deadline = 1
        with nogil:
            _search_kernel(comps, ncomp, max_m, max_sec, max_ent, align, best_top, proven, &offs[0],
                           work_limit, deadline, out, &sdiv[0], &sshift[0], nstage, nprim, late_level)
        top = max(max(best_top[ci] for ci in range(ncomp)), int(rest.max()) if rest.size else 0)
        return offsets, int(top), int(max(out[0], floor)), int(out[1]), bool(out[2])
    finally:
        free(comps)
        free(best_top)
        free(proven)
