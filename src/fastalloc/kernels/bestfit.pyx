# cython: language_level=3
# fastalloc.kernels.bestfit: the "best-fit" packing strategy.
#
# Entry points (Python): _pack_best_fit (the strategy), _pack_sweep (its
# O(n log n) effort-0 pass, usable as a strategy of its own; in sweep.pyx),
# _bf_large (its effort-1 plan for very large problems; in bestfit_large.pyx)
# and _pack_best_fit_order / _pack_best_fit_order_bk (one pass in a caller's
# order, for tests).  The placement engines the passes run on (segment tree,
# time buckets) are in bestfit_engine.pyx/.pxd.  Private names start with _bf_
# (this file was once textually included into _core.pyx).

from libc.stdint cimport int64_t, uint64_t, INT64_MAX
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memmove, memset

import threading
import time

import numpy as np

from fastalloc.kernels.bound import _lower_bound
from fastalloc.kernels.sort cimport _argsort_into, _n_meeting, _sorted_bounds
from libc.math cimport floor
from fastalloc.kernels.bestfit_engine cimport (
    _bf_Eng, _bf_bk_run, _bf_eng_free, _bf_eng_init, _bf_eng_put, _bf_place, _bf_rand,
)
from fastalloc.kernels.bestfit_engine import _bf_bk_shift
from fastalloc.kernels.bestfit_large import _BF_THREADS, _bf_large, _bf_parallel
from fastalloc.kernels.sweep import _pack_sweep, _pack_sweeps


def _bf_leaves(starts, ends):
    """Leaf range of each lifetime in the tree whose leaves are the distinct
    start times: [s, e] meets [s', e'] iff their leaf ranges share a leaf.
    Same as u = np.unique(starts); np.searchsorted(u, starts, "left") and
    np.searchsorted(u, ends, "right") - 1, but by a rank table over the time
    span when it is at most ~4n (one compiled loop, O(n + span)), else
    through sorted keys: numpy 2's hashing unique and binary searches of
    unsorted keys into a large array cost ~0.6 s at 10^6 buffers, this
    ~0.15 s."""
    n = len(starts)
    if n == 0:
        return 0, np.zeros(0, np.intp), np.zeros(0, np.intp)
    starts = np.ascontiguousarray(starts, dtype=np.int64)
    ends = np.ascontiguousarray(ends, dtype=np.int64)
    cdef const int64_t[::1] sv = starts, ev = ends
    cdef int64_t first = sv[0], last = sv[0], span
    cdef Py_ssize_t i, t
    cdef Py_ssize_t* rank
    cdef Py_ssize_t[::1] lov, hiv
    for i in range(n):
        first = min(first, sv[i])
        last = max(last, sv[i])
    span = last - first + 1
    if span <= 4 * n + 1024:
        # few distinct times: rank every time by the starts at or before it
        lo = np.empty(n, dtype=np.intp)
        hi = np.empty(n, dtype=np.intp)
        lov = lo
        hiv = hi
        rank = <Py_ssize_t*>malloc(span * sizeof(Py_ssize_t))
        if rank == NULL:
            raise MemoryError()
        memset(rank, 0, span * sizeof(Py_ssize_t))
        for i in range(n):
            rank[sv[i] - first] = 1
        rank[0] -= 1                # distinct starts <= first + t, minus 1
        for t in range(1, span):
            rank[t] += rank[t - 1]
        for i in range(n):
            lov[i] = rank[sv[i] - first]
            hiv[i] = rank[min(ev[i], last) - first]
        t = rank[span - 1] + 1
        free(rank)
        return t, lo, hi
    so = np.argsort(starts, kind="stable")
    ss = starts[so]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(ss[1:], ss[:n - 1], out=new[1:])
    u = ss[new]
    lo = np.empty(n, dtype=np.intp)
    lo[so] = np.cumsum(new) - 1
    eo = np.argsort(ends, kind="stable")
    hi = np.empty(n, dtype=np.intp)
    hi[eo] = np.searchsorted(u, ends[eo], "right") - 1
    return len(u), lo, hi


def _bf_orders(starts, ends, sizes):
    """The deterministic greedy orders every search starts from, most often
    best first.  Size classes (sizes equal up to a factor 2**(1/q)) ordered by
    first use inside a class beat exact size order on traces with many
    near-equal sizes (S_1: 1.0141 against 1.0158); lifetime and area orders
    win on some of the small challenging sets."""
    n = len(sizes)
    length = ends.astype(np.float64) - starts.astype(np.float64) + 1.0
    sz = sizes.astype(np.float64)
    neg_size = -sizes
    log_size = np.log2(np.maximum(sz, 1.0))

    def size_class(q):
        return -np.floor(log_size * q)

    # np.lexsort is stable: ties keep index order without an index key
    # best first for large n, where only the first few are tried: on random
    # workloads quarter-octave classes by first use win (1.028 against 1.064
    # for exact size order at 2*10^4 buffers)
    return [
        np.lexsort((starts, neg_size)),                 # size desc, first use
        np.lexsort((starts, size_class(4.0))),          # size class, first use
        np.lexsort((-length, size_class(1.5))),         # size class, longest
        np.lexsort((starts, -(sz * length))),           # area desc
        np.lexsort((neg_size, -length)),                # lifetime desc
        np.lexsort((-ends, neg_size)),                  # size desc, last use
        np.lexsort((starts, size_class(1.5))),
        np.lexsort((starts, size_class(2.0))),
        np.lexsort((-length, size_class(2.0))),
        np.lexsort((starts, size_class(1.0))),
        np.lexsort((-length, size_class(1.0))),
        np.lexsort((-length, size_class(4.0))),
    ]   # first use, larger first: that is the sweep (_pack_sweep)


def _bf_default_orders(starts, ends, sizes, bint first_use=True):
    """The (order, first fit?) passes of effort 1, most often best first,
    ties by index.  First fit in the orders of omnimalloc's greedy
    heuristics (conflict degree x size, exact size -- its greedy_by_size --,
    lifetime, first use, conflict degree, area; its `omni` keeps the best of
    them), so that the default is never looser than those single passes
    (up to their tie breaks), and best fit in two size-class orders that win
    on traces with many near-equal sizes (S_1: 1.0133 against 1.0139 for the
    best first-fit order).  Nine passes with the sweep: O(n log n) sorting
    and a pass cost that grows with the live set, not with n.  The first
    eight of _bf_effort1_passes (the orders: _bf_effort1_orders).

    With `first_use` False the first-use order (index _BF_FIRST_USE_PASS)
    is None: effort 1 runs that pass on the sweep's heap, which sorts by
    first use itself.
    """
    return _bf_effort1_passes(starts, ends, sizes, first_use)[:8]


