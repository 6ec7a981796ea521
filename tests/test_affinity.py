"""Multi-device placement: the whole-program affinity analysis against iree-opt 3.13.

Differential: generated modules with two devices (``GenConfig()`` has
affinities on) through schedule-allocation, and through schedule-allocation +
layout-slices, compared with iree-opt's output (both re-printed by iree-opt).
The hand-written rule cases are in tests/lit/schedule_allocation/
affinity_analysis.mlir (run by tests/test_schedule_allocation.py).  Unit
tests below check single answers of :class:`AffinityAnalysis` against values
worked out by hand from IREE's rules.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from fastalloc.ir import parse
from fastalloc.passes import run_passes
from fastalloc.passes import affinity, schedule_allocation as sa
from fastalloc.passes.affinity import AffinityAnalysis
from fastalloc.testing.generator import GenConfig, generate_module
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT, iree_opt, reprint

SEP = "\n// -----\n"
LIT = Path(__file__).parent / "lit" / "schedule_allocation"
SPLIT = ("--split-input-file",)


def _size(seed: int) -> int:
    # 3..122 ops, spread over the seeds
    return 3 + (seed * 37) % 120


def _compare(texts: list[str], pipeline: str, passes: list[str]) -> list[tuple[str, str]]:
    """(iree-opt's, ours) per text, both re-printed, in one iree-opt run per side."""
    theirs = reprint(iree_opt(SEP.join(texts), pipeline, args=SPLIT), args=SPLIT).split("// -----")
    ours = reprint(SEP.join(run_passes(t, passes) for t in texts), args=SPLIT).split("// -----")
    assert len(theirs) == len(ours) == len(texts)
    return [(a.strip(), b.strip()) for a, b in zip(theirs, ours)]


def _diff(theirs: str, ours: str) -> str:
    return "\n".join(difflib.unified_diff(theirs.splitlines(), ours.splitlines(), "iree-opt", "fastalloc", lineterm=""))


# (seed, n_ops, cross_function): resources crossing functions through relay
# calls and the initializer's global in about a third of the cases.
SA_CASES = (
    [(s, _size(s), False) for s in range(80)]
    + [(500 + s, _size(s), True) for s in range(50)]
    + [(7000, 700, False), (7001, 2000, False), (7002, 900, True)]
    # a global whose loads (349, 417, 577) or stored value (230) end INVALID:
    # placed by what the first visit of that input found (AffinityAnalysis.
    # _ends_invalid); in 499, 671, 700 that first visit is INVALID as well
    + [(s, _size(s), True) for s in (230, 349, 417, 577, 499, 671, 700)]
)
LS_CASES = [(3000 + s, _size(s)) for s in range(40)]


@pytest.fixture(scope="module")
def sa_compared() -> dict[tuple[int, int, bool], tuple[str, str]]:
    texts = [generate_module(s, n_ops=n, config=GenConfig(cross_function=x)) for s, n, x in SA_CASES]
    return dict(zip(SA_CASES, _compare(texts, SCHEDULE_ALLOCATION, ["schedule-allocation"])))


@pytest.fixture(scope="module")
def ls_compared() -> dict[tuple[int, int], tuple[str, str]]:
    texts = [generate_module(s, n_ops=n, config=GenConfig()) for s, n in LS_CASES]
    return dict(zip(LS_CASES, _compare(texts, SCHEDULE_AND_LAYOUT, ["schedule-allocation", "layout-slices"])))


@pytest.mark.parametrize("case", SA_CASES, ids=[f"s{s}-n{n}{'-cross' if x else ''}" for s, n, x in SA_CASES])
def test_two_device_schedule_allocation_matches_iree_opt(case, sa_compared) -> None:
    theirs, ours = sa_compared[case]
    if ours != theirs:
        pytest.fail("schedule-allocation differs from iree-opt 3.13:\n" + _diff(theirs, ours))


@pytest.mark.parametrize("case", LS_CASES, ids=[f"s{s}-n{n}" for s, n in LS_CASES])
def test_two_device_schedule_and_layout_matches_iree_opt(case, ls_compared) -> None:
    theirs, ours = ls_compared[case]
    if ours != theirs:
        pytest.fail("schedule-allocation + layout-slices differs from iree-opt 3.13:\n" + _diff(theirs, ours))


def test_generated_corpus_really_places_across_devices(sa_compared) -> None:
    """The corpus exercises the joins the analysis decides (not only one
    device), and the cross-function part really crosses functions."""
    outs = "\n".join(ours for _, ours in sa_compared.values())
    assert "resource.alloca uninitialized on(#hal.device.optimal<[" in outs
    assert "resource.constants on(#hal.device.optimal<[" in outs or "constants on(#hal.device.affinity<@dev1>)" in outs
    assert "alloca uninitialized on(#hal.device.affinity<@dev1>)" in outs
    cross = "\n".join(ours for (_, _, x), (_, ours) in sa_compared.items() if x)
    assert "util.call @relay_" in cross and "util.global.load @init" in cross


@pytest.mark.slow
@pytest.mark.parametrize("start", [1000, 2000, 5000])
def test_two_device_schedule_allocation_many_seeds(start: int) -> None:
    """200 more modules per start seed, 3..2000 ops, a third crossing functions."""
    cases = [(s, 3 + (s * 211) % 1998 if s % 10 == 0 else _size(s)) for s in range(start, start + 200)]
    texts = [generate_module(s, n_ops=n, config=GenConfig(cross_function=s % 3 == 0)) for s, n in cases]
    bad = [c for c, (a, b) in zip(cases, _compare(texts, SCHEDULE_ALLOCATION, ["schedule-allocation"])) if a != b]
    assert bad == []


@pytest.mark.slow
def test_two_device_schedule_and_layout_many_seeds() -> None:
    cases = [(s, _size(s)) for s in range(4000, 4300)]
    texts = [generate_module(s, n_ops=n, config=GenConfig()) for s, n in cases]
    pairs = _compare(texts, SCHEDULE_AND_LAYOUT, ["schedule-allocation", "layout-slices"])
    bad = [c for c, (a, b) in zip(cases, pairs) if a != b]
    assert bad == []


def test_two_device_output_is_deterministic() -> None:
    text = generate_module(56, n_ops=400, config=GenConfig())
    first = run_passes(text, ["schedule-allocation"])
    assert "#hal.device.optimal<[" in first
    assert run_passes(text, ["schedule-allocation"]) == first


def test_no_affinity_skips_the_analysis(monkeypatch) -> None:
    """Single-device modules never build the analysis (answers would all be None).
    Neither kind keeps it after the pass: it points at the module."""
    built: list = []

    class Spy(AffinityAnalysis):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            if kwargs.get("_first_visit", True):  # (not the second one an analysis builds for itself)
                built.append(self)

    # (the pass imports the analysis when a module needs it: patched where it is defined)
    monkeypatch.setattr(affinity, "AffinityAnalysis", Spy)
    module = parse(generate_module(3, n_ops=60, config=GenConfig(affinities=False)))
    sa.schedule_allocation(module)
    assert built == []
    module = parse(generate_module(3, n_ops=60, config=GenConfig()))
    sa.schedule_allocation(module)
    assert len(built) == 1 and built[0]._module is module
    # The pass keeps no state of its own (no module global, no thread-local
    # run): once the caller lets go, the module and its analysis are freed.
    import gc
    import weakref

    ref = weakref.ref(module)
    built.clear()
    del module
    gc.collect()
    assert ref() is None


# -- single answers, worked out by hand ----------------------------------------

DEV0 = "#hal.device.affinity<@dev0>"
DEV1 = "#hal.device.affinity<@dev1>"

PROGRAM = f"""
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.global private mutable @g : !stream.resource<transient>
util.func private @callee(%x: !stream.resource<transient>, %n: index) -> !stream.resource<transient> {{
  %c0 = arith.constant 0 : index
  %y, %ty = stream.async.execute on({DEV1}) with(%x as %a: !stream.resource<transient>{{%n}}) -> !stream.resource<transient>{{%n}} {{
    %d = stream.async.dispatch @ex::@e(%a[%c0 to %n for %n]) : (!stream.resource<transient>{{%n}}) -> !stream.resource<transient>{{%n}}
    stream.yield %d : !stream.resource<transient>{{%n}}
  }} => !stream.timepoint
  util.return %y : !stream.resource<transient>
}}
util.func public @main(%arg: !stream.resource<transient>, %n: index) -> !stream.resource<transient> {{
  %c7_i32 = arith.constant 7 : i32
  %r:2, %t = stream.async.execute on({DEV0}) with() -> (!stream.resource<transient>{{%n}}, !stream.resource<transient>{{%n}}) {{
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{{%n}}
    %s2 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{{%n}}
    stream.yield %s, %s2 : !stream.resource<transient>{{%n}}, !stream.resource<transient>{{%n}}
  }} => !stream.timepoint
  %m, %tm = stream.async.execute with(%r#0 as %a: !stream.resource<transient>{{%n}}) -> !stream.resource<transient>{{%n}} {{
    %c = stream.async.clone %a : !stream.resource<transient>{{%n}} -> !stream.resource<transient>{{%n}}
    stream.yield %c : !stream.resource<transient>{{%n}}
  }} => !stream.timepoint
  %z = util.call @callee(%m, %n) : (!stream.resource<transient>, index) -> !stream.resource<transient>
  util.global.store %z, @g : !stream.resource<transient>
  %q, %tq = stream.async.execute with(%arg as %a: !stream.resource<transient>{{%n}}) -> !stream.resource<transient>{{%n}} {{
    %c = stream.async.clone %a : !stream.resource<transient>{{%n}} -> !stream.resource<transient>{{%n}}
    stream.yield %c : !stream.resource<transient>{{%n}}
  }} => !stream.timepoint
  util.return %r#1 : !stream.resource<transient>
}}
"""


@pytest.fixture()
def program():
    module = parse(PROGRAM)
    values = {v.name_hint: v for v in module.values if v is not None and v.name_hint}
    return AffinityAnalysis(module, lambda a: " ".join(a.split())), values, module


def _set(state) -> set[str] | None:
    return None if state is None else set(state.values())


def test_producers_of_a_result_are_its_execute(program) -> None:
    an, v, _ = program
    r0 = next(x for x in v["r"].owner.results if x.index == 0)
    assert _set(an.state("P", r0)) == {DEV0}


def test_consumers_through_an_execute_without_affinity_and_a_call(program) -> None:
    an, v, _ = program
    r0 = v["r"].owner.results[0]
    # used by @main's second execute (no affinity: placed where its operand
    # comes from, dev0) and nothing else.
    assert _set(an.state("C", r0)) == {DEV0}
    # %m goes into @callee, whose execute runs on dev1.
    assert _set(an.state("C", v["m"])) == {DEV1}
    assert an.usage_affinities(v["m"]) == [DEV0, DEV1]


def test_returned_from_a_public_function_is_unknown(program) -> None:
    an, v, _ = program
    r1 = v["r"].owner.results[1]
    assert an.state("C", r1) is None
    assert an.usage_affinities(r1) == [DEV0]


def test_public_argument_makes_producers_unknown(program) -> None:
    an, v, _ = program
    assert an.state("P", v["arg"]) is None
    assert an.state("O", v["q"].owner) is None
    assert an.state("P", v["q"]) is None
    assert an.usage_affinities(v["q"]) == []


def test_global_stored_never_loaded_takes_its_producers(program) -> None:
    an, v, module = program
    g = next(op for op in module.ops if op.name == "util.global" and "@g" in op.tmpl[0])
    # @callee's result %y is produced on dev1; the call returns it.
    assert _set(an.state("G", g)) == {DEV1}
    assert _set(an.state("P", v["z"])) == {DEV1}


def test_global_takes_an_invalid_load_as_first_seen() -> None:
    """The load's consumers end INVALID (the concurrent region also feeds
    @ext, which has no body), yet iree-opt places @var on dev0: the first
    visit of the load saw the concurrent's operand %y2 come, through the load,
    from the store of a dev0 result; %s2's splat (no affinity) was still
    empty then.  Same module as the lit case in affinity_analysis.mlir."""
    text = (LIT / "affinity_analysis.mlir").read_text().split(SEP)
    text = next(t for t in text if "@globalReachesExternal" in t)
    module = parse(text)
    values = {v.name_hint: v for v in module.values if v is not None and v.name_hint}
    an = AffinityAnalysis(module, lambda a: " ".join(a.split()))
    g = next(op for op in module.ops if op.name == "util.global" and "@var" in op.tmpl[0])
    assert an.state("C", values["g"]) is None
    assert _set(an.state("sC", values["g"])) == {DEV0}
    assert _set(an.state("G", g)) == {DEV0}
    # %a's only consumer is %b's execute (no affinity), placed by its operands:
    # %a itself (nothing yet) and the load of @var.
    assert an.usage_affinities(values["a"]) == [DEV0]
