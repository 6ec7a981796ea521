"""Type stubs of fastalloc.kernels.bestfit_engine (kernels/bestfit_engine.pyx;
its cdef structures and functions are in bestfit_engine.pxd)."""

import numpy as np
import numpy.typing as npt

def _bf_bk_shift(lla: npt.NDArray[np.intp], lha: npt.NDArray[np.intp], n: int) -> int: ...
