"""parse_file (a file read and lexed a piece at a time) gives what parse gives.

Reference: ``fastalloc.ir.parse`` of the file's bytes.  For any piece size
the module must print the same (plain and with locations, so op locations
read the file again right), and a bad file must give the same error, with
the same FILE:LINE:COL and source line: the piece boundaries fall inside
tokens, strings, comments, multi-line attributes and dialect-resources
sections (tiny pieces put a boundary at every byte in turn).  A resources
section is blanked in the pieces as parse blanks it in the text.
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fastalloc.errors import FastallocError
from fastalloc.ir import parse, parse_file
from fastalloc.ir import parser as parser_mod
from fastalloc.ir.lexer import TOKEN_RE, TokenChunks, tokenize
from fastalloc.ir.source import FileChunks, Input, NotStreamable
from fastalloc.testing.generator import GenConfig, generate_module

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(p for d in ("src", "tests", "examples", "docs") for p in (ROOT / d).rglob("*.mlir"))

GOOD = """// a comment with a "quote and {-# in it
#map = affine_map<(d0) -> (d0 floordiv 2)>
util.global private @s = "a \\"quoted\\" string with // slashes and \\n" : !util.buffer
util.func public @f(%n: index) -> !stream.timepoint {
  %c7 = arith.constant 7 : i32
  %cst = arith.constant dense<[1, 2, 3,
      4, 5, 6]> : tensor<6xi32>
  %t = stream.async.execute with() {
    %s = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%n}
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
"""

RESOURCES = GOOD + """
{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000010203"
    }
  }
#-}
"""


def _outcome(parse_it) -> tuple:
    """What a parse gives: the printed module (plain, with locations, and the
    op locations) or the error (message, location, source line)."""
    try:
        m = parse_it()
    except FastallocError as e:
        return ("error", str(e), e.message, str(e.loc) if e.loc is not None else None)
    try:
        locs = [(op.loc.line, op.loc.col, op.loc.source_line) if op.loc is not None else None for op in m.walk()]
        dloc = m.dloc if isinstance(m.dloc, str) else None  # else the module op it came from
        return ("ok", m.print(), m.print(debuginfo=True), m.trailer, dloc, locs)
    finally:
        m.dispose()


def _same(data: bytes, pieces: list[int], name: str = "m.mlir") -> tuple:
    """parse_file of ``data`` (in a file) at each piece size gives what parse gives; returns that."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, name)
        with open(path, "wb") as f:
            f.write(data)
        want = _outcome(lambda: parse(data, path))
        for piece in pieces:
            streamed = []

            def parse_it():
                m = _parse_file(path, piece)
                streamed.append(m._source._text is None)  # not the whole-text parse after a failure
                return m

            got = _outcome(parse_it)
            assert got == want, f"piece size {piece}"
            # a valid input is parsed from its pieces (a fault there would be
            # hidden by the whole-text parse), at any piece size
            assert streamed == ([True] if want[0] == "ok" else streamed), f"piece size {piece}"
    return want


def _parse_file(path: str, piece: int):
    from fastalloc._guard import run_deep
    from fastalloc.ir import _parse_verified

    return run_deep(_parse_verified, parser_mod.parse_file, path, None, _piece=piece)


def test_corpus_files_exist():
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(ROOT).as_posix() for p in FILES])
def test_repository_mlir_files(path):
    data = path.read_bytes()
    # (reads of 3 bytes through an 800 KB line take a minute: 2 KB ones there)
    _same(data, [3 if len(data) < 100_000 else 2048, 200, 1 << 18], path.name)


def test_default_piece_size_through_the_public_entry(tmp_path):
    text = generate_module(3, n_ops=400, config=GenConfig(shape="single"))
    path = tmp_path / "g.mlir"
    path.write_text(text)
    assert len(text) > 3 * 4096
    m = parse_file(str(path))
    assert m.print() == parse(text, str(path)).print()
    assert m._source._text is None  # the text was never held; read again on demand
    assert m.ops[0].loc.line == parse(text, str(path)).ops[0].loc.line


def test_every_boundary_of_a_tricky_module():
    # piece sizes 1..len: a read boundary at every byte (inside the string
    # with escapes, the comment, the two-line dense<...>, the affine map)
    want = _same(GOOD.encode(), list(range(1, len(GOOD) + 2)))
    assert want[0] == "ok"


