"""Tools for testing fastalloc and for users who want workloads: a seeded
generator of valid stream modules and a driver for the reference iree-opt."""
