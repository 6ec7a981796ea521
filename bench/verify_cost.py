"""Parse CPU with and without the verifier (issue #16), in process.

``python bench/verify_cost.py [--ops 20000 100000] [--repeat 7]``: for a
generated module of each size, the median process-CPU time of the parser
alone and of the verifier alone (on the parsed module), side by side, and
the verifier's share of a verified parse.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

from fastalloc.ir.parser import parse
from fastalloc.ir.verifier import verify
from fastalloc.testing.generator import generate_module


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", type=int, nargs="+", default=[20000, 100000])
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    for n in args.ops:
        text = generate_module(1, n_ops=n)
        tp, tv = [], []
        for _ in range(args.repeat):
            gc.collect()
            t0 = time.process_time()
            m = parse(text, "bench.mlir")
            t1 = time.process_time()
            verify(m)
            t2 = time.process_time()
            tp.append(t1 - t0)
            tv.append(t2 - t1)
            m.dispose()
        p, v = statistics.median(tp), statistics.median(tv)
        print(f"{n:>7} ops ({len(text) / 1e6:.1f} MB): parse {p * 1e3:8.1f} ms, verify {v * 1e3:7.1f} ms "
              f"(+{100 * v / p:.0f}% of the parse)")


if __name__ == "__main__":
    main()
