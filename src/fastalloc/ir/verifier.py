# cython: annotation_typing=False, boundscheck=True, wraparound=True, initializedcheck=True
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
from array import array

try:
    import cython

    _COMPILED = cython.compiled
except ImportError:  # pragma: no cover - Cython is a build dependency; the compiled module never imports it
    _COMPILED = False  # (and _id's compiled branch, the only reader of `cython`, is never taken)

from fastalloc._lazyre import lazy_compile
from fastalloc.errors import FastallocError
from fastalloc.ir.model import Block, Module, Op, SharedProps, Value
from fastalloc.ir.ops import INDEX_SEGMENTS, OPS, TEXT_OP_PARENTS

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
_CONSTANT = lazy_compile(r"arith\.constant\s+(-?)\s*(0x[0-9a-fA-F]+|\d+)\s*:\s*(index|[su]?i\d+)\s*$")
_GENERIC_CONSTANT = lazy_compile(r"\bvalue\s*=\s*(-?)\s*(0x[0-9a-fA-F]+|\d+)\s*:\s*(index|[su]?i\d+)\b")
_INDEX_MIN = -(1 << 63)
_INDEX_MAX = (1 << 63) - 1
_INT_LIST_PROPS = ("tied_operands", "lifetime_intervals")


def _err(op: Op, msg: str) -> FastallocError:
    from fastalloc._guard import op_location

    return FastallocError(f"'{op.name}' op {msg}", op_location(op))


class _Frame:
    """A block being walked: its ops and the position reached, the values it
    made visible (hidden again when it is done), its capture level and
    capturing op, and the op whose results become visible after it (set on
    the frame that stands for a region op's regions, whose ``ops`` is
    empty)."""

    def __init__(self, ops: list, added: list, level: int, capt: Op | None, done: Op | None) -> None:
        _frame_init(self, ops, added, level, capt, done)


def _frame(ops: list, added: list, level: int, capt: Op | None, done: Op | None) -> _Frame:
    """``_Frame(...)``; compiled, without the Python call of the type (its
    arguments boxed in a tuple and parsed back), one per region op."""
    f = _Frame.__new__(_Frame)
    _frame_init(f, ops, added, level, capt, done)
    return f


def _frame_init(f: _Frame, ops: list, added: list, level: int, capt: Op | None, done: Op | None) -> None:
    f.ops = ops
    f.pos = 0
    f.added = added
    f.level = level
    f.capt = capt
    f.done = done


def verify(module: Module) -> None:
    """Raise a located FastallocError at the first op that breaks a rule above."""
    _verify(module)


