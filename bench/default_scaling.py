"""Issue #18's "no latency cliff" figure: the default packer's cost per
buffer at every size from 10^2 to 10^6, over many random instances per size,
against the reference size's (10^5).

Usage (from the repository root)::

    python -m bench.default_scaling [--sizes 100,300,...,1000000] [--seeds 1-20]
        [--rounds 5] [--reference 100000] [--instructions] [--json FILE]

Why many seeds: ``random_buffers(n, seed)`` draws unrelated instances at
different n, and at one size the cost per buffer of one instance differs from
another's by up to ~1.7x (how close the race's losing passes come to the
winner decides how far they run; at 10^5 alone seeds 1..10 spread over
1.6-2.7 us/buffer), so one seed per size compares instances, not sizes.  Per
size this prints the median over seeds of the cost per buffer (each seed's
figure the median over rounds), its quartiles and maximum, the ratio of the
median to the reference size's median, and the mean total / lower bound.

Default mode: CPU (``time.process_time``, so both threads of the tiered plan
above 10^5 buffers count) of ``fastalloc.pack(starts, ends, sizes,
alignment=64)`` in this process, every (size, seed) once per round, rounds
one after the other (a slow minute on a shared machine then touches every
size alike).  ``--instructions``: instructions instead, load-independent:
each (size, seed) in its own process under ``valgrind --tool=callgrind``,
counting inside the kernel ``_pack_best_fit`` only (``--toggle-collect``; not
``pack``'s validation), with the tiered plan above 10^5 buffers on one thread
(callgrind counts a toggled function's own thread; the plan is the same on
any number of threads); needs valgrind.

The workload is ``random_buffers(n, seed)`` (sizes rounded up to 64 bytes),
as in ``bench.ab_default`` and the README's tables.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

DEFAULT_SIZES = "100,300,1000,3000,10000,30000,100000,300000,1000000"
# instances kept between rounds up to this many buffers (larger ones are drawn
# again each round, outside the timed call)
_CACHE_MAX_N = 100_000

CHILD = r"""
import sys
import fastalloc.kernels.bestfit_large as large
from fastalloc import pack
from fastalloc.testing.workloads import random_buffers
large._BF_THREADS = 1
n, seed = int(sys.argv[1]), int(sys.argv[2])
s, e, z = random_buffers(n, seed=seed)
z = (z + 63) // 64 * 64
pack(s, e, z, alignment=64)
"""


def parse_seeds(text: str) -> list[int]:
    """``"1-3,7"`` -> ``[1, 2, 3, 7]``, in the order given, each seed once."""
    seeds: list[int] = []
    for part in text.split(","):
        part = part.strip()
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if m is None:
            raise ValueError(f"--seeds: {part!r} is not a seed or a range A-B of seeds")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) is not None else lo
        if hi < lo:
            raise ValueError(f"--seeds: range {part!r} ends before it starts")
        seeds.extend(s for s in range(lo, hi + 1) if s not in seeds)
    return seeds


def _instance(n: int, seed: int):
    from fastalloc.testing.workloads import random_buffers

    s, e, z = random_buffers(n, seed=seed)
    return s, e, (z + 63) // 64 * 64


def measure_cpu(sizes: list[int], seeds: list[int], rounds: int) -> dict[int, dict[int, dict]]:
    """{n: {seed: {"per_buffer": [CPU us per buffer, a round each], "ratio": total / bound}}}."""
    from fastalloc import lower_bound, pack

    s, e, z = _instance(64, 0)
    pack(s, e, z, alignment=64)
    cache: dict[tuple[int, int], tuple] = {}
    out: dict[int, dict[int, dict]] = {n: {} for n in sizes}
    for _ in range(rounds):
        for n in sizes:
            for seed in seeds:
                inst = cache.get((n, seed))
                if inst is None:
                    inst = _instance(n, seed)
                    if n <= _CACHE_MAX_N:
                        cache[n, seed] = inst
                t0 = time.process_time()
                plan = pack(*inst, alignment=64)
                cpu = time.process_time() - t0
                rec = out[n].setdefault(seed, {"per_buffer": []})
                rec["per_buffer"].append(cpu / n * 1e6)
                if "ratio" not in rec:
                    rec["ratio"] = int(plan.total) / lower_bound(*inst, alignment=64)
    return out


def callgrind_total(text: str) -> int:
    """The instruction count of a callgrind output file's text (its
    ``summary:`` line, else its ``totals:`` line)."""
    for key in ("summary:", "totals:"):
        for line in text.splitlines():
            if line.startswith(key):
                return int(line.split()[1])
    raise ValueError("no 'summary:' or 'totals:' line in the callgrind output")


def _callgrind(n: int, seed: int, tmp: str) -> int:
    path = os.path.join(tmp, f"cg.{n}.{seed}")
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={path}", "--toggle-collect=*pack_best_fit*",
           sys.executable, "-c", CHILD, str(n), str(seed)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=dict(os.environ, PYTHONHASHSEED="0"))
    with open(path) as f:
        total = callgrind_total(f.read())
    os.unlink(path)
    return total


def measure_instructions(sizes: list[int], seeds: list[int]) -> dict[int, dict[int, dict]]:
    """{n: {seed: {"per_buffer": [instructions per buffer inside _pack_best_fit]}}}."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind on PATH")
    out: dict[int, dict[int, dict]] = {n: {} for n in sizes}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            for seed in seeds:
                out[n][seed] = {"per_buffer": [_callgrind(n, seed, tmp) / n]}
    return out


