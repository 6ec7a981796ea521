"""``fastalloc opt``'s iree-opt-compatible options, --timing and the progress bar,
through the real entry point (``python -m fastalloc``)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fastalloc.cli import parse_pass_pipeline
from fastalloc.errors import FastallocError
from fastalloc.progress import Progress, Timing
from fastalloc.testing.iree import SCHEDULE_AND_LAYOUT, iree_opt, reprint

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "src" / "fastalloc" / "examples" / "example.mlir"
STATIC = ROOT / "tests" / "lit" / "layout_slices" / "static.mlir"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fastalloc", "opt", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def chunks(text: str) -> list[str]:
    """Each ``// -----`` chunk as iree-opt prints it (one iree-opt run for all)."""
    return iree_opt(text, args=("--split-input-file",)).split("// -----\n")


# -- --pass-pipeline --------------------------------------------------------


def test_iree_pipeline_spelling_matches_iree_opt_on_the_example():
    text = EXAMPLE.read_text()
    r = run(f"--pass-pipeline={SCHEDULE_AND_LAYOUT}", str(EXAMPLE))
    assert r.returncode == 0, r.stderr
    assert reprint(r.stdout) == reprint(iree_opt(text, SCHEDULE_AND_LAYOUT))
    short = run("--passes", "schedule-allocation,layout-slices", str(EXAMPLE))
    assert short.stdout == r.stdout


@pytest.mark.parametrize(
    "pipeline, expected",
    [
        (SCHEDULE_AND_LAYOUT, ["schedule-allocation", "layout-slices"]),
        ("builtin.module(iree-stream-schedule-allocation)", ["schedule-allocation"]),
        ("builtin.module(util.func(iree-stream-layout-slices))", ["layout-slices"]),
        ("builtin.module(util.initializer(iree-stream-layout-slices))", ["layout-slices"]),
        ("schedule-allocation,layout-slices", ["schedule-allocation", "layout-slices"]),
        (" builtin.module( func.func( iree-stream-layout-slices ) ) ", ["layout-slices"]),
        ("builtin.module()", []),
    ],
)
def test_parse_pass_pipeline(pipeline, expected):
    assert parse_pass_pipeline(pipeline) == expected


@pytest.mark.parametrize(
    "pipeline, message",
    [
        ("builtin.module(cse)", "unknown pass 'cse'; supported: iree-stream-layout-slices, "
                                "iree-stream-schedule-allocation"),
        ("builtin.module(iree-stream-layout-slices", "missing ')'"),
        ("builtin.module(iree-stream-layout-slices))", "unbalanced ')'"),
        ("hal.executable(iree-stream-layout-slices)", "unsupported anchor op 'hal.executable'"),
        ("builtin.module(,iree-stream-layout-slices)", "empty pipeline element"),
        ("builtin.module(iree-stream-layout-slices{x=1})", "unexpected '{'"),
    ],
)
def test_parse_pass_pipeline_errors(pipeline, message):
    with pytest.raises(FastallocError, match="invalid --pass-pipeline") as info:
        parse_pass_pipeline(pipeline)
    assert message in str(info.value)


def test_unknown_pass_in_pipeline_is_an_error_and_writes_nothing(tmp_path: Path):
    out = tmp_path / "out.mlir"
    r = run("--pass-pipeline=builtin.module(canonicalize)", str(EXAMPLE), "-o", str(out))
    assert r.returncode == 1
    assert r.stderr.startswith("error: invalid --pass-pipeline 'builtin.module(canonicalize)': "
                               "unknown pass 'canonicalize'")
    assert not out.exists()


def test_passes_and_pipeline_together_is_an_error():
    r = run("--passes", "layout-slices", "--pass-pipeline=builtin.module()", str(EXAMPLE))
    assert r.returncode == 1
    assert "give --passes or --pass-pipeline, not both" in r.stderr


# -- alignment and strategy -------------------------------------------------


def test_alignment_option_both_spellings_match_iree_opt():
    text = STATIC.read_text()
    ref = iree_opt(text, "builtin.module(util.func(iree-stream-layout-slices), func.func(iree-stream-layout-slices))",
                   args=("--split-input-file", "--iree-stream-resource-min-offset-alignment=16"))
    outs = []
    for flag in ("--iree-stream-resource-min-offset-alignment", "--resource-min-offset-alignment"):
        r = run("--split-input-file", "--passes", "layout-slices", flag, "16", stdin=text)
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1]
    assert chunks(outs[0]) == ref.split("// -----\n")
    default = run("--split-input-file", "--passes", "layout-slices", stdin=text)
    assert default.stdout != outs[0]  # the option really changed something


