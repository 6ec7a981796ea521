"""Array kernels of fastalloc (Cython over int64 numpy arrays); they know nothing of the IR."""
