"""fastalloc's passes in xDSL, on stream IR in MLIR's generic form.

Run: python examples/xdsl_module_pass.py
(The same from the shell:
   iree-opt --mlir-print-op-generic example.mlir > example.generic.mlir
   xdsl-opt --allow-unregistered-dialect \
       -p 'fastalloc-schedule-allocation{pack-strategy="best-fit"}' example.generic.mlir)
"""

import subprocess
from importlib.resources import files

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.parser import Parser
from xdsl.printer import Printer

from fastalloc.integrations.xdsl_pass import FastallocScheduleAllocation

path = files("fastalloc").joinpath("examples/example.mlir")
# xDSL reads unregistered ops only in generic form: let iree-opt print it.
generic = subprocess.run(
    ["iree-opt", "--mlir-print-op-generic", str(path)], capture_output=True, text=True, check=True
).stdout

ctx = Context(allow_unregistered=True)
ctx.load_dialect(Builtin)
module = Parser(ctx, generic).parse_module()
FastallocScheduleAllocation(pack_strategy="best-fit").apply(ctx, module)
module.verify()
Printer(print_generic_format=True).print_op(module)
print()
