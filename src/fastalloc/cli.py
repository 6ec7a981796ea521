"""The ``fastalloc`` command line.

``fastalloc opt [INPUT|-] [-o OUTPUT] [--split-input-file] [--print-op-generic]
[--passes P1,P2]`` parses stream-dialect MLIR, runs the named passes (none by
default) and prints the module back.

Errors are printed as MLIR prints them (``FILE:LINE:COL: error: MESSAGE``,
the source line, a caret) and exit with status 1.  Output is written to a
temporary file next to OUTPUT and renamed over it only when everything
succeeded, so a failed run never leaves a partial file or clobbers an
existing one.  With ``--split-input-file`` each ``// -----`` chunk is its own
module: a bad chunk reports its error, the others are still processed, the
results are joined with ``// -----`` and the exit status is 1 if any chunk
failed (as iree-opt does).

``opt`` also takes iree-opt's spellings, so a script can swap the binary:
``--pass-pipeline='builtin.module(iree-stream-schedule-allocation,
util.func(iree-stream-layout-slices))'``,
``--iree-stream-resource-min-offset-alignment N`` (alias
``--resource-min-offset-alignment``), ``--mlir-timing`` (alias ``--timing``);
``--pack-strategy iree|best-fit|search|smallest`` picks layout-slices' packer
(``--pack-time-limit S``: the search's seconds per pack).

The other subcommands:

* ``fastalloc pack PROBLEM.csv [--strategy S] [--alignment N] [-o PLAN.csv]
  [--json]``: a minimalloc CSV in, the plan (an ``offset`` column added) out,
  n / total / lower bound / ratio / time printed;
* ``fastalloc stats INPUT.mlir|PROBLEM.csv [--json]``: per function and
  execute region, the transients, results and constants it allocates and the
  slab per strategy against the lower bound;
* ``fastalloc plot PLAN.csv|PROBLEM.csv|INPUT.mlir -o MAP.png|.svg``: the
  memory map (needs ``fastalloc[plot]``).
* ``fastalloc compile MODEL.mlir -o MODEL.vmfb [--pack-strategy S] [--json R]
  [-- IREE-COMPILE-FLAGS]``: a whole iree-compile with fastalloc's transient
  layout, the memory per execution region on stderr
  (``fastalloc.integrations.iree_compile``).

Long runs draw a progress bar on stderr when it is a terminal (``-q``: never);
``-v`` logs through the ``fastalloc`` logger.  Each subcommand registers in
``SUBCOMMANDS`` a function that adds its arguments and one that runs.
"""

from __future__ import annotations

import _thread
import os
import sys

from fastalloc._gc import gc_paused
from fastalloc._guard import internal_error, run_deep
from fastalloc._log import INFO, logger
from fastalloc.errors import FastallocError

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing at run time
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import Any

# Library code only logs; handlers are the application's business (see -v).
# The command imports neither ``logging`` (unless -v: fastalloc._log) nor
# ``tempfile`` (the temporary output file is made here, see
# _replace_via_temp) nor anything a subcommand other than the one run
# needs: start-up is most of a small run.
_LOG = "fastalloc.cli"

__all__ = ["main", "SUBCOMMANDS", "write_atomic", "read_input"]


def read_input(path: str) -> bytes:
    """Bytes of ``path`` (``-`` is stdin); raises FastallocError if unreadable."""
    if path == "-":
        return sys.stdin.buffer.read()
    from fastalloc.ir.source import open_input

    with open_input(path) as f:
        return f.read()


def _input(path: str) -> object:
    """What parse_file reads for the input argument ``path`` (``-``: stdin)."""
    return sys.stdin.buffer if path == "-" else path


def write_atomic(path: str, text: str | Callable[[Callable[[str], object]], None], *, binary: bool = False) -> None:
    """Write ``text`` to ``path`` via a temp file in the same directory + os.replace.

    ``text`` is a string, or a function that emits the text in pieces through
    the ``write`` it is given (the printer streams a big module that way
    instead of building one string); with ``binary``, a function emitting
    the text's UTF-8 bytes (the printer's buffer as it is, not decoded into
    a str to be encoded again)."""
    def emit(f) -> None:
        if isinstance(text, str):
            f.write(text)
        else:
            text(f.write)

    mode, kw = ("wb", {}) if binary else ("w", {"encoding": "utf-8", "newline": "\n"})
    if path == "-":
        out = getattr(sys.stdout, "buffer", None) if binary else sys.stdout
        if out is None:
            # a text-only stdout (an in-process caller's capture): decoded in
            # pieces, a character split between two of them kept for the next
            import codecs

            decode = codecs.getincrementaldecoder("utf-8")().decode
            text(lambda b: sys.stdout.write(decode(b)))  # type: ignore[operator]
            sys.stdout.write(decode(b"", True))
        else:
            if binary:
                sys.stdout.flush()  # what was written as text goes first
            emit(out)
            out.flush()
        return
    if _is_special(path):
        # /dev/null, /dev/stdout, a FIFO: write into it.  Renaming over it
        # would replace the device node with a regular file (as root: for
        # every process on the machine).
        with open(path, mode, **kw) as f:
            emit(f)
        return
    def write(tmp: str) -> None:
        with open(tmp, mode, **kw) as f:
            emit(f)

    _replace_via_temp(path, ".tmp", write)


def _replace_via_temp(path: str, suffix: str, write) -> None:
    """``write(tmp)`` into a temporary file beside ``path``, then rename it over
    ``path``: readers see the old file or the whole new one, never a part, and
    a failure leaves no temporary file behind."""
    d = os.path.dirname(os.path.abspath(path))
    # The name is registered with the signal handlers before the file
    # exists (a signal between creating it and registering it would leave it
    # behind); exclusive creation, as mkstemp does, with a fresh name on a clash.
    while True:
        tmp = os.path.join(d, ".fastalloc-" + os.urandom(6).hex() + suffix)
        _live_temps.add(tmp)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            _live_temps.discard(tmp)
            continue
        except BaseException:
            _live_temps.discard(tmp)
            raise
        break
    os.close(fd)
    try:
        write(tmp)
        _set_mode(tmp, path)
        # The signal handler runs on the main thread while this may run on
        # the worker: the rename and its record are one step for it, so it
        # either removes the temporary file or knows the output was written
        # (never "no output written" beside a new file).
        with _commit_lock:
            os.replace(tmp, path)
            _written.append(path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    finally:
        _live_temps.discard(tmp)


#: Temporary output files being written, outputs already renamed into place, and
#: the lock that makes a rename and its record one step for the signal handler
#: (see _replace_via_temp, _install_signal_handlers).  Signals are per process.
_live_temps: set[str] = set()
_written: list[str] = []
_commit_lock = _thread.allocate_lock()


def _install_signal_handlers() -> None:
    """SIGINT, SIGTERM and SIGHUP end the command at once, removing any
    temporary output file first: nothing partial is left beside the output.

    The command runs on a helper thread (fastalloc._guard.run_deep) and the
    main thread only waits for it, so the handler runs as soon as the signal
    arrives, even while the worker is in a long native loop."""
    try:
        # the C module behind ``signal``: the same functions, without the
        # enums that ``signal`` builds when imported (a few ms of start-up)
        import _signal as signal
    except ImportError:  # pragma: no cover - not CPython
        import signal  # type: ignore[no-redef]
    names = {getattr(signal, sig): sig for sig in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, sig)}

    def handler(signum, _frame) -> None:
        # Held while the worker renames an output: wait for that syscall to
        # end, then no rename can start (the process ends here).  Bounded,
        # should the write ever run on this thread and hold it itself.
        _commit_lock.acquire(timeout=1.0)
        for tmp in list(_live_temps):
            try:
                os.unlink(tmp)
            except OSError:
                pass
        name = names.get(signum, f"signal {signum}")
        if _written:
            what = "output already written: " + ", ".join(_written)
        else:
            what = "no output written"
        try:
            os.write(2, f"fastalloc: interrupted ({name}); {what}\n".encode())
        except OSError:
            pass
        os._exit(128 + signum)

    for signum in names:
        signal.signal(signum, handler)


