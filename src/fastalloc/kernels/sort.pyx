# cython: language_level=3
"""Sorting kernels shared by the other kernels.

* ``_argsort_stable(keys)``: indices sorting int64 keys ascending, ties by
  index (``np.argsort(keys, kind="stable")``), as numpy: ``_argsort_into``.
* ``_i64_sort(a, tmp, n)`` (cdef, ``sort.pxd``): in-place ascending sort of
  int64 keys (``a[:n] = sorted(a[:n])``); ``_py_i64_sort`` exposes it to tests.
* ``_argsort_into(keys, n, out)`` (cdef, ``sort.pxd``): the same over
  pointers, without numpy; ``_py_argsort`` exposes it to tests.
* ``_dense_ranks(a, b)``: each key's rank among the distinct keys of both.

numpy is imported only by the functions that return numpy arrays (see
``_buf.pxd``).
"""

from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memset

from fastalloc.kernels._buf cimport new_i64


def _argsort_stable(keys):
    """Indices that sort int64 ``keys`` ascending, ties by index (numpy's
    ``argsort(kind="stable")``), as a numpy array: :func:`_argsort_into` (a
    counting sort when the keys span at most about 4n values, as op indices
    do; else a radix sort) coerced and wrapped for numpy callers.
    Shared by every sweep of the kernels.  Pure Python equivalent::

        sorted(range(len(keys)), key=lambda i: (keys[i], i))
    """
    import numpy as np

    k = np.ascontiguousarray(keys, dtype=np.int64)
    cdef int64_t n = k.shape[0]
    out_arr = np.empty(n, dtype=np.int64)
    if n == 0:
        return out_arr
    cdef const int64_t[::1] kv = k
    cdef int64_t[::1] out = out_arr
    _argsort_into(&kv[0], n, &out[0])
    return out_arr


cdef void _i64_sort(int64_t* a, int64_t* tmp, int64_t n) noexcept nogil:
    """Sort ``a[:n]`` ascending; ``tmp`` has room for n values.  Insertion
    sort of runs of 8, then bottom-up merges written so that the compiler can
    use conditional moves (the keys of a query come in random order).
    Pure Python equivalent: ``a[:n] = sorted(a[:n])``."""
    cdef int64_t lo, hi, i, j, width, mid, k, p, q, x, y
    cdef int64_t* src = a
    cdef int64_t* dst = tmp
    cdef int64_t* sw
    cdef bint t
    lo = 0
    while lo < n:
        hi = lo + 8 if lo + 8 < n else n
        for i in range(lo + 1, hi):
            x = a[i]
            j = i
            while j > lo and x < a[j - 1]:
                a[j] = a[j - 1]
                j -= 1
            a[j] = x
        lo = hi
    width = 8
    while width < n:
        lo = 0
        while lo < n:
            mid = lo + width if lo + width < n else n
            hi = lo + 2 * width if lo + 2 * width < n else n
            p = lo
            q = mid
            k = lo
            while p < mid and q < hi:
                x = src[p]
                y = src[q]
                t = y < x
                dst[k] = y if t else x
                q += t
                p += 1 - t
                k += 1
            while p < mid:
                dst[k] = src[p]
                p += 1
                k += 1
            while q < hi:
                dst[k] = src[q]
                q += 1
                k += 1
            lo = hi
        sw = src
        src = dst
        dst = sw
        width *= 2
    if src != a:
        memcpy(a, src, n * sizeof(int64_t))


def _py_i64_sort(const int64_t[::1] keys):
    """``keys`` sorted by ``_i64_sort`` (test hook)."""
    import numpy as np

    out = np.array(keys, dtype=np.int64)
    tmp = np.empty(max(out.shape[0], 1), dtype=np.int64)
    cdef int64_t[::1] o = out
    cdef int64_t[::1] t = tmp
    if out.shape[0]:
        _i64_sort(&o[0], &t[0], out.shape[0])
    return out


