"""JSON decoding that remembers on which line each object started, within bounds.

The standard decoder forgets positions, so an error in the *meaning* of a
document ("table 3 names player p99, who is not registered") could only point
to a path. Decoding with the pure-Python scanner lets every object carry its
line, and the interchange reader can name the line a TO has to fix.

The pure-Python scanner recurses once per nesting level and turns every number
into an int, so hostile input is bounded here before it is decoded: nesting
deeper than `MAX_JSON_DEPTH` is refused with its line, and a number of more
than `MAX_DIGITS` digits becomes an `OversizeNumber` the reader reports instead
of reaching Python's integer-size limit (organizer/core/input_bounds.py).

The pure-Python scanner is slow (a 4,096-player event, 730 KB, took about half a
second), so a document is first decoded by the C decoder (`loads_quickly`): a
reader that finds nothing wrong never needs a line; one that finds a problem
decodes again with `loads_with_lines` to name it.
"""

from __future__ import annotations

import bisect
import json
import json.decoder
import json.scanner
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from organizer.core.input_bounds import MAX_DIGITS, MAX_JSON_DEPTH, line_at, lone_surrogate


class LineDict(dict[str, Any]):
    """A JSON object that knows the line its opening brace stood on."""

    line: int = 0


@dataclass(frozen=True, slots=True)
class OversizeNumber:
    """A number in the document with more digits than any field allows."""

    digits: int

    def __str__(self) -> str:
        return f"a {self.digits:,}-digit number"


class JsonSyntaxError(ValueError):
    def __init__(self, line: int, column: int, problem: str) -> None:
        super().__init__(f"line {line}, column {column}: {problem}")
        self.line = line
        self.column = column
        self.problem = problem


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[{\]}]', re.DOTALL)


def _too_deep(text: str) -> int | None:
    """The index of the first bracket nested deeper than `MAX_JSON_DEPTH`, if any."""
    depth = 0
    for match in _TOKEN.finditer(text):
        char = text[match.start()]
        if char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return match.start()
        elif char in "]}":
            depth -= 1
    return None


def _parse_int(digits: str) -> int | OversizeNumber:
    size = len(digits.lstrip("-"))
    return OversizeNumber(size) if size > MAX_DIGITS else int(digits)


def _parse_float(text: str) -> float | OversizeNumber:
    if len(text) > 2 * MAX_DIGITS:
        return OversizeNumber(len(text))
    return float(text)


def loads_quickly(text: str) -> Any | None:
    """`text` decoded by the C decoder, every object a `LineDict` that knows no line (0);
    None when it is not valid JSON within bounds (`loads_with_lines` then says where)."""
    if lone_surrogate(text) is not None:
        return None
    try:
        doc = json.loads(text, object_hook=LineDict, parse_int=_parse_int, parse_float=_parse_float)
    except (ValueError, RecursionError):
        return None
    return doc if _within_depth(doc) else None


def _within_depth(doc: Any) -> bool:
    """No list or object in `doc` nested deeper than `MAX_JSON_DEPTH`."""
    level: list[Any] = [doc]
    for _ in range(MAX_JSON_DEPTH):
        level = [
            child
            for value in level
            if isinstance(value, dict | list)
            for child in (value.values() if isinstance(value, dict) else value)
            if isinstance(child, dict | list)
        ]
        if not level:
            return True
    return False


def loads_with_lines(text: str) -> Any:
    """Decode `text`; every object in the result is a `LineDict`."""
    bad = lone_surrogate(text)
    if bad is not None:
        raise JsonSyntaxError(line_at(text, bad), 1, "a lone surrogate, which is not text")
    deep = _too_deep(text)
    if deep is not None:
        line = line_at(text, deep)
        raise JsonSyntaxError(line, 1, f"nested deeper than {MAX_JSON_DEPTH} levels")
    newlines = [m.start() for m in re.finditer("\n", text)]
    decoder = json.JSONDecoder(parse_int=_parse_int, parse_float=_parse_float)
    base_parse: Callable[..., tuple[dict[str, Any], int]] = json.decoder.JSONObject  # type: ignore[attr-defined]

    def parse_object(s_and_end: tuple[str, int], *args: Any) -> tuple[LineDict, int]:
        _, end = s_and_end
        obj, new_end = base_parse(s_and_end, *args)
        result = LineDict(obj)
        result.line = bisect.bisect_left(newlines, end - 1) + 1
        return result, new_end

    decoder.parse_object = parse_object  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    try:
        return decoder.decode(text)
    except json.JSONDecodeError as exc:
        raise JsonSyntaxError(exc.lineno, exc.colno, exc.msg) from None
