"""minimalloc CSV read/write: boundary conversion and located errors."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc.csvio import read_csv, write_csv
from fastalloc.errors import FastallocError


def test_read_converts_to_inclusive(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("id,lower,upper,size\nb1,0,3,4\nb2,3,9,4\n")
    p = read_csv(path)
    assert p.ids == ["b1", "b2"]
    assert p.starts.tolist() == [0, 3] and p.ends.tolist() == [2, 8] and p.sizes.tolist() == [4, 4]
    assert p.offsets is None and len(p) == 2
    assert p.starts.dtype == p.ends.dtype == p.sizes.dtype == np.int64


def test_write_then_read_roundtrip_with_offsets(tmp_path):
    path = tmp_path / "s.csv"
    write_csv(path, [0, 5], [4, 5], [10, 20], [0, 64], ids=["x", "y"])
    assert path.read_text() == "id,lower,upper,size,offset\nx,0,5,10,0\ny,5,6,20,64\n"
    p = read_csv(path)
    assert p.ids == ["x", "y"] and p.ends.tolist() == [4, 5] and p.offsets.tolist() == [0, 64]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2**40), st.integers(0, 2**20), st.integers(0, 2**62)), max_size=30))
def test_roundtrip_property(rows):
    s = [r[0] for r in rows]
    e = [r[0] + r[1] for r in rows]
    z = [r[2] for r in rows]
    buf = io.StringIO()
    write_csv(buf, s, e, z)
    p = read_csv(io.StringIO(buf.getvalue()))
    assert p.ids == [str(i) for i in range(len(rows))]
    assert p.starts.tolist() == s and p.ends.tolist() == e and p.sizes.tolist() == z


def test_header_in_any_order_and_blank_lines():
    p = read_csv(io.StringIO("size,id,upper,lower\n8,a,2,1\n\n"), filename="m.csv")
    assert p.ids == ["a"] and p.starts.tolist() == [1] and p.ends.tolist() == [1] and p.sizes.tolist() == [8]


@pytest.mark.parametrize(
    "text, where, message",
    [
        ("", "m.csv:1:1", "expected the header"),
        ("id,lower,size\n", "m.csv:1:1", "lacks the column 'upper'"),
        ("id,lower,upper,size\na,0,3\n", "m.csv:2:1", "expected 4 fields (id,lower,upper,size), got 3"),
        ("id,lower,upper,size\na,0,3,4\nb,1,x2,4\n", "m.csv:3:5", "upper 'x2' is not an integer"),
        ("id,lower,upper,size\na,0,3,-4\n", "m.csv:2:7", "size -4 is negative"),
        ("id,lower,upper,size\na,5,5,4\n", "m.csv:2:5", "buffer 'a': upper 5 must be greater than lower 5"),
        ("id,lower,upper,size\na,0,3,4\na,1,2,4\n", "m.csv:3:1", "duplicate id 'a' (first on line 2)"),
        ("id,lower,upper,size\na,0,3,99999999999999999999\n", "m.csv:2:7", "does not fit in int64"),
        ("id,lower,upper,size,offset\na,0,3,4,1.5\n", "m.csv:2:9", "offset '1.5' is not an integer"),
    ],
)
def test_bad_rows_are_located(text, where, message):
    with pytest.raises(FastallocError) as info:
        read_csv(io.StringIO(text), filename="m.csv")
    err = info.value
    assert str(err).startswith(f"{where}: error: ")
    assert message in str(err)
    assert f"{err.loc.filename}:{err.loc.line}:{err.loc.col}" == where


def test_write_rejects_bad_input():
    with pytest.raises(FastallocError, match="same length"):
        write_csv(io.StringIO(), [0], [1, 2], [1])
    with pytest.raises(FastallocError, match="buffer 0: lifetime end 0 < start 1"):
        write_csv(io.StringIO(), [1], [0], [1])