def _verify(module: Module) -> None:
    _check_symbols(module)
    # The values that dominate the op being checked, with the capture level
    # they were defined at (the number of enclosing capturing region ops):
    # levels[v.id] for the module's own values (-1: not visible; C integers,
    # compiled), a dict for any other (a value a pass has not registered).
    values = module.values
    nvalues = len(values)
    levels = array("q", [-1]) * nvalues
    others: dict[Value, int] = {}
    checked = _PropsSeen()  # SharedProps already checked (see _check_props)
    globs: dict = {}  # the globals of each top-level block met (see _module_globals)
    facts_of: dict = {}  # op name -> _OpFacts of its registered definition, this verify's
    # the same by the definition's address (see _facts): None or _OpFacts
    facts_at: list = [None] * _FACTS_SLOTS
    plain = None  # the last operand type found not to be a resource (types are shared)
    stack: list[_Frame] = [_frame(module.body.ops, [], 0, None, None)]
    while stack:
        frame = stack[-1]
        ops = frame.ops
        level = frame.level
        capt = frame.capt
        added = frame.added
        pushed = False
        while frame.pos < len(ops):
            op = ops[frame.pos]
            frame.pos += 1
            _check_op(op, capt, checked, globs, facts_of, facts_at)
            operands = op.operands
            for k in range(len(operands)):
                v = operands[k]
                i = v.id
                if 0 <= i < nvalues and values[i] is v:
                    lv = levels[i]
                else:
                    lv = others.get(v, -1)
                if lv < 0:
                    _not_visible(op, k, v)
                elif lv < level:
                    if lv >> _ISO_SHIFT != level >> _ISO_SHIFT:
                        raise _err(op, "using value defined outside the region")
                    if capt is not None and v.type is not plain:
                        if _is_resource_type(v.type):
                            raise _err(op, "used resource not listed in explicit captures (or produced internally)")
                        plain = v.type
            regions = op._regions
            if not regions:
                for r in op.results:
                    _show(r, level, values, nvalues, levels, others)
                    added.append(r)
                continue
            if op.name in _CAPTURING_OPS:
                inner_level, inner_capt = level + 1, op
            elif op.name in _ISOLATED_OPS:
                # a region isolated from above: nothing defined outside is visible in it
                inner_level, inner_capt = ((level >> _ISO_SHIFT) + 1) << _ISO_SHIFT, None
            else:
                inner_level, inner_capt = level, capt
            stack.append(_frame([], [], level, capt, op))  # adds the results once the regions are done
            for region in reversed(regions):
                for block in reversed(region.blocks):
                    block_args = list(block.args)
                    for a in block_args:
                        _show(a, inner_level, values, nvalues, levels, others)
                    stack.append(_frame(block.ops, block_args, inner_level, inner_capt, None))
            pushed = True
            break
        if pushed:
            continue
        for v in added:
            _show(v, -1, values, nvalues, levels, others)
        stack.pop()
        done = frame.done
        if done is not None and stack:
            # the op's regions are checked: its results are visible after it
            outer = stack[-1]
            for r in done.results:
                _show(r, outer.level, values, nvalues, levels, others)
                outer.added.append(r)


def _show(v: Value, level: int, values: list, nvalues: int, levels: list, others: dict) -> None:
    """Make ``v`` visible at capture ``level`` (or hide it: level -1)."""
    i = v.id
    if 0 <= i < nvalues and values[i] is v:
        levels[i] = level
    elif level >= 0:
        others[v] = level
    else:
        others.pop(v, None)


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


def _head(op: Op) -> str:
    """The first text piece of ``op``'s template as a str ("" if none)."""
    tmpl = op.tmpl
    return str(tmpl[0]) if tmpl and isinstance(tmpl[0], str) else ""


def _symbol(head: str) -> str | None:
    """The symbol of the first ``@name`` or ``@"quoted name"`` in ``head``
    (quotes kept), or None: ``m.group(1)`` of
    ``re.search(r'@("(?:[^"\\\\]|\\\\.)*"|[\\w$.\\-]+)', head)``, read
    without compiling and running the pattern.  A quoted name ends at the
    first unescaped quote (a backslash escapes any character but a newline);
    a bare name is a run of word characters (``str.isalnum`` or ``_``),
    ``$``, ``.`` and ``-``.  An ``@`` followed by neither is skipped."""
    n = len(head)
    i = head.find("@")
    while i >= 0:
        j = i + 1
        if j < n and head[j] == '"':
            k = j + 1
            while k < n:
                c = head[k]
                if c == '"':
                    return head[j:k + 1]
                if c == "\\":
                    if k + 1 < n and head[k + 1] != "\n":
                        k += 2
                        continue
                    break
                k += 1
        else:
            k = j
            while k < n:
                c = head[k]
                if not (c.isalnum() or c == "_" or c == "$" or c == "." or c == "-"):
                    break
                k += 1
            if k > j:
                return head[j:k]
        i = head.find("@", j)
    return None


def _py_symbol(head: str) -> str | None:
    """:func:`_symbol` for tests."""
    return _symbol(head)


