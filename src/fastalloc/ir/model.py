# cython: annotation_typing=False, boundscheck=True, wraparound=True, initializedcheck=True
"""The module model: values, ops, blocks, regions, and the rewriting API.

Passes read and rewrite this model; the parser builds it and the printer
turns it back into MLIR text.  The classes are compiled (Cython's pure-Python
mode): ``model.pxd`` makes Value, Op, Block, Region and Module extension types
with typed fields, which compiled code cimports; Python sees the same
attributes.  Ids are dense so that passes can build numpy arrays indexed by
``Value.id``.

Objects
-------
``Value``
    ``.id`` (int, dense, unique in its :class:`Module`; ``-1`` until the op
    or block that defines it is inserted into a module), ``.type`` (str, MLIR
    type text, e.g. ``!stream.resource<transient>``, ``index``; type aliases
    are resolved for stream ops and block arguments, ``""`` when an
    uninterpreted op's result type could not be read from its text),
    ``.owner`` (:class:`Op` for a result, :class:`Block` for a block argument),
    ``.index`` (result / argument number), ``.uses`` (a :class:`UseList` of
    ``(op, operand_index)``, oldest use first), ``.name_hint`` (source name
    without ``%``, or None).
    ``value.replace_all_uses_with(other)``; ``value.is_block_arg``;
    ``value.defining_op`` (Op or None).  A result of a multi-result group
    ``%x:2`` has ``name_hint == "x"`` for both; the printer groups consecutive
    results with the same hint back into ``%x:2`` and prints uses as ``%x#1``.

``Op``
    ``.name`` (``"stream.async.splat"``), ``.operands`` (list[Value], for known
    stream ops in ODS / generic-form order, STREAM_SYNTAX.md section 7),
    ``.segments`` (list[int], one size per ODS operand of a known op, in the
    order of ``fastalloc.ir.ops.OPS[name].segments``; None for uninterpreted
    ops), ``.results`` (list[Value]), ``.regions`` (list[Region]),
    ``.props`` (dict: ODS properties; ``tied_operands`` and
    ``lifetime_intervals`` and ``resource_accesses`` /
    ``resource_operand_accesses`` as ``list[int]``, unit properties such as
    ``once``/``uninitialized``/``indeterminate_lifetime``/``prefer_origin`` as
    ``True``, everything else (``affinity``, ``source_affinity``,
    ``target_affinity``, ``entry_points``, ``callee``, ``op``, ``value``,
    ``values`` (list of attribute texts for ``stream.resource.constants``), ...)
    as MLIR attribute text), ``.attrs`` (dict[str, str], discardable
    attributes as attribute text, e.g. ``stream.resources``; unit attrs map to
    ``""``), ``.parent`` (Block or None), ``.loc`` (SourceLocation or None),
    ``.known`` (True for ops with a registry entry and structured fields).

    ``op.group(name)`` -> list[Value] of a named ODS segment (e.g.
    ``resource_operands``, ``resource_operand_sizes``, ``result_sizes``,
    ``await_timepoint``, ``source``, ``target_size``); ``op.set_group(name,
    values)`` rewrites it (use lists and ``segments`` kept right).
    ``op.set_operand(i, v)``, ``op.erase()`` (drops the op's uses of its
    operands, recursively for its regions; the results must be unused or
    replaced first), ``op.walk()`` (pre-order generator over the op and
    everything nested), ``op.result`` (the single result).

    ``Op.create(name, operands=(), segments=None, result_types=(),
    props=None, attrs=None, regions=(), result_names=None)`` builds a
    detached op.  ``segments`` is either a list of sizes (then ``operands`` is
    the flat ODS-ordered list) or a dict ``{segment_name: [values]}`` (then
    ``operands`` must be empty and the flat list is built in registry order;
    missing segments are empty).  ``regions`` is a list of :class:`Region`
    (taken over) or an int (that many empty regions with one empty block each).
    ``result_names`` gives name hints (e.g. ``["result", "result_timepoint"]``).
    Only ops whose name is in the registry (``fastalloc.ir.ops.OPS``) can be
    created; uninterpreted ops are only ever parsed.

    ``regions``, ``props`` and ``attrs`` are properties over private slots
    (``_regions``, ``_props``, ``_attrs``): an op without any holds a shared
    empty (:data:`NO_REGIONS`, :data:`EMPTY_MAP`; a 10^5-op module saves ~20
    MB) and the public attribute makes it a fresh list / dict, stored, on
    first access, so ``op.attrs["x"] = "y"`` or ``op.regions.append(r)``
    work on any op.  Code that only reads many ops (printer, walks) reads
    the private slots.  The parser gives ops with equal segment sizes the
    same ``segments`` list: assign a new list rather than writing into it
    (``set_group`` does).

``Block``
    ``.args`` (list[Value]), ``.ops`` (list[Op]), ``.parent`` (Region or
    None), ``.label`` (source label such as ``"bb1"`` or None).
    ``Block(arg_types=(), arg_names=None)``, ``block.add_arg(type,
    name_hint=None)``, ``block.insert_before(anchor, op)``,
    ``block.insert_after(anchor, op)``, ``block.append(op)``,
    ``block.insert(index, op)``.  Inserting finds the anchor by identity
    (O(len(ops))); to rewrite a long block in one sweep, build a new list and
    call ``block.set_ops(new_ops)`` (sets parents and registers new values).

``Region``
    ``.blocks`` (list[Block]), ``.parent`` (Op, or the Module for the body).
    ``Region(blocks=None)``; ``region.block`` is the entry block.

``Module``
    ``.body`` (Block with the top-level ops), ``.ops`` (= ``body.ops``),
    ``.aliases`` (list of ``#name = ...`` / ``!name = ...`` definition lines,
    printed first), ``.header`` (``"module"`` text before the body brace, e.g.
    ``'module attributes {...}'``; ``"module"`` for bare top-level ops),
    ``.values`` (list indexed by value id; erased values stay as tombstones so
    ids never move), ``.filename``, ``.trailer`` (a verbatim ``{-#
    dialect_resources ... #-}`` section, printed last).  ``module.walk()``,
    ``module.print(generic=False)``, ``str(module)``.

Uninterpreted ops
-----------------
Ops without a registry entry (``op.known`` is False: ``func.func``,
``util.*``, ``arith.*``, ``scf.*``, ``hal.*``, ``stream.executable``,
``stream.async.func``/``stream.cmd.func``, ...) keep their text in
``op.tmpl``: a list of literal strings and references (int ``i`` = operand
``i``; ``("a", r, k)`` = argument ``k`` of region ``r``'s entry block, e.g. a
function signature's ``%arg0: index``; ``("r", r)`` = region ``r``, printed
with its ops).  Their ``operands`` are the SSA uses in text order, their
``results`` the values bound by ``%x = ``, with ``type`` read from the trailing
``: T`` / ``-> T`` when clear (``""`` otherwise; a stream op that states the
type of such a value fills it in).  Passes may replace their operands
(``set_operand``/``replace_all_uses_with``) and move or erase them; the
printer re-emits the text with current names.  ``print(generic=True)`` prints
known ops in generic form and these ops as they were written.

Locations: ``op.loc`` is computed on first access from the token it started
at (the parser keeps no per-op positions otherwise); ops built by passes have
``loc`` None unless set.

Invariants kept by the API: every use of a value appears exactly once in its
``uses``; new values get the next free ids when their op (or a block holding
them) is inserted into a block that belongs to the module.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable, Iterator
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:  # pragma: no cover
    from fastalloc.errors import SourceLocation

__all__ = ["Block", "EMPTY_MAP", "Module", "NO_REGIONS", "Op", "Region", "UseList", "Value"]

#: ``op._props`` / ``op._attrs`` of an op that has none: one shared read-only
#: mapping (``op.props`` / ``op.attrs`` replace it by a new dict on access).
EMPTY_MAP: Any = MappingProxyType({})
#: ``op._regions`` of an op without regions (``op.regions`` gives a new list).
NO_REGIONS: Any = ()


class UseList(dict):
    """The uses of a value: ``(op, operand_index)`` pairs, oldest first.

    A dict whose keys are the uses (values unused), so that dropping one use
    is O(1) rather than a scan: size constants have thousands of uses, and
    rewriting every user one by one was quadratic.  Dicts keep insertion
    order, so iteration (and ``reversed``) sees the same order a list with
    ``append`` / ``del`` would.  It reads like a list of pairs: iterate,
    ``len``, ``in``, ``reversed``, ``append``, ``extend``, and ``==`` against
    a list compares the sequence.  Build one from pairs with
    ``UseList.fromkeys(pairs)``.
    """

    __slots__ = ()

    def append(self, use: tuple[Op, int]) -> None:
        self[use] = None

    def extend(self, uses: Iterable[tuple[Op, int]]) -> None:
        self.update(dict.fromkeys(uses))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple)):
            return len(self) == len(other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"UseList({list(self)!r})"


class Value:
    """An SSA value: an op result or a block argument."""

    def __init__(
        self,
        type: str,
        owner: Op | Block | None = None,
        index: int = 0,
        name_hint: str | None = None,
        id: int = -1,
    ) -> None:
        self.id = id
        self.type = type
        self.owner = owner
        self.index = index
        # None until someone asks: the parser records no uses (see
        # Module._build_uses); the first reader of a module's use list turns
        # the parser's log into a snapshot and each value's list is made from
        # it when that value is first read.
        self._uses: UseList | None = None
        self.name_hint = name_hint

    @property
    def uses(self) -> UseList:
        if _pending:
            _flush_deferred_uses(self)
        u = self._uses
        return u if u is not None else self._peek_uses()

    @uses.setter
    def uses(self, value: UseList) -> None:
        if _pending:
            _flush_deferred_uses(self)
        self._uses = value

    def _peek_uses(self) -> UseList:
        """The use list as it stands, deferred upkeep (:func:`defer_uses`)
        not applied: right only for a value that no deferred op uses."""
        u = self._uses
        if u is None:
            u = _snapshot_uses(self)
            if u is None:
                m = self._module()
                if m is not None:
                    if not m._uses_built:
                        m._build_uses()
                        u = _snapshot_uses(self)
                elif _unbuilt_logs():
                    # A value of a detached op (e.g. inside a region being
                    # moved) of a module whose log was never read.
                    u = _snapshot_uses(self)
            if u is None:
                u = UseList()
            self._uses = u
        return u

    def _module(self) -> Module | None:
        owner = self.owner
        if owner is None:
            return None
        return owner.module()

    @property
    def is_block_arg(self) -> bool:
        return isinstance(self.owner, Block)

    @property
    def defining_op(self) -> Op | None:
        return self.owner if isinstance(self.owner, Op) else None

    def replace_all_uses_with(self, other: Value) -> None:
        """Point every use of this value at ``other``."""
        if other is self:
            return
        uses = self.uses
        self._uses = UseList()
        for op, i in uses:
            op.operands[i] = other
        other.uses.update(uses)

    def __repr__(self) -> str:
        hint = f" %{self.name_hint}" if self.name_hint is not None else ""
        return f"<Value #{self.id}{hint}: {self.type}>"


# Deferred use-list upkeep.  While deferral is on for a module
# (``defer_uses(module)``), ``Op._build`` does not register its operands' uses
# and passes may log the uses they would add or drop (``defer_add_uses``,
# ``defer_drop_uses``) in the module's log: the logs are replayed, in order,
# by the first ``Value.uses`` read or write (or ``Op._build`` outside
# deferral), so every use list comes out exactly as the eager upkeep leaves
# it.  A pass that rewrites a whole region (schedule-allocation's conversion
# makes ~2 dict operations per operand of ~10^5 ops) and is followed only by
# printing never pays for lists nobody reads.  ``_pending`` holds weak
# references to the modules with a log, so that the log of a module nobody
# holds any more is dropped, not replayed.  Entries: (op, operands, kind)
# with kind 1 = add (op, i) to each operand's list, 0 = drop them, 2 = call
# ``op()`` (a deferred consistency check); (value, uses, 3) appends uses to
# the value's list and (value, uses, 4) removes them (replace_uses_deferred,
# defer_move_uses).
#
# A log is replayed by the thread that wrote it, or by a thread reading a
# value of that very module (the writer is then done with it: a module is
# not shared by threads working at once).  Never by another thread merely
# reading its own module's lists: plan_many with threads would then replay a
# module's log while its writer goes on rewriting it between two deferrals
# (schedule-allocation defers per execute region) or in the next pass, and
# the interleaved upkeep left wrong operands (1 run in ~10).
# Entries: (weak reference to the module, ident of the thread that logs).
_pending: list[tuple[weakref.ref, int]] = []


class _DeferState(threading.local):
    """Per thread: the module whose upkeep this thread defers, and its log.
    Thread-local so that a thread running a pass on one module never logs
    into, or stops, another thread's deferral (``plan_many`` with threads)."""

    active: Module | None = None
    log: list | None = None


