"""Memory maps of packing plans (needs matplotlib: ``pip install 'fastalloc[plot]'``).

:func:`plot_plan` draws the picture people expect of an offset assignment:
time on x, byte offset on y, one rectangle per buffer, a dashed line at the
slab total and one at the lower bound, the byte axis in KiB/MiB/GiB.  All
rectangles go into ONE ``PolyCollection`` built from numpy arrays (no patch
per buffer), so 10^5 buffers draw in seconds.

Lifetimes are inclusive op ranges (fastalloc's convention): buffer ``i``
covers ``[starts[i], ends[i] + 1)`` on the time axis.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fastalloc.errors import FastallocError

__all__ = ["INSTALL_HINT", "check_matplotlib", "format_bytes", "plot_plan", "require_matplotlib"]

INSTALL_HINT = "plotting needs matplotlib; install it with: pip install 'fastalloc[plot]'"

_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB")


def check_matplotlib() -> None:
    """Raise the FastallocError of :func:`require_matplotlib` if matplotlib
    cannot be imported, without importing it (a second or two): the command
    line fails before its real work, not after."""
    import importlib.util

    try:
        found = importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):  # a None entry in sys.modules, a broken install
        found = False
    if not found:
        raise FastallocError(INSTALL_HINT)


def require_matplotlib() -> Any:
    """Import matplotlib with the non-interactive Agg backend (unless one is
    already active); a FastallocError with :data:`INSTALL_HINT` if missing."""
    try:
        import matplotlib
    except ImportError:
        raise FastallocError(INSTALL_HINT) from None
    import sys

    if "matplotlib.pyplot" not in sys.modules:
        matplotlib.use("Agg")
    return matplotlib


def format_bytes(n: float) -> str:
    """``1536 -> '1.5 KiB'``, ``0 -> '0 B'``: binary units, 3 significant digits (4 below the next unit)."""
    n = float(n)
    k = 0
    while abs(n) >= 1024 and k < len(_UNITS) - 1:
        n /= 1024
        k += 1
    if k == 0:
        return f"{int(n)} B"
    # 3 significant digits, but never an exponent (1023 KiB, not 1.02e+03 KiB).
    return f"{n:.3g} {_UNITS[k]}" if n < 1000 else f"{n:.0f} {_UNITS[k]}"


def _nice_byte_step(span: float, target: int = 8) -> float:
    """A tick step of the form {1, 2, 4, 8, ... ,512} x 1024^k close to span/target."""
    if span <= 0:
        return 1.0
    raw = span / target
    step = 1.0
    while step * 2 <= raw:
        step *= 2
    return step


def plot_plan(
    starts: Any,
    ends: Any,
    sizes: Any,
    offsets: Any,
    *,
    ax: Any = None,
    lower_bound: int | None = None,
    total: int | None = None,
    title: str | None = None,
    cmap: str = "viridis",
) -> Any:
    """Draw a plan; returns the matplotlib ``Axes`` (a new figure's if ``ax`` is None).

    ``total`` defaults to ``max(offsets + sizes)``; ``lower_bound`` (if
    given) gets its own dashed line.  Colours follow buffer index through
    ``cmap`` so neighbours are told apart and the picture is deterministic.
    """
    require_matplotlib()
    import matplotlib.pyplot as plt
    from matplotlib.collections import PolyCollection
    from matplotlib.ticker import FuncFormatter, MultipleLocator

    s = np.asarray(starts, dtype=np.int64)
    e = np.asarray(ends, dtype=np.int64)
    z = np.asarray(sizes, dtype=np.int64)
    o = np.asarray(offsets, dtype=np.int64)
    n = s.shape[0]
    if not (e.shape[0] == z.shape[0] == o.shape[0] == n):
        raise FastallocError(
            f"starts, ends, sizes and offsets must have one entry per buffer "
            f"(got {n}, {e.shape[0]}, {z.shape[0]}, {o.shape[0]})"
        )
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 5), dpi=110)
    x0 = s.astype(np.float64)
    x1 = (e + 1).astype(np.float64)
    y0 = o.astype(np.float64)
    y1 = (o + z).astype(np.float64)
    verts = np.empty((n, 4, 2), dtype=np.float64)
    verts[:, 0, 0] = x0; verts[:, 0, 1] = y0
    verts[:, 1, 0] = x1; verts[:, 1, 1] = y0
    verts[:, 2, 0] = x1; verts[:, 2, 1] = y1
    verts[:, 3, 0] = x0; verts[:, 3, 1] = y1
    colors = plt.get_cmap(cmap)((np.arange(n) * 0.618033988749895) % 1.0) if n else None
    coll = PolyCollection(verts, facecolors=colors, edgecolors="black" if n <= 2000 else "none",
                          linewidths=0.3, rasterized=n > 5000)
    ax.add_collection(coll)

    top = int((o + z).max()) if n else 0
    slab = top if total is None else int(total)
    # Dash phases alternate, so a total equal to the bound still shows both lines.
    ax.axhline(slab, color="crimson", linestyle=(0, (4, 4)), linewidth=1.4, label=f"total {format_bytes(slab)}")
    if lower_bound is not None:
        lb = int(lower_bound)
        ratio = f", ratio {slab / lb:.3f}" if lb > 0 else ""
        ax.axhline(lb, color="black", linestyle=(4, (4, 4)), linewidth=1.4,
                   label=f"lower bound {format_bytes(lb)}{ratio}")
    xmin = float(x0.min()) if n else 0.0
    xmax = float(x1.max()) if n else 1.0
    ymax = max(slab, top, int(lower_bound or 0), 1)
    ax.set_xlim(xmin, max(xmax, xmin + 1))
    ax.set_ylim(0, ymax * 1.05)
    ax.yaxis.set_major_locator(MultipleLocator(_nice_byte_step(ymax * 1.05)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: format_bytes(v)))
    ax.set_xlabel("time (op index)")
    ax.set_ylabel("offset")
    ax.set_title(title if title is not None else f"{n} buffers")
    # Below the axes: inside, it would hide the top of the slab it labels.
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, fontsize="small", frameon=False)
    return ax
