"""``fastalloc pack`` through the real entry point (``python -m fastalloc``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fastalloc.csvio import read_csv

# Inclusive lifetimes [lower, upper-1]: a,b,c overlap at t=1; d reuses a's space.
PROBLEM = """id,lower,upper,size
a,0,2,100
b,1,3,60
c,1,2,40
d,2,4,100
"""
# By hand: at t=1 a+b+c = 200 bytes live, at t=2 b+d = 160: lower bound 200.


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fastalloc", "pack", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def check_plan(path: Path, alignment: int = 1) -> int:
    """Independent check of a written plan; returns its peak."""
    p = read_csv(path)
    assert p.offsets is not None
    assert p.ids == ["a", "b", "c", "d"]
    n = len(p)
    for i in range(n):
        assert p.offsets[i] % alignment == 0
        for j in range(i + 1, n):
            live_together = p.starts[i] <= p.ends[j] and p.starts[j] <= p.ends[i]
            apart = (p.offsets[i] + p.sizes[i] <= p.offsets[j]) or (p.offsets[j] + p.sizes[j] <= p.offsets[i])
            assert apart or not live_together, (p.ids[i], p.ids[j])
    return int(max(p.offsets + p.sizes))


@pytest.mark.parametrize("strategy", ["best-fit", "iree", "smallest"])
def test_pack_writes_a_valid_plan_and_prints_the_figures(tmp_path: Path, strategy):
    src = tmp_path / "p.csv"
    src.write_text(PROBLEM)
    out = tmp_path / "plan.csv"
    r = run(str(src), "--strategy", strategy, "-o", str(out))
    assert r.returncode == 0, r.stderr
    peak = check_plan(out)
    assert read_csv(out).sizes.tolist() == [100, 60, 40, 100]
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"{src}: 4 buffers, strategy ")
    assert lines[1] == f"  total        {peak} B"
    assert lines[2] == "  lower bound  200 B"
    assert lines[3] == f"  ratio        {peak / 200:.4f}"
    assert lines[4].startswith("  time ") and lines[4].endswith(" ms")


def test_json_summary_and_alignment(tmp_path: Path):
    src = tmp_path / "p.csv"
    src.write_text(PROBLEM)
    out = tmp_path / "plan.csv"
    r = run(str(src), "--json", "--alignment", "64", "-o", str(out))
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    # Rounded to 64: a=128, b=64, c=64, d=128 -> t=1: 256, t=2: 192.
    assert (s["n"], s["alignment"], s["lower_bound"]) == (4, 64, 256)
    assert s["total"] == 256  # a tight plan exists and best-fit finds it here
    assert s["ratio"] == 1.0 and s["strategy"] == "best-fit" and s["time_s"] >= 0
    assert check_plan(out, alignment=64) <= 256


def test_plan_to_stdout_summary_to_stderr():
    r = run("-", "-o", "-", "--json", stdin=PROBLEM)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "id,lower,upper,size,offset"
    assert len(r.stdout.splitlines()) == 5
    assert json.loads(r.stderr)["file"] == "-"


def test_bad_row_is_located_exits_1_and_writes_nothing(tmp_path: Path):
    src = tmp_path / "bad.csv"
    src.write_text(PROBLEM.replace("b,1,3,60", "b,1,3,sixty"))
    out = tmp_path / "plan.csv"
    r = run(str(src), "-o", str(out))
    assert r.returncode == 1
    lines = r.stderr.splitlines()
    assert lines[0] == f"{src}:3:7: error: size 'sixty' is not an integer"
    assert lines[1] == "b,1,3,sixty"
    assert lines[2] == "      ^"
    assert r.stdout == ""
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.csv"]  # no temp file left


def test_failure_does_not_clobber_an_existing_plan(tmp_path: Path):
    src = tmp_path / "bad.csv"
    src.write_text(PROBLEM.replace("d,2,4,100", "d,4,2,100"))
    out = tmp_path / "plan.csv"
    out.write_text("precious\n")
    r = run(str(src), "-o", str(out))
    assert r.returncode == 1
    assert r.stderr.startswith(f"{src}:5:5: error: buffer 'd': upper 2 must be greater than lower 4")
    assert out.read_text() == "precious\n"


def test_missing_input_and_bad_alignment(tmp_path: Path):
    r = run(str(tmp_path / "nope.csv"))
    assert r.returncode == 1
    assert r.stderr == f"error: cannot open input file '{tmp_path / 'nope.csv'}': No such file or directory\n"
    src = tmp_path / "p.csv"
    src.write_text(PROBLEM)
    r = run(str(src), "--alignment", "3")
    assert r.returncode == 1
    assert r.stderr == "error: alignment must be a power of two in [1, 2**62], got 3\n"


def test_output_mode_is_that_of_a_plain_write(tmp_path: Path):
    import os
    import stat

    src = tmp_path / "p.csv"
    src.write_text(PROBLEM)
    fresh = tmp_path / "fresh.csv"
    plain = tmp_path / "plain.csv"
    plain.write_text("x")  # what open(path, "w") gives under this umask
    assert run(str(src), "-o", str(fresh)).returncode == 0
    assert stat.S_IMODE(fresh.stat().st_mode) == stat.S_IMODE(plain.stat().st_mode)
    os.chmod(plain, 0o640)  # an existing file keeps its mode
    assert run(str(src), "-o", str(plain)).returncode == 0
    assert stat.S_IMODE(plain.stat().st_mode) == 0o640
    assert read_csv(plain).offsets is not None
