"""`organizer standings` reads without the ORM (`standings_read`): the rows it gives must be
the ones the services give through `Database`, on a real SQLite file (and, in
tests/storage/test_postgres.py, on PostgreSQL through an engine)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from organizer.services.event import events
from organizer.services.rounds import pairing, standings, standings_read
from organizer.storage import snapshot_repo
from organizer.storage.database import Database
from organizer.storage.plain_reads import PlainReader
from tests.oracle_data import load_oracle, oracle_event_files
from tests.storage.event_shapes import every_table_shape


def check_standings_read(url: str) -> None:
    """A real event (published standings, byes, draws, drops) and one holding every table
    shape storage keeps, Conquest's included: both reads give the same rows."""
    real = max((load_oracle(f).event for f in oracle_event_files()), key=lambda e: len(e.players))
    stored = {
        "real": replace(real, format_id="wars-constructed"),
        "shapes": replace(every_table_shape(), format_id="warcaste-conquest"),
    }
    db = Database(url)
    try:
        ids = {}
        for name, event in stored.items():
            with db.transaction() as s:
                row = snapshot_repo.insert(s, event=event, round_minutes=50)
                assert row.id is not None
                ids[name] = row.id
        expected = {name: standings.standings(db, event_id=i) for name, i in ids.items()}
        multiplayer = {
            name: pairing.multiplayer(events.get_event(db, i).format_id) for name, i in ids.items()
        }
    finally:
        db.close()
    reader = PlainReader(url)
    try:
        for name, event_id in ids.items():
            read = standings_read.standings(reader, event_id=event_id)
            assert read.rows == expected[name], name
            assert read.multiplayer is multiplayer[name], name
    finally:
        reader.close()
    assert multiplayer == {"real": False, "shapes": True}
    assert len(expected["real"]) == len(real.players) > 32
    assert {r.points for r in expected["real"]} != {0}  # results were read, not only names


def test_standings_read_without_the_orm_are_the_services_standings(tmp_path: Path) -> None:
    folder = tmp_path / "Club Été"
    folder.mkdir()
    check_standings_read(f"sqlite:///{folder / 'events.sqlite3'}")


def test_a_missing_event_is_a_key_error_as_through_the_orm(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    reader = PlainReader(url)
    try:
        with pytest.raises(KeyError):
            standings_read.standings(reader, event_id=1)
    finally:
        reader.close()
