"""Attributes as the passes read them: one alias table and one canonical form
per module, and typed parsing of the attribute kinds the passes look into.

The model keeps attributes as MLIR text (``op.props["affinity"]``,
``op.attrs["stream.resources"]``, ``module.aliases``).  Every question a pass
asks about that text goes through this module, so that "same affinity" gets
one answer everywhere (planner, converter, affinity analysis, layout-slices):

* :class:`AttrTable` -- the ``#name = ...`` aliases of one module, resolved to
  a fixed point (aliases may refer to aliases; a cycle is an error naming the
  chain), with :meth:`AttrTable.key` (the canonical form: aliases expanded
  anywhere in the text, insignificant whitespace dropped; equal keys = the
  same attribute) and :meth:`AttrTable.expand` (aliases expanded, whitespace
  collapsed: the text to print when a pass builds a new attribute from
  others).
* typed readers: :func:`parse_int` (``64``, ``0x40 : index``),
  :func:`parse_array` / :func:`parse_int_array`, :func:`parse_dict`,
  :func:`parse_symbol_ref`, :func:`parse_affinity` (``#hal.device.affinity<@d,
  [0]>``, ``#hal.device.promise<...>``, ``#hal.device.optimal<[...]>``, with
  :func:`join_or`, IREE's ``AffinityAttr::joinOR``) and
  :func:`parse_resource_config` (``#stream.resource_config<{...}>``).
* :func:`split_top_level`: the one splitter of comma lists (brackets,
  strings and the ``->`` of function types respected).

Aliases must be defined before use in MLIR text (the parser rejects anything
else, so a parsed module has no cycle); the guard here is for modules built
or edited in code.
"""

from __future__ import annotations

import re

from fastalloc._lazyre import lazy_compile
from fastalloc._record import Frozen
from fastalloc.errors import FastallocError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

__all__ = [
    "Affinity",
    "AttrTable",
    "DeviceAffinity",
    "OpaqueAffinity",
    "OptimalAffinity",
    "ResourceConfig",
    "join_or",
    "parse_affinity",
    "parse_array",
    "parse_dict",
    "parse_int",
    "parse_int_array",
    "parse_resource_config",
    "parse_symbol_ref",
    "split_top_level",
]

# (Patterns are compiled on first use: see fastalloc._lazyre.)
# An attribute alias reference: `#name` not followed by `<` (a dialect
# attribute such as `#hal.device.affinity<...>` is matched whole and is not
# an alias unless the module defines that very name).
_ALIAS_REF = lazy_compile(r"#[A-Za-z_][\w.$-]*")  # the reference of _sub_alias_refs
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
# String literals (kept verbatim by every normalization) and whitespace runs.
_STRING_OR_SPACE = lazy_compile(r'"(?:[^"\\]|\\[\s\S])*"?|\s+')
_WORD = lazy_compile(r"[\w.$-]")
# The alias chain is followed at most this far (a parsed module cannot have
# a cycle; a module built in code could).
_MAX_DEPTH = 64


