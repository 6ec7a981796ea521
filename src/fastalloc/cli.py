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

Other subcommands (``pack``, ``stats``, ``plot``) register themselves in
``SUBCOMMANDS`` with a function that adds their arguments and one that runs.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Sequence

from fastalloc.errors import FastallocError

__all__ = ["main", "SUBCOMMANDS", "write_atomic", "read_input"]


def read_input(path: str) -> bytes:
    """Bytes of ``path`` (``-`` is stdin); raises FastallocError if unreadable."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise FastallocError(f"cannot open input file '{path}': {e.strerror}") from None


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` via a temp file in the same directory + os.replace."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".fastalloc-", suffix=".tmp", dir=d)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _report(err: FastallocError) -> None:
    sys.stderr.write(err.format() + "\n")


def _lookup_passes(names: list[str]) -> list[Callable]:
    """The pass functions for ``names`` (all checked before any runs)."""
    if not names:
        return []
    from fastalloc.passes import _lookup

    return [_lookup(n) for n in names]


def _opt_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", nargs="?", default="-", help="input .mlir file ('-' or omitted: stdin)")
    p.add_argument("-o", "--output", default="-", help="output file ('-': stdout)")
    p.add_argument("--split-input-file", action="store_true",
                   help="treat '// -----' separated chunks as independent modules")
    p.add_argument("--print-op-generic", action="store_true", help="print stream ops in generic form")
    p.add_argument("--passes", default="", help="comma-separated passes to run (default: none)")
    _opt_extra_args(p)


def _opt_run(args: argparse.Namespace) -> int:
    from fastalloc.ir.parser import _decode, parse, split_chunks

    timing = _timing_of(args)
    try:
        names = _pass_names(args)
        fns = _lookup_passes(names)
        options = _pass_options(args)
        with timing.phase("read input"):
            data = read_input(args.input)
            filename = "<stdin>" if args.input == "-" else args.input
            text = _decode(data, filename)
    except FastallocError as e:
        _report(e)
        return 1

    def one(chunk: str, base: int) -> str:
        with timing.phase("parse"):
            m = parse(chunk, filename, line_base=base)
        for name, fn in zip(names, fns):
            with timing.phase(name):
                fn(m, **options)
        with timing.phase("print"):
            return m.print(generic=args.print_op_generic)

    failed = False
    if args.split_input_file:
        outs = []
        chunks = split_chunks(text)
        with _progress(len(chunks), "chunks", args) as bar:
            for chunk, base in chunks:
                try:
                    outs.append(one(chunk, base))
                except FastallocError as e:
                    bar.close()
                    _report(e)
                    failed = True
                bar.update()
        result = "// -----\n".join(outs)
    else:
        try:
            result = one(text, 0)
        except FastallocError as e:
            _report(e)
            return 1
    if failed:
        # iree-opt prints the good chunks; we keep the all-or-nothing rule for files.
        if args.output == "-":
            write_atomic("-", result)
        return 1
    try:
        with timing.phase("write output"):
            write_atomic(args.output, result)
    except OSError as e:
        sys.stderr.write(f"error: cannot write '{args.output}': {e.strerror}\n")
        return 1
    _finish_timing(timing)
    return 0


# ---------------------------------------------------------------------------
# opt: iree-opt's spellings, pass options, --timing, progress
# ---------------------------------------------------------------------------

#: Anchors (op names) an iree-opt pipeline may nest passes under.
PIPELINE_ANCHORS = ("builtin.module", "util.func", "func.func")
_IREE_PREFIX = "iree-stream-"


def _known_passes() -> list[str]:
    from fastalloc.passes import _BUILTIN, PASSES

    return sorted(set(PASSES) | set(_BUILTIN))


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
    if args.default_alignment is not None:
        a = args.default_alignment
        if a <= 0 or a & (a - 1):
            raise FastallocError(f"--resource-min-offset-alignment must be a power of two, got {a}")
        options["default_alignment"] = a
    return options


def _pack_strategies() -> list[str]:
    from fastalloc.packing import STRATEGIES
    from fastalloc.passes.layout_slices import SMALLEST

    return [*STRATEGIES, SMALLEST]


def _opt_extra_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pass-pipeline", default=None, metavar="PIPELINE",
                   help="iree-opt's spelling, e.g. 'builtin.module(iree-stream-schedule-allocation, "
                        "util.func(iree-stream-layout-slices))'")
    p.add_argument("--pack-strategy", default="iree", choices=_pack_strategies(),
                   help="packer of static slices in layout-slices (default: iree, identical to iree-opt)")
    p.add_argument("--resource-min-offset-alignment", "--iree-stream-resource-min-offset-alignment",
                   dest="default_alignment", type=int, default=None, metavar="N",
                   help="offset/range alignment where no stream.resources config applies (default 64)")
    _common_args(p)
    p.add_argument("--timing", "--mlir-timing", action="store_true",
                   help="print the wall time of each phase (parse, each pass, print) to stderr")


def _common_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.add_argument("-v", "--verbose", action="count", default=0,
                   help="log fastalloc's progress messages to stderr (-vv: debug)")


class _NoTiming:
    def phase(self, name: str):
        import contextlib

        return contextlib.nullcontext()


def _timing_of(args: argparse.Namespace):
    if getattr(args, "timing", False):
        from fastalloc.progress import Timing

        return Timing()
    return _NoTiming()


def _finish_timing(timing) -> None:
    if not isinstance(timing, _NoTiming):
        sys.stderr.write(timing.report())


def _progress(total: int, label: str, args: argparse.Namespace):
    from fastalloc.progress import Progress

    return Progress(total, label, quiet=getattr(args, "quiet", False))


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="fastalloc", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (hlp, add, run) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=hlp)
        add(p)
        p.set_defaults(_run=run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    _configure_logging(getattr(args, "verbose", 0))
    return int(args._run(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
