"""``layout-slices``: lower every ``stream.resource.pack`` to offset arithmetic.

The reference is IREE's ``--iree-stream-layout-slices``
(``compiler/src/iree/compiler/Dialect/Stream/Transforms/LayoutSlices.cpp``),
checked op for op against ``iree-opt`` 3.13.  For each pack, in the order
IREE's post-order walk meets them:

1. Resource config: the nearest ``stream.resources`` attribute on the pack or
   an ancestor (the top-level module included) gives the offset and range
   alignment; without one both are the default (64, like
   ``--iree-stream-resource-min-offset-alignment``).  HAL affinities carry no
   resource config in IREE 3.13, so the affinity never contributes one.
2. Static slices (size defined by ``arith.constant``) are placed by
   :func:`fastalloc.packing.pack` (strategy ``"iree"`` reproduces IREE's
   ``packStaticSlicesGreedily`` offset for offset; any other strategy of the
   core may be asked for).  Each offset becomes ``base + constant``.
3. Dynamic slices are bucketed by their size SSA value (first appearance
   order); inside a bucket each slice goes first-fit into the first bin none
   of whose slices overlaps its lifetime; each new bin is appended above the
   previous ones with the ``arith.addi`` / ``util.align`` chain IREE emits.
4. The total length replaces the pack's first result and the pack is erased.

Fidelity of the emitted ops.  IREE builds everything with ``createOrFold``
in front of the pack and never cleans up; :class:`fastalloc.ir.rewriter.IndexFolder`
replays the same folds so that the re-printed output is identical, duplicate and dead
constants included:

* an ``IndexSet`` memoizes the constants it hands out per pack (the base 0
  and the static offsets / total);
* ``arith.addi`` folds ``x + 0 -> x``, ``(a - b) + b -> a``,
  ``b + (a - b) -> a`` and constant + constant to a *fresh* constant; a
  constant left operand is commuted to the right and the folds are retried;
* ``util.align`` always materializes a fresh alignment constant first (its
  builder does), then folds to its operand when ``isAlignedTo`` proves it,
  or to a fresh constant when the operand is constant.

Cost: one packing-kernel call per pack plus O(1) work per static slice; the
first-fit bins of the dynamic slices use a segment tree of bin bitsets
(:class:`FirstFitBins`, O(log n) big-int operations per slice; IREE scans
every slice of every bin); the op list of a block is rebuilt once (no per-op
list insertion).  The per-slice loops (sizes, folds, bins, use replacement)
run compiled (:mod:`fastalloc.passes._layout`); the Python code here is the
reference they are tested against (``_NATIVE = False``).  Once done, the
pass releases the packs it replaced (``Module.release_unreachable``).
"""

from __future__ import annotations

import re
from array import array
from itertools import compress

from fastalloc._gc import gc_paused
from fastalloc._guard import op_location
from fastalloc._record import Frozen, Record
from fastalloc.errors import FastallocError
from fastalloc.ir.attributes import DEFAULT_ALIGNMENT, AttrTable, ResourceConfig
from fastalloc.ir.attributes import parse_resource_config as _parse_config
from fastalloc.ir.model import Block, Module, Op, Value
from fastalloc.ir.rewriter import IndexFolder, align_up, constant_int, drop_uses, splice
from fastalloc.kernels import iree_pack as _iree_pack
from fastalloc.kernels import sort as _sort
from fastalloc.passes import PassContext, PassOptions, _layout, register

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Iterable
    import numpy as np

__all__ = [
    "DEFAULT_ALIGNMENT",
    "FirstFitBins",
    "SMALLEST",
    "ResourceConfig",
    "collect_packs",
    "layout_slices",
    "lookup_resource_config",
    "parse_resource_config",
    "PackSlices",
    "pack_slices",
    "place_static",
    "static_lower_bound",
]

