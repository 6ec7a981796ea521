"""Type stubs of fastalloc.kernels.intervals (kernels/intervals.pyx)."""

import array

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]

def _interval_classes(starts: I64 | array.array[int], ends: I64 | array.array[int]) -> tuple[array.array[int], array.array[int]]: ...
def _py_interval_query(starts: I64, ends: I64, active: U8, s: int, e: int) -> I64: ...
