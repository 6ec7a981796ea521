"""The top-level ``fastalloc`` namespace: every advertised name resolves to the
right object, whatever was imported before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

import fastalloc

EXAMPLE = Path(fastalloc.__file__).parent / "examples" / "example.mlir"


def test_every_public_name_resolves():
    for name in fastalloc.__all__:
        assert getattr(fastalloc, name) is not None, name
    assert set(fastalloc.__all__) <= set(dir(fastalloc))


def test_pass_functions_stay_functions_after_their_modules_load():
    text = EXAMPLE.read_text()
    # run_passes imports the pass submodules; the top-level names must still be
    # the pass functions, not the submodules that share their names.
    via_text = fastalloc.run_passes(text, ["schedule-allocation", "layout-slices"])
    module = fastalloc.parse(text, filename=str(EXAMPLE))
    fastalloc.schedule_allocation(module)
    fastalloc.layout_slices(module, strategy="iree")
    assert module.print() == via_text
    assert "stream.cmd.execute" in via_text and "stream.async.execute" not in via_text


def test_names_resolve_in_a_fresh_interpreter_in_any_order():
    code = (
        "import fastalloc, fastalloc.passes.schedule_allocation, fastalloc.passes.layout_slices;"
        "assert callable(fastalloc.schedule_allocation) and callable(fastalloc.layout_slices);"
        "assert not isinstance(fastalloc.schedule_allocation, type(fastalloc))"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_unknown_attribute_is_an_attribute_error():
    try:
        fastalloc.no_such_thing  # noqa: B018
    except AttributeError as e:
        assert "no_such_thing" in str(e)
    else:  # pragma: no cover
        raise AssertionError("expected AttributeError")


def test_pack_plan_unpacks_and_validates():
    starts = np.array([0, 1, 3])
    ends = np.array([2, 4, 5])
    sizes = np.array([100, 200, 300])
    plan = fastalloc.pack(starts, ends, sizes, alignment=64)
    offsets, total = plan
    # buffers 0 and 1 overlap in time ([0,2] and [1,4]); 1 and 2 too; 0 and 2 do not
    assert offsets[0] + 128 <= offsets[1] or offsets[1] + 256 <= offsets[0]
    assert total == max(int(o) + s for o, s in zip(offsets, (128, 256, 320)))
    assert total >= fastalloc.lower_bound(starts, ends, sizes, alignment=64) == 576
    fastalloc.validate(starts, ends, sizes, offsets, alignment=64)
