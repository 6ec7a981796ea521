"""``fastalloc compile``: real models compiled by iree-compile 3.13 with
fastalloc's transient layout, run with iree-base-runtime 3.13 on the CPU.

For every model in tests/models (public models, see its README):

* the stream phase driven by fastalloc with IREE's own packer is exactly
  ``iree-compile --compile-to=stream`` (both re-printed by iree-opt);
* the ``.vmfb`` compiled with best-fit runs on the same inputs with outputs
  bitwise identical to plain iree-compile's ``.vmfb`` (only offsets inside the
  transient slabs change); so does the one with ``--pack-strategy iree``;
* no region's slab is larger than IREE's, and the report agrees with the
  compiled programs themselves: the transient ``stream.resource.alloca``
  bytes of plain iree-compile's stream output minus those of fastalloc's are
  the savings the report claims.

Compiles are cached per session (module-scoped fixtures); the llvm-cpu
codegen dominates the time.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from fastalloc.cli import main
from fastalloc.errors import FastallocError
from fastalloc.integrations.iree_compile import compile_from_stream, compile_stream, find_tool, iree_compile

pytestmark = pytest.mark.iree

if find_tool("iree-compile") is None or find_tool("iree-opt") is None:
    pytest.skip("iree-compile/iree-opt not found: pip install 'iree-base-compiler==3.13.0'",
                allow_module_level=True)
rt = pytest.importorskip("iree.runtime", reason="iree.runtime not found: pip install 'iree-base-runtime==3.13.0'")

import subprocess  # noqa: E402
import sys  # noqa: E402

MODELS_DIR = Path(__file__).parent / "models"
FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]
#: model file -> (entry function, its f32 input shapes, does best-fit beat
#: IREE's packer on it).  The savings were measured once by hand and are kept
#: here so that a regression to "no saving" fails.  (The entry signatures are
#: spelled out: functions imported from ONNX carry no ABI reflection.)
MODELS = {
    "collatz.mlir": ("collatz", [], False),
    "edge_detection.mlir": ("edge_detect_sobel_operator", [(1, 128, 128, 1)], False),
    "fullyconnected.mlir": ("main", [(1, 5), (1, 5, 3, 1)], False),
    "mnist.mlir": ("predict", [(1, 28, 28, 1)], False),
    "unidirectional_lstm.mlir": ("main", [(1, 5), (1, 5, 2, 2)], False),
    "inception_v1.mlir": ("inception_v1", [(1, 3, 224, 224)], True),
}
#: the CLI with --pack-strategy iree, end to end (two cheap models: the
#: stream phase is checked against iree-compile on all of them above).
CLI_MODELS = ["collatz.mlir", "mnist.mlir"]

_ALLOCA = re.compile(r"stream\.resource\.alloca\b.*!stream\.resource<transient>\{%c(\d+)(?:_\d+)?\}")


def _iree_compile(*args: str) -> None:
    proc = subprocess.run([find_tool("iree-compile"), *args], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def _reprint(text: str) -> str:
    proc = subprocess.run([find_tool("iree-opt"), "-"], input=text, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _transient_alloca_bytes(stream_text: str) -> int:
    return sum(int(m.group(1)) for m in _ALLOCA.finditer(stream_text))


def run_vmfb(path: Path, model: str) -> list[np.ndarray]:
    """The model's entry function on deterministic inputs, with the runtime's
    local-sync CPU driver; its outputs as host arrays."""
    entry, shapes, _ = MODELS[model]
    rng = np.random.default_rng(0)
    inputs = [rng.standard_normal(shape).astype(np.float32) for shape in shapes]
    config = rt.Config("local-sync")
    ctx = rt.SystemContext(config=config)
    vm_module = rt.VmModule.copy_buffer(config.vm_instance, path.read_bytes())
    ctx.add_vm_module(vm_module)
    res = getattr(ctx.modules[vm_module.name], entry)(*inputs)
    res = res if isinstance(res, (tuple, list)) else [res]
    return [np.asarray(r.to_host() if hasattr(r, "to_host") else r) for r in res]


def _same(a: list[np.ndarray], b: list[np.ndarray]) -> None:
    assert len(a) == len(b) > 0
    for x, y in zip(a, b):
        assert x.dtype == y.dtype and x.shape == y.shape
        assert x.tobytes() == y.tobytes(), "outputs differ"


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    return tmp_path_factory.mktemp("compile_e2e")


class _Cache(dict):
    """model -> {name: value}, each value computed once per session."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __call__(self, model: str, what: str):
        got = self.setdefault(model, {})
        if what not in got:
            got[what] = self.make(model, what, got)
        return got[what]


