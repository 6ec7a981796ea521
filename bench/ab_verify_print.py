"""Issue #14's IR figures, two source trees side by side: CPU of the verifier
and of the printer on one parsed module, and whole-process CPU of
``fastalloc opt M -o /dev/null`` next to ``iree-opt M -o /dev/null``.

Phase 1 (``verify``/``print``): each round starts one child process per tree
(``PYTHONPATH=TREE/src``), trees alternating in order; a child parses the
module once (gc paused, as the CLI runs), then times ``verify(m)`` and
``m.print()`` (``time.process_time()``, best of ``--inner`` runs; the
printed text's sha256 must agree between trees).  Phase 2 (``--opt``):
``/usr/bin/time -f '%U %S %M'`` around ``python -m fastalloc opt M -o
/dev/null`` per tree and around ``iree-opt M -o /dev/null``, alternating;
user + system CPU.  Figures are medians over ``--rounds``.

The module is issue #14's: ``generate_module(11, n_ops=N,
config=GenConfig(affinities=False, shape='single'))`` (``--shape spread``
for the many-functions variant).

Run (from a checkout, each tree with its extensions built in place)::

    python bench/ab_verify_print.py --trees OLD,NEW --n-ops 100000 --rounds 5 --opt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def _child(path: str, inner: int) -> None:
    import gc

    from fastalloc.ir.parser import parse
    from fastalloc.ir.verifier import verify

    with open(path) as f:
        text = f.read()
    gc.disable()
    m = parse(text, path)
    tv, tp = [], []
    out = ""
    for _ in range(inner):
        t0 = time.process_time()
        verify(m)
        t1 = time.process_time()
        out = m.print()
        t2 = time.process_time()
        tv.append(t1 - t0)
        tp.append(t2 - t1)
    print(json.dumps({"verify": min(tv), "print": min(tp), "sha": hashlib.sha256(out.encode()).hexdigest()}))


def _time_cmd(cmd: list[str], env: dict | None = None) -> float:
    """User + system CPU of ``cmd`` by /usr/bin/time (the whole process)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        subprocess.run(["/usr/bin/time", "-o", tf.name, "-f", "%U %S %M", *cmd], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        user, sys_, _rss = tf.read().split()[-3:]
    return float(user) + float(sys_)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--trees", required=False, help="comma-separated checkouts (A,B)")
    p.add_argument("--n-ops", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--shape", default="single")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--inner", type=int, default=2, help="verify/print runs per child (best taken)")
    p.add_argument("--opt", action="store_true", help="also whole-process fastalloc opt vs iree-opt")
    p.add_argument("--child", nargs=2, metavar=("FILE", "INNER"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        _child(args.child[0], int(args.child[1]))
        return 0
    trees = [os.path.abspath(t) for t in args.trees.split(",") if t]
    from fastalloc.testing.generator import GenConfig, generate_module

    text = generate_module(args.seed, n_ops=args.n_ops, config=GenConfig(affinities=False, shape=args.shape))
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    names = [os.path.basename(t.rstrip("/")) for t in trees]
    res: dict[str, dict[str, list[float]]] = {t: {"verify": [], "print": [], "opt": []} for t in trees}
    iree: list[float] = []
    iree_opt = shutil.which("iree-opt")
    if iree_opt is None:  # a venv's own iree-opt, beside the interpreter
        cand = os.path.join(os.path.dirname(sys.executable), "iree-opt")
        iree_opt = cand if os.path.exists(cand) else None
    try:
        for r in range(args.rounds):
            for tree in trees if r % 2 == 0 else trees[::-1]:
                env = dict(os.environ, PYTHONPATH=os.path.join(tree, "src"))
                out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", path, str(args.inner)],
                                     env=env, check=True, capture_output=True, text=True).stdout
                d = json.loads(out.strip().splitlines()[-1])
                res[tree]["verify"].append(d["verify"])
                res[tree]["print"].append(d["print"])
                res[tree].setdefault("sha", []).append(d["sha"])
        if args.opt:
            for r in range(args.rounds):
                if iree_opt is not None:
                    iree.append(_time_cmd([iree_opt, path, "-o", os.devnull]))
                for tree in trees if r % 2 == 0 else trees[::-1]:
                    env = dict(os.environ, PYTHONPATH=os.path.join(tree, "src"))
                    res[tree]["opt"].append(_time_cmd([sys.executable, "-m", "fastalloc", "opt", path, "-o",
                                                       os.devnull], env))
    finally:
        os.unlink(path)
    shas = {s for t in trees for s in res[t]["sha"]}
    print(f"n_ops={args.n_ops} seed={args.seed} shape={args.shape} rounds={args.rounds} ({len(text) / 1e6:.1f} MB; "
          f"medians, CPU s; printed text {'identical' if len(shas) == 1 else 'DIFFERS'} across trees)")
    keys = ["verify", "print"] + (["opt"] if args.opt else [])
    for key in keys:
        meds = [statistics.median(res[t][key]) for t in trees]
        cells = "  ".join(f"{n}={m:.3f}" for n, m in zip(names, meds))
        ratios = "  ".join(f"{m / meds[0]:.2f}x" for m in meds[1:])
        line = f"{key:8s} {cells}  ({ratios} of {names[0]})"
        if key == "opt" and iree:
            mi = statistics.median(iree)
            line += f"  iree-opt={mi:.3f}  " + "  ".join(f"{n}/iree-opt={m / mi:.2f}x" for n, m in zip(names, meds))
        print(line)
    return 0 if len(shas) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