cdef inline int64_t _bf_dbits(double x) noexcept nogil:
    # the bits of a double >= +0.0 as an int64 key that orders as x does
    # (IEEE 754 orders non-negative floats as their bits read as integers)
    cdef int64_t k
    memcpy(&k, &x, sizeof(int64_t))
    return k


cdef int _bf_stable_by(const int64_t* key, const int64_t* p, Py_ssize_t n, int64_t* out,
                       int64_t* kbuf, int64_t* ibuf) except -1 nogil:
    """out[:n] = the permutation p[:n] stably sorted by key (of the buffer
    each position holds): with p sorted by a key k2 (ties by index), the
    order by (key, k2, index), a least-significant-key-first lexsort.  kbuf
    and ibuf: n scratch each.  Assumes valid indices.  Pure Python
    equivalent: out[:n] = sorted(p[:n], key=lambda i: key[i]) (stable)."""
    cdef Py_ssize_t i
    for i in range(n):
        kbuf[i] = key[p[i]]
    _argsort_into(kbuf, n, ibuf)
    for i in range(n):
        out[i] = p[ibuf[i]]
    return 0


def _bf_effort1_orders(const int64_t[::1] starts, const int64_t[::1] ends,
                       const int64_t[::1] sizes, const double[::1] log_size, bint first_use=True):
    """Effort 1's nine orders (_bf_default_orders' eight, then octave
    size classes largest first, longest first: the first of
    _bf_large_orders) as rows of an int64 array (9, n), with the
    conflict degree d (how many other lifetimes meet each one, counted over
    the time span when that is at most 4n + 1024, else by binary searches
    in the sorted starts and ends).  Every order is stable counting or
    radix sorts (_argsort_into) of one int64 key each, least significant
    key first: a key that breaks ties by an order already built sorts that
    order further (_bf_stable_by): the size order under the conflict x
    size, conflict and first-use orders, the lifetime order under the
    size-class ones.  Lifetimes and areas sort as the integers they equal
    when float64 holds them exactly (ends below 2**53, areas at most
    2**53), else by the bits of their float64 values (_bf_dbits).  With
    `first_use` False row 5 is left unset.  Assumes validated input of
    fewer than 2**31 buffers; log_size is np.log2(np.maximum(sizes, 1.0))
    in float64 (numpy's, so that size classes are numpy's to the last
    bit).  The same permutations as (idx = np.arange(n), length = ends -
    starts + 1.0, class(q) = -floor(q * log_size), fbits(x): the float64
    values' bits as int64, x.view(np.int64))::

        lexsort((idx, -size, -(d * size)))      # exact 128-bit product
        lexsort((idx, -size))
        lexsort((idx, starts, class(4)))
        lexsort((idx, -fbits(length), class(1.5)))
        lexsort((idx, -fbits(length)))
        lexsort((idx, -size, starts))
        lexsort((idx, -size, -d))
        lexsort((idx, -fbits(size * length)))
        lexsort((idx, starts - ends, class(1)))
    """
    cdef Py_ssize_t n = sizes.shape[0], i
    out = np.empty((9, n), dtype=np.int64)
    if n == 0:
        return out
    cdef int64_t[:, ::1] ov = out
    cdef int64_t smin = starts[0], emax = ends[0], zmax = 0, lmax = 0, span, z, d, lo
    cdef int64_t m32 = (<int64_t>1 << 32) - 1
    cdef double length
    for i in range(n):
        smin = min(smin, starts[i])
        emax = max(emax, ends[i])
        zmax = max(zmax, sizes[i])
        lmax = max(lmax, ends[i] - starts[i])
    # (validated input: 0 <= starts <= ends, so no difference overflows)
    cdef bint exact_len = emax < (<int64_t>1 << 53)
    cdef bint exact_area = exact_len and zmax <= (<int64_t>1 << 53) // (lmax + 1)
    span = emax - smin + 1 if emax - smin < 4 * n + 1024 else 0
    cdef int64_t* buf = <int64_t*>malloc((13 * n + (span + 1 if span else 2 * n)) * sizeof(int64_t))
    if buf == NULL:
        raise MemoryError()
    cdef int64_t* nsz = buf
    cdef int64_t* nd = buf + n
    cdef int64_t* phi = buf + 2 * n
    cdef int64_t* plo = buf + 3 * n
    cdef int64_t* c4 = buf + 4 * n
    cdef int64_t* c15 = buf + 5 * n
    cdef int64_t* c1 = buf + 6 * n
    cdef int64_t* nlen = buf + 7 * n
    cdef int64_t* narea = buf + 8 * n
    cdef int64_t* kbuf = buf + 9 * n
    cdef int64_t* ibuf = buf + 10 * n
    cdef int64_t* p = buf + 11 * n
    cdef int64_t* q = buf + 12 * n
    cdef int64_t* cnt = buf + 13 * n     # the counts over the span, or the sorted bounds
    try:
        with nogil:
            if span:
                # cnt[t]: starts at or before smin + t, then minus the ends
                # before it: each buffer meets all those that started by its
                # end and did not end before its start
                memset(cnt, 0, (span + 1) * sizeof(int64_t))
                for i in range(n):
                    cnt[starts[i] - smin] += 1
                for i in range(1, span):
                    cnt[i] += cnt[i - 1]
                for i in range(n):
                    nd[i] = cnt[ends[i] - smin]
                memset(cnt, 0, (span + 1) * sizeof(int64_t))
                for i in range(n):
                    cnt[ends[i] - smin + 1] += 1
                for i in range(1, span + 1):
                    cnt[i] += cnt[i - 1]
                for i in range(n):
                    nd[i] = 1 - nd[i] + cnt[starts[i] - smin]
            else:
                _sorted_bounds(&starts[0], &ends[0], n, cnt, cnt + n, kbuf)
                for i in range(n):
                    nd[i] = 1 - _n_meeting(cnt, cnt + n, n, starts[i], ends[i])
            for i in range(n):
                z = sizes[i]
                d = -nd[i]
                nsz[i] = -z
                lo = d * (z & m32)
                phi[i] = -(d * (z >> 32) + (lo >> 32))
                plo[i] = -(lo & m32)
                c4[i] = -<int64_t>floor(log_size[i] * 4.0)
                c15[i] = -<int64_t>floor(log_size[i] * 1.5)
                c1[i] = -<int64_t>floor(log_size[i])
                if exact_len:
                    nlen[i] = starts[i] - ends[i]
                else:
                    length = <double>ends[i] - <double>starts[i] + 1.0
                    nlen[i] = -_bf_dbits(length)
                if exact_area:
                    narea[i] = -(z * (ends[i] - starts[i] + 1))
                else:
                    narea[i] = -_bf_dbits(<double>z * (<double>ends[i] - <double>starts[i] + 1.0))
            _argsort_into(nsz, n, &ov[1, 0])
            _bf_stable_by(plo, &ov[1, 0], n, p, kbuf, ibuf)
            _bf_stable_by(phi, p, n, &ov[0, 0], kbuf, ibuf)
            _bf_stable_by(nd, &ov[1, 0], n, &ov[6, 0], kbuf, ibuf)
            if first_use:
                _bf_stable_by(&starts[0], &ov[1, 0], n, &ov[5, 0], kbuf, ibuf)
            _argsort_into(&starts[0], n, p)
            _bf_stable_by(c4, p, n, &ov[2, 0], kbuf, ibuf)
            _argsort_into(nlen, n, &ov[4, 0])
            _bf_stable_by(c15, &ov[4, 0], n, &ov[3, 0], kbuf, ibuf)
            if not exact_len:
                # the octave order's lifetimes are the integers, whatever
                # float64 makes of them
                for i in range(n):
                    q[i] = starts[i] - ends[i]
                _argsort_into(q, n, p)
            _bf_stable_by(c1, &ov[4, 0] if exact_len else p, n, &ov[8, 0], kbuf, ibuf)
            _argsort_into(narea, n, &ov[7, 0])
    finally:
        free(buf)
    return out


