"""A whole IREE compile whose transient memory is laid out by fastalloc.

``iree_compile("model.mlir", "model.vmfb", pack_strategy="best-fit",
flags=["--iree-hal-target-device=local", ...])`` takes a model iree-compile
accepts (stablehlo, tosa, linalg or torch MLIR) and gives the ``.vmfb`` that
iree-compile would give, except that every ``stream.resource.pack`` is laid
out by fastalloc's ``layout-slices`` instead of IREE's.  It needs the
``iree-compile`` and ``iree-opt`` of ``iree-base-compiler==3.13.0``
(``pip install 'fastalloc[iree]'``), found next to this Python first, then
on ``PATH``.

How (iree-compile only stops and resumes at phase boundaries, and layout-slices
sits in the middle of the stream phase):

1. ``iree-compile --compile-to=stream`` with the caller's flags, dumping the
   module after ``iree-stream-materialize-transient-size-queries``, the last
   module-level pass before layout-slices (``--mlir-print-ir-after`` into a
   ``--mlir-print-ir-tree-dir``; nested const-eval modules dump deeper in the
   tree and are ignored).
2. ``iree-opt``: ``iree-stream-pack-constants`` on every function-like op,
   the pass IREE runs just before layout-slices in the same nest.
3. fastalloc's ``layout-slices`` with the chosen strategy (the report of step
   5 is read here, before and after: IREE's packer vs the chosen one vs the
   lower bound, per pack).
4. ``iree-opt``: the rest of IREE 3.13's stream pipeline (canonicalize,
   ``iree-util-propagate-subranges``, the cleanup pipeline, reference
   counting, ``iree-stream-optimization-pipeline``, cleanup, ``symbol-dce``).
   With ``pack_strategy="iree"`` steps 1-4 give exactly the text
   ``iree-compile --compile-to=stream`` gives (tested on every model in
   tests/models).
5. ``iree-compile --compile-from=stream`` with the caller's flags: the
   ``.vmfb``, written to a temporary file beside the output and renamed over
   it only when everything succeeded.

Every step prints with ``--mlir-print-debuginfo`` (fastalloc: ``debuginfo=True``),
so the ops keep the model's source locations from step 1 to step 5, and
the ops layout-slices builds get the locations IREE would give them: with
``pack_strategy="iree"`` the ``.vmfb`` (whose debug database holds the
locations) is byte for byte that of iree-compile split at the same place
(``--compile-to=stream``, then ``--compile-from=stream`` of its output;
tested).  Without the flag IREE's printer drops the locations and the
module would point at the dump.  (Any such split, iree-compile's own too,
gives implicit terminators, which are never printed, their position in the
text read again: a whole iree-compile can differ there, e.g. in an
executable's DWARF line table.)

Any failure of a step raises :class:`~fastalloc.errors.FastallocError`
carrying the tool's own diagnostics.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fastalloc.errors import FastallocError

__all__ = [
    "CompileReport",
    "RegionMemory",
    "STREAM_TAIL_PIPELINE",
    "compile_from_stream",
    "compile_stream",
    "find_tool",
    "iree_compile",
    "stream_after_layout",
    "stream_before_layout",
]

#: The module-level pass after which the module is taken out of iree-compile.
CUT_AFTER = "iree-stream-materialize-transient-size-queries"

_FUNCTION_LIKE = ("util.initializer", "util.func", "func.func")

#: What IREE 3.13 runs, in the same function-like nest, before layout-slices.
PACK_CONSTANTS_PIPELINE = "builtin.module(" + ", ".join(
    f"{a}(iree-stream-pack-constants)" for a in _FUNCTION_LIKE) + ")"

#: The rest of IREE 3.13's stream phase after layout-slices
#: (``buildStreamCmdPassPipeline`` from the canonicalizer on, then
#: ``buildStreamTransformPassPipeline``'s optimization and final cleanup).
STREAM_TAIL_PIPELINE = "builtin.module(" + ", ".join(
    [f"{a}(canonicalize)" for a in _FUNCTION_LIKE] + [
        "iree-util-propagate-subranges",
        "iree-stream-cleanup-pipeline",
        "iree-stream-automatic-reference-counting",
        "iree-stream-annotate-constant-transient-size",
        "iree-stream-verify-lowering-to-cmd",
        "iree-stream-optimization-pipeline",
        "iree-stream-cleanup-pipeline",
        "symbol-dce",
    ]) + ")"

#: Every text handed between the steps keeps the ops' locations.
_DEBUGINFO = "--mlir-print-debuginfo"

# Flags that would fight the phases this module drives.
_OWN_FLAGS = ("--compile-to", "--compile-from", "-o", "--output-format", "--mlir-print-ir-",
              "--dump-compilation-phases-to", "--emit-mlir-bytecode")


def find_tool(name: str) -> str | None:
    """Path of an IREE tool: next to this Python first (a venv), then on PATH."""
    beside = Path(sys.executable).with_name(name)
    if beside.exists():
        return str(beside)
    return shutil.which(name)


def _need_tool(name: str) -> str:
    exe = find_tool(name)
    if exe is None:
        raise FastallocError(f"{name} not found: pip install 'iree-base-compiler==3.13.0'")
    return exe


@dataclass(frozen=True, slots=True)
class RegionMemory:
    """Transient slab of one execution region: IREE's plan, fastalloc's, the bound."""

    function: str  # symbol of the enclosing function-like op, without '@'
    region: str  # "execute#K" (K-th stream.cmd.execute of the function) or "-"
    slices: int  # static transient slices packed (dynamic ones are not planned statically)
    iree: int  # bytes of IREE's own layout-slices (its greedy packer)
    fastalloc: int  # bytes of fastalloc's layout with the chosen strategy
    lower_bound: int  # bytes no layout of these slices can go below

    @property
    def saved(self) -> float:
        """Fraction of IREE's slab that fastalloc saves (0.0 for an empty slab)."""
        return 1.0 - self.fastalloc / self.iree if self.iree else 0.0


