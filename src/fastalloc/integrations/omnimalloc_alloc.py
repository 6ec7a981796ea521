"""fastalloc's packers in omnimalloc's allocator registry (``pip install 'fastalloc[omnimalloc]'``).

Importing this module registers, by omnimalloc's naming rule (class name
without ``Allocator``, snake case):

* ``"fastalloc"``: :class:`FastallocAllocator` (best-fit by default; any
  strategy of :func:`fastalloc.packing.pack` through its arguments),
* ``"fastalloc_best_fit"``, ``"fastalloc_iree"`` and ``"fastalloc_search"``
  (the exact anytime search, ``time_limit`` seconds, default 3): one per strategy, so
  omnimalloc's harness can compare them by name::

    import fastalloc.integrations.omnimalloc_alloc  # registers the allocators
    import omnimalloc
    placed = omnimalloc.allocate(allocations, "fastalloc_best_fit", validate=True)
    campaign = omnimalloc.benchmark.run_benchmark(allocators=("fastalloc_best_fit", "best_fit"))

Lifetimes: omnimalloc's are half-open, ``[start, end)`` with ``end > start``;
fastalloc's are inclusive op ranges ``[start, end]``.  An omnimalloc
allocation is therefore packed as ``[start, end - 1]``: two allocations
conflict in one model exactly when they conflict in the other.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from omnimalloc.allocators import BaseAllocator
from omnimalloc.primitives import Allocation

from fastalloc.errors import FastallocError
from fastalloc.packing import STRATEGIES, pack

__all__ = [
    "FastallocAllocator",
    "FastallocBestFitAllocator",
    "FastallocIreeAllocator",
    "FastallocSearchAllocator",
    "from_half_open",
    "to_half_open",
]


def from_half_open(starts, ends) -> tuple[np.ndarray, np.ndarray]:
    """omnimalloc's ``[start, end)`` -> fastalloc's inclusive ``[start, end - 1]``."""
    s = np.asarray(starts, dtype=np.int64)
    e = np.asarray(ends, dtype=np.int64)
    bad = np.flatnonzero(e <= s)
    if bad.size:
        i = int(bad[0])
        raise FastallocError(f"allocation {i}: half-open lifetime [{s[i]}, {e[i]}) is empty")
    return s, e - 1


def to_half_open(starts, ends) -> tuple[np.ndarray, np.ndarray]:
    """fastalloc's inclusive ``[start, end]`` -> omnimalloc's ``[start, end + 1)``."""
    return np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64) + 1


class FastallocAllocator(BaseAllocator):
    """fastalloc's Cython packers behind omnimalloc's allocator interface.

    ``strategy``: a strategy of :func:`fastalloc.packing.pack` ("best-fit",
    "iree"); ``alignment``: offsets and sizes rounded to it (1: none, as
    omnimalloc's own allocators); ``effort``: best-fit's search effort.
    """

    default_strategy: ClassVar[str] = "best-fit"

    def __init__(self, strategy: str | None = None, alignment: int = 1, effort: int = 1) -> None:
        strategy = self.default_strategy if strategy is None else strategy
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown fastalloc strategy {strategy!r}; expected one of {', '.join(STRATEGIES)}")
        self.strategy = strategy
        self.alignment = alignment
        self.effort = effort

    def _allocate(self, allocations: tuple[Allocation, ...]) -> tuple[Allocation, ...]:
        n = len(allocations)
        starts = np.fromiter((a.start for a in allocations), dtype=np.int64, count=n)
        ends = np.fromiter((a.end for a in allocations), dtype=np.int64, count=n)
        sizes = np.fromiter((a.size for a in allocations), dtype=np.int64, count=n)
        s, e = from_half_open(starts, ends)
        extra = {}
        if self.strategy == "search":  # the search's budget (FastallocSearchAllocator's options)
            extra = {"time_limit": getattr(self, "time_limit", None), "work_limit": getattr(self, "work_limit", None)}
        plan = pack(s, e, sizes, alignment=self.alignment, strategy=self.strategy, effort=self.effort, **extra)
        return tuple(a.with_offset(int(off)) for a, off in zip(allocations, plan.offsets.tolist()))


class FastallocBestFitAllocator(FastallocAllocator):
    """fastalloc's best-fit packer (registered as ``"fastalloc_best_fit"``)."""

    default_strategy = "best-fit"


class FastallocIreeAllocator(FastallocAllocator):
    """IREE's greedy static packing as fastalloc implements it, in the given
    order (registered as ``"fastalloc_iree"``)."""

    default_strategy = "iree"


class FastallocSearchAllocator(FastallocAllocator):
    """fastalloc's exact anytime search (registered as ``"fastalloc_search"``),
    3 s per problem unless told otherwise, as omnimalloc's own solvers."""

    default_strategy = "search"

    def __init__(self, alignment: int = 1, time_limit: float | None = 3.0, work_limit: int | None = None) -> None:
        super().__init__("search", alignment)
        self.time_limit = time_limit
        self.work_limit = work_limit
