"""Printouts of stored events, read back from the PDF."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from organizer.services.event import events, settings
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.printouts import printouts
from organizer.services.rounds import pods
from organizer.services.rounds.pairing import pair_next
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players
from tests.services.names_event import BY_NAME, names_event


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def page_size(pdf: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


def test_every_round_printout_names_every_player(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-skirmish-draft", 10)
    with pytest.raises(RefusedError, match="no round"):
        printouts.printout(db, event_id=event_id, kind="pairings")
    pods.seat(db, event_id=event_id, seed=3)
    pair_next(db, event_id=event_id, seed=1)
    names = [f"Player {i}" for i in range(1, 11)]
    for kind in ("pairings", "pairings-by-name", "standings", "pods", "seat-slips"):
        text = text_of(printouts.printout(db, event_id=event_id, kind=kind))
        assert all(name in text for name in names), kind
    slips = text_of(printouts.printout(db, event_id=event_id, kind="slips"))
    assert "Sudden death" in slips and "Table 5" in slips
    blank = text_of(printouts.printout(db, event_id=event_id, kind="decklists", blank=True))
    assert "Doctrine" in blank and "drafted pool" in blank


def test_paper_size_follows_the_event_setting(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    pair_next(db, event_id=event_id, seed=1)
    assert page_size(printouts.printout(db, event_id=event_id, kind="pairings")) == (595, 842)
    settings.set_setting(db, event_id=event_id, key="paper", value="letter")
    assert page_size(printouts.printout(db, event_id=event_id, kind="pairings")) == (612, 792)
    assert page_size(printouts.printout(db, event_id=event_id, kind="pairings", paper="A4")) == (
        595,
        842,
    )


def test_the_print_setup_gives_the_paper_and_the_file_name_to_offer(db: Database) -> None:
    """What a client needs before printing, read in one call (issue 35 item 7)."""
    event_id = events.create_event(
        db, name="Été à Zürich: finale #2", format_id="castle-wars"
    ).value.id
    setup = printouts.print_setup(db, event_id=event_id)
    assert setup.paper == "A4"
    assert setup.file_name("Pairings by table, round 3") == (
        "été-à-zürich-finale-2-pairings-by-table-round-3.pdf"
    )
    settings.set_setting(db, event_id=event_id, key="paper", value="letter")
    assert printouts.print_setup(db, event_id=event_id).paper == "Letter"


def test_a_paper_asked_for_is_read_as_the_paper_setting_reads_it(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    pair_next(db, event_id=event_id, seed=1)
    pdf = printouts.printout(db, event_id=event_id, kind="pairings", paper=" letter ")
    assert page_size(pdf) == (612, 792)
    with pytest.raises(InputError, match="paper: 'B5' is not A4 or Letter"):
        printouts.printout(db, event_id=event_id, kind="pairings", paper="B5")


def test_pairings_by_name_read_back_in_collation_order(db: Database) -> None:
    event_id = names_event(db)
    pair_next(db, event_id=event_id, seed=2)
    pdf = printouts.printout(db, event_id=event_id, kind="pairings-by-name")
    lines = name_column(pdf)
    assert tuple(lines[lines.index("Name") + 1 :]) == BY_NAME  # Łukasz after Lukas, Zoë last


def name_column(pdf: bytes) -> list[str]:
    """The texts drawn at the left margin of the first page, top to bottom."""
    drawn: list[tuple[float, float, str]] = []

    def seen(text: str, _cm: Any, tm: Any, _font: Any, _size: Any) -> None:
        if text.strip():
            drawn.append((tm[4], tm[5], text.strip()))

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=seen)
    left = min(x for x, _, _ in drawn if x > 36.0)
    return [text for x, _, text in sorted(drawn, key=lambda d: -d[1]) if x == left]
