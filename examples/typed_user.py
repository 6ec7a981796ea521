"""A user script over fastalloc's public API, type-checked with ``mypy --strict``
by tests/test_typing.py (and run by it, so it stays correct, not only typed).

    python examples/typed_user.py
"""

from __future__ import annotations

import io
import logging

import numpy as np
import numpy.typing as npt

import fastalloc
from fastalloc import (
    STRATEGIES,
    FastallocError,
    Module,
    PackStats,
    Plan,
    Problem,
    Strategy,
    alias_sets,
    layout_slices,
    liveness_intervals,
    lower_bound,
    pack,
    pack_stats,
    parse,
    plan_many,
    read_csv,
    run_passes,
    schedule_allocation,
    validate,
    write_csv,
)

TEXT = """\
util.func public @f(%arg0: !stream.resource<external>, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %r, %t = stream.async.execute with(%arg0 as %a: !stream.resource<external>{%size})
      -> !stream.resource<external>{%c64} {
    %x = stream.async.splat %c0 : index -> !stream.resource<transient>{%c64}
    %y = stream.async.clone %x : !stream.resource<transient>{%c64} -> !stream.resource<external>{%c64}
    stream.yield %y : !stream.resource<external>{%c64}
  } => !stream.timepoint
  %ready = stream.timepoint.await %t => %r : !stream.resource<external>{%c64}
  util.return %ready : !stream.resource<external>
}
"""


def packing() -> int:
    starts: npt.NDArray[np.int64] = np.array([0, 1, 3], dtype=np.int64)
    ends = np.array([2, 4, 5], dtype=np.int64)
    sizes = np.array([100, 200, 300], dtype=np.int64)
    strategy: Strategy = "best-fit"
    plan: Plan = pack(starts, ends, sizes, alignment=64, strategy=strategy)
    offsets, total = plan
    validate(starts, ends, sizes, plan.offsets, alignment=64)
    lb: int = lower_bound(starts, ends, sizes, alignment=64)
    assert total >= lb and offsets.shape == (3,)
    for s in STRATEGIES:
        assert pack(starts, ends, sizes, strategy=s).total >= lb
    plans = plan_many([(starts, ends, sizes)] * 3, workers=1)
    first: int = plans[0].total
    texts = plan_many([TEXT], workers=1, passes=["schedule-allocation"])
    assert texts[0].startswith("util.func") or "stream.cmd" in texts[0]
    leader, set_ptr, set_members = alias_sets(3, np.array([0]), np.array([1]))
    st, en = liveness_intervals(np.array([0, 1, 2]), np.array([0, 1, 2, 2]), np.array([1, 2]),
                                np.array([False, False, True]), None, set_ptr, set_members)
    assert int(leader[1]) == 0 and st.shape == en.shape
    return first


def csv_round_trip() -> Problem:
    buf = io.StringIO()
    write_csv(buf, [0, 1], [1, 2], [64, 64])
    problem = read_csv(io.StringIO(buf.getvalue()), filename="mem.csv")
    ids: list[str] = list(problem.ids)
    assert ids == ["0", "1"] and len(problem) == 2
    return problem


def ir() -> str:
    out: str = run_passes(TEXT, ["schedule-allocation", "layout-slices"], pack_strategy="iree")
    module: Module = parse(TEXT, filename="f.mlir")
    schedule_allocation(module)
    stats: list[PackStats] = pack_stats(str(module), "best-fit")
    layout_slices(module, strategy="smallest")
    text = module.print()
    module.dispose()
    for s in stats:
        assert s.total >= s.lower_bound
    return out + text


def errors() -> str:
    try:
        parse("util.func @f(", filename="bad.mlir")
    except FastallocError as exc:
        where = exc.loc
        return f"{where.filename}:{where.line}" if where is not None else str(exc)
    return "no error"


def main() -> None:
    logging.getLogger("fastalloc").addHandler(logging.NullHandler())
    print(packing(), len(csv_round_trip()), len(ir()) > 0, errors(), fastalloc.__version__)


if __name__ == "__main__":
    main()
