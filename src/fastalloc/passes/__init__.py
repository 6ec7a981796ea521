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

import logging
import time
from collections.abc import Callable, Iterable
from typing import Any, Literal, overload

from fastalloc._gc import gc_paused
from fastalloc.errors import FastallocError

# The passes themselves live in their submodules (``fastalloc.passes.
# schedule_allocation.schedule_allocation``, ``fastalloc.passes.layout_slices.
# layout_slices``); a same-named function here would be shadowed by the
# submodule as soon as it is imported.
__all__ = ["PASSES", "PackStrategy", "register", "run_passes"]

#: ``pack_strategy`` of the passes: a packing strategy, or ``"smallest"`` (each, keep the smaller slab)
PackStrategy = Literal["iree", "best-fit", "search", "smallest"]

_log = logging.getLogger(__name__)

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


@overload
def run_passes(
    text: str | bytes,
    passes: Iterable[str],
    *,
    filename: str = "<stdin>",
    pack_strategy: PackStrategy = "iree",
    **options: object,
) -> str: ...
@overload
def run_passes(
    text: Any,
    passes: Iterable[str],
    *,
    filename: str = "<stdin>",
    pack_strategy: PackStrategy = "iree",
    **options: object,
) -> Any: ...
def run_passes(
    text: Any,
    passes: Iterable[str],
    *,
    filename: str = "<stdin>",
    pack_strategy: PackStrategy = "iree",
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
    names = list(passes)
    fns = [_lookup(name) for name in names]
    from fastalloc._guard import run_deep

    return run_deep(_run_passes, text, names, fns, filename, pack_strategy, options)


def _run_passes(text: Any, names: list[str], fns: list[PassFn], filename: str, pack_strategy: str,
                options: dict) -> str:
    from fastalloc._guard import internal_error
    from fastalloc.ir import parse

    # Parser, passes and printer each pause the cyclic collector, but between
    # them it would run full scans over the objects just made (~20% of a
    # 30k-op run).
    debug = _log.isEnabledFor(logging.DEBUG)
    with gc_paused():
        t0 = time.perf_counter()
        module = parse(text, filename=filename)
        if debug:
            _log.debug("%s: parse: %d bytes, %d ops, %.3f s", filename, len(text), _count_ops(module),
                       time.perf_counter() - t0)
        try:
            for name, fn in zip(names, fns):
                t0 = time.perf_counter()
                fn(module, pack_strategy=pack_strategy, **options)
                if debug:
                    _log.debug("%s: %s: %d ops after, %.3f s", filename, name, _count_ops(module),
                               time.perf_counter() - t0)
            t0 = time.perf_counter()
            out = module.print()
            if debug:
                _log.debug("%s: print: %d bytes, %.3f s", filename, len(out), time.perf_counter() - t0)
            return out
        except FastallocError:
            raise
        except Exception as e:
            # a bug, not bad input: located at the op being processed
            raise internal_error(e) from e
        finally:
            # Nobody else holds the module: free it now (see Module.dispose),
            # not at some later full collection of the caller's.
            module.dispose()



def _count_ops(module: Any) -> int:
    """Ops in the module (a walk: only called when DEBUG logging is on)."""
    walk = getattr(module, "walk", None)
    return sum(1 for _ in walk()) if walk is not None else -1
