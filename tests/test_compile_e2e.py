"""``fastalloc compile``: real models compiled by iree-compile 3.13 with
fastalloc's transient layout, run with iree-base-runtime 3.13 on the CPU.

For every model in tests/models (public models, see its README):

* the stream phase driven by fastalloc with IREE's own packer is exactly
  ``iree-compile --compile-to=stream``'s, locations included (both printed
  with ``--mlir-print-debuginfo`` and re-printed by iree-opt);
* the ``.vmfb`` compiled with best-fit runs on the same inputs with outputs
  bitwise identical to plain iree-compile's ``.vmfb`` (only offsets inside the
  transient slabs change), and its stream phase gives every op outside the
  constants the location iree-compile gives it (read by IREE's own parser);
* no region's slab is larger than IREE's, and the report agrees with the
  compiled programs themselves: the transient ``stream.resource.alloca``
  bytes of plain iree-compile's stream output minus those of fastalloc's are
  the savings the report claims;
* ``fastalloc compile --pack-strategy iree`` (the CLI, every step) writes
  iree-compile's ``.vmfb`` byte for byte, its debug database (the model's
  source locations) included.

Each model's tests run together (a module-scoped parametrized fixture) and
the compiles are made once per run, shared by pytest-xdist's workers
(``run_shared`` in tests/conftest.py): plain iree-compile once per
model (its stream phase's output, the module before schedule-allocation and
the ``.vmfb``), the module before layout-slices once per model, whatever the
strategy.  The llvm-cpu codegen dominates the time.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from fastalloc.cli import main
from fastalloc.errors import FastallocError
from fastalloc.testing import opt_in_process as _opt_in_process
from fastalloc.integrations.iree_compile import (
    compile_from_stream,
    compile_stream,
    find_tool,
    iree_compile,
    stream_after_layout,
    stream_before_layout,
)

pytestmark = pytest.mark.iree

if find_tool("iree-compile") is None or find_tool("iree-opt") is None:
    pytest.skip("iree-compile/iree-opt not found: pip install 'iree-base-compiler==3.13.0'",
                allow_module_level=True)
rt = pytest.importorskip("iree.runtime", reason="iree.runtime not found: pip install 'iree-base-runtime==3.13.0'")

import sys  # noqa: E402

from fastalloc.testing.iree import run_tool  # noqa: E402

MODELS_DIR = Path(__file__).parent / "models"
FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]
DEBUGINFO = "--mlir-print-debuginfo"
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
#: the CLI with --pack-strategy iree, every step (two cheap models: the stream
#: phase is checked against iree-compile on all of them)
CLI_MODELS = ["collatz.mlir", "mnist.mlir"]

_ALLOCA = re.compile(r"stream\.resource\.alloca\b.*!stream\.resource<transient>\{%c(\d+)(?:_\d+)?\}")


def _iree_compile(*args: str) -> None:
    proc = run_tool([find_tool("iree-compile"), *args], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def _reprint(text: str, *args: str) -> str:
    proc = run_tool([find_tool("iree-opt"), *args, "-"], input=text, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _transient_alloca_bytes(stream_text: str) -> int:
    return sum(int(m.group(1)) for m in _ALLOCA.finditer(stream_text))


#: the ops that allocate, lay out and use the transient slabs
_ALLOCATION_OPS = ("stream.resource.", "stream.cmd.", "stream.timepoint.")


def _op_locations(text: str) -> list[tuple[str, str]]:
    """(op name, location) of the allocation and command ops of ``text`` in
    order, as IREE's own parser (its Python bindings) reads them."""
    from iree.compiler import ir

    with ir.Context() as ctx:
        module = ir.Module.parse(text, ctx)
        out: list[tuple[str, str]] = []

        def walk(op) -> None:
            for region in op.regions:
                for block in region.blocks:
                    for child in block.operations:
                        name = child.operation.name
                        if name.startswith(_ALLOCATION_OPS):
                            out.append((name, str(child.location)))
                        walk(child.operation)

        walk(module.operation)
    return out


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


