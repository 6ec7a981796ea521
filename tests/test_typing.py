"""The public API passes ``mypy --strict``: examples/typed_user.py (a user
script over every public name) type-checks clean and runs; a script misusing
the API is rejected, so the check is known to see fastalloc's types.  Both
are checked by one mypy run per test run (``run_shared``, tests/conftest.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import fastalloc

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "typed_user.py"

BAD = (
    "import numpy as np\n"
    "import fastalloc\n"
    "a = np.zeros(2, dtype=np.int64)\n"
    "texts = fastalloc.plan_many(['module {}'])\n"
    "n: int = texts[0].total\n"                                   # text has no total
    "fastalloc.pack(a, a, a, strategy='first-fit')\n"             # not a strategy
    "out: int = fastalloc.run_passes('module {}', [])\n"          # returns str
    "fastalloc.no_such_name\n"
)


def _mypy_both(d: Path) -> None:
    """One ``mypy --strict`` run on the example and on a misuse of the API
    (checking fastalloc and numpy's stubs once for both), its exit code and
    report into ``d``."""
    bad = d / "bad.py"
    bad.write_text(BAD)
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(d / "cache"),
         str(EXAMPLE), str(bad)],
        cwd=d, capture_output=True, text=True, timeout=600,
    )
    (d / "report.json").write_text(json.dumps({"rc": proc.returncode, "stdout": proc.stdout,
                                               "stderr": proc.stderr}))


@pytest.fixture(scope="session")
def mypy_report(run_shared) -> dict:
    return json.loads((run_shared.dir("test_typing_mypy", _mypy_both) / "report.json").read_text())


def test_example_user_script_is_strict_clean(mypy_report):
    assert mypy_report["stderr"] == ""
    lines = mypy_report["stdout"].splitlines()
    assert lines, "mypy reported nothing (the misuse below must be reported)"
    # every line of the report is about the misuse script, none about the example
    assert [ln for ln in lines if not ln.startswith("bad.py:")] == []


def test_misuse_is_caught(mypy_report):
    assert mypy_report["rc"] == 1
    out = mypy_report["stdout"]
    assert 'bad.py:5: error: "str" has no attribute "total"' in out
    assert "bad.py:6: error: Argument \"strategy\" to \"pack\" has incompatible type" in out
    assert "bad.py:7: error: Incompatible types in assignment" in out
    assert 'bad.py:8: error: Module has no attribute "no_such_name"' in out


def test_example_runs():
    proc = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[1:] == ["2", "True", "bad.mlir:1", fastalloc.__version__]


def test_all_lists_exactly_the_exports():
    expected = set(fastalloc._EXPORTS) | {"FastallocError", "SourceLocation", "__version__"}
    assert sorted(fastalloc.__all__) == sorted(expected)
    for name in fastalloc.__all__:
        assert getattr(fastalloc, name) is not None
