from fastalloc.ir.model cimport Block, Module, Op, Region, Value, _link_operands
