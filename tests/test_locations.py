"""Op locations (issue #15 item 5): ``loc(...)`` kept by the parser, printed
with ``--mlir-print-debuginfo`` as iree-opt 3.13 prints them, and the
iree-opt flags of ``fastalloc opt`` that a script swapping the binary uses."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import fastalloc
from fastalloc.errors import FastallocError
from fastalloc.testing import opt_in_process as _opt_in_process
from fastalloc.testing.iree import (
    SCHEDULE_ALLOCATION,
    SCHEDULE_AND_LAYOUT,
    IreeOptError,
    _fix_quirks,
    find_iree_opt,
    iree_opt,
    run_tool,
)

ROOT = Path(__file__).resolve().parents[1]
LIT = ROOT / "tests" / "lit"
needs_iree = pytest.mark.skipif(find_iree_opt() is None, reason="iree-opt not installed (iree-base-compiler==3.13.0)")

# `iree-opt --mlir-print-debuginfo` 3.13's output for a module with every kind
# of location (file, fused, fused with metadata, name, callsite, unknown,
# signature and block-label arguments), copied from its output.
IREE_PRINTED = '''\
#loc3 = loc("x.py":1:2)
#loc4 = loc("x.py":1:9)
#loc8 = loc("y":9:9)
module {
  util.global private @dev : !hal.device loc(#loc1)
  func.func @f(%arg0: index loc("x.py":1:2), %arg1: index loc("x.py":1:9)) -> index {
    %0 = arith.addi %arg0, %arg1 : index loc(#loc18)
    cf.br ^bb1(%0 : index) loc(#loc19)
  ^bb1(%1: index loc("y":9:9)):
    %2 = arith.addi %1, %1 : index loc(#loc22)
    return %2 : index loc(#loc11)
  } loc(#loc2)
  util.func public @g(%arg0: index) -> !stream.timepoint {
    %c0_i32 = arith.constant 0 : i32 loc(#loc13)
    %results, %result_timepoint = stream.async.execute with() -> (!stream.resource<transient>{%arg0}) {
      %0 = stream.async.splat %c0_i32 : i32 -> !stream.resource<transient>{%arg0} loc(#loc15)
      stream.yield %0 : !stream.resource<transient>{%arg0} loc(#loc21)
    } => !stream.timepoint loc(#loc14)
    util.return %result_timepoint : !stream.timepoint loc(#loc17)
  } loc(#loc12)
} loc(#loc)
#loc = loc("fx.mlir":0:0)
#loc1 = loc("fx.mlir":1:1)
#loc2 = loc("m.py":1:1)
#loc5 = loc("a.py":3:4)
#loc6 = loc("b.py":5:6)
#loc7 = loc("q.py":7:8)
#loc9 = loc("z.py":1:1)
#loc10 = loc("w.py":2:2)
#loc11 = loc(unknown)
#loc12 = loc("g.py":6:1)
#loc13 = loc("g.py":1:1)
#loc14 = loc("g.py":4:1)
#loc15 = loc("g.py":2:1)
#loc16 = loc("g.py":3:1)
#loc17 = loc("g.py":5:1)
#loc18 = loc(fused[#loc5, #loc6])
#loc19 = loc("n"(#loc7))
#loc20 = loc("f"(#loc9))
#loc21 = loc(fused<"meta">[#loc16])
#loc22 = loc(callsite(#loc20 at #loc10))
'''
# (iree-opt also writes `// pred: ^bb0` after the label, no parentheses
# around a single execute result, and a blank line at the end: printer
# differences that have nothing to do with locations, left out here.)


def test_debuginfo_module_round_trips_byte_for_byte():
    m = fastalloc.parse(IREE_PRINTED, filename="fx.mlir")
    assert m.print(debuginfo=True) == IREE_PRINTED


def test_locations_are_kept_on_the_model():
    m = fastalloc.parse(IREE_PRINTED, filename="fx.mlir")
    ops = {op.name: op for op in m.walk()}
    assert ops["func.func"].dloc == '"m.py":1:1'
    assert ops["stream.async.splat"].dloc == '"g.py":2:1'
    assert ops["stream.yield"].dloc == 'fused<"meta">["g.py":3:1]'
    assert ops["cf.br"].dloc == '"n"("q.py":7:8)'
    assert ops["func.return"].dloc == "unknown" if "func.return" in ops else ops["return"].dloc == "unknown"
    # the error location (FILE:LINE:COL in this text) is still the op's place in the text
    assert ops["stream.async.splat"].loc.line == 16


def test_local_scope_prints_locations_inline():
    out = fastalloc.parse(IREE_PRINTED, filename="fx.mlir").print(debuginfo=True, local_scope=True)
    assert "#loc" not in out
    assert 'loc(callsite("f"("z.py":1:1) at "w.py":2:2))' in out
    assert 'loc(fused["a.py":3:4, "b.py":5:6])' in out
    assert out.rstrip().endswith('} loc("fx.mlir":0:0)')


def test_without_debuginfo_the_output_is_unchanged():
    import re

    plain = re.sub(r" loc\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)", "", IREE_PRINTED)
    plain = "".join(ln + "\n" for ln in plain.splitlines() if not ln.startswith("#loc"))
    with_locs = fastalloc.parse(IREE_PRINTED, filename="fx.mlir").print()
    assert "loc(" not in with_locs
    assert with_locs == fastalloc.parse(plain, filename="fx.mlir").print()


def test_undefined_location_alias_is_an_error_with_its_place():
    text = "util.func public @f() {\n  util.return loc(#loc9)\n}\n#loc1 = loc(\"a\":1:1)\n"
    with pytest.raises(FastallocError) as e:
        fastalloc.parse(text, filename="u.mlir")
    assert "undefined symbol alias id 'loc9'" in str(e.value)
    assert e.value.loc.line == 2 and e.value.loc.col == 19


def test_ops_without_locations_print_their_position_as_iree_opt_does():
    text = "util.func public @f() {\n  util.return\n}\n"
    out = fastalloc.parse(text, filename="p.mlir").print(debuginfo=True, local_scope=True)
    assert 'util.return loc("p.mlir":2:3)' in out and '} loc("p.mlir":1:1)' in out
    assert out.rstrip().endswith('} loc("p.mlir":0:0)')


# -- against iree-opt ---------------------------------------------------------


def _lit_files() -> list[Path]:
    return sorted(p for p in LIT.rglob("*.mlir"))


_IREE_CACHE: dict[tuple, str] = {}


def _iree(text: str, pipeline: str | None, args: tuple[str, ...]) -> str:
    """iree-opt's output, computed once per session."""
    key = (text, pipeline, args)
    if key not in _IREE_CACHE:
        _IREE_CACHE[key] = iree_opt(text, pipeline, args=args)
    return _IREE_CACHE[key]


