"""An event stored and loaded whole comes back exactly, whatever its tables look like."""

from __future__ import annotations

from organizer.storage import snapshot_repo
from organizer.storage.database import Database
from tests.storage.event_shapes import every_table_shape, in_table_order


def test_every_table_shape_loads_back_as_stored(db: Database) -> None:
    event = every_table_shape()
    with db.transaction() as s:
        row = snapshot_repo.insert(s, event=event, round_minutes=50)
    assert row.id is not None
    with db.reading() as s:
        loaded = snapshot_repo.load(s, event_id=row.id)
    assert loaded == in_table_order(event)
    assert [m.table for m in loaded.rounds[0].matches] == [1, 2, 3, 4, None]


def test_loading_one_event_reads_none_of_another(db: Database) -> None:
    with db.transaction() as s:
        first = snapshot_repo.insert(s, event=every_table_shape(), round_minutes=50)
        second = snapshot_repo.insert(s, event=every_table_shape(), round_minutes=50)
    assert first.id is not None and second.id is not None
    with db.reading() as s:
        one, two = (snapshot_repo.load(s, event_id=i) for i in (first.id, second.id))
    assert one == two
    assert sum(len(r.matches) for r in one.rounds) == 9
