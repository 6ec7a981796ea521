"""The regression gate (bench/gate.py) on doctored pytest-benchmark JSON files:
a slowed kernel and a grown total fail, equal and faster pass.  No timing here."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import gate  # noqa: E402


def _bench(fullname: str, median: float, **extra) -> dict:
    return {
        "group": "g", "name": fullname.split("::")[-1], "fullname": fullname,
        "stats": {"min": median * 0.9, "max": median * 1.2, "mean": median, "median": median, "rounds": 5},
        "extra_info": extra,
    }


def _doc(*benches: dict) -> dict:
    return {"machine_info": {}, "commit_info": {}, "benchmarks": list(benches), "version": "5.2.3"}


@pytest.fixture()
def current() -> dict:
    return _doc(
        _bench("bench/bench_kernels.py::test_pack[10000-best-fit]", 0.010, n=10000, total=5000, ratio=1.05),
        _bench("bench/bench_quality.py::test_quality[A-fastalloc-iree]", 0.002, tool="fastalloc", total=1700000),
        _bench("bench/bench_quality.py::test_quality[A-omnimalloc-best_fit]", 0.004, tool="omnimalloc",
               total=2100000),
        _bench("bench/bench_e2e.py::test_e2e[1000-iree-opt]", 1.0, tool="iree-opt", finished=True),
    )


def _write(tmp_path: Path, name: str, doc: dict) -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc))
    return p


def _run_cli(tmp_path: Path, baseline: dict, current: dict, *args: str) -> subprocess.CompletedProcess:
    b = _write(tmp_path, "baseline.json", baseline)
    c = _write(tmp_path, "current.json", current)
    return subprocess.run([sys.executable, "-m", "bench.gate", "--baseline", str(b), "--current", str(c), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_equal_passes(tmp_path, current):
    proc = _run_cli(tmp_path, current, copy.deepcopy(current))
    assert proc.returncode == 0, proc.stderr
    assert "OK" in proc.stdout
    assert "2 medians checked" in proc.stdout and "2 totals checked" in proc.stdout


def test_baseline_three_times_faster_fails(tmp_path, current):
    """A deliberately slowed kernel: the baseline's median is 3x smaller."""
    baseline = copy.deepcopy(current)
    baseline["benchmarks"][0]["stats"]["median"] /= 3
    proc = _run_cli(tmp_path, baseline, current)
    assert proc.returncode == 1
    assert "test_pack[10000-best-fit]: slower" in proc.stderr
    assert "3.00x > 1.50x" in proc.stderr


def test_within_threshold_passes_and_threshold_option(tmp_path, current):
    baseline = copy.deepcopy(current)
    baseline["benchmarks"][0]["stats"]["median"] /= 1.2  # 20% slower: inside the default 1.5x
    assert _run_cli(tmp_path, baseline, current).returncode == 0
    proc = _run_cli(tmp_path, baseline, current, "--threshold", "1.1")
    assert proc.returncode == 1 and "1.20x > 1.10x" in proc.stderr


def test_faster_passes(tmp_path, current):
    baseline = copy.deepcopy(current)
    for b in baseline["benchmarks"]:
        b["stats"]["median"] *= 3
    assert _run_cli(tmp_path, baseline, current).returncode == 0


def test_smaller_baseline_total_fails(tmp_path, current):
    """The same input and strategy may never get a bigger total: exact, one byte is enough."""
    baseline = copy.deepcopy(current)
    baseline["benchmarks"][1]["extra_info"]["total"] -= 1
    proc = _run_cli(tmp_path, baseline, current)
    assert proc.returncode == 1
    assert "test_quality[A-fastalloc-iree]: packs worse: total 1700000 > baseline 1699999" in proc.stderr


def test_smaller_total_passes(tmp_path, current):
    baseline = copy.deepcopy(current)
    baseline["benchmarks"][1]["extra_info"]["total"] += 4096
    assert _run_cli(tmp_path, baseline, current).returncode == 0


def test_other_tools_are_not_gated(tmp_path, current):
    """omnimalloc's and iree-opt's speed and totals are not fastalloc's regressions."""
    baseline = copy.deepcopy(current)
    baseline["benchmarks"][2]["stats"]["median"] /= 10
    baseline["benchmarks"][2]["extra_info"]["total"] -= 1024
    baseline["benchmarks"][3]["stats"]["median"] /= 10
    assert _run_cli(tmp_path, baseline, current).returncode == 0


def test_missing_benchmark_warns_or_fails_strict(tmp_path, current):
    baseline = copy.deepcopy(current)
    baseline["benchmarks"].append(_bench("bench/bench_kernels.py::test_gone", 0.001))
    proc = _run_cli(tmp_path, baseline, current, "-v")
    assert proc.returncode == 0 and "test_gone: in the baseline, missing" in proc.stdout
    proc = _run_cli(tmp_path, baseline, current, "--strict")
    assert proc.returncode == 1 and "test_gone" in proc.stderr


def test_did_not_finish_fails(tmp_path):
    name = "bench/bench_e2e.py::test_e2e[1000-fastalloc]"
    baseline = _doc(_bench(name, 2.0, tool="fastalloc", finished=True))
    current = _doc(_bench(name, 300.0, tool="fastalloc", finished=False, note="did not finish in 300 s"))
    proc = _run_cli(tmp_path, baseline, current)
    assert proc.returncode == 1 and "did not finish in 300 s" in proc.stderr