_state = _DeferState()
# id(module) -> ident of the thread deferring into it: the flush leaves those
# logs alone (that thread is still appending; it replays them itself).
_owners: dict[int, int] = {}
# One flush at a time: a thread that sees _pending non-empty waits until the
# replay in progress is complete instead of reading half-replayed lists.
_flush_lock = threading.RLock()


def defer_uses(module: Module | None) -> Module | None:
    """Defer use-list upkeep into ``module``'s log (None: stop deferring);
    returns the previous setting (of this thread)."""
    global _pending
    st = _state
    # Under the flush lock: another thread may be replaying this module's
    # previous log (it was nobody's since the last deferral ended); this
    # thread must not read or make its lists until that replay is complete.
    with _flush_lock:
        previous = st.active
        if previous is not None:
            _owners.pop(id(previous), None)
        st.active = module
        if module is None:
            st.log = None
        else:
            me = threading.get_ident()
            _owners[id(module)] = me
            st.log = module._deferred
            # A new list, not an in-place edit (a flush iterates its own).
            _pending = [e for e in _pending if e[0]() is not module] + [(weakref.ref(module), me)]
    return previous


def defer_drop_uses(op: Op, operands: list[Value]) -> None:
    """Drop the uses ``(op, i)`` of ``operands`` now, or later if deferring."""
    log = _state.log
    if log is not None:
        log.append((op, operands, 0))
        return
    for i, v in enumerate(operands):
        v.uses.pop((op, i), None)


