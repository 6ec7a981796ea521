"""fastalloc's passes over the module model, the pass protocol and registry,
and ``run_passes`` to chain them.

A pass is an object with a ``name`` (IREE's, without the ``iree-stream-``
prefix), a one-line ``summary`` and ``run(module, options, context)``, which
rewrites the :class:`~fastalloc.ir.model.Module` in place (an *analysis*
pass, ``analysis = True``, leaves it alone and stores its result in
``context.results[name]``) and raises :class:`~fastalloc.errors.FastallocError`
on bad input.  ``options`` is a :class:`PassOptions` (every option explicit:
an unknown one is an error); ``context`` a :class:`PassContext`: what one run
knows (the progress callback, the module's attribute table, results).  A
pass keeps no state in its module or class between runs.

The registry maps names to pass objects: :func:`register` adds one,
:func:`get_pass` finds one (the built-in passes are imported on first use),
:func:`pass_names` lists them.
"""

from __future__ import annotations

import time

from fastalloc._gc import gc_paused
from fastalloc._log import logger
from fastalloc._record import Frozen, Record
from fastalloc.errors import FastallocError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Any, ClassVar, Literal, Protocol, overload

# The pass functions themselves live in their submodules (``fastalloc.passes.
# schedule_allocation.schedule_allocation``, ``fastalloc.passes.layout_slices.
# layout_slices``); a same-named function here would be shadowed by the
# submodule as soon as it is imported.
__all__ = [
    "PASSES",
    "Pass",
    "PassContext",
    "PassOptions",
    "PackStrategy",
    "get_pass",
    "pass_names",
    "register",
    "run_pass",
    "run_passes",
]

if TYPE_CHECKING:
    #: ``pack_strategy`` of the passes: a packing strategy, or ``"smallest"`` (each, keep the smaller slab)
    PackStrategy = Literal["iree", "best-fit", "search", "smallest"]
else:
    def __getattr__(name: str) -> Any:
        # PackStrategy and Pass are typing constructs: made when first asked
        # for, so that running the passes does not import typing
        if name not in ("PackStrategy", "Pass"):
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from typing import ClassVar, Literal, Protocol

        global PackStrategy, Pass

        PackStrategy = Literal["iree", "best-fit", "search", "smallest"]

        class Pass(Protocol):
            __doc__ = _PASS_DOC

            name: ClassVar[str]
            summary: ClassVar[str]
            analysis: ClassVar[bool]

            def run(self, module: Any, options: PassOptions, context: PassContext) -> None: ...

        Pass.__module__ = __name__
        return globals()[name]


