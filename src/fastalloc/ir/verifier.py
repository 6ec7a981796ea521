"""Verifier: the checks iree-opt makes after parsing, for what fastalloc reads.

:func:`fastalloc.ir.parse` runs :func:`verify` on every module it returns, as
iree-opt verifies before any pass: a module the passes see is well formed in
every respect they rely on, so that a bad input is a located
:class:`~fastalloc.errors.FastallocError` worded like iree-opt's diagnostic
instead of a crash, a traceback or a wrong plan.

Checked (op facts come from the registry, :mod:`fastalloc.ir.ops`):

* structure: the regions of stream region ops have one non-empty block that
  ends in ``stream.yield`` (async regions), function bodies are not empty;
  the operand count of a known op agrees with its segment sizes;
* ``stream.yield`` in an async region yields as many values as the region op
  has resource results, of the same types;
* explicit captures: a resource used inside an execution region is one of
  its captures or made inside it;
* dominance: an operand defined in the same block (or an enclosing one) is
  defined before the op that uses it;
* symbols: no two top-level ops define the same symbol name;
* integer literals: ``arith.constant`` values fit their type as MLIR's
  parser requires, and the integer-list properties (tied operands, pack
  lifetimes) fit ``index``;
* the stream ops' invariants the passes rely on: tied-operand indices name a
  resource operand, pack lifetimes come in pairs.

The walk is iterative: nesting depth is bounded by the parser only.
"""

from __future__ import annotations

import re

from fastalloc.errors import FastallocError
from fastalloc.ir.model import Block, Module, Op, Value

__all__ = ["verify"]

# Ops whose single-block region ends in `stream.yield` of their resource results.
_ASYNC_REGION_OPS = frozenset({"stream.async.execute", "stream.async.concurrent"})
# Ops whose region takes resources only through explicit captures (`with(...)`).
_CAPTURING_OPS = frozenset({"stream.async.execute", "stream.async.concurrent", "stream.cmd.execute"})
# Ops whose region must not be empty (a function body needs its terminator).
_FUNC_OPS = frozenset({"util.func", "func.func", "util.initializer", "stream.async.func", "stream.cmd.func"})
# Top-level ops that define a symbol (the first `@name` of the op).
_SYMBOL_OPS = frozenset({
    "util.func", "func.func", "util.global", "stream.executable", "stream.async.func", "stream.cmd.func",
    "hal.executable", "util.initializer_symbol", "flow.executable", "ml_program.global", "memref.global",
})
_SYMBOL = re.compile(r'@("(?:[^"\\]|\\.)*"|[\w$.\-]+)')
_CONSTANT = re.compile(r"arith\.constant\s+(-?)\s*(0x[0-9a-fA-F]+|\d+)\s*:\s*(index|[su]?i\d+)\s*$")
_INDEX_MIN = -(1 << 63)
_INDEX_MAX = (1 << 63) - 1
_INT_LIST_PROPS = ("tied_operands", "lifetime_intervals")


def _err(op: Op, msg: str) -> FastallocError:
    from fastalloc._guard import op_location

    return FastallocError(f"'{op.name}' op {msg}", op_location(op))


def verify(module: Module) -> None:
    """Raise a located FastallocError at the first op that breaks a rule above."""
    _check_symbols(module)
    # (block, position of each of its ops) computed on demand for dominance.
    positions: dict[int, int] = {}
    stack: list[Op] = list(reversed(module.body.ops))
    for k, op in enumerate(module.body.ops):
        positions[id(op)] = k
    while stack:
        op = stack.pop()
        _check_op(op, positions)
        regions = op._regions
        if regions:
            for region in reversed(regions):
                for block in reversed(region.blocks):
                    ops = block.ops
                    for k, inner in enumerate(ops):
                        positions[id(inner)] = k
                    stack.extend(reversed(ops))


def _check_symbols(module: Module) -> None:
    seen: dict[str, Op] = {}
    for op in module.body.ops:
        if op.name not in _SYMBOL_OPS or op.tmpl is None:
            continue
        head = op.tmpl[0] if op.tmpl and isinstance(op.tmpl[0], str) else ""
        m = _SYMBOL.search(head)
        if m is None:
            continue
        name = m.group(1)
        if name.startswith('"'):
            name = name[1:-1]
        if name in seen:
            from fastalloc._guard import op_location

            raise FastallocError(f"redefinition of symbol named '{name}'", op_location(op))
        seen[name] = op


def _check_op(op: Op, positions: dict[int, int]) -> None:
    name = op.name
    opdef = op.opdef
    if opdef is not None:
        segs = op.segments
        if segs is not None and (len(segs) != len(opdef.segment_names) or sum(segs) != len(op.operands)):
            raise _err(op, f"operand segment sizes {list(segs)} do not match its {len(op.operands)} operands")
        _check_props(op)
        if name in _ASYNC_REGION_OPS:
            _check_async_region(op)
        elif opdef.num_regions and op._regions:
            for region in op._regions:
                if not region.blocks:
                    raise _err(op, "expects a non-empty block")
    elif name in _FUNC_OPS and op._regions:
        for region in op._regions:
            if not region.blocks or not region.blocks[0].ops:
                raise FastallocError(f"custom op '{name}' expected non-empty function body", _loc(op))
    elif name == "arith.constant" and op.tmpl is not None:
        _check_constant(op)
    if op.operands:
        _check_operands(op, positions)


