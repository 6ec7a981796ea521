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
    "IreeOptMissing",
    "SCHEDULE_ALLOCATION",
    "SCHEDULE_AND_LAYOUT",
    "find_iree_opt",
    "iree_opt",
    "reprint",
    "run_tool",
]

SCHEDULE_ALLOCATION = "builtin.module(iree-stream-schedule-allocation)"
SCHEDULE_AND_LAYOUT = (
    "builtin.module(iree-stream-schedule-allocation, util.initializer(iree-stream-layout-slices), "
    "util.func(iree-stream-layout-slices), func.func(iree-stream-layout-slices))"
)

# iree-opt 3.13 prints `alias_mutable_bindings = 0` in #stream.resource_config
# but its own parser only accepts true/false there.
_ALIAS_BINDINGS = re.compile(r"alias_mutable_bindings = 0\b")


#: The address space an IREE tool may take when a test runs it.  Its largest
#: legitimate use here (schedule-allocation on a 10^5-op module) stays under
#: 1 GiB; once, a batched run grew past 20 GiB on a shared machine with 23
#: GiB, nearly taking the test run (and everything else) down with it.  Capped,
#: such a run fails at once and the callers fall back or report it.
TOOL_ADDRESS_SPACE = 8 << 30


def _address_space_cap() -> tuple[int, int] | None:
    """(soft, hard) RLIMIT_AS for a tool's process, None to leave it as is."""
    try:
        import resource
    except ImportError:  # not POSIX
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = TOOL_ADDRESS_SPACE if hard == resource.RLIM_INFINITY else min(hard, TOOL_ADDRESS_SPACE)
    if soft != resource.RLIM_INFINITY and soft <= cap:
        return None
    return cap, hard


def run_tool(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, **kwargs)`` for IREE's tools, their address space
    capped at TOOL_ADDRESS_SPACE (a runaway child fails with an allocation
    error instead of exhausting the machine)."""
    limits = _address_space_cap()
    if limits is not None:
        import resource

        def cap(setrlimit=resource.setrlimit, which=resource.RLIMIT_AS, limits=limits) -> None:
            # runs in the child between fork and exec: one call, no imports
            setrlimit(which, limits)

        kwargs.setdefault("preexec_fn", cap)
    return subprocess.run(cmd, **kwargs)  # type: ignore[call-overload]


class IreeOptError(RuntimeError):
    """iree-opt rejected its input or crashed; the message holds its stderr."""


class IreeOptMissing(RuntimeError):
    """iree-opt is not installed.  Deliberately not an IreeOptError: a test expecting iree-opt to reject
    an input must not pass because iree-opt is absent; the suite reports such a test as skipped."""


def find_iree_opt() -> str | None:
    """Path of iree-opt: ``$FASTALLOC_IREE_OPT`` if set (None if no file is there),
    else next to this Python (a venv), else on PATH."""
    chosen = os.environ.get("FASTALLOC_IREE_OPT")
    if chosen:
        return chosen if Path(chosen).is_file() else None
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
        raise IreeOptMissing("iree-opt not found: pip install 'iree-base-compiler==3.13.0' (the test extra)")
    cmd = [exe]
    if pipeline:
        cmd.append(f"--pass-pipeline={pipeline}")
    cmd.extend(args)
    cmd.append("-")
    env = dict(os.environ)
    proc = run_tool(
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
