"""Issue #14's figure: the whole ``fastalloc opt`` process against ``iree-opt``
3.13 on the 10^5-op generated modules, CPU (user + sys) and peak RSS.

Usage (from the repository root)::

    python -m bench.whole_process --trees OLD,NEW [--rounds 10] [--n-ops 100000]
        [--shapes single,spread] [--work pp,sa,both] [--iree-opt PATH] [--pyc DIR | --no-pyc]

Each tree is a checkout with its own ``.venv`` (``TREE/.venv/bin/fastalloc``).
Per round, for each module and work, ``iree-opt`` runs first and then each tree
(the trees' order alternates between rounds: a second process in a pair pays
more for the first one's cache traffic), every run its own process measured by
``wait4``.  Works: ``pp`` parse + print (``iree-opt M``; ``fastalloc opt M``),
``sa`` schedule-allocation (``--pass-pipeline=builtin.module(iree-stream-schedule-
allocation)``; ``--passes schedule-allocation``), ``both`` fastalloc's two passes
(compared with iree-opt's schedule-allocation alone, the issue's target).

The ratio reported is the median over rounds of each round's ratio to that
round's ``iree-opt`` run (the VM's speed drifts over minutes; a ratio within a
round does not).  By default each tree is measured as an installed package is:
its modules byte-compiled once into its own ``PYTHONPYCACHEPREFIX`` (a
temporary directory unless ``--pyc DIR``), because with
``PYTHONDONTWRITEBYTECODE=1`` a checkout compiles every module from source on
each run; ``--no-pyc`` measures that instead.

Modules: ``generate_module(11, n_ops=N, config=GenConfig(affinities=False,
shape=S))`` from this checkout's generator, written once to a temporary
directory and read by every run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

from bench.cli_startup import rusage_of

SA_PIPELINE = "--pass-pipeline=builtin.module(iree-stream-schedule-allocation)"
WORKS = {
    # work: (iree-opt's extra arguments or None for "compare with sa", fastalloc's)
    "pp": ([], []),
    "sa": ([SA_PIPELINE], ["--passes", "schedule-allocation"]),
    "both": (None, ["--passes", "schedule-allocation,layout-slices"]),
}


def _write_modules(directory: str, shapes: list[str], n_ops: int) -> dict[str, str]:
    from fastalloc.testing.generator import GenConfig, generate_module

    paths = {}
    for shape in shapes:
        path = os.path.join(directory, f"{shape}-{n_ops}.mlir")
        with open(path, "w") as f:
            f.write(generate_module(11, n_ops=n_ops, config=GenConfig(affinities=False, shape=shape)))
        paths[shape] = path
    return paths


def _tree_env(tree: str, pyc_root: str | None) -> dict[str, str] | None:
    if pyc_root is None:
        return None
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(pyc_root, os.path.basename(tree.rstrip("/")))
    return env


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.whole_process", description=__doc__.split("\n\n")[0])
    p.add_argument("--trees", required=True, help="comma-separated checkouts, each with .venv")
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--n-ops", type=int, default=100_000)
    p.add_argument("--shapes", default="single,spread")
    p.add_argument("--work", default="pp,sa,both", help="comma-separated: pp, sa, both")
    p.add_argument("--iree-opt", default=None, help="default: iree-opt in the first tree's .venv")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--pyc", metavar="DIR", default=None, help="keep the byte-compiled modules under DIR")
    g.add_argument("--no-pyc", action="store_true", help="measure checkouts compiling their modules each run")
    a = p.parse_args(argv)
    trees = [os.path.abspath(t) for t in a.trees.split(",") if t]
    names = [os.path.basename(t.rstrip("/")) for t in trees]
    if len(set(names)) != len(names):
        p.error(f"--trees: the checkouts' folder names must differ (they name the columns): {names}")
    shapes = [s for s in a.shapes.split(",") if s]
    works = [w for w in a.work.split(",") if w]
    for w in works:
        if w not in WORKS:
            p.error(f"--work: unknown {w!r} (pp, sa, both)")
    iree = a.iree_opt or os.path.join(trees[0], ".venv", "bin", "iree-opt")
    if not os.path.isfile(iree):
        p.error(f"iree-opt not found at {iree} (--iree-opt PATH)")

    with tempfile.TemporaryDirectory(prefix="fastalloc-whole-") as tmp:
        pyc_root = None if a.no_pyc else os.path.abspath(a.pyc or os.path.join(tmp, "pyc"))
        envs = {t: _tree_env(t, pyc_root) for t in trees}
        if pyc_root is not None:
            for t in trees:
                subprocess.run([os.path.join(t, ".venv", "bin", "python"), "-m", "compileall", "-q",
                                os.path.join(t, "src", "fastalloc")], env=envs[t], check=True,
                               stdout=subprocess.DEVNULL)
        modules = _write_modules(tmp, shapes, a.n_ops)
        # (work, shape, tool) -> [(cpu s, peak MiB)]; ratios per round against iree-opt
        runs: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
        ratios: dict[tuple[str, str, str], list[float]] = {}
        for shape, path in modules.items():  # warm-up: page cache and .pyc, not counted
            rusage_of([iree, path, "-o", os.devnull], None, None)
            for t in trees:
                rusage_of([os.path.join(t, ".venv", "bin", "fastalloc"), "opt", path, "-o", os.devnull], t, envs[t])
        for r in range(a.rounds):
            order = trees if r % 2 == 0 else trees[::-1]
            for shape, path in modules.items():
                iree_cpu: dict[str, float] = {}
                for work in ("pp", "sa", "both"):
                    if work not in works and not (work == "sa" and "both" in works):
                        continue
                    iree_args, fa_args = WORKS[work]
                    if iree_args is not None:
                        cpu, _, rss = rusage_of([iree, path, *iree_args, "-o", os.devnull], None, None)
                        iree_cpu[work] = cpu
                        if work in works:
                            runs.setdefault((work, shape, "iree-opt"), []).append((cpu, rss))
                    if work not in works:
                        continue
                    ref = iree_cpu["sa" if work == "both" else work]
                    for t in order:
                        argv_ = [os.path.join(t, ".venv", "bin", "fastalloc"), "opt", path, *fa_args, "-o", os.devnull]
                        cpu, _, rss = rusage_of(argv_, t, envs[t])
                        name = os.path.basename(t.rstrip("/"))
                        runs.setdefault((work, shape, name), []).append((cpu, rss))
                        ratios.setdefault((work, shape, name), []).append(cpu / ref)
            print(f"round {r + 1}/{a.rounds} done", file=sys.stderr, flush=True)

    state = "source compiled each run" if a.no_pyc else "installed state (modules byte-compiled once)"
    print(f"n_ops={a.n_ops}, {a.rounds} rounds, trees alternating, {state}; CPU = user + sys; "
          "ratio = median over rounds of CPU / that round's iree-opt (both: / iree-opt's schedule-allocation)")
    head = "| work | iree-opt 3.13 | " + " | ".join(names) + " |"
    print(head)
    print("|" + "---|" * (2 + len(names)))
    for work in works:
        for shape in shapes:
            cells = []
            ire = runs.get((work, shape, "iree-opt"))
            cells.append(f"{statistics.median(c for c, _ in ire):.2f} s, {statistics.median(m for _, m in ire):.0f} MiB"
                         if ire else "(schedule-allocation above)")
            for name in names:
                xs = runs[(work, shape, name)]
                cells.append(f"{statistics.median(c for c, _ in xs):.2f} s ({statistics.median(ratios[(work, shape, name)]):.2f}x), "
                             f"{statistics.median(m for _, m in xs):.0f} MiB")
            print(f"| {work} {shape} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
