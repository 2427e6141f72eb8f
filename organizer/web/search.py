"""Finding a player by a few letters of the name: case, accents and script do not matter.

"ivan", "IVAN" and "Iván" all find "Ivan Jovanović"; "lukasz" finds "Łukasz"
(`core.names.fold`, the app's and the printouts' fold too). The page's script
folds the typed text the simpler way a browser can (NFKD, combining marks
dropped, `toLowerCase`), so each row's key (`fold`) carries both the ASCII fold
and that browser fold of its name: typing "lukasz" or "Łukasz" finds the same
players with and without JavaScript.
"""

from __future__ import annotations

import unicodedata

from organizer.core import names

MAX_QUERY = 60


def browser_fold(text: str) -> str:
    """What page.js's `fold` makes of `text`."""
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if not "\u0300" <= c <= "\u036f")
    return " ".join(kept.lower().split())


def fold(name: str) -> str:
    """A row's search key: the ASCII fold, then on a line of its own the browser's if it differs."""
    ascii_fold, in_browser = names.fold(name), browser_fold(name)
    return ascii_fold if in_browser == ascii_fold else f"{ascii_fold}\n{in_browser}"


def clean_query(text: str) -> str:
    """The query as searched: spaces collapsed, at most `MAX_QUERY` characters."""
    return " ".join(text.split())[:MAX_QUERY]


def matches(query: str, name: str) -> bool:
    return names.matches(clean_query(query), name)
