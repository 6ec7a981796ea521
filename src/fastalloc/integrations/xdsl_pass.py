"""fastalloc's passes as xDSL ``ModulePass`` es (``pip install 'fastalloc[xdsl]'``).

xDSL has no stream dialect: it reads IREE's stream IR as unregistered ops,
which it only parses in MLIR's generic form (``iree-opt
--mlir-print-op-generic`` gives that form).  The passes print the module in
generic form, run fastalloc on the text and parse the result back, again in
generic form, into the module they were given.  They are registered with
``xdsl-opt`` through the ``xdsl.universe`` entry point (:data:`FASTALLOC_UNIVERSE`)::

    iree-opt --mlir-print-op-generic in.mlir > in.generic.mlir
    xdsl-opt --allow-unregistered-dialect \\
        -p 'fastalloc-schedule-allocation{pack-strategy="best-fit"}' in.generic.mlir

or from Python::

    from xdsl.context import Context
    from xdsl.parser import Parser
    ctx = Context(allow_unregistered=True)
    module = Parser(ctx, generic_text).parse_module()
    FastallocScheduleAllocation(pack_strategy="best-fit").apply(ctx, module)
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Any

from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.parser import Parser
from xdsl.passes import ModulePass
from xdsl.printer import Printer
from xdsl.universe import Universe

from fastalloc.errors import FastallocError

__all__ = [
    "FASTALLOC_UNIVERSE",
    "FastallocLayoutSlices",
    "FastallocScheduleAllocation",
    "run_on_generic_text",
    "to_generic",
]


# ---------------------------------------------------------------------------
# Generic text (fastalloc's printer gives the whole module in generic form,
# including the ops its passes create: see fastalloc.ir.generic)
# ---------------------------------------------------------------------------

_ALIAS_BINDINGS = re.compile(r"alias_mutable_bindings = 0\b")


def to_generic(module: Any) -> str:
    """fastalloc module -> MLIR generic text that xDSL parses (the printer's
    generic form, which covers the ops fastalloc's passes create)."""
    return module.print(generic=True)


def run_on_generic_text(
    text: str,
    passes: tuple[str, ...] = ("schedule-allocation", "layout-slices"),
    *,
    pack_strategy: str = "iree",
    filename: str = "<xdsl>",
    **options: object,
) -> str:
    """fastalloc's ``passes`` on MLIR text; the result in generic form."""
    from fastalloc.ir import parse
    from fastalloc.passes import PassContext, PassOptions, get_pass

    fns = [get_pass(name) for name in passes]
    opts = PassOptions.from_kwargs({"pack_strategy": pack_strategy, **options})
    module = parse(text, filename=filename)
    context = PassContext()
    for fn in fns:
        fn.run(module, opts, context)
    # iree-opt 3.13 prints `alias_mutable_bindings = 0` in a resource config
    # but only parses a boolean there; xDSL keeps the attribute text as is.
    return _ALIAS_BINDINGS.sub("alias_mutable_bindings = false", to_generic(module))


# ---------------------------------------------------------------------------
# The passes
# ---------------------------------------------------------------------------


def _rewrite(ctx: Context, op: builtin.ModuleOp, passes: tuple[str, ...], **options: object) -> None:
    if not ctx.allow_unregistered:
        raise FastallocError(
            "fastalloc's xDSL passes need a context that allows unregistered ops "
            "(xdsl-opt --allow-unregistered-dialect, or Context(allow_unregistered=True))"
        )
    out = run_on_generic_text(_module_text(op), passes, **options)
    new = Parser(ctx, out, "<fastalloc>").parse_module()
    # Swap bodies: the caller holds `op`, so it must stay the module object.
    old = op.body.detach_block(0)
    old.erase(safe_erase=False)
    new.body.move_blocks(op.body)
    for key, value in new.attributes.items():
        op.attributes[key] = value


def _module_text(op: builtin.ModuleOp) -> str:
    """``op`` as text: the module in pretty form around its ops in generic form.

    fastalloc's parser takes a top-level ``"builtin.module"() ({...})`` for an
    op nested in an implicit module, so the module itself is printed pretty
    (``builtin.module`` is registered in xDSL and MLIR alike).
    """
    buf = io.StringIO()
    printer = Printer(stream=buf, print_generic_format=True)
    header = "builtin.module"
    if op.sym_name is not None:
        header += f" @{op.sym_name.data}"
    if op.attributes:
        attrs = io.StringIO()
        Printer(stream=attrs, print_generic_format=True).print_attr_dict(op.attributes)
        header += " attributes " + attrs.getvalue().strip()
    buf.write(header + " {\n")
    for inner in op.body.block.ops:
        printer.print_op(inner)
        buf.write("\n")
    buf.write("}\n")
    return buf.getvalue()


def _options(pack_strategy: str, default_alignment: int | None) -> dict[str, object]:
    opts: dict[str, object] = {"pack_strategy": pack_strategy}
    if default_alignment is not None:
        opts["default_alignment"] = default_alignment
    return opts


@dataclass(frozen=True)
class FastallocScheduleAllocation(ModulePass):
    """IREE's schedule-allocation then layout-slices (unless ``layout=False``)
    by fastalloc, on a module of unregistered stream ops."""

    name = "fastalloc-schedule-allocation"

    pack_strategy: str = "iree"
    """Packer of the static slices: "iree" (iree-opt's output), "best-fit", ..."""
    layout: bool = True
    """Also lower the stream.resource.pack ops (layout-slices)."""
    default_alignment: int | None = None
    """Offset alignment where no stream.resources config applies (IREE: 64)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        passes = ("schedule-allocation", "layout-slices") if self.layout else ("schedule-allocation",)
        _rewrite(ctx, op, passes, **_options(self.pack_strategy, self.default_alignment))


@dataclass(frozen=True)
class FastallocLayoutSlices(ModulePass):
    """IREE's layout-slices by fastalloc: every stream.resource.pack becomes
    offset arithmetic, packed with ``pack_strategy``."""

    name = "fastalloc-layout-slices"

    pack_strategy: str = "iree"
    default_alignment: int | None = None

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        _rewrite(ctx, op, ("layout-slices",), **_options(self.pack_strategy, self.default_alignment))


def _schedule_allocation() -> type[ModulePass]:
    return FastallocScheduleAllocation


def _layout_slices() -> type[ModulePass]:
    return FastallocLayoutSlices


#: Registered under the ``xdsl.universe`` entry point group as ``fastalloc``.
FASTALLOC_UNIVERSE = Universe(
    all_passes={
        FastallocScheduleAllocation.name: _schedule_allocation,
        FastallocLayoutSlices.name: _layout_slices,
    }
)