def defer_add_uses(op: Op, operands: list[Value]) -> None:
    """Register the uses ``(op, i)`` of ``operands`` now, or later if deferring
    (for ops built by hand, as ``Op._build`` does for registered ones)."""
    log = _state.log
    if log is not None:
        log.append((op, operands, 1))
        return
    for i, v in enumerate(operands):
        v.uses[(op, i)] = None


def defer_call(fn: Any) -> None:
    """Call ``fn()`` once the use lists are up to date (now unless deferring)."""
    log = _state.log
    if log is not None:
        log.append((fn, None, 2))
    else:
        if _pending:
            _flush_deferred_uses()
        fn()


def _flush_deferred_uses(value: Value | None = None) -> None:
    """Replay the logs this thread wrote, and the log of ``value``'s module
    whoever wrote it (see _pending)."""
    global _pending
    me = threading.get_ident()
    st = _state
    with _flush_lock:
        refs = _pending
        keep: list[tuple[weakref.ref, int]] = []
        target: Any = False  # value's module, looked up once if needed
        for entry in refs:
            m = entry[0]()
            if m is None:
                continue
            owner = _owners.get(id(m))
            if owner is not None and owner != me:
                keep.append(entry)  # another thread is deferring into it now
                continue
            if entry[1] != me:
                if target is False:
                    target = value._module() if value is not None else None
                if m is not target:
                    keep.append(entry)  # another thread's: it replays it
                    continue
            log = m._deferred
            if log:
                m._deferred = []
                _replay(log)
            if owner == me:
                # Still deferring in this thread: later entries go to the
                # module's fresh log.
                st.log = m._deferred
                keep.append(entry)
        _pending = keep


