"""layout-slices: differential against iree-opt 3.13, best-fit validity, stats.

Every hand-written case in ``tests/lit/layout_slices/*.mlir`` (chunks split
on ``// -----``) is lowered by fastalloc and by iree-opt
(``util.initializer``, ``util.func`` and ``func.func`` anchors, as in IREE's pipeline);
both outputs are re-printed by iree-opt and must be identical text, duplicate
and dead constants included.  A seeded batch of random packs is checked the
same way.  The best-fit strategy is checked independently: the emitted IR is
re-printed by iree-opt (so it is valid), then a small evaluator of
``arith.constant`` / ``arith.addi`` / ``arith.muli`` / ``util.align`` written
here recomputes every offset and total from that text with concrete values
for the dynamic sizes, and no two slices whose lifetimes overlap may share a
byte.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from fastalloc.errors import FastallocError
from fastalloc.ir import parse
from fastalloc.passes.layout_slices import layout_slices
from fastalloc.passes.stats import PackStats, pack_stats
from fastalloc.testing.iree import iree_opt

LIT = Path(__file__).parent / "lit" / "layout_slices"
IREE_LAYOUT = (
    "builtin.module(util.initializer(iree-stream-layout-slices), util.func(iree-stream-layout-slices), "
    "func.func(iree-stream-layout-slices))"
)
SPLIT = ("--split-input-file",)


def _chunks(text: str) -> list[str]:
    return [c for c in re.split(r"^// -----\s*$", text, flags=re.M) if c.strip()]


def _ours(text: str, **options) -> str:
    """fastalloc's layout-slices on every chunk, re-joined for --split-input-file."""
    out = []
    for chunk in _chunks(text):
        module = parse(chunk, "case.mlir")
        layout_slices(module, **options)
        out.append(str(module))
    return "\n// -----\n".join(out)


def _reference(text: str, args: tuple[str, ...] = ()) -> str:
    return iree_opt(text, IREE_LAYOUT, args=SPLIT + args)


def _reprint(text: str, args: tuple[str, ...] = ()) -> str:
    return iree_opt(text, None, args=SPLIT + args)


def _assert_same(ours: str, ref: str) -> None:
    a = _chunks(ours)
    b = _chunks(ref)
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert x.strip() == y.strip()


LIT_FILES = sorted(p.name for p in LIT.glob("*.mlir"))


def test_lit_cases_exist():
    assert {"static.mlir", "dynamic.mlir", "mixed.mlir", "alignment.mlir", "config_lookup.mlir"} <= set(LIT_FILES)


@pytest.mark.parametrize("name", LIT_FILES)
def test_identical_to_iree(name):
    text = (LIT / name).read_text()
    ref = _reference(text)
    ours = _reprint(_ours(text))
    _assert_same(ours, ref)
    # The pass really lowered something.
    assert ours.count("stream.resource.pack") < text.count("stream.resource.pack")


@pytest.mark.parametrize("alignment", [1, 16, 256])
def test_default_alignment_option(alignment):
    text = (LIT / "mixed.mlir").read_text() + "\n// -----\n" + (LIT / "dynamic.mlir").read_text()
    ref = _reference(text, (f"--iree-stream-resource-min-offset-alignment={alignment}",))
    ours = _reprint(_ours(text, default_alignment=alignment))
    _assert_same(ours, ref)
    alias = _reprint(_ours(text, resource_min_offset_alignment=alignment))
    assert alias == ours


def test_default_alignment_changes_output():
    text = (LIT / "static.mlir").read_text()
    assert _ours(text, default_alignment=64) == _ours(text)
    assert _ours(text, default_alignment=16) != _ours(text)


@pytest.mark.parametrize("bad", [0, 3, 48, -64])
def test_bad_default_alignment(bad):
    module = parse((LIT / "static.mlir").read_text().split("// -----")[0])
    with pytest.raises(FastallocError, match="power of two"):
        layout_slices(module, default_alignment=bad)


