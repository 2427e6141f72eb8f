"""Warcaste Conquest tables (rulebook 8c: a game of 3 to 5 players): table sizes and seating.

Holds `table_sizes` / `explain_tables` (how many tables of which sizes) and `seat_tables`, the
Swiss round of a multiplayer event: one `Match` per table, seats in an order drawn from the
seed. The search itself and its objective live in `tables_search.py`.

Decided here:

- Table sizes: as many tables of the preferred size (4) as possible; the remaining players sit
  at the allowed sizes nearest the preferred one (least total distance, then fewest tables).
  Listed preferred tables first, then the others largest first: 10 -> 4, 3, 3; 13 -> 4, 4, 5;
  7 -> 4, 3; 6 -> 3, 3. A count no split fits (1 or 2 players at tables of 3 to 5) raises
  `SeatingError`: a Conquest game cannot be played two-handed, and the organizer does not
  invent a fallback.
- Who plays: like Swiss (`pairing/swiss.py`): everyone active in the round; players whose
  awarded byes cover the round get a bye; points are counted by `pairing_history` (win,
  draw and loss points of the event; a multiplayer win to the winner, a draw to everyone), so
  an earlier round without results raises `PairingError`.
- Objective (`tables_search`), lexicographic: first the least S = sum over tables of the
  squared point difference of every pair at the table (equal points sit together, floating
  between score groups only as far as needed), then the fewest R = pairs of players who
  already shared a table. Exact when there are at most 50,000 splits (up to 13 players at
  the default sizes); above that a best contiguous fill of the ranking and local search.
- Tables are numbered 1.. from the highest points down (the table's points, highest first,
  compared in turn), ties in an order drawn from the seed; seats at each table are drawn from
  the seed. Byes follow with table None.

Pure Python: must not import Qt, SQL or any other organizer layer; randomness only from the
seed passed in, through `random.Random(seed)`.
"""

from __future__ import annotations

import random

from organizer.core.event import EventData, Match, Round
from organizer.core.pairing.history import PairingError, swiss_round
from organizer.core.seating.tables_search import best_layout
from organizer.core.views.wording import plural

__all__ = ["PairingError", "SeatingError", "explain_tables", "seat_tables", "table_sizes"]

PREFERRED = 4
MIN_SIZE = 3
MAX_SIZE = 5


class SeatingError(ValueError):
    """Players who cannot be split into tables of the allowed sizes."""


def table_sizes(
    players: int, preferred: int = PREFERRED, min_size: int = MIN_SIZE, max_size: int = MAX_SIZE
) -> tuple[int, ...]:
    """Table sizes for `players`: most tables of `preferred`, see the module docstring."""
    _check_sizes(preferred, min_size, max_size)
    if players < 0:
        raise SeatingError(f"cannot seat {players} players")
    others = [s for s in range(max_size, min_size - 1, -1) if s != preferred]
    # rest[r]: (distance, tables, last size) of the best split of r players among the others
    rest: list[tuple[int, int, int] | None] = [(0, 0, 0)]
    for count in range(players // preferred, -1, -1):
        wanted = players - count * preferred
        while len(rest) <= wanted:
            r = len(rest)
            options = [
                (prev[0] + abs(s - preferred), prev[1] + 1, s)
                for s in others
                if s <= r and (prev := rest[r - s]) is not None
            ]
            rest.append(min(options) if options else None)
        if rest[wanted] is not None:
            split: list[int] = []
            while (step := rest[wanted]) is not None and step[2]:
                split.append(step[2])
                wanted -= step[2]
            return (preferred,) * count + tuple(sorted(split, reverse=True))
    raise SeatingError(
        f"{plural(players, 'player')} cannot be split into tables of {min_size} to {max_size}"
    )


def explain_tables(
    players: int, preferred: int = PREFERRED, min_size: int = MIN_SIZE, max_size: int = MAX_SIZE
) -> str:
    """How `players` split into tables, e.g. '13 players at 3 tables: 4, 4, 5 (...)'."""
    try:
        sizes = table_sizes(players, preferred, min_size, max_size)
    except SeatingError as exc:
        return str(exc)
    if not sizes:
        return "no players: no tables"
    most = sizes.count(preferred)
    return (
        f"{players} players at {plural(len(sizes), 'table')}: {', '.join(map(str, sizes))}"
        f" ({most} of the preferred {preferred}; tables seat {min_size} to {max_size})"
    )


def seat_tables(
    event: EventData,
    *,
    seed: int,
    round_number: int | None = None,
    preferred: int = PREFERRED,
    min_size: int = MIN_SIZE,
    max_size: int = MAX_SIZE,
) -> Round:
    """Seat Swiss round `round_number` (default: the next) of a multiplayer event at tables.

    Rounds numbered `round_number` or later are ignored, so a round can be seated again.
    Raises PairingError when an earlier round lacks results, SeatingError when the players
    cannot be split into tables of `min_size` to `max_size`.
    """
    swiss = swiss_round(event, round_number)
    number, history, awarded, ranking = swiss.number, swiss.history, swiss.awarded, swiss.to_seat
    players = event.players
    rng = random.Random(seed)
    sizes = table_sizes(len(ranking), preferred, min_size, max_size)
    rng.shuffle(ranking)
    ranking.sort(key=lambda i: -history.points[i])
    local = {position: k for k, position in enumerate(ranking)}
    points = [history.points[i] for i in ranking]
    met = [{local[j] for j in history.opponents[i] if j in local} for i in ranking]
    layout = best_layout(sizes, points, met, rng)

    keyed = []
    for table in layout:
        rng.shuffle(table)
        key = tuple(sorted(-points[k] for k in table))
        keyed.append((key, rng.random(), tuple(players[ranking[k]].id for k in table)))
    keyed.sort()
    matches = [Match(table=t, players=seats) for t, (_, _, seats) in enumerate(keyed, 1)]
    matches += [Match(table=None, players=(players[i].id,)) for i in awarded]
    return Round(number=number, matches=tuple(matches), stage="swiss", seed=seed)


def _check_sizes(preferred: int, min_size: int, max_size: int) -> None:
    if not 2 <= min_size <= preferred <= max_size:
        raise SeatingError(
            f"table sizes need 2 <= smallest <= preferred <= largest,"
            f" not {min_size}, {preferred}, {max_size}"
        )
