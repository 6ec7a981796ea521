"""bench.default_scaling (issue #18's per-buffer figure over many instances per size): seeds parsing, the
summary's statistics, the callgrind reader, and one small run end to end."""

from __future__ import annotations

import statistics

import pytest

from bench import default_scaling as ds


def test_parse_seeds_ranges_and_lists():
    assert ds.parse_seeds("1-3,7") == [1, 2, 3, 7]
    assert ds.parse_seeds("5") == [5]
    assert ds.parse_seeds("2,1-3") == [2, 1, 3]      # each seed once, in the order given


@pytest.mark.parametrize("bad", ["", "a", "3-1", "1-", "1,,2"])
def test_parse_seeds_rejects_bad_text(bad):
    with pytest.raises(ValueError, match="--seeds"):
        ds.parse_seeds(bad)


def test_summary_is_median_over_seeds_of_median_over_rounds():
    data = {
        10: {1: {"per_buffer": [4.0, 1.0, 2.0], "ratio": 1.5}, 2: {"per_buffer": [3.0, 3.0, 9.0], "ratio": 1.0},
             3: {"per_buffer": [8.0, 8.0, 8.0], "ratio": 1.25}},
        20: {1: {"per_buffer": [2.0, 2.0, 2.0], "ratio": 1.0}, 2: {"per_buffer": [6.0, 6.0, 5.0], "ratio": 1.0},
             3: {"per_buffer": [4.0, 4.0, 4.0], "ratio": 1.0}},
    }
    rows = {r["n"]: r for r in ds.summarize(data, reference=20)}
    # seed medians at 10: 2, 3, 8 -> median 3; at 20: 2, 6, 4 -> median 4
    assert rows[10]["median"] == 3.0 and rows[20]["median"] == 4.0
    assert rows[10]["vs_reference"] == pytest.approx(0.75)
    assert rows[20]["vs_reference"] == 1.0
    assert (rows[10]["max"], rows[10]["max_seed"]) == (8.0, 3)
    assert rows[10]["mean_ratio"] == pytest.approx(statistics.fmean([1.5, 1.0, 1.25]))
    assert rows[10]["q1"] <= rows[10]["median"] <= rows[10]["q3"]
    table = ds.format_table(ds.summarize(data, reference=20), "CPU us / buffer", 20)
    assert "| 10 | 3 | 3.00 |" in table and "| 0.75 |" in table


def test_summary_needs_the_reference_size():
    with pytest.raises(ValueError, match="reference size 5"):
        ds.summarize({10: {1: {"per_buffer": [1.0]}}}, reference=5)


def test_callgrind_total_reads_summary_or_totals():
    assert ds.callgrind_total("version: 1\nevents: Ir\nsummary: 123456\n") == 123456
    assert ds.callgrind_total("events: Ir\nfn=x\n0 5\ntotals: 42\n") == 42
    with pytest.raises(ValueError):
        ds.callgrind_total("events: Ir\n")


def test_small_run_end_to_end(capsys, tmp_path):
    out_json = tmp_path / "r.json"
    assert ds.main(["--sizes", "64,128", "--seeds", "1-2", "--rounds", "1", "--reference", "128",
                    "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| 64 ") or line.startswith("| 128 ")]
    assert len(rows) == 2
    assert rows[1].split("|")[6].strip() == "1.00"        # the reference against itself
    for row in rows:                                       # every plan at or above the lower bound
        assert float(row.split("|")[7]) >= 1.0
    assert out_json.stat().st_size > 0


def test_rejects_reference_outside_sizes():
    with pytest.raises(SystemExit):
        ds.main(["--sizes", "64", "--seeds", "1", "--reference", "100"])
