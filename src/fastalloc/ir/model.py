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
    ``op.set_operand(i, v)``, ``op.set_operands(values)``, ``op.erase()`` (drops the op's uses of its
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
    work on any op.  The parser gives ops with equal properties one
    read-only :class:`SharedProps` in ``_props``, which ``op.props``
    replaces by the op's own copy the same way.  Code that only reads many
    ops (printer, walks) reads the private slots, and never writes into
    them.  The parser gives ops with equal segment sizes the
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
    ``.values`` (list indexed by value id; erased values stay so that ids
    never move, until ``module.release_unreachable()`` (each pass calls it
    when done) replaces those of ops no longer in the module by ``None``
    tombstones), ``.filename``, ``.trailer`` (a verbatim ``{-#
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
``uses``, in the order the uses were made, at all times (the lists are kept
eagerly by every method that changes an operand: ``Op.create``,
``set_operand``, ``set_operands``, ``set_group``, ``replace_all_uses_with``,
:func:`move_uses`, ``drop_operand_uses``, ``erase``; the parser links
each op's uses as it reads the op, and a forward reference's uses move to
its definition when that is read).  The lists are chains through the
operand slots' use records (see "Use lists" below), no object per use.
The model keeps no state outside
its objects: a module may be built on one thread and read or rewritten on
another (one thread at a time per module).  Writing ``op.operands`` directly
bypasses the upkeep; code that does must fix the lists itself.  New values
get the next free ids when their op (or a block holding them) is inserted
into a block that belongs to the module.
"""

from __future__ import annotations

from types import MappingProxyType

# (the directive decorators below; the compiled module does not import it)
import cython

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterable, Iterator
    from typing import Any

    from fastalloc.errors import SourceLocation

__all__ = ["Block", "EMPTY_MAP", "Module", "NO_REGIONS", "Op", "Region", "UseList", "Value", "move_uses"]

#: ``op._props`` / ``op._attrs`` of an op that has none: one shared read-only
#: mapping (``op.props`` / ``op.attrs`` replace it by a new dict on access).
EMPTY_MAP: Any = MappingProxyType({})
#: ``op._regions`` of an op without regions (``op.regions`` gives a new list).
NO_REGIONS: Any = ()


class SharedProps(dict):
    """``op._props`` of a parsed op: one read-only dict for all ops of a
    module with equal properties (most ops of a kind have the same ones:
    a few thousand different dicts for 10^5 ops).  ``op.props`` replaces it by
    the op's own copy (lists copied too) on first access, as it does
    :data:`EMPTY_MAP`; code reading ``op._props`` must not write into it
    or into its lists."""

    __slots__ = ()

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("shared op properties are read-only: write op.props (the op's own copy)")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> Any:
        # a copy (copy, deepcopy, pickle) is its holder's own: a plain dict
        return (dict, (dict(self),))


def _own_props(d: Any) -> dict:
    """A fresh dict of ``d``'s items, its lists copied: an op's own
    properties, made from shared ones."""
    return {k: (list(v) if type(v) is list else v) for k, v in d.items()}


def _share_props(shared: dict, d: dict) -> Any:
    """What a parsed op with the properties ``d`` holds in ``_props``: the
    :class:`SharedProps` of ``shared`` (a table kept by the caller for one
    module) equal to ``d`` (made from ``d`` if there is none yet),
    :data:`EMPTY_MAP` if ``d`` is empty, or ``d`` itself if a value cannot
    be a key.  Keys are the items in order, lists as tuples; a value's type
    is part of its key where equal values of different types could meet
    (``True == 1``)."""
    if not d:
        return EMPTY_MAP
    key = [SharedProps]
    for name, v in d.items():
        key.append(name)
        c = type(v)
        if c is list:
            key.append(tuple(v))
        elif c is str:
            key.append(v)
        else:
            key.append(c)
            key.append(v)
    k = tuple(key)
    try:
        got = shared.get(k)
    except TypeError:
        return d
    if got is None:
        got = shared[k] = SharedProps(d)
    return got


class UseList:
    """The uses of a value, ``(op, operand_index)`` pairs, oldest first: a
    live view of the value's use chain (see "Use lists" below).

    It reads like a list of pairs: iterate, ``len``, ``in``, ``reversed``,
    indexing, and ``==`` against a list compares the sequence.  Iteration
    reads the chain when it starts (edits made while iterating do not
    disturb it).  ``pop(use, default)`` drops one use (O(1)); ``append(use)``
    / ``uses[use] = None`` records slot ``use`` as a use of this value (at the
    end; a slot belongs to one value at a time).
    """

    def __init__(self, value: Value) -> None:
        self.value = value

    def __len__(self) -> int:
        return self.value._nuses

    def __bool__(self) -> bool:
        return self.value._nuses != 0

    def __iter__(self) -> Iterator[tuple[Op, int]]:
        return iter(_use_pairs(self.value))

    def __reversed__(self) -> Iterator[tuple[Op, int]]:
        pairs = _use_pairs(self.value)
        pairs.reverse()
        return iter(pairs)

    def __getitem__(self, k: Any) -> Any:
        return _use_pairs(self.value)[k]

    def __contains__(self, use: object) -> bool:
        if not isinstance(use, tuple) or len(use) != 2 or not isinstance(use[0], Op) or not isinstance(use[1], int):
            return False
        return _slot_value(use[0], use[1]) is self.value

    def pop(self, use: tuple[Op, int], *default: Any) -> None:
        """Drop ``use`` from the list (O(1)); a use that is not there raises
        KeyError unless a default is given (returned), as ``dict.pop``."""
        if use in self:
            _unlink(use[0], use[1])
            return None
        if default:
            return default[0]
        raise KeyError(use)

    def __setitem__(self, use: tuple[Op, int], _: None) -> None:
        self.append(use)

    def append(self, use: tuple[Op, int]) -> None:
        op, i = use
        if i < 0:
            raise IndexError(f"{op.name}: operand slot {i}")
        if _slot_value(op, i) is self.value:
            return  # already listed (a dict key would keep its place too)
        _unlink(op, i)
        _slots(op, max(i + 1, len(op.operands)))
        _link(op, i, self.value)

    def extend(self, uses: Iterable[tuple[Op, int]]) -> None:
        for use in uses:
            self.append(use)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, UseList)):
            return len(self) == len(other) and _use_pairs(self.value) == list(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"UseList({_use_pairs(self.value)!r})"


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
        # (the use chain's fields start empty: see "Use lists")
        self.name_hint = name_hint
        #: a pass's per-value scratch slot (model.pxd), None outside the pass using it
        self._scratch = None

    @property
    def uses(self) -> UseList:
        return UseList(self)

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
        if other is self or self._nuses == 0:
            return
        _retarget(self, other)

    def __dealloc__(self) -> None:
        # Only if freed while a record still names it (a caller wrote
        # op.operands directly): those records must not point at freed memory.
        if self._nuses:
            _clear_chain(self)

    def __reduce__(self) -> Any:
        raise TypeError(
            f"cannot pickle Value #{self.id}: its use chain is held by C pointers into its users; "
            "print the module (Module.print) and parse the text instead"
        )

    def __repr__(self) -> str:
        hint = f" %{self.name_hint}" if self.name_hint is not None else ""
        return f"<Value #{self.id}{hint}: {self.type}>"


# -- Use lists ---------------------------------------------------------------
#
# Each value's uses form a doubly linked chain through its users' operand
# slots, as MLIR's OpOperand lists (but oldest first): slot ``i`` of ``op``
# has the C record ``op._urec[i]`` (model.pxd's ``_Use``: the value, the
# previous and next use as (op, slot); value NULL: the slot is in no chain;
# prev/next NULL at the ends), and the value holds the ends and the count
# (``_uhead`` / ``_uhead_i``, ``_utail`` / ``_utail_i``, ``_nuses``).  Adding
# a use appends at the tail, dropping one unlinks it: both O(1), and the
# order is what a list with append / remove would hold.  The record names
# the value it is linked into, so dropping a slot's use never depends on
# ``op.operands`` being in step.  A record is 32 bytes in one block per op,
# no Python object per use.
#
# The pointers are borrowed (the collector sees only the Python fields, so a
# dropped module's cycles stay collectable): an op freed while linked
# unlinks its slots (``Op.__dealloc__``) and a value freed while it has
# uses empties the records of its chain (``Value.__dealloc__``), so no
# record or chain end ever names a freed object.


def _slots(op: Op, n: int) -> int:
    """Grow ``op``'s records (new ones unlinked) to hold ``n`` slots."""
    old = op._nrec
    if n <= old:
        return 0
    if n > 0x7FFFFFFF:
        raise OverflowError(f"{op.name}: {n} operand slots")
    u = cython.cast(_UseP, PyMem_Realloc(op._urec, n * cython.sizeof(_Use)))
    if u == cython.NULL:
        raise MemoryError()
    memset(u + old, 0, (n - old) * cython.sizeof(_Use))
    op._urec = u
    op._nrec = n
    return 0


# The chain kernels below index the records with no bounds or sign
# handling: each checks once that the slot it was given is inside its op's
# records, and the records it reaches through a chain were written by these
# functions (a record's prev/next name a linked slot of a live op).


def _link(op: Op, i: int, v: Value) -> int:
    """Append slot ``i`` of ``op`` (unlinked, within its records) to ``v``'s chain."""
    if i < 0 or i >= op._nrec:
        raise IndexError(f"{op.name}: operand slot {i} has no use record")
    u = op._urec + i
    if u.value != cython.NULL:
        raise ValueError(f"{op.name}: operand slot {i} is linked already")
    u.value = cython.cast(_Ptr, v)
    u.next = cython.NULL
    u.next_i = 0
    t = v._utail
    if t == cython.NULL:
        u.prev = cython.NULL
        u.prev_i = 0
        v._uhead = cython.cast(_Ptr, op)
        v._uhead_i = i
    else:
        tu = cython.cast(Op, t)._urec + v._utail_i
        tu.next = cython.cast(_Ptr, op)
        tu.next_i = i
        u.prev = t
        u.prev_i = v._utail_i
    v._utail = cython.cast(_Ptr, op)
    v._utail_i = i
    v._nuses += 1
    return 0


def _detach(op: Op, i: int) -> None:
    """Take slot ``i`` of ``op`` (within its records) out of its chain, if in one."""
    u = op._urec + i
    v = u.value
    if v == cython.NULL:
        return
    p = u.prev
    pi = u.prev_i
    q = u.next
    qi = u.next_i
    if p == cython.NULL:
        cython.cast(Value, v)._uhead = q
        cython.cast(Value, v)._uhead_i = qi
    else:
        cython.cast(Op, p)._urec[pi].next = q
        cython.cast(Op, p)._urec[pi].next_i = qi
    if q == cython.NULL:
        cython.cast(Value, v)._utail = p
        cython.cast(Value, v)._utail_i = pi
    else:
        cython.cast(Op, q)._urec[qi].prev = p
        cython.cast(Op, q)._urec[qi].prev_i = pi
    u.value = cython.NULL
    u.prev = cython.NULL
    u.next = cython.NULL
    cython.cast(Value, v)._nuses -= 1


def _unlink(op: Op, i: int) -> Value | None:
    """Take slot ``i`` of ``op`` out of its chain; returns the value it was a
    use of (None: it was in none)."""
    if i < 0 or i >= op._nrec:
        return None
    u = op._urec + i
    if u.value == cython.NULL:
        return None
    v = cython.cast(Value, u.value)
    _detach(op, i)
    return v


def _splice(v: Value, other: Value) -> int:
    """Move ``v``'s whole chain (records already naming ``other``) to the
    end of ``other``'s."""
    if v._nuses == 0:
        return 0
    if other._utail == cython.NULL:
        other._uhead = v._uhead
        other._uhead_i = v._uhead_i
    else:
        u = cython.cast(Op, other._utail)._urec + other._utail_i
        u.next = v._uhead
        u.next_i = v._uhead_i
        u = cython.cast(Op, v._uhead)._urec + v._uhead_i
        u.prev = other._utail
        u.prev_i = other._utail_i
    other._utail = v._utail
    other._utail_i = v._utail_i
    other._nuses += v._nuses
    v._uhead = cython.NULL
    v._utail = cython.NULL
    v._uhead_i = 0
    v._utail_i = 0
    v._nuses = 0
    return 0


def _slot_value(op: Op, i: int) -> Value | None:
    """The value whose chain slot ``i`` of ``op`` is in (None: none)."""
    if i < 0 or i >= op._nrec:
        return None
    if op._urec[i].value == cython.NULL:
        return None
    return cython.cast(Value, op._urec[i].value)


def _link_operands(op: Op, resolved: dict | None) -> int:
    """Link ``op``'s operand slots past those already linked, in order (the
    parser, as it reads them).  An operand that is a placeholder of a
    resolved forward reference (``resolved``) is first replaced by its
    definition."""
    operands = op.operands
    n = len(operands)
    start = op._nrec
    if start >= n:
        return 0
    _slots(op, n)
    for i in range(start, n):
        v = operands[i]
        if v.id < 0 and resolved:
            r = resolved.get(v)
            if r is not None:
                operands[i] = r
                v = r
        _link(op, i, v)
    return 0


def _unlink_all(op: Op) -> int:
    """Drop every use ``op`` makes (its own slots, not nested ops')."""
    for i in range(op._nrec):
        _detach(op, i)
    return 0


def _release_records(op: Op) -> int:
    """Drop every use ``op`` makes and free its records (as a new op has none)."""
    _unlink_all(op)
    PyMem_Free(op._urec)
    op._urec = cython.NULL
    op._nrec = 0
    return 0


def _clear_chain(v: Value) -> None:
    """Empty the records of ``v``'s chain and the chain (their ops unlinked
    from ``v`` at once, the other chains untouched)."""
    p = v._uhead
    i = v._uhead_i
    while p != cython.NULL:
        u = cython.cast(Op, p)._urec + i
        p = u.next
        i = u.next_i
        u.value = cython.NULL
        u.prev = cython.NULL
        u.next = cython.NULL
    v._uhead = cython.NULL
    v._utail = cython.NULL
    v._uhead_i = 0
    v._utail_i = 0
    v._nuses = 0


def _use_pairs(v: Value) -> list:
    """``v``'s uses as a list of ``(op, i)``, oldest first."""
    out = []
    op = v._uhead
    i = v._uhead_i
    while op != cython.NULL:
        out.append((cython.cast(Op, op), i))
        u = cython.cast(Op, op)._urec + i
        op = u.next
        i = u.next_i
    return out


def _retarget(v: Value, other: Value) -> int:
    """``v.replace_all_uses_with(other)``: each slot of ``v``'s chain now
    names ``other`` (operand and record); the chain moves whole, after
    ``other``'s own uses (the records' links stay as they are)."""
    op = v._uhead
    i = v._uhead_i
    while op != cython.NULL:
        operands = cython.cast(Op, op).operands
        if i >= len(operands):
            raise IndexError(f"{cython.cast(Op, op).name}: use record {i} past its {len(operands)} operands")
        operands[i] = other
        u = cython.cast(Op, op)._urec + i
        u.value = cython.cast(_Ptr, other)
        op = u.next
        i = u.next_i
    _splice(v, other)
    return 0


def _drop_use(value: Value, op: Op, index: int) -> None:
    """Drop the use ``(op, index)`` of ``value`` (nothing if it is not one)."""
    if _slot_value(op, index) is value:
        _unlink(op, index)


@cython.boundscheck(False)
@cython.wraparound(False)
def _add_uses(op: Op, operands: list[Value]) -> int:
    """Register the uses ``(op, i)`` of ``operands`` (= ``op.operands``), in
    order; a slot linked already is unlinked first."""
    n = len(operands)
    if op._urec == cython.NULL:
        # A new op (no slot linked yet): _link inlined, without the checks
        # and writes a fresh record does not need.
        if n == 0:
            return 0
        for i in range(n):
            w = operands[i]
            if not isinstance(w, Value):
                raise TypeError(f"{op.name}: operand #{i} is {type(w).__name__}, not a Value")
        _slots(op, n)
        u = op._urec
        for i in range(n):
            v = cython.cast(Value, operands[i])  # (checked above)
            u[i].value = cython.cast(_Ptr, v)
            t = v._utail
            if t == cython.NULL:
                v._uhead = cython.cast(_Ptr, op)
                v._uhead_i = i
            else:
                tu = cython.cast(Op, t)._urec + v._utail_i
                tu.next = cython.cast(_Ptr, op)
                tu.next_i = i
                u[i].prev = t
                u[i].prev_i = v._utail_i
            v._utail = cython.cast(_Ptr, op)
            v._utail_i = i
            v._nuses += 1
        return 0
    _slots(op, n)
    for i in range(n):
        _detach(op, i)
        _link(op, i, operands[i])
    return 0


def move_uses(uses: Iterable[tuple[Op, int]], old: Value, new: Value) -> None:
    """Point the given uses of ``old`` at ``new``: the operands, ``old``'s
    list (each use removed) and ``new``'s (appended, in the given order)."""
    for op, i in list(uses):
        if i < 0:
            raise IndexError(f"{op.name}: operand slot {i}")
        op.operands[i] = new
        _unlink(op, i)
        _slots(op, i + 1)
        _link(op, i, new)


def _build_op(name: str, opdef: Any, operands: list, segments: list, loc_from: Op | None) -> Op:
    """``Op._build`` for compiled callers (cimported: no Python call per op)."""
    op = Op.__new__(Op)
    _fill_built(op, name, opdef, operands, segments, loc_from)
    return op


def _fill_built(op: Op, name: str, opdef: Any, operands: list, segments: list, loc_from: Op | None) -> int:
    """The fields of a new op (tp_new only) that ``Op._build`` makes."""
    # Every slot set here rather than by __init__: no second call and no
    # operand list made only to be replaced (~95k ops per 10^5-op region).
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
        op._tok = loc_from._tok
        op.dloc = loc_from.dloc
    else:
        op._loc = None
        op._tok = 0
        op.dloc = None
    _add_uses(op, operands)
    return 0


def _set_tok(op: Op, tok: int) -> int:
    """``op._src = tok`` for compiled callers (the parser, per op): the C
    field directly, through the property only for what it does not hold."""
    if 0 <= tok < 0x7FFFFFFF:
        op._tok = tok + 1
    else:
        op._src = tok
    return 0


def _new_value(type: str, owner: Any, index: int) -> Value:
    """``Value(type, owner, index)`` without the call of ``__init__`` (the
    passes make ~10^5 results at a time)."""
    v = Value.__new__(Value)
    v.id = -1
    v.type = type
    v.owner = owner
    v.index = index
    v.name_hint = None
    v._scratch = None
    return v


def _new_values(types: Any, owner: Any) -> list:
    """``[_new_value(t, owner, k) for k, t in enumerate(types)]``, one C call
    per value (a pack has a result per slice: ~10^5 for a big region)."""
    out = []
    k = 0
    for t in types:
        out.append(_new_value(t, owner, k))
        k += 1
    return out


def _new_text_op(name: str, tmpl: list, operands: list, result_type: str | None = None,
                 loc_from: Op | None = None) -> Op:
    """Trusted constructor of an uninterpreted op (``rewriter.build_text_op``;
    compiled callers cimport it): a detached op with template ``tmpl``
    (shared, never written), ``operands`` (taken over, uses registered in
    order), one result of ``result_type`` if given, located at ``loc_from``
    (unresolved).  The fields are those ``Op.__init__`` and
    ``Value.__init__`` set, written directly (typed, no call per field)."""
    op = Op.__new__(Op)
    _fill_built(op, name, None, operands, None, loc_from)
    op.tmpl = tmpl
    if result_type is not None:
        op.results.append(_new_value(result_type, op, 0))
    return op


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
        # tuple, and no int object either: _src is a view of the C field
        # _tok (token index + 1; 0: none, as tp_new leaves it).
        self._loc: Any = None
        self._tok = 0
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
        # (_urec, the operand slots' use records, starts empty: see "Use lists")

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
        in order, as :meth:`create` does."""
        if cls is Op:
            return _build_op(name, opdef, operands, segments, loc_from)
        # tp_new only (no __init__); a subclass through its own __new__
        op = cls.__new__(cls)
        _fill_built(op, name, opdef, operands, segments, loc_from)
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
        _add_uses(op, flat)
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
        if self._tok:
            self._resolve_loc(self._tok - 1)
        return self._loc

    @loc.setter
    def loc(self, value: SourceLocation | None) -> None:
        self._loc = value
        self._tok = 0

    def _resolve_loc(self, tok: int) -> None:
        # _loc is still the SourceMap (None once the module released it)
        srcmap = self._loc
        self._loc = srcmap.location(tok) if srcmap is not None else None
        self._tok = 0

    # (compiled callers set it with _set_tok)
    @property
    def _src(self) -> int | None:
        """The token index the op started at while its location is not
        resolved (``_loc`` is then the SourceMap), else None."""
        return self._tok - 1 if self._tok else None

    @_src.setter
    def _src(self, tok: int | None) -> None:
        if tok is None:
            self._tok = 0
        elif tok < 0:
            raise ValueError(f"{self.name}: token index {tok} < 0")
        elif tok < 0x7FFFFFFF:
            self._tok = tok + 1
        else:
            # beyond the field (a text of 2^31 tokens): resolved at once
            self._resolve_loc(tok)

    @cython.locals(other=Op)
    def copy_loc_from(self, other: Op) -> None:
        """``self.loc = other.loc`` without resolving it: a location from text
        is computed only if someone reads it (resolving the first one scans
        the whole source)."""
        self._loc = other._loc
        self._tok = other._tok
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
        if d is EMPTY_MAP or type(d) is SharedProps:
            d = self._props = _own_props(d)
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
        _release_records(self)
        new = old[:a] + values + old[b:]
        self.operands = new
        _add_uses(self, new)
        assert self.segments is not None and self.opdef is not None
        # a new list: the parser shares equal segment lists between ops
        segs = list(self.segments)
        segs[self.opdef.segment_index[name]] = len(values)
        self.segments = segs

    def set_operand(self, i: int, value: Value) -> None:
        old = self.operands[i]
        if old is value:
            return
        if i < 0:
            i += len(self.operands)  # the slot Python's indexing chose
        _unlink(self, i)
        self.operands[i] = value
        _slots(self, len(self.operands))
        _link(self, i, value)

    def set_operands(self, operands: list[Value]) -> None:
        """Replace the whole operand list (taken over); use lists follow
        (``segments`` is the caller's to keep right)."""
        _release_records(self)
        self.operands = operands
        _add_uses(self, operands)

    def drop_operand_uses(self) -> None:
        """Remove this op (and nested ops) from the use lists of its operands."""
        for op in self.walk():
            _unlink_all(op)

    def erase(self) -> None:
        """Detach from the parent block and drop all uses it (and its regions) make."""
        for r in self.results:
            if r._nuses and any(use[0] is not self for use in _use_pairs(r)):
                raise ValueError(f"erase {self.name}: result #{r.index} still has {r._nuses} uses")
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

    def __dealloc__(self) -> None:
        # The chains it is in must not name it once it is freed.
        if self._urec != cython.NULL:
            _unlink_all(self)
            PyMem_Free(self._urec)
            self._urec = cython.NULL

    @property
    def _ulinks(self) -> list | None:
        """The use records as a new list, five entries per slot: [value,
        prev_op, prev_slot, next_op, next_slot] (None for a NULL pointer);
        None when the op has no records.  For tests and debugging."""
        if self._urec == cython.NULL:
            return None
        p = cython.declare(_Ptr)
        i = cython.declare(cython.Py_ssize_t)
        out = []
        for i in range(self._nrec):
            p = self._urec[i].value
            out.append(None if p == cython.NULL else cython.cast(object, p))
            p = self._urec[i].prev
            out.append(None if p == cython.NULL else cython.cast(object, p))
            out.append(self._urec[i].prev_i)
            p = self._urec[i].next
            out.append(None if p == cython.NULL else cython.cast(object, p))
            out.append(self._urec[i].next_i)
        return out

    def __reduce__(self) -> Any:
        raise TypeError(
            f"cannot pickle Op {self.name!r}: its operand slots are linked into its operands' "
            "use chains by C pointers; print the module (Module.print) and parse the text instead"
        )

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

    @cython.locals(op=Op, r=Value, vals=list)
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
        (:func:`fastalloc.run_passes`).  Its memory would otherwise outlive
        the call: ops, blocks and values point at each other, so nothing is
        freed by reference counting, and the collector's pass over those
        millions of objects costs several times what cutting the cycles here
        and letting the counts drop does.
        """
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

    def release_unreachable(self) -> int:
        """Free the ops and blocks a rewrite left outside the module: each
        pass calls it once it is done.

        A replaced op is detached but its results stay in :attr:`values`,
        and they point back at it: with the collector paused (as every stage
        runs), it would live until :meth:`dispose`, so the new ops of the
        next pass and the printed text would come on top of it.  Here every
        op and block no longer reachable from the body (and everything in
        them) drops its operand uses, and their unused values leave the
        table (``None``, ids do not move) and lose their ``owner``: they
        must not be used afterwards.  Returns the number of values released.
        """
        from fastalloc.ir._uses import _release_unreachable

        return _release_unreachable(self.body, self.values, NO_REGIONS)

    @property
    def ops(self) -> list[Op]:
        return self.body.ops

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


PropValue = bool | str | list[int] | list[str]  # types.UnionType (typing.Union would import typing)
