"""The default packer (best-fit, effort 1) of two or more checkouts side by
side on the random workload: each tree's ``pack`` in its own process
(``TREE/.venv/bin/python`` with ``PYTHONPATH=TREE/src``), trees alternating
round by round; prints total / lower bound and the medians of wall time and
of CPU per buffer (the steadier figure on a shared machine)::

    python -m bench.ab_default --sizes 100,1000,10000 --rounds 7 --seeds n OLD_TREE NEW_TREE

``--seeds``: comma-separated seeds of ``random_buffers``; ``n`` is the size
itself (the README's tables).  Sizes are rounded up to 64, alignment 64.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = r"""
import json, sys, time
from fastalloc import lower_bound, pack
from fastalloc.testing.workloads import random_buffers
out = {}
for n in [int(x) for x in sys.argv[1].split(",")]:
    for seed in [n if x == "n" else int(x) for x in sys.argv[2].split(",")]:
        s, e, z = random_buffers(n, seed=seed)
        z = (z + 63) // 64 * 64
        pack(s[:50], e[:50], z[:50], alignment=64)  # imports and first calls
        t0, c0 = time.perf_counter(), time.process_time()
        p = pack(s, e, z, alignment=64)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        out[f"{n}/{seed}"] = [int(p.total) / lower_bound(s, e, z, alignment=64), wall, cpu]
print(json.dumps(out))
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+", help="checkouts with a built .venv")
    ap.add_argument("--sizes", default="100,1000,10000")
    ap.add_argument("--seeds", default="n")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    runs: dict[str, list[dict]] = {t: [] for t in args.trees}
    for _ in range(args.rounds):
        for t in args.trees:
            env = dict(os.environ, PYTHONPATH=os.path.join(t, "src"))
            res = subprocess.run([os.path.join(t, ".venv", "bin", "python"), "-c", CHILD, args.sizes, args.seeds],
                                 capture_output=True, text=True, env=env, check=True)
            runs[t].append(json.loads(res.stdout))
    names = [os.path.basename(os.path.normpath(t)) for t in args.trees]
    print("| n/seed | " + " | ".join(f"{m}: total / bound | {m}: wall ms | {m}: CPU us/buffer" for m in names) + " |")
    for key in runs[args.trees[0]][0]:
        n = int(key.split("/")[0])
        cells = []
        for t in args.trees:
            r = runs[t]
            cells += [f"{r[0][key][0]:.4f}", f"{statistics.median(x[key][1] for x in r) * 1e3:.1f}",
                      f"{statistics.median(x[key][2] for x in r) / n * 1e6:.2f}"]
        print(f"| {key} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