def replace_uses_deferred(old: Value, new: Value) -> list[tuple[Op, int]]:
    """``old.replace_all_uses_with(new)`` for an ``old`` that no deferred op
    uses; returns the moved uses.  While deferring, the operands are rewritten
    now and ``new``'s list gets the moved uses (at its end, as the eager
    upkeep puts them) at the next flush, so neither list is made now."""
    if old is new:
        return []
    log = _state.log
    if log is None:
        moved = list(old.uses)
        old.replace_all_uses_with(new)
        return moved
    moved = list(old._peek_uses())
    old._uses = UseList()
    for op, i in moved:
        op.operands[i] = new
    log.append((new, moved, 3))
    return moved


def defer_move_uses(uses: list[tuple[Op, int]], old: Value, new: Value) -> None:
    """Point the given uses of ``old`` at ``new`` (operands now; use lists
    now, or at the next flush while deferring)."""
    for op, i in uses:
        op.operands[i] = new
    log = _state.log
    if log is not None:
        log.append((old, uses, 4))
        log.append((new, uses, 3))
        return
    current = old.uses
    for use in uses:
        current.pop(use, None)
    new.uses.update(dict.fromkeys(uses))


def _replay(log: list) -> None:
    # _peek_uses, not .uses: the flush in progress must not start another.
    # Kinds: 1 = op's operands add their uses, 0 = drop them, 2 = call,
    # 3 = append a list of uses to a value's list, 4 = remove them from it.
    for op, operands, kind in log:
        if kind == 1:
            for i, v in enumerate(operands):
                u = v._uses
                if u is None:
                    u = v._peek_uses()
                u[(op, i)] = None
        elif kind == 0:
            for i, v in enumerate(operands):
                u = v._uses
                if u is None:
                    u = v._peek_uses()
                u.pop((op, i), None)
        elif kind == 3:
            op._peek_uses().update(dict.fromkeys(operands))
        elif kind == 4:
            u = op._peek_uses()
            for use in operands:
                u.pop(use, None)
        else:
            op()


# Lazy use lists.  The parser records, per op, how many of its operands were
# registered at that point (Module._use_events: flat [op, end, op, end, ...]),
# not the lists themselves: a 10^5-op module has ~7.5*10^5 uses and most
# runs (parse + print, schedule-allocation of one big region) read a few
# hundred of them.  The first read of any use list of the module freezes the
# log into a _UseSnapshot: every logged use as (value address, op, operand
# number), sorted by address (stably: log order per value), built in compiled
# code (fastalloc.ir._uses._UseIndex) without touching a Value's attributes.  A value's list is then made from its entries
# when it is first read (Value._peek_uses), exactly as a replay of the whole
# log at that moment would have made it: anything that changes a use list
# reads it first (so it is made before it changes), and the snapshot keeps
# the logged values alive, so no address in it can be taken by a new value.
class _UseSnapshot:
    """The parser's use log as arrays sorted by the used value's address
    (built in compiled code: ``fastalloc.ir._uses._UseIndex``, whose docstring
    gives the computation in pure Python)."""

    __slots__ = ("index",)

    def __init__(self, events: list) -> None:
        from fastalloc.ir._uses import _UseIndex

        self.index = _UseIndex(events)

    def __len__(self) -> int:
        return len(self.index)

    def uses_of(self, value: Value) -> UseList | None:
        """``value``'s logged uses in log order, or None if it has none."""
        return self.index.uses_of(value, UseList)


# Weak references to the modules holding a _UseSnapshot, and (with the
# ident of the thread that made them) to the modules whose log was not read
# yet (for a detached value whose module cannot be found by walking up).
_snapshots: list[weakref.ref] = []
_modules: list[tuple[weakref.ref, int]] = []


def _snapshot_uses(value: Value) -> UseList | None:
    """``value``'s list from the snapshot that logged it, or None."""
    refs = _snapshots
    if not refs:
        return None
    dead = False
    u = None
    for ref in refs:
        m = ref()
        if m is None:
            dead = True
            continue
        snap = m._use_events
        if snap.__class__ is _UseSnapshot:
            u = snap.uses_of(value)
            if u is not None:
                break
    if dead:
        _prune()
    return u


def _unbuilt_logs() -> bool:
    """Snapshot every live module this thread made whose use log was never
    read; True if any.  (Another thread's module may still be being parsed:
    its log is not complete.)"""
    found = False
    me = threading.get_ident()
    with _flush_lock:
        for ref, ident in _modules:
            m = ref()
            if ident == me and m is not None and not m._uses_built and m._use_events:
                m._build_uses()
                found = True
        if found:
            _prune()
    return found


