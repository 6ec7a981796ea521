"""What the command line leaves out at start-up (issue #14: a small ``opt``
run is nearly all start-up): modules and work that the run does not need are
not imported or done.  Checked by what a real console run leaves in
``sys.modules`` and compiles, never by timing (bench/cli_startup.py measures).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc import cli
from fastalloc._lazyre import LazyPattern, lazy_compile

EXAMPLE = Path(cli.__file__).parent / "examples" / "example.mlir"

# A console run (main() with no argv, as the `fastalloc` script calls it),
# then what it imported and compiled, as JSON on stdout.
_PROBE = r"""
import json, os, sys
from fastalloc import cli
sys.argv = ["fastalloc"] + json.loads(sys.argv[1])
rc = cli.main()
from fastalloc.ir import lexer
params = sys.modules.get("fastalloc.passes.parameters")
print(json.dumps({
    "rc": rc,
    "modules": sorted(sys.modules),
    "token_re_compiled": "_compiled" in vars(lexer.TOKEN_RE),
    "param_re_compiled": None if params is None else any("_compiled" in vars(p) for p in params._PRETTY.values()),
    "openblas": os.environ.get("OPENBLAS_NUM_THREADS"),
}))
"""


def _probe(args: list[str], env: dict[str, str] | None = None) -> dict:
    r = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(args)], capture_output=True, text=True,
                       timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.splitlines()[-1])


# Imported by the CLI before this issue; none is needed to run `opt` into a
# device: logging (nobody listens without -v), tempfile (the CLI makes its
# temporary output file itself) and shutil (argparse's formatter asked it for
# the terminal width), signal (its enums; the handlers go through _signal).
_NOT_ON_THE_OPT_PATH = ("logging", "tempfile", "shutil", "signal", "bz2", "lzma")


def test_opt_with_passes_skips_unneeded_modules_and_patterns():
    got = _probe(["opt", "--passes", "schedule-allocation,layout-slices", str(EXAMPLE), "-o", os.devnull])
    assert got["rc"] == 0
    assert [m for m in _NOT_ON_THE_OPT_PATH if m in got["modules"]] == []
    # the passes did run (their modules are there) ...
    assert "fastalloc.passes.layout_slices" in got["modules"]
    assert "fastalloc.kernels.iree_pack" in got["modules"]
    # ... and the example needed neither the token grammar (the native scanner
    # decided every token) nor the parameter ops' module (schedule-allocation
    # imports it at the first parameter op)
    assert got["token_re_compiled"] is False
    assert "fastalloc.passes.parameters" not in got["modules"] and got["param_re_compiled"] is None
    # the BLAS setting is made for the commands that do import numpy
    assert got["openblas"] == "1"


# Imported by the opt path before issue #14's second round; a plain command
# line needs none of them: argparse (with gettext and locale: cli._quick_args
# reads it), typing (annotations only, under TYPE_CHECKING), threading
# (run_deep uses _thread), zlib, and the progress module when nothing can
# draw.  (dataclasses, with inspect and importlib, is still imported by
# fastalloc.ir.ops's OpDef: checked below for every module that no longer
# needs it.  contextlib, which gc_paused no longer uses, comes with site.)
_NOT_ON_THE_PLAIN_OPT_PATH = ("argparse", "gettext", "locale", "typing", "threading", "zlib", "fastalloc.progress")


def test_plain_opt_run_imports_no_argparse_typing_or_threading():
    got = _probe(["opt", "--passes", "schedule-allocation,layout-slices", str(EXAMPLE), "-o", os.devnull])
    assert got["rc"] == 0
    assert [m for m in _NOT_ON_THE_PLAIN_OPT_PATH if m in got["modules"]] == []


def test_unusual_command_lines_still_go_through_argparse():
    # an abbreviation is argparse's business (and it accepts this one)
    got = _probe(["opt", "--passes", "layout-slices", "--pack-s", "iree", str(EXAMPLE), "-o", os.devnull])
    assert got["rc"] == 0 and "argparse" in got["modules"]


_RECORD_MODULES = ("fastalloc.cli", "fastalloc.errors", "fastalloc._record", "fastalloc.passes")


def test_record_classes_do_not_import_dataclasses():
    code = (f"import sys\nfor m in {_RECORD_MODULES!r}: __import__(m)\n"
            "print(sorted(m for m in ('dataclasses', 'inspect', 'typing', 'argparse') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


# Both passes with the default packer: the kernels and the passes' arrays are
# array.array, the numpy API (fastalloc.packing) is for other callers.
_NUMPY_WORLD = ("numpy", "fastalloc.packing", "fastalloc.kernels.bestfit", "fastalloc.kernels.bound")


@pytest.mark.parametrize("passes", ["schedule-allocation,layout-slices", "schedule-allocation", "layout-slices"])
def test_opt_with_passes_does_not_import_numpy(passes):
    got = _probe(["opt", "--passes", passes, str(EXAMPLE), "-o", os.devnull])
    assert got["rc"] == 0
    assert [m for m in _NUMPY_WORLD if m in got["modules"]] == []


def test_other_pack_strategies_still_use_the_numpy_api():
    got = _probe(["opt", "--passes", "schedule-allocation,layout-slices", "--pack-strategy", "best-fit",
                  str(EXAMPLE), "-o", os.devnull])
    assert got["rc"] == 0
    assert "numpy" in got["modules"] and "fastalloc.packing" in got["modules"]


def test_opt_without_passes_skips_numpy_too():
    got = _probe(["opt", str(EXAMPLE), "-o", os.devnull])
    assert got["rc"] == 0
    assert [m for m in (*_NOT_ON_THE_OPT_PATH, "numpy") if m in got["modules"]] == []
    assert not any(m.startswith("fastalloc.passes") for m in got["modules"])


def test_users_blas_setting_is_kept():
    env = dict(os.environ, OPENBLAS_NUM_THREADS="3")
    got = _probe(["opt", str(EXAMPLE), "-o", os.devnull], env)
    assert got["openblas"] == "3"


def test_regular_output_file_still_written_through_a_temp(tmp_path: Path):
    out = tmp_path / "out.mlir"
    got = _probe(["opt", "--passes", "schedule-allocation,layout-slices", str(EXAMPLE), "-o", str(out)])
    assert got["rc"] == 0
    assert out.read_text().startswith("#") or "stream.cmd.execute" in out.read_text()
    assert [p.name for p in tmp_path.iterdir()] == ["out.mlir"]


# -- the parser of one subcommand parses as the parser of all ------------------

@pytest.mark.parametrize("argv", [
    ["opt", str(EXAMPLE), "--passes", "layout-slices", "-o", "x.mlir", "--pack-strategy", "best-fit"],
    ["opt", "--pass-pipeline", "builtin.module(iree-stream-schedule-allocation)", "-q", "-vv"],
    ["pack", "p.csv", "--strategy", "iree", "--json"],
    ["stats", "in.mlir", "--json"],
])
def test_single_subcommand_parser_agrees_with_the_full_one(argv):
    full = cli.build_parser().parse_args(argv)
    one = cli.build_parser(argv[0]).parse_args(argv)
    assert vars(one) == vars(full)
    assert cli.build_parser(argv[0]).format_usage() == cli.build_parser().format_usage()


@pytest.mark.parametrize("columns", [None, "57", "0", "junk"])
def test_help_width_is_shutils(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert cli._terminal_columns() == shutil.get_terminal_size().columns
    fmt = cli._HelpFormatter("prog")
    assert fmt._width == argparse.HelpFormatter("prog")._width


# -- lazily compiled patterns ---------------------------------------------------

def test_lazy_pattern_behaves_as_the_compiled_one():
    src = r"(?P<word>[a-z]+)(\d*)"
    lazy, real = lazy_compile(src), re.compile(src)
    assert isinstance(lazy, LazyPattern) and "_compiled" not in vars(lazy)
    text = "ab12 cd x9"
    assert lazy.match(text).groups() == real.match(text).groups()  # type: ignore[union-attr]
    assert "_compiled" in vars(lazy)
    assert lazy.search(text, 3).span() == real.search(text, 3).span()  # type: ignore[union-attr]
    assert lazy.fullmatch("ab") is not None and lazy.fullmatch("a b") is None
    assert lazy.findall(text) == real.findall(text)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
    assert lazy.sub(r"<\1>", text) == real.sub(r"<\1>", text)
    assert lazy.split(text) == real.split(text)
    assert (lazy.pattern, lazy.flags, lazy.groups, lazy.groupindex) == (
        real.pattern, real.flags, real.groups, real.groupindex)
    assert lazy.scanner(text).match().group() == "ab12"  # any other attribute: from the compiled pattern
    compiled = lazy.compiled()  # type: ignore[attr-defined]
    assert compiled is lazy.compiled() and compiled.pattern == src  # type: ignore[attr-defined]


def test_lazy_pattern_flags_and_errors():
    lazy = lazy_compile(r"^b$", re.M)
    assert lazy.findall("a\nb\nc") == ["b"]
    bad = lazy_compile(r"(unclosed")  # the error comes at first use, as re's
    with pytest.raises(re.error):
        bad.match("x")
    with pytest.raises(AttributeError):
        lazy.no_such_attribute  # noqa: B018


# -- the plain command line read without argparse ------------------------------

def _argparse_vars(argv: list[str]) -> dict | None:
    """What argparse makes of ``fastalloc ARGV`` (None: it rejects it)."""
    import contextlib
    import io

    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            return vars(cli.build_parser().parse_args(argv))
    except SystemExit:
        return None


@pytest.mark.parametrize("argv", [
    ["opt", "--passes", "schedule-allocation,layout-slices", "in.mlir", "-o", "/dev/null"],
    ["opt"],
    ["opt", "-"],
    ["opt", "-o", "-", "--pass-pipeline=builtin.module(iree-stream-schedule-allocation)", "x.mlir"],
    ["opt", "x.mlir", "--pack-strategy", "best-fit", "--pack-time-limit", "0.5", "-q", "-v", "-v"],
    ["opt", "--resource-min-offset-alignment=16", "--iree-stream-resource-min-offset-alignment", "32"],
    ["opt", "--mlir-print-op-generic", "--print-op-generic", "--split-input-file", "--timing", "--mlir-timing"],
    ["opt", "--mlir-print-debuginfo", "--mlir-print-local-scope", "--mlir-elide-elementsattrs-if-larger", "4"],
    ["opt", "--version", "--list-passes", "--passes="],
])
def test_plain_command_lines_are_read_as_argparse_reads_them(argv):
    quick = cli._quick_args("opt", argv[1:])
    assert quick is not None
    assert vars(quick) == _argparse_vars(argv)
    assert cli._parse_args(argv) is not None and vars(cli._parse_args(argv)) == vars(quick)


@pytest.mark.parametrize("argv", [
    ["opt", "-h"], ["opt", "--help"], ["opt", "--pass", "x"], ["opt", "a.mlir", "b.mlir"], ["opt", "--", "a"],
    ["opt", "-vv"], ["opt", "-o"], ["opt", "-o", "-x"], ["opt", "--pack-strategy", "worst"],
    ["opt", "--pack-time-limit", "soon"], ["opt", "--timing=1"], ["opt", "-5"], ["opt", "--no-such-option"],
    ["opt", "--resource-min-offset-alignment", "-64"],
])
def test_anything_else_is_left_to_argparse(argv):
    assert cli._quick_args("opt", argv[1:]) is None


_WORDS = ["-o", "--output", "--passes", "--pass-pipeline", "--pack-strategy", "--pack-time-limit",
          "--resource-min-offset-alignment", "--iree-stream-resource-min-offset-alignment",
          "--mlir-elide-elementsattrs-if-larger", "--split-input-file", "--print-op-generic", "--timing",
          "--mlir-print-debuginfo", "--version", "-q", "-v", "-vv", "--verbose", "--quiet", "--pass", "--pack-s",
          "--passes=", "--passes=layout-slices", "--pack-strategy=iree", "--pack-strategy=nope", "-o=x",
          "--timing=1", "--", "-", "-h", "-5", "-x", "", "a.mlir", "b.mlir", "16", "0x10", "1_0", " 7", "0.25",
          "nan", "best-fit", "iree", "search", "layout-slices"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=7))
def test_quick_reading_agrees_with_argparse(words):
    argv = ["opt", *words]
    quick = cli._quick_args("opt", words)
    if quick is not None:
        # (repr: a float option may be nan, never equal to itself)
        assert repr(sorted(vars(quick).items())) == repr(sorted((_argparse_vars(argv) or {}).items()))


# -- run_deep without threading ------------------------------------------------

_DEEP_PROBE = r"""
import sys
from fastalloc._guard import in_deep, run_deep

def nest(k):
    return 0 if k == 0 else 1 + nest(k - 1)

def boom():
    raise KeyError("x")

assert run_deep(lambda: (in_deep(), nest(50000))) == (True, 50000)  # beyond the default stack and limit
try:
    run_deep(boom)
except KeyError as e:
    assert e.args == ("x",)
else:
    raise AssertionError("no KeyError")
assert not in_deep()
print("threading" in sys.modules)
"""


@pytest.mark.parametrize("preload", ["", "import threading"])
def test_run_deep_with_and_without_threading(preload):
    r = subprocess.run([sys.executable, "-c", preload + "\n" + _DEEP_PROBE], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == ("True" if preload else "False")