def _is_special(path: str) -> bool:
    """``path`` exists and is not a regular file (a device, a FIFO, a socket)."""
    import stat

    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _set_mode(tmp: str, path: str) -> None:
    """Give the temp file the mode a plain ``open(path, "w")`` would have
    (mkstemp makes it 0600): the existing file's mode, else 0666 & ~umask."""
    try:
        mode = os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)


def _report(err: FastallocError) -> None:
    sys.stderr.write(err.format() + "\n")


def _lookup_passes(names: list[str]) -> list[Any]:
    """The pass objects for ``names`` (all checked before any runs)."""
    if not names:
        return []
    from fastalloc.passes import get_pass

    return [get_pass(n) for n in names]


def _opt_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", nargs="?", default="-", help="input .mlir file ('-' or omitted: stdin)")
    p.add_argument("-o", "--output", default="-", help="output file ('-': stdout)")
    p.add_argument("--split-input-file", action="store_true",
                   help="treat '// -----' separated chunks as independent modules")
    p.add_argument("--print-op-generic", "--mlir-print-op-generic", dest="print_op_generic", action="store_true",
                   help="print stream ops in generic form")
    p.add_argument("--passes", default="", help="comma-separated passes to run (default: none)")
    _opt_extra_args(p)


#: the iree-opt release whose output ``fastalloc opt`` reproduces
MIRRORS_IREE = "3.13.0"

def _opt_info(args: argparse.Namespace) -> bool:
    """``--version`` / ``--list-passes``: print and return True (nothing is read)."""
    if args.version:
        from fastalloc import __version__

        sys.stdout.write(f"fastalloc {__version__}\n  mirrors iree-opt {MIRRORS_IREE} "
                         "(--iree-stream-schedule-allocation, --iree-stream-layout-slices)\n")
        return True
    if args.list_passes:
        from fastalloc.passes import get_pass

        lines = ["Passes:"]
        for name in _known_passes():
            flag = f"--{_IREE_PREFIX}{name}"
            lines.append(f"  {flag:<50} -   {get_pass(name).summary}".rstrip())
        sys.stdout.write("\n".join(lines) + "\n")
        return True
    return False


def _opt_run(args: argparse.Namespace) -> int:
    from fastalloc.ir import parse, parse_file
    from fastalloc.ir.parser import _decode, split_chunks

    if _opt_info(args):
        return 0
    timing = _timing_of(args)
    print_kw = {"generic": args.print_op_generic, "debuginfo": args.debuginfo or args.local_scope,
                "local_scope": args.local_scope}
    elide = args.elide
    try:
        if elide is not None and elide < 0:
            raise FastallocError(f"--mlir-elide-elementsattrs-if-larger must be >= 0, got {elide}")
        names = _pass_names(args)
        fns = _lookup_passes(names)
        options = _pass_options(args)
        if fns:
            from fastalloc.passes import PassContext, PassOptions

            pass_options = PassOptions.from_kwargs(options)
        filename = "<stdin>" if args.input == "-" else args.input
        text = None
        if args.split_input_file:
            with timing.phase("read input"):
                text = _decode(read_input(args.input), filename)
        # else: one module from a file or stdin, read by the parse a piece
        # at a time (parse_file: the whole text is never one string; it
        # reads the input again, stdin from its copy, for a location)
    except FastallocError as e:
        _report(e)
        return 1

    log = logger(_LOG, INFO)
    if log is not None:
        log.info("opt %s: passes %s, options %s", filename, ", ".join(names) or "(none)", options)

    def one(chunk: str, base: int) -> str:
        # One pause over all stages, as run_passes does (see fastalloc._gc).
        with gc_paused():
            m = build(chunk, base)
            try:
                with timing.phase("print"):
                    out = m.print(**print_kw)
                    return out if elide is None else elide_elements(out, elide)
            finally:
                m.dispose()

    def build(chunk: str | list[str | None], base: int):
        if type(chunk) is list:
            chunk = chunk.pop()  # the caller's only reference: parse holds it as long as it needs
        with timing.phase("parse"):
            m = parse(chunk, filename, line_base=base) if chunk is not None else parse_file(_input(args.input), filename)
        del chunk
        try:
            for name, fn in zip(names, fns):
                # Within a chunk, passes that report progress (schedule-allocation:
                # per execute region) get their own bar; it erases itself when done.
                with timing.phase(name), _RegionBar(name, args) as bar:
                    fn.run(m, pass_options, PassContext(progress=bar))
                log = logger(_LOG)
                if log is not None:
                    log.debug("%s:%d: %s done", filename, base + 1, name)
        except BaseException:
            m.dispose()  # the collector is off in the command (see main)
            raise
        return m

    failed = False
    if args.split_input_file:
        outs = []
        chunks = split_chunks(text)
        with _progress(len(chunks), "chunks", args) as bar:
            for chunk, base in chunks:
                try:
                    # as iree-opt: each module and a blank line; a failed chunk keeps its slot, empty
                    outs.append(one(chunk, base) + "\n")
                except FastallocError as e:
                    bar.close()
                    _report(e)
                    outs.append("")
                    failed = True
                except Exception as e:
                    # a bug in one chunk (internal error) does not stop the others
                    bar.close()
                    _report(internal_error(e))
                    outs.append("")
                    failed = True
                bar.update()
        result = "// -----\n".join(outs)
    else:
        # One module: print it straight into the output file, in pieces (no
        # whole-text string; parse errors still leave no file behind).
        from fastalloc.ir.printer import write_module

        with gc_paused():
            src = [text]
            del text
            try:
                m = build(src, 0)
            except FastallocError as e:
                _report(e)
                return 1
            if not fns and not print_kw["debuginfo"]:
                # Nothing will ask for an op's location any more: drop the
                # source text the parser kept for them (as big as the output).
                m.release_source()
            try:
                # the printer streams into the file: printing and writing are one phase
                with timing.phase("print"):
                    if elide is None:
                        write_atomic(args.output, lambda write: write_module(m, write, binary=True, **print_kw),
                                     binary=True)
                    else:
                        write_atomic(args.output, lambda write: write_module(
                            m, lambda s: write(elide_elements(s, elide)), **print_kw))
            except BrokenPipeError:
                raise  # the reader is gone (| head): main ends quietly
            except OSError as e:
                sys.stderr.write(f"error: cannot write '{args.output}': {e.strerror}\n")
                return 1
        _finish_timing(timing)
        return 0
    if failed:
        # iree-opt prints the good chunks; we keep the all-or-nothing rule for files.
        if args.output == "-":
            write_atomic("-", result)
        return 1
    try:
        with timing.phase("write output"):
            write_atomic(args.output, result)
    except BrokenPipeError:
        raise  # the reader is gone (| head): main ends quietly
    except OSError as e:
        sys.stderr.write(f"error: cannot write '{args.output}': {e.strerror}\n")
        return 1
    _finish_timing(timing)
    return 0