_DEBUGINFO = ("--split-input-file", "--mlir-print-debuginfo")
_MARKER = re.compile(r"^// -----$", re.M)


def _debuginfo(path: Path) -> str:
    """The lit file as iree-opt prints it with its locations (every op gets
    one; unlocated ops get their position in the file, so one run per file)."""
    return _iree(path.read_text(), None, _DEBUGINFO)


def _iree_batch(texts: list[str], pipeline: str | None, args: tuple[str, ...]) -> list[str | IreeOptError]:
    """iree-opt's output for each of ``texts`` (``--split-input-file`` texts
    whose ops all carry explicit locations, so that their place in a longer
    buffer changes nothing) from one iree-opt run on all of them: the output
    chunks are regrouped by the number of chunks of each text.  A text with a
    chunk iree-opt rejects is run again alone: its output, or iree-opt's error."""
    exe = find_iree_opt()
    if exe is None or not texts:
        return [_iree(t, pipeline, args) for t in texts]
    counts = [len(_MARKER.findall(t)) + 1 for t in texts]
    cmd = [exe, *((f"--pass-pipeline={pipeline}",) if pipeline else ()), *args, "-"]
    proc = run_tool(cmd, input=_fix_quirks("\n// -----\n".join(texts)), capture_output=True, text=True,
                          timeout=600)
    pieces = _fix_quirks(proc.stdout).split("// -----\n")
    assert len(pieces) == sum(counts), (proc.returncode, proc.stderr[-2000:])
    out, k = [], 0
    for text, n in zip(texts, counts):
        mine = pieces[k:k + n]
        k += n
        if all(mine):
            out.append("// -----\n".join(mine))
        else:
            try:
                out.append(_iree(text, pipeline, args))
            except IreeOptError as e:  # the case fails with iree-opt's message
                out.append(e)
    return out


