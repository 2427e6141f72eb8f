"""The code on a player card opens the sign-in page: the cards' PDF drawn by QtPdf (as the
print preview draws it; no outside program such as poppler's pdftoppm) and read back with
zxing-cpp."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from organizer.gui.printouts.pdf_pages import load_document, page_image
from organizer.printing.render import render
from tests.gui.qr_reading import decode_qr
from tests.printing.test_player_cards import URL, cards


def test_the_code_on_a_card_opens_the_sign_in_page(qapp: QApplication) -> None:
    owner = QObject()
    try:
        page = page_image(load_document(render("player-cards", cards(2)), owner), 0, 150)
    finally:
        owner.deleteLater()
    assert decode_qr(page) == [URL, URL]