@dataclass(slots=True)
class CompileReport:
    """What :func:`iree_compile` (or :func:`compile_stream`) did and planned."""

    input: str
    output: str | None
    pack_strategy: str
    regions: list[RegionMemory] = field(default_factory=list)
    #: iree-compile's own warnings (deduplicated, in order), e.g. the generic-CPU one.
    diagnostics: list[str] = field(default_factory=list)

    @property
    def iree_bytes(self) -> int:
        return sum(r.iree for r in self.regions)

    @property
    def fastalloc_bytes(self) -> int:
        return sum(r.fastalloc for r in self.regions)

    @property
    def lower_bound_bytes(self) -> int:
        return sum(r.lower_bound for r in self.regions)

    def to_json(self) -> dict:
        return {
            "input": self.input, "output": self.output, "pack_strategy": self.pack_strategy,
            "regions": [
                {"function": r.function, "region": r.region, "slices": r.slices, "iree": r.iree,
                 "fastalloc": r.fastalloc, "lower_bound": r.lower_bound}
                for r in self.regions
            ],
            "total": {"iree": self.iree_bytes, "fastalloc": self.fastalloc_bytes,
                      "lower_bound": self.lower_bound_bytes},
        }

    def table(self) -> str:
        """One line per execution region with transients, and the totals."""
        header = ["function", "region", "slices", "iree", f"fastalloc {self.pack_strategy}",
                  "lower bound", "saved"]
        rows = [[f"@{r.function}", r.region, str(r.slices), str(r.iree), str(r.fastalloc),
                 str(r.lower_bound), f"{100 * r.saved:.1f}%"] for r in self.regions]
        total = RegionMemory("", "", sum(r.slices for r in self.regions), self.iree_bytes,
                             self.fastalloc_bytes, self.lower_bound_bytes)
        rows.append(["total", "", str(total.slices), str(total.iree), str(total.fastalloc),
                     str(total.lower_bound), f"{100 * total.saved:.1f}%"])
        widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(header)]

        def fmt(r: list[str]) -> str:
            return "  ".join(c.ljust(w) if k < 2 else c.rjust(w)
                             for k, (c, w) in enumerate(zip(r, widths))).rstrip()

        lines = [fmt(header), "  ".join("-" * w for w in widths), *map(fmt, rows[:-1]),
                 "  ".join("-" * w for w in widths), fmt(rows[-1])]
        return "transient memory per execution region (bytes)\n" + "\n".join(lines) + "\n"

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1) + "\n"


def _check_flags(flags: Sequence[str]) -> list[str]:
    out = []
    for f in flags:
        if not isinstance(f, str):
            raise FastallocError(f"iree-compile flag {f!r} is not a string")
        if f == "-o" or any(f == own or f.startswith(own + "=") or (own.endswith("-") and f.startswith(own))
                            for own in _OWN_FLAGS):
            raise FastallocError(f"iree-compile flag '{f}' is set by fastalloc compile itself; leave it out")
        if out and f[:1] != "-" and out[-1].startswith("--iree-stream-") and "=" not in out[-1]:
            # `--iree-stream-X VALUE` (LLVM's other spelling): one token, so
            # that the flag and its value reach iree-opt together.
            out[-1] = f"{out[-1]}={f}"
            continue
        out.append(f)
    return out