# Rule of each of _bf_default_orders' passes: first fit?
_BF_DEFAULT_FIRST = (True, True, False, False, True, True, True, True)
# Index of the first-use pass (first fit, larger first on equal starts) among
# effort 1's: the sweep's order, so the sweep's heap runs it
# (_pack_sweep(..., first=True), same offsets).
_BF_FIRST_USE_PASS = 5


def _bf_effort1_passes(starts, ends, sizes, bint first_use=True):
    """Effort 1's nine (order, first fit?) passes: _bf_default_orders' and
    best fit by octave class, longest first (the first of _bf_large_orders), from one
    kernel (_bf_effort1_orders).  With `first_use` False the first-use
    order is None."""
    log_size = np.log2(np.maximum(sizes.astype(np.float64), 1.0))
    o = _bf_effort1_orders(starts, ends, sizes, log_size, first_use)
    return [(o[k] if first_use or k != _BF_FIRST_USE_PASS else None, f)
            for k, f in enumerate(_BF_DEFAULT_FIRST + (False,))]


cdef class _BfPacker:
    """Reusable best-fit passes over one problem (structure and scratch
    kept).  With buckets=True, the passes run on time buckets when the
    lifetimes allow (_bf_bk_shift), else on the tree; the tree E.X is what the
    local search uses, so it is always there when `use_bk` is False."""
    cdef _bf_Eng E
    cdef object sizes_arr, lla, lha
    cdef Py_ssize_t n

    @property
    def use_bk(self):
        return bool(self.E.use_bk)

    def __cinit__(self, starts, ends, sizes, bint buckets=False, int shift=-1, leaves=None):
        # leaves: (T, leaf_lo, leaf_hi) when the caller has them (then starts
        # and ends are not read), else _bf_leaves(starts, ends)
        memset(&self.E, 0, sizeof(_bf_Eng))
        self.n = len(sizes)
        self.sizes_arr = np.ascontiguousarray(sizes, dtype=np.int64)
        if leaves is None:
            T, self.lla, self.lha = _bf_leaves(np.asarray(starts), np.asarray(ends))
        else:
            T, self.lla, self.lha = leaves
        if shift < 0 and buckets:
            shift = _bf_bk_shift(self.lla, self.lha, self.n)
        elif not buckets:
            shift = -1
        _bf_eng_init(&self.E, T, shift)

    def __dealloc__(self):
        _bf_eng_free(&self.E)

    def run(self, order, int64_t[::1] out, int64_t cutoff=INT64_MAX, Py_ssize_t nfixed=0,
            bint first=False):
        """Offsets into `out`; returns the peak, or -1 once it exceeds cutoff.
        The first `nfixed` buffers of `order` keep their offsets in `out`.
        `first`: first fit (lowest gap that fits) instead of best fit."""
        cdef const int64_t[::1] ordv = order
        cdef const int64_t[::1] szv = self.sizes_arr
        cdef const Py_ssize_t[::1] llv = self.lla
        cdef const Py_ssize_t[::1] lhv = self.lha
        cdef int64_t t
        if self.n == 0:
            return 0
        if len(order) != self.n or not 0 <= nfixed <= self.n:
            raise ValueError(f"order of {len(order)} buffers with {nfixed} fixed, expected {self.n}")
        if self.E.use_bk:
            return _bf_bk_run(&self.E, order, self.sizes_arr, self.lla, self.lha, out, cutoff, nfixed,
                              first)
        with nogil:
            t = _bf_place(&self.E, &ordv[0], self.n, &szv[0], &llv[0], &lhv[0],
                          &out[0], cutoff, nfixed, first)
        return t


cdef inline Py_ssize_t _bf_below(uint64_t* state, Py_ssize_t m) noexcept nogil:
    return <Py_ssize_t>(_bf_rand(state) % <uint64_t>m)


cdef inline void _bf_move(int64_t* order, Py_ssize_t frm, Py_ssize_t to) noexcept nogil:
    # order[frm] goes to position to (to < frm), the ones between shift right
    cdef int64_t v = order[frm]
    memmove(&order[to + 1], &order[to], (frm - to) * sizeof(int64_t))
    order[to] = v


cdef int64_t _bf_local_search(_bf_Eng* E, Py_ssize_t n, const int64_t* sizes,
                              const Py_ssize_t* leaf_lo, const Py_ssize_t* leaf_hi,
                              int64_t* order, int64_t* cand, int64_t* cur_off,
                              int64_t* work, int64_t* best_off, int64_t cur_total,
                              int64_t passes, int64_t target, uint64_t seed,
                              bint first=False) except -2 nogil:
    """Iterated local search on the placement order; returns the best peak
    (its offsets in best_off, which must hold the offsets of `order` on entry).
    Every pass is best fit, or first fit with `first` (the rule the starting
    order was packed with).

    Each step perturbs the current order and keeps the result if its peak is
    not higher (equal peaks are accepted so that the search drifts across
    plateaus).  Moves: a buffer that reaches the peak goes to a random earlier
    place or to the front (it then finds a lower gap before the others fill
    them), a random buffer moves earlier, or two random buffers swap.  The
    generator is seeded: same input, same result."""
    cdef uint64_t state = seed
    cdef int64_t best_total = cur_total, t, p
    cdef int64_t* tmp
    cdef Py_ssize_t it, i, j, ntop, pick, move
    for it in range(passes):
        if best_total <= target:
            break
        memcpy(cand, order, n * sizeof(int64_t))
        move = _bf_below(&state, 8)
        if move < 5:
            ntop = 0
            for i in range(n):
                p = order[i]
                if sizes[p] != 0 and cur_off[p] + sizes[p] == cur_total:
                    ntop += 1
            pick = _bf_below(&state, ntop)
            for i in range(n):
                p = order[i]
                if sizes[p] != 0 and cur_off[p] + sizes[p] == cur_total:
                    if pick == 0:
                        break
                    pick -= 1
            if i == 0:
                continue
            _bf_move(cand, i, _bf_below(&state, i) if move < 4 else 0)
        elif move == 5:
            i = _bf_below(&state, n)
            j = _bf_below(&state, n)
            p = cand[i]
            cand[i] = cand[j]
            cand[j] = p
        else:
            i = 1 + _bf_below(&state, n - 1)
            _bf_move(cand, i, _bf_below(&state, i))
        t = _bf_place(E, cand, n, sizes, leaf_lo, leaf_hi, work, cur_total, 0, first)
        if t < 0:
            continue
        tmp = order; order = cand; cand = tmp
        tmp = cur_off; cur_off = work; work = tmp
        # keep the caller's buffers meaningful whichever way the swaps went
        cur_total = t
        if t < best_total:
            best_total = t
            memcpy(best_off, cur_off, n * sizeof(int64_t))
    return best_total


