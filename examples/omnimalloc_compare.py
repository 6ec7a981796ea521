"""fastalloc's packers next to omnimalloc's own, in omnimalloc's harness.

Run: python examples/omnimalloc_compare.py
"""

import omnimalloc
from omnimalloc import Allocation
from omnimalloc.benchmark import run_benchmark
from omnimalloc.benchmark.sources.generator import RandomSource

import fastalloc.integrations.omnimalloc_alloc  # noqa: F401  (registers the allocators)

# omnimalloc lifetimes are half-open: [0, 5) and [5, 8) may share memory.
allocs = [Allocation(0, 1024, 0, 5), Allocation(1, 1024, 5, 8), Allocation(2, 512, 4, 8)]
for alloc in omnimalloc.allocate(allocs, "fastalloc_best_fit", validate=True):
    print(alloc)

campaign = run_benchmark(
    allocators=("fastalloc_best_fit", "fastalloc_iree", "best_fit", "greedy_by_size"),
    sources=(RandomSource(num_allocations=500, seed=0),),
    variants=(500,),
)
for report in campaign.reports:
    (result,) = report.results
    peak = max(a.offset + a.size for a in result.entity.allocations)
    print(f"{str(report.allocator):20s} peak {peak:>10d} B  {result.duration * 1e3:8.2f} ms")