def test_bad_alignment_and_strategy():
    r = run("--passes", "layout-slices", "--resource-min-offset-alignment", "48", str(EXAMPLE))
    assert r.returncode == 1
    assert r.stderr == "error: --resource-min-offset-alignment must be a power of two, got 48\n"
    r = run("--pack-strategy", "worst-fit", str(EXAMPLE))
    assert r.returncode == 2 and "invalid choice: 'worst-fit'" in r.stderr


@pytest.mark.parametrize("strategy", ["best-fit", "smallest"])
def test_other_strategies_give_iree_valid_output(strategy):
    text = STATIC.read_text()
    r = run("--split-input-file", "--passes", "layout-slices", "--pack-strategy", strategy, stdin=text)
    assert r.returncode == 0, r.stderr
    assert "stream.resource.pack" not in r.stdout
    assert len(chunks(r.stdout)) == STATIC.read_text().count("// -----") + 1  # iree-opt accepts it


# -- --timing ---------------------------------------------------------------


def test_timing_report_on_stderr_output_untouched():
    plain = run("--passes", "schedule-allocation,layout-slices", str(EXAMPLE))
    r = run("--timing", "--passes", "schedule-allocation,layout-slices", str(EXAMPLE))
    assert r.returncode == 0, r.stderr
    assert r.stdout == plain.stdout
    lines = r.stderr.splitlines()
    assert "... Execution time report ..." in lines[1]
    assert lines[3].startswith("  Total Execution Time: ") and lines[3].endswith(" seconds")
    names = [ln.split(")", 1)[1].strip() for ln in lines[6:]]
    # one module: the printer streams into the output, printing and writing are one phase;
    # the input (a file, or stdin) is read by the parse, a piece at a time
    assert names == ["parse", "schedule-allocation", "layout-slices", "print", "Total"]
    total = float(lines[3].split()[3])
    phases = [float(ln.split()[0]) for ln in lines[6:-1]]
    assert 0 <= sum(phases) <= total + 1e-3
    r = run("--timing", "--passes", "schedule-allocation", stdin=EXAMPLE.read_text())
    assert r.returncode == 0 and r.stdout == run("--passes", "schedule-allocation", str(EXAMPLE)).stdout
    names = [ln.split(")", 1)[1].strip() for ln in r.stderr.splitlines()[6:]]
    assert names == ["parse", "schedule-allocation", "print", "Total"]


def test_timing_accumulates_repeated_phases():
    t = Timing()
    t.add("parse", 1.0)
    t.add("print", 0.5)
    t.add("parse", 2.0)
    assert t.phases == [("parse", 3.0), ("print", 0.5)]


# -- progress bar -----------------------------------------------------------


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_only_on_a_terminal_and_not_quiet():
    for tty, quiet, drawn in [(True, False, True), (False, False, False), (True, True, False)]:
        s = _Stream(tty)
        with Progress(4, "chunks", stream=s, quiet=quiet, interval=0.0) as bar:
            for _ in range(4):
                bar.update()
            if drawn:  # the count, the time so far and the rate
                assert re.search(r"\r\x1b\[2Kchunks \[#{30}\] 4/4 \d+\.\d s [\d.]+[kM]?/s$", s.getvalue())
        assert (s.getvalue() != "") == drawn
        if drawn:
            assert s.getvalue().endswith("\r\x1b[2K")  # erased when done
    half = Progress(10, "x", stream=_Stream(True), width=10)
    half.count = 5
    assert half.render().startswith("x [#####.....] 5/10 ")


def _run_on_pty(args: list[str], stdin: str) -> tuple[int, str, str]:
    """Run with stderr on a pseudo-terminal; return (status, stdout, what the terminal got)."""
    import pty
    import select

    master, slave = pty.openpty()
    try:
        p = subprocess.Popen([sys.executable, "-m", "fastalloc", *args], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=slave)
        os.close(slave)
        p.stdin.write(stdin.encode())
        p.stdin.close()
        # Read the terminal and stdout together: a child blocked on a full
        # stdout pipe while its progress line keeps ticking would never end.
        term, out_b = b"", b""
        open_fds = {master, p.stdout.fileno()}
        while open_fds:
            ready, _, _ = select.select(sorted(open_fds), [], [], 60)
            if not ready:
                break
            for fd in ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:  # EIO: the child closed the terminal
                    data = b""
                if not data:
                    open_fds.discard(fd)
                elif fd == master:
                    term += data
                else:
                    out_b += data
        out = out_b.decode()
        p.stdout.close()
        return p.wait(timeout=60), out, term.decode()
    finally:
        os.close(master)


