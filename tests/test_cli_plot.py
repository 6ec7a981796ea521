"""``fastalloc plot`` through the real entry point, and :func:`fastalloc.plot.plot_plan`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import matplotlib  # the test extra installs it: a missing matplotlib fails here, it is not skipped

matplotlib.use("Agg")

from fastalloc.plot import INSTALL_HINT, format_bytes, plot_plan  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "src" / "fastalloc" / "examples" / "example.mlir"
PLAN = "id,lower,upper,size,offset\na,0,2,1024,0\nb,1,3,2048,1024\nc,2,4,1024,0\n"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fastalloc", "plot", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_plan_csv_to_png_and_svg(tmp_path: Path):
    src = tmp_path / "plan.csv"
    src.write_text(PLAN)
    png = tmp_path / "map.png"
    r = run(str(src), "-o", str(png))
    assert r.returncode == 0, r.stderr
    assert png.read_bytes()[:8] == PNG_MAGIC
    svg = tmp_path / "map.svg"
    r = run(str(src), "-o", str(svg), "--title", "three buffers")
    assert r.returncode == 0, r.stderr
    text = svg.read_text()
    assert "<svg" in text and "three buffers" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.png", "map.svg", "plan.csv"]


def test_module_to_png(tmp_path: Path):
    out = tmp_path / "m.svg"
    r = run(str(EXAMPLE), "-o", str(out), "--strategy", "best-fit")
    assert r.returncode == 0, r.stderr
    svg = out.read_text()
    # hidden, logits, acc (4 KiB each, see the example's comments): slab 8 KiB = bound.
    assert f"{EXAMPLE}: pack #0 of 1 (@predict), 3 static slices, best-fit" in svg
    assert "total 8 KiB" in svg and "lower bound 8 KiB, ratio 1.000" in svg
    r = run(str(EXAMPLE), "-o", str(tmp_path / "x.png"), "--pack", "3")
    assert r.returncode == 1
    assert r.stderr == f"error: --pack 3: {EXAMPLE} has 1 pack(s) (0..0)\n"


def test_errors_leave_no_file_and_do_not_clobber(tmp_path: Path):
    src = tmp_path / "plan.csv"
    src.write_text(PLAN.replace("b,1,3,2048,1024", "b,1,3,2048,512"))  # overlaps a at t=1
    out = tmp_path / "map.png"
    out.write_bytes(b"old")
    r = run(str(src), "-o", str(out))
    assert r.returncode == 1
    assert r.stderr.startswith("error: buffers 0 and 1 overlap")
    assert out.read_bytes() == b"old"
    bad = tmp_path / "bad.csv"
    bad.write_text("id,lower,upper,size\na,0,x,10\n")
    r = run(str(bad), "-o", str(tmp_path / "new.png"))
    assert r.returncode == 1
    assert r.stderr.startswith(f"{bad}:2:5: error: upper 'x' is not an integer")
    r = run(str(src.with_name("ok.csv")), "-o", str(tmp_path / "new.png"))
    assert r.returncode == 1 and "cannot open input file" in r.stderr
    src.write_text(PLAN)
    r = run(str(src), "-o", str(tmp_path / "new.bmpx"))
    assert r.returncode == 1 and "unsupported image format '.bmpx'" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.csv", "map.png", "plan.csv"]


def test_without_matplotlib_says_how_to_install(tmp_path: Path):
    src = tmp_path / "plan.csv"
    src.write_text(PLAN)
    out = tmp_path / "map.png"
    # A None entry in sys.modules makes `import matplotlib` raise ImportError.
    code = ("import sys; sys.modules['matplotlib'] = None\n"
            "from fastalloc.cli import main\n"
            "sys.exit(main(sys.argv[1:]))\n")
    r = subprocess.run([sys.executable, "-c", code, "plot", str(src), "-o", str(out)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    assert r.stderr == f"error: {INSTALL_HINT}\n"
    assert "pip install 'fastalloc[plot]'" in INSTALL_HINT
    assert not out.exists()


def test_plot_plan_draws_one_collection_and_the_two_lines():
    n = 1000
    rng = np.random.default_rng(0)
    starts = rng.integers(0, 100, n)
    ends = starts + rng.integers(0, 10, n)
    sizes = rng.integers(1, 4096, n)
    offsets = np.arange(n) * 4096  # trivially valid: every buffer in its own range
    ax = plot_plan(starts, ends, sizes, offsets, lower_bound=123456, title="t")
    assert len(ax.collections) == 1 and len(ax.patches) == 0
    paths = ax.collections[0].get_paths()
    assert len(paths) == n
    # Buffer 7's rectangle: x from start to end+1 (inclusive lifetimes), y over its bytes.
    v = paths[7].vertices[:4]
    assert v[:, 0].min() == starts[7] and v[:, 0].max() == ends[7] + 1
    assert v[:, 1].min() == offsets[7] and v[:, 1].max() == offsets[7] + sizes[7]
    levels = sorted(line.get_ydata()[0] for line in ax.lines)
    assert levels == [123456, int((offsets + sizes).max())]
    assert all(line.get_linestyle() not in ("-", "None", "") for line in ax.lines)  # dashed
    ax.figure.canvas.draw()
    labels = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert labels and all(lbl.endswith(("B", "KiB", "MiB", "GiB")) for lbl in labels)
    assert ax.get_title() == "t"


def test_plot_plan_into_given_axes_and_bad_lengths():
    import matplotlib.pyplot as plt

    from fastalloc.errors import FastallocError

    _, ax = plt.subplots()
    assert plot_plan([0], [0], [10], [0], ax=ax) is ax
    with pytest.raises(FastallocError, match="one entry per buffer"):
        plot_plan([0, 1], [0], [10], [0])


@pytest.mark.parametrize("n, text", [(0, "0 B"), (1000, "1000 B"), (1024, "1 KiB"), (1536, "1.5 KiB"),
                                     (3 << 20, "3 MiB"), (5 << 30, "5 GiB"), (1023 * 1024, "1023 KiB"), (1000 * 1024, "1000 KiB"), (999 * 1024, "999 KiB")])
def test_format_bytes(n, text):
    assert format_bytes(n) == text
