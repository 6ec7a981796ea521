"""The one error type fastalloc raises for bad user input.

IR errors carry a source location and format like MLIR's own diagnostics::

    FILE:LINE:COL: error: MESSAGE
    <the source line>
          ^

Array errors (packing API) carry no location; their message names the buffer
and the numbers.  ``FastallocError`` subclasses ``ValueError`` so callers that
already catch ``ValueError`` keep working.
"""

from __future__ import annotations

from fastalloc._record import Frozen

__all__ = ["FastallocError", "SourceLocation"]


class SourceLocation(Frozen):
    """A 1-based line and column in a named source, plus that line's text."""

    __slots__ = _fields = ("filename", "line", "col", "source_line")
    filename: str
    line: int
    col: int
    source_line: str | None

    def __init__(self, filename: str, line: int, col: int, source_line: str | None = None) -> None:
        object.__setattr__(self, "filename", filename)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "col", col)
        object.__setattr__(self, "source_line", source_line)

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.col}"


class FastallocError(ValueError):
    """Bad input: malformed IR, an unsupported op, or invalid packing arrays."""

    def __init__(self, message: str, loc: SourceLocation | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.loc = loc

    def format(self) -> str:
        """The diagnostic as MLIR prints it, with the source line and a caret."""
        if self.loc is None:
            return f"error: {self.message}"
        text = f"{self.loc}: error: {self.message}"
        if self.loc.source_line is not None:
            line = self.loc.source_line.rstrip("\n")
            # Tabs are kept so that the caret lines up under the same glyph.
            pad = "".join(c if c == "\t" else " " for c in line[: max(self.loc.col - 1, 0)])
            text += f"\n{line}\n{pad}^"
        return text

    def __str__(self) -> str:
        return self.format() if self.loc is not None else self.message
