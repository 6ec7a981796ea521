"""fastalloc inside IREE's own Python bindings (``pip install iree-base-compiler``).

Two things:

* :func:`add_layout_slices` / :func:`layout_slices_pass`: a Python pass for
  ``iree.compiler.passmanager.PassManager.add`` that lowers every
  ``stream.resource.pack`` of the module with a fastalloc packing strategy, so
  ``builtin.module(iree-stream-schedule-allocation)`` followed by this pass
  gives IR that the rest of IREE's pipeline accepts (the same IR as
  ``iree-stream-layout-slices`` for ``pack_strategy="iree"``).
* :func:`run_passes`: fastalloc's passes on an ``iree.compiler.ir.Module``
  (or text), returning the same kind of object it was given;
  :func:`to_fastalloc` / :func:`from_fastalloc` convert between the two models.

Conversion goes through MLIR text: IREE prints the module, fastalloc parses,
rewrites and prints it, IREE parses the result into the same context and the
pass moves the new body into the module it was given.  The bindings expose no
cheaper route into a foreign IR model (bytecode is the only other format),
and the text round trip is a small part of the pass's time (see the README's
figures).  Locations do not survive the round trip: fastalloc's parser skips
``loc(...)`` trailers, so the rewritten ops carry unknown locations.  A
module with no ``stream.resource.pack`` is left untouched (a bindings walk
finds that out without the round trip).

>>> from iree.compiler import ir
>>> from iree.compiler.passmanager import PassManager
>>> ctx = ir.Context()
>>> module = ir.Module.parse(text, ctx)                        # doctest: +SKIP
>>> pm = PassManager.parse("builtin.module(iree-stream-schedule-allocation)", ctx)
>>> add_layout_slices(pm, pack_strategy="best-fit")
>>> pm.run(module.operation)                                   # doctest: +SKIP
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from fastalloc.errors import FastallocError

__all__ = [
    "PASS_ARGUMENT",
    "add_layout_slices",
    "from_fastalloc",
    "layout_slices_pass",
    "run_passes",
    "to_fastalloc",
    "to_text",
]

#: The pass's command-line style name inside an IREE pipeline.
PASS_ARGUMENT = "fastalloc-layout-slices"

# iree 3.13 prints `alias_mutable_bindings = 0` in #stream.resource_config but
# its own parser only accepts a boolean there; fix it before IREE reparses.
_ALIAS_BINDINGS = re.compile(r"alias_mutable_bindings = 0\b")


def _fix_quirks(text: str) -> str:
    return _ALIAS_BINDINGS.sub("alias_mutable_bindings = false", text)


def _ir():
    try:
        from iree.compiler import ir
    except ImportError as exc:  # pragma: no cover - the extra is missing
        raise ImportError(
            "fastalloc.integrations.iree_pm needs IREE's Python bindings: "
            "pip install 'fastalloc[iree]' (iree-base-compiler)"
        ) from exc
    return ir


def _operation(module: Any):
    """The ``ir.Operation`` of an ``ir.Module``, ``ir.Operation`` or OpView."""
    return module.operation if hasattr(module, "operation") else module


def to_text(module: Any, *, generic: bool = False) -> str:
    """IREE's text for ``module`` (an ``ir.Module`` or operation), quirks fixed."""
    op = _operation(module)
    return _fix_quirks(op.get_asm(print_generic_op_form=generic, assume_verified=True))


def to_fastalloc(module: Any, *, filename: str = "<iree>"):
    """A fastalloc :class:`~fastalloc.ir.Module` for an IREE ``ir.Module``."""
    from fastalloc.ir import parse

    return parse(to_text(module), filename=filename)


def from_fastalloc(module: Any, context: Any = None):
    """An IREE ``ir.Module`` in ``context`` (the current one if None) for a
    fastalloc module or MLIR text."""
    ir = _ir()
    text = module if isinstance(module, str) else module.print()
    if context is None:
        return ir.Module.parse(_fix_quirks(text))
    return ir.Module.parse(_fix_quirks(text), context)


