"""fastalloc.ir.attributes: one alias table and one canonical form per module,
and the typed readers the passes use."""

from __future__ import annotations

import pytest

from fastalloc import FastallocError
from fastalloc.ir import parse
from fastalloc.ir.attributes import (
    AttrTable,
    DeviceAffinity,
    OpaqueAffinity,
    OptimalAffinity,
    ResourceConfig,
    join_or,
    parse_affinity,
    parse_array,
    parse_dict,
    parse_int,
    parse_int_array,
    parse_resource_config,
    parse_symbol_ref,
    split_top_level,
)
from fastalloc.passes import run_passes
from fastalloc.testing.iree import SCHEDULE_ALLOCATION, find_iree_opt, iree_opt, reprint

needs_iree = pytest.mark.skipif(find_iree_opt() is None, reason="iree-opt not installed (iree-base-compiler==3.13.0)")

# -- aliases and the canonical form --------------------------------------------


def test_aliases_resolve_to_a_fixed_point_anywhere_in_the_text() -> None:
    t = AttrTable([
        "#d0 = #hal.device.affinity<@dev0>",
        "#d0_alias = #d0",
        "#d0_alias2 = #d0_alias",
        "#both = #hal.device.optimal<[#d0_alias2, #hal.device.affinity<@dev1>]>",
        "!t = !stream.resource<transient>",
    ])
    assert t.expand("#d0_alias2") == "#hal.device.affinity<@dev0>"
    assert t.expand("#both") == "#hal.device.optimal<[#hal.device.affinity<@dev0>, #hal.device.affinity<@dev1>]>"
    # a dialect attribute is not an alias; an unknown name stays as written
    assert t.expand("#hal.device.affinity<@dev0>") == "#hal.device.affinity<@dev0>"
    assert t.expand("#nope") == "#nope"
    # string literals are not searched for aliases
    assert t.expand('"#d0"') == '"#d0"'


def test_canonical_key_ignores_layout_whitespace_only() -> None:
    t = AttrTable(["#a = #hal.device.affinity< @dev0 ,[0] >"])
    same = ["#a", "#hal.device.affinity<@dev0, [0]>", "#hal.device.affinity<@dev0,[0]>",
            "  #hal.device.affinity<\n  @dev0, [0]>"]
    assert len({t.key(x) for x in same}) == 1
    assert all(t.same(x, same[0]) for x in same)
    assert not t.same("#hal.device.affinity<@dev0, [1]>", "#a")
    assert not t.same("#a", None) and t.same(None, None)
    # whitespace separating two words, and inside strings, is significant
    assert t.key("#x<a b>") != t.key("#x<ab>")
    assert t.key('"a  b"') != t.key('"a b"')


def test_alias_cycle_is_an_error_naming_the_chain() -> None:
    t = AttrTable(["#a = #b", "#b = #hal.device.optimal<[#a]>"], filename="m.mlir")
    with pytest.raises(FastallocError, match=r"m\.mlir: attribute alias cycle: #a -> #b -> #a"):
        t.key("#a")
    deep = AttrTable([f"#a{k} = #a{k + 1}" for k in range(100)] + ["#a100 = 1"])
    with pytest.raises(FastallocError, match="deeper than"):
        deep.expand("#a0")


def test_the_parser_rejects_cycles_so_parsed_modules_have_none() -> None:
    with pytest.raises(FastallocError, match="undefined symbol alias"):
        parse("#a = #b\n#b = #a\nmodule {\n}\n")


# -- typed readers -----------------------------------------------------------------


def test_split_top_level() -> None:
    assert split_top_level("") == []
    assert split_top_level(" a , b<c, d> , [e, (f, g)] ") == ["a", "b<c, d>", "[e, (f, g)]"]
    assert split_top_level('"x, y", (a) -> (b, c), z') == ['"x, y"', "(a) -> (b, c)", "z"]
    assert split_top_level("a,") == ["a", ""]


