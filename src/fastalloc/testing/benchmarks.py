"""Where the packing benchmark inputs live (minimalloc's CSV format).

The package ships them: minimalloc's challenging suite (Apache-2.0) and the
idealloc traces (MIT), each folder with its licence, under
``fastalloc/data/benchmarks`` (see the README there for provenance).  They are
found the same way from a source checkout and from an installed wheel;
``FASTALLOC_BENCHMARKS_DIR`` points at another folder of the same layout.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["benchmarks_dir", "benchmark_csvs"]


def benchmarks_dir() -> Path:
    """``$FASTALLOC_BENCHMARKS_DIR``, else the copy shipped in the package."""
    env = os.environ.get("FASTALLOC_BENCHMARKS_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "data" / "benchmarks"


def benchmark_csvs() -> list[Path]:
    """Every ``*.csv`` below :func:`benchmarks_dir`, sorted by path (empty if absent:
    callers assert on it so that a missing directory fails instead of skipping)."""
    d = benchmarks_dir()
    return sorted(d.rglob("*.csv")) if d.is_dir() else []
