"""The hosted server: stations get in with the code's password and reach only their database.

A real PostgreSQL 16 from the pgserver wheel, started as the app ships it
(every interface) in a folder with a space and an "é". Also
checks that a result committed before the server process is killed (SIGKILL,
as in a power cut) is there after the restart.
"""

from __future__ import annotations

import os
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from sqlalchemy import text as sql_text

from organizer.core.results import Score
from organizer.services.clock import clock
from organizer.services.decks import cardpools
from organizer.services.demo import demo
from organizer.services.event import events, interchange, settings
from organizer.services.event import undo as event_undo
from organizer.services.kit.resources import sample_pool_path
from organizer.services.rounds import pairing, results, rewind
from organizer.storage.database import Database, session_options
from organizer.storage.db_errors import DatabaseBusyError, DatabaseUnavailableError, SchemaError
from organizer.storage.schema_version import HEAD
from organizer.storage.server.embedded import HostedServer, HostingError
from organizer.storage.server.join_code import read_code
from tests.gui.played_events import event_with_players
from tests.storage.postgres_server import available, free_port
from tests.storage.server.hosted import host_folder, hosted_server

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not available(), reason="PostgreSQL (pgserver) is not installed"),
]


@pytest.fixture(scope="module")
def server() -> Iterator[HostedServer]:
    with hosted_server() as s:
        yield s


def test_a_station_with_the_code_works_on_the_event(server: HostedServer) -> None:
    hosted = server.hosted(bind="127.0.0.1")
    assert hosted.code is not None
    assert read_code(hosted.code).url == hosted.url == server.local_url()
    db = Database(read_code(hosted.code).url)
    try:
        event_id = event_with_players(db, "castle-wars", 4, name="Hosted")
        assert events.get_event(db, event_id).name == "Hosted"
        assert server.connected_stations() >= 1
    finally:
        db.close()


def test_a_wrong_password_is_refused(server: HostedServer) -> None:
    url = server.local_url()
    wrong = url.replace(server.station_password(), "WRONGPASSWORD")
    with pytest.raises(DatabaseUnavailableError, match="refused the password"):
        Database(wrong)
    nopassword = url.replace(f":{server.station_password()}@", "@")
    with pytest.raises(DatabaseUnavailableError):
        Database(nopassword)


def test_the_stations_user_reaches_only_the_organizer_database(server: HostedServer) -> None:
    address = server.hosted(bind="127.0.0.1").address
    params = {"host": address.host, "port": address.port, "password": address.password}
    for dbname in ("postgres", "template1"):
        with pytest.raises(psycopg.OperationalError, match=r"pg_hba\.conf"):
            psycopg.connect(user="organizer_station", dbname=dbname, **params)  # type: ignore[arg-type]
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(user="organizer_admin", dbname="organizer", **params)  # type: ignore[arg-type]
    with psycopg.connect(user="organizer_station", dbname="organizer", **params) as conn:  # type: ignore[arg-type]
        row = conn.execute(
            "SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user"
        ).fetchone()
        assert row == (False, False, False)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("CREATE ROLE intruder LOGIN")


def test_a_restart_keeps_the_code_and_the_data(server: HostedServer) -> None:
    before = server.hosted(bind="127.0.0.1")
    db = Database(server.local_url())
    event_id = event_with_players(db, "castle-wars", 4, name="Restarted")
    db.close()
    server.stop()
    assert not server.is_running()
    server.start()
    assert server.hosted(bind="127.0.0.1") == before
    db = Database(server.local_url())
    try:
        assert events.get_event(db, event_id).name == "Restarted"
    finally:
        db.close()


def test_a_result_committed_before_the_server_is_killed_is_kept(server: HostedServer) -> None:
    db = Database(server.local_url())
    event_id = event_with_players(db, "castle-wars", 4, name="Power cut")
    pairing.pair_next(db, event_id=event_id, seed=1)
    results.record_result(db, event_id=event_id, table=1, score=Score(2, 1))
    db.close()
    pid = int((server.data / "postmaster.pid").read_text().split()[0])  # PostgreSQL's own
    os.kill(pid, signal.SIGKILL)
    for _ in range(100):  # bounded: until the process is gone (a zombie counts as gone)
        if not server.is_running():
            break
        time.sleep(0.05)
    server.start()  # crash recovery replays the WAL
    db = Database(server.local_url())
    try:
        match = interchange.load_event(db, event_id=event_id).rounds[0].matches[0]
        assert match.wins == (2, 1)
    finally:
        db.close()