def _loc(op: Op):
    from fastalloc._guard import op_location

    return op_location(op)


def _check_props(op: Op) -> None:
    props = op._props
    if not props:
        return
    for key in _INT_LIST_PROPS:
        vals = props.get(key)
        if vals is None or not isinstance(vals, list):
            continue
        for v in vals:
            if not isinstance(v, int) or not _INDEX_MIN <= v <= _INDEX_MAX:
                raise _err(op, f"{key}: integer constant out of range for attribute: {v}")
    tied = props.get("tied_operands")
    if isinstance(tied, list) and op.opdef is not None and "resource_operands" in op.opdef.segment_index:
        n = len(op.group("resource_operands"))
        for k, t in enumerate(tied):
            if t < -1 or t >= n:
                raise _err(op, f"result #{k} is tied to operand #{t}, but there are {n} resource operands")
    life = props.get("lifetime_intervals")
    if isinstance(life, list) and op.name == "stream.resource.pack":
        if len(life) % 2:
            raise _err(op, f"lifetime_intervals has an odd number of entries ({len(life)}): expected start/end pairs")
        n = len(life) // 2
        if len(op.results) != n + 1:
            raise _err(op, f"has {n} lifetime intervals but {len(op.results) - 1} slice results")


def _check_async_region(op: Op) -> None:
    regions = op._regions
    if len(regions) != 1 or len(regions[0].blocks) != 1:
        raise _err(op, "expects a region with exactly one block")
    block = regions[0].blocks[0]
    if not block.ops:
        raise _err(op, "expects a non-empty block")
    term = block.ops[-1]
    if term.name != "stream.yield":
        # iree-opt: "block with no terminator, has <the last op>", at that op
        raise FastallocError(f"block with no terminator, has '{term.name}' (the region of '{op.name}' "
                             "must end in 'stream.yield')", _loc(term))
    for inner in block.ops[:-1]:
        if inner.name == "stream.yield":
            raise _err(inner, "must be the last operation in the parent block")
    results = op.results
    if op.name == "stream.async.execute":
        results = results[:-1]  # the timepoint
    yielded = term.group("resource_operands")
    if len(yielded) != len(results):
        raise _err(term, "yield result count mismatch with parent op")
    for k, (v, r) in enumerate(zip(yielded, results)):
        if v.type and r.type and v.type != r.type:
            raise _err(term, f"operand #{k} of type '{v.type}' does not match the parent op's result type '{r.type}'")


def _bits(ty: str) -> tuple[int, bool]:
    """(width, signed-only) of an integer type spelling."""
    if ty == "index":
        return 64, True
    if ty[0] == "s":
        return int(ty[2:]), True
    if ty[0] == "u":
        return int(ty[2:]), False
    return int(ty[1:]), False


def _check_constant(op: Op) -> None:
    text = "".join(x for x in op.tmpl if isinstance(x, str))
    m = _CONSTANT.match(text.strip())
    if m is None:
        return
    neg, digits, ty = m.groups()
    width, signed = _bits(ty)
    if width == 0 or width > 1 << 16:
        return
    value = int(digits, 16) if digits.startswith("0x") else int(digits)
    if neg:
        ok = value <= 1 << (width - 1) if width > 1 else value <= 1
    elif signed:
        ok = value < 1 << (width - 1)
    else:
        ok = value < 1 << width
    if not ok:
        raise FastallocError("integer constant out of range for attribute", _loc(op))


def _ancestor_in(op: Op, block: Block) -> Op | None:
    """The ancestor of ``op`` (or ``op``) whose parent is ``block``."""
    cur: Op | None = op
    while cur is not None:
        parent = cur.parent
        if parent is block:
            return cur
        region = getattr(parent, "parent", None)
        owner = getattr(region, "parent", None)
        cur = owner if isinstance(owner, Op) else None
    return None


def _capturing_ancestor(op: Op) -> Op | None:
    cur = op
    while True:
        region = getattr(cur.parent, "parent", None)
        owner = getattr(region, "parent", None)
        if not isinstance(owner, Op):
            return None
        if owner.name in _CAPTURING_OPS:
            return owner
        cur = owner


def _defined_inside(v: Value, region_op: Op) -> bool:
    owner = v.owner
    block = owner if isinstance(owner, Block) else getattr(owner, "parent", None)
    while block is not None:
        region = block.parent
        rop = getattr(region, "parent", None)
        if rop is region_op:
            return True
        if not isinstance(rop, Op):
            return False
        block = rop.parent
    return False


def _check_operands(op: Op, positions: dict[int, int]) -> None:
    capt: Op | None | bool = False
    for k, v in enumerate(op.operands):
        owner = v.owner
        if isinstance(owner, Op):
            block = owner.parent
            if block is not None:
                anc = _ancestor_in(op, block)
                if anc is not None and (anc is owner or positions.get(id(anc), 0) < positions.get(id(owner), 0)):
                    raise _err(op, f"operand #{k} does not dominate this use")
        if v.type.startswith("!stream.resource<"):
            if capt is False:
                capt = _capturing_ancestor(op)
            if capt is not None and not _defined_inside(v, capt):  # type: ignore[arg-type]
                raise _err(op, "used resource not listed in explicit captures (or produced internally)")