def test_dialect_resources_section_at_every_boundary():
    want = _same(RESOURCES.encode(), list(range(1, len(RESOURCES) + 2, 3)))
    assert want[0] == "ok" and "blob" in want[3]


@pytest.mark.parametrize("text", [
    "",
    "// only a comment",
    "\n\n\n",
    GOOD.replace("\n", "\r\n"),
    GOOD.replace("\n", "\r"),  # CR-only line ends: one piece
    GOOD.rstrip("\n"),
    GOOD.replace("// a comment", "// caf\u00e9 comment"),  # not ASCII: the whole-text parse
    GOOD.replace("// a comment", "// a \x01 comment"),  # an odd character in a comment: accepted
    GOOD.replace('"a \\"quoted', '"a \x0b quoted'),  # in a string: iree-opt's error
    GOOD.replace("%c7 = arith", "%c7 = \x7f arith"),
], ids=["empty", "comment", "blank", "crlf", "cr", "no-final-newline", "utf8", "odd-in-comment", "vt-in-string",
        "odd-char"])
def test_edge_texts(text):
    _same(text.encode(), [1, 5, 64, 1 << 18])


def test_invalid_utf8_error_is_the_same():
    data = GOOD.encode().replace(b"arith.constant 7", b"arith.constant \xff7")
    want = _same(data, [1, 40, 1 << 18])
    assert want[0] == "error" and "invalid UTF-8 byte 0xff" in want[1]


def _error_cases() -> dict[str, str]:
    from tests.test_ir_errors import CASES

    return {name: text for name, (text, *_rest) in CASES.items()}


@pytest.mark.parametrize("name", sorted(_error_cases()))
def test_error_cases_at_every_boundary(name):
    text = _error_cases()[name]
    want = _same(text.encode(), list(range(1, len(text) + 2, 7)))
    assert want[0] == "error" and want[3] is not None  # with its location


_PIECES = [
    "\n", " ", "  ", "%c7", "%n", "=", ":", ",", "{", "}", "(", ")", "<", ">", "->", '"s\\"t"', "// c\n",
    "dense<[1,\n 2]>", "stream.yield", "arith.constant", "7", "i32", "index", "{-#", "#-}", "\u00e9", "\x0b", "\r",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5), cut=st.integers(0, 10**6), junk=st.lists(st.sampled_from(_PIECES), max_size=3),
       piece=st.integers(1, 3000))
def test_any_piece_size_same_module_or_error(seed, cut, junk, piece):
    # a generated module, maybe broken at some point by a few tokens
    text = generate_module(seed, n_ops=60, config=GenConfig(shape=("spread", "single", "auto")[seed % 3]))
    at = cut % (len(text) + 1)
    text = text[:at] + "".join(junk) + text[at:]
    _same(text.encode(), [piece])


def _file_tokens(text: str, piece: int, check=None):
    """The tokens FileChunks gives for ``text`` in pieces of ``piece`` bytes
    (``check(chunks)`` runs once they are all read, the file still open)."""
    with tempfile.TemporaryFile() as f:
        f.write(text.encode())
        f.seek(0)
        chunks = FileChunks(Input(f), piece)
        toks: list[str] = []
        while not chunks.done:
            toks += chunks.next()
        if check is not None:
            check(chunks)
    return toks, chunks


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 3), piece=st.integers(1, 5000))
def test_file_chunks_join_to_the_tokens_of_the_text(seed, piece):
    text = generate_module(seed, n_ops=80, config=GenConfig(shape="spread"))
    def check(chunks):
        assert chunks.next(["h"], ("t",)) == ["h", "t"]

    toks, _ = _file_tokens(text, piece, check)
    assert toks + [""] == tokenize(text)
    # cut where TokenChunks cuts the text: the same pieces
    ref = TokenChunks(text, piece)
    with tempfile.TemporaryFile() as f:
        f.write(text.encode())
        f.seek(0)
        chunks = FileChunks(Input(f), piece)
        while not ref.done:
            assert chunks.next() == ref.next()
        assert chunks.next() == [] and chunks.done


