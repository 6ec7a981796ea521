"""Options of the benchmark suite.

``--bench-large``: also run the 10^6-buffer kernel cases (same as
``FASTALLOC_BENCH_LARGE=1``, read by bench_kernels/bench_bestfit/bench_parse
at import time, hence set here in ``pytest_configure``, before collection).
"""

from __future__ import annotations

import os


def pytest_addoption(parser):
    parser.addoption("--bench-large", action="store_true", default=False,
                     help="benchmarks: add the 10^6-buffer kernel cases (FASTALLOC_BENCH_LARGE=1)")


def pytest_configure(config):
    if config.getoption("--bench-large", default=False):
        os.environ["FASTALLOC_BENCH_LARGE"] = "1"
