"""Rounds, matches and seats, mapped to and from core `Round` and `Match`.

A seat holds a player's game wins and drawn games for that match; a bye is a
match with one seat and status `bye`; a multiplayer game records its winner.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import insert
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from organizer.core.event import Match, Round
from organizer.storage.plain_rows import fetch_tuples, insert_tuples
from organizer.storage.tables import (
    MatchRow,
    PersonRow,
    RegistrationRow,
    RoundRow,
    SeatRow,
    core_table,
)


def insert_round(
    session: Session, *, event_id: int, round_: Round, registration_of: Mapping[str, int]
) -> int:
    """Store a round with its matches and seats in three bulk statements; its row id.

    A round of 2,000 tables is one INSERT of the round, one executemany of the
    matches (their ids come back in order) and one of the seats, on the driver's
    cursor, not 6,000 flushes of ORM objects.
    """
    round_id: int = session.execute(
        insert(core_table("round")).returning(col(RoundRow.id)),
        {
            "event_id": event_id,
            "number": round_.number,
            "stage": round_.stage,
            "seed": round_.seed,
            "created_at": dt.datetime.now(dt.UTC),
        },
    ).scalar_one()
    if not round_.matches:
        return round_id
    conn = session.connection()
    insert_tuples(
        conn,
        core_table("match"),
        ("round_id", "table_no", "status", "winner_registration_id", "extra"),
        [
            (
                round_id,
                m.table,
                "bye" if m.is_bye else ("reported" if m.wins is not None else "pending"),
                registration_of[m.winner] if m.winner else None,
                "{}",
            )
            for m in round_.matches
        ],
    )
    # One executemany keeps its rows' order in their ids; reading the ids back by
    # round is cheaper than RETURNING, which SQLite would do a row at a time.
    match_ids = [
        mid
        for (mid,) in fetch_tuples(
            conn,
            sa_select(col(MatchRow.id))
            .where(col(MatchRow.round_id) == round_id)
            .order_by(col(MatchRow.id)),
        )
    ]
    seat_rows: list[tuple[int, int, int, int, int | None, int | None]] = []
    for match_id, match in zip(match_ids, round_.matches, strict=True):
        drawn = seat_draws(match)
        for position, pid in enumerate(match.players):
            seat_rows.append(
                (
                    match_id,
                    round_id,
                    registration_of[pid],
                    position,
                    match.wins[position] if match.wins is not None else None,
                    drawn[position] if drawn is not None else None,
                )
            )
    insert_tuples(
        conn,
        core_table("seat"),
        ("match_id", "round_id", "registration_id", "position", "game_wins", "game_draws"),
        seat_rows,
    )
    return round_id


def add_byes(session: Session, *, event_id: int, registration_id: int, rounds: int) -> None:
    """A bye for the player in each of the event's first `rounds` rounds (a late entry's
    missed rounds, by the late entry policy)."""
    for number in range(1, rounds + 1):
        row = get_round(session, event_id=event_id, number=number)
        if row is None or row.id is None:
            continue
        match = MatchRow(round_id=row.id, table_no=None, status="bye")
        session.add(match)
        session.flush()
        assert match.id is not None
        session.add(
            SeatRow(match_id=match.id, round_id=row.id, registration_id=registration_id, position=0)
        )
    session.flush()


def seat_draws(match: Match) -> tuple[int, ...] | None:
    """Drawn games per seat: the match's draws for two players; for a multiplayer game
    without a winner, 1 for each player who drew (everyone unless `drawn` says)."""
    if match.wins is None:
        return None
    if not match.is_multiplayer:
        return (match.draws,) * len(match.players)
    if match.winner is not None or not match.draws:
        return (0,) * len(match.players)
    drew = set(match.drew)
    return tuple(1 if p in drew else 0 for p in match.players)


def latest_round(session: Session, *, event_id: int) -> RoundRow | None:
    return session.exec(
        select(RoundRow)
        .where(RoundRow.event_id == event_id)
        .order_by(col(RoundRow.number).desc())
        .limit(1)
    ).first()


def get_round(session: Session, *, event_id: int, number: int) -> RoundRow | None:
    return session.exec(
        select(RoundRow).where(RoundRow.event_id == event_id, RoundRow.number == number)
    ).first()


def round_or_latest(session: Session, *, event_id: int, number: int | None) -> RoundRow | None:
    """Round `number`, or the latest round when no number is given (a slip's default)."""
    if number is None:
        return latest_round(session, event_id=event_id)
    return get_round(session, event_id=event_id, number=number)


def match_at_table(session: Session, *, round_id: int, table: int) -> MatchRow | None:
    return session.exec(
        select(MatchRow).where(MatchRow.round_id == round_id, MatchRow.table_no == table)
    ).first()


def get_match(session: Session, *, match_id: int) -> MatchRow | None:
    return session.get(MatchRow, match_id)


def match_of_player(session: Session, *, round_id: int, registration_id: int) -> MatchRow | None:
    """The player's match (or bye) in a round; None when they were not seated in it."""
    return session.exec(
        select(MatchRow)
        .join(SeatRow, col(SeatRow.match_id) == col(MatchRow.id))
        .where(MatchRow.round_id == round_id, SeatRow.registration_id == registration_id)
    ).first()


def seats_of(session: Session, *, match_id: int) -> list[SeatRow]:
    return list(
        session.exec(
            select(SeatRow).where(SeatRow.match_id == match_id).order_by(col(SeatRow.position))
        ).all()
    )


def set_result(
    session: Session,
    *,
    match_id: int,
    wins: Sequence[int] | None,
    draws: int,
    winner_registration_id: int | None = None,
    extra: str | None = None,
    per_seat_draws: Sequence[int] | None = None,
    by: str | None = None,
) -> None:
    """Write (or clear, with `wins=None`) a match's result.

    `per_seat_draws` (multiplayer) says who drew; otherwise every seat has `draws`.
    """
    match = session.get(MatchRow, match_id)
    assert match is not None
    seats = seats_of(session, match_id=match_id)
    per_seat: Sequence[int | None] = wins if wins is not None else [None] * len(seats)
    seat_draw = per_seat_draws if per_seat_draws is not None else [draws] * len(seats)
    for seat, won, drew in zip(seats, per_seat, seat_draw, strict=True):
        seat.game_wins = won
        seat.game_draws = drew if wins is not None else None
        session.add(seat)
    match.status = "reported" if wins is not None else "pending"
    match.winner_registration_id = winner_registration_id
    match.reported_at = dt.datetime.now(dt.UTC) if wins is not None else None
    match.reported_by = by if wins is not None else None
    if extra is not None:
        match.extra = extra
    session.add(match)
    session.flush()


def later_round_numbers(session: Session, *, event_id: int, after: int) -> list[int]:
    return list(
        session.exec(
            select(RoundRow.number)
            .where(RoundRow.event_id == event_id, RoundRow.number > after)
            .order_by(col(RoundRow.number))
        ).all()
    )


def delete_round(session: Session, *, round_id: int) -> None:
    """The round goes (paired again, or rewound)."""
    row = session.get(RoundRow, round_id)
    if row is not None:
        session.delete(row)
        session.flush()


def swap_seats(
    session: Session, *, round_id: int, registration_a: int, registration_b: int
) -> None:
    """Exchange two players' seats inside one round."""
    seats = session.exec(
        select(SeatRow)
        .join(MatchRow, col(MatchRow.id) == col(SeatRow.match_id))
        .where(
            MatchRow.round_id == round_id,
            col(SeatRow.registration_id).in_([registration_a, registration_b]),
        )
    ).all()
    if len(seats) != 2:
        return
    # The seats trade places (match and position), so no player is ever seated
    # twice in the round, not even for a moment (the schema forbids it).
    first, second = seats
    first.match_id, second.match_id = second.match_id, first.match_id
    first.position, second.position = second.position, first.position
    session.add(first)
    session.add(second)
    session.flush()


@dataclass(frozen=True, slots=True)
class TableMatch:
    """A match found by table, with who sits there (code and name per seat)."""

    round_number: int
    match_id: int
    status: str
    extra: str
    seats: tuple[tuple[int, str, str], ...]  # (registration id, code, name)


def table_match(
    session: Session, *, event_id: int, table: int, round_number: int | None = None
) -> TableMatch | None:
    row = round_or_latest(session, event_id=event_id, number=round_number)
    if row is None or row.id is None:
        return None
    match = match_at_table(session, round_id=row.id, table=table)
    if match is None or match.id is None:
        return None
    seats = []
    for seat in seats_of(session, match_id=match.id):
        reg = session.get(RegistrationRow, seat.registration_id)
        assert reg is not None
        person = session.get(PersonRow, reg.person_id)
        assert person is not None
        seats.append((seat.registration_id, reg.code, person.name))
    return TableMatch(row.number, match.id, match.status, match.extra, tuple(seats))


def save_extra(session: Session, *, match_id: int, extra: str) -> None:
    match = session.get(MatchRow, match_id)
    assert match is not None
    match.extra = extra
    session.add(match)
    session.flush()


def open_tables(session: Session, *, round_id: int) -> list[int]:
    """Tables of a round without a result, in table order (cheap enough to poll)."""
    return [
        t
        for t in session.exec(
            select(MatchRow.table_no)
            .where(MatchRow.round_id == round_id, MatchRow.status == "pending")
            .order_by(col(MatchRow.table_no))
        ).all()
        if t is not None
    ]
