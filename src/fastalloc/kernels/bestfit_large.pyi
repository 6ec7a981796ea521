"""Type stubs of fastalloc.kernels.bestfit_large (kernels/bestfit_large.pyx)."""

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]

def _bf_large(starts: I64, ends: I64, sizes: I64) -> tuple[I64, int]: ...
def _bf_chunked(starts: I64, ends: I64, sizes: I64, pool: _BfPool) -> tuple[I64, int]: ...
def _bf_tiered(S: I64, E: I64, Z: I64) -> tuple[I64, int] | None: ...
def _bf_slots(S: I64, E: I64, Z: I64) -> tuple[I64, int]: ...
def _bf_cuts(lla: Any, lha: Any, Z: I64, T: int, C: int) -> I64: ...
def _bf_parallel(tasks: list[Callable[[], Any]]) -> list[Any]: ...

class _BfPool:
    def submit(self, task: Callable[[], Any]) -> None: ...
    def results(self) -> list[Any]: ...
    def close(self) -> None: ...

_BF_CHUNKS: int
_BF_CHUNK_LEAVES: int
_BF_RETRIES: int
_BF_THREADS: int
_BF_SMALL_SHIFT: int
_BF_REST_SHIFT: int
_BF_REPACKS: int
_BF_TIER_CHUNKS: int
_BF_CHUNK_ORDERS: tuple[tuple[str, float], ...]