# ---------------------------------------------------------------------------
# opt: iree-opt's spellings, pass options, --timing, progress
# ---------------------------------------------------------------------------

#: Anchors (op names) an iree-opt pipeline may nest passes under.
PIPELINE_ANCHORS = ("builtin.module", "util.initializer", "util.func", "func.func")
_IREE_PREFIX = "iree-stream-"


def _known_passes() -> list[str]:
    """The rewriting passes of the registry (an iree-opt pipeline names no analysis)."""
    from fastalloc.passes import pass_names

    return pass_names()


_DENSE = None


def elide_elements(text: str, limit: int) -> str:
    """``text`` with every non-splat ``dense<...> : T`` of more than ``limit``
    elements printed as iree-opt's ``--mlir-elide-elementsattrs-if-larger``
    prints it: ``dense_resource<__elided__> : T``."""
    global _DENSE
    import re

    if "dense<" not in text:
        return text
    if _DENSE is None:
        _DENSE = re.compile(r'dense<(\[(?:[^<>"]|"[^"]*"|<[^<>]*>)*|"0x[0-9A-Fa-f]*")> : ((?:tensor|vector)<([^<>]*)>)')

    def sub(mm) -> str:
        dims = mm.group(3).split("x")[:-1]
        n = 1
        for d in dims:
            if not d.isdigit():
                return mm.group(0)
            n *= int(d)
        if mm.group(1)[0] == '"' and n > 1:
            # a hex literal of one element's bytes is a splat (never elided)
            payload = (len(mm.group(0).split('"')[1]) - 2) // 2
            bits = re.search(r"\d+", mm.group(3).split("x")[-1])
            if payload == (max(1, (int(bits.group(0)) + 7) // 8) if bits else 8):
                return mm.group(0)
        return f"dense_resource<__elided__> : {mm.group(2)}" if n > limit else mm.group(0)

    return _DENSE.sub(sub, text)


def parse_pass_pipeline(text: str) -> list[str]:
    """fastalloc pass names, in order, from an iree-opt ``--pass-pipeline``.

    ``builtin.module(iree-stream-schedule-allocation,
    util.func(iree-stream-layout-slices), func.func(iree-stream-layout-slices))``
    gives ``["schedule-allocation", "layout-slices"]``: anchors nest, the
    ``iree-stream-`` prefix is dropped, and a pass repeated under sibling
    anchors runs once (fastalloc's passes cover every anchor).  Unknown
    passes, unknown anchors and unbalanced parentheses are errors.
    """
    import re

    toks = re.findall(r"[A-Za-z0-9_.\-]+|[(),]|\S", text)
    known = _known_passes()
    out: list[str] = []
    pos = 0
    depth = 0

    def fail(msg: str) -> None:
        raise FastallocError(f"invalid --pass-pipeline '{text}': {msg}")

    expect_item = True
    while pos < len(toks):
        t = toks[pos]
        if t == ",":
            if expect_item:
                fail("empty pipeline element")
            expect_item = True
        elif t == ")":
            if depth == 0:
                fail("unbalanced ')'")
            depth -= 1
            expect_item = False
        elif t == "(" or not re.fullmatch(r"[A-Za-z0-9_.\-]+", t):
            fail(f"unexpected '{t}'")
        else:
            if not expect_item:
                fail(f"expected ',' or ')' before '{t}'")
            if pos + 1 < len(toks) and toks[pos + 1] == "(":
                if t not in PIPELINE_ANCHORS:
                    fail(f"unsupported anchor op '{t}' (supported: {', '.join(PIPELINE_ANCHORS)})")
                depth += 1
                pos += 2
                expect_item = True
                if pos < len(toks) and toks[pos] == ")":
                    expect_item = False  # `builtin.module()` is an empty pipeline
                continue
            name = t[len(_IREE_PREFIX):] if t.startswith(_IREE_PREFIX) else t
            if name not in known:
                fail(f"unknown pass '{t}'; supported: "
                     + ", ".join(f"{_IREE_PREFIX}{k}" for k in known))
            if not out or out[-1] != name:
                out.append(name)
            expect_item = False
        pos += 1
    if depth:
        fail("missing ')'")
    return out


def _pass_names(args: argparse.Namespace) -> list[str]:
    names = [n.strip() for n in args.passes.split(",") if n.strip()]
    if args.pass_pipeline is not None:
        if names:
            raise FastallocError("give --passes or --pass-pipeline, not both")
        names = parse_pass_pipeline(args.pass_pipeline)
    return names


def _pass_options(args: argparse.Namespace) -> dict[str, object]:
    options: dict[str, object] = {"pack_strategy": args.pack_strategy}
    if args.pack_time_limit is not None:
        if args.pack_strategy != "search":
            raise FastallocError("--pack-time-limit applies to --pack-strategy search")
        if not 0 <= args.pack_time_limit < 1e9:
            raise FastallocError(f"--pack-time-limit must be seconds >= 0, got {args.pack_time_limit}")
        options["pack_time_limit"] = args.pack_time_limit
    if args.default_alignment is not None:
        a = args.default_alignment
        if a <= 0 or a & (a - 1):
            raise FastallocError(f"--resource-min-offset-alignment must be a power of two, got {a}")
        options["default_alignment"] = a
    return options


#: ``--pack-strategy`` / ``--strategy`` choices: ``fastalloc.packing.STRATEGIES``
#: plus layout-slices' ``SMALLEST``, spelled out so that building the argument
#: parser imports neither numpy nor the passes (``opt`` without passes never
#: needs them).  tests/test_cli_opt.py checks
#: the list against the modules.
PACK_STRATEGIES = ("best-fit", "iree", "search", "smallest")


def _pack_strategies() -> list[str]:
    return list(PACK_STRATEGIES)


def _opt_extra_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pass-pipeline", default=None, metavar="PIPELINE",
                   help="iree-opt's spelling, e.g. 'builtin.module(iree-stream-schedule-allocation, "
                        "util.func(iree-stream-layout-slices))'")
    p.add_argument("--pack-strategy", default="iree", choices=_pack_strategies(),
                   help="packer of static slices in layout-slices (default: iree, identical to iree-opt)")
    p.add_argument("--pack-time-limit", type=float, default=None, metavar="S",
                   help="with --pack-strategy search: seconds per pack (default: a fixed work budget)")
    p.add_argument("--resource-min-offset-alignment", "--iree-stream-resource-min-offset-alignment",
                   dest="default_alignment", type=int, default=None, metavar="N",
                   help="offset/range alignment where no stream.resources config applies (default 64)")
    p.add_argument("--mlir-print-debuginfo", dest="debuginfo", action="store_true",
                   help="print every op's location (loc(#locN), the #loc aliases after the module)")
    p.add_argument("--mlir-print-local-scope", dest="local_scope", action="store_true",
                   help="with --mlir-print-debuginfo: locations inline, no #loc aliases")
    p.add_argument("--mlir-elide-elementsattrs-if-larger", dest="elide", type=int, default=None, metavar="N",
                   help="print non-splat dense attributes of more than N elements as dense_resource<__elided__>")
    p.add_argument("--version", action="store_true", help="print fastalloc's version and the iree-opt it mirrors")
    p.add_argument("--list-passes", action="store_true", help="print the passes and exit")
    _common_args(p)
    p.add_argument("--timing", "--mlir-timing", action="store_true",
                   help="print the wall time of each phase (parse, each pass, print) to stderr")


def _common_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.add_argument("-v", "--verbose", action="count", default=0,
                   help="log fastalloc's progress messages to stderr (-vv: debug)")


class _Phases:
    """``phase(name)``: the phase's line on a terminal after a second
    (progress.Activity, which also logs its time at DEBUG), and its entry in
    the --timing report when asked for."""

    def __init__(self, args: argparse.Namespace, timing=None) -> None:
        self.args = args
        self.timing = timing

    def phase(self, name: str):
        quiet = getattr(self.args, "quiet", False)
        if (quiet or not _isatty(sys.stderr)) and logger("fastalloc.progress") is None:
            # the Activity would neither draw nor log: not even its module
            return _NO_PHASE if self.timing is None else self.timing.phase(name)
        from fastalloc.progress import Activity

        activity = Activity(name, quiet=quiet)
        return activity if self.timing is None else _Both(self.timing.phase(name), activity)


def _isatty(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


class _NoPhase:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


_NO_PHASE = _NoPhase()


class _Both:
    """Enter ``outer`` then ``inner``; leave in reverse order (as ExitStack)."""

    def __init__(self, outer: Any, inner: Any) -> None:
        self.outer = outer
        self.inner = inner

    def __enter__(self) -> None:
        self.outer.__enter__()
        try:
            self.inner.__enter__()
        except BaseException:
            self.outer.__exit__(*sys.exc_info())
            raise

    def __exit__(self, *exc: Any) -> None:
        try:
            self.inner.__exit__(*exc)
        finally:
            self.outer.__exit__(*exc)


def _timing_of(args: argparse.Namespace) -> _Phases:
    if getattr(args, "timing", False):
        from fastalloc.progress import Timing

        return _Phases(args, Timing())
    return _Phases(args)


def _finish_timing(timing: _Phases) -> None:
    if timing.timing is not None:
        sys.stderr.write(timing.timing.report())


def _progress(total: int, label: str, args: argparse.Namespace):
    from fastalloc.progress import Progress

    return Progress(total, label, quiet=getattr(args, "quiet", False))


class _RegionBar:
    """``progress(done, total)`` callback for a pass, drawing a Progress bar
    (only on a terminal, never with -q) once the pass says how much there is."""

    def __init__(self, label: str, args: argparse.Namespace) -> None:
        self.label = label
        self.args = args
        self.bar = None
        # a bar that would never draw is not made (nor its module imported)
        self.live = not getattr(args, "quiet", False) and _isatty(sys.stderr)

    def __call__(self, done: int, total: int) -> None:
        if not self.live:
            return
        if self.bar is None:
            self.bar = _progress(total, self.label, self.args)
        self.bar.update(done - self.bar.count)

    def __enter__(self) -> "_RegionBar":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.close()


def _configure_logging(verbose: int) -> None:
    """The CLI's own handler on the 'fastalloc' logger (never the root logger)."""
    if not verbose:
        return
    import logging

    log = logging.getLogger("fastalloc")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("fastalloc: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.DEBUG if verbose > 1 else logging.INFO)


# name -> (help, add_arguments, run)
SUBCOMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None],
                             Callable[[argparse.Namespace], int]]] = {
    "opt": ("parse stream-dialect MLIR, run passes, print it back", _opt_args, _opt_run),
}


