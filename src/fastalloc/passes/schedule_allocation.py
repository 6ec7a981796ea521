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
from collections.abc import Callable

from fastalloc._gc import gc_paused
from fastalloc.errors import FastallocError
from fastalloc.ir.attributes import AttrTable
from fastalloc.ir.model import FusedLoc, Block, Module, Op, Value
from fastalloc.ir.rewriter import (
    create,
    drop_uses,
    move_uses,
    replace_all_uses,
    splice,
)
from fastalloc.passes import PassContext, PassOptions, register
from fastalloc.passes import _regions
from fastalloc.passes.regions import (
    _TIED_KIND,
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
from fastalloc.passes.scope import AllocationScope, ResourceRange

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:  # pragma: no cover
    from array import array

    from fastalloc.passes.affinity import AffinityAnalysis

__all__ = ["ScheduleAllocation", "schedule_allocation"]

_CALLABLES = frozenset({"util.func", "func.func", "util.initializer"})
_TIMEPOINT = "!stream.timepoint"
_TRANSIENT = "!stream.resource<transient>"
# The names of fastalloc.passes.parameters.PARAMETER_OPS start so.
_PARAMETER_PREFIX = "stream.async.parameter."
# ... and those of every op the driver rewrites (see _driven_ops).
_ASYNC_PREFIX = "stream.async."
# IREE::Stream::Lifetime enum order (StreamTypes.td): buckets are made in it.
_LIFETIME_ORDER = {"*": 0, "external": 1, "staging": 2, "transient": 3, "variable": 4, "constant": 5}


class ScheduleAllocation:
    """The pass object of the registry (see :mod:`fastalloc.passes`); it has
    no options (``context.progress`` hears of its progress)."""

    name = "schedule-allocation"
    summary = "Allocates resources and converts to explicit stream commands."
    analysis = False

    def run(self, module: Module, options: object, context: PassContext) -> None:
        from fastalloc._guard import in_deep, run_deep

        if not in_deep():
            # the walks recurse once per nesting level: run them on a large stack
            return run_deep(self.run, module, options, context)
        with gc_paused():  # see fastalloc._gc
            _schedule_allocation(module, _Run(context.attributes(module)), context.progress)
            module.release_unreachable()  # the replaced ops, before the next stage allocates


def schedule_allocation(
    module: Module,
    *,
    progress: Callable[[int, int], None] | None = None,
    **options: object,
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
    (the command line draws its progress bar from it).  ``options`` are
    :class:`~fastalloc.passes.PassOptions` (checked; this pass reads none).
    """
    PASS.run(module, PassOptions.from_kwargs(options), PassContext(progress=progress))


class _Run:
    """What one run of the pass knows about its module: the attribute table
    (aliases, canonical forms, affinity joins) and the whole-program affinity
    analysis, built once before any rewriting (None when the module mentions
    no affinity: every join is then of None); the constant cache and the
    constants' templates every region's AllocationScope shares."""

    __slots__ = ("attrs", "analysis", "consts", "tmpls")

    def __init__(self, attrs: AttrTable) -> None:
        self.attrs = attrs
        self.analysis: AffinityAnalysis | None = None
        self.consts: dict[Value, int | None] = {}
        self.tmpls: dict[int, list] = {}

    def key(self, affinity: str | None) -> str | None:
        """The canonical form of an affinity (None stays None): bucket keys."""
        return None if affinity is None else self.attrs.key(affinity)


def _schedule_allocation(module: Module, run: _Run, progress: Callable[[int, int], None] | None = None) -> None:
    from fastalloc.passes import convert

    # (fastalloc.passes.parameters is imported at the first parameter op:
    # most modules have none)
    # Reject unconvertible regions before rewriting anything, so that a bad
    # module is left exactly as it was.
    n_work = 0
    orders: dict[Op, list[Op]] = {}
    for top in module.ops:
        if top.name in _CALLABLES:
            # (An execute nested in an execute is not convertible: checking
            # the outer one reports it.)
            orders[top] = _driven_ops(top)
            for op in orders[top]:
                if op.name == "stream.async.execute":
                    convert.check_convertible(op.regions[0])
                    n_work += 2 * len(op.regions[0].blocks[0].ops)
                elif op.name.startswith(_PARAMETER_PREFIX):
                    from fastalloc.passes import parameters

                    if op.name in parameters.PARAMETER_OPS:
                        parameters.read_op(op)  # unreadable: a located error, nothing rewritten yet
    tick = _Progress(progress, n_work) if progress is not None else None
    # The whole-program affinity analysis runs once, on the module as it is
    # now (iree-opt solves it before rewriting); skipped when the module
    # mentions no affinity at all (every answer is then None).
    if _mentions_affinity(module):
        # (imported here: a module without affinities never needs it)
        from fastalloc.passes.affinity import AffinityAnalysis

        analysis = run.analysis = AffinityAnalysis(module, run.attrs.key)
        analysis.prepare(r for op in analysis.executes for r in op.results if is_resource(r))
    async_funcs: list[Op] = []
    for top in list(module.ops):
        if top.name == "stream.async.func":
            async_funcs.append(top)
            continue
        if top.name not in _CALLABLES or not top._regions or not top._regions[0].blocks:
            continue
        ops = orders[top]
        splices: dict[Block, dict[Op, list[Op]]] = {}
        for op in ops:
            name = op.name
            if name == "stream.async.execute":
                block = op.parent
                new_ops = _allocate_execution_region(op, run, tick)
                splices.setdefault(block, {})[op] = new_ops
            elif name == "stream.async.load":
                convert.convert_async_load(op)
            elif name == "stream.async.store":
                convert.convert_async_store(op)
            elif name.startswith(_PARAMETER_PREFIX):
                from fastalloc.passes import parameters

                if name in parameters.PARAMETER_OPS:
                    parameters.convert(op)
        for block, repl in splices.items():
            splice(block, repl)
    if async_funcs:
        convert.convert_async_funcs(module.body, async_funcs)
    if tick is not None:
        tick.finish()


PASS = register(ScheduleAllocation())


def _driven_ops(op: Op) -> list[Op]:
    """The ops the driver rewrites in ``op`` (executes, loads, stores,
    parameter ops: all named ``stream.async.*``), in post-order (MLIR's
    ``walk``), not entering execute regions (only executes are looked for
    there, and none is convertible nested in an execute that passed the
    convertibility check).  The walk is compiled
    (:func:`fastalloc.passes._regions._post_order_prefixed`): the other
    ops, most of a function, are only stepped over."""
    return _regions._post_order_prefixed(op, _ASYNC_PREFIX, "stream.async.execute")


def _mentions_affinity(module: Module) -> bool:
    """Whether any op (or the module header) writes an affinity (the walk
    over every op of the module is compiled:
    :func:`fastalloc.passes._regions._mentions_affinity`)."""
    if "stream.affinity" in module.header:
        return True
    return _regions._mentions_affinity(module.body.ops)


# ---------------------------------------------------------------------------
# Small builders (detached ops; the caller decides where they go)
# ---------------------------------------------------------------------------


_LIFETIME_RE = re.compile(r"!stream\.resource<([^>]*)>")


def _lifetime(type_text: str) -> str:
    m = _LIFETIME_RE.match(type_text)
    return m.group(1) if m else "*"


def _affinity_props(affinity: str | None) -> dict:
    return {"affinity": affinity} if affinity is not None else {}


def _join_op(timepoints: list[Value]) -> Op:
    return create("stream.timepoint.join", list(timepoints), [len(timepoints)], result_types=[_TIMEPOINT])


def _alloca(type_text: str, size: Value, await_tp: Value | None, affinity: str | None) -> Op:
    # (segments: storage_size, await_timepoint)
    return create(
        "stream.resource.alloca",
        [size] if await_tp is None else [size, await_tp],
        [1, 0 if await_tp is None else 1],
        result_types=[type_text, _TIMEPOINT],
        props=_affinity_props(affinity),
        result_names=["result", "result_timepoint"],
    )


def _pack(intervals: list[int], sizes: list[Value], affinity: str | None) -> Op:
    props = _affinity_props(affinity)
    props["lifetime_intervals"] = intervals
    # One operand and one result per slice: 10^4-10^5 for a big region.
    return create("stream.resource.pack", list(sizes), [0, len(sizes)], None, ["index"] * (len(sizes) + 1), props)


def _subview(source: Value, source_size: Value, offset: Value, length: Value) -> Op:
    return create(
        "stream.resource.subview",
        [source, source_size, offset, length],
        [1, 1, 1, 1],
        result_types=[source.type],
    )


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


def _derive_result_affinity(run: _Run, execute_op: Op, result: Value, region_value: Value) -> str | None:
    """3.13's ``deriveResultAffinity``: the pinned affinities of ``result``,
    else its usage affinities (producers and consumers from the whole-program
    :class:`~fastalloc.passes.affinity.AffinityAnalysis`, sorted by text),
    joined with the local transfer target or the execute's affinity."""
    analysis = run.analysis
    if analysis is None:
        return None
    usage = analysis.pinned_affinities(result)
    if usage is None:
        usage = analysis.usage_affinities(result)
    local = _find_local_value_affinity(region_value)
    exec_aff = execute_op.props.get("affinity")
    usage_all: list[str | None] = list(usage)
    usage_all.append(local if local is not None else exec_aff)
    return run.attrs.join_or(usage_all)


# ---------------------------------------------------------------------------
# Nested constants (fix of iree-opt's lost-constant defect)
# ---------------------------------------------------------------------------


def _hoist_nested_constants(execute_op: Op) -> None:
    """Move each ``stream.async.constant`` nested in a concurrent region to the
    execute's top level, right before the top-level op holding it (nested
    constants in program order); a concurrent's untied result that yields a
    hoisted constant is replaced by the constant, transitively outward."""
    block = execute_op.regions[0].blocks[0]
    ops = block.ops
    # (the walk over every nested op is compiled; most regions have no nested constant)
    found = _regions._nested_named(ops, "stream.async.constant")
    if not found:
        return
    new_ops: list[Op] = []
    hoisted: list[Op] = []
    start = 0
    for k, nested in found:
        new_ops.extend(ops[start:k])
        start = k
        for c in nested:
            parent = c.parent
            parent.ops = [o for o in parent.ops if o is not c]
            c.parent = None
            new_ops.append(c)
            hoisted.append(c)
    new_ops.extend(ops[start:])
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
        for user, idx in reversed(v.uses):
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


def _allocate_execution_region(execute_op: Op, run: _Run, tick: Callable[[int], None] | None = None) -> list[Op]:
    """Allocate one execute op; returns the ops that replace it in its block
    (everything created before it, the ``stream.cmd.execute``, then the
    deallocas and join).  The old op is detached, its body moved.  ``tick(n)``
    is told of progress in ops: the region's top-level op count once its
    allocation is planned, then the same count again during conversion."""
    module = execute_op.module()
    # (Convertibility was checked for every region before anything changed.)
    _hoist_nested_constants(execute_op)
    return _RegionAllocation(execute_op, run, module).allocate(tick)


class _RegionAllocation:
    """One execute region's allocation, in the seed's phases
    (``allocateExecutionRegion``): :meth:`constants`, :meth:`operands`,
    :meth:`results`, :meth:`transients`, then :meth:`command_execute` (the
    new ``stream.cmd.execute``), :meth:`conversion` (the region's ops become
    commands) and :meth:`releases` (deallocas and the timepoint join).

    The phases share what the new op is built from: its resource operands
    and sizes, the timepoints it awaits, the results to replace, and what
    follows it (releases, timepoints to join)."""

    def __init__(self, execute_op: Op, run: _Run, module: Module | None) -> None:
        self.execute_op = execute_op
        self.run = run
        self.module = module
        self.region = region = execute_op.regions[0]
        self.block = block = region.blocks[0]
        self.n_top = len(block.ops)
        self.arrays = arrays = region_arrays(execute_op)
        sets, self.set_indptr, self.set_members = region_alias_sets(arrays)
        self.starts, self.ends = region_intervals(arrays, self.set_indptr, self.set_members)
        self.scope = AllocationScope(execute_op, sets, run.consts, run.tmpls)
        self.yield_op = block.ops[-1]
        self.exec_aff = execute_op.props.get("affinity")
        await_group = execute_op.group("await_timepoint")
        self.await_tp = await_group[0] if await_group else None

        self.pending_releases: list[tuple[Value, Value]] = []
        self.new_awaits: list[Value] = [self.await_tp] if self.await_tp is not None else []
        self.new_operands = execute_op.group("resource_operands")
        self.new_sizes = execute_op.group("resource_operand_sizes")
        self.result_replacements: list[tuple[Value, Value | None]] = []
        self.handled: set[Value] = set()
        self.join_tps: list[Value] = []

    def allocate(self, tick: Callable[[int], None] | None) -> list[Op]:
        try:
            self.constants()
            self.operands()
            self.results()
            self.transients()
            new_exec, moved = self.command_execute()
            self.waves()
            if tick is not None:
                tick(self.n_top)
            self.conversion(tick)
        finally:
            # the ranges sit on the region's values (scope.py): nothing reads them past the conversion
            self.scope.release()
        after = self.releases(new_exec, moved)
        return self.scope.before + [new_exec] + after

    # -- constants (3.13: per lifetime, escaping then local, per affinity) --
    def constants(self) -> None:
        execute_op, scope, run = self.execute_op, self.scope, self.run
        # All upload ops (and their captures) are made first, then mapped.
        batches = []
        constants = _regions._ops_named(self.block.ops, "stream.async.constant")
        values = [op.results[0] for op in constants]
        of_type = {t: _lifetime(t) for t in {v.type for v in values}}
        lifetimes = [of_type[v.type] for v in values]
        escapes = _regions._escaping_results(values, _TIED_KIND, "stream.yield", "stream.async.execute")
        for lifetime in ("constant", "variable"):
            global_b: dict[str | None, tuple[str | None, list[Op]]] = {}
            local_b: dict[str | None, tuple[str | None, list[Op]]] = {}
            for op, value, op_lifetime, escaping in zip(constants, values, lifetimes, escapes):
                if op_lifetime != lifetime:
                    continue
                if escaping is not None:
                    aff = _derive_result_affinity(run, execute_op, escaping, value)
                    global_b.setdefault(run.key(aff), (aff, []))[1].append(op)
                else:
                    local = _find_local_value_affinity(value)
                    aff = local if local is not None else self.exec_aff
                    local_b.setdefault(run.key(aff), (aff, []))[1].append(op)
            for buckets in (global_b, local_b):
                for aff, const_ops in buckets.values():
                    batches.append(_create_constant_batch(execute_op, aff, const_ops, scope))
        for cop, const_ops, captured, sizes in batches:
            any_captured = False
            for k, arg in enumerate(captured):
                if arg is not None:
                    self.new_operands.append(cop.results[k])
                    self.new_sizes.append(sizes[k])
                    any_captured = True
            tp = cop.results[-1]
            if any_captured:
                self.new_awaits.append(tp)
                for k, op in enumerate(const_ops):
                    scope.map_resource_range(op.results[0], ResourceRange(captured[k], sizes[k]))
            else:
                self.join_tps.append(tp)
            yielded = _regions._tied_yield_results(
                [op.results[0] for op in const_ops], execute_op, _TIED_KIND, "stream.yield"
            )
            for k, result in enumerate(yielded):
                if result is not None:
                    replace_all_uses(result, cop.results[k])
                    self.handled.add(result)

    # -- operands ---------------------------------------------------------
    def operands(self) -> None:
        execute_op, block = self.execute_op, self.block
        operand_sizes = execute_op.group("resource_operand_sizes")
        for i, _operand in enumerate(execute_op.group("resource_operands")):
            arg = block.args[i]
            self.scope.map_resource_range(arg, ResourceRange(arg, operand_sizes[i]))

    # -- results ----------------------------------------------------------
    def results(self) -> None:
        execute_op, scope, block, run = self.execute_op, self.scope, self.block, self.run
        emit = scope.emit
        result_replacements = self.result_replacements
        reservations: dict[str | None, tuple[str | None, list[tuple[Value, str, Value, Value]]]] = {}
        result_sizes = execute_op.group("result_sizes")
        yielded = self.yield_op.group("resource_operands")
        tied = execute_op.props.get("tied_operands") or []
        operands_now = execute_op.group("resource_operands")
        resource_results = [r for r in execute_op.results if is_resource(r)]
        for k, result in enumerate(resource_results):
            size = result_sizes[k]
            if result in self.handled:
                result_replacements.append((result, None))
                continue
            yield_value = yielded[k]
            t = tied[k] if k < len(tied) else -1
            if t >= 0:
                tied_opnd = operands_now[t]
                # 3.13 builds the subrange offset chain twice; the second feeds the subview.
                n0 = len(scope.before)
                rng = _derive_resource_range(yield_value, size, scope, locate=True)
                scope.map_resource_range(yield_value, rng)
                rng = _derive_resource_range(yield_value, size, scope)
                if rng.offset is not None:
                    sv = _subview(tied_opnd, rng.resource_size, rng.offset, rng.length)
                    emit(sv)
                    result_replacements.append((result, sv.results[0]))
                else:
                    result_replacements.append((result, tied_opnd))
                # IREE builds the offset adds and the subview at the yielded value's location
                _locate(scope.before, n0, _fused_at([yield_value]))
                continue
            base = find_tied_base_value(yield_value)
            if base.is_block_arg:
                result_replacements.append((result, self.new_operands[base.index]))
                continue
            aff = _derive_result_affinity(run, execute_op, result, yield_value)
            reservations.setdefault(run.key(aff), (aff, []))[1].append((result, result.type, size, yield_value))

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
                    alloca = _alloca(group[0][1], sizes[0], self.await_tp, aff)
                    alloca.dloc = _fused_at(defs)
                    emit(alloca)
                    subs = [alloca.results[0]]
                else:
                    pack = _pack([0] * (2 * len(group)), sizes, aff)
                    pack.dloc = _fused_at(defs)
                    emit(pack)
                    alloca = _alloca(group[0][1], pack.results[0], self.await_tp, aff)
                    alloca.dloc = pack.dloc
                    emit(alloca)
                    subs = []
                    for j, s in enumerate(sizes):
                        sv = _subview(alloca.results[0], pack.results[0], pack.results[1 + j], s)
                        sv.dloc = _fused_at([defs[j]])
                        emit(sv)
                        subs.append(sv.results[0])
                self.new_awaits.append(alloca.results[1])
                for (result, type_text, size, yield_value), sub in zip(group, subs):
                    self.new_operands.append(sub)
                    self.new_sizes.append(size)
                    result_replacements.append((result, sub))
                    arg = block.add_arg(type_text)
                    scope.map_resource_range(yield_value, ResourceRange(arg, size))

    # -- transients -------------------------------------------------------
    def transients(self) -> None:
        alloca = _allocate_local_transients(
            self.execute_op, self.scope, self.arrays, self.starts, self.ends, self.set_indptr, self.set_members,
            self.await_tp, self.exec_aff,
        )
        if alloca is not None:
            self.new_awaits.append(alloca.results[1])
            self.new_operands.append(alloca.results[0])
            self.new_sizes.append(alloca.operands[0])
            self.pending_releases.append((alloca.results[0], alloca.operands[0]))

    # -- the new stream.cmd.execute ---------------------------------------
    def command_execute(self) -> tuple[Op, list[tuple[Op, int]]]:
        """The ``stream.cmd.execute`` that takes the region over (and the
        outer uses of the old execute's timepoint, which a join after it
        takes over later); the old op is detached, its yield emptied."""
        execute_op, scope, block = self.execute_op, self.scope, self.block
        new_awaits = self.new_awaits
        new_await: Value | None = None
        if len(new_awaits) == 1:
            new_await = new_awaits[0]
        elif len(new_awaits) > 1:
            j = _join_op(new_awaits)
            j.copy_loc_from(execute_op)
            scope.emit(j)
            new_await = j.results[0]
        props = _affinity_props(self.exec_aff)
        if _is_executed_once(execute_op):
            props["once"] = True
        execute_op.regions = []
        new_exec = create(
            "stream.cmd.execute",
            segments={
                "resource_operands": self.new_operands,
                "resource_operand_sizes": self.new_sizes,
                "await_timepoint": [new_await] if new_await is not None else [],
            },
            result_types=[_TIMEPOINT],
            props=props,
            regions=[self.region],
            result_names=[None],
        )
        new_exec.copy_loc_from(execute_op)
        new_tp = new_exec.results[0]
        # The users new_tp has now are the ones a join after it takes over.
        moved = replace_all_uses(execute_op.results[-1], new_tp)
        for old, new in self.result_replacements:
            if new is not None:
                replace_all_uses(old, new)
        # Detach the old op (its block position is replaced by the splice; its
        # region was moved to new_exec).  new_exec takes its place in the block
        # now: the splice's set_ops would otherwise register it by walking its
        # whole region, which holds only values registered already (entry
        # arguments, added while the region was in the module) and, after the
        # conversion, only the conversion's ops, which have parents and no
        # results.
        drop_uses(execute_op)
        new_exec.parent = execute_op.parent
        if self.module is not None:
            self.module._register_value(new_tp)
        execute_op.parent = None
        scope.replace_root_op(new_exec)

        # Empty the yield.
        yield_op = self.yield_op
        drop_uses(yield_op)
        new_yield = create("stream.yield", [], [0, 0])  # (resource_operands, resource_operand_sizes)
        new_yield.copy_loc_from(yield_op)
        yield_op.parent = None
        block.ops[-1] = new_yield
        new_yield.parent = block
        return new_exec, moved

    # -- ranges of the concurrent regions' values -------------------------
    def waves(self) -> None:
        """Each ``stream.async.concurrent``'s arguments and yielded values get
        the ranges of its operands and results (pre-order over nested ones)."""
        self.scope.map_concurrent_ranges(self.arrays.concurrent)

    # -- the region's ops become commands ---------------------------------
    def conversion(self, tick: Callable[[int], None] | None) -> None:
        from fastalloc.passes import convert

        convert.convert_checked_region(self.region, self.scope, tick, self.run.attrs)

    # -- deallocas and the join -------------------------------------------
    def releases(self, new_exec: Op, moved: list[tuple[Op, int]]) -> list[Op]:
        """The ops after the new execute: a dealloca per transient slab and
        the join of every timepoint the execute's users must wait for."""
        new_tp = new_exec.results[0]
        join_tps = self.join_tps
        after: list[Op] = []
        for res, res_size in self.pending_releases:
            d = create(
                "stream.resource.dealloca",
                [res, res_size, new_tp],
                [1, 1, 1],
                result_types=[_TIMEPOINT],
                props=_affinity_props(self.exec_aff),
            )
            d.dloc = FusedLoc([res])  # the reservation's (its alloca's) location
            after.append(d)
            join_tps.append(d.results[0])
        if join_tps:
            join_tps.append(new_tp)
            j = create("stream.timepoint.join", join_tps, [len(join_tps)], result_types=[_TIMEPOINT])
            j.dloc = FusedLoc(join_tps)
            after.append(j)
            if moved:
                move_uses(moved, new_tp, j.results[0])
        return after


def _fused_at(values: list[Value]) -> FusedLoc:
    """The fused location of ``values``, each result named by its op (whose
    location it prints; a block argument stays a value: unknown).  The
    region's ops are released as they are converted, their results first:
    a location of the new ops must not need them (compiled:
    :func:`fastalloc.passes._regions._owners`)."""
    loc = FusedLoc(())
    loc.parts = _regions._owners(values)  # (a new list already: FusedLoc would copy it)
    return loc


def _locate(ops: list[Op], start: int, loc) -> None:
    """Give ``ops[start:]`` that have no location yet the location ``loc``."""
    for k in range(start, len(ops)):
        op = ops[k]
        if op.dloc is None and op._src is None:
            op.dloc = loc


def _derive_resource_range(
    yield_value: Value, size: Value, scope: AllocationScope, locate: bool = False
) -> ResourceRange:
    """IREE's ``deriveResourceRangeFromResult`` (subview chain -> one range).

    With ``locate``, each add made in ``scope.before`` is given the location
    of the subview whose offset it adds, as 3.13 gives the adds of the first
    of the two chains it builds."""
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
        elif not locate:
            offset = scope.folder.add(offset, off)
        else:
            n0 = len(scope.before)
            offset = scope.folder.add(offset, off)
            _locate(scope.before, n0, FusedLoc([sv]))
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
    cop = create(
        "stream.resource.constants",
        list(sizes),
        [len(sizes)],  # (result_sizes)
        result_types=types + [_TIMEPOINT],
        props=props,
        result_names=["results"] * len(const_ops) + ["result_timepoint"],
    )
    cop.dloc = FusedLoc(const_ops)
    scope.emit(cop)
    captured: list[Value | None] = []
    values = [op.results[0] for op in const_ops]
    for v, beyond in zip(values, _regions._used_beyond(values, "stream.yield")):
        captured.append(block.add_arg(v.type) if beyond else None)
    return cop, const_ops, captured, sizes


def _allocate_local_transients(
    execute_op: Op,
    scope: AllocationScope,
    arrays,
    starts: array,
    ends: array,
    set_indptr: array,
    set_members: array,
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
    the values without a range, in this order
    (:func:`fastalloc.passes._regions._local_transients`).
    """
    # (with each value's result size: findSizeValue's common case, without the call)
    transients, intervals, sizes, n_unsized = _regions._local_transients(
        arrays.values, starts, ends, set_indptr, set_members,
        arrays.n_args, arrays.n_ordered, arrays.n_hack, scope.ranges,
    )
    if n_unsized:
        for k, v in enumerate(transients):
            if sizes[k] is None:
                sizes[k] = _find_size_value(v, execute_op)
    if not transients:
        return None
    pack = _pack(intervals, sizes, affinity)
    pack.dloc = _fused_at(transients)
    scope.emit(pack)
    alloca = _alloca(_TRANSIENT, pack.results[0], await_tp, affinity)
    alloca.dloc = pack.dloc
    scope.emit(alloca)
    block = execute_op.regions[0].blocks[0]
    arg = block.add_arg(_TRANSIENT)
    scope.map_resource_slices(transients, arg, pack.results[0], pack.results[1:], sizes)
    return alloca
