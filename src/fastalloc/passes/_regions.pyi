"""Type stubs of fastalloc.passes._regions (passes/_regions.pyx), compiled helpers of
fastalloc.passes.regions."""

import array
from typing import Any

import numpy as np
import numpy.typing as npt

# Results are array.array ('q' / 'B'); inputs any C-contiguous buffer.
A64 = array.array[int]
I64 = npt.NDArray[np.int64] | array.array[int]
U8 = array.array[int]

def _region_scan(
    execute_op: Any, block: Any, args: list[Any], kinds: dict[str, int], prefix: str, concurrent_name: str
) -> tuple[list[Any], int, int, A64, A64, A64, U8, U8, A64, A64, list[Any]]: ...
def _result_size(value: Any) -> Any | None: ...
def _alias_groups(values: list[Any], indptr: I64, members: I64) -> dict[Any, list[Any]]: ...
def _tied_kinds() -> dict[str, int]: ...
def _result_sizes() -> dict[str, tuple[int, int, bool]]: ...
def _mentions_affinity(ops: list[Any]) -> bool: ...
def _local_transients(
    values: list[Any], starts: I64, ends: I64, set_indptr: I64, set_members: I64,
    n_args: int, n_ordered: int, n_hack: int, ranges: Any,
) -> tuple[list[Any], list[int], list[Any], int]: ...
