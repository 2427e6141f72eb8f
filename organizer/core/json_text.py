"""JSON text for people and for diffs, at the speed of the C encoder.

`json.dumps(..., indent=2)` falls back to the pure-Python encoder, which takes
a tenth of a second or more for a 4,000-player event. `pretty` indents only the
containers that hold containers; every leaf (a player, a match, a standings
row: a mapping of plain values, or a list of plain values) is encoded on one
line by the C encoder. The text stays readable, diffs a player or a match per
line, and reads back as the same document.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

_encode = json.JSONEncoder(ensure_ascii=False).encode


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""The exact types that are never containers, looked up before asking `isinstance`."""


def _plain(value: Any) -> bool:
    return type(value) in _SCALARS or not isinstance(value, dict | list)


def _leaf(value: Any) -> bool:
    """Whether `value` goes on one line: plain values, or one level of them."""
    values: Iterable[Any]
    if isinstance(value, dict):
        values = value.values()
    elif isinstance(value, list):
        values = value
    else:
        return True
    for v in values:
        if type(v) in _SCALARS:
            continue
        if isinstance(v, dict) or (isinstance(v, list) and not all(map(_plain, v))):
            return False
    return True


def pretty(value: Any, depth: int = 0) -> str:
    """`value` as JSON: containers of containers indented by two spaces, leaves on one line."""
    if _leaf(value):
        return _encode(value)
    pad, end = "  " * (depth + 1), "  " * depth
    if isinstance(value, dict):
        items = [f"{pad}{_encode(k)}: {pretty(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    return "[\n" + ",\n".join(pad + pretty(v, depth + 1) for v in value) + "\n" + end + "]"
