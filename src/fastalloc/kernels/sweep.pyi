"""Type stubs of fastalloc.kernels.sweep (kernels/sweep.pyx)."""

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]

def _pack_sweep(
    starts: I64, ends: I64, sizes: I64, alignment: int, effort: int, cutoff: int = ..., first: bool = ...,
) -> tuple[I64, int] | tuple[None, int]: ...
def _pack_sweeps(
    starts: I64, ends: I64, sizes: I64, cutoffs: tuple[int, ...], firsts: tuple[bool, ...],
) -> list[tuple[I64, int] | tuple[None, int]]: ...
