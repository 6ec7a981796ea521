"""The public numpy API over the native kernels: packing buffers into one slab,
its lower bound and an independent validity check, plus the alias-set and
liveness kernels that schedule-allocation runs per execution region.

Conventions: buffer ``i`` is live during the *inclusive* op range
``[starts[i], ends[i]]`` and needs ``sizes[i]`` bytes.  Two buffers whose
lifetimes intersect must not overlap in memory.  Every function validates and
coerces its arrays once, here, and raises :class:`FastallocError` (a
``ValueError``) naming the buffer and the numbers; the kernels in
``fastalloc.kernels`` assume validated input.

>>> plan = pack([0, 1, 3], [2, 4, 5], [100, 64, 64], alignment=64, strategy="iree")
>>> plan.offsets.tolist(), plan.total
([0, 128, 0], 192)
"""

from __future__ import annotations

import numbers
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from fastalloc._log import logger
from fastalloc.errors import FastallocError
from fastalloc.kernels import alias as _alias
from fastalloc.kernels import bestfit as _bestfit
from fastalloc.kernels import bound as _bound
from fastalloc.kernels import iree_pack as _iree_pack

__all__ = [
    "LIVE_IN",
    "LIVE_OUT",
    "STRATEGIES",
    "Plan",
    "alias_sets",
    "liveness_intervals",
    "lower_bound",
    "pack",
    "validate",
]

#: Interval sentinels of IREE's liveness analysis (INT32_MIN / INT32_MAX).
LIVE_IN: int = _alias.LIVE_IN
LIVE_OUT: int = _alias.LIVE_OUT

#: A packing strategy's name, for type checkers (``"search"``: see STRATEGIES).
Strategy = Literal["best-fit", "iree", "search"]

#: Packing strategies accepted by :func:`pack`.
STRATEGIES: tuple[Strategy, ...] = ("best-fit", "iree", "search")


#: ``strategy="search"``'s work budget when neither ``time_limit`` nor
#: ``work_limit`` is given (deterministic; a unit is a search node, plus one
#: per 256 buffers it scans).
SEARCH_WORK_LIMIT: int = 100_000

_INT64_MAX = np.iinfo(np.int64).max


def _np64(x: Any) -> np.ndarray:
    """A kernel's int64 ``array.array`` as a numpy array (no copy)."""
    return np.frombuffer(x, dtype=np.int64)


@dataclass(frozen=True, eq=False)
class Plan:
    """Where each buffer lives in the slab.

    ``offsets[i]`` is buffer ``i``'s byte offset (a multiple of ``alignment``);
    ``total`` is the slab size (a multiple of ``range_alignment``).
    ``bound``: a proven lower bound on the total of any plan (the max-load
    bound, or what ``strategy="search"`` proved); ``optimal``: ``total == bound``.
    """

    offsets: np.ndarray
    total: int
    strategy: str
    alignment: int
    range_alignment: int
    #: the proven bound, or (starts, ends, sizes) to compute the max-load bound
    #: from when first asked (most callers never ask; it costs a sort).
    _bound: Any = field(default=0, repr=False)

    @property
    def bound(self) -> int:
        b = self._bound
        if not isinstance(b, int):
            s, e, z = b
            b = int(_bound._lower_bound(s, e, z))
            b = (b + (self.range_alignment - 1)) & ~(self.range_alignment - 1)
            object.__setattr__(self, "_bound", b)
        return b

    @property
    def optimal(self) -> bool:
        return self.total == self.bound

    def __iter__(self) -> Iterator[Any]:  # ``offsets, total = plan``
        return iter((self.offsets, self.total))


# ---------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------