def test_file_chunks_decline_what_the_whole_text_parse_must_do():
    # an odd character without the parser's check, bytes that are not UTF-8
    # (the whole-text parse takes them in comments), a character cut short by the end
    for data, why in [(b"// \x01\n", "rejects"), (b"// caf\xff\n", "not UTF-8"), (b"// caf\xc3", "not UTF-8")]:
        for size in (1, 2, 4, 64):
            with pytest.raises(NotStreamable, match=why):
                chunks = FileChunks(Input(io.BytesIO(data)), size)
                while not chunks.done:
                    chunks.next()


@pytest.mark.parametrize("text", [
    RESOURCES,
    RESOURCES + "{-# never closed",
    RESOURCES.replace("#-}", "#-}#-}"),
    "{-#-}",
    "a {-# b #-} c {-# d #-} e\n%x = f\n",
    "#-} {-#",
    "x\n%a = b {-# y\n",
])
def test_file_chunks_blank_the_last_resources_section_as_parse_does(text):
    import re

    k = text.rfind("{-#")
    e = text.find("#-}", k) if k >= 0 else -1
    trailer = text[k:e + 3] if e >= 0 else ""
    blanked = text[:k] + re.sub(r"[^\n]", " ", trailer) + text[e + 3:] if e >= 0 else text
    for size in range(1, len(text) + 2):
        toks, chunks = _file_tokens(text, size)
        assert toks + [""] == tokenize(blanked) and chunks.trailer == trailer, size


def test_a_resources_section_is_streamed(tmp_path):
    path = tmp_path / "r.mlir"
    text = RESOURCES.replace(" and {-# in it", "")
    path.write_text(text)
    m = parse_file(str(path))
    assert m._source._text is None  # not the whole-text parse
    assert m.trailer == text[text.index("{-#"):text.index("#-}") + 3]
    assert m.print() == parse(text, str(path)).print()


def test_scanner_swap_keeps_one_object_per_token():
    from fastalloc._lexer import Scanner

    sc = Scanner("%a = b\n", TOKEN_RE)
    first = sc.tokens()
    sc.swap("c %a\n")
    assert sc.size == 5
    second = sc.tokens()
    assert second == ["c", "%a", "\n"] and second[1] is first[0]
    with pytest.raises(ValueError, match="not ASCII"):
        sc.swap("\u00e9")


def test_pipes_are_streamed_through_a_spool():
    r, w = os.pipe()
    with os.fdopen(w, "wb") as out:
        out.write(GOOD.encode())
    with os.fdopen(r, "rb") as f:
        m = parse_file(f)
    assert m._source._text is None  # streamed, its text read again from the spool for locations
    assert _outcome(lambda: m) == _outcome(lambda: parse(GOOD, "<stdin>"))


def test_missing_file_error():
    with pytest.raises(FastallocError, match="cannot open input file '/nonexistent/x.mlir': No such file"):
        parse_file("/nonexistent/x.mlir")


def test_locations_after_the_file_changed_are_none(tmp_path):
    path = tmp_path / "m.mlir"
    text = GOOD.replace(" and {-# in it", "")  # streamed: no text held after the parse
    path.write_text(text)
    m = parse_file(str(path))
    assert m._source._text is None
    path.write_text(text.replace("@f", "@g"))  # same length, other bytes
    assert all(op.loc is None for op in m.walk())


def test_cli_file_and_stdin_agree(tmp_path):
    import subprocess
    import sys

    texts = (GOOD, _error_cases()["unknown_type"], UTF8, UTF8.replace("%c7 = arith", "%c7 = \u00e9 arith"), RESOURCES)
    for k, text in enumerate(texts):
        path = tmp_path / "m.mlir"
        path.write_bytes(text.encode())
        out = tmp_path / f"o{k}.mlir"
        by_file = subprocess.run([sys.executable, "-m", "fastalloc", "opt", str(path), "-o", str(out),
                                  "--mlir-print-debuginfo"], capture_output=True, text=True, timeout=120,
                                 encoding="utf-8")
        by_stdin = subprocess.run([sys.executable, "-m", "fastalloc", "opt", "-", "--mlir-print-debuginfo"],
                                  input=text, capture_output=True, text=True, timeout=120, encoding="utf-8")
        assert by_file.returncode == by_stdin.returncode
        assert by_file.stderr == by_stdin.stderr.replace("<stdin>", str(path))
        if by_file.returncode == 0:
            assert out.read_text(encoding="utf-8") == by_stdin.stdout.replace('"<stdin>"', f'"{path}"')
        else:
            assert not out.exists()