# ---------------------------------------------------------------------------
# pack / stats / plot
# ---------------------------------------------------------------------------


def _is_csv(path: str) -> bool:
    return path.lower().endswith(".csv")


def _read_problem(path: str):
    """A minimalloc CSV (``-``: stdin) as a csvio.Problem; errors located FILE:LINE:COL."""
    from fastalloc.csvio import read_csv

    if path == "-":
        import io

        data = sys.stdin.buffer.read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            # sys.stdin would pass the bad bytes on as surrogates (then writing the ids fails)
            raise FastallocError(f"<stdin>: not UTF-8 text ({e.reason} at byte {e.start})") from None
        return read_csv(io.StringIO(text, newline=""), filename="<stdin>")
    try:
        return read_csv(path)
    except OSError as e:
        raise FastallocError(f"cannot open input file '{path}': {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise FastallocError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None


def _pack_problem(prob, strategy: str, alignment: int, effort: int, time_limit: float | None = None):
    """(offsets, total, strategy used) of the best plan among the asked strategies."""
    from fastalloc import packing
    from fastalloc.passes.layout_slices import SMALLEST

    names = [s for s in packing.STRATEGIES if s != "search"] if strategy == SMALLEST else [strategy]
    best = None
    for name in names:
        extra: dict[str, Any] = {"time_limit": time_limit} if name == "search" and time_limit is not None else {}
        plan = packing.pack(prob.starts, prob.ends, prob.sizes, alignment=alignment,
                            strategy=name, effort=effort, **extra)
        if best is None or plan.total < best[1]:
            best = (plan.offsets, plan.total, name)
    assert best is not None
    # Independent check: a wrong plan must never be written.
    packing.validate(prob.starts, prob.ends, prob.sizes, best[0], alignment)
    return best


def _human(n: int) -> str:
    from fastalloc.plot import format_bytes

    return f"{n} B" if n < 1024 else f"{n} B ({format_bytes(n)})"


def _pack_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("problem", help="minimalloc CSV: id,lower,upper,size (upper exclusive); '-': stdin")
    p.add_argument("--strategy", default="best-fit", choices=_pack_strategies(),
                   help="packer (default best-fit; smallest: every packer, smallest total)")
    p.add_argument("--alignment", type=int, default=1, metavar="N",
                   help="offsets are multiples of N and sizes are rounded up to N (default 1)")
    p.add_argument("--effort", type=int, default=1, help="best-fit search effort (default 1)")
    p.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help="with --strategy search: stop after S seconds (default: a fixed work budget)")
    p.add_argument("-o", "--output", default=None, metavar="PLAN.csv",
                   help="write the plan: the input rows plus an offset column ('-': stdout)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    _common_args(p)


def _pack_run(args: argparse.Namespace) -> int:
    import io
    import json
    import time

    from fastalloc import packing
    from fastalloc.csvio import write_csv

    phases = _timing_of(args)
    try:
        with phases.phase("read csv"):
            prob = _read_problem(args.problem)
        log = logger(_LOG, INFO)
        if log is not None:
            log.info("pack %s: %d buffers, strategy %s, alignment %d", args.problem, len(prob),
                     args.strategy, args.alignment)
        t0 = time.perf_counter()
        if args.time_limit is not None and (args.strategy != "search" or not 0 <= args.time_limit < 1e9):
            raise FastallocError(f"--time-limit takes seconds >= 0 and applies to --strategy search, "
                                 f"got {args.time_limit} with {args.strategy}")
        with phases.phase(f"pack {len(prob)} buffers"):
            offsets, total, used = _pack_problem(prob, args.strategy, args.alignment, args.effort, args.time_limit)
        seconds = time.perf_counter() - t0
        with phases.phase("lower bound"):
            lb = packing.lower_bound(prob.starts, prob.ends, prob.sizes, args.alignment) if len(prob) else 0
        text = None
        if args.output is not None:
            with phases.phase("format plan"):
                buf = io.StringIO()
                write_csv(buf, prob.starts, prob.ends, prob.sizes, offsets, ids=prob.ids)
                text = buf.getvalue()
    except FastallocError as e:
        _report(e)
        return 1
    summary = {
        "file": args.problem, "n": len(prob), "strategy": used, "alignment": args.alignment,
        "total": total, "lower_bound": lb, "ratio": (total / lb) if lb else 1.0,
        "time_s": round(seconds, 6),
    }
    if text is not None:
        try:
            with phases.phase("write plan"):
                write_atomic(args.output, text)
        except OSError as e:
            sys.stderr.write(f"error: cannot write '{args.output}': {e.strerror}\n")
            return 1
    # The plan owns stdout when it goes there; the summary then goes to stderr.
    out = sys.stderr if args.output == "-" else sys.stdout
    if args.json:
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(
            f"{args.problem}: {len(prob)} buffers, strategy {used}, alignment {args.alignment}\n"
            f"  total        {_human(total)}\n"
            f"  lower bound  {_human(lb)}\n"
            f"  ratio        {summary['ratio']:.4f}\n"
            f"  time         {seconds * 1e3:.1f} ms\n"
        )
    return 0


# -- stats ------------------------------------------------------------------


def _scheduled_module(path: str):
    """Parse ``path`` and run schedule-allocation (a no-op on allocated IR)."""
    from fastalloc.ir import parse_file
    from fastalloc.passes import run_pass

    m = parse_file(_input(path))  # (in pieces: the whole text is never one string)
    run_pass("schedule-allocation", m)
    return m


def _static_size(v) -> int | None:
    from fastalloc.ir.rewriter import constant_int

    return constant_int(v)


def region_table(module) -> list[dict]:
    """What each ``stream.cmd.execute`` uses, by where its storage comes from:
    the transient slab (a ``stream.resource.pack``'s slices), results
    (``stream.resource.alloca``/``alloc`` of other lifetimes) and constants
    (``stream.resource.constants``); bytes are summed over static sizes."""
    from fastalloc.ir.model import Op
    from fastalloc.passes.layout_slices import DEFAULT_ANCHORS, _callables, pack_slices
    from fastalloc.passes.stats import _execute_ordinals, _symbol

    rows = []
    for fn in _callables(module, DEFAULT_ANCHORS):
        ordinals = _execute_ordinals(fn)
        execs = [op for op in fn.walk() if op.name == "stream.cmd.execute"]
        for ex in execs:
            row = {
                "function": _symbol(fn), "region": ordinals[id(ex)],
                "line": ex.loc.line if ex.loc is not None else None,
                "transients": {"count": 0, "static": 0, "dynamic": 0, "static_bytes": 0},
                "results": {"count": 0, "dynamic": 0, "bytes": 0},
                "constants": {"count": 0, "dynamic": 0, "bytes": 0},
            }
            seen: set[int] = set()
            for v in ex.group("resource_operands"):
                d = v.owner
                if not isinstance(d, Op) or id(v) in seen:
                    continue  # block argument: storage not allocated here
                seen.add(id(v))
                if d.name == "stream.resource.constants":
                    size = _static_size(d.group("result_sizes")[v.index])
                    kind = "constants"
                elif d.name in ("stream.resource.alloca", "stream.resource.alloc") and v.index == 0:
                    size_v = d.group("storage_size")[0]
                    pk = size_v.owner
                    if "transient" in v.type and pk is not None and getattr(pk, "name", "") == "stream.resource.pack":
                        ps = pack_slices(pk)
                        t = row["transients"]
                        t["count"] += len(ps.sizes)
                        t["static"] += int(ps.static_mask.sum())
                        t["dynamic"] += int((~ps.static_mask).sum())
                        t["static_bytes"] += int(ps.static_sizes.sum())
                        continue
                    size = _static_size(size_v)
                    kind = "results"
                else:
                    continue
                r = row[kind]
                r["count"] += 1
                if size is None:
                    r["dynamic"] += 1
                else:
                    r["bytes"] += size
            rows.append(row)
    return rows


def _stats_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", help="stream-dialect .mlir (before or after schedule-allocation) or a minimalloc .csv")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--resource-min-offset-alignment", "--iree-stream-resource-min-offset-alignment",
                   dest="default_alignment", type=int, default=None, metavar="N",
                   help="MLIR: alignment where no stream.resources config applies (default 64); "
                        "CSV: the packing alignment (default 1)")
    _common_args(p)


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[k]) for r in rows)) if rows else len(h) for k, h in enumerate(header)]
    fmt = lambda r: "  ".join(c.rjust(w) if k >= 2 else c.ljust(w) for k, (c, w) in enumerate(zip(r, widths)))
    lines = [fmt(header), "  ".join("-" * w for w in widths)] + [fmt(r) for r in rows]
    return "\n".join(x.rstrip() for x in lines) + "\n"