def _as_int64(name: str, x: Any) -> np.ndarray:
    """``x`` as a 1-D C-contiguous int64 array, or a FastallocError naming the
    first bad element."""
    try:
        a = np.asarray(x)
    except (TypeError, ValueError) as exc:  # ragged nested lists
        raise FastallocError(f"{name}: not an array of integers ({exc})") from None
    if a.ndim != 1:
        raise FastallocError(f"{name}: expected a 1-D array, got shape {a.shape}")
    kind = a.dtype.kind
    if kind == "i":
        return np.ascontiguousarray(a, dtype=np.int64)
    if kind == "u":
        big = np.flatnonzero(a > _INT64_MAX)
        if big.size:
            i = int(big[0])
            raise FastallocError(f"{name}[{i}] = {int(a[i])} does not fit in int64")
        return np.ascontiguousarray(a, dtype=np.int64)
    if kind == "f":
        bad = np.flatnonzero(~np.isfinite(a) | (a != np.trunc(a)) | (np.abs(a) >= 2.0**63))
        if bad.size:
            i = int(bad[0])
            raise FastallocError(f"{name}[{i}] = {a[i].item()!r} is not an int64 integer")
        return np.ascontiguousarray(a, dtype=np.int64)
    if kind == "O":
        for i, v in enumerate(a):
            if isinstance(v, bool) or not isinstance(v, numbers.Integral):
                raise FastallocError(f"{name}[{i}] = {v!r} is not an integer")
            if not -(2**63) <= int(v) <= _INT64_MAX:
                raise FastallocError(f"{name}[{i}] = {int(v)} does not fit in int64")
        return np.ascontiguousarray(a.astype(np.int64))
    if a.size == 0 and kind in "bf":
        return np.zeros(0, dtype=np.int64)
    raise FastallocError(f"{name}: expected integers, got dtype {a.dtype}")


def _check_alignment(name: str, a: Any) -> int:
    if isinstance(a, bool) or not isinstance(a, numbers.Integral):
        raise FastallocError(f"{name} must be an integer, got {a!r}")
    a = int(a)
    if a < 1 or a & (a - 1) or a > 2**62:
        raise FastallocError(f"{name} must be a power of two in [1, 2**62], got {a}")
    return a


def _exact_sum(x: np.ndarray) -> int:
    """Exact sum of non-negative int64 values as a Python int (no wraparound)."""
    n = x.shape[0]
    if n == 0:
        return 0
    # the usual case in two reductions (a small call is mostly numpy's fixed
    # cost): no partial sum can wrap when n * max fits
    if int(x.max()) <= _INT64_MAX // n:
        return int(x.sum())
    hi = int(np.sum(x >> 32, dtype=np.uint64))
    lo = int(np.sum(x & 0xFFFFFFFF, dtype=np.uint64))
    return (hi << 32) + lo