#: Strategy name that runs every strategy of :func:`fastalloc.packing.pack`
#: on each pack and keeps the smallest slab.
SMALLEST = "smallest"
#: ``"search:S"``: strategy ``"search"`` with a time limit of S seconds per pack
#: (``--pack-time-limit``); plain ``"search"`` uses its default work budget.
SEARCH_PREFIX = "search:"
# Callable ops IREE's pipeline anchors the pass on (``util.initializer``,
# ``util.func``, ``func.func``): a pack left in an initializer makes
# ``iree-compile --compile-from=stream`` fail to legalize it.
DEFAULT_ANCHORS = ("util.initializer", "util.func", "func.func")

_PACK = "stream.resource.pack"
#: The per-slice loops compiled (fastalloc.passes._layout); False runs this
#: module's Python reference instead (tests compare the two).
_NATIVE = True
_CONFIG_KEY = "stream.resources"
_I64_MASK = (1 << 64) - 1


# ---------------------------------------------------------------------------
# Resource config
# ---------------------------------------------------------------------------


def parse_resource_config(text: str, loc=None, aliases: Iterable[str] = ()) -> ResourceConfig:
    """Offset and range alignment of a ``#stream.resource_config<{...}>`` text
    (or of an alias of one, defined in ``aliases``); see
    :func:`fastalloc.ir.attributes.parse_resource_config`."""
    return AttrTable(aliases).resource_config(text, loc)


def _check_alignment(value: int, name: str) -> int:
    value = int(value)
    if value <= 0 or value & (value - 1):
        raise FastallocError(f"{name} = {value} is not a positive power of two")
    return value


_HEADER_CONFIG = re.compile(r"\bstream\.resources\s*=\s*(#stream\.resource_config\s*<\s*\{[^}]*\}\s*>|#[\w$.-]+)")


def lookup_resource_config(
    op: Op, default: ResourceConfig | None = None, attributes: AttrTable | None = None
) -> ResourceConfig:
    """``ResourceConfigAttr::lookup``: the nearest ``stream.resources`` on ``op``
    or an ancestor (module header included), else ``default``.  Aliases are
    read from ``attributes`` (default: the table of ``op``'s module)."""
    node: Any = op
    module = None
    while node is not None:
        text = node._attrs.get(_CONFIG_KEY)
        if text is None and node.tmpl:
            # Uninterpreted ops (util.func, func.func, scf.*) keep their
            # attribute dictionary inside their text.
            m = _HEADER_CONFIG.search(_op_text(node))
            text = m.group(1) if m is not None else None
        if text is not None:
            if attributes is None:
                attributes = AttrTable.of_module(module or op.module())
            try:
                return attributes.resource_config(text)
            except FastallocError as err:
                # Locations cost a line table: computed on error only.
                raise FastallocError(err.message, op_location(node)) from None
        block = node.parent
        region = block.parent if block is not None else None
        owner = region.parent if region is not None else None
        if isinstance(owner, Module):
            module = owner
            break
        node = owner
    if module is None:
        module = op.module()
    if module is not None:
        m = _HEADER_CONFIG.search(module.header)
        if m is not None:
            if attributes is None:
                attributes = AttrTable.of_module(module)
            return attributes.resource_config(m.group(1))
    return default if default is not None else ResourceConfig()


# ---------------------------------------------------------------------------
# Reading packs
# ---------------------------------------------------------------------------

def _op_text(op: Op) -> str:
    """The literal text of an uninterpreted op (its template without operands)."""
    tmpl = op.tmpl
    if tmpl:
        return "".join(p for p in tmpl if isinstance(p, str))
    return ""


class PackSlices(Frozen):
    """One pack read into arrays (slice order = result order): numpy arrays
    from :func:`pack_slices`, ``array.array`` ('q' / 'B') inside the pass."""

    __slots__ = _fields = ("op", "starts", "ends", "static_mask", "static_sizes", "sizes", "offset")
    op: Op
    starts: Any  # int64, inclusive lifetime start per slice
    ends: Any  # int64, inclusive lifetime end
    static_mask: Any  # bool (uint8 in the pass): size defined by arith.constant
    static_sizes: Any  # int64, the constant (0 for dynamic slices)
    sizes: list[Value]  # size value per slice
    offset: Value | None  # the optional base offset operand

    def __init__(self, op: Op, starts: Any, ends: Any, static_mask: Any, static_sizes: Any, sizes: list[Value],
                 offset: Value | None) -> None:
        object.__setattr__(self, "op", op)
        object.__setattr__(self, "starts", starts)
        object.__setattr__(self, "ends", ends)
        object.__setattr__(self, "static_mask", static_mask)
        object.__setattr__(self, "static_sizes", static_sizes)
        object.__setattr__(self, "sizes", sizes)
        object.__setattr__(self, "offset", offset)