def test_source_map_without_its_text_gives_no_location_or_a_clear_error():
    from fastalloc.ir.lexer import SourceMap

    src = SourceMap(None, "gone.mlir")
    assert src.location(0) is None
    src.detach(lambda: None)  # the file cannot be read again
    assert src.location(0) is None
    with pytest.raises(FastallocError, match="gone.mlir: the input text is no longer available"):
        src.location_at(0)


# Not ASCII: a comment, a string with a four-byte character, a location's
# file name; an op after them on one line (its column counted as parse counts it)
UTF8 = GOOD.replace("// a comment", "// caf\u00e9 \u00fcber comment").replace(
    '"a \\"quoted', '"\U0001F600 a \\"quoted').replace(
    "%c7 = arith.constant 7 : i32", '%c7 = arith.constant 7 : i32 loc("f\u00fc\u00df.mlir":3:4)').replace(
    "  util.return %t", '  %u = arith.constant 8 : i32 loc("\u00e9") // \u00e9\n  util.return %t')


def test_utf8_module_streams_at_every_boundary():
    # a read boundary at every byte: inside each multi-byte character in turn
    data = UTF8.encode()
    assert len(data) > len(UTF8)
    want = _same(data, list(range(1, len(data) + 2)))
    assert want[0] == "ok" and "f\u00fc\u00df.mlir" in want[2]


@pytest.mark.parametrize("text", [
    UTF8.replace("\n", "\r\n"),
    UTF8 + "\n{-#\n  dialect_resources: { builtin: { caf\u00e9: \"0x04000000\" } }\n#-}\n",
    UTF8.replace("%c7 = arith", "%c7 = \u00e9 arith"),  # outside a comment or string: iree-opt's error
    UTF8.replace("%cst", "%caf\u00e9"),  # in a name
    UTF8.replace("stream.yield", "stream.yield \U0001F600"),
    UTF8.replace('"\U0001F600 a', '"\U0001F600 \x0b a'),  # \v in a string that is not ASCII
], ids=["crlf", "resources", "misplaced", "in-a-name", "four-bytes-misplaced", "vt-in-utf8-string"])
def test_utf8_edge_texts_at_every_boundary(text):
    data = text.encode()
    _same(data, list(range(1, len(data) + 2, 5)) + [1 << 18])


def test_utf8_file_is_streamed(tmp_path):
    path = tmp_path / "u.mlir"
    path.write_bytes(UTF8.encode())
    m = parse_file(str(path))
    assert m._source._text is None  # streamed
    ref = parse(UTF8, str(path))
    assert [op.loc for op in m.walk()] == [op.loc for op in ref.walk()]
    assert m.print(debuginfo=True) == ref.print(debuginfo=True)


def test_stream_gives_what_parse_gives():
    for text in (GOOD, UTF8, RESOURCES, _error_cases()["unknown_type"], GOOD.replace("// a comment", "// \xff")):
        data = text.encode("utf-8", errors="surrogateescape") if "\xff" not in text else text.encode("latin-1")
        want = _outcome(lambda: parse(data, "<stdin>"))
        for piece in (1, 13, 1 << 18):
            got = _outcome(lambda: parser_mod.parse_file(io.BytesIO(data), _piece=piece))
            assert got == want, piece


def test_a_fault_in_the_pieces_is_not_hidden(monkeypatch, tmp_path):
    # only parse errors (and what the pieces decline) send the parse to the
    # whole text; an internal error surfaces
    from fastalloc.ir import source

    path = tmp_path / "m.mlir"
    path.write_text(GOOD)

    def broken(self, head=None, tail=None):
        raise IndexError("a fault")

    monkeypatch.setattr(source.FileChunks, "next", broken)
    with pytest.raises(IndexError, match="a fault"):
        parser_mod.parse_file(str(path))
    with pytest.raises(FastallocError, match="internal error: IndexError: a fault"):
        parse_file(str(path))  # the public entry's report of it


def test_a_location_asked_for_during_the_parse_sends_it_to_the_whole_text(monkeypatch, tmp_path):
    from fastalloc.ir import source

    path = tmp_path / "m.mlir"
    path.write_text(GOOD)
    seen = []
    real = source.FileChunks.next

    def asks(self, head=None, tail=None):
        toks = real(self, head, tail)
        if not seen:
            seen.append(1)
            raise NotStreamable("as a location asked for meanwhile does")
        return toks

    monkeypatch.setattr(source.FileChunks, "next", asks)
    m = parse_file(str(path))
    assert seen and m._source._text is not None  # the whole-text parse
    assert m.print() == parse(GOOD, str(path)).print()


