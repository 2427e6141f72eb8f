"""`EventsModel` over a real database, checked with qtmodeltester."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from organizer.gui.window.events_model import SORT_ROLE, EventsModel
from organizer.services.event import events
from organizer.services.players import registration
from organizer.storage.database import Database


def test_events_model_passes_the_model_tester(db: Database, qtmodeltester: ModelTester) -> None:
    friday = events.create_event(
        db, name="Friday", format_id="castle-wars", date=dt.date(2025, 5, 2)
    ).value
    events.create_event(db, name="Saturday", format_id="wars-constructed")
    for name in ("Ada", "Bo", "Cy"):
        registration.add_player(db, event_id=friday.id, name=name)
    model = EventsModel(db)
    qtmodeltester.check(model)

    assert model.rowCount() == 2
    row = model.row_of(friday.id)
    assert row is not None
    shown = [model.index(row, c).data() for c in range(model.columnCount())]
    assert shown == ["Friday", "2025-05-02", "Castle Wars", "3", "0"]
    assert model.index(row, 3).data(SORT_ROLE) == 3
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Format"


def test_refresh_reads_the_database_again(db: Database, qtmodeltester: ModelTester) -> None:
    model = EventsModel(db)
    qtmodeltester.check(model)
    assert model.rowCount() == 0
    record = events.create_event(db, name="Late", format_id="wtactics-orc").value
    model.refresh()
    assert model.rowCount() == 1 and model.event_id_at(0) == record.id
