"""fastalloc's modules log without importing :mod:`logging`.

Everything fastalloc logs is at INFO or DEBUG, which nobody hears unless a
level or a handler was set, and setting one means the application (or the
command line's ``-v``) imported ``logging``.  So a message is only formatted
and sent when ``logging`` is already in ``sys.modules``: the same records
reach the same handlers as with a module-level ``getLogger``, and the
command line does not pay for importing ``logging`` when nobody listens.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["DEBUG", "INFO", "logger"]

DEBUG = 10  # logging.DEBUG
INFO = 20  # logging.INFO


def logger(name: str, level: int = DEBUG) -> Any:
    """``logging.getLogger(name)`` if it would handle a record at ``level``
    (and ``logging`` is imported at all), else None."""
    logging = sys.modules.get("logging")
    if logging is None:
        return None
    log = logging.getLogger(name)
    return log if log.isEnabledFor(level) else None
