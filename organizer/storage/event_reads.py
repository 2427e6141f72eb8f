"""A whole event read as core `EventData` in plain SQL, on any connection `plain_reads` takes.

Why plain SQL: the same five reads serve the ORM's session (`snapshot_repo`, every
service that loads an event) and the command line's `PlainReader`, which reads a SQLite
file with the standard library's `sqlite3` (`organizer standings` starts without loading
SQLAlchemy, SQLModel and the table classes: most of a second on a laptop). Rows come as
plain tuples, no ORM objects: an event of 4,000 players and 9 rounds has some 70,000
seats, and building an object for each was most of the time. Matches and seats are
read in round and id order straight off their covering indexes (migration 0006), so
the database sorts nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from organizer.core.event import EventData, Match, Player, PlayerId, Points, Round
from organizer.storage.plain_reads import Reads, rows_of

EVENT = (
    "SELECT name, date, format_id, best_of, points_win, points_draw, points_loss "
    "FROM event WHERE id = :event_id"
)
PLAYERS = (
    "SELECT r.id, r.code, p.name, r.dropped_after_round, r.awarded_byes, p.email, "
    "r.missed_round_losses, r.fixed_table "
    "FROM registration r JOIN person p ON p.id = r.person_id "
    "WHERE r.event_id = :event_id AND r.waiting IS NULL ORDER BY r.position, r.id"
)
"""The waiting list is not in the event: it is neither paired nor in the standings."""
ROUNDS = 'SELECT id, number, stage, seed FROM "round" WHERE event_id = :event_id ORDER BY number'
OF_EVENT = 'SELECT id FROM "round" WHERE event_id = :event_id'
MATCHES = (
    'SELECT id, round_id, table_no, status, winner_registration_id FROM "match" '
    f"WHERE round_id IN ({OF_EVENT}) ORDER BY round_id, id"
)
SEATS = (
    'SELECT match_id, registration_id, game_wins, game_draws FROM "seat" '
    f"WHERE round_id IN ({OF_EVENT}) ORDER BY round_id, match_id, position"
)


def load_event(conn: Reads, *, event_id: int) -> EventData:
    """The event as core data; `KeyError` when there is no such event."""
    found = rows_of(conn, EVENT, event_id=event_id)
    if not found:
        raise KeyError(event_id)
    name, date, format_id, best_of, win, draw, loss = found[0]
    players = _players(conn, event_id=event_id)
    code_of = {registration_id: player.id for registration_id, player in players}
    return EventData(
        name=name,
        date=_date(date),
        format_id=format_id or None,
        best_of=best_of,
        points=Points(win, draw, loss),
        players=tuple(player for _, player in players),
        rounds=tuple(_rounds(conn, event_id=event_id, code_of=code_of)),
    )


def _date(stored: Any) -> dt.date | None:
    """SQLite keeps a date as its ISO text (SQLAlchemy's Date type reads it back so);
    PostgreSQL's driver gives a date."""
    if stored is None or isinstance(stored, dt.date):
        return stored
    return dt.date.fromisoformat(str(stored))


def _players(conn: Reads, *, event_id: int) -> list[tuple[int, Player]]:
    """The event's players as core `Player`s with their registration ids, in order."""
    return [
        (
            rid,
            Player(
                id=code,
                name=name,
                dropped_after_round=dropped,
                awarded_byes=byes,
                email=email,
                missed_round_losses=missed,
                fixed_table=fixed,
            ),
        )
        for rid, code, name, dropped, byes, email, missed, fixed in rows_of(
            conn, PLAYERS, event_id=event_id
        )
    ]


def _rounds(conn: Reads, *, event_id: int, code_of: Mapping[int, PlayerId]) -> list[Round]:
    """Every round of the event in order, matches by table (byes last)."""
    rounds = rows_of(conn, ROUNDS, event_id=event_id)
    if not rounds:
        return []
    matches = rows_of(conn, MATCHES, event_id=event_id)
    seats = rows_of(conn, SEATS, event_id=event_id)
    by_round: dict[int, list[Match]] = {rid: [] for rid, *_ in rounds}
    for round_id, match in _matches(matches, seats, code_of):
        by_round[round_id].append(match)
    return [
        Round(number=number, stage=stage, seed=seed, matches=tuple(_table_order(by_round[rid])))
        for rid, number, stage, seed in rounds
    ]


_Seat = tuple[Any, ...]
"""(match id, registration id, game wins, game draws) of one seat, as read."""


def _matches(
    matches: Sequence[tuple[Any, ...]], seats: Sequence[_Seat], code_of: Mapping[int, PlayerId]
) -> Iterator[tuple[int, Match]]:
    """Each match with its round id, walking matches and seats side by side.

    Both come in the same (round, match id) order.
    """
    i, count = 0, len(seats)
    for mid, round_id, table_no, status, winner_id in matches:
        j = i
        while j < count and seats[j][0] == mid:
            j += 1
        yield round_id, _to_match(table_no, status, winner_id, seats[i:j], code_of)
        i = j


def _table_order(matches: Sequence[Match]) -> list[Match]:
    return sorted(matches, key=lambda m: (m.table is None, m.table or 0))


def _to_match(
    table_no: int | None,
    status: str,
    winner_id: int | None,
    seats: Sequence[_Seat],
    code_of: Mapping[int, PlayerId],
) -> Match:
    """One match from its seats. Two seats, by far the most common table, are read
    without a loop: a big event has tens of thousands of them."""
    if len(seats) == 2:
        a, b = seats
        players: tuple[PlayerId, ...] = (code_of[a[1]], code_of[b[1]])
    else:
        players = tuple(code_of[s[1]] for s in seats)
    if status != "reported":
        return Match(table_no, players)
    winner = code_of[winner_id] if winner_id is not None else None
    if len(seats) == 2:
        return Match(table_no, players, (a[2] or 0, b[2] or 0), a[3] or 0, winner)
    wins = tuple(s[2] or 0 for s in seats)
    if len(seats) > 2:
        drew = tuple(p for p, s in zip(players, seats, strict=True) if s[3])
        if winner is not None or not drew:
            return Match(table_no, players, wins, winner=winner)
        return Match(table_no, players, wins, 1, drawn=drew)
    draws = seats[0][3] or 0 if seats else 0
    return Match(table_no, players, wins, draws, winner)
