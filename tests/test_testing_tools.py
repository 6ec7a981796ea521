"""The harness that runs IREE's tools for the tests (fastalloc.testing.iree.run_tool)."""

import sys

import pytest

from fastalloc.testing import iree

resource = pytest.importorskip("resource", reason="address-space limits are POSIX")

_PRINT_LIMIT = "import resource; print(resource.getrlimit(resource.RLIMIT_AS)[0])"


def test_child_address_space_is_capped():
    soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    if soft != resource.RLIM_INFINITY and soft <= iree.TOOL_ADDRESS_SPACE:
        pytest.skip("this process already runs under a tighter address-space limit")
    r = iree.run_tool([sys.executable, "-c", _PRINT_LIMIT], capture_output=True, text=True, check=True)
    assert int(r.stdout) == iree.TOOL_ADDRESS_SPACE
    # the parent keeps its own limit
    assert resource.getrlimit(resource.RLIMIT_AS)[0] != iree.TOOL_ADDRESS_SPACE


def test_runaway_child_fails_instead_of_growing(monkeypatch):
    # a child asking for more than the cap gets an allocation error at once
    monkeypatch.setattr(iree, "TOOL_ADDRESS_SPACE", 1 << 30)
    r = iree.run_tool([sys.executable, "-c", "b = bytearray(2 << 30)"], capture_output=True, text=True)
    assert r.returncode != 0
    assert "MemoryError" in r.stderr


def test_tighter_limit_of_the_caller_is_kept(monkeypatch):
    # a test run already limited below the cap passes its own limit on
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    monkeypatch.setattr(resource, "getrlimit", lambda which: (1 << 29, hard))
    assert iree._address_space_cap() is None


def test_run_tool_passes_arguments_through():
    r = iree.run_tool([sys.executable, "-c", "import sys; print(sys.stdin.read()[::-1])"], input="abc",
                      capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (0, "cba\n")
