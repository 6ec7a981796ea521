"""The public API passes ``mypy --strict``: examples/typed_user.py (a user
script over every public name) type-checks clean and runs; a script misusing
the API is rejected, so the check is known to see fastalloc's types."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import fastalloc

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "typed_user.py"

def _mypy(path: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"),
         str(path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )


def test_example_user_script_is_strict_clean(tmp_path):
    proc = _mypy(EXAMPLE, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == ""


def test_misuse_is_caught(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import numpy as np\n"
        "import fastalloc\n"
        "a = np.zeros(2, dtype=np.int64)\n"
        "texts = fastalloc.plan_many(['module {}'])\n"
        "n: int = texts[0].total\n"                                   # text has no total
        "fastalloc.pack(a, a, a, strategy='first-fit')\n"             # not a strategy
        "out: int = fastalloc.run_passes('module {}', [])\n"          # returns str
        "fastalloc.no_such_name\n"
    )
    proc = _mypy(bad, tmp_path)
    assert proc.returncode == 1
    out = proc.stdout
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
