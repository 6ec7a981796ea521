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
    # decided every token) nor the parameter ops' patterns
    assert got["token_re_compiled"] is False
    assert got["param_re_compiled"] is False
    # the BLAS setting is made for the commands that do import numpy
    assert got["openblas"] == "1"


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