def _stats_csv(args: argparse.Namespace) -> int:
    import json

    from fastalloc import packing

    a = 1 if args.default_alignment is None else args.default_alignment
    try:
        prob = _read_problem(args.input)
        totals = {s: _pack_problem(prob, s, a, 1)[1] for s in packing.STRATEGIES}
        lb = packing.lower_bound(prob.starts, prob.ends, prob.sizes, a) if len(prob) else 0
    except FastallocError as e:
        _report(e)
        return 1
    if args.json:
        sys.stdout.write(json.dumps({"file": args.input, "n": len(prob), "alignment": a,
                                     "totals": totals, "lower_bound": lb}) + "\n")
        return 0
    header = ["file", "buffers", *(f"total {s}" for s in totals), "lower bound",
              *(f"ratio {s}" for s in totals)]
    row = [args.input, str(len(prob)), *(str(t) for t in totals.values()), str(lb),
           *(f"{t / lb:.4f}" if lb else "1.0000" for t in totals.values())]
    sys.stdout.write(_table(header, [row]))
    return 0


def _stats_run(args: argparse.Namespace) -> int:
    import json

    from fastalloc import packing
    from fastalloc.passes.stats import pack_stats

    if _is_csv(args.input):
        return _stats_csv(args)
    strategies = ["iree", *(s for s in packing.STRATEGIES if s != "iree")]
    try:
        m = _scheduled_module(args.input)
        regions = region_table(m)
        per: dict[str, list] = {}
        with _progress(len(strategies), "strategies", args) as bar:
            for s in strategies:
                per[s] = pack_stats(m, s, default_alignment=args.default_alignment)
                bar.update()
    except FastallocError as e:
        _report(e)
        return 1
    packs = []
    for k, base in enumerate(per[strategies[0]]):
        packs.append({
            "function": base.function, "pack": base.pack_index, "region": base.region, "line": base.line,
            "slices": base.slices, "static_slices": base.static_slices,
            "dynamic_slices": base.dynamic_slices, "offset_alignment": base.offset_alignment,
            "range_alignment": base.range_alignment,
            "totals": {s: per[s][k].total for s in strategies}, "lower_bound": base.lower_bound,
        })
    # The slab of a region: its packs summed (usually exactly one).
    for r in regions:
        mine = [p for p in packs if p["function"] == r["function"] and p["region"] == r["region"]]
        r["slab"] = {s: sum(p["totals"][s] for p in mine) for s in strategies}
        r["lower_bound"] = sum(p["lower_bound"] for p in mine)
    if args.json:
        sys.stdout.write(json.dumps({"file": args.input, "strategies": strategies,
                                     "regions": regions, "packs": packs}, indent=1) + "\n")
        return 0

    def count(d: dict) -> str:
        dyn = f" + {d['dynamic']} dynamic" if d["dynamic"] else ""
        return f"{d['count']} ({_short(d['bytes'])}{dyn})" if d["count"] else "0"

    header = ["function", "region", "line", "transients s/d", "results", "constants",
              *(f"slab {s}" for s in strategies), "lower bound", *(f"ratio {s}" for s in strategies)]
    rows = []
    for r in regions:
        t = r["transients"]
        lb = r["lower_bound"]
        rows.append([
            "@" + r["function"], f"execute#{r['region']}", str(r["line"] or "-"),
            f"{t['static']}/{t['dynamic']}", count(r["results"]), count(r["constants"]),
            *(_short(r["slab"][s]) for s in strategies), _short(lb),
            *((f"{r['slab'][s] / lb:.3f}" if lb else "-") for s in strategies),
        ])
    sys.stdout.write(_table(header, rows))
    if not rows:
        sys.stdout.write("(no stream.cmd.execute region)\n")
    orphans = [p for p in packs if p["region"] is None]
    if orphans:
        sys.stdout.write(f"({len(orphans)} pack(s) feed no stream.cmd.execute; see --json)\n")
    return 0


