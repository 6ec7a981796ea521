"""Module.dispose and the garbage a run leaves behind.

A parsed module is reference cycles all through (ops <-> blocks, ops <->
results).  ``run_passes`` disposes of its module once printed, so that its
memory comes back at once by reference counting.  The printer itself must
leave no cycles.
"""

import gc
import weakref

import pytest

from fastalloc.ir import parse
from fastalloc.passes import run_passes
from fastalloc.passes.schedule_allocation import schedule_allocation
from fastalloc.testing.generator import generate_module


@pytest.fixture
def collector_off():
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _text(seed: int, n_ops: int) -> str:
    """A generated module, with the generator's own cyclic garbage collected
    (the tests count what the code under test leaves)."""
    text = generate_module(seed, n_ops=n_ops)
    gc.collect()
    return text


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_dispose_frees_the_module_without_the_collector(collector_off, seed):
    m = parse(_text(seed, 120))
    schedule_allocation(m)
    next(op for op in m.walk() if op.results).results[0].uses
    m.print()
    ref = weakref.ref(m)
    m.dispose()
    del m
    assert ref() is None, "a reference cycle survived Module.dispose"
    # Nothing else of it waits for the collector either.
    assert gc.collect() == 0


def test_without_dispose_the_module_is_cyclic_garbage(collector_off):
    # The property the test above relies on: a dropped module is not freed
    # by reference counting alone (if this ever changes, dispose's cutting
    # becomes unnecessary, not wrong).
    m = parse(_text(0, 40))
    ref = weakref.ref(m)
    del m
    assert ref() is not None
    assert gc.collect() > 0
    assert ref() is None


def test_printing_makes_no_cyclic_garbage(collector_off):
    m = parse(_text(3, 200))
    schedule_allocation(m)
    text = m.print()
    assert "stream.cmd.execute" in text
    # Everything the printer made is freed by reference counting.
    assert gc.collect() == 0
    assert m.print() == text


def test_run_passes_leaves_nothing_to_collect(collector_off):
    text = _text(5, 150)
    out1 = run_passes(text, ["schedule-allocation"])
    assert gc.collect() == 0
    # A second run in the same thread gives the same text (nothing of the
    # first run's module leaks into it).
    assert run_passes(text, ["schedule-allocation"]) == out1


def test_a_failed_run_leaves_the_next_one_alone(collector_off):
    good = _text(5, 60)
    # An op the conversion cannot handle inside an execute region.
    bad = good.replace("stream.async.fill", "stream.async.bogus_fill", 1)
    if "stream.async.bogus_fill" not in bad:
        pytest.fail("generator output has no stream.async.fill to corrupt; pick another seed")
    before = run_passes(good, ["schedule-allocation"])
    with pytest.raises(Exception):
        run_passes(bad, ["schedule-allocation"])
    assert run_passes(good, ["schedule-allocation"]) == before


def test_dispose_frees_ops_dropped_from_their_block(collector_off):
    """Ops taken out of a block without erase (``set_ops`` with a shorter
    list, as the passes splice regions) still hold their operands and
    results, and their results' use lists name their users: dispose cuts
    those cycles too, including the module's own body block and region."""
    text = _text(6, 150)
    m = parse(text)
    schedule_allocation(m)
    # Read every use list first, so that each value holds (op, i) keys.
    for v in m.values:
        if v is not None:
            v.uses
    blocks = [b for op in m.walk() for r in op._regions for b in r.blocks]

    def droppable(b):
        return [op for op in b.ops[:-1] if any(r.uses for r in op.results)]

    block = max(blocks, key=lambda b: len(droppable(b)))
    dropped = droppable(block)
    assert len(dropped) > 3, "too few ops with used results to drop; pick another seed"
    block.set_ops([op for op in block.ops if op not in dropped])
    ref = weakref.ref(m)
    del dropped
    m.dispose()
    del m
    assert ref() is None
    # (ops take no weak references: a dropped op that survived would be
    # cyclic garbage, found here)
    assert gc.collect() == 0