def _fastalloc_opt(text: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fastalloc", "opt", "-q", *args], input=text,
                          capture_output=True, text=True, timeout=300)


#: the pass pipelines compared: schedule-allocation alone, and with
#: layout-slices over all three anchors (IREE's pipeline)
_PIPELINES = {"sched": SCHEDULE_ALLOCATION, "both": SCHEDULE_AND_LAYOUT}
#: one lit file per pass kind is also compared with --mlir-print-local-scope
#: (the locations are the same; only their spelling differs)
_LOCAL_SCOPE = {"upstream/schedule_allocation.mlir", "upstream/layout_slices.mlir", "convert/upstream.mlir"}


def _case_list() -> list[tuple[str, Path, str | None, tuple[str, ...]]]:
    out = []
    for p in _lit_files():
        rel = str(p.relative_to(LIT))
        if rel != "schedule_allocation/affinity_analysis.mlir":
            out.append((f"parse-{rel}", p, None, ()))
        if rel == "convert/error_unhandled.mlir":  # iree-opt rejects that one
            continue
        for mode, pipeline in _PIPELINES.items():
            out.append((f"{mode}-{rel}", p, pipeline, ()))
            if rel in _LOCAL_SCOPE:
                out.append((f"{mode}-local-scope-{rel}", p, pipeline, ("--mlir-print-local-scope",)))
    return out


def _cases() -> list:
    return [pytest.param(p, pipeline, extra, id=cid) for cid, p, pipeline, extra in _case_list()]


def _compare_all(d: Path) -> None:
    """Every case at once, into ``d/results.json``: iree-opt's output
    (canonical: iree-opt's debuginfo print re-prints to itself on every lit
    file) and ours, fastalloc's output re-printed by iree-opt, or its error.
    iree-opt runs once per lit file (its locations) and once per pipeline and
    flag set for all files, instead of twice per case."""
    cases = _case_list()
    srcs = {p: _debuginfo(p) for p in {c[1] for c in cases}}
    groups: dict[tuple, list] = {}
    for cid, p, pipeline, extra in cases:
        groups.setdefault((pipeline, extra), []).append((cid, p))
    results: dict[str, dict] = {}
    for (pipeline, extra), members in groups.items():
        for (cid, _), text in zip(members, _iree_batch([srcs[p] for _, p in members], pipeline,
                                                       (*_DEBUGINFO, *extra))):
            results[cid] = {"theirs": text} if isinstance(text, str) else {"iree_error": str(text)}
    to_canon: list[tuple[str, str, str]] = []  # (case, "ours"/"theirs", text)
    for cid, p, pipeline, extra in cases:
        if "theirs" not in results[cid]:
            continue
        rc, out, err = _opt_in_process(srcs[p], *_DEBUGINFO, *extra,
                                       *((f"--pass-pipeline={pipeline}",) if pipeline else ()))
        results[cid].update(rc=rc, err=err, out=out)
        if rc == 0:
            to_canon.append((cid, "ours", out))
            if extra:  # the inline spelling, compared in canonical (alias) form
                to_canon.append((cid, "theirs", results[cid]["theirs"]))
    for (cid, side, _), text in zip(to_canon, _iree_batch([t for _, _, t in to_canon], None, _DEBUGINFO)):
        results[cid][f"canon_{side}"] = text if isinstance(text, str) else f"iree-opt rejects it: {text}"
    (d / "results.json").write_text(json.dumps(results))


