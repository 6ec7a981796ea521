"""Type stubs of fastalloc.kernels.alias (kernels/alias.pyx).

Every kernel assumes validated input; call them through fastalloc.packing.
"""

import array

import numpy as np
import numpy.typing as npt

# Inputs: any C-contiguous buffer of the item type; results: array.array.
I64 = npt.NDArray[np.int64] | array.array[int]
U8 = npt.NDArray[np.uint8] | npt.NDArray[np.bool_] | array.array[int]
A64 = array.array[int]

LIVE_IN: int
LIVE_OUT: int

def alias_sets(n_values: int, aliasee: I64, aliaser: I64) -> tuple[A64, A64, A64]: ...
def liveness_intervals(
    def_op: I64,
    use_indptr: I64,
    use_ops: I64,
    live_out: U8,
    nested: U8,
    set_indptr: I64,
    set_members: I64,
) -> tuple[A64, A64]: ...
