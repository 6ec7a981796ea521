# cython: language_level=3
"""The sweep: online best-fit (or first-fit) in first-use order
(``_pack_sweep``, strategy "best-fit" at effort 0, two passes of effort 1,
which from ``_BF_SWEEP_LAST_N`` buffers share one walk, ``_pack_sweeps``,
and the stacker of the small buffers in ``bestfit_large``).  Independent
of the placement engines but for the treap's random priorities and the
overflow check (``bestfit_engine``'s ``_bf_rand``, ``_bf_check_top``).
Assumes validated input (``fastalloc.packing.pack``)."""

from libc.stdint cimport int64_t, uint64_t, INT64_MAX, INT64_MIN
from libc.stdlib cimport malloc, free
from libc.string cimport memmove, memset

import numpy as np

from fastalloc.kernels.bestfit_engine cimport _bf_check_top, _bf_rand
from fastalloc.kernels.sort cimport _argsort_into


# ---------------------------------------------------------------------------
# "sweep": online best-fit in first-use order, O(n log n)
# ---------------------------------------------------------------------------
#
# Placing buffers by first use means the placed buffers that meet the next one
# are exactly those still live, so the gaps are the free blocks of a malloc
# heap at that time: a free list replaces the overlap query.  Blocks form an
# address-ordered doubly linked list whose last block is the unbounded
# "wilderness"; free blocks are also kept sorted by (length, offset) for the
# best-fit lookup: in an array while there are at most _BF_FREE_ARRAY_MAX of
# them (a binary search and a short memmove per change; a heap holds a few
# dozen free blocks on the random workload), in a treap from the first time
# there are more (O(log n) whatever the heap looks like).  First fit keeps no treap: it walks the free
# blocks in address order (a second linked list, through the treap's link
# arrays, which it does not use) from the lowest one, and stops at the first
# that fits; the used blocks between them, most of the heap, are never read.
# Buffers are freed in order of last use (one stable counting sort, no heap
# of live buffers): before each placement, every buffer that ended before it
# starts.

ctypedef struct _bf_FKey:
    # a free block's best-fit key (length, offset) and its id
    int64_t len
    int64_t lo
    Py_ssize_t b


# Best fit keeps its free blocks in a sorted array up to this many, then in
# the treap (for good).  Speed only: the same block either way.
cdef enum:
    _BF_FREE_ARRAY_MAX = 256


ctypedef struct _bf_Heap:
    int64_t* lo         # per block: [lo, hi)
    int64_t* hi
    Py_ssize_t* prev    # address order; -1 at the ends
    Py_ssize_t* next
    char* free          # 1 free (in the treap), 0 used, 2 the wilderness
    Py_ssize_t* left    # treap children and priorities
    Py_ssize_t* right
    uint64_t* prio
    Py_ssize_t root
    _bf_FKey* fa        # best fit, before the treap: the free blocks sorted
    Py_ssize_t fn       # by key (fn of them), or fn = -1: the treap holds them
    Py_ssize_t nblocks
    Py_ssize_t* pool    # recycled block ids
    Py_ssize_t npool
    Py_ssize_t head     # the lowest block
    Py_ssize_t* fprev   # first fit: the free blocks in address order (the
    Py_ssize_t* fnext   # arrays of left and right); -1 at the ends
    Py_ssize_t fhead    # the lowest free block, or -1


