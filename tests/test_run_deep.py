"""run_deep: the large-stack thread gives back its result and lets go of
everything the caller handed it, even while the thread is still winding down."""

import gc
import sys
import threading
import time
import weakref

import pytest

from fastalloc._guard import run_deep


class _Thing:
    pass


@pytest.fixture
def slow_thread_exit():
    """Hold each threading thread for a while as its outermost frame returns,
    i.e. after run_deep's caller has been woken: the window in which a
    reference kept by the thread would show."""
    target_code = []

    def hook(frame, event, arg):
        if event == "return" and frame.f_code.co_name == "target" and "_guard" in frame.f_code.co_filename:
            target_code.append(frame.f_code)
            time.sleep(0.3)
        return None

    # and no collector: what is freed must be freed by reference counting
    gc.disable()
    threading.setprofile(hook)
    try:
        yield target_code
    finally:
        threading.setprofile(None)
        gc.enable()


def test_arguments_and_result_are_not_kept_by_the_thread(slow_thread_exit):
    if "threading" not in sys.modules:
        pytest.fail("threading should be imported here (pytest imports it)")
    arg = _Thing()
    arg_ref = weakref.ref(arg)

    def fn(x):
        return [x, _Thing()]

    out = run_deep(fn, arg)
    result_ref = weakref.ref(out[1])
    del arg
    assert arg_ref() is not None  # still in `out`
    del out
    # The thread is still asleep in its exit hook here.
    assert result_ref() is None, "the thread keeps the result alive"
    assert arg_ref() is None, "the thread keeps the argument alive"
    time.sleep(0.5)
    assert slow_thread_exit, "the exit hook never ran: the test did not test the window"


def test_exception_is_reraised_and_arguments_are_let_go(slow_thread_exit):
    arg = _Thing()
    arg_ref = weakref.ref(arg)

    def fn(x):
        raise ValueError("boom")

    try:
        run_deep(fn, arg)
    except ValueError as e:
        message = str(e)
    else:
        pytest.fail("no exception")
    assert message == "boom"
    del arg
    assert arg_ref() is None, "the thread keeps the argument alive"
    time.sleep(0.5)


def test_nested_call_runs_inline():
    def inner():
        return threading.get_ident()

    def outer():
        return threading.get_ident(), run_deep(inner)

    me = threading.get_ident()
    a, b = run_deep(outer)
    assert a == b and a != me
