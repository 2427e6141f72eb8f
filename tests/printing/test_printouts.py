"""Every printout read back: its text (names with Ł, Ő, ễ intact), fonts, page size and count."""

from __future__ import annotations

import pytest

from organizer.core.pairing.standings import final_standings
from organizer.printing.fonts import BOLD, MONO, SANS
from organizer.printing.page import PageSettings
from organizer.printing.penalty_report import PenaltyReportView
from organizer.printing.player_cards import PlayerCardsView
from organizer.printing.prize_sheet import PrizeSheetView
from organizer.printing.render import KINDS, render
from organizer.printing.views import (
    Heading,
    PodsView,
    final_standings_view,
    pairings_view,
    slips_view,
    standings_view,
)
from tests.printing.pdf_reading import (
    A4,
    LETTER,
    fonts,
    page_sizes,
    reader,
    text,
)
from tests.printing.sample import (
    LONG_NAME,
    NAMES,
    big_event,
    castle_wars_event,
    conquest_event,
    pods_view,
    sample_view,
    top_cut_event,
    warcaste_event,
)

SHORT_NAMES = [n for n in NAMES if n != LONG_NAME]


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_embeds_only_dejavu(kind: str) -> None:
    used = fonts(render(kind, sample_view(kind)))
    assert used and set(used) <= {SANS, BOLD, MONO}
    assert all(used.values()), f"not embedded: {used}"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("size", "expected"), [("A4", A4), ("Letter", LETTER)])
def test_paper_size(kind: str, size: str, expected: tuple[float, float]) -> None:
    pdf = render(kind, sample_view(kind), settings=PageSettings(size))  # type: ignore[arg-type]
    assert page_sizes(pdf) == {expected}


@pytest.mark.parametrize("large", [False, True])
def test_pairings_by_table_list_every_name_table_and_the_bye(large: bool) -> None:
    pdf = render(
        "pairings-by-table",
        sample_view("pairings-by-table"),
        settings=PageSettings(large_type=large),
    )
    found = text(pdf)
    for name in SHORT_NAMES:
        assert name in found
    assert {"1", "2", "3", "4"} <= {line.strip() for line in found.split("\n")}
    assert "bye" in found.split("\n")
    assert "Warcaste Spring Open \u2013 Kraków" in found and "Page 1 of 1" in found
    assert "Pairings by table \u2013 Round 2" in found and "2026-03-14" in found


def test_a_name_too_long_for_its_column_is_cut_with_an_ellipsis() -> None:
    pdf = render(
        "pairings-by-table",
        sample_view("pairings-by-table"),
        settings=PageSettings(large_type=True),
    )
    found = text(pdf)
    assert LONG_NAME not in found
    assert "Maximiliana Wolk" in found and "\u2026" in found


def test_pairings_by_name_head_each_page_with_its_name_range() -> None:
    found = text(render("pairings-by-name", sample_view("pairings-by-name")))
    for name in SHORT_NAMES:
        assert name in found
    assert "A \u2013 Z" in found
    assert "bye" in found.split("\n")


def test_pairings_by_name_of_a_big_event_span_pages_with_distinct_ranges() -> None:
    event = big_event(400)
    pdf = render("pairings-by-name", pairings_view(event, 2))
    pages = [p.extract_text() for p in reader(pdf).pages]
    assert len(pages) > 5
    assert all(f"Page {i} of {len(pages)}" in page for i, page in enumerate(pages, 1))
    labels = [page.split("\n")[2] for page in pages]
    assert len(set(labels)) == len(labels)
    found = "\n".join(pages)
    assert all(p.name in found for p in event.players)


def test_standings_sheet() -> None:
    found = text(render("standings", sample_view("standings")))
    for name in SHORT_NAMES:
        assert name in found
    for title in ("Rank", "Pts", "W-L-D", "OMW %", "GW %", "OGW %"):
        assert title in found


def test_final_standings_sheet_names_the_playoff() -> None:
    event = top_cut_event()
    found = text(render("standings", final_standings_view(event, final_standings(event))))
    assert "Final standings" in found
    assert "Champion" in found and "Finalist" in found and "Top 4" in found
    assert found.index("Nguyễn Thị Bích") < found.index("Łukasz Wróblewski")


