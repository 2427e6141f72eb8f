"""The entry point: kinds, wrong views, writing a PDF to a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from organizer.printing.page import PageSettings
from organizer.printing.render import KINDS, UnknownKindError, render, save
from organizer.printing.views import Heading, PodsView, pairings_view
from tests.printing.sample import warcaste_event


def test_kinds() -> None:
    assert set(KINDS) == {
        "pairings-by-table",
        "pairings-by-name",
        "standings",
        "slips",
        "pods",
        "seat-slips",
        "decklists",
        "penalties",
        "player-cards",
        "prizes",
    }


def test_unknown_kind() -> None:
    with pytest.raises(UnknownKindError, match="pairings-by-table"):
        render("bracket", PodsView(Heading("x"), ()))


def test_a_view_of_the_wrong_kind_is_refused() -> None:
    with pytest.raises(TypeError, match="SlipsView"):
        render("slips", pairings_view(warcaste_event(), 2))
    with pytest.raises(TypeError, match="DeckSheetView"):
        render("decklists", [1, 2])


def test_unknown_paper_size() -> None:
    with pytest.raises(ValueError, match="Letter"):
        render("pods", PodsView(Heading("x"), ()), settings=PageSettings("A3"))  # type: ignore[arg-type]


def test_output_is_the_same_every_time() -> None:
    view = pairings_view(warcaste_event(), 2)
    assert render("pairings-by-name", view) == render("pairings-by-name", view)


def test_save_writes_the_whole_file(tmp_path: Path) -> None:
    pdf = render("pairings-by-table", pairings_view(warcaste_event(), 2))
    target = save(pdf, tmp_path / "pairings.pdf")
    assert target.read_bytes() == pdf
    assert [p.name for p in tmp_path.iterdir()] == ["pairings.pdf"]