class PassOptions(Frozen):
    """The options of a pipeline run; each pass reads the ones it uses.

    ``pack_strategy``: packer of the static slices in layout-slices (``"iree"``:
    iree-opt's output; ``"best-fit"``, ``"search"``, ``"smallest"``);
    ``pack_time_limit``: seconds per pack for ``"search"`` (None: its work
    budget); ``effort``: the packers' effort (None: their default);
    ``default_alignment``: offset and range alignment where no
    ``stream.resources`` config applies (None: 64);
    ``anchors``: the callable ops layout-slices rewrites (None: IREE's).
    """

    __slots__ = _fields = ("pack_strategy", "pack_time_limit", "effort", "default_alignment", "anchors")
    pack_strategy: str
    pack_time_limit: float | None
    effort: int | None
    default_alignment: int | None
    anchors: tuple[str, ...] | None

    def __init__(self, pack_strategy: str = "iree", pack_time_limit: float | None = None,
                 effort: int | None = None, default_alignment: int | None = None,
                 anchors: tuple[str, ...] | None = None) -> None:
        object.__setattr__(self, "pack_strategy", pack_strategy)
        object.__setattr__(self, "pack_time_limit", pack_time_limit)
        object.__setattr__(self, "effort", effort)
        object.__setattr__(self, "default_alignment", default_alignment)
        object.__setattr__(self, "anchors", anchors)

    @classmethod
    def from_kwargs(cls, options: Mapping[str, object]) -> PassOptions:
        """Options given as keywords (``run_passes(..., **options)``).

        Also accepted: ``resource_min_offset_alignment`` (iree-opt's name of
        ``default_alignment``); ``pack_strategy="search:S"`` is a time limit
        of S seconds (checked by the pass).  An unknown name is a
        FastallocError."""
        known = set(cls._fields)
        kw: dict[str, Any] = {}
        for key, value in options.items():
            if key == "resource_min_offset_alignment":
                if value is None:
                    continue
                other = options.get("default_alignment")
                if other is not None and int(other) != int(value):  # type: ignore[call-overload]
                    raise FastallocError(
                        f"default_alignment = {other} and resource_min_offset_alignment = {value} disagree; give one"
                    )
                kw["default_alignment"] = value
            elif key in known:
                if value is not None or key not in kw:
                    kw[key] = value
            else:
                raise FastallocError(
                    f"unknown pass option {key!r}; known: {', '.join(sorted(known | {'resource_min_offset_alignment'}))}"
                )
        if isinstance(kw.get("anchors"), (list, tuple)):
            kw["anchors"] = tuple(kw["anchors"])  # type: ignore[arg-type]
        return cls(**kw)

    def check(self) -> PassOptions:
        """FastallocError for an unknown pack strategy, a bad time limit or a
        default alignment that is not a power of two; returns ``self``."""
        from fastalloc.passes.layout_slices import _check_alignment, _check_strategy

        _check_strategy(self.strategy_spec)
        if self.default_alignment is not None:
            _check_alignment(self.default_alignment, "default_alignment")
        return self

    @property
    def strategy_spec(self) -> str:
        """``pack_strategy`` with the time limit folded in (``"search:S"``)."""
        if self.pack_time_limit is None:
            return self.pack_strategy
        if self.pack_strategy != "search":
            raise FastallocError("pack_time_limit applies to pack_strategy 'search'")
        return f"search:{self.pack_time_limit!r}"


class PassContext(Record):
    """What one pipeline run knows; passed to every pass of the run.

    ``progress(done, total)``: where a pass reports its progress (None: no
    report); ``results``: what analysis passes computed, by pass name;
    :meth:`attributes`: the attribute table of a module (one per module per
    run, built on first use)."""

    __slots__ = _fields = ("progress", "results", "_tables")
    progress: Callable[[int, int], None] | None
    results: dict[str, Any]
    _tables: dict[int, tuple[Any, Any]]

    def __init__(self, progress: Callable[[int, int], None] | None = None, results: dict[str, Any] | None = None,
                 _tables: dict[int, tuple[Any, Any]] | None = None) -> None:
        self.progress = progress
        self.results = {} if results is None else results
        self._tables = {} if _tables is None else _tables

    def __repr__(self) -> str:
        return f"PassContext(progress={self.progress!r}, results={self.results!r})"

    def attributes(self, module: Any) -> Any:
        """The :class:`~fastalloc.ir.attributes.AttrTable` of ``module``."""
        from fastalloc.ir.attributes import AttrTable

        entry = self._tables.get(id(module))
        if entry is None or entry[0] is not module:
            entry = self._tables[id(module)] = (module, AttrTable.of_module(module))
        return entry[1]


_PASS_DOC = """A pass: see the module docstring."""

if TYPE_CHECKING:
    class Pass(Protocol):
        """A pass: see the module docstring."""

        name: ClassVar[str]
        summary: ClassVar[str]
        analysis: ClassVar[bool]

        def run(self, module: Any, options: PassOptions, context: PassContext) -> None: ...


PASSES: dict[str, Pass] = {}

# name -> module that registers it when imported.
_BUILTIN = {
    "schedule-allocation": "fastalloc.passes.schedule_allocation",
    "layout-slices": "fastalloc.passes.layout_slices",
    "stats": "fastalloc.passes.stats",
}


def register(p: Pass) -> Pass:
    """Add (or replace) pass ``p`` under ``p.name``; returns it (so a class
    body can be registered as ``register(MyPass())``)."""
    for attr in ("name", "summary", "run"):
        if not hasattr(p, attr):
            raise TypeError(f"register: {p!r} has no '{attr}'")
    PASSES[p.name] = p
    return p


def get_pass(name: str) -> Pass:
    """The pass called ``name``; FastallocError naming the known ones if none."""
    p = PASSES.get(name)
    if p is None and name in _BUILTIN:
        __import__(_BUILTIN[name])  # importlib.import_module, without importing importlib
        p = PASSES.get(name)
    if p is None:
        raise FastallocError(f"unknown pass '{name}'; known passes: {', '.join(pass_names(analyses=True))}")
    return p


