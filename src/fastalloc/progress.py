"""Progress bar and phase timing for the command line (stderr only).

:class:`Progress` draws a one-line bar on a terminal and nothing otherwise
(a pipe, a file, a CI log): output that scripts read is never touched.
:class:`Activity` does the same for a phase that cannot count its work (a
parse, a native kernel): after a second it shows the phase's name, its size
and the time so far, redrawn by a background thread.  :class:`Timing`
collects wall time per phase and prints a report in the shape of MLIR's
``--mlir-timing``.  All tiny on purpose (no tqdm).
"""

from __future__ import annotations

import os
import sys
import threading
import time

from fastalloc._log import logger

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import TextIO

__all__ = ["Activity", "Progress", "Timing"]

# Bars currently on screen: an Activity stays quiet while a Progress bar (a
# pass counting its regions) owns the line.
_bars_shown = 0


def _rate(count: float, seconds: float) -> str:
    if seconds <= 0:
        return "-/s"
    r = count / seconds
    for unit, scale in (("M", 1e6), ("k", 1e3)):
        if r >= scale:
            return f"{r / scale:.1f}{unit}/s"
    return f"{r:.0f}/s"


class Progress:
    """A bar ``label [#####.....] k/n`` redrawn in place on ``stream``.

    Active only when ``stream`` is a terminal and ``quiet`` is false; then
    it redraws at most every ``interval`` seconds (so a million updates cost
    a million integer additions, not a million writes) and erases itself on
    :meth:`close`, leaving the terminal as it was.
    """

    def __init__(self, total: int, label: str = "", *, stream: TextIO | None = None,
                 quiet: bool = False, interval: float = 0.1, width: int = 30) -> None:
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(not quiet and total > 0 and isatty is not None and isatty())
        self.total = int(total)
        self.label = label
        self.count = 0
        self.interval = interval
        self.width = width
        self._last = 0.0
        self._drawn = False
        self._t0 = time.monotonic()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def render(self) -> str:
        """The bar's text for the current count (no control characters)."""
        frac = min(self.count / self.total, 1.0) if self.total else 1.0
        fill = int(frac * self.width)
        bar = "#" * fill + "." * (self.width - fill)
        head = f"{self.label} " if self.label else ""
        elapsed = time.monotonic() - self._t0
        return f"{head}[{bar}] {self.count}/{self.total} {elapsed:.1f} s {_rate(self.count, elapsed)}"

    def update(self, n: int = 1) -> None:
        self.count += n
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last >= self.interval or self.count >= self.total:
            global _bars_shown
            self._last = now
            self.stream.write("\r\x1b[2K" + self.render())
            self.stream.flush()
            if not self._drawn:
                _bars_shown += 1
            self._drawn = True

    def close(self) -> None:
        if self.enabled and self._drawn:
            # Erase the line: the bar is feedback, not output.
            global _bars_shown
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self._drawn = False
            _bars_shown -= 1


class Activity:
    """``label (size) 12.3 s`` on ``stream`` while a phase runs, from ``delay``
    seconds on (short phases never draw), redrawn every ``interval`` seconds by
    a daemon thread; erased on exit.  Active only on a terminal and when not
    ``quiet``.  ``delay`` defaults to ``FASTALLOC_PROGRESS_DELAY`` or 1 s.  On exit the phase's time is logged at DEBUG on
    ``fastalloc.progress`` whether or not anything was drawn.

    ``size`` is a description of the input (``"19.5 MB"``, ``"10^6 rows"``);
    ``count`` and ``unit``, if given, add the rate at which the phase went
    through it (``count / elapsed``).
    """

    def __init__(self, label: str, *, size: str = "", count: int | None = None, unit: str = "",
                 stream: TextIO | None = None, quiet: bool = False, delay: float | None = None,
                 interval: float = 0.2) -> None:
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(not quiet and isatty is not None and isatty())
        self.label = label
        self.size = size
        self.count = count
        self.unit = unit
        # FASTALLOC_PROGRESS_DELAY: tests draw every phase, however short
        self.delay = float(os.environ.get("FASTALLOC_PROGRESS_DELAY", "1.0")) if delay is None else delay
        self.interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._drawn = False
        self._t0 = 0.0
        self._lock = threading.Lock()

    def render(self, elapsed: float) -> str:
        size = f" ({self.size})" if self.size else ""
        rate = f" {_rate(self.count, elapsed)[:-2]} {self.unit}/s" if self.count is not None else ""
        return f"{self.label}{size} ... {elapsed:.1f} s{rate}"

    def _run(self) -> None:
        if self._stop.wait(self.delay):
            return
        while True:
            with self._lock:
                if self._stop.is_set():
                    return
                if _bars_shown == 0:
                    self.stream.write("\r\x1b[2K" + self.render(time.monotonic() - self._t0))
                    self.stream.flush()
                    self._drawn = True
            if self._stop.wait(self.interval):
                return

    def __enter__(self) -> "Activity":
        self._t0 = time.monotonic()
        if self.enabled:
            self._thread = threading.Thread(target=self._run, name=f"fastalloc-activity-{self.label}", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        with self._lock:
            if self._drawn:
                self.stream.write("\r\x1b[2K")
                self.stream.flush()
                self._drawn = False
        seconds = time.monotonic() - self._t0
        log = logger(__name__)  # None unless someone hears DEBUG (fastalloc._log)
        if log is not None:
            size = f" ({self.size})" if self.size else ""
            log.debug("%s%s: %.3f s", self.label, size, seconds)


class Timing:
    """Wall time per named phase, reported like ``--mlir-timing``.

    >>> t = Timing()
    >>> with t.phase("parse"):
    ...     pass
    >>> [name for name, _ in t.phases]
    ['parse']
    """

    def __init__(self) -> None:
        self.phases: list[tuple[str, float]] = []
        self._t0 = time.perf_counter()

    def phase(self, name: str) -> "_Phase":
        return _Phase(self, name)

    def add(self, name: str, seconds: float) -> None:
        # Phases repeated per chunk accumulate under one name, in first-seen order.
        for k, (n, s) in enumerate(self.phases):
            if n == name:
                self.phases[k] = (n, s + seconds)
                return
        self.phases.append((name, seconds))

    def report(self) -> str:
        total = time.perf_counter() - self._t0
        rule = "===" + "-" * 73 + "==="
        title = "... Execution time report ..."
        lines = [rule, title.center(len(rule)).rstrip(), rule,
                 f"  Total Execution Time: {total:.4f} seconds", "",
                 "  ----Wall Time----  ----Name----"]
        for name, s in self.phases:
            pct = 100.0 * s / total if total > 0 else 0.0
            lines.append(f"  {s:8.4f} ({pct:5.1f}%)  {name}")
        lines.append(f"  {total:8.4f} (100.0%)  Total")
        return "\n".join(lines) + "\n"


class _Phase:
    __slots__ = ("timing", "name", "t0")

    def __init__(self, timing: Timing, name: str) -> None:
        self.timing = timing
        self.name = name
        self.t0 = 0.0

    def __enter__(self) -> "_Phase":
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.timing.add(self.name, time.perf_counter() - self.t0)