def _constant(consts: dict, v: Value) -> int | None:
    """``constant_int(v)`` through the run's cache (IndexFolder.consts)."""
    if v in consts:
        return consts[v]
    c = consts[v] = constant_int(v)
    return c


def pack_slices(op: Op, consts: dict | None = None, native: bool = True) -> PackSlices:
    """Read the slices of a ``stream.resource.pack`` op into numpy arrays
    (``consts``: a constant cache shared over the run, or None; ``native``:
    the size loop compiled, :func:`fastalloc.passes._layout.static_sizes`)."""
    import numpy as np

    ps = _read_pack(op, {} if consts is None else consts, native)
    return PackSlices(
        ps.op,
        np.frombuffer(ps.starts, dtype=np.int64),
        np.frombuffer(ps.ends, dtype=np.int64),
        np.frombuffer(ps.static_mask, dtype=bool),
        np.frombuffer(ps.static_sizes, dtype=np.int64),
        ps.sizes,
        ps.offset,
    )


def _read_pack(op: Op, consts: dict, native: bool) -> PackSlices:
    """:func:`pack_slices` with ``array.array`` fields (the pass's own:
    no numpy on its path)."""
    sizes = op.group("dynamic_slice_sizes")
    offset = op.group("offset")
    intervals = op.props.get("lifetime_intervals") or []
    n = len(sizes)
    if len(intervals) != 2 * n or len(op.results) != n + 1:
        raise FastallocError(
            f"{_PACK}: {n} slice sizes, {len(intervals)} lifetime bounds and "
            f"{len(op.results)} results do not agree (want 2*{n} bounds, {n + 1} results)",
            op_location(op),
        )
    starts = array("q", intervals[0::2])
    ends = array("q", intervals[1::2])
    static_mask = array("B", bytes(n))
    static_sizes = array("q", bytes(8 * n))
    if native:
        bad = _layout.static_sizes(sizes, consts, static_mask, static_sizes)
        if bad >= 0:
            raise FastallocError(f"{_PACK}: slice {bad} size is an arith.constant that is not an integer", op_location(op))
        return PackSlices(op, starts, ends, static_mask, static_sizes, sizes, offset[0] if offset else None)
    for k, v in enumerate(sizes):
        d = v.owner
        # IREE: isa<arith::ConstantOp>(defining op) -- the op kind decides.
        if isinstance(d, Op) and d.name == "arith.constant":
            c = _constant(consts, v)
            if c is None:
                raise FastallocError(f"{_PACK}: slice {k} size is an arith.constant that is not an integer", op_location(op))
            static_mask[k] = 1
            static_sizes[k] = c
    return PackSlices(op, starts, ends, static_mask, static_sizes, sizes, offset[0] if offset else None)


_align = align_up


def _ranks(starts: Any, ends: Any) -> tuple[array, array]:
    """Lifetimes renumbered densely from 0, order (hence overlap) preserved
    (int64 buffers in, int64 ``array.array``s out).

    Pack intervals may hold any int64 (IREE's LIVE_IN sentinel is negative)
    while the packing API takes non-negative times."""
    return _sort._dense_ranks(starts, ends)


def _i64(x: Any) -> array:
    """``x`` (an int64 buffer, or integers) as an int64 ``array.array``."""
    if isinstance(x, array) and x.typecode == "q":
        return x
    try:
        m = memoryview(x)
    except TypeError:
        return array("q", map(int, x))
    if m.ndim == 1 and m.itemsize == 8 and m.format in ("q", "l") and m.c_contiguous:
        a = array("q")
        a.frombytes(m.cast("B"))
        return a
    return array("q", map(int, x))


