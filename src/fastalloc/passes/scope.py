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

from collections.abc import Callable, Mapping, Sequence

from fastalloc.errors import FastallocError
from fastalloc.ir.model import Op, Value
from fastalloc.ir.rewriter import constant_int, index_constant

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:  # pragma: no cover
    from fastalloc.errors import SourceLocation

__all__ = [
    "AllocationScope",
    "ResourceRange",
]


# An extension type (the compiled dispatch conversion reads its fields); the
# range table is compiled too (a big region maps ~10^5 values).
from fastalloc.passes._convert import ResourceRange, _RangeTable  # noqa: E402
# The index folds (createOrFold of arith.addi / util.align), compiled, the
# same folder layout-slices uses (rewriter.IndexFolder is its reference).
from fastalloc.passes._layout import Folder  # noqa: E402


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

    The ranges are kept on the values themselves (the compiled table,
    ``_convert._RangeTable``): a value is mapped in one scope at a time
    (mapping it in another takes it over) and :meth:`release` forgets them
    all when the scope is done.
    """

    __slots__ = ("root_op", "alias_sets", "before", "_index_constants", "_ranges", "_const_cache", "_tmpls", "folder")

    def __init__(self, root_op: Op, alias_sets: Mapping[Value, Sequence[Value]],
                 const_cache: dict[Value, int | None] | None = None, tmpls: dict[int, list] | None = None) -> None:
        self.root_op = root_op
        self.alias_sets = alias_sets
        self.before: list[Op] = []
        self._index_constants: dict[int, Value] = {}
        # The compiled value -> range table (each range on its value; it
        # keeps, by id of an alias set's list, whether a member is a subview
        # result: the lists live as long as the scope, in alias_sets).
        self._ranges = _RangeTable(alias_sets)
        # The value -> constant cache and the constants' templates may be the
        # run's (``const_cache``, ``tmpls``): a function's own constants
        # (sizes, %c0) are read by every region that uses them, and a
        # constant's integer never changes during the pass.
        self._const_cache: dict[Value, int | None] = {} if const_cache is None else const_cache
        self._tmpls: dict[int, list] = {} if tmpls is None else tmpls
        #: the folds of the index arithmetic built here (new ops queued in
        #: ``before``, unlocated: the driver and the conversion locate them)
        # (emits into the list itself: a bound method of the scope would make a cycle)
        self.folder = Folder(self._const_cache, None, self.before, self._tmpls)

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
            op = index_constant(value, self._tmpls)
            op.copy_loc_from(self.root_op)  # IREE: at the root op
            self.emit(op)
            v = op.results[0]
            self._index_constants[value] = v
            self._const_cache[v] = value  # known: the converters need not read it back from the text
        return v

    def add(self, loc: SourceLocation | None, lhs: Value, rhs: Value) -> Value:
        """``lhs + rhs`` as IREE's ``AllocationScope::add``: returns ``rhs`` if
        ``lhs`` is a constant 0 and ``lhs`` if ``rhs`` is, else
        ``folder.add`` (``IndexFolder.add``: which may return an existing value, a new
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
        return self.folder.add(lhs, rhs)

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
        self._ranges.map(resource, rng, self)

    def _map_subview_aliases(self, resource: Value, rng: ResourceRange, members: Sequence[Value]) -> None:
        """The rest of :meth:`map_resource_range` for an alias set that holds a
        subview result (``resource`` is mapped to ``rng`` already): each alias
        not yet mapped gets ``rng``, or its subview's own range."""
        from fastalloc.passes.regions import find_subview_op

        ranges = self._ranges
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
        self._ranges.map_many(list(resources), list(rngs), self)

    def map_resource_slices(
        self, resources: list[Value], resource: Value, resource_size: Value, offsets: list[Value],
        lengths: list[Value],
    ) -> None:
        """:meth:`map_resource_range` of each ``resources[k]`` to
        ``ResourceRange(resource, resource_size, offsets[k], lengths[k])``,
        in order (the slices of one slab)."""
        self._ranges.map_slices(resources, resource, resource_size, offsets, lengths, self)

    def map_resource_ranges_like(self, targets: list[Value], sources: list[Value]) -> None:
        """``map_resource_range(targets[k], lookup_resource_range(sources[k]))``
        for each k, in order."""
        self._ranges.map_like(targets, sources, self)

    def map_concurrent_ranges(self, concurrent: list[Op]) -> None:
        """For each ``stream.async.concurrent`` op of ``concurrent``, in
        order: :meth:`map_resource_ranges_like` of its entry block's
        arguments to its resource operands, then of the values its
        ``stream.yield`` yields to its resource results (pairs up to the
        shorter side of each)."""
        self._ranges.map_waves(concurrent, self)

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

    def release(self) -> None:
        """Forget every range (the table keeps them on the values: the
        driver releases the scope once its region is converted)."""
        self._ranges.release()

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