def _short(n: int) -> str:
    from fastalloc.plot import format_bytes

    return format_bytes(n)


# -- plot -------------------------------------------------------------------


def _plot_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", help="a plan or problem .csv (minimalloc format) or a stream-dialect .mlir")
    p.add_argument("-o", "--output", required=True, metavar="MAP.png",
                   help="image file; the format follows the extension (.png, .svg, .pdf)")
    p.add_argument("--strategy", default=None, choices=_pack_strategies(),
                   help="packer when the input has no offsets (CSV default best-fit, MLIR default iree)")
    p.add_argument("--alignment", type=int, default=None, metavar="N",
                   help="CSV: packing alignment (default 1); MLIR: default resource alignment (64)")
    p.add_argument("--pack", type=int, default=None, metavar="K",
                   help="MLIR: plot the K-th stream.resource.pack (0-based, walk order); default the largest")
    p.add_argument("--title", default=None)
    _common_args(p)


def _plot_data_mlir(args: argparse.Namespace):
    import numpy as np

    from fastalloc.passes.layout_slices import (
        DEFAULT_ALIGNMENT, ResourceConfig, collect_packs, lookup_resource_config, pack_slices,
        place_static, static_lower_bound,
    )
    from fastalloc.passes.stats import _symbol

    m = _scheduled_module(args.input)
    packs = collect_packs(m)
    if not packs:
        raise FastallocError(f"{args.input}: no stream.resource.pack to plot (no transients)")
    infos = [pack_slices(p) for _, p in packs]
    if args.pack is None:
        k = max(range(len(infos)), key=lambda i: (int(infos[i].static_mask.sum()), -i))
    else:
        k = args.pack
        if not 0 <= k < len(infos):
            raise FastallocError(f"--pack {k}: {args.input} has {len(infos)} pack(s) (0..{len(infos) - 1})")
    fn, pack = packs[k]
    ps = infos[k]
    a = DEFAULT_ALIGNMENT if args.alignment is None else args.alignment
    config = lookup_resource_config(pack, ResourceConfig(a, a))
    idx = np.flatnonzero(ps.static_mask)
    s, e, z = ps.starts[idx], ps.ends[idx], ps.static_sizes[idx]
    strategy = args.strategy or "iree"
    offsets, total = place_static(s, e, z, config, strategy, pack.loc)
    lb = static_lower_bound(s, e, z, config)
    where = f"pack #{k} of {len(infos)} (@{_symbol(fn)}" + (f", line {pack.loc.line})" if pack.loc else ")")
    title = f"{args.input}: {where}, {len(idx)} static slices, {strategy}"
    return s, e, z, offsets, total, lb, title


