"""Same output before and after a refactoring: sha256 of the IR passes' output
on big generated modules, written to or compared with a saved file.

Each case generates a module with
``fastalloc.testing.generator.generate_module(seed, n_ops=N, config=...)``,
runs schedule-allocation + layout-slices on it (``fastalloc.run_passes``,
what ``fastalloc opt --passes schedule-allocation,layout-slices`` runs) and
hashes the printed result.  The cases: one huge execute region (the default
``shape="auto"`` from 10^4 ops up) and the ``shape="spread"`` variant (many
functions and regions), for each seed and packing strategy.

Usage (from the repository root)::

    python -m bench.same_output --write before.json        # on the old commit
    python -m bench.same_output --check before.json        # on the new one; exit 1 on any difference

``--n-ops`` (default 100000), ``--seeds`` (default 1) and ``--strategies``
(default ``iree``; ``iree,best-fit`` adds the best-fit packer) select the
cases; ``--check`` compares the cases present in both runs and fails if a
case of the saved file was not run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

from fastalloc import run_passes
from fastalloc.testing.generator import GenConfig, generate_module

SHAPES = ("single", "spread")


def _config(shape: str) -> GenConfig:
    # "auto" is what the e2e benchmark uses: from 10^4 ops it is one function
    # with one execute region.
    return GenConfig() if shape == "single" else GenConfig(shape="spread")


def run_cases(n_ops: int, seeds: list[int], strategies: list[str], log=sys.stderr) -> dict[str, str]:
    """``{case name: sha256 of the output}`` for every (seed, shape, strategy)."""
    out: dict[str, str] = {}
    for seed in seeds:
        for shape in SHAPES:
            text = generate_module(seed, n_ops=n_ops, config=_config(shape))
            for strategy in strategies:
                name = f"seed={seed} n_ops={n_ops} shape={shape} strategy={strategy}"
                t0 = time.perf_counter()
                result = run_passes(text, ["schedule-allocation", "layout-slices"], pack_strategy=strategy)
                digest = hashlib.sha256(result.encode()).hexdigest()
                out[name] = digest
                print(f"{name}: {digest[:16]} ({len(result)} bytes, {time.perf_counter() - t0:.1f} s)", file=log)
    return out


def compare(saved: dict[str, str], got: dict[str, str], options: str, out=sys.stdout) -> int:
    """Print one line per case (same, DIFFERS, NOT RUN, new); return how many differ or were not run.

    ``options`` names the command-line options that select the cases (for the NOT RUN hint)."""
    bad = 0
    for name, digest in sorted(saved.items()):
        if name not in got:
            print(f"NOT RUN  {name} (run with the same {options})", file=out)
            bad += 1
        elif got[name] != digest:
            print(f"DIFFERS  {name}: saved {digest[:24]}, now {got[name][:24]}", file=out)
            bad += 1
        else:
            print(f"same     {name}", file=out)
    for name in sorted(set(got) - set(saved)):
        print(f"new      {name}", file=out)
    return bad


def write_or_check(got: dict[str, str], write: str | None, check: str | None, options: str) -> int:
    """Save ``got`` to ``write`` (JSON), or compare it with the file ``check``; the exit status."""
    if write:
        with open(write, "w") as f:
            json.dump(got, f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"wrote {len(got)} digests to {write}")
        return 0
    assert check is not None
    with open(check) as f:
        saved = json.load(f)
    return 1 if compare(saved, got, options) else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.same_output", description=__doc__.split("\n\n")[0])
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", metavar="FILE", help="save the hashes to FILE (JSON)")
    mode.add_argument("--check", metavar="FILE", help="compare with the hashes saved in FILE")
    p.add_argument("--n-ops", type=int, default=100_000)
    p.add_argument("--seeds", default="1", help="comma-separated seeds (default 1)")
    p.add_argument("--strategies", default="iree", help="comma-separated pack strategies (default iree)")
    args = p.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",") if s]
    strategies = [s for s in args.strategies.split(",") if s]
    got = run_cases(args.n_ops, seeds, strategies)
    return write_or_check(got, args.write, args.check, "--n-ops/--seeds/--strategies")


if __name__ == "__main__":
    sys.exit(main())
