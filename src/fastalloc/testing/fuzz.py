"""Seeded mutation fuzzing of the parser, the verifier and the passes (issue #16).

A mutant is a valid module (a lit case chunk or a generated module) with one
seeded edit: a token deleted, duplicated or swapped, a number made extreme, an
SSA use renamed, a line dropped, the text truncated, put on one line, given
CR-only line ends or a stray byte, ...  The property: running the passes on
it ends in success or a located FastallocError that is not an internal error;
never another exception, a crash or a hang.

Mutants run in a child process (:class:`Runner`) so that a crash is seen as
a failure of that mutant, not of the caller; a hung child is killed after a
timeout.  ``python -m fastalloc.testing.fuzz --count 3000`` measures a corpus
(add ``--iree N`` to compare accept/reject and output with iree-opt on N).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import select
import struct
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

__all__ = ["MUTATORS", "Outcome", "Runner", "corpus", "mutants", "mutate"]

PASSES = ("schedule-allocation", "layout-slices")
# fastalloc's layout-slices covers every anchor: iree-opt must run it on each too
from fastalloc.testing.iree import SCHEDULE_AND_LAYOUT as IREE_PIPELINE  # noqa: E402

_TOKEN = re.compile(rb'%[\w$.\-]+(?:#\d+)?|@[\w$.\-]+|![\w.]+(?:<[^<>\n]*>)?|#[\w.]+|"[^"\n]*"|0x[0-9a-fA-F]+|-?\d+|[A-Za-z_][\w.$\-]*|->|=>|\S')
_NUMBER = re.compile(rb"(?<![\w%@#!.])-?\d+\b")
_SSA = re.compile(rb"%[\w$.\-]+")
_EXTREMES = [b"0", b"1", b"-1", b"-64", b"3", b"63", b"2147483648", b"9223372036854775807", b"9223372036854775808",
             b"18446744073709551615", b"18446744073709551616", b"-9223372036854775809", b"0x40", b"0x10",
             b"99999999999999999999999"]
_TYPES = [b"index", b"i32", b"i64", b"i1", b"!stream.resource<transient>", b"!stream.resource<external>",
          b"!stream.resource<constant>", b"!stream.resource<variable>", b"!stream.timepoint", b"f32"]
_LIFETIME = re.compile(rb"!stream\.resource<(\w+|\*)>")


def _tokens(text: bytes) -> list[re.Match]:
    return list(_TOKEN.finditer(text))


def _pick_token(text: bytes, rng: random.Random) -> re.Match | None:
    toks = _tokens(text)
    return rng.choice(toks) if toks else None


def m_delete_token(text: bytes, rng: random.Random) -> bytes:
    t = _pick_token(text, rng)
    return text if t is None else text[:t.start()] + text[t.end():]


def m_duplicate_token(text: bytes, rng: random.Random) -> bytes:
    t = _pick_token(text, rng)
    return text if t is None else text[:t.end()] + b" " + t.group() + text[t.end():]


def m_swap_tokens(text: bytes, rng: random.Random) -> bytes:
    toks = _tokens(text)
    if len(toks) < 2:
        return text
    k = rng.randrange(len(toks) - 1)
    a, b = toks[k], toks[k + 1]
    return text[:a.start()] + b.group() + text[a.end():b.start()] + a.group() + text[b.end():]


def m_extreme_number(text: bytes, rng: random.Random) -> bytes:
    nums = list(_NUMBER.finditer(text))
    if not nums:
        return text
    t = rng.choice(nums)
    return text[:t.start()] + rng.choice(_EXTREMES) + text[t.end():]


def m_rename_use(text: bytes, rng: random.Random) -> bytes:
    names = list(_SSA.finditer(text))
    if len(names) < 2:
        return text
    t = rng.choice(names)
    other = rng.choice(names).group()
    return text[:t.start()] + other + text[t.end():]


def m_change_type(text: bytes, rng: random.Random) -> bytes:
    spots = [m for m in _TOKEN.finditer(text) if m.group() in _TYPES or _LIFETIME.fullmatch(m.group())]
    if not spots:
        return text
    t = rng.choice(spots)
    return text[:t.start()] + rng.choice(_TYPES) + text[t.end():]


def m_delete_line(text: bytes, rng: random.Random) -> bytes:
    lines = text.split(b"\n")
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def m_duplicate_line(text: bytes, rng: random.Random) -> bytes:
    lines = text.split(b"\n")
    k = rng.randrange(len(lines))
    lines.insert(k, lines[k])
    return b"\n".join(lines)


def m_swap_lines(text: bytes, rng: random.Random) -> bytes:
    lines = text.split(b"\n")
    if len(lines) < 2:
        return text
    k = rng.randrange(len(lines) - 1)
    lines[k], lines[k + 1] = lines[k + 1], lines[k]
    return b"\n".join(lines)


def m_truncate(text: bytes, rng: random.Random) -> bytes:
    return text[:rng.randrange(len(text) + 1)]


def _no_comments(text: bytes) -> bytes:
    return re.sub(rb"//[^\n]*", b"", text)


def m_one_line(text: bytes, rng: random.Random) -> bytes:
    return _no_comments(text).replace(b"\n", b" ")


def m_cr_only(text: bytes, rng: random.Random) -> bytes:
    return _no_comments(text).replace(b"\n", b"\r")


def m_stray_bracket(text: bytes, rng: random.Random) -> bytes:
    k = rng.randrange(len(text) + 1)
    return text[:k] + rng.choice([b"{", b"}", b"(", b")", b"[", b"]", b"<", b">", b",", b":", b"="]) + text[k:]


def m_stray_byte(text: bytes, rng: random.Random) -> bytes:
    k = rng.randrange(len(text) + 1)
    junk = rng.choice([b"\x00", b"\xff", b"\xc3", b"// \xff\x00 comment\n", b"\x0b", b"\xe2\x80\xa8", b"\t"])
    return text[:k] + junk + text[k:]


def m_misspell_op(text: bytes, rng: random.Random) -> bytes:
    ops = [m for m in re.finditer(rb"\b(stream|util|arith|scf|func)\.[\w.]+", text)]
    if not ops:
        return text
    t = rng.choice(ops)
    word = bytearray(t.group())
    k = rng.randrange(len(word))
    word[k:k + 1] = rng.choice([b"", b"x", b"_", b"."])
    return text[:t.start()] + bytes(word) + text[t.end():]


def m_drop_yield(text: bytes, rng: random.Random) -> bytes:
    ys = list(re.finditer(rb"[^\n]*stream\.yield[^\n]*\n?", text))
    if not ys:
        return text
    t = rng.choice(ys)
    return text[:t.start()] + text[t.end():]


def m_empty_region(text: bytes, rng: random.Random) -> bytes:
    m = list(re.finditer(rb"(stream\.async\.(?:execute|concurrent)[^{\n]*\{)", text))
    if not m:
        return text
    t = rng.choice(m)
    # drop everything up to the matching close brace
    depth, k = 1, t.end()
    while k < len(text) and depth:
        c = text[k:k + 1]
        depth += c == b"{"
        depth -= c == b"}"
        k += 1
    return text[:t.end()] + b" }" + text[k:]


def m_duplicate_function(text: bytes, rng: random.Random) -> bytes:
    m = re.search(rb"(?ms)^util\.func.*?^\}\n", text)
    return text if m is None else text + b"\n" + m.group()


MUTATORS = {name[2:]: fn for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)}


def mutate(text: str | bytes, rng: random.Random) -> tuple[str, bytes]:
    """One seeded edit of ``text``: (mutator name, mutant bytes)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    name = rng.choice(sorted(MUTATORS))
    return name, MUTATORS[name](data, rng)