def _check_symbols(module: Module) -> None:
    seen: dict[str, Op] = {}
    for op in module.body.ops:
        if op.name not in _SYMBOL_OPS or op.tmpl is None:
            continue
        name = _symbol(_head(op))
        if name is None:
            continue
        if name.startswith('"'):
            name = name[1:-1]
        if name in seen:
            from fastalloc._guard import op_location

            raise FastallocError(f"redefinition of symbol named '{name}'", op_location(op))
        seen[name] = op


def _check_op(op: Op, capt: Op | None, checked: _PropsSeen, globs: dict, facts_of: dict, facts_at: list) -> None:
    name = op.name
    opdef = op.opdef
    if opdef is not None:
        facts = _facts(facts_of, facts_at, name, opdef)
        segs = op.segments
        if segs is not None:
            # (the parser shares segment lists: most are the last one seen)
            if segs is not facts.segs:
                if len(segs) != facts.nseg:
                    raise _err(op, f"operand segment sizes {list(segs)} do not match its {len(op.operands)} operands")
                facts.segs_total = _total(segs)
                facts.segs = segs
            if facts.segs_total != len(op.operands):
                raise _err(op, f"operand segment sizes {list(segs)} do not match its {len(op.operands)} operands")
        if op._props:
            _check_props(op, facts, checked)
        if facts.async_region:
            _check_async_region(op)
        elif facts.num_regions and op._regions:
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
    elif _str_is(name, "arith.constant") and op.tmpl is not None:
        _check_constant(op)
    elif name in _GLOBAL_ACCESS and op.tmpl is not None:
        _check_global_access(op, globs)
    elif name in _PARENT_OP:
        _check_parent(op)
    if op.segments is not None and opdef is not None and op.operands:
        _check_segment_types(op, facts)


class _OpFacts:
    """What the per-op checks ask about one op definition, read once: the
    segment count, the region shape, where the resource operands are, and
    the operand type each segment fixes (see :func:`_check_segment_types`)."""

    def __init__(self, opdef) -> None:
        self.opdef = opdef
        self.nseg = len(opdef.segment_names)
        self.async_region = opdef.name in _ASYNC_REGION_OPS
        self.num_regions = opdef.num_regions
        self.resource_operands = opdef.segment_index.get("resource_operands", -1)
        self.resource_start = opdef.static_start[self.resource_operands] if self.resource_operands >= 0 else -1
        # per segment: the type its operands must have (None: any), and
        # whether it is a prefix ("!stream.resource<...>"): 0 any, 1 the
        # type, 2 the prefix (compiled, read as a C array of char)
        wants: list = []
        kinds = bytearray()
        for seg in opdef.segment_names:
            want = ("index" if seg in INDEX_SEGMENTS else "!stream.timepoint" if seg in _TIMEPOINT_SEGMENTS
                    else _RESOURCE if seg in _RESOURCE_SEGMENTS else None)
            wants.append(want)
            kinds.append(0 if want is None else 2 if want is _RESOURCE else 1)
        self.wants = wants
        self.kinds = bytes(kinds)
        # the last segment sizes list found to have nseg sizes, and their
        # sum (see _check_op): ops of a kind share a few lists
        self.segs = None
        self.segs_total = 0
        # per segment, the last type string that passed its check: the
        # parser shares type strings, so most checks are identity tests
        self.seen = [None] * self.nseg


# Slots of the table of facts by definition address (a power of two, well
# above the number of op definitions).
_FACTS_SLOTS = 256


def _facts(facts_of: dict, facts_at: list, name: str, opdef) -> _OpFacts:
    """The facts of ``opdef`` (the definition of an op named ``name``),
    kept in ``facts_of`` (one verify's table: the types they remember change as
    ops are checked, so no two verifies share them), and in ``facts_at`` at
    a slot given by the definition's address: there, most lookups are an
    index and an identity test, not a dict lookup."""
    h = (_id(opdef) >> 4) & (_FACTS_SLOTS - 1)
    f = facts_at[h]
    if f is not None and f.opdef is opdef:
        return f
    f = facts_of.get(name)
    if f is None or f.opdef is not opdef:
        f = _OpFacts(opdef)
        if name == opdef.name and OPS.get(name) is opdef:
            facts_of[name] = f
            facts_at[h] = f
    else:
        facts_at[h] = f
    return f


