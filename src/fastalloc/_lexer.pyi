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
