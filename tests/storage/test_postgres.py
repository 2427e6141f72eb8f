"""The same services on a real PostgreSQL server, shared by two stations."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from organizer.core.results import Score
from organizer.services.event import events, interchange
from organizer.services.players import registration
from organizer.services.rounds import standings
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result
from organizer.storage import snapshot_repo
from organizer.storage.database import Database
from organizer.storage.migrate import current_revision, head_revision
from tests.services.test_reads_without_the_orm import check_reads_without_the_orm
from tests.storage.event_shapes import every_table_shape, in_table_order
from tests.storage.postgres_server import available, postgres_server
from tests.storage.test_plain_reads import check_plain_reads

pytestmark = pytest.mark.skipif(not available(), reason="PostgreSQL is not installed")


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_two_stations_run_one_event(pg_url: str) -> None:
    counter = Database(pg_url)
    judge = Database(pg_url)
    try:
        assert current_revision(counter.engine) == head_revision()
        event_id = events.create_event(counter, name="Regional", format_id="castle-wars").value.id
        registration.import_players_csv(
            counter, event_id=event_id, text="name\nAda Łukasiewicz\nBo Őry\nCy\nDi\n"
        )
        round_ = pair_next(judge, event_id=event_id, seed=7).value
        for m in round_.matches:
            assert m.table is not None
            record_result(judge, event_id=event_id, table=m.table, score=Score(2, 1))
        names = [r.name for r in standings.standings(counter, event_id=event_id)]
        assert sorted(names) == ["Ada Łukasiewicz", "Bo Őry", "Cy", "Di"]
        exported = interchange.export_event(counter, event_id=event_id)
        copy_id = interchange.import_event(judge, text=exported).value
        assert json.loads(interchange.export_event(counter, event_id=copy_id)) == json.loads(
            exported
        )
        events.delete_event(counter, event_id)
        assert [e.id for e in events.list_events(judge)] == [copy_id]
    finally:
        counter.close()
        judge.close()


def test_every_table_shape_loads_back_as_stored_on_postgresql(pg_url: str) -> None:
    """The bulk paths (executemany and plain selects on psycopg's cursor) on PostgreSQL."""
    db = Database(pg_url)
    event = every_table_shape()
    with db.transaction() as s:
        row = snapshot_repo.insert(s, event=event, round_minutes=50)
    assert row.id is not None
    with db.reading() as s:
        assert snapshot_repo.load(s, event_id=row.id) == in_table_order(event)
    db.close()


def test_the_reads_without_the_orm_on_postgresql(pg_url: str) -> None:
    """`players list`'s path (plain Core reads on the app's own engine) reads what the
    services read through the ORM, booleans and all, on PostgreSQL too."""
    check_plain_reads(pg_url)


def test_the_standings_without_the_orm_on_postgresql(pg_url: str) -> None:
    """`standings` and `export` read a server through an engine: the services' own."""
    check_reads_without_the_orm(pg_url)