def corpus(lit_dir: str | os.PathLike[str] | None, n_generated: int = 20, seed: int = 0) -> list[bytes]:
    """The valid inputs mutants start from: every ``// -----`` chunk of the
    ``.mlir`` files under ``lit_dir`` that fastalloc accepts, plus
    ``n_generated`` modules of :func:`fastalloc.testing.generator.generate_module`."""
    from fastalloc import FastallocError, run_passes
    from fastalloc.ir.parser import split_chunks
    from fastalloc.testing.generator import generate_module

    out: list[bytes] = []
    if lit_dir is not None:
        for path in sorted(Path(lit_dir).rglob("*.mlir")):
            for chunk, _ in split_chunks(path.read_text(encoding="utf-8")):
                if "expected-error" in chunk or len(chunk) > 20000:
                    continue
                try:
                    run_passes(chunk, PASSES)
                except FastallocError:
                    continue
                out.append(chunk.encode("utf-8"))
    for s in range(n_generated):
        out.append(generate_module(seed * 1000 + s, n_ops=30 + (s % 5) * 10).encode("utf-8"))
    return out


def mutants(base: list[bytes], count: int, seed: int) -> list[tuple[int, str, bytes]]:
    """``count`` seeded mutants of ``base``: (index, mutator, text)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        src = base[rng.randrange(len(base))]
        name, text = mutate(src, rng)
        if rng.random() < 0.15:  # a second edit now and then
            name2, text = mutate(text, rng)
            name = f"{name}+{name2}"
        out.append((k, name, text))
    return out


@dataclass(frozen=True)
class Outcome:
    """``kind``: ok | error (a located FastallocError) | unlocated | internal |
    exception | crash | hang; ``message``: the error or traceback text."""

    kind: str
    message: str = ""
    output: str = ""

    @property
    def good(self) -> bool:
        return self.kind in ("ok", "error")


_WORKER = r"""
import struct, sys, traceback, faulthandler
faulthandler.enable()
import fastalloc
from fastalloc import FastallocError
passes = sys.argv[1].split(",") if sys.argv[1] else []
keep = sys.argv[2] == "1"
inp, out = sys.stdin.buffer, sys.stdout.buffer
while True:
    head = inp.read(8)
    if len(head) < 8:
        break
    data = inp.read(struct.unpack("<Q", head)[0])
    try:
        text = fastalloc.run_passes(data, passes, filename="fuzz.mlir")
        kind, msg, outp = "ok", "", text if keep else ""
    except FastallocError as e:
        outp = ""
        if e.message.startswith("internal error"):
            kind = "internal"
        else:
            kind = "error" if e.loc is not None or e.message.startswith("cannot decode") else "unlocated"
        msg = str(e)
        if kind == "internal" and e.__cause__ is not None:
            msg += "\n" + "".join(traceback.format_exception(e.__cause__))
    except BaseException as e:
        kind, msg, outp = "exception", "".join(traceback.format_exception(e)), ""
    import json
    blob = json.dumps({"kind": kind, "message": msg, "output": outp}).encode()
    out.write(struct.pack("<Q", len(blob)) + blob)
    out.flush()