def test_tiny_medians_skip_time_check(tmp_path):
    name = "bench/bench_quality.py::test_quality[tiny-fastalloc-iree]"
    baseline = _doc(_bench(name, 5e-6, tool="fastalloc", total=10))
    current = _doc(_bench(name, 15e-6, tool="fastalloc", total=10))
    res = gate.compare(gate.load(_write(tmp_path, "b.json", baseline)), gate.load(_write(tmp_path, "c.json", current)))
    assert res.ok and res.checked_time == 0 and res.checked_total == 1
    res = gate.compare(gate.load(tmp_path / "b.json"), gate.load(tmp_path / "c.json"), min_seconds=0.0)
    assert not res.ok


def test_not_a_benchmark_json_is_an_error(tmp_path, current):
    b = _write(tmp_path, "baseline.json", {"hello": 1})
    c = _write(tmp_path, "current.json", current)
    proc = subprocess.run([sys.executable, "-m", "bench.gate", "--baseline", str(b), "--current", str(c)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "not a pytest-benchmark JSON" in proc.stderr


def test_committed_baseline_passes_against_itself():
    """The committed baseline is a valid gate input with fastalloc totals in it."""
    path = ROOT / "bench" / "baseline.json"
    data = gate.load(path)
    res = gate.compare(data, data)
    assert res.ok and res.checked_total > 10 and res.checked_time > 10


def test_committed_baseline_doctored_fails(tmp_path):
    """The real baseline against itself with one kernel 'slowed' 3x and one
    packer's total grown: both are named, exit 1."""
    doc = json.loads((ROOT / "bench" / "baseline.json").read_text())
    slowed = copy.deepcopy(doc)
    kern = next(b for b in slowed["benchmarks"] if b["fullname"].startswith("bench/bench_kernels.py::test_pack["))
    kern["stats"]["median"] *= 3
    qual = next(b for b in slowed["benchmarks"] if "total" in b.get("extra_info", {})
                and b["extra_info"].get("tool") == "fastalloc")
    qual["extra_info"]["total"] += 64
    proc = _run_cli(tmp_path, doc, slowed)
    assert proc.returncode == 1
    assert f"{kern['fullname']}: slower" in proc.stderr
    assert f"{qual['fullname']}: packs worse" in proc.stderr


def _with_calibration(doc: dict, median: float) -> dict:
    doc = copy.deepcopy(doc)
    doc["benchmarks"].append(_bench("bench/bench_quality.py::test_machine_speed", median, tool="calibration"))
    return doc


def test_loaded_machine_is_normalized(tmp_path, current):
    """Everything 2x slower together with the calibration: a loaded machine, passes;
    without normalization, or when only fastalloc got slower, fails."""
    baseline = _with_calibration(current, 0.050)
    slowed = copy.deepcopy(current)
    for b in slowed["benchmarks"]:
        b["stats"]["median"] *= 2
    loaded = _with_calibration(slowed, 0.100)
    proc = _run_cli(tmp_path, baseline, loaded)
    assert proc.returncode == 0, proc.stderr
    assert "2.00x slower than at the baseline" in proc.stdout
    assert _run_cli(tmp_path, baseline, loaded, "--no-normalize").returncode == 1
    proc = _run_cli(tmp_path, baseline, _with_calibration(slowed, 0.050))
    assert proc.returncode == 1 and "2.00x > 1.50x" in proc.stderr


def test_kernel_slowed_on_loaded_machine_fails(tmp_path, current):
    """Machine 1.5x slower and one kernel 3x slower on top: still caught."""
    baseline = _with_calibration(current, 0.050)
    cur = copy.deepcopy(current)
    for b in cur["benchmarks"]:
        b["stats"]["median"] *= 1.5
    cur["benchmarks"][0]["stats"]["median"] *= 3
    cur = _with_calibration(cur, 0.075)
    proc = _run_cli(tmp_path, baseline, cur)
    assert proc.returncode == 1
    assert "test_pack[10000-best-fit]: slower" in proc.stderr and "3.00x > 1.50x" in proc.stderr


def test_faster_machine_does_not_tighten(tmp_path, current):
    baseline = _with_calibration(current, 0.100)
    cur = _with_calibration(copy.deepcopy(current), 0.050)
    cur["benchmarks"][0]["stats"]["median"] *= 1.2
    assert _run_cli(tmp_path, baseline, cur).returncode == 0


def test_e2e_child_timeout_is_recorded_not_hung():
    """bench_e2e's runner kills a child at the timeout and says it did not finish;
    a finished child reports its exit code, stderr and its own peak RSS."""
    from bench.bench_e2e import run_child

    r = run_child([sys.executable, "-c", "import time; time.sleep(30)"], 0.5)
    assert r["finished"] is False and r["wall"] < 10
    r = run_child([sys.executable, "-c", "import sys; x = bytearray(64 << 20); sys.stderr.write('boom'); sys.exit(3)"],
                  60)
    assert r["finished"] and r["code"] == 3 and "boom" in r["stderr"]
    assert 64 * 1024 <= r["rss_kib"] < 64 * 1024 + 200 * 1024  # its own RSS, not pytest's