def _outside_strings(text: str, fn) -> str:
    """``fn`` applied to the pieces of ``text`` outside string literals."""
    if '"' not in text:
        return fn(text)
    out = []
    pos = 0
    for m in re.finditer(r'"(?:[^"\\]|\\[\s\S])*"?', text):
        out.append(fn(text[pos:m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(fn(text[pos:]))
    return "".join(out)


def _sub_alias_refs(text: str, fn) -> str:
    """``_ALIAS_REF.sub(lambda m: fn(m.group()), text)`` without compiling
    the pattern (``\\w`` is str.isalnum or '_')."""
    i = text.find("#")
    if i < 0:
        return text
    out = []
    pos = 0
    n = len(text)
    while i >= 0:
        j = i + 1
        if j < n and text[j] in _ASCII_LETTERS:
            j += 1
            while j < n and (text[j].isalnum() or text[j] in "_.$-"):
                j += 1
            out.append(text[pos:i])
            out.append(fn(text[i:j]))
            pos = j
        i = text.find("#", j)
    out.append(text[pos:])
    return "".join(out)


def _collapse(text: str) -> str:
    """Whitespace runs outside strings -> one space; ends stripped."""
    if '"' not in text:
        return " ".join(text.split())  # the same: str.split's whitespace is re's
    return _outside_strings(text, lambda s: re.sub(r"\s+", " ", s)).strip()


def _squeeze(text: str) -> str:
    """Whitespace outside strings dropped, except one space between two word
    characters (``a b`` stays two tokens)."""

    def sub(s: str) -> str:
        def one(m: re.Match[str]) -> str:
            a, b = m.start(), m.end()
            if 0 < a and b < len(s) and _WORD.match(s[a - 1]) and _WORD.match(s[b]):
                return " "
            return ""

        return re.sub(r"\s+", one, s)

    return _outside_strings(text, sub).strip()


class AttrTable:
    """The attribute aliases of one module and the canonical form of attributes.

    Build one per module and run (:meth:`of_module`); answers are memoized.
    ``aliases`` are the module's definition lines (``#name = text``; type
    aliases ``!name = ...`` are ignored).
    """

    __slots__ = ("_defs", "_resolved", "_keys", "_expanded", "_affinities", "filename")

    def __init__(self, aliases: Iterable[str] = (), filename: str = "<stdin>") -> None:
        self.filename = filename
        self._defs: dict[str, str] = {}
        for line in aliases:
            name, sep, text = line.partition("=")
            name = name.strip()
            if sep and name.startswith("#"):
                self._defs[name] = text.strip()
        self._resolved: dict[str, str] = {}
        self._keys: dict[str, str] = {}
        self._expanded: dict[str, str] = {}
        self._affinities: dict[str, Affinity] = {}

    @classmethod
    def of_module(cls, module: Any) -> AttrTable:
        """The table of ``module`` (a :class:`fastalloc.ir.Module`, or None: empty)."""
        if module is None:
            return cls()
        return cls(module.aliases, getattr(module, "filename", "<stdin>"))

    @property
    def aliases(self) -> dict[str, str]:
        """``#name -> definition text`` as written (not expanded)."""
        return dict(self._defs)

    # -- aliases ----------------------------------------------------------
    def _definition(self, name: str, chain: tuple[str, ...] = ()) -> str:
        """The definition of alias ``name`` with every alias in it expanded."""
        done = self._resolved.get(name)
        if done is not None:
            return done
        if name in chain or len(chain) >= _MAX_DEPTH:
            path = " -> ".join((*chain, name))
            what = "cycle" if name in chain else f"chain deeper than {_MAX_DEPTH}"
            raise FastallocError(f"{self.filename}: attribute alias {what}: {path}")
        text = self._defs[name]
        chain = (*chain, name)
        out = _outside_strings(text, lambda s: _sub_alias_refs(s, lambda ref: self._ref(ref, chain)))
        self._resolved[name] = out
        return out

    def _ref(self, ref: str, chain: tuple[str, ...]) -> str:
        return self._definition(ref, chain) if ref in self._defs else ref

    def _substitute(self, text: str) -> str:
        if "#" not in text or not self._defs:
            return text
        return _outside_strings(text, lambda s: _sub_alias_refs(s, lambda ref: self._ref(ref, ())))

    def expand(self, text: str) -> str:
        """``text`` with every alias expanded (to a fixed point) and whitespace
        collapsed: the spelling of an attribute a pass builds from others."""
        out = self._expanded.get(text)
        if out is None:
            out = self._expanded[text] = _collapse(self._substitute(text))
        return out

    def key(self, text: str) -> str:
        """The canonical form: equal keys <=> the same attribute (MLIR
        uniques attributes, so two spellings that agree once aliases are
        expanded and layout whitespace is dropped are one attribute).  Dict
        keys and sort keys of the passes.  For texts in MLIR's printed form
        the order of keys is the order of the printed texts."""
        out = self._keys.get(text)
        if out is None:
            out = self._keys[text] = _squeeze(self._substitute(text))
        return out

    def same(self, a: str | None, b: str | None) -> bool:
        """Whether ``a`` and ``b`` are the same attribute (None: no attribute)."""
        if a is None or b is None:
            return a is b
        return a == b or self.key(a) == self.key(b)

    # -- typed views ------------------------------------------------------
    def affinity(self, text: str) -> Affinity:
        """:func:`parse_affinity` of ``text`` with aliases expanded."""
        out = self._affinities.get(text)
        if out is None:
            out = self._affinities[text] = parse_affinity(self.expand(text))
        return out

    def join_or(self, affinities: Iterable[str | None]) -> str | None:
        """``AffinityAttr::joinOR`` over a list of affinity texts (None = no
        affinity); the result is the joined attribute's text."""
        items = [a for a in affinities if a is not None]
        if len(items) < 2:
            # one affinity is kept as written (an alias stays an alias)
            return items[0] if items else None
        result = self.affinity(items[0])
        for a in items[1:]:
            result = join_or(result, self.affinity(a))
        return result.text

    def resource_config(self, text: str, loc: Any = None) -> ResourceConfig:
        """:func:`parse_resource_config` of ``text`` with aliases expanded."""
        return parse_resource_config(self.expand(text), loc)


# ---------------------------------------------------------------------------
# Lists, dictionaries, integers, symbols
# ---------------------------------------------------------------------------

# What split_top_level looks at: string literals (skipped whole), arrows
# (`->`: its `>` closes nothing), brackets and the separator.
_SPLIT_TOKEN = lazy_compile(r'"(?:[^"\\]|\\[\s\S])*"?|->|[<>()\[\]{},]')


def split_top_level(text: str) -> list[str]:
    """``text`` split at commas outside brackets (``<([{``) and string
    literals, parts stripped; ``""`` gives ``[]``."""
    depth = 0
    cuts = []
    for m in _SPLIT_TOKEN.finditer(text):
        c = m.group()
        if c == "," and depth == 0:
            cuts.append(m.start())
        elif c in ("<", "(", "[", "{"):
            depth += 1
        elif c in (">", ")", "]", "}"):
            depth -= 1
    bounds = [-1, *cuts, len(text)]
    parts = [text[a + 1 : b].strip() for a, b in zip(bounds, bounds[1:])]
    return [] if parts == [""] else parts


# What parse_int accepts, as a pattern (the reference of _match_int, which
# reads the same without compiling it: a pattern costs a short run more
# than all the integers it reads).
_INT = lazy_compile(r"^\s*(-?(?:0x[0-9a-fA-F]+|\d+))\s*(?::\s*(index|i\d+|si\d+|ui\d+))?\s*$")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _match_int(text: str) -> tuple[str, str | None] | None:
    """``_INT.match(text).group(1, 2)``, or None where it does not match.
    (``\\s`` and ``\\d`` of a str pattern are str.isspace and str.isdecimal.)"""
    num, colon, typ = text.strip().partition(":")
    num = num.rstrip()
    body = num[1:] if num[:1] == "-" else num
    if not (body.isdecimal() or (body[:2] == "0x" and len(body) > 2 and _HEX_DIGITS.issuperset(body[2:]))):
        return None
    if not colon:
        return num, None
    typ = typ.lstrip()
    width = typ[1:] if typ[:1] == "i" else typ[2:] if typ[:2] in ("si", "ui") else None
    if typ != "index" and not (width and width.isdecimal()):
        return None
    return num, typ


def _int_literal(text: str) -> int:
    """An MLIR integer literal (decimal, leading zeros allowed, or 0x hex)."""
    neg = text.startswith("-")
    body = text[1:] if neg else text
    v = int(body, 16) if body[:2] in ("0x", "0X") else int(body)
    return -v if neg else v


def parse_int(text: str, *, typed: bool = False) -> int | None:
    """The integer of ``64``, ``-3``, ``0x40`` or ``64 : index`` / ``7 : i32``;
    None for anything else.  ``typed=True`` wants the ``: type`` part."""
    m = _match_int(text)
    if m is None or (typed and m[1] is None):
        return None
    return _int_literal(m[0])


def parse_array(text: str) -> list[str] | None:
    """The element texts of ``[a, b, ...]`` or ``array<T: a, b>``; None if
    ``text`` is neither."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        return split_top_level(text[1:-1])
    if text.startswith("array<") and text.endswith(">"):
        _, colon, body = text[6:-1].partition(":")
        return split_top_level(body) if colon else []
    return None


def parse_int_array(text: str) -> list[int] | None:
    """``[1, 2 : index]`` / ``array<i64: 1, 2>`` -> ``[1, 2]``; None if not one."""
    items = parse_array(text)
    if items is None:
        return None
    out = []
    for item in items:
        v = parse_int(item)
        if v is None:
            return None
        out.append(v)
    return out


def parse_dict(text: str) -> list[tuple[str, str]] | None:
    """``{a = 1, b.c, "d.e" = x}`` -> ``[("a", "1"), ("b.c", ""), ('"d.e"', "x")]``
    (keys as written, value ``""`` for a unit entry); None if not a dictionary."""
    text = text.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return None
    items = []
    for entry in split_top_level(text[1:-1]):
        key, eq, value = entry.partition("=")
        items.append((key.strip(), value.strip() if eq else ""))
    return items


_SYMBOL_REF = lazy_compile(r'^\s*@([\w.$-]+|"(?:[^"\\]|\\.)*")((?:::@(?:[\w.$-]+|"(?:[^"\\]|\\.)*"))*)\s*$')


def parse_symbol_ref(text: str) -> list[str] | None:
    """``@a`` -> ``["a"]``, ``@a::@b`` -> ``["a", "b"]`` (quotes removed);
    None if ``text`` is not a symbol reference."""
    m = _SYMBOL_REF.match(text)
    if m is None:
        return None
    parts = [m.group(1)] + [p[1:] for p in re.findall(r'@(?:[\w.$-]+|"(?:[^"\\]|\\.)*")', m.group(2))]
    return [p[1:-1] if p.startswith('"') else p for p in parts]


# ---------------------------------------------------------------------------
# Affinities (#hal.device.affinity / promise / optimal)
# ---------------------------------------------------------------------------

# A device affinity, as a pattern: the reference of _match_device
_DEVICE = lazy_compile(r"^#hal\.device\.(affinity|promise)<\s*(@[\w.$-]+)\s*(?:,\s*\[([^\]]*)\])?\s*>$")


def _match_device(text: str) -> tuple[str, str, str | None] | None:
    """``_DEVICE.match(text).groups()`` for a stripped ``text`` (no final
    newline for ``$`` to stop before), or None where it does not match;
    without compiling the pattern.  (``\\w`` is str.isalnum or '_'.)"""
    if not text.startswith("#hal.device.") or text[-1:] != ">":
        return None
    kind, lt, inner = text[12:-1].partition("<")
    if kind not in ("affinity", "promise") or not lt:
        return None
    inner = inner.strip()
    end = 1
    while end < len(inner) and (inner[end].isalnum() or inner[end] in "_.$-"):
        end += 1
    if inner[:1] != "@" or end == 1:
        return None
    rest = inner[end:].lstrip()
    if not rest:
        return kind, inner[:end], None
    if rest[0] != ",":
        return None
    rest = rest[1:].lstrip()
    close = rest.find("]")
    if rest[:1] != "[" or close < 0 or rest[close + 1:]:
        return None
    return kind, inner[:end], rest[1:close]
_OPTIMAL_PREFIX = "#hal.device.optimal<["


class DeviceAffinity(Frozen):
    """``#hal.device.affinity<@device[, [queues]]>`` (or ``promise``);
    ``queues`` None = any queue."""

    __slots__ = _fields = ("kind", "device", "queues")
    kind: str
    device: str
    queues: tuple[int, ...] | None

    def __init__(self, kind: str, device: str, queues: tuple[int, ...] | None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "device", device)
        object.__setattr__(self, "queues", queues)

    @property
    def text(self) -> str:
        if self.queues is None:
            return f"#hal.device.{self.kind}<{self.device}>"
        return f"#hal.device.{self.kind}<{self.device}, [{', '.join(map(str, self.queues))}]>"


class OptimalAffinity(Frozen):
    """``#hal.device.optimal<[a, b, ...]>``: members as affinities."""

    __slots__ = _fields = ("members",)
    members: tuple[Affinity, ...]

    def __init__(self, members: tuple[Affinity, ...]) -> None:
        object.__setattr__(self, "members", members)

    @property
    def text(self) -> str:
        return f"{_OPTIMAL_PREFIX}{', '.join(m.text for m in self.members)}]>"


class OpaqueAffinity(Frozen):
    """Any other affinity attribute, as (expanded) text."""

    __slots__ = _fields = ("text",)
    text: str

    def __init__(self, text: str) -> None:
        object.__setattr__(self, "text", text)


# a types.UnionType at run time (typing.Union would import typing)
Affinity = DeviceAffinity | OptimalAffinity | OpaqueAffinity


def _queue(q: str) -> int:
    """A queue ordinal as MLIR reads it: decimal or 0x hex."""
    return int(q, 16) if q[:2] in ("0x", "0X") else int(q)


def parse_affinity(text: str) -> Affinity:
    """The typed affinity of ``text`` (aliases already expanded)."""
    text = _collapse(text)
    m = _match_device(text)
    if m is not None:
        queues = None
        if m[2] is not None:
            try:
                queues = tuple(_queue(q.strip()) for q in m[2].split(",") if q.strip())
            except ValueError:
                return OpaqueAffinity(text)
        return DeviceAffinity(m[0], m[1], queues)
    if text.startswith(_OPTIMAL_PREFIX) and text.endswith("]>"):
        return OptimalAffinity(tuple(parse_affinity(t) for t in split_top_level(text[len(_OPTIMAL_PREFIX) : -2])))
    return OpaqueAffinity(text)


def join_or(a: Affinity, b: Affinity) -> Affinity:
    """``AffinityAttr::joinOR``: the affinity that may run where ``a`` or
    ``b`` may.  Two device affinities of one kind and device join their
    queue sets (any queue if either says so); an optimal list takes the
    other in (merged into its member of the same device, or appended);
    anything else makes a new optimal list ``[a, b]``."""
    if a == b and not isinstance(a, DeviceAffinity):
        return a
    if isinstance(b, OptimalAffinity) and not isinstance(a, OptimalAffinity):
        return join_or(b, a)
    if isinstance(a, DeviceAffinity) and isinstance(b, DeviceAffinity) and (a.kind, a.device) == (b.kind, b.device):
        if a.queues is None or b.queues is None:
            return DeviceAffinity(a.kind, a.device, None)
        return DeviceAffinity(a.kind, a.device, tuple(sorted(set(a.queues) | set(b.queues))))
    if isinstance(a, OptimalAffinity):
        members = list(a.members)
        for k, m in enumerate(members):
            if isinstance(m, DeviceAffinity) and isinstance(b, DeviceAffinity) and m.device == b.device:
                members[k] = join_or(m, b)
                break
        else:
            members.append(b)
        return OptimalAffinity(tuple(members))
    return OptimalAffinity((a, b))


# ---------------------------------------------------------------------------
# #stream.resource_config
# ---------------------------------------------------------------------------

DEFAULT_ALIGNMENT = 64


class ResourceConfig(Frozen):
    """The two fields of ``#stream.resource_config`` that layout-slices reads."""

    __slots__ = _fields = ("offset_alignment", "range_alignment")
    offset_alignment: int
    range_alignment: int

    def __init__(self, offset_alignment: int = DEFAULT_ALIGNMENT, range_alignment: int = DEFAULT_ALIGNMENT) -> None:
        object.__setattr__(self, "offset_alignment", offset_alignment)
        object.__setattr__(self, "range_alignment", range_alignment)


_CONFIG_ATTR = lazy_compile(r"#stream\.resource_config\s*<\s*\{(?P<body>[^}]*)\}\s*>")  # _search_config's reference
_CONFIG_NAME = "#stream.resource_config"


def _search_config(text: str) -> str | None:
    """``_CONFIG_ATTR.search(text).group("body")`` (None: no match) without
    compiling the pattern."""
    start = text.find(_CONFIG_NAME)
    while start >= 0:
        rest = text[start + len(_CONFIG_NAME):].lstrip()
        if rest[:1] == "<":
            rest = rest[1:].lstrip()
            close = rest.find("}")
            if rest[:1] == "{" and close >= 0 and rest[close + 1:].lstrip()[:1] == ">":
                return rest[1:close]
        start = text.find(_CONFIG_NAME, start + 1)
    return None
_CONFIG_FIELDS = ("min_buffer_offset_alignment", "min_buffer_range_alignment")
_CONFIG_KEY = "stream.resources"


def parse_resource_config(text: str, loc: Any = None) -> ResourceConfig:
    """Offset and range alignment of a ``#stream.resource_config<{...}>`` text
    (aliases already expanded).

    Missing fields are 0 in IREE's parser.  iree-opt lays packs out with
    any alignment, 0 or not a power of two included (``Util::align``'s mask
    arithmetic; layout-slices replays it); a negative one is rejected here.
    """
    body = _search_config(text)
    if body is None:
        raise FastallocError(f"'{_CONFIG_KEY}' is not a #stream.resource_config<{{...}}>: {text}", loc)
    fields = dict.fromkeys(_CONFIG_FIELDS, 0)
    for key, value in parse_dict("{" + body + "}") or ():
        if key in fields:
            v = parse_int(value)
            if v is not None:
                fields[key] = v
    for key, value in fields.items():
        if value < 0 or value >= 1 << 63:
            raise FastallocError(f"{_CONFIG_KEY}: {key} = {value} is out of range (0 to 2**63 - 1)", loc)
    return ResourceConfig(fields["min_buffer_offset_alignment"], fields["min_buffer_range_alignment"])
