"""`organizer penalty …` and `organizer print penalties` against a real database file."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.core.results import Score
from organizer.services.event import interchange
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.cli.helpers import organizer
from tests.printing.pdf_reading import text
from tests.services.event_builders import event_with_players, store_round


def scores(db: Database, event_id: int) -> list[object]:
    return [m.wins for m in interchange.load_event(db, event_id=event_id).rounds[-1].matches]


def test_a_judges_penalties_from_the_command_line(db: Database, db_path: Path) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    record_result(db, event_id=event_id, table=2, score=Score(2, 1))
    warn = organizer(
        db_path, "penalty", "add", "p3", "slow play", "warning", "--note", "long turns",
        "--judge", "Ana",
    )  # fmt: skip
    assert warn.status == 0, warn.err
    assert warn.out.startswith("#1\tp3\tPlayer 3\tround 1 table 2\tSlow Play\tWarning\t")
    again = organizer(db_path, "penalty", "add", "p3", "Slow Play", "Warning", "--json")
    assert again.status == 0 and "this 2nd one is an upgrade" in again.err
    assert json.loads(again.out)["upgrade"] is True
    loss = organizer(
        db_path, "penalty", "add", "p3", "Cheating", "Game Loss", "--round", "1", "--table", "2"
    )
    assert loss.status == 0, loss.err
    assert "table 2: 2-1 -> 1-2" in loss.out
    assert scores(db, event_id)[1] == (1, 2)

    listed = json.loads(organizer(db_path, "penalty", "list", "--json").out)["penalties"]
    assert [(p["id"], p["penalty"], p["upgrade"]) for p in listed] == [
        (1, "Warning", False), (2, "Warning", True), (3, "Game Loss", False)
    ]  # fmt: skip
    assert listed[0]["player"] == {"id": "p3", "name": "Player 3"}
    assert listed[0]["judge"] == "Ana" and listed[0]["note"] == "long turns"

    removed = organizer(db_path, "penalty", "remove", "3", "--reason", "wrong table")
    assert removed.status == 0, removed.err
    assert removed.out == "removed #3: Game Loss for Player 3 (Cheating)\n"
    assert scores(db, event_id)[1] == (2, 1)
    assert "#3" not in organizer(db_path, "penalty", "list").out
    history = organizer(db_path, "penalty", "history", "p3").out
    assert "REMOVED: wrong table" in history and "UPGRADE: 2nd Warning for Slow Play" in history

    pdf_path = Path(db_path).parent / "penalties.pdf"
    printed = organizer(db_path, "print", "penalties", "-o", str(pdf_path))
    assert printed.status == 0, printed.err
    report = " ".join(text(pdf_path.read_bytes()).split())
    assert "Penalty report" in report and "long turns" in report
    assert "REMOVED: wrong table" in report


def test_mistakes_are_refused_with_their_reason(db: Database, db_path: Path) -> None:
    event_id = event_with_players(db, "castle-wars", 3)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", None)])
    cases = [
        (("p9", "Tardiness", "Warning"), 1, "no player with id 'p9'"),
        (("p1", "Tardiness", "Caution"), 2, "'Caution' is not a penalty"),
        (("p1", "Marked Cards", "Warning"), 2, "the categories are: Tardiness, "),
        (("p3", "Tardiness", "Game Loss"), 1, "Player 3 has a bye in round 1"),
        (("p1", "Tardiness", "Warning", "--table", "2"), 2, "sits at table 1 in round 1"),
    ]
    for args, status, message in cases:
        result = organizer(db_path, "penalty", "add", *args)
        assert (result.status, result.out) == (status, ""), args
        assert message in result.err, result.err
    assert organizer(db_path, "penalty", "list").out == "no penalties\n"
    gone = organizer(db_path, "penalty", "remove", "7")
    assert gone.status == 1 and "there is no penalty 7" in gone.err
    categories = organizer(db_path, "penalty", "categories").out.splitlines()
    assert categories[0] == "Tardiness" and "Cheating" in categories
    assert (
        organizer(db_path, "settings", "penalty_categories", "Marked Cards, Slow Play").status == 0
    )
    assert organizer(db_path, "penalty", "categories").out == "Marked Cards\nSlow Play\n"


def test_a_disqualification_drops_the_player(db: Database, db_path: Path) -> None:
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 2)
    store_round(db, event_id, 1, [("p1", "p2")])
    dq = organizer(db_path, "penalty", "add", "p2", "Cheating", "Disqualification")
    assert dq.status == 0, dq.err
    assert "table 1: recorded 1-0; dropped after round 1" in dq.out
    players = json.loads(organizer(db_path, "players", "list", "--json").out)["players"]
    assert [p["dropped"] for p in players] == [False, True]
    assert scores(db, event_id) == [(1, 0)]
