"""fastalloc's passes over the module model, and ``run_passes`` to chain them.

Registry: :data:`PASSES` maps a pass name (IREE's, without the
``iree-stream-`` prefix) to a callable ``fn(module, **options) -> None`` that
rewrites the :class:`~fastalloc.ir.model.Module` in place and raises
:class:`~fastalloc.errors.FastallocError` on bad input.  Every pass receives
every option given to :func:`run_passes` (``pack_strategy`` included) and
ignores the ones it does not use.  A pass module registers itself with
:func:`register`; the built-in ones are imported lazily on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from fastalloc._gc import gc_paused
from fastalloc.errors import FastallocError

# The passes themselves live in their submodules (``fastalloc.passes.
# schedule_allocation.schedule_allocation``, ``fastalloc.passes.layout_slices.
# layout_slices``); a same-named function here would be shadowed by the
# submodule as soon as it is imported.
__all__ = ["PASSES", "register", "run_passes"]

PassFn = Callable[..., None]

PASSES: dict[str, PassFn] = {}

# name -> module that registers it when imported.
_BUILTIN = {
    "schedule-allocation": "fastalloc.passes.schedule_allocation",
    "layout-slices": "fastalloc.passes.layout_slices",
}


def register(name: str, fn: PassFn) -> PassFn:
    """Add (or replace) pass ``name``; returns ``fn`` so it can decorate."""
    PASSES[name] = fn
    return fn


def _lookup(name: str) -> PassFn:
    fn = PASSES.get(name)
    if fn is None and name in _BUILTIN:
        import importlib

        importlib.import_module(_BUILTIN[name])
        fn = PASSES.get(name)
    if fn is None:
        known = sorted(set(PASSES) | set(_BUILTIN))
        raise FastallocError(f"unknown pass '{name}'; known passes: {', '.join(known)}")
    return fn


def run_passes(
    text: Any,
    passes: Iterable[str],
    *,
    filename: str = "<stdin>",
    pack_strategy: str = "iree",
    **options: object,
) -> Any:
    """Parse ``text``, run ``passes`` in order, return the printed module.

    ``text`` may also be an IREE ``iree.compiler.ir.Module`` (or its
    operation): then a new ``ir.Module`` in the same context comes back, the
    input left unchanged (converted through text, which measured fastest:
    see fastalloc.integrations.iree_pm).  All pass names are checked before
    anything runs; a FastallocError from any stage propagates and no partial
    output is produced.
    """
    from fastalloc.ir import parse

    if not isinstance(text, (str, bytes)) and (hasattr(text, "operation") or type(text).__name__ == "Operation"):
        from fastalloc.integrations.iree_pm import run_passes as _run_on_iree_module

        return _run_on_iree_module(text, list(passes), filename=filename, pack_strategy=pack_strategy, **options)
    fns = [_lookup(name) for name in passes]
    from fastalloc._guard import run_deep

    return run_deep(_run_passes, text, fns, filename, pack_strategy, options)


def _run_passes(text: Any, fns: list[PassFn], filename: str, pack_strategy: str, options: dict) -> str:
    from fastalloc._guard import internal_error
    from fastalloc.ir import parse

    # Parser, passes and printer each pause the cyclic collector, but between
    # them it would run full scans over the objects just made (~20% of a
    # 30k-op run).
    with gc_paused():
        module = parse(text, filename=filename)
        try:
            for fn in fns:
                fn(module, pack_strategy=pack_strategy, **options)
            return module.print()
        except FastallocError:
            raise
        except Exception as e:
            # a bug, not bad input: located at the op being processed
            raise internal_error(e) from e
        finally:
            # Nobody else holds the module: free it now (see Module.dispose),
            # not at some later full collection of the caller's.
            module.dispose()