cdef inline bint _bf_key_less(_bf_Heap* H, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    cdef int64_t la = H.hi[a] - H.lo[a], lb = H.hi[b] - H.lo[b]
    return la < lb or (la == lb and H.lo[a] < H.lo[b])


cdef Py_ssize_t _bf_treap_merge(_bf_Heap* H, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    # every key of a is below every key of b
    if a < 0:
        return b
    if b < 0:
        return a
    if H.prio[a] > H.prio[b]:
        H.right[a] = _bf_treap_merge(H, H.right[a], b)
        return a
    H.left[b] = _bf_treap_merge(H, a, H.left[b])
    return b


cdef void _bf_treap_split(_bf_Heap* H, Py_ssize_t t, Py_ssize_t key,
                          Py_ssize_t* a, Py_ssize_t* b) noexcept nogil:
    # a: keys < key's key, b: the rest
    if t < 0:
        a[0] = -1
        b[0] = -1
        return
    if _bf_key_less(H, t, key):
        _bf_treap_split(H, H.right[t], key, &H.right[t], b)
        a[0] = t
    else:
        _bf_treap_split(H, H.left[t], key, a, &H.left[t])
        b[0] = t


cdef void _bf_treap_insert(_bf_Heap* H, Py_ssize_t x) noexcept nogil:
    cdef Py_ssize_t a, b
    H.left[x] = -1
    H.right[x] = -1
    _bf_treap_split(H, H.root, x, &a, &b)
    H.root = _bf_treap_merge(H, _bf_treap_merge(H, a, x), b)


cdef void _bf_treap_erase(_bf_Heap* H, Py_ssize_t x) noexcept nogil:
    # x is in the treap: find the link that points at it
    cdef Py_ssize_t* link = &H.root
    while link[0] != x:
        if _bf_key_less(H, x, link[0]):
            link = &H.left[link[0]]
        else:
            link = &H.right[link[0]]
    link[0] = _bf_treap_merge(H, H.left[x], H.right[x])


cdef Py_ssize_t _bf_treap_fit(_bf_Heap* H, int64_t sz) noexcept nogil:
    # smallest (length, offset) with length >= sz, or -1
    cdef Py_ssize_t t = H.root, best = -1
    while t >= 0:
        if H.hi[t] - H.lo[t] >= sz:
            best = t
            t = H.left[t]
        else:
            t = H.right[t]
    return best


cdef inline Py_ssize_t _bf_fa_at(const _bf_FKey* a, Py_ssize_t n, int64_t ln,
                                  int64_t lo) noexcept nogil:
    # the first of a[:n] whose key is not below (ln, lo)
    cdef Py_ssize_t i = 0, half
    while n > 0:
        half = n >> 1
        if a[i + half].len < ln or (a[i + half].len == ln and a[i + half].lo < lo):
            i += half + 1
            n -= half + 1
        else:
            n = half
    return i


cdef void _bf_free_add(_bf_Heap* H, Py_ssize_t x) noexcept nogil:
    # best fit: free block x joins the sorted array, or the treap (which
    # takes over every block once the array would overflow)
    cdef Py_ssize_t i
    cdef int64_t ln = H.hi[x] - H.lo[x]
    if H.fn == _BF_FREE_ARRAY_MAX:
        for i in range(H.fn):
            _bf_treap_insert(H, H.fa[i].b)
        H.fn = -1
    if H.fn < 0:
        _bf_treap_insert(H, x)
        return
    i = _bf_fa_at(H.fa, H.fn, ln, H.lo[x])
    memmove(&H.fa[i + 1], &H.fa[i], (H.fn - i) * sizeof(_bf_FKey))
    H.fa[i].len = ln
    H.fa[i].lo = H.lo[x]
    H.fa[i].b = x
    H.fn += 1


cdef void _bf_free_del(_bf_Heap* H, Py_ssize_t x) noexcept nogil:
    # best fit: free block x (its key unchanged since it was added) leaves
    cdef Py_ssize_t i
    if H.fn < 0:
        _bf_treap_erase(H, x)
        return
    i = _bf_fa_at(H.fa, H.fn, H.hi[x] - H.lo[x], H.lo[x])
    H.fn -= 1
    memmove(&H.fa[i], &H.fa[i + 1], (H.fn - i) * sizeof(_bf_FKey))


cdef inline Py_ssize_t _bf_free_fit(_bf_Heap* H, int64_t sz) noexcept nogil:
    # best fit: the free block of smallest (length, offset) with length >=
    # sz, or -1
    cdef Py_ssize_t i
    if H.fn < 0:
        return _bf_treap_fit(H, sz)
    i = _bf_fa_at(H.fa, H.fn, sz, INT64_MIN)
    return H.fa[i].b if i < H.fn else -1


cdef Py_ssize_t _bf_heap_first(_bf_Heap* H, int64_t sz) noexcept nogil:
    # lowest free block with length >= sz, or -1 (the free list is in
    # address order: the first of it that fits)
    cdef Py_ssize_t b = H.fhead
    while b >= 0 and H.hi[b] - H.lo[b] < sz:
        b = H.fnext[b]
    return b


cdef inline void _bf_unlink(Py_ssize_t* prev, Py_ssize_t* next, Py_ssize_t* head, Py_ssize_t x) noexcept nogil:
    # x leaves a doubly linked list (prev / next, -1 at the ends; *head its first)
    if prev[x] >= 0:
        next[prev[x]] = next[x]
    else:
        head[0] = next[x]
    if next[x] >= 0:
        prev[next[x]] = prev[x]


cdef inline void _bf_fl_unlink(_bf_Heap* H, Py_ssize_t x) noexcept nogil:
    # x leaves the free list
    _bf_unlink(H.fprev, H.fnext, &H.fhead, x)


cdef inline void _bf_fl_take(_bf_Heap* H, Py_ssize_t old, Py_ssize_t x) noexcept nogil:
    # x takes the place of old (its address neighbour, merged into x) in the
    # free list
    H.fprev[x] = H.fprev[old]
    H.fnext[x] = H.fnext[old]
    if H.fprev[x] >= 0:
        H.fnext[H.fprev[x]] = x
    else:
        H.fhead = x
    if H.fnext[x] >= 0:
        H.fprev[H.fnext[x]] = x


cdef inline void _bf_fl_link(_bf_Heap* H, Py_ssize_t x) noexcept nogil:
    # x (free, between two used blocks) joins the free list after the
    # nearest free block below it: a walk down the used blocks between them
    cdef Py_ssize_t p = H.prev[x]
    while p >= 0 and H.free[p] != 1:
        p = H.prev[p]
    H.fprev[x] = p
    if p >= 0:
        H.fnext[x] = H.fnext[p]
        H.fnext[p] = x
    else:
        H.fnext[x] = H.fhead
        H.fhead = x
    if H.fnext[x] >= 0:
        H.fprev[H.fnext[x]] = x


cdef inline Py_ssize_t _bf_new_block(_bf_Heap* H, int64_t lo, int64_t hi,
                                     Py_ssize_t before, uint64_t* state) noexcept nogil:
    # a used block [lo, hi) linked just before block `before`
    cdef Py_ssize_t b
    if H.npool:
        H.npool -= 1
        b = H.pool[H.npool]
    else:
        b = H.nblocks
        H.nblocks += 1
        H.prio[b] = _bf_rand(state)
    H.lo[b] = lo
    H.hi[b] = hi
    H.free[b] = 0
    H.prev[b] = H.prev[before]
    H.next[b] = before
    if H.prev[before] >= 0:
        H.next[H.prev[before]] = b
    else:
        H.head = b
    H.prev[before] = b
    return b


cdef inline void _bf_drop_block(_bf_Heap* H, Py_ssize_t b) noexcept nogil:
    # unlink b from the address list and recycle its id
    _bf_unlink(H.prev, H.next, &H.head, b)
    H.pool[H.npool] = b
    H.npool += 1


cdef void _bf_heap_reset(_bf_Heap* H) noexcept nogil:
    # one block: the wilderness [0, inf), block 0 for good (it never merges
    # into another block)
    H.nblocks = 1
    H.npool = 0
    H.root = -1
    H.fn = 0
    H.lo[0] = 0
    H.hi[0] = INT64_MAX
    H.prev[0] = -1
    H.next[0] = -1
    H.free[0] = 2
    H.head = 0
    H.fhead = -1


cdef inline void _bf_heap_release(_bf_Heap* H, Py_ssize_t b, bint first) noexcept nogil:
    # used block b becomes free, merged with its free neighbours (so no two
    # free blocks touch, and none touches the wilderness)
    cdef Py_ssize_t p = H.prev[b], nx = H.next[b]
    cdef bint linked = False
    # first fit: b, merged with a free neighbour, takes its place in the
    # free list (else it is linked in at the end)
    if p >= 0 and H.free[p] == 1:
        if first:
            _bf_fl_take(H, p, b)
            linked = True
        else:
            _bf_free_del(H, p)
        H.lo[b] = H.lo[p]
        _bf_drop_block(H, p)
    if H.free[nx] == 2:
        if linked:
            _bf_fl_unlink(H, b)
        H.lo[nx] = H.lo[b]          # the wilderness swallows it
        _bf_drop_block(H, b)
        return
    if H.free[nx] == 1:
        if not first:
            _bf_free_del(H, nx)
        elif linked:
            _bf_fl_unlink(H, nx)
        else:
            _bf_fl_take(H, nx, b)
            linked = True
        H.hi[b] = H.hi[nx]
        _bf_drop_block(H, nx)
    H.free[b] = 1
    if not first:
        _bf_free_add(H, b)
    elif not linked:
        _bf_fl_link(H, b)


cdef inline Py_ssize_t _bf_heap_take(_bf_Heap* H, int64_t sz, bint first, int64_t who,
                                     uint64_t* state) except -1 nogil:
    # a used block of sz > 0 bytes: cut from the bottom of the smallest free
    # block that fits (lowest on ties; with `first` the lowest that fits),
    # else from the wilderness's; `who` names the buffer if that overflows
    cdef Py_ssize_t b, nx
    b = _bf_heap_first(H, sz) if first else _bf_free_fit(H, sz)
    if b < 0:
        _bf_check_top(H.lo[0], sz, who)
        b = _bf_new_block(H, H.lo[0], H.lo[0] + sz, 0, state)
        H.lo[0] += sz
    elif first:
        # a block cut from the bottom of b keeps its place in the list
        if H.hi[b] - H.lo[b] == sz:
            _bf_fl_unlink(H, b)
            H.free[b] = 0
        else:
            nx = b
            b = _bf_new_block(H, H.lo[nx], H.lo[nx] + sz, nx, state)
            H.lo[nx] += sz
    else:
        _bf_free_del(H, b)
        if H.hi[b] - H.lo[b] == sz:
            H.free[b] = 0
        else:
            nx = b
            b = _bf_new_block(H, H.lo[nx], H.lo[nx] + sz, nx, state)
            H.lo[nx] += sz
            _bf_free_add(H, nx)
    return b


ctypedef struct _bf_Sweep:
    # one sweep of a shared walk: its heap, offsets (in walk order), the
    # block of each placed buffer, cutoff and rule; peak: the peak so far,
    # or -1 once it passed the cutoff (the sweep has dropped out)
    _bf_Heap H
    int64_t* off
    Py_ssize_t* block_of
    int64_t cutoff
    int64_t peak
    bint first
    uint64_t state      # the treap's priorities


cdef void _bf_sweep_order(Py_ssize_t n, const int64_t* S, int64_t* E, int64_t* Z,
                          int64_t* perm) noexcept nogil:
    """Arrays sorted by first use (S, stably: perm the original indices):
    put ties of S larger first, then by perm, by an insertion sort (runs of
    equal starts are short).  Pure Python equivalent: the positions sorted
    by (S, -Z, perm)."""
    cdef Py_ssize_t r, t
    cdef int64_t ks, kz, kp, ke
    for r in range(1, n):
        ks = S[r]
        kz = Z[r]
        kp = perm[r]
        t = r
        while t > 0 and S[t - 1] == ks and (Z[t - 1] < kz or (Z[t - 1] == kz and perm[t - 1] > kp)):
            t -= 1
        if t != r:
            ke = E[r]
            memmove(&Z[t + 1], &Z[t], (r - t) * sizeof(int64_t))
            memmove(&perm[t + 1], &perm[t], (r - t) * sizeof(int64_t))
            memmove(&E[t + 1], &E[t], (r - t) * sizeof(int64_t))
            Z[t] = kz
            perm[t] = kp
            E[t] = ke


cdef int _bf_sweeps(Py_ssize_t n, const int64_t* S, const int64_t* E, const int64_t* Z,
                    const int64_t* perm, const int64_t* dies, _bf_Sweep* W,
                    int nw) except -1 nogil:
    """The nw sweeps W over the buffers in walk order (_bf_sweep_order),
    in one walk: buffer r is freed from every heap still running before the
    first buffer that starts after its last use (`dies`: the positions by
    last use, stably) and then placed in each.  Each sets its offsets and
    peak, or drops out (peak -1) as soon as its peak exceeds its cutoff; the
    walk ends when all have.  The heaps' blocks depend only on which buffers
    are live, not on the order in which a batch of them is freed, so every
    sweep gives the plan it gives alone.  Assumes validated input.  Pure
    Python equivalent of one sweep: _pack_best_fit_order in the walk order
    (first fit with `first`), then -1 if its peak exceeds the cutoff."""
    cdef Py_ssize_t r, j = 0, q, b
    cdef int k, running = nw
    cdef int64_t sz, top
    for k in range(nw):
        _bf_heap_reset(&W[k].H)
        W[k].peak = 0
        W[k].state = 0x5EED
    for r in range(n):
        sz = Z[r]
        if sz == 0:
            for k in range(nw):
                W[k].off[r] = 0
            continue
        # a buffer that ends before r starts started before it, so it is
        # placed (unless of size 0, never placed)
        while j < n and E[dies[j]] < S[r]:
            q = dies[j]
            j += 1
            if Z[q]:
                for k in range(nw):
                    if W[k].peak >= 0:
                        _bf_heap_release(&W[k].H, W[k].block_of[q], W[k].first)
        for k in range(nw):
            if W[k].peak < 0:
                continue
            b = _bf_heap_take(&W[k].H, sz, W[k].first, perm[r], &W[k].state)
            W[k].block_of[r] = b
            top = W[k].H.lo[b] + sz
            W[k].off[r] = W[k].H.lo[b]
            if top > W[k].peak:
                W[k].peak = top
                if top > W[k].cutoff:
                    W[k].peak = -1
                    running -= 1
                    if running == 0:
                        return 0
    return 0


def _pack_sweep(const int64_t[::1] starts, const int64_t[::1] ends,
                const int64_t[::1] sizes, int64_t alignment, int effort,
                int64_t cutoff=INT64_MAX, bint first=False):
    """Online best-fit in first-use order (ties: larger first, then index):
    each buffer takes the smallest free block that fits (lowest on ties) of a
    simulated heap where buffers are freed after their last use, else the
    top; with `first`, the lowest free block that fits (first fit: the
    address-ordered list walked from its head, no treap).  O(n log n): free blocks in a treap keyed by (length, offset),
    neighbours in an address-ordered list, buffers freed in order of last
    use.  Same plan as one best-fit pass in that order (the placed buffers
    meeting the next one are exactly the live ones), much faster but looser
    than size-first orders.  `effort` is ignored.  With `cutoff`, (None, -1)
    as soon as the peak exceeds it.  Assumes validated input (see
    _pack_best_fit).

    Pure Python equivalent: _pack_best_fit_order(starts, ends, sizes, order,
    first) with order = np.lexsort((np.arange(n), -sizes, starts)).
    """
    return _pack_sweeps(starts, ends, sizes, (cutoff,), (first,))[0]


def _pack_sweeps(const int64_t[::1] starts, const int64_t[::1] ends,
                 const int64_t[::1] sizes, cutoffs, firsts):
    """_pack_sweep with each (cutoff, first) of `cutoffs` and `firsts` (one
    or two of them), in one walk (_bf_sweeps: one sort by first use and one
    by last use for all): a list of (offsets, peak) or (None, -1) pairs,
    each what _pack_sweep(starts, ends, sizes, 1, 0, cutoff, first) gives.
    Assumes validated input."""
    cdef Py_ssize_t n = sizes.shape[0], k
    cdef int nw = len(cutoffs)
    if nw < 1 or nw > 2 or len(firsts) != nw:
        raise ValueError("one or two sweeps")
    if n == 0:
        return [(np.zeros(0, dtype=np.int64), 0)] * nw
    out_a = np.empty((nw, n), dtype=np.int64)
    cdef int64_t[:, ::1] outv = out_a
    # the walk's arrays, every sweep's offsets and heap in one block (a small
    # problem's sweep would spend more on a dozen numpy arrays and calls than
    # on the sweep): the free-block arrays first and the flag bytes last, so
    # that every array stays aligned
    cdef Py_ssize_t m = 2 * n + 2, r
    cdef size_t per = n * (sizeof(int64_t) + sizeof(Py_ssize_t)) + m * (3 * sizeof(int64_t) + 5 * sizeof(Py_ssize_t))
    cdef char* mem = <char*>malloc(nw * (_BF_FREE_ARRAY_MAX * sizeof(_bf_FKey) + per + m)
                                   + 5 * n * sizeof(int64_t))
    if mem == NULL:
        raise MemoryError()
    # in walk order: first use, last use, size, the buffer; the positions by last use
    cdef int64_t* S = <int64_t*>(<_bf_FKey*>mem + nw * _BF_FREE_ARRAY_MAX)
    cdef int64_t* E = S + n
    cdef int64_t* Z = E + n
    cdef int64_t* perm = Z + n
    cdef int64_t* dies = perm + n
    cdef char* flags = <char*>(dies + n) + nw * per
    cdef _bf_Sweep W[2]
    cdef _bf_Heap* H
    for k in range(nw):
        H = &W[k].H
        H.fa = <_bf_FKey*>mem + k * _BF_FREE_ARRAY_MAX
        W[k].off = <int64_t*>(<char*>(dies + n) + k * per)
        W[k].block_of = <Py_ssize_t*>(W[k].off + n)
        H.lo = <int64_t*>(W[k].block_of + n)
        H.hi = H.lo + m
        H.prio = <uint64_t*>(H.hi + m)
        H.prev = <Py_ssize_t*>(H.prio + m)
        H.next = H.prev + m
        H.left = H.next + m
        H.right = H.left + m
        H.pool = H.right + m
        H.free = flags + k * m
        H.fprev = H.left
        H.fnext = H.right
        W[k].cutoff = cutoffs[k]
        W[k].first = firsts[k]
    memset(flags, 0, nw * m)
    try:
        with nogil:
            _argsort_into(&starts[0], n, perm)
            for r in range(n):
                S[r] = starts[perm[r]]
                E[r] = ends[perm[r]]
                Z[r] = sizes[perm[r]]
            _bf_sweep_order(n, S, E, Z, perm)
            _argsort_into(E, n, dies)
            _bf_sweeps(n, S, E, Z, perm, dies, W, nw)
            for k in range(nw):
                if W[k].peak >= 0:
                    for r in range(n):
                        outv[k, perm[r]] = W[k].off[r]
        peaks = [W[k].peak for k in range(nw)]
    finally:
        free(mem)
    # (a plan of zero-size buffers only places nothing, so the sweep never
    # compares its peak 0 with a negative cutoff)
    return [(out_a[k], int(peaks[k])) if 0 <= peaks[k] <= cutoffs[k] else (None, -1)
            for k in range(nw)]