def test_warcaste_slips_carry_the_sudden_death_grid() -> None:
    found = text(render("slips", sample_view("slips")))
    # a box per player per sudden-death turn: what each placed during it (issue 25, 1d)
    for turn in range(1, 7):
        assert f"Turn {turn}" in found and f"A{turn}" in found and f"B{turn}" in found
    assert "Turn 7" not in found and "A7" not in found
    assert "Total" in found and "A trap counts for its owner." in found
    assert "Sudden death" in found and "Last territory destroyed" in found
    assert "Active player when time was called" in found
    for table in range(1, 5):
        assert f"Table {table}" in found
    for name in SHORT_NAMES:
        if name != "Nguyễn Thị Bích":
            assert name in found
    assert "Nguyễn Thị Bích" not in found  # the bye gets no slip
    assert "ID p001" in found and "Signature" in found and "Drop" in found
    assert "Drawn games" in found


def test_slips_are_four_to_a_page() -> None:
    pdf = render("slips", slips_view(big_event(41), 2))
    assert len(reader(pdf).pages) == 5  # 20 tables, the bye has none


def test_castle_wars_slips_have_no_sudden_death() -> None:
    found = text(render("slips", slips_view(castle_wars_event(), 2)))
    assert "Sudden death" not in found and "A1" not in found
    assert "Games won" in found and "best of 3" in found


def test_wars_slips_offer_no_drawn_games() -> None:
    event = warcaste_event()
    wars = type(event)(
        name="WARS", players=event.players, rounds=event.rounds, format_id="wars-constructed"
    )
    found = text(render("slips", slips_view(wars, 2)))
    assert "Drawn games" not in found and "Games won" in found


def test_conquest_slips_list_every_seat_with_winner_and_draw_boxes() -> None:
    pdf = render("slips", slips_view(conquest_event(), 1))
    found = text(pdf)
    for name in NAMES[:7]:
        assert name in found
    assert "Winner" in found and "No winner (drawn game)" in found
    assert "Conquest games end" in found and "Sudden death" not in found  # formats.md
    assert len(reader(pdf).pages) == 1


def test_pod_sheets_one_page_per_pod() -> None:
    pdf = render("pods", pods_view())
    pages = [p.extract_text() for p in reader(pdf).pages]
    assert len(pages) == 2
    assert "Pod 1" in pages[0] and "Pod 2" in pages[1]
    for name in SHORT_NAMES[:7]:
        assert name in pages[0]
    assert "Seat 8" in pages[0] and "Pack 1: pass right" in pages[0]
    assert "Pack 2: pass left" in pages[0]


def test_seat_slips_name_neighbours_and_where_each_pack_goes() -> None:
    pdf = render("seat-slips", pods_view())
    assert len(reader(pdf).pages) == 2  # 13 players, 10 to a page
    found = text(pdf)
    assert "Pod 1 \u00b7 Seat 1" in found and "Pod 2 \u00b7 Seat 5" in found
    assert "pass right \u2192 seat 8" in found and "pass left \u2192 seat 2" in found


def test_deck_sheets_blank_and_filled() -> None:
    pdf = render("decklists", sample_view("decklists"))
    pages = [p.extract_text() for p in reader(pdf).pages]
    assert len(pages) == 2
    filled, blank = pages
    assert "Łukasz Wróblewski" in filled and "p001" in filled
    assert "Doctrine of the Molten Vanguard" in filled and "Ember Striker Grunt (Bold)" in filled
    assert "30" in filled and "exactly 30 cards" in filled
    assert "Castle" in blank and "Side deck" in blank and "exactly 50 cards" in blank


@pytest.mark.parametrize("kind", KINDS)
def test_an_empty_view_still_prints_a_page(kind: str) -> None:
    empty: object
    if kind.startswith("pairings") or kind == "slips":
        event = warcaste_event()
        bare = type(event)(name="Empty", players=(), rounds=(type(event.rounds[0])(1, ()),))
        empty = pairings_view(bare, 1) if kind != "slips" else slips_view(bare, 1)
    elif kind == "standings":
        empty = standings_view(warcaste_event(), ())
    elif kind in ("pods", "seat-slips"):
        empty = PodsView(Heading("Empty"), ())
    elif kind == "penalties":
        empty = PenaltyReportView(Heading("Empty"), ())
    elif kind == "player-cards":
        empty = PlayerCardsView(Heading("Empty"), "http://127.0.0.1:8080/me", ())
    elif kind == "prizes":
        empty = PrizeSheetView(Heading("Empty"), (), "By record.")
    else:
        empty = []
    assert len(reader(render(kind, empty)).pages) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_letters_helvetica_lacks_come_back_intact(kind: str) -> None:
    found = text(render(kind, sample_view(kind)))
    assert "Łukasz Wróblewski" in found
    if kind != "decklists":
        assert "Ődön Szőke" in found
    if kind not in ("slips", "decklists"):  # a bye in round 2: no slip
        assert "Nguyễn Thị Bích" in found
