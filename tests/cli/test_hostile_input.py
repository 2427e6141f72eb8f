"""The minimal reproducers of issue 18, through the command line: each is a clear message.

Every file here once gave a Python traceback (or megabytes of output); each must now give
exit status 2 (unreadable input, naming file, line and problem) or 1 (refused, naming why),
and a refused import must leave the database without a new event.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from organizer.services.event.events import list_events
from organizer.storage.database import Database
from tests.cli.helpers import Outcome, organizer


def _event(rounds: list[dict[str, Any]] | None = None, **player: Any) -> dict[str, Any]:
    return {
        "schema": "organizer-event/1",
        "name": "Hostile",
        "players": [
            {"id": "p1", "name": "Ada", **player},
            {"id": "p2", "name": "Bo"},
            {"id": "p3", "name": "Cy"},
            {"id": "p4", "name": "Di"},
        ],
        "rounds": rounds or [],
    }


def _events_in(db_path: Path) -> int:
    if not db_path.exists():
        return 0
    db = Database(f"sqlite:///{db_path}")
    try:
        return len(list_events(db))
    finally:
        db.close()


def _each_event_command(db_path: Path, path: Path) -> list[Outcome]:
    return [
        organizer(db_path, "import", str(path)),
        organizer(db_path, "pair", str(path)),
        organizer(db_path, "standings", str(path)),
    ]


def _write(tmp_path: Path, text: str, name: str = "event.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_500_nested_brackets_are_unreadable_not_a_recursion_error(
    db_path: Path, tmp_path: Path
) -> None:
    path = _write(
        tmp_path, '{"schema": "organizer-event/1", "name": ' + "[" * 500 + "]" * 500 + "}"
    )
    for outcome in _each_event_command(db_path, path):
        assert outcome.status == 2, outcome.err
        assert f"{path}, line 1: not valid JSON: nested deeper than 16 levels" in outcome.err
    assert _events_in(db_path) == 0


@pytest.mark.parametrize(
    ("match", "expected"),
    [
        ({"table": 10**30}, "'table' must be from 1 to 9,999, not a 31-digit number"),
        (
            {"table": 1, "a_wins": 10**19, "b_wins": 0},
            "'a_wins' must be from 0 to 99, not 10000000000000000000",
        ),
        ({"table": 1, "a_wins": "HUGE", "b_wins": 0}, "not a 4,400-digit number"),
    ],
)
def test_huge_numbers_name_the_bound(
    db_path: Path, tmp_path: Path, match: dict[str, Any], expected: str
) -> None:
    doc = _event([{"number": 1, "matches": [{"a": "p1", "b": "p2", **match}]}])
    path = _write(tmp_path, json.dumps(doc, indent=2).replace('"HUGE"', "9" * 4400))
    for outcome in _each_event_command(db_path, path):
        assert outcome.status == 2, outcome.err
        assert str(path) in outcome.err and expected in outcome.err
        assert "Traceback" not in outcome.err and len(outcome.err) < 500
    assert _events_in(db_path) == 0


def test_a_huge_round_number_and_byes_in_json(db_path: Path, tmp_path: Path) -> None:
    doc = _event([{"number": 10**25, "matches": []}], awarded_byes=10**19)
    path = _write(tmp_path, json.dumps(doc, indent=2))
    outcome = organizer(db_path, "import", str(path))
    assert outcome.status == 2
    assert "line 5: 'awarded_byes' must be from 0 to 99, not 10000000000000000000" in outcome.err
    assert "line 24: 'number' must be from 1 to 999, not a 26-digit number" in outcome.err


def test_a_lone_surrogate_name_is_unreadable(db_path: Path, tmp_path: Path) -> None:
    path = _write(tmp_path, json.dumps(_event(), indent=2).replace('"Bo"', '"\\ud800"'))
    for outcome in _each_event_command(db_path, path):
        assert outcome.status == 2, outcome.err
        assert f"{path}, line 9: 'name' holds a lone surrogate ('\\ud800')" in outcome.err
    assert _events_in(db_path) == 0


def test_a_20_digit_bye_count_in_a_players_csv(db_path: Path, tmp_path: Path) -> None:
    organizer(db_path, "new", "--name", "E", "--format", "castle-wars")
    path = _write(tmp_path, "name,awarded_byes\nAda,1\nBo,12345678901234567890\n", "p.csv")
    outcome = organizer(db_path, "players", "import", str(path))
    assert outcome.status == 2
    assert (
        f"{path}, line 3: awarded_byes must be from 0 to 99, not 12345678901234567890"
        in outcome.err
    )
    names = [
        p["name"]
        for p in json.loads(organizer(db_path, "players", "list", "--json").out)["players"]
    ]
    assert names == ["Ada"]


def test_pair_file_mid_round_names_the_tables_without_results(
    db_path: Path, tmp_path: Path
) -> None:
    doc = _event(
        [
            {
                "number": 1,
                "matches": [
                    {"table": 1, "a": "p1", "b": "p2", "a_wins": 1, "b_wins": 0, "draws": 0},
                    {"table": 2, "a": "p3", "b": "p4"},
                ],
            }
        ]
    )
    path = _write(tmp_path, json.dumps(doc, indent=2))
    outcome = organizer(db_path, "pair", str(path))
    assert outcome.status == 1
    assert outcome.err.strip() == (
        f"organizer pair: {path}: round 1 still lacks results at table 2; "
        "enter them before pairing the next round"
    )


def test_duplicate_rounds_tables_and_seats_are_named(db_path: Path, tmp_path: Path) -> None:
    done = {"a_wins": 1, "b_wins": 0, "draws": 0}
    doc = _event(
        [
            {"number": 1, "matches": [{"table": 1, "a": "p1", "b": "p2", **done}]},
            {"number": 1, "matches": [{"table": 1, "a": "p3", "b": "p4", **done}]},
            {
                "number": 2,
                "matches": [
                    {"table": 1, "a": "p1", "b": "p3", **done},
                    {"table": 1, "a": "p2", "b": "p4", **done},
                    {"table": 2, "a": "p1", "b": "p4", **done},
                ],
            },
        ]
    )
    path = _write(tmp_path, json.dumps(doc, indent=2))
    outcome = organizer(db_path, "import", str(path))
    assert outcome.status == 2
    assert "round 1 is listed twice (also on line" in outcome.err
    assert "round 2: table 1 is listed twice (also on line" in outcome.err
    assert "round 2: player 'p1' is seated twice (also on line" in outcome.err
    assert "round 2: player 'p4' is seated twice" in outcome.err
    assert _events_in(db_path) == 0


def test_a_20000_line_deck_list_is_refused_in_one_short_message(
    db_path: Path, tmp_path: Path
) -> None:
    lines = "".join(f"1 Unknown Card {i}\n" for i in range(20_000))
    path = _write(tmp_path, lines, "deck.txt")
    outcome = organizer(db_path, "check-deck", "--format", "castle-wars", str(path))
    assert outcome.status == 2
    assert f"{path}, line 2001: the text has 20,000 lines; a deck list has at most 2,000" in (
        outcome.err
    )
    assert len(outcome.out) + len(outcome.err) < 1_000


def test_a_1mb_line_is_not_echoed(db_path: Path, tmp_path: Path) -> None:
    path = _write(tmp_path, "1 Card\n" + "x" * 1_000_000 + "\n", "deck.txt")
    outcome = organizer(db_path, "check-deck", "--format", "castle-wars", str(path))
    assert outcome.status == 2
    assert f"{path}, line 2: the line is 1,000,000 characters long" in outcome.err
    assert len(outcome.err) < 1_000


def test_findings_print_50_and_count_the_rest(db_path: Path, tmp_path: Path) -> None:
    lines = "".join(f"1 Unknown Card {i}\n" for i in range(1_500))
    path = _write(tmp_path, lines, "deck.txt")
    outcome = organizer(db_path, "check-deck", "--format", "castle-wars", str(path))
    assert outcome.status == 1
    assert "more problems (--json lists every one)" in outcome.out
    assert len(outcome.out.splitlines()) <= 52
    listed = organizer(db_path, "check-deck", "--format", "castle-wars", str(path), "--json")
    assert len(json.loads(listed.out)["problems"]) >= 1_500


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("players", "add", "Bo", "--byes", "9" * 20), "awarded_byes must be from 0 to 99"),
        (("--event", "9" * 20, "players", "list"), "an event id must be from 1 to"),
        (("result", "1", "2-0", "--round", "9" * 4400), "not a 4,400-digit number"),
        (("clock", "extend", "1", "1e999"), "minutes must be a number from -10,000 to 10,000"),
    ],
)
def test_huge_numbers_on_the_command_line_are_usage_errors(
    db_path: Path, args: tuple[str, ...], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    organizer(db_path, "new", "--name", "E", "--format", "castle-wars")
    outcome = organizer(db_path, *args)
    assert outcome.status == 2
    assert expected in capsys.readouterr().err  # argparse writes usage errors to stderr


def test_a_file_over_16_mb_is_not_read(db_path: Path, tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as file:
        file.write(b" " * (16 * 1024 * 1024 + 1))
    outcome = organizer(db_path, "standings", str(path))
    assert outcome.status == 2
    assert f"{path}: the file is larger than 16 MB" in outcome.err
