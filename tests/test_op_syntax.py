"""Each known op's pretty syntax is declared once, in its ``_def(...)``
(fastalloc.ir.ops): the parser and the printer each have one interpreter of
the compiled format and no per-op function of their own."""

from __future__ import annotations

import ast
import pathlib

import pytest

from fastalloc.ir import ops as ops_mod
from fastalloc.ir import parse
from fastalloc.ir.printer import print_module
from fastalloc.ir.ops import OPS, _def, custom, on, operand, opt, sized, sized_result, type_of

SRC = pathlib.Path(ops_mod.__file__).resolve().parent


def _functions(path: pathlib.Path) -> set[str]:
    return {n.name for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.FunctionDef)}


def test_every_op_declares_its_syntax():
    for name, d in OPS.items():
        assert d.syntax and d.program, name


def test_no_per_op_parse_or_print_function_is_left():
    parser_fns = _functions(SRC / "parser.py")
    printer_fns = _functions(SRC / "printer.py")
    assert not {f for f in parser_fns if f.startswith("p_")}
    assert not {f for f in printer_fns if f.startswith("pp_")}
    # every custom directive is used, and has its parser
    named = {ins[4] for d in OPS.values() for ins in d.program if ins[0] == ops_mod.F_CUSTOM}
    assert named == set(ops_mod.CUSTOM_DIRECTIVES)
    assert {f"_c_{name}" for name in named} <= parser_fns


def test_a_bad_format_is_rejected():
    with pytest.raises(ValueError, match="misses segments"):
        _def("x.op", "a:1 b:1", syntax=(" ", operand("a")))
    with pytest.raises(ValueError, match="twice"):
        _def("x.op", "a:1", syntax=(" ", operand("a"), operand("a")))
    with pytest.raises(ValueError, match="before reading it"):
        _def("x.op", "a:1 b:1", syntax=(" : ", sized("a", "b"), operand("a")))
    with pytest.raises(ValueError, match="no segment"):
        _def("x.op", "a:1", syntax=(" ", operand("c")))
    with pytest.raises(ValueError, match="anchored on unknown where"):
        _def("x.op", "a:1", props="affinity", syntax=(" ", on("where"), operand("a")))
    with pytest.raises(ValueError, match="nothing the parser can test"):
        _def("x.op", "a:1 b:1", props="affinity", syntax=(opt("affinity", type_of("a")), operand("a"),
                                                           " : ", sized_result(0, "b")))
    with pytest.raises(ValueError, match="unknown custom directive"):
        _def("x.op", "a:1", syntax=(" ", custom("mine")))
    # a custom directive may read what the format does not
    assert _def("x.op", "a:1 b:*", syntax=(" ", custom("dispatch_operands"))).program


def test_optional_groups_jump_over_what_is_absent():
    prog = OPS["stream.resource.alloca"].program
    opts = [(k, ins) for k, ins in enumerate(prog) if ins[0] == ops_mod.F_OPT]
    # indeterminate, on(...), await(...) with its `: ` else branch
    assert [ins[4] or ins[5] for _, ins in opts] == ["indeterminate_lifetime", "affinity", "await"]
    k, ins = opts[2]
    els = prog[ins[3] - 1]
    assert els[0] == ops_mod.F_ELSE and prog[ins[3]] == (ops_mod.F_LIT, 0, 0, 0, ": ", "")
    assert prog[els[3]][0] == ops_mod.F_SIZED_RESULT


ROUND_TRIP = """\
util.func @f(%sz: index, %off: index, %len: index, %t0: !stream.timepoint, %v: i32) {
  %0 = stream.resource.alloc uninitialized on(#hal.device.affinity<@dev>) : !stream.resource<transient>{%sz}
  %1 = stream.resource.alloc : !stream.resource<transient>{%sz}
  %2:2 = stream.resource.alloca uninitialized indeterminate await(%t0) => !stream.resource<transient>{%sz} => !stream.timepoint
  %3:2 = stream.resource.alloca uninitialized : !stream.resource<transient>{%sz} => !stream.timepoint
  %4 = stream.resource.dealloca origin await(%t0) => %2#0 : !stream.resource<transient>{%sz} => !stream.timepoint
  %5 = stream.resource.subview %0[%off] : !stream.resource<transient>{%sz} -> !stream.resource<transient>{%len}
  %6 = stream.timepoint.join max(%4, %3#1) => !stream.timepoint
  %7 = stream.async.splat await(%t0) %v : i32 -> !stream.resource<transient>{%sz}
  %8 = stream.async.fill %v, %7[%off to %len for %len] : i32 -> %7 as !stream.resource<transient>{%sz}
  %9 = stream.async.transfer %8 : !stream.resource<transient>{%sz} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@b>) !stream.resource<transient>{%sz}
  %10 = stream.async.barrier on(#hal.device.affinity<@a>) %9 : !stream.resource<transient>{%sz} attributes {x = 1 : i32}
  util.return
}
"""


def test_declared_formats_round_trip():
    m = parse(ROUND_TRIP, "<t>")
    ops = [o for o in m.walk() if o.name.startswith("stream.")]
    assert ops[0].props["uninitialized"] is True and "uninitialized" not in ops[1].props
    assert ops[2].props["indeterminate_lifetime"] is True and len(ops[2].operands) == 2
    assert len(ops[3].operands) == 1 and ops[4].props["prefer_origin"] is True
    assert ops[8].results[0].type == ops[7].results[0].type
    assert ops[9].props["source_affinity"] == "#hal.device.affinity<@a>"
    assert ops[10].attrs == {"x": "1 : i32"} and ops[10].results[0].type == "!stream.resource<transient>"
    text = print_module(m)
    for line in ROUND_TRIP.splitlines()[1:-2]:
        assert line.strip() in text, line


@pytest.mark.parametrize("n", [1, 15, 16, 40])
def test_equal_segment_sizes_are_one_list(n):
    # ops with equal segment sizes hold one list: sizes below 16 are looked
    # up by one integer, larger ones by their tuple; a size of 1 and of n
    # never share
    ts = ", ".join(f"%t{k}" for k in range(n))
    args = ", ".join(f"%t{k}: !stream.timepoint" for k in range(n))
    text = (f"util.func public @f({args}) {{\n"
            f"  %a = stream.timepoint.join max({ts}) => !stream.timepoint\n"
            f"  %b = stream.timepoint.join max({ts}) => !stream.timepoint\n"
            f"  %c = stream.timepoint.join max(%t0) => !stream.timepoint\n"
            "  util.return\n}\n")
    m = parse(text)
    a, b, c = [o for o in m.walk() if o.name == "stream.timepoint.join"]
    assert a.segments == b.segments == [n] and a.segments is b.segments
    assert c.segments == [1] and (c.segments is a.segments) == (n == 1)
