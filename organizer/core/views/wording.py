"""How every client words a round and a standings: one spelling for each number and word.

Percentages have two decimals everywhere ("66.67"; the sign is the column's or the page's),
W-L-D is "3-1-0", a shared rank is "3-4" (en dash), a table without a number shows an en
dash, a bye is "bye", and a two-player Warcaste table says "sudden death applies here".
Before this module the phones said 66.7 % where the paper said 66.67 (issue 27).

Pure Python: imports only the standard library and `organizer.core`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

DASH: Final = "\u2013"
"""An en dash: a bye's table, a shared rank ("3-4"), a name range ("A - F")."""
BYE: Final = "bye"
MISSING: Final = "\u2014"
"""An em dash: a result not reported yet."""
SUDDEN_DEATH_HERE: Final = "sudden death applies here"
"""Said of a two-player table of a format whose rounds end in sudden death (Warcaste 1d)."""
DRAW_FOR_EVERYONE: Final = "draw for everyone"


def percent(value: Fraction) -> str:
    """A tiebreaker as a percentage with two decimals and no sign: 2/3 -> "66.67"."""
    return f"{float(value * 100):.2f}"


def record(wins: int, losses: int, draws: int) -> str:
    """Match wins-losses-draws: "3-1-0"."""
    return f"{wins}-{losses}-{draws}"


def rank(place: int, tie_range: tuple[int, int]) -> str:
    """ "3", or "3-4" for players tied on every tiebreaker."""
    low, high = tie_range
    return str(place) if low == high else f"{low}{DASH}{high}"


def table_label(table: int | None) -> str:
    """A table's number, or an en dash for a bye (which has no table)."""
    return DASH if table is None else str(table)


def score(wins: Sequence[int], draws: int) -> str:
    """A two-player result as the slip reads it: "2-1", with drawn games "1-1-1"."""
    text = "-".join(str(w) for w in wins)
    return f"{text}-{draws}" if draws else text


def outcome(winner: str | None, drawn: Sequence[str], seats: int) -> str:
    """A multiplayer table's result: "Bo Chen wins", "draw for everyone", "draw: Ada, Cy"."""
    if winner is not None:
        return f"{winner} wins"
    if not drawn or len(drawn) == seats:
        return DRAW_FOR_EVERYONE
    return "draw: " + ", ".join(drawn)


def counted(count: int, one: str, many: str) -> str:
    """ "1 point", "3 points", "0 points": the number with the word it takes."""
    return f"{count} {one if count == 1 else many}"


def round_label(number: int, stage: str) -> str:
    """ "Round 4", "Round 5 (playoff)": a round as the page, the printouts and the
    window name it (the stage is the `Round.stage`: "swiss" or "elimination")."""
    return f"Round {number}" + (" (playoff)" if stage == "elimination" else "")


def plural(n: int, word: str) -> str:
    """ "1 card", "3 cards": `counted` for a word whose plural takes an -s."""
    return counted(n, word, f"{word}s")


def first_initial(name: str) -> str:
    """A name as published with `publish_names = first-initial`: the first word and the last
    word's initial ("Łukasz Żółkiewski" -> "Łukasz Ż."); a one-word name as it is."""
    words = name.split()
    if len(words) < 2:
        return name
    return f"{words[0]} {words[-1][0]}."
