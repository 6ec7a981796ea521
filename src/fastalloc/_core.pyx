# cython: language_level=3
"""Native kernels of fastalloc (alias sets, liveness intervals, packing).

Filled in by the core work (issue 2).  Every kernel assumes validated input:
validation and coercion happen once, in fastalloc.packing.
"""

include "_pack_bestfit.pxi"
