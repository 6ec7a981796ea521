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


def _opt_run(args: argparse.Namespace) -> int:
    from fastalloc.ir.parser import _decode, parse, split_chunks

    names = [n.strip() for n in args.passes.split(",") if n.strip()]
    try:
        fns = _lookup_passes(names)
        data = read_input(args.input)
        filename = "<stdin>" if args.input == "-" else args.input
        text = _decode(data, filename)
    except FastallocError as e:
        _report(e)
        return 1

    def one(chunk: str, base: int) -> str:
        m = parse(chunk, filename, line_base=base)
        for fn in fns:
            fn(m)
        return m.print(generic=args.print_op_generic)

    failed = False
    if args.split_input_file:
        outs = []
        for chunk, base in split_chunks(text):
            try:
                outs.append(one(chunk, base))
            except FastallocError as e:
                _report(e)
                failed = True
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
        write_atomic(args.output, result)
    except OSError as e:
        sys.stderr.write(f"error: cannot write '{args.output}': {e.strerror}\n")
        return 1
    return 0


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
    return int(args._run(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