# Passes of the local search at effort 3, times 4 per level above (each pass
# one placement of every buffer, so its cost grows like n, never faster).
_BF_SEARCH_PASSES = 128
# Above this many buffers effort 1 is _bf_large (tiers of time chunks over
# the big buffers, on 2 threads) instead of the race of whole passes: from
# just above 10^5 random buffers the tiers are tighter on average and several
# times cheaper, so no size above 10^5 costs more per buffer than 10^5.
_BF_LARGE_N = 100_000
# Below this many buffers the portfolio's passes run in the calling thread.
_BF_THREADS_MIN_N = 2000


# The order in which effort 2 (and effort 1 on the tree) starts effort 1's passes (indices into
# _bf_default_orders plus the size-class order of _bf_large_orders, 8): the
# most frequent winners on the random workload first (first fit by conflicts
# x size, then by size; best fit by 1.5 and by 1 classes per octave), so that
# the others mostly stop early at their cutoff.  The plan does not depend
# on it.  (Effort 1 races its passes on time buckets instead: _bf_race.)
_BF_RUN_ORDER = (0, 1, 3, 8, 2, 4, 5, 6, 7)


def _bf_large_orders(starts, ends, sizes, Py_ssize_t k):
    """The first k orders of large problems: size classes (an octave, then
    1.5 per octave), longest lifetime first inside a class, ties by index.
    On the random workload they are the best two of the base orders more
    often than not, but which one wins varies by instance (seed n: 1.0034
    and 1.016 at 10^5, 1.090 and 1.048 at 4*10^4; the first gives 1.062 at
    10^6 against 1.070 for exact size order).  One stable argsort of a
    packed int64 key when the lifetimes allow (3x faster than np.lexsort at
    10^6), the same order either way."""
    n = len(sizes)
    span = ends - starts     # >= 0, and fits: starts >= 0
    log_size = np.log2(np.maximum(sizes.astype(np.float64), 1.0))
    orders = []
    for q in (1.0, 1.5)[:k]:
        cls = np.floor(log_size * q).astype(np.int64)     # 0 .. 95
        top = int(span.max())
        if top < (1 << 56):
            key = ((cls.max() - cls) << 56) | (top - span)
            orders.append(np.argsort(key, kind="stable"))
        else:
            orders.append(np.lexsort((np.arange(n), -span, -cls)))
    return orders


def _bf_portfolio(_BfPacker P, leaves, sizes, cands, best, int64_t best_total,
                  int64_t target, run_order=None, bint threaded=True):
    """The lowest peak of the (order, first fit?) passes `cands` and of the
    plan `best` (peak best_total, tried before them): (offsets, peak, order,
    first), order None when `best` wins.  Ties go to the earliest; same
    result whatever the threads and whatever `run_order` (the indices of
    `cands` in the order the passes are started; default 0, 1, ...: it only
    decides how early the cutoffs tighten).  P (on `leaves`) runs passes,
    and, with `threaded`, one more packer like it per extra thread.

    The passes run as tasks of a _BfPool; each starts with a cutoff from the
    best peak so far, found by pass j: that peak - 1 if j is earlier (a tie
    would lose to j), the peak itself if j is later (a tie would win), so a
    pass is only abandoned when it cannot be the answer.  Once a peak meets
    `target` (the lower bound), the passes after it are skipped."""
    cdef Py_ssize_t n = len(sizes), k
    lock = threading.Lock()
    # shared best: (peak, index in cands, -1 for `best`), offsets, order, first
    state = [best_total, -1, best, None, False]
    free = [P]
    # small problems in this thread: starting a helper costs more than a pass
    threads = max(_BF_THREADS, 1) if threaded and n >= _BF_THREADS_MIN_N else 1
    if run_order is None:
        run_order = range(len(cands))
    for k in range(1, min(threads, len(cands))):
        free.append(_BfPacker(None, None, sizes, P.use_bk, -1, leaves=leaves))

    def task(Py_ssize_t k):
        order, first = cands[k]
        with lock:
            if state[0] <= target and state[1] < k:
                return
            cut = state[0] - 1 if state[1] < k else state[0]
            packer = free.pop()
        try:
            order = np.ascontiguousarray(order, dtype=np.int64)
            work = np.empty(n, dtype=np.int64)
            t = packer.run(order, work, cut, 0, first)
        finally:
            with lock:
                free.append(packer)
        if t < 0:
            return
        with lock:
            if t < state[0] or (t == state[0] and k < state[1]):
                state[:] = [t, k, work, order, first]

    if threads > 1:
        _bf_parallel([lambda k=k: task(k) for k in run_order])
    else:
        for k in run_order:
            task(k)
    return state[2], state[0], state[3], state[4]


ctypedef struct _bf_Item:
    # a buffer's size and leaf range side by side
    int64_t sz
    Py_ssize_t lo
    Py_ssize_t hi


cdef _bf_Item* _bf_items(sizes, lla, lha) except NULL:
    # the items of buffers 0..n-1 (malloc'd, n >= 1; the caller frees)
    cdef const int64_t[::1] sv = sizes
    cdef const Py_ssize_t[::1] lv = lla
    cdef const Py_ssize_t[::1] hv = lha
    cdef Py_ssize_t i, n = sv.shape[0]
    cdef _bf_Item* it = <_bf_Item*>malloc(max(n, 1) * sizeof(_bf_Item))
    if it == NULL:
        raise MemoryError()
    for i in range(n):
        it[i].sz = sv[i]
        it[i].lo = lv[i]
        it[i].hi = hv[i]
    return it


