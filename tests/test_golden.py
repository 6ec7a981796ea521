"""Conformance without iree-opt: golden outputs that iree-opt 3.13 produced.

For every ``// -----`` case of the lit corpus, tests/golden holds the case as
iree-opt 3.13 prints it (``NAME.input.mlir``: iree-opt's canonical form, so
that the ops fastalloc keeps as written are in canonical form too) and what
iree-opt printed after the case's pipeline, re-printed by iree-opt
(``NAME.mlir``: the same text the differential tests compare with).  Without
iree-opt installed the differential tests skip, and these still check
conformance: fastalloc's output for the canonical input and the golden output
must be identical up to the names of SSA values and the elided operand-less
``stream.yield`` (``_normalise``).  With iree-opt installed, a second test regenerates
the goldens in memory and requires them to equal the checked-in files, so a
golden can never drift from what iree-opt really does.

Regenerate after adding lit cases (needs iree-opt 3.13):
``python tests/test_golden.py --update``.
"""

from __future__ import annotations

import difflib
import re
import sys
from pathlib import Path

import pytest

from fastalloc.passes import run_passes

HERE = Path(__file__).parent
LIT = HERE / "lit"
GOLDEN = HERE / "golden"
SEP = "\n// -----\n"
SPLIT = ("--split-input-file",)

# lit folder -> (iree-opt pipeline, fastalloc passes); each case of the folder
# is run through both.  Files named error_* hold inputs both tools reject.
CORPUS = {
    "schedule_allocation": ("builtin.module(iree-stream-schedule-allocation)", ["schedule-allocation"]),
    "convert": ("builtin.module(iree-stream-schedule-allocation)", ["schedule-allocation"]),
    "layout_slices": (
        "builtin.module(util.initializer(iree-stream-layout-slices), util.func(iree-stream-layout-slices), "
        "func.func(iree-stream-layout-slices))",
        ["layout-slices"],
    ),
}


def _sources() -> list[tuple[str, Path]]:
    return [
        (folder, path)
        for folder in CORPUS
        for path in sorted((LIT / folder).glob("*.mlir"))
        if not path.name.startswith("error_")
    ]


def _chunks(text: str) -> list[str]:
    return [c.strip() for c in text.split("// -----")]


def _golden_path(folder: str, path: Path, kind: str = "") -> Path:
    return GOLDEN / folder / (path.stem + kind + ".mlir")


def _reference(folder: str, path: Path) -> tuple[str, str]:
    """iree-opt's canonical form of every case of ``path`` and its output for
    them after the folder's pipeline, re-printed; cases joined by SEP."""
    from fastalloc.testing.iree import iree_opt, reprint

    pipeline = CORPUS[folder][0]
    text = path.read_text()
    canonical = reprint(text, args=SPLIT)
    out = reprint(iree_opt(text, pipeline, args=SPLIT), args=SPLIT)
    return SEP.join(_chunks(canonical)) + "\n", SEP.join(_chunks(out)) + "\n"


_VALUE = re.compile(r"%[A-Za-z_0-9$.\-]+")
_RESULTS = re.compile(r"^(%[^=]*?) = ")


def _normalise(text: str) -> str:
    """The text with SSA names, blanks and elided terminators made canonical.


    fastalloc's printer keeps the names a value was parsed with and names new
    values by number, and prints the operand-less ``stream.yield`` that
    iree-opt elides; none of it changes the
    program, and fastalloc spaces the tokens of ops it keeps as they came
    its own way.  So every definition (results before `` = ``, block and
    function arguments ``%x: type``) gets the next number, each use the number
    of the latest definition of its name (names are unique where they are
    visible), blanks, ``//`` comments and bare yields are dropped, on both sides alike
    (and the test ignores line breaks).  Everything else (ops, operands, attributes, types, order)
    must match."""
    current: dict[str, str] = {}
    count = 0

    def define(name: str) -> str:
        nonlocal count
        current[name] = f"%v{count}"
        count += 1
        return current[name]

    out = []
    for raw in text.splitlines():
        line = " ".join(raw.split("//", 1)[0].split()) if "//" in raw and '"' not in raw else " ".join(raw.split())
        if not line or line == "stream.yield":
            continue
        m = _RESULTS.match(line)
        head = _VALUE.sub(lambda v: define(v.group(0)), m.group(1)) + " = " if m else ""
        rest = line[m.end():] if m else line

        def name(v: re.Match[str]) -> str:
            token = v.group(0)
            after = rest[v.end():v.end() + 3]
            if after[:2] == ": " or after == " = ":
                return define(token)
            return current.get(token) or define(token)

        out.append("".join((head + _VALUE.sub(name, rest)).split()))
    return "\n".join(out) + "\n"


def _cases() -> list:
    out = []
    for folder, path in _sources():
        for i, _ in enumerate(path.read_text().split(SEP)):
            out.append(pytest.param(folder, path, i, id=f"{folder}/{path.stem}-{i}"))
    return out


def test_every_lit_source_has_a_golden() -> None:
    missing = [
        f"{f}/{p.name}"
        for f, p in _sources()
        if not (_golden_path(f, p).is_file() and _golden_path(f, p, ".input").is_file())
    ]
    assert not missing, f"no golden output for {missing}: run python tests/test_golden.py --update"


@pytest.mark.parametrize(("folder", "path", "index"), _cases())
def test_matches_golden(folder: str, path: Path, index: int) -> None:
    n = len(path.read_text().split(SEP))
    inputs = _chunks(_golden_path(folder, path, ".input").read_text())
    goldens = _chunks(_golden_path(folder, path).read_text())
    assert len(inputs) == len(goldens) == n, f"{path.name}: golden files have another number of cases; --update"
    case = inputs[index]
    ours = _normalise(run_passes(case, CORPUS[folder][1], filename=path.name))
    theirs = _normalise(goldens[index])
    # fastalloc breaks some ops it keeps as text over other lines than iree-opt
    if ours.replace("\n", "") != theirs.replace("\n", ""):
        diff = "".join(difflib.unified_diff(theirs.splitlines(True), ours.splitlines(True), "iree-opt 3.13 (golden)", "fastalloc"))
        pytest.fail(f"{path.name} case {index} differs from iree-opt's golden output:\n{diff}")


@pytest.mark.iree
@pytest.mark.parametrize(("folder", "path"), [pytest.param(f, p, id=f"{f}/{p.stem}") for f, p in _sources()])
def test_golden_is_what_iree_opt_prints(folder: str, path: Path) -> None:
    canonical, output = _reference(folder, path)
    stale = "the golden files are stale; run python tests/test_golden.py --update"
    assert _golden_path(folder, path, ".input").read_text() == canonical, f"{folder}/{path.name}: {stale}"
    assert _golden_path(folder, path).read_text() == output, f"{folder}/{path.name}: {stale}"


def _update() -> None:
    for folder, path in _sources():
        canonical, output = _reference(folder, path)
        for kind, text in ((".input", canonical), ("", output)):
            target = _golden_path(folder, path, kind)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
            print(f"wrote {target.relative_to(HERE.parent)}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python tests/test_golden.py --update")
    _update()
