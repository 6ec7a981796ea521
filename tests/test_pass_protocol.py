"""The pass protocol: registry objects with explicit options and a per-run context."""

from __future__ import annotations

import pytest

import fastalloc
from fastalloc import FastallocError
from fastalloc.ir import parse
from fastalloc.passes import (
    PASSES,
    PassContext,
    PassOptions,
    get_pass,
    pass_names,
    register,
    run_pass,
    run_passes,
)
from fastalloc.testing.generator import generate_module


def test_registry_lists_and_finds_the_built_in_passes() -> None:
    assert pass_names() == ["layout-slices", "schedule-allocation"]
    assert pass_names(analyses=True) == ["layout-slices", "schedule-allocation", "stats"]
    for name in pass_names(analyses=True):
        p = get_pass(name)
        assert p.name == name and p.summary and callable(p.run)
    assert get_pass("stats").analysis and not get_pass("layout-slices").analysis
    with pytest.raises(FastallocError, match="unknown pass 'nope'; known passes: layout-slices, schedule-allocation, stats"):
        get_pass("nope")


def test_options_are_explicit() -> None:
    assert PassOptions.from_kwargs({}) == PassOptions()
    o = PassOptions.from_kwargs({"pack_strategy": "best-fit", "resource_min_offset_alignment": 16})
    assert o.pack_strategy == "best-fit" and o.default_alignment == 16
    with pytest.raises(FastallocError, match="unknown pass option 'progress'"):
        PassOptions.from_kwargs({"progress": print})
    with pytest.raises(FastallocError, match="disagree"):
        PassOptions.from_kwargs({"default_alignment": 16, "resource_min_offset_alignment": 32})
    assert PassOptions("search", pack_time_limit=0.5).strategy_spec == "search:0.5"
    with pytest.raises(FastallocError, match="applies to pack_strategy 'search'"):
        PassOptions("iree", pack_time_limit=0.5).check()
    with pytest.raises(FastallocError, match="unknown pack strategy 'worst'"):
        PassOptions("worst").check()
    with pytest.raises(FastallocError, match="default_alignment = 48 is not a positive power of two"):
        PassOptions(default_alignment=48).check()


def test_analysis_pass_stores_its_result_in_the_context_and_changes_nothing() -> None:
    text = generate_module(2, n_ops=120)
    m = parse(text)
    run_pass("schedule-allocation", m)
    before = str(m)
    ctx = PassContext()
    get_pass("stats").run(m, PassOptions(), ctx)
    assert str(m) == before
    stats = ctx.results["stats"]
    assert stats and stats == fastalloc.pack_stats(m)
    assert run_pass("stats", m, pack_strategy="best-fit") == fastalloc.pack_stats(m, "best-fit")


def test_a_registered_pass_runs_through_run_passes_with_options_and_context() -> None:
    seen: list = []

    class Rename:
        name = "test-rename-module"
        summary = "for a test"
        analysis = False

        def run(self, module, options, context):
            seen.append((options.pack_strategy, context.attributes(module) is context.attributes(module)))
            module.header = "module @renamed"

    register(Rename())
    try:
        out = run_passes("module {\n}\n", ["test-rename-module"], pack_strategy="best-fit")
    finally:
        del PASSES["test-rename-module"]
    assert out.startswith("module @renamed")
    assert seen == [("best-fit", True)]


def test_progress_goes_through_the_context() -> None:
    m = parse(generate_module(4, n_ops=200))
    calls: list[tuple[int, int]] = []
    get_pass("schedule-allocation").run(m, PassOptions(), PassContext(progress=lambda d, t: calls.append((d, t))))
    assert calls and calls[0][0] == 0 and calls[-1][0] == calls[-1][1] > 0