cdef Py_ssize_t _bf_advance(_bf_Eng* E, Py_ssize_t r, Py_ssize_t end,
                            const _bf_Item* items, const int64_t* order, int64_t* off,
                            int64_t* total, int64_t limit, bint first,
                            Py_ssize_t min_steps) except -2 nogil:
    """Continue a pass (_bf_place's rule) from position r of its order:
    place buffers order[r], order[r + 1], ... until one raises the peak
    *total above `limit` (that buffer is placed and recorded, so the pass
    can resume) after at least `min_steps` placements, or position `end` is
    reached; returns the next position.  Items and offsets by position
    (items[r] is buffer order[r]'s: read in sequence, as the memory
    prefers)."""
    cdef int64_t sz, best
    cdef Py_ssize_t r_min = r + min_steps
    while r < end:
        sz = items[r].sz
        best = 0
        if sz != 0:
            best = _bf_eng_put(E, items[r].lo, items[r].hi, sz, first, order[r])
        off[r] = best
        r += 1
        if best + sz > total[0]:
            total[0] = best + sz
        if total[0] > limit and r >= r_min:
            break
    return r


ctypedef struct _bf_Lane:
    # one resumable pass: its structure (built when it first runs), its
    # order, the items gathered in its order and the offsets of the
    # positions up to cap (grown as it goes: a losing pass stops early),
    # the position reached and the peak so far
    _bf_Eng E
    const int64_t* order
    _bf_Item* items
    int64_t* off
    Py_ssize_t cap, pos, n
    int64_t peak
    bint first, built


cdef void _bf_lane_free(_bf_Lane* L) noexcept nogil:
    _bf_eng_free(&L.E)
    free(L.off)
    free(L.items)
    L.off = NULL
    L.items = NULL
    L.cap = 0
    L.built = False


cdef int _bf_lane_build(_bf_Lane* L, Py_ssize_t T, int shift) except -1:
    _bf_eng_init(&L.E, T, shift)
    L.built = True
    return 0


cdef int _bf_lane_advance(_bf_Lane* L, const _bf_Item* items, int64_t limit,
                          Py_ssize_t min_steps) except -1:
    """_bf_advance on the lane from its position, growing its gathered
    items (from `items`, by buffer) and offsets as it goes (by a quarter, so a
    pass stopped early holds about what it placed); returns whether the
    pass is complete."""
    cdef Py_ssize_t r = L.pos, r_min = L.pos + min_steps, end, cap, j
    cdef int64_t* p
    cdef _bf_Item* q
    while r < L.n:
        if r == L.cap:
            cap = min(L.n, max(L.cap + (L.cap >> 2), min_steps + 64))
            p = <int64_t*>realloc(L.off, cap * sizeof(int64_t))
            if p == NULL:
                raise MemoryError()
            L.off = p
            q = <_bf_Item*>realloc(L.items, cap * sizeof(_bf_Item))
            if q == NULL:
                raise MemoryError()
            L.items = q
            for j in range(L.cap, cap):
                q[j] = items[L.order[j]]
            L.cap = cap
        end = L.cap
        with nogil:
            r = _bf_advance(&L.E, r, end, L.items, L.order, L.off, &L.peak, limit,
                            L.first, max(r_min - r, 0))
        if r < end or (L.peak > limit and r >= r_min):
            break
    L.pos = r
    return r == L.n


cdef class _BfPass:
    """One best-fit (or first-fit) pass that can stop at a peak and resume
    later (a _bf_Lane: the race's unit, exposed for tests): the position
    reached and the peak so far (a lower bound of its final peak, since
    placed buffers never move).  Same offsets as _BfPacker.run."""
    cdef _bf_Lane L
    cdef _bf_Item* items
    cdef object order
    cdef readonly Py_ssize_t min_steps

    def __cinit__(self, order, bint first, sizes, leaves, int shift):
        memset(&self.L, 0, sizeof(_bf_Lane))
        self.items = NULL
        T, lla, lha = leaves
        self.order = np.ascontiguousarray(order, dtype=np.int64)
        self.items = _bf_items(np.ascontiguousarray(sizes, dtype=np.int64), lla, lha)
        self.L.n = len(self.order)
        self.L.first = first
        self.min_steps = _bf_race_steps(self.L.n)
        cdef const int64_t[::1] ov = self.order
        if self.L.n:
            self.L.order = &ov[0]
        _bf_lane_build(&self.L, T, shift)

    def __dealloc__(self):
        _bf_lane_free(&self.L)
        free(self.items)

    @property
    def pos(self):
        return self.L.pos

    @property
    def n(self):
        return self.L.n

    @property
    def peak(self):
        return self.L.peak

    def release(self):
        """Free the structure early (a pass that cannot win)."""
        _bf_lane_free(&self.L)
        self.L.pos = -1

    def advance(self, int64_t limit):
        """Place buffers until one raises the peak above `limit` or all are
        placed; returns whether the pass is complete."""
        if self.L.pos < 0:
            raise ValueError("pass released")
        if self.L.pos == self.L.n:
            return True
        return bool(_bf_lane_advance(&self.L, self.items, limit, self.min_steps))

    def offsets(self):
        """The offsets by buffer index (the pass must be complete)."""
        return _bf_lane_offsets(&self.L, self.order)


cdef object _bf_lane_offsets(_bf_Lane* L, order):
    # offsets by buffer index of a complete lane
    out = np.empty(L.n, dtype=np.int64)
    cdef int64_t[::1] ov = out
    cdef const int64_t[::1] rv = order
    cdef Py_ssize_t r
    for r in range(L.n):
        ov[rv[r]] = L.off[r]
    return out


# A pass of the race may run this share of the lower bound (as a shift) past
# the point where another pass has the lower peak: fewer switches between
# passes whose peaks climb together, at the cost of a little work past the
# winner's peak.  The plan does not depend on it.
_BF_RACE_SLACK_SHIFT = 12
# From this many buffers effort 1 runs the sweep after the race, stopped as
# soon as it exceeds the race's peak (it rarely beats it; ~10% of the work
# when run in full); below, first: small problems often meet the lower bound
# with it, and then the race never starts.  The plan does not depend on it.
_BF_SWEEP_LAST_N = 2000
# Effort 2 races its 33 passes on time buckets up to this many buffers
# (~25% less CPU than the portfolio's on random 10^4 and 10^5, same plans);
# above, their structures at once would cost more memory than the portfolio
# (at 10^5 ~200 MB against ~80-150 MB), and it runs on 2 threads.
_BF_RACE2_MAX_N = 50_000
# A turn of the race places at least max(_BF_RACE_MIN_STEPS, n >> _BF_RACE_STEPS_SHIFT)
# buffers per turn.  The plan does not depend on either.  A losing pass's last
# turn runs its full length past the point where the pass stopped being
# lowest, so long turns are placements the race does not need (n >> 5 was ~4%
# of the placements at 10^3..10^5 on random buffers); a switch itself costs
# little next to a placement since the race loop is C.
_BF_RACE_MIN_STEPS = 32
_BF_RACE_STEPS_SHIFT = 7


