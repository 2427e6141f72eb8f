"""The prize table read as typed, and level players sharing what cannot be split evenly."""

from __future__ import annotations

import pytest

from organizer.core.event import EventData, Match, Player, PlayerId, Round
from organizer.core.event_end import still_playing
from organizer.core.pairing.standings import final_standings
from organizer.core.prizes import PrizeTableError, award_prizes, parse_prize_table


def test_keys_are_read_by_the_table_kind() -> None:
    table = parse_prize_table(["1:10 packs", "3-4:2 packs"])
    assert table.by == "place" and table.lines[1].places == (3, 4)
    table = parse_prize_table(["3-4:2 packs"])
    assert table.by == "record" and table.lines[0].record == (3, 4, 0)
    table = parse_prize_table(["2-0-1:3 packs"], by="record")
    assert table.lines[0].record == (2, 0, 1)
    with pytest.raises(PrizeTableError, match=r"prize 1 .* no prize after"):
        parse_prize_table(["1:"])
    with pytest.raises(PrizeTableError, match="do not go from 1 upwards"):
        parse_prize_table(["4-3:x"], by="place")


def three_way_tie() -> EventData:
    """Three players, each beating one and losing to one, a bye each: all level on 2-1."""
    players = tuple(Player(PlayerId(f"p{i}"), f"P{i}") for i in range(1, 4))
    p = [pl.id for pl in players]
    rounds = (
        Round(1, (Match(1, (p[0], p[1]), wins=(2, 0)), Match(None, (p[2],)))),
        Round(2, (Match(1, (p[1], p[2]), wins=(2, 0)), Match(None, (p[0],)))),
        Round(3, (Match(1, (p[2], p[0]), wins=(2, 0)), Match(None, (p[1],)))),
    )
    return EventData("Cycle", players, rounds)


def test_what_cannot_be_split_evenly_is_said() -> None:
    event = three_way_tie()
    rows = final_standings(event)
    assert {(r.swiss.wins, r.swiss.losses) for r in rows} == {(2, 1)}
    table = parse_prize_table(["1:5 packs", "2:3 packs", "3:playmat"], split="equal")
    prizes = {a.prize for a in award_prizes(table, rows)}
    assert prizes == {"a share of 5 packs, 3 packs, playmat (shared by 3)"}
    table = parse_prize_table(["1:5 packs", "2:3 packs", "3:2 packs"], split="equal")
    awards = award_prizes(table, rows)
    assert {a.prize for a in awards} == {"3 packs (10 packs shared by 3; 1 left over)"}
    assert {a.place_label for a in awards} == {"1-3"}


def test_the_event_is_over_when_every_planned_round_has_its_results() -> None:
    event = three_way_tie()
    assert still_playing(event, 3) is None
    assert still_playing(event, 4) == "3 of 4 planned rounds are played"
    unfinished = EventData(
        "Cycle",
        event.players,
        (*event.rounds[:2], Round(3, (Match(1, event.rounds[2].matches[0].players),))),
    )
    assert still_playing(unfinished, 3) == "round 3 has 1 result missing"
    cut = Round(4, (Match(1, (PlayerId("p1"), PlayerId("p2")), wins=(1, 1)),), stage="elimination")
    assert still_playing(EventData("Cut", event.players, (*event.rounds, cut)), 3) == (
        "the top cut is under way (round 4)"
    )