def _prune() -> None:
    # New lists, not in-place edits: another thread may be iterating.
    global _snapshots, _modules, _modules_limit
    with _flush_lock:
        _snapshots = [r for r in _snapshots if r() is not None]
        live = []
        for entry in _modules:
            m = entry[0]()
            if m is not None and not m._uses_built:
                live.append(entry)
        _modules = live
        _modules_limit = max(256, 2 * len(live))


def _track_module(m: Module) -> None:
    with _flush_lock:
        _modules.append((weakref.ref(m), threading.get_ident()))
        if len(_modules) > _modules_limit:
            _prune()


_modules_limit = 256


def adopt_module(m: Module) -> None:
    """Make the calling thread the one that made ``m``: its unread use log and
    deferred upkeep are replayed by this thread from now on.  For a module
    parsed on a helper thread (fastalloc.ir.parse parses on a large-stack
    thread) and handed to its caller, so that a value of ``m`` read while its
    op is detached still finds the parser's log."""
    global _modules, _pending
    me = threading.get_ident()
    with _flush_lock:
        _modules = [(r, me if r() is m else ident) for r, ident in _modules]
        _pending = [(r, me if r() is m else ident) for r, ident in _pending]


def _drop_use(value: Value, op: Op, index: int) -> None:
    # O(1): the use list is keyed by the use (see UseList).
    value.uses.pop((op, index), None)