def test_integers_arrays_dicts_symbols() -> None:
    assert parse_int("64") == 64 and parse_int("0x40 : index") == 64 and parse_int("-3 : i32") == -3
    assert parse_int("64", typed=True) is None and parse_int("x") is None and parse_int("1.0") is None
    assert parse_array("[1, [2, 3], #a<b, c>]") == ["1", "[2, 3]", "#a<b, c>"]
    assert parse_array("array<i64: 1, 2>") == ["1", "2"] and parse_array("array<i64>") == []
    assert parse_array("{a}") is None
    assert parse_int_array("[0 : index, 0x10]") == [0, 16] and parse_int_array("[a]") is None
    assert parse_dict('{a = 1, b.c, "d.e" = {x = [1, 2]}}') == [("a", "1"), ("b.c", ""), ('"d.e"', "{x = [1, 2]}")]
    assert parse_dict("[1]") is None
    assert parse_symbol_ref("@f") == ["f"] and parse_symbol_ref('@"a b"::@g') == ["a b", "g"]
    assert parse_symbol_ref("f") is None


def test_affinities_and_their_join() -> None:
    d = parse_affinity("#hal.device.affinity<@dev0, [0x1, 0]>")
    assert d == DeviceAffinity("affinity", "@dev0", (1, 0))
    assert parse_affinity("#hal.device.promise<@dev1>") == DeviceAffinity("promise", "@dev1", None)
    o = parse_affinity("#hal.device.optimal<[#hal.device.affinity<@a>, #x.y]>")
    assert o == OptimalAffinity((DeviceAffinity("affinity", "@a", None), OpaqueAffinity("#x.y")))
    assert o.text == "#hal.device.optimal<[#hal.device.affinity<@a>, #x.y]>"
    # queues of one device join; "any queue" absorbs
    q0, q1 = parse_affinity("#hal.device.affinity<@d, [2, 0]>"), parse_affinity("#hal.device.affinity<@d, [1]>")
    assert join_or(q0, q1).text == "#hal.device.affinity<@d, [0, 1, 2]>"
    assert join_or(q0, parse_affinity("#hal.device.affinity<@d>")).text == "#hal.device.affinity<@d>"
    # two devices: an optimal list, which later members join by device
    ab = join_or(parse_affinity("#hal.device.affinity<@a>"), parse_affinity("#hal.device.affinity<@b, [0]>"))
    assert ab.text == "#hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.affinity<@b, [0]>]>"
    abb = join_or(parse_affinity("#hal.device.affinity<@b, [1]>"), ab)
    assert abb.text == "#hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.affinity<@b, [0, 1]>]>"
    t = AttrTable(["#a = #hal.device.affinity<@a>"])
    assert t.join_or([None, "#a", None]) == "#a"  # one affinity stays as written
    assert t.join_or(["#a", "#hal.device.affinity< @a >"]) == "#hal.device.affinity<@a>"
    assert t.join_or([None]) is None


def test_resource_config() -> None:
    text = "#stream.resource_config<{max_allocation_size = 1024, min_buffer_offset_alignment = 0x10, " \
           "min_buffer_range_alignment = 32 : i64}>"
    assert parse_resource_config(text) == ResourceConfig(16, 32)
    t = AttrTable([f"#cfg = {text}", "#cfg2 = #cfg"])
    assert t.resource_config("#cfg2") == ResourceConfig(16, 32)
    # A missing entry is 0, as IREE reads it; layout-slices then aligns to 0
    # as iree-opt does (tests/test_layout_slices.py compares the layouts).
    assert parse_resource_config("#stream.resource_config<{min_buffer_offset_alignment = 16}>") == ResourceConfig(16, 0)
    with pytest.raises(FastallocError, match="is not a #stream.resource_config"):
        parse_resource_config("#other<{}>")


# -- the passes agree ------------------------------------------------------------