def test_config_without_range_alignment_is_laid_out_as_iree_opt_does():
    # iree-opt 3.13 reads the missing range alignment as 0 and lays the pack
    # out (Util::align's mask arithmetic with alignment 0); so does fastalloc.
    text = """util.func public @f() -> index attributes {stream.resources = #stream.resource_config<{min_buffer_offset_alignment = 16}>} {
  %c100 = arith.constant 100 : index
  %0:2 = stream.resource.pack slices({
    [0, 0] = %c100
  }) : index
  util.return %0#1 : index
}
"""
    module = parse(text, "cfg.mlir")
    layout_slices(module)
    assert iree_opt(str(module)) == iree_opt(text, IREE_LAYOUT)


# ---------------------------------------------------------------------------
# Random packs, one iree-opt run for the whole batch
# ---------------------------------------------------------------------------


def _random_function(rng: random.Random, k: int) -> tuple[str, dict]:
    """One util.func holding one random pack, and its description."""
    n_dyn_args = rng.randint(1, 3)
    n = rng.randint(0, 24)
    use_cfg = rng.random() < 0.6
    oa = rng.choice([1, 4, 16, 64, 256]) if use_cfg else 64
    ra = rng.choice([1, 8, 64, 256]) if use_cfg else 64
    consts: dict[int, str] = {}
    lines = []
    slices = []  # (start, end, int size | ("dyn", arg index))
    horizon = rng.randint(1, 12)
    for _ in range(n):
        s = rng.randint(0, horizon)
        e = rng.randint(s, horizon)
        if rng.random() < 0.7:
            size = rng.choice([0, 1, 16, 63, 64, 65, 100, 128, 256, 1000, 4096, rng.randint(1, 5000)])
            consts.setdefault(size, f"%s{size}")
            slices.append((s, e, size))
        else:
            slices.append((s, e, ("dyn", rng.randrange(n_dyn_args))))
    for size, name in consts.items():
        lines.append(f"  {name} = arith.constant {size} : index")
    base = None
    r = rng.random()
    if r < 0.2:
        lines.append("  %b = arith.constant 48 : index")
        base = 48
    elif r < 0.35:
        base = "arg"
    args = ", ".join([f"%d{i}: index" for i in range(n_dyn_args)] + ["%base: index"])
    attrs = ""
    if use_cfg:
        attrs = (
            " attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, "
            f"min_buffer_offset_alignment = {oa}, max_buffer_range = 1073741824, "
            f"min_buffer_range_alignment = {ra}, index_bits = 32}}>}}"
        )
    base_text = {None: "", 48: "offset(%b) ", "arg": "offset(%base) "}[base]
    rets = ", ".join(f"%p#{i}" for i in range(n + 1))
    tys = ", ".join(["index"] * (n + 1))
    body = ",\n".join(
        f"    [{s}, {e}] = " + (consts[z] if isinstance(z, int) else f"%d{z[1]}") for s, e, z in slices
    )
    text = (
        f"util.func public @r{k}({args}) -> ({tys}){attrs} {{\n"
        + "".join(line + "\n" for line in lines)
        + f"  %p:{n + 1} = stream.resource.pack {base_text}slices({{\n{body}\n  }}) : index\n"
        + f"  util.return {rets} : {tys}\n}}\n"
    )
    spec = {"name": f"r{k}", "n_dyn": n_dyn_args, "oa": oa, "ra": ra, "base": base, "slices": slices}
    return text, spec


def _random_module(seed: int, count: int) -> tuple[str, list[dict]]:
    rng = random.Random(seed)
    made = [_random_function(rng, k) for k in range(count)]
    return "\n".join(t for t, _ in made), [spec for _, spec in made]


def test_random_packs_identical_to_iree():
    text, _ = _random_module(1234, 80)
    ref = iree_opt(text, IREE_LAYOUT)
    module = parse(text, "random.mlir")
    layout_slices(module)
    assert iree_opt(str(module)) == ref


# ---------------------------------------------------------------------------
# Independent evaluation of the emitted arithmetic
# ---------------------------------------------------------------------------

_FUNC = re.compile(r"^\s*(?:util\.func|func\.func)\s+(?:public\s+|private\s+)?@(\w+)\(")
_LINE = re.compile(r"^\s*(%[\w#]+)\s*=\s*(arith\.constant|arith\.addi|arith\.muli|util\.align)\s+(.*?)\s*:\s*index\s*$")
_RET = re.compile(r"^\s*(?:util\.return|return)\s+(.*?)\s*:")