def place_static(
    starts: Any,
    ends: Any,
    sizes: Any,
    config: ResourceConfig,
    strategy: str = "iree",
    loc=None,
    effort: int | None = None,
) -> tuple[array, int]:
    """Offsets (relative to the pack base) of static slices, and the slab size.

    ``starts``, ``ends``, ``sizes``: int64 arrays (``array.array`` or numpy);
    the offsets come back as an int64 ``array.array``.  The slab size is
    IREE's high-water mark, ``max(offset + align(size, range))`` rounded up to
    the range alignment, for every strategy.  ``strategy`` is one of
    ``fastalloc.packing.STRATEGIES`` or ``"smallest"`` (each of them, the
    smallest slab wins).  Strategy ``"iree"`` runs the kernel directly (the
    checks of :func:`fastalloc.packing.pack`, made here in its words): the
    numpy API is not imported on the pass's default path.
    """
    n = len(sizes)
    if n == 0:
        return array("q"), 0
    ra, oa = config.range_alignment, config.offset_alignment
    starts, ends, sizes = _i64(starts), _i64(ends), _i64(sizes)
    if not (_power_of_two(oa) and _power_of_two(ra)) or min(sizes) < 0 or any(map(int.__lt__, ends, starts)):
        # iree-opt accepts these and lays them out with its arithmetic as it
        # stands; the packers' contract (power-of-two alignments, start <= end,
        # sizes >= 0) does not hold, so IREE's walk is replayed literally.
        return _place_iree_literal(starts.tolist(), ends.tolist(), sizes.tolist(), oa, ra)
    s, e = _ranks(starts, ends)
    if strategy == "iree":
        try:
            return _place_iree(s, e, sizes, oa, ra)
        except FastallocError as err:
            raise FastallocError(f"{_PACK}: {err.message}", loc) from None
    from fastalloc import packing

    if strategy == SMALLEST:
        # IREE's own TODO: "try several algorithms and compute which packs
        # best".  Ties go to the first strategy in packing.STRATEGIES order.
        # The exact search is left out: its budget is per pack, asked for by name.
        candidates = [x for x in packing.STRATEGIES if x != "search"]
    else:
        candidates = [strategy]
    mask = ~(ra - 1)
    aligned = [(z + (ra - 1)) & mask for z in sizes]
    best: tuple[array, int] | None = None
    for spec in candidates:
        name, options = _strategy_options(spec)
        if effort is not None:
            options["effort"] = effort
        try:
            plan = packing.pack(s, e, sizes, alignment=oa, range_alignment=ra, strategy=name, **options)
        except FastallocError as err:
            raise FastallocError(f"{_PACK}: {err.message}", loc) from None
        offsets = array("q")
        offsets.frombytes(plan.offsets.astype("int64").tobytes())
        total = _align(max(map(int.__add__, offsets, aligned)), ra)
        if best is None or total < best[1]:
            best = (offsets, total)
    assert best is not None
    return best


_INT64_MAX = (1 << 63) - 1


def _place_iree(s: array, e: array, sizes: array, oa: int, ra: int) -> tuple[array, int]:
    """``fastalloc.packing.pack(s, e, sizes, alignment=oa, range_alignment=ra,
    strategy="iree")``'s offsets and total, without numpy: its checks that can
    fail here (valid lifetimes from 0, sizes >= 0, power-of-two alignments),
    in its order and words, then the kernel."""
    for name, a in (("alignment", oa), ("range_alignment", ra)):
        if a > 2**62:
            raise FastallocError(f"{name} must be a power of two in [1, 2**62], got {a}")
    n = len(sizes)
    if max(sizes) > _INT64_MAX - (ra - 1):
        i = next(i for i, z in enumerate(sizes) if z > _INT64_MAX - (ra - 1))
        raise FastallocError(f"buffer {i}: size {sizes[i]} rounded up to {ra} overflows int64")
    mask = ~(ra - 1)
    z = array("q", [(x + (ra - 1)) & mask for x in sizes])
    total = sum(z)
    if total > _INT64_MAX:
        raise FastallocError(f"the sum of the {n} sizes rounded up to {ra} is {total}, beyond int64")
    bound = total + n * (oa - 1) + (ra - 1)
    if bound > _INT64_MAX:
        raise FastallocError(f"the {n} sizes plus alignment padding may reach {bound} bytes, beyond int64")
    offsets, top = _iree_pack._pack_iree(s, e, z, oa)
    return offsets, _align(int(top), ra)


