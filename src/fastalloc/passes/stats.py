"""Per-pack statistics: how well the static slices of each slab are packed.

``pack_stats(module, strategy=...)`` reads every ``stream.resource.pack``
that layout-slices would lower (same anchors, same resource-config lookup,
same packer call) without rewriting anything, and returns one
:class:`PackStats` per pack with the function and execute region it belongs
to, so that a command line can print a table per function and region.

``total`` and ``lower_bound`` cover the static slices only (dynamic sizes
are unknown at compile time):

* ``total``: the static slab, IREE's high-water mark ``max(offset +
  align(size, range))`` rounded up to the range alignment;
* ``lower_bound``: the largest sum of range-aligned static sizes live at one
  moment (no packing can do better), rounded up to the range alignment.  It
  ignores the offset alignment, so where that exceeds the range alignment
  (e.g. offsets 64, ranges 8: two live 16-byte slices need 80 bytes, the
  bound says 32) the ratio overstates the waste.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass

import numpy as np

from fastalloc._guard import op_location
from fastalloc.errors import FastallocError
from fastalloc.ir.model import Module, Op
from fastalloc.passes import PassContext, PassOptions, register
from fastalloc.passes.layout_slices import (
    DEFAULT_ALIGNMENT,
    DEFAULT_ANCHORS,
    ResourceConfig,
    _check_alignment,
    _check_strategy,
    _op_text,
    collect_packs,
    lookup_resource_config,
    pack_slices,
    place_static,
    static_lower_bound,
)

__all__ = ["PackStats", "pack_stats"]

_SYMBOL = re.compile(r'@([\w$.\-]+|"[^"]*")')


@dataclass(frozen=True, slots=True)
class PackStats:
    """Statistics of one ``stream.resource.pack`` under one strategy."""

    function: str  # symbol of the enclosing util.func / func.func, without '@'
    pack_index: int  # ordinal of the pack within its function (walk order)
    region: int | None  # ordinal of the stream.cmd.execute it feeds, within the function
    line: int | None  # source line of the pack, when known
    slices: int
    static_slices: int
    dynamic_slices: int
    offset_alignment: int
    range_alignment: int
    strategy: str
    total: int  # static slab bytes
    lower_bound: int  # bytes no packing of the static slices can go below

    @property
    def ratio(self) -> float:
        """``total / lower_bound`` (1.0 for an empty static part)."""
        return self.total / self.lower_bound if self.lower_bound else 1.0

    @property
    def region_name(self) -> str:
        return f"execute#{self.region}" if self.region is not None else "-"


def _symbol(fn: Op) -> str:
    if fn.name == "util.initializer":
        return "util.initializer"  # it has no symbol
    name = fn.props.get("sym_name")
    if isinstance(name, str):
        return name.strip('"')
    m = _SYMBOL.search(_op_text(fn))
    return m.group(1).strip('"') if m else "?"


def _execute_ordinals(fn: Op) -> dict[int, int]:
    out: dict[int, int] = {}
    for op in fn.walk():
        if op.name == "stream.cmd.execute":
            out[id(op)] = len(out)
    return out


def _fed_region(pack: Op, ordinals: dict[int, int]) -> int | None:
    """The execute region that uses the pack's offsets (or its slab)."""
    block = pack.parent
    seen: set[int] = set()
    frontier = deque(pack.results)
    # Follow the offsets and the total (through the alloca of the slab and
    # any index arithmetic) to the first stream.cmd.execute that reads them.
    while frontier:
        v = frontier.popleft()
        if id(v) in seen:
            continue
        seen.add(id(v))
        for user, _ in v.uses:
            node = user
            while node is not None:
                if node.name == "stream.cmd.execute" and id(node) in ordinals:
                    return ordinals[id(node)]
                blk = node.parent
                if blk is None or blk is block:
                    break
                region = blk.parent
                owner = region.parent if region is not None else None
                node = owner if isinstance(owner, Op) else None
            if user.parent is block:
                frontier.extend(user.results)
    return None


def pack_stats(
    module: Module | str,
    strategy: str = "iree",
    *,
    default_alignment: int | None = None,
    anchors: tuple[str, ...] = DEFAULT_ANCHORS,
    filename: str = "<stdin>",
) -> list[PackStats]:
    """One :class:`PackStats` per pack that layout-slices would lower, in order.

    ``module`` may be MLIR text (parsed with ``filename``).  The module is not
    modified.
    """
    if isinstance(module, str):
        from fastalloc.ir import parse

        module = parse(module, filename)
    options = PassOptions.from_kwargs(
        {"pack_strategy": strategy, "default_alignment": default_alignment, "anchors": tuple(anchors)}
    )
    context = PassContext()
    PASS.run(module, options, context)
    return context.results[PASS.name]


class Stats:
    """The analysis pass of the registry (see :mod:`fastalloc.passes`): the
    module is not modified; ``context.results["stats"]`` gets the list of
    :class:`PackStats`.  Options read: those of layout-slices."""

    name = "stats"
    summary = "Per-pack statistics of the static slices (slab size, lower bound); changes nothing."
    analysis = True

    def run(self, module: Module, options: PassOptions, context: PassContext) -> None:
        a = options.default_alignment
        a = DEFAULT_ALIGNMENT if a is None else _check_alignment(a, "default_alignment")
        strategy = options.strategy_spec
        _check_strategy(strategy)
        default = ResourceConfig(a, a)
        consts: dict = {}
        attrs = context.attributes(module)
        anchors = DEFAULT_ANCHORS if options.anchors is None else tuple(options.anchors)
        extra = {"effort": options.effort} if options.effort is not None else {}
        out: list[PackStats] = []
        per_fn: dict[int, int] = {}
        ordinals_by_fn: dict[int, dict[int, int]] = {}
        for fn, pack in collect_packs(module, anchors):
            config = lookup_resource_config(pack, default, attrs)
            ps = pack_slices(pack, consts)
            idx = np.flatnonzero(ps.static_mask)
            starts, ends, sizes = ps.starts[idx], ps.ends[idx], ps.static_sizes[idx]
            try:
                _, total = place_static(starts, ends, sizes, config, strategy, **extra)
            except FastallocError as err:
                raise FastallocError(err.message, err.loc or op_location(pack)) from None
            lb = static_lower_bound(starts, ends, sizes, config)
            ordinals = ordinals_by_fn.get(id(fn))
            if ordinals is None:
                ordinals = ordinals_by_fn[id(fn)] = _execute_ordinals(fn)
            k = per_fn.get(id(fn), 0)
            per_fn[id(fn)] = k + 1
            out.append(
                PackStats(
                    function=_symbol(fn),
                    pack_index=k,
                    region=_fed_region(pack, ordinals),
                    line=pack.loc.line if pack.loc is not None else None,
                    slices=len(ps.sizes),
                    static_slices=len(idx),
                    dynamic_slices=len(ps.sizes) - len(idx),
                    offset_alignment=config.offset_alignment,
                    range_alignment=config.range_alignment,
                    strategy=strategy,
                    total=total,
                    lower_bound=lb,
                )
            )
        context.results[self.name] = out


PASS = register(Stats())
