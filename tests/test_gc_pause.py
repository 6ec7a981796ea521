"""fastalloc._gc.gc_paused: the collector is off inside, and the caller's
state comes back afterwards, also on errors and when nested."""

import gc

import pytest

from fastalloc._gc import gc_paused


def test_paused_inside_and_restored():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause restores "off", not "on"
    assert gc.isenabled()


def test_restored_after_an_error_and_left_off_if_it_was_off():
    with pytest.raises(RuntimeError):
        with gc_paused():
            raise RuntimeError("boom")
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
