"""Run the side-by-side comparison and write the markdown tables + PNG chart.

    python -m bench.report                                 # run everything (slow), print the tables
    python -m bench.report --md report.md --png docs/bench_chart.png
    python -m bench.report --e2e-sizes 1000,10000 --omni-max-n 20000   # a shorter run
    python -m bench.report --json out.json                 # render an existing run, no measuring

The run is one pytest-benchmark session over bench_quality.py, bench_e2e.py
and bench_kernels.py with ``-m "slow or not slow"``; its JSON is kept
(``--keep-json``) and is what the tables and the chart are made from, so the
figures are pytest-benchmark medians.  Tables:

* packing quality: total / lower bound per packer on every benchmark CSV and
  random workload, with the packer's median time;
* end to end: schedule-allocation + layout-slices, fastalloc vs iree-opt 3.13
  (wall, peak RSS, "did not finish in N s");
* kernels: median time per kernel and size, total / lower bound for pack.

The chart (matplotlib, optional ``plot`` extra) has three panels against n:
end-to-end wall time, packer time on random workloads, total / lower bound on
random workloads.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ["bench/bench_quality.py", "bench/bench_e2e.py", "bench/bench_kernels.py"]
PACKERS = ["fastalloc-best-fit", "fastalloc-best-fit-e0", "fastalloc-iree", "omnimalloc-best_fit",
           "omnimalloc-greedy_by_size"]
LABELS = {
    "fastalloc-best-fit": "fastalloc best-fit",
    "fastalloc-best-fit-e0": "fastalloc best-fit (effort 0)",
    "fastalloc-iree": "fastalloc iree (= IREE)",
    "omnimalloc-best_fit": "omnimalloc best_fit",
    "omnimalloc-greedy_by_size": "omnimalloc greedy_by_size",
}


def run_suite(json_out: Path, args: argparse.Namespace) -> None:
    env = dict(os.environ)
    env["FASTALLOC_BENCH_E2E_SIZES"] = args.e2e_sizes
    env["FASTALLOC_BENCH_TIMEOUT"] = str(args.timeout)
    env["FASTALLOC_BENCH_OMNI_MAX_N"] = str(args.omni_max_n)
    only = set(args.only.split(",")) if args.only else {"quality", "e2e", "kernels"}
    files = [f for f in FILES if f.removeprefix("bench/bench_").removesuffix(".py") in only]
    files = [f for f in files if not (args.no_kernels and "kernels" in f)]
    cmd = [sys.executable, "-m", "pytest", *files, "-q", "-p", "no:cacheprovider", "-m", "slow or not slow",
           "--benchmark-enable", "--benchmark-json", str(json_out)]
    if args.large:
        cmd.append("--bench-large")
    print("+", " ".join(cmd), file=sys.stderr, flush=True)
    proc = subprocess.run(cmd, cwd=ROOT, env=env)
    if proc.returncode != 0:
        print(f"warning: pytest exit {proc.returncode}; rendering what was recorded", file=sys.stderr)


def _fmt_time(s: float | None) -> str:
    if s is None:
        return "-"
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.1f} ms"
    return f"{s * 1e6:.0f} us"


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def machine_line(data: dict) -> str:
    mi = data.get("machine_info", {})
    cpu = mi.get("cpu", {})
    brand = cpu.get("brand_raw") or platform.processor() or "unknown CPU"
    cores = cpu.get("count") or os.cpu_count()
    dates = data.get("datetimes") or [data.get("datetime", _dt.datetime.now(_dt.timezone.utc).isoformat())]
    when = " and ".join(sorted({d[:16].replace("T", " ") for d in dates}))
    commit = (data.get("commit_info") or {}).get("id", "")[:7] or _commit()
    return (f"Run(s) finished {when} UTC on {brand}, {cores} cores, {mi.get('system', platform.system())} "
            f"{mi.get('release', '')}, Python {mi.get('python_version', platform.python_version())}, "
            f"fastalloc commit {commit}; pytest-benchmark medians.")


def _median(b: dict) -> float | None:
    return (b.get("stats") or {}).get("median")


def quality_table(benches: list[dict]) -> str:
    rows: dict[str, dict] = {}
    for b in benches:
        ei = b.get("extra_info", {})
        if not b["fullname"].startswith("bench/bench_quality.py::test_quality"):
            continue
        row = rows.setdefault(ei["problem"], {"n": ei["n"]})
        if "not_run" in ei:
            row[ei["packer"]] = "not run"
        elif "total" in ei:
            row["lb"] = ei["lower_bound"]
            row[ei["packer"]] = f"{ei['ratio']:.4f} ({_fmt_time(_median(b))})"
    if not rows:
        return ""
    packers = [p for p in PACKERS if any(p in r for r in rows.values())]
    out = ["| problem | n | lower bound | " + " | ".join(LABELS[p] for p in packers) + " |",
           "|---|---:|---:|" + "---:|" * len(packers)]

    def key(name: str):
        rnd = name.startswith("random-")
        return (rnd, rows[name]["n"] if rnd else 0, name)

    for name in sorted(rows, key=key):
        r = rows[name]
        cells = [r.get(p, "") for p in packers]
        out.append(f"| {name} | {r['n']} | {r.get('lb', '')} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def e2e_table(benches: list[dict]) -> str:
    rows: dict[int, dict] = defaultdict(dict)
    for b in benches:
        if not b["fullname"].startswith("bench/bench_e2e.py::test_e2e"):
            continue
        ei = b["extra_info"]
        rows[int(ei["n"])][ei["tool"]] = (b, ei)
    if not rows:
        return ""
    out = ["| ops | MLIR bytes | fastalloc wall | fastalloc peak RSS | iree-opt wall | iree-opt peak RSS "
           "| fastalloc / iree-opt |", "|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sorted(rows):
        cells, times = [], {}
        size = ""
        for tool in ("fastalloc", "iree-opt"):
            if tool not in rows[n]:
                cells += ["not run", ""]
                continue
            b, ei = rows[n][tool]
            size = f"{ei.get('bytes', 0) / 1e6:.1f} MB"
            if ei.get("finished", True):
                times[tool] = _median(b)
                cells += [_fmt_time(_median(b)), f"{ei['peak_rss_mib']:.0f} MiB"]
            else:
                cells += [ei.get("note", "did not finish"), "-"]
        if len(times) == 2:
            ratio = f"{times['fastalloc'] / times['iree-opt']:.2f}"
        elif "fastalloc" in times:
            ratio = "iree-opt did not finish"
        else:
            ratio = "-"
        out.append(f"| {n} | {size} | " + " | ".join(cells) + f" | {ratio} |")
    return "\n".join(out)


def kernels_table(benches: list[dict]) -> str:
    out = ["| kernel | n | median | total / lower bound |", "|---|---:|---:|---:|"]
    found = False
    for b in benches:
        if not b["fullname"].startswith("bench/bench_kernels.py::"):
            continue
        found = True
        ei = b.get("extra_info", {})
        name = re.sub(r"\[.*", "", b["name"]).removeprefix("test_")
        m = re.search(r"\[(.*)\]", b["name"])
        params = m.group(1) if m else ""
        rest = re.sub(r"-?\d{4,}-?", "", params)  # the size goes in its own column
        label = f"{name} [{rest}]" if rest else name
        ratio = f"{ei['ratio']:.4f}" if "ratio" in ei else ""
        out.append(f"| {label} | {ei.get('n', '')} | {_fmt_time(_median(b))} | {ratio} |")
    return "\n".join(out) if found else ""


def render(data: dict, command: str) -> str:
    benches = data.get("benchmarks", [])
    parts = ["## Benchmarks", "", machine_line(data), "", f"Command: `{command}`", ""]
    t = quality_table(benches)
    if t:
        parts += ["### Packing quality: total / lower bound (median time)", "",
                  "Lower bound = max over time of live bytes. Benchmark CSVs at alignment 1, random workloads "
                  "(`fastalloc.testing.workloads.random_buffers`, seed = n) at alignment 64. "
                  "`fastalloc iree` is IREE's own packer (`packStaticSlicesGreedily`, identical offsets) on "
                  "slices in IREE's order; omnimalloc is the PyPI package, same problems "
                  "(\"not run\": above the size cap, its packers are quadratic).", "", t, ""]
    t = e2e_table(benches)
    if t:
        parts += ["### End to end: schedule-allocation + layout-slices, fastalloc vs iree-opt 3.13", "",
                  "Generated modules (`generate_module(1, n_ops=N)`, one huge execute region from 10^4 ops), "
                  "each tool in its own process on the same file, same session; wall = median, peak RSS of "
                  "the process itself.", "", t, ""]
    t = kernels_table(benches)
    if t:
        parts += ["### Kernels (bench_kernels.py)", "", t, ""]
    return "\n".join(parts)


def chart(data: dict, png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    benches = data.get("benchmarks", [])
    fig, axes = plt.subplots(1, 3, figsize=(16, 4.8))
    ax = axes[0]
    for tool, marker in (("fastalloc", "o"), ("iree-opt", "s")):
        pts = sorted((b["extra_info"]["n"], _median(b), b["extra_info"].get("finished", True))
                     for b in benches if b["fullname"].startswith("bench/bench_e2e.py")
                     and b["extra_info"].get("tool") == tool)
        if not pts:
            continue
        done = [(n, t) for n, t, f in pts if f]
        line = ax.plot([n for n, _ in done], [t for _, t in done], marker=marker, label=tool)[0]
        dnf = [(n, t) for n, t, f in pts if not f]
        if dnf:
            shift = 0.93 if tool == "fastalloc" else 1.07  # both may time out at the same n
            ax.plot([n * shift for n, _ in dnf], [t for _, t in dnf], "x", ms=12, mew=3, color=line.get_color(),
                    label=f"{tool}: did not finish (timeout)")
    ax.set(xscale="log", yscale="log", xlabel="ops in module", ylabel="wall time (s)",
           title="schedule-allocation + layout-slices")
    ax.legend(fontsize=8)
    ax.grid(True, which="both", alpha=0.3)

    series: dict[str, list[tuple[int, float, float]]] = defaultdict(list)
    for b in benches:
        ei = b.get("extra_info", {})
        if str(ei.get("problem", "")).startswith("random-") and "total" in ei:
            series[ei["packer"]].append((ei["n"], _median(b), ei["ratio"]))
    for p in PACKERS:
        pts = sorted(series.get(p, []))
        if pts:
            axes[1].plot([n for n, _, _ in pts], [t for _, t, _ in pts], marker="o", label=LABELS[p])
            axes[2].plot([n for n, _, _ in pts], [r for _, _, r in pts], marker="o", label=LABELS[p])
    axes[1].set(xscale="log", yscale="log", xlabel="buffers", ylabel="pack time (s)",
                title="packing time, random workloads")
    axes[2].set(xscale="log", xlabel="buffers", ylabel="total / lower bound",
                title="packing quality, random workloads")
    for a in axes[1:]:
        a.legend(fontsize=8)
        a.grid(True, which="both", alpha=0.3)
    fig.suptitle(machine_line(data), fontsize=8)
    fig.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, dpi=110)
    plt.close(fig)


def merge(docs: list[dict]) -> dict:
    """One document from several runs; machine info and date of the first."""
    out = dict(docs[0])
    by_name: dict[str, dict] = {}
    for d in docs:
        for b in d.get("benchmarks", []):
            by_name[b["fullname"]] = b
    out["benchmarks"] = list(by_name.values())
    out["datetimes"] = [d["datetime"] for d in docs if "datetime" in d]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.report", description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="append",
                    help="render this pytest-benchmark JSON instead of running the suite; repeat to merge "
                         "runs (a later file's case replaces an earlier one's of the same name)")
    ap.add_argument("--only", help="comma-separated subset of quality,e2e,kernels to run")
    ap.add_argument("--keep-json", help="where to keep the JSON of the run (default: a temporary file)")
    ap.add_argument("--md", help="also write the markdown here")
    ap.add_argument("--png", default=str(ROOT / "docs" / "bench_chart.png"), help="chart (default: %(default)s)")
    ap.add_argument("--no-png", action="store_true")
    ap.add_argument("--e2e-sizes", default="10000,30000,100000",
                    help="end-to-end module sizes beyond the default 1000 (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per end-to-end child process")
    ap.add_argument("--omni-max-n", type=int, default=30000, help="largest problem given to omnimalloc")
    ap.add_argument("--large", action="store_true", help="kernels at 10^6 buffers too")
    ap.add_argument("--no-kernels", action="store_true", help="skip bench_kernels.py")
    args = ap.parse_args(argv)

    if args.json:
        paths = [Path(p) for p in args.json]
        command = "python -m bench.report " + " ".join(f"--json {p}" for p in args.json)
    else:
        paths = [Path(args.keep_json or (Path(os.environ.get("TMPDIR", "/tmp")) / "fastalloc-bench.json"))]
        run_suite(paths[0], args)
        command = "python -m bench.report " + " ".join(a for a in (argv if argv is not None else sys.argv[1:]))
    data = merge([json.loads(p.read_text()) for p in paths])
    md = render(data, command.strip())
    print(md)
    if args.md:
        Path(args.md).write_text(md + "\n")
    if not args.no_png:
        chart(data, Path(args.png))
        print(f"chart: {args.png}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