def _buffers(starts: Any, ends: Any, sizes: Any, align: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Validate lifetimes and sizes; return (starts, ends, sizes rounded up to
    ``align``, the exact sum of the rounded sizes), the sum known to fit in
    int64."""
    s = _as_int64("starts", starts)
    e = _as_int64("ends", ends)
    z = _as_int64("sizes", sizes)
    if not (s.shape[0] == e.shape[0] == z.shape[0]):
        raise FastallocError(
            f"starts, ends and sizes must have the same length, got {s.shape[0]}, {e.shape[0]}, {z.shape[0]}"
        )
    if s.shape[0] == 0:
        return s, e, z, 0
    # one reduction per test when the input is good (the usual case: on small
    # problems numpy's per-call cost is most of the validation), the first
    # bad index only on failure
    if int(s.min()) < 0:
        i = int(np.flatnonzero(s < 0)[0])
        raise FastallocError(f"buffer {i}: lifetime start {int(s[i])} is negative")
    if (e < s).any():
        i = int(np.flatnonzero(e < s)[0])
        raise FastallocError(f"buffer {i}: lifetime end {int(e[i])} < start {int(s[i])} (lifetimes are inclusive)")
    if int(z.min()) < 0:
        i = int(np.flatnonzero(z < 0)[0])
        raise FastallocError(f"buffer {i}: negative size {int(z[i])}")
    if int(z.max()) > _INT64_MAX - (align - 1):
        i = int(np.flatnonzero(z > _INT64_MAX - (align - 1))[0])
        raise FastallocError(f"buffer {i}: size {int(z[i])} rounded up to {align} overflows int64")
    z = (z + (align - 1)) & ~np.int64(align - 1)
    total = _exact_sum(z)
    if total > _INT64_MAX:
        raise FastallocError(f"the sum of the {z.shape[0]} sizes rounded up to {align} is {total}, beyond int64")
    return s, e, z, total


# Lifetimes at or beyond this are renumbered (_compact_times): the kernels
# count time steps in int64 (span + 2) and index arrays by them.
_TIME_LIMIT = 1 << 40
# The kernels take effort as a C int.
_MAX_EFFORT = (1 << 31) - 1


def _compact_times(s: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The lifetimes renumbered by rank when they reach _TIME_LIMIT.

    Only the order of the start and end points matters to packing (two
    inclusive lifetimes intersect iff each starts no later than the other
    ends), and ranks keep that order: the plan is the one of the ranked
    problem (the iree packer's is unchanged; best-fit's orders by length or
    area may choose differently).  Pure Python::

        times = sorted(set(s) | set(e)); rank = {t: k for k, t in enumerate(times)}
        s2 = [rank[t] for t in s]; e2 = [rank[t] for t in e]
    """
    if s.shape[0] == 0 or int(e.max()) < _TIME_LIMIT:
        return s, e
    times = np.unique(np.concatenate([s, e]))
    return (np.searchsorted(times, s).astype(np.int64), np.searchsorted(times, e).astype(np.int64))


# ---------------------------------------------------------------------------
# Packing
# ---------------------------------------------------------------------------


def pack(
    starts: Any,
    ends: Any,
    sizes: Any,
    *,
    alignment: int = 64,
    range_alignment: int | None = None,
    strategy: Strategy = "best-fit",
    effort: int = 1,
    time_limit: float | None = None,
    work_limit: int | None = None,
) -> Plan:
    """Assign each buffer an offset in one slab so that buffers with
    intersecting lifetimes do not overlap.

    ``alignment``: offsets are multiples of it (IREE's
    ``min_buffer_offset_alignment``).  ``range_alignment`` (default: the same):
    sizes are rounded up to it before packing and the total is a multiple of it
    (IREE's ``min_buffer_range_alignment``).  Both powers of two.

    Strategies:

    * ``"best-fit"`` (default): the best of several greedy passes (each
      buffer in the smallest or the lowest gap left by the buffers placed
      before it that are live with it); ``effort`` buys a smaller total with
      more passes, each costing about the same per buffer at every size:

      - ``effort=0``: one O(n log n) pass in first-use order.
      - ``effort=1`` (default): that pass and 9 more at every size
        (omnimalloc's greedy orders in first fit: conflicts x size, size,
        lifetime, first use, conflicts, area; three size-class orders in
        best fit), the lowest peak kept, so never looser than omnimalloc's
        ``greedy_by_size`` or ``omni`` up to tie breaks; about 10x effort
        0.  Above 10^5
        buffers, one pass per time chunk over the buffers that hold all but
        1/64 of the bytes, the rest stacked on them, and near the peak one
        pass over all but the smallest (the chunk of the peak retried in
        other orders), on 2 threads (the plan does not depend on them).
      - ``effort=2``: also 12 size / size-class / lifetime / area orders in
        both rules (33 passes, ~3-4x effort 1).
      - ``effort=k >= 3``: then a seeded local search on the best order of
        128 * 4**(k-3) passes (128 at 3, 512 at 4, 2048 at 5, ...).

      A higher effort never gives a larger total than a lower one (except
      effort 1 against 0 above 10^5 buffers); every level stops as soon as
      the total meets the lower bound.
    * ``"iree"``: IREE's ``packStaticSlicesGreedily`` (``--iree-stream-layout-slices``)
      with identical offsets; slices are visited in the given order (IREE's
      canonicalizer sorts them by lifetime first).  ``effort`` is ignored.
    * ``"search"``: exact anytime search (``fastalloc.kernels.search``): starts
      from best-fit's default plan (from 4096 buffers also effort 2's other
      passes, within a quarter of the work and half of the time), tries the lower bound first, raises the proven
      bound / lowers the plan until they meet (``Plan.optimal``) or the budget
      ends: ``time_limit`` seconds (wall clock) and/or ``work_limit`` search
      nodes (default ``SEARCH_WORK_LIMIT`` when neither is given).  With only a
      work limit the plan is deterministic; the clock only cuts the search
      short.  Sizes are rounded up to ``alignment`` as best-fit does.

    Empty input gives an empty plan of total 0.
    """
    t0 = time.perf_counter()
    align = _check_alignment("alignment", alignment)
    ralign = align if range_alignment is None else _check_alignment("range_alignment", range_alignment)
    if strategy not in STRATEGIES:
        raise FastallocError(f"unknown packing strategy {strategy!r}; expected one of {', '.join(STRATEGIES)}")
    s, e, z, zsum = _buffers(starts, ends, sizes, ralign)
    s, e = _compact_times(s, e)
    n = s.shape[0]
    # Every placement pads by less than `align` and the total by less than
    # `ralign`, so this bounds every offset and the total of every strategy.
    bound = zsum + n * (align - 1) + (ralign - 1)
    if bound > _INT64_MAX:
        raise FastallocError(
            f"the {n} sizes plus alignment padding may reach {bound} bytes, beyond int64"
        )
    if strategy != "search" and (time_limit is not None or work_limit is not None):
        raise FastallocError(f"time_limit and work_limit apply to strategy 'search', not {strategy!r}")
    if n == 0:
        return Plan(np.zeros(0, dtype=np.int64), 0, strategy, align, ralign, 0)
    if strategy == "search":
        return _pack_search(s, e, z, align, ralign, time_limit, work_limit)
    if strategy == "iree":
        raw, top = _iree_pack._pack_iree(s, e, z, align)
        offsets = _np64(raw)
    else:
        if isinstance(effort, bool) or not isinstance(effort, numbers.Integral) or effort < 0:
            raise FastallocError(f"effort must be a non-negative integer, got {effort!r}")
        if effort > _MAX_EFFORT:
            raise FastallocError(f"effort must be at most {_MAX_EFFORT}, got {effort}")
        # Best-fit aligns every offset to `align`; its sizes must be rounded to
        # both alignments so that its reservations match what we validate.
        zb = z if ralign >= align else (z + (align - 1)) & ~np.int64(align - 1)
        # beyond 36 the local search length is capped anyway (2**40 passes)
        offsets, top = _bestfit._pack_best_fit(s, e, zb, align, min(int(effort), 36))
        offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    top = int(top)
    total = (top + (ralign - 1)) & ~(ralign - 1)
    log = logger(__name__)  # None unless someone hears DEBUG (fastalloc._log)
    if log is not None:
        log.debug("pack: %d buffers, strategy %s, alignment %d, total %d bytes, %.3f s",
                  n, strategy, align, total, time.perf_counter() - t0)
    return Plan(offsets, total, strategy, align, ralign, (s, e, z))


def _pack_search(
    s: np.ndarray, e: np.ndarray, z: np.ndarray, align: int, ralign: int,
    time_limit: float | None, work_limit: int | None,
) -> Plan:
    t0 = time.monotonic()
    n = s.shape[0]
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real) or not (
            0 <= float(time_limit) < 1e9
        ):
            raise FastallocError(f"time_limit must be a number of seconds >= 0, got {time_limit!r}")
    if work_limit is not None:
        if isinstance(work_limit, bool) or not isinstance(work_limit, numbers.Integral) or work_limit < 0:
            raise FastallocError(f"work_limit must be a non-negative integer (search nodes), got {work_limit!r}")
    if work_limit is None:
        work_limit = SEARCH_WORK_LIMIT if time_limit is None else _INT64_MAX
    from fastalloc.kernels import search as _search_kernel

    # Sizes rounded to both alignments, as best-fit's, so that tops stay aligned.
    zb = z if ralign >= align else (z + (align - 1)) & ~np.int64(align - 1)
    floor = int(_bound._lower_bound(s, e, zb))
    # best-fit's default is the first incumbent; on large problems more of its
    # passes, within a quarter of the work and half of the time
    stage_deadline = -1.0 if time_limit is None else t0 + 0.5 * float(time_limit)
    start, _, spent = _bestfit._bf_search_start(s, e, zb, floor, int(work_limit), stage_deadline)
    start = np.ascontiguousarray(start, dtype=np.int64)
    left = -1.0 if time_limit is None else max(0.0, float(time_limit) - (time.monotonic() - t0))
    offsets, top, proven, _nodes, _timed_out = _search_kernel._search(
        s, e, zb, start, align, int(work_limit) - int(spent), left, floor
    )
    total = (int(top) + (ralign - 1)) & ~(ralign - 1)
    # Rounding sizes up to `align` can cost the real problem at most
    # align - ralign above the top buffer, so the proof is loosened by that.
    lb = max(int(_bound._lower_bound(s, e, z)), int(proven) - max(0, align - ralign))
    lb = (lb + (ralign - 1)) & ~(ralign - 1)
    return Plan(offsets, total, "search", align, ralign, lb)


