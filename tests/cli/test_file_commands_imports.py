"""The file commands load no database stack (issue 35.6).

`check-deck --cards`, `pair FILE` and `standings FILE` touch no database, so they
must not import SQLAlchemy, SQLModel, alembic (nor Qt): a deck-check script
calling `check-deck` per list paid ~0.9 s a call for them. Each command runs in a
fresh interpreter, which then prints what it had imported.
"""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from organizer.core.event import EventData
from organizer.core.interchange import dumps_event
from organizer.services.kit.resources import resources_dir
from organizer.storage import plain_reads
from organizer.storage.plain_reads import PlainReader
from tests.core.pairing.simulate import advance, make_players

HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "PySide6", "organizer.storage.database")

RUN_AND_LIST = """
import io, json, sys
from organizer.cli.main import run
out = io.StringIO()
status = run(sys.argv[1:], out=out, err=io.StringIO())
print(json.dumps({"status": status, "modules": sorted(sys.modules), "out": out.getvalue()}))
"""


def run_listing(*args: str) -> tuple[int, set[str], str]:
    """The command's exit status, the modules it had imported and what it printed."""
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST, *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    answer = json.loads(done.stdout)
    return answer["status"], set(answer["modules"]), answer["out"]


def imported_by(*args: str) -> tuple[int, set[str]]:
    status, modules, _ = run_listing(*args)
    return status, modules


@pytest.fixture(scope="module")
def event_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = random.Random(16)
    event = EventData(name="file event", players=make_players(16), best_of=3)
    for number in (1, 2):
        event = advance(event, rng, seed=number, draw_rate=0.1, drop_rate=0.0)
    path = tmp_path_factory.mktemp("files") / "event.json"
    path.write_text(dumps_event(event), encoding="utf-8")
    return path


def check_deck_args() -> list[str]:
    res = resources_dir()
    return [
        "check-deck",
        "--format",
        "wars-constructed",
        "--cards",
        str(res / "cardpools" / "sample-wars.csv"),
        str(res / "decklists" / "sample-wars-constructed.txt"),
    ]


@pytest.mark.parametrize("command", ["check-deck", "pair", "standings"])
def test_a_file_command_imports_no_database_stack(command: str, event_file: Path) -> None:
    args = check_deck_args() if command == "check-deck" else [command, str(event_file)]
    status, modules = imported_by(*args)
    assert status == 0
    loaded = sorted(
        m for m in modules for heavy in HEAVY if m == heavy or m.startswith(heavy + ".")
    )
    assert loaded == []


def test_a_data_command_still_opens_its_database(tmp_path: Path) -> None:
    """The same check would pass if nothing ran: a data command does load the stack."""
    db = tmp_path / "events.sqlite3"
    status, modules = imported_by(
        "--db", str(db), "new", "--name", "Friday", "--format", "wars-constructed"
    )
    assert status == 0
    assert "sqlalchemy" in modules


READ_WITHOUT = ("sqlmodel", "pydantic", "alembic", "sqlalchemy.orm", "organizer.storage.tables")
READ_WITHOUT_TOO = (
    "reportlab",
    "werkzeug",
    "jinja2",
    "PySide6",
    "organizer.services.kit.write_lock",
)


def test_players_list_reads_without_the_orm(tmp_path: Path) -> None:
    """`players list` on a SQLite file reads it with the standard library's `sqlite3`: no
    SQLAlchemy at all (about 0.3 s of its start, issue 35.6), nor what other commands print
    or serve with. The folder has a space and an accent, as a TO's documents folder may."""
    db = str(tmp_path / "Club Été" / "events.sqlite3")
    new = ("new", "--name", "Friday", "--format", "wars-constructed")
    assert imported_by("--db", db, *new)[0] == 0
    assert imported_by("--db", db, "players", "add", "Ada Ňo")[0] == 0
    status, modules, out = run_listing("--db", db, "players", "list")
    assert status == 0
    assert "Ada Ňo" in out  # it did read the database
    loaded = sorted(
        m
        for m in modules
        for heavy in ("sqlalchemy", *READ_WITHOUT, *READ_WITHOUT_TOO)
        if m == heavy or m.startswith(heavy + ".")
    )
    assert loaded == []