class Op:
    """An operation.  See the module docstring for the fields."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.operands: list[Value] = []
        self.results: list[Value] = []
        # Most ops have no regions, properties or attributes: they share one
        # immutable empty container each until someone asks for the public
        # attribute (see the properties below).
        self._regions: list[Region] = NO_REGIONS
        self._props: dict[str, Any] = EMPTY_MAP
        self._attrs: dict[str, str] = EMPTY_MAP
        self.parent: Block | None = None
        # Ops that came from text: _src is the token index of the op and
        # _loc the SourceMap (fastalloc.ir.lexer) until the location is asked
        # for; then _loc is the SourceLocation and _src None.  No per-op
        # tuple (~8 MB at 10^5 ops).
        self._loc: Any = None
        self._src: int | None = None
        # The MLIR location attribute (``loc(...)`` in the text), inline
        # form without ``loc( )``, aliases resolved: ``"a.py":3:4``; None
        # when the text gave none.  Separate from _loc/_src (the position in
        # the parsed text, for diagnostics and the printer's fallback).
        self.dloc: str | None = None
        self.segments: list[int] | None = None
        # Uninterpreted ops: the op's text after its result list, as a list of
        # str (literal text) and refs: int i >= 0 -> operand i; ("a", r, k) ->
        # block argument k of region r's entry block; ("r", r) -> region r.
        self.tmpl: list | None = None
        self.opdef = None  # fastalloc.ir.ops.OpDef for known ops

    # -- construction -----------------------------------------------------
    @classmethod
    def _build(
        cls,
        name: str,
        opdef: Any,
        operands: list[Value],
        segments: list[int],
        loc_from: Op | None = None,
    ) -> Op:
        """Trusted fast path of :meth:`create` for passes: a detached known
        op without results or regions; ``operands``/``segments`` must agree
        with ``opdef`` (nothing is validated) and are taken over.  The
        location is ``loc_from``'s (unresolved).  Operand uses are registered
        in order, as :meth:`create` does, straight into the use lists (or
        logged, while :func:`defer_uses` is on)."""
        # Every slot set here rather than by __init__: no second call and
        # no operand list made only to be replaced (~95k ops per 10^5-op
        # region; in-process A/B 0.115 -> 0.092 s for 95k calls).
        # tp_new only (no __init__); a subclass through its own __new__
        op = Op.__new__(Op) if cls is Op else cls.__new__(cls)
        op.name = name
        op.operands = operands
        op.results = []
        op._regions = NO_REGIONS
        op._props = EMPTY_MAP
        op._attrs = EMPTY_MAP
        op.parent = None
        op.segments = segments
        op.tmpl = None
        op.opdef = opdef
        if loc_from is not None:
            op._loc = loc_from._loc
            op._src = loc_from._src
            op.dloc = loc_from.dloc
        else:
            op._loc = None
            op._src = None
            op.dloc = None
        log = _state.log
        if log is not None:
            log.append((op, operands, 1))
            return op
        if _pending:
            _flush_deferred_uses(operands[0] if operands else None)
        for i, v in enumerate(operands):
            u = v._uses
            if u is None:
                u = v.uses  # builds the module's use lists if not done yet
            u[(op, i)] = None
        return op

    @classmethod
    def create(
        cls,
        name: str,
        operands: Iterable[Value] = (),
        segments: list[int] | dict[str, list[Value]] | None = None,
        result_types: Iterable[str] = (),
        props: dict[str, Any] | None = None,
        attrs: dict[str, str] | None = None,
        regions: Iterable[Region] | int = (),
        result_names: Iterable[str | None] | None = None,
    ) -> Op:
        """Build a detached op of a registered (known) kind."""
        from fastalloc.ir.ops import OPS

        opdef = OPS.get(name)
        if opdef is None:
            raise ValueError(f"Op.create: '{name}' is not a registered op; known: see fastalloc.ir.ops.OPS")
        op = cls(name)
        op.opdef = opdef
        flat = list(operands)
        if isinstance(segments, dict):
            if flat:
                raise ValueError("Op.create: give operands either flat or as a segments dict, not both")
            unknown = set(segments) - set(opdef.segment_names)
            if unknown:
                raise ValueError(f"Op.create({name}): unknown segments {sorted(unknown)}; known {opdef.segment_names}")
            sizes = []
            for seg in opdef.segment_names:
                vals = list(segments.get(seg, ()))
                sizes.append(len(vals))
                flat.extend(vals)
            segments = sizes
        elif segments is None:
            segments = opdef.infer_segments(len(flat))
        else:
            segments = list(segments)
        if len(segments) != len(opdef.segment_names) or sum(segments) != len(flat):
            raise ValueError(
                f"Op.create({name}): segments {segments} do not match {len(flat)} operands "
                f"for segments {opdef.segment_names}"
            )
        op.segments = segments
        op.operands = flat
        log = _state.log
        if log is not None:
            if flat:
                log.append((op, flat, 1))
        else:
            for i, v in enumerate(flat):
                v.uses[(op, i)] = None
        names = list(result_names) if result_names is not None else []
        for i, t in enumerate(result_types):
            op.results.append(Value(t, op, i, names[i] if i < len(names) else None))
        if props:
            op.props = dict(props)
        if attrs:
            op.attrs = dict(attrs)
        if isinstance(regions, int):
            regions = [Region([Block()]) for _ in range(regions)]
        regions = list(regions)
        for r in regions:
            r.parent = op
        if regions:
            op.regions = regions
        return op

    # -- queries ----------------------------------------------------------
    @property
    def loc(self) -> SourceLocation | None:
        tok = self._src
        if tok is not None:
            # _loc is still the SourceMap (None once the module released it)
            srcmap = self._loc
            self._loc = srcmap.location(tok) if srcmap is not None else None
            self._src = None
        return self._loc

    @loc.setter
    def loc(self, value: SourceLocation | None) -> None:
        self._loc = value
        self._src = None

    def copy_loc_from(self, other: Op) -> None:
        """``self.loc = other.loc`` without resolving it: a location from text
        is computed only if someone reads it (resolving the first one scans
        the whole source)."""
        self._loc = other._loc
        self._src = other._src
        self.dloc = other.dloc

    @property
    def regions(self) -> list[Region]:
        r = self._regions
        if r is NO_REGIONS:
            r = self._regions = []
        return r

    @regions.setter
    def regions(self, value: list[Region]) -> None:
        self._regions = value

    @property
    def props(self) -> dict[str, Any]:
        d = self._props
        if d is EMPTY_MAP:
            d = self._props = {}
        return d

    @props.setter
    def props(self, value: dict[str, Any]) -> None:
        self._props = value

    @property
    def attrs(self) -> dict[str, str]:
        d = self._attrs
        if d is EMPTY_MAP:
            d = self._attrs = {}
        return d

    @attrs.setter
    def attrs(self, value: dict[str, str]) -> None:
        self._attrs = value

    @property
    def known(self) -> bool:
        return self.opdef is not None

    @property
    def result(self) -> Value:
        if len(self.results) != 1:
            raise ValueError(f"{self.name} has {len(self.results)} results, not 1")
        return self.results[0]

    def _segment_span(self, name: str) -> tuple[int, int]:
        opdef = self.opdef
        if opdef is None or self.segments is None:
            raise ValueError(f"{self.name} is not a known stream op; it has no named operand segments")
        try:
            k = opdef.segment_index[name]
        except KeyError:
            raise ValueError(f"{self.name} has no segment '{name}'; segments: {opdef.segment_names}") from None
        segs = self.segments
        start = sum(segs[:k])
        return start, start + segs[k]

    def group(self, name: str) -> list[Value]:
        """Operands of the ODS segment ``name`` (a new list)."""
        opdef = self.opdef
        if opdef is not None:
            k = opdef.segment_index.get(name)
            if k is not None:
                segs = self.segments
                start = opdef.static_start[k]
                if start < 0:
                    start = sum(segs[:k])
                return self.operands[start:start + segs[k]]
        a, b = self._segment_span(name)
        return self.operands[a:b]

    def set_group(self, name: str, values: Iterable[Value]) -> None:
        """Replace the operands of segment ``name``; use lists follow."""
        a, b = self._segment_span(name)
        values = list(values)
        old = self.operands
        for i in range(len(old)):
            _drop_use(old[i], self, i)
        new = old[:a] + values + old[b:]
        self.operands = new
        for i, v in enumerate(new):
            v.uses[(self, i)] = None
        assert self.segments is not None and self.opdef is not None
        # a new list: the parser shares equal segment lists between ops
        segs = list(self.segments)
        segs[self.opdef.segment_index[name]] = len(values)
        self.segments = segs

    def set_operand(self, i: int, value: Value) -> None:
        old = self.operands[i]
        if old is value:
            return
        _drop_use(old, self, i)
        self.operands[i] = value
        value.uses[(self, i)] = None

    def drop_operand_uses(self) -> None:
        """Remove this op (and nested ops) from the use lists of its operands."""
        for op in self.walk():
            for i, v in enumerate(op.operands):
                _drop_use(v, op, i)

    def erase(self) -> None:
        """Detach from the parent block and drop all uses it (and its regions) make."""
        for r in self.results:
            if r.uses and any(u[0] is not self for u in r.uses):
                raise ValueError(f"erase {self.name}: result #{r.index} still has {len(r.uses)} uses")
        self.drop_operand_uses()
        blk = self.parent
        if blk is not None:
            # Ops compare by identity (no __eq__), so list.remove finds this
            # very op, at C speed.
            try:
                blk.ops.remove(self)
            except ValueError:
                pass
            self.parent = None

    def walk(self) -> Iterator[Op]:
        """Pre-order: this op, then every op nested in its regions."""
        yield self
        if not self._regions:
            return
        # One generator for the whole walk (a recursive ``yield from`` chain
        # costs a generator per op and a frame per nesting level per op);
        # lists are iterated live, as the recursive form did.
        stack = [_nested_ops(self)]
        while stack:
            for op in stack[-1]:
                yield op
                if op._regions:
                    stack.append(_nested_ops(op))
                    break
            else:
                stack.pop()

    def module(self) -> Module | None:
        blk = self.parent
        return blk.module() if blk is not None else None

    def __repr__(self) -> str:
        return f"<Op {self.name} ({len(self.operands)} operands, {len(self.results)} results)>"


def _nested_ops(op: Op) -> Iterator[Op]:
    """The ops directly inside ``op``'s regions, in order."""
    for r in op._regions:
        for b in r.blocks:
            yield from b.ops


