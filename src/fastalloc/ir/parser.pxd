# Augments ir/parser.py (Cython's pure-Python mode): only the model's
# extension types (and the lexer's name table) are cimported here, so that
# the parser's own annotations (``op: Op``, ``-> Value``,
# ``@cython.locals(v=Value)``, ``ids: Names``) type them and the compiled
# parser reads and writes their fields as struct members (ir/model.pxd) and
# calls Names.id as a C method (_lexer.pxd).  The parser's classes and
# functions stay declared in parser.py itself.  Without the build, parser.py
# runs as Python.
from fastalloc._lexer cimport Names
from fastalloc.ir.model cimport Block, Module, Op, Region, Value, _link_operands, _set_tok, _share_props