"""


class Runner:
    """A child process that runs the passes on each text it is given."""

    def __init__(self, passes: tuple[str, ...] = PASSES, timeout: float = 30.0, keep_output: bool = False) -> None:
        self.passes = passes
        self.timeout = timeout
        self.keep_output = keep_output
        self.proc: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        env = dict(os.environ)
        return subprocess.Popen([sys.executable, "-c", _WORKER, ",".join(self.passes), "1" if self.keep_output else "0"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)

    def _read(self, n: int, deadline: float) -> bytes | None:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        buf = b""
        while len(buf) < n:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                return None
            chunk = os.read(fd, n - len(buf))
            if not chunk:
                return b""
            buf += chunk
        return buf

    def run(self, text: bytes) -> Outcome:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._start()
        proc = self.proc
        assert proc.stdin is not None
        try:
            proc.stdin.write(struct.pack("<Q", len(text)) + text)
            proc.stdin.flush()
        except BrokenPipeError:
            pass
        deadline = time.monotonic() + self.timeout
        head = self._read(8, deadline)
        if head is None:
            self.close()
            return Outcome("hang", f"no answer within {self.timeout} s")
        if len(head) < 8:
            rc = proc.wait()
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            self.proc = None
            return Outcome("crash", f"exit {rc}\n{err[-2000:]}")
        blob = self._read(struct.unpack("<Q", head)[0], deadline + self.timeout)
        if not blob:
            self.close()
            return Outcome("crash", "truncated answer")
        d = json.loads(blob)
        return Outcome(d["kind"], d["message"], d["output"])

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def iree_outcome(text: bytes, timeout: float = 60) -> tuple[str, str]:
    """(accepted | rejected | crash, output or stderr) of iree-opt with the passes."""
    from fastalloc.testing.iree import find_iree_opt, run_tool

    exe = find_iree_opt()
    if exe is None:
        raise RuntimeError("iree-opt not found")
    p = run_tool([exe, f"--pass-pipeline={IREE_PIPELINE}", "-"], input=text, capture_output=True,
                       timeout=timeout)
    if p.returncode == 0:
        return "accepted", p.stdout.decode("utf-8", errors="replace")
    kind = "rejected" if p.returncode == 1 else "crash"
    return kind, p.stderr.decode("utf-8", errors="replace")[-2000:]


def same_output(ours: str, theirs: str) -> bool:
    """Both outputs re-printed through iree-opt are identical."""
    from fastalloc.testing.iree import IreeOptError, reprint

    try:
        return reprint(ours) == reprint(theirs)
    except IreeOptError:
        return False


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lit", default=None, help="directory of lit .mlir files for the corpus")
    ap.add_argument("--generated", type=int, default=20)
    ap.add_argument("--iree", type=int, default=0, help="compare with iree-opt on this many mutants")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--show", type=int, default=5, help="failures to print")
    ap.add_argument("--dump", default=None,
                    help="write each iree-opt disagreement (mutant, both verdicts and messages) to this JSON-lines file")
    args = ap.parse_args(argv)
    base = corpus(args.lit, args.generated, args.seed)
    ms = mutants(base, args.count, args.seed)
    kinds: Counter[str] = Counter()
    bad: list[tuple[int, str, Outcome]] = []
    by_mut: Counter[str] = Counter()
    t0 = time.monotonic()
    with Runner(timeout=args.timeout) as r:
        for k, name, text in ms:
            o = r.run(text)
            kinds[o.kind] += 1
            if not o.good:
                bad.append((k, name, o))
                by_mut[name] += 1
    print(f"corpus {len(base)} inputs, {len(ms)} mutants (seed {args.seed}) in {time.monotonic() - t0:.0f} s")
    print("outcomes:", dict(sorted(kinds.items())))
    if bad:
        print("failures by mutator:", dict(by_mut.most_common()))
        for k, name, o in bad[:args.show]:
            print(f"--- mutant {k} ({name}): {o.kind}\n{o.message[:1500]}")
    if args.iree:
        rng = random.Random(args.seed + 1)
        sample = rng.sample(ms, min(args.iree, len(ms)))
        agree = 0
        same = 0
        both = 0
        disagree: Counter[str] = Counter()
        examples = []
        dump = open(args.dump, "w", encoding="utf-8") if args.dump else None
        with Runner(timeout=args.timeout, keep_output=True) as r:
            for k, name, text in sample:
                o = r.run(text)
                ik, iout = iree_outcome(text)
                ours = o.kind == "ok"
                theirs = ik == "accepted"
                if ours == theirs:
                    agree += 1
                    if ours:
                        both += 1
                        ident = same_output(o.output, iout)
                        same += ident
                        if not ident and dump is not None:
                            dump.write(json.dumps({"mutant": k, "mutator": name, "key": "outputs differ",
                                                   "text": text.decode("utf-8", "replace"),
                                                   "ours": o.output, "iree": iout}) + "\n")
                else:
                    key = f"fastalloc {'accepts' if ours else 'rejects'}, iree-opt {ik}"
                    disagree[key] += 1
                    if dump is not None:
                        dump.write(json.dumps({"mutant": k, "mutator": name, "key": key,
                                               "text": text.decode("utf-8", "replace"),
                                               "ours": o.message, "iree": iout}) + "\n")
                    if len(examples) < args.show:
                        examples.append((k, name, key, o.message[:300], iout[:300]))
        if dump is not None:
            dump.close()
        n = len(sample)
        print(f"iree-opt sample {n}: accept/reject agree {agree}/{n} ({100.0 * agree / max(n, 1):.1f}%), "
              f"both accepted {both}, identical output {same}/{both}")
        print("disagreements:", dict(disagree))
        for ex in examples:
            print("--- mutant %d (%s): %s\n  ours: %s\n  iree: %s" % ex)
    return 0 if not bad else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
