"""Drive the reference compiler, ``iree-opt`` from ``iree-base-compiler==3.13.0``.

fastalloc's behaviour is defined by what iree-opt 3.13 does.  Tests compare
the two by running both on the same input, re-printing both outputs through
``iree-opt`` with no passes, and diffing the text (``reprint``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = [
    "IreeOptError",
    "SCHEDULE_ALLOCATION",
    "SCHEDULE_AND_LAYOUT",
    "find_iree_opt",
    "iree_opt",
    "reprint",
]

SCHEDULE_ALLOCATION = "builtin.module(iree-stream-schedule-allocation)"
SCHEDULE_AND_LAYOUT = (
    "builtin.module(iree-stream-schedule-allocation, util.initializer(iree-stream-layout-slices), "
    "util.func(iree-stream-layout-slices), func.func(iree-stream-layout-slices))"
)

# iree-opt 3.13 prints `alias_mutable_bindings = 0` in #stream.resource_config
# but its own parser only accepts true/false there.
_ALIAS_BINDINGS = re.compile(r"alias_mutable_bindings = 0\b")


class IreeOptError(RuntimeError):
    """iree-opt rejected its input or crashed; the message holds its stderr."""


def find_iree_opt() -> str | None:
    """Path of iree-opt: next to this Python first (a venv), then on PATH."""
    beside = Path(sys.executable).with_name("iree-opt")
    if beside.exists():
        return str(beside)
    return shutil.which("iree-opt")


def _fix_quirks(text: str) -> str:
    return _ALIAS_BINDINGS.sub("alias_mutable_bindings = false", text)


def iree_opt(
    text: str,
    pipeline: str | None = None,
    *,
    args: tuple[str, ...] = (),
    timeout: float | None = 600,
) -> str:
    """Run iree-opt on ``text`` (optionally with a pass pipeline), return stdout.

    The output has 3.13's known printer quirks fixed so it parses again.
    """
    exe = find_iree_opt()
    if exe is None:
        raise IreeOptError("iree-opt not found: pip install 'iree-base-compiler==3.13.0'")
    cmd = [exe]
    if pipeline:
        cmd.append(f"--pass-pipeline={pipeline}")
    cmd.extend(args)
    cmd.append("-")
    env = dict(os.environ)
    proc = subprocess.run(
        cmd,
        input=_fix_quirks(text),
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
    if proc.returncode != 0:
        raise IreeOptError(f"iree-opt {' '.join(cmd[1:])} failed ({proc.returncode}):\n{proc.stderr}")
    return _fix_quirks(proc.stdout)


def reprint(text: str, *, args: tuple[str, ...] = ()) -> str:
    """iree-opt's canonical text for ``text`` (parse, verify, print; no passes)."""
    return iree_opt(text, None, args=args)
