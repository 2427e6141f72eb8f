"""`organizer standings` and `organizer export` read without the ORM (`standings_read`,
`event_read`): what they give must be what the services give through `Database`, on a
real SQLite file (and, in tests/storage/test_postgres.py, on PostgreSQL through an engine)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from organizer.services.event import event_read, events, interchange
from organizer.services.kit.errors import NotFoundError
from organizer.services.rounds import pairing, standings, standings_read
from organizer.storage import snapshot_repo
from organizer.storage.database import Database
from organizer.storage.plain_reads import PlainReader
from tests.oracle_data import load_oracle, oracle_event_files
from tests.storage.event_shapes import every_table_shape


def store_real_and_every_shape(db: Database) -> dict[str, int]:
    """A real event (published standings, byes, draws, drops) and one holding every table
    shape storage keeps, Conquest's included; their ids by "real" and "shapes"."""
    real = max((load_oracle(f).event for f in oracle_event_files()), key=lambda e: len(e.players))
    stored = {
        "real": replace(real, format_id="wars-constructed"),
        "shapes": replace(every_table_shape(), format_id="warcaste-conquest"),
    }
    ids = {}
    for name, event in stored.items():
        with db.transaction() as s:
            row = snapshot_repo.insert(s, event=event, round_minutes=50)
            assert row.id is not None
            ids[name] = row.id
    return ids


def check_reads_without_the_orm(url: str) -> None:
    """The standings and the export read without the ORM are the services' own, for both
    events of `store_real_and_every_shape`."""
    db = Database(url)
    try:
        ids = store_real_and_every_shape(db)
        expected = {name: standings.standings(db, event_id=i) for name, i in ids.items()}
        exported = {name: interchange.export_event(db, event_id=i) for name, i in ids.items()}
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
            assert event_read.export_event(reader, event_id=event_id) == exported[name], name
    finally:
        reader.close()
    assert multiplayer == {"real": False, "shapes": True}
    assert len(expected["real"]) > 32
    assert {r.points for r in expected["real"]} != {0}  # results were read, not only names
    assert '"a_wins"' in exported["real"] and '"winner"' in exported["shapes"]


def test_standings_read_without_the_orm_are_the_services_standings(tmp_path: Path) -> None:
    folder = tmp_path / "Club Été"
    folder.mkdir()
    check_reads_without_the_orm(f"sqlite:///{folder / 'events.sqlite3'}")


def test_a_missing_event_is_refused_in_words_as_through_the_orm(tmp_path: Path) -> None:
    """Another station may delete the event between the command's choice and the read."""
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    reader = PlainReader(url)
    try:
        with pytest.raises(NotFoundError, match=r"^there is no event 1 in sqlite:///"):
            standings_read.standings(reader, event_id=1)
        with pytest.raises(NotFoundError, match=r"^there is no event 1 in sqlite:///"):
            event_read.export_event(reader, event_id=1)
    finally:
        reader.close()
