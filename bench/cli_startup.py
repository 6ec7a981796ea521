"""Whole-process cost of the ``fastalloc`` command on a small input: CPU
(user + sys of the child, from ``wait4``) and wall, medians over rounds, the
trees run alternately so that both see the same machine load.

Usage (from the repository root)::

    python -m bench.cli_startup --trees OLD,NEW [--rounds 9] [--iree-opt]
        [-- fastalloc ARGS...]

Each tree is a checkout with its own ``.venv``; the command is
``TREE/.venv/bin/fastalloc ARGS`` (default: ``opt --passes
schedule-allocation,layout-slices src/fastalloc/examples/example.mlir -o
/dev/null``, the input taken from the first tree).  ``--iree-opt`` adds
``iree-opt`` (from the first tree's venv) running the same two passes on the
same file, for reference.  ``--python`` adds the bare interpreter
(``python -c pass``) of each tree: the floor no command can go under.

Bytecode: by default the environment decides (with PYTHONDONTWRITEBYTECODE=1
an in-place checkout compiles every fastalloc module from source on each
run).  ``--pyc DIR`` measures an installed package instead, whose modules are
byte-compiled once: each tree gets its own PYTHONPYCACHEPREFIX under DIR,
written by the warm-up run and read by the timed ones (the trees' own folders
are not written to).

``--importtime N`` adds, per tree, the N imports with the largest self time
(``python -X importtime``, the minimum over the rounds): what is left of
the start-up, module by module.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time

DEFAULT_ARGS = ["opt", "--passes", "schedule-allocation,layout-slices",
                "src/fastalloc/examples/example.mlir", "-o", "/dev/null"]
IREE_PIPELINE = ("--pass-pipeline=builtin.module(iree-stream-schedule-allocation,"
                 "util.func(iree-stream-layout-slices))")


def rusage_of(argv: list[str], cwd: str | None, env: dict[str, str] | None) -> tuple[float, float, float]:
    """(user + sys CPU seconds, wall seconds, peak RSS MiB) of one run of ``argv``."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # wait4 gives this child's own rusage (not the sum over all children)
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read() if proc.stderr is not None else b""
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {proc.returncode}\n{err.decode(errors='replace')}")
    return ru.ru_utime + ru.ru_stime, wall, ru.ru_maxrss / 1024


def run_once(argv: list[str], cwd: str, env: dict[str, str] | None = None) -> tuple[float, float]:
    """(user + sys CPU seconds, wall seconds) of one run of ``argv``."""
    cpu, wall, _ = rusage_of(argv, cwd, env)
    return cpu, wall


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.cli_startup", description=__doc__.split("\n\n")[0])
    p.add_argument("--trees", required=True, help="comma-separated checkouts, each with .venv")
    p.add_argument("--rounds", type=int, default=9)
    p.add_argument("--iree-opt", action="store_true", help="also time iree-opt on the same passes")
    p.add_argument("--python", action="store_true", help="also time the bare interpreter")
    p.add_argument("--pyc", metavar="DIR", default=None,
                   help="byte-compile once into DIR/<tree> (PYTHONPYCACHEPREFIX) instead of the environment's choice")
    p.add_argument("--importtime", type=int, default=0, metavar="N",
                   help="also list each tree's N imports with the largest self time (-X importtime)")
    p.add_argument("args", nargs="*", help="fastalloc's arguments (after --)")
    a = p.parse_args()
    trees = [os.path.abspath(t) for t in a.trees.split(",")]
    fa_args = a.args or DEFAULT_ARGS
    def env_of(tree: str) -> dict[str, str] | None:
        if a.pyc is None:
            return None
        env = dict(os.environ)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(os.path.abspath(a.pyc), os.path.basename(tree))
        return env

    commands: list[tuple[str, list[str], str, dict[str, str] | None]] = []
    for t in trees:
        commands.append((f"{os.path.basename(t)}: fastalloc", [f"{t}/.venv/bin/fastalloc", *fa_args], t, env_of(t)))
    if a.python:
        for t in trees:
            commands.append((f"{os.path.basename(t)}: python -c pass", [f"{t}/.venv/bin/python", "-c", "pass"], t,
                             env_of(t)))
    if a.iree_opt:
        src = next((x for x in fa_args if x.endswith(".mlir")), DEFAULT_ARGS[3])
        commands.append(("iree-opt", [f"{trees[0]}/.venv/bin/iree-opt", IREE_PIPELINE, src, "-o", "/dev/null"],
                         trees[0], None))
    cpu: dict[str, list[float]] = {c[0]: [] for c in commands}
    wall: dict[str, list[float]] = {c[0]: [] for c in commands}
    for label, argv, cwd, env in commands:  # warm the page cache (and --pyc's files), not counted
        run_once(argv, cwd, env)
    for _ in range(a.rounds):
        for label, argv, cwd, env in commands:
            c, w = run_once(argv, cwd, env)
            cpu[label].append(c)
            wall[label].append(w)
    pyc = f"byte-compiled once (--pyc)" if a.pyc else (
        "no .pyc written (PYTHONDONTWRITEBYTECODE)" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "environment's .pyc")
    print(f"command: fastalloc {' '.join(fa_args)}; {a.rounds} rounds, alternating; medians; {pyc}")
    print(f"{'':40} {'cpu s':>8} {'wall s':>8}")
    for label, *_ in commands:
        print(f"{label:40} {statistics.median(cpu[label]):8.3f} {statistics.median(wall[label]):8.3f}")
    if len(trees) >= 2:
        first = statistics.median(cpu[commands[0][0]])
        for label, *_ in commands[1:len(trees)]:
            print(f"cpu ratio {commands[0][0]} / {label}: {first / statistics.median(cpu[label]):.2f}")
    if a.importtime:
        for t in trees:
            selfs = import_self_times([f"{t}/.venv/bin/python", "-X", "importtime", f"{t}/.venv/bin/fastalloc",
                                       *fa_args], t, env_of(t), a.rounds)
            top = sorted(selfs.items(), key=lambda kv: -kv[1])[: a.importtime]
            print(f"{os.path.basename(t)}: imports, self time (min of {a.rounds} runs), all {sum(selfs.values()) / 1e3:.1f} ms:")
            print("  " + ", ".join(f"{name} {us / 1e3:.1f}" for name, us in top))


def import_self_times(argv: list[str], cwd: str, env: dict[str, str] | None, rounds: int) -> dict[str, int]:
    """Module -> its smallest self time (microseconds) over ``rounds`` runs of
    ``argv`` (a ``python -X importtime`` command)."""
    best: dict[str, int] = {}
    for _ in range(rounds):
        r = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for line in r.stderr.splitlines():
            if not line.startswith("import time:") or "self [us]" in line:
                continue
            us, _cum, name = line[len("import time:"):].split("|")
            name = name.strip()
            best[name] = min(best.get(name, 1 << 62), int(us))
    return best


if __name__ == "__main__":
    main()
