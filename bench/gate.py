"""Regression gate: fail when fastalloc got slower or packs worse than the
committed baseline (``bench/baseline.json``).

::

    python -m bench.gate                      # measure now, compare, exit 1 on a regression
    python -m bench.gate --update             # measure and rewrite bench/baseline.json
    python -m bench.gate --list               # the cases
    python -m bench.gate --plant 'pack-iree[100000]=2'   # demo: that case made 2x slower
    python -m bench.gate -k quality -v        # only the cases whose name contains "quality"

The gate measures its own fixed set of cases (kernels at 10^4 / 10^5 buffers,
CSV reading, both fast packers on every shipped benchmark CSV and on random
workloads) in-process, built to hold on a noisy shared machine:

* **interleaved rounds**: every round runs every case once, in a fresh
  shuffled order, so a neighbour's burst of load is spread over all cases
  instead of landing on one benchmark's whole measurement;
* **minimum, not median**: load only ever adds time, so the fastest of the
  rounds is the estimate least touched by it;
* **calibration**: a fixed numpy reference workload (sort + cumsum, which no
  fastalloc change can affect) is timed beside every case; each case is
  stored and compared as its time divided by the reference's (the fastest
  of each), which cancels a uniformly slower or faster machine;
* **per-case thresholds** from the baseline's own spread (how far the
  typical round sits above the fastest), between ``MIN_THRESHOLD`` and
  ``MAX_THRESHOLD``: a 2x slowdown is always past the threshold;
* **re-measurement**: a case over its threshold is measured again, with
  twice the rounds, up to ``--retries`` times; it fails only if its fastest
  round over all attempts is still over the threshold.  A burst rarely
  survives that; a regression always does.

Rules (each failure is listed; exit 1):

* time: normalized time > threshold x the baseline's;
* quality: ``total`` (the slab a packer returns on a fixed input) grew by
  even one byte: the packers are deterministic, so it never may;
* stale baseline: a case is more than ``STALE_FACTOR`` x *faster* than the
  baseline.  Such a baseline would hide a later regression of the same size,
  so performance work must refresh it (``--update``) in the same change;
  ``--allow-stale`` makes this a warning;
* a case of the baseline that no longer exists, or a new case the baseline
  lacks: the baseline is out of date (run ``--update``).

The baseline is machine-specific only through the reference workload; refresh
it on the machine that gates, when it is quiet, after a deliberate change.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import math
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_BASELINE = HERE / "baseline.json"
SCHEMA = 1

#: thresholds on the normalized time ratio (current / baseline)
MIN_THRESHOLD = 1.35
MAX_THRESHOLD = 1.6
#: threshold = 1 + SPREAD_FACTOR * (baseline spread), clamped to the two above
SPREAD_FACTOR = 3.0
#: a case this much faster than its baseline means the baseline is stale
STALE_FACTOR = 1.6
#: a sample (k back-to-back calls) lasts at least this long, so timer resolution and
#: per-call jitter do not matter for microsecond cases
SAMPLE_SECONDS = 0.004
#: time budget per case per run (rounds shrink for slow cases, but never below MIN_ROUNDS)
CASE_BUDGET = 0.5
DEFAULT_ROUNDS = 15
MIN_ROUNDS = 5
#: cases whose single call takes longer are not timed, only their total is checked
MAX_TIMED_CALL = 0.5


# --------------------------------------------------------------------------- cases


@dataclass
class Case:
    """One gated workload: ``setup()`` builds the inputs (not timed) and returns
    a zero-argument callable; the callable returns the packing total (or None)."""

    name: str
    setup: Callable[[], Callable[[], Any]]


def _reference_workload() -> Callable[[], Any]:
    import numpy as np

    a = np.random.default_rng(0).integers(0, 1 << 40, 200_000)
    return lambda: int(np.cumsum(np.sort(a, kind="stable"))[-1] & 0xFF)


def cases() -> list[Case]:
    """The fixed gated set, in a stable order."""
    import numpy as np

    from fastalloc.packing import alias_sets, liveness_intervals, lower_bound, pack, validate
    from fastalloc.testing.benchmarks import benchmark_csvs
    from fastalloc.testing.workloads import random_alias_region, random_buffers

    out: list[Case] = []

    def canonical(n: int) -> tuple[Any, Any, Any]:
        s, e, z = random_buffers(n, seed=n)
        o = np.lexsort((e, s))
        return s[o], e[o], z[o]

    for n in (10**4, 10**5):
        def alias(n: int = n) -> Callable[[], Any]:
            r = random_alias_region(n, seed=1)
            return lambda: alias_sets(r["n_values"], r["aliasee"], r["aliaser"]) and None

        def live(n: int = n) -> Callable[[], Any]:
            r = random_alias_region(n, seed=1)
            _, sp, sm = alias_sets(r["n_values"], r["aliasee"], r["aliaser"])
            return lambda: liveness_intervals(r["def_op"], r["use_indptr"], r["use_ops"], r["live_out"],
                                              None, sp, sm) and None

        def pack_case(n: int = n, strategy: str = "iree", effort: int | None = None,
                      order: str = "canonical") -> Callable[[], Any]:
            s, e, z = canonical(n) if order == "canonical" else random_buffers(n, seed=n)
            kw: dict[str, Any] = {"strategy": strategy}
            if effort is not None:
                kw["effort"] = effort
            return lambda: pack(s, e, z, **kw).total

        def lb(n: int = n) -> Callable[[], Any]:
            s, e, z = random_buffers(n, seed=n)
            return lambda: lower_bound(s, e, z, 64) and None

        def val(n: int = n) -> Callable[[], Any]:
            s, e, z = canonical(n)
            offsets = pack(s, e, z, strategy="iree").offsets
            return lambda: validate(s, e, z, offsets, 64)

        out += [
            Case(f"alias_sets[{n}]", alias),
            Case(f"liveness[{n}]", live),
            Case(f"pack-iree[{n}]", pack_case),
            Case(f"pack-iree-random-order[{n}]", lambda n=n: pack_case(n, order="random")),
            Case(f"pack-best-fit-e0[{n}]", lambda n=n: pack_case(n, "best-fit", 0)),
            Case(f"lower_bound[{n}]", lb),
            Case(f"validate[{n}]", val),
        ]
    out.append(Case("pack-best-fit[10000]", lambda: pack_case(10**4, "best-fit")))

    def read(n: int) -> Callable[[], Any]:
        from fastalloc.csvio import read_csv, write_csv

        s, e, z = random_buffers(n, seed=n)
        fd, path = tempfile.mkstemp(suffix=".csv")
        os.close(fd)
        write_csv(path, s, e, z)
        return lambda: len(read_csv(path)) and None

    out.append(Case("read_csv[100000]", lambda: read(10**5)))

    def quality(path: Path | None, n: int, packer: str) -> Callable[[], Any]:
        from fastalloc.csvio import read_csv

        if path is not None:
            pr = read_csv(path)
            s, e, z, align = pr.starts, pr.ends, pr.sizes, 1
        else:
            s, e, z = random_buffers(n, seed=n)
            z, align = (z + 63) // 64 * 64, 64
        if packer == "iree":  # IREE's canonicalizer sorts slices by lifetime
            o = np.lexsort((e, s))
            s, e, z = s[o], e[o], z[o]
            return lambda: pack(s, e, z, alignment=align, strategy="iree").total
        return lambda: pack(s, e, z, alignment=align, strategy="best-fit", effort=0).total

    problems: list[tuple[str, Path | None, int]] = [(p.stem, p, 0) for p in benchmark_csvs()]
    problems += [(f"random-{n}", None, n) for n in (1000, 10000)]
    for stem, path, n in problems:
        for packer in ("iree", "best-fit-e0"):
            out.append(Case(f"quality[{stem}-{packer}]",
                            lambda path=path, n=n, packer=packer: quality(path, n, packer)))
    return out


# --------------------------------------------------------------------------- measuring


@dataclass
class Measurement:
    """Per-call seconds of every round of one case, and its total."""

    calls: int
    samples: list[float] = field(default_factory=list)
    total: int | None = None
    timed: bool = True
    first: float = 0.0


def _plant(fn: Callable[[], Any], factor: float) -> Callable[[], Any]:
    """``fn`` made ``factor`` times slower: after each call, spin for
    ``factor - 1`` times its duration (a demo of a regression the gate must catch)."""
    def slow() -> Any:
        t0 = _clock()
        r = fn()
        end = t0 + factor * (_clock() - t0)
        while _clock() < end:
            pass
        return r
    return slow


#: CPU time of this process, not wall time: on a shared machine a busy neighbour
#: makes us wait in the run queue (wall time grows, CPU time does not); what is
#: left (caches and memory bandwidth shared with neighbours) the calibration absorbs
_clock = time.process_time


def _sample(fn: Callable[[], Any], calls: int) -> float:
    if calls > 1:
        # Cases run interleaved, so the previous case has evicted this one's
        # data: one untimed call first, or small cases measure the cold cache.
        fn()
    t0 = _clock()
    for _ in range(calls):
        fn()
    return (_clock() - t0) / calls


class Runner:
    """Builds the cases once and measures them in interleaved rounds."""

    def __init__(self, selected: Iterable[Case], plant: dict[str, float] | None = None,
                 log: Callable[[str], None] = print) -> None:
        self.log = log
        self.ref = _reference_workload()
        self.ref_calls = max(1, round(SAMPLE_SECONDS / max(_sample(self.ref, 1), 1e-9)))
        self.fns: dict[str, Callable[[], Any]] = {}
        self.meas: dict[str, Measurement] = {}
        for case in selected:
            fn = case.setup()
            for pattern, factor in (plant or {}).items():
                if _matches(case.name, pattern):
                    fn = _plant(fn, factor)
                    log(f"bench.gate: planted a {factor:g}x slowdown in {case.name}")
            total = fn()  # warm-up, and the total (deterministic)
            first = _sample(fn, 1)
            calls = max(1, min(10_000, round(SAMPLE_SECONDS / max(first, 1e-9))))
            self.fns[case.name] = fn
            self.meas[case.name] = Measurement(calls, total=int(total) if total is not None else None,
                                               timed=first <= MAX_TIMED_CALL, first=first)
        self.ref_samples: list[float] = []

    def rounds_for(self, name: str, rounds: int, budget: float = CASE_BUDGET) -> int:
        m = self.meas[name]
        per_round = m.calls * (min(m.samples) if m.samples else m.first)
        return max(MIN_ROUNDS, min(rounds, int(budget / max(per_round, 1e-9))))

    def measure(self, names: list[str], rounds: int, seed: int = 0, budget: float = CASE_BUDGET) -> None:
        """``rounds`` interleaved rounds over ``names`` (each case stops at its
        own round count); the reference is sampled beside every case."""
        rng = random.Random(seed)
        todo = {n: self.rounds_for(n, rounds, budget) for n in names if self.meas[n].timed}
        for r in range(max(todo.values(), default=0)):
            order = [n for n, k in todo.items() if k > r]
            rng.shuffle(order)
            for name in order:
                self.ref_samples.append(_sample(self.ref, self.ref_calls))
                m = self.meas[name]
                m.samples.append(_sample(self.fns[name], m.calls))

    @property
    def ref_seconds(self) -> float:
        return min(self.ref_samples)


def spread(samples: list[float]) -> float:
    """How far the typical round sits above the fastest: lower quartile / min - 1."""
    s = sorted(samples)
    return s[len(s) // 4] / s[0] - 1.0 if s else 0.0


def to_record(runner: Runner) -> dict[str, Any]:
    """The JSON document of a run (the baseline format)."""
    ref = runner.ref_seconds
    out: dict[str, Any] = {}
    for name, m in runner.meas.items():
        entry: dict[str, Any] = {"total": m.total}
        if m.timed and m.samples:
            entry.update(seconds=min(m.samples), normalized=min(m.samples) / ref,
                         spread=round(spread(m.samples), 4), rounds=len(m.samples), calls=m.calls)
        out[name] = entry
    return {"schema": SCHEMA, "reference_seconds": ref, "cases": out}


# --------------------------------------------------------------------------- comparing


def threshold_for(base_entry: dict[str, Any]) -> float:
    return min(MAX_THRESHOLD, max(MIN_THRESHOLD, 1.0 + SPREAD_FACTOR * float(base_entry.get("spread", 0.0))))


@dataclass
class Result:
    failures: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    ratios: dict[str, float] = field(default_factory=dict)
    checked_time: int = 0
    checked_total: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures


def compare(baseline: dict[str, Any], current: dict[str, Any], *, allow_stale: bool = False,
            scale: float = 1.0) -> Result:
    """Check a run (:func:`to_record`) against the baseline document.

    ``scale`` multiplies every threshold (``--threshold-scale``)."""
    if baseline.get("schema") != SCHEMA:
        raise ValueError(f"baseline schema {baseline.get('schema')!r}, expected {SCHEMA}: "
                         f"refresh it with `python -m bench.gate --update`")
    res = Result()
    base_cases, cur_cases = baseline["cases"], current["cases"]
    for name in sorted(set(base_cases) - set(cur_cases)):
        res.failures.append(f"{name}: in the baseline but no longer a gate case (refresh: --update)")
    for name in sorted(set(cur_cases) - set(base_cases)):
        res.failures.append(f"{name}: not in the baseline (refresh: --update)")
    for name in sorted(set(base_cases) & set(cur_cases)):
        b, c = base_cases[name], cur_cases[name]
        if b.get("total") is not None:
            res.checked_total += 1
            if c.get("total") is None:
                res.failures.append(f"{name}: baseline total {b['total']}, this run returns none")
            elif int(c["total"]) > int(b["total"]):
                res.failures.append(f"{name}: packs worse: total {int(c['total'])} > baseline {int(b['total'])} "
                                    f"(+{int(c['total']) - int(b['total'])} bytes)")
        if "normalized" not in b or "normalized" not in c:
            continue
        res.checked_time += 1
        ratio = float(c["normalized"]) / float(b["normalized"])
        res.ratios[name] = ratio
        limit = threshold_for(b) * scale
        if ratio > limit:
            res.slow.append(name)
            res.failures.append(f"{name}: slower: {c['seconds'] * 1e6:.1f} us vs baseline {b['seconds'] * 1e6:.1f} us "
                                f"per call, {ratio:.2f}x after calibration > {limit:.2f}x")
        elif ratio < 1.0 / STALE_FACTOR:
            msg = (f"{name}: {1 / ratio:.2f}x faster than the baseline: the baseline is stale and would hide "
                   f"a regression; refresh it with `python -m bench.gate --update` and commit it")
            (res.warnings if allow_stale else res.failures).append(msg)
    return res


def gate(baseline: dict[str, Any], runner: Any, *, rounds: int = DEFAULT_ROUNDS, retries: int = 2,
         allow_stale: bool = False, scale: float = 1.0) -> Result:
    """Measure every case, compare; re-measure the slow ones (twice the rounds,
    added to their samples) up to ``retries`` times.  ``runner`` needs
    ``meas``, ``measure(names, rounds, seed)`` and to_record-able state
    (tests pass a simulated one)."""
    runner.measure(list(runner.meas), rounds, seed=0)
    res = compare(baseline, to_record(runner), allow_stale=allow_stale, scale=scale)
    for attempt in range(retries):
        if not res.slow:
            break
        runner.log(f"bench.gate: {len(res.slow)} case(s) over the threshold, measuring them again "
                   f"({', '.join(res.slow)})")
        runner.measure(res.slow, 2 * rounds, seed=attempt + 1)
        res = compare(baseline, to_record(runner), allow_stale=allow_stale, scale=scale)
    return res


# --------------------------------------------------------------------------- command line


def _git_commit() -> str | None:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                              text=True, timeout=10).stdout.strip() or None
    except OSError:
        return None


def _matches(name: str, pattern: str) -> bool:
    """A substring of the case name, or a glob (brackets in names make plain
    globs awkward, hence the substring)."""
    return pattern in name or fnmatch.fnmatchcase(name, pattern)


def _parse_plant(specs: list[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for spec in specs:
        pattern, _, factor = spec.partition("=")
        out[pattern] = float(factor or 2.0)
        if out[pattern] < 1.0:
            raise SystemExit(f"bench.gate: --plant factor must be >= 1, got {spec!r}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gate", description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default=str(DEFAULT_BASELINE), help="baseline JSON (default: %(default)s)")
    ap.add_argument("--update", action="store_true",
                    help="measure (three times the rounds) and write the baseline instead of comparing")
    ap.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="interleaved rounds (default %(default)s)")
    ap.add_argument("--retries", type=int, default=2,
                    help="re-measure cases over the threshold this many times (default %(default)s)")
    ap.add_argument("--allow-stale", action="store_true", help="a case much faster than the baseline only warns")
    ap.add_argument("--threshold-scale", type=float, default=1.0,
                    help="multiply every per-case threshold (e.g. 0.9 on a dedicated quiet runner)")
    ap.add_argument("-k", dest="select", action="append", default=[],
                    help="only the cases whose name contains this (or matches it as a glob; repeatable)")
    ap.add_argument("--plant", action="append", default=[], metavar="NAME[=FACTOR]",
                    help="demo: make the cases matched as by -k FACTOR (default 2) times slower "
                         f"(also FASTALLOC_GATE_PLANT, comma-separated)")
    ap.add_argument("--json", help="also write this run's measurements here")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every case's ratio")
    args = ap.parse_args(argv)

    all_cases = cases()
    if args.list:
        print("\n".join(c.name for c in all_cases))
        return 0
    selected = [c for c in all_cases if not args.select or any(_matches(c.name, g) for g in args.select)]
    env_plant = [s for s in os.environ.get("FASTALLOC_GATE_PLANT", "").split(",") if s]
    plant = _parse_plant(args.plant + env_plant)
    t0 = time.perf_counter()
    baseline: dict[str, Any] = {}
    if not args.update:
        try:
            baseline = json.loads(Path(args.baseline).read_text())
        except (OSError, ValueError) as exc:
            print(f"bench.gate: error: cannot read the baseline: {exc}", file=sys.stderr)
            return 2
    runner = Runner(selected, plant)
    if args.update:
        # More rounds than a check: the baseline's minimum must be clean, or a
        # 2x slowdown would look smaller than it is.
        runner.measure(list(runner.meas), 3 * args.rounds, seed=0, budget=3 * CASE_BUDGET)
        doc = to_record(runner)
        doc.update(commit=_git_commit(), date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                   machine=f"{platform.machine()} {os.cpu_count()} cpus, Python {platform.python_version()}")
        Path(args.baseline).write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
        print(f"bench.gate: baseline written: {args.baseline} ({len(doc['cases'])} cases, "
              f"{time.perf_counter() - t0:.0f} s)")
        return 0
    try:
        if args.select:
            keep = {c.name for c in selected}
            baseline = dict(baseline, cases={k: v for k, v in baseline["cases"].items() if k in keep})
        result = gate(baseline, runner, rounds=args.rounds, retries=args.retries, allow_stale=args.allow_stale,
                      scale=args.threshold_scale)
    except (OSError, ValueError, KeyError) as exc:
        print(f"bench.gate: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        Path(args.json).write_text(json.dumps(to_record(runner), indent=1, sort_keys=True) + "\n")
    if args.verbose:
        for name, r in sorted(result.ratios.items()):
            print(f"  {r:5.2f}x  {name}")
    for w in result.warnings:
        print(f"warning: {w}")
    worst = max(result.ratios.items(), key=lambda kv: kv[1], default=("-", 0.0))
    print(f"bench.gate: {result.checked_time} times checked (worst {worst[1]:.2f}x, {worst[0]}), "
          f"{result.checked_total} totals checked (exact), {time.perf_counter() - t0:.0f} s")
    if result.failures:
        print(f"bench.gate: FAILED, {len(result.failures)} regression(s):", file=sys.stderr)
        for f in result.failures:
            print(f"  {f}", file=sys.stderr)
        return 1
    print("bench.gate: OK (no case slower than its threshold, no total grew, baseline current)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
