"""The stream IR front end: module model, op registry, parser and printer.

``parse(text, filename=...) -> Module`` and ``str(module)`` /
``module.print(generic=False)``; see ``fastalloc.ir.model`` for the model API.
"""

from fastalloc.ir.model import Block, Module, Op, Region, UseList, Value

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from typing import BinaryIO
from fastalloc.ir.ops import OPS, OpDef

__all__ = ["Block", "Module", "OPS", "Op", "OpDef", "Region", "UseList", "Value", "parse", "parse_chunks", "parse_file"]


def parse(text, filename: str = "<stdin>", *, line_base: int = 0) -> Module:
    """Parse MLIR text (str or bytes) into a Module; raises FastallocError.

    ``line_base`` is added to reported line numbers (for ``// -----`` chunks).
    """
    from fastalloc._guard import run_deep
    from fastalloc.ir.parser import parse as _parse

    return run_deep(_parse_verified, _parse, text, filename, line_base=line_base)


def parse_file(path: "str | BinaryIO", filename: str | None = None) -> Module:
    """Parse the module in the file ``path``, or in an open binary stream
    such as ``sys.stdin.buffer`` (``filename`` in locations, default ``path``
    or ``<stdin>``); raises FastallocError.  As ``parse`` of the contents,
    but the whole text is never held at once."""
    from fastalloc._guard import run_deep
    from fastalloc.ir.parser import parse_file as _parse_file

    return run_deep(_parse_verified, _parse_file, path, filename)


def _parse_verified(parse_fn, *args, **kw) -> Module:
    from fastalloc._guard import internal_error
    from fastalloc.errors import FastallocError
    from fastalloc.ir.verifier import verify

    try:
        m = parse_fn(*args, **kw)
    except FastallocError:
        raise
    except Exception as e:
        raise internal_error(e) from e
    try:
        verify(m)
    except BaseException as e:
        m.dispose()
        if isinstance(e, FastallocError) or not isinstance(e, Exception):
            raise
        raise internal_error(e) from e
    return m


def parse_chunks(text, filename: str = "<stdin>"):
    """Split on ``// -----`` lines; yields (Module | FastallocError) per chunk."""
    from fastalloc.errors import FastallocError
    from fastalloc.ir.parser import _decode, split_chunks

    text = _decode(text, filename)
    for chunk, base in split_chunks(text):
        try:
            yield parse(chunk, filename, line_base=base)
        except FastallocError as e:
            yield e
