"""A round's view: tables by number with points before the round, results in words."""

from __future__ import annotations

from dataclasses import replace

from organizer.core.results import Score
from organizer.core.views.round_view import TableOutcome, new_round_view, round_view
from tests.printing.sample import castle_wars_event, conquest_event, warcaste_event


def test_tables_by_number_with_points_before_the_round_and_the_bye_last() -> None:
    event = warcaste_event()
    view = round_view(event, 2)
    assert [t.label for t in view.tables] == ["1", "2", "3", "4", "\u2013"]
    assert view.number == 2 and view.round == event.rounds[1] and view.event is event
    first = view.tables[0]
    assert [(s.name, s.points) for s in first.seats] == [
        ("Łukasz Wróblewski", 3),
        ("Marta Nowak", 3),  # the round-1 bye counts as a win
    ]
    assert first.result_text() == "\u2014" and first.reported_text() is None
    bye = view.tables[-1]
    assert bye.is_bye and bye.result_text() == "bye" and bye.reported_text() is None


def test_a_round_just_paired_shows_as_if_the_event_were_read_again() -> None:
    # what a pairing write returns: the event it read, with the round it stored
    event = warcaste_event()
    before = replace(event, rounds=event.rounds[:1])
    view = new_round_view(before, event.rounds[1])
    assert view == round_view(event, 2)
    assert view.event is not None and view.event.rounds == event.rounds
    assert [s.points for s in view.tables[0].seats] == [3, 3]  # round 1 counted before it


def test_a_result_reads_as_the_slip_and_a_drop_is_noted_on_the_seat() -> None:
    event = warcaste_event()
    ada = event.players[1]
    dropping = replace(
        event,
        players=tuple(replace(p, dropped_after_round=1) if p is ada else p for p in event.players),
    )
    view = round_view(dropping, 1)
    assert [t.result_text() for t in view.tables[:4]] == ["1-0", "0-1", "0-0-1", "1-0"]
    assert view.tables[0].seat_text(1) == f"{ada.name} (0) · drops"
    assert view.tables[0].versus() == f"{event.players[0].name} vs {ada.name}"


def test_sudden_death_applies_at_two_player_warcaste_tables_only() -> None:
    assert [t.sudden_death for t in round_view(warcaste_event(), 2).tables] == [True] * 4 + [False]
    assert not any(t.sudden_death for t in round_view(castle_wars_event(), 2).tables)
    assert not any(t.sudden_death for t in round_view(conquest_event(), 1).tables)


def test_a_multiplayer_table_names_its_winner_or_who_drew() -> None:
    event = conquest_event()
    first, second = event.rounds[0].matches
    won = replace(first, wins=(0, 1, 0, 0, 0), winner=first.players[1])
    drew = replace(second, wins=(0, 0, 0, 0), draws=1, drawn=second.players[:2])
    played = replace(event.rounds[0], matches=(won, drew))
    tables = round_view(replace(event, rounds=(played,)), 1).tables
    names = {p.id: p.name for p in event.players}
    assert tables[0].outcome == TableOutcome(1, ())
    assert tables[0].result_text() == f"{names[first.players[1]]} wins"
    assert [tables[0].seat_result(i) for i in range(5)] == ["loss", "win", "loss", "loss", "loss"]
    assert tables[1].result_text() == "draw: " + ", ".join(names[p] for p in second.players[:2])
    assert tables[1].result is None and tables[1].reported


def test_by_name_lists_every_seated_player_with_their_table_and_opponents() -> None:
    view = round_view(warcaste_event(), 2)
    lines = view.by_name()
    assert len(lines) == 9
    marta = next(line for line in lines if line.player.name == "Marta Nowak")
    assert (marta.table, marta.seat) == (1, 2)
    assert [o.name for o in marta.opponents] == ["Łukasz Wróblewski"]
    bye = next(line for line in lines if line.at.is_bye)
    assert bye.player.name == "Nguyễn Thị Bích" and bye.table is None and bye.opponents == ()


def test_a_two_player_score_keeps_player_a_first() -> None:
    event = castle_wars_event()
    rnd = event.rounds[1]
    scored = replace(rnd, matches=(replace(rnd.matches[0], wins=(1, 2), draws=0), *rnd.matches[1:]))
    table = round_view(replace(event, rounds=(event.rounds[0], scored)), 2).tables[0]
    assert table.result == Score(1, 2) and table.result_text() == "1-2"


def test_where_each_player_sits_names_the_table_the_opponents_and_a_result_in() -> None:
    event = warcaste_event()
    view = round_view(event, 2)
    where = view.where_seated()
    assert set(where) == {seat.id for table in view.tables for seat in table.seats}
    first = view.tables[0]
    a, b = first.seats
    assert where[a.id] == f"round 2, table {first.table} vs {b.name}"  # no result yet
    (alone,) = view.tables[-1].seats
    assert where[alone.id] == "round 2: a bye"
    played = round_view(event, 1)
    done = next(t for t in played.tables if t.reported and not t.is_bye)
    assert played.where_seated()[done.seats[1].id].endswith(
        f"table {done.table} vs {done.seats[0].name}, result entered"
    )
    conquest = round_view(conquest_event(), 1)
    table = conquest.tables[0]
    others = ", ".join(s.name for s in table.seats[1:])
    assert conquest.where_seated()[table.seats[0].id].startswith(
        f"round 1, table {table.table} vs {others}"
    )
