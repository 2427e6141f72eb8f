"""Prizes: the store's prize table, read as the TO types it, and who gets what at the end.

A store hands out prizes one of two ways, and a table is one or the other:

- **by record** (`"3-0:4 packs"`, `"2-1:2 packs"`, `"2-0-1:2 packs"`): every player who
  finished the Swiss with that record gets the prize; a key without draws means none;
- **by placing** (`"1:12 packs"`, `"2:8 packs"`, `"3-4:4 packs"`): each place of a range gets
  the prize, places as the final standings give them (the top cut first).

A participation prize goes to everyone who played, on top of what they won. When players
finish level, `split` says what the level places are worth: `standings` gives each player
the prize of the place the tiebreakers (or the top cut) gave them; `equal` pools the prizes
of the places the level players occupy and shares the pool equally (whole items each, what
cannot be shared is said). Level means: out in the same top-cut round, or, outside the cut,
the same Swiss record.

Why a module of its own: the table is checked when typed (a line that does not parse is
named by its position), and the award is computed from the final standings alone, so the
command line, the printed prize sheet and the published results give the same answer.
Pure Python: no Qt, no SQL.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # the settings read PrizeBy and PrizeSplit: not the standings' code
    from organizer.core.pairing.standings import FinalRow

PrizeBy = Literal["record", "place"]
PrizeSplit = Literal["standings", "equal"]

_PLACE = re.compile(r"^(\d{1,4})(?:\s*-\s*(\d{1,4}))?$")
_RECORD = re.compile(r"^(\d{1,3})\s*-\s*(\d{1,3})(?:\s*-\s*(\d{1,3}))?$")
_AMOUNT = re.compile(r"^(\d{1,6})\s+(\S.*)$")


class PrizeTableError(ValueError):
    """A prize line that cannot be read, named by its position (1 for the first line)."""

    def __init__(self, position: int, line: str, problem: str) -> None:
        self.position = position
        shown = line if len(line) <= 60 else line[:57] + "..."
        super().__init__(f"prize {position} ({shown!r}): {problem}")


@dataclass(frozen=True, slots=True)
class PrizeLine:
    """One line of the table: the places or the record it covers and what it gives."""

    key: str
    prize: str
    places: tuple[int, int] | None = None
    record: tuple[int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class PrizeTable:
    by: PrizeBy
    lines: tuple[PrizeLine, ...]
    participation: str = ""
    split: PrizeSplit = "standings"


@dataclass(frozen=True, slots=True)
class Award:
    """What one player gets: their final place (shared places as "3-4"), Swiss record, prize."""

    player: str
    name: str
    place: int
    place_label: str
    record: tuple[int, int, int]
    prize: str

    @property
    def record_text(self) -> str:
        return "-".join(str(n) for n in self.record)


def parse_prize_line(position: int, line: str, by: PrizeBy) -> PrizeLine:
    key, colon, prize = line.partition(":")
    key, prize = key.strip(), " ".join(prize.split())
    if not colon or not key:
        raise PrizeTableError(position, line, "write it as KEY:PRIZE, e.g. '3-0:4 packs'")
    if not prize:
        raise PrizeTableError(position, line, "no prize after the ':'")
    if by == "place":
        match = _PLACE.match(key)
        if match is None:
            raise PrizeTableError(position, line, f"{key!r} is not a place (1) or places (3-4)")
        low = int(match.group(1))
        high = int(match.group(2) or low)
        if low < 1 or high < low:
            raise PrizeTableError(position, line, f"places {key!r} do not go from 1 upwards")
        return PrizeLine(key, prize, places=(low, high))
    match = _RECORD.match(key)
    if match is None:
        raise PrizeTableError(position, line, f"{key!r} is not a record (3-0 or 2-0-1)")
    wins, losses, draws = (int(g) if g else 0 for g in match.groups())
    return PrizeLine(key, prize, record=(wins, losses, draws))


def guess_by(lines: Sequence[str]) -> PrizeBy:
    """By placing when a key is a bare place ("1:..."), else by record."""
    keys = [line.partition(":")[0].strip() for line in lines]
    return "place" if any(key.isdigit() for key in keys) else "record"


def parse_prize_table(
    lines: Sequence[str],
    *,
    by: PrizeBy | None = None,
    participation: str = "",
    split: PrizeSplit = "standings",
) -> PrizeTable:
    """The table as typed; `by` None guesses it (`guess_by`). Raises `PrizeTableError`."""
    kind = by or guess_by(lines)
    parsed = tuple(parse_prize_line(i, line, kind) for i, line in enumerate(lines, start=1))
    seen: dict[object, int] = {}
    for i, line in enumerate(parsed, start=1):
        covered: list[object] = [line.record]
        if line.places is not None:
            covered = list(range(line.places[0], line.places[1] + 1))
        for item in covered:
            if item in seen:
                problem = f"{line.key} is given already by prize {seen[item]}"
                raise PrizeTableError(i, lines[i - 1], problem)
            seen[item] = i
    return PrizeTable(kind, parsed, " ".join(participation.split()), split)


def _record(row: FinalRow) -> tuple[int, int, int]:
    return (row.swiss.wins, row.swiss.losses, row.swiss.draws)


def _level_key(row: FinalRow) -> tuple[object, ...]:
    """Players with the same key finished level (see the module's docstring)."""
    if row.playoff_round is not None:
        return ("cut", row.playoff_round, row.won_playoff_round)
    return ("swiss", _record(row))


def _shared(prizes: Sequence[str], players: int) -> str:
    """`prizes` pooled and shared by `players`: whole items each, the rest said."""
    given = [p for p in prizes if p]
    if not given:
        return ""
    amounts = [_AMOUNT.match(p) for p in given]
    units = {m.group(2) for m in amounts if m is not None}
    if all(amounts) and len(units) == 1:
        total = sum(int(m.group(1)) for m in amounts if m is not None)
        (unit,) = units
        each, left = divmod(total, players)
        text = f"{each} {unit} ({total} {unit} shared by {players}"
        return text + (f"; {left} left over)" if left else ")")
    return f"a share of {', '.join(given)} (shared by {players})"


def award_prizes(table: PrizeTable, rows: Sequence[FinalRow]) -> tuple[Award, ...]:
    """Every player's prize, in final standings order (see the module's docstring).

    Places are counted down the final standings (the fifth row holds 5th place), so a
    group level on everything the standings know (a shared rank) holds as many places as
    it has players; with `split standings` such an exact tie shares its places' prizes,
    since nothing else orders it."""
    by_place = {
        place: line.prize
        for line in table.lines
        if line.places
        for place in range(line.places[0], line.places[1] + 1)
    }
    by_record = {line.record: line.prize for line in table.lines if line.record}
    position = {row.player: i for i, row in enumerate(rows, start=1)}

    def level_of(row: FinalRow) -> object:
        return _level_key(row) if table.split == "equal" else ("rank", row.rank)

    groups: dict[object, list[FinalRow]] = {}
    for row in rows:
        groups.setdefault(level_of(row), []).append(row)
    awards = []
    for row in rows:
        level = groups[level_of(row)]
        places = sorted(position[r.player] for r in level)
        shares = len(level) > 1
        label = f"{places[0]}-{places[-1]}" if shares else str(position[row.player])
        if table.by == "record":
            won = by_record.get(_record(row), "")
        elif shares:
            won = _shared([by_place.get(place, "") for place in places], len(level))
        else:
            won = by_place.get(position[row.player], "")
        prize = " + ".join(p for p in (won, table.participation) if p)
        awards.append(Award(row.player, row.name, places[0], label, _record(row), prize))
    return tuple(awards)
