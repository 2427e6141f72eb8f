"""The code on a player card opens the sign-in page.

The cards' PDF page is rendered by QtPdf (`gui.printouts.pdf_pages.page_image`, as the
print preview does; no outside program such as poppler's pdftoppm) and every code on it
is read back with zxing-cpp. It lives under tests/gui because only tests/gui import PySide6.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from organizer.gui.printouts.pdf_pages import load_document, page_image
from organizer.printing.player_cards import PlayerCard, PlayerCardsView
from organizer.printing.render import render
from organizer.printing.views import Heading
from tests.gui.qr_reading import decode_qr

URL = "http://192.168.1.20:8080/me"


def test_the_code_on_a_card_opens_the_sign_in_page(qapp: QApplication) -> None:
    view = PlayerCardsView(
        Heading("Thursday Skirmish"),
        URL,
        (PlayerCard("Player 1", "p1", "007919"), PlayerCard("Player 2", "p2", "015838")),
    )
    owner = QObject()
    try:
        image = page_image(load_document(render("player-cards", view), owner), 0, 150)
    finally:
        owner.deleteLater()
    assert decode_qr(image) == [URL, URL]
