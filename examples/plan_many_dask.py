"""Many packing problems at once: a process pool, then a Dask cluster.

Run: python examples/plan_many_dask.py   (needs: pip install 'fastalloc[dask]')
"""

from fastalloc.batch import plan_many, solve
from fastalloc.testing.workloads import random_buffers


def main() -> None:
    problems = [random_buffers(200, seed=i) for i in range(32)]

    # Local: a process pool (workers=None -> os.cpu_count()); results in input order.
    plans = plan_many(problems, strategy="best-fit", effort=0)
    print("local:", [p.total for p in plans[:4]], "...")

    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
        # Either hand plan_many the cluster's concurrent.futures executor ...
        on_dask = plan_many(problems, executor=client.get_executor(), workers=2, effort=0)
        # ... or map the one-problem solver yourself.
        mapped = client.gather(client.map(solve, problems, effort=0, pure=False))
    assert [p.total for p in on_dask] == [p.total for p in plans] == [p.total for p in mapped]
    print("dask: same", len(on_dask), "plans")


if __name__ == "__main__":  # pool workers may re-import this file
    main()
