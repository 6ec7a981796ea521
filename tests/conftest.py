"""Suite-wide hooks.

A test that needs the reference ``iree-opt`` (directly or through a fixture)
and runs where it is not installed is reported as *skipped*, with the reason,
instead of failing: ``fastalloc.testing.iree`` raises ``IreeOptMissing`` then.
Conformance is still checked without it against the golden outputs in
tests/golden (tests/test_golden.py), which iree-opt 3.13 produced.
"""

from __future__ import annotations

import pytest

from fastalloc.testing.iree import IreeOptMissing


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is not None and call.excinfo.errisinstance(IreeOptMissing):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {call.excinfo.value}")
