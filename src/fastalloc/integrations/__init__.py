"""fastalloc as a backend for other Python IR and allocation tools.

Each submodule is an optional extra and imports its host package lazily:

* ``fastalloc.integrations.iree_pm``: a pass for IREE's own PassManager
  (``iree.compiler.passmanager``) and ``iree.compiler.ir.Module`` in/out
  (``pip install 'fastalloc[iree]'``).
* ``fastalloc.integrations.iree_compile``: a whole ``iree-compile`` run with
  fastalloc's transient layout, and the memory report (``fastalloc compile``;
  same extra).
* ``fastalloc.integrations.xdsl_pass``: xDSL ``ModulePass`` classes
  registered with ``xdsl-opt`` through the ``xdsl.universe`` entry point
  (``pip install 'fastalloc[xdsl]'``).
* ``fastalloc.integrations.omnimalloc_alloc``: fastalloc's packers in
  omnimalloc's allocator registry (``pip install 'fastalloc[omnimalloc]'``).

Batch planning of many problems (``fastalloc.batch.plan_many``) needs none.
"""
