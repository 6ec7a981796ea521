"""``fastalloc stats`` through the real entry point (``python -m fastalloc``).

Expected figures are worked out by hand from the inputs (see the comments)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "src" / "fastalloc" / "examples" / "example.mlir"

# @f: %a is dynamic (%n), %b static 128 B; they overlap -> static slab 128.
# @g: %a, %b 100 B each (range-aligned to 64 -> 128), live together -> 256;
#     the 100 B external result is allocated separately.
TWO = """util.func public @f(%n: index) -> !stream.timepoint {
  %c7 = arith.constant 7 : i32
  %c128 = arith.constant 128 : index
  %t = stream.async.execute with() {
    %a = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%n}
    %b = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%c128}
    %c = stream.async.copy %a[%c128 to %c128], %b[%c128 to %c128], %c128 : !stream.resource<transient>{%n} -> %b as !stream.resource<transient>{%c128}
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
util.func public @g(%n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c7 = arith.constant 7 : i32
  %c100 = arith.constant 100 : index
  %r, %t = stream.async.execute with() -> !stream.resource<external>{%c100} {
    %a = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%c100}
    %b = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%c100}
    %s = stream.async.splat %c7 : i32 -> !stream.resource<external>{%c100}
    %c = stream.async.copy %a[%c100 to %c100], %s[%c100 to %c100], %c100 : !stream.resource<transient>{%c100} -> %s as !stream.resource<external>{%c100}
    %d = stream.async.copy %b[%c100 to %c100], %c[%c100 to %c100], %c100 : !stream.resource<transient>{%c100} -> %c as !stream.resource<external>{%c100}
    stream.yield %d : !stream.resource<external>{%c100}
  } => !stream.timepoint
  util.return %r, %t : !stream.resource<external>, !stream.timepoint
}
"""


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fastalloc", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_example_table():
    r = run("stats", str(EXAMPLE))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["function", "region", "line", "transients", "s/d", "results", "constants",
                                "slab", "iree", "slab", "best-fit", "slab", "search", "lower", "bound",
                                "ratio", "iree", "ratio", "best-fit", "ratio", "search"]
    assert set(lines[1]) == {"-", " "}
    # hidden, logits, acc: 3 static transients of 4 KiB; hidden dies before acc
    # is born, logits+acc live together -> 8 KiB.  probs: one 4 KiB result.
    # Weights 256 KiB + 1 KiB + 256 KiB = 513 KiB of constants.
    assert lines[2].split() == ["@predict", "execute#0", "57", "3/0", "1", "(4", "KiB)", "3", "(513", "KiB)",
                                "8", "KiB", "8", "KiB", "8", "KiB", "8", "KiB", "1.000", "1.000", "1.000"]
    assert len(lines) == 3


def test_json_two_functions_and_already_scheduled_input(tmp_path: Path):
    src = tmp_path / "two.mlir"
    src.write_text(TWO)
    r = run("stats", "--json", str(src))
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["strategies"] == ["iree", "best-fit", "search"]
    f, g = s["regions"]
    assert (f["function"], f["region"], f["line"]) == ("f", 0, 4)
    assert f["transients"] == {"count": 2, "static": 1, "dynamic": 1, "static_bytes": 128}
    assert f["results"]["count"] == 0 and f["constants"]["count"] == 0
    assert f["slab"] == {"iree": 128, "best-fit": 128, "search": 128} and f["lower_bound"] == 128
    assert (g["function"], g["line"]) == ("g", 15)
    assert g["transients"] == {"count": 2, "static": 2, "dynamic": 0, "static_bytes": 200}
    assert g["results"] == {"count": 1, "dynamic": 0, "bytes": 100}
    assert g["slab"] == {"iree": 256, "best-fit": 256, "search": 256} and g["lower_bound"] == 256
    assert [(p["function"], p["region"], p["static_slices"], p["dynamic_slices"]) for p in s["packs"]] == [
        ("f", 0, 1, 1), ("g", 0, 2, 0)]
    assert all(p["offset_alignment"] == 64 == p["range_alignment"] for p in s["packs"])

    # After schedule-allocation the figures are the same (the pass is not rerun on cmd ops).
    done = tmp_path / "scheduled.mlir"
    assert run("opt", "--passes", "schedule-allocation", str(src), "-o", str(done)).returncode == 0
    again = json.loads(run("stats", "--json", str(done)).stdout)
    assert [p["totals"] for p in again["packs"]] == [p["totals"] for p in s["packs"]]
    assert [r_["transients"] for r_ in again["regions"]] == [f["transients"], g["transients"]]

    # A smaller default alignment shrinks @g's slab to 2 x 112 (16-aligned 100).
    r16 = json.loads(run("stats", "--json", "--resource-min-offset-alignment", "16", str(src)).stdout)
    assert r16["regions"][1]["slab"] == {"iree": 224, "best-fit": 224, "search": 224}


def test_empty_module_from_stdin():
    r = run("stats", "--json", "-", stdin="")  # '-' is MLIR: an empty module has no regions
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["regions"] == []
    table = run("stats", "-", stdin="util.func public @f() {\n  util.return\n}\n")
    assert table.returncode == 0, table.stderr
    assert table.stdout.splitlines()[2:] == ["(no stream.cmd.execute region)"]


def test_csv_problem(tmp_path: Path):
    src = tmp_path / "p.csv"
    # t=1: 100+60+40 live -> lower bound 200.
    src.write_text("id,lower,upper,size\na,0,2,100\nb,1,3,60\nc,1,2,40\nd,2,4,100\n")
    r = run("stats", "--json", str(src))
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["n"] == 4 and s["lower_bound"] == 200 and s["alignment"] == 1
    assert set(s["totals"]) == {"iree", "best-fit", "search"}
    assert all(t >= 200 for t in s["totals"].values())
    # a, b, c live at t=1 (200); b, c, d at t=2 (200): a and d share bytes, the search closes at 200
    assert s["totals"]["search"] == 200
    table = run("stats", str(src)).stdout.splitlines()
    assert table[0].split()[:2] == ["file", "buffers"]
    assert table[2].split()[:2] == [str(src), "4"]


def test_bad_input_is_located_and_exits_1(tmp_path: Path):
    src = tmp_path / "bad.mlir"
    src.write_text(TWO.replace("%c128 = arith", "%c129 = arith"))
    r = run("stats", str(src))
    assert r.returncode == 1
    lines = r.stderr.splitlines()
    col = TWO.splitlines()[5].index("%c128") + 1
    assert lines[0] == f"{src}:6:{col}: error: use of undeclared SSA value name '%c128'"
    assert lines[1] == TWO.splitlines()[5]
    assert lines[2] == " " * (col - 1) + "^"
    assert r.stdout == ""
    bad_csv = tmp_path / "bad.csv"
    bad_csv.write_text("id,lower,upper,size\na,0,2,-5\n")
    r = run("stats", str(bad_csv))
    assert r.returncode == 1
    assert r.stderr.startswith(f"{bad_csv}:2:7: error: size -5 is negative")