# An execute on dev0 (spelled through a two-level alias chain) with a transfer
# whose source is dev0 spelled differently again: the planner (result
# placement, constant buckets) and the converter (transfer or plain copy)
# must both see one device.  Before one table per module, the planner
# resolved 8 levels of whole-text aliases with whitespace collapsed, the
# converter 16 levels anywhere with all whitespace dropped, layout-slices one
# level: "#dev = #dev_inner" with "#dev_inner = #hal.device.affinity<@dev0,[0]>"
# was dev0 for one and not for another.
_TWO_LEVELS = """\
#dev_inner = #hal.device.affinity<@dev0,[0]>
#dev = #dev_inner
#cfg_inner = #stream.resource_config<{min_buffer_offset_alignment = 16, min_buffer_range_alignment = 16}>
#cfg = #cfg_inner
module attributes {stream.resources = #cfg} {
  util.func public @f(%arg0: !stream.resource<external>, %sz: index) -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c0_i32 = arith.constant 0 : i32
    %r, %tp = stream.async.execute on(#dev) with(%arg0 as %a: !stream.resource<external>{%sz})
        -> !stream.resource<external>{%sz} {
      %t = stream.async.transfer %a : !stream.resource<external>{%sz}
          from(#hal.device.affinity<@dev0, [ 0 ]>) -> to(#dev) !stream.resource<transient>{%sz}
      %s = stream.async.splat %c0_i32 : i32 -> !stream.resource<transient>{%c100}
      %u = stream.async.update %s, %t[%c0 to %c100] : !stream.resource<transient>{%c100}
          -> %t as !stream.resource<transient>{%sz}
      %o = stream.async.clone %u : !stream.resource<transient>{%sz} -> !stream.resource<external>{%sz}
      stream.yield %o : !stream.resource<external>{%sz}
    } => !stream.timepoint
    %ready = stream.timepoint.await %tp => %r : !stream.resource<external>{%sz}
    util.return %ready : !stream.resource<external>
  }
}
"""


def test_planner_converter_and_layout_agree_on_nested_aliases() -> None:
    out = run_passes(_TWO_LEVELS, ["schedule-allocation", "layout-slices"])
    # converter: source and target are the execute's own device -> a plain copy
    assert "stream.cmd.copy" in out
    assert "stream.cmd.invalidate" not in out and "stream.cmd.flush" not in out
    # planner: the result is reserved on the execute's device, as written
    assert "stream.resource.alloca uninitialized on(#dev)" in out
    # layout-slices: the alignment of the nested config alias (16, not the default 64)
    assert "arith.constant 64 : index" not in out and "arith.constant 16 : index" in out


# Two results placed on one device spelled two ways (an alias of an alias,
# and the attribute itself with other spacing).  MLIR uniques attributes: one
# bucket, one pack of two slices, one alloca.  The planner's old normalizer
# (whole-text aliases, whitespace collapsed) saw two devices and made two
# allocas.
_TWO_SPELLINGS = """\
#dev1_inner = #hal.device.affinity<@dev1,[0]>
#dev1 = #dev1_inner
util.global private @dev1 : !hal.device
util.func public @f(%arg0: !stream.resource<external>, %sz: index) -> (!stream.resource<external>, !stream.resource<external>) {
  %r:2, %tp = stream.async.execute with(%arg0 as %a: !stream.resource<external>{%sz}) -> (!stream.resource<external>{%sz}, !stream.resource<external>{%sz}) {
    %t0 = stream.async.transfer %a : !stream.resource<external>{%sz} -> to(#dev1) !stream.resource<external>{%sz}
    %t1 = stream.async.transfer %a : !stream.resource<external>{%sz} -> to(#hal.device.affinity<@dev1, [0]>) !stream.resource<external>{%sz}
    stream.yield %t0, %t1 : !stream.resource<external>{%sz}, !stream.resource<external>{%sz}
  } => !stream.timepoint
  %x:2 = stream.timepoint.await %tp => %r#0, %r#1 : !stream.resource<external>{%sz}, !stream.resource<external>{%sz}
  util.return %x#0, %x#1 : !stream.resource<external>, !stream.resource<external>
}
"""


