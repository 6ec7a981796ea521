"""The verifier's fast reading of ``arith.constant`` (``_plain_constant_fits``)
agrees with its regex reading on every text it claims, compiled and as
plain Python."""

from __future__ import annotations

import importlib.util
from importlib.machinery import SourceFileLoader
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fastalloc.ir.verifier as compiled
from fastalloc.errors import FastallocError
from fastalloc.ir import parse


def _pure():
    path = Path(compiled.__file__).with_name("verifier.py")
    loader = SourceFileLoader("fastalloc.ir._verifier_constants_as_python", str(path))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


PURE = _pure()


def _by_regex(text: str) -> int:
    """The verifier's regex reading: 1 fits (or not a constant it checks), 0 out of range."""
    m = compiled._CONSTANT.match(text.strip()) or compiled._GENERIC_CONSTANT.search(text)
    if m is None:
        return 1
    neg, digits, ty = m.groups()
    width, signed = compiled._bits(ty)
    if width == 0 or width > 1 << 16:
        return 1
    value = int(digits, 16) if digits.startswith("0x") else int(digits)
    if neg:
        return int(value <= 1 << (width - 1) if width > 1 else value <= 1)
    return int(value < 1 << (width - 1) if signed else value < 1 << width)


_types = st.sampled_from(["index", "i1", "i2", "i8", "i16", "i32", "i60", "i61", "i63", "i64", "i0", "i99999",
                          "i100000", "si8", "ui8", "f32", "i", "index2", "i8 "])
_digits = st.one_of(
    st.integers(0, 10**19).map(str),
    st.sampled_from(["0", "00", "007", "128", "127", "255", "256", "0x10", "0xFF", "1" * 18, "9" * 18, "9" * 19]),
    st.integers(0, 70).map(lambda k: str(1 << k)),
    st.integers(1, 70).map(lambda k: str((1 << k) - 1)),
)
_spaces = st.sampled_from(["", " ", "  ", "\t", " \n"])


@settings(max_examples=600, deadline=None)
@given(_spaces, st.sampled_from(["arith.constant", "arith.constan", "arith.constantx"]), _spaces,
       st.sampled_from(["", "-", "- "]), _digits, _spaces, st.sampled_from([":", ";"]), _spaces, _types, _spaces)
def test_fast_reading_agrees_with_the_regexes(lead, name, s1, sign, digits, s2, colon, s3, ty, tail):
    text = f"{lead}{name}{s1}{sign}{digits}{s2}{colon}{s3}{ty}{tail}"
    for mod in (compiled, PURE):
        got = mod._py_plain_constant_fits(text)
        assert got in (-1, 0, 1)
        if got != -1:
            assert got == _by_regex(text), text
    assert compiled._py_plain_constant_fits(text) == PURE._py_plain_constant_fits(text)


@pytest.mark.parametrize("text, want", [
    ("arith.constant 127 : i8", 1), ("arith.constant 255 : i8", 1), ("arith.constant 256 : i8", 0),
    ("arith.constant -128 : i8", 1), ("arith.constant -129 : i8", 0), ("arith.constant -1 : i1", 1),
    ("arith.constant -2 : i1", 0), ("arith.constant 999999999999999999 : index", 1),
    ("  arith.constant 1 : i1  ", 1), ("arith.constant 2 : i1", 0),
    ("arith.constant 0x10 : i8", -1), ("arith.constant  1 : i8", -1), ("arith.constant 1 : si8", -1),
    ("arith.constant 1000000000000000000 : i64", -1), ("arith.constant 1.0 : f32", -1),
])
def test_fast_reading_examples(text, want):
    assert compiled._py_plain_constant_fits(text) == want == PURE._py_plain_constant_fits(text)


def test_out_of_range_constant_is_reported_at_the_op():
    src = "util.func public @f() {\n  %c = arith.constant 256 : i8\n  util.return\n}\n"
    with pytest.raises(FastallocError, match="integer constant out of range for attribute") as e:
        parse(src, "c.mlir")
    assert "c.mlir:2:" in str(e.value)
    parse(src.replace("256", "255"), "c.mlir")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="-+0123456789xaE.\u0663\u00b2 ", max_size=8))
def test_parser_fast_constant_reading_is_what_the_patterns_accept(value):
    """check_arith skips its patterns for a plain decimal of a plain integer
    type: only where they would accept the constant."""
    import re

    import fastalloc.ir.parser as parser

    fast = parser._plain_decimal(value)
    assert fast == (re.fullmatch(r"-?[0-9]+", value) is not None)
    if fast:
        assert parser._INT_LIT.fullmatch(value)
    for ty in parser._PLAIN_INT_TYPES:
        assert parser._INT_TYPE.fullmatch(ty) and not parser._FLOAT_TYPE.fullmatch(ty)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["util.global.load", "util.global.store", " ", ",", "%v", "@g", '@"a b"', "@",
                                 "immutable", "immutable ", ":", " : ", "index", "i64", "!x<a>", "\n", "@h"]),
                max_size=10))
def test_global_access_search_from_the_first_candidate_is_the_plain_search(parts):
    text = "".join(parts)
    want = PURE._ACCESS.search(text)
    got = compiled._access(text)
    assert (got is None) == (want is None)
    if want is not None:
        assert got.span() == want.span() and got.groups() == want.groups()


_SYMBOL_RE = r'@("(?:[^"\\]|\\.)*"|[\w$.\-]+)'


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["@", '"', "\\", "\n", "a", "Z", "0", " ", "$", ".", "-", "_", "\u0663", "\u00e9",
                                 "\u2028", "(", ":", "%", "@f", '@"x y"']), max_size=12))
def test_symbol_reading_is_the_pattern_search(parts):
    """_symbol (check of duplicate symbols, the module's globals) reads the
    first @name as the pattern it replaces would."""
    import re

    text = "".join(parts)
    m = re.search(_SYMBOL_RE, text)
    want = m.group(1) if m else None
    assert compiled._py_symbol(text) == want == PURE._py_symbol(text)
