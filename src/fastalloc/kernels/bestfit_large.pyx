# cython: language_level=3
"""The default's plan above 10^5 buffers (``_bf_large``, ``bestfit``'s
effort 1 there): time chunks packed in tiers (``_bf_tiered``) or, when the
time axis does not cut, best-fit passes over chunks (``_bf_chunked``) with
the smallest buffers swept on top; and the pool of threads its passes and
the default's portfolio run on (``_BfPool``, ``_bf_parallel``).

Its passes are ``bestfit``'s (``_BfPacker`` on its leaves ``_bf_leaves``),
and ``bestfit`` calls ``_bf_large``: so this module imports those two when a
plan is made, not when it is loaded (either module can then be imported
first).  Assumes validated input (``fastalloc.packing.pack``)."""

import threading

from libc.stdint cimport int64_t, INT64_MAX

import numpy as np

from fastalloc.kernels.bestfit_engine import _bf_bk_shift
from fastalloc.kernels.sort import _argsort_stable
from fastalloc.kernels.sweep import _pack_sweep


# Share of the bytes that _bf_large leaves to the sweep: the buffers below the
# size at which the smallest ones add up to 1/4096 of the sum of all sizes.
# Stacked on top, they cost up to that share of the total: 1/256 gave up
# ~0.3% (random 10^6, four seeds: 1.030-1.038 at 1/4096 against
# 1.033-1.041), for ~1.4x the CPU.
_BF_SMALL_SHIFT = 12


def _bf_order_by_class(starts, sizes, lla, double q):
    """Size classes (sizes equal up to a factor 2**(1/q)) largest first,
    first use inside a class, ties by index: one sort of packed int64 keys
    when they fit (~10x faster than np.lexsort at 10^6), np.lexsort else."""
    n = len(sizes)
    cls = np.floor(np.log2(np.maximum(sizes.astype(np.float64), 1.0)) * q).astype(np.int64)
    cls = int(cls.max()) - cls                       # 0 for the largest class
    nb = max(int(n - 1).bit_length(), 1)
    cb = max(int(cls.max()).bit_length(), 1)
    if cb + 2 * nb <= 63:
        key = (cls << (2 * nb)) | (lla.astype(np.int64) << nb) | np.arange(n, dtype=np.int64)
        key.sort()
        return key & ((1 << nb) - 1)
    return np.lexsort((np.arange(n), starts, cls))


# _bf_large cuts the time axis into up to this many chunks of equal leaf
# counts (at least _BF_CHUNK_LEAVES leaves each) ...
_BF_CHUNKS = 64
_BF_CHUNK_LEAVES = 1024
# ... and re-packs the chunk holding the peak in the next of these orders
# (after the base one: half-octave classes by first use), keeping the lower
# peak, at most this many times.  (kind, classes per octave): "start" first
# use and "longest" longest first inside a class, "last" last use first;
# "size" exact size then first use, "area" size x lifetime.
_BF_RETRIES = 16
_BF_CHUNK_ORDERS = (("start", 4.0), ("longest", 1.0), ("start", 3.0), ("longest", 1.5),
                    ("start", 1.0), ("longest", 2.0), ("size", 0.0), ("area", 0.0),
                    ("last", 1.0), ("last", 2.0), ("start", 1.5))
# Threads of a _BfPool (this one included): _bf_large's and the default's
# portfolio; the plan does not depend on it.
_BF_THREADS = 2


