"""Where the shared packing benchmark inputs live (minimalloc's CSV format).

The project's tests and benchmarks read minimalloc's challenging suite and the
idealloc traces from ``shared/benchmarks`` beside the source checkout (CI lays
``shared/`` next to its clone).  ``FASTALLOC_BENCHMARKS_DIR`` points elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["benchmarks_dir", "benchmark_csvs"]


def benchmarks_dir() -> Path:
    """``$FASTALLOC_BENCHMARKS_DIR``, else ``<checkout>/../shared/benchmarks``."""
    env = os.environ.get("FASTALLOC_BENCHMARKS_DIR")
    if env:
        return Path(env)
    # <checkout>/src/fastalloc/testing/benchmarks.py -> <checkout>/../shared/benchmarks
    return Path(__file__).resolve().parents[4] / "shared" / "benchmarks"


def benchmark_csvs() -> list[Path]:
    """Every ``*.csv`` below :func:`benchmarks_dir`, sorted by path (empty if absent:
    callers assert on it so that a missing directory fails instead of skipping)."""
    d = benchmarks_dir()
    return sorted(d.rglob("*.csv")) if d.is_dir() else []