def summarize(data: dict[int, dict[int, dict]], reference: int) -> list[dict]:
    """One row per size: median over seeds of each seed's median per-buffer
    cost, quartiles, maximum, the seed of the maximum, the median's ratio to
    the reference size's median, mean total / bound (when measured)."""
    per_size = {}
    for n, by_seed in data.items():
        per_size[n] = {seed: statistics.median(rec["per_buffer"]) for seed, rec in by_seed.items()}
    if reference not in per_size:
        raise ValueError(f"the reference size {reference} is not among the sizes measured")
    ref = statistics.median(per_size[reference].values())
    rows = []
    for n in sorted(per_size):
        vals = per_size[n]
        ordered = sorted(vals.values())
        q = statistics.quantiles(ordered, n=4, method="inclusive") if len(ordered) > 1 else ordered * 3
        worst = max(sorted(vals), key=lambda s: (vals[s], -s))
        ratios = [rec["ratio"] for rec in data[n].values() if "ratio" in rec]
        rows.append({
            "n": n, "seeds": len(ordered), "median": statistics.median(ordered),
            "q1": q[0], "q3": q[2], "max": vals[worst], "max_seed": worst,
            "vs_reference": statistics.median(ordered) / ref,
            "mean_ratio": statistics.fmean(ratios) if ratios else None,
        })
    return rows


def format_table(rows: list[dict], unit: str, reference: int) -> str:
    head = (f"| n | seeds | {unit} median | quartiles | max (seed) | median / {reference}'s |"
            + (" mean total / bound |" if rows and rows[0]["mean_ratio"] is not None else ""))
    lines = [head, "|" + "---:|" * (head.count("|") - 1)]
    digits = 2 if unit.startswith("CPU") else 0
    for r in rows:
        cells = [str(r["n"]), str(r["seeds"]), f"{r['median']:.{digits}f}",
                 f"{r['q1']:.{digits}f}-{r['q3']:.{digits}f}", f"{r['max']:.{digits}f} ({r['max_seed']})",
                 f"{r['vs_reference']:.2f}"]
        if r["mean_ratio"] is not None:
            cells.append(f"{r['mean_ratio']:.4f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.default_scaling", description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", default=DEFAULT_SIZES, help="comma-separated buffer counts")
    p.add_argument("--seeds", default="1-20", help="seeds of random_buffers: 1-20, or 1,2,5")
    p.add_argument("--rounds", type=int, default=5, help="CPU mode: rounds over every (size, seed)")
    p.add_argument("--reference", type=int, default=100_000, help="the size the others are compared with")
    p.add_argument("--instructions", action="store_true", help="instructions under callgrind, not CPU")
    p.add_argument("--json", default=None, help="write the raw figures here too")
    args = p.parse_args(argv)
    try:
        sizes = sorted({int(x) for x in args.sizes.split(",")})
        seeds = parse_seeds(args.seeds)
    except ValueError as exc:
        p.error(str(exc))
    if args.reference not in sizes:
        p.error(f"--reference {args.reference} is not one of --sizes")
    if args.rounds < 1 or any(n < 1 for n in sizes):
        p.error("--rounds and every size must be at least 1")
    start = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    if args.instructions:
        data, unit = measure_instructions(sizes, seeds), "instructions / buffer"
    else:
        data, unit = measure_cpu(sizes, seeds, args.rounds), "CPU us / buffer"
    end = time.strftime("%H:%M:%S UTC", time.gmtime())
    rows = summarize(data, args.reference)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"default packer (effort 1), random_buffers(n, seed), alignment 64; {start} - {end}, "
          f"load at the end {load:.1f}; seeds {args.seeds}" + ("" if args.instructions else f", {args.rounds} rounds"))
    print(format_table(rows, unit, args.reference))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"unit": unit, "rows": rows,
                       "raw": {str(n): {str(s): r for s, r in d.items()} for n, d in data.items()}}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