def _align_up(x: int, a: int) -> int:
    return (x + a - 1) // a * a


def _evaluate(printed: str, args: dict[str, list[int]]) -> dict[str, list[int]]:
    """Values of the returned operands per function, interpreting iree-opt's
    printed text; ``args[function]`` gives the values of ``%arg0, %arg1, ...``."""
    results: dict[str, list[int]] = {}
    name = None
    env: dict[str, int] = {}
    for line in printed.splitlines():
        m = _FUNC.match(line)
        if m:
            name = m.group(1)
            env = {f"%arg{i}": v for i, v in enumerate(args.get(name, []))}
            continue
        m = _LINE.match(line)
        if m and name is not None:
            res, opname, rest = m.groups()
            if opname == "arith.constant":
                env[res] = int(rest)
            else:
                a, b = (env[x.strip()] for x in rest.split(","))
                env[res] = a + b if opname == "arith.addi" else a * b if opname == "arith.muli" else _align_up(a, b)
            continue
        m = _RET.match(line)
        if m and name is not None:
            results[name] = [env[x.strip()] for x in m.group(1).split(",")]
            name = None
    return results


DYN_VALUES = [1000, 77, 4096]
BASE_ARG = 4096


def _check_layout(specs: list[dict], printed: str) -> int:
    """Assert that the evaluated layout of every pack is valid: offsets at or
    above the base, aligned, inside the total, and no two slices that are live
    together share a byte.  Returns the number of packs checked."""
    args = {sp["name"]: DYN_VALUES[: sp["n_dyn"]] + [BASE_ARG] for sp in specs}
    values = _evaluate(printed, args)
    for sp in specs:
        base = {None: 0, 48: 48, "arg": BASE_ARG}[sp["base"]]
        slices = [(s, e, z if isinstance(z, int) else DYN_VALUES[z[1]]) for s, e, z in sp["slices"]]
        got = values[sp["name"]]
        total, offsets = got[0], got[1:]
        assert len(offsets) == len(slices)
        for off, (s, e, size), (_, _, z) in zip(offsets, slices, sp["slices"]):
            assert off >= base
            assert off + size <= total, (sp["name"], off, size, total)
            # Static slices sit at aligned offsets from the base.  (The first
            # dynamic bin starts at the static total, which IREE only rounds
            # to the range alignment, so dynamic offsets are not checked.)
            if isinstance(z, int):
                assert (off - base) % sp["oa"] == 0, (sp["name"], off, sp["oa"])
        for i in range(len(slices)):
            for j in range(i + 1, len(slices)):
                (si, ei, zi), (sj, ej, zj) = slices[i], slices[j]
                live_together = ei >= sj and ej >= si
                share = offsets[i] < offsets[j] + zj and offsets[j] < offsets[i] + zi
                if live_together and share and zi and zj:
                    raise AssertionError(f"@{sp['name']}: slices {i} and {j} are live together and share bytes")
    return len(specs)


@pytest.mark.parametrize("strategy", ["iree", "best-fit", "smallest"])
def test_strategy_output_is_valid(strategy):
    text, specs = _random_module(99, 60)
    module = parse(text, "random.mlir")
    layout_slices(module, strategy=strategy)
    printed = iree_opt(str(module))  # iree-opt accepts it
    assert _check_layout(specs, printed) == 60


def test_best_fit_total_vs_iree_and_lower_bound():
    text, _ = _random_module(7, 60)
    iree = pack_stats(text, "iree")
    best = pack_stats(text, "best-fit")
    assert [s.lower_bound for s in iree] == [s.lower_bound for s in best]
    assert all(s.lower_bound <= s.total for s in iree + best)
    assert sum(s.total for s in best) <= sum(s.total for s in iree)


def test_smallest_takes_the_better_plan_per_pack():
    text, _ = _random_module(7, 60)
    by = {name: pack_stats(text, name) for name in ("iree", "best-fit", "smallest")}
    for k, s in enumerate(by["smallest"]):
        assert s.total == min(by["iree"][k].total, by["best-fit"][k].total)
    # The seed holds packs where the strategies differ (else this proves little).
    assert any(a.total != b.total for a, b in zip(by["iree"], by["best-fit"]))


