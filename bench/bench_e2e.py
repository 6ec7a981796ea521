"""End to end: fastalloc against iree-opt 3.13 on the same generated module.

Both tools run schedule-allocation then layout-slices on the same file, each
in its own child process, one after the other in the same pytest session:

* ``fastalloc``: ``python -m fastalloc opt --passes
  schedule-allocation,layout-slices FILE -o OUT`` (parse, both passes, print;
  Python start-up and imports included, as iree-opt's start-up is);
* ``iree-opt``: ``iree-opt --pass-pipeline=<SCHEDULE_AND_LAYOUT> FILE -o OUT``,
  the binary itself (``iree.compiler.tools.binaries.find_tool``), not the
  pip package's Python console script that wraps it.

Wall time is the benchmark's timer; peak RSS is the measured process's own
``ru_maxrss``, read by GNU ``/usr/bin/time -f %M`` (or a small Python parent
calling ``os.wait4`` when it is absent), never forked from pytest's process.
Each child gets ``FASTALLOC_BENCH_TIMEOUT`` seconds (default 300): iree-opt's
layout-slices is quadratic in a pack's slices, so on big single-region
modules it may not finish; the case then records ``finished=False`` and
``note="did not finish in N s"`` (and the report prints that) instead of
being skipped.  The same cap applies to fastalloc.

Modules: ``fastalloc.testing.generator.generate_module(seed=1, n_ops=N)``
with the default config (``shape="auto"``: from 10^4 ops up everything is one
function with one huge execute region, the hard case for layout-slices).
Sizes: 10^3 ops in the default run (CI executes it once), 10^4, 3x10^4 and
10^5 with ``-m slow``; ``FASTALLOC_BENCH_E2E_SIZES=1000,10000`` overrides the
slow sizes.

Measure:  python -m pytest bench/bench_e2e.py --benchmark-enable -m "slow or not slow" \\
              --benchmark-json e2e.json
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from fastalloc.testing.generator import generate_module
from fastalloc.testing.iree import SCHEDULE_AND_LAYOUT, find_iree_opt

DEFAULT_SIZES = [10**3]
SLOW_SIZES = [int(x) for x in os.environ.get("FASTALLOC_BENCH_E2E_SIZES", "10000,30000,100000").split(",")
              if x.strip() and int(x) not in DEFAULT_SIZES]
TIMEOUT = float(os.environ.get("FASTALLOC_BENCH_TIMEOUT", "300"))
TOOLS = ["fastalloc", "iree-opt"]


TIME = shutil.which("time", path="/usr/bin:/bin")
# Fallback when GNU time is absent: a small Python parent that reports its
# child's rusage.  (Linux carries the pre-exec RSS of a vfork'ed child into its
# ru_maxrss, so the measured child must not be forked from pytest's big process.)
_WRAPPER = (
    "import os,subprocess,sys\n"
    "p=subprocess.Popen(sys.argv[2:])\n"
    "_,st,ru=os.wait4(p.pid,0)\n"
    "open(sys.argv[1],'w').write(str(ru.ru_maxrss))\n"
    "sys.exit(os.waitstatus_to_exitcode(st) & 255)\n"
)


def run_child(cmd: list[str], timeout: float) -> dict:
    """Run ``cmd``; wall seconds, the peak RSS (KiB) of that process alone,
    whether it finished within ``timeout`` (else its process group is killed),
    exit code and stderr tail."""
    with tempfile.TemporaryDirectory() as tmp:
        rss_file = os.path.join(tmp, "rss")
        err_file = os.path.join(tmp, "err")
        if TIME:
            full = [TIME, "-q", "-f", "%M", "-o", rss_file, *cmd]
        else:
            full = [sys.executable, "-c", _WRAPPER, rss_file, *cmd]
        with open(err_file, "wb") as err:
            t0 = time.perf_counter()
            proc = subprocess.Popen(full, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
            try:
                code = proc.wait(timeout)
                finished = True
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                code = proc.wait()
                finished = False
            wall = time.perf_counter() - t0
        try:
            rss = int(Path(rss_file).read_text().split()[-1])
        except (OSError, ValueError, IndexError):
            rss = 0
        stderr = Path(err_file).read_text(errors="replace")[-2000:]
    return {"wall": wall, "rss_kib": rss, "code": code, "finished": finished, "stderr": stderr}


def iree_opt_binary() -> str:
    """The iree-opt executable itself.  The ``iree-opt`` on PATH from the pip
    package is a Python console script that runs the real binary as a child:
    timing it would add Python's start-up, and its peak RSS would be the
    wrapper's, not iree-opt's."""
    try:
        from iree.compiler.tools.binaries import find_tool

        return str(Path(find_tool("iree-opt")).resolve())
    except Exception:  # not the pip package (a source build): use what is on PATH
        exe = find_iree_opt()
        assert exe, "iree-opt not found: pip install 'iree-base-compiler==3.13.0'"
        return exe


def command(tool: str, path: Path, out: Path) -> list[str]:
    if tool == "fastalloc":
        return [sys.executable, "-m", "fastalloc", "opt", "--passes", "schedule-allocation,layout-slices",
                str(path), "-o", str(out)]
    exe = iree_opt_binary()
    return [exe, f"--pass-pipeline={SCHEDULE_AND_LAYOUT}", str(path), "-o", str(out)]


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    root = tmp_path_factory.mktemp("bench_e2e")
    cache: dict[int, Path] = {}

    def get(n: int) -> Path:
        if n not in cache:
            path = root / f"gen_{n}.mlir"
            path.write_text(generate_module(1, n_ops=n))
            cache[n] = path
        return cache[n]

    return get


def _params():
    for n in DEFAULT_SIZES:
        for tool in TOOLS:
            yield pytest.param(n, tool, id=f"{n}-{tool}")
    for n in SLOW_SIZES:
        for tool in TOOLS:
            yield pytest.param(n, tool, id=f"{n}-{tool}", marks=pytest.mark.slow)


@pytest.mark.parametrize("n,tool", list(_params()))
def test_e2e(benchmark, modules, n: int, tool: str) -> None:
    path = modules(n)
    out = path.with_suffix(f".{tool}.out.mlir")
    cmd = command(tool, path, out)
    runs: list[dict] = []

    def once() -> None:
        runs.append(run_child(cmd, TIMEOUT))

    benchmark.group = f"e2e schedule-allocation+layout-slices, {n} ops"
    # Big modules take seconds to minutes per run: one round there.
    benchmark.pedantic(once, rounds=3 if n < 10**4 else 1, iterations=1)
    finished = all(r["finished"] for r in runs)
    benchmark.extra_info.update(
        n=n, ops=n, tool=tool, finished=finished, timeout_s=TIMEOUT,
        bytes=path.stat().st_size,
        peak_rss_mib=round(max(r["rss_kib"] for r in runs) / 1024, 1),
        wall_s=[round(r["wall"], 3) for r in runs],
    )
    if not finished:
        benchmark.extra_info["note"] = f"did not finish in {TIMEOUT:g} s"
        return
    bad = [r for r in runs if r["code"] != 0]
    assert not bad, f"{tool} failed on {path.name} (exit {bad[0]['code']}): {bad[0]['stderr']}"
    assert out.stat().st_size > 0
