"""Generic form of the uninterpreted ops that fastalloc's passes create.

The passes build index arithmetic (``arith.constant``, ``arith.addi``,
``util.align``) and ``stream.cmd.func`` declarations as pretty-form text
templates.  Tools that read MLIR's generic form only (xDSL reads unregistered
ops no other way) need them generic too; :func:`generic_template` gives that
form, and the printer uses it when printing generically.
"""

from __future__ import annotations

import re

from fastalloc.errors import FastallocError
from fastalloc.ir.attributes import split_top_level
from fastalloc.ir.rewriter import BINARY_INDEX_TMPL

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["generic_template"]

_CONST = re.compile(r"^arith\.constant (-?\d+) : index$")


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
    args = split_top_level(rest[lp + 1 : rp])
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
            results = [_type_and_dict(r) for r in split_top_level(tail[1:end])]
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


def generic_template(op: Any) -> list | None:
    """The generic template for a pass-made uninterpreted op, or None to keep."""
    tmpl = op.tmpl
    name = op.name
    if name.startswith("stream.cmd.parameter."):  # made by fastalloc.passes.parameters
        return op._props.get("_generic_tmpl") if op._props else None
    if name in BINARY_INDEX_TMPL and tmpl is BINARY_INDEX_TMPL[name]:
        return [f'"{name}"(', 0, ",", 1, ") : (index, index) -> index"]
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
