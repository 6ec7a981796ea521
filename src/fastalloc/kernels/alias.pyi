"""Type stubs of fastalloc.kernels.alias (kernels/alias.pyx).

Every kernel assumes validated input; call them through fastalloc.packing.
"""

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]

LIVE_IN: int
LIVE_OUT: int

def alias_sets(n_values: int, aliasee: I64, aliaser: I64) -> tuple[I64, I64, I64]: ...
def liveness_intervals(
    def_op: I64,
    use_indptr: I64,
    use_ops: I64,
    live_out: U8,
    nested: U8,
    set_indptr: I64,
    set_members: I64,
) -> tuple[I64, I64]: ...
