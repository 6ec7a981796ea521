"""fastalloc's passes as xDSL ``ModulePass`` es (``pip install 'fastalloc[xdsl]'``).

xDSL has no stream dialect: it reads IREE's stream IR as unregistered ops,
which it only parses in MLIR's generic form (``iree-opt
--mlir-print-op-generic`` gives that form).  The passes print the module in
generic form, run fastalloc on the text and parse the result back, again in
generic form, into the module they were given.  They are registered with
``xdsl-opt`` through the ``xdsl.universe`` entry point (:data:`FASTALLOC_UNIVERSE`)::

    iree-opt --mlir-print-op-generic in.mlir > in.generic.mlir
    xdsl-opt --allow-unregistered-dialect \\
        -p 'fastalloc-schedule-allocation{pack-strategy="best-fit"}' in.generic.mlir

or from Python::

    from xdsl.context import Context
    from xdsl.parser import Parser
    ctx = Context(allow_unregistered=True)
    module = Parser(ctx, generic_text).parse_module()
    FastallocScheduleAllocation(pack_strategy="best-fit").apply(ctx, module)
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Any

from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.parser import Parser
from xdsl.passes import ModulePass
from xdsl.printer import Printer
from xdsl.universe import Universe

from fastalloc.errors import FastallocError

__all__ = [
    "FASTALLOC_UNIVERSE",
    "FastallocLayoutSlices",
    "FastallocScheduleAllocation",
    "run_on_generic_text",
    "to_generic",
]


# ---------------------------------------------------------------------------
# Generic form of the ops fastalloc's passes build as uninterpreted text
# ---------------------------------------------------------------------------
#
# fastalloc's printer prints registered stream ops in generic form on request
# but keeps the ops the passes create without a registry entry (index
# arithmetic, stream.cmd.func) in the pretty form of their template.  xDSL
# cannot parse the pretty form of unregistered ops, so those templates are
# rewritten here into generic ones before printing.

_ALIAS_BINDINGS = re.compile(r"alias_mutable_bindings = 0\b")
_CONST = re.compile(r"^arith\.constant (-?\d+) : index$")


def _split_top(text: str, sep: str = ",") -> list[str]:
    """``text`` split at ``sep`` outside brackets and strings, parts stripped."""
    parts, depth, cur, i, n = [], 0, [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            cur.append(text[i : j + 1])
            i = j + 1
            continue
        if c in "([{<":
            depth += 1
        elif c in ")]}>" and not (c == ">" and i > 0 and text[i - 1] == "-"):
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    tail = "".join(cur).strip()
    if tail or parts:
        parts.append(tail)
    return parts


def _matching(text: str, i: int) -> int:
    """Index of the bracket closing the one at ``text[i]``."""
    depth = 0
    j = i
    while j < len(text):
        c = text[j]
        if c == '"':
            j += 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
        elif c in "([{<":
            depth += 1
        elif c in ")]}>" and not (c == ">" and text[j - 1] == "-"):
            depth -= 1
            if depth == 0:
                return j
        j += 1
    raise ValueError(f"unbalanced '{text[i]}'")


def _type_and_dict(text: str) -> tuple[str, str]:
    """``T {a = 1}`` -> (``T``, ``{a = 1}``); ``T`` -> (``T``, "")."""
    text = text.strip()
    if text.endswith("}"):
        depth = 0
        for j in range(len(text) - 1, -1, -1):
            if text[j] == "}":
                depth += 1
            elif text[j] == "{":
                depth -= 1
                if depth == 0:
                    head = text[:j].rstrip()
                    # `!stream.resource<*>{%sz}` never appears in a signature;
                    # a dictionary is always separated by a space.
                    if head and text[j - 1] == " ":
                        return head, text[j:]
                    break
    return text, ""


def _cmd_func_generic(pretty: str) -> str:
    """Generic form of fastalloc's pretty ``stream.cmd.func`` declaration."""
    rest = pretty[len("stream.cmd.func ") :].strip()
    visibility = None
    for word in ("private", "public", "nested"):
        if rest.startswith(word + " "):
            visibility, rest = word, rest[len(word) + 1 :].lstrip()
    lp = rest.index("(")
    name = rest[:lp].strip()
    rp = _matching(rest, lp)
    args = _split_top(rest[lp + 1 : rp])
    tail = rest[rp + 1 :].strip()
    inputs: list[tuple[str, str]] = []
    for arg in args:
        head, _, typ = arg.partition(":")
        t, d = _type_and_dict(typ)
        inputs.append((t, d))
        if "[" in head:  # %r[%o for %l]: resource, offset and length
            inputs += [("index", ""), ("index", "")]
    results: list[tuple[str, str]] = []
    attrs = ""
    if tail.startswith("->"):
        tail = tail[2:].strip()
        if tail.startswith("("):
            end = _matching(tail, 0)
            results = [_type_and_dict(r) for r in _split_top(tail[1:end])]
            tail = tail[end + 1 :].strip()
        else:
            cut = tail.find(" attributes ")
            res, tail = (tail, "") if cut < 0 else (tail[:cut], tail[cut:].strip())
            results = [(res.strip(), "")]
    if tail.startswith("attributes"):
        attrs = tail[len("attributes") :].strip()
    elif tail:
        raise ValueError(f"unexpected '{tail}'")
    ins = ", ".join(t for t, _ in inputs)
    outs = ", ".join(t for t, _ in results)
    props = []
    if any(d for _, d in inputs):
        props.append("arg_attrs = [" + ", ".join(d or "{}" for _, d in inputs) + "]")
    props.append(f"function_type = ({ins}) -> ({outs})")
    if any(d for _, d in results):
        props.append("res_attrs = [" + ", ".join(d or "{}" for _, d in results) + "]")
    sym = name[1:] if name.startswith('@"') else f'"{name[1:]}"'
    props.append(f"sym_name = {sym}")
    if visibility:
        props.append(f'sym_visibility = "{visibility}"')
    text = '"stream.cmd.func"() <{' + ", ".join(props) + "}> ({\n})"
    if attrs:
        text += " " + attrs
    return text + " : () -> ()"


