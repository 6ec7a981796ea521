"""Every stream op is defined once (fastalloc.ir.ops) and everything else reads
its facts from there: the passes and the compiled helpers keep no table of op
names of their own, and the tables the helpers use are the definitions'."""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

from fastalloc.ir import ops as ops_mod
from fastalloc.ir.ops import AFFINITY_OPS, CONVERTIBLE_OPS, OPS, TEXT_OP_INTERFACES, _def
from fastalloc.passes import _regions, convert, regions

SRC = pathlib.Path(ops_mod.__file__).resolve().parents[1]
PASS_FILES = sorted((SRC / "passes").glob("*.py"))
HELPER_FILES = sorted((SRC / "passes").glob("*.pyx"))
# Discardable attribute names that look like op names.
ATTRIBUTE_NAMES = {"stream.affinity", "stream.affinity.default", "stream.resources"}
_NAME = re.compile(r"stream\.[a-z_]+(\.[a-z_]+)*")


def _python_literals(path: pathlib.Path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node


def _known(name: str) -> bool:
    return name in OPS or any(name in names for names in TEXT_OP_INTERFACES.values())


def test_sources_are_found():
    assert {p.name for p in PASS_FILES} >= {"regions.py", "convert.py", "affinity.py", "schedule_allocation.py",
                                            "layout_slices.py"}
    assert {p.name for p in HELPER_FILES} == {"_regions.pyx", "_convert.pyx", "_layout.pyx"}


def test_every_stream_op_name_in_the_passes_resolves_to_a_definition():
    bad = []
    for path in PASS_FILES + [SRC / "ir" / "verifier.py"]:
        for node in _python_literals(path):
            v = node.value
            # "stream.async.parameter." and the like are prefixes, not names
            if _NAME.fullmatch(v) and v not in ATTRIBUTE_NAMES and not _known(v):
                bad.append(f"{path.name}:{node.lineno}: {v}")
    for path in HELPER_FILES:
        for m in re.finditer(r"\"(stream\.[a-z_.]+)\"", path.read_text()):
            if m.group(1) not in ATTRIBUTE_NAMES and not _known(m.group(1)):
                bad.append(f"{path.name}: {m.group(1)}")
    assert not bad, "op names with no definition in fastalloc.ir.ops:\n" + "\n".join(bad)


def _constant_collections(path: pathlib.Path):
    """Set / tuple / list literals, and dicts whose values are constants, with
    the registered op names they list."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Dict):
            if not all(isinstance(v, ast.Constant) for v in node.values):
                continue  # a dispatch table (name -> code), not a table of facts
            elts = node.keys
        elif isinstance(node, (ast.Set, ast.Tuple, ast.List)):
            elts = node.elts
        else:
            continue
        names = [e.value for e in elts if isinstance(e, ast.Constant) and e.value in OPS]
        if len(names) >= 2:
            yield node.lineno, names


def test_no_pass_keeps_a_table_of_registered_ops():
    bad = [f"{p.name}:{line}: {names}" for p in PASS_FILES for line, names in _constant_collections(p)]
    for path in HELPER_FILES:
        for k, line in enumerate(path.read_text().splitlines(), 1):
            names = [n for n in re.findall(r"\"(stream\.[a-z_.]+)\"", line) if n in OPS]
            if len(names) >= 2:
                bad.append(f"{path.name}:{k}: {names}")
    assert not bad, "op facts written outside fastalloc.ir.ops:\n" + "\n".join(bad)


def test_the_check_finds_a_table():
    # The test above would catch a per-op table written in a pass.
    src = 'X = frozenset({"stream.async.fill", "stream.async.copy"})\nY = {"stream.async.fill": 1, "a": 2}\n'
    p = pathlib.Path(__file__).with_name("_op_table_probe.py")
    try:
        p.write_text(src + 'Z = {"stream.async.fill": len, "stream.async.copy": len}\n')
        found = list(_constant_collections(p))
    finally:
        p.unlink()
    assert [line for line, _ in found] == [1]


def test_region_helper_tables_are_the_definitions():
    expected_kinds = {}
    for name, d in OPS.items():
        if d.tied_to is not None:
            assert d.static_start[d.segment_index[d.tied_to]] == 0
            expected_kinds[name] = 1
        elif d.tied_prop is not None:
            expected_kinds[name] = 2 + d.segment_index[d.tied_prop]
    assert _regions._tied_kinds() == expected_kinds
    assert regions._TIED_KIND == expected_kinds
    expected_sizes = {
        name: (d.segment_index[d.result_size], d.static_start[d.segment_index[d.result_size]],
               d.segment_kinds[d.segment_index[d.result_size]] == "*")
        for name, d in OPS.items() if d.result_size is not None
    }
    assert _regions._result_sizes() == expected_sizes
    assert regions._RESULT_SIZE_AT == expected_sizes
    assert regions._TIMELINE == {n for n, d in OPS.items() if d.timeline}


def test_interfaces_as_iree_declares_them():
    # A few facts of IREE's StreamOps.td, spelled out once more here on purpose.
    tied = {n: d.tied_to for n, d in OPS.items() if d.tied_to}
    assert tied == {
        "stream.async.fill": "target", "stream.async.update": "target", "stream.async.copy": "target",
        "stream.async.collective": "target", "stream.async.barrier": "source", "stream.async.store": "target",
        "stream.resource.subview": "source",
    }
    assert {n for n, d in OPS.items() if d.tied_prop} == {
        "stream.async.execute", "stream.async.concurrent", "stream.async.dispatch", "stream.async.call",
    }
    assert OPS["stream.async.transfer"].affinity == "execution_affinity"
    assert "stream.async.load" not in AFFINITY_OPS and "stream.tensor.import" in AFFINITY_OPS
    assert OPS["stream.async.update"].operand_sizes == (("target", "target_size"), ("update", "update_size"))
    assert OPS["stream.async.dispatch"].primitives and not OPS["stream.async.execute"].primitives


def test_converters_match_converts_to():
    assert convert.CONVERTIBLE_OPS == CONVERTIBLE_OPS == set(convert._APPLY)
    for name in CONVERTIBLE_OPS:
        for target in OPS[name].converts_to:
            assert target in OPS, (name, target)


def test_a_bad_definition_is_rejected():
    with pytest.raises(ValueError, match="no segment"):
        _def("x.op", "a:1 b:1", tied_to="c")
    with pytest.raises(ValueError, match="tied_operands"):
        _def("x.op", "a:* b:*", tied_prop="a")
    with pytest.raises(ValueError, match="no property"):
        _def("x.op", "a:1", affinity="where")
    d = _def("x.op", "a:* b:1")
    with pytest.raises(ValueError, match="no fixed position"):
        d.static_operand("b")