def _replace_body(target: Any, source: Any) -> None:
    """Move the ops of ``source``'s body into ``target``'s (both
    ``builtin.module`` operations of one context), dropping target's ops."""
    dst = target.regions[0].blocks[0]
    src = source.regions[0].blocks[0]
    # Erase back to front: later ops may use earlier ones' results, and IR
    # with uses left pointing at erased ops is invalid.
    for op in reversed(list(dst.operations)):
        op.erase()
    for op in list(src.operations):
        dst.append(op)
    # Module-level attributes (stream.resources, stream.affinity.default, ...)
    # come along too; iterating the attribute map yields names only (3.13),
    # so read (name, value) pairs.  An attribute the passes dropped goes.
    attrs = dict(source.attributes.items())
    for name in [n for n, _ in target.attributes.items() if n not in attrs]:
        del target.attributes[name]
    for name, value in attrs.items():
        target.attributes[name] = value


def _has_pack(op: Any, ir: Any) -> bool:
    """Whether ``op`` holds a ``stream.resource.pack`` (a bindings walk costs
    a few percent of the text round trip)."""
    found = []

    def visit(inner: Any) -> Any:
        if inner.name == "stream.resource.pack":
            found.append(True)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    op.walk(visit)
    return bool(found)


def run_passes(
    module: Any,
    passes: Iterable[str] = ("schedule-allocation", "layout-slices"),
    *,
    pack_strategy: str = "iree",
    context: Any = None,
    filename: str = "<iree>",
    **options: object,
):
    """fastalloc's passes on ``module``, an IREE ``ir.Module`` or MLIR text.

    Returns the same kind of object it was given: text for text, a new
    ``ir.Module`` (in ``module``'s context, or ``context``) for a module;
    the input module is left unchanged.  Raises FastallocError on bad IR.
    """
    from fastalloc.passes import run_passes as _run

    if isinstance(module, str):
        return _run(module, list(passes), filename=filename, pack_strategy=pack_strategy, **options)
    op = _operation(module)
    out = _run(to_text(op), list(passes), filename=filename, pack_strategy=pack_strategy, **options)
    return from_fastalloc(out, context if context is not None else op.context)


def layout_slices_pass(
    pack_strategy: str = "best-fit",
    *,
    passes: Iterable[str] = ("layout-slices",),
    **options: object,
) -> Callable[[Any, Any], None]:
    """A callable for ``PassManager.add(fn, ...)`` that runs fastalloc's
    ``passes`` (default: layout-slices) on the module it is given, in place.

    On bad input it emits the FastallocError as an error diagnostic at the
    module's location and signals pass failure, so ``pm.run`` raises
    ``MLIRError`` carrying fastalloc's message.
    """
    from fastalloc.passes import PassOptions, get_pass
    from fastalloc.passes import run_passes as _run

    names = list(passes)
    for name in names:  # unknown pass names fail here, not mid-pipeline
        get_pass(name)
    # so do unknown options and a bad strategy or alignment
    PassOptions.from_kwargs({"pack_strategy": pack_strategy, **options}).check()

    def fastalloc_layout_slices(op: Any, pass_: Any) -> None:
        ir = _ir()
        if op.name != "builtin.module":
            op.location.emit_error(
                f"{PASS_ARGUMENT} runs on builtin.module, not {op.name}: add it at the top level of the pipeline"
            )
            pass_.signal_pass_failure()
            return
        if names == ["layout-slices"] and not _has_pack(op, ir):
            return  # nothing to lower: skip the text round trip
        try:
            out = _run(to_text(op), names, filename="<iree>", pack_strategy=pack_strategy, **options)
            new = ir.Module.parse(_fix_quirks(out), op.context)
        except (FastallocError, ir.MLIRError) as exc:
            op.location.emit_error(f"{PASS_ARGUMENT}: {exc}")
            pass_.signal_pass_failure()
            return
        _replace_body(op, new.operation)

    return fastalloc_layout_slices


def add_layout_slices(
    pm: Any,
    pack_strategy: str = "best-fit",
    *,
    passes: Iterable[str] = ("layout-slices",),
    **options: object,
) -> None:
    """Append fastalloc's layout pass to IREE PassManager ``pm``.

    ``pm`` must be anchored on ``builtin.module`` (``PassManager()`` or
    ``PassManager.parse("builtin.module(...)")``): the pass rewrites the whole
    module.  (Passing ``op_name="builtin.module"`` to ``PassManager.add``
    makes 3.13 refuse to schedule it, hence a generic pass that checks.)"""
    pm.add(
        layout_slices_pass(pack_strategy, passes=passes, **options),
        name="FastallocLayoutSlices",
        argument=PASS_ARGUMENT,
        description=f"stream.resource.pack lowered by fastalloc ({pack_strategy})",
    )
