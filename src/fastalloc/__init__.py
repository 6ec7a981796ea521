"""fastalloc: IREE's stream memory planning (schedule-allocation, layout-slices) in Cython.

Public API (see README.md):

* IR: :func:`parse` text into a :class:`Module`, ``str(module)`` prints it back;
  :func:`run_passes` takes and returns text; :func:`schedule_allocation` and
  :func:`layout_slices` rewrite a parsed module in place; :func:`pack_stats`.
* Packing (numpy): :func:`pack` -> :class:`Plan`, :func:`lower_bound`,
  :func:`validate`, :func:`alias_sets`, :func:`liveness_intervals`,
  :func:`read_csv` / :func:`write_csv` (minimalloc's format), :func:`plan_many`.
* Errors: every bad input raises :class:`FastallocError` (a ``ValueError``).

Submodules are imported on first use so that ``import fastalloc`` stays cheap.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the command line does not)
if TYPE_CHECKING:
    from typing import Any

from fastalloc.errors import FastallocError as FastallocError, SourceLocation as SourceLocation

__version__ = "0.1.0"

# public name -> module that defines it
_EXPORTS = {
    "parse": "fastalloc.ir",
    "Module": "fastalloc.ir",
    "run_passes": "fastalloc.passes",
    "PackStrategy": "fastalloc.passes",
    "schedule_allocation": "fastalloc.passes.schedule_allocation",
    "layout_slices": "fastalloc.passes.layout_slices",
    "pack_stats": "fastalloc.passes.stats",
    "PackStats": "fastalloc.passes.stats",
    "pack": "fastalloc.packing",
    "Plan": "fastalloc.packing",
    "Strategy": "fastalloc.packing",
    "STRATEGIES": "fastalloc.packing",
    "lower_bound": "fastalloc.packing",
    "validate": "fastalloc.packing",
    "alias_sets": "fastalloc.packing",
    "liveness_intervals": "fastalloc.packing",
    "LIVE_IN": "fastalloc.packing",
    "LIVE_OUT": "fastalloc.packing",
    "Problem": "fastalloc.csvio",
    "read_csv": "fastalloc.csvio",
    "write_csv": "fastalloc.csvio",
    "plan_many": "fastalloc.batch",
}

# A literal list (not computed from _EXPORTS) so that type checkers see the
# public names as exported; tests/test_typing.py checks the two agree.
__all__ = [
    "FastallocError",
    "LIVE_IN",
    "LIVE_OUT",
    "Module",
    "PackStats",
    "PackStrategy",
    "Plan",
    "Problem",
    "STRATEGIES",
    "SourceLocation",
    "Strategy",
    "__version__",
    "alias_sets",
    "layout_slices",
    "liveness_intervals",
    "lower_bound",
    "pack",
    "pack_stats",
    "parse",
    "plan_many",
    "read_csv",
    "run_passes",
    "schedule_allocation",
    "validate",
    "write_csv",
]


if not TYPE_CHECKING:
    # Hidden from type checkers: they see the imports at the bottom instead,
    # and a misspelt name is an error rather than Any.
    def __getattr__(name: str) -> Any:
        module = _EXPORTS.get(name)
        if module is None:
            raise AttributeError(f"module 'fastalloc' has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(module), name)
        globals()[name] = value  # later lookups skip this hook
        return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from fastalloc.batch import plan_many as plan_many
    from fastalloc.csvio import Problem as Problem, read_csv as read_csv, write_csv as write_csv
    from fastalloc.ir import Module as Module, parse as parse
    from fastalloc.packing import (
        LIVE_IN as LIVE_IN,
        LIVE_OUT as LIVE_OUT,
        STRATEGIES as STRATEGIES,
        Plan as Plan,
        Strategy as Strategy,
        alias_sets as alias_sets,
        liveness_intervals as liveness_intervals,
        lower_bound as lower_bound,
        pack as pack,
        validate as validate,
    )
    from fastalloc.passes import PackStrategy as PackStrategy, run_passes as run_passes
    from fastalloc.passes.layout_slices import layout_slices as layout_slices
    from fastalloc.passes.schedule_allocation import schedule_allocation as schedule_allocation
    from fastalloc.passes.stats import PackStats as PackStats, pack_stats as pack_stats