def _power_of_two(a: int) -> bool:
    return a > 0 and not a & (a - 1)


def _place_iree_literal(starts: list[int], ends: list[int], sizes: list[int], oa: int, ra: int) -> tuple[array, int]:
    """IREE's ``packStaticSlicesGreedily`` loop for loop, on any alignment
    (``Util::align``'s mask arithmetic: 0 aligns everything to 0, 3 clears
    bit 1) and any lifetimes (two slices intersect when each starts no
    later than the other ends, end < start included).  Quadratic: only
    the degenerate packs the kernels reject come here."""
    n = len(sizes)
    # (int64 as IREE keeps them: a negative size aligns to a negative or zero size)
    aligned = [_signed64(align_up(z, ra)) for z in sizes]
    offsets = [0] * n
    order: list[int] = []  # reservations sorted by offset, newest first among equal ones
    for i in range(n):
        cur = 0
        best = None
        fit = None
        for r in order:
            if not (ends[r] >= starts[i] and ends[i] >= starts[r]):
                continue
            a = align_up(cur, oa)
            if a + aligned[i] <= offsets[r] and (fit is None or offsets[r] - a < fit):
                best, fit = a, offsets[r] - cur
            cur = max(cur, offsets[r] + aligned[r])
        offsets[i] = align_up(cur, oa) if best is None else best
        j = 0
        while j < len(order) and offsets[order[j]] < offsets[i]:
            j += 1
        order.insert(j, i)
    high = max(0, max(o + z for o, z in zip(offsets, aligned)))  # (the high-water mark starts at 0)
    return array("q", offsets), _signed64(align_up(high, ra))


def _signed64(x: int) -> int:
    return x - (1 << 64) if x >= 1 << 63 else x


def static_lower_bound(starts: np.ndarray, ends: np.ndarray, sizes: np.ndarray, config: ResourceConfig) -> int:
    """Largest sum of range-aligned static sizes live at once, rounded up to
    the range alignment: no layout of these slices is smaller."""
    import numpy as np

    from fastalloc import packing

    if len(sizes) == 0:
        return 0
    s, e = _ranks(starts, ends)
    ra = config.range_alignment
    # (a negative static size, which iree-opt lays out, takes no room)
    return _align(int(packing.lower_bound(s, e, np.maximum(sizes, 0), alignment=ra)), ra)


# ---------------------------------------------------------------------------
# The builder that replays IREE's createOrFold sequence
# ---------------------------------------------------------------------------


class _Builder(IndexFolder):
    """Emits ops in front of one pack exactly as IREE's OpBuilder + IndexSet
    do: the folds are the rewriter's; ``index`` is the pack's ``IndexSet``,
    which memoizes the constants it hands out."""

    __slots__ = ("out", "index_set")

    def __init__(self, consts: dict, tmpls: dict | None = None) -> None:
        self.out: list[Op] = []
        super().__init__(self.out.append, consts, tmpls)
        self.index_set: dict[int, Value] = {}

    def index(self, c: int) -> Value:
        v = self.index_set.get(c)
        if v is None:
            v = self.index_set[c] = self.fresh_constant(c)
        return v


# ---------------------------------------------------------------------------
# Dynamic bins
# ---------------------------------------------------------------------------


