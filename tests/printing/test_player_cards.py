"""Player cards: ten a page on A4 and Letter, each with name, id, PIN and the page's code."""

from __future__ import annotations

import pytest

from organizer.printing.page import PageSettings
from organizer.printing.player_cards import PlayerCard, PlayerCardsView
from organizer.printing.render import render
from organizer.printing.views import Heading
from tests.printing.pdf_reading import page_sizes, reader, text

URL = "http://192.168.1.20:8080/me"


def cards(count: int) -> PlayerCardsView:
    return PlayerCardsView(
        Heading("Thursday Skirmish"),
        URL,
        tuple(
            PlayerCard(f"Player {i}", f"p{i}", f"{i * 7919 % 10**6:06d}")
            for i in range(1, count + 1)
        ),
    )


@pytest.mark.parametrize(("paper", "size"), [("A4", (595.28, 841.89)), ("Letter", (612.0, 792.0))])
def test_ten_cards_a_page_with_every_pin(paper: str, size: tuple[float, float]) -> None:
    view = cards(23)
    pdf = render("player-cards", view, settings=PageSettings(size=paper))  # type: ignore[arg-type]
    assert len(reader(pdf).pages) == 3
    assert page_sizes(pdf) == {size}
    words = text(pdf)
    for card in view.cards:
        assert card.pin in words and card.name in words
    assert words.count(URL) == 23
