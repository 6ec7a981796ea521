"""Run the IR stages so that no input can crash the process or escape as a traceback.

Two things, shared by the parser, the passes, the printer and the CLI:

* :func:`deep`: IR nests (regions in ops in regions); the parser is a
  compiled recursive descent and several walks of the passes recurse.  A
  nesting as deep as iree-opt accepts (the parser stops at
  :data:`MAX_NESTING`, a located error) needs more C stack than a default
  thread has and more Python frames than the default recursion limit, so
  the decorated call runs in a helper thread with a large stack
  (:data:`STACK_BYTES`, reserved, not committed) and a raised recursion
  limit.  Calls from inside such a thread run directly.
* :func:`internal_error`: any exception that is not a
  :class:`~fastalloc.errors.FastallocError` is a bug in fastalloc; it becomes
  ``internal error: ...`` located at the innermost op the failing code was
  processing (a local named ``op``, ``execute_op``, ... in the traceback).
"""

from __future__ import annotations

import _thread
import functools
import sys

from fastalloc.errors import FastallocError

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["MAX_NESTING", "STACK_BYTES", "deep", "internal_error"]

#: Deepest region nesting the parser accepts.  iree-opt 3.13 parses about
#: 3,900 nested regions before its own stack overflows; this is deeper.
MAX_NESTING = 4096
#: Stack of the helper thread: enough for MAX_NESTING levels of the compiled
#: parser and of the passes' recursive walks with a wide margin.
STACK_BYTES = 1 << 30
_RECURSION_LIMIT = 60 * MAX_NESTING

# (threading.local is this class; see run_deep for why not threading)
_local = _thread._local()


def in_deep() -> bool:
    """Is this call already on a run_deep thread?"""
    return getattr(_local, "deep", False)


def run_deep(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` on a thread with a large stack; its result or exception."""
    if in_deep():
        return fn(*args, **kwargs)
    # The thread lives on for a moment after it releases ``done``: what it
    # still references then (its closure, its frame) must not keep the
    # caller's arguments or the result alive, or a caller that drops its
    # module right after (Module.dispose, then del) would find it still
    # there.  So the job is taken out of ``job`` and the result out of
    # ``box`` rather than left in them.
    job: list[Any] = [fn, args, kwargs]
    box: list[Any] = [None, None]
    done = _thread.allocate_lock()  # held until the thread is through
    done.acquire()

    def target() -> None:
        _local.deep = True
        f, a, k = job
        job.clear()
        try:
            box[0] = f(*a, **k)
        except BaseException as e:  # re-raised in the caller's thread
            box[1] = e
        finally:
            del f, a, k
            done.release()

    if sys.getrecursionlimit() < _RECURSION_LIMIT:
        sys.setrecursionlimit(_RECURSION_LIMIT)
    # threading when something imported it (its settrace/setprofile hooks,
    # which coverage and profilers use, reach only its own threads), else
    # the bare _thread (the command line need not import threading)
    threading = sys.modules.get("threading")
    with _stack_lock:
        old = _thread.stack_size()
        try:
            _thread.stack_size(STACK_BYTES)
            if threading is not None:
                threading.Thread(target=target, name="fastalloc-deep", daemon=True).start()
            else:
                _thread.start_new_thread(target, ())
        finally:
            _thread.stack_size(old)
    # Waiting on a lock is interrupted by signals: Ctrl-C and the CLI's
    # signal handlers run at once in this (main) thread.
    done.acquire()
    result, err = box
    box.clear()
    if err is not None:
        try:
            raise err
        finally:
            # else this frame (in err's traceback) and err would be a cycle
            del err
    return result


_stack_lock = _thread.allocate_lock()


def deep(fn: F) -> F:
    """Decorator: run ``fn`` through :func:`run_deep`."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return run_deep(fn, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


# Names of locals that hold the op a pass is working on, innermost first wins.
_OP_LOCALS = ("op", "execute_op", "user", "owner", "region_op", "pack_op", "parent_op")


def op_location(op: Any) -> Any:
    """``op``'s source location, or its nearest ancestor's (ops a pass made have none)."""
    depth = 0
    while op is not None and depth < 100000:
        try:
            loc = op.loc
        except Exception:
            loc = None
        if loc is not None:
            return loc
        block = getattr(op, "parent", None)
        region = getattr(block, "parent", None)
        op = getattr(region, "parent", None)
        depth += 1
    return None


def _op_location(tb: Any) -> Any:
    """The location of the innermost op named by a local in the traceback's frames."""
    from fastalloc.ir.model import Op

    found = None
    while tb is not None:
        f_locals = tb.tb_frame.f_locals
        for name in _OP_LOCALS:
            v = f_locals.get(name)
            if isinstance(v, Op):
                loc = op_location(v)
                if loc is not None:
                    found = loc
                break
        tb = tb.tb_next
    return found


def internal_error(e: BaseException) -> FastallocError:
    """``e`` (not a FastallocError) as a located ``internal error`` FastallocError."""
    if isinstance(e, FastallocError):
        return e
    if isinstance(e, RecursionError):
        msg = "internal error: nesting too deep for this walk (RecursionError)"
    elif isinstance(e, MemoryError):
        msg = "internal error: out of memory"
    else:
        text = str(e).splitlines()[0] if str(e) else ""
        msg = f"internal error: {type(e).__name__}" + (f": {text}" if text else "")
    loc = None
    try:
        loc = _op_location(e.__traceback__)
    except Exception:
        loc = None
    err = FastallocError(msg, loc)
    err.__cause__ = e
    return err
