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
from fastalloc.ir.ops import INDEX_SEGMENTS, OPS

__all__ = ["verify"]

# Ops whose single-block region ends in `stream.yield` of their resource results.
_ASYNC_REGION_OPS = frozenset(name for name, d in OPS.items() if d.async_region)
# Ops whose region takes resources only through explicit captures (`with(...)`).
_CAPTURING_OPS = frozenset(name for name, d in OPS.items() if d.captures)
# Ops whose region must not be empty (a function body needs its terminator).
_FUNC_OPS = frozenset({"util.func", "func.func", "util.initializer", "stream.async.func", "stream.cmd.func"})
# Top-level ops that define a symbol (the first `@name` of the op).
_SYMBOL_OPS = frozenset({
    "util.func", "func.func", "util.global", "stream.executable", "stream.async.func", "stream.cmd.func",
    "hal.executable", "util.initializer_symbol", "flow.executable", "ml_program.global", "memref.global",
})
# Ops that end a block (the spellings fastalloc meets; `return` in a func.func).
_TERMINATORS = frozenset({
    "util.return", "util.unreachable", "func.return", "return", "cf.br", "cf.cond_br", "cf.switch", "scf.yield",
    "scf.condition", "stream.yield", "stream.return", "hal.return", "flow.return", "affine.yield", "linalg.yield",
    "tensor.yield", "vm.return", "vm.br", "vm.cond_br", "vm.fail", "llvm.return", "llvm.br", "llvm.cond_br",
    "llvm.unreachable", "gpu.return", "gpu.terminator", "gpu.yield",
})
# Ops whose regions are isolated from above (levels below count the isolated
# regions around an op in their high bits, the capturing ones in the low bits).
_ISOLATED_OPS = frozenset({"util.func", "func.func", "util.initializer", "stream.executable", "builtin.module",
                           "module", "stream.async.func", "stream.cmd.func", "hal.executable"})
_ISO_SHIFT = 20
_SUCCESSOR_OPS = frozenset({"cf.br", "cf.cond_br", "cf.switch", "vm.br", "vm.cond_br", "llvm.br", "llvm.cond_br"})
_SYMBOL = re.compile(r'@("(?:[^"\\]|\\.)*"|[\w$.\-]+)')
_CONSTANT = re.compile(r"arith\.constant\s+(-?)\s*(0x[0-9a-fA-F]+|\d+)\s*:\s*(index|[su]?i\d+)\s*$")
_GENERIC_CONSTANT = re.compile(r"\bvalue\s*=\s*(-?)\s*(0x[0-9a-fA-F]+|\d+)\s*:\s*(index|[su]?i\d+)\b")
_INDEX_MIN = -(1 << 63)
_INDEX_MAX = (1 << 63) - 1
_INT_LIST_PROPS = ("tied_operands", "lifetime_intervals")


def _err(op: Op, msg: str) -> FastallocError:
    from fastalloc._guard import op_location

    return FastallocError(f"'{op.name}' op {msg}", op_location(op))


def verify(module: Module) -> None:
    """Raise a located FastallocError at the first op that breaks a rule above."""
    _check_symbols(module)
    # Values that dominate the op being checked -> the capture level they were
    # defined at (the number of enclosing capturing region ops).
    visible: dict[Value, int] = {}
    # frames: [ops iterator, values this frame made visible, level, capturing op, op whose results come after]
    stack: list[list] = [[iter(module.body.ops), [], 0, None, None]]
    while stack:
        frame = stack[-1]
        op = next(frame[0], None)
        if op is None:
            for v in frame[1]:
                del visible[v]
            stack.pop()
            done = frame[4]
            if done is not None and stack:
                # the op's regions are checked: its results are visible after it
                outer = stack[-1]
                for r in done.results:
                    visible[r] = outer[2]
                    outer[1].append(r)
            continue
        level = frame[2]
        capt = frame[3]
        _check_op(op, capt)
        for k, v in enumerate(op.operands):
            lv = visible.get(v)
            if lv is None:
                _not_visible(op, k, v)
            elif lv < level:
                if lv >> _ISO_SHIFT != level >> _ISO_SHIFT:
                    raise _err(op, "using value defined outside the region")
                if capt is not None and v.type.startswith("!stream.resource<"):
                    raise _err(op, "used resource not listed in explicit captures (or produced internally)")
        regions = op._regions
        if not regions:
            for r in op.results:
                visible[r] = level
                frame[1].append(r)
            continue
        if op.name in _CAPTURING_OPS:
            inner_level, inner_capt = level + 1, op
        elif op.name in _ISOLATED_OPS:
            # a region isolated from above: nothing defined outside is visible in it
            inner_level, inner_capt = ((level >> _ISO_SHIFT) + 1) << _ISO_SHIFT, None
        else:
            inner_level, inner_capt = level, capt
        stack.append([iter(()), [], level, capt, op])  # adds the results once the regions are done
        for region in reversed(regions):
            for block in reversed(region.blocks):
                added = list(block.args)
                for a in added:
                    visible[a] = inner_level
                stack.append([iter(block.ops), added, inner_level, inner_capt, None])


