"""read_csv's fast path (fastalloc._csvscan) against its line-by-line reader:
the same Problem from both on generated well-formed files, and every anomaly
sent to the slow path, which keeps its located errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastalloc import FastallocError
from fastalloc.csvio import IdList, _read_fast, _read_slow, read_csv

HEADERS = ["id,lower,upper,size", "id,lower,upper,size,offset", "size,upper,id,lower", "lower,id,size,upper,offset"]


@st.composite
def csv_files(draw):
    header = draw(st.sampled_from(HEADERS)).split(",")
    n = draw(st.integers(1, 40))
    ids = draw(st.lists(st.integers(0, 10**18 - 1), min_size=n, max_size=n, unique=True))
    rows = []
    for i in range(n):
        lower = draw(st.integers(0, 10**17))
        upper = lower + draw(st.integers(1, 10**6))
        vals = {"id": ids[i], "lower": lower, "upper": upper,
                "size": draw(st.integers(0, 10**18 - 1)), "offset": draw(st.integers(0, 10**12))}
        rows.append(",".join(str(vals[h]) for h in header))
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    last = draw(st.sampled_from([eol, ""]))
    return ",".join(header) + eol + eol.join(rows) + last


def _same(a, b):
    assert list(a.ids) == list(b.ids)
    for k in ("starts", "ends", "sizes"):
        x, y = getattr(a, k), getattr(b, k)
        assert x.dtype == y.dtype == np.int64 and np.array_equal(x, y), k
    assert (a.offsets is None) == (b.offsets is None)
    if a.offsets is not None:
        assert np.array_equal(a.offsets, b.offsets)


@settings(max_examples=150, deadline=None)
@given(csv_files())
def test_fast_path_gives_the_slow_paths_problem(text):
    fast = _read_fast(text.encode())
    assert fast is not None, text
    assert isinstance(fast.ids, IdList)
    _same(fast, _read_slow(text, "f.csv"))


def test_fast_path_through_read_csv(tmp_path):
    p = tmp_path / "p.csv"
    p.write_text("id,lower,upper,size\n0,0,2,64\n1,1,3,32\n7,5,6,8\n")
    prob = read_csv(p)
    assert isinstance(prob.ids, IdList)
    assert prob.ids == ["0", "1", "7"] and ["0", "1", "7"] == prob.ids and prob.ids[2] == "7"
    assert prob.ids[1:] == ["1", "7"] and len(prob.ids) == 3 and prob.ids != ["0", "1"]
    assert prob.starts.tolist() == [0, 1, 5] and prob.ends.tolist() == [1, 2, 5] and prob.sizes.tolist() == [64, 32, 8]


# Files the fast path must refuse (it returns None): each is read by the slow path.
LENIENT = {
    "spaces": "id,lower,upper,size\n 0, 0,2,64\n",
    "blank line": "id,lower,upper,size\n0,0,2,64\n\n1,0,2,64\n",
    "leading zero id": "id,lower,upper,size\n007,0,2,64\n",
    "names as ids": "id,lower,upper,size\nb1,0,2,64\n",
    "upper-case header": "ID,Lower,Upper,Size\n0,0,2,64\n",
    "bom": "\ufeffid,lower,upper,size\n0,0,2,64\n",
    "19 digits": "id,lower,upper,size\n0,0,2,1000000000000000000\n",
    "plus sign": "id,lower,upper,size\n0,+0,2,64\n",
}


@pytest.mark.parametrize("name", sorted(LENIENT))
def test_lenient_files_take_the_slow_path(name, tmp_path):
    text = LENIENT[name]
    assert _read_fast(text.encode()) is None
    p = tmp_path / "p.csv"
    p.write_bytes(text.encode())
    _same(read_csv(p), _read_slow(text, "p.csv"))


BAD = {
    "id,lower,upper,size\n0,0,2,64\n1,3,3,8\n": "p.csv:3:5: error: buffer '1': upper 3 must be greater than lower 3",
    "id,lower,upper,size\n0,0,2,64\n0,0,2,8\n": "p.csv:3:1: error: duplicate id '0' (first on line 2)",
    "id,lower,upper,size\n0,0,2,64\n1,0,2\n": "p.csv:3:1: error: expected 4 fields (id,lower,upper,size), got 3",
    "id,lower,upper,size\n0,0,2,-64\n": "p.csv:2:7: error: size -64 is negative",
    "id,lower,upper,size\n0,0,2,6x4\n": "p.csv:2:7: error: size '6x4' is not an integer",
    "id,lower,upper,size\n0,0,2,,\n": "p.csv:2:1: error: expected 4 fields (id,lower,upper,size), got 5",
    "id,lower,upper,size\n0,0,2,99999999999999999999\n": "p.csv:2:7: error: size 99999999999999999999 does not fit in int64",
    "id,lower,size\n0,0,2\n": "p.csv:1:1: error: header lacks the column 'upper'",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_malformed_files_keep_their_located_errors(text, tmp_path):
    assert _read_fast(text.encode()) is None
    p = tmp_path / "p.csv"
    p.write_bytes(text.encode())
    with pytest.raises(FastallocError) as info:
        read_csv(p)
    assert info.value.format().startswith(BAD[text].replace("p.csv", str(p)))


def test_not_utf8_is_located(tmp_path):
    p = tmp_path / "p.csv"
    p.write_bytes(b"id,lower,upper,size\n0,0,2,64\n1,0,\xff2,64\n")
    with pytest.raises(FastallocError) as info:
        read_csv(p)
    assert info.value.format().startswith(f"{p}:3:5: error: not UTF-8 text")


def test_scanner_bounds():
    from fastalloc._csvscan import scan_csv_body

    assert scan_csv_body(b"1,2\n3,4", 2, 0, 2).tolist() == [[1, 2], [3, 4]]
    assert scan_csv_body(b"1,2\n3,4\n", 2, 0, 1) is None  # more rows than the caller counted
    assert scan_csv_body(b"", 2, 0, 1).shape == (0, 2)
    with pytest.raises(ValueError):
        scan_csv_body(b"1", 1, 1, 1)
