"""Where the time goes when fastalloc runs inside IREE's PassManager.

Run: python examples/measure_iree_conversion.py [n_ops]
Prints medians of 5 runs (seconds) for one generated module after IREE's
schedule-allocation: each step of the text round trip used by
fastalloc.integrations.iree_pm, the whole fastalloc pass, IREE's own
layout-slices in the same PassManager, and (the floor of any rewrite through
the bindings' IR API) a Python walk that only finds the packs and reads
their operands and lifetime attribute.
"""

from __future__ import annotations

import statistics
import sys
import time

from iree.compiler import ir
from iree.compiler.passmanager import PassManager

from fastalloc.integrations import iree_pm
from fastalloc.ir import parse
from fastalloc.passes.layout_slices import layout_slices
from fastalloc.testing.generator import generate_module


def median(fn, reps=5):
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(n_ops: int) -> None:
    text = generate_module(0, n_ops=n_ops)
    ctx = ir.Context()

    def scheduled():
        m = ir.Module.parse(text, ctx)
        PassManager.parse("builtin.module(iree-stream-schedule-allocation)", ctx).run(m.operation)
        return m

    m = scheduled()
    asm = iree_pm.to_text(m)
    fa = parse(asm)
    n_packs = asm.count("stream.resource.pack")
    print(f"module: {n_ops} ops requested, {len(asm)} chars, {n_packs} packs after schedule-allocation")

    def laid_out():
        f = parse(asm)
        layout_slices(f, "iree")
        return f.print()

    out = laid_out()
    new = ir.Module.parse(out, ctx)

    rows = {
        "IREE print (pretty)": lambda: m.operation.get_asm(assume_verified=True),
        "IREE print (generic)": lambda: m.operation.get_asm(print_generic_op_form=True, assume_verified=True),
        "fastalloc parse": lambda: parse(asm),
        "fastalloc layout-slices (model)": lambda: layout_slices(parse(asm), "iree"),
        "fastalloc print": lambda: fa.print(),
        "IREE parse of the result": lambda: ir.Module.parse(out, ctx),
    }

    def swap():
        target = ir.Module.parse(asm, ctx)
        src = ir.Module.parse(out, ctx)
        t = time.perf_counter()
        iree_pm._replace_body(target.operation, src.operation)
        return time.perf_counter() - t

    def whole_pass():
        mm = scheduled()
        pm = PassManager("builtin.module", ctx)
        iree_pm.add_layout_slices(pm, "iree")
        t = time.perf_counter()
        pm.run(mm.operation)
        return time.perf_counter() - t

    def iree_native():
        mm = scheduled()
        pm = PassManager.parse("builtin.module(util.func(iree-stream-layout-slices))", ctx)
        t = time.perf_counter()
        pm.run(mm.operation)
        return time.perf_counter() - t

    def bindings_walk():
        found = []

        def visit(op):
            if op.name == "stream.resource.pack":
                found.append((list(op.operands), op.attributes["lifetime_intervals"] if "lifetime_intervals" in op.attributes else None))
            return ir.WalkResult.ADVANCE

        m.operation.walk(visit)
        return found

    for name, fn in rows.items():
        print(f"{name:40s} {median(fn):.4f}")
    print(f"{'IREE body swap':40s} {statistics.median(swap() for _ in range(5)):.4f}")
    print(f"{'bindings: walk + read packs (floor)':40s} {median(bindings_walk):.4f}")
    print(f"{'fastalloc pass in PassManager (total)':40s} {statistics.median(whole_pass() for _ in range(5)):.4f}")
    print(f"{'IREE layout-slices in PassManager':40s} {statistics.median(iree_native() for _ in range(5)):.4f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