cdef Py_ssize_t _bf_race_steps(Py_ssize_t n):
    # a turn of the race places at least this many buffers: passes whose
    # peaks climb together would else swap after every buffer (the
    # switches, not the placements, were most of a small race)
    return max(<Py_ssize_t>_BF_RACE_MIN_STEPS, n >> <int>_BF_RACE_STEPS_SHIFT)


cdef Py_ssize_t _bf_race_lanes(_bf_Lane* L, Py_ssize_t m, Py_ssize_t T, int shift,
                               const _bf_Item* items, int64_t best_total, int64_t target,
                               int64_t slack, Py_ssize_t min_steps) except -2:
    """The race of _bf_race over m lanes (zeroed but for order, n, first;
    built here when they first run, freed once they cannot win): the index
    of the winner, or -1 when best_total is not beaten.  low[k] is
    max(target, L[k].peak)."""
    cdef Py_ssize_t i, j, k
    cdef int64_t lim, lk
    while True:
        # the lowest (low, index) among the lanes and `best` (index -1)
        k = -1
        for i in range(m):
            lk = max(L[i].peak, target)
            if lk < best_total and (k < 0 or lk < max(L[k].peak, target)):
                k = i
        if k < 0:
            return -1
        if L[k].pos == L[k].n and L[k].built:
            return k
        # k advances while it stays lowest: below every earlier lane's low,
        # up to every later one's (ties go to the earlier)
        lim = best_total - 1
        for j in range(m):
            lk = max(L[j].peak, target)
            if j < k:
                if lk - 1 < lim:
                    lim = lk - 1
            elif j > k and lk < lim:
                lim = lk
        if lim < INT64_MAX - slack:
            lim += slack
        if not L[k].built:
            _bf_lane_build(&L[k], T, shift)
        _bf_lane_advance(&L[k], items, lim, min_steps)
        if max(L[k].peak, target) >= best_total:
            _bf_lane_free(&L[k])


def _bf_race(leaves, sizes, cands, best, int64_t best_total, int64_t target, int shift):
    """The lowest peak of the (order, first fit?) passes `cands` and of the
    plan `best` (peak best_total, counted as earlier than all of them):
    (offsets, peak, order, first), order None when `best` wins; ties go to
    the earliest.  Same answer as running every pass to the end, but each
    pass runs only while it may still win: the passes are resumable
    (_bf_Lane), the one with the lowest (peak so far, index) advances until
    its peak passes the next lowest one's, and the first pass to complete
    while lowest is the answer (every other pass's final peak is at least its
    peak so far).  So a losing pass stops near the winner's peak, whatever
    order the passes are listed in, as if the winner had run first.  No
    final peak is below `target` (the lower bound): a pass runs freely up to
    it, and one that completes there wins against every later one at once.
    A pass's structure is built when it first runs (below the bound a pass
    may win outright, and then the later ones never run), and a pass
    gathers its sizes and leaf ranges and holds its offsets only up to
    about the position it reached (a losing pass stops early).  Pure Python equivalent::

        runs = [(best_total, -1, best)] + [(peak, k, off) for k, (o, f) in
                enumerate(cands) for off, peak in [best_fit_pass(o, f)]]
        peak, k, off = min(runs, key=lambda x: (x[0], x[1]))
    """
    cdef Py_ssize_t m = len(cands), i, k, n = len(sizes)
    T, lla, lha = leaves
    cdef const int64_t[::1] ov
    if n == 0 or m == 0:
        return best, best_total, None, False
    orders = [np.ascontiguousarray(o, dtype=np.int64) for o, _ in cands]
    cdef _bf_Item* items = _bf_items(np.ascontiguousarray(sizes, dtype=np.int64), lla, lha)
    cdef _bf_Lane* L = <_bf_Lane*>malloc(m * sizeof(_bf_Lane))
    if L == NULL:
        free(items)
        raise MemoryError()
    memset(L, 0, m * sizeof(_bf_Lane))
    try:
        for i in range(m):
            ov = orders[i]
            L[i].order = &ov[0]
            L[i].n = n
            L[i].first = bool(cands[i][1])
        k = _bf_race_lanes(L, m, T, shift, items, best_total, target,
                           target >> <int>_BF_RACE_SLACK_SHIFT, _bf_race_steps(n))
        if k < 0:
            return best, best_total, None, False
        return _bf_lane_offsets(&L[k], orders[k]), max(L[k].peak, target), cands[k][0], cands[k][1]
    finally:
        for i in range(m):
            _bf_lane_free(&L[i])
        free(L)
        free(items)


def _bf_search_passes(int effort):
    """Local search passes at this effort: none below 3, then
    _BF_SEARCH_PASSES * 4**(effort - 3) (capped at 2**40)."""
    if effort < 3:
        return 0
    return _BF_SEARCH_PASSES << min(2 * (effort - 3), 33)


