"""Writes without the ORM (`storage.plain_writes`): `players import` as the command runs it.

The import with PINs runs on a `PlainWriter` (no SQLModel, no ORM) in the command and on
a `Database` in the app; both must write the same rows, the same journal and working
PINs, take the event's lock, roll everything back on an error, give a late entry its
byes, let undo take the import back, and (on PostgreSQL) tell the other stations.
On a real SQLite file, and a real PostgreSQL server for the announcement.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from organizer.services.event import events, settings, undo
from organizer.services.kit.errors import NotFoundError
from organizer.services.phones import pinned_import, pins
from organizer.services.players import csv_import, registration
from organizer.services.rounds import pairing, standings
from organizer.storage.database import Database
from organizer.storage.plain_writer import PlainWriter
from organizer.storage.server.change_listener import ChangeListener
from tests.gui.played_events import event_with_players
from tests.journal import journal_entries
from tests.storage.postgres_server import first_notice, postgres_server

CSV = "name,id,email\nAda Lovelace,,ada@example.org\nBo Őry,S-7,\nCy,,\n"
NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


def _written(db: Database, event_id: int) -> tuple[object, ...]:
    players = [
        (p.code, p.name, p.email, p.player_number, p.position, p.waiting)
        for p in registration.list_players(db, event_id=event_id)
    ]
    journal = [(e.action, e.summary) for e in journal_entries(db, event_id=event_id)]
    return players, journal, sorted(pins.pins_issued(db, event_id=event_id))


def test_the_command_and_the_app_import_alike(db: Database, db_path: Path, tmp_path: Path) -> None:
    twin_path = tmp_path / "twin.sqlite3"
    shutil.copyfile(db_path, twin_path)  # two empty databases
    twin = Database(f"sqlite:///{twin_path}")
    writer = PlainWriter(db.url)
    try:
        for each in (db, twin):
            event_id = events.create_event(each, name="Friday", format_id="castle-wars").value.id
            settings.set_setting(each, event_id=event_id, key="cap", value="2")
        by_app = pinned_import.import_players_csv(twin, event_id=event_id, text=CSV)
        by_command = pinned_import.import_players_csv(writer, event_id=event_id, text=CSV)
        assert by_command.changes == by_app.changes
        assert (
            by_command.warnings
            == by_app.warnings
            == ("the event is full: 1 of them are on the waiting list",)
        )
        assert _written(db, event_id) == _written(twin, event_id)
    finally:
        writer.close()
        twin.close()
    (issued, *_) = by_command.value.pins
    signed_in = pins.check_pin(
        db, event_id=event_id, who=issued.code, pin=issued.pin, address="10.0.0.9", now=NOW
    )
    assert signed_in.name == "Ada Lovelace"


def test_a_late_entry_imported_without_the_orm_gets_its_byes(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    settings.set_setting(db, event_id=event_id, key="late_entry_byes", value="yes")
    pairing.pair_next(db, event_id=event_id, seed=1)
    writer = PlainWriter(db.url)
    try:
        done = pinned_import.import_players_csv(writer, event_id=event_id, text="name\nLate\n")
    finally:
        writer.close()
    (late,) = done.value.pins
    row = next(r for r in standings.standings(db, event_id=event_id) if r.player == late.code)
    assert row.points == 3  # round 1's bye, a win


def test_an_error_in_the_write_leaves_nothing_and_undo_takes_an_import_back(
    db: Database,
) -> None:
    event_id = events.create_event(db, name="Friday", format_id="castle-wars").value.id
    writer = PlainWriter(db.url)
    try:
        with pytest.raises(NotFoundError, match="there is no event 99 in "):
            pinned_import.import_players_csv(writer, event_id=99, text=CSV)
        with pytest.raises(RuntimeError), writer.writing(event_id) as tx:
            csv_import.import_rows(tx, event_id=event_id, text=CSV)
            raise RuntimeError("the power went out")
        assert registration.list_players(db, event_id=event_id) == []
        pinned_import.import_players_csv(writer, event_id=event_id, text=CSV)
    finally:
        writer.close()
    assert len(registration.list_players(db, event_id=event_id)) == 3
    assert undo.undo_last(db, event_id=event_id).value == "undid: imported 3 players from a CSV"
    assert registration.list_players(db, event_id=event_id) == []


@pytest.mark.slow
def test_postgresql_hears_an_import_made_without_the_orm() -> None:
    with postgres_server() as url:
        db = Database(url)
        try:
            event_id = events.create_event(db, name="Hosted", format_id="castle-wars").value.id
            listener = ChangeListener.for_database(db)
            assert listener is not None
            try:
                assert listener.wait(0.05) == []
                writer = PlainWriter(url)
                try:
                    pinned_import.import_players_csv(writer, event_id=event_id, text=CSV)
                finally:
                    writer.close()
                assert first_notice(listener) == [str(event_id)]
            finally:
                listener.close()
            assert [p.name for p in registration.list_players(db, event_id=event_id)] == [
                "Ada Lovelace",
                "Bo Őry",
                "Cy",
            ]
        finally:
            db.close()
