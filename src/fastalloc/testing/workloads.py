"""Random packing workloads for tests, benchmarks and users.

``random_buffers(n, seed)`` draws the workload the benchmarks use (and the
README of shared/benchmarks quotes): sizes log-uniform in [64 B, 16 MiB],
lifetimes log-uniform in [1, 1000] ops, starts uniform over ``n`` ops so that
about 150 buffers are live at any time, whatever ``n``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["random_alias_region", "random_buffers"]


def random_buffers(
    n: int,
    seed: int = 0,
    *,
    min_size: int = 64,
    max_size: int = 16 << 20,
    max_lifetime: int = 1000,
    time_span: int | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(starts, ends, sizes)`` int64 for ``n`` buffers, inclusive lifetimes
    ``[start, start + length - 1]`` with length log-uniform in
    ``[1, max_lifetime]``; starts uniform in ``[0, time_span)`` (default ``n``);
    sizes log-uniform in ``[min_size, max_size]``.  Deterministic in ``seed``."""
    rng = np.random.default_rng(seed)
    span = max(int(n if time_span is None else time_span), 1)
    starts = rng.integers(0, span, n, dtype=np.int64)
    lengths = np.exp(rng.uniform(0.0, np.log(max_lifetime), n)).astype(np.int64)
    ends = starts + np.maximum(lengths, 1) - 1
    sizes = np.exp(rng.uniform(np.log(min_size), np.log(max_size), n)).astype(np.int64)
    return starts, ends, np.clip(sizes, min_size, max_size)


def random_alias_region(n: int, seed: int = 0, *, tie_fraction: float = 0.3, max_uses: int = 4):
    """Arrays describing one synthetic execution region of ``n`` values, as a
    pass would build them: value ``v`` is defined by op ``v`` (the first 1% are
    block arguments, ``def_op = LIVE_IN``); each has up to ``max_uses`` uses at
    later ops; about ``tie_fraction`` of the values are tied to an earlier one;
    5% are yielded.  Returns a dict of keyword arguments for
    ``fastalloc.packing.alias_sets`` (``n_values``, ``aliasee``, ``aliaser``)
    and ``liveness_intervals`` (``def_op``, ``use_indptr``, ``use_ops``,
    ``live_out``)."""
    from fastalloc.packing import LIVE_IN

    rng = np.random.default_rng(seed)
    def_op = np.arange(n, dtype=np.int64)
    def_op[: max(n // 100, 0)] = LIVE_IN
    counts = rng.integers(0, max_uses + 1, n)
    use_indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(counts, out=use_indptr[1:])
    owner = np.repeat(np.arange(n, dtype=np.int64), counts)
    use_ops = np.minimum(owner + 1 + rng.geometric(0.05, owner.shape[0]), max(n - 1, 0)).astype(np.int64)
    tied = np.flatnonzero(rng.random(n) < tie_fraction)
    tied = tied[tied > 0]
    aliaser = tied.astype(np.int64)
    aliasee = np.maximum(aliaser - 1 - rng.geometric(0.2, aliaser.shape[0]), 0).astype(np.int64)
    live_out = rng.random(n) < 0.05
    return {
        "n_values": n,
        "aliasee": aliasee,
        "aliaser": aliaser,
        "def_op": def_op,
        "use_indptr": use_indptr,
        "use_ops": use_ops,
        "live_out": live_out,
    }