# Ops that live only in one parent op (iree-opt's HasParent trait).
_PARENT_OP = TEXT_OP_PARENTS


def _check_parent(op: Op) -> None:
    region = getattr(op.parent, "parent", None)
    owner = getattr(region, "parent", None)
    want = _PARENT_OP[op.name]
    if not isinstance(owner, Op) or owner.name != want:
        raise _err(op, f"expects parent op '{want}'")


_GLOBAL_ACCESS = frozenset({"util.global.load", "util.global.store"})
_GLOBAL_HEAD = lazy_compile(r"util\.global\s+(?:(?:public|private|nested)\s+)?(mutable\s+)?"
                          r'@("(?:[^"\\]|\\.)*"|[\w$.\-]+)\s*(?:\{.*\})?\s*([:=].*?)\s*$', re.S)
_ACCESS = lazy_compile(r'(immutable\s+)?@("(?:[^"\\]|\\.)*"|[\w$.\-]+)\s*:\s*(.+?)\s*$', re.S)


def _module_globals(op: Op, globs: dict) -> dict:
    """{global name: (mutable, type), or None for another symbol} of the
    top-level block ``op`` is in; ``globs``: those already read in this
    verify, by the block's id (the blocks outlive the verify)."""
    top = op.parent
    while top is not None and top.parent is not None and isinstance(top.parent.parent, Op):
        top = top.parent.parent.parent
    if top is not None:
        got = globs.get(_id(top))
        if got is not None:
            return got
    out: dict = {}
    for g in (top.ops if top is not None else ()):
        head = _head(g)
        if g.name == "util.global":
            m = _GLOBAL_HEAD.match(head.strip())
            if m is not None:
                out[m.group(2).strip('"')] = (bool(m.group(1)), _global_type(m.group(3)))
        elif g.name in _SYMBOL_OPS:
            name = _symbol(head)
            if name is not None:
                out.setdefault(name.strip('"'), None)
    if top is not None:
        globs[_id(top)] = out
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


def _access(text: str):
    """``_ACCESS.search(text)``: a match starts at ``immutable`` or ``@``, so
    the search starts at the first of them (the pattern has no literal
    prefix for ``re`` to skip ahead by)."""
    at = text.find("@")
    if at < 0:
        return None
    imm = text.find("immutable", 0, at)
    return _ACCESS.search(text, imm if imm >= 0 else at)


def _check_global_access(op: Op, globs: dict) -> None:
    """``util.global.load [immutable] @g : T`` / ``util.global.store %v, @g : T``:
    @g is a global of type T (and mutable for an immutable load: iree-opt's checks)."""
    m = _access(_text(op))
    if m is None:
        return
    name = m.group(2).strip('"')
    known = _module_globals(op, globs)
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
    for k in range(len(ops) - 1):
        inner = ops[k]
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


def _total(segs: list) -> int:
    """``sum(segs)`` (segment sizes: ints) in C integers when compiled."""
    total = 0
    for k in range(len(segs)):
        n = segs[k]
        total += n
    return total


def _id(x: object) -> int:
    """``id(x)`` for the per-op caches (compiled: the address read in C,
    without a call to the builtin)."""
    if not _COMPILED:
        return id(x)
    return cython.cast(cython.Py_ssize_t, cython.cast(cython.p_void, x))


_RESOURCE = "!stream.resource<"


def _str_is(s: str, lit: str) -> bool:
    """``s == lit`` for str ``s`` (or None) and ``lit``; compiled, identity,
    then the lengths, before the compare (Cython's ``str == str`` is
    ``PyUnicode_Compare``, a full ordering compare, even when the lengths
    differ, as they do for most names tested against one literal)."""
    if s is lit:
        return True
    if s is None or len(s) != len(lit):
        return False
    return s == lit