_UTF8_PIECES = _PIECES + ["\U0001F600", "caf\u00e9", '"\u00fc"', "// \u00df\n", 'loc("\u00e9")', "\r\n"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5), cuts=st.lists(st.integers(0, 10**6), min_size=1, max_size=3),
       junk=st.lists(st.sampled_from(_UTF8_PIECES), min_size=1, max_size=3), piece=st.integers(1, 400))
def test_any_piece_size_same_as_parse_with_utf8(seed, cuts, junk, piece):
    # a generated module with characters that are not ASCII (or other junk)
    # put in at a few places: in comments and strings, or where they are errors
    text = generate_module(seed, n_ops=30, config=GenConfig(shape=("spread", "single", "auto")[seed % 3]))
    for cut, j in zip(cuts, junk):
        at = cut % (len(text) + 1)
        text = text[:at] + j + text[at:]
    _same(text.encode(), [piece])


def test_pieces_not_ascii_share_one_str_per_token_but_names():
    # (as the scanner's table does for ASCII pieces: a module of 10^5 ops
    # with a non-ASCII comment in every piece is not a copy per token)
    text = "".join(f'%v{k} = arith.constant {k} : i32 {{s = "caf\u00e9"}}\n' for k in range(40))
    chunks = FileChunks(Input(io.BytesIO(text.encode())), 64, ("arith.constant",), lambda piece, at: None)
    seen: dict[str, int] = {}
    names = []
    while not chunks.done:
        for t in chunks.next():
            if t.startswith("%"):
                names.append(t)
            else:
                assert seen.setdefault(t, id(t)) == id(t), t
    assert names == [f"%v{k}" for k in range(40)]
    assert "%v1" not in chunks.canon and chunks.canon["arith.constant"] == "arith.constant"
    assert id(chunks.canon["i32"]) == seen["i32"]


class _Trickle(io.BytesIO):
    """A stream that gives at most ``k`` bytes a read (as a pipe may)."""

    def __init__(self, data: bytes, k: int) -> None:
        super().__init__(data)
        self.k = k

    def read(self, n: int = -1) -> bytes:
        return super().read(self.k if n is None or n < 0 else min(n, self.k))


@pytest.mark.parametrize("k", [1, 2, 3, 5, 7])
def test_short_reads_cut_every_character(k):
    # reads of k bytes: a read boundary inside each multi-byte character in
    # turn; the tokens are those of the whole text (stdin from a pipe)
    data = UTF8.encode()
    want = tokenize_regex_of(UTF8)
    for piece in (1, 3, 40, 1 << 18):
        chunks = FileChunks(Input(_Trickle(data, k)), piece, (), lambda text, at: None)
        toks: list[str] = []
        while not chunks.done:
            toks += chunks.next()
        assert toks == want, piece
        m = parser_mod.parse_file(_Trickle(data, k), _piece=piece)
        assert m._source._text is None and m.print() == parse(UTF8, "<stdin>").print()


def tokenize_regex_of(text: str) -> list[str]:
    from fastalloc.ir.lexer import tokenize_regex

    return tokenize_regex(text)[:-1]


@pytest.mark.parametrize("text, scanned", [
    ("%a = b // caf\u00e9\n%c = d \"x\" // \u00fc \"\n", True),  # in comments only: the scanner's
    ("%a = b\n  // caf\u00e9\n\n  // \U0001F600\n%c = d\n", True),  # comment lines in a line break
    ('%a = b "caf\u00e9"\n', False),  # in a string: TOKEN_RE
    ("%a = b // caf\u00e9 \x01\n", False),  # a \x01 of its own
    ("%a = dense<[1,\n // caf\u00e9\n 2]> : t\n", False),  # in a token over lines
])
def test_pieces_with_characters_not_ascii_in_comments_are_scanned(text, scanned):
    from fastalloc.ir.lexer import tokenize_regex

    chunks = FileChunks(Input(io.BytesIO(text.encode())), 1 << 18, (), lambda piece, at: None)
    toks = chunks.next()
    assert chunks.done and toks == tokenize_regex(text)[:-1]
    assert (chunks.canon is None) == scanned
