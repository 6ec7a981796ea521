"""Bases for fastalloc's small record classes, without :mod:`dataclasses`.

``@dataclass`` builds each class's methods from generated source at import
time, and importing :mod:`dataclasses` pulls in :mod:`inspect` (with
:mod:`ast`, :mod:`dis`, :mod:`tokenize`...): together most of what a short
``fastalloc opt`` run spends before it reads its input.  A record class here
lists its fields once, ``_fields`` (also its ``__slots__`` when it has
slots), writes its ``__init__`` by hand, and inherits from these bases what
the dataclass gave it: equality by class and field values, a
``Name(field=value, ...)`` repr, and for :class:`Frozen` a hash, no
assignment after ``__init__`` and pickling through the constructor.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Frozen", "Record"]


class Record:
    """A mutable record: ``==`` by field values (same class only), unhashable."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined, no-any-return]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({inner})"


class Frozen(Record):
    """An immutable record: hashable by its field values; fields are set in
    ``__init__`` with ``object.__setattr__`` and never after."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]  # (Record's is None)
        return hash(self._values())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._values())
