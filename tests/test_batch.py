"""plan_many: order-preserving, deterministic whatever the pool, errors named
by problem index; a local Dask cluster gives the same results."""

from __future__ import annotations

import numpy as np
import pytest

from fastalloc.batch import Task, plan_many, solve
from fastalloc.csvio import Problem
from fastalloc.errors import FastallocError
from fastalloc.packing import pack, validate
from fastalloc.passes import run_passes
from fastalloc.testing.generator import generate_module
from fastalloc.testing.workloads import random_buffers


# best-fit's local search (effort >= 1) can take seconds on some of these;
# the batching is what is under test here, so effort 0 keeps it fast.
EFFORT = 0


def _problems(k: int = 12) -> list:
    # Sizes vary so that problems finish out of order in a pool.
    return [random_buffers(50 + 40 * (i % 5), seed=i, max_size=1 << 16) for i in range(k)]


def _key(plans) -> list:
    return [(p.offsets.tolist(), p.total) for p in plans]


@pytest.fixture(scope="module")
def problems():
    return _problems()


@pytest.fixture(scope="module")
def serial(problems):
    return plan_many(problems, workers=1, effort=EFFORT)


def test_serial_equals_pack_in_order(problems, serial):
    assert len(serial) == len(problems)
    for (s, e, z), plan in zip(problems, serial):
        want = pack(s, e, z, effort=EFFORT)
        assert plan.offsets.tolist() == want.offsets.tolist() and plan.total == want.total
        validate(s, e, z, plan.offsets, alignment=64)


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(workers=2),
        dict(workers=2, executor="thread"),
        dict(workers=2, chunksize=1),
        dict(workers=3, executor="thread", chunksize=5),
    ],
)
def test_pools_give_the_serial_result(problems, serial, kwargs):
    assert _key(plan_many(problems, effort=EFFORT, **kwargs)) == _key(serial)


def test_options_and_per_problem_overrides():
    s, e, z = random_buffers(80, seed=3, max_size=4096)
    base, own = plan_many(
        [(s, e, z), Task((s, e, z), alignment=256, strategy="iree")],
        workers=1,
        strategy="best-fit",
        alignment=64,
    )
    assert base.strategy == "best-fit" and base.alignment == 64
    assert own.strategy == "iree" and own.alignment == 256
    assert own.offsets.tolist() == pack(s, e, z, alignment=256, strategy="iree").offsets.tolist()


def test_csv_problems_and_tasks_of_them(tmp_path):
    s, e, z = random_buffers(50, seed=4, max_size=4096)
    path = tmp_path / "p.csv"
    path.write_text("id,lower,upper,size\n" + "".join(f"b{i},{a},{b + 1},{c}\n" for i, (a, b, c) in enumerate(zip(s, e, z))))
    from fastalloc.csvio import read_csv

    prob = read_csv(path)
    assert isinstance(prob, Problem)
    plain, tuned = plan_many([prob, Task(prob, strategy="iree", alignment=128)], workers=1, effort=EFFORT)
    assert plain.offsets.tolist() == pack(s, e, z, effort=EFFORT).offsets.tolist()
    assert tuned.offsets.tolist() == pack(s, e, z, strategy="iree", alignment=128).offsets.tolist()
    with pytest.raises(FastallocError, match="not another Task"):
        solve(Task(Task(prob)))


def test_modules_in_threads_give_the_serial_texts():
    # Threads interleave the passes of different modules (the GIL switches
    # every few ms): nothing one thread does to its module may reach another's.
    texts = [generate_module(40 + seed, n_ops=300 + 50 * seed) for seed in range(8)]
    serial = plan_many(texts, workers=1)
    assert plan_many(texts, workers=4, executor="thread", chunksize=1) == serial
    assert plan_many(texts, workers=4, executor="thread", chunksize=1, passes=["schedule-allocation"]) == [
        run_passes(t, ["schedule-allocation"]) for t in texts
    ]


def test_modules_as_text():
    texts = [generate_module(seed, n_ops=20) for seed in range(3)]
    got = plan_many(texts, workers=2, strategy="best-fit")
    assert got == [run_passes(t, ["schedule-allocation", "layout-slices"], pack_strategy="best-fit") for t in texts]
    only = plan_many(texts[:1], workers=1, passes=["schedule-allocation"], strategy="iree")
    assert only == [run_passes(texts[0], ["schedule-allocation"])]


@pytest.mark.parametrize("workers", [1, 2])
def test_error_names_the_lowest_failing_problem(workers):
    good = ([0, 1], [1, 2], [8, 8])
    bad = ([0, 1], [1, 2], [8, -8])
    with pytest.raises(FastallocError, match=r"^problem 2: buffer 1: negative size -8"):
        plan_many([good, good, bad, good, bad], workers=workers, chunksize=1)
    with pytest.raises(FastallocError, match=r"^problem 1: .*\(starts, ends, sizes\)"):
        plan_many([good, 42], workers=workers)
    with pytest.raises(FastallocError, match=r"^problem 0: <problem 0>:1:6: error: expected operation name"):
        plan_many(["%x = = ="], workers=workers)


def test_bad_arguments():
    with pytest.raises(FastallocError, match="workers"):
        plan_many([], workers=0)
    with pytest.raises(FastallocError, match="executor"):
        plan_many([], executor="gpu")
    with pytest.raises(FastallocError, match="chunksize"):
        plan_many([], chunksize=0)
    assert plan_many([]) == []


def test_local_dask_cluster_gives_the_same_results(problems, serial):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            # plan_many on the cluster's executor ...
            via_executor = plan_many(problems, executor=client.get_executor(), workers=2, effort=EFFORT)
            # ... and the documented recipe: map solve over the problems.
            futures = client.map(solve, problems, pure=False, effort=EFFORT)
            via_map = client.gather(futures)
    assert _key(via_executor) == _key(serial)
    assert _key(via_map) == _key(serial)
    assert all(isinstance(p.offsets, np.ndarray) for p in via_map)
