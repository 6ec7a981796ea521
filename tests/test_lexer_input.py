"""The native lexer's input-side kernels over ranges and long texts.

``first_odd_char(text, start, end)`` and ``rfind(text, needle, start)`` test
blocks of bytes at once and look byte by byte only in a block with a hit:
texts of a few blocks, with the hit at every offset of a block (and none),
and ranges that start and end anywhere, against the regex and str.rfind.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc import _lexer

_ODD = "\x01\x08\x0b\x0c\x0e\x1f\x7f"
_PLAIN = "a \t\n\r\x00~{-#"


@st.composite
def _texts(draw):
    """A long ASCII text, mostly plain, with a few odd characters or
    needle fragments at drawn places."""
    n = draw(st.integers(0, 1200))
    filler = draw(st.sampled_from(["x", " ", "\n", "ab\t", "{-", "-#", "#"]))
    chars = list((filler * n)[:n])
    for at, ch in draw(st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(_ODD + _PLAIN)), max_size=4)):
        if chars:
            chars[at % len(chars)] = ch
    return "".join(chars)


@settings(max_examples=400, deadline=None)
@given(_texts(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_first_odd_char_of_a_range_is_the_regex(text, a, b):
    from fastalloc.ir.parser import _ODD_CHAR

    start = a % (len(text) + 1)
    end = start + b % (len(text) - start + 1)
    m = _ODD_CHAR.search(text, start, end)
    assert _lexer.first_odd_char(text, start, end) == (m.start() if m else -1)
    m = _ODD_CHAR.search(text, start)
    assert _lexer.first_odd_char(text, start) == (m.start() if m else -1)


@settings(max_examples=400, deadline=None)
@given(_texts(), st.integers(0, 10**6), st.sampled_from(["{-#", "#", "-#", "{-", "x{-#", "\x01"]))
def test_rfind_from_a_start_is_str_rfind(text, a, needle):
    start = a % (len(text) + 1)
    assert _lexer.rfind(text, needle, start) == text.rfind(needle, start)


@pytest.mark.parametrize("size", [255, 256, 257, 511, 512, 513, 1000])
def test_a_hit_at_every_offset_of_a_block(size):
    from fastalloc.ir.parser import _ODD_CHAR

    for k in range(size):
        text = "x" * k + "\x0b" + "\n" * (size - k - 1)
        assert _lexer.first_odd_char(text) == k
        assert _lexer.first_odd_char(text, k + 1) == -1 and _ODD_CHAR.search(text, k + 1) is None
        marked = "x" * k + "{-#" + "#" * (size - k)
        assert _lexer.rfind(marked, "{-#") == k
        assert _lexer.rfind(marked, "{-#", k + 1) == -1


def test_bad_ranges_are_refused():
    with pytest.raises(ValueError, match="bad range"):
        _lexer.first_odd_char("abc", 2, 1)
    with pytest.raises(ValueError, match="bad range"):
        _lexer.first_odd_char("abc", 0, 4)
    with pytest.raises(ValueError, match="outside"):
        _lexer.rfind("abc", "a", 4)
