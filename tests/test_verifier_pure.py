"""The verifier runs compiled (Cython, pure-Python mode with verifier.pxd) and,
without a build, as plain Python: both must accept and reject the same
modules with the same located message."""

from __future__ import annotations

import importlib.util
import random
from importlib.machinery import SourceFileLoader
from pathlib import Path

import pytest

import fastalloc.ir.verifier as compiled
from fastalloc.errors import FastallocError
from fastalloc.ir.parser import parse as raw_parse
from fastalloc.ir.parser import split_chunks
from fastalloc.testing.fuzz import mutate
from fastalloc.testing.generator import GenConfig, generate_module

LIT = Path(__file__).parent / "lit"


@pytest.fixture(scope="module")
def pure():
    path = Path(compiled.__file__).with_name("verifier.py")
    loader = SourceFileLoader("fastalloc.ir._verifier_as_python", str(path))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def _outcome(verify, text: str) -> str | None:
    """None when the raw parse fails (not the verifier's business), else
    "ok" or the verifier's formatted error."""
    try:
        m = raw_parse(text, "case.mlir")
    except FastallocError:
        return None
    try:
        verify(m)
    except FastallocError as e:
        return e.format()
    return "ok"


def test_the_installed_verifier_is_compiled():
    # setup.py builds it; a missing build would silently test the Python copy only
    assert Path(compiled.__file__).suffix in (".so", ".pyd"), compiled.__file__


@pytest.mark.parametrize("seed", range(2))
def test_same_on_generated_modules(pure, seed):
    for shape in ("single", "spread"):
        text = generate_module(seed, n_ops=400, config=GenConfig(shape=shape))
        assert _outcome(compiled.verify, text) == _outcome(pure.verify, text) == "ok"


def _base() -> list[str]:
    out = [generate_module(s, n_ops=40 + 20 * s, config=GenConfig(shape=("single", "spread")[s % 2]))
           for s in range(4)]
    for path in sorted((LIT / "ir").glob("*.mlir")):
        for chunk, _ in split_chunks(path.read_text(encoding="utf-8")):
            if "expected-error" not in chunk:
                out.append(chunk)
    return out


def test_same_on_mutants(pure):
    base = _base()
    rng = random.Random(14)
    messages = set()
    for k in range(400):
        name, mutant = mutate(base[k % len(base)], rng)
        text = mutant.decode("utf-8", "replace")
        ours = _outcome(compiled.verify, text)
        assert ours == _outcome(pure.verify, text), (k, name)
        if ours not in (None, "ok"):
            messages.add(" ".join(ours.split(" error: ", 1)[-1].split()[:3]))
    # the mutants reach the verifier's error paths, not only the parser's
    assert len(messages) >= 5, messages
