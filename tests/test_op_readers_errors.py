"""The format-driven op readers (parser._p_format, _c_*) leave the token
after an op exactly where the statement loop expects it: a broken statement
right after a known op gets the same error, at the same place, whatever
the op's last directive read (expected messages: base9's, which iree-opt's
wording follows)."""

from __future__ import annotations

import pytest

from fastalloc.errors import FastallocError
from fastalloc.ir import parse

HEAD = """util.func public @f(%n: index) {
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : i32
"""

# the known op before the broken line: its last tokens are read by a custom directive
OPS = {
    "dispatch_sized_result": "  %d = stream.async.dispatch @ex::@entry(%c4) : (index) -> !stream.resource<transient>{%n}\n",
    "dispatch_paren_result": "  %d = stream.async.dispatch @ex::@entry(%c4) : (index) -> (!stream.resource<transient>{%n})\n",
    "dispatch_ranged_operand": (
        "  %r = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%n}\n"
        "  %d = stream.async.dispatch @ex::@entry(%r[%c4 to %n for %n]) : (!stream.resource<transient>{%n}) -> %r{%n}\n"
    ),
    "call_sized_result": "  %d = stream.async.call @callee(%c4) : (index) -> !stream.resource<transient>{%n}\n",
}

# the broken line -> (column, message)
BROKEN = {
    "missing_equals": ("  %e  stream.async.splat %c7 : i32 -> !stream.resource<transient>{%n}\n", 7,
                       "expected '=' after the result list"),
    "keyword_as_op": ("  as = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%n}\n", 3,
                      "Dialect `' not found for custom op 'as' (tried '.as' as well)"),
    "empty_result_count": ("  %e:  = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%n}\n", 8,
                           "expected positive integer result count"),
}


@pytest.mark.parametrize("broken", sorted(BROKEN))
@pytest.mark.parametrize("op", sorted(OPS))
def test_broken_line_after_known_op(op, broken):
    line_text, col, msg = BROKEN[broken]
    body = OPS[op]
    text = HEAD + body + line_text + "  util.return\n}\n"
    line = HEAD.count("\n") + body.count("\n") + 1
    with pytest.raises(FastallocError) as e:
        parse(text, "t.mlir")
    assert str(e.value).splitlines()[0] == f"t.mlir:{line}:{col}: error: {msg}"
