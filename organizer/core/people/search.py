"""Finding a known person by a few letters of a name or a number, and likely duplicates.

The registration search, `people list --search` and the People screen all
call `search`, so the same letters find the same people everywhere. Names are
compared through the one fold of `core/names.py` ("lukasz" finds Łukasz), and
the found are ordered by most recent attendance, then by the collation.

`likely_duplicates` is what the TO is shown before a new person is created:
someone with the same folded name, the same email, or, among those seen in
the last year, a name within one typo (one letter added, left out, changed,
or two neighbours swapped).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from organizer.core.names import fold, matches, sort_key

MIN_LETTERS = 2
"""Letters typed before the search offers anyone."""
RECENT = dt.timedelta(days=365)
"""How recently a person must have played for a near-miss name to be pointed out."""


@dataclass(frozen=True, slots=True)
class Known:
    """A person as the search sees them."""

    id: int
    name: str
    number: str | None
    email: str | None
    last_seen: dt.date | None


def search(query: str, people: Iterable[Known], *, limit: int | None = None) -> list[Known]:
    """Those whose name holds `query` (folded) or whose number starts with it, most recent
    first, then in collation order; nobody for fewer than `MIN_LETTERS` letters."""
    typed = query.strip()
    if len(typed) < MIN_LETTERS:
        return []
    found = [
        p
        for p in people
        if matches(typed, p.name) or (p.number is not None and p.number.startswith(typed))
    ]
    found.sort(key=_order)
    return found[:limit] if limit is not None else found


def _order(p: Known) -> tuple[int, str, int]:
    seen = -p.last_seen.toordinal() if p.last_seen is not None else 0
    return (seen, sort_key(p.name), p.id)


def within_one_typo(a: str, b: str) -> bool:
    """Whether `b` is `a` with one letter added, left out or changed, or two swapped."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        if len(diff) == 1:
            return True
        i = diff[0]
        return len(diff) == 2 and diff[1] == i + 1 and a[i] == b[i + 1] and a[i + 1] == b[i]
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return short[i:] == long[i + 1 :]


@dataclass(frozen=True, slots=True)
class Duplicate:
    person: Known
    why: str
    """"same name", "same email" or "one letter from"."""


def likely_duplicates(
    name: str, email: str | None, people: Sequence[Known], *, today: dt.date
) -> list[Duplicate]:
    """The known people a new `name` (and `email`) may be a second copy of; see the module."""
    folded = fold(name)
    mail = (email or "").strip().casefold()
    found: list[Duplicate] = []
    for p in people:
        if fold(p.name) == folded:
            found.append(Duplicate(p, "same name"))
        elif mail and (p.email or "").strip().casefold() == mail:
            found.append(Duplicate(p, "same email"))
        elif (
            p.last_seen is not None
            and today - p.last_seen <= RECENT
            and within_one_typo(folded, fold(p.name))
        ):
            found.append(Duplicate(p, "one letter from"))
    return found
