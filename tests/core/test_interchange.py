"""The event interchange JSON: reading, writing, and errors that name the line."""

from __future__ import annotations

import json

import pytest

from organizer.core.event import PlayerId
from organizer.core.interchange import InterchangeError, dumps_event, parse_event

SPEC_EXAMPLE = """{
  "schema": "organizer-event/1",
  "name": "Friday Night Skirmish",
  "date": "2026-11-20",
  "format": "warcaste-skirmish-constructed",
  "best_of": 1,
  "points": {"win": 3, "draw": 1, "loss": 0},
  "players": [
    {"id": "p1", "name": "Ada Byrne"},
    {"id": "p2", "name": "Bo Chen", "dropped_after_round": 2},
    {"id": "p3", "name": "Cy Diaz", "awarded_byes": 1}
  ],
  "rounds": [
    {
      "number": 1,
      "matches": [
        {"table": 1, "a": "p1", "b": "p2", "a_wins": 1, "b_wins": 0, "draws": 0},
        {"table": null, "a": "p3", "b": null}
      ]
    }
  ]
}"""


def test_reads_the_spec_example() -> None:
    event = parse_event(SPEC_EXAMPLE)
    assert event.name == "Friday Night Skirmish"
    assert [p.id for p in event.players] == ["p1", "p2", "p3"]
    assert event.player(PlayerId("p2")).dropped_after_round == 2
    assert event.player(PlayerId("p3")).awarded_byes == 1
    first, bye = event.rounds[0].matches
    assert first.wins == (1, 0) and first.draws == 0
    assert bye.is_bye and bye.reported


def test_write_then_read_is_the_same_document() -> None:
    once = dumps_event(parse_event(SPEC_EXAMPLE))
    twice = dumps_event(parse_event(once))
    assert once == twice
    assert json.loads(once)["rounds"][0]["matches"][1] == {"table": None, "a": "p3", "b": None}


def test_conquest_seats_and_winner_round_trip() -> None:
    doc = {
        "schema": "organizer-event/1",
        "name": "Conquest",
        "players": [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, 5)],
        "rounds": [
            {
                "number": 1,
                "matches": [
                    {"table": 1, "seats": ["p1", "p2", "p3", "p4"], "winner": "p3"},
                ],
            },
            {
                "number": 2,
                "matches": [{"table": 1, "seats": ["p4", "p3", "p2", "p1"], "winner": None}],
            },
        ],
    }
    event = parse_event(json.dumps(doc))
    won, drawn = event.rounds[0].matches[0], event.rounds[1].matches[0]
    assert won.winner == "p3" and won.wins == (0, 0, 1, 0)
    assert drawn.winner is None and drawn.draws == 1
    assert json.loads(dumps_event(event))["rounds"] == doc["rounds"]


def test_every_problem_is_reported_with_its_line() -> None:
    text = """{
  "name": "Broken",
  "players": [
    {"id": "p1", "name": "Ada"},
    {"id": "p1", "name": "Ada again"},
    {"id": "p2", "name": ""}
  ],
  "rounds": [
    {"number": 1, "matches": [
      {"table": 1, "a": "p1", "b": "p99"},
      {"table": 2, "a": "p1", "b": "p1"}
    ]}
  ]
}"""
    with pytest.raises(InterchangeError) as info:
        parse_event(text)
    lines = {p.line: p.message for p in info.value.problems}
    assert "used twice" in lines[5]
    assert "name" in lines[6]
    assert "p99" in lines[10]
    assert "themselves" in lines[11]


def test_syntax_error_names_line_and_column() -> None:
    with pytest.raises(InterchangeError) as info:
        parse_event('{\n  "name": "x",\n  "players": [,]\n}')
    (problem,) = info.value.problems
    assert problem.line == 3
    assert "not valid JSON" in problem.message


def test_wrong_schema_and_bad_numbers_are_refused() -> None:
    with pytest.raises(InterchangeError) as info:
        parse_event('{"schema": "other/2", "best_of": "three", "players": []}')
    text = str(info.value)
    assert "other/2" in text and "best_of" in text


def test_a_conquest_draw_or_winner_must_name_players_seated_at_its_table() -> None:
    """Each refused four-player result is reported, in its round (kinds the fuzz turned up)."""
    seats = ["p1", "p2", "p3", "p4"]
    results: list[dict[str, object]] = [
        {"winner": None, "drawn": "p1"},  # not a list
        {"winner": None, "drawn": ["p9"]},  # nobody of that id
        {"winner": None, "drawn": ["p5"]},  # registered, not at this table
        {"winner": "p5"},  # registered, not at this table
    ]
    doc = {
        "schema": "organizer-event/1",
        "name": "Conquest",
        "players": [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, 6)],
        "rounds": [
            {"number": n, "matches": [{"table": 1, "seats": seats, **result}]}
            for n, result in enumerate(results, start=1)
        ],
    }
    with pytest.raises(InterchangeError) as info:
        parse_event(json.dumps(doc, indent=2))
    messages = sorted(p.message for p in info.value.problems)
    assert messages == [
        "round 1: 'drawn' must list players seated at the table",
        "round 2: player 'p9' is not in the players list",
        "round 3: 'drawn' must name players seated at the table",
        "round 4: winner 'p5' is not seated at this table",
    ]


def test_every_unknown_player_of_a_table_is_said_not_only_the_first() -> None:
    doc = {
        "schema": "organizer-event/1",
        "name": "Typos",
        "players": [{"id": "p1", "name": "P1"}],
        "rounds": [{"number": 1, "matches": [{"table": 1, "seats": ["p1", "p7", 8]}]}],
    }
    with pytest.raises(InterchangeError) as info:
        parse_event(json.dumps(doc, indent=2))
    assert sorted(p.message for p in info.value.problems) == [
        "round 1: player '8' is not in the players list",
        "round 1: player 'p7' is not in the players list",
    ]


def test_a_fixed_table_round_trips_and_one_table_is_one_players() -> None:
    doc = json.loads(SPEC_EXAMPLE)
    doc["players"][0]["fixed_table"] = 4
    doc["players"][1]["fixed_table"] = 4  # dropped: the number is free again
    event = parse_event(json.dumps(doc))
    assert [p.fixed_table for p in event.players] == [4, 4, None]
    assert '"fixed_table": 4' in dumps_event(event)
    assert parse_event(dumps_event(event)) == event
    text = """{
  "name": "Two at one table",
  "players": [
    {"id": "p1", "name": "Ada", "fixed_table": 4},
    {"id": "p2", "name": "Bo", "fixed_table": 4},
    {"id": "p3", "name": "Cy", "fixed_table": 0}
  ]
}"""
    with pytest.raises(InterchangeError) as info:
        parse_event(text)
    lines = {p.line: p.message for p in info.value.problems}
    assert lines[5] == "'fixed_table' 4 is taken by player 'p1'"
    assert "'fixed_table' must be from 1 to 9,999, not 0" in lines[6]
