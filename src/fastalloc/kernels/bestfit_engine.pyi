"""Type stubs of fastalloc.kernels.bestfit_engine (kernels/bestfit_engine.pyx;
its cdef structures and functions are in bestfit_engine.pxd)."""

import numpy as np
import numpy.typing as npt

def _bf_bk_shift(lla: npt.NDArray[np.intp], lha: npt.NDArray[np.intp], n: int) -> int: ...
def _py_bk_fit(lla: npt.NDArray[np.int64], lha: npt.NDArray[np.int64], lo: npt.NDArray[np.int64],
               hi: npt.NDArray[np.int64], T: int, shift: int, s: int, e: int, sz: int,
               first: bool) -> tuple[int, int]: ...
def _py_sweep2(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64], sz: int,
               first: bool) -> tuple[int, int]: ...