def _not_visible(op: Op, k: int, v: Value) -> None:
    """``v`` (operand #k of ``op``) does not dominate ``op`` by the scoped walk:
    an error, unless it comes from another block of a CFG region."""
    owner = v.owner
    block = owner if isinstance(owner, Block) else getattr(owner, "parent", None)
    if block is None:
        return  # a detached value: nothing to check against
    anc = _ancestor_in(op, block)
    if anc is not None:
        raise _err(op, f"operand #{k} does not dominate this use")
    if not _in_sibling_block(op, block):
        raise _err(op, f"operand #{k} ('%{v.name_hint or v.id}') is not in scope here: "
                   "it is defined in another region")


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


def _check_op(op: Op, capt: Op | None) -> None:
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
    elif name in _FUNC_OPS and op._regions and not _generic(op):
        # (the generic form spells a declaration as an empty region)
        for region in op._regions:
            if not region.blocks or not region.blocks[0].ops:
                raise FastallocError(f"custom op '{name}' expected non-empty function body", _loc(op))
            for block in region.blocks:
                _check_terminated(block)
    elif name == "arith.constant" and op.tmpl is not None:
        _check_constant(op)
    elif name in _GLOBAL_ACCESS and op.tmpl is not None:
        _check_global_access(op)
    elif name in _PARENT_OP:
        _check_parent(op)
    if op.segments is not None and opdef is not None and op.operands:
        _check_segment_types(op)


# Ops that live only in one parent op (iree-opt's HasParent trait).
_PARENT_OP = {"stream.executable.export": "stream.executable"}


def _check_parent(op: Op) -> None:
    region = getattr(op.parent, "parent", None)
    owner = getattr(region, "parent", None)
    want = _PARENT_OP[op.name]
    if not isinstance(owner, Op) or owner.name != want:
        raise _err(op, f"expects parent op '{want}'")


_GLOBAL_ACCESS = frozenset({"util.global.load", "util.global.store"})
_GLOBAL_HEAD = re.compile(r"util\.global\s+(?:(?:public|private|nested)\s+)?(mutable\s+)?"
                          r'@("(?:[^"\\]|\\.)*"|[\w$.\-]+)\s*(?:\{.*\})?\s*([:=].*?)\s*$', re.S)
_ACCESS = re.compile(r'(immutable\s+)?@("(?:[^"\\]|\\.)*"|[\w$.\-]+)\s*:\s*(.+?)\s*$', re.S)
# (the top-level block, {global name: (mutable, type) or None for another symbol}) of the last module seen
_globals_cache: tuple = (None, {})


def _module_globals(op: Op) -> dict:
    global _globals_cache
    top = op.parent
    while top is not None and top.parent is not None and isinstance(top.parent.parent, Op):
        top = top.parent.parent.parent
    cached = _globals_cache
    if cached[0] is top and top is not None:
        return cached[1]
    out: dict = {}
    for g in (top.ops if top is not None else ()):
        head = g.tmpl[0] if g.tmpl and isinstance(g.tmpl[0], str) else ""
        if g.name == "util.global":
            m = _GLOBAL_HEAD.match(head.strip())
            if m is not None:
                out[m.group(2).strip('"')] = (bool(m.group(1)), _global_type(m.group(3)))
        elif g.name in _SYMBOL_OPS:
            m = _SYMBOL.search(head)
            if m is not None:
                out.setdefault(m.group(1).strip('"'), None)
    _globals_cache = (top, out)
    return out