def test_a_server_that_cannot_start_says_why_and_where_its_log_is() -> None:
    with host_folder() as folder:
        server = HostedServer(folder)
        server.start(port=free_port())  # set up once, as the app does the first time
        server.stop()
        with (server.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            conf.write("shared_buffers = lots\n")  # a damaged configuration: it will not start
        with pytest.raises(HostingError) as refused:
            server.start(port=free_port())
        said = str(refused.value)
        assert "shared_buffers" in said and "lots" in said  # why, as the server said it
        assert f"The server's log is {folder / 'server.log'}" in said  # where to look
        assert not server.is_running()


def test_a_port_in_use_or_an_address_elsewhere_is_said_before_starting() -> None:
    with host_folder() as folder, socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = HostedServer(folder)
        with pytest.raises(HostingError, match=f"port {port} is used by another program"):
            server.start(port=port)
        with pytest.raises(
            HostingError, match=r"this computer has no network address 192\.0\.2\.77"
        ):
            server.start(bind="192.0.2.77", port=free_port())  # TEST-NET-1: nobody's address
        assert not server.is_running()


def station_connection(
    server: HostedServer, *, options: str = "", autocommit: bool = True
) -> psycopg.Connection[tuple[object, ...]]:
    address = server.hosted(bind="127.0.0.1").address
    return psycopg.connect(
        host=address.host,
        port=address.port,
        user="organizer_station",
        password=address.password,
        dbname="organizer",
        autocommit=autocommit,
        options=options,
    )


@pytest.mark.parametrize(
    "statement",
    [
        "DROP TABLE match",
        "TRUNCATE TABLE journal",
        "DELETE FROM journal",
        "UPDATE journal SET action = 'player.drop'",
        "UPDATE journal SET summary = 'nothing happened', before = 'null'",
        "UPDATE journal SET undone = true, after = 'null'",
        "DROP SCHEMA public CASCADE",
        "CREATE TABLE intruder (id integer)",
        "CREATE TEMPORARY TABLE intruder (id integer)",
        "CREATE FUNCTION intruder() RETURNS integer LANGUAGE sql AS 'SELECT 1'",
        "ALTER TABLE event ADD COLUMN intruder integer",
        "ALTER DATABASE organizer CONNECTION LIMIT 0",
        "ALTER DATABASE organizer SET statement_timeout = 1",
        "ALTER ROLE organizer_station CONNECTION LIMIT 0",
        "ALTER ROLE organizer_station CREATEDB",
        "UPDATE alembic_version SET version_num = 'x'",
        "SELECT query FROM pg_stat_activity",
        "SELECT * FROM pg_stat_get_activity(NULL)",
    ],
)
def test_the_stations_role_is_refused_anything_but_rows(
    server: HostedServer, statement: str
) -> None:
    with station_connection(server) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute(statement)
    with station_connection(server) as conn:  # and nothing of it happened
        assert conn.execute("SELECT count(*) FROM match").fetchone() is not None
        row = conn.execute(
            "SELECT datconnlimit FROM pg_database WHERE datname = 'organizer'"
        ).fetchone()
        assert row == (-1,)


def test_a_role_setting_a_station_makes_is_undone_and_never_binds_the_app(
    server: HostedServer,
) -> None:
    with station_connection(server) as conn:  # PostgreSQL lets a role set its own defaults
        conn.execute("ALTER ROLE organizer_station SET statement_timeout = 1")
    db = Database(server.local_url())
    try:  # the app's connections say their own timeouts, which win
        event_id = event_with_players(db, "castle-wars", 8, name="Timeout")
        pairing.pair_next(db, event_id=event_id, seed=2)
    finally:
        db.close()
    server.stop()
    server.start()  # and the host's start takes it away
    with station_connection(server) as conn:
        assert conn.execute("SHOW statement_timeout").fetchone() == ("0",)


def test_a_station_undoes_though_it_may_not_rewrite_the_journal(server: HostedServer) -> None:
    """Undo marks the entry it takes back (`undone`), the one journal column a station may
    update; the entry's action, summary and contents stay as written."""
    db = Database(server.hosted().url)
    try:
        event_id = event_with_players(db, "castle-wars", 4, name="Undone")
        entry = event_undo.next_undo(db, event_id=event_id)
        assert entry is not None
        rewind.undo_last(db, event_id=event_id)
        with db.reading() as s:
            row = s.execute(
                sql_text("SELECT action, summary, undone FROM journal WHERE id = :i"),
                {"i": entry.id},
            ).one()
        assert tuple(row) == (entry.action, entry.summary, True)
    finally:
        db.close()
    for rewrite in ("action = 'player.drop'", "undone = false"):  # nor revives it
        with (
            station_connection(server) as conn,
            pytest.raises(psycopg.errors.InsufficientPrivilege),
        ):
            conn.execute(f"UPDATE journal SET {rewrite} WHERE id = %s", (entry.id,))


SABOTAGE = (
    "default_transaction_read_only = on",
    "search_path = nowhere",
    "DateStyle = 'SQL, DMY'",
    "idle_session_timeout = 1",
)
"""Role defaults one station could give every station (PostgreSQL lets a role set its own)."""


def test_role_defaults_a_station_sets_never_break_the_apps_stations(server: HostedServer) -> None:
    """Read-only by default, a search path without our tables, another date style and a
    one-millisecond idle timeout on the stations' role: every station's connections say
    their own settings, so the event goes on (before, writes were refused as read-only
    and reads found no tables, until the host restarted)."""
    with station_connection(server) as conn:
        for setting in SABOTAGE:
            conn.execute(f"ALTER ROLE organizer_station SET {setting}")
    db = Database(server.hosted().url)
    try:
        event_id = event_with_players(db, "castle-wars", 8, name="Sabotaged role")
        pairing.pair_next(db, event_id=event_id, seed=2)
        time.sleep(0.05)  # past the idle timeout the role asks for, between two uses
        results.record_result(db, event_id=event_id, table=1, score=Score(2, 1))
        matches = interchange.load_event(db, event_id=event_id).rounds[0].matches
        assert matches[0].wins == (2, 1)
        with db.reading() as s:
            said = [s.execute(sql_text(f"SHOW {name}")).scalar_one() for name in SHOWN]
        assert said == ["off", "public", "ISO, MDY", "0"]
    finally:
        db.close()
        with station_connection(server, options=session_options(1)) as conn:
            conn.execute("ALTER ROLE organizer_station RESET ALL")


SHOWN = ("default_transaction_read_only", "search_path", "DateStyle", "idle_session_timeout")


def test_a_table_a_station_holds_locked_makes_a_write_busy_not_frozen(
    server: HostedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL lets any role that may update a table lock it (LOCK TABLE needs only
    UPDATE), so a station can hold the matches (no longer the journal, whose one
    updatable column does not count for a lock); the others' writes then wait the lock
    timeout and say the database is busy, with nothing half-written."""
    monkeypatch.setenv("ORGANIZER_LOCK_WAIT", "0.5")
    db = Database(server.hosted().url)
    try:
        event_id = event_with_players(db, "castle-wars", 4, name="Locked out")
        pairing.pair_next(db, event_id=event_id, seed=1)
        # not autocommit: the lock is held until the rollback
        with station_connection(server, autocommit=False) as holder:
            holder.execute("LOCK TABLE match IN ACCESS EXCLUSIVE MODE")
            with pytest.raises(DatabaseBusyError, match="busy"):
                results.record_result(db, event_id=event_id, table=1, score=Score(2, 0))
            holder.rollback()
        matches = interchange.load_event(db, event_id=event_id).rounds[0].matches
        assert matches[0].wins is None
    finally:
        db.close()


def test_the_schema_belongs_to_the_hosts_role(server: HostedServer) -> None:
    with station_connection(server) as conn:
        owners = conn.execute(
            "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'"
        ).fetchall()
        database = conn.execute(
            "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'organizer'"
        ).fetchone()
    assert owners == [("organizer_admin",)] and database == ("organizer_admin",)


def test_the_stations_role_still_does_every_stations_job(server: HostedServer) -> None:
    """What stations do today, through the stations' URL: create, register, decks, pair,
    results, clock, settings, card pools, import an event, delete one."""
    db = Database(server.hosted().url)
    try:
        demo_event = demo.create_demo(db).value  # players, decks, round 1 under way
        event_id = event_with_players(db, "castle-wars", 8, name="Every job")
        pairing.pair_next(db, event_id=event_id, seed=4)
        results.record_result(db, event_id=event_id, table=1, score=Score(2, 1))
        clock.start(db, event_id=event_id)
        clock.extend_table(db, event_id=event_id, table=2, seconds=120)
        settings.set_setting(db, event_id=event_id, key="pod_size", value="6")
        cardpools.import_pool(
            db,
            text=sample_pool_path("castle-wars").read_text("utf-8"),
            source="castle-wars.csv",
        )
        copy = interchange.import_event(
            db, text=interchange.export_event(db, event_id=event_id)
        ).value
        events.delete_event(db, demo_event.event_id)
        names = {e.name for e in events.list_events(db)}
        assert "Every job" in names and demo_event.event_id not in {
            e.id for e in events.list_events(db)
        }
        matches = interchange.load_event(db, event_id=copy).rounds[0].matches
        assert [m.wins for m in matches[:2]] == [(2, 1), None]
        assert clock.status(db, event_id=event_id).as_dict()["extensions"] == {"2": 120}
    finally:
        db.close()


def test_a_newer_station_on_an_older_host_is_told_to_update_the_host(
    server: HostedServer,
) -> None:
    """Only the host's own role migrates: a station whose app is newer than the host's
    schema is refused with what to do, and nothing is changed."""
    admin = psycopg.connect(server.admin_url().replace("postgresql+psycopg", "postgresql"))
    with admin:
        admin.execute("UPDATE alembic_version SET version_num = '0005'")
        admin.commit()
        try:
            with pytest.raises(SchemaError, match="update Organizer on the hosting computer"):
                Database(server.local_url(), confirm_migration=True)
            stored = admin.execute("SELECT version_num FROM alembic_version").fetchone()
            assert stored == ("0005",)  # nothing was changed
        finally:
            admin.execute("UPDATE alembic_version SET version_num = %s", (HEAD,))
            admin.commit()


def test_a_host_set_up_by_an_older_version_is_handed_to_the_hosts_role(
    server: HostedServer,
) -> None:
    """Before, the stations' role owned the database and every table (so it could drop
    them); the next start hands everything to the host's own role."""
    admin = psycopg.connect(
        server.admin_url().replace("postgresql+psycopg", "postgresql"), autocommit=True
    )
    with admin:
        admin.execute("ALTER DATABASE organizer OWNER TO organizer_station")
        admin.execute("ALTER DATABASE organizer CONNECTION LIMIT 0")
        tables = [
            t
            for (t,) in admin.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        ]
        for table in tables:
            admin.execute(
                sql.SQL("ALTER TABLE {} OWNER TO organizer_station").format(sql.Identifier(table))
            )
    server.stop()
    server.start()
    test_the_schema_belongs_to_the_hosts_role(server)
    with station_connection(server) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute("DROP TABLE match")


def test_asking_a_removed_host_folder_about_stations_makes_nothing_again(
    tmp_path: Path,
) -> None:
    """The stations panel's timer asks how many stations are connected; after the hosting
    folder was removed (a test's temp folder, Stop hosting and clean-up), the question made
    the folder again with fresh secrets in it: the `organizer-host-*` folders holding only
    `host.json` that test runs left behind."""
    removed = tmp_path / "gone" / "Org Host é"
    with pytest.raises(DatabaseUnavailableError):
        HostedServer(removed).connected_stations()
    assert not (tmp_path / "gone").exists()
