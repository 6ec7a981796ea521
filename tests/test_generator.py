"""fastalloc.testing.generator: generated modules are valid for iree-opt 3.13.

Modules are batched into one iree-opt call per pipeline (``// -----`` +
``--split-input-file``) to keep the run short.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys

import pytest

from fastalloc.testing.generator import (
    ALL_OP_KINDS,
    GenConfig,
    generate_corpus,
    generate_module,
)
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT, iree_opt, reprint

SPLIT = ("--split-input-file",)
SEP = "\n// -----\n"

_ASYNC_OP = re.compile(r"stream\.async\.(?!func\b)[a-z_]+")
_EXECUTE = re.compile(r"= stream\.async\.execute\b")


def _check_with_iree(mods: list[str]) -> None:
    """All of ``mods`` parse, verify, and go through both reference pipelines."""
    text = SEP.join(mods)
    printed = reprint(text, args=SPLIT)
    assert printed.count("// -----") == len(mods) - 1
    n_exec = sum(len(_EXECUTE.findall(m)) for m in mods)
    assert n_exec >= len(mods)
    for pipeline in (SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT):
        out = iree_opt(text, pipeline, args=SPLIT)
        assert out.count("// -----") == len(mods) - 1
        # Every execute region was allocated: none left in async form.
        assert "stream.async.execute" not in out
        assert "stream.async.concurrent" not in out
        assert "stream.async.dispatch" not in out
        assert out.count("= stream.cmd.execute") == n_exec
    # layout-slices leaves no pack behind (SCHEDULE_AND_LAYOUT nests it under
    # util.initializer, util.func and func.func, as IREE's pipeline does).
    assert out.count("stream.resource.pack") == 0


def _configs() -> list[tuple[str, GenConfig]]:
    return [
        ("default", GenConfig()),
        ("lit", GenConfig(style="lit")),
        ("all-dynamic", GenConfig(dynamic_fraction=1.0, window=6)),
        ("all-static-flat", GenConfig(dynamic_fraction=0.0, max_concurrent_depth=0)),
        ("deep-waves", GenConfig(max_concurrent_depth=4, weights={"concurrent": 30.0}, window=40)),
        (
            "bare",
            GenConfig(
                affinities=False,
                resource_configs=False,
                constants=False,
                initializer=False,
                func_func=False,
                waves=False,
                load_store=False,
                declared_executables=0.0,
            ),
        ),
        ("dispatch-only", GenConfig(op_kinds=("dispatch",), declared_executables=1.0)),
        ("data-ops", GenConfig(op_kinds=("splat", "clone", "slice", "fill", "update", "copy", "alloca"))),
        ("lit-collectives", GenConfig(style="lit", weights={"collective": 30.0, "transfer": 20.0, "call": 20.0})),
        ("many-functions", GenConfig(functions=6, regions_per_function=4, func_func=True)),
    ]


@pytest.mark.parametrize("name,cfg", _configs(), ids=[n for n, _ in _configs()])
def test_generated_modules_pass_iree_opt(name: str, cfg: GenConfig) -> None:
    # 24 modules per config, 3..300 ops: 240 modules over all configs.
    mods = generate_corpus(sum(map(ord, name)), 24, n_ops=(3, 300), config=cfg)
    _check_with_iree(mods)


def test_large_modules_pass_iree_opt() -> None:
    mods = [
        generate_module(1, n_ops=2000),
        generate_module(2, n_ops=2000, config=GenConfig(style="lit")),
        generate_module(3, n_ops=2000, config=GenConfig(shape="single")),
        generate_module(4, n_ops=1500, config=GenConfig(shape="single", style="lit", dynamic_fraction=0.6)),
        generate_module(5, n_ops=2000, config=GenConfig(functions=1, regions_per_function=1)),
    ]
    _check_with_iree(mods)


def test_single_kind_configs_pass_iree_opt() -> None:
    # Degenerate knob settings: one op kind, tiny window, nothing optional.
    mods = []
    for i, kind in enumerate(ALL_OP_KINDS):
        for n in (1, 60):
            mods.append(generate_module(i, n_ops=n, config=GenConfig(op_kinds=(kind,), window=2)))
            bare = GenConfig(op_kinds=(kind,), style="lit", constants=False, max_concurrent_depth=0)
            mods.append(generate_module(i, n_ops=n, config=bare))
    _check_with_iree(mods)


def test_defect_knob_modules_still_pass_iree_opt() -> None:
    cfg = GenConfig(constant_in_concurrent=True, unused_concurrent_results=True)
    _check_with_iree(generate_corpus(11, 20, n_ops=(20, 300), config=cfg))


# -- determinism -------------------------------------------------------------


def test_same_seed_same_text() -> None:
    for cfg in (GenConfig(), GenConfig(style="lit"), GenConfig(shape="single")):
        a = generate_module(123, n_ops=400, config=cfg)
        b = generate_module(123, n_ops=400, config=cfg)
        assert a == b
    assert generate_corpus(5, 4) == generate_corpus(5, 4)


def test_different_seeds_differ() -> None:
    texts = {generate_module(s, n_ops=60) for s in range(20)}
    assert len(texts) == 20
    assert generate_module(1, n_ops=60) != generate_module(1, n_ops=61)
    assert generate_module(1, n_ops=60) != generate_module(1, n_ops=60, config=GenConfig(style="lit"))


def test_text_independent_of_hash_seed() -> None:
    # Another interpreter with different string hashing must print the same bytes.
    code = (
        "import hashlib\n"
        "from fastalloc.testing.generator import generate_module, GenConfig\n"
        "t = generate_module(77, n_ops=500) + generate_module(78, n_ops=300, config=GenConfig(style='lit'))\n"
        "print(hashlib.sha256(t.encode()).hexdigest())\n"
    )
    digests = set()
    for hs in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        digests.add(out.stdout.strip())
    here = generate_module(77, n_ops=500) + generate_module(78, n_ops=300, config=GenConfig(style="lit"))
    digests.add(hashlib.sha256(here.encode()).hexdigest())
    assert len(digests) == 1


# -- coverage ----------------------------------------------------------------

REQUIRED_OPS = [
    "stream.async.execute",
    "stream.async.concurrent",
    "stream.async.constant",
    "stream.async.splat",
    "stream.async.clone",
    "stream.async.slice",
    "stream.async.fill",
    "stream.async.update",
    "stream.async.copy",
    "stream.async.dispatch",
    "stream.async.call",
    "stream.async.func",
    "stream.async.collective<all_reduce with sum : f32>",
    "stream.async.collective<all_gather : f32>",
    "stream.async.barrier",
    "stream.async.transfer",
    "stream.async.alloca",
    "stream.async.load",
    "stream.async.store",
    "stream.executable",
    "util.func public",
    "func.func @fn",
    "util.initializer",
    "util.global.store",
    "util.global private @dev0 : !hal.device",
    "util.optimization_barrier",
    "stream.timepoint.join",
    "stream.timepoint.await",
    "#hal.device.affinity<@dev0>",
    "#hal.device.affinity<@dev0, [0, 1]>",
    "#stream.resource_config<{",
    "@undeclared_ex",
]


def _coverage_corpus() -> str:
    printed = generate_corpus(2024, 40, n_ops=(20, 400))
    lit = generate_corpus(2025, 10, n_ops=(20, 400), config=GenConfig(style="lit"))
    return "\n".join(printed + lit)


def test_every_op_kind_appears() -> None:
    text = _coverage_corpus()
    missing = [op for op in REQUIRED_OPS if op not in text]
    assert not missing
    counts = {op: text.count(op) for op in REQUIRED_OPS}
    # Each kind is more than a fluke.
    assert min(counts.values()) >= 3, counts


def test_structural_variants_appear() -> None:
    text = "\n".join(generate_corpus(2024, 40, n_ops=(20, 400)))
    lines = text.splitlines()
    # execute: with and without on/await, captured operands, tied results, no results
    execs = [ln for ln in lines if "= stream.async.execute" in ln]
    assert any(" on(" in ln for ln in execs) and any(" on(" not in ln for ln in execs)
    assert any(" await(" in ln for ln in execs) and any(" await(" not in ln for ln in execs)
    assert any(re.search(r"with\(%\S+ as %arg\d+", ln) for ln in execs)
    assert any(re.search(r"-> \(?%\w+(#\d+)?\{", ln) for ln in execs)  # tied result
    assert any(re.match(r"\s*%\d+ = stream\.async\.execute", ln) for ln in execs)  # no results
    # concurrent nested at least three deep (printed style indents by 2)
    assert any(re.match(r" {8}%\d+(:\d+)? = stream\.async\.concurrent", ln) for ln in lines)
    assert any(re.search(r"stream\.async\.concurrent .*-> \(?%\w+(#\d+)?\{", ln) for ln in lines)
    # constants of both lifetimes, static and dynamic sizes
    assert "= stream.async.constant : !stream.resource<constant>{" in text
    assert "= stream.async.constant : !stream.resource<variable>{" in text
    assert re.search(r"util\.optimization_barrier %c\d+ : index", text)
    assert re.search(r"!stream\.resource<transient>\{%arg\d+\}", text)
    # transfers: across devices and within one affinity
    assert re.search(r"from\(#hal\.device\.affinity<@dev0>\) -> to\(#hal\.device\.affinity<@dev1>\)", text)
    assert re.search(r"from\((#hal[^)]*)\) -> to\(\1\)", text)
    # tied results on dispatch and call
    assert re.search(r"stream\.async\.dispatch .*-> \(?.*%\w+(#\d+)?\{", text)
    assert re.search(r"stream\.async\.func private @\w+\(.*\) -> \(%arg\d", text)


def test_lit_style_features() -> None:
    text = generate_module(9, n_ops=300, config=GenConfig(style="lit"))
    assert "!transient = !stream.resource<transient>" in text
    assert re.search(r"^#aff_\w+ = #hal\.device\.affinity<", text, re.M)
    assert re.search(r"^\s*//", text, re.M)
    assert re.search(r"^\s+-> ", text, re.M)  # ops split over lines
    assert "!transient{" in text


def test_op_count_tracks_n_ops() -> None:
    for n in (3, 50, 500, 2000):
        for cfg in (GenConfig(), GenConfig(shape="single")):
            got = len(_ASYNC_OP.findall(generate_module(3, n_ops=n, config=cfg)))
            assert n <= got <= n + max(8, n // 20), (n, got)


def test_single_shape_is_one_region() -> None:
    text = generate_module(4, n_ops=3000, config=GenConfig(shape="single"))
    assert text.count("= stream.async.execute") == 1
    assert text.count("util.func public") == 1
    spread = generate_module(4, n_ops=3000, config=GenConfig(shape="spread", region_ops=200))
    assert spread.count("= stream.async.execute") >= 10


def test_bad_config_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown kinds"):
        GenConfig(op_kinds=("splat", "frobnicate"))
    with pytest.raises(ValueError, match="style"):
        GenConfig(style="pretty")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="n_ops"):
        generate_module(0, n_ops=0)


# -- the two iree-opt defects, on request only ----------------------------------

_DEF = re.compile(r"^\s*(%[\w]+)(?::\d+)?(?:, %[\w]+)? = (\S+)")


def _functions(text: str) -> list[str]:
    """Top-level function bodies (printed-style names are per function)."""
    chunks: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith(("util.func", "func.func", "util.initializer")):
            chunks.append([])
        if chunks:
            chunks[-1].append(line)
    return ["\n".join(c) for c in chunks]


def _defs_in_concurrent(func: str) -> list[tuple[str, str]]:
    """(value, op name) for ops inside a stream.async.concurrent (printed style)."""
    stack: list[bool] = []
    out = []
    for line in func.splitlines():
        s = line.strip()
        if s.startswith("}"):
            stack.pop()
            continue
        m = _DEF.match(line)
        if any(stack) and m:
            out.append((m.group(1), m.group(2)))
        if s.endswith("{"):
            stack.append("stream.async.concurrent" in s)
    return out


def _unused_in_concurrent(text: str) -> list[tuple[str, str]]:
    out = []
    for func in _functions(text):
        for name, op in _defs_in_concurrent(func):
            if len(re.findall(re.escape(name) + r"(?![\w])", func)) == 1:
                out.append((name, op))
    return out


def _constants_in_concurrent(text: str) -> int:
    return sum(op == "stream.async.constant" for f in _functions(text) for _, op in _defs_in_concurrent(f))


def test_defects_absent_by_default() -> None:
    n_defs = 0
    for text in generate_corpus(31, 30, n_ops=(50, 400)):
        n_defs += sum(len(_defs_in_concurrent(f)) for f in _functions(text))
        assert _constants_in_concurrent(text) == 0
        assert _unused_in_concurrent(text) == []
    assert n_defs > 100


def test_constant_in_concurrent_knob() -> None:
    cfg = GenConfig(constant_in_concurrent=True, weights={"concurrent": 20.0})
    text = generate_module(8, n_ops=300, config=cfg)
    nested = _constants_in_concurrent(text)
    assert nested > 0
    # iree-opt 3.13 drops exactly those constants: they never reach
    # stream.resource.constants (the defect fastalloc does not copy).
    n_const = text.count("= stream.async.constant")
    uploaded = iree_opt(text, SCHEDULE_ALLOCATION).count("= dense<")
    assert uploaded == n_const - nested


def test_unused_concurrent_results_knob() -> None:
    cfg = GenConfig(unused_concurrent_results=True, weights={"concurrent": 20.0})
    text = generate_module(8, n_ops=300, config=cfg)
    unused = _unused_in_concurrent(text)
    assert unused
    assert all(op in {f"stream.async.{k}" for k in ALL_OP_KINDS} for _, op in unused)


# -- the shipped example ----------------------------------------------------------


def test_example_passes_iree_opt() -> None:
    from importlib.resources import files

    text = files("fastalloc").joinpath("examples/example.mlir").read_text()
    reprint(text)
    sa = iree_opt(text, SCHEDULE_ALLOCATION)
    # three weights uploaded, three transients packed into one slab, one result
    assert sa.count("= dense<") == 3
    assert len(re.findall(r"^\s*\[\d+, \d+\] = %c4096,?$", sa, re.M)) == 3
    assert sa.count("stream.resource.alloca uninitialized") == 2
    out = iree_opt(text, SCHEDULE_AND_LAYOUT)
    assert "stream.resource.pack" not in out
    # layout-slices reuses the dead hidden activation's bytes: slab of 2, not 3
    assert re.search(r"stream\.resource\.alloca uninitialized .*!stream\.resource<transient>\{%c8192\w*\}", out)


def test_iree_output_deterministic_by_default_and_not_with_unused_results() -> None:
    # The default corpus is safe for byte-for-byte conformance against iree-opt...
    text = SEP.join(generate_corpus(99, 40, n_ops=(20, 400)))
    runs = {iree_opt(text, SCHEDULE_AND_LAYOUT, args=SPLIT) for _ in range(2)}
    assert len(runs) == 1
    # ...while unused untied results in a concurrent make iree-opt's pack order
    # depend on pointer hashing (nested intervals all get ordinal -1).
    cfg = GenConfig(unused_concurrent_results=True, weights={"concurrent": 20.0})
    text = SEP.join(generate_corpus(99, 40, n_ops=(50, 400), config=cfg))
    runs = {iree_opt(text, SCHEDULE_ALLOCATION, args=SPLIT) for _ in range(3)}
    assert len(runs) > 1
