"""Front-end speed: parse + print of a generated module, side by side with iree-opt.

Measure:  pytest bench/bench_parse.py --benchmark-enable -p no:cacheprovider
          FASTALLOC_BENCH_LARGE=1 pytest bench/bench_parse.py --benchmark-enable   (100k ops)
CI runs each case once (the default --benchmark-disable) on a 5k-op module.

The module comes from ``fastalloc.testing.generator.generate_module`` (``spread``
shape, ``printed`` style).  ``test_cli_vs_iree_opt`` runs ``fastalloc opt FILE
-o /dev/null`` and ``iree-opt FILE -o /dev/null`` alternately in child
processes and records the median wall times, their ratio and both peak RSS
(``os.wait4``) in ``benchmark.extra_info``; the target is ratio <= 1.5 and
fastalloc's peak RSS <= iree-opt's.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fastalloc.ir import parse
from fastalloc.ir.lexer import tokenize
from fastalloc.testing.generator import GenConfig, generate_module
from fastalloc.testing.iree import find_iree_opt

LARGE = os.environ.get("FASTALLOC_BENCH_LARGE", "") not in ("", "0")
N_OPS = 100_000 if LARGE else 5_000
ROUNDS = 3 if LARGE else 1


@pytest.fixture(scope="module")
def module_file(tmp_path_factory) -> Path:
    text = generate_module(7, n_ops=N_OPS, config=GenConfig(shape="spread"))
    path = tmp_path_factory.mktemp("bench_parse") / f"gen_{N_OPS}.mlir"
    path.write_text(text)
    return path


def _run(cmd: list[str]) -> tuple[float, int, float]:
    """Wall seconds, peak RSS (KiB) and user+system CPU seconds of a child process."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    assert proc.returncode == 0, f"{cmd[0]} failed: {err}"
    return wall, ru.ru_maxrss, ru.ru_utime + ru.ru_stime


def test_lex(benchmark, module_file):
    text = module_file.read_text()
    benchmark.group = f"front end, {N_OPS} ops"
    toks = benchmark.pedantic(tokenize, (text,), rounds=ROUNDS, iterations=1)
    benchmark.extra_info.update(tokens=len(toks), mbytes=round(len(text) / 1e6, 2))


def test_parse_print(benchmark, module_file):
    text = module_file.read_text()
    benchmark.group = f"front end, {N_OPS} ops"

    def run():
        return str(parse(text, str(module_file)))

    out = benchmark.pedantic(run, rounds=ROUNDS, iterations=1)
    assert out.startswith("module")


def test_cli_vs_iree_opt(benchmark, module_file):
    exe = find_iree_opt()
    assert exe, "iree-opt not found"
    ours_cmd = [sys.executable, "-m", "fastalloc", "opt", str(module_file), "-o", os.devnull]
    iree_cmd = [exe, str(module_file), "-o", os.devnull]
    ours, theirs = [], []

    def side_by_side():
        for _ in range(ROUNDS):
            theirs.append(_run(iree_cmd))
            ours.append(_run(ours_cmd))

    benchmark.group = f"front end vs iree-opt, {N_OPS} ops"
    benchmark.pedantic(side_by_side, rounds=1, iterations=1)
    t_ours = statistics.median(w for w, _, _ in ours)
    t_iree = statistics.median(w for w, _, _ in theirs)
    # CPU time as well: on a shared machine the wall ratio moves with the neighbours' load
    c_ours = statistics.median(c for _, _, c in ours)
    c_iree = statistics.median(c for _, _, c in theirs)
    benchmark.extra_info.update(
        ops=N_OPS,
        fastalloc_s=round(t_ours, 3),
        iree_opt_s=round(t_iree, 3),
        ratio=round(t_ours / t_iree, 3),
        fastalloc_cpu_s=round(c_ours, 3),
        iree_opt_cpu_s=round(c_iree, 3),
        cpu_ratio=round(c_ours / c_iree, 3),
        fastalloc_peak_rss_mib=round(max(r for _, r, _ in ours) / 1024, 1),
        iree_opt_peak_rss_mib=round(max(r for _, r, _ in theirs) / 1024, 1),
    )
    print(f"\n[bench_parse] {N_OPS} ops: fastalloc {t_ours:.2f} s, iree-opt {t_iree:.2f} s, "
          f"ratio {t_ours / t_iree:.2f} (CPU {c_ours:.2f} s vs {c_iree:.2f} s, {c_ours / c_iree:.2f}); peak RSS {benchmark.extra_info['fastalloc_peak_rss_mib']} MiB "
          f"vs {benchmark.extra_info['iree_opt_peak_rss_mib']} MiB")
