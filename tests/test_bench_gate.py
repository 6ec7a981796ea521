"""The regression gate (bench/gate.py).

Its decisions are tested on simulated measurements (a seeded model of a noisy
shared machine: a machine-wide speed change per run, per-case cache contention,
jitter and bursts of load), so that nothing here depends on this machine's
timing: unchanged code is never flagged over hundreds of simulated runs, a 2x
slowdown of any single case always is, a grown total always is.  The real
cases are checked for their totals against the committed baseline (exact, no
timing)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import gate  # noqa: E402

#: per-call CPU seconds of the simulated cases: the spread of the real set
#: (60 us quality cases up to 120 ms packs)
TRUE = {f"case{i:02d}": t for i, t in enumerate(
    [6e-5 * 1.25 ** k for k in range(40)] + [0.004, 0.009, 0.05, 0.12])}
TOTALS = {name: 1000 + i for i, name in enumerate(TRUE)}
REF = 0.012


class SimRunner:
    """Stands in for gate.Runner: same attributes, simulated clock.

    Per run: the machine is ``m`` times slower (0.75..1.4, reference included);
    each case suffers its own contention ``c`` (0.95..1.12, not seen by the
    reference); each round adds 0-4% jitter and, one time in four, a burst
    that makes it 1.1-2.5x slower (CPU time grows with cache and memory
    contention even when the run queue does not show in it)."""

    def __init__(self, seed: int, slow: dict[str, float] | None = None, totals: dict[str, int] | None = None,
                 burst_first: set[str] | None = None) -> None:
        self.rng = random.Random(seed)
        self.m = self.rng.uniform(0.75, 1.4)
        self.c = {n: self.rng.uniform(0.95, 1.12) for n in TRUE}
        self.slow = slow or {}
        self.burst_first = burst_first or set()
        self.meas = {n: gate.Measurement(calls=1, total=(totals or TOTALS)[n], first=t) for n, t in TRUE.items()}
        self.ref_samples: list[float] = []
        self.calls = 0
        self.log = lambda msg: None

    def _noise(self) -> float:
        x = 1.0 + self.rng.uniform(0.0, 0.04)
        if self.rng.random() < 0.25:
            x *= self.rng.uniform(1.1, 2.5)
        return x

    def measure(self, names, rounds, seed=0):
        self.calls += 1
        first_call = self.calls == 1
        for _ in range(rounds):
            for n in names:
                self.ref_samples.append(REF * self.m * self._noise())
                t = TRUE[n] * self.slow.get(n, 1.0) * self.m * self.c[n] * self._noise()
                if first_call and n in self.burst_first:
                    t *= 2.2  # a neighbour's burst covering the whole first measurement
                self.meas[n].samples.append(t)

    @property
    def ref_seconds(self) -> float:
        return min(self.ref_samples)


def _baseline(seed: int = 10_000) -> dict:
    r = SimRunner(seed)
    r.measure(list(TRUE), 2 * gate.DEFAULT_ROUNDS)
    return gate.to_record(r)


def test_unchanged_code_never_flagged():
    base = _baseline()
    worst = 0.0
    for seed in range(300):
        res = gate.gate(base, SimRunner(seed))
        assert res.ok, (seed, res.failures)
        worst = max(worst, *res.ratios.values())
    assert res.checked_time == len(TRUE) and res.checked_total == len(TRUE)
    assert worst < gate.MIN_THRESHOLD


@pytest.mark.parametrize("factor", [2.0, 1.8])
def test_slowdown_of_any_single_case_flagged(factor):
    base = _baseline()
    for k, name in enumerate(TRUE):
        for seed in (k, 1000 + k):
            res = gate.gate(base, SimRunner(seed, slow={name: factor}))
            assert not res.ok, (name, seed)
            assert res.slow == [name], (name, seed, res.failures)
            assert f"{name}: slower" in res.failures[0]


def test_a_burst_over_the_first_measurement_is_cleared_by_the_retry():
    base = _baseline()
    res = gate.gate(base, SimRunner(3, burst_first={"case05", "case30"}), retries=0)
    assert sorted(res.slow) == ["case05", "case30"]
    res = gate.gate(base, SimRunner(3, burst_first={"case05", "case30"}))
    assert res.ok, res.failures


def test_worse_total_flagged_better_passes():
    base = _baseline()
    worse = dict(TOTALS, case07=TOTALS["case07"] + 1)
    res = gate.gate(base, SimRunner(1, totals=worse))
    assert res.failures == [f"case07: packs worse: total {TOTALS['case07'] + 1} > baseline {TOTALS['case07']} "
                            f"(+1 bytes)"]
    better = dict(TOTALS, case07=TOTALS["case07"] - 100)
    assert gate.gate(base, SimRunner(1, totals=better)).ok


def test_stale_baseline_flagged():
    """A baseline recorded before a 4x speed-up would hide a later 2x regression."""
    base = _baseline()
    base["cases"]["case12"]["normalized"] *= 4
    res = gate.gate(base, SimRunner(2))
    assert len(res.failures) == 1 and res.failures[0].startswith("case12: ") and "stale" in res.failures[0]
    res = gate.gate(base, SimRunner(2), allow_stale=True)
    assert res.ok and any("stale" in w for w in res.warnings)
    # and a 2x regression of that case, which the stale baseline hides, is still reported as stale
    res = gate.gate(base, SimRunner(2, slow={"case12": 2.0}))
    assert not res.ok and "stale" in res.failures[0]


def test_case_set_changes_fail():
    base = _baseline()
    base["cases"]["gone"] = {"total": 1, "normalized": 1.0, "seconds": 1.0, "spread": 0.0}
    del base["cases"]["case03"]
    res = gate.gate(base, SimRunner(4))
    assert res.failures == ["gone: in the baseline but no longer a gate case (refresh: --update)",
                            "case03: not in the baseline (refresh: --update)"]


def test_threshold_from_spread_is_clamped():
    assert gate.threshold_for({"spread": 0.0}) == gate.MIN_THRESHOLD
    assert gate.threshold_for({"spread": 5.0}) == gate.MAX_THRESHOLD
    assert gate.MAX_THRESHOLD < 1.7  # a 2x slowdown, even 15% flattered by noise, is past it


def test_wrong_schema_is_an_error():
    with pytest.raises(ValueError, match="refresh it"):
        gate.compare({"schema": 0, "cases": {}}, {"schema": gate.SCHEMA, "cases": {}})


def test_plant_slows_by_the_factor(monkeypatch):
    """--plant's slowdown is real CPU time, the factor of the wrapped call's own."""
    clock = [0.0]

    def tick() -> float:
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(gate, "_clock", tick)
    slow = gate._plant(lambda: tick() and 7, 3.0)
    t0 = clock[0]
    assert slow() == 7
    assert clock[0] - t0 == pytest.approx(0.007, abs=0.0015)  # 2 ticks for the call, 4 more spun


def test_committed_baseline_matches_the_cases_and_totals():
    """bench/baseline.json covers exactly today's cases, and no packer returns a
    bigger total than it records (this runs each case once; no timing)."""
    base = json.loads((ROOT / "bench" / "baseline.json").read_text())
    assert base["schema"] == gate.SCHEMA
    cases = gate.cases()
    assert sorted(c.name for c in cases) == sorted(base["cases"])
    for case in cases:
        total = case.setup()()
        want = base["cases"][case.name]["total"]
        if want is None:
            assert total is None, case.name
        else:
            assert total is not None and int(total) <= want, (case.name, total, want)


def test_cli_update_then_compare(tmp_path):
    """The command line on two tiny cases: --update writes a baseline, a run
    against it with a doctored total fails with exit 1 and names the case."""
    b = tmp_path / "b.json"
    sel = ["-k", "quality[example.input.12-", "--baseline", str(b), "--rounds", "5"]
    proc = subprocess.run([sys.executable, "-m", "bench.gate", *sel, "--update"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(b.read_text())
    assert sorted(doc["cases"]) == ["quality[example.input.12-best-fit-e0]", "quality[example.input.12-iree]"]
    assert doc["cases"]["quality[example.input.12-iree]"]["total"] == 12
    doc["cases"]["quality[example.input.12-iree]"]["total"] = 11
    # no timing decision in this test: every time check disabled through a huge threshold scale
    b.write_text(json.dumps(doc))
    proc = subprocess.run([sys.executable, "-m", "bench.gate", *sel, "--threshold-scale", "1000",
                           "--allow-stale"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1
    assert "quality[example.input.12-iree]: packs worse: total 12 > baseline 11" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "bench.gate", "--baseline", str(tmp_path / "none.json")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2 and "error" in proc.stderr


def test_e2e_child_timeout_is_recorded_not_hung():
    """bench_e2e's runner kills a child at the timeout and says it did not finish;
    a finished child reports its exit code, stderr and its own peak RSS."""
    from bench.bench_e2e import run_child

    r = run_child([sys.executable, "-c", "import time; time.sleep(30)"], 0.5)
    assert r["finished"] is False and r["wall"] < 10
    r = run_child([sys.executable, "-c", "import sys; x = bytearray(64 << 20); sys.stderr.write('boom'); sys.exit(3)"],
                  60)
    assert r["finished"] and r["code"] == 3 and "boom" in r["stderr"]
    assert 64 * 1024 <= r["rss_kib"] < 64 * 1024 + 200 * 1024  # its own RSS, not pytest's