class Artifacts:
    """The compiled artifacts of the models: the expensive ones made once per
    run for all workers (``run_shared``, tests/conftest.py), the others once
    per worker."""

    def __init__(self, shared) -> None:
        self.dir = shared.dir
        self.memo: dict = {}

    def once(self, key, make):
        """``make()`` once per worker (results too cheap or too varied to share)."""
        if key not in self.memo:
            self.memo[key] = make()
        return self.memo[key]

    # -- plain iree-compile ----------------------------------------------------

    def plain(self, model: str) -> Path:
        """Plain iree-compile with debuginfo, split where ``fastalloc compile``
        splits it: ``--compile-to=stream`` (its output, and the module before
        schedule-allocation), then ``--compile-from=stream`` of that output
        read from stdin (the ``.vmfb``).  The split itself moves the locations
        of implicit terminators, which are their positions in the text read
        again, so this, not one whole compile, is what fastalloc's ``.vmfb``
        can be byte-identical to (mnist: DWARF line numbers in the executable)."""

        def make(d: Path) -> None:
            tree = d / "tree"
            _iree_compile(str(MODELS_DIR / model), *FLAGS, "--compile-to=stream", "-o", str(d / "raw-stream.mlir"),
                          DEBUGINFO, "--mlir-print-ir-before=iree-stream-schedule-allocation",
                          f"--mlir-print-ir-tree-dir={tree}")
            dumps = sorted(tree.glob("*/*_iree-stream-schedule-allocation.mlir"))
            assert len(dumps) == 1, dumps
            (d / "before-schedule.mlir").write_text(dumps[0].read_text().split("\n", 1)[1])  # without the header
            shutil.rmtree(tree)
            raw = (d / "raw-stream.mlir").read_text()
            proc = run_tool([find_tool("iree-compile"), "-", *FLAGS, "--compile-from=stream", "-o",
                                   str(d / "plain.vmfb")], input=raw, capture_output=True, text=True)
            assert proc.returncode == 0, proc.stderr
            (d / "stream.mlir").write_text(_reprint(raw, DEBUGINFO))

        return self.dir(f"{model}.plain", make)

    def plain_stream(self, model: str) -> str:
        """Plain iree-compile's stream-phase output, re-printed with its locations."""
        return self.once((model, "plain-stream"), lambda: (self.plain(model) / "stream.mlir").read_text())

    def plain_outputs(self, model: str) -> list[np.ndarray]:
        return self.once((model, "plain-outputs"), lambda: run_vmfb(self.plain(model) / "plain.vmfb", model))

    # -- fastalloc -------------------------------------------------------------

    def before_layout(self, model: str) -> str:
        """Steps 1-2 of ``fastalloc compile``: the module layout-slices starts from."""

        def make(d: Path) -> None:
            text, _ = stream_before_layout(MODELS_DIR / model, flags=FLAGS)
            (d / "before.mlir").write_text(text)

        return self.once((model, "before"),
                         lambda: (self.dir(f"{model}.before-layout", make) / "before.mlir").read_text())

    def stream(self, model: str, strategy: str):
        """Steps 3-4 with ``strategy``: the stream phase's text and the regions' memory."""
        return self.once((model, strategy), lambda: stream_after_layout(
            self.before_layout(model), pack_strategy=strategy, flags=FLAGS, filename=f"{model} (before layout)"))

    def best_fit_outputs(self, model: str) -> list[np.ndarray]:
        def make(d: Path) -> None:
            compile_from_stream(self.stream(model, "best-fit")[0], d / "best-fit.vmfb", flags=FLAGS)

        return self.once((model, "best-fit-outputs"),
                         lambda: run_vmfb(self.dir(f"{model}.best-fit", make) / "best-fit.vmfb", model))


@pytest.fixture(scope="session")
def art(run_shared) -> Artifacts:
    return Artifacts(run_shared)


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    return tmp_path_factory.mktemp("compile_e2e")


@pytest.fixture(scope="module", params=list(MODELS))
def model(request) -> str:
    """Each model in turn, all of its tests together (pytest orders the tests
    by this fixture's parameter)."""
    return request.param


def test_stream_phase_with_iree_packer_is_iree_compiles_with_locations(model, art):
    stream, regions = art.stream(model, "iree")
    theirs = art.plain_stream(model)
    assert theirs.count("loc(") > 10
    assert _reprint(stream, DEBUGINFO) == theirs
    assert regions, f"{model}: no transient slab to plan (pick models with transients)"
    for r in regions:
        assert r.fastalloc == r.iree


def test_locations_match_iree_opt(model, art):
    """With --mlir-print-debuginfo the passes' output on the real stream
    module carries the locations iree-opt gives (schedule-allocation alone and
    with layout-slices over all three anchors)."""
    from fastalloc.testing.iree import SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT, iree_opt

    src = (art.plain(model) / "before-schedule.mlir").read_text()
    assert "loc(" in src
    dbg = (DEBUGINFO,)
    for pipeline in (SCHEDULE_ALLOCATION, SCHEDULE_AND_LAYOUT):
        theirs = iree_opt(src, pipeline, args=dbg)
        rc, out, err = _opt_in_process(src, *dbg, f"--pass-pipeline={pipeline}")
        assert rc == 0, err
        # iree-opt's debuginfo print re-prints to itself: only ours is re-printed
        assert iree_opt(out, args=dbg) == theirs, pipeline


def test_best_fit_module_runs_with_identical_outputs(model, art):
    _same(art.best_fit_outputs(model), art.plain_outputs(model))


