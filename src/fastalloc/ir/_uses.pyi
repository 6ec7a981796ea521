"""Type stubs of fastalloc.ir._uses (ir/_uses.pyx), compiled helpers of the IR model."""

from typing import Any

def _cut_module(body: Any, values: list[Any], no_regions: Any) -> None: ...
