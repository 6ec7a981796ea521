"""bench.same_plans: the digest tells plans apart and the comparison reports every kind of difference."""

from __future__ import annotations

import io

import numpy as np

from bench.same_output import compare
from bench.same_plans import plan_digest


def test_digest_tells_offsets_and_totals_apart():
    a = plan_digest(np.array([0, 64, 128]), 192)
    assert a == plan_digest(np.array([0, 64, 128], dtype=np.int32), 192)  # the dtype does not matter
    assert a != plan_digest(np.array([0, 128, 64]), 192)
    assert a != plan_digest(np.array([0, 64, 128]), 256)


def test_compare_counts_differences_and_cases_not_run():
    saved = {"a": "x/1", "b": "y/2", "c": "z/3"}
    out = io.StringIO()
    assert compare(saved, {"a": "x/1", "b": "y/9", "d": "w/4"}, "--cases", out) == 2
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("same     a")
    assert lines[1].startswith("DIFFERS  b")
    assert lines[2].startswith("NOT RUN  c") and "--cases" in lines[2]
    assert lines[3].startswith("new      d")
    assert compare(saved, dict(saved), "--cases", io.StringIO()) == 0


def test_the_same_problem_gives_the_same_digest_twice():
    # determinism is what makes a saved file comparable at all (two benchmark CSVs: fast)
    from fastalloc import pack

    from bench.same_plans import _problems

    csvs = [(name, kw) for name, kw in _problems("small") if name.startswith("csv ")][:2]
    assert len(csvs) == 2
    for _name, kw in csvs:
        p1, p2 = pack(**kw), pack(**kw)
        assert plan_digest(p1.offsets, p1.total) == plan_digest(p2.offsets, p2.total)