def _generic_template(op: Any) -> list | None:
    """The generic template for a pass-made uninterpreted op, or None to keep."""
    tmpl = op.tmpl
    name = op.name
    if name in ("arith.addi", "util.align") and tmpl == [f"{name} ", 0, ", ", 1, " : index"]:
        return [f'"{name}"(', 0, ", ", 1, ") : (index, index) -> index"]
    if name == "arith.constant" and len(tmpl) == 1 and isinstance(tmpl[0], str):
        m = _CONST.match(tmpl[0])
        if m:
            return [f'"arith.constant"() <{{value = {m.group(1)} : index}}> : () -> index']
    if name == "stream.cmd.func" and len(tmpl) == 1 and isinstance(tmpl[0], str):
        if tmpl[0].startswith("stream.cmd.func "):
            try:
                return [_cmd_func_generic(tmpl[0])]
            except (ValueError, IndexError) as exc:
                raise FastallocError(f"cannot print this stream.cmd.func in generic form ({exc})", op.loc) from None
    return None


def to_generic(module: Any) -> str:
    """fastalloc module -> MLIR generic text that xDSL parses, including the
    ops fastalloc's passes create as pretty templates (rewritten in place)."""
    header = module.header or "module"
    if header != "module":
        # `module @name attributes {...}`: builtin.module is registered in
        # xDSL (and in xdsl-opt's context), so its pretty form parses there.
        module.header = "builtin." + header
    for op in _walk_fastalloc(module):
        if op.opdef is None and op.tmpl is not None:
            new = _generic_template(op)
            if new is not None:
                op.tmpl = new
    text = module.print(generic=True)
    if header == "module":
        # The plain module in generic form too, so that even a context with
        # no dialect loaded parses the result.
        first = text.index("\n")
        last = text.rindex("\n}")
        text = '"builtin.module"() ({' + text[first:last] + "\n}) : () -> ()" + text[last + 2 :]
    return text


def _walk_fastalloc(module: Any):
    blocks = [module.body]  # Module.body is its top-level Block
    while blocks:
        b = blocks.pop()
        for op in b.ops:
            yield op
            for r in op.regions:
                blocks.extend(r.blocks)


