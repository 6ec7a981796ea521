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


_TYPED = ("util.func public @f(%n: index, %t: !stream.timepoint, %x: i32) {\n"
          "  %c0 = arith.constant 0 : index\n  %c64 = arith.constant 64 : index\n"
          "  %r = stream.async.alloca : !stream.resource<transient>{%c64}\n"
          "  %s = stream.async.slice %r[%c0 to %c64] : !stream.resource<transient>{%c64} -> "
          "!stream.resource<transient>{%c64}\n"
          "  %s2 = stream.async.slice %s[%n to %c64] : !stream.resource<transient>{%c64} -> "
          "!stream.resource<transient>{%c64}\n"
          "  %u, %tu = stream.async.execute await(%t) => with(%s2 as %a: !stream.resource<transient>{%c64}) -> "
          "!stream.resource<transient>{%c64} {\n    stream.yield %a : !stream.resource<transient>{%c64}\n"
          "  } => !stream.timepoint\n  util.return\n}\n")


def _retyped(name: str, ty: str):
    """The module of _TYPED with value ``%name``'s type set to ``ty`` (past
    the parser, which checks the types the text spells)."""
    m = raw_parse(_TYPED, "case.mlir")
    hit = [v for v in m.values if v is not None and v.name_hint == name]
    assert len(hit) == 1, name
    hit[0].type = ty
    return m



def _verdict(verify, m, want) -> None:
    """``verify(m)`` passes (``want`` None) or raises a FastallocError whose text holds ``want``."""
    if want is None:
        verify(m)
    else:
        with pytest.raises(FastallocError) as e:
            verify(m)
        assert want in e.value.format()

@pytest.mark.parametrize(("name", "ty", "want"), [
    # a size or offset: index; the first op with a bad type is reported, after others of its shape passed
    ("n", "i32", "'stream.async.slice' op operand '%n' (source_offset) must be index, but got 'i32'"),
    ("c64", "i64", "'stream.async.alloca' op operand '%c64' (storage_size) must be index, but got 'i64'"),
    ("s", "!stream.timepoint", "'stream.async.slice' op operand '%s' (source) must be a resource, "
                               "but got '!stream.timepoint'"),
    ("t", "index", "'stream.async.execute' op operand '%t' (await_timepoint) must be !stream.timepoint, "
                   "but got 'index'"),
    # an equal type string that is not the parser's shared one passes, as do other resource lifetimes
    ("n", "".join(["in", "dex"]), None),
    ("s", "!stream.resource<" + "external>", None),
])
def test_segment_types_checked_alike(pure, name, ty, want):
    for verify in (compiled.verify, pure.verify):
        m = _retyped(name, ty)
        _verdict(verify, m, want)


def test_segment_type_checks_remember_no_type_across_ops(pure):
    """The type string that passed a segment's check is remembered (an
    identity test next time); a different one at a later op is still checked."""
    for verify in (compiled.verify, pure.verify):
        m = raw_parse(_TYPED, "case.mlir")
        verify(m)
        n = next(v for v in m.values if v is not None and v.name_hint == "n")
        n.type = "i64"
        with pytest.raises(FastallocError, match=r"'%n' \(source_offset\) must be index, but got 'i64'"):
            verify(m)


_PACK = ("util.func public @f(%a: index, %b: index) {\n  %t:3 = stream.resource.pack slices({\n"
         "    [0, 1] = %a,\n    [1, 2] = %b\n  }) : index\n  util.return\n}\n")


@pytest.mark.parametrize(("bound", "ok"), [
    ((1 << 63) - 1, True), (-(1 << 63), True), (1 << 63, False), (-(1 << 63) - 1, False), (1 << 100, False),
    (True, True), (2.0, False), ("1", False),
])
def test_pack_intervals_fit_index_alike(pure, bound, ok):
    """A pack's lifetime bounds (integers a pass may set) fit index, by the
    compiled check (int64 conversion) and the Python one (comparisons) alike."""
    for verify in (compiled.verify, pure.verify):
        m = raw_parse(_PACK, "case.mlir")
        pack = m.body.ops[0]._regions[0].blocks[0].ops[0]
        assert pack.name == "stream.resource.pack"
        pack.props["lifetime_intervals"] = [0, 1, bound, 2]
        if ok:
            verify(m)
        else:
            with pytest.raises(FastallocError, match="lifetime_intervals: integer constant out of range for attribute"):
                verify(m)


@pytest.mark.parametrize(("ty", "want"), [
    # same length as the yielded type, other spelling: compared in full
    ("!stream.resource<transienx>", "operand #0 of type '!stream.resource<transient>' does not match the parent "
                                    "op's result type '!stream.resource<transienx>'"),
    ("!stream.resource<external>", "does not match the parent op's result type '!stream.resource<external>'"),
    # an equal string that is not the parser's shared one
    ("".join(["!stream.resource<", "transient>"]), None),
])
def test_yielded_types_checked_alike(pure, ty, want):
    for verify in (compiled.verify, pure.verify):
        m = _retyped("u", ty)
        _verdict(verify, m, want)


def test_async_region_terminator_rules_alike(pure):
    yield_line = "    stream.yield %a : !stream.resource<transient>{%c64}\n"
    assert yield_line in _TYPED
    twice = _TYPED.replace(yield_line, yield_line * 2)
    assert "must be the last operation in the parent block" in _outcome(compiled.verify, twice)
    assert _outcome(compiled.verify, twice) == _outcome(pure.verify, twice)
    m = raw_parse(_TYPED, "case.mlir")
    ex = next(op for op in m.walk() if op.name == "stream.async.execute")
    ex._regions[0].blocks[0].ops[-1].name = "stream.yieldx"  # not a terminator any more (same check path)
    for verify in (compiled.verify, pure.verify):
        with pytest.raises(FastallocError, match="block with no terminator, has 'stream.yieldx'"):
            verify(m)


@pytest.mark.parametrize("shared", [True, False])
@pytest.mark.parametrize(("life", "want"), [
    ([0, 1, 1], "lifetime_intervals has an odd number of entries (3): expected start/end pairs"),
    ([0, 1, 1, 2, 2, 3], "has 3 lifetime intervals but 2 slice results"),
    ([0, 1, 1, 2], None),
])
def test_pack_interval_count_checked_alike(pure, shared, life, want):
    """The pack's interval count, from shared (parsed) properties and from an
    op's own, by the compiled and the Python verifier; other ops' intervals
    are not a pack's (no error)."""
    from fastalloc.ir.model import SharedProps

    for verify in (compiled.verify, pure.verify):
        m = raw_parse(_PACK, "case.mlir")
        pack = m.body.ops[0]._regions[0].blocks[0].ops[0]
        assert type(pack._props) is SharedProps
        props = dict(pack._props, lifetime_intervals=life)
        pack._props = SharedProps(props) if shared else props
        _verdict(verify, m, want)
        # the same definition under another name (a pass's mistake): the
        # count is a pack's rule, by name, as before
        pack.name = "stream.resource.packx"
        verify(m)
