"""Many independent packing problems (or stream modules) at once: :func:`plan_many`.

Each problem is solved by :func:`solve`, a plain top-level function of one
picklable problem, so it runs the same in this process, in a thread or
process pool, or on a cluster (Dask's ``client.map(solve, problems)``, Ray's
``ray.remote(solve)``).  Results come back in input order and are the same
whatever the pool: every solver is deterministic.

A problem is one of

* ``(starts, ends, sizes)``: arrays for :func:`fastalloc.packing.pack`
  (inclusive lifetimes) -> a :class:`~fastalloc.packing.Plan`;
* a :class:`fastalloc.csvio.Problem` (what :func:`fastalloc.read_csv` returns);
* a :class:`Task`: any of the above with its own alignment/strategy/effort;
* a ``str`` of MLIR (stream dialect) -> the text after fastalloc's passes
  (``passes``, default schedule-allocation then layout-slices).

>>> plans = plan_many([([0, 1], [2, 3], [64, 64]), ([0], [0], [100])], workers=1)
>>> [p.total for p in plans]
[128, 128]
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Union, overload

from fastalloc.csvio import Problem
from fastalloc.errors import FastallocError
from fastalloc.packing import Plan, pack

__all__ = ["Task", "plan_many", "solve"]

DEFAULT_PASSES: tuple[str, ...] = ("schedule-allocation", "layout-slices")


@dataclass(frozen=True)
class Task:
    """A problem with its own packing options (None: plan_many's)."""

    problem: Any
    alignment: int | None = None
    range_alignment: int | None = None
    strategy: str | None = None
    effort: int | None = None
    time_limit: float | None = None
    work_limit: int | None = None


ProblemLike = Union[Task, Problem, str, Sequence[Any]]


def solve(
    problem: ProblemLike,
    *,
    strategy: str = "best-fit",
    alignment: int = 64,
    range_alignment: int | None = None,
    effort: int = 1,
    passes: Sequence[str] = DEFAULT_PASSES,
    filename: str = "<batch>",
    time_limit: float | None = None,
    work_limit: int | None = None,
) -> Plan | str:
    """Solve one problem (see the module docstring); raises FastallocError."""
    if isinstance(problem, str):
        from fastalloc.passes import run_passes

        if strategy == "search" and time_limit is not None:
            strategy = f"search:{float(time_limit)!r}"  # layout-slices' spelling
        return run_passes(problem, list(passes), filename=filename, pack_strategy=strategy)
    if isinstance(problem, Task):
        if isinstance(problem.problem, Task):
            raise FastallocError("a Task holds a problem, not another Task")
        return solve(
            problem.problem,
            alignment=alignment if problem.alignment is None else problem.alignment,
            range_alignment=range_alignment if problem.range_alignment is None else problem.range_alignment,
            strategy=strategy if problem.strategy is None else problem.strategy,
            effort=effort if problem.effort is None else problem.effort,
            passes=passes,
            filename=filename,
            time_limit=time_limit if problem.time_limit is None else problem.time_limit,
            work_limit=work_limit if problem.work_limit is None else problem.work_limit,
        )
    # the search's budget; other strategies take none
    extra: dict[str, Any] = {"time_limit": time_limit, "work_limit": work_limit} if strategy == "search" else {}
    if isinstance(problem, Problem):
        return pack(problem.starts, problem.ends, problem.sizes, alignment=alignment,
                    range_alignment=range_alignment, strategy=strategy, effort=effort, **extra)
    try:
        starts, ends, sizes = problem
    except (TypeError, ValueError):
        raise FastallocError(
            f"a problem is (starts, ends, sizes), a fastalloc.csvio.Problem, a fastalloc.batch.Task or MLIR text, "
            f"not {type(problem).__name__}"
        ) from None
    return pack(starts, ends, sizes, alignment=alignment, range_alignment=range_alignment,
                strategy=strategy, effort=effort, **extra)


def _solve_chunk(first: int, chunk: list, options: dict) -> list:
    """Worker side: ("ok", result) or ("error", message) per problem, so that
    an error travels as plain text whatever the pool pickles."""
    out = []
    for k, problem in enumerate(chunk):
        try:
            out.append(("ok", solve(problem, filename=f"<problem {first + k}>", **options)))
        except FastallocError as exc:
            out.append(("error", str(exc)))
        except Exception as exc:  # noqa: BLE001 - reported with the problem's index
            out.append(("error", f"{type(exc).__name__}: {exc}"))
    return out


# Typed by what comes in: packing problems give Plans, MLIR text gives text
# (a tuple stands for (starts, ends, sizes); Tasks are assumed to hold arrays).
@overload
def plan_many(
    problems: Iterable[str],
    *,
    workers: int | None = None,
    executor: str | Executor = "process",
    chunksize: int | None = None,
    strategy: str = "best-fit",
    alignment: int = 64,
    range_alignment: int | None = None,
    effort: int = 1,
    passes: Sequence[str] = DEFAULT_PASSES,
    time_limit: float | None = None,
    work_limit: int | None = None,
) -> list[str]: ...
@overload
def plan_many(
    problems: Iterable[Task | Problem | tuple[Any, Any, Any]],
    *,
    workers: int | None = None,
    executor: str | Executor = "process",
    chunksize: int | None = None,
    strategy: str = "best-fit",
    alignment: int = 64,
    range_alignment: int | None = None,
    effort: int = 1,
    passes: Sequence[str] = DEFAULT_PASSES,
    time_limit: float | None = None,
    work_limit: int | None = None,
) -> list[Plan]: ...
@overload
def plan_many(
    problems: Iterable[ProblemLike],
    *,
    workers: int | None = None,
    executor: str | Executor = "process",
    chunksize: int | None = None,
    strategy: str = "best-fit",
    alignment: int = 64,
    range_alignment: int | None = None,
    effort: int = 1,
    passes: Sequence[str] = DEFAULT_PASSES,
    time_limit: float | None = None,
    work_limit: int | None = None,
) -> list[Plan | str]: ...
def plan_many(
    problems: Iterable[ProblemLike],
    *,
    workers: int | None = None,
    executor: str | Executor = "process",
    chunksize: int | None = None,
    strategy: str = "best-fit",
    alignment: int = 64,
    range_alignment: int | None = None,
    effort: int = 1,
    passes: Sequence[str] = DEFAULT_PASSES,
    time_limit: float | None = None,
    work_limit: int | None = None,
) -> list[Any]:
    """Solve ``problems`` independently, in parallel; results in input order.

    ``workers``: pool size (None: ``os.cpu_count()``; 1: in this process, no
    pool).  ``executor``: ``"process"`` (default; a ProcessPoolExecutor),
    ``"thread"`` (the Cython kernels release the GIL, but parsing and the
    passes on MLIR text do not), or any ``concurrent.futures.Executor``, e.g.
    ``distributed.Client(...).get_executor()`` for a Dask cluster (then
    ``workers`` only sets the chunking).  Problems are sent in chunks of
    ``chunksize`` (default: about four chunks per worker).

    The options apply to every problem (a :class:`Task` may override the
    packing ones); ``time_limit`` (seconds) and ``work_limit`` (nodes) are
    ``strategy="search"``'s budget per problem.  The output does not depend on ``workers``, ``executor``
    or ``chunksize``.  If any problem fails, raises FastallocError naming the
    lowest failing index: ``problem 3: ...``.
    """
    items = list(problems)
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise FastallocError(f"workers must be a positive integer or None, got {workers!r}")
    n_workers = workers if workers is not None else (os.cpu_count() or 1)
    if chunksize is not None and (isinstance(chunksize, bool) or not isinstance(chunksize, int) or chunksize < 1):
        raise FastallocError(f"chunksize must be a positive integer or None, got {chunksize!r}")
    if isinstance(executor, str) and executor not in ("process", "thread"):
        raise FastallocError(f"executor must be 'process', 'thread' or a concurrent.futures.Executor, got {executor!r}")
    options = dict(strategy=strategy, alignment=alignment, range_alignment=range_alignment,
                   effort=effort, passes=tuple(passes), time_limit=time_limit, work_limit=work_limit)

    if not items:
        return []
    if n_workers == 1 and isinstance(executor, str):
        outcomes = _solve_chunk(0, items, options)
    else:
        size = chunksize or max(1, -(-len(items) // (4 * n_workers)))
        starts = range(0, len(items), size)
        if isinstance(executor, str):
            pool_cls = ProcessPoolExecutor if executor == "process" else ThreadPoolExecutor
            n = min(n_workers, len(starts))
            with pool_cls(max_workers=n) as pool:
                futures = [pool.submit(_solve_chunk, i, items[i : i + size], options) for i in starts]
                outcomes = [r for f in futures for r in f.result()]
        else:
            futures = [executor.submit(_solve_chunk, i, items[i : i + size], options) for i in starts]
            outcomes = [r for f in futures for r in f.result()]

    results = []
    for i, (status, value) in enumerate(outcomes):
        if status != "ok":
            raise FastallocError(f"problem {i}: {value}")
        results.append(value)
    return results