def _global_type(text: str) -> str | None:
    """``T`` of a global's ``: T [= initial value]`` or ``= value : T``,
    without blanks (None: not known)."""
    depth = 0
    stop = "=" if text[0] == ":" else ":"
    cut = -1
    for k, c in enumerate(text):
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == stop and depth == 0 and k > 0:
            cut = k
            if stop == "=":
                break
    if text[0] == ":":
        return (text[1:cut] if cut > 0 else text[1:]).replace(" ", "")
    return text[cut + 1:].replace(" ", "") if cut > 0 else None


def _check_global_access(op: Op) -> None:
    """``util.global.load [immutable] @g : T`` / ``util.global.store %v, @g : T``:
    @g is a global of type T (and mutable for an immutable load: iree-opt's checks)."""
    text = "".join(x for x in op.tmpl if isinstance(x, str))
    m = _ACCESS.search(text)
    if m is None:
        return
    name = m.group(2).strip('"')
    known = _module_globals(op)
    if name not in known or known[name] is None:
        raise _err(op, f"undefined global: @{name}")
    mutable, ty = known[name]
    kind = "store" if op.name == "util.global.store" else "load"
    want = m.group(3).replace(" ", "")
    if ty is not None and want != ty:
        raise _err(op, f"global type mismatch; global \"{name}\" is '{ty}' but {kind} is '{m.group(3)}'")
    if m.group(1) and kind == "load" and mutable:
        raise _err(op, "is marked as immutable but the global is mutable")


def _check_terminated(block: Block) -> None:
    """A function body's block ends in a terminator, and only there."""
    ops = block.ops
    if not ops:
        return  # an empty block: the parser reports what iree-opt does
    last = ops[-1]
    if last.name not in _TERMINATORS:
        raise FastallocError(f"block with no terminator, has '{last.name}'", _loc(last))
    for inner in ops[:-1]:
        if inner.name in _TERMINATORS:
            if inner.name in _SUCCESSOR_OPS:
                raise FastallocError("operation with block successors must terminate its parent block", _loc(inner))
            raise _err(inner, "must be the last operation in the parent block")


def _generic(op: Op) -> bool:
    tmpl = op.tmpl
    return bool(tmpl) and isinstance(tmpl[0], str) and tmpl[0].lstrip().startswith('"')


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
    m = _CONSTANT.match(text.strip()) or _GENERIC_CONSTANT.search(text)
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


# Segments of resources and of timepoints (INDEX_SEGMENTS are index).
_RESOURCE_SEGMENTS = frozenset({"source", "target", "update", "operand"})
_TIMEPOINT_SEGMENTS = frozenset({"await_timepoint", "await_timepoints"})


# (op name, segment sizes) -> ((operand index, wanted type, segment name), ...)
_SEG_PLAN: dict[tuple, tuple] = {}


def _segment_plan(opdef, segs) -> tuple:
    """The operands of an op with these segment sizes whose type the registry
    fixes; computed once per shape, so that checking an op visits only them."""
    key = (opdef.name, tuple(segs))
    plan = _SEG_PLAN.get(key)
    if plan is None:
        out = []
        k = 0
        for seg, n in zip(opdef.segment_names, segs):
            want = ("index" if seg in INDEX_SEGMENTS else "!stream.timepoint" if seg in _TIMEPOINT_SEGMENTS
                    else "!stream.resource<" if seg in _RESOURCE_SEGMENTS else None)
            if want is not None:
                out.extend((j, want, seg) for j in range(k, k + n))
            k += n
        plan = _SEG_PLAN[key] = tuple(out)
    return plan


def _check_segment_types(op: Op) -> None:
    """Operand types the registry fixes: sizes, offsets, lengths are index;
    sources and targets resources; awaited values timepoints."""
    operands = op.operands
    for j, want, seg in _segment_plan(op.opdef, op.segments):
        v = operands[j]
        t = v.type
        if t != want and t and not (want[-1] == "<" and t.startswith(want)):
            raise _err(op, f"operand '%{v.name_hint or v.id}' ({seg}) must be "
                       f"{'a resource' if want[-1] == '<' else want}, but got '{t}'")


def _in_sibling_block(op: Op, block: Block) -> bool:
    """Is an ancestor of ``op`` in another block of ``block``'s region (a CFG
    region: dominance between its blocks is not checked here)?"""
    region = block.parent
    cur: Op | None = op
    while cur is not None:
        parent = cur.parent
        if parent is not None and parent.parent is region:
            return True
        r = getattr(parent, "parent", None)
        owner = getattr(r, "parent", None)
        cur = owner if isinstance(owner, Op) else None
    return False