def _run(cmd: list[str], what: str, timeout: float | None, stdin: str | None = None) -> subprocess.CompletedProcess:
    try:
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise FastallocError(f"{what} did not finish within {timeout} s: {' '.join(cmd)}") from None
    except OSError as e:
        raise FastallocError(f"cannot run {what} ({cmd[0]}): {e.strerror}") from None
    if proc.returncode != 0:
        diag = proc.stderr.strip() or "(no diagnostics)"
        raise FastallocError(f"{what} failed (exit {proc.returncode}):\n{diag}")
    return proc


def _warnings(stderr: str, into: list[str]) -> None:
    for line in stderr.splitlines():
        if line.strip() and line not in into:
            into.append(line)


def _last_dump(tree: Path) -> str:
    """The top-level module's dump: ``tree/<module dir>/<N>_<pass>.mlir``, the
    highest N (nested const-eval modules dump one directory deeper)."""
    found = []
    for sub in tree.iterdir() if tree.is_dir() else ():
        for f in sub.glob(f"*_{CUT_AFTER}.mlir") if sub.is_dir() else ():
            head = f.name.split("_", 1)[0]
            if head.isdigit():
                found.append((int(head), f))
    if not found:
        raise FastallocError(
            f"iree-compile never ran {CUT_AFTER} (is the input a model iree-compile lowers to the "
            "stream dialect?)")
    text = max(found)[1].read_text(encoding="utf-8")
    first, _, rest = text.partition("\n")
    # The dump's header line is a comment; drop it so line numbers are the module's own.
    return rest if first.startswith("// -----// IR Dump") else text


def _fix_quirks(text: str) -> str:
    from fastalloc.integrations.iree_pm import _fix_quirks as fix

    return fix(text)


def _stream_flags(flags: Sequence[str]) -> list[str]:
    """The caller's flags iree-opt also knows and the stream tail reads."""
    return [f for f in flags if f.startswith("--iree-stream-")]


def _default_alignment(flags: Sequence[str]) -> int | None:
    value = None
    for f in flags:
        if f.startswith("--iree-stream-resource-min-offset-alignment="):
            value = f.split("=", 1)[1]
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        raise FastallocError(f"--iree-stream-resource-min-offset-alignment={value}: not an integer") from None


def _region_memory(before, strategy: str, default_alignment: int | None) -> list[RegionMemory]:
    from fastalloc.passes.stats import pack_stats

    theirs = pack_stats(before, "iree", default_alignment=default_alignment)
    ours = pack_stats(before, strategy, default_alignment=default_alignment)
    per: dict[tuple[str, str], list[int]] = {}
    for a, b in zip(theirs, ours):
        key = (a.function, a.region_name)
        acc = per.setdefault(key, [0, 0, 0, 0])
        acc[0] += a.static_slices
        acc[1] += a.total
        acc[2] += b.total
        acc[3] += a.lower_bound
    return [RegionMemory(f, r, *v) for (f, r), v in per.items()]


def stream_before_layout(
    input: str | os.PathLike,
    *,
    flags: Iterable[str] = (),
    timeout: float | None = 1800,
) -> tuple[str, list[str]]:
    """Steps 1-2 of the module docstring: the module IREE's layout-slices
    would start from (printed with its locations), and iree-compile's
    warnings.  :func:`stream_after_layout` takes it on from there, with any
    strategy; :func:`compile_stream` is the two together."""
    flags = _check_flags(list(flags))
    path = os.fspath(input)
    if not os.path.isfile(path):
        raise FastallocError(f"cannot open input file '{path}'")
    compiler, opt = _need_tool("iree-compile"), _need_tool("iree-opt")
    diagnostics: list[str] = []
    with tempfile.TemporaryDirectory(prefix="fastalloc-compile-") as tmp:
        tree = Path(tmp, "tree")
        proc = _run([compiler, path, *flags, "--compile-to=stream", "-o", os.path.join(tmp, "stream.mlir"),
                     _DEBUGINFO, f"--mlir-print-ir-after={CUT_AFTER}", f"--mlir-print-ir-tree-dir={tree}"],
                    "iree-compile", timeout)
        _warnings(proc.stderr, diagnostics)
        cut = _fix_quirks(_last_dump(tree))
    packed = _fix_quirks(_run([opt, f"--pass-pipeline={PACK_CONSTANTS_PIPELINE}", _DEBUGINFO, *_stream_flags(flags),
                               "-"], "iree-opt (iree-stream-pack-constants)", timeout, cut).stdout)
    return packed, diagnostics