class FirstFitBins:
    """First-fit assignment of inclusive intervals to bins, as IREE's
    ``packDynamicSlicesConservatively`` does per size bucket: each interval
    goes to the lowest-numbered bin none of whose intervals it intersects,
    else to a new bin.

    IREE tests every slice of every bin (O(n^2) per bucket).  Here a segment
    tree over the bucket's distinct time points keeps, per node, two bitsets
    of bins (Python ints): ``cover`` (a bin interval covers the whole node,
    set on the interval's canonical nodes) and ``below`` (a bin interval meets
    the node, set on canonical nodes and all their ancestors).  The bins an
    interval meets are ``below`` of its canonical nodes or'ed with ``cover``
    of their ancestors; the lowest zero bit is the bin.  O(log m) big-int
    operations per interval, each O(bins / 64) words.

    Pure Python equivalent::

        bins = []
        for s, e in intervals:
            b = next((i for i, members in enumerate(bins)
                      if all(e < s2 or e2 < s for s2, e2 in members)), len(bins))
            if b == len(bins):
                bins.append([])
            bins[b].append((s, e))
    """

    __slots__ = ("rank", "size", "cover", "below", "count")

    def __init__(self, points: Iterable[int]) -> None:
        coords = sorted(set(points))
        self.rank = {c: i for i, c in enumerate(coords)}
        self.size = 1 << max(0, (len(coords) - 1).bit_length())
        self.cover = [0] * (2 * self.size)
        self.below = [0] * (2 * self.size)
        self.count = 0

    def _canonical(self, s: int, e: int) -> list[int]:
        lo = self.rank[s] + self.size
        hi = self.rank[e] + self.size + 1
        nodes = []
        while lo < hi:
            if lo & 1:
                nodes.append(lo)
                lo += 1
            if hi & 1:
                hi -= 1
                nodes.append(hi)
            lo >>= 1
            hi >>= 1
        return nodes

    @staticmethod
    def _ancestors(nodes: list[int]) -> list[int]:
        seen: set[int] = set()
        out = []
        for n in nodes:
            x = n >> 1
            while x and x not in seen:
                seen.add(x)
                out.append(x)
                x >>= 1
        return out

    def place(self, s: int, e: int) -> int:
        """Bin of ``[s, e]`` (``s``, ``e`` among the points given); bins are
        numbered from 0 in order of creation."""
        if e < s:
            raise ValueError(f"interval [{s}, {e}] has end < start")
        canon = self._canonical(s, e)
        ancestors = self._ancestors(canon)
        cover, below = self.cover, self.below
        blocked = 0
        for n in canon:
            blocked |= below[n]
        for n in ancestors:
            blocked |= cover[n]
        b = (~blocked & (blocked + 1)).bit_length() - 1
        if b == self.count:
            self.count += 1
        bit = 1 << b
        for n in canon:
            cover[n] |= bit
            below[n] |= bit
        for n in ancestors:
            below[n] |= bit
        return b


class LiteralBins:
    """:class:`FirstFitBins` by IREE's own quadratic test, for a bucket with
    a lifetime whose end is before its start (iree-opt accepts them: two
    slices intersect when each starts no later than the other ends)."""

    __slots__ = ("placed", "count")

    def __init__(self) -> None:
        self.placed: list[tuple[int, int, int]] = []
        self.count = 0

    def place(self, s: int, e: int) -> int:
        blocked = {b for (s2, e2, b) in self.placed if s2 <= e and s <= e2}
        b = 0
        while b in blocked:
            b += 1
        self.count = max(self.count, b + 1)
        self.placed.append((s, e, b))
        return b


# ---------------------------------------------------------------------------
# The pass
# ---------------------------------------------------------------------------


class _Run(Record):
    """What one run of the pass uses for every pack."""

    __slots__ = _fields = ("default", "strategy", "effort", "consts", "attrs", "native", "tmpls")
    default: ResourceConfig  # where no stream.resources config applies
    strategy: str  # packer spec of the static slices ("search:S" included)
    effort: int | None  # packer effort (None: the packer's default)
    consts: dict  # constant_int per value (IndexFolder.consts)
    attrs: AttrTable  # the module's attribute aliases
    native: bool  # the compiled loops (False: the Python reference)
    tmpls: dict  # the run's arith.constant templates by value (rewriter.index_constant_tmpl)

    def __init__(self, default: ResourceConfig, strategy: str, effort: int | None, consts: dict, attrs: AttrTable,
                 native: bool = True) -> None:
        self.default = default
        self.strategy = strategy
        self.effort = effort
        self.consts = consts
        self.attrs = attrs
        self.native = native
        self.tmpls = {}