@pytest.fixture(scope="session")
def lit_results(run_shared) -> dict[str, dict]:
    return json.loads((run_shared.dir("test_locations", _compare_all) / "results.json").read_text())


@pytest.mark.iree
@needs_iree
@pytest.mark.parametrize(("path", "pipeline", "extra"), _cases())
def test_lit_locations_match_iree_opt(path: Path, pipeline: str | None, extra: tuple[str, ...], lit_results, request):
    r = lit_results[request.node.callspec.id]
    assert "iree_error" not in r, r.get("iree_error")
    assert r["rc"] == 0, r["err"]
    if extra:
        assert "#loc" not in r["out"]
    assert r["canon_ours"] == (r["theirs"] if not extra else r["canon_theirs"])


def test_layout_slices_builds_its_ops_at_the_packs_location():
    text = (
        "util.func public @f() -> (index, index) {\n"
        "  %c16 = arith.constant 16 : index loc(\"c\":1:1)\n"
        "  %t, %o:2 = stream.resource.pack slices({\n"
        "    [0, 1] = %c16,\n"
        "    [1, 2] = %c16\n"
        "  }) : index loc(\"pack\":2:2)\n"
        "  util.return %t, %o#1 : index, index loc(\"r\":3:3)\n"
        "}\n"
    )
    m = fastalloc.parse(text, filename="p.mlir")
    from fastalloc.passes.layout_slices import layout_slices

    layout_slices(m)
    made = [op for op in m.walk() if op.name == "arith.constant" and op.dloc != '"c":1:1']
    assert made and all(op.dloc == '"pack":2:2' for op in made)
    out = m.print(debuginfo=True, local_scope=True)
    assert 'arith.constant 64 : index loc("pack":2:2)' in out


def test_constant_with_attribute_dictionary_keeps_its_value_and_location():
    text = 'func.func @f() -> tensor<2xf32> {\n  %c = arith.constant {name = "x"} dense<[1.5, 2.5]> : tensor<2xf32> loc("a":1:1)\n  return %c : tensor<2xf32>\n}\n'
    m = fastalloc.parse(text, filename="k.mlir")
    out = m.print(debuginfo=True, local_scope=True)
    assert '%c = arith.constant {name = "x"} dense<[1.5, 2.5]> : tensor<2xf32> loc("a":1:1)' in out
    assert [op.name for op in m.walk()].count("arith.constant") == 1


# -- iree-opt's flags ------------------------------------------------------------


@pytest.mark.iree
@needs_iree
@pytest.mark.parametrize("flags", [("--mlir-print-debuginfo",), ("--mlir-print-debuginfo", "--mlir-print-local-scope")])
def test_debuginfo_flags_print_what_iree_opt_prints(flags):
    src = iree_opt(IREE_PRINTED, args=("--mlir-print-debuginfo",))
    theirs = iree_opt(src, args=flags)
    r = _fastalloc_opt(src, *flags)
    assert r.returncode == 0, r.stderr
    # the lines with locations are identical (the others differ only where
    # fastalloc prints ops as written, e.g. iree-opt's `// pred:` comments)
    ours_lines = [ln for ln in r.stdout.splitlines() if "loc" in ln and "^bb" not in ln and "execute" not in ln]
    their_lines = [ln for ln in theirs.splitlines() if "loc" in ln and "^bb" not in ln and "execute" not in ln]
    assert ours_lines == their_lines


ELEMENTS = '''\
module {
  util.func public @f() -> (tensor<4xi32>, tensor<2xi32>, tensor<8xf32>, tensor<3xi8>, tensor<2x2xi32>) {
    %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %cst_0 = arith.constant dense<[1, 2]> : tensor<2xi32>
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<8xf32>
    %cst_2 = arith.constant dense<[1, 2, 3]> : tensor<3xi8>
    %cst_3 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    util.return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : tensor<4xi32>, tensor<2xi32>, tensor<8xf32>, tensor<3xi8>, tensor<2x2xi32>
  }
}
'''