class _BfPool:
    """Tasks run in submission order by this thread and _BF_THREADS - 1
    helpers, each taking the next task when it is free; the kernels release
    the GIL, so the tasks overlap, and a task submitted first (the sweep of
    _bf_large) runs while this thread prepares the others.  Tasks must not
    depend on each other: then the results (in submission order) are the
    same whatever the thread count or timing.  results() waits for all of
    them and raises the error of the first failed task; close() (idempotent,
    also done by results()) lets the helpers finish."""

    def __init__(self):
        self.tasks = []
        self.res = []
        self.errors = []
        self.next = 0
        self.closed = False
        self.cv = threading.Condition()
        self.helpers = [threading.Thread(target=self._work, args=(True,), daemon=True)
                        for _ in range(max(_BF_THREADS, 1) - 1)]
        for t in self.helpers:
            t.start()

    def submit(self, task):
        with self.cv:
            self.tasks.append(task)
            self.res.append(None)
            self.errors.append(None)
            self.cv.notify()

    def _work(self, bint wait):
        while True:
            with self.cv:
                while wait and self.next >= len(self.tasks) and not self.closed:
                    self.cv.wait()
                if self.next >= len(self.tasks):
                    return
                k = self.next
                self.next = k + 1
                task = self.tasks[k]
            try:
                r = task()
            except BaseException as exc:
                self.errors[k] = exc
            else:
                self.res[k] = r

    def close(self):
        with self.cv:
            self.closed = True
            self.cv.notify_all()

    def results(self):
        self.close()
        self._work(False)
        for t in self.helpers:
            t.join()
        for exc in self.errors:
            if exc is not None:
                raise exc
        return self.res


def _bf_parallel(tasks):
    """The results of independent zero-argument callables, in order (see
    _BfPool)."""
    pool = _BfPool()
    try:
        for task in tasks:
            pool.submit(task)
        return pool.results()
    finally:
        pool.close()


def _bf_chunk_order(starts, ends, sizes, spec):
    """The order `spec` (an entry of _BF_CHUNK_ORDERS, or the kind and
    classes of one of _BF_TIER_ORDERS) of these buffers, ties by index."""
    kind, q = spec
    idx = np.arange(len(sizes))
    if kind == "size":
        return np.lexsort((idx, starts, -sizes))
    if kind == "area":
        return np.lexsort((idx, starts, -(sizes * (ends - starts + 1.0))))
    cls = -np.floor(np.log2(np.maximum(sizes.astype(np.float64), 1.0)) * q)
    if kind == "start":
        return np.lexsort((idx, starts, cls))
    if kind == "longest":
        return np.lexsort((idx, starts - ends, cls))
    return np.lexsort((idx, -ends, cls))


def _bf_chunk_job(x, cs, ce, first, sizes, lla, lha, shift, off):
    """The pass of one time chunk, for _bf_chunked and _bf_tiered:
    job(c, oc, cutoff, first_fit=False) places chunk c's own buffers `oc` in
    that order by best fit (first fit with `first_fit`) around the crossing buffers `x` that meet the chunk (already
    placed: their offsets are read from `off` when the job runs), on the
    chunk's own leaves (first[c] .. first[c + 1] - 1), and returns (peak,
    offsets of oc); the peak exceeds `cutoff` only if the pass stopped there.
    Chunk c spans cs..ce of each buffer's chunks; a crossing buffer meets
    every chunk from cs[i] to ce[i] (a long lifetime may cross several)."""
    from fastalloc.kernels.bestfit import _BfPacker   # see the module docstring
    cdef Py_ssize_t C = len(first) - 1
    span = ce[x] - cs[x] + 1
    rep = np.repeat(x, span)
    ch = np.repeat(cs[x] - (np.cumsum(span) - span), span) + np.arange(len(rep))
    rep = rep[_argsort_stable(ch)]
    xptr = np.zeros(C + 1, dtype=np.int64)
    np.cumsum(np.bincount(ch, minlength=C), out=xptr[1:])

    def job(Py_ssize_t c, oc, int64_t cutoff, bint first_fit=False):
        cr = rep[xptr[c]:xptr[c + 1]]
        idx = np.concatenate((cr, oc))
        lo = first[c]
        tc = first[c + 1] - lo
        P = _BfPacker(None, None, sizes[idx], True, shift,
                      leaves=(tc, np.clip(lla[idx] - lo, 0, tc - 1).astype(np.intp, copy=False),
                              np.clip(lha[idx] - lo, 0, tc - 1).astype(np.intp, copy=False)))
        w = np.empty(len(idx), dtype=np.int64)
        w[:len(cr)] = off[cr]
        t = P.run(np.arange(len(idx), dtype=np.int64), w, cutoff, len(cr), first_fit)
        return t, w[len(cr):]
    return job


