# The best-fit placement engines (kernels/bestfit_engine.pyx), cimported by
# the packers built on them: bestfit (the default's passes, the race and the
# local search), bestfit_large (through bestfit's _BfPacker) and sweep (its
# treap's priorities, _bf_rand, and the overflow check, _bf_check_top).  Two structures answer the same query
# ("smallest gap that fits among the placed buffers meeting a lifetime"):
# a segment tree over time (_bf_Tree, any lifetimes) and time buckets
# (_bf_Bk, short lifetimes against the time axis); same offsets either way.

from libc.stdint cimport int32_t, int64_t, uint64_t, INT64_MAX


# Sorted, disjoint, non-touching byte ranges [lo, hi): the union of the
# ranges of a set of placed buffers.
ctypedef struct _bf_Run:
    int64_t lo
    int64_t hi

ctypedef struct _bf_Runs:
    _bf_Run* a
    Py_ssize_t n
    Py_ssize_t cap


# Segment tree over time (leaves = distinct start times, so that two
# lifetimes meet iff they share a leaf).  A placed buffer is recorded at its
# O(log T) canonical nodes in `full` (it covers the node's whole time range)
# and in `part` of its canonical nodes and of every node on the root paths of
# its two end leaves (it touches the node's range).  The bytes busy during a
# query window are then the union of part[c] over the window's canonical
# nodes c and full[u] over the nodes u on the root paths of its end leaves.
# Storing unions, not buffers, is what keeps queries cheap: a well packed
# region is one run however many buffers it holds.
ctypedef struct _bf_Tree:
    _bf_Runs* full
    _bf_Runs* part
    Py_ssize_t P            # number of leaves, a power of two
    const _bf_Run** cur     # merge heap of a query: cursor and end per list
    const _bf_Run** end


# ---------------------------------------------------------------------------
# Time buckets: a flat alternative to _bf_Tree for short lifetimes
# ---------------------------------------------------------------------------
#
# The leaves (distinct start times) are cut into buckets of 2**shift leaves.
# A placed buffer is listed in own[b] for the bucket b of its first leaf and
# in tch[b] for every bucket b its lifetime touches.  The placed buffers
# meeting a window [s, e] are then, each exactly once, the entries of
# tch[bucket(s)] whose leaf range meets [s, e] and those of own[b] for
# bucket(s) < b <= bucket(e) that start by e.  Lists are kept sorted by
# offset, so a query merges a few sorted arrays (no heap, no allocation);
# with buckets a few times the median lifetime most queries read the one
# list tch[bucket(s)], about the live set plus the buffers starting nearby.
# A list holds its byte ranges and its leaf ranges in two arrays, so that
# the test of which entries meet the window is one loop the compiler
# vectorizes, and only the ranges of those are copied out and swept
# (_bf_bk_filter; a list of fewer than _BF_SCAN1_MAX entries is swept in
# one masked pass instead, _bf_scan1; first fit within one bucket filters
# and sweeps a chunk at a time, _bf_first1, as it usually stops halfway).  ~4x faster than the tree on the random workload; the
# tree keeps the general case (a buffer spanning everything costs a list
# per bucket here, and unions of runs are not shared).

ctypedef struct _bf_Span:
    int32_t s               # leaf range of a buffer (fewer than 2**31 leaves)
    int32_t e

ctypedef struct _bf_EList:
    _bf_Run* r              # byte ranges, sorted by lo
    _bf_Span* sp            # leaf ranges, same index
    Py_ssize_t n
    Py_ssize_t cap

ctypedef struct _bf_Bk:
    _bf_EList* own
    _bf_EList* tch
    Py_ssize_t nb
    int shift
    _bf_Run* acc            # scratch of a query: the ranges merged so far,
    _bf_Run* piece          # the next list's, and their merge; which
    _bf_Run* out            # entries of a list meet the window
    unsigned char* meet
    Py_ssize_t cap

# One pass's placement structure: time buckets when use_bk, else the tree.
ctypedef struct _bf_Eng:
    _bf_Tree X
    _bf_Bk K
    bint use_bk

cdef int _bf_tree_init(_bf_Tree* X, Py_ssize_t T) except -1
cdef void _bf_tree_free(_bf_Tree* X) noexcept nogil
cdef int64_t _bf_fit(_bf_Tree* X, Py_ssize_t l, Py_ssize_t r, int64_t sz,
                     int64_t* top, bint first=*) noexcept nogil
cdef int _bf_record(_bf_Tree* X, Py_ssize_t l, Py_ssize_t r, int64_t lo, int64_t hi) except -1 nogil

cdef int _bf_bk_init(_bf_Bk* K, Py_ssize_t T, int shift) except -1
cdef void _bf_bk_free(_bf_Bk* K) noexcept nogil
cdef int64_t _bf_bk_fit(_bf_Bk* K, Py_ssize_t s, Py_ssize_t e, int64_t sz,
                        int64_t* top, bint first=*) except -2 nogil
cdef int _bf_bk_record(_bf_Bk* K, Py_ssize_t s, Py_ssize_t e, int64_t lo,
                       int64_t hi) except -1 nogil

cdef int _bf_eng_init(_bf_Eng* E, Py_ssize_t T, int shift) except -1
cdef void _bf_eng_free(_bf_Eng* E) noexcept nogil
cdef int64_t _bf_eng_put(_bf_Eng* E, Py_ssize_t lo, Py_ssize_t hi, int64_t sz, bint first,
                         int64_t who) except -2 nogil
cdef int64_t _bf_place(_bf_Eng* E, const int64_t* order, Py_ssize_t n,
                       const int64_t* sizes, const Py_ssize_t* leaf_lo,
                       const Py_ssize_t* leaf_hi, int64_t* off,
                       int64_t cutoff, Py_ssize_t nfixed=*, bint first=*,
                       bint by_pos=*) except -2 nogil
cdef int64_t _bf_bk_run(_bf_Eng* E, order, sizes, lla, lha, int64_t[::1] out,
                        int64_t cutoff, Py_ssize_t nfixed=*, bint first=*) except -2


cdef inline int _bf_check_top(int64_t top, int64_t sz, int64_t who) except -1 nogil:
    # a buffer stacked at `top` must end within int64 (`who` names it)
    if top > INT64_MAX - sz:
        with gil:
            raise OverflowError(f"buffer {who}: offset {top} + size {sz} overflows int64")
    return 0


cdef inline uint64_t _bf_rand(uint64_t* state) noexcept nogil:
    # splitmix64: tiny, good enough, and the same on every platform
    cdef uint64_t z
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)
