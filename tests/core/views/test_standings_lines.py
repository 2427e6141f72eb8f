"""Standings lines: the words of a swiss row, and how far each playoff player got."""

from __future__ import annotations

from dataclasses import replace

from organizer.core.pairing.standings import compute_standings, final_standings
from organizer.core.views.standings_lines import final_lines, standing_lines, standings_round
from tests.printing.sample import tied_event, top_cut_event


def test_a_line_says_rank_record_and_percentages_in_the_shared_words() -> None:
    event = tied_event()
    rows = compute_standings(event)
    lines = standing_lines(rows, dropped=[rows[-1].player])
    assert [line.rank for line in lines] == ["1", "2\u20133", "2\u20133", "4"]
    first = lines[0]
    assert (first.points, first.record, first.gw, first.mwp) == (3, "1-0-0", "100.00", "100.00")
    assert [line.dropped for line in lines] == [False, False, False, True]
    for line, row in zip(lines, rows, strict=True):
        assert [o.round for o in line.opponents] == [o.round for o in row.opponents]


def test_final_lines_label_a_finished_top_4_from_the_event() -> None:
    event = top_cut_event()
    lines = final_lines(event, final_standings(event))
    assert [(line.rank, line.playoff) for line in lines[:5]] == [
        ("1", "Champion"),
        ("2", "Finalist"),
        ("3", "Top 4"),
        ("4", "Top 4"),
        ("5", ""),
    ]


def test_while_the_final_is_still_to_play_nobody_is_champion_yet() -> None:
    """The semifinal winners are finalists, not "Final table" (paper used to say so)."""
    done = top_cut_event()
    event = replace(done, rounds=done.rounds[:-1])  # the semifinals played, no final yet
    labels = [line.playoff for line in final_lines(event, final_standings(event))[:4]]
    assert sorted(labels) == ["Finalist", "Finalist", "Top 4", "Top 4"]


def test_the_standings_are_after_the_last_swiss_round_with_every_result_in() -> None:
    event = top_cut_event()  # two swiss rounds, then the playoff
    assert standings_round(event) == 2
    first = replace(event, rounds=event.rounds[:1])
    assert standings_round(first) == 1
    played = first.rounds[0]
    open_ = replace(played, matches=(replace(played.matches[0], wins=None), *played.matches[1:]))
    assert standings_round(replace(event, rounds=(open_,))) is None