def test_progress_bar_on_a_terminal_and_q_silences_it():
    text = STATIC.read_text()
    n = text.count("// -----") + 1
    status, out, term = _run_on_pty(["opt", "--split-input-file", "--passes", "layout-slices"], text)
    assert status == 0
    assert f"chunks [{'#' * 30}] {n}/{n}" in term
    assert "chunks [" not in out  # the bar never reaches stdout
    status, out_q, term_q = _run_on_pty(["opt", "-q", "--split-input-file", "--passes", "layout-slices"], text)
    assert status == 0 and out_q == out
    assert term_q == ""


def test_no_progress_bar_when_stderr_is_a_pipe():
    r = run("--split-input-file", "--passes", "layout-slices", stdin=STATIC.read_text())
    assert r.returncode == 0 and r.stderr == ""


def test_verbose_logs_through_fastalloc_logger_only():
    code = (
        "import logging, sys\n"
        "from fastalloc.cli import main\n"
        "rc = main(['opt', '-v', sys.argv[1]])\n"
        "assert logging.getLogger().handlers == [], 'root logger configured'\n"
        "assert logging.getLogger('fastalloc').handlers, 'no fastalloc handler'\n"
        "sys.exit(rc)\n"
    )
    r = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stderr == f"fastalloc: opt {EXAMPLE}: passes (none), options {{'pack_strategy': 'iree'}}\n"


def test_output_to_a_device_or_fifo_writes_into_it(tmp_path: Path):
    import stat
    import threading

    before = os.stat(os.devnull)
    r = run(str(EXAMPLE), "-o", os.devnull)
    assert r.returncode == 0, r.stderr
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev  # not renamed over

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    r = run(str(EXAMPLE), "-o", str(fifo))
    reader.join(60)
    assert r.returncode == 0, r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert got == [run(str(EXAMPLE)).stdout]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def _work(text: str) -> int:
    """The progress total schedule-allocation announces: every top-level op
    of every execute region, counted twice (planned, then converted)."""
    import fastalloc

    return sum(
        2 * len(op.regions[0].blocks[0].ops)
        for op in fastalloc.parse(text).walk()
        if op.name == "stream.async.execute"
    )


def _spread_module() -> tuple[str, int]:
    from fastalloc.testing.generator import GenConfig, generate_module

    text = generate_module(5, n_ops=300, config=GenConfig(shape="spread", functions=6))
    assert text.count("stream.async.execute") > 3
    return text, _work(text)


def test_progress_bar_over_execute_regions_of_one_module():
    text, n = _spread_module()
    status, out, term = _run_on_pty(["opt", "--passes", "schedule-allocation"], text)
    assert status == 0 and "stream.cmd.execute" in out
    assert f"schedule-allocation [{'.' * 30}] 0/{n}" in term
    assert f"schedule-allocation [{'#' * 30}] {n}/{n}" in term
    assert term.endswith("\x1b[2K")  # the bar erases itself when the pass is done
    status, out_q, term_q = _run_on_pty(["opt", "-q", "--passes", "schedule-allocation"], text)
    assert status == 0 and out_q == out and term_q == ""


def test_schedule_allocation_reports_progress_from_zero_to_total():
    import fastalloc

    text, n = _spread_module()
    calls = []
    module = fastalloc.parse(text)
    fastalloc.schedule_allocation(module, progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, n) and calls[-1] == (n, n)
    assert all(total == n for _, total in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    # the callback changes nothing: same output as without it
    assert module.print() == fastalloc.run_passes(text, ["schedule-allocation"])


def test_progress_moves_inside_one_huge_region():
    """One execute region of ~12k ops: the bar must not jump from 0 to done."""
    import fastalloc
    from fastalloc.testing.generator import GenConfig, generate_module

    text = generate_module(3, n_ops=12_000, config=GenConfig(affinities=False, shape="single"))
    assert text.count("stream.async.execute") == 1
    n = _work(text)
    calls = []
    module = fastalloc.parse(text)
    fastalloc.schedule_allocation(module, progress=lambda done, total: calls.append((done, total)))
    inside = [d for d, _ in calls if 0 < d < n]
    assert len(inside) >= 3, calls
    assert calls[0] == (0, n) and calls[-1] == (n, n)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    # both halves report: planning (first n/2) and conversion (the rest)
    assert any(d > n // 2 for d in inside)
