"""Type stubs of fastalloc.kernels.sort (kernels/sort.pyx)."""

import array

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]
# Inputs of the numpy-free functions: any C-contiguous int64 buffer.
B64 = npt.NDArray[np.int64] | array.array[int]

def _argsort_stable(keys: I64) -> I64: ...
def _py_i64_sort(keys: I64) -> I64: ...
def _py_argsort(keys: B64) -> array.array[int]: ...
def _dense_ranks(a: B64, b: B64) -> tuple[array.array[int], array.array[int]]: ...
