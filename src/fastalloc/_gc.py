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

__all__ = ["gc_paused"]


class gc_paused:
    """``with gc_paused():`` the collector is off inside, as it was after
    (a class, not contextlib.contextmanager: contextlib is one more import
    for the command line, and this is entered once per stage)."""

    __slots__ = ("_was_enabled",)

    def __enter__(self) -> None:
        self._was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self._was_enabled:
            gc.enable()