@pytest.fixture(scope="module")
def plain(work):
    """Plain iree-compile: its stream-phase text (re-printed), its .vmfb, the outputs."""

    def make(model: str, what: str, got: dict):
        src = str(MODELS_DIR / model)
        if what in ("stream", "before-schedule"):
            # One compile gives both: the stream phase's output and, with its
            # locations, the module schedule-allocation starts from.
            path = work / f"{model}.iree.stream.mlir"
            tree = work / f"{model}.tree"
            _iree_compile(src, *FLAGS, "--compile-to=stream", "-o", str(path), "--mlir-print-debuginfo",
                          "--mlir-print-ir-before=iree-stream-schedule-allocation", f"--mlir-print-ir-tree-dir={tree}")
            dumps = sorted(tree.glob("*/*_iree-stream-schedule-allocation.mlir"))
            assert len(dumps) == 1, dumps
            got["before-schedule"] = dumps[0].read_text().split("\n", 1)[1]  # without the dump's header
            got["stream"] = _reprint(path.read_text())
            return got[what]
        assert what == "outputs"
        vmfb = work / f"{model}.iree.vmfb"
        _iree_compile(src, *FLAGS, "-o", str(vmfb))
        return run_vmfb(vmfb, model)

    return _Cache(make)


@pytest.fixture(scope="module")
def best_fit(work):
    """fastalloc's stream phase with best-fit (text, report), then its .vmfb's outputs."""

    def make(model: str, what: str, got: dict):
        if what in ("stream", "report"):
            stream, report = compile_stream(MODELS_DIR / model, pack_strategy="best-fit", flags=FLAGS)
            got["report"] = report
            return stream if what == "stream" else report
        assert what == "outputs"
        vmfb = work / f"{model}.best-fit.vmfb"
        if "stream" not in got:
            got["stream"] = make(model, "stream", got)
        compile_from_stream(got["stream"], vmfb, flags=FLAGS)
        return run_vmfb(vmfb, model)

    return _Cache(make)


@pytest.mark.parametrize("model", list(MODELS))
def test_stream_phase_with_iree_packer_is_iree_compiles(model, plain):
    stream, report = compile_stream(MODELS_DIR / model, pack_strategy="iree", flags=FLAGS)
    assert _reprint(stream) == plain(model, "stream")
    assert report.regions, f"{model}: no transient slab to plan (pick models with transients)"
    for r in report.regions:
        assert r.fastalloc == r.iree


