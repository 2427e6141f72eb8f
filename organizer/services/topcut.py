"""The top cut: recommended structure, starting the playoff, advancing the bracket.

Seeds are the top of the Swiss standings among players who have not dropped,
stored in the event's own column (`playoff_seeds`) so the bracket can always
be rebuilt from them and the elimination rounds played. Starting the cut and
pairing its first round are one transaction under the event's write lock, so
a result entered at the same moment on another station either counts for the
seeding or is refused as too late. `pairing.pair_next` advances the bracket
once a playoff has started, so "pair the next round" always does the right
thing for the TO.
"""

from __future__ import annotations

from collections.abc import Sequence

from organizer.core.event import EventData, PlayerId, Round
from organizer.core.pairing.topcut import (
    Bracket,
    BracketError,
    EventStructure,
    build_bracket,
    next_elimination_round,
    recommended_structure,
)
from organizer.services.changes import Changes, Done
from organizer.services.errors import RefusedError
from organizer.services.events import get_event
from organizer.services.interchange import load_event
from organizer.services.standings import standings_of
from organizer.services.write_lock import locked
from organizer.storage import events_repo, journal_repo, registrations_repo, rounds_repo
from organizer.storage.database import Database

CUT_SIZES = (2, 4, 8, 16, 32)


def recommended(db: Database, *, event_id: int) -> EventStructure:
    event = load_event(db, event_id=event_id)
    return recommended_structure(sum(1 for p in event.players if p.dropped_after_round is None))


def bracket_of(event: EventData, seeds: Sequence[PlayerId] | None) -> Bracket | None:
    """The bracket from the stored seeds and the playoff rounds played (None before the cut)."""
    if not seeds:
        return None
    played = [r for r in event.rounds if r.stage == "elimination"]
    return build_bracket(seeds, played)


def bracket(db: Database, *, event_id: int) -> Bracket | None:
    record = get_event(db, event_id)
    return bracket_of(load_event(db, event_id=event_id), record.playoff_seeds)


def _store_round(db: Database, *, event_id: int, round_: Round, summary: str) -> None:
    with db.transaction() as s:
        reg = registrations_repo.registration_ids(s, event_id=event_id)
        rounds_repo.insert_round(s, event_id=event_id, round_=round_, registration_of=reg)
        journal_repo.append(
            s,
            event_id=event_id,
            action="topcut.round",
            summary=summary,
            after={"round": round_.number, "pairings": [list(m.players) for m in round_.matches]},
        )


def start(db: Database, *, event_id: int, size: int) -> Done[Round]:
    """Seed the top `size` players and pair the first playoff round."""
    if size not in CUT_SIZES:
        raise RefusedError(f"a top cut has 2, 4, 8, 16 or 32 players, not {size}")
    with locked(db, event_id):
        return _start(db, event_id=event_id, size=size)


def _start(db: Database, *, event_id: int, size: int) -> Done[Round]:
    record = get_event(db, event_id)
    event = load_event(db, event_id=event_id)
    if record.playoff_seeds is not None:
        raise RefusedError("the top cut has already started")
    if not event.rounds:
        raise RefusedError("play the Swiss rounds before the top cut")
    missing = [m.table for m in event.rounds[-1].matches if not m.reported]
    if missing:
        raise RefusedError(f"round {event.rounds[-1].number} still has results missing")
    rows = [
        r
        for r in standings_of(event, record.settings)
        if event.player(r.player).dropped_after_round is None
    ]
    if len(rows) < size:
        raise RefusedError(f"only {len(rows)} players are still in: too few for a top {size}")
    boundary = rows[size - 1]
    warning = (
        f"rank {boundary.tie_range[0]}-{boundary.tie_range[1]} is an exact tie across the cut"
        if boundary.tie_range[1] > size
        else None
    )
    seeds = [r.player for r in rows[:size]]
    try:
        first = next_elimination_round(build_bracket(seeds), len(event.rounds) + 1)
    except BracketError as exc:
        raise RefusedError(str(exc)) from None
    assert first is not None
    with locked(db, event_id) as s:
        row = events_repo.get_row(s, event_id)
        assert row is not None
        events_repo.save_seeds(s, row, tuple(seeds))
        journal_repo.append(
            s,
            event_id=event_id,
            action="topcut.start",
            summary=f"started a top {size}" + (f" ({warning})" if warning else ""),
            after={"size": size, "seeds": list(seeds)},
        )
    _store_round(
        db, event_id=event_id, round_=first, summary=f"top {size}: paired round {first.number}"
    )
    return Done(first, Changes(pairings=True, events=True, event_id=event_id))


def advance(db: Database, *, event_id: int) -> Done[Round]:
    """Pair the next playoff round from the winners of the last one."""
    with locked(db, event_id):
        return _advance(db, event_id=event_id)


def _advance(db: Database, *, event_id: int) -> Done[Round]:
    record = get_event(db, event_id)
    event = load_event(db, event_id=event_id)
    current = bracket_of(event, record.playoff_seeds)
    if current is None:
        raise RefusedError("no top cut has started")
    if current.champion is not None:
        raise RefusedError(f"the playoff is over: {current.champion.player} won")
    try:
        nxt = next_elimination_round(current, len(event.rounds) + 1)
    except BracketError:
        raise RefusedError(
            f"round {event.rounds[-1].number} still has playoff results missing"
        ) from None
    assert nxt is not None
    _store_round(db, event_id=event_id, round_=nxt, summary=f"playoff: paired round {nxt.number}")
    return Done(nxt, Changes(pairings=True, event_id=event_id))
