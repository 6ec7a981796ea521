"""Type stubs for the native tokenizer (fastalloc/_lexer.pyx); use it through fastalloc.ir.lexer."""

import re

def scan(
    text: str, token_re: re.Pattern[str], want_tokens: bool = True, want_starts: bool = False
) -> tuple[list[str] | None, memoryview | None]: ...