def test_unknown_strategy():
    module = parse((LIT / "static.mlir").read_text().split("// -----")[0])
    with pytest.raises(FastallocError, match="unknown pack strategy 'worst-fit'"):
        layout_slices(module, strategy="worst-fit")
    with pytest.raises(FastallocError, match="unknown pack strategy"):
        pack_stats(module, "worst-fit")


def test_layout_check_catches_a_wrong_layout():
    """The independent check is not vacuous: one moved offset is caught."""
    text, specs = _random_module(99, 60)
    module = parse(text, "random.mlir")
    layout_slices(module)
    printed = iree_opt(str(module))
    _check_layout(specs, printed)
    # Pick two static slices of @r0 that are live together, give the second
    # the first one's offset in the returned values.
    sp = specs[0]
    sl = sp["slices"]
    i, j = next(
        (i, j)
        for i in range(len(sl))
        for j in range(i + 1, len(sl))
        if isinstance(sl[i][2], int) and isinstance(sl[j][2], int) and sl[i][2] and sl[j][2]
        and sl[i][1] >= sl[j][0] and sl[j][1] >= sl[i][0]
    )
    fn = printed.split("@r0(")[1].split("@r1(")[0]
    ret = re.search(r"util\.return (.*?) :", fn).group(1).split(", ")
    bad_ret = list(ret)
    bad_ret[1 + j] = ret[1 + i]
    bad = printed.replace(", ".join(ret) + " :", ", ".join(bad_ret) + " :")
    with pytest.raises(AssertionError, match=f"slices {i} and {j}"):
        _check_layout(specs, bad)


# ---------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------

STATS_MODULE = """
util.func public @f(%n: index) -> (index, index, index, index, index) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %0:5 = stream.resource.pack slices({
    [0, 0] = %c64,
    [0, 2] = %c64,
    [1, 1] = %c128,
    [0, 5] = %n
  }) : index
  util.return %0#0, %0#1, %0#2, %0#3, %0#4 : index, index, index, index, index
}
func.func @g() -> (index, index, index) attributes {stream.resources = #stream.resource_config<{min_buffer_offset_alignment = 16, min_buffer_range_alignment = 16}>} {
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %0:3 = stream.resource.pack slices({
    [0, 1] = %c10,
    [1, 2] = %c20
  }) : index
  return %0#0, %0#1, %0#2 : index, index, index
}
"""


def test_pack_stats_hand_computed():
    stats = pack_stats(STATS_MODULE)
    assert [(s.function, s.pack_index) for s in stats] == [("f", 0), ("g", 0)]
    f, g = stats
    # @f: 64@[0,0] -> 0; 64@[0,2] -> 64; 128@[1,1] overlaps only the second,
    # the gap below it (64 bytes) is too small -> align(128) = 128; high water
    # 256.  Live bytes: t0 128, t1 64+128 = 192, t2 64 -> lower bound 192.
    assert (f.slices, f.static_slices, f.dynamic_slices) == (4, 3, 1)
    assert (f.offset_alignment, f.range_alignment) == (64, 64)
    assert (f.total, f.lower_bound) == (256, 192)
    assert f.ratio == pytest.approx(4 / 3)
    # @g, alignment 16: 10 -> 16 bytes at 0, 20 -> 32 bytes at 16: total 48,
    # and both are live at t1: lower bound 48.
    assert (g.slices, g.static_slices, g.dynamic_slices) == (2, 2, 0)
    assert (g.offset_alignment, g.range_alignment) == (16, 16)
    assert (g.total, g.lower_bound, g.ratio) == (48, 48, 1.0)
    assert isinstance(f, PackStats)


def test_pack_stats_does_not_modify_and_matches_layout():
    module = parse(STATS_MODULE)
    before = str(module)
    stats = pack_stats(module)
    assert str(module) == before
    layout_slices(module)
    printed = iree_opt(str(module))
    values = _evaluate(printed, {"f": [1000]})
    # The static part of the total the pass emitted is what the stats report.
    assert values["g"][0] == stats[1].total
    assert values["f"][0] == stats[0].total + 1024  # + align(1000, 64) for the dynamic slice