def _is_resource_type(t: str) -> bool:
    """``t.startswith("!stream.resource<")``; compiled, for an exact str of
    one byte per character, a compare of its first bytes (str.startswith
    goes through the generic tail-match)."""
    if not _COMPILED or type(t) is not str or _ukind(t) != 1:
        return t.startswith(_RESOURCE)
    return _ulen(t) >= 17 and memcmp(_udata(t), b"!stream.resource<", 17) == 0


class _PropsSeen:
    """SharedProps whose values were checked already, with their
    :func:`_tied_top` (they cannot change: only the tied indices are
    compared with each op's resource operand count): a table of slots by the
    object's address, each the last one seen there (a few thousand
    different SharedProps in a module, met in any order; a clash only
    checks a SharedProps again)."""

    def __init__(self) -> None:
        self.props = [None] * _PROPS_SLOTS
        self.tops = [None] * _PROPS_SLOTS


# Slots of _PropsSeen (a power of two).
_PROPS_SLOTS = 4096


def _check_props(op: Op, facts: _OpFacts, checked: _PropsSeen) -> None:
    """The integer-list properties' values; ``facts``: those of ``op.opdef``;
    ``checked``: the SharedProps checked already."""
    d = op._props
    if not d:
        return
    if type(d) is SharedProps:
        # (bits of the address above the objects' 16-byte alignment, folded:
        # objects of one size lie a fixed stride apart)
        h = ((_id(d) >> 4) ^ (_id(d) >> 11) ^ (_id(d) >> 18)) & (_PROPS_SLOTS - 1)
        if checked.props[h] is d:
            top = checked.tops[h]
        else:
            # (compiled, dict.get is the C lookup: a SharedProps is a dict)
            _check_int_lists(op, d)
            top = _tied_top(dict.get(d, "tied_operands"))
            checked.props[h] = d
            checked.tops[h] = top
        if top >= 0 and op.opdef is not None and facts.resource_operands >= 0 and top >= _group_len(op, facts):
            _check_tied(op, facts, dict.get(d, "tied_operands"))
        # (only a pack reads it: no lookup for the other ops)
        life = dict.get(d, "lifetime_intervals") if _str_is(op.name, "stream.resource.pack") else None
    else:
        # (a read-only mapping: read it as a dict)
        props = d if type(d) is dict else dict(d)
        _check_int_lists(op, props)
        tied = props.get("tied_operands")
        if isinstance(tied, list) and op.opdef is not None and facts.resource_operands >= 0:
            _check_tied(op, facts, tied)
        life = props.get("lifetime_intervals")
    if isinstance(life, list) and _str_is(op.name, "stream.resource.pack"):
        if len(life) % 2:
            raise _err(op, f"lifetime_intervals has an odd number of entries ({len(life)}): expected start/end pairs")
        n = len(life) // 2
        if len(op.results) != n + 1:
            raise _err(op, f"has {n} lifetime intervals but {len(op.results) - 1} slice results")


# _tied_top of a list with an index below -1: above any operand count
_TIED_BAD = (1 << 62)


def _tied_top(tied) -> int:
    """The largest index of a ``tied_operands`` value (index-range ints, as
    :func:`_check_int_lists` let through), -1 for none, :data:`_TIED_BAD`
    if one is below -1 (no result is tied then: -1), -2 if not a list: a
    shared value's tie check against an op is then ``top >= count``."""
    if not isinstance(tied, list):
        return -2
    top = -1
    for k in range(len(tied)):
        t = tied[k]
        if t < -1:
            return _TIED_BAD
        if t > top:
            top = t
    return top


def _check_tied(op: Op, facts: _OpFacts, tied: list) -> None:
    """Each tied index of ``op`` is -1 or names one of its resource operands."""
    n = _group_len(op, facts)
    for k, t in enumerate(tied):
        if t < -1 or t >= n:
            raise _err(op, f"result #{k} is tied to operand #{t}, but there are {n} resource operands")


