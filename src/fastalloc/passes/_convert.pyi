"""Type stubs of fastalloc.passes._convert (passes/_convert.pyx), compiled helpers of
fastalloc.passes.convert."""

from collections.abc import Callable, Iterator, Sequence
from typing import Any

class ResourceRange:
    resource: Any
    resource_size: Any
    offset: Any
    length: Any
    def __init__(self, resource: Any, resource_size: Any, offset: Any = None, length: Any = None) -> None: ...

def _cv_add_values(
    consts: dict[Any, int | None],
    const_of: Callable[[Any], int | None],
    add: Callable[[Any, Any], Any],
    lhs: Any,
    rhs: Any,
) -> Any: ...
def _cv_drop_dead(dead: list[Any]) -> Any: ...
def _cv_bind(
    o: list[Any],
    segs: list[int],
    base: int,
    tied: Sequence[int] | None,
    results: list[Any],
    ranges: _RangeTable,
    consts: dict[Any, int | None],
    const_of: Callable[[Any], int | None],
    add: Callable[[Any, Any], Any],
    prims_in_place: bool,
) -> tuple[list[Any], int, int, list[int]]: ...
def _cv_dispatch(
    ranges: _RangeTable,
    consts: dict[Any, int | None],
    const_of: Callable[[Any], int | None],
    add: Callable[[Any, Any], Any],
    build: Callable[..., Any],
    opdef: Any,
    dialect_attrs: Callable[[Any], dict[str, str] | None],
    op: Any,
    cv: Any,
) -> Any: ...

class _CvSweep:
    def __init__(
        self,
        ranges: _RangeTable,
        consts: dict[Any, int | None],
        const_of: Callable[[Any], int | None],
        add: Callable[[Any, Any], Any],
        build: Callable[..., Any],
        cmd_fill: Any,
        cmd_copy: Any,
        cmd_dispatch: Any,
        dialect_attrs: Callable[[Any], dict[str, str] | None],
        apply: dict[str, Callable[[Any, Any], Any]],
        cv: Any,
        layout: tuple[int, ...],
        native: bool = True,
    ) -> None: ...
    def convert(self, op: Any) -> Any: ...
    def region(
        self, ops: list[Any], block: Any, before: list[Any], dead: list[Any], tick: Callable[[int], None] | None,
        tick_every: int,
    ) -> list[Any]: ...


class _RangeTable:
    alias_sets: dict[Any, list[Any]]
    def __init__(self, alias_sets: Any) -> None: ...
    def release(self) -> None: ...
    def __contains__(self, v: object) -> bool: ...
    def __getitem__(self, v: Any) -> ResourceRange: ...
    def __setitem__(self, v: Any, rng: ResourceRange) -> None: ...
    def get(self, v: Any, default: Any = None) -> Any: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Any]: ...
    def keys(self) -> list[Any]: ...
    def values(self) -> list[ResourceRange]: ...
    def items(self) -> list[tuple[Any, ResourceRange]]: ...
    def map(self, resource: Any, rng: ResourceRange, scope: Any) -> None: ...
    def map_many(self, resources: list[Any], rngs: list[ResourceRange], scope: Any) -> None: ...
    def map_slices(
        self, resources: list[Any], resource: Any, resource_size: Any, offsets: list[Any], lengths: list[Any],
        scope: Any,
    ) -> None: ...
    def map_like(self, targets: list[Any], sources: list[Any], scope: Any) -> None: ...
    def map_waves(self, concurrent: list[Any], scope: Any) -> None: ...
def _cv_suspects(region: Any, convertible: Any, collective: str, concurrent: str) -> list[tuple[Any, Any]]: ...
def _cv_scan(text: str, start: int, word: str | None = None) -> list[tuple[int, str, int]]: ...
def _cv_bracket_items(text: str, open_index: int) -> tuple[int, list[str]]: ...
