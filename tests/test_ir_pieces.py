"""Lexing in pieces (fastalloc.ir.lexer.TokenChunks): the parser never holds the
whole token list, and reads every input exactly as it does from the whole list
(same text printed, same locations, same errors at the same place)."""

from __future__ import annotations

from pathlib import Path

import pytest

import fastalloc.ir.parser as parser_mod
from fastalloc.errors import FastallocError
from fastalloc.ir import parse
from fastalloc.ir.lexer import TokenChunks, tokenize
from fastalloc.testing.generator import GenConfig, generate_module

LIT = sorted((Path(__file__).parent / "lit").rglob("*.mlir"))


def _whole(text: str, name: str = "<t>"):
    """The reference: one token list for the whole text."""
    return parser_mod._Parser(text, name).parse_module()


def _pieces(text: str, size: int, name: str = "<t>"):
    """Lexed in pieces, without parse()'s second try: must succeed on its own."""
    return parser_mod._Parser(text, name, 0, size).parse_module()


def _parse_in_pieces(monkeypatch, text: str, size: int, margin: int, name: str = "<t>"):
    """parse() with small pieces and window margin.  With a margin shorter
    than an op, lookahead can hit the window's end: the parser then reports an
    error and parse() parses again from the whole token list.  Either way the
    result is the whole list's."""
    monkeypatch.setattr(parser_mod, "_PIECE", size)
    monkeypatch.setattr(parser_mod, "_MARGIN", margin)
    try:
        return parse(text, name)
    finally:
        monkeypatch.undo()


@pytest.mark.parametrize("size", [1, 97, 4096])
def test_pieces_join_to_the_token_list(size):
    text = generate_module(3, n_ops=300)
    tc = TokenChunks(text, size)
    got: list[str] = []
    n = 0
    while not tc.done:
        got += tc.next()
        n += 1
    assert got == tokenize(text)[:-1]
    assert n > 1 or size == 4096 and len(text) <= 4096


def _same(a, b):
    assert str(a) == str(b)
    assert len(a.values) == len(b.values)
    for x, y in zip(a.walk(), b.walk()):
        assert x.name == y.name
        lx, ly = x.loc, y.loc
        assert (lx.line, lx.col) == (ly.line, ly.col), x.name


@pytest.mark.parametrize("size,margin", [(1, 2), (200, 64), (5000, 4096)])
@pytest.mark.parametrize("seed,shape", [(0, "spread"), (1, "single"), (2, "spread"), (5, None)])
def test_generated_modules_same_in_pieces(seed, shape, size, margin, monkeypatch):
    cfg = GenConfig(shape=shape) if shape else GenConfig()
    text = generate_module(seed, n_ops=400, config=cfg)
    ref = _whole(text)
    _same(_parse_in_pieces(monkeypatch, text, size, margin), ref)
    # with the real margin no second try is needed: pieces are what parse() uses
    _same(_pieces(text, size), ref)


@pytest.mark.parametrize("path", LIT, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_lit_files_same_in_pieces(path, monkeypatch):
    text = path.read_text()
    for chunk, _ in parser_mod.split_chunks(text):
        try:
            ref = _whole(chunk)
        except FastallocError as e:
            with pytest.raises(FastallocError) as got:
                _parse_in_pieces(monkeypatch, chunk, 1, 2)
            assert got.value.format() == e.format()
            continue
        _same(_parse_in_pieces(monkeypatch, chunk, 1, 2), ref)
        _same(_pieces(chunk, 1), ref)


def test_errors_in_a_later_piece_have_their_place(monkeypatch):
    # A bad op far into a module lexed in small pieces: parse() reports it at
    # the same line and column as from the whole token list.
    text = generate_module(4, n_ops=300)
    lines = text.splitlines(keepends=True)
    k = max(i for i, ln in enumerate(lines) if "stream.async.splat" in ln)
    lines[k] = lines[k].replace("stream.async.splat", "stream.async.splat %nope,", 1)
    bad = "".join(lines)
    with pytest.raises(FastallocError) as ref:
        _whole(bad, "b.mlir")
    monkeypatch.setattr(parser_mod, "_PIECE", 64)
    with pytest.raises(FastallocError) as got:
        parse(bad, "b.mlir")
    assert got.value.format() == ref.value.format()
    assert got.value.loc is not None and got.value.loc.line == k + 1


def test_parse_uses_pieces_and_keeps_locations(monkeypatch):
    monkeypatch.setattr(parser_mod, "_PIECE", 128)
    text = generate_module(6, n_ops=300)
    _same(parse(text, "<t>"), _whole(text))
