"""Type stubs of fastalloc.ir._uses (ir/_uses.pyx), compiled helpers of the IR model."""

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]

def _py_iu_sort(addr: I64) -> I64: ...

class _UseIndex:
    ops: list[Any]
    values: list[Any]
    def __init__(self, events: list[Any]) -> None: ...
    def __len__(self) -> int: ...
    def arrays(self) -> tuple[I64, npt.NDArray[np.int32], npt.NDArray[np.int32]]: ...
    def uses_of(self, value: object, factory: Callable[[], dict[Any, None]]) -> dict[Any, None] | None: ...

def _cut_module(body: Any, values: list[Any], no_regions: Any) -> None: ...
