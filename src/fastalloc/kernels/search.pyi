"""Type stubs for the exact anytime packing search (fastalloc/kernels/search.pyx).

Call it through ``fastalloc.packing.pack(..., strategy="search")``, which
validates the arrays and supplies the starting plan.
"""

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]

def _search(
    starts: I64,
    ends: I64,
    sizes: I64,
    init_offsets: I64,
    align: int,
    work_limit: int,
    time_limit: float,
    floor: int = 0,
    descent: tuple[tuple[int, int], ...] | None = None,
    late: tuple[tuple[int, int], ...] | None = None,
    late_level: int = ...,
) -> tuple[I64, int, int, int, bool]: ...

DESCENT: tuple[tuple[int, int], ...]
DESCENT_LATE: tuple[tuple[int, int], ...]
DESCENT_LATE_LEVEL: int

def _ranks(size: I64, slo: I64, shi: I64, stotal: I64, tlen: I64) -> I64: ...
def _py_heap_order(a: I64, b: I64) -> I64: ...