def _bf_search(starts, ends, sizes, int effort, uint64_t seed=0x5EED):
    cdef Py_ssize_t n = len(sizes)
    if effort == 1 and n > _BF_LARGE_N:
        return _bf_large(starts, ends, sizes)
    if effort == 1:
        leaves = _bf_leaves(starts, ends)
        shift = _bf_bk_shift(leaves[1], leaves[2], n)
        if shift >= 0:
            # on time buckets, the passes raced (on the tree, nine trees at
            # once cost more than the race saves: Y_1, 62185 buffers, ~1.2x;
            # there the passes run one after the other).  The sweep is the
            # earliest on ties wherever it runs: same plan either way.
            target = _lower_bound(starts, ends, sizes)
            best, best_total = None, INT64_MAX
            if n < _BF_SWEEP_LAST_N:
                best, best_total = _pack_sweep(starts, ends, sizes, 1, 0)
                if best_total <= target:
                    return best, best_total
            cands = _bf_effort1_passes(starts, ends, sizes, False)
            # the first-use pass runs on the sweep's heap after the race, not
            # in it (half a bucket pass's cost per buffer, and on 10^3..10^4
            # random buffers it is the loser that runs longest)
            raced = cands[:_BF_FIRST_USE_PASS] + cands[_BF_FIRST_USE_PASS + 1:]
            best, best_total, order, _ = _bf_race(leaves, sizes, raced, best, best_total, target,
                                                  shift)
            k = -1 if order is None else next(j for j, (o, _) in enumerate(cands) if o is order)
            # the first-use pass wins ties against the later passes only
            ff_cut = best_total - (k < _BF_FIRST_USE_PASS)
            if n < _BF_SWEEP_LAST_N:
                if k < _BF_FIRST_USE_PASS and best_total <= target:
                    return best, best_total
                sw, sw_total = _pack_sweep(starts, ends, sizes, 1, 0, ff_cut, True)
                return (sw, sw_total) if sw_total >= 0 else (best, best_total)
            if k < _BF_FIRST_USE_PASS and best_total <= target:
                # the sweep can only tie the race's plan, and then the
                # first-use pass cannot beat it
                sw, sw_total = _pack_sweep(starts, ends, sizes, 1, 0, best_total)
                return (sw, sw_total) if sw_total >= 0 else (best, best_total)
            # both sweeps in one walk: when the sweep wins (k = -1 then) the
            # first-use pass must beat its peak, a cutoff at most ff_cut, so
            # it runs to ff_cut and is compared after
            (sw, sw_total), (fu, fu_total) = _pack_sweeps(starts, ends, sizes, (best_total, ff_cut),
                                                          (False, True))
            if sw_total >= 0:
                best, best_total, ff_cut = sw, sw_total, sw_total - 1
            if 0 <= fu_total <= ff_cut:
                return fu, fu_total
            return best, best_total
    # the O(n log n) sweep is the first candidate (and all of effort 0)
    best, best_total = _pack_sweep(starts, ends, sizes, 1, 0)
    if effort == 0:
        return best, best_total
    target = _lower_bound(starts, ends, sizes)
    if best_total <= target:
        return best, best_total
    cdef int64_t npass = _bf_search_passes(effort)
    if effort != 1:
        leaves = _bf_leaves(starts, ends)
    # effort 1's nine passes (the same at every size up to _BF_LARGE_N, so
    # the work per buffer does not jump with n; on the tree, one after the
    # other in _BF_RUN_ORDER), then effort 2's
    cands = _bf_effort1_passes(starts, ends, sizes)
    cdef _BfPacker P = None
    if effort >= 2:
        cands += [(o, f) for o in _bf_orders(starts, ends, sizes) for f in (False, True)]
        shift = _bf_bk_shift(leaves[1], leaves[2], n) if n <= _BF_RACE2_MAX_N else -1
    if effort >= 2 and shift >= 0:
        # effort 2's passes raced on time buckets as effort 1's (same plan
        # as the portfolio's: the lowest peak, the earliest on ties, the
        # sweep first)
        best, best_total, best_order, best_first = _bf_race(leaves, sizes, cands, best,
                                                            best_total, target, shift)
    else:
        # without the local search, passes run on time buckets when they can
        # (effort 1 computed the bucket width above)
        P = _BfPacker(None, None, sizes, npass == 0, shift if effort == 1 else -1, leaves=leaves)
        run_order = _BF_RUN_ORDER
        if effort >= 2:
            run_order = list(run_order) + list(range(len(run_order), len(cands)))
        best, best_total, best_order, best_first = _bf_portfolio(
            P, leaves, sizes, cands, best, best_total, target, run_order, effort >= 2)
    if best_total <= target:
        return best, best_total
    large = _bf_large(starts, ends, sizes) if n > _BF_LARGE_N else None
    if npass > 0 and n >= 2:
        if P is None:
            P = _BfPacker(None, None, sizes, False, -1, leaves=leaves)
        if best_order is None:
            best_order = np.lexsort((np.arange(n), -sizes, starts))
            best_first = False
        best_total = _bf_local_search_run(P, best_order, best_first, best, best_total,
                                          npass, target, seed)
    if large is not None and large[1] < best_total:
        return large
    return best, best_total


def _bf_local_search_run(_BfPacker P, order, bint first, best, int64_t total,
                         int64_t npass, int64_t target, uint64_t seed):
    # _bf_local_search from `order` (packed into `best` with peak `total`);
    # improves `best` in place, returns its peak
    cdef Py_ssize_t n = P.n
    cdef int64_t[::1] ordv = np.ascontiguousarray(order, dtype=np.int64).copy()
    cdef int64_t[::1] candv = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] curv = best.copy()
    cdef int64_t[::1] workv = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] bestv = best
    cdef const int64_t[::1] szv = P.sizes_arr
    cdef const Py_ssize_t[::1] llv = P.lla
    cdef const Py_ssize_t[::1] lhv = P.lha
    with nogil:
        total = _bf_local_search(&P.E, n, &szv[0], &llv[0], &lhv[0], &ordv[0],
                                 &candv[0], &curv[0], &workv[0], &bestv[0],
                                 total, npass, target, seed, first)
    return total


# strategy="search" runs _bf_search_start's extra passes only from this many
# buffers: below it the tree search itself tightens the plan faster, and its
# results there do not depend on a changed start.
_BF_START_MIN_N = 4096
# Work units (the search's: a node, or 256 buffers scanned) charged per
# buffer of an extra pass, as a shift: a pass places each buffer against its
# live set, far more than the search's scan of it.
_BF_START_UNIT_SHIFT = 4


def _bf_start_passes(starts, ends, sizes):
    """The (order, first fit?) passes effort 2 adds to effort 1, first-fit
    ones first (each about half a best-fit pass's cost, and on the random
    workload above 10^4 buffers the more frequent winners), then best fit;
    inside each group effort 2's order.  Above _BF_LARGE_N buffers
    effort 1's own eight passes lead (effort 1 is _bf_large there)."""
    n = len(sizes)
    extra = [] if n <= _BF_LARGE_N else list(_bf_default_orders(starts, ends, sizes))
    orders = _bf_orders(starts, ends, sizes)
    return extra + [(o, True) for o in orders] + [(o, False) for o in orders]


def _bf_search_start(starts, ends, sizes, int64_t target, int64_t work_limit, double deadline):
    """The plan strategy="search" starts from: (offsets, peak, work units
    spent).  Effort 1's plan; then, from _BF_START_MIN_N buffers and while its
    peak is above `target` (the lower bound), the passes of
    _bf_start_passes one after the other, each kept if strictly lower,
    within a quarter of `work_limit` (a pass costs n >> _BF_START_UNIT_SHIFT
    units, plus one) and until time.monotonic() passes `deadline` (checked
    before each pass; < 0: no deadline).  On a component of 10^4 buffers a
    search node scans them all, so the tree search cannot finish one descent
    in seconds while a pass costs tens of milliseconds; a plan at the bound
    is proven optimal at once.  Deterministic when the deadline does not cut
    it.  Pure Python equivalent (no deadline; best_fit_pass as in
    _pack_best_fit)::

        best, peak = pack(effort=1)
        k = min(len(passes), (work_limit // 4) // ((n >> 4) + 1)) if n >= 4096 else 0
        for order, first in passes[:k]:
            if peak <= target: break
            off, p = best_fit_pass(order, first)
            if p < peak: best, peak = off, p
    """
    cdef Py_ssize_t n = len(sizes)
    best, best_total = _bf_search(starts, ends, sizes, 1)
    if n < _BF_START_MIN_N or best_total <= target or work_limit <= 0:
        return best, best_total, 0
    cdef int64_t per = (n >> _BF_START_UNIT_SHIFT) + 1
    cdef int64_t allowed = (work_limit >> 2) // per, k = 0
    if allowed <= 0:
        return best, best_total, 0
    leaves = _bf_leaves(starts, ends)
    cdef _BfPacker P = _BfPacker(None, None, sizes, True, -1, leaves=leaves)
    work = np.empty(n, dtype=np.int64)
    for order, first in _bf_start_passes(starts, ends, sizes):
        if best_total <= target or k >= allowed or (deadline >= 0 and time.monotonic() > deadline):
            break
        k += 1
        t = P.run(np.ascontiguousarray(order, dtype=np.int64), work, best_total - 1, 0, first)
        if t >= 0:
            best, work = work, best
            best_total = t
    return best, best_total, k * per


