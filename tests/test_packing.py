"""fastalloc.packing: pack (iree and best-fit strategies), lower_bound, validate.

The iree strategy is checked three ways: against iree-opt 3.13 itself on
random static packs, against a pure-Python transcription of
packStaticSlicesGreedily, and against the quadratic transcription in fastalloc.kernels.iree_pack.
"""

from __future__ import annotations

import itertools
import re
from array import array

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fastalloc.kernels import bound as _bound
from fastalloc.kernels import intervals as _intervals
from fastalloc.kernels import iree_pack as _iree_pack
from fastalloc.kernels import sort as _sort
from fastalloc.errors import FastallocError
from fastalloc.packing import STRATEGIES, Plan, lower_bound, pack, validate
from fastalloc.testing.iree import iree_opt

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------
# Pure-Python references
# ---------------------------------------------------------------------------


def align_up(x: int, a: int) -> int:
    return (x + a - 1) // a * a


def ref_iree(starts, ends, sizes, alignment, range_alignment):
    """packStaticSlicesGreedily (LayoutSlices.cpp), as written there."""
    res = []  # (offset, aligned size, index), kept in IREE's list order
    offsets = []
    top = 0
    for i, (s, e, z) in enumerate(zip(starts, ends, sizes)):
        z = align_up(z, range_alignment)
        best = fit = None
        cur = 0
        for off, size, j in res:
            if not (ends[j] >= s and e >= starts[j]):
                continue
            a = align_up(cur, alignment)
            if a + z <= off and (fit is None or off - a < fit):
                best, fit = a, off - cur
            cur = max(cur, off + size)
        if best is None:
            best = align_up(cur, alignment)
        k = 0
        while k < len(res) and res[k][0] < best:
            k += 1
        res.insert(k, (best, z, i))
        offsets.append(best)
        top = max(top, best + z)
    return offsets, align_up(top, range_alignment)


def ref_lower_bound(starts, ends, sizes, alignment):
    best = 0
    for t in set(starts):
        live = sum(align_up(z, alignment) for s, e, z in zip(starts, ends, sizes) if s <= t <= e)
        best = max(best, live)
    return best


def ref_conflicts(starts, ends, sizes, offsets):
    """All pairs live together and sharing a byte (zero sizes share none)."""
    out = []
    for i, j in itertools.combinations(range(len(starts)), 2):
        if starts[i] <= ends[j] and starts[j] <= ends[i] and sizes[i] > 0 and sizes[j] > 0:
            if offsets[i] < offsets[j] + sizes[j] and offsets[j] < offsets[i] + sizes[i]:
                out.append((i, j))
    return out


# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------


@st.composite
def buffers(draw, max_n=40, max_t=30, sizes=st.integers(0, 300)):
    n = draw(st.integers(0, max_n))
    starts = draw(st.lists(st.integers(0, max_t), min_size=n, max_size=n))
    lengths = draw(st.lists(st.integers(0, 12), min_size=n, max_size=n))
    zs = draw(st.lists(sizes, min_size=n, max_size=n))
    return starts, [s + d for s, d in zip(starts, lengths)], zs


alignments = st.sampled_from([1, 2, 4, 16, 64, 256])


def worst_cases():
    """(name, starts, ends, sizes) edge cases every kernel must handle."""
    n = 50
    return [
        ("all-overlapping", [0] * n, [9] * n, [64 * (i + 1) for i in range(n)]),
        ("none-overlapping", list(range(n)), list(range(n)), [1000 - i for i in range(n)]),
        ("nested", list(range(n)), [2 * n - i for i in range(n)], [(i * 37) % 500 + 1 for i in range(n)]),
        ("one-buffer", [3], [7], [12345]),
        ("zero-sizes", [0, 0, 1, 2, 2], [5, 5, 3, 2, 9], [0, 64, 0, 0, 128]),
        ("all-zero", [0, 1, 2], [4, 4, 4], [0, 0, 0]),
        ("huge", [0, 5, 11], [10, 20, 30], [2**62 - 1, 2**61, 2**60]),
        ("touching", [0, 3, 3, 6], [3, 3, 6, 6], [64, 64, 64, 64]),
    ]