def test_pack_stats_region_of_a_scheduled_function():
    text = """
util.func public @res(%n: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c100 = arith.constant 100 : index
  %v = arith.constant 3 : i32
  %x0 = stream.cmd.execute with() {
  } => !stream.timepoint
  %total, %off:3 = stream.resource.pack offset(%c16) slices({
    [0, 4] = %c32,
    [2, 6] = %n,
    [5, 9] = %c100
  }) : index
  %ta, %tt = stream.resource.alloca uninitialized await(%tp) => !stream.resource<transient>{%total} => !stream.timepoint
  %x = stream.cmd.execute await(%tt) => with(%ta as %t: !stream.resource<transient>{%total}) {
    stream.cmd.fill %v, %t[%off#0 for %c32] : i32 -> !stream.resource<transient>{%total}
  } => !stream.timepoint
  util.return %x : !stream.timepoint
}
"""
    (s,) = pack_stats(text)
    assert s.function == "res" and s.region == 1 and s.region_name == "execute#1"
    # 32 -> 64 bytes at 0, 100 -> 128 bytes at 0 (disjoint lifetimes).
    assert (s.total, s.lower_bound, s.static_slices, s.dynamic_slices) == (128, 128, 2, 1)
    assert s.line == 9  # the text starts with a newline


# ---------------------------------------------------------------------------
# First-fit bins of the dynamic slices
# ---------------------------------------------------------------------------


def _first_fit_reference(intervals):
    """IREE's loop: every slice of every bin is tested."""
    bins: list[list[tuple[int, int]]] = []
    out = []
    for s, e in intervals:
        for i, members in enumerate(bins):
            if all(e < s2 or e2 < s for s2, e2 in members):
                break
        else:
            i = len(bins)
            bins.append([])
        bins[i].append((s, e))
        out.append(i)
    return out