@pytest.mark.parametrize("model", list(MODELS))
def test_locations_match_iree_opt(model, plain):
    """With --mlir-print-debuginfo the passes' output on the real stream
    module carries the locations iree-opt gives (schedule-allocation alone and
    with layout-slices over all three anchors)."""
    from fastalloc.testing.iree import SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT, iree_opt

    src = plain(model, "before-schedule")
    assert "loc(" in src
    dbg = ("--mlir-print-debuginfo",)
    for pipeline in (SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT):
        theirs = iree_opt(src, pipeline, args=dbg)
        proc = subprocess.run([sys.executable, "-m", "fastalloc", "opt", "-q", *dbg, f"--pass-pipeline={pipeline}"],
                              input=src, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert iree_opt(proc.stdout, args=dbg) == iree_opt(theirs, args=dbg), pipeline


@pytest.mark.parametrize("model", list(MODELS))
def test_best_fit_module_runs_with_identical_outputs(model, plain, best_fit):
    _same(best_fit(model, "outputs"), plain(model, "outputs"))


@pytest.mark.parametrize("model", list(MODELS))
def test_best_fit_memory_never_above_iree_and_matches_the_program(model, plain, best_fit):
    report = best_fit(model, "report")
    for r in report.regions:
        assert r.lower_bound <= r.fastalloc <= r.iree, r
    # The savings the report claims are the bytes that disappeared from the
    # transient allocations of the compiled program (IREE's stream output vs ours).
    theirs = _transient_alloca_bytes(plain(model, "stream"))
    ours = _transient_alloca_bytes(_reprint(best_fit(model, "stream")))
    assert theirs > 0
    assert theirs - ours == report.iree_bytes - report.fastalloc_bytes
    if MODELS[model][2]:
        assert report.fastalloc_bytes < report.iree_bytes
        assert _reprint(best_fit(model, "stream")) != plain(model, "stream")


@pytest.mark.parametrize("model", list(MODELS))
def test_default_strategy_never_above_iree(model):
    _, report = compile_stream(MODELS_DIR / model, flags=FLAGS)
    assert report.pack_strategy == "smallest"
    for r in report.regions:
        assert r.lower_bound <= r.fastalloc <= r.iree, r


@pytest.mark.parametrize("model", CLI_MODELS)
def test_cli_iree_strategy_runs_like_iree_compile(model, plain, work, capsys):
    out, rep = work / f"{model}.cli-iree.vmfb", work / f"{model}.cli.json"
    rc = main(["compile", str(MODELS_DIR / model), "-o", str(out), "--pack-strategy", "iree",
               "--json", str(rep), "--", *FLAGS])
    err = capsys.readouterr().err
    assert rc == 0, err
    assert "transient memory per execution region" in err
    _same(run_vmfb(out, model), plain(model, "outputs"))
    data = json.loads(rep.read_text())
    assert data["pack_strategy"] == "iree"
    assert data["total"]["iree"] == data["total"]["fastalloc"] > 0
    assert all(r["iree"] == r["fastalloc"] for r in data["regions"])


def test_cli_iree_compile_error_is_reported_and_nothing_written(work, capsys):
    out = work / "bad.vmfb"
    out.write_bytes(b"old")
    rc = main(["compile", str(MODELS_DIR / "collatz.mlir"), "-o", str(out), "--",
               "--iree-hal-target-device=no-such-device"])
    err = capsys.readouterr().err
    assert rc == 1
    assert "error: iree-compile failed" in err
    assert 'unregistered device alias "no-such-device"' in err  # iree-compile's own diagnostic
    assert out.read_bytes() == b"old"
    assert [p.name for p in work.iterdir() if p.name.startswith(".fastalloc-")] == []


def test_bad_model_error_carries_iree_diagnostic(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = nope.op %a\n}\n")
    with pytest.raises(FastallocError) as e:
        iree_compile(bad, tmp_path / "bad.vmfb", flags=FLAGS)
    assert f"{bad}:2:" in e.value.message
    assert not (tmp_path / "bad.vmfb").exists()


@pytest.mark.parametrize("flag", ["-o", "--compile-to=vm", "--compile-from=flow", "--mlir-print-ir-after-all"])
def test_flags_fastalloc_sets_itself_are_refused(flag, tmp_path):
    with pytest.raises(FastallocError, match="set by fastalloc compile itself"):
        iree_compile(MODELS_DIR / "collatz.mlir", tmp_path / "x.vmfb", flags=[*FLAGS, flag])


def test_missing_input_and_unknown_strategy(tmp_path):
    with pytest.raises(FastallocError, match="cannot open input file"):
        iree_compile(tmp_path / "nope.mlir", tmp_path / "x.vmfb", flags=FLAGS)
    with pytest.raises(FastallocError, match="unknown pack strategy"):
        iree_compile(MODELS_DIR / "collatz.mlir", tmp_path / "x.vmfb", pack_strategy="worst", flags=FLAGS)
    assert list(tmp_path.iterdir()) == []


def test_stream_flags_reach_every_step(plain):
    """An --iree-stream-* flag after '--' reaches iree-opt's steps and
    fastalloc's default alignment too: with IREE's packer the stream phase is
    still exactly iree-compile's with the same flag, and the slabs grew."""
    model, flag = "unidirectional_lstm.mlir", "--iree-stream-resource-min-offset-alignment=256"
    stream, report = compile_stream(MODELS_DIR / model, pack_strategy="iree", flags=[*FLAGS, flag])
    proc = subprocess.run([find_tool("iree-compile"), str(MODELS_DIR / model), *FLAGS, flag,
                           "--compile-to=stream", "-o", "-"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert _reprint(stream) == _reprint(proc.stdout)
    assert _transient_alloca_bytes(_reprint(stream)) > _transient_alloca_bytes(plain(model, "stream"))
    assert all(r.iree % 256 == 0 for r in report.regions)


def test_a_wrong_plan_changes_the_outputs(plain, work, monkeypatch):
    """The output comparison can fail: with every slice of a slab placed at
    offset 0 (live slices overlapping), the module runs and computes wrong numbers."""
    import fastalloc.passes.layout_slices as ls

    def overlapping(starts, ends, sizes, config, strategy="iree", loc=None):
        ra = config.range_alignment
        aligned = (sizes + (ra - 1)) & ~np.int64(ra - 1)
        return np.zeros(len(sizes), dtype=np.int64), int(aligned.max()) if len(sizes) else 0

    model = "edge_detection.mlir"
    monkeypatch.setattr(ls, "place_static", overlapping)
    stream, _ = compile_stream(MODELS_DIR / model, pack_strategy="best-fit", flags=FLAGS)
    monkeypatch.undo()
    assert _transient_alloca_bytes(_reprint(stream)) < _transient_alloca_bytes(plain(model, "stream"))
    vmfb = work / "overlapping.vmfb"
    compile_from_stream(stream, vmfb, flags=FLAGS)
    with pytest.raises(AssertionError, match="outputs differ"):
        _same(run_vmfb(vmfb, model), plain(model, "outputs"))


def test_stream_flag_with_separate_value_is_one_flag():
    from fastalloc.integrations.iree_compile import _check_flags, _default_alignment, _stream_flags

    flags = _check_flags([*FLAGS, "--iree-stream-resource-min-offset-alignment", "128",
                          "--iree-stream-emulate-memset", "--iree-input-type=auto"])
    assert flags == [*FLAGS, "--iree-stream-resource-min-offset-alignment=128",
                     "--iree-stream-emulate-memset", "--iree-input-type=auto"]
    assert _default_alignment(flags) == 128
    assert _stream_flags(flags) == ["--iree-stream-resource-min-offset-alignment=128",
                                    "--iree-stream-emulate-memset"]
    with pytest.raises(FastallocError, match="not an integer"):
        _default_alignment(["--iree-stream-resource-min-offset-alignment=x"])