def _check_int_lists(op: Op, props) -> None:
    """Each integer-list property of ``props`` (a dict, or a subclass) fits ``index``."""
    for key in _INT_LIST_PROPS:
        vals = dict.get(props, key)
        if vals is None or not isinstance(vals, list):
            continue
        for v in vals:
            if _COMPILED and type(v) is int:
                # (index is int64: in range exactly when it converts)
                overflow = 0
                _as_longlong(v, cython.address(overflow))
                if not overflow:
                    continue
            elif isinstance(v, int) and _INDEX_MIN <= v <= _INDEX_MAX:
                continue
            raise _err(op, f"{key}: integer constant out of range for attribute: {v}")


def _group_len(op: Op, facts: _OpFacts) -> int:
    """``len(op.group("resource_operands"))`` without building the list."""
    segs = op.segments
    k = facts.resource_operands
    if segs is not None and 0 <= k < len(segs) and segs[k].__class__ is int:
        # (the sizes are ints of Py_ssize_t range summing to the operand
        # count: _check_op checked them before this is asked)
        m = segs[k]
        start = facts.resource_start
        if start < 0:
            start = 0
            for j in range(k):
                start += segs[j]
        if m >= 0 and start >= 0:
            n = len(op.operands)
            return max(0, min(start + m, n) - min(start, n))
    return len(op.group("resource_operands"))  # (odd sizes: as the model reads them)


def _check_async_region(op: Op) -> None:
    regions = op._regions
    if len(regions) != 1 or len(regions[0].blocks) != 1:
        raise _err(op, "expects a region with exactly one block")
    block = regions[0].blocks[0]
    if not block.ops:
        raise _err(op, "expects a non-empty block")
    term = block.ops[-1]
    if not _str_is(term.name, "stream.yield"):
        # iree-opt: "block with no terminator, has <the last op>", at that op
        raise FastallocError(f"block with no terminator, has '{term.name}' (the region of '{op.name}' "
                             "must end in 'stream.yield')", _loc(term))
    ops = block.ops
    for k in range(len(ops) - 1):
        inner = ops[k]
        if _str_is(inner.name, "stream.yield"):
            raise _err(inner, "must be the last operation in the parent block")
    results = op.results
    nres = len(results)
    if nres and _str_is(op.name, "stream.async.execute"):
        nres -= 1  # the timepoint
    yielded = term.group("resource_operands")
    if len(yielded) != nres:
        raise _err(term, "yield result count mismatch with parent op")
    for k in range(nres):
        v = yielded[k]
        r = results[k]
        if v.type and r.type and not _str_is(v.type, r.type):
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


def _text(op: Op) -> str:
    """The text pieces of ``op``'s template, joined (most ops have one)."""
    tmpl = op.tmpl
    if len(tmpl) == 1 and type(tmpl[0]) is str:
        return tmpl[0]
    return "".join([x for x in tmpl if isinstance(x, str)])


def _check_constant(op: Op) -> None:
    text = _text(op)
    fits = _plain_constant_fits(text)
    if fits == 1:
        return
    if fits == 0:
        raise FastallocError("integer constant out of range for attribute", _loc(op))
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


