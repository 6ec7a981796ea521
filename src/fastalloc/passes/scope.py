"""Allocation state of one ``stream.async.execute`` region (IREE's
``ResourceRange`` and ``AllocationScope`` in ScheduleAllocation.cpp).

The schedule-allocation driver (:mod:`fastalloc.passes.schedule_allocation`)
builds one :class:`AllocationScope` per execute op, maps every resource value
of the region to the storage range that backs it, then hands the scope to
:func:`fastalloc.passes.convert.apply_async_allocations`, which turns each
``stream.async.*`` op into ``stream.cmd.*`` ops addressing those ranges.

Ops the scope creates (index constants, ``arith.addi``) go *before the root
op* in creation order, exactly where IREE's ``OpBuilder(rootOp)`` puts them.
They are not inserted into the parent block one by one (that would cost
O(len(block)) each): they are queued in :attr:`AllocationScope.before` and the
driver splices the whole queue in front of the root op in one pass over the
block.  Callers never insert them themselves.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from fastalloc.errors import FastallocError
from fastalloc.ir.model import Op, Value, defer_add_uses
from fastalloc.ir.ops import OPS

if TYPE_CHECKING:  # pragma: no cover
    from fastalloc.errors import SourceLocation

__all__ = [
    "AllocationScope",
    "ResourceRange",
    "constant_int",
    "create_or_fold_addi",
    "make_index_constant",
    "make_op",
]


def make_op(
    name: str,
    operands: list[Value],
    segments: list[int],
    loc_from: Op | None = None,
    result_types: Sequence[str] = (),
    props: dict | None = None,
    attrs: dict | None = None,
) -> Op:
    """The passes' trusted ``Op.create``: a detached registered op.

    ``operands`` (the flat ODS-ordered list) and ``segments`` (one size per
    ODS segment) must agree and are taken over, as are ``props`` and
    ``attrs``; nothing is checked or inferred (``Op.create`` validates its
    arguments, which cost more than building the op, once per command op of
    a 10^5-op region).  The new op's location is ``loc_from``'s.  Every
    operand gets its use, in operand order, as ``Op.create`` does.
    """
    op = Op._build(name, OPS[name], operands, segments, loc_from)
    if result_types:
        op.results = [Value(t, op, i) for i, t in enumerate(result_types)]
    # The private slots: the public properties' setters are a call each.
    if props:
        op._props = props
    if attrs:
        op._attrs = attrs
    return op


# An extension type (the compiled dispatch conversion reads its fields).
from fastalloc.passes._convert import ResourceRange  # noqa: E402


# ---------------------------------------------------------------------------
# Index arithmetic (arith.constant / arith.addi) with MLIR's folding rules
# ---------------------------------------------------------------------------

# decimal or hexadecimal (MLIR's integer literals: `0x40 : index` is 64)
_INT_ATTR = re.compile(r"^\s*(-?(?:0x[0-9a-fA-F]+|\d+))\s*:\s*(index|i\d+)\s*$")
_PRETTY_CONST = re.compile(r"arith\.constant\s+(-?(?:0x[0-9a-fA-F]+|\d+))\s*:\s*(index|i\d+)\s*$")
_GENERIC_CONST = re.compile(r"value\s*=\s*(-?(?:0x[0-9a-fA-F]+|\d+))\s*:\s*(index|i\d+)")


def _int_literal(text: str) -> int:
    """An MLIR integer literal (decimal, leading zeros allowed, or 0x hex)."""
    neg = text.startswith("-")
    body = text[1:] if neg else text
    v = int(body, 16) if body[:2] == "0x" else int(body)
    return -v if neg else v


def constant_int(value: Value) -> int | None:
    """The integer held by ``value`` if it is an integer ``arith.constant``
    (``index`` or ``iN``), else None (MLIR's ``m_ConstantInt``)."""
    op = value.owner
    if op is None or getattr(op, "name", None) != "arith.constant":
        return None
    props = op._props  # read-only: op.props would give an op without any a dict
    text = props.get("value") if props else None
    if isinstance(text, str):
        m = _INT_ATTR.match(text)
        return _int_literal(m.group(1)) if m else None
    tmpl = getattr(op, "tmpl", None)
    if tmpl:
        text = "".join(p for p in tmpl if isinstance(p, str)).strip()
        m = _PRETTY_CONST.search(text) or _INT_ATTR.match(text) or _GENERIC_CONST.search(text)
        if m:
            return _int_literal(m.group(1))
    return None


def make_index_constant(n: int) -> Op:
    """A detached ``arith.constant <n> : index`` op."""
    if "arith.constant" in OPS:
        return Op.create("arith.constant", result_types=["index"], props={"value": f"{n} : index"})
    op = Op("arith.constant")
    op.tmpl = [f"arith.constant {n} : index"]
    op.results.append(Value("index", op, 0))
    return op


def _make_addi(lhs: Value, rhs: Value) -> Op:
    if "arith.addi" in OPS:
        return Op.create("arith.addi", operands=[lhs, rhs], result_types=["index"])
    op = Op("arith.addi")
    op.tmpl = ["arith.addi ", 0, ", ", 1, " : index"]
    op.operands = [lhs, rhs]
    defer_add_uses(op, op.operands)
    op.results.append(Value("index", op, 0))
    return op


def _wrap64(x: int) -> int:
    x &= (1 << 64) - 1
    return x - (1 << 64) if x >> 63 else x


def create_or_fold_addi(lhs: Value, rhs: Value, emit: Callable[[Op], None]) -> Value:
    """``OpBuilder::createOrFold<arith::AddIOp>(lhs, rhs)`` on ``index`` values.

    Applies ``arith.addi``'s folder, in MLIR's order: ``x + 0 -> x``,
    ``(a - b) + b -> a``, ``b + (a - b) -> a``, ``c1 + c2 -> new constant``
    (a fresh ``arith.constant`` is emitted every time, as the builder
    materializes one per fold); otherwise the op is emitted, with a constant
    left operand moved to the right (the commutative in-place fold), e.g.
    ``addi(%c16, %x)`` is created as ``arith.addi %x, %c16``.
    ``emit`` receives every created op, in creation order.
    """
    return _fold_addi(lhs, rhs, constant_int(lhs), constant_int(rhs), emit)


def _fold_addi(lhs: Value, rhs: Value, lc: int | None, rc: int | None, emit: Callable[[Op], None]) -> Value:
    """:func:`create_or_fold_addi` given ``constant_int`` of both sides."""
    if rc == 0:
        return lhs
    lop = lhs.owner
    if getattr(lop, "name", None) == "arith.subi" and len(lop.operands) == 2 and lop.operands[1] is rhs:
        return lop.operands[0]
    rop = rhs.owner
    if getattr(rop, "name", None) == "arith.subi" and len(rop.operands) == 2 and rop.operands[1] is lhs:
        return rop.operands[0]
    if lc is not None and rc is not None:
        op = make_index_constant(_wrap64(lc + rc))
        emit(op)
        return op.results[0]
    if lc is not None and rc is None:
        lhs, rhs = rhs, lhs
    op = _make_addi(lhs, rhs)
    emit(op)
    return op.results[0]


# ---------------------------------------------------------------------------
# The scope
# ---------------------------------------------------------------------------


_UNSEEN = object()


class AllocationScope:
    """Resource ranges of one execute region (IREE's ``AllocationScope``).

    ``root_op``: the ``stream.async.execute`` being allocated; after the
    driver builds the ``stream.cmd.execute`` it calls :meth:`replace_root_op`
    and ``root_op`` is the new op.

    ``alias_sets``: for every value that aliases another (tied results,
    tied execute/concurrent results and their yields, see
    :func:`fastalloc.passes.regions.region_alias_sets`), the list of all the
    members of its alias set, itself included (one list object shared by the
    set).  Values absent from it alias nothing.

    ``before``: ops created by the scope, in creation order, waiting to be
    spliced in front of the root op by the driver (see the module docstring).
    """

    __slots__ = ("root_op", "alias_sets", "before", "_index_constants", "_ranges", "_const_cache", "_subview_sets")

    def __init__(self, root_op: Op, alias_sets: Mapping[Value, Sequence[Value]]) -> None:
        self.root_op = root_op
        self.alias_sets = alias_sets
        self.before: list[Op] = []
        self._index_constants: dict[int, Value] = {}
        self._ranges: dict[Value, ResourceRange] = {}
        self._const_cache: dict[Value, int | None] = {}
        # id(alias set list) -> whether a member is a subview result (the
        # lists live as long as the scope, in alias_sets).
        self._subview_sets: dict[int, bool] = {}

    # -- builders ---------------------------------------------------------
    def emit(self, op: Op) -> None:
        """Queue ``op`` to be inserted right before the root op (after every
        op queued earlier)."""
        self.before.append(op)

    def lookup_or_create_index(self, value: int) -> Value:
        """Memoized ``arith.constant <value> : index``: the first request for a
        given integer creates the constant (queued before the root op), later
        requests return the same value."""
        v = self._index_constants.get(value)
        if v is None:
            op = make_index_constant(value)
            op.copy_loc_from(self.root_op)  # IREE: at the root op
            self.emit(op)
            v = op.results[0]
            self._index_constants[value] = v
        return v

    def add(self, loc: SourceLocation | None, lhs: Value, rhs: Value) -> Value:
        """``lhs + rhs`` as IREE's ``AllocationScope::add``: returns ``rhs`` if
        ``lhs`` is a constant 0 and ``lhs`` if ``rhs`` is, else
        :func:`create_or_fold_addi` (which may return an existing value, a new
        folded constant or a new ``arith.addi``; new ops go before the root op).
        ``loc`` is accepted for parity with IREE and not used (callers pass
        None: reading ``op.loc`` would resolve a location per op for nothing)."""
        return self.add_values(lhs, rhs)

    def add_values(self, lhs: Value, rhs: Value) -> Value:
        """:meth:`add` without the location (the converters call it per binding)."""
        # Offsets repeat (%c0, a few sizes): read each constant's text once.
        cache = self._const_cache
        lc = cache.get(lhs, _UNSEEN)
        if lc is _UNSEEN:
            lc = cache[lhs] = constant_int(lhs)
        if lc == 0:
            return rhs
        rc = cache.get(rhs, _UNSEEN)
        if rc is _UNSEEN:
            rc = cache[rhs] = constant_int(rhs)
        if rc == 0:
            return lhs
        return _fold_addi(lhs, rhs, lc, rc, self.emit)

    @property
    def constant_cache(self) -> dict[Value, int | None]:
        """What :meth:`add_values` knows: value -> its integer constant or
        None (not a constant); read-only for callers (the compiled binding
        loop answers from it when one side is a known 0)."""
        return self._const_cache

    def _constant_int(self, value: Value) -> int | None:
        cache = self._const_cache
        c = cache.get(value, _UNSEEN)
        if c is _UNSEEN:
            c = cache[value] = constant_int(value)
        return c

    # -- ranges -----------------------------------------------------------
    def map_resource_range(self, resource: Value, rng: ResourceRange) -> None:
        """Map ``resource`` and every value aliasing it to ``rng``.

        A no-op if ``resource`` is already mapped (first mapping wins, as in
        IREE).  A range without offset and length gets offset
        ``lookup_or_create_index(0)`` and length ``rng.resource_size`` (this
        may create the ``arith.constant 0`` at this point).  Each alias not
        yet mapped gets the same range, except an alias derived from a
        ``stream.resource.subview`` (walking up tied ops, see
        :func:`fastalloc.passes.regions.find_subview_op`), which gets the
        subview's own ``source[offset for result_size]`` range.  ``rng`` is
        not modified.
        """
        ranges = self._ranges
        if resource in ranges:
            return
        if rng.offset is None and rng.length is None:
            rng = ResourceRange(rng.resource, rng.resource_size, self.lookup_or_create_index(0), rng.resource_size)
        ranges[resource] = rng
        members = self.alias_sets.get(resource)
        if not members:
            return
        # find_subview_op only walks tied ops, whose values are all members
        # of this set: with no subview among them every alias gets ``rng``.
        has_subview = self._subview_sets.get(id(members))
        if has_subview is None:
            has_subview = self._subview_sets[id(members)] = any(
                getattr(m.owner, "name", None) == "stream.resource.subview" for m in members
            )
        if not has_subview:
            for alias in members:
                if alias is not resource and alias not in ranges:
                    ranges[alias] = rng
            return
        from fastalloc.passes.regions import find_subview_op

        for alias in members:
            if alias is resource or alias in ranges:
                continue
            sub = find_subview_op(alias)
            if sub is None:
                ranges[alias] = rng
            else:
                src, src_size, off, length = sub.operands[0], sub.operands[1], sub.operands[2], sub.operands[3]
                ranges[alias] = ResourceRange(src, src_size, off, length)

    def map_resource_ranges(self, resources: Sequence[Value], rngs: Sequence[ResourceRange]) -> None:
        """:meth:`map_resource_range` for each pair, in order (one call for the
        tens of thousands of transient slices of a big region)."""
        ranges = self._ranges
        alias_sets = self.alias_sets
        single = self.map_resource_range
        for resource, rng in zip(resources, rngs):
            if resource in ranges:
                continue
            if rng.offset is None or alias_sets.get(resource):
                single(resource, rng)
            else:
                ranges[resource] = rng

    def lookup_resource_range(self, resource: Value) -> ResourceRange:
        """The range mapped to ``resource`` (offset and length always set).

        Raises FastallocError (located at the op defining ``resource``, or
        at the root op) if no storage was allocated for it; IREE asserts.
        """
        rng = self._ranges.get(resource)
        if rng is None:
            raise self.missing_range_error(resource)
        return rng

    @property
    def ranges(self) -> Mapping[Value, ResourceRange]:
        """The value -> range table itself (read it, never write it: use
        :meth:`map_resource_range`), for lookups in tight loops."""
        return self._ranges

    def missing_range_error(self, resource: Value) -> FastallocError:
        """The error :meth:`lookup_resource_range` raises for an unmapped value."""
        owner = resource.owner
        loc = getattr(owner, "loc", None) or getattr(self.root_op, "loc", None)
        what = getattr(owner, "name", "block argument")
        return FastallocError(
            f"storage not pre-allocated for resource #{resource.index} of {what} "
            "(a value used inside a stream.async.concurrent region that is neither "
            "captured, yielded nor unused)",
            loc,
        )

    def has_resource_range(self, resource: Value) -> bool:
        """True if ``resource`` has a mapped range."""
        return resource in self._ranges

    def for_each_resource_alias(self, resource: Value, fn: Callable[[Value], None]) -> None:
        """Call ``fn(resource)``, then ``fn(alias)`` for every other member of
        its alias set."""
        fn(resource)
        for alias in self.alias_sets.get(resource, ()):
            if alias is not resource:
                fn(alias)

    def replace_root_op(self, new_op: Op) -> None:
        """Make ``new_op`` (the ``stream.cmd.execute``) the root op.  The old
        op is detached by the driver (which also moves its body)."""
        self.root_op = new_op
