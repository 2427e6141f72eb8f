"""The demo event: a Warcaste Skirmish in the middle of round 1, to look around in.

Why: a first-time TO opens the app on an empty list; one command (the GUI's first
steps panel, `organizer demo`) fills an event with what every screen shows once an
event is running. Built only through the public services, each step its own
transaction as when a TO does it by hand, so the demo is an ordinary event and is
deleted like one. If a step fails, the half-made event is deleted again.

What it holds: 12 sample players; each a deck list from the sample Warcaste pool
(`resources/`; the pool is imported only when the database has no Warcaste pool yet,
so a store's real pool is never replaced), one of them a card short and kept as
illegal for the judge to chase; round 1 paired; the round clock started long enough
ago that time has been called; results in at three tables; one table walked into
Warcaste sudden death (rulebook 1d: active player set, first turn recorded); the
other tables still playing.

The demo is marked by its name, which starts with `DEMO_PREFIX`. No Qt, no SQL.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from organizer.core.results import Score
from organizer.services.clock import clock, sudden_death
from organizer.services.decks import cardpools, decks
from organizer.services.event import events
from organizer.services.kit.changes import Changes, Done
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.players import registration
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database

DEMO_PREFIX = "Demo \u2014 "
DEMO_NAME = f"{DEMO_PREFIX}Warcaste Skirmish (delete it any time)"
FORMAT_ID = "warcaste-skirmish-constructed"
GAME = "warcaste"
SEED = 19
RESULTS = (Score(1, 0), Score(0, 1), Score(1, 0))
"""Scores entered at tables 1-3 (Warcaste Skirmish is one game)."""
SUDDEN_DEATH_TABLE = 4

PLAYERS = (
    "Ada Byrne",
    "Bo Chen",
    "Cyrus Dorn",
    "Dana Ek",
    "Emeka Fofana",
    "Fatima Ghazali",
    "Gus Halvorsen",
    "Hana Ito",
    "Ivan Jovanovi\u0107",
    "Jo Kim",
    "Kasia Lewandowska",
    "Liam Murphy",
)
SHORT_DECK_PLAYER = "Liam Murphy"
"""The one player whose list is a card short (stored as illegal)."""


@dataclass(frozen=True, slots=True)
class DemoEvent:
    event_id: int
    name: str
    round_number: int
    tables: int
    results_in: int
    sudden_death_table: int
    pool_imported: bool


def sample_deck_text() -> str:
    path = resources_dir() / "decklists" / f"sample-{FORMAT_ID}.txt"
    return path.read_text(encoding="utf-8")


def short_deck_text(text: str) -> str:
    """`text` with one fewer Ashfall Raider: 29 cards, one short of the 30 required."""
    short = text.replace("\n3 Ashfall Raider\n", "\n2 Ashfall Raider\n", 1)
    assert short != text, "the sample deck changed: pick another card to leave out"
    return short


def create_demo(db: Database, *, now: dt.datetime | None = None) -> Done[DemoEvent]:
    """Make the demo event (see the module docstring); its id and what it holds."""
    pool_imported = False
    changes = Changes()
    if not cardpools.has_pool(db, game=GAME):
        path = sample_pool_path(GAME)
        pool = cardpools.import_pool(db, text=path.read_text(encoding="utf-8"), source=path.name)
        changes, pool_imported = pool.changes, True
    created = events.create_event(db, name=DEMO_NAME, format_id=FORMAT_ID)
    record, changes = created.value, created.changes | changes
    try:
        return _fill(db, record.id, record.round_minutes, now, pool_imported, changes)
    except BaseException:
        events.delete_event(db, event_id=record.id)
        raise


def _fill(
    db: Database,
    event_id: int,
    round_minutes: int,
    now: dt.datetime | None,
    pool_imported: bool,
    changes: Changes,
) -> Done[DemoEvent]:
    """Each step one write, as a TO makes it; what they changed, together."""
    players = "name\n" + "\n".join(PLAYERS)
    steps = [registration.import_players_csv(db, event_id=event_id, text=players).changes]
    deck = sample_deck_text()
    for player in registration.list_players(db, event_id=event_id):
        short = player.name == SHORT_DECK_PLAYER
        steps.append(
            decks.submit_deck(
                db,
                event_id=event_id,
                registration_id=player.registration_id,
                text=short_deck_text(deck) if short else deck,
                store_illegal=True,
                source="demo deck list",
            ).changes
        )
    paired = pair_next(db, event_id=event_id, seed=SEED, allow_missing_decks=True)
    round_ = paired.value
    started = (now or clock.utcnow()) - dt.timedelta(minutes=round_minutes + 3)
    steps += [paired.changes, clock.start(db, event_id=event_id, now=started).changes]
    tables = [m for m in round_.matches if m.table is not None and len(m.players) == 2]
    for match, score in zip(tables, RESULTS, strict=False):
        assert match.table is not None
        steps.append(record_result(db, event_id=event_id, table=match.table, score=score).changes)
    walked = tables[SUDDEN_DEATH_TABLE - 1]
    assert walked.table is not None
    active, _ = walked.players
    steps += [
        sudden_death.set_active_player(
            db, event_id=event_id, table=walked.table, player=active, now=now
        ).changes,
        sudden_death.record_turn(
            db, event_id=event_id, table=walked.table, number=1, player=active, counters=2
        ).changes,
    ]
    made = DemoEvent(
        event_id=event_id,
        name=DEMO_NAME,
        round_number=round_.number,
        tables=len(tables),
        results_in=len(RESULTS),
        sudden_death_table=walked.table,
        pool_imported=pool_imported,
    )
    for step in steps:
        changes |= step
    return Done(made, changes)