@pytest.mark.parametrize("seed", range(40))
def test_first_fit_bins_match_iree_loop(seed):
    from fastalloc.passes.layout_slices import FirstFitBins

    rng = random.Random(seed)
    horizon = rng.choice([1, 3, 10, 100, 10**9])
    intervals = []
    for _ in range(rng.randint(0, 150)):
        s = rng.randint(-horizon, horizon)
        intervals.append((s, s + rng.randint(0, horizon // 2 + 1)))
    bins = FirstFitBins([p for iv in intervals for p in iv])
    assert [bins.place(s, e) for s, e in intervals] == _first_fit_reference(intervals)


def test_first_fit_bins_many_overlapping():
    from fastalloc.passes.layout_slices import FirstFitBins

    n = 3000
    intervals = [(i, i + 2 * n) for i in range(n)] + [(3 * n + i, 3 * n + i) for i in range(n)]
    bins = FirstFitBins([p for iv in intervals for p in iv])
    got = [bins.place(s, e) for s, e in intervals]
    assert got == list(range(n)) + [0] * n


# ---------------------------------------------------------------------------
# Through run_passes; bad input
# ---------------------------------------------------------------------------


def test_run_passes_forwards_strategy_and_alignment():
    from fastalloc.passes import run_passes

    text = (LIT / "mixed.mlir").read_text().split("// -----")[0]
    direct = parse(text)
    layout_slices(direct, "best-fit", default_alignment=16)
    via = run_passes(text, ["layout-slices"], pack_strategy="best-fit", default_alignment=16)
    assert via == str(direct)
    # options are explicit: a misspelt one is an error, not silently ignored
    with pytest.raises(FastallocError, match="unknown pass option 'default_alignmnet'"):
        run_passes(text, ["layout-slices"], default_alignmnet=16)
    assert via != run_passes(text, ["layout-slices"])
    ref = iree_opt(text, IREE_LAYOUT, args=("--iree-stream-resource-min-offset-alignment=16",))
    assert iree_opt(run_passes(text, ["layout-slices"], resource_min_offset_alignment=16)) == ref


# Lifetimes with end < start: iree-opt 3.13 accepts them and lays them out
# (its static walk and its dynamic intersection test); fastalloc must give the
# same offsets.
REVERSED_LIFETIMES = ["[3, 1] = %c", "[0, 0] = %c,\n    [2, 1] = %n"]


@pytest.mark.parametrize("slices", REVERSED_LIFETIMES)
def test_reversed_lifetimes_are_laid_out_as_iree_opt_does(slices):
    n = slices.count("=")
    text = (
        "util.func public @f(%n: index) -> index {\n  %c = arith.constant 8 : index\n"
        f"  %p:{n + 1} = stream.resource.pack slices({{\n    {slices}\n  }}) : index\n"
        "  util.return %p#0 : index\n}\n"
    )
    module = parse(text, "rev.mlir")
    layout_slices(module)
    assert iree_opt(str(module)) == iree_opt(text, IREE_LAYOUT)


# Negative static sizes: iree-opt 3.13 lays them out with its arithmetic
# (aligned up, -8 takes no room); fastalloc must give the same offsets.
NEGATIVE_SIZES = ["[0, 1] = %m", "[0, 1] = %m,\n    [0, 1] = %c", "[0, 1] = %c,\n    [0, 1] = %m,\n    [1, 2] = %c",
                  "[0, 1] = %m,\n    [0, 1] = %n", "[0, 1] = %b,\n    [0, 1] = %m,\n    [0, 1] = %c",
                  "[0, 1] = %b", "[0, 1] = %b,\n    [1, 2] = %c,\n    [0, 2] = %m"]


@pytest.mark.iree
@pytest.mark.parametrize("slices", NEGATIVE_SIZES)
def test_negative_static_sizes_are_laid_out_as_iree_opt_does(slices):
    n = slices.count("=")
    text = (
        "util.func public @f(%n: index) -> index {\n  %m = arith.constant -8 : index\n"
        "  %c = arith.constant 100 : index\n  %b = arith.constant -100 : index\n"
        f"  %p:{n + 1} = stream.resource.pack slices({{\n    {slices}\n  }}) : index\n"
        f"  util.return {', '.join(f'%p#{k}' for k in range(n + 1))} : {', '.join(['index'] * (n + 1))}\n}}\n"
    ).replace("-> index", f"-> ({', '.join(['index'] * (n + 1))})")
    module = parse(text, "neg.mlir")
    layout_slices(module)
    assert iree_opt(str(module)) == iree_opt(text, IREE_LAYOUT)


def test_config_alias_is_resolved():
    text = """#cfg = #stream.resource_config<{min_buffer_offset_alignment = 16, min_buffer_range_alignment = 16}>
util.func public @f(%n: index) -> (index, index, index) attributes {stream.resources = #cfg} {
  %c100 = arith.constant 100 : index
  %0:3 = stream.resource.pack slices({
    [0, 1] = %c100,
    [1, 2] = %n
  }) : index
  util.return %0#0, %0#1, %0#2 : index, index, index
}
"""
    (s,) = pack_stats(text)
    assert (s.offset_alignment, s.range_alignment, s.total) == (16, 16, 112)
    module = parse(text)
    layout_slices(module)
    assert iree_opt(str(module)) == iree_opt(text, IREE_LAYOUT)


# ---------------------------------------------------------------------------
# Generated modules: schedule-allocation + layout-slices (slow)
# ---------------------------------------------------------------------------


@pytest.mark.slow
def test_generated_corpus_layout_identical_to_iree():
    """On generated modules, fastalloc's layout-slices applied to fastalloc's
    schedule-allocation output equals iree-opt's layout-slices on the same
    text, module for module (one batched iree-opt run each)."""
    from fastalloc.passes import run_passes
    from fastalloc.testing.generator import generate_corpus

    corpus = generate_corpus(2026, 150, n_ops=(3, 200))
    scheduled = [run_passes(t, ["schedule-allocation"], filename=f"m{i}.mlir") for i, t in enumerate(corpus)]
    laid_out = [run_passes(t, ["schedule-allocation", "layout-slices"], filename=f"m{i}.mlir") for i, t in enumerate(corpus)]
    ref = _chunks(_reference("\n// -----\n".join(scheduled)))
    ours = _chunks(_reprint("\n// -----\n".join(laid_out)))
    assert len(ours) == len(ref) == len(corpus)
    same = sum(a.strip() == b.strip() for a, b in zip(ours, ref))
    assert same == len(corpus)
