"""Finding a player by a few letters of the name: case, accents and script do not matter.

"ivan", "IVAN" and "Iván" all find "Ivan Jovanović"; "lukasz" finds "Łukasz"
(`core.names.fold`, the app's and the printouts' fold too). The search as you type
asks the server (`/api/find.json`), so this is the one fold: with and without
JavaScript the same players are found.
"""

from __future__ import annotations

from organizer.core import names

MAX_QUERY = 60


def fold(name: str) -> str:
    """A row's search key (`core.names.search_key`), made once per snapshot."""
    return names.search_key(name)


def clean_query(text: str) -> str:
    """The query as searched: spaces collapsed, at most `MAX_QUERY` characters."""
    return " ".join(text.split())[:MAX_QUERY]


def needle(query: str) -> str:
    """What the folded keys are searched for: the cleaned query, folded (`core.names.needle`)."""
    return names.needle(clean_query(query))


def matches(query: str, name: str) -> bool:
    """Whether a search for `query` finds `name`, as the pages' lists search their keys."""
    q = needle(query)
    return bool(q) and q in fold(name)
