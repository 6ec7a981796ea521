"""Tools for testing fastalloc and for users who want workloads: a seeded
generator of valid stream modules and a driver for the reference iree-opt."""


def opt_in_process(text: str, *args: str) -> tuple[int, str, str]:
    """``fastalloc opt -q ARGS -`` on ``text``, run in this process (no
    interpreter start-up per call): exit code, stdout, stderr."""
    import contextlib
    import io
    import sys

    from fastalloc.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = main(["opt", "-q", *args, "-"])
    finally:
        sys.stdin = saved
    return rc, out.getvalue(), err.getvalue()
