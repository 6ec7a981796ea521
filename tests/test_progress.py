"""Activity lines for phases that cannot count their work, the rate on the
bar, `fastalloc pack` reporting every phase on a terminal, and the library's
DEBUG logs of each pass and phase with time and sizes."""

from __future__ import annotations

import io
import logging
import os
import re
import subprocess
import sys
import threading

import numpy as np

import fastalloc
from fastalloc import progress
from fastalloc.progress import Activity, Progress


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty
        self.drawn = threading.Event()

    def isatty(self) -> bool:
        return self.tty

    def write(self, s: str) -> int:
        if " ... " in s:
            self.drawn.set()
        return super().write(s)


def test_activity_draws_on_a_terminal_after_the_delay_and_erases():
    s = _Stream(True)
    with Activity("parse", size="2.0 MB", count=5000, unit="ops", stream=s, delay=0.0, interval=0.01):
        assert s.drawn.wait(30)
    out = s.getvalue()
    assert re.search(r"\r\x1b\[2Kparse \(2\.0 MB\) \.\.\. \d+\.\d s [\d.]+[kM]? ops/s", out), out
    assert out.endswith("\r\x1b[2K")


def test_activity_silent_off_a_terminal_when_quiet_and_when_short():
    for stream, quiet, delay in [(_Stream(False), False, 0.0), (_Stream(True), True, 0.0), (_Stream(True), False, 30)]:
        with Activity("parse", stream=stream, quiet=quiet, delay=delay, interval=0.01):
            stream.drawn.wait(0.2)
        assert stream.getvalue() == ""


def test_activity_yields_the_line_to_a_progress_bar():
    s = _Stream(True)
    bar = Progress(10, "regions", stream=s, interval=0.0)
    bar.update()
    assert progress._bars_shown == 1
    with Activity("schedule-allocation", stream=s, delay=0.0, interval=0.01):
        assert not s.drawn.wait(0.3)
    bar.close()
    assert progress._bars_shown == 0


def test_activity_logs_its_time_at_debug(caplog):
    with caplog.at_level(logging.DEBUG, logger="fastalloc"):
        with Activity("write plan", size="10 rows", stream=_Stream(False)):
            pass
    assert re.search(r"write plan \(10 rows\): \d+\.\d{3} s", caplog.text)


def test_library_logs_passes_and_pack_at_debug(caplog):
    text = (fastalloc.__file__.rsplit("/", 1)[0] + "/examples/example.mlir")
    src = open(text).read()
    with caplog.at_level(logging.DEBUG, logger="fastalloc"):
        fastalloc.run_passes(src, ["schedule-allocation", "layout-slices"], filename="example.mlir")
        fastalloc.pack(np.array([0, 1]), np.array([1, 2]), np.array([64, 64]), strategy="iree")
    msgs = [r.getMessage() for r in caplog.records]
    assert any(re.fullmatch(rf"example.mlir: parse: {len(src)} bytes, \d+ ops, \d+\.\d{{3}} s", m) for m in msgs), msgs
    for name in ("schedule-allocation", "layout-slices"):
        assert any(re.fullmatch(rf"example.mlir: {name}: \d+ ops after, \d+\.\d{{3}} s", m) for m in msgs), msgs
    assert any(re.fullmatch(r"example.mlir: print: \d+ bytes, \d+\.\d{3} s", m) for m in msgs), msgs
    assert any(re.fullmatch(r"pack: 2 buffers, strategy iree, alignment 64, total 128 bytes, \d+\.\d{3} s", m)
               for m in msgs), msgs


def _pty_stderr(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    import pty
    import select

    master, slave = pty.openpty()
    try:
        p = subprocess.Popen([sys.executable, "-m", "fastalloc", *args], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=slave, env=env)
        os.close(slave)
        term = b""
        while True:
            ready, _, _ = select.select([master], [], [], 120)
            if not ready:
                break
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            term += data
        p.stdout.read()
        p.stdout.close()
        return p.wait(timeout=60), term.decode()
    finally:
        os.close(master)


def test_pack_command_reports_every_phase_on_a_terminal(tmp_path):
    from fastalloc.csvio import write_csv
    from fastalloc.testing.workloads import random_buffers

    src = tmp_path / "p.csv"
    write_csv(src, *random_buffers(2000, seed=3))
    env = dict(os.environ, FASTALLOC_PROGRESS_DELAY="0")
    status, term = _pty_stderr(["pack", str(src), "-o", str(tmp_path / "plan.csv")], env)
    assert status == 0
    for phase in ("read csv", "pack 2000 buffers", "lower bound", "format plan", "write plan"):
        assert f"{phase} ... " in term, (phase, term)
    status, term = _pty_stderr(["pack", "-q", str(src), "-o", str(tmp_path / "plan2.csv")], env)
    assert status == 0 and term == ""
