"""Type stubs of fastalloc.ir._uses (ir/_uses.pyx), compiled helpers of the IR model."""

from collections.abc import Callable
from typing import Any

def _register_parsed_uses(events: list[Any], factory: Callable[[], dict[Any, None]]) -> None: ...
def _cut_module(body: Any, values: list[Any], no_regions: Any) -> None: ...