class Block:
    """A basic block: arguments and a list of ops."""

    def __init__(self, arg_types: Iterable[str] = (), arg_names: Iterable[str | None] | None = None) -> None:
        self.args: list[Value] = []
        self.ops: list[Op] = []
        self.parent: Region | None = None
        self.label: str | None = None
        # locations of a labelled block's arguments (``^bb1(%a: i32 loc(...))``),
        # one per argument (None: not given), or None when the text gave none
        self.arg_locs: list[str | None] | None = None
        names = list(arg_names) if arg_names is not None else []
        for i, t in enumerate(arg_types):
            self.args.append(Value(t, self, i, names[i] if i < len(names) else None))

    def add_arg(self, type: str, name_hint: str | None = None) -> Value:
        v = Value(type, self, len(self.args), name_hint)
        self.args.append(v)
        m = self.module()
        if m is not None:
            m._register_value(v)
        return v

    def module(self) -> Module | None:
        blk: Block | None = self
        while blk is not None:
            reg = blk.parent
            if reg is None:
                return None
            owner = reg.parent
            if isinstance(owner, Module):
                return owner
            if owner is None:
                return None
            blk = owner.parent
        return None

    def _adopt(self, op: Op) -> None:
        if op.parent is not None and op.parent is not self:
            raise ValueError(f"{op.name} is already in another block; erase it first")
        op.parent = self
        m = self.module()
        if m is not None:
            m._register_op(op)

    def append(self, op: Op) -> Op:
        self._adopt(op)
        self.ops.append(op)
        return op

    def insert(self, index: int, op: Op) -> Op:
        self._adopt(op)
        self.ops.insert(index, op)
        return op

    def _index(self, anchor: Op) -> int:
        # Ops compare by identity (no __eq__): list.index is the identity
        # scan, at C speed.
        try:
            return self.ops.index(anchor)
        except ValueError:
            raise ValueError(f"{anchor.name} is not in this block") from None

    def insert_before(self, anchor: Op, op: Op) -> Op:
        return self.insert(self._index(anchor), op)

    def insert_after(self, anchor: Op, op: Op) -> Op:
        return self.insert(self._index(anchor) + 1, op)

    def set_ops(self, ops: list[Op]) -> None:
        """Replace the op list wholesale (ops removed from it are NOT erased)."""
        m = self.module()
        if m is None:
            for op in ops:
                if op.parent is not self:
                    op.parent = self
        else:
            # _register_op inlined for ops without regions (a splice adds
            # ~10^5 of them): the same ids in the same order, without a
            # call and a walk generator per op.
            vals = m.values
            for op in ops:
                if op.parent is not self:
                    op.parent = self
                    if op._regions:
                        m._register_op(op)
                    else:
                        for r in op.results:
                            if r.id < 0:
                                r.id = len(vals)
                                vals.append(r)
        self.ops = ops

    @property
    def terminator(self) -> Op | None:
        return self.ops[-1] if self.ops else None

    def __repr__(self) -> str:
        return f"<Block {len(self.args)} args, {len(self.ops)} ops>"


class Region:
    """A list of blocks owned by an op (or by the module for its body)."""

    def __init__(self, blocks: Iterable[Block] | None = None) -> None:
        self.blocks: list[Block] = []
        self.parent: Op | Module | None = None
        for b in blocks or ():
            b.parent = self
            self.blocks.append(b)

    @property
    def block(self) -> Block:
        return self.blocks[0]

    def add_block(self, block: Block) -> Block:
        block.parent = self
        self.blocks.append(block)
        return block


