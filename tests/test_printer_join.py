"""The printer's text buffer (``printer._Out``, through ``_py_join``: the
pieces appended one by one, then taken): the same string as ``"".join`` for
any list of str, a TypeError naming the type for a non-str piece."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fastalloc.ir.printer import _py_join

# ASCII pieces of every short length (copied byte by byte) and longer ones (memcpy)
_ASCII = st.text(alphabet=st.characters(max_codepoint=127), max_size=40)


@given(st.lists(_ASCII, max_size=60))
def test_ascii_pieces_join_as_str_join(pieces):
    got = _py_join(pieces)
    assert got == "".join(pieces)
    assert type(got) is str


@given(st.lists(st.one_of(_ASCII, st.text(max_size=8)), max_size=30))
def test_any_text_joins_as_str_join(pieces):
    assert _py_join(pieces) == "".join(pieces)


def test_empty_and_single():
    assert _py_join([]) == ""
    assert _py_join(["%x = "]) == "%x = "
    assert _py_join(["a" * 100, "", "b" * 17, "c" * 16]) == "a" * 100 + "b" * 17 + "c" * 16


class _StrSub(str):
    pass


def test_str_subclass_pieces_join_by_value():
    assert _py_join(["a", _StrSub("bc"), "d"]) == "abcd"


@pytest.mark.parametrize("bad", [1, None, b"x"])
def test_non_str_piece_raises_type_error(bad):
    with pytest.raises(TypeError, match=f"printer: a piece of text is {type(bad).__name__}, not str"):
        _py_join(["a", bad, "b"])


@given(st.lists(st.lists(st.one_of(_ASCII, st.text(max_size=8)), max_size=12), max_size=6))
def test_takes_in_turn_give_each_run_of_pieces(runs):
    """One buffer taken several times (the printer's flushes): each take is
    the text appended since the previous one, whatever the earlier ones held."""
    from fastalloc.ir.printer import _Out

    out = _Out()
    for pieces in runs:
        out.extend(pieces)
        assert out.take() == "".join(pieces)
    assert out.take() == ""


def test_a_big_take_then_small_ones():
    """A piece far past the flush size (a pack op's slices) grows the buffer,
    which is given back after the take; the next takes start afresh."""
    from fastalloc.ir.printer import _Out

    out = _Out()
    big = "[0, 1] = %s,\n" * 40000
    out.extend(["a", big, "é", "b"])
    assert out.take() == "a" + big + "éb"
    out.extend([big])
    assert out.take() == big
    out.extend(["%x", " = ", "y"])
    assert out.take() == "%x = y"


# ints of every size around long long's range (written in C when compiled) and past it (formatted by Python)
_INT = st.one_of(st.integers(-1000, 1000), st.integers(-(1 << 63), (1 << 63) - 1), st.integers(-(1 << 80), 1 << 80))


@given(st.lists(st.one_of(_INT, _ASCII, st.text(max_size=4)), max_size=40))
def test_ints_join_as_their_decimal_text(pieces):
    """An interval bound appended as an int prints as ``format(x, "")``, in
    its place among the text pieces (ASCII or not)."""
    assert _py_join(pieces, ints=True) == "".join([format(x, "") for x in pieces])


@pytest.mark.parametrize("x", [0, -1, 9, 10, -10, (1 << 63) - 1, -(1 << 63), 1 << 63, -(1 << 63) - 1, True, 2.5])
def test_int_edges(x):
    assert _py_join(["[", x, "]"], ints=True) == f"[{x}]"


def test_ints_grow_the_buffer():
    xs = list(range(-50000, 50000, 7))
    assert _py_join([x for v in xs for x in (v, ", ")], ints=True) == "".join(f"{v}, " for v in xs)


@given(st.one_of(_ASCII, st.text(max_size=6)), st.integers(0, (1 << 63) - 1))
def test_numbered_names_are_prefix_and_decimal(pre, j):
    """A result's use name in a group (``%x#j``) is the prefix then ``str(j)``, ASCII prefix or not."""
    from fastalloc.ir.printer import _py_numbered

    got = _py_numbered(pre, j)
    assert got == pre + str(j) and type(got) is str


@pytest.mark.parametrize("j", [0, 9, 10, 99, 100, 28000, (1 << 63) - 1])
def test_numbered_edges(j):
    from fastalloc.ir.printer import _py_numbered

    assert _py_numbered("%2#", j) == f"%2#{j}"
    assert _py_numbered("%é#", j) == f"%é#{j}"


@given(st.lists(st.lists(st.one_of(_ASCII, st.text(max_size=8)), max_size=12), max_size=6))
def test_byte_takes_are_the_utf8_of_each_run(runs):
    """``take_bytes`` (the printer's binary output): each take is the UTF-8
    of the text appended since the previous take, ASCII-only or not."""
    from fastalloc.ir.printer import _Out

    out = _Out()
    for pieces in runs:
        out.extend(pieces)
        got = out.take_bytes()
        assert type(got) is bytes
        assert got == "".join(pieces).encode("utf-8")
    assert out.take_bytes() == b""


@pytest.mark.parametrize("opts", [{}, {"generic": True}, {"debuginfo": True}])
def test_write_module_binary_writes_the_utf8_of_the_text(opts):
    """``write_module(..., binary=True)`` hands ``write`` bytes whose
    concatenation is the UTF-8 of :func:`print_module`'s text (a non-ASCII
    string attribute included)."""
    from fastalloc.ir.parser import parse
    from fastalloc.ir.printer import print_module, write_module

    src = ('util.func public @f(%arg0: index) -> index attributes {note = "caf\u00e9"} {\n'
           "  %c1 = arith.constant 1 : index\n"
           "  %0 = arith.addi %arg0, %c1 : index\n"
           "  util.return %0 : index\n"
           "}\n")
    m = parse(src)
    chunks: list = []
    write_module(m, chunks.append, binary=True, **opts)
    assert chunks and all(type(c) is bytes for c in chunks)
    assert b"".join(chunks) == print_module(m, **opts).encode("utf-8")
    assert "caf\u00e9" in print_module(m, **opts)