cdef int _radix_argsort(const int64_t* keys, int64_t n, int64_t* out) except -1 nogil:
    """out[:n] = the indices that sort keys[:n] ascending, ties by index
    (_argsort_into's branch for keys that span too many values to count).

    LSD radix sort of key - min (as uint64, exact over the whole int64
    range) on digits of at most 11 bits (8 below 2**14 keys, where clearing
    the counts would dominate), as many as the span's bit length needs: each
    digit is a stable counting sort, so ties keep index order (a digit all
    keys share is skipped: its pass is the identity).  O(n) per digit
    against a comparison sort's O(n log n).  Below 32 keys an
    insertion sort.  Pure Python equivalent::

        out[:n] = sorted(range(n), key=lambda i: (keys[i], i))
    """
    cdef int64_t i, j, c, pos, tot
    cdef uint64_t lo, span, mask, d
    cdef int bits = 0, w, nd, p, shift
    cdef int64_t x, v
    cdef uint64_t* ka
    cdef uint64_t* kb
    cdef uint64_t* ku
    cdef int64_t* ia
    cdef int64_t* ib
    cdef int64_t* it
    cdef int64_t* swp
    cdef int64_t* count
    if n <= 0:
        return 0
    if n < 32:
        for i in range(n):
            v = keys[i]
            j = i
            while j > 0 and keys[out[j - 1]] > v:
                out[j] = out[j - 1]
                j -= 1
            out[j] = i
        return 0
    lo = <uint64_t>keys[0] ^ (<uint64_t>1 << 63)
    span = lo
    for i in range(1, n):
        d = <uint64_t>keys[i] ^ (<uint64_t>1 << 63)     # order-preserving
        if d < lo:
            lo = d
        if d > span:
            span = d
    span -= lo
    while bits < 64 and (span >> bits) != 0:
        bits += 1
    if bits == 0:
        for i in range(n):
            out[i] = i
        return 0
    w = 11 if n >= (1 << 14) else 8
    nd = (bits + w - 1) // w
    w = (bits + nd - 1) // nd           # equal digits, fewest counts
    mask = (<uint64_t>1 << w) - 1
    ka = <uint64_t*>malloc(2 * n * sizeof(uint64_t))
    ia = <int64_t*>malloc(n * sizeof(int64_t))
    count = <int64_t*>malloc(((<int64_t>1) << w) * sizeof(int64_t))
    if ka == NULL or ia == NULL or count == NULL:
        free(ka)
        free(ia)
        free(count)
        with gil:
            raise MemoryError()
    kb = ka + n
    for i in range(n):
        ka[i] = (<uint64_t>keys[i] ^ (<uint64_t>1 << 63)) - lo
        out[i] = i
    # the indices alternate between out and ia; an odd digit count ends in
    # ia and is copied back
    ib = ia
    it = out
    for p in range(nd):
        shift = p * w
        memset(count, 0, ((<int64_t>1) << w) * sizeof(int64_t))
        for i in range(n):
            count[(ka[i] >> shift) & mask] += 1
        if count[(ka[0] >> shift) & mask] == n:
            # every key has this digit (the low bits of float keys often
            # do): the stable pass would leave the order as it is
            continue
        tot = 0
        for c in range((<int64_t>1) << w):
            pos = count[c]
            count[c] = tot
            tot += pos
        for i in range(n):
            c = <int64_t>((ka[i] >> shift) & mask)
            pos = count[c]
            count[c] = pos + 1
            kb[pos] = ka[i]
            ib[pos] = it[i]
        ku = ka; ka = kb; kb = ku
        swp = ib; ib = it; it = swp
    if it != out:
        memcpy(out, it, n * sizeof(int64_t))
    free(ka if ka < kb else kb)
    free(ia)
    free(count)
    return 0


cdef int _argsort_into(const int64_t* keys, int64_t n, int64_t* out) except -1 nogil:
    """``out[:n]`` = the indices that sort ``keys[:n]`` ascending, ties by
    index (the kernel behind ``_argsort_stable``): a counting sort when the
    keys span at most 4n + 1024 values, else ``_radix_argsort``.  Pure
    Python equivalent::

        out[:n] = sorted(range(n), key=lambda i: (keys[i], i))
    """
    cdef int64_t i, c, lo, hi
    cdef uint64_t span
    cdef int64_t* count
    if n <= 0:
        return 0
    lo = hi = keys[0]
    for i in range(1, n):
        if keys[i] < lo:
            lo = keys[i]
        if keys[i] > hi:
            hi = keys[i]
    span = <uint64_t>hi - <uint64_t>lo  # exact, even across the whole int64 range
    if span <= <uint64_t>(4 * n + 1024):
        count = <int64_t*>malloc((span + 2) * sizeof(int64_t))
        if count == NULL:
            with gil:
                raise MemoryError()
        for c in range(<int64_t>span + 2):
            count[c] = 0
        for i in range(n):
            count[<int64_t>(<uint64_t>keys[i] - <uint64_t>lo) + 1] += 1
        for c in range(<int64_t>span + 1):
            count[c + 1] += count[c]
        for i in range(n):
            c = <int64_t>(<uint64_t>keys[i] - <uint64_t>lo)
            out[count[c]] = i
            count[c] += 1
        free(count)
        return 0
    return _radix_argsort(keys, n, out)


def _py_argsort(const int64_t[::1] keys):
    """``_argsort_into`` over ``keys`` (test hook; an int64 ``array.array``)."""
    cdef int64_t n = keys.shape[0]
    out = new_i64(n, False)
    cdef int64_t[::1] o = out
    if n:
        _argsort_into(&keys[0], n, &o[0])
    return out


def _dense_ranks(const int64_t[::1] a, const int64_t[::1] b):
    """Each key's rank among the distinct keys of ``a`` and ``b`` together (0
    for the smallest), as two int64 ``array.array``s: the order of the keys,
    ties included, is kept and the values become dense.  Sort the keys, drop
    repeats, binary-search each key; O(n log n).  Pure Python equivalent::

        rank = {k: r for r, k in enumerate(sorted(set(a) | set(b)))}
        [rank[k] for k in a], [rank[k] for k in b]
    """
    cdef int64_t na = a.shape[0], nb = b.shape[0], n = na + nb, i, m, lo, x
    ra = new_i64(na, False)
    rb = new_i64(nb, False)
    if n == 0:
        return ra, rb
    cdef int64_t[::1] oa = ra
    cdef int64_t[::1] ob = rb
    cdef int64_t* u = <int64_t*>malloc(n * sizeof(int64_t))
    cdef int64_t* tmp = <int64_t*>malloc(n * sizeof(int64_t))
    if u == NULL or tmp == NULL:
        free(u)
        free(tmp)
        raise MemoryError()
    with nogil:
        for i in range(na):
            u[i] = a[i]
        for i in range(nb):
            u[na + i] = b[i]
        _i64_sort(u, tmp, n)
        m = 1
        for i in range(1, n):
            if u[i] != u[m - 1]:
                u[m] = u[i]
                m += 1
        for i in range(n):
            x = a[i] if i < na else b[i - na]
            lo = _count_lt(u, m, x)
            if i < na:
                oa[i] = lo
            else:
                ob[i - na] = lo
    free(u)
    free(tmp)
    return ra, rb