def _plot_data_csv(args: argparse.Namespace):
    from fastalloc import packing

    prob = _read_problem(args.input)
    a = 1 if args.alignment is None else args.alignment
    if prob.offsets is not None and args.strategy is None:
        offsets = prob.offsets
        packing.validate(prob.starts, prob.ends, prob.sizes, offsets, 1)
        total = int((offsets + prob.sizes).max()) if len(prob) else 0
        how = "plan from file"
    else:
        offsets, total, used = _pack_problem(prob, args.strategy or "best-fit", a, 1)
        how = used
    lb = packing.lower_bound(prob.starts, prob.ends, prob.sizes, a) if len(prob) else 0
    title = f"{args.input}: {len(prob)} buffers, {how}"
    return prob.starts, prob.ends, prob.sizes, offsets, total, lb, title


def save_figure_atomic(fig, path: str) -> None:
    """``fig.savefig`` into a temporary file beside ``path``, then rename."""
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if not ext:
        raise FastallocError(f"output '{path}' has no extension (.png, .svg, .pdf)")
    supported = fig.canvas.get_supported_filetypes()
    if ext not in supported:
        raise FastallocError(f"output '{path}': unsupported image format '.{ext}' "
                             f"(supported: {', '.join('.' + k for k in sorted(supported))})")
    if _is_special(path):
        fig.savefig(path, format=ext, bbox_inches="tight")
        return
    _replace_via_temp(path, "." + ext, lambda tmp: fig.savefig(tmp, format=ext, bbox_inches="tight"))


def _plot_run(args: argparse.Namespace) -> int:
    from fastalloc.plot import check_matplotlib, plot_plan

    try:
        check_matplotlib()
        data = _plot_data_csv(args) if _is_csv(args.input) else _plot_data_mlir(args)
        s, e, z, offsets, total, lb, title = data
        ax = plot_plan(s, e, z, offsets, lower_bound=lb, total=total,
                       title=args.title if args.title is not None else title)
        save_figure_atomic(ax.figure, args.output)
    except FastallocError as e:
        _report(e)
        return 1
    except OSError as e:
        sys.stderr.write(f"error: cannot write '{args.output}': {e.strerror}\n")
        return 1
    return 0


SUBCOMMANDS.update({
    "pack": ("pack a minimalloc CSV problem; print total, lower bound, ratio, time", _pack_args, _pack_run),
    "stats": ("per function and execute region: what is allocated, slab per strategy, lower bound",
              _stats_args, _stats_run),
    "plot": ("draw the memory map of a plan (CSV) or of a module's largest transient pack (MLIR)",
             _plot_args, _plot_run),
})


# -- compile (fastalloc.integrations.iree_compile) ---------------------------


def _compile_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", help="a model iree-compile accepts (stablehlo, tosa, linalg or torch MLIR)")
    p.add_argument("-o", "--output", required=True, metavar="MODEL.vmfb", help="the compiled module")
    p.add_argument("--pack-strategy", default="smallest", choices=_pack_strategies(),
                   help="packer of each transient slab (default smallest: per slab the smallest of all "
                        "strategies, never above IREE's; iree: IREE's own plan)")
    p.add_argument("--json", default=None, metavar="REPORT.json",
                   help="write the memory report as JSON ('-': stdout)")
    # Everything after '--' goes to iree-compile (split off in main: argparse
    # cannot hand a subcommand the arguments after '--' unparsed).
    p.set_defaults(iree_flags=[])
    p.epilog = "Flags after '--' go to iree-compile unchanged (target device, input type, ...)."
    _common_args(p)


def _compile_run(args: argparse.Namespace) -> int:
    from fastalloc.integrations.iree_compile import iree_compile

    try:
        report = iree_compile(args.input, args.output, pack_strategy=args.pack_strategy,
                              flags=args.iree_flags)
    except FastallocError as e:
        _report(e)
        return 1
    if not args.quiet:
        for line in report.diagnostics:
            sys.stderr.write(line + "\n")
    sys.stderr.write(report.table())
    if args.json is not None:
        try:
            write_atomic(args.json, report.dumps())
        except OSError as e:
            sys.stderr.write(f"error: cannot write '{args.json}': {e.strerror}\n")
            return 1
    return 0


SUBCOMMANDS["compile"] = (
    "compile a model with iree-compile, its transient memory laid out by fastalloc; report the savings",
    _compile_args, _compile_run)


# -- the common command line without argparse ------------------------------


class _Recorder:
    """Stands in for the ArgumentParser of a subcommand: records what its
    add-arguments function declares (see _quick_args)."""

    def __init__(self) -> None:
        self.specs: list[tuple[tuple[str, ...], dict[str, Any]]] = []

    def add_argument(self, *flags: str, **kw: Any) -> None:
        self.specs.append((flags, kw))


# The declarations _quick_args understands; anything else and it leaves the
# command line to argparse.
_QUICK_KEYS = frozenset(("action", "dest", "default", "type", "choices", "help", "metavar", "nargs"))
_STORE, _STORE_TRUE, _COUNT = 0, 1, 2


if TYPE_CHECKING:
    # option string -> (dest, action, type, choices); defaults by dest; the positional
    _QuickSpec = tuple[dict[str, tuple[str, int, Any, Any]], dict[str, Any], str | None]


def _quick_spec(add: Callable[[Any], None]) -> _QuickSpec | None:
    """From a subcommand's add-arguments function, run on a _Recorder:
    option string -> (dest, action, type, choices), the defaults by dest,
    and the one optional positional (or None); None if it declares anything
    _quick_args does not read as argparse does."""
    rec = _Recorder()
    try:
        add(rec)
    except AttributeError:  # it asked the parser for more than add_argument
        return None
    options: dict[str, tuple[str, int, Any, Any]] = {}
    defaults: dict[str, Any] = {}
    positional = None
    for flags, kw in rec.specs:
        if not flags or not _QUICK_KEYS.issuperset(kw):
            return None
        action = kw.get("action", "store")
        default = kw.get("default")
        if not flags[0].startswith("-"):
            if (positional is not None or len(flags) != 1 or action != "store" or kw.get("nargs") != "?"
                    or "type" in kw or "choices" in kw or "dest" in kw):
                return None
            positional = flags[0]
            defaults[positional] = default
            continue
        if "nargs" in kw or not all(f.startswith("-") for f in flags):
            return None
        # argparse's dest: the first long option (else the first), dashes as underscores
        longs = [f for f in flags if f.startswith("--")]
        dest = kw.get("dest") or (longs or flags)[0].lstrip("-").replace("-", "_")
        if action == "store_true":
            kind = _STORE_TRUE
            default = kw.get("default", False)
        elif action == "count":
            kind = _COUNT
        elif action == "store":
            kind = _STORE
            if isinstance(default, str) and kw.get("type") is not None:
                return None  # argparse would convert the default
        else:
            return None
        defaults[dest] = default
        for f in flags:
            options[f] = (dest, kind, kw.get("type"), kw.get("choices"))
    return options, defaults, positional