def lower_bound(starts: Any, ends: Any, sizes: Any, alignment: int = 64) -> int:
    """Max over time of the sum of the live buffers' sizes, each rounded up to
    ``alignment``: no plan can have a smaller total.  O(n log n)."""
    align = _check_alignment("alignment", alignment)
    s, e, z, _ = _buffers(starts, ends, sizes, align)
    s, e = _compact_times(s, e)
    return int(_bound._lower_bound(s, e, z))


def validate(
    starts: Any,
    ends: Any,
    sizes: Any,
    offsets: Any,
    alignment: int = 64,
    range_alignment: int | None = None,
) -> None:
    """Check a plan: raise :class:`FastallocError` if an offset is negative or
    not a multiple of ``alignment``, or if two buffers with intersecting
    lifetimes overlap in memory (sizes rounded up to ``range_alignment``,
    default ``alignment``), naming the first conflicting pair found by a sweep
    over time.  Independent of the packers; O(n log n).  Zero-size buffers
    never conflict."""
    align = _check_alignment("alignment", alignment)
    ralign = align if range_alignment is None else _check_alignment("range_alignment", range_alignment)
    s, e, z, _ = _buffers(starts, ends, sizes, ralign)
    o = _as_int64("offsets", offsets)
    if o.shape[0] != s.shape[0]:
        raise FastallocError(f"offsets has length {o.shape[0]}, expected {s.shape[0]} (one per buffer)")
    bad = np.flatnonzero(o < 0)
    if bad.size:
        i = int(bad[0])
        raise FastallocError(f"buffer {i}: negative offset {int(o[i])}")
    bad = np.flatnonzero(o & (align - 1))
    if bad.size:
        i = int(bad[0])
        raise FastallocError(f"buffer {i}: offset {int(o[i])} is not a multiple of the alignment {align}")
    bad = np.flatnonzero(o > _INT64_MAX - z)
    if bad.size:
        i = int(bad[0])
        raise FastallocError(f"buffer {i}: offset {int(o[i])} + size {int(z[i])} overflows int64")
    a, b = _bound._find_conflict(s, e, z, o)
    if a >= 0:
        raise FastallocError(
            f"buffers {a} and {b} overlap: buffer {a} (lifetime [{int(s[a])}, {int(e[a])}], "
            f"offset {int(o[a])}, size {int(z[a])}) and buffer {b} (lifetime [{int(s[b])}, {int(e[b])}], "
            f"offset {int(o[b])}, size {int(z[b])}) are live together and share bytes "
            f"[{max(int(o[a]), int(o[b]))}, {min(int(o[a] + z[a]), int(o[b] + z[b]))})"
        )


