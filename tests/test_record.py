"""fastalloc._record: the record classes that replaced @dataclass behave as
the dataclasses did (equality, hash, repr, immutability, pickling)."""

from __future__ import annotations

import copy
import pickle

import pytest

from fastalloc._record import Frozen, Record
from fastalloc.errors import SourceLocation
from fastalloc.ir.attributes import DeviceAffinity, OpaqueAffinity, OptimalAffinity, ResourceConfig, join_or
from fastalloc.passes import PassContext, PassOptions


def test_frozen_equality_hash_and_repr():
    a = SourceLocation("m.mlir", 3, 5)
    assert a == SourceLocation("m.mlir", 3, 5, None) and hash(a) == hash(SourceLocation("m.mlir", 3, 5))
    assert a != SourceLocation("m.mlir", 3, 6) and a != ("m.mlir", 3, 5, None)
    assert repr(a) == "SourceLocation(filename='m.mlir', line=3, col=5, source_line=None)"
    assert str(a) == "m.mlir:3:5"
    assert len({a, SourceLocation("m.mlir", 3, 5), SourceLocation("m.mlir", 4, 5)}) == 2
    # a different class with the same values is not equal
    assert DeviceAffinity("affinity", "@d", None) != OpaqueAffinity("affinity")
    assert ResourceConfig() == ResourceConfig(64, 64) and repr(ResourceConfig(16)) == (
        "ResourceConfig(offset_alignment=16, range_alignment=64)")


def test_frozen_fields_cannot_change():
    a = SourceLocation("m.mlir", 3, 5)
    with pytest.raises(AttributeError, match="cannot assign to field 'line'"):
        a.line = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del a.col  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.other = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        PassOptions().pack_strategy = "best-fit"  # type: ignore[misc]
    assert a.line == 3


@pytest.mark.parametrize("value", [
    SourceLocation("m.mlir", 3, 5, "  %x = ..."),
    OptimalAffinity((DeviceAffinity("affinity", "@a", (0, 1)), OpaqueAffinity("#x"))),
    ResourceConfig(16, 32),
    PassOptions("search", pack_time_limit=0.5, anchors=("util.func",)),
])
def test_frozen_pickle_and_copy(value):
    for again in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert again == value and type(again) is type(value) and hash(again) == hash(value)


def test_affinity_values_still_join():
    a, b = DeviceAffinity("affinity", "@d", (0,)), DeviceAffinity("affinity", "@d", (1,))
    assert join_or(a, b) == DeviceAffinity("affinity", "@d", (0, 1))
    assert join_or(a, OpaqueAffinity("#x")) == OptimalAffinity((a, OpaqueAffinity("#x")))


def test_mutable_record_compares_by_value_and_is_unhashable():
    c = PassContext()
    assert c == PassContext() and c != PassContext(progress=print)
    c.results["stats"] = 1
    assert c != PassContext() and repr(c) == "PassContext(progress=None, results={'stats': 1})"
    with pytest.raises(TypeError):
        hash(c)


def test_subclass_fields_drive_everything():
    class Point(Frozen):
        __slots__ = _fields = ("x", "y")

        def __init__(self, x: int, y: int = 0) -> None:
            object.__setattr__(self, "x", x)
            object.__setattr__(self, "y", y)

    class Box(Record):
        _fields = ("w",)

        def __init__(self, w: int) -> None:
            self.w = w

    p = Point(1)
    assert repr(p).endswith("Point(x=1, y=0)") and p == Point(1, 0) and p != Point(0, 1)
    assert Box(2) == Box(2) and Box(2) != Box(3) and Box(2) != Point(2)
    b = Box(2)
    b.w = 5
    assert b == Box(5)