def run_on_generic_text(
    text: str,
    passes: tuple[str, ...] = ("schedule-allocation", "layout-slices"),
    *,
    pack_strategy: str = "iree",
    filename: str = "<xdsl>",
    **options: object,
) -> str:
    """fastalloc's ``passes`` on MLIR text; the result in generic form."""
    from fastalloc.ir import parse
    from fastalloc.passes import _lookup

    fns = [_lookup(name) for name in passes]
    module = parse(text, filename=filename)
    for fn in fns:
        fn(module, pack_strategy=pack_strategy, **options)
    # iree-opt 3.13 prints `alias_mutable_bindings = 0` in a resource config
    # but only parses a boolean there; xDSL keeps the attribute text as is.
    return _ALIAS_BINDINGS.sub("alias_mutable_bindings = false", to_generic(module))


# ---------------------------------------------------------------------------
# The passes
# ---------------------------------------------------------------------------


def _rewrite(ctx: Context, op: builtin.ModuleOp, passes: tuple[str, ...], **options: object) -> None:
    if not ctx.allow_unregistered:
        raise FastallocError(
            "fastalloc's xDSL passes need a context that allows unregistered ops "
            "(xdsl-opt --allow-unregistered-dialect, or Context(allow_unregistered=True))"
        )
    out = run_on_generic_text(_module_text(op), passes, **options)
    new = Parser(ctx, out, "<fastalloc>").parse_module()
    # Swap bodies: the caller holds `op`, so it must stay the module object.
    old = op.body.detach_block(0)
    old.erase(safe_erase=False)
    new.body.move_blocks(op.body)
    for key, value in new.attributes.items():
        op.attributes[key] = value


def _module_text(op: builtin.ModuleOp) -> str:
    """``op`` as text: the module in pretty form around its ops in generic form.

    fastalloc's parser takes a top-level ``"builtin.module"() ({...})`` for an
    op nested in an implicit module, so the module itself is printed pretty
    (``builtin.module`` is registered in xDSL and MLIR alike).
    """
    buf = io.StringIO()
    printer = Printer(stream=buf, print_generic_format=True)
    header = "builtin.module"
    if op.sym_name is not None:
        header += f" @{op.sym_name.data}"
    if op.attributes:
        attrs = io.StringIO()
        Printer(stream=attrs, print_generic_format=True).print_attr_dict(op.attributes)
        header += " attributes " + attrs.getvalue().strip()
    buf.write(header + " {\n")
    for inner in op.body.block.ops:
        printer.print_op(inner)
        buf.write("\n")
    buf.write("}\n")
    return buf.getvalue()


def _options(pack_strategy: str, default_alignment: int | None) -> dict[str, object]:
    opts: dict[str, object] = {"pack_strategy": pack_strategy}
    if default_alignment is not None:
        opts["default_alignment"] = default_alignment
    return opts


@dataclass(frozen=True)
class FastallocScheduleAllocation(ModulePass):
    """IREE's schedule-allocation then layout-slices (unless ``layout=False``)
    by fastalloc, on a module of unregistered stream ops."""

    name = "fastalloc-schedule-allocation"

    pack_strategy: str = "iree"
    """Packer of the static slices: "iree" (iree-opt's output), "best-fit", ..."""
    layout: bool = True
    """Also lower the stream.resource.pack ops (layout-slices)."""
    default_alignment: int | None = None
    """Offset alignment where no stream.resources config applies (IREE: 64)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        passes = ("schedule-allocation", "layout-slices") if self.layout else ("schedule-allocation",)
        _rewrite(ctx, op, passes, **_options(self.pack_strategy, self.default_alignment))


@dataclass(frozen=True)
class FastallocLayoutSlices(ModulePass):
    """IREE's layout-slices by fastalloc: every stream.resource.pack becomes
    offset arithmetic, packed with ``pack_strategy``."""

    name = "fastalloc-layout-slices"

    pack_strategy: str = "iree"
    default_alignment: int | None = None

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        _rewrite(ctx, op, ("layout-slices",), **_options(self.pack_strategy, self.default_alignment))


def _schedule_allocation() -> type[ModulePass]:
    return FastallocScheduleAllocation


def _layout_slices() -> type[ModulePass]:
    return FastallocLayoutSlices


#: Registered under the ``xdsl.universe`` entry point group as ``fastalloc``.
FASTALLOC_UNIVERSE = Universe(
    all_passes={
        FastallocScheduleAllocation.name: _schedule_allocation,
        FastallocLayoutSlices.name: _layout_slices,
    }
)