@pytest.mark.iree
@needs_iree
@pytest.mark.parametrize("n", [0, 2, 3, 4, 100])
def test_elide_elementsattrs_matches_iree_opt(n: int):
    flag = f"--mlir-elide-elementsattrs-if-larger={n}"
    theirs = iree_opt(ELEMENTS, args=(flag,))
    r = _fastalloc_opt(ELEMENTS, flag)
    assert r.returncode == 0, r.stderr
    assert r.stdout + "\n" == theirs  # iree-opt ends a single module with a blank line


def test_elide_elementsattrs_rules():
    from fastalloc.cli import elide_elements

    t = 'x = dense<[1, 2, 3]> : tensor<3xi8>, y = dense<7> : tensor<9xi8>, z = dense<"0x0102"> : tensor<2xi8>'
    out = elide_elements(t, 2)
    assert "dense_resource<__elided__> : tensor<3xi8>" in out
    assert "dense<7> : tensor<9xi8>" in out  # a splat is never elided
    assert 'dense<"0x0102"> : tensor<2xi8>' in out  # 2 elements: not more than 2
    assert 'dense_resource<__elided__> : tensor<2xi8>' in elide_elements(t, 1)
    assert 'dense<"0x07"> : tensor<8xi8>' in elide_elements('dense<"0x07"> : tensor<8xi8>', 1)  # hex splat


@pytest.mark.iree
@needs_iree
def test_split_input_file_output_is_iree_opts():
    good = "util.func public @a() {\n  util.return\n}\n"
    bad = "util.func public @b() {\n  util.return %zz : index\n}\n"
    text = good + "// -----\n" + bad + "// -----\n" + bad.replace("@b", "@c") + "// -----\n" + good.replace("@a", "@d")
    exe = find_iree_opt()
    theirs = run_tool([exe, "--split-input-file", "-"], input=text, capture_output=True, text=True)
    r = _fastalloc_opt(text, "--split-input-file")
    assert theirs.returncode == 1 and r.returncode == 1
    assert r.stdout == theirs.stdout  # blank line after each module, failed chunks keep their (empty) slot
    # every failed chunk's error is reported, at the same place
    assert [ln.split(": error")[0] for ln in r.stderr.splitlines() if ": error" in ln] == \
        [ln.split(": error")[0] for ln in theirs.stderr.splitlines() if ": error" in ln] == ["<stdin>:6:15", "<stdin>:10:15"]


def test_version_and_list_passes():
    r = _fastalloc_opt("", "--version")
    assert r.returncode == 0 and fastalloc.__version__ in r.stdout and "iree-opt 3.13" in r.stdout
    r = _fastalloc_opt("", "--list-passes")
    assert r.returncode == 0
    assert "--iree-stream-schedule-allocation" in r.stdout and "--iree-stream-layout-slices" in r.stdout


@pytest.mark.iree
@needs_iree
def test_print_op_generic_spelling_is_accepted():
    src = (LIT / "layout_slices" / "static.mlir").read_text()
    a = _fastalloc_opt(src, "--split-input-file", "--mlir-print-op-generic")
    b = _fastalloc_opt(src, "--split-input-file", "--print-op-generic")
    assert a.returncode == 0 and a.stdout == b.stdout
    assert '"stream.resource.pack"' in a.stdout


def test_closed_pipe_ends_quietly(tmp_path: Path):
    from fastalloc.testing.generator import generate_module

    src = tmp_path / "big.mlir"
    src.write_text(generate_module(1, n_ops=3000))
    p = subprocess.Popen(f"{sys.executable} -m fastalloc opt -q {src} | head -n 2", shell=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = p.communicate(timeout=300)
    assert len(out.decode().splitlines()) == 2
    assert err.decode() == ""
