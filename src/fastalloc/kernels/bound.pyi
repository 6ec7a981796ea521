"""Type stubs of fastalloc.kernels.bound (kernels/bound.pyx)."""

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]

def _lower_bound(starts: I64, ends: I64, sizes: I64) -> int: ...
def _find_conflict(starts: I64, ends: I64, sizes: I64, offsets: I64) -> tuple[int, int]: ...
