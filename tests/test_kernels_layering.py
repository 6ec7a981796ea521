"""The kernels are the lowest layer: importing any of them loads no IR module
(fastalloc.ir*, fastalloc.passes*) and no module of the package outside
fastalloc.kernels, beyond what ``import fastalloc`` itself loads.

Each check runs in a fresh interpreter, so that modules imported by earlier
tests cannot hide an import.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import pytest

import fastalloc.kernels

KERNEL_MODULES = sorted(
    f"fastalloc.kernels.{m.name}" for m in pkgutil.iter_modules(fastalloc.kernels.__path__)
)

_PROBE = """
import json, sys
import fastalloc
before = set(sys.modules)
import importlib
importlib.import_module(sys.argv[1])
new = sorted(m for m in set(sys.modules) - before if m == "fastalloc" or m.startswith("fastalloc."))
ir = sorted(m for m in sys.modules if m.startswith(("fastalloc.ir", "fastalloc.passes")))
print(json.dumps({"new": new, "ir": ir}))
"""


def test_every_kernel_module_is_found():
    # A compiled module that failed to build would vanish from the list.
    for name in ("sort", "intervals", "alias", "iree_pack", "bound", "bestfit_engine", "sweep",
                 "bestfit_large", "bestfit", "search"):
        assert f"fastalloc.kernels.{name}" in KERNEL_MODULES


@pytest.mark.parametrize("module", KERNEL_MODULES)
def test_kernel_imports_nothing_but_kernels(module):
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, module], capture_output=True, text=True, check=True
    ).stdout
    got = json.loads(out.strip().splitlines()[-1])
    assert got["ir"] == [], f"{module} loaded IR modules {got['ir']}"
    outside = [m for m in got["new"] if m != "fastalloc.kernels" and not m.startswith("fastalloc.kernels.")]
    assert outside == [], f"{module} imported {outside} of the package"
    assert module in got["new"]