def pass_names(*, analyses: bool = False) -> list[str]:
    """Names of the registered passes (the built-in ones included), sorted;
    analysis passes only with ``analyses=True``."""
    for name in _BUILTIN:
        if name not in PASSES:
            get_pass(name)
    return sorted(n for n, p in PASSES.items() if analyses or not getattr(p, "analysis", False))


def run_pass(name: str, module: Any, context: PassContext | None = None, **options: object) -> Any:
    """Run pass ``name`` on ``module`` in place; returns what it stored in
    ``context.results`` (analysis passes), else None."""
    p = get_pass(name)
    ctx = context if context is not None else PassContext()
    p.run(module, PassOptions.from_kwargs(options), ctx)
    return ctx.results.get(name)


if TYPE_CHECKING:
    @overload
    def run_passes(
        text: str | bytes,
        passes: Iterable[str],
        *,
        filename: str = "<stdin>",
        pack_strategy: PackStrategy = "iree",
        **options: object,
    ) -> str: ...
    @overload
    def run_passes(
        text: Any,
        passes: Iterable[str],
        *,
        filename: str = "<stdin>",
        pack_strategy: PackStrategy = "iree",
        **options: object,
    ) -> Any: ...
def run_passes(
    text: Any,
    passes: Iterable[str],
    *,
    filename: str = "<stdin>",
    pack_strategy: PackStrategy = "iree",
    **options: object,
) -> Any:
    """Parse ``text``, run ``passes`` in order, return the printed module.

    ``text`` may also be an IREE ``iree.compiler.ir.Module`` (or its
    operation): then a new ``ir.Module`` in the same context comes back, the
    input left unchanged (converted through text, which measured fastest:
    see fastalloc.integrations.iree_pm).  All pass names are checked before
    anything runs; a FastallocError from any stage propagates and no partial
    output is produced.
    """
    from fastalloc.ir import parse

    if not isinstance(text, (str, bytes)) and (hasattr(text, "operation") or type(text).__name__ == "Operation"):
        from fastalloc.integrations.iree_pm import run_passes as _run_on_iree_module

        return _run_on_iree_module(text, list(passes), filename=filename, pack_strategy=pack_strategy, **options)
    names = list(passes)
    fns = [get_pass(name) for name in names]
    opts = PassOptions.from_kwargs({"pack_strategy": pack_strategy, **options})
    from fastalloc._guard import run_deep

    return run_deep(_run_passes, text, names, fns, filename, opts)


def _run_passes(text: Any, names: list[str], fns: list[Pass], filename: str, options: PassOptions) -> str:
    from fastalloc._guard import internal_error
    from fastalloc.ir import parse

    # Parser, passes and printer each pause the cyclic collector, but between
    # them it would run full scans over the objects just made.
    log = logger(__name__)  # None unless someone hears DEBUG (fastalloc._log)
    debug = log is not None
    with gc_paused():
        t0 = time.perf_counter()
        module = parse(text, filename=filename)
        if debug:
            log.debug("%s: parse: %d bytes, %d ops, %.3f s", filename, len(text), _count_ops(module),
                       time.perf_counter() - t0)
        context = PassContext()
        try:
            for name, fn in zip(names, fns):
                t0 = time.perf_counter()
                fn.run(module, options, context)
                if debug:
                    log.debug("%s: %s: %d ops after, %.3f s", filename, name, _count_ops(module),
                               time.perf_counter() - t0)
            t0 = time.perf_counter()
            out = module.print()
            if debug:
                log.debug("%s: print: %d bytes, %.3f s", filename, len(out), time.perf_counter() - t0)
            return out
        except FastallocError:
            raise
        except Exception as e:
            # a bug, not bad input: located at the op being processed
            raise internal_error(e) from e
        finally:
            # Nobody else holds the module: free it now (see Module.dispose),
            # not at some later full collection of the caller's.
            module.dispose()



def _count_ops(module: Any) -> int:
    """Ops in the module (a walk: only called when DEBUG logging is on)."""
    walk = getattr(module, "walk", None)
    return sum(1 for _ in walk()) if walk is not None else -1