def _pack_best_fit(const int64_t[::1] starts, const int64_t[::1] ends,
                   const int64_t[::1] sizes, int64_t alignment, int effort):
    """Best-fit offset assignment for buffers with inclusive lifetimes.

    Assumes validated input (fastalloc.packing.pack): starts <= ends, sizes
    >= 0 and multiples of `alignment` (so every gap and offset stays aligned).
    Buffers are placed one at a time, each in the smallest gap (lowest on
    ties) left by the already placed buffers whose lifetimes meet its own, or
    on top of them (best fit), or in the lowest gap that fits (first fit).
    Which passes, by effort (each pass costs about the live set per buffer,
    so the time grows like n times the number of passes, at every size):

    * effort 0: first use, larger first; with that order the placed buffers
      that meet the next one are the live ones, so a simulated malloc heap
      (_pack_sweep) does the pass in O(n log n).
    * effort 1 (default): the sweep, the 8 passes of _bf_default_orders
      (omnimalloc's greedy orders in first fit, two size-class orders in
      best fit) and best fit by octave class, longest first (the first of
      _bf_large_orders), keeping the lowest peak (the earliest on ties) as
      XLA's heap simulator does; the same passes at every size, raced
      when they run on time buckets (_bf_race: resumable passes, the one
      with the lowest peak so far advances, so a losing pass stops near
      the winner's peak whichever pass wins; the sweep first below
      _BF_SWEEP_LAST_N buffers, else last with that peak as cutoff; the
      first-use pass in first fit is not raced but run last on the
      sweep's heap, _pack_sweep(first=True), with the cutoff the race's
      tie rule gives it; when the sweep runs last, both in one walk,
      _pack_sweeps), on the tree one after the other in
      _BF_RUN_ORDER, each stopped once it exceeds the best peak so far.
      Above _BF_LARGE_N buffers, _bf_large instead: independent
      time chunks on 2 threads (_bf_tiered): one pass each over the buffers
      holding all but 1/64 of the bytes, the rest stacked on them, and in
      the chunks near the peak one pass over all but the smallest (1/4096
      of the bytes, swept on top), the chunk of the peak retried in other
      orders.
    * effort 2: also the 12 orders of _bf_orders, each in best and in first
      fit (33 passes; raced on time buckets up to _BF_RACE2_MAX_N buffers,
      else one after the other on 2 threads), and _bf_large above
      _BF_LARGE_N buffers.
    * effort k >= 3: then an iterated local search on the best order
      (_bf_local_search) of _BF_SEARCH_PASSES * 4**(k - 3) passes.
    A higher effort tries a superset of the lower one's plans (the search
    replays the same seeded moves, longer), so its peak is never higher,
    except effort 1 against 0 above _BF_LARGE_N buffers (no sweep there).
    One pass in a given order is a segment tree over time holding unions of
    byte ranges (_bf_Tree, O(log T) lists per query and insertion) or, when
    the local search does not run and lifetimes are short against the time
    axis, flat time buckets (_bf_Bk, ~4x faster there, same offsets).

    Everything is deterministic: stable sorts with ties by index, a seeded
    splitmix64 generator for the local search, no timing-based budget.

    Pure Python equivalent of one pass::

        for i in order:
            busy = sorted((off[j], off[j] + size[j]) for j in placed
                          if start[j] <= end[i] and start[i] <= end[j])
            cur, best = 0, None
            for lo, hi in busy:
                if lo - cur >= size[i] and (best is None or lo - cur < best[0]):
                    best = (lo - cur, cur)
                cur = max(cur, hi)
            off[i] = best[1] if best else cur
    """
    cdef Py_ssize_t n = sizes.shape[0]
    if n == 0:
        return np.zeros(0, dtype=np.int64), 0
    offsets, total = _bf_search(np.asarray(starts), np.asarray(ends), np.asarray(sizes), effort)
    return offsets, int(total)


def _pack_best_fit_order(const int64_t[::1] starts, const int64_t[::1] ends,
                         const int64_t[::1] sizes, order, bint first=False):
    """One best-fit pass in the given order (first fit with `first`; for
    tests and experiments), on the tree as the local search runs it."""
    return _bf_order_pass(starts, ends, sizes, order, -1, first)


def _pack_best_fit_order_bk(const int64_t[::1] starts, const int64_t[::1] ends,
                            const int64_t[::1] sizes, order, int shift=-1, bint first=False):
    """One best-fit pass (first fit with `first`) in the given order on time
    buckets of 2**shift leaves (default: _bf_bk_shift's choice, else 0); for
    tests."""
    if shift < 0:
        _, lla, lha = _bf_leaves(np.asarray(starts), np.asarray(ends))
        shift = max(_bf_bk_shift(lla, lha, sizes.shape[0]), 0) if sizes.shape[0] else 0
    return _bf_order_pass(starts, ends, sizes, order, shift, first)


def _bf_order_pass(const int64_t[::1] starts, const int64_t[::1] ends,
                   const int64_t[::1] sizes, order, int shift, bint first):
    # _bf_place in `order` on buckets of 2**shift leaves (by position, as
    # _BfPacker runs them), or with shift < 0 on the tree (by buffer, as the
    # local search runs it)
    cdef Py_ssize_t n = sizes.shape[0]
    offsets = np.zeros(n, dtype=np.int64)
    if n == 0:
        return offsets, 0
    T, lla, lha = _bf_leaves(np.asarray(starts), np.asarray(ends))
    order = np.ascontiguousarray(order, dtype=np.int64)
    cdef const Py_ssize_t[::1] llv = lla
    cdef const Py_ssize_t[::1] lhv = lha
    cdef const int64_t[::1] ordv = order
    cdef int64_t[::1] offv = offsets
    cdef int64_t t
    cdef _bf_Eng E
    memset(&E, 0, sizeof(_bf_Eng))
    try:
        _bf_eng_init(&E, T, shift)
        if shift >= 0:
            t = _bf_bk_run(&E, order, np.asarray(sizes), lla, lha, offsets, INT64_MAX, 0, first)
        else:
            with nogil:
                t = _bf_place(&E, &ordv[0], n, &sizes[0], &llv[0], &lhv[0],
                              &offv[0], INT64_MAX, 0, first)
    finally:
        _bf_eng_free(&E)
    return offsets, int(t)
