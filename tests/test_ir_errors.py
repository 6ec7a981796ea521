"""Bad input: each case gives one FastallocError in MLIR's format at the right place."""

from __future__ import annotations

import pytest

from fastalloc.errors import FastallocError
from fastalloc.ir import parse, parse_chunks

GOOD = """util.func public @f(%n: index) -> !stream.timepoint {
  %c7 = arith.constant 7 : i32
  %t = stream.async.execute with() {
    %s = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%n}
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
"""

# name -> (text, line, col, message fragment)
CASES = {
    "unknown_ssa_in_stream_op": (GOOD.replace("splat %c7", "splat %c8"), 4, 29, "use of undeclared SSA value name '%c8'"),
    "unknown_ssa_in_other_op": (GOOD.replace("util.return %t", "util.return %q"), 7, 15,
                                "use of undeclared SSA value name '%q'"),
    "redefinition": (GOOD.replace("%t = stream", "%c7 = stream"), 3, 3, "redefinition of SSA value '%c7'"),
    "missing_close_brace": (GOOD.rstrip()[:-1], 7, 37, "unbalanced brackets"),
    "extra_close_brace": (GOOD + "}\n", 9, 1, "unexpected '}'"),
    # (iree-opt: the signature's argument list ends at the arrow)
    "unclosed_paren": (GOOD.replace("@f(%n: index)", "@f(%n: index"), 1, 30, "expected ')'"),
    "unknown_type": (GOOD.replace("!stream.resource<transient>", "!stream.resourc<transient>"), 4, 42,
                     "unknown  type `resourc` in dialect `stream`"),
    "unknown_lifetime": (GOOD.replace("<transient>", "<transiant>"), 4, 42, "unknown resource lifetime"),
    "malformed_type": (GOOD.replace("<transient>{%n}", "<transient{%n}"), 4, 42, "malformed type"),
    "undefined_type_alias": (GOOD.replace("!stream.resource<transient>", "!tr"), 4, 42,
                             "undefined symbol alias id 'tr'"),
    "undefined_alias_in_signature": (GOOD.replace("(%n: index)", "(%n: !idx)"), 1, 25,
                                     "undefined symbol alias id 'idx'"),
    "truncated_in_region": (GOOD[: GOOD.index("stream.yield") + 5], 5, 5,
                            "Dialect `' not found for custom op 'strea'"),  # as iree-opt
    "truncated_in_op": (GOOD[: GOOD.index("{%n}") + 2], 4, 71, "unexpected end of file"),
    "stream_op_missing_size": (GOOD.replace("-> !stream.resource<transient>{%n}", "-> !stream.resource<transient>"),
                               5, 5, "expected '{' before the resource size"),
    "stream_op_bad_punctuation": (GOOD.replace("splat %c7 :", "splat %c7,"), 4, 32, "expected ':'"),
    "stream_op_wrong_result_count": (GOOD.replace("%t = stream.async.execute", "%t:2 = stream.async.execute"),
                                     3, 3, "operation defines 1 results but was provided 2 to bind"),
    # iree-opt: "expected non-function type" (it points at the blank before the name)
    "unbalanced_angle_in_other_op": (GOOD.replace("%c7 = arith.constant 7 : i32", "%c7 = arith.constant 7 : badtype<"),
                                     2, 28, "unbalanced '<' after 'badtype'"),
    "bad_character": (GOOD.replace("%c7 = arith", "%c7 = ` arith"), 2, 9, "expected operation name"),
    "generic_bad_segments": (
        GOOD.replace(
            "%s = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%n}",
            '%s = "stream.async.execute"(%n) <{operandSegmentSizes = array<i32: 1, 1>}> ({\n    }) '
            ": (index) -> !stream.timepoint",
        ), 4, 10, "operandSegmentSizes"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input(name):
    text, line, col, frag = CASES[name]
    with pytest.raises(FastallocError) as ei:
        parse(text, "t.mlir")
    e = ei.value
    assert frag in e.message
    assert (e.loc.filename, e.loc.line, e.loc.col) == ("t.mlir", line, col)
    out = e.format().splitlines()
    assert out[0] == f"t.mlir:{line}:{col}: error: {e.message}"
    # the source line, then a caret under the column
    assert out[1] == text.splitlines()[line - 1] if line <= len(text.splitlines()) else True
    assert out[2] == " " * (col - 1) + "^"


def test_good_input_parses():
    m = parse(GOOD)
    assert [op.name for op in m.ops] == ["util.func"]


def test_invalid_utf8():
    # outside a comment: an error at the byte (inside one iree-opt 3.13 accepts it, and so do we)
    data = b"util.func @f() {\n  util.return\n}\n// ok \xff\nutil.func @caf\xe9() {\n  util.return\n}\n"
    with pytest.raises(FastallocError) as ei:
        parse(data, "u.mlir")
    e = ei.value
    assert (e.loc.line, e.loc.col) == (5, 15)
    assert "invalid UTF-8 byte 0xe9" in e.message
    assert e.format().splitlines()[0] == "u.mlir:5:15: error: invalid UTF-8 byte 0xe9 in input"
    assert [op.name for op in parse(b"util.func @f() {\n  util.return\n}\n// caf\xe9 \xff\n").ops] == ["util.func"]


def test_split_chunks_report_own_errors_with_file_lines():
    bad = GOOD.replace("splat %c7", "splat %c8")
    text = GOOD + "\n// -----\n" + bad + "// -----\n" + GOOD
    res = list(parse_chunks(text, "s.mlir"))
    assert [type(r).__name__ for r in res] == ["Module", "FastallocError", "Module"]
    # GOOD is lines 1-8, a blank line 9, the separator line 10: the bad text starts at line 11
    assert res[1].loc.line == 11 + 4 - 1
    assert res[1].loc.col == 29


def test_unknown_value_in_nested_region_is_not_visible_outside():
    text = GOOD.replace("util.return %t", "util.return %s")
    with pytest.raises(FastallocError, match="undeclared SSA value name '%s'"):
        parse(text)


def test_result_number_out_of_range():
    text = GOOD.replace("util.return %t : !stream.timepoint", "util.return %t#1 : !stream.timepoint")
    with pytest.raises(FastallocError) as ei:
        parse(text, "x.mlir")
    e = ei.value
    assert (e.loc.line, e.loc.col) == (7, 15)
    assert e.message == "result number 1 of '%t' out of range (it has 1)"


@pytest.mark.parametrize("num, shown", [("1", "1"), ("01", "1"), ("0000000000000000001", "1"),
                                        ("123456789012345678", "123456789012345678"),
                                        ("99999999999999999999999", "99999999999999999999999")])
def test_result_number_out_of_range_any_length(num, shown):
    # the number is read as Python's int() reads it, however many digits
    text = GOOD.replace("util.return %t : !stream.timepoint", f"util.return %t#{num} : !stream.timepoint")
    with pytest.raises(FastallocError) as ei:
        parse(text, "x.mlir")
    assert ei.value.message == f"result number {shown} of '%t' out of range (it has 1)"


def test_result_number_with_leading_zeros_binds():
    text = GOOD.replace("util.return %t : !stream.timepoint", "util.return %t#000 : !stream.timepoint")
    m = parse(text)
    assert m.print() == parse(GOOD).print()


def test_result_refs_bind_in_their_own_function():
    # The same `%r#1` spelling in two functions names each function's own value.
    fn = """util.func public @{f}(%n: index) -> !stream.timepoint {{
  %r:2 = stream.resource.alloca uninitialized : !stream.resource<transient>{{%n}} => !stream.timepoint
  util.return %r#1 : !stream.timepoint
}}
"""
    m = parse(fn.format(f="f") + fn.format(f="g"), "x.mlir")
    funcs = [op for op in m.body.ops if op.name == "util.func"]
    assert len(funcs) == 2
    for func in funcs:
        alloca, ret = func.regions[0].blocks[0].ops
        assert alloca.name == "stream.resource.alloca" and ret.name == "util.return"
        assert ret.operands == [alloca.results[1]]
        assert [v.name_hint for v in alloca.results] == ["r", "r"]
    assert funcs[0].regions[0].blocks[0].ops[0] is not funcs[1].regions[0].blocks[0].ops[0]


_CONSTANTS = """util.func public @f(%n: index) -> !stream.resource<constant> {
  %c = stream.async.constant : !stream.resource<constant>{%n} = dense<3> : tensor<4xi8>
  %d = stream.async.constant : !stream.resource<constant>{%n} = VALUE
  %e = stream.async.constant : !stream.resource<constant>{%n} = VALUE
  util.return %e : !stream.resource<constant>
}
"""


def test_constant_values_checked_at_each_first_sight():
    # the parser checks each distinct constant value once: a value seen
    # before (dense<3>) passes again and is one string; a new one that does
    # not fit its type is reported where it first appears (as iree-opt does)
    m = parse(_CONSTANTS.replace("VALUE", "dense<3> : tensor<4xi8>"), "t.mlir")
    ops = [o for o in m.walk() if o.name == "stream.async.constant"]
    assert [o.props["value"] for o in ops] == ["dense<3> : tensor<4xi8>"] * 3
    assert ops[0].props["value"] is ops[2].props["value"]
    with pytest.raises(FastallocError) as ei:
        parse(_CONSTANTS.replace("VALUE", "dense<300> : tensor<4xi8>"), "t.mlir")
    assert "integer constant out of range for type" in ei.value.message
    assert (ei.value.loc.line, ei.value.loc.col) == (3, 71)


_LITERAL_OPS = """util.func public @f() -> index {
  %c0 = arith.constant 0 : index loc("a.py":1:2)
  util.return %c0 : index
}
util.func public @g() -> index {
  RESULT = arith.constant 0 : index
  util.return %c0 : index
}
"""


def test_literal_ops_read_again_keep_their_checks():
    # an op of literal tokens seen before (the second `arith.constant 0 :
    # index`) is read from what the first one gave: same text (one string),
    # same result type, its own location; a result count the first one did
    # not have is still an error at the op
    m = parse(_LITERAL_OPS.replace("RESULT", "%c0"), "t.mlir")
    ops = [o for o in m.walk() if o.name == "arith.constant"]
    assert len(ops) == 2
    assert ops[0].tmpl == ops[1].tmpl == ["arith.constant 0 : index"]
    assert ops[0].tmpl[0] is ops[1].tmpl[0]
    assert ops[0].tmpl is not ops[1].tmpl
    assert [o.results[0].type for o in ops] == ["index", "index"]
    assert ops[0].dloc == '"a.py":1:2' and ops[1].dloc is None
    with pytest.raises(FastallocError) as ei:
        parse(_LITERAL_OPS.replace("RESULT", "%c0:2"), "t.mlir")
    assert "operation defines 1 results but was provided 2 to bind" in ei.value.message
    assert (ei.value.loc.line, ei.value.loc.col) == (6, 11)  # at the op name, as base5
