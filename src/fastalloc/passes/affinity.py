"""Whole-program affinity analysis: where resources are produced and used.

IREE 3.13's schedule-allocation places result allocations and escaping
constants with ``deriveResultAffinity``, which asks IREE's ``AffinityAnalysis``
(compiler/src/iree/compiler/Dialect/Stream/Analysis/Affinity.cpp) two
questions about an execute result: the affinities of the ops that *pin* it
(``tryLookupPinnedAffinities``) and else the affinities of its producers and
consumers (``tryLookupResourceUsageAffinity``).  This module answers them the
same way, written from the description of that analysis:

Four kinds of elements, each a set of affinities or INVALID (``None``):

* ``P(v)`` producers of value ``v``: every definition reached walking ``v``
  backwards through block arguments (region entry operands, branch operands,
  call sites), call results (the callee's returns), global loads (the
  stores) and region results (the yields), *not* through tied results; for
  each definition: a pinning op adds its own affinity; a tied result adds
  ``P`` of its tied operand (and the op's affinity for an
  ``stream.async.dispatch`` with an explicit one); an affinity op adds
  ``O(op)``; a global load adds ``G``; ``arith.select`` its two operands;
  anything else ``P`` of that value.  ``util.optimization_barrier`` results
  and global loads short-cut to their operand / global.
* ``C(v)`` consumers: every use reached walking ``v`` forwards through
  region entries, yields, branches, calls, returns (to the callers' results)
  and global stores (to the loads), not through tied results; each use adds
  ``O(user)`` for an affinity op, ``C`` of the results tied to the operand,
  the target of a transfer, and for structural users (yields, barriers,
  branches, scf ops, stores into globals) ``C``/``G`` of where the value goes.
* ``O(op)`` execution affinity: the op's own (or an enclosing op's) affinity
  if any is written (``AffinityAttr::lookup``); else the union of ``P`` over
  its resource operands, or of ``C`` over its resource results when it
  consumes none.
* ``G(global)``: its ``stream.affinity`` if written; else ``C`` of the values
  loaded from it (valid ones only), or, never loaded, ``P`` of the stored ones.

A walk that leaves what the module can see (an argument or result of a public
function, a call to a function without a body, an indirect global) makes the
element INVALID, and INVALID absorbs every union it enters (DFX's
``PotentialValuesState``).  The equations are monotone, so a worklist
iteration from empty sets reaches the same least fixpoint as IREE's DFX
solver; elements are created on demand from the queried values only, so a
module costs time in proportion to the part of it those values reach.

Pinned values (``PrecomputedQueries::pinnedAffinities``): the values reached
from the results (forwards, through ties) and from the operands (backwards,
through ties) of an op that pins its values -- ``stream.tensor.import`` /
``export`` and ``hal.tensor.import/export/alias/transients`` with an
affinity -- stopping at another pinning op.

Guarded unions.  DFX skips an INVALID input of a guarded union but keeps
what that input gave while it was still valid (states only grow).  For
``G`` (inputs: the loads' ``C``, else the stores' ``P``) iree-opt's result is
the input as its *first visit* saw it: globals are created first and updated
depth first, and the op elements a producer walk creates are not updated at
creation (``updateAfterInit=false`` in ``ValueProducerAffinityPVS::
updateValue``), so there an op without a written affinity, and another
global, contribute nothing.  Elements ``sP``/``sC``/``sO``/``sG`` compute that
value (INVALID there too: the input gives nothing).  Which elements end
INVALID is decided by a plain solve first (it depends on the walks only, not
on the sets), so no input of ``G`` changes from valid to INVALID during the
main solve: it stays monotone and deterministic.
Found on generated cross-function modules (a load whose consumers reach an
external ``stream.async.func`` through a concurrent region; a stored value
whose producing execute has no affinity and an INVALID consumer).

Known simplifications (not met in IREE-produced stream IR): for pinned
producers an INVALID input adds nothing here.  The solver's 128-iteration
limit (after which iree-opt fails the pass) is not modelled.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from fastalloc._lazyre import lazy_compile
from fastalloc.ir.ops import AFFINITY_OPS, OPS, TEXT_OP_INTERFACES
from fastalloc.ir.verifier import _is_resource_type
from fastalloc.passes.regions import tied_operand, tied_results

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:  # pragma: no cover
    from fastalloc.ir.model import Block, Module, Op, Value

__all__ = ["AffinityAnalysis"]

# Stream ops implementing IREE::Stream::AffinityOpInterface: from the op
# definitions (fastalloc.ir.ops.AFFINITY_OPS).
_STREAM_AFFINITY_OPS = AFFINITY_OPS
_HAL_PINNING_OPS = frozenset({"hal.tensor.import", "hal.tensor.export", "hal.tensor.alias", "hal.tensor.transients"})
_OTHER_AFFINITY_OPS = frozenset({"util.global", "util.initializer", "util.func", "arith.constant"}) | _HAL_PINNING_OPS
# Stream ops' interfaces come from their definitions; the others' are listed here.
_REGION_BRANCH = frozenset(name for name, d in OPS.items() if d.region_branch) | frozenset(
    {
        "scf.if",
        "scf.for",
        "scf.while",
        "scf.execute_region",
        "scf.index_switch",
    }
)
_TEXT_TIED = TEXT_OP_INTERFACES["tied"]
_STREAM_CALLS = frozenset(name for name, d in OPS.items() if d.call)
_CALLS = frozenset({"util.call", "func.call", "call"}) | _STREAM_CALLS
# Ops whose region's entry arguments are their captured resource operands and
# whose `stream.yield` gives their results.
_ASYNC_REGIONS = frozenset(name for name, d in OPS.items() if d.async_region)
_INDIRECT_CALLS = frozenset({"func.call_indirect", "call_indirect"})
_RETURNS = frozenset({"util.return", "func.return", "return"})
_CALLABLES = frozenset({"util.func", "func.func", "util.initializer", "stream.async.func", "stream.cmd.func"})
_BRANCHES = frozenset({"cf.br", "cf.cond_br", "cf.switch"})
_SYMBOL = lazy_compile(r"@([\w.$-]+|\"[^\"]*\")")
_ATTR_IN_DICT = lazy_compile(r"stream\.affinity(\.default)?\s*=\s*(#[\w.]+(?:<)?)")

_EMPTY: dict[str, str] = {}


def _is_affinity_type(type_text: str) -> bool:
    """``isa<AffinityTypeInterface>``: stream resources and ranked tensors."""
    return _is_resource_type(type_text) or type_text.startswith("tensor<")


def _head(op: Op) -> str:
    tmpl = op.tmpl
    return tmpl[0] if tmpl and isinstance(tmpl[0], str) else ""


_GENERIC_SYM_NAME = lazy_compile(r'\bsym_name\s*=\s*"((?:[^"\\]|\\.)*)"')
_GENERIC_VISIBILITY = lazy_compile(r'\bsym_visibility\s*=\s*"(\w+)"')
_BARE_SYMBOL = lazy_compile(r"[A-Za-z_][\w.$-]*")


def _sym_name(op: Op) -> str | None:
    """The symbol an op defines (``util.global``, a callable), spelled as
    :data:`_SYMBOL` reads references to it: ``g`` for ``@g``, ``"a b"`` for
    ``@"a b"``.  The generic form names it in ``sym_name = "g"``, where the
    pretty form writes ``@g`` (the first symbol of the op's head)."""
    head = _head(op)
    if head.startswith('"'):
        m = _GENERIC_SYM_NAME.search(head)
        if m is None:
            return None
        name = m.group(1)
        return name if _BARE_SYMBOL.fullmatch(name) else f'"{name}"'
    m = _SYMBOL.search(head)
    return m.group(1) if m else None


def _has_body(fn: Op | None) -> bool:
    """Whether callable ``fn`` has a body (a declaration has none).  The
    generic form writes a declaration's region as ``({ })``, which the parser
    reads as one empty block; a body always holds a terminator."""
    if fn is None or not fn._regions:
        return False
    blocks = fn._regions[0].blocks
    return bool(blocks) and (len(blocks) > 1 or bool(blocks[0].ops))


_GENERIC_SUCCESSORS = lazy_compile(r"\)\s*\[\s*(\^[^\]]*)\]")
_I32_ARRAY = r"\s*=\s*array<i32(?::([\d,\s]*))?>"


def _i32_array(text: str, name: str) -> list[int] | None:
    m = re.search(rf"\b{name}{_I32_ARRAY}", text)
    return None if m is None else [int(x) for x in (m.group(1) or "").replace(",", " ").split()]


def _generic_successors(term: Op, labels: dict) -> list[tuple[Block, list[int]]]:
    """``_successors`` for a branch in generic form, ``"cf.br"(%a)[^bb1]``:
    the operands of all successors come first, split by the op's segment
    properties (``cf.cond_br``: condition, true, false operands;
    ``cf.switch``: flag, default operands, then the cases' operands in
    ``case_operand_segments``)."""
    text = _text(term)
    m = _GENERIC_SUCCESSORS.search(text)
    if m is None:
        return []
    blocks = [labels.get(lab.strip()[1:]) for lab in m.group(1).split(",")]
    n = len(term.operands)
    if term.name == "cf.br":
        groups = [list(range(n))]
    elif term.name == "cf.cond_br":
        seg = _i32_array(text, "operandSegmentSizes") or [1, 0, 0]
        groups = [list(range(1, 1 + seg[1])), list(range(1 + seg[1], 1 + seg[1] + seg[2]))]
    elif term.name == "cf.switch":
        seg = _i32_array(text, "operandSegmentSizes") or [1, n - 1, 0]
        groups = [list(range(1, 1 + seg[1]))]
        start = 1 + seg[1]
        for size in _i32_array(text, "case_operand_segments") or []:
            groups.append(list(range(start, start + size)))
            start += size
    else:
        return []
    return [(b, g) for b, g in zip(blocks, groups) if b is not None]


def _text(op: Op) -> str:
    """The literal text of an op fastalloc keeps as text (no nested regions)."""
    return " ".join(t for t in op.tmpl if isinstance(t, str)) if op.tmpl else ""


def _balanced(text: str, start: int) -> str:
    """The attribute starting at ``text[start]`` (``#name<...>`` or an alias)."""
    depth = 0
    for k in range(start, len(text)):
        ch = text[k]
        if ch in "<[(":
            depth += 1
        elif ch in ">])":
            if depth == 0:
                return text[start:k]
            depth -= 1
            if depth == 0 and ch == ">":
                return text[start : k + 1]
        elif depth == 0 and ch in " ,}":
            return text[start:k]
    return text[start:]


def _attr_from_text(text: str, name: str) -> str | None:
    """The value of ``name = #...`` in an attribute dictionary written in ``text``."""
    k = text.find(name)
    while k >= 0:
        rest = text[k + len(name) :]
        stripped = rest.lstrip()
        if stripped.startswith("=") and (k == 0 or not (text[k - 1].isalnum() or text[k - 1] in "._")):
            after = stripped[1:].lstrip()
            if after.startswith("#"):
                return _balanced(after, 0)
        k = text.find(name, k + 1)
    return None


class AffinityAnalysis:
    """IREE's AffinityAnalysis over a fastalloc module (see the module docstring).

    ``norm`` maps attribute text to a canonical spelling (aliases resolved,
    whitespace collapsed): sets are keyed by it and sorted by it (IREE sorts
    by the printed attribute).  Query with :meth:`pinned_affinities` and
    :meth:`usage_affinities`; answers are lists of attribute texts.
    """

    def __init__(self, module: Module, norm: Callable[[str], str], *, _first_visit: bool = True) -> None:
        self._norm = norm
        self._module = module
        # Which elements end INVALID, from a plain solve (see _update_global);
        # made on first need.  Off in that solve itself.
        self._use_first_visit = _first_visit
        self._invalidity: AffinityAnalysis | None = None
        self._module_attrs = module.header if module.header.startswith("module attributes") else ""
        self._funcs: dict[str, Op] = {}
        self._callers: dict[str, list[Op]] = {}
        self._call_graph_incomplete = False
        self._globals: dict[str, Op] = {}
        self._loads: dict[str, list[Op]] = {}
        self._stores: dict[str, list[Op]] = {}
        self._indirect: set[str] = set()
        self._pinning: list[Op] = []
        #: every ``stream.async.execute`` of the module (found while indexing)
        self.executes: list[Op] = []
        self._index(module)
        self._states: dict[tuple, dict[str, str] | None] = {}
        self._fixed: set[tuple] = set()
        # Readers of each element, in first-read order (a dict as an ordered
        # set: Value hashes are addresses, a set would visit in a run-dependent order).
        self._dependents: dict[tuple, dict[tuple, None]] = {}
        self._work: list[tuple] = []
        self._queued: set[tuple] = set()
        self._pinned: dict[Value, list[Op]] | None = None
        self._answers: dict[Value, tuple[list[str] | None, list[str]]] = {}

    # -- module index ---------------------------------------------------------

    def _index(self, module: Module) -> None:
        executes = self.executes
        stack = [module.body]
        while stack:
            block = stack.pop()
            for op in block.ops:
                if op.regions and op.name != "stream.executable":  # IREE's explorer ignores executables
                    for region in op.regions:
                        stack.extend(region.blocks)
                self._index_op(module, op, executes)

    def _index_op(self, module: Module, op: Op, executes: list[Op]) -> None:
        name = op.name
        if op.opdef is not None:
            if name == "stream.async.execute":
                executes.append(op)
            if name in _STREAM_CALLS:
                callee = op.props.get("callee") or ""
                m = _SYMBOL.search(callee)
                if m:
                    self._callers.setdefault(m.group(1), []).append(op)
            return
        if name in _CALLABLES:
            if name != "util.initializer" and op.parent is module.body:
                sym = _sym_name(op)
                if sym is not None:
                    self._funcs[sym] = op
        elif name in _CALLS:
            callee = self._callee(op)
            if callee is not None:
                self._callers.setdefault(callee, []).append(op)
        elif name in _INDIRECT_CALLS:
            self._call_graph_incomplete = True
        elif name == "util.global" and op.parent is module.body:
            sym = _sym_name(op)
            if sym is not None:
                self._globals[sym] = op
        elif name.startswith("util.global."):
            m = _SYMBOL.search(_head(op) + " ".join(t for t in op.tmpl[1:] if isinstance(t, str)))
            if m:
                if name == "util.global.load":
                    self._loads.setdefault(m.group(1), []).append(op)
                elif name == "util.global.store":
                    self._stores.setdefault(m.group(1), []).append(op)
                elif name == "util.global.address":
                    self._indirect.add(m.group(1))
        if name in ("stream.tensor.import", "stream.tensor.export") or name in _HAL_PINNING_OPS:
            if self._explicit(op) is not None:
                self._pinning.append(op)

    def _global_name(self, op: Op) -> str | None:
        m = _SYMBOL.search(" ".join(t for t in op.tmpl if isinstance(t, str)))
        return m.group(1) if m else None

    def _callee(self, op: Op) -> str | None:
        if op.opdef is not None:
            m = _SYMBOL.search(op.props.get("callee") or "")
        else:
            # The generic form names the callee after the operands
            # (`"util.call"(%a) <{callee = @f}>`), the pretty form first.
            head = _head(op)
            m = _SYMBOL.search(_text(op) if head.startswith('"') else head)
        return m.group(1) if m else None

    @staticmethod
    def _is_public(fn: Op) -> bool:
        if fn.name == "util.initializer":
            return False
        head = f" {_head(fn)} "
        if head.startswith(' "'):
            m = _GENERIC_VISIBILITY.search(head)
            return m is None or m.group(1) == "public"
        return " private " not in head and " nested " not in head

    def _incoming_calls(self, fn: Op) -> tuple[list[Op], bool]:
        """``Explorer::walkIncomingCalls``: the call sites and completeness."""
        sym = _sym_name(fn) if fn.name != "util.initializer" else None
        calls = self._callers.get(sym, []) if sym is not None else []
        return calls, not (self._is_public(fn) or self._call_graph_incomplete)

    # -- op facts ---------------------------------------------------------------

    @staticmethod
    def _is_affinity_op(op: Op) -> bool:
        return op.name in _STREAM_AFFINITY_OPS or op.name in _OTHER_AFFINITY_OPS

    def _pins(self, op: Op) -> bool:
        name = op.name
        if name in ("stream.tensor.import", "stream.tensor.export") or name in _HAL_PINNING_OPS:
            return self._explicit(op) is not None
        return name == "stream.resource.transients"

    def _explicit(self, op: Op) -> str | None:
        """``AffinityOpInterface::getAffinityAttr`` of ``op`` itself."""
        name = op.name
        if name == "stream.async.transfer":
            aff = op.props.get("execution_affinity")
            if aff is not None:
                return aff
            src, dst = op.props.get("source_affinity"), op.props.get("target_affinity")
            ls, lr = _lifetime(op.operands[0].type), _lifetime(op.results[0].type)
            if ls == "staging" and lr == "staging":
                return src
            if ls in ("external", "staging"):
                return dst
            return src
        d = op.opdef
        if d is not None:
            return op.props.get(d.affinity) if d.affinity is not None and op.props else None
        if name.startswith("stream.") or name in _HAL_PINNING_OPS:
            head = _head(op)
            if head.startswith('"'):  # generic form: `<{affinity = #...}>`
                return _attr_from_text(_text(op), "affinity")
            k = head.find(" on(")
            if k >= 0 and head[k + 4 : k + 5] == "#":
                return _balanced(head, k + 4)
            if name in _HAL_PINNING_OPS:
                return _attr_from_text(_text(op), "affinity")
        return None

    def _lookup(self, op: Op | None) -> str | None:
        """``AffinityAttr::lookup``: the op's affinity, else the nearest
        ancestor's (own affinity or a ``stream.affinity`` attribute)."""
        return self._nearest(op, "stream.affinity", own=True)

    def _lookup_default(self, op: Op | None) -> str | None:
        return self._nearest(op, "stream.affinity.default", own=False)

    def _nearest(self, op: Op | None, key: str, own: bool) -> str | None:
        """The attribute ``key`` of ``op`` or its nearest ancestor (an
        uninterpreted op's attribute text counts, then the module's); with
        ``own``, an affinity op's own affinity is found first at each level."""
        while op is not None:
            if own and self._is_affinity_op(op):
                aff = self._explicit(op)
                if aff is not None:
                    return aff
            attr = op._attrs.get(key) if op._attrs else None
            if attr:
                return attr
            if op.opdef is None and key in _text(op):
                found = _attr_from_text(_text(op), key)
                if found is not None:
                    return found
            op = _parent_op(op)
        if self._module_attrs:
            return _attr_from_text(self._module_attrs, key)
        return None

    @staticmethod
    def _tied_operand(value: Value) -> Value | None:
        """``TiedOpInterface::getTiedResultOperand`` (also for the ops fastalloc
        keeps as text: ``stream.timepoint.await``)."""
        op = value.owner
        if value.is_block_arg:
            return None
        if op.opdef is not None:
            return tied_operand(value)
        if op.name in _TEXT_TIED:
            res = [o for o in op.operands if _is_affinity_type(o.type)]
            return res[value.index] if value.index < len(res) else None
        return None

    @staticmethod
    def _tied_results(op: Op, idx: int) -> list[Value]:
        if op.opdef is not None:
            return tied_results(op, idx)
        if op.name in _TEXT_TIED:
            if not _is_affinity_type(op.operands[idx].type):
                return []
            k = sum(1 for o in op.operands[:idx] if _is_affinity_type(o.type))
            return [op.results[k]] if k < len(op.results) else []
        return []

    @staticmethod
    def _is_tied_op(op: Op) -> bool:
        if op.opdef is not None:
            from fastalloc.passes.regions import is_tied_op

            return is_tied_op(op)
        return op.name in _TEXT_TIED

    # -- explorer walks ---------------------------------------------------------

    def _region_exit_operands(self, op: Op, idx: int) -> list[Value]:
        """Operand ``idx`` of every terminator that returns to ``op``."""
        out: list[Value] = []
        name = op.name
        for region in op.regions:
            for block in region.blocks:
                if not block.ops:
                    continue
                term = block.ops[-1]
                tname = term.name
                if tname == "stream.yield":
                    vals = term.group("resource_operands")
                elif tname == "scf.yield":
                    if name == "scf.while":
                        continue  # the after region returns to the before region
                    vals = term.operands
                elif tname == "scf.condition":
                    vals = term.operands[1:]
                else:
                    continue
                if idx < len(vals):
                    out.append(vals[idx])
        return out

    def _incoming(self, arg: Value) -> tuple[list[Value], bool]:
        """``walkIncomingBranchOperands`` for one block argument."""
        block: Block = arg.owner
        region = block.parent
        parent = region.parent if region is not None else None
        out: list[Value] = []
        complete = True
        k = arg.index
        if region is not None and region.blocks and region.blocks[0] is block and not _is_module(parent):
            name = parent.name
            if name in _ASYNC_REGIONS:
                ops = parent.group("resource_operands")
                if k < len(ops):
                    out.append(ops[k])
            elif name == "scf.for":
                inits = parent.operands[3:]
                if k >= 1 and k - 1 < len(inits):
                    out.append(inits[k - 1])
                term = block.ops[-1] if block.ops else None
                if term is not None and k >= 1 and k - 1 < len(term.operands):
                    out.append(term.operands[k - 1])
            elif name == "scf.while":
                if parent.regions[0] is region:
                    if k < len(parent.operands):
                        out.append(parent.operands[k])
                    after = parent.regions[1].blocks[0].ops if len(parent.regions) > 1 else []
                    if after and after[-1].name == "scf.yield" and k < len(after[-1].operands):
                        out.append(after[-1].operands[k])
                else:
                    before = parent.regions[0].blocks[0].ops
                    if before and before[-1].name == "scf.condition" and k + 1 < len(before[-1].operands):
                        out.append(before[-1].operands[k + 1])
            elif name in _CALLABLES:
                calls, complete = self._incoming_calls(parent)
                for call in calls:
                    args = self._call_args(call)
                    if k < len(args):
                        out.append(args[k])
            elif name in _REGION_BRANCH:
                pass
            else:
                complete = False
        # Branches from sibling blocks.
        if region is not None:
            for pred in region.blocks:
                if not pred.ops:
                    continue
                term = pred.ops[-1]
                if term.name in _BRANCHES:
                    for target, numbers in self._successors(term):
                        if target is block and k < len(numbers):
                            out.append(term.operands[numbers[k]])
        return out, complete

    @staticmethod
    def _call_args(call: Op) -> list[Value]:
        if call.opdef is not None:
            return call.operands
        return call.operands

    @staticmethod
    def _successors(term: Op) -> list[tuple[Block, list[int]]]:
        """Successor blocks of a ``cf`` branch with the operand numbers each
        receives (read from the branch's text)."""
        region = term.parent.parent if term.parent is not None else None
        labels = {b.label: b for b in region.blocks if b.label} if region is not None else {}
        out: list[tuple[Block, list[int]]] = []
        if _head(term).startswith('"'):
            return _generic_successors(term, labels)
        current: list[int] | None = None
        for piece in term.tmpl or ():
            if isinstance(piece, str):
                for m in re.finditer(r"\^([\w.$-]+)", piece):
                    blk = labels.get(m.group(1))
                    current = []
                    if blk is not None:
                        out.append((blk, current))
            elif isinstance(piece, int) and current is not None:
                current.append(piece)
        return out

    def _branch_targets(self, term: Op, idx: int) -> list[Value]:
        """Block arguments receiving operand ``idx`` of a ``cf`` branch."""
        out: list[Value] = []
        for target, numbers in self._successors(term):
            for j, n in enumerate(numbers):
                if n == idx and j < len(target.args):
                    out.append(target.args[j])
        return out

    def _walk_defining(self, value: Value) -> tuple[list[Value], bool]:
        """``Explorer::walkDefiningOps`` (ties not followed): op results reached."""
        results: list[Value] = []
        complete = True
        seen: set[Value] = set()
        work = [value]
        while work:
            v = work.pop()
            if v in seen:
                continue
            seen.add(v)
            if v.is_block_arg:
                preds, ok = self._incoming(v)
                complete &= ok
                work.extend(preds)
                continue
            op = v.owner
            results.append(v)
            name = op.name
            if name in _CALLS:
                callee = self._funcs.get(self._callee(op) or "")
                if not _has_body(callee):
                    complete = False
                else:
                    for block in callee.regions[0].blocks:
                        if block.ops and block.ops[-1].name in _RETURNS:
                            ret = block.ops[-1].operands
                            if v.index < len(ret):
                                work.append(ret[v.index])
            elif name == "util.global.load":
                gname = self._global_name(op)
                if gname is None or gname in self._indirect or gname not in self._globals:
                    complete = False
                else:
                    for store in self._stores.get(gname, ()):
                        if store.operands:
                            work.append(store.operands[0])
            elif name in _REGION_BRANCH and op.regions:
                work.extend(self._region_exit_operands(op, v.index))
        return results, complete

    def _walk_uses(self, value: Value, follow_ties: bool = False) -> tuple[list[tuple[Op, int]], bool]:
        """``Explorer::walkTransitiveUses``: the uses reached from ``value``."""
        uses: list[tuple[Op, int]] = []
        complete = True
        seen: set[tuple[Op, int]] = set()
        work = [value]
        while work:
            v = work.pop()
            for use in list(v.uses):
                if use in seen:
                    continue
                seen.add(use)
                op, idx = use
                uses.append(use)
                name = op.name
                if follow_ties and self._is_tied_op(op):
                    work.extend(self._tied_results(op, idx))
                if name in _ASYNC_REGIONS and op.regions:
                    start = _segment_start(op, "resource_operands")
                    k = idx - start
                    if 0 <= k < len(op.group("resource_operands")):
                        args = op.regions[0].blocks[0].args
                        if k < len(args):
                            work.append(args[k])
                elif name == "scf.for" and op.regions:
                    if idx >= 3:
                        args = op.regions[0].blocks[0].args
                        if idx - 2 < len(args):
                            work.append(args[idx - 2])
                elif name == "scf.while" and op.regions:
                    args = op.regions[0].blocks[0].args
                    if idx < len(args):
                        work.append(args[idx])
                if name in _BRANCHES:
                    work.extend(self._branch_targets(op, idx))
                elif name == "stream.yield":
                    parent = _parent_op(op)
                    n = len(op.group("resource_operands"))
                    if parent is not None and idx < n and idx < len(parent.results):
                        work.append(parent.results[idx])
                elif name in ("scf.yield", "scf.condition"):
                    work.extend(self._scf_successor_inputs(op, idx))
                if name in _CALLS:
                    callee = self._funcs.get(self._callee(op) or "")
                    if not _has_body(callee):
                        complete = False
                    else:
                        args = callee.regions[0].blocks[0].args
                        if idx < len(args):
                            work.append(args[idx])
                if name in _RETURNS:
                    fn = _parent_op(op)
                    if fn is not None and fn.name in _CALLABLES:
                        calls, ok = self._incoming_calls(fn)
                        complete &= ok
                        for call in calls:
                            if idx < len(call.results):
                                work.append(call.results[idx])
                if name == "util.global.store":
                    gname = self._global_name(op)
                    if gname is None or gname in self._indirect or gname not in self._globals:
                        complete = False
                    else:
                        work.extend(ld.results[0] for ld in self._loads.get(gname, ()) if ld.results)
        return uses, complete

    @staticmethod
    def _scf_successor_inputs(term: Op, idx: int) -> list[Value]:
        parent = _parent_op(term)
        if parent is None:
            return []
        out: list[Value] = []
        if term.name == "scf.condition":
            j = idx - 1
            if j >= 0:
                if j < len(parent.results):
                    out.append(parent.results[j])
                if len(parent.regions) > 1 and j < len(parent.regions[1].blocks[0].args):
                    out.append(parent.regions[1].blocks[0].args[j])
            return out
        if parent.name == "scf.while":
            args = parent.regions[0].blocks[0].args
            if idx < len(args):
                out.append(args[idx])
        elif parent.name == "scf.for":
            args = parent.regions[0].blocks[0].args
            if idx + 1 < len(args):
                out.append(args[idx + 1])
            if idx < len(parent.results):
                out.append(parent.results[idx])
        elif idx < len(parent.results):
            out.append(parent.results[idx])
        return out

    # -- the solver -------------------------------------------------------------

    def _read(self, key: tuple, reader: tuple | None) -> dict[str, str] | None:
        if key not in self._states:
            self._create(key)
        if reader is not None and key not in self._fixed:
            self._dependents.setdefault(key, {})[reader] = None
        return self._states[key]

    def _create(self, key: tuple) -> None:
        kind, obj = key
        if kind == "O" or kind == "sO":
            aff = self._lookup(obj)
            if aff is not None:
                self._states[key] = {self._norm(aff): aff}
                self._fixed.add(key)
                return
        elif kind == "sG":
            # At a first visit a global without written affinity is still empty.
            aff = self._lookup(obj)
            self._states[key] = {self._norm(aff): aff} if aff is not None else {}
            self._fixed.add(key)
            return
        elif kind == "G":
            aff = self._lookup(obj)
            if aff is not None:
                self._states[key] = {self._norm(aff): aff}
                self._fixed.add(key)
                return
        self._states[key] = {}
        self._queued.add(key)
        self._work.append(key)

    def _solve(self) -> None:
        work = self._work
        while work:
            key = work.pop()
            self._queued.discard(key)
            old = self._states[key]
            if old is None:
                continue
            new = self._update(key)
            if new is None:
                self._states[key] = None
                changed = True
            else:
                changed = False
                for k, v in new.items():
                    if k not in old:
                        old[k] = v
                        changed = True
            if changed:
                for dep in self._dependents.get(key, ()):
                    if dep not in self._queued and self._states.get(dep) is not None:
                        self._queued.add(dep)
                        work.append(dep)

    def _update(self, key: tuple) -> dict[str, str] | None:
        kind, obj = key
        if kind == "P" or kind == "sP":
            return self._update_producer(key, obj)
        if kind == "C" or kind == "sC":
            return self._update_consumer(key, obj)
        if kind == "O" or kind == "sO":
            return self._update_op(key, obj)
        return self._update_global(key, obj)

    @staticmethod
    def _union(acc: dict[str, str] | None, other: dict[str, str] | None) -> dict[str, str] | None:
        if acc is None or other is None:
            return None
        for k, v in other.items():
            if k not in acc:
                acc[k] = v
        return acc

    def _update_producer(self, key: tuple, value: Value) -> dict[str, str] | None:
        shallow = key[0] == "sP"
        kp, ko, kg = ("sP", "sO", "sG") if shallow else ("P", "O", "G")
        if not value.is_block_arg:
            op = value.owner
            if op.name == "util.optimization_barrier":
                if value.index >= len(op.operands):
                    return {}
                st = self._read((kp, op.operands[value.index]), key)
                return None if st is None else dict(st)
            if op.name == "util.global.load":
                g = self._globals.get(self._global_name(op) or "")
                if g is None:
                    return None
                st = self._read((kg, g), key)
                return None if st is None else dict(st)
        results, complete = self._walk_defining(value)
        if not complete:
            return None
        acc: dict[str, str] | None = {}
        for r in results:
            op = r.owner
            name = op.name
            if name in _CALLS:
                continue
            pinned = False
            if self._is_affinity_op(op) and self._pins(op):
                pinned = True
                acc = self._union(acc, self._read((ko, op), key))
            t = self._tied_operand(r) if self._is_tied_op(op) else None
            if t is not None:
                st = self._read((kp, t), key)
                if not pinned or st is not None:
                    acc = self._union(acc, st)
                if name == "stream.async.dispatch" and op.props.get("affinity") is not None:
                    acc = self._union(acc, self._read((ko, op), key))
                continue
            if self._is_affinity_op(op):
                if shallow and self._lookup(op) is None:
                    # IREE creates this op element without updating it
                    # (updateAfterInit=false): empty at the first visit.
                    continue
                st = self._read((ko, op), key)
                if not pinned or st is not None:
                    acc = self._union(acc, st)
                continue
            if name == "util.global.load":
                g = self._globals.get(self._global_name(op) or "")
                st = self._read((kg, g), key) if g is not None else None
                if not pinned or st is not None:
                    acc = self._union(acc, st)
            elif name == "arith.select":
                for o in op.operands[1:3]:
                    st = self._read((kp, o), key)
                    if not pinned or st is not None:
                        acc = self._union(acc, st)
            elif r is not value:
                st = self._read((kp, r), key)
                if not pinned or st is not None:
                    acc = self._union(acc, st)
            if acc is None:
                return None
        return acc

    def _update_consumer(self, key: tuple, value: Value) -> dict[str, str] | None:
        kc, ko, kg = ("sC", "sO", "sG") if key[0] == "sC" else ("C", "O", "G")
        uses, complete = self._walk_uses(value)
        if not complete:
            return None
        acc: dict[str, str] | None = {}
        for op, idx in uses:
            name = op.name
            if self._is_affinity_op(op):
                acc = self._union(acc, self._read((ko, op), key))
            if self._is_tied_op(op):
                for r in self._tied_results(op, idx):
                    acc = self._union(acc, self._read((kc, r), key))
            if name == "stream.async.transfer":
                target = op.props.get("target_affinity")
                if target is not None and acc is not None:
                    acc.setdefault(self._norm(target), target)
            elif name == "arith.select" and op.results:
                acc = self._union(acc, self._read((kc, op.results[0]), key))
            elif name in _BRANCHES:
                for arg in self._branch_targets(op, idx):
                    acc = self._union(acc, self._read((kc, arg), key))
            elif name == "scf.for":
                if idx >= 3:
                    args = op.regions[0].blocks[0].args
                    if idx - 2 < len(args):
                        acc = self._union(acc, self._read((kc, args[idx - 2]), key))
            elif name == "scf.while":
                args = op.regions[0].blocks[0].args
                if idx < len(args):
                    acc = self._union(acc, self._read((kc, args[idx]), key))
            elif name in ("scf.condition", "scf.yield"):
                for target in self._scf_successor_inputs(op, idx):
                    acc = self._union(acc, self._read((kc, target), key))
            elif name == "stream.yield":
                parent = _parent_op(op)
                if parent is not None and idx < len(parent.results):
                    acc = self._union(acc, self._read((kc, parent.results[idx]), key))
            elif name == "util.return":
                fn = _parent_op(op)
                if fn is not None and fn.name in _CALLABLES:
                    calls, ok = self._incoming_calls(fn)
                    for call in calls:
                        if idx < len(call.results):
                            acc = self._union(acc, self._read((kc, call.results[idx]), key))
            elif name == "util.optimization_barrier":
                if idx < len(op.results):
                    acc = self._union(acc, self._read((kc, op.results[idx]), key))
            elif name == "util.global.store":
                g = self._globals.get(self._global_name(op) or "")
                acc = self._union(acc, self._read((kg, g), key) if g is not None else None)
            if acc is None:
                return None
        return acc

    def _update_op(self, key: tuple, op: Op) -> dict[str, str] | None:
        kp, kc = ("sP", "sC") if key[0] == "sO" else ("P", "C")
        acc: dict[str, str] | None = {}
        operands = [o for o in op.operands if _is_affinity_type(o.type)]
        if operands:
            for o in operands:
                acc = self._union(acc, self._read((kp, o), key))
        else:
            for r in op.results:
                if _is_affinity_type(r.type):
                    acc = self._union(acc, self._read((kc, r), key))
        return acc

    def _update_global(self, key: tuple, g: Op) -> dict[str, str] | None:
        gname = _sym_name(g) or ""
        if gname in self._indirect:
            return None
        acc: dict[str, str] = {}
        loads = self._loads.get(gname, [])
        if loads:
            inputs = [("C", ld.results[0]) for ld in loads if ld.results]
        else:
            inputs = [("P", st.operands[0]) for st in self._stores.get(gname, ()) if st.operands]
        for kind, v in inputs:
            if self._ends_invalid(kind, v):
                kind = "s" + kind
                if self._ends_invalid(kind, v):
                    continue
            st = self._read((kind, v), key)
            if st is not None:
                self._union(acc, st)
        return acc

    def _ends_invalid(self, kind: str, value: Value) -> bool:
        """Whether element ``(kind, value)`` is INVALID once solved.

        IREE's global element skips an INVALID input but keeps what the input
        gave while it was still valid (DFX unions states, never shrinks them).
        Which facts those were depends on when the input turned INVALID; what
        iree-opt shows is the input as its first visit saw it: the global is
        created (and updated, depth first) before anything else, and the op
        elements a producer walk creates are not updated at creation
        (``getOrCreateElementFor(..., updateAfterInit=false)`` in
        ``ValueProducerAffinityPVS::updateValue``), so an op without a written
        affinity contributes nothing there, nor does another global.  The
        ``s*`` elements compute that first-visit value; one that ends INVALID
        gives nothing, as in DFX.  INVALID-ness does not depend on the sets
        (only on incomplete walks), so a plain solve (no first-visit rule)
        decides it for both kinds of element, and the solve that reads them
        stays monotone (deterministic): an input read while still valid but
        INVALID at the end would leave its passing facts in ``G``."""
        if not self._use_first_visit:
            return False
        if self._invalidity is None:
            self._invalidity = AffinityAnalysis(self._module, self._norm, _first_visit=False)
        return self._invalidity.state(kind, value) is None

    # -- pinned values ----------------------------------------------------------

    def _compute_pinned(self) -> dict[Value, list[Op]]:
        pinned: dict[Value, list[Op]] = {}

        def mark(v: Value, op: Op) -> bool:
            ops = pinned.setdefault(v, [])
            if op in ops:
                return False
            ops.append(op)
            return True

        for op in self._pinning:
            for r in op.results:
                if _is_affinity_type(r.type):
                    self._pin_uses(r, op, mark)
            for o in op.operands:
                if _is_affinity_type(o.type):
                    self._pin_defs(o, op, mark)
        return pinned

    def _pin_uses(self, value: Value, pin_op: Op, mark) -> None:
        seen: set = set()
        work = [value]
        while work:
            v = work.pop()
            for use in list(v.uses):
                if use in seen:
                    continue
                seen.add(use)
                op, idx = use
                if not _is_affinity_type(v.type):
                    continue
                if self._is_affinity_op(op) and self._pins(op):
                    continue
                if not mark(v, pin_op):
                    continue
                # Walk on from this use (forward, ties included).
                sub, _ = self._walk_uses_one(op, idx, v)
                work.extend(sub)

    def _walk_uses_one(self, op: Op, idx: int, v: Value) -> tuple[list[Value], bool]:
        """Values a forward walk continues to from one use (ties included)."""
        out: list[Value] = []
        if self._is_tied_op(op):
            out.extend(self._tied_results(op, idx))
        name = op.name
        if name in _ASYNC_REGIONS and op.regions:
            k = idx - _segment_start(op, "resource_operands")
            args = op.regions[0].blocks[0].args
            if 0 <= k < len(op.group("resource_operands")) and k < len(args):
                out.append(args[k])
        elif name == "stream.yield":
            parent = _parent_op(op)
            if parent is not None and idx < len(op.group("resource_operands")) and idx < len(parent.results):
                out.append(parent.results[idx])
        elif name in ("scf.yield", "scf.condition"):
            out.extend(self._scf_successor_inputs(op, idx))
        elif name in _CALLS:
            callee = self._funcs.get(self._callee(op) or "")
            if _has_body(callee):
                args = callee.regions[0].blocks[0].args
                if idx < len(args):
                    out.append(args[idx])
        elif name in _RETURNS:
            fn = _parent_op(op)
            if fn is not None and fn.name in _CALLABLES:
                calls, _ = self._incoming_calls(fn)
                out.extend(c.results[idx] for c in calls if idx < len(c.results))
        elif name == "util.global.store":
            out.extend(ld.results[0] for ld in self._loads.get(self._global_name(op) or "", ()) if ld.results)
        return out, True

    def _pin_defs(self, value: Value, pin_op: Op, mark) -> None:
        seen: set[Value] = set()
        work = [value]
        while work:
            v = work.pop()
            if v in seen:
                continue
            seen.add(v)
            if v.is_block_arg:
                preds, _ = self._incoming(v)
                work.extend(preds)
                continue
            op = v.owner
            if op is not pin_op:
                if not _is_affinity_type(v.type):
                    continue
                if self._is_affinity_op(op) and self._pins(op):
                    continue
                if not mark(v, pin_op):
                    continue
            t = self._tied_operand(v) if self._is_tied_op(op) else None
            if t is not None:
                work.append(t)
            name = op.name
            if name in _CALLS:
                callee = self._funcs.get(self._callee(op) or "")
                if _has_body(callee):
                    for block in callee.regions[0].blocks:
                        if block.ops and block.ops[-1].name in _RETURNS and v.index < len(block.ops[-1].operands):
                            work.append(block.ops[-1].operands[v.index])
            elif name == "util.global.load":
                for store in self._stores.get(self._global_name(op) or "", ()):
                    if store.operands:
                        work.append(store.operands[0])
            elif name in _REGION_BRANCH and op.regions:
                work.extend(self._region_exit_operands(op, v.index))

    # -- queries ----------------------------------------------------------------

    def prepare(self, values: Iterable[Value]) -> None:
        """Solve and remember the answers for ``values`` now, before the
        module is rewritten (IREE runs the analysis once, up front)."""
        values = list(values)
        for v in values:
            self._read(("P", v), None)
            self._read(("C", v), None)
        self._solve()
        for v in values:
            self._answers[v] = (self._pinned_now(v), self._usage_now(v))

    def pinned_affinities(self, value: Value) -> list[str] | None:
        """``tryLookupPinnedAffinities``: sorted affinities of the ops pinning
        ``value``, or None when it is not pinned."""
        answer = self._answers.get(value)
        return answer[0] if answer is not None else self._pinned_now(value)

    def usage_affinities(self, value: Value) -> list[str]:
        """``tryLookupResourceUsageAffinity``: producers (if known) and
        consumers (if known) and pinning ops of ``value``, sorted; else the
        ``stream.affinity.default`` in scope; else nothing."""
        answer = self._answers.get(value)
        return answer[1] if answer is not None else self._usage_now(value)

    def state(self, kind: str, obj: object) -> dict[str, str] | None:
        """The solved state of element ``(kind, obj)``: ``norm -> text``, or
        None for INVALID.  ``kind`` is ``"P"``, ``"C"``, ``"O"`` or ``"G"``."""
        key = (kind, obj)
        self._read(key, None)
        self._solve()
        return self._states[key]

    def _pinned_now(self, value: Value) -> list[str] | None:
        if not self._pinning:
            return None
        if self._pinned is None:
            self._pinned = self._compute_pinned()
        ops = self._pinned.get(value)
        if not ops:
            return None
        found: dict[str, str] = {}
        for op in ops:
            aff = self._lookup(op)
            if aff is None:
                return None
            found.setdefault(self._norm(aff), aff)
        return [found[k] for k in sorted(found)]

    def _usage_now(self, value: Value) -> list[str]:
        found: dict[str, str] = {}
        for kind in ("P", "C"):
            st = self.state(kind, value)
            if st is not None:
                for k, v in st.items():
                    found.setdefault(k, v)
        for aff in self._pinned_now(value) or ():
            found.setdefault(self._norm(aff), aff)
        if not found:
            owner = value.owner
            scope = _block_parent_op(owner) if value.is_block_arg else _parent_op(owner)
            default = self._lookup_default(scope)
            return [default] if default is not None else []
        return [found[k] for k in sorted(found)]


def _lifetime(type_text: str) -> str:
    m = re.match(r"!stream\.resource<([^>]*)>", type_text)
    return m.group(1) if m else "*"


def _segment_start(op: Op, seg: str) -> int:
    k = op.opdef.segment_index[seg]
    return sum(op.segments[:k])


def _is_module(obj: object) -> bool:
    return obj is None or not hasattr(obj, "opdef")


def _parent_op(op: Op) -> Op | None:
    blk = op.parent
    region = blk.parent if blk is not None else None
    parent = region.parent if region is not None else None
    return parent if parent is not None and hasattr(parent, "opdef") else None


def _block_parent_op(block: Block) -> Op | None:
    region = block.parent
    parent = region.parent if region is not None else None
    return parent if parent is not None and hasattr(parent, "opdef") else None