class Module:
    """A parsed module: aliases, the top-level ops, and the value table."""

    def __init__(self, filename: str = "<stdin>") -> None:
        self.filename = filename
        self.aliases: list[str] = []
        self.header = "module"
        self.trailer = ""  # verbatim `{-# dialect_resources ... #-}` section, printed last
        self.dloc: str | None = None  # the module op's location (Op.dloc), printed with debuginfo
        self.values: list[Value | None] = []
        self._body_region = Region([Block()])
        self._body_region.parent = self
        self.body: Block = self._body_region.blocks[0]
        # Lazy use lists: the parser leaves Value.uses unset and logs, per
        # op, where its operands were registered (flat [op, end, op, end,
        # ...]: operands [previous end of that op, end) were registered at
        # that point).  The first Value.uses read replays the log, so the
        # use lists come out in the order the parser used to build them
        # eagerly; parse + print never builds them.
        self._uses_built = False
        # The parser's log until the first use-list read, then the
        # _UseSnapshot made of it (None when there was nothing to log).
        self._use_events: list | _UseSnapshot | None = None
        _track_module(self)
        self._deferred: list = []  # deferred use-list upkeep (see defer_uses)
        self._source: Any = None  # the parser's SourceMap (op locations on demand)

    def release_source(self) -> None:
        """Drop the source text kept for op locations that were never asked
        for (they become None).  For callers that only print the module
        (``fastalloc opt`` without passes): the text is as big as the output."""
        src = self._source
        self._source = None
        if src is not None:
            src.release()

    def dispose(self) -> None:
        """Free the module now; it must not be used afterwards.

        For callers that made a module, printed it and drop it
        (:func:`fastalloc.run_passes`).  Two things would otherwise outlive
        the call.  The deferred use-list upkeep (:func:`defer_uses`): the
        module is reference-cycle garbage that only a full collection frees,
        and until then the next use-list read in this thread replays its log
        (seconds at 10^5 ops).  And the memory: ops, blocks and values point
        at each other, so nothing is freed by reference counting; the
        collector's pass over those millions of objects costs several times
        what cutting the cycles here and letting the counts drop does.
        """
        global _pending, _snapshots, _modules
        me = self
        with _flush_lock:
            _pending = [e for e in _pending if e[0]() is not me]
            _snapshots = [r for r in _snapshots if r() is not me]
            _modules = [e for e in _modules if e[0]() is not me]
            _owners.pop(id(me), None)
        self._deferred = []
        self._use_events = None
        self._uses_built = True
        self.release_source()
        # Cut every cycle (op <-> block, op <-> region, region <-> block,
        # block <-> argument, op <-> result, value -> uses -> op ->
        # operands -> value) in compiled code (fastalloc.ir._uses._cut_module): block
        # lists, regions and each value's owner and uses; what is left
        # points upwards only, and dropping the value table lets the counts
        # free the rest.
        from fastalloc.ir._uses import _cut_module

        _cut_module(self.body, self.values, NO_REGIONS)
        self.values = []
        self._body_region.parent = None

    @property
    def ops(self) -> list[Op]:
        return self.body.ops

    def _build_uses(self) -> None:
        """Freeze the parser's use log into a :class:`_UseSnapshot` (once);
        ``Value.uses`` of each value is then made from it on first read."""
        self._uses_built = True
        events = self._use_events
        self._use_events = None
        if events:
            snap = _UseSnapshot(events)
            if len(snap):
                self._use_events = snap  # type: ignore[assignment]
                with _flush_lock:
                    _snapshots.append(weakref.ref(self))

    def _register_value(self, v: Value) -> None:
        if v.id < 0:
            v.id = len(self.values)
            self.values.append(v)

    def _register_op(self, op: Op) -> None:
        vals = self.values
        for o in op.walk():
            for r in o.results:
                if r.id < 0:
                    r.id = len(vals)
                    vals.append(r)
            for reg in o._regions:
                reg_parent = reg.parent
                if reg_parent is None:
                    reg.parent = o
                for b in reg.blocks:
                    if b.parent is None:
                        b.parent = reg
                    for a in b.args:
                        if a.id < 0:
                            a.id = len(vals)
                            vals.append(a)
                    for inner in b.ops:
                        if inner.parent is None:
                            inner.parent = b

    @property
    def num_values(self) -> int:
        return len(self.values)

    def walk(self) -> Iterator[Op]:
        for op in self.body.ops:
            yield from op.walk()

    def print(self, generic: bool = False, debuginfo: bool = False, local_scope: bool = False) -> str:
        """The module as MLIR text; ``debuginfo`` adds op locations as
        ``iree-opt --mlir-print-debuginfo`` does (``#loc`` aliases at the
        end), ``local_scope`` prints them inline instead."""
        from fastalloc.ir.printer import print_module

        return print_module(self, generic=generic, debuginfo=debuginfo, local_scope=local_scope)

    def __str__(self) -> str:
        return self.print()

    def __repr__(self) -> str:
        return f"<Module {self.filename}: {len(self.body.ops)} top-level ops, {len(self.values)} values>"


class FusedLoc:
    """An op location made of other locations, as MLIR's ``FusedLoc::get``
    builds it (nested fused locations flattened, unknown ones and duplicates
    dropped, a single one left as it is), computed only when printed: the
    parts are ops (their locations), values (a result: its op's; a block
    argument: unknown) or location texts.  Op.dloc holds one for the ops the
    passes build from several others (IREE's ``getFusedLoc``)."""

    __slots__ = ("parts",)

    def __init__(self, parts: Iterable[Any]) -> None:
        self.parts = list(parts)

    def __repr__(self) -> str:
        return f"FusedLoc({self.parts!r})"


PropValue = Union[bool, str, list[int], list[str]]
