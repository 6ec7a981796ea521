"""Regular expressions compiled on first use.

Compiling a pattern runs ``re``'s compiler in Python; the patterns of the IR
modules (the token grammar above all) cost the command line a large part of
its start-up, yet most runs use few of them (``opt`` on a small file never
touches the parameter or resource-config patterns).  ``lazy_compile(p)`` is
a drop-in for ``re.compile(p)`` at module level: the pattern is compiled
when one of its methods or attributes is first looked up, and from then on
those lookups find the compiled pattern's bound methods in the instance
dict, so a call costs what ``pattern.match(...)`` costs.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["LazyPattern", "lazy_compile"]


class LazyPattern:
    """A ``re.Pattern`` compiled the first time it is used (see the module doc)."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.__dict__["_source"] = (pattern, flags)

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if not yet)."""
        d = self.__dict__
        r = d.get("_compiled")
        if r is None:
            r = re.compile(*d["_source"])
            d["_compiled"] = r
            for name in ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split",
                         "pattern", "flags", "groups", "groupindex"):
                d[name] = getattr(r, name)
        return r

    def __getattr__(self, name: str) -> Any:
        # only reached for names not in the instance dict: before the first
        # compile, or a rarely used attribute of the pattern
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"lazy_compile({self.__dict__['_source'][0]!r})"


def lazy_compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done when the pattern is first used.

    Typed as the pattern it stands for: it answers the same methods and
    attributes (``isinstance(x, re.Pattern)`` is the one thing it fails)."""
    return LazyPattern(pattern, flags)  # type: ignore[return-value]
