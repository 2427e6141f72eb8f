"""A store's weekly events built through the real services, with the results the test chose.

Each week's results are drawn from a seeded random stream and recorded with
`record_result`; what each player won and drew is kept here as the test
recorded it (byes counted as wins), so a season test can compute the points
itself instead of reading them back from the code it checks.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from organizer.core.results import Score
from organizer.services.event import events, interchange
from organizer.services.players import registration
from organizer.services.rounds import topcut
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database

FORMAT = "castle-wars"


@dataclass
class Week:
    event_id: int
    date: dt.date
    numbers: list[str]
    wins: dict[str, int] = field(default_factory=dict)
    """Swiss matches won by player number, byes included (as the test recorded them)."""
    draws: dict[str, int] = field(default_factory=dict)


def regulars(count: int) -> list[tuple[str, str | None]]:
    """(name, number) of the store's regulars."""
    return [(f"Regular {i:02}", f"R{i:02}") for i in range(1, count + 1)]


def play_week(
    db: Database,
    rng: random.Random,
    *,
    date: dt.date,
    players: Sequence[tuple[str, str | None]],
    rounds: int = 3,
    drop: int = 0,
    top_cut: int = 0,
) -> Week:
    event_id = events.create_event(
        db, name=f"Friday {date}", format_id=FORMAT, date=date, planned_rounds=rounds or 3
    ).value.id
    code_number: dict[str, str] = {}  # a player without a number is known by name here
    for name, number in players:
        p = registration.add_player(db, event_id=event_id, name=name, number=number).value
        code_number[p.code] = number or name
    week = Week(event_id, date, [n or name for name, n in players])
    for n in range(1, rounds + 1):
        pair_next(db, event_id=event_id, seed=rng.randrange(1 << 30))
        _results(db, rng, week, code_number, count_swiss=True)
        if n == 1 and drop:
            for p in rng.sample(registration.list_players(db, event_id=event_id), drop):
                registration.set_dropped(
                    db, event_id=event_id, registration_id=p.registration_id, dropped=True
                )
    if top_cut:
        topcut.start(db, event_id=event_id, size=top_cut, seed=1, break_ties="random")
        while True:
            _results(db, rng, week, code_number, count_swiss=False)
            last = interchange.load_event(db, event_id=event_id).rounds[-1]
            if len([m for m in last.matches if not m.is_bye]) == 1:
                break
            pair_next(db, event_id=event_id)
    return week


def _results(
    db: Database,
    rng: random.Random,
    week: Week,
    code_number: dict[str, str],
    *,
    count_swiss: bool,
) -> None:
    last = interchange.load_event(db, event_id=week.event_id).rounds[-1]
    for m in last.matches:
        numbers = [code_number[str(p)] for p in m.players]
        if m.is_bye:
            if count_swiss:
                week.wins[numbers[0]] = week.wins.get(numbers[0], 0) + 1
            continue
        assert m.table is not None
        a, b = numbers
        outcome = rng.choice(("a", "b", "draw")) if count_swiss else rng.choice(("a", "b"))
        score = {"a": Score(2, 0), "b": Score(0, 2), "draw": Score(1, 1)}[outcome]
        record_result(db, event_id=week.event_id, table=m.table, score=score)
        if not count_swiss:
            continue
        if outcome == "draw":
            for n in (a, b):
                week.draws[n] = week.draws.get(n, 0) + 1
        else:
            winner = a if outcome == "a" else b
            week.wins[winner] = week.wins.get(winner, 0) + 1