# ---------------------------------------------------------------------------
# Alias sets and liveness (schedule-allocation)
# ---------------------------------------------------------------------------


def alias_sets(n_values: int, aliasee: Any, aliaser: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Alias sets of values ``0..n_values-1`` from tied pairs
    ``(aliasee[k], aliaser[k])`` (IREE's ``ValueAliasingSet``).

    Returns ``(leader, set_indptr, set_members)``: ``leader[v]`` is the smallest
    id in ``v``'s set (``v`` if it is in no pair); set ``k`` is
    ``set_members[set_indptr[k]:set_indptr[k+1]]``, sets ordered by leader,
    members ascending; only values that occur in a pair belong to a set.  The
    result does not depend on the order of the pairs.
    """
    if isinstance(n_values, bool) or not isinstance(n_values, numbers.Integral) or n_values < 0:
        raise FastallocError(f"n_values must be a non-negative integer, got {n_values!r}")
    a = _as_int64("aliasee", aliasee)
    b = _as_int64("aliaser", aliaser)
    if a.shape[0] != b.shape[0]:
        raise FastallocError(f"aliasee and aliaser must have the same length, got {a.shape[0]} and {b.shape[0]}")
    for name, x in (("aliasee", a), ("aliaser", b)):
        bad = np.flatnonzero((x < 0) | (x >= n_values))
        if bad.size:
            k = int(bad[0])
            raise FastallocError(f"alias pair {k}: {name} {int(x[k])} is not a value id in [0, {n_values})")
    leader, indptr, members = _alias.alias_sets(int(n_values), a, b)
    return _np64(leader), _np64(indptr), _np64(members)


def _as_flags(name: str, x: Any, n: int) -> np.ndarray:
    f = np.asarray(x)
    if f.ndim != 1 or f.shape[0] != n:
        raise FastallocError(f"{name}: expected {n} flags, got shape {f.shape}")
    if f.dtype.kind not in "biu" and f.size:
        raise FastallocError(f"{name}: expected booleans, got dtype {f.dtype}")
    return np.ascontiguousarray(f != 0, dtype=np.uint8)


def liveness_intervals(
    def_op: Any,
    use_indptr: Any,
    use_ops: Any,
    live_out: Any,
    nested: Any = None,
    set_indptr: Any = None,
    set_members: Any = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Closed liveness intervals per value of one execution region, exactly as
    IREE's ``computeExecutionRegionLivenessIntervals``; see
    ``fastalloc.kernels.alias.liveness_intervals`` for the rules.

    ``def_op[v]``: index of the defining op in the region's block, or
    ``LIVE_IN`` for a block argument.  Uses of ``v``: op indices
    ``use_ops[use_indptr[v]:use_indptr[v+1]]``.  ``live_out[v]``: yielded.
    ``nested[v]`` (default all False): IREE's ordinal -1 values.  Alias sets in
    the CSR form of :func:`alias_sets` (default: none).  Returns
    ``(starts, ends)`` int64, with ``LIVE_IN``/``LIVE_OUT`` sentinels.
    """
    d = _as_int64("def_op", def_op)
    n = d.shape[0]
    bad = np.flatnonzero((d < 0) & (d != LIVE_IN))
    if bad.size:
        v = int(bad[0])
        raise FastallocError(f"value {v}: def_op {int(d[v])} is neither an op index >= 0 nor LIVE_IN")
    ip = _as_int64("use_indptr", use_indptr)
    uo = _as_int64("use_ops", use_ops)
    if ip.shape[0] != n + 1 or ip[0] != 0 or ip[-1] != uo.shape[0] or np.any(np.diff(ip) < 0):
        raise FastallocError(
            f"use_indptr must be {n + 1} non-decreasing offsets from 0 to len(use_ops) = {uo.shape[0]}"
        )
    bad = np.flatnonzero(uo < 0)
    if bad.size:
        raise FastallocError(f"use_ops[{int(bad[0])}] = {int(uo[bad[0]])} is not an op index")
    lo = _as_flags("live_out", live_out, n)
    ne = np.zeros(n, dtype=np.uint8) if nested is None else _as_flags("nested", nested, n)
    if (set_indptr is None) != (set_members is None):
        raise FastallocError("set_indptr and set_members go together")
    if set_indptr is None:
        sp = np.zeros(1, dtype=np.int64)
        sm = np.zeros(0, dtype=np.int64)
    else:
        sp = _as_int64("set_indptr", set_indptr)
        sm = _as_int64("set_members", set_members)
        if sp.shape[0] < 1 or sp[0] != 0 or sp[-1] != sm.shape[0] or np.any(np.diff(sp) < 0):
            raise FastallocError("set_indptr must be non-decreasing offsets from 0 to len(set_members)")
        bad = np.flatnonzero((sm < 0) | (sm >= n))
        if bad.size:
            raise FastallocError(f"set_members[{int(bad[0])}] = {int(sm[bad[0]])} is not a value id in [0, {n})")
    starts, ends = _alias.liveness_intervals(d, ip, uo, lo, ne, sp, sm)
    return _np64(starts), _np64(ends)
