"""One wording of a penalty (issue 35 item 7): `penalty list` on the command line and the
printed penalty report say the same details for the same penalty, word for word.

A real database file, the command line run in-process, the report printed by
`organizer print penalties` and read back with pypdf.
"""

from __future__ import annotations

from pathlib import Path

from organizer.core.results import Score
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.cli.helpers import ok
from tests.printing.pdf_reading import text
from tests.services.event_builders import event_with_players, store_round


def flat(words: str) -> str:
    return " ".join(words.split())


def test_the_command_line_and_the_paper_word_each_penalty_alike(
    db: Database, db_path: Path
) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    record_result(db, event_id=event_id, table=2, score=Score(2, 1))
    for args in (
        ("p3", "Slow Play", "Warning", "--note", "long turns", "--judge", "Ana"),
        ("p3", "Slow Play", "Warning", "--judge", "Bo"),  # an upgrade
        ("p3", "Cheating", "Game Loss", "--note", "marked sleeves"),  # changes table 2
    ):
        ok(db_path, "penalty", "add", *args)
    ok(db_path, "penalty", "remove", "3", "--reason", "wrong player")

    listed = ok(db_path, "penalty", "list", "--all").out.splitlines()
    details = [line.split("\t")[7] for line in listed if line.count("\t") == 7]
    assert len(details) == 3  # the plain second warning has details too: its upgrade
    assert details[0] == "long turns"
    assert details[1] == "UPGRADE: 2nd Warning for Slow Play"
    assert details[2].startswith("marked sleeves") and "had: table 2: 2-1 -> 1-2" in details[2]
    assert details[2].endswith("REMOVED: wrong player")
    judges = [line.split("\t")[6] for line in listed]
    assert judges == ["Ana", "Bo", "-"]  # the report's Judge column, in the same place

    pdf_path = db_path.parent / "penalties.pdf"
    ok(db_path, "print", "penalties", "-o", str(pdf_path))
    paper = flat(text(pdf_path.read_bytes()))
    pdf_path.unlink()
    for words in details:
        assert flat(words) in paper, (words, paper)