def test_best_fit_keeps_iree_compiles_locations(model, art):
    """Best-fit changes offsets only: the allocation and command ops of its
    stream phase are iree-compile's, in the same order, at the same locations
    (the model's source lines).  (Other ops may differ: a dispatch whose two
    offsets were equal in IREE's plan and differ in ours takes one more
    operand.)"""
    ours = _op_locations(art.stream(model, "best-fit")[0])
    theirs = _op_locations(art.plain_stream(model))
    assert ours == theirs
    allocas = [loc for name, loc in theirs if name == "stream.resource.alloca"]
    assert allocas and all(model in loc for loc in allocas)


def test_best_fit_memory_never_above_iree_and_matches_the_program(model, art):
    stream, regions = art.stream(model, "best-fit")
    for r in regions:
        assert r.lower_bound <= r.fastalloc <= r.iree, r
    # The savings the report claims are the bytes that disappeared from the
    # transient allocations of the compiled program (IREE's stream output vs ours).
    theirs = _transient_alloca_bytes(art.plain_stream(model))
    ours = _transient_alloca_bytes(_reprint(stream, DEBUGINFO))
    assert theirs > 0
    assert theirs - ours == sum(r.iree - r.fastalloc for r in regions)
    if MODELS[model][2]:
        assert sum(r.fastalloc for r in regions) < sum(r.iree for r in regions)
        assert _reprint(stream, DEBUGINFO) != art.plain_stream(model)


def test_default_strategy_never_above_iree(model, art):
    _, regions = art.stream(model, "smallest")
    assert regions
    for r in regions:
        assert r.lower_bound <= r.fastalloc <= r.iree, r


@pytest.mark.parametrize("cli_model", CLI_MODELS)
def test_cli_iree_strategy_writes_iree_compiles_vmfb(cli_model, art, work, capsys):
    """Every step of ``fastalloc compile`` keeps the model's locations: with
    IREE's packer the ``.vmfb`` is iree-compile's (split at the stream phase
    as fastalloc splits it) byte for byte, and its debug database names the
    model's source file (without --mlir-print-debuginfo in the steps it does
    not: the locations would be positions in an intermediate text)."""
    out, rep = work / f"{cli_model}.cli-iree.vmfb", work / f"{cli_model}.cli.json"
    rc = main(["compile", str(MODELS_DIR / cli_model), "-o", str(out), "--pack-strategy", "iree",
               "--json", str(rep), "--", *FLAGS])
    err = capsys.readouterr().err
    assert rc == 0, err
    assert "transient memory per execution region" in err
    theirs = (art.plain(cli_model) / "plain.vmfb").read_bytes()
    assert str(MODELS_DIR / cli_model).encode() in theirs
    assert out.read_bytes() == theirs
    _same(run_vmfb(out, cli_model), art.plain_outputs(cli_model))
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


def test_stream_flags_reach_every_step(art):
    """An --iree-stream-* flag after '--' reaches iree-opt's steps and
    fastalloc's default alignment too: with IREE's packer the stream phase is
    still exactly iree-compile's with the same flag, and the slabs grew."""
    model, flag = "unidirectional_lstm.mlir", "--iree-stream-resource-min-offset-alignment=256"
    stream, report = compile_stream(MODELS_DIR / model, pack_strategy="iree", flags=[*FLAGS, flag])
    proc = run_tool([find_tool("iree-compile"), str(MODELS_DIR / model), *FLAGS, flag, DEBUGINFO,
                           "--compile-to=stream", "-o", "-"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert _reprint(stream, DEBUGINFO) == _reprint(proc.stdout, DEBUGINFO)
    assert _transient_alloca_bytes(_reprint(stream)) > _transient_alloca_bytes(art.plain_stream(model))
    assert all(r.iree % 256 == 0 for r in report.regions)


def test_a_wrong_plan_changes_the_outputs(art, work, monkeypatch):
    """The output comparison can fail: with every slice of a slab placed at
    offset 0 (live slices overlapping), the module runs and computes wrong numbers."""
    import fastalloc.passes.layout_slices as ls

    def overlapping(starts, ends, sizes, config, strategy="iree", loc=None):
        ra = config.range_alignment
        sizes = np.asarray(sizes, dtype=np.int64)
        aligned = (sizes + (ra - 1)) & ~np.int64(ra - 1)
        return np.zeros(len(sizes), dtype=np.int64), int(aligned.max()) if len(sizes) else 0

    model = "edge_detection.mlir"
    monkeypatch.setattr(ls, "place_static", overlapping)
    stream, _ = stream_after_layout(art.before_layout(model), pack_strategy="best-fit", flags=FLAGS)
    monkeypatch.undo()
    assert _transient_alloca_bytes(_reprint(stream)) < _transient_alloca_bytes(art.plain_stream(model))
    vmfb = work / "overlapping.vmfb"
    compile_from_stream(stream, vmfb, flags=FLAGS)
    with pytest.raises(AssertionError, match="outputs differ"):
        _same(run_vmfb(vmfb, model), art.plain_outputs(model))


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
