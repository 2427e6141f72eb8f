"""Moving the events onto the hosted server and back: one call each, nothing lost.

The station's SQLite file is only read when the events move onto the host (its
bytes are checked); moving back brings what was entered on the host into the
file, keeps the file as it was beside it, and empties the host so the events
are in one place again.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from organizer.core.results import Score
from organizer.services.demo import demo
from organizer.services.event import events, interchange
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.phones import pin_issue, pins
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.services.stations import stations
from organizer.storage import hosted_pin_key
from organizer.storage.database import Database
from organizer.storage.db_errors import HostStoppedError
from organizer.storage.server.embedded import HostedServer
from tests.gui.played_events import event_with_players
from tests.journal import journal_entries
from tests.races.stations import stations as race_stations
from tests.storage.postgres_server import available, free_port
from tests.storage.server.hosted import host_folder, hosted_server

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not available(), reason="PostgreSQL (pgserver) is not installed"),
]


@pytest.fixture
def folder() -> Iterator[Path]:
    with host_folder() as f:
        yield f


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_events_move_onto_the_host_and_back(folder: Path, tmp_path: Path) -> None:
    station = tmp_path / "station.sqlite3"
    db = Database(f"sqlite:///{station}")
    made = demo.create_demo(db).value
    other = event_with_players(db, "castle-wars", 6, name="Second event")
    journal = [e.summary for e in journal_entries(db, event_id=made.event_id)]
    db.close()
    before = digest(station)

    started = stations.start_hosting(str(station), folder=folder, port=free_port())
    assert (started.moved, started.events) == (2, 2)
    assert digest(station) == before  # the station's file is as it was
    host = Database(started.local_url)
    try:
        assert {e.id for e in events.list_events(host)} == {made.event_id, other}
        assert [e.summary for e in journal_entries(host, event_id=made.event_id)] == journal
        pairing.pair_next(host, event_id=other, seed=3)
        results.record_result(host, event_id=other, table=1, score=Score(2, 0))
        newer = events.create_event(host, name="Made on the host", format_id="castle-wars").value
    finally:
        host.close()

    again = stations.start_hosting(str(station), folder=folder)
    assert (again.moved, again.events) == (0, 3)  # a second start moves nothing again

    moved, kept = stations.move_back(str(station), folder=folder)
    assert moved == 3 and kept is not None
    old = Database(f"sqlite:///{kept}")  # the file as it was before the move back
    try:
        assert {e.id for e in events.list_events(old)} == {made.event_id, other}
        assert not interchange.load_event(old, event_id=other).rounds
    finally:
        old.close()
    back = Database(f"sqlite:///{station}")
    try:
        names = {e.name for e in events.list_events(back)}
        assert "Made on the host" in names and "Second event" in names
        match = interchange.load_event(back, event_id=other).rounds[0].matches[0]
        assert match.wins == (2, 0)
        created = events.create_event(back, name="After", format_id="castle-wars").value
        assert created.id > newer.id  # ids go on after the copied ones
    finally:
        back.close()
    with pytest.raises(HostStoppedError, match=r"^The host stopped sharing this event"):
        Database(started.local_url)  # a station is refused from the move back on
    host = Database(HostedServer(folder).admin_url())
    try:
        assert events.list_events(host) == []  # the events are in one place again
    finally:
        host.close()
    with pytest.raises(RefusedError, match="nothing to move back"):
        stations.move_back(str(station), folder=folder)


def test_ids_go_on_after_the_copied_ones_on_the_host(folder: Path, tmp_path: Path) -> None:
    station = tmp_path / "station.sqlite3"
    db = Database(f"sqlite:///{station}")
    first = event_with_players(db, "castle-wars", 4, name="First")
    db.close()
    started = stations.start_hosting(str(station), folder=folder, port=free_port())
    host = Database(started.local_url)
    try:
        created = events.create_event(host, name="New", format_id="castle-wars").value
        assert created.id > first
    finally:
        host.close()


def test_join_url_reads_a_code_or_a_url() -> None:
    from organizer.storage.server.join_code import make_code

    code = make_code("192.168.1.20", 5433, bytes(8))
    assert stations.join_url(f"  {code.lower()} ").startswith(
        "postgresql+psycopg://organizer_station:"
    )
    assert stations.join_url("postgres://u:p@h:5/d") == "postgresql+psycopg://u:p@h:5/d"
    for bad in ("", "sqlite:///x", "7K3M-9QXA"):
        with pytest.raises(InputError):
            stations.join_url(bad)


def test_a_station_writing_while_the_events_move_back_waits_and_is_refused(
    folder: Path, tmp_path: Path
) -> None:
    """Moving back holds every event's lock: another station's result (a second
    process) cannot land between the copy and the emptying; it is refused as busy."""
    station = tmp_path / "station.sqlite3"
    db = Database(f"sqlite:///{station}")
    event_id = event_with_players(db, "castle-wars", 4, name="Hall event")
    db.close()
    started = stations.start_hosting(str(station), folder=folder, port=free_port())
    host = Database(started.local_url)
    pairing.pair_next(host, event_id=event_id, seed=1)
    other_station = [sys.executable, "-m", "organizer", "--db", started.local_url]
    env = {**os.environ, "ORGANIZER_LOCK_WAIT": "1"}
    try:
        with host.writing_every_event():
            refused = subprocess.run(
                [*other_station, "result", "1", "2-0"], env=env, capture_output=True, text=True
            )
        assert refused.returncode == 1, refused
        assert "Nothing was saved" in refused.stderr
        assert interchange.load_event(host, event_id=event_id).rounds[0].matches[0].wins is None
        entered = subprocess.run(
            [*other_station, "result", "1", "2-0"], env=env, capture_output=True, text=True
        )
        assert entered.returncode == 0, entered  # the lock gone, the same write goes through
    finally:
        host.close()


def test_stop_hosting_moves_back_then_stops_or_keeps_the_events_there(
    folder: Path, tmp_path: Path
) -> None:
    """The one stop both clients use: the app's Stop hosting… brings the events back
    and stops the server; `organizer host` stopped with Ctrl+C leaves them there."""
    station = tmp_path / "station.sqlite3"
    db = Database(f"sqlite:///{station}")
    event_with_players(db, "castle-wars", 4, name="Kept")
    db.close()
    server = HostedServer(folder)
    stations.start_hosting(str(station), folder=folder, port=free_port())
    station.unlink()  # only the host has the event now
    assert stations.stop_hosting(folder=folder).moved == 0
    assert not server.is_running() and not station.exists()
    again = stations.start_hosting(str(station), folder=folder)
    assert (again.moved, again.events) == (0, 1)  # still on the host
    stopped = stations.stop_hosting(str(station), events_back=True, folder=folder)
    assert stopped.moved == 1 and not server.is_running()
    back = stations.leave(f"sqlite:///{station}")
    try:
        assert [e.name for e in events.list_events(back)] == ["Kept"]
    finally:
        back.close()


def _sign_in(db: Database, event_id: int, issued: pin_issue.IssuedPin) -> str:
    who = pins.check_pin(
        db,
        event_id=event_id,
        who=issued.code,
        pin=issued.pin,
        address="192.0.2.7",
        now=dt.datetime.now(dt.UTC),
    )
    return who.code


def _digest_kind(db: Database, registration_id: int) -> str:
    with db.reading() as s:
        stored = s.execute(
            text("SELECT digest FROM player_pin WHERE registration_id = :r"),
            {"r": registration_id},
        ).scalar_one()
    return str(stored).split("$")[0]


def test_pins_keep_working_onto_the_host_on_it_and_back(folder: Path, tmp_path: Path) -> None:
    """Issue 36, item 11: a hosted event's PINs are keyed (not scrypt), every station
    checks them with the same key, and PINs issued before sharing or on the host sign in
    after each move."""
    station = tmp_path / "station.sqlite3"
    db = Database(f"sqlite:///{station}")
    event_id = event_with_players(db, "castle-wars", 4, name="Pins")
    ids = [p.registration_id for p in registration.list_players(db, event_id=event_id)]
    before = pins.issue_pins(db, event_id=event_id, registration_ids=ids[:1]).value[0]
    db.close()

    started = stations.start_hosting(str(station), folder=folder, port=free_port())
    host, other = Database(started.local_url), stations.join(started.hosted.code or "")
    try:
        assert _sign_in(other, event_id, before) == before.code  # issued before sharing
        on_host = pins.issue_pins(host, event_id=event_id, registration_ids=ids[1:2]).value[0]
        assert _digest_kind(host, on_host.registration_id) == "hmac-sha256"
        assert _sign_in(other, event_id, on_host) == on_host.code  # one key for every station
        with host.reading() as s:  # the database holds the key only wrapped
            row = s.execute(text("SELECT wrapped FROM pin_key_wrap")).scalar_one()
        assert bytes.fromhex(row) != host.pin_key()
    finally:
        host.close()
        other.close()

    stations.move_back(str(station), folder=folder)
    back = Database(f"sqlite:///{station}")
    try:
        assert _sign_in(back, event_id, on_host) == on_host.code  # issued on the host
        assert _sign_in(back, event_id, before) == before.code
    finally:
        back.close()


def test_a_hosted_key_read_under_another_password_is_refused() -> None:
    with hosted_server() as server:
        host = Database(server.local_url())
        try:
            key = host.pin_key()
            assert key is not None and len(key) == 32
            with host.engine.connect() as conn:
                assert hosted_pin_key.read(conn, server.station_password()) == key
                with pytest.raises(hosted_pin_key.WrongPasswordError):
                    hosted_pin_key.read(conn, "not the stations' password")
        finally:
            host.close()


def test_two_stations_making_the_hosted_key_at_once_get_one_key() -> None:
    """The first PIN of a hosted event makes the server's key: two stations asking at the
    same moment (two processes) both key with the one that was kept."""
    with hosted_server() as server:
        with race_stations(server.local_url(), 2) as two:
            outcomes = two.race([("pin_key_check", {}), ("pin_key_check", {})])
        assert [kind for kind, _ in outcomes] == ["ok", "ok"], outcomes
        (first, _), (second, _) = ((text, kind) for kind, text in outcomes)
        assert first == second != "no key"
        host = Database(server.local_url())
        try:
            key = host.pin_key()
            assert key is not None
            assert hashlib.sha256(key).hexdigest()[:16] == first
        finally:
            host.close()
