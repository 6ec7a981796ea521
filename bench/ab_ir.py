"""Two source trees of fastalloc side by side on one generated module: CPU
time of parse, parse + print, schedule-allocation and both passes, and the
peak RSS of each, medians over interleaved rounds.

Each measurement is its own child process (``PYTHONPATH=TREE/src``), so that
peak RSS is that task's alone and no tree's import state leaks into the
other's; rounds alternate the trees so that load on the machine hits both
alike.  CPU time is the child's ``time.process_time()`` around the task
(text generation and imports excluded); peak RSS is the child's
``ru_maxrss`` (the module text is read from a file, the same for both).

Run:  python bench/ab_ir.py --trees OLD_CHECKOUT,NEW_CHECKOUT --n-ops 100000 --rounds 3
(each checkout with its extensions built in place).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

TASKS = ("parse", "parse+print", "schedule-allocation", "both-passes")


def _child(task: str, path: str) -> None:
    with open(path) as f:
        text = f.read()
    if task in ("parse", "parse+print"):
        from fastalloc.ir import parse

        t0 = time.process_time()
        m = parse(text)
        if task == "parse+print":
            out = m.print()
            assert out
        cpu = time.process_time() - t0
    else:
        from fastalloc import run_passes

        passes = ["schedule-allocation"] if task == "schedule-allocation" else ["schedule-allocation", "layout-slices"]
        t0 = time.process_time()
        out = run_passes(text, passes)
        cpu = time.process_time() - t0
        assert out
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"cpu": cpu, "rss_mib": rss}))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--trees", help="comma-separated checkouts (A,B)")
    p.add_argument("--n-ops", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--tasks", default=",".join(TASKS))
    p.add_argument("--child", nargs=2, metavar=("TASK", "FILE"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        _child(*args.child)
        return 0
    trees = [t for t in args.trees.split(",") if t]
    tasks = [t for t in args.tasks.split(",") if t]
    from fastalloc.testing.generator import generate_module

    text = generate_module(args.seed, n_ops=args.n_ops)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    results: dict[tuple[str, str], list[dict]] = {}
    try:
        for r in range(args.rounds):
            for task in tasks:
                order = trees if r % 2 == 0 else trees[::-1]
                for tree in order:
                    env = dict(os.environ, PYTHONPATH=os.path.join(tree, "src"))
                    out = subprocess.run(
                        [sys.executable, os.path.abspath(__file__), "--child", task, path],
                        env=env, check=True, capture_output=True, text=True,
                    ).stdout
                    results.setdefault((tree, task), []).append(json.loads(out.strip().splitlines()[-1]))
    finally:
        os.unlink(path)
    base = trees[0]
    print(f"n_ops={args.n_ops} seed={args.seed} rounds={args.rounds} (medians; ratio = tree / {base})")
    for task in tasks:
        for key, unit in (("cpu", "s"), ("rss_mib", "MiB")):
            meds = {t: statistics.median(x[key] for x in results[(t, task)]) for t in trees}
            cells = "  ".join(f"{os.path.basename(t.rstrip('/'))}={meds[t]:.3f}{unit}" for t in trees)
            ratios = "  ".join(f"{meds[t] / meds[base]:.3f}x" for t in trees[1:])
            print(f"{task:22s} {key:8s} {cells}  {ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
