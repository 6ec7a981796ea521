"""The parser and the printer run compiled (Cython, pure-Python mode) and,
without a build, as plain Python: both must read every input the same way,
errors included, and print the same text (pretty and generic)."""

from __future__ import annotations

import importlib.util
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path

import pytest

import fastalloc.ir.parser as compiled
import fastalloc.ir.printer as compiled_printer
from fastalloc.errors import FastallocError
from fastalloc.testing.generator import GenConfig, generate_module

SRC = Path(compiled.__file__).with_name("parser.py")
LIT = Path(__file__).parent / "lit"


def _load_as_python(path: Path, name: str):
    # As without Cython installed (it is a build dependency only: CI's venv
    # has none): `import cython` fails and the module's own stand-in is used.
    loader = SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    saved = sys.modules.get("cython", _ABSENT)
    sys.modules["cython"] = None  # type: ignore[assignment]
    try:
        loader.exec_module(mod)
    finally:
        if saved is _ABSENT:
            del sys.modules["cython"]
        else:
            sys.modules["cython"] = saved
    assert not isinstance(getattr(mod, "cython", None), type(sys)), "the stand-in was not used"
    return mod


_ABSENT = object()


@pytest.fixture(scope="module")
def pure():
    return _load_as_python(SRC, "fastalloc.ir._parser_as_python")


@pytest.fixture(scope="module")
def pure_printer():
    return _load_as_python(SRC.with_name("printer.py"), "fastalloc.ir._printer_as_python")


def test_the_installed_parser_and_printer_are_compiled():
    # setup.py builds them; a missing build would silently test the Python copies only
    assert Path(compiled.__file__).suffix in (".so", ".pyd"), compiled.__file__
    assert Path(compiled_printer.__file__).suffix in (".so", ".pyd"), compiled_printer.__file__


@pytest.mark.parametrize("seed", range(3))
def test_printer_same(pure_printer, seed):
    text = generate_module(seed, n_ops=150)
    m = compiled.parse(text)
    for generic in (False, True):
        assert pure_printer.print_module(m, generic) == compiled_printer.print_module(m, generic)
    chunks: list[str] = []
    compiled_printer.write_module(m, chunks.append)
    assert "".join(chunks) == str(m)


def _outcome(mod, text, name):
    """Each ``// -----`` chunk parsed by ``mod``'s parser: the module printed, or the error."""
    out = []
    for chunk, base in mod.split_chunks(mod._decode(text, name)):
        try:
            out.append(str(mod.parse(chunk, name, line_base=base)))
        except FastallocError as e:
            out.append(e.format())
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
