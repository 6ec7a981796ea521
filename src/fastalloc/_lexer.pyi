"""Type stubs for the native tokenizer (fastalloc/_lexer.pyx); use it through fastalloc.ir.lexer."""

import re

def scan(
    text: str,
    token_re: re.Pattern[str],
    want_tokens: bool = True,
    want_starts: bool = False,
    start: int = 0,
    end: int = -1,
    canon: dict[str, str] | None = None,
) -> tuple[list[str] | None, memoryview | None]: ...

class Scanner:
    """The tokens of one ASCII text, a range at a time, one ``str`` per distinct token across ranges
    (with ``piece_names``, a ``%name`` token within its range only)."""

    def __init__(
        self,
        text: str,
        token_re: re.Pattern[str],
        canon: dict[str, str] | None = None,
        seed: tuple[str, ...] | None = None,
        piece_names: bool = False,
    ) -> None: ...
    @property
    def size(self) -> int: ...
    def swap(self, text: str) -> None: ...
    def tokens(
        self, start: int = 0, end: int = -1, head: list[str] | None = None, tail: tuple[str, ...] | None = None
    ) -> list[str]: ...

def first_odd_char(text: str, start: int = 0, end: int = -1) -> int: ...
def rfind(text: str, needle: str, start: int = 0) -> int: ...

class Names:
    """Dense integer ids of names (0, 1, 2... in first-asked order; equal names, one id)."""

    def __init__(self) -> None: ...
    def __len__(self) -> int: ...
    def id(self, name: str) -> int: ...
    def sigil_id(self, tok: str) -> int: ...
    def sigil_name(self, tok: str) -> str: ...

def _py_hash(data: bytes, a: int, b: int) -> int: ...
def _py_key(data: bytes, a: int, b: int) -> int: ...