def _quick_args(name: str, argv: list[str]) -> Any:
    """The namespace argparse would make of ``fastalloc NAME ARGV``, read
    without argparse (whose import and parser building are a large part of
    a short run's start-up), or None when the command line is not plainly
    well formed: exact option strings (``--opt=value`` or ``--opt value``,
    a value not starting with '-' unless it is '-'), values of the right
    type and choice, at most one positional.  Anything else (help, an
    abbreviation, ``--``, an error) is argparse's, with its messages.
    tests/test_cli_startup.py checks the two agree."""
    from types import SimpleNamespace

    spec = _quick_spec(SUBCOMMANDS[name][1])
    if spec is None:
        return None
    options, values, positional = spec
    values = dict(values)
    have_positional = False
    i, n = 0, len(argv)
    while i < n:
        tok = argv[i]
        i += 1
        if tok[:1] != "-" or tok == "-":
            if positional is None or have_positional:
                return None
            values[positional] = tok
            have_positional = True
            continue
        value = None
        if tok[:2] == "--" and "=" in tok:
            tok, value = tok.split("=", 1)
        option = options.get(tok)
        if option is None:
            return None
        dest, kind, convert, choices = option
        if kind != _STORE:
            if value is not None:
                return None
            values[dest] = True if kind == _STORE_TRUE else (values[dest] or 0) + 1
            continue
        if value is None:
            if i == n:
                return None
            value = argv[i]
            i += 1
            if value[:1] == "-" and value != "-":
                return None
        if convert is not None:
            try:
                value = convert(value)
            except (TypeError, ValueError):
                return None
        if choices is not None and value not in choices:
            return None
        values[dest] = value
    return SimpleNamespace(command=name, _run=SUBCOMMANDS[name][2], **values)


def _run_command(args: argparse.Namespace) -> int:
    """Run a subcommand; anything it lets escape is reported (an unexpected
    exception as ``internal error``, located at the op being processed), exit 1."""
    try:
        return int(args._run(args))
    except BrokenPipeError:
        raise  # a closed pipe is no bug: main ends quietly
    except Exception as e:
        _report(internal_error(e))
        return 1


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, computed the same way (COLUMNS,
    else the terminal on stdout, else 80) without importing shutil, which
    imports bz2, lzma and more for its archive functions."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns


def _help_formatter() -> type[argparse.HelpFormatter]:
    """The class ``_HelpFormatter``, defined on first use: argparse is
    imported only for a command line that _quick_args leaves to it."""
    cls = globals().get("_HelpFormatter")
    if cls is not None:
        return cls  # type: ignore[no-any-return]
    import argparse

    class _HelpFormatter(argparse.HelpFormatter):
        """argparse's formatter with the same width, found by _terminal_columns
        (argparse makes a formatter for every argument added, to check it)."""

        def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                     width: int | None = None) -> None:
            if width is None:
                width = _terminal_columns() - 2
            super().__init__(prog, indent_increment, max_help_position, width)

    globals()["_HelpFormatter"] = _HelpFormatter
    return _HelpFormatter


def __getattr__(name: str) -> Any:
    if name == "_HelpFormatter":
        return _help_formatter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of every subcommand; with ``only``, the parser of
    that subcommand alone (the usage line still names them all): enough to
    parse a command line that names ``only``, at a fraction of the cost."""
    import argparse

    _HelpFormatter = _help_formatter()
    parser = argparse.ArgumentParser(prog="fastalloc", description=__doc__.split("\n\n")[0],
                                     formatter_class=_HelpFormatter)
    # With ``only``, the metavar argparse derives from the choices is spelt
    # out (the others are not added); it only shows in usage lines then.
    metavar = None if only is None else "{" + ",".join(SUBCOMMANDS) + "}"
    sub = parser.add_subparsers(dest="command", required=True, metavar=metavar)
    for name, (hlp, add, run) in SUBCOMMANDS.items():
        if only is not None and name != only:
            continue
        p = sub.add_parser(name, help=hlp, formatter_class=_HelpFormatter)
        add(p)
        p.set_defaults(_run=run)
    return parser


def _parse_args(argv: list[str]) -> argparse.Namespace:
    """``fastalloc compile ... -- FLAGS``: FLAGS are iree-compile's, kept as given."""
    tail = None
    if argv[:1] == ["compile"] and "--" in argv:
        k = argv.index("--")
        argv, tail = argv[:k], argv[k + 1:]
    # The subcommand is the first argument (the top level takes only -h).
    only = argv[0] if argv and argv[0] in SUBCOMMANDS else None
    if only == "opt" and tail is None:
        quick = _quick_args(only, argv[1:])
        if quick is not None:
            return quick  # type: ignore[return-value]
    args = build_parser(only).parse_args(argv)
    if tail is not None:
        args.iree_flags = tail
    return args


def main(argv: Sequence[str] | None = None) -> int:
    import gc

    if argv is None:
        # One command per process: nothing in fastalloc calls BLAS, so numpy's
        # OpenBLAS need not start its thread pool when numpy is imported (a
        # thread per core, their buffers: CPU time a short run notices).
        # The user's own setting wins.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        # One command per process (console script, python -m fastalloc):
        # the cyclic collector stays off throughout.  Each stage pauses it
        # anyway (fastalloc._gc), but switching it back on after printing
        # makes the next allocation scan every object made while it was off,
        # the whole module (0.8 s at 10^5 ops), to free nothing: the command
        # ends there.  --split-input-file disposes of each chunk's module
        # (Module.dispose), which needs no collector.
        gc.disable()
    args = _parse_args(sys.argv[1:] if argv is None else list(argv))
    _configure_logging(getattr(args, "verbose", 0))
    del _written[:]  # what this command writes (in-process callers run many)
    if argv is None:
        try:
            _install_signal_handlers()
        except ValueError:  # not the main thread: signals are not ours to handle
            pass
    try:
        rc = int(run_deep(_run_command, args))
    except BrokenPipeError:
        # `fastalloc opt ... | head`: the reader is gone; end quietly, as a
        # process killed by SIGPIPE (the interpreter's final flush of stdout
        # must not fail again: point it at /dev/null)
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 128 + 13
    if argv is None:
        # The process ends now: a module is millions of objects in reference
        # cycles, and the final collection at interpreter exit would walk
        # and free them all (1.4 s CPU at 100k ops, more than lexing).
        # Frozen objects are left to the OS, as compilers skip freeing at
        # exit; in-process callers (main([...])) are unaffected.
        gc.freeze()
    return rc


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
