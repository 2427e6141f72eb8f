"""Rounds, matches and seats, mapped to and from core `Round` and `Match`.

A seat holds a player's game wins and drawn games for that match; a bye is a
match with one seat and status `bye`; a multiplayer game records its winner.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from organizer.core.event import Match, PlayerId, Round
from organizer.storage.tables import MatchRow, PersonRow, RegistrationRow, RoundRow, SeatRow


def insert_round(
    session: Session, *, event_id: int, round_: Round, registration_of: Mapping[str, int]
) -> RoundRow:
    row = RoundRow(event_id=event_id, number=round_.number, stage=round_.stage, seed=round_.seed)
    session.add(row)
    session.flush()
    assert row.id is not None
    for match in round_.matches:
        insert_match(session, round_id=row.id, match=match, registration_of=registration_of)
    session.flush()
    return row


def insert_match(
    session: Session, *, round_id: int, match: Match, registration_of: Mapping[str, int]
) -> MatchRow:
    status = "bye" if match.is_bye else ("reported" if match.wins is not None else "pending")
    m = MatchRow(
        round_id=round_id,
        table_no=match.table,
        status=status,
        winner_registration_id=registration_of[match.winner] if match.winner else None,
    )
    session.add(m)
    session.flush()
    assert m.id is not None
    drawn = seat_draws(match)
    for position, pid in enumerate(match.players):
        wins = match.wins[position] if match.wins is not None else None
        session.add(
            SeatRow(
                match_id=m.id,
                round_id=round_id,
                registration_id=registration_of[pid],
                position=position,
                game_wins=wins,
                game_draws=drawn[position] if drawn is not None else None,
            )
        )
    return m


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


def load_rounds(session: Session, *, event_id: int, code_of: Mapping[int, str]) -> list[Round]:
    """Every round of the event in order, matches by table (byes last)."""
    round_rows = session.exec(
        select(RoundRow).where(RoundRow.event_id == event_id).order_by(col(RoundRow.number))
    ).all()
    if not round_rows:
        return []
    round_ids = [r.id for r in round_rows]
    match_rows = session.exec(
        select(MatchRow).where(col(MatchRow.round_id).in_(round_ids)).order_by(col(MatchRow.id))
    ).all()
    match_ids = [m.id for m in match_rows]
    seats: dict[int, list[SeatRow]] = defaultdict(list)
    for seat in session.exec(
        select(SeatRow).where(col(SeatRow.match_id).in_(match_ids)).order_by(col(SeatRow.position))
    ).all():
        seats[seat.match_id].append(seat)
    by_round: dict[int, list[Match]] = defaultdict(list)
    for m in match_rows:
        assert m.id is not None
        by_round[m.round_id].append(_to_match(m, seats[m.id], code_of))
    return [
        Round(
            number=r.number,
            stage=r.stage,
            seed=r.seed,
            matches=tuple(_table_order(by_round[r.id] if r.id is not None else [])),
        )
        for r in round_rows
    ]


def _table_order(matches: Sequence[Match]) -> list[Match]:
    return sorted(matches, key=lambda m: (m.table is None, m.table or 0))


def _to_match(row: MatchRow, seats: Sequence[SeatRow], code_of: Mapping[int, str]) -> Match:
    players = tuple(PlayerId(code_of[s.registration_id]) for s in seats)
    winner = (
        PlayerId(code_of[row.winner_registration_id])
        if row.winner_registration_id is not None
        else None
    )
    if row.status != "reported":
        return Match(table=row.table_no, players=players)
    wins = tuple(s.game_wins or 0 for s in seats)
    if len(seats) > 2:
        drew = tuple(p for p, s in zip(players, seats, strict=True) if s.game_draws)
        if winner is not None or not drew:
            return Match(table=row.table_no, players=players, wins=wins, winner=winner)
        return Match(table=row.table_no, players=players, wins=wins, draws=1, drawn=drew)
    draws = seats[0].game_draws or 0 if seats else 0
    return Match(table=row.table_no, players=players, wins=wins, draws=draws, winner=winner)


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


def match_at_table(session: Session, *, round_id: int, table: int) -> MatchRow | None:
    return session.exec(
        select(MatchRow).where(MatchRow.round_id == round_id, MatchRow.table_no == table)
    ).first()


def get_match(session: Session, *, match_id: int) -> MatchRow | None:
    return session.get(MatchRow, match_id)


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
    row = (
        latest_round(session, event_id=event_id)
        if round_number is None
        else get_round(session, event_id=event_id, number=round_number)
    )
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
