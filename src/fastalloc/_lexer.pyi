"""Type stubs for the native tokenizer (fastalloc/_lexer.pyx); use it through fastalloc.ir.lexer."""

import re

import numpy as np
import numpy.typing as npt

def scan(
    text: str, token_re: re.Pattern[str], want_tokens: bool = True, want_starts: bool = False
) -> tuple[list[str] | None, npt.NDArray[np.int64] | None]: ...
