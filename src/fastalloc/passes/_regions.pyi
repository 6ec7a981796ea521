"""Type stubs of fastalloc.passes._regions (passes/_regions.pyx), compiled helpers of
fastalloc.passes.regions."""

from typing import Any

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]

def _region_scan(
    execute_op: Any, block: Any, args: list[Any], kinds: dict[str, int], prefix: str, concurrent_name: str
) -> tuple[list[Any], int, int, I64, I64, I64, U8, U8, I64, I64, list[Any]]: ...
def _result_size(value: Any) -> Any | None: ...
def _alias_groups(values: list[Any], indptr: I64, members: I64) -> dict[Any, list[Any]]: ...
def _tied_kinds() -> dict[str, int]: ...
def _result_sizes() -> dict[str, tuple[int, int, bool]]: ...
