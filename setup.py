"""Declares and cythonizes the native core; all metadata lives in pyproject.toml."""

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

extensions = [
    Extension(
        "fastalloc._core",
        ["src/fastalloc/_core.pyx"],
        include_dirs=[np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O0", "-g"] if DEBUG else ["-O3"],
    ),
    Extension(
        "fastalloc._lexer",
        ["src/fastalloc/_lexer.pyx"],
        include_dirs=[np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O0", "-g"] if DEBUG else ["-O3"],
    ),
    Extension(
        "fastalloc.kernels.search",
        ["src/fastalloc/kernels/search.pyx"],
        include_dirs=[np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O0", "-g"] if DEBUG else ["-O3"],
    ),
    # The parser and the printer are Python (Cython's pure-Python mode);
    # compiled, their per-token / per-value calls are C calls.  They keep
    # bounds checks on in every build (directives at the top of each file).
    Extension(
        "fastalloc.ir.parser",
        ["src/fastalloc/ir/parser.py"],
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

setup(ext_modules=cythonize(extensions, compiler_directives=directives, build_dir=build_dir))
