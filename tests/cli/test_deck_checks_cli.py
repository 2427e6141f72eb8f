"""`organizer deckcheck pick|start|record|list`: the coverage, and the time a check gives back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from organizer.services.judging import deck_checks
from organizer.storage.database import Database
from tests.cli.helpers import organizer
from tests.services.event_builders import event_with_players, store_round


def test_a_deck_check_from_pick_to_its_extension(
    db: Database, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event_id = event_with_players(db, "castle-wars", 8)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8")])
    picked = organizer(db_path, "deckcheck", "pick", "--share", "0.25", "--seed", "3")
    assert picked.status == 0, picked.err
    (table,) = (int(t) for t in picked.out.split())
    assert picked.err == (
        "1 of 1 picked seat no player checked before; "
        "coverage so far: 1 of 4 tables (25 %), 2 of 8 players (25 %)\n"
    )
    assert organizer(db_path, "deckcheck", "start", str(table)).status == 0
    again = organizer(db_path, "deckcheck", "start", str(table))
    assert again.status == 1 and "started at" in again.err
    done = organizer(db_path, "deckcheck", "record", "1", str(table), "ok")
    assert done.status == 0, done.err
    (check,) = deck_checks.summary(db, event_id=event_id).checks
    minutes = check.seconds_added // 60
    assert minutes >= 1  # a check takes at least a minute on the clock: parts count whole
    assert done.out == f"table {table}: +{minutes} min on its clock (deck check)\n"
    status = json.loads(organizer(db_path, "clock", "status", "--json").out)
    assert status["extensions"] == {str(table): check.seconds_added}
    said = organizer(db_path, "clock", "status").out.splitlines()
    assert f"table {table}: +{minutes}:00 (deck check)" in said

    fixed = organizer(db_path, "deckcheck", "record", "1", str(table), "ok", "--minutes", "9")
    assert fixed.status == 0, fixed.err
    status = json.loads(organizer(db_path, "clock", "status", "--json").out)
    assert status["extensions"] == {str(table): 540}
    listed = organizer(db_path, "deckcheck", "list").out.splitlines()
    assert listed == [
        f"round 1 table {table}: ok (+9 min)",
        "checked: 1 of 4 tables (25 %), 2 of 8 players (25 %)",
    ]
    bad = organizer(db_path, "deckcheck", "record", "1", "2", "ok", "--minutes", "999")
    assert bad.status == 2  # argparse's usage error, on the process's own stderr
    assert "minutes must be from 0 to 120, not 999" in capsys.readouterr().err
