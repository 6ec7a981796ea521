"""Suite-wide hooks.

A test that needs the reference ``iree-opt`` (directly or through a fixture)
and runs where it is not installed is reported as *skipped*, with the reason,
instead of failing: ``fastalloc.testing.iree`` raises ``IreeOptMissing`` then.
Conformance is still checked without it against the golden outputs in
tests/golden (tests/test_golden.py), which iree-opt 3.13 produced.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import pytest

from fastalloc.testing.iree import IreeOptMissing

#: Test files that run again on the bounds-checked debug build (the README's
#: test command selects them with ``-m "native and not slow"``): the kernels,
#: the compiled IR helpers, lexer, parser and CSV scanner, the fuzz and
#: hostile-input suites, and the golden pass outputs, which drive the compiled
#: helpers of the passes without iree-opt.  The other files exercise the same
#: compiled code through slower paths (iree-opt, subprocesses, iree-compile).
NATIVE_FILES = frozenset({
    "test_core_alias.py", "test_core_liveness.py", "test_packing.py", "test_bestfit.py",
    "test_search.py", "test_benchmarks_sets.py", "test_kernels_layering.py",
    "test_regions_native.py", "test_convert_native.py", "test_ir_use_lists_eager.py", "test_ir_use_lists.py",
    "test_lexer_native.py", "test_ir_pieces.py", "test_ir_parser_pure.py", "test_ir_dispose.py",
    "test_csv_fastpath.py", "test_csvio.py", "test_hostile.py", "test_fuzz.py", "test_golden.py",
    "test_verifier_pure.py", "test_layout_native.py",
})


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name in NATIVE_FILES:
            item.add_marker(pytest.mark.native)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is not None and call.excinfo.errisinstance(IreeOptMissing):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {call.excinfo.value}")


class RunShared:
    """Directories made once per test run and shared by pytest-xdist's
    workers: the first worker that asks makes one under a file lock, the
    others wait for it and read it (expensive reference outputs: iree-compile
    builds, batched iree-opt runs)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def dir(self, name: str, make) -> Path:
        """``root/name``, filled by ``make(directory)`` the first time it is asked for."""
        final = self.root / name
        if final.is_dir():
            return final
        with _locked(self.root / f"{name}.lock"):
            if not final.is_dir():
                part = self.root / f"{name}.part"
                shutil.rmtree(part, ignore_errors=True)
                part.mkdir()
                make(part)
                part.rename(final)  # complete or absent: a failed make leaves nothing
        return final


@contextlib.contextmanager
def _locked(path: Path):
    try:
        import fcntl
    except ImportError:  # no flock (Windows): each worker makes its own under a private root
        yield
        return
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def run_shared(tmp_path_factory) -> RunShared:
    base = tmp_path_factory.getbasetemp()
    # pytest-xdist gives each worker <the run's basetemp>/<worker id>: share the run's.
    try:
        import fcntl  # noqa: F401
        shared = bool(os.environ.get("PYTEST_XDIST_WORKER"))
    except ImportError:
        shared = False
    root = (base.parent if shared else base) / "run_shared"
    root.mkdir(exist_ok=True)
    return RunShared(root)