def _plain_constant_fits(text: str) -> int:
    """The check of :func:`_check_constant` on the usual spelling, without
    the regexes: ``arith.constant [-]<decimal> : index|i<N>`` with single
    spaces and at most 18 digits.  1 if the value fits, 0 if not, -1 for
    any other text (the caller reads it with the regexes).  Assumes nothing
    of ``text``.  In Python::

        m = re.fullmatch(r"arith\\.constant (-?)(\\d{1,18}) : (index|i\\d{1,5})", text.strip(" "))
        if m is None: return -1
        neg, value, ty = m[1], int(m[2]), m[3]
        width = 64 if ty == "index" else int(ty[1:])
        if width == 0 or width > 60: return 1   # (10**18 < 2**60)
        return int(value <= (1 << (width - 1) if width > 1 else 1) if neg else value < 1 << width)

    The text read is ASCII (anything else is -1); compiled, the characters
    are read in place as bytes (a str of one byte per character), not one
    str index (a call and a bounds check) at a time."""
    if not _COMPILED:
        if not text.isascii():
            return -1
        data = text.encode("ascii")
        return _constant_fits(data, len(data))
    if type(text) is not str or _ukind(text) != 1:
        return -1
    return _constant_fits(cython.cast(cython.p_uchar, _udata(text)), _ulen(text))


def _constant_fits(s, n: int) -> int:
    """:func:`_plain_constant_fits` of the ``n`` characters (codes) at ``s``:
    a bytes object, or compiled, a pointer to them; codes of 128 and up
    never match (the spelling is ASCII)."""
    a = 0
    while a < n and s[a] == 32:
        a += 1
    while n > a and s[n - 1] == 32:
        n -= 1
    if n - a < 21 or not _at(s, a, b"arith.constant ", 15):
        return -1
    i = a + 15
    neg = s[i] == 45  # "-"
    if neg:
        i += 1
    value = 0
    digits = 0
    while i < n and 48 <= s[i] <= 57:
        if digits == 18:
            return -1
        value = value * 10 + (s[i] - 48)
        digits += 1
        i += 1
    if digits == 0 or n - i < 3 or not _at(s, i, b" : ", 3):
        return -1
    i += 3
    if n - i == 5 and _at(s, i, b"index", 5):
        return 1  # (64 bits)
    if n - i < 2 or n - i > 6 or s[i] != 105:  # "i"
        return -1
    width = 0
    i += 1
    while i < n:
        if not 48 <= s[i] <= 57:
            return -1
        width = width * 10 + (s[i] - 48)
        i += 1
    if width == 0 or width > 60:
        return 1
    one = 1
    if neg:
        return 1 if value <= (one << (width - 1) if width > 1 else 1) else 0
    return 1 if value < one << width else 0


def _at(s, i: int, lit, m: int) -> bool:
    """Do the ``m`` codes of ``lit`` (ASCII bytes) stand at ``s[i:]``? (the
    caller knows they fit)"""
    for k in range(m):
        if s[i + k] != lit[k]:
            return False
    return True


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


def _check_segment_types(op: Op, facts: _OpFacts) -> None:
    """Operand types the registry fixes: sizes, offsets, lengths are index;
    sources and targets resources; awaited values timepoints (``facts``:
    those of ``op.opdef``; ``op.segments`` agree with them and with the
    operand count: :func:`_check_op`).  Walks the segments in C integers,
    visiting only the operands of a segment of fixed type (a per-operand
    table per segment sizes cost a Python int per operand to build, once per
    op of a new shape: a pack of 10^4 slices)."""
    operands = op.operands
    segs = op.segments
    kinds = facts.kinds
    wants = facts.wants
    seen = facts.seen
    start = 0
    for k in range(min(len(segs), facts.nseg)):
        m = segs[k]
        kind = kinds[k]
        if kind:
            want = wants[k]
            for j in range(start, start + m):
                v = operands[j]
                t = v.type
                if t is want or t is seen[k] or not t:
                    continue
                if kind == 2 and _is_resource_type(t) or kind == 1 and _str_is(t, want):
                    if type(t) is str:
                        seen[k] = t
                    continue
                raise _err(op, f"operand '%{v.name_hint or v.id}' ({facts.opdef.segment_names[k]}) must be "
                           f"{'a resource' if kind == 2 else want}, but got '{t}'")
        start += m


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


def _py_plain_constant_fits(text: str) -> int:
    """:func:`_plain_constant_fits` for tests."""
    return _plain_constant_fits(text)