def stream_after_layout(
    before: str,
    *,
    pack_strategy: str = "smallest",
    flags: Iterable[str] = (),
    filename: str = "<before layout-slices>",
    timeout: float | None = 1800,
) -> tuple[str, list[RegionMemory]]:
    """Steps 3-4: fastalloc's layout-slices with ``pack_strategy`` on the
    text ``before`` (from :func:`stream_before_layout`), then the rest of
    IREE's stream phase; the module at the end of the stream phase and the
    memory per execution region.  ``filename`` names ``before`` in errors."""
    from fastalloc.ir import parse
    from fastalloc.passes import PassOptions
    from fastalloc.passes.layout_slices import layout_slices

    PassOptions(pack_strategy).check()
    flags = _check_flags(list(flags))
    opt = _need_tool("iree-opt")
    alignment = _default_alignment(flags)
    module = parse(before, filename=filename)
    try:
        regions = _region_memory(module, pack_strategy, alignment)
        layout_slices(module, pack_strategy, default_alignment=alignment)
        laid_out = module.print(debuginfo=True)
    finally:
        module.dispose()
    out = _fix_quirks(_run([opt, f"--pass-pipeline={STREAM_TAIL_PIPELINE}", _DEBUGINFO, *_stream_flags(flags), "-"],
                           "iree-opt (stream pipeline after layout-slices)", timeout, laid_out).stdout)
    return out, regions


def compile_stream(
    input: str | os.PathLike,
    *,
    pack_strategy: str = "smallest",
    flags: Iterable[str] = (),
    timeout: float | None = 1800,
) -> tuple[str, CompileReport]:
    """Steps 1-4 of the module docstring: the module at the end of IREE's
    stream phase, laid out by fastalloc, and the memory report.

    ``flags`` go to iree-compile unchanged (target device, input type, ...);
    those starting with ``--iree-stream-`` go to iree-opt too, and
    ``--iree-stream-resource-min-offset-alignment`` also sets fastalloc's
    default alignment.
    """
    from fastalloc.passes import PassOptions

    PassOptions(pack_strategy).check()
    flags = _check_flags(list(flags))
    _default_alignment(flags)
    path = os.fspath(input)
    report = CompileReport(path, None, pack_strategy)
    before, report.diagnostics = stream_before_layout(path, flags=flags, timeout=timeout)
    out, report.regions = stream_after_layout(before, pack_strategy=pack_strategy, flags=flags,
                                              filename=f"{path} (before layout-slices)", timeout=timeout)
    return out, report


def compile_from_stream(
    stream: str,
    output: str | os.PathLike,
    *,
    flags: Iterable[str] = (),
    timeout: float | None = 1800,
) -> list[str]:
    """Step 5: ``iree-compile --compile-from=stream`` of the stream-phase text
    ``stream`` into the ``.vmfb`` ``output`` (written only on success);
    returns iree-compile's warnings."""
    from fastalloc.cli import _replace_via_temp

    flags = _check_flags(list(flags))
    compiler = _need_tool("iree-compile")
    out = os.fspath(output)
    diagnostics: list[str] = []

    def write(tmp: str) -> None:
        proc = _run([compiler, "-", *flags, "--compile-from=stream", "-o", tmp],
                    "iree-compile --compile-from=stream", timeout, stream)
        _warnings(proc.stderr, diagnostics)

    try:
        _replace_via_temp(out, ".vmfb", write)
    except OSError as e:
        raise FastallocError(f"cannot write '{out}': {e.strerror}") from None
    return diagnostics


def iree_compile(
    input: str | os.PathLike,
    output: str | os.PathLike,
    *,
    pack_strategy: str = "smallest",
    flags: Iterable[str] = (),
    timeout: float | None = 1800,
) -> CompileReport:
    """Compile ``input`` to the ``.vmfb`` ``output`` with fastalloc's layout.

    ``pack_strategy``: ``"iree"`` (IREE's own packer: the same module as plain
    iree-compile), ``"best-fit"``, or ``"smallest"`` (the default: per pack,
    the smallest of all strategies, so never a larger slab than IREE's).
    ``flags`` go to iree-compile unchanged.  Nothing is written unless every
    step succeeds.
    """
    flags = list(flags)
    stream, report = compile_stream(input, pack_strategy=pack_strategy, flags=flags, timeout=timeout)
    report.output = os.fspath(output)
    for line in compile_from_stream(stream, output, flags=flags, timeout=timeout):
        if line not in report.diagnostics:
            report.diagnostics.append(line)
    return report
