"""The view data the sheets print, built from core events by pure functions."""

from __future__ import annotations

import pytest

from organizer.core.decklist import DeckEntry, DeckList, Part
from organizer.core.names import sort_key
from organizer.core.pairing.standings import compute_standings, final_standings
from organizer.printing.deck_views import FORMS, blank_form, deck_sheet
from organizer.printing.pairings import range_labels
from organizer.printing.views import (
    final_standings_view,
    pairings_view,
    slips_view,
    standings_view,
)
from tests.printing.sample import (
    castle_wars_event,
    conquest_event,
    tied_event,
    top_cut_event,
    warcaste_event,
)


def test_pairings_by_table_show_points_before_the_round_and_the_bye_last() -> None:
    view = pairings_view(warcaste_event(), 2)
    assert [t.table for t in view.tables] == [1, 2, 3, 4, None]
    first = view.tables[0]
    assert [(s.name, s.points) for s in first.seats] == [
        ("Łukasz Wróblewski", 3),
        ("Marta Nowak", 3),  # the round-1 bye counts as a win
    ]
    assert [(s.name, s.points) for s in view.tables[2].seats] == [
        ("Björn Ekström", 1),
        ("Zoë Castellanos", 1),
    ]
    bye = view.tables[-1]
    assert bye.is_bye and bye.seats[0].name == "Nguyễn Thị Bích"


def test_pairings_by_name_list_every_player_alphabetically_with_table_and_opponent() -> None:
    view = pairings_view(warcaste_event(), 2)
    names = [line.player.name for line in view.names]
    assert len(names) == 9
    assert names == sorted(names, key=sort_key)
    assert names.index("Łukasz Wróblewski") > names.index("Chidi Okafor")
    assert names.index("Łukasz Wróblewski") < names.index("Marta Nowak")  # Ł sorts as L
    marta = next(line for line in view.names if line.player.name == "Marta Nowak")
    assert marta.table == 1 and [o.name for o in marta.opponents] == ["Łukasz Wróblewski"]
    bye = next(line for line in view.names if line.player.name == "Nguyễn Thị Bích")
    assert bye.table is None and bye.opponents == ()


def test_range_labels_lengthen_until_neighbouring_pages_differ() -> None:
    keys = [("aoife", "bjorn"), ("bo", "marta"), ("mateo", "zoe")]
    assert range_labels(keys) == ["A \u2013 Bj", "Bo \u2013 Mar", "Mat \u2013 Z"]


def test_standings_show_exact_ties_as_a_range() -> None:
    event = tied_event()
    view = standings_view(event, compute_standings(event))
    assert [(line.rank, line.name) for line in view.lines] == [
        ("1", "Anna Kowalczyk"),
        ("2\u20133", "Cem Y\u0131lmaz"),
        ("2\u20133", "Dóra Őri"),
        ("4", "Bo Lindqvist"),
    ]
    first = view.lines[0]
    assert (first.points, first.record, first.gw) == (3, "1-0-0", "100.00")
    assert view.heading.round == 1


def test_final_standings_put_the_playoff_first_and_name_how_far_each_got() -> None:
    event = top_cut_event()
    view = final_standings_view(event, final_standings(event))
    assert view.final
    assert [(line.rank, line.playoff) for line in view.lines[:5]] == [
        ("1", "Champion"),
        ("2", "Finalist"),
        ("3", "Top 4"),
        ("4", "Top 4"),
        ("5", ""),
    ]
    assert view.lines[0].name == "Nguyễn Thị Bích"


def test_slips_skip_byes_and_carry_the_sudden_death_grid_for_two_player_warcaste_only() -> None:
    warcaste = slips_view(warcaste_event(), 2)
    assert [s.table for s in warcaste.slips] == [1, 2, 3, 4]
    assert warcaste.sudden_death and warcaste.draws_allowed and warcaste.best_of == 1
    castle = slips_view(castle_wars_event(), 2)
    assert not castle.sudden_death and castle.best_of == 3
    conquest = slips_view(conquest_event(), 1)
    assert [len(s.seats) for s in conquest.slips] == [5, 4]
    assert not conquest.sudden_death  # formats.md: at time a Conquest game ends


@pytest.mark.parametrize("format_id", sorted(FORMS))
def test_every_format_has_a_blank_form(format_id: str) -> None:
    form = blank_form(format_id, event="Open")
    assert not form.filled and form.sections
    assert all(0 < s.lines <= 50 for s in form.sections)
    assert all(s.entries == () for s in form.sections)


def test_warcaste_form_asks_for_doctrine_deck_30_and_sideboard_10() -> None:
    form = blank_form("warcaste-skirmish-constructed")
    assert [(s.label, s.rule, s.target) for s in form.sections] == [
        ("Doctrine", "exactly 1 card", 1),
        ("Deck", "exactly 30 cards", 30),
        ("Sideboard", "up to 10 cards", None),
    ]


def test_filled_sheet_groups_entries_by_part_and_keeps_parts_the_form_lacks() -> None:
    event = castle_wars_event()
    deck = DeckList(
        (
            DeckEntry(1, "Iron Keep", part=Part.CASTLE),
            DeckEntry(3, "Archer", part=Part.DECK),
            DeckEntry(2, "Wall", part=Part.DECK),
            DeckEntry(1, "Catapult", part=Part.SIDEBOARD),
            DeckEntry(1, "Stray Doctrine", part=Part.DOCTRINE),
        )
    )
    sheet = deck_sheet(event, event.players[0].id, deck)
    assert sheet.filled and sheet.player_name == "Łukasz Wróblewski" and sheet.player_id == "p001"
    by_label = {s.label: s for s in sheet.sections}
    assert by_label["Castle"].entries == ((1, "Iron Keep"),)
    assert by_label["Deck"].total == 5 and by_label["Deck"].target == 50
    assert by_label["Side deck"].entries == ((1, "Catapult"),)
    assert by_label["Doctrine (not part of this format)"].entries == ((1, "Stray Doctrine"),)
