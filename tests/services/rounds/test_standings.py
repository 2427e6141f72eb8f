"""Standings through the services: exact ties listed by name as people read names."""

from __future__ import annotations

from organizer.services.rounds import standings
from organizer.storage.database import Database
from tests.services.names_event import BY_NAME, names_event


def test_exact_ties_are_listed_in_collation_order(db: Database) -> None:
    event_id = names_event(db)
    rows = standings.standings(db, event_id=event_id)
    assert len({(r.points, r.values.omw, r.values.gw, r.values.ogw) for r in rows}) == 1  # all tied
    assert tuple(r.name for r in rows) == BY_NAME  # Łukasz after Lukas, before Zoë
