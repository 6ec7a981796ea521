"""Progress bar and phase timing for the command line (stderr only).

:class:`Progress` draws a one-line bar on a terminal and nothing otherwise
(a pipe, a file, a CI log): output that scripts read is never touched.
:class:`Timing` collects wall time per phase and prints a report in the
shape of MLIR's ``--mlir-timing``.  Both are tiny on purpose (no tqdm).
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress", "Timing"]


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
        return f"{head}[{bar}] {self.count}/{self.total}"

    def update(self, n: int = 1) -> None:
        self.count += n
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last >= self.interval or self.count >= self.total:
            self._last = now
            self.stream.write("\r" + self.render())
            self.stream.flush()
            self._drawn = True

    def close(self) -> None:
        if self.enabled and self._drawn:
            # Erase the line: the bar is feedback, not output.
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self._drawn = False


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