# ---------------------------------------------------------------------------
# iree strategy
# ---------------------------------------------------------------------------


@SETTINGS
@given(buffers(), alignments, alignments, st.booleans())
def test_iree_matches_python_reference(bufs, alignment, range_alignment, by_start):
    s, e, z = bufs
    if by_start:  # the sliding-window path of the kernel (starts non-decreasing)
        s, e, z = (list(x) for x in zip(*sorted(zip(s, e, z)))) if s else (s, e, z)
    plan = pack(s, e, z, alignment=alignment, range_alignment=range_alignment, strategy="iree")
    offsets, total = ref_iree(s, e, z, alignment, range_alignment)
    assert plan.offsets.tolist() == offsets
    assert plan.total == total
    assert plan.offsets.dtype == np.int64
    validate(s, e, z, plan.offsets, alignment, range_alignment)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 16, 64]))
def test_iree_matches_quadratic_kernel(seed, alignment):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 1500))
    s = rng.integers(0, n // 4 + 1, n)
    e = s + np.exp(rng.uniform(0, np.log(300), n)).astype(np.int64)
    z = rng.integers(0, 5000, n)
    if rng.random() < 0.5:  # IREE's canonical order: by lifetime
        o = np.lexsort((e, s))
        s, e, z = s[o], e[o], z[o]
    za = (z + alignment - 1) // alignment * alignment
    fast, top_fast = _iree_pack._pack_iree(s, e, za, alignment)
    slow, top_slow = _iree_pack._pack_iree_quadratic(s, e, za, alignment)
    np.testing.assert_array_equal(fast, slow)
    assert top_fast == top_slow


@pytest.mark.parametrize("case", worst_cases(), ids=lambda c: c[0])
@pytest.mark.parametrize("alignment", [1, 64])
def test_iree_worst_cases(case, alignment):
    _, s, e, z = case
    plan = pack(s, e, z, alignment=alignment, strategy="iree")
    offsets, total = ref_iree(s, e, z, alignment, alignment)
    assert plan.offsets.tolist() == offsets
    assert plan.total == total
    validate(s, e, z, plan.offsets, alignment)


def test_iree_layout_slices_example():
    # STREAM_SYNTAX.md section 6, measured with iree-opt 3.13 (default alignment 64).
    plan = pack([1, 2, 3, 7, 8], [2, 7, 5, 11, 9], [256, 256, 128, 256, 256], strategy="iree")
    assert plan.offsets.tolist() == [0, 256, 0, 0, 256]
    assert plan.total == 512


def _pack_module(packs):
    """One util.func per pack returning (total, offsets...), with its own
    #stream.resource_config when the alignments are not the default 64/64."""
    lines = []
    for k, (s, e, z, oa, ra) in enumerate(packs):
        n = len(s)
        rtypes = ", ".join(["index"] * (n + 1))
        attrs = ""
        if (oa, ra) != (64, 64):
            attrs = (
                " attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, "
                f"min_buffer_offset_alignment = {oa}, max_buffer_range = 1073741824, "
                f"min_buffer_range_alignment = {ra}, index_bits = 64}}>}}"
            )
        lines.append(f"util.func public @p{k}() -> ({rtypes}){attrs} {{")
        for size in sorted(set(z)):
            lines.append(f"  %c{size} = arith.constant {size} : index")
        slices = ",\n".join(f"    [{a}, {b}] = %c{size}" for a, b, size in zip(s, e, z))
        lines.append(f"  %0:{n + 1} = stream.resource.pack slices({{\n{slices}\n  }}) : index")
        results = ", ".join(f"%0#{i}" for i in range(n + 1))
        lines.append(f"  util.return {results} : {rtypes}")
        lines.append("}")
    return "\n".join(lines) + "\n"


def _read_results(text, n_funcs):
    """{func index: [int results]} from canonicalized util.funcs that return constants."""
    out = {}
    for m in re.finditer(r"util\.func public @p(\d+)\(\).*?\n(.*?)\n  \}", text, re.S):
        body = m.group(2)
        consts = dict(re.findall(r"%(\w+) = arith\.constant (\d+) : index", body))
        ret = re.search(r"util\.return (.*?) :", body).group(1)
        out[int(m.group(1))] = [int(consts[v.strip().lstrip("%")]) for v in ret.split(",")]
    assert len(out) == n_funcs, text
    return out


@pytest.mark.iree
def test_iree_strategy_matches_iree_opt():
    rng = np.random.default_rng(20261130)
    packs = []
    for k in range(48):
        n = int(rng.integers(1, 25))
        span = int(rng.integers(1, 20))
        s = rng.integers(0, span, n)
        e = s + rng.integers(0, 8, n)
        z = rng.choice([0, 1, 3, 16, 17, 64, 100, 128, 200, 255, 256, 1000], n)
        if k % 3 == 0:
            # IREE's canonical order (lifetime ascending), with repeated intervals.
            o = np.lexsort((e, s))
            s, e, z = s[o], e[o], z[o]
        oa, ra = [(64, 64), (16, 16), (1, 1), (16, 64), (256, 16), (8, 32)][k % 6]
        packs.append((s.tolist(), e.tolist(), z.tolist(), oa, ra))
    text = iree_opt(_pack_module(packs), "builtin.module(util.func(iree-stream-layout-slices, canonicalize))")
    got = _read_results(text, len(packs))
    for k, (s, e, z, oa, ra) in enumerate(packs):
        plan = pack(s, e, z, alignment=oa, range_alignment=ra, strategy="iree")
        want_total, *want_offsets = got[k]
        assert plan.offsets.tolist() == want_offsets, (k, s, e, z, oa, ra)
        assert plan.total == want_total, (k, s, e, z, oa, ra)


# ---------------------------------------------------------------------------
# Every strategy: valid plans
# ---------------------------------------------------------------------------


@SETTINGS
@given(buffers(), alignments, st.sampled_from(STRATEGIES))
def test_pack_is_valid_and_above_lower_bound(bufs, alignment, strategy):
    s, e, z = bufs
    plan = pack(s, e, z, alignment=alignment, strategy=strategy)
    assert isinstance(plan, Plan)
    assert plan.strategy == strategy and plan.alignment == alignment
    assert plan.offsets.shape == (len(s),) and plan.offsets.dtype == np.int64
    assert np.all(plan.offsets % alignment == 0)
    assert plan.total % alignment == 0
    za = [align_up(x, alignment) for x in z]
    assert ref_conflicts(s, e, za, plan.offsets.tolist()) == []
    assert all(o + x <= plan.total for o, x in zip(plan.offsets.tolist(), za))
    assert plan.total >= ref_lower_bound(s, e, z, alignment)
    validate(s, e, z, plan.offsets, alignment)


@pytest.mark.parametrize("case", worst_cases(), ids=lambda c: c[0])
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_pack_worst_cases(case, strategy):
    name, s, e, z = case
    plan = pack(s, e, z, alignment=64, strategy=strategy)
    validate(s, e, z, plan.offsets, 64)
    assert plan.total >= lower_bound(s, e, z, 64)
    if name == "none-overlapping":
        assert plan.total == max(align_up(x, 64) for x in z)
    if name == "all-zero":
        assert plan.total == 0


def test_pack_empty():
    for strategy in STRATEGIES:
        plan = pack([], [], [], strategy=strategy)
        assert plan.total == 0 and plan.offsets.shape == (0,)
        offsets, total = plan
        assert total == 0
    assert lower_bound([], [], []) == 0
    validate([], [], [], [])


def test_pack_accepts_integral_floats_and_noncontiguous():
    s = np.arange(20, dtype=np.int64)[::2]
    e = (s + 3).astype(np.float64)
    z = np.full(10, 100, dtype=np.uint32)
    plan = pack(s, e, z, strategy="iree")
    assert plan.offsets.tolist() == pack(s.tolist(), e.astype(int).tolist(), [100] * 10, strategy="iree").offsets.tolist()


def test_range_alignment_rounds_sizes_and_total():
    plan = pack([0, 0], [1, 1], [10, 10], alignment=16, range_alignment=64, strategy="iree")
    assert plan.offsets.tolist() == [0, 64] and plan.total == 128
    plan = pack([0, 0], [1, 1], [10, 10], alignment=64, range_alignment=16, strategy="iree")
    assert plan.offsets.tolist() == [0, 64] and plan.total == 80


# ---------------------------------------------------------------------------
# lower_bound
# ---------------------------------------------------------------------------


@SETTINGS
@given(buffers(), alignments, st.sampled_from([1, 10**9]))
def test_lower_bound_matches_reference(bufs, alignment, spread):
    # spread = 10**9 spaces the times out so the kernel sweeps sorted events
    # instead of filling a difference array.
    s, e, z = bufs
    s = [x * spread for x in s]
    e = [x * spread + spread // 2 for x in e]
    assert lower_bound(s, e, z, alignment) == ref_lower_bound(s, e, z, alignment)


@pytest.mark.parametrize("case", worst_cases(), ids=lambda c: c[0])
def test_lower_bound_worst_cases(case):
    _, s, e, z = case
    assert lower_bound(s, e, z, 1) == ref_lower_bound(s, e, z, 1)


# ---------------------------------------------------------------------------
# validate
# ---------------------------------------------------------------------------


@SETTINGS
@given(buffers(max_n=25, sizes=st.integers(0, 5)), st.lists(st.integers(0, 12), min_size=25, max_size=25))
def test_find_conflict_agrees_with_brute_force(bufs, offs):
    s, e, z = bufs
    if len(s) % 2:  # sparse times: the sort branch of the sweep
        s = [x * 10**12 for x in s]
        e = [x * 10**12 for x in e]
    o = offs[: len(s)]
    conflicts = ref_conflicts(s, e, z, o)
    a, b = _bound._find_conflict(*(np.asarray(x, dtype=np.int64) for x in (s, e, z, o)))
    if conflicts:
        assert (min(a, b), max(a, b)) in conflicts
        with pytest.raises(FastallocError, match=rf"buffers {a} and {b} overlap"):
            validate(s, e, z, o, alignment=1)
    else:
        assert (a, b) == (-1, -1)
        validate(s, e, z, o, alignment=1)


@SETTINGS
@given(buffers(max_n=30, sizes=st.integers(1, 300)), st.sampled_from(STRATEGIES), st.data())
def test_validate_rejects_perturbed_plan(bufs, strategy, data):
    s, e, z = bufs
    overlapping = [(i, j) for i, j in itertools.combinations(range(len(s)), 2) if s[i] <= e[j] and s[j] <= e[i]]
    if not overlapping:
        return
    plan = pack(s, e, z, alignment=16, strategy=strategy)
    validate(s, e, z, plan.offsets, 16)
    i, j = data.draw(st.sampled_from(overlapping))
    bad = plan.offsets.copy()
    # Move i into j's storage: the two now share j's first 16 bytes.
    bad[i] = bad[j] + 16 * data.draw(st.integers(0, (align_up(z[j], 16) - 1) // 16))
    with pytest.raises(FastallocError, match=r"buffers \d+ and \d+ overlap: buffer \d+ \(lifetime \["):
        validate(s, e, z, bad, 16)


def test_validate_message_names_buffers_and_numbers():
    with pytest.raises(FastallocError) as info:
        validate([0, 2], [5, 9], [100, 64], [0, 64], alignment=64)
    msg = str(info.value)
    assert "buffers 0 and 1 overlap" in msg
    assert "buffer 0 (lifetime [0, 5], offset 0, size 128)" in msg
    assert "buffer 1 (lifetime [2, 9], offset 64, size 64)" in msg
    assert "[64, 128)" in msg


def test_validate_rejects_misaligned_and_negative_offsets():
    with pytest.raises(FastallocError, match=r"buffer 1: offset 32 is not a multiple of the alignment 64"):
        validate([0, 0], [1, 1], [64, 64], [0, 32])
    with pytest.raises(FastallocError, match=r"buffer 0: negative offset -64"):
        validate([0], [1], [64], [-64])
    with pytest.raises(FastallocError, match=r"offsets has length 1, expected 2"):
        validate([0, 0], [1, 1], [64, 64], [0])
    # Disjoint lifetimes may share memory; touching lifetimes may not.
    validate([0, 2], [1, 3], [64, 64], [0, 0])
    with pytest.raises(FastallocError, match="buffers 0 and 1 overlap"):
        validate([0, 1], [1, 3], [64, 64], [0, 0])


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, kwargs, pattern",
    [
        (([0, 1], [1], [1, 1]), {}, r"same length, got 2, 1, 2"),
        (([0, 1], [1, 2], [1, -5]), {}, r"buffer 1: negative size -5"),
        (([0, 4], [1, 3], [1, 1]), {}, r"buffer 1: lifetime end 3 < start 4"),
        (([-1], [3], [1]), {}, r"buffer 0: lifetime start -1 is negative"),
        (([0], [1], [1]), {"alignment": 48}, r"alignment must be a power of two .* got 48"),
        (([0], [1], [1]), {"alignment": 0}, r"alignment must be a power of two"),
        (([0], [1], [1]), {"range_alignment": 3}, r"range_alignment must be a power of two"),
        (([0], [1], [1]), {"strategy": "worst-fit"}, r"unknown packing strategy 'worst-fit'"),
        (([0, 1], [1, 2.5], [1, 1]), {}, r"ends\[1\] = 2\.5 is not an int64 integer"),
        (([0, 1], [1, 2], [1, float("nan")]), {}, r"sizes\[1\] = nan is not an int64 integer"),
        (([0], [1], ["a"]), {}, r"sizes: expected integers, got dtype <U1"),
        (([0], [1], [[1]]), {}, r"sizes: expected a 1-D array, got shape \(1, 1\)"),
        (([0], [1], [2**63 - 10]), {}, r"buffer 0: size 9223372036854775798 rounded up to 64 overflows int64"),
        (([0, 0], [1, 1], [2**62, 2**62]), {}, r"sum of the 2 sizes rounded up to 64 is 9223372036854775808"),
        (([0], [1], np.array([2**64 - 1], dtype=np.uint64)), {}, r"sizes\[0\] = 18446744073709551615 does not fit"),
        (([0], [1], np.array([1], dtype=object)), {}, None),
        (([0], [1], np.array([1.5], dtype=object)), {}, r"sizes\[0\] = 1\.5 is not an integer"),
    ],
)
def test_bad_input(args, kwargs, pattern):
    for strategy in STRATEGIES:
        kw = {"strategy": strategy, **kwargs}
        if pattern is None:
            assert pack(*args, **kw).total == 64
            continue
        with pytest.raises(FastallocError, match=pattern):
            pack(*args, **kw)
    if pattern is not None and "strategy" not in kwargs and "range_alignment" not in kwargs:
        with pytest.raises(FastallocError, match=pattern):
            lower_bound(*args, **kwargs)
        with pytest.raises(FastallocError, match=pattern):
            validate(*args, [0] * len(args[0]), **kwargs)


def test_padding_overflow_is_an_error():
    # The sizes fit, but offset padding could push an offset past int64.
    n = 3
    with pytest.raises(FastallocError, match="alignment padding"):
        pack([0] * n, [0] * n, [2**61] * n, alignment=2**61, range_alignment=1, strategy="iree")


def test_error_is_a_value_error():
    with pytest.raises(ValueError):
        pack([0], [1], [-1])


def test_iree_huge_sizes_exact():
    s, e, z = [0, 5, 11], [10, 20, 30], [2**62 - 64, 2**61, 2**60]
    plan = pack(s, e, z, strategy="iree")
    assert plan.offsets.tolist() == [0, 2**62 - 64, 0]
    assert plan.total == 2**62 - 64 + 2**61
    validate(s, e, z, plan.offsets)


# ---------------------------------------------------------------------------
# Shared cdef helpers (through their _py_ hooks)
# ---------------------------------------------------------------------------


@SETTINGS
@given(buffers(max_n=60), st.data())
def test_interval_index_query(bufs, data):
    s, e, _ = bufs
    n = len(s)
    active = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=np.uint8)
    qs = data.draw(st.integers(0, 45))
    qe = qs + data.draw(st.integers(0, 15))
    got = _intervals._py_interval_query(np.array(s, np.int64), np.array(e, np.int64), active, qs, qe)
    want = [i for i in range(n) if active[i] and s[i] <= qe and e[i] >= qs]
    assert got.tolist() == want


@SETTINGS
@given(st.lists(st.integers(-(2**63), 2**63 - 1), max_size=200))
def test_i64_sort(keys):
    assert _sort._py_i64_sort(np.array(keys, dtype=np.int64)).tolist() == sorted(keys)


@SETTINGS
@given(st.integers(0, 2**40), st.integers(0, 20))
def test_align(x, k):
    a = 1 << k
    got = _iree_pack._py_align(x, a)
    assert got % a == 0 and x <= got < x + a


def test_iree_dispatch_paths_agree():
    # Same slices, three kernels: sliding window (start-sorted), index + sort
    # (shuffled, little overlap) and the quadratic fallback (everything overlaps).
    rng = np.random.default_rng(5)
    n = 3000
    s = np.sort(rng.integers(0, 2000, n))
    e = s + rng.integers(0, 50, n)
    z = rng.integers(1, 100, n) * 16
    for perm in (np.arange(n), rng.permutation(n)):
        a = _iree_pack._pack_iree(s[perm], e[perm], z[perm], 16)
        b = _iree_pack._pack_iree_quadratic(s[perm], e[perm], z[perm], 16)
        np.testing.assert_array_equal(a[0], b[0])
    s2, e2 = rng.integers(0, 10, n), rng.integers(10, 20, n)
    assert _iree_pack._iree_prefers_quadratic(s2, e2)
    assert not _iree_pack._iree_prefers_quadratic(s[perm], e[perm])
    np.testing.assert_array_equal(
        pack(s2, e2, z, strategy="iree", alignment=16).offsets, _iree_pack._pack_iree_quadratic(s2, e2, z, 16)[0]
    )
    # The index + sort path on the same all-overlapping input (forced).
    order, cls = _intervals._interval_classes(s2, e2)
    assert len(order) == n and len(cls) == n
    # Offsets too large to share an int64 key with the index: quadratic walk.
    hs, he, hz = [5, 0, 3, 1, 4], [9, 6, 8, 2, 7], [2**59, 2**59 + 5, 3, 2**58, 0]
    assert pack(hs, he, hz, strategy="iree", alignment=16).offsets.tolist() == ref_iree(hs, he, hz, 16, 16)[0]
    small = slice(0, 300)
    np.testing.assert_array_equal(
        _iree_pack._pack_iree(s2[small], e2[small], z[small], 16)[0],
        ref_iree(s2[small].tolist(), e2[small].tolist(), z[small].tolist(), 16, 16)[0],
    )


@SETTINGS
@given(st.lists(st.integers(-(2**62), 2**62), max_size=50), st.integers(0, 30))
def test_argsort_stable(keys, small):
    for k in (keys, [x % (small + 1) for x in keys]):  # numpy branch, counting-sort branch
        got = _sort._argsort_stable(np.array(k, dtype=np.int64))
        assert got.tolist() == sorted(range(len(k)), key=lambda i: (k[i], i))


@SETTINGS
@given(st.lists(st.integers(-(2**63), 2**63 - 1), max_size=60), st.integers(0, 30))
def test_numpy_free_argsort(keys, small):
    # radix branch (wide keys, the whole int64 range included), counting-sort branch
    for k in (keys, [x % (small + 1) - 3 for x in keys]):
        got = _sort._py_argsort(array("q", k))
        assert isinstance(got, array) and got.typecode == "q"
        assert got.tolist() == sorted(range(len(k)), key=lambda i: (k[i], i))


@SETTINGS
@given(st.lists(st.integers(-(2**40), 2**40), min_size=32, max_size=300), st.integers(1, 22),
       st.integers(-(2**20), 2**20))
def test_radix_argsort_skips_shared_digits(keys, sh, base):
    # keys whose low digits (and a middle one, through the multiplier) are the
    # same for all: the radix sort skips those digits' passes, which must
    # leave the order what the stable sort gives (32+ keys: not the
    # insertion sort; spans wide enough not to be counted)
    wide = [(x % (1 << 16)) * ((1 << 24) + 1) << min(sh, 20) for x in keys]
    for k in ([(x << sh) + base for x in keys], wide):
        want = sorted(range(len(k)), key=lambda i: (k[i], i))
        assert _sort._py_argsort(array("q", k)).tolist() == want
        assert _sort._argsort_stable(np.array(k, dtype=np.int64)).tolist() == want


@SETTINGS
@given(st.lists(st.integers(-(2**63), 2**63 - 1), max_size=40), st.lists(st.integers(-5, 5), max_size=40))
def test_dense_ranks(a, b):
    ra, rb = _sort._dense_ranks(array("q", a), np.array(b, dtype=np.int64))
    rank = {k: r for r, k in enumerate(sorted(set(a) | set(b)))}
    assert (ra.tolist(), rb.tolist()) == ([rank[k] for k in a], [rank[k] for k in b])


@SETTINGS
@given(st.lists(st.tuples(st.integers(-(2**40), 2**40), st.integers(0, 2**62)), max_size=60))
def test_interval_classes(lifetimes):
    s = np.array([x for x, _ in lifetimes], dtype=np.int64)
    e = np.array([x + d for x, d in lifetimes], dtype=np.int64)
    order, cls = _intervals._interval_classes(s, e)
    want_cls = np.clip(np.frexp((e - s).astype(np.float64))[1], 0, 64)
    assert cls.tolist() == want_cls.tolist()
    by_start = np.argsort(s, kind="stable")
    assert order.tolist() == by_start[np.argsort(want_cls[by_start], kind="stable")].tolist()


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, 300), st.integers(0, 40)), min_size=256, max_size=400))
def test_prefers_quadratic_is_numpys_formula(lifetimes):
    s = np.array([x for x, _ in lifetimes], dtype=np.int64)
    e = s + np.array([d for _, d in lifetimes], dtype=np.int64)
    ss, es = np.sort(s), np.sort(e)
    k = (np.searchsorted(ss, e, side="right") - np.searchsorted(es, s, side="left")) / 2.0 + 1.0
    cost = float(np.sum(k * (np.log2(k) + 1.0))) * 3.0
    n2 = float(len(s)) ** 2
    if abs(cost - n2) > 1e-9 * n2:  # (summation order may differ on a tie)
        assert _iree_pack._iree_prefers_quadratic(s, e) == (cost > n2)


def test_sum_nonneg_is_exact():
    x = array("q", [2**63 - 1] * 5 + [3])
    assert _iree_pack._sum_nonneg(x) == 5 * (2**63 - 1) + 3
