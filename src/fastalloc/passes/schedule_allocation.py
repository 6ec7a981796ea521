"""``--iree-stream-schedule-allocation``: allocate every ``stream.async.execute``.

Follows IREE's ScheduleAllocation.cpp (seed lines 1039-1972) as iree-opt 3.13
runs it; where 3.13 differs from the seed the 3.13 behaviour is kept (checked
against iree-opt) and the difference is noted at the place it matters:

* constants are bucketed per lifetime into *escaping* ones (that reach an
  execute result) and *local* ones, each bucket per affinity, each bucket one
  ``stream.resource.constants`` (the seed makes one op per lifetime);
* result allocations (and escaping constants) are placed on the join of the
  value's pinned or usage affinities with the local transfer target or the
  execute's affinity (3.13's ``deriveResultAffinity``).  The usage query is
  answered by :class:`fastalloc.passes.affinity.AffinityAnalysis`, the
  whole-program dataflow fixpoint 3.13 runs (producers and consumers through
  calls, globals, branches and scf regions), solved once before any rewriting
  and skipped when the module mentions no affinity;
* the offset chain of a tied result with subviews is materialized twice (as
  3.13 does), the second one feeding the ``stream.resource.subview``;
* use lists are walked newest first, as MLIR keeps them (this decides e.g.
  which of two results yielding the same constant is the escaping one).

Beside the execute regions, ``stream.async.load``/``store`` become
``stream.resource.load``/``store`` and the five ``stream.async.parameter.*``
ops their ``stream.cmd.parameter.*`` ops (:mod:`fastalloc.passes.parameters`).

Every execute region of the module is checked for unconvertible ops, and
every parameter op read, before anything is rewritten, so an error leaves
the module as it was.

Per execute op (:func:`_allocate_execution_region`), in IREE's order:
constants -> operand ranges -> results (tied / pass-through / reserved per
affinity and lifetime) -> transients (one ``stream.resource.pack`` over the
liveness intervals, one ``stream.resource.alloca``) -> the new
``stream.cmd.execute`` -> ranges of ``stream.async.concurrent`` waves ->
:func:`fastalloc.passes.convert.apply_async_allocations` -> deallocas and the
timepoint join.  New ops around an execute are collected in lists and spliced
into its block in one pass per block (linear time; no ``list.insert`` per op).

Two defects of iree-opt 3.13 are fixed (see :func:`_hoist_nested_constants`
and the ordering of nested unused results in :func:`_allocate_local_transients`):

1. a ``stream.async.constant`` inside a ``stream.async.concurrent`` is erased
   by iree-opt with no upload (or crashes it when used there): fastalloc
   hoists it to the execute region's top level, right before the concurrent
   op that holds it, where it is uploaded like any other constant; a
   concurrent result that just yields it is replaced by it (that result,
   now unused, still gets a transient slice, as any unused result does);
2. unused untied results inside concurrent regions get their pack slices in
   an order that changes from run to run in iree-opt (pointer-hash order):
   fastalloc orders them by a pre-order walk of the region.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from itertools import repeat

import numpy as np

from fastalloc._gc import gc_paused
from fastalloc.errors import FastallocError
from fastalloc.ir.model import (
    FusedLoc,
    Block,
    Module,
    Op,
    Value,
    defer_drop_uses,
    defer_move_uses,
    defer_uses,
    replace_uses_deferred,
)
from fastalloc.passes import register
from fastalloc.passes.affinity import AffinityAnalysis
from fastalloc.passes.regions import (
    LIVE_IN,
    LIVE_OUT,
    find_tied_base_value,
    is_resource,
    operand_size,
    region_alias_sets,
    region_arrays,
    region_intervals,
    result_size,
    tied_operand,
    tied_results,
)
from fastalloc.passes.scope import AllocationScope, ResourceRange, create_or_fold_addi, make_op

__all__ = ["schedule_allocation"]

_CALLABLES = frozenset({"util.func", "func.func", "util.initializer"})
_TIMEPOINT = "!stream.timepoint"
_TRANSIENT = "!stream.resource<transient>"
# IREE::Stream::Lifetime enum order (StreamTypes.td): buckets are made in it.
_LIFETIME_ORDER = {"*": 0, "external": 1, "staging": 2, "transient": 3, "variable": 4, "constant": 5}


def schedule_allocation(
    module: Module,
    *,
    progress: Callable[[int, int], None] | None = None,
    **_options: object,
) -> None:
    """Run schedule-allocation over ``module`` in place.

    Visits every ``util.func``/``func.func``/``util.initializer`` directly
    under the module (ops in post-order, as MLIR's ``walk``) and converts
    every ``stream.async.func`` to ``stream.cmd.func``.  Raises
    FastallocError (naming the op and its place) for an op it cannot
    convert, before changing anything.  ``progress(done, total)``, if given,
    counts work in ops of execute regions (each top-level op of a region
    twice: once when the region's allocation is planned, once when it is
    converted), is called with ``done == 0`` before the first region and then
    at least every few thousand ops, so one huge region moves the bar too
    (the command line draws its progress bar from it).
    """
    from fastalloc._guard import in_deep, run_deep

    if not in_deep():
        # the walks recurse once per nesting level: run them on a large stack
        try:
            return run_deep(schedule_allocation, module, progress=progress, **_options)
        finally:
            from fastalloc.ir.model import adopt_module

            adopt_module(module)  # its logs are the caller's to replay now
    with gc_paused():  # see fastalloc._gc
        try:
            _schedule_allocation(module, progress)
        finally:
            # The analysis points at the module: holding it here would keep
            # the whole module alive after the caller dropped it.
            _run.analysis = None


def _schedule_allocation(module: Module, progress: Callable[[int, int], None] | None = None) -> None:
    from fastalloc.passes import convert, parameters

    _set_aliases(module)
    # Reject unconvertible regions before rewriting anything, so that a bad
    # module is left exactly as it was.
    n_work = 0
    orders: dict[Op, list[Op]] = {}
    for top in module.ops:
        if top.name in _CALLABLES:
            # (An execute nested in an execute is not convertible: checking
            # the outer one reports it.)
            orders[top] = _post_order(top)
            for op in orders[top]:
                if op.name == "stream.async.execute":
                    convert.check_convertible(op.regions[0])
                    n_work += 2 * len(op.regions[0].blocks[0].ops)
                elif op.name in parameters.PARAMETER_OPS:
                    parameters.read_op(op)  # unreadable: a located error, nothing rewritten yet
    tick = _Progress(progress, n_work) if progress is not None else None
    # The whole-program affinity analysis runs once, on the module as it is
    # now (iree-opt solves it before rewriting); skipped when the module
    # mentions no affinity at all (every answer is then None).
    _run.analysis = None
    if _mentions_affinity(module):
        analysis = _run.analysis = AffinityAnalysis(module, _norm_text)
        analysis.prepare(r for op in analysis.executes for r in op.results if is_resource(r))
    for top in list(module.ops):
        if top.name == "stream.async.func":
            convert.convert_async_func(top)
            continue
        if top.name not in _CALLABLES or not top._regions or not top._regions[0].blocks:
            continue
        ops = orders[top]
        splices: dict[Block, dict[Op, list[Op]]] = {}
        for op in ops:
            name = op.name
            if name == "stream.async.execute":
                block = op.parent
                new_ops = _allocate_execution_region(op, tick)
                splices.setdefault(block, {})[op] = new_ops
            elif name == "stream.async.load":
                convert.convert_async_load(op)
            elif name == "stream.async.store":
                convert.convert_async_store(op)
            elif name in parameters.PARAMETER_OPS:
                parameters.convert(op)
        for block, repl in splices.items():
            new_list: list[Op] = []
            for op in block.ops:
                r = repl.get(op)
                if r is None:
                    new_list.append(op)
                else:
                    new_list.extend(r)
            block.set_ops(new_list)
    if tick is not None:
        tick.finish()


register("schedule-allocation", schedule_allocation)


def _mentions_affinity(module: Module) -> bool:
    """Whether any op (or the module header) writes an affinity.  A loop
    over an explicit stack of op lists: a generator walk costs ~1 us per op
    and this visits every op of the module (10^5 in one execute region)."""
    if "stream.affinity" in module.header:
        return True
    stack = [module.body.ops]
    while stack:
        for op in stack.pop():
            props = op._props
            if props and ("affinity" in props or "target_affinity" in props):
                return True
            attrs = op._attrs
            if attrs and ("stream.affinity" in attrs or "stream.affinity.default" in attrs):
                return True
            if op.opdef is None and op.tmpl and isinstance(op.tmpl[0], str) and "affinity" in op.tmpl[0]:
                return True
            for region in op._regions:
                for block in region.blocks:
                    stack.append(block.ops)
    return False


def _post_order(op: Op, out: list[Op] | None = None) -> list[Op]:
    """``op`` and the ops nested in it, post-order (MLIR's ``walk``), except
    what is inside ``stream.async.execute`` regions (the driver only looks
    for executes, loads and stores, which are never nested in an execute
    that passed the convertibility check)."""
    if out is None:
        out = []
    for region in op._regions:
        for block in region.blocks:
            for inner in block.ops:
                if inner._regions and inner.name != "stream.async.execute":
                    _post_order(inner, out)
                else:
                    out.append(inner)
    out.append(op)
    return out


# ---------------------------------------------------------------------------
# Small builders (detached ops; the caller decides where they go)
# ---------------------------------------------------------------------------


def _lifetime(type_text: str) -> str:
    m = re.match(r"!stream\.resource<([^>]*)>", type_text)
    return m.group(1) if m else "*"


def _affinity_props(affinity: str | None) -> dict:
    return {"affinity": affinity} if affinity is not None else {}


def _join_op(timepoints: list[Value]) -> Op:
    return Op.create("stream.timepoint.join", segments={"await_timepoints": timepoints}, result_types=[_TIMEPOINT])


def _alloca(type_text: str, size: Value, await_tp: Value | None, affinity: str | None) -> Op:
    return Op.create(
        "stream.resource.alloca",
        segments={"storage_size": [size], "await_timepoint": [await_tp] if await_tp is not None else []},
        result_types=[type_text, _TIMEPOINT],
        props=_affinity_props(affinity),
        result_names=["result", "result_timepoint"],
    )


def _pack(intervals: list[int], sizes: list[Value], affinity: str | None) -> Op:
    props = _affinity_props(affinity)
    props["lifetime_intervals"] = intervals
    # One operand and one result per slice: 10^4-10^5 for a big region.
    return make_op("stream.resource.pack", list(sizes), [0, len(sizes)], None, ["index"] * (len(sizes) + 1), props)


def _subview(source: Value, source_size: Value, offset: Value, length: Value) -> Op:
    return Op.create(
        "stream.resource.subview",
        [source, source_size, offset, length],
        result_types=[source.type],
    )


# ---------------------------------------------------------------------------
# Affinities (AffinityAttr::joinOR for the HAL device attributes)
# ---------------------------------------------------------------------------

_DEVICE_ATTR = re.compile(r"^#hal\.device\.(affinity|promise)<\s*(@[\w.$-]+)\s*(?:,\s*\[([^\]]*)\])?\s*>$")


class _RunState(threading.local):
    """What one run of the pass knows about its module, per thread (threads
    may run the pass on different modules at once, e.g. ``plan_many``):

    * ``aliases``: the module's attribute aliases (``#name`` -> text), so
      that ``#aff = #hal.device.affinity<@d>`` compares equal to its
      definition;
    * ``analysis``: the module's affinity analysis, built once per run before
      any rewriting (None when the module mentions no affinity: every join
      is then of None)."""

    aliases: dict[str, str] = {}
    analysis: AffinityAnalysis | None = None


_run = _RunState()


def _set_aliases(module: Module) -> None:
    aliases: dict[str, str] = {}
    for line in module.aliases:
        name, sep, text = line.partition("=")
        if sep and name.strip().startswith("#"):
            aliases[name.strip()] = text.strip()
    _run.aliases = aliases


def _norm(attr: str | None) -> str | None:
    if attr is None:
        return None
    text = " ".join(attr.split())
    aliases = _run.aliases
    for _ in range(8):
        target = aliases.get(text)
        if target is None:
            break
        text = " ".join(target.split())
    return text


def _norm_text(attr: str) -> str:
    return _norm(attr) or attr


def _join_or(affinities: list[str | None]) -> str | None:
    """``AffinityAttr::joinOR`` over a list (None = no affinity)."""
    result: str | None = None
    for a in affinities:
        if result is None:
            result = a
        elif a is not None:
            result = _join_or2(result, a)
    return result


def _queue(q: str) -> int:
    """A queue ordinal as MLIR reads it: decimal or 0x hex."""
    return int(q, 16) if q[:2] in ("0x", "0X") else int(q)


def _join_or2(a: str, b: str) -> str:
    a, b = _norm(a) or a, _norm(b) or b
    if a == b:
        ma = _DEVICE_ATTR.match(_norm(a) or "")
        if ma is None:
            return a
    if b.startswith("#hal.device.optimal<[") and not a.startswith("#hal.device.optimal<["):
        return _join_or2(b, a)
    ma = _DEVICE_ATTR.match(a)
    mb = _DEVICE_ATTR.match(b)
    if ma and mb and ma.group(1) == mb.group(1) and ma.group(2) == mb.group(2):
        if ma.group(3) is None or mb.group(3) is None:
            return f"#hal.device.{ma.group(1)}<{ma.group(2)}>"
        queues = sorted({_queue(q.strip()) for q in (ma.group(3) + "," + mb.group(3)).split(",") if q.strip()})
        return f"#hal.device.{ma.group(1)}<{ma.group(2)}, [{', '.join(map(str, queues))}]>"
    if _norm(a).startswith("#hal.device.optimal<[") and _norm(a).endswith("]>"):
        inner = _norm(a)[len("#hal.device.optimal<[") : -2]
        members = _split_top(inner)
        for k, m in enumerate(members):
            mm = _DEVICE_ATTR.match(m)
            if mm and mb and mm.group(2) == mb.group(2):
                members[k] = _join_or2(m, b)
                break
        else:
            members.append(b)
        return f"#hal.device.optimal<[{', '.join(members)}]>"
    return f"#hal.device.optimal<[{a}, {b}]>"


def _split_top(text: str) -> list[str]:
    out, depth, cur = [], 0, []
    for ch in text:
        if ch in "<[(":
            depth += 1
        elif ch in ">])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


def _find_local_value_affinity(value: Value | None) -> str | None:
    """IREE's ``findLocalValueAffinity``: a transfer target up the tie chain."""
    while value is not None:
        op = value.owner
        if value.is_block_arg or op is None:
            return None
        if op.name == "stream.async.transfer":
            return op._props.get("target_affinity")
        if op.name == "stream.async.concurrent":
            t = tied_operand(value)
            if t is not None:
                value = t
                continue
            inner_yield = op.regions[0].blocks[0].ops[-1]
            value = inner_yield.group("resource_operands")[value.index]
            continue
        value = tied_operand(value)
    return None


def _derive_result_affinity(execute_op: Op, result: Value, region_value: Value) -> str | None:
    """3.13's ``deriveResultAffinity``: the pinned affinities of ``result``,
    else its usage affinities (producers and consumers from the whole-program
    :class:`~fastalloc.passes.affinity.AffinityAnalysis`, sorted by text),
    joined with the local transfer target or the execute's affinity."""
    analysis = _run.analysis
    if analysis is None:
        return None
    usage = analysis.pinned_affinities(result)
    if usage is None:
        usage = analysis.usage_affinities(result)
    local = _find_local_value_affinity(region_value)
    exec_aff = execute_op.props.get("affinity")
    usage_all: list[str | None] = list(usage)
    usage_all.append(local if local is not None else exec_aff)
    return _join_or(usage_all)


# ---------------------------------------------------------------------------
# Nested constants (fix of iree-opt's lost-constant defect)
# ---------------------------------------------------------------------------


def _hoist_nested_constants(execute_op: Op) -> None:
    """Move each ``stream.async.constant`` nested in a concurrent region to the
    execute's top level, right before the top-level op holding it (nested
    constants in program order); a concurrent's untied result that yields a
    hoisted constant is replaced by the constant, transitively outward."""
    block = execute_op.regions[0].blocks[0]
    # (_regions: the public property makes a list for each op without any.)
    if not any(op._regions for op in block.ops):
        return
    new_ops: list[Op] = []
    hoisted: list[Op] = []
    for op in block.ops:
        if op._regions:
            nested = [inner for inner in op.walk() if inner is not op and inner.name == "stream.async.constant"]
            for c in nested:
                parent = c.parent
                parent.ops = [o for o in parent.ops if o is not c]
                c.parent = None
                new_ops.append(c)
                hoisted.append(c)
        new_ops.append(op)
    if not hoisted:
        return
    block.set_ops(new_ops)
    for c in hoisted:
        work = [c.results[0]]
        while work:
            v = work.pop()
            for user, idx in list(v.uses):
                if user.name != "stream.yield":
                    continue
                region_op = user.parent.parent.parent if user.parent and user.parent.parent else None
                if region_op is None or region_op.name != "stream.async.concurrent":
                    continue
                k = idx  # resources come first in the yield
                if k >= len(region_op.results):
                    continue
                outer = region_op.results[k]
                if tied_operand(outer) is not None:
                    continue
                if outer.uses:
                    outer.replace_all_uses_with(v)
                    work.append(v)


# ---------------------------------------------------------------------------
# One execute region
# ---------------------------------------------------------------------------


def _find_size_value(value: Value, execute_op: Op) -> Value:
    """``SizeAwareTypeInterface::findSizeValue`` for a region value."""
    s = result_size(value)  # the common case: the first step of the walk below
    if s is not None:
        return s
    work = [value]
    seen = set()
    while work:
        v = work.pop()
        if v in seen:
            continue
        seen.add(v)
        if v.is_block_arg:
            continue
        s = result_size(v)
        if s is not None:
            return s
        t = tied_operand(v)
        if t is not None:
            work.append(t)
    work = [value]
    seen = set()
    while work:
        v = work.pop()
        if v in seen:
            continue
        seen.add(v)
        for user, idx in reversed(v._peek_uses()):  # region values: no new op uses them
            s = operand_size(user, idx) if user.opdef is not None else None
            if s is not None and not _inside(s, execute_op):
                return s
            work.extend(tied_results(user, idx) if user.opdef is not None else ())
    raise FastallocError(
        f"cannot find the size of a resource defined by {getattr(value.owner, 'name', 'a block argument')}",
        getattr(value.owner, "loc", None) or execute_op.loc,
    )


def _inside(value: Value, op: Op) -> bool:
    owner = value.owner
    node = owner if isinstance(owner, Op) else None
    blk = owner if isinstance(owner, Block) else (owner.parent if node is not None else None)
    while blk is not None:
        region = blk.parent
        parent = region.parent if region is not None else None
        if parent is op:
            return True
        if not isinstance(parent, Op):
            return False
        blk = parent.parent
    return False


def _is_executed_once(op: Op) -> bool:
    block = op.parent
    region = block.parent if block is not None else None
    parent = region.parent if region is not None else None
    return (
        isinstance(parent, Op)
        and parent.name == "util.initializer"
        and bool(parent.regions)
        and parent.regions[0].blocks[0] is block
    )


def _find_tied_yield_result(value: Value, execute_op: Op) -> Value | None:
    """IREE's ``findTiedYieldResult``: the execute result ``value`` escapes to
    through tied ops and the execute's yield, or None."""
    # MLIR keeps use lists newest first: walk ours backwards so that the
    # first escape found is the one iree-opt finds.
    work = [value]
    while work:
        v = work.pop()
        for user, idx in reversed(v._peek_uses()):  # region values: no new op uses them
            if user.name == "stream.yield":
                if user.parent is execute_op.regions[0].blocks[0]:
                    return execute_op.results[idx]
                continue
            if user.opdef is not None:
                work.extend(tied_results(user, idx))
    return None


def _find_escaping_result_value(value: Value) -> Value | None:
    """3.13's ``findEscapingResultValue`` (through concurrent yields too)."""
    # A worklist of MLIR-ordered (newest first) uses popped from the back.
    # Region values (no new op uses them: _peek_uses, see _allocate_execution_region).
    work = list(reversed(value._peek_uses()))
    while work:
        user, idx = work.pop()
        if user.name == "stream.yield":
            parent = user.parent.parent.parent
            outer = parent.results[idx]
            if parent.name == "stream.async.execute":
                return outer
            work.extend(reversed(outer._peek_uses()))
        elif user.opdef is not None:
            for r in tied_results(user, idx):
                work.extend(reversed(r._peek_uses()))
    return None


class _Progress:
    """Forwards ``advance(n)`` to ``progress(done, total)``, at most once per
    ``_PROGRESS_STEP`` units of work (a callback per op would cost more than
    the bar is worth), and always at the start and at the end."""

    __slots__ = ("progress", "total", "done", "reported")

    def __init__(self, progress: Callable[[int, int], None], total: int) -> None:
        self.progress = progress
        self.total = total
        self.done = 0
        self.reported = 0
        progress(0, total)

    def __call__(self, n: int) -> None:
        # Hoisted nested constants can add a few ops to a region after it was
        # counted: never report more than the total.
        self.done = min(self.done + n, self.total)
        if self.done - self.reported >= _PROGRESS_STEP:
            self.reported = self.done
            self.progress(self.done, self.total)

    def finish(self) -> None:
        if self.reported != self.total:
            self.done = self.reported = self.total
            self.progress(self.total, self.total)


_PROGRESS_STEP = 4096


def _allocate_execution_region(execute_op: Op, tick: Callable[[int], None] | None = None) -> list[Op]:
    """Allocate one execute op; returns the ops that replace it in its block
    (everything created before it, the ``stream.cmd.execute``, then the
    deallocas and join).  The old op is detached, its body moved.  ``tick(n)``
    is told of progress in ops: the region's top-level op count once its
    allocation is planned, then the same count again during conversion."""
    from fastalloc.passes import convert

    module = execute_op.module()
    # (Convertibility was checked for every region before anything changed.)
    _hoist_nested_constants(execute_op)
    # Every op made from here on leaves its use-list upkeep to the next
    # reader (fastalloc.ir.model.defer_uses): after the last region usually
    # nobody reads them before printing, so the lists of the index values
    # every command op uses (10^4-10^5 uses each) are never made.  What this
    # function reads are use lists of region values, which no new op uses
    # (read with _peek_uses, not flushing the log), and the outer users of
    # the execute's results (moved with replace_uses_deferred).
    previous = defer_uses(module)
    try:
        return _allocate_deferred(execute_op, tick)
    finally:
        defer_uses(previous)


def _allocate_deferred(execute_op: Op, tick: Callable[[int], None] | None) -> list[Op]:
    from fastalloc.passes import convert

    module = execute_op.module()
    region = execute_op.regions[0]
    n_top = len(region.blocks[0].ops)
    arrays = region_arrays(execute_op)
    sets, set_indptr, set_members = region_alias_sets(arrays)
    starts, ends = region_intervals(arrays, set_indptr, set_members)

    scope = AllocationScope(execute_op, sets)
    emit = scope.emit
    block = region.blocks[0]
    yield_op = block.ops[-1]
    exec_aff = execute_op.props.get("affinity")
    await_group = execute_op.group("await_timepoint")
    await_tp = await_group[0] if await_group else None

    pending_releases: list[tuple[Value, Value]] = []
    new_awaits: list[Value] = [await_tp] if await_tp is not None else []
    new_operands = execute_op.group("resource_operands")
    new_sizes = execute_op.group("resource_operand_sizes")
    result_replacements: list[tuple[Value, Value | None]] = []
    handled: set[Value] = set()
    join_tps: list[Value] = []

    # -- constants (3.13: per lifetime, escaping then local, per affinity) --
    # All upload ops (and their captures) are made first, then mapped.
    batches = []
    constants = [op for op in block.ops if op.name == "stream.async.constant"]
    for lifetime in ("constant", "variable"):
        global_b: dict[str | None, tuple[str | None, list[Op]]] = {}
        local_b: dict[str | None, tuple[str | None, list[Op]]] = {}
        for op in constants:
            if _lifetime(op.results[0].type) != lifetime:
                continue
            value = op.results[0]
            escaping = _find_escaping_result_value(value)
            if escaping is not None:
                aff = _derive_result_affinity(execute_op, escaping, value)
                global_b.setdefault(_norm(aff), (aff, []))[1].append(op)
            else:
                local = _find_local_value_affinity(value)
                aff = local if local is not None else exec_aff
                local_b.setdefault(_norm(aff), (aff, []))[1].append(op)
        for buckets in (global_b, local_b):
            for aff, const_ops in buckets.values():
                batches.append(_create_constant_batch(execute_op, aff, const_ops, scope))
    for cop, const_ops, captured, sizes in batches:
        any_captured = False
        for k, arg in enumerate(captured):
            if arg is not None:
                new_operands.append(cop.results[k])
                new_sizes.append(sizes[k])
                any_captured = True
        tp = cop.results[-1]
        if any_captured:
            new_awaits.append(tp)
            for k, op in enumerate(const_ops):
                scope.map_resource_range(op.results[0], ResourceRange(captured[k], sizes[k]))
        else:
            join_tps.append(tp)
        for k, op in enumerate(const_ops):
            result = _find_tied_yield_result(op.results[0], execute_op)
            if result is None:
                continue
            replace_uses_deferred(result, cop.results[k])
            handled.add(result)

    # -- operands ---------------------------------------------------------
    operand_sizes = execute_op.group("resource_operand_sizes")
    for i, _operand in enumerate(execute_op.group("resource_operands")):
        arg = block.args[i]
        scope.map_resource_range(arg, ResourceRange(arg, operand_sizes[i]))

    # -- results ----------------------------------------------------------
    reservations: dict[str | None, tuple[str | None, list[tuple[Value, str, Value, Value]]]] = {}
    result_sizes = execute_op.group("result_sizes")
    yielded = yield_op.group("resource_operands")
    tied = execute_op.props.get("tied_operands") or []
    operands_now = execute_op.group("resource_operands")
    resource_results = [r for r in execute_op.results if is_resource(r)]
    for k, result in enumerate(resource_results):
        size = result_sizes[k]
        if result in handled:
            result_replacements.append((result, None))
            continue
        yield_value = yielded[k]
        t = tied[k] if k < len(tied) else -1
        if t >= 0:
            tied_opnd = operands_now[t]
            # 3.13 builds the subrange offset chain twice; the second feeds the subview.
            n0 = len(scope.before)
            rng = _derive_resource_range(yield_value, size, emit, scope.before)
            scope.map_resource_range(yield_value, rng)
            rng = _derive_resource_range(yield_value, size, emit)
            if rng.offset is not None:
                sv = _subview(tied_opnd, rng.resource_size, rng.offset, rng.length)
                emit(sv)
                result_replacements.append((result, sv.results[0]))
            else:
                result_replacements.append((result, tied_opnd))
            # IREE builds the offset adds and the subview at the yielded value's location
            _locate(scope.before, n0, FusedLoc([yield_value]))
            continue
        base = find_tied_base_value(yield_value)
        if base.is_block_arg:
            result_replacements.append((result, new_operands[base.index]))
            continue
        aff = _derive_result_affinity(execute_op, result, yield_value)
        reservations.setdefault(_norm(aff), (aff, []))[1].append((result, result.type, size, yield_value))

    for aff, items in reservations.values():
        by_life: dict[int, list[tuple[Value, str, Value, Value]]] = {}
        for item in items:
            by_life.setdefault(_LIFETIME_ORDER.get(_lifetime(item[1]), 0), []).append(item)
        for life in sorted(by_life):
            group = by_life[life]
            sizes = [g[2] for g in group]
            # each reservation is at the op defining the yielded value's storage
            defs = [find_tied_base_value(g[3]) for g in group]
            if len(group) == 1:
                alloca = _alloca(group[0][1], sizes[0], await_tp, aff)
                alloca.dloc = FusedLoc(defs)
                emit(alloca)
                subs = [alloca.results[0]]
            else:
                pack = _pack([0] * (2 * len(group)), sizes, aff)
                pack.dloc = FusedLoc(defs)
                emit(pack)
                alloca = _alloca(group[0][1], pack.results[0], await_tp, aff)
                alloca.dloc = pack.dloc
                emit(alloca)
                subs = []
                for j, s in enumerate(sizes):
                    sv = _subview(alloca.results[0], pack.results[0], pack.results[1 + j], s)
                    sv.dloc = FusedLoc([defs[j]])
                    emit(sv)
                    subs.append(sv.results[0])
            new_awaits.append(alloca.results[1])
            for (result, type_text, size, yield_value), sub in zip(group, subs):
                new_operands.append(sub)
                new_sizes.append(size)
                result_replacements.append((result, sub))
                arg = block.add_arg(type_text)
                scope.map_resource_range(yield_value, ResourceRange(arg, size))

    # -- transients -------------------------------------------------------
    transient = _allocate_local_transients(
        execute_op, scope, arrays, starts, ends, set_indptr, set_members, await_tp, exec_aff
    )
    if transient is not None:
        alloca = transient
        new_awaits.append(alloca.results[1])
        new_operands.append(alloca.results[0])
        new_sizes.append(alloca.operands[0])
        pending_releases.append((alloca.results[0], alloca.operands[0]))

    # -- the new stream.cmd.execute ---------------------------------------
    new_await: Value | None = None
    if len(new_awaits) == 1:
        new_await = new_awaits[0]
    elif len(new_awaits) > 1:
        j = _join_op(new_awaits)
        j.copy_loc_from(execute_op)
        emit(j)
        new_await = j.results[0]
    props = _affinity_props(exec_aff)
    if _is_executed_once(execute_op):
        props["once"] = True
    execute_op.regions = []
    new_exec = Op.create(
        "stream.cmd.execute",
        segments={
            "resource_operands": new_operands,
            "resource_operand_sizes": new_sizes,
            "await_timepoint": [new_await] if new_await is not None else [],
        },
        result_types=[_TIMEPOINT],
        props=props,
        regions=[region],
        result_names=[None],
    )
    new_exec.copy_loc_from(execute_op)
    new_tp = new_exec.results[0]
    # The users new_tp has now are the ones a join after it takes over.
    moved = replace_uses_deferred(execute_op.results[-1], new_tp)
    for old, new in result_replacements:
        if new is not None:
            replace_uses_deferred(old, new)
    # Detach the old op (its block position is replaced by the splice; its
    # region was moved to new_exec).  new_exec takes its place in the block
    # now: the splice's set_ops would otherwise register it by walking its
    # whole region, which holds only values registered already (entry
    # arguments, added while the region was in the module) and, after the
    # conversion, only the conversion's ops, which have parents and no
    # results (10^5 ops walked for nothing).
    defer_drop_uses(execute_op, execute_op.operands)
    new_exec.parent = execute_op.parent
    if module is not None:
        module._register_value(new_tp)
    execute_op.parent = None
    scope.replace_root_op(new_exec)

    # Empty the yield.
    defer_drop_uses(yield_op, yield_op.operands)
    new_yield = Op.create("stream.yield", segments={"resource_operands": [], "resource_operand_sizes": []})
    new_yield.copy_loc_from(yield_op)
    yield_op.parent = None
    block.ops[-1] = new_yield
    new_yield.parent = block

    # Wave ranges (pre-order over nested concurrent regions).
    for op in arrays.concurrent:
        inner_block = op.regions[0].blocks[0]
        for outer, inner in zip(op.group("resource_operands"), inner_block.args):
            scope.map_resource_range(inner, scope.lookup_resource_range(outer))
        inner_yield = inner_block.ops[-1]
        for inner, outer in zip(inner_yield.group("resource_operands"), [r for r in op.results if is_resource(r)]):
            scope.map_resource_range(inner, scope.lookup_resource_range(outer))

    if tick is not None:
        tick(n_top)
    convert.convert_checked_region(region, scope, tick)

    # -- deallocas and the join -------------------------------------------
    after: list[Op] = []
    for res, res_size in pending_releases:
        d = make_op(
            "stream.resource.dealloca",
            [res, res_size, new_tp],
            [1, 1, 1],
            result_types=[_TIMEPOINT],
            props=_affinity_props(exec_aff),
        )
        d.dloc = FusedLoc([res])  # the reservation's (its alloca's) location
        after.append(d)
        join_tps.append(d.results[0])
    if join_tps:
        join_tps.append(new_tp)
        j = make_op("stream.timepoint.join", join_tps, [len(join_tps)], result_types=[_TIMEPOINT])
        j.dloc = FusedLoc(join_tps)
        after.append(j)
        if moved:
            defer_move_uses(moved, new_tp, j.results[0])

    return scope.before + [new_exec] + after


def _locate(ops: list[Op], start: int, loc) -> None:
    """Give ``ops[start:]`` that have no location yet the location ``loc``."""
    for k in range(start, len(ops)):
        op = ops[k]
        if op.dloc is None and op._src is None:
            op.dloc = loc


def _derive_resource_range(yield_value: Value, size: Value, emit, locate_in: list[Op] | None = None) -> ResourceRange:
    """IREE's ``deriveResourceRangeFromResult`` (subview chain -> one range).

    With ``locate_in`` (the list ``emit`` appends to), each add is given the
    location of the subview whose offset it adds, as 3.13 gives the adds of
    the first of the two chains it builds."""
    subranges: list[Op] = []
    base = yield_value
    while True:
        t = tied_operand(base)
        if t is None:
            break
        op = base.owner
        if op.name == "stream.resource.subview" and op.operands[0] is t:
            subranges.append(op)
        base = t
    if not subranges:
        return ResourceRange(yield_value, size)
    offset: Value | None = None
    for sv in reversed(subranges):
        off = sv.operands[2]
        if offset is None:
            offset = off
        elif locate_in is None:
            offset = create_or_fold_addi(offset, off, emit)
        else:
            n0 = len(locate_in)
            offset = create_or_fold_addi(offset, off, emit)
            _locate(locate_in, n0, FusedLoc([sv]))
    last = subranges[-1]
    return ResourceRange(last.operands[0], last.operands[1], offset, size)


def _create_constant_batch(execute_op: Op, affinity: str | None, const_ops: list[Op], scope: AllocationScope):
    """3.13's ``allocateConstantBatch``: one ``stream.resource.constants`` for
    ``const_ops`` and an entry block argument for each constant used by
    anything but a yield.  Returns ``(op, const_ops, captured_args, sizes)``."""
    block = execute_op.regions[0].blocks[0]
    sizes = [op.group("result_size")[0] for op in const_ops]
    types = [op.results[0].type for op in const_ops]
    props = _affinity_props(affinity)
    props["values"] = [op._props.get("value") for op in const_ops]
    cop = Op.create(
        "stream.resource.constants",
        segments={"result_sizes": sizes},
        result_types=types + [_TIMEPOINT],
        props=props,
        result_names=["results"] * len(const_ops) + ["result_timepoint"],
    )
    cop.dloc = FusedLoc(const_ops)
    scope.emit(cop)
    captured: list[Value | None] = []
    for op in const_ops:
        v = op.results[0]
        uses = v._peek_uses()  # a region value: no new op uses it
        if uses and not all(u.name == "stream.yield" for u, _ in uses):
            captured.append(block.add_arg(v.type))
        else:
            captured.append(None)
    return cop, const_ops, captured, sizes


def _allocate_local_transients(
    execute_op: Op,
    scope: AllocationScope,
    arrays,
    starts: np.ndarray,
    ends: np.ndarray,
    set_indptr: np.ndarray,
    set_members: np.ndarray,
    await_tp: Value | None,
    affinity: str | None,
) -> Op | None:
    """IREE's ``allocateLocalTransients``: one pack + alloca for every value
    whose interval is neither live-in nor live-out and has no range yet.

    Interval order is IREE's: the nested unused results (its ordinal -1
    entries; pre-order walk order here, where iree-opt's order is random),
    then block arguments and top-level results in program order.  A value
    gets a slice unless it has a range or an alias of it got one already
    (``scope.for_each_resource_alias`` in the seed): every alias of a value
    with a range has one too (map_resource_range maps the whole set), so
    that is the first value of each alias set (or a value in none) among
    the values without a range, in this order.
    """
    n_ord, n_hack = arrays.n_ordered, arrays.n_hack
    order = np.concatenate([np.arange(n_ord, n_ord + n_hack), np.arange(arrays.n_args, n_ord)])
    s = starts[order]
    e = ends[order]
    keep = (s != LIVE_IN) & (e != LIVE_OUT)
    order = order[keep]
    s = s[keep]
    e = e[keep]
    values = arrays.values
    ranges = scope.ranges
    unmapped = ~np.fromiter(
        map(ranges.__contains__, map(values.__getitem__, order.tolist())), dtype=bool, count=order.shape[0]
    )
    # Alias set number per local value (values in no set: a number of their own).
    n_sets = set_indptr.shape[0] - 1
    set_of = np.arange(n_sets, n_sets + len(values), dtype=np.int64)
    set_of[set_members] = np.repeat(np.arange(n_sets, dtype=np.int64), np.diff(set_indptr))
    cand = np.flatnonzero(unmapped)
    _, first = np.unique(set_of[order[cand]], return_index=True)
    chosen = cand[np.sort(first)]
    transients: list[Value] = list(map(values.__getitem__, order[chosen].tolist()))
    intervals = np.empty(2 * chosen.shape[0], dtype=np.int64)
    intervals[0::2] = s[chosen]
    intervals[1::2] = e[chosen]
    intervals = intervals.tolist()
    sizes: list[Value] = []
    for v in transients:
        size = result_size(v)  # findSizeValue's common case, without the call
        sizes.append(size if size is not None else _find_size_value(v, execute_op))
    if not transients:
        return None
    pack = _pack(intervals, sizes, affinity)
    pack.dloc = FusedLoc(transients)
    scope.emit(pack)
    alloca = _alloca(_TRANSIENT, pack.results[0], await_tp, affinity)
    alloca.dloc = pack.dloc
    scope.emit(alloca)
    block = execute_op.regions[0].blocks[0]
    arg = block.add_arg(_TRANSIENT)
    total = pack.results[0]
    scope.map_resource_ranges(
        transients, list(map(ResourceRange, repeat(arg), repeat(total), pack.results[1:], sizes))
    )
    return alloca
