"""The one rewriter of the passes: op creation, insertion, use replacement,
erasure, and the folds ``createOrFold`` applies to the index arithmetic the
passes build.

Every pass creates and moves ops through these functions (over the model's
public API, :mod:`fastalloc.ir.model`), so that how the model keeps its use
lists is decided in one place:

* :func:`create`: a detached op of a registered kind (``Op.create`` checks
  its arguments; with a flat operand list and one size per segment the
  trusted path :data:`build_op` is taken: passes build tens of thousands of
  command ops per region);  :func:`text_op`: an op the front end does not
  interpret (``arith.constant``, ``arith.addi``, ``util.align``), kept as a
  template like the parser keeps them;
* :func:`insert_before`, :func:`replace_op`, :func:`splice` (the batched
  insertion: a whole block rebuilt in one pass), :func:`erase`;
* uses: :func:`replace_all_uses`, :func:`move_uses`, :func:`drop_uses`
  (the model keeps every use list exact at all times: these are its
  methods under the passes' names);
* :class:`IndexFolder`: ``createOrFold<arith::AddIOp>`` and
  ``createOrFold<IREE::Util::AlignOp>`` on ``index`` values, and
  :func:`constant_int` (``m_ConstantInt``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from fastalloc._lazyre import lazy_compile
from fastalloc.ir import model as _model
from fastalloc.ir.attributes import parse_int
from fastalloc.ir.model import Block, Op, Value
from fastalloc.ir.ops import OPS

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "IndexFolder",
    "build_op",
    "build_text_op",
    "constant_int",
    "create",
    "drop_uses",
    "erase",
    "index_constant",
    "index_constant_tmpl",
    "insert_before",
    "morph",
    "move_uses",
    "replace_all_uses",
    "replace_op",
    "splice",
    "text_op",
]

_I64_MASK = (1 << 64) - 1

#: ``build_op(name, opdef, operands, segments, loc_from)``: the trusted
#: constructor (a detached registered op without results or regions;
#: operands and segments must agree with ``opdef`` and are taken over).
#: For the hot loops of the conversion; everything else calls :func:`create`.
build_op = Op._build
#: ``build_text_op(name, tmpl, operands, result_type, loc_from)``: the trusted
#: constructor of an uninterpreted op (:func:`text_op` without the copies;
#: ``operands`` taken over, ``tmpl`` shared and never written).  Compiled
#: passes cimport it from the model (``fastalloc.ir.model._new_text_op``).
build_text_op = _model._new_text_op


# ---------------------------------------------------------------------------
# Creation
# ---------------------------------------------------------------------------


def create(
    name: str,
    operands: Sequence[Value] = (),
    segments: list[int] | dict[str, list[Value]] | None = None,
    loc_from: Op | None = None,
    result_types: Sequence[str] = (),
    props: dict | None = None,
    attrs: dict | None = None,
    *,
    regions: Any = (),
    result_names: Iterable[str | None] | None = None,
) -> Op:
    """A detached op of the registered kind ``name`` located at ``loc_from``.

    ``segments``: one size per ODS segment (``operands`` is then the flat
    ODS-ordered list, taken over with ``props`` and ``attrs``: nothing is
    checked), or ``{segment: [values]}`` (``operands`` empty; checked, as are
    ``regions``).  ``result_names``: the results' name hints (None: none).
    Every operand gets its use, in operand order.
    """
    if isinstance(segments, list) and not regions:
        op = build_op(name, OPS[name], operands, segments, loc_from)
        if result_types:
            op.results = _model._new_values(result_types, op)
            if result_names is not None:
                for v, hint in zip(op.results, result_names):
                    v.name_hint = hint
        # The private slots: the public properties' setters are a call each.
        if props:
            op._props = props
        if attrs:
            op._attrs = attrs
        return op
    op = Op.create(name, operands, segments, result_types, props, attrs, regions, result_names)
    if loc_from is not None:
        op.copy_loc_from(loc_from)
    return op


def text_op(name: str, tmpl: list, operands: Sequence[Value] = (), result_type: str | None = None) -> Op:
    """A detached op the front end does not interpret: ``tmpl`` is its text
    after the result list (str pieces and operand numbers, as the parser
    keeps such ops); one result of ``result_type`` if given."""
    return build_text_op(name, tmpl, list(operands), result_type)


def index_constant(n: int, tmpls: dict[int, list] | None = None) -> Op:
    """A detached ``arith.constant <n> : index`` (``tmpls``: see
    :func:`index_constant_tmpl`)."""
    return text_op("arith.constant", index_constant_tmpl(n, tmpls), (), "index")


def index_constant_tmpl(n: int, tmpls: dict[int, list] | None = None) -> list:
    """The template of ``arith.constant <n> : index``.  ``tmpls``, if given,
    is the caller's table of them by ``n`` (one per pass run: layout-slices
    makes a constant per static slice offset, most of them equal to others,
    and the ops of one value then share one list; templates are never
    written); without it each call makes a new list."""
    if tmpls is None or type(n) is not int:
        return [f"arith.constant {n} : index"]
    t = tmpls.get(n)
    if t is None:
        t = tmpls[n] = [f"arith.constant {n} : index"]
    return t


#: The template of ``<name> lhs, rhs : index`` per op name, one list shared by
#: every such op (templates are never written).  Pieces carry no spaces: the
#: printer puts them between a name, an operand and a type as MLIR does.
BINARY_INDEX_TMPL: dict[str, list] = {
    name: [name, 0, ",", 1, ": index"] for name in ("arith.addi", "util.align")
}


def _binary_index_op(name: str, lhs: Value, rhs: Value) -> Op:
    """A detached ``<name> lhs, rhs : index`` (``arith.addi``, ``util.align``)."""
    return build_text_op(name, BINARY_INDEX_TMPL[name], [lhs, rhs], "index")


# ---------------------------------------------------------------------------
# Insertion, replacement, erasure
# ---------------------------------------------------------------------------


def insert_before(anchor: Op, op: Op) -> Op:
    """Insert the detached ``op`` right before ``anchor``, with its location
    (O(len(block)): use :func:`splice` for many ops)."""
    op.copy_loc_from(anchor)
    assert anchor.parent is not None
    return anchor.parent.insert_before(anchor, op)


def replace_op(op: Op, new_op: Op) -> Op:
    """``new_op`` takes ``op``'s place and its results' uses; ``op`` is erased."""
    insert_before(op, new_op)
    for old, new in zip(op.results, new_op.results):
        old.replace_all_uses_with(new)
    op.erase()
    return new_op


def morph(op: Op, name: str) -> Op:
    """Turn ``op`` into a registered ``name`` op with the same operands and
    results, in place, without properties or attributes (for op pairs with
    the same operand lists: O(1) where replacing costs a search of the
    block)."""
    opdef = OPS[name]
    op.name = name
    op.opdef = opdef
    op.segments = opdef.infer_segments(len(op.operands))
    op.props = {}
    op.attrs = {}
    return op


def erase(op: Op) -> None:
    """Detach ``op`` and drop the uses it and its regions make (its results
    must be unused)."""
    op.erase()


def splice(block: Block, replacements: dict[Op, list[Op]]) -> None:
    """Replace each key op of ``block`` by its list of ops, in one pass over
    the block (the new ops are adopted and registered; the old ones are left
    as they are: detach them yourself)."""
    new_list: list[Op] = []
    for op in block.ops:
        r = replacements.get(op)
        if r is None:
            new_list.append(op)
        else:
            new_list.extend(r)
    block.set_ops(new_list)


# ---------------------------------------------------------------------------
# Uses
# ---------------------------------------------------------------------------


def replace_all_uses(old: Value, new: Value) -> list[tuple[Op, int]]:
    """Point every use of ``old`` at ``new``; returns the moved uses."""
    if old is new:
        return []
    moved = list(old.uses)
    old.replace_all_uses_with(new)
    return moved


def move_uses(uses: list[tuple[Op, int]], old: Value, new: Value) -> None:
    """Point the given uses of ``old`` at ``new``."""
    _model.move_uses(uses, old, new)


def drop_uses(op: Op, operands: list[Value] | None = None) -> None:
    """Remove ``op``'s uses ``(op, i)`` of ``operands`` (default: its operands)
    from their use lists (not those of ops nested in it)."""
    if operands is None:
        _model._unlink_all(op)
        return
    for i, v in enumerate(operands):
        _model._drop_use(v, op, i)


# ---------------------------------------------------------------------------
# Constants and the folds of createOrFold
# ---------------------------------------------------------------------------

_PRETTY_CONST = lazy_compile(r"arith\.constant\s+(-?(?:0x[0-9a-fA-F]+|\d+))\s*:\s*(index|i\d+)\s*$")
_GENERIC_CONST = lazy_compile(r"value\s*=\s*(-?(?:0x[0-9a-fA-F]+|\d+))\s*:\s*(index|i\d+)")
_TYPED_INT = lazy_compile(r"^\s*(-?(?:0x[0-9a-fA-F]+|\d+))\s*:\s*(index|i\d+)\s*$")


def constant_int(value: Value) -> int | None:
    """The integer held by ``value`` if it is an integer ``arith.constant``
    (``index`` or ``iN``, decimal or hex), else None (MLIR's ``m_ConstantInt``)."""
    op = value.owner
    if op is None or getattr(op, "name", None) != "arith.constant":
        return None
    props = op._props  # read-only: op.props would give an op without any a dict
    text = props.get("value") if props else None
    if isinstance(text, str):
        return parse_int(text) if _TYPED_INT.match(text) else None
    tmpl = getattr(op, "tmpl", None)
    if tmpl:
        if len(tmpl) == 1 and isinstance(tmpl[0], str):
            # The parser's form of nearly every constant, read without the
            # patterns (_PRETTY_CONST matches it and reads the same number).
            text = tmpl[0].strip()
            head, _, num = text.partition(" ")
            num, sep, typ = num.partition(" : ")
            if head == "arith.constant" and sep and typ == "index" and num.isdecimal():
                return int(num)
        text = "".join(p for p in tmpl if isinstance(p, str)).strip()
        m = _PRETTY_CONST.search(text) or _TYPED_INT.match(text) or _GENERIC_CONST.search(text)
        if m:
            return parse_int(m.group(1))
    return None


def wrap64(x: int) -> int:
    """``x`` as a two's complement int64 (index arithmetic wraps)."""
    x &= _I64_MASK
    return x - (1 << 64) if x >> 63 else x


def align_up(x: int, a: int) -> int:
    """IREE's ``Util::align`` on uint64 (power-of-two ``a``)."""
    return ((x + (a - 1)) & ~(a - 1)) & _I64_MASK


_UNSEEN = object()


class IndexFolder:
    """``OpBuilder::createOrFold`` of ``arith.addi`` and ``util.align`` on
    ``index`` values, as IREE's builders apply it.

    Every op it creates goes to ``emit``, in creation order (the caller
    decides where they go).  ``consts`` caches ``constant_int`` per value
    (shared with whoever passes it in; a compiled caller may read it).

    * ``add``: ``x + 0 -> x``, ``(a - b) + b -> a``, ``b + (a - b) -> a``,
      ``c1 + c2 ->`` a fresh constant (the builder materializes one per
      fold); otherwise a constant left operand moves to the right (the
      commutative in-place fold) and the folds are tried again, e.g.
      ``0 + x -> x`` and ``addi(%c16, %x)`` is built as ``arith.addi %x, %c16``.
    * ``align``: a fresh alignment constant first (its builder makes one),
      then the operand itself when ``isAlignedTo`` proves it, a fresh
      constant when the operand is constant, else a ``util.align``.
    """

    __slots__ = ("emit", "consts", "tmpls", "_aligned")

    def __init__(self, emit: Callable[[Op], None], consts: dict[Value, int | None] | None = None,
                 tmpls: dict[int, list] | None = None) -> None:
        self.emit = emit
        self.consts: dict[Value, int | None] = {} if consts is None else consts
        #: the constants' templates by value (index_constant_tmpl), shared over the run when given
        self.tmpls: dict[int, list] = {} if tmpls is None else tmpls
        self._aligned: dict[tuple[Value, int], bool] = {}

    def constant(self, v: Value) -> int | None:
        """``constant_int(v)``, cached."""
        consts = self.consts
        c = consts.get(v, _UNSEEN)
        if c is _UNSEEN:
            c = consts[v] = constant_int(v)
        return c

    def fresh_constant(self, c: int) -> Value:
        """A new ``arith.constant c : index`` (emitted)."""
        op = index_constant(c, self.tmpls)
        self.emit(op)
        v = op.results[0]
        self.consts[v] = c
        return v

    def _emit_binary(self, name: str, lhs: Value, rhs: Value) -> Value:
        op = _binary_index_op(name, lhs, rhs)
        self.emit(op)
        v = op.results[0]
        self.consts[v] = None
        return v

    # -- createOrFold<arith.addi> -------------------------------------------
    def _fold_add(self, a: Value, b: Value, ca: int | None, cb: int | None) -> Value | None:
        if cb == 0:
            return a
        da = a.owner
        if getattr(da, "name", None) == "arith.subi" and len(da.operands) == 2 and da.operands[1] is b:
            return da.operands[0]
        db = b.owner
        if getattr(db, "name", None) == "arith.subi" and len(db.operands) == 2 and db.operands[1] is a:
            return db.operands[0]
        if ca is not None and cb is not None:
            return self.fresh_constant(wrap64(ca + cb))
        return None

    def add(self, a: Value, b: Value) -> Value:
        """``createOrFold<arith::AddIOp>(a, b)``."""
        ca, cb = self.constant(a), self.constant(b)
        r = self._fold_add(a, b, ca, cb)
        if r is not None:
            return r
        if ca is not None and cb is None:
            a, b, ca, cb = b, a, cb, ca
            r = self._fold_add(a, b, ca, cb)
            if r is not None:
                return r
        return self._emit_binary("arith.addi", a, b)

    # -- createOrFold<util.align>(value, int64 alignment) --------------------
    def aligned_to(self, v: Value, a: int) -> bool:
        """``isAlignedTo`` of IREE's UtilOpFolders for a static alignment ``a``."""
        key = (v, a)
        memo = self._aligned
        r = memo.get(key)
        if r is None:
            r = memo[key] = self._aligned_to(v, a)
        return r

    def _aligned_to(self, v: Value, a: int) -> bool:
        c = self.constant(v)
        if c is not None and a != 0 and (c & _I64_MASK) % a == 0:
            return True
        op = v.owner
        if not isinstance(op, Op):
            return False
        name = op.name
        if name == "util.align" and len(op.operands) == 2:
            sa = self.constant(op.operands[1])
            if sa is not None:
                sa &= _I64_MASK
                if sa >= a and math.gcd(sa, a) == a:
                    return True
            return self.aligned_to(op.operands[0], a)
        if len(op.operands) != 2:
            return False
        if name in ("arith.addi", "arith.subi"):
            return self.aligned_to(op.operands[0], a) and self.aligned_to(op.operands[1], a)
        if name == "arith.muli":
            return self.aligned_to(op.operands[0], a) or self.aligned_to(op.operands[1], a)
        return False

    def align(self, v: Value, a: int) -> Value:
        """``createOrFold<IREE::Util::AlignOp>(v, a)`` for a static ``a``."""
        alignment = self.fresh_constant(a)
        if self.aligned_to(v, a):
            return v
        c = self.constant(v)
        if c is not None:
            return self.fresh_constant(wrap64(align_up(c & _I64_MASK, a)))
        return self._emit_binary("util.align", v, alignment)