def test_planner_buckets_one_device_spelled_two_ways_together() -> None:
    out = run_passes(_TWO_SPELLINGS, ["schedule-allocation"])
    assert out.count("stream.resource.alloca") == 1
    assert out.count("stream.resource.pack") == 1 and "%1:3 = stream.resource.pack on(#dev1)" in out
    # the region has no affinity: both transfers leave it (two flushes)
    assert out.count("stream.cmd.flush") == 2


@pytest.mark.iree
@needs_iree
def test_planner_buckets_like_iree_opt() -> None:
    ours = run_passes(_TWO_SPELLINGS, ["schedule-allocation"])
    theirs = iree_opt(_TWO_SPELLINGS, SCHEDULE_ALLOCATION)
    assert reprint(ours) == reprint(theirs)


# -- the hand-written readers agree with their patterns ------------------------
# (parse_int and parse_affinity read without compiling a pattern; the
# patterns stay as the reference.)

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from fastalloc.ir import attributes as _attrs  # noqa: E402

_INT_PIECES = ["0", "7", "42", "0x", "0X", "1f", "Ab", "g", "-", "--", ":", " ", "\t", "\n", "\x1c", "\u00a0",
               "\u2003", "index", "i", "si", "ui", "32", "f32", "\u0663", "\u00b2", "x", "_", "1_0"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_INT_PIECES), max_size=8).map("".join))
def test_match_int_is_the_int_pattern(text):
    m = _attrs._INT.match(text)
    assert _attrs._match_int(text) == (None if m is None else m.group(1, 2))


_DEVICE_PIECES = ["#hal.device.", "affinity", "promise", "optimal", "<", ">", "@", "dev", "_", ".", "$", "-",
                  "\u00e9", "\u0663", " ", ",", "[", "]", "0", "1", "x", "#"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_DEVICE_PIECES), max_size=10).map("".join))
def test_match_device_is_the_device_pattern(text):
    text = _attrs._collapse(text)  # parse_affinity's input
    m = _attrs._DEVICE.match(text)
    assert _attrs._match_device(text) == (None if m is None else m.groups())
    # and what parse_affinity makes of it is what the pattern gave
    if m is not None:
        assert isinstance(_attrs.parse_affinity(text), (_attrs.DeviceAffinity, _attrs.OpaqueAffinity))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([" ", "\t", "\n", "\u2003", "a", '"', "b c", "\\"]), max_size=10).map("".join))
def test_collapse_without_strings_is_the_regex_one(text):
    import re

    want = _attrs._outside_strings(text, lambda s: re.sub(r"\s+", " ", s)).strip()
    assert _attrs._collapse(text) == want


_REF_PIECES = ["#", "a", "Z", "_", "9", ".", "$", "-", "\u00e9", "\u0663", " ", "<", "#x", "##", "a.b"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_REF_PIECES), max_size=10).map("".join))
def test_sub_alias_refs_is_the_alias_pattern(text):
    def fn(ref: str) -> str:
        return f"[{ref}]"

    assert _attrs._sub_alias_refs(text, fn) == _attrs._ALIAS_REF.sub(lambda m: fn(m.group()), text)


_CONFIG_PIECES = ["#stream.resource_config", "#stream.resource", "<", ">", "{", "}", " ", "\n", "\u2003",
                  "a = 1", ",", "x", "#"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_CONFIG_PIECES), max_size=10).map("".join))
def test_search_config_is_the_config_pattern(text):
    m = _attrs._CONFIG_ATTR.search(text)
    assert _attrs._search_config(text) == (None if m is None else m.group("body"))
