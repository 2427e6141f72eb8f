"""Migration 0009 (issue 25): sudden-death records gain the other player's counters, and
Conquest events under way keep the time rule they were played under."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from alembic import command
from sqlalchemy import text

from organizer.services.clock import clock, sudden_death
from organizer.services.event import events
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from organizer.storage.migrate import alembic_config, current_revision, head_revision

START = dt.datetime(2026, 5, 2, 10, 0, tzinfo=dt.UTC)


def new_event(db: Database, format_id: str, players: int) -> int:
    event_id = events.create_event(db, name=format_id, format_id=format_id).value.id
    text_ = "name\n" + "".join(f"Player {i}\n" for i in range(1, players + 1))
    registration.import_players_csv(db, event_id=event_id, text=text_)
    return event_id


def test_0009_moves_old_records_and_pins_the_conquest_rule_of_events_under_way(
    db_path: Path,
) -> None:
    db = Database(f"sqlite:///{db_path}")
    skirmish = new_event(db, "warcaste-skirmish-constructed", 2)
    a, _ = pairing.pair_next(db, event_id=skirmish, seed=1).value.matches[0].players
    clock.start(db, event_id=skirmish, now=START)
    sudden_death.set_active_player(
        db, event_id=skirmish, table=1, player=a, now=START + dt.timedelta(minutes=61)
    )
    sudden_death.record_turn(
        db, event_id=skirmish, table=1, number=1, player=a, counters=2, other=1
    )
    under_way = new_event(db, "warcaste-conquest", 4)
    pairing.pair_next(db, event_id=under_way, seed=1)
    fresh = new_event(db, "warcaste-conquest", 4)
    db.close()

    old = Database(f"sqlite:///{db_path}", migrate=False)
    command.downgrade(alembic_config(old.engine), "0006")  # as a database from before 0009
    with old.engine.connect() as conn:
        extra = json.loads(
            conn.execute(text("SELECT extra FROM match WHERE extra LIKE '%sudden%'")).scalar_one()
        )
    assert extra["sudden_death"]["version"] == 1
    assert extra["sudden_death"]["turns"][0] == {
        "player": a,
        "counters": 2,
        "last_territory_lost_by": None,
    }
    old.close()

    upgraded = Database(f"sqlite:///{db_path}")
    assert current_revision(upgraded.engine) == head_revision()
    turns = sudden_death.load(upgraded, event_id=skirmish, table=1).record.turns
    assert [(t.counters, t.other) for t in turns] == [(2, 0)]
    with upgraded.engine.connect() as conn:
        stored = conn.execute(
            text("SELECT extra FROM match WHERE extra LIKE '%sudden%'")
        ).scalar_one()
    assert json.loads(stored)["sudden_death"]["version"] == 2
    assert events.get_event(upgraded, under_way).settings.conquest_time_draw == "still-in"
    assert events.get_event(upgraded, fresh).settings.conquest_time_draw == "everyone"
    upgraded.close()