def _lower_pack(op: Op, run: _Run) -> list[Op]:
    """Rewrite uses of ``op``'s results; return the ops that replace it
    (``run.native``: the per-slice loops in compiled code,
    :mod:`fastalloc.passes._layout`; else this module's Python, the
    reference they are tested against)."""
    config = lookup_resource_config(op, run.default, run.attrs)
    consts = run.consts
    native = run.native
    ps = _read_pack(op, consts, native)
    b: Any = _layout.Folder(consts, op, None, run.tmpls) if native else _Builder(consts, run.tmpls)
    oa, ra = config.offset_alignment, config.range_alignment
    results = op.results
    offsets_out = results[1:]

    offset = ps.offset if ps.offset is not None else b.index(0)
    n = len(ps.sizes)
    static_idx = list(compress(range(n), ps.static_mask))
    if static_idx:
        if len(static_idx) == n:
            st_s, st_e, st_z = ps.starts, ps.ends, ps.static_sizes
        else:
            st_s, st_e, st_z = (array("q", map(a.__getitem__, static_idx))
                                for a in (ps.starts, ps.ends, ps.static_sizes))
        try:
            extra = {"effort": run.effort} if run.effort is not None else {}
            placed, high = place_static(st_s, st_e, st_z, config, run.strategy, **extra)
        except FastallocError as err:
            # The location is only computed on error (it costs a line table).
            raise FastallocError(err.message, err.loc or op_location(op)) from None
        base = offset
        if native:
            _layout.replace_static(b, results, base, array("q", static_idx), placed)
        else:
            for k, off in zip(static_idx, placed):
                offsets_out[k].replace_all_uses_with(b.add(base, b.index(off)))
        offset = b.add(base, b.index(high))

    dyn_idx = [k for k in range(n) if not ps.static_mask[k]] if len(static_idx) < n else []
    if dyn_idx:
        buckets: dict[Value, list[int]] = {}
        sizes = ps.sizes
        for k in dyn_idx:
            buckets.setdefault(sizes[k], []).append(k)
        starts = ps.starts.tolist()
        ends = ps.ends.tolist()
        for size, members in buckets.items():
            literal = not all(starts[k] <= ends[k] for k in members)
            if native:
                offset = _layout.place_dynamic(b, results, sizes, members, starts, ends, offset, oa, ra, literal,
                                               LiteralBins)
                continue
            slice_size = b.align(size, ra)
            bin_offsets: list[Value] = []
            bins: FirstFitBins | LiteralBins = LiteralBins() if literal else FirstFitBins(
                [starts[k] for k in members] + [ends[k] for k in members])
            for k in members:
                j = bins.place(starts[k], ends[k])
                if j == len(bin_offsets):
                    bin_offsets.append(offset)
                    offset = b.align(b.add(offset, slice_size), oa)
                offsets_out[k].replace_all_uses_with(bin_offsets[j])
        offset = b.align(offset, ra)

    results[0].replace_all_uses_with(offset)
    if not native:
        # IREE builds every op (folded constants included) at the pack's location.
        for o in b.out:
            o.copy_loc_from(op)
    return b.out


def _strategy_options(strategy: str) -> tuple[str, dict[str, Any]]:
    """``"search:S"`` -> ``("search", {"time_limit": S})``; other names as they are."""
    if not strategy.startswith(SEARCH_PREFIX):
        return strategy, {}
    text = strategy[len(SEARCH_PREFIX):]
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < 1e9:
        raise FastallocError(f"pack strategy {strategy!r}: the search time limit must be seconds >= 0, got {text!r}")
    return "search", {"time_limit": seconds}


def _check_strategy(strategy: str) -> None:
    strategy = _strategy_options(strategy)[0]
    if strategy in ("iree", SMALLEST):
        return  # (the default needs no numpy: fastalloc.packing is not imported)
    from fastalloc import packing

    if strategy not in packing.STRATEGIES:
        known = ", ".join([*packing.STRATEGIES, SMALLEST])
        raise FastallocError(f"unknown pack strategy {strategy!r}; expected one of {known}")


