"""Finding a player by a few letters of the name: case and accents do not matter.

"ivan", "IVAN" and "Iván" all find "Ivan Jovanović". The search as you type
asks the server (`/api/find.json`), so this is the one fold: with and without
JavaScript the same players are found.
"""

from __future__ import annotations

import unicodedata

MAX_QUERY = 60


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def clean_query(text: str) -> str:
    """The query as searched: spaces collapsed, at most `MAX_QUERY` characters."""
    return " ".join(text.split())[:MAX_QUERY]


def matches(query: str, name: str) -> bool:
    q = fold(clean_query(query))
    return bool(q) and q in fold(name)
