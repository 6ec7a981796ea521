"""The parser runs compiled (Cython, pure-Python mode) and, without a build, as
plain Python: both must read every input the same way, errors included."""

from __future__ import annotations

import importlib.util
from importlib.machinery import SourceFileLoader
from pathlib import Path

import pytest

import fastalloc.ir.parser as compiled
from fastalloc.errors import FastallocError
from fastalloc.testing.generator import GenConfig, generate_module

SRC = Path(compiled.__file__).with_name("parser.py")
LIT = Path(__file__).parent / "lit"


@pytest.fixture(scope="module")
def pure():
    loader = SourceFileLoader("fastalloc.ir._parser_as_python", str(SRC))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def test_the_installed_parser_is_the_compiled_one():
    # setup.py builds it; a stale or missing build would silently test the Python copy only
    assert Path(compiled.__file__).suffix in (".so", ".pyd"), compiled.__file__


def _outcome(mod, text, name):
    out = []
    for m in mod.parse_chunks(text, name):
        out.append(m.format() if isinstance(m, FastallocError) else str(m))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_generated_modules_same(pure, seed):
    text = generate_module(seed, n_ops=150, config=GenConfig(style="lit" if seed % 2 else "printed"))
    assert _outcome(pure, text, "g.mlir") == _outcome(compiled, text, "g.mlir")


def test_lit_files_and_errors_same(pure):
    files = sorted(LIT.rglob("*.mlir"))
    assert files
    for f in files:
        text = f.read_text()
        assert _outcome(pure, text, f.name) == _outcome(compiled, text, f.name), f
    bad = "%0 = stream.async.splat %x : i32 -> !stream.resource<transient>{%c4}\n"
    a, b = _outcome(pure, bad, "bad.mlir"), _outcome(compiled, bad, "bad.mlir")
    assert a == b and "bad.mlir:1:" in a[0] and "error:" in a[0]
