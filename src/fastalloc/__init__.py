"""fastalloc: IREE's stream memory planning (schedule-allocation, layout-slices) in Cython.

The public API is re-exported here; see README.md.
"""

from fastalloc.errors import FastallocError, SourceLocation

__all__ = ["FastallocError", "SourceLocation"]
__version__ = "0.1.0"
