"""Seeded generator of valid IREE stream-dialect modules (MLIR text).

``generate_module(seed, n_ops=..., config=...)`` returns the text of a module
that iree-opt 3.13 parses, verifies, and runs ``--iree-stream-schedule-allocation``
and ``--iree-stream-layout-slices`` on without error.  It is the workload for
fastalloc's differential tests (against iree-opt) and benchmarks, and is public so
users can make workloads too.  The text is built directly as strings; nothing
here depends on fastalloc's own parser.

Same ``seed`` and ``config`` give byte-identical text: all choices come from one
``random.Random(seed)`` and every collection iterated is a list or an
insertion-ordered dict.

What a module holds
-------------------
* ``util.global private @dev0/@dev1 : !hal.device`` and affinities
  ``#hal.device.affinity<@dev0>`` / ``<@dev0, [0, 1]>`` on execute regions and
  transfers (``GenConfig.affinities``);
* ``stream.executable`` declarations whose export signature matches the
  dispatches that use them (resource operands + untied results as
  ``!stream.binding``, then the primitive operands), and dangling
  ``@ex::@entry`` dispatches with no executable;
* ``stream.async.func`` declarations for ``stream.async.call`` (tied results
  written ``(%arg0, ...)``);
* ``util.func`` and ``func.func`` functions, each with several
  ``stream.async.execute`` regions, optionally an ``util.initializer`` that
  stores a ``!stream.resource<variable>`` into a ``util.global``;
* inside regions: constant (lifetimes ``constant`` and ``variable``), splat,
  alloca, clone, slice, fill, update, copy, dispatch, call, collective
  (all_reduce with sum, all_gather), barrier, transfer, nested
  ``stream.async.concurrent`` (several levels, tied and untied results);
  ``stream.async.load``/``store`` on a staging argument outside the regions;
* static sizes (``arith.constant N : index``) and dynamic sizes (``index``
  function arguments and ``util.optimization_barrier`` results);
* with ``cross_function=True`` (off by default): resources flowing across
  functions -- region results handed to private ``util.func @relay_*``
  helpers (``util.call``) that capture them in an execute of their own
  affinity, and the initializer's global loaded (``util.global.load``) and
  captured by later functions; this is what multi-device placement's
  whole-program analysis follows;
* ``stream.resources = #stream.resource_config<{...}>`` on some functions
  (offset/range alignments 1..256, powers of two);
* execute results always used afterwards (captured by the next region of a
  wave, passed to ``util.optimization_barrier`` or returned) and every result
  timepoint awaited, joined or returned.

Two ``style`` values: ``"printed"`` (one op per line, ``%0``/``%c64``/``%argN``
names, roughly as iree-opt prints) and ``"lit"`` (type and attribute aliases such
as ``!transient = !stream.resource<transient>``, ops split over several lines,
comments, descriptive value names, long-form tied results) — the front end
must read both.

Shapes: ``shape="spread"`` makes many functions/regions of ``region_ops`` ops
each; ``shape="single"`` puts everything in one function with one huge execute
region (this is what makes iree-opt's layout-slices face one very large pack);
``shape="auto"`` (default) is ``single`` from ``SINGLE_REGION_THRESHOLD`` ops up.

Exclusions: what iree-opt 3.13 rejects or crashes on, found by running it
---------------------------------------------------------------------------
schedule-allocation only gives storage to a value defined inside a
``stream.async.concurrent`` if the value is tied to a captured operand, is
yielded, or has no use at all (see ``computeExecutionRegionLivenessIntervals``:
nested untied results are only walked when ``use_empty()``).  A value defined
inside a concurrent and *used by another op there without being yielded*
gets no resource range and iree-opt crashes (SIGSEGV in
``CmdInvalidateOp::create``/``OperandStorage``).  So inside a concurrent the
generator only reads and writes the region's captured arguments (each argument
is written at most once, and an argument that is written is not also read by
another op of the wave); every untied result is yielded, every write is
yielded as a tied result.  Also excluded:

* i64 fill patterns: ``stream.async.splat``/``fill`` accept i8..i64 but the
  ``stream.cmd.fill`` that schedule-allocation builds rejects i64 (verifier
  error after the pass), so patterns are i8/i16/i32;
* float patterns (the async verifier takes only signless integers);
* ``stream.async.slice`` that changes the lifetime (verifier);
* primitive dispatch operands whose type differs from the declared export's
  argument (``stream.cmd.dispatch`` checks them: "uniform dispatch argument
  type mismatch"); executables are declared per (bindings, primitive types);
* values used in a ``util.initializer`` but defined outside it (isolated).

Writes go only to non-constant resources and sources of update/copy fit
their target (same SSA size when dynamic), so the modules also make sense,
not just verify.

Known iree-opt 3.13 defects, produced only on request (fastalloc differs there
on purpose): ``constant_in_concurrent`` puts ``stream.async.constant`` inside a
concurrent (iree-opt erases it without uploading it), and
``unused_concurrent_results`` leaves untied results inside a concurrent
unused (iree-opt then orders their pack slices nondeterministically).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "ALL_OP_KINDS",
    "DEFAULT_WEIGHTS",
    "SINGLE_REGION_THRESHOLD",
    "GenConfig",
    "generate_corpus",
    "generate_module",
]

#: Op kinds generated inside execute regions (names of ``stream.async.*`` ops,
#: with ``concurrent`` for nested ``stream.async.concurrent`` regions).
ALL_OP_KINDS: tuple[str, ...] = (
    "splat",
    "alloca",
    "constant",
    "clone",
    "slice",
    "fill",
    "update",
    "copy",
    "dispatch",
    "call",
    "collective",
    "barrier",
    "transfer",
    "concurrent",
)

#: Relative frequency of each op kind (dispatches dominate real programs).
DEFAULT_WEIGHTS: dict[str, float] = {
    "splat": 8.0,
    "alloca": 2.0,
    "constant": 3.0,
    "clone": 6.0,
    "slice": 5.0,
    "fill": 5.0,
    "update": 5.0,
    "copy": 6.0,
    "dispatch": 30.0,
    "call": 5.0,
    "collective": 3.0,
    "barrier": 2.0,
    "transfer": 4.0,
    "concurrent": 5.0,
}

#: ``shape="auto"`` switches to one huge region from this many ops up.
SINGLE_REGION_THRESHOLD = 10_000

_STATIC_SIZES = (4, 16, 64, 100, 128, 256, 256, 512, 1000, 1024, 1024, 4096, 16384, 65536, 262144, 1048576)
_DYN_INITIAL = (1024, 4096, 65536, 1000)
_PATTERN_TYPES = ("i8", "i16", "i32")  # stream.cmd.fill rejects i64
_DEVICES = ("@dev0", "@dev1")
_AFFINITIES = (
    "#hal.device.affinity<@dev0>",
    "#hal.device.affinity<@dev0, [0, 1]>",
    "#hal.device.affinity<@dev1>",
)
_COLLECTIVES = ("all_reduce with sum : f32", "all_gather : f32")


@dataclass(frozen=True)
class GenConfig:
    """Knobs of the generator; every field has a sensible default.

    Defaults produce modules that iree-opt 3.13 and fastalloc must agree on;
    the two ``*_concurrent*`` defect knobs are off by default.
    """

    #: op kinds generated inside regions (subset of ``ALL_OP_KINDS``)
    op_kinds: tuple[str, ...] = ALL_OP_KINDS
    #: relative weights per kind (missing kinds use ``DEFAULT_WEIGHTS``)
    weights: dict[str, float] = field(default_factory=dict)
    #: ``"spread"``: many functions/regions; ``"single"``: one function, one region
    shape: Literal["auto", "spread", "single"] = "auto"
    #: functions in ``spread`` shape (None: from ``n_ops`` and ``region_ops``)
    functions: int | None = None
    #: execute regions per function in ``spread`` shape
    regions_per_function: int = 3
    #: average ops per region in ``spread`` shape when ``functions`` is None
    region_ops: int = 300
    #: probability that a new resource gets a dynamic (SSA ``index``) size
    dynamic_fraction: float = 0.25
    #: maximum nesting depth of ``stream.async.concurrent``
    max_concurrent_depth: int = 3
    #: most recent values an op picks operands from (bounds live ranges)
    window: int = 24
    #: probability that an operand is an old, long-lived value instead of a
    #: recent one (skip connections); long lifetimes make packing harder and
    #: iree-opt's layout-slices much slower on big regions
    long_lived: float = 0.05
    #: ``on(#hal.device.affinity<...>)`` on regions, ``from/to`` on transfers
    affinities: bool = True
    #: ``stream.resources = #stream.resource_config<...>`` on some functions
    resource_configs: bool = True
    #: ``stream.async.constant`` ops (also governs the initializer's constant)
    constants: bool = True
    #: emit a ``util.initializer`` storing a variable resource into a global
    initializer: bool = True
    #: make some functions ``func.func`` (else all are ``util.func``)
    func_func: bool = True
    #: chain regions of a function: capture earlier results, await timepoints
    waves: bool = True
    #: fraction of dispatches whose executable is declared (rest dangle)
    declared_executables: float = 0.7
    #: ``stream.async.load``/``store`` on a staging argument outside regions
    load_store: bool = True
    #: ``"printed"`` (iree-opt-like) or ``"lit"`` (aliases, multi-line, comments)
    style: Literal["printed", "lit"] = "printed"
    #: resources flowing across functions: ``util.call`` of private relay
    #: functions and ``util.global.load`` of the initializer's global
    cross_function: bool = False
    #: DEFECT (iree-opt erases it): ``stream.async.constant`` inside concurrent
    constant_in_concurrent: bool = False
    #: DEFECT (iree-opt nondeterministic): unused untied results in concurrent
    unused_concurrent_results: bool = False

    def __post_init__(self) -> None:
        bad = [k for k in self.op_kinds if k not in ALL_OP_KINDS]
        if bad:
            raise ValueError(f"GenConfig.op_kinds: unknown kinds {bad}; known: {list(ALL_OP_KINDS)}")
        if not self.op_kinds:
            raise ValueError("GenConfig.op_kinds must name at least one op kind")
        if self.style not in ("printed", "lit"):
            raise ValueError(f"GenConfig.style must be 'printed' or 'lit', got {self.style!r}")
        if self.shape not in ("auto", "spread", "single"):
            raise ValueError(f"GenConfig.shape must be 'auto', 'spread' or 'single', got {self.shape!r}")
        if not 0.0 <= self.dynamic_fraction <= 1.0:
            raise ValueError(f"GenConfig.dynamic_fraction must be in [0, 1], got {self.dynamic_fraction}")
        if not 0.0 <= self.long_lived <= 1.0:
            raise ValueError(f"GenConfig.long_lived must be in [0, 1], got {self.long_lived}")
        if self.window < 2:
            raise ValueError(f"GenConfig.window must be >= 2, got {self.window}")
        if self.regions_per_function < 1 or self.region_ops < 1:
            raise ValueError("GenConfig.regions_per_function and region_ops must be >= 1")
        if self.functions is not None and self.functions < 1:
            raise ValueError(f"GenConfig.functions must be >= 1, got {self.functions}")


class _V:
    """A resource value: SSA name, lifetime, size (SSA name + bytes or None)."""

    __slots__ = ("name", "life", "size", "nbytes", "root")

    def __init__(self, name: str, life: str, size: str, nbytes: int | None, root: _V | None = None) -> None:
        self.name = name
        self.life = life
        self.size = size
        self.nbytes = nbytes
        # The captured block argument this value aliases (tied chain), if any.
        self.root = root


def _size_key(v: _V) -> object:
    return v.nbytes if v.nbytes is not None else v.size


class _Module:
    """Module-wide state: executables and async funcs declared on demand."""

    def __init__(self, rng: random.Random, cfg: GenConfig) -> None:
        self.rng = rng
        self.cfg = cfg
        self.lit = cfg.style == "lit"
        self.executables: dict[tuple[int, tuple[str, ...]], str] = {}  # (bindings, prim types) -> @ex
        self.async_funcs: dict[tuple[tuple[str, ...], tuple[int, ...]], str] = {}
        self.aliases_used: dict[str, str] = {}
        self.used_devices = False
        self.counts: dict[str, int] = {}
        self.loadable: list[str] = []  # globals stored by an initializer
        self.relays: dict[str, tuple[str, str | None]] = {}  # lifetime -> (@name, affinity)

    def relay_for(self, life: str) -> str:
        """A private function capturing a ``life`` resource in an execute."""
        got = self.relays.get(life)
        if got is None:
            aff = self.rng.choice((None,) + _AFFINITIES) if self.cfg.affinities else None
            got = (f"@relay_{life}", aff)
            self.relays[life] = got
        return got[0]

    def relay_lines(self) -> list[str]:
        out: list[str] = []
        for life, (name, aff) in self.relays.items():
            t = self.rtype(life)
            tr = self.rtype("transient")
            on = f"on({self.aff(aff)}) " if aff is not None else ""
            out += [
                f"util.func private {name}(%r: {t}, %n: index) -> !stream.timepoint {{",
                "  %c0 = arith.constant 0 : index",
                f"  %o, %t = stream.async.execute {on}with(%r as %a: {t}{{%n}}) -> {tr}{{%n}} {{",
                f"    %d = stream.async.dispatch @relay_ex::@entry(%a[%c0 to %n for %n]) : ({t}{{%n}}) -> {tr}{{%n}}",
                f"    stream.yield %d : {tr}{{%n}}",
                "  } => !stream.timepoint",
                f"  %k = util.optimization_barrier %o : {tr}",
                "  util.return %t : !stream.timepoint",
                "}",
            ]
        return out

    def rtype(self, life: str) -> str:
        if self.lit:
            return f"!{life}"
        return f"!stream.resource<{life}>"

    def aff(self, a: str) -> str:
        self.used_devices = True
        if self.lit:
            return "#" + _aff_alias(a)
        return a

    def executable_for(self, bindings: int, prims: tuple[str, ...]) -> str:
        key = (bindings, prims)
        name = self.executables.get(key)
        if name is None:
            name = f"@ex{len(self.executables)}_b{bindings}_p{len(prims)}"
            self.executables[key] = name
        return f"{name}::@entry"

    def async_func_for(self, args: tuple[str, ...], results: tuple[int, ...]) -> str:
        # args: "r" for a resource, a type for primitives; results: tied arg index or -1
        key = (args, results)
        name = self.async_funcs.get(key)
        if name is None:
            name = f"@callee{len(self.async_funcs)}"
            self.async_funcs[key] = name
        return name


def _aff_alias(a: str) -> str:
    inner = a[len("#hal.device.affinity<@") : -1]
    return "aff_" + inner.replace(", [", "_q").replace(", ", "").replace("]", "")


class _Func:
    """Generates one function (or initializer) body as a list of lines."""

    reservoir: list[_V]

    def __init__(self, mod: _Module, fname: str, kind: str, regions: int, budget: int) -> None:
        self.mod = mod
        self.rng = mod.rng
        self.cfg = mod.cfg
        self.lit = mod.lit
        self.fname = fname
        self.kind = kind  # "util", "func", "init"
        self.n_regions = regions
        self.budget = budget
        self.counter = 0
        self.argn = 0
        self.params: list[str] = []
        self.index_consts: dict[int, str] = {}
        self.int_consts: dict[tuple[int, str], str] = {}
        self.dyn_sizes: list[str] = []
        self.pre_lines: list[str] = []  # after constants, before regions
        self.body: list[str] = []
        self.ops = 0
        kinds = [k for k in self.cfg.op_kinds]
        self.channel: str | None = None
        if "collective" in kinds and kind != "init":
            self.channel = self.new_arg("!stream.channel")
        elif "collective" in kinds:
            kinds.remove("collective")
        if not self.cfg.constants and "constant" in kinds and len(kinds) > 1:
            kinds.remove("constant")
        if not kinds:  # e.g. only collectives asked for, in an initializer (no channel)
            kinds = ["splat"]
        self.kinds = kinds
        w = {**DEFAULT_WEIGHTS, **self.cfg.weights}
        self.weights = [w[k] for k in kinds]
        self.cum = []
        acc = 0.0
        for x in self.weights:
            acc += x
            self.cum.append(acc)
        conc_kinds = [k for k in kinds if k != "constant" or self.cfg.constant_in_concurrent]
        self.conc_kinds = conc_kinds or ["splat"]
        self.conc_cum = []
        acc = 0.0
        for k in self.conc_kinds:
            acc += w.get(k, 1.0)
            self.conc_cum.append(acc)

    # -- names -------------------------------------------------------------
    def new_name(self, hint: str) -> str:
        self.counter += 1
        if self.lit:
            return f"%{hint}{self.counter}"
        return f"%{self.counter - 1}"

    def new_arg(self, typ: str, hint: str = "arg") -> str:
        if self.lit:  # "_" keeps argument names apart from value names
            name = f"%{hint}_{self.argn}"
        else:
            name = f"%arg{self.argn}"
        self.argn += 1
        self.params.append(f"{name}: {typ}")
        return name

    def new_block_arg(self, hint: str = "cap") -> str:
        name = f"%{hint}_{self.argn}" if self.lit else f"%arg{self.argn}"
        self.argn += 1
        return name

    def cidx(self, n: int) -> str:
        name = self.index_consts.get(n)
        if name is None:
            name = f"%c{n}"
            self.index_consts[n] = name
        return name

    def cint(self, n: int, t: str) -> str:
        key = (n, t)
        name = self.int_consts.get(key)
        if name is None:
            name = f"%c{n}_{t}"
            self.int_consts[key] = name
        return name

    def t(self, v: _V) -> str:
        return f"{self.mod.rtype(v.life)}{{{v.size}}}"

    def count(self, kind: str) -> None:
        self.ops += 1
        self.mod.counts[kind] = self.mod.counts.get(kind, 0) + 1

    # -- sizes -------------------------------------------------------------
    def new_size(self) -> tuple[str, int | None]:
        rng = self.rng
        if self.dyn_sizes and rng.random() < self.cfg.dynamic_fraction:
            return rng.choice(self.dyn_sizes), None
        n = rng.choice(_STATIC_SIZES)
        return self.cidx(n), n

    def subrange(self, v: _V) -> tuple[str, str, str, int | None]:
        """A byte range inside ``v``: (offset, end, length names, length bytes)."""
        if v.nbytes is None:
            return self.cidx(0), v.size, v.size, None
        s = v.nbytes
        k = self.rng.choice((0, 0, 1, 2)) if s % 4 == 0 else 0
        ln = s >> k
        off = self.rng.randrange(1 << k) * ln
        return self.cidx(off), self.cidx(off + ln), self.cidx(ln), ln

    def full(self, v: _V) -> str:
        return f"{v.name}[{self.cidx(0)} to {v.size} for {v.size}]"

    # -- the function ------------------------------------------------------
    def generate(self, header_attrs: str) -> list[str]:
        rng = self.rng
        cfg = self.cfg
        avail: list[_V] = []  # function-level resources regions may capture
        tps: list[str] = []  # pending timepoints
        if self.kind != "init":
            for _ in range(rng.randint(0, 2)):
                size = self.new_arg("index", "n")
                self.dyn_sizes.append(size)
                res = self.new_arg(self.mod.rtype("external"), "in")
                avail.append(_V(res, "external", size, None))
            for _ in range(rng.randint(0, 1)):
                self.dyn_sizes.append(self.new_arg("index", "n"))
            if rng.random() < 0.5:
                tps.append(self.new_arg("!stream.timepoint", "tp"))
            if cfg.cross_function and self.mod.loadable and rng.random() < 0.6:
                g = rng.choice(self.mod.loadable)
                loaded = self.new_name("global")
                size = self.new_name("global_size")
                vt = self.mod.rtype("variable")
                self.pre_lines.append(f"{loaded} = util.global.load @{g} : {vt}")
                self.pre_lines.append(f"{size} = stream.resource.size {loaded} : {vt}")
                avail.append(_V(loaded, "variable", size, None))
        if rng.random() < 0.7 or (cfg.dynamic_fraction > 0 and not self.dyn_sizes):
            v = rng.choice(_DYN_INITIAL)
            name = self.new_name("dyn")
            self.pre_lines.append(f"{name} = util.optimization_barrier {self.cidx(v)} : index")
            self.dyn_sizes.append(name)
        affinity = None
        if cfg.affinities and rng.random() < 0.7:
            affinity = rng.choice(_AFFINITIES)
        staging = None
        if cfg.load_store and self.kind != "init" and rng.random() < 0.5:
            ssz = rng.choice((64, 256, 1024))
            staging = (self.new_arg(self.mod.rtype("staging"), "st"), self.cidx(ssz), ssz)
        avail_all = list(avail)
        outs: list[_V] = []  # region results not consumed by a later region
        per_region = max(1, self.budget // self.n_regions)
        variable_result: _V | None = None
        for r in range(self.n_regions):
            budget = per_region if r < self.n_regions - 1 else max(1, self.budget - per_region * r)
            captures: list[_V] = []
            if cfg.waves and outs and rng.random() < 0.8:
                k = rng.randint(1, len(outs))
                captures = outs[-k:]
                del outs[-k:]
            if avail and rng.random() < 0.6:
                captures.append(avail.pop(rng.randrange(len(avail))))
            await_tp = None
            # A region reading an earlier region's results must await it.
            must_await = any(c not in avail_all for c in captures)
            if tps and (must_await or rng.random() < 0.4):
                if len(tps) == 1:
                    await_tp = tps.pop()
                else:
                    await_tp = self.new_name("join")
                    self.body.append(
                        f"{await_tp} = stream.timepoint.join max({', '.join(tps)}) => !stream.timepoint"
                    )
                    tps.clear()
            want_variable = self.kind == "init" and r == self.n_regions - 1
            region_aff = affinity
            if cfg.affinities and rng.random() < 0.15:
                region_aff = rng.choice((None,) + _AFFINITIES)
            results, tp, var = self.execute(captures, await_tp, region_aff, budget, want_variable)
            if var is not None:
                variable_result = var
            outs.extend(results)
            tps.append(tp)
        # Loads/stores on the staging argument happen outside the regions.
        ret_vals: list[tuple[str, str]] = []
        if staging is not None:
            st, ssz_name, ssz = staging
            pt = rng.choice(("i32", "i8"))
            off = self.cidx(rng.randrange(0, ssz // 4) * 4)
            stored = self.new_name("stored")
            self.body.append(
                f"{stored} = stream.async.store {self.cint(rng.randint(1, 99), pt)}, {st}[{off}] "
                f": {pt} -> {st} as {self.mod.rtype('staging')}{{{ssz_name}}}"
            )
            self.count("store")
            loaded = self.new_name("loaded")
            self.body.append(
                f"{loaded} = stream.async.load {stored}[{off}] : {self.mod.rtype('staging')}{{{ssz_name}}} -> {pt}"
            )
            self.count("load")
            ret_vals.append((loaded, pt))
        if self.kind == "init":
            assert variable_result is not None
            # Await the last region, store the variable into the global.
            last_tp = tps.pop()
            awaited = self.new_name("ready")
            self.body.append(
                f"{awaited} = stream.timepoint.await {last_tp} => {variable_result.name} : {self.t(variable_result)}"
            )
            self.body.append(f"util.global.store {awaited}, @{self.fname}_var : {self.mod.rtype('variable')}")
            outs = [o for o in outs if o is not variable_result]
        # Every remaining region result is used; util.func returns them.
        returned: list[_V] = []
        for o in outs:
            if cfg.cross_function and rng.random() < 0.4:
                relay = self.mod.relay_for(o.life)
                tp_name = self.new_name("relayed")
                self.body.append(
                    f"{tp_name} = util.call {relay}({o.name}, {o.size}) : ({self.mod.rtype(o.life)}, index) -> !stream.timepoint"
                )
                self.body.append(f"{self.new_name('keep')} = util.optimization_barrier {tp_name} : !stream.timepoint")
                continue
            if self.kind == "util" and rng.random() < 0.6:
                returned.append(o)
            else:
                self.body.append(f"{self.new_name('keep')} = util.optimization_barrier {o.name} : {self.mod.rtype(o.life)}")
        final_tp = None
        if len(tps) == 1:
            final_tp = tps[0]
        elif tps:
            final_tp = self.new_name("done")
            self.body.append(f"{final_tp} = stream.timepoint.join max({', '.join(tps)}) => !stream.timepoint")
        rets = [(o.name, self.mod.rtype(o.life)) for o in returned] + ret_vals
        if final_tp is not None:
            if self.kind == "init":
                self.body.append(f"{self.new_name('keep')} = util.optimization_barrier {final_tp} : !stream.timepoint")
            else:
                rets.append((final_tp, "!stream.timepoint"))
        # -- assemble ------------------------------------------------------
        out: list[str] = []
        if self.kind == "init":
            out.append(f"util.initializer{header_attrs} {{")
        else:
            sig = ", ".join(self.params)
            rtypes = ", ".join(t for _, t in rets)
            rsig = f" -> ({rtypes})" if len(rets) > 1 else (f" -> {rtypes}" if rets else "")
            kw = "util.func public" if self.kind == "util" else "func.func"
            out.append(f"{kw} @{self.fname}({sig}){rsig}{header_attrs} {{")
        for n, name in sorted(self.index_consts.items()):
            out.append(f"  {name} = arith.constant {n} : index")
        for (n, t), name in sorted(self.int_consts.items()):
            out.append(f"  {name} = arith.constant {n} : {t}")
        for line in self.pre_lines:
            out.append("  " + line)
        for line in self.body:
            out.append("  " + line)
        ret_kw = "return" if self.kind == "func" else "util.return"
        if rets:
            out.append(f"  {ret_kw} {', '.join(n for n, _ in rets)} : {', '.join(t for _, t in rets)}")
        else:
            out.append(f"  {ret_kw}")
        out.append("}")
        return out

    # -- execute regions ---------------------------------------------------
    def execute(
        self, captures: list[_V], await_tp: str | None, affinity: str | None, budget: int, want_variable: bool
    ) -> tuple[list[_V], str, _V | None]:
        rng = self.rng
        lit = self.lit
        self.count("execute")
        # Block arguments for the captures.
        pool: list[_V] = []
        cap_text: list[str] = []
        args: list[_V] = []
        for c in captures:
            a = self.new_block_arg()
            av = _V(a, c.life, c.size, c.nbytes)
            av.root = av
            args.append(av)
            pool.append(av)
            cap_text.append(f"{c.name} as {a}: {self.t(c)}")
        latest: dict[int, _V] = {id(a): a for a in args}
        self.reservoir = []
        lines: list[str] = []
        if lit:
            lines.append(f"  // region with {budget} ops, {len(captures)} captures")
        n = 0
        while n < budget:
            n += self.region_op(pool, latest, lines, "  ", budget - n)
        # Results: tied results for some written captures, untied for some new values.
        results: list[tuple[str, _V, _V]] = []  # (result text, yielded value, outer value proto)
        for c, a in zip(captures, args):
            cur = latest[id(a)]
            if cur is not a and rng.random() < 0.7:
                results.append(("tied", cur, c))
        candidates = [v for v in pool if v.root is None]
        rng.shuffle(candidates)
        k = rng.randint(0 if results else 1, min(3, len(candidates))) if candidates else 0
        if not want_variable and rng.random() < 0.05:
            results, k = [], 0  # a region with no results at all
        for v in candidates[:k]:
            results.append(("untied", v, v))
        var = None
        if want_variable:
            src = candidates[0] if candidates else None
            if src is None:
                size, nb = self.cidx(64), 64
                src = self.emit_splat(lines, "  ", (size, nb))
            vname = self.new_name("var")
            vv = _V(vname, "variable", src.size, src.nbytes)
            lines.append(f"  {vname} = stream.async.clone {src.name} : {self.t(src)} -> {self.t(vv)}")
            self.count("clone")
            results.append(("untied", vv, vv))
        # Header.
        nres = len(results)
        rname = self.new_name("exec")
        tp = self.new_name("tp") if lit else f"%{self.counter}"
        if not lit:
            self.counter += 1
        outer: list[_V] = []
        for i, (_, v, proto) in enumerate(results):
            nm = rname if nres == 1 else f"{rname}#{i}"
            outer.append(_V(nm, v.life, v.size, v.nbytes))
            if want_variable and v.life == "variable":
                var = outer[-1]
        lhs = (f"{rname}, {tp}" if nres == 1 else f"{rname}:{nres}, {tp}") if nres else tp
        head = [f"{lhs} = stream.async.execute"]
        if affinity is not None:
            head.append(f"on({self.mod.aff(affinity)})")
        if await_tp is not None:
            head.append(f"await({await_tp}) =>")
        rtexts = []
        for kind, v, proto in results:
            if kind == "tied":
                if lit and rng.random() < 0.5:
                    rtexts.append(f"{proto.name} as {self.t(v)}")
                else:
                    rtexts.append(f"{proto.name}{{{v.size}}}")
            else:
                rtexts.append(self.t(v))
        if lit:
            self.body.append(" ".join(head))
            if cap_text:
                self.body.append("    with(" + (",\n" + " " * 9).join(cap_text) + ")")
            else:
                self.body.append("    with()")
            if rtexts:
                self.body.append("    -> (" + ", ".join(rtexts) + ") {")
            else:
                self.body[-1] += " {"
        else:
            line = " ".join(head) + f" with({', '.join(cap_text)})"
            if nres == 1:
                line += f" -> {rtexts[0]}"
            elif nres:
                line += f" -> ({', '.join(rtexts)})"
            self.body.append(line + " {")
        self.body.extend(lines)
        if results:
            ys = ", ".join(v.name for _, v, _ in results)
            yt = ", ".join(self.t(v) for _, v, _ in results)
            self.body.append(f"  stream.yield {ys} : {yt}")
        else:
            self.body.append("  stream.yield")
        self.body.append("} => !stream.timepoint")
        return outer, tp, var

    def pick_kind(self, cum: list[float], kinds: list[str]) -> str:
        x = self.rng.random() * cum[-1]
        lo, hi = 0, len(cum) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if cum[mid] <= x:
                lo = mid + 1
            else:
                hi = mid
        return kinds[lo]

    def push(self, pool: list[_V], v: _V) -> None:
        pool.append(v)
        if len(pool) > self.cfg.window:
            # A few values leaving the window stay reachable (skip connections,
            # reused activations) so some lifetimes are long.
            old = pool.pop(0)
            if self.rng.random() < 0.1:
                res = self.reservoir
                if len(res) < 16:
                    res.append(old)
                else:
                    res[self.rng.randrange(16)] = old

    def pick(self, pool: list[_V]) -> _V:
        """An operand: mostly a recent value, sometimes a long-lived one."""
        res = self.reservoir
        if res and self.rng.random() < self.cfg.long_lived:
            v = res.pop(self.rng.randrange(len(res)))
            pool.append(v)  # it is current again; the window trims as usual
            return v
        return self.rng.choice(pool)

    def replace(self, pool: list[_V], latest: dict[int, _V], old: _V, new: _V) -> None:
        """``new`` is tied to ``old``: it supersedes ``old`` in the pool."""
        if old in pool:
            pool.remove(old)
        if old in self.reservoir:
            self.reservoir.remove(old)
        new.root = old.root
        if old.root is not None:
            latest[id(old.root)] = new
        self.push(pool, new)

    def writable(self, pool: list[_V]) -> list[_V]:
        return [v for v in pool if v.life != "constant"]

    def emit_splat(self, lines: list[str], ind: str, size: tuple[str, int | None] | None = None) -> _V:
        sz, nb = size if size is not None else self.new_size()
        pt = self.rng.choice(_PATTERN_TYPES)
        v = _V(self.new_name("splat"), "transient", sz, nb)
        text = f"{ind}{v.name} = stream.async.splat {self.cint(self.rng.randint(0, 255), pt)} : {pt} -> {self.t(v)}"
        if self.lit and self.rng.random() < 0.3:
            text += "  // fill pattern, broadcast"
        lines.append(text)
        self.count("splat")
        return v

    def region_op(self, pool: list[_V], latest: dict[int, _V], lines: list[str], ind: str, left: int) -> int:
        """Emit one op (or one concurrent wave) at execute level; return ops used."""
        rng = self.rng
        kind = self.pick_kind(self.cum, self.kinds)
        if kind == "concurrent":
            if left < 2 or self.cfg.max_concurrent_depth < 1:
                kind = "splat"
            else:
                return self.concurrent(pool, latest, lines, ind, 1, min(left, rng.randint(2, 12)))
        if not pool and kind not in ("splat", "alloca", "constant"):
            kind = "splat"
        if kind == "splat":
            self.push(pool, self.emit_splat(lines, ind))
        elif kind == "alloca":
            sz, nb = self.new_size()
            v = _V(self.new_name("alloca"), "transient", sz, nb)
            lines.append(f"{ind}{v.name} = stream.async.alloca : {self.t(v)}")
            self.count("alloca")
            self.push(pool, v)
        elif kind == "constant":
            self.push(pool, self.emit_constant(lines, ind))
        elif kind == "clone":
            src = self.pick(pool)
            v = _V(self.new_name("clone"), rng.choice(("transient", "transient", "external")), src.size, src.nbytes)
            lines.append(f"{ind}{v.name} = stream.async.clone {src.name} : {self.t(src)} -> {self.t(v)}")
            self.count("clone")
            self.push(pool, v)
        elif kind == "slice":
            src = self.pick(pool)
            off, end, ln, nb = self.subrange(src)
            v = _V(self.new_name("slice"), src.life, ln, nb)
            lines.append(f"{ind}{v.name} = stream.async.slice {src.name}[{off} to {end}] : {self.t(src)} -> {self.t(v)}")
            self.count("slice")
            self.push(pool, v)
        elif kind in ("fill", "barrier"):
            ws = self.writable(pool)
            if not ws:
                self.push(pool, self.emit_splat(lines, ind))
                return 1
            tgt = rng.choice(ws)
            v = _V(self.new_name(kind), tgt.life, tgt.size, tgt.nbytes)
            if kind == "fill":
                off, end, ln, _ = self.subrange(tgt)
                pt = rng.choice(_PATTERN_TYPES)
                pat = self.cint(rng.randint(0, 255), pt)
                lines.append(
                    f"{ind}{v.name} = stream.async.fill {pat}, {tgt.name}[{off} to {end} for {ln}] : {pt} -> {tgt.name} as {self.t(tgt)}"
                )
            else:
                lines.append(f"{ind}{v.name} = stream.async.barrier {tgt.name} : {self.t(tgt)}")
            self.count(kind)
            self.replace(pool, latest, tgt, v)
        elif kind in ("update", "copy", "collective"):
            ws = self.writable(pool)
            if not ws:
                self.push(pool, self.emit_splat(lines, ind))
                return 1
            tgt = rng.choice(ws)
            src = self.pick_source(pool, tgt, exact=(kind == "collective"))
            if src is None:
                self.push(pool, self.emit_splat(lines, ind))
                return 1
            v = _V(self.new_name(kind), tgt.life, tgt.size, tgt.nbytes)
            lines.append(ind + self.tied_pair_text(kind, v, tgt, src))
            self.count(kind)
            self.replace(pool, latest, tgt, v)
        elif kind in ("dispatch", "call"):
            nops = rng.randint(0, min(3, len(pool)))
            ops = rng.sample(pool, nops)
            tie = None
            ws = [o for o in ops if o.life != "constant"]
            if ws and rng.random() < 0.4:
                tie = rng.choice(ws)
            nnew = rng.randint(0 if tie is not None else 1, 2)
            news = []
            for _ in range(nnew):
                sz, nb = self.new_size()
                news.append((rng.choice(("transient", "transient", "transient", "external")), sz, nb))
            outs = self.call_like(kind, lines, ind, ops, tie, news)
            for o in outs:
                if tie is not None and o.root is tie:
                    o.root = None
                    self.replace(pool, latest, tie, o)
                else:
                    self.push(pool, o)
        elif kind == "transfer":
            src = self.pick(pool)
            v = _V(self.new_name("xfer"), rng.choice(("transient", "external")), src.size, src.nbytes)
            lines.append(ind + self.transfer_text(v, src))
            self.count("transfer")
            self.push(pool, v)
        else:  # pragma: no cover - kinds validated in GenConfig
            raise AssertionError(kind)
        return 1

    def pick_source(self, pool: list[_V], tgt: _V, exact: bool) -> _V | None:
        """A value other than ``tgt`` that fits into ``tgt`` (same size if exact)."""
        cands = []
        for v in pool:
            if v is tgt or (v.root is not None and v.root is tgt.root):
                continue
            if tgt.nbytes is None or v.nbytes is None:
                if v.size == tgt.size:
                    cands.append(v)
            elif (v.nbytes == tgt.nbytes) if exact else (v.nbytes <= tgt.nbytes):
                cands.append(v)
        return self.rng.choice(cands) if cands else None

    def emit_constant(self, lines: list[str], ind: str) -> _V:
        rng = self.rng
        elems = rng.choice((1, 4, 16, 64, 256))
        life = "constant" if rng.random() < 0.8 else "variable"
        v = _V(self.new_name("cst"), life, self.cidx(4 * elems), 4 * elems)
        if rng.random() < 0.8 or elems > 8:
            dense = f"dense<{rng.randint(0, 9)}>"
        else:
            dense = "dense<[" + ", ".join(str(rng.randint(0, 99)) for _ in range(elems)) + "]>"
        lines.append(f"{ind}{v.name} = stream.async.constant : {self.t(v)} = {dense} : tensor<{elems}xi32>")
        self.count("constant")
        return v

    def tied_pair_text(self, kind: str, v: _V, tgt: _V, src: _V) -> str:
        """update/copy/collective text: ``v`` is ``tgt`` written from ``src``."""
        if kind == "update":
            if tgt.nbytes is None:
                off, end = self.cidx(0), tgt.size
            else:
                assert src.nbytes is not None
                off_b = self.rng.choice((0, tgt.nbytes - src.nbytes))
                off, end = self.cidx(off_b), self.cidx(off_b + src.nbytes)
            return f"{v.name} = stream.async.update {src.name}, {tgt.name}[{off} to {end}] : {self.t(src)} -> {tgt.name} as {self.t(tgt)}"
        if kind == "copy":
            if tgt.nbytes is None or src.nbytes is None:
                ln = src.size
                so, se, to, te = self.cidx(0), ln, self.cidx(0), ln
            else:
                lb = src.nbytes
                sb = 0
                if self.rng.random() < 0.5 and lb % 2 == 0:
                    lb //= 2
                    sb = self.rng.choice((0, lb))
                tb = self.rng.choice((0, tgt.nbytes - lb))
                ln = self.cidx(lb)
                so, se, to, te = self.cidx(sb), self.cidx(sb + lb), self.cidx(tb), self.cidx(tb + lb)
            return (
                f"{v.name} = stream.async.copy {src.name}[{so} to {se}], {tgt.name}[{to} to {te}], {ln} "
                f": {self.t(src)} -> {tgt.name} as {self.t(tgt)}"
            )
        op = self.rng.choice(_COLLECTIVES)
        count = self.cidx(max(1, tgt.nbytes // 4)) if tgt.nbytes is not None else tgt.size
        assert self.channel is not None
        text = (
            f"{v.name} = stream.async.collective<{op}>[{count}] channel({self.channel}) "
            f"{self.full(src)}, {self.full(tgt)} : {self.t(src)} -> {tgt.name} as {self.t(tgt)}"
        )
        if self.lit:
            text = text.replace(f" {self.full(src)}, ", f"\n{' ' * 8}{self.full(src)},\n{' ' * 8}", 1)
        return text

    def transfer_text(self, v: _V, src: _V) -> str:
        rng = self.rng
        frm = to = ""
        if self.cfg.affinities and rng.random() < 0.7:
            # Other device, other queues of one device, or the same affinity.
            a, b = rng.sample(_AFFINITIES, 2)
            if rng.random() < 0.25:
                b = a
            frm = f" from({self.mod.aff(a)})"
            to = f" to({self.mod.aff(b)})"
        return f"{v.name} = stream.async.transfer {src.name} : {self.t(src)}{frm} ->{to} {self.t(v)}"

    def call_like(
        self,
        kind: str,
        lines: list[str],
        ind: str,
        ops: list[_V],
        tie: _V | None,
        news: list[tuple[str, str, int | None]],
    ) -> list[_V]:
        """dispatch/call reading ``ops``, maybe writing ``tie``, making ``news``.

        Returns the results; the tied one has ``root`` set to ``tie`` (the
        caller rewires it).
        """
        rng = self.rng
        lit = self.lit
        nprim = rng.randint(0, 2)
        prims = []
        for _ in range(nprim):
            if rng.random() < 0.6:
                prims.append((self.cidx(rng.choice((1, 4, 16, 64))), "index"))
            else:
                prims.append((self.cint(rng.randint(0, 99), "i32"), "i32"))
        operands: list[tuple[str, str]] = [(self.full(o), self.t(o)) for o in ops]
        # Primitives go anywhere in the list (the ODS group mixes them).
        for p in prims:
            operands.insert(rng.randint(0, len(operands)), p)
        name = self.new_name("disp" if kind == "dispatch" else "call")
        nres = len(news) + (1 if tie is not None else 0)
        tie_pos = rng.randint(0, len(news)) if tie is not None else -1
        res_texts = []
        outs: list[_V] = []
        j = 0
        for i in range(nres):
            rn = name if nres == 1 else f"{name}#{i}"
            if i == tie_pos:
                assert tie is not None
                res_texts.append(f"{tie.name}{{{tie.size}}}")
                o = _V(rn, tie.life, tie.size, tie.nbytes)
                o.root = tie
            else:
                life, sz, nb = news[j]
                j += 1
                o = _V(rn, life, sz, nb)
                res_texts.append(self.t(o))
            outs.append(o)
        lhs = name if nres == 1 else f"{name}:{nres}"
        optext = ", ".join(t for t, _ in operands)
        typetext = ", ".join(t for _, t in operands)
        restext = res_texts[0] if nres == 1 and not (lit and rng.random() < 0.5) else f"({', '.join(res_texts)})"
        if kind == "dispatch":
            self.count("dispatch")
            nbind = len(ops) + len(news)
            if rng.random() < self.cfg.declared_executables:
                ptypes = tuple(t for _, t in operands if not t.startswith("!"))
                target = self.mod.executable_for(nbind, ptypes)
            else:
                target = f"@undeclared_ex{rng.randint(0, 3)}::@entry{rng.randint(0, 3)}"
            wl = rng.choice(("", f"[{self.cidx(1)}]", f"[{self.cidx(4)}, {self.cidx(1)}]"))
            head = f"{lhs} = stream.async.dispatch {target}{wl}({optext})"
        else:
            self.count("call")
            sig_args = tuple("r" if t.startswith("!") else t for _, t in operands)
            # Tied result of a call names the callee's argument position.
            pos_of = {o.name: i for i, (t, _) in enumerate(operands) for o in ops if t.startswith(o.name + "[")}
            sig_res = []
            for i in range(nres):
                sig_res.append(pos_of[tie.name] if i == tie_pos and tie is not None else -1)
            callee = self.mod.async_func_for(sig_args, tuple(sig_res))
            head = f"{lhs} = stream.async.call {callee}({optext})"
        if lit:
            lines.append(f"{ind}{head}")
            lines.append(f"{ind}    : ({typetext})")
            lines.append(f"{ind}    -> {restext}")
        else:
            lines.append(f"{ind}{head} : ({typetext}) -> {restext}")
        return outs

    # -- concurrent waves --------------------------------------------------
    def concurrent(
        self, pool: list[_V], latest: dict[int, _V], lines: list[str], ind: str, depth: int, budget: int
    ) -> int:
        """A ``stream.async.concurrent`` over values of ``pool``; returns ops used."""
        rng = self.rng
        k = rng.randint(0, min(4, len(pool)))
        caps = rng.sample(pool, k)
        outer_vals, used = self.concurrent_body(caps, lines, ind, depth, budget)
        for cap, res in outer_vals:
            if cap is None:
                self.push(pool, res)
            else:
                self.replace(pool, latest, cap, res)
        return used

    def concurrent_body(
        self, caps: list[_V], lines: list[str], ind: str, depth: int, budget: int
    ) -> tuple[list[tuple[_V | None, _V]], int]:
        """Emit a concurrent capturing ``caps``.

        Returns ``(capture or None, result value)`` per result: tied results
        name their capture, untied ones None; and the ops used.  Inside, ops
        only read or write the captured arguments (see the module docstring).
        """
        rng = self.rng
        cfg = self.cfg
        lit = self.lit
        self.count("concurrent")
        used = 1
        args = []
        cap_text = []
        for c in caps:
            a = self.new_block_arg()
            args.append(_V(a, c.life, c.size, c.nbytes))
            cap_text.append(f"{c.name} as {a}: {self.t(c)}")
        untouched = list(args)
        readable: list[_V] = []
        written: dict[int, _V] = {}  # arg index -> tied value to yield
        untied: list[_V] = []
        body: list[str] = []
        inner = ind + "  "
        if lit and rng.random() < 0.3:
            body.append(f"{inner}// wave at depth {depth}")
        n_inner = rng.randint(1, max(1, budget - 1))
        if cfg.constant_in_concurrent and "constant" in self.kinds and rng.random() < 0.5:
            untied.append(self.emit_constant(body, inner))
            used += 1
        tries = 0
        while used < budget and tries < n_inner + 4:
            tries += 1
            kind = self.pick_kind(self.conc_cum, self.conc_kinds)

            def take_read() -> _V | None:
                if readable and (not untouched or rng.random() < 0.5):
                    return rng.choice(readable)
                if untouched:
                    v = untouched.pop(rng.randrange(len(untouched)))
                    readable.append(v)
                    return v
                return None

            def take_write(size_of: _V | None = None) -> _V | None:
                ws = [v for v in untouched if v.life != "constant"]
                if size_of is not None:
                    ws = [v for v in ws if _size_key(v) == _size_key(size_of)]
                if not ws:
                    return None
                v = rng.choice(ws)
                untouched.remove(v)
                return v

            if kind == "concurrent":
                if depth >= cfg.max_concurrent_depth or budget - used < 2:
                    kind = "splat"
                else:
                    sub = [v for v in untouched if rng.random() < 0.6]
                    for v in sub:
                        untouched.remove(v)
                    res, u = self.concurrent_body(sub, body, inner, depth + 1, min(budget - used, rng.randint(2, 8)))
                    used += u
                    wrote = set()
                    for cap, r in res:
                        if cap is None:
                            untied.append(r)
                        else:
                            written[args.index(cap)] = r
                            wrote.add(id(cap))
                    readable.extend(v for v in sub if id(v) not in wrote)
                    continue
            if kind in ("splat", "alloca", "constant"):
                if kind == "splat":
                    untied.append(self.emit_splat(body, inner))
                elif kind == "alloca":
                    sz, nb = self.new_size()
                    v = _V(self.new_name("alloca"), "transient", sz, nb)
                    body.append(f"{inner}{v.name} = stream.async.alloca : {self.t(v)}")
                    self.count("alloca")
                    untied.append(v)
                else:
                    untied.append(self.emit_constant(body, inner))
                used += 1
                continue
            if kind in ("clone", "slice", "transfer"):
                src = take_read()
                if src is None:
                    continue
                if kind == "clone":
                    v = _V(self.new_name("clone"), rng.choice(("transient", "external")), src.size, src.nbytes)
                    body.append(f"{inner}{v.name} = stream.async.clone {src.name} : {self.t(src)} -> {self.t(v)}")
                elif kind == "slice":
                    off, end, ln, nb = self.subrange(src)
                    v = _V(self.new_name("slice"), src.life, ln, nb)
                    body.append(
                        f"{inner}{v.name} = stream.async.slice {src.name}[{off} to {end}] : {self.t(src)} -> {self.t(v)}"
                    )
                else:
                    v = _V(self.new_name("xfer"), rng.choice(("transient", "external")), src.size, src.nbytes)
                    body.append(inner + self.transfer_text(v, src))
                self.count(kind)
                untied.append(v)
                used += 1
                continue
            if kind in ("fill", "barrier"):
                tgt = take_write()
                if tgt is None:
                    continue
                v = _V(self.new_name(kind), tgt.life, tgt.size, tgt.nbytes)
                if kind == "fill":
                    off, end, ln, _ = self.subrange(tgt)
                    pt = rng.choice(_PATTERN_TYPES)
                    body.append(
                        f"{inner}{v.name} = stream.async.fill {self.cint(rng.randint(0, 255), pt)}, "
                        f"{tgt.name}[{off} to {end} for {ln}] : {pt} -> {tgt.name} as {self.t(tgt)}"
                    )
                else:
                    body.append(f"{inner}{v.name} = stream.async.barrier {tgt.name} : {self.t(tgt)}")
                self.count(kind)
                written[args.index(tgt)] = v
                used += 1
                continue
            if kind in ("update", "copy", "collective"):
                cands = [v for v in readable + untouched]
                if len(cands) < 2:
                    continue
                tgt = take_write()
                if tgt is None:
                    continue
                srcs = [
                    v
                    for v in readable + untouched
                    if (
                        v.size == tgt.size
                        if (v.nbytes is None or tgt.nbytes is None)
                        else ((v.nbytes == tgt.nbytes) if kind == "collective" else v.nbytes <= tgt.nbytes)
                    )
                ]
                if not srcs:
                    untouched.append(tgt)
                    continue
                src = rng.choice(srcs)
                if src in untouched:
                    untouched.remove(src)
                    readable.append(src)
                v = _V(self.new_name(kind), tgt.life, tgt.size, tgt.nbytes)
                body.append(inner + self.tied_pair_text(kind, v, tgt, src))
                self.count(kind)
                written[args.index(tgt)] = v
                used += 1
                continue
            if kind in ("dispatch", "call"):
                reads = []
                for _ in range(rng.randint(0, 2)):
                    r = take_read()
                    if r is not None and r not in reads:
                        reads.append(r)
                tie = take_write() if rng.random() < 0.4 else None
                ops = list(reads) + ([tie] if tie is not None else [])
                rng.shuffle(ops)
                nnew = rng.randint(0 if tie is not None else 1, 2)
                news = []
                for _ in range(nnew):
                    sz, nb = self.new_size()
                    news.append((rng.choice(("transient", "external")), sz, nb))
                outs = self.call_like(kind, body, inner, ops, tie, news)
                for o in outs:
                    if tie is not None and o.root is tie:
                        o.root = None
                        written[args.index(tie)] = o
                    else:
                        untied.append(o)
                used += 1
                continue
        if not untied and not written:
            untied.append(self.emit_splat(body, inner))
            used += 1
        # Results: writes as tied results (in capture order), then untied ones.
        results: list[tuple[_V | None, _V]] = []
        res_texts = []
        yields = []
        for i in sorted(written):
            results.append((caps[i], written[i]))
            if lit and rng.random() < 0.5:
                res_texts.append(f"{caps[i].name} as {self.t(written[i])}")
            else:
                res_texts.append(f"{caps[i].name}{{{caps[i].size}}}")
            yields.append(written[i])
        dropped = 0
        for v in untied:
            if cfg.unused_concurrent_results and rng.random() < 0.4 and len(untied) - dropped > 1:
                dropped += 1
                continue
            results.append((None, v))
            res_texts.append(self.t(v))
            yields.append(v)
        if cfg.unused_concurrent_results and dropped == 0:
            # Make the defect certain when asked for: one unused untied result.
            self.emit_splat(body, inner)
            used += 1
        name = self.new_name("wave")
        nres = len(results)
        lhs = f"{name} = " if nres == 1 else f"{name}:{nres} = "
        outer_vals: list[tuple[_V | None, _V]] = []
        for i, (cap, v) in enumerate(results):
            nm = name if nres == 1 else f"{name}#{i}"
            outer_vals.append((cap, _V(nm, v.life, v.size, v.nbytes)))
        rt = res_texts[0] if nres == 1 and not (lit and rng.random() < 0.5) else f"({', '.join(res_texts)})"
        if lit and cap_text:
            lines.append(f"{ind}{lhs}stream.async.concurrent with(")
            lines.append(",\n".join(f"{ind}      {c}" for c in cap_text) + f") -> {rt} {{")
        else:
            lines.append(f"{ind}{lhs}stream.async.concurrent with({', '.join(cap_text)}) -> {rt} {{")
        lines.extend(body)
        lines.append(f"{inner}stream.yield {', '.join(v.name for v in yields)} : {', '.join(self.t(v) for v in yields)}")
        lines.append(f"{ind}}}")
        return outer_vals, used


def _resource_config(rng: random.Random) -> str:
    off = 1 << rng.randint(0, 8)
    rng_al = 1 << rng.randint(0, 8)
    return (
        "#stream.resource_config<{max_allocation_size = 1073741824, "
        f"min_buffer_offset_alignment = {off}, max_buffer_range = 1073741824, "
        f"min_buffer_range_alignment = {rng_al}, index_bits = 32}}>"
    )


def _plan(n_ops: int, cfg: GenConfig, rng: random.Random) -> list[tuple[str, int, int]]:
    """(kind, regions, op budget) per function."""
    shape = cfg.shape
    if shape == "auto":
        shape = "single" if n_ops >= SINGLE_REGION_THRESHOLD else "spread"
    if shape == "single":
        return [("util", 1, max(1, n_ops))]
    rpf = cfg.regions_per_function
    # Small modules still get several functions (one per ~30 ops, up to 3).
    nf = cfg.functions or max(1, round(n_ops / (rpf * cfg.region_ops)), min(3, n_ops // 30))
    plan = []
    init_budget = 0
    if cfg.initializer and n_ops >= 8:
        init_budget = max(2, min(20, n_ops // 20))
        plan.append(("init", 1, init_budget))
    rest = max(1, n_ops - init_budget)
    for i in range(nf):
        share = rest // nf + (1 if i < rest % nf else 0)
        if share < 1:
            continue
        kind = "func" if cfg.func_func and rng.random() < 0.3 else "util"
        plan.append((kind, max(1, min(rpf, share)), share))
    return plan


def generate_module(seed: int, *, n_ops: int = 50, config: GenConfig | None = None) -> str:
    """Text of a valid stream module with about ``n_ops`` ``stream.async.*`` ops.

    ``n_ops`` counts execute and concurrent ops as well as the data ops inside
    them (and the loads/stores outside); the module holds at least a few.
    Deterministic in ``(seed, n_ops, config)``.
    """
    if n_ops < 1:
        raise ValueError(f"generate_module: n_ops must be >= 1, got {n_ops}")
    cfg = config if config is not None else GenConfig()
    rng = random.Random(seed)
    mod = _Module(rng, cfg)
    funcs: list[list[str]] = []
    globals_: list[str] = []
    configs: list[str] = []
    for i, (kind, regions, budget) in enumerate(_plan(n_ops, cfg, rng)):
        fname = "init" if kind == "init" else f"fn{i}"
        if kind == "init":
            fname = f"init{i}"
            globals_.append(f"util.global private mutable @{fname}_var : {mod.rtype('variable')}")
            if cfg.cross_function:
                mod.loadable.append(f"{fname}_var")
        attrs = ""
        if cfg.resource_configs and rng.random() < 0.5:
            rc = _resource_config(rng)
            if mod.lit:
                configs.append(f"#cfg{len(configs)} = {rc}")
                rc = f"#cfg{len(configs) - 1}"
            attrs = f" attributes {{stream.resources = {rc}}}"
        f = _Func(mod, fname, kind, regions, budget)
        funcs.append(f.generate(attrs))
    out: list[str] = []
    if mod.lit:
        out.append(f"// Generated by fastalloc.testing.generator (seed {seed}, {n_ops} ops, lit style).")
        for life in ("transient", "external", "constant", "variable", "staging"):
            out.append(f"!{life} = !stream.resource<{life}>")
        for a in _AFFINITIES:
            out.append(f"#{_aff_alias(a)} = {a}")
        out.extend(configs)
        out.append("")
    for d in _DEVICES:
        out.append(f"util.global private {d} : !hal.device")
    out.extend(globals_)
    for (nb, ptypes), name in mod.executables.items():
        args = [f"%b{i}: !stream.binding" for i in range(nb)]
        args += [f"%p{i}: {t}" for i, t in enumerate(ptypes)]
        out.append(f"stream.executable private {name} {{")
        out.append("  stream.executable.export public @entry")
        out.append("  builtin.module {")
        out.append(f"    func.func @entry({', '.join(args)}) {{")
        out.append("      return")
        out.append("    }")
        out.append("  }")
        out.append("}")
    for (sig_args, sig_res), name in mod.async_funcs.items():
        params = [f"%arg{i}: {'!stream.resource<*>' if a == 'r' else a}" for i, a in enumerate(sig_args)]
        res = [f"%arg{r}" if r >= 0 else "!stream.resource<*>" for r in sig_res]
        rtext = f" -> ({', '.join(res)})" if res else ""
        out.append(f"stream.async.func private {name}({', '.join(params)}){rtext}")
    for f in funcs:
        if mod.lit:
            out.append("")
        out.extend(f)
    out.extend(mod.relay_lines())
    out.append("")
    return "\n".join(out)


def generate_corpus(
    seed: int,
    count: int,
    *,
    n_ops: int | tuple[int, int] = (3, 200),
    config: GenConfig | None = None,
) -> list[str]:
    """``count`` modules; module ``i`` uses a seed drawn from ``Random(seed)``.

    ``n_ops`` is a fixed size or an inclusive ``(low, high)`` range sampled
    log-uniformly per module.
    """
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        s = rng.randrange(1 << 62)
        if isinstance(n_ops, tuple):
            lo, hi = n_ops
            n = int(round(lo * (hi / lo) ** rng.random()))
            n = min(hi, max(lo, n))
        else:
            n = n_ops
        out.append(generate_module(s, n_ops=n, config=config))
    return out
