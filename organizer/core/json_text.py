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


def _plain(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _leaf(value: Any) -> bool:
    values: Iterable[Any]
    if isinstance(value, dict):
        values = value.values()
    elif isinstance(value, list):
        values = value
    else:
        return True
    return all(_plain(v) or (isinstance(v, list) and all(map(_plain, v))) for v in values)


def pretty(value: Any, depth: int = 0) -> str:
    """`value` as JSON: containers of containers indented by two spaces, leaves on one line."""
    if _leaf(value):
        return _encode(value)
    pad, end = "  " * (depth + 1), "  " * depth
    if isinstance(value, dict):
        items = [f"{pad}{_encode(k)}: {pretty(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    return "[\n" + ",\n".join(pad + pretty(v, depth + 1) for v in value) + "\n" + end + "]"
