"""The stream IR front end: module model, op registry, parser and printer.

``parse(text, filename=...) -> Module`` and ``str(module)`` /
``module.print(generic=False)``; see ``fastalloc.ir.model`` for the model API.
"""

from fastalloc.ir.model import Block, Module, Op, Region, UseList, Value
from fastalloc.ir.ops import OPS, OpDef

__all__ = ["Block", "Module", "OPS", "Op", "OpDef", "Region", "UseList", "Value", "parse", "parse_chunks"]


def parse(text, filename: str = "<stdin>", *, line_base: int = 0) -> Module:
    """Parse MLIR text (str or bytes) into a Module; raises FastallocError.

    ``line_base`` is added to reported line numbers (for ``// -----`` chunks).
    """
    from fastalloc.ir.parser import parse as _parse

    return _parse(text, filename, line_base=line_base)


def parse_chunks(text, filename: str = "<stdin>"):
    """Split on ``// -----`` lines; yields (Module | FastallocError) per chunk."""
    from fastalloc.ir.parser import parse_chunks as _pc

    return _pc(text, filename)
