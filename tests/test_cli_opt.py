"""``fastalloc opt`` through a real subprocess (``python -m fastalloc``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fastalloc.cli import main
from fastalloc.testing.iree import reprint

GOOD = """util.func public @f(%n: index) -> !stream.timepoint {
  %c7 = arith.constant 7 : i32
  %t = stream.async.execute with() {
    %s = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%n}
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
"""
BAD = GOOD.replace("splat %c7", "splat %c8")


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fastalloc", "opt", *args], input=stdin,
                          capture_output=True, timeout=120)


def test_opt_file_to_file(tmp_path: Path):
    src = tmp_path / "in.mlir"
    src.write_text(GOOD)
    out = tmp_path / "out.mlir"
    r = run(str(src), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert r.stderr == b""
    assert reprint(out.read_text()) == reprint(GOOD)


def test_opt_stdin_stdout_generic():
    r = run("--print-op-generic", stdin=GOOD.encode())
    assert r.returncode == 0, r.stderr
    text = r.stdout.decode()
    assert '"stream.async.execute"(' in text
    assert reprint(text) == reprint(GOOD)


def test_error_format_exit_status_and_no_output(tmp_path: Path):
    src = tmp_path / "bad.mlir"
    src.write_text(BAD)
    out = tmp_path / "out.mlir"
    r = run(str(src), "-o", str(out))
    assert r.returncode == 1
    lines = r.stderr.decode().splitlines()
    assert lines[0] == f"{src}:4:29: error: use of undeclared SSA value name '%c8'"
    assert lines[1] == "    %s = stream.async.splat %c8 : i32 -> !stream.resource<transient>{%n}"
    assert lines[2] == " " * 28 + "^"
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [src]  # no temp file left behind


def test_error_does_not_clobber_existing_output(tmp_path: Path):
    src = tmp_path / "bad.mlir"
    src.write_text(BAD)
    out = tmp_path / "out.mlir"
    out.write_text("precious\n")
    r = run(str(src), "-o", str(out))
    assert r.returncode == 1
    assert out.read_text() == "precious\n"


@pytest.mark.parametrize("data, line, col", [
    (b"util.func @f() {\n  util.return\n}\nutil.func @caf\xe9() {\n", 4, 15),  # not UTF-8 (outside a comment)
    (GOOD[: GOOD.index("stream.yield")].encode(), 4, 73),                  # truncated
    (GOOD.replace("with()", "with(").encode(), 3, 35),                     # unbalanced
    (GOOD.replace("<transient>", "<transiant>").encode(), 4, 42),          # bad type
    (GOOD.replace("%t = stream", "%c7 = stream").encode(), 3, 3),          # redefinition
])
def test_bad_inputs_through_cli(tmp_path: Path, data: bytes, line: int, col: int):
    src = tmp_path / "bad.mlir"
    src.write_bytes(data)
    out = tmp_path / "out.mlir"
    r = run(str(src), "-o", str(out))
    assert r.returncode == 1
    first = r.stderr.decode().splitlines()[0]
    assert first.startswith(f"{src}:{line}:{col}: error: "), first
    assert r.stderr.decode().splitlines()[2].endswith("^")
    assert not out.exists()


def test_split_input_file_bad_chunk_others_processed(tmp_path: Path):
    src = tmp_path / "split.mlir"
    src.write_text(GOOD + "\n// -----\n" + BAD + "// -----\n" + GOOD.replace("@f", "@g"))
    r = run(str(src), "--split-input-file")
    assert r.returncode == 1
    err = r.stderr.decode()
    assert f"{src}:14:29: error: use of undeclared SSA value name '%c8'" in err
    chunks = r.stdout.decode().split("// -----")
    # as iree-opt: the failed chunk keeps its slot, empty
    assert len(chunks) == 3
    assert "@f" in chunks[0] and chunks[1].strip() == "" and "@g" in chunks[2]
    # to a file: nothing is written when a chunk failed
    out = tmp_path / "o.mlir"
    r = run(str(src), "--split-input-file", "-o", str(out))
    assert r.returncode == 1 and not out.exists()


def test_split_input_file_all_good(tmp_path: Path):
    text = GOOD + "// -----\n" + GOOD.replace("@f", "@g")
    src = tmp_path / "split.mlir"
    src.write_text(text)
    out = tmp_path / "o.mlir"
    r = run(str(src), "--split-input-file", "-o", str(out))
    assert r.returncode == 0, r.stderr
    args = ("--split-input-file",)
    assert reprint(out.read_text(), args=args) == reprint(text, args=args)


def test_unknown_pass_and_missing_file(tmp_path: Path, capsys):
    src = tmp_path / "in.mlir"
    src.write_text(GOOD)
    assert main(["opt", str(src), "--passes", "no-such-pass"]) == 1
    assert "unknown pass 'no-such-pass'" in capsys.readouterr().err
    assert main(["opt", str(tmp_path / "missing.mlir")]) == 1
    assert "cannot open input file" in capsys.readouterr().err


def test_pack_strategy_choices_match_the_packers():
    # The CLI spells the choices out (no numpy import at start-up); they must
    # stay the packers' own list.
    from fastalloc.cli import PACK_STRATEGIES
    from fastalloc.packing import STRATEGIES
    from fastalloc.passes.layout_slices import SMALLEST

    assert list(PACK_STRATEGIES) == [*STRATEGIES, SMALLEST]


def test_opt_without_passes_imports_no_numpy(tmp_path: Path):
    src = tmp_path / "in.mlir"
    src.write_text(GOOD)
    code = (
        "import sys\nfrom fastalloc.cli import main\n"
        f"rc = main(['opt', {str(src)!r}, '-o', {str(tmp_path / 'o.mlir')!r}])\n"
        "print(rc, sorted(m for m in sys.modules if m.split('.')[0] == 'numpy' or m.startswith('fastalloc.passes')))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "0 []"


# A pass's error names the op's place in the input: `opt` does not keep the
# input text through the passes (it reads the file again for a location).
_SEND_COLLECTIVE = """\
util.func public @f(%arg0: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %r, %tp = stream.async.execute with() -> !stream.resource<transient>{%arg0} {
    %0 = stream.async.splat %c0 : index -> !stream.resource<transient>{%arg0}
    %1 = stream.async.collective<send : f32>[%arg0] channel(%c0) %0[%c0 to %arg0 for %arg0], %0[%c0 to %arg0 for %arg0] : !stream.resource<transient>{%arg0} -> %0 as !stream.resource<transient>{%arg0}
    stream.yield %1 : !stream.resource<transient>{%arg0}
  } => !stream.timepoint
  util.return %tp : !stream.timepoint
}
"""


def test_pass_error_location_after_the_text_is_dropped(tmp_path: Path, capsys):
    src = tmp_path / "bad.mlir"
    src.write_text(_SEND_COLLECTIVE)
    out = tmp_path / "o.mlir"
    assert main(["opt", str(src), "--passes", "schedule-allocation", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{src}:5:10: error: 'stream.cmd.collective' op requires 1 resources but 2 provided" in err
    assert "%1 = stream.async.collective<send" in err  # the source line, read again
    assert not out.exists()


def test_reloader_gives_the_text_only_while_the_file_is_unchanged(tmp_path: Path):
    from fastalloc.ir.source import FileChunks, Input

    src = tmp_path / "m.mlir"
    src.write_bytes(b"util.global private @a : index\n")
    with open(src, "rb") as f:
        inp = Input(f, str(src))
        chunks = FileChunks(inp, 5)
        while not chunks.done:
            chunks.next()
        reload = inp.reloader(bytes.decode)
    assert inp.spool is None and inp.reads  # the file is read again, checked by its digest too (just written)
    assert reload() == "util.global private @a : index\n"
    src.write_bytes(b"util.global private @b : index\n")  # same length, other bytes
    assert reload() is None
    src.unlink()
    assert reload() is None


def test_reloader_of_an_older_file_checks_its_status(tmp_path: Path):
    import os

    from fastalloc.ir.source import Input

    src = tmp_path / "m.mlir"
    src.write_bytes(b"util.global private @a : index\n")
    os.utime(src, ns=(1, 1))  # (sets the ctime to now, which the digest check looks at)
    import fastalloc.ir.source as source

    old = source._FRESH_NS
    source._FRESH_NS = -(10**12)  # as if the file were older than that
    try:
        with open(src, "rb") as f:
            inp = Input(f, str(src))
            assert inp.read(100) == src.read_bytes() and inp.reads is None  # no digest
            reload = inp.reloader(bytes.decode)
    finally:
        source._FRESH_NS = old
    assert reload() == "util.global private @a : index\n"
    os.utime(src, ns=(1, 2))  # another mtime (and ctime)
    assert reload() is None


def test_detached_source_map_reads_the_text_again_or_gives_no_location():
    from fastalloc.ir import parse

    text = "util.global private @a : index\nutil.global private @b : index\n"
    m = parse(text, "m.mlir")
    calls = []
    m._source.detach(lambda: calls.append(1) or text)
    loc = m.ops[1].loc
    assert (loc.line, loc.col) == (2, 1) and calls == [1]
    m2 = parse(text, "m.mlir")
    m2._source.detach(lambda: None)
    assert m2.ops[1].loc is None


def test_output_is_the_same_bytes_to_a_file_stdout_and_a_text_capture(tmp_path: Path, capsys):
    """The printer's UTF-8 bytes go to files and stdout as they are; a caller
    whose stdout takes only text (here pytest's capture) gets them decoded."""
    # more than the printer's buffer (~64 KB) of two- and three-byte characters
    note = ("é€" * 40000) + "x"
    text = GOOD.replace("util.func public @f(%n: index) -> !stream.timepoint {",
                        f'util.func public @f(%n: index) -> !stream.timepoint attributes {{note = "{note}"}} {{')
    src = tmp_path / "in.mlir"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "out.mlir"
    r = run(str(src), "--passes", "schedule-allocation", "-o", str(out))
    assert r.returncode == 0, r.stderr
    by_stdout = run(str(src), "--passes", "schedule-allocation")
    assert by_stdout.returncode == 0, by_stdout.stderr
    assert by_stdout.stdout == out.read_bytes()
    assert note.encode() in by_stdout.stdout
    capsys.readouterr()
    assert main(["opt", str(src), "--passes", "schedule-allocation"]) == 0
    assert capsys.readouterr().out == out.read_text(encoding="utf-8")