def _bf_chunked(starts, ends, sizes, pool):
    """The best-fit plan of _bf_large's big buffers, (offsets, peak); its
    passes run as tasks of `pool` (after the tasks already submitted), and
    `pool` is done (its results() taken) on return.

    The time axis (leaves) is cut into C chunks of equal leaf counts.  The
    buffers whose lifetime crosses a chunk boundary are placed first, by
    themselves, in the base order (half-octave classes by first use); then
    the buffers of each chunk in the base order around the crossing ones
    that meet the chunk.  Buffers of two different chunks never meet, so the
    chunks are independent: they run in parallel, and the chunk holding the
    peak can be re-packed in other orders (_BF_CHUNK_ORDERS), keeping the
    lower peak, until no order lowers it or _BF_RETRIES passes are spent.
    The peak is an extreme over the whole axis, so one greedy order's worst
    spot decides it: trying other orders where it is gains much more per
    pass than a second order over everything (random 10^6: 1.034-1.041
    against 1.041-1.069).  Same result as placing, in one pass, the crossing
    buffers and then each chunk's buffers in its final order.  Without
    chunks (short axis, long lifetimes: more than 1/8 of the buffers
    crossing, or lifetimes the time buckets do not suit), one pass in the
    base order."""
    from fastalloc.kernels.bestfit import _BfPacker, _bf_leaves   # see the module docstring
    cdef Py_ssize_t m = len(sizes), C, c, k, r
    T, lla, lha = _bf_leaves(starts, ends)
    shift = _bf_bk_shift(lla, lha, m)
    if m > 1 and bool(np.all(starts[1:] >= starts[:m - 1])):
        # labels already by first use (_bf_large): a counting sort by class
        # gives the same order as _bf_order_by_class
        cls = np.floor(np.log2(np.maximum(sizes.astype(np.float64), 1.0)) * 2.0).astype(np.int64)
        base = _argsort_stable(-cls)
    else:
        base = _bf_order_by_class(starts, sizes, lla, 2.0)
    C = min(_BF_CHUNKS, T // _BF_CHUNK_LEAVES) if shift >= 0 else 1
    if C >= 2:
        cs = lla.astype(np.int64) * C // T
        ce = lha.astype(np.int64) * C // T
        crossing = cs != ce
        if np.count_nonzero(crossing) > m // 8:
            C = 1
    if C < 2:
        P1 = _BfPacker(None, None, sizes, True, shift, leaves=(T, lla, lha))
        work = np.empty(m, dtype=np.int64)
        k = len(pool.tasks)
        pool.submit(lambda: P1.run(np.ascontiguousarray(base, dtype=np.int64), work))
        return work, pool.results()[k]
    off = np.zeros(m, dtype=np.int64)
    # the crossing buffers by themselves (their own leaves: fewer)
    x = np.flatnonzero(crossing)
    pos = np.empty(m, dtype=np.int64)
    pos[x] = np.arange(len(x))
    xw = np.empty(len(x), dtype=np.int64)
    Px = _BfPacker(starts[x], ends[x], sizes[x], True)
    Px.run(np.ascontiguousarray(pos[base[crossing[base]]]), xw)
    off[x] = xw
    # each chunk's own buffers in the base order, and the crossing ones
    # meeting it (a long lifetime may cross several boundaries)
    og = base[~crossing[base]]
    ogc = cs[og]
    own = og[_argsort_stable(ogc)]
    optr = np.zeros(C + 1, dtype=np.int64)
    np.cumsum(np.bincount(ogc, minlength=C), out=optr[1:])
    first = (np.arange(C + 1, dtype=np.int64) * T + (C - 1)) // C   # first leaf of each chunk
    job = _bf_chunk_job(x, cs, ce, first, sizes, lla, lha, shift, off)

    k = len(pool.tasks)
    for c in range(C):
        pool.submit(lambda c=c: job(c, own[optr[c]:optr[c + 1]], INT64_MAX))
    res = pool.results()[k:]
    peaks = np.empty(C, dtype=np.int64)
    for c in range(C):
        peaks[c] = res[c][0]
        off[own[optr[c]:optr[c + 1]]] = res[c][1]
    # retries two orders at a time (in parallel; the lower peak wins, the
    # earlier order on ties), on the chunk holding the peak (the first one)
    tried = np.zeros(C, dtype=np.int64)
    for r in range(0, _BF_RETRIES, 2):
        c = int(np.argmax(peaks))
        oc = own[optr[c]:optr[c + 1]]
        if tried[c] >= len(_BF_CHUNK_ORDERS) or len(oc) == 0:
            break
        cand = [oc[_bf_chunk_order(starts[oc], ends[oc], sizes[oc], spec)]
                for spec in _BF_CHUNK_ORDERS[tried[c]:tried[c] + 2]]
        tried[c] += 2
        cut = peaks[c] - 1
        res = _bf_parallel([lambda o=o: job(c, o, cut) for o in cand])
        for o, (t, w) in zip(cand, res):
            if 0 <= t < peaks[c]:
                peaks[c] = t
                off[o] = w
    return off, int(peaks.max())


# _bf_tiered's tiers: the "rest" are the buffers below the size at which the
# smallest ones hold 1/2**_BF_REST_SHIFT of the bytes (the "tiny" ones of
# _BF_SMALL_SHIFT are among them).
_BF_REST_SHIFT = 6
# and at most this many chunks are packed again near the peak
_BF_REPACKS = 16
# _bf_tiered retries the chunk of the peak in these orders, (kind, classes per
# octave as in _BF_CHUNK_ORDERS, first fit?), at most _BF_TIER_RETRIES passes
# in all.  Mostly first fit: around the fixed crossing buffers the lowest gap
# that fits packs a nearly full chunk tighter than the smallest one, and which
# order wins varies by chunk, so the list runs in the order that lowered the
# peak chunks of random 3*10^5..10^6 problems most often first (the greedy
# cover of 25 such chunks: each order the one that most lowers the mean gap
# to the best of 23 orders, given those before it).
_BF_TIER_RETRIES = 24
_BF_TIER_ORDERS = (("last", 2.0, True), ("longest", 1.5, True), ("start", 2.0, True),
                   ("longest", 1.0, True), ("start", 1.0, True), ("start", 3.0, True),
                   ("area", 0.0, False), ("longest", 2.0, True), ("start", 1.5, True),
                   ("longest", 2.0, False))
# Chunks of _bf_tiered (at most; each at least _BF_CHUNK_LEAVES leaves): fewer
# than _bf_chunked's, since the chunk of the peak is the one packed with
# nearly all its buffers and retried, and a larger one leaves a pass more
# room (random 10^6 seed 1: 1.027 against 1.040 with 64).
_BF_TIER_CHUNKS = 32


def _bf_stack(a, b):
    # a + b for two peaks, or OverflowError
    if a > INT64_MAX - b:
        raise OverflowError(f"stacked peak {a} + {b} overflows int64")
    return a + b


cdef int64_t _bf_slots_kernel(const int64_t* S, const int64_t* E, const int64_t* Z,
                              const int64_t* order, const int64_t* cptr, Py_ssize_t ncls,
                              int64_t* off, int64_t* hk, Py_ssize_t* hs,
                              Py_ssize_t* spare) noexcept nogil:
    # see _bf_slots; -1 when the total overflows int64
    cdef Py_ssize_t c, r, i, h, nfree, nslots, slot, j, k, ch
    cdef int64_t base = 0, width, key
    for c in range(ncls):
        width = 0
        for r in range(cptr[c], cptr[c + 1]):
            if Z[order[r]] > width:
                width = Z[order[r]]
        h = 0
        nfree = 0
        nslots = 0
        for r in range(cptr[c], cptr[c + 1]):
            i = order[r]
            # free the slots of the buffers that ended before i starts
            while h > 0 and hk[0] < S[i]:
                spare[nfree] = hs[0]
                nfree += 1
                h -= 1
                key = hk[h]
                slot = hs[h]
                j = 0
                while True:
                    k = 2 * j + 1
                    if k >= h:
                        break
                    ch = k + 1 if k + 1 < h and (hk[k + 1] < hk[k] or
                                                  (hk[k + 1] == hk[k] and hs[k + 1] < hs[k])) else k
                    if hk[ch] < key or (hk[ch] == key and hs[ch] < slot):
                        hk[j] = hk[ch]
                        hs[j] = hs[ch]
                        j = ch
                    else:
                        break
                hk[j] = key
                hs[j] = slot
            if nfree:
                nfree -= 1
                slot = spare[nfree]
            else:
                slot = nslots
                nslots += 1
            off[i] = base + slot * width
            # push (E[i], slot)
            j = h
            h += 1
            while j > 0:
                k = (j - 1) >> 1
                if hk[k] > E[i] or (hk[k] == E[i] and hs[k] > slot):
                    hk[j] = hk[k]
                    hs[j] = hs[k]
                    j = k
                else:
                    break
            hk[j] = E[i]
            hs[j] = slot
        if width and nslots > (INT64_MAX - base) // width:
            return -1
        base += nslots * width
    return base


def _bf_slots(S, E, Z):
    """A cheap valid stack of buffers, (offsets, total): each half-octave
    size class (floor(2 log2 size)) gets slots as wide as its largest
    buffer, as many as its buffers ever live at once (greedy interval
    colouring in first-use order: a buffer takes the slot freed last, else a
    new one), the classes stacked from the smallest class number up.  Looser
    than the sweep (sizes rounded up to their class's largest, each class's
    own peak), but a heap of the live buffers of one class is all it keeps:
    _bf_tiered stacks the smallest buffers of the chunks far from the peak
    this way, where only their height matters and it stays well below the
    room there.  Ties by index.  Pure Python equivalent::

        off, base = [0] * n, 0
        for c in sorted(set(cls)):
            ids = sorted((i for i in range(n) if cls[i] == c), key=lambda i: (S[i], i))
            width = max(Z[i] for i in ids); live = []; free = []; slots = 0
            for i in ids:
                for x in sorted(x for x in live if x[0] < S[i]):   # (end, slot)
                    live.remove(x); free.append(x[1])
                if free:
                    slot = free.pop()
                else:
                    slot, slots = slots, slots + 1
                off[i] = base + slot * width; live.append((E[i], slot))
            base += slots * width
        return off, base
    """
    cdef Py_ssize_t n = len(Z)
    if n == 0:
        return np.zeros(0, dtype=np.int64), 0
    S = np.ascontiguousarray(S, dtype=np.int64)
    E = np.ascontiguousarray(E, dtype=np.int64)
    Z = np.ascontiguousarray(Z, dtype=np.int64)
    cls = np.floor(np.log2(np.maximum(Z.astype(np.float64), 1.0)) * 2.0).astype(np.int64)
    if n > 1 and bool(np.all(S[1:] >= S[:n - 1])):
        order = _argsort_stable(cls - cls.min())
    else:
        order = np.lexsort((np.arange(n), S, cls))
    order = np.ascontiguousarray(order, dtype=np.int64)
    cnt = np.bincount(cls[order] - cls.min())
    cnt = cnt[cnt > 0]
    cptr = np.zeros(len(cnt) + 1, dtype=np.int64)
    np.cumsum(cnt, out=cptr[1:])
    off = np.empty(n, dtype=np.int64)
    hk = np.empty(n, dtype=np.int64)
    hs = np.empty(n, dtype=np.intp)
    spare = np.empty(n, dtype=np.intp)
    cdef const int64_t[::1] Sv = S, Ev = E, Zv = Z, ov = order, cv = cptr
    cdef int64_t[::1] offv = off, hkv = hk
    cdef Py_ssize_t[::1] hsv = hs, spv = spare
    cdef Py_ssize_t ncls = len(cnt)
    cdef int64_t total
    with nogil:
        total = _bf_slots_kernel(&Sv[0], &Ev[0], &Zv[0], &ov[0], &cv[0], ncls, &offv[0],
                                 &hkv[0], &hsv[0], &spv[0])
    if total < 0:
        raise OverflowError(f"stacked size classes of {n} buffers overflow int64")
    return off, int(total)


def _bf_cuts(lla, lha, Z, Py_ssize_t T, Py_ssize_t C):
    """First leaf of each of C chunks (and T): near the cuts into equal leaf
    counts, each moved to the leaf of least load (bytes live there) within a
    quarter chunk of it, the first on ties.  The buffers crossing a cut are
    placed first and fixed, by themselves, so a cut through the peak would
    leave the chunks there a worse start than one beside it (random 10^6
    seed 1: 1.08 against 1.03).  Pure Python equivalent::

        load[f] = sum(Z[i] for i if lla[i] <= f <= lha[i])
        cut[k] = min(range(b - w, b + w + 1), key=lambda f: (load[f], f))
            for b = ceil(k * T / C), w = T // (4 * C), k = 1 .. C - 1
    """
    # in float64 (bincount's weights): only compared, and summed in a fixed
    # order, so rounding cannot make the choice vary between runs
    zf = Z.astype(np.float64)
    load = np.cumsum(np.bincount(lla, zf, T + 1) - np.bincount(lha + 1, zf, T + 1))
    cuts = (np.arange(C + 1, dtype=np.int64) * T + (C - 1)) // C
    w = T // (4 * C)
    for k in range(1, C):
        b = int(cuts[k])
        lo = b - w
        cuts[k] = lo + int(np.argmin(load[lo:b + w + 1]))
    return cuts


def _bf_tiered(S, E, Z):
    """_bf_large's plan when the time axis cuts into chunks, (offsets, peak),
    or None when it does not (then _bf_large's flat plan).  Labels must be
    by first use (S nondecreasing).

    The buffers crossing a chunk boundary are placed first by one best-fit
    pass (half-octave classes largest first, then first use).  In each chunk
    (independent of the others, so in parallel, on _BF_THREADS threads): the
    big ones (all but the rest, _BF_REST_SHIFT) by a best-fit pass in the
    same order around the crossing ones, up to the chunk's peak p_c, and
    the rest in size-class slots (_bf_slots) stacked on p_c, up to p_c + s_c.
    Where that exceeds P = max p_c (the chunks near the peak: a few, since
    the rest holds 1/64 of the bytes and the chunk peaks spread by more),
    the chunk is packed again: all but the tiny ones (_BF_SMALL_SHIFT) in
    one best-fit pass, the tiny ones swept on top, and the lower of the two
    plans kept (the stacked one on ties).  Then the chunk holding the peak,
    if packed that way, is retried in other orders, mostly first fit
    (_BF_TIER_ORDERS, at most _BF_TIER_RETRIES passes), keeping the lower
    peak.  The best-fit passes,
    the costly part, run over the big buffers everywhere and over nearly all
    of them only near the peak, which is where the peak is decided; the
    rest cost no bytes elsewhere.  Same plan whatever the thread count.

    Pure Python equivalent (best_fit_pass as in _pack_best_fit, over the
    placed crossing buffers; sweep = _pack_sweep)::

        x = crossing; place x by best_fit_pass in class order
        for c in chunks:
            p[c] = best_fit_pass(big own of c); s[c] = slots(rest own of c)
        P = max(p)
        for c in chunks: total[c] = p[c] + s[c]
            if total[c] > P:
                q = best_fit_pass(non-tiny own of c); t = sweep(tiny own of c)
                total[c] = min(total[c], q + t)    # and the offsets with it
        while the chunk c of max(total) was packed again (and retries last):
            for kind, q, first in the next two of _BF_TIER_ORDERS:
                q' = pass(non-tiny own of c in that order, first fit if first)
                if q' < q: q = q'; total[c] = q' + t    # and the offsets
        return offsets, max(total)
    """
    from fastalloc.kernels.bestfit import _BfPacker, _bf_leaves   # see the module docstring
    cdef Py_ssize_t n = len(Z), C, c, r
    if n < 2:
        return None
    zs = np.sort(Z)
    csum = np.cumsum(zs)
    tot = int(csum[n - 1])
    k = int(np.searchsorted(csum, tot >> _BF_SMALL_SHIFT, "right"))
    tiny = Z < zs[k] if k < n else np.ones(n, dtype=bool)
    k = int(np.searchsorted(csum, tot >> _BF_REST_SHIFT, "right"))
    rest = Z < zs[k] if k < n else np.ones(n, dtype=bool)
    T, lla, lha = _bf_leaves(S, E)
    big = np.flatnonzero(~rest)
    if len(big) == 0:
        return None
    shift = _bf_bk_shift(lla[big], lha[big], len(big))
    C = min(_BF_TIER_CHUNKS, T // _BF_CHUNK_LEAVES)
    if shift < 0 or C < 2:
        return None
    first = _bf_cuts(lla, lha, Z, T, C)
    cs = np.searchsorted(first, lla, "right") - 1
    ce = np.searchsorted(first, lha, "right") - 1
    crossing = cs != ce
    if np.count_nonzero(crossing) > n // 8:
        return None
    cls = np.floor(np.log2(np.maximum(Z.astype(np.float64), 1.0)) * 2.0).astype(np.int64)
    off = np.zeros(n, dtype=np.int64)
    # the crossing buffers by themselves (their own leaves: fewer)
    x = np.flatnonzero(crossing)
    if len(x):
        xw = np.empty(len(x), dtype=np.int64)
        Px = _BfPacker(S[x], E[x], Z[x], True)
        Px.run(np.ascontiguousarray(_argsort_stable(-cls[x]), dtype=np.int64), xw)
        off[x] = xw
    # the crossing ones meeting each chunk (a long lifetime may cross several)
    job = _bf_chunk_job(x, cs, ce, first, Z, lla, lha, shift, off)
    cptr = np.searchsorted(cs, np.arange(C + 1, dtype=np.int64), "left")   # cs is sorted

    def sweep(o):
        return _pack_sweep(S[o], E[o], Z[o], 1, 0) if len(o) else (np.zeros(0, np.int64), 0)

    def by_class(o):
        return o[_argsort_stable(-cls[o])]

    owns = []
    obs = []
    tasks = []
    for c in range(C):
        o = np.arange(cptr[c], cptr[c + 1], dtype=np.int64)
        o = o[~crossing[o]]
        owns.append(o)
        ob = by_class(o[~rest[o]])
        obs.append(ob)
        orr = o[rest[o]]
        tasks.append(lambda c=c, ob=ob: job(c, ob, INT64_MAX))
        tasks.append(lambda orr=orr: _bf_slots(S[orr], E[orr], Z[orr]))
    res = _bf_parallel(tasks)
    p = np.array([res[2 * c][0] for c in range(C)], dtype=np.int64)
    P = int(p.max())
    totals = np.empty(C, dtype=np.int64)
    near = []
    for c in range(C):
        o = owns[c]
        s_off, s_top = res[2 * c + 1]
        totals[c] = _bf_stack(int(p[c]), s_top)
        off[obs[c]] = res[2 * c][1]
        orr = o[rest[o]]
        if len(orr):
            off[orr] = s_off + p[c]
        if totals[c] > P:
            near.append(c)
    # the chunks near the peak: nearly all their buffers by best fit, the
    # tiny ones swept on top (the lower plan kept); first those above P,
    # then, while the highest chunk is still stacked, it and the next
    # stacked one (at most _BF_REPACKS chunks); the highest one, when packed
    # that way, is retried in other orders (at most _BF_TIER_RETRIES passes)
    full = {}       # chunk: [order, tiny ones, peak q, tiny top, orders tried or -1]

    def repack(chunks):
        tasks = []
        for c in chunks:
            o = owns[c]
            full[c] = [by_class(o[~tiny[o]]), o[tiny[o]], 0, 0, 0]
            # a pass above the stacked plan's peak cannot win: it stops there
            tasks.append(lambda c=c, of=full[c][0], cut=int(totals[c]) - 1: job(c, of, cut))
            tasks.append(lambda ot=full[c][1]: sweep(ot))
        res = _bf_parallel(tasks)
        for j, c in enumerate(chunks):
            (t, w), (t_off, t_top) = res[2 * j], res[2 * j + 1]
            f = full[c]
            f[2], f[3] = int(t), t_top
            if t >= 0 and _bf_stack(int(t), t_top) < totals[c]:
                tt = int(t) + t_top
                totals[c] = tt
                off[f[0]] = w
                off[f[1]] = t_off + t
            else:
                f[4] = -1           # the stacked plan stays

    repack(near)
    retries = 0
    while True:
        c = int(np.argmax(totals))
        f = full.get(c)
        if f is None:
            if len(full) >= _BF_REPACKS:
                break
            pair = [int(d) for d in np.argsort(-totals, kind="stable") if int(d) not in full][:2]
            repack(pair)
            continue
        if f[4] < 0 or f[4] >= len(_BF_TIER_ORDERS) or retries >= _BF_TIER_RETRIES:
            break
        of, qc = f[0], f[2]
        specs = _BF_TIER_ORDERS[f[4]:f[4] + 2]
        cand = [of[_bf_chunk_order(S[of], E[of], Z[of], spec[:2])] for spec in specs]
        f[4] += 2
        retries += 2
        res = _bf_parallel([lambda o=o, ff=spec[2]: job(c, o, qc - 1, ff)
                            for o, spec in zip(cand, specs)])
        for o, (t, w) in zip(cand, res):
            if 0 <= t < qc:
                off[f[1]] += t - qc
                qc = int(t)
                off[o] = w
        f[2] = qc
        totals[c] = qc + f[3]
    return off, int(totals.max())


def _bf_large(starts, ends, sizes):
    """Effort 1 above 10^5 buffers.  When the time axis cuts into chunks
    (short lifetimes against it), _bf_tiered: best-fit passes over the big
    buffers of every chunk, over nearly all buffers only in the chunks near
    the peak, the rest stacked per chunk.  Else the flat plan: the buffers
    that hold all but 1/4096 of the bytes by _bf_chunked (best-fit passes by half-octave size class and
    first use over time chunks, the chunk of the peak retried in other
    orders), the rest (the smallest) by the sweep on top of them, in
    parallel.  With log-uniform sizes over many octaves most buffers are
    small and carry almost no bytes (64 B..16 MiB: 33% of the buffers below
    4 KiB, 1/4096 of the bytes), so the passes run over two thirds of the
    buffers, and stacking the small ones costs about 1/4096 of the total.  Same plan for the same input, whatever the threads.  Pure
    Python equivalent (with best_fit_pass the one-pass rule of
    _pack_best_fit)::

        zs = sorted(sizes); k = number of zs[:k] with sum <= sum(zs) >> 12
        small = [i for i in range(n) if k == n or sizes[i] < zs[k]]
        big = the others, ordered as _bf_chunked's docstring says
        off, top = best_fit_pass(big)   # with the crossing ones first
        off_s, top_s = _pack_sweep(small)      # first use, larger first
        off[small] = off_s + top; total = top + top_s

    That is the flat plan; when the time axis cuts into chunks, _bf_tiered
    instead (the same passes, but the rest stacked per chunk).
    """
    n = len(sizes)
    if n >= 2:
        # labels by first use (stable: every tie break by index is unchanged)
        perm = _argsort_stable(starts)
        res = _bf_tiered(starts[perm], ends[perm], sizes[perm])
        if res is not None:
            offsets = np.empty(n, dtype=np.int64)
            offsets[perm] = res[0]
            return offsets, res[1]
    zs = np.sort(sizes)
    csum = np.cumsum(zs)
    k = int(np.searchsorted(csum, csum[n - 1] >> _BF_SMALL_SHIFT, "right"))
    small = sizes < zs[k] if k < n else np.ones(n, dtype=bool)
    ib = np.flatnonzero(~small)
    iz = np.flatnonzero(small)
    offsets = np.empty(n, dtype=np.int64)
    top = 0
    pool = _BfPool()
    try:
        if len(iz):
            # first, so that a helper sweeps while this thread prepares the chunks
            ss, es, zs_ = starts[iz], ends[iz], sizes[iz]
            pool.submit(lambda: _pack_sweep(ss, es, zs_, 1, 0))
        if len(ib):
            # relabelled by first use (stable: ties keep their index order, so
            # every tie break by index is unchanged): the chunks' gathers then
            # read nearby memory
            ib = ib[_argsort_stable(starts[ib])]
            off_b, top = _bf_chunked(starts[ib], ends[ib], sizes[ib], pool)
            offsets[ib] = off_b
        res = pool.results()
    finally:
        pool.close()
    if len(iz):
        off_s, top_s = res[0]
        if top > INT64_MAX - top_s:
            raise OverflowError(f"stacked peak {top} + {top_s} overflows int64")
        offsets[iz] = off_s + top
        top += top_s
    return offsets, top
