"""Small events built through the real services and storage, for service tests."""

from __future__ import annotations

from collections.abc import Sequence

from organizer.core.event import Match, PlayerId, Round
from organizer.services.event import events
from organizer.services.players import registration
from organizer.storage import rounds_repo
from organizer.storage.database import Database


def event_with_players(db: Database, format_id: str, count: int, **kwargs: object) -> int:
    event_id = events.create_event(db, name="Test event", format_id=format_id, **kwargs).value.id  # type: ignore[arg-type]
    text = "name\n" + "".join(f"Player {i}\n" for i in range(1, count + 1))
    registration.import_players_csv(db, event_id=event_id, text=text)
    return event_id


def store_round(
    db: Database, event_id: int, number: int, pairs: Sequence[tuple[str, str | None]]
) -> None:
    """Store a round of unreported matches; tables in the order given, byes last."""
    reg = {p.code: p.registration_id for p in registration.list_players(db, event_id=event_id)}
    matches = []
    table = 0
    for a, b in pairs:
        if b is None:
            matches.append(Match(None, (PlayerId(a),)))
        else:
            table += 1
            matches.append(Match(table, (PlayerId(a), PlayerId(b))))
    with db.transaction() as s:
        rounds_repo.insert_round(
            s, event_id=event_id, round_=Round(number, tuple(matches)), registration_of=reg
        )
