"""Type stubs of fastalloc.kernels.bestfit (kernels/bestfit.pyx)."""

import numpy as np
import numpy.typing as npt

from fastalloc.kernels.bestfit_engine import _bf_bk_shift as _bf_bk_shift
from fastalloc.kernels.bestfit_large import _BF_THREADS as _BF_THREADS
from fastalloc.kernels.bestfit_large import _bf_large as _bf_large
from fastalloc.kernels.bestfit_large import _bf_parallel as _bf_parallel
from fastalloc.kernels.sweep import _pack_sweep as _pack_sweep

I64 = npt.NDArray[np.int64]

def _pack_best_fit(
    starts: I64, ends: I64, sizes: I64, alignment: int, effort: int
) -> tuple[I64, int]: ...
def _pack_best_fit_order(
    starts: I64, ends: I64, sizes: I64, order: I64, first: bool = False
) -> tuple[I64, int]: ...
def _pack_best_fit_order_bk(
    starts: I64, ends: I64, sizes: I64, order: I64, shift: int = -1, first: bool = False
) -> tuple[I64, int]: ...
_BF_THREADS_MIN_N: int
_BF_LARGE_N: int
_BF_SEARCH_PASSES: int
def _bf_leaves(starts: I64, ends: I64) -> tuple[int, I64, I64]: ...
def _bf_default_orders(starts: I64, ends: I64, sizes: I64, first_use: bool = ...) -> list[tuple[I64 | None, bool]]: ...
def _bf_effort1_orders(
    starts: I64, ends: I64, sizes: I64, log_size: npt.NDArray[np.float64], first_use: bool = ...
) -> I64: ...
def _bf_effort1_passes(starts: I64, ends: I64, sizes: I64, first_use: bool = ...) -> list[tuple[I64 | None, bool]]: ...
_BF_RUN_ORDER: tuple[int, ...]
_BF_RACE_SLACK_SHIFT: int
_BF_SWEEP_LAST_N: int
_BF_RACE2_MAX_N: int
_BF_RACE_MIN_STEPS: int
_BF_RACE_STEPS_SHIFT: int

class _BfPass:
    pos: int
    n: int
    peak: int
    def __init__(
        self, order: I64, first: bool, sizes: I64,
        leaves: tuple[int, npt.NDArray[np.intp], npt.NDArray[np.intp]], shift: int
    ) -> None: ...
    def advance(self, limit: int) -> bool: ...
    def offsets(self) -> I64: ...
    def release(self) -> None: ...
    min_steps: int

def _bf_race(
    leaves: tuple[int, npt.NDArray[np.intp], npt.NDArray[np.intp]], sizes: I64,
    cands: list[tuple[I64, bool]], best: I64, best_total: int, target: int, shift: int
) -> tuple[I64, int, I64 | None, bool]: ...
def _bf_large_orders(starts: I64, ends: I64, sizes: I64, k: int) -> list[I64]: ...
_BF_START_MIN_N: int
_BF_START_UNIT_SHIFT: int
def _bf_start_passes(starts: I64, ends: I64, sizes: I64) -> list[tuple[I64, bool]]: ...
def _bf_search_start(
    starts: I64, ends: I64, sizes: I64, target: int, work_limit: int, deadline: float
) -> tuple[I64, int, int]: ...
