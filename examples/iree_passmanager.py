"""fastalloc's layout pass inside IREE's own PassManager (iree-base-compiler).

Run: python examples/iree_passmanager.py
"""

from importlib.resources import files

from iree.compiler import ir
from iree.compiler.passmanager import PassManager

from fastalloc.integrations.iree_pm import add_layout_slices, run_passes

text = files("fastalloc").joinpath("examples/example.mlir").read_text()

ctx = ir.Context()
module = ir.Module.parse(text, ctx)

# IREE's schedule-allocation, then fastalloc's packer instead of IREE's
# layout-slices, then any further IREE passes.
pm = PassManager.parse("builtin.module(iree-stream-schedule-allocation)", ctx)
add_layout_slices(pm, pack_strategy="best-fit")
pm.add("canonicalize, cse")
pm.run(module.operation)
assert module.operation.verify()
print(module)

# Or fastalloc's own passes on an ir.Module: a new ir.Module comes back.
planned = run_passes(ir.Module.parse(text, ctx), pack_strategy="best-fit")
print(type(planned).__name__, "with", str(planned).count("stream.cmd.execute"), "cmd.execute op(s)")