def _callables(module: Module, anchors: tuple[str, ...]) -> list[Op]:
    return [op for op in module.body.ops if op.name in anchors and op._regions and op._regions[0].blocks]


def collect_packs(module: Module, anchors: tuple[str, ...] = DEFAULT_ANCHORS) -> list[tuple[Op, Op]]:
    """``(callable op, pack op)`` for every pack the pass visits, in its order."""
    found: list[tuple[Op, Op]] = []

    def visit(fn: Op, block: Block) -> None:
        for op in block.ops:
            for r in op._regions:
                for blk in r.blocks:
                    visit(fn, blk)
            if op.name == _PACK:
                found.append((fn, op))

    for fn in _callables(module, anchors):
        for r in fn._regions:
            for blk in r.blocks:
                visit(fn, blk)
    return found


def _rewrite_blocks(blocks: list[Block], run: _Run) -> None:
    """Lower every pack in ``blocks`` and the blocks nested in them: each
    pack in walk order (a block's nested blocks before its later ops), each
    block's op list rebuilt once its packs are done (the walk is compiled:
    :func:`fastalloc.passes._layout.pack_walk`)."""
    lowered: dict[Op, list[Op]] = {}
    for x in _layout.pack_walk(blocks, _PACK):
        if type(x) is Op:
            lowered[x] = _lower_pack(x, run)
            drop_uses(x)  # its own operands' uses; nested ops have none
            x.parent = None
        else:
            splice(x, lowered)


class LayoutSlices:
    """The pass object of the registry (see :mod:`fastalloc.passes`).
    Options read: ``pack_strategy``, ``pack_time_limit``, ``effort``,
    ``default_alignment``, ``anchors``."""

    name = "layout-slices"
    summary = "Lays out packed slices and produces arithmetic required for all offsets."
    analysis = False

    def run(self, module: Module, options: PassOptions, context: PassContext) -> None:
        a = DEFAULT_ALIGNMENT if options.default_alignment is None else _check_alignment(
            options.default_alignment, "default_alignment")
        strategy = options.strategy_spec
        _check_strategy(strategy)
        run = _Run(ResourceConfig(a, a), strategy, options.effort, {}, context.attributes(module), _NATIVE)
        anchors = DEFAULT_ANCHORS if options.anchors is None else tuple(options.anchors)
        with gc_paused():  # see fastalloc._gc
            _rewrite_blocks([blk for fn in _callables(module, anchors) for r in fn._regions for blk in r.blocks], run)
            module.release_unreachable()  # the packs, before the next stage allocates


def layout_slices(
    module: Module,
    strategy: str = "iree",
    *,
    default_alignment: int | None = None,
    resource_min_offset_alignment: int | None = None,
    anchors: tuple[str, ...] = DEFAULT_ANCHORS,
) -> Module:
    """Lower every ``stream.resource.pack`` in ``module`` (in place; returned).

    ``strategy`` picks the packer of the static slices (``"iree"``: IREE's
    greedy packing, identical output to iree-opt; ``"best-fit"`` or any other
    strategy of :func:`fastalloc.packing.pack`; ``"smallest"``: all of them,
    the smallest slab per pack).  ``default_alignment`` (alias
    ``resource_min_offset_alignment``, like
    ``--iree-stream-resource-min-offset-alignment``) is the offset and range
    alignment where no ``stream.resources`` config applies (64).  ``anchors``
    are the callable ops whose bodies are rewritten (top-level
    ``util.initializer``, ``util.func`` and ``func.func``, as in IREE's
    pipeline).
    """
    options = PassOptions.from_kwargs({
        "pack_strategy": strategy,
        "default_alignment": default_alignment,
        "resource_min_offset_alignment": resource_min_offset_alignment,
        "anchors": tuple(anchors),
    })
    PASS.run(module, options, PassContext())
    return module


PASS = register(LayoutSlices())
