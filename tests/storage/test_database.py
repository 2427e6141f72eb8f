"""Opening the database: SQLite settings, URL resolution, migrations."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

from organizer.storage.database import Database, DatabaseError, Tx, resolve_url
from organizer.storage.migrate import current_revision, head_revision
from organizer.storage.schema_version import HEAD, stored_revision


def test_sqlite_runs_in_wal_mode_with_foreign_keys(db: Database) -> None:
    with db.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL


def test_a_new_database_is_at_the_newest_schema(db: Database) -> None:
    assert current_revision(db.engine) == head_revision()
    tables = set(inspect(db.engine).get_table_names())
    assert {"event", "person", "registration", "round", "match", "seat", "journal"} <= tables


def test_the_head_read_without_alembic_is_alembics_head(db: Database) -> None:
    assert head_revision() == HEAD
    assert stored_revision(db.engine) == HEAD


def test_migrations_build_exactly_the_tables_the_code_declares(db: Database) -> None:
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    assert diff == []


def test_an_older_database_is_upgraded_not_recreated(db_path: Path) -> None:
    old = Database(f"sqlite:///{db_path}", migrate=False)
    with old.engine.begin() as conn:
        conn.execute(text("CREATE TABLE keep_me (x INTEGER)"))
        conn.execute(text("INSERT INTO keep_me VALUES (42)"))
    assert current_revision(old.engine) is None
    old.close()
    upgraded = Database(f"sqlite:///{db_path}")
    assert current_revision(upgraded.engine) == head_revision()
    with upgraded.engine.connect() as conn:
        assert conn.execute(text("SELECT x FROM keep_me")).scalar() == 42
    upgraded.close()


def test_resolve_url_prefers_the_option_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORGANIZER_DB", str(tmp_path / "env.sqlite3"))
    assert resolve_url(str(tmp_path / "opt.sqlite3")).endswith("opt.sqlite3")
    assert resolve_url(None).endswith("env.sqlite3")
    assert resolve_url("postgresql://u:pw@localhost/x") == "postgresql://u:pw@localhost/x"
    with pytest.raises(DatabaseError):
        resolve_url("nonsense://:::")


def test_default_location_is_the_user_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ORGANIZER_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", "/tmp/organizer-xdg-test")
    assert resolve_url(None) == "sqlite:////tmp/organizer-xdg-test/Organizer/organizer.sqlite3"


def test_location_hides_passwords() -> None:
    db = Database("sqlite://", migrate=False)
    assert db.location == "sqlite://"
    db.close()


def test_a_database_with_data_at_the_first_schema_upgrades_keeping_it(db_path: Path) -> None:
    from alembic import command

    from organizer.storage.migrate import alembic_config

    old = Database(f"sqlite:///{db_path}", migrate=False)
    command.upgrade(alembic_config(old.engine), "0001")
    with old.engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO event (id, name, format_id, best_of, round_minutes, points_win,"
                " points_draw, points_loss, settings, created_at)"
                " VALUES (1, 'Old', 'castle-wars', 3, 50, 3, 1, 0, '{}', '2026-01-01')"
            )
        )
        conn.execute(text("INSERT INTO person (id, name) VALUES (1, 'Ada')"))
        conn.execute(
            text(
                "INSERT INTO registration (id, event_id, person_id, code, position, awarded_byes,"
                " registered_at) VALUES (1, 1, 1, 'p1', 1, 0, '2026-01-01')"
            )
        )
        conn.execute(
            text(
                "INSERT INTO deck (registration_id, text, status, findings, submitted_at)"
                " VALUES (1, '30 Card', 'legal', '[]', '2026-01-01')"
            )
        )
    old.close()
    new = Database(f"sqlite:///{db_path}")
    with new.engine.connect() as conn:
        assert conn.execute(text("SELECT kind FROM deck")).scalar() == "deck"
        assert conn.execute(text("SELECT missed_round_losses FROM registration")).scalar() == 0
    assert current_revision(new.engine) == head_revision()
    new.close()


def test_a_transaction_knows_its_database_and_a_block_inside_joins_it(db: Database) -> None:
    with db.transaction() as outer:
        assert isinstance(outer, Tx) and outer.db is db
        with db.reading() as inner:
            assert inner is outer
    with db.reading() as alone:
        assert alone is not outer and alone.db is db
