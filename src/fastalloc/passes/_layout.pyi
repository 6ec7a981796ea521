"""Type stubs of fastalloc.passes._layout (passes/_layout.pyx): the compiled loops of layout-slices."""

from array import array
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from fastalloc.ir.model import Op, Value

class Folder:
    out: list[Op]
    consts: dict[Value, int | None]
    def __init__(
        self, consts: dict[Value, int | None], loc_from: Op | None, out: list[Op] | None = None,
        tmpls: dict[int, list] | None = None,
    ) -> None: ...
    def index(self, c: int) -> Value: ...
    def add(self, a: Value, b: Value) -> Value: ...
    def align(self, v: Value, a: int) -> Value: ...

class FirstFitBins:
    count: int
    def __init__(self, points: Iterable[int]) -> None: ...
    def place(self, s: int, e: int) -> int: ...

def static_sizes(sizes: list[Value], consts: dict[Value, int | None], mask: np.ndarray | array[int], out: np.ndarray | array[int]) -> int: ...
def replace_static(b: Folder, results: list[Value], base: Value, idx: np.ndarray | array[int], placed: np.ndarray | array[int]) -> None: ...
def place_dynamic(
    b: Folder, results: list[Value], sizes: list[Value], members: list[int], starts: list[int], ends: list[int],
    offset: Value, oa: int, ra: int, literal: bool, literal_bins: Callable[[], Any],
) -> Value: ...