def test_players_import_writes_without_the_orm(tmp_path: Path) -> None:
    """`players import` registers the players with their PINs on SQLAlchemy Core alone
    (`storage.plain_writes`): loading SQLModel, pydantic and the ORM took longer than
    importing a store's 300 regulars (issue 36.11)."""
    db = str(tmp_path / "events.sqlite3")
    new = ("new", "--name", "Friday", "--format", "wars-constructed")
    assert imported_by("--db", db, *new)[0] == 0
    players = tmp_path / "players.csv"
    players.write_text("name\nAda\nBo\n", encoding="utf-8")
    status, modules = imported_by("--db", db, "players", "import", str(players))
    assert status == 0
    loaded = sorted(
        m for m in modules for heavy in READ_WITHOUT if m == heavy or m.startswith(heavy + ".")
    )
    assert loaded == []
    reader = PlainReader(f"sqlite:///{db}")
    try:
        with reader.connect() as conn:
            assert [p.name for p in plain_reads.players(conn, event_id=1)] == ["Ada", "Bo"]
    finally:
        reader.close()


def test_standings_and_export_read_without_sqlalchemy(tmp_path: Path) -> None:
    """`standings` and `export` on a SQLite file read the event with `sqlite3`
    (`storage.event_reads`): a script polling the standings or copying the event to a
    website pays neither SQLAlchemy nor the ORM (issue 35.6)."""
    db = str(tmp_path / "Club Été" / "events.sqlite3")
    new = ("new", "--name", "Friday", "--format", "wars-constructed")
    assert imported_by("--db", db, *new)[0] == 0
    for name in ("Ada Ňo", "Bo", "Cy", "Di"):
        assert imported_by("--db", db, "players", "add", name)[0] == 0
    assert imported_by("--db", db, "pair", "--seed", "1")[0] == 0
    assert imported_by("--db", db, "result", "1", "2-0")[0] == 0
    status, standings_modules, out = run_listing("--db", db, "standings")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["Rank", "Name", "Pts"]
    assert [line.split()[-5] for line in lines[1:]] == ["3", "0", "0", "0"]  # table 1's winner
    status, export_modules, out = run_listing("--db", db, "export", "-o", "-")
    assert status == 0
    exported = json.loads(out)
    assert [p["name"] for p in exported["players"]] == ["Ada Ňo", "Bo", "Cy", "Di"]
    assert exported["rounds"][0]["matches"][0]["a_wins"] == 2
    loaded = sorted(
        m
        for m in standings_modules | export_modules
        for heavy in ("sqlalchemy", *READ_WITHOUT, *READ_WITHOUT_TOO)
        if m == heavy or m.startswith(heavy + ".")
    )
    assert loaded == []


def test_a_read_beside_another_stations_open_write_sees_what_was_committed(tmp_path: Path) -> None:
    """Two processes: another station holds a write open (a name changed, not committed);
    `players list` and `standings`, reading with `sqlite3`, neither wait for it nor see it."""
    db = tmp_path / "Club Été" / "events.sqlite3"
    new = ("new", "--name", "Friday", "--format", "wars-constructed")
    assert imported_by("--db", str(db), *new)[0] == 0
    assert imported_by("--db", str(db), "players", "add", "Ada")[0] == 0
    other = sqlite3.connect(db, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # the write lock, held
        other.execute("UPDATE person SET name = 'Not yet'")
        listed = run_listing("--db", str(db), "players", "list")
        ranked = run_listing("--db", str(db), "standings")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert listed[0] == 0 and ranked[0] == 0
    assert "Ada" in listed[2] and "Ada" in ranked[2]
    assert "Not yet" not in listed[2] + ranked[2]
