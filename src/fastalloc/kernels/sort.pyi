"""Type stubs of fastalloc.kernels.sort (kernels/sort.pyx)."""

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]

def _argsort_stable(keys: I64) -> I64: ...
def _py_i64_sort(keys: I64) -> I64: ...
