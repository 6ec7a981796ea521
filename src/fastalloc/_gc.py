"""The one switch for Python's cyclic garbage collector.

A parsed module is millions of small objects with reference cycles (ops point
at blocks, blocks at ops).  While such a model is being built or rewritten,
nothing in it becomes garbage, yet the cyclic collector's full scans would
revisit all of it again and again (2-5x the run time of parse, passes and
print at 10^4-10^5 ops).  Every stage pauses it with :func:`gc_paused`;
nesting is fine and the previous state is always restored.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["gc_paused"]


@contextmanager
def gc_paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
