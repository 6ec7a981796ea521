"""Declares and cythonizes the extensions; all metadata lives in pyproject.toml."""

import os

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup

# FASTALLOC_DEBUG_CYTHON=1 turns every safety check back on, so that the test
# suite can catch out-of-bounds indexing that the release build would not see.
DEBUG = os.environ.get("FASTALLOC_DEBUG_CYTHON", "") not in ("", "0")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}


def _native(name: str, source: str) -> Extension:
    """A numpy-using Cython extension with the build's optimisation flags."""
    return Extension(
        name,
        [source],
        include_dirs=[np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O0", "-g"] if DEBUG else ["-O3"],
    )


extensions = [
    # Array kernels (they cimport each other's .pxd, never the IR).
    _native("fastalloc.kernels.sort", "src/fastalloc/kernels/sort.pyx"),
    _native("fastalloc.kernels.intervals", "src/fastalloc/kernels/intervals.pyx"),
    _native("fastalloc.kernels.alias", "src/fastalloc/kernels/alias.pyx"),
    _native("fastalloc.kernels.iree_pack", "src/fastalloc/kernels/iree_pack.pyx"),
    _native("fastalloc.kernels.bound", "src/fastalloc/kernels/bound.pyx"),
    _native("fastalloc.kernels.bestfit_engine", "src/fastalloc/kernels/bestfit_engine.pyx"),
    _native("fastalloc.kernels.sweep", "src/fastalloc/kernels/sweep.pyx"),
    _native("fastalloc.kernels.bestfit_large", "src/fastalloc/kernels/bestfit_large.pyx"),
    _native("fastalloc.kernels.bestfit", "src/fastalloc/kernels/bestfit.pyx"),
    # The IR model (Cython's pure-Python mode: ir/model.py + ir/model.pxd),
    # and the compiled helpers that cimport its classes.
    # (Python semantics: bounds checks and negative indices in every build.)
    _native("fastalloc.ir.model", "src/fastalloc/ir/model.py"),
    _native("fastalloc.ir._uses", "src/fastalloc/ir/_uses.pyx"),
    _native("fastalloc.passes._regions", "src/fastalloc/passes/_regions.pyx"),
    _native("fastalloc.passes._convert", "src/fastalloc/passes/_convert.pyx"),
    _native("fastalloc.passes._layout", "src/fastalloc/passes/_layout.pyx"),
    _native("fastalloc._lexer", "src/fastalloc/_lexer.pyx"),
    _native("fastalloc._csvscan", "src/fastalloc/_csvscan.pyx"),
    _native("fastalloc.kernels.search", "src/fastalloc/kernels/search.pyx"),
    # The parser, the verifier and the printer are Python (Cython's pure-Python mode);
    # compiled, their per-token / per-value calls are C calls.  They keep
    # bounds checks on in every build (directives at the top of each file).
    Extension(
        "fastalloc.ir.parser",
        ["src/fastalloc/ir/parser.py"],
        extra_compile_args=["-O0", "-g"] if DEBUG else ["-O2"],
    ),
    Extension(
        "fastalloc.ir.verifier",
        ["src/fastalloc/ir/verifier.py"],
        extra_compile_args=["-O0", "-g"] if DEBUG else ["-O2"],
    ),
    Extension(
        "fastalloc.ir.printer",
        ["src/fastalloc/ir/printer.py"],
        extra_compile_args=["-O0", "-g"] if DEBUG else ["-O2"],
    ),
]

# Separate generated-C trees: cythonize only regenerates C when the .pyx is
# newer, so switching directives must not reuse the other build's output.
build_dir = "build/debug" if DEBUG else "build/release"

# Translation and compilation both run on every core: the build is most of a
# fresh install's time, and CI installs from scratch on each run.
jobs = os.cpu_count() or 1

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        build_dir=build_dir,
        include_path=["src"],
        nthreads=jobs,
    ),
    options={"build_ext": {"parallel": jobs}},
)
