"""JSON decoding that remembers on which line each object started.

The standard decoder forgets positions, so an error in the *meaning* of a
document ("table 3 names player p99, who is not registered") could only point
to a path. Decoding with the pure-Python scanner lets every object carry its
line, and the interchange reader can name the line a TO has to fix.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
from collections.abc import Callable
from typing import Any


class LineDict(dict[str, Any]):
    """A JSON object that knows the line its opening brace stood on."""

    line: int = 0


class JsonSyntaxError(ValueError):
    def __init__(self, line: int, column: int, problem: str) -> None:
        super().__init__(f"line {line}, column {column}: {problem}")
        self.line = line
        self.column = column
        self.problem = problem


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def loads_with_lines(text: str) -> Any:
    """Decode `text`; every object in the result is a `LineDict`."""
    decoder = json.JSONDecoder()
    base_parse: Callable[..., tuple[dict[str, Any], int]] = json.decoder.JSONObject  # type: ignore[attr-defined]

    def parse_object(s_and_end: tuple[str, int], *args: Any) -> tuple[LineDict, int]:
        s, end = s_and_end
        obj, new_end = base_parse(s_and_end, *args)
        result = LineDict(obj)
        result.line = _line_of(s, end - 1)
        return result, new_end

    decoder.parse_object = parse_object  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    try:
        return decoder.decode(text)
    except json.JSONDecodeError as exc:
        raise JsonSyntaxError(exc.lineno, exc.colno, exc.msg) from None
